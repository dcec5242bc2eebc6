"""The card room's preferans tournament through its API (an in-process client): a 12-player bot
tournament runs end to end by the movement table, every board dealt with the same cards at each room
table that plays it, and its protocol and standings equal a recomputation from the tables' records
fetched one by one; the arbiter's artificial result; the director's and registration pages; refusals."""

from __future__ import annotations

import time
import warnings
from collections.abc import Iterator
from fractions import Fraction
from typing import Any

import pytest

from roomkit import poll

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from cardroom.club import pref_movements as pm
from cardroom.club import tournament as tr
from cardroom.core.deal import Deal
from cardroom.records.registry import state_from_dict
from cardroom.room.app import create_app


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    db = tmp_path_factory.mktemp("room") / "room.sqlite"
    with TestClient(create_app(f"sqlite:///{db}")) as c:
        yield c


def _until_over(c: TestClient, tid: str, timeout: float = 600) -> dict[str, Any]:
    return poll(c, f"/api/club/tournaments/{tid}", lambda info: info["over"], timeout, pause=0.2)


def test_a_twelve_player_bot_tournament(client: TestClient) -> None:
    r = client.post("/api/club/tournaments?lang=en", json={"participants": 12, "deals": 1, "seed": 5,
                                                           "players": []})
    assert r.status_code == 201, r.text
    tid = r.json()["id"]
    page = client.get(f"/club/tournaments/{tid}?lang=ru")
    assert page.status_code == 200 and "Турнир по преферансу" in page.text
    info = _until_over(client, tid)
    assert info["failed"] is None
    sched = pm.schedule(info["players"], deals=1)
    assert len(info["sittings"]) == 11 * 3
    for st in info["sittings"]:  # seated by the movement, the set of the row
        sit = next(x for x in sched.movement.rounds[st["round"] - 1].sittings if x.table == st["table"])
        assert tuple(st["seats"][x] for x in "NESW") == sit.seats
        assert st["set"] == sched.sets[(st["round"], st["table"])]
    # the records, fetched table by table through the room's API
    sittings: list[dict[str, Any]] = []
    dealt: dict[int, set[tuple[int, ...]]] = {}
    for st in info["sittings"]:
        segs = []
        for sg in st["segments"]:
            rec = client.get(f"/api/tables/{sg['table_id']}/record").json()
            segs.append({"offset": sg["offset"], "boards": sg["boards"], "record": rec})
            d = next(a for a in state_from_dict(rec).history if isinstance(a, Deal))
            hands = tuple(d.hands[(s - sg["offset"]) % 4] for s in range(4))
            dealt.setdefault(sg["boards"][0], set()).add((*hands, d.rest))
        sittings.append({**st, "late": False, "segments": segs})
    assert len(dealt) == 11 and all(len(v) == 1 for v in dealt.values()), "the same cards at every table"
    data = {"format": tr.FORMAT, "players": info["players"], "options": {"deals": 1}, "sittings": sittings}
    lines, standings = tr.recompute(data)
    mp = tr.match_points(lines)
    assert [{**ln.row(), "match_points": {tr.SEATS[s]: str(mp[(ln.round, ln.table, ln.board, s)]) for s in range(4)}}
            for ln in lines] == info["protocol"]
    assert [(s["number"], s["points"]) for s in info["standings"]] == [(s.number, str(s.points)) for s in standings]
    assert len(info["protocol"]) == 11 * 3
    # the arbiter: an artificial result at one deal, N fully at fault
    first = info["protocol"][0]
    r = client.post(f"/api/club/tournaments/{tid}/rulings", json={"round": first["round"], "table": first["table"],
                                                                  "board": first["board"], "faults": {"N": "full"}})
    assert r.status_code == 201, r.text
    after = client.get(f"/api/club/tournaments/{tid}").json()
    row = next(p for p in after["protocol"] if (p["round"], p["table"], p["board"]) ==
               (first["round"], first["table"], first["board"]))
    assert row["seats"]["N"]["score"] == {"kind": "artificial", "value": "2/5"}
    assert row["match_points"]["N"] == str(Fraction(2, 5) * tr.top_of(lines, first["board"]))
    second = info["protocol"][1]  # 11.7: cards of another box, play begun — cancelled, artificial results
    r = client.post(f"/api/club/tournaments/{tid}/rulings", json={
        "round": second["round"], "table": second["table"], "board": second["board"], "rule": "11.7",
        "offenders": ["E"], "play_began": True})
    assert r.status_code == 201, r.text
    row = next(p for p in client.get(f"/api/club/tournaments/{tid}").json()["protocol"]
               if (p["round"], p["table"], p["board"]) == (second["round"], second["table"], second["board"]))
    assert {x: row["seats"][x]["score"]["value"] for x in "NESW"} == {"N": "3/5", "E": "2/5", "S": "3/5", "W": "3/5"}
    bad = client.post(f"/api/club/tournaments/{tid}/rulings", json={"round": 1, "table": 1, "board": 1,
                                                                    "rule": "12.1"})
    assert bad.status_code == 400
    printed = client.get(f"/club/tournaments/{tid}?lang=en")
    assert printed.status_code == 200 and "Standings" in printed.text and "Protocol" in printed.text
    assert "<style>" not in printed.text and 'href="/club/tournament.css"' in printed.text  # the CSP
    assert client.get("/club/tournament.css").headers["content-type"].startswith("text/css")
    after = client.get(f"/api/club/tournaments/{tid}").json()
    for x in after["standings"]:  # the standings after the rulings, printed
        assert f"<td>{x['place']}</td><td>{x['number']}</td><td>{x['name']}</td>" in printed.text


def test_a_registered_person_is_waited_for(client: TestClient) -> None:
    """A registered participant's place is left for him at his table (the others are computer players);
    nothing is dealt there before he sits; with ``autoplay`` a computer player plays under his name."""
    r = client.post("/api/club/tournaments?lang=en", json={"participants": 8, "deals": 2, "seed": 2,
                                                           "players": ["Ann"]})
    assert r.status_code == 201, r.text
    tid = r.json()["id"]
    deadline = time.monotonic() + 30
    while not (info := client.get(f"/api/club/tournaments/{tid}").json())["sittings"] or \
            not all(st["segments"] for st in info["sittings"]):
        assert time.monotonic() < deadline
        time.sleep(0.05)
    mine = next(st for st in info["sittings"] if "Ann" in st["seats"].values())
    table = client.get(f"/api/tables/{mine['segments'][0]['table_id']}").json()
    assert [s["kind"] for s in table["seats"]].count("empty") == 1 and table["seq"] == 0
    time.sleep(0.3)
    assert client.get(f"/api/club/tournaments/{tid}").json()["round"] == 1, "the round waits for Ann"
    r = client.post("/api/club/tournaments?lang=en", json={"participants": 8, "deals": 2, "seed": 2,
                                                           "players": ["Ann", "Boris"], "autoplay": True})
    info = _until_over(client, r.json()["id"])
    assert {"Ann", "Boris"} <= {s["name"] for s in info["standings"]} and info["failed"] is None


def test_a_knockout_in_the_room(client: TestClient) -> None:
    """§11.4 in the room: nine at three tables of three, a pulka each; each table's winner (by the balance
    of its published record) goes on to the final table, whose order is the prizes."""
    r = client.post("/api/club/knockouts?lang=en", json={"participants": 9, "table_size": 3, "seed": 4,
                                                         "pulya_length": 10})
    assert r.status_code == 201, r.text
    kid = r.json()["id"]
    deadline = time.monotonic() + 600
    while not (info := client.get(f"/api/club/knockouts/{kid}").json())["over"]:
        assert time.monotonic() < deadline
        time.sleep(0.2)
    assert info["failed"] is None and info["plan"] == [[3, 3, 3], [3]]
    first = [x for x in info["tables"] if x["round"] == 1]
    final = [x for x in info["tables"] if x["round"] == 2]
    assert len(first) == 3 and len(final) == 1
    for x in first:
        rec = client.get(f"/api/tables/{x['table_id']}/record").json()
        bal = state_from_dict(rec).sheet.settle().balance
        assert x["advance"] == [x["players"][max(range(3), key=lambda s: (bal[s], -s))]]
    assert final[0]["players"] == [x["advance"][0] for x in first]
    assert sorted(info["prizes"]) == sorted(final[0]["players"])
    assert client.post("/api/club/knockouts", json={"participants": 5}).status_code == 400
    assert client.get("/api/club/knockouts/k999").status_code == 404


def test_refusals_and_the_registration_page(client: TestClient) -> None:
    assert client.post("/api/club/tournaments?lang=en", json={"participants": 10}).status_code == 400
    r = client.post("/api/club/tournaments?lang=ru", json={"participants": 12, "deals": 99})
    assert r.status_code == 400
    assert client.get("/api/club/tournaments/nope").status_code == 404
    assert client.post("/api/club/tournaments", json={"participants": 8, "autoplay": "yes"}).status_code == 400
    page = client.get("/club/tournament?lang=en")
    assert page.status_code == 200 and "/static/tournament.js" in page.text and "Start the tournament" in page.text
    assert "<style" not in page.text and 'name="autoplay"' in page.text
