"""The end of a deal (issue 14, point 1): the finished deal's last trick whole, the tricks adding up, every
hand once the deal is over (never before), the result line; the room waits for the people (or pauses a
bots' table) before the next deal; a match abandoned in deal 2 says deal 2 (point 7)."""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Iterator
from typing import Any

import pytest

from cardroom.core.game import CHANCE
from cardroom.core.match import Match
from cardroom.games import load
from cardroom.room.audit import card_mask_of, check_message
from cardroom.room.engine import Room, RoomError, TableRuntime
from cardroom.room.store import AsyncStore, Store

TRICKS = {"bridge": 13, "auction-bridge": 13, "straight-bridge": 13, "euchre": 5, "preferans": 10}


def step(state: Match[Any, Any, Any, Any], rng: random.Random) -> None:
    """A chance action, or a random legal action, a pass more often than not (so that cards are played)."""
    if state.to_act == CHANCE:
        state.apply(state.sample_chance(rng))
        return
    legal = list(state.legal_actions())
    passes = [a for a in legal if "pass" in state.action_text(a).lower()]
    state.apply(rng.choice(passes if passes and rng.random() < 0.7 else legal))


def first_played_deal_end(game: str, seed: int) -> tuple[Match[Any, Any, Any, Any], dict[str, Any]]:
    """A match played at random until a deal with tricks ends (the next one not dealt yet); the ends of
    deals before it are checked on the way, and none is shown during a deal."""
    state = load(game).new_initial_state()
    assert isinstance(state, Match)
    rng = random.Random(seed)
    for _ in range(5000):
        if state.is_over:
            state = load(game).new_initial_state()
        step(state, rng)
        end = state.deal_end()
        if end is None:
            assert state.finished_deals == [] or (state.deal is not None and state.deal.history), \
                "no end of a deal once the next one begins"
            continue
        assert state.to_act == CHANCE or state.is_over, "the end of a deal is shown only between deals"
        if end["tricks"]:
            return state, end
        step(state, rng)  # a deal without play (passed out, unplayed): on to the next
    raise AssertionError("no deal was played")


@pytest.mark.parametrize("game", sorted(TRICKS))
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_end_of_a_deal_shows_its_last_trick_and_every_trick(game: str, seed: int) -> None:
    state, end = first_played_deal_end(game, seed)
    seats = state.game.num_seats
    last = end["last_trick"]
    assert last == end["tricks"][-1]
    players = {s for s, _ in last["plays"]}
    assert len(last["plays"]) == len(players) >= 3, "the last trick holds every card played to it"
    assert all(card is not None for _, card in last["plays"])
    assert sum(end["won"]) == TRICKS[game] == len(end["tricks"]), (game, end["won"])
    if end["side_won"] is not None:
        assert sum(end["side_won"]) == TRICKS[game]
    # every card played to a trick is among the hands shown, each hand shown to every seat
    hands = {int(s): cards for s, cards in end["hands"].items()}
    for t in end["tricks"]:
        for s, card in t["plays"]:
            assert s < 0 or card in hands[s], (game, s, card)  # -1: a raspasy lead from the talon
    for seat in range(seats):
        assert card_mask_of(end) & ~state.visible_mask(seat) == 0, "every seat may see the end of the deal"
    assert end["number"] == len(state.results)
    assert end["result"], "a result line"


def test_a_bridge_result_line_agrees_with_the_sheet() -> None:
    for seed in range(1, 8):
        state, end = first_played_deal_end("bridge", seed)
        r = state.results[-1]
        line = end["result"]
        assert line["contract"] == r.contract.text and line["declarer"] == int(r.contract.declarer)
        assert line["diff"] == r.declarer_tricks - r.contract.tricks_required
        ns = sum(e.points for e in r.entries if e.side == 0)
        ew = sum(e.points for e in r.entries if e.side == 1)
        assert line["score"] == (["NS", ns] if ns >= ew else ["EW", ew])
        assert line["diff"] == end["side_won"][int(r.contract.declarer) % 2] - r.contract.tricks_required


def test_hands_are_never_shown_during_a_deal() -> None:
    state = load("bridge").new_initial_state()
    rng = random.Random(5)
    seen_end = False
    while not state.is_over and len(state.results) < 2:
        step(state, rng)
        if state.deal is not None and state.deal.history and not state.deal.is_over:
            assert state.deal_end() is None
        seen_end = seen_end or state.deal_end() is not None
    assert seen_end


def test_an_abandoned_second_deal_is_deal_two() -> None:
    """Point 7: after an abandon in deal 2 the table said "deal 1"."""
    for game in ("bridge", "euchre"):
        state = load(game).new_initial_state()
        rng = random.Random(3)
        while len(state.results) < 1 or not state.deal.history or len(state.deal.history) < 3:
            step(state, rng)
        assert not state.is_over
        n = len(state.results) + 1
        state.abandon()
        assert state.is_over
        where = state.where()
        number = [dict(params)["n"] for key, params in where.parts if key in ("deal_n", "hand_n")]
        assert number == [n], (game, where.text())


# ---------------------------------------------------------------- the room waits
@pytest.fixture()
def loop() -> Iterator[asyncio.AbstractEventLoop]:
    lp = asyncio.new_event_loop()
    yield lp
    lp.close()


async def _room(tmp: Any, **kw: Any) -> tuple[Room, AsyncStore]:
    store = AsyncStore(Store(f"sqlite:///{tmp}/room.sqlite"))
    store.start()
    return Room(store, bot_thread=False, **kw), store


async def _settle(room: Room, rt: TableRuntime) -> None:
    for _ in range(2000):
        if rt.driver is None or rt.driver.done():
            return
        await asyncio.sleep(0.002)
    raise AssertionError("the driver did not settle")


async def _play_to_deal_end(room: Room, rt: TableRuntime, tokens: dict[int, str]) -> None:
    """The people play at random until a deal has ended and the room waits (or the match is over)."""
    rng = random.Random(9)
    for _ in range(3000):
        await _settle(room, rt)
        if rt.state.is_over or rt.awaited():
            return
        seat = rt.to_act_seat()
        assert seat is not None and seat in tokens, "the room waits for a person"
        await room.act(rt.id, tokens[seat], rng.randrange(len(rt.legal_actions())), rt.seq)
    raise AssertionError("no deal ended")


def test_the_next_deal_waits_for_every_person(loop: asyncio.AbstractEventLoop, tmp_path: Any) -> None:
    leaks: list[str] = []
    ends: list[dict[str, Any]] = []

    def observer(seat: int | None, m: dict[str, Any], state: Any) -> None:
        leaks.extend(check_message(seat, m, state))  # no seat sees a card it may not, the hands included
        if m["deal_end"]:
            ends.append(m["deal_end"])

    async def go() -> None:
        room, store = await _room(tmp_path, deal_wait=True)
        room.observer = observer
        try:
            rt, owner = await room.create_table("euchre", {})
            tokens = {s: await room.sit(rt.id, s, f"P{s}") for s in (0, 2)}
            for seat in (0, 1, 2, 3, None):
                for lang in ("en", "ru"):
                    room.subscribe(rt, seat, lambda text, replaceable: None, lang)
            await room.add_bots(rt.id, [1, 3], owner)
            await _play_to_deal_end(room, rt, tokens)
            assert not rt.state.is_over
            seq = rt.seq
            assert rt.awaited() == [0, 2]
            end = rt.message_for(0)["deal_end"]
            assert end is not None and sum(end["won"]) == 5
            await asyncio.sleep(0.05)
            await _settle(room, rt)
            assert rt.seq == seq, "nothing is dealt before the people ask"
            await room.next_deal(rt.id, tokens[2])
            await _settle(room, rt)
            assert rt.seq == seq and rt.awaited() == [0]
            m = rt.message_for(None)
            assert m["awaited"] == [0] and m["deal_end"] == end
            await room.next_deal(rt.id, tokens[0])
            await _settle(room, rt)
            assert rt.seq > seq and rt.deal_end() is None, "the next deal is dealt once everyone asked"
            with pytest.raises(RoomError, match="no deal has ended"):
                await room.next_deal(rt.id, tokens[0])
            # the acknowledgements are not game actions: the stored actions replay the same match
            again = rt.game.replay(list(rt.state.history))
            assert again.history == rt.state.history
            assert len(store.store.actions(rt.id)) == rt.seq
        finally:
            await room.close()
            await store.stop()

    loop.run_until_complete(go())
    assert leaks == []
    assert ends and all(len(e["hands"]) == 4 for e in ends), "the end of the deal was broadcast"


def test_a_bots_table_pauses_at_the_end_of_a_deal(loop: asyncio.AbstractEventLoop, tmp_path: Any) -> None:
    async def go(pause: float) -> float:
        room, store = await _room(tmp_path / str(pause), deal_wait=True, deal_pause=pause)
        try:
            rt, owner = await room.create_table("euchre", {})
            start = loop.time()
            ended: list[float] = []
            room.observer = lambda seat, m, state: ended.append(loop.time()) if m["deal_end"] else None
            rt.subscribers[(None, "en")] = [lambda text, r: None]
            await room.add_bots(rt.id, None, owner)
            while len(rt.state.results) < 2 and not rt.state.is_over:
                await asyncio.sleep(0.01)
                assert loop.time() - start < 60
            return loop.time() - start
        finally:
            await room.close()
            await store.stop()

    (tmp_path / "0").mkdir()
    (tmp_path / "0.4").mkdir()
    fast = loop.run_until_complete(go(0))
    slow = loop.run_until_complete(go(0.4))
    assert slow >= 0.4 > fast or slow - fast >= 0.35, (fast, slow)


# ---------------------------------------------------------------- through HTTP and the socket
def test_the_people_ask_for_the_next_deal_over_http_and_the_socket(tmp_path: Any) -> None:
    from fastapi.testclient import TestClient

    from cardroom.room.app import create_app
    from test_room_laws import auth, message, table_with_people

    with TestClient(create_app(f"sqlite:///{tmp_path}/room.sqlite", deal_wait=True)) as c:
        tid, tokens = table_with_people(c, "euchre", {})
        rng = random.Random(4)
        for _ in range(400):  # the four people play at random until the first hand ends
            m = message(c, tid, tokens[0])
            if m["awaited"]:
                break
            if m["to_act"] is None:
                time.sleep(0.01)
                continue
            legal = message(c, tid, tokens[m["to_act"]])["legal"]
            r = c.post(f"/api/tables/{tid}/actions", json={"action": rng.choice(legal)["id"], "seq": m["seq"]},
                       headers=auth(tokens[m["to_act"]]))
            assert r.status_code == 200, r.text
        assert m["awaited"] == [0, 1, 2, 3] and m["deal_end"]["number"] == 1 and not m["over"]
        seq = m["seq"]
        for s in (3, 1, 2):
            r = c.post(f"/api/tables/{tid}/next", headers=auth(tokens[s]))
            assert r.status_code == 200, r.text
        time.sleep(0.1)
        m = message(c, tid, tokens[0])
        assert m["seq"] == seq and m["awaited"] == [0], "the next deal waits for the last person"
        assert c.post(f"/api/tables/{tid}/next").status_code == 401
        with c.websocket_connect(f"/ws/tables/{tid}", subprotocols=["cardroom", f"token.{tokens[0]}"]) as ws:
            assert ws.receive_json()["awaited"] == [0]
            ws.send_json({"type": "next"})
            for _ in range(20):
                got = ws.receive_json()
                if got["seq"] > seq:
                    break
            assert got["seq"] > seq and got["deal_end"] is None and got["awaited"] == []
        r = c.post(f"/api/tables/{tid}/next", headers=auth(tokens[0]))
        assert r.status_code == 409 and r.json()["code"] == "no_deal_end"


@pytest.mark.parametrize("game", ["three-handed-auction", "cutthroat", "bridge"])
def test_the_end_of_a_deal_says_where_the_players_sat(game: str) -> None:
    """A three-player bridge's deal end carries the table seat each player sat at (the deal's
    ``places``: the hands, tricks and result name table seats); a game whose players are its seats, none."""
    state, end = first_played_deal_end(game, 1)
    if game == "bridge":
        assert end["places"] is None
        return
    places = end["places"]
    deal = state.finished_deals[-1]
    assert places == [int(s) for s in deal.places], (places, deal.places)
    assert len(set(places)) == 3 and all(0 <= p < 4 for p in places)
    hands = {int(s) for s, cards in end["hands"].items() if cards}
    assert set(places) <= hands  # each player's hand shown at the seat he sat at (and the dummy's)
    assert end["result"]["declarer"] in places  # the declarer named by his table seat
