"""The card room's browser client, driven in a real Chromium by Playwright.

A real server (``python -m cardroom.room``, temp SQLite, bot delay 0) on a loopback port; the
lobby opens a table, the player takes seat 0, bots fill the rest, and a whole deal (bridge,
preferans) or hand (euchre) is bid and played by clicking the legal cards and calls. What the page
shows is compared with the state messages the server sent (kept by the client in
``window.__cardroom.state``). Screenshots go to tests/artifacts/.

Chromium is Debian's (/usr/bin/chromium; ``scripts/setup-browser.sh`` installs it).
"""

from __future__ import annotations

import json
import os
import re
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright import sync_api

from cardroom.room.store import Store
from cardroom.room.testing import ServerProcess

CHROMIUM = os.environ.get("CARDROOM_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
ARTIFACTS = Path(__file__).parent / "artifacts"
STEP_TIMEOUT = 15_000  # ms for one server answer

State = dict[str, Any]
Chooser = Callable[[State], int]


# ------------------------------------------------------------------ fixtures
@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    db = tmp_path_factory.mktemp("browser") / "room.sqlite"
    srv = ServerProcess(str(db), bot_delay=0.0)
    srv.start()
    try:
        yield srv
    finally:
        srv.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    # make test installs chromium (scripts/setup-browser.sh): a missing or broken one is a failure, not a skip
    assert Path(CHROMIUM).exists(), f"{CHROMIUM} is missing: run scripts/setup-browser.sh (make test does)"
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            yield b
        finally:
            b.close()


@pytest.fixture()
def page(browser: Any, server: ServerProcess) -> Iterator[Any]:
    ctx = browser.new_context(viewport={"width": 1100, "height": 900}, locale="en-US")
    pg = ctx.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.set_default_timeout(STEP_TIMEOUT)
    pg.page_errors = errors
    try:
        yield pg
    finally:
        ctx.close()
    assert errors == [], f"JavaScript errors on the page: {errors}"


def shot(pg: Any, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    pg.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def state(pg: Any) -> State:
    st: State = pg.evaluate("window.__cardroom.state")
    return st


def api(server: ServerProcess, path: str) -> Any:
    with urllib.request.urlopen(server.base + path, timeout=10) as r:
        return json.load(r)


def api_status(server: ServerProcess, path: str) -> int:
    try:
        with urllib.request.urlopen(server.base + path, timeout=10) as r:
            return int(r.status)
    except urllib.error.HTTPError as e:
        return int(e.code)


def stored_actions(server: ServerProcess, table: str) -> list[str]:
    """What the server has stored for a table, read from its event store as another process would."""
    store = Store(server.db)
    try:
        return store.actions(table)
    finally:
        store.close()


# ------------------------------------------------------------------ helpers
def open_table(pg: Any, server: ServerProcess, game: str, options: dict[str, Any] | None = None,
               sit: bool = True, seed: int | None = 2026) -> str:
    """Open a table from the lobby, sit at seat 0 (unless ``sit`` is false) and fill the rest with bots."""
    pg.goto(server.base + "/")
    pg.wait_for_selector("#open-table")
    pg.fill("#name", "Anna")
    pg.select_option("#game", game)
    for name, value in (options or {}).items():
        pg.select_option(f"select[data-option='{name}']", json.dumps(value))
    if seed is not None:  # the same deals and bot decisions on every run
        pg.fill("#seed", str(seed))
    pg.click("#open-table")
    pg.wait_for_url(re.compile(r"/\?table="))
    table = re.search(r"table=([^&]+)", pg.url).group(1)  # type: ignore[union-attr]
    pg.wait_for_selector("[data-sit='0']")
    if sit:
        pg.click("[data-sit='0']")
        pg.wait_for_function("window.__cardroom.state && window.__cardroom.state.seat === 0")
        assert re.search(r"seat=0", pg.url)
    shot(pg, f"{game}-0-seated")
    pg.click("#fill-bots")
    pg.wait_for_function("window.__cardroom.state && window.__cardroom.state.seq > 0")
    return table


def play(pg: Any, choose: Chooser, done: Callable[[State], bool], limit: float = 60.0,
         shots: dict[str, Callable[[State], bool]] | None = None) -> list[dict[str, Any]]:
    """Click the chosen legal action whenever it is our turn until ``done``; return what was clicked."""
    clicked: list[dict[str, Any]] = []
    pending = dict(shots or {})
    deadline = time.monotonic() + limit
    while True:
        assert time.monotonic() < deadline, f"not done in {limit}s: {state(pg)['position']}"
        pg.wait_for_function(
            "() => { const s = window.__cardroom.state; return s && (s.over || (s.legal.length > 0"
            " && document.querySelector('#table').dataset.seq == String(s.seq)"
            " && document.querySelector('[data-legal-id]:not([disabled])'))); }")
        st = state(pg)
        for name, when in list(pending.items()):
            if when(st):
                shot(pg, name)
                del pending[name]
        if done(st):
            return clicked
        assert st["legal"], f"the match ended before the deal was done: {st['position']}"
        aid = choose(st)
        text = next(x["text"] for x in st["legal"] if x["id"] == aid)
        el = pg.locator(f"[data-legal-id='{aid}']")
        assert el.count() == 1, f"the legal action {text!r} is not on the page once"
        # only legal actions are clickable: every clickable card or call is in `legal`
        ids = pg.eval_on_selector_all("[data-legal-id]", "els => els.map(e => Number(e.dataset.legalId))")
        assert sorted(ids) == sorted(x["id"] for x in st["legal"])
        where = el.evaluate("e => { const h = e.closest('[data-hand]'); return h ? Number(h.dataset.hand) : null; }")
        kind = el.evaluate("e => e.classList.contains('card') ? 'card' : 'call'")
        el.click()
        clicked.append({"seq": st["seq"], "text": text, "kind": kind, "hand": where})
        pg.wait_for_function(f"window.__cardroom.state.seq > {st['seq']}")


def by_text(st: State, *texts: str) -> int | None:
    for t in texts:
        for x in st["legal"]:
            if x["text"] == t:
                return int(x["id"])
    return None


def deal_of(st: State) -> dict[str, Any]:
    d: dict[str, Any] = st["view"].get("deal") or st["view"].get("hand") or {}
    return d


# ------------------------------------------------------------------ bridge
def test_bridge_deal_by_clicking(page: Any, server: ServerProcess) -> None:
    table = open_table(page, server, "bridge")
    # N bids a grand slam at its first turn (nobody can overcall 7NT; partner S has not named the
    # strain), so N declares and plays both its own and dummy's hands
    declarers: set[str] = set()

    def choose(st: State) -> int:
        d = deal_of(st)
        if d["declarer"] is not None:
            declarers.add(d["declarer"])
        if d["phase"] == "auction":
            order = "NESW"
            first = order.index(d["dealer"])
            by = [(order[(first + i) % 4], c) for i, c in enumerate(d["auction"])]
            if any(seat == "N" and c.startswith("7") for seat, c in by):
                pick = by_text(st, "Pass")
            else:  # a grand slam in a strain partner has not named, so that N declares it
                partner = {c[1:] for seat, c in by if seat == "S" and c[:1].isdigit()}
                pick = by_text(st, *[f"7{s}" for s in ("NT", "S", "H", "D", "C") if s not in partner], "Pass")
            assert pick is not None
            return pick
        return int(st["legal"][0]["id"])

    def done(st: State) -> bool:
        return any(line["deal"] == 1 for line in st["sheet"]["lines"]) or st["view"]["deal_number"] > 1

    clicked = play(page, choose, done, shots={
        "bridge-1-auction": lambda s: deal_of(s)["phase"] == "auction",
        "bridge-2-play": lambda s: deal_of(s)["phase"] == "play" and len(deal_of(s)["tricks"]) >= 1,
    })
    st = state(page)
    shot(page, "bridge-3-sheet")
    calls = [c for c in clicked if c["kind"] == "call"]
    cards = [c for c in clicked if c["kind"] == "card"]
    assert calls and all(not re.fullmatch(r"(10|[2-9JQKA])[CDHS]", c["text"]) or c["text"] == "7NT" for c in calls)
    # the match is in play, so its record is not published (it shows every hand): read the store itself
    assert api_status(server, f"/api/tables/{table}/record") == 409
    actions = stored_actions(server, table)
    # the auction as the server recorded it contains our 7NT; declarer N played its own and dummy's cards
    assert "7NT" in actions
    lines = [ln for ln in st["sheet"]["lines"] if ln["deal"] == 1]
    assert lines, "deal 1 has a line on the sheet (7NT cannot be passed out)"
    assert declarers == {"N"}, "nobody can overcall 7NT: N declares"
    if declarers == {"N"}:
        assert len(cards) == 26
        assert {c["hand"] for c in cards} == {0, 2}  # N's hand and dummy S's hand
    # the sheet on the page shows every line of deal 1 in its column, with the line's points
    shown = page.eval_on_selector_all("#sheet [data-deal='1']", "els => els.map(e => e.textContent)")
    assert sorted(int(x) for x in shown) == sorted(ln["points"] for ln in lines)
    assert page.locator("#sheet table.wethey").count() == 1
    # a reload reconnects to seat 0 with its full view (the token is in localStorage)
    page.reload()
    page.wait_for_function("window.__cardroom.state && window.__cardroom.state.seat === 0")
    again = state(page)
    assert again["view"]["seat"] == "N"
    hand = deal_of(again).get("hand") or []
    assert all(isinstance(c, str) for c in hand)
    # a spectator (no token) sees no hidden hand
    spec = page.context.new_page()
    spec.goto(f"{server.base}/?table={table}")
    spec.wait_for_function("window.__cardroom.state !== null")
    sst = spec.evaluate("window.__cardroom.state")
    assert sst["seat"] is None and sst["legal"] == []
    assert spec.locator("[data-legal-id]").count() == 0
    assert spec.locator("[data-hand='0'] .card[data-card]").count() == 0 or deal_of(sst).get("dummy") == "N"
    shot(spec, "bridge-4-spectator")
    spec.close()


# ------------------------------------------------------------------ preferans
def test_preferans_deal_by_clicking(page: Any, server: ServerProcess) -> None:
    table = open_table(page, server, "preferans", {"variant": "sochi", "players": 3})

    def choose(st: State) -> int:
        pick = by_text(st, "pass") if deal_of(st)["phase"] == "auction" else None
        if pick is None:
            pick = by_text(st, "whist")
        return int(st["legal"][0]["id"]) if pick is None else pick

    clicked = play(page, choose, lambda s: s["sheet"]["deals"] >= 1, shots={
        "preferans-1-bidding": lambda s: deal_of(s)["phase"] == "auction",
        "preferans-2-play": lambda s: deal_of(s)["phase"] == "play" and len(deal_of(s)["tricks"]) >= 1,
    })
    shot(page, "preferans-3-sheet")
    assert any(c["kind"] == "call" for c in clicked)  # our call in the bidding
    assert api_status(server, f"/api/tables/{table}/record") == 409  # in play: not published
    assert len(stored_actions(server, table)) > 10
    # the pulka on the page: pulya, gora and whists of every player as in the state's sheet
    got = page.evaluate("""() => {
        const s = window.__cardroom.state.sheet;
        const rows = [...document.querySelectorAll('#sheet table.pulka tbody tr')];
        return {sheet: s, rows: rows.map(r => ({
            pulya: r.querySelector('td.pulya b').textContent.trim(),
            gora: r.querySelector('td.gora b').textContent.trim(),
            whists: [...r.querySelectorAll('td')].slice(2).map(td => td.classList.contains('self') ? null
                      : td.querySelector('b').textContent.trim())}))};
    }""")
    sheet = got["sheet"]
    assert len(got["rows"]) == sheet["players"] == 3
    for s, row in enumerate(got["rows"]):
        assert float(row["pulya"]) == sheet["pulya"][s]
        assert float(row["gora"]) == sheet["gora"][s]
        for o, w in enumerate(row["whists"]):
            assert (w is None) == (o == s)
            if w is not None:
                assert float(w) == sheet["whists"][s][o]
    assert sheet["lines"], "the first deal wrote something on the pulka"


# ------------------------------------------------------------------ euchre
def test_euchre_hand_by_clicking(page: Any, server: ServerProcess) -> None:
    open_table(page, server, "euchre")

    def choose(st: State) -> int:
        return int(st["legal"][0]["id"])

    clicked = play(page, choose, lambda s: len(s["sheet"]["hands"]) >= 1, shots={
        "euchre-1-making": lambda s: deal_of(s)["phase"] in ("round1", "round2"),
        "euchre-2-play": lambda s: deal_of(s)["phase"] == "play",
    })
    shot(page, "euchre-3-sheet")
    assert any(c["kind"] == "call" for c in clicked)
    got = page.evaluate("""() => ({sheet: window.__cardroom.state.sheet,
        rows: [...document.querySelectorAll('#sheet table.euchre-hands tbody tr')].map(
            r => [...r.querySelectorAll('td')].map(td => td.textContent))})""")
    hands = got["sheet"]["hands"]
    assert len(got["rows"]) == len(hands) >= 1
    for row, (ns, ew) in zip(got["rows"], hands, strict=True):
        assert row[1] == (f"+{ns}" if ns else "") and row[2] == (f"+{ew}" if ew else "")
    assert sum(hands[0]) >= 1  # a hand scores one point or more for one side
    # a refused action is shown plainly: an act answering a stale seq
    page.evaluate("window.__cardroom.table.ws.send(JSON.stringify({type: 'act', action: 0, seq: 0}))")
    page.wait_for_selector("#errors:not([hidden])")
    assert page.inner_text("#errors").startswith("Error: ")
    assert page.evaluate("window.__cardroom.errors.length") == 1


def test_invitation_link(browser: Any, server: ServerProcess, page: Any) -> None:
    """The owner copies an invitation for seat 1; a second browser opens it and sits there."""
    page.goto(server.base + "/")
    page.wait_for_selector("#open-table")
    # the game's listed configurations set the option selects
    page.select_option("#game", "preferans")
    configs = next(g for g in api(server, "/api/games")["games"] if g["name"] == "preferans")["configurations"]
    k = next(i for i, c in enumerate(configs) if c.get("variant") == "leningrad" and c.get("players") == 4)
    page.select_option("#preset", str(k))
    assert page.input_value("select[data-option='variant']") == '"leningrad"'
    assert page.input_value("select[data-option='players']") == "4"
    page.select_option("#game", "bridge")
    page.click("#open-table")
    page.wait_for_selector("[data-invite='1']")
    table = re.search(r"table=([^&]+)", page.url).group(1)  # type: ignore[union-attr]
    page.click("[data-invite='1']")
    link = page.get_attribute("#invite-url a", "href")
    assert link and f"/join?table={table}&seat=1&code=" in link
    other = browser.new_context()
    guest = other.new_page()
    try:
        guest.goto(link)
        guest.wait_for_url(re.compile(rf"table={table}&seat=1"))
        guest.wait_for_function("window.__cardroom.state && window.__cardroom.state.seat === 1")
        assert api(server, f"/api/tables/{table}")["seats"][1]["kind"] == "human"
        guest.goto(link)  # the code works once; the stored token still leads to the seat
        guest.wait_for_function("window.__cardroom.state && window.__cardroom.state.seat === 1")
        # a token the server refuses is dropped: the page falls back to watching, saying why
        guest.evaluate(f"localStorage.setItem('cardroom:token:{table}:2', 'not-a-token')")
        guest.goto(f"{server.base}/?table={table}&seat=2")
        guest.wait_for_selector("#errors:not([hidden])")
        guest.wait_for_function("window.__cardroom.state && window.__cardroom.state.seat === null")
        assert "seat=" not in guest.url
    finally:
        other.close()


# ------------------------------------------------------------------ a whole match, records, rematch, phone
def test_match_end_records_rematch_and_phone(browser: Any, server: ServerProcess) -> None:
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, locale="ru-RU", is_mobile=True,
                              has_touch=True)
    pg = ctx.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.set_default_timeout(STEP_TIMEOUT)
    try:
        pg.goto(server.base + "/")
        pg.wait_for_selector("#lang")
        pg.select_option("#lang", "ru")
        pg.wait_for_selector("#open-table")
        assert "Лобби" in pg.inner_text("header")
        assert "Открыть стол" in pg.inner_text("#open-table")
        # an owner who does not sit: four bots play a whole euchre match to its end
        table = open_table(pg, server, "euchre", sit=False)
        pg.wait_for_function("window.__cardroom.state.over === true", timeout=60_000)
        pg.wait_for_selector("#match-over")
        shot(pg, "match-over-phone")
        wide = pg.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        assert wide <= 1, f"the page scrolls sideways on a phone by {wide}px"
        st = state(pg)
        assert st["sheet"]["over"] is True and st["sheet"]["winner"] in ("NS", "EW")
        assert pg.get_attribute("#download-json", "href") == f"/api/tables/{table}/record"
        assert pg.locator("#download-pbn").count() == 0  # PBN is for bridge only
        # records page: the finished match can be stepped through
        pg.goto(f"{server.base}/?page=records&table={table}")
        pg.wait_for_selector("#replay-step")
        n = len(api(server, f"/api/tables/{table}/record")["actions"])
        assert f"/{n}" in pg.inner_text("#replay-step")
        pg.click("#replay .controls button:nth-of-type(2)")  # back to the start of the last deal
        pg.wait_for_function(f"!document.querySelector('#replay-step').textContent.includes('{n}/{n}')")
        # the four hands as dealt in the last deal, five cards each (one may hold the turn-up), drawn
        # from the server's replay endpoint when it has one, else from the record alone
        pg.wait_for_selector("#replay-view [data-hand] .card")
        sizes = pg.eval_on_selector_all("#replay-view [data-hand]",
                                        "els => els.map(e => e.querySelectorAll('.card').length)")
        assert len(sizes) == 4 and all(k in (5, 6) for k in sizes), sizes
        shot(pg, "records-phone")
        # another match: a new table with the same seats (four bots) linked to this one
        pg.goto(f"{server.base}/?table={table}")
        pg.wait_for_selector("#rematch")
        pg.click("#rematch")
        pg.wait_for_url(re.compile(r"table=(?!" + table + ")"))
        new = re.search(r"table=([^&]+)", pg.url).group(1)  # type: ignore[union-attr]
        info = api(server, f"/api/tables/{new}")
        assert info["parent"] == table and info["game"] == "euchre"
        assert [s["kind"] for s in info["seats"]] == ["bot"] * 4
    finally:
        ctx.close()
    assert errors == []
