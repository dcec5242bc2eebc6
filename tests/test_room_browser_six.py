"""A six-handed club evening in the card room, in a real Chromium (issue 15 point 3; document 000 §6.9): the
evening is made on the room's page ``/club/evening``; its three rubbers A–B, A–C and B–C are three room
tables at once, seated by :func:`cardroom.club.movements.six_seats` (the command line's seating), computer
players in every seat. The page lists the three tables while they play, each linked to its room table;
the printable card it opens shows the three rubbers and standings equal to a recomputation from the
tables' published records, fetched one by one. The screenshot goes to tests/artifacts/."""

from __future__ import annotations

import json
import urllib.request
from typing import Any

import browserkit
from browserkit import ARTIFACTS, FAST, STEP_TIMEOUT, server_fixture
from cardroom.club.evening import recompute
from cardroom.club.movements import six_seats
from cardroom.room.testing import ServerProcess

server = server_fixture("browser-six", bot_delay=0.02, limits=FAST)
browser = browserkit.browser
PLAYERS = [f"Bot {i}" for i in range(1, 7)]


def _get(url: str) -> Any:
    with urllib.request.urlopen(url, timeout=60) as r:
        return json.loads(r.read())


def test_a_six_handed_evening_of_three_tables(browser: Any, server: ServerProcess) -> None:
    ctx = browser.new_context(viewport={"width": 1000, "height": 1200})
    try:
        page = ctx.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.set_default_timeout(STEP_TIMEOUT)
        page.goto(server.base + "/club/evening?lang=en")
        page.select_option("select[name=movement]", "six-handed")
        page.fill("input[name=seed]", "7")
        page.click("button[type=submit]")
        page.wait_for_selector("#tables li:nth-child(3)", timeout=120_000)  # the three rubbers' tables at once
        lines = page.eval_on_selector_all(
            "#tables li", "ls => ls.map(l => [l.textContent, l.querySelector('a')?.getAttribute('href')])")
        assert page.text_content("#status").startswith("The tables are playing: deal "), "a deal at a time"
        expected = []
        for n, key in enumerate((("A", "B"), ("A", "C"), ("B", "C"))):
            north, east, south, west = six_seats(PLAYERS, key)
            expected.append(f"Table {n + 1}: {north} & {south} against {east} & {west} watch")
        assert sorted(text for text, _ in lines) == sorted(expected)
        assert all(href and href.startswith("/?table=") for _, href in lines), "each a link to its room table"
        page.wait_for_url("**/club/evenings/*", timeout=300_000)  # the card, once every rubber table is over
        eid = page.url.split("/club/evenings/")[1].split("?")[0]
        info = _get(server.base + f"/api/club/evenings/{eid}")
        assert info["over"] and info["failed"] is None and info["kind"] == "six-handed"
        assert sorted(tuple(tb["pairs"]) for tb in info["tables"]) == [("A", "B"), ("A", "C"), ("B", "C")]
        data = _evening_from_records(server, info)
        standings = recompute(data)
        assert [(s["name"], s["points"]) for s in info["standings"]] == [(s.name, s.points) for s in standings]
        assert {s.name for s in standings} == {"Bot 1 & Bot 2", "Bot 3 & Bot 4", "Bot 5 & Bot 6"}

        page.wait_for_selector("table.standings")
        heads = page.eval_on_selector_all("h2", "hs => hs.map(h => h.textContent)")
        assert heads[:3] == ["Rubber A–B", "Rubber A–C", "Rubber B–C"] and "Standings" in heads
        rows = page.eval_on_selector_all(
            "table.standings tr", "rows => rows.slice(1).map(r => [...r.cells].map(c => c.textContent))")
        assert [(name, int(points)) for _, name, _, points in rows] == [(s.name, s.points) for s in standings]
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "club-evening-six.png"), full_page=True)
        assert errors == []
    finally:
        ctx.close()


def _evening_from_records(server: ServerProcess, info: dict[str, Any]) -> dict[str, Any]:
    """The six-handed evening's JSON rebuilt here from the room's published records of its rubber tables."""
    rubbers = []
    for tb in info["tables"]:
        segments = []
        for seg in tb["segments"]:
            record = _get(server.base + f"/api/tables/{seg['table_id']}/record")
            assert record["game"] == "straight-bridge"
            assert record["players"] == dict(zip("NESW", six_seats(PLAYERS, tb["pairs"]), strict=True))
            segments.append({"offset": 0, "boards": seg["boards"], "record": record})
        rubbers.append({"pairs": tb["pairs"], "segments": segments})
    return {"format": "cardroom-evening", "kind": "six-handed", "game": "straight-bridge", "seed": 7,
            "options": {}, "rubbers": rubbers}
