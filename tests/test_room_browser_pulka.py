"""The pulka drawn in the browser as on paper (issue 14 point 10), in a real Chromium: an SVG with one
sector per player around the centre (the agreed pulya), in each the gora, the pulya and the whists on
each opponent as running records, and the live settlement under it. Every number drawn equals the
server's own sheet — rebuilt here from the actions the server stored (``to_dict`` records,
``settle`` balances) — on a desktop and on a 375×667 phone, in English and in Russian, three and four
players. Screenshots go to tests/artifacts/."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

import test_room_browser
from browserkit import ARTIFACTS, STEP_TIMEOUT, state
from cardroom.games import load
from cardroom.games.preferans.scoring import num
from cardroom.room.testing import ServerProcess
from test_room_browser import (
    by_text,
    deal_of,
    open_table,
    play,
    replay_texts,
    stored_actions,
)

server = test_room_browser.server  # the browser tests' real server and Chromium, one per module
browser = test_room_browser.browser
CASES = [("desktop", "en", 3), ("desktop", "ru", 4), ("phone", "ru", 3), ("phone", "en", 4)]
VIEWPORTS = {"desktop": {"width": 1100, "height": 900}, "phone": {"width": 375, "height": 667}}


@pytest.fixture()
def make_page(browser: Any, server: ServerProcess) -> Iterator[Any]:
    made: list[tuple[Any, list[str]]] = []

    def make(screen: str, lang: str) -> Any:
        ctx = browser.new_context(bypass_csp=True, viewport=VIEWPORTS[screen],
                                  locale="ru-RU" if lang == "ru" else "en-US", is_mobile=screen == "phone")
        pg = ctx.new_page()
        errors: list[str] = []
        pg.on("pageerror", lambda e: errors.append(str(e)))
        pg.set_default_timeout(STEP_TIMEOUT)
        pg.goto(server.base + "/")
        pg.wait_for_selector("#lang")
        pg.evaluate(f"localStorage.setItem('cardroom:lang', '{lang}')")
        pg.reload()
        made.append((ctx, errors))
        return pg

    yield make
    for ctx, errors in made:
        ctx.close()
        assert errors == [], f"JavaScript errors on the page: {errors}"


def _chain(xs: list[Any]) -> str:
    return ".".join(f"{x:g}" if isinstance(x, float) else str(x) for x in xs) + "." if xs else "—"


@pytest.mark.parametrize(("screen", "lang", "players"), CASES, ids=[f"{s}-{lang}-{n}" for s, lang, n in CASES])
def test_the_drawn_pulka_is_the_servers_sheet(make_page: Any, server: ServerProcess, screen: str, lang: str,
                                              players: int) -> None:
    options = {"variant": "sochi", "players": players}
    pg = make_page(screen, lang)
    table = open_table(pg, server, "preferans", options, name="Анна" if lang == "ru" else "Anna")

    def choose(st: dict[str, Any]) -> int:
        pick = by_text(st, "pass") if deal_of(st)["phase"] == "auction" else None
        if pick is None:
            pick = by_text(st, "whist")
        return int(st["legal"][0]["id"]) if pick is None else pick

    play(pg, choose, lambda s: s["sheet"]["deals"] >= 2, limit=120)
    pg.wait_for_function("() => { const s = window.__cardroom.state;"
                         " return document.querySelector('#table').dataset.seq == String(s.seq); }")
    st = state(pg)
    seq = st["seq"]
    got = pg.evaluate("""() => {
        const svg = document.querySelector('#sheet svg.pulka-drawing');
        const all = (cls) => [...svg.querySelectorAll('text.' + cls)].map(e => ({
            seat: Number(e.dataset.seat), on: e.dataset.on == null ? null : Number(e.dataset.on),
            text: e.textContent}));
        return {gora: all('pk-gora'), pulya: all('pk-pulya'), whist: all('pk-whist'),
                length: svg.querySelector('text.pk-length').textContent,
                sectors: svg.querySelectorAll('line.pk-border').length,
                live: [...document.querySelectorAll('#sheet .pulka-live .live-balance')].map(e => ({
                    seat: Number(e.dataset.seat), balance: e.dataset.balance, text: e.textContent}))};
    }""")
    ARTIFACTS.mkdir(exist_ok=True)  # the sheet alone: a small picture
    picture = ARTIFACTS / f"preferans-pulka-{screen}-{lang}-{players}.png"
    pg.locator("#sheet svg.pulka-drawing").screenshot(path=str(picture))
    # the server's sheet at that moment, rebuilt from what it stored
    actions = stored_actions(server, table)[:seq]
    server_state = replay_texts(load("preferans", **options), actions)
    d = server_state.sheet.to_dict()
    rec = d["records"]
    assert d["deals"] >= 2 and got["length"] == str(d["pulya_length"]) and got["sectors"] == players
    assert sorted((x["seat"], x["text"]) for x in got["gora"]) == [(s, _chain(rec["gora"][s])) for s in range(players)]
    assert sorted((x["seat"], x["text"]) for x in got["pulya"]) == [(s, _chain(rec["pulya"][s]))
                                                                     for s in range(players)]
    whists = sorted((x["seat"], x["on"], x["text"].rsplit(": ", 1)[1]) for x in got["whist"])
    assert whists == [(s, o, _chain(rec["whists"][s][o])) for s in range(players) for o in range(players) if o != s]
    balance = [str(num(b)) for b in server_state.sheet.settle().balance]  # as JavaScript writes the number
    assert [x["seat"] for x in got["live"]] == list(range(players))
    assert [x["balance"] for x in got["live"]] == balance
    assert any(rec["pulya"][s] or rec["gora"][s] for s in range(players)), "two deals wrote on the pulka"
