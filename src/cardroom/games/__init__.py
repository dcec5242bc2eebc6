"""The game registry: ``cardroom.games.load("bridge")``.

It is the one alias table: every name a game is known by (``bridge``, ``contract``, ``бридж``…)
is registered here with the game's class, and everything that takes a game's name (the command
line, the card room, the bots, the records) resolves it through :func:`canonical`,
:func:`game_class` or :func:`load`."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from cardroom.core.errors import CardroomError
from cardroom.core.game import Game

T = TypeVar("T")

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


def aliases(name: str) -> list[str]:
    """Every name the game ``name`` (a name or an alias) is registered under, its canonical name first."""
    canon = canonical(name)
    return [canon, *sorted(n for n, c in _CANONICAL.items() if c == canon and n != canon.lower())]


def _key(name: str) -> str:
    _ensure_loaded()
    key = name.strip().lower()
    if key not in _REGISTRY:
        raise CardroomError(f"unknown game {name!r}; known games: {', '.join(names())}")
    return key


def canonical(name: str) -> str:
    """The canonical name of a game given by name or alias (``"бридж"`` → ``"bridge"``)."""
    return _CANONICAL[_key(name)]


def game_class(name: str) -> type[Game]:
    """The class of a game given by name or alias, without making the game (its ``family``, its
    ``option_schema()``…)."""
    factory = _REGISTRY[_key(name)]
    if not (isinstance(factory, type) and issubclass(factory, Game)):
        raise CardroomError(f"the game {name!r} is registered by a factory, not a Game class")
    return factory


def load(name: str, **options: Any) -> Game:
    """Make a game by name or alias, with variant options: ``load("bridge", scoring="modern")``."""
    return _REGISTRY[_key(name)](**options)


def part_of(name: str, part: Callable[[type[Game]], T | None]) -> T | None:
    """A part of the game named ``name`` (any name the registry knows), ``part(its class)``: its analysis,
    its review…; None when no game is named so or it has none."""
    try:
        return part(game_class(name))
    except CardroomError:
        return None


def parts(part: Callable[[type[Game]], T | None]) -> list[T]:
    """That part of every registered game that has one."""
    return [p for p in (part(game_class(n)) for n in names()) if p is not None]
