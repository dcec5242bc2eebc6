"""Claims at a casual table (issue 14, point 11; ``room/claims.py``, ``core/claims.py``).

Every game with tricks: a player in the play claims tricks; his opponents see his hand (the only
card disclosure: his partner and the spectators do not), answer, and an accepted claim ends the deal
with the tricks as claimed (stored: the record and a restart replay it); a rejected claim changes
nothing and play goes on. A bot opponent accepts only a claim the game's solver finds correct."""

from __future__ import annotations

import random
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cardroom.core.cards import Card, cards_of_mask
from cardroom.core.claims import ClaimSettled
from cardroom.core.game import State
from cardroom.records.registry import state_from_dict
from cardroom.room.audit import check_message
from roomkit import auth

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from cardroom.room.app import create_app
from cardroom.room.testing import live_record

GAMES = ["bridge", "auction-bridge", "straight-bridge", "preferans", "euchre"]
PROBLEMS: list[str] = []


def _observer(seat: int | None, message: dict[str, Any], state: State) -> None:
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


def _table(client: TestClient, game: str, seed: int, humans: list[int] | None = None) -> tuple[str, dict[int, str]]:
    """A practice table (its deals fixed by ``seed``) with people at ``humans`` (all seats by default)
    and bots at the others; the people's tokens by seat."""
    r = client.post("/api/tables", json={"game": game, "options": {}, "seed": seed, "practice": True})
    assert r.status_code == 201, r.text
    tid, owner, n = r.json()["id"], r.json()["owner_token"], len(r.json()["table"]["seats"])
    tokens = {}
    for s in range(n) if humans is None else humans:
        r = client.post(f"/api/tables/{tid}/seats/{s}", json={"name": f"p{s}"})
        assert r.status_code == 201, r.text
        tokens[s] = r.json()["token"]
    if humans is not None:
        r = client.post(f"/api/tables/{tid}/bots", json={"seats": [s for s in range(n) if s not in humans]},
                        headers=auth(owner))
        assert r.status_code == 201, r.text
    return tid, tokens


def _runtime(client: TestClient, tid: str) -> Any:
    return client.app.state.room.table(tid)  # type: ignore[attr-defined]


def _wait(client: TestClient, tid: str) -> Any:
    """The table once its driver has nothing to do (a person on turn, a claim pending, or the end)."""
    import time

    rt = _runtime(client, tid)
    deadline = time.monotonic() + 60
    while rt.driver is not None and not rt.driver.done():
        assert time.monotonic() < deadline
        time.sleep(0.01)
    return rt


def _drive_to_claim(client: TestClient, tid: str, tokens: dict[int, str], rng: random.Random,
                    ok: Any = None) -> tuple[Any, int]:
    """Play the rule bot's actions for the people (bots play their own) until a person may claim in
    the play, after the first trick; returns (the table, that seat)."""
    for _ in range(4000):
        rt = _wait(client, tid)
        assert not rt.state.is_over
        deal = rt.state.deal
        if deal is not None and deal.claim_in_play() and len(deal.tricks) >= 1:
            for s in tokens:
                if deal.claim_refusal(s) is None and (ok is None or ok(rt, s)):
                    return rt, s
        ta = rt.to_act_seat()
        assert ta in tokens, "a person is on turn"
        legal = list(rt.legal_actions())
        choice = rt.game.bot("rule", rng.randrange(1 << 30)).choose(rt.state.view(ta))  # as a player would
        r = client.post(f"/api/tables/{tid}/actions", headers=auth(tokens[ta]),
                        json={"action": legal.index(choice) if choice in legal else 0, "seq": rt.seq})
        assert r.status_code == 200, r.text
    raise AssertionError("no claim position reached")


def _state(client: TestClient, tid: str, token: str | None = None, lang: str = "en") -> dict[str, Any]:
    headers = auth(token) if token else {}
    r = client.get(f"/api/tables/{tid}/state?lang={lang}", headers=headers)
    assert r.status_code == 200, r.text
    body: dict[str, Any] = r.json()
    return body


@pytest.mark.parametrize("game", GAMES)
def test_a_claim_accepted_by_the_opponents_ends_the_deal_as_claimed(client: TestClient, db: str, game: str) -> None:
    tid, tokens = _table(client, game, seed=11)
    rt, seat = _drive_to_claim(client, tid, tokens, random.Random(5))
    deal = rt.state.deal
    remaining = deal.claim_remaining()
    tricks = remaining - 1
    side = deal.credit[seat]
    before = list(deal.won)
    hand = sorted(str(Card(c)) for c in cards_of_mask(deal.claim_hand(seat)))
    opponents = deal.claim_opponents(seat)
    assert opponents
    deals_done, seq0 = len(rt.state.results), rt.seq
    r = client.post(f"/api/tables/{tid}/claim", headers=auth(tokens[seat]), json={"tricks": tricks, "seq": rt.seq})
    assert r.status_code == 200, r.text
    assert r.json()["outcome"] == "pending"
    # the opponents see the claimer's hand; nobody else does
    for s, tok in tokens.items():
        c = _state(client, tid, tok)["claim"]
        assert c["seat"] == seat and c["tricks"] == tricks and c["waiting"] == list(opponents)
        if s in opponents or s == seat:
            assert sorted(c["hand"]) == hand
        else:
            assert "hand" not in c
    assert "hand" not in _state(client, tid)["claim"]  # a spectator
    # nobody plays meanwhile; only the opponents answer
    ta = rt.to_act_seat()
    r = client.post(f"/api/tables/{tid}/actions", headers=auth(tokens[ta]), json={"action": 0, "seq": rt.seq})
    assert r.status_code == 409 and r.json()["code"] == "claim_pending"
    r = client.post(f"/api/tables/{tid}/claim/answer", headers=auth(tokens[seat]), json={"accept": True})
    assert r.status_code == 403 and r.json()["code"] == "not_asked"
    r = client.post(f"/api/tables/{tid}/claim", headers=auth(tokens[seat]), json={"tricks": tricks, "seq": rt.seq})
    assert r.status_code == 409 and r.json()["code"] == "claim_pending"
    r = client.post(f"/api/tables/{tid}/claim/answer?lang=ru", headers=auth(tokens[seat]), json={"accept": True})
    assert "не отвечает" in r.json()["detail"]
    for i, s in enumerate(opponents):
        r = client.post(f"/api/tables/{tid}/claim/answer", headers=auth(tokens[s]), json={"accept": True})
        assert r.status_code == 200, r.text
        assert r.json()["outcome"] == ("accepted" if i == len(opponents) - 1 else "pending")
    assert rt.claim is None
    assert isinstance(rt.state.history[seq0], ClaimSettled)
    assert rt.state.action_text(rt.state.history[seq0]) == f"claimed {seat} {tricks}"
    # the deal is over (a preferans player may still choose how his points are written)
    assert len(rt.state.results) == deals_done + 1 or deal.to_act == rt.state.to_act
    assert deal.won[side] == before[side] + tricks
    assert sum(deal.won) == sum(before) + remaining
    assert sum(deal.won) == deal.TRICKS
    # the record replays the claim; a restart rebuilds the same state
    rt = _wait(client, tid)  # the next deal dealt
    replayed = state_from_dict(live_record(client, tid))
    assert replayed.snapshot() == rt.state.snapshot()
    snap = rt.state.snapshot()
    with TestClient(create_app(db, observer=_observer)) as again:
        assert _wait(again, tid).state.snapshot() == snap


@pytest.mark.parametrize("game", GAMES)
def test_a_rejected_claim_changes_nothing_and_play_goes_on(client: TestClient, game: str) -> None:
    tid, tokens = _table(client, game, seed=12)
    rt, seat = _drive_to_claim(client, tid, tokens, random.Random(6))
    deal = rt.state.deal
    snap, seq = rt.state.snapshot(), rt.seq
    r = client.post(f"/api/tables/{tid}/claim", headers=auth(tokens[seat]),
                    json={"tricks": deal.claim_remaining(), "seq": rt.seq})
    assert r.json()["outcome"] == "pending", r.text
    opponent = deal.claim_opponents(seat)[-1]
    r = client.post(f"/api/tables/{tid}/claim/answer", headers=auth(tokens[opponent]), json={"accept": False})
    assert r.status_code == 200 and r.json()["outcome"] == "rejected", r.text
    assert rt.claim is None and rt.seq == seq and rt.state.snapshot() == snap
    assert _state(client, tid, tokens[seat])["claim"] is None
    ta = rt.to_act_seat()
    r = client.post(f"/api/tables/{tid}/actions", headers=auth(tokens[ta]), json={"action": 0, "seq": rt.seq})
    assert r.status_code == 200, r.text


@pytest.mark.parametrize("game", GAMES)
def test_impossible_claims_are_refused_in_both_languages(client: TestClient, game: str) -> None:
    tid, tokens = _table(client, game, seed=13)
    rt = _wait(client, tid)
    r = client.post(f"/api/tables/{tid}/claim", headers=auth(tokens[0]), json={"tricks": 1, "seq": rt.seq})
    assert r.status_code == 409 and r.json()["code"] == "claim_refused"  # not in the play yet
    r = client.post(f"/api/tables/{tid}/claim?lang=ru", headers=auth(tokens[0]), json={"tricks": 1, "seq": rt.seq})
    assert "розыгрыш" in r.json()["detail"]
    rt, seat = _drive_to_claim(client, tid, tokens, random.Random(7))
    for bad, code in ((True, "bad_request"), ("3", "bad_request"), (99, "claim_refused"), (-1, "claim_refused")):
        r = client.post(f"/api/tables/{tid}/claim", headers=auth(tokens[seat]), json={"tricks": bad, "seq": rt.seq})
        assert r.json()["code"] == code, (bad, r.text)
    r = client.post(f"/api/tables/{tid}/claim/answer", headers=auth(tokens[seat]), json={"accept": True})
    assert r.status_code == 409 and r.json()["code"] == "no_claim"
    deal = rt.state.deal
    others = [s for s in tokens if deal.claim_refusal(s) is not None]
    for s in others:  # dummy, a preferans defender
        r = client.post(f"/api/tables/{tid}/claim", headers=auth(tokens[s]), json={"tricks": 0, "seq": rt.seq})
        assert r.status_code == 409 and r.json()["code"] == "claim_refused", r.text


def test_a_pending_claim_shows_the_hand_only_to_the_opponents_over_the_socket(client: TestClient) -> None:
    from cardroom.room.testing import ws_protocols

    tid, tokens = _table(client, "bridge", seed=14)
    rt, seat = _drive_to_claim(client, tid, tokens, random.Random(8))
    deal = rt.state.deal
    partner = next(s for s in tokens if s != seat and s not in deal.claim_opponents(seat))
    hidden = set(str(Card(c)) for c in cards_of_mask(deal.claim_hand(seat))) - set(
        str(Card(c)) for c in cards_of_mask(rt.state.visible_mask(partner)))
    with client.websocket_connect(f"/ws/tables/{tid}", subprotocols=ws_protocols(tokens[partner])) as ws:
        ws.receive_json()
        r = client.post(f"/api/tables/{tid}/claim", headers=auth(tokens[seat]), json={"tricks": 1, "seq": rt.seq})
        assert r.json()["outcome"] == "pending"
        m = ws.receive_json()
        assert m["claim"]["seat"] == seat and "hand" not in m["claim"]
        assert not hidden & set(str(x) for x in _strings(m))


def _strings(obj: Any) -> Iterator[str]:
    if isinstance(obj, str):
        yield obj
    elif isinstance(obj, dict):
        for v in obj.values():
            yield from _strings(v)
    elif isinstance(obj, list):
        for v in obj:
            yield from _strings(v)


def _wrong_claim(rt: Any, seat: int) -> int | None:
    """A claim of ``seat`` the solver finds wrong, None when every claim would hold."""
    deal = rt.state.deal
    best = deal.claim_best(seat)
    if best is None:
        return None
    if deal.claim_minimizes(seat):
        return best - 1 if best > 0 else None
    return best + 1 if best < deal.claim_remaining() else None


@pytest.mark.parametrize("game", GAMES)
def test_bots_reject_a_wrong_claim_and_accept_a_correct_one(client: TestClient, game: str) -> None:
    humans = [0] if game == "preferans" else [0, 2]
    tid, tokens = _table(client, game, seed=21, humans=humans)
    rt, seat = _drive_to_claim(client, tid, tokens, random.Random(9), ok=lambda rt, s: _wrong_claim(rt, s) is not None)
    deal = rt.state.deal
    assert all(rt.seats[s].kind == "bot" for s in deal.claim_opponents(seat))
    wrong = _wrong_claim(rt, seat)
    assert wrong is not None and deal.claim_correct(seat, wrong) is False
    snap = rt.state.snapshot()
    r = client.post(f"/api/tables/{tid}/claim", headers=auth(tokens[seat]), json={"tricks": wrong, "seq": rt.seq})
    assert r.status_code == 200 and r.json()["outcome"] == "rejected", r.text
    assert rt.state.snapshot() == snap and rt.claim is None
    best = deal.claim_best(seat)
    side, before, seq0 = deal.credit[seat], deal.won[deal.credit[seat]], rt.seq
    r = client.post(f"/api/tables/{tid}/claim", headers=auth(tokens[seat]), json={"tricks": best, "seq": rt.seq})
    assert r.status_code == 200 and r.json()["outcome"] == "accepted", r.text
    assert rt.state.action_text(rt.state.history[seq0]) == f"claimed {seat} {best}"
    assert deal.won[side] == before + best


def _laws_table(client: TestClient, game: str, seed: int) -> tuple[str, dict[int, str]]:
    r = client.post("/api/tables", json={"game": game, "options": {"laws": True}, "seed": seed, "practice": True})
    assert r.status_code == 201, r.text
    tid = r.json()["id"]
    tokens = {s: client.post(f"/api/tables/{tid}/seats/{s}", json={"name": f"p{s}"}).json()["token"]
              for s in range(len(r.json()["table"]["seats"]))}
    return tid, tokens


def test_in_laws_mode_a_bridge_claim_is_the_laws_claim(client: TestClient) -> None:
    tid, tokens = _laws_table(client, "bridge", 15)
    rt, seat = _drive_to_claim(client, tid, tokens, random.Random(10))
    deal = rt.state.deal
    seq0 = rt.seq
    r = client.post(f"/api/tables/{tid}/claim", headers=auth(tokens[seat]), json={"tricks": 2, "seq": rt.seq})
    assert r.status_code == 200 and r.json()["outcome"] == "laws", r.text
    assert rt.claim is None  # the laws' ruling decides it (L68-L71: accepted or disputed)
    assert rt.state.action_text(rt.state.history[seq0]) == f"claim {rt.labels[seat]} 2"
    ruling = _state(client, tid, tokens[seat])["view"]["table"]["laws"]["ruling"]
    assert ruling is not None and ruling["chooser"] in deal.claim_opponents(seat)


def test_in_laws_mode_a_game_whose_laws_have_no_claim_uses_the_shared_one(client: TestClient) -> None:
    tid, tokens = _laws_table(client, "euchre", 16)
    rt, seat = _drive_to_claim(client, tid, tokens, random.Random(11))
    r = client.post(f"/api/tables/{tid}/claim", headers=auth(tokens[seat]), json={"tricks": 1, "seq": rt.seq})
    assert r.status_code == 200 and r.json()["outcome"] == "pending", r.text


def test_a_claim_nobody_answers_lapses_with_the_move_timer(client: TestClient) -> None:
    import time

    r = client.post("/api/tables", json={"game": "euchre", "options": {}, "seed": 17, "practice": True,
                                         "table": {"timer": 3}})
    tid = r.json()["id"]
    tokens = {s: client.post(f"/api/tables/{tid}/seats/{s}", json={"name": f"p{s}"}).json()["token"] for s in range(4)}
    rt, seat = _drive_to_claim(client, tid, tokens, random.Random(12))
    seq = rt.seq
    r = client.post(f"/api/tables/{tid}/claim", headers=auth(tokens[seat]), json={"tricks": 1, "seq": rt.seq})
    assert r.json()["outcome"] == "pending", r.text
    deadline = time.monotonic() + 20
    while rt.claim is not None:
        assert time.monotonic() < deadline, "the claim did not lapse"
        time.sleep(0.05)
    assert rt.seq == seq  # lapsed: nothing stored, nobody played for it


@pytest.mark.parametrize("laws", [False, True])
def test_a_seat_cannot_send_an_accepted_claim_as_its_own_action(client: TestClient, laws: bool) -> None:
    """``claimed SEAT N`` is stored by the room only once the opponents accepted: sent as an action
    (or an irregular one) it is refused, the table unchanged."""
    tid, tokens = _laws_table(client, "euchre", 18) if laws else _table(client, "euchre", seed=18)
    rt, _ = _drive_to_claim(client, tid, tokens, random.Random(13))
    snap, remaining = rt.state.snapshot(), rt.state.deal.claim_remaining()
    ta = rt.to_act_seat()
    for body in ({"action": f"claimed {ta} {remaining}", "seq": rt.seq},
                 {"irregular": f"claimed {ta} {remaining}", "seq": rt.seq}):
        r = client.post(f"/api/tables/{tid}/actions", headers=auth(tokens[ta]), json=body)
        assert r.status_code in (400, 409), r.text
    assert rt.state.snapshot() == snap
