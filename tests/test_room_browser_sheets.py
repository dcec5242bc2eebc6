"""Every game's end of a deal and its sheet in a real Chromium (issue 14 point 10 and its Done-when): a deal
is played by clicking until it ends; the end of the deal shows the result line the server wrote; after the
next deal is asked for, the sheet on the page shows the server's figures. Screenshots go to tests/artifacts/
(``end-<game>-<lang>.png``, ``sheet-<game>-<screen>-<lang>.png``)."""

from __future__ import annotations

import re
from typing import Any

import pytest

import test_room_browser_deal_end
from browserkit import ARTIFACTS, page_in, play_to_deal_end
from cardroom.room.testing import ServerProcess
from test_room_browser import by_text, check_euchre_sheet, open_table

server = test_room_browser_deal_end.server  # a real server whose bots play with no delay
browser = test_room_browser_deal_end.browser
CASES = [("bridge", {}, "desktop", "en"), ("auction-bridge", {}, "desktop", "en"),
         ("straight-bridge", {}, "desktop", "en"), ("preferans", {}, "desktop", "en"),
         ("preferans", {"variant": "sochi"}, "phone", "ru"),
         ("euchre", {}, "desktop", "en"), ("euchre", {}, "desktop", "ru"),
         ("euchre", {}, "phone", "en"), ("euchre", {}, "phone", "ru"),
         ("royal-bridge", {}, "desktop", "en"), ("royal-bridge", {}, "desktop", "ru")]


def _name(game: str, options: dict[str, Any]) -> str:
    return game + (f"-{options['variant']}" if "variant" in options else "")


def _choose(game: str, st: dict[str, Any]) -> int:
    if game == "auction-bridge":  # a grand slam in no trump at the first turn (nothing overcalls it), then pass
        pick = by_text(st, "7NT", "Pass")
        if pick is not None:
            return pick
    return test_room_browser_deal_end.choose(game, st)


def _shoot_sheet(pg: Any, path: str) -> None:
    """The sheet's picture; the bots' next moves redraw the page (the sheet itself stays as it is until the
    deal ends), so a picture of an element redrawn meanwhile is taken again."""
    for attempt in range(5):
        try:
            pg.locator("#sheet").screenshot(path=path, timeout=3000)
            return
        except Exception:
            if attempt == 4:
                raise


@pytest.mark.parametrize(("game", "options", "screen", "lang"), CASES,
                         ids=[f"{_name(g, o)}-{s}-{lg}" for g, o, s, lg in CASES])
def test_end_of_deal_and_sheet_show_the_servers_figures(browser: Any, server: ServerProcess, game: str,
                                                         options: dict[str, Any], screen: str, lang: str) -> None:
    name = _name(game, options)
    with page_in(browser, server, lang, phone=screen == "phone") as pg:
        open_table(pg, server, game, options or None, name="Anna" if lang == "en" else "Анна")
        st = play_to_deal_end(pg, lambda s: _choose(game, s))
        end = st["deal_end"]
        line = pg.inner_text("#result-line").strip()
        assert line, end["result"]
        score = (end.get("result") or {}).get("score")
        if score:  # the side's score the server wrote is the figure the line shows
            assert f"+{score[1]}" in line, (line, end["result"])
        ARTIFACTS.mkdir(exist_ok=True)
        if not (game == "euchre" or game == "bridge"):  # those two have their end pictures already
            pg.screenshot(path=str(ARTIFACTS / f"end-{name}-{lang}.png"), full_page=True)
        seq = st["seq"]
        pg.click("#next-deal")
        # (when our seat is dummy the bots may play the whole next deal at once: the sheet is read as it is then)
        pg.wait_for_function(f"window.__cardroom.state.seq > {seq}")
        pg.wait_for_function("() => document.querySelector('#table').dataset.seq"
                             " == String(window.__cardroom.state.seq)")
        # the state's sheet and the sheet drawn, read at one moment when the table shows that state (the bots
        # may go on meanwhile)
        sheet, text = pg.wait_for_function(
            "() => { const s = window.__cardroom.state;"
            " return document.querySelector('#table').dataset.seq == String(s.seq)"
            " ? [s.sheet, document.querySelector('#sheet').innerText] : null; }").json_value()
        if game == "euchre":
            assert len(check_euchre_sheet(pg)["hands"]) >= 1
        elif game == "preferans":
            rec = sheet["records"]
            drawn = pg.evaluate("() => [...document.querySelectorAll('#sheet text.pk-pulya')]"
                                ".map(e => [Number(e.dataset.seat), e.textContent])")
            want = [[s, ".".join(str(x) for x in xs) + "." if xs else "—"] for s, xs in enumerate(rec["pulya"])]
            assert sorted(drawn) == want
            assert sheet["deals"] >= 1
        else:
            totals = sheet.get("totals") or {}
            assert totals, sheet
            for side, n in totals.items():
                assert re.search(rf"(?<!\d){n}(?!\d)", text), (side, n, text)
            assert any(v for v in totals.values()), "a played deal wrote on the sheet"
        _shoot_sheet(pg, str(ARTIFACTS / f"sheet-{name}-{screen}-{lang}.png"))
