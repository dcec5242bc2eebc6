"""The club evening's routes: ``POST /api/club/evenings`` (make one: its tables are created round after
round, computer players in the empty seats), ``GET /api/club/evenings/{id}`` (its tables, standings and
prizes, read from the tables' records), ``GET /club/evenings/{id}`` (the printable score card) and the
card's style sheet."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response

from cardroom.club.card import card_css
from cardroom.core.errors import CardroomError
from cardroom.room.engine import RoomError
from cardroom.room.evening import RoomEvening, RoomEvenings
from cardroom.room.routes.common import Lang, RoomDep, read_body

router = APIRouter()


def evenings_of(request: Request) -> RoomEvenings:
    """The room's evenings, kept on the application (made on first use)."""
    state = request.app.state
    if not hasattr(state, "evenings"):
        state.evenings = RoomEvenings()
    got: RoomEvenings = state.evenings
    return got


def _evening(request: Request, eid: str) -> tuple[RoomEvenings, RoomEvening]:
    evs = evenings_of(request)
    if eid not in evs.evenings:
        raise RoomError(404, "no_evening", id=eid)
    return evs, evs.evenings[eid]


@router.post("/api/club/evenings", status_code=201)
async def make_evening(request: Request, room: RoomDep, lang: Lang) -> JSONResponse:
    body = await read_body(request)
    evs = evenings_of(request)
    try:
        ev = evs.make(body, lang)
    except CardroomError as e:
        raise RoomError(400, "bad_evening", why=e.text(lang)) from None
    except (ValueError, TypeError) as e:
        raise RoomError(400, "bad_evening", why=str(e)) from None
    evs.start(room, ev)
    return JSONResponse(evs.summary(room, ev, lang), status_code=201)


@router.get("/api/club/evenings/{eid}")
async def evening(request: Request, room: RoomDep, lang: Lang, eid: str) -> dict[str, Any]:
    evs, ev = _evening(request, eid)
    return evs.summary(room, ev, lang)


@router.get("/club/evenings/{eid}", response_class=HTMLResponse)
async def evening_card(request: Request, room: RoomDep, lang: Lang, eid: str) -> HTMLResponse:
    evs, ev = _evening(request, eid)
    return HTMLResponse(evs.card(room, ev, request.query_params.get("lang", lang)))


@router.get("/club/evening.css")
async def evening_css() -> Response:
    return Response(card_css(), media_type="text/css")
