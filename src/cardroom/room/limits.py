"""Bounded resources (issue 12, points 7 and 8): what one client, or all of them, may make the
server hold.

- :class:`BodyLimit` — an ASGI middleware: no HTTP request body beyond ``max_body`` bytes is read
  (a ``Content-Length`` over it is a 413 at once, a chunked body is counted as it streams and
  stopped at the cap, the connection then closed);
- :class:`SocketLimit` — an ASGI middleware: at most ``per_client`` WebSocket connections from one
  peer address and ``total`` in all; beyond, the socket is closed at once with a reason (4429 / 1013);
- :class:`RateLimit` — a token bucket per peer address (table creation);
- :func:`expire_idle` — the idle tables' sweeper;
- :func:`lobby_page` — one page of the lobby.

Every cap is a ``create_app`` parameter and a ``cardroom serve`` flag; ``None`` or 0 turns it off.
The peer address is the socket's (``scope["client"]``): behind a reverse proxy every client has the
proxy's address — run uvicorn with ``--proxy-headers`` there, or raise the caps.
"""

from __future__ import annotations

import asyncio
import bisect
import contextlib
import json
import logging
import math
import time
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any
from urllib.parse import parse_qs, urlencode

from cardroom.games import load
from cardroom.room.engine import Room, RoomError, TableRuntime, dumps
from cardroom.room.web import close_reason

log = logging.getLogger("cardroom.room")

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

MAX_BODY = 8 * 1024
"""Default cap on an HTTP request body, in bytes."""
MAX_FRAME = 8 * 1024
"""Default cap on a WebSocket message from a client, in bytes."""
WS_PER_CLIENT = 32
"""Default cap on the WebSocket connections from one peer address."""
WS_TOTAL = 2000
"""Default cap on the server's WebSocket connections in all."""
TABLE_RATE = 10.0
"""Default number of tables one peer address may open a minute, once its burst is spent."""
TABLE_BURST = 20
"""Default number of tables one peer address may open at once."""
IDLE_HOURS = 24.0
"""Default idle time (hours) after which an unfinished table nobody uses is ended."""
LOBBY_PAGE = 50
"""Tables in a lobby page by default."""
LOBBY_MAX_PAGE = 200
"""Tables in a lobby page at most."""


def lang_of(scope: Scope) -> str:
    """The language of a request from its raw scope (as ``routes.common.lang_of``: ``?lang=``, then Accept-Language)."""
    q: str = parse_qs(scope.get("query_string", b"").decode("latin-1")).get("lang", [""])[0]
    if q in ("en", "ru"):
        return q
    for name, value in scope.get("headers", []):
        if name == b"accept-language":
            return "ru" if value.decode("latin-1").lower().startswith("ru") else "en"
    return "en"


def peer(scope: Scope) -> str:
    """The peer address of a connection (the key of the per-client caps)."""
    client = scope.get("client")
    return str(client[0]) if client else "unknown"


def _json_response(status: int, body: dict[str, Any], headers: dict[str, str]) -> tuple[dict[str, Any], bytes]:
    data = dumps(body).encode("utf-8")
    raw = [(b"content-type", b"application/json"), (b"content-length", str(len(data)).encode()),
           *((k.lower().encode(), v.encode()) for k, v in headers.items())]
    return {"status": status, "headers": raw}, data


# ------------------------------------------------------------------ HTTP bodies
class BodyLimit:
    """Read at most ``max_body`` bytes of any HTTP request body.

    A declared ``Content-Length`` above the cap is answered 413 before anything of the body is read;
    a body without one (chunked) is counted as the application reads it, and the read that passes
    the cap raises a 413 :class:`RoomError` (answered by the application's RoomError handler). Both
    answers carry ``Connection: close``: the server reads nothing more from that connection."""

    def __init__(self, app: ASGIApp, max_body: int | None = MAX_BODY) -> None:
        self.app = app
        self.max_body = max_body

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        cap = self.max_body
        if scope["type"] != "http" or not cap:
            await self.app(scope, receive, send)
            return
        for name, value in scope.get("headers", []):
            if name == b"content-length":
                try:
                    declared = int(value)
                except ValueError:
                    declared = cap + 1
                if declared > cap:
                    e = self.error(cap)
                    start, data = _json_response(413, {"detail": e.text(lang_of(scope)), "code": e.code},
                                                 e.headers or {})
                    await send({"type": "http.response.start", **start})
                    await send({"type": "http.response.body", "body": data})
                    return
                break
        seen = 0

        async def limited() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > cap:
                    raise self.error(cap)
            return message

        await self.app(scope, limited, send)

    @staticmethod
    def error(cap: int) -> RoomError:
        return RoomError(413, "body_too_large", code="too_large", max=cap, headers={"Connection": "close"})


# ------------------------------------------------------------------ WebSocket connections
class SocketLimit:
    """At most ``per_client`` WebSocket connections from one peer address and ``total`` in all.

    A connection beyond a cap is accepted and closed at once, before the room sees it: first an
    ``error`` message (``too_many_connections`` / ``server_full``, the full text in the socket's
    language), then the close frame — code 4429 (too many from this address) or 1013 (the server
    is full: try again later) with the text as reason (cut to the 123 bytes a close reason holds).
    (An HTTP 429 before the upgrade would be cheaper, but uvicorn logs an error for every such
    answer: a refused client could fill the log.)"""

    def __init__(self, app: ASGIApp, per_client: int | None = WS_PER_CLIENT, total: int | None = WS_TOTAL) -> None:
        self.app = app
        self.per_client = per_client or None
        self.total = total or None
        self.open: dict[str, int] = {}
        self.count = 0
        self.refused = 0

    def refusal(self, who: str) -> RoomError | None:
        if self.total is not None and self.count >= self.total:
            return RoomError(503, "server_full", code="server_full", max=self.total, headers={})
        if self.per_client is not None and self.open.get(who, 0) >= self.per_client:
            return RoomError(429, "too_many_sockets", code="too_many_connections", max=self.per_client, headers={})
        return None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "websocket":
            await self.app(scope, receive, send)
            return
        who = peer(scope)
        e = self.refusal(who)
        if e is not None:
            self.refused += 1
            await self._refuse(scope, receive, send, e)
            return
        self.count += 1
        self.open[who] = self.open.get(who, 0) + 1
        try:
            await self.app(scope, receive, send)
        finally:
            self.count -= 1
            left = self.open[who] - 1
            if left:
                self.open[who] = left
            else:
                del self.open[who]

    @staticmethod
    async def _refuse(scope: Scope, receive: Receive, send: Send, e: RoomError) -> None:
        text = e.text(lang_of(scope))
        message = await receive()
        if message["type"] != "websocket.connect":
            return
        await send({"type": "websocket.accept"})
        await send({"type": "websocket.send", "text": dumps({"type": "error", "code": e.code, "message": text})})
        await send({"type": "websocket.close", "code": 4429 if e.status == 429 else 1013, "reason": close_reason(text)})


# ------------------------------------------------------------------ rates
class RateLimit:
    """A token bucket per key: ``burst`` at once, then ``per_minute`` a minute. The buckets that
    have filled up again are forgotten (the map never holds more than the recently active keys)."""

    def __init__(self, per_minute: float | None = TABLE_RATE, burst: int = TABLE_BURST,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = (per_minute or 0.0) / 60.0
        self.burst = max(1, burst)
        self.clock = clock
        self.buckets: dict[str, tuple[float, float]] = {}  # key -> (tokens, at)

    @property
    def on(self) -> bool:
        return self.rate > 0

    def take(self, key: str) -> float:
        """Take one token: 0 when granted, else the seconds until one is there."""
        if not self.on:
            return 0.0
        now = self.clock()
        tokens, at = self.buckets.get(key, (float(self.burst), now))
        tokens = min(float(self.burst), tokens + (now - at) * self.rate)
        if tokens < 1.0:
            self.buckets[key] = (tokens, now)
            return (1.0 - tokens) / self.rate
        self.buckets[key] = (tokens - 1.0, now)
        if len(self.buckets) > 4096:
            self._forget(now)
        return 0.0

    def _forget(self, now: float) -> None:
        full = self.burst / self.rate
        for k, (_, at) in list(self.buckets.items()):
            if now - at >= full:
                del self.buckets[k]

    def check(self, key: str) -> None:
        """Take one token for ``key`` or raise the 429."""
        wait = self.take(key)
        if wait > 0:
            retry = max(1, math.ceil(wait))
            raise RoomError(429, "too_many_tables", code="rate_limited", retry=retry, burst=self.burst,
                             rate=f"{self.rate * 60:g}", headers={"Retry-After": str(retry)})


# ------------------------------------------------------------------ idle tables
def idle_tables(room: Room, idle_seconds: float, now: float | None = None) -> list[TableRuntime]:
    """The unfinished tables without a connection whose last person's activity is older than
    ``idle_seconds``."""
    now = time.monotonic() if now is None else now
    return [rt for rt in list(room.tables.values())
            if not rt.subscribers and now - rt.last_active > idle_seconds and not rt.state.is_over]


async def expire_idle(room: Room, idle_seconds: float) -> None:
    """Forever: end every idle table (:meth:`Room.expire`), checking every ``idle_seconds / 4``
    (at least every minute, at most four times a second)."""
    while True:
        await asyncio.sleep(min(60.0, max(0.25, idle_seconds / 4)))
        for rt in idle_tables(room, idle_seconds):
            try:
                if await room.expire(rt.id):
                    log.info("table %s: ended after %.0f s idle", rt.id, idle_seconds)
            except asyncio.CancelledError:
                raise
            except Exception:  # the store failed: try again at the next round
                log.exception("table %s: the idle expiry failed", rt.id)


async def stop_task(task: asyncio.Task[None] | None) -> None:
    if task is not None:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task


# ------------------------------------------------------------------ the lobby
def _flag(params: Any, name: str) -> bool | None:
    value = params.get(name)
    if value is None or value == "":
        return None
    v = value.lower()
    if v in ("true", "1", "yes"):
        return True
    if v in ("false", "0", "no"):
        return False
    raise RoomError(400, "lobby_flag", code="bad_query", name=name, value=value)


def _options_match(options: Any, wanted: dict[str, str]) -> bool:
    """A table's options have each wanted value (a string as it is, any other value as JSON)."""
    def text(v: Any) -> str:
        return v if isinstance(v, str) else json.dumps(v)
    return all(k in options and text(options[k]) == v for k, v in wanted.items())


def lobby_page(room: Room, params: Any, lang: str, order: Callable[[TableRuntime], int] | None = None) -> dict[
        str, Any]:
    """``GET /api/tables``: the tables, newest first, ``limit`` of them (default :data:`LOBBY_PAGE`,
    at most :data:`LOBBY_MAX_PAGE`) older than ``cursor``; filtered by ``game`` (a name or alias),
    ``variant`` and ``opt.NAME`` (the game's option of that name: its value as a string, other values as
JSON), ``over`` (finished or not) and ``free`` (an empty seat left, match not over). The answer names
    the next page: ``next_cursor`` and ``next`` (the path to ask), null on the last page."""
    raw_limit = params.get("limit")
    if raw_limit is None or raw_limit == "":
        limit = LOBBY_PAGE
    else:
        try:
            limit = int(raw_limit)
        except ValueError:
            limit = 0
        if not 1 <= limit <= LOBBY_MAX_PAGE:
            raise RoomError(400, "lobby_limit", code="bad_query", max=LOBBY_MAX_PAGE, value=raw_limit)
    game = params.get("game") or None
    if game is not None:
        try:
            game = load(game).name
        except Exception:
            raise RoomError(400, "lobby_game", code="bad_query", game=game) from None
    variant = params.get("variant") or None  # the game's option "variant" (e.g. a preferans convention)
    wanted = {k[4:]: v for k, v in params.items() if k.startswith("opt.") and v}  # opt.NAME=VALUE
    if variant is not None:
        wanted["variant"] = variant
    over = _flag(params, "over")
    free = _flag(params, "free")
    raw_cursor = params.get("cursor") or None
    key: Callable[[TableRuntime], int] = order or (lambda rt: rt.serial)
    # in serial order (the order they were added); a room of several nodes: by creation (room/node.py)
    tables = list(room.tables.values()) if order is None else sorted(room.tables.values(), key=order)
    end = len(tables)
    if raw_cursor is not None:
        try:
            cursor = int(raw_cursor)
        except ValueError:
            cursor = -1
        if cursor < 1:
            raise RoomError(400, "lobby_cursor", code="bad_query", value=raw_cursor)
        end = bisect.bisect_left(tables, cursor, key=key)
    page: list[TableRuntime] = []
    more = False
    for i in range(end - 1, -1, -1):
        rt = tables[i]
        if game is not None and rt.game.name != game:
            continue
        if wanted and not _options_match(rt.game.options(), wanted):
            continue
        if over is not None and rt.state.is_over != over:
            continue
        if free is not None and free != (not rt.state.is_over and any(s.kind == "empty" for s in rt.seats)):
            continue
        if len(page) == limit:
            more = True
            break
        page.append(rt)
    next_cursor = str(key(page[-1])) if more else None
    out = {"tables": [rt.info(lang) for rt in page], "limit": limit, "next_cursor": next_cursor,
           "next": lobby_next(params, limit, next_cursor)}
    if order is not None:  # the keys, for a node that merges the pages of every node
        out["keys"] = [key(rt) for rt in page]
    return out


def lobby_next(params: Any, limit: int, cursor: str | None) -> str | None:
    """The path of the lobby's page after ``cursor`` with the same filters (None without a cursor)."""
    if cursor is None:
        return None
    variant = params.get("variant") or None
    wanted = {k[4:]: v for k, v in params.items() if k.startswith("opt.") and v}
    query = {k: v for k, v in (("game", params.get("game")), ("variant", variant),
                               ("over", params.get("over")), ("free", params.get("free"))) if v}
    query.update({f"opt.{k}": v for k, v in wanted.items() if k != "variant" or variant is None})
    return "/api/tables?" + urlencode({**query, "limit": limit, "cursor": cursor})
