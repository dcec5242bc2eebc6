"""The card room's web server: FastAPI routes over :class:`~cardroom.room.engine.Room`.

The protocol is written down in docs/room.md.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Sequence
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.types import ASGIApp

from cardroom.room import limits
from cardroom.room.engine import Observer, Outbox, Room, RoomError, TableRuntime, dumps, game_catalogue
from cardroom.room.jsonin import check_json_content_type, parse_request_json
from cardroom.room.messages import msg
from cardroom.room.store import DEFAULT_DB, AsyncStore, Store
from cardroom.room.web import (
    REDACT,
    SUBPROTOCOL,
    SecurityHeaders,
    close_reason,
    origin_allowed,
    public_base,
    socket_token,
    web_origin,
)

STATIC = Path(__file__).parent / "static"


def _lang(request: Request | WebSocket) -> str:
    q = request.query_params.get("lang")
    if q in ("en", "ru"):
        return q
    accept = request.headers.get("accept-language", "")
    return "ru" if accept.lower().startswith("ru") else "en"


def _bearer(request: Request) -> str | None:
    """The token of ``Authorization: Bearer <token>``; a ``?token=`` in the URL is refused (URLs end up
    in logs, histories and Referer headers), never used."""
    if "token" in request.query_params:
        raise RoomError(400, "token_in_url")
    auth = request.headers.get("authorization", "")
    if auth.lower().startswith("bearer "):
        return auth[7:].strip() or None
    return None


class _RoomApp(FastAPI):
    """FastAPI with :class:`~cardroom.room.web.SecurityHeaders` outside everything, 500s included."""

    def build_middleware_stack(self) -> ASGIApp:
        return SecurityHeaders(super().build_middleware_stack())


async def _body(request: Request) -> dict[str, Any]:
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


def _seat_number(seat: str) -> int:
    try:
        return int(seat)
    except ValueError:
        raise RoomError(404, "unknown_seat", seat=seat, n="N-1") from None


async def _watchdog(room: Room) -> None:
    """Close connections whose socket has accepted nothing for ``room.stuck_seconds``: a client that
    stopped reading (its outbox is capped meanwhile, see :class:`~cardroom.room.engine.Outbox`)."""
    while True:
        await asyncio.sleep(max(0.05, min(1.0, room.stuck_seconds / 4)))
        now = asyncio.get_running_loop().time()
        for box in list(room.outboxes):
            if box.busy_since is not None and now - box.busy_since > room.stuck_seconds:
                room.connections_closed_stuck += 1
                box.close()
                box.busy_since = None
                if box.task is not None:
                    box.task.cancel()


def create_app(db_url: str = DEFAULT_DB, bot_delay: float = 0.0, observer: Observer | None = None,
               outbox_limit: int = 64, stuck_seconds: float = 30.0, public_url: str | None = None,
               allowed_origins: Sequence[str] | None = None, *,
               max_body: int | None = limits.MAX_BODY, max_frame: int | None = limits.MAX_FRAME,
               outbox_bytes: int = 256 * 1024, table_rate: float | None = limits.TABLE_RATE,
               table_burst: int = limits.TABLE_BURST, ws_per_client: int | None = limits.WS_PER_CLIENT,
               ws_total: int | None = limits.WS_TOTAL, idle_hours: float | None = limits.IDLE_HOURS,
               hint_limit: int = 2) -> FastAPI:
    """The server application. Tables are rebuilt from the store at start-up. ``outbox_limit``:
    messages waiting for one connection at most; ``stuck_seconds``: a connection whose socket takes
    nothing for that long is closed. ``public_url``: the room's address as people reach it (invitation
    links start with it; without it they are relative). ``allowed_origins``: the browser origins whose
    pages may open a WebSocket (default: the server's own, by the request's Host, and the public URL's).
    ValueError for a malformed URL or origin.

    Limits (``cardroom.room.limits``; None or 0 turns one off): ``max_body`` bytes of an HTTP body,
    ``max_frame`` bytes of a socket message, ``outbox_bytes`` waiting for one connection,
    ``table_rate`` tables a minute from one address after a burst of ``table_burst``,
    ``ws_per_client`` sockets from one address and ``ws_total`` in all, ``idle_hours`` before an
    unfinished table nobody uses is ended. ``hint_limit``: hint searches running at once at most (one
    more is refused with 429)."""
    hints = HintLimit(hint_limit)
    public = public_base(public_url) if public_url is not None else None
    origins = frozenset(web_origin(o) for o in allowed_origins) if allowed_origins is not None else None

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        for name in ("uvicorn.access", "uvicorn.error"):  # configured by uvicorn by now
            logging.getLogger(name).addFilter(REDACT)
        store = AsyncStore(Store(db_url))
        store.start()
        room = Room(store, bot_delay=bot_delay, observer=observer, outbox_limit=outbox_limit,
                    stuck_seconds=stuck_seconds)
        await room.load()
        app.state.room = room
        room.max_frame, room.outbox_bytes = max_frame or None, outbox_bytes
        watchdog = asyncio.get_running_loop().create_task(_watchdog(room))
        expiry = asyncio.get_running_loop().create_task(limits.expire_idle(room, idle_hours * 3600)) \
            if idle_hours else None
        try:
            yield
        finally:
            await limits.stop_task(expiry)
            watchdog.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await watchdog
            await room.close()
            await store.stop()

    # no /docs nor /redoc: their pages load scripts from a CDN, which the Content-Security-Policy forbids
    app = _RoomApp(title="cardroom", lifespan=lifespan, docs_url=None, redoc_url=None)
    app.add_middleware(limits.BodyLimit, max_body=max_body)
    app.add_middleware(limits.SocketLimit, per_client=ws_per_client, total=ws_total)
    table_bucket = limits.RateLimit(table_rate, table_burst)

    def room_of(request: Request | WebSocket) -> Room:
        r: Room = request.app.state.room
        return r

    @app.exception_handler(RoomError)
    async def _room_error(request: Request, exc: RoomError) -> JSONResponse:
        return JSONResponse({"detail": exc.text(_lang(request)), "code": exc.code}, status_code=exc.status,
                            headers=exc.headers)

    # -------------------------------------------------------------- lobby
    @app.get("/api/games")
    async def games() -> dict[str, Any]:
        return {"games": game_catalogue()}

    @app.get("/api/tables")
    async def tables(request: Request) -> dict[str, Any]:
        """One page of the lobby (``?game=&over=&free=&limit=&cursor=``, see ``limits.lobby_page``)."""
        return limits.lobby_page(room_of(request), request.query_params, _lang(request))

    @app.post("/api/tables", status_code=201)
    async def create_table(request: Request) -> dict[str, Any]:
        table_bucket.check(limits.peer(request.scope))  # 429 before anything is read or stored
        body = await _body(request)
        seed, practice = body.get("seed"), body.get("practice", False)
        if not isinstance(practice, bool):
            raise RoomError(400, "bad_practice", code="bad_seed")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**62):
            raise RoomError(400, "bad_seed")
        rt, owner = await room_of(request).create_table(body.get("game"), body.get("options", {}), seed=seed,
                                                        practice=practice)
        return {"id": rt.id, "owner_token": owner, "table": rt.info(_lang(request))}

    @app.get("/api/tables/{table_id}")
    async def table(request: Request, table_id: str) -> dict[str, Any]:
        return room_of(request).table(table_id).info(_lang(request))

    @app.get("/api/tables/{table_id}/state")
    async def table_state(request: Request, table_id: str) -> dict[str, Any]:
        """The state message a WebSocket would push now (to the token's seat, or the public one)."""
        room = room_of(request)
        rt = room.table(table_id)
        token = _bearer(request)
        seat = room.authorize(rt, token, owner_ok=False) if token else None
        return room.snapshot_message(rt, seat, _lang(request))

    # -------------------------------------------------------------- seats
    @app.post("/api/tables/{table_id}/seats/{seat}", status_code=201)
    async def sit(request: Request, table_id: str, seat: str) -> dict[str, Any]:
        body = await _body(request)
        n = _seat_number(seat)
        token = await room_of(request).sit(table_id, n, body.get("name"))
        return {"table": table_id, "seat": n, "token": token}

    @app.post("/api/tables/{table_id}/seats/{seat}/invite", status_code=201)
    async def invite(request: Request, table_id: str, seat: str) -> dict[str, Any]:
        await _body(request)  # none needed; one sent must still be JSON
        n = _seat_number(seat)
        code = await room_of(request).invite(table_id, n, _bearer(request))
        # never the request's Host (anyone can forge it): the configured public URL, or a relative link;
        # the code in the fragment, which browsers never send to a server (nor to its logs)
        return {"table": table_id, "seat": n, "code": code,
                "url": f"{public or ''}/join?table={table_id}&seat={n}#code={code}"}

    @app.post("/api/tables/{table_id}/seats/{seat}/redeem", status_code=201)
    async def redeem(request: Request, table_id: str, seat: str) -> dict[str, Any]:
        body = await _body(request)
        n = _seat_number(seat)
        token = await room_of(request).redeem(table_id, n, body.get("code"), body.get("name"))
        return {"table": table_id, "seat": n, "token": token}

    @app.post("/api/tables/{table_id}/bots", status_code=201)
    async def bots(request: Request, table_id: str) -> dict[str, Any]:
        body = await _body(request)
        seats = await room_of(request).add_bots(table_id, body.get("seats"), _bearer(request))
        return {"table": table_id, "seats": seats}

    @app.post("/api/tables/{table_id}/rematch", status_code=201)
    async def rematch(request: Request, table_id: str) -> dict[str, Any]:
        await _body(request)  # none needed; one sent must still be JSON
        new = await room_of(request).rematch(table_id, _bearer(request))
        return {"id": new.id, "table": new.info(_lang(request))}

    @app.post("/api/tables/{table_id}/abandon")
    async def abandon(request: Request, table_id: str) -> dict[str, Any]:
        """A seated person ends the match unfinished (the seat token); the laws score it."""
        await _body(request)  # none needed; one sent must still be JSON
        rt = await room_of(request).abandon(table_id, _bearer(request))
        return {"table": table_id, "over": rt.state.is_over, "abandoned": rt.state.abandoned, "seq": rt.seq}

    @app.post("/api/tables/{table_id}/actions")
    async def act(request: Request, table_id: str) -> dict[str, Any]:
        body = await _body(request)
        seq = await room_of(request).act(table_id, _bearer(request), body.get("action"), body.get("seq"),
                                         body.get("irregular"))
        return {"table": table_id, "seq": seq}

    # -------------------------------------------------------------- records
    @app.get("/api/tables/{table_id}/record")
    async def record(request: Request, table_id: str) -> dict[str, Any]:
        return room_of(request).record(table_id)

    @app.get("/api/tables/{table_id}/record.pbn")
    async def record_pbn(request: Request, table_id: str) -> Response:
        return PlainTextResponse(room_of(request).record_pbn(table_id), media_type="application/x-pbn")

    @app.get("/api/tables/{table_id}/replay")
    async def replay(request: Request, table_id: str) -> dict[str, Any]:
        """A finished match's public view after ``step`` actions (default: all), for the browser's replay."""
        return room_of(request).replay_step(table_id, request.query_params.get("step"), _lang(request))

    # -------------------------------------------------------------- WebSocket
    @app.websocket("/ws/tables/{table_id}")
    async def ws(websocket: WebSocket, table_id: str) -> None:
        lang = _lang(websocket)
        if not origin_allowed(websocket.headers.get("origin"), websocket.headers.get("host"), origins, public):
            refusal = RoomError(403, "bad_origin", origin=websocket.headers.get("origin", "")[:60])
            if "websocket.http.response" in websocket.scope.get("extensions", {}):
                await websocket.send_denial_response(JSONResponse(
                    {"detail": refusal.text(lang), "code": refusal.code}, status_code=403))
            else:  # refused before accepting: the server answers the handshake with 403
                await websocket.close(code=4403, reason=close_reason(refusal.text(lang)))
            return
        # the subprotocol the client offered, never its token
        offered = websocket.scope.get("subprotocols") or []
        await websocket.accept(subprotocol=SUBPROTOCOL if SUBPROTOCOL in offered else None)
        room = room_of(websocket)

        async def error(e: RoomError) -> None:
            await websocket.send_json({"type": "error", "code": e.code, "message": e.text(lang)})

        try:
            token = socket_token(websocket)
            rt = room.table(table_id)
            seat = room.authorize(rt, token, owner_ok=False) if token else None
        except RoomError as e:
            await error(e)
            await websocket.close(code=4000 + e.status, reason=close_reason(e.text(lang)))
            return
        await _serve_socket(websocket, room, rt, seat, lang, error, token)

    @app.get("/join")
    async def join() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    @app.get("/")
    async def index() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    # -------------------------------------------------------------- hint (issue 6, point 4)
    @app.get("/api/tables/{table_id}/hint")
    async def hint(request: Request, table_id: str) -> dict[str, Any]:
        """What the strongest bot would do now for the token's seat, from that seat's own view."""
        return await _hint(room_of(request), table_id, _bearer(request), _lang(request), hints)

    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    return app


async def _serve_socket(websocket: WebSocket, room: Room, rt: TableRuntime, seat: int | None, lang: str,
                        error: Any, token: str | None = None) -> None:
    box = Outbox(room.outbox_limit, room.outbox_bytes)
    closing: list[tuple[int, str]] = []  # the close code and reason the reader asks for
    loop = asyncio.get_running_loop()
    ops: set[asyncio.Task[Any]] = set()  # the action being committed for this connection, if any

    def send(text: str, replaceable: bool = False) -> None:
        box.put(text, replaceable)

    def reply(message: dict[str, Any]) -> None:
        box.put(dumps(message))

    async def pump() -> None:
        while True:
            text = await box.get()
            if text is None:
                return
            box.busy_since = loop.time()
            await websocket.send_text(text)
            box.busy_since = None

    async def read() -> None:
        while True:
            frame = await websocket.receive()
            if frame["type"] == "websocket.disconnect":
                return
            raw: str | bytes | None = frame.get("text")
            if raw is None:  # a binary frame: read as UTF-8 text
                raw = frame.get("bytes") or b""
            if room.max_frame is not None and len(raw) > room.max_frame:  # uvicorn's ws_max_size acts first
                text = msg("frame_too_large", lang, max=room.max_frame)
                closing.append((1009, close_reason(text)))
                return
            try:
                data = parse_request_json(raw)
            except RoomError as e:
                if e.key == "json_not_object":  # JSON, but not a message: as before
                    e = RoomError(400, "bad_message")
                reply({"type": "error", "code": e.code, "message": e.text(lang)})
                continue
            kind = data.get("type") if isinstance(data, dict) else None
            if kind == "ping":
                reply({"type": "pong", "seq": rt.seq})
                continue
            if kind not in ("act", "abandon"):
                reply({"type": "error", "code": "bad_message", "message": msg("bad_message", lang)})
                continue
            if seat is None:
                reply({"type": "error", "code": "spectator", "message": msg("spectator", lang)})
                continue
            # its own task, shielded: a connection that ends meanwhile never leaves an action stored
            # but not applied (the task is awaited below before the connection is let go)
            op = loop.create_task(room.abandon(rt.id, token) if kind == "abandon" else
                                  room.act(rt.id, token, data.get("action"), data.get("seq"), data.get("irregular")))
            ops.add(op)
            op.add_done_callback(ops.discard)
            try:
                await asyncio.shield(op)
            except RoomError as e:
                reply({"type": "error", "code": e.code, "message": e.text(lang), "seq": rt.seq})

    # Subscribe and take the first snapshot under the table's lock: no state is missed or repeated.
    async with rt.lock:
        room.subscribe(rt, seat, send, lang)
        send(dumps(room.snapshot_message(rt, seat, lang)), True)
    room.outboxes.add(box)
    sender = loop.create_task(pump())
    box.task = sender  # the watchdog cancels it when the socket stays stuck
    reader = loop.create_task(read())
    try:
        await asyncio.wait({sender, reader}, return_when=asyncio.FIRST_COMPLETED)
    except WebSocketDisconnect:
        pass
    finally:
        room.unsubscribe(rt, seat, send, lang)
        room.outboxes.discard(box)
        room.messages_dropped += box.dropped
        room.outbox_peak = max(room.outbox_peak, box.peak)
        box.close()
        for task in (reader, sender):
            task.cancel()
            with contextlib.suppress(BaseException):
                await task
        for op in list(ops):  # let an action under way be stored and applied
            with contextlib.suppress(BaseException):
                await op
        if closing:  # a message over the frame cap: close with 1009 and the reason
            with contextlib.suppress(Exception):
                await websocket.close(code=closing[0][0], reason=closing[0][1])


# ------------------------------------------------------------------ hint (issue 6, point 4)
# The route is registered in create_app (``GET /api/tables/{id}/hint``); this is its body.
_NO_HINT = {"en": "hints are not available on this server (cardroom.bots.hint is missing)",
            "ru": "подсказки на этом сервере недоступны (нет cardroom.bots.hint)"}
HINT_RETRY_AFTER = 2
"""Seconds a refused hint is told to wait (``Retry-After``): a hint takes a few seconds at most."""


class HintLimit:
    """The hint searches of one server (issue 12, point 1): at most ``limit`` run at once, each in
    a worker thread; ``running`` maps (table, seat, seq) to its search, which the same question
    asked again meanwhile shares. The bound is about load only: it counts searches, never looks at
    a position."""

    def __init__(self, limit: int) -> None:
        if isinstance(limit, bool) or not isinstance(limit, int) or limit < 1:
            raise ValueError(f"the hint limit must be a positive integer, not {limit!r}")
        self.limit = limit
        self.running: dict[tuple[str, int, int], asyncio.Future[Any]] = {}
        self.refused = 0


async def _hint(room: Room, table_id: str, token: str | None, lang: str, hints: HintLimit) -> dict[str, Any]:
    """The hint for the seat holding ``token``: built from ``state.view(seat)`` alone (never the
    state), only when that seat is to act; the search runs in a worker thread, off the event loop,
    at most ``hints.limit`` of them at once (429 ``busy`` beyond). The samples' seed is derived
    from the table's secret seed by SHA-256, so the same position gets the same hint and nothing
    about the seed can be read back from it."""
    import hashlib
    import importlib
    import logging

    from cardroom.core.errors import CardroomError

    rt = room.table(table_id)
    seat = room.authorize(rt, token, owner_ok=False)  # 401 without a token, 403 for a wrong one
    assert seat is not None
    async with rt.lock:
        if rt.state.is_over:
            raise RoomError(409, "over")
        if rt.to_act_seat() != seat:
            raise RoomError(409, "not_your_turn", seat=rt.labels[seat])
        view = rt.state.view(seat)  # the seat's own view: all the hint may see
        seq = rt.seq
    try:
        make_hint: Any = importlib.import_module("cardroom.bots.hint").hint
    except ImportError:
        raise RoomError(501, "raw", code="no_hint", text=_NO_HINT["ru" if lang == "ru" else "en"]) from None
    seed = int.from_bytes(hashlib.sha256(f"hint/{rt.seed}/{seat}/{seq}".encode()).digest()[:8], "big") >> 2
    key = (rt.id, seat, seq)  # the same question asked again while it is being answered: one search
    task = hints.running.get(key)
    if task is None:
        if len(hints.running) >= hints.limit:  # no await since the count: no other request slips in
            hints.refused += 1
            raise RoomError(429, "busy", limit=hints.limit, retry=HINT_RETRY_AFTER,
                                headers={"Retry-After": str(HINT_RETRY_AFTER)})
        task = asyncio.ensure_future(asyncio.to_thread(make_hint, rt.game.name, view, seed=seed))
        hints.running[key] = task
        task.add_done_callback(lambda _: hints.running.pop(key, None))
    try:
        result = await asyncio.shield(task)
    except (CardroomError, NotImplementedError) as e:  # a game or position the hint cannot judge
        raise RoomError(409, "raw", code="no_hint_here", text=str(e)) from None
    except Exception as e:  # the search failed: say so plainly, the table is untouched
        logging.getLogger("cardroom.room").exception("table %s: the hint failed", rt.id)
        raise RoomError(500, "raw", code="hint_failed", text=f"the hint failed: {type(e).__name__}: {e}") from None
    data: dict[str, Any] = result.to_dict()
    return {"table": rt.id, "seat": seat, "seq": seq, **data}
