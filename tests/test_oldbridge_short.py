"""Short bridge (document 000 §«КОРОТКИЙ БРИДЖ», digest §6.14): no doubling, one game, the higher total wins."""

from __future__ import annotations

import pytest

from cardroom.core.errors import CardroomError, IllegalAction
from cardroom.core.game import CHANCE
from cardroom.core.table import Seat, Side
from cardroom.games import load
from cardroom.games.bridge.scoring import Entry
from cardroom.games.oldbridge.calls import OldCall
from cardroom.games.oldbridge.rules import OldDealResult
from cardroom.games.oldbridge.short import ShortBridge, ShortDeal, ShortSheet
from oldbridgekit import cli_plays


def _result(*entries: Entry) -> OldDealResult:
    return OldDealResult("straight", Seat.SOUTH, (0, 0, 0, 0), (), None, (0, 0), (), tuple(entries))


def test_no_doubling_the_play_begins_at_the_make() -> None:
    game = load("short-bridge")
    assert isinstance(game, ShortBridge)
    deal = game.new_deal(Seat.SOUTH)
    assert isinstance(deal, ShortDeal)
    import random
    deal.apply(deal.sample_chance(random.Random(3)))
    deal.apply(OldCall.parse("make NT"))
    assert deal.phase == 3 and deal.leader == Seat.WEST  # the eldest hand leads at once
    assert all(not isinstance(a, OldCall) for a in deal.legal_actions())


def test_the_game_ends_at_thirty_and_the_higher_total_wins() -> None:
    sheet = ShortSheet(30, 0, 0)
    sheet.add(_result(Entry(Side.EW, 24, True, "tricks"), Entry(Side.EW, 64, False, "honours")))
    assert not sheet.is_over
    sheet.add(_result(Entry(Side.NS, 36, True, "tricks"), Entry(Side.NS, 24, False, "honours")))
    # NS reach thirty below the line, but EW have more trick and honour points together
    assert sheet.is_over and sheet.games == [Side.NS]
    assert sheet.winner == Side.EW and sheet.margin() == 60 - 88
    assert not any(ln.entry.kind == "rubber" for ln in sheet.lines)
    with pytest.raises(IllegalAction):
        sheet.add(_result())


def test_equal_totals_have_no_winner() -> None:
    sheet = ShortSheet(30, 0, 0)
    sheet.add(_result(Entry(Side.EW, 30, False, "honours")))
    sheet.add(_result(Entry(Side.NS, 30, True, "tricks")))
    assert sheet.is_over and sheet.winner is None


def test_doubling_and_rubber_options_are_refused() -> None:
    for option in ({"doubling_limit": "cap-100"}, {"rubber_bonus": 100}, {"laws": True}):
        with pytest.raises(CardroomError):
            load("short-bridge", **option)
    names = {o.name for o in ShortBridge.option_schema()}
    assert "doubling_limit" not in names and "honours" in names
    assert load("short-bridge", **dict(load("short-bridge").options())).options() == load("short-bridge").options()


def test_a_match_is_one_game() -> None:
    import random
    state = load("short-bridge").new_initial_state()
    rng = random.Random(5)
    while not state.is_over:
        if state.to_act == CHANCE:
            state.apply(state.sample_chance(rng))
        else:
            state.apply(rng.choice(state.legal_actions()))
    sheet = state.sheet
    assert len(sheet.games) == 1
    assert sheet.winner == (None if sheet.margin() == 0 else Side.NS if sheet.margin() > 0 else Side.EW)


def test_the_command_line_plays_a_game() -> None:
    assert "Winner" in cli_plays("short-bridge")
