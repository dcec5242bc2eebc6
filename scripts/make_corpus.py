"""Write the replay corpus of ``tests/data/corpus/``: records of every game and configuration with what
replaying them must give (the result, the sheet, the canonical action texts, the drawn sheet in both
languages), and a card room database of the current schema. ``tests/test_corpus.py`` replays them.

    .venv/bin/python scripts/make_corpus.py            # rewrite the corpus (only on purpose)

The corpus is a safety net for changes that must keep behaviour: after such a change every record
must replay to exactly what was written here. Run this script again only when a change of behaviour
is intended, and say so in the commit.
"""

from __future__ import annotations

import asyncio
import json
import random
import sys
import tempfile
from pathlib import Path
from typing import Any

from cardroom.core.errors import CardroomError
from cardroom.core.game import CHANCE, State
from cardroom.games import load, names
from cardroom.records.registry import record_dict
from cardroom.room.audit import all_configurations, short_match_options
from cardroom.room.engine import LegalRandomBot, make_bot

OUT = Path(__file__).resolve().parent.parent / "tests" / "data" / "corpus"
MAX_ACTIONS = 20_000


def _irregular(state: State, rng: random.Random) -> Any | None:
    """A random irregular action of the game's own generator (laws mode), or None."""
    family = state.game.family
    if family == "bridge":
        from cardroom.games.bridge.laws import random_irregular as bridge_irregular

        deal = getattr(state, "deal", None)
        return None if deal is None or deal.phase not in (1, 2) else bridge_irregular(deal, rng)
    if family == "preferans":
        from cardroom.games.preferans.laws import random_irregular as pref_irregular

        return pref_irregular(state.deal, rng)  # type: ignore[attr-defined]
    if family == "euchre":
        from cardroom.games.euchre.laws import random_irregular as euchre_irregular

        hand = getattr(state, "hand", None)
        return None if hand is None else euchre_irregular(hand, rng)
    if family == "oldbridge":
        from cardroom.core.table import Seat
        from cardroom.games.oldbridge.laws import random_irregular as oldbridge_irregular

        ta = state.to_act
        if ta is None or ta == CHANCE:
            return None
        return oldbridge_irregular(state, Seat(rng.randrange(4)), rng)
    return None


def play(name: str, options: dict[str, Any], seed: int, irregular_p: float = 0.0) -> State:
    """A whole match with the game's bots in every seat (and random irregularities in laws mode)."""
    state = load(name, **options).new_initial_state()
    rng = random.Random(seed)
    while not state.is_over:
        if len(state.history) > MAX_ACTIONS:
            raise RuntimeError(f"{name} {options}: no end after {MAX_ACTIONS} actions")
        ta = state.to_act
        if ta == CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        if irregular_p and rng.random() < irregular_p:
            x = _irregular(state, rng)
            if x is not None:
                try:
                    state.apply(x)
                    continue
                except CardroomError:
                    pass
        assert ta is not None
        legal = list(state.legal_actions())
        bot = make_bot(state.game, seed * 7919 + len(state.history))
        a = None
        if bot is not None:
            try:
                a = bot.choose(state.view(ta))
            except Exception:
                a = None
        if a not in legal:
            a = LegalRandomBot(seed + len(state.history)).choose_from(legal)
        state.apply(a)
    return state


def expectation(state: State) -> dict[str, Any]:
    """What replaying the record must give: the test's own reading (tests/test_corpus.py), so the two agree."""
    sys.path.insert(0, str(OUT.parent.parent))
    from test_corpus import _expectation

    result: dict[str, Any] = _expectation(state)
    return result


def entry(kind: str, state: State, players: dict[str, str] | None = None) -> dict[str, Any]:
    return {"kind": kind, "record": record_dict(state, players), "expect": expectation(state)}


def matches() -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for i, (name, options) in enumerate(all_configurations()):
        opts = short_match_options(name, options)
        out[f"bots-{i:02d}-{name}"] = entry("bots", play(name, opts, 100 + i))
    # laws mode with irregularities, each game that has laws mode
    k = 0
    for name in names():
        try:
            load(name, laws=True)
        except (CardroomError, TypeError, ValueError):
            continue
        for cfg in type(load(name)).configurations()[:2]:
            opts = short_match_options(name, {**cfg, "laws": True})
            for tries in range(20):  # a short match may draw no irregularity: the next seed, until one does
                state = play(name, opts, 500 + k + 1000 * tries, irregular_p=0.08)
                if any(str(a).startswith(("!", "ruling")) for a in record_dict(state)["actions"]):
                    break
            out[f"laws-{k:02d}-{name}"] = entry("laws", state)
            k += 1
    # an abandoned match of each game
    for j, name in enumerate(names()):
        state = load(name).new_initial_state()
        rng = random.Random(900 + j)
        for _ in range(40):
            if state.is_over:
                break
            if state.to_act == CHANCE:
                state.apply(state.sample_chance(rng))
            else:
                state.apply(rng.choice(list(state.legal_actions())))
        try:
            state.abandon()
        except CardroomError:
            continue
        out[f"abandoned-{j:02d}-{name}"] = entry("abandoned", state)
    return out


def terminal_sessions() -> dict[str, dict[str, Any]]:
    """Records saved by the terminal front-ends (``cardroom play … --auto --save``)."""
    import contextlib
    import io

    from cardroom.cli.main import main as cli_main

    out: dict[str, dict[str, Any]] = {}
    runs = [["play", "bridge", "--auto", "--seed", "3"],
            ["play", "bridge", "--auto", "--seed", "4", "--laws", "--irregularities", "0.05"],
            ["play", "preferans", "--auto", "--seed", "3", "--pulka", "10"],
            ["play", "preferans", "--variant", "leningrad", "--players", "4", "--auto", "--seed", "5", "--pulka", "10",
             "--laws", "--irregularities", "0.05"],
            ["play", "euchre", "--auto", "--seed", "3"],
            ["play", "auction-bridge", "--auto", "--seed", "3"],
            ["play", "straight-bridge", "--auto", "--seed", "3", "--laws", "--irregularities", "0.05"],
            ["play", "misery-bridge", "--auto", "--seed", "3"],
            ["play", "two-hand-bridge", "--auto", "--seed", "3"]]
    with tempfile.TemporaryDirectory() as d:
        for i, argv in enumerate(runs):
            path = Path(d) / f"s{i}.json"
            with contextlib.redirect_stdout(io.StringIO()):
                code = cli_main([*argv, "--save", str(path)])
            if code != 0:
                raise RuntimeError(f"cardroom {' '.join(argv)} exited with {code}")
            rec = json.loads(path.read_text(encoding="utf-8"))
            from cardroom.records.registry import state_from_dict

            state = state_from_dict(rec)
            out[f"terminal-{i:02d}-{argv[1]}"] = {"kind": "terminal", "argv": argv, "record": rec,
                                                 "expect": expectation(state)}
    return out


async def room_database(path: Path) -> dict[str, Any]:
    """A card room database of the current schema: finished, unfinished and laws-mode tables."""
    from cardroom.room.engine import Room
    from cardroom.room.store import AsyncStore, Store

    store = AsyncStore(Store(f"sqlite:///{path}"))
    store.start()
    room = Room(store)
    expect: dict[str, Any] = {}
    try:
        for i, (name, options) in enumerate(all_configurations()):
            opts = short_match_options(name, options)
            rt, owner = await room.create_table(name, opts, seed=1000 + i, practice=True)
            await room.add_bots(rt.id, None, owner)
        while any(rt.driver is not None and not rt.driver.done() for rt in room.tables.values()):
            await asyncio.sleep(0.05)
        # a table with a person seated, in play (a few of the person's actions), and one in laws mode
        for name, options in (("bridge", {}), ("preferans", {"pulya_length": 10}), ("bridge", {"laws": True}),
                              ("euchre", {})):
            rt, owner = await room.create_table(name, options, seed=2000 + len(expect), practice=True)
            token = await room.sit(rt.id, 0, "Anna")
            await room.add_bots(rt.id, None, owner)
            rng = random.Random(7)
            for _ in range(30):
                while rt.driver is not None and not rt.driver.done():
                    await asyncio.sleep(0.01)
                if rt.state.is_over or rt.to_act_seat() != 0:
                    break
                legal = list(rt.state.legal_actions())
                await room.act(rt.id, token, rt.state.action_text(rng.choice(legal)), rt.seq)
            while rt.driver is not None and not rt.driver.done():
                await asyncio.sleep(0.01)
            expect[rt.id] = {}
        for rt in room.tables.values():
            expect[rt.id] = {"game": rt.game.name, "seq": rt.seq, "over": rt.state.is_over,
                             "actions": [rt.state.action_text(a) for a in rt.state.history],
                             "seats": [s.public() for s in rt.seats]}
    finally:
        await room.close()
        await store.stop()
    return expect


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    corpus = {**matches(), **terminal_sessions()}
    for old in OUT.glob("*.json"):
        old.unlink()
    for key, value in corpus.items():
        (OUT / f"{key}.json").write_text(json.dumps(value, ensure_ascii=False, indent=0) + "\n", encoding="utf-8")
    db = OUT / "room-v1.sqlite"
    for p in OUT.glob("room-v1.sqlite*"):
        p.unlink()
    expect = asyncio.run(room_database(db))
    (OUT / "room-v1.expect.json").write_text(json.dumps(expect, ensure_ascii=False, indent=0) + "\n",
                                             encoding="utf-8")
    import sqlite3

    conn = sqlite3.connect(db)  # one self-contained, compact file (the WAL folded in)
    conn.execute("PRAGMA journal_mode=DELETE")
    conn.execute("VACUUM")
    conn.close()
    for p in OUT.glob("room-v1.sqlite-*"):
        p.unlink()
    print(f"{len(corpus)} records and a room database of {len(expect)} tables in {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
