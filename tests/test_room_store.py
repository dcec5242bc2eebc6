"""The card room's event store, on SQLite and on a real PostgreSQL server started on loopback:
tables are rebuilt exactly at start, an action is committed before it is acknowledged, an order
number can be stored only once, refused actions store nothing."""

from __future__ import annotations

import time
import warnings
from typing import Any

import pytest
from sqlalchemy import create_engine, text

from cardroom.games import load, names
from cardroom.room.store import Store, StoredTable, StoreError
from cardroom.room.testing import Postgres

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from cardroom.room.app import create_app
from cardroom.room.testing import live_record, settled


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def test_postgres_is_real(postgres: Postgres) -> None:
    eng = create_engine(postgres.url)
    with eng.connect() as conn:
        assert "PostgreSQL" in conn.execute(text("select version()")).scalar_one()
    eng.dispose()


def test_restart_rebuilds_every_table_exactly(db: str) -> None:
    tables: list[dict[str, Any]] = []
    with TestClient(create_app(db, table_burst=8 * len(names()))) as c:  # four tables a game
        for i, game in enumerate(names()):
            n = load(game).num_seats
            tid = c.post("/api/tables",
                         json={"game": game, "options": {}, "seed": 100 + i, "practice": True}).json()["id"]
            tokens = [c.post(f"/api/tables/{tid}/seats/{s}", json={"name": f"P{s}"}).json()["token"]
                      for s in range(n - 1)]
            owner = c.post("/api/tables", json={"game": game, "options": {}}).json()["owner_token"]
            assert owner
            bots = c.post("/api/tables", json={"game": game, "options": {}, "seed": 7, "practice": True}).json()
            c.post(f"/api/tables/{bots['id']}/bots", json={}, headers=auth(bots["owner_token"]))
            # the last seat by invitation
            own = c.post("/api/tables", json={"game": game, "options": {}, "seed": 200 + i, "practice": True}).json()
            code = c.post(f"/api/tables/{own['id']}/seats/0/invite", headers=auth(own["owner_token"])).json()["code"]
            tid2 = own["id"]
            code2 = code
            inv = c.post(f"/api/tables/{tid}/seats/{n - 1}/invite", headers=auth(tokens[0])).json()["code"]
            tokens.append(c.post(f"/api/tables/{tid}/seats/{n - 1}/redeem", json={"code": inv, "name": "Z"}).json()[
                "token"])
            for _ in range(2 * n + 1):
                info = settled(c, tid)
                r = c.post(f"/api/tables/{tid}/actions", json={"action": 0, "seq": info["seq"]},
                           headers=auth(tokens[info["to_act"]]))
                assert r.status_code == 200
            settled(c, tid)
            deadline = time.monotonic() + 120
            while not c.get(f"/api/tables/{bots['id']}").json()["over"]:  # bots play to the end
                assert time.monotonic() < deadline
                time.sleep(0.02)
            tables.append({"id": tid, "tokens": tokens, "bots": bots["id"], "invited": (tid2, code2)})
        before = {t["id"]: c.get(f"/api/tables/{t['id']}").json() for t in c.get("/api/tables").json()["tables"]}
        records = {tid: live_record(c, tid) for tid in before}
        views = {(t["id"], i): c.get(f"/api/tables/{t['id']}/state", headers=auth(tok)).json()
                 for t in tables for i, tok in enumerate(t["tokens"])}
        public = {tid: c.get(f"/api/tables/{tid}/state").json() for tid in before}
    with TestClient(create_app(db)) as c:
        after = {t["id"]: t for t in c.get("/api/tables").json()["tables"]}
        assert after == before
        assert {tid: live_record(c, tid) for tid in after} == records
        for (tid, i), v in views.items():
            tok = next(t["tokens"] for t in tables if t["id"] == tid)[i]
            assert c.get(f"/api/tables/{tid}/state", headers=auth(tok)).json() == v
        assert {tid: c.get(f"/api/tables/{tid}/state").json() for tid in after} == public
        # the game goes on after the restart; an invitation made before it is still good once
        t = tables[0]
        info = settled(c, t["id"])
        r = c.post(f"/api/tables/{t['id']}/actions", json={"action": 0, "seq": info["seq"]},
                   headers=auth(t["tokens"][info["to_act"]]))
        assert r.status_code == 200 and r.json()["seq"] == info["seq"] + 1
        tid2, code2 = t["invited"]
        assert c.post(f"/api/tables/{tid2}/seats/0/redeem", json={"code": code2}).status_code == 201
        assert c.post(f"/api/tables/{tid2}/seats/0/redeem", json={"code": code2}).status_code == 403


def test_an_action_is_committed_before_it_is_acknowledged(db: str) -> None:
    with TestClient(create_app(db)) as c:
        created = c.post("/api/tables", json={"game": "bridge", "options": {}, "seed": 1, "practice": True}).json()
        tid = created["id"]
        tokens = [c.post(f"/api/tables/{tid}/seats/{s}", json={}).json()["token"] for s in range(4)]
        other = Store(db)  # a second connection, as another process would read
        try:
            for _ in range(6):
                info = settled(c, tid)
                seq = info["seq"]
                assert len(other.actions(tid)) == seq
                bad = c.post(f"/api/tables/{tid}/actions", json={"action": 0, "seq": seq},
                             headers=auth(tokens[(info["to_act"] + 1) % 4]))
                assert bad.status_code == 409
                assert len(other.actions(tid)) == seq  # a refused action stores nothing
                r = c.post(f"/api/tables/{tid}/actions", json={"action": 0, "seq": seq},
                           headers=auth(tokens[info["to_act"]]))
                assert r.status_code == 200
                stored = other.actions(tid)
                assert len(stored) >= seq + 1  # stored when acknowledged
                # the server may already have stored its next chance action before applying it: the two
                # agree on what both hold
                applied = live_record(c, tid)["actions"]
                n = min(len(stored), len(applied))
                assert n >= seq + 1 and stored[:n] == applied[:n]
        finally:
            other.close()


def test_an_order_number_is_stored_once(db: str) -> None:
    store = Store(db)
    try:
        store.add_table(StoredTable("t1", "bridge", {}, 1, "h", None, time.time()))
        store.add_actions([("t1", 0, "a"), ("t1", 1, "b")])
        with pytest.raises(StoreError, match="duplicate"):
            store.add_actions([("t1", 2, "c"), ("t1", 1, "again")])
        assert store.actions("t1") == ["a", "b"]  # the whole transaction was refused
        store.add_actions([("t1", 2, "c")])
        assert store.actions("t1") == ["a", "b", "c"]
    finally:
        store.close()


def test_group_commit_stores_many_tables_actions_together_and_acknowledges_after(db: str) -> None:
    """Actions appended at the same moment (one per table, as many tables act in one event-loop turn)
    are written together in few transactions; each is acknowledged only once it is committed, and a
    duplicate among them fails alone."""
    import asyncio

    from cardroom.room.store import AsyncStore

    store = Store(db)
    reader = Store(db)
    try:
        tables = [f"g{i}" for i in range(40)]
        for t in tables:
            store.add_table(StoredTable(t, "bridge", {}, 1, "h", None, time.time()))
        store.add_actions([("g0", 0, "first")])

        async def run() -> list[Any]:
            astore = AsyncStore(store)
            astore.start()
            acknowledged: list[tuple[str, int]] = []

            async def one(t: str, n: int) -> None:
                await astore.append_action(t, n, f"{t}/{n}")
                # acknowledged: a separate connection already reads it
                assert f"{t}/{n}" in reader.actions(t)
                acknowledged.append((t, n))

            try:
                results = await asyncio.gather(*(one(t, 0) for t in tables), return_exceptions=True)
                assert astore.batches < len(tables) - 1  # gathered, not one transaction per action
                return results
            finally:
                await astore.stop()

        results = asyncio.run(run())
        assert isinstance(results[0], StoreError)  # g0's order number 0 was taken: refused alone
        assert all(r is None for r in results[1:])
        assert reader.actions("g0") == ["first"]
        assert all(reader.actions(t) == [f"{t}/0"] for t in tables[1:])
    finally:
        reader.close()
        store.close()
