"""The F2 preferans sheet in a real Chromium (issue 16 point 2): a table of the F2 variant is opened, a deal is
played by clicking until it ends, and after the next deal the page's F2 sheet (``prefF2Sheet``: per player the
whists on the player before him, his contracts column, his whists on the players after him; one line per deal)
shows the server's figures cell by cell. Screenshot: tests/artifacts/sheet-preferans-f2-desktop-ru.png."""

from __future__ import annotations

from typing import Any

import test_room_browser_deal_end
from browserkit import ARTIFACTS, page_in, play_to_deal_end, state
from cardroom.room.testing import ServerProcess
from test_room_browser import open_table

server = test_room_browser_deal_end.server  # a real server whose bots play with no delay
browser = test_room_browser_deal_end.browser


def test_the_f2_sheet_shows_the_servers_contracts_and_whists(browser: Any, server: ServerProcess) -> None:
    with page_in(browser, server, "ru") as pg:
        open_table(pg, server, "preferans", {"variant": "foreign-f2"}, name="Анна")
        st = play_to_deal_end(pg, lambda s: test_room_browser_deal_end.choose("preferans", s))
        assert pg.inner_text("#result-line").strip(), st["deal_end"]
        seq = st["seq"]
        pg.click("#next-deal")
        pg.wait_for_function(f"window.__cardroom.state.seq > {seq}")
        pg.wait_for_function("() => document.querySelector('#table').dataset.seq"
                             " == String(window.__cardroom.state.seq)")
        sheet = state(pg)["sheet"]
        assert sheet["kind"] == "f2" and sheet["start"] == -30 and sheet["deals"] >= 1
        rows = pg.evaluate("() => [...document.querySelectorAll('#sheet table.pref-f2 tbody tr')].map(tr =>"
                           " [...tr.querySelectorAll('td')].map(td => [td.className, Number(td.dataset.seat),"
                           " td.dataset.on === undefined ? null : Number(td.dataset.on), td.textContent]))")
        assert len(rows) == len(sheet["lines"])
        n = sheet["players"]
        for row, line in zip(rows, sheet["lines"], strict=True):
            assert len(row) == n * n
            for cls, seat, on, text in row:
                if line["event"] in ("passed", "refets"):
                    assert text == "—"
                elif cls == "f2-contracts":
                    v = line["contracts"][seat]
                    assert text.rstrip("∩∪®") == ("" if v is None else str(v)), (line, seat, text)
                else:
                    v = line["whists"][seat][on]
                    assert text == ("" if v is None else str(v)), (line, seat, on, text)
        assert [c[3] for c in rows[0] if c[0] == "f2-contracts"] == ["-30"] * n  # «размер пульки»
        totals = pg.evaluate("() => [...document.querySelectorAll('#sheet tfoot th.f2-contracts')]"
                             ".map(th => Number(th.textContent))")
        assert totals == sheet["contracts"]
        live = pg.evaluate("() => [...document.querySelectorAll('#sheet .live-balance')]"
                           ".map(e => Number(e.dataset.balance))")
        assert live == sheet["live"] and abs(sum(live)) < 1e-6
        ARTIFACTS.mkdir(exist_ok=True)
        pg.locator("#sheet").screenshot(path=str(ARTIFACTS / "sheet-preferans-f2-desktop-ru.png"))
