"""The Greek cash-box preferans (document 004 §10.4, digest §10.4; docs/rules/preferans.md "Greek cash box").

:data:`GREEK_CHECKS` holds the checks of the ``pref-greek-*`` vectors of preferans-examples.json; the vector
test (tests/test_preferans_vectors.py) runs them with the others. The rest of this file tests the settlement's
properties, the sheet, the deal engine and the source error of §10.4.8.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardroom.core.cards import Card, CardSet
from cardroom.core.deal import Deal
from cardroom.core.errors import IllegalAction
from cardroom.games import load
from cardroom.games.preferans.calls import (
    FOUR_ACES,
    INVITE,
    MISERE,
    PASS,
    PLAY,
    REFUSE_TALON,
    TAKE,
    WHIST,
    PrefCall,
    game_bid,
)
from cardroom.games.preferans.game import Preferans
from cardroom.games.preferans.greek.deal import GreekDeal
from cardroom.games.preferans.greek.kassa import (
    ALONE,
    INVITED,
    KassaEntry,
    apply_entries,
    contract_value,
    deal_entries,
    money,
    subtract,
)
from cardroom.games.preferans.greek.sheet import KassaSheet
from cardroom.games.preferans.result import PrefDealResult
from cardroom.games.preferans.rules import PH_CONCEDE, PH_DECLARE, PH_DEFENCE, PH_DISCARD, PH_OVER, PH_PLAY
from cardroom.games.preferans.variants import PrefVariant, make_variant

GREEK = make_variant("greek")
STRAINS = {"S": 0, "C": 1, "D": 2, "H": 3, "NT": 4}

# three players, the dealer seat 2: the active seats from the dealer's left are 0, 1, 2; the declarer is seat 2,
# so that A (the next in turn after him) is seat 0 and B seat 1
D, A, B = 2, 0, 1
SEATS = {"declarer": D, "A": A, "B": B}


def greek_result(contract: str, tricks: Mapping[str, int], defence: str, *, players: int = 3,
                 choices: Sequence[tuple[int, str]] = (), kind: str = "game", declarer: int = D) -> PrefDealResult:
    """A finished Greek deal: ``defence`` "both whist", "B passes and is invited", "B passes, not invited",
    "both pass"; A and B as in the document's examples."""
    call = game_bid(int(contract[:-1] if not contract.endswith("NT") else contract[:-2]),
                    STRAINS["NT" if contract.endswith("NT") else contract[-1]])
    dealer = 2 if players == 3 else 3
    active = (0, 1, 2)
    d, a, b = declarer, (declarer + 1) % 3, (declarer + 2) % 3  # the active seats 0, 1, 2 in turn
    seats = {"declarer": d, "A": a, "B": b}
    t = [0] * players
    for who, k in tricks.items():
        t[seats[who]] = k
    if defence == "both whist":
        whisters: tuple[int, ...] = (a, b)
    elif defence == "both pass":
        whisters, kind = (), "unplayed" if kind == "game" else kind
    else:
        whisters = (a,)
        choices = (*choices, (a, INVITED if "invited" in defence and "not" not in defence else ALONE))
    return PrefDealResult(
        players=players, dealer=dealer, active=active, kind=kind, declarer=d, contract=int(call), level=call.level,
        tricks=tuple(t), whisters=whisters, passers=tuple(s for s in (a, b) if s not in whisters),
        half_whister=None, returned_by=None, open_defence=False, talon=0, raspasy_round=0, choices=tuple(choices))


def box_changes(entries: Sequence[KassaEntry]) -> dict[int, int]:
    out: dict[int, int] = {}
    for e in entries:
        if e.kind == "kassa":
            out[e.seat] = out.get(e.seat, 0) + e.amount
    return out


def chips_of(entries: Sequence[KassaEntry], players: int = 3) -> list[int]:
    return list(apply_entries([100] * players, [0] * players, entries)[1])


def payments(entries: Sequence[KassaEntry]) -> dict[tuple[int, int], int]:
    out: dict[tuple[int, int], int] = {}
    for e in entries:
        if e.kind == "chips":
            assert e.payer is not None
            out[(e.payer, e.seat)] = out.get((e.payer, e.seat), 0) + e.amount
    return out


Check = Callable[[dict[str, Any]], None]
GREEK_CHECKS: dict[str, Check] = {}


def check(vid: str) -> Callable[[Check], Check]:
    def deco(f: Check) -> Check:
        assert vid not in GREEK_CHECKS
        GREEK_CHECKS[vid] = f
        return f

    return deco


@check("pref-greek-contract-values")
def _values(v: dict[str, Any]) -> None:
    exp = v["expected"]["values"]
    for key, want in exp.items():
        level = int(key[0]) if not key.startswith("10") else 10
        if key.endswith("suit"):
            for strain in range(4):
                assert contract_value(level, strain, GREEK) == want, key
        else:
            assert contract_value(level, STRAINS[key[len(str(level)):]], GREEK) == want, key
    for option, want in v["expected"]["10NT_options"].items():
        assert contract_value(10, 4, make_variant("greek", greek_ten_nt=option)) == want


def _example_check(v: dict[str, Any]) -> None:
    data, exp = v["data"], v["expected"]
    r = greek_result(data["contract"], data["tricks"], data["defence"])
    assert contract_value(r.level, _strain(data["contract"]), GREEK) == data["value"]
    entries = deal_entries(r, GREEK, [20, 20, 20])  # boxes that can take any subtraction
    assert box_changes(entries).get(D, 0) == exp["kassa_delta"]["declarer"]
    chips = chips_of(entries)
    assert {k: chips[s] for k, s in SEATS.items()} == exp["chips_delta"]
    want = {(SEATS[p["from"]], SEATS[p["to"]]): p["chips"] for p in exp["payments"]}
    assert payments(entries) == want


def _strain(contract: str) -> int:
    return STRAINS["NT" if contract.endswith("NT") else contract[-1]]


for _n in range(1, 15):
    check(f"pref-greek-ex{_n:02}")(_example_check)


@check("pref-greek-kassa-overflow-4-9")
def _overflow_4_9(v: dict[str, Any]) -> None:
    data, exp = v["data"], v["expected"]
    boxes = [data["declarer_kassa"], 7, 6]  # the richest other box holds at least 5
    entries = subtract(boxes, 0, data["to_subtract"])
    after, _ = apply_entries(boxes, [0, 0, 0], entries)
    assert after[0] == exp["declarer_kassa_after"]
    assert after[1] - boxes[1] == exp["richest_other_kassa_delta"] and after[2] == boxes[2]
    assert payments(entries) == {(1, 0): exp["chips"]["richest_other_to_declarer"]}
    # the note: the richest has only 3 points → the rest comes from the third player in the same way
    entries = subtract([4, 3, 2], 0, 9)
    after, _ = apply_entries([4, 3, 2], [0, 0, 0], entries)
    assert after == (0, 0, 0) and payments(entries) == {(1, 0): 30, (2, 0): 20}


@check("pref-greek-kassa-overflow-equal-split")
def _overflow_equal(v: dict[str, Any]) -> None:
    data, exp = v["data"], v["expected"]
    boxes = [data["declarer_kassa"], 5, 5]
    entries = subtract(boxes, 0, data["to_subtract"])
    after, _ = apply_entries(boxes, [0, 0, 0], entries)
    assert after[1] - 5 == after[2] - 5 == exp["each_other_kassa_delta"]
    assert payments(entries) == {(1, 0): exp["chips_from_each_other_to_declarer"],
                                 (2, 0): exp["chips_from_each_other_to_declarer"]}


@check("pref-greek-kassa-overflow-cascade-2-4-3")
def _overflow_cascade(v: dict[str, Any]) -> None:
    data, exp = v["data"], v["expected"]
    names = ("P1", "P2", "P3")
    boxes = [data["kassas"][p] for p in names]
    entries = subtract(boxes, names.index(data["declarer"]), data["to_subtract"])
    after, _ = apply_entries(boxes, [0, 0, 0], entries)
    assert dict(zip(names, after, strict=True)) == exp["kassas_after"]
    assert payments(entries) == {(1, 0): exp["chips"]["P2_to_P1"], (2, 0): exp["chips"]["P3_to_P1"]}


@check("pref-greek-kassa-overflow-both-empty")
def _overflow_empty(v: dict[str, Any]) -> None:
    data, exp = v["data"], v["expected"]
    entries = subtract([0, *data["other_kassas"]], 0, data["remaining_points"])
    want = exp["chips_from_each_other_to_declarer"]
    assert abs(want - exp["exact"]) < 1
    assert payments(entries) == {(1, 0): want, (2, 0): want}
    assert box_changes(entries) == {}


@check("pref-greek-chips-to-money")
def _chips_money(v: dict[str, Any]) -> None:
    data = v["data"]
    var = make_variant("greek", greek_point_price=data["money_per_kassa_point"])
    assert round(money(data["chips"], var), 10) == v["expected"]["money"]


@check("pref-greek-ten-as-nine")
def _ten_as_nine(v: dict[str, Any]) -> None:
    exp = v["expected"]
    var = make_variant("greek", greek_ten_as_nine=True)
    for defence in ("B passes, not invited", "B passes and is invited"):
        r = greek_result("10H", {"declarer": 10}, defence)
        assert contract_value(10, 3, var) == v["data"]["contract_value"]
        entries = deal_entries(r, var, [20, 20, 20])
        assert box_changes(entries).get(D, 0) == exp["kassa_delta"]["declarer"]
        assert payments(entries) == {(A, D): exp["chips"]["failed_whister_to_declarer"]}
    r = greek_result("10H", {"declarer": 10}, "both pass")
    assert box_changes(deal_entries(r, var, [20, 20, 20])) == {D: exp["both_defenders_decline"]["declarer_kassa_delta"]}
    # without the option a ten has no obligation: the whister owes nothing and the declarer subtracts 10
    r = greek_result("10H", {"declarer": 10}, "B passes, not invited")
    entries = deal_entries(r, GREEK, [20, 20, 20])
    assert box_changes(entries) == {D: -10} and payments(entries) == {}


@check("pref-greek-preliminary-bid-refusal")
def _take_refused(v: dict[str, Any]) -> None:
    exp = v["expected"]
    r = greek_result("6S", {"declarer": 10}, "both pass", kind="talon-refused", choices=((D, "take"),))
    entries = deal_entries(r, make_variant("greek", greek_take=True), [20, 20, 20])
    assert box_changes(entries) == {D: exp["kassa_delta"]["preliminary_bidder"]}
    assert payments(entries) == {(D, A): exp["chips"]["to_each_other_player"],
                                 (D, B): exp["chips"]["to_each_other_player"]}


@check("pref-greek-four-players-sitout")
def _sitout(v: dict[str, Any]) -> None:
    exp = v["expected"]
    for tricks, want in ((5, exp["declarer_one_short_pays_sitout"]), (4, exp["declarer_two_or_more_short_pays_sitout"]),
                         (3, exp["declarer_two_or_more_short_pays_sitout"])):
        r = greek_result("6D", {"declarer": tricks, "A": 10 - tricks - 2, "B": 2}, "both whist", players=4)
        entries = deal_entries(r, GREEK, [20] * 4)
        assert payments(entries)[(D, r.dealer)] == want
        assert sum(chips_of(entries, 4)) == 0


def test_the_greek_vectors_are_all_checked() -> None:
    import json
    from pathlib import Path

    data = json.loads((Path(__file__).parents[2] / "shared" / "rules" / "preferans-examples.json").read_text("utf-8"))
    ids = {v["id"] for v in data if v["id"].startswith("pref-greek")}
    assert ids == set(GREEK_CHECKS)


def _variant(**kw: Any) -> PrefVariant:
    return make_variant("greek", **kw)


# ---------------------------------------------------------------------- the settlement's properties



@given(st.lists(st.integers(0, 30), min_size=3, max_size=4), st.integers(0, 3), st.integers(0, 40))
def test_a_box_never_goes_below_zero_and_the_chips_balance(boxes: list[int], who: int, points: int) -> None:
    d = who % len(boxes)
    entries = subtract(boxes, d, points)
    after, chips = apply_entries(boxes, [0] * len(boxes), entries)
    assert min(after) >= 0 and sum(chips) == 0
    removed = sum(boxes) - sum(after)
    if removed < points:  # only when every box is empty do chips stand for the points not subtracted
        assert not any(after)
    # the declarer is paid 10 chips a point taken from another box (footnote [26]: exactly, shared)
    taken = sum(boxes[s] - after[s] for s in range(len(boxes)) if s != d)
    if removed >= points:
        assert chips[d] <= 10 * taken and chips[d] == 10 * (points - (boxes[d] - after[d]))
    assert all(chips[s] <= 0 for s in range(len(boxes)) if s != d)


@given(st.sampled_from(["6S", "6C", "6D", "6H", "6NT", "7S", "7NT", "8D", "8NT", "9H", "9NT", "10C"]),
       st.integers(0, 10), st.integers(0, 10), st.sampled_from(["both whist", "B passes and is invited",
                                                                 "B passes, not invited", "both pass"]),
       st.booleans(), st.sampled_from([3, 4]))
def test_every_deal_balances_to_zero_chips(contract: str, dt: int, at: int, defence: str, ten_as_nine: bool,
                                          players: int) -> None:
    at = min(at, 10 - dt)
    tricks = {"declarer": dt, "A": at, "B": 10 - dt - at}
    if defence == "B passes, not invited":
        tricks = {"declarer": dt, "A": 10 - dt}
    if defence == "both pass":
        level = int(contract[:-1] if not contract.endswith("NT") else contract[:-2])
        tricks = {"declarer": level, "A": 10 - level}
    var = make_variant("greek", greek_ten_as_nine=ten_as_nine)
    r = greek_result(contract, tricks, defence, players=players)
    entries = deal_entries(r, var, [3] * players)
    boxes, chips = apply_entries([3] * players, [0] * players, entries)
    assert sum(chips) == 0 and min(boxes) >= 0
    if defence != "both pass" and dt < (9 if r.level == 10 and ten_as_nine else r.level):  # rule 2: the box rises
        assert boxes[D] in (3 + contract_value(r.level, _strain(contract), var),
                            3 + 2 * contract_value(r.level, _strain(contract), var))
    if defence == "both pass":
        assert chips[A] == chips[B] == 0 or boxes[D] == 0


def test_the_source_error_examples_9_to_15_is_reported() -> None:
    """§10.4.8: «Из вышеперечисленных примеров расчета (с 9-го по 15-й) видно, что пасующий игрок … ни
    зарабатывает, ни теряет»: the settlement finds the passing defender's examples to be 8–14 (there is no
    example 15), so the cross-reference is wrong."""
    import json
    import re
    from pathlib import Path

    from cardroom.games.preferans.greek.kassa import source_passer_examples

    root = Path(__file__).parents[2] / "shared"
    text = (root / "seeds" / "004_11fe5ee4ae9d5239.txt").read_text("utf-8")
    numbered = {int(m) for m in re.findall(r"^(\d+)\. Контракт:", text, flags=re.M)}
    assert numbered == set(range(1, 15))
    assert "с 9-го по 15-й" in text
    vectors = {v["id"]: v for v in json.loads((root / "rules" / "preferans-examples.json").read_text("utf-8"))}
    examples = {}
    for n in sorted(numbered):
        data = vectors[f"pref-greek-ex{n:02}"]["data"]
        examples[n] = greek_result(data["contract"], data["tricks"], data["defence"])
    report = source_passer_examples(examples, GREEK, claimed=range(9, 16))
    assert report.found == tuple(range(8, 15))
    assert report.missing == (15,) and report.left_out == (8,)
    assert not report.agrees


# ---------------------------------------------------------------------- the deal engine


# the first hand is seat 0 (the dealer is seat 2); spades are trumps on 6S
OVERTRUMP_HANDS = ("AH KH QH JH 10H 9H 8H 7H KS QS", "8S 9S 10S JS AC KC QC JC 10C 9C",
                   "7S AS AD KD QD JD 10D 9D 8D 7D", "8C 7C")
ACES_HANDS = ("AS AC AD AH KS QS JS 10S 9S 8S", "7S KC QC JC 10C 9C 8C 7C KD QD",
              "KH QH JH 10H 9H 8H 7H JD 10D 9D", "8D 7D")


def greek_deal(hands: Sequence[str], **options: Any) -> GreekDeal:
    game = load("preferans", variant="greek", **options)
    assert isinstance(game, Preferans)
    deal = game.new_deal(dealer=2)
    assert isinstance(deal, GreekDeal)
    deal.apply(Deal(tuple(CardSet.parse(h).mask for h in hands[:3]), CardSet.parse(hands[3]).mask))
    return deal


def run(deal: GreekDeal, *actions: str) -> GreekDeal:
    for a in actions:
        deal.apply(deal.parse_action(a))
    return deal


def test_no_misere_no_ten_nt_unless_agreed_and_all_pass_is_dealt_again() -> None:
    deal = greek_deal(OVERTRUMP_HANDS)
    legal = deal.legal_actions()
    assert MISERE not in legal and PrefCall.parse("10NT") not in legal and PrefCall.parse("10H") in legal
    assert PrefCall.parse("10NT") in greek_deal(OVERTRUMP_HANDS, greek_ten_nt="B").legal_actions()
    run(deal, "pass", "pass", "pass")
    assert deal.phase == PH_OVER and deal.result().kind == "passed_out"
    sheet = KassaSheet("greek", 3)
    assert sheet.add(deal.result()) == [] and sheet.boxes == (20, 20, 20)


def test_ill_take_wins_the_talon_and_its_refusal_is_penalised() -> None:
    deal = greek_deal(OVERTRUMP_HANDS, greek_take=True)
    assert TAKE in deal.legal_actions()
    run(deal, "возьму", "pass", "pass")
    assert deal.phase == PH_DISCARD and deal.declarer == 0 and REFUSE_TALON in deal.legal_actions()
    run(deal, "refuse-talon")
    r = deal.result()
    assert r.kind == "talon-refused" and (0, "take") in r.choices
    sheet = KassaSheet(make_variant("greek", greek_take=True), 3)
    sheet.add(r)
    assert sheet.boxes == (22, 20, 20) and sheet.chips == (-4, 2, 2)
    # «возьму» and then a game bid: the preliminary bid is a pass
    deal = run(greek_deal(OVERTRUMP_HANDS, greek_take=True), "take", "6S")
    assert 0 in deal.passed and TAKE not in deal.legal_actions()
    run(deal, "pass")
    assert deal.declarer == 1 and deal.phase == PH_DISCARD and REFUSE_TALON not in deal.legal_actions()
    # the taker who plays names any game from six spades up
    deal = run(greek_deal(OVERTRUMP_HANDS, greek_take=True), "take", "pass", "pass", "8C", "7C")
    assert deal.phase == PH_DECLARE and PrefCall.parse("6S") in deal.legal_actions()


def test_a_lone_whister_playing_alone_plays_two_handed() -> None:
    deal = run(greek_deal(OVERTRUMP_HANDS), "6S", "pass", "pass", "8C", "7C", "6S", "whist", "pass")
    assert deal.phase == PH_DEFENCE and deal.legal_actions() == [INVITE, PLAY] and deal.to_act == 1
    run(deal, "play")
    assert deal.phase == PH_PLAY and deal.out_of_play == 2
    passer_hand = deal.hands[2]
    while deal.phase == PH_PLAY:
        assert deal.to_act in (0, 1)
        deal.apply(deal.legal_actions()[0])
    r = deal.result()
    assert deal.hands[2] == passer_hand and r.tricks[2] == 0 and r.tricks[0] + r.tricks[1] == 10
    assert all(len(plays) == 2 for plays, _ in deal.tricks) and (1, "alone") in r.choices
    entries = deal_entries(r, GREEK, [20, 20, 20])
    assert payments(entries).get((2, 0), 0) == payments(entries).get((0, 2), 0) == 0  # the passer untouched


def test_an_invited_passer_plays_his_hand_for_the_inviter() -> None:
    deal = run(greek_deal(OVERTRUMP_HANDS), "6S", "pass", "pass", "8C", "7C", "6S", "whist", "pass", "invite")
    while deal.phase == PH_PLAY:
        deal.apply(deal.legal_actions()[0])
    r = deal.result()
    assert all(len(plays) == 3 for plays, _ in deal.tricks) and (1, "invite") in r.choices
    chips = chips_of(deal_entries(r, GREEK, [20, 20, 20]))
    assert chips[2] == 0 and chips[0] == -chips[1]


def test_the_counter_invitation() -> None:
    opts = {"greek_counter_invitation": True}
    deal = run(greek_deal(OVERTRUMP_HANDS, **opts), "6S", "pass", "pass", "8C", "7C", "6S", "pass", "whist")
    assert deal.to_act == 2 and deal.legal_actions() == [INVITE, PLAY]
    run(deal, "play")
    assert deal.phase == PH_DEFENCE and deal.to_act == 1 and deal.legal_actions() == [PASS, INVITE]
    assert deal.where().text() == "the counter invitation"
    run(deal, "invite")
    assert deal.phase == PH_PLAY and deal.whisters == [1] and deal.out_of_play is None
    while deal.phase == PH_PLAY:
        deal.apply(deal.legal_actions()[0])
    r = deal.result()
    assert (1, "counter-invite") in r.choices and r.whisters == (1,) and r.passers == (2,)
    chips = chips_of(deal_entries(r, make_variant("greek", **opts), [20, 20, 20]))
    assert chips[2] == 0  # the second now counts as the passer
    # declined: the second plays alone
    deal = run(greek_deal(OVERTRUMP_HANDS, **opts), "6S", "pass", "pass", "8C", "7C", "6S", "pass", "whist", "play",
               "pass")
    assert deal.phase == PH_PLAY and deal.out_of_play == 1 and deal.whisters == [2]


def test_over_trumping() -> None:
    actions = ("6S", "pass", "pass", "8C", "7C", "6S", "whist", "whist", "AH", "8S")
    plain = run(greek_deal(OVERTRUMP_HANDS), *actions)
    assert set(plain.legal_actions()) == {Card.parse("7S"), Card.parse("AS")}
    deal = run(greek_deal(OVERTRUMP_HANDS, greek_overtrump=True), *actions)
    assert deal.legal_actions() == [Card.parse("AS")]
    with pytest.raises(IllegalAction, match="over-trump"):
        deal.apply(Card.parse("7S"))
    assert not deal.claim_in_play()


def test_four_aces_are_announced_after_the_contract() -> None:
    for option, box, chips in (("A", 16, (20, -10, -10)), ("B", 18, (20, -10, -10))):
        deal = run(greek_deal(ACES_HANDS, greek_four_aces=option), "6S", "pass", "pass", "8D", "7D", "6S")
        assert deal.phase == PH_CONCEDE and deal.legal_actions() == [PLAY, FOUR_ACES]
        assert deal.where().text() == "the announcement of four aces"
        run(deal, "four-aces", "pass", "pass")
        r = deal.result()
        assert r.kind == "unplayed" and (0, "four-aces") in r.choices
        sheet = KassaSheet(make_variant("greek", greek_four_aces=option), 3)
        sheet.add(r)
        assert sheet.boxes[0] == box
        assert sheet.chips == ((0, 0, 0) if option == "A" else chips)
    # without the agreement nothing is asked
    deal = run(greek_deal(ACES_HANDS), "6S", "pass", "pass", "8D", "7D", "6S")
    assert deal.legal_actions() == [WHIST, PASS]


def test_the_game_ends_when_every_box_is_empty_or_with_two_empty_boxes() -> None:
    var = make_variant("greek", greek_kassa=4)
    sheet = KassaSheet(var, 3)
    r = greek_result("6H", {"declarer": 6, "A": 2, "B": 2}, "both whist")
    sheet.add(r)  # the declarer (seat 2) subtracts 5 from his 4: one point from the richest box (a tie: 1 each)
    assert sheet.boxes == (3, 3, 0) and not sheet.is_over and sum(sheet.chips) == 0
    assert sheet.kassa_record(0) == [3] and sheet.chips_record(2) == [5 + 5 - 10 - 10]
    # «окончание игры при двух пустых кассах»: seat 1 fails a six (4 → 6), seat 0 makes 6♠ (4 → 2) and 6♣ (3: his
    # 2, then 1 from the richest box, seat 1's, for 10 chips), seat 2 makes 6♦ (4 → 0): two boxes are empty and
    # seat 1 pays a third of his 5 points (50/3 ≈ 17 chips) to each of the others
    for end in (False, True):
        two = KassaSheet(make_variant("greek", greek_kassa=4, greek_end_two_empty=end), 3)
        two.add(greek_result("6S", {"declarer": 5, "A": 3, "B": 2}, "both whist", declarer=1))
        two.add(greek_result("6S", {"declarer": 6, "A": 2, "B": 2}, "both pass", declarer=0))
        two.add(greek_result("6C", {"declarer": 6, "A": 2, "B": 2}, "both pass", declarer=0))
        assert two.boxes == (0, 5, 4) and two.chips == (14, -20, 6)
        two.add(greek_result("6D", {"declarer": 6, "A": 2, "B": 2}, "both pass", declarer=2))
        if not end:
            assert two.boxes == (0, 5, 0) and not two.is_over
            continue
        assert two.boxes == (0, 0, 0) and two.is_over
        assert [ln.entry for ln in two.lines if ln.entry.tag == "end-share"] == [
            KassaEntry("chips", 0, 17, 1, "end-share"), KassaEntry("chips", 2, 17, 1, "end-share"),
            KassaEntry("kassa", 1, -5, tag="end-share")]
        assert two.chips == (31, -54, 23)


def test_the_match_is_registered_and_draws_its_sheet() -> None:
    from cardroom.games.preferans.variants import option_schema

    schema = option_schema()
    assert "greek" in (schema["variant"].choices or ())
    assert {"greek_kassa", "greek_take", "greek_overtrump"} <= set(schema.names) and "rules_set" not in schema
    game = load("preferans", variant="касса")
    state = game.new_initial_state()
    assert isinstance(state.sheet, KassaSheet)
    d = state.sheet_dict()
    assert d["kind"] == "kassa" and d["kassa"] == [20, 20, 20] and d["chips"] == [0, 0, 0]
    assert "Касса" in state.render_sheet("ru") and "Box (20)" in state.render_sheet("en")


def test_the_bots_play_the_two_handed_deal() -> None:
    """The view names the two seats in play; the search bot samples and solves two hands, the rule bot plays."""
    from cardroom.bots.preferans import PreferansBot
    from cardroom.bots.search import SearchBot

    for bot in (SearchBot("preferans", samples=3, seed=1), PreferansBot(seed=1)):
        deal = run(greek_deal(OVERTRUMP_HANDS), "6S", "pass", "pass", "8C", "7C", "6S", "whist", "pass", "play")
        assert deal.view(0).playing == (0, 1) and deal.view(2).playing == (0, 1)
        while deal.phase == PH_PLAY:
            assert deal.to_act is not None
            a = bot.choose(deal.view(deal.to_act))
            assert a in deal.legal_actions()
            deal.apply(a)
        r = deal.result()
        assert r.tricks[0] + r.tricks[1] == 10 and r.tricks[2] == 0


def test_rule_three_needs_more_tricks_than_contracted() -> None:
    """«Если разыгрывающий взял больше заказанного количества взяток и вистующие … не выполнили»: with shares
    agreed higher than the defence can take, a declarer who took exactly his contract settles by rule 1."""
    var = make_variant("greek", greek_first_share=(4, 2, 1, 1, 0))
    r = greek_result("6S", {"declarer": 6, "A": 1, "B": 3}, "both whist")
    entries = deal_entries(r, var, [20, 20, 20])
    assert box_changes(entries) == {D: -2} and payments(entries) == {(D, A): 2, (D, B): 6}
    r = greek_result("6S", {"declarer": 7, "A": 0, "B": 3}, "both whist")  # more: A fails (rule 3)
    assert payments(deal_entries(r, var, [20, 20, 20])) == {(A, D): 2 * 7 * 2, (A, B): 2 * 3 * 2}
