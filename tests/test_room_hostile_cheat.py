"""Issue 12, points 4–6 ("cheating"): what a hostile player could learn or force at a table.

* **The seed.** A table's hands are a function of its seed, so the seed of a table is drawn from
  ``secrets`` and appears in no response (table info, state messages, errors, the record in play, the
  server's log) until the match is over; then the record publishes it, and it reproduces every deal.
  A chosen seed is accepted only for a practice table, which every seat and spectator sees marked.
  Another match gets a fresh secret seed (a practice table's: a seed derived from the practice seed);
  bots' seeds are a keyed hash (SHA-256) of the seed, never a 31-bit CRC.
* **Declarer and an unfaced dummy** (laws mode): before the opening lead every ``!N …`` by declarer S
  for dummy N gets the same answer, whatever the card; and, for every laws game, a property test: the
  room's answer (status, code, English and Russian text) to any irregular text is the same on the real
  state and on a state with the same history whose unseen cards were re-dealt consistently with the
  sender's view.
* **Free redeals** (laws mode): preferans' ``misdeal`` (and bridge's ``reshuffle``) are refused by the
  card room, whose server deals (the game option ``laws_online`` the room sets), with the table unchanged.

Every attack runs against a real server (``ServerProcess``, HTTP with ``Authorization: Bearer``); the
property test calls the room's own refusal path in-process, for speed.
"""

from __future__ import annotations

import dataclasses
import json
import os
import random
import sqlite3
import time
import zlib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from cardroom.core.cards import cards_of_mask
from cardroom.core.errors import CardroomError
from cardroom.core.game import CHANCE, Game, State
from cardroom.core.match import Match
from cardroom.games import load
from cardroom.room.engine import (
    ONLINE_OPTION,
    Room,
    RoomError,
    SeatInfo,
    TableRuntime,
    bot_seed,
    chance_rng,
    derived_seed,
)
from cardroom.room.store import Store
from cardroom.room.testing import ServerProcess
from roomkit import dummy_hand_of, hand_of

Json = dict[str, Any]
PACK = [str(c) for c in cards_of_mask((1 << 52) - 1)]


# ====================================================================== a real server
@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    db = tmp_path_factory.mktemp("cheat") / "room.sqlite"
    srv = ServerProcess(db=f"sqlite:///{db}")
    srv.start()
    try:
        yield srv
    finally:
        srv.stop()


class Client:
    """HTTP to the real server; every answer's text is kept (to look for the seed in it later)."""

    def __init__(self, base: str) -> None:
        self.http = httpx.Client(base_url=base, timeout=30)
        self.seen: list[str] = []

    def call(self, method: str, path: str, body: Json | None = None, token: str | None = None,
             lang: str | None = None) -> httpx.Response:
        headers = {}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        if lang:
            headers["Accept-Language"] = lang
        r = self.http.request(method, path, json=body, headers=headers)
        self.seen.append(r.text)
        return r

    def ok(self, method: str, path: str, body: Json | None = None, token: str | None = None) -> Json:
        r = self.call(method, path, body, token)
        assert r.status_code in (200, 201), r.text
        data: Json = r.json()
        return data

    def new_table(self, game: str, options: Json | None = None, **extra: Any) -> tuple[str, str]:
        t = self.ok("POST", "/api/tables", {"game": game, "options": options or {}, **extra})
        return str(t["id"]), str(t["owner_token"])

    def seat_people(self, tid: str, seats: int) -> list[str]:
        return [str(self.ok("POST", f"/api/tables/{tid}/seats/{s}", {"name": f"P{s}"})["token"]) for s in range(seats)]

    def state(self, tid: str, token: str | None = None) -> Json:
        return self.ok("GET", f"/api/tables/{tid}/state", token=token)

    def settled(self, tid: str, token: str, timeout: float = 60) -> Json:
        """The seat's state message once a person is on turn (or the match is over)."""
        deadline = time.monotonic() + timeout
        while True:
            m = self.state(tid, token)
            if m["to_act"] is not None or m["over"]:
                return m
            assert time.monotonic() < deadline, f"table {tid} did not settle"
            time.sleep(0.02)

    def act(self, tid: str, token: str, m: Json, text: str) -> None:
        ids = [x["id"] for x in m["legal"] if x["text"] == text]
        self.ok("POST", f"/api/tables/{tid}/actions", {"action": ids[0] if ids else text, "seq": m["seq"]}, token)

    def abandon(self, tid: str, token: str) -> Json:
        out = self.ok("POST", f"/api/tables/{tid}/abandon", None, token)
        assert out["over"] is True
        return self.ok("GET", f"/api/tables/{tid}/record")


def answer(r: httpx.Response) -> tuple[int, str, str]:
    data = r.json()
    return r.status_code, str(data.get("code")), str(data.get("detail"))


def chance_matches_seed(record: Json, seed: int) -> int:
    """Replay the record and draw each chance action again from the published seed (the room's own
    ``random.Random(f"{seed}/{n}")``): every one must be the recorded one. Returns how many there were."""
    state = load(record["game"], **record["options"]).new_initial_state()
    drawn = 0
    for n, text in enumerate(record["actions"]):
        if state.to_act == CHANCE:
            assert state.action_text(state.sample_chance(chance_rng(seed, n))) == text, (n, text)
            drawn += 1
        state.apply(state.parse_action(text))
    return drawn


# ---------------------------------------------------------------------- point 4: the seed
def test_a_seed_without_practice_is_refused_naming_the_rule(server: ServerProcess) -> None:
    c = Client(server.base)
    before = c.ok("GET", "/api/tables")["tables"]
    for lang, word in (("en", "practice table"), ("ru", "тренировочного стола")):
        r = c.call("POST", "/api/tables", {"game": "bridge", "options": {}, "seed": 5}, lang=lang)
        assert r.status_code == 400 and r.json()["code"] == "bad_seed", r.text
        assert word in r.json()["detail"] and '"practice": true' in r.json()["detail"]
    for body in ({"game": "bridge", "seed": 5, "practice": False},
                 {"game": "bridge", "seed": 5, "practice": "yes"},
                 {"game": "bridge", "seed": -1, "practice": True},
                 {"game": "bridge", "seed": 2**62, "practice": True},
                 {"game": "bridge", "seed": True, "practice": True}):
        r = c.call("POST", "/api/tables", body)
        assert r.status_code == 400 and r.json()["code"] == "bad_seed", (body, r.text)
        assert len(r.json()["detail"]) < 300
    assert c.ok("GET", "/api/tables")["tables"] == before  # nothing refused was stored


def test_seeds_are_secret_until_the_end_then_published_and_rematch_seeds_are_fresh(server: ServerProcess) -> None:
    c = Client(server.base)
    tables = []
    for _ in range(2):  # two tables made at once
        tid, owner = c.new_table("bridge", {"laws": True})
        token = c.seat_people(tid, 1)[0]
        c.ok("POST", f"/api/tables/{tid}/bots", {}, owner)
        tables.append((tid, owner, token))
    for tid, _, token in tables:
        m = c.settled(tid, token)
        assert m["practice"] is False and m["laws"] is True
        info = c.ok("GET", f"/api/tables/{tid}")
        assert info["practice"] is False and info["options"][ONLINE_OPTION] is True
        c.state(tid)  # the spectator's message
        c.call("GET", f"/api/tables/{tid}/hint", token=token)
        for path in ("record", "record.pbn", "replay"):  # the record shows every hand: not while in play
            assert c.call("GET", f"/api/tables/{tid}/{path}").status_code == 409
        for bad in ({"irregular": "!E expose 2C", "seq": m["seq"]}, {"action": "7NT", "seq": m["seq"] + 5},
                    {"action": "nonsense", "seq": m["seq"]}):
            assert c.call("POST", f"/api/tables/{tid}/actions", bad, token).status_code >= 400
        c.ok("GET", "/api/tables")
    in_play = list(c.seen)
    seeds = []
    for tid, _, token in tables:
        rec = c.abandon(tid, token)
        assert rec["practice"] is False and isinstance(rec["seed"], int)
        assert chance_matches_seed(rec, rec["seed"]) >= 2  # the draw and the deal: the seed is what deals
        seeds.append(rec["seed"])
    assert seeds[0] != seeds[1]
    for seed in seeds:
        assert seed.bit_length() > 40  # drawn from 62 random bits (fails with probability 2**-22)
        assert not any(str(seed) in text or f"{seed:x}" in text for text in in_play), "the seed leaked in play"
        assert str(seed) not in server.log_text()

    # another match: a fresh secret seed, not derived from the old one nor told to anybody
    tid, owner, token = tables[0]
    before = len(c.seen)
    new = c.ok("POST", f"/api/tables/{tid}/rematch", None, token)
    assert new["table"]["practice"] is False and new["table"]["parent"] == tid
    m = c.settled(new["id"], token)
    assert m["practice"] is False
    in_play = c.seen[before:]
    rec = c.abandon(new["id"], token)
    child, parent = rec["seed"], seeds[0]
    seq = c.ok("GET", f"/api/tables/{tid}")["seq"]
    old_way = zlib.crc32(f"{parent}/-1/{seq}".encode()) & 0x7FFFFFFF  # the 31-bit rematch seed of before
    assert child not in (parent, derived_seed(parent, "rematch", seq), old_way)
    assert child.bit_length() > 40 and not any(str(child) in text for text in in_play)
    assert chance_matches_seed(rec, child) >= 2


def test_a_practice_table_is_marked_for_every_seat_and_replays_its_seed(server: ServerProcess) -> None:
    c = Client(server.base)
    tid, _ = c.new_table("euchre", {"laws": True}, seed=42, practice=True)
    tokens = c.seat_people(tid, 4)
    c.settled(tid, tokens[0])
    assert c.ok("GET", f"/api/tables/{tid}")["practice"] is True
    assert all(t["practice"] for t in c.ok("GET", "/api/tables")["tables"] if t["id"] == tid)
    for token in [*tokens, None]:  # every seat, and a spectator
        assert c.state(tid, token)["practice"] is True
    rec = c.abandon(tid, tokens[1])
    assert rec["practice"] is True and rec["seed"] == 42 and chance_matches_seed(rec, 42) >= 2

    # the same practice seed deals the same cards; its next match is a practice table too, its seed derived
    tid2, _ = c.new_table("euchre", {"laws": True}, seed=42, practice=True)
    tokens2 = c.seat_people(tid2, 4)
    c.settled(tid2, tokens2[0])
    rec2 = c.abandon(tid2, tokens2[0])
    assert rec2["actions"][:2] == rec["actions"][:2]
    seq = c.ok("GET", f"/api/tables/{tid}")["seq"]
    new = c.ok("POST", f"/api/tables/{tid}/rematch", None, tokens[0])
    assert new["table"]["practice"] is True
    c.settled(new["id"], tokens[0])
    assert all(c.state(new["id"], t)["practice"] is True for t in tokens)
    rec3 = c.abandon(new["id"], tokens[0])
    assert rec3["practice"] is True and rec3["seed"] == derived_seed(42, "rematch", seq)
    assert chance_matches_seed(rec3, rec3["seed"]) >= 2

    # the browser shows the mark in both languages
    i18n = c.http.get("/static/i18n.js").text
    app = c.http.get("/static/app.js").text
    assert 'practiceBadge: "practice table (known deals)"' in i18n
    assert 'practiceBadge: "тренировочный стол (сдачи известны)"' in i18n
    assert "m.practice ?" in app and 't("practiceBadge")' in app and "body.practice = true" in app


def test_the_browser_marks_a_practice_table_in_both_languages(server: ServerProcess) -> None:
    """The lobby's seed field opens a practice table, and the table page (a spectator's too) shows the mark
    in English and in Russian; a table with a secret seed shows none. Debian's Chromium, as the browser
    tests (a missing one is a failure)."""
    from playwright import sync_api

    chromium = os.environ.get("CARDROOM_CHROMIUM", "/usr/bin/chromium")
    assert Path(chromium).exists(), f"{chromium} is missing: run scripts/setup-browser.sh"
    c = Client(server.base)
    secret, _ = c.new_table("bridge")
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=["--headless", "--no-sandbox", "--disable-gpu"])
        try:
            marks = (("en-US", "practice table (known deals)"), ("ru-RU", "тренировочный стол (сдачи известны)"))
            for locale, mark in marks:
                ctx = browser.new_context(locale=locale, bypass_csp=True)  # wait_for_function evaluates strings
                pg = ctx.new_page()
                errors: list[str] = []
                pg.on("pageerror", lambda e: errors.append(str(e)))  # noqa: B023 - read before the next loop
                pg.set_default_timeout(15_000)
                pg.goto(server.base + "/")
                pg.select_option("#game", "bridge")
                pg.fill("#seed", "7")
                pg.click("#open-table")
                pg.wait_for_selector("#practice")
                assert pg.inner_text("#practice").strip() == mark
                table = pg.evaluate("window.__cardroom.state.table")
                assert c.ok("GET", f"/api/tables/{table}")["practice"] is True
                pg.goto(f"{server.base}/?table={secret}")
                pg.wait_for_function(f"window.__cardroom.state && window.__cardroom.state.table === '{secret}'")
                pg.wait_for_selector("#table")
                assert pg.locator("#practice").count() == 0
                ctx.close()
                assert errors == []
        finally:
            browser.close()


def test_bot_seeds_are_a_keyed_hash_of_the_secret_seed() -> None:
    seed = 0x2545F4914F6CDD1D
    values = {bot_seed(seed, seat, n) for seat in range(4) for n in range(200)}
    assert len(values) == 800 and max(values).bit_length() == 62 and all(0 <= v < 2**62 for v in values)
    assert bot_seed(seed, 1, 7) == derived_seed(seed, "bot", 1, 7)
    assert bot_seed(seed, 1, 7) != zlib.crc32(f"{seed}/1/7".encode()) & 0x7FFFFFFF
    assert bot_seed(seed, 1, 7) != bot_seed(seed ^ 1, 1, 7)  # every bit of the seed counts
    assert bot_seed(seed, 1, 7) == bot_seed(seed, 1, 7)  # deterministic: a restarted server replays the same


def test_old_databases_load_and_get_the_practice_column(tmp_path: Path) -> None:
    """A database made before practice tables: the column is added at start, every old table is not a
    practice table, and its stored actions replay."""
    path = tmp_path / "old.sqlite"
    game = load("bridge")
    state = game.new_initial_state()
    rng = random.Random(3)
    for _ in range(6):
        state.apply(state.sample_chance(rng) if state.to_act == CHANCE else state.legal_actions()[0])
    con = sqlite3.connect(path)
    con.executescript("""
        CREATE TABLE room_tables (id VARCHAR(32) PRIMARY KEY, game VARCHAR(64), options TEXT, seed BIGINT,
            owner_hash VARCHAR(64), parent VARCHAR(32), created FLOAT);
        CREATE TABLE room_seat_events (id INTEGER PRIMARY KEY, table_id VARCHAR(32), seat INTEGER, kind VARCHAR(16),
            name VARCHAR(200), secret_hash VARCHAR(64), at FLOAT);
        CREATE TABLE room_actions (table_id VARCHAR(32), n INTEGER, text TEXT, at FLOAT, PRIMARY KEY (table_id, n));
    """)
    con.execute("INSERT INTO room_tables VALUES ('old1', 'bridge', '{}', 7, 'h', NULL, 1.0)")
    con.executemany("INSERT INTO room_actions VALUES ('old1', ?, ?, 1.0)",
                    [(n, state.action_text(a)) for n, a in enumerate(state.history)])
    con.commit()
    con.close()
    store = Store(f"sqlite:///{path}")
    try:
        (table,) = store.load_all()
        assert table.practice is False and table.seed == 7 and len(table.actions) == 6
        replayed = game.new_initial_state()
        for text in table.actions:
            replayed.apply(replayed.parse_action(text))
        assert replayed.snapshot() == state.snapshot()
    finally:
        store.close()


# ---------------------------------------------------------------------- point 5: declarer and dummy
def test_declarer_probing_an_unfaced_dummy_gets_one_answer_for_every_card(server: ServerProcess) -> None:
    """The 39-probe attack: before the opening lead declarer S sends ``!N expose X`` and ``!N X`` for
    dummy N; every card gets the same answer (status, code, text), in English and in Russian, and the
    table does not change. Once dummy is faced (after the lead) declarer acts for it."""
    c = Client(server.base)
    tid, _ = c.new_table("bridge", {"laws": True})
    tokens = c.seat_people(tid, 4)
    for _ in range(20):  # S bids 7NT at its first turn, everybody else passes: S declares, W leads
        m = c.settled(tid, tokens[0])
        seat = m["to_act"]
        m = c.state(tid, tokens[seat])
        if m["view"]["deal"].get("declarer") is not None:
            break
        c.act(tid, tokens[seat], m, "7NT" if seat == 2 and "7NT" in [x["text"] for x in m["legal"]] else "Pass")
    south = c.state(tid, tokens[2])
    deal = south["view"]["deal"]
    assert deal["declarer"] == "S" and deal["dummy"] == "N" and dummy_hand_of(south) is None and south["to_act"] == 3
    own = set(hand_of(south) or [])
    before = {s: c.state(tid, tokens[s]) for s in range(4)}
    answers: dict[str, set[tuple[int, str, str]]] = {"en": set(), "ru": set()}
    not_held: dict[str, set[tuple[int, str, str]]] = {"en": set(), "ru": set()}  # the 39 he does not hold
    for card in PACK:
        for body in ({"irregular": f"!N expose {card}"}, {"irregular": f"!N {card}"}, {"action": f"!N {card}"}):
            for lang in ("en", "ru"):
                a = answer(c.call("POST", f"/api/tables/{tid}/actions", {**body, "seq": south["seq"]}, tokens[2],
                                  lang=lang))
                answers[lang].add(a)
                if card not in own:
                    not_held[lang].add(a)
    assert len(not_held["en"]) == 1 and len(not_held["ru"]) == 1
    assert len(answers["en"]) == 1 and len(answers["ru"]) == 1
    ((status, code, text),) = answers["en"]
    assert (status, code) == (409, "dummy_not_faced") and "not faced" in text
    assert not any(card in text for card in PACK)
    assert "не открыт" in next(iter(answers["ru"]))[2]
    assert {s: c.state(tid, tokens[s]) for s in range(4)} == before  # nothing changed

    # W leads: dummy is faced, and declarer's actions for dummy are the rules' business again
    west = c.state(tid, tokens[3])
    c.act(tid, tokens[3], west, west["legal"][0]["text"])
    south = c.state(tid, tokens[2])
    dummy = dummy_hand_of(south)
    assert dummy and len(dummy) == 13
    absent = next(x for x in PACK if x not in dummy and x not in own)
    r = c.call("POST", f"/api/tables/{tid}/actions", {"irregular": f"!N expose {absent}", "seq": south["seq"]},
               tokens[2])
    assert r.status_code == 409 and r.json()["code"] == "irregular_refused"  # about a hand S now sees


# ---------------------------------------------------------------------- point 6: free redeals
def test_preferans_misdeal_is_refused_online_with_the_table_unchanged(server: ServerProcess) -> None:
    c = Client(server.base)
    tid, _ = c.new_table("preferans", {"laws": True})
    tokens = c.seat_people(tid, 3)
    m = c.settled(tid, tokens[0])
    assert c.ok("GET", f"/api/tables/{tid}")["options"][ONLINE_OPTION] is True
    for phase in ("before the first bid", "after a bid"):
        before = {s: c.state(tid, tokens[s]) for s in range(3)}
        for s in range(3):  # on turn or not
            for body in ({"irregular": "misdeal"}, {"irregular": f"!{s} misdeal"}, {"action": f"!{s} misdeal"}):
                r = c.call("POST", f"/api/tables/{tid}/actions", {**body, "seq": m["seq"]}, tokens[s])
                assert r.status_code == 409 and r.json()["code"] == "irregular_refused", (phase, r.text)
                assert "dealt by the server" in r.json()["detail"]
        assert {s: c.state(tid, tokens[s]) for s in range(3)} == before, phase
        if phase == "before the first bid":
            seat = m["to_act"]
            turn = c.state(tid, tokens[seat])
            c.act(tid, tokens[seat], turn, turn["legal"][0]["text"])
            m = c.settled(tid, tokens[0])
    rec = c.abandon(tid, tokens[0])
    assert not any("misdeal" in a for a in rec["actions"]) and rec["options"][ONLINE_OPTION] is True


def _at_first_deal(game: Game, phase_of: Callable[[State], bool], seed: int) -> State:
    state = game.new_initial_state()
    rng = random.Random(seed)
    while not phase_of(state):
        state.apply(state.sample_chance(rng) if state.to_act == CHANCE else rng.choice(list(state.legal_actions())))
    return state


def test_the_redeal_laws_stay_in_the_library_and_are_refused_where_the_server_deals() -> None:
    """Bridge's L2 (``reshuffle``, before the deal) and preferans' P1/P2 (``misdeal``) are refused with the
    option ``laws_online`` (the room sets it) and kept without it (the terminal, the library)."""
    for online in (False, True):
        bridge = load("bridge", laws=True, **{ONLINE_OPTION: online})
        state = _at_first_deal(bridge, lambda s: len(s.history) == 1, 1)  # the draw made, the deal next
        assert state.to_act == CHANCE
        pref = load("preferans", laws=True, **{ONLINE_OPTION: online})
        deal = _at_first_deal(pref, lambda s: len(s.history) == 1, 1)
        for st, text in ((state, "!N reshuffle"), (deal, "!0 misdeal"), (deal, "!2 misdeal")):
            probe = st.clone()
            if online:
                with pytest.raises(CardroomError, match="laws_online"):
                    probe.apply(probe.parse_action(text))
                assert probe.snapshot() == st.snapshot()
            else:
                probe.apply(probe.parse_action(text))
                assert len(probe.history) == len(st.history) + 1


def test_no_laws_game_redeals_for_the_asking_in_the_room() -> None:
    """Euchre and the older bridges have no action that calls for a new deal; bridge and preferans refuse
    theirs online: every seat's ``misdeal``/``reshuffle``/``redeal`` is refused in the first deal's phases."""
    for name in ("bridge", "auction-bridge", "straight-bridge", "euchre", "preferans"):
        game = room_game(name, {})
        rng = random.Random(name)
        state = game.new_initial_state()
        checked = 0
        while not state.is_over and len(state.history) < 40:
            if state.to_act == CHANCE:
                state.apply(state.sample_chance(rng))
                continue
            rt = runtime(game, state)
            for seat in range(game.num_seats):
                for word in ("misdeal", "reshuffle", "redeal", "new-deal"):
                    with pytest.raises(RoomError):
                        ROOM._resolve_irregular(rt, seat, f"!{rt.labels[seat]} {word}")
                    checked += 1
            state.apply(rng.choice(list(state.legal_actions())))
        assert checked > 100, name


# ====================================================================== the property test (point 5)
ROOM = Room(None, bot_thread=False)  # type: ignore[arg-type]  # only its refusal path: no store is used


def room_game(name: str, options: Json) -> Game:
    """The game as the room opens a laws-mode table of it (``laws_online`` where the game has it)."""
    try:
        return load(name, laws=True, **options, **{ONLINE_OPTION: True})
    except CardroomError:
        return load(name, laws=True, **options)


def runtime(game: Game, state: State) -> TableRuntime:
    assert isinstance(state, Match)
    labels = [str(state.view(i).to_dict().get("seat", i)) for i in range(game.num_seats)]
    return TableRuntime("t", game, {}, 0, "", None, 0.0, state, [SeatInfo("human") for _ in labels],
                        labels=labels, laws=True)


def response(rt: TableRuntime, seat: int, text: str) -> tuple[Any, ...]:
    """The room's answer to the seat's irregular text: accepted, or (status, code, English, Russian)."""
    try:
        ROOM._resolve_irregular(rt, seat, text)
    except RoomError as e:
        return e.status, e.code, e.text("en"), e.text("ru")
    return ("accepted",)


VERBS = {"bridge": ["", "play", "lead", "expose", "remark"], "oldbridge": ["", "expose"],
         "euchre": ["", "expose", "floor"], "preferans": ["", "show", "discard"]}
EVENTS = {"bridge": ["ask", "look", "warn", "show", "remark", "remark H", "reshuffle", "correct 1H", "change 2C",
                     "change P", "expose", "call 5C", "P", "X", "XX", "1NT", "7NT", "8C"],
          "oldbridge": ["ask", "make H", "make NT", "X", "XX", "P", "leave"],
          "euchre": ["lift", "throw", "remark", "correct", "count", "keep", "mention H", "alone", "take it"],
          "preferans": ["misdeal"]}


def irregular_texts(game: Game, state: State, rng: random.Random, seen_calls: set[str]) -> list[str]:
    """Every card with each verb the game knows, its events, the calls seen so far, a few card groups and
    (bridge) claims; written without the seat (the test adds ``!SEAT``)."""
    pack = [str(c) for c in cards_of_mask(game.pack_mask())]
    family = game.family
    out = [f"{v} {c}".strip() for v in VERBS[family] for c in pack] + EVENTS[family] + sorted(seen_calls)
    out += [" ".join(rng.sample(pack, k)) for k in (2, 2, 3)]
    if family == "preferans":
        out += ["discard " + " ".join(rng.sample(pack, k)) for k in (1, 3, 4)]
    if family == "bridge":
        out += [f"{w} {k}" for w in ("claim", "concede") for k in (0, 1, 5, 13)]
    return out


def full_text(rt: TableRuntime, target: int, text: str) -> str:
    words = text.split()
    if words[0] in ("claim", "concede"):
        return f"{words[0]} {rt.labels[target]} {words[1]}"
    return f"!{rt.labels[target]} {text}"


def _places(deal: Any) -> dict[str, Any]:
    f: dict[str, Any] = {"hands": list(deal.hands)}
    for k in ("rest", "stock"):  # the talon, euchre's stock
        if hasattr(deal, k):
            f[k] = getattr(deal, k)
    return f


def _swap(deal: Any, x: int, y: int) -> Any:
    """The deal with cards ``x`` and ``y`` exchanged between their places (hands, talon, stock)."""
    f = _places(deal)

    def where(c: int) -> tuple[str, int] | None:
        for i, h in enumerate(f["hands"]):
            if h >> c & 1:
                return "hands", i
        for k in ("rest", "stock"):
            if k in f and f[k] >> c & 1:
                return k, -1
        return None

    wx, wy = where(x), where(y)
    if wx is None or wy is None or wx == wy:
        return None
    for (kind, i), out, into in ((wx, x, y), (wy, y, x)):
        if kind == "hands":
            f["hands"][i] = f["hands"][i] & ~(1 << out) | 1 << into
        else:
            f[kind] = f[kind] & ~(1 << out) | 1 << into
    return dataclasses.replace(deal, **{**f, "hands": tuple(f["hands"])})


def redealt(game: Game, state: State, seat: int, rng: random.Random) -> State | None:
    """A state with the same action texts as ``state`` but two cards swapped in the current deal, cards
    the seat never saw (outside every ``visible_mask`` it had during the deal), such that the seat's
    view is identical after every action (so: consistent with all it knows — hand sizes, voids shown,
    the play). None when no such swap replays."""
    history = list(state.history)
    idx = max((i for i, a in enumerate(history) if hasattr(a, "hands")), default=None)
    if idx is None:
        return None
    start = game.new_initial_state()
    for a in history[:idx]:
        start.apply(a)
    probe, seen, views = start.clone(), 0, []
    for a in history[idx:]:
        probe.apply(a)
        seen |= probe.visible_mask(seat)
        views.append(probe.view(seat).to_dict())
    f = _places(history[idx])
    dealt = f.get("rest", 0) | f.get("stock", 0)
    for h in f["hands"]:
        dealt |= h
    unseen = cards_of_mask(dealt & ~seen)
    for _ in range(20 if len(unseen) >= 2 else 0):
        new = _swap(history[idx], *rng.sample(unseen, 2))
        if new is None:
            continue
        other = start.clone()
        try:
            for i, a in enumerate([new, *history[idx + 1:]]):
                other.apply(a if i == 0 else other.parse_action(other.action_text(a)))
                if other.view(seat).to_dict() != views[i]:
                    raise CardroomError("the seat would see the difference")
        except CardroomError:
            continue
        return other
    return None


def random_position(game: Game, rng: random.Random, seen_calls: set[str], steps: int,
                    stop: Callable[[State], bool] | None = None) -> State:
    """Random play (chance, legal actions, and now and then an irregular action the room accepts) for a
    random number of actions below ``steps``, or until ``stop``."""
    state = game.new_initial_state()
    rt = runtime(game, state)
    for _ in range(steps if stop is not None else rng.randrange(2, steps)):
        if state.is_over or (stop is not None and state.to_act != CHANCE and stop(state)):
            break
        if state.to_act == CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        legal = list(state.legal_actions())
        seen_calls.update(state.action_text(a) for a in legal if not isinstance(a, int) or isinstance(a, bool))
        if rng.random() < 0.15:
            sender = rng.randrange(game.num_seats)
            text = full_text(rt, sender, rng.choice(irregular_texts(game, state, rng, seen_calls)))
            try:
                state.apply(ROOM._resolve_irregular(rt, sender, text))
                continue
            except RoomError:
                pass
        state.apply(rng.choice(legal))
    return state


def _before_opening_lead(state: State) -> bool:
    v = state.view(0).to_dict()
    d = v.get("deal") or v.get("hand") or v
    tb = v["table"]  # the trick and the tricks are the table's
    return d.get("declarer") is not None and not tb["tricks"] and not tb["trick"]["plays"]


LAWS_GAMES: list[tuple[str, Json]] = [("bridge", {}), ("auction-bridge", {}), ("straight-bridge", {}), ("euchre", {}),
              ("preferans", {"players": 3}), ("preferans", {"players": 4, "variant": "rostov"})]


@pytest.mark.parametrize(("name", "options"), LAWS_GAMES, ids=[f"{n}-{len(o)}" for n, o in LAWS_GAMES])
def test_refusals_depend_only_on_what_the_sender_sees(name: str, options: Json) -> None:
    """For random laws-mode positions and many irregular texts (every card with every verb, the events,
    the calls, claims) for every target seat, the room's answer is the same on the real state and on a
    consistent re-deal of the cards the sender cannot see. In the bridge games a third of the positions
    are declarer's, before the opening lead (dummy not faced)."""
    game = room_game(name, options)
    rng = random.Random(f"cheat/{name}/{json.dumps(options)}")
    seen_calls: set[str] = set()
    compared = positions = dummy_cases = 0
    for i in range(40):
        bridge = game.family in ("bridge", "oldbridge")
        before_lead = bridge and i % 3 == 0
        state = random_position(game, rng, seen_calls, 150, _before_opening_lead if before_lead else None)
        if state.is_over:
            continue
        rt = runtime(game, state)
        sender = rng.randrange(game.num_seats)
        if before_lead and _before_opening_lead(state):
            d = state.view(0).to_dict()
            d = d.get("deal") or d
            sender = rt.labels.index(str(d["declarer"]))
        other = redealt(game, state, sender, rng)
        if other is None:
            continue
        positions += 1
        rt2 = runtime(game, other)
        texts = irregular_texts(game, state, rng, seen_calls)
        for text in rng.sample(texts, min(60, len(texts))):
            for target in range(game.num_seats):
                t = full_text(rt, target, text)
                a, b = response(rt, sender, t), response(rt2, sender, t)
                assert a == b, (state.position(), rt.labels[sender], t, a, b)
                compared += 1
                dummy_cases += a[:2] == (409, "dummy_not_faced")
    assert positions >= 15 and compared >= 3000, (positions, compared)
    if game.family in ("bridge", "oldbridge"):
        assert dummy_cases > 0  # declarer before the opening lead was among the senders
