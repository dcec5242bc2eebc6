"""The table's texts in the browser (issue 14, point 7), in a real Chromium: the bridge sheet draws its line
even when a section is empty (a penalty above it never reads as trick points); preferans players are
named, not numbered, in play; each preferans variant is called by the game's own title (no "Leningrad
(Piter)" beside "Piter"); an invited player is asked his name; "link copied" only when it was."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import test_room_browser as rb
from browserkit import STEP_TIMEOUT, shot
from cardroom.games.preferans.variants import VARIANTS
from cardroom.room.testing import ServerProcess
from test_room_browser import api, open_table

server, browser, page = rb.server, rb.browser, rb.page  # the browser tests' fixtures

I18N = Path(__file__).parents[1] / "src" / "cardroom" / "room" / "static" / "i18n.js"


def test_the_bridge_sheet_draws_its_line_when_a_section_is_empty(page: Any, server: ServerProcess) -> None:
    page.goto(server.base + "/")
    page.wait_for_selector("#open-table")
    got = page.evaluate("""async () => {
        const m = await import('/static/sheets.js');
        const box = document.createElement('div');
        document.body.append(box);
        const out = {};
        for (const [name, below] of [['penalty', false], ['partscore', true]]) {
            const el = m.bridgeSheet({lines: [{side: 'EW', points: 250, below, kind: below ? 'tricks' : 'undertricks',
                                               deal: 1, game: 1}], totals: {NS: 0, EW: 250}, games: []}, 'NS');
            box.append(el);
            const b = el.querySelector('tbody.below').getBoundingClientRect();
            const e = el.querySelector('.entry').getBoundingClientRect();
            out[name] = {line: parseFloat(getComputedStyle(el.querySelector('tbody.below')).borderTopWidth),
                         belowRows: el.querySelectorAll('tbody.below tr').length, lineY: b.top,
                         entryBottom: e.bottom, entryTop: e.top};
        }
        return out;
    }""")
    pen, part = got["penalty"], got["partscore"]
    assert pen["belowRows"] >= 1 and pen["line"] >= 2, pen
    assert pen["entryBottom"] <= pen["lineY"] + 1, "the 250 penalty is drawn above the line"
    assert part["entryTop"] >= part["lineY"] - 1, "trick points are drawn below the line"


def test_preferans_players_are_named_in_play(page: Any, server: ServerProcess) -> None:
    open_table(page, server, "preferans", name="Anna")
    page.wait_for_function("window.__cardroom.state && window.__cardroom.state.legal.length > 0")
    names = page.eval_on_selector_all(".seat-name b", "els => els.map(e => e.textContent)")
    assert len(names) == 3 and not any(re.fullmatch(r"\d+", n) for n in names), names
    assert "Anna" in names
    calls = page.eval_on_selector_all("#bidding li", "els => els.map(e => e.textContent)")
    assert not any(re.match(r"\d+:", c) for c in calls), calls
    shot(page, "preferans-named-players")


def test_every_preferans_variant_has_the_games_own_title() -> None:
    text = I18N.read_text(encoding="utf-8")
    en, ru = text.index("  en: {"), text.index("  ru: {")
    for name, v in VARIANTS.items():
        for lang, start, want in (("en", en, v.title_en), ("ru", ru, v.title_ru)):
            block = text[start:ru] if lang == "en" else text[ru:]
            m = re.search(rf"\"?variant_{re.escape(name)}\"?: (\"[^\"]*\")", block)  # a key with a dash is quoted
            assert m is not None and json.loads(m.group(1)) == want, (name, lang, m and m.group(1), want)
    assert "(Piter)" not in text and "(Питер)" not in text


CLIPBOARD = """Object.defineProperty(navigator, 'clipboard', {configurable: true, value: {
    writeText: () => window.__clipOk ? Promise.resolve() : Promise.reject(new Error('denied'))}});"""


def test_an_invitation_says_copied_only_when_it_was_and_asks_the_name(browser: Any, page: Any,
                                                                       server: ServerProcess) -> None:
    page.add_init_script(CLIPBOARD)
    page.goto(server.base + "/")
    page.wait_for_selector("#open-table")
    page.select_option("#game", "bridge")
    page.click("#open-table")
    page.wait_for_selector("[data-invite='1']")
    table = re.search(r"table=([^&]+)", page.url).group(1)  # type: ignore[union-attr]
    page.click("[data-invite='1']")
    page.wait_for_selector("#invite-url[data-copied='false']")
    assert page.inner_text("#invite-url").startswith("Copy this invitation link:")
    page.evaluate("window.__clipOk = true")
    page.click("[data-invite='2']")
    page.wait_for_selector("#invite-url[data-copied='true']")
    assert page.inner_text("#invite-url").startswith("Invitation link copied:")
    link = page.get_attribute("#invite-url a", "href")
    assert link
    other = browser.new_context(bypass_csp=True, locale="ru-RU")
    guest = other.new_page()
    try:
        guest.goto(server.base + "/")
        guest.evaluate("localStorage.setItem('cardroom:lang', 'ru')")
        guest.goto(link)
        guest.wait_for_selector("#join-form")
        assert guest.inner_text("#join-form h2") == "Вас пригласили за стол"
        shot(guest, "invited-asks-name-ru")
        guest.click("#join-sit")  # no name yet: nothing is sent
        assert api(server, f"/api/tables/{table}")["seats"][2]["kind"] == "invited"
        guest.fill("#join-name", "Борис")
        guest.click("#join-sit")
        guest.wait_for_function("window.__cardroom.state && window.__cardroom.state.seat === 2")
        assert api(server, f"/api/tables/{table}")["seats"][2]["name"] == "Борис"
    finally:
        other.close()


_LATIN = re.compile(r"[A-Za-z]")


def test_a_russian_bridge_table_writes_its_calls_and_sheet_in_russian(browser: Any, server: ServerProcess) -> None:
    """Issue 14 point 5, the bridges in the browser: on a Russian page the auction's columns are С В Ю З,
    the calls made and the bidding box's buttons (their texts and their tooltips) are in the Russian
    notation of docs/notation.md (no Latin letter), the old bridges' calls too, and the sheet's sides are
    СЮ and ВЗ."""
    ctx = browser.new_context(bypass_csp=True, locale="ru-RU")
    pg = ctx.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.set_default_timeout(STEP_TIMEOUT)
    try:
        open_table(pg, server, "bridge", seed=2026)
        pg.wait_for_function("() => { const s = window.__cardroom.state; return s && s.to_act === 0"
                             " && s.legal.length > 0"
                             " && document.querySelector('#table').dataset.seq == String(s.seq); }")
        box = pg.eval_on_selector_all("#bidding-box [data-call]",
                                      "els => els.map(e => [e.dataset.call, e.textContent, e.title])")
        words = {c: x for c, x, _ in box}
        assert (words["Pass"], words["X"], words["XX"]) == ("Пас", "Контра", "Реконтра"), words
        assert [x for _, x, tip in box if _LATIN.search(x + tip)] == [], box
        assert {c[1:]: x[1:] for c, x, _ in box if c[0].isdigit()} == \
            {"C": "♣", "D": "♦", "H": "♥", "S": "♠", "NT": "БК"}
        shot(pg, "bridge-ru-bidding-box")
        before = pg.eval_on_selector_all("#bidding table.auction td", "els => els.filter(e => e.textContent).length")
        pg.click("#bidding-box [data-call='Pass']")
        pg.wait_for_function(f"() => [...document.querySelectorAll('#bidding table.auction td')]"
                             f".filter(e => e.textContent).length > {before}")
        heads = pg.eval_on_selector_all("#bidding table.auction th", "els => els.map(e => e.textContent)")
        assert heads == ["С", "В", "Ю", "З"], heads
        cells = [c for c in pg.eval_on_selector_all("#bidding table.auction td", "els => els.map(e => e.textContent)")
                 if c]
        assert "Пас" in cells, cells
        assert [c for c in cells if _LATIN.search(c)] == [], cells
        shot(pg, "bridge-ru-auction")
        got = pg.evaluate("""async () => {
            const i18n = await import('/static/i18n.js');
            const m = await import('/static/sheets.js');
            const el = m.bridgeSheet({lines: [{side: 'EW', points: 250, below: false, kind: 'undertricks', deal: 1,
                                               game: 1}], totals: {NS: 0, EW: 250}, games: []}, 'NS');
            return {calls: ['2RS', '3NL', '3NTXX', '4HX', 'leave', 'make NT', 'Pass'].map(i18n.callText),
                    head: [...el.querySelectorAll('th')].map((e) => e.textContent), text: el.textContent};
        }""")
        assert got["calls"] == ["2 кор♠", "3 нулло", "3БК реконтра", "4♥ контра", "оставляю", "козырь БК", "Пас"], got
        assert got["head"][:2] == ["Мы (СЮ)", "Они (ВЗ)"], got
        assert not _LATIN.search(got["text"]), got["text"]
    finally:
        ctx.close()
    assert errors == [], errors
