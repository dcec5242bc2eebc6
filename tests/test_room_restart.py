"""Issue 12, point 3: a bad stored row never stops the whole server.

Against a real server process (``ServerProcess``: uvicorn on loopback, on a SQLite file and on a
real PostgreSQL server): tables whose stored rows were corrupted with plain SQL are set aside at
start (410 ``quarantined``, one log line each, listed by ``cardroom room quarantine``) while every
other table is served and plays on to the same end as an uninterrupted run; a file that is not a
cardroom database, a dropped table, an unreachable PostgreSQL make the server exit with status 2
and one line, never a traceback, and leave the file as it was; a row that the store refuses at run
time stops only its own table.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import os
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets
from sqlalchemy import create_engine, inspect, text

from cardroom.games import load
from cardroom.room.engine import Room, build_tables
from cardroom.room.store import AsyncStore, SeatEvent, Store, StoredTable, StoreError, StoreSchemaError
from cardroom.room.testing import Postgres, ServerProcess, free_port


def sql(db: str, statement: str, **params: Any) -> Any:
    """Plain SQL on the store, as an operator (or a damaged disk) would change it: SQLite's foreign keys off."""
    eng = create_engine(db)
    try:
        with eng.begin() as conn:
            result = conn.execute(text(statement), params)
            return result.fetchall() if result.returns_rows else None
    finally:
        eng.dispose()


def rows_of(db: str, table_id: str) -> list[Any]:
    return [sql(db, "SELECT id, game, options, seed, owner_hash, parent FROM room_tables WHERE id = :t", t=table_id),
            sql(db, "SELECT seat, kind, name, secret_hash FROM room_seat_events WHERE table_id = :t ORDER BY id",
                t=table_id),
            sql(db, "SELECT n, text FROM room_actions WHERE table_id = :t ORDER BY n", t=table_id)]


def cardroom(*args: str) -> subprocess.CompletedProcess[str]:
    """The ``cardroom`` command of this tree (PYTHONPATH is inherited)."""
    return subprocess.run([sys.executable, "-m", "cardroom.cli.main", *args], capture_output=True, text=True,
                          timeout=120, env={**os.environ, "CARDROOM_LANG": "en"})


def new_table(c: httpx.Client, game: str, options: dict[str, Any], seed: int) -> str:
    r = c.post("/api/tables", json={"game": game, "options": options, "seed": seed,
                                           "practice": True})
    assert r.status_code == 201, r.text
    t = r.json()
    assert c.post(f"/api/tables/{t['id']}/bots", json={},
                  headers={"Authorization": f"Bearer {t['owner_token']}"}).status_code == 201
    tid: str = t["id"]
    return tid


def wait_for(what: Callable[[], bool], timeout: float, why: str) -> None:
    deadline = time.monotonic() + timeout
    while not what():
        assert time.monotonic() < deadline, why
        time.sleep(0.05)


async def uninterrupted(db: str, matches: list[tuple[str, dict[str, Any], int]]) -> dict[int, list[str]]:
    """The records of bot matches played without a stop, by seed: what a restarted table must end with."""
    store = AsyncStore(Store(db))
    store.start()
    room = Room(store)
    try:
        seeds = {}
        for game, options, seed in matches:
            rt, owner = await room.create_table(game, options, seed=seed, practice=True)
            await room.add_bots(rt.id, None, owner)
            seeds[rt.id] = seed
        while any(not rt.state.is_over for rt in room.tables.values()):
            await asyncio.sleep(0.02)
        return {seeds[tid]: room.record(tid)["actions"] for tid in seeds}
    finally:
        await room.close()
        await store.stop()


async def ws_first(url: str) -> tuple[dict[str, Any], int | None]:
    async with websockets.connect(url) as ws:
        first = json.loads(await ws.recv())
        with pytest.raises(websockets.ConnectionClosed):
            await ws.recv()
        return first, ws.close_code


# Each poison: the game of the table, the plain SQL that corrupts its rows, words the reason holds.
POISONS: dict[str, tuple[str, str, str]] = {
    "unreadable action": ("bridge", "UPDATE room_actions SET text = 'zz9' WHERE table_id = :t AND n = 3",
                          "stored action 3 'zz9' does not replay: not a call"),
    "illegal action": ("bridge", "UPDATE room_actions SET text = 'X' WHERE table_id = :t AND n = 2",
                       "stored action 2 'X' does not replay: S doubled, but there is no bid to double"),
    "unknown game": ("euchre", "UPDATE room_tables SET game = 'nosuchgame' WHERE id = :t",
                     "the game 'nosuchgame' with options {} cannot be opened: unknown game 'nosuchgame'"),
    "options not an object": ("preferans", "UPDATE room_tables SET options = '[1, 2]' WHERE id = :t",
                              "its options are not a JSON object: '[1, 2]'"),
    "seat out of range": ("straight-bridge",
                          "UPDATE room_seat_events SET seat = 9 WHERE table_id = :t AND seat = 3",
                          "a seat event ('bot') names seat 9, but the game's seats are 0 to 3"),
    "gap in n": ("auction-bridge", "DELETE FROM room_actions WHERE table_id = :t AND n = 4",
                 "action 5 is stored without action 4 (a gap in the order numbers)"),
}
HEALTHY: list[tuple[str, dict[str, Any], int]] = [("euchre", {}, 31), ("bridge", {"scoring": "modern"}, 32)]


def test_a_poisoned_row_sets_one_table_aside_and_the_others_play_on(db: str, tmp_path: Path) -> None:
    server = ServerProcess(db, bot_delay=0.005)
    server.start()
    try:
        with httpx.Client(base_url=server.base, timeout=30) as c:
            bad = {kind: new_table(c, game, {}, 10 + i) for i, (kind, (game, _, _)) in enumerate(POISONS.items())}
            good = {new_table(c, game, options, seed): seed for game, options, seed in HEALTHY}
            wait_for(lambda: all(c.get(f"/api/tables/{t}").json()["seq"] >= 8 for t in [*bad.values(), *good]),
                     60, "the tables did not get going")
    finally:
        server.stop()
    played = {t: len(rows_of(db, t)[2]) for t in good}
    assert all(0 < n < 300 for n in played.values()), f"the healthy matches must be stopped in play: {played}"
    # the illegal action really is illegal there: 'X' reads as a call, but nobody bid yet
    stored = [r[1] for r in rows_of(db, bad["illegal action"])[2]]
    state = load("bridge").new_initial_state()
    for action in stored[:2]:
        state.apply(state.parse_action(action))
    assert state.parse_action("X") not in list(state.legal_actions())
    for kind, (_, statement, _) in POISONS.items():
        sql(db, statement, t=bad[kind])
    before = {t: rows_of(db, t) for t in bad.values()}

    server.start()
    try:
        with httpx.Client(base_url=server.base, timeout=30) as c:
            assert {t["id"] for t in c.get("/api/tables").json()["tables"]} == set(good)
            for kind, t in bad.items():
                for path in (f"/api/tables/{t}", f"/api/tables/{t}/state", f"/api/tables/{t}/record"):
                    r = c.get(path)
                    assert r.status_code == 410 and r.json()["code"] == "quarantined", (kind, r.text)
                    assert POISONS[kind][2] not in r.json()["detail"]  # the reason is the operator's, not a client's
                r = c.post(f"/api/tables/{t}/seats/0", json={})
                assert r.status_code == 410 and r.json()["code"] == "quarantined"
                assert "отложен" in c.get(f"/api/tables/{t}?lang=ru").json()["detail"]
            first, code = asyncio.run(ws_first(f"ws://127.0.0.1:{server.port}/ws/tables/{bad['gap in n']}"))
            assert first["type"] == "error" and first["code"] == "quarantined" and code == 4410
            # the others go on to their end, exactly as if nothing had happened
            wait_for(lambda: all(c.get(f"/api/tables/{t}").json()["over"] for t in good), 240,
                     "the healthy tables did not finish")
            finished = {seed: c.get(f"/api/tables/{t}/record").json()["actions"] for t, seed in good.items()}
            assert all(len(finished[seed]) > played[t] for t, seed in good.items())
    finally:
        server.stop()
    assert finished == asyncio.run(uninterrupted(f"sqlite:///{tmp_path}/reference.sqlite", HEALTHY))
    log = server.log_text()
    assert "Traceback" not in log
    for kind, t in bad.items():
        lines = [line for line in log.splitlines() if t in line]
        assert len(lines) == 1, (kind, lines)  # one line per start, naming the table and the problem
        assert "quarantined" in lines[0] and POISONS[kind][2] in lines[0], (kind, lines[0])
    assert {t: rows_of(db, t) for t in bad.values()} == before  # nothing rewritten: the log stays append-only

    out = cardroom("room", "quarantine", "--db", db)
    assert out.returncode == 0, out.stderr
    listed = dict(line.split("\t", 1) for line in out.stdout.splitlines())
    assert set(listed) == set(bad.values())
    for kind, (game, _, reason) in POISONS.items():
        shown = "nosuchgame" if kind == "unknown game" else game
        assert listed[bad[kind]].startswith(f"{shown}\t{reason}"), \
            (kind, listed[bad[kind]])
    assert "8 table(s) stored" in out.stderr and "6 set aside" in out.stderr


def test_orphan_rows_and_a_rematch_without_its_parent(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path}/room.sqlite"
    server = ServerProcess(db)
    server.start()
    try:
        with httpx.Client(base_url=server.base, timeout=30) as c:
            made = c.post("/api/tables", json={"game": "euchre", "options": {}, "seed": 5, "practice": True}).json()
            parent, owner = made["id"], made["owner_token"]
            c.post(f"/api/tables/{parent}/bots", json={}, headers={"Authorization": f"Bearer {owner}"})
            wait_for(lambda: c.get(f"/api/tables/{parent}").json()["over"], 60, "the first match did not end")
            child = c.post(f"/api/tables/{parent}/rematch", headers={"Authorization": f"Bearer {owner}"}).json()["id"]
            wait_for(lambda: c.get(f"/api/tables/{child}").json()["over"], 60, "the rematch did not end")
            waiting = c.post("/api/tables", json={"game": "bridge", "options": {}}).json()["id"]
            assert c.post(f"/api/tables/{waiting}/seats/1", json={"name": "Ann"}).status_code == 201
            record = c.get(f"/api/tables/{child}/record").json()
    finally:
        server.stop()
    # the first match's table row is deleted (its seat events and actions stay), and an action is
    # stored for a table that never existed
    sql(db, "DELETE FROM room_tables WHERE id = :t", t=parent)
    sql(db, "INSERT INTO room_actions (table_id, n, text, at) VALUES ('ghost', 0, 'deal', 0)")
    events, actions = len(rows_of(db, parent)[1]), len(rows_of(db, parent)[2])
    assert events == 4 and actions > 100

    server.start()
    try:
        with httpx.Client(base_url=server.base, timeout=30) as c:
            assert {t["id"] for t in c.get("/api/tables").json()["tables"]} == {child, waiting}
            for t in (parent, "ghost"):
                r = c.get(f"/api/tables/{t}")
                assert r.status_code == 410 and r.json()["code"] == "quarantined"
            info = c.get(f"/api/tables/{child}").json()  # a rematch is a match of its own: served
            assert info["parent"] == parent and info["over"]
            assert c.get(f"/api/tables/{child}/record").json() == record
            assert c.get(f"/api/tables/{waiting}").json()["seats"][1]["name"] == "Ann"
            assert c.post(f"/api/tables/{waiting}/seats/0", json={}).status_code == 201
    finally:
        server.stop()
    log = server.log_text()
    assert f"table {parent} (-) is set aside (quarantined), not served: {events} seat event(s) and {actions} " \
           "action(s) are stored for a table that has no row in room_tables" in log
    assert "table ghost (-) is set aside (quarantined), not served: 0 seat event(s) and 1 action(s)" in log
    assert f"table {child}: its parent table {parent} is not served" in log
    out = cardroom("room", "quarantine", "--db", db)
    assert out.returncode == 0
    assert sorted(out.stdout.splitlines()) == sorted([
        f"{parent}\t-\t{events} seat event(s) and {actions} action(s) are stored for a table that has no row in "
        "room_tables",
        "ghost\t-\t0 seat event(s) and 1 action(s) are stored for a table that has no row in room_tables"])


def test_a_row_the_store_refuses_at_run_time_stops_only_its_own_table(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path}/room.sqlite"
    server = ServerProcess(db, bot_delay=0.01)
    server.start()
    try:
        with httpx.Client(base_url=server.base, timeout=30) as c:
            victim = new_table(c, "bridge", {}, 41)
            others = [new_table(c, game, options, seed) for game, options, seed in HEALTHY]
            wait_for(lambda: c.get(f"/api/tables/{victim}").json()["seq"] >= 4, 30, "the table did not start")
            n0 = c.get(f"/api/tables/{victim}").json()["seq"] + 60
            # another writer takes the order numbers the table is about to use
            sql(db, "INSERT INTO room_actions (table_id, n, text, at) VALUES " +
                ", ".join(f"(:t, {n}, 'poison', 0)" for n in range(n0, n0 + 400)), t=victim)
            assert c.get(f"/api/tables/{victim}").json()["seq"] < n0
            wait_for(lambda: all(c.get(f"/api/tables/{t}").json()["over"] for t in others), 240,
                     "the other tables were held up")
            info = c.get(f"/api/tables/{victim}").json()
            assert info["seq"] == n0 and not info["over"]  # nothing applied that is not stored
            assert rows_of(db, victim)[2][n0 - 1][1] != "poison"
        log = server.log_text()
        assert f"table {victim}: action {n0} could not be stored" in log
    finally:
        server.stop()
    server.start()  # the foreign rows do not replay: that table is set aside, the others are served
    try:
        with httpx.Client(base_url=server.base, timeout=30) as c:
            assert c.get(f"/api/tables/{victim}").status_code == 410
            assert all(c.get(f"/api/tables/{t}").json()["over"] for t in others)
    finally:
        server.stop()
    assert f"stored action {n0} 'poison' does not replay" in server.log_text()


# ------------------------------------------------------------------ databases that are not cardroom's
def _random_bytes(tmp: Path) -> tuple[str, str]:
    path = tmp / "random.sqlite"
    path.write_bytes(hashlib.sha512(b"cardroom").digest() * 64)
    return str(path), "is not a SQLite database (file is not a database)"


def _text_file(tmp: Path) -> tuple[str, str]:
    path = tmp / "notes.txt"
    path.write_text("shopping list: eggs, milk\n" * 40)
    return str(path), "is not a SQLite database (file is not a database)"


def _foreign(tmp: Path) -> tuple[str, str]:
    path = tmp / "blog.sqlite"
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT)")
        conn.execute("CREATE TABLE posts (id INTEGER PRIMARY KEY, user_id INTEGER, body TEXT)")
        conn.execute("INSERT INTO users (name) VALUES ('ann')")
    conn.close()
    return str(path), "is not a cardroom database: it holds tables of another application (posts, users)"


def _wrong_columns(tmp: Path) -> tuple[str, str]:
    path = tmp / "lookalike.sqlite"
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE room_tables (id TEXT PRIMARY KEY, title TEXT)")
        conn.execute("CREATE TABLE room_seat_events (id INTEGER PRIMARY KEY, who TEXT)")
        conn.execute("CREATE TABLE room_actions (id INTEGER PRIMARY KEY, what TEXT)")
    conn.close()
    return str(path), "is not a cardroom database: table room_tables has the columns (id, title)"


def _stored(path: Path, dropped: str) -> tuple[str, str]:
    store = Store(str(path))
    for i in range(12):
        store.add_table(StoredTable(f"t{i}", "bridge", {}, i, "h", None, time.time(), [SeatEvent(0, "bot", "b", None)]))
        store.add_actions([(f"t{i}", 0, "draw JC AH 10C 6D")])
    store.close()
    with sqlite3.connect(path) as conn:
        conn.execute(f"DROP TABLE {dropped}")
    conn.close()
    return str(path), f"is not a cardroom database: table {dropped} is missing while room_tables holds 12 row(s)"


CASES: dict[str, Callable[[Path], tuple[str, str]]] = {
    "random bytes": _random_bytes,
    "a text file": _text_file,
    "another application's SQLite": _foreign,
    "cardroom's tables with other columns": _wrong_columns,
    "room_actions dropped": lambda tmp: _stored(tmp / "a.sqlite", "room_actions"),
    "room_seat_events dropped": lambda tmp: _stored(tmp / "e.sqlite", "room_seat_events"),
}


def _refused_once(argv: list[str], where: str, words: str) -> None:
    out = subprocess.run(argv, capture_output=True, text=True, timeout=60, env={**os.environ, "CARDROOM_LANG": "en"})
    said = (out.stdout + out.stderr).strip()
    assert out.returncode == 2, (argv, said)
    assert "Traceback" not in said and len(said.splitlines()) == 1, said
    assert said.startswith(f"cardroom: {where} ") or said.startswith(f"cardroom: cannot open the database {where}:")
    assert words in said, said


def _refused_everywhere(db: str, where: str, words: str, url: str | None = None) -> None:
    """``python -m cardroom.room``, ``cardroom serve`` and ``cardroom room quarantine`` (and the server
    once more by ``url``, another spelling of the same database) exit with 2 and one line."""
    port = str(free_port())
    _refused_once([sys.executable, "-m", "cardroom.room", "--db", db, "--port", port], where, words)
    _refused_once([sys.executable, "-m", "cardroom.cli.main", "serve", "--db", db, "--port", port], where, words)
    _refused_once([sys.executable, "-m", "cardroom.cli.main", "room", "quarantine", "--db", db], where, words)
    if url is not None:
        _refused_once([sys.executable, "-m", "cardroom.room", "--db", url, "--port", port], where, words)


@pytest.mark.parametrize("case", list(CASES))
def test_a_file_that_is_not_a_cardroom_database_is_refused_in_one_line(case: str, tmp_path: Path) -> None:
    path, words = CASES[case](tmp_path)
    content = Path(path).read_bytes()
    _refused_everywhere(path, path, words, url=f"sqlite:///{path}")
    assert Path(path).read_bytes() == content  # left exactly as it was: nothing created, no table recreated empty
    with pytest.raises(StoreSchemaError, match="^" + path.replace(".", r"\.")):
        Store(path)


def test_postgresql_unreachable_or_with_a_dropped_table_is_refused_in_one_line(postgres: Postgres) -> None:
    port = free_port()
    url = f"postgresql://cardroom:hunter2@127.0.0.1:{port}/room"
    shown = f"postgresql+psycopg://cardroom:***@127.0.0.1:{port}/room"
    _refused_everywhere(url, shown, "Connection refused")
    with pytest.raises(StoreSchemaError) as refused:
        Store(url)
    assert "hunter2" not in str(refused.value) and shown in str(refused.value)
    eng = create_engine(postgres.url, isolation_level="AUTOCOMMIT")
    with eng.connect() as conn:
        conn.execute(text("CREATE DATABASE dropped"))
    eng.dispose()
    db = postgres.url.rsplit("/", 1)[0] + "/dropped"
    store = Store(db)
    for i in range(3):
        store.add_table(StoredTable(f"t{i}", "bridge", {}, i, "h", None, time.time()))
    store.close()
    sql(db, "DROP TABLE room_actions")
    _refused_everywhere(db, db, "table room_actions is missing while room_tables holds 3 row(s)")
    assert "room_actions" not in inspect(create_engine(db)).get_table_names()  # never recreated empty


# ------------------------------------------------------------------ the store and the loader, in process
def test_new_databases_are_created_as_before(tmp_path: Path) -> None:
    empty = tmp_path / "empty.sqlite"
    empty.write_bytes(b"")  # an empty file is an empty SQLite database
    half = tmp_path / "half.sqlite"
    with sqlite3.connect(half) as conn:  # cardroom's first table, empty: nothing to lose, the rest is made
        conn.execute("CREATE TABLE room_tables (id VARCHAR(32) PRIMARY KEY, game VARCHAR(64), options TEXT, "
                     "seed BIGINT, owner_hash VARCHAR(64), parent VARCHAR(32), created FLOAT)")
    conn.close()
    for path in (tmp_path / "new.sqlite", empty, half):
        store = Store(str(path))
        store.add_table(StoredTable("t", "bridge", {}, 1, "h", None, 1.0))
        store.add_actions([("t", 0, "draw JC AH 10C 6D")])
        assert [t.id for t in store.load_all()] == ["t"]
        store.close()
        assert {"room_tables", "room_seat_events", "room_actions"} <= set(
            inspect(create_engine(f"sqlite:///{path}")).get_table_names())
    missing = tmp_path / "missing.sqlite"
    with pytest.raises(StoreSchemaError, match="there is no database file"):
        Store(str(missing), create=False)  # the admin command creates nothing
    assert not missing.exists()
    blank = tmp_path / "blank.sqlite"
    blank.write_bytes(b"")
    with pytest.raises(StoreSchemaError, match="holds no cardroom tables"):
        Store(str(blank), create=False)
    assert blank.read_bytes() == b""


def test_bad_values_and_seat_events_are_one_tables_problem(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    db = f"sqlite:///{tmp_path}/room.sqlite"
    store = Store(db)
    names = ["ok", "seed", "utf8", "kind", "negative", "options", "abandon"]
    for i, t in enumerate(names):
        store.add_table(StoredTable(t, "euchre", {}, i, "h", None, float(i), [SeatEvent(s, "bot", "b", None)
                                                                             for s in range(4)]))
        store.add_actions([(t, 0, "cut QH QD 8C QC")])
    store.add_seat_events("abandon", [SeatEvent(0, "abandon", "b", None)])
    store.add_seat_events("kind", [SeatEvent(1, "teleport", "b", None)])
    store.close()
    sql(db, "UPDATE room_tables SET seed = 'seven' WHERE id = 'seed'")
    sql(db, "UPDATE room_actions SET text = CAST(X'FF00' AS TEXT) WHERE table_id = 'utf8'")
    sql(db, "UPDATE room_seat_events SET seat = -1 WHERE table_id = 'negative' AND seat = 2")
    sql(db, "UPDATE room_tables SET options = '{\"no_such_option\": 1}' WHERE id = 'options'")
    from cardroom.games.euchre.rubber import EuchreRubberState

    def refuse(self: Any) -> None:
        raise StoreError("refused by the test")

    monkeypatch.setattr(EuchreRubberState, "abandon", refuse)
    store = Store(db)
    try:
        loaded = store.load_all()  # never raises for one table's rows
    finally:
        store.close()
    assert [t.id for t in loaded] == names
    tables, quarantined, notes = build_tables(loaded)
    assert set(tables) == {"ok"} and not notes
    reasons = {t: q.problem.text() for t, q in quarantined.items()}
    assert reasons == {
        "seed": "column seed of room_tables holds 'seven', not an integer",
        "utf8": "column text of room_actions holds b'\\xff\\x00', not UTF-8 text",
        "kind": "a seat event of an unknown kind 'teleport'",
        "negative": "a seat event ('bot') names seat -1, but the game's seats are 0 to 3",
        "options": "the game 'euchre' with options {'no_such_option': 1} cannot be opened: "
                   "unknown euchre option 'no_such_option'; known: carried_points_count, first_dealer, "
                   "fourth_game_after_lap, lap, laws, sitting_out_dealer_takes_up",
        "abandon": "the stored abandonment does not apply: StoreError: refused by the test",
    }
    assert quarantined["kind"].problem.text("ru") == "событие места неизвестного вида 'teleport'"


def test_a_store_failure_is_retried_and_holds_up_no_other_table(tmp_path: Path) -> None:
    matches: list[tuple[str, dict[str, Any], int]] = [("euchre", {}, 1), *HEALTHY]
    victim: list[str] = []

    class Flaky(Store):
        """Refuses the first table's rows three times (as a lost connection would), the others' never."""

        refusals = 3

        def add_actions(self, rows: list[tuple[str, int, str]]) -> None:
            if self.refusals > 0 and any(t in victim for t, _, _ in rows):
                self.refusals -= 1
                raise StoreError("connection lost")
            super().add_actions(rows)

    async def run() -> tuple[dict[int, list[str]], int]:
        flaky = Flaky(f"sqlite:///{tmp_path}/room.sqlite")
        store = AsyncStore(flaky)
        store.start()
        room = Room(store)
        room.store_retry_pause = 0.01
        try:
            seeds: dict[str, int] = {}
            for game, options, seed in matches:
                rt, owner = await room.create_table(game, options, seed=seed, practice=True)
                if not victim:
                    victim.append(rt.id)
                await room.add_bots(rt.id, None, owner)
                seeds[rt.id] = seed
            while any(not rt.state.is_over for rt in room.tables.values()):
                await asyncio.sleep(0.02)
            stored = {tid: flaky.actions(tid) for tid in seeds}
            assert all(stored[tid] == room.record(tid)["actions"] for tid in seeds)  # applied = stored
            return {seeds[tid]: stored[tid] for tid in seeds}, flaky.refusals
        finally:
            await room.close()
            await store.stop()

    records, left = asyncio.run(run())
    assert left == 0  # the refusals happened, and the table went on after them
    assert records == asyncio.run(uninterrupted(f"sqlite:///{tmp_path}/reference.sqlite", matches))
