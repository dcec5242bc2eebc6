"""The hint route (issue 6, point 4): ``GET /api/tables/{id}/hint`` with a seat token.

The route's contract is tested with a stand-in for ``cardroom.bots.hint`` put in ``sys.modules``
(so these run whether or not the real module is there): the hint is given the seat's own view and
the game's name, nothing else; 401 without a token, 403 for a wrong one (the owner's token too: it
holds no seat), 409 when the seat is not on turn or the match is over, 501 when the server has no
hint module; no request changes the table. The real hint (``cardroom.bots.hint.hint``) is then
asked at a seat's turn in every game; those tests are skipped only when the module cannot be
imported.
"""

from __future__ import annotations

import importlib
import random
import re
import sys
import threading
import time
import types
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cardroom.core.errors import CardroomError
from cardroom.core.game import State, View
from cardroom.games import game_class, load, names
from cardroom.room.engine import make_bot

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from cardroom.room.app import create_app
from roomkit import hand_of

GAMES = names()
CARD = re.compile(r"(10|[2-9JQKA])[CDHS]")


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path}/room.sqlite")) as c:
        yield c


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def seated_table(c: TestClient, game: str, seed: int = 11) -> tuple[str, str, list[str]]:
    """A table with a person at every seat (so nobody moves but chance), on someone's first turn."""
    r = c.post("/api/tables", json={"game": game, "options": {}, "seed": seed, "practice": True})
    assert r.status_code == 201, r.text
    tid, owner = r.json()["id"], r.json()["owner_token"]
    n = len(r.json()["table"]["seats"])
    tokens = [c.post(f"/api/tables/{tid}/seats/{s}", json={"name": f"P{s}"}).json()["token"] for s in range(n)]
    deadline = time.monotonic() + 30
    while c.get(f"/api/tables/{tid}").json()["to_act"] is None:
        assert time.monotonic() < deadline
        time.sleep(0.02)
    return tid, owner, tokens


def live_state(c: TestClient, tid: str) -> State:
    st: State = c.app.state.room.table(tid).state  # type: ignore[attr-defined]
    return st


class FakeHint:
    def __init__(self, action: str, candidates: list[tuple[str, float]]) -> None:
        self.action = action
        self.candidates = candidates

    def to_dict(self) -> dict[str, Any]:
        return {"action": self.action, "text": self.action,
                "candidates": [{"action": a, "text": a, "tricks": t} for a, t in self.candidates]}


@pytest.fixture
def fake_hint(monkeypatch: pytest.MonkeyPatch) -> list[tuple[Any, ...]]:
    """A stand-in ``cardroom.bots.hint`` that records what it is given and answers the first legal action."""
    calls: list[tuple[Any, ...]] = []

    def hint(game_name: str, view: Any, *, samples: int = 20, seed: int | None = None) -> FakeHint:
        calls.append((game_name, view, samples, seed))
        legal = [str(x) for x in view.to_dict().get("legal", [])] or ["?"]
        return FakeHint(legal[0], [(a, float(len(legal) - i)) for i, a in enumerate(legal[:3])])

    module = types.ModuleType("cardroom.bots.hint")
    module.hint = hint  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "cardroom.bots.hint", module)
    return calls


# ---------------------------------------------------------------- the route's contract
@pytest.mark.parametrize("game", GAMES)
def test_hint_is_built_from_the_seats_own_view_only(client: TestClient, game: str,
                                                     fake_hint: list[tuple[Any, ...]]) -> None:
    tid, _, tokens = seated_table(client, game)
    st = live_state(client, tid)
    seat = client.get(f"/api/tables/{tid}").json()["to_act"]
    seq = len(st.history)
    r = client.get(f"/api/tables/{tid}/hint", headers=auth(tokens[seat]))
    assert r.status_code == 200, r.text
    body = r.json()
    assert (body["table"], body["seat"], body["seq"]) == (tid, seat, seq)
    assert len(fake_hint) == 1
    game_name, view, _, seed = fake_hint[0]
    assert game_name == game
    # the hint got a View (not the State), and exactly the seat's own view
    assert isinstance(view, View) and not isinstance(view, State)
    assert view.to_dict() == st.view(seat).to_dict()
    assert isinstance(seed, int)
    # the answer is the hint's own, passed through
    assert body["action"] == body["candidates"][0]["action"]
    assert all(isinstance(c["tricks"], float) for c in body["candidates"])
    # asked again: the same position, the same seed
    r2 = client.get(f"/api/tables/{tid}/hint", headers=auth(tokens[seat]))
    assert r2.status_code == 200 and fake_hint[1][3] == seed
    # a token in the URL is refused, never used (URLs end up in logs): no search is made for it
    r3 = client.get(f"/api/tables/{tid}/hint?token={tokens[seat]}")
    assert r3.status_code == 400 and r3.json()["code"] == "token_in_url" and len(fake_hint) == 2
    assert tokens[seat] not in r3.text
    assert len(st.history) == seq  # asking changed nothing


@pytest.mark.parametrize("game", GAMES)
def test_hint_refusals_leave_the_table_unchanged(client: TestClient, game: str,
                                                 fake_hint: list[tuple[Any, ...]]) -> None:
    tid, owner, tokens = seated_table(client, game)
    st = live_state(client, tid)
    before = list(st.history)
    seat = client.get(f"/api/tables/{tid}").json()["to_act"]
    other = (seat + 1) % len(tokens)
    r = client.get(f"/api/tables/{tid}/hint", headers=auth(tokens[other]))
    assert r.status_code == 409 and r.json()["code"] == "not_your_turn"
    r = client.get(f"/api/tables/{tid}/hint", headers=auth("not-a-token"))
    assert r.status_code == 403 and r.json()["code"] == "bad_token"
    r = client.get(f"/api/tables/{tid}/hint", headers=auth(owner))  # the owner holds no seat
    assert r.status_code == 403 and r.json()["code"] == "bad_token"
    r = client.get(f"/api/tables/{tid}/hint")
    assert r.status_code == 401 and r.json()["code"] == "no_token"
    r = client.get("/api/tables/nope/hint", headers=auth(tokens[seat]))
    assert r.status_code == 404 and r.json()["code"] == "unknown_table"
    r = client.get(f"/api/tables/{tid}/hint?lang=ru", headers=auth(tokens[other]))
    assert r.status_code == 409 and "не ваш ход" in r.json()["detail"]
    assert fake_hint == []  # the hint was never asked for a refused request
    assert list(st.history) == before


def test_hint_after_the_match_is_over_is_refused(client: TestClient, fake_hint: list[tuple[Any, ...]]) -> None:
    tid, _, tokens = seated_table(client, "euchre")
    rt = client.app.state.room.table(tid)  # type: ignore[attr-defined]
    rng = random.Random(3)
    # play the match to its end through the API, each seat acting with its own token
    deadline = time.monotonic() + 60
    while not rt.state.is_over:
        assert time.monotonic() < deadline
        seat = rt.to_act_seat()
        if seat is None:
            time.sleep(0.005)
            continue
        n = len(rt.state.legal_actions())
        client.post(f"/api/tables/{tid}/actions", json={"action": rng.randrange(n), "seq": rt.seq},
                    headers=auth(tokens[seat]))
    r = client.get(f"/api/tables/{tid}/hint", headers=auth(tokens[0]))
    assert r.status_code == 409 and r.json()["code"] == "over"
    assert fake_hint == []


def test_no_hint_module_is_a_clear_501(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "cardroom.bots.hint", None)  # import fails
    tid, _, tokens = seated_table(client, "bridge")
    seat = client.get(f"/api/tables/{tid}").json()["to_act"]
    r = client.get(f"/api/tables/{tid}/hint", headers=auth(tokens[seat]))
    assert r.status_code == 501 and r.json()["code"] == "no_hint"
    assert "cardroom.bots.hint" in r.json()["detail"]


def test_a_failing_hint_is_a_clear_500(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    def hint(game_name: str, view: Any, *, samples: int = 20, seed: int | None = None) -> Any:
        raise RuntimeError("solver exploded")

    module = types.ModuleType("cardroom.bots.hint")
    module.hint = hint  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "cardroom.bots.hint", module)
    tid, _, tokens = seated_table(client, "euchre")
    st = live_state(client, tid)
    before = list(st.history)
    seat = client.get(f"/api/tables/{tid}").json()["to_act"]
    r = client.get(f"/api/tables/{tid}/hint", headers=auth(tokens[seat]))
    assert r.status_code == 500 and r.json()["code"] == "hint_failed"
    assert "solver exploded" in r.json()["detail"]
    assert list(st.history) == before


def test_the_same_question_asked_twice_at_once_is_one_search(client: TestClient,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []

    def hint(game_name: str, view: Any, *, samples: int = 20, seed: int | None = None) -> FakeHint:
        calls.append(1)
        time.sleep(0.5)  # a slow search
        return FakeHint("x", [("x", 1.0)])

    module = types.ModuleType("cardroom.bots.hint")
    module.hint = hint  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "cardroom.bots.hint", module)
    tid, _, tokens = seated_table(client, "preferans")
    seat = client.get(f"/api/tables/{tid}").json()["to_act"]
    answers: list[int] = []

    def ask() -> None:
        answers.append(client.get(f"/api/tables/{tid}/hint", headers=auth(tokens[seat])).status_code)

    threads = [threading.Thread(target=ask) for _ in range(3)]
    for th in threads:
        th.start()
    for th in threads:
        th.join(timeout=30)
    assert answers == [200, 200, 200]
    assert len(calls) == 1
    # once answered, asking again searches again (nothing is kept)
    assert client.get(f"/api/tables/{tid}/hint", headers=auth(tokens[seat])).status_code == 200
    assert len(calls) == 2


# ---------------------------------------------------------------- the real hint
def real_hint_or_skip() -> Any:
    """The real hint module (it is part of cardroom: a missing one is a failure, not a skip)."""
    return importlib.import_module("cardroom.bots.hint")


def play_to_card_turn(client: TestClient, tid: str, tokens: list[str], game: str) -> int:
    """Every seat acts as the game's rule-based bot would (through the API, with its own token) until
    a seat is to play a card; that seat."""
    rt = client.app.state.room.table(tid)  # type: ignore[attr-defined]
    g = load(game)
    deadline = time.monotonic() + 30
    while True:
        assert time.monotonic() < deadline
        seat = rt.to_act_seat()
        if seat is None:
            time.sleep(0.01)
            continue
        msg = client.get(f"/api/tables/{tid}/state", headers=auth(tokens[seat])).json()
        legal = [x["text"] for x in msg["legal"]]
        phase = (msg["view"].get("deal") or msg["view"].get("hand") or {}).get("phase")
        if phase == "play" and legal and all(CARD.fullmatch(t) for t in legal):
            return int(seat)
        bot = make_bot(g, 1000 + msg["seq"])
        action = rt.state.action_text(bot.choose(rt.state.view(seat))) if bot is not None else legal[0]
        r = client.post(f"/api/tables/{tid}/actions", json={"action": action, "seq": msg["seq"]},
                        headers=auth(tokens[seat]))
        assert r.status_code == 200, r.text


def hint_supports(game: str) -> bool:
    search = importlib.import_module("cardroom.bots.search")
    try:
        search.game_kind(game)
    except CardroomError:
        return False
    return True


@pytest.mark.parametrize("game", GAMES)
def test_real_hint_names_a_legal_card_with_average_tricks(client: TestClient, game: str) -> None:
    real_hint_or_skip()
    tid, _, tokens = seated_table(client, game, seed=5)
    seat = play_to_card_turn(client, tid, tokens, game)
    # a game without a search bot is hinted by its rule bot (below, its candidates without tricks); a game the
    # search bot should play but cannot: a clear refusal
    if not hint_supports(game) and game_class(game).has_search_bot:
        r = client.get(f"/api/tables/{tid}/hint", headers=auth(tokens[seat]))
        assert r.status_code == 409 and r.json()["code"] == "no_hint_here", r.text
        assert game in r.json()["detail"]
        return
    msg = client.get(f"/api/tables/{tid}/state", headers=auth(tokens[seat])).json()
    legal = {x["id"]: x["text"] for x in msg["legal"]}
    hand = hand_of(msg) or []
    # the tricks left to play: as many as the cards of the hand to play, which may be a dummy's (double
    # dummy's blind lead: its owner's own hand stays face down to him)
    seen = [len(v) for v in ((msg["view"].get("table") or {}).get("hands") or {}).values()]
    left = max([len(hand), *seen])
    t0 = time.monotonic()
    r = client.get(f"/api/tables/{tid}/hint", headers=auth(tokens[seat]))
    took = time.monotonic() - t0
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["seq"] == msg["seq"]
    # actions are named as the room names them: the id in the seat's legal list, and its text
    assert legal[body["action"]] == body["text"]
    assert body["candidates"], "the hint lists its candidates"
    assert body["action"] in [c["action"] for c in body["candidates"]]
    for cand in body["candidates"]:
        assert legal[cand["action"]] == cand["text"]
        if cand["tricks"] is not None:  # an average number of tricks out of those left to play
            assert 0.0 <= float(cand["tricks"]) <= left + 0.001
    assert took < 60, f"the hint took {took:.1f}s"


@pytest.mark.parametrize("game", names())
def test_the_state_message_offers_the_hint_only_to_the_seat_on_turn(client: TestClient, game: str) -> None:
    """The client shows its hint button only where the server offers the hint (``hint`` in the state
    message): the seat on turn choosing a regular action, in a game the search bot plays; never a
    seat not on turn, nor a spectator, nor a ruling under the laws."""
    from cardroom.core.laws import RulingChoice
    from cardroom.room.engine import hint_offered

    tid, _, _ = seated_table(client, game)
    rt = client.app.state.room.table(tid)  # type: ignore[attr-defined]
    on_turn = int(rt.state.to_act)
    msg = rt.message_for(on_turn, "en")
    assert msg["legal"] and msg["hint"] is type(load(game)).has_search_bot
    others = [s for s in range(load(game).num_seats) if s != on_turn]
    assert all(rt.message_for(s, "en")["hint"] is False for s in others)
    assert rt.message_for(None, "en")["hint"] is False
    assert hint_offered(load(game), [RulingChoice("L1", "accept")]) is False
    assert hint_offered(load(game), []) is False
