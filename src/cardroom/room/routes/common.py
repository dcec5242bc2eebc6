"""What the card room's routes share: the room and the server's settings (on ``app.state``), the
language of a request, the bearer token, the JSON body reader.

The room, the language and the settings reach a route as FastAPI dependencies (:data:`RoomDep`,
:data:`Lang`, :data:`Settings`): they cannot fail, so when they are computed changes nothing. The
bearer token, the body and the seat number are read by the route itself, in the order it states:
each can refuse the request, and which refusal comes first is part of the protocol (a table's
creation is rate-checked before its body is read, an invitation reads its body before the token).
"""

from __future__ import annotations

from collections.abc import Callable, Container, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, TypeVar

from fastapi import Depends, Request, WebSocket

from cardroom.room import limits
from cardroom.room.engine import Room, RoomError
from cardroom.room.jsonin import check_json_content_type, parse_request_json
from cardroom.room.messages import lang_of_scope

T = TypeVar("T")

if TYPE_CHECKING:
    from cardroom.room.routes.hint import HintLimit

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


def app_part(request: Request, name: str, make: Callable[[], T]) -> T:
    """One of the room's parts kept on the application (its evenings, tournaments, knock-outs: made and
    restored at start-up, room/app.py), made on first use."""
    state = request.app.state
    if not hasattr(state, name):
        setattr(state, name, make())
    got: T = getattr(state, name)
    return got


def stored_one(items: Mapping[str, T], set_aside: Container[str], key: str, gone: str, unknown: str) -> T:
    """The item ``key`` of a stored part (an evening, a tournament…): 410 ``gone`` when its stored row was
    set aside at start-up (the reason stays in the log), 404 ``unknown`` when there is none."""
    if key not in items:
        if key in set_aside:
            raise RoomError(410, gone, id=key)
        raise RoomError(404, unknown, id=key)
    return items[key]


async def make_stored(part: Any, room: Room, body: dict[str, Any], lang: str, bad: str, refused: str) -> Any:
    """A new item of a stored part made from a request's body (``part.make``: 400 ``bad`` with the reason
    when the body does not make one), stored before it is acknowledged or begun (``part.add``: 503
    ``refused`` when the store refuses it, and nothing is kept), then begun (``part.start``)."""
    from cardroom.core.errors import CardroomError
    from cardroom.room.store import StoreError

    try:
        item = part.make(body, lang)
    except CardroomError as e:
        raise RoomError(400, bad, why=e.text(lang)) from None
    except (ValueError, TypeError) as e:
        raise RoomError(400, bad, why=str(e)) from None
    try:
        await part.add(room, item)
    except StoreError as e:
        raise RoomError(503, refused, why=str(e)) from None
    part.start(room, item)
    return item
