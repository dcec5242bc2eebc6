"""Laws mode in the card room (issue 7, point 6): irregular actions over HTTP and the WebSocket.

A laws-mode table (option ``laws``) accepts an irregular action from a seated person even when it is
not on turn (``{"irregular": "8D"}`` or the text ``"!N 8D"``); the server checks the seat, stores
it as an ordinary action, applies it and broadcasts; the ruling's chooser is then ``to_act`` and
chooses among ``legal`` (the ``RulingChoice`` texts) like any action. Refusals (a casual table,
another seat's cards, an unreadable text, an action the rules refuse) leave the state and the
record unchanged. A restart keeps it; the record replays to the same state. Every message is
checked against ``visible_mask`` (penalty cards face up, nothing hidden shown)."""

from __future__ import annotations

import asyncio
import random
import time
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from cardroom.core.game import State
from cardroom.core.laws import Irregular
from cardroom.games import load
from cardroom.records.registry import state_from_dict
from cardroom.room.audit import check_message

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from cardroom.room.app import create_app
from cardroom.room.testing import live_record, ws_protocols
from roomkit import dummy_hand_of, hand_of

Msg = dict[str, Any]
PROBLEMS: list[str] = []


def _observer(seat: int | None, message: Msg, state: State) -> None:
    PROBLEMS.extend(check_message(seat, message, state))


@pytest.fixture
def db(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path}/room.sqlite"


@pytest.fixture
def client(db: str) -> Iterator[TestClient]:
    PROBLEMS.clear()
    with TestClient(create_app(db, observer=_observer)) as c:
        yield c
    assert PROBLEMS == []


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def table_with_people(c: TestClient, game: str, options: dict[str, Any], seed: int = 11) -> tuple[str, list[str]]:
    r = c.post("/api/tables", json={"game": game, "options": options, "seed": seed, "practice": True})
    assert r.status_code == 201, r.text
    tid = r.json()["id"]
    n = load(game, **options).num_seats
    tokens = [c.post(f"/api/tables/{tid}/seats/{s}", json={"name": f"P{s}"}).json()["token"] for s in range(n)]
    return tid, tokens


def message(c: TestClient, tid: str, token: str) -> Msg:
    m: Msg = c.get(f"/api/tables/{tid}/state", headers=auth(token)).json()
    return m


def settle(c: TestClient, tid: str, tokens: list[str]) -> Msg:
    """The first seat's message once a person is on turn (chance is the server's)."""
    deadline = time.monotonic() + 30
    while True:
        m = message(c, tid, tokens[0])
        if m["to_act"] is not None or m["over"]:
            return m
        assert time.monotonic() < deadline
        time.sleep(0.01)


def drive(c: TestClient, tid: str, tokens: list[str], choose: Callable[[Msg], str | int],
          until: Callable[[Msg], bool]) -> Msg:
    """Every seat is a person playing through HTTP: act with ``choose(message of the seat on turn)``
    until ``until(that message)``."""
    for _ in range(400):
        m = settle(c, tid, tokens)
        m = message(c, tid, tokens[m["to_act"]])
        if until(m):
            return m
        r = c.post(f"/api/tables/{tid}/actions", json={"action": choose(m), "seq": m["seq"]},
                   headers=auth(tokens[m["to_act"]]))
        assert r.status_code == 200, r.text
    raise AssertionError("not reached")


def own_hand(m: Msg) -> list[str]:
    hand = hand_of(m)
    assert hand is not None
    return hand


def deal(m: Msg) -> dict[str, Any]:
    d: dict[str, Any] = m["view"].get("deal") or m["view"].get("hand") or {}
    return d


def text_id(m: Msg, *texts: str) -> int:
    for t in texts:
        for x in m["legal"]:
            if x["text"] == t:
                return int(x["id"])
    return int(m["legal"][0]["id"])


# ---------------------------------------------------------------- bridge: E declares 7NT, S is to lead
def east_declares(m: Msg) -> int:
    d = deal(m)
    if m["to_act"] == 1 and not any(c[:1].isdigit() for c in d["auction"]):
        return text_id(m, "7NT")
    return text_id(m, "Pass")


def opening_lead(m: Msg) -> bool:
    d = deal(m)
    tb = m["view"]["table"]  # the trick and the tricks are the table's
    return d.get("phase") == "play" and not tb["tricks"] and not tb["trick"]["plays"]


def bridge_to_opening_lead(c: TestClient, options: dict[str, Any]) -> tuple[str, list[str], Msg]:
    tid, tokens = table_with_people(c, "bridge", options)
    m = drive(c, tid, tokens, east_declares, opening_lead)
    assert deal(m)["declarer"] == "E" and m["to_act"] == 2, "S leads against E's 7NT"
    return tid, tokens, m


def test_lobby_offers_laws_for_every_game_that_has_it(client: TestClient) -> None:
    games = {g["name"]: g for g in client.get("/api/games").json()["games"]}
    for name in ("bridge", "euchre", "preferans", "auction-bridge", "straight-bridge"):
        laws = games[name]["options"]["laws"]
        assert (laws["default"], laws["choices"], laws["kind"]) == (False, [False, True], "bool"), name
        assert load(name, laws=True).options()["laws"] is True
    r = client.post("/api/tables", json={"game": "preferans", "options": {"laws": True}})
    assert r.status_code == 201 and r.json()["table"]["laws"] is True
    r = client.post("/api/tables", json={"game": "bridge", "options": {}})
    assert r.json()["table"]["laws"] is False


def test_casual_table_refuses_irregular_actions_unchanged(client: TestClient) -> None:
    tid, tokens, m = bridge_to_opening_lead(client, {})
    before = live_record(client, tid)
    card = own_hand(message(client, tid, tokens[0]))[0]
    for body in ({"irregular": card, "seq": m["seq"]}, {"action": f"!N {card}", "seq": m["seq"]}):
        r = client.post(f"/api/tables/{tid}/actions", json=body, headers=auth(tokens[0]))
        assert r.status_code == 409 and r.json()["code"] == "not_laws", r.text
        assert "laws" in r.json()["detail"]
    r = client.post(f"/api/tables/{tid}/actions?lang=ru", json={"irregular": card, "seq": m["seq"]},
                    headers=auth(tokens[0]))
    assert "нарушения" in r.json()["detail"]
    assert live_record(client, tid) == before


def test_irregular_lead_out_of_turn_ruled_by_declarer(client: TestClient, db: str) -> None:
    tid, tokens, m = bridge_to_opening_lead(client, {"laws": True})
    seq = m["seq"]
    north = message(client, tid, tokens[0])
    card = own_hand(north)[0]
    assert north["laws"] is True and north["legal"] == []
    before = live_record(client, tid)
    url = f"/api/tables/{tid}/actions"
    refusals = [
        (tokens[0], {"irregular": "zz", "seq": seq}, 409, "irregular_refused"),    # "not a card, a call or an event"
        (tokens[0], {"irregular": "!Q 8D", "seq": seq}, 400, "unreadable"),        # no seat Q
        (tokens[0], {"irregular": "", "seq": seq}, 400, "bad_action"),
        (tokens[0], {"irregular": card, "action": 0, "seq": seq}, 400, "bad_action"),
        (tokens[0], {"irregular": f"!S {card}", "seq": seq}, 403, "not_your_seat"),   # S's cards are not N's
        (tokens[3], {"irregular": f"!N {card}", "seq": seq}, 403, "not_your_seat"),
        (tokens[2], {"irregular": card, "seq": seq}, 409, "irregular_refused"),      # S does not hold N's card
        (tokens[0], {"irregular": card, "seq": seq - 1}, 409, "stale"),
        (tokens[0], {"action": card, "seq": seq}, 409, "not_your_turn"),             # no irregular: a turn is needed
    ]
    for token, body, status, code in refusals:
        r = client.post(url, json=body, headers=auth(token))
        assert (r.status_code, r.json()["code"]) == (status, code), (body, r.text)
        assert r.json()["detail"]
    assert live_record(client, tid) == before, "every refusal left the record unchanged"

    # N leads out of turn (S's lead): accepted, stored, broadcast; declarer E is to choose
    r = client.post(url, json={"irregular": card, "seq": seq}, headers=auth(tokens[0]))
    assert r.status_code == 200 and r.json()["seq"] == seq + 1, r.text
    rec = live_record(client, tid)
    assert rec["actions"][-1] == f"!N {card}" and rec["actions"][:-1] == before["actions"]
    east = message(client, tid, tokens[1])
    ruling = east["view"]["deal"]["laws"]["ruling"]
    assert east["to_act"] == 1 and ruling["law"] == "L24" and ruling["chooser"] == 1
    assert ruling["irregularity"]["offender"] == 0 and ruling["irregularity"]["kind"] == "lead-out-of-turn"
    texts = [x["text"] for x in east["legal"]]
    assert texts == [o["action"] for o in ruling["options"]] and "ruling L24 penalty-card" in texts
    for s in (0, 2, 3):  # every seat sees the ruling; only the chooser gets `legal`
        other = message(client, tid, tokens[s])
        assert other["legal"] == [] and other["view"]["deal"]["laws"]["ruling"]["law"] == "L24"
    spectator = client.get(f"/api/tables/{tid}/state").json()
    assert spectator["view"]["deal"]["laws"]["ruling"]["law"] == "L24"

    # the other side chooses over the WebSocket: the card becomes a penalty card, face up for all
    with client.websocket_connect(f"/ws/tables/{tid}", subprotocols=ws_protocols(tokens[1])) as ws:
        first = ws.receive_json()
        assert first["seq"] == seq + 1
        ws.send_json({"type": "act", "action": "ruling L24 penalty-card", "seq": seq + 1})
        after = ws.receive_json()
        assert after["type"] == "state" and after["seq"] == seq + 2
    laws = after["view"]["deal"]["laws"]
    assert laws["face_up"] == {"N": [card]}
    assert any("penalty" in x for x in laws["restrictions"])
    spectator = client.get(f"/api/tables/{tid}/state").json()
    assert spectator["view"]["deal"]["laws"]["face_up"] == {"N": [card]}, "a penalty card is public"
    # declarer now holds the L23 lead option on the offender's partner S
    east = message(client, tid, tokens[1])
    assert east["to_act"] == 1 and east["view"]["deal"]["laws"]["ruling"]["law"] == "L23"
    suit = card[-1]
    r = client.post(url, json={"action": f"ruling L23 require-{suit}", "seq": east["seq"]}, headers=auth(tokens[1]))
    assert r.status_code == 200, r.text
    south = message(client, tid, tokens[2])
    assert south["to_act"] == 2
    hand_suits = {c[-1] for c in own_hand(south)}
    if suit in hand_suits:  # S must lead the suit (a player who cannot comply leads anything)
        assert {x["text"][-1] for x in south["legal"]} == {suit}
    snapshot = {s: message(client, tid, tokens[s]) for s in range(4)}

    # the record replays to the same state; a restart rebuilds it exactly
    rec = live_record(client, tid)
    replayed = state_from_dict(rec)
    room_state = client.app.state.room.table(tid).state  # type: ignore[attr-defined]
    assert [replayed.action_text(a) for a in replayed.history] == [room_state.action_text(a)
                                                                   for a in room_state.history]
    assert any(isinstance(a, Irregular) for a in replayed.history)
    assert f"!N {card}" in [replayed.action_text(a) for a in replayed.history]
    assert "ruling L24 penalty-card" in [replayed.action_text(a) for a in replayed.history]
    assert replayed.view(1).to_dict() == room_state.view(1).to_dict()
    with TestClient(create_app(db, observer=_observer)) as again:
        for s in range(4):
            m2 = message(again, tid, tokens[s])
            assert m2["view"] == snapshot[s]["view"] and m2["legal"] == snapshot[s]["legal"]


def test_irregular_over_the_websocket_and_a_bot_rules(client: TestClient) -> None:
    """N (a person) leads out of turn over the socket; declarer E is a bot and chooses itself."""
    r = client.post("/api/tables", json={"game": "bridge", "options": {"laws": True}, "seed": 5, "practice": True})
    tid = r.json()["id"]
    tokens = {s: client.post(f"/api/tables/{tid}/seats/{s}", json={"name": f"P{s}"}).json()["token"]
              for s in (0, 2, 3)}
    owner = r.json()["owner_token"]
    people = [tokens[0], "", tokens[2], tokens[3]]

    def choose(m: Msg) -> int:
        return text_id(m, "Pass")

    client.post(f"/api/tables/{tid}/bots", json={"seats": [1]}, headers=auth(owner))
    # everybody passes but E (a bot): either E opens and declares something, or the deal is passed out
    for _ in range(200):
        m = message(client, tid, tokens[0])
        d = deal(m)
        tb = m["view"]["table"]
        if d.get("phase") == "play" and m["to_act"] not in (None, 0) and not tb["trick"]["plays"] and not tb["tricks"]:
            break
        ta = m["to_act"]
        if ta is None or ta == 1:
            time.sleep(0.01)
            continue
        mm = message(client, tid, people[ta])
        if mm["legal"]:
            client.post(f"/api/tables/{tid}/actions", json={"action": choose(mm), "seq": mm["seq"]},
                        headers=auth(people[ta]))
    else:
        pytest.fail("this seed no longer gives a bot's contract with another seat to lead: choose another seed")
    d = deal(m)
    assert m["to_act"] != 1 and d["declarer"] in ("E", "W") and d["dummy"] != "N", \
        "the seed no longer gives a defence for N: choose another seed"
    card = own_hand(m)[0]
    with client.websocket_connect(f"/ws/tables/{tid}", subprotocols=ws_protocols(tokens[0])) as ws:
        now = ws.receive_json()
        ws.send_json({"type": "act", "irregular": "zz", "seq": now["seq"]})
        err = ws.receive_json()
        assert err["type"] == "error" and err["code"] == "irregular_refused" and "zz" in err["message"]
        ws.send_json({"type": "act", "irregular": card, "seq": now["seq"]})
        seen = [ws.receive_json()]
        assert seen[0]["seq"] == now["seq"] + 1 and seen[0]["view"]["deal"]["laws"]["ruling"] is not None
        while seen[-1]["view"]["deal"]["laws"]["ruling"] is not None:
            seen.append(ws.receive_json())  # the bot (declarer) chooses
    all_texts = live_record(client, tid)["actions"]
    assert f"!N {card}" in all_texts and any(t.startswith("ruling L24") for t in all_texts)


# ---------------------------------------------------------------- euchre and preferans: one case each
def _first_play_turn(m: Msg) -> bool:
    d = deal(m)
    return d.get("phase") == "play" and m["legal"] and all(len(x["text"]) <= 3 for x in m["legal"])


@pytest.mark.parametrize("game,options", [("euchre", {"laws": True}),
                                          ("preferans", {"laws": True, "pulya_length": 10})])
def test_play_out_of_turn_is_ruled(client: TestClient, game: str, options: dict[str, Any]) -> None:
    tid, tokens = table_with_people(client, game, options, seed=3)
    rng = random.Random(1)
    n = len(tokens)

    def choose(m: Msg) -> int:
        texts = [x["text"] for x in m["legal"]]
        if game == "preferans" and "pass" in texts:  # raspasy: everybody plays for himself
            return texts.index("pass")
        for pref in ("pass", "order up", "whist"):
            if pref in texts and rng.random() < 0.2:
                return texts.index(pref)
        return rng.randrange(len(texts))

    m = drive(client, tid, tokens, choose, _first_play_turn)
    to_act = m["to_act"]
    seq = m["seq"]
    # a seat that is not on turn and holds cards plays one out of turn
    offender, card = None, None
    for s in range(n):
        if s == to_act:
            continue
        hand = hand_of(message(client, tid, tokens[s])) or []
        if hand:
            offender, card = s, hand[0]
            break
    assert offender is not None and card is not None
    before = live_record(client, tid)
    r = client.post(f"/api/tables/{tid}/actions", json={"irregular": card, "seq": seq},
                    headers=auth(tokens[(offender + 1) % n]))
    assert r.status_code in (403, 409), r.text  # another seat cannot play that card for the offender
    assert live_record(client, tid) == before
    r = client.post(f"/api/tables/{tid}/actions", json={"irregular": card, "seq": seq}, headers=auth(tokens[offender]))
    assert r.status_code == 200, r.text
    after = settle(client, tid, tokens)
    chooser = after["to_act"]
    m = message(client, tid, tokens[chooser])
    laws = deal(m)["laws"]
    assert laws["ruling"] is not None, laws
    assert laws["ruling"]["chooser"] == chooser and laws["ruling"]["irregularity"]["offender"] == offender
    assert [x["text"] for x in m["legal"]] == [o["action"] for o in laws["ruling"]["options"]]
    r = client.post(f"/api/tables/{tid}/actions", json={"action": 0, "seq": m["seq"]}, headers=auth(tokens[chooser]))
    assert r.status_code == 200, r.text
    state = client.app.state.room.table(tid).state  # type: ignore[attr-defined]
    replayed = state_from_dict(live_record(client, tid))
    assert [replayed.action_text(a) for a in replayed.history] == [state.action_text(a) for a in state.history]
    assert any(state.action_text(a).startswith("ruling ") for a in state.history)


LEAK_GAMES = [("bridge", {"laws": True}), ("preferans", {"laws": True, "pulya_length": 10}),
              ("euchre", {"laws": True})]


@pytest.mark.parametrize("game,opts", LEAK_GAMES)
def test_laws_tables_leak_nothing(tmp_path: Path, game: str, opts: dict[str, Any]) -> None:
    """Laws-mode matches (seat 0 a person, bots elsewhere) with irregular plays injected through the
    room's own path: every message for every seat and a spectator is checked at send time against
    ``visible_mask`` (penalty cards and exposed cards included)."""
    from cardroom.room.engine import Room, RoomError
    from cardroom.room.store import AsyncStore, Store

    problems: list[str] = []
    checked = [0]

    def observer(seat: int | None, message: Msg, state: State) -> None:
        checked[0] += 1
        problems.extend(check_message(seat, message, state))

    async def run() -> int:
        store = AsyncStore(Store(f"sqlite:///{tmp_path}/leak.sqlite"))
        store.start()
        room = Room(store, observer=observer, bot_thread=False, bot_delay=0.01)
        injected = 0
        try:
            for seed in range(8):
                if injected >= 4:  # enough irregular plays injected
                    break
                if True:
                    rt, owner = await room.create_table(game, opts, seed=seed, practice=True)
                    n = rt.game.num_seats
                    token = await room.sit(rt.id, 0, "P0")
                    await room.add_bots(rt.id, list(range(1, n)), owner)
                    for seat in range(n):
                        room.subscribe(rt, seat, lambda t, r: None)
                    room.subscribe(rt, None, lambda t, r: None, "ru")
                    rng = random.Random(seed)
                    while not rt.state.is_over and rt.seq < 300:
                        # seat 0 plays its turns; while a bot is about to play, now and then out of turn
                        view = rt.state.view(0).to_dict()
                        d = view.get("deal") or view.get("hand") or {}
                        hand = view["table"]["hands"].get(str(view["table"]["seat"])) or []
                        pending = (d.get("laws") or {}).get("ruling") is not None
                        ta = rt.to_act_seat()
                        if ta == 0:
                            legal = rt.state.legal_actions()
                            await room.act(rt.id, token, rng.randrange(len(legal)), rt.seq)
                        elif ta is not None and hand and d.get("phase") == "play" and not pending \
                                and rng.random() < 0.2:
                            try:
                                await room.act(rt.id, token, None, rt.seq, hand[0])
                                injected += 1
                            except RoomError:  # the rules may refuse it here (or a bot acted first)
                                pass
                        await asyncio.sleep(0.002)
        finally:
            await room.close()
            await store.stop()
        return injected

    injected = asyncio.run(run())
    assert problems == []
    assert injected >= 4 and checked[0] > 200


def test_call_out_of_turn_and_declarer_for_dummy(client: TestClient) -> None:
    """A bid out of turn in the auction goes to a ruling; in the play declarer may act irregularly
    for dummy's cards (its own view names it declarer), a defender may not."""
    tid, tokens = table_with_people(client, "bridge", {"laws": True})
    m = settle(client, tid, tokens)
    ta = m["to_act"]
    offender = (ta + 1) % 4  # the next seat bids before its turn
    r = client.post(f"/api/tables/{tid}/actions?lang=ru", json={"irregular": "1H", "seq": m["seq"]},
                    headers=auth(tokens[offender]))
    assert r.status_code == 200, r.text
    after = settle(client, tid, tokens)
    chooser = after["to_act"]
    mm = message(client, tid, tokens[chooser])
    ruling = deal(mm)["laws"]["ruling"]
    assert ruling is not None and ruling["irregularity"]["offender"] == offender
    assert chooser in ruling["entitled"] and (chooser - offender) % 2 == 1, "the other side chooses"
    assert [x["text"] for x in mm["legal"]] == [o["action"] for o in ruling["options"]]
    labels = "NESW"
    stored = live_record(client, tid)["actions"]
    assert stored[-1] == f"!{labels[offender]} 1H"

    # a new table: E declares, S leads normally; then E may act for dummy W, N may not
    tid, tokens, m = bridge_to_opening_lead(client, {"laws": True})
    r = client.post(f"/api/tables/{tid}/actions", json={"action": 0, "seq": m["seq"]}, headers=auth(tokens[2]))
    assert r.status_code == 200, r.text
    east = message(client, tid, tokens[1])
    assert east["to_act"] == 1 and deal(east)["dummy"] == "W"
    dummy_card = (dummy_hand_of(east) or [])[0]
    before = live_record(client, tid)
    r = client.post(f"/api/tables/{tid}/actions", json={"irregular": f"!W {dummy_card}", "seq": east["seq"]},
                    headers=auth(tokens[0]))
    assert r.status_code == 403 and r.json()["code"] == "not_your_seat"
    assert live_record(client, tid) == before
    r = client.post(f"/api/tables/{tid}/actions", json={"irregular": f"!W {dummy_card}", "seq": east["seq"]},
                    headers=auth(tokens[1]))
    # declarer may send it: the rules decide (a legal card is simply played; another is an irregularity)
    assert r.status_code in (200, 409), r.text
    if r.status_code == 409:
        assert r.json()["code"] == "irregular_refused" and live_record(client, tid) == before
    else:
        assert live_record(client, tid)["actions"][-1] == f"!W {dummy_card}"


def test_claims_and_concessions(client: TestClient) -> None:
    """A claim of tricks (bridge L32–L33) is sent like an irregular action, by the claimer's own seat
    at any moment of the play; the other side rules on it. A casual table refuses it unchanged."""
    tid, tokens, m = bridge_to_opening_lead(client, {})
    before = live_record(client, tid)
    r = client.post(f"/api/tables/{tid}/actions", json={"irregular": "claim 7", "seq": m["seq"]},
                    headers=auth(tokens[1]))
    assert r.status_code == 409 and r.json()["code"] == "not_laws" and live_record(client, tid) == before

    tid, tokens, m = bridge_to_opening_lead(client, {"laws": True})
    before = live_record(client, tid)
    for token, text, status, code in [(tokens[0], "claim E 7", 403, "not_your_seat"),
                                      (tokens[1], "claim 14", 409, "irregular_refused"),
                                      (tokens[3], "claim 7", 409, "irregular_refused")]:  # W is dummy
        r = client.post(f"/api/tables/{tid}/actions", json={"irregular": text, "seq": m["seq"]}, headers=auth(token))
        assert (r.status_code, r.json()["code"]) == (status, code), (text, r.text)
    assert live_record(client, tid) == before
    # declarer E claims all thirteen before the opening lead: a defender rules (L32)
    r = client.post(f"/api/tables/{tid}/actions", json={"irregular": "claim 13", "seq": m["seq"]},
                    headers=auth(tokens[1]))
    assert r.status_code == 200, r.text
    assert live_record(client, tid)["actions"][-1] == "claim E 13"
    m2 = settle(client, tid, tokens)
    chooser = m2["to_act"]
    mm = message(client, tid, tokens[chooser])
    ruling = deal(mm)["laws"]["ruling"]
    assert ruling["law"] == "L32" and chooser in (0, 2) and ruling["irregularity"]["offender"] == 1
    assert "ruling L32 accept" in [x["text"] for x in mm["legal"]]
    # declarer's hand is faced for the claim: every seat (and a spectator) sees it
    east_hand = own_hand(message(client, tid, tokens[1]))
    spectator = client.get(f"/api/tables/{tid}/state").json()
    assert sorted(spectator["view"]["deal"]["laws"]["face_up"]["E"]) == sorted(east_hand)
    r = client.post(f"/api/tables/{tid}/actions", json={"action": "ruling L32 accept", "seq": mm["seq"]},
                    headers=auth(tokens[chooser]))
    assert r.status_code == 200, r.text


def test_the_laws_texts_of_a_message_are_in_the_readers_language() -> None:
    """A state message in laws mode carries the ruling's law, the restrictions in force and the detail in
    the reader's language (``laws_text``), from the engines' phrases: the Russian has no English word."""
    from cardroom.i18n.catalogue import Phrase
    from cardroom.room.messages import laws_texts
    from test_terminal_sessions import other_language_words

    restriction = Phrase("bridge.r.pass_always", seat=Phrase("seat.N"))
    detail = Phrase("bridge.r.no_double", seat=Phrase("seat.W"))
    laws = {"ruling": {"law": "L24", "irregularity": {"detail": detail}}, "restrictions": [restriction, "plain text"]}
    view: dict[str, Any] = {"table": {"laws": laws}}
    en = laws_texts(view, "bridge", "bridge", "en")
    ru = laws_texts(view, "bridge", "bridge", "ru")
    assert en["law_name"] == "Law 24" and ru["law_name"] == "Закон 24"
    assert en["restrictions"][0] == str(restriction)  # English: the engine's text
    assert ru["restrictions"][1] == "plain text" and ru["restrictions"][0] != en["restrictions"][0]
    assert other_language_words(ru["restrictions"][0], "ru") == [] and other_language_words(ru["detail"], "ru") == []
    assert laws_texts({"table": {"laws": None}}, "bridge", "bridge", "ru")["law_name"] is None
    # auction and straight bridge's laws by the family's names, preferans's rules by number
    assert laws_texts({"table": {"laws": {"ruling": {"law": "B-9"}}}}, "cutthroat", "oldbridge", "ru")["law_name"] \
        == "Закон 9 простого бриджа"
    assert laws_texts({"table": {"laws": {"ruling": {"law": "P2"}}}}, "preferans", "preferans", "ru")["law_name"] \
        == "правило 2"
