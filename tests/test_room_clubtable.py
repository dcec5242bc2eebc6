"""The club table of 1913 in the card room (room/clubtable.py): six join, four play a rubber as a room
table, the rubber ends and the cutting out (law 21) seats the waiting players with their own tokens;
a seventh is refused (law 18); the score book corrected by the rulings of laws 12-13 and a deal
claimed under law 37 through the room; bad tokens refused; everything survives a restart."""

from __future__ import annotations

import time
import warnings
from pathlib import Path
from typing import Any

import pytest

from roomkit import auth, poll

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from cardroom.core.cards import Card
from cardroom.games.oldbridge.rubber import cut_key
from cardroom.room.app import create_app

OPTIONS = {"game_points": 1}  # any made contract wins a game: a short rubber, the laws the same


@pytest.fixture
def db(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path}/room.sqlite"


def club_until(c: TestClient, cid: str, pred: Any, timeout: float = 90.0) -> dict[str, Any]:
    return poll(c, f"/api/clubs/{cid}", pred, timeout, pause=0.05)


def play_out(c: TestClient, table: str, tokens: list[str], timeout: float = 120.0) -> None:
    """The people at ``table`` play its rubber to the end (each the first legal action on his turn)."""
    deadline = time.monotonic() + timeout
    while not c.get(f"/api/tables/{table}").json()["over"]:
        assert time.monotonic() < deadline
        moved = False
        for tok in tokens:
            st = c.get(f"/api/tables/{table}/state", headers=auth(tok)).json()
            if st["legal"]:
                c.post(f"/api/tables/{table}/actions", json={"action": 0, "seq": st["seq"]}, headers=auth(tok))
                moved = True
        if not moved:
            time.sleep(0.01)


def test_six_join_four_play_cutting_out_seats_the_waiting(db: str) -> None:
    with TestClient(create_app(db)) as c:
        r = c.post("/api/clubs", json={"game": "auction-bridge", "options": OPTIONS, "bots": 4})
        assert r.status_code == 201, r.text
        cid, owner = r.json()["id"], r.json()["owner_token"]
        club_until(c, cid, lambda i: i["phase"] == "rubber" and i["table"])
        anna = c.post(f"/api/clubs/{cid}/join", json={"name": "Anna"}).json()["token"]
        boris = c.post(f"/api/clubs/{cid}/join", json={"name": "Boris"}).json()["token"]
        info = c.get(f"/api/clubs/{cid}").json()
        assert len(info["members"]) == 6
        r = c.post(f"/api/clubs/{cid}/join", json={"name": "Zoya"})  # law 18: no seventh
        assert r.status_code == 409 and r.json()["code"] == "club_full"
        assert len(c.get(f"/api/clubs/{cid}").json()["members"]) == 6

        # a rubber of the four bots ends; Anna and Boris announced before any cut: they come in (law 21)
        info = club_until(c, cid, lambda i: i["phase"] == "rubber" and "Anna" in (i["at_table"] or []) and i["table"])
        assert info["table"] == info["tables"][-1] and len(info["tables"]) == info["rubbers"] + 1  # the new one
        assert sorted(info["came_in"]) == ["Anna", "Boris"] and len(info["went_out"]) == 2
        assert sorted(info["waiting"]) == sorted(info["went_out"])
        assert all(n.startswith("bot") for n in info["went_out"])
        table = info["table"]
        # the club names the new four as soon as it has cut; the room seats them at the new table just after
        deadline = time.monotonic() + 30
        while True:
            seats = c.get(f"/api/tables/{table}").json()["seats"]
            placed = [seats[info["at_table"].index(n)]["kind"] for n in ("Anna", "Boris")]
            if placed == ["human", "human"] or time.monotonic() > deadline:
                break
            time.sleep(0.02)
        for name, tok in (("Anna", anna), ("Boris", boris)):
            k = info["at_table"].index(name)
            assert seats[k]["kind"] == "human" and seats[k]["name"] == name
            assert c.get(f"/api/tables/{table}/state", headers=auth(tok)).json()["seat"] == k  # her club token
        assert c.get(f"/api/tables/{table}").json()["options"]["draw_for_first_deal"] is False
        # law 19: the lowest cut deals: he sits North, and North deals the rubber's first deal
        partners = [cut for cut in info["cuts"] if cut["purpose"] == "partners"][-1]["cards"]
        lowest = min(partners, key=lambda n: cut_key(Card.parse(partners[n])))
        assert info["at_table"][0] == lowest
        assert c.get(f"/api/tables/{table}/state").json()["view"]["table"]["dealer"] == 0
        rubber = info["rubbers"] + 1

        # they play the rubber; it ends; its score waits for their agreement
        play_out(c, table, [anna, boris])
        info = club_until(c, cid, lambda i: i["phase"] == "between" and i["rubbers"] == rubber)
        entry = info["book"][-1]
        assert not entry["agreed"]
        right = entry["entered"]["NS"]["honour"]

        # laws 12-13 through the room: a wrong figure written, a correction not proved, then proved
        r = c.post(f"/api/clubs/{cid}/book", json={"rubber": rubber, "side": "NS", "part": "honour",
                                                  "points": right + 7}, headers=auth(anna))
        assert r.status_code == 200 and r.json()["book"][-1]["entered"]["NS"]["honour"] == right + 7
        r = c.post(f"/api/clubs/{cid}/correct", json={"rubber": rubber, "side": "NS", "part": "honour",
                                                     "points": right + 1}, headers=auth(boris))
        assert r.status_code == 409 and r.json()["code"] == "ruling_not_proved" and "law 12" in r.json()["detail"]
        r = c.post(f"/api/clubs/{cid}/correct?lang=ru", json={"rubber": rubber, "side": "NS", "part": "honour",
                                                             "points": right}, headers=auth(boris))
        assert r.status_code == 200
        assert r.json()["book"][-1]["entered"]["NS"]["honour"] == right
        ruling = dict(r.json()["rulings"][-1])
        assert ruling.pop("text") == f"закон 12: рабер {rubber}, счёт оннеров NS исправлен с {right + 7} на {right}"
        assert ruling == {"kind": "correction", "law": "12", "rubber": rubber, "side": "NS",
                          "part": "honour", "was": right + 7, "now": right}
        # law 13 by game: the book is written at the rubber's end, game 1 was followed by game 2's declaration
        games = entry["games"]
        assert len(games) >= 2 and sum(g[0] for g in games) == entry["entered"]["NS"]["trick"]
        r = c.post(f"/api/clubs/{cid}/correct", json={"rubber": rubber, "side": "NS", "part": "trick",
                                                     "points": games[0][0] + 1, "game": 1}, headers=auth(anna))
        assert r.status_code == 409 and r.json()["code"] == "ruling_next_game_declared"
        assert "law 13" in r.json()["detail"] and "game 1" in r.json()["detail"]
        # law 37 is claimed during a deal: between rubbers there is none (the state unchanged)
        before = c.get(f"/api/clubs/{cid}").json()
        r = c.post(f"/api/clubs/{cid}/claims", json={"fault": "d"}, headers=auth(anna))
        assert r.status_code == 409 and r.json()["code"] == "club_no_deal"
        assert c.get(f"/api/clubs/{cid}").json()["rulings"] == before["rulings"]
        # both agree: the score is made up; law 13 no longer lets a trick figure be corrected
        for tok in (anna, boris):
            assert c.post(f"/api/clubs/{cid}/agree", headers=auth(tok)).status_code == 200
        r = c.post(f"/api/clubs/{cid}/correct", json={"rubber": rubber, "side": "EW", "part": "trick",
                                                     "points": 0}, headers=auth(anna))
        assert r.status_code == 409 and r.json()["code"] == "ruling_too_late"
        # the next cutting out: Anna and Boris played one rubber, the two others more: they go out
        info = club_until(c, cid, lambda i: i["rubbers"] == rubber and i["phase"] == "rubber"
                          and len(i["tables"]) > rubber)
        assert sorted(info["went_out"]) == sorted(n for n in entry["players"] if n not in ("Anna", "Boris"))
        assert "Anna" in info["at_table"] and "Boris" in info["at_table"]

        # refusals: no token, a wrong token, the owner's token for a member's act, an unknown club, a bad route
        assert c.post(f"/api/clubs/{cid}/agree").status_code == 401
        r = c.post(f"/api/clubs/{cid}/agree", headers=auth("nobody"))
        assert r.status_code == 403 and r.json()["code"] == "club_bad_token"
        assert c.post(f"/api/clubs/{cid}/leave", headers=auth(owner)).status_code == 403
        assert c.get("/api/clubs/nosuch").status_code == 404
        assert c.post(f"/api/clubs/{cid}/teleport", headers=auth(anna)).status_code == 404
        assert c.post("/api/clubs", json={"game": "preferans"}).json()["code"] == "club_game"
        before = c.get(f"/api/clubs/{cid}").json()

    with TestClient(create_app(db)) as c:  # a restart: the club replays its stored events
        after = c.get(f"/api/clubs/{cid}").json()
        for key in ("members", "book", "rulings", "went_out", "came_in", "tables", "rubbers"):
            assert after[key] == before[key], key


@pytest.mark.parametrize("game", ["straight-bridge", "bridge"])
def test_the_other_bridges_at_a_club_table(db: str, game: str) -> None:
    """Straight and contract bridge where the same laws apply: the cut seats the four, the lowest at
    North, and the rubber's table deals from North."""
    with TestClient(create_app(db, bot_delay=0.2)) as c:
        cid = c.post("/api/clubs", json={"game": game, "bots": 5}).json()["id"]
        info = club_until(c, cid, lambda i: i["phase"] == "rubber" and i["table"])
        assert len(info["waiting"]) == 1 and len(info["at_table"]) == 4
        assert c.get(f"/api/tables/{info['table']}").json()["game"] == game
        assert c.get(f"/api/tables/{info['table']}/state").json()["view"]["table"]["dealer"] == 0


def test_a_bad_stored_club_is_set_aside_the_others_served(db: str) -> None:
    with TestClient(create_app(db)) as c:
        good = c.post("/api/clubs", json={"game": "auction-bridge", "names": ["Anna"]}).json()["id"]
        bad = c.post("/api/clubs", json={"game": "auction-bridge", "names": ["Boris"]}).json()["id"]
    from sqlalchemy import create_engine, text

    engine = create_engine(db)
    with engine.begin() as conn:
        conn.execute(text("UPDATE room_club_events SET text = '{\"kind\": \"arrive\"' WHERE club_id = :c"), {"c": bad})
    engine.dispose()
    with TestClient(create_app(db)) as c:
        assert c.get(f"/api/clubs/{good}").json()["members"][0]["name"] == "Anna"
        r = c.get(f"/api/clubs/{bad}")
        assert r.status_code == 410 and r.json()["code"] == "unknown_club"


def test_substitute_and_breaking_up(db: str) -> None:
    """Law 26 through the room: the absent player's substitute takes his seat at the rubber's table;
    law 27: a player leaving the rubber without one breaks the table up (its rubber ends unfinished)."""
    with TestClient(create_app(db, bot_delay=0.2)) as c:
        r = c.post("/api/clubs", json={"game": "auction-bridge", "names": ["Anna"], "bots": 3}).json()
        cid, (anna,) = r["id"], r["tokens"]
        vera = c.post(f"/api/clubs/{cid}/join", json={"name": "Vera"}).json()["token"]
        info = club_until(c, cid, lambda i: i["phase"] == "rubber" and i["table"])
        r = c.post(f"/api/clubs/{cid}/substitute", json={"substitute": "Stranger"}, headers=auth(anna))
        assert r.status_code == 409 and r.json()["code"] == "club_bad_substitute"
        r = c.post(f"/api/clubs/{cid}/substitute", json={"substitute": "Vera"}, headers=auth(vera))
        assert r.status_code == 409 and r.json()["code"] == "club_not_playing"  # Vera is not playing
        r = c.post(f"/api/clubs/{cid}/substitute", json={"substitute": "Vera"}, headers=auth(anna))
        assert r.status_code == 200, r.text  # the three others are bots: they consent
        k = info["at_table"].index("Anna")
        seat = c.get(f"/api/tables/{info['table']}").json()["seats"][k]
        assert seat["name"] == "Vera" and seat["kind"] == "human"
        assert c.get(f"/api/tables/{info['table']}/state", headers=auth(vera)).json()["seat"] == k
        r = c.post(f"/api/clubs/{cid}/leave", headers=auth(vera))  # the substitute leaves: Anna is back
        assert r.status_code == 200 and r.json()["phase"] == "rubber" and r.json()["substitutes"] == {}
        seat = c.get(f"/api/tables/{info['table']}").json()["seats"][k]
        assert seat["name"] == "Anna"
        assert c.get(f"/api/tables/{info['table']}/state", headers=auth(anna)).json()["seat"] == k


def test_leaving_the_rubber_breaks_up_the_table(db: str) -> None:
    """Law 27: a player leaving the rubber without a substitute breaks the table up: its rubber ends
    unfinished and the others have the prior right of entry elsewhere."""
    with TestClient(create_app(db, bot_delay=0.2)) as c:
        r = c.post("/api/clubs", json={"game": "auction-bridge", "names": ["Anna", "Boris"], "bots": 2}).json()
        cid, (anna, boris) = r["id"], r["tokens"]
        info = club_until(c, cid, lambda i: i["phase"] == "rubber" and i["table"])
        r = c.post(f"/api/clubs/{cid}/leave", headers=auth(anna))
        assert r.status_code == 200 and r.json()["phase"] == "broken" and r.json()["broken_by"] == "Anna"
        assert sorted(r.json()["prior_right"]) == ["Boris", "bot 1", "bot 2"]
        assert c.get(f"/api/tables/{info['table']}").json()["over"] is True
        r = c.post(f"/api/clubs/{cid}/join", json={"name": "Zoya"})
        assert r.status_code == 409 and r.json()["code"] == "club_broken"
        # the prior right elsewhere: at another table the others go before its earlier candidates
        other = c.post("/api/clubs", json={"game": "auction-bridge", "names": ["Egor"], "bots": 3}).json()["id"]
        club_until(c, other, lambda i: i["phase"] == "rubber")
        c.post(f"/api/clubs/{other}/join", json={"name": "Dina"})
        r = c.post(f"/api/clubs/{other}/join", json={"name": "Anna", "broken": cid}, headers=auth(anna))
        assert r.status_code == 403 and r.json()["code"] == "club_bad_token"  # she broke it: no prior right
        r = c.post(f"/api/clubs/{other}/join", json={"name": "Anna2", "broken": "nosuch"}, headers=auth(anna))
        assert r.status_code == 404
        r = c.post(f"/api/clubs/{other}/join", json={"name": "Boris", "broken": cid}, headers=auth(boris))
        assert r.status_code == 201, r.text
        waiting = r.json()["club"]["waiting"]
        assert waiting == ["Boris", "Dina"]


def test_killed_server_resumes_the_club(tmp_path: Path) -> None:
    """SIGKILL between events: the restarted server replays every stored event of the club (its cuts,
    book, members and tables) and the club plays on from there."""
    import json
    import urllib.request

    from cardroom.room.testing import ServerProcess

    def call(srv: ServerProcess, path: str, body: dict[str, Any] | None = None) -> dict[str, Any]:
        req = urllib.request.Request(srv.base + path, data=None if body is None else json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"},
                                     method="GET" if body is None else "POST")
        with urllib.request.urlopen(req, timeout=10) as r:
            out: dict[str, Any] = json.loads(r.read())
            return out

    srv = ServerProcess(str(tmp_path / "room.sqlite"), bot_delay=0.03, limits={"table_rate": 0})
    srv.start()
    try:
        cid = call(srv, "/api/clubs", {"game": "straight-bridge", "options": OPTIONS, "bots": 6})["id"]
        deadline = time.monotonic() + 90
        while call(srv, f"/api/clubs/{cid}")["rubbers"] < 1:
            assert time.monotonic() < deadline
            time.sleep(0.05)
        srv.kill()
        srv.start()
        info = call(srv, f"/api/clubs/{cid}")
        assert info["rubbers"] >= 1 and len(info["members"]) == 6 and len(info["book"]) == info["rubbers"]
        first = info["rubbers"]
        assert first < 3, "the bots played all their rubbers before the kill"  # BOTS_ALONE_RUBBERS
        while call(srv, f"/api/clubs/{cid}")["rubbers"] <= first:  # it goes on after the restart
            assert time.monotonic() < deadline + 90
            time.sleep(0.05)
        after = call(srv, f"/api/clubs/{cid}")
        assert after["book"][:first] == info["book"][:first]
    finally:
        srv.stop()


def test_claims_and_breaking_up_through_the_room(db: str) -> None:
    """Laws 36-37 during a rubber: a player's claim of a card faced in the deal is ruled a new deal by the
    same dealer (named from the rubber's table); a waiting member cannot claim; law 27: breaking up is
    refused to a member whose leaving would not break the table, granted to a player of the rubber."""
    with TestClient(create_app(db, bot_delay=0.3)) as c:
        r = c.post("/api/clubs", json={"game": "auction-bridge", "names": ["Anna"], "bots": 3}).json()
        cid, (anna,) = r["id"], r["tokens"]
        vera = c.post(f"/api/clubs/{cid}/join", json={"name": "Vera"}).json()["token"]
        info = club_until(c, cid, lambda i: i["phase"] == "rubber" and i["table"])
        r = c.post(f"/api/clubs/{cid}/claims", json={"fault": "c"}, headers=auth(vera))
        assert r.status_code == 409 and r.json()["code"] == "club_not_playing"
        dealer = c.get(f"/api/tables/{info['table']}/state").json()["view"]["table"]["dealer"]
        r = c.post(f"/api/clubs/{cid}/claims?lang=ru", json={"fault": "c"}, headers=auth(anna))
        assert r.status_code == 200, r.text
        ruling = r.json()["rulings"][-1]
        assert ruling["key"] == "club.ruling.new_deal_by" and ruling["params"] == {
            "law": "37", "cases": "c", "dealer": info["at_table"][dealer]}
        r = c.post(f"/api/clubs/{cid}/claims", json={"fault": "f", "in_time": False}, headers=auth(anna))
        assert r.json()["rulings"][-1]["key"] == "club.ruling.deal_stands_next"
        assert r.json()["rulings"][-1]["params"]["next"] == info["at_table"][(dealer + 1) % 4]

        before = c.get(f"/api/clubs/{cid}").json()
        r = c.post(f"/api/clubs/{cid}/break", headers=auth(vera))  # waiting: her leaving breaks nothing
        assert r.status_code == 409 and r.json()["code"] == "club_not_breaking" and "law 20" in r.json()["detail"]
        r = c.post(f"/api/clubs/{cid}/break?lang=ru", headers=auth(vera))
        assert "закон 20" in r.json()["detail"]
        assert c.get(f"/api/clubs/{cid}").json()["members"] == before["members"]
        r = c.post(f"/api/clubs/{cid}/break", headers=auth(anna))
        assert r.status_code == 200 and r.json()["phase"] == "broken" and r.json()["broken_by"] == "Anna"
        assert sorted(r.json()["prior_right"]) == ["Vera", "bot 1", "bot 2", "bot 3"]
        assert c.get(f"/api/tables/{info['table']}").json()["over"] is True


def test_law_25_a_member_helps_form_another_table_and_comes_back(db: str) -> None:
    """Law 25 across two club tables of the room: Anna, waiting at A, joins B, which cannot be formed
    without her, announcing her return: she keeps her position at A (passed over while away), plays
    B's rubber with her own token, and as soon as a candidate can take her place at B she is back at
    A. Then, having played at B, she arrives at a new table marked as such (law 23). A move to an
    unknown table or to one's own is refused and leaves both tables as they were (the engine's
    refusals, a seated player among them: tests/test_club_1913_tables.py)."""
    with TestClient(create_app(db)) as c:
        # A's rubber waits for Petr, who does not play: Anna stays a candidate at A throughout
        a = c.post("/api/clubs", json={"game": "auction-bridge", "options": OPTIONS, "names": ["Petr"],
                                       "bots": 3}).json()["id"]
        club_until(c, a, lambda i: i["phase"] == "rubber" and i["table"])
        anna = c.post(f"/api/clubs/{a}/join", json={"name": "Anna"}).json()["token"]
        made = c.post("/api/clubs", json={"game": "auction-bridge", "options": OPTIONS, "names": ["Zoya"],
                                          "bots": 2}).json()
        b, (zoya,) = made["id"], made["tokens"]
        assert {x["id"] for x in c.get("/api/clubs").json()["clubs"]} >= {a, b}
        before = (c.get(f"/api/clubs/{a}").json()["members"], c.get(f"/api/clubs/{b}").json()["members"])
        r = c.post(f"/api/clubs/{a}/move", json={"to": "nosuch", "return": True}, headers=auth(anna))
        assert r.status_code == 404
        r = c.post(f"/api/clubs/{a}/move", json={"to": a, "return": True}, headers=auth(anna))
        assert r.status_code == 409 and r.json()["code"] == "club_same_table"
        assert (c.get(f"/api/clubs/{a}").json()["members"], c.get(f"/api/clubs/{b}").json()["members"]) == before

        r = c.post(f"/api/clubs/{a}/move", json={"to": b, "return": True}, headers=auth(anna))
        assert r.status_code == 200, r.text
        me = {m["name"]: m for m in r.json()["members"]}["Anna"]
        assert me["away"] == b and "Anna" in r.json()["waiting"]
        info = club_until(c, b, lambda i: i["phase"] == "rubber" and i["table"])
        assert "Anna" in info["at_table"] and {m["name"]: m for m in info["members"]}["Anna"]["home"] == a
        wanda = c.post(f"/api/clubs/{b}/join", json={"name": "Wanda"}).json()["token"]
        play_out(c, info["table"], [anna, zoya])
        club_until(c, b, lambda i: i["phase"] == "between" and not i["book"][-1]["agreed"])
        for tok in (anna, zoya):
            assert c.post(f"/api/clubs/{b}/agree", headers=auth(tok)).status_code == 200
        # her place at B can be filled: she leaves B (Wanda takes it, law 20) and is back at A
        info = club_until(c, b, lambda i: i["phase"] == "rubber" and len(i["tables"]) == 2)
        assert "Anna" not in [m["name"] for m in info["members"]] and "Wanda" in info["at_table"]
        home = club_until(c, a, lambda i: {m["name"]: m for m in i["members"]}["Anna"]["away"] is None)
        assert home["waiting"] == ["Anna"]  # her position at A kept
        # law 23: having played at B, she arrives at a new table C marked so; now without announcing a
        # return she gives up her place at A (C needs her: law 24, she goes out last there)
        cc = c.post("/api/clubs", json={"game": "auction-bridge", "options": OPTIONS, "names": ["Olga"]}).json()["id"]
        r = c.post(f"/api/clubs/{a}/move", json={"to": cc, "return": False}, headers=auth(anna))
        assert r.status_code == 200 and "Anna" not in [m["name"] for m in r.json()["members"]]
        there = {m["name"]: m for m in c.get(f"/api/clubs/{cc}").json()["members"]}
        assert there["Anna"]["played"] is True and there["Olga"]["played"] is False and there["Anna"]["home"] is None
        assert c.get(f"/api/tables/{info['table']}/state", headers=auth(wanda)).json()["seat"] == \
            info["at_table"].index("Wanda")


def test_every_refused_member_action_leaves_the_club_unchanged(db: str) -> None:
    """Each action of the page refused by the laws: 409 with its code and the catalogue's text in the
    request's language (English, Russian), the club exactly as it was (members, book, rulings, seats)."""
    import re

    with TestClient(create_app(db, bot_delay=0.3)) as c:
        r = c.post("/api/clubs", json={"game": "auction-bridge", "names": ["Anna"], "bots": 3}).json()
        cid, (anna,) = r["id"], r["tokens"]
        vera = c.post(f"/api/clubs/{cid}/join", json={"name": "Vera"}).json()["token"]
        club_until(c, cid, lambda i: i["phase"] == "rubber" and i["table"])
        other = c.post("/api/clubs", json={"game": "auction-bridge", "names": ["Olga"]}).json()["id"]
        refusals = [
            ("substitute", {"substitute": "Stranger"}, anna, "club_bad_substitute"),  # not a waiting member
            ("substitute", {"substitute": "Anna"}, vera, "club_bad_substitute"),
            ("consent", {"absent": "Anna"}, vera, "club_not_playing"),  # law 26: one of the other three
            ("claims", {"fault": "c"}, vera, "club_not_playing"),
            ("claims", {"fault": "z"}, anna, "club_bad_fault"),
            ("break", {}, vera, "club_not_breaking"),  # law 20: her place is not needed
            ("move", {"to": other, "return": True}, anna, "club_seated"),  # laws 25-27: seated for the rubber
            ("move", {"to": cid}, vera, "club_same_table"),
            ("agree", {}, anna, "club_nothing_to_agree"),
            ("correct", {"rubber": 1, "side": "NS", "part": "honour", "points": 0}, anna, "club_no_such_rubber"),
        ]
        for route, body, tok, code in refusals:
            before = (c.get(f"/api/clubs/{cid}").json(), c.get(f"/api/clubs/{other}").json())
            texts = []
            for lang in ("en", "ru"):
                r = c.post(f"/api/clubs/{cid}/{route}?lang={lang}", json=body, headers=auth(tok))
                assert r.status_code == 409 and r.json()["code"] == code, (route, r.text)
                texts.append(r.json()["detail"])
            assert re.search("[A-Za-z]{3}", texts[0]) and re.search("[а-яё]{3}", texts[1]), texts
            assert "club." not in texts[0] + texts[1]  # a text, not a key
            after = (c.get(f"/api/clubs/{cid}").json(), c.get(f"/api/clubs/{other}").json())
            assert after == before, route


def test_law_25_the_table_he_helped_form_broken_up_he_is_back_at_his_own(db: str) -> None:
    """Law 25 with law 27: Anna keeps her position at A while she helps form B; Zoya breaks B up during
    its rubber: Anna, one of the others (law 27's prior right), is back at A in her place at once."""
    with TestClient(create_app(db, bot_delay=0.3)) as c:
        a = c.post("/api/clubs", json={"game": "auction-bridge", "names": ["Petr"], "bots": 3}).json()["id"]
        club_until(c, a, lambda i: i["phase"] == "rubber" and i["table"])
        anna = c.post(f"/api/clubs/{a}/join", json={"name": "Anna"}).json()["token"]
        made = c.post("/api/clubs", json={"game": "auction-bridge", "names": ["Zoya"], "bots": 2}).json()
        b, (zoya,) = made["id"], made["tokens"]
        assert c.post(f"/api/clubs/{a}/move", json={"to": b, "return": True}, headers=auth(anna)).status_code == 200
        club_until(c, b, lambda i: i["phase"] == "rubber" and "Anna" in (i["at_table"] or []))
        r = c.post(f"/api/clubs/{b}/break", headers=auth(zoya))
        assert r.status_code == 200 and r.json()["phase"] == "broken" and "Anna" in r.json()["prior_right"]
        home = club_until(c, a, lambda i: {m["name"]: m for m in i["members"]}["Anna"]["away"] is None)
        assert home["waiting"] == ["Anna"]
