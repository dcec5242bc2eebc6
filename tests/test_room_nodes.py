"""The card room over several nodes (issue 18, room/node.py, docs/multinode.md): a real PostgreSQL and a
real Redis on loopback, three ``cardroom serve --node … --bus redis://…`` processes on their own ports.

People's clients play through WebSockets connected to different nodes (the sockets to a table another
node owns are relayed over the bus); each client picks its action from the state message its seat gets
(:func:`choose`), so that a match is a function of its seed and of the messages, and the same clients
against one node without a bus make the reference record. Every state message a client gets, relayed or
not, is checked against the seat's view of the state it was built at (``audit.check_message``)."""

from __future__ import annotations

import asyncio
import json
import random
import re
import signal
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
import websockets
from sqlalchemy import create_engine, text

import browserkit
from cardroom.games import load
from cardroom.room.audit import check_message
from cardroom.room.store import LeaseLost, Store
from cardroom.room.testing import Postgres, Redis, ServerProcess, ws_protocols

LEASE = 1.0  # seconds: a dead node's tables are taken over a second or so after its last renewal
LIMITS = {"table_rate": 0, "ws_per_client": 0, "ws_total": 0}


def http(method: str, url: str, body: dict[str, Any] | None = None, token: str | None = None) -> Any:
    req = urllib.request.Request(url, method=method, data=None if body is None else json.dumps(body).encode(),
                                 headers={"content-type": "application/json",
                                          **({"Authorization": f"Bearer {token}"} if token else {})})
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.loads(r.read())


def http_any(method: str, bases: list[str], path: str, body: dict[str, Any] | None = None,
             token: str | None = None, timeout: float = 60.0) -> Any:
    """The answer of the first node that gives one (the others may be dead or taking the table over)."""
    deadline = time.monotonic() + timeout
    while True:
        for base in bases:
            try:
                return http(method, base + path, body, token)
            except (OSError, urllib.error.HTTPError) as e:
                if isinstance(e, urllib.error.HTTPError) and e.code < 500:
                    raise
        assert time.monotonic() < deadline, f"no node answered {method} {path}"
        time.sleep(0.1)


def database(pg: Postgres, name: str) -> str:
    eng = create_engine(pg.url, isolation_level="AUTOCOMMIT")
    with eng.connect() as conn:
        conn.execute(text(f"CREATE DATABASE {name}"))
    eng.dispose()
    return pg.url.rsplit("/", 1)[0] + "/" + name


def choose(message: dict[str, Any]) -> int:
    """The action a client takes at a state message: a function of the message alone."""
    legal = message["legal"]
    return int(legal[(message["seq"] * 7 + message["seat"]) % len(legal)]["id"])


class Player:
    """One person's client: plays its seat through a WebSocket to its node, reconnecting (to the next node
    when its own does not answer) whenever the connection ends, stalls or is refused."""

    def __init__(self, bases: list[str], first: int, table: str, token: str | None, seat: int | None) -> None:
        """``token`` None, ``seat`` None: a spectator."""
        self.urls = [b.replace("http://", "ws://") + f"/ws/tables/{table}" for b in bases]
        self.first, self.token, self.seat = first, token, seat
        self.messages: list[dict[str, Any]] = []  # every state message received, in order
        self.connections = 0
        self.over = False

    async def play(self, deadline: float) -> None:
        attempt = 0
        while not self.over:
            assert time.monotonic() < deadline, f"seat {self.seat} did not finish"
            url = self.urls[(self.first + attempt) % len(self.urls)]
            try:
                async with websockets.connect(url, subprotocols=ws_protocols(self.token),  # type: ignore[arg-type]
                                              open_timeout=5) as ws:
                    self.connections += 1
                    attempt = 0
                    await self._session(ws)
            except (OSError, websockets.WebSocketException, TimeoutError):
                attempt += 1
                await asyncio.sleep(min(1.0, 0.05 * attempt))

    async def _session(self, ws: Any) -> None:
        acted = -1
        while True:
            raw = await asyncio.wait_for(ws.recv(), timeout=8)
            m = json.loads(raw)
            if m["type"] == "error":  # refused (stale, the owner gone): a fresh snapshot on a new connection
                return
            if m["type"] != "state":
                continue
            self.messages.append(m)
            if m["over"]:
                self.over = True
                return
            if m["to_act"] == self.seat and m["legal"] and m["seq"] != acted:
                acted = m["seq"]
                await ws.send(json.dumps({"type": "act", "action": choose(m), "seq": m["seq"]}))


OWNER_TOKENS: dict[str, str] = {}
"""The owner token of each people's table made here, by table id."""


def people_table(bases: list[str], where: int, game: str, options: dict[str, Any], seed: int,
                 nodes_of_seats: list[int]) -> tuple[str, list[Player]]:
    """A practice table made on node ``where``, each seat taken through node ``nodes_of_seats[seat]`` (the
    sitting relayed to the owner when that node is another)."""
    t = http("POST", bases[where] + "/api/tables", {"game": game, "options": options, "seed": seed,
                                                   "practice": True})
    OWNER_TOKENS[t["id"]] = t["owner_token"]
    players = []
    for seat, n in enumerate(nodes_of_seats):
        sat = http("POST", f"{bases[n]}/api/tables/{t['id']}/seats/{seat}", {"name": f"p{seat}"})
        players.append(Player(bases, n, t["id"], sat["token"], seat))
    return t["id"], players


def play_all(players: list[Player], timeout: float = 240.0) -> None:
    async def run() -> None:
        deadline = time.monotonic() + timeout
        await asyncio.gather(*(p.play(deadline) for p in players))

    # in a thread of its own: the module's browser (Playwright's synchronous API) keeps an event loop running
    # in the test's thread once a browser test of this module has run
    with ThreadPoolExecutor(1) as pool:
        pool.submit(lambda: asyncio.run(run())).result()


def leaks(game: str, options: dict[str, Any], record: dict[str, Any], players: list[Player]) -> list[str]:
    """Every state message the players got, checked against the seat's view at the message's ``seq``."""
    g = load(game, **options)
    state = g.new_initial_state()
    states = [state.clone()]
    for a in record["actions"]:
        state.apply(state.parse_action(a))
        states.append(state.clone())
    problems: list[str] = []
    for p in players:
        for m in p.messages:
            problems += check_message(p.seat, m, states[m["seq"]])
    return problems


TABLES: list[tuple[str, dict[str, Any], int, list[int]]] = [
    ("euchre", {}, 11, [0, 1, 2, 1]), ("short-bridge", {}, 12, [2, 0, 1, 0])]
"""The people's tables: game, options, seed, the node each seat's client connects to."""


@pytest.fixture
def cluster(tmp_path_factory: pytest.TempPathFactory, postgres: Postgres, redis_server: Redis) -> Iterator[Any]:
    """Three nodes over the module's PostgreSQL (a database of their own) and Redis; started by the test."""
    made: list[list[ServerProcess]] = []

    def make(db_name: str) -> list[ServerProcess]:
        db = database(postgres, db_name)
        nodes = [ServerProcess(db, node=f"n{i}", bus=redis_server.url, lease_seconds=LEASE, limits=LIMITS,
                               log=tmp_path_factory.mktemp("node") / "log") for i in range(3)]
        made.append(nodes)
        return nodes

    yield make
    for nodes in made:
        for n in nodes:
            n.stop()


def one_node_records(tmp_path: Path, bot_tables: list[tuple[str, dict[str, Any], int]],
                     people: list[tuple[str, dict[str, Any], int, list[int]]]) -> tuple[
        list[list[str]], list[list[str]]]:
    """The records of the same tables on one node without a bus (SQLite): the reference."""
    server = ServerProcess(f"sqlite:///{tmp_path}/one.sqlite", limits=LIMITS)
    server.start()
    try:
        base = [server.base]
        bots = []
        for game, options, seed in bot_tables:
            t = http("POST", server.base + "/api/tables", {"game": game, "options": options, "seed": seed,
                                                           "practice": True})
            http("POST", f"{server.base}/api/tables/{t['id']}/bots", {}, t["owner_token"])
            bots.append(t["id"])
        tables = [people_table(base, 0, g, o, s, [0] * len(seats)) for g, o, s, seats in people]
        play_all([p for _, ps in tables for p in ps])
        deadline = time.monotonic() + 120
        while not all(http("GET", f"{server.base}/api/tables/{t}")["over"] for t in bots):
            assert time.monotonic() < deadline
            time.sleep(0.1)
        return ([http("GET", f"{server.base}/api/tables/{t}/record")["actions"] for t in bots],
                [http("GET", f"{server.base}/api/tables/{t}/record")["actions"] for t, _ in tables])
    finally:
        server.stop()


# ------------------------------------------------------------------ the lease
def test_a_lease_has_one_owner_until_it_expires(postgres: Postgres) -> None:
    db = database(postgres, "leases")
    stores = [Store(db) for _ in range(6)]
    try:
        for i, s in enumerate(stores):
            s.node = f"n{i}"
        with ThreadPoolExecutor(len(stores)) as pool:  # six nodes ask for the same table at once
            barrier = threading.Barrier(len(stores))

            def race(s: Store) -> bool:
                barrier.wait()
                return s.acquire_lease("t1", str(s.node), 1.5)

            won = list(pool.map(race, stores))
        assert won.count(True) == 1
        owner = stores[won.index(True)]
        others = [s for s in stores if s is not owner]
        assert owner.lease_owners(["t1"]) == {"t1": owner.node}
        # while it lasts nobody else gets it, and the owner renews it
        assert not any(s.acquire_lease("t1", str(s.node), 1.5) for s in others)
        time.sleep(1.0)
        assert "t1" in owner.renew_leases(str(owner.node), 1.5)
        time.sleep(1.0)  # 2 s after it was taken, but renewed at 1 s: still the owner's
        assert not others[0].acquire_lease("t1", str(others[0].node), 1.5)
        # the owner stops renewing: once it expires another node takes it, and the first loses it
        time.sleep(1.7)
        assert owner.lease_owners(["t1"]) == {}
        assert others[0].acquire_lease("t1", str(others[0].node), 30)
        assert "t1" not in owner.renew_leases(str(owner.node), 1.5)
        assert owner.lease_owners(["t1"]) == {"t1": others[0].node}
        # a node whose lease was taken over writes nothing more to the table (LeaseLost), the new owner does
        from cardroom.room.store import StoredTable

        others[0].add_table(StoredTable("t1", "euchre", {}, 1, "x", None, 0.0))
        with pytest.raises(LeaseLost):
            owner.add_actions([("t1", 0, "deal")])
        others[0].add_actions([("t1", 0, "deal")])
        assert others[0].actions("t1") == ["deal"]
    finally:
        for s in stores:
            s.close()


# ------------------------------------------------------------------ a match over three nodes
def test_a_match_played_by_people_on_three_nodes_equals_one_node(cluster: Any, tmp_path: Path) -> None:
    nodes: list[ServerProcess] = cluster("three")
    for n in nodes:
        n.start()
    bases = [n.base for n in nodes]
    tables = [people_table(bases, i % 3, g, o, s, seats) for i, (g, o, s, seats) in enumerate(TABLES)]
    players = [p for _, ps in tables for p in ps]
    spectators = [Player(bases, 2, t, None, None) for t, _ in tables]  # on n2, which owns neither table
    play_all(players + spectators)
    records = [http_any("GET", bases, f"/api/tables/{t}/record") for t, _ in tables]
    # table i is node i's (made there); its seats on the other nodes were relayed to it over the bus
    stats = [http("GET", b + "/api/node") for b in bases]
    assert [s["node"] for s in stats] == ["n0", "n1", "n2"]
    assert [s["tables"] for s in stats] == [1, 1, 0]
    assert stats[0]["relayed_in"] > 50 and stats[1]["relayed_in"] > 50 and stats[2]["relayed_in"] == 0
    assert all(s["relayed_out"] > 50 for s in stats)
    # the lobby of any node lists the whole room's tables, newest first, page after page
    ids = [t for t, _ in tables]
    for base in bases:
        assert [t["id"] for t in http("GET", base + "/api/tables")["tables"]] == ids[::-1]
    first = http("GET", bases[2] + "/api/tables?limit=1")
    assert [t["id"] for t in first["tables"]] == [ids[1]] and first["next"]
    second = http("GET", bases[2] + first["next"])
    assert [t["id"] for t in second["tables"]] == [ids[0]] and second["next"] is None
    assert second["tables"][0]["over"] and second["tables"][0]["seats"][1]["name"] == "p1"
    # a body over the cap is refused by the node it reaches, never relayed
    asked = http("GET", bases[0] + "/api/node")["relayed_in"]
    with pytest.raises(urllib.error.HTTPError) as refused:
        http("POST", f"{bases[2]}/api/tables/{tables[0][0]}/chat", {"text": "x" * 20000})
    assert refused.value.code == 413
    assert http("GET", bases[0] + "/api/node")["relayed_in"] == asked
    # the club evenings, tournaments and club tables are a room of one node's: refused plainly here
    for path in ("/api/club/evenings", "/api/clubs"):
        with pytest.raises(urllib.error.HTTPError) as refused:
            http("POST", bases[1] + path, {})
        assert refused.value.code == 501 and json.loads(refused.value.read())["code"] == "single_node"
    # an unknown table: 404 from any node, and no lease taken on its id
    for base in bases:
        with pytest.raises(urllib.error.HTTPError) as refused:
            http("GET", base + "/api/tables/nosuchtable")
        assert refused.value.code == 404
    eng = create_engine(nodes[0].db)
    with eng.connect() as conn:
        assert conn.execute(text("SELECT COUNT(*) FROM room_leases WHERE table_id = 'nosuchtable'")).scalar_one() == 0
        assert conn.execute(text("SELECT COUNT(*) FROM room_leases WHERE table_id NOT LIKE '~%'")).scalar_one() == 2
    eng.dispose()
    _, reference = one_node_records(tmp_path, [], TABLES)
    assert [r["actions"] for r in records] == reference
    for (game, options, _, _), rec, (_, ps), watcher in zip(TABLES, records, tables, spectators, strict=True):
        assert leaks(game, options, rec, [*ps, watcher]) == []
        assert all(len(p.messages) > 20 for p in [*ps, watcher])
    # a rematch asked through another node than its table's; once that node stops, the tables are taken
    # over by the others, the link to the rematch kept
    first_id = tables[0][0]
    again = http("POST", f"{bases[1]}/api/tables/{first_id}/rematch", {}, OWNER_TOKENS[first_id])
    assert http("GET", f"{bases[2]}/api/tables/{first_id}")["next"] == again["id"]
    nodes[0].stop()
    deadline = time.monotonic() + 30
    while http("GET", bases[1] + "/api/node")["tables"] + http("GET", bases[2] + "/api/node")["tables"] < 3:
        assert time.monotonic() < deadline
        time.sleep(0.1)
    # the link is there once the taking over has settled (a table may pass through a node that lets it go at
    # its next renewal): never lost for good
    while http_any("GET", bases[1:], f"/api/tables/{first_id}")["next"] != again["id"]:
        assert time.monotonic() < deadline, "the rematch's link was lost in the taking over"
        time.sleep(0.1)
    nodes[0].start()
    # a hint asked through another node is searched on the table's owner, from the seat's own view
    t = http("POST", bases[0] + "/api/tables", {"game": "short-bridge", "options": {}, "seed": 5, "practice": True})
    tok = http("POST", f"{bases[1]}/api/tables/{t['id']}/seats/0", {"name": "Hana"})["token"]
    http("POST", f"{bases[2]}/api/tables/{t['id']}/bots", {}, t["owner_token"])
    deadline = time.monotonic() + 30
    while http("GET", f"{bases[2]}/api/tables/{t['id']}")["to_act"] != 0:
        assert time.monotonic() < deadline
        time.sleep(0.05)
    asked = http("GET", bases[0] + "/api/node")["relayed_in"]
    hint = http("GET", f"{bases[2]}/api/tables/{t['id']}/hint", token=tok)
    assert hint["table"] == t["id"] and hint["seat"] == 0
    assert http("GET", bases[0] + "/api/node")["relayed_in"] == asked + 1
    with pytest.raises(urllib.error.HTTPError) as refused:  # another seat's hint is nobody's to ask
        http("GET", f"{bases[1]}/api/tables/{t['id']}/hint", token="x" + tok)
    assert refused.value.code == 403
    # an invitation made through one node and redeemed through another, the table a third's
    t = http("POST", bases[0] + "/api/tables", {"game": "euchre", "options": {}})
    code = http("POST", f"{bases[1]}/api/tables/{t['id']}/seats/2/invite", {}, t["owner_token"])["code"]
    with pytest.raises(urllib.error.HTTPError) as refused:  # a wrong code changes nothing
        http("POST", f"{bases[2]}/api/tables/{t['id']}/seats/2/redeem", {"code": "x" + code, "name": "Vera"})
    assert refused.value.code == 403
    assert http("GET", f"{bases[2]}/api/tables/{t['id']}")["seats"][2]["kind"] == "invited"
    sat = http("POST", f"{bases[2]}/api/tables/{t['id']}/seats/2/redeem", {"code": code, "name": "Vera"})
    assert sat["token"]
    seats = http("GET", f"{bases[1]}/api/tables/{t['id']}")["seats"]
    assert seats[2]["kind"] == "human" and seats[2]["name"] == "Vera"


# ------------------------------------------------------------------ a node killed ten times
BOT_TABLES: list[tuple[str, dict[str, Any], int]] = [
    ("euchre", {}, 21), ("short-bridge", {}, 22), ("cutthroat", {}, 23), ("misery-bridge", {}, 24),
    ("straight-bridge", {}, 25), ("two-hand-bridge", {}, 26)]
"""The bots' tables: game, options, seed."""
KILLS = 10


def bot_tables(bases: list[str], tables: list[tuple[str, dict[str, Any], int]], via: int) -> list[str]:
    """Practice tables of bots: table i made through node i mod N, its bots asked through node (i + via)
    mod N (relayed to the owner when that is another)."""
    ids = []
    for i, (game, options, seed) in enumerate(tables):
        t = http("POST", bases[i % len(bases)] + "/api/tables", {"game": game, "options": options, "seed": seed,
                                                                "practice": True})
        http("POST", f"{bases[(i + via) % len(bases)]}/api/tables/{t['id']}/bots", {}, t["owner_token"])
        ids.append(t["id"])
    return ids


def test_a_node_killed_ten_times_loses_and_doubles_nothing(cluster: Any, tmp_path: Path) -> None:
    nodes: list[ServerProcess] = cluster("killed")
    for n in nodes:
        n.bot_delay = 0.05  # the bots' matches last through the kills
        n.start()
    bases = [n.base for n in nodes]
    bots = bot_tables(bases, BOT_TABLES, via=1)
    people = [people_table(bases, i % 3, g, o, s, seats) for i, (g, o, s, seats) in enumerate(TABLES)]
    players = [p for _, ps in people for p in ps]
    ids = bots + [t for t, _ in people]
    rng = random.Random(18)
    stop = threading.Event()
    kills: list[tuple[int, dict[str, int]]] = []
    taken: list[int] = []  # the tables the nodes that lived through each kill had taken over by then

    def killer() -> None:
        for _ in range(KILLS):
            if stop.wait(rng.uniform(0.3, 1.5)):
                return
            victim = rng.randrange(3)
            alive = [b for i, b in enumerate(bases) if i != victim]
            before = {t: http_any("GET", alive, f"/api/tables/{t}")["seq"] for t in ids}
            nodes[victim].kill()
            kills.append((victim, before))
            time.sleep(rng.uniform(0.0, 2 * LEASE))  # sometimes back before its leases expire, sometimes after
            nodes[victim].start()
            after = {t: http_any("GET", bases, f"/api/tables/{t}")["seq"] for t in ids}
            assert all(after[t] >= before[t] for t in ids), (before, after)  # nothing acknowledged lost
            taken.append(sum(http("GET", b + "/api/node")["taken_over"] for i, b in enumerate(bases) if i != victim))

    k = threading.Thread(target=killer)
    k.start()
    try:
        play_all(players, timeout=400)
    finally:
        k.join()
    assert len(kills) == KILLS
    assert len({victim for victim, _ in kills}) == 3  # each node died at least once
    assert max(taken) > 0  # the others took a dead node's tables over from the log
    deadline = time.monotonic() + 300
    for n in nodes:  # the kills are over: the bots at full speed
        n.stop()
        n.bot_delay = 0.0
        n.start()
    while not all(http_any("GET", bases, f"/api/tables/{t}")["over"] for t in bots):
        assert time.monotonic() < deadline
        time.sleep(0.2)
    bot_records = [http_any("GET", bases, f"/api/tables/{t}/record")["actions"] for t in bots]
    people_records = [http_any("GET", bases, f"/api/tables/{t}/record") for t, _ in people]
    ref_bots, ref_people = one_node_records(tmp_path, BOT_TABLES, TABLES)
    assert bot_records == ref_bots
    # every kill fell inside play: some table had actions still to come
    final = dict(zip(ids, [len(r) for r in bot_records] + [len(r["actions"]) for r in people_records], strict=True))
    assert all(any(before[t] < final[t] for t in ids) for _, before in kills)
    assert [r["actions"] for r in people_records] == ref_people
    for (game, options, _, _), rec, (_, ps) in zip(TABLES, people_records, people, strict=True):
        assert leaks(game, options, rec, ps) == []
    assert sum(p.connections for p in players) > len(players)  # the clients did reconnect


# ------------------------------------------------------------------ the browser client through a node's death
browser = browserkit.browser


def test_a_page_survives_the_death_of_its_node(cluster: Any, browser: Any) -> None:
    """A person plays euchre in the browser on node n0, which owns her table; n0 is SIGKILLed and started
    again a moment after its lease expired: the page reconnects by itself (room/static/app.js) and she
    plays on, the table taken over from the log meanwhile."""
    nodes: list[ServerProcess] = cluster("browser")
    for n in nodes:
        n.start()
    bases = [n.base for n in nodes]
    with browserkit.page_in(browser) as pg:
        pg.goto(bases[0] + "/")
        pg.wait_for_selector("#open-table")
        pg.fill("#name", "Anna")
        pg.select_option("#game", "euchre")
        pg.fill("#seed", "18")
        pg.click("#open-table")
        pg.wait_for_url(re.compile(r"/\?table="))
        table = re.search(r"table=([^&]+)", pg.url).group(1)  # type: ignore[union-attr]
        pg.click("[data-sit='0']")
        pg.wait_for_function("window.__cardroom.state && window.__cardroom.state.seat === 0")
        pg.click("#fill-bots")

        def turns(count: int) -> int:
            """Play ``count`` of seat 0's turns by clicking; the seq after the last."""
            for _ in range(count):
                pg.wait_for_function(browserkit.OUR_TURN_OR_END)
                st = browserkit.state(pg)
                browserkit.click_legal(pg, int(st["legal"][0]["id"]))
                pg.wait_for_function(f"window.__cardroom.state.seq > {st['seq']}")
            return int(browserkit.state(pg)["seq"])

        before = turns(2)
        socket = pg.evaluate_handle("window.__cardroom.table.ws")
        nodes[0].kill()
        time.sleep(2.5 * LEASE)  # its lease expires: another node takes the table over from the log
        assert sum(http("GET", b + "/api/node")["taken_over"] for b in bases[1:]) >= 1
        nodes[0].start()
        # the page connects again by itself, to the same address, on a socket of its own making
        pg.wait_for_function("ws => window.__cardroom.table.ws !== ws && window.__cardroom.table.ws.readyState === 1",
                             arg=socket)
        after = turns(3)  # and plays on
        assert after > before
        info = http_any("GET", bases, f"/api/tables/{table}")
        assert info["seq"] >= after and info["seats"][0]["name"] == "Anna"


# ------------------------------------------------------------------ a slow node stalls only its own tables
SLOW_LEASE = 15.0  # seconds: longer than the pause, so that nobody takes the slow node's tables over
SLOW_TABLES = BOT_TABLES[:4]


def test_a_stopped_node_stalls_only_its_own_tables(tmp_path_factory: pytest.TempPathFactory, postgres: Postgres,
                                                   redis_server: Redis, tmp_path: Path) -> None:
    """Point 3: a node that stops answering (SIGSTOP, its lease still valid) holds up its own tables alone.
    Meanwhile the bot tables the other nodes own play on in their owners' workers, and the other nodes answer
    their tables and the lobby (without the slow node's page, after ``node.LOBBY_WAIT``); once it goes on,
    every table ends with the record of one node."""
    db = database(postgres, "slow")
    nodes = [ServerProcess(db, node=f"n{i}", bus=redis_server.url, lease_seconds=SLOW_LEASE, limits=LIMITS,
                           bot_delay=0.02, log=tmp_path_factory.mktemp("node") / "log") for i in range(3)]
    try:
        for n in nodes:
            n.start()
        bases = [n.base for n in nodes]
        ids = bot_tables(bases, SLOW_TABLES, via=0)
        eng = create_engine(db)
        with eng.connect() as conn:
            rows = conn.execute(text("SELECT table_id, node FROM room_leases WHERE table_id NOT LIKE '~%'")).all()
        eng.dispose()
        owner = {t: n for t, n in rows}
        assert set(owner) == set(ids)
        slow = int(owner[ids[0]][1:])  # the node that owns the first table is made slow
        mine = [t for t in ids if owner[t] == f"n{slow}"]
        others = [t for t in ids if owner[t] != f"n{slow}"]
        assert mine and others
        alive = [b for i, b in enumerate(bases) if i != slow]

        def seqs(tables: list[str]) -> dict[str, int]:
            return {t: http_any("GET", alive, f"/api/tables/{t}")["seq"] for t in tables}

        proc = nodes[slow].proc
        assert proc is not None
        proc.send_signal(signal.SIGSTOP)
        try:
            before = seqs(others)
            t0 = time.monotonic()
            time.sleep(2.0)
            after = seqs(others)
            for b in alive:  # the others' lobbies answer without waiting for it (its page left out)
                listed = {t["id"] for t in http("GET", b + "/api/tables")["tables"]}
                assert set(others) <= listed
            answered = time.monotonic() - t0
        finally:
            proc.send_signal(signal.SIGCONT)
        moved = [t for t in others if after[t] > before[t] or http_any("GET", alive, f"/api/tables/{t}")["over"]]
        assert moved == others, (before, after)  # every other table played on while one node stood still
        assert answered < 2 * SLOW_LEASE  # the relay's time-out: no lobby waited for the stopped node
        with eng.connect() as conn:  # and nobody took its tables: it was slow, not dead
            held = conn.execute(text("SELECT COUNT(*) FROM room_leases WHERE node = :n AND table_id NOT LIKE '~%'"),
                                {"n": f"n{slow}"}).scalar_one()
        eng.dispose()
        assert held == len(mine)
        deadline = time.monotonic() + 240
        while not all(http_any("GET", bases, f"/api/tables/{t}")["over"] for t in ids):
            assert time.monotonic() < deadline
            time.sleep(0.2)
        records = [http_any("GET", bases, f"/api/tables/{t}/record")["actions"] for t in ids]
    finally:
        for n in nodes:
            n.stop()
    ref_bots, _ = one_node_records(tmp_path, SLOW_TABLES, [])
    assert records == ref_bots
