"""Hidden information in the card room: the issue's 200 bot-only matches across every registered game
and every configuration of each, every message built for every seat and for a spectator checked
against ``state.visible_mask(seat)`` at send time.

The messages go through the real message path (``Room`` and ``TableRuntime.message_for``, the
broadcast after each committed action) with an observer that checks each one as it is built; the
store is SQLite in a temporary folder (the store is not what this test checks). The seats listen in
English, the spectator in Russian. Preferans pulkas are played to the shortest agreed pulya the game
offers (``pulya_length`` 10): a pulka to 20 or more multiplies the time without showing anything new.

``CARDROOM_LEAK_MATCHES`` changes the number of matches (default 200). They are played in
:data:`SHARDS` parts (every fourth match), which the test runner's workers take in parallel.
"""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

import pytest

from cardroom.games import load
from cardroom.room.audit import all_configurations, check_message, leak_run
from cardroom.room.engine import message_view

SHARDS = 4


@pytest.mark.parametrize("shard", range(SHARDS))
def test_no_message_shows_a_card_its_seat_cannot_see(tmp_path: Path, shard: int) -> None:
    total = int(os.environ.get("CARDROOM_LEAK_MATCHES", "0")) or 200
    assert total >= len(all_configurations()) or "CARDROOM_LEAK_MATCHES" in os.environ
    matches = len(range(shard, total, SHARDS))
    problems, checked, actions = asyncio.run(leak_run(f"sqlite:///{tmp_path}/leak.sqlite", total, short=True,
                                                      shard=shard, shards=SHARDS))
    assert problems == []
    # every action reached every seat and the spectator: one message per seat and one for the spectator (two
    # seats at the fewest: misery bridge, two-hand bridge, double dummy)
    fewest = min(load(n, **o).num_seats for n, o in all_configurations())
    assert checked >= actions * (fewest + 1)
    assert actions > matches * 30


def test_the_scanner_finds_a_hidden_card(tmp_path: Path) -> None:
    """The check is not vacuous: another seat's view sent to a seat is reported."""
    import random

    for name, options in all_configurations():
        game = load(name, **options)
        state = game.new_initial_state()
        rng = random.Random(1)
        while state.to_act == -1 or not any(state.visible_mask(s) for s in range(game.num_seats)):
            state.play_chance(rng) if state.to_act == -1 else state.apply(rng.choice(list(state.legal_actions())))
        m = {"seq": len(state.history), "view": state.view(1).to_dict(), "legal": []}
        assert any("unseeable" in p for p in check_message(0, m, state)), name
        own = {"seq": len(state.history), "view": message_view(state.view(0).to_dict()), "legal": []}
        assert check_message(0, own, state) == [], name


def test_the_200_matches_cover_every_configuration_with_short_pulkas() -> None:
    from cardroom.games import names
    from cardroom.room.audit import short_match_options

    configs = all_configurations()
    assert {n for n, _ in configs} == set(names())
    assert len(configs) <= 200  # every configuration gets at least one of the 200 matches
    for name, options in configs:
        short = short_match_options(name, options)
        offered = type(load(name)).option_choices().get("pulya_length")
        if offered:
            assert short == {**options, "pulya_length": min(offered)}
            assert load(name, **short).options()["pulya_length"] == min(offered)
        else:
            assert short == options
