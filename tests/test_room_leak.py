"""Hidden information in the card room: bot-only matches of every registered game, every message sent
to every seat and to a spectator checked against ``state.visible_mask(seat)`` at send time.

The number of matches is ``CARDROOM_LEAK_MATCHES`` (default: 2 per registered game, to keep
``make test`` short; ``bench/room.py --leak 200`` runs the issue's 200), spread over the
configurations with the games taking turns.
"""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

from cardroom.games import load, names
from cardroom.room.audit import all_configurations, check_message, leak_run


def test_no_message_shows_a_card_its_seat_cannot_see(tmp_path: Path) -> None:
    matches = int(os.environ.get("CARDROOM_LEAK_MATCHES", "0")) or 2 * len(names())
    problems, checked, actions = asyncio.run(leak_run(f"sqlite:///{tmp_path}/leak.sqlite", matches))
    assert problems == []
    # every action reached every seat and the spectator
    assert checked >= actions
    assert actions > matches * 50


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
        own = {"seq": len(state.history), "view": state.view(0).to_dict(), "legal": []}
        assert check_message(0, own, state) == [], name
