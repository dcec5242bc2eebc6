"""The lobby: the games, the list of tables, a new table, and the page itself (``/``, ``/join``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse

from cardroom.room import limits
from cardroom.room.engine import RoomError, game_catalogue
from cardroom.room.routes.common import STATIC, Lang, RoomDep, Settings, read_body

if TYPE_CHECKING:
    from cardroom.room.node import Node

router = APIRouter()


@router.get("/api/games")
async def games() -> dict[str, Any]:
    return {"games": game_catalogue()}


@router.get("/api/tables")
async def tables(request: Request, room: RoomDep, lang: Lang) -> dict[str, Any]:
    """One page of the lobby (``?game=&over=&free=&limit=&cursor=``, see ``limits.lobby_page``); a node of
    several merges every live node's page (``Node.lobby``: the tables ordered by creation)."""
    node: Node | None = getattr(request.app.state, "node", None)
    if node is None:
        return limits.lobby_page(room, request.query_params, lang)
    from cardroom.room.node import created_key

    page = limits.lobby_page(room, request.query_params, lang, order=created_key)
    return await node.lobby(request.scope, request.query_params, page)


@router.post("/api/tables", status_code=201)
async def create_table(request: Request, room: RoomDep, lang: Lang, settings: Settings) -> dict[str, Any]:
    settings.table_bucket.check(limits.peer(request.scope))  # 429 before anything is read or stored
    body = await read_body(request)
    seed, practice = body.get("seed"), body.get("practice", False)
    if not isinstance(practice, bool):
        raise RoomError(400, "bad_practice", code="bad_seed")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**62):
        raise RoomError(400, "bad_seed")
    rt, owner = await room.create_table(body.get("game"), body.get("options", {}), seed=seed,
                                        practice=practice, table_options=body.get("table"))
    return {"id": rt.id, "owner_token": owner, "table": rt.info(lang)}


@router.get("/join")
async def join() -> FileResponse:
    return FileResponse(STATIC / "index.html")


@router.get("/")
async def index() -> FileResponse:
    return FileResponse(STATIC / "index.html")
