"""Calls of the bridge auction: the 35 bids, pass, double and redouble.

Calls are interned ints (52 and up, so they never equal a card), ordered so that a higher
bid has a higher value: 1C < 1D < 1H < 1S < 1NT < 2C < … < 7NT (document 001, Table 5
reconstructed from §4.4).
"""

from __future__ import annotations

import re
from enum import IntEnum
from typing import ClassVar

from cardroom.core.errors import Reason, parse_named
from cardroom.games.bridge.auction import RU_NOTRUMP_NAMES, RU_SUIT_NAMES, AuctionCall


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
        return parse_named(_STRAIN_NAMES, text, "bridge.not_denomination")


def suit_plural(suit: int) -> Reason:
    """A suit named in the plural (``clubs``, in Russian ``трефы``), as messages about following suit write it."""
    return Reason(_SUIT_PLURALS[suit])


_SUIT_PLURALS = ("bridge.clubs", "bridge.diamonds", "bridge.hearts", "bridge.spades")
_STRAIN_NAMES = {s.letter: s for s in Strain}
_STRAIN_NAMES.update({s.symbol: s for s in Strain})
_STRAIN_NAMES.update({"N": Strain.NOTRUMP, "NOTRUMP": Strain.NOTRUMP,
                      "♤": Strain.SPADES, "♡": Strain.HEARTS, "♢": Strain.DIAMONDS, "♧": Strain.CLUBS})
_STRAIN_NAMES.update({name: Strain(suit) for name, suit in RU_SUIT_NAMES.items()})
_STRAIN_NAMES.update(dict.fromkeys(RU_NOTRUMP_NAMES, Strain.NOTRUMP))

_PASS, _DOUBLE, _REDOUBLE = 52, 53, 54


class Call(AuctionCall):
    """A call of contract bridge (the family's :class:`AuctionCall`): ``Call.parse("1NT")``, :data:`PASS`,
    :data:`DOUBLE`, :data:`REDOUBLE`. The forgiving parser reads ``1nt``, ``1N``, ``3♠``, ``p``, ``pass``,
    ``x``, ``xx``, ``dbl``, ``rdbl``, and the Russian notation (docs/notation.md): ``1♥``, ``1 черва``, ``2БК``,
    ``пас``, ``контра``, ``реконтра``."""

    __slots__ = ()

    _BASE = _PASS
    _LETTERS = tuple(s.letter for s in Strain)
    _WORDS = ("Pass", "X", "XX")
    _RU_WORDS = ("пас", "контра", "реконтра")
    _RU_LETTERS = ("♣", "♦", "♥", "♠", "БК")
    _SPECIAL: ClassVar[dict[str, int]] = {
        "P": _PASS, "PASS": _PASS, "PAS": _PASS, "ПАС": _PASS, "AP": _PASS,
        "X": _DOUBLE, "D": _DOUBLE, "DBL": _DOUBLE, "DOUBLE": _DOUBLE, "КОНТРА": _DOUBLE, "Х": _DOUBLE,
        "XX": _REDOUBLE, "R": _REDOUBLE, "RDBL": _REDOUBLE, "REDOUBLE": _REDOUBLE, "РЕКОНТРА": _REDOUBLE,
        "ХХ": _REDOUBLE,
    }
    _EXPECTED = "bridge.call_expected"

    @property
    def strain(self) -> Strain:
        return Strain(self.denomination)

    @property
    def pretty(self) -> str:
        if self.is_bid:
            return f"{self.level}{self.strain.symbol}"
        return str(self)

    @classmethod
    def _parse_other(cls, t: str, compact: str, text: str) -> Call | None:
        return cls._parse_bid(_BID_RE, compact, text, lambda name: Strain.parse(name))


_BID_RE = re.compile(r"^([0-9])(" + "|".join(re.escape(n) for n in sorted(_STRAIN_NAMES, key=len, reverse=True)) + ")$")

_CALLS: tuple[Call, ...] = Call._intern()
PASS = _CALLS[0]
DOUBLE = _CALLS[1]
REDOUBLE = _CALLS[2]
BIDS: tuple[Call, ...] = _CALLS[3:]
ALL_CALLS: tuple[Call, ...] = _CALLS
