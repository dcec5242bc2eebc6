"""What the card room's routes share: the room and the server's settings (on ``app.state``), the
language of a request, the bearer token, the JSON body reader.

The room, the language and the settings reach a route as FastAPI dependencies (:data:`RoomDep`,
:data:`Lang`, :data:`Settings`): they cannot fail, so when they are computed changes nothing. The
bearer token, the body and the seat number are read by the route itself, in the order it states:
each can refuse the request, and which refusal comes first is part of the protocol (a table's
creation is rate-checked before its body is read, an invitation reads its body before the token).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Generic, TypeVar

from fastapi import APIRouter, Depends, Request, WebSocket
from fastapi.responses import JSONResponse

from cardroom.room import limits
from cardroom.room.engine import Room, RoomError
from cardroom.room.jsonin import check_json_content_type, parse_request_json
from cardroom.room.messages import lang_of_scope

if TYPE_CHECKING:
    from cardroom.room.evening import StoredParts
    from cardroom.room.routes.hint import HintLimit

P = TypeVar("P", bound="StoredParts")
It = TypeVar("It")

STATIC = Path(__file__).parents[1] / "static"


@dataclass(frozen=True)
class RoomSettings:
    """What :func:`~cardroom.room.app.create_app` was told, as the routes need it (``app.state.settings``)."""

    table_bucket: limits.RateLimit  # the table-creation rate
    public: str | None  # the public URL invitation links start with (None: relative links)
    origins: frozenset[str] | None  # the origins allowed to open a WebSocket (None: the server's own)
    hints: HintLimit  # the hint searches running at once


def lang_of(request: Request | WebSocket) -> str:
    return lang_of_scope(request.scope)


def bearer(request: Request) -> str | None:
    """The token of ``Authorization: Bearer <token>``; a ``?token=`` in the URL is refused (URLs end up
    in logs, histories and Referer headers), never used."""
    if "token" in request.query_params:
        raise RoomError(400, "token_in_url")
    auth = request.headers.get("authorization", "")
    if auth.lower().startswith("bearer "):
        return auth[7:].strip() or None
    return None


async def read_body(request: Request) -> dict[str, Any]:
    """A POST's JSON object body (``{}`` when there is none): ``Content-Type: application/json``
    (else 415), at most ``max_body`` bytes (``limits.BodyLimit``: 413), read by the one request-JSON
    reader (``jsonin.parse_request_json``: 400 ``bad_json``)."""
    content_type = request.headers.get("content-type")
    if content_type is not None:
        check_json_content_type(content_type, True)
    raw = await request.body()
    if not raw.strip():
        return {}
    check_json_content_type(content_type, True)
    return parse_request_json(raw)


def seat_number(seat: str) -> int:
    try:
        return int(seat)
    except ValueError:
        raise RoomError(404, "unknown_seat", seat=seat, n="N-1") from None


def room_of(request: Request | WebSocket) -> Room:
    r: Room = request.app.state.room
    return r


def settings_of(request: Request | WebSocket) -> RoomSettings:
    s: RoomSettings = request.app.state.settings
    return s


# async: FastAPI runs a plain function dependency in a worker thread
async def _room(request: Request) -> Room:
    return room_of(request)


async def _lang(request: Request) -> str:
    return lang_of(request)


async def _settings(request: Request) -> RoomSettings:
    return settings_of(request)


RoomDep = Annotated[Room, Depends(_room)]
Lang = Annotated[str, Depends(_lang)]
Settings = Annotated[RoomSettings, Depends(_settings)]


class StoredRoutes(Generic[P, It]):
    """How the routes reach one of the room's stored parts (:class:`~cardroom.room.evening.StoredParts`: its
    evenings, tournaments, knock-outs), kept on the application as ``name`` (made and restored at
    start-up, room/app.py; made on first use), and the two routes each part has (:meth:`add_routes`).
    ``gone`` and ``unknown`` are the errors for an id set aside at start-up and for an unknown id, ``bad``
    and ``refused`` those for a body that makes no item and for a store that refuses one; ``summary``
    writes an item as its routes answer (the part, the room, the item, the language)."""

    def __init__(self, name: str, make: Callable[[], P], *, gone: str, unknown: str, bad: str, refused: str,
                 summary: Callable[[P, Room, It, str], dict[str, Any]]) -> None:
        self.name, self.make = name, make
        self.gone, self.unknown, self.bad, self.refused = gone, unknown, bad, refused
        self.summary = summary

    def of(self, request: Request) -> P:
        """The part, made on first use."""
        state = request.app.state
        if not hasattr(state, self.name):
            setattr(state, self.name, self.make())
        got: P = getattr(state, self.name)
        return got

    def one(self, request: Request, key: str) -> tuple[P, It]:
        """The part and its item ``key``: 410 ``gone`` when its stored row was set aside at start-up (the
        reason stays in the log), 404 ``unknown`` when there is none."""
        part = self.of(request)
        items = part.by_id()
        if key not in items:
            if key in part.set_aside:
                raise RoomError(410, self.gone, id=key)
            raise RoomError(404, self.unknown, id=key)
        got: It = items[key]
        return part, got

    async def new(self, request: Request, room: Room, lang: str) -> tuple[P, It]:
        """The part and a new item made from the request's body (``part.make``: 400 ``bad`` with the reason
        when the body does not make one), stored before it is acknowledged or begun (``part.add``: 503
        ``refused`` when the store refuses it, and nothing is kept), then begun (``part.start``)."""
        from cardroom.core.errors import CardroomError
        from cardroom.room.store import StoreError

        body = await read_body(request)
        part = self.of(request)
        try:
            item: It = part.make(body, lang)
        except CardroomError as e:
            raise RoomError(400, self.bad, why=e.text(lang)) from None
        except (ValueError, TypeError) as e:
            raise RoomError(400, self.bad, why=str(e)) from None
        try:
            await part.add(room, item)
        except StoreError as e:
            raise RoomError(503, self.refused, why=str(e)) from None
        part.start(room, item)
        return part, item

    def add_routes(self, router: APIRouter, path: str) -> None:
        """``POST path`` makes an item (201 with its summary), ``GET path/{item_id}`` gives its summary."""
        async def make_one(request: Request, room: RoomDep, lang: Lang) -> JSONResponse:
            part, item = await self.new(request, room, lang)
            return JSONResponse(self.summary(part, room, item, lang), status_code=201)

        async def summary_of(request: Request, room: RoomDep, lang: Lang, item_id: str) -> dict[str, Any]:
            part, item = self.one(request, item_id)
            return self.summary(part, room, item, lang)

        router.post(path, status_code=201, name=f"make_{self.name}")(make_one)
        router.get(path + "/{item_id}", name=f"{self.name}_summary")(summary_of)
