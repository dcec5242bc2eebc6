"""Issue 18: a browser page survives the death of the node it was connected to.

A real PostgreSQL and a real Redis on loopback, two nodes (``cardroom serve --node … --bus …``) and, in
front of them, a loopback TCP proxy (tests/nodekit.py, the part nginx plays in docs/multinode.md). A page
in Debian's Chromium plays seat 0 of a bridge table through the proxy against three bots; in the middle of
the deal the node it is connected to, the table's owner, is SIGKILLed and the proxy switched to the other
node. The page connects again by itself (room/static/app.js), the other node takes the table over from its
log once the lease has expired, and the deal is played to its end on the page. The stored log is then
compared with an uninterrupted run of the same table (same seed, same bots, the same actions of seat 0),
played in this process: nothing acknowledged lost, nothing doubled. The proxy's own contract (pipe,
switch, cut, refuse) is checked apart, without a browser.
"""

from __future__ import annotations

import asyncio
import http.server
import json
import random
import socket
import threading
import urllib.request
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import create_engine, text

import browserkit
from browserkit import ARTIFACTS, FAST, State, page_in, play_to_deal_end, shot, state
from cardroom.room.engine import Room, RoomError
from cardroom.room.store import AsyncStore, Store
from cardroom.room.testing import Postgres, Redis, ServerProcess
from nodekit import Proxy

browser = browserkit.browser
LEASE = 2.0  # seconds: the takeover comes soon after the kill
SEED = 2026
CLICKS_BEFORE_KILL = 4  # seat 0's actions before its node dies: the auction done, the play begun


class Kill(Exception):
    """Raised by the chooser at the moment the test kills the page's node."""


def sql(db: str, statement: str, **params: Any) -> list[Any]:
    eng = create_engine(db)
    try:
        with eng.begin() as conn:
            return list(conn.execute(text(statement), params).fetchall())
    finally:
        eng.dispose()


@pytest.fixture(scope="module")
def room_db(postgres: Postgres) -> str:
    eng = create_engine(postgres.url, isolation_level="AUTOCOMMIT")
    with eng.connect() as conn:
        conn.execute(text("CREATE DATABASE nodes_browser"))
    eng.dispose()
    return postgres.url.rsplit("/", 1)[0] + "/nodes_browser"


@pytest.fixture(scope="module")
def nodes(room_db: str, redis_server: Redis) -> Iterator[list[ServerProcess]]:
    started: list[ServerProcess] = []
    try:
        for name in ("a", "b"):
            node = ServerProcess(room_db, bot_delay=0.2, deal_wait=True, limits=FAST, node=name, bus=redis_server.url,
                                 lease_seconds=LEASE)
            node.start()
            started.append(node)
        yield started
    finally:
        ARTIFACTS.mkdir(exist_ok=True)
        for node in started:
            node.stop()
            (ARTIFACTS / f"nodes-browser-{node.node}.log").write_text(node.log_text(), encoding="utf-8")


def post(base: str, path: str, body: dict[str, Any], token: str | None = None) -> Any:
    req = urllib.request.Request(base + path, method="POST", data=json.dumps(body).encode(),
                                 headers={"Content-Type": "application/json",
                                          **({"Authorization": f"Bearer {token}"} if token else {})})
    with urllib.request.urlopen(req, timeout=15) as r:
        return json.load(r)


async def uninterrupted(folder: Path, seat0: list[int], length: int) -> list[str]:
    """The log of the same table played in this process without a stop (a SQLite store in ``folder``):
    seat 0 plays ``seat0`` in order, the bots the rest, until the log holds ``length`` actions."""
    store = AsyncStore(Store(f"sqlite:///{folder}/uninterrupted.sqlite"))
    store.start()
    room = Room(store, deal_wait=True)
    try:
        rt, owner = await room.create_table("bridge", {}, seed=SEED, practice=True)
        token = await room.sit(rt.id, 0, "Anna")
        await room.add_bots(rt.id, [1, 2, 3], owner)
        mine = iter(seat0)
        for _ in range(20_000):
            if len(rt.state.history) >= length:
                break
            if rt.state.to_act == 0 and not rt.state.is_over:
                await room.act(rt.id, token, next(mine), rt.seq)
            await asyncio.sleep(0.005)
        actions: list[str] = room.record(rt.id, live=True)["actions"]
        return actions[:length]
    finally:
        await room.close()
        await store.stop()


def test_the_page_survives_the_death_of_its_node(browser: Any, nodes: list[ServerProcess], room_db: str,
                                                 tmp_path: Path) -> None:
    a, b = nodes
    proxy = Proxy(a.port).start()
    try:
        table = post(proxy.base, "/api/tables", {"game": "bridge", "options": {}, "seed": SEED, "practice": True})
        tid = table["id"]
        token = post(proxy.base, f"/api/tables/{tid}/seats/0", {"name": "Anna"})["token"]
        assert sql(room_db, "SELECT node FROM room_leases WHERE table_id = :t", t=tid) == [("a",)]

        rng = random.Random(7)
        clicked: list[int] = []  # seat 0's actions, as the page clicked them

        def choose(st: State) -> int:
            if len(clicked) == CLICKS_BEFORE_KILL and not killed:
                raise Kill  # the node dies before this turn's click
            aid: int = rng.choice(st["legal"])["id"]
            clicked.append(aid)
            return aid

        with page_in(browser) as pg:
            pg.goto(proxy.base + "/")
            pg.evaluate(f"localStorage.setItem('cardroom:token:{tid}:0', '{token}')")
            pg.goto(proxy.base + f"/?table={tid}&seat=0")
            pg.wait_for_function("window.__cardroom.state && window.__cardroom.state.seat === 0")
            post(proxy.base, f"/api/tables/{tid}/bots", {"seats": [1, 2, 3]}, table["owner_token"])
            killed = False
            with pytest.raises(Kill):
                play_to_deal_end(pg, choose)
            killed = True
            before = state(pg)
            assert before["view"]["deal"]["phase"] == "play" and not before["deal_end"], before["position"]
            pg.evaluate("window.__cardroom.table.ws.__beforeKill = true; window.__cardroom.state.__beforeKill = true")
            a.kill()  # SIGKILL
            proxy.switch(b.port)
            # the page sees its socket close and connects again by itself, now to node b, which takes the
            # table over once a's lease has expired
            pg.wait_for_function("() => { const ws = window.__cardroom.table.ws;"
                                 " return !ws.__beforeKill && ws.readyState === 1; }", timeout=30_000)
            pg.wait_for_function("!window.__cardroom.state.__beforeKill", timeout=30_000)  # a state from node b
            after = state(pg)
            assert after["seq"] == before["seq"] and after["position"] == before["position"]

            end = play_to_deal_end(pg, choose)
            shot(pg, "nodes-browser-after-failover")
            # what the page may have shown meanwhile: that the dead node did not answer (a relayed request)
            gone = RoomError(503, "node_gone").text("en")
            assert set(pg.evaluate("window.__cardroom.errors")) <= {gone}
        assert proxy.accepted[b.port] >= 1 and proxy.accepted[a.port] >= 1
    finally:
        proxy.stop()

    assert sql(room_db, "SELECT node FROM room_leases WHERE table_id = :t", t=tid) == [("b",)]
    stored = sql(room_db, "SELECT n, text FROM room_actions WHERE table_id = :t ORDER BY n", t=tid)
    assert [n for n, _ in stored] == list(range(len(stored)))  # no gap, no number twice
    assert before["seq"] < len(stored) == end["seq"]
    log = [x for _, x in stored]
    with ThreadPoolExecutor(1) as pool:  # a loop of its own: Playwright's sync API keeps one running here
        again = pool.submit(asyncio.run, uninterrupted(tmp_path, clicked, len(log))).result(timeout=300)
    assert log == again


def test_the_proxy_pipes_switches_and_cuts() -> None:
    """tests/nodekit.py's proxy, on its own: it pipes to its upstream, a switch points new connections at
    the other upstream and cuts the open ones, and a refusing upstream closes the client's connection."""
    def upstream(text: bytes) -> http.server.ThreadingHTTPServer:
        class Answer(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"  # the connection stays open after an answer

            def do_GET(self) -> None:
                self.send_response(200)
                self.send_header("Content-Length", str(len(text)))
                self.end_headers()
                self.wfile.write(text)

            def log_message(self, *args: Any) -> None:
                return None

        srv = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Answer)
        threading.Thread(target=srv.serve_forever, daemon=True).start()
        return srv

    a, b = upstream(b"A"), upstream(b"B")
    port_a, port_b = a.server_address[1], b.server_address[1]
    proxy = Proxy(port_a).start()
    try:
        with urllib.request.urlopen(proxy.base, timeout=5) as r:
            assert r.read() == b"A"
        held = socket.create_connection(("127.0.0.1", proxy.port), timeout=5)  # open across the switch
        held.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        got = b""
        while not got.endswith(b"\r\n\r\nA"):
            chunk = held.recv(4096)
            assert chunk, got
            got += chunk
        proxy.switch(port_b)
        assert held.recv(4096) == b""  # cut by the switch (the upstream keeps it open: HTTP/1.1)
        held.close()
        with urllib.request.urlopen(proxy.base, timeout=5) as r:
            assert r.read() == b"B"
        b.shutdown()
        b.server_close()
        with pytest.raises(OSError):  # nothing listens there now: the client's connection is closed
            urllib.request.urlopen(proxy.base, timeout=5)
        assert proxy.accepted == {port_a: 2, port_b: 1} and proxy.refused == {port_b: 1}
    finally:
        proxy.stop()
        a.shutdown()
        a.server_close()
