"""The room reviews an uploaded record (issue 17, point 5): ``POST /api/review/file`` with a .lin or .pbn
file's name and text answers the same review and what-if as ``cardroom review FILE``; the upload's size is
bounded by the room's body limit, a bad file gets a clear bounded refusal, and nothing is stored."""

from __future__ import annotations

import random
import sqlite3
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cardroom.core.review import review_deal, review_path, what_if
from cardroom.room.routes.review import MAX_WHY
from test_review import bridge_pbn

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

LIN = Path(__file__).parent / "data" / "lin" / "vugraph.lin"


@pytest.fixture
def room(tmp_path: Path) -> Iterator[tuple[TestClient, Path]]:
    from cardroom.room.app import create_app

    db = tmp_path / "room.sqlite"
    with TestClient(create_app(f"sqlite:///{db}")) as c:
        yield c, db


def _stored(db: Path) -> dict[str, list[Any]]:
    """Every row of every table of the room's database."""
    with sqlite3.connect(db) as con:
        names = [r[0] for r in con.execute("select name from sqlite_master where type = 'table'")]
        return {n: sorted(map(repr, con.execute(f'select * from "{n}"'))) for n in names}


def test_an_uploaded_lin_is_reviewed_as_the_file(room: tuple[TestClient, Path]) -> None:
    client, db = room
    before = _stored(db)
    adapter, lines = review_path(LIN)
    expected = review_deal(adapter, lines[0])
    r = client.post("/api/review/file", json={"name": "vugraph.lin", "text": LIN.read_text(), "deal": lines[0].number})
    assert r.status_code == 200, r.text
    got = r.json()
    assert got["name"] == "vugraph.lin" and got["deals"] == [x.number for x in lines]
    assert got["cards"] == expected["cards"] and got["costly"] == expected["costly"]
    k = len(expected["cards"]) // 2
    w = client.post("/api/review/file", json={"name": "vugraph.lin", "text": LIN.read_text(),
                                              "deal": lines[0].number, "from": k, "cards": []})
    assert w.status_code == 200, w.text
    assert w.json()["position"] == what_if(adapter, lines[0], k, [])["position"]
    assert _stored(db) == before  # nothing stored
    assert client.get("/api/tables").json() == client.get("/api/tables").json()


def test_an_uploaded_pbn_marks_the_costly_lead_and_plays_a_what_if(room: tuple[TestClient, Path],
                                                                  tmp_path: Path) -> None:
    client, _ = room
    pbn = bridge_pbn(tmp_path).read_text(encoding="utf-8")
    r = client.post("/api/review/file", json={"name": "costly.pbn", "text": pbn})
    assert r.status_code == 200, r.text
    assert r.json()["costly"] == [0] and r.json()["cards"][0]["cost"] == 11
    w = client.post("/api/review/file", json={"name": "costly.PBN", "text": pbn, "from": 0, "cards": ["2C"]})
    assert w.status_code == 200, w.text
    assert w.json()["cards"][0]["after"] == 12 and w.json()["position"]["best"] == 1
    bad = client.post("/api/review/file", json={"name": "costly.pbn", "text": pbn, "from": 0, "cards": ["AS"]})
    assert bad.status_code == 400 and bad.json()["code"] == "review_refused"  # West holds no spade


@pytest.mark.parametrize(("body", "status", "code"), [
    ({"name": "x.lin", "text": "qx|o1|md|1S348JAH9D359QAC3Q,zz|" * 3}, 400, "review_file_refused"),
    ({"name": "x.pbn", "text": '[Deal "N:AKQ.x.y.z"]\n' + "x" * 5000}, 400, "review_file_refused"),
    ({"name": "x.lin", "text": "ÿþ not a record | at all ||"}, 400, "review_file_refused"),
    ({"name": "x.txt", "text": "whatever"}, 400, "review_file_refused"),
    ({"name": "x.lin", "text": "qx|o1|md|" + "Z" * 6000 + "|"}, 400, "review_file_refused"),  # a long quote, cut
    ({"name": "x.lin"}, 400, "review_file_bad"),
    ({"name": "", "text": "pc|S2|"}, 400, "review_file_bad"),
    ({"name": "x.lin", "text": 7}, 400, "review_file_bad"),
    ({"name": "x.pbn", "text": ""}, 400, "review_file_empty"),
    ({"name": "vugraph.lin", "text": LIN.read_text(), "deal": 99}, 404, "review_no_deal"),
    ({"name": "vugraph.lin", "text": LIN.read_text(), "deal": 0}, 400, "review_bad_deal"),
    ({"name": "vugraph.lin", "text": LIN.read_text(), "from": -1}, 400, "review_bad_from"),
    ({"name": "vugraph.lin", "text": LIN.read_text(), "from": 1, "cards": "AS"}, 400, "review_bad_cards"),
    ({"name": "big.lin", "text": "pc|S2|" * 3000}, 413, "too_large"),
])
def test_a_bad_upload_is_refused_clearly_and_nothing_is_stored(room: tuple[TestClient, Path], body: dict[str, Any],
                                                               status: int, code: str) -> None:
    client, db = room
    before = _stored(db)
    for lang in ("en", "ru"):
        r = client.post("/api/review/file", json=body, headers={"Accept-Language": lang})
        assert r.status_code == status, r.text
        answer = r.json()
        assert answer["code"] == code
        assert 0 < len(answer["detail"]) <= MAX_WHY + 200  # a clear message, its quote of the file bounded
        if lang == "ru" and status != 413:
            assert any("а" <= ch <= "я" for ch in answer["detail"].lower())
    assert _stored(db) == before


def test_a_damaged_file_never_breaks_the_room(room: tuple[TestClient, Path]) -> None:
    """The LIN file cut short, with bytes changed or pairs dropped: each is reviewed or refused (400, 404),
    never a failure of the room, and nothing is stored."""
    client, db = room
    before = _stored(db)
    text = LIN.read_text()
    rng = random.Random(17)
    seen = set()
    for _ in range(40):
        damaged = list(text)
        for _ in range(rng.randint(1, 6)):
            i = rng.randrange(len(damaged))
            damaged[i] = rng.choice("|,0123456789SHDCAKQJTpmcdx! ")
        cut = "".join(damaged)[: rng.randint(10, len(text))]
        r = client.post("/api/review/file", json={"name": "damaged.lin", "text": cut})
        assert r.status_code in (200, 400, 404), r.text
        if r.status_code != 200:
            assert len(r.json()["detail"]) <= MAX_WHY + 200
        seen.add(r.status_code)
    assert 400 in seen
    assert _stored(db) == before
