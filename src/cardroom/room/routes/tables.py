"""One table: its description and state, seats, invitations, bots, actions, rematch, abandon."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

from cardroom.room.routes.common import Lang, RoomDep, Settings, bearer, read_body, seat_number

router = APIRouter()


@router.get("/api/tables/{table_id}")
async def table(room: RoomDep, lang: Lang, table_id: str) -> dict[str, Any]:
    return room.table(table_id).info(lang)


@router.get("/api/tables/{table_id}/state")
async def table_state(request: Request, room: RoomDep, lang: Lang, table_id: str) -> dict[str, Any]:
    """The state message a WebSocket would push now (to the token's seat, or the public one)."""
    rt = room.table(table_id)
    token = bearer(request)
    seat = room.authorize(rt, token, owner_ok=False) if token else None
    return room.snapshot_message(rt, seat, lang)


# -------------------------------------------------------------- seats
@router.post("/api/tables/{table_id}/seats/{seat}", status_code=201)
async def sit(request: Request, room: RoomDep, table_id: str, seat: str) -> dict[str, Any]:
    body = await read_body(request)
    n = seat_number(seat)
    token = await room.sit(table_id, n, body.get("name"))
    return {"table": table_id, "seat": n, "token": token}


@router.post("/api/tables/{table_id}/seats/{seat}/invite", status_code=201)
async def invite(request: Request, room: RoomDep, settings: Settings, table_id: str, seat: str) -> dict[str, Any]:
    await read_body(request)  # none needed; one sent must still be JSON
    n = seat_number(seat)
    code = await room.invite(table_id, n, bearer(request))
    # never the request's Host (anyone can forge it): the configured public URL, or a relative link;
    # the code in the fragment, which browsers never send to a server (nor to its logs)
    return {"table": table_id, "seat": n, "code": code,
            "url": f"{settings.public or ''}/join?table={table_id}&seat={n}#code={code}"}


@router.post("/api/tables/{table_id}/seats/{seat}/redeem", status_code=201)
async def redeem(request: Request, room: RoomDep, table_id: str, seat: str) -> dict[str, Any]:
    body = await read_body(request)
    n = seat_number(seat)
    token = await room.redeem(table_id, n, body.get("code"), body.get("name"))
    return {"table": table_id, "seat": n, "token": token}


@router.post("/api/tables/{table_id}/bots", status_code=201)
async def bots(request: Request, room: RoomDep, table_id: str) -> dict[str, Any]:
    body = await read_body(request)
    seats = await room.add_bots(table_id, body.get("seats"), bearer(request))
    return {"table": table_id, "seats": seats}


@router.post("/api/tables/{table_id}/rematch", status_code=201)
async def rematch(request: Request, room: RoomDep, lang: Lang, table_id: str) -> dict[str, Any]:
    await read_body(request)  # none needed; one sent must still be JSON
    new = await room.rematch(table_id, bearer(request))
    return {"id": new.id, "table": new.info(lang)}


@router.post("/api/tables/{table_id}/abandon")
async def abandon(request: Request, room: RoomDep, table_id: str) -> dict[str, Any]:
    """A seated person ends the match unfinished (the seat token); the laws score it."""
    await read_body(request)  # none needed; one sent must still be JSON
    rt = await room.abandon(table_id, bearer(request))
    return {"table": table_id, "over": rt.state.is_over, "abandoned": rt.state.abandoned, "seq": rt.seq}


@router.post("/api/tables/{table_id}/next")
async def next_deal(request: Request, room: RoomDep, table_id: str) -> dict[str, Any]:
    """A seated person has seen the end of the deal and asks for the next one (the seat token)."""
    await read_body(request)  # none needed; one sent must still be JSON
    rt = await room.next_deal(table_id, bearer(request))
    return {"table": table_id, "awaited": rt.awaited(), "seq": rt.seq}


@router.post("/api/tables/{table_id}/actions")
async def act(request: Request, room: RoomDep, table_id: str) -> dict[str, Any]:
    body = await read_body(request)
    seq = await room.act(table_id, bearer(request), body.get("action"), body.get("seq"), body.get("irregular"))
    return {"table": table_id, "seq": seq}
