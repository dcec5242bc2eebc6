"""A real uvicorn server process is SIGKILLed at random moments while bots play every registered game,
and started again, ten times; the final records equal those of an uninterrupted run of the same seeds
(no accepted action lost, none applied twice). Run on SQLite and on a real PostgreSQL server."""

from __future__ import annotations

import asyncio
import json
import random
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import create_engine, text

from cardroom.games import load, names
from cardroom.room.engine import Room
from cardroom.room.store import AsyncStore, Store
from cardroom.room.testing import Postgres, ServerProcess

KILLS = 10
BOT_DELAY = 0.01  # seconds before each bot action, so that the kills fall inside the matches


def http(method: str, url: str, body: dict[str, Any] | None = None, token: str | None = None) -> Any:
    req = urllib.request.Request(url, method=method, data=None if body is None else json.dumps(body).encode(),
                                 headers={"content-type": "application/json",
                                          **({"Authorization": f"Bearer {token}"} if token else {})})
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.loads(r.read())


def matches() -> list[tuple[str, dict[str, Any], int]]:
    return [(g, type(load(g)).configurations()[0], 1000 + i) for i, g in enumerate(names())]


async def uninterrupted(db: str) -> dict[int, list[str]]:
    store = AsyncStore(Store(db))
    store.start()
    room = Room(store)
    try:
        seeds = {}
        for game, options, seed in matches():
            rt, owner = await room.create_table(game, options, seed=seed, practice=True)
            await room.add_bots(rt.id, None, owner)
            seeds[rt.id] = seed
        while any(not rt.state.is_over for rt in room.tables.values()):
            await asyncio.sleep(0.05)
        return {seeds[tid]: room.record(tid)["actions"] for tid in seeds}
    finally:
        await room.close()
        await store.stop()


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_sigkill_at_random_points_loses_nothing_and_repeats_nothing(
        backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> None:
    if backend == "sqlite":
        db = f"sqlite:///{tmp_path}/crash.sqlite"
    else:
        pg: Postgres = request.getfixturevalue("postgres")
        eng = create_engine(pg.url, isolation_level="AUTOCOMMIT")
        with eng.connect() as conn:
            conn.execute(text("CREATE DATABASE crash"))
        eng.dispose()
        db = pg.url.rsplit("/", 1)[0] + "/crash"
    rng = random.Random(2026)
    server = ServerProcess(db, bot_delay=BOT_DELAY)
    server.start()
    try:
        ids: dict[str, int] = {}
        for game, options, seed in matches():
            t = http("POST", server.base + "/api/tables",
                     {"game": game, "options": options, "seed": seed, "practice": True})
            http("POST", f"{server.base}/api/tables/{t['id']}/bots", {}, t["owner_token"])
            ids[t["id"]] = seed
        kills_mid_match = 0
        progress: list[int] = []
        for _ in range(KILLS):
            time.sleep(rng.uniform(0.05, 0.6))
            seqs = {tid: http("GET", f"{server.base}/api/tables/{tid}") for tid in ids}
            if any(not s["over"] for s in seqs.values()):
                kills_mid_match += 1
            progress.append(sum(s["seq"] for s in seqs.values()))
            server.kill()
            server.start()
            after = {tid: http("GET", f"{server.base}/api/tables/{tid}")["seq"] for tid in ids}
            # every action acknowledged before the kill is still there
            assert all(after[tid] >= seqs[tid]["seq"] for tid in ids)
        assert kills_mid_match == KILLS, "the matches ended before the kills: raise BOT_DELAY"
        # the kills are over: the rest of the matches at full speed (a graceful restart, not an eleventh kill)
        server.stop()
        server.bot_delay = 0.0
        server.start()
        deadline = time.monotonic() + 300
        while not all(http("GET", f"{server.base}/api/tables/{tid}")["over"] for tid in ids):
            assert time.monotonic() < deadline
            time.sleep(0.2)
        killed = {ids[tid]: http("GET", f"{server.base}/api/tables/{tid}/record")["actions"] for tid in ids}
    finally:
        server.stop()
    reference = asyncio.run(uninterrupted(f"sqlite:///{tmp_path}/reference.sqlite"))
    assert killed == reference
    assert progress == sorted(progress) and progress[0] > 0
