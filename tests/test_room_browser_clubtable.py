"""The club table of 1913 in a real Chromium (Playwright): a six-player club table — five bots and a
person who joins from the page and waits (law 20) — where a rubber ends and the cutting out (law 21)
seats the waiting player; the page shows the seats, the waiting, the cut and the cutting out, in English
and in Russian; a member's actions on the page (break up refused, leave). Screenshots:
tests/artifacts/clubtable-<lang>-waiting.png, …-seated.png, …-break-refused.png."""

from __future__ import annotations

import json
import re
import urllib.request
from typing import Any

import pytest

import browserkit
from browserkit import server_fixture, shot
from cardroom.room.testing import ServerProcess

RUBBER_TIMEOUT = 120_000  # ms: a bots' rubber (game at 1 point) with the bots' delay

server = server_fixture("browser-club", bot_delay=0.02, limits={"table_rate": 0, "ws_per_client": 0})
browser = browserkit.browser


def post(server: ServerProcess, path: str, body: dict[str, Any]) -> dict[str, Any]:
    req = urllib.request.Request(server.base + path, data=json.dumps(body).encode(),
                                 headers={"Content-Type": "application/json"}, method="POST")
    with urllib.request.urlopen(req, timeout=10) as r:
        out: dict[str, Any] = json.loads(r.read())
        return out


def get(server: ServerProcess, path: str) -> dict[str, Any]:
    with urllib.request.urlopen(server.base + path, timeout=10) as r:
        out: dict[str, Any] = json.loads(r.read())
        return out


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_rubber_ends_and_the_cutting_out_seats_the_waiting_player(server: ServerProcess, browser: Any,
                                                                   lang: str) -> None:
    club = post(server, "/api/clubs", {"game": "auction-bridge", "options": {"game_points": 1}, "bots": 5})
    cid = club["id"]
    # bypass_csp: wait_for_function evaluates its predicate with eval (see test_room_browser.py)
    ctx = browser.new_context(bypass_csp=True, locale="ru-RU" if lang == "ru" else "en-US",
                              viewport={"width": 1000, "height": 1100})
    pg = ctx.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.add_init_script(f"localStorage.setItem('cardroom:lang', '{lang}')")
    pg.goto(f"{server.base}/club?id={cid}")
    pg.wait_for_selector("#club[data-phase='rubber'] #club-seats tr[data-seat]")
    name = "Анна" if lang == "ru" else "Anna"
    pg.fill("#club-name", name)
    pg.click("#club-join")
    pg.wait_for_function(f"document.querySelector('#club-waiting') && "
                         f"document.querySelector('#club-waiting').textContent.includes({json.dumps(name)})")
    info = get(server, f"/api/clubs/{cid}")
    assert len(info["members"]) == 6 and name in info["waiting"] and name not in (info["at_table"] or [])
    shot(pg, f"clubtable-{lang}-waiting")

    # a rubber ends; she announced before any cut (law 22): the cutting out seats her (law 21)
    pg.wait_for_function(f"[...document.querySelectorAll('#club-seats td')].some(td => td.textContent === "
                         f"{json.dumps(name)})", timeout=RUBBER_TIMEOUT)
    info = get(server, f"/api/clubs/{cid}")
    assert name in info["at_table"] and name in info["came_in"] and len(info["went_out"]) == len(info["came_in"])
    consecutive = {m["name"]: m["consecutive"] for m in info["members"]}
    for out in info["went_out"]:  # back among the candidates, their count of consecutive rubbers reset
        assert out in info["waiting"] and consecutive[out] == 0 and out in pg.inner_text("#club-waiting")
    text = pg.inner_text("#club")
    assert name not in pg.inner_text("#club-waiting")
    assert pg.inner_text("#club-cutting-out").count(name) == 1
    link = pg.get_attribute("#club-table-link", "href") or ""
    assert link.endswith(f"table={info['table']}&seat={info['at_table'].index(name)}")
    if lang == "ru":  # the page's own words are Russian
        assert "Четвёрка рабера" in text and "Вышли (закон 21)" in text and "Аукционный бридж" in text
        assert not re.search(r"\b(Waiting|Members|rubber|Went out)\b", text)
    else:
        assert "The rubber's four" in text and "Went out (law 21)" in text
    shot(pg, f"clubtable-{lang}-seated")
    ctx.close()
    assert errors == [], f"JavaScript errors on the page: {errors}"


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_member_breaking_up_is_refused_then_leaves(server: ServerProcess, browser: Any, lang: str) -> None:
    """The page's actions of a member (law 27, law 20): a waiting member asks to break the table up; her
    leaving would not break it, so the room refuses with the catalogue's message in the page's language
    and nothing changes; she then leaves the table, and the page offers the join again."""
    club = post(server, "/api/clubs", {"game": "auction-bridge", "options": {"game_points": 1}, "bots": 4})
    cid = club["id"]
    ctx = browser.new_context(bypass_csp=True, locale="ru-RU" if lang == "ru" else "en-US",
                              viewport={"width": 1000, "height": 1400})
    pg = ctx.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.add_init_script(f"localStorage.setItem('cardroom:lang', '{lang}')")
    pg.goto(f"{server.base}/club?id={cid}")
    pg.wait_for_selector("#club[data-phase='rubber'] #club-seats tr[data-seat]")
    name = "Вера" if lang == "ru" else "Vera"
    pg.fill("#club-name", name)
    pg.click("#club-join")
    pg.wait_for_selector("#club-actions #club-break")
    before = get(server, f"/api/clubs/{cid}")
    assert name in before["waiting"]
    pg.click("#club-break")
    pg.wait_for_selector("#club-error")
    text = pg.inner_text("#club-error")
    assert ("закон 20" in text and "не распускает стол" in text) if lang == "ru" else \
        ("law 20" in text and "does not break up the table" in text)
    after = get(server, f"/api/clubs/{cid}")
    assert after["members"] == before["members"] and after["phase"] != "broken" and name in after["waiting"]
    shot(pg, f"clubtable-{lang}-break-refused")
    pg.click("#club-leave")
    pg.wait_for_selector("#club-join")
    assert name not in [m["name"] for m in get(server, f"/api/clubs/{cid}")["members"]]
    ctx.close()
    assert errors == [], f"JavaScript errors on the page: {errors}"
