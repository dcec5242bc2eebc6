"""The table's social side: claims (``room/claims.py``), undo by agreement (``room/undo.py``) and chat
(``room/chat.py``)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

from cardroom.room import chat, claims, undo
from cardroom.room.routes.common import RoomDep, bearer, read_body

router = APIRouter()


@router.post("/api/tables/{table_id}/claim")
async def claim(request: Request, room: RoomDep, table_id: str) -> dict[str, Any]:
    """The token's seat claims ``tricks`` of the remaining tricks (``seq``: the state it saw)."""
    body = await read_body(request)
    return await claims.claim(room, table_id, bearer(request), body.get("tricks"), body.get("seq"))


@router.post("/api/tables/{table_id}/claim/answer")
async def claim_answer(request: Request, room: RoomDep, table_id: str) -> dict[str, Any]:
    """An opponent accepts (``{"accept": true}``) or rejects the pending claim."""
    body = await read_body(request)
    return await claims.answer(room, table_id, bearer(request), body.get("accept"))


@router.get("/api/tables/{table_id}/chat")
async def chat_list(request: Request, room: RoomDep, table_id: str) -> dict[str, Any]:
    """The table's last chat messages (without those of seats the token's seat muted)."""
    return chat.listing(room, table_id, bearer(request))


@router.post("/api/tables/{table_id}/chat")
async def chat_say(request: Request, room: RoomDep, table_id: str) -> dict[str, Any]:
    """The token's seat writes ``text`` to the table."""
    body = await read_body(request)
    return await chat.say(room, table_id, bearer(request), body.get("text"))


@router.post("/api/tables/{table_id}/chat/mute")
async def chat_mute(request: Request, room: RoomDep, table_id: str) -> dict[str, Any]:
    """The token's seat mutes (``{"seat": 2, "mute": true}``) or hears again a seat's chat."""
    body = await read_body(request)
    return chat.mute(room, table_id, bearer(request), body.get("seat"), body.get("mute"))


@router.post("/api/tables/{table_id}/undo")
async def undo_ask(request: Request, room: RoomDep, table_id: str) -> dict[str, Any]:
    """The token's seat asks to take back its last action (``seq``: the state it saw)."""
    body = await read_body(request)
    return await undo.ask(room, table_id, bearer(request), body.get("seq"))


@router.post("/api/tables/{table_id}/undo/answer")
async def undo_answer(request: Request, room: RoomDep, table_id: str) -> dict[str, Any]:
    """An opponent agrees (``{"agree": true}``) or refuses the pending undo."""
    body = await read_body(request)
    return await undo.answer(room, table_id, bearer(request), body.get("agree"))
