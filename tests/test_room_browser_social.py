"""A claim accepted by the opponents, in a real Chromium (Playwright): issue 14, point 11.

A real server; a practice bridge table with four people (their seats taken over HTTP); the auction and
the first trick are played over HTTP; then declarer's page claims with the claim button, each
defender's page shows the pending claim with declarer's hand and accepts with its button, and every
page shows the deal ended as claimed. On a desktop and on a 375×667 phone, each in English and in
Russian (no English words on the Russian pages, nothing cut off on the phone). The sound and
animation switches are stored in localStorage. Screenshots: tests/artifacts/claim-*.png.
"""

from __future__ import annotations

import json
import time
import urllib.request
from typing import Any

import pytest

import browserkit
from browserkit import ARTIFACTS, FAST, server_fixture
from browserkit import STEP_TIMEOUT as TIMEOUT
from cardroom.room.testing import ServerProcess
from test_room_browser import LATIN_WORDS, PHONE_PROBLEMS

server = server_fixture("social", bot_delay=0.0, limits=FAST)
browser = browserkit.browser


SCROLL = "(id) => document.getElementById(id)?.scrollIntoView()"
"""Scroll an element into view in one step (the page re-renders on every state message, so a located
element may be gone by the time it is scrolled)."""


def call(server: ServerProcess, method: str, path: str, body: Any = None, token: str | None = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(server.base + path, data=data, method=method,
                                 headers={"Content-Type": "application/json",
                                          **({"Authorization": f"Bearer {token}"} if token else {})})
    with urllib.request.urlopen(req, timeout=10) as r:
        return json.load(r)


def bridge_in_play(server: ServerProcess, seed: int) -> tuple[str, dict[int, str], dict[str, Any]]:
    """A practice bridge table of four people after the first trick of a 1♣ (the dealer opens 1♣,
    everyone passes; the lowest legal card each time): its id, the tokens, declarer's state."""
    tid = call(server, "POST", "/api/tables", {"game": "bridge", "options": {}, "seed": seed, "practice": True})["id"]
    names = {0: "Ann", 1: "Bob", 2: "Cid", 3: "Dan"}
    tokens = {s: call(server, "POST", f"/api/tables/{tid}/seats/{s}", {"name": names[s]})["token"] for s in range(4)}
    opened = False
    for _ in range(200):
        info = call(server, "GET", f"/api/tables/{tid}")
        ta = info["to_act"]
        if ta is None:
            continue
        st = call(server, "GET", f"/api/tables/{tid}/state", token=tokens[ta])
        table = st["view"]["table"]
        if table["phase"] == "play" and len(table["tricks"]) >= 1 and not table["trick"]["plays"]:
            declarer = table["declarer"]
            return tid, tokens, call(server, "GET", f"/api/tables/{tid}/state", token=tokens[declarer])
        legal = st["legal"]
        texts = [x["text"] for x in legal]
        if table["phase"] == "auction":
            pick = legal[texts.index("1C" if not opened else "Pass")]
            opened = True
        else:
            pick = legal[0]
        call(server, "POST", f"/api/tables/{tid}/actions", {"action": pick["id"], "seq": st["seq"]}, tokens[ta])
    raise AssertionError("the play was not reached")


def open_seat(browser: Any, server: ServerProcess, tid: str, seat: int, token: str, phone: bool, lang: str) -> Any:
    viewport = {"width": 375, "height": 667} if phone else {"width": 1100, "height": 900}
    ctx = browser.new_context(bypass_csp=True, viewport=viewport, locale="ru-RU" if lang == "ru" else "en-US",
                              is_mobile=phone, has_touch=phone)
    pg = ctx.new_page()
    pg.page_errors = []
    pg.on("pageerror", lambda e: pg.page_errors.append(str(e)))
    pg.set_default_timeout(TIMEOUT)
    pg.goto(server.base + "/")
    pg.evaluate(f"""() => {{ localStorage.setItem('cardroom:lang', '{lang}');
        localStorage.setItem('cardroom:token:{tid}:{seat}', '{token}'); }}""")
    pg.goto(f"{server.base}/?table={tid}&seat={seat}")
    pg.wait_for_selector("#social")
    return pg


def small_shot(pg: Any, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    pg.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=False)  # the screen, not the whole page


@pytest.mark.parametrize(("phone", "lang"), [(False, "en"), (True, "ru"), (False, "ru"), (True, "en")],
                         ids=["desktop-en", "phone-ru", "desktop-ru", "phone-en"])
def test_a_claim_accepted_by_the_opponents(browser: Any, server: ServerProcess, phone: bool, lang: str) -> None:
    tid, tokens, st = bridge_in_play(server, seed=31 + 2 * phone + (lang == "ru"))
    where = f"{'phone' if phone else 'desktop'}-{lang}"
    table = st["view"]["table"]
    declarer, dummy = table["declarer"], table["dummy"]
    defenders = [s for s in range(4) if s not in (declarer, dummy)]
    hand = sorted(table["hands"][str(declarer)])
    pages = {s: open_seat(browser, server, tid, s, tokens[s], phone, lang) for s in (declarer, *defenders)}
    try:
        claimer = pages[declarer]
        claimer.wait_for_selector("#social-claim")
        claimer.fill("#social-claim-tricks", "7")
        claimer.click("#social-claim")
        for s in defenders:
            pg = pages[s]
            pg.wait_for_selector("#claim-pending #claim-hand")
            shown = sorted(pg.eval_on_selector_all("#claim-hand .card", "els => els.map(e => e.dataset.card)"))
            assert shown == hand  # declarer's hand, faced to the defenders
            assert pg.evaluate("window.__cardroom.state.claim.tricks") == 7
        if lang == "ru":
            for pg in pages.values():
                assert pg.evaluate(LATIN_WORDS, "#social") == []
        if phone:
            assert pages[defenders[0]].evaluate(PHONE_PROBLEMS) == []
        pages[defenders[0]].evaluate(SCROLL, "claim-pending")
        small_shot(pages[defenders[0]], f"claim-{where}-pending")
        for s in defenders:
            pages[s].click("#claim-accept")
        for pg in pages.values():  # the deal ended as claimed: the next deal is dealt, the sheet has it
            pg.wait_for_function("() => { const s = window.__cardroom.state; return s && !s.claim && "
                                 "s.view.table.phase !== 'play'; }")
            pg.wait_for_selector("#social-note:not(:empty)")
        sheet = pages[declarer].evaluate("JSON.stringify(window.__cardroom.state.sheet)")
        assert '"deal": 1' in sheet.replace('":1', '": 1') or '"deals": 1' in sheet.replace('":1', '": 1'), sheet[:400]
        note = pages[defenders[1]].inner_text("#social-note")
        assert ("принята" if lang == "ru" else "accepted") in note
        pages[declarer].evaluate(SCROLL, "social")
        small_shot(pages[declarer], f"claim-{where}-accepted")
        record = call(server, "GET", f"/api/tables/{tid}/state", token=tokens[declarer])
        assert record["claim"] is None
        # the switches are stored in this browser
        pg = pages[declarer]
        pg.uncheck("#pref-animation")
        pg.uncheck("#pref-sound")
        assert pg.evaluate("[localStorage.getItem('cardroom:animation'), localStorage.getItem('cardroom:sound')]") == \
            ["off", "off"]
        assert pg.evaluate("document.documentElement.classList.contains('no-animation')")
        pg.reload()
        pg.wait_for_selector("#social")
        assert not pg.is_checked("#pref-animation") and not pg.is_checked("#pref-sound")
        for pg in pages.values():
            assert pg.page_errors == []
    finally:
        for pg in pages.values():
            pg.context.close()


def test_an_undo_refused_then_agreed_with_the_buttons(browser: Any, server: ServerProcess) -> None:
    """The undo box (social.js's answer row, shared with the claim's): the asker's opponents see the agree
    and refuse buttons, his partner only whom it waits for; a refusal changes nothing, an agreement takes
    the asker's call back."""
    tid = call(server, "POST", "/api/tables", {"game": "bridge", "options": {}, "seed": 5, "practice": True,
                                               "table": {"undo": True}})["id"]
    tokens = {s: call(server, "POST", f"/api/tables/{tid}/seats/{s}", {"name": f"p{s}"})["token"] for s in range(4)}

    def state(seat: int) -> Any:
        return call(server, "GET", f"/api/tables/{tid}/state", token=tokens[seat])

    first = None
    for _ in range(500):  # the deal is dealt by the server first
        if (first := call(server, "GET", f"/api/tables/{tid}")["to_act"]) is not None:
            break
        time.sleep(0.01)
    assert first is not None, "nobody came to act"
    st = state(first)
    seq0 = st["seq"]
    call(server, "POST", f"/api/tables/{tid}/actions", {"action": st["legal"][0]["id"], "seq": seq0}, tokens[first])
    opponents = [(first + 1) % 4, (first + 3) % 4]
    partner = (first + 2) % 4
    pages = {s: open_seat(browser, server, tid, s, tokens[s], False, "en") for s in (*opponents, partner)}
    try:
        for answer, button in ((False, "#undo-refuse"), (True, "#undo-agree")):
            seq = state(first)["seq"]
            assert call(server, "POST", f"/api/tables/{tid}/undo", {"seq": seq}, tokens[first])["outcome"] == "pending"
            for s in opponents:
                pages[s].wait_for_selector("#undo-pending #undo-agree")
                assert pages[s].locator("#undo-refuse").count() == 1
            pages[partner].wait_for_selector("#undo-pending")
            assert pages[partner].locator("#undo-agree").count() == 0
            assert "Waiting for" in pages[partner].inner_text("#undo-pending")
            for s in opponents if answer else opponents[:1]:  # both must agree; one refusal is enough
                pages[s].click(button)
            for pg in pages.values():
                pg.wait_for_function("() => { const s = window.__cardroom.state; return s && !s.undo; }")
            assert state(first)["seq"] == (seq0 if answer else seq)
        for pg in pages.values():
            assert pg.page_errors == []
    finally:
        for pg in pages.values():
            pg.context.close()
