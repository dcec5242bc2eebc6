"""The compiled core of cardroom's open-hand solver (src/cardroom/solve/_core.c).

Arguments of both functions (one signature, :class:`_Entry`): the hands (card masks indexed by seat; a
seat out of play holds 0), the seats in play in turn order (2-4), the seat that leads the current trick,
the cards already played to it (from the leader), the trump suit (-1 for no-trump), the rules of play as
flags (``must_trump``: 1 a player void in the suit led must trump, 2 he must head the trick when he can,
F1's compulsory beating; True is 1), the side as a mask of seats (bit s for seat s) and whether the side
maximizes its tricks. Bad input raises ValueError.
"""

from typing import Protocol, TypeVar

_R_co = TypeVar("_R_co", covariant=True)

class _Entry(Protocol[_R_co]):
    def __call__(
        self,
        hands: tuple[int, ...],
        order: tuple[int, ...],
        leader: int,
        trick: tuple[int, ...],
        trump: int,
        must_trump: int,
        side_mask: int,
        maximize: bool,
    ) -> _R_co: ...

solve: _Entry[tuple[int, int]]
"""(the side's tricks from here on, the current trick included, under best play by all; nodes searched)"""

best_moves: _Entry[list[tuple[int, int]]]
"""(card, the side's tricks from here on after it is played) for every legal card of the seat to move,
ascending by card; empty when no cards are left."""
