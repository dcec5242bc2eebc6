"""The Blue Chip Bridge table-manager protocol (version 18): its messages, read and written.

Every message is one line of ASCII text ended by CR LF. The words are the protocol's own (English by the
protocol, like PBN's tags), so they are not in the catalogue: nobody reads them but programs. What goes
wrong reading one is a :class:`ProtocolError` with a code (:data:`REFUSALS`), never prose.

Client to table manager (``S`` a seat, ``T`` another seat)::

    Connecting "team" as North using protocol version 18
    S ready for teams | S ready to start | S ready for deal | S ready for cards
    S ready for T's bid | S ready for T's card to trick 3 | S ready for dummy's card to trick 3
    S ready for dummy
    S bids 1H | S bids 3NT Alert. text | S passes | S doubles | S redoubles
    S plays 3C                 (the declarer names the dummy's seat for the dummy's card)

Table manager to client::

    North ("team") seated
    Teams : N/S : "a" E/W : "b"
    Start of board
    Board number 1. Dealer North. Neither vulnerable.
    North's cards : S A K 4. H Q 9 5 3 2. D -. C T 8 7 6 2.
    Dummy's cards : …
    West to lead               (to the opening leader; see docs/tm.md)
    North bids 1H | North passes | North plays 3C
    Timing - N/S : this board 01:02, total 0:05:10. E/W : this board 00:58, total 0:04:55.
    End of session
    Error <code>               (cardroom's answer to a message it refuses)
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from cardroom.core.cards import Card, Rank, Suit
from cardroom.core.errors import CardroomError
from cardroom.core.table import Seat
from cardroom.games.bridge.calls import DOUBLE, PASS, REDOUBLE, Call, Strain
from cardroom.i18n.catalogue import Reason

VERSION = 18
"""The protocol version cardroom speaks (Blue Chip Bridge, 1 August 2005)."""

MAX_LINE = 512
"""The longest line accepted (bytes, the line end included); a longer one is refused and ends the link."""

REFUSALS = ("malformed", "unexpected", "wrong-seat", "seat-taken", "version", "not-your-turn", "illegal-call",
            "illegal-card", "wrong-trick", "line-too-long", "timeout", "too-many-errors")
"""The codes of cardroom's ``Error <code>`` answers."""

SEAT_WORDS = {Seat.NORTH: "North", Seat.EAST: "East", Seat.SOUTH: "South", Seat.WEST: "West"}
_SEAT_OF = {w.lower(): s for s, w in SEAT_WORDS.items()}
_SUIT_ORDER = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
_RANKS = "23456789TJQKA"
VULNERABLE_WORDS = {(False, False): "Neither", (True, False): "N/S", (False, True): "E/W", (True, True): "Both"}
_VUL_OF = {w.lower(): v for v, w in VULNERABLE_WORDS.items()}
DUMMY = "dummy"
"""Who a ``ready for …'s card`` names when the dummy plays next."""


class ProtocolError(CardroomError):
    """A message refused: ``code`` is one of :data:`REFUSALS`, ``line`` the line (at most 40 characters)."""

    def __init__(self, code: str, text: str = "") -> None:
        assert code in REFUSALS, code
        self.code = code
        self.line = text[:40]
        super().__init__(Reason("tm.protocol", code=code, text=self.line))

    def wire(self) -> str:
        return f"Error {self.code}"


# ----------------------------------------------------------------------------------------------- words
def seat_word(seat: Seat) -> str:
    return SEAT_WORDS[seat]


def parse_seat(word: str, line: str = "") -> Seat:
    s = _SEAT_OF.get(word.strip().lower())
    if s is None:
        raise ProtocolError("malformed", line or word)
    return s


def card_word(card: Card) -> str:
    """``3C``, ``TH``, ``AS``: rank then suit, ten as ``T``."""
    return f"{_RANKS[card % 13]}{card.suit.letter}"


def parse_card(word: str, line: str = "") -> Card:
    w = word.strip().upper().rstrip(".")
    if w.startswith("10"):
        w = "T" + w[2:]
    if len(w) != 2 or w[0] not in _RANKS or w[1] not in "SHDC":
        raise ProtocolError("malformed", line or word)
    return Card.of(Suit.parse(w[1]), Rank(_RANKS.index(w[0]) + 2))


def hand_text(mask: int) -> str:
    """``S A K 4. H Q 9 5 3 2. D -. C T 8 7 6 2.``: suits from spades down, ranks from the ace down."""
    parts = []
    for suit in _SUIT_ORDER:
        ranks = [_RANKS[r] for r in range(12, -1, -1) if mask >> (int(suit) * 13 + r) & 1]
        parts.append(f"{suit.letter} {' '.join(ranks) if ranks else '-'}.")
    return " ".join(parts)


def parse_hand(text: str, line: str = "") -> int:
    """The mask of a hand written by :func:`hand_text` (the suits in any order, ``-`` for a void)."""
    mask = 0
    seen: set[str] = set()
    for part in (p.strip() for p in text.split(".")):
        if not part:
            continue
        words = part.split()
        suit = words[0].upper()
        if suit not in "SHDC" or len(suit) != 1 or suit in seen:
            raise ProtocolError("malformed", line or text)
        seen.add(suit)
        for r in words[1:]:
            if r == "-":
                continue
            card = parse_card(r + suit, line or text)
            mask |= card.mask
    if len(seen) != 4:
        raise ProtocolError("malformed", line or text)
    return mask


def call_words(call: Call) -> str:
    """``passes``, ``doubles``, ``redoubles``, ``bids 1H``, ``bids 3NT``."""
    if call == PASS:
        return "passes"
    if call == DOUBLE:
        return "doubles"
    if call == REDOUBLE:
        return "redoubles"
    return f"bids {call.level}{call.strain.letter}"


_BID = re.compile(r"^([1-7])(C|D|H|S|NT|N)$")


def parse_bid(word: str, line: str) -> Call:
    m = _BID.match(word.strip().upper().rstrip("."))
    if m is None:
        raise ProtocolError("malformed", line)
    strain = {"C": Strain.CLUBS, "D": Strain.DIAMONDS, "H": Strain.HEARTS, "S": Strain.SPADES}.get(m[2], Strain.NOTRUMP)
    return Call.bid(int(m[1]), strain)


def board_vulnerable(number: int) -> tuple[bool, bool]:
    """The vulnerability of a duplicate board by its number (the cycle of 16 boards)."""
    cycle = ("-", "N", "E", "B", "N", "E", "B", "-", "E", "B", "-", "N", "B", "-", "N", "E")
    v = cycle[(number - 1) % 16]
    return (v in "NB", v in "EB")


# -------------------------------------------------------------------------------------------- messages
@dataclass(frozen=True)
class Connect:
    team: str
    seat: Seat
    version: int


@dataclass(frozen=True)
class Ready:
    """``S ready for teams`` (``what`` "teams"), "start", "deal", "cards", "dummy"."""

    seat: Seat
    what: str


@dataclass(frozen=True)
class ReadyForBid:
    seat: Seat
    of: Seat


@dataclass(frozen=True)
class ReadyForCard:
    """``of`` a seat, or :data:`DUMMY`; ``trick`` counted from 1."""

    seat: Seat
    of: Seat | str
    trick: int


@dataclass(frozen=True)
class Bid:
    """A call: ``S bids 1H``, ``S passes`` (and a call relayed by the table manager); ``alert`` its
    explanation (``Alert.`` or ``Infos.`` and what follows), kept as given."""

    seat: Seat
    call: Call
    alert: str | None = None


@dataclass(frozen=True)
class Play:
    seat: Seat
    card: Card


ClientMessage = Connect | Ready | ReadyForBid | ReadyForCard | Bid | Play

_CONNECT = re.compile(r'^connecting\s+"([^"]*)"\s+as\s+(\w+)\s+using\s+protocol\s+version\s+(\d+)$', re.I)
_READY = re.compile(r"^(\w+)\s+ready\s+(?:for\s+(teams|deal|cards|dummy)|to\s+(start))$", re.I)
_READY_BID = re.compile(r"^(\w+)\s+ready\s+for\s+(\w+)'s\s+bid$", re.I)
_READY_CARD = re.compile(r"^(\w+)\s+ready\s+for\s+(\w+)'s\s+card\s+to\s+trick\s+(\d{1,2})$", re.I)
_CALL = re.compile(r"^(\w+)\s+(passes|doubles|redoubles|bids\s+\S+)(?:\s+((?:alert|infos)\..*))?$", re.I)
_PLAY = re.compile(r"^(\w+)\s+plays\s+(\S+)$", re.I)


def _clean(line: str) -> str:
    text = line.strip()
    if any(not (32 <= ord(ch) < 127) for ch in text):
        raise ProtocolError("malformed", text)
    return " ".join(text.split())


def parse_call(line: str) -> Bid | None:
    """A call message (``North bids 1H Alert. strong``), or None when the line is none."""
    text = _clean(line).rstrip(".") if not re.search(r"(alert|infos)\.", line, re.I) else _clean(line)
    m = _CALL.match(text)
    if m is None:
        return None
    seat = parse_seat(m[1], text)
    word = m[2].lower()
    call = {"passes": PASS, "doubles": DOUBLE, "redoubles": REDOUBLE}.get(word)
    if call is None:
        call = parse_bid(m[2].split()[1], text)
    return Bid(seat, call, m[3])


def parse_client(line: str) -> ClientMessage:
    """A client's message; :class:`ProtocolError` ``malformed`` for anything else."""
    text = _clean(line)
    bare = text.rstrip(".")
    if m := _CONNECT.match(bare):
        return Connect(m[1], parse_seat(m[2], text), int(m[3]))
    if m := _READY.match(bare):
        return Ready(parse_seat(m[1], text), (m[2] or m[3]).lower())
    if m := _READY_BID.match(bare):
        return ReadyForBid(parse_seat(m[1], text), parse_seat(m[2], text))
    if m := _READY_CARD.match(bare):
        of: Seat | str = DUMMY if m[2].lower() == DUMMY else parse_seat(m[2], text)
        return ReadyForCard(parse_seat(m[1], text), of, int(m[3]))
    if (bid := parse_call(text)) is not None:
        return bid
    if m := _PLAY.match(bare):
        return Play(parse_seat(m[1], text), parse_card(m[2], text))
    raise ProtocolError("malformed", text)


# -------------------------------------------------------------------------------------- writing lines
def connect_line(team: str, seat: Seat) -> str:
    return f'Connecting "{team}" as {seat_word(seat)} using protocol version {VERSION}'


def seated_line(seat: Seat, team: str) -> str:
    return f'{seat_word(seat)} ("{team}") seated'


def teams_line(ns: str, ew: str) -> str:
    return f'Teams : N/S : "{ns}" E/W : "{ew}"'


def board_line(number: int, dealer: Seat, vulnerable: tuple[bool, bool]) -> str:
    return f"Board number {number}. Dealer {seat_word(dealer)}. {VULNERABLE_WORDS[vulnerable]} vulnerable."


def cards_line(seat: Seat | None, mask: int) -> str:
    """A seat's cards, or the dummy's (``seat`` None)."""
    who = "Dummy" if seat is None else seat_word(seat)
    return f"{who}'s cards : {hand_text(mask)}"


def bid_line(seat: Seat, call: Call, alert: str | None = None) -> str:
    line = f"{seat_word(seat)} {call_words(call)}"
    return f"{line} {alert}" if alert else line


def play_line(seat: Seat, card: Card) -> str:
    return f"{seat_word(seat)} plays {card_word(card)}"


def ready_line(seat: Seat, what: str) -> str:
    return f"{seat_word(seat)} ready to start" if what == "start" else f"{seat_word(seat)} ready for {what}"


def ready_bid_line(seat: Seat, of: Seat) -> str:
    return f"{seat_word(seat)} ready for {seat_word(of)}'s bid"


def ready_card_line(seat: Seat, of: Seat | None, trick: int) -> str:
    """``of`` None: the dummy's card."""
    who = DUMMY if of is None else seat_word(of)
    return f"{seat_word(seat)} ready for {who}'s card to trick {trick}"


def lead_line(seat: Seat) -> str:
    return f"{seat_word(seat)} to lead"


def timing_line(ns: tuple[float, float], ew: tuple[float, float]) -> str:
    """``Timing - N/S : this board 01:02, total 0:05:10. E/W : …``: (this board, total) seconds a side."""

    def mmss(s: float) -> str:
        n = round(s)
        return f"{n // 60:02d}:{n % 60:02d}"

    def hmmss(s: float) -> str:
        n = round(s)
        return f"{n // 3600}:{n // 60 % 60:02d}:{n % 60:02d}"

    return (f"Timing - N/S : this board {mmss(ns[0])}, total {hmmss(ns[1])}. "
            f"E/W : this board {mmss(ew[0])}, total {hmmss(ew[1])}.")


START_OF_BOARD = "Start of board"
END_OF_SESSION = "End of session"


# ------------------------------------------------------------------------------ reading server lines
_SEATED = re.compile(r'^(\w+)\s+\("([^"]*)"\)\s+seated$', re.I)
_TEAMS = re.compile(r'^teams\s*:\s*n/s\s*:\s*"([^"]*)"\.?\s*e/w\s*:\s*"([^"]*)"', re.I)
_BOARD = re.compile(r"^board\s+number\s+(\d+)\s*\.\s*dealer\s+(\w+)\s*\.\s*(neither|n/s|e/w|both)\s+vulnerable", re.I)
_CARDS = re.compile(r"^(\w+)'s\s+cards\s*:\s*(.*)$", re.I)
_LEAD = re.compile(r"^(\w+)\s+to\s+lead$", re.I)


@dataclass(frozen=True)
class BoardInfo:
    number: int
    dealer: Seat
    vulnerable: tuple[bool, bool]


@dataclass(frozen=True)
class Cards:
    """A hand: ``seat`` None for the dummy's."""

    seat: Seat | None
    mask: int


@dataclass(frozen=True)
class Simple:
    """``seated`` (``seat``, ``team``), ``teams`` (``ns``, ``ew``), ``start``, ``end``, ``timing``, ``lead``,
    ``error``."""

    kind: str
    seat: Seat | None = None
    text: str = ""
    other: str = ""


ServerMessage = BoardInfo | Cards | Bid | Play | Simple


def parse_server(line: str) -> ServerMessage:
    """A table manager's message; :class:`ProtocolError` ``malformed`` for anything else."""
    text = _clean(line)
    bare = text.rstrip(".")
    low = bare.lower()
    if low == START_OF_BOARD.lower():
        return Simple("start")
    if low == END_OF_SESSION.lower():
        return Simple("end")
    if low.startswith("timing"):
        return Simple("timing", text=text)
    if low.startswith("error"):
        return Simple("error", text=text)
    if m := _SEATED.match(bare):
        return Simple("seated", parse_seat(m[1], text), m[2])
    if m := _TEAMS.match(text):
        return Simple("teams", text=m[1], other=m[2])
    if m := _BOARD.match(text):
        return BoardInfo(int(m[1]), parse_seat(m[2], text), _VUL_OF[m[3].lower()])
    if m := _CARDS.match(text):
        who = None if m[1].lower() == DUMMY else parse_seat(m[1], text)
        return Cards(who, parse_hand(m[2], text))
    if m := _LEAD.match(bare):
        return Simple("lead", None if m[1].lower() == DUMMY else parse_seat(m[1], text))
    if (bid := parse_call(text)) is not None:
        return bid
    if m := _PLAY.match(bare):
        return Play(parse_seat(m[1], text), parse_card(m[2], text))
    raise ProtocolError("malformed", text)
