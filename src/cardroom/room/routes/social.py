"""The table's social side: claims (``room/claims.py``)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

from cardroom.room import claims
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
