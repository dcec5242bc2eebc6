"""JSON records of bridge: a whole rubber, or a set of single deals (boards).

A rubber record is the action log of a :class:`RubberState`, each action as its canonical text::

    {"format": "cardroom-record", "version": 1, "game": "bridge",
     "options": {...game options...}, "players": {"N": "Ann", ...},
     "actions": ["draw AS 2C QD QC", "deal ...", "1NT", "Pass", ..., "AS", ...],
     "unfinished": false}

A deals record holds boards, each one a PBN game in JSON form (see docs/records.md)::

    {"format": "cardroom-record", "version": 1, "game": "bridge-deals", "options": {...},
     "boards": [{"dealer": "N", "vulnerable": "None", "tags": {"Event": "...", ...},
                 "actions": ["deal ...", "1NT", ..., "S2", ...]}]}

On input an action may name its seat, ``"S:1NT"``; the seat is checked against the seat to act
("call out of turn") and not written back: the writer writes the canonical form, and a canonical
record read and written back is identical.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from cardroom.core.cards import Card
from cardroom.core.deal import Deal
from cardroom.core.errors import CardroomError, IllegalAction, ParseError, Reason, RecordError
from cardroom.core.table import Seat
from cardroom.games.bridge.calls import Call
from cardroom.games.bridge.game import ContractBridge
from cardroom.games.bridge.rubber import RubberState
from cardroom.games.bridge.rules import BridgeDeal
from cardroom.records.pbn import (
    PbnBoard,
    ReplayError,
    apply_checked,
    auction_complete,
    format_deal_tag,
    parse_vulnerable,
    play_seats,
    set_tag,
    vulnerable_text,
)
from cardroom.records.registry import ROOM_FIELDS, record_dict

__all__ = [
    "DEALS_GAME", "FORMAT", "RUBBER_GAME", "VERSION", "RubberReplay", "board_from_json", "board_to_json",
    "deals_from_record", "deals_to_record", "dumps", "game_from_options", "loads", "record_kind",
    "replay_rubber", "rubber_from_record", "rubber_to_record", "split_seat",
]

FORMAT = "cardroom-record"
VERSION = 1
RUBBER_GAME = "bridge"
DEALS_GAME = "bridge-deals"

_SEAT_RE = re.compile(r"^\s*([NESWnesw])\s*:\s*(\S.*?)\s*$")
_RUBBER_KEYS = ("format", "version", "game", "options", "players", "actions", "unfinished", *ROOM_FIELDS)
_DEALS_KEYS = ("format", "version", "game", "options", "boards")
_BOARD_KEYS = ("dealer", "vulnerable", "tags", "actions", "no_auction", "marks", "notes", "sections")


# --------------------------------------------------------------------------------------------- text


def dumps(record: Mapping[str, Any]) -> str:
    """The canonical text of a record: JSON indented by one space, UTF-8 kept, a final newline
    (as :func:`cardroom.records.registry.write_record` writes it)."""
    return json.dumps(record, indent=1, ensure_ascii=False) + "\n"


def loads(text: str) -> dict[str, Any]:
    """Read a record's JSON text (not yet checked against the rules); :class:`ParseError` names
    the line of a JSON syntax error."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise ParseError(Reason("rjson.bad_json", line=e.lineno, msg=e.msg)) from None
    if not isinstance(data, dict):
        raise RecordError(Reason("rjson.not_object"))
    return data


def record_kind(data: Mapping[str, Any]) -> str:
    """``"bridge"`` (a rubber) or ``"bridge-deals"``; raises RecordError for anything else."""
    if data.get("format") != FORMAT:
        raise RecordError(Reason("rjson.format", got=data.get('format'), expected=FORMAT))
    if data.get("version") != VERSION:
        raise RecordError(Reason("rjson.version", got=data.get('version'), known=VERSION))
    game = data.get("game")
    if game not in (RUBBER_GAME, DEALS_GAME):
        raise RecordError(Reason("rjson.game", game=game, rubber=RUBBER_GAME, deals=DEALS_GAME))
    return str(game)


def _check_keys(data: Mapping[str, Any], allowed: Sequence[str], required: Sequence[str], where: str) -> None:
    extra = [k for k in data if k not in allowed]
    if extra:
        raise RecordError(Reason("rjson.unknown_fields", fields=', '.join(map(repr, extra))), where=where)
    missing = [k for k in required if k not in data]
    if missing:
        raise RecordError(Reason("rjson.missing_fields", fields=', '.join(map(repr, missing))), where=where)


def game_from_options(options: Any) -> ContractBridge:
    """The game a record's options describe."""
    if not isinstance(options, dict):
        raise RecordError(Reason("rjson.options"))
    try:
        return ContractBridge(**options)
    except (CardroomError, TypeError, ValueError) as e:
        raise RecordError(Reason("rjson.bad_options", e=e)) from None


def split_seat(text: str) -> tuple[Seat | None, str]:
    """``"S:1NT"`` → (South, ``"1NT"``); text without a seat → (None, text)."""
    m = _SEAT_RE.match(text)
    if m:
        return Seat.parse(m.group(1)), m.group(2)
    return None, text


def _string_list(value: Any, what: str, where: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(a, str) for a in value):
        raise RecordError(Reason("rjson.string_list", what=what), where=where)
    return list(value)


def _string_map(value: Any, what: str, where: str) -> dict[str, str]:
    if not isinstance(value, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in value.items()):
        raise RecordError(Reason("rjson.string_object", what=what), where=where)
    return dict(value)


# --------------------------------------------------------------------------------------------- rubber


def rubber_to_record(state: RubberState, players: Mapping[str, str] | None = None) -> dict[str, Any]:
    """The JSON record (a dict) of a rubber; ``players`` names the seats (``{"N": "Ann"}``).
    The same as the generic record of :mod:`cardroom.records.registry`."""
    names = dict(players or {})
    for k in names:
        Seat.parse(k)
    return record_dict(state, names)


@dataclass
class RubberReplay:
    """A rubber record replayed: the state, each deal as played (finished ones and the one in
    progress, if dealt) and the players' names."""

    state: RubberState
    deals: list[BridgeDeal] = field(default_factory=list)
    players: dict[str, str] = field(default_factory=dict)


def _parse_action(state: RubberState, text: str, where: str) -> Any:
    try:
        return state.parse_action(text)
    except ParseError as first:
        # a call where a card is due or the other way round: let the replay say so
        for parse in (Call.parse, Card.parse):
            try:
                return parse(text)
            except ParseError:
                pass
        raise ReplayError(Reason("rjson.read_action", text=text, first=first), where=where, kind="unreadable") from None


def replay_rubber(data: Mapping[str, Any]) -> RubberReplay:
    """Check and replay a rubber record; :class:`RecordError` (a :class:`ReplayError` for an
    illegal action) names the deal, the trick, the seat and the card."""
    if record_kind(data) != RUBBER_GAME:
        raise RecordError(Reason("rjson.not_rubber"))
    _check_keys(data, _RUBBER_KEYS, ("options", "actions"), "record")
    game = game_from_options(data["options"])
    players = _string_map(data.get("players", {}), "players", "record")
    for k in players:
        try:
            Seat.parse(k)
        except ParseError:
            raise RecordError(Reason("rjson.player_seat", k=k)) from None
    actions = _string_list(data["actions"], "actions", "record")
    unfinished = data.get("unfinished", False)
    if not isinstance(unfinished, bool):
        raise RecordError(Reason("rjson.unfinished"))
    state = game.new_initial_state()
    deals: list[BridgeDeal] = []
    for raw in actions:
        label = f"deal {len(state.results) + 1}"
        if state.is_over:
            raise ReplayError(Reason("rjson.after_end", raw=raw), where=label, kind="wrong-phase")
        seat, text = split_seat(raw)
        deal = state.deal
        if deal is None:
            if seat is not None:
                raise ReplayError(Reason("rjson.draw_seat", raw=raw), where="the draw",
                                  kind="unreadable")
            try:
                state.apply(state.parse_action(text))
            except ParseError as e:
                raise ReplayError(Reason("rjson.read", raw=raw, e=e), where="the draw", kind="unreadable") from None
            except IllegalAction as e:
                raise ReplayError(Reason("rjson.raw", raw=raw, e=e), where="the draw", kind="illegal") from None
            continue
        where = f"{label}, trick {len(deal.tricks) + 1}" if deal.contract is not None else label
        action = _parse_action(state, text, where)
        apply_checked(deal, action, label, seat, target=state)
        if state.deal is not deal:
            deals.append(deal)
    if state.deal is not None and state.deal.history and state.deal not in deals:
        deals.append(state.deal)
    if unfinished:
        if state.is_over:
            raise RecordError(Reason("rjson.not_unfinished"))
        state.abandon()
    return RubberReplay(state, deals, players)


def rubber_from_record(data: Mapping[str, Any]) -> RubberState:
    """The rubber a record describes, replayed action by action (see :func:`replay_rubber`)."""
    return replay_rubber(data).state


# --------------------------------------------------------------------------------------------- deals


def board_to_json(board: PbnBoard) -> dict[str, Any]:
    """A board in the JSON form of a deals record."""
    hands = board.hands
    dealer = board.dealer
    vul_tag = board.tags.get("Vulnerable")
    vul_known = vul_tag is not None and vul_tag.strip() not in ("", "?")
    tags: dict[str, str] = {}
    for name, value in board.tags.items():
        if name in ("Auction", "Play") or (name == "Dealer" and dealer is not None) or \
                (name == "Vulnerable" and vul_known) or (name == "Deal" and hands is not None):
            continue
        tags[name] = value
    actions: list[str] = []
    if hands is not None:
        actions.append(Deal(hands).to_text())
    first_call = len(actions)
    actions.extend(str(c) for c in board.calls)
    first_card = len(actions)
    actions.extend(str(c) for c in board.plays)
    out: dict[str, Any] = {
        "dealer": None if dealer is None else dealer.letter,
        "vulnerable": vulnerable_text(board.vulnerable) if vul_known else None,
        "tags": tags,
        "actions": actions,
    }
    if board.plays and not board.calls:
        out["no_auction"] = True
    marks = {str(first_call + i): list(m) for i, m in sorted(board.call_marks.items())}
    marks.update({str(first_card + i): list(m) for i, m in sorted(board.play_marks.items())})
    if marks:
        out["marks"] = marks
    if board.notes:
        out["notes"] = {k: list(v) for k, v in board.notes.items()}
    if board.sections:
        out["sections"] = {k: list(v) for k, v in board.sections.items()}
    return out


def board_from_json(obj: Any, number: int) -> PbnBoard:
    """A board from its JSON form; ``number`` (1-based) names it in errors when it has no Board tag.
    Turn order is checked for actions that name their seat."""
    where = f"board {number}"
    if not isinstance(obj, dict):
        raise RecordError(Reason("rjson.board_object"), where=where)
    _check_keys(obj, _BOARD_KEYS, ("tags", "actions"), where)
    tags = _string_map(obj["tags"], "tags", where)
    board_tag = tags.get("Board", "").strip()
    if board_tag not in ("", "?"):
        where = f"board {board_tag}"
    actions = _string_list(obj["actions"], "actions", where)
    board = PbnBoard(tags=tags)
    dealer: Seat | None = None
    try:
        if obj.get("dealer") is not None:
            dealer = Seat.parse(str(obj["dealer"]))
            set_tag(board.tags, "Dealer", dealer.letter)
        if obj.get("vulnerable") is not None:
            set_tag(board.tags, "Vulnerable", vulnerable_text(parse_vulnerable(str(obj["vulnerable"]))))
    except ParseError as e:
        raise RecordError(e.reason or str(e), where=where) from None
    if dealer is None:
        dealer = board.dealer
    i = 0
    if actions and actions[0].strip().lower().startswith("deal "):
        try:
            deal = Deal.from_text(actions[0])
        except ParseError as e:
            raise ReplayError(e.reason or str(e), where=f"{where}, the deal", kind="unreadable") from None
        if len(deal.hands) != 4 or any(h.bit_count() != 13 for h in deal.hands) or not deal.is_full_pack:
            raise ReplayError(Reason("bridge.thirteen_each"),
                              where=f"{where}, the deal", kind="bad-deal")
        set_tag(board.tags, "Deal", format_deal_tag(deal.hands, dealer or Seat.NORTH))
        i = 1
    no_auction = obj.get("no_auction", False)
    if not isinstance(no_auction, bool):
        raise RecordError(Reason("rjson.no_auction"), where=where)
    index_of: dict[int, tuple[str, int]] = {}
    call_seats: list[tuple[int, Seat]] = []
    while not no_auction and i < len(actions) and not auction_complete(board.calls):
        seat, text = split_seat(actions[i])
        cw = f"{where}, auction, call {len(board.calls) + 1}"
        try:
            call = Call.parse(text)
        except ParseError as e:
            raise ReplayError(Reason("rjson.read_call", text=text, e=e), where=cw, kind="unreadable") from None
        if dealer is None:
            raise RecordError(Reason("rjson.calls_no_dealer"), where=where)
        due = dealer.next(len(board.calls))
        if seat is not None and seat != due:
            raise ReplayError(Reason("rjson.call_out_of_turn", seat=seat, call=call, due=due), where=cw,
                              kind="out-of-turn", seat=seat, action=call)
        index_of[i] = ("call", len(board.calls))
        board.calls.append(call)
        i += 1
    for j in range(i, len(actions)):
        seat, text = split_seat(actions[j])
        try:
            card = Card.parse(text)
        except ParseError as e:
            what = "the auction is over" if board.calls else "the board has no auction"
            raise ReplayError(Reason("rjson.read_card", text=text, what=what, e=e),
                              where=f"{where}, trick {len(board.plays) // 4 + 1}", kind="unreadable") from None
        index_of[j] = ("play", len(board.plays))
        if seat is not None:
            call_seats.append((len(board.plays), seat))
        board.plays.append(card)
    if board.calls:
        assert dealer is not None
        set_tag(board.tags, "Auction", dealer.letter)
    if board.plays:
        contract = board.contract
        if contract is None:
            raise RecordError(Reason("rjson.play_no_contract"),
                              where=where)
        set_tag(board.tags, "Play", contract.declarer.lho.letter)
        seats = play_seats(board.plays, contract.declarer.lho, contract.strain.trump)
        for k, seat in call_seats:
            if seats[k] != seat:
                card = board.plays[k]
                raise ReplayError(Reason("rjson.card_out_of_turn", seat=seat, card=card, due=seats[k]),
                                  where=f"{where}, trick {k // 4 + 1}", kind="out-of-turn", seat=seat,
                                  action=card, trick=k // 4 + 1)
    for key, marks in _mark_map(obj.get("marks", {}), where).items():
        if key not in index_of:
            raise RecordError(Reason("rjson.mark_index", key=key), where=where)
        kind, k = index_of[key]
        (board.call_marks if kind == "call" else board.play_marks)[k] = marks
    board.notes = _lists(obj.get("notes", {}), "notes", where)
    board.sections = _lists(obj.get("sections", {}), "sections", where)
    return board


def _mark_map(value: Any, where: str) -> dict[int, list[str]]:
    lists = _lists(value, "marks", where)
    out: dict[int, list[str]] = {}
    for k, v in lists.items():
        if not k.isdigit():
            raise RecordError(Reason("rjson.mark_key", k=k), where=where)
        out[int(k)] = v
    return out


def _lists(value: Any, what: str, where: str) -> dict[str, list[str]]:
    if not isinstance(value, dict):
        raise RecordError(Reason("rjson.list_object", what=what), where=where)
    return {str(k): _string_list(v, f"{what}[{k!r}]", where) for k, v in value.items()}


def deals_to_record(boards: Sequence[PbnBoard], options: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """A deals record of the boards; ``options`` are the game options (default: the defaults)."""
    opts = dict(options) if options is not None else dict(ContractBridge().options())
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": DEALS_GAME,
        "options": opts,
        "boards": [board_to_json(b) for b in boards],
    }


def deals_from_record(data: Mapping[str, Any]) -> list[PbnBoard]:
    """The boards of a deals record (replay them with :func:`cardroom.records.pbn.board_to_deal`)."""
    if record_kind(data) != DEALS_GAME:
        raise RecordError(Reason("rjson.not_deals"))
    _check_keys(data, _DEALS_KEYS, ("boards",), "record")
    game_from_options(data.get("options", {}))
    boards = data["boards"]
    if not isinstance(boards, list):
        raise RecordError(Reason("rjson.boards"))
    return [board_from_json(b, n) for n, b in enumerate(boards, start=1)]
