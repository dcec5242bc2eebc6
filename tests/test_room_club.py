"""The club around the tables (issue 14, points 9 and 12): the bridge bot's calls explained from the
auction alone (structured, the same whatever the caller holds), a player's page from the store, the
lobby's variant and option filters, the owner closing a table."""

from __future__ import annotations

import random
import warnings
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cardroom.bots.bridge import BridgeBot
from cardroom.bots.bridge.explain import explain_call
from cardroom.core.errors import CardroomError
from cardroom.core.game import CHANCE
from cardroom.core.table import Seat
from cardroom.games import load
from cardroom.games.bridge.calls import Call
from cardroom.i18n import Reason
from roomkit import auth, new_table, wait_until

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from cardroom.room.app import create_app


@pytest.fixture
def db(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path}/room.sqlite"


@pytest.fixture
def client(db: str) -> Iterator[TestClient]:
    with TestClient(create_app(db)) as c:
        yield c


# ---------------------------------------------------------------- the bot's calls explained
def _bot_openings(n: int) -> dict[str, list[Any]]:
    """Deals of contract bridge by seed, grouped by the dealer and his (the bot's) first call ("N 1H"):
    the deal after that call."""
    game = load("bridge")
    by_call: dict[str, list[Any]] = defaultdict(list)
    for seed in range(n):
        st = game.new_initial_state()
        rng = random.Random(seed)
        while st.to_act == CHANCE:
            st.apply(st.sample_chance(rng))
        dealer = st.to_act
        assert dealer is not None
        call = BridgeBot(seed).choose(st.view(dealer))
        st.apply(call)
        by_call[f"{st.deal.dealer.letter} {call}"].append(st)
    return by_call


def test_the_same_call_in_the_same_auction_is_explained_the_same_whatever_the_hand() -> None:
    """Two different hands making the same opening bid get the same explanation, structured (a
    Reason with the system's meaning, the points and the lengths it promises), and what it promises
    is true of each hand the bot bid it with."""
    from cardroom.bots.bridge import hand_eval

    by_call = _bot_openings(200)
    compared = 0
    for key, states in by_call.items():
        call = key.split()[1]
        if len(states) < 2 or call == "Pass":
            continue
        a, b = states[0], states[1]
        assert a.deal.hands[a.deal.dealer] != b.deal.hands[b.deal.dealer]
        ea = type(a.game).explain_call(a, 0)
        eb = type(b.game).explain_call(b, 0)
        assert isinstance(ea, Reason) and ea.key == "bridge.explain"
        assert ea == eb, (call, ea, eb)
        assert ea.text("en") == eb.text("en") and ea.text("ru") == eb.text("ru")
        assert ea.params["call"] == call and ea.params["meaning"].key.startswith("bridge.explain.")
        for st in (a, b):  # what it shows is true of the hand it was bid with
            ev = hand_eval(st.deal.hands[st.deal.dealer])
            lo, hi = ea.params["lo"], ea.params["hi"]
            assert lo <= ev.hcp + 3 and (hi is None or ev.hcp <= hi), (call, ev.hcp, lo, hi)
        compared += 1
    assert compared >= 3, sorted((k, len(v)) for k, v in by_call.items())


def test_the_1nt_opening_shows_15_to_17_balanced() -> None:
    e = explain_call(Seat.NORTH, [Call.parse("1NT")], 0)
    assert e.params["meaning"] == Reason("bridge.explain.open_nt")
    assert (e.params["lo"], e.params["hi"], e.params["balanced"]) == (15, 17, True)
    assert e.text("en") == "no-trump opening: balanced — 15–17 points, ♠2–5 ♥2–5 ♦2–5 ♣2–5, balanced"
    assert e.text("ru") == "открытие в без козыря: ровная рука — 15–17 очков, ♠2–5 ♥2–5 ♦2–5 ♣2–5, ровная рука"
    # a later call reads only the calls up to it: what follows changes nothing
    calls = [Call.parse(x) for x in ("1S", "Pass", "2S", "Pass", "4S", "Pass", "Pass", "Pass")]
    assert explain_call(Seat.EAST, calls, 2) == explain_call(Seat.EAST, calls[:3], 2)
    assert explain_call(Seat.EAST, calls, 0).params["min_len"][3] == 5  # five-card majors
    with pytest.raises(CardroomError):
        explain_call(Seat.EAST, calls, 8)


def test_the_room_explains_a_call_from_the_public_auction(client: TestClient) -> None:
    """``GET /explain?call=N`` (a spectator may ask): the explanation of the auction every seat sees,
    as the bot's system reads it from the calls alone; a game without explanations says so."""
    tid, owner = new_table(client, "bridge", seed=11)
    client.post(f"/api/tables/{tid}/seats/0", json={"name": "Vera"})
    client.post(f"/api/tables/{tid}/bots", json={}, headers=auth(owner))
    wait_until(client, tid, lambda i: i["to_act"] == 0 or i["over"])
    public = client.get(f"/api/tables/{tid}/state").json()
    deal = public["view"]["deal"]
    calls = [Call.parse(x) for x in deal["auction"]]
    assert calls, "the bots called before seat 0's turn"
    dealer = Seat[{"N": "NORTH", "E": "EAST", "S": "SOUTH", "W": "WEST"}[deal["dealer"]]]
    for i in range(len(calls)):
        r = client.get(f"/api/tables/{tid}/explain?call={i}&lang=ru")
        assert r.status_code == 200, r.text
        got = r.json()["explanation"]
        want = explain_call(dealer, calls, i)
        assert got["key"] == want.key and got["text"] == want.text("ru")
        assert got["params"]["lo"] == want.params["lo"] and got["params"]["hi"] == want.params["hi"]
        assert got["params"]["meaning"]["key"] == want.params["meaning"].key
    assert client.get(f"/api/tables/{tid}/explain?call={len(calls) + 3}").status_code == 409
    assert client.get(f"/api/tables/{tid}/explain?call=x").status_code == 400
    other, _ = new_table(client, "euchre")
    r = client.get(f"/api/tables/{other}/explain?call=0")
    assert r.status_code == 409 and "explains no calls" in r.json()["detail"]


# ---------------------------------------------------------------- the player's page
def test_the_players_page_lists_his_stored_matches_and_results(db: str) -> None:
    """A person's matches (by the name he sat under) with his seat, the others and his result, read
    back after a restart (so from the store): an abandoned preferans pulka scores his balance."""
    with TestClient(create_app(db)) as c:
        tid, owner = new_table(c, "preferans", seed=5)
        tok = c.post(f"/api/tables/{tid}/seats/1", json={"name": "Vera"}).json()["token"]
        c.post(f"/api/tables/{tid}/bots", json={}, headers=auth(owner))
        wait_until(c, tid, lambda i: i["seq"] > 0)
        assert c.post(f"/api/tables/{tid}/abandon", headers=auth(tok)).status_code == 200
        other, _ = new_table(c, "euchre")  # a table she never sat at
        c.post(f"/api/tables/{other}/seats/0", json={"name": "Boris"})
    with TestClient(create_app(db)) as c:  # the room rebuilt from its store
        data = c.get("/api/players/vera").json()
        assert [m["table"] for m in data["matches"]] == [tid]
        m = data["matches"][0]
        assert (m["game"], m["seat"], m["over"], m["abandoned"]) == ("preferans", 1, True, True)
        assert [p["kind"] for p in m["players"]] == ["bot", "human", "bot"]
        rt = c.app.state.room.table(tid)  # type: ignore[attr-defined]
        assert m["result"] == rt.state.seat_results()[1]
        assert data["summary"]["matches"] == 1 and data["summary"]["finished"] == 1
        assert c.get("/api/players/nobody").json()["matches"] == []


# ---------------------------------------------------------------- the lobby
def test_the_lobby_filters_by_variant_and_option(client: TestClient) -> None:
    soch, _ = new_table(client, "preferans")
    len_, _ = new_table(client, "preferans", {"variant": "leningrad"})
    four, _ = new_table(client, "preferans", {"variant": "leningrad", "players": 4})

    def ids(q: str) -> list[str]:
        return [t["id"] for t in client.get(f"/api/tables?{q}").json()["tables"]]

    assert ids("game=preferans&variant=leningrad") == [four, len_]
    assert ids("game=preferans&variant=sochi") == [soch]
    assert ids("game=preferans&opt.players=4") == [four]
    assert ids("game=preferans&variant=leningrad&opt.players=3") == [len_]
    page = client.get("/api/tables?game=preferans&variant=leningrad&limit=1").json()
    assert page["next"] is not None and "variant=leningrad" in page["next"]
    assert [t["id"] for t in client.get(page["next"]).json()["tables"]] == [len_]


def test_the_owner_closes_a_table(client: TestClient) -> None:
    tid, owner = new_table(client, "bridge")
    tok = client.post(f"/api/tables/{tid}/seats/0", json={"name": "Vera"}).json()["token"]
    assert client.post(f"/api/tables/{tid}/close", headers=auth(tok)).status_code == 403
    assert client.post(f"/api/tables/{tid}/close").status_code == 401
    r = client.post(f"/api/tables/{tid}/close", headers=auth(owner))
    assert r.status_code == 200, r.text
    assert r.json()["over"] is True
    assert client.get(f"/api/tables/{tid}").json()["over"] is True
    assert client.post(f"/api/tables/{tid}/close", headers=auth(owner)).status_code == 409
    assert tid not in [t["id"] for t in client.get("/api/tables?free=true").json()["tables"]]
