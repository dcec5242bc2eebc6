"""A table's records: the JSON record, its PBN, and the replay of a finished match."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import PlainTextResponse, Response

from cardroom.room.routes.common import Lang, RoomDep

router = APIRouter()


@router.get("/api/tables/{table_id}/record")
async def record(room: RoomDep, table_id: str) -> dict[str, Any]:
    return room.record(table_id)


@router.get("/api/tables/{table_id}/record.pbn")
async def record_pbn(room: RoomDep, table_id: str) -> Response:
    return PlainTextResponse(room.record_pbn(table_id), media_type="application/x-pbn")


@router.get("/api/tables/{table_id}/replay")
async def replay(request: Request, room: RoomDep, lang: Lang, table_id: str) -> dict[str, Any]:
    """A finished match's public view after ``step`` actions (default: all), for the browser's replay."""
    return room.replay_step(table_id, request.query_params.get("step"), lang)
