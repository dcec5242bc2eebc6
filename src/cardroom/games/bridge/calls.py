"""Calls of the bridge auction: the 35 bids, pass, double and redouble.

Calls are interned ints (52 and up, so they never equal a card), ordered so that a higher
bid has a higher value: 1C < 1D < 1H < 1S < 1NT < 2C < … < 7NT (document 001, Table 5
reconstructed from §4.4).
"""

from __future__ import annotations

import re
from enum import IntEnum

from cardroom.core.errors import ParseError


class Strain(IntEnum):
    """Denomination of a bid: the four suits (same numbers as :class:`Suit`) and no-trump."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3
    NOTRUMP = 4

    @property
    def letter(self) -> str:
        return ("C", "D", "H", "S", "NT")[self]

    @property
    def symbol(self) -> str:
        return ("♣", "♦", "♥", "♠", "NT")[self]

    def __str__(self) -> str:
        return self.letter

    @property
    def trump(self) -> int | None:
        return None if self is Strain.NOTRUMP else int(self)

    @classmethod
    def parse(cls, text: str) -> Strain:
        t = text.strip().upper()
        if t in _STRAIN_NAMES:
            return _STRAIN_NAMES[t]
        raise ParseError(f"not a denomination: {text!r} (expected C D H S NT)")


_STRAIN_NAMES = {s.letter: s for s in Strain}
_STRAIN_NAMES.update({s.symbol: s for s in Strain})
_STRAIN_NAMES.update({"N": Strain.NOTRUMP, "БК": Strain.NOTRUMP, "Б/К": Strain.NOTRUMP, "NOTRUMP": Strain.NOTRUMP,
                      "♤": Strain.SPADES, "♡": Strain.HEARTS, "♢": Strain.DIAMONDS, "♧": Strain.CLUBS})

_PASS, _DOUBLE, _REDOUBLE, _BID0 = 52, 53, 54, 55


class Call(int):
    """A call: ``Call.parse("1NT")``, :data:`PASS`, :data:`DOUBLE`, :data:`REDOUBLE`."""

    __slots__ = ()

    def __new__(cls, value: int) -> Call:
        if type(value) is Call:
            return value
        if not _PASS <= value < _BID0 + 35:
            raise ParseError(f"not a call value: {value}")
        return _CALLS[value - _PASS]

    @classmethod
    def _make(cls, value: int) -> Call:
        return int.__new__(cls, value)

    @classmethod
    def bid(cls, level: int, strain: Strain | int) -> Call:
        if not 1 <= level <= 7:
            raise ParseError(f"bid level {level} out of range 1–7")
        return _CALLS[_BID0 - _PASS + (level - 1) * 5 + int(strain)]

    @property
    def is_bid(self) -> bool:
        return self >= _BID0

    @property
    def is_pass(self) -> bool:
        return self == _PASS

    @property
    def is_double(self) -> bool:
        return self == _DOUBLE

    @property
    def is_redouble(self) -> bool:
        return self == _REDOUBLE

    @property
    def level(self) -> int:
        if self < _BID0:
            raise ValueError(f"{self} is not a bid")
        return (self - _BID0) // 5 + 1

    @property
    def strain(self) -> Strain:
        if self < _BID0:
            raise ValueError(f"{self} is not a bid")
        return Strain((self - _BID0) % 5)

    def __str__(self) -> str:
        if self == _PASS:
            return "Pass"
        if self == _DOUBLE:
            return "X"
        if self == _REDOUBLE:
            return "XX"
        return f"{self.level}{self.strain.letter}"

    def __repr__(self) -> str:
        return f"Call({self})"

    @property
    def pretty(self) -> str:
        if self.is_bid:
            return f"{self.level}{self.strain.symbol}"
        return str(self)

    @classmethod
    def parse(cls, text: str) -> Call:
        """Forgiving parser: ``1nt``, ``1N``, ``3♠``, ``p``, ``pass``, ``пас``, ``x``, ``xx``, ``dbl``, ``rdbl``."""
        if not isinstance(text, str):
            raise ParseError(f"not a call: {text!r}")
        t = text.strip().upper().replace(" ", "")
        if t in _SPECIAL:
            return _CALLS[_SPECIAL[t] - _PASS]
        m = _BID_RE.match(t)
        if m:
            level = int(m.group(1))
            if not 1 <= level <= 7:
                raise ParseError(f"not a call: {text!r} (a bid's level is 1 to 7)")
            return cls.bid(level, Strain.parse(m.group(2)))
        raise ParseError(f"not a call: {text!r} (expected e.g. 1C, 3NT, 4♠, pass, X, XX)")


_SPECIAL = {
    "P": _PASS, "PASS": _PASS, "PAS": _PASS, "ПАС": _PASS, "AP": _PASS,
    "X": _DOUBLE, "D": _DOUBLE, "DBL": _DOUBLE, "DOUBLE": _DOUBLE, "КОНТРА": _DOUBLE, "Х": _DOUBLE,
    "XX": _REDOUBLE, "R": _REDOUBLE, "RDBL": _REDOUBLE, "REDOUBLE": _REDOUBLE, "РЕКОНТРА": _REDOUBLE,
    "ХХ": _REDOUBLE,
}
_BID_RE = re.compile(r"^([0-9])(NT|N|БК|Б/К|[CDHS♣♦♥♠♧♢♡♤])$")

_CALLS: tuple[Call, ...] = tuple(Call._make(v) for v in range(_PASS, _BID0 + 35))
PASS = _CALLS[0]
DOUBLE = _CALLS[1]
REDOUBLE = _CALLS[2]
BIDS: tuple[Call, ...] = _CALLS[3:]
ALL_CALLS: tuple[Call, ...] = _CALLS
