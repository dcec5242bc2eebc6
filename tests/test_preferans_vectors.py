"""The preferans vectors of ../shared/rules/preferans-examples.json, one test per vector.

Every vector of the file is either checked here (:data:`CHECKS`) or listed with the reason, in
:data:`UNTESTABLE` (nothing to run) or :data:`NOT_BUILT` (its variant is still to come);
:func:`test_every_vector_is_checked_or_listed` reads the whole file and keeps it so. Values the digest
marks as ``derived`` are recomputed and checked as well. Deal results are built by hand where a vector
describes a finished deal; the one bidding example runs through the rules engine.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from cardroom.core.cards import CardSet
from cardroom.core.errors import IllegalAction
from cardroom.games.preferans.calls import MISERE, PrefCall, game_bid
from cardroom.games.preferans.pulka import (
    PulkaSheet,
    mandatory_raspasy_price,
    next_raspasy_round,
    round_first_dealer,
)
from cardroom.games.preferans.result import PrefDealResult
from cardroom.games.preferans.rules import PH_DEFENCE, PH_OVER, PH_PLAY, PH_WHIST
from cardroom.games.preferans.scoring import (
    PrefEntry,
    SheetState,
    overall_prize_whists,
    score_deal,
    talon_tricks_credited,
)
from cardroom.games.preferans.variants import PrefVariant, make_variant, whist_sequences

RULES = Path(__file__).parents[2] / "shared" / "rules"


def _vectors() -> dict[str, dict[str, Any]]:
    data = json.loads((RULES / "preferans-examples.json").read_text(encoding="utf-8"))
    return {v["id"]: v for v in data}


VECTORS = _vectors()

UNTESTABLE: dict[str, str] = {
    "pref-all-bid-footnote1-zdes": "only the end of the bidding table survives (the bids are lost); nothing to run",
}

_NOT_YET = "not built yet (issue 16): "
NOT_BUILT: dict[str, str] = {
}
"""Vectors of variants not built yet, each with its reason; a vector leaves this list when a check takes it."""


# ---------------------------------------------------------------------- building results by hand


def mk(kind: str = "game", *, players: int = 3, dealer: int | None = None, declarer: int | None = 0,
       level: int = 6, tricks: Mapping[int, int], whisters: Sequence[int] = (), passers: Sequence[int] = (),
       half_whister: int | None = None, returned_by: int | None = None, talon: str = "",
       raspasy_round: int = 0, whist_calls: Sequence[tuple[int, str]] = (), contract: int | None = None,
       open_defence: bool = False) -> PrefDealResult:
    """A finished deal. Seats 0..n-1 clockwise; the dealer defaults to the last seat, so that the active
    seats are 0, 1, 2 and seat 0 is the first hand."""
    if dealer is None:
        dealer = players - 1
    order = [(dealer + i) % players for i in range(1, players + 1)]
    active = tuple(s for s in order if players == 3 or s != dealer)
    t = [0] * players
    for s, k in tricks.items():
        t[s] = k
    assert sum(t) == 10, t
    if contract is None and kind in ("game", "unplayed"):
        contract = int(game_bid(level, 0))
    if kind == "misere" and contract is None:
        contract = int(MISERE)
    if kind in ("misere", "raspasy"):
        level = 0
    return PrefDealResult(
        players=players, dealer=dealer, active=active, kind=kind, declarer=None if kind == "raspasy" else declarer,
        contract=None if kind == "raspasy" else contract, level=level, tricks=tuple(t), whisters=tuple(whisters),
        passers=tuple(passers), half_whister=half_whister, returned_by=returned_by, open_defence=open_defence,
        talon=CardSet.parse(talon).mask if talon else 0, raspasy_round=raspasy_round,
        talon_tricks=t[dealer] if kind == "raspasy" and players == 4 else 0, whist_calls=tuple(whist_calls),
    )


def state_with(players: int, pulya: Sequence[int] = (), gora: Sequence[int] = ()) -> SheetState:
    es = [PrefEntry("pulya", s, None, Fraction(p), "setup") for s, p in enumerate(pulya) if p]
    es += [PrefEntry("gora", s, None, Fraction(g), "setup") for s, g in enumerate(gora) if g]
    return SheetState.empty(players).apply(es)


def total(entries: Iterable[PrefEntry], kind: str, seat: int, on: int | None = None) -> Fraction:
    return sum((e.points for e in entries if e.kind == kind and e.seat == seat and e.on == on), Fraction(0))


def whists(entries: Iterable[PrefEntry]) -> dict[tuple[int, int], Fraction]:
    out: dict[tuple[int, int], Fraction] = {}
    for e in entries:
        if e.kind == "whists":
            assert e.on is not None
            out[(e.seat, e.on)] = out.get((e.seat, e.on), Fraction(0)) + e.points
    return {k: v for k, v in out.items() if v}


def points(entries: Iterable[PrefEntry], kind: str) -> dict[int, Fraction]:
    out: dict[int, Fraction] = {}
    for e in entries:
        if e.kind == kind:
            out[e.seat] = out.get(e.seat, Fraction(0)) + e.points
    return {k: v for k, v in out.items() if v}


def expect_whists(entries: Sequence[PrefEntry], expected: Iterable[Mapping[str, Any]], seats: Mapping[str, int]
                  ) -> None:
    """Each {"writer","on","amount"} of a vector (0 amounts included) against the entries."""
    got = whists(entries)
    for w in expected:
        key = (seats[w["writer"]], seats[w["on"]])
        assert got.get(key, Fraction(0)) == w["amount"], (w, got)


SOCHI = make_variant("sochi")
MOSCOW = make_variant("moscow")
URAL = make_variant("ural")
KAZAKH = make_variant("kazakhstan")
PITER = make_variant("piter")
LENINGRAD = make_variant("leningrad")


# ---------------------------------------------------------------------- the checks

Check = Callable[[dict[str, Any]], None]
CHECKS: dict[str, Check] = {}


def check(vid: str) -> Callable[[Check], Check]:
    def deco(f: Check) -> Check:
        assert vid not in CHECKS
        CHECKS[vid] = f
        return f

    return deco


@check("pref-all-bid-two-miseres")
def _(v: dict[str, Any]) -> None:
    # through the rules engine: hand 1 6♠, hand 2 misère, hand 3 misère without talon; pass, здесь
    from cardroom.core.deal import Deal
    from cardroom.games.preferans.game import Preferans

    game = Preferans(variant="sochi", players=3)
    d = game.new_deal(dealer=2)
    hands = ("AS KS QS JS 10S 9S 8S 7S AH KH", "QH JH 10H 9H 8H 7H AD KD QD JD", "10D 9D 8D 7D AC KC QC JC 10C 9C")
    masks = [0, 0, 0]
    for seat, text in zip(d.active, hands, strict=True):
        masks[seat] = CardSet.parse(text).mask
    d.apply(Deal(tuple(masks), CardSet.parse("8C 7C").mask))
    names = {"6S": "6s", "misere": "misere", "misere_without_talon": "misere-wt", "pass": "pass", "here": "здесь"}
    for rnd in v["data"]["rounds"]:
        for call in rnd:
            if call in names:
                d.apply(PrefCall.parse(names[call]))
    d.apply(PrefCall.parse("pass"))  # hand 3 has no bid above the held misère without talon
    hand = v["data"]["bidders_in_order"].index(v["expected"]["auction_winner"])
    assert d.declarer == d.active[hand]
    assert str(d.contract) == "misere-wt" and v["expected"]["winning_bid"] == "misere_without_talon"


def _prices(var: PrefVariant, exp: Mapping[str, Any]) -> None:
    for k, p in exp["game_price"].items():
        assert (var.misere_price if k == "misere" else var.price(int(k))) == p
    rp = exp["raspasy_trick_price"]
    assert [var.raspasy_price(i) for i in (1, 2, 3)] == [rp["single"], rp["double"], rp["triple"]]
    assert make_variant(var, raspasy_prices=(rp["single"], rp["double"], rp["triple_less_often"])).raspasy_price(3) \
        == rp["triple_less_often"]
    assert var.raspasy_price(4) == rp["triple"]  # the last price repeats


@check("pref-all-price-general")
def _(v: dict[str, Any]) -> None:
    _prices(SOCHI, v["expected"])
    for name in ("moscow", "rostov", "ural", "piter"):  # the general system's game prices
        assert make_variant(name).game_price == SOCHI.game_price


@check("pref-leningrad-price-list")
def _(v: dict[str, Any]) -> None:
    _prices(LENINGRAD, v["expected"])


def _sectors(text: str) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    cur: str | None = None
    for line in text.splitlines():
        if line.startswith("── "):
            cur = line.split()[1]
            out[cur] = []
        elif cur is not None:
            out[cur].append(line.strip())
    return out


@check("pref-all-scoresheet-layout")
def _(v: dict[str, Any]) -> None:
    exp = v["expected"]
    sheet = PulkaSheet(make_variant("sochi", whist_price=0.5), 4)
    text = sheet.render("en", settlement=False)
    sec = _sectors(text)
    assert list(sec) == v["data"]["players"]
    for seat, cols in exp["whist_columns_of"].items():
        got = [ln.split(":")[0].replace("Whists ", "") for ln in sec[seat] if ln.startswith("Whists on")]
        assert got == cols and len(got) == exp["whist_columns_per_player"]
        assert any(ln.startswith("Pulya") for ln in sec[seat]) and any(ln.startswith("Gora") for ln in sec[seat])
    assert "one whist = 0.5" in text and "pulya 20" in text  # the agreement field (4)
    ru = _sectors(sheet.render("ru", settlement=False))
    assert set(ru) == {"С", "В", "Ю", "З"}
    labels = [ln.split(":")[0] for sect in ru.values() for ln in sect if ln.startswith("Висты")]
    for target in "СВЮЗ":
        assert labels.count(f"Висты на {target}") == 3


@check("pref-sochi-made-six-seven-tricks")
def _(v: dict[str, Any]) -> None:
    r = mk(players=4, level=v["data"]["contract"]["level"], tricks={0: v["data"]["tricks"]["declarer"], 1: 2, 2: 1},
           whisters=(1, 2))
    es = score_deal(r, SOCHI)
    assert points(es, "pulya") == {0: v["expected"]["pulya"]["declarer"]}


@check("pref-sochi-seven-down-two-gora")
def _(v: dict[str, Any]) -> None:
    r = mk(players=4, level=7, tricks={0: v["data"]["tricks"]["declarer"], 1: 3, 2: 2}, whisters=(1, 2))
    es = score_deal(r, SOCHI)
    assert total(es, "pulya", 0) == v["expected"]["pulya"]["declarer"]
    assert total(es, "gora", 0) == v["expected"]["gora"]["declarer"]


@check("pref-sochi-misere-gora-per-trick")
def _(v: dict[str, Any]) -> None:
    assert v["expected"]["gora_declarer"] == "10 * k"
    for k in range(0, 6):
        r = mk("misere", players=4, tricks={0: k, 1: 10 - k})
        es = score_deal(r, SOCHI)
        assert total(es, "gora", 0) == 10 * k
        assert not whists(es)  # no whists on a misère (not stated; option misere_whists_per_trick)
        assert total(es, "pulya", 0) == (10 if k == 0 else 0)


@check("pref-sochi-help-tenfold")
def _(v: dict[str, Any]) -> None:
    pts = v["data"]["points_won"]
    level = SOCHI.game_price.index(pts) + 6
    st = state_with(3, pulya=(20, 10, 6))
    r = mk(level=level, tricks={0: level, 1: 10 - level}, whisters=(1,), passers=(2,))
    es = score_deal(r, SOCHI, st)
    assert total(es, "pulya", 0) == 0
    assert total(es, "pulya", 1) == v["expected"]["helped_player_pulya"]
    expect_whists(es, v["expected"]["whists"], {"declarer": 0, "helped_player": 1})


@check("pref-sochi-whist-three-tricks-on-seven")
def _(v: dict[str, Any]) -> None:
    t = v["data"]["tricks"]["whister"]
    r = mk(level=7, tricks={0: 7, 1: t, 2: 3 - t}, whisters=(1, 2))
    es = score_deal(r, SOCHI)
    expect_whists(es, v["expected"]["whists"], {"whister": 1, "declarer": 0})
    r0 = mk(level=7, tricks={0: 7, 1: 0, 2: 3}, whisters=(1, 2))
    assert (1, 0) not in whists(score_deal(r0, SOCHI))  # a whister with no trick writes nothing


SEATS4 = {"declarer": 0, "W1": 1, "W2": 2, "W": 1, "P": 2, "dealer": 3, "R": 1, "O": 2, "P1": 1, "P2": 2}


@check("pref-sochi-consolation-two-whisters")
def _(v: dict[str, Any]) -> None:
    t = v["data"]["tricks"]
    r = mk(players=4, tricks={0: t["declarer"], 1: t["W1"], 2: t["W2"]}, whisters=(1, 2))
    es = score_deal(r, SOCHI)
    expect_whists(es, v["expected"]["whists"], SEATS4)
    assert total(es, "gora", 0) == v["derived"]["gora"]["declarer"]


@check("pref-sochi-lone-whister-seven-down-two")
def _(v: dict[str, Any]) -> None:
    t = v["data"]["tricks"]
    r = mk(players=4, level=7, tricks={0: t["declarer"], 1: 3, 2: t["defence_total"] - 3}, whisters=(1,),
           passers=(2,))
    es = score_deal(r, SOCHI)
    expect_whists(es, v["expected"]["whists"], SEATS4)
    expect_whists(es, v["derived"]["whists"], SEATS4)
    assert total(es, "gora", 0) == v["derived"]["gora"]["declarer"]


@check("pref-sochi-whister-fail-nine")
def _(v: dict[str, Any]) -> None:
    r = mk(level=9, tricks={0: 10, 1: v["data"]["tricks"]["whister"]}, whisters=(1,), passers=(2,))
    es = score_deal(r, SOCHI)
    assert total(es, "gora", 1) == v["expected"]["gora"]["whister"]
    assert (1, 0) not in whists(es) and v["expected"]["whists"] == []


@check("pref-sochi-six-whisters-3-0")
def _(v: dict[str, Any]) -> None:
    t = v["data"]["tricks"]
    r = mk(tricks={0: t["declarer"], 1: t["W1"], 2: t["W2"]}, whisters=(1, 2))
    es = score_deal(r, SOCHI)
    assert points(es, "gora") == {2: v["expected"]["gora"]["W2"]}
    assert points(es, "pulya") == {0: v["derived"]["pulya"]["declarer"]}
    expect_whists(es, v["derived"]["whists"], SEATS4)
    assert (0, 1) not in whists(es) and (0, 2) not in whists(es)  # «Висты на вистующего не пишутся»


@check("pref-sochi-six-declarer-nine-tricks")
def _(v: dict[str, Any]) -> None:
    t = v["data"]["tricks"]
    r = mk(tricks={0: t["declarer"], 1: t["W1"], 2: t["W2"]}, whisters=(1, 2))
    es = score_deal(r, SOCHI)
    assert points(es, "gora") == {1: v["expected"]["gora"]["W1"], 2: v["expected"]["gora"]["W2"]}
    assert points(es, "pulya") == {0: v["derived"]["pulya"]["declarer"]}
    expect_whists(es, v["derived"]["whists"], SEATS4)


@check("pref-sochi-returned-whist-six-down-one")
def _(v: dict[str, Any]) -> None:
    # O (seat 2) said half-whist, R (seat 1), who had passed, returned the whist; R played both hands
    t = v["data"]["tricks"]
    r = mk(players=4, tricks={0: t["declarer"], 1: t["R"]}, whisters=(1,), passers=(2,), returned_by=1,
           whist_calls=((1, "pass"), (2, "half-whist"), (1, "whist")), open_defence=True)
    es = score_deal(r, SOCHI)
    expect_whists(es, v["expected"]["whists"], SEATS4)
    assert sum(whists(es).values()) == v["derived"]["total_on_declarer"]
    assert total(es, "gora", 0) == v["derived"]["gora"]["declarer"]


@check("pref-sochi-dealer-returned-whist-six-down-two")
def _(v: dict[str, Any]) -> None:
    t = v["data"]["tricks"]
    r = mk(players=4, tricks={0: t["declarer"], 1: 4, 2: t["dealer_side"] - 4}, whisters=(3,), passers=(1, 2),
           returned_by=3, whist_calls=((1, "pass"), (2, "pass"), (3, "whist")), open_defence=True)
    es = score_deal(r, SOCHI)
    expect_whists(es, v["expected"]["whists"], SEATS4)
    assert total(es, "gora", 0) == v["derived"]["gora"]["declarer"]


@check("pref-sochi-talon-marriage-nine")
def _(v: dict[str, Any]) -> None:
    var = make_variant("sochi", talon_bonus="quick_tricks")  # «по предварительной договоренности»
    for made in (True, False):  # «не зависит от того, сел или сыграл игрок»
        dt = 9 if made else 8
        r = mk(players=4, level=9, tricks={0: dt, 1: 10 - dt}, whisters=(1,), passers=(2,), talon="KH QH")
        es = score_deal(r, var)
        talon = [e for e in es if e.tag == "talon"]
        expect_whists(talon, v["expected"]["whists"], SEATS4)
    assert not [e for e in score_deal(r, SOCHI) if e.tag == "talon"]  # off unless agreed


@check("pref-sochi-talon-whist-table")
def _(v: dict[str, Any]) -> None:
    exp = v["expected"]["tricks_credited"]
    talons = {"ace": "AS 7D", "marriage": "KH QH", "ace_and_king_same_suit": "AS KS", "two_aces": "AS AH"}
    for key, cards in talons.items():
        assert talon_tricks_credited(CardSet.parse(cards).mask) == exp[key]
    assert talon_tricks_credited(CardSet.parse("KH QS").mask) == 0
    var = make_variant("sochi", talon_bonus="quick_tricks")
    r = mk("misere", players=4, tricks={0: 0, 1: 10}, talon="AS AH")
    assert not whists(score_deal(r, var)) and v["expected"]["on_misere"] == 0
    r7 = mk(players=4, level=7, tricks={0: 7, 1: 3}, whisters=(1,), passers=(2,), talon="AS KS")
    assert whists([e for e in score_deal(r7, var) if e.tag == "talon"]) == {(3, 0): 2 * 4}  # tricks × price


@check("pref-sochi-pulya-notation")
def _(v: dict[str, Any]) -> None:
    sheet = PulkaSheet(SOCHI, 3)
    for level in v["data"]["games_made_in_order"]:
        sheet.add(mk(level=level, tricks={0: level, 1: 10 - level}, whisters=(1, 2)))
    assert sheet.pulya_record(0) == v["expected"]["pulya_record"]
    assert "Пуля   2. 6. 8" in sheet.render("ru")


def _closing_help(v: dict[str, Any], var: PrefVariant) -> None:
    level = v["data"]["closing_player_plays"]["level"]
    L = var.pulya_length
    st = state_with(3, pulya=(L, L - 10, L - 12))
    r = mk(level=level, tricks={0: level, 1: 10 - level}, whisters=(1,), passers=(2,))
    es = score_deal(r, var, st)
    assert points(es, "pulya") == {1: v["expected"]["opponent_pulya"]}
    expect_whists(es, v["expected"]["whists"], {"closing_player": 0, "opponent_with_largest_pulya": 1})
    # equal pulya: the one sitting on the helper's left (the next seat clockwise)
    st2 = state_with(3, pulya=(L, 5, 5), gora=(0, 4, 0))
    es2 = score_deal(r, var, st2)
    helped = [s for s, p in points(es2, "pulya").items() if p > 0]
    assert helped == ([2] if var.help_tiebreak_gora else [1])  # Sochi §3.3 point 2: less gora first


@check("pref-sochi-closing-help-six")
def _(v: dict[str, Any]) -> None:
    _closing_help(v, SOCHI)


@check("pref-moscow-closing-help-six")
def _(v: dict[str, Any]) -> None:
    _closing_help(v, MOSCOW)


@check("pref-kazakh-closing-help-six")
def _(v: dict[str, Any]) -> None:
    assert KAZAKH.pulya_length == v["data"]["pulya_size_usual"]
    _closing_help(v, KAZAKH)


@check("pref-sochi-raspasy-prices")
def _(v: dict[str, Any]) -> None:
    exp = v["expected"]
    for i, name in enumerate(v["data"]["raspasy_sequence"], start=1):
        r = mk("raspasy", players=3, tricks={0: 0, 1: 3, 2: 7}, raspasy_round=i)
        es = score_deal(r, SOCHI)
        assert total(es, "gora", 1) == 3 * exp["gora_per_trick"][name]
        assert total(es, "gora", 2) == 7 * exp["gora_per_trick"][name]
        assert points(es, "pulya") == {0: exp["zero_tricks_pulya"][name]}
    # four players: the talon cards are the dealer's (seat 3); he writes on general grounds
    r4 = mk("raspasy", players=4, tricks={0: 2, 1: 3, 2: 4, 3: 1}, raspasy_round=2)
    assert points(score_deal(r4, SOCHI), "gora") == {0: 4, 1: 6, 2: 8, 3: 2}
    r4z = mk("raspasy", players=4, tricks={0: 2, 1: 3, 2: 5, 3: 0}, raspasy_round=1)
    assert points(score_deal(r4z, SOCHI), "pulya") == {3: 1}
    assert SOCHI.raspasy_talon(4) == "dealer" and SOCHI.raspasy_talon(3) == "suit"
    assert make_variant("sochi", raspasy_prices=(1, 1, 1)).raspasy_price(3) == 1  # footnote [3]
    # a closed pulya «помогает» with the zero-trick points
    es = score_deal(mk("raspasy", tricks={0: 0, 1: 3, 2: 7}, raspasy_round=3), SOCHI, state_with(3, (20, 4, 8)))
    assert points(es, "pulya") == {2: 3} and whists(es) == {(0, 2): 30}


@check("pref-sochi-preferans-declaration")
def _(v: dict[str, Any]) -> None:
    sheet = PulkaSheet(SOCHI, 4)
    sheet.add(mk(players=4, level=7, tricks={0: 5, 1: 3, 2: 2}, whisters=(1, 2)))  # seat 0: 8 in the gora
    sheet.add(mk(players=4, dealer=0, declarer=1, level=6, tricks={1: 6, 2: 2, 3: 2}, whisters=(2, 3)))
    assert sheet.gora(0) == 8
    decl = mk("preferans", players=4, dealer=1, declarer=0, level=10, tricks={0: 10})
    sheet.add(decl)
    exp = v["expected"]
    assert sheet.gora(0) == exp["declarer_gora"]
    assert all(sheet.pulya(s) == SOCHI.pulya_length for s in range(4)) == exp["all_pulyas_closed"]
    for x in (1, 2, 3):
        closing = (SOCHI.pulya_length - (2 if x == 1 else 0)) * 10
        assert sheet.whists(0, x) == exp["extra_whists_on_each_other_player"] + closing
    assert sheet.is_over == exp["game_ends"]


@check("pref-moscow-consolation-both-whist")
def _(v: dict[str, Any]) -> None:
    t = v["data"]["tricks"]
    r = mk(tricks={0: t["declarer"], 1: t["A"], 2: t["B"]}, whisters=(1, 2))
    assert MOSCOW.price(6) == v["data"]["price"] and MOSCOW.consolation_per_undertrick == \
        v["data"]["consolation_per_undertrick"]
    es = score_deal(r, MOSCOW)
    expect_whists(es, v["expected"]["whists"], {"A": 1, "B": 2, "declarer": 0})
    assert make_variant("moscow", consolation_per_undertrick_three=15).consolation_per_undertrick_three == 15
    es15 = score_deal(r, make_variant("moscow", consolation_per_undertrick_three=15))  # footnote [4]
    assert whists(es15) == {(1, 0): 6 + 15, (2, 0): 4 + 15}


def _moscow_one_whister(v: dict[str, Any], var: PrefVariant) -> None:
    t = v["data"]["tricks"]
    r = mk(tricks={0: t["declarer"], 1: t["W"], 2: t["P"]}, whisters=(1,), passers=(2,))
    es = score_deal(r, var)
    assert points(es, "gora") == {0: v["expected"]["gora"]["declarer"]}
    expect_whists(es, v["expected"]["whists"], {"W": 1, "P": 2, "declarer": 0})


@check("pref-moscow-gentleman-whist")
def _(v: dict[str, Any]) -> None:
    assert MOSCOW.whist_regime == v["data"]["whist_regime"]
    _moscow_one_whister(v, MOSCOW)
    # «независимо от того, происходил ли розыгрыш в светлую или втемную»
    t = v["data"]["tricks"]
    r = mk(tricks={0: t["declarer"], 1: t["W"], 2: t["P"]}, whisters=(1,), passers=(2,), open_defence=True)
    assert whists(score_deal(r, MOSCOW)) == {(1, 0): 15, (2, 0): 15}


@check("pref-moscow-greedy-whist")
def _(v: dict[str, Any]) -> None:
    _moscow_one_whister(v, make_variant("moscow", whist_regime=v["data"]["whist_regime"]))


def _raspasy_on_whists(v: dict[str, Any], var: PrefVariant) -> None:
    assert var.raspasy_price(1) == v["data"]["raspasy_price_whists_per_trick"]
    t = v["data"]["tricks"]
    seats = {"A": 0, "B": 1, "C": 2}
    for rnd in (1, 2, 5):  # no progression (item 5)
        r = mk("raspasy", tricks={seats[k]: n for k, n in t.items()}, raspasy_round=rnd)
        es = score_deal(r, var)
        want = {(seats[w["writer"]], seats[w["on"]]): w["amount"] for w in v["expected"]["whists"] if w["amount"]}
        assert whists(es) == want
        assert points(es, "pulya") == {seats[k]: p for k, p in v["expected"]["pulya"].items()}
        assert points(es, "gora") == {}


def _raspasy_check(var: PrefVariant) -> Check:
    def run(v: dict[str, Any]) -> None:
        _raspasy_on_whists(v, var)

    return run


for _vid, _var in (("pref-moscow-raspasy-2-3-5", MOSCOW), ("pref-moscow-raspasy-0-1-9", MOSCOW),
                   ("pref-moscow-raspasy-tie-2-2-6", MOSCOW), ("pref-kazakh-raspasy-2-3-5", KAZAKH),
                   ("pref-kazakh-raspasy-0-1-9", KAZAKH), ("pref-kazakh-raspasy-tie-2-2-6", KAZAKH)):
    CHECKS[_vid] = _raspasy_check(_var)


def _ural_failure(v: dict[str, Any]) -> None:
    t = v["data"]["tricks"]
    r = mk(players=4, level=v["data"]["contract"]["level"], tricks={0: t["declarer"], 1: t["W"]}, whisters=(1,),
           passers=(2,))
    es = score_deal(r, URAL)
    expect_whists(es, v["expected"]["whists"], SEATS4)
    unit = v["derived"]["whists_per_unit"]
    assert URAL.price(r.level) * URAL.failure_whist_factor == unit  # reading: general price, doubled on failure


for _vid in ("pref-ural-six-down-one", "pref-ural-eight-down-two", "pref-ural-seven-down-three"):
    CHECKS[_vid] = _ural_failure


def _ural_whist_deal(players: int, level: int) -> Any:
    """A Ural deal driven to the whisting: seat 0 (the first hand; the dealer is the last seat) won the auction
    and declared ``level`` spades; seats 1 and 2 are the first and second defenders."""
    from cardroom.core.deal import Deal
    from cardroom.games.preferans.game import Preferans

    game = Preferans("ural", players=players)
    d = game.new_deal(dealer=players - 1)
    hands = [0] * players
    for seat, text in zip((0, 1, 2), ("AS KS QS JS 10S 9S 8S 7S AH KH", "QH JH 10H 9H 8H 7H AD KD QD JD",
                                      "10D 9D 8D 7D AC KC QC JC 10C 9C"), strict=True):
        hands[seat] = CardSet.parse(text).mask
    d.apply(Deal(tuple(hands), CardSet.parse("8C 7C").mask))
    for t in (f"{level}s", "pass", "pass", "8C", "7C", f"{level}s"):
        d.apply(d.parse_action(t))
    assert d.phase == PH_WHIST and d.to_act == 1
    return d


def _whist_paths(d: Any, seq: tuple[str, ...] = ()) -> list[tuple[tuple[str, ...], tuple[str, ...]]]:
    """Every whisting sequence the engine allows from ``d``, each with how the deal goes on: the defence
    choices offered («closed», «open»), ("closed",) for two whisters, ("dealer_chooses",) when nobody
    whists (the 4-player dealer's turn; with 3 players the game stands unplayed)."""
    out: list[tuple[tuple[str, ...], tuple[str, ...]]] = []
    if (d.phase == PH_WHIST and d.to_act != d.dealer) or (d.players == 3 and d.phase == PH_WHIST):
        for a in d.legal_actions():
            nxt = d.clone()
            nxt.apply(a)
            out += _whist_paths(nxt, (*seq, str(a)))
        return out
    if d.phase == PH_DEFENCE:
        legal = [str(a) for a in d.legal_actions()]
        out.append((seq, tuple(a for a in legal if a != "half-whist")))
        if "half-whist" in legal:
            nxt = d.clone()
            nxt.apply(PrefCall.parse("half-whist"))
            out += _whist_paths(nxt, (*seq, "half-whist"))
        return out
    if d.phase == PH_WHIST:  # the 4-player dealer: nobody whisted
        assert d.to_act == d.dealer
        out.append((seq, ("dealer_chooses",)))
        return out
    if d.phase == PH_OVER:
        assert d.players == 3 and d.kind == "unplayed"
        out.append((seq, ("dealer_chooses",)))
        return out
    assert len(d.whisters) == 2 and not d.open_defence  # play (or the concession) with two closed whisters
    out.append((seq, ("closed",)))
    return out


def _seq(v: dict[str, Any]) -> None:
    """The complete lists of §7.3, driven through the engine: the sequences it allows are exactly the
    document's, each going on as the document says."""
    for level in v["data"]["contract_levels"]:
        got = whist_sequences(URAL, level)
        want = []
        for s in v["expected"]["allowed_sequences"]:
            play = tuple(s["play"]) if isinstance(s["play"], list) else ("dealer_chooses",)
            want.append((tuple(s["calls"]), play))
        assert [(g.calls, g.play) for g in got] == want
        for players in (3, 4):
            paths = _whist_paths(_ural_whist_deal(players, level))
            assert sorted(paths) == sorted(want), (level, players)
        if "not_allowed_example" in v["expected"]:
            d = _ural_whist_deal(4, level)
            calls = [PrefCall.parse(c) for c in v["expected"]["not_allowed_example"]]
            d.apply(calls[0])
            with pytest.raises(IllegalAction):
                d.apply(calls[1])
        # nobody whists: the dealer chooses a defender's hand, then open or closed (4 players)
        for s in v["expected"]["allowed_sequences"]:
            if isinstance(s["play"], list):
                continue
            d = _ural_whist_deal(4, level)
            for c in s["calls"]:
                d.apply(PrefCall.parse(c))
            assert d.to_act == 3 and [str(a) for a in d.legal_actions()] == ["pass", "hand-1", "hand-2"]
            d.apply(PrefCall.parse("hand-2"))
            assert d.phase == PH_DEFENCE and d.to_act == 3
            d.apply(PrefCall.parse("closed"))
            r_d = d
            while r_d.phase != PH_PLAY:
                r_d.apply(PrefCall.parse("play"))
            assert r_d.controller(2) == 3 and r_d.controller(1) == 1  # closed: the dealer plays hand 2 only
            assert r_d.visible_mask(3) & r_d.hands[2] == r_d.hands[2]
            assert r_d.visible_mask(1) & r_d.hands[2] == 0
    assert whist_sequences(SOCHI, 6) == ()


@check("pref-ural-whist-sequences-6-7")
def _(v: dict[str, Any]) -> None:
    _seq(v)
    assert URAL.half_whist and URAL.dealer_returns_whist


@check("pref-ural-whist-sequences-8-10")
def _(v: dict[str, Any]) -> None:
    _seq(v)
    assert v["expected"]["responsible_defender"] == "the last whister" and URAL.high_game_responsible == "last"
    # 8 with two whisters taking nothing: only the last to say «вист» is short (one trick at 6, into the gora)
    r = mk(players=4, level=8, tricks={0: 10}, whisters=(2, 1), whist_calls=((1, "pass"), (2, "whist"),
                                                                              (1, "whist")))
    assert points(score_deal(r, URAL), "gora") == {1: 6}
    assert URAL.ten_whisted and URAL.obligation(10) == 1  # «Десятерная вистуется»


@check("pref-ural-prizes-closing")
def _(v: dict[str, Any]) -> None:
    exp = v["expected"]
    assert URAL.pulya_length == v["data"]["pulya_size"]
    # seat 0 closes the first pulya with a six: 120 whists on each other player
    st = state_with(3, pulya=(38, 30, 20), gora=(2, 10, 6))
    es = score_deal(mk(tricks={0: 6, 1: 4}, whisters=(1,), passers=(2,)), URAL, st)
    prize = [e for e in es if e.tag == "prize-first-pulya"]
    assert whists(prize) == {(0, 1): exp["first_to_close_pulya_whists_on_each_other"],
                             (0, 2): exp["first_to_close_pulya_whists_on_each_other"]}
    st = st.apply(es)
    # a game with the pulya closed helps the largest pulya at 20 whists per 2 points
    es2 = score_deal(mk(dealer=0, declarer=0, tricks={0: 6, 1: 4}, whisters=(1,), passers=(2,)), URAL, st)
    assert points(es2, "pulya") == {1: 2} and whists([e for e in es2 if e.tag == "help"]) == {(0, 1): 20}
    assert URAL.help_whists_per_point == exp["help_rate_whists_per_point"]
    st = st.apply(es2)
    # no trick on raspasy with the pulya closed: 2 off the gora, which closes it: 80 whists (3 players)
    es3 = score_deal(mk("raspasy", tricks={0: 0, 1: 4, 2: 6}, raspasy_round=1), URAL, st)
    assert total(es3, "gora", 0) == -2
    assert whists([e for e in es3 if e.tag == "prize-first-gora"]) == {
        (0, 1): exp["first_to_close_gora_whists_on_each_other"]["3_players"],
        (0, 2): exp["first_to_close_gora_whists_on_each_other"]["3_players"]}
    assert URAL.prize_first_gora == (exp["first_to_close_gora_whists_on_each_other"]["4_players"],
                                     exp["first_to_close_gora_whists_on_each_other"]["3_players"])
    st = st.apply(es3)
    assert not [e for e in score_deal(mk("raspasy", tricks={0: 0, 1: 4, 2: 6}), URAL, st) if "prize" in e.tag]
    # closed pulya and gora: help the smallest gora (written off), 10 whists a point
    st4 = state_with(3, pulya=(40, 40, 40), gora=(0, 9, 5))
    es4 = score_deal(mk(tricks={0: 6, 1: 4}, whisters=(1,), passers=(2,)), URAL, st4)
    assert points(es4, "gora") == {2: -2} and whists([e for e in es4 if e.tag == "help"]) == {(0, 2): 20}
    # final count: the unfinished pulya goes into the gora at single size
    sheet = PulkaSheet(URAL, 3)
    sheet.add(mk("unplayed", level=10, tricks={0: 10}))
    s = sheet.settle()
    assert [int(g) for g in s.gora] == [30, 40, 40] and exp["final_count"].endswith("single size")


@check("pref-ural-raspasy-zero")
def _(v: dict[str, Any]) -> None:
    r = mk("raspasy", tricks={0: 0, 1: 4, 2: 6}, raspasy_round=1)
    es = score_deal(r, URAL)
    assert points(es, "pulya") == {0: 2} and points(es, "gora") == {1: 8, 2: 12}
    es = score_deal(r, URAL, state_with(3, pulya=(40, 0, 0), gora=(6, 0, 0)))
    assert total(es, "gora", 0) == -2 and total(es, "pulya", 0) == 0
    es = score_deal(r, URAL, state_with(3, pulya=(40, 0, 0), gora=(0, 0, 0)))
    assert total(es, "gora", 0) == 0 and total(es, "pulya", 0) == 0 and not whists(es)  # the points burn
    rare = make_variant("ural", raspasy_prices=(2, 4), raspasy_zero_points=(2, 4))  # 2-4-4-4
    assert [rare.raspasy_price(i) for i in (1, 2, 3)] == [2, 4, 4] and rare.raspasy_zero(3) == 4
    assert not URAL.raspasy_amnesty  # «без амнистии»: every trick counts
    es = score_deal(mk("raspasy", tricks={0: 2, 1: 3, 2: 5}, raspasy_round=1), URAL)
    assert points(es, "gora") == {0: 4, 1: 6, 2: 10}
    sheet = PulkaSheet(URAL, 3)
    sheet.add(mk("raspasy", tricks={0: 2, 1: 3, 2: 5}, raspasy_round=1))
    assert sheet.raspasy_exit_min_level() == 6 and URAL.raspasy_exit_level == 6


@check("pref-ural-quick-tricks")
def _(v: dict[str, Any]) -> None:
    exp = v["expected"]
    talons = {"ace": "AS 7D", "marriage": "KH QH", "ace+king same suit": "AS KS", "two aces": "AS AH"}
    for key, cards in talons.items():
        assert talon_tricks_credited(CardSet.parse(cards).mask) == exp["tricks_credited"][key]
        r = mk(players=4, level=7, tricks={0: 7, 1: 3}, whisters=(1,), passers=(2,), talon=cards)
        bonus = whists([e for e in score_deal(r, URAL) if e.tag == "talon"])
        assert bonus == {(3, 0): exp["tricks_credited"][key] * URAL.price(7)}  # dealer on the declarer


@check("pref-kazakh-six-down-one")
def _(v: dict[str, Any]) -> None:
    t = v["data"]["tricks"]
    for open_ in (False, True):
        r = mk(players=4, tricks={0: t["declarer"], 1: t["W"]}, whisters=(1,), passers=(2,), open_defence=open_)
        es = score_deal(r, KAZAKH)
        expect_whists(es, v["expected"]["whists"], SEATS4)
    assert KAZAKH.price(6) == 8 and KAZAKH.consolation == "incomplete"


@check("pref-piter-raspasy-zero-choice")
def _(v: dict[str, Any]) -> None:
    price = v["data"]["raspasy_price_points_per_trick"]
    rnd = PITER.raspasy_prices.index(price) + 1
    r = mk("raspasy", tricks={0: 0, 1: 4, 2: 6}, raspasy_round=rnd)
    st = state_with(3, gora=(20, 0, 0))
    a, b = v["expected"]["choice"]
    assert points(score_deal(r, PITER, st), "pulya") == {0: a["pulya"]["X"]}
    es = score_deal(r, make_variant("piter", raspasy_zero_choice="gora_double"), st)
    assert total(es, "gora", 0) == b["gora"]["X"] and total(es, "pulya", 0) == 0
    # the dealer with four players too
    r4 = mk("raspasy", players=4, tricks={0: 2, 1: 3, 2: 5}, raspasy_round=rnd)
    assert points(score_deal(r4, PITER), "pulya") == {3: price}


@check("pref-piter-mandatory-raspasy")
def _(v: dict[str, Any]) -> None:
    exp = v["expected"]
    for k, want in exp["after_failed_misere_price_per_trick"].items():
        n = int(k.rstrip("+"))
        for kk in ((n, n + 1, 7) if k.endswith("+") else (n,)):
            r = mk("misere", tricks={0: kk, 1: 10 - kk})
            assert mandatory_raspasy_price(r, PITER) == want
    assert mandatory_raspasy_price(mk("misere", tricks={0: 0, 1: 10}), PITER) is None
    for k, want in exp["after_failed_9_or_10_over_misere_price_per_trick"].items():
        d = int(k[4:].rstrip("+"))
        for level in (9, 10):
            r = mk(level=level, tricks={0: level - d, 1: 10 - level + d}, whisters=(1,), passers=(2,))
            assert mandatory_raspasy_price(r, PITER, outbid_misere=True) == want
            assert mandatory_raspasy_price(r, PITER, outbid_misere=False) is None
    # on the sheet: after a failed misère with two tricks the next deal must be raspasy at 4 a trick
    sheet = PulkaSheet(PITER, 3)
    sheet.add(mk("raspasy", tricks={0: 2, 1: 3, 2: 5}))
    sheet.add(mk(level=7, tricks={0: 7, 1: 3}, whisters=(1,), passers=(2,)))
    sheet.add(mk("misere", dealer=1, declarer=2, tricks={2: 2, 0: 8}))
    assert sheet.mandatory_raspasy() and sheet.next_raspasy_price() == 4
    sheet.add(mk("raspasy", dealer=2, tricks={0: 2, 1: 3, 2: 5}))
    assert points([ln.entry for ln in sheet.lines if ln.deal == 4], "gora") == {0: 8, 1: 12, 2: 20}


@check("pref-piter-round-structure")
def _(v: dict[str, Any]) -> None:
    exp = v["expected"]
    var = make_variant("piter", pulya_length=4)
    sheet = PulkaSheet(var, 3)
    assert sheet.mandatory_raspasy() and sheet.forbid_six() and sheet.raspasy_exit_min_level() == \
        exp["first_contract_of_round_min_level"]
    assert [PITER.raspasy_price(i) for i in (1, 2, 3, 4)] == [2, 4, 6, 6]  # 2-4-6-6…
    sheet.add(mk("raspasy", tricks={0: 2, 1: 3, 2: 5}))
    assert sheet.next_raspasy_price() == 4
    sheet.add(mk("misere", dealer=0, declarer=1, tricks={1: 0, 0: 10}))  # «Мизер распасы не прерывает»
    assert sheet.next_raspasy_price() == 4
    sheet.add(mk("raspasy", dealer=1, tricks={0: 0, 1: 4, 2: 6}))  # seat 0: 4 into the pulya = round pulya
    assert sheet.pulya(0) == 4 and sheet.round_no == 1  # raspasy in progress: the round goes on
    sheet.add(mk("unplayed", dealer=2, level=7, tricks={0: 7, 1: 3}))  # not whisted: no exit
    assert sheet.round_no == 1 and sheet.next_raspasy_price() == 6
    sheet.add(mk(dealer=0, declarer=1, level=7, tricks={1: 7, 2: 3}, whisters=(2,), passers=(0,)))  # the exit
    assert sheet.round_no == 2 and sheet.forbid_six() and sheet.mandatory_raspasy()
    assert sheet.next_raspasy_price() == 2
    assert round_first_dealer(2, first_dealer=0, players=3) == 1 and round_first_dealer(4, 0, 3) == 0
    assert PITER.rounds is None  # footnote [7]: the number of players
    assert next_raspasy_round(sheet.results, var) == 1
    for _ in range(2):  # rounds 2 and 3 end quickly
        sheet.add(mk(dealer=0, declarer=0, level=7, tricks={0: 7, 1: 3}, whisters=(1,), passers=(2,)))
    assert sheet.is_over and sheet.round_no == 4


@check("pref-piter-overall-prizes")
def _(v: dict[str, Any]) -> None:
    exp = v["expected"]
    big, small = exp["largest_total_pulya_whists_on_each_opponent"], exp["smallest_total_gora_whists_on_each_opponent"]
    assert PITER.overall_prizes == (big, small)
    F = Fraction
    pr = overall_prize_whists((F(30), F(10), F(20)), (F(5), F(8), F(9)), PITER)
    assert pr[0] == [0, big + small, big + small] and pr[1] == [0, 0, 0]
    pr = overall_prize_whists((F(30), F(30), F(20)), (F(5), F(5), F(9)), PITER)  # ties share
    assert pr[0][2] == F(big + small, 2) and pr[1][2] == F(big + small, 2) and pr[0][1] == 0
    sheet = PulkaSheet(PITER, 3)
    sheet.add(mk("raspasy", tricks={0: 2, 1: 3, 2: 5}))
    sheet.add(mk(level=8, tricks={0: 8, 1: 2}, whisters=(1,), passers=(2,)))
    s = sheet.settle()
    assert s.prizes[0][1] == big + small and sum(s.balance) == 0


# ---------------------------------------------------------------------- F2 (§10.2, games/preferans/foreign_f2.py)

F2_STRAINS = {"spades": 0, "clubs": 1, "diamonds": 2, "hearts": 3}
F2_SEATS = {"A": 0, "B": 1, "C": 2}


def f2_result(kind: str, declarer: int | None, contract: int | None, tricks: Mapping[int, int] | None = None,
              whisters: Sequence[int] = (), passers: Sequence[int] = (),
              whist_calls: Sequence[tuple[int, str]] = ()) -> PrefDealResult:
    """An F2 deal of three (A, B, C = seats 0, 1, 2; the dealer C, so A is the first hand)."""
    t = [(tricks or {}).get(s, 0) for s in range(3)]
    assert sum(t) in (0, 10), t
    return PrefDealResult(players=3, dealer=2, active=(0, 1, 2), kind=kind, declarer=declarer, contract=contract,
                          level=6 if kind in ("game", "unplayed") else 0, tricks=tuple(t), whisters=tuple(whisters),
                          passers=tuple(passers), half_whister=None, returned_by=None, open_defence=False, talon=0,
                          raspasy_round=0, whist_calls=tuple(whist_calls))


def f2_vector_deal(d: Mapping[str, Any]) -> PrefDealResult:
    """A deal of the vector ``pref-f2-scoresheet-30`` as the rules engine would report it: the defenders'
    tricks as stated ("whist": "not stated" read as a pass with no trick), the declarer the rest."""
    if d.get("all_pass"):
        return f2_result("passed", None, None)
    dec = F2_SEATS[d["declarer"]]
    tricks: dict[int, int] = {}
    whisters, passers = [], []
    for name, seat in F2_SEATS.items():
        if seat == dec:
            continue
        w = d.get(name, {})
        if w.get("whist") is True:
            whisters.append(seat)
        else:
            passers.append(seat)
        tricks[seat] = int(w.get("tricks", 0))
    tricks[dec] = d.get("declarer_tricks", 10 - sum(tricks.values()))
    assert sum(tricks.values()) == 10
    call = game_bid(6, F2_STRAINS[d["contract"]])
    return f2_result("game", dec, int(call), tricks, whisters, passers)


@check("pref-f2-contract-values")
def _(v: dict[str, Any]) -> None:
    from cardroom.games.preferans.calls import MISERE_NO_TALON
    from cardroom.games.preferans.foreign_f2 import F2Sheet, call_value, contract_value, ordinal

    seen, exp = v["data"]["ordinals_seen"], v["expected"]
    for name, n in seen.items():  # the ordinals the text shows are the engine's
        call = MISERE if name == "Bettel" else game_bid(6, F2_STRAINS[name])
        assert ordinal(call) == n
    assert contract_value(seen["clubs"]) == call_value(game_bid(6, 1)) == exp["clubs_with_talon"]
    assert contract_value(seen["clubs"], True) == call_value(game_bid(6, 1, without_talon=True)) \
        == exp["clubs_without_talon"]
    assert call_value(game_bid(6, 2)) == exp["diamonds_with_talon"]
    for call, key in ((MISERE, "bettel_with_talon_failed"), (MISERE_NO_TALON, "bettel_without_talon_failed")):
        sheet = F2Sheet("f2", 3)
        sheet.add(f2_result("misere", 0, int(call), {0: 1, 1: 5, 2: 4}))  # the declarer took a trick
        penalty = int(exp[key]["declarer_contracts_column"].split()[0])
        assert sheet.contracts(0) == -30 - penalty
        assert sheet.whists(1, 0) == sheet.whists(2, 0) == exp[key]["each_defender_whists"]
        assert sheet.contracts(1) == sheet.contracts(2) == -30  # the defenders of a Bettel are not penalised


@check("pref-f2-multipliers")
def _(v: dict[str, Any]) -> None:
    from cardroom.games.preferans.foreign_f2 import F2Sheet, multiplier

    exp = v["expected"]
    assert (multiplier(1), multiplier(2), multiplier(0, refet=True)) == (exp["contra"], exp["recontra"], exp["refet"])
    assert multiplier(2, refet=True) == exp["refet_and_recontra"] == exp["recontra"] * exp["refet"]  # they multiply
    # through the sheet: an all-pass gives A a refet; his clubs (10) under contra and recontra count ×8
    sheet = F2Sheet("f2", 3)
    sheet.add(f2_result("passed", None, None))
    calls = ((1, "whist"), (2, "pass"), (1, "contra"), (0, "recontra"))
    sheet.add(f2_result("game", 0, int(game_bid(6, 1)), {0: 7, 1: 3}, (1,), (2,), calls))
    assert sheet.contracts(0) == -30 + 10 * exp["refet_and_recontra"]
    assert sheet.whists(1, 0) == 3 * 10 * exp["refet_and_recontra"]
    assert sheet.refets(0) == 0 and sheet.refets(1) == 1  # A's refet used up, B keeps his


@check("pref-f2-scoresheet-30")
def _(v: dict[str, Any]) -> None:
    from cardroom.games.preferans.foreign_f2 import F2Sheet

    data, exp = v["data"], v["expected"]
    sheet = F2Sheet(make_variant("f2", f2_start=-data["start"]), 3)
    for d in data["deals"]:
        sheet.add(f2_vector_deal(d))
    lines = sheet.lines_written
    assert len(lines) == len(exp["rows"])
    for ln, row in zip(lines, exp["rows"], strict=True):
        written: dict[str, Any] = {}
        for s, name in enumerate("ABC"):
            if ln.contracts[s] is not None:
                written[f"{name}_contracts"] = ln.contracts[s]
            for o, other in enumerate("ABC"):
                if ln.whists and ln.whists[s][o] is not None:
                    written[f"{name}_on_{other}"] = ln.whists[s][o]
        if "event" in row:  # «все спасовали и получили рефет»
            assert ln.event == "refets" and not written and row["event"] == "everybody receives a refet"
            continue
        assert written == {k: x for k, x in row.items() if not k.endswith("_refet")}, (row, written)
        if row.get("A_refet") == "used up":
            assert ln.refet_used and ln.multiplier == 2 and sheet.refets(0) == 0
    fin = exp["final"]
    assert {n: sheet.contracts(s) for n, s in F2_SEATS.items()} == fin["contracts"]
    got = {f"{a}_on_{b}": sheet.whists(i, j) for a, i in F2_SEATS.items() for b, j in F2_SEATS.items()
           if sheet.whists(i, j)}
    assert got == fin["whists"]


@check("pref-f2-settlement-30")
def _(v: dict[str, Any]) -> None:
    from cardroom.games.preferans.foreign_f2 import F2Sheet, final_count

    data, exp = v["data"], v["expected"]
    names = list(F2_SEATS)
    contracts = [data["contracts"][n] for n in names]
    wh = [[data["whists_written"].get(a, {}).get(b, 0) for b in names] for a in names]
    total, added, norm, bal = final_count(contracts, wh)
    assert -total == exp["shortfall_total"] and added == exp["added_to_each"]
    assert dict(zip(names, norm, strict=True)) == exp["normalised_contracts"]
    assert dict(zip(names, bal, strict=True)) == exp["results"] and sum(bal) == exp["sum"]
    # the same count of the sheet written by the worked example (pref-f2-scoresheet-30)
    sheet = F2Sheet("f2", 3)
    for d in VECTORS["pref-f2-scoresheet-30"]["data"]["deals"]:
        sheet.add(f2_vector_deal(d))
    st = sheet.settle()
    assert st.contracts == tuple(contracts) and st.shortfall == exp["shortfall_total"]
    assert dict(zip(names, st.balance, strict=True)) == exp["results"]


# preferans tournaments (digest §11): the checks are in tests/test_pref_tournament.py
from test_pref_tournament import TOUR_CHECKS  # noqa: E402

CHECKS.update(TOUR_CHECKS)

# ---------------------------------------------------------------------- the Greek cash box (its own file)
from test_preferans_greek import GREEK_CHECKS  # noqa: E402

assert not set(GREEK_CHECKS) & set(CHECKS)
CHECKS.update(GREEK_CHECKS)

# the foreign variants F1 and F3 (digest §10.1, §10.3): their checks live with their tests
from test_preferans_foreign import FOREIGN_CHECKS  # noqa: E402

CHECKS.update(FOREIGN_CHECKS)


# ---------------------------------------------------------------------- the tests


@pytest.mark.parametrize("vid", sorted(CHECKS))
def test_vector(vid: str) -> None:
    assert vid in VECTORS, f"{vid} is not in preferans-examples.json"
    CHECKS[vid](VECTORS[vid])


def test_every_vector_is_checked_or_listed() -> None:
    """Every vector of the file, whatever its id or kind, is checked or listed with its reason."""
    listed = {**UNTESTABLE, **NOT_BUILT}
    assert len(VECTORS) == 81, "preferans-examples.json changed: account for its new vectors"
    assert not set(CHECKS) & set(listed), "a vector both checked and listed"
    assert set(listed) <= set(VECTORS), f"listed ids not in the file: {sorted(set(listed) - set(VECTORS))}"
    assert all(reason.strip() for reason in listed.values())
    missing = set(VECTORS) - set(CHECKS) - set(listed)
    assert not missing, f"vectors neither checked nor listed: {sorted(missing)}"


def test_rostov_is_the_moscow_pulka_by_the_published_description() -> None:
    rostov = make_variant("ростовка")
    assert rostov.name == "rostov" and replace(rostov, name="moscow", title_ru=MOSCOW.title_ru,
                                               title_en=MOSCOW.title_en, aliases=MOSCOW.aliases) == MOSCOW
