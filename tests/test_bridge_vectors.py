"""The contract-bridge vectors of ../shared/rules, one test per vector, against the engine.

Every vector of kind ``score``, ``table-row`` and ``rule-example`` in bridge-examples.json (document 001)
and contract-laws-examples.json (document 002) is either checked here or listed in :data:`UNTESTABLE`
with the reason. Inside a checked vector, every key of ``expected`` is either asserted by the checker or
listed in :data:`UNCHECKED_FIELDS` with the reason, so nothing is skipped silently. ``deal`` vectors (the
two illustrative deals) are checked in test_bridge_illustrative.py; ``law-case`` vectors belong to the
laws module, not to these rules.
"""

from __future__ import annotations

import itertools
import json
import random
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from cardroom.core.cards import Card, Rank, Suit
from cardroom.core.deal import Deal, Draw
from cardroom.core.errors import IllegalAction, ParseError
from cardroom.core.table import Seat, Side
from cardroom.games.bridge.calls import BIDS, Call, Strain
from cardroom.games.bridge.club import (
    RUBBERS_PER_TOUR,
    allowed_pairings,
    cut_for_partners,
    deal_procedure,
    tour_partnerships,
)
from cardroom.games.bridge.game import ContractBridge
from cardroom.games.bridge.rubber import RubberState, ScoreSheet
from cardroom.games.bridge.rules import PHASE_PLAY, BridgeDeal, DealResult
from cardroom.games.bridge.scoring import (
    Contract,
    Entry,
    back_score_points,
    honours,
    overtrick_points,
    score_deal,
    slam_bonus,
    trick_points,
    undertrick_points,
)
from cardroom.games.bridge.variants import DOC001, MODERN, ScoringRules

RULES_DIR = Path(__file__).parents[2] / "shared" / "rules"
FILES = ("bridge-examples.json", "contract-laws-examples.json")
KINDS = ("score", "table-row", "rule-example")
KNOWN_KINDS = (*KINDS, "deal", "law-case")

Vector = dict[str, Any]


def _load() -> dict[str, Vector]:
    out: dict[str, Vector] = {}
    for name in FILES:
        for v in json.loads((RULES_DIR / name).read_text(encoding="utf-8")):
            assert v["id"] not in out, f"vector id {v['id']} twice"
            out[v["id"]] = v
    return out


VECTORS = _load()
RELEVANT = sorted(vid for vid, v in VECTORS.items() if v["kind"] in KINDS)

# A checker asserts the engine's outcome against the vector and returns the keys of ``expected`` it checked.
Check = Callable[[Vector], set[str]]
CHECKS: dict[str, Check] = {}


def check(*ids: str) -> Callable[[Check], Check]:
    def deco(fn: Check) -> Check:
        for i in ids:
            assert i not in CHECKS, f"two checkers for {i}"
            CHECKS[i] = fn
        return fn

    return deco


UNTESTABLE: dict[str, str] = {
    # No vector of the three kinds is wholly untestable: every one states at least one fact the engine
    # computes. Fields that are not computable are listed in UNCHECKED_FIELDS below.
}

UNCHECKED_FIELDS: dict[str, dict[str, str]] = {
    "bridge-seat-draw-tiebreak": {
        "reason": "prose explanation of the outcome, not an outcome",
    },
    "bridge-deal-procedure": {
        "face_down": "physical procedure (cards dealt face down); nothing for an engine to compute",
    },
    "bridge-double-cancelled-by-later-bid": {
        "note": "prose; the lapse of the double is asserted through 'doubled'",
    },
}

DOUBLING = {None: 0, "undoubled": 0, "doubled": 1, "redoubled": 2}
VULNERABLE = {"vulnerable": True, "not_vulnerable": False}
SCORINGS: tuple[ScoringRules, ...] = (DOC001, MODERN)
GAME = ContractBridge()


# ----------------------------------------------------------------------------- helpers
def bid(text: str) -> Call:
    c = Call.parse(text)
    assert c.is_bid
    return c


def contract(text: str, doubling: int = 0, declarer: Seat = Seat.SOUTH) -> Contract:
    c = bid(text)
    return Contract(c.level, c.strain, doubling, declarer)


def points(entries: Iterable[Entry], side: Side, *, below: bool | None = None, kind: str | None = None) -> int:
    return sum(e.points for e in entries
               if e.side == side and (below is None or e.below == below) and (kind is None or e.kind == kind))


def make_hands(fixed: Mapping[Seat, Iterable[str]], voids: Mapping[Seat, Iterable[Suit]] | None = None,
               avoid: Mapping[Seat, Iterable[str]] | None = None) -> tuple[int, int, int, int]:
    """Four 13-card hands holding the ``fixed`` cards; no other card of a void suit, nor an ``avoid`` card."""
    hands = [0, 0, 0, 0]
    used = 0
    for seat, cards in fixed.items():
        for text in cards:
            c = Card.parse(text)
            assert not used >> c & 1, f"{c} fixed twice"
            hands[seat] |= 1 << c
            used |= 1 << c
    void = {s: set(v) for s, v in (voids or {}).items()}
    banned = {s: {Card.parse(c) for c in v} for s, v in (avoid or {}).items()}
    rest = [Card(i) for i in range(52) if not used >> i & 1]

    def eligible(c: Card) -> list[Seat]:
        return [s for s in Seat if c.suit not in void.get(s, set()) and c not in banned.get(s, set())
                and hands[s].bit_count() < 13]

    rest.sort(key=lambda c: len(eligible(c)))
    for c in rest:
        seats = eligible(c)
        assert seats, f"no hand can take {c}"
        s = max(seats, key=lambda s: 13 - hands[s].bit_count())
        hands[s] |= 1 << c
    assert all(h.bit_count() == 13 for h in hands)
    return hands[0], hands[1], hands[2], hands[3]


def new_deal(dealer: Seat, hands: tuple[int, int, int, int] | None = None, seed: int = 1) -> BridgeDeal:
    deal = GAME.new_deal(dealer)
    deal.apply(Deal(hands) if hands is not None else Deal.random(random.Random(seed), first=dealer.lho))
    return deal


def run_auction(deal: BridgeDeal, calls: Sequence[tuple[str, str]]) -> None:
    for seat, text in calls:
        assert deal.to_act == Seat.parse(seat), f"{seat} called out of turn"
        deal.apply(Call.parse(text))


def play_one_trick(trump: str | None, leader: Seat, plays: Sequence[tuple[str, str]]) -> Seat:
    """Play one trick through BridgeDeal: a 1-level contract whose opening leader is ``leader``."""
    led = Card.parse(plays[0][1]).suit
    fixed = {Seat.parse(s): [c] for s, c in plays}
    voids = {Seat.parse(s): [led] for s, c in plays if Card.parse(c).suit != led}
    declarer = leader.rho
    deal = new_deal(declarer, make_hands(fixed, voids))
    strain = "NT" if trump is None else trump
    run_auction(deal, [(str(declarer), f"1{strain}"), (str(declarer.lho), "P"), (str(declarer.partner), "P"),
                       (str(declarer.rho), "P")])
    assert deal.phase == PHASE_PLAY and deal.next_seat == leader
    for seat, c in plays:
        assert deal.hand_to_play == Seat.parse(seat)
        deal.apply(Card.parse(c))
    return deal.tricks[0].winner


def result(c: Contract, tricks: int, vulnerable: tuple[bool, bool], rules: ScoringRules,
           hands: tuple[int, int, int, int] | None = None) -> DealResult:
    """A played deal, scored by the engine (the play itself is not recorded)."""
    entries = tuple(score_deal(c, tricks, vulnerable[c.side], rules, hands))
    return DealResult(c.declarer, vulnerable, hands or (0, 0, 0, 0), (), c, tricks, (), entries)


def play(sheet: ScoreSheet, c: Contract, tricks: int, hands: tuple[int, int, int, int] | None = None) -> DealResult:
    """Score one deal on ``sheet`` with the vulnerability the sheet gives."""
    r = result(c, tricks, sheet.vulnerable(), sheet.rules, hands)
    sheet.add(r)
    return r


def game_deal(side: Side) -> tuple[Contract, int]:
    """A contract that makes game by itself: 4S made exactly by the side's first seat."""
    return contract("4S", 0, side.seats[0]), 10


def eval_breakdown(text: str) -> int:
    """Evaluate a vector's arithmetic breakdown such as ``200 + 300 + 300`` or ``100 x 3``."""
    total = 0
    for term in text.split("+"):
        factors = [int(f) for f in re.split(r"[x×*]", term.strip())]
        prod = 1
        for f in factors:
            prod *= f
        total += prod
    return total


# ----------------------------------------------------------------------------- the draw, ranks, tour
@check("bridge-seat-draw-tiebreak")
def _draw_tiebreak(v: Vector) -> set[str]:
    d, e = v["data"]["draws"], v["expected"]
    s_card, w_card = Card.parse(d["S"]), Card.parse(d["W"])
    spots = [Card.of(s, r) for s in Suit for r in range(2, 10)]
    expected = Seat.parse(e["draw_winner"])
    for n_card, e_card in itertools.permutations(spots, 2):  # N and E drew unstated spot cards
        draw = Draw((n_card, e_card, s_card, w_card))
        assert Seat(draw.winner()) == expected
        assert Seat(cut_for_partners(draw).dealer) == Seat.parse(e["chooses_seat"])
    # The rubber begins with the draw; its winner is the first dealer.
    state = RubberState(GAME)
    state.apply(Draw((Card.parse("5H"), Card.parse("9C"), s_card, w_card)))
    assert state.dealer == Seat.parse(e["first_dealer"])
    assert v["data"]["suit_order_high_to_low"] == [s.letter for s in sorted(Suit, reverse=True)]
    return {"draw_winner", "chooses_seat", "first_dealer"}


@check("bridge-suit-ranking")
def _suit_ranking(v: Vector) -> set[str]:
    e = v["expected"]
    order = [s.letter for s in sorted(Suit, reverse=True)]
    assert order == e["order_high_to_low"]
    assert order[:2] == e["majors"] and order[2:] == e["minors"]
    # the draw: equal ranks are decided by suit
    for hi, lo in itertools.combinations(e["order_high_to_low"], 2):
        assert Draw((Card.parse("Q" + lo), Card.parse("Q" + hi))).winner() == 1
    # bids: same level, the higher suit is the higher bid
    for hi, lo in itertools.combinations(e["order_high_to_low"], 2):
        assert Call.parse("1" + hi) > Call.parse("1" + lo)
    return {"order_high_to_low", "majors", "minors"}


@check("bridge-card-ranking-honours")
def _card_ranking(v: Vector) -> set[str]:
    e = v["expected"]
    assert [r.text for r in sorted(Rank, reverse=True)] == e["order_high_to_low"]
    assert [Rank.parse(r).text for r in v["data"]["ranks"]] == [r.text for r in sorted(Rank)]
    # The engine's honours (doc 001 §6.7) are exactly the expected five: four of them in one hand score;
    # three of them with a spot card do not.
    honour_ranks = e["honours"]
    for r in [*honour_ranks, *e["spot_cards"]]:
        others = [h for h in honour_ranks if h != r][:3]
        held = [r + "H", *(h + "H" for h in others)]
        hands = make_hands({Seat.NORTH: held}, avoid={Seat.NORTH: [h + "H" for h in honour_ranks]})
        counted = bool(honours(hands, Strain.HEARTS))
        assert counted == (r in honour_ranks), r
    assert sorted(set(Rank) - {Rank.parse(h) for h in honour_ranks}, reverse=True) == [
        Rank.parse(s) for s in e["spot_cards"]]
    return {"order_high_to_low", "honours", "spot_cards"}


@check("bridge-partnership-rotation-tour")
def _tour(v: Vector) -> set[str]:
    d, e = v["data"], v["expected"]
    players = d["players"]
    r1 = tuple(tuple(p) for p in d["rubber1_pairs"])
    r2 = tuple(tuple(p) for p in d["rubber2_pairs"])
    r3 = tuple(tuple(p) for p in e["rubber3_pairs_forced"])
    assert tour_partnerships(players, 0) == r1
    assert tour_partnerships(players, 1) == r2
    assert tour_partnerships(players, 2) == r3
    assert (r2 in allowed_pairings(players, [r1])) == e["rubber2_allowed"]
    assert r1 not in allowed_pairings(players, [r1])
    assert allowed_pairings(players, [r1, r2]) == [r3]
    assert e["rubbers_per_tour"] == RUBBERS_PER_TOUR
    # a tour later, the rotation starts afresh
    assert tour_partnerships(players, RUBBERS_PER_TOUR) == r1
    assert len(allowed_pairings(players, [r1, r2, r3])) == 3
    return {"rubber2_allowed", "rubber3_pairs_forced", "rubbers_per_tour"}


@check("bridge-deal-procedure")
def _deal_procedure(v: Vector) -> set[str]:
    d, e = v["data"], v["expected"]
    dealer = Seat.parse(d["dealer"])
    proc = deal_procedure(dealer)
    assert proc.cut_by == Seat.parse(e["cut_by"])
    assert proc.first_card_to == Seat.parse(e["first_card_to"])
    assert [str(s) for s in proc.deal_order] == e["deal_order"]
    assert proc.still_pack_shuffled_by == Seat.parse(e["other_pack_shuffled_by"])
    # "on N's right (towards W)": the shuffler's right-hand neighbour is the next dealer
    m = re.fullmatch(r"on (\w)'s right \(towards (\w)\)", e["other_pack_placed"])
    assert m is not None
    assert proc.still_pack_shuffled_by == Seat.parse(m.group(1))
    assert proc.still_pack_placed_next_to == Seat.parse(m.group(2)) == proc.still_pack_shuffled_by.rho
    assert proc.next_dealer == Seat.parse(e["next_dealer"])
    nxt = deal_procedure(proc.next_dealer)
    assert nxt.still_pack_shuffled_by == Seat.parse(e["pack_shuffler_during_W_deal"])
    assert nxt.still_pack_placed_next_to == Seat.parse(e["pack_placed_next_to"])
    assert nxt.next_dealer == Seat.parse(e["dealer_after_W"])
    # The engine deals one card at a time from the dealer's left, 13 cards each.
    pack = [Card(i) for i in range(52)]
    deal = Deal.one_at_a_time(pack, first=proc.first_card_to)
    assert e["cards_dealt_one_at_a_time"] is True
    for i, c in enumerate(pack):
        assert deal.hands[proc.deal_order[i % 4]] >> c & 1
    assert all(h.bit_count() == e["cards_per_player"] for h in deal.hands)
    # ... and the rubber passes the deal to the left: a passed-out deal by S is followed by W, then N.
    state = RubberState(GAME)
    draw = [Card.parse(c) for c in ("2C", "3C", "4C", "5C")]
    draw[dealer] = Card.parse("AS")
    state.apply(Draw(tuple(draw)))
    dealers = []
    for k in range(2):
        assert state.deal is not None
        dealers.append(state.deal.dealer)
        state.apply(Deal.random(random.Random(k), first=state.deal.dealer.lho))
        for _ in range(4):
            state.apply(Call.parse("P"))
    assert state.deal is not None
    assert [*dealers, state.deal.dealer] == [dealer, Seat.parse(e["next_dealer"]), Seat.parse(e["dealer_after_W"])]
    return {"cut_by", "first_card_to", "deal_order", "cards_per_player", "cards_dealt_one_at_a_time",
            "other_pack_shuffled_by", "other_pack_placed", "next_dealer", "pack_shuffler_during_W_deal",
            "pack_placed_next_to", "dealer_after_W"}


# ----------------------------------------------------------------------------- bids and the auction
@check("bridge-bid-meaning-1H", "bridge-bid-meaning-3S", "bridge-bid-meaning-3NT")
def _bid_meaning(v: Vector) -> set[str]:
    e = v["expected"]
    c = contract(v["data"]["bid"])
    assert c.tricks_required == e["tricks_required"]
    trump = c.strain.trump
    assert (None if trump is None else Suit(trump).letter) == e["trump"]
    assert c.level == e["odd_tricks"]
    keys = {"tricks_required", "trump", "odd_tricks"}
    if "book" in e:
        assert c.tricks_required - c.level == e["book"]
        keys.add("book")
    return keys


@check("bridge-bid-range")
def _bid_range(v: Vector) -> set[str]:
    e = v["expected"]
    lo, hi = BIDS[0], BIDS[-1]
    assert lo.level == e["min_level"] and hi.level == e["max_level"]
    assert Contract(lo.level, lo.strain).tricks_required == e["min_tricks"]
    assert Contract(hi.level, hi.strain).tricks_required == e["max_tricks"]
    assert len(BIDS) == len(set(BIDS)) == e["distinct_bids"]
    for bad in ("0C", "8S", "8NT"):
        with pytest.raises(ParseError):
            Call.parse(bad)
    return {"min_level", "min_tricks", "max_level", "max_tricks", "distinct_bids"}


@check("bridge-bid-compare-3C-over-2NT", "bridge-bid-compare-3H-over-2S", "bridge-bid-compare-2H-over-2D",
       "bridge-bid-compare-1S-over-1H", "bridge-bid-compare-1NT-over-1S", "bridge-bid-compare-1D-over-1C")
def _bid_compare(v: Vector) -> set[str]:
    a, b = bid(v["data"]["bid_a"]), bid(v["data"]["bid_b"])
    higher = bid(v["expected"]["higher"])
    lower = b if higher == a else a
    assert max(a, b) == higher
    # In an auction, the higher bid may follow the lower one and not the reverse.
    deal = new_deal(Seat.NORTH)
    deal.apply(lower)
    assert higher in deal.legal_calls()
    deal = new_deal(Seat.NORTH)
    deal.apply(higher)
    assert lower not in deal.legal_calls()
    with pytest.raises(IllegalAction):
        deal.apply(lower)
    return {"higher"}


@check("bridge-table5-bid-order-reconstructed")
def _table5(v: Vector) -> set[str]:
    order = v["expected"]["bids_low_to_high"]
    assert len(order) == v["data"]["bids_low_to_high_count"]
    assert [str(b) for b in BIDS] == order
    assert [str(b) for b in sorted(BIDS)] == order
    return {"bids_low_to_high"}


@check("bridge-auction-end-simple", "bridge-double-cancelled-by-later-bid")
def _auction(v: Vector) -> set[str]:
    d, e = v["data"], v["expected"]
    deal = new_deal(Seat.parse(d["dealer"]))
    calls = [(s, c) for s, c in d["calls"]]
    run_auction(deal, calls[:-1])
    assert deal.phase != PHASE_PLAY  # not over before the last pass
    run_auction(deal, calls[-1:])
    assert (deal.phase == PHASE_PLAY) == e["auction_over"]
    assert deal.contract is not None
    assert f"{deal.contract.level}{deal.contract.strain}" == e["contract"]
    assert deal.declarer == Seat.parse(e["declarer"])
    assert {0: None, 1: "doubled", 2: "redoubled"}[deal.contract.doubling] == e["doubled"]
    return {"auction_over", "contract", "declarer", "doubled"}


@check("bridge-declarer-first-to-name-suit")
def _declarer(v: Vector) -> set[str]:
    d, e = v["data"], v["expected"]
    bids = [(Seat.parse(s), c) for s, c in d["calls_of_declaring_side_in_order"]]
    # The opponents' calls are not stated: they pass.
    dealer = bids[0][0]
    deal = new_deal(dealer)
    pending = list(bids)
    while pending:
        assert deal.to_act is not None
        if Seat(deal.to_act) == pending[0][0]:
            deal.apply(Call.parse(pending.pop(0)[1]))
        else:
            deal.apply(Call.parse("P"))
    for _ in range(3):
        deal.apply(Call.parse("P"))
    assert deal.contract is not None and deal.contract.text == d["final_contract"]
    assert deal.calls[max(i for i, c in enumerate(deal.calls) if c.is_bid)] == bid(d["final_contract"])
    assert deal.declarer == Seat.parse(e["declarer"])
    assert deal.dummy == Seat.parse(e["dummy"])
    assert deal.to_act == Seat.parse(e["opening_leader"])
    # Dummy is spread after the opening lead, and declarer plays dummy's cards.
    assert e["dummy_exposed"] == "after the opening lead"
    assert not deal.dummy_exposed
    assert deal.view(Seat.WEST).dummy_hand is None
    order: list[str] = []
    for _ in range(4):
        hand, actor = deal.hand_to_play, deal.to_act
        assert hand is not None and actor is not None
        if hand == deal.dummy:
            order.append(f"{hand} (dummy, card chosen by {Seat(actor)})")
        elif hand == deal.declarer:
            order.append(f"{hand} (own hand)")
        else:
            order.append(str(hand))
        deal.apply(deal.legal_actions()[0])
        assert deal.dummy_exposed
        assert deal.view(Seat.WEST).dummy_hand is not None
    assert order == e["first_trick_play_order"]
    return {"declarer", "dummy", "opening_leader", "first_trick_play_order", "dummy_exposed"}


# ----------------------------------------------------------------------------- the play
@check("bridge-trick-winner-3NT-t1", "bridge-trick-winner-3NT-t2", "bridge-trick-winner-3NT-t5")
def _trick_winner(v: Vector) -> set[str]:
    d = v["data"]
    plays = [(s, c) for s, c in d["plays"]]
    winner = play_one_trick(d["trump"], Seat.parse(d["leader"]), plays)
    assert winner == Seat.parse(v["expected"]["winner"])
    return {"winner"}


# ----------------------------------------------------------------------------- scoring of one deal
@check("bridge-doubling-multipliers")
def _multipliers(v: Vector) -> set[str]:
    mult = v["expected"]["multiplier"]
    assert list(mult) == v["data"]["states"]
    for rules in SCORINGS:
        for level, strain in itertools.product(range(1, 8), Strain):
            base = trick_points(level, strain, 0, rules)
            for state, m in mult.items():
                dbl = DOUBLING[state]
                assert trick_points(level, strain, dbl, rules) == base * m
                made = score_deal(Contract(level, strain, dbl), 6 + level, False, rules)
                assert points(made, Side.NS, below=True) == base * m
    # Document 001 doubles and quadruples overtricks as well ("в два или в четыре раза").
    for strain, dbl, vul in itertools.product(Strain, range(3), (False, True)):
        one = overtrick_points(1, strain, 0, vul, DOC001)
        assert overtrick_points(1, strain, dbl, vul, DOC001) == one * mult[["undoubled", "doubled", "redoubled"][dbl]]
    return {"multiplier"}


@check("bridge-score-3S-plus1")
def _score_made(v: Vector) -> set[str]:
    d, e = v["data"], v["expected"]
    c = contract(d["contract"], DOUBLING[d["doubled"]])
    for rules, vul in itertools.product(SCORINGS, (False, True)):  # vulnerability not stated: irrelevant
        entries = score_deal(c, d["tricks_taken"], vul, rules)
        assert points(entries, c.side, below=True) == e["declarer_below_line"]
        assert points(entries, c.side, below=False) == e["declarer_above_line"]
        assert points(entries, c.side, kind="overtricks") == e["overtricks"] * trick_points(1, c.strain, 0, rules)
        assert d["tricks_taken"] - c.tricks_required == e["overtricks"]
    return {"declarer_below_line", "declarer_above_line", "overtricks"}


@check("bridge-table6-spades-trick-value")
def _spade_value(v: Vector) -> set[str]:
    strain = Strain.parse(v["data"]["denomination"])
    for rules in SCORINGS:
        for level in range(1, 8):
            assert trick_points(level, strain, 0, rules) == level * v["expected"]["points_per_odd_trick"]
    return {"points_per_odd_trick"}


@check(*(vid for vid in VECTORS if vid.startswith("bridge-undertrick-")))
def _undertrick_row(v: Vector) -> set[str]:
    d, e = v["data"], v["expected"]
    vul, dbl = VULNERABLE[d["declarer_side"]], DOUBLING[d["doubling"]]
    rules = DOC001  # the schedule of document 001 §6.5
    assert undertrick_points(1, dbl, vul, rules) == e["first_undertrick"]
    for down in range(2, 14):
        step = undertrick_points(down, dbl, vul, rules) - undertrick_points(down - 1, dbl, vul, rules)
        assert step == e["each_subsequent_undertrick"], down
    # The penalty goes to the opponents, above the line; the declaring side scores nothing.
    entries = score_deal(Contract(4, Strain.SPADES, dbl, Seat.NORTH), 8, vul, rules)
    assert points(entries, Side.EW, below=False) == e["first_undertrick"] + e["each_subsequent_undertrick"]
    assert points(entries, Side.NS) == 0 and points(entries, Side.EW, below=True) == 0
    return {"first_undertrick", "each_subsequent_undertrick"}


@check(*(vid for vid in VECTORS if vid.startswith("bridge-penalty-example-")))
def _penalty_example(v: Vector) -> set[str]:
    d, e = v["data"], v["expected"]
    vul, dbl, down = VULNERABLE[d["declarer_side"]], DOUBLING[d["doubling"]], d["undertricks"]
    assert eval_breakdown(e["breakdown"]) == e["penalty_points"]
    for rules in SCORINGS:  # the four worked examples agree in both scorings
        assert undertrick_points(down, dbl, vul, rules) == e["penalty_points"]
        entries = score_deal(Contract(4, Strain.HEARTS, dbl, Seat.EAST), 10 - down, vul, rules)
        assert points(entries, Side.NS, below=False, kind="undertricks") == e["penalty_points"]
        assert points(entries, Side.EW) == 0
    return {"penalty_points", "breakdown"}


@check(*(vid for vid in VECTORS if vid.startswith("bridge-slam-bonus-")))
def _slam(v: Vector) -> set[str]:
    d, e = v["data"], v["expected"]
    tricks = d["tricks_bid_and_taken"]
    level, vul = tricks - 6, VULNERABLE[d["declarer_side"]]
    assert level == {"small_slam": 6, "grand_slam": 7}[d["slam"]]
    assert e["where"].startswith("above the line")
    for rules, strain in itertools.product(SCORINGS, Strain):
        assert slam_bonus(level, vul, rules) == e["bonus"]
        entries = score_deal(Contract(level, strain, 0, Seat.WEST), tricks, vul, rules)
        slams = [x for x in entries if x.kind == "slam"]
        assert [(x.side, x.points, x.below) for x in slams] == [(Side.EW, e["bonus"], False)]
    return {"bonus", "where"}


@check("bridge-honours-four-of-five", "bridge-honours-all-five", "bridge-honours-nt-four-aces")
def _honours(v: Vector) -> set[str]:
    e = v["expected"]
    assert e["where"].startswith("above the line")
    if v["id"].endswith("nt-four-aces"):
        cases = [(Strain.NOTRUMP, ["AS", "AH", "AD", "AC"])]
    elif v["id"].endswith("all-five"):
        cases = [(Strain(s), [r + Suit(s).letter for r in ("A", "K", "Q", "J", "10")]) for s in range(4)]
    else:
        five = ("A", "K", "Q", "J", "10")
        cases = [(Strain(s), [r + Suit(s).letter for r in five if r != skip]) for s in range(4) for skip in five]
    for rules in SCORINGS:
        for strain, cards in cases:
            trumps = "SHDC" if strain is Strain.NOTRUMP else Suit(strain).letter
            top = [r + t for t in trumps for r in ("A", "K", "Q", "J", "10")]
            for seat in Seat:
                hands = make_hands({seat: cards}, avoid={seat: top})
                assert honours(hands, strain, rules) == [(seat, e["honours_bonus"])]
                entries = score_deal(Contract(1, strain, 0, Seat.NORTH), 4, False, rules, hands)
                got = [(x.side, x.points, x.below) for x in entries if x.kind == "honours"]
                assert got == [(seat.side, e["honours_bonus"], False)]  # held by any player, even a defender
    return {"honours_bonus", "where"}


@check("bridge-overtrick-doubled-derived")
def _overtrick_doubled(v: Vector) -> set[str]:
    d, e = v["data"], v["expected"]
    c0 = contract(d["contract"])
    assert trick_points(1, c0.strain, 0) == d["spade_trick_value"]
    for state in ("doubled", "redoubled"):
        c = replace(c0, doubling=DOUBLING[state])
        entries = score_deal(c, d["tricks_taken"], False, DOC001)
        assert points(entries, c.side, below=True) == e[state]["below_line"]
        assert points(entries, c.side, kind="overtricks") == e[state]["above_line"]
        # DOC001 adds the standard-law bonus for a made doubled contract, which document 001 does not state;
        # without it the above-the-line total is exactly the vector's.
        doc_only = replace(DOC001, insult=(0, 0))
        entries = score_deal(c, d["tricks_taken"], False, doc_only)
        assert points(entries, c.side, below=False) == e[state]["above_line"]
    return {"doubled", "redoubled"}


@check("bridge-failed-contract-no-trick-points")
def _failed(v: Vector) -> set[str]:
    d, e = v["data"], v["expected"]
    c = contract(d["contract"], DOUBLING[d["doubling"]], Seat.SOUTH)
    for rules in SCORINGS:
        entries = score_deal(c, d["tricks_taken"], VULNERABLE[d["declarer_side"]], rules)
        assert points(entries, c.side, below=True) == e["declarer_below_line"]
        assert points(entries, c.side, below=False) == e["declarer_above_line"]
        assert points(entries, c.side.other, below=False) == e["defenders_above_line"]
        assert points(entries, c.side.other, below=True) == 0
    return {"declarer_below_line", "declarer_above_line", "defenders_above_line"}


@check("bridge-scoresheet-layout")
def _layout(v: Vector) -> set[str]:
    e = v["expected"]
    assert e["columns"] == ["мы (we)", "они (they)"]
    sheet = ScoreSheet(DOC001)
    hands = make_hands({Seat.NORTH: ["AS", "KS", "QS", "JS"]})
    lines = [
        *play(sheet, contract("6S", 1, Seat.NORTH), 13, hands).entries,  # tricks, overtrick, insult, slam, honours
        *play(sheet, contract("4H", 0, Seat.EAST), 8).entries,  # undertricks
        *play(sheet, contract("3NT", 0, Seat.SOUTH), 9).entries,  # game and rubber
    ]
    where = {x.kind: x.below for x in lines}
    rubber = [ln.entry for ln in sheet.lines if ln.entry.kind == "rubber"]
    assert len(rubber) == 1 and rubber[0].below is True  # document 001 writes the rubber bonus below the line
    below_kinds = {k for k, b in where.items() if b} | {"rubber"}
    above_kinds = {k for k, b in where.items() if not b}
    assert below_kinds == {"tricks", "rubber"}
    assert {"overtricks", "undertricks", "slam", "honours"} <= above_kinds
    assert e["below_line"] == ["points for contracted tricks", "rubber bonus"]
    assert e["above_line"][:4] == ["overtricks", "undertrick penalties", "slam bonuses", "honours"]
    assert "insult" in above_kinds  # one of "all other premiums"
    ru, en = sheet.render(lang="ru"), sheet.render(lang="en")
    assert "МЫ" in ru.splitlines()[0] and "ОНИ" in ru.splitlines()[0]
    assert "WE" in en.splitlines()[0] and "THEY" in en.splitlines()[0]
    return {"columns", "below_line", "above_line"}


# ----------------------------------------------------------------------------- game and rubber
@check("bridge-game-110-vs-80")
def _game_110_80(v: Vector) -> set[str]:
    d, e = v["data"], v["expected"]
    a, b = Side.NS, Side.EW
    for rules in SCORINGS:
        assert rules.game_points == d["game_threshold"]
        sheet = ScoreSheet(rules)
        play(sheet, contract("1NT", 0, Seat.NORTH), 7)  # A 40
        play(sheet, contract("4D", 0, Seat.EAST), 10)  # B 80, from an earlier deal
        assert sheet.below == [40, d["pair_B_points_toward_game"]] and not sheet.games
        play(sheet, contract("2NT", 0, Seat.SOUTH), 8)  # A 40 + 70 = 110
        below_a = sum(ln.entry.points for ln in sheet.lines if ln.entry.side == a and ln.entry.below)
        assert below_a == d["pair_A_points_toward_game"]
        assert sheet.games == [{"A": a, "B": b}[e["game_winner"]]]
        assert sheet.below[b] == e["pair_B_starts_next_game_at"] == 0
        annulled = sum(ln.entry.points for ln in sheet.lines if ln.annulled and ln.entry.side == b)
        if rules.annulled_part_score_counts:  # "modern": the part score stays in the total
            assert annulled == 0 and sheet.total(b) == e["pair_B_points_annulled"]
        else:  # "doc001": «80 очков аннулируются»
            assert annulled == e["pair_B_points_annulled"] and sheet.total(b) == 0
        # the next game starts from zero for both
        play(sheet, contract("3D", 0, Seat.WEST), 9)
        assert sheet.below[b] == 60 and len(sheet.games) == 1
    return {"game_winner", "pair_B_points_annulled", "pair_B_starts_next_game_at"}


def _rubber_bonus(games: str, rules: ScoringRules) -> Entry:
    won, lost = (int(x) for x in games.split("-"))
    order = [Side.NS] * (won - 1) + [Side.EW] * lost + [Side.NS]  # the winner's second game comes last
    sheet = ScoreSheet(rules)
    for side in order:
        play(sheet, *game_deal(side))
    assert sheet.winner == Side.NS and sheet.games_won(Side.NS) == won and sheet.games_won(Side.EW) == lost
    rubber = [ln.entry for ln in sheet.lines if ln.entry.kind == "rubber"]
    assert len(rubber) == 1
    return rubber[0]


@check("bridge-rubber-bonus-2-0", "bridge-rubber-bonus-2-1")
def _rubber(v: Vector) -> set[str]:
    for rules in SCORINGS:
        entry = _rubber_bonus(v["data"]["games_won"], rules)
        assert entry.points == v["expected"]["rubber_bonus"]
        assert entry.below == rules.rubber_bonus_below_line
    assert DOC001.rubber_bonus_below_line  # document 001: «Под чертой пишутся ... премиальные очки за ... роббер»
    return {"rubber_bonus"}


@check("TR-05-rubber-bonus")
def _tr05(v: Vector) -> set[str]:
    # The number of games is not stated; in the engine 500 is the 2-1 rubber (document 001: 700 for 2-0).
    for rules in SCORINGS:
        assert _rubber_bonus("2-1", rules).points == v["expected"]["bonus"]
        assert _rubber_bonus("2-0", rules).points != v["expected"]["bonus"]
    return {"bonus"}


def _worked_rubber(rules: ScoringRules) -> tuple[ScoreSheet, DealResult]:
    """A rubber consistent with document 002's worked example: before item з) "we" (NS) hold one game and
    360 points and "they" (EW) one game and 1300 points; item з) is 6D bid and made, vulnerable."""
    sheet = ScoreSheet(rules)
    honours_n = make_hands({Seat.NORTH: ["AS", "KS", "QS", "JS", "10S"]})
    honours_e = make_hands({Seat.EAST: ["AS", "KS", "QS", "JS", "10S"]})
    play(sheet, contract("4S", 0, Seat.NORTH), 13, honours_n)  # we: 120 + 90 + 150 = 360, game
    play(sheet, contract("4S", 0, Seat.EAST), 11, honours_e)  # they: 120 + 30 + 150 = 300, game
    play(sheet, contract("4H", 1, Seat.NORTH), 8)  # we vulnerable, two down doubled: they + 500
    play(sheet, contract("4H", 1, Seat.NORTH), 8)  # they + 500: 1300
    assert (sheet.total(Side.NS), sheet.total(Side.EW)) == (360, 1300)
    z = play(sheet, contract("6D", 0, Seat.SOUTH), 12)
    return sheet, z


@check("SC-01-rubber-item-z-6D-small-slam")
def _sc01(v: Vector) -> set[str]:
    d, e = v["data"], v["expected"]
    c = d["contract"]
    assert (c["level"], c["denomination"], d["tricks_taken"]) == (6, "D", 12)
    for rules in SCORINGS:
        sheet, z = _worked_rubber(rules)
        assert z.vulnerable == (True, True)  # "we" already hold a game (inferred in the vector), so do "they"
        assert sheet.winner == Side.NS and d["winner_of_rubber"] == "we"
        lines = [ln.entry for ln in sheet.lines if ln.deal == sheet.deals]
        tricks = [x for x in lines if x.kind == "tricks"]
        assert [x.points for x in tricks] == [e["trick_points"]]
        assert tricks[0].below == (e["trick_points_line"] == "below")
        assert points(lines, Side.NS, kind="slam") == e["small_slam_bonus"]
        assert points(lines, Side.NS, kind="rubber") == e["rubber_bonus"]
        assert points(lines, Side.NS) == e["deal_total_for_we"]
        assert points(lines, Side.EW) == 0
    return {"trick_points", "trick_points_line", "small_slam_bonus", "rubber_bonus", "deal_total_for_we"}


@check("SC-02-rubber-totals-1730-1300")
def _sc02(v: Vector) -> set[str]:
    d, e = v["data"], v["expected"]
    for rules in SCORINGS:
        sheet, _ = _worked_rubber(rules)
        assert (sheet.total(Side.NS), sheet.total(Side.EW)) == (d["we_total"], d["they_total"])
        assert sheet.winner is not None
        assert {Side.NS: "we", Side.EW: "they"}[sheet.winner] == e["rubber_winner"]
        assert sheet.margin() == e["margin"]
        before = {side: sheet.total(side) - sum(x.points for x in [ln.entry for ln in sheet.lines
                                                                     if ln.deal == sheet.deals] if x.side == side)
                  for side in Side}
        assert before[Side.NS] == e["derived_we_total_before_item_z"]
        assert before[Side.EW] == e["derived_they_total_before_item_z"]
    return {"rubber_winner", "margin", "derived_we_total_before_item_z", "derived_they_total_before_item_z"}


@check("SC-03-back-score-four-point-rubber", "TR-08-back-score-data-point")
def _back_score(v: Vector) -> set[str]:
    d, e = v["data"], v["expected"]
    margin = d.get("margin", d.get("rubber_margin"))
    want = e.get("back_score_rubber_points", e.get("back_score_points"))
    for rounding in ("nearest-50-down", "nearest-50-up", "truncate"):
        rules = replace(DOC001, back_score_rounding=rounding)
        assert back_score_points(margin, rules) == want
        assert back_score_points(-margin, rules) == -want
    keys = {"back_score_rubber_points"} if "back_score_rubber_points" in e else {"back_score_points"}
    if "credited_to" in e:
        sheet, _ = _worked_rubber(DOC001)
        assert sheet.margin() == margin
        we = {"we": Side.NS, "they": Side.EW}[e["credited_to"]]
        assert sheet.back_score() == {s.letter: want if s.side == we else -want for s in Seat}
        keys.add("credited_to")
    return keys


@check("SC-04-revoke-footnote-2H-8-plus-2", "SC-05-derived-revoke-tricks-complete-contract")
def _revoke_tricks(v: Vector) -> set[str]:
    d, e = v["data"], v["expected"]
    c = Contract(d["contract"]["level"], Strain.parse(d["contract"]["denomination"]), 0, Seat.SOUTH)
    credited = d["declarer_tricks_won_in_play"] + d["revoke_penalty_tricks_received"]
    assert credited == d["declarer_tricks_credited"]
    keys = {"contract_made", "below_line"}
    for rules, vul in itertools.product(SCORINGS, (False, True)):
        # The transferred tricks are scored as tricks won in play (L30): score the credited total.
        entries = score_deal(c, credited, vul, rules)
        assert (credited >= c.tricks_required) == e["contract_made"]
        assert points(entries, c.side, below=True) == e["below_line"]
        over = points(entries, c.side, below=False, kind="overtricks")
        if "above_line" in e:
            assert over == points(entries, c.side, below=False) == e["above_line"]
            keys.add("above_line")
        if "above_line_from_tricks" in e:
            assert over == e["above_line_from_tricks"]
            keys.add("above_line_from_tricks")
        if "extra_tricks" in e:
            assert credited - c.tricks_required == e["extra_tricks"]
            keys.add("extra_tricks")
    return keys


# ----------------------------------------------------------------------------- document 002 table rows
@check("TR-01-diamond-trick-value", "TR-02-heart-trick-value")
def _trick_value_rows(v: Vector) -> set[str]:
    d, e = v["data"], v["expected"]
    strain = Strain.parse(d["denomination"])
    level = d.get("odd_tricks_contracted_and_made", d.get("odd_tricks_contracted"))
    keys = {"per_odd_trick"}
    for rules in SCORINGS:
        assert trick_points(1, strain, 0, rules) == e["per_odd_trick"]
        total = trick_points(level, strain, 0, rules)
        if "trick_points" in e:
            assert total == e["trick_points"]
            keys.add("trick_points")
        if "below_line" in e:
            entries = score_deal(Contract(level, strain), d["tricks_taken"], False, rules)
            assert points(entries, Side.NS, below=True) == total == e["below_line"]
            keys.add("below_line")
    return keys


@check("TR-03-heart-overtrick-undoubled")
def _tr03(v: Vector) -> set[str]:
    d, e = v["data"], v["expected"]
    c = Contract(d["contract_level"], Strain.parse(d["denomination"]))
    for rules, vul in itertools.product(SCORINGS, (False, True)):
        entries = score_deal(c, d["tricks_credited"], vul, rules)
        assert d["tricks_credited"] - c.tricks_required == e["extra_tricks"]
        assert points(entries, Side.NS, below=False, kind="overtricks") == e["above_line"]
        assert overtrick_points(1, c.strain, 0, vul, rules) == e["per_extra_trick"]
    return {"extra_tricks", "above_line", "per_extra_trick"}


@check("TR-04-small-slam-bonus")
def _tr04(v: Vector) -> set[str]:
    for rules in SCORINGS:  # item з): the side is inferred vulnerable (it wins the rubber with this deal)
        assert slam_bonus(6, True, rules) == v["expected"]["bonus"]
    return {"bonus"}


@check("TR-06-line-placement")
def _tr06(v: Vector) -> set[str]:
    e = v["expected"]
    for rules in SCORINGS:
        entries = score_deal(contract("2H"), 10, False, rules)
        line = {"below the line": True, "above the line": False}
        assert {x.kind: x.below for x in entries} == {"tricks": line[e["contracted_trick_points"]],
                                                     "overtricks": line[e["extra_trick_points"]]}
    return {"contracted_trick_points", "extra_trick_points"}


@check("TR-07-tricks-required-book-six")
def _tr07(v: Vector) -> set[str]:
    assert v["expected"]["tricks_required"] == "6 + level"
    for case in v["data"]["cases"]:
        if "level" in case:
            level = case["level"]
        else:
            level = bid(case["contract"]).level
            assert contract(case["contract"]).tricks_required == case["tricks_for_contract"]
        assert Contract(level, Strain.SPADES).tricks_required == 6 + level
        if case.get("name") == "small slam":
            assert slam_bonus(level, False) > 0 and slam_bonus(level - 1, False) == 0
    return {"tricks_required"}


# ----------------------------------------------------------------------------- the tests
@pytest.mark.parametrize("vector_id", sorted(CHECKS))
def test_vector(vector_id: str) -> None:
    v = VECTORS[vector_id]
    checked = CHECKS[vector_id](v)
    unchecked = set(UNCHECKED_FIELDS.get(vector_id, {}))
    assert checked | unchecked == set(v["expected"]), (
        f"expected fields neither checked nor listed: {set(v['expected']) - checked - unchecked}; "
        f"checked but absent: {(checked | unchecked) - set(v['expected'])}")


def test_every_vector_is_tested_or_listed() -> None:
    assert RELEVANT, f"no vectors found in {RULES_DIR}"
    assert {v["kind"] for v in VECTORS.values()} <= set(KNOWN_KINDS), "a vector kind nobody checks"
    missing = [vid for vid in RELEVANT if vid not in CHECKS and vid not in UNTESTABLE]
    assert not missing, f"vectors neither tested nor listed as untestable: {missing}"
    assert not set(CHECKS) & set(UNTESTABLE)
    stale = [vid for vid in [*CHECKS, *UNTESTABLE, *UNCHECKED_FIELDS] if vid not in VECTORS]
    assert not stale, f"checks for vectors that do not exist: {stale}"
    assert all(VECTORS[vid]["kind"] in KINDS for vid in CHECKS)


def test_vector_counts() -> None:
    """61 vectors of the three kinds: 48 of document 001 and 13 of document 002; all are checked."""
    assert len(RELEVANT) == 61
    assert len(CHECKS) == 61 and not UNTESTABLE
