"""The score keeper's phone page (``/keep``): a session per game family, typed and tapped as at a table,
whose sheet equals the sheet of the same deals played through the engine."""

from __future__ import annotations

import shlex
from typing import Any

import pytest

import browserkit
from test_keeper import ENTRY_OF, first_dealer, played

browser = browserkit.browser
server = browserkit.server_fixture("keeper")


def text_of(entry: dict[str, Any]) -> str:
    return " ".join(f"{k}={shlex.quote(','.join(map(str, v)) if isinstance(v, list) else str(v))}"
                    for k, v in entry.items())


@pytest.mark.parametrize(("name", "options", "lang"), [
    ("bridge", {}, "en"), ("preferans", {"variant": "leningrad", "players": 4}, "ru"), ("euchre", {}, "en"),
    ("straight-bridge", {}, "ru"), ("double-dummy", {}, "en"), ("draw-bridge", {}, "ru"), ("royal-bridge", {}, "en"),
    ("misery-bridge", {}, "ru"), ("three-handed-auction", {}, "en")])
def test_phone_session_equals_played(browser: Any, server: Any, name: str, options: dict[str, Any],
                                     lang: str) -> None:
    state = played(name, 5, max_deals=6, **options)
    with browserkit.page_in(browser, phone=True) as pg:
        pg.goto(f"{server.base}/keep?lang={lang}")
        pg.wait_for_selector(f"#k-game option[value='{name}']", state="attached")
        pg.select_option("#k-game", name)
        configs = pg.locator("#k-options option").evaluate_all("os => os.map(o => o.value)")
        import json

        wanted = next(c for c in configs if json.loads(c) == options) if options else configs[0]
        pg.select_option("#k-options", wanted)
        pg.fill("#k-dealer", str(first_dealer(state)))
        pg.click("#k-new")
        pg.wait_for_function("() => document.querySelector('#k-sheet').textContent.length > 0")
        for i, r in enumerate(state.results, 1):
            pg.fill("#k-text", text_of(ENTRY_OF[state.game.family](r)))
            pg.click("#k-write")
            pg.wait_for_function(f"() => JSON.parse(localStorage.getItem('cardroom-keeper')).entries.length == {i}")
        kept = pg.evaluate("JSON.parse(localStorage.getItem('cardroom-keeper'))")
        assert kept["sheet"] == state.sheet.to_dict()
        assert pg.text_content("#k-sheet") == state.sheet.render(lang=lang)
        # a refused deal says why in the page's language, and the sheet stays
        pg.fill("#k-text", "nonsense")
        pg.click("#k-write")
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
