"""Misery bridge in the card room, in a real Chromium driven by Playwright: a table is opened from the lobby
with a bot opposite; at the first deal the person deals, he clicks two cards to discard, then "draw": the page
shows the discards face up on the table and his hand of thirteen with the two cards drawn from the reserve,
which his opponent's view never holds; he declares and the deal is played to its end. Screenshot:
tests/artifacts/misery-bridge-discard-draw.png."""

from __future__ import annotations

import time
from typing import Any

import browserkit
from browserkit import ARTIFACTS, FAST, STEP_TIMEOUT, server_fixture, state
from cardroom.room.testing import ServerProcess
from roomkit import hand_of
from test_room_browser import by_text, deal_of, open_table

WEST = 3  # West's table seat (N E S W): whose hand is played, as the common table names it

server = server_fixture("browser-misery", bot_delay=0.0, limits=FAST, deal_wait=True)
browser = browserkit.browser
SEED = 2032  # the cut gives the person (player 1) the first deal; the second is the bot's

def _wait_turn(pg: Any) -> dict[str, Any]:
    pg.wait_for_function(
        "() => { const s = window.__cardroom.state; if (!s) return false;"
        " if (s.deal_end && (s.awaited || []).includes(0)) return !!document.querySelector('#next-deal');"
        " return s.legal.length > 0 && document.querySelector('#table').dataset.seq == String(s.seq)"
        " && !!document.querySelector('[data-legal-id]:not([disabled])'); }")
    st: dict[str, Any] = state(pg)
    return st


def _click(pg: Any, st: dict[str, Any], aid: int) -> None:
    pg.locator(f"[data-legal-id='{aid}']").click()
    pg.wait_for_function(f"window.__cardroom.state.seq > {st['seq']}")


def test_misery_bridge_discard_and_draw_in_the_browser(browser: Any, server: ServerProcess) -> None:
    ctx = browser.new_context(bypass_csp=True, viewport={"width": 1100, "height": 900})
    pg = ctx.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.set_default_timeout(STEP_TIMEOUT)
    try:
        table = open_table(pg, server, "misery-bridge", seed=SEED)
        deadline = time.monotonic() + 150
        discarded: list[str] = []
        drawn_seen = False
        declared = False
        second = False
        dummy_cards: set[str] = set()
        while True:
            assert time.monotonic() < deadline, state(pg)["position"]
            st = _wait_turn(pg)
            if st["deal_end"] and 0 in st["awaited"]:
                if second:
                    break
                assert declared
                second = True  # the next deal: the bot deals, the person plays his hand and his dummy (West)
                pg.click("#next-deal")
                pg.wait_for_function(f"window.__cardroom.state.seq > {st['seq']}")
                continue
            d = deal_of(st)
            assert (d["dealer"] == "S") != second, "the person (player 1, South) deals the first deal of this seed"
            if second and d["phase"] == "play" and st["view"]["table"]["hand_to_play"] == WEST:
                if not dummy_cards:  # the person's dummy in a box of its own, its cards his to click
                    pg.screenshot(path=str(ARTIFACTS / "misery-bridge-dummy.png"), full_page=True)
                dummy_cards.update(x["text"] for x in st["legal"])
            if d["phase"] == "declare":
                texts = [x["text"] for x in st["legal"]]
                if not d["drawn"] and len(discarded) < 2 and any(len(x) <= 3 for x in texts):
                    card = sorted(hand_of(st) or [])[0]
                    discarded.append(card)
                    _click(pg, st, by_text(st, card) or -1)
                    continue
                if "draw" in texts:
                    assert "misery" not in texts  # no misery after a discard
                    _click(pg, st, by_text(st, "draw") or -1)
                    continue
                # drawn: the discards face up on the table, the hand thirteen again with the two drawn
                assert sorted(d["discards"]) == sorted(discarded)
                hand = hand_of(st) or []
                assert len(d["drawn"]) == 2 and len(hand) == 13
                assert set(d["drawn"]) <= set(hand) and not set(d["discards"]) & set(hand)
                open_cards = pg.eval_on_selector_all(".centre .discard [data-card]",
                                                     "els => els.map(e => e.dataset.card)")
                assert sorted(open_cards) == sorted(discarded), open_cards
                ARTIFACTS.mkdir(exist_ok=True)
                pg.screenshot(path=str(ARTIFACTS / "misery-bridge-discard-draw.png"), full_page=True)
                drawn_seen = True
                info = server_view(server, table)
                assert not set(d["drawn"]) & set(info), "the opponent's public view holds a drawn card"
                _click(pg, st, by_text(st, "make NT") or -1)
                declared = True
                continue
            _click(pg, st, int(st["legal"][0]["id"]))
        assert drawn_seen and declared and dummy_cards  # the dummy's cards were clicked on the page
        end = state(pg)["deal_end"]
        assert end and end.get("result"), end
    finally:
        ctx.close()
    assert errors == []


def server_view(server: ServerProcess, table: str) -> list[str]:
    """Every card the table's public information (what an onlooker is sent) names."""
    import json
    import re
    import urllib.request

    with urllib.request.urlopen(f"{server.base}/api/tables/{table}", timeout=10) as r:
        text = json.dumps(json.load(r))
    return re.findall(r"\b(?:10|[2-9TJQKA])[CDHS]\b", text)
