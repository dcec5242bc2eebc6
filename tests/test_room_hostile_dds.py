"""Issue 12, point 1 (part dds): concurrent double-dummy calls must not crash the process.

endplay's ``solve_board`` searched on DDS thread slot 0 from every thread, so two hints at once (each
in its own worker thread) corrupted that slot: wrong answers, "Sum N is not four", a segmentation
fault. Now every DDS call goes through ``cardroom.solve.dds``'s gate (one DDS slot per solve, all of
them for a table), and the card room runs at most ``hint_limit`` hint searches at once (429 ``busy``
with ``Retry-After`` beyond).

* the solver: many threads call every public function at once on different deals and positions;
  each answer equals the one computed alone, no slot is ever lent twice at once, the threads did
  run DDS side by side; no module but ``cardroom.solve.dds`` reaches endplay's solvers;
* a real server (``ServerProcess``): many simultaneous hint requests across bridge tables, each
  from the seat on turn; the server stays up, every 200 equals the hint asked for alone, every
  refusal is a 429 with ``Retry-After`` and the one same body (it is about load: no card in it),
  and nothing changes at the tables;
* in process, with a stand-in search that waits: the bound, the sharing of one search by identical
  questions, both languages of the refusal.
"""

from __future__ import annotations

import contextlib
import random
import re
import sys
import threading
import time
import types
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from cardroom.core.deal import Deal
from cardroom.core.table import Seat
from cardroom.games.bridge.calls import Call
from cardroom.games.bridge.game import ContractBridge
from cardroom.room.messages import msg
from cardroom.room.testing import ServerProcess
from cardroom.solve import dds
from cardroom.solve.dds import (
    BridgePosition,
    DDSGate,
    best_moves,
    dd_table,
    opening_leads,
    par_result,
    position_of,
    set_gate,
    solve,
    table_and_par,
)

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from cardroom.room.app import create_app
from cardroom.room.routes.hint import HINT_RETRY_AFTER

SRC = Path(__file__).resolve().parents[1] / "src" / "cardroom"


# ====================================================================== the solver, many threads at once
def mid_play_positions(seed: int, deals: int) -> list[BridgePosition]:
    """Positions of random deals after a random number of random legal cards (0-3 on the trick)."""
    rng = random.Random(seed)
    game = ContractBridge()
    out: list[BridgePosition] = []
    for _ in range(deals):
        declarer = Seat(rng.randrange(4))
        strain = rng.choice(("C", "D", "H", "S", "NT"))
        hands = Deal.random(rng, first=declarer.lho).hands
        for _ in range(3):
            state = game.new_deal(declarer)
            state.apply(Deal(hands))
            for text in (f"1{strain}", "Pass", "Pass", "Pass"):
                state.apply(Call.parse(text))
            for _ in range(rng.randrange(4, 40)):
                state.apply(rng.choice(state.legal_actions()))
            out.append(position_of(state))
    return out


class WatchedGate(DDSGate):
    """A gate that records the slots lent at once: a slot lent twice at once is an error."""

    def __init__(self, slots: int) -> None:
        super().__init__(slots)
        self.held: set[int] = set()
        self.peak = 0
        self.twice: list[int] = []
        self.everything = 0
        self._watch = threading.Lock()

    @contextlib.contextmanager
    def one(self) -> Iterator[int]:
        with super().one() as index:
            with self._watch:
                if index in self.held:
                    self.twice.append(index)
                self.held.add(index)
                self.peak = max(self.peak, len(self.held))
            try:
                yield index
            finally:
                with self._watch:
                    self.held.discard(index)

    @contextlib.contextmanager
    def every(self) -> Iterator[None]:
        with super().every():
            with self._watch:
                if self.held:
                    self.twice.extend(self.held)
                self.everything += 1
            yield


@pytest.fixture
def watched_gate() -> Iterator[WatchedGate]:
    gate = WatchedGate(dds.dds_threads())
    old = set_gate(gate)
    try:
        yield gate
    finally:
        set_gate(old)


def test_many_threads_calling_the_solver_at_once_get_the_answers_computed_alone(watched_gate: WatchedGate) -> None:
    positions = mid_play_positions(seed=12, deals=8)
    rng = random.Random(5)
    tables = [Deal.random(rng, first=1).hands for _ in range(2)]
    # every answer computed alone first, one call at a time
    want_moves = [best_moves(p) for p in positions]
    want_solve = [solve(p) for p in positions]
    want_table = [dd_table(h) for h in tables]
    want_par = [par_result(h, Seat.NORTH, (False, True)) for h in tables]
    want_leads = [opening_leads(h, Seat.SOUTH, 1) for h in tables]
    # the single solves, and now and then a table (it takes every slot) or the opening leads
    solves: list[tuple[Callable[..., Any], tuple[Any, ...], Any]] = []
    for i, p in enumerate(positions):
        solves.append((best_moves, (p,), want_moves[i]))
        solves.append((solve, (p,), want_solve[i]))
    others: list[tuple[Callable[..., Any], tuple[Any, ...], Any]] = []
    for i, h in enumerate(tables):
        others.append((dd_table, (h,), want_table[i]))
        others.append((par_result, (h, Seat.NORTH, (False, True)), want_par[i]))
        others.append((table_and_par, (h, Seat.NORTH, (False, True)), (want_table[i], want_par[i])))
        others.append((opening_leads, (h, Seat.SOUTH, 1), want_leads[i]))
    threads = 6
    wrong: list[str] = []
    start = threading.Barrier(threads)

    def work(k: int) -> None:
        mine = list(solves)
        random.Random(k).shuffle(mine)  # each thread on other positions at any moment
        mine = mine[: len(mine) // 2]
        mine.insert(len(mine) // 2, others[k % len(others)])
        mine.append(others[(k + threads) % len(others)])
        start.wait()
        for j, (fn, args, want) in enumerate(mine):
            try:
                got = fn(*args)
            except Exception as e:  # a corrupted slot shows as an error too
                wrong.append(f"thread {k}, job {j}: {type(e).__name__}: {e}")
                continue
            if got != want:
                wrong.append(f"thread {k}, job {j} ({fn.__name__}): {got!r} != {want!r}")

    workers = [threading.Thread(target=work, args=(k,)) for k in range(threads)]
    for w in workers:
        w.start()
    for w in workers:
        w.join(timeout=120)
    assert not any(w.is_alive() for w in workers), "a solver thread never finished (a deadlock?)"
    assert wrong == []
    assert watched_gate.twice == [], "a DDS slot was lent to two calls at once"
    # the threads did search side by side: as many at once as DDS has slots
    assert watched_gate.peak == watched_gate.slots
    assert watched_gate.everything > 0


def test_the_gate_lends_each_slot_once_and_a_whole_gate_waits_for_every_slot() -> None:
    gate = DDSGate(2)
    third_got: list[int] = []

    def third() -> None:
        with gate.one() as c:
            third_got.append(c)

    with gate.one() as a, gate.one() as b:
        assert {a, b} == {0, 1}
        t = threading.Thread(target=third)
        t.start()
        t.join(timeout=0.2)
        assert t.is_alive() and third_got == [], "a third call got a slot while both were lent"
    t.join(timeout=5)
    assert third_got in ([0], [1])
    # a caller of every() waits for the slot still lent, and goes before a single call asked after it
    events: list[str] = []
    release = threading.Event()

    def whole() -> None:
        with gate.every():
            events.append("every")
            release.wait(5)

    def late() -> None:
        with gate.one():
            events.append("one")

    w = threading.Thread(target=whole)
    lt = threading.Thread(target=late)
    with gate.one():
        w.start()
        deadline = time.monotonic() + 5
        while gate._every_waiting == 0:  # until it waits
            assert time.monotonic() < deadline
            time.sleep(0.001)
        lt.start()
        lt.join(timeout=0.2)
        assert events == [], "a call went ahead while a slot was still lent"
    deadline = time.monotonic() + 5
    while events != ["every"]:
        assert time.monotonic() < deadline and events == [], events
        time.sleep(0.001)
    lt.join(timeout=0.2)
    assert events == ["every"], "a single slot was lent while every slot was held"
    release.set()
    w.join(timeout=5)
    lt.join(timeout=5)
    assert events == ["every", "one"]
    with pytest.raises(ValueError, match="at least one slot"):
        DDSGate(0)


def test_only_the_solver_module_reaches_endplays_dds() -> None:
    """One gate: no other module of cardroom imports endplay's solving functions."""
    pattern = re.compile(r"from endplay\.(dds|_dds)\b|import endplay\.(dds|_dds)\b|endplay\.(dds|_dds)\.")
    offenders = [str(p.relative_to(SRC)) for p in SRC.rglob("*.py")
                 if p.name != "dds.py" or p.parent.name != "solve"
                 if pattern.search(p.read_text(encoding="utf-8"))]
    assert offenders == []


# ====================================================================== the card room, a real server
def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


@pytest.fixture
def servers(tmp_path: Path) -> Iterator[Callable[..., ServerProcess]]:
    started: list[ServerProcess] = []

    def start(hint_limit: int | None = None) -> ServerProcess:
        srv = ServerProcess(f"sqlite:///{tmp_path}/room{len(started)}.sqlite",
                            limits={} if hint_limit is None else {"hint_limit": hint_limit})
        started.append(srv)
        srv.start()
        return srv

    yield start
    for srv in started:
        srv.stop()


def bridge_table(c: httpx.Client, seed: int) -> tuple[str, str]:
    """A bridge table with a person at North (seat 0) and bots elsewhere: (table id, the person's token)."""
    r = c.post("/api/tables", json={"game": "bridge", "options": {}, "seed": seed, "practice": True})
    assert r.status_code == 201, r.text
    tid, owner = r.json()["id"], r.json()["owner_token"]
    r = c.post(f"/api/tables/{tid}/seats/0", json={"name": "P"})
    assert r.status_code == 201, r.text
    token = r.json()["token"]
    r = c.post(f"/api/tables/{tid}/bots", json={"seats": [1, 2, 3]}, headers=auth(owner))
    assert r.status_code == 201, r.text
    return tid, token


def to_card_turn(c: httpx.Client, tid: str, token: str, min_tricks: int) -> dict[str, Any]:
    """Play on (the person passes in the auction and plays the first legal card) until the person is
    to play a card with at least ``min_tricks`` tricks done; the state message then."""
    deadline = time.monotonic() + 60
    while True:
        assert time.monotonic() < deadline, f"table {tid} never reached a card turn"
        m: dict[str, Any] = c.get(f"/api/tables/{tid}/state", headers=auth(token)).json()
        assert not m["over"], "the match ended before a card turn"
        if m["to_act"] != 0:
            time.sleep(0.01)  # the draw, the deal, the bots
            continue
        deal = m["view"]["deal"]
        if deal["phase"] == "play" and len(m["view"]["table"]["tricks"]) >= min_tricks:
            return m
        r = c.post(f"/api/tables/{tid}/actions", json={"action": m["legal"][0]["id"], "seq": m["seq"]},
                   headers=auth(token))
        assert r.status_code == 200, r.text


def ask_at_once(base: str, asks: list[tuple[str, str]], lang: str | None = None) -> list[httpx.Response]:
    """Every (table, token) hint request sent at the same moment, each from its own connection."""
    ready = threading.Barrier(len(asks))
    out: list[httpx.Response | None] = [None] * len(asks)
    headers = {} if lang is None else {"Accept-Language": lang}

    def one(i: int) -> None:
        tid, token = asks[i]
        with httpx.Client(base_url=base, timeout=120) as c:
            c.get("/api/games")  # the connection is open before the barrier
            ready.wait()
            out[i] = c.get(f"/api/tables/{tid}/hint", headers={**auth(token), **headers})

    threads = [threading.Thread(target=one, args=(i,)) for i in range(len(asks))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=180)
    assert all(r is not None for r in out), "a hint request got no answer"
    return [r for r in out if r is not None]


def assert_alive(srv: ServerProcess) -> None:
    assert srv.proc is not None and srv.proc.poll() is None, f"the server died: {srv.log_text()[-3000:]}"
    assert httpx.get(srv.base + "/api/tables", timeout=30).status_code == 200
    log = srv.log_text()
    assert "is not four" not in log and "Traceback" not in log, log[-3000:]


def test_simultaneous_hints_across_tables_keep_the_server_up_and_exact(
        servers: Callable[..., ServerProcess]) -> None:
    srv = servers(hint_limit=6)  # as many searches as tables: DDS runs from six worker threads
    with httpx.Client(base_url=srv.base, timeout=60) as c:
        tables = [bridge_table(c, seed) for seed in range(101, 107)]
        for wave, min_tricks in enumerate((2, 4)):
            states = {tid: to_card_turn(c, tid, token, min_tricks) for tid, token in tables}
            got = ask_at_once(srv.base, [t for t in tables for _ in range(3)])  # the same question thrice each
            assert_alive(srv)
            assert [r.status_code for r in got] == [200] * len(got), [r.text for r in got if r.status_code != 200]
            for (tid, _token), r in zip([t for t in tables for _ in range(3)], got, strict=True):
                body = r.json()
                assert (body["table"], body["seq"]) == (tid, states[tid]["seq"])
                # every sample solved (a single legal card is played without a search)
                assert body["samples"] == 20 or (body["method"] == "rule" and len(body["candidates"]) == 1), body
            # each answer equals the one asked for alone, one request at a time
            for i, (tid, token) in enumerate(tables):
                alone = c.get(f"/api/tables/{tid}/hint", headers=auth(token))
                assert alone.status_code == 200, alone.text
                for r in got[3 * i: 3 * i + 3]:
                    assert r.json() == alone.json(), f"wave {wave}, table {tid}: a hint under load differs"
                # asking changed nothing at the table
                now = c.get(f"/api/tables/{tid}/state", headers=auth(token)).json()
                assert now["seq"] == states[tid]["seq"] and now["view"] == states[tid]["view"]
            for tid, token in tables:  # play on: a new position for the next wave
                m = states[tid]
                r = c.post(f"/api/tables/{tid}/actions", json={"action": m["legal"][0]["id"], "seq": m["seq"]},
                           headers=auth(token))
                assert r.status_code == 200, r.text
    assert_alive(srv)


def test_hints_beyond_the_limit_are_refused_with_429_and_retry_after(servers: Callable[..., ServerProcess]) -> None:
    srv = servers()  # the default limit: two searches at once
    with httpx.Client(base_url=srv.base, timeout=60) as c:
        tables = [bridge_table(c, seed) for seed in range(201, 207)]
        states = {tid: to_card_turn(c, tid, token, 1) for tid, token in tables}
        got = ask_at_once(srv.base, tables)
        assert_alive(srv)
        codes = [r.status_code for r in got]
        assert set(codes) <= {200, 429}, [r.text for r in got]
        assert codes.count(200) >= 1 and codes.count(429) >= 1, codes
        busy = {"detail": msg("busy", "en", limit=2, retry=HINT_RETRY_AFTER), "code": "busy"}
        for r in got:
            if r.status_code == 429:
                # about load only: the one same answer whatever the table, the seat or its cards
                assert r.json() == busy
                assert r.headers["retry-after"] == str(HINT_RETRY_AFTER)
        # after the refusals every table answers, each as it does alone; nothing changed at the tables
        for (tid, token), r in zip(tables, got, strict=True):
            alone = c.get(f"/api/tables/{tid}/hint", headers=auth(token))
            assert alone.status_code == 200, alone.text
            if r.status_code == 200:
                assert r.json() == alone.json()
            now = c.get(f"/api/tables/{tid}/state", headers=auth(token)).json()
            assert now["seq"] == states[tid]["seq"] and now["view"] == states[tid]["view"]
        stored = c.get("/api/tables").json()["tables"]
        assert {t["id"]: t["seq"] for t in stored if t["id"] in states} == {t: s["seq"] for t, s in states.items()}


# ====================================================================== in process: the bound itself
class WaitingHint:
    """A stand-in ``cardroom.bots.hint`` whose searches wait until released."""

    def __init__(self) -> None:
        self.release = threading.Event()
        self.started: list[int] = []

    def hint(self, game_name: str, view: Any, *, samples: int = 20, seed: int | None = None) -> Any:
        self.started.append(int(view.seat) if hasattr(view, "seat") else -1)
        assert self.release.wait(30)
        return types.SimpleNamespace(to_dict=lambda: {"action": 0, "text": "x", "candidates": []})


def test_the_bound_counts_searches_and_identical_questions_share_one(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fake = WaitingHint()
    module = types.ModuleType("cardroom.bots.hint")
    module.hint = fake.hint  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "cardroom.bots.hint", module)
    with TestClient(create_app(f"sqlite:///{tmp_path}/room.sqlite", hint_limit=1)) as c:
        seated: list[tuple[str, str]] = []
        for seed in (1, 2):
            r = c.post("/api/tables", json={"game": "preferans", "options": {}, "seed": seed,
                                            "practice": True}).json()
            tid = r["id"]
            tokens = [c.post(f"/api/tables/{tid}/seats/{s}", json={"name": f"P{s}"}).json()["token"]
                      for s in range(len(r["table"]["seats"]))]
            deadline = time.monotonic() + 30
            while (seat := c.get(f"/api/tables/{tid}").json()["to_act"]) is None:
                assert time.monotonic() < deadline
                time.sleep(0.01)
            seated.append((tid, tokens[seat]))
        (a, ta), (b, tb) = seated
        answers: list[int] = []

        def ask() -> None:
            answers.append(c.get(f"/api/tables/{a}/hint", headers=auth(ta)).status_code)

        first = [threading.Thread(target=ask) for _ in range(2)]  # one search, asked twice
        for t in first:
            t.start()
        deadline = time.monotonic() + 10
        while len(fake.started) < 1:
            assert time.monotonic() < deadline
            time.sleep(0.005)
        before = c.get(f"/api/tables/{b}").json()["seq"]
        for lang, headers in (("en", {}), ("ru", {"Accept-Language": "ru"})):
            r = c.get(f"/api/tables/{b}/hint", headers={**auth(tb), **headers})
            assert r.status_code == 429
            assert r.json() == {"detail": msg("busy", lang, limit=1, retry=HINT_RETRY_AFTER), "code": "busy"}
            assert r.headers["retry-after"] == str(HINT_RETRY_AFTER)
        assert "подсказк" in msg("busy", "ru", limit=1, retry=2)
        fake.release.set()
        for t in first:
            t.join(timeout=30)
        assert answers == [200, 200]
        assert len(fake.started) == 1, "two identical questions made two searches"
        assert c.get(f"/api/tables/{b}").json()["seq"] == before  # the refusal changed nothing
        assert c.get(f"/api/tables/{b}/hint", headers=auth(tb)).status_code == 200  # once free, answered
    for bad in (0, -1, True, 1.5):
        with pytest.raises(ValueError, match="hint limit"):
            create_app(f"sqlite:///{tmp_path}/x.sqlite", hint_limit=bad)  # type: ignore[arg-type]


def test_the_serve_command_takes_a_hint_limit() -> None:
    import argparse

    from cardroom.room.serve import add_parser

    parser = argparse.ArgumentParser()
    add_parser(parser.add_subparsers(dest="command"))
    assert parser.parse_args(["serve"]).hint_limit == 2
    assert parser.parse_args(["serve", "--hint-limit", "5"]).hint_limit == 5
    for bad in ("0", "-3", "many"):
        with pytest.raises(SystemExit):
            parser.parse_args(["serve", "--hint-limit", bad])
