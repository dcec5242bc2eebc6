"""The common table view (``core/view.py``, issue 13 point 3) agrees with the game it shows, for every
registered game and configuration: the seat, who acts and what he may do, the phase, the tricks and what
they show — each compared with the state itself, never with the view's own other fields."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from cardroom.core.game import CHANCE
from cardroom.core.view import Phase, TableView
from cardroom.games import load
from cardroom.room.audit import all_configurations, short_match_options

CONFIGS = [(name, short_match_options(name, options)) for name, options in all_configurations()]


def _check(state: Any, seat: int, seen: dict[str, int]) -> None:
    view = state.view(seat)
    t = view.table
    assert isinstance(t, TableView) and isinstance(t.phase, Phase)
    assert t.seat == seat
    # the seat the player sits at (TableView.places: the three-handed bridges' players move among the
    # compass seats) maps back to him, and the hands he plays begin with the one at his own table seat
    assert t.player_at(t.table_seat()) == seat
    assert not t.plays_for or t.plays_for[0] == t.table_seat()
    seen[t.phase.value] = seen.get(t.phase.value, 0) + 1
    # nothing on the table that the seat may not see, and the view's dict carries the same table
    assert t.shown_mask() & ~state.visible_mask(seat) == 0
    d = view.to_dict()
    assert d["table"] == t.to_dict()
    json.dumps(d)
    ta = state.to_act
    if state.is_over:
        assert t.phase is Phase.MATCH_OVER and t.legal == ()
        return
    if ta is None or ta == CHANCE:
        assert t.legal == ()
        return
    if int(ta) == seat:
        # the seat to act sees exactly the actions the state accepts from it, as their texts
        assert sorted(t.legal) == sorted(state.action_text(a) for a in state.legal_actions())
        seen["legal"] = seen.get("legal", 0) + 1
    # every finished trick's winner played to it, and the cards of the tricks are the cards played
    for tr in t.tricks:
        seats = {s for s, _ in tr.plays}
        # a talon card (seat -1) that wins is the sitting-out dealer's (four-player raspasy, "dealer" mode)
        assert tr.winner in seats or (-1 in seats and tr.winner in t.out), tr
    cards = [c for tr in t.tricks for _, c in tr.plays] + [c for _, c in t.trick]
    assert len(cards) == len(set(cards))
    seen["tricks"] = seen.get("tricks", 0) + len(t.tricks)


def _walk(name: str, options: dict[str, Any], seed: int, seen: dict[str, int]) -> None:
    state = load(name, **options).new_initial_state()
    rng = random.Random(seed)
    steps = 0
    while not state.is_over and steps < 1500:
        if state.to_act == CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        if steps % (3 if steps < 300 else 25) == 0:
            for seat in range(state.game.num_seats):
                _check(state, seat, seen)
        legal = list(state.legal_actions())
        passes = [a for a in legal if state.action_text(a).lower() == "pass"]
        # random bids climb to contracts played without cards (a preferans ten): pass more often than not
        state.apply(passes[0] if passes and rng.random() < 0.6 else rng.choice(legal))
        steps += 1
    for seat in range(state.game.num_seats):
        _check(state, seat, seen)


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=[f"{n}-{i}" for i, (n, _) in enumerate(CONFIGS)])
def test_the_table_view_agrees_with_the_state(name: str, options: dict[str, Any]) -> None:
    seen: dict[str, int] = {}
    for seed in range(6):  # a short match may end before any card is played: walk more until one is
        _walk(name, options, seed, seen)
        if seen.get("play", 0) and seen.get("tricks", 0):
            break
    # the walks reached the play, checked the actor's actions and finished tricks (the test has teeth)
    assert seen.get("play", 0) and seen.get("legal", 0) and seen.get("tricks", 0), seen
