"""Load on the card room over real WebSocket connections on loopback.

    .venv/bin/python bench/room.py [--tables 200] [--game bridge] [--seconds 20] [--leak 0]
    .venv/bin/python bench/room.py --nodes 3 [--client-procs 2] [--lease-seconds 5]

A real server process (``python -m cardroom.room``, SQLite store in a temporary folder) and, in this
process, one WebSocket client per seat of every table; each client acts for its seat with a random
legal action when it is on turn (at once, or after a random think time with ``--think``). Prints:

- actions per second handled by the server, and the ratio to the bare engine's rate (random legal
  actions applied to a state in this process, measured in the same run);
- the latency from an action's sending to every seat's receipt of the resulting state: p50, p99;
- the server's memory per table (resident memory grown with the tables, divided by their number),
  and the ratio to a bare engine state of the same game at the same point (tracemalloc);
- the CPU the server (all its threads, and its event loop's thread) and the clients (this process)
  used during the measurement, the load average before and after, and the CPU per action of each:
  on a machine shared with other work the throughput and the latencies fall, the CPU per action
  much less;
- first, as references: the bare engine's rate, and the CPU per action of the room's own path
  without the network (:func:`room_path_cost`).

``--caps on`` keeps the server's default limits (issue 12: 20 tables at once then 10 a minute from
one address, 32 sockets from one address); by default the bench turns the table rate and the socket
caps off, since all its clients share one address (200 tables make 800 sockets from 127.0.0.1).

``--nodes N`` (issue 18) runs the same load on a room of nodes instead: one PostgreSQL and one Redis
started on loopback, and, one after the other in the same run, 1 node without the bus, 1 node with it
and N nodes with it (``cardroom serve --node NAME --bus redis://… --lease-seconds S``), each on a fresh
database; the tables are created through the nodes in turn, the N-node configuration is run once for
each of ``--routes``: ``owner`` (every seat connected to its table's owner) and ``spread`` (seat s of
table i at node (i + s) mod N: most seats relayed over the bus), and the clients run in
``--client-procs`` processes of their own. For each configuration: actions/s, p50/p99, each node's CPU
and CPU per action of its tables, Redis's and PostgreSQL's CPU per action; then the ratios 1 node with
the bus / without it (throughput, CPU per action) and N nodes / 1 node, and what a core per node would
hold.

``--leak N`` also plays N bot-only matches in-process with every message checked for hidden cards
(the issue's figure is 200; preferans to the shortest agreed pulya unless ``--leak-full``).
"""

from __future__ import annotations

import argparse
import asyncio
import importlib
import json
import os
import random
import statistics
import sys
import tempfile
import time
import tracemalloc
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import httpx
from websockets.asyncio.client import ClientConnection, connect
from websockets.typing import Subprotocol

from cardroom.core.game import CHANCE
from cardroom.games import load
from cardroom.room.audit import bare_engine_rate, leak_run
from cardroom.room.testing import ServerProcess, ws_protocols

if TYPE_CHECKING:  # imported where --nodes runs: the single-server bench runs on older trees too (compare.py)
    from cardroom.room.testing import Postgres, Redis


def _loads() -> Callable[[bytes], Any]:
    """The clients' JSON decoding is a large part of their CPU: orjson when installed (as the server)."""
    try:
        return importlib.import_module("orjson").loads  # type: ignore[no-any-return]
    except ImportError:
        return json.loads


loads = _loads()


def rss_bytes(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    return 0


def cpu_seconds(pid: int, tid: int | None = None) -> float:
    """User + system CPU time so far of a process (all its threads), or of one of its threads, from /proc."""
    path = f"/proc/{pid}/stat" if tid is None else f"/proc/{pid}/task/{tid}/stat"
    fields = Path(path).read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def bare_state_bytes(game_name: str, actions: int) -> float:
    """Memory of one bare engine state after ``actions`` random actions (tracemalloc)."""
    game = load(game_name)
    rng = random.Random(0)
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    states = []
    for _ in range(20):
        s = game.new_initial_state()
        for _ in range(actions):
            if s.is_over:
                break
            if s.to_act == CHANCE:
                s.play_chance(rng)
            else:
                s.apply(rng.choice(list(s.legal_actions())))
        states.append(s)
    after = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    return (after - before) / len(states)


async def room_path_cost(game_name: str, tables: int = 100, rounds: int = 30) -> float:
    """CPU seconds per action of the room's own path, without the network: a person's action checked,
    committed (group commit, SQLite in a temporary folder), applied and its state message built and
    encoded for every seat (subscribers that drop the text), tables acting together in rounds."""
    from cardroom.room.engine import Room
    from cardroom.room.store import AsyncStore, Store

    with tempfile.TemporaryDirectory() as d:
        store = AsyncStore(Store(f"sqlite:///{d}/path.sqlite"))
        store.start()
        room = Room(store)
        # the collector tuned as the server process tunes it (room/serve.py; a tree from before the tuning
        # has none: its server runs at the defaults)
        try:
            serve = importlib.import_module("cardroom.room.serve")
        except ImportError:
            serve = None
        tune_gc = getattr(serve, "tune_gc", None)
        if tune_gc is not None:
            tune_gc()
        rng = random.Random(1)
        try:
            tabs = []
            for i in range(tables):
                rt, _ = await room.create_table(game_name, {}, seed=i, practice=True)
                tokens = [await room.sit(rt.id, s, f"p{s}") for s in range(rt.game.num_seats)]
                for s in range(rt.game.num_seats):
                    room.subscribe(rt, s, lambda *_: None)
                tabs.append((rt, tokens))

            async def step(rt: Any, tokens: list[str]) -> int:
                while rt.state.to_act == CHANCE:  # the server's own chance action, committed in a while
                    await asyncio.sleep(0.001)  # (not a busy wait: its CPU would count as the path's)
                if rt.state.is_over:
                    return 0
                legal = list(rt.state.legal_actions())
                await room.act(rt.id, tokens[rt.state.to_act], rng.randrange(len(legal)), rt.seq)
                return 1

            await asyncio.gather(*(step(rt, t) for rt, t in tabs))
            n, c0 = 0, time.process_time()
            for _ in range(rounds):
                n += sum(await asyncio.gather(*(step(rt, t) for rt, t in tabs)))
            return (time.process_time() - c0) / max(n, 1)
        finally:
            await room.close()
            await store.stop()


class Stats:
    def __init__(self) -> None:
        self.sent: dict[tuple[str, int], float] = {}
        self.waiting: dict[tuple[str, int], int] = {}
        self.latencies: list[float] = []
        self.actions = 0
        self.per_table: Counter[str] = Counter()  # actions sent while measuring, by table
        self.errors = 0
        self.measuring = False


async def seat_client(base_ws: str, tid: str, seat: int, token: str, n_seats: int, stats: Stats,
                      stop: asyncio.Event, rng: random.Random, think: float) -> None:
    async with connect(f"{base_ws}/ws/tables/{tid}", max_size=None,
                       subprotocols=[Subprotocol(p) for p in ws_protocols(token)]) as ws:
        await play(ws, tid, seat, n_seats, stats, stop, rng, think)


async def play(ws: ClientConnection, tid: str, seat: int, n_seats: int, stats: Stats, stop: asyncio.Event,
               rng: random.Random, think: float) -> None:
    while not stop.is_set():
        try:
            raw = await asyncio.wait_for(ws.recv(decode=False), timeout=0.5)
        except TimeoutError:
            continue
        now = time.perf_counter()
        m = loads(raw)
        if m["type"] == "error":
            stats.errors += 1
            continue
        if m["type"] != "state":
            continue
        key = (tid, m["seq"])
        t0 = stats.sent.get(key)
        if t0 is not None:
            stats.latencies.append(now - t0)
            left = stats.waiting[key] - 1
            stats.waiting[key] = left
            if left == 0:
                del stats.sent[key], stats.waiting[key]
        if m["legal"] and not m["over"] and not stop.is_set():
            if think > 0:
                await asyncio.sleep(rng.uniform(0, 2 * think))
            choice = rng.choice(m["legal"])
            nxt = (tid, m["seq"] + 1)
            if stats.measuring:
                stats.sent[nxt] = time.perf_counter()
                stats.waiting[nxt] = n_seats
                stats.actions += 1
                stats.per_table[tid] += 1
            await ws.send(json.dumps({"type": "act", "action": choice["id"], "seq": m["seq"]}))


async def create_tables(bases: Sequence[str], game: str, count: int) -> list[tuple[str, list[str]]]:
    """``count`` practice tables of ``game`` (seeds 0, 1, …) and a person's seat token for each of their
    seats, the i-th table created through ``bases[i % len(bases)]``: (table id, tokens by seat)."""
    n_seats = load(game).num_seats
    clients = [httpx.AsyncClient(base_url=b, timeout=60) for b in bases]
    tables = []
    try:
        for i in range(count):
            http = clients[i % len(clients)]
            r = (await http.post("/api/tables", json={"game": game, "options": {}, "seed": i,
                                                      "practice": True})).json()
            tokens = [(await http.post(f"/api/tables/{r['id']}/seats/{s}", json={"name": f"c{s}"})).json()["token"]
                      for s in range(n_seats)]
            tables.append((r["id"], tokens))
    finally:
        for c in clients:
            await c.aclose()
    return tables


def percentiles_ms(latencies: list[float]) -> tuple[float, float]:
    """p50 and p99 of latencies in seconds, in milliseconds (NaN without samples)."""
    lat = sorted(latencies)
    if not lat:
        return float("nan"), float("nan")
    return 1000 * lat[len(lat) // 2], 1000 * lat[min(len(lat) - 1, int(len(lat) * 0.99))]


async def load_test(args: argparse.Namespace) -> dict[str, Any]:
    tmp = tempfile.mkdtemp(prefix="cardroom-bench-")
    caps = {} if args.caps == "on" else {"table_rate": 0, "ws_per_client": 0, "ws_total": 0}
    server = ServerProcess(f"sqlite:///{tmp}/bench.sqlite", port=args.port, limits=caps)
    if args.port:  # a server already running there (e.g. under a profiler)
        server.proc = None
    else:
        server.start()
    base_ws = server.base.replace("http://", "ws://")
    stats = Stats()
    stop = asyncio.Event()
    tasks: list[asyncio.Task[None]] = []
    try:
        rss0 = rss_bytes(server.proc.pid) if server.proc else 0
        n_seats = load(args.game).num_seats
        tables = await create_tables([server.base], args.game, args.tables)
        rng = random.Random(1)
        for tid, tokens in tables:
            for s, tok in enumerate(tokens):
                tasks.append(asyncio.create_task(
                    seat_client(base_ws, tid, s, tok, n_seats, stats, stop, random.Random(rng.random()), args.think)))
        await asyncio.sleep(args.warmup)
        stats.measuring = True
        t0 = time.perf_counter()
        a0 = stats.actions
        spid = server.proc.pid if server.proc else args.server_pid
        cpu_s0 = cpu_seconds(spid) if spid else 0.0
        cpu_m0 = cpu_seconds(spid, spid) if spid else 0.0  # the event loop's thread
        cpu_c0 = cpu_seconds(os.getpid())
        load0 = os.getloadavg()[0]
        await asyncio.sleep(args.seconds)
        elapsed = time.perf_counter() - t0
        actions = stats.actions - a0
        cpu_server = (cpu_seconds(spid) - cpu_s0) / elapsed if spid else float("nan")
        cpu_loop = (cpu_seconds(spid, spid) - cpu_m0) / elapsed if spid else float("nan")
        cpu_clients = (cpu_seconds(os.getpid()) - cpu_c0) / elapsed
        load1 = os.getloadavg()[0]
        stats.measuring = False
        rss1 = rss_bytes(server.proc.pid) if server.proc else 0
        async with httpx.AsyncClient(base_url=server.base, timeout=60) as http:
            infos, page = [], "/api/tables?limit=200"
            while page:  # the lobby comes in pages
                answer = (await http.get(page)).json()
                infos += answer["tables"]
                page = answer["next"]
        mean_seq = statistics.mean(t["seq"] for t in infos)
    finally:
        stop.set()
        await asyncio.gather(*tasks, return_exceptions=True)
        server.stop()
    p50, p99 = percentiles_ms(stats.latencies)
    return {
        "tables": args.tables,
        "actions_per_s": actions / elapsed,
        "p50_ms": p50,
        "p99_ms": p99,
        "latency_samples": len(stats.latencies),
        "errors": stats.errors,
        "rss_per_table": (rss1 - rss0) / args.tables,
        "mean_actions_per_table": mean_seq,
        "cpu_server": cpu_server,
        "cpu_loop": cpu_loop,
        "cpu_clients": cpu_clients,
        "load": (load0, load1),
    }


# --- several nodes (issue 18): ``--nodes N`` -------------------------------------------------------------


def tree_cpu_seconds(pid: int) -> float:
    """CPU time so far of a process and its children alive now (PostgreSQL's postmaster and its backends)."""
    total = cpu_seconds(pid)
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
            if int(fields[1]) == pid:
                total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        except (OSError, IndexError, ValueError):  # a process that ended meanwhile
            continue
    return total


@dataclass
class ClientShare:
    """What one client process plays: its tables (id, seat tokens) and the node each seat connects to."""

    tables: list[tuple[str, list[str]]]
    urls: list[list[str]]  # by table, by seat: the node's ws:// base
    n_seats: int
    think: float
    seed: float


def client_process(share: ClientShare, ready: Any, measure: Any, done: Any, results: Any) -> None:
    """A client process (its own interpreter): one WebSocket client per seat of its tables, measuring
    between ``measure`` and ``done``; puts its figures on ``results``."""
    results.put(asyncio.run(_client_main(share, ready, measure, done)))


async def _client_main(share: ClientShare, ready: Any, measure: Any, done: Any) -> dict[str, Any]:
    stats = Stats()
    stop = asyncio.Event()
    rng = random.Random(share.seed)
    tasks = [asyncio.create_task(seat_client(share.urls[i][s], tid, s, tok, share.n_seats, stats, stop,
                                             random.Random(rng.random()), share.think))
             for i, (tid, tokens) in enumerate(share.tables) for s, tok in enumerate(tokens)]
    ready.put(os.getpid())
    while not measure.is_set():
        await asyncio.sleep(0.005)
    stats.measuring = True
    t0, c0 = time.perf_counter(), time.process_time()
    while not done.is_set():
        await asyncio.sleep(0.005)
    stats.measuring = False
    elapsed, cpu = time.perf_counter() - t0, time.process_time() - c0
    stop.set()
    await asyncio.gather(*tasks, return_exceptions=True)
    return {"actions": stats.actions, "per_table": dict(stats.per_table), "latencies": stats.latencies,
            "errors": stats.errors, "elapsed": elapsed, "cpu": cpu}


def owners(db: str, tables: list[str], names: list[str], leased: bool) -> dict[str, int]:
    """The node (its index in ``names``) that owns each table now, from the leases in the store (the one
    node when there are no leases)."""
    if not leased:
        return dict.fromkeys(tables, 0)
    from sqlalchemy import create_engine, text

    eng = create_engine(db)
    try:
        with eng.connect() as conn:
            rows = conn.execute(text("SELECT table_id, node FROM room_leases")).fetchall()
    finally:
        eng.dispose()
    held = {str(t): names.index(str(n)) for t, n in rows if str(n) in names}
    return {t: held[t] for t in tables if t in held}  # a table without a live lease is nobody's now


def postmaster_pid(pg: Postgres) -> int:
    """The process id of ``pg``'s postmaster (the first line of its postmaster.pid)."""
    return int((pg.datadir / "postmaster.pid").read_text().split()[0])


def new_database(pg: Postgres, name: str, synchronous_commit: bool) -> str:
    """A fresh database on ``pg`` for one configuration: its URL. Without ``synchronous_commit`` a commit
    returns before its WAL is on disk (PostgreSQL's ``synchronous_commit = off``: a crash of PostgreSQL may
    lose the last fraction of a second, never corrupt): the disk's flush time no longer bounds the rate."""
    from sqlalchemy import create_engine, text

    eng = create_engine(pg.url, isolation_level="AUTOCOMMIT")
    with eng.connect() as conn:
        conn.execute(text(f"CREATE DATABASE {name}"))
        if not synchronous_commit:
            conn.execute(text(f"ALTER DATABASE {name} SET synchronous_commit = off"))
    eng.dispose()
    return pg.url.rsplit("/", 1)[0] + "/" + name


IDLE_SECONDS = 2.0
"""How long the bench measures the nodes' CPU with their tables and no client (their fixed cost)."""


ROUTES = {
    "owner": lambda i, s, nodes: i % nodes,  # every seat at the node that made the table (its owner)
    "spread": lambda i, s, nodes: (i + s) % nodes,  # the seats over the nodes: most of them relayed
}
"""How the seats of table i (made through node i mod N) reach the nodes: the node seat s connects to."""


def run_nodes(args: argparse.Namespace, pg: Postgres, bus: Redis | None, nodes: int, label: str,
              route: str = "owner") -> dict[str, Any]:
    """One configuration: ``nodes`` node processes on a fresh database of ``pg`` (and the bus ``bus``), the
    tables created through the nodes in turn, the seats connected to the nodes by ``route`` (:data:`ROUTES`),
    ``args.client_procs`` client processes."""
    import multiprocessing as mp

    db = new_database(pg, label, args.synchronous_commit == "on")
    caps: dict[str, float] = {"table_rate": 0, "ws_per_client": 0, "ws_total": 0}
    procs = [ServerProcess(db, limits=caps) if bus is None else
             ServerProcess(db, limits=caps, node=f"n{k}", bus=bus.url, lease_seconds=args.lease_seconds)
             for k in range(nodes)]
    ctx = mp.get_context("spawn")
    clients: list[Any] = []
    try:
        for p in procs:
            p.start()
        tables = asyncio.run(create_tables([p.base for p in procs], args.game, args.tables))
        pids = [p.proc.pid for p in procs if p.proc is not None]
        i0 = [cpu_seconds(pid) for pid in pids]
        time.sleep(IDLE_SECONDS)  # the nodes with their tables and no client: the fixed cost of a node
        idle = [(cpu_seconds(pid) - c) / IDLE_SECONDS for pid, c in zip(pids, i0, strict=True)]
        n_seats = load(args.game).num_seats
        ws = [p.base.replace("http://", "ws://") for p in procs]
        ready, results = ctx.Queue(), ctx.Queue()
        measure, done = ctx.Event(), ctx.Event()
        rng = random.Random(1)
        k = max(1, args.client_procs)
        for c in range(k):
            mine = [(i, t) for i, t in enumerate(tables) if i % k == c]
            share = ClientShare([t for _, t in mine], [[ws[ROUTES[route](i, s, nodes)] for s in range(n_seats)]
                                                       for i, _ in mine],
                                n_seats, args.think, rng.random())
            proc = ctx.Process(target=client_process, args=(share, ready, measure, done, results), daemon=True)
            proc.start()
            clients.append(proc)
        for _ in clients:
            ready.get(timeout=120)
        time.sleep(args.warmup)
        others = {"redis": bus.proc.pid if bus is not None else 0, "postgresql": postmaster_pid(pg)}
        n0 = [cpu_seconds(pid) for pid in pids]
        o0 = {k2: tree_cpu_seconds(pid) if pid else 0.0 for k2, pid in others.items()}
        t0 = time.perf_counter()
        load0 = os.getloadavg()[0]
        measure.set()
        time.sleep(args.seconds)
        done.set()
        elapsed = time.perf_counter() - t0
        load1 = os.getloadavg()[0]
        node_cpu = [(cpu_seconds(pid) - c) / elapsed for pid, c in zip(pids, n0, strict=True)]
        other_cpu = {k2: (tree_cpu_seconds(pid) - o0[k2]) / elapsed if pid else 0.0 for k2, pid in others.items()}
        parts = [results.get(timeout=120) for _ in clients]
        owner = owners(db, [t for t, _ in tables], [p.node or "" for p in procs], bus is not None)
    finally:
        for c in clients:
            c.join(timeout=30)
            if c.is_alive():
                c.kill()
        for p in procs:
            p.stop()
    actions = sum(r["actions"] for r in parts) / statistics.mean(r["elapsed"] for r in parts)
    owned = [0] * nodes
    for r in parts:
        for tid, n in r["per_table"].items():
            if tid in owner:
                owned[owner[tid]] += n
    window = statistics.mean(r["elapsed"] for r in parts)
    p50, p99 = percentiles_ms([x for r in parts for x in r["latencies"]])
    return {
        "label": label, "nodes": nodes, "bus": bus is not None, "route": route, "actions_per_s": actions, "p50_ms": p50,
        "p99_ms": p99, "errors": sum(r["errors"] for r in parts),
        "node_cpu": node_cpu,  # cores, by node
        "node_idle": idle,  # cores, by node, before the clients came
        "node_ms_per_action": [1000 * c * window / n if n else float("nan")
                               for c, n in zip(node_cpu, owned, strict=True)],
        "room_ms_per_action": 1000 * sum(node_cpu) / max(actions, 1e-9),
        "other_ms_per_action": {k2: 1000 * c / max(actions, 1e-9) for k2, c in other_cpu.items()},
        "other_cpu": other_cpu,
        "client_cpu": sum(r["cpu"] for r in parts) / window,
        "load": (load0, load1),
    }


def print_run(r: dict[str, Any]) -> None:
    what = f"{r['nodes']} node{'s' if r['nodes'] > 1 else ''} {'with' if r['bus'] else 'without'} the bus"
    if r["nodes"] > 1:
        what += f", seats routed {'to the owner' if r['route'] == 'owner' else 'over the nodes (relayed)'}"
    print(f"  {what}: {r['actions_per_s']:,.0f} actions/s, latency p50 {r['p50_ms']:.1f} ms p99 {r['p99_ms']:.1f} ms, "
          f"errors {r['errors']}")
    for k, (cpu, ms) in enumerate(zip(r["node_cpu"], r["node_ms_per_action"], strict=True)):
        print(f"    node n{k}: CPU {cpu:.2f} cores ({r['node_idle'][k]:.3f} before the clients came), "
              f"{ms:.3f} ms per action of its tables")
    others = ", ".join(f"{k} {r['other_cpu'][k]:.2f} cores ({ms:.3f} ms/action)"
                       for k, ms in r["other_ms_per_action"].items() if r["other_cpu"][k] > 0)
    print(f"    the nodes together: {r['room_ms_per_action']:.3f} ms of CPU per action; {others}; "
          f"clients {r['client_cpu']:.2f} cores; load average {r['load'][0]:.2f} -> {r['load'][1]:.2f}")


def cap(ms_per_action: float) -> str:
    """The actions per second one core holds at this CPU per action ("no limit measured" below 1 µs)."""
    return f"{1000 / ms_per_action:,.0f}" if ms_per_action >= 0.001 else "(no limit measured)"


def nodes_bench(args: argparse.Namespace) -> None:
    """``--nodes N``: one PostgreSQL and one Redis on loopback, then, in this order and the same run, 1 node
    without the bus, 1 node with it, N nodes with it; their figures and ratios."""
    from cardroom.room.testing import Postgres, Redis

    pg = Postgres.start()
    bus = Redis.start()
    runs = []
    try:
        runs.append(run_nodes(args, pg, None, 1, "one_plain"))
        runs.append(run_nodes(args, pg, bus, 1, "one_bus"))
        if args.nodes > 1:
            for route in args.routes.split(","):
                runs.append(run_nodes(args, pg, bus, args.nodes, f"nodes{args.nodes}_{route}", route))
    finally:
        bus.stop()
        pg.stop()
    print(f"room on nodes: {args.tables} tables of {args.game}, a WebSocket client per seat in "
          f"{args.client_procs} client processes, think time {args.think:g} s, {args.seconds:g} s measured, "
          f"PostgreSQL store (synchronous_commit {args.synchronous_commit}), lease {args.lease_seconds:g} s")
    for r in runs:
        print_run(r)
    plain, bus1 = runs[0], runs[1]
    with_redis = bus1["room_ms_per_action"] + bus1["other_ms_per_action"]["redis"]
    print(f"  ratios, 1 node with the bus / without: throughput {bus1['actions_per_s'] / plain['actions_per_s']:.3f}, "
          f"the node's CPU per action {bus1['room_ms_per_action'] / plain['room_ms_per_action']:.3f}, "
          f"with Redis's CPU {with_redis / plain['room_ms_per_action']:.3f}")
    for many in runs[2:]:
        n = many["nodes"]
        print(f"  ratios, {n} nodes ({many['route']}) / 1 node with the bus: throughput "
              f"{many['actions_per_s'] / bus1['actions_per_s']:.3f}, "
              f"CPU per action of the nodes {many['room_ms_per_action'] / bus1['room_ms_per_action']:.3f}, "
              f"p99 {many['p99_ms'] / bus1['p99_ms']:.2f}; against 1 node without the bus: throughput "
              f"{many['actions_per_s'] / plain['actions_per_s']:.3f}, CPU per action "
              f"{many['room_ms_per_action'] / plain['room_ms_per_action']:.3f}")
        redis_ms, pg_ms = many["other_ms_per_action"]["redis"], many["other_ms_per_action"]["postgresql"]
        print(f"    a core per node holds about {cap(many['room_ms_per_action'])} actions/s at "
              f"{many['room_ms_per_action']:.3f} ms each (so M machines of a node per core: M times that); "
              f"one core of Redis at {redis_ms:.3f} ms/action caps the room near {cap(redis_ms)} actions/s, "
              f"one core of PostgreSQL at {pg_ms:.3f} ms/action near {cap(pg_ms)} actions/s")


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--tables", type=int, default=200)
    p.add_argument("--game", default="bridge")
    p.add_argument("--seconds", type=float, default=20.0)
    p.add_argument("--warmup", type=float, default=3.0)
    p.add_argument("--think", type=float, default=0.0,
                   help="mean seconds a client waits before acting (0: act at once, the server saturated)")
    p.add_argument("--port", type=int, default=0, help="use a server already listening on this loopback port")
    p.add_argument("--server-pid", type=int, default=0, help="with --port: that server's process id (for its CPU use)")
    p.add_argument("--caps", choices=("off", "on"), default="off",
                   help="the server's table rate and socket caps: off (default; the clients share one address) "
                        "or on (the server's defaults)")
    p.add_argument("--leak", type=int, default=0, help="also play N bot-only matches checking every message")
    p.add_argument("--leak-full", action="store_true",
                   help="with --leak: preferans pulkas to their variant's pulya (default: the shortest agreed, 10)")
    p.add_argument("--nodes", type=int, default=0,
                   help="N >= 1: PostgreSQL and Redis on loopback, and in the same run 1 node without the bus, 1 node "
                        "with it and (N > 1) N nodes with it, the clients in their own processes (issue 18)")
    p.add_argument("--client-procs", type=int, default=2, help="with --nodes: client processes")
    p.add_argument("--routes", default="owner,spread",
                   help="with --nodes: how the seats reach the N nodes, each run in turn: owner (every seat at "
                        "its table's owner, as a proxy that routes by table would), spread (seat s of table i at "
                        "node (i + s) mod N: most seats relayed)")
    p.add_argument("--lease-seconds", type=float, default=5.0, help="with --nodes: the nodes' table lease")
    p.add_argument("--synchronous-commit", choices=("on", "off"), default="on",
                   help="with --nodes: PostgreSQL's synchronous_commit (off: the disk's flush time does not bound "
                        "the rate; a crash of PostgreSQL may lose its last fraction of a second)")
    args = p.parse_args()
    unknown = set(args.routes.split(",")) - set(ROUTES)
    if unknown:
        p.error(f"--routes: {', '.join(sorted(unknown))} (choose from {', '.join(ROUTES)})")

    import platform

    import cardroom.room.engine as engine

    fast = getattr(engine, "_ORJSON", None) is not None
    print(f"setup: Python {platform.python_version()}, {os.cpu_count()} cores, server JSON encoder "
          f"{'orjson' if fast else 'json (install orjson for the faster one)'}, "
          + (f"clients in {args.client_procs} processes of their own, each node in its own" if args.nodes else
             f"clients in this process ({os.getpid()}), the server in its own"))
    ref_rate = bare_engine_rate(load(args.game), 3.0)
    print(f"reference: bare engine, {args.game}: {ref_rate:,.0f} random legal actions/s")
    path = asyncio.run(room_path_cost(args.game))
    print(f"reference: the room's own path (check, commit, apply, a message per seat), no network: "
          f"{path * 1e6:,.0f} µs of CPU per action")
    if args.nodes:
        nodes_bench(args)
        return 0
    r = asyncio.run(load_test(args))
    state_bytes = bare_state_bytes(args.game, int(r["mean_actions_per_table"]))
    print(f"room: {r['tables']} tables of {args.game}, a WebSocket client per seat, think time "
          f"{args.think:g} s, {args.seconds:g} s measured")
    print(f"  actions/s: {r['actions_per_s']:,.0f}  (ratio to the bare engine: {r['actions_per_s'] / ref_rate:.3f})")
    print(f"  latency action -> every seat's update: p50 {r['p50_ms']:.1f} ms, p99 {r['p99_ms']:.1f} ms "
          f"({r['latency_samples']} samples; goal p99 < 100 ms)")
    print(f"  memory per table: {r['rss_per_table'] / 1024:,.0f} KiB of server RSS; a bare state after "
          f"{r['mean_actions_per_table']:.0f} actions: {state_bytes / 1024:,.1f} KiB "
          f"(ratio {r['rss_per_table'] / state_bytes:.1f})")
    per = 1000 / max(r["actions_per_s"], 1e-9)
    print(f"  CPU during the measurement (1.0 = one core of {os.cpu_count()}): server {r['cpu_server']:.2f} "
          f"(its event loop {r['cpu_loop']:.2f}), the bench's clients (this process) {r['cpu_clients']:.2f}; "
          f"load average {r['load'][0]:.2f} -> {r['load'][1]:.2f}")
    print(f"  CPU per action: server {r['cpu_server'] * per:.3f} ms (event loop {r['cpu_loop'] * per:.3f} ms), "
          f"clients {r['cpu_clients'] * per:.3f} ms  (what a busy machine changes least)")
    print(f"  errors received: {r['errors']}")
    if args.leak:
        with tempfile.TemporaryDirectory() as d:
            t0 = time.perf_counter()
            c0 = time.process_time()
            problems, checked, actions = asyncio.run(leak_run(f"sqlite:///{d}/leak.sqlite", args.leak,
                                                              short=not args.leak_full))
            print(f"leak check: {args.leak} bot-only matches over every configuration"
                  f"{'' if args.leak_full else ' (pulkas to the shortest pulya)'}, {actions:,} actions, "
                  f"{checked:,} messages checked in {time.perf_counter() - t0:.0f} s "
                  f"({time.process_time() - c0:.0f} s of CPU): {len(problems)} problems")
            for line in problems[:20]:
                print("  " + line)
            if problems:
                return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
