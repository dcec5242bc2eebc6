"""LIN (BridgeBase Online's hand records and vugraph files) import and export of bridge deals.

A LIN text is a run of ``key|value|`` pairs; a board is read into a :class:`~cardroom.records.pbn.PbnBoard`
so that everything the PBN records do (replay through the engine, convert, analyse) works on LIN
files. The keys read:

* ``pn|South,West,North,East|`` the players (a vugraph file gives eight: the open room's four, then
  the closed room's); ``md|<dealer digit><hands>|`` the deal, the dealer digit 1 = South, 2 = West,
  3 = North, 4 = East, then the hands South, West, North, East, comma separated, each ``S…H…D…C…``
  (the fourth may be left empty: it is the cards the other three lack); ``sv|o|`` the vulnerability
  (``o``/``0``/``-`` none, ``n`` NS, ``e`` EW, ``b`` both); ``ah|Board 3|`` the board's heading;
  ``qx|o3|``/``qx|c3|`` a vugraph board (open or closed room, board 3), which also starts a new board;
* ``mb|1C!|`` a call (``p`` pass, ``d`` double, ``r`` redouble, ``1N`` …), ``!`` an alert;
  ``an|…|`` the explanation of the call before it; ``pc|SA|`` a card, in the order played;
  ``mc|10|`` a claim: declarer's tricks in all; ``pg||`` a pause (ignored);
* ``vg|event,segment,scoring,first,last,team1,score1,team2,score2|`` a vugraph header: its event
  name becomes the Event tag; ``rh``, ``st``, ``sk``, ``nt`` (chat), ``pw``, ``bn``, ``rs``, ``mp``
  and other display keys are ignored.

An alert or an explanation becomes a PBN note reference after the call (``=1=`` with
``[Note "1:explanation"]``, empty text for an alert without one), and back. A claim becomes the
``Result`` tag of a board whose play stops before the thirteenth trick. Malformed LIN raises
:class:`~cardroom.core.errors.ParseError` naming the pair (its number in the board) and what is wrong.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from cardroom.core.cards import FULL_PACK_MASK, Card, CardSet
from cardroom.core.errors import ParseError, Reason
from cardroom.core.table import Seat
from cardroom.games.bridge.calls import Call
from cardroom.records.pbn import (
    PbnBoard,
    auction_complete,
    format_deal_tag,
    set_tag,
    vulnerable_text,
)

__all__ = ["board_to_lin", "read_lin", "write_lin"]

_LIN_SEATS = (Seat.SOUTH, Seat.WEST, Seat.NORTH, Seat.EAST)
"""The seats in LIN order (the dealer digit 1–4 and the hands of ``md``, the names of ``pn``)."""
_SEAT_TAGS = {Seat.NORTH: "North", Seat.EAST: "East", Seat.SOUTH: "South", Seat.WEST: "West"}
_SV = {"o": "None", "0": "None", "-": "None", "n": "NS", "e": "EW", "b": "All"}
_SV_OUT = {"None": "o", "NS": "n", "EW": "e", "All": "b"}
_ROOMS = {"o": "Open", "c": "Closed"}
_NOTE_RE = re.compile(r"^=(\d+)=$")
_IGNORED = frozenset({"rh", "st", "sk", "nt", "pw", "bn", "rs", "mp", "pg", "sa", "va", "tu", "mn", "bt",
                      "hc", "at", "cr", "cg", "lb", "n", "up", "ub", "pf", "ob", "tp"})


# --------------------------------------------------------------------------------------------- reading


def _pairs(text: str) -> list[tuple[str, str, int]]:
    """The ``key|value|`` pairs of a LIN text (line breaks between pairs ignored), each with its number."""
    flat = text.replace("\r", "").replace("\n", "")
    parts = flat.split("|")
    if parts and parts[-1].strip() == "":
        parts.pop()
    if len(parts) % 2:
        raise ParseError(Reason("lin.pairs", n=len(parts) // 2 + 1, key=parts[-1].strip()))
    out: list[tuple[str, str, int]] = []
    for i in range(0, len(parts), 2):
        key = parts[i].strip().lower()
        if not re.fullmatch(r"[a-z][a-z0-9]?", key):
            raise ParseError(Reason("lin.key", n=i // 2 + 1, key=parts[i]))
        out.append((key, parts[i + 1], i // 2 + 1))
    return out


def _split_boards(pairs: list[tuple[str, str, int]]) -> tuple[list[tuple[str, str, int]],
                                                                 list[list[tuple[str, str, int]]]]:
    """The pairs before the first board (a vugraph file's header) and the pairs of each board: a board
    starts at ``qx`` in a vugraph file, else at ``pn`` or ``md`` once the board has its deal."""
    vugraph = any(k == "qx" for k, _, _ in pairs)
    head: list[tuple[str, str, int]] = []
    boards: list[list[tuple[str, str, int]]] = []
    current: list[tuple[str, str, int]] | None = None
    for pair in pairs:
        key = pair[0]
        if vugraph:
            if key == "qx":
                current = []
                boards.append(current)
            if current is None:
                head.append(pair)
                continue
        else:
            has_deal = current is not None and any(k == "md" for k, _, _ in current)
            if current is None or (key in ("pn", "md") and has_deal):
                current = []
                boards.append(current)
        current.append(pair)
    return head, boards


def _hand(text: str, n: int) -> int:
    mask = 0
    suit: str | None = None
    for ch in text.strip().upper():
        if ch in "SHDC":
            suit = ch
            continue
        if suit is None:
            raise ParseError(Reason("lin.hand", n=n, hand=text))
        try:
            card = Card.parse(suit + ch)
        except ParseError:
            raise ParseError(Reason("lin.hand", n=n, hand=text)) from None
        if mask >> card & 1:
            raise ParseError(Reason("lin.hand_twice", n=n, hand=text, card=card))
        mask |= 1 << card
    return mask


def _md(value: str, n: int) -> tuple[Seat, tuple[int, int, int, int]]:
    """The dealer and the hands (N E S W) of an ``md`` value."""
    v = value.strip()
    if not v or v[0] not in "1234":
        raise ParseError(Reason("lin.dealer_digit", n=n, value=value))
    dealer = _LIN_SEATS[int(v[0]) - 1]
    parts = v[1:].split(",")
    if len(parts) == 3:
        parts.append("")
    if len(parts) != 4:
        raise ParseError(Reason("lin.md_hands", n=n, value=value, count=len(parts)))
    hands: dict[Seat, int] = {}
    seen = 0
    for seat, part in zip(_LIN_SEATS, parts, strict=True):
        if not part.strip():
            continue
        mask = _hand(part, n)
        if mask.bit_count() != 13:
            raise ParseError(Reason("lin.hand_size", n=n, seat=seat, count=mask.bit_count()))
        if mask & seen:
            raise ParseError(Reason("lin.deal_twice", n=n, cards=CardSet(mask & seen)))
        seen |= mask
        hands[seat] = mask
    missing = [s for s in _LIN_SEATS if s not in hands]
    if len(missing) > 1:
        raise ParseError(Reason("lin.md_hands", n=n, value=value, count=4 - len(missing)))
    if missing:
        hands[missing[0]] = FULL_PACK_MASK & ~seen
    return dealer, (hands[Seat.NORTH], hands[Seat.EAST], hands[Seat.SOUTH], hands[Seat.WEST])


def _call(value: str, n: int) -> tuple[Call, bool]:
    v = value.strip()
    alert = v.endswith("!")
    v = v.rstrip("!").strip().upper()
    v = {"P": "Pass", "D": "X", "R": "XX"}.get(v, v)
    try:
        return Call.parse(v), alert
    except ParseError:
        raise ParseError(Reason("lin.call", n=n, value=value)) from None


def _names(value: str, room: int) -> dict[str, str]:
    """The player tags of a ``pn`` value (South, West, North, East; the ``room``-th four of eight)."""
    names = [s.strip() for s in value.split(",")]
    four = names[4 * room:4 * room + 4] if len(names) >= 4 * room + 4 else names[:4]
    return {_SEAT_TAGS[seat]: name for seat, name in zip(_LIN_SEATS, four, strict=False) if name}


def _read_board(pairs: list[tuple[str, str, int]], head: dict[str, str], label: str) -> PbnBoard:
    board = PbnBoard()
    tags: dict[str, str] = {"Event": head.get("event", "?"), "Site": "?", "Date": "?", "Board": "?"}
    names: str | None = head.get("pn")
    room = 0
    claim: int | None = None
    alerts: dict[int, str] = {}  # call index -> explanation
    try:
        for key, value, n in pairs:
            if key == "qx":
                m = re.fullmatch(r"\s*([ocOC])(\d+)\s*", value)
                if not m:
                    raise ParseError(Reason("lin.qx", n=n, value=value))
                room = 0 if m.group(1).lower() == "o" else 1
                tags["Board"] = m.group(2)
                tags["Room"] = _ROOMS[m.group(1).lower()]
            elif key == "pn":
                names = value
            elif key == "ah":
                m = re.search(r"\d+", value)
                if m:
                    tags["Board"] = m.group(0)
            elif key == "md":
                if "Deal" in tags:
                    raise ParseError(Reason("lin.md_twice", n=n))
                dealer, hands = _md(value, n)
                tags["Dealer"] = dealer.letter
                tags["Deal"] = format_deal_tag(hands, Seat.NORTH)
            elif key == "sv":
                sv = value.strip().lower()
                if sv not in _SV:
                    raise ParseError(Reason("lin.sv", n=n, value=value))
                tags["Vulnerable"] = _SV[sv]
            elif key == "mb":
                if "Deal" not in tags:
                    raise ParseError(Reason("lin.before_md", n=n, key=key))
                if board.plays:
                    raise ParseError(Reason("lin.call_in_play", n=n, value=value))
                call, alert = _call(value, n)
                if auction_complete(board.calls):
                    raise ParseError(Reason("lin.call_after_end", n=n, value=value))
                board.calls.append(call)
                if alert:
                    alerts[len(board.calls) - 1] = ""
            elif key == "an":
                if not board.calls:
                    raise ParseError(Reason("lin.an_first", n=n))
                alerts[len(board.calls) - 1] = value.strip()
            elif key == "pc":
                if "Deal" not in tags:
                    raise ParseError(Reason("lin.before_md", n=n, key=key))
                if not auction_complete(board.calls):
                    raise ParseError(Reason("lin.card_in_auction", n=n, value=value))
                if claim is not None:
                    raise ParseError(Reason("lin.card_after_claim", n=n, value=value))
                try:
                    board.plays.append(Card.parse(value.strip()))
                except ParseError:
                    raise ParseError(Reason("lin.card", n=n, value=value)) from None
            elif key == "mc":
                if not re.fullmatch(r"\s*\d{1,2}\s*", value) or int(value) > 13:
                    raise ParseError(Reason("lin.claim", n=n, value=value))
                if not auction_complete(board.calls):
                    raise ParseError(Reason("lin.claim_in_auction", n=n))
                claim = int(value)
            elif key == "vg" or key in _IGNORED:
                continue
            # other keys (BBO adds new display keys now and then) are skipped too
    except ParseError as e:
        raise ParseError(Reason("lin.in_board", board=label, e=e)) from None
    if "Deal" not in tags:
        raise ParseError(Reason("lin.no_md", board=label))
    tags.setdefault("Vulnerable", "None")
    if names is not None:
        tags.update(_names(names, room))
    for name in ("West", "North", "East", "South"):
        tags.setdefault(name, "")
    for k, v in tags.items():
        set_tag(board.tags, k, v)
    set_tag(board.tags, "Scoring", "?")
    if board.calls:
        set_tag(board.tags, "Auction", board.tags["Dealer"])
    contract = board.contract
    if claim is not None:
        _check_claim(board, contract, claim, label)
        set_tag(board.tags, "Result", str(claim))
    if board.plays and contract is None:
        raise ParseError(Reason("lin.play_passed_out", board=label))
    if board.plays and contract is not None:
        set_tag(board.tags, "Play", contract.declarer.lho.letter)
    for num, (i, text) in enumerate(sorted(alerts.items()), 1):
        board.call_marks.setdefault(i, []).append(f"={num}=")
        board.notes.setdefault("Auction", []).append(f"{num}:{text}")
    return board


def _check_claim(board: PbnBoard, contract: object, claim: int, label: str) -> None:
    """A claim is declarer's tricks in all: at least those won, at most those won and still to play."""
    from cardroom.core.tricks import natural_winner
    from cardroom.games.bridge.scoring import Contract

    if not isinstance(contract, Contract):
        raise ParseError(Reason("lin.claim_no_contract", board=label))
    leader = contract.declarer.lho
    won = 0
    full = len(board.plays) // 4
    for t in range(full):
        trick = board.plays[4 * t:4 * t + 4]
        leader = leader.next(natural_winner(trick, contract.strain.trump))
        won += leader.side == contract.declarer.side
    if not won <= claim <= won + 13 - full:
        raise ParseError(Reason("lin.claim_range", board=label, claim=claim, won=won, most=won + 13 - full))


def read_lin(text: str) -> list[PbnBoard]:
    """Every board of a LIN text (a hand record, one board a line, or a vugraph file)."""
    head_pairs, groups = _split_boards(_pairs(text))
    head: dict[str, str] = {}
    for key, value, _ in head_pairs:
        if key == "vg":
            head["event"] = value.split(",")[0].strip()
        elif key == "pn":
            head["pn"] = value
    boards = [_read_board(g, head, f"board {i}") for i, g in enumerate(groups, 1)]
    if not boards:
        raise ParseError(Reason("lin.no_board"))
    return boards


# --------------------------------------------------------------------------------------------- writing


def _lin_hand(mask: int) -> str:
    cards = CardSet(mask)
    out = []
    for suit in "SHDC":
        ranks = [c.pbn[1] for c in sorted(cards, reverse=True) if c.pbn[0] == suit]
        out.append(suit + "".join(ranks))
    return "".join(out)


def _call_text(call: Call) -> str:
    t = str(call)
    return {"Pass": "p", "X": "d", "XX": "r"}.get(t, t.replace("NT", "N"))


def _note_texts(board: PbnBoard) -> dict[str, str]:
    out: dict[str, str] = {}
    for note in board.notes.get("Auction", []):
        num, _, text = note.partition(":")
        out[num.strip()] = text
    return out


def board_to_lin(board: PbnBoard) -> str:
    """One board as one LIN line (``pn``, ``md``, ``ah``/``qx``, ``sv``, ``mb``/``an``, ``pc``, ``mc``).
    A call with a note reference is written alerted, the note's text as its explanation; a board whose
    play stops early with a ``Result`` tag is written with a claim of that many tricks. A board with
    PBN irregularity tokens (``^S`` ``^I`` ``^L`` ``^R``) is refused: LIN cannot say them."""
    hands = board.hands
    dealer = board.dealer
    if hands is None or dealer is None:
        raise ParseError(Reason("lin.write_deal", board=board.label))
    irregular = sorted({m for marks in (*board.call_marks.values(), *board.play_marks.values())
                        for m in marks if m.startswith("^")})
    if irregular:  # LIN has no irregularity tokens: the calls and cards would go to other seats
        raise ParseError(Reason("lin.write_irregular", board=board.label, marks=" ".join(irregular)))
    t = board.tags
    out: list[tuple[str, str]] = []
    number = t.get("Board", "").strip()
    room = t.get("Room", "").strip().lower()[:1]
    if room in _ROOMS and number.isdigit():
        out.append(("qx", f"{room}{number}"))
    out.append(("pn", ",".join(t.get(_SEAT_TAGS[s], "").replace(",", " ").replace("|", " ") for s in _LIN_SEATS)))
    out.append(("st", ""))
    out.append(("md", str(_LIN_SEATS.index(dealer) + 1) + ",".join(_lin_hand(hands[s]) for s in _LIN_SEATS)))
    out.append(("rh", ""))
    if number not in ("", "?"):
        out.append(("ah", f"Board {number}"))
    out.append(("sv", _SV_OUT[vulnerable_text(board.vulnerable)]))
    notes = _note_texts(board)
    for i, call in enumerate(board.calls):
        refs = [m.group(1) for m in (_NOTE_RE.match(x) for x in board.call_marks.get(i, [])) if m]
        out.append(("mb", _call_text(call) + ("!" if refs else "")))
        text = " ".join(notes.get(r, "") for r in refs).strip()
        if text:
            out.append(("an", text.replace("|", "/")))
    if board.calls:
        out.append(("pg", ""))
    contract = board.contract
    for i, card in enumerate(board.plays):
        out.append(("pc", card.pbn))
        if i % 4 == 3:
            out.append(("pg", ""))
    if contract is not None and len(board.plays) < 52 and board.result is not None:
        out.append(("mc", str(board.result)))
    return "".join(f"{k}|{v}|" for k, v in out)


def write_lin(boards: Iterable[PbnBoard]) -> str:
    """The boards as a LIN file, one board a line."""
    return "".join(board_to_lin(b) + "\n" for b in boards)

