"""The records page's review (issue 17, point 5) in the browser: a finished euchre match's deal reviewed
with open cards, the costly cards marked as the server's review says, and a what-if played from a point."""

from __future__ import annotations

import json
import time
import urllib.request
from typing import Any

import browserkit
from browserkit import FAST, page_in, server_fixture, shot
from cardroom.room.testing import ServerProcess
from test_room_browser import LATIN_WORDS, PHONE_PROBLEMS

server = server_fixture("review", "review-server-stderr.log", bot_delay=0.0, limits=FAST)
browser = browserkit.browser


def call(srv: ServerProcess, method: str, path: str, body: Any = None, token: str | None = None) -> Any:
    headers = {"Content-Type": "application/json"} if body is not None else {}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    req = urllib.request.Request(srv.base + path, method=method, headers=headers,
                                 data=None if body is None else json.dumps(body).encode())
    with urllib.request.urlopen(req, timeout=60) as r:
        return json.load(r)


def _shows_the_review(pg: Any, within: str, expected: dict[str, Any]) -> None:
    """The review shown (the button ``within`` clicked) is the server's: its cards, values and costly cards."""
    pg.wait_for_selector(f"{within}#review-show")
    pg.click(f"{within}#review-show")
    pg.wait_for_selector("#review-out .review-cards tr:nth-child(2)")
    rows = pg.eval_on_selector_all("#review-out .review-cards tr", "els => els.slice(1).map(e => ["
                                   "[...e.children].map(c => c.textContent), e.classList.contains('costly')])")
    assert [r[0][2] for r in rows] == [c["card"] for c in expected["cards"]]
    assert [r[0][4] for r in rows] == [str(c["after"]) for c in expected["cards"]]
    assert [i for i, r in enumerate(rows) if r[1]] == expected["costly"]


def test_the_records_page_reviews_a_deal_and_plays_a_what_if(browser: Any, server: ServerProcess) -> None:
    made = call(server, "POST", "/api/tables", {"game": "euchre", "options": {}, "seed": 3, "practice": True})
    table = made["id"]
    call(server, "POST", f"/api/tables/{table}/bots", {}, made["owner_token"])
    deadline = time.monotonic() + 120
    while not call(server, "GET", f"/api/tables/{table}")["over"]:
        assert time.monotonic() < deadline
        time.sleep(0.2)
    expected = call(server, "GET", f"/api/tables/{table}/review?deal=1")
    with page_in(browser, server, lang="en") as pg:
        pg.goto(f"{server.base}/?page=records&table={table}")
        _shows_the_review(pg, "", expected)
        shot(pg, "review-records")
        pg.fill("#whatif-from", "2")
        pg.fill("#whatif-cards", expected["cards"][2]["card"])
        pg.click("#whatif-run")
        pg.wait_for_selector("#whatif-position")
        w = call(server, "POST", f"/api/tables/{table}/review/whatif",
                 {"deal": 1, "from": 2, "cards": [expected["cards"][2]["card"]]})
        text = pg.inner_text("#whatif-position")
        assert text.startswith(f"{w['position']['seat']} to play") and f": {w['position']['best']} · " in text
    with page_in(browser, server, lang="ru", phone=True) as pg:
        pg.goto(f"{server.base}/?page=records&table={table}")
        pg.wait_for_selector("#review-show")
        assert pg.inner_text("#review-show") == "Разобрать сдачу"
        pg.click("#review-show")
        pg.wait_for_selector("#review-out .review-cards tr:nth-child(2)")
        assert pg.evaluate(PHONE_PROBLEMS) == []  # nothing cut off, no sideways scroll
        assert pg.evaluate(LATIN_WORDS, "#review") == []  # seats, cards and sides are the record's notation
        shot(pg, "review-records-phone-ru")


def test_the_records_page_reviews_an_uploaded_lin_file(browser: Any, server: ServerProcess) -> None:
    """A .lin file chosen on the records page is reviewed by the room (nothing stored): its rows are the
    API's review of the same file, the costly cards marked; a what-if from it is answered."""
    from pathlib import Path

    lin = Path(__file__).parent / "data" / "lin" / "vugraph.lin"
    expected = call(server, "POST", "/api/review/file", {"name": "vugraph.lin", "text": lin.read_text()})
    assert expected["cards"]
    with page_in(browser, server, lang="en") as pg:
        pg.goto(f"{server.base}/?page=records")
        pg.wait_for_selector("#review-file")
        pg.set_input_files("#review-file", str(lin))
        _shows_the_review(pg, "#review-upload-panel ", expected)
        assert pg.get_attribute("#review-deal", "max") == str(max(expected["deals"]))
        pg.fill("#whatif-from", "1")
        pg.click("#whatif-run")
        pg.wait_for_selector("#whatif-position")
        w = call(server, "POST", "/api/review/file", {"name": "vugraph.lin", "text": lin.read_text(), "from": 1})
        assert pg.inner_text("#whatif-position").startswith(f"{w['position']['seat']} to play")
        shot(pg, "review-upload")
    with page_in(browser, server, lang="ru", phone=True) as pg:
        pg.goto(f"{server.base}/?page=records")
        pg.wait_for_selector("#review-file")
        assert pg.inner_text("#review-upload h2") == "Разобрать файл записи (.lin, .pbn)"
        assert pg.evaluate(PHONE_PROBLEMS) == []
        assert pg.evaluate(LATIN_WORDS, "#review-upload") == []
