"""The card room's web server: FastAPI routes over :class:`~cardroom.room.engine.Room`.

The protocol is written down in docs/room.md.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from fastapi.staticfiles import StaticFiles

from cardroom.room.engine import Observer, Room, RoomError, TableRuntime, game_catalogue
from cardroom.room.messages import msg
from cardroom.room.store import DEFAULT_DB, AsyncStore, Store

STATIC = Path(__file__).parent / "static"


def _lang(request: Request | WebSocket) -> str:
    q = request.query_params.get("lang")
    if q in ("en", "ru"):
        return q
    accept = request.headers.get("accept-language", "")
    return "ru" if accept.lower().startswith("ru") else "en"


def _bearer(request: Request) -> str | None:
    auth = request.headers.get("authorization", "")
    if auth.lower().startswith("bearer "):
        return auth[7:].strip() or None
    return request.query_params.get("token") or None


async def _body(request: Request) -> dict[str, Any]:
    raw = await request.body()
    if not raw.strip():
        return {}
    try:
        data = json.loads(raw)
    except (json.JSONDecodeError, UnicodeDecodeError) as e:
        raise RoomError(400, "bad_json", why=str(e)) from None
    if not isinstance(data, dict):
        raise RoomError(400, "bad_json", why="expected a JSON object")
    return data


def _seat_number(seat: str) -> int:
    try:
        return int(seat)
    except ValueError:
        raise RoomError(404, "unknown_seat", seat=seat, n="N-1") from None


def create_app(db_url: str = DEFAULT_DB, bot_delay: float = 0.0, observer: Observer | None = None) -> FastAPI:
    """The server application. Tables are rebuilt from the store at start-up."""

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = AsyncStore(Store(db_url))
        store.start()
        room = Room(store, bot_delay=bot_delay, observer=observer)
        await room.load()
        app.state.room = room
        try:
            yield
        finally:
            await room.close()
            await store.stop()

    app = FastAPI(title="cardroom", lifespan=lifespan)

    def room_of(request: Request | WebSocket) -> Room:
        r: Room = request.app.state.room
        return r

    @app.exception_handler(RoomError)
    async def _room_error(request: Request, exc: RoomError) -> JSONResponse:
        return JSONResponse({"detail": exc.text(_lang(request)), "code": exc.code}, status_code=exc.status)

    # -------------------------------------------------------------- lobby
    @app.get("/api/games")
    async def games() -> dict[str, Any]:
        return {"games": game_catalogue()}

    @app.get("/api/tables")
    async def tables(request: Request) -> dict[str, Any]:
        return {"tables": [rt.info() for rt in room_of(request).tables.values()]}

    @app.post("/api/tables", status_code=201)
    async def create_table(request: Request) -> dict[str, Any]:
        body = await _body(request)
        seed = body.get("seed")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**62):
            raise RoomError(400, "raw", code="bad_seed", text="'seed' must be an integer from 0 to 2**62-1")
        rt, owner = await room_of(request).create_table(body.get("game"), body.get("options", {}), seed=seed)
        return {"id": rt.id, "owner_token": owner, "table": rt.info()}

    @app.get("/api/tables/{table_id}")
    async def table(request: Request, table_id: str) -> dict[str, Any]:
        return room_of(request).table(table_id).info()

    @app.get("/api/tables/{table_id}/state")
    async def table_state(request: Request, table_id: str) -> dict[str, Any]:
        """The state message a WebSocket would push now (to the token's seat, or the public one)."""
        room = room_of(request)
        rt = room.table(table_id)
        token = _bearer(request)
        seat = room.authorize(rt, token, owner_ok=False) if token else None
        return room.snapshot_message(rt, seat)

    # -------------------------------------------------------------- seats
    @app.post("/api/tables/{table_id}/seats/{seat}", status_code=201)
    async def sit(request: Request, table_id: str, seat: str) -> dict[str, Any]:
        body = await _body(request)
        n = _seat_number(seat)
        token = await room_of(request).sit(table_id, n, body.get("name"))
        return {"table": table_id, "seat": n, "token": token}

    @app.post("/api/tables/{table_id}/seats/{seat}/invite", status_code=201)
    async def invite(request: Request, table_id: str, seat: str) -> dict[str, Any]:
        n = _seat_number(seat)
        code = await room_of(request).invite(table_id, n, _bearer(request))
        base = str(request.base_url).rstrip("/")
        return {"table": table_id, "seat": n, "code": code,
                "url": f"{base}/join?table={table_id}&seat={n}&code={code}"}

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
        new = await room_of(request).rematch(table_id, _bearer(request))
        return {"id": new.id, "table": new.info()}

    @app.post("/api/tables/{table_id}/actions")
    async def act(request: Request, table_id: str) -> dict[str, Any]:
        body = await _body(request)
        seq = await room_of(request).act(table_id, _bearer(request), body.get("action"), body.get("seq"))
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
        return room_of(request).replay_step(table_id, request.query_params.get("step"))

    # -------------------------------------------------------------- WebSocket
    @app.websocket("/ws/tables/{table_id}")
    async def ws(websocket: WebSocket, table_id: str) -> None:
        await websocket.accept()
        room = room_of(websocket)
        lang = _lang(websocket)
        token = websocket.query_params.get("token") or None

        async def error(e: RoomError) -> None:
            await websocket.send_json({"type": "error", "code": e.code, "message": e.text(lang)})

        try:
            rt = room.table(table_id)
            seat = room.authorize(rt, token, owner_ok=False) if token else None
        except RoomError as e:
            await error(e)
            await websocket.close(code=4000 + e.status)
            return
        await _serve_socket(websocket, room, rt, seat, lang, error)

    @app.get("/join")
    async def join() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    @app.get("/")
    async def index() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    return app


async def _serve_socket(websocket: WebSocket, room: Room, rt: TableRuntime, seat: int | None, lang: str,
                        error: Any) -> None:
    queue: asyncio.Queue[str | None] = asyncio.Queue()

    def send(text: str) -> None:
        queue.put_nowait(text)

    async def pump() -> None:
        while True:
            text = await queue.get()
            if text is None:
                return
            await websocket.send_text(text)

    # Subscribe and take the first snapshot under the table's lock: no state is missed or repeated.
    async with rt.lock:
        room.subscribe(rt, seat, send)
        send(json.dumps(room.snapshot_message(rt, seat), ensure_ascii=False))
    sender = asyncio.get_running_loop().create_task(pump())
    try:
        while True:
            frame = await websocket.receive()
            if frame["type"] == "websocket.disconnect":
                break
            raw = frame.get("text")
            if raw is None:  # a binary frame: read it as UTF-8 text
                raw = (frame.get("bytes") or b"").decode("utf-8", "replace")
            try:
                data = json.loads(raw)
            except json.JSONDecodeError as e:
                send(json.dumps({"type": "error", "code": "bad_json", "message": msg("bad_json", lang, why=str(e))},
                                ensure_ascii=False))
                continue
            kind = data.get("type") if isinstance(data, dict) else None
            if kind == "ping":
                send(json.dumps({"type": "pong", "seq": rt.seq}))
                continue
            if kind != "act":
                send(json.dumps({"type": "error", "code": "bad_message", "message": msg("bad_message", lang)},
                                ensure_ascii=False))
                continue
            if seat is None:
                send(json.dumps({"type": "error", "code": "spectator", "message": msg("spectator", lang)},
                                ensure_ascii=False))
                continue
            try:
                await room.act(rt.id, websocket.query_params.get("token"), data.get("action"), data.get("seq"))
            except RoomError as e:
                send(json.dumps({"type": "error", "code": e.code, "message": e.text(lang), "seq": rt.seq},
                                ensure_ascii=False))
    except WebSocketDisconnect:
        pass
    finally:
        room.unsubscribe(rt, seat, send)
        queue.put_nowait(None)
        with contextlib.suppress(Exception):
            await sender
