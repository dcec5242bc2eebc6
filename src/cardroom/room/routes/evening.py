"""The club evening's routes: ``POST /api/club/evenings`` (make and play one with computer players),
``GET /api/club/evenings/{id}`` (its standings, prizes and JSON record), ``GET /club/evenings/{id}``
(the printable score card) and its style sheet."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response

from cardroom.club.card import card_css
from cardroom.core.errors import CardroomError
from cardroom.room.engine import RoomError
from cardroom.room.evening import RoomEvenings
from cardroom.room.routes.common import Lang, read_body

router = APIRouter()


def evenings_of(request: Request) -> RoomEvenings:
    """The room's evenings, kept on the application (made on first use)."""
    state = request.app.state
    if not hasattr(state, "evenings"):
        state.evenings = RoomEvenings()
    got: RoomEvenings = state.evenings
    return got


def _known(ev: RoomEvenings, eid: str) -> None:
    if eid not in ev.evenings:
        raise RoomError(404, "no_evening", id=eid)


@router.post("/api/club/evenings", status_code=201)
async def make_evening(request: Request, lang: Lang) -> JSONResponse:
    body = await read_body(request)
    ev = evenings_of(request)
    try:
        evening = ev.make(body, lang)
    except CardroomError as e:
        raise RoomError(400, "bad_evening", why=e.text(lang)) from None
    except (ValueError, TypeError) as e:
        raise RoomError(400, "bad_evening", why=str(e)) from None
    eid = await ev.play(evening)
    return JSONResponse(ev.summary(eid, lang), status_code=201)


@router.get("/api/club/evenings/{eid}")
async def evening(request: Request, lang: Lang, eid: str) -> dict[str, Any]:
    ev = evenings_of(request)
    _known(ev, eid)
    return ev.summary(eid, lang)


@router.get("/club/evenings/{eid}", response_class=HTMLResponse)
async def evening_card(request: Request, lang: Lang, eid: str) -> HTMLResponse:
    ev = evenings_of(request)
    _known(ev, eid)
    return HTMLResponse(ev.card(eid, request.query_params.get("lang", lang)))


@router.get("/club/evening.css")
async def evening_css() -> Response:
    return Response(card_css(), media_type="text/css")
