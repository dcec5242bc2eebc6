"""The WebSocket of a table (``/ws/tables/{id}``): the Origin check, the token, then one connection's
outbox, reader and writer (:func:`_serve_socket`); and the watchdog that closes stuck connections."""

from __future__ import annotations

import asyncio
import contextlib
from typing import TYPE_CHECKING, Any, Protocol

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from fastapi.responses import JSONResponse

from cardroom.room import chat, claims, undo
from cardroom.room.engine import Outbox, Room, RoomError, TableRuntime, dumps
from cardroom.room.jsonin import parse_request_json
from cardroom.room.messages import msg
from cardroom.room.routes.common import lang_of, room_of, settings_of
from cardroom.room.web import SUBPROTOCOL, close_reason, origin_allowed, socket_token

if TYPE_CHECKING:
    from cardroom.room.node import Node, Remote

router = APIRouter()


@router.websocket("/ws/tables/{table_id}")
async def ws(websocket: WebSocket, table_id: str) -> None:
    lang = lang_of(websocket)
    settings = settings_of(websocket)
    if not origin_allowed(websocket.headers.get("origin"), websocket.headers.get("host"), settings.origins,
                          settings.public):
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

    node: Node | None = getattr(websocket.app.state, "node", None)
    box = Outbox(room.outbox_limit, room.outbox_bytes)
    try:
        token = socket_token(websocket)
        owner = None if node is None or table_id in room.tables else await node.owner(table_id)
        link: Link
        if node is None or owner is None or owner == node.name:
            rt = room.table(table_id)
            seat = room.authorize(rt, token, owner_ok=False) if token else None
            link = LocalLink(room, rt, seat, lang, token, box)
        else:  # another node owns the table: the socket is relayed to it (room/node.py)
            remote, seat = await node.join(owner, table_id, token, lang, box.put, box.close)
            link = RemoteLink(node, remote, lang)
    except RoomError as e:
        await error(e)
        await websocket.close(code=4000 + e.status, reason=close_reason(e.text(lang)))
        return
    await _serve_socket(websocket, room, link, seat, lang, box)


class Link(Protocol):
    """What a socket is connected to: a table of this room (:class:`LocalLink`), or a table another node
    owns, through the bus (:class:`RemoteLink`)."""

    @property
    def seq(self) -> int:
        """The table's order number as last known here."""
        ...

    async def open(self) -> None:
        """Subscribe the socket's seat and send it the table's state first (no state missed or repeated)."""
        ...

    async def do(self, kind: str, data: dict[str, Any]) -> None:
        """What a client's message asks (raises :class:`RoomError` when it is refused)."""
        ...

    def close(self) -> None:
        ...


class LocalLink:
    """A socket to a table of this room."""

    def __init__(self, room: Room, rt: TableRuntime, seat: int | None, lang: str, token: str | None,
                 box: Outbox) -> None:
        self.room, self.rt, self.seat, self.lang, self.token, self.box = room, rt, seat, lang, token, box

    @property
    def seq(self) -> int:
        return self.rt.seq

    async def open(self) -> None:
        async with self.rt.lock:  # subscribe and take the first snapshot under the table's lock
            self.room.subscribe(self.rt, self.seat, self.box.put, self.lang)
            self.rt.closers.add(self.box.close)
            self.box.put(dumps(self.room.snapshot_message(self.rt, self.seat, self.lang)), True)

    async def do(self, kind: str, data: dict[str, Any]) -> None:
        await operation(self.room, self.rt, self.token, kind, data)

    def close(self) -> None:
        self.room.unsubscribe(self.rt, self.seat, self.box.put, self.lang)
        self.rt.closers.discard(self.box.close)


class RemoteLink:
    """A socket to a table another node owns: subscribed there already (:meth:`Node.join`)."""

    def __init__(self, node: Node, remote: Remote, lang: str) -> None:
        self.node, self.remote, self.lang = node, remote, lang

    @property
    def seq(self) -> int:
        return self.remote.seq

    async def open(self) -> None:
        return None

    async def do(self, kind: str, data: dict[str, Any]) -> None:
        await self.node.do(self.remote, kind, data, self.lang)

    def close(self) -> None:
        self.node.leave(self.remote)


async def _serve_socket(websocket: WebSocket, room: Room, link: Link, seat: int | None, lang: str,
                        box: Outbox) -> None:
    closing: list[tuple[int, str]] = []  # the close code and reason the reader asks for
    loop = asyncio.get_running_loop()
    ops: set[asyncio.Task[Any]] = set()  # the action being committed for this connection, if any

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
                reply({"type": "pong", "seq": link.seq})
                continue
            if kind not in ("act", "abandon", "next", "claim", "claim_answer", "chat", "mute", "undo", "undo_answer"):
                reply({"type": "error", "code": "bad_message", "message": msg("bad_message", lang)})
                continue
            if seat is None:
                reply({"type": "error", "code": "spectator", "message": msg("spectator", lang)})
                continue
            # its own task, shielded: a connection that ends meanwhile never leaves an action stored
            # but not applied (the task is awaited below before the connection is let go)
            op = loop.create_task(link.do(kind, data))
            ops.add(op)
            op.add_done_callback(ops.discard)
            try:
                await asyncio.shield(op)
            except RoomError as e:
                reply({"type": "error", "code": e.code, "message": e.text(lang), "seq": link.seq})

    await link.open()
    room.outboxes.add(box)
    sender = loop.create_task(pump())
    box.task = sender  # the watchdog cancels it when the socket stays stuck
    reader = loop.create_task(read())
    try:
        await asyncio.wait({sender, reader}, return_when=asyncio.FIRST_COMPLETED)
        if sender.done() and not sender.cancelled() and not closing:  # the room let the table go (node.py)
            closing.append((1012, close_reason(msg("node_moved", lang))))
    except WebSocketDisconnect:
        pass
    finally:
        link.close()
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


async def operation(room: Room, rt: TableRuntime, token: str | None, kind: str, data: dict[str, Any]) -> Any:
    """What a client's message asks of the room (its type: ``act``, ``abandon``, ``next``, ``claim``, ``claim_answer``,
    ``chat``, ``mute``, ``undo``, ``undo_answer``)."""
    if kind == "abandon":
        return await room.abandon(rt.id, token)
    if kind == "next":
        return await room.next_deal(rt.id, token)
    if kind == "claim":
        return await claims.claim(room, rt.id, token, data.get("tricks"), data.get("seq"))
    if kind == "claim_answer":
        return await claims.answer(room, rt.id, token, data.get("accept"))
    if kind == "chat":
        return await chat.say(room, rt.id, token, data.get("text"))
    if kind == "mute":
        return chat.mute(room, rt.id, token, data.get("seat"), data.get("mute"))
    if kind == "undo":
        return await undo.ask(room, rt.id, token, data.get("seq"))
    if kind == "undo_answer":
        return await undo.answer(room, rt.id, token, data.get("agree"))
    return await room.act(rt.id, token, data.get("action"), data.get("seq"), data.get("irregular"))


async def watchdog(room: Room) -> None:
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
