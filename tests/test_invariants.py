"""The shared invariants of DESIGN.md, checked over every registered game.

For each game a seeded random player (legal actions only, the first listed action preferred
so that matches finish) plays whole matches; at every step the invariants are checked.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardroom.core.cards import Card
from cardroom.core.errors import IllegalAction
from cardroom.core.game import CHANCE, State
from cardroom.core.match import Match
from cardroom.games import load, names


def _check_places(state: State) -> None:
    places = state.card_places()
    seen = 0
    for name, mask in places.items():
        assert seen & mask == 0, f"a card is in two places (second: {name})"
        seen |= mask
    assert seen == state.game.pack_mask(), "some card is nowhere"


def _check_views(state: State, seats: int) -> None:
    for seat in range(seats):
        view = state.view(seat)
        shown = view.shown_mask()
        visible = state.visible_mask(seat)
        assert shown & ~visible == 0, f"seat {seat} is shown cards it may not see"
        # never another hand's unplayed cards beyond what the rules expose
        view.to_dict()


def _configurations() -> list[tuple[str, dict[str, Any]]]:
    out: list[tuple[str, dict[str, Any]]] = []
    for name in names():
        cls = type(load(name))
        out.extend((name, opts) for opts in cls.configurations())
    return out


CONFIGS = _configurations()
MAX_DEALS = 120


def _play_match(game_name: str, options: dict[str, Any], seed: int, check_refusals: bool) -> Match[Any, Any, Any, Any]:
    game = load(game_name, **options)
    state = game.new_initial_state()
    rng = random.Random(seed)
    universe = game.action_universe()
    steps = 0
    while not state.is_over:
        if state.to_act == CHANCE and len(getattr(state, "results", ())) >= MAX_DEALS:
            state.abandon()  # random play makes some matches very long: stop between two deals
            break
        _check_places(state)
        if state.to_act == CHANCE:
            state.play_chance(rng)
            continue
        legal = list(state.legal_actions())
        assert legal, "no legal action before the end"
        _check_views(state, game.num_seats)
        if check_refusals and steps % 7 == 0:
            before = state.snapshot()
            listed = set(legal)
            for a in rng.sample(universe, 12):
                if a in listed:
                    continue
                with pytest.raises(IllegalAction):
                    state.apply(a)
                assert state.snapshot() == before, f"refused action {a} changed the state"
            # every listed action is accepted (on a copy)
            for a in rng.sample(legal, min(3, len(legal))):
                copy = state.clone()
                copy.apply(a)
        action = legal[0] if rng.random() < 0.55 else rng.choice(legal)
        state.apply(action)
        steps += 1
    _check_places(state)
    return state


@pytest.mark.parametrize(("game_name", "options"), CONFIGS, ids=[f"{n}-{o}" for n, o in CONFIGS])
@pytest.mark.parametrize("seed", range(6))
def test_invariants_over_whole_matches(game_name: str, options: dict[str, Any], seed: int) -> None:
    state = _play_match(game_name, options, seed, check_refusals=True)
    game = load(game_name, **options)
    # replaying the log gives an identical state
    again = game.replay(state.history)
    if state.abandoned:
        again.abandon()
    assert again.snapshot() == state.snapshot()
    # the sheet kept during play equals the sheet recomputed from the record
    assert state.sheet_dict() == state.recomputed_sheet_dict()
    # a record written and read back is identical
    from cardroom.records.registry import read_record, write_record

    text = write_record(state)
    back = read_record(text)
    assert back.snapshot() == state.snapshot()
    assert write_record(back) == text


@pytest.mark.parametrize("game_name", names())
def test_no_chance_action_is_accepted_twice_and_cards_are_ints(game_name: str) -> None:
    game = load(game_name)
    state = game.new_initial_state()
    assert state.to_act == CHANCE
    assert state.legal_actions() == []
    with pytest.raises(IllegalAction):
        state.apply(Card.parse("AS"))
