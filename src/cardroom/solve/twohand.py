"""The exact open-hand solver of two-handed ("Chinese") bridge (docs/rules/two-hand-bridge.md).

Two players, 0 and 1, each playing from his *available* cards: the hand of four and the face-up table
cards; a face-up card may cover a face-down one, which becomes available when its cover is played. A
trick has four cards, leader, other, leader, other; each card follows the suit led from the available
cards if it can (the player's second card of a trick is free when ``second_follows`` is False); the
highest trump, else the highest card of the suit led, wins, and its winner leads the next trick. In a
review every card is known, so a position is a two-player game of perfect information; its value is
the tricks of player ``player`` from here on (the current trick included), both playing perfectly.

The search is the compiled :mod:`cardroom.solve._twohand` (docs/solvers.md: null-window alpha-beta, a
transposition table keyed by the cards played and the leader, equivalent cards, move ordering).
:func:`best_moves_python` and :func:`solve_python` are the reference: a plain minimax over every card,
memoized on whole positions at trick boundaries, for endings of at most :data:`REFERENCE_TRICKS` tricks.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from cardroom.core.errors import CardroomError, Reason

__all__ = ["REFERENCE_TRICKS", "TwoHandPosition", "best_moves", "best_moves_python", "clear", "solve",
           "solve_python", "solve_stats"]

REFERENCE_TRICKS = 4
"""The reference minimax takes endings of at most this many tricks (its work grows as the factorials)."""

_SUIT = tuple(((1 << 13) - 1) << (13 * s) for s in range(4))


@dataclass(frozen=True)
class TwoHandPosition:
    """A position of two-handed bridge's play, every card in view (see the module docstring).

    ``avail``: each player's available cards (masks); ``covers``: (cover, beneath) for each face-down card
    still under its face-up cover; ``trick``: the current trick's cards from ``leader``; ``trump`` a suit
    or None; ``player``: whose tricks are counted."""

    avail: tuple[int, int]
    covers: tuple[tuple[int, int], ...]
    leader: int
    trick: tuple[int, ...] = ()
    trump: int | None = None
    second_follows: bool = True
    player: int = 0

    @property
    def to_move(self) -> int:
        return self.leader ^ (len(self.trick) & 1)

    @property
    def side(self) -> frozenset[int]:
        """The seats whose tricks are counted (the review's reading of a side)."""
        return frozenset({self.player})

    @property
    def maximize(self) -> bool:
        return True

    @property
    def tricks_left(self) -> int:
        """Tricks to come, the current one included."""
        held = self.avail[0].bit_count() + self.avail[1].bit_count() + len(self.covers)
        return (held + len(self.trick)) // 4

    def legal(self) -> int:
        """The cards (a mask) the player to move may play."""
        mine = self.avail[self.to_move]
        k = len(self.trick)
        if k == 0 or (k >= 2 and not self.second_follows):
            return mine
        follow = mine & _SUIT[self.trick[0] // 13]
        return follow or mine

    def after(self, card: int) -> tuple[TwoHandPosition, int | None]:
        """The position after ``card`` (legal) is played, and the winner when it completes the trick."""
        p = self.to_move
        avail = list(self.avail)
        avail[p] &= ~(1 << card)
        covers = self.covers
        for top, under in covers:
            if top == card:
                avail[p] |= 1 << under
                covers = tuple(x for x in covers if x[0] != card)
                break
        trick = (*self.trick, card)
        if len(trick) < 4:
            return TwoHandPosition((avail[0], avail[1]), covers, self.leader, trick, self.trump, self.second_follows,
                                   self.player), None
        win = 0
        for i in range(1, 4):
            c, w = trick[i], trick[win]
            if (c // 13 == w // 13 and c > w) or (c // 13 == self.trump != w // 13):
                win = i
        winner = self.leader ^ (win & 1)
        return TwoHandPosition((avail[0], avail[1]), covers, winner, (), self.trump, self.second_follows,
                               self.player), winner


def validate(pos: TwoHandPosition) -> None:
    """Raise :class:`CardroomError` when ``pos`` is not a position of whole tricks of four."""
    held = [pos.avail[0].bit_count(), pos.avail[1].bit_count()]
    for top, _ in pos.covers:
        held[0 if pos.avail[0] >> top & 1 else 1] += 1
    k = len(pos.trick)
    by_leader, by_other = held[pos.leader] + (k + 1) // 2, held[1 - pos.leader] + k // 2
    if k > 3 or by_leader != by_other or by_leader % 2:
        raise CardroomError(Reason("solve.twohand_tricks", held=tuple(held), trick=k))


def _core_args(pos: TwoHandPosition) -> tuple[Any, ...]:
    return (pos.avail, pos.covers, pos.leader, pos.trick, -1 if pos.trump is None else int(pos.trump),
            pos.second_follows, pos.player)


def _core() -> Any:
    import importlib

    try:
        return importlib.import_module("cardroom.solve._twohand")
    except ImportError:  # pragma: no cover - depends on the build
        raise CardroomError(Reason("solve.twohand_not_built")) from None


def _call(name: str, pos: TwoHandPosition) -> Any:
    validate(pos)
    try:
        return getattr(_core(), name)(*_core_args(pos))
    except ValueError as e:
        raise CardroomError(Reason("solve.core_refused", why=e)) from e


def solve_stats(pos: TwoHandPosition) -> tuple[int, int]:
    """(the tricks of ``pos.player`` from here on under best play, nodes searched), by the compiled search."""
    v, n = _call("solve", pos)
    return int(v), int(n)


def solve(pos: TwoHandPosition) -> int:
    return solve_stats(pos)[0]


def best_moves(pos: TwoHandPosition) -> dict[int, int]:
    """Every legal card of the player to move -> the tricks of ``pos.player`` from here on after it."""
    return {int(c): int(v) for c, v in _call("best_moves", pos)}


def clear() -> None:
    """Forget the positions the compiled search keeps from call to call (a cold start: the bench's timing)."""
    _core().clear()


# ------------------------------------------------------------------ the reference


def _reference(pos: TwoHandPosition) -> None:
    validate(pos)
    if pos.tricks_left > REFERENCE_TRICKS:
        raise CardroomError(Reason("solve.twohand_reference", n=pos.tricks_left, max=REFERENCE_TRICKS))


def _cards(mask: int) -> list[int]:
    return [c for c in range(52) if mask >> c & 1]


@cache
def _value0(pos: TwoHandPosition) -> int:
    """Player 0's tricks from ``pos`` on: every legal card of every player tried (plain minimax)."""
    if pos.tricks_left == 0:
        return 0
    values = []
    for c in _cards(pos.legal()):
        nxt, winner = pos.after(c)
        values.append((winner == 0) + _value0(nxt))
    return max(values) if pos.to_move == 0 else min(values)


def _of_player(pos: TwoHandPosition, v0: int) -> int:
    return v0 if pos.player == 0 else pos.tricks_left - v0


def solve_python(pos: TwoHandPosition) -> int:
    """:func:`solve` by the reference minimax (endings of at most :data:`REFERENCE_TRICKS` tricks)."""
    _reference(pos)
    return _of_player(pos, _value0(_neutral(pos)))


def best_moves_python(pos: TwoHandPosition) -> dict[int, int]:
    """:func:`best_moves` by the reference minimax (endings of at most :data:`REFERENCE_TRICKS` tricks)."""
    _reference(pos)
    out = {}
    for c in _cards(pos.legal()):
        nxt, winner = _neutral(pos).after(c)
        out[c] = _of_player(pos, (winner == 0) + _value0(nxt))
    return out


def _neutral(pos: TwoHandPosition) -> TwoHandPosition:
    """``pos`` counted for player 0 (one memo for both players' questions)."""
    return TwoHandPosition(pos.avail, tuple(sorted(pos.covers)), pos.leader, pos.trick, pos.trump, pos.second_follows,
                           0)
