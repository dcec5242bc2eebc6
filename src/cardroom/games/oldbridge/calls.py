"""Calls of the old bridges (document 000): the auction bids of the American Laws of 1913 and the
declarations of straight bridge.

Every call is an interned ``int`` from 600 up (outside the cards, the contract-bridge calls and
the preferans calls), so records store it as text and sets of actions stay cheap.

Auction denominations and their value per odd trick (Law 3): spades 2, clubs 6, diamonds 7,
hearts 8, royal spades 9, no trumps 10; nullo ("not yet in the official laws") 10, ranked
immediately below no trumps. Straight bridge: spades 2, clubs 4, diamonds 6, hearts 8, no trumps 12.
"""

from __future__ import annotations

import re
from enum import IntEnum
from typing import ClassVar

from cardroom.core.errors import ParseError, Reason
from cardroom.games.bridge.auction import RU_NOTRUMP_NAMES, RU_SUIT_NAMES, AuctionCall


class Denom(IntEnum):
    """An auction denomination, in rank order for equal values (spades lowest, no trumps highest)."""

    SPADES = 0
    CLUBS = 1
    DIAMONDS = 2
    HEARTS = 3
    ROYAL = 4  # royal spades ("lilies"), Law 3
    NULLO = 5
    NOTRUMP = 6

    @property
    def letter(self) -> str:
        return ("S", "C", "D", "H", "RS", "NL", "NT")[self]

    @property
    def symbol(self) -> str:
        return ("♠", "♣", "♦", "♥", "R♠", "nullo", "NT")[self]

    @property
    def trump(self) -> int | None:
        """The trump suit (Suit number) or None (no trumps, nullo)."""
        return (3, 0, 1, 2, 3, None, None)[self]

    @property
    def auction_value(self) -> int:
        """Value per odd trick, American Law 3 (nullo: document 000, "10 за взятку")."""
        return (2, 6, 7, 8, 9, 10, 10)[self]

    def __str__(self) -> str:
        return self.letter


_DENOM_NAMES: dict[str, Denom] = {d.letter: d for d in Denom}
_DENOM_NAMES.update({
    "♠": Denom.SPADES, "♣": Denom.CLUBS, "♦": Denom.DIAMONDS, "♥": Denom.HEARTS,
    "R♠": Denom.ROYAL, "R": Denom.ROYAL, "ROYAL": Denom.ROYAL, "ROYALS": Denom.ROYAL, "L": Denom.ROYAL,
    "LILY": Denom.ROYAL, "LILIES": Denom.ROYAL, "NULLO": Denom.NULLO, "NULLOS": Denom.NULLO, "N": Denom.NOTRUMP,
    "NOTRUMP": Denom.NOTRUMP, "NOTRUMPS": Denom.NOTRUMP, "БК": Denom.NOTRUMP, "НУЛЛО": Denom.NULLO,
    "SPADE": Denom.SPADES, "SPADES": Denom.SPADES, "CLUB": Denom.CLUBS, "CLUBS": Denom.CLUBS,
    "DIAMOND": Denom.DIAMONDS, "DIAMONDS": Denom.DIAMONDS, "HEART": Denom.HEARTS, "HEARTS": Denom.HEARTS,
    "ROYALSPADE": Denom.ROYAL, "ROYALSPADES": Denom.ROYAL,
    "КОР♠": Denom.ROYAL, "КОР": Denom.ROYAL, "КОРОЛЕВСКИЕ": Denom.ROYAL, "КОРОЛЕВСКИЕПИКИ": Denom.ROYAL,
    "КОРОЛЕВСКАЯПИКА": Denom.ROYAL, "КП": Denom.ROYAL,
})
_DENOM_BY_SUIT = (Denom.CLUBS, Denom.DIAMONDS, Denom.HEARTS, Denom.SPADES)  # by Suit number
_DENOM_NAMES.update({name: _DENOM_BY_SUIT[suit] for name, suit in RU_SUIT_NAMES.items()})
_DENOM_NAMES.update(dict.fromkeys(RU_NOTRUMP_NAMES, Denom.NOTRUMP))

# straight-bridge trumps: the Suit numbers 0-3 (C D H S) and 4 for no trumps
STRAIGHT_VALUE = (4, 6, 8, 2, 12)
"""Straight bridge, value per odd trick by make: clubs 4, diamonds 6, hearts 8, spades 2, no trumps 12."""
MAKE_LETTERS = ("C", "D", "H", "S", "NT")

_BASE = 600
_PASS, _DOUBLE, _REDOUBLE, _LEAVE = _BASE, _BASE + 1, _BASE + 2, _BASE + 3
_MAKE0 = _BASE + 4  # five makes: C D H S NT
_BID0 = _BASE + 9  # then 7 levels x 7 denominations


class OldCall(AuctionCall):
    """A call of the auction (``2RS``, ``3NL``, pass, double, redouble) or of straight bridge
    (``make H``, ``leave``; pass and double serve there too): the family's :class:`AuctionCall`.

    The forgiving parser reads ``1H``, ``2RS``, ``2 royals``, ``3 nullo``, ``2NT``, ``pass``, ``пас``,
    ``X``, ``XX``, ``make H``, ``NT`` (a make), ``leave`` / ``bridge`` / ``оставляю``, and the Russian notation
    (docs/notation.md): ``1♥``, ``2 кор♠``, ``3 нулло``, ``2БК``, ``контра``, ``реконтра``, ``назначаю ♥``."""

    __slots__ = ()

    _BASE = _BASE
    _LETTERS = tuple(d.letter for d in Denom)
    _WORDS = ("Pass", "X", "XX", "leave", *(f"make {m}" for m in MAKE_LETTERS))
    _RU_WORDS = ("пас", "контра", "реконтра", "оставляю", *(f"назначаю {m}" for m in ("♣", "♦", "♥", "♠", "БК")))
    _RU_LETTERS = ("♠", "♣", "♦", "♥", " кор♠", " нулло", "БК")
    _SPECIAL: ClassVar[dict[str, int]] = {
        "P": _PASS, "PASS": _PASS, "PAS": _PASS, "ПАС": _PASS, "ПАСУЮ": _PASS, "MAYILEAD?": _PASS,
        "MAYILEAD": _PASS, "YES": _PASS, "ДА": _PASS, "CONTENT": _PASS, "SATISFIED": _PASS,
        "X": _DOUBLE, "D": _DOUBLE, "DBL": _DOUBLE, "DOUBLE": _DOUBLE, "IDOUBLE": _DOUBLE, "Х": _DOUBLE,
        "УДВАИВАЮ": _DOUBLE, "КОНТРА": _DOUBLE, "РЕКОНТРА": _REDOUBLE, "ПЕРЕУДВАИВАЮ": _REDOUBLE,
        "XX": _REDOUBLE, "R": _REDOUBLE, "RDBL": _REDOUBLE, "REDOUBLE": _REDOUBLE, "ХХ": _REDOUBLE,
        "LEAVE": _LEAVE, "BRIDGE": _LEAVE, "LEAVEIT": _LEAVE, "ОСТАВЛЯЮ": _LEAVE,
    }
    _VALUE_ERROR = "oldbridge.call_value"
    _EXPECTED = "oldbridge.call_expected"

    @classmethod
    def make(cls, trump: int) -> OldCall:
        """Straight bridge: name a trump (Suit number 0-3) or no trumps (4)."""
        if not 0 <= trump <= 4:
            raise ParseError(Reason("oldbridge.not_make", trump=trump))
        return _CALLS[_MAKE0 - _BASE + trump]

    @property
    def is_make(self) -> bool:
        return _MAKE0 <= self < _BID0

    @property
    def denom(self) -> Denom:
        if not self.is_bid:
            raise ValueError(f"{self} is not a bid")
        return Denom(self.denomination)

    @property
    def made(self) -> int:
        """The trump of a make: Suit number 0-3, or 4 for no trumps."""
        if not self.is_make:
            raise ValueError(f"{self} is not a make")
        return int(self) - _MAKE0

    @property
    def value(self) -> int:
        """An auction bid's value: tricks x value per trick (Law 3)."""
        return self.level * self.denom.auction_value

    @classmethod
    def _parse_other(cls, t: str, compact: str, text: str) -> OldCall | None:
        m = _MAKE_RE.match(t)
        if m:
            return cls.make(MAKE_LETTERS.index(_MAKE_NAMES[m.group(1).replace(" ", "")]))
        return cls._parse_bid(_BID_RE, t, text, lambda name: _DENOM_NAMES.get(name.replace(" ", "")))


_MAKE_NAMES = {"C": "C", "D": "D", "H": "H", "S": "S", "NT": "NT", "N": "NT", "♣": "C", "♦": "D", "♥": "H",
               "♠": "S", "CLUBS": "C", "DIAMONDS": "D", "HEARTS": "H", "SPADES": "S", "NOTRUMP": "NT",
               "NOTRUMPS": "NT", **{name: MAKE_LETTERS[suit] for name, suit in RU_SUIT_NAMES.items()},
               **dict.fromkeys(RU_NOTRUMP_NAMES, "NT")}
_MAKE_RE = re.compile(r"^(?:(?:MAKE|НАЗНАЧАЮ)\s*)?(C|D|H|S|NT|N|♣|♦|♥|♠|CLUBS|DIAMONDS|HEARTS|SPADES|NO\s?TRUMPS?|"
                      + "|".join(re.escape(n) for n in sorted(set(RU_SUIT_NAMES) | set(RU_NOTRUMP_NAMES), key=len,
                                                              reverse=True)) + ")$")
_BID_RE = re.compile(r"^([0-9])\s*([A-ZА-ЯЁ♠♣♦♥/ ]+)$")

_CALLS: tuple[OldCall, ...] = OldCall._intern()
PASS = _CALLS[0]
DOUBLE = _CALLS[1]
REDOUBLE = _CALLS[2]
LEAVE = _CALLS[3]
MAKES: tuple[OldCall, ...] = _CALLS[4:9]
BIDS: tuple[OldCall, ...] = _CALLS[9:]
ALL_CALLS: tuple[OldCall, ...] = _CALLS
