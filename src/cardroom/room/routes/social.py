"""The table's social side: claims (``room/claims.py``), undo by agreement (``room/undo.py``) and chat
(``room/chat.py``)."""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable
from typing import Any

from fastapi import APIRouter, Request

from cardroom.room import chat, claims, undo
from cardroom.room.routes.common import RoomDep, bearer, read_body

router = APIRouter()

SeatAct = Callable[..., dict[str, Any] | Awaitable[dict[str, Any]]]
"""What a seat does at a table: ``act(room, table_id, token, *the body's fields)``."""


def _seat_route(name: str, method: str, path: str, act: SeatAct, fields: tuple[str, ...], doc: str) -> None:
    """The route ``name``, ``method path``: the token's seat does ``act`` with the JSON body's ``fields`` (a
    GET reads no body)."""
    async def route(request: Request, room: RoomDep, table_id: str) -> dict[str, Any]:
        body = await read_body(request) if method == "POST" else {}
        got: Any = act(room, table_id, bearer(request), *(body.get(f) for f in fields))
        answer: dict[str, Any] = await got if inspect.isawaitable(got) else got
        return answer

    route.__doc__ = doc
    router.add_api_route("/api/tables/{table_id}" + path, route, methods=[method], name=name)


for _name, _method, _path, _act, _fields, _doc in (
    ("claim", "POST", "/claim", claims.claim, ("tricks", "seq"),
     "The token's seat claims ``tricks`` of the remaining tricks (``seq``: the state it saw)."),
    ("claim_answer", "POST", "/claim/answer", claims.answer, ("accept",),
     "An opponent accepts (``{\"accept\": true}``) or rejects the pending claim."),
    ("chat_list", "GET", "/chat", chat.listing, (),
     "The table's last chat messages (without those of seats the token's seat muted)."),
    ("chat_say", "POST", "/chat", chat.say, ("text",), "The token's seat writes ``text`` to the table."),
    ("chat_mute", "POST", "/chat/mute", chat.mute, ("seat", "mute"),
     "The token's seat mutes (``{\"seat\": 2, \"mute\": true}``) or hears again a seat's chat."),
    ("undo_ask", "POST", "/undo", undo.ask, ("seq",),
     "The token's seat asks to take back its last action (``seq``: the state it saw)."),
    ("undo_answer", "POST", "/undo/answer", undo.answer, ("agree",),
     "An opponent agrees (``{\"agree\": true}``) or refuses the pending undo."),
):
    _seat_route(_name, _method, _path, _act, _fields, _doc)
