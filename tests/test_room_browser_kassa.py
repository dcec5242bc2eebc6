"""The Greek cash box drawn in the browser (document 004 §10.4, issue 16 point 4), in a real Chromium: a section
per player (four in a cross) with his box and his chips as written, one number a deal, then the count in chips
and money. Every number drawn equals the server's own sheet, rebuilt here from the actions the server stored,
in English and Russian, three and four players. Screenshots go to tests/artifacts/."""

from __future__ import annotations

from typing import Any

import pytest

import test_room_browser
import test_room_browser_pulka
from browserkit import ARTIFACTS, state
from cardroom.games import load
from cardroom.room.testing import ServerProcess
from test_room_browser import by_text, deal_of, open_table, play, replay_texts, stored_actions

server = test_room_browser.server
browser = test_room_browser.browser
make_page = test_room_browser_pulka.make_page  # the page, with its JavaScript errors checked
VIEWPORTS = test_room_browser_pulka.VIEWPORTS
CASES = [("desktop", "en", 3), ("phone", "ru", 4)]


@pytest.mark.parametrize(("screen", "lang", "players"), CASES, ids=[f"{s}-{lang}-{n}" for s, lang, n in CASES])
def test_the_drawn_cash_box_is_the_servers_sheet(make_page: Any, server: ServerProcess, screen: str, lang: str,
                                                 players: int) -> None:
    assert screen in VIEWPORTS
    options = {"variant": "greek", "players": players}
    pg = make_page(screen, lang)
    table = open_table(pg, server, "preferans", options, name="Анна" if lang == "ru" else "Anna")

    def choose(st: dict[str, Any]) -> int:
        pick = by_text(st, "pass") if deal_of(st)["phase"] == "auction" else None
        if pick is None:
            pick = by_text(st, "whist")
        return int(st["legal"][0]["id"]) if pick is None else pick

    play(pg, choose, lambda s: s["sheet"]["deals"] >= 3 and any(s["sheet"]["chips"]), limit=180)
    pg.wait_for_function("() => { const s = window.__cardroom.state;"
                         " return document.querySelector('#table').dataset.seq == String(s.seq); }")
    st = state(pg)
    seq = st["seq"]
    got = pg.evaluate("""() => {
        const sheet = document.querySelector('#sheet .kassa-sheet');
        const secs = [...sheet.querySelectorAll('.kassa-section')].map(e => ({
            seat: Number(e.dataset.seat),
            kassa: e.querySelector('.kassa-box .chain').textContent, box: e.querySelector('.kassa-box').dataset.kassa,
            chips: e.querySelector('.kassa-chips .chain').textContent,
            total: e.querySelector('.kassa-chips').dataset.chips}));
        const rows = [...sheet.querySelectorAll('table.kassa-count tbody tr')]
            .map(r => r.querySelector('td.chips').textContent);
        return {secs, rows, title: sheet.querySelector('p').textContent};
    }""")
    ARTIFACTS.mkdir(exist_ok=True)
    pg.locator("#sheet .kassa-sheet").screenshot(path=str(ARTIFACTS / f"preferans-kassa-{screen}-{lang}-{players}.png"))
    actions = stored_actions(server, table)[:seq]
    server_state = replay_texts(load("preferans", **options), actions)
    d = server_state.sheet.to_dict()
    assert d["kind"] == "kassa" and d["deals"] >= 3
    rec = d["records"]
    assert [x["seat"] for x in got["secs"]] == list(range(players))
    for x in got["secs"]:
        s = x["seat"]
        assert x["kassa"] == ". ".join(map(str, rec["kassa"][s])) and x["box"] == str(d["kassa"][s])
        assert x["chips"] == ". ".join(map(str, rec["chips"][s])) and x["total"] == str(d["chips"][s])
    assert got["rows"] == [f"{'+' if c > 0 else ''}{c}" for c in d["chips"]]
    assert sum(d["chips"]) == 0 and any(d["chips"])
    assert ("Касса" if lang == "ru" else "Box") in got["title"]
