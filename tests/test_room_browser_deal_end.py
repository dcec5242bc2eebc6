"""The end of a deal in the browser (issue 14, point 1), in a real Chromium driven by Playwright: a deal is
played by clicking, then the table shows the deal's last trick whole, every hand, the tricks won (adding
up to the deal's tricks) and the result line, and deals nothing more until the player asks for the next
deal. Desktop in English and a 375×667 phone in Russian (no English word on the Russian page);
screenshots in tests/artifacts/ (``end-<game>-<lang>.png``)."""

from __future__ import annotations

import time
from typing import Any

import pytest

import browserkit
from browserkit import FAST, page_in, play_to_deal_end, server_fixture, shot, state
from cardroom.room.testing import ServerProcess
from test_room_browser import LATIN_WORDS, by_text, deal_of, grand_slam_by_north, open_table

TRICKS = {"bridge": 13, "euchre": 5}
EXPECT = {  # the result line as the page must write it, from the server's structured line
    "en": {"by": "by", "NS": "NS", "EW": "EW", "seats": "NESW", "NT": "NT"},
    "ru": {"by": "играл", "NS": "СЮ", "EW": "ВЗ", "seats": "СВЮЗ", "NT": "БК"},
}
SUITS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}


server = server_fixture("browser-end", bot_delay=0.0, limits=FAST, deal_wait=True)
browser = browserkit.browser


def expected_line(result: dict[str, Any], lang: str) -> str:
    e = EXPECT[lang]
    c = result["contract"]
    if c[:1].isdigit():
        doubled = c.lstrip("0123456789").lstrip("NTCDHS")
        words = {"X": " контра", "XX": " реконтра"} if lang == "ru" else {"X": "X", "XX": "XX"}
        c = c[0] + (e["NT"] if c[1:].startswith("NT") else SUITS[c[1]]) + words.get(doubled, "")
    else:
        c = SUITS.get(c, c)
    text = f"{c} {e['by']} {e['seats'][result['declarer']]}"
    if result["diff"] is not None:
        d = result["diff"]
        text += " " + ("=" if d == 0 else f"+{d}" if d > 0 else f"−{-d}")
    elif result["taken"] is not None:
        text += f": {result['taken']} " + ("взяток" if lang == "ru" else "tricks")
    if result["score"]:
        text += f", {e[result['score'][0]]} +{result['score'][1]}"
    return text


def choose(game: str, st: dict[str, Any]) -> int:
    d = deal_of(st)
    if game == "bridge" and d.get("phase") == "auction":
        return grand_slam_by_north(st)
    if game == "euchre" and d.get("phase") in ("round1", "round2"):
        pick = by_text(st, "pass")
        if pick is not None:
            return pick
    return int(st["legal"][0]["id"])


@pytest.mark.parametrize(("game", "lang", "phone"), [("bridge", "en", False), ("bridge", "ru", True),
                                                     ("euchre", "en", False), ("euchre", "ru", True)])
def test_the_end_of_a_deal_shows_its_last_trick_and_result(browser: Any, server: ServerProcess, game: str,
                                                           lang: str, phone: bool) -> None:
    with page_in(browser, server, lang, phone=phone) as pg:
        open_table(pg, server, game, name="Anna" if lang == "en" else "Анна")
        st = play_to_deal_end(pg, lambda s: choose(game, s), limit=120)
        end = st["deal_end"]
        # the last trick whole in the middle of the table, every card of it on the page
        last = end["last_trick"]
        assert len(last["plays"]) >= 3
        assert pg.inner_text("#trick-title") == ("Последняя взятка" if lang == "ru" else "Last trick")
        shown = pg.eval_on_selector_all("#trick .card", "els => els.map(e => e.dataset.card)")
        assert sorted(shown) == sorted(card for _, card in last["plays"]), (shown, last)
        # the tricks add up to the deal's
        assert sum(end["won"]) == TRICKS[game] == len(end["tricks"])
        assert pg.locator("#deal-end .prev-tricks li").count() == TRICKS[game]
        won = pg.inner_text("#end-tricks")
        if end["side_won"] is not None:
            ns, ew = end["side_won"]
            assert f"{EXPECT[lang]['NS']} {ns}" in won and f"{EXPECT[lang]['EW']} {ew}" in won, won
        # every hand at its place, the cards of the finished deal
        for seat, cards in end["hands"].items():
            if cards:
                n = pg.locator(f"[data-hand='{seat}'] .card").count()
                assert n == len(cards), (seat, n, cards)
        # the result line, as the server's structured result reads in the page's language
        line = pg.inner_text("#result-line")
        assert line == expected_line(end["result"], lang), (line, end["result"])
        if lang == "ru":
            bad = pg.evaluate(LATIN_WORDS, "#deal-end")
            assert bad == [], bad
        shot(pg, f"end-{game}-{lang}{'-phone' if phone else ''}")
        # nothing is dealt until the player asks
        seq = st["seq"]
        time.sleep(0.5)
        assert state(pg)["seq"] == seq
        pg.click("#next-deal")
        pg.wait_for_function(f"window.__cardroom.state.seq > {seq} && !window.__cardroom.state.deal_end")
        pg.wait_for_selector("#previous")  # the deal just finished stays reviewable
        assert pg.locator("#deal-end").count() == 0
