"""A preferans tournament of eight in the card room, in a real Chromium (issue 16 point 5): three players
registered on the room's page ``/club/tournament`` (reached from the lobby; its form, its script; computer
players play for them and fill the other places), which opens the director's page; the tables are room
tables seated by the movement table. After round 1 the director's page shows its protocol; once over,
the standings the printable page shows equal a recomputation from the tables' published records, fetched
one by one. The screenshot goes to tests/artifacts/."""

from __future__ import annotations

import json
import time
import urllib.request
from fractions import Fraction
from typing import Any

import browserkit
from browserkit import ARTIFACTS, FAST, STEP_TIMEOUT, server_fixture
from cardroom.club import tournament as tr
from cardroom.room.testing import ServerProcess

server = server_fixture("browser-tournament", bot_delay=0.0, limits=FAST)
browser = browserkit.browser


def _get(url: str) -> Any:
    with urllib.request.urlopen(url, timeout=60) as r:
        return json.loads(r.read())


def test_an_eight_player_tournament(browser: Any, server: ServerProcess) -> None:
    ctx = browser.new_context(viewport={"width": 1200, "height": 1200})
    try:
        page = ctx.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.set_default_timeout(STEP_TIMEOUT)
        page.goto(server.base + "/?lang=en")  # the lobby links to the registration page
        link = page.locator("#pref-tournament-link")
        assert link.text_content() == "a preferans tournament"
        link.click()
        page.wait_for_url("**/club/tournament?lang=*")
        page.select_option("select[name=participants]", "8")
        page.fill("input[name=players]", "Anna, Boris, Vera")  # registered; computer players play for them
        page.check("input[name=autoplay]")
        page.fill("input[name=deals]", "2")
        page.fill("input[name=seed]", "7")
        page.click("button[type=submit]")
        page.wait_for_url("**/club/tournaments/*")
        tid = page.url.split("/club/tournaments/")[1].split("?")[0]
        deadline = time.monotonic() + 300
        while len(_get(server.base + f"/api/club/tournaments/{tid}")["protocol"]) < 2 * 2:
            assert time.monotonic() < deadline
            time.sleep(0.2)
        page.reload()  # round 1 played: the director's page shows its protocol
        page.wait_for_selector("table.protocol")
        heads = page.eval_on_selector_all("h3", "hs => hs.map(h => h.textContent)")
        assert heads[:2] == ["── Round 1, table 1, set 1", "── Round 1, table 2, set 1"]
        names = page.eval_on_selector_all("table.standings tr",
                                          "rows => rows.slice(1).map(r => r.cells[2].textContent)")
        assert {"Anna", "Boris", "Vera"} <= set(names)
        deadline = time.monotonic() + 300
        while not (info := _get(server.base + f"/api/club/tournaments/{tid}"))["over"]:
            assert time.monotonic() < deadline
            time.sleep(0.3)
        assert info["failed"] is None and len(info["sittings"]) == 7 * 2
        sittings = [{**st, "late": False, "segments": [
            {"offset": sg["offset"], "boards": sg["boards"],
             "record": _get(server.base + f"/api/tables/{sg['table_id']}/record")} for sg in st["segments"]]}
            for st in info["sittings"]]
        data = {"format": tr.FORMAT, "players": info["players"], "options": {"deals": 2}, "sittings": sittings}
        _, expected = tr.recompute(data)
        page.reload()
        page.wait_for_selector("table.standings")
        rows = page.eval_on_selector_all(
            "table.standings tr", "rows => rows.slice(1).map(r => [...r.cells].map(c => c.textContent))")
        assert [(int(r[0]), int(r[1]), r[2], r[3]) for r in rows] == \
            [(s.place, s.number, s.name, tr.fmt(s.points)) for s in expected]
        assert info["players"][:3] == ["Anna", "Boris", "Vera"]
        assert len(page.query_selector_all("table.protocol")) == 7 * 2
        border = page.eval_on_selector("td", "td => getComputedStyle(td).borderTopStyle")
        assert border == "solid", "the page's style sheet is served and applied"
        # the arbiter's form: N of deal 1 at round 1, table 1 fully at fault → 40 % of the top, marked «*»
        page.fill("#ruling input[name=round]", "1")
        page.fill("#ruling input[name=table]", "1")
        page.fill("#ruling input[name=board]", "1")
        page.select_option("#ruling select[name=rule]", "adjusted")
        page.select_option("#ruling select[name=fault_N]", "full")
        with page.expect_navigation():
            page.click("#ruling button[type=submit]")
        page.wait_for_selector("table.protocol")
        cell = page.eval_on_selector("table.protocol tr:nth-child(2) td:nth-child(7)", "td => td.textContent")
        assert cell.endswith("*") and cell.split(" · ")[2] == tr.fmt(Fraction(2, 5) * 2) + "*", cell
        after = _get(server.base + f"/api/club/tournaments/{tid}")
        assert after["rulings"][0]["scores"][0] == {"kind": "artificial", "value": "2/5"}
        marked = page.eval_on_selector_all("table.protocol td", "tds => tds.filter(t => t.textContent.endsWith('*'))")
        assert len(marked) == 1
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "pref-tournament-8.png"), full_page=True)
        assert errors == []
    finally:
        ctx.close()
