"""What the CLI's ``replay``, ``convert`` and ``analyze`` commands do with a record file.

A record is a PBN file (``.pbn``) or a LIN file (``.lin``, BridgeBase Online's hand records and
vugraph files, :mod:`cardroom.records.lin`) of boards, or a JSON record (``.json``): a rubber
(``"game": "bridge"``) or boards (``"game": "bridge-deals"``). Every function checks every
action through the engine; an illegal record raises :class:`RecordError` naming the deal
(board), the trick, the seat and the card.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardroom.core.errors import Reason, RecordError
from cardroom.core.match import Match
from cardroom.core.table import Side
from cardroom.games.bridge.game import ContractBridge
from cardroom.games.bridge.rubber import RubberState
from cardroom.games.bridge.rules import PHASE_DEAL, PHASE_OVER, BridgeDeal, DealResult
from cardroom.games.bridge.scoring import Contract, Entry
from cardroom.records.lin import read_lin, write_lin
from cardroom.records.pbn import (
    PbnBoard,
    add_optimum,
    board_from_deal,
    board_score,
    board_to_deal,
    complete_board,
    read_pbn,
    vulnerable_text,
    write_pbn,
)
from cardroom.records.registry import write_record
from cardroom.records.rubber_json import (
    DEALS_GAME,
    RUBBER_GAME,
    RubberReplay,
    deals_from_record,
    deals_to_record,
    dumps,
    game_from_options,
    loads,
    record_kind,
    replay_rubber,
)

__all__ = ["LoadedRecord", "convert_file", "format_replay", "load_record", "record_of_text", "replay_file"]

_SEAT_TAGS = {"N": "North", "E": "East", "S": "South", "W": "West"}


@dataclass
class LoadedRecord:
    """A record file read and checked: boards (PBN or a deals record) or a rubber."""

    path: Path
    format: str  # "pbn", "lin" or "json"
    kind: str  # "boards" or "rubber"
    game: ContractBridge
    boards: list[PbnBoard] = field(default_factory=list)
    deals: list[BridgeDeal] = field(default_factory=list)  # boards replayed, or the rubber's deals
    rubber: RubberReplay | None = None


def _format_of(path: Path) -> str:
    ext = path.suffix.lower()
    if ext == ".pbn":
        return "pbn"
    if ext == ".lin":
        return "lin"
    if ext == ".json":
        return "json"
    raise RecordError(Reason("record.type", ext=ext or "(none)"), where=str(path))


def _board_label(board: PbnBoard, index: int) -> str:
    b = board.tags.get("Board", "").strip()
    return f"board {b}" if b not in ("", "?") else f"board {index}"


def load_record(path: str | Path) -> LoadedRecord:
    """Read a record file and replay every deal in it through the engine."""
    p = Path(path)
    _format_of(p)  # a file of another kind is refused before it is read
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as e:
        raise RecordError(Reason("record.read", why=e.strerror), where=str(p)) from None
    except UnicodeDecodeError:
        raise RecordError(Reason("record.utf8"), where=str(p)) from None
    return record_of_text(p, text)


def record_of_text(path: str | Path, text: str) -> LoadedRecord:
    """A record given as its text, read and checked as :func:`load_record` reads the file ``path`` (its
    suffix says the format; nothing is read from disk: an uploaded file)."""
    p = Path(path)
    fmt = _format_of(p)
    if fmt == "pbn":
        return _replay_boards(p, fmt, read_pbn(text), ContractBridge())
    if fmt == "lin":
        return _replay_boards(p, fmt, read_lin(text), ContractBridge())
    data = loads(text)
    if record_kind(data) == DEALS_GAME:
        return _replay_boards(p, fmt, deals_from_record(data), game_from_options(data.get("options", {})))
    rubber = replay_rubber(data)
    game = rubber.state.game
    assert isinstance(game, ContractBridge)
    return LoadedRecord(p, fmt, "rubber", game, deals=list(rubber.deals), rubber=rubber)


def _replay_boards(path: Path, fmt: str, boards: list[PbnBoard], game: ContractBridge) -> LoadedRecord:
    deals = [board_to_deal(b, game, label=_board_label(b, i)) for i, b in enumerate(boards, start=1)]
    return LoadedRecord(path, fmt, "boards", game, boards=boards, deals=deals)


# --------------------------------------------------------------------------------------------- replay


def _result_text(contract: Contract | None, tricks: int | None) -> str | None:
    if contract is None or tricks is None:
        return None
    diff = tricks - contract.tricks_required
    return "=" if diff == 0 else f"{diff:+d}"


def _score(entries: list[Entry] | None) -> dict[str, int] | None:
    if entries is None:
        return None
    return {side.name: sum(e.points for e in entries if e.side == side) for side in (Side.NS, Side.EW)}


def _summary(name: str, deal: BridgeDeal, contract: Contract | None, passed_out: bool, tricks: int | None,
             entries: list[Entry] | None, scored_from: str | None) -> dict[str, Any]:
    return {
        "deal": name,
        "dealer": deal.dealer.letter,
        "vulnerable": vulnerable_text(deal.vulnerable),
        "contract": "Pass" if passed_out else None if contract is None else contract.text,
        "declarer": None if contract is None else contract.declarer.letter,
        "tricks": tricks,
        "result": "passed out" if passed_out else _result_text(contract, tricks),
        "complete": deal.phase == PHASE_OVER,
        "scored_from": scored_from,
        "entries": None if entries is None else [e.to_dict() for e in entries],
        "score": _score(entries),
    }


def _board_summary(board: PbnBoard, deal: BridgeDeal, game: ContractBridge, index: int) -> dict[str, Any]:
    entries = board_score(board, game, deal)
    scored_from: str | None
    if deal.phase == PHASE_OVER:
        contract, tricks = deal.contract, (deal.declarer_tricks if deal.contract is not None else None)
        passed_out, scored_from = deal.contract is None, "play"
    else:
        contract = deal.contract if deal.contract is not None else board.contract
        tricks, passed_out = board.result, board.passed_out
        scored_from = "result" if entries is not None else None
    return _summary(_board_label(board, index).removeprefix("board "), deal, contract, passed_out, tricks,
                    entries, scored_from)


def _rubber_deal_summary(n: int, deal: BridgeDeal) -> dict[str, Any]:
    if deal.phase == PHASE_OVER:
        r: DealResult = deal.result()
        tricks = r.declarer_tricks if r.contract is not None else None
        return _summary(str(n), deal, r.contract, r.passed_out, tricks, list(r.entries), "play")
    return _summary(str(n), deal, deal.contract, False, None, None, None)


def _other_game_state(path: str | Path) -> tuple[Match[Any, Any, Any, Any], dict[str, Any]] | None:
    """The match of a JSON record of a game other than bridge, replayed through the registry, and the
    record's JSON object; None for any other file."""
    p = Path(path)
    if p.suffix.lower() != ".json":
        return None
    try:
        data = loads(p.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError):
        return None
    if not isinstance(data, dict) or data.get("game") in (None, RUBBER_GAME, DEALS_GAME):
        return None  # the rubber-record format's own kinds (records.rubber_json), read by load_record
    from cardroom.records.registry import state_from_dict

    return state_from_dict(data), data


def _other_game_record(path: str | Path) -> dict[str, Any] | None:
    """The replay summary of a JSON record of a game other than bridge, or None."""
    found = _other_game_state(path)
    if found is None:
        return None
    state, data = found
    p = Path(path)
    out: dict[str, Any] = {"path": str(p), "format": "json", "kind": "match", "game": data.get("game"),
                           "options": dict(state.game.options())}
    out.update(state.match_summary())
    out["sheet_text"] = state.render_sheet("en")
    return out


def replay_file(path: str | Path) -> dict[str, Any]:
    """Check and replay a record: per deal the contract, declarer, tricks, result and score
    entries; for a rubber also the score sheet (``ScoreSheet.to_dict()``); for other games the
    game's match summary (a preferans pulka: deals, sheet and settlement)."""
    other = _other_game_record(path)
    if other is not None:
        return other
    rec = load_record(path)
    out: dict[str, Any] = {"path": str(rec.path), "format": rec.format, "kind": rec.kind,
                           "options": dict(rec.game.options())}
    if rec.kind == "boards":
        out["deals"] = [_board_summary(b, d, rec.game, i)
                        for i, (b, d) in enumerate(zip(rec.boards, rec.deals, strict=True), start=1)]
        return out
    assert rec.rubber is not None
    state = rec.rubber.state
    out["players"] = dict(rec.rubber.players)
    out["deals"] = [_rubber_deal_summary(n, d) for n, d in enumerate(rec.deals, start=1)]
    out["over"] = state.is_over
    out["sheet"] = state.sheet.to_dict()
    return out


def format_replay(summary: dict[str, Any]) -> str:
    """The replay summary as text for people."""
    if summary["kind"] == "match":
        lines = [f"{summary['path']}: {summary['game']} record, {len(summary.get('deals', []))} deal(s)"]
        for d in summary.get("deals", []):
            what = d["kind"] if d["contract"] is None else f"{d['kind']} {d['contract']} by {d['declarer']}"
            lines.append(f"deal {d['deal']} (dealer {d['dealer']}): {what}; tricks {d['tricks']}")
        lines.append(summary.get("sheet_text", ""))
        if "settlement" in summary:
            bal = summary["settlement"]["balance"]
            lines.append("settlement (whists): " + ", ".join(f"{s}: {b:+g}" for s, b in enumerate(bal)))
        return "\n".join(lines)
    kind = "rubber" if summary["kind"] == "rubber" else "boards"
    lines = [f"{summary['path']}: {summary['format'].upper()} record, {kind}, {len(summary['deals'])} deal(s)"]
    if summary.get("players"):
        lines.append("players: " + ", ".join(f"{k} {v}" for k, v in summary["players"].items()))
    word = "deal" if kind == "rubber" else "board"
    for d in summary["deals"]:
        head = f"{word} {d['deal']} (dealer {d['dealer']}, vulnerable {d['vulnerable']}):"
        if d["contract"] is None:
            lines.append(f"{head} not finished")
            continue
        if d["contract"] == "Pass":
            lines.append(f"{head} passed out")
            continue
        text = f"{head} {d['contract']} by {d['declarer']}"
        if d["tricks"] is not None:
            text += f", {d['tricks']} tricks ({d['result']})"
            if d["scored_from"] == "result":
                text += " [from the Result tag]"
        else:
            text += ", play not finished"
        if d["score"] is not None:
            text += f"; NS {d['score']['NS']}, EW {d['score']['EW']}"
        lines.append(text)
    sheet = summary.get("sheet")
    if sheet is not None:
        status = "unfinished" if sheet["unfinished"] else "over" if summary.get("over") else "in progress"
        lines.append(f"rubber {status}: games {' '.join(sheet['games']) or '-'}; totals NS {sheet['totals']['NS']}, "
                     f"EW {sheet['totals']['EW']}" + (f"; winner {sheet['winner']}" if sheet["winner"] else ""))
    return "\n".join(lines)


# --------------------------------------------------------------------------------------------- convert


def rubber_to_pbn(state: RubberState, players: dict[str, str] | None = None) -> str:
    """The deals of a rubber (finished ones and the one in progress) as PBN boards."""
    deals = list(state.finished_deals)
    if state.deal is not None and state.deal.history and state.deal not in deals:
        deals.append(state.deal)
    return write_pbn(rubber_boards(deals, players))


def _rubber_boards(rec: LoadedRecord) -> list[PbnBoard]:
    assert rec.rubber is not None
    return rubber_boards(rec.deals, rec.rubber.players)


def rubber_boards(deals: list[BridgeDeal], players: dict[str, str] | None = None) -> list[PbnBoard]:
    """One PBN board per deal of a rubber (deals not yet dealt are left out)."""
    names = {_SEAT_TAGS[k.upper()[:1]]: v for k, v in (players or {}).items()}
    boards: list[PbnBoard] = []
    for n, deal in enumerate(deals, start=1):
        if deal.phase == PHASE_DEAL:
            continue
        tags: dict[str, str] = {"Event": "Rubber", "Board": str(n)}
        tags.update((k, names[k]) for k in ("West", "North", "East", "South") if k in names)
        boards.append(board_from_deal(deal, tags))
    return boards


def convert_file(in_path: str | Path, out_path: str | Path, optimum: bool = False) -> None:
    """Convert a record by the files' extensions: PBN, LIN and JSON each to the others (a rubber
    converts to boards, one per deal). Every action is checked, and Declarer, Contract, Result and
    Score are filled in where they follow from the record. PBN is written in the export format (CR LF,
    the mandatory tags first); with ``optimum`` every board's OptimumScore, ParContract and
    OptimumResultTable are filled in by the solver (:func:`~cardroom.records.pbn.add_optimum`)."""
    out = Path(out_path)
    fmt_out = _format_of(out)
    other = _other_game_state(in_path)
    if other is not None:  # another game's record: checked, and written back in its canonical form
        state, data = other
        if fmt_out not in type(state.game).record_formats():
            raise RecordError(Reason("record.no_format", game=state.game.name, fmt=fmt_out.upper()))
        players = data.get("players")
        text = write_record(state, dict(players) if isinstance(players, dict) else None)
    else:
        rec = load_record(in_path)
        if rec.kind == "rubber":
            boards = _rubber_boards(rec)
        else:
            boards = [complete_board(b, rec.game, _board_label(b, i))[0] for i, b in enumerate(rec.boards, start=1)]
        if optimum:
            boards = [add_optimum(b) for b in boards]
        text = write_pbn(boards, export=True) if fmt_out == "pbn" else write_lin(boards) if fmt_out == "lin" \
            else dumps(deals_to_record(boards, rec.game.options()))
    try:
        out.write_text(text, encoding="utf-8", newline="")
    except OSError as e:
        raise RecordError(Reason("record.write", why=e.strerror), where=str(out)) from None
