"""The three-player bridges at the table's seats in the browser (issue 14, point 8), in a real Chromium:
three players among four compass seats, one of them the dummy's. In three-handed auction bridge the widow
becomes the declarer's dummy opposite him and a player sitting there moves to the vacant seat; the page
must draw each hand, each card of the trick and each player's name at the seat where the cards are (the
table view's ``places``: player p sits at table seat places[p]), with the viewer at the bottom, and in
Russian show the cards with Russian ranks (docs/notation.md). Cut-throat bridge too (its players sit at
three of the four seats, the dealer opposite the vacant one). Screenshots: tests/artifacts/places-*.png."""

from __future__ import annotations

import re
import time
from typing import Any

import pytest

import browserkit
from browserkit import FAST, click_legal, page_in, play_to_deal_end, server_fixture, shot, state
from cardroom.room.testing import ServerProcess
from test_room_browser import open_table

BOARD = ["south", "west", "north", "east"]  # the board's places from the bottom, clockwise (static/table.js)
OPPOSITE = {"south": "north", "north": "south", "west": "east", "east": "west"}
RANKS = {"en": {"J": "J", "Q": "Q", "K": "K", "A": "A"}, "ru": {"J": "В", "Q": "Д", "K": "К", "A": "Т"}}


server = server_fixture("browser-places", bot_delay=0.0, limits=FAST)
waiting_server = server_fixture("browser-places-end", bot_delay=0.0, limits=FAST, deal_wait=True)
browser = browserkit.browser


def _moved(st: dict[str, Any]) -> bool:
    """In play, the dummy taken by the declarer, some player away from the seat of his number, a card on
    the trick: the moment the page is checked."""
    tb = st["view"]["table"]
    return (tb["phase"] == "play" and tb["dummy"] is not None and tb["places"] != [0, 1, 2]
            and bool(tb["trick"]["plays"]))


def _play_until_moved(pg: Any, limit: float = 120.0) -> dict[str, Any]:
    deadline = time.monotonic() + limit
    while True:
        assert time.monotonic() < deadline, state(pg)["position"]
        pg.wait_for_function(
            "() => { const s = window.__cardroom.state; return s && s.legal.length > 0"
            " && document.querySelector('#table').dataset.seq == String(s.seq)"
            " && !!document.querySelector('[data-legal-id]:not([disabled])'); }")
        st = state(pg)
        if _moved(st):
            return st
        texts = {x["text"]: x["id"] for x in st["legal"]}
        click_legal(pg, texts.get("Pass", st["legal"][0]["id"]))  # the bots declare; we pass when we may
        pg.wait_for_function(f"window.__cardroom.state.seq > {st['seq']}")


def _shown_name(name: str, lang: str) -> str:
    """A player's name as the page writes it (a bot's: "bot" and its seat's letter, in the page's language)."""
    bot = re.fullmatch(r"bot (\S+)", name)
    if bot is None or lang == "en":
        return name
    return "бот " + {"N": "С", "E": "В", "S": "Ю", "W": "З"}.get(bot.group(1), bot.group(1))


def _check_board(pg: Any, st: dict[str, Any], lang: str) -> None:
    tb = st["view"]["table"]
    places = tb["places"]
    names = [_shown_name(s["name"], lang) for s in st["seats"]]
    me = places[st["seat"]]  # the viewer's table seat, drawn at the bottom
    drawn = pg.evaluate("""() => [...document.querySelectorAll('[data-seat-box]')].map(b => {
        const r = b.getBoundingClientRect();
        return { seat: Number(b.dataset.seatBox), cls: b.className, x: r.left + r.width / 2, y: r.top + r.height / 2,
                 cards: [...b.querySelectorAll('.hand .card')].map(c => c.dataset.card),
                 ranks: [...b.querySelectorAll('.hand .card .r')].map(c => c.textContent),
                 name: (b.querySelector('.seat-name [data-raw]') || {}).textContent || null }; })""")
    by_seat = {d["seat"]: d for d in drawn}
    assert sorted(by_seat) == [0, 1, 2, 3], drawn  # the four compass seats, the dummy's among them
    at: dict[str, dict[str, Any]] = {}
    for seat in range(4):
        d = by_seat[seat]
        place = BOARD[(seat - me) % 4]
        assert place in d["cls"].split(), (seat, place, d["cls"])
        at[place] = d
        # the cards of that seat, and no others (the viewer's own, the dummy's once faced)
        want = tb["hands"].get(str(seat), [])
        assert sorted(d["cards"]) == sorted(want), (seat, d["cards"], want)
        for card, r in zip(d["cards"], d["ranks"], strict=True):
            rank = re.match(r"10|[2-9JQKA]", card).group(0)  # type: ignore[union-attr]
            assert r == RANKS[lang].get(rank, rank), (card, r, lang)
        # the name of the player sitting there (none at the dummy's seat)
        player = places.index(seat) if seat in places else None
        assert d["name"] == (None if player is None else names[player]), (seat, d["name"], player)
    # the places are where the page draws them: the viewer at the bottom, the dummy opposite the declarer
    assert at["south"]["y"] > at["north"]["y"] and at["west"]["x"] < at["east"]["x"]
    assert at["south"]["seat"] == me and sorted(at["south"]["cards"]) == sorted(tb["hands"][str(me)])
    place_of = {d["seat"]: p for p, d in at.items()}
    assert OPPOSITE[place_of[tb["dummy"]]] == place_of[tb["declarer"]]
    # the trick: each card at the place of the seat that played it, under that seat's letter
    played = pg.evaluate("""() => [...document.querySelectorAll('#trick .played')].map(p =>
        [Number(p.dataset.playedBy), p.dataset.place, p.querySelector('.card').dataset.card])""")
    assert sorted(played) == sorted([s, BOARD[(s - me) % 4], c] for s, c in tb["trick"]["plays"]), played


@pytest.mark.parametrize(("game", "lang"), [("three-handed-auction", "en"), ("three-handed-auction", "ru"),
                                          ("cutthroat", "en")])
def test_three_player_hands_trick_and_names_are_at_their_seats(browser: Any, server: ServerProcess, game: str,
                                                               lang: str) -> None:
    with page_in(browser, server, lang) as pg:
        table = open_table(pg, server, game, name="Anna" if lang == "en" else "Анна", seed=2026)
        st = _play_until_moved(pg)
        _check_board(pg, st, lang)
        shot(pg, f"places-{game}-{lang}")
        # a spectator sees the bridge diagram by the compass seats: South at the bottom, North at the top
        spec = pg.context.new_page()
        spec.goto(f"{server.base}/?table={table}")
        spec.wait_for_function("window.__cardroom.state !== null && document.querySelector('.board')")
        for seat, place in enumerate(("north", "east", "south", "west")):
            assert spec.get_attribute(f".seat-box.{place}", "data-seat-box") == str(seat)
        spec.close()


COMPASS = {"en": "NESW", "ru": "СВЮЗ"}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_three_handed_deal_end_shows_every_hand_at_its_seat(browser: Any, waiting_server: ServerProcess,
                                                            lang: str) -> None:
    """The end of a three-handed deal: every hand of it at the seat it was played from (the deal's places,
    the dummy's among them), the last trick by those seats, the result line naming the declarer by his
    seat and name."""
    with page_in(browser, waiting_server, lang) as pg:
        open_table(pg, waiting_server, "three-handed-auction", name="Anna" if lang == "en" else "Анна", seed=2026)

        def choose(st: dict[str, Any]) -> int:
            texts = {x["text"]: x["id"] for x in st["legal"]}
            return int(texts.get("Pass", st["legal"][0]["id"]))

        st = play_to_deal_end(pg, choose)
        end = st["deal_end"]
        places = end["places"]
        assert places is not None and len(places) == 3
        names = [_shown_name(s["name"], lang) for s in st["seats"]]
        me = places[st["seat"]]
        for seat, cards in end["hands"].items():
            box = pg.locator(f"[data-seat-box='{seat}']")
            assert BOARD[(int(seat) - me) % 4] in (box.get_attribute("class") or "").split()
            drawn = box.locator(".hand .card").evaluate_all("els => els.map(e => e.dataset.card)")
            assert sorted(drawn) == sorted(cards), (seat, drawn, cards)
        played = pg.evaluate("""() => [...document.querySelectorAll('#trick .played')].map(p =>
            [Number(p.dataset.playedBy), p.dataset.place, p.querySelector('.card').dataset.card])""")
        assert sorted(played) == sorted([s, BOARD[(s - me) % 4], c] for s, c in end["last_trick"]["plays"])
        declarer = end["result"]["declarer"]
        line = pg.inner_text("#result-line")
        assert f"{COMPASS[lang][declarer]} ({names[places.index(declarer)]})" in line, (line, end["result"])
        # the player the next deal waits for: named at the seat he sat at
        assert f"{COMPASS[lang][me]} ({names[st['seat']]})" in pg.inner_text("#end-waiting")
        shot(pg, f"places-three-handed-auction-end-{lang}")
