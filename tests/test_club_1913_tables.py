"""Several club tables of 1913 (cardroom.club.room1913) and the club table's rulings: law 23 (the prior
right at a new table of those who have not played at an existing one; the others cut), law 24 (the
helper of a new table goes out last there), law 25 (joining another table forfeits one's place unless
the new table needs him and he announces his return; he comes back as soon as his place there can be
filled), law 27 (breaking up a table), laws 36-38 (a new deal by the same dealer; a deal that stands
and the next dealer on the left), each quoting the words of document 000."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardroom.club.room1913 import Club1913, needs
from cardroom.club.table1913 import ClubTable, fault_of, rule_new_deal
from cardroom.core.cards import full_pack
from cardroom.core.errors import CardroomError


def arrive(t: ClubTable, *names: str) -> None:
    t.apply({"kind": "arrive", "names": list(names), "kinds": ["human"] * len(names)})


def cut(t: ClubTable, purpose: str, cards: dict[str, str]) -> None:
    t.apply({"kind": "cut", "purpose": purpose, "cards": cards})


def end(t: ClubTable) -> None:
    t.apply({"kind": "rubber-end", "record": [[30, 40], [10, 0]]})
    assert t.playing is not None
    for n in t.playing:
        if t.is_member(n) and not t.book[-1].agreed:
            t.apply({"kind": "agree", "by": n})


def room() -> Club1913:
    """Table A: Anna, Boris, Vera, Gleb play (Anna 2, Boris 3, Vera 4, Gleb 5: Anna deals at North),
    Dina and Egor wait; table B is forming with Zoya, Yuri and Xenia."""
    a, b = ClubTable(), ClubTable()
    for n in ("Anna", "Boris", "Vera", "Gleb", "Dina", "Egor"):
        arrive(a, n)
    cut(a, "partners", {"Anna": "2S", "Boris": "3S", "Vera": "4S", "Gleb": "5S"})
    for n in ("Zoya", "Yuri", "Xenia"):
        arrive(b, n)
    return Club1913({"A": a, "B": b})


# ------------------------------------------------------------------ law 25
def test_law_25_needed_and_return_announced_keeps_his_position() -> None:
    """«… если только новый стол не может быть сформирован без него, и в этом случае он может сохранить
    свое положение за первоначальным столом, объявив о своем намерении вернуться, как только его место
    за новым столом будет занято»."""
    r = room()
    assert needs(r.tables["B"], "Dina")
    r.apply(r.enter("Dina", "A", "B", announce_return=True))
    a, b = r.tables["A"], r.tables["B"]
    assert a.is_member("Dina") and a.member("Dina").away == "B" and a.waiting() == ["Dina", "Egor"]
    assert b.member("Dina").home == "A" and b.next_cut() == ("partners", ["Zoya", "Yuri", "Xenia", "Dina"])
    # while away he keeps his place but is passed over: at A's rubber end Egor alone may enter
    end(a)
    assert a.eligible() == ["Egor"]
    assert r.releases() == []  # B has not even started: nobody can take his place
    cut(b, "partners", {"Zoya": "2H", "Yuri": "3H", "Xenia": "4H", "Dina": "5H"})
    arrive(b, "Wanda")  # a candidate for B: at B's rubber end she takes Dina's place
    assert r.releases() == []  # not during B's rubber
    end(b)
    assert r.releases() == [("B", {"kind": "leave", "name": "Dina"}), ("A", {"kind": "back", "name": "Dina"})]
    r.apply(r.releases())
    assert not b.is_member("Dina") and "Wanda" in b._next_four()
    assert a.member("Dina").away is None and a.waiting()[0] == "Dina"  # his position kept at A


def test_law_25_not_needed_or_not_announced_forfeits_his_place() -> None:
    """«теряет свои права за первоначальным столом»: B has four already (Egor not needed), or Dina is
    needed but does not announce her return (law 24: she then goes out last at B)."""
    r = room()
    r.apply(r.enter("Dina", "A", "B", announce_return=False))
    assert not r.tables["A"].is_member("Dina") and r.tables["B"].member("Dina").lasting  # law 24
    assert r.tables["B"].member("Dina").home is None
    r.apply(r.enter("Egor", "A", "B", announce_return=True))  # B has four without him: not needed
    assert not needs(r.tables["B"], "Zoya")
    assert not r.tables["A"].is_member("Egor") and r.tables["B"].member("Egor").home is None
    assert r.tables["A"].waiting() == []


def test_law_25_a_seated_player_cannot_go_and_refusals_change_nothing() -> None:
    r = room()
    before = {k: t.to_dict() for k, t in r.tables.items()}
    for name, src, dst, key in (("Anna", "A", "B", "club.seated"), ("Dina", "A", "A", "club.same_table"),
                                ("Dina", "A", "C", "club.bad_table"), ("Nobody", "A", "B", "club.not_member")):
        with pytest.raises(CardroomError) as e:
            r.apply(r.enter(name, src, dst, announce_return=True))
        assert e.value.key == key
    r.apply(r.enter("Dina", "A", "B", announce_return=True))
    with pytest.raises(CardroomError) as e:
        r.enter("Dina", "A", "B", announce_return=True)
    assert e.value.key == "club.away"
    # all or none: a move whose second event is refused leaves the first table as it was
    r2 = room()
    arrive(r2.tables["B"], "Dina")
    with pytest.raises(CardroomError) as e:
        r2.apply(r2.enter("Dina", "A", "B", announce_return=False))
    assert e.value.key == "club.same_name" and r2.tables["A"].to_dict() == before["A"]


# ------------------------------------------------------------------ law 23
def test_law_23_those_who_have_not_played_enter_a_new_table_first_the_others_cut() -> None:
    """«При формировании новых столов кандидаты, не игравшие за существующим столом, имеют
    преимущественное право входа. Остальные определяют свое право на допуск путем снятия карт.»"""
    r = room()
    a = r.tables["A"]
    end(a)  # Anna, Boris, Vera and Gleb have played a rubber at A
    cut(a, "out", {"Anna": "KS", "Boris": "QS", "Vera": "2D", "Gleb": "3D"})  # Anna and Boris go out
    assert a.waiting() == ["Anna", "Boris"]
    c = ClubTable()
    r.tables["C"] = c
    r.apply(r.enter("Anna", "A", "C", announce_return=False))
    r.apply(r.enter("Boris", "A", "C", announce_return=False))
    for n in ("Petr", "Olga", "Nina"):  # three who have not played at an existing table, arriving after
        arrive(c, n)
    assert c.member("Anna").played and c.member("Boris").played and not c.member("Petr").played
    assert r.order_for_new_table(["Anna", "Petr", "Boris"], "C") == (["Petr"], ["Anna", "Boris"])
    # Petr, Olga and Nina first; Anna and Boris cut for the fourth place, the lower enters (law 17)
    assert c.next_cut() == ("precedence", ["Anna", "Boris"])
    cut(c, "precedence", {"Anna": "9C", "Boris": "4H"})
    assert c.next_cut() == ("partners", ["Petr", "Olga", "Nina", "Boris"])
    cut(c, "partners", {"Petr": "2C", "Olga": "3C", "Nina": "4C", "Boris": "5C"})
    assert c.waiting() == ["Anna"]


# ------------------------------------------------------------------ law 27 (break-up)
def test_law_27_break_up_during_a_rubber_and_refused_between_when_a_candidate_fills() -> None:
    """«Если игрок распускает стол, остальные имеют преимущественное право входа в другом месте.»"""
    r = room()
    a = r.tables["A"]
    end(a)
    before = a.to_dict()
    with pytest.raises(CardroomError) as e:  # Dina can take his place (law 20): that is leaving, not breaking
        a.apply({"kind": "break-up", "by": "Anna"})
    assert e.value.key == "club.not_breaking" and e.value.params["name"] == "Anna" and a.to_dict() == before
    t = ClubTable()
    for n in ("Anna", "Boris", "Vera", "Gleb"):
        arrive(t, n)
    cut(t, "partners", {"Anna": "2S", "Boris": "3S", "Vera": "4S", "Gleb": "5S"})
    t.apply({"kind": "break-up", "by": "Vera"})
    assert t.phase == "broken" and t.broken_by == "Vera" and t.prior_right() == ["Anna", "Boris", "Gleb"]


# ------------------------------------------------------------------ laws 36-38
@pytest.mark.parametrize("letter", list("abcde"))
def test_law_37_new_deal_by_the_same_dealer(letter: str) -> None:
    """37: «Пересдача обязательна»; 36: «ту же колоду должен сдать снова тот же игрок»."""
    r = rule_new_deal(fault_of(letter, attention_in_time=False), "Gleb", ["Anna", "Vera", "Boris", "Gleb"])
    assert r.key == "club.ruling.new_deal_by" and r.params == {"law": "37", "cases": letter, "dealer": "Gleb"}


def test_law_38_the_deal_stands_the_player_on_the_left_deals_next() -> None:
    """38: «раздача остается в силе … причем сдает игрок, сидящий слева» (West's left is North)."""
    r = rule_new_deal(fault_of("f", attention_in_time=False), "Gleb", ["Anna", "Vera", "Boris", "Gleb"])
    assert r.key == "club.ruling.deal_stands_next" and r.params["next"] == "Anna"
    r = rule_new_deal(fault_of("f", attention_in_time=True), "Vera", ["Anna", "Vera", "Boris", "Gleb"])
    assert r.key == "club.ruling.new_deal_by" and r.params["dealer"] == "Vera"


def test_a_deal_is_claimed_by_a_player_of_the_rubber_during_it() -> None:
    t = room().tables["A"]
    t.apply({"kind": "claim-deal", "by": "Boris", "fault": "c", "dealer": "Anna", "in_time": True})
    assert t.rulings[-1]["key"] == "club.ruling.new_deal_by" and t.rulings[-1]["params"]["dealer"] == "Anna"
    before = t.to_dict()
    for event, key in (({"kind": "claim-deal", "by": "Dina", "fault": "c"}, "club.not_playing"),
                       ({"kind": "claim-deal", "by": "Zed", "fault": "c"}, "club.not_member")):
        with pytest.raises(CardroomError) as e:
            t.apply(event)
        assert e.value.key == key and t.to_dict() == before
    end(t)
    with pytest.raises(CardroomError) as e:
        t.apply({"kind": "claim-deal", "by": "Boris", "fault": "c"})
    assert e.value.key == "club.no_deal"


# ------------------------------------------------------------------ property
@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["enter", "enter-back", "end", "cut", "cut", "release", "arrive", "break"]),
                          st.sampled_from(["A", "B"]), st.integers(0, 9)), max_size=50), st.randoms())
def test_moves_between_tables_keep_every_table_whole(ops: list[tuple[str, str, int]], rnd: Any) -> None:
    """Whatever moves between two tables (and break-ups): nobody is present (not away) at two tables; a
    player away from one table is at the other with it as his home (once the returns of those whose new
    table was broken up or left are applied); a break-up granted leaves the table broken without the
    breaker; a refused event changes no table."""
    r = room()
    names = ["Anna", "Boris", "Vera", "Gleb", "Dina", "Egor", "Zoya", "Yuri", "Xenia", "Wanda"]
    for op, tid, k in ops:
        other = "B" if tid == "A" else "A"
        t = r.tables[tid]
        before = {x: y.to_dict() for x, y in r.tables.items()}
        try:
            if op in ("enter", "enter-back"):
                r.apply(r.enter(names[k], tid, other, announce_return=op == "enter-back"))
            elif op == "arrive":
                if any(y.is_member(names[k]) for y in r.tables.values()):
                    continue
                arrive(t, names[k])
            elif op == "end":
                end(t)
            elif op == "break":
                size = len(t.members)
                t.apply({"kind": "break-up", "by": names[k]})
                assert t.phase == "broken" and t.broken_by == names[k] and len(t.members) == size - 1
            elif op == "release":
                r.apply(r.releases())
            else:
                want = t.next_cut()
                if want is None:
                    continue
                pack = full_pack()
                rnd.shuffle(pack)
                cut(t, want[0], {n: str(pack[i]) for i, n in enumerate(want[1])})
        except CardroomError:
            assert {x: y.to_dict() for x, y in r.tables.items()} == before
            continue
        r.apply(r.returns())  # as the room does after every event: the stale away are back home (law 25)
        for n in names:
            present = [x for x, y in r.tables.items() if y.is_member(n) and y.member(n).away is None]
            assert len(present) <= 1, (n, present)
        for x, y in r.tables.items():
            for m in y.members:
                if m.away is not None and y.phase != "broken":
                    dst = r.tables[m.away]
                    assert dst.phase != "broken" and dst.is_member(m.name) and dst.member(m.name).home == x


# ------------------------------------------------------------------ law 13 by game
def test_law_13_a_games_trick_score_closes_with_the_next_games_declaration() -> None:
    """13: «Доказанная ошибка в счете взяток может быть исправлена в любое время до того, как в следующей
    игре будет сделан заказ, или, если это произошло в финальной игре рабера, до того, как счет будет
    подведен и согласован.» The book is written at the rubber's end: game 1's window has closed (game 2
    was declared), the final game's is open until the score is agreed."""
    t = room().tables["A"]
    t.apply({"kind": "rubber-end", "record": [[60, 40], [24, 0]], "games": [[30, 24], [0, 0], [30, 0]]})
    t.apply({"kind": "enter", "by": "Anna", "rubber": 1, "side": "NS", "part": "trick", "points": 50})  # a slip
    before = t.to_dict()
    with pytest.raises(CardroomError) as e:
        t.apply({"kind": "correct", "rubber": 1, "side": "NS", "part": "trick", "points": 30, "game": 1})
    assert e.value.key == "club.ruling.next_game_declared" and e.value.params == {"game": 1, "rubber": 1}
    assert t.to_dict() == before
    with pytest.raises(CardroomError) as e:  # the final game's figure is 30: 25 is not proved
        t.apply({"kind": "correct", "rubber": 1, "side": "NS", "part": "trick", "points": 25, "game": 3})
    assert e.value.key == "club.ruling.not_proved"
    t.apply({"kind": "correct", "rubber": 1, "side": "NS", "part": "trick", "points": 30, "game": 3})
    assert t.book[0].entered[0][0] == 60 and t.rulings[-1]["was"] == 20 and t.rulings[-1]["game"] == 3
    for bad in (0, 4, "1", True):
        with pytest.raises(CardroomError):
            t.apply({"kind": "correct", "rubber": 1, "side": "NS", "part": "trick", "points": 30, "game": bad})
    with pytest.raises(CardroomError):  # a game names a trick score only (honours are the rubber's, law 12)
        t.apply({"kind": "correct", "rubber": 1, "side": "NS", "part": "honour", "points": 40, "game": 3})
