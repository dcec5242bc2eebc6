"""The score keeper's phone page (``/keep``): a session per game family, typed and tapped as at a table,
whose sheet equals the sheet of the same deals played through the engine; the page offline (its service
worker's cache, the entries queued and sent in order when the connection is back); the page under the
room's enforced Content-Security-Policy."""

from __future__ import annotations

import json
import shlex
import time
from typing import Any

import pytest

import browserkit
from cardroom.games import game_class, names
from cardroom.keeper import Keeper
from test_keeper import ENTRY_OF, first_dealer, played

browser = browserkit.browser
server = browserkit.server_fixture("keeper")


def text_of(entry: dict[str, Any]) -> str:
    return " ".join(f"{k}={shlex.quote(','.join(map(str, v)) if isinstance(v, list) else str(v))}"
                    for k, v in entry.items())


def begin(pg: Any, base: str, name: str, options: dict[str, Any], dealer: int, lang: str) -> str:
    """The page opened in ``lang``, a new sheet of ``name`` with ``options`` begun with ``dealer``; the
    options' label as the page shows it."""
    pg.goto(f"{base}/keep?lang={lang}")
    pg.wait_for_selector(f"#k-game option[value='{name}']", state="attached")
    pg.select_option("#k-game", name)
    configs = pg.locator("#k-options option").evaluate_all("os => os.map(o => o.value)")
    pg.select_option("#k-options", next(c for c in configs if json.loads(c) == options) if options else configs[0])
    pg.fill("#k-dealer", str(dealer))
    label: str = pg.locator("#k-options option:checked").text_content()
    pg.click("#k-new")
    pg.wait_for_function("() => document.querySelector('#k-sheet').textContent.length > 0")
    return label


SESSION_OPTIONS: dict[str, dict[str, Any]] = {"preferans": {"variant": "leningrad", "players": 4}}
"""The configuration each game's phone session keeps (where not named here, the first the page offers)."""


def session_options(name: str) -> dict[str, Any]:
    return SESSION_OPTIONS.get(name) or next(c for c in game_class(name).configurations() if not c.get("laws"))


@pytest.mark.parametrize(("name", "options", "lang"), [
    (name, session_options(name), ("en", "ru")[i % 2]) for i, name in enumerate(names())])
def test_phone_session_equals_played(browser: Any, server: Any, name: str, options: dict[str, Any],
                                     lang: str) -> None:
    state = played(name, 5, max_deals=6, **options)
    with browserkit.page_in(browser, phone=True) as pg:
        label = begin(pg, server.base, name, options, first_dealer(state), lang)
        if name == "preferans":  # the options named as the room's pages name them, in the page's language
            assert label == ("Вариант (конвенция): Ленинградка, Игроков: 4" if lang == "ru"
                             else "Variant (convention): Leningrad, Players: 4")
        # nothing wider than the phone (the longest configuration's name included)
        assert pg.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        for i, r in enumerate(state.results, 1):
            write(pg, text_of(ENTRY_OF[state.game.family](r)))
            pg.wait_for_function(f"() => JSON.parse(localStorage.getItem('cardroom-keeper')).entries.length == {i}")
        kept = pg.evaluate("JSON.parse(localStorage.getItem('cardroom-keeper'))")
        assert kept["sheet"] == state.sheet.to_dict()
        assert pg.text_content("#k-sheet") == state.sheet.render(lang=lang)
        # a refused deal says why in the page's language, and the sheet stays
        write(pg, "nonsense")
        pg.wait_for_function("() => document.querySelector('#k-said').className == 'error'")
        assert ("не принято" if lang == "ru" else "refused") in pg.text_content("#k-said")
        # undo takes the last deal back; the page reloaded keeps the sheet (localStorage)
        pg.click("#k-undo")
        n = len(state.results) - 1
        pg.wait_for_function(f"() => JSON.parse(localStorage.getItem('cardroom-keeper')).entries.length == {n}")
        pg.reload()
        pg.wait_for_function("() => document.querySelector('#k-sheet').textContent.length > 0")
        assert pg.evaluate("JSON.parse(localStorage.getItem('cardroom-keeper')).entries.length") == n
        browserkit.shot(pg, f"keeper-{name}-{lang}")


TALL_PHONE = {"width": 390, "height": 844}
KEPT = "JSON.parse(localStorage.getItem('cardroom-keeper'))"
QUEUED = "JSON.parse(localStorage.getItem('cardroom-keeper-queue') || '[]')"


def go_offline(pg: Any, server: Any) -> None:
    """No connection at all: the browser's network emulated offline and the room stopped (Chromium's offline
    emulation does not cover a service worker's own fetches, so the stopped server is what proves the cache)."""
    pg.context.set_offline(True)
    server.stop()


def go_online(pg: Any, server: Any) -> None:
    server.start()
    pg.context.set_offline(False)


def write(pg: Any, text: str) -> None:
    pg.fill("#k-text", text)
    pg.click("#k-write")


@pytest.mark.parametrize(("name", "options", "lang"), [
    ("bridge", {}, "en"), ("preferans", {"variant": "leningrad", "players": 4}, "ru"), ("euchre", {}, "ru")])
def test_offline_session_is_queued_and_sent_in_order(browser: Any, server: Any, name: str,
                                                     options: dict[str, Any], lang: str) -> None:
    """Online: the page, its worker and two deals. Offline (reloaded from the cache): the other deals queued and
    shown as pending under the room's last sheet, kept over a reload. Online again: sent in order, the sheet
    the engine's. Then a refused queued entry stops the queue; taken back, the next change goes first."""
    state = played(name, 7, max_deals=6, **options)
    entries = [text_of(ENTRY_OF[state.game.family](r)) for r in state.results]
    assert len(entries) >= 4, "the test needs deals both online and offline"
    online_part = 2
    with browserkit.page_in(browser, phone=True, viewport=TALL_PHONE) as pg:
        chosen = begin(pg, server.base, name, options, first_dealer(state), lang)
        for i, text in enumerate(entries[:online_part], 1):
            write(pg, text)
            pg.wait_for_function(f"() => {KEPT}.entries.length == {i}")
        pg.wait_for_function("() => navigator.serviceWorker.controller !== null")
        title = pg.text_content("#k-title")
        sheet_online = pg.text_content("#k-sheet")
        try:
            go_offline(pg, server)
            opened = pg.reload()  # from the worker's cache: the page, its script, styles and texts in its language
            assert opened is not None and opened.from_service_worker and opened.status == 200
            pg.wait_for_function("() => document.querySelector('#k-sheet').textContent.length > 0")
            assert pg.text_content("#k-title") == title and pg.title() == title
            assert pg.text_content("#k-write") == ("Записать" if lang == "ru" else "Write")
            assert pg.text_content("#k-sheet") == sheet_online
            # the choices above are the sheet's own
            assert pg.input_value("#k-game") == name and pg.input_value("#k-dealer") == str(first_dealer(state))
            assert pg.locator("#k-options option:checked").text_content() == chosen
            pg.wait_for_function("() => document.querySelector('#k-said').className == 'offline'")
            for j, text in enumerate(entries[online_part:], 1):
                write(pg, text)
                pg.wait_for_function(f"() => {QUEUED}.length == {j} && document.querySelector('#k-text').value == ''")
            pg.fill("#k-n", "2")  # a correction queued too: deal 2 written again as it was announced
            pg.fill("#k-text", entries[1])
            pg.click("#k-fix")
            waiting = len(entries) - online_part + 1
            pg.wait_for_function(f"() => {QUEUED}.length == {waiting}")
            assert pg.evaluate(f"{KEPT}.entries.length") == online_part  # nothing computed in the browser
            assert pg.text_content("#k-sheet") == sheet_online  # the last sheet the room computed
            assert pg.is_visible("#k-pending")
            assert pg.locator("#k-queue li").count() == waiting
            label = ("Ждут отправки" if lang == "ru" else "Waiting to be sent") + f" ({waiting})"
            assert pg.text_content("#k-pending-label").startswith(label)
            assert pg.locator("#k-queue li").nth(0).text_content().endswith(entries[online_part])
            assert pg.evaluate("document.documentElement.scrollWidth <= window.innerWidth")  # the list fits the phone
            pg.reload()  # the queue survives a reload without a connection
            pg.wait_for_function(f"() => document.querySelectorAll('#k-queue li').length == {waiting}")
            assert pg.text_content("#k-sheet") == sheet_online
            other = "en" if lang == "ru" else "ru"  # and the page opened in the other language draws it in that one
            pg.goto(f"{server.base}/keep?lang={other}")
            pg.wait_for_function(f"() => document.querySelectorAll('#k-queue li').length == {waiting}")
            kept_online = Keeper.from_json(pg.evaluate(KEPT))
            assert kept_online.entries == [ENTRY_OF[state.game.family](r) for r in state.results[:online_part]]
            assert pg.text_content("#k-sheet") == kept_online.render(lang=other)
            assert pg.text_content("#k-pending-label").startswith("Ждут отправки" if other == "ru" else "Waiting")
            pg.goto(f"{server.base}/keep?lang={lang}")
            pg.wait_for_function(f"() => document.querySelectorAll('#k-queue li').length == {waiting}")
            browserkit.shot(pg, f"keeper-offline-{name}-{lang}")
        finally:
            go_online(pg, server)
        pg.wait_for_function(f"() => {QUEUED}.length == 0 && {KEPT}.entries.length == {len(entries)}",
                             timeout=30_000)
        assert pg.evaluate(f"{KEPT}.entries") == [ENTRY_OF[state.game.family](r) for r in state.results]
        ops = [(h["op"], h["deal"]) for h in pg.evaluate(f"{KEPT}.history")]
        assert ops == [("add", i) for i in range(1, len(entries) + 1)] + [("fix", 2)]  # sent in their order
        assert pg.evaluate(f"{KEPT}.sheet") == state.sheet.to_dict()
        drawn = json.dumps(state.sheet.render(lang=lang))
        pg.wait_for_function(f"() => document.querySelector('#k-sheet').textContent == {drawn}")
        assert pg.is_hidden("#k-pending")
        assert pg.text_content("#k-said") == ("ждавшие записи отправлены; запись посчитана комнатой" if lang == "ru"
                                              else "the waiting entries are sent; the sheet is the room's")
        # a refused entry in the queue: the queue stops there, the sheet stays the room's last
        try:
            go_offline(pg, server)
            write(pg, "nonsense")
            pg.click("#k-undo")
            pg.wait_for_function(f"() => {QUEUED}.length == 2")
        finally:
            go_online(pg, server)
        pg.wait_for_function(f"() => {QUEUED}.length == 2 && !!{QUEUED}[0].refused", timeout=30_000)
        said = pg.text_content("#k-said")
        assert pg.get_attribute("#k-said", "class") == "error"
        assert said.startswith("сдача: nonsense — не принято: " if lang == "ru" else "deal: nonsense — refused: ")
        time.sleep(2 * 3)  # two retries of the page (RETRY_MS): the undo behind the refusal is not sent
        assert pg.evaluate(f"{QUEUED}.length") == 2
        assert pg.evaluate(f"{KEPT}.entries.length") == len(entries)
        assert pg.locator("#k-queue li.refused").count() == 1
        # taken back into the field to be corrected; the correction (here an undo) is sent first, then the rest
        pg.click("#k-drop")
        assert pg.input_value("#k-text") == "nonsense"
        assert pg.evaluate(f"{QUEUED}.length") == 2  # it waits at the head until its correction is made
        pg.click("#k-undo")
        # the two undos: the correction of deal 2 taken back, then the last deal
        pg.wait_for_function(f"() => {QUEUED}.length == 0 && {KEPT}.entries.length == {len(entries) - 1}")
        assert [h["op"] for h in pg.evaluate(f"{KEPT}.history")][-2:] == ["undo", "undo"]


def test_the_room_links_to_the_keeper_in_its_language(browser: Any, server: Any) -> None:
    with browserkit.page_in(browser, server, lang="ru", phone=True) as pg:
        pg.click("#nav-keep")
        pg.wait_for_function("() => document.querySelector('#k-title').textContent == 'Счётчик'")
        assert pg.url == f"{server.base}/keep?lang=ru"


def test_a_language_the_page_has_not_is_the_browsers(browser: Any, server: Any) -> None:
    """``?lang=de``: the page is in the browser's language among the two it has (the ones its worker keeps)."""
    with browserkit.page_in(browser, phone=True) as pg:
        with pg.expect_request(lambda r: "/api/keep/games" in r.url) as asked:
            pg.goto(f"{server.base}/keep?lang=de")
        assert asked.value.url.endswith("/api/keep/games?lang=en")
        pg.wait_for_function("() => document.querySelector('#k-title').textContent == 'Score keeper'")


def test_changes_made_quickly_are_applied_one_after_another(browser: Any, server: Any) -> None:
    """Three deals written without waiting for the room's answers: each is applied to the previous one's."""
    state = played("bridge", 11, max_deals=3)
    entries = [text_of(ENTRY_OF[state.game.family](r)) for r in state.results]
    with browserkit.page_in(browser, phone=True, viewport=TALL_PHONE) as pg:
        begin(pg, server.base, "bridge", {}, first_dealer(state), "en")
        # typed and written in one go, before the room can answer the first
        pg.evaluate("(ts) => { for (const t of ts) { document.querySelector('#k-text').value = t;"
                    " document.querySelector('#k-write').click(); } }", entries)
        pg.wait_for_function(f"() => {KEPT}.entries.length == {len(entries)}")
        assert pg.evaluate(f"{KEPT}.sheet") == state.sheet.to_dict()


def test_the_queue_is_bounded(browser: Any, server: Any) -> None:
    """Without a connection at most 200 changes wait (localStorage is small): one more is refused with a clear
    error in the page's language, and the queue stays as it was."""
    with browserkit.page_in(browser, phone=True, viewport=TALL_PHONE) as pg:
        begin(pg, server.base, "bridge", {}, 0, "ru")
        pg.wait_for_function("() => navigator.serviceWorker.controller !== null")
        try:
            go_offline(pg, server)
            pg.evaluate("localStorage.setItem('cardroom-keeper-queue', JSON.stringify("
                        "Array.from({length: 200}, () => ({op: 'undo'}))))")
            pg.reload()
            pg.wait_for_function("() => document.querySelectorAll('#k-queue li').length == 200")
            write(pg, "contract=4S declarer=S tricks=10")
            pg.wait_for_function("() => document.querySelector('#k-said').className == 'error'")
            assert pg.text_content("#k-said") == ("связи ждут уже 200 изменений: больше сохранить нельзя, "
                                                  "пока они не отправлены")
            assert pg.evaluate(f"{QUEUED}.length") == 200
            assert pg.input_value("#k-text") == "contract=4S declarer=S tricks=10"  # kept for later
            pg.evaluate("localStorage.removeItem('cardroom-keeper-queue')")
            pg.goto("about:blank")  # the page and the queue in its memory gone before the room is back
        finally:
            go_online(pg, server)


def test_the_offline_page_works_under_the_policy(browser: Any, server: Any) -> None:
    """Chromium with the room's Content-Security-Policy enforced: the worker registers and controls the page,
    the manifest is read, the page reopens from the cache without a connection, and not one violation is
    reported."""
    ctx = browser.new_context(viewport=TALL_PHONE, is_mobile=True, has_touch=True)
    try:
        pg = ctx.new_page()
        pg.add_init_script("window.__csp = []; document.addEventListener('securitypolicyviolation', "
                           "(e) => window.__csp.push(e.violatedDirective + ' ' + e.blockedURI));")
        errors: list[str] = []
        pg.on("pageerror", lambda e: errors.append(str(e)))
        response = pg.goto(f"{server.base}/keep?lang=ru")
        assert response is not None and "worker-src 'self'" in response.headers["content-security-policy"]
        deadline = time.monotonic() + 15
        while not pg.evaluate("navigator.serviceWorker.controller !== null && "
                              "document.querySelectorAll('#k-game option').length > 0"):
            assert time.monotonic() < deadline, "the worker never took the page"
            time.sleep(0.1)
        scope = pg.evaluate("navigator.serviceWorker.getRegistration().then(r => r.scope)")
        assert scope == f"{server.base}/keep"
        manifest = pg.evaluate("fetch(document.querySelector('link[rel=manifest]').href).then(r => r.json())")
        assert manifest["name"] == "Счётчик" and manifest["scope"] == "/keep"
        assert pg.evaluate("window.__csp") == []
        try:  # and reopened without a connection, under the policy the cached page carries
            go_offline(pg, server)
            pg.reload()
            while pg.evaluate("document.querySelectorAll('#k-game option').length") == 0:
                assert time.monotonic() < deadline + 15, "the page did not open from the cache"
                time.sleep(0.1)
            assert pg.text_content("#k-title") == "Счётчик"
            assert pg.evaluate("window.__csp") == []
        finally:
            go_online(pg, server)
        assert errors == []
    finally:
        ctx.close()
