"""Copying a state: one mechanism for every deal and match.

A state's ``clone()`` must give an independent copy quickly (the laws' atomic apply, the terminal's
trial moves and the room's probes copy a state before each try). Instead of a hand-written
``clone()`` per class listing the attributes to copy, :func:`copy_state` derives the copy from the
instance's own fields: the containers it holds (``list``, ``dict``, ``set``) are copied one level
deep, a value that can copy itself (a laws director, the deal inside a match: anything whose class
has ``clone()``) is cloned, and every other value (ints, tuples, frozen records, the game, the rules)
is immutable or shared by design and is kept as it is. A class whose state holds some other
mutable value names it in ``_CLONE_DEEP`` (copied with :func:`copy.deepcopy`) or overrides
``clone()`` to finish the copy.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any, ClassVar, Self, TypeVar

T = TypeVar("T")

# how a value of each type is copied: a container one level deep, a state by its clone(), else None (kept)
_COPIERS: dict[type, Callable[[Any], Any] | None] = {list: list.copy, dict: dict.copy, set: set.copy}
_UNKNOWN = object()


def _copier(t: type) -> Callable[[Any], Any] | None:
    clone = getattr(t, "clone", None)
    copier = clone if callable(clone) else None
    _COPIERS[t] = copier
    return copier


def copy_state(obj: T) -> T:
    """A copy of ``obj`` made from its fields (see the module docstring)."""
    cls = type(obj)
    new = object.__new__(cls)
    fields = new.__dict__
    copiers = _COPIERS
    for name, value in obj.__dict__.items():
        copier = copiers.get(type(value), _UNKNOWN)
        if copier is _UNKNOWN:
            copier = _copier(type(value))
        fields[name] = value if copier is None else copier(value)  # type: ignore[operator]
    for name in getattr(cls, "_CLONE_DEEP", ()):
        fields[name] = copy.deepcopy(fields[name])
    return new


class Cloneable:
    """Mixin: ``clone()`` is :func:`copy_state` of the instance."""

    _CLONE_DEEP: ClassVar[tuple[str, ...]] = ()

    def clone(self) -> Self:
        return copy_state(self)
