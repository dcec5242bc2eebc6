"""The room server's garbage collector (``cardroom.room.serve.tune_gc``): the young threshold is raised on
the ground that an action's garbage is freed by reference counting. Checked here: the actions of tables of
every family make no reference cycles, and the server process gets the tuning."""

from __future__ import annotations

import asyncio
import gc
import random
import subprocess
import sys
from pathlib import Path

import pytest

from cardroom.core.game import CHANCE
from cardroom.room.engine import Room
from cardroom.room.store import AsyncStore, Store


async def _cyclic_garbage(game: str, db: Path, actions: int) -> list[str]:
    store = AsyncStore(Store(f"sqlite:///{db}"))
    store.start()
    room = Room(store)
    rng = random.Random(1)
    try:
        tables = []
        for i in range(4):
            rt, _ = await room.create_table(game, {}, seed=i, practice=True)
            tokens = [await room.sit(rt.id, s, f"p{s}") for s in range(rt.game.num_seats)]
            for s in range(rt.game.num_seats):
                room.subscribe(rt, s, lambda *_: None)
            tables.append((rt, tokens))
        await asyncio.sleep(0.05)
        gc.collect()
        gc.set_debug(gc.DEBUG_SAVEALL)  # what the collector would free is kept in gc.garbage instead
        try:
            done = rounds = 0
            while done < actions:
                rounds += 1
                assert rounds < 10 * actions, "the tables stopped"
                for rt, tokens in tables:
                    for _ in range(50):
                        if rt.state.to_act != CHANCE:
                            break
                        await asyncio.sleep(0.002)  # the room's driver deals
                    if rt.state.is_over or rt.state.to_act == CHANCE:
                        continue
                    seat = rt.to_act_seat()
                    assert seat is not None
                    legal = list(rt.state.legal_actions())
                    await room.act(rt.id, tokens[seat], rng.randrange(len(legal)), rt.seq)
                    done += 1
            gc.collect()
            return sorted({type(o).__name__ for o in gc.garbage})
        finally:
            gc.set_debug(0)
            gc.garbage.clear()
    finally:
        await room.close()
        await store.stop()


@pytest.mark.parametrize("game", ["bridge", "auction-bridge", "preferans", "euchre"])
def test_an_action_makes_no_reference_cycles(game: str, tmp_path: Path) -> None:
    assert asyncio.run(_cyclic_garbage(game, tmp_path / "gc.sqlite", 120)) == []


def test_the_server_process_tunes_its_collector() -> None:
    code = ("import gc; from cardroom.room.serve import GC_YOUNG_THRESHOLD, tune_gc; tune_gc(); "
            "print(gc.get_threshold()[0] == GC_YOUNG_THRESHOLD, gc.get_freeze_count() > 1000)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["True", "True"]
