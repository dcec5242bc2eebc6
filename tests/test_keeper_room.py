"""The score keeper in the card room: ``/api/keep`` replays the sheet the page keeps; ``/keep`` the phone page."""

from __future__ import annotations

import shlex
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from cardroom.room.app import create_app
from test_keeper import ENTRY_OF, first_dealer, played


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path}/room.sqlite")) as c:
        yield c


def text_of(entry: dict[str, Any]) -> str:
    return " ".join(f"{k}={shlex.quote(','.join(map(str, v)) if isinstance(v, list) else str(v))}"
                    for k, v in entry.items())


def test_games_list_the_kept_games_and_texts(client: TestClient) -> None:
    got = client.get("/api/keep/games?lang=ru").json()
    names = {g["name"] for g in got["games"]}
    assert {"bridge", "preferans", "euchre", "auction-bridge", "straight-bridge"} <= names
    from cardroom.games import names as listed

    assert names == set(listed())  # every game the registry lists is kept
    assert got["texts"]["keep.page.title"] == "Счётчик"
    assert client.get("/keep").status_code == 200


@pytest.mark.parametrize(("name", "options"), [("bridge", {}), ("preferans", {"variant": "leningrad", "players": 4}),
                                               ("euchre", {}), ("auction-bridge", {}), ("double-dummy", {}),
                                               ("draw-bridge", {}), ("royal-bridge", {}), ("misery-bridge", {}),
                                               ("three-handed-auction", {}),
                                               ("three-handed-auction", {"dealer_must_bid": False})])
def test_api_session_equals_played(client: TestClient, name: str, options: dict[str, Any]) -> None:
    state = played(name, 3, max_deals=8, **options)
    body: dict[str, Any] = {"op": "new", "game": name, "options": options, "dealer": first_dealer(state)}
    answer = client.post("/api/keep", json=body).json()
    for r in state.results:
        got = client.post("/api/keep", json={"op": "add", "keeper": answer["keeper"],
                                             "text": text_of(ENTRY_OF[state.game.family](r))})
        assert got.status_code == 200, got.json()
        answer = got.json()
    assert answer["keeper"]["sheet"] == state.sheet.to_dict()
    assert answer["sheet"] == state.sheet.render(lang="en")


def test_api_refuses_and_undoes(client: TestClient) -> None:
    a = client.post("/api/keep?lang=ru", json={"op": "add", "game": "bridge",
                                               "text": "contract=4S declarer=S tricks=10"}).json()
    assert a["deals"] == 1 and a["keeper"]["sheet"]["totals"]["NS"] == 120
    bad = client.post("/api/keep?lang=ru", json={"op": "add", "keeper": a["keeper"], "text": "contract=8S"})
    assert bad.status_code == 400 and "«8S» — не контракт" in bad.json()["text"]
    u = client.post("/api/keep", json={"op": "undo", "keeper": a["keeper"]}).json()
    assert u["deals"] == 0
    r = client.post("/api/keep", json={"op": "redo", "keeper": u["keeper"]}).json()
    assert r["keeper"]["sheet"] == a["keeper"]["sheet"]
    f = client.post("/api/keep", json={"op": "fix", "n": 1, "keeper": r["keeper"],
                                       "text": "contract=4S declarer=S tricks=8"}).json()
    assert f["keeper"]["sheet"]["totals"] == {"NS": 0, "EW": 100}
    assert [h["op"] for h in f["history"]] == ["add", "undo", "redo", "fix"]
