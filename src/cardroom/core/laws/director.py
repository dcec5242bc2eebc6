"""What every game's laws director shares: the pending ruling with its typed context, the
irregularities so far, the registry of the handlers that carry out a chosen option, and the atomic
apply that leaves a state unchanged when the laws refuse an action."""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, fields, is_dataclass
from typing import Any, Generic, Protocol, Self, TypeVar, dataclass_transform

from cardroom.core.errors import CardroomError, IllegalAction
from cardroom.core.laws.values import Irregularity, Ruling

T = TypeVar("T")
K = TypeVar("K")
H = TypeVar("H", bound=Callable[..., Any])


@dataclass_transform(frozen_default=True, kw_only_default=True)
class RulingContext:
    """The base of a ruling's typed context: what the handler of one kind of irregularity needs. Every
    subclass is a frozen, keyword-only dataclass (one per kind; fields declared as annotations)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        dataclass(frozen=True, kw_only=True)(cls)


class HandlerRegistry(Generic[K]):
    """The handlers of one law table, each registered for the keys it carries out (a ruling context's
    type, or a law's number): ``@HANDLERS.on(InsufficientBid)`` above the function. A director
    dispatches by the registry, never by comparing strings."""

    def __init__(self, name: str) -> None:
        self.name = name
        self._handlers: dict[K, Callable[..., Any]] = {}

    def on(self, *keys: K) -> Callable[[H], H]:
        def register(fn: H) -> H:
            for key in keys:
                if key in self._handlers:
                    raise CardroomError(f"{self.name}: {key!r} has a handler already")
                self._handlers[key] = fn
            return fn

        return register

    def handler(self, key: K) -> Callable[..., Any]:
        try:
            return self._handlers[key]
        except KeyError:
            raise CardroomError(f"{self.name}: no handler for {key!r}") from None

    def __contains__(self, key: object) -> bool:
        return key in self._handlers

    def keys(self) -> list[K]:
        return list(self._handlers)


@dataclass
class LawsDirector:
    """The laws state every game keeps: the pending ruling and its context (a dataclass of the
    irregularity's kind), and the irregularities of the deal in their order."""

    pending: Ruling | None = None
    context: Any = None
    irregularities: list[Irregularity] = field(default_factory=list)

    def record(self, irregularity: Irregularity) -> Irregularity:
        self.irregularities.append(irregularity)
        return irregularity

    def rule(self, ruling: Ruling, context: Any = None) -> None:
        """A ruling is now pending; ``context`` is what its handler needs."""
        self.pending = ruling
        self.context = context

    def take(self) -> tuple[Ruling, Any]:
        """The pending ruling and its context, no longer pending (its option is being carried out)."""
        ruling, context = self.pending, self.context
        if ruling is None:
            raise IllegalAction("no ruling is pending")
        self.pending = None
        self.context = None
        return ruling, context

    def clone(self) -> Self:
        """A copy that shares nothing mutable with this one: every list, dict and set is copied, and the
        mutable records in a list (a revoke) with it; the values (rulings, contexts, cards) are shared."""
        new = copy.copy(self)
        for f in fields(self):
            value = getattr(self, f.name)
            if isinstance(value, list):
                setattr(new, f.name, [copy.copy(x) if _mutable_record(x) else x for x in value])
            elif isinstance(value, dict | set):
                setattr(new, f.name, copy.copy(value))
        return new

    def ruling_dict(self) -> dict[str, Any] | None:
        return None if self.pending is None else self.pending.to_dict()

    def irregularity_texts(self) -> tuple[str, ...]:
        return tuple(i.to_text() for i in self.irregularities)


def _mutable_record(x: object) -> bool:
    params = getattr(type(x), "__dataclass_params__", None) if is_dataclass(x) else None
    return params is not None and not params.frozen


class Restorable(Protocol):
    """A state the laws apply to: it clones itself and keeps its history in ``_history``."""

    _history: list[Any]

    def clone(self) -> Any: ...


def atomic(state: Restorable, run: Callable[[], T], action: Any, then: Sequence[Callable[[], object]] = ()) -> T:
    """Run ``run`` (which changes ``state``), then each of ``then`` (what follows it: rulings due before
    the next turn, the end of the deal), as one step: if the laws refuse the action, the state is restored
    from its snapshot, history included, and :class:`IllegalAction` raised. Every game's laws mode
    applies its actions through this one function."""
    saved = state.clone()
    try:
        result = run()
        for step in then:
            step()
        return result
    except CardroomError as e:
        history = state._history
        state.__dict__.update(saved.__dict__)
        state._history = history
        if isinstance(e, IllegalAction):
            raise
        raise IllegalAction(str(e), action=action) from None


class Turn(Protocol):
    next_seat: Any


@contextmanager
def turn_of(state: Turn, seat: Any) -> Iterator[None]:
    """``seat`` is the one to act while the block runs (to ask the rules what he may do); the turn is
    given back afterwards."""
    saved = state.next_seat
    state.next_seat = seat
    try:
        yield
    finally:
        state.next_seat = saved
