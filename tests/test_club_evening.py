"""The club evening (issue 15 point 3): the movements of document 000's pivot, progressive, duplicate,
six-handed and royal bridge and document 001's tour, played through the underlying games' deals, with the
document's scorings; the standings recomputed from the tables' JSON records."""

from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import replace
from html import unescape
from itertools import combinations
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardroom.cli.main import main
from cardroom.club import movements as mv
from cardroom.club.card import score_card
from cardroom.club.evening import (
    BONUS,
    DealScore,
    Evening,
    EveningError,
    EveningOptions,
    Row,
    bot_names,
    dealt_boards,
    game_points,
    make_board,
    prizes,
    recompute,
    round_bonus,
    round_winners,
    rows_from_dict,
    royal_deal_points,
    segment_scores,
    six_turn,
)
from cardroom.core.cards import FULL_PACK_MASK
from cardroom.core.table import Seat

VECTORS = {v["id"]: v for v in json.loads(
    (Path(__file__).resolve().parents[1] / "../shared/rules/hoyle-bridge-examples.json").read_text(encoding="utf-8"))}
PLAYERS = [f"p{i}" for i in range(16)]


def _score(tricks: tuple[int, int], honours: tuple[int, int] = (0, 0), maker: Seat | None = Seat.NORTH) -> DealScore:
    return DealScore(1, Seat.NORTH, (tricks[0] + honours[0], tricks[1] + honours[1]), tricks, maker)


# ---------------------------------------------------------------- the vectors through the movement code
def test_pivot_movement_vector() -> None:
    v = VECTORS["pivot-movement"]["expected"]
    f, left, opposite, right = "F", "L", "O", "R"  # North, East (her left), South, West (her right)
    first = mv.pivot_seats((f, left, opposite, right), 0)
    second = mv.pivot_seats((f, left, opposite, right), 1)
    assert first == (f, left, opposite, right)
    assert second[0] == f, "the first dealer keeps her seat"
    where = {p: i for i, p in enumerate(second)}
    seat = {1: "left_of_fixed", 2: "opposite", 3: "right_of_fixed"}
    assert seat[where[left]] == v["moves"]["left_of_fixed"]  # behind her to her right
    assert v["moves"]["right_of_fixed"].startswith(seat[where[right]])
    assert v["moves"]["opposite"].startswith(seat[where[opposite]])
    partners = {mv.pivot_seats((f, left, opposite, right), k)[2] for k in range(v["rubbers_to_partner_everyone"])}
    assert partners == {left, opposite, right}


def test_six_hand_movement_vector() -> None:
    v = VECTORS["six-hand-movement"]["expected"]
    printed = {int(k): x for k, x in v["printed_moves"].items()}
    best = {int(k): x for k, x in v["best_reading_full_cycle"].items()}
    assert mv.six_moves(printed=True) == printed
    assert mv.six_moves() == best
    mv.check_permutation(best, range(1, 7))
    with pytest.raises(mv.MovementError) as e:
        mv.check_permutation(printed, range(1, 7))
    assert e.value.reason is not None and e.value.reason.params == {"left": "5", "unreached": "4"}
    with pytest.raises(mv.MovementError):  # the printed option is reported, never played
        Evening("six-handed", PLAYERS[:6], options=EveningOptions(six_printed_moves=True))


def test_bridge_to_the_score_vector() -> None:
    v = VECTORS["bridge-to-the-score"]
    assert EveningOptions().deals_per_round == v["data"]["deals_per_round"]
    bonus = v["expected"]["bonus_to_side_with_higher_trick_score"]
    # four deals; East-West score more in honours, North-South more in tricks: the bonus is North-South's
    deals = [_score((20, 0), (0, 64)), _score((0, 12)), _score((14, 0)), _score((0, 16), (0, 30))]
    assert bonus == BONUS
    assert round_bonus(deals, EveningOptions(), 30) == (bonus, 0)
    assert round_bonus([_score((6, 0)), _score((0, 6))], EveningOptions(), 30) == (0, 0)  # equal: no bonus
    # through the movement: a played duplicate evening's every table-round has four deals and the bonus
    ev = Evening("duplicate", PLAYERS[:8], "auction-bridge", seed=3).play()
    for row in ev.rows():
        scores = row.scores()
        assert len(scores) == v["data"]["deals_per_round"]
        ns, ew = sum(s.tricks[0] for s in scores), sum(s.tricks[1] for s in scores)
        got = row.side_points(ev.options, 30)
        base = (sum(s.total[0] for s in scores), sum(s.total[1] for s in scores))
        assert (got[0] - base[0], got[1] - base[1]) == ((bonus, 0) if ns > ew else (0, bonus) if ew > ns else (0, 0))


def test_royal_scoring_in_the_columns() -> None:
    """§6.12.3's example (vector royal-bridge-scoring), as the royal evening's fallback scores it."""
    v = VECTORS["royal-bridge-scoring"]["expected"]
    win = _score((16, 0), (16, 0))
    assert royal_deal_points(win, EveningOptions()) == {Seat.NORTH: int(v["case_win"]["dealer"])}
    loss = _score((0, 12), (0, 30))
    assert royal_deal_points(loss, EveningOptions()) == {Seat.NORTH: v["case_loss"]["signed_method"]["dealer"]}
    plus = royal_deal_points(loss, EveningOptions(royal_plus_only=True))
    each = int(v["case_loss"]["positive_only_method"]["each_of_other_three"])
    assert Seat.NORTH not in plus and set(plus.values()) == {each}
    assert len(plus) == 3
    assert royal_deal_points(win, EveningOptions(royal_partner_shares=True)) == {Seat.NORTH: 32, Seat.SOUTH: 32}


def test_the_other_method() -> None:
    """§6.8.3: 50 for a game won before moving; the unfinished game settled per trick point, or by the
    higher score below the line."""
    deals = [_score((18, 0)), _score((14, 0)), _score((0, 8)), _score((12, 0))]  # NS game (32), then 8 v 12
    other = EveningOptions(scoring="other", per_point=2)
    assert round_bonus(deals, other, 30) == (BONUS + 2 * 4, 0)
    assert round_bonus(deals, replace(other, unfinished="higher-below"), 30) == (BONUS + 12, 0)


# ---------------------------------------------------------------- properties of the movements
def _check_round(rnd: mv.Round, players: set[str]) -> None:
    seated = [p for s in rnd.sittings for p in s.seats]
    assert Counter(seated) == Counter(players), "every player sits once in every round"
    tables = [s.table for s in rnd.sittings]
    assert sorted(tables) == list(range(1, len(tables) + 1))


@settings(max_examples=30, deadline=None)
@given(tables=st.integers(1, 6), deals=st.integers(1, 5), kind=st.sampled_from(["duplicate", "progressive", "pivot",
                                                                                "tour", "royal"]))
def test_every_movement_is_a_permutation_per_round(tables: int, deals: int, kind: str) -> None:
    players = [f"x{i}" for i in range(4 * tables)]
    if kind == "progressive":
        deals += deals % 2
    movement = {"duplicate": lambda: mv.duplicate(players, deals),
                "progressive": lambda: mv.progressive(players, deals),
                "pivot": lambda: mv.pivot(players), "tour": lambda: mv.tour(players),
                "royal": lambda: mv.royal(players)}[kind]()
    for rnd in movement.rounds:
        _check_round(rnd, set(players))
    if kind == "duplicate":  # every board at every table, once a round, and never twice to a pair
        for b in movement.boards:
            assert len(movement.tables_of(b)) == tables
        met: Counter[tuple[tuple[str, str], int]] = Counter()
        for rnd in movement.rounds:
            assert Counter(b for s in rnd.sittings for b in s.boards) == Counter(movement.boards)
            for s in rnd.sittings:
                for b in s.boards:
                    for side in s.sides:
                        met[(side, b)] += 1
        assert max(met.values()) == 1


@settings(max_examples=20, deadline=None)
@given(deals=st.integers(1, 30), printed=st.just(False))
def test_six_handed_moves_are_a_permutation_and_partners_deal_together(deals: int, printed: bool) -> None:
    players = ["a1", "a2", "b1", "b2", "c1", "c2"]
    pair = {p: p[0] for p in players}
    rubbers: Counter[tuple[str, str]] = Counter()
    for d in mv.six_handed(players, deals, printed):
        assert sorted(d.places.values()) == sorted(players)
        one, two = d.ends
        assert pair[one.dealer] == pair[two.dealer] == pair[one.partner], "the two dealers are partners"
        for end in d.ends:
            assert pair[end.opponents[0]] == pair[end.opponents[1]] != pair[end.dealer]
            rubbers[end.rubber] += 1
    if deals >= 3:
        assert set(rubbers) == {("A", "B"), ("A", "C"), ("B", "C")}, "three rubbers at once"


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10**6), number=st.integers(1, 64))
def test_boards_are_dealt_identically(seed: int, number: int) -> None:
    a, b = make_board(seed, number), make_board(seed, number)
    assert a == b
    assert a.dealer == Seat((number - 1) % 4)
    total = 0
    for h in a.hands:
        assert bin(h).count("1") == 13 and not total & h
        total |= h
    assert total == FULL_PACK_MASK


@settings(max_examples=15, deadline=None)
@given(tables=st.integers(1, 4))
def test_the_pivot_tour_partners_everyone_with_everyone(tables: int) -> None:
    players = [f"y{i}" for i in range(4 * tables)]
    for movement in (mv.pivot(players), mv.tour(players)):
        partners: dict[int, set[frozenset[str]]] = {}
        for rnd in movement.rounds:
            for s in rnd.sittings:
                partners.setdefault(s.table, set()).update(frozenset(side) for side in s.sides)
        for t, got in partners.items():
            four = set(movement.rounds[0].sittings[t - 1].seats)
            assert got == {frozenset(c) for c in combinations(four, 2)}
        assert all(r.sittings[i].seats[0] == movement.rounds[0].sittings[i].seats[0]
                   for r in movement.rounds for i in range(tables)) or movement.kind == "tour"


# ---------------------------------------------------------------- evenings played
def _same_cards(data: dict[str, Any]) -> dict[int, list[tuple[int, int, tuple[int, ...]]]]:
    boards = dealt_boards(data)
    for number, plays in boards.items():
        assert {hands for _, _, hands in plays} == {make_board(data["seed"], number).hands}, number
    return boards


@pytest.mark.parametrize("game", ["auction-bridge", "duplicate-auction", "straight-bridge", "bridge"])
def test_a_duplicate_evening_plays_every_board_at_every_table(game: str) -> None:
    ev = Evening("duplicate", PLAYERS[:8], game, seed=5).play()
    data = json.loads(json.dumps(ev.to_dict()))
    boards = _same_cards(data)
    assert sorted(boards) == list(range(1, 9))
    assert all(len(p) == 2 and {t for _, t, _ in p} == {1, 2} for p in boards.values())
    assert recompute(data) == ev.standings()


@pytest.mark.parametrize("kind", ["progressive", "pivot", "tour", "royal", "six-handed"])
def test_standings_equal_a_recomputation_from_the_records(kind: str) -> None:
    n = {"progressive": 8, "six-handed": 6}.get(kind, 4)
    ev = Evening(kind, PLAYERS[:n], seed=2).play()
    data = json.loads(json.dumps(ev.to_dict()))
    standings = ev.standings()
    assert recompute(data) == standings
    assert {s.points for s in standings} != {0}, "the evening scored something"
    if kind == "progressive":
        _same_cards(data)


def test_a_tampered_record_is_refused() -> None:
    data = Evening("duplicate", PLAYERS[:8], "auction-bridge", seed=1).play().to_dict()
    actions = data["tables"][0]["segments"][0]["record"]["actions"]
    actions[2] = "7NT" if actions[2] != "7NT" else "Pass"
    from cardroom.core.errors import RecordError

    with pytest.raises(RecordError):
        recompute(data)


def test_pivot_prizes_one_a_table_the_room_first() -> None:
    ev = Evening("pivot", PLAYERS[:8], seed=4).play()
    standings = ev.standings()
    got = prizes("pivot", standings)
    assert sorted(p.table for p in got) == [1, 2]
    assert got[0].points == max(s.points for s in standings)
    for p in got:
        assert p.points == max(s.points for s in standings if s.table == p.table)


def test_six_handed_rubbers_and_sitting_out() -> None:
    ev = Evening("six-handed", PLAYERS[:6], seed=1, options=EveningOptions(six_deals=30)).play()
    assert set(ev.six) == {("A", "B"), ("A", "C"), ("B", "C")}
    finished = [s for segs in ev.six.values() for s in segs if s.state.is_over and not s.state.abandoned]
    assert finished, "a rubber ended in thirty deals"
    sat = [entry for entry in ev.six_log if entry[3]]
    assert sat, "the end whose rubber is over sits out a deal"
    for deal, _, key, _ in sat:  # ... and the two pairs begin a new rubber at their next meeting
        later = [e for e in ev.six_log if e[2] == key and e[0] > deal]
        assert not later or not later[0][3]


def _moved(before: Row | mv.Sitting, won: int, after_here: tuple[str, ...], after_there: tuple[str, ...]) -> None:
    """``before``'s side ``won`` (0 NS, 1 EW) is at the next table in the next round (``after_there``), in
    the other direction than the pair there that stayed, and its losers keep their seats (``after_here``)."""
    n, e, s, w = before.seats
    winners, losers = ((n, s), (e, w)) if won == 0 else ((e, w), (n, s))
    assert winners in ((after_there[0], after_there[2]), (after_there[1], after_there[3])), "the winners moved up"
    kept = (after_here[0], after_here[2]) if won == 1 else (after_here[1], after_here[3])
    assert kept == losers, "the losers stay in their seats"


@settings(max_examples=6, deadline=None)
@given(tables=st.integers(1, 3), seed=st.integers(0, 10**6), scoring=st.sampled_from(["to-the-score", "plain"]))
def test_with_the_winners_move_each_tables_winners_are_at_the_next_table(tables: int, seed: int,
                                                                         scoring: str) -> None:
    options = EveningOptions(deals_per_round=2, scoring=scoring, progressive_move="winners")
    ev = Evening("progressive", PLAYERS[:4 * tables], "auction-bridge", seed=seed, options=options).play()
    data = json.loads(json.dumps(ev.to_dict()))
    rows = rows_from_dict(data)  # the rounds as the records replay them, not the evening's own objects
    assert sorted({r.round for r in rows}) == list(range(1, tables + 1)), "as many rounds as tables"
    game = ev.game
    for rnd in range(1, tables):
        this = {r.table: r for r in rows if r.round == rnd}
        nxt = {r.table: r.seats for r in rows if r.round == rnd + 1}
        assert Counter(p for seats in nxt.values() for p in seats) == Counter(PLAYERS[:4 * tables])
        for t, row in this.items():
            ns, ew = row.side_points(options, game_points(game))
            _moved(row, 0 if ns > ew else 1, nxt[t], nxt[t % tables + 1])  # a tie: East-West move (default)
    assert recompute(data) == ev.standings()
    _same_cards(data)


@settings(max_examples=40, deadline=None)
@given(data=st.data(), tables=st.integers(1, 6), deals=st.sampled_from([2, 4]))
def test_winners_move_is_a_permutation_keeping_partners(data: st.DataObject, tables: int, deals: int) -> None:
    players = [f"x{i}" for i in range(4 * tables)]
    rnd = mv.progressive(players, deals, 1).rounds[0]
    pairs = {frozenset(side) for s in rnd.sittings for side in s.sides}
    seen_boards: set[int] = {b for s in rnd.sittings for b in s.boards}
    for _ in range(3):
        won = data.draw(st.lists(st.integers(0, 1), min_size=tables, max_size=tables))
        nxt = mv.winners_move(rnd, won, deals)
        assert nxt.number == rnd.number + 1
        _check_round(nxt, set(players))
        assert {frozenset(side) for s in nxt.sittings for side in s.sides} == pairs, "partners stay together"
        for t, s in enumerate(rnd.sittings):
            _moved(s, won[t], nxt.sittings[t].seats, nxt.sittings[(t + 1) % tables].seats)
        boards = {b for s in nxt.sittings for b in s.boards}
        assert not boards & seen_boards and all(len(s.boards) == deals for s in nxt.sittings), "fresh deals"
        seen_boards |= boards
        rnd = nxt
    with pytest.raises(mv.MovementError):
        mv.winners_move(rnd, [0] * (tables + 1), deals)


def test_a_tied_round_moves_the_pair_the_option_names() -> None:
    tied = Row(1, 1, ("n", "e", "s", "w"), (), [])  # no deal scored: 0 to 0
    game = Evening("progressive", PLAYERS[:4]).game
    assert round_winners([tied], EveningOptions(), game) == [1], "by default East-West move on a tie"
    assert round_winners([tied], EveningOptions(progressive_tie="north-south"), game) == [0]


def test_the_winners_move_is_only_for_a_progressive_evening(capsys: pytest.CaptureFixture[str],
                                                             tmp_path: Path) -> None:
    for kind in ("duplicate", "pivot", "tour", "royal"):
        with pytest.raises(EveningError, match="for a progressive evening only"):
            Evening(kind, PLAYERS[:4], options=EveningOptions(progressive_move="winners"))
    with pytest.raises(EveningError, match="no such progressive move"):
        Evening("progressive", PLAYERS[:4], options=EveningOptions(progressive_move="losers"))
    assert main(["club", "--movement", "duplicate", "--progressive-move", "winners", "--lang", "ru",
                 "--card", str(tmp_path / "c.html")]) == 2
    assert "только на прогрессивном вечере" in capsys.readouterr().err
    assert not (tmp_path / "c.html").exists()
    saved = tmp_path / "e.json"
    assert main(["club", "--movement", "progressive", "--tables", "2", "--progressive-move", "winners",
                 "--deals", "2", "--card", str(tmp_path / "c.html"), "--save", str(saved)]) == 0
    data = json.loads(saved.read_text(encoding="utf-8"))
    assert data["options"]["progressive_move"] == "winners"
    rows = rows_from_dict(data)
    first = sorted((r for r in rows if r.round == 1), key=lambda r: r.table)
    won = round_winners(first, EveningOptions(deals_per_round=2), rows[0].segments[0].state.game)
    second = {r.table: r.seats for r in rows if r.round == 2}
    for t, row in enumerate(first):
        _moved(row, won[t], second[t + 1], second[(t + 1) % 2 + 1])


def test_six_handed_seating_and_turns_are_one_rule() -> None:
    players = PLAYERS[:6]
    ev = Evening("six-handed", players, seed=3).play()
    for rb in ev.to_dict()["rubbers"]:
        for sg in rb["segments"]:
            assert sg["record"]["players"] == dict(zip("NESW", mv.six_seats(players, rb["pairs"]), strict=True))
    assert mv.six_seats(players, ("B", "C")) == ("p2", "p4", "p3", "p5")
    waiting: set[tuple[str, str]] = set()
    key = ("A", "B")
    turns = [six_turn(key, over, waiting) for over in (None, False, True, True, False, True)]
    assert turns == ["new", "play", "sit", "new", "play", "sit"]


def test_bad_evenings_are_refused() -> None:
    with pytest.raises(mv.MovementError):
        Evening("duplicate", PLAYERS[:7])
    with pytest.raises(mv.MovementError):
        Evening("duplicate", ["a", "a", "b", "c"])
    with pytest.raises(EveningError):
        Evening("whist", PLAYERS[:4])
    for game in ("cutthroat", "three-handed-auction", "preferans", "euchre"):
        with pytest.raises(EveningError):
            Evening("pivot", PLAYERS[:4], game)
    with pytest.raises(mv.MovementError):
        Evening("progressive", PLAYERS[:8], options=EveningOptions(deals_per_round=3))


def test_score_card_in_each_language() -> None:
    ev = Evening("duplicate", bot_names(8, "ru"), "auction-bridge", seed=1).play()
    html = score_card(ev, "ru")
    assert "Раунд 2" in html and "Итоги" in html and "Round" not in html
    en = score_card(Evening("pivot", bot_names(4, "en"), seed=1).play(), "en")
    assert "Standings" in en and "Раунд" not in en


def test_cli_evening_with_bots(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    card, saved = tmp_path / "card.html", tmp_path / "evening.json"
    code = main(["club", "--movement", "duplicate", "--tables", "2", "--game", "auction-bridge", "--bots", "rule",
                 "--seed", "1", "--card", str(card), "--save", str(saved)])
    assert code == 0
    out = capsys.readouterr().out.splitlines()
    data = json.loads(saved.read_text(encoding="utf-8"))
    standings = recompute(data)
    lines = [line for line in out if line[:1].isdigit()]
    assert len(lines) == len(standings) == 4
    for line, s in zip(lines, standings, strict=True):
        assert line.endswith(f": {s.points}") and s.name in line
    html = card.read_text(encoding="utf-8")
    assert "Standings" in html and all(s.name.replace("&", "&amp;") in html for s in standings)
    _same_cards(data)


@pytest.mark.parametrize("movement", ["duplicate", "pivot", "six-handed", "royal"])
def test_cli_evening_in_russian_is_all_russian(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                               movement: str) -> None:
    card = tmp_path / "card.html"
    assert main(["--lang", "ru", "club", "--movement", movement, "--tables", "1" if movement != "duplicate" else "2",
                 "--seed", "2", "--card", str(card)]) == 0
    captured = capsys.readouterr()
    text = captured.out + captured.err.replace(str(card), "")
    assert re.search("[А-Яа-я]", text) and not re.search("[A-Za-z]", text), text
    html = unescape(re.sub(r"<[^>]+>", " ", card.read_text(encoding="utf-8").split("</style>")[-1]))
    assert not re.search("[A-Za-z]", html), html


def test_cli_refuses_a_computer_player_the_game_has_not(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["club", "--movement", "pivot", "--tables", "1", "--bots", "oracle", "--card",
                 str(tmp_path / "c.html")]) == 2
    assert "--bots oracle" in capsys.readouterr().err
    assert not (tmp_path / "c.html").exists()


def test_a_royal_evening_is_tables_of_the_royal_game_when_there_is_one() -> None:
    """Royal bridge (§6.12): tables of the `royal-bridge` game, each player's own column (its sheet's
    seat results); straight bridge's deals in the royal columns while that game is not registered."""
    from cardroom.club.evening import ROYAL_GAME
    from cardroom.games import names

    ev = Evening("royal", PLAYERS[:4], seed=6).play()
    assert ev.game_name == (ROYAL_GAME if ROYAL_GAME in names() else "straight-bridge")
    rows = ev.rows()
    assert [r.boards for r in rows] == [(1, 2, 3, 4), (5, 6, 7, 8), (9, 10, 11, 12)]
    assert all(r.seats[0] == PLAYERS[0] for r in rows), "the pivot keeps his seat"
    partners = {r.seats[2] for r in rows}
    assert partners == set(PLAYERS[1:4]), "four deals with each of the others"
    totals: dict[str, int] = {}
    for r in rows:
        for seg in r.segments:
            got: dict[int, int] = {}
            if ev.game_name == ROYAL_GAME:
                got = {s: int(v) for s, v in enumerate(seg.state.seat_results() or ())}
            else:
                for score in segment_scores(seg.state, seg.offset, seg.boards):
                    for who, pts in royal_deal_points(score, ev.options).items():
                        got[int(who)] = got.get(int(who), 0) + pts
            for at, pts in got.items():
                player = r.seats[(at + seg.offset) % 4]
                totals[player] = totals.get(player, 0) + pts
    assert {s.name: s.points for s in ev.standings()} == {p: totals.get(p, 0) for p in PLAYERS[:4]}
