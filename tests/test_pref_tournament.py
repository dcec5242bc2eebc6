"""Preferans tournaments (document 004, the tournament chapter; digest §11): the movement tables, the deal
sets carried from table to table, the §11.2 protocol, match points and standings, the arbiter's adjusted
results and rulings, knock-out tournaments. The vectors ``pref-tour-movements`` and
``pref-tour-adjusted-scores`` are checked here (:data:`TOUR_CHECKS`, registered by
tests/test_preferans_vectors.py)."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardroom.club import pref_movements as pm
from cardroom.club import tour_arbiter as arb
from cardroom.club import tournament as tr
from cardroom.core.cards import Card
from cardroom.core.deal import Deal
from cardroom.core.errors import CardroomError
from cardroom.records.registry import state_from_dict

RULES = Path(__file__).parents[2] / "shared" / "rules"
VECTORS = {v["id"]: v for v in json.loads((RULES / "preferans-examples.json").read_text(encoding="utf-8"))}
MOVES = VECTORS["pref-tour-movements"]["expected"]["movements"]


def _row_tables(row: list[str]) -> list[tuple[int, ...]]:
    """The vector's row of sets read independently of the engine: Z, a table, /tables/."""
    return [() if c == "Z" else tuple(int(x) for x in c.strip("/").split(",")) for c in row]


def _route_of(n: int) -> list[list[str]]:
    """The vector's routes of ``n`` participants, group by group (16: the corrected group 2)."""
    m = MOVES[str(n)]
    if "players" in m:
        return [m["players"]]
    first = MOVES[m["group1"].split()[-1]]["players"]
    return [first, m.get("group2", m.get("group2_corrected"))]


# ---------------------------------------------------------------------------------------------- the vectors
def check_movements(v: dict[str, Any]) -> None:
    """Every movement table of the vector is the engine's, and plays: the routes and rows as printed
    (16: the corrected route; the printed one is refused, naming 4S twice and 3S never)."""
    for key, m in v["expected"]["movements"].items():
        n = int(key)
        table = pm.movement_table(n)
        assert [[str(p) for p in g.route] for g in table.groups] == _route_of(n)
        assert list(table.row) == _row_tables(m["sets"])
        if "n_sets" in m:
            assert table.rounds == m["n_sets"]
        fixed = [str(g.fixed) for g in table.groups if g.fixed is not None]
        if "fixed" in m:
            assert fixed[-1] == m["fixed"].split()[0]
        s = pm.schedule(n)
        assert sorted(s.sets.values()) == sorted(k for k in range(1, table.rounds + 1) for _ in table.tables)
    sixteen = v["expected"]["movements"]["16"]
    assert sixteen["group2_as_printed"] == list(pm.PRINTED_16)
    with pytest.raises(pm.TourMovementError) as e:
        pm.movement_table(16, printed=True)
    assert e.value.reason is not None
    assert e.value.reason.params["twice"] == "4S" and e.value.reason.params["missing"] == "3S"
    # the misprint's correction: the mapping that makes the printed 24 out of the 12 makes the corrected 16
    assert list(pm.mapped_route(MOVES["12"]["players"], 3)) == MOVES["24"]["group2"]
    assert list(pm.mapped_route(MOVES["8"]["players"], 2)) == sixteen["group2_corrected"]
    assert list(pm.mapped_route(MOVES["8"]["players"], 2)) != sixteen["group2_as_printed"]


def check_adjusted(v: dict[str, Any]) -> None:
    """Artificial results are 40 / 50 / ≥ 60 % of the top in a played tournament; assigned results give
    the non-offending side the best likely result, the offending side the worst possible."""
    exp = v["expected"]["artificial"]
    pct = {arb.FULL: exp["fully_at_fault"], arb.PART: exp["partly_at_fault"], arb.NONE: exp["not_at_fault"]}
    for fault, text in pct.items():
        assert arb.artificial_share(fault) * 100 == Fraction(text.strip(">= %"))
    assert arb.artificial_share(arb.NONE, Fraction(7, 10)) == Fraction(7, 10)
    with pytest.raises(arb.ArbiterError):
        arb.artificial_share(arb.NONE, Fraction(55, 100))  # «по меньшей мере 60%»
    tour = _played(8, rounds=2)
    ln = tour.lines[0]
    ruling = arb.Ruling("11.3", arb.ARTIFICIAL_RESULT, arb.faults_of([0], partly=[1]))
    tour.apply_ruling(ln.round, ln.table, ln.board, ruling)
    mp = tour.match_points()
    top = tr.top_of(tour.lines, ln.board)
    assert top == 2  # the board played at both tables
    assert [mp[(ln.round, ln.table, ln.board, s)] for s in range(4)] == [Fraction(4, 10) * top, Fraction(5, 10) * top,
                                                                         Fraction(6, 10) * top, Fraction(6, 10) * top]
    # assigned (Б.2)
    likely: list[tuple[int, ...]] = [(10, -5, -5, 0), (4, 2, -6, 0)]
    possible = [*likely, (-20, 10, 10, 0)]
    got = arb.assigned_whists(likely, possible, offenders=[0])
    assert got == (Fraction(-20), Fraction(2), Fraction(-5), Fraction(0))


TOUR_CHECKS: dict[str, Callable[[dict[str, Any]], None]] = {
    "pref-tour-movements": check_movements,
    "pref-tour-adjusted-scores": check_adjusted,
}


@pytest.mark.parametrize("vid", sorted(TOUR_CHECKS))
def test_tour_vector(vid: str) -> None:
    TOUR_CHECKS[vid](VECTORS[vid])


# ---------------------------------------------------------------------------------------------- movements
@pytest.mark.parametrize("n", pm.SIZES)
def test_every_movement_plays(n: int) -> None:
    """Each round: every table has four different players, nobody is seated twice, the others sit out;
    each set is played by the tables the row says («первый в ряду комплект на последнее место»); nobody
    meets a set twice; each sits out as often as the route has pauses; the fixed player never moves."""
    s = pm.schedule(n)
    rows = _row_tables(MOVES[str(n)]["sets"])
    names = set(s.movement.players) | {p for r in s.resting.values() for p in r}
    assert len(names) == n
    length = len(rows)
    for rnd in s.movement.rounds:
        seated = [p for x in rnd.sittings for p in x.seats]
        assert len(seated) == len(set(seated)) == 4 * len(rnd.sittings)
        assert set(seated) | set(s.resting[rnd.number]) == names
        assert not set(seated) & set(s.resting[rnd.number])
        for place, tables in enumerate(rows):
            for t in tables:
                assert s.sets[(rnd.number, t)] == (place + rnd.number - 1) % length + 1
    had = Counter((p, s.sets[(r.number, x.table)]) for r in s.movement.rounds for x in r.sittings for p in x.seats)
    assert max(had.values()) == 1
    pauses = sum(1 for route in _route_of(n) for p in route if p == "P")
    rests = Counter(p for r in s.resting.values() for p in r)
    assert set(rests.values()) <= {1} and len(rests) == (n if pauses else 0)
    for g in s.table.groups:
        if g.fixed is not None:
            at = {x.seats[g.fixed.seat] for r in s.movement.rounds for x in r.sittings if x.table == g.fixed.table}
            assert len(at) == 1
    for number in range(1, length + 1):
        assert len(s.played_by(number)) == len(s.table.tables)


@pytest.mark.parametrize("n", pm.SIZES)
def test_the_documented_moves(n: int) -> None:
    """«3S–2W означает, что S с третьего стола идет на второй стол и занимает позицию W»; the rightmost
    position links back to the leftmost."""
    s = pm.schedule(n)
    place = {}
    for rnd in s.movement.rounds:
        for x in rnd.sittings:
            for seat, p in enumerate(x.seats):
                place[(rnd.number, p)] = f"{x.table}{'NESW'[seat]}"
        for p in s.resting[rnd.number]:
            place[(rnd.number, p)] = "P"
    first_number = 1
    for g, route in zip(s.table.groups, _route_of(n), strict=True):
        members = {str(k) for k in range(first_number, first_number + g.size)}
        first_number += g.size
        for i, here in enumerate(route):
            there = route[(i + 1) % len(route)]
            for r in range(1, len(route)):
                movers = [p for (rr, p), pos in place.items() if rr == r and pos == here and p in members]
                assert len(movers) == 1
                assert place[(r + 1, movers[0])] == there
    instr = dict(pm.instructions(s, 1))
    first = _route_of(n)[0]
    if "1S" in first:
        assert instr["1S"] == first[(first.index("1S") + 1) % len(first)]


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(pm.SIZES), st.integers(2, 6), st.randoms(use_true_random=False))
def test_schedule_by_names_and_deals(n: int, deals: int, rnd: Any) -> None:
    """Whatever the names and the deals a set: the participants' places depend on their numbers only, the
    sets' boards partition the boards, and every table-round plays the whole of one set."""
    names = [f"p{i}" for i in range(n)]
    rnd.shuffle(names)
    by_number = pm.schedule(n, deals)
    s = pm.schedule(names, deals)
    for a, b in zip(by_number.movement.rounds, s.movement.rounds, strict=True):
        for x, y in zip(a.sittings, b.sittings, strict=True):
            assert tuple(names[int(p) - 1] for p in x.seats) == y.seats
            assert y.boards == s.set_boards(s.sets[(b.number, y.table)])
    boards = [bd for k in range(1, s.table.rounds + 1) for bd in s.set_boards(k)]
    assert boards == list(range(1, s.table.rounds * deals + 1))
    assert all(s.set_of_board(bd) == (bd - 1) // deals + 1 for bd in boards)


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(pm.SIZES), st.data())
def test_any_misprint_is_refused(n: int, data: st.DataObject) -> None:
    """Like the 16-player «4S» printed for «3S»: a route with any one place printed as another seat of the
    group is refused, naming the seat used twice and the seat never used."""
    table = pm.movement_table(n)
    gi = data.draw(st.integers(0, len(table.groups) - 1))
    g = table.groups[gi]
    route = [str(p) for p in g.route]
    seats = [i for i, p in enumerate(route) if p != "P"]
    i, j = data.draw(st.sampled_from(seats)), data.draw(st.sampled_from(seats))
    if i == j:
        return
    wrong = list(route)
    wrong[i] = route[j]
    misprinted = pm.Group(g.tables, tuple(pm.Position.parse(x) for x in wrong), g.fixed)
    bad = pm.MovementTable(n, tuple(misprinted if k == gi else x for k, x in enumerate(table.groups)), table.row)
    with pytest.raises(pm.TourMovementError) as e:
        pm.check_table(bad)
    assert e.value.reason is not None
    assert e.value.reason.params["twice"] == route[j] and route[i] in e.value.reason.params["missing"]


@pytest.mark.parametrize("n,balanced", [(8, True), (13, True), (9, False), (12, False)])
def test_meetings(n: int, balanced: bool) -> None:
    """The 8 and 13 tables make every two players meet equally often (three times); the 9 and 12 tables
    do not — some meet several times (footnote [30]: «некоторых игроков встречаться несколько раз»)."""
    m = pm.meetings(pm.schedule(n))
    assert len(m) == n * (n - 1) // 2  # everybody meets everybody
    assert (len(set(m.values())) == 1) is balanced


def test_refused_movements() -> None:
    with pytest.raises(pm.TourMovementError):
        pm.schedule(10)
    with pytest.raises(pm.TourMovementError):
        pm.schedule(8, deals=1)  # «не менее двух сдач в комплекте»
    with pytest.raises(pm.TourMovementError):
        pm.Position.parse("5X")
    with pytest.raises(pm.TourMovementError):
        tr.Tournament(16, options=tr.TournamentOptions(printed_16=True))  # the misprint is reported, not played
    bad = pm.MovementTable(8, pm.movement_table(8).groups, pm.parse_row(["/1,2/", "1", *["Z"] * 5]))
    with pytest.raises(pm.TourMovementError):
        pm.check_table(bad)  # table 1 would play two sets


# ---------------------------------------------------------------------------------------------- playing
_CACHE: dict[tuple[int, int], tr.Tournament] = {}


def _played(n: int, rounds: int | None = None, deals: int = 2) -> tr.Tournament:
    tour = tr.Tournament(n, seed=3, options=tr.TournamentOptions(deals=deals), bots="rule,random")
    for _ in range(rounds if rounds is not None else tour.schedule.table.rounds):
        tour.play_round()
    return tour


def _full8() -> tr.Tournament:
    if (8, 0) not in _CACHE:
        _CACHE[(8, 0)] = _played(8)
    return _CACHE[(8, 0)]


def test_same_cards_at_every_table_and_the_protocol_recomputed() -> None:
    """Every board is dealt with the same cards at the same seats at each table that plays it (from the
    records alone); the protocol and the standings recomputed from the records are the ones printed."""
    tour = _full8()
    data = json.loads(json.dumps(tour.to_dict()))
    dealt: dict[int, set[tuple[int, ...]]] = {}
    for sitting in data["sittings"]:
        for sg in sitting["segments"]:
            state = state_from_dict(sg["record"])
            d = next(a for a in state.history if isinstance(a, Deal))
            off = int(sg["offset"])
            dealt.setdefault(sg["boards"][0], set()).add((*(d.hands[(s - off) % 4] for s in range(4)), d.rest))
    assert len(dealt) == 7 * 2 and all(len(v) == 1 for v in dealt.values())
    for b, hands in dealt.items():
        (h,) = hands
        assert h[int(tr.pref_board(3, b).dealer)] == 0  # the dealer sits out
    lines, standings = tr.recompute(data)
    assert [ln.row() for ln in lines] == data["protocol"]
    assert standings == tour.standings()


def test_protocol_lines_and_match_points() -> None:
    """Each line: the whists sum to zero; a game's declarer and whisters take the ten tricks; the match
    points of a board at a seat add up to win·k(k−1)/2 (each comparison gives 2 or 1 + 1)."""
    tour = _full8()
    mp = tour.match_points()
    for ln in tour.lines:
        assert sum(ln.whists) == 0
        if ln.kind == "game":
            assert ln.declarer is not None and ln.whisters[0] is not None and ln.whisters[1] is not None
            assert ln.declarer[1] + ln.whisters[0][1] + ln.whisters[1][1] == 10
            assert ln.dealer not in (ln.declarer[0], ln.whisters[0][0], ln.whisters[1][0])
    for b in {ln.board for ln in tour.lines}:
        k = sum(1 for ln in tour.lines if ln.board == b)
        for s in range(4):
            assert sum(v for (r, t, bb, ss), v in mp.items() if bb == b and ss == s) == 2 * k * (k - 1) // 2
    st = tour.standings()
    assert sum(x.points for x in st) == sum(mp.values())
    assert [x.points for x in st] == sorted((x.points for x in st), reverse=True)


@pytest.mark.parametrize("n", [18, 24])
def test_two_group_tournaments_play_through(n: int) -> None:
    """The two-group tables (18: with pauses; 24: «номера столов в нестандартном порядке») played through:
    each board at every table of both groups (the row shared), each participant in every round but his
    pause, and the match points of each board at each seat adding up to its comparisons."""
    tour = tr.Tournament(n, seed=2, options=tr.TournamentOptions(deals=1), bots="rule,random").play()
    tables = len(tour.schedule.table.tables)
    per_board = Counter(ln.board for ln in tour.lines)
    assert set(per_board.values()) == {tables} and len(per_board) == tour.schedule.table.rounds
    mp = tour.match_points()
    for b in per_board:
        for s in range(4):
            assert sum(v for (_, _, bb, ss), v in mp.items() if bb == b and ss == s) == tables * (tables - 1)
    pauses = 1 if n == 18 else 0
    assert {st.boards for st in tour.standings()} == {tour.schedule.table.rounds - pauses}


def _line(rnd: int, table: int, whists: tuple[int, int, int, int]) -> tr.Line:
    return tr.Line(rnd, table, 1, 1, 0, (0, 0, 0, 0), 0, "game", "6S", (1, 6), ((2, 3), (3, 1)),
                   (4 * table - 3, 4 * table - 2, 4 * table - 1, 4 * table),
                   tuple(Fraction(w) for w in whists))  # type: ignore[arg-type]


def test_match_points_by_hand() -> None:
    """Three tables: N wrote 10, 5, 5 → 4, 1, 1 match points (2 a beaten result, 1 a tie); with the first
    table's result artificial (60 %) the other two, tied, are scaled to the top: 2 each of 4."""
    lines = [_line(1, 1, (10, -10, 0, 0)), _line(1, 2, (5, -5, 0, 0)), _line(1, 3, (5, -5, 0, 0))]
    mp = tr.match_points(lines)
    assert [mp[(1, t, 1, 0)] for t in (1, 2, 3)] == [4, 1, 1]
    assert [mp[(1, t, 1, 1)] for t in (1, 2, 3)] == [0, 3, 3]
    assert [mp[(1, t, 1, 2)] for t in (1, 2, 3)] == [2, 2, 2]
    lines[0].scores[0] = tr.Score("artificial", Fraction(6, 10))
    mp = tr.match_points(lines)
    assert [mp[(1, t, 1, 0)] for t in (1, 2, 3)] == [Fraction(12, 5), 2, 2]


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(-30, 30), min_size=2, max_size=6))
def test_match_points_property(ws: list[int]) -> None:
    """Whatever the whists, a seat's match points are win per worse result and tie per equal one, and the
    board's points add up to the comparisons made."""
    lines = [_line(1, t + 1, (w, -w, 0, 0)) for t, w in enumerate(ws)]
    mp = tr.match_points(lines)
    for t, w in enumerate(ws):
        assert mp[(1, t + 1, 1, 0)] == 2 * sum(1 for o in ws if o < w) + sum(1 for o in ws if o == w) - 1
    k = len(ws)
    assert sum(mp[(1, t + 1, 1, 0)] for t in range(k)) == k * (k - 1)


def test_contract_column() -> None:
    """The protocol's contract column: a game's contract, the other kinds in the reader's language."""
    from dataclasses import replace

    ln = _line(1, 1, (0, 0, 0, 0))
    assert tr.contract_text(ln, "ru") == "6S"
    assert tr.contract_text(replace(ln, kind="misere", contract="misere"), "ru") == "мизер"
    assert tr.contract_text(replace(ln, kind="raspasy", contract=None), "en") == "raspasy"
    assert tr.contract_text(replace(ln, kind="unplayed"), "ru") == "6S — без виста"


def test_bots_named_by_their_numbers() -> None:
    names, bots = tr.with_bots(["Anna", " ", "Bot 3", "Anna"], 5, "en")
    assert names == ["Anna", "Bot 3", "Bot 1", "Bot 4", "Bot 5"] and bots == names[2:]
    assert tr.with_bots([], 3, "ru")[0] == ["Бот 1", "Бот 2", "Бот 3"]


def test_standings_share_places() -> None:
    lines = [_line(1, 1, (5, -5, 0, 0)), _line(1, 2, (5, -5, 0, 0))]
    st = tr.standings_of(lines, [str(i) for i in range(1, 9)], tr.TournamentOptions())
    places = {s.number: s.place for s in st}
    assert places[1] == places[5] == 1  # the two N tied, at the top
    assert places[2] == places[6]


# ---------------------------------------------------------------------------------------------- the arbiter
def test_wrong_deal_in_a_running_tournament() -> None:
    """11.6: table 2 takes set 3 in round 1 — nobody had played it, its result stands (А.1); when set 3
    comes round (round 3), the players who played it at table 2 have their second result cancelled and
    the others at their tables get artificial results (Б)."""
    tour = tr.Tournament(8, seed=3, options=tr.TournamentOptions(deals=2), bots="rule")
    tour.play_round(wrong_sets={2: 3})
    assert all(ln.set == 3 for ln in tour.lines if ln.table == 2)
    assert all(sc.kind == "natural" for ln in tour.lines for sc in ln.scores)
    assert tour.rulings[-1]["ruling"]["action"] == arb.KEEP
    early = set(tour.sittings[-1].seats)
    tour.play_round()
    tour.play_round()
    third = [ln for ln in tour.lines if ln.round == 3]
    assert {ln.set for ln in third} == {3}
    for ln in third:
        seats = next(x.seats for x in tour.sittings if (x.round, x.table) == (3, ln.table))
        for s, p in enumerate(seats):
            assert ln.scores[s].kind == ("cancelled" if p in early else "artificial")
    mp = tour.match_points()
    assert all(mp[(ln.round, ln.table, ln.board, s)] == 0 for ln in third for s in range(4)
               if ln.scores[s].kind == "cancelled")
    data = json.loads(json.dumps(tour.to_dict()))
    lines, _ = tr.recompute(data)
    assert [ln.row() for ln in lines] == data["protocol"]


def test_wrong_deal_played_before() -> None:
    """11.6 Б at once: in round 2 table 1 takes set 1 again — its players' second results are cancelled."""
    tour = tr.Tournament(8, seed=3, options=tr.TournamentOptions(deals=2), bots="rule")
    tour.play_round()
    tour.play_round(wrong_sets={1: 1})
    again = [ln for ln in tour.lines if ln.round == 2 and ln.table == 1]
    seats = next(x.seats for x in tour.sittings if (x.round, x.table) == (2, 1))
    first = {p for x in tour.sittings if x.round == 1 for p in x.seats}
    assert all(ln.scores[s].kind == ("cancelled" if p in first else "artificial")
               for ln in again for s, p in enumerate(seats))
    assert all(r["ruling"]["action"] == arb.CANCEL_SECOND for r in tour.rulings if r["round"] == 2)


def test_wrong_deal_replayed_later() -> None:
    """11.6 А.2: the arbiter may have the correct set played later."""
    tour = tr.Tournament(8, seed=3, options=tr.TournamentOptions(deals=2, replay_wrong_deal=True), bots="rule")
    tour.play_round(wrong_sets={2: 3})
    assert [(x.table, x.set, x.late) for x in tour.sittings] == [(1, 1, False), (2, 3, False), (2, 1, True)]


def test_rulings_decisions() -> None:
    """11.3–11.7 as decisions."""
    assert arb.wrong_card_count([1], bid_with_wrong_hand=True).action == arb.ARTIFICIAL_RESULT
    r = arb.wrong_card_count([1], bid_with_wrong_hand=True)
    assert r.penalty and r.faults[1] == arb.FULL and r.faults[0] == arb.NONE
    assert arb.wrong_card_count([1]).action == arb.HAND_RECORDS
    assert arb.wrong_card_count([1], hand_records=False, earlier_players=True).action == arb.CONSULT
    assert arb.wrong_card_count([1], hand_records=False).action == arb.REDEAL
    assert arb.wrong_card_count([1], saw_others=True).action == arb.HAND_RECORDS  # Б.1, with consent
    assert arb.wrong_card_count([1], saw_others=True, consent=False).action == arb.ARTIFICIAL_RESULT
    assert arb.wrong_card_count([1], saw_others=True, material=True).action == arb.ARTIFICIAL_RESULT
    c = arb.wrong_card_count([1], after_play=True, independent=[3, 1])
    assert c.action == arb.CANCEL and c.keep == (3,) and 3 not in c.faults
    assert arb.missing_card(False, "elsewhere").action == arb.RETURN_CARD
    assert arb.missing_card(False, "no").action == arb.RECONSTRUCT and not arb.missing_card(False, "no").penalty
    assert arb.missing_card(True, "played").action == arb.SPOILED
    assert arb.missing_card(True, "elsewhere").action == arb.RESTORE and arb.missing_card(True, "elsewhere").penalty
    assert arb.missing_card(True, "no").action == arb.RECONSTRUCT and arb.missing_card(True, "no").penalty
    assert not arb.defective_trick(True, has_led_suit=True).revoke
    assert arb.defective_trick(True, has_led_suit=False).revoke
    assert arb.defective_trick(False).action == arb.TAKE_BACK
    assert arb.wrong_deal([]).action == arb.KEEP
    w = arb.wrong_deal([2])
    assert w.cancelled == (2,) and set(w.faults) == {0, 1, 3}
    assert arb.wrong_hand([0], play_began=True).action == arb.CANCEL
    assert arb.wrong_hand([0], play_began=False).action == arb.CORRECT
    assert arb.wrong_hand([0], play_began=False, essential_distortion=True).action == arb.CANCEL


def test_decide_from_facts() -> None:
    """The director's facts (the room's request) reach the same decisions."""
    seat_of = {x: i for i, x in enumerate("NESW")}
    assert arb.decide("11.7", {"offenders": ["E"], "play_began": True}, seat_of) == arb.wrong_hand([1], True)
    assert arb.decide("11.3", {"offenders": ["S"], "bid_with_wrong_hand": True}, seat_of) == \
        arb.wrong_card_count([2], bid_with_wrong_hand=True)
    assert arb.decide("11.4", {"during_play": True, "found": "played"}).action == arb.SPOILED
    assert arb.decide("11.6", {"played_before": [3]}).cancelled == (3,)
    assert arb.decide("adjusted", {"faults": {"N": "partial"}}, seat_of).faults == {0: arb.PART}
    for rule, facts in (("12.1", {}), ("adjusted", {"faults": {"N": "most"}}), ("11.7", {"offenders": "E"})):
        with pytest.raises(CardroomError):
            arb.decide(rule, facts, seat_of)


def test_defective_trick_cards() -> None:
    """11.5: too many cards — a card of the led suit (no penalty), else any (a revoke); too few — the card
    shown stays, else the highest that could legally have been played; the rest go back."""
    c = Card.parse
    hand = [c("AS"), c("7S"), c("9H")]
    assert arb.card_to_add(hand, int(c("AS").suit)) == ([c("AS"), c("7S")], False)
    assert arb.card_to_add(hand, int(c("7D").suit)) == (hand, True)
    played = [c("8S"), c("KS"), c("9H")]
    assert arb.card_kept(played, c("8S"), int(c("AS").suit), None, []) == (c("8S"), [c("KS"), c("9H")])
    assert arb.card_kept(played, None, int(c("AS").suit), None, []) == (c("KS"), [c("8S"), c("9H")])
    with pytest.raises(arb.ArbiterError):
        arb.card_kept(played, c("AS"), None, None, [])


def test_rulings_applied_to_a_running_tournament() -> None:
    """A deal put right from the hand records is played again (the same cards); a redeal is refused
    once the board has been played elsewhere; an artificial result stands in the recomputed protocol."""
    tour = _played(8, rounds=1)
    ln = tour.lines[0]
    again = tour.apply_ruling(ln.round, ln.table, ln.board, arb.wrong_card_count([0]))
    assert again.hands == ln.hands and again is not ln and again in tour.lines
    with pytest.raises(tr.TournamentError):
        tour.apply_ruling(ln.round, ln.table, ln.board, arb.wrong_card_count([0], hand_records=False))
    tour.apply_ruling(ln.round, ln.table, ln.board, arb.wrong_hand([2], play_began=True))
    data = json.loads(json.dumps(tour.to_dict()))
    lines, standings = tr.recompute(data)
    assert [x.row() for x in lines] == data["protocol"] and standings == tour.standings()
    assert lines[0].scores[2] == tr.Score("artificial", Fraction(4, 10))


def test_assigned_result_in_a_running_tournament() -> None:
    """Б.2 at a deal of a played round: the likely results are those of the same cards at the other table;
    the non-offending seats take the best of them, the offender (N) the worst possible; the match points
    then compare the assigned whists like played ones."""
    tour = _played(8, rounds=1)
    ln = tour.lines[0]
    likely = tour.likely_results(ln.board, exclude=(ln.round, ln.table))
    assert len(likely) == 1
    possible = [*likely, ln.whists, tuple(-w for w in ln.whists)]
    got = arb.assigned_whists(likely, possible, offenders=[0])
    tour.apply_ruling(ln.round, ln.table, ln.board, arb.Ruling("Б.2", arb.ASSIGNED), assigned=got)
    assert [sc.kind for sc in ln.scores] == ["assigned"] * 4
    assert ln.scores[0].value == min(r[0] for r in possible)
    assert [sc.value for sc in ln.scores[1:]] == list(likely[0][1:])
    other = next(o for o in tour.lines if o.board == ln.board and o is not ln)
    mp = tour.match_points()
    for s in range(4):
        a, b = ln.scores[s].value, other.scores[s].value
        assert mp[(ln.round, ln.table, ln.board, s)] == (2 if a > b else 1 if a == b else 0)


def test_redeal_of_a_board_nobody_has_played() -> None:
    tour = tr.Tournament(8, seed=3, options=tr.TournamentOptions(deals=2), bots="rule")
    tour.play_sitting(1, 1, tour.schedule.movement.rounds[0].sittings[0].seats, 1)
    ln = tour.lines[0]
    new = tour.apply_ruling(1, 1, ln.board, arb.wrong_card_count([1], hand_records=False))
    assert new.hands != ln.hands and tour.versions[ln.board] == 1


# ---------------------------------------------------------------------------------------------- knock-out
def test_knockout_plan() -> None:
    assert tr.knockout_sizes(12) == [[4, 4, 4], [3]]
    assert tr.knockout_sizes(12, advance=2) == [[4, 4, 4], [3, 3], [4]]
    assert tr.knockout_sizes(9, table_size=3) == [[3, 3, 3], [3]]
    assert tr.knockout_sizes(48) == [[4] * 12, [4, 4, 4], [3]]
    for bad in (5, 24):
        with pytest.raises(tr.TournamentError):
            tr.knockout_sizes(bad)


def test_knockout_played() -> None:
    """§11.4: each table's winner goes on; the last round is one table whose order is the prizes."""
    players = [f"p{i}" for i in range(9)]
    ko = tr.knockout(players, seed=1, table_size=3, bots="rule,random", pulka={"pulya_length": 10})
    first = [x for x in ko if x.round == 1]
    final = [x for x in ko if x.round == 2]
    assert len(first) == 3 and len(final) == 1
    for x in first:
        assert len(x.advance) == 1 and x.balances[x.players.index(x.advance[0])] == max(x.balances)
        assert sum(x.balances) == 0
    assert set(final[0].players) == {x.advance[0] for x in first}
    assert sorted(final[0].advance) == sorted(final[0].players)


# ---------------------------------------------------------------------------------------------- the CLI
def test_cli(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    from cardroom.cli.main import main

    out = tmp_path / "t.json"
    assert main(["tournament", "--players", "8", "--deals", "2", "--lang", "en", "--save", str(out)]) == 0
    text = capsys.readouterr().out
    assert "Round 7, table 2, set 7" in text and text.count("№") >= 8
    assert "Layouts:" in text and "deal 14 (dealer E): N ♠" in text
    data = json.loads(out.read_text(encoding="utf-8"))
    _, standings = tr.recompute(data)
    for s in standings:
        assert f"{s.place}. №{s.number} {s.name}: {tr.fmt(s.points)} mp" in text
    html = tmp_path / "t.html"
    assert main(["tournament", "--players", "8", "--deals", "2", "--lang", "ru", "--html", str(html)]) == 0
    page = html.read_text(encoding="utf-8")
    assert "Протокол" in page and "Итоги" in page and "Расклады" in page
    layouts = page.split('<table class="layouts">')[1].split("</table>")[0]
    assert layouts.count("<tr>") == 1 + 14 and layouts.count("<td>—</td>") == 14  # each dealer sits out
    assert main(["tournament", "--players", "10", "--lang", "en"]) == 2
    assert main(["tournament", "--knockout", "--players", "9", "--table-size", "3", "--lang", "en"]) == 0
