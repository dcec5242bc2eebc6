"""Issue 12, points 7-9 ("bounded resources"), against a real server (``ServerProcess``: uvicorn on
loopback): body and frame caps, hostile JSON, the outbox's byte cap, the table-creation rate, the
paginated lobby, the idle expiry, the socket caps. A second client address is 127.0.0.2 (Linux
routes all of 127/8 to the loopback)."""

from __future__ import annotations

import asyncio
import json
import socket
import string
import time
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from cardroom.games import load, names
from cardroom.i18n import MESSAGES as STRINGS
from cardroom.room.engine import Outbox, RoomError
from cardroom.room.jsonin import parse_request_json
from cardroom.room.messages import msg
from cardroom.room.store import SeatEvent, Store, StoredTable
from cardroom.room.testing import ServerProcess

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient
    from starlette.websockets import WebSocketDisconnect

from cardroom.room.app import create_app

MiB = 1024 * 1024
OTHER = "127.0.0.2"  # a second client address


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise AssertionError("no VmRSS")


def stored(db: str) -> dict[str, StoredTable]:
    store = Store(db)
    try:
        return {t.id: t for t in store.load_all()}
    finally:
        store.close()


def start(tmp_path: Path, name: str, **limits: float) -> tuple[ServerProcess, str]:
    db = f"sqlite:///{tmp_path}/{name}.sqlite"
    srv = ServerProcess(db, limits=limits)
    srv.start()
    return srv, db


def ws_url(srv: ServerProcess, tid: str, query: str = "") -> str:
    return srv.base.replace("http://", "ws://") + f"/ws/tables/{tid}" + (f"?{query}" if query else "")


def new_table(srv: ServerProcess, game: str = "bridge", **kw: Any) -> dict[str, Any]:
    r = httpx.post(srv.base + "/api/tables", json={"game": game, "options": {}}, **kw)
    assert r.status_code == 201, r.text
    data: dict[str, Any] = r.json()
    return data


def assert_json_error(r: httpx.Response, status: int, code: str) -> dict[str, Any]:
    assert r.status_code == status, r.text[:300]
    assert r.headers["content-type"].startswith("application/json")
    body: dict[str, Any] = r.json()
    assert body["code"] == code and body["detail"], body
    assert len(r.content) < 500, len(r.content)  # small, whatever was sent
    return body


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[ServerProcess, str]]:
    """The default caps (the table rate off: this module's tests share the server)."""
    srv, db = start(tmp_path_factory.mktemp("limits"), "room", table_rate=0)
    try:
        yield srv, db
    finally:
        srv.stop()


@pytest.fixture(scope="module")
def roomy(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[ServerProcess, str]]:
    """Body and frame caps raised to 256 KiB, so that 100 000 nested arrays reach the JSON reader."""
    srv, db = start(tmp_path_factory.mktemp("limits-json"), "room", table_rate=0, max_body=256 * 1024,
                    max_frame=256 * 1024)
    try:
        yield srv, db
    finally:
        srv.stop()


# ------------------------------------------------------------------ 7. bodies, frames, quoted input
def test_a_100_mib_body_is_refused_at_once_and_the_server_does_not_grow(server: tuple[ServerProcess, str]) -> None:
    srv, db = server
    assert srv.proc is not None
    before_tables = len(stored(db))
    rss0 = rss_kib(srv.proc.pid)
    # Content-Length of 100 MiB, only the headers sent: the 413 comes without the body being read
    with socket.create_connection(("127.0.0.1", srv.port), timeout=10) as s:
        t0 = time.monotonic()
        s.sendall(b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                  b"Content-Length: %d\r\n\r\n{\"game\": \"" % (100 * MiB))
        answer = b""
        while chunk := s.recv(65536):
            answer += chunk
        elapsed = time.monotonic() - t0
    head, _, body = answer.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 413"), head
    assert b"connection: close" in head.lower()
    assert json.loads(body)["code"] == "too_large" and elapsed < 5
    # the same with httpx streaming a generator, declared (Content-Length) and chunked
    for declared in (True, False):
        sent = 0

        def chunks() -> Iterator[bytes]:
            nonlocal sent
            piece = b"x" * 65536
            for _ in range(100 * MiB // len(piece)):
                sent += len(piece)
                yield piece

        headers = {"content-type": "application/json"}
        if declared:
            headers["content-length"] = str(100 * MiB)
        t0 = time.monotonic()
        r = httpx.post(srv.base + "/api/tables", content=chunks(), headers=headers, timeout=60)
        assert_json_error(r, 413, "too_large")
        assert time.monotonic() - t0 < 20
        assert sent < 50 * MiB, sent  # the server stopped reading: the client's writes failed early
    assert rss_kib(srv.proc.pid) - rss0 < 5 * 1024
    assert len(stored(db)) == before_tables
    assert httpx.get(srv.base + "/api/tables").status_code == 200


def test_a_1_mib_socket_frame_closes_the_socket_with_1009_and_a_reason(server: tuple[ServerProcess, str]) -> None:
    srv, _ = server
    assert srv.proc is not None
    tid = new_table(srv)["id"]
    rss0 = rss_kib(srv.proc.pid)

    async def run() -> None:
        for frame in ("x" * MiB, b"x" * MiB):
            async with connect(ws_url(srv, tid), max_size=None) as ws:
                assert json.loads(await ws.recv())["type"] == "state"
                try:
                    await ws.send(frame)
                    answer = await asyncio.wait_for(ws.recv(), 10)
                except ConnectionClosed:
                    pass
                else:
                    raise AssertionError(f"the socket stayed open: {answer[:100]!r}")
                assert ws.close_code == 1009 and ws.close_reason, (ws.close_code, ws.close_reason)
        async with connect(ws_url(srv, tid)) as ws:  # the server is fine
            assert json.loads(await ws.recv())["type"] == "state"
            await ws.send(json.dumps({"type": "ping"}))
            assert json.loads(await ws.recv())["type"] == "pong"

    asyncio.run(run())
    assert rss_kib(srv.proc.pid) - rss0 < 5 * 1024


def test_the_apps_own_frame_cap_closes_with_1009_and_a_reason(tmp_path: Path) -> None:
    """Under a server without uvicorn's ``ws_max_size`` the room's read loop enforces ``max_frame``."""
    with TestClient(create_app(f"sqlite:///{tmp_path}/room.sqlite", max_frame=1000)) as c:
        tid = c.post("/api/tables", json={"game": "bridge", "options": {}}).json()["id"]
        with c.websocket_connect(f"/ws/tables/{tid}?lang=ru") as ws:
            ws.receive_json()
            ws.send_text(json.dumps({"type": "ping"}) + " " * 1000)
            with pytest.raises(WebSocketDisconnect) as e:
                ws.receive_json()
        assert e.value.code == 1009 and e.value.reason == msg("frame_too_large", "ru", max=1000)


def test_refusals_quote_only_a_short_prefix_of_the_input(server: tuple[ServerProcess, str]) -> None:
    srv, db = server
    t = new_table(srv)
    tid = t["id"]
    tokens = [httpx.post(f"{srv.base}/api/tables/{tid}/seats/{s}", json={}).json()["token"] for s in range(4)]
    deadline = time.monotonic() + 30
    while (info := httpx.get(f"{srv.base}/api/tables/{tid}").json())["to_act"] is None:
        assert time.monotonic() < deadline
        time.sleep(0.05)
    auth = {"Authorization": f"Bearer {tokens[info['to_act']]}"}
    url = f"{srv.base}/api/tables/{tid}/actions"
    before = stored(db)[tid].actions
    long_text = "Z" * 7000 + "TAIL"
    for body, status, code in [
        ({"action": long_text, "seq": info["seq"]}, 400, "unreadable"),
        ({"action": list(range(1000)), "seq": info["seq"]}, 400, "bad_action"),
        ({"irregular": long_text, "seq": info["seq"]}, 409, "not_laws"),
        ({"action": 10**25, "seq": info["seq"]}, 409, "illegal"),
        ({"action": 0, "seq": 10**29}, 409, "stale"),
    ]:
        for lang in ("en", "ru"):
            r = httpx.post(url, json=body, headers={**auth, "Accept-Language": lang})
            detail = assert_json_error(r, status, code)["detail"]
            assert "TAIL" not in detail and "ZZZZZZZZZZ" * 5 not in detail, detail
            assert len(detail) < 400
    r = httpx.get(f"{srv.base}/api/tables/{'q' * 5000}")
    assert "q" * 50 not in assert_json_error(r, 404, "unknown_table")["detail"]
    assert stored(db)[tid].actions == before


def test_every_message_cuts_what_it_quotes() -> None:
    """Whatever the parameters, no room message is long: every field is cut (``messages.msg``)."""
    for key, forms in STRINGS.items():
        for lang in ("en", "ru"):
            fields = {f for _, f, _, _ in string.Formatter().parse(forms[lang]) if f}
            huge = {f: "y" * 100_000 for f in fields}
            assert len(msg(key, lang, **huge)) < 2000, key
            deep = {f: [list(range(5000))] for f in fields}
            assert len(msg(key, lang, **deep)) < 2000, key
    short = msg("unreadable", "en", action="1NT", why="not a call")
    assert short == "cannot read '1NT': not a call"
    quoted = msg("unreadable", "en", action="Q" * 100, why="not a card: '" + "Q" * 100 + "'")
    assert quoted.count("Q") == 80 and quoted.count("…") == 2


# ------------------------------------------------------------------ 9. hostile JSON
HOSTILE: list[tuple[str, bytes, str]] = [
    ("deep arrays", b"[" * 100_000 + b"]" * 100_000, "json_too_deep"),
    ("deep objects", b'{"a":' * 40_000 + b"1" + b"}" * 40_000, "json_too_deep"),
    ("5000-digit integer", b'{"type": "act", "seq": ' + b"7" * 5000 + b"}", "json_big_int"),
    ("NaN", b'{"type": "act", "seq": NaN}', "json_not_finite"),
    ("Infinity", b'{"type": "act", "seq": -Infinity}', "json_not_finite"),
    ("1e999", b'{"type": "act", "seq": 1e999}', "json_not_finite"),
    ("NUL", b'{"type": "act", "action": "\\u0000"}', "json_nul"),
    ("lone surrogate", b'{"type": "act", "action": "\\ud800"}', "json_surrogate"),
    ("surrogate key", b'{"\\udfff": 1}', "json_surrogate"),
    ("invalid UTF-8", b'{"type": "act", "action": "\xff\xfe"}', "json_utf8"),
    ("not JSON", b'{"type": ', "bad_json"),
]


@pytest.mark.parametrize(("case", "raw", "key"), HOSTILE, ids=[c for c, _, _ in HOSTILE])
def test_hostile_json_over_http_is_a_400_and_stores_nothing(roomy: tuple[ServerProcess, str], case: str,
                                                            raw: bytes, key: str) -> None:
    srv, db = roomy
    tid = new_table(srv)["id"]
    before = stored(db)
    with pytest.raises(RoomError) as local:  # the server's answer is the shared reader's
        parse_request_json(raw)
    assert local.value.key == key
    for path in ("/api/tables", f"/api/tables/{tid}/actions", f"/api/tables/{tid}/seats/0"):
        r = httpx.post(srv.base + path, content=raw, headers={"content-type": "application/json",
                                                                  "Accept-Language": "ru"})
        assert assert_json_error(r, 400, "bad_json")["detail"] == local.value.text("ru")
    assert stored(db).keys() == before.keys() and stored(db)[tid] == before[tid]
    assert httpx.get(f"{srv.base}/api/tables/{tid}").json()["seats"][0]["kind"] == "empty"


@pytest.mark.parametrize(("case", "raw", "key"), HOSTILE, ids=[c for c, _, _ in HOSTILE])
def test_hostile_json_over_the_socket_is_an_error_and_the_socket_stays(roomy: tuple[ServerProcess, str],
                                                                       case: str, raw: bytes, key: str) -> None:
    srv, db = roomy
    tid = new_table(srv)["id"]
    before = stored(db)[tid]

    async def run() -> None:
        async with connect(ws_url(srv, tid)) as ws:
            assert json.loads(await ws.recv())["type"] == "state"
            try:
                frame: str | bytes = raw.decode("utf-8")
            except UnicodeDecodeError:
                frame = raw  # a binary frame: the room reads it as UTF-8
            await ws.send(frame)
            e = json.loads(await asyncio.wait_for(ws.recv(), 10))
            assert e["type"] == "error" and e["code"] == "bad_json" and e["message"], e
            assert len(e["message"]) < 300
            await ws.send(json.dumps({"type": "ping"}))  # still connected
            assert json.loads(await asyncio.wait_for(ws.recv(), 10))["type"] == "pong"

    asyncio.run(run())
    assert stored(db)[tid] == before


def test_posts_take_only_json(server: tuple[ServerProcess, str]) -> None:
    srv, db = server
    before = len(stored(db))
    for headers, body in [({"content-type": "text/plain"}, b'{"game": "bridge", "options": {}}'),
                          ({"content-type": "application/x-www-form-urlencoded"}, b"game=bridge"),
                          ({"content-type": "multipart/form-data; boundary=x"}, b"--x--"),
                          ({}, b'{"game": "bridge", "options": {}}')]:
        r = httpx.post(srv.base + "/api/tables", content=body, headers=headers)
        assert_json_error(r, 415, "unsupported_media_type")
    assert len(stored(db)) == before
    ok = httpx.post(srv.base + "/api/tables", content=b'{"game": "bridge", "options": {}}',
                    headers={"content-type": "application/json; charset=utf-8"})
    assert ok.status_code == 201
    t = ok.json()
    # a route that needs no body may be called without one (and without the header)
    r = httpx.post(f"{srv.base}/api/tables/{t['id']}/seats/0/invite",
                   headers={"Authorization": f"Bearer {t['owner_token']}"})
    assert r.status_code == 201
    r = httpx.post(f"{srv.base}/api/tables/{t['id']}/seats/1/invite", content=b"x",
                   headers={"Authorization": f"Bearer {t['owner_token']}", "content-type": "text/plain"})
    assert_json_error(r, 415, "unsupported_media_type")


def test_the_json_reader_accepts_what_clients_send() -> None:
    assert parse_request_json(b'{"type": "act", "action": "\\u2660A", "seq": 57, "x": [1.5, -2]}') == {
        "type": "act", "action": "♠A", "seq": 57, "x": [1.5, -2]}
    assert parse_request_json('{"seed": ' + "9" * 30 + "}")["seed"] == int("9" * 30)
    assert parse_request_json('{"a": ' + "[" * 31 + "]" * 31 + "}")  # 32 deep: the most allowed
    assert parse_request_json('{"s": "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["}')  # brackets in a string
    for raw in ['{"a": ' + "[" * 32 + "]" * 32 + "}", '{"seed": -' + "1" * 31 + "}", '{"x": "\\u0000"}',
                '"text"', "{}" * 2, '{"x": 1' + "0" * 50 + ".5}"]:
        with pytest.raises(RoomError) as e:
            parse_request_json(raw)
        assert e.value.status == 400 and e.value.code == "bad_json"


# ------------------------------------------------------------------ 7. the outbox's byte cap
def test_an_outbox_is_bounded_in_bytes() -> None:
    async def run() -> None:
        box = Outbox(limit=100, max_bytes=10_000)
        box.put('{"type": "error", "code": "x"}')
        for i in range(50):
            box.put(f'{{"type": "state", "seq": {i}, "pad": "{"p" * 2000}"}}', replaceable=True)
            assert box.bytes <= 10_000
        # the error stays; the newest states that fit remain, in order
        assert box.peak_bytes <= 10_000 and box.dropped == 50 - 4 and len(box) == 5
        got = [str(await box.get()) for _ in range(5)]
        assert got[0].startswith('{"type": "error"') and [json.loads(g)["seq"] for g in got[1:]] == [46, 47, 48, 49]
        assert box.bytes == 0
        box.put("п" * 3000)  # UTF-8 bytes, not characters: 6 000 bytes
        assert box.bytes == 6000
        box.put("п" * 3000)  # the first goes (no state waits: the oldest message)
        assert len(box) == 1 and box.bytes == 6000
        box.put("x" * 50_000, replaceable=True)  # larger than the cap: goes alone
        assert len(box) == 1 and box.bytes == 50_000
        assert await box.get() == "x" * 50_000 and box.bytes == 0
        box.close()
        assert await box.get() is None

    asyncio.run(run())


def test_a_client_that_never_reads_stays_under_the_byte_cap(tmp_path: Path) -> None:
    """A spectator whose socket takes nothing while four bots play: its waiting messages never
    exceed ``outbox_bytes`` (the message cap is set out of reach), and it is closed once stuck. The cap
    holds a few of the table's state messages (a spectator's bridge message, with its common table view,
    is about 6 KB late in a deal), so that it is the bytes, not one large message, that bound the box."""
    cap = 24_000
    app = create_app(f"sqlite:///{tmp_path}/room.sqlite", bot_delay=0.002, outbox_limit=10_000,
                     outbox_bytes=cap, stuck_seconds=1.0)
    with TestClient(app) as client:
        room = client.app.state.room  # type: ignore[attr-defined]
        r = client.post("/api/tables", json={"game": "bridge", "options": {}}).json()
        tid, owner = r["id"], r["owner_token"]
        never = asyncio.Event()
        seen: list[int] = []

        async def stuck_client() -> None:
            connected = False

            async def receive() -> dict[str, Any]:
                nonlocal connected
                if not connected:
                    connected = True
                    return {"type": "websocket.connect"}
                await never.wait()
                return {"type": "websocket.disconnect", "code": 1000}

            async def send(message: dict[str, Any]) -> None:
                if message["type"] == "websocket.send":
                    await never.wait()  # the socket's buffers are full

            scope = {"type": "websocket", "path": f"/ws/tables/{tid}", "raw_path": f"/ws/tables/{tid}".encode(),
                     "root_path": "", "query_string": b"", "headers": [], "subprotocols": [], "scheme": "ws",
                     "server": ("testserver", 80), "client": ("testclient", 1), "asgi": {"version": "3.0"},
                     "http_version": "1.1"}
            await client.app(scope, receive, send)  # type: ignore[arg-type]

        assert client.portal is not None
        stuck = client.portal.start_task_soon(stuck_client)
        deadline = time.monotonic() + 10
        while not room.outboxes:
            assert time.monotonic() < deadline
            time.sleep(0.01)
        box = next(iter(room.outboxes))
        client.post(f"/api/tables/{tid}/bots", json={}, headers={"Authorization": f"Bearer {owner}"})
        deadline = time.monotonic() + 30
        while not stuck.done():
            seen.append(box.bytes)
            assert box.bytes <= cap or len(box) == 1
            assert time.monotonic() < deadline
            time.sleep(0.002)
        stuck.result(timeout=10)
        assert box.dropped > 0 and box.peak_bytes <= cap and max(seen) > cap // 2
        assert room.connections_closed_stuck == 1


# ------------------------------------------------------------------ 8. the table-creation rate
def test_table_creation_is_rate_limited_per_client(tmp_path: Path) -> None:
    srv, db = start(tmp_path, "rate", table_burst=5, table_rate=1)
    try:
        answers = [httpx.post(srv.base + "/api/tables", json={"game": "bridge", "options": {}},
                              headers={"Accept-Language": "ru" if i % 2 else "en"}) for i in range(30)]
        assert [a.status_code for a in answers] == [201] * 5 + [429] * 25
        for a in answers[5:]:
            body = assert_json_error(a, 429, "rate_limited")
            assert 1 <= int(a.headers["retry-after"]) <= 60
            assert ("попробуйте через" if a.request.headers["accept-language"] == "ru" else "try again in") \
                in body["detail"]
        assert sorted(stored(db)) == sorted(a.json()["id"] for a in answers[:5])  # nothing stored for the 429s
        with httpx.Client(transport=httpx.HTTPTransport(local_address=OTHER)) as other:  # another address
            r = other.post(srv.base + "/api/tables", json={"game": "euchre", "options": {}})
            assert r.status_code == 201
        assert len(stored(db)) == 6
    finally:
        srv.stop()


# ------------------------------------------------------------------ 8. the lobby
def _fill_store(db: str) -> list[tuple[str, str, str]]:
    """300 tables written straight into the store: (id, game, kind) with kind full / free / over."""
    store = Store(db)
    games = names()
    made = []
    try:
        for i in range(300):
            game = games[i % len(games)]
            n = load(game).num_seats
            kind = ("full", "free", "over")[i % 3]
            events = [] if kind == "free" else [SeatEvent(s, "sit", f"p{s}", f"{i:060d}{s:04d}") for s in range(n)]
            if kind == "over":
                events.append(SeatEvent(0, "abandon", "p0", None))
            tid = f"lobby{i:04d}"
            store.add_table(StoredTable(tid, game, {}, i, "0" * 64, None, 1000.0 + i, events, []))
            made.append((tid, game, kind))
    finally:
        store.close()
    return made


def test_the_lobby_is_paginated_and_filtered(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path}/lobby.sqlite"
    made = _fill_store(db)
    srv = ServerProcess(db)
    srv.start()
    try:
        def get(path: str) -> dict[str, Any]:
            r = httpx.get(srv.base + path)
            assert r.status_code == 200, r.text
            assert len(r.content) < 200 * 2048  # a page is bounded whatever the room holds
            data: dict[str, Any] = r.json()
            return data

        newest_first = [tid for tid, _, _ in reversed(made)]
        first = get("/api/tables")
        assert first["limit"] == 50 and [t["id"] for t in first["tables"]] == newest_first[:50]
        ids, page, pages = [], "/api/tables", 0
        while page:
            answer = get(page)
            assert len(answer["tables"]) <= 50
            ids += [t["id"] for t in answer["tables"]]
            page, pages = answer["next"], pages + 1
        assert ids == newest_first and pages == 6
        big = get("/api/tables?limit=200")
        assert len(big["tables"]) == 200 and big["next_cursor"] is not None
        # filters, and their pages
        for query, want in [
            ("game=preferans", [t for t, g, _ in made if g == "preferans"]),
            ("over=true", [t for t, _, k in made if k == "over"]),
            ("over=false", [t for t, _, k in made if k != "over"]),
            ("free=true", [t for t, _, k in made if k == "free"]),
            ("free=false&game=bridge", [t for t, g, k in made if k != "free" and g == "bridge"]),
            ("game=contract-bridge&over=false&free=true", [t for t, g, k in made if k == "free" and g == "bridge"]),
        ]:
            got, page = [], f"/api/tables?{query}&limit=25"
            while page:
                answer = get(page)
                got += [t["id"] for t in answer["tables"]]
                assert len(answer["tables"]) <= 25
                page = answer["next"]
            assert got == list(reversed(want)), query
        # the cursor holds while tables are made between pages
        page1 = get("/api/tables?limit=10")
        for _ in range(3):
            httpx.post(srv.base + "/api/tables", json={"game": "bridge", "options": {}})
        page2 = get(page1["next"])
        assert [t["id"] for t in page2["tables"]] == newest_first[10:20]
        assert len(get("/api/tables")["tables"]) == 50 and get("/api/tables?limit=3")["tables"][0]["id"] not in ids
        for query, code in [("limit=201", "bad_query"), ("limit=0", "bad_query"), ("limit=ten", "bad_query"),
                            ("over=maybe", "bad_query"), ("cursor=abc", "bad_query"), ("cursor=-4", "bad_query"),
                            ("game=chess", "bad_query")]:
            assert_json_error(httpx.get(f"{srv.base}/api/tables?{query}"), 400, code)
    finally:
        srv.stop()


# ------------------------------------------------------------------ 8. idle tables
def test_idle_tables_expire_are_stored_ended_and_stay_ended_after_a_restart(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path}/idle.sqlite"
    srv = ServerProcess(db, bot_delay=3.0, limits={"idle_hours": 1 / 3600, "table_rate": 0})  # idle after 1 s
    srv.start()
    try:
        seated = new_table(srv, "preferans")["id"]  # a person sat down, then went away
        httpx.post(f"{srv.base}/api/tables/{seated}/seats/0", json={"name": "Anna"})
        bots = new_table(srv, "bridge")  # bots only, slow: still playing when it expires
        httpx.post(f"{srv.base}/api/tables/{bots['id']}/bots", json={},
                   headers={"Authorization": f"Bearer {bots['owner_token']}"})
        watched = new_table(srv, "euchre")["id"]  # a spectator stays connected

        def info(tid: str) -> dict[str, Any]:
            data: dict[str, Any] = httpx.get(f"{srv.base}/api/tables/{tid}").json()
            return data

        async def watch() -> None:
            async with connect(ws_url(srv, watched)) as ws:
                assert json.loads(await ws.recv())["over"] is False
                deadline = time.monotonic() + 20
                while not (info(seated)["over"] and info(bots["id"])["over"]):
                    assert time.monotonic() < deadline
                    await asyncio.sleep(0.1)
                await asyncio.sleep(1.5)  # well past the idle time: connected, so not ended
                assert info(watched)["over"] is False

        asyncio.run(watch())
        deadline = time.monotonic() + 20
        while not info(watched)["over"]:  # the spectator left: it ends too
            assert time.monotonic() < deadline
            time.sleep(0.1)
        for tid in (seated, bots["id"], watched):
            assert any(e.kind == "expire" for e in stored(db)[tid].seat_events)
        states = {tid: httpx.get(f"{srv.base}/api/tables/{tid}/state").json() for tid in (seated, bots["id"])}
        assert all(s["over"] and s["abandoned"] for s in states.values())
        seq_bots = info(bots["id"])["seq"]
        srv.stop()
        srv.start()
        for tid in (seated, bots["id"], watched):
            assert info(tid)["over"] is True
            record = httpx.get(f"{srv.base}/api/tables/{tid}/record")
            assert record.status_code == 200 and record.json().get("unfinished") is True
        time.sleep(1.0)
        assert info(bots["id"])["seq"] == seq_bots  # no bot plays on an ended table
        assert len([e for e in stored(db)[seated].seat_events if e.kind == "expire"]) == 1
    finally:
        srv.stop()


# ------------------------------------------------------------------ 8. socket caps
def test_socket_caps_per_client_and_in_all(tmp_path: Path) -> None:
    srv, _ = start(tmp_path, "caps", ws_per_client=3, ws_total=5)
    try:
        tid = new_table(srv)["id"]

        async def refused(local: str, code: int, error: str, lang: str = "en") -> None:
            async with connect(ws_url(srv, tid, f"lang={lang}"), local_addr=(local, 0)) as ws:
                e = json.loads(await asyncio.wait_for(ws.recv(), 10))
                assert e["type"] == "error" and e["code"] == error and e["message"]
                with pytest.raises(ConnectionClosed):
                    await asyncio.wait_for(ws.recv(), 10)
                assert ws.close_code == code and ws.close_reason, (ws.close_code, ws.close_reason)
                assert e["message"].startswith(ws.close_reason.removesuffix("…"))

        async def opened(local: str) -> ClientConnection:
            ws = await connect(ws_url(srv, tid), local_addr=(local, 0))
            assert json.loads(await asyncio.wait_for(ws.recv(), 10))["type"] == "state"
            return ws

        async def run() -> None:
            mine = [await opened("127.0.0.1") for _ in range(3)]
            await refused("127.0.0.1", 4429, "too_many_connections")
            await refused("127.0.0.1", 4429, "too_many_connections", "ru")
            theirs = [await opened(OTHER) for _ in range(2)]  # 5 in all
            await refused(OTHER, 1013, "server_full")
            await mine.pop().close()
            deadline = time.monotonic() + 10
            while True:  # the server counts the closed one out
                try:
                    theirs.append(await opened(OTHER))
                    break
                except (AssertionError, ConnectionClosed):
                    assert time.monotonic() < deadline
                    await asyncio.sleep(0.1)
            for ws in mine + theirs:
                await ws.ping()  # the others were never disturbed
                await ws.close()

        asyncio.run(run())
        assert httpx.get(srv.base + "/api/tables").status_code == 200
    finally:
        srv.stop()
