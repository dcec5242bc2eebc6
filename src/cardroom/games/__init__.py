"""The game registry: ``cardroom.games.load("bridge")``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardroom.core.errors import CardroomError
from cardroom.core.game import Game

_REGISTRY: dict[str, Callable[..., Game]] = {}
_CANONICAL: dict[str, str] = {}


def register(name: str, factory: Callable[..., Game], aliases: tuple[str, ...] = ()) -> None:
    for n in (name, *aliases):
        _REGISTRY[n.lower()] = factory
        _CANONICAL[n.lower()] = name


def _ensure_loaded() -> None:
    # Importing a family's package registers its games.
    import cardroom.games.bridge
    import cardroom.games.euchre
    import cardroom.games.oldbridge
    import cardroom.games.preferans  # noqa: F401


def names() -> list[str]:
    """The canonical names of every registered game."""
    _ensure_loaded()
    return sorted(set(_CANONICAL.values()))


def load(name: str, **options: Any) -> Game:
    """Make a game by name or alias, with variant options: ``load("bridge", scoring="modern")``."""
    _ensure_loaded()
    key = name.strip().lower()
    if key not in _REGISTRY:
        raise CardroomError(f"unknown game {name!r}; known games: {', '.join(names())}")
    return _REGISTRY[key](**options)
