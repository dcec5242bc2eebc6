"""The table players expect and the lobby (issue 14, points 8, 9 and 12), in a real Chromium, on a
desktop in English and a 375×667 phone in Russian: the bidding box (only the legal calls enabled, a
bid made through it: its level, then its strain), the bot's calls explained on click, the trick laid
out by seat around the centre with the last and the earlier tricks on request, the bridge diagram for
spectators, the lobby's filters, joining a free seat from the list, closing a table, a player's page.
Screenshots of every game's table go to tests/artifacts/table-*.png.

The server, the browser and the helpers are tests/test_room_browser.py's.
"""

from __future__ import annotations

import json
import re
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest

from browserkit import ARTIFACTS, STEP_TIMEOUT, State, state
from cardroom.games import names
from cardroom.room.testing import ServerProcess
from test_room_browser import (  # noqa: F401  (fixtures)
    PHONE_PROBLEMS,
    browser,
    by_text,
    deal_of,
    grand_slam_by_north,
    open_table,
    play,
    server,
)

VIEWS = {  # (viewport, locale, mobile)
    "desktop-en": ({"width": 1100, "height": 900}, "en-US", False),
    "phone-ru": ({"width": 375, "height": 667}, "ru-RU", True),
}
CARD = re.compile(r"^(10|[2-9JQKA])[CDHS]$")
PLACES = ["south", "west", "north", "east"]  # from the bottom clockwise (static/table.js)


@pytest.fixture(params=list(VIEWS))
def pg(request: pytest.FixtureRequest, browser: Any) -> Iterator[Any]:  # noqa: F811
    viewport, locale, mobile = VIEWS[request.param]
    ctx = browser.new_context(bypass_csp=True, viewport=viewport, locale=locale, is_mobile=mobile, has_touch=mobile)
    p = ctx.new_page()
    errors: list[str] = []
    p.on("pageerror", lambda e: errors.append(str(e)))
    p.set_default_timeout(STEP_TIMEOUT)
    p.view_name = request.param
    p.lang = locale[:2]
    try:
        yield p
    finally:
        ctx.close()
    assert errors == [], f"JavaScript errors on the page: {errors}"


def small_shot(p: Any, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    p.screenshot(path=str(ARTIFACTS / f"{name}.png"))  # the viewport only: a small PNG


def post(server: ServerProcess, path: str, body: dict[str, Any] | None = None,  # noqa: F811
         token: str | None = None) -> Any:
    req = urllib.request.Request(server.base + path, method="POST", data=json.dumps(body or {}).encode(),
                                 headers={"Content-Type": "application/json",
                                          **({"Authorization": f"Bearer {token}"} if token else {})})
    with urllib.request.urlopen(req, timeout=10) as r:
        return json.load(r)


def get(server: ServerProcess, path: str) -> Any:  # noqa: F811
    with urllib.request.urlopen(server.base + path, timeout=10) as r:
        return json.load(r)


def wait_our_call(p: Any) -> State:
    p.wait_for_function("() => { const s = window.__cardroom.state; return s && s.to_act === 0 && s.legal.length > 0"
                        " && document.querySelector('#table').dataset.seq == String(s.seq); }")
    return state(p)


# ------------------------------------------------------------------ the bidding box
def test_bidding_box_enables_only_legal_calls_and_makes_a_bid(pg: Any, server: ServerProcess) -> None:  # noqa: F811
    """Only the legal calls carry an action and are enabled (the others are there, disabled); a bid is
    made by its level, then its strain, and the server's auction has it; the box's words are the
    page's language."""
    open_table(pg, server, "bridge", seed=2026)
    st = wait_our_call(pg)
    legal = {x["text"]: x["id"] for x in st["legal"]}
    box = pg.locator("#bidding-box")
    assert box.count() == 1
    got = pg.eval_on_selector_all("#bidding-box [data-call]",
                                  "els => els.map(e => [e.dataset.call, e.disabled, e.dataset.legalId ?? null])")
    assert len(got) == 7 * 5 - sum(1 for lv in range(1, 8) if not any(t.startswith(str(lv)) for t in legal)) * 5 + 3
    for call, disabled, lid in got:
        if call in legal:
            assert not disabled and lid == str(legal[call]), call
        else:
            assert disabled and lid is None, call
    ids = pg.eval_on_selector_all("[data-legal-id]", "els => els.map(e => e.dataset.legalId)")
    assert sorted(int(x) for x in ids) == sorted(legal.values())
    levels = pg.eval_on_selector_all("#bidding-box .bb-level",
                                     "els => els.map(e => [Number(e.dataset.level), e.disabled])")
    assert [lv for lv, off in levels if not off] == sorted({int(t[0]) for t in legal if t[0].isdigit()})
    pass_text = pg.text_content("#bidding-box [data-call='Pass']")
    assert pass_text == ("Пас" if pg.lang == "ru" else "Pass")
    # a strain is hidden until its level is picked
    bid = next(t for t in ("2H", "2S", "3C", "3D", "3NT", "4S") if t in legal)
    assert not pg.locator(f"#bidding-box [data-call='{bid}']").is_visible()
    pg.click(f"#bidding-box .bb-level[data-level='{bid[0]}']")
    assert pg.locator(f"#bidding-box [data-call='{bid}']").is_visible()
    if pg.view_name == "phone-ru":
        assert pg.evaluate(PHONE_PROBLEMS) == []
    small_shot(pg, f"bidding-box-{pg.view_name}")
    seq = st["seq"]
    pg.click(f"#bidding-box [data-call='{bid}']")
    pg.wait_for_function(f"window.__cardroom.state.seq > {seq}")
    d = deal_of(state(pg))
    order = "NESW"
    first = order.index(d["dealer"])
    ours = [c for i, c in enumerate(d["auction"]) if order[(first + i) % 4] == "N"]
    assert ours and ours[0] == bid, d["auction"]


def test_bot_calls_are_explained_on_click(pg: Any, server: ServerProcess) -> None:  # noqa: F811
    """A click on a call of the auction shows what it shows in the bot's system: the server's
    explanation of that call, in the page's language."""
    table = open_table(pg, server, "bridge", seed=2026)
    st = wait_our_call(pg)
    auction = deal_of(st)["auction"]
    assert auction, "the bots called first"
    k = len(auction) - 1
    pg.click(f"#bidding .explain-call[data-call-index='{k}']")
    pg.wait_for_selector("#explanation")
    want = get(server, f"/api/tables/{table}/explain?call={k}&lang={pg.lang}")["explanation"]["text"]
    assert pg.text_content("#explanation-text") == want
    if pg.lang == "ru":
        assert re.search("[а-я]", want) and not re.search(r"\b(points|opening|pass)\b", want), want
    small_shot(pg, f"explanation-{pg.view_name}")
    pg.click("#explanation-close")
    assert pg.locator("#explanation").count() == 0


# ------------------------------------------------------------------ the trick by seat
def test_trick_laid_out_by_seat_with_last_and_earlier_tricks(pg: Any, server: ServerProcess) -> None:  # noqa: F811
    """Each card of the trick lies at its player's place (the place of his box); the last trick and
    the earlier ones are shown on request, as the server's table has them; a spectator sees the
    bridge diagram (N top, S bottom, W left, E right)."""
    table = open_table(pg, server, "bridge", seed=2026)

    def choose(s: State) -> int:
        if all(CARD.match(x["text"]) for x in s["legal"]):
            return int(s["legal"][0]["id"])
        return grand_slam_by_north(s)

    def done(s: State) -> bool:
        tb = s["view"]["table"]
        return len(tb["tricks"]) >= 2 and len(tb["trick"]["plays"]) >= 1

    play(pg, choose, done, limit=90)
    st = state(pg)
    tb = st["view"]["table"]
    # the trick in play: every card at its player's place
    placed = pg.eval_on_selector_all("#trick .played", "els => els.map(e => [Number(e.dataset.playedBy),"
                                     " e.dataset.place, e.querySelector('[data-card]').dataset.card])")
    assert [(s_, c) for s_, _, c in placed] == [(s_, c) for s_, c in tb["trick"]["plays"]]
    for seat, place, _ in placed:
        assert place == PLACES[seat % 4]  # seat 0 at the bottom
        assert pg.get_attribute(f".seat-box.{place}", "data-seat-box") == str(seat)
    # the last trick on request, then the one before it
    pg.click("#last-trick")
    last = len(tb["tricks"]) - 1
    assert pg.get_attribute("#trick", "data-trick") == str(last)
    cards = pg.eval_on_selector_all("#trick .played [data-card]", "els => els.map(e => e.dataset.card)")
    assert cards == [c for _, c in tb["tricks"][last]["plays"]]
    winner = pg.get_attribute("#trick .played.winner", "data-played-by")
    assert winner == str(tb["tricks"][last]["winner"])
    pg.click("#trick-prev")
    assert pg.get_attribute("#trick", "data-trick") == str(last - 1)
    cards = pg.eval_on_selector_all("#trick .played [data-card]", "els => els.map(e => e.dataset.card)")
    assert cards == [c for _, c in tb["tricks"][last - 1]["plays"]]
    if pg.view_name == "phone-ru":
        assert pg.evaluate(PHONE_PROBLEMS) == []
    small_shot(pg, f"trick-review-{pg.view_name}")
    pg.click("#trick-back")
    assert pg.get_attribute("#trick", "data-trick") == "current"
    # a spectator: South at the bottom, North at the top, West left, East right
    spec = pg.context.new_page()
    spec.goto(f"{server.base}/?table={table}")
    spec.wait_for_function("window.__cardroom.state !== null && document.querySelector('.board')")
    labels = [s["label"] for s in st["seats"]]
    for place, label in (("south", "S"), ("north", "N"), ("west", "W"), ("east", "E")):
        assert spec.get_attribute(f".seat-box.{place}", "data-seat-box") == str(labels.index(label))
    small_shot(spec, f"spectator-diagram-{pg.view_name}")
    spec.close()


# ------------------------------------------------------------------ the lobby
def test_lobby_filters_and_joining_a_free_seat_from_the_list(pg: Any, server: ServerProcess) -> None:  # noqa: F811
    """Filtering by game and variant lists only those tables (each with its options in one line, all
    of them behind "more", its free seats); a free seat is taken from the list; the owner closes his
    table from the list; the player's page lists the match he sat at."""
    soch = post(server, "/api/tables", {"game": "preferans", "options": {"variant": "sochi"}})
    lenin = post(server, "/api/tables", {"game": "preferans", "options": {"variant": "leningrad"}})
    euch = post(server, "/api/tables", {"game": "euchre", "options": {}})
    name = f"Vera{pg.view_name[:2]}"
    pg.goto(server.base + "/")
    pg.evaluate(f"""() => {{ localStorage.setItem('cardroom:name', {json.dumps(name)});
        localStorage.setItem('cardroom:owner:{euch["id"]}', {json.dumps(euch["owner_token"])}); }}""")
    pg.reload()
    pg.wait_for_selector(f"#tables tr[data-table='{soch['id']}']")
    # the club evening's page is reached from the lobby, in the page's language
    link = pg.locator("#club-evening-link")
    assert link.text_content() == ("клубный вечер" if pg.lang == "ru" else "a club evening")
    href = link.get_attribute("href") or ""
    assert href.startswith("/club/evening?lang=")
    page = urllib.request.urlopen(server.base + href, timeout=10).read().decode("utf-8")
    assert 'id="evening"' in page
    pg.select_option("#filter-game", "preferans")
    pg.wait_for_function("[...document.querySelectorAll('#tables tr[data-table]')]"
                         ".every(r => r.dataset.game === 'preferans')")
    rows = pg.eval_on_selector_all("#tables tr[data-table]", "els => els.map(e => e.dataset.table)")
    assert soch["id"] in rows and lenin["id"] in rows and euch["id"] not in rows
    want = get(server, "/api/tables?game=preferans")["tables"]
    assert rows == [t["id"] for t in want]
    label = "Ленинград" if pg.lang == "ru" else "Leningrad"
    options = pg.eval_on_selector_all("#filter-variant option", "els => els.map(e => [e.value, e.textContent])")
    variant = next(o for o in options if o[1].startswith(label))
    pg.select_option("#filter-variant", variant[0])
    pg.wait_for_function(f"() => {{ const r = [...document.querySelectorAll('#tables tr[data-table]')];"
                         f" return r.length > 0 && r.every(x => x.dataset.table !== '{soch['id']}'); }}")
    rows = pg.eval_on_selector_all("#tables tr[data-table]", "els => els.map(e => e.dataset.table)")
    assert rows == [t["id"] for t in get(server, "/api/tables?game=preferans&variant=leningrad")["tables"]]
    row = f"#tables tr[data-table='{lenin['id']}']"
    assert label in pg.text_content(f"{row} .options-line")
    assert pg.get_attribute(row, "data-free") == "3"
    pg.click(f"{row} .options-more summary")
    assert pg.locator(f"{row} .options-more li").count() == len(lenin["table"]["options"])
    if pg.view_name == "phone-ru":
        assert pg.evaluate(PHONE_PROBLEMS) == []
    small_shot(pg, f"lobby-filtered-{pg.view_name}")
    # join seat 1 from the list
    pg.click(f"{row} [data-sit='1']")
    pg.wait_for_url(re.compile(rf"table={lenin['id']}&seat=1"))
    pg.wait_for_function("window.__cardroom.state && window.__cardroom.state.seat === 1")
    info = get(server, f"/api/tables/{lenin['id']}")
    assert info["seats"][1]["kind"] == "human" and info["seats"][1]["name"] == name
    # the owner closes his table from the list
    pg.goto(server.base + "/")
    pg.once("dialog", lambda d: d.accept())
    pg.click(f"#tables [data-close='{euch['id']}']")
    pg.wait_for_function(f"!document.querySelector(\"#tables [data-close='{euch['id']}']\")")
    assert get(server, f"/api/tables/{euch['id']}")["over"] is True
    # the player's page
    pg.click("#my-matches")
    pg.wait_for_selector("#player")
    assert pg.eval_on_selector_all("#player tr[data-table]", "els => els.map(e => e.dataset.table)") == [lenin["id"]]
    if pg.view_name == "phone-ru":
        assert pg.evaluate(PHONE_PROBLEMS) == []
    small_shot(pg, f"player-page-{pg.view_name}")


# ------------------------------------------------------------------ every game's table
@pytest.mark.parametrize("game", names())
def test_every_games_table_screenshot(browser: Any, server: ServerProcess, game: str) -> None:  # noqa: F811
    """Each game's table, seat 0 taken and bots in the others, at its turn once a trick is begun (a
    small PNG per game in tests/artifacts/); the trick's cards lie at their players' places."""
    ctx = browser.new_context(bypass_csp=True, viewport={"width": 1000, "height": 760}, locale="en-US")
    p = ctx.new_page()
    p.set_default_timeout(STEP_TIMEOUT)
    try:
        open_table(p, server, game)
        play(p, lambda s: int(s["legal"][0]["id"]),
             lambda s: len(s["view"]["table"]["trick"]["plays"]) >= 1 or s["over"], limit=90)
        st = state(p)
        tb = st["view"]["table"]
        at = tb.get("places")  # the three-player bridges: each player's table seat (the dummy's the fourth)
        n = len(st["seats"]) if at is None else tb["seats"]
        places = {4: ["south", "west", "north", "east"], 3: ["south", "west", "east"], 2: ["south", "north"]}[n]
        me = 0 if at is None else at[0]  # the seat taken, at the bottom
        placed = p.eval_on_selector_all("#trick .played",
                                        "els => els.map(e => [Number(e.dataset.playedBy), e.dataset.place])")
        for seat, place in placed:
            if seat >= 0:
                assert place.removesuffix("2") == places[(seat - me) % n]  # "2": a player's second card (two-handed)
        small_shot(p, f"table-{game}")
    finally:
        ctx.close()


@pytest.mark.parametrize("game", ["bridge", "euchre"])
def test_spectator_of_a_finished_deal_sees_all_hands(pg: Any, server: ServerProcess, game: str) -> None:  # noqa: F811
    """Once the deal is played out (here: the match over), a spectator sees every seat's hand of that
    deal: the cards each played to the tricks, at its place."""
    made = post(server, "/api/tables", {"game": game, "options": {}, "seed": 4, "practice": True})
    post(server, f"/api/tables/{made['id']}/bots", {}, made["owner_token"])
    pg.goto(f"{server.base}/?table={made['id']}")
    pg.wait_for_function("window.__cardroom.state && window.__cardroom.state.over", timeout=60_000)
    tb = state(pg)["view"]["table"]
    assert tb["phase"] == "match_over"
    for seat in range(tb["seats"]):
        played = sorted(c for tr in tb["tricks"] for s, c in tr["plays"] if s == seat)
        if seat in tb["out"]:
            continue
        shown = pg.eval_on_selector_all(f"[data-hand='{seat}'] [data-card]", "els => els.map(e => e.dataset.card)")
        assert sorted(shown) == played and played, (seat, shown, played)
    small_shot(pg, f"finished-deal-spectator-{game}-{pg.view_name}")


def test_preferans_ladder_shows_only_the_calls_allowed_now(pg: Any, server: ServerProcess) -> None:  # noqa: F811
    """At the preferans bidding the ladder holds exactly the legal calls (no other bid is drawn), the
    bids by level from six up; a bid made from it is the server's next call."""
    open_table(pg, server, "preferans", {"variant": "sochi", "players": 3}, seed=2026)
    pg.wait_for_function("() => { const s = window.__cardroom.state; return s && s.to_act === 0"
                         " && document.querySelector('#pref-ladder')"
                         " && document.querySelector('#table').dataset.seq == String(s.seq); }", timeout=30_000)
    st = state(pg)
    legal = {x["text"]: x["id"] for x in st["legal"]}
    drawn = pg.eval_on_selector_all("#pref-ladder button", "els => els.map(e => [e.dataset.text, e.disabled])")
    assert sorted(t for t, _ in drawn) == sorted(legal) and not any(off for _, off in drawn)
    levels = pg.eval_on_selector_all("#pref-ladder .ladder-row", "els => els.map(e => Number(e.dataset.ladderLevel))")
    assert levels == sorted(levels) and levels
    small_shot(pg, f"pref-ladder-{pg.view_name}")
    bid = pg.get_attribute("#pref-ladder .ladder-row button", "data-text")
    seq = st["seq"]
    pg.click("#pref-ladder .ladder-row button")
    pg.wait_for_function(f"window.__cardroom.state.seq > {seq}")
    calls = deal_of(state(pg))["auction"]
    assert [c for s, c in calls if s == 0][-1] == bid, calls


def test_replay_draws_the_bridge_diagram(pg: Any, server: ServerProcess) -> None:  # noqa: F811
    """The replay of a finished bridge match: N at the top, S at the bottom, W left, E right."""
    made = post(server, "/api/tables", {"game": "bridge", "options": {}, "seed": 8, "practice": True})
    post(server, f"/api/tables/{made['id']}/bots", {}, made["owner_token"])
    pg.goto(f"{server.base}/?table={made['id']}")
    pg.wait_for_function("window.__cardroom.state && window.__cardroom.state.over", timeout=60_000)
    pg.goto(f"{server.base}/?page=records&table={made['id']}")
    pg.wait_for_selector("#replay-view .board")
    labels = [s["label"] for s in get(server, f"/api/tables/{made['id']}")["seats"]]
    for place, label in (("south", "S"), ("north", "N"), ("west", "W"), ("east", "E")):
        assert pg.get_attribute(f"#replay-view .seat-box.{place}", "data-seat-box") == str(labels.index(label))
