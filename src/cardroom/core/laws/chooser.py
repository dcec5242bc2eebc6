"""Who chooses under a law: the :class:`Chooser` of a law, computed from the seats of the moment.

A law names its chooser as one of these values (the tables' data say ``chooser = "declarer"``); a
director computes the seat from :class:`Seats`, its game's picture of the table at the moment of
the irregularity (who offended, who is on whose side, who declares, who deals)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum


@dataclass(frozen=True)
class Seats:
    """The seats a chooser is computed from: the ``offender``; ``left(s)``, the next seat taking part
    on the left of ``s``; ``same_side(a, b)``, whether two seats play together; the declarer (the
    maker of the trump, the lone player), the dealer and the player who was redoubled, where known."""

    offender: int
    left: Callable[[int], int]
    same_side: Callable[[int, int], bool]
    declarer: int | None = None
    dealer: int | None = None
    redoubled: int | None = None

    def first_adversary(self, seat: int) -> int:
        """The first seat on the left of ``seat`` that plays against it."""
        s = self.left(seat)
        while self.same_side(s, seat) and s != seat:
            s = self.left(s)
        return s


class Chooser(StrEnum):
    """Who chooses the option of a law (the value is the table's word for it)."""

    NONE = "none"  # the law applies automatically
    ARBITER = "arbiter"  # a tournament's arbiter, outside the engine
    NON_OFFENDER = "non-offending side"  # declarer against a defender, else the offender's first adversary
    OFFENDER_LHO = "offender's left"  # the offender's left-hand neighbour (for either opponent)
    ADVERSARIES = "adversaries"  # the offender's first adversary on his left
    DECLARER = "declarer"
    DEFENDERS = "defenders"  # declarer's left-hand opponent, for the defenders
    DEALER = "dealer"
    ELDEST = "eldest hand"  # the dealer's left-hand neighbour
    MAKER = "maker"  # the maker of the trump
    LONE_PLAYER = "lone player"
    REDOUBLED = "redoubled"  # the player who was redoubled

    def seat(self, seats: Seats) -> int | None:
        """The seat that chooses, or None when nobody at the table does."""
        return _SEAT[self](seats)


def _non_offender(s: Seats) -> int:
    if s.declarer is not None and not s.same_side(s.offender, s.declarer):
        return s.declarer
    return s.first_adversary(s.offender)


def _known(seat: int | None, what: str) -> int:
    if seat is None:
        raise ValueError(f"the {what} chooses, but there is none yet")
    return seat


_SEAT: dict[Chooser, Callable[[Seats], int | None]] = {
    Chooser.NONE: lambda s: None,
    Chooser.ARBITER: lambda s: None,
    Chooser.NON_OFFENDER: _non_offender,
    Chooser.OFFENDER_LHO: lambda s: s.left(s.offender),
    Chooser.ADVERSARIES: lambda s: s.first_adversary(s.offender),
    Chooser.DECLARER: lambda s: _known(s.declarer, "declarer"),
    Chooser.DEFENDERS: lambda s: s.left(_known(s.declarer, "declarer")),
    Chooser.DEALER: lambda s: _known(s.dealer, "dealer"),
    Chooser.ELDEST: lambda s: s.left(_known(s.dealer, "dealer")),
    Chooser.MAKER: lambda s: _known(s.declarer, "maker"),
    Chooser.LONE_PLAYER: lambda s: _known(s.declarer, "lone player"),
    Chooser.REDOUBLED: lambda s: _known(s.redoubled, "redoubled player"),
}
