"""The club tables of 1913 (room/clubtable.py): make one, join it, add bots, agree a rubber's score,
write or correct the book (laws 12-13), claim a fault in the deal (laws 37-38), consent to and appoint a
substitute (law 26), leave (law 20), break the table up (law 27), go to another club table (law 25:
``move`` with ``to`` and ``return``); its page at ``/club``."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse

from cardroom.room.clubtable import ClubRoom
from cardroom.room.routes.common import STATIC, bearer, lang_of, read_body

router = APIRouter()

MEMBER_EVENTS = {"agree": "agree", "book": "enter", "correct": "correct", "claims": "claim-deal",
                 "consent": "consent", "substitute": "substitute", "leave": "leave", "break": "break-up",
                 "move": "move"}
"""The routes ``POST /api/clubs/{id}/<route>`` of a member's token, and the club event each asks for."""


def clubs_of(request: Request) -> ClubRoom:
    c: ClubRoom = request.app.state.clubs
    return c


@router.post("/api/clubs", status_code=201)
async def create(request: Request) -> dict[str, Any]:
    body = await read_body(request)
    club, owner, tokens = await clubs_of(request).create(body.get("game", "auction-bridge"), body.get("options", {}),
                                                         body.get("names", []), body.get("bots", 0))
    return {"id": club.id, "owner_token": owner, "tokens": tokens, "club": club.info(lang_of(request))}


@router.get("/api/clubs")
async def listing(request: Request) -> dict[str, Any]:
    return {"clubs": clubs_of(request).listing()}


@router.get("/api/clubs/{club_id}")
async def info(request: Request, club_id: str) -> dict[str, Any]:
    return clubs_of(request).club(club_id).info(lang_of(request))


@router.post("/api/clubs/{club_id}/join", status_code=201)
async def join(request: Request, club_id: str) -> dict[str, Any]:
    body = await read_body(request)
    clubs = clubs_of(request)
    token = await clubs.join(club_id, body.get("name"), body.get("broken"), bearer(request))
    return {"token": token, "club": clubs.club(club_id).info(lang_of(request))}


@router.post("/api/clubs/{club_id}/bots", status_code=201)
async def bots(request: Request, club_id: str) -> dict[str, Any]:
    body = await read_body(request)
    clubs = clubs_of(request)
    names = await clubs.add_bots(club_id, body.get("count", 1), bearer(request))
    return {"bots": names, "club": clubs.club(club_id).info(lang_of(request))}


@router.post("/api/clubs/{club_id}/{what}")
async def member_event(request: Request, club_id: str, what: str) -> dict[str, Any]:
    from cardroom.room.engine import RoomError

    if what not in MEMBER_EVENTS:
        raise RoomError(404, "unknown_club_route", route=what)
    body = await read_body(request)
    club = await clubs_of(request).member_event(club_id, bearer(request), MEMBER_EVENTS[what], body)
    return club.info(lang_of(request))


@router.get("/club")
async def page() -> FileResponse:
    return FileResponse(STATIC / "index.html")  # app.js hands /club to club.js
