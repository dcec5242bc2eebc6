"""Properties over random rubbers of auction and straight bridge (hypothesis): the sheet kept in
play equals the sheet recomputed from the results and from first principles, every card is in one
place, a replay and a JSON record give the identical state, no view shows a hidden card, refused
actions leave the state unchanged; and properties of the scoring functions."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from cardroom.bots.oldbridge import OldBridgeBot
from cardroom.core.cards import FULL_PACK_MASK
from cardroom.core.deal import Deal
from cardroom.core.errors import IllegalAction
from cardroom.core.game import CHANCE
from cardroom.core.table import Seat, Side
from cardroom.games.oldbridge.calls import ALL_CALLS, Denom
from cardroom.games.oldbridge.game import AuctionBridge, StraightBridge
from cardroom.games.oldbridge.rubber import OldRubberState
from cardroom.games.oldbridge.scoring import (
    AuctionContract,
    StraightMake,
    ace_points,
    honour_units,
    score_auction,
    score_straight,
)
from cardroom.games.oldbridge.variants import AuctionRules, StraightRules
from cardroom.records.registry import read_record, write_record

GAMES: list[tuple[str, dict[str, Any]]] = [
    ("auction-bridge", {}), ("auction-bridge", {"nullo": True}), ("auction-bridge", {"dealer_must_bid": False}),
    ("auction-bridge", {"declarer_rule": "first-to-name", "max_doublings": 4}),
    ("straight-bridge", {}), ("straight-bridge", {"doubling_limit": "cap-100", "honours": "none"}),
]


def _game(i: int) -> AuctionBridge | StraightBridge:
    name, opts = GAMES[i]
    return AuctionBridge(**opts) if name == "auction-bridge" else StraightBridge(**opts)


def _expected_sheet_totals(state: OldRubberState) -> tuple[int, int]:
    """Law 10 from first principles: every entry of every deal, plus the rubber bonus to the side
    that first won two games."""
    totals = [0, 0]
    below = [0, 0]
    games = [0, 0]
    rules = state.rules
    for r in state.results:
        for e in r.entries:
            totals[e.side] += e.points
            if e.below:
                below[e.side] += e.points
        for side in (0, 1):
            if below[side] >= rules.game_points:
                games[side] += 1
                below = [0, 0]
                if games[side] == 2:
                    totals[side] += rules.rubber_bonus
                break
    return totals[0], totals[1]


def _play(game: AuctionBridge | StraightBridge, seed: int, bots: bool, checks: bool) -> OldRubberState:
    state = game.new_initial_state()
    rng = random.Random(seed)
    players = [OldBridgeBot(seed + i) for i in range(4)]
    steps = 0
    while not state.is_over:
        if len(state.results) >= 40 and state.to_act == CHANCE:
            state.abandon()
            break
        places = state.card_places()
        seen = 0
        for mask in places.values():
            assert seen & mask == 0
            seen |= mask
        assert seen == FULL_PACK_MASK
        if state.to_act == CHANCE:
            state.play_chance(rng)
            continue
        seat = state.to_act
        assert seat is not None
        if checks:
            for s in range(4):
                v = state.view(s)
                assert v.shown_mask() & ~state.visible_mask(s) == 0
                if state.deal is not None and state.deal.phase < 3:  # before the play: only the own hand
                    assert state.visible_mask(s) == state.deal.hands[s]
            if steps % 5 == 0:
                before = state.snapshot()
                listed = set(state.legal_actions())
                for a in rng.sample(ALL_CALLS, 8):
                    if a not in listed:
                        try:
                            state.apply(a)
                        except IllegalAction:
                            pass
                        else:
                            raise AssertionError(f"{a} accepted though not listed")
                        assert state.snapshot() == before
        legal = state.legal_actions()
        action = players[seat].choose(state.view(seat)) if bots else rng.choice(legal)
        assert action in legal
        state.apply(action)
        steps += 1
    return state


@settings(max_examples=12)
@given(st.integers(0, len(GAMES) - 1), st.integers(0, 10**6), st.booleans())
def test_random_rubbers(gi: int, seed: int, bots: bool) -> None:
    game = _game(gi)
    state = _play(game, seed, bots, checks=True)
    assert state.sheet_dict() == state.recomputed_sheet_dict()
    if not state.abandoned:
        ns, ew = _expected_sheet_totals(state)
        assert (state.sheet.total(Side.NS), state.sheet.total(Side.EW)) == (ns, ew)
        assert state.sheet.winner is not None and state.sheet.games_won(state.sheet.winner) == 2
    again = game.replay(state.history)
    if state.abandoned:
        again.abandon()
    assert again.snapshot() == state.snapshot()
    text = write_record(state)
    back = read_record(text)
    assert back.snapshot() == state.snapshot() and write_record(back) == text
    # every finished deal's result is recomputed from its cards and calls
    for d in state.finished_deals:
        assert d.result() == state.results[state.finished_deals.index(d)]
        if d.result().passed_out:  # four passes (dealer_must_bid=False): no play
            assert not d.tricks
            continue
        won = [0, 0]
        for t in d.tricks:
            won[t.winner.side] += 1
        assert sum(won) == 13 and tuple(won) == d.result().won


_hands = st.permutations(list(range(52))).map(
    lambda p: tuple(sum(1 << c for c in p[i * 13:(i + 1) * 13]) for i in range(4)))


@settings(max_examples=150)
@given(_hands, st.integers(0, 13), st.sampled_from(list(Denom)), st.integers(1, 7), st.integers(0, 2),
       st.sampled_from(list(Seat)))
def test_auction_scoring_properties(hands: tuple[int, ...], tricks: int, denom: Denom, level: int, doubling: int,
                                    declarer: Seat) -> None:
    Deal(hands)  # a legal deal
    rules = AuctionRules(nullo=True)
    c = AuctionContract(level, denom, doubling, declarer)
    entries = score_auction(c, tricks, hands, rules)
    below = [e for e in entries if e.below]
    # only the declarer's side scores trick points, and only when the contract is made (Law 3)
    assert all(e.side == c.side for e in below)
    made = tricks <= 7 - level if denom is Denom.NULLO else tricks >= 6 + level
    assert bool(below) == made
    if made:
        odd = 7 - tricks if denom is Denom.NULLO else tricks - 6
        assert below[0].points == odd * denom.auction_value * 2 ** doubling
    # honours to their holders, never changed by doubling (Law 9); none at nullo
    hon = [e for e in entries if e.kind == "honours"]
    undoubled = [e for e in score_auction(AuctionContract(level, denom, 0, declarer), tricks, hands, rules)
                 if e.kind == "honours"]
    assert hon == undoubled
    if denom is Denom.NULLO:
        assert not hon
    elif denom is Denom.NOTRUMP:
        assert [(e.side, e.points) for e in hon] == ([ace_points(hands)] if ace_points(hands) else [])
    assert all(e.points > 0 for e in entries)


@settings(max_examples=150)
@given(_hands, st.integers(0, 13), st.integers(0, 4), st.integers(0, 4), st.sampled_from(list(Seat)))
def test_straight_scoring_properties(hands: tuple[int, ...], ns_tricks: int, trump: int, doubling: int,
                                     dealer: Seat) -> None:
    won = (ns_tricks, 13 - ns_tricks)
    make = StraightMake(trump, dealer, dealer, doubling)
    entries = score_straight(make, won, hands, StraightRules())
    below = [e for e in entries if e.below]
    # whichever side wins odd tricks scores them, at the doubled value
    assert len(below) == 1
    side = Side.NS if ns_tricks > 6 else Side.EW
    assert below[0].side == side and below[0].points == (won[side] - 6) * make.trick_value
    # honours: one side at most, at the undoubled value
    hon = [e for e in entries if e.kind == "honours"]
    assert len(hon) <= 1
    if trump < 4 and hon:
        h = honour_units(hands, trump)
        assert h is not None and hon[0].points == h[1] * make.base_value
    none = score_straight(make, won, hands, StraightRules(honours="none", slams=False))
    assert none == below
