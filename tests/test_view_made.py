"""Views made without their dataclass's ``__init__`` (:func:`cardroom.core.view.made`, the card room's hot
path) are the views ``__init__`` makes: every field set, no ``__post_init__`` skipped, equal to the view
made again field by field, with the same dict — for every seat at every step of a random deal of every
game and configuration."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from cardroom.core import view as tv
from cardroom.core.game import CHANCE
from cardroom.games import load
from cardroom.room.audit import all_configurations


def _made_views(view: Any) -> list[Any]:
    """The view and the views inside it (a match's deal view) that :func:`made` built."""
    out = [view]
    inner = getattr(view, "deal", None)
    if dataclasses.is_dataclass(inner):
        out.append(inner)
    return out


@pytest.mark.parametrize(("name", "options"), all_configurations())
def test_views_made_without_init_equal_views_made_by_it(name: str, options: dict[str, Any]) -> None:
    game = load(name, **options)
    rng = random.Random(7)
    state = game.new_initial_state()
    checked = 0
    for _ in range(120):
        if state.is_over:
            break
        for seat in range(game.num_seats):
            for v in _made_views(state.view(seat)):
                assert not hasattr(type(v), "__post_init__") or type(v) not in tv._DEFAULTS
                again = dataclasses.replace(v)  # __init__ with every field the made view holds
                assert again == v
                assert again.to_dict() == v.to_dict()
                checked += 1
        if state.to_act == CHANCE:
            state.play_chance(rng)
        else:
            state.apply(rng.choice(list(state.legal_actions())))
    assert checked > 0


def test_made_refuses_nothing_it_should_not_and_sets_defaults() -> None:
    @dataclasses.dataclass(frozen=True)
    class V:
        a: int
        b: str = "x"
        c: tuple[int, ...] = ()

    v = tv.made(V, {"a": 1}, c=(2,))
    assert v == V(1, "x", (2,)) and v.b == "x"
    with pytest.raises(dataclasses.FrozenInstanceError):
        v.a = 3  # type: ignore[misc]
