"""The card room's WebSocket protocol over every registered game: people at every seat play over their
sockets, a spectator watches; every message received is checked for hidden cards against the state it
describes (the record replayed to the message's seq); refusals; reconnection."""

from __future__ import annotations

import random
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cardroom.core.game import State
from cardroom.games import load, names
from cardroom.records.registry import state_from_dict
from cardroom.room.audit import check_message
from cardroom.room.engine import message_view, public_view

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from cardroom.room.app import create_app
from cardroom.room.testing import live_record, settled, ws_protocols

GAMES = names()
STEPS = 120  # actions played by people in each game's test


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path}/room.sqlite")) as c:
        yield c


def new_table(c: TestClient, game: str, seed: int = 5) -> str:
    tid: str = c.post("/api/tables", json={"game": game, "options": {}, "seed": seed, "practice": True}).json()["id"]
    return tid


def read_to(ws: Any, seq: int, log: list[dict[str, Any]]) -> dict[str, Any]:
    """Read state messages until the one for ``seq``; keep every message in ``log``."""
    if log and log[-1]["type"] == "state" and log[-1]["seq"] == seq:
        return log[-1]
    while True:
        m: dict[str, Any] = ws.receive_json()
        log.append(m)
        if m["type"] == "state" and m["seq"] == seq:
            return m
        assert m["type"] == "state" and m["seq"] < seq, m


def states_by_seq(record: dict[str, Any]) -> Iterator[tuple[int, State]]:
    state = state_from_dict({**record, "actions": []})
    yield 0, state
    for i, text in enumerate(record["actions"], 1):
        state.apply(state.parse_action(text))
        yield i, state


@pytest.mark.parametrize("game", GAMES)
def test_people_play_over_websockets_and_no_message_leaks(client: TestClient, game: str) -> None:
    g = load(game)
    n = g.num_seats
    tid = new_table(client, game)
    tokens = [client.post(f"/api/tables/{tid}/seats/{s}", json={"name": f"P{s}"}).json()["token"] for s in range(n)]
    rng = random.Random(1)
    logs: dict[int | None, list[dict[str, Any]]] = {s: [] for s in [*range(n), None]}
    socks = {s: client.websocket_connect(f"/ws/tables/{tid}", subprotocols=ws_protocols(tokens[s])) for s in range(n)}
    socks_all: dict[int | None, Any] = {s: w.__enter__() for s, w in socks.items()}
    spectator = client.websocket_connect(f"/ws/tables/{tid}")
    socks_all[None] = spectator.__enter__()
    try:
        for _ in range(STEPS):
            info = settled(client, tid)
            last = {s: read_to(ws, info["seq"], logs[s]) for s, ws in socks_all.items()}
            if info["over"]:
                break
            seat = info["to_act"]
            m = last[seat]
            assert m["to_act"] == seat and m["legal"]
            for s, other in last.items():  # only the seat on turn gets the legal list
                assert other["to_act"] == seat and other["seq"] == info["seq"]
                assert bool(other["legal"]) == (s == seat)
            choice = rng.choice(m["legal"])
            action = choice["id"] if rng.random() < 0.5 else choice["text"]
            socks_all[seat].send_json({"type": "act", "action": action, "seq": m["seq"]})
            mine = read_to(socks_all[seat], m["seq"] + 1, logs[seat])
            assert mine["seq"] == m["seq"] + 1
        final = client.get(f"/api/tables/{tid}").json()
        for s, ws in socks_all.items():
            read_to(ws, final["seq"], logs[s])
    finally:
        for w in [*socks.values(), spectator]:
            w.__exit__(None, None, None)
    record = live_record(client, tid)
    by_seq: dict[int, list[tuple[int | None, dict[str, Any]]]] = {}
    for s, msgs in logs.items():
        for m in msgs:
            by_seq.setdefault(m["seq"], []).append((s, m))
    problems: list[str] = []
    checked = 0
    for seq, state in states_by_seq(record):
        for s, m in by_seq.get(seq, []):
            problems.extend(check_message(s, m, state))
            if s is None:
                assert m["view"] == message_view(public_view(state))
            checked += 1
    assert problems == []
    assert checked == sum(len(v) for v in logs.values())
    # every socket saw every state after it connected, in order, none twice
    for msgs in logs.values():
        seqs = [m["seq"] for m in msgs]
        assert seqs == list(range(seqs[0], seqs[-1] + 1))


@pytest.mark.parametrize("game", GAMES)
def test_websocket_refusals_change_nothing(client: TestClient, game: str) -> None:
    n = load(game).num_seats
    tid = new_table(client, game)
    tokens = [client.post(f"/api/tables/{tid}/seats/{s}", json={"name": f"P{s}"}).json()["token"] for s in range(n)]
    info = settled(client, tid)
    seat, seq = info["to_act"], info["seq"]
    other = (seat + 1) % n
    record = live_record(client, tid)
    with client.websocket_connect(f"/ws/tables/{tid}", subprotocols=ws_protocols(tokens[seat])) as ws, \
            client.websocket_connect(f"/ws/tables/{tid}", subprotocols=ws_protocols(tokens[other])) as ws2, \
            client.websocket_connect(f"/ws/tables/{tid}") as spec:
        first = ws.receive_json()
        assert first["seq"] == seq and first["legal"]
        ws2.receive_json()
        spec.receive_json()
        ws.send_text("{not json")
        e = ws.receive_json()
        assert e["type"] == "error" and e["code"] == "bad_json" and "JSON" in e["message"]
        ws.send_bytes(b"\xff\xfe")
        assert ws.receive_json()["code"] == "bad_json"
        for bad, code in [
            ([1, 2], "bad_message"),
            ({"type": "dance"}, "bad_message"),
            ({"type": "act", "action": 0, "seq": seq + 5}, "stale"),
            ({"type": "act", "action": 0}, "bad_seq"),
            ({"type": "act", "action": "ZZ9", "seq": seq}, "unreadable"),
            ({"type": "act", "action": 10_000, "seq": seq}, "illegal"),
            ({"type": "act", "action": None, "seq": seq}, "bad_action"),
        ]:
            ws.send_json(bad)
            e = ws.receive_json()
            assert e["type"] == "error" and e["code"] == code and e["message"], (bad, e)
        ws2.send_json({"type": "act", "action": 0, "seq": seq})
        e = ws2.receive_json()
        assert e["type"] == "error" and e["code"] == "not_your_turn"
        spec.send_json({"type": "act", "action": 0, "seq": seq})
        e = spec.receive_json()
        assert e["type"] == "error" and e["code"] == "spectator"
        ws.send_json({"type": "ping"})
        assert ws.receive_json() == {"type": "pong", "seq": seq}
    assert live_record(client, tid) == record
    # a wrong token or an unknown table: an error, then the socket is closed
    with client.websocket_connect(f"/ws/tables/{tid}", subprotocols=ws_protocols("forged")) as ws:
        e = ws.receive_json()
        assert e["type"] == "error" and e["code"] == "bad_token"
    with client.websocket_connect("/ws/tables/nowhere") as ws:
        e = ws.receive_json()
        assert e["type"] == "error" and e["code"] == "unknown_table" and "nowhere" in e["message"]


@pytest.mark.parametrize("game", GAMES)
def test_reconnecting_with_the_token_restores_the_seats_full_view(client: TestClient, game: str) -> None:
    n = load(game).num_seats
    tid = new_table(client, game, seed=9)
    tokens = [client.post(f"/api/tables/{tid}/seats/{s}", json={"name": f"P{s}"}).json()["token"] for s in range(n)]
    for _ in range(n + 3):  # a few actions, by id over HTTP
        info = settled(client, tid)
        client.post(f"/api/tables/{tid}/actions", json={"action": 0, "seq": info["seq"]},
                    headers={"Authorization": f"Bearer {tokens[info['to_act']]}"})
    info = settled(client, tid)
    state = state_from_dict(live_record(client, tid))
    for s in range(n):
        with client.websocket_connect(f"/ws/tables/{tid}", subprotocols=ws_protocols(tokens[s])) as ws:
            m = ws.receive_json()
        assert m["seat"] == s and m["seq"] == info["seq"]
        assert m["view"] == message_view(state.view(s).to_dict())
        assert check_message(s, m, state) == []
        assert bool(m["legal"]) == (s == info["to_act"])
        with client.websocket_connect(f"/ws/tables/{tid}", subprotocols=ws_protocols(tokens[s])) as ws:
            assert ws.receive_json() == m  # and again: the same full view


# ---------------------------------------------------------------- slow clients
def test_an_outbox_keeps_the_newest_state_and_every_other_message() -> None:
    import asyncio

    from cardroom.room.engine import Outbox

    async def run() -> None:
        box = Outbox(limit=4)
        box.put('{"type": "error"}')
        for i in range(10):
            box.put(f"state {i}", replaceable=True)
        assert len(box) == 4 and box.peak == 4 and box.dropped == 7
        got = [await box.get() for _ in range(4)]
        # the error stays; of the states, the newest three remain, in order
        assert got == ['{"type": "error"}', "state 7", "state 8", "state 9"]
        for i in range(6):  # no state to drop: the oldest message goes
            box.put(f"pong {i}")
        assert [await box.get() for _ in range(4)] == ["pong 2", "pong 3", "pong 4", "pong 5"]
        box.close()
        assert await box.get() is None

    asyncio.run(run())
    with pytest.raises(ValueError):
        Outbox(limit=0)


def test_a_client_that_never_reads_is_capped_then_closed_and_others_miss_nothing(tmp_path: Path) -> None:
    """A spectator whose socket accepts nothing (its ``send`` never returns) while four bots play:
    its waiting messages never exceed the cap, the server closes it after ``stuck_seconds``, and a
    spectator that reads gets every state in order."""
    import asyncio
    import time

    limit = 6
    app = create_app(f"sqlite:///{tmp_path}/room.sqlite", bot_delay=0.004, outbox_limit=limit, stuck_seconds=0.5)
    with TestClient(app) as client:
        room = client.app.state.room  # type: ignore[attr-defined]
        r = client.post("/api/tables", json={"game": "bridge", "options": {}, "seed": 4, "practice": True}).json()
        tid, owner = r["id"], r["owner_token"]
        stuck_sends: list[str] = []
        peaks: list[int] = []
        box_count = len(room.outboxes)

        async def stuck_client() -> None:
            connected = False
            never = asyncio.Event()

            async def receive() -> dict[str, Any]:
                nonlocal connected
                if not connected:
                    connected = True
                    return {"type": "websocket.connect"}
                await never.wait()
                return {"type": "websocket.disconnect", "code": 1000}

            async def send(message: dict[str, Any]) -> None:
                stuck_sends.append(message["type"])
                if message["type"] == "websocket.send":
                    peaks.append(max((b.peak for b in room.outboxes), default=0))
                    await never.wait()  # the socket's buffers are full: nothing more goes out

            scope = {"type": "websocket", "path": f"/ws/tables/{tid}", "raw_path": f"/ws/tables/{tid}".encode(),
                     "root_path": "", "query_string": b"", "headers": [], "subprotocols": [], "scheme": "ws",
                     "server": ("testserver", 80), "client": ("testclient", 1), "asgi": {"version": "3.0"},
                     "http_version": "1.1"}
            await client.app(scope, receive, send)  # type: ignore[arg-type]

        assert client.portal is not None
        stuck = client.portal.start_task_soon(stuck_client)
        deadline = time.monotonic() + 10
        while len(room.outboxes) <= box_count:  # the stuck socket is subscribed
            assert time.monotonic() < deadline
            time.sleep(0.01)
        seqs: list[int] = []
        with client.websocket_connect(f"/ws/tables/{tid}") as spectator:
            seqs.append(spectator.receive_json()["seq"])
            client.post(f"/api/tables/{tid}/bots", json={}, headers={"Authorization": f"Bearer {owner}"})
            while True:
                m = spectator.receive_json()
                if m["type"] != "state":
                    continue
                seqs.append(m["seq"])
                waiting = [len(b) for b in room.outboxes]
                assert max(waiting) <= limit  # no connection ever holds more than the cap
                if m["over"] or (stuck.done() and m["seq"] > 150):
                    break
        stuck.result(timeout=10)  # the server gave up on the stuck socket: its handler returned
        assert stuck_sends[:2] == ["websocket.accept", "websocket.send"]
        assert room.connections_closed_stuck == 1
        assert room.messages_dropped > 0 and room.outbox_peak == limit
        # the reading spectator missed nothing (seat changes repeat a seq: the bots sitting down)
        assert seqs == sorted(seqs) and sorted(set(seqs)) == list(range(seqs[0], seqs[-1] + 1))
        assert seqs[-1] > limit * 3


# ---------------------------------------------------------------- languages and abandoning
def test_russian_socket_gets_russian_positions_and_errors(client: TestClient) -> None:
    tid = new_table(client, "bridge", seed=3)
    tokens = [client.post(f"/api/tables/{tid}/seats/{s}", json={"name": f"P{s}"}).json()["token"] for s in range(4)]
    info = settled(client, tid)
    state = state_from_dict(live_record(client, tid))
    seat = info["to_act"]
    with client.websocket_connect(f"/ws/tables/{tid}?lang=ru", subprotocols=ws_protocols(tokens[seat])) as ws, \
            client.websocket_connect(f"/ws/tables/{tid}", subprotocols=ws_protocols(tokens[seat])) as en:
        m = ws.receive_json()
        assert m["position"] == state.where().text("ru")
        assert m["position"].startswith("сдача 1") and "торговля" in m["position"]
        assert en.receive_json()["position"] == state.position()  # the same seat in English
        ws.send_json({"type": "act", "action": "7C", "seq": m["seq"] + 1})
        e = ws.receive_json()
        assert e["code"] == "stale" and e["message"].startswith("ваш ход относится")
        ws.send_json({"type": "act", "action": "zz", "seq": m["seq"]})
        assert ws.receive_json()["message"].startswith("не понимаю")
        ws.send_json({"type": "act", "action": "XX", "seq": m["seq"]})  # a redouble with nothing doubled
        e = ws.receive_json()
        assert e["code"] == "illegal"
        assert e["message"].startswith(f"'XX' сейчас нельзя ({state.where().text('ru')}); можно: ")


def test_abandoning_over_the_socket(client: TestClient) -> None:
    tid = new_table(client, "euchre", seed=2)
    tokens = [client.post(f"/api/tables/{tid}/seats/{s}", json={"name": f"P{s}"}).json()["token"] for s in range(4)]
    info = settled(client, tid)
    record = live_record(client, tid)
    with client.websocket_connect(f"/ws/tables/{tid}") as spec, \
            client.websocket_connect(f"/ws/tables/{tid}?lang=ru", subprotocols=ws_protocols(tokens[1])) as ws:
        spec.receive_json()
        ws.receive_json()
        spec.send_json({"type": "abandon"})
        e = spec.receive_json()
        assert e["type"] == "error" and e["code"] == "spectator"
        assert live_record(client, tid) == record and not client.get(f"/api/tables/{tid}").json()["over"]
        ws.send_json({"type": "abandon"})
        m = ws.receive_json()
        assert m["type"] == "state" and m["over"] and m["abandoned"] and m["seq"] == info["seq"]
        s = spec.receive_json()
        assert s["over"] and s["abandoned"] and s["to_act"] is None
        ws.send_json({"type": "abandon"})
        e = ws.receive_json()
        assert e["code"] == "over" and e["message"] == "партия окончена"
    rec = client.get(f"/api/tables/{tid}/record").json()
    assert rec["unfinished"] is True and rec["actions"] == record["actions"]


def test_each_message_is_built_once_per_seat_and_language(tmp_path: Path) -> None:
    """Three spectators and two sockets of one seat cost one public message and one seat message
    per action (per language), whatever the number of connections."""
    built: list[tuple[int | None, int]] = []

    def observer(seat: int | None, message: dict[str, Any], state: State) -> None:
        built.append((seat, message["seq"]))

    with TestClient(create_app(f"sqlite:///{tmp_path}/room.sqlite", observer=observer)) as client:
        tid = new_table(client, "bridge", seed=8)
        tokens = [client.post(f"/api/tables/{tid}/seats/{s}", json={"name": f"P{s}"}).json()["token"]
                  for s in range(4)]
        info = settled(client, tid)
        seat, seq = info["to_act"], info["seq"]
        with client.websocket_connect(f"/ws/tables/{tid}", subprotocols=ws_protocols(tokens[seat])) as a, \
                client.websocket_connect(f"/ws/tables/{tid}", subprotocols=ws_protocols(tokens[seat])) as b, \
                client.websocket_connect(f"/ws/tables/{tid}") as s1, \
                client.websocket_connect(f"/ws/tables/{tid}") as s2, \
                client.websocket_connect(f"/ws/tables/{tid}") as s3:
            for ws in (a, b, s1, s2, s3):
                ws.receive_json()
            built.clear()
            a.send_json({"type": "act", "action": 0, "seq": seq})
            got = [ws.receive_json() for ws in (a, b, s1, s2, s3)]
        assert {m["seq"] for m in got} == {seq + 1}
        assert got[0] == got[1] and got[2] == got[3] == got[4]
        assert sorted(built, key=str) == sorted([(seat, seq + 1), (None, seq + 1)], key=str)
