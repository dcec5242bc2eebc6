"""Review and what-if (issue 17, point 5): every card of a finished deal with its open-hand value, the
cards that cost a trick marked (bridge by DDS, preferans and euchre by cardroom's solver), what-if
branches, ``cardroom review`` and the room's endpoints.

The three deals below are built so that the costly card can be seen by hand (each comment says why);
the engine must find it and its cost."""

from __future__ import annotations

import itertools
import json
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cardroom.cli.main import main
from cardroom.core.deal import Deal, parse_hand
from cardroom.core.errors import CardroomError
from cardroom.core.review import lines_of_record, review_deal, review_path, what_if
from cardroom.core.table import Seat
from cardroom.games.bridge.game import ContractBridge
from cardroom.records.pbn import board_from_deal, write_pbn
from cardroom.records.registry import record_dict, record_state

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from roomkit import auth, new_table, wait_until

CLUBS = ["KC", "QC", "JC", "10C", "9C", "8C", "7C", "6C", "5C", "4C", "3C", "2C"]


def bridge_pbn(tmp_path: Path) -> Path:
    """South plays 1NT; West leads. North holds the thirteen spades, East the thirteen diamonds, South
    the hearts but the ace and the club ace, West the heart ace and the other twelve clubs. A club lead
    knocks out South's only club: West's heart ace then stops the hearts and West runs eleven clubs, so
    East-West take 12 tricks. The heart ace led instead sets up South's twelve hearts, and the club ace
    is South's entry to them: East-West take 1. The heart ace costs 11 tricks, and nothing else can
    matter (every later card is forced or equal)."""
    game = ContractBridge()
    deal = game.new_deal(Seat.SOUTH)
    hands = ("AKQJT98765432...", "..AKQJT98765432.", ".KQJT98765432..A", ".A..KQJT98765432")  # N E S W
    deal.apply(Deal(tuple(parse_hand(h) for h in hands)))
    for call in ("1NT", "Pass", "Pass", "Pass"):
        deal.apply(deal.parse_action(call))
    deal.apply(deal.parse_action("AH"))
    while deal.legal_actions():
        deal.apply(deal.legal_actions()[0])
    path = tmp_path / "costly.pbn"
    path.write_text(write_pbn([board_from_deal(deal, {"Event": "review", "Board": "1"})]), encoding="utf-8")
    return path


def _record(game: str, options: dict[str, Any], script: list[str], path: Path) -> Path:
    """A record of ``script`` and then the first legal action until the first deal is over."""
    state = record_state({"game": game, "options": options, "actions": []})
    for text in script:
        state.apply(state.parse_action(text))
    while not state.results:
        state.apply(state.legal_actions()[0])
    path.write_text(json.dumps(record_dict(state)), encoding="utf-8")
    return path


def euchre_record(tmp_path: Path) -> Path:
    """North deals and takes up the 7 of hearts; West orders up (East-West make hearts); East leads.
    East holds the right bower and the four top clubs; North's only trump is the 7H, South's the AH.
    The right bower led draws both of them and East's clubs are then good: five tricks. A club led
    lets South ruff: East-West take four at most. The AC costs at least a trick."""
    script = ["cut JS 8D 10H 9D",
              "deal N AS KS QS 10S 9S | E JH AC KC QC 10C | S AH AD KD QD 10D | W 8S 7S 9C 8C 7C | turn 7H"
              " | stock JS KH QH 10H 9H 8H JD 9D 8D 7D JC",
              "pass", "pass", "order up", "discard 9S", "AC"]
    return _record("euchre", {}, script, tmp_path / "euchre.json")


def preferans_record(tmp_path: Path) -> Path:
    """Player 1 plays 6NT and leads (the first hand). He holds AKQJ10 of spades and KQJ109 of clubs;
    player 2 the club ace, eight diamonds and the 7S; player 0 eight hearts and 98 of spades. Five spades
    cashed first and then a club: the declarer takes 5. The KC led first: player 2 wins the ace and runs
    eight diamonds, and the declarer takes only his last spade: 1. The KC costs 4."""
    script = ["deal 98.AKQJT987.. AKQJT...KQJT9 7..AKQJT987.A | ...87", "6S", "pass", "pass", "8C", "7C", "6NT",
              "whist", "whist", "play", "KC"]
    return _record("preferans", {"variant": "sochi", "players": 3}, script, tmp_path / "preferans.json")


# ------------------------------------------------------------------------------- the costly cards


def test_bridge_the_costly_lead_by_dds(tmp_path: Path) -> None:
    adapter, lines = review_path(bridge_pbn(tmp_path))
    assert len(lines) == 1
    r = review_deal(adapter, lines[0])
    assert len(r["cards"]) == 52
    first = r["cards"][0]
    assert (first["seat"], first["card"], first["side"]) == ("W", "AH", "EW")
    assert (first["before"], first["after"], first["cost"]) == (12, 1, 11)
    assert first["best"] == CLUBS
    assert r["costly"] == [0]  # nothing else could matter
    # the values after each card agree with the play: East-West end with the one trick they took
    assert all(s["after"] == (1 if s["side"] == "EW" else 12) for s in r["cards"])
    assert [s["trick"] for s in r["cards"]] == [n // 4 + 1 for n in range(52)]


def test_bridge_what_if(tmp_path: Path) -> None:
    adapter, lines = review_path(bridge_pbn(tmp_path))
    w = what_if(adapter, lines[0], 0, ["2C"])  # the club lead instead
    assert w["cards"][0]["after"] == 12 and w["cards"][0]["cost"] == 0
    assert not w["over"] and w["position"]["seat"] == "N" and w["position"]["side"] == "NS"
    assert w["position"]["best"] == 1  # North-South's one trick, the club ace
    assert what_if(adapter, lines[0], 0, ["AH"])["cards"][0]["cost"] == 11  # the record's own card again
    end = what_if(adapter, lines[0], 52, [])
    assert end["over"] and end["cards"] == []
    with pytest.raises(CardroomError, match="not a legal card"):
        what_if(adapter, lines[0], 0, ["AS"])  # West holds no spade
    with pytest.raises(CardroomError, match="no position after 53"):
        what_if(adapter, lines[0], 53, [])
    with pytest.raises(CardroomError, match="play is over"):
        what_if(adapter, lines[0], 52, ["AS"])


def test_euchre_the_costly_lead(tmp_path: Path) -> None:
    adapter, lines = review_path(euchre_record(tmp_path))
    r = review_deal(adapter, lines[0])
    first = r["cards"][0]
    assert (first["seat"], first["card"], first["side"]) == ("E", "AC", "EW")
    assert first["before"] == 5 and first["best"] == ["JH"]
    assert first["after"] <= 4 and first["cost"] == 5 - first["after"]
    assert 0 in r["costly"]
    w = what_if(adapter, lines[0], 0, ["JH", "AH", "7C", "7H"])  # the bower draws both trumps
    assert [s["cost"] for s in w["cards"]] == [0, 0, 0, 0]
    assert w["position"] == {"seat": "E", "side": "EW", "maximize": True, "best": 5,
                             "values": {"AC": 5, "KC": 5, "QC": 5, "10C": 5}}


def test_preferans_the_costly_lead(tmp_path: Path) -> None:
    adapter, lines = review_path(preferans_record(tmp_path))
    r = review_deal(adapter, lines[0])
    first = r["cards"][0]
    assert (first["seat"], first["card"], first["side"]) == ("1", "KC", "1")
    assert (first["before"], first["after"], first["cost"]) == (5, 1, 4)
    assert first["best"] == ["AS", "KS", "QS", "JS", "10S"]
    assert r["cards"][1]["side"] == "0+2" and r["cards"][1]["after"] == 9  # the whisters' tricks
    w = what_if(adapter, lines[0], 0, ["AS"])
    assert w["cards"][0]["after"] == 5 and w["position"]["seat"] == "2"


# -------------------------------------------------------------- every deal of played records


def _played(tmp_path: Path, game: str, seed: int) -> Path:
    save = tmp_path / f"{game}-{seed}.json"
    assert main(["--lang", "en", "play", game, "--auto", "--seed", str(seed), "--save", str(save)]) == 0
    return save


@pytest.mark.parametrize(("game", "seed"), [("euchre", 2), ("preferans", 7)])
def test_the_first_card_agrees_with_analyze(tmp_path: Path, capsys: pytest.CaptureFixture[str], game: str,
                                            seed: int) -> None:
    """The review's values of each opening lead are ``cardroom analyze``'s (its leads), seen from the
    leader's side; the cost is the shortfall against the best lead; review and what-if agree."""
    from cardroom.cli.analyze import analyze_path

    path = _played(tmp_path, game, seed)
    capsys.readouterr()
    analysed = {d["deal"]: d for d in analyze_path(path)}
    adapter, lines = review_path(path)
    assert lines and {x.number for x in lines} == set(analysed)
    costly = 0
    for line in lines:
        r = review_deal(adapter, line)
        a, first = analysed[line.number], r["cards"][0]
        leads = a["leads"]
        if game == "euchre":
            mine = {c: v if first["side"] == a["makers"] else 5 - v for c, v in leads.items()}
        elif a["kind"] == "raspasy":
            mine = {c: v[first["seat"]] for c, v in leads.items()}
        else:
            d = str(a["declarer"])
            mine = {c: v if first["seat"] == d else 10 - v for c, v in leads.items()}
        assert first["after"] == mine[first["card"]]
        best = (max if first["maximize"] else min)(mine.values())
        assert first["before"] == best and first["cost"] == abs(best - first["after"])
        assert sorted(first["best"]) == sorted(c for c, v in mine.items() if v == best)
        costly += bool(r["costly"])
        k = len(r["cards"]) // 2  # a branch playing the record's own card is the review's step
        step = {key: v for key, v in r["cards"][k].items() if key != "trick"}  # a what-if's cards are by k
        assert what_if(adapter, line, k, [r["cards"][k]["card"]])["cards"][0] == step
    assert costly  # these records have cards that cost a trick


# ------------------------------------------------------------------------------------------ CLI


def test_cli_review_prints_each_trick_and_marks_the_costly_card(tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    pbn = bridge_pbn(tmp_path)
    assert main(["--lang", "en", "review", str(pbn)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "Deal 1: after each card, the open-hand tricks of its side in the whole deal"
    assert out[1] == "  trick 1:"
    assert out[2] == "    West AH: EW 1   << cost 11 (best 12: " + " ".join(CLUBS) + ")"
    assert out[3] == "    North 2S: NS 12"
    assert sum("<<" in line for line in out) == 1 and out[-1] == "  cards that cost a trick: 1"
    assert sum(line.startswith("  trick ") for line in out) == 13
    assert main(["--lang", "ru", "review", str(pbn)]) == 0
    ru = capsys.readouterr().out.splitlines()
    assert ru[2].startswith("    Запад AH: ВЗ 1   << потеря 11 (лучше 12:")
    assert main(["review", str(pbn), "--from", "0", "--play", "2C", "--json"]) == 0
    w = json.loads(capsys.readouterr().out)
    assert w["cards"][0]["after"] == 12 and w["position"]["best"] == 1
    assert main(["--lang", "en", "review", str(preferans_record(tmp_path)), "--from", "0", "--play", "AS"]) == 0
    text = capsys.readouterr().out
    assert "    player 1 AS: players 1 5" in text and "player 2 to play" in text
    assert main(["review", str(pbn), "--play", "2C"]) == 2
    assert "--from" in capsys.readouterr().err
    assert main(["review", str(pbn), "--deal", "7"]) == 2
    assert "no deal 7" in capsys.readouterr().err


# ------------------------------------------------------------------------------------------ room


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    from cardroom.room.app import create_app

    with TestClient(create_app(f"sqlite:///{tmp_path}/room.sqlite")) as c:
        yield c


def test_the_room_refuses_a_match_in_play(client: TestClient) -> None:
    tid, owner = new_table(client, "euchre", seed=5)
    client.post(f"/api/tables/{tid}/bots", json={"seats": [1, 2, 3]}, headers=auth(owner))
    token = client.post(f"/api/tables/{tid}/seats/0", json={"name": "A"}).json()["token"]
    info = wait_until(client, tid, lambda i: i["to_act"] == 0)
    assert not info["over"]
    for headers in ({}, auth(owner), auth(token)):
        r = client.get(f"/api/tables/{tid}/review", params={"deal": 1}, headers=headers)
        assert r.status_code == 409 and r.json()["code"] == "record_not_over", r.text
        r = client.post(f"/api/tables/{tid}/review/whatif", json={"deal": 1, "from": 0, "cards": []},
                        headers=headers)
        assert r.status_code == 409 and r.json()["code"] == "record_not_over", r.text


def test_the_room_reviews_a_finished_match(client: TestClient) -> None:
    tid, owner = new_table(client, "euchre", seed=3)
    client.post(f"/api/tables/{tid}/bots", json={}, headers=auth(owner))
    wait_until(client, tid, lambda i: i["over"], timeout=120)
    record = client.get(f"/api/tables/{tid}/record").json()
    adapter, lines = lines_of_record(record)
    expected = review_deal(adapter, lines[0])
    r = client.get(f"/api/tables/{tid}/review", params={"deal": lines[0].number})
    assert r.status_code == 200, r.text
    got = r.json()
    assert got["game"] == "euchre" and got["cards"] == expected["cards"] and got["costly"] == expected["costly"]
    body = {"deal": lines[0].number, "from": 2, "cards": [expected["cards"][2]["card"]]}
    w = client.post(f"/api/tables/{tid}/review/whatif", json=body)
    assert w.status_code == 200, w.text
    assert w.json()["cards"][0] == {k: v for k, v in expected["cards"][2].items() if k != "trick"}
    bad = client.post(f"/api/tables/{tid}/review/whatif", json={**body, "cards": ["2C"]})  # not in the pack
    assert bad.status_code == 400 and bad.json()["code"] == "review_refused"
    assert client.get(f"/api/tables/{tid}/review", params={"deal": 999}).status_code == 404
    assert client.get(f"/api/tables/{tid}/review", params={"deal": "x"}).status_code == 400
    too_many = client.post(f"/api/tables/{tid}/review/whatif", json={**body, "cards": ["AS"] * 60})
    assert too_many.status_code == 400 and "at most 52" in too_many.json()["detail"]


# ------------------------------------------------------------------------------- consistency


@pytest.mark.parametrize(("game", "seed", "tricks"), [("euchre", 4, 5), ("bridge", 2, 13), ("euchre", 9, 5),
                                                    ("preferans", 7, 10)])
def test_each_value_after_a_card_is_the_next_positions_best(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                            game: str, seed: int, tricks: int) -> None:
    """Open-hand values are consistent along the play: the value of a card is the best value of the
    position it leads to, for the same side (the other side's is the deal's tricks less it), across
    the ends of tricks too (the tricks taken are counted). At raspasy every player is a side of his own,
    each counted against all the others: no two of them are one side's complements."""
    path = _played(tmp_path, game, seed)
    capsys.readouterr()
    adapter, lines = review_path(path)
    assert lines
    checked = 0
    for line in lines[:6]:
        cards = review_deal(adapter, line)["cards"]
        for a, b in itertools.pairwise(cards):
            assert a["cost"] == (a["before"] - a["after"] if a["maximize"] else a["after"] - a["before"])
            assert a["cost"] >= 0
            if a["side"] != b["side"] and "+" not in a["side"] + b["side"] and not a["maximize"]:
                continue  # raspasy: two players, two sides of their own
            checked += 1
            assert b["before"] == (a["after"] if a["side"] == b["side"] else tricks - a["after"]), (line.number, a, b)
    assert checked > 50


def test_a_claimed_deal_is_reviewed_up_to_the_claim(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A deal ended by an accepted claim: its cards up to the claim are reviewed, none after it."""
    played = json.loads(_played(tmp_path, "euchre", 2).read_text(encoding="utf-8"))
    capsys.readouterr()
    state = record_state(played)
    actions: list[str] = []
    for text in played["actions"]:  # to the end of the second trick of the first hand
        actions.append(text)
        state.apply(state.parse_action(text))
        if state.deal.phase == "play" and not state.deal.trick and len(state.deal.tricks) == 2:
            break
    claim = f"claimed {int(state.deal.to_act)} 0"  # the seat to play claims none of the rest: accepted
    state.apply(state.parse_action(claim))
    assert state.results  # the claim ended the hand
    record = dict(played, actions=[*actions, claim])
    adapter, lines = lines_of_record(record)
    r = review_deal(adapter, lines[0])
    assert r["claimed"] and len(r["cards"]) == 8
    path = tmp_path / "claimed.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    assert main(["--lang", "en", "review", str(path)]) == 0
    assert "  the play ended by an accepted claim" in capsys.readouterr().out


def test_the_reviewed_games() -> None:
    """Every game whose play an open-hand solver knows is reviewed (tests/test_review_varieties.py reviews a
    deal of each; tests/test_two_hand_review.py two-hand bridge's), found through the registry by any of its
    names; a name the registry does not know has no review."""
    from cardroom.core.review import game_review
    from cardroom.games import aliases, game_class, names

    reviewed = {n for n in names() if game_class(n).review() is not None}
    assert reviewed == set(names())
    for n in names():
        for alias in aliases(n):
            assert game_review(alias) is game_class(n).review()
    assert game_review("whist") is None
    with pytest.raises(CardroomError, match="no review for the game 'whist'"):
        lines_of_record({"format": "cardroom-record", "version": 1, "game": "whist", "actions": []})


def test_the_rooms_review_is_bounded_with_the_hints(tmp_path: Path) -> None:
    """The review's searches count among the hint's: with the limit taken, a review is refused (429 with
    Retry-After) and the refusal counted; once free, it is answered."""
    from typing import cast

    from cardroom.room.app import create_app

    app = create_app(f"sqlite:///{tmp_path}/room.sqlite", hint_limit=1)
    with TestClient(app) as c:
        tid, owner = new_table(c, "euchre", seed=3)
        c.post(f"/api/tables/{tid}/bots", json={}, headers=auth(owner))
        wait_until(c, tid, lambda i: i["over"], timeout=120)
        hints = app.state.settings.hints
        hints.running[("another", 0, 0)] = cast(Any, None)  # a hint search running
        r = c.get(f"/api/tables/{tid}/review", params={"deal": 1})
        assert r.status_code == 429 and r.json()["code"] == "busy" and r.headers["Retry-After"]
        w = c.post(f"/api/tables/{tid}/review/whatif", json={"deal": 1, "from": 0, "cards": []})
        assert w.status_code == 429 and hints.refused == 2
        del hints.running[("another", 0, 0)]
        assert c.get(f"/api/tables/{tid}/review", params={"deal": 1}).status_code == 200
        assert hints.running == {}  # the search's place is given back


def test_a_lin_file_is_reviewed_as_its_pbn(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """BBO's LIN as BBO writes it (vugraph: md, sv, mb with ! and an, pc, mc, pg) is reviewed card by card, the
    same review as of the PBN the same boards make, and on the command line (`cardroom review x.lin`)."""
    from cardroom.records.lin import read_lin

    lin = Path(__file__).parent / "data" / "lin" / "vugraph.lin"
    pbn = tmp_path / "vugraph.pbn"
    pbn.write_text(write_pbn(read_lin(lin.read_text())))
    (a_lin, lines_lin), (a_pbn, lines_pbn) = review_path(lin), review_path(pbn)
    assert a_lin is a_pbn and [ln.number for ln in lines_lin] == [ln.number for ln in lines_pbn]
    reviewed = [review_deal(a_lin, ln) for ln in lines_lin]
    assert reviewed == [review_deal(a_pbn, ln) for ln in lines_pbn]
    assert sum(len(r["cards"]) for r in reviewed) >= 13  # the played boards' cards are all there
    capsys.readouterr()
    assert main(["--lang", "en", "review", str(lin)]) == 0
    assert "cards that cost a trick" in capsys.readouterr().out
