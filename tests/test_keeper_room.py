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


def test_the_worker_and_the_manifest_are_served_for_the_page(client: TestClient) -> None:
    """The offline page's service worker at the root (so that its scope may be /keep), as JavaScript, checked
    for an update at every visit; the manifest as a web app manifest in the reader's language."""
    sw = client.get("/keep-sw.js")
    assert sw.status_code == 200 and sw.headers["content-type"].startswith("text/javascript")
    assert sw.headers["cache-control"] == "no-cache"
    for shell in ("/keep", "/static/keep.js", "/static/i18n.js", "/static/keep.css", "/api/keep/games?lang=ru"):
        assert f'"{shell}"' in sw.text
        assert client.get(shell).status_code == 200  # what the worker caches at its install is there
    assert "worker-src 'self'" in sw.headers["content-security-policy"]
    for lang, name in (("en", "Score keeper"), ("ru", "Счётчик")):
        m = client.get(f"/keep.webmanifest?lang={lang}")
        assert m.status_code == 200 and m.headers["content-type"] == "application/manifest+json"
        got = m.json()
        assert got["name"] == name and got["lang"] == lang and got["scope"] == "/keep"
        assert got["start_url"] == f"/keep?lang={lang}"
        assert all(client.get(icon["src"]).status_code == 200 for icon in got["icons"])


def test_the_history_is_drawn_in_the_readers_language(client: TestClient) -> None:
    a = client.post("/api/keep?lang=ru", json={"op": "add", "game": "bridge",
                                               "text": "contract=4S declarer=S tricks=10"}).json()
    u = client.post("/api/keep?lang=ru", json={"op": "undo", "keeper": a["keeper"]}).json()
    assert u["history_rows"] == ["1. записана сдача 1: contract=4S declarer=S tricks=10",
                                 "2. отменено на сдаче 1: contract=4S declarer=S tricks=10 → "]
    en = client.post("/api/keep?lang=en", json={"op": "view", "keeper": u["keeper"]}).json()
    assert en["history_rows"][0] == "1. deal 1 written: contract=4S declarer=S tricks=10"
    # every answer is drawn in both languages too (a page reopened offline in the other one shows it)
    assert u["drawn"]["ru"] == {"sheet": u["sheet"], "history_rows": u["history_rows"]}
    assert u["drawn"]["en"] == {"sheet": en["sheet"], "history_rows": en["history_rows"]}
    assert u["sheet"] != en["sheet"]


def test_every_text_of_the_page_comes_from_the_catalogue_in_both_languages(client: TestClient) -> None:
    """Each catalogue key static/keep.js names (and the queue's labels, "keep.page.op." + the change) is sent
    to the page in English and in Russian, each in its own script: no English on the Russian page."""
    import re

    from cardroom.room.routes.common import STATIC

    script = (STATIC / "keep.js").read_text(encoding="utf-8")
    used = set(re.findall(r'"(keep\.[a-z_.]*[a-z_])"', script))
    assert '"keep.page.op." + change.op' in script
    used |= {f"keep.page.op.{op}" for op in ("new", "add", "fix", "undo", "redo")}
    assert {"keep.page.pending", "keep.page.offline", "keep.page.queue_refused", "keep.page.queue_full"} <= used
    cyrillic = re.compile("[а-яё]", re.IGNORECASE)
    for lang in ("en", "ru"):
        texts = client.get(f"/api/keep/games?lang={lang}").json()["texts"]
        missing = used - set(texts)
        assert not missing, (lang, missing)
        for key in used:
            words = re.sub(r"\{\w+\}", "", texts[key])
            assert bool(cyrillic.search(words)) == (lang == "ru"), (lang, key, texts[key])
            if lang == "ru":  # a Latin word only where it is a name (the JSON file)
                assert not re.search("[a-z]{2,}", words.replace("JSON", ""), re.IGNORECASE), (key, texts[key])
