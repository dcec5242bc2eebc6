"""A duplicate club evening of two tables in the card room, in a real Chromium (issue 15 point 3): the
evening is made on the room's page ``/club/evening`` (its form, its script); its tables are room tables created
with the movement's seats, computer players in every seat, each given the round's boards. Both tables
played the same boards (the hands in the tables' published records are one), and the standings the
printable card shows equal a recomputation from those records, fetched one by one. The screenshot goes to
tests/artifacts/."""

from __future__ import annotations

import json
import urllib.request
from typing import Any

import browserkit
from browserkit import ARTIFACTS, FAST, STEP_TIMEOUT, server_fixture
from cardroom.club.evening import dealt_boards, make_board, recompute
from cardroom.room.testing import ServerProcess

server = server_fixture("browser-evening", bot_delay=0.0, limits=FAST)
browser = browserkit.browser


def _get(url: str) -> Any:
    with urllib.request.urlopen(url, timeout=60) as r:
        return json.loads(r.read())


def test_a_duplicate_evening_of_two_tables(browser: Any, server: ServerProcess) -> None:
    ctx = browser.new_context(viewport={"width": 1000, "height": 1200})
    try:
        page = ctx.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.set_default_timeout(STEP_TIMEOUT)
        page.goto(server.base + "/club/evening?lang=en")
        page.select_option("select[name=movement]", "duplicate")
        page.fill("input[name=tables]", "2")
        page.select_option("select[name=game]", "auction-bridge")
        page.fill("input[name=seed]", "11")
        page.click("button[type=submit]")
        page.wait_for_selector("#status:not(:empty)")  # the page follows the rounds ...
        page.wait_for_url("**/club/evenings/*", timeout=240_000)  # ... and opens the card when all are over
        eid = page.url.split("/club/evenings/")[1].split("?")[0]
        info = _get(server.base + f"/api/club/evenings/{eid}")
        assert info["over"] and info["failed"] is None
        assert all(p.startswith("Bot ") for tb in info["tables"] for p in tb["seats"].values())
        data = _evening_from_records(server, info)
        boards = dealt_boards(data)
        assert sorted(boards) == list(range(1, 9))
        for number, plays in boards.items():  # every board at both tables, with the same cards
            assert sorted(t for _, t, _ in plays) == [1, 2]
            assert {hands for _, _, hands in plays} == {make_board(11, number).hands}
        expected = recompute(data)
        assert [(s["name"], s["points"]) for s in info["standings"]] == [(s.name, s.points) for s in expected]

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


def _evening_from_records(server: ServerProcess, info: dict[str, Any]) -> dict[str, Any]:
    """The evening's JSON rebuilt here from the room's own published records of its tables."""
    tables = []
    for tb in info["tables"]:
        segments = []
        for seg in tb["segments"]:
            record = _get(server.base + f"/api/tables/{seg['table_id']}/record")
            assert record["game"] == "auction-bridge" and record["options"]["draw_for_first_deal"] is False
            assert [a for a in record["actions"] if a.startswith("deal ")], "the table dealt its boards"
            turned = {"NESW"[s]: tb["seats"]["NESW"[(s + seg["offset"]) % 4]] for s in range(4)}
            assert record["players"] == turned, "the table is seated as the movement says"
            segments.append({"offset": seg["offset"], "boards": seg["boards"], "record": record})
        assert [b for seg in segments for b in seg["boards"]] == tb["boards"], "every board of the round played"
        tables.append({**{k: tb[k] for k in ("round", "table", "seats", "boards")}, "segments": segments})
    return {"format": "cardroom-evening", "kind": "duplicate", "game": "auction-bridge", "seed": 11,
            "options": {}, "tables": tables}
