"""Duplicate auction bridge (document 000 §«ДУБЛИКАТНЫЙ ОКШН-БРИДЖ», digest §6.2): no games, 125 for 30 in a deal."""

from __future__ import annotations

import random

import pytest

from cardroom.core.errors import CardroomError
from cardroom.core.game import CHANCE
from cardroom.core.table import Seat, Side
from cardroom.games import load
from cardroom.games.oldbridge.calls import Denom
from cardroom.games.oldbridge.duplicate import DuplicateRules, DuplicateSheet, one_deal_bonus
from cardroom.games.oldbridge.rules import OldDealResult
from cardroom.games.oldbridge.scoring import AuctionContract, score_auction
from oldbridgekit import cli_plays


@pytest.mark.parametrize(("level", "denom", "tricks", "bonus"), [
    (3, Denom.NOTRUMP, 9, True),  # 3 x 10 = 30: the bonus
    (2, Denom.HEARTS, 10, True),  # 4 x 8 = 32
    (2, Denom.NOTRUMP, 8, False),  # 20 only
    (4, Denom.SPADES, 10, False),  # 4 x 2 = 8
])
def test_duplicate_auction_bonus(level: int, denom: Denom, tricks: int, bonus: bool) -> None:
    """Vector duplicate-auction-bonus: 30 or more in trick points in one deal: 125 in the honour column."""
    rules = DuplicateRules()
    contract = AuctionContract(level, denom, 0, Seat.SOUTH)
    entries = score_auction(contract, tricks, (0, 0, 0, 0), rules)
    got = one_deal_bonus(entries, Side.NS, rules)
    if bonus:
        assert got is not None and got.points == 125 and not got.below and got.side == Side.NS
    else:
        assert got is None


def test_no_games_and_the_session_is_its_boards() -> None:
    sheet = DuplicateSheet(30, 0, 0, boards=3)
    for _ in range(3):
        assert not sheet.is_over
        r = OldDealResult("auction", Seat.SOUTH, (0, 0, 0, 0), (), AuctionContract(3, Denom.NOTRUMP, 0, Seat.SOUTH),
                          (9, 4), (), tuple(score_auction(AuctionContract(3, Denom.NOTRUMP, 0, Seat.SOUTH), 9,
                                                          (0, 0, 0, 0), DuplicateRules())))
        sheet.add(r)
    assert sheet.is_over and sheet.games == [] and sheet.total(Side.NS) == 90
    assert not any(ln.entry.kind == "rubber" for ln in sheet.lines)


def test_a_session_through_the_engine_writes_the_bonus_for_each_game_in_one_deal() -> None:
    state = load("duplicate-auction", boards=3).new_initial_state()
    rng = random.Random(2)
    while not state.is_over:
        state.apply(state.sample_chance(rng) if state.to_act == CHANCE else rng.choice(state.legal_actions()))
    assert len(state.results) == 3 and state.sheet.games == []
    for r in state.results:
        if r.contract is None:
            continue
        assert isinstance(r.contract, AuctionContract)
        trick_points = sum(e.points for e in r.entries if e.below and e.side == r.contract.side)
        assert any(e.kind == "one-deal game" for e in r.entries) == (trick_points >= 30)


def test_rubber_options_are_refused() -> None:
    with pytest.raises(CardroomError):
        load("duplicate-auction", rubber_bonus=100)
    g = load("duplicate-auction", boards=6)
    assert load("duplicate-auction", **dict(g.options())).options() == g.options()


def test_the_command_line_plays_a_session() -> None:
    assert "Totals" in cli_plays("duplicate-auction")
