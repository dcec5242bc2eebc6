"""A new deal by law 37 in the card room (``Room.redeal``): the club's ruling of a compulsory new deal
takes the deal in play back from its dealing on, and the same dealer deals again with new cards; the
cut log and its ``redeal`` note are one transaction, so a restarted server serves the new deal, and the
table's record replays it. :func:`deal_start` finds where the deal in play began, for every game."""

from __future__ import annotations

import random
import time
import warnings
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from roomkit import auth, hand_of, poll

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from cardroom.core.game import CHANCE
from cardroom.games import load, names
from cardroom.room.app import create_app
from cardroom.room.engine import chance_rng, deal_start
from cardroom.room.store import Store


@settings(max_examples=15, deadline=None)
@given(game=st.sampled_from(names()), seed=st.integers(0, 2**16), steps=st.integers(0, 160))
def test_deal_start_is_where_the_deal_in_play_was_dealt(game: str, seed: int, steps: int) -> None:
    g = load(game)
    state = g.new_initial_state()
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        if state.to_act == CHANCE:
            state.apply(state.sample_chance(rng))
        else:
            state.apply(rng.choice(list(state.legal_actions())))
    keep = deal_start(g, state)
    if state.is_over or state.deal is None:
        assert keep is None
        return
    assert keep is not None and 0 <= keep <= len(state.history)
    before = g.replay(list(state.history)[:keep])
    assert before.deal is not None and not before.deal.history  # the deal not yet dealt there
    assert len(before.results) == len(state.results) and before.to_act == CHANCE
    if keep < len(state.history):  # the action there deals the very deal in play
        after = g.replay(list(state.history)[:keep + 1])
        assert after.deal is not None and after.deal.history and len(after.results) == len(state.results)


def test_a_redeal_draws_other_cards_the_first_draw_unchanged() -> None:
    assert chance_rng(7, 3).random() == chance_rng(7, 3, 0).random()  # every table's log replays as before
    assert chance_rng(7, 3).random() != chance_rng(7, 3, 1).random() != chance_rng(7, 3, 2).random()


def _dealt(c: TestClient, table: str, token: str, timeout: float = 60.0) -> dict[str, Any]:
    """The seat's state message once its hand is dealt (the bots and the room's chance move meanwhile)."""
    deadline = time.monotonic() + timeout
    while True:
        st: dict[str, Any] = c.get(f"/api/tables/{table}/state", headers=auth(token)).json()
        if hand_of(st):
            return st
        assert time.monotonic() < deadline, st
        time.sleep(0.05)


def _deal(c: TestClient, table: str, token: str) -> dict[str, Any]:
    st = c.get(f"/api/tables/{table}/state", headers=auth(token)).json()
    return {"seq": st["seq"], "dealer": st["view"]["table"]["dealer"], "hand": hand_of(st),
            "number": st["view"]["deal_number"]}


@pytest.mark.parametrize("game", ["auction-bridge", "bridge"])
def test_law_37_the_same_dealer_deals_again_new_cards(tmp_path: Path, game: str) -> None:
    db = f"sqlite:///{tmp_path}/room.sqlite"
    with TestClient(create_app(db, bot_delay=0.2)) as c:
        r = c.post("/api/clubs", json={"game": game, "names": ["Anna"], "bots": 3}).json()
        cid, (anna,) = r["id"], r["tokens"]
        info = poll(c, f"/api/clubs/{cid}", lambda i: i["phase"] == "rubber" and i["table"], 90, pause=0.05)
        table = info["table"]
        _dealt(c, table, anna)
        first = _deal(c, table, anna)
        log = Store(db).actions(table)
        r = c.post(f"/api/clubs/{cid}/claims", json={"fault": "c"}, headers=auth(anna))
        assert r.status_code == 200 and r.json()["rulings"][-1]["key"] == "club.ruling.new_deal_by"
        again = _dealt(c, table, anna)
        second = _deal(c, table, anna)
        assert again["view"]["deal_number"] == first["number"] == second["number"]
        assert second["dealer"] == first["dealer"]  # law 36: the same dealer deals again
        assert sorted(second["hand"]) != sorted(first["hand"])  # a new shuffle
        assert second["seq"] <= first["seq"]
        new_log = Store(db).actions(table)
        cut = next(i for i, (a, b) in enumerate(zip(log, new_log, strict=False)) if a != b)
        assert log[:cut] == new_log[:cut] and new_log[cut] != log[cut]  # the deal's dealing drawn anew
        stored = next(t for t in Store(db).load_all() if t.id == table)
        assert [e.name for e in stored.seat_events if e.kind == "redeal"] == [str(cut)]
    # a restarted server serves the new deal: the cut log and its note were stored together
    with TestClient(create_app(db, bot_delay=0.2)) as c:
        st = c.get(f"/api/tables/{table}/state", headers=auth(anna)).json()
        assert st["view"]["deal_number"] == second["number"]
        assert sorted(hand_of(st) or []) == sorted(second["hand"])


def test_no_redeal_between_deals_or_of_an_evenings_board(tmp_path: Path) -> None:
    """A table whose deal is not dealt yet, and a club evening's table (its boards are the evening's),
    are never dealt again: nothing changes."""
    import asyncio

    from cardroom.room.engine import Room
    from cardroom.room.store import AsyncStore

    async def run() -> None:
        store = AsyncStore(Store(f"sqlite:///{tmp_path}/r.sqlite"))
        store.start()
        room = Room(store)
        try:
            rt, _ = await room.create_table("bridge", {}, seed=1, practice=True)
            assert rt.state.to_act == CHANCE
            assert await room.redeal(rt.id) is False and rt.seq == 0
            while rt.state.to_act == CHANCE:  # the draw for the deal, then the deal
                await room._commit_apply(rt, rt.state.sample_chance(chance_rng(rt.seed, rt.seq)))
            dealt = rt.seq
            rt.deals = []  # as a club evening's table
            assert await room.redeal(rt.id) is False and rt.seq == dealt
            rt.deals = None
            hand = hand_of({"view": rt.state.view(0).to_dict()})
            assert await room.redeal(rt.id) is True and rt.seq == dealt - 1 and rt.redeals == {dealt - 1: 1}
            await room._commit_apply(rt, rt.state.sample_chance(chance_rng(rt.seed, rt.seq, 1)))
            assert hand_of({"view": rt.state.view(0).to_dict()}) != hand
        finally:
            await room.close()
            await store.stop()

    asyncio.run(run())
