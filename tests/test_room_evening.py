"""The card room's club evenings through its API (an in-process client): a pivot evening (rubber tables
shuffling their own deals) and a progressive one played by the room's tables round after round, with a
person's seat waiting for him; a progressive evening whose winners move; a six-handed evening of three
rubber tables at once; the refusals (a progressive move for another movement, too many tables, an
unknown evening), in English and Russian, leaving no evening behind."""

from __future__ import annotations

import time
import warnings
from collections.abc import Iterator
from typing import Any

import pytest

from roomkit import poll

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from cardroom.club import movements as mv
from cardroom.club.evening import EveningOptions, game_points, make_board, recompute, rows_from_dict
from cardroom.games import load
from cardroom.records.registry import state_from_dict
from cardroom.room.app import create_app


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    db = tmp_path_factory.mktemp("room") / "room.sqlite"
    with TestClient(create_app(f"sqlite:///{db}")) as c:
        yield c


def _until_over(c: TestClient, eid: str, timeout: float = 120) -> dict[str, Any]:
    return poll(c, f"/api/club/evenings/{eid}", lambda info: info["over"], timeout, pause=0.1)


def _data(c: TestClient, info: dict[str, Any], kind: str, game: str,
          options: dict[str, Any] | None = None) -> dict[str, Any]:
    tables = [{**{k: tb[k] for k in ("round", "table", "seats", "boards")},
               "segments": [{"offset": s["offset"], "boards": s["boards"],
                             "record": c.get(f"/api/tables/{s['table_id']}/record").json()} for s in tb["segments"]]}
              for tb in info["tables"]]
    return {"format": "cardroom-evening", "kind": kind, "game": game, "options": options or {}, "tables": tables}


def test_a_pivot_evening_of_rubber_tables(client: TestClient) -> None:
    r = client.post("/api/club/evenings", json={"movement": "pivot", "tables": 1, "game": "straight-bridge", "seed": 3})
    assert r.status_code == 201, r.text
    info = _until_over(client, r.json()["id"])
    assert info["failed"] is None and len(info["tables"]) == 3
    fixed = {tb["seats"]["N"] for tb in info["tables"]}
    assert len(fixed) == 1, "the first dealer keeps her seat"
    data = _data(client, info, "pivot", "straight-bridge")
    for tb in data["tables"]:
        assert all(not s["record"]["unfinished"] for s in tb["segments"]), "each rubber played to its end"
    assert [(s["name"], s["points"]) for s in info["standings"]] == [(s.name, s.points) for s in recompute(data)]
    card = client.get(info["card"] + "?lang=ru")
    assert card.status_code == 200 and "Итоги" in card.text and "Standings" not in card.text


def test_a_progressive_evening_waits_for_a_person(client: TestClient) -> None:
    r = client.post("/api/club/evenings", json={"movement": "progressive", "tables": 2, "game": "auction-bridge",
                                                "seed": 4, "players": ["Ann"], "deals": 2})
    assert r.status_code == 201, r.text
    eid = r.json()["id"]
    deadline = time.monotonic() + 30
    while not (info := client.get(f"/api/club/evenings/{eid}").json())["tables"] or \
            not info["tables"][0]["segments"]:
        assert time.monotonic() < deadline
        time.sleep(0.05)
    seg = info["tables"][0]["segments"][0]
    table = client.get(f"/api/tables/{seg['table_id']}").json()
    empty = [i for i, s in enumerate(table["seats"]) if s["kind"] == "empty"]
    assert len(empty) == 1, "Ann's seat waits for her; the bots sit at the others"
    time.sleep(0.3)
    assert not client.get(f"/api/club/evenings/{eid}").json()["over"]
    assert table["seq"] == 0, "nothing is dealt before everyone is seated"
    r = client.post(f"/api/tables/{seg['table_id']}/seats/{empty[0]}", json={"name": "Ann"})
    assert r.status_code == 201, r.text
    deadline = time.monotonic() + 30
    while (table := client.get(f"/api/tables/{seg['table_id']}").json())["seq"] == 0:
        assert time.monotonic() < deadline, table
        time.sleep(0.05)
    assert table["seats"][empty[0]]["name"] == "Ann"


def test_a_progressive_evening_whose_winners_move(client: TestClient) -> None:
    r = client.post("/api/club/evenings", json={"movement": "progressive", "tables": 3, "game": "auction-bridge",
                                                "seed": 6, "deals": 2, "progressive_move": "winners"})
    assert r.status_code == 201, r.text
    info = _until_over(client, r.json()["id"])
    assert info["failed"] is None and [tb["round"] for tb in info["tables"]] == [1, 1, 1, 2, 2, 2, 3, 3, 3]
    data = _data(client, info, "progressive", "auction-bridge", {"progressive_move": "winners"})
    rows = rows_from_dict(data)  # the rounds' points read back from the tables' published records
    for rnd in (1, 2):
        before = {r.table: r for r in rows if r.round == rnd}
        after = {r.table: r.seats for r in rows if r.round == rnd + 1}
        for table, row in before.items():
            ns, ew = row.side_points(EveningOptions(), game_points(load("auction-bridge")))
            n, e, s, w = row.seats
            won, lost = ((n, s), (e, w)) if ns > ew else ((e, w), (n, s))  # a tie: East-West move
            there, here = after[table % 3 + 1], after[table]
            assert won in ((there[0], there[2]), (there[1], there[3])), "the winners move one table up"
            assert lost == ((here[0], here[2]) if lost == (n, s) else (here[1], here[3])), "the losers stay"
    assert [(s["name"], s["points"]) for s in info["standings"]] == [(s.name, s.points) for s in recompute(data)]


def test_a_six_handed_evening_of_three_rubber_tables(client: TestClient) -> None:
    r = client.post("/api/club/evenings", json={"movement": "six-handed", "seed": 5, "six_deals": 14})
    assert r.status_code == 201, r.text
    info = _until_over(client, r.json()["id"])
    players = [f"Bot {i}" for i in range(1, 7)]
    assert info["failed"] is None and sorted(tuple(tb["pairs"]) for tb in info["tables"]) == \
        [("A", "B"), ("A", "C"), ("B", "C")], "three rubbers at once: a table each"
    schedule = mv.six_handed(players, 14)
    log = info["log"]
    assert [(x["deal"], x["end"], tuple(x["rubber"])) for x in log] == \
        [(d.number, e.position, e.rubber) for d in schedule for e in d.ends], "every end of every deal, in order"
    rubbers = []
    for tb in info["tables"]:
        key = tuple(tb["pairs"])
        segments = []
        for seg in tb["segments"]:
            record = client.get(f"/api/tables/{seg['table_id']}/record").json()
            assert record["players"] == dict(zip("NESW", mv.six_seats(players, key), strict=True))
            state = state_from_dict(record)
            ends = {x["deal"]: x["end"] for x in log if tuple(x["rubber"]) == key and not x["sat_out"]}
            for deal, result in zip(seg["boards"], state.results, strict=True):  # each end's own cards
                assert tuple(result.hands) == make_board(5, deal, f"six:{ends[deal]}").hands
            segments.append({"offset": 0, "boards": seg["boards"], "record": record})
        for done, nxt in zip(tb["segments"], tb["segments"][1:], strict=False):  # a rubber won sits out a deal
            sat = [x["deal"] for x in log if tuple(x["rubber"]) == key and x["sat_out"]]
            assert any(done["boards"][-1] < d < nxt["boards"][0] for d in sat), (key, done, nxt, sat)
        assert [b for sg in tb["segments"] for b in sg["boards"]] == \
            [x["deal"] for x in log if tuple(x["rubber"]) == key and not x["sat_out"]]
        rubbers.append({"pairs": list(key), "segments": segments})
    data = {"format": "cardroom-evening", "kind": "six-handed", "game": "straight-bridge", "options": {},
            "rubbers": rubbers}
    assert [(s["name"], s["points"]) for s in info["standings"]] == [(s.name, s.points) for s in recompute(data)]
    assert len(info["standings"]) == 3 and len(info["prizes"]) == 1
    card = client.get(info["card"])
    assert card.status_code == 200 and card.text.count("<h2>Rubber ") == 3 and "Standings" in card.text


@pytest.mark.parametrize(("body", "lang", "words"), [
    ({"movement": "duplicate", "progressive_move": "winners"}, "en", "for a progressive evening only"),
    ({"movement": "pivot", "progressive_move": "east-west"}, "ru", "только на прогрессивном вечере"),
    ({"movement": "progressive", "progressive_move": "losers"}, "en", "no such progressive move"),
    ({"movement": "duplicate", "tables": 9}, "en", "from 1 to 4"),
    ({"movement": "whist"}, "ru", "такого перемещения нет"),
    ({"movement": "duplicate", "scoring": "best"}, "en", "no such scoring"),
])
def test_bad_evenings_are_refused(client: TestClient, body: dict[str, Any], lang: str, words: str) -> None:
    before = len(client.app.state.evenings.evenings) if hasattr(client.app.state, "evenings") else 0  # type: ignore[attr-defined]
    r = client.post(f"/api/club/evenings?lang={lang}", json=body)
    assert r.status_code == 400 and r.json()["code"] == "bad_evening" and words in r.json()["detail"], r.text
    assert len(client.app.state.evenings.evenings) == before  # type: ignore[attr-defined]


def test_an_unknown_evening(client: TestClient) -> None:
    r = client.get("/api/club/evenings/e999")
    assert r.status_code == 404 and r.json()["code"] == "no_evening"
    assert client.get("/club/evenings/e999").status_code == 404


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_club_page_offers_the_movements(client: TestClient, lang: str) -> None:
    import re
    from html import unescape

    from cardroom.room.evening import ROOM_KINDS

    r = client.get(f"/club/evening?lang={lang}")
    assert r.status_code == 200
    assert re.findall(r'<select name="movement">(.*?)</select>', r.text)[0].count("<option") == len(ROOM_KINDS)
    assert '<script src="/static/evening.js">' in r.text and "<style" not in r.text
    words = unescape(re.sub(r"<[^>]+>", " ", r.text.split("<select name=\"game\">")[0]))
    if lang == "ru":  # the page's own words in one language (the games' values are their ids)
        assert "Клубный вечер" in words and not re.search("[A-Za-z]", words), words
    assert client.get("/static/evening.js").status_code == 200


def test_a_person_plays_a_six_handed_evening(client: TestClient) -> None:
    """A person named among a six-handed evening's players: her seat waits for her at each rubber table of
    her pair (a new rubber, a new table), she sits and plays every card and call of her seat through the
    room's API while the computer players play the others, the evening ends, and every record of her
    pair's rubbers has her at the seat the six-handed seating gives her."""
    r = client.post("/api/club/evenings", json={"movement": "six-handed", "seed": 8, "six_deals": 6,
                                                "players": ["Ann"]})
    assert r.status_code == 201, r.text
    eid = r.json()["id"]
    tokens: dict[str, tuple[int, str]] = {}  # table id -> Ann's seat and token
    actions = 0
    deadline = time.monotonic() + 240
    while not (info := client.get(f"/api/club/evenings/{eid}").json())["over"]:
        assert time.monotonic() < deadline and info["failed"] is None, info
        for tb in info["tables"]:
            for seg in tb["segments"]:
                tid = seg["table_id"]
                if tid not in tokens:
                    seats = client.get(f"/api/tables/{tid}").json()["seats"]
                    mine = [i for i, s in enumerate(seats) if s["kind"] == "empty"]
                    if not mine:
                        continue
                    assert len(mine) == 1, seats
                    sat = client.post(f"/api/tables/{tid}/seats/{mine[0]}", json={"name": "Ann"})
                    assert sat.status_code == 201, sat.text
                    tokens[tid] = (mine[0], sat.json()["token"])
                seat, token = tokens[tid]
                m = client.get(f"/api/tables/{tid}/state", headers={"Authorization": f"Bearer {token}"}).json()
                if m["to_act"] == seat and m["legal"]:
                    done = client.post(f"/api/tables/{tid}/actions", json={"action": m["legal"][0]["id"],
                                                                          "seq": m["seq"]},
                                       headers={"Authorization": f"Bearer {token}"})
                    assert done.status_code in (200, 409), done.text  # 409: the table moved on meanwhile
                    actions += done.status_code == 200
                elif seat in (m.get("awaited") or []):
                    client.post(f"/api/tables/{tid}/next", headers={"Authorization": f"Bearer {token}"})
        time.sleep(0.02)
    assert info["failed"] is None and actions > 0
    ann_tables = [(tb, seg) for tb in info["tables"] for seg in tb["segments"] if seg["table_id"] in tokens]
    assert {tuple(tb["pairs"]) for tb, _ in ann_tables} == {("A", "B"), ("A", "C")}, "her pair's two rubbers"
    assert {seg["table_id"] for tb in info["tables"] for seg in tb["segments"]
            if "A" in tb["pairs"]} == set(tokens), "she sat at every table of her pair, and at no other"
    for tb, seg in ann_tables:
        record = client.get(f"/api/tables/{seg['table_id']}/record").json()
        assert record["players"] == tb["seats"] and tb["seats"]["N"] == "Ann", "the first pair's first player North"
        assert tokens[seg["table_id"]][0] == 0
    assert len(info["standings"]) == 3 and any("Ann" in str(s["name"]) for s in info["standings"]), "her pair ranked"
