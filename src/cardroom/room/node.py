"""A card room of several nodes (issue 18, docs/multinode.md): each table owned by one node at a time.

Every node is a whole ``cardroom serve`` process over one shared store (PostgreSQL) and one bus
(:mod:`cardroom.room.bus`, Redis). A table is **owned** by the node that holds its lease in the store
(``room_leases``, :meth:`Store.acquire_lease`): only the owner has it in memory, applies its actions,
runs its bots and chance, and builds its messages, each for one seat from that seat's view. The
owner renews its leases every third of ``lease_seconds``; when a node dies its leases expire and
the other nodes take its tables over, each table loaded from its action log alone (the restart's
path: :meth:`Room.adopt`). A store opened for a node refuses a write to a table whose lease is not
that node's (:class:`~cardroom.room.store.LeaseLost`), so a node that lost a table writes nothing
more to it, and an action is stored once (the log's key is the table and the order number).

A client may connect to any node. For a table it does not own, the node **relays**: the socket's
join, each of its requests and its end go to the owner over the bus (``cardroom:node:NAME``, the
owner's channel); the owner checks the token itself, subscribes the seat as for a local socket and
publishes that seat's messages (built on the owner from that seat's view, never the whole state) to
the client's node, which puts them in the socket's outbox. HTTP requests about a table
(``/api/tables/{id}/…``) are relayed whole (:class:`Routing`) and answered by the owner's own
application. When the owner is gone (its lease expired, a request unanswered) the client's node
takes the table over itself, or closes the socket so that the client connects again (the browser
client does by itself, room/static/app.js).

A bus message is a JSON header, a newline, and a body (bytes; the message text of a relayed seat
message, a relayed HTTP body).
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import logging
import math
import random
import secrets
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from typing import Any

from cardroom.core.errors import CardroomError
from cardroom.room.bus import Bus
from cardroom.room.engine import Room, RoomError, Subscriber, TableRuntime, dumps
from cardroom.room.messages import lang_of_scope
from cardroom.room.store import NODE_KEY, AsyncStore

log = logging.getLogger("cardroom.room.node")

RELAYED = b"x-cardroom-relayed"
"""The header of an HTTP request a node relays to a table's owner (the owner never relays it again)."""

LOBBY_WAIT = 2.5
"""Seconds the lobby waits for the other nodes' pages: one that is slower (stopped, overloaded) is left out of
that page, so that a slow node holds up only its own tables, not every node's lobby."""


ROOM_KEY = "~room"
"""The key of the room's own row in ``room_leases``: its ``node`` column is the room's id, drawn by the
first node that starts on the store; every channel of the room is named with it, so that two rooms
(two stores) may share one Redis."""


def frame(header: dict[str, Any], body: bytes = b"") -> bytes:
    return dumps(header).encode() + b"\n" + body


def unframe(data: bytes) -> tuple[dict[str, Any], bytes]:
    head, _, body = data.partition(b"\n")
    header = json.loads(head)
    if not isinstance(header, dict):
        raise ValueError("a bus message's header is a JSON object")
    return header, body


def check_name(name: str) -> None:
    """Refuse a node name that is not 1 to 50 letters, digits, ``-``, ``_``, ``.`` (ValueError, one line)."""
    if not name or len(name) > 50 or not all(c.isascii() and (c.isalnum() or c in "-_.") for c in name):
        from cardroom.room.messages import msg

        raise ValueError(msg("node.bad_name", "en", name=name))


class RelayedError(RoomError):
    """A refusal the owner of a table gave to a relayed request: its status, code and text (already in
    the reader's language) as the owner wrote them."""

    def __init__(self, status: int, code: str, message: str) -> None:
        CardroomError.__init__(self, message)
        self.status, self.key, self.code, self.headers, self.kw = status, code, code, None, {}
        self._message = message

    def text(self, lang: str = "en") -> str:
        return self._message


def refusal(e: BaseException, lang: str) -> dict[str, Any]:
    """A refusal as a relayed answer carries it (a RoomError's status, code and text in ``lang``)."""
    if isinstance(e, RoomError):
        return {"status": e.status, "code": e.code, "message": e.text(lang)}
    gone = RoomError(503, "node_gone")
    return {"status": gone.status, "code": gone.code, "message": gone.text(lang)}


@dataclass
class Served:
    """A connection of another node served here (this node owns its table)."""

    node: str
    conn: str
    rt: TableRuntime
    seat: int | None
    lang: str
    token: str | None
    send: Subscriber


@dataclass
class Remote:
    """A connection of this node's to a table another node owns: its messages go to ``send``."""

    conn: str
    owner: str
    table: str
    send: Subscriber
    lost: Callable[[], None]
    seq: int = 0


class Node:
    """This process as one node of a room of several (see the module's text)."""

    def __init__(self, name: str, room: Room, store: AsyncStore, bus: Bus, lease_seconds: float = 10.0,
                 relay_timeout: float | None = None) -> None:
        check_name(name)
        self.name = name
        self.room = room
        self.store = store
        self.bus = bus
        self.lease_seconds = lease_seconds
        self.relay_timeout = relay_timeout if relay_timeout is not None else max(5.0, 2 * lease_seconds)
        self.room_id = ""  # read from the store at start
        self.channel = ""  # this node's channel: named with the room's id
        self.app: Any = None  # the ASGI application relayed HTTP requests are answered by (set by create_app)
        self._ids = itertools.count(1)
        self._life = secrets.token_hex(6)
        """This process's mark in its connections' ids: a node started again under its name never reuses
        the id of a connection an owner may still serve for its previous life."""
        self._pending: dict[int, asyncio.Future[tuple[dict[str, Any], bytes]]] = {}
        self.remote: dict[str, Remote] = {}
        self.served: dict[tuple[str, str], Served] = {}
        self._out: asyncio.Queue[tuple[str, bytes, tuple[str, str] | None]] = asyncio.Queue()
        self._tasks: list[asyncio.Task[None]] = []
        self._adopting: dict[str, asyncio.Task[bool]] = {}
        self.taken_over = 0  # tables this node took over from the log (after another node's lease expired)
        self.relayed_out = 0  # requests and joins relayed to other owners
        self.relayed_in = 0  # requests and joins of other nodes answered here

    # ----------------------------------------------------------- life
    async def start(self) -> None:
        """Subscribe to this node's channel, announce the node, take the tables nobody owns, and keep the
        leases renewed from now on."""
        self.room_id = await self.store.call(self._room_id)
        self.channel = self.channel_of(self.name)
        self.store.store.node = self.name
        self.room.on_new_table = self._lease_new
        self.room.on_drop = self._dropped
        await self.bus.subscribe(self.channel, self._received)
        loop = asyncio.get_running_loop()
        self._tasks.append(loop.create_task(self._publisher()))
        await self.store.call(self.store.store.acquire_lease, NODE_KEY + self.name, self.name, self.lease_seconds)
        # a node started again under its name (its process died) takes back at once what it still holds
        held = await self.store.call(self.store.store.renew_leases, self.name, self.lease_seconds)
        own = sorted(t for t in held if not t.startswith(NODE_KEY))
        if own:
            await self._adopt(own)
        await self.take_free()
        self._tasks.append(loop.create_task(self._keep()))

    def _room_id(self) -> str:
        store = self.store.store
        store.acquire_lease(ROOM_KEY, secrets.token_hex(8), 1e12)  # the first node's id stays (it never expires)
        return store.lease_owners([ROOM_KEY])[ROOM_KEY]

    def channel_of(self, node: str) -> str:
        return f"cardroom:{self.room_id}:node:{node}"

    async def stop(self) -> None:
        """Stop relaying, tell the other nodes' connections here that the table is gone (they reconnect),
        and give up every lease at once."""
        for task in self._tasks:
            task.cancel()
            with contextlib.suppress(BaseException):
                await task
        for s in list(self.served.values()):
            self._leave(s)
            with contextlib.suppress(Exception):
                await self.bus.publish(self.channel_of(s.node), frame({"op": "gone", "conn": s.conn}))
        for r in list(self.remote.values()):
            r.lost()
        with contextlib.suppress(Exception):
            await self.bus.unsubscribe(self.channel)
        with contextlib.suppress(Exception):
            await self.store.call(self.store.store.release_leases, self.name)

    async def _keep(self) -> None:
        """Every third of the lease: renew, drop what another node took, take what nobody owns, close the
        relayed connections whose owner is gone."""
        while True:
            await asyncio.sleep(self.lease_seconds / 3)
            try:
                here = set(self.room.tables)  # before the renewal: a table taken over meanwhile is not dropped
                held = await self.store.call(self.store.store.renew_leases, self.name, self.lease_seconds)
                for table_id in [t for t in here if t not in held and t in self.room.tables]:
                    log.warning("node %s: table %s is another node's now", self.name, table_id)
                    await self.room.drop(table_id)
                await self.take_free()
                await self._check_remote()
            except asyncio.CancelledError:
                raise
            except Exception as e:  # the store away a moment: the leases are renewed next time, or lost
                log.warning("node %s: the leases could not be renewed: %s", self.name, e)

    async def take_free(self) -> None:
        """Take over the tables no live node owns, this node's share of them (the count of free tables
        over the count of live nodes, in a random order, so that the live nodes share a dead one's)."""
        free, nodes = await self.store.call(self.store.store.unowned_tables)
        if not free:
            return
        random.shuffle(free)
        share = math.ceil(len(free) / max(1, nodes))
        got: list[str] = []
        for table_id in free:
            if len(got) >= share:
                break
            if table_id not in self.room.tables and await self.store.call(
                    self.store.store.acquire_lease, table_id, self.name, self.lease_seconds):
                got.append(table_id)
        if got:
            await self._adopt(got)

    async def _adopt(self, table_ids: list[str]) -> None:
        loaded = await self.room.adopt(table_ids)
        self.taken_over += len(loaded)

    async def _lease_new(self, table_id: str) -> None:
        """A table made here is this node's from the start (its lease taken before its row is stored)."""
        if not await self.store.call(self.store.store.acquire_lease, table_id, self.name, self.lease_seconds):
            raise RoomError(503, "node_gone")

    def _dropped(self, rt: TableRuntime) -> None:
        for s in [s for s in self.served.values() if s.rt is rt]:
            self._leave(s)
            self._post(s.node, {"op": "gone", "conn": s.conn})

    async def owner(self, table_id: str) -> str | None:
        """The node that owns ``table_id`` now: this one when it is loaded here; else the lease's live
        owner; else this node, once it has taken the table over (None: no such table, or another node
        took it first and it is asked again)."""
        if table_id in self.room.tables:
            return self.name
        owners = await self.store.call(self.store.store.lease_owners, [table_id])
        if table_id in owners and owners[table_id] != self.name:
            return owners[table_id]
        if await self.take_over(table_id):
            return self.name
        owners = await self.store.call(self.store.store.lease_owners, [table_id])
        return owners.get(table_id)

    async def take_over(self, table_id: str) -> bool:
        """Take ``table_id`` over now (a client asks for a table whose owner is gone); one attempt at a
        time for one table. True when it is loaded here."""
        task = self._adopting.get(table_id)
        if task is None:
            task = asyncio.get_running_loop().create_task(self._take_over(table_id))
            self._adopting[table_id] = task
            task.add_done_callback(lambda _: self._adopting.pop(table_id, None))
        return await asyncio.shield(task)

    async def _take_over(self, table_id: str) -> bool:
        if table_id in self.room.tables:
            return True
        if len(table_id) > 32 or not await self.store.call(self.store.store.has_table, table_id):
            return False  # no such table: nothing is written (an unknown id leaves the store as it was)
        if not await self.store.call(self.store.store.acquire_lease, table_id, self.name, self.lease_seconds):
            return False
        await self._adopt([table_id])
        return table_id in self.room.tables

    # ----------------------------------------------------------- the bus
    def _post(self, node: str, header: dict[str, Any], body: bytes = b"",
              served: tuple[str, str] | None = None) -> None:
        """Queue a message for ``node``: one publisher sends them in order (``served``: the connection it
        is for, dropped when its node no longer listens)."""
        self._out.put_nowait((self.channel_of(node), frame(header, body), served))

    async def _publisher(self) -> None:
        """Publish the queued messages in order, every message waiting at that moment in one round trip."""
        while True:
            batch = [await self._out.get()]
            while not self._out.empty() and len(batch) < 512:
                batch.append(self._out.get_nowait())
            try:
                reached = await self.bus.publish_many([(channel, data) for channel, data, _ in batch])
            except asyncio.CancelledError:
                raise
            except Exception as e:
                log.warning("node %s: the bus refused %d message(s): %s", self.name, len(batch), e)
                continue
            for (_, _, served), n in zip(batch, reached, strict=True):
                if n == 0 and served is not None and served in self.served:  # that node is gone
                    self._leave(self.served[served])

    def _received(self, data: bytes) -> None:
        try:
            header, body = unframe(data)
        except ValueError:
            log.warning("node %s: an unreadable bus message", self.name)
            return
        op = header.get("op")
        if op == "msg":
            r = self.remote.get(str(header.get("conn")))
            if r is not None:
                r.seq = int(header.get("seq", r.seq))
                r.send(body.decode(), bool(header.get("r")))
            elif isinstance(header.get("from"), str):  # a connection that ended here: its owner lets it go
                self._post(header["from"], {"op": "leave", "conn": header.get("conn"), "from": self.name})
        elif op == "reply":
            fut = self._pending.pop(int(header.get("rid", 0)), None)
            if fut is not None and not fut.done():
                fut.set_result((header, body))
        elif op == "gone":
            r = self.remote.pop(str(header.get("conn")), None)
            if r is not None:
                r.lost()
        elif op == "leave":
            s = self.served.get((str(header.get("from")), str(header.get("conn"))))
            if s is not None:
                self._leave(s)
        elif op in ("join", "do", "http"):
            self.relayed_in += 1
            asyncio.get_running_loop().create_task(self._answer(op, header, body))

    async def _ask(self, owner: str, header: dict[str, Any], body: bytes = b"",
                   timeout: float | None = None) -> tuple[dict[str, Any], bytes]:
        """Send a request to ``owner`` and wait for its reply (503 ``node_gone`` after ``timeout``, the
        relay's time-out by default)."""
        rid = next(self._ids)
        fut: asyncio.Future[tuple[dict[str, Any], bytes]] = asyncio.get_running_loop().create_future()
        self._pending[rid] = fut
        self.relayed_out += 1
        self._post(owner, {**header, "rid": rid, "from": self.name}, body)
        try:
            return await asyncio.wait_for(fut, self.relay_timeout if timeout is None else timeout)
        except TimeoutError:
            raise RoomError(503, "node_gone") from None
        finally:
            self._pending.pop(rid, None)

    async def _answer(self, op: str, header: dict[str, Any], body: bytes) -> None:
        origin = str(header.get("from"))
        reply: dict[str, Any] = {"op": "reply", "rid": header.get("rid")}
        out = b""
        lang = str(header.get("lang", "en"))
        try:
            if op == "join":
                reply["seat"] = await self._join(origin, header)
            elif op == "do":
                s = self.served.get((origin, str(header.get("conn"))))
                if s is None:
                    raise RoomError(503, "node_gone")
                from cardroom.room.routes.socket import operation

                await operation(self.room, s.rt, s.token, str(header.get("kind")), header.get("data") or {})
                reply["seq"] = s.rt.seq
            else:
                reply["status"], reply["headers"], out = await self._http(header, body)
        except Exception as e:
            if not isinstance(e, RoomError):
                log.exception("node %s: a relayed %s failed", self.name, op)
            reply["error"] = refusal(e, lang)
            s = self.served.get((origin, str(header.get("conn"))))
            if s is not None:
                reply["seq"] = s.rt.seq
        self._post(origin, reply, out)

    # ----------------------------------------------------------- sockets, the owner's side
    async def _join(self, origin: str, header: dict[str, Any]) -> int | None:
        table_id, conn, lang = str(header.get("table")), str(header.get("conn")), str(header.get("lang", "en"))
        token = header.get("token") if isinstance(header.get("token"), str) else None
        rt = self.room.tables.get(table_id)
        if rt is None:  # this node no longer owns it: the client's node asks the store again
            raise RoomError(503, "node_gone")
        seat = self.room.authorize(rt, token, owner_ok=False) if token else None
        key = (origin, conn)

        def send(text: str, replaceable: bool = False) -> None:
            self._post(origin, {"op": "msg", "conn": conn, "r": replaceable, "seq": rt.seq, "from": self.name},
                       text.encode(), key)

        served = Served(origin, conn, rt, seat, lang, token, send)
        async with rt.lock:  # subscribed and the first state sent under the lock: nothing missed or repeated
            if key in self.served:  # the same connection joining again: its first subscription ends
                self._leave(self.served[key])
            self.served[key] = served
            self.room.subscribe(rt, seat, send, lang)
            send(dumps(self.room.snapshot_message(rt, seat, lang)), True)
        return seat

    def _leave(self, s: Served) -> None:
        if self.served.pop((s.node, s.conn), None) is not None:
            self.room.unsubscribe(s.rt, s.seat, s.send, s.lang)

    # ----------------------------------------------------------- sockets, the client's side
    async def join(self, owner: str, table_id: str, token: str | None, lang: str, send: Subscriber,
                   lost: Callable[[], None]) -> tuple[Remote, int | None]:
        """Relay a socket to ``owner``: the seat its token holds there (a refusal raised as the owner gave
        it), and the connection, whose messages go to ``send``; ``lost`` is called when the owner is gone."""
        conn = f"{self.name}.{self._life}.{next(self._ids)}"
        r = Remote(conn, owner, table_id, send, lost)
        self.remote[conn] = r
        try:
            header, _ = await self._ask(owner, {"op": "join", "conn": conn, "table": table_id, "token": token,
                                                "lang": lang})
            _raise(header)
        except BaseException:
            self.remote.pop(conn, None)
            raise
        seat = header.get("seat")
        return r, seat if isinstance(seat, int) else None

    async def do(self, r: Remote, kind: str, data: dict[str, Any], lang: str) -> None:
        """A request of a relayed socket, answered by the table's owner."""
        try:
            header, _ = await self._ask(r.owner, {"op": "do", "conn": r.conn, "kind": kind, "data": data,
                                                  "lang": lang})
        except RoomError:  # the owner did not answer in time: the socket is closed, its client reconnects
            if self.remote.pop(r.conn, None) is not None:
                r.lost()
            raise
        if isinstance(header.get("seq"), int):
            r.seq = header["seq"]
        _raise(header)

    def leave(self, r: Remote) -> None:
        if self.remote.pop(r.conn, None) is not None:
            self._post(r.owner, {"op": "leave", "conn": r.conn, "from": self.name})

    async def _check_remote(self) -> None:
        """Close the relayed connections whose owner no longer holds the table (its clients reconnect)."""
        if not self.remote:
            return
        owners = await self.store.call(self.store.store.lease_owners, sorted({r.table for r in self.remote.values()}))
        for r in list(self.remote.values()):
            if owners.get(r.table) != r.owner:
                self.remote.pop(r.conn, None)
                r.lost()

    # ----------------------------------------------------------- the lobby
    async def lobby(self, scope: Mapping[str, Any], params: Any, page: dict[str, Any]) -> dict[str, Any]:
        """The lobby's page of the whole room: ``page`` (this node's) merged with the page every other
        live node gives for the same query, newest first by creation (a node that does not answer within
        :data:`LOBBY_WAIT` is left out of this page). A relayed request gets this node's page alone."""
        keys = page.pop("keys")
        if any(k == RELAYED for k, _ in scope.get("headers", [])):
            page["keys"] = keys
            return page
        others = [n for n in await self.store.call(self.store.store.live_nodes) if n != self.name]
        entries = list(zip(keys, page["tables"], strict=True))
        more = page["next_cursor"] is not None
        wait = min(LOBBY_WAIT, self.relay_timeout)  # a slow node does not hold up every node's lobby
        answers = await asyncio.gather(*(self.relay_http(n, scope, b"", wait) for n in others),
                                       return_exceptions=True)
        for answer in answers:
            if isinstance(answer, BaseException) or answer[0] != 200:
                continue
            theirs = json.loads(answer[2])
            entries += list(zip(theirs.get("keys", []), theirs.get("tables", []), strict=False))
            more = more or theirs.get("next_cursor") is not None
        entries.sort(key=lambda e: -int(e[0]))
        limit = int(page["limit"])
        more = more or len(entries) > limit
        entries = entries[:limit]
        cursor = str(entries[-1][0]) if more and entries else None
        from cardroom.room.limits import lobby_next

        return {"tables": [t for _, t in entries], "limit": limit, "next_cursor": cursor,
                "next": lobby_next(params, limit, cursor)}

    # ----------------------------------------------------------- HTTP
    async def relay_http(self, owner: str, scope: Mapping[str, Any], body: bytes,
                         timeout: float | None = None) -> tuple[int, list[list[str]], bytes]:
        """An HTTP request about a table another node owns, answered by that node's application (within
        ``timeout``, the relay's time-out by default)."""
        headers = [[k.decode("latin-1"), v.decode("latin-1")] for k, v in scope.get("headers", [])]
        client = scope.get("client")
        header, out = await self._ask(owner, {
            "op": "http", "method": scope["method"], "path": scope["path"],
            "query": scope.get("query_string", b"").decode("latin-1"), "headers": headers,
            "client": list(client) if client else None, "lang": lang_of_scope(scope)}, body, timeout)
        if "error" in header:
            e = header["error"]
            raise RelayedError(int(e["status"]), str(e["code"]), str(e["message"]))
        return int(header["status"]), list(header.get("headers") or []), out

    async def _http(self, header: dict[str, Any], body: bytes) -> tuple[int, list[list[str]], bytes]:
        """Answer a relayed HTTP request with this node's own application (in this process)."""
        if self.app is None:
            raise RoomError(503, "node_gone")
        headers = [(str(k).encode("latin-1"), str(v).encode("latin-1")) for k, v in header.get("headers") or []]
        headers.append((RELAYED, b"1"))
        client = header.get("client")
        scope: dict[str, Any] = {
            "type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": str(header["method"]),
            "scheme": "http", "path": str(header["path"]), "raw_path": str(header["path"]).encode(),
            "query_string": str(header.get("query", "")).encode("latin-1"), "root_path": "", "headers": headers,
            "client": tuple(client) if isinstance(client, list) else None, "server": None, "state": {},
            "app": self.app}
        sent = False
        status = 500
        out_headers: list[list[str]] = []
        chunks: list[bytes] = []

        async def receive() -> dict[str, Any]:
            nonlocal sent
            if sent:
                await asyncio.sleep(3600)
                return {"type": "http.disconnect"}
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}

        async def send(message: dict[str, Any]) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = int(message["status"])
                out_headers.extend([k.decode("latin-1"), v.decode("latin-1")] for k, v in message.get("headers", []))
            elif message["type"] == "http.response.body":
                chunks.append(message.get("body", b""))

        await self.app(scope, receive, send)
        return status, out_headers, b"".join(chunks)


def created_key(rt: TableRuntime) -> int:
    """A table's place in the lobby of a room of several nodes: its creation, in microseconds."""
    return max(1, int(rt.created * 1_000_000))


def _raise(header: dict[str, Any]) -> None:
    e = header.get("error")
    if isinstance(e, dict):
        raise RelayedError(int(e.get("status", 503)), str(e.get("code", "node_gone")), str(e.get("message", "")))


TABLE_PATHS = ("/api/tables/",)
SINGLE_NODE_PATHS = ("/api/club/", "/api/clubs")
"""The club evenings, tournaments, knock-outs and club tables: a room of one node's only (501 here)."""


def table_of_path(path: str) -> str | None:
    """The table a request's path is about (``/api/tables/{id}…``), None for any other path."""
    for prefix in TABLE_PATHS:
        if path.startswith(prefix):
            table_id = path[len(prefix):].split("/", 1)[0]
            return table_id or None
    return None


class Routing:
    """ASGI middleware of a node: an HTTP request about a table another node owns is answered by that
    node (relayed over the bus); one about a table nobody owns makes this node take the table over."""

    def __init__(self, app: Any, node: Callable[[], Node | None]) -> None:
        self.app = app
        self.node = node

    async def __call__(self, scope: dict[str, Any], receive: Callable[[], Awaitable[dict[str, Any]]],
                       send: Callable[[dict[str, Any]], Awaitable[None]]) -> None:
        node = self.node() if scope["type"] == "http" else None
        if node is not None and scope["path"].startswith(SINGLE_NODE_PATHS):
            refused = RoomError(501, "node.single_only", code="single_node")
            await _answer_http(send, refused.status, [["content-type", "application/json"]], dumps(
                {"detail": refused.text(lang_of_scope(scope)), "code": refused.code}).encode())
            return
        table_id = table_of_path(scope["path"]) if node is not None else None
        if node is None or table_id is None or table_id in node.room.tables \
                or any(k == RELAYED for k, _ in scope.get("headers", [])):
            await self.app(scope, receive, send)
            return
        owner = await node.owner(table_id)
        if owner is None or owner == node.name:  # unknown here and in the store (404), or taken over: answer here
            await self.app(scope, receive, send)
            return
        try:
            body = b""
            while True:
                message = await receive()  # the body's cap (limits.BodyLimit) raises a 413 beyond it
                body += message.get("body", b"")
                if not message.get("more_body"):
                    break
            status, headers, out = await node.relay_http(owner, scope, body)
        except RoomError as e:
            status, out = e.status, dumps({"detail": e.text(lang_of_scope(scope)), "code": e.code}).encode()
            headers = [["content-type", "application/json"], *([k, v] for k, v in (e.headers or {}).items())]
        await _answer_http(send, status, headers, out)


async def _answer_http(send: Callable[[dict[str, Any]], Awaitable[None]], status: int, headers: list[list[str]],
                       out: bytes) -> None:
    await send({"type": "http.response.start", "status": status,
                "headers": [(k.encode("latin-1"), v.encode("latin-1")) for k, v in headers
                            if k.lower() != "content-length"] + [(b"content-length", str(len(out)).encode())]})
    await send({"type": "http.response.body", "body": out})
