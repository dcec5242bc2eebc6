"""The club table of 1913 (cardroom.club.table1913): laws 17-27 of the American Laws of Bridge, 1913
(document 000 «ФОРМИРОВАНИЕ СТОЛОВ» … «ПРАВО ВХОДА»), the corrections of laws 12-13 and the ruling of
laws 37-38, each law a test quoting its words."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardroom.club.table1913 import (
    FULL_TABLE,
    ClubTable,
    fault_of,
    going_out,
    honour_correction_open,
    keeps_place,
    may_enter,
    must_cut_out,
    new_table_order,
    precedence,
    rule_new_deal,
    seats_from_cut,
    substitute_allowed,
    trick_correction_open,
)
from cardroom.core.cards import Card, full_pack
from cardroom.core.errors import CardroomError

C = Card.parse
HUMANS = ["Anna", "Boris", "Vera", "Gleb", "Dina", "Egor"]


def arrive(t: ClubTable, *names: str) -> None:
    t.apply({"kind": "arrive", "names": list(names), "kinds": ["human"] * len(names)})


def cut(t: ClubTable, purpose: str, cards: dict[str, str]) -> None:
    t.apply({"kind": "cut", "purpose": purpose, "cards": cards})


def end(t: ClubTable, record: Any = ((30, 40), (10, 0))) -> None:
    t.apply({"kind": "rubber-end", "record": [list(s) for s in record]})
    assert t.playing is not None
    for n in t.playing:
        if t.is_member(n) and not t.book[-1].agreed:
            t.apply({"kind": "agree", "by": n})


def formed(*more: str) -> ClubTable:
    """Four arrived one after another (Anna first), partners cut: Anna 2, Boris 3, Vera 4, Gleb 5."""
    t = ClubTable()
    for n in HUMANS[:4]:
        arrive(t, n)
    for n in more:
        arrive(t, n)
    cut(t, "partners", {"Anna": "2S", "Boris": "3S", "Vera": "4S", "Gleb": "5S"})
    return t


# ------------------------------------------------------------------ law 17
def test_law_17_first_in_the_room_play_and_equals_cut_lower_first() -> None:
    """«Первыми пришедшие в комнату имеют преимущественное право на игру. Кандидаты равного положения
    определяют свою очередность снятием карт; те, кто снял меньшую карту, играют первыми.»"""
    t = ClubTable()
    arrive(t, "Anna")
    arrive(t, "Boris")
    arrive(t, "Vera", "Gleb", "Dina")  # three together: two of them play, by the cut
    assert t.next_cut() == ("precedence", ["Vera", "Gleb", "Dina"])
    cut(t, "precedence", {"Vera": "KS", "Gleb": "AH", "Dina": "7C"})  # the ace is lowest (law 14)
    purpose, four = t.next_cut() or ("", [])
    assert purpose == "partners" and four == ["Anna", "Boris", "Gleb", "Dina"]
    assert precedence([["X"], ["Y", "Z"]], {"Y": C("9H"), "Z": C("9D")}) == ["X", "Y", "Z"]  # hearts < diamonds


def test_law_17_no_cut_when_arrivals_decide() -> None:
    t = ClubTable()
    for n in HUMANS[:5]:
        arrive(t, n)
    assert t.next_cut() == ("partners", HUMANS[:4])
    with pytest.raises(CardroomError) as e:
        cut(t, "precedence", {"Dina": "2C"})
    assert e.value.key == "club.no_cut_now"


# ------------------------------------------------------------------ law 18
def test_law_18_six_make_a_complete_table_no_seventh() -> None:
    """«Шесть игроков составляют полный стол.»"""
    t = formed("Dina", "Egor")
    assert len(t.members) == FULL_TABLE
    before = t.to_dict()
    with pytest.raises(CardroomError) as e:
        arrive(t, "Zoya")
    assert e.value.key == "club.full"
    assert t.to_dict() == before  # refused: nothing changed


# ------------------------------------------------------------------ law 19
def test_law_19_two_lowest_against_two_highest_lowest_deals() -> None:
    """«два игрока с меньшими картами играют против двух с большими. Игрок, снявший наименьшую карту,
    является сдатчиком»."""
    seats = seats_from_cut(["Anna", "Boris", "Vera", "Gleb"],
                           {"Anna": C("KS"), "Boris": C("AD"), "Vera": C("3H"), "Gleb": C("JC")})
    assert seats == ("Boris", "Gleb", "Vera", "Anna")  # N deals (ace lowest), S partners him (3), E and W the highest
    t = formed()
    assert t.playing == ("Anna", "Vera", "Boris", "Gleb") and t.phase == "rubber"


# ------------------------------------------------------------------ law 20
def test_law_20_vacancies_filled_in_order_of_announcement() -> None:
    """«Право сменять выходящих из игры игроков приобретается путем заявления о таком желании, и такие
    заявления в порядке их подачи дают кандидатам право заполнять вакансии по мере их появления.»"""
    t = formed()
    arrive(t, "Egor")
    arrive(t, "Dina")
    assert t.waiting() == ["Egor", "Dina"]
    end(t)
    t.apply({"kind": "leave", "name": "Gleb"})  # a vacancy: the first candidate fills it, nobody cuts out
    assert t.playing is not None and "Egor" in t.playing and t.waiting() == ["Dina"]


# ------------------------------------------------------------------ law 21
def test_law_21_most_consecutive_rubbers_go_out() -> None:
    """«игрок или игроки, сыгравшие наибольшее количество последовательных раберов, выходят»"""
    assert going_out({"A": 3, "B": 1, "C": 2, "D": 1}, {}, 2) == ["A", "C"]
    assert must_cut_out({"A": 3, "B": 1, "C": 2, "D": 1}, 2) == []


def test_law_21_equal_counts_cut_highest_go_out() -> None:
    """«если все сыграли одинаковое количество, они снимают карты …; выходят те, кто снял наибольшие карты»"""
    t = formed("Dina")
    end(t)
    purpose, who = t.next_cut() or ("", [])
    assert purpose == "out" and sorted(who) == ["Anna", "Boris", "Gleb", "Vera"]
    cut(t, "out", {"Anna": "KS", "Boris": "KH", "Vera": "2C", "Gleb": "AS"})  # the king of spades is highest
    assert t.went_out == ["Anna"] and t.came_in == ["Dina"]
    assert t.waiting() == ["Anna"] and t.consecutive["Anna"] == 0
    purpose, four = t.next_cut() or ("", [])
    assert purpose == "partners" and sorted(four) == ["Boris", "Dina", "Gleb", "Vera"]


def test_law_21_second_rubber_newcomer_stays_veterans_out() -> None:
    t = formed("Dina", "Egor")
    end(t)
    cut(t, "out", {"Anna": "KS", "Boris": "KH", "Vera": "2C", "Gleb": "AS"})
    assert sorted(t.went_out) == ["Anna", "Boris"]
    four = (t.next_cut() or ("", []))[1]
    cut(t, "partners", dict(zip(four, ["2S", "3S", "4S", "5S"], strict=True)))
    end(t)  # Vera and Gleb have played two in a row, Dina and Egor one: no cut needed
    assert t.next_cut() == ("out", [])
    cut(t, "out", {})
    assert sorted(t.went_out) == ["Gleb", "Vera"] and sorted(t.came_in) == ["Anna", "Boris"]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 4), min_size=4, max_size=4), st.integers(1, 2), st.randoms())
def test_law_21_property(counts: list[int], places: int, rnd: Any) -> None:
    names = ["A", "B", "C", "D"]
    cons = dict(zip(names, counts, strict=True))
    pack = full_pack()
    rnd.shuffle(pack)
    cuts = {n: pack[i] for i, n in enumerate(must_cut_out(cons, places))}
    out = going_out(cons, cuts, places)
    assert len(out) == places
    stay = [n for n in names if n not in out]
    assert min(cons[n] for n in out) >= max(cons[n] for n in stay)


# ------------------------------------------------------------------ law 22
def test_law_22_no_entry_unless_announced_before_any_cut() -> None:
    """«кандидат не имеет права присоединиться к столу, если он не заявил о своем намерении до того,
    как кто-либо из игроков снял карты»"""
    assert may_enter(True) and not may_enter(False)
    t = formed("Dina")
    end(t)
    cut(t, "out", {"Anna": "KS", "Boris": "KH", "Vera": "2C", "Gleb": "AS"})
    arrive(t, "Egor")  # after the cut for cutting out: waits for the next rubber's end
    assert t.eligible() == []
    assert t.came_in == ["Dina"] and "Egor" in t.waiting()


def test_law_22_announced_after_the_end_but_before_the_cut_may_enter() -> None:
    t = formed()
    end(t)
    arrive(t, "Dina")
    assert t.eligible() == ["Dina"] and t.next_cut() is not None and t.next_cut()[0] == "out"  # type: ignore[index]
    cut(t, "out", {"Anna": "KS", "Boris": "KH", "Vera": "2C", "Gleb": "AS"})  # she enters by this cut
    assert t.came_in == ["Dina"] and t.went_out == ["Anna"]


# ------------------------------------------------------------------ laws 23-25
def test_law_23_new_table_prior_right_of_those_who_have_not_played() -> None:
    """«кандидаты, не игравшие за существующим столом, имеют преимущественное право входа. Остальные
    определяют свое право на допуск путем снятия карт.»"""
    assert new_table_order(["A", "B", "C"], {"B": True}) == (["A", "C"], ["B"])


def test_law_24_helper_of_a_new_table_goes_out_last() -> None:
    """«он или они должны выходить последними»"""
    t = formed("Dina")
    t.apply({"kind": "helped-form", "names": ["Anna"]})
    end(t)
    assert "Anna" not in (t.next_cut() or ("", []))[1]
    cut(t, "out", {"Boris": "KH", "Vera": "2C", "Gleb": "AS"})
    assert t.went_out == ["Boris"]
    assert going_out({"A": 5, "B": 1}, {}, 1, last=["A"]) == ["B"]


def test_law_25_joining_another_table_forfeits_unless_needed_and_return_announced() -> None:
    """«теряет свои права за первоначальным столом, если только новый стол не может быть сформирован
    без него, и в этом случае он может сохранить свое положение … объявив о своем намерении вернуться»"""
    assert not keeps_place(new_table_needs_him=False, announced_return=True)
    assert not keeps_place(new_table_needs_him=True, announced_return=False)
    assert keeps_place(new_table_needs_him=True, announced_return=True)


# ------------------------------------------------------------------ law 26
def test_law_26_substitute_with_consent_lapses_at_end_of_rubber() -> None:
    """«он может с согласия трех остальных назначить заместителя для игры во время своего отсутствия;
    однако такое назначение теряет силу по окончании рабера и никоим образом не затрагивает права
    заместителя»"""
    assert substitute_allowed([True, True, True]) and not substitute_allowed([True, False, True])
    t = formed("Dina")
    with pytest.raises(CardroomError) as e:
        t.apply({"kind": "substitute", "absent": "Anna", "substitute": "Dina", "consents": ["Vera", "Boris"]})
    assert e.value.key == "club.no_consent"
    t.apply({"kind": "consent", "by": "Gleb", "absent": "Anna"})
    t.apply({"kind": "substitute", "absent": "Anna", "substitute": "Dina", "consents": ["Vera", "Boris"]})
    assert t.at_table() == ("Dina", "Vera", "Boris", "Gleb") and t.playing == ("Anna", "Vera", "Boris", "Gleb")
    assert t.waiting() == ["Dina"]  # his place as a candidate is kept
    end(t)
    assert t.substitutes == {} and t.consecutive["Dina"] == 0 and t.consecutive["Anna"] == 1
    assert t.eligible() == ["Dina"]


# ------------------------------------------------------------------ law 27
def test_law_27_breaking_up_gives_the_others_prior_right_elsewhere() -> None:
    """«Если игрок распускает стол, остальные имеют преимущественное право входа в другом месте.»"""
    t = formed("Dina")
    t.apply({"kind": "leave", "name": "Boris"})  # during the rubber, without a substitute
    assert t.phase == "broken" and t.broken_by == "Boris"
    assert t.prior_right() == ["Anna", "Vera", "Gleb", "Dina"]
    other = formed()
    arrive(other, "Egor")
    other.apply({"kind": "arrive", "names": ["Vera2"], "kinds": ["human"], "prior": True})
    assert other.waiting() == ["Vera2", "Egor"]  # the prior right goes before the others' announcements
    with pytest.raises(CardroomError):
        arrive(t, "Zoya")


# ------------------------------------------------------------------ laws 12-13
def test_laws_12_13_windows() -> None:
    """12: «в любое время до того, как счет рабера будет подведен и согласован»; 13: «до того, как в
    следующей игре будет сделан заказ, или, если это произошло в финальной игре рабера, до того, как
    счет будет подведен и согласован»."""
    assert honour_correction_open(agreed=False) and not honour_correction_open(agreed=True)
    assert trick_correction_open(next_game_declared=False, final_game=False, agreed=False)
    assert not trick_correction_open(next_game_declared=True, final_game=False, agreed=False)
    assert trick_correction_open(next_game_declared=True, final_game=True, agreed=False)
    assert not trick_correction_open(next_game_declared=False, final_game=True, agreed=True)


def test_laws_12_13_a_wrong_score_corrected_in_time_proved_only() -> None:
    t = formed()
    t.apply({"kind": "rubber-end", "record": [[30, 40], [10, 0]]})
    t.apply({"kind": "enter", "by": "Anna", "rubber": 1, "side": "NS", "part": "honour", "points": 4})  # a slip
    with pytest.raises(CardroomError) as e:
        t.apply({"kind": "correct", "rubber": 1, "side": "NS", "part": "honour", "points": 50})
    assert e.value.key == "club.ruling.not_proved" and e.value.params["law"] == "12"
    t.apply({"kind": "correct", "rubber": 1, "side": "NS", "part": "honour", "points": 40})
    assert t.book[0].entered[0][1] == 40 and t.rulings[-1]["law"] == "12" and t.rulings[-1]["was"] == 4
    t.apply({"kind": "enter", "by": "Anna", "rubber": 1, "side": "EW", "part": "trick", "points": 1})
    for n in ("Anna", "Vera", "Boris", "Gleb"):
        t.apply({"kind": "agree", "by": n})
    with pytest.raises(CardroomError) as e:
        t.apply({"kind": "correct", "rubber": 1, "side": "EW", "part": "trick", "points": 10})
    assert e.value.key == "club.ruling.too_late" and e.value.params["law"] == "13"
    assert t.book[0].entered[1][0] == 1  # too late: it stands


# ------------------------------------------------------------------ laws 37-38
@pytest.mark.parametrize("letter", list("abcde"))
def test_law_37_a_to_e_new_deal_compulsory(letter: str) -> None:
    """«Пересдача обязательна: (a) … (e)» whatever the claim's timing."""
    r = rule_new_deal(fault_of(letter, attention_in_time=False))
    assert r.key == "club.ruling.new_deal" and r.params["cases"] == letter


def test_law_37_f_in_time_new_deal_else_law_38_stands() -> None:
    """37(f): «любой из противников обращает на это внимание до окончания раздачи и до того, как
    посмотрит на любые свои карты»; 38: otherwise «раздача остается в силе»."""
    assert rule_new_deal(fault_of("f", attention_in_time=True)).key == "club.ruling.new_deal"
    assert rule_new_deal(fault_of("f", attention_in_time=False)).key == "club.ruling.deal_stands"
    t = formed()
    t.apply({"kind": "claim-deal", "by": "Vera", "fault": "f", "in_time": False})
    assert t.rulings[-1]["key"] == "club.ruling.deal_stands" and t.rulings[-1]["params"]["law"] == "38"
    with pytest.raises(CardroomError) as e:
        t.apply({"kind": "claim-deal", "by": "Vera", "fault": "g"})
    assert e.value.key == "club.bad_fault"


# ------------------------------------------------------------------ bad input
def test_bad_events_refused_state_unchanged() -> None:
    t = formed("Dina")
    before = t.to_dict()
    for event in ({"kind": "nope"}, {"kind": "arrive", "names": ["Anna"], "kinds": ["human"]},
                  {"kind": "cut", "purpose": "out", "cards": {}}, {"kind": "agree", "by": "Anna"},
                  {"kind": "leave", "name": "Zoya"}, {"kind": "rubber-end", "record": [[1]]},
                  {"kind": "arrive", "names": ["X"], "kinds": ["robot"]}):
        with pytest.raises(CardroomError):
            t.apply(event)
        assert t.to_dict() == before


# ------------------------------------------------------------------ properties
@settings(max_examples=80, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["arrive", "leave", "end", "cut", "cut", "cut"]), st.integers(0, 9)),
                max_size=60), st.randoms())
def test_any_sequence_keeps_the_table_whole(ops: list[tuple[str, int]], rnd: Any) -> None:
    """Whatever arrives, leaves, ends and cuts: at most six members; during a rubber the four are distinct
    members (law 18) and the waiting are the other members, in the order of law 20, none twice;
    a refused event changes nothing."""
    t = ClubTable()
    names = [f"P{i}" for i in range(10)]
    for op, k in ops:
        before = t.to_dict()
        try:
            if op == "arrive":
                arrive(t, names[k])
            elif op == "leave":
                t.apply({"kind": "leave", "name": names[k]})
            elif op == "end":
                end(t)
            else:
                want = t.next_cut()
                if want is None:
                    continue
                pack = full_pack()
                rnd.shuffle(pack)
                cut(t, want[0], {n: str(pack[i]) for i, n in enumerate(want[1])})
        except CardroomError:
            assert t.to_dict() == before
            continue
        members = t.names()
        assert len(members) <= FULL_TABLE and len(set(members)) == len(members)
        assert len(set(t.queue)) == len(t.queue) and set(t.queue) <= set(members)
        if t.phase == "rubber":
            assert t.playing is not None and len(set(t.playing)) == 4 and set(t.playing) <= set(members)
            assert set(t.queue) == set(members) - set(t.playing)
        if t.phase == "between" and t.came_in:
            four = t._next_four()
            assert len(set(four)) == 4 and set(four) <= set(members)


def test_seeded_sequences_keep_the_table_whole() -> None:
    """The same invariants over 400 long seeded sequences (a cut always by those ``next_cut`` names);
    they found a candidate announced after a rubber's end losing his entry to the cut itself."""
    import random

    for seed in range(400):
        rnd = random.Random(seed)
        ops = [(rnd.choice(["arrive", "leave", "end", "cut", "cut", "cut"]), rnd.randrange(10)) for _ in range(80)]
        test_any_sequence_keeps_the_table_whole.hypothesis.inner_test(ops, rnd)  # type: ignore[attr-defined]
