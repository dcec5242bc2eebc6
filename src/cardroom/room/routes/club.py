"""The club around the tables: a call of the auction explained by the bot's system, a player's page
(the matches he played and his results, from the tables the room rebuilt from its store), closing a
table from the lobby."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

from cardroom.core.errors import CardroomError
from cardroom.i18n import Reason
from cardroom.room.engine import RoomError
from cardroom.room.routes.common import Lang, RoomDep, bearer, read_body

router = APIRouter()

PLAYER_MATCHES = 200
"""A player's page lists at most this many matches, newest first."""


def reason_json(reason: Any, lang: str) -> Any:
    """A reason as JSON: its key, its parameters (a nested reason as its own JSON, another localized
    value as its text) and its text in ``lang``."""
    if isinstance(reason, Reason):
        return {"key": reason.key, "params": {k: reason_json(v, lang) for k, v in reason.params.items()},
                "text": reason.text(lang)}
    if isinstance(reason, tuple | list):
        return [reason_json(v, lang) for v in reason]
    text = getattr(reason, "text", None)
    if callable(text):
        return text(lang)
    return reason


@router.get("/api/tables/{table_id}/explain")
async def explain(request: Request, room: RoomDep, lang: Lang, table_id: str) -> dict[str, Any]:
    """What call ``?call=N`` (0: the dealer's first) of the current auction shows in the bot's system:
    read from the calls alone, which every seat and spectator sees, never from a hand."""
    rt = room.table(table_id)
    raw = request.query_params.get("call", "")
    try:
        index = int(raw)
    except ValueError:
        raise RoomError(400, "bad_call_index", value=raw) from None
    try:
        async with rt.lock:
            reason = type(rt.game).explain_call(rt.state, index)
    except CardroomError as e:
        raise RoomError(409, "no_explanation", why=e) from None
    return {"table": rt.id, "call": index, "explanation": reason_json(reason, lang)}


@router.get("/api/players/{name}")
async def player(room: RoomDep, lang: Lang, name: str) -> dict[str, Any]:
    """The matches a person (by the name he sat under) played at this room, newest first, with his
    seat, the other players, how the match stands and his result (``Match.seat_results``)."""
    want = name.strip().casefold()
    matches: list[dict[str, Any]] = []
    for rt in reversed(list(room.tables.values())):
        seats = [i for i, s in enumerate(rt.seats) if s.kind == "human" and s.name.strip().casefold() == want]
        if not seats:
            continue
        results = rt.state.seat_results()
        for i in seats:
            matches.append({
                "table": rt.id, "game": rt.game.name, "seat": i, "label": rt.labels[i], "started": rt.seq > 0,
                "over": rt.state.is_over, "abandoned": rt.state.abandoned,
                "position": rt.state.where().text(lang),
                "players": [{"seat": k, "label": rt.labels[k], **s.public()} for k, s in enumerate(rt.seats)],
                "result": None if results is None else results[i],
            })
        if len(matches) >= PLAYER_MATCHES:
            break
    played = [float(m["result"]) for m in matches if m["over"] and m["result"] is not None]
    return {"name": name.strip(), "matches": matches[:PLAYER_MATCHES],
            "summary": {"matches": len(matches), "finished": len(played),
                        "won": sum(1 for r in played if r > 0), "lost": sum(1 for r in played if r < 0)}}


@router.post("/api/tables/{table_id}/close")
async def close(request: Request, room: RoomDep, table_id: str) -> dict[str, Any]:
    """The owner closes his table (its owner token): it ends unfinished, scored by the game's laws."""
    await read_body(request)  # none needed; one sent must still be JSON
    closed = await room.close_table(table_id, bearer(request))
    if not closed:
        raise RoomError(409, "cannot_close", table=table_id)
    rt = room.table(table_id)
    return {"table": table_id, "over": rt.state.is_over, "seq": rt.seq}
