"""The review of every registered game that plays tricks (issue 17, point 5), listed from the registry:
a real finished deal of each, played through the engine, reviewed card by card; the marked cards are
exactly those after which the open-hand value of the side that played it is worse for that side than
before it, the values recomputed here independently of the review (by the project's solver in pure Python,
where the review calls DDS or the compiled core; and over the last three tricks of every deal by a plain
minimax over the engine's trick rules, which the solver must equal);
and a what-if from a point of the play with another card is a legal continuation played to the end.

The bridge family's deals are one deal (``DEAL``) whose suits are split into runs, so that the project's
solver answers every position fast; each variety's own reading of the goal is checked (a nullo, reversi
bridge and misery bridge's misery are played to lose tricks: each side wants few of its own)."""

from __future__ import annotations

import json
import warnings
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from cardroom.cli.main import main
from cardroom.core.cards import Card
from cardroom.core.review import DealLine, ReviewAdapter, TrickPlayReview, lines_of_record, review_deal, what_if
from cardroom.core.tricks import follow_mask, natural_winner
from cardroom.games import game_class, names
from cardroom.games.oldbridge.calls import Denom
from cardroom.records.registry import record_dict, record_state
from cardroom.solve import tricks

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from roomkit import auth, new_table, wait_until

DEAL = "deal AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
FOUR, THREE, TWO = "draw 2D 4H 5C 8D", "draw 2D 4H 5C", "draw 2D 4H"

CASES: dict[str, tuple[dict[str, Any], list[str], bool]] = {
    # game -> (options, the actions before the first card, whether the deal is played to lose tricks)
    "bridge": ({}, [FOUR, DEAL, "1NT", "Pass", "Pass", "Pass"], False),
    "auction-bridge": ({}, [FOUR, DEAL, "1S", "Pass", "Pass", "Pass"], False),
    "duplicate-auction": ({}, [FOUR, DEAL, "1H", "Pass", "Pass", "Pass"], False),
    "straight-bridge": ({}, [FOUR, DEAL, "make NT", "Pass", "Pass"], False),
    "short-bridge": ({}, [FOUR, DEAL, "make S"], False),
    "reversi-bridge": ({}, [FOUR, DEAL, "make NT", "Pass", "Pass"], True),
    "royal-bridge": ({}, [FOUR, DEAL, "leave"], False),
    "cutthroat": ({}, [THREE, DEAL, "leave", "Pass"], False),
    "three-handed-auction": ({}, [THREE, DEAL, "1S", "Pass", "Pass"], False),
    "double-dummy": ({}, [TWO, DEAL, "leave"], False),
    "draw-bridge": ({}, [TWO, DEAL, "leave"], False),
    "misery-bridge": ({}, [TWO, DEAL, "misery"], True),
}
LOSING = {  # the same varieties' other goals, a deal each
    "nullo": ("auction-bridge", {"nullo": True}, [FOUR, DEAL, "1NL", "Pass", "Pass", "Pass"], True),
    "misery-make": ("misery-bridge", {}, [TWO, DEAL, "make S"], False),
}
PLAYED = {"euchre": 2, "preferans": 7}  # reviewed by their own solvers: a record played by the bots
OWN_SOLVER = {"two-hand-bridge"}  # the table piles: its own solver, tests/test_two_hand_review.py
NOT_REVIEWED: set[str] = set()  # every game of the registry is reviewed


def _record(game: str, options: dict[str, Any], script: list[str]) -> dict[str, Any]:
    """A record of ``script`` and then the first legal action until the first deal is over."""
    state = record_state({"game": game, "options": options, "actions": []})
    for text in script:
        state.apply(state.parse_action(text))
    while not state.results:
        state.apply(state.legal_actions()[0])
    return record_dict(state)


def test_every_game_of_the_registry_is_listed_here() -> None:
    """The cases cover the registry with no filter: every game is reviewed but the one named as not."""
    assert set(names()) == set(CASES) | set(PLAYED) | OWN_SOLVER | NOT_REVIEWED
    assert {n for n in names() if game_class(n).review() is None} == NOT_REVIEWED


# ------------------------------------------------------------------ the values, independently


def _value(deal: Any, seat: int) -> int:
    """The open-hand tricks of ``seat``'s side in the whole deal (taken + to come), by the project's solver in
    pure Python (the review's values come from DDS or the compiled core) on a position built here from the
    deal's trick play."""
    credit = deal.credit
    taken = deal.won[credit[seat]]
    if not any(deal.hands[s] for s in range(4)) or len(deal.tricks) == deal.TRICKS:
        return int(taken)
    order = [int(deal.leader)]
    while len(order) < deal.trick_size:
        order.append(int(deal.after[order[-1]]))
    hands = tuple(h if s in order else 0 for s, h in enumerate(deal.hands))
    side = frozenset(s for s in order if credit[s] == credit[seat])
    trick = tuple(int(c) for _, c in deal.trick_plays())
    lose = _loses(deal)
    pos = tricks.Position(hands, tuple(order), order[0], trick, deal.trump, False, side, not lose)
    value = tricks.solve_python(pos)  # the pure-Python search, not the compiled core the review calls
    if pos.tricks_left <= BRUTE_TRICKS:  # the end of the deal: plain minimax by the engine's trick rules
        assert _brute(hands, tuple(order), order[0], trick, deal.trump, side, not lose) == value
    return int(taken) + value


BRUTE_TRICKS = 3


@cache
def _brute(hands: tuple[int, ...], order: tuple[int, ...], leader: int, trick: tuple[int, ...], trump: int | None,
           side: frozenset[int], maximize: bool) -> int:
    """The side's tricks from here on by plain minimax over every legal card (follow suit, the engine's
    winner), no pruning and nothing of the solver's."""
    i = order.index(leader)
    if len(trick) == len(order):
        winner = order[(i + natural_winner(trick, trump)) % len(order)]
        rest = _brute(hands, order, winner, (), trump, side, maximize) if any(hands) else 0
        return int(winner in side) + rest
    mover = order[(i + len(trick)) % len(order)]
    legal = follow_mask(hands[mover], trick[0] // 13 if trick else None)
    values = []
    for c in range(52):
        if legal >> c & 1:
            after = tuple(h & ~(1 << c) if s == mover else h for s, h in enumerate(hands))
            values.append(_brute(after, order, leader, (*trick, c), trump, side, maximize))
    return max(values) if (mover in side) == maximize else min(values)


def _loses(deal: Any) -> bool:
    """Whether the deal is played to lose tricks, read from the variety's own rules."""
    name = deal.game.name
    if name == "reversi-bridge":
        return True
    if name == "misery-bridge":
        return deal.declaration.word == "misery"  # type: ignore[no-any-return]
    return getattr(getattr(deal, "contract", None), "denom", None) is Denom.NULLO


def _independent_costly(adapter: ReviewAdapter, line: DealLine) -> tuple[list[int], list[bool]]:
    """The cards after which the side that played it is worse off, and whether each card's side maximizes."""
    deal = line.start.clone()
    costly: list[int] = []
    maximizes: list[bool] = []
    k = 0
    for action in line.actions:
        if isinstance(action, Card) and adapter.in_play(deal):
            seat = int(deal.next_seat)
            before = _value(deal, seat)
            lose = _loses(deal)
            deal.apply(action)
            after = _value(deal, seat)
            if (after > before) if lose else (after < before):
                costly.append(k)
            maximizes.append(not lose)
            k += 1
        else:
            deal.apply(action)
    return costly, maximizes


def _check_what_if(adapter: ReviewAdapter, line: DealLine, r: dict[str, Any]) -> None:
    """From the first costly card (or the middle of the play), the best card instead and then the best
    cards to the end: each accepted by the engine, the play ends, and the final count is the branch's
    first value (best play all along keeps it)."""
    choices = [k for k in [*r["costly"], *range(len(r["cards"]) // 2, len(r["cards"]))]
               if len(what_if(adapter, line, k, [])["position"]["values"]) > 1]
    k = choices[0]
    step = r["cards"][k]
    values = what_if(adapter, line, k, [])["position"]["values"]
    other = next(c for c, v in values.items() if c != step["card"] and (v == step["before"] or c not in step["best"]))
    cards = [other]
    w = what_if(adapter, line, k, cards)
    assert w["cards"][0]["after"] == values[other] and w["cards"][0]["cost"] == abs(step["before"] - values[other])
    while not w["over"]:
        p = w["position"]
        cards.append(next(c for c, v in p["values"].items() if v == p["best"]))
        w = what_if(adapter, line, k, cards)
    assert len(cards) == len(r["cards"]) - k  # every card of the rest of the play, each legal
    last = w["cards"][-1]
    first = w["cards"][0]
    assert all(s["cost"] == 0 for s in w["cards"][1:])
    assert last["after"] == (first["after"] if last["side"] == first["side"] else 13 - first["after"])


def _review(adapter: ReviewAdapter, line: DealLine, lose: bool) -> dict[str, Any]:
    r = review_deal(adapter, line)
    costly, maximizes = _independent_costly(adapter, line)
    assert len(r["cards"]) == 52 - (13 if line.start.game.name == "misery-bridge" else 0)
    assert r["costly"] == costly
    assert [s["maximize"] for s in r["cards"]] == maximizes == [not lose] * len(r["cards"])
    for s in r["cards"]:
        assert s["cost"] == ((s["before"] - s["after"]) if s["maximize"] else (s["after"] - s["before"])) >= 0
    return r


@pytest.mark.parametrize("game", sorted(CASES))
def test_each_variety_marks_exactly_the_cards_that_cost_a_trick(game: str) -> None:
    options, script, lose = CASES[game]
    adapter, lines = lines_of_record(_record(game, options, script))
    assert isinstance(adapter, TrickPlayReview)
    r = _review(adapter, lines[0], lose)
    assert r["costly"]  # the first legal card is not always the best
    _check_what_if(adapter, lines[0], r)


@pytest.mark.parametrize("case", sorted(LOSING))
def test_a_varietys_other_goal_is_read_in_its_terms(case: str) -> None:
    game, options, script, lose = LOSING[case]
    adapter, lines = lines_of_record(_record(game, options, script))
    r = _review(adapter, lines[0], lose)
    assert r["costly"]  # the first legal card is not always the best: the goal is what marks them
    _check_what_if(adapter, lines[0], r)


def test_reversi_and_nullo_are_not_read_as_bridge() -> None:
    """The same deal and the same cards: at reversi and at a nullo (each side wants few tricks) the marked
    cards are not those of straight bridge's or auction bridge's no trumps (each side wants many) — the goal
    is the variety's."""
    plays = {g: review_deal(*_first(g, CASES[g][0], CASES[g][1])) for g in ("reversi-bridge", "straight-bridge")}
    nullo = LOSING["nullo"]
    plays["nullo"] = review_deal(*_first(nullo[0], nullo[1], nullo[2]))
    plays["1NT"] = review_deal(*_first(nullo[0], nullo[1], [*nullo[2][:2], "1NT", *nullo[2][3:]]))
    for losing, plain in ((plays["reversi-bridge"], plays["straight-bridge"]), (plays["nullo"], plays["1NT"])):
        assert [s["card"] for s in losing["cards"]] == [s["card"] for s in plain["cards"]]
        assert losing["costly"] != plain["costly"]
        assert all(not s["maximize"] for s in losing["cards"]) and all(s["maximize"] for s in plain["cards"])


def _first(game: str, options: dict[str, Any], script: list[str]) -> tuple[ReviewAdapter, DealLine]:
    adapter, lines = lines_of_record(_record(game, options, script))
    return adapter, lines[0]


@pytest.mark.parametrize("game", sorted(PLAYED))
def test_euchre_and_preferans_records_are_reviewed(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                  game: str) -> None:
    """A record the bots played: the marked cards are those whose value is worse than the position's best,
    the value of each card the next position's (tests/test_review.py checks these against the solvers)."""
    save = tmp_path / f"{game}.json"
    assert main(["--lang", "en", "play", game, "--auto", "--seed", str(PLAYED[game]), "--save", str(save)]) == 0
    capsys.readouterr()
    adapter, lines = lines_of_record(json.loads(save.read_text(encoding="utf-8")))
    r = review_deal(adapter, lines[0])
    assert r["costly"] == [s["k"] for s in r["cards"]
                           if (s["after"] < s["before"] if s["maximize"] else s["after"] > s["before"])]
    k = len(r["cards"]) // 2
    legal = [c for c in what_if(adapter, lines[0], k, [])["position"]["values"]]
    w = what_if(adapter, lines[0], k, [legal[-1]])
    assert w["cards"][0]["card"] == legal[-1]


def test_the_command_line_names_a_varietys_sides(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`cardroom review` of a misery bridge record: the dealer's side is his seat, the non-dealer's his two
    hands, in the reader's language; the costly cards are the review's."""
    options, script, _ = CASES["misery-bridge"]
    path = tmp_path / "misery.json"
    path.write_text(json.dumps(_record("misery-bridge", options, script)), encoding="utf-8")
    adapter, lines = lines_of_record(json.loads(path.read_text(encoding="utf-8")))
    r = review_deal(adapter, lines[0])
    assert {s["side"] for s in r["cards"]} == {"S", "NE"}
    for lang, south, north_east, north in (("en", "S", "NE", "North"), ("ru", "Ю", "СВ", "Север")):
        assert main(["--lang", lang, "review", str(path)]) == 0
        out = capsys.readouterr().out.splitlines()
        cards = [line for line in out if line.startswith("    ")]
        assert len(cards) == len(r["cards"]) and sum("<<" in line for line in cards) == len(r["costly"])
        first = r["cards"][0]
        assert cards[0].startswith(f"    {north} {first['card']}: {north_east} {first['after']}")
        assert any(f": {south} " in line for line in cards)


def test_a_laws_record_with_a_revoke_is_reviewed_around_it(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Straight bridge in laws mode with irregularities: a revoke that stands leaves its trick's later cards
    without an open-hand value (``irregular``, no cost); every other card is valued and the review goes on."""
    save = tmp_path / "laws.json"
    assert main(["--lang", "en", "play", "straight-bridge", "--auto", "--seed", "5", "--laws", "--irregularities",
                 "0.05", "--save", str(save)]) == 0
    capsys.readouterr()
    adapter, lines = lines_of_record(json.loads(save.read_text(encoding="utf-8")))
    reviewed = [review_deal(adapter, line) for line in lines]
    irregular = [s for r in reviewed for s in r["cards"] if s.get("irregular")]
    assert irregular and all(s["cost"] == 0 and s["after"] is None for s in irregular)
    for r in reviewed:
        assert not {s["k"] for s in r["cards"] if s.get("irregular")} & set(r["costly"])
        assert all(isinstance(s["after"], int) for s in r["cards"] if not s.get("irregular"))
    deal = next(r["deal"] for r in reviewed if any(s.get("irregular") for s in r["cards"]))
    for lang, words in (("en", "not valued"), ("ru", "без оценки")):
        assert main(["--lang", lang, "review", str(save), "--deal", str(deal)]) == 0
        assert words in capsys.readouterr().out


@pytest.mark.parametrize("game", ["misery-bridge", "cutthroat", "double-dummy"])
def test_the_room_reviews_a_finished_match_of_a_two_or_three_player_bridge(tmp_path: Path, game: str) -> None:
    """A room table played out by the bots: its review and a what-if are the record's, read by the same
    mechanism (the players' seats are the deal's compass seats)."""
    from cardroom.room.app import create_app

    with TestClient(create_app(f"sqlite:///{tmp_path}/room.sqlite")) as c:
        tid, owner = new_table(c, game, seed=4)
        c.post(f"/api/tables/{tid}/bots", json={}, headers=auth(owner))
        wait_until(c, tid, lambda i: i["over"], timeout=180)
        adapter, lines = lines_of_record(c.get(f"/api/tables/{tid}/record").json())
        expected = review_deal(adapter, lines[0])
        r = c.get(f"/api/tables/{tid}/review", params={"deal": lines[0].number})
        assert r.status_code == 200, r.text
        assert r.json()["game"] == game and r.json()["cards"] == expected["cards"]
        assert r.json()["costly"] == expected["costly"]
        k = len(expected["cards"]) // 2
        w = c.post(f"/api/tables/{tid}/review/whatif", json={"deal": lines[0].number, "from": k, "cards": []})
        assert w.status_code == 200, w.text
        assert w.json()["position"] == what_if(adapter, lines[0], k, [])["position"]
