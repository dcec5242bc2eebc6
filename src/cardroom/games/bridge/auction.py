"""The bridge family's auction, written once: its calls, its partnerships and its course.

Contract bridge (document 001) and auction bridge (document 000, American Laws of 1913) bid in one
way; what differs between them is a parameter of :class:`AuctionParams`:

* what outranks what: contract bridge's bids in their own order (level, then C < D < H < S < NT);
  auction bridge's by value (Law 3), with or without royal spades and nullo (``outranks``, ``in_play``);
* what closes the auction: three passes after a bid; four passes before any bid pass the deal out
  (the rubber deals again), unless the dealer must open (``dealer_may_pass``);
* who declares: the first of the winning side to name the final denomination, or the winning bidder
  (``declarer``);
* the doubling limit: double, then redouble, and in auction bridge more doublings up to a limit
  (``max_doublings``, ``doubling_counts``).

Straight bridge has no auction of that kind (the dealer names the trump or leaves it to his partner,
then the doubling goes round by its own rules, limited by value): it uses the family's :class:`AuctionCall`
type (``make H``, ``leave``) and :class:`Partnership` (the dealer declares, his partner is dummy),
not the :class:`Auction`.

Who plays with whom is a :class:`Partnership`, a function of the game: fixed pairs (the four-handed
games: North-South and East-West), a dummy hand (three-handed bridge: the declarer with the dummy
against the other two) or each for himself; the auction asks it for sides and partners instead of
computing seat parity.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, Self, TypeVar, cast

from cardroom.core.errors import ParseError, Reason
from cardroom.core.table import Seat
from cardroom.i18n.catalogue import Localized

# --------------------------------------------------------------------------------------------- partnerships


@dataclass(frozen=True)
class Partnership:
    """Who plays with whom: ``sides[seat]`` is the side of each seat; two seats of a side are partners."""

    sides: tuple[int, ...]
    name: str = ""
    partners: tuple[Seat | None, ...] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        mates = [[Seat(t) for t, x in enumerate(self.sides) if x == side and t != s]
                 for s, side in enumerate(self.sides)]
        object.__setattr__(self, "partners", tuple(m[0] if len(m) == 1 else None for m in mates))

    def side(self, seat: int) -> int:
        return self.sides[seat]

    def same_side(self, a: int, b: int) -> bool:
        return self.sides[a] == self.sides[b]

    def partner(self, seat: int) -> Seat | None:
        """The one other seat of ``seat``'s side, or None (each for himself, or a side of three)."""
        return self.partners[seat]

    def seats(self, side: int) -> tuple[Seat, ...]:
        return tuple(Seat(s) for s, x in enumerate(self.sides) if x == side)

    @classmethod
    def with_dummy(cls, declarer: int, dummy: int, seats: int = 4) -> Partnership:
        """A dummy hand (three-handed bridge): the declarer and the dummy against the others."""
        return cls(tuple(0 if s in (declarer, dummy) else 1 for s in range(seats)), "dummy hand")


FIXED_PAIRS = Partnership((0, 1, 0, 1), "fixed pairs")
"""The four-handed games: North-South (side 0) against East-West (side 1), partners sitting opposite."""
EACH_FOR_HIMSELF = Partnership((0, 1, 2, 3), "each for himself")


@dataclass(frozen=True)
class DoublingLimit:
    """How far one bid (or make) may be doubled and redoubled: at most ``count`` doublings (contract bridge
    2: double and redouble; auction bridge as its rules say), or while the value of a trick is ``below``
    a figure before the next doubling, or while it stays ``up_to`` a figure after it (straight bridge)."""

    count: int | None = None
    below: int | None = None
    up_to: int | None = None

    def allows(self, doubling: int, trick_value: int = 0) -> bool:
        """Whether one more doubling may follow ``doubling`` doublings of a trick worth ``trick_value``."""
        if self.count is not None and doubling >= self.count:
            return False
        value = trick_value << doubling
        if self.below is not None and value >= self.below:
            return False
        return self.up_to is None or value * 2 <= self.up_to


DOUBLE_AND_REDOUBLE = DoublingLimit(count=2)


# --------------------------------------------------------------------------------------------- calls


RU_SUIT_NAMES: dict[str, int] = {
    **dict.fromkeys(("Т", "К", "ТРЕФ", "ТРЕФА", "ТРЕФЫ", "ТРЕФУ", "КРЕСТИ", "КРЕСТЕЙ"), 0),
    **dict.fromkeys(("Б", "БУБНА", "БУБНЫ", "БУБЕН", "БУБНУ", "БУБИ", "БУБЁН"), 1),
    **dict.fromkeys(("Ч", "ЧЕРВА", "ЧЕРВЫ", "ЧЕРВИ", "ЧЕРВЕЙ", "ЧЕРВУ", "ЧЕРВЬ"), 2),
    **dict.fromkeys(("П", "ПИКА", "ПИКИ", "ПИК", "ПИКУ"), 3),
}
"""A suit named in Russian in a call (upper case, as the parsers read it): its letter or its word, in the
forms a bid says it («1 черва», «2 пики», «3 бубны», «4 трефы»); the value is the :class:`Suit` number.
Clubs are ``т`` (трефы) or ``к`` (крести): a suit named alone, so no rank can follow (docs/notation.md)."""
RU_NOTRUMP_NAMES = ("БК", "Б/К", "БЕЗКОЗЫРЯ", "БЕЗКОЗЫРЕЙ", "БЕЗКОЗЫРНАЯ")
"""No trumps named in Russian in a call («2БК», «2 б/к», «три без козыря»)."""


class AuctionCall(int, Localized):
    """A call of the bridge family: pass, double, redouble, a bid of a level 1–7 and a denomination,
    and whatever other declarations a game adds (straight bridge's makes).

    A game's calls are a subclass that sets the class parameters (``_BASE``: the value of Pass, which
    is followed by X, XX, the game's other words and then the bids, level by level; ``_LETTERS``: the
    denominations in rank order; ``_WORDS``: the texts of everything that is not a bid; ``_SPECIAL``:
    the words it accepts) and calls :meth:`_intern`. Every call is an interned ``int`` of its own range,
    so a game's calls never equal a card or another game's call, and records store them as text.
    """

    __slots__ = ()

    _BASE: ClassVar[int]
    _BID0: ClassVar[int]
    _LETTERS: ClassVar[tuple[str, ...]]
    _WORDS: ClassVar[tuple[str, ...]]
    _SPECIAL: ClassVar[dict[str, int]]
    _ALL: ClassVar[tuple[Any, ...]]
    _TEXTS: ClassVar[tuple[str, ...]]  # the calls' texts, in value order
    _RU_WORDS: ClassVar[tuple[str, ...]]  # the Russian texts of ``_WORDS`` (docs/notation.md)
    _RU_LETTERS: ClassVar[tuple[str, ...]]  # the Russian texts of ``_LETTERS``
    _RU_TEXTS: ClassVar[tuple[str, ...]]  # the calls' Russian texts, in value order
    _VALUE_ERROR: ClassVar[str] = "bridge.call_value"  # the reasons (catalogue keys) of a value and a text
    _EXPECTED: ClassVar[str] = "bridge.call_expected"  # that are no call of this kind

    def __new__(cls, value: int) -> Self:
        if type(value) is cls:
            return value
        if not cls._BASE <= value < cls._BASE + len(cls._ALL):
            raise ParseError(Reason(cls._VALUE_ERROR, value=value))
        return cast(Self, cls._ALL[value - cls._BASE])

    @classmethod
    def _intern(cls) -> tuple[Self, ...]:
        """Make every call of this game once (the words, then 7 levels of bids); returns them in value order."""
        cls._BID0 = cls._BASE + len(cls._WORDS)
        end = cls._BID0 + 7 * len(cls._LETTERS)
        cls._ALL = tuple(int.__new__(cls, v) for v in range(cls._BASE, end))
        cls._TEXTS = tuple(c._text() for c in cls._ALL)  # each call's text made once (views write them often)
        cls._RU_TEXTS = tuple(c._text(cls._RU_WORDS, cls._RU_LETTERS) for c in cls._ALL)
        return cast(tuple[Self, ...], cls._ALL)

    @classmethod
    def bid(cls, level: int, denomination: int) -> Self:
        if not 1 <= level <= 7:
            raise ParseError(Reason("bridge.bid_level", level=level))
        return cast(Self, cls._ALL[cls._BID0 - cls._BASE + (level - 1) * len(cls._LETTERS) + int(denomination)])

    @property
    def is_bid(self) -> bool:
        return self >= self._BID0

    @property
    def is_pass(self) -> bool:
        return self == self._BASE

    @property
    def is_double(self) -> bool:
        return self == self._BASE + 1

    @property
    def is_redouble(self) -> bool:
        return self == self._BASE + 2

    @property
    def level(self) -> int:
        if self < self._BID0:
            raise ValueError(f"{self} is not a bid")
        return (self - self._BID0) // len(self._LETTERS) + 1

    @property
    def denomination(self) -> int:
        """The denomination's number in the game's rank order (a game's property gives its enum)."""
        if self < self._BID0:
            raise ValueError(f"{self} is not a bid")
        return (self - self._BID0) % len(self._LETTERS)

    def __str__(self) -> str:
        return self._TEXTS[self - self._BASE]

    def _text(self, words: tuple[str, ...] | None = None, letters: tuple[str, ...] | None = None) -> str:
        if self < self._BID0:
            return (words or self._WORDS)[self - self._BASE]
        return f"{self.level}{(letters or self._LETTERS)[(self - self._BID0) % len(self._LETTERS)]}"

    @property
    def pretty(self) -> str:
        """The call as an English screen writes it (a game may write its bids by suit symbols)."""
        return str(self)

    def text(self, lang: str = "en") -> str:
        """The call in ``lang``: the Russian notation of docs/notation.md, else the English text (``1NT``,
        ``Pass``), as messages and reasons quote it."""
        return self._RU_TEXTS[self - self._BASE] if lang == "ru" else str(self)

    def shown(self, lang: str) -> str:
        """The call as a screen in ``lang`` draws it: the Russian notation, else :attr:`pretty`."""
        return self.text(lang) if lang == "ru" else self.pretty

    @classmethod
    def denomination_text(cls, denomination: int, lang: str) -> str:
        """A denomination as a bid in ``lang`` writes it after its level (``♥``, ``NT``; ``БК``)."""
        return cls.bid(1, denomination).shown(lang)[1:]

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self})"

    @classmethod
    def parse(cls, text: str) -> Self:
        """The forgiving parser: the game's words (``pass``, ``пас``, ``X``, ``XX``, …), then its bids."""
        if not isinstance(text, str):
            raise ParseError(Reason("pref.not_call", text=text))
        t = text.strip().upper()
        compact = t.replace(" ", "")
        if compact in cls._SPECIAL:
            return cast(Self, cls._ALL[cls._SPECIAL[compact] - cls._BASE])
        call = cls._parse_other(t, compact, text)
        if call is None:
            raise ParseError(Reason(cls._EXPECTED, text=text))
        return call

    @classmethod
    def _parse_other(cls, t: str, compact: str, text: str) -> Self | None:
        """A bid (or a game's other declaration) from the upper-cased text ``t`` (``compact``: without
        spaces); None when it is none."""
        raise NotImplementedError

    @classmethod
    def _parse_bid(cls, pattern: re.Pattern[str], t: str, text: str,
                   denomination: Callable[[str], int | None]) -> Self | None:
        """A bid matched by ``pattern`` (level, denomination name): the name looked up by ``denomination``
        (None: unknown, refused), then the level checked 1–7."""
        m = pattern.match(t)
        if not m:
            return None
        d = denomination(m.group(2))
        if d is None:
            raise ParseError(Reason("bridge.call_denomination", text=text, denomination=m.group(2)))
        level = int(m.group(1))
        if not 1 <= level <= 7:
            raise ParseError(Reason("bridge.call_level", text=text))
        return cls.bid(level, d)


C = TypeVar("C", bound=AuctionCall)


# --------------------------------------------------------------------------------------------- the auction


@dataclass(frozen=True)
class AuctionParams(Generic[C]):
    """What one game's auction is (see the module docstring)."""

    pass_: C
    double: C
    redouble: C
    bids: tuple[C, ...]  # in value order
    partnership: Partnership = FIXED_PAIRS
    # whether bid ``new`` outranks bid ``old``; None: the bids' own order (contract bridge)
    outranks: Callable[[C, C], bool] | None = None
    # the bids played at this table (royal spades, nullo); None: all
    in_play: Callable[[C], bool] | None = None
    # False: the dealer must open with a bid (so four passes never happen)
    dealer_may_pass: bool = True
    # doublings of one bid: a double, then a redouble, then (auction bridge) double again…
    limit: DoublingLimit = DOUBLE_AND_REDOUBLE
    # True: each double or redouble adds one doubling (auction bridge); False: a double makes the bid
    # doubled and a redouble redoubled whatever came before (contract bridge, where the laws may accept
    # an inadmissible double)
    doubling_counts: bool = True
    # "first-to-name": the first of the winning side to name the final denomination; "winning-bidder"
    declarer: str = "first-to-name"
    # worked out once: the bids in play, and those in play that outrank each bid
    openings: tuple[C, ...] = field(init=False, compare=False, repr=False)
    over: dict[int, tuple[C, ...]] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        in_play = tuple(b for b in self.bids if self.in_play is None or self.in_play(b))
        object.__setattr__(self, "openings", in_play)
        object.__setattr__(self, "over", {int(old): tuple(b for b in in_play if self.ranks_above(b, old))
                                          for old in self.bids})

    def ranks_above(self, new: C, old: C) -> bool:
        """Whether bid ``new`` outranks bid ``old``."""
        return new > old if self.outranks is None else self.outranks(new, old)


class Auction(Generic[C]):
    """The course of one auction: the last bid, its bidder and doublings, the passes since, who named
    each denomination first on each side, whose turn it is.

    A deal of the bridge family inherits it (these are the deal's attributes, as the laws see them);
    a record reader uses it alone (:func:`replay_auction`). The deal
    records the calls themselves in its own form (:meth:`_record_call`).
    """

    auction_params: AuctionParams[C]
    dealer: Seat
    next_seat: Seat
    last_bid: C | None
    last_bid_seat: Seat | None
    doubling: int
    doubler: Seat | None
    passes: int
    first_namer: dict[tuple[int, int], Seat]

    def start_auction(self, params: AuctionParams[C], dealer: Seat) -> None:
        """Open the auction: nothing called yet, the dealer to call."""
        self.auction_params = params
        self.dealer = dealer
        self.last_bid = None
        self.last_bid_seat = None
        self.doubling = 0
        self.doubler = None
        self.passes = 0
        self.first_namer = {}
        self.next_seat = dealer

    # ----------------------------------------------------------------- what may be called
    def legal_calls(self) -> list[C]:
        """The calls the seat to call may make, in value order: pass, a double or redouble, the bids."""
        p = self.auction_params
        seat = self.next_seat
        out: list[C] = [] if self.last_bid is None and not p.dealer_may_pass else [p.pass_]
        if self.last_bid_seat is not None and p.limit.allows(self.doubling):
            own = p.partnership.same_side(self.last_bid_seat, seat)
            if self.doubling % 2 == 0 and not own:
                out.append(p.double)
            elif self.doubling % 2 == 1 and own:
                out.append(p.redouble)
        out.extend(self._bids_now(seat))
        return out

    def _bids_now(self, seat: Seat) -> Sequence[C]:
        """The bids in play that outrank the last bid (a game narrows them for its own rules)."""
        lb = self.last_bid
        return self.auction_params.openings if lb is None else self.auction_params.over[lb]

    def _bid_barred(self, seat: Seat, call: C) -> bool:
        """Whether a game's own rule forbids ``seat`` a sufficient bid (contract bridge's options)."""
        return False

    def call_refusal(self, seat: Seat, call: C) -> str | None:
        """Why ``seat`` may not make ``call`` now (a reason key the game words), or None if he may.

        Keys: ``not-auction`` (no call of the auction), ``dealer-must-bid``, ``not-in-play``,
        ``insufficient``, ``barred``, ``nothing-to-double``, ``nothing-to-redouble``, ``double-own-side``,
        ``double-not-now``,
        ``redouble-not-doubled``, ``redouble-opponents``, ``doubling-limit``.
        """
        p = self.auction_params
        lb = self.last_bid
        if call.is_pass:
            return "dealer-must-bid" if lb is None and not p.dealer_may_pass else None
        if call.is_bid:
            if p.in_play is not None and not p.in_play(call):
                return "not-in-play"
            if lb is not None and not p.ranks_above(call, lb):
                return "insufficient"
            return "barred" if self._bid_barred(seat, call) else None
        double = call.is_double
        if not double and not call.is_redouble:
            return "not-auction"
        if lb is None or self.last_bid_seat is None:
            return "nothing-to-double" if double else "nothing-to-redouble"
        own = p.partnership.same_side(self.last_bid_seat, seat)
        if double:
            if own:
                return "double-own-side"
            if self.doubling % 2 == 1:
                return "double-not-now"
        else:
            if self.doubling % 2 == 0:
                return "redouble-not-doubled"
            if not own:
                return "redouble-opponents"
        return None if p.limit.allows(self.doubling) else "doubling-limit"

    # ----------------------------------------------------------------- the course
    def _record_call(self, seat: Seat, call: C) -> None:
        """The deal keeps the calls in its own form (a list of calls, or of (seat, call))."""

    def enter_call(self, seat: Seat, call: C) -> None:
        """Enter ``call`` by ``seat``, already found acceptable, and give the turn to his left."""
        self._record_call(seat, call)
        if call.is_pass:
            self.passes += 1
        else:
            self.passes = 0
            if call.is_bid:
                self.last_bid = call
                self.last_bid_seat = seat
                self.doubling = 0
                self.doubler = None
                self.first_namer.setdefault((self.auction_params.partnership.side(seat), call.denomination), seat)
            elif call.is_double:
                self.doubling = self.doubling + 1 if self.auction_params.doubling_counts else 1
                self.doubler = seat
            else:
                self.doubling = self.doubling + 1 if self.auction_params.doubling_counts else 2
        self.next_seat = seat.lho

    @property
    def auction_closed(self) -> bool:
        """Three passes after a bid, or four passes before any (the deal is passed out)."""
        return self.passes >= (4 if self.last_bid is None else 3)

    @property
    def declarer_of_bid(self) -> Seat | None:
        """Who declares the last bid, should the auction end now (None before any bid)."""
        if self.last_bid is None or self.last_bid_seat is None:
            return None
        if self.auction_params.declarer == "winning-bidder":
            return self.last_bid_seat
        side = self.auction_params.partnership.side(self.last_bid_seat)
        return self.first_namer[(side, self.last_bid.denomination)]


def replay_auction(params: AuctionParams[C], dealer: Seat, calls: Sequence[C]) -> Auction[C]:
    """The auction after ``calls`` in turn from the dealer (a record's auction; nothing is checked)."""
    a: Auction[C] = Auction()
    a.start_auction(params, dealer)
    for call in calls:
        a.enter_call(a.next_seat, call)
    return a
