"""Issue 15 point 3 and "no data is lost when a process is killed between two actions", for the card
room's club evenings: an evening is stored (``room_evenings``) and rebuilt at start-up.

A duplicate evening (two tables, boards shared between them) and a pivot evening (whole rubbers)
are stopped in the middle, gracefully and by SIGKILL of a real server process, on SQLite and on a
real PostgreSQL server; each then finishes exactly as the same evening played without a stop (every
table's actions, the standings), its standings equal a recomputation from the tables' published
records, and every table that played a board was dealt that board's cards. A process killed after
the evening stored a new table's id but before the table was stored makes that table at the next
start. A bad stored evening row is set aside (logged, 410) without stopping the other evenings or
tables."""

from __future__ import annotations

import json
import logging
import os
import random
import subprocess
import sys
import time
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sqlalchemy import create_engine, text

from cardroom.club.evening import dealt_boards, make_board, recompute
from cardroom.room.store import Store
from cardroom.room.testing import Postgres, ServerProcess

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from cardroom.room.app import create_app

DUPLICATE: dict[str, Any] = {"movement": "duplicate", "tables": 2, "game": "auction-bridge", "seed": 11, "deals": 4}
PIVOT: dict[str, Any] = {"movement": "pivot", "tables": 1, "game": "straight-bridge", "seed": 5}
WINNERS: dict[str, Any] = {"movement": "progressive", "tables": 2, "game": "auction-bridge", "seed": 6, "deals": 2,
                           "progressive_move": "winners"}
SIX: dict[str, Any] = {"movement": "six-handed", "seed": 5, "six_deals": 8}
BOT_DELAY = 0.01  # seconds before each bot action: the stops fall inside the evening


def sql(db: str, statement: str, **params: Any) -> Any:
    eng = create_engine(db)
    try:
        with eng.begin() as conn:
            result = conn.execute(text(statement), params)
            return result.fetchall() if result.returns_rows else None
    finally:
        eng.dispose()


def wait_for(what: Callable[[], bool], timeout: float, why: str) -> None:
    deadline = time.monotonic() + timeout
    while not what():
        assert time.monotonic() < deadline, why
        time.sleep(0.05)


def finished(c: Any, eid: str, timeout: float = 240) -> dict[str, Any]:
    """The evening's summary once it is over (``c``: a TestClient or an httpx client)."""
    deadline = time.monotonic() + timeout
    while not (info := c.get(f"/api/club/evenings/{eid}").json())["over"]:
        assert time.monotonic() < deadline, info
        time.sleep(0.1)
    got: dict[str, Any] = info
    return got


def outcome(c: Any, info: dict[str, Any]) -> dict[str, Any]:
    """What an evening played: each table-round's segments (offset, boards, the table's actions), read from
    the tables' published records, its standings, and the evening's JSON rebuilt from those records."""
    tables, plays = [], []
    for tb in info["tables"]:
        segs = []
        for s in tb["segments"]:
            r = c.get(f"/api/tables/{s['table_id']}/record")
            assert r.status_code == 200, r.text
            segs.append({"offset": s["offset"], "boards": s["boards"], "record": r.json()})
        tables.append({**{k: tb[k] for k in ("round", "table", "seats", "boards")}, "segments": segs})
        plays.append((tb["round"], tb["table"], [(s["offset"], s["boards"], s["record"]["actions"]) for s in segs]))
    data: dict[str, Any] = {"format": "cardroom-evening", "kind": info["kind"], "game": info["game"], "options": {}}
    if info["kind"] == "six-handed":  # each rubber of two pairs, its room tables the segments
        data.update(rubbers=[{"pairs": tb["pairs"], "segments": s["segments"]}
                             for tb, s in zip(info["tables"], tables, strict=True)], log=info["log"])
    else:
        data["tables"] = tables
    return {"plays": plays, "standings": [(s["name"], s["points"], s["direction"]) for s in info["standings"]],
            "data": data}


_REFERENCES: dict[str, dict[str, Any]] = {}


def reference(body: dict[str, Any], tmp: Path) -> dict[str, Any]:
    """The evening of ``body`` played without a stop (it is the first evening of a fresh room: ``e1``)."""
    key = json.dumps(body, sort_keys=True)
    if key not in _REFERENCES:
        with TestClient(create_app(f"sqlite:///{tmp}/reference-{len(_REFERENCES)}.sqlite")) as c:
            r = c.post("/api/club/evenings", json=body)
            assert r.status_code == 201 and r.json()["id"] == "e1", r.text
            info = finished(c, "e1")
            assert info["failed"] is None, info
            _REFERENCES[key] = {**outcome(c, info), "card": c.get("/club/evenings/e1").text}
    return _REFERENCES[key]


def check_against_reference(got: dict[str, Any], ref: dict[str, Any], body: dict[str, Any]) -> None:
    assert got["plays"] == ref["plays"], "the stopped evening played exactly as the uninterrupted one"
    assert got["standings"] == ref["standings"]
    recomputed = [(s.name, s.points, s.direction) for s in recompute(got["data"])]
    assert got["standings"] == recomputed, "the standings are those recomputed from the published records"
    if body["movement"] in ("duplicate", "progressive"):  # every board's cards, at every table, are the board's
        boards = dealt_boards(got["data"])
        played = sorted(b for tb in got["data"]["tables"] for s in tb["segments"] for b in s["boards"])
        assert sorted(b for b, seen in boards.items() for _ in seen) == played and played
        for number, seen in boards.items():
            assert {hands for _, _, hands in seen} == {make_board(body["seed"], number).hands}, number


def mid_evening(c: Any, eid: str, least: int) -> Callable[[], bool]:
    """True once an unfinished table of the evening has at least ``least`` actions."""
    def look() -> bool:
        info = c.get(f"/api/club/evenings/{eid}").json()
        assert not info["over"], "the evening ended before the stop: raise BOT_DELAY"
        for tb in info["tables"]:
            for s in tb["segments"]:
                t = c.get(f"/api/tables/{s['table_id']}").json()
                if not t["over"] and t["seq"] >= least:
                    return True
        return False
    return look


def stored_progress(db: str, eid: str) -> dict[str, Any]:
    store = Store(db)
    try:
        [ev] = [e for e in store.load_evenings() if e.id == eid]
        assert ev.problem is None
        return ev.progress
    finally:
        store.close()


# ---------------------------------------------------------------------------------------------- graceful
def test_a_graceful_restart_in_the_middle_of_a_duplicate_evening(db: str, tmp_path: Path) -> None:
    ref = reference(DUPLICATE, tmp_path)
    with TestClient(create_app(db, bot_delay=BOT_DELAY)) as c:
        assert c.post("/api/club/evenings", json=DUPLICATE).json()["id"] == "e1"
        wait_for(mid_evening(c, "e1", 30), 60, "the first round did not get going")
    first = stored_progress(db, "e1")
    assert first["over"] is False and first["round"] == 1 and len(first["tables"]) == 2
    with TestClient(create_app(db, bot_delay=BOT_DELAY)) as c:  # the second stop: in the second round
        info = c.get("/api/club/evenings/e1").json()
        assert info["round"] == 1 and not info["over"], "the evening is back where it was"
        assert [s["table_id"] for tb in info["tables"] for s in tb["segments"]] == \
            [sg[2] for tb in first["tables"] for sg in tb["segments"]]
        wait_for(lambda: c.get("/api/club/evenings/e1").json()["round"] == 2, 120, "no second round")
        wait_for(mid_evening(c, "e1", 10), 60, "the second round did not get going")
    assert stored_progress(db, "e1")["round"] == 2
    with TestClient(create_app(db)) as c:
        info = finished(c, "e1")
        assert info["failed"] is None
        check_against_reference(outcome(c, info), ref, DUPLICATE)
        card = c.get("/club/evenings/e1")
        assert card.status_code == 200 and card.text == ref["card"], "the printable card is the uninterrupted one's"
        assert "Standings" in card.text
        # the next evening of the room gets a new id
        assert c.post("/api/club/evenings", json={**DUPLICATE, "tables": 1, "deals": 1}).json()["id"] == "e2"
    assert stored_progress(db, "e1")["over"] is True


@pytest.mark.parametrize(("body", "delay", "least"), [
    (PIVOT, BOT_DELAY / 4, 20),  # rubber tables shuffle their own deals (from their seeds); three whole rubbers
    (WINNERS, BOT_DELAY, 10),  # the second round made from the first one's records
    (SIX, BOT_DELAY / 2, 5),  # three rubber tables, two of them given a deal at a time; "round" is the deal
], ids=["pivot", "winners", "six-handed"])
def test_a_graceful_restart_in_the_middle_of_an_evening(body: dict[str, Any], delay: float, least: int,
                                                         tmp_path: Path) -> None:
    ref = reference(body, tmp_path)
    db = f"sqlite:///{tmp_path}/evening.sqlite"
    with TestClient(create_app(db, bot_delay=delay)) as c:
        assert c.post("/api/club/evenings", json=body).json()["id"] == "e1"
        wait_for(lambda: c.get("/api/club/evenings/e1").json()["round"] >= 2, 120, "no second round")
        wait_for(mid_evening(c, "e1", least), 60, "the second round did not get going")
    stopped = stored_progress(db, "e1")
    assert stopped["round"] >= 2 and not stopped["over"]
    with TestClient(create_app(db)) as c:
        info = finished(c, "e1")
        assert info["failed"] is None
        check_against_reference(outcome(c, info), ref, body)
        assert c.get("/club/evenings/e1").text == ref["card"]


def test_killed_after_storing_a_tables_id_before_the_table(tmp_path: Path) -> None:
    """The window between the evening's commit of a new table's id and the table's own: the table's rows
    are removed, as if the process had died there; the next start makes the table, with the same seed."""
    ref = reference(DUPLICATE, tmp_path)
    db = f"sqlite:///{tmp_path}/window.sqlite"
    with TestClient(create_app(db, bot_delay=BOT_DELAY)) as c:
        c.post("/api/club/evenings", json=DUPLICATE)
        wait_for(lambda: c.get("/api/club/evenings/e1").json()["round"] == 2, 120, "no second round")
        wait_for(mid_evening(c, "e1", 5), 60, "the second round did not get going")
    progress = stored_progress(db, "e1")
    last = progress["tables"][-1]["segments"][-1][2]
    assert sql(db, "SELECT COUNT(*) FROM room_actions WHERE table_id = :t", t=last)[0][0] > 0
    for table in ("room_actions", "room_seat_events"):
        sql(db, f"DELETE FROM {table} WHERE table_id = :t", t=last)
    sql(db, "DELETE FROM room_tables WHERE id = :t", t=last)
    assert sql(db, "SELECT COUNT(*) FROM room_tables WHERE id = :t", t=last)[0][0] == 0  # gone from the store
    with TestClient(create_app(db)) as c:
        # (whether the table is there at the first request depends on how soon the resumed evening makes it:
        # the start resumes evenings in the background, so that is not asserted)
        info = finished(c, "e1")
        assert info["failed"] is None
        assert last in [s["table_id"] for tb in info["tables"] for s in tb["segments"]]
        check_against_reference(outcome(c, info), ref, DUPLICATE)


# ---------------------------------------------------------------------------------------------- SIGKILL
KILLS = 3


@pytest.mark.parametrize(("backend", "body"), [("sqlite", DUPLICATE), ("postgresql", DUPLICATE),
                                               ("sqlite", {**SIX, "six_deals": 12})],
                         ids=["sqlite", "postgresql", "six-handed"])
def test_sigkill_in_the_middle_of_an_evening(backend: str, body: dict[str, Any], tmp_path: Path,
                                             request: pytest.FixtureRequest) -> None:
    ref = reference(body, tmp_path)
    if backend == "sqlite":
        db = f"sqlite:///{tmp_path}/killed.sqlite"
    else:
        pg: Postgres = request.getfixturevalue("postgres")
        eng = create_engine(pg.url, isolation_level="AUTOCOMMIT")
        with eng.connect() as conn:
            conn.execute(text("CREATE DATABASE evening_killed"))
        eng.dispose()
        db = pg.url.rsplit("/", 1)[0] + "/evening_killed"
    rng = random.Random(15)
    server = ServerProcess(db, bot_delay=BOT_DELAY)
    server.start()
    try:
        with httpx.Client(base_url=server.base, timeout=30) as c:
            r = c.post("/api/club/evenings", json=body)
            assert r.status_code == 201 and r.json()["id"] == "e1", r.text
        rounds = []
        for _ in range(KILLS):
            time.sleep(rng.uniform(0.3, 1.5))
            with httpx.Client(base_url=server.base, timeout=30) as c:
                before = c.get("/api/club/evenings/e1").json()
                assert not before["over"], "the evening ended before the kills: raise BOT_DELAY"
                seqs = {s["table_id"]: c.get(f"/api/tables/{s['table_id']}").json()["seq"]
                        for tb in before["tables"] for s in tb["segments"]}
            rounds.append(before["round"])
            server.kill()
            server.start()
            with httpx.Client(base_url=server.base, timeout=30) as c:
                after = c.get("/api/club/evenings/e1").json()
                # the evening's tables and every acknowledged action are still there
                assert after["round"] >= before["round"]
                kept = {s["table_id"] for tb in after["tables"] for s in tb["segments"]}
                assert set(seqs) <= kept
                assert all(c.get(f"/api/tables/{t}").json()["seq"] >= n for t, n in seqs.items())
        assert rounds == sorted(rounds)
        server.stop()  # the kills are over: the rest at full speed
        server.bot_delay = 0.0
        server.start()
        with httpx.Client(base_url=server.base, timeout=30) as c:
            info = finished(c, "e1")
            assert info["failed"] is None, info
            check_against_reference(outcome(c, info), ref, body)
    finally:
        server.stop()
    assert "Traceback" not in server.log_text()


# ---------------------------------------------------------------------------------------------- bad rows
SMALL: dict[str, Any] = {"movement": "duplicate", "tables": 1, "game": "auction-bridge", "deals": 1}


def test_a_bad_evening_row_is_set_aside_and_the_others_go_on(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    db = f"sqlite:///{tmp_path}/bad.sqlite"
    with TestClient(create_app(db)) as c:
        done = c.post("/api/club/evenings", json={**SMALL, "seed": 1}).json()["id"]
        finished(c, done)
        before = outcome(c, c.get(f"/api/club/evenings/{done}").json())
        # evenings that wait for Ann (her seat stays empty): they stop at their first table
        waiting = [c.post("/api/club/evenings", json={**SMALL, "seed": 2 + i, "players": ["Ann"]}).json()["id"]
                   for i in range(6)]
        wait_for(lambda: all(c.get(f"/api/club/evenings/{e}").json()["tables"][0]["segments"] for e in waiting),
                 30, "the waiting evenings made no table")
        plain = c.post("/api/tables", json={"game": "euchre", "options": {}, "seed": 3, "practice": True}).json()
        c.post(f"/api/tables/{plain['id']}/bots", json={}, headers={"Authorization": f"Bearer {plain['owner_token']}"})
        quarantined = c.get(f"/api/club/evenings/{waiting[5]}").json()["tables"][0]["segments"][0]["table_id"]
    good, *bad = waiting[:5]
    poisons = [  # the plain SQL that corrupts a row, words the logged reason holds
        ("UPDATE room_evenings SET plan = 'not json' WHERE id = :e", "its plan is not a JSON object: 'not json'"),
        ("UPDATE room_evenings SET progress = '[1]' WHERE id = :e", "its progress is not a JSON object: '[1]'"),
        ("UPDATE room_evenings SET plan = replace(plan, '\"duplicate\"', '\"whist\"') WHERE id = :e",
         "not a club evening's record"),
        ("UPDATE room_evenings SET progress = replace(progress, '\"round\": 1, \"seats\"', '\"round\": 7, \"seats\"')"
         " WHERE id = :e", "its stored progress does not fit its movement: round 7 table 1"),
    ]
    for (statement, _), eid in zip(poisons, bad, strict=True):
        sql(db, statement, e=eid)
    sql(db, "UPDATE room_tables SET game = 'nosuchgame' WHERE id = :t", t=quarantined)
    listed = subprocess.run([sys.executable, "-m", "cardroom.cli.main", "room", "quarantine", "--db", db],
                            capture_output=True, text=True, timeout=120, env={**os.environ, "CARDROOM_LANG": "en"})
    assert listed.returncode == 0, listed.stderr
    lines = [ln.split("\t") for ln in listed.stdout.splitlines()]
    assert [ln[0] for ln in lines] == [quarantined, *bad]
    assert all(kind == "club-evening" and words in why
               for (_, kind, why), (_, words) in zip(lines[1:], poisons, strict=True)), lines
    with caplog.at_level(logging.ERROR, logger="cardroom.room"), TestClient(create_app(db)) as c:
        for (_, words), eid in zip(poisons, bad, strict=True):
            r = c.get(f"/api/club/evenings/{eid}")
            assert r.status_code == 410 and r.json()["code"] == "evening_set_aside", r.text
            assert c.get(f"/club/evenings/{eid}").status_code == 410
            assert any(f"club evening {eid} is set aside" in m and words in m for m in caplog.messages), \
                (words, caplog.messages)
        assert c.get(f"/api/club/evenings/{eid}?lang=ru").json()["detail"].startswith("клубный вечер")
        # the finished evening is served as it was; the plain table plays on
        assert outcome(c, c.get(f"/api/club/evenings/{done}").json()) == before
        wait_for(lambda: c.get(f"/api/tables/{plain['id']}").json()["over"], 120, "the plain table stopped")
        # an evening whose table is set aside fails, saying which
        failed = finished(c, waiting[5], 30)
        assert failed["failed"] and quarantined in failed["failed"], failed
        # the good evening still waits for Ann, then goes on to its end
        info = c.get(f"/api/club/evenings/{good}").json()
        assert not info["over"]
        tid = info["tables"][0]["segments"][0]["table_id"]
        seat = next(i for i, s in enumerate(c.get(f"/api/tables/{tid}").json()["seats"]) if s["kind"] == "empty")
        token = c.post(f"/api/tables/{tid}/seats/{seat}", json={"name": "Ann"}).json()["token"]
        ann = {"Authorization": f"Bearer {token}"}

        def play_for_ann() -> bool:
            t = c.get(f"/api/tables/{tid}", headers=ann).json()
            if t["over"]:
                return True
            if t["to_act"] == seat:  # Ann's first legal action each time
                c.post(f"/api/tables/{tid}/actions", json={"action": 0, "seq": t["seq"]}, headers=ann)
            return False

        wait_for(play_for_ann, 120, "Ann's table did not end")
        info = finished(c, good, 60)
        assert info["failed"] is None and info["standings"]
        assert [(s["name"], s["points"], s["direction"]) for s in info["standings"]] == \
            [(s.name, s.points, s.direction) for s in recompute(outcome(c, info)["data"])]
        # the next evening's id is past every stored one, the set-aside ones included
        assert c.post("/api/club/evenings", json={**SMALL, "seed": 9}).json()["id"] == f"e{len(waiting) + 2}"


def test_undecodable_text_in_an_evening_row_is_that_evenings_problem(tmp_path: Path) -> None:
    import sqlite3

    path = tmp_path / "bytes.sqlite"
    store = Store(f"sqlite:///{path}")
    store.add_evening("e1", json.dumps({"format": "x"}), "{}")
    store.add_evening("e2", json.dumps({"format": "x"}), "{}")
    store.close()
    con = sqlite3.connect(path)
    con.execute("UPDATE room_evenings SET progress = CAST(X'7BFF7D' AS TEXT) WHERE id = 'e1'")
    con.commit()
    con.close()
    store = Store(f"sqlite:///{path}")
    try:
        got = {e.id: e for e in store.load_evenings()}
    finally:
        store.close()
    assert got["e1"].problem is not None and got["e1"].problem.key == "q.value"
    assert "progress" in got["e1"].problem.text() and "UTF-8" in got["e1"].problem.text()
    assert got["e2"].problem is None and got["e2"].plan == {"format": "x"}


# ---------------------------------------------------------------------------------------------- the row
@settings(max_examples=25, deadline=None)
@given(kind=st.sampled_from(["duplicate", "progressive", "pivot", "tour", "royal", "six-handed"]),
       seed=st.integers(0, 2**31),
       tables=st.integers(1, 3), deals=st.sampled_from([2, 4]), data=st.data())
def test_an_evening_row_gives_back_the_evening(kind: str, seed: int, tables: int, deals: int,
                                                data: st.DataObject) -> None:
    """Any progress of any room evening, written and read back, is the same evening; a table-round whose
    seats or boards are not its movement's, a six-handed end not the 6-cycle's, are refused."""
    from cardroom.club.evening import EveningError
    from cardroom.club.movements import six_handed
    from cardroom.room.evening import RoomEvening, RoomEvenings
    from cardroom.room.store import StoredEvening

    winners = kind == "progressive" and data.draw(st.booleans())
    try:
        ev = RoomEvenings().make({"movement": kind, "tables": tables, "seed": seed, "deals": deals,
                                  "players": data.draw(st.lists(st.sampled_from(["Ann", "Bob"]), unique=True)),
                                  **({"progressive_move": "winners"} if winners else {})}, "en")
    except EveningError:  # a movement that cannot seat these tables (tour, royal: one table)
        return
    if kind == "six-handed":
        cycle = list(six_handed(ev.plan.players, ev.plan.options.six_deals))
        for deal in cycle[:data.draw(st.integers(0, len(cycle)))]:
            ev.round = deal.number
            for end in deal.ends:
                sat = data.draw(st.booleans())
                ev.six_log.append((deal.number, end.position, end.rubber, sat))
                segs = ev.six.setdefault(end.rubber, [])
                if not sat:
                    if not segs or data.draw(st.booleans()):
                        segs.append(([], f"t{deal.number}x{end.position}"))
                    segs[-1][0].append(deal.number)
        row = StoredEvening(ev.id, json.loads(ev.plan_text()), json.loads(ev.progress_text()), 0.0)
        back = RoomEvening.from_stored(row)
        assert (back.six, back.six_log, back.round, back.tables) == (ev.six, ev.six_log, ev.round, [])
        if ev.six_log:
            bad = json.loads(ev.progress_text())
            entry = bad["log"][data.draw(st.integers(0, len(bad["log"]) - 1))]
            entry[2] = [entry[2][1], entry[2][0]]  # the rubber's pairs the other way round: no end of the cycle
            with pytest.raises(EveningError):
                RoomEvening.from_stored(StoredEvening(ev.id, row.plan, bad, 0.0))
        return
    rounds = ev.plan.movement.rounds
    begun = data.draw(st.integers(0, len(rounds)))
    for rnd in rounds[:begun]:
        ev.round = rnd.number
        for s in rnd.sittings:
            parts = [(data.draw(st.integers(0, 3)), data.draw(st.lists(st.sampled_from(s.boards or (0,)), max_size=3)),
                     f"t{rnd.number}x{s.table}x{k}") for k in range(data.draw(st.integers(0, 2)))]
            ev.tables.append({**table_dict_of(s, rnd.number), "segments": parts})
    ev.over = begun == len(rounds) and data.draw(st.booleans())
    ev.failed = data.draw(st.one_of(st.none(), st.text(max_size=20)))
    row = StoredEvening(ev.id, json.loads(ev.plan_text()), json.loads(ev.progress_text()), 0.0)
    back = RoomEvening.from_stored(row)
    assert (back.plan.head(), back.bots, back.tables, back.round, back.over, back.failed) == \
        (ev.plan.head(), ev.bots, ev.tables, ev.round, ev.over, ev.failed)
    if ev.tables:
        bad = json.loads(ev.progress_text())
        tb = bad["tables"][data.draw(st.integers(0, len(bad["tables"]) - 1))]
        # a winners' round's boards are checked against its records when the evening resumes
        which = data.draw(st.sampled_from(["seats", "round"] if winners and tb["round"] > 1 else
                                          ["seats", "boards", "round"]))
        if which == "seats":
            tb["seats"]["N"], tb["seats"]["E"] = tb["seats"]["E"], tb["seats"]["N"] + "?"
        elif which == "boards":
            tb["boards"] = [*tb["boards"], 99]
        else:  # past the last round (a winners' evening: as many rounds as tables, Evening.next_round)
            tb["round"] = (len(rounds[0].sittings) if winners else len(rounds)) + 1
        with pytest.raises(EveningError):
            RoomEvening.from_stored(StoredEvening(ev.id, row.plan, bad, 0.0))


def table_dict_of(s: Any, rnd: int) -> dict[str, Any]:
    from cardroom.club.evening import table_dict

    return table_dict(s, [], rnd)


def test_a_refused_progress_write_is_tried_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The store refuses every other write of the evening's progress (a lost connection): each is tried again,
    and the evening ends as an uninterrupted one."""
    from cardroom.room.store import StoreError

    ref = reference(DUPLICATE, tmp_path)
    calls = {"n": 0, "refused": 0}
    real = Store.save_evening

    def flaky(self: Store, evening_id: str, progress: str) -> None:
        calls["n"] += 1
        if calls["n"] % 2:
            calls["refused"] += 1
            raise StoreError("connection lost")
        real(self, evening_id, progress)

    monkeypatch.setattr(Store, "save_evening", flaky)
    with TestClient(create_app(f"sqlite:///{tmp_path}/flaky.sqlite")) as c:
        c.app.state.room.store_retry_pause = 0.01  # type: ignore[attr-defined]
        assert c.post("/api/club/evenings", json=DUPLICATE).json()["id"] == "e1"
        info = finished(c, "e1")
        assert info["failed"] is None, info
        check_against_reference(outcome(c, info), ref, DUPLICATE)
    assert calls["refused"] >= 5
    assert stored_progress(f"sqlite:///{tmp_path}/flaky.sqlite", "e1")["over"] is True


def test_an_evening_the_store_refuses_is_not_made(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from cardroom.room.store import StoreError

    def refuse(self: Store, evening_id: str, plan: str, progress: str) -> None:
        raise StoreError("disk full")

    with TestClient(create_app(f"sqlite:///{tmp_path}/refused.sqlite")) as c:
        monkeypatch.setattr(Store, "add_evening", refuse)
        for lang, words in (("en", "the evening could not be stored"), ("ru", "вечер не удалось сохранить")):
            r = c.post(f"/api/club/evenings?lang={lang}", json=SMALL)
            assert r.status_code == 503 and r.json()["code"] == "evening_store", r.text
            assert words in r.json()["detail"] and "disk full" in r.json()["detail"]
        assert c.get("/api/club/evenings/e1").status_code == 404 and not c.get("/api/tables").json()["tables"]
        monkeypatch.undo()
        assert c.post("/api/club/evenings", json=SMALL).status_code == 201
