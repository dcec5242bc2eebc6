"""PBN 2.1 (Portable Bridge Notation) import and export of bridge deals, with auction and play.

A :class:`PbnBoard` keeps every tag pair of a game in file order (unknown tags and the data lines
of supplemental sections included), the auction as :class:`Call` values and the play as
:class:`Card` values in the order they were played. ``read_pbn`` → ``write_pbn`` → ``read_pbn``
gives equal boards, and ``write_pbn`` → ``read_pbn`` → ``write_pbn`` of our own output is
byte-identical. Commentary (``{...}`` and ``; ...``) is skipped on import and not kept.

Sections (PBN 2.1 §3.5, §3.6):

* Auction: ``[Auction "N"]`` (the dealer) and the calls in rows of four, starting with the dealer;
  ``AP`` (all pass) ends the auction, ``-`` pads a row after the end, ``*`` or ``+`` marks an
  auction that was not recorded to its end, ``=1=`` refers to ``[Note "1:..."]``, ``$n`` is a
  numeric annotation and ``!``/``?`` suffixes annotate a call.
* Play: ``[Play "W"]`` (the opening leader) and one row per trick, the cards in seat order
  starting with the opening leader's column whoever led the trick; ``-`` for a card not played,
  ``*`` at the end when the play stops before the thirteenth trick (a claim).
* Irregularities (§3.9): ``^I`` before an insufficient bid accepted, ``^R`` before a revoke card,
  ``^L`` before the card of a lead out of turn accepted, ``^S`` in the column of a player skipped by
  a call out of rotation accepted; kept as marks of the call or card after them, written from a
  laws-mode deal and replayed through the laws (docs/records.md).

:func:`board_to_deal` replays a board through the engine so that an illegal record is caught,
with the board, the trick, the seat and the card named in the error (:class:`ReplayError`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from cardroom.core.cards import FULL_PACK_MASK, SUIT_MASKS, Card, CardSet
from cardroom.core.deal import Deal, hand_text, parse_hand
from cardroom.core.errors import IllegalAction, ParseError, Reason, RecordError
from cardroom.core.table import Seat, Side
from cardroom.core.tricks import natural_winner
from cardroom.games.bridge.auction import Auction, replay_auction
from cardroom.games.bridge.calls import DOUBLE, PASS, REDOUBLE, Call, Strain, suit_plural
from cardroom.games.bridge.rules import (
    CONTRACT_AUCTION,
    PHASE_AUCTION,
    PHASE_DEAL,
    PHASE_OVER,
    PHASE_PLAY,
    BridgeDeal,
    final_contract,
)
from cardroom.games.bridge.scoring import Contract, Entry, score_deal

if TYPE_CHECKING:
    from cardroom.games.bridge.game import ContractBridge

__all__ = [
    "CANONICAL_ORDER",
    "PbnBoard",
    "ReplayError",
    "add_optimum",
    "apply_checked",
    "auction_contract",
    "board_from_deal",
    "board_score",
    "board_to_deal",
    "complete_board",
    "export_order",
    "format_deal_tag",
    "insufficient_bids",
    "optimum_tags",
    "parse_contract_tag",
    "parse_vulnerable",
    "play_seats",
    "read_optimum_table",
    "read_pbn",
    "set_tag",
    "vulnerable_text",
    "write_pbn",
]

MANDATORY_TAGS = ("Event", "Site", "Date", "Board", "West", "North", "East", "South", "Dealer", "Vulnerable",
                  "Deal", "Scoring", "Declarer", "Contract", "Result")
CANONICAL_ORDER = (*MANDATORY_TAGS, "Auction", "Play", "Score")
"""The order in which missing tags are inserted: the mandatory tag set (PBN §3.4), then the sections."""

_VUL_NAMES: dict[str, tuple[bool, bool]] = {
    "none": (False, False), "love": (False, False), "-": (False, False),
    "ns": (True, False), "ew": (False, True), "all": (True, True), "both": (True, True),
}
_VUL_TEXT = {(False, False): "None", (True, False): "NS", (False, True): "EW", (True, True): "All"}
_UNKNOWN = ("", "?")
_TAG_RE = re.compile(r'\[\s*([A-Za-z][A-Za-z0-9_]*)\s+"((?:[^"\\]|\\.)*)"\s*\]')
_SUFFIX_RE = re.compile(r"^(.*?)([!?]+)$")
_NOTE_REF_RE = re.compile(r"^=\d+=$")
_NAG_RE = re.compile(r"^\$\d+$")
_IRREGULARITY_RE = re.compile(r"^\^[ISRL]$")
_IGNORED = "\0ignored"


# --------------------------------------------------------------------------------------------- values


def vulnerable_text(vulnerable: tuple[bool, bool]) -> str:
    """PBN form of a vulnerability (NS, EW): ``None``, ``NS``, ``EW``, ``All``."""
    return _VUL_TEXT[(bool(vulnerable[0]), bool(vulnerable[1]))]


def parse_vulnerable(text: str) -> tuple[bool, bool]:
    """Read a Vulnerable tag value: None/Love/-, NS, EW, All/Both (any case)."""
    key = text.strip().lower()
    if key not in _VUL_NAMES:
        raise ParseError(Reason("pbn.not_vulnerability", text=text))
    return _VUL_NAMES[key]


def format_deal_tag(hands: Sequence[int], first: Seat = Seat.NORTH) -> str:
    """The Deal tag value: ``N:hand hand hand hand``, clockwise from ``first``."""
    return f"{first.letter}:" + " ".join(hand_text(hands[first.next(i)]) for i in range(4))


def _parse_deal_tag(text: str) -> tuple[int | None, int | None, int | None, int | None]:
    """Hands of a Deal tag value in seat order (N E S W); ``None`` for a hand given as ``-``.

    One unknown hand is worked out from the other three when they hold 39 different cards.
    """
    t = text.strip()
    if len(t) < 2 or t[1] != ":":
        raise ParseError(Reason("pbn.not_deal", text=text))
    first = Seat.parse(t[0])
    parts = t[2:].split()
    if len(parts) != 4:
        raise ParseError(Reason("pbn.deal_hands", text=text, n=len(parts)))
    hands: list[int | None] = [None, None, None, None]
    seen = 0
    for i, part in enumerate(parts):
        seat = first.next(i)
        if part == "-":
            continue
        mask = parse_hand(part)
        if mask & seen:
            raise ParseError(Reason("pbn.deal_twice", text=text, cards=CardSet(mask & seen)))
        seen |= mask
        hands[seat] = mask
    unknown = [i for i, h in enumerate(hands) if h is None]
    if len(unknown) == 1 and all(h is not None and h.bit_count() == 13 for h in hands if h is not None) \
            and seen.bit_count() == 39:
        hands[unknown[0]] = FULL_PACK_MASK & ~seen
    return (hands[0], hands[1], hands[2], hands[3])


def parse_contract_tag(text: str) -> tuple[int, Strain, int] | None:
    """Read a Contract tag value: ``4S``, ``3NTX``, ``6HXX``; ``Pass`` gives ``None``."""
    t = text.strip().upper().replace(" ", "")
    if t in ("PASS", "P"):
        return None
    m = re.match(r"^([1-7])(NT|N|C|D|H|S)(X{0,2})$", t)
    if not m:
        raise ParseError(Reason("pbn.not_contract", text=text))
    return int(m.group(1)), Strain.parse(m.group(2)), len(m.group(3))


def auction_complete(calls: Sequence[Call], skipped: Mapping[int, int] | None = None) -> bool:
    """Whether the calls end the auction: four passes, or three passes after a bid. ``skipped``: the
    players skipped before a call (by its index) by a call out of rotation accepted (PBN ``^S``); as
    the laws have it (L14, docs/rules/contract-bridge.md), the auction is not closed while a skipped
    player has not called."""
    if not replay_auction(CONTRACT_AUCTION, Seat.NORTH, calls).auction_closed:
        return False
    if not skipped:
        return True
    column, waiting, called = Seat.NORTH, set(), set()
    for i in range(len(calls)):
        n = skipped.get(i, 0)
        waiting |= {column.next(k) for k in range(n)}
        seat = column.next(n)
        called.add(seat)
        column = seat.next(1)
    return waiting <= called


def _skipped(call_marks: Mapping[int, Sequence[str]]) -> dict[int, int]:
    """The players a call out of rotation skipped, by the index of the call (its ``^S`` marks)."""
    return {i: n for i, marks in call_marks.items() if (n := list(marks).count("^S"))}


def auction_contract(calls: Sequence[Call], dealer: Seat, skipped: Mapping[int, int] | None = None) -> Contract | None:
    """The contract a complete auction reaches (None when passed out or not complete). ``skipped``:
    the players skipped before a call (by its index) by a call out of rotation accepted (PBN ``^S``)."""
    if not skipped:
        auction = replay_auction(CONTRACT_AUCTION, dealer, calls)
    else:
        auction = Auction()
        auction.start_auction(CONTRACT_AUCTION, dealer)
        for i, call in enumerate(calls):
            auction.enter_call(auction.next_seat.next(skipped.get(i, 0)), call)
    return final_contract(auction) if auction.auction_closed else None



def play_seats(plays: Sequence[Card], leader: Seat, trump: int | None,
               leads: Mapping[int, Seat] | None = None) -> list[Seat]:
    """The seat (the hand, dummy included) each card of a play comes from, in play order. ``leads``:
    the seat that led the trick starting at an index of ``plays`` where it is not the seat to lead
    (a lead out of turn accepted, PBN ``^L``)."""
    out: list[Seat] = []
    lead = leader
    for start in range(0, len(plays), 4):
        trick = plays[start:start + 4]
        lead = (leads or {}).get(start, lead)
        out.extend(lead.next(i) for i in range(len(trick)))
        if len(trick) == 4:
            lead = lead.next(natural_winner(trick, trump))
    return out


def _irregular_leads(board: PbnBoard) -> dict[int, Seat]:
    """The trick leads marked ``^L`` (a lead out of turn accepted): the index of the card in the play,
    the seat that held it (from the Deal tag)."""
    hands = board.hands
    out: dict[int, Seat] = {}
    for i, marks in board.play_marks.items():
        if "^L" in marks and hands is not None and i < len(board.plays):
            owner = next((s for s in Seat if hands[s] >> int(board.plays[i]) & 1), None)
            if owner is not None:
                out[i] = owner
    return out


def _unescape(value: str) -> str:
    return re.sub(r'\\(["\\])', r"\1", value)


def _escape(value: str) -> str:
    """Escape a tag value (PBN §2.4): ``"`` as ``\\"``; a backslash is doubled only where it would
    otherwise read as an escape (before ``"`` or a backslash, or at the end), so that table
    headers such as ``Result\\2R`` keep their usual single backslash. A tag pair is one line: a line
    break or other control character (which PBN cannot hold) is written as a space."""
    out: list[str] = []
    for i, ch in enumerate(value):
        if ch < " " or ch in "\x7f\x85\u2028\u2029":
            out.append(" ")
        elif ch == "\\":
            nxt = value[i + 1] if i + 1 < len(value) else ""
            out.append("\\\\" if nxt in ("", '"', "\\") else "\\")
        elif ch == '"':
            out.append('\\"')
        else:
            out.append(ch)
    return "".join(out)


def set_tag(tags: dict[str, str], name: str, value: str) -> None:
    """Set a tag in place; a new tag goes right after the nearest tag before it in
    :data:`CANONICAL_ORDER` (at the start if there is none), so its position is deterministic."""
    if name in tags:
        tags[name] = value
        return
    rank = CANONICAL_ORDER.index(name) if name in CANONICAL_ORDER else len(CANONICAL_ORDER)
    items = list(tags.items())
    pos = 0
    for i, (k, _) in enumerate(items):
        if k in CANONICAL_ORDER and CANONICAL_ORDER.index(k) < rank:
            pos = i + 1
    items.insert(pos, (name, value))
    tags.clear()
    tags.update(items)


# --------------------------------------------------------------------------------------------- board


@dataclass
class PbnBoard:
    """One game of a PBN file.

    ``tags`` holds every tag pair in file order, ``Auction`` and ``Play`` included (their values:
    the dealer and the opening leader) but not ``Note``. ``calls`` is the auction (``AP``
    expanded), ``plays`` the cards in the order played. ``call_marks``/``play_marks`` are the
    annotations after a call or card (``=1=``, ``$3``, ``!``), by index; ``notes`` the Note tag
    values by the tag they follow (``"Auction"``, ``"Play"``); ``sections`` the data lines of
    other sections (supplemental tables) by tag name.
    """

    tags: dict[str, str] = field(default_factory=dict)
    calls: list[Call] = field(default_factory=list)
    plays: list[Card] = field(default_factory=list)
    call_marks: dict[int, list[str]] = field(default_factory=dict)
    play_marks: dict[int, list[str]] = field(default_factory=dict)
    notes: dict[str, list[str]] = field(default_factory=dict)
    sections: dict[str, list[str]] = field(default_factory=dict)

    # -- what the tags say
    @property
    def label(self) -> str:
        """``board 3`` (from the Board tag), for messages."""
        b = self.tags.get("Board", "").strip()
        return f"board {b}" if b not in _UNKNOWN else "board ?"

    @property
    def dealer(self) -> Seat | None:
        for name in ("Dealer", "Auction"):
            v = self.tags.get(name, "").strip()
            if v not in _UNKNOWN:
                return Seat.parse(v)
        return None

    @property
    def vulnerable(self) -> tuple[bool, bool]:
        """From the Vulnerable tag; nobody vulnerable when it is missing or unknown."""
        v = self.tags.get("Vulnerable", "").strip()
        return (False, False) if v in _UNKNOWN else parse_vulnerable(v)

    @property
    def hands(self) -> tuple[int, int, int, int] | None:
        """The four hands (seat order N E S W), or None when the Deal tag is missing or partial."""
        v = self.tags.get("Deal", "").strip()
        if v in _UNKNOWN:
            return None
        h = _parse_deal_tag(v)
        if h[0] is None or h[1] is None or h[2] is None or h[3] is None:
            return None
        return (h[0], h[1], h[2], h[3])

    @property
    def auction_complete(self) -> bool:
        return auction_complete(self.calls, _skipped(self.call_marks))

    @property
    def passed_out(self) -> bool:
        if self.calls and self.auction_complete:
            return not any(c.is_bid for c in self.calls)
        return self.tags.get("Contract", "").strip().upper() == "PASS"

    @property
    def contract(self) -> Contract | None:
        """The contract: from a complete auction, else from the Contract and Declarer tags."""
        dealer = self.dealer
        if self.calls and self.auction_complete and dealer is not None:
            return auction_contract(self.calls, dealer, _skipped(self.call_marks))
        c = self.tags.get("Contract", "").strip()
        d = self.tags.get("Declarer", "").strip()
        if c in _UNKNOWN or d in _UNKNOWN:
            return None
        parsed = parse_contract_tag(c)
        if parsed is None:
            return None
        return Contract(parsed[0], parsed[1], parsed[2], Seat.parse(d))

    @property
    def result(self) -> int | None:
        """Tricks taken by declarer's side, from the Result tag."""
        v = self.tags.get("Result", "").strip()
        if v in _UNKNOWN:
            return None
        return _parse_result(v)

    @property
    def play_complete(self) -> bool:
        return len(self.plays) == 52


def _parse_result(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise ParseError(Reason("pbn.not_result", text=text)) \
            from None
    if not 0 <= n <= 13:
        raise ParseError(Reason("pbn.not_result", text=text))
    return n


# --------------------------------------------------------------------------------------------- reading


@dataclass
class _Token:
    kind: str  # "tag" or "data"
    line: int
    text: str = ""
    name: str = ""
    value: str = ""


def _lex(text: str) -> list[list[_Token]]:
    """The tokens of each game: tag pairs and section data, commentary and % lines left out."""
    games: list[list[_Token]] = []
    current: list[_Token] = []
    in_comment = False
    comment_start = 0
    for lineno, raw in enumerate(text.splitlines(), start=1):
        line = raw
        if lineno == 1:
            line = line.lstrip("\ufeff")
        pos = 0
        if in_comment:
            end = line.find("}")
            if end < 0:
                continue
            in_comment = False
            pos = end + 1
        elif line.strip() == "":
            if current:
                games.append(current)
                current = []
            continue
        elif line.startswith("%"):
            continue
        n = len(line)
        while pos < n:
            ch = line[pos]
            if ch.isspace():
                pos += 1
            elif ch == ";":
                break
            elif ch == "{":
                end = line.find("}", pos + 1)
                if end < 0:
                    in_comment = True
                    comment_start = lineno
                    break
                pos = end + 1
            elif ch == "[":
                m = _TAG_RE.match(line, pos)
                if not m:
                    raise ParseError(Reason("pbn.malformed_tag", line=lineno, pair=line[pos:].strip()))
                current.append(_Token("tag", lineno, name=m.group(1), value=_unescape(m.group(2))))
                pos = m.end()
            else:
                end = pos
                while end < n and not line[end].isspace() and line[end] not in "[{;":
                    end += 1
                current.append(_Token("data", lineno, text=line[pos:end]))
                pos = end
    if in_comment:
        raise ParseError(Reason("pbn.comment_open", line=comment_start))
    if current:
        games.append(current)
    return games


def read_pbn(text: str) -> list[PbnBoard]:
    """Read every game of a PBN file; raise :class:`ParseError` naming the line on malformed input."""
    boards: list[PbnBoard] = []
    previous: dict[str, str] = {}
    for game in _lex(text):
        board = _read_game(game, previous)
        previous = dict(board.tags)
        boards.append(board)
    return boards


def _read_game(game: list[_Token], previous: Mapping[str, str]) -> PbnBoard:
    board = PbnBoard()
    section: str | None = None  # the tag whose data lines follow
    last_tag = ""
    data: dict[str, list[_Token]] = {}
    tag_lines: dict[str, int] = {}
    for tok in game:
        if tok.kind == "tag":
            name, value = tok.name, tok.value
            if value == "#":  # PBN §4.8: the value of the previous game
                if name not in previous:
                    raise ParseError(Reason("pbn.tag_hash", line=tok.line, name=name))
                value = previous[name]
            if name == "Note":
                board.notes.setdefault(last_tag, []).append(value)
                continue
            if name in board.tags:  # PBN §3.3: a repeated tag pair is ignored, with its section
                section = _IGNORED
                data[_IGNORED] = []
                continue
            board.tags[name] = value
            tag_lines[name] = tok.line
            last_tag = name
            section = name
            data[name] = []
        else:
            if section is None:
                raise ParseError(Reason("pbn.outside_section", line=tok.line, text=tok.text))
            data[section].append(tok)
    _check_tags(board, tag_lines)
    if data.get("Auction"):
        _read_auction(board, data["Auction"])
    if "Play" in board.tags and data.get("Play"):
        _read_play(board, data["Play"], tag_lines["Play"])
    for name, toks in data.items():
        if name in ("Auction", "Play", _IGNORED) or not toks:
            continue
        lines: list[str] = []
        last_line = -1
        for t in toks:
            if t.line != last_line:
                lines.append(t.text)
                last_line = t.line
            else:
                lines[-1] += " " + t.text
        board.sections[name] = lines
    return board


def _check_tags(board: PbnBoard, lines: Mapping[str, int]) -> None:
    t = board.tags

    def check(name: str, fn: Any) -> None:
        v = t.get(name)
        if v is None or v.strip() in _UNKNOWN:
            return
        try:
            fn(v.strip())
        except ParseError as e:
            raise ParseError(Reason("pbn.bad_tag", line=lines[name], name=name, e=e)) from None

    for name in ("Dealer", "Declarer", "Auction", "Play"):
        check(name, Seat.parse)
    check("Vulnerable", parse_vulnerable)
    check("Deal", _parse_deal_tag)
    check("Contract", parse_contract_tag)
    check("Result", _parse_result)
    dealer, auction = t.get("Dealer", "").strip(), t.get("Auction", "").strip()
    if dealer not in _UNKNOWN and auction not in _UNKNOWN and Seat.parse(dealer) != Seat.parse(auction):
        raise ParseError(Reason("pbn.auction_dealer", line=lines['Auction'], auction=auction, dealer=dealer))


def _split_marks(text: str) -> tuple[str, str | None]:
    m = _SUFFIX_RE.match(text)
    if m and m.group(1):
        return m.group(1), m.group(2)
    return text, None


def _is_mark(text: str) -> bool:
    """An annotation after a call or card: a note reference, a NAG, ``!``/``?`` suffixes."""
    return bool(_NOTE_REF_RE.match(text) or _NAG_RE.match(text) or re.fullmatch(r"[!?]+", text))


def _is_irregularity(text: str) -> bool:
    """An irregularity token of PBN 2.1 §3.9, kept with the call or card it precedes: ``^I`` (the bid
    after it is an insufficient bid accepted), ``^S`` (in place of the call of a player skipped by a
    call out of rotation accepted: kept, once per skipped player, with the call after it), ``^R`` (the
    card after it is a revoke), ``^L`` (the card after it led the trick out of turn, accepted)."""
    return bool(_IRREGULARITY_RE.match(text))


def _read_value(tok: _Token, parse: Callable[[str], Any], section: str) -> tuple[Any, str | None]:
    """A call or card of a section with its ``!``/``?`` suffix; a bad one is named by line and section."""
    body, suffix = _split_marks(tok.text)
    try:
        return parse(body), suffix
    except ParseError as e:
        raise ParseError(Reason("pbn.in_section", line=tok.line, section=section, e=e)) from None


def _regular(toks: list[_Token], before: list[str]) -> Iterator[tuple[_Token, str]]:
    """The tokens of a section with their text, the irregularity tokens (``^I``, ``^S``, ``^R``, ``^L``)
    put aside in ``before``, where they wait for the call or card they precede."""
    for tok in toks:
        if _is_irregularity(tok.text):
            before.append(tok.text)
        else:
            yield tok, tok.text


def _add_mark(marks: dict[int, list[str]], index: int, mark: str | None) -> None:
    if mark is not None:
        marks.setdefault(index, []).append(mark)


def _read_auction(board: PbnBoard, toks: list[_Token]) -> None:
    calls = board.calls
    ended = False  # by * or +
    before: list[str] = []  # irregularity tokens waiting for their call
    for tok, text in _regular(toks, before):
        if _is_mark(text):
            if not calls:
                raise ParseError(Reason("pbn.annotation_first", line=tok.line, text=text))
            _add_mark(board.call_marks, len(calls) - 1, text)
            continue
        if text in ("*", "+"):
            ended = True
            continue
        if text == "-":
            if not auction_complete(calls, _skipped(board.call_marks)):
                ended = True
            continue
        if ended or auction_complete(calls, _skipped(board.call_marks)):
            raise ParseError(Reason("pbn.call_after_end", line=tok.line, text=text))
        if text.upper() == "AP":  # all pass: three passes after the last bid, or four in all
            if any(c.is_bid for c in calls):
                while calls[-3:] != [PASS, PASS, PASS]:
                    calls.append(PASS)
            else:
                calls.extend([PASS] * max(0, 4 - len(calls)))
            ended = True
            continue
        call, suffix = _read_value(tok, Call.parse, "Auction")
        calls.append(call)
        for m in before:
            _add_mark(board.call_marks, len(calls) - 1, m)
        before.clear()
        _add_mark(board.call_marks, len(calls) - 1, suffix)
    if before:
        raise ParseError(Reason("pbn.irregularity_last", section="Auction", text=" ".join(before)))


def _read_play(board: PbnBoard, toks: list[_Token], tag_line: int) -> None:
    # the grid: slots in reading order, four per trick, columns from the opening leader
    slots: list[Card | None] = []
    slot_lines: list[int] = []
    marks: dict[int, list[str]] = {}
    ended = False
    before: list[str] = []  # irregularity tokens waiting for their card
    for tok, text in _regular(toks, before):
        if _is_mark(text):
            if slots and slots[-1] is not None:
                _add_mark(marks, len(slots) - 1, text)
            continue
        if text in ("*", "+"):
            ended = True
            continue
        if ended:
            raise ParseError(Reason("pbn.card_after_end", line=tok.line, text=text))
        if text == "-":
            slots.append(None)
            slot_lines.append(tok.line)
            continue
        card, suffix = _read_value(tok, Card.parse, "Play")
        slots.append(card)
        slot_lines.append(tok.line)
        for m in before:
            _add_mark(marks, len(slots) - 1, m)
        before.clear()
        _add_mark(marks, len(slots) - 1, suffix)
    if before:
        raise ParseError(Reason("pbn.irregularity_last", section="Play", text=" ".join(before)))
    if not any(s is not None for s in slots):
        return
    contract = board.contract
    if contract is None:
        raise ParseError(Reason("pbn.play_needs_contract", line=tag_line))
    first = contract.declarer.lho
    named = board.tags["Play"].strip()
    if named not in _UNKNOWN and Seat.parse(named) != first:
        raise ParseError(Reason("pbn.play_leader", line=tag_line, named=named, contract=contract,
                                leader=contract.declarer.lho))
    trump = contract.strain.trump
    leader = first
    stopped = False
    for start in range(0, len(slots), 4):
        row = slots[start:start + 4] + [None] * (4 - len(slots[start:start + 4]))
        line = slot_lines[start]
        led = [col for col in range(4) if "^L" in marks.get(start + col, [])]
        if led:  # a lead out of turn accepted: that column's hand led the trick (PBN §3.9 D)
            leader = first.next(led[0])
        order = [(leader.next(i) - first) % 4 for i in range(4)]  # columns in play order
        cards: list[Card] = []
        for col in order:
            slot = row[col]
            if slot is None:
                break
            cards.append(slot)
        if stopped and any(c is not None for c in row):
            raise ParseError(Reason("pbn.unfinished_trick", line=line))
        if len(cards) < 4 and any(row[col] is not None for col in order[len(cards):]):
            raise ParseError(Reason("pbn.card_after_gap", line=line, trick=start // 4 + 1, leader=leader))
        for k, card in enumerate(cards):
            idx = start + order[k]
            if idx in marks:
                board.play_marks[len(board.plays)] = marks[idx]
            board.plays.append(card)
        if len(cards) < 4:
            stopped = True
        else:
            leader = leader.next(natural_winner(cards, trump))


# --------------------------------------------------------------------------------------------- writing


def write_pbn(boards: Iterable[PbnBoard], *, export: bool = False) -> str:
    """PBN 2.1 text of the boards, their tags in their order. With ``export`` the PBN export format
    (PBN §3.1, §2.2): the fifteen tags of the mandatory tag set first, in their order (a missing one
    written ``?``), then the board's other tags in their order, each section right after its tag, and
    every line ended by CR LF."""
    out = ["% PBN 2.1", "% EXPORT", ""]
    for board in boards:
        out.extend(_board_lines(export_order(board) if export else board))
        out.append("")
    return "\r\n".join(out) if export else "\n".join(out)


def export_order(board: PbnBoard) -> PbnBoard:
    """The board with its tags in the export format's order: the mandatory tag set (PBN §3.1) first,
    a missing one as ``?``, then the others as they were."""
    tags = {name: board.tags.get(name, "?") for name in MANDATORY_TAGS}
    tags.update((k, v) for k, v in board.tags.items() if k not in tags)
    return PbnBoard(tags=tags, calls=board.calls, plays=board.plays, call_marks=board.call_marks,
                    play_marks=board.play_marks, notes=board.notes, sections=board.sections)


def _tag_line(name: str, value: str) -> str:
    return f'[{name} "{_escape(value)}"]'


def _with_marks(text: str, marks: Sequence[str]) -> list[str]:
    """The tokens of a call or card and its marks: irregularity tokens before it (but ``^S``, see
    :func:`_auction_lines`), the others after it, a leading ``!``/``?`` mark glued to it."""
    out = [m for m in marks if _is_irregularity(m) and m != "^S"] + [text]
    at = len(out) - 1
    for i, m in enumerate(m for m in marks if not _is_irregularity(m)):
        if i == 0 and re.fullmatch(r"[!?]+", m):
            out[at] += m
        else:
            out.append(m)
    return out


def _board_lines(board: PbnBoard) -> list[str]:
    lines: list[str] = []
    lines.extend(_tag_line("Note", v) for v in board.notes.get("", []))
    names = list(board.tags)
    if board.calls and "Auction" not in board.tags:
        raise RecordError(Reason("pbn.calls_no_auction"), where=board.label)
    if board.plays and "Play" not in board.tags:
        raise RecordError(Reason("pbn.play_no_tag"), where=board.label)
    for name in names:
        value = board.tags[name]
        lines.append(_tag_line(name, value))
        if name == "Auction":
            lines.extend(_auction_lines(board))
        elif name == "Play":
            lines.extend(_play_lines(board))
        else:  # a data line must not start with %, which would make it an escape line (PBN §2.4)
            lines.extend(" " + ln if ln.startswith("%") else ln for ln in board.sections.get(name, []))
        lines.extend(_tag_line("Note", v) for v in board.notes.get(name, []))
    return lines


def _auction_lines(board: PbnBoard) -> list[str]:
    # the cells of the auction's columns: a ``^S`` stands in the column of the player it skipped
    cells: list[list[str]] = []
    for i, call in enumerate(board.calls):
        marks = board.call_marks.get(i, [])
        cells.extend(["^S"] for m in marks if m == "^S")
        cells.append(_with_marks(str(call), marks))
    rows = [" ".join(tok for cell in cells[start:start + 4] for tok in cell) for start in range(0, len(cells), 4)]
    if not board.auction_complete:
        rows.append("*")
    return rows


def _play_lines(board: PbnBoard) -> list[str]:
    if not board.plays:
        return ["*"]
    contract = board.contract
    if contract is None:
        raise RecordError(Reason("pbn.play_no_contract"), where=board.label)
    first = contract.declarer.lho
    seats = play_seats(board.plays, first, contract.strain.trump, _irregular_leads(board))
    rows: list[list[list[str]]] = []
    for i, (card, seat) in enumerate(zip(board.plays, seats, strict=True)):
        if i % 4 == 0:
            rows.append([["-"], ["-"], ["-"], ["-"]])
        rows[-1][(seat - first) % 4] = _with_marks(card.pbn, board.play_marks.get(i, []))
    out = [" ".join(tok for cell in row for tok in cell) for row in rows]
    if not board.play_complete:
        out.append("*")
    return out


# --------------------------------------------------------------------------------------------- engine


class ReplayError(RecordError):
    """An illegal action in a record: ``where`` names the deal (board) and the trick or the auction,
    the message the seat and the card or call; ``kind`` says what is wrong: ``revoke``,
    ``played-twice``, ``not-held``, ``out-of-turn``, ``illegal-call``, ``wrong-phase``, ``bad-deal``,
    ``unreadable``, ``mismatch``, ``illegal``."""

    def __init__(self, message: str | Reason, *, where: str, kind: str, seat: Seat | None = None,
                 action: object = None, trick: int | None = None) -> None:
        super().__init__(message, where=where)
        self.kind = kind
        self.seat = seat
        self.action = action
        self.trick = trick


def _position(deal: BridgeDeal, label: str) -> tuple[str, int | None]:
    if deal.phase == PHASE_PLAY:
        trick = len(deal.tricks) + 1
        return f"{label}, trick {trick}", trick
    if deal.phase == PHASE_AUCTION:
        return f"{label}, auction", None
    if deal.phase == PHASE_DEAL:
        return f"{label}, the deal", None
    return label, None


def apply_checked(deal: BridgeDeal, action: Any, label: str, claimed_seat: Seat | None = None,
                  target: Any = None) -> None:
    """Apply ``action`` to ``target`` (default: ``deal``, the deal in progress) or raise
    :class:`ReplayError` saying where and what is wrong. ``claimed_seat`` is the seat a record
    names for the action (``"S:1NT"``); it must be the seat to act."""
    where, trick = _position(deal, label)
    phase = deal.phase
    if phase == PHASE_OVER:
        raise ReplayError(Reason("pbn.after_end", action=action), where=where, kind="wrong-phase",
                          action=action)
    if phase == PHASE_AUCTION:
        seat = deal.next_seat
        if type(action) is Card:
            raise ReplayError(Reason("pbn.played_in_auction", action=action, seat=seat), where=where,
                              kind="wrong-phase", seat=seat, action=action)
        if type(action) is Call:
            where = f"{where}, call {len(deal.calls) + 1}"
            if claimed_seat is not None and claimed_seat != seat:
                raise ReplayError(Reason("pbn.call_out_of_turn", claimed_seat=claimed_seat, action=action, seat=seat),
                                  where=where, kind="out-of-turn", seat=claimed_seat, action=action)
    elif phase == PHASE_PLAY:
        seat = deal.next_seat
        who = f"{seat} (dummy)" if seat == deal.dummy else str(seat)
        if type(action) is Call:
            raise ReplayError(Reason("pbn.call_in_play", action=action, who=who),
                              where=where, kind="wrong-phase", seat=seat, action=action, trick=trick)
        if type(action) is Card:
            card = action
            if claimed_seat is not None and claimed_seat != seat:
                raise ReplayError(Reason("pbn.card_out_of_turn", claimed_seat=claimed_seat, card=card, who=who),
                                  where=where, kind="out-of-turn", seat=claimed_seat, action=card, trick=trick)
            hand = deal.hands[seat]
            if not hand >> card & 1:
                if deal.played >> card & 1:
                    when = next((k + 1 for k, t in enumerate(deal.tricks) if card in t.cards), trick)
                    raise ReplayError(Reason("pbn.card_twice", who=who, card=card, when=when), where=where,
                                      kind="played-twice", seat=seat, action=card, trick=trick)
                holder = next((s for s in Seat if deal.hands[s] >> card & 1), None)
                raise ReplayError(Reason("pbn.card_not_held", who=who, card=card, holder=holder), where=where,
                                  kind="not-held", seat=seat, action=card, trick=trick)
            if deal.trick:
                led = deal.trick[0].suit
                if card.suit != led and deal.hands[seat] & SUIT_MASKS[led]:
                    raise ReplayError(Reason("pbn.revoke", who=who, card=card, suits=suit_plural(led),
                                             led=led.letter), where=where, kind="revoke", seat=seat, action=card,
                                      trick=trick)
    try:
        (deal if target is None else target).apply(action)
    except IllegalAction as e:
        kind = "illegal-call" if type(action) is Call else "bad-deal" if isinstance(action, Deal) else "illegal"
        s = e.seat if isinstance(e.seat, Seat) else None
        raise ReplayError(e.reason or str(e), where=where, kind=kind, seat=s, action=action, trick=trick) from None


def _stand_in_auction(contract: Contract, dealer: Seat) -> list[Call]:
    """Calls that reach ``contract``: the others pass, declarer bids it, LHO doubles, partner redoubles."""
    calls: list[Call] = []
    seat = dealer
    while seat != contract.declarer:
        calls.append(PASS)
        seat = seat.lho
    calls.append(Call.bid(contract.level, contract.strain))
    calls.extend((DOUBLE, REDOUBLE)[:contract.doubling])
    calls.extend([PASS, PASS, PASS])
    return calls


def board_to_deal(board: PbnBoard, game: ContractBridge, label: str | None = None) -> BridgeDeal:
    """Replay a board through the engine: the deal, the auction, the play.

    A board without an auction but with Contract and Declarer tags is replayed with a stand-in
    auction (declarer bids the contract, the others pass, declarer's LHO doubles and partner
    redoubles as the contract says). Raises :class:`ReplayError` (a :class:`RecordError`) for an
    illegal record, naming the board, the trick or call, the seat and the card, and when the
    Contract, Declarer or Result tags disagree with the auction and play. ``label`` names the
    board in errors (default: from its Board tag).
    """
    label = board.label if label is None else label
    try:
        dealer = board.dealer
        hands = board.hands
        vulnerable = board.vulnerable
        tag_contract = board.contract if not (board.calls and board.auction_complete) else None
    except ParseError as e:
        raise ReplayError(e.reason or str(e), where=label, kind="unreadable") from None
    if dealer is None:
        raise ReplayError(Reason("pbn.no_dealer"), where=label, kind="unreadable")
    if hands is None:
        raise ReplayError(Reason("pbn.deal_partial"), where=label,
                          kind="unreadable")
    marked = any(m in _IRREGULAR_MARKS for marks in (*board.call_marks.values(), *board.play_marks.values())
                 for m in marks)
    if marked and not game.options().get("laws"):  # an accepted irregularity: replayed by the laws
        game = type(game)(**{**game.options(), "laws": True})
    state = game.new_deal(dealer, vulnerable)
    apply_checked(state, Deal(hands), label)
    calls = list(board.calls)
    if not calls and board.plays:
        if tag_contract is None:
            raise ReplayError(Reason("pbn.play_no_auction"),
                              where=label, kind="unreadable")
        calls = _stand_in_auction(tag_contract, dealer)
    column = dealer  # the seat of a call is its column: the next seat's, or later by its ^S marks
    for i, call in enumerate(calls):
        marks = board.call_marks.get(i, [])
        seat = column.next(marks.count("^S"))
        column = seat.next(1)
        if seat != state.next_seat or "^I" in marks:  # the call made as the rules do not allow, then accepted
            _apply_irregular(state, seat, str(call), label)
            if len(state.calls) != i + 1 or state.calls[i] != call:  # the laws made it another call
                raise ReplayError(Reason("pbn.irregular_call_changed", seat=seat, call=call,
                                         became=state.calls[i] if len(state.calls) > i else "-"),
                                  where=label, kind="illegal", seat=seat)
            continue
        apply_checked(state, call, label)
    leads = _irregular_leads(board)
    for i, card in enumerate(board.plays):
        marks = board.play_marks.get(i, [])
        if i in leads or "^R" in marks:  # a lead out of turn accepted; a revoke let stand (L27)
            _apply_irregular(state, leads.get(i, state.next_seat), str(card), label)
            continue
        apply_checked(state, card, label)
    _check_tags_agree(board, state, label)
    return state


_IRREGULAR_MARKS = ("^I", "^S", "^R", "^L")
_LET_STAND = ("accept", "stand")  # the options of the laws that let an irregular call or card stand


def _apply_irregular(state: BridgeDeal, seat: Seat, text: str, label: str) -> None:
    """``seat``'s call or card ``text`` made irregularly (``!SEAT …`` of laws mode) and let stand: the
    ruling it brings is answered ``accept`` (L9, L15–L17, L24) or ``stand`` (L27, a revoke)."""
    from cardroom.core.laws import Irregular, RulingChoice

    apply_checked(state, Irregular(int(seat), text), label)
    pending = state.laws.pending if state.laws is not None else None
    if pending is not None:
        names = [o.name for o in pending.options]
        option = next((o for o in _LET_STAND if o in names), None)
        if option is None:
            raise ReplayError(Reason("pbn.irregularity_not_accepted", law=pending.law.number,
                                     action=f"!{seat.letter} {text}"), where=label, kind="illegal")
        apply_checked(state, RulingChoice(pending.law.number, option), label)


def _check_tags_agree(board: PbnBoard, state: BridgeDeal, label: str) -> None:
    t = board.tags
    if board.calls and state.phase in (PHASE_PLAY, PHASE_OVER):
        c = state.contract
        contract_tag = t.get("Contract", "").strip()
        if contract_tag not in _UNKNOWN:
            parsed = parse_contract_tag(contract_tag)
            got = None if c is None else (c.level, c.strain, c.doubling)
            if parsed != got:
                raise ReplayError(Reason("pbn.contract_mismatch", tag=contract_tag,
                                         reached='Pass' if c is None else c.text), where=label, kind="mismatch")
        decl = t.get("Declarer", "").strip()
        if c is not None and decl not in _UNKNOWN and Seat.parse(decl) != c.declarer:
            raise ReplayError(Reason("pbn.declarer_mismatch", tag=decl, declarer=c.declarer),
                              where=label, kind="mismatch")
    if state.phase == PHASE_OVER and state.contract is not None:
        res = board.result
        if res is not None and board.plays and res != state.declarer_tricks:
            raise ReplayError(Reason("pbn.result_mismatch", tag=res, took=state.declarer_tricks), where=label,
                              kind="mismatch")


def board_score(board: PbnBoard, game: ContractBridge, state: BridgeDeal | None = None) -> list[Entry] | None:
    """Score-sheet entries of a board: from the play when it is complete, else from the Contract,
    Declarer and Result tags (a claim, or a result without the play); ``[]`` when passed out;
    ``None`` when the outcome is not known. ``state`` is the board replayed (:func:`board_to_deal`)."""
    if state is not None and state.phase == PHASE_OVER:
        return list(state.result().entries)
    if board.passed_out:
        return []
    contract = state.contract if state is not None and state.contract is not None else board.contract
    tricks = board.result
    if contract is None or tricks is None:
        return None
    vul = board.vulnerable[contract.side]
    return score_deal(contract, tricks, vul, game.rules.scoring, board.hands)


def _score_text(entries: Sequence[Entry]) -> str:
    ns = sum(e.points for e in entries if e.side == Side.NS) - sum(e.points for e in entries if e.side == Side.EW)
    return f"NS {ns}"


def _rubber_scoring(tags: Mapping[str, str]) -> bool:
    s = tags.get("Scoring", "").strip()
    return s in _UNKNOWN or "rubber" in s.lower()


def board_from_deal(state: BridgeDeal, tags: Mapping[str, str] | None = None) -> PbnBoard:
    """A board from a deal of the engine: ``tags`` (Event, Board, players, …) are kept in their
    order; Dealer, Vulnerable, Deal, Scoring (``Rubber`` unless given), Declarer, Contract, Result,
    Auction, Play and Score are filled in from the state as far as it has gone."""
    t: dict[str, str] = dict(tags or {})
    set_tag(t, "Dealer", state.dealer.letter)
    set_tag(t, "Vulnerable", vulnerable_text(state.vulnerable))
    if state.phase != PHASE_DEAL:
        set_tag(t, "Deal", format_deal_tag(state.original, state.dealer))
    if "Scoring" not in t:
        set_tag(t, "Scoring", "Rubber")
    if state.phase in (PHASE_PLAY, PHASE_OVER):
        c = state.contract
        set_tag(t, "Declarer", "" if c is None else c.declarer.letter)
        set_tag(t, "Contract", "Pass" if c is None else c.text)
        if state.phase == PHASE_OVER:
            set_tag(t, "Result", "" if c is None else str(state.declarer_tricks))
    calls = list(state.calls)
    plays = [c for tr in state.tricks for c in tr.cards] + list(state.trick)
    if calls:
        set_tag(t, "Auction", state.dealer.letter)
    if plays and state.declarer is not None:
        set_tag(t, "Play", state.declarer.lho.letter)
    if state.phase == PHASE_OVER and _rubber_scoring(t):
        set_tag(t, "Score", _score_text(state.result().entries))
    call_marks, play_marks = _irregularity_marks(state, calls)
    return PbnBoard(tags=t, calls=calls, plays=plays, call_marks=call_marks, play_marks=play_marks)


def _irregularity_marks(state: BridgeDeal, calls: Sequence[Call]) -> tuple[dict[int, list[str]],
                                                                          dict[int, list[str]]]:
    """The PBN irregularity tokens of a laws-mode deal (PBN 2.1 §3.9), by the index of the call or
    card they precede: ``^S`` once per player skipped by a call out of rotation accepted (from the
    seats the laws recorded for the calls), ``^I`` on an insufficient bid accepted, ``^L`` on a
    trick's lead by a hand that was not to lead, ``^R`` on a revoke not corrected."""
    laws = getattr(state, "laws", None)
    call_marks: dict[int, list[str]] = {}
    play_marks: dict[int, list[str]] = {}
    if laws is None:
        return call_marks, play_marks
    expected = state.dealer
    for i, seat in enumerate(laws.call_seats[:len(calls)]):
        if seat != expected:
            call_marks[i] = ["^S"] * ((seat - expected) % 4)
        expected = seat.next(1)
    for i in insufficient_bids(calls):
        call_marks.setdefault(i, []).append("^I")
    to_lead = state.declarer.lho if state.declarer is not None else None
    tricks = list(state.tricks)
    for k, trick in enumerate(tricks):
        if trick.leader != to_lead:
            play_marks[4 * k] = ["^L"]
        to_lead = trick.winner
    if state.trick and state.leader != to_lead:
        play_marks[4 * len(tricks)] = ["^L"]
    for r in laws.revokes:
        if not r.corrected:
            play_marks.setdefault(4 * r.trick + r.position, []).insert(0, "^R")
    return call_marks, play_marks


def insufficient_bids(calls: Sequence[Call]) -> list[int]:
    """The indexes of the bids not higher than the bid before them: in a laws-mode deal, insufficient
    bids that were accepted (L27/L9: the next player called over them), marked ``^I`` in PBN."""
    out: list[int] = []
    last: Call | None = None
    for i, c in enumerate(calls):
        if c.is_bid:
            if last is not None and int(c) <= int(last):
                out.append(i)
            last = c if last is None or int(c) > int(last) else last
    return out


def complete_board(board: PbnBoard, game: ContractBridge, label: str | None = None) -> tuple[PbnBoard, BridgeDeal]:
    """Check a board by replaying it and fill in Declarer, Contract and Result where they follow
    from the auction and play, and a missing Score (rubber scoring: from the play, or from the
    Result of a claim) unless the Scoring tag names another scoring. Returns the new board and
    the replayed deal."""
    state = board_to_deal(board, game, label)
    t = dict(board.tags)
    if board.calls and state.phase in (PHASE_PLAY, PHASE_OVER):
        c = state.contract
        set_tag(t, "Declarer", "" if c is None else c.declarer.letter)
        set_tag(t, "Contract", "Pass" if c is None else c.text)
    if state.phase == PHASE_OVER:
        c = state.contract
        if board.plays or c is None:
            set_tag(t, "Result", "" if c is None else str(state.declarer_tricks))
    out = PbnBoard(tags=t, calls=list(board.calls), plays=list(board.plays),
                   call_marks={k: list(v) for k, v in board.call_marks.items()},
                   play_marks={k: list(v) for k, v in board.play_marks.items()},
                   notes={k: list(v) for k, v in board.notes.items()},
                   sections={k: list(v) for k, v in board.sections.items()})
    if "Score" not in t and _rubber_scoring(t):
        entries = board_score(out, game, state)
        if entries is not None:
            set_tag(out.tags, "Score", _score_text(entries))
    return out, state


# --------------------------------------------------------------------------------------------- solver

OPTIMUM_TABLE_HEADER = "Declarer;Denomination;Result"
"""The columns of the ``OptimumResultTable`` cardroom writes (PBN §5: a supplemental table, one line per
declarer and denomination, the tricks declarer takes double dummy)."""
_TABLE_STRAINS = ("NT", "S", "H", "D", "C")


def _par_contract_text(contracts: Sequence[str]) -> str:
    """``ParContract`` from the solver's par contracts (``"3S by E ="``): the contract with its result
    when not made exactly, after the side (``EW 3S``) when both its players make it, else the seat
    (``E 3S``); several contracts are separated by ``;``; ``Pass`` when par is a pass-out."""
    by_contract: dict[str, list[str]] = {}
    for c in contracts:
        head, _, rest = c.partition(" by ")
        seat, _, res = rest.partition(" ")
        text = head + ("" if res in ("", "=") else res)
        by_contract.setdefault(text, []).append(seat)
    out: list[str] = []
    for text, seats in by_contract.items():
        side = {"N": "NS", "S": "NS", "E": "EW", "W": "EW"}[seats[0]]
        who = side if set(seats) == set(side) else "".join(seats)
        out.append(f"{who} {text}")
    return "; ".join(out) if out else "Pass"


def optimum_tags(hands: Sequence[int], dealer: Seat, vulnerable: tuple[bool, bool]) -> tuple[
        dict[str, str], list[str]]:
    """The solver's tags of a deal: ``OptimumScore`` (``NS -140``: par by duplicate scoring, from
    North-South's side), ``ParContract`` and ``OptimumResultTable`` (its value, the columns), with the
    table's twenty lines (declarer N E S W, denominations NT S H D C)."""
    from cardroom.solve.dds import table_and_par

    table, par = table_and_par(hands, dealer, vulnerable)
    lines = [f"{seat} {strain} {table[seat][strain]}" for seat in "NESW" for strain in _TABLE_STRAINS]
    tags = {"OptimumScore": f"NS {par['score']}", "ParContract": _par_contract_text(par["contracts"]),
            "OptimumResultTable": OPTIMUM_TABLE_HEADER}
    return tags, lines


def add_optimum(board: PbnBoard) -> PbnBoard:
    """The board with ``OptimumScore``, ``ParContract`` and ``OptimumResultTable`` filled in by the
    solver (DDS) from its Deal, Dealer and Vulnerable tags; a board without the four hands or a
    dealer is returned as it is."""
    hands, dealer = board.hands, board.dealer
    if hands is None or dealer is None:
        return board
    tags, lines = optimum_tags(hands, dealer, board.vulnerable)
    out = PbnBoard(tags=dict(board.tags), calls=list(board.calls), plays=list(board.plays),
                   call_marks={k: list(v) for k, v in board.call_marks.items()},
                   play_marks={k: list(v) for k, v in board.play_marks.items()},
                   notes={k: list(v) for k, v in board.notes.items()},
                   sections={k: list(v) for k, v in board.sections.items()})
    for name, value in tags.items():
        set_tag(out.tags, name, value)
    out.sections["OptimumResultTable"] = lines
    return out


def read_optimum_table(board: PbnBoard) -> dict[str, dict[str, int]]:
    """The ``OptimumResultTable`` of a board as ``{seat: {strain: tricks}}`` (strain ``NT`` for no
    trump); :class:`ParseError` for a line that is not a seat, a denomination and a number."""
    out: dict[str, dict[str, int]] = {}
    for line in board.sections.get("OptimumResultTable", []):
        parts = line.split()
        if len(parts) != 3 or parts[0] not in "NESW" or not parts[2].isdigit() \
                or parts[1].upper() not in (*_TABLE_STRAINS, "N"):
            raise ParseError(Reason("pbn.optimum_line", line=line))
        strain = "NT" if parts[1].upper() in ("N", "NT") else parts[1].upper()
        out.setdefault(parts[0], {})[strain] = int(parts[2])
    return out
