"""The Greek cash-box preferans (document 004 §10.4, digest §10.4; docs/rules/preferans.md "Greek cash box").

:data:`GREEK_CHECKS` holds the checks of the ``pref-greek-*`` vectors of preferans-examples.json; the vector
test (tests/test_preferans_vectors.py) runs them with the others. The rest of this file tests the settlement's
properties, the sheet, the deal engine and the source error of §10.4.8.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from cardroom.games.preferans.calls import game_bid
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
from cardroom.games.preferans.result import PrefDealResult
from cardroom.games.preferans.variants import PrefVariant, make_variant

GREEK = make_variant("greek")
STRAINS = {"S": 0, "C": 1, "D": 2, "H": 3, "NT": 4}

# three players, the dealer seat 2: the active seats from the dealer's left are 0, 1, 2; the declarer is seat 2,
# so that A (the next in turn after him) is seat 0 and B seat 1
D, A, B = 2, 0, 1
SEATS = {"declarer": D, "A": A, "B": B}


def greek_result(contract: str, tricks: Mapping[str, int], defence: str, *, players: int = 3,
                 choices: Sequence[tuple[int, str]] = (), kind: str = "game") -> PrefDealResult:
    """A finished Greek deal: ``defence`` "both whist", "B passes and is invited", "B passes, not invited",
    "both pass"; A and B as in the document's examples."""
    call = game_bid(int(contract[:-1] if not contract.endswith("NT") else contract[:-2]),
                    STRAINS["NT" if contract.endswith("NT") else contract[-1]])
    dealer = 2 if players == 3 else 3
    active = (0, 1, 2)
    t = [0] * players
    for who, k in tricks.items():
        t[SEATS[who]] = k
    if defence == "both whist":
        whisters: tuple[int, ...] = (A, B)
    elif defence == "both pass":
        whisters, kind = (), "unplayed" if kind == "game" else kind
    else:
        whisters = (A,)
        choices = (*choices, (A, INVITED if "invited" in defence and "not" not in defence else ALONE))
    return PrefDealResult(
        players=players, dealer=dealer, active=active, kind=kind, declarer=D, contract=int(call), level=call.level,
        tricks=tuple(t), whisters=whisters, passers=tuple(s for s in (A, B) if s not in whisters),
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
