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

from cardroom.core.errors import ParseError


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
})

# straight-bridge trumps: the Suit numbers 0-3 (C D H S) and 4 for no trumps
STRAIGHT_VALUE = (4, 6, 8, 2, 12)
"""Straight bridge, value per odd trick by make: clubs 4, diamonds 6, hearts 8, spades 2, no trumps 12."""
MAKE_LETTERS = ("C", "D", "H", "S", "NT")

_BASE = 600
_PASS, _DOUBLE, _REDOUBLE, _LEAVE = _BASE, _BASE + 1, _BASE + 2, _BASE + 3
_MAKE0 = _BASE + 4  # five makes: C D H S NT
_BID0 = _BASE + 9  # 7 levels x 7 denominations
_END = _BID0 + 49


class OldCall(int):
    """A call of the auction (``2RS``, ``3NL``, pass, double, redouble) or of straight bridge
    (``make H``, ``leave``; pass and double serve there too)."""

    __slots__ = ()

    def __new__(cls, value: int) -> OldCall:
        if type(value) is OldCall:
            return value
        if not _BASE <= value < _END:
            raise ParseError(f"not an old-bridge call value: {value}")
        return _CALLS[value - _BASE]

    @classmethod
    def _make(cls, value: int) -> OldCall:
        return int.__new__(cls, value)

    @classmethod
    def bid(cls, level: int, denom: Denom | int) -> OldCall:
        if not 1 <= level <= 7:
            raise ParseError(f"bid level {level} out of range 1–7")
        return _CALLS[_BID0 - _BASE + (level - 1) * 7 + int(denom)]

    @classmethod
    def make(cls, trump: int) -> OldCall:
        """Straight bridge: name a trump (Suit number 0-3) or no trumps (4)."""
        if not 0 <= trump <= 4:
            raise ParseError(f"not a make: {trump}")
        return _CALLS[_MAKE0 - _BASE + trump]

    @property
    def is_bid(self) -> bool:
        return self >= _BID0

    @property
    def is_make(self) -> bool:
        return _MAKE0 <= self < _BID0

    @property
    def level(self) -> int:
        if not self.is_bid:
            raise ValueError(f"{self} is not a bid")
        return (self - _BID0) // 7 + 1

    @property
    def denom(self) -> Denom:
        if not self.is_bid:
            raise ValueError(f"{self} is not a bid")
        return Denom((self - _BID0) % 7)

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

    def __str__(self) -> str:
        if self == _PASS:
            return "Pass"
        if self == _DOUBLE:
            return "X"
        if self == _REDOUBLE:
            return "XX"
        if self == _LEAVE:
            return "leave"
        if self.is_make:
            return f"make {MAKE_LETTERS[self.made]}"
        return f"{self.level}{self.denom.letter}"

    def __repr__(self) -> str:
        return f"OldCall({self})"

    @classmethod
    def parse(cls, text: str) -> OldCall:
        """Forgiving: ``1H``, ``2RS``, ``2 royals``, ``3 nullo``, ``2NT``, ``pass``, ``пас``, ``X``,
        ``XX``, ``make H``, ``NT`` (a make), ``leave`` / ``bridge`` / ``оставляю``."""
        if not isinstance(text, str):
            raise ParseError(f"not a call: {text!r}")
        t = text.strip().upper()
        compact = t.replace(" ", "")
        if compact in _SPECIAL:
            return _CALLS[_SPECIAL[compact] - _BASE]
        m = _MAKE_RE.match(t)
        if m:
            return cls.make(MAKE_LETTERS.index(_MAKE_NAMES[m.group(1).replace(" ", "")]))
        m = _BID_RE.match(t)
        if m:
            level = int(m.group(1))
            name = m.group(2).replace(" ", "")
            if name not in _DENOM_NAMES:
                raise ParseError(f"not a call: {text!r} (unknown denomination {m.group(2)!r})")
            if not 1 <= level <= 7:
                raise ParseError(f"not a call: {text!r} (a bid's level is 1 to 7)")
            return cls.bid(level, _DENOM_NAMES[name])
        raise ParseError(f"not a call: {text!r} (expected e.g. 1H, 2RS, 3NL, 2NT, pass, X, XX, make H, leave)")


_SPECIAL = {
    "P": _PASS, "PASS": _PASS, "PAS": _PASS, "ПАС": _PASS, "ПАСУЮ": _PASS, "MAYILEAD?": _PASS, "MAYILEAD": _PASS,
    "YES": _PASS, "ДА": _PASS, "CONTENT": _PASS, "SATISFIED": _PASS,
    "X": _DOUBLE, "D": _DOUBLE, "DBL": _DOUBLE, "DOUBLE": _DOUBLE, "IDOUBLE": _DOUBLE, "Х": _DOUBLE,
    "УДВАИВАЮ": _DOUBLE,
    "XX": _REDOUBLE, "R": _REDOUBLE, "RDBL": _REDOUBLE, "REDOUBLE": _REDOUBLE, "ХХ": _REDOUBLE,
    "LEAVE": _LEAVE, "BRIDGE": _LEAVE, "LEAVEIT": _LEAVE, "ОСТАВЛЯЮ": _LEAVE,
}
_MAKE_NAMES = {"C": "C", "D": "D", "H": "H", "S": "S", "NT": "NT", "N": "NT", "♣": "C", "♦": "D", "♥": "H",
               "♠": "S", "CLUBS": "C", "DIAMONDS": "D", "HEARTS": "H", "SPADES": "S", "NOTRUMP": "NT",
               "NOTRUMPS": "NT", "БК": "NT"}
_MAKE_RE = re.compile(r"^(?:MAKE\s*)?(C|D|H|S|NT|N|♣|♦|♥|♠|CLUBS|DIAMONDS|HEARTS|SPADES|NO\s?TRUMPS?|БК)$")
_BID_RE = re.compile(r"^([0-9])\s*([A-ZА-Я♠♣♦♥ ]+)$")

_CALLS: tuple[OldCall, ...] = tuple(OldCall._make(v) for v in range(_BASE, _END))
PASS = _CALLS[0]
DOUBLE = _CALLS[1]
REDOUBLE = _CALLS[2]
LEAVE = _CALLS[3]
MAKES: tuple[OldCall, ...] = _CALLS[4:9]
BIDS: tuple[OldCall, ...] = _CALLS[9:]
ALL_CALLS: tuple[OldCall, ...] = _CALLS
