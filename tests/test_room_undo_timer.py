"""A table's own options (issue 14, point 11; ``room/tableopts.py``): undo by agreement (off by
default, never at a rated table; ``room/undo.py``) and the move timer (``room/timer.py``)."""

from __future__ import annotations

import time
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cardroom.records.registry import state_from_dict
from roomkit import auth

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from cardroom.room.app import create_app
from cardroom.room.testing import live_record


@pytest.fixture
def db(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path}/room.sqlite"


@pytest.fixture
def client(db: str) -> Iterator[TestClient]:
    with TestClient(create_app(db)) as c:
        yield c


def _table(client: TestClient, table: Any, humans: list[int], game: str = "bridge",
           seed: int = 3) -> tuple[str, dict[int, str]]:
    r = client.post("/api/tables", json={"game": game, "options": {}, "seed": seed, "practice": True, "table": table})
    assert r.status_code == 201, r.text
    tid, owner, n = r.json()["id"], r.json()["owner_token"], len(r.json()["table"]["seats"])
    tokens = {s: client.post(f"/api/tables/{tid}/seats/{s}", json={"name": f"p{s}"}).json()["token"] for s in humans}
    bots = [s for s in range(n) if s not in humans]
    if bots:
        assert client.post(f"/api/tables/{tid}/bots", json={"seats": bots}, headers=auth(owner)).status_code == 201
    return tid, tokens


def _rt(client: TestClient, tid: str) -> Any:
    return client.app.state.room.table(tid)  # type: ignore[attr-defined]


def _settle(client: TestClient, tid: str) -> Any:
    rt = _rt(client, tid)
    deadline = time.monotonic() + 60
    while (rt.driver is not None and not rt.driver.done()) or (rt.to_act_seat() is None and not rt.state.is_over):
        assert time.monotonic() < deadline
        time.sleep(0.01)
    return rt


def _act(client: TestClient, tid: str, token: str) -> Any:
    rt = _settle(client, tid)
    r = client.post(f"/api/tables/{tid}/actions", headers=auth(token), json={"action": 0, "seq": rt.seq})
    assert r.status_code == 200, r.text
    return _settle(client, tid)


def test_table_options_are_checked_in_both_languages(client: TestClient) -> None:
    for table, code in (({"undo": 1}, "bad_table_option"), ({"timer": 0}, "bad_table_option"),
                        ({"timer": True}, "bad_table_option"), ({"volume": 3}, "bad_table_option"),
                        ([], "bad_table_option"), ({"undo": True, "rated": True}, "bad_table_option")):
        r = client.post("/api/tables", json={"game": "bridge", "options": {}, "table": table})
        assert r.status_code == 400 and r.json()["code"] == code, (table, r.text)
    both = {"undo": True, "rated": True}
    r = client.post("/api/tables?lang=ru", json={"game": "bridge", "options": {}, "table": both})
    assert "рейтинговым" in r.json()["detail"]
    r = client.post("/api/tables?lang=ru", json={"game": "bridge", "options": {}, "table": {"timer": 0}})
    assert "секунд" in r.json()["detail"]
    r = client.post("/api/tables", json={"game": "bridge", "options": {}})
    assert r.json()["table"]["table_options"] == {"undo": False, "timer": None, "rated": False}


def test_undo_is_off_by_default_and_never_at_a_rated_table(client: TestClient) -> None:
    for table in (None, {"rated": True}):
        tid, tokens = _table(client, table, [0, 1, 2, 3])
        rt = _act(client, tid, tokens[_settle(client, tid).to_act_seat()])
        r = client.post(f"/api/tables/{tid}/undo", headers=auth(tokens[0]), json={"seq": rt.seq})
        assert r.status_code == 409 and r.json()["code"] == "undo_off", r.text
        r = client.post(f"/api/tables/{tid}/undo?lang=ru", headers=auth(tokens[0]), json={"seq": rt.seq})
        assert "ход назад" in r.json()["detail"]


def test_an_agreed_undo_takes_back_the_last_action_and_survives_a_kill(client: TestClient, db: str) -> None:
    tid, tokens = _table(client, {"undo": True}, [0, 1, 2, 3])
    rt = _settle(client, tid)
    first = rt.to_act_seat()
    before = rt.state.snapshot()
    seq0 = rt.seq
    rt = _act(client, tid, tokens[first])  # first's call
    second = rt.to_act_seat()
    rt = _act(client, tid, tokens[second])  # the next player's call
    r = client.post(f"/api/tables/{tid}/undo", headers=auth(tokens[first]), json={"seq": rt.seq})
    assert r.status_code == 200 and r.json()["outcome"] == "pending", r.text
    state = client.get(f"/api/tables/{tid}/state", headers=auth(tokens[second])).json()
    them = sorted([second, (second + 2) % 4])
    assert state["undo"] == {"seat": first, "back_to": seq0, "opponents": them, "waiting": them}
    r = client.post(f"/api/tables/{tid}/actions", headers=auth(tokens[rt.to_act_seat()]),
                    json={"action": 0, "seq": rt.seq})
    assert r.status_code == 409 and r.json()["code"] == "undo_pending"
    r = client.post(f"/api/tables/{tid}/undo/answer", headers=auth(tokens[(first + 2) % 4]), json={"agree": True})
    assert r.status_code == 403  # his partner is not asked
    for s in (second, (second + 2) % 4):
        r = client.post(f"/api/tables/{tid}/undo/answer", headers=auth(tokens[s]), json={"agree": True})
        assert r.status_code == 200, r.text
    assert r.json()["outcome"] == "agreed"
    assert rt.seq == seq0 and rt.state.snapshot() == before and rt.to_act_seat() == first
    assert state_from_dict(live_record(client, tid)).snapshot() == before
    # a new action takes the freed order number; a restart has the cut log and the new action
    rt = _act(client, tid, tokens[first])
    after = rt.state.snapshot()
    with TestClient(create_app(db)) as again:
        assert again.app.state.room.table(tid).state.snapshot() == after  # type: ignore[attr-defined]


def test_a_refused_undo_changes_nothing(client: TestClient) -> None:
    tid, tokens = _table(client, {"undo": True}, [0, 1, 2, 3])
    rt = _settle(client, tid)
    first = rt.to_act_seat()
    rt = _act(client, tid, tokens[first])
    snap = rt.state.snapshot()
    r = client.post(f"/api/tables/{tid}/undo", headers=auth(tokens[(first + 2) % 4]), json={"seq": rt.seq})
    assert r.status_code == 409 and r.json()["code"] == "undo_nothing"  # his partner has not acted
    r = client.post(f"/api/tables/{tid}/undo", headers=auth(tokens[first]), json={"seq": rt.seq})
    assert r.json()["outcome"] == "pending"
    r = client.post(f"/api/tables/{tid}/undo/answer", headers=auth(tokens[(first + 1) % 4]), json={"agree": False})
    assert r.json()["outcome"] == "refused"
    assert rt.undo is None and rt.state.snapshot() == snap
    _act(client, tid, tokens[rt.to_act_seat()])


def test_against_bots_an_undo_is_agreed_at_once(client: TestClient) -> None:
    tid, tokens = _table(client, {"undo": True}, [0])
    for _ in range(20):
        rt = _settle(client, tid)
        seq0 = rt.seq
        rt = _act(client, tid, tokens[0])
        snap = rt.state.snapshot()
        r = client.post(f"/api/tables/{tid}/undo", headers=auth(tokens[0]), json={"seq": rt.seq})
        if r.json().get("code") == "undo_nothing":  # his action ended the deal: a new deal was dealt
            assert rt.state.snapshot() == snap
            continue
        assert r.json().get("outcome") == "agreed", r.text
        assert rt.seq == seq0 and rt.to_act_seat() == 0
        return
    raise AssertionError("no undo was possible")


def test_the_timer_plays_the_bot_for_a_late_player_and_lapses_requests(client: TestClient) -> None:
    tid, tokens = _table(client, {"timer": 1, "undo": True}, [0, 1, 2, 3])
    rt = _settle(client, tid)
    seq0, who = rt.seq, rt.to_act_seat()
    deadline = time.monotonic() + 10
    while rt.seq == seq0:
        assert time.monotonic() < deadline, "the timer did not act"
        time.sleep(0.05)
    assert time.monotonic() - (deadline - 10) >= 0.9  # not before its time
    text = rt.state.action_text(rt.state.history[seq0])
    assert text in [rt.state.action_text(a) for a in rt.game.replay(rt.state.history[:seq0]).legal_actions()]
    assert rt.seq == seq0 + 1
    # a pending request lapses
    r = client.post(f"/api/tables/{tid}/undo", headers=auth(tokens[who]), json={"seq": rt.seq})
    assert r.json()["outcome"] == "pending", r.text
    deadline = time.monotonic() + 10
    while rt.undo is not None:
        assert time.monotonic() < deadline, "the request did not lapse"
        time.sleep(0.05)
    assert rt.seq == seq0 + 1  # and nothing was played for it


def test_a_table_without_timer_waits(client: TestClient) -> None:
    tid, _ = _table(client, None, [0, 1, 2, 3])
    rt = _settle(client, tid)
    seq0 = rt.seq
    time.sleep(1.5)
    assert rt.seq == seq0


def test_an_undo_survives_a_killed_server(tmp_path: Path) -> None:
    import json as json_
    import urllib.request

    from cardroom.room.store import Store
    from cardroom.room.testing import ServerProcess

    srv = ServerProcess(f"sqlite:///{tmp_path}/room.sqlite", limits={"table_rate": 0})

    def call(method: str, path: str, body: Any = None, token: str | None = None) -> Any:
        req = urllib.request.Request(srv.base + path, data=None if body is None else json_.dumps(body).encode(),
                                     method=method, headers={"Content-Type": "application/json",
                                                             **({"Authorization": f"Bearer {token}"} if token else {})})
        with urllib.request.urlopen(req, timeout=10) as r:
            return json_.load(r)

    srv.start()
    try:
        tid = call("POST", "/api/tables", {"game": "bridge", "options": {}, "seed": 5, "practice": True,
                                           "table": {"undo": True}})["id"]
        tokens = {s: call("POST", f"/api/tables/{tid}/seats/{s}", {"name": f"p{s}"})["token"] for s in range(4)}

        def act() -> tuple[int, int]:
            """One call by whoever is on turn: the new seq and that seat."""
            for _ in range(100):
                info = call("GET", f"/api/tables/{tid}")
                if info["to_act"] is not None:
                    break
                time.sleep(0.02)
            return int(call("POST", f"/api/tables/{tid}/actions", {"action": 0, "seq": info["seq"]},
                            tokens[info["to_act"]])["seq"]), int(info["to_act"])

        seq1, first = act()
        seq2, second = act()
        kept = Store(srv.db).actions(tid)[: seq1 - 1]
        assert call("POST", f"/api/tables/{tid}/undo", {"seq": seq2}, tokens[first])["outcome"] == "pending"
        for s in (second, (second + 2) % 4):
            out = call("POST", f"/api/tables/{tid}/undo/answer", {"agree": True}, tokens[s])
        assert out["outcome"] == "agreed" and out["seq"] == seq1 - 1
        assert Store(srv.db).actions(tid) == kept
        srv.kill()  # SIGKILL: nothing but the store survives
        srv.start()
        assert call("GET", f"/api/tables/{tid}")["seq"] == seq1 - 1
        assert Store(srv.db).actions(tid) == kept
        assert call("GET", f"/api/tables/{tid}")["to_act"] == first  # his call to make again
    finally:
        srv.stop()
