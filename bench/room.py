"""Load on the card room over real WebSocket connections on loopback.

    .venv/bin/python bench/room.py [--tables 200] [--game bridge] [--seconds 20] [--leak 0] [--nodes N]

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

``--nodes N`` (issue 18) measures, in one run, the same load on one node over PostgreSQL without a
bus and on N nodes (``cardroom serve --node nI --bus redis://…``) over the same PostgreSQL and a Redis
on loopback, twice: table ``i`` is made on node ``i mod N``, and its seat ``s``'s client connects to
that node (nothing relayed: the cost of sharding), then to node ``(i + s) mod N`` (most sockets relayed
to their table's owner: the cost of the bus); prints each run's figures, the CPU per action of each
node and of redis-server, and the ratios to one node and of relayed to not relayed.

``--client-procs K`` runs the clients in K processes of their own (whole tables each), as the issue
asks; by default they run in the bench's process.

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
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect
from websockets.typing import Subprotocol

from cardroom.core.game import CHANCE
from cardroom.games import load
from cardroom.room.audit import bare_engine_rate, leak_run
from cardroom.room.testing import ServerProcess, ws_protocols


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
            await ws.send(json.dumps({"type": "act", "action": choice["id"], "seq": m["seq"]}))


Job = tuple[str, str, int, str, int, float]
"""One seat's client: the node's WebSocket base, the table, the seat, its token, the seats, its seed."""


async def clients(jobs: list[Job], start_at: float, seconds: float, think: float) -> dict[str, Any]:
    """Run these seats' clients; count what happens from ``start_at`` (wall clock) for ``seconds``."""
    stats = Stats()
    stop = asyncio.Event()
    tasks = [asyncio.create_task(seat_client(base_ws, tid, s, tok, n, stats, stop, random.Random(seed), think))
             for base_ws, tid, s, tok, n, seed in jobs]
    await asyncio.sleep(max(0.0, start_at - time.time()))
    stats.measuring = True
    c0 = cpu_seconds(os.getpid())
    await asyncio.sleep(seconds)
    stats.measuring = False
    out = {"actions": stats.actions, "latencies": stats.latencies, "errors": stats.errors,
           "cpu": cpu_seconds(os.getpid()) - c0}
    stop.set()
    await asyncio.gather(*tasks, return_exceptions=True)
    return out


def clients_process(jobs: list[Job], start_at: float, seconds: float, think: float, queue: Any) -> None:
    """``--client-procs``: one process's share of the clients (whole tables), its counts sent back."""
    queue.put(asyncio.run(clients(jobs, start_at, seconds, think)))


async def load_test(args: argparse.Namespace, servers: list[ServerProcess] | None = None,
                    relayed: bool = True) -> dict[str, Any]:
    """The load on one server (SQLite, started here), or on ``servers`` already started (the nodes of a
    room, or one node on PostgreSQL): table ``i`` made on node ``i mod N``, the client of its seat ``s``
    connected to node ``(i + s) mod N`` (with several nodes, most sockets are relayed to the owner), or
    to the table's own node when not ``relayed``."""
    own = servers is None
    if servers is None:
        tmp = tempfile.mkdtemp(prefix="cardroom-bench-")
        server = ServerProcess(f"sqlite:///{tmp}/bench.sqlite", port=args.port, limits=CAPS_OFF if args.caps == "off"
                               else {})
        if args.port:  # a server already running there (e.g. under a profiler)
            server.proc = None
        else:
            server.start()
        servers = [server]
    bases = [s.base for s in servers]
    pids = [s.proc.pid for s in servers if s.proc] or ([args.server_pid] if args.server_pid else [])
    procs: list[Any] = []
    try:
        rss0 = sum(rss_bytes(pid) for pid in pids)
        n_seats = load(args.game).num_seats
        tables = []
        async with httpx.AsyncClient(timeout=60) as http:
            for i in range(args.tables):
                base = bases[i % len(bases)]
                r = (await http.post(f"{base}/api/tables", json={"game": args.game, "options": {}, "seed": i,
                                                                 "practice": True})).json()
                tokens = [(await http.post(f"{base}/api/tables/{r['id']}/seats/{s}",
                                           json={"name": f"c{s}"})).json()["token"] for s in range(n_seats)]
                tables.append((r["id"], tokens))
        rng = random.Random(1)
        jobs: list[list[Job]] = [[] for _ in range(max(1, args.client_procs))]
        for i, (tid, tokens) in enumerate(tables):  # a table's seats in one process (its latency is theirs)
            for s, tok in enumerate(tokens):
                base_ws = bases[(i + s * relayed) % len(bases)].replace("http://", "ws://")
                jobs[i % len(jobs)].append((base_ws, tid, s, tok, n_seats, rng.random()))
        start_at = time.time() + args.warmup + (2.0 if args.client_procs else 0.0)  # a spawned process starts
        if args.client_procs:
            import multiprocessing

            ctx = multiprocessing.get_context("spawn")
            queue = ctx.Queue()
            procs = [ctx.Process(target=clients_process, args=(part, start_at, args.seconds, args.think, queue))
                     for part in jobs]
            for proc in procs:
                proc.start()
        else:
            here = asyncio.create_task(clients(jobs[0], start_at, args.seconds, args.think))
        await asyncio.sleep(max(0.0, start_at - time.time()))
        t0 = time.perf_counter()
        cpu_s0 = [cpu_seconds(pid) for pid in pids]
        cpu_m0 = [cpu_seconds(pid, pid) for pid in pids]  # the event loop's thread
        cpu_r0 = cpu_seconds(args.redis_pid) if args.redis_pid else 0.0
        load0 = os.getloadavg()[0]
        await asyncio.sleep(args.seconds)
        elapsed = time.perf_counter() - t0
        cpu_server = [(cpu_seconds(pid) - c) / elapsed for pid, c in zip(pids, cpu_s0, strict=True)]
        cpu_loop = [(cpu_seconds(pid, pid) - c) / elapsed for pid, c in zip(pids, cpu_m0, strict=True)]
        cpu_redis = (cpu_seconds(args.redis_pid) - cpu_r0) / elapsed if args.redis_pid else 0.0
        if args.client_procs:
            loop = asyncio.get_running_loop()
            parts = [await loop.run_in_executor(None, queue.get, True, 120) for _ in procs]
        else:
            parts = [await here]
        actions = sum(p["actions"] for p in parts)
        cpu_clients = sum(p["cpu"] for p in parts) / elapsed
        latencies = [x for p in parts for x in p["latencies"]]
        errors = sum(p["errors"] for p in parts)
        load1 = os.getloadavg()[0]
        rss1 = sum(rss_bytes(pid) for pid in pids)
        infos = []
        async with httpx.AsyncClient(timeout=60) as http:
            for base in bases:  # each node's lobby lists the tables it owns
                page: str | None = "/api/tables?limit=200"
                while page:  # the lobby comes in pages
                    answer = (await http.get(base + page)).json()
                    infos += answer["tables"]
                    page = answer["next"]
        mean_seq = statistics.mean(t["seq"] for t in infos)
    finally:
        for proc in procs:
            proc.join(30)
            if proc.is_alive():
                proc.kill()
        if own:
            servers[0].stop()
    lat = sorted(latencies)
    return {
        "tables": args.tables,
        "nodes": len(servers),
        "actions_per_s": actions / elapsed,
        "p50_ms": 1000 * lat[len(lat) // 2] if lat else float("nan"),
        "p99_ms": 1000 * lat[min(len(lat) - 1, int(len(lat) * 0.99))] if lat else float("nan"),
        "latency_samples": len(lat),
        "errors": errors,
        "rss_per_table": (rss1 - rss0) / args.tables,
        "mean_actions_per_table": mean_seq,
        "cpu_server": sum(cpu_server) if pids else float("nan"),
        "cpu_loop": sum(cpu_loop) if pids else float("nan"),
        "cpu_nodes": cpu_server,
        "cpu_redis": cpu_redis,
        "cpu_clients": cpu_clients,
        "load": (load0, load1),
    }


CAPS_OFF = {"table_rate": 0, "ws_per_client": 0, "ws_total": 0}


def report(r: dict[str, Any], args: argparse.Namespace, ref_rate: float, title: str) -> None:
    state_bytes = bare_state_bytes(args.game, int(r["mean_actions_per_table"]))
    print(f"{title}: {r['tables']} tables of {args.game}, a WebSocket client per seat, think time "
          f"{args.think:g} s, {args.seconds:g} s measured")
    print(f"  actions/s: {r['actions_per_s']:,.0f}  (ratio to the bare engine: {r['actions_per_s'] / ref_rate:.3f})")
    print(f"  latency action -> every seat's update: p50 {r['p50_ms']:.1f} ms, p99 {r['p99_ms']:.1f} ms "
          f"({r['latency_samples']} samples; goal p99 < 100 ms)")
    print(f"  memory per table: {r['rss_per_table'] / 1024:,.0f} KiB of server RSS; a bare state after "
          f"{r['mean_actions_per_table']:.0f} actions: {state_bytes / 1024:,.1f} KiB "
          f"(ratio {r['rss_per_table'] / state_bytes:.1f})")
    per = 1000 / max(r["actions_per_s"], 1e-9)
    print(f"  CPU during the measurement (1.0 = one core of {os.cpu_count()}): server {r['cpu_server']:.2f} "
          f"(its event loop {r['cpu_loop']:.2f}), the bench's clients "
          f"({f'{args.client_procs} processes of their own' if args.client_procs else 'this process'}) "
          f"{r['cpu_clients']:.2f}; "
          f"load average {r['load'][0]:.2f} -> {r['load'][1]:.2f}")
    print(f"  CPU per action: server {r['cpu_server'] * per:.3f} ms (event loop {r['cpu_loop'] * per:.3f} ms), "
          f"clients {r['cpu_clients'] * per:.3f} ms  (what a busy machine changes least)")
    if r["nodes"] > 1:
        print("  CPU per action per node: " + ", ".join(f"n{i} {c * per:.3f} ms" for i, c in enumerate(r["cpu_nodes"]))
              + f"; redis-server {r['cpu_redis'] * per:.3f} ms")
    print(f"  errors received: {r['errors']}")


def nodes_run(args: argparse.Namespace, ref_rate: float) -> None:
    """``--nodes N``: the same load on one node over PostgreSQL without a bus, then on N nodes over the
    same PostgreSQL and a Redis, in this run; the ratios of the second to the first."""
    from cardroom.room.testing import Postgres, Redis

    pg, redis = Postgres.start(), Redis.start()
    args.redis_pid = redis.proc.pid
    try:
        results = []
        for n, db, relayed in ((1, "one", False), (args.nodes, "owners", False), (args.nodes, "many", True)):
            from sqlalchemy import create_engine, text

            eng = create_engine(pg.url, isolation_level="AUTOCOMMIT")
            with eng.connect() as conn:
                conn.execute(text(f"CREATE DATABASE {db}"))
            eng.dispose()
            url = pg.url.rsplit("/", 1)[0] + "/" + db
            servers = [ServerProcess(url, limits=CAPS_OFF) if n == 1 else
                       ServerProcess(url, limits=CAPS_OFF, node=f"n{i}", bus=redis.url) for i in range(n)]
            for s in servers:
                s.start()
            try:
                results.append(asyncio.run(load_test(args, servers, relayed)))
            finally:
                for s in servers:
                    s.stop()
        one, owners, many = results
        report(one, args, ref_rate, "one node, PostgreSQL, no bus")
        report(owners, args, ref_rate, f"{args.nodes} nodes, Redis bus, every client on its table's own node")
        report(many, args, ref_rate, f"{args.nodes} nodes, Redis bus, clients spread (most sockets relayed)")

        def per(r: dict[str, Any]) -> float:
            total: float = r["cpu_server"] + r["cpu_redis"]
            return total / max(float(r["actions_per_s"]), 1e-9)

        for name, r in (("clients on the owners", owners), ("clients spread", many)):
            print(f"ratios, {args.nodes} nodes ({name}) / one node, same run: throughput "
                  f"{r['actions_per_s'] / max(one['actions_per_s'], 1e-9):.2f}, CPU per action (the nodes and "
                  f"redis-server) {per(r) / per(one):.2f}, p99 {r['p99_ms'] / one['p99_ms']:.2f}")
        print(f"ratio, the relaying over the bus: CPU per action spread / on the owners {per(many) / per(owners):.2f}")
    finally:
        redis.stop()
        pg.stop()


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
    p.add_argument("--client-procs", type=int, default=0,
                   help="run the clients in this many processes of their own (0: in this process)")
    p.add_argument("--nodes", type=int, default=1,
                   help="N > 1: the load on one node, then on N nodes with a Redis bus (PostgreSQL for both)")
    p.add_argument("--leak", type=int, default=0, help="also play N bot-only matches checking every message")
    p.add_argument("--leak-full", action="store_true",
                   help="with --leak: preferans pulkas to their variant's pulya (default: the shortest agreed, 10)")
    args = p.parse_args()
    args.redis_pid = 0

    import platform

    import cardroom.room.engine as engine

    fast = getattr(engine, "_ORJSON", None) is not None
    print(f"setup: Python {platform.python_version()}, {os.cpu_count()} cores, server JSON encoder "
          f"{'orjson' if fast else 'json (install orjson for the faster one)'}, "
          f"clients in {f'{args.client_procs} processes of their own' if args.client_procs else 'this process'} "
          f"({os.getpid()}), the server in its own")
    ref_rate = bare_engine_rate(load(args.game), 3.0)
    print(f"reference: bare engine, {args.game}: {ref_rate:,.0f} random legal actions/s")
    path = asyncio.run(room_path_cost(args.game))
    print(f"reference: the room's own path (check, commit, apply, a message per seat), no network: "
          f"{path * 1e6:,.0f} µs of CPU per action")
    if args.nodes > 1:
        nodes_run(args, ref_rate)
    else:
        report(asyncio.run(load_test(args)), args, ref_rate, "room")
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
