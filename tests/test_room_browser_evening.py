"""A duplicate club evening of two tables in the card room, in a real Chromium (issue 15 point 3): the
evening is made through the room's API and played by computer players; both tables played the same
boards (the hands in the tables' JSON records are one), and the standings the printable card shows equal
a recomputation from those records. The screenshot goes to tests/artifacts/."""

from __future__ import annotations

import json
import urllib.request
from typing import Any

import test_room_browser
from cardroom.club.evening import dealt_boards, make_board, recompute
from cardroom.room.testing import ServerProcess
from test_room_browser import ARTIFACTS, STEP_TIMEOUT

server = test_room_browser.server
browser = test_room_browser.browser


def _post(url: str, body: dict[str, Any]) -> dict[str, Any]:
    req = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST",
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=120) as r:
        assert r.status == 201
        got: dict[str, Any] = json.loads(r.read())
        return got


def test_a_duplicate_evening_of_two_tables(browser: Any, server: ServerProcess) -> None:
    made = _post(server.base + "/api/club/evenings",
                 {"movement": "duplicate", "tables": 2, "game": "auction-bridge", "seed": 11, "players": ["Ann"]})
    record = made["record"]
    boards = dealt_boards(record)
    assert sorted(boards) == list(range(1, 9))
    for number, plays in boards.items():  # every board at both tables, with the same cards
        assert sorted(t for _, t, _ in plays) == [1, 2]
        assert {hands for _, _, hands in plays} == {make_board(record["seed"], number).hands}
    expected = recompute(record)
    assert "Ann" in record["players"] and any("Bot" in p for p in record["players"])

    ctx = browser.new_context(viewport={"width": 1000, "height": 1200})
    try:
        page = ctx.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.set_default_timeout(STEP_TIMEOUT)
        page.goto(server.base + made["card"] + "?lang=en")
        page.wait_for_selector("table.standings")
        rows = page.eval_on_selector_all(
            "table.standings tr", "rows => rows.slice(1).map(r => [...r.cells].map(c => c.textContent))")
        shown = [(name, direction, int(points)) for _, name, direction, points in rows]
        assert shown == [(s.name, s.direction, s.points) for s in expected]
        rounds = page.eval_on_selector_all("h2", "hs => hs.map(h => h.textContent)")
        assert rounds[:2] == ["Round 1", "Round 2"]
        color = page.eval_on_selector("th", "th => getComputedStyle(th).backgroundColor")
        assert color == "rgb(238, 238, 238)", "the card's style sheet is served and applied"
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "club-evening-duplicate.png"), full_page=True)
        assert errors == []
    finally:
        ctx.close()
