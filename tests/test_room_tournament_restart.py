""""No data is lost when a process is killed between two actions" and "a bad stored row never stops the
other tables", for the card room's preferans tournaments and knock-outs: each is stored
(``room_tournaments``: its plan, its progress committed before it acts on a change) and rebuilt at
start-up, before the tables resume.

An 8-player tournament (2 deals a set, 7 rounds) and a 9-player knock-out are stopped in the middle,
gracefully and by SIGKILL of a real server process (SQLite); each then finishes exactly as the same one
played without a stop (every board table's actions, the protocol, the match points, the standings, the
arbiter's ruling kept), and its protocol and standings equal a recomputation from the tables' published
records. A bad stored row is set aside (logged, 410) while the other tournaments and tables go on."""

from __future__ import annotations

import json
import logging
import os
import random
import subprocess
import sys
import time
import warnings
from pathlib import Path
from typing import Any

import httpx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as hs

from cardroom.club import tournament as tr
from cardroom.core.deal import Deal
from cardroom.records.registry import state_from_dict
from cardroom.room.store import Problem, Store, StoredEvening
from cardroom.room.testing import ServerProcess
from test_room_evening_restart import sql, wait_for

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from cardroom.room.app import create_app

TOURNAMENT: dict[str, Any] = {"participants": 8, "deals": 2, "seed": 3}
KNOCKOUT: dict[str, Any] = {"participants": 9, "table_size": 3, "seed": 4, "pulya_length": 10}
RULING: dict[str, Any] = {"round": 1, "table": 2, "board": 1, "rule": "adjusted", "faults": {"N": "full"}}
BOT_DELAY = 0.01  # seconds before each bot action: the stops fall inside the tournament


def finished(c: Any, path: str, timeout: float = 300) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while not (info := c.get(path).json())["over"]:
        assert time.monotonic() < deadline, info["round"]
        time.sleep(0.1)
    got: dict[str, Any] = info
    return got


def played(c: Any, info: dict[str, Any]) -> dict[str, Any]:
    """What a tournament played, read from its tables' published records: each board table's actions by
    (round, table, board), and the tournament's record rebuilt from those records alone."""
    plays: dict[str, Any] = {}
    sittings = []
    for st in info["sittings"]:
        segs = []
        for sg in st["segments"]:
            r = c.get(f"/api/tables/{sg['table_id']}/record")
            assert r.status_code == 200, r.text
            rec = r.json()
            segs.append({"offset": sg["offset"], "boards": sg["boards"], "record": rec})
            plays[f"{st['round']}/{st['table']}/{sg['boards']}"] = rec["actions"]
        sittings.append({**st, "late": False, "segments": segs})
    data = {"format": tr.FORMAT, "players": info["players"], "options": {"deals": TOURNAMENT["deals"]},
            "sittings": sittings, "rulings": info["rulings"]}
    return {"plays": plays, "data": data}


def check_tournament(c: Any, info: dict[str, Any], ref: dict[str, Any]) -> None:
    assert info["failed"] is None, info["failed"]
    got = played(c, info)
    assert got["plays"] == ref["plays"], "every board table played as in the uninterrupted tournament"
    assert len(got["plays"]) == 7 * 2 * 2
    for key in ("protocol", "standings", "rulings"):
        assert info[key] == ref["info"][key], key
    lines, standings = tr.recompute(got["data"])  # the records alone
    mp = tr.match_points(lines)
    assert [{**ln.row(), "match_points": {tr.SEATS[s]: str(mp[(ln.round, ln.table, ln.board, s)])
                                          for s in range(4)}} for ln in lines] == info["protocol"]
    assert [(s["place"], s["number"], s["points"]) for s in info["standings"]] == \
        [(s.place, s.number, str(s.points)) for s in standings]
    assert any(sc["score"]["kind"] == "artificial" for ln in info["protocol"] for sc in ln["seats"].values())
    dealt: dict[int, set[tuple[int, ...]]] = {}  # every board's cards, the same at every table
    for st in got["data"]["sittings"]:
        for sg in st["segments"]:
            d = next(a for a in state_from_dict(sg["record"]).history if isinstance(a, Deal))
            dealt.setdefault(sg["boards"][0], set()).add((*(d.hands[(s - sg["offset"]) % 4] for s in range(4)), d.rest))
    assert all(len(v) == 1 for v in dealt.values()) and sorted(dealt) == list(range(1, 15))
    for number, seen in dealt.items():
        b = tr.pref_board(TOURNAMENT["seed"], number)
        assert seen == {(*b.hands, b.rest)}


def knockout_plays(c: Any, info: dict[str, Any]) -> list[Any]:
    return [(x["round"], x["table"], x["players"], x["balances"], x["advance"],
             c.get(f"/api/tables/{x['table_id']}/record").json()["actions"]) for x in info["tables"]]


_REFERENCE: dict[str, Any] = {}


def reference(tmp: Path) -> dict[str, Any]:
    """The tournament (with the arbiter's ruling) and the knock-out played without a stop."""
    if not _REFERENCE:
        with TestClient(create_app(f"sqlite:///{tmp}/reference.sqlite")) as c:
            assert c.post("/api/club/tournaments", json=TOURNAMENT).json()["id"] == "t1"
            assert c.post("/api/club/knockouts", json=KNOCKOUT).json()["id"] == "k1"
            finished(c, "/api/club/tournaments/t1")
            assert c.post("/api/club/tournaments/t1/rulings", json=RULING).status_code == 201
            info = c.get("/api/club/tournaments/t1").json()
            ko = finished(c, "/api/club/knockouts/k1")
            assert ko["failed"] is None
            _REFERENCE.update(info=info, plays=played(c, info)["plays"], page=c.get("/club/tournaments/t1").text,
                              knockout=knockout_plays(c, ko), prizes=ko["prizes"])
    return _REFERENCE


def stored(db: str, key: str) -> StoredEvening:
    store = Store(db)
    try:
        [row] = [t for t in store.load_tournaments() if t.id == key]
        assert row.problem is None
        return row
    finally:
        store.close()


def mid_play(c: Any, least: int) -> bool:
    """True once an unfinished board table of t1 has at least ``least`` actions."""
    info = c.get("/api/club/tournaments/t1").json()
    assert not info["over"], "the tournament ended before the stop: raise BOT_DELAY"
    return any(not (t := c.get(f"/api/tables/{sg['table_id']}").json())["over"] and t["seq"] >= least
               for st in info["sittings"] for sg in st["segments"])


# ---------------------------------------------------------------------------------------------- graceful
def test_a_graceful_restart_in_the_middle_of_a_tournament(tmp_path: Path) -> None:
    ref = reference(tmp_path)
    db = f"sqlite:///{tmp_path}/stopped.sqlite"
    with TestClient(create_app(db, bot_delay=BOT_DELAY)) as c:
        assert c.post("/api/club/tournaments", json=TOURNAMENT).json()["id"] == "t1"
        assert c.post("/api/club/knockouts", json=KNOCKOUT).json()["id"] == "k1"
        wait_for(lambda: c.get("/api/club/tournaments/t1").json()["round"] >= 2, 120, "no second round")
        assert c.post("/api/club/tournaments/t1/rulings", json=RULING).status_code == 201  # round 1 is played
        wait_for(lambda: mid_play(c, 8), 60, "the second round did not get going")
        before = c.get("/api/club/tournaments/t1").json()
        ko_before = c.get("/api/club/knockouts/k1").json()
        assert not ko_before["over"]
    row = stored(db, "t1")
    assert row.progress["over"] is False and row.progress["round"] == before["round"] >= 2
    assert [r["board"] for r in row.progress["rulings"]] == [1], "the ruling was stored"
    # two windows of a kill: a board played out but its table not yet ended by the tournament (the table
    # must not deal again), and a new table's id stored but not the table (made at the next start, same seed)
    done = [sg[2] for st in row.progress["sittings"] for sg in st["segments"] if sg[1]]
    assert sql(db, "DELETE FROM room_seat_events WHERE table_id = :t AND kind = 'abandon'", t=done[-1]) is None
    count = {sg[2]: sql(db, "SELECT COUNT(*) FROM room_actions WHERE table_id = :t", t=sg[2])[0][0]
             for st in row.progress["sittings"] for sg in st["segments"] if not sg[1]}
    assert count, "no board table of the round is unfinished"
    last = max(count, key=lambda t: count[t])  # its actions (none yet, when the stop came before its deal) go too
    for table in ("room_actions", "room_seat_events"):
        sql(db, f"DELETE FROM {table} WHERE table_id = :t", t=last)
    sql(db, "DELETE FROM room_tables WHERE id = :t", t=last)
    with TestClient(create_app(db, bot_delay=BOT_DELAY)) as c:
        info = c.get("/api/club/tournaments/t1").json()
        assert info["round"] == row.progress["round"] and not info["over"], "the tournament is back where it was"
        wait_for(lambda: c.get(f"/api/tables/{done[-1]}").json()["over"], 30, "the played-out table was not ended")
        wait_for(lambda: c.get(f"/api/tables/{last}").status_code == 200, 30, "the table of the stored id not made")
        info = c.get("/api/club/tournaments/t1").json()
        stored_ids = [[sg[2] for sg in st["segments"]] for st in row.progress["sittings"]]
        assert [[sg["table_id"] for sg in st["segments"]][:len(ids)]  # it may have begun a next board since
                for st, ids in zip(info["sittings"], stored_ids, strict=True)] == stored_ids, "its stored tables"
        assert info["rulings"] == before["rulings"]
        wait_for(lambda: c.get("/api/club/tournaments/t1").json()["round"] > before["round"], 120, "no next round")
    with TestClient(create_app(db)) as c:  # the second stop, in a later round; the rest at full speed
        info = finished(c, "/api/club/tournaments/t1")
        check_tournament(c, info, ref)
        assert c.get("/club/tournaments/t1").text == ref["page"], "the printable protocol is the uninterrupted one's"
        ko = finished(c, "/api/club/knockouts/k1")
        assert ko["failed"] is None and knockout_plays(c, ko) == ref["knockout"] and ko["prizes"] == ref["prizes"]
        # the next ones get new ids
        assert c.post("/api/club/tournaments", json=TOURNAMENT).json()["id"] == "t2"
        assert c.post("/api/club/knockouts", json=KNOCKOUT).json()["id"] == "k2"
    assert stored(db, "t1").progress["over"] is True and stored(db, "k1").progress["over"] is True


# ---------------------------------------------------------------------------------------------- SIGKILL
def test_sigkill_in_the_middle_of_a_tournament(tmp_path: Path) -> None:
    ref = reference(tmp_path)
    db = f"sqlite:///{tmp_path}/killed.sqlite"
    rng = random.Random(4)
    server = ServerProcess(db, bot_delay=BOT_DELAY)
    server.start()
    try:
        with httpx.Client(base_url=server.base, timeout=30) as c:
            assert c.post("/api/club/tournaments", json=TOURNAMENT).json()["id"] == "t1"
            wait_for(lambda: c.get("/api/club/tournaments/t1").json()["round"] >= 2, 120, "no second round")
            assert c.post("/api/club/tournaments/t1/rulings", json=RULING).status_code == 201
        rounds = []
        for _ in range(3):
            time.sleep(rng.uniform(0.3, 1.5))
            with httpx.Client(base_url=server.base, timeout=30) as c:
                before = c.get("/api/club/tournaments/t1").json()
                assert not before["over"], "the tournament ended before the kills: raise BOT_DELAY"
                seqs = {sg["table_id"]: c.get(f"/api/tables/{sg['table_id']}").json()["seq"]
                        for st in before["sittings"] for sg in st["segments"]}
            rounds.append(before["round"])
            server.kill()
            server.start()
            with httpx.Client(base_url=server.base, timeout=30) as c:
                after = c.get("/api/club/tournaments/t1").json()
                assert after["round"] >= before["round"] and after["rulings"] == before["rulings"]
                kept = {sg["table_id"] for st in after["sittings"] for sg in st["segments"]}
                assert set(seqs) <= kept  # every table, and every acknowledged action, is still there
                assert all(c.get(f"/api/tables/{t}").json()["seq"] >= n for t, n in seqs.items())
        assert rounds == sorted(rounds)
        server.stop()
        server.bot_delay = 0.0
        server.start()
        with httpx.Client(base_url=server.base, timeout=30) as c:
            check_tournament(c, finished(c, "/api/club/tournaments/t1"), ref)
    finally:
        server.stop()
    assert "Traceback" not in server.log_text()


# ---------------------------------------------------------------------------------------------- bad rows
SMALL: dict[str, Any] = {"participants": 8, "deals": 2, "players": ["Ann"]}  # waits for Ann at her first table


def test_a_bad_tournament_row_is_set_aside_and_the_others_go_on(tmp_path: Path,
                                                                 caplog: pytest.LogCaptureFixture) -> None:
    db = f"sqlite:///{tmp_path}/bad.sqlite"
    with TestClient(create_app(db, bot_delay=BOT_DELAY)) as c:
        good = c.post("/api/club/tournaments", json={**TOURNAMENT, "seed": 9}).json()["id"]  # bots only
        waiting = [c.post("/api/club/tournaments", json={**SMALL, "seed": 2 + i}).json()["id"] for i in range(4)]
        ko = c.post("/api/club/knockouts", json={**KNOCKOUT, "players": ["Ann"]}).json()["id"]
        wait_for(lambda: all(c.get(f"/api/club/tournaments/{t}").json()["sittings"][0]["segments"] for t in waiting),
                 30, "the waiting tournaments made no table")
        wait_for(lambda: len(c.get(f"/api/club/knockouts/{ko}").json()["tables"]) == 3, 30, "no knock-out table")
        plain = c.post("/api/tables", json={"game": "euchre", "options": {}, "seed": 3, "practice": True}).json()
        c.post(f"/api/tables/{plain['id']}/bots", json={}, headers={"Authorization": f"Bearer {plain['owner_token']}"})
        assert not c.get(f"/api/club/tournaments/{good}").json()["over"]
    kept, *bad = waiting
    poisons = [  # the plain SQL that corrupts a row, words the logged reason holds
        ("UPDATE room_tournaments SET plan = 'not json' WHERE id = :t", "its plan is not a JSON object: 'not json'"),
        ("UPDATE room_tournaments SET progress = replace(progress, '\"round\": 1, \"seats\"', "
         "'\"round\": 6, \"seats\"') WHERE id = :t", "its stored progress does not fit its movement: round 6 table"),
        ("UPDATE room_tournaments SET plan = replace(plan, 'cardroom-room-tournament', 'whist') WHERE id = :t",
         "the tournament could not be rebuilt"),
        ("UPDATE room_tournaments SET progress = replace(progress, '\"table\": 1,', '\"table\": 5,') WHERE id = :t",
         "its stored progress does not fit its movement: round 1 table 5"),
    ]
    for (statement, _), key in zip(poisons, [*bad, ko], strict=True):
        sql(db, statement, t=key)
    listed = subprocess.run([sys.executable, "-m", "cardroom.cli.main", "room", "quarantine", "--db", db],
                            capture_output=True, text=True, timeout=120, env={**os.environ, "CARDROOM_LANG": "en"})
    assert listed.returncode == 0, listed.stderr
    rows = [ln.split("\t") for ln in listed.stdout.splitlines()]
    assert [(r[0], r[1]) for r in rows] == [(key, "tournament") for key in [*bad, ko]], rows
    assert all(words in r[2] for r, (_, words) in zip(rows, poisons, strict=True)), rows
    with caplog.at_level(logging.ERROR, logger="cardroom.room"), TestClient(create_app(db)) as c:
        for (_, words), key in zip(poisons, [*bad, ko], strict=True):
            kind = "knockouts" if key.startswith("k") else "tournaments"
            r = c.get(f"/api/club/{kind}/{key}")
            assert r.status_code == 410 and r.json()["code"] == "tournament_set_aside", r.text
            assert any(f"tournament {key} is set aside" in m and words in m for m in caplog.messages), \
                (words, caplog.messages)
        assert c.get(f"/club/tournaments/{bad[0]}").status_code == 410
        assert c.get(f"/api/club/tournaments/{bad[0]}?lang=ru").json()["detail"].startswith("турнир")
        # the good one goes on to its end; the plain table plays on; the waiting one still waits for Ann
        info = finished(c, f"/api/club/tournaments/{good}")
        assert info["failed"] is None and len(info["protocol"]) == 7 * 2 * 2
        wait_for(lambda: c.get(f"/api/tables/{plain['id']}").json()["over"], 120, "the plain table stopped")
        waits = c.get(f"/api/club/tournaments/{kept}").json()
        assert not waits["over"] and waits["round"] == 1 and waits["failed"] is None
        # the next ids are past every stored one, the set-aside ones included
        assert c.post("/api/club/tournaments", json=SMALL).json()["id"] == f"t{len(waiting) + 2}"
        assert c.post("/api/club/knockouts", json=KNOCKOUT).json()["id"] == "k2"


@settings(max_examples=20, deadline=None)
@given(size=hs.sampled_from([8, 9, 12]), deals=hs.integers(2, 3), seed=hs.integers(0, 2**31),
       autoplay=hs.booleans(), data=hs.data())
def test_a_tournament_row_gives_back_the_tournament(size: int, deals: int, seed: int, autoplay: bool,
                                                    data: hs.DataObject) -> None:
    """Any progress of a room tournament, its plan and progress written and read back, is the same
    tournament; a sitting whose seats or set are not the movement's, a segment whose board or offset is not
    its set's, are refused (set aside)."""
    from cardroom.room.tournament import RoomTournament, RoomTournaments, rebuild

    t = RoomTournaments().make({"participants": size, "deals": deals, "seed": seed, "autoplay": autoplay,
                                "players": data.draw(hs.lists(hs.sampled_from(["Ann", "Bob"]), unique=True))}, "en")
    sched = t.plan.schedule
    for rnd in sched.movement.rounds[:data.draw(hs.integers(0, len(sched.movement.rounds)))]:
        t.round = rnd.number
        for s in rnd.sittings:
            begun = s.boards[:data.draw(hs.integers(0, len(s.boards)))]
            t.sittings.append({"round": rnd.number, "table": s.table, "set": sched.sets[(rnd.number, s.table)],
                               "late": False, "seats": dict(zip(tr.SEATS, s.seats, strict=True)),
                               "segments": [(int(t.plan.board(b).dealer), [b] if data.draw(hs.booleans()) else [],
                                             f"x{rnd.number}.{s.table}.{b}") for b in begun]})
    t.over = data.draw(hs.booleans())
    t.failed = data.draw(hs.one_of(hs.none(), hs.text(max_size=10)))
    row = StoredEvening(t.id, json.loads(t.plan_text()), json.loads(t.progress_text()), 0.0)
    back = RoomTournament.from_stored(row)
    assert (back.plan.names, back.plan.seed, back.plan.options, back.bots, back.sittings, back.round, back.over,
            back.failed) == (t.plan.names, t.plan.seed, t.plan.options, t.bots, t.sittings, t.round, t.over,
                             t.failed)
    started = [i for i, x in enumerate(t.sittings) if x["segments"]]
    if not started:
        return
    change = data.draw(hs.sampled_from(["seats", "set", "board", "offset"]))
    progress = json.loads(t.progress_text())
    sitting = progress["sittings"][data.draw(hs.sampled_from(started))]
    if change == "seats":
        sitting["seats"]["N"], sitting["seats"]["E"] = sitting["seats"]["E"], sitting["seats"]["N"]
    elif change == "set":
        sitting["set"] += 1
    elif change == "board":
        sitting["segments"][0][1] = [99]
    else:
        sitting["segments"][0][0] = (sitting["segments"][0][0] + 1) % 4
    got = rebuild(StoredEvening(t.id, row.plan, progress, 0.0))
    assert isinstance(got, Problem) and got.key == "q.tournament", change


def test_what_the_store_refuses_is_not_made(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A tournament (a knock-out) the store refuses is not made, and a ruling it refuses is not given: 503
    ``tournament_store``, nothing kept."""
    from cardroom.room.store import StoreError

    def refuse(self: Store, key: str, *texts: str) -> None:
        raise StoreError("disk full")

    with TestClient(create_app(f"sqlite:///{tmp_path}/refused.sqlite", bot_delay=BOT_DELAY)) as c:
        monkeypatch.setattr(Store, "add_tournament", refuse)
        for path, body in (("tournaments", TOURNAMENT), ("knockouts", KNOCKOUT)):
            r = c.post(f"/api/club/{path}?lang=ru", json=body)
            assert r.status_code == 503 and r.json()["code"] == "tournament_store", r.text
            assert "турнир не удалось сохранить" in r.json()["detail"] and "disk full" in r.json()["detail"]
        assert c.get("/api/club/tournaments/t1").status_code == 404 and not c.get("/api/tables").json()["tables"]
        monkeypatch.undo()
        made = c.post("/api/club/tournaments", json=TOURNAMENT)
        assert made.status_code == 201
        key = made.json()["id"]
        wait_for(lambda: c.get(f"/api/club/tournaments/{key}").json()["round"] >= 2, 120, "no second round")
        c.app.state.room.store_retries = 0  # type: ignore[attr-defined]
        monkeypatch.setattr(Store, "save_tournament", refuse)
        r = c.post(f"/api/club/tournaments/{key}/rulings", json=RULING)
        assert r.status_code == 503 and r.json()["code"] == "tournament_store", r.text
        assert c.get(f"/api/club/tournaments/{key}").json()["rulings"] == []
