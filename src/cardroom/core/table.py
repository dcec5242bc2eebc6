"""Seats, partnerships, turn order and the rotation of the deal.

Seats are numbered clockwise from 0. Four-handed games name them by the compass
(N, E, S, W); the player on a seat's left is the next seat clockwise.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

from cardroom.core.errors import parse_named


class Seat(IntEnum):
    NORTH = 0
    EAST = 1
    SOUTH = 2
    WEST = 3

    @property
    def letter(self) -> str:
        return "NESW"[self]

    def __str__(self) -> str:
        return self.letter

    @property
    def lho(self) -> Seat:
        """Left-hand opponent: the next seat clockwise."""
        return _SEATS[(self + 1) & 3]

    @property
    def rho(self) -> Seat:
        """Right-hand opponent: the previous seat clockwise."""
        return _SEATS[(self + 3) & 3]

    @property
    def partner(self) -> Seat:
        return _SEATS[(self + 2) & 3]

    def next(self, steps: int = 1) -> Seat:
        return _SEATS[(self + steps) & 3]

    @property
    def side(self) -> Side:
        return Side(self & 1)

    @classmethod
    def parse(cls, text: str) -> Seat:
        return parse_named(_SEAT_NAMES, text, "table.not_seat")


_SEATS = tuple(Seat)
_SEAT_NAMES = {s.letter: s for s in Seat}
_SEAT_NAMES.update({s.name: s for s in Seat})
_SEAT_NAMES.update({"С": Seat.NORTH, "В": Seat.EAST, "Ю": Seat.SOUTH, "З": Seat.WEST})


class Side(IntEnum):
    """A partnership of a four-handed game: North-South or East-West."""

    NS = 0
    EW = 1

    def __str__(self) -> str:
        return self.name

    @property
    def other(self) -> Side:
        return Side(1 - self)

    @property
    def seats(self) -> tuple[Seat, Seat]:
        return (Seat.NORTH, Seat.SOUTH) if self is Side.NS else (Seat.EAST, Seat.WEST)


@dataclass(frozen=True)
class Table:
    """A table of ``seats`` places, of which ``active`` play a deal (a dealer may sit out)."""

    seats: int = 4
    partnerships: bool = True

    def next(self, seat: int, steps: int = 1) -> int:
        return (seat + steps) % self.seats

    def order_from(self, first: int) -> list[int]:
        """All seats clockwise, starting with ``first``."""
        return [(first + i) % self.seats for i in range(self.seats)]

    def partner(self, seat: int) -> int:
        if not self.partnerships or self.seats != 4:
            raise ValueError("this table has no fixed partnerships")
        return (seat + 2) % 4

    def next_dealer(self, dealer: int) -> int:
        """The deal passes to the left (clockwise)."""
        return (dealer + 1) % self.seats

    def active_seats(self, dealer: int, active: int) -> list[int]:
        """The seats that play a deal, from the dealer's left; a fourth seat beyond ``active`` sits out."""
        order = self.order_from(self.next(dealer))
        if active == self.seats:
            return order
        if active == self.seats - 1:
            return [s for s in order if s != dealer]
        raise ValueError(f"{active} active players at a table of {self.seats}")
