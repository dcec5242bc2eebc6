"""Euchre scoring (document 003, Laws 1–7 and the glossary's lap): the points of a hand, the game,
the lap, game values, the rubber of three (four after a lap in the third game), the sheet.

AC (the dealer's side in the vectors) is NS here, BD is EW.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from cardroom.core.errors import IllegalAction
from cardroom.core.table import Side
from cardroom.games.euchre.scoring import HandScore, RubberScore, score_hand

RULES = Path(__file__).parents[2] / "shared" / "rules"
VECTORS: dict[str, dict[str, Any]] = {
    v["id"]: v for v in json.loads((RULES / "euchre-examples.json").read_text(encoding="utf-8"))
}
SIDE = {"AC": Side.NS, "BD": Side.EW}


@pytest.mark.parametrize("vid", ["law-002a", "law-002b", "law-002c", "law-002d", "law-002e",
                                 "law-003a", "law-003b", "law-003c", "law-003d"])
def test_hand_score_vectors(vid: str) -> None:
    v = VECTORS[vid]
    d, exp = v["data"], v["expected"]
    hs = score_hand(d["makers_tricks"], bool(d["lone"]))
    makers = d["makers"]
    other = "BD" if makers == "AC" else "AC"
    assert hs.makers_points == exp["points"][makers]
    assert hs.adversaries_points == exp["points"][other]
    assert hs.march == exp.get("march", d["makers_tricks"] == 5)
    assert hs.euchred == exp.get("euchred", False)


def test_full_score_table_laws_2_3() -> None:
    # Law 2: 5 tricks 2, 3-4 tricks 1, fewer than 3 the adversaries 2. Law 3 (alone): 4, 1, adversaries 4.
    table = {False: [(0, 2)] * 3 + [(1, 0)] * 2 + [(2, 0)], True: [(0, 4)] * 3 + [(1, 0)] * 2 + [(4, 0)]}
    for lone, row in table.items():
        for tricks, (mk, adv) in enumerate(row):
            assert score_hand(tricks, lone) == HandScore(mk, adv, tricks == 5, tricks < 3)
    # Law 102: the lone march scores only 2 when the partner exposed a card
    assert score_hand(5, True, lone_march_points=2).makers_points == 2
    with pytest.raises(ValueError):
        score_hand(6, False)


def _game_hands(final: dict[str, int], winner: str, start: dict[str, int] | None = None) -> list[tuple[int, int]]:
    """Hands that bring a game from ``start`` to ``final``: the loser's points one at a time, then
    the winner's, the last hand carrying him over."""
    start = start or {"AC": 0, "BD": 0}
    loser = "BD" if winner == "AC" else "AC"
    hands: list[tuple[int, int]] = []

    def pts(side: str, n: int) -> tuple[int, int]:
        return (n, 0) if side == "AC" else (0, n)

    for _ in range(final[loser] - start[loser]):
        hands.append(pts(loser, 1))
    need = final[winner] - start[winner]
    while need > 2:
        hands.append(pts(winner, 1))
        need -= 1
    hands.append(pts(winner, need))
    return hands


def test_law_007a_007b_game_values() -> None:
    for vid in ("law-007a", "law-007b"):
        v = VECTORS[vid]
        r = RubberScore.from_hands(_game_hands(v["data"]["game_final"], v["expected"]["game_winner"]))
        g = r.games[0]
        assert g.winner == SIDE[v["expected"]["game_winner"]]
        assert g.value == v["expected"]["game_value"]


def test_law_007c_rubber_points() -> None:
    v = VECTORS["law-007c"]
    hands: list[tuple[int, int]] = []
    for g in v["data"]["games"]:
        hands += _game_hands(g["final"], g["winner"])
    r = RubberScore.from_hands(hands)
    assert r.is_over and len(r.games) == 3
    assert r.winner == SIDE[v["expected"]["rubber_winner"]]
    assert r.rubber_points() == (v["expected"]["rubber_points"]["AC"], v["expected"]["rubber_points"]["BD"])


def test_score_007_max_ten_with_a_fourth_game() -> None:
    v = VECTORS["score-007-max-ten"]
    hands: list[tuple[int, int]] = []
    for g in v["data"]["games"]:
        hands += _game_hands(g["final"], g["winner"], g.get("start"))
    r = RubberScore.from_hands(hands)
    assert r.is_over and len(r.games) == v["expected"]["games_played"] == 4
    assert r.games[2].lap == 1
    assert r.rubber_points() == (v["expected"]["rubber_points"]["AC"], v["expected"]["rubber_points"]["BD"])


def test_score_lap_case_iii() -> None:
    v = VECTORS["score-lap-case-III"]
    d, exp = v["data"], v["expected"]
    r = RubberScore.from_hands([(0, 1), (0, 1), (0, 1), (1, 0), (1, 0), (1, 0), (1, 0)])
    assert r.score == [d["score_before"]["AC"], d["score_before"]["BD"]]
    hs = score_hand(d["makers_tricks"], d["lone"])
    r.add(hs.makers_points, 0)
    g = r.games[0]
    assert g.score[Side.NS] == exp["AC_total"]
    assert g.winner == SIDE[exp["game_winner"]] and g.value == exp["game_value"]
    assert r.score == [exp["carried_to_next_game"]["AC"], exp["carried_to_next_game"]["BD"]]
    # without the lap (option): nothing is carried
    r2 = RubberScore.from_hands([(0, 1)] * 3 + [(1, 0)] * 4 + [(2, 0)], lap=False)
    assert r2.games[0].score == (6, 3) and r2.games[0].lap == 0 and r2.score == [0, 0]


def test_law_001a_third_game_always_played() -> None:
    v = VECTORS["law-001a"]
    r = RubberScore.from_hands([(2, 0)] * 3 * 2)  # AC win two love games (6-0 each, lap 1 each)
    assert [g.winner for g in r.games] == [SIDE[w] for w in v["data"]["games_won"]]
    assert r.winner == SIDE[v["expected"]["rubber_winner"]]
    assert not r.is_over and r.game_number == 3  # the third game is played
    assert v["expected"]["third_game_played"]


def test_law_001b_001c_fourth_game_only_after_a_lap() -> None:
    two_games = [(0, 1)] * 5 + [(1, 0)] * 5  # EW then NS, 5-0 each, no lap
    b = VECTORS["law-001b"]
    r = RubberScore.from_hands(two_games + [(0, 1), (0, 1)] + [(1, 0)] * 4 + [(2, 0)])
    assert r.games[2].score == (b["data"]["game3_final"]["AC"], b["data"]["game3_final"]["BD"])
    assert not r.is_over and r.game_number == 4 and b["expected"]["fourth_game_played"]
    assert r.score == [b["expected"]["game4_start"]["AC"], b["expected"]["game4_start"]["BD"]]
    c = VECTORS["law-001c"]
    r = RubberScore.from_hands(two_games + [(0, 1)] * 3 + [(1, 0)] * 5)
    assert r.games[2].score == (c["data"]["game3_final"]["AC"], c["data"]["game3_final"]["BD"])
    assert r.is_over and not c["expected"]["fourth_game_played"]
    with pytest.raises(IllegalAction, match="rubber is over"):
        r.add(1, 0)
    # the option off: never a fourth game
    r = RubberScore.from_hands(two_games + [(0, 1), (0, 1)] + [(1, 0)] * 4 + [(2, 0)], fourth_game_after_lap=False)
    assert r.is_over and len(r.games) == 3 and r.games[2].lap == 0


def test_rubber_winner_is_first_to_two_games_and_fourth_game_counts() -> None:
    # NS win games 1 and 3 (3rd with a lap), EW the 2nd and 4th: NS won the rubber at game 3
    hands = [(1, 0)] * 5 + [(0, 1)] * 5 + [(1, 0)] * 4 + [(2, 0)] + [(0, 2)] * 3
    r = RubberScore.from_hands(hands)
    assert r.is_over and [g.winner for g in r.games] == [Side.NS, Side.EW, Side.NS, Side.EW]
    assert r.winner == Side.NS
    # NS: 2 + 2 (love games) + 2 (rubber); EW: 2 + 2 (game 4 from 0-1: NS carried 1 in, so 1)
    assert r.games[3].value == 1  # the losers had the lap point: they had scored
    assert r.rubber_points() == (2 + 2 + 2, 2 + 1)


def test_love_game_value_counts_carried_points() -> None:
    r = RubberScore.from_hands([(4, 0), (2, 0)])  # NS 6-0: lap 1, value 2
    assert r.games[0].value == 2 and r.score == [1, 0]
    r.add(0, 4)
    r.add(0, 1)  # EW win 5-1: value 1
    assert r.games[1].winner == Side.EW and r.games[1].value == 1 and r.games[1].score == (1, 5)


def test_carried_points_count_option() -> None:
    # EW carry 1 into game 2, then score nothing more: NS win 5-1
    hands = [(0, 4), (0, 2), (5, 0)]
    assert RubberScore.from_hands(hands).games[1].value == 1
    assert RubberScore.from_hands(hands, carried_points_count=False).games[1].value == 2


def test_negative_points_refused_and_to_dict() -> None:
    r = RubberScore()
    with pytest.raises(ValueError):
        r.add(-1, 0)
    r.add(2, 0)
    d = r.to_dict()
    assert d["score"] == {"NS": 2, "EW": 0} and d["game"] == 1 and not d["over"]
    assert d["hands"] == [[2, 0]]
    assert RubberScore.from_hands([(2, 0)]).to_dict() == d


def test_sheet_renders_in_english_and_russian() -> None:
    from cardroom.games.euchre.rubber import render_sheet

    r = RubberScore.from_hands([(2, 0), (2, 0), (2, 0)])
    en = render_sheet([], r, "en")
    assert "Euchre" in en and "Games: NS 1, EW 0" in en
    ru = render_sheet([], r, "ru")
    assert "Юкер" in ru and "Партии: СЮ 1, ВЗ 0" in ru


# ----------------------------------------------------------------------------- penalties (Laws 4, 6, 50, 63, 71, 90)
# The vectors law-004 … law-090b are checked in tests/test_euchre_vectors.py; here: the API, its errors and
# properties over every combination the laws allow.
from hypothesis import given  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from cardroom.core.cards import Card  # noqa: E402
from cardroom.core.errors import CardroomError, ParseError  # noqa: E402
from cardroom.core.table import Seat  # noqa: E402
from cardroom.games.euchre import club  # noqa: E402
from cardroom.games.euchre.scoring import (  # noqa: E402
    HandOutcome,
    PenaltyRules,
    ScoreEntry,
    apply_hand,
    apply_to_scores,
    hand_entries,
    revoke_penalty,
    unannounced_points_ruling,
    wrong_cards_loss,
)

sides = st.sampled_from(list(Side))
revoke_counts = st.tuples(st.integers(0, 4), st.integers(0, 4))
readings = st.builds(PenaltyRules, revoke_reading=st.sampled_from(["adversaries-score", "offenders-lose"]),
                     unequal_revokes=st.sampled_from(["surplus", "each"]), revoke_hand_points=st.booleans(),
                     below_zero=st.sampled_from(["floor", "negative"]))


@st.composite
def outcomes(draw: st.DrawFn) -> HandOutcome:
    lone = draw(st.booleans())
    return HandOutcome.from_tricks(draw(sides), draw(st.one_of(st.none(), st.integers(0, 5))), lone=lone,
                                   revokes=draw(revoke_counts), wrong_cards=draw(st.one_of(st.none(), sides)),
                                   abandoned=lone and draw(st.booleans()))


def _mirror(o: HandOutcome) -> HandOutcome:
    return HandOutcome(o.makers.other, o.hand, o.lone, (o.revokes[1], o.revokes[0]),
                       None if o.wrong_cards is None else o.wrong_cards.other, o.abandoned)


def test_law_63_penalty_table() -> None:
    # «три очка, за исключением случая игры в одиночку, когда он составляет пять очков»
    assert revoke_penalty((0, 1), lone=False).points_against(Side.EW) == 3
    assert revoke_penalty((0, 1), lone=True).points_against(Side.EW) == 5
    assert revoke_penalty((2, 0), lone=False).points_against(Side.NS) == 6  # once a revoke
    assert revoke_penalty({Side.EW: 1}, lone=False).entries() == (ScoreEntry(Side.NS, 3, "revoke penalty", 63),)
    assert revoke_penalty((2, 2), lone=True).total == 0  # Law 71


def test_law_90_loss_table() -> None:
    assert (wrong_cards_loss(False), wrong_cards_loss(True)) == (2, 4)


def test_bad_penalty_input_is_refused_by_name() -> None:
    with pytest.raises(CardroomError, match="NS must be a whole number"):
        revoke_penalty((-1, 0), lone=False)
    with pytest.raises(CardroomError, match="revoke_reading"):
        PenaltyRules(revoke_reading="both")  # type: ignore[arg-type]
    with pytest.raises(CardroomError, match="Law 50"):
        HandOutcome(Side.NS, None, lone=False, abandoned=True)
    with pytest.raises(CardroomError, match="0 to 4"):
        apply_to_scores((5, 0), HandOutcome(Side.NS, None))
    r = RubberScore()
    before = r.to_dict()
    with pytest.raises(CardroomError, match="below_zero"):
        r.add_entries([ScoreEntry(Side.NS, -2, "wrong number of cards", 90)], below_zero="minus")  # type: ignore[arg-type]
    assert r.to_dict() == before


def test_law_6_is_a_no_op_ruling() -> None:
    ruling = unannounced_points_ruling()
    assert ruling.penalty is None and ruling.entries == ()


def test_law_90_below_zero_floor_and_negative() -> None:
    # NS at 1 must lose 2 (Law 90): the default stops at 0; the option lets it go to -1
    o = HandOutcome.from_tricks(Side.NS, 4, wrong_cards=Side.NS)
    assert apply_to_scores((1, 0), o)[-1].score_after == (0, 0)
    assert apply_to_scores((1, 0), o, PenaltyRules(below_zero="negative"))[-1].score_after == (-1, 0)
    # a side below zero that loses the game: the game is double (it «не осталась» with points)
    r = RubberScore()
    r.add_entries(hand_entries(o), below_zero="negative")
    assert r.score == [-2, 0]
    r.add(0, 4)
    r.add(0, 1)
    assert r.games[0].value == 2 and r.games[0].score == (-2, 5)


def test_revoke_penalty_wins_the_game_and_the_rubber_before_the_hand_points() -> None:
    # Law 4 at the rubber's end: game-all, EW at 4 make a march (2), NS at 2 claim a revoke: NS reach 5
    # on the penalty, the rubber is over, and EW's march is never scored.
    r = RubberScore()
    r.add(5, 0)
    r.add(0, 5)
    r.add(2, 0)
    r.add(0, 4)
    steps = apply_hand(r, HandOutcome.from_tricks(Side.EW, 5, revokes=(0, 1)))
    assert r.is_over and r.winner == Side.NS and len(steps) == 1 and r.games[-1].score == (5, 4)
    assert r.hands[-1] == (3, 2) and "penalties" in r.to_dict()
    # NS at 3: the penalty makes a lap in the third game, so a fourth game opens with it (Law 1, glossary)
    # and EW's march is scored there
    r = RubberScore.from_hands([(5, 0), (0, 5), (3, 0), (0, 4)])
    apply_hand(r, HandOutcome.from_tricks(Side.EW, 5, revokes=(0, 1)))
    assert not r.is_over and r.games[-1].score == (6, 4) and r.score == [1, 2]


@given(revoke_counts, st.booleans(), st.sampled_from(["surplus", "each"]))
def test_revoke_penalty_properties(counts: tuple[int, int], lone: bool, unequal: str) -> None:
    per = 5 if lone else 3
    pen = revoke_penalty(counts, lone=lone, unequal_revokes=unequal)  # type: ignore[arg-type]
    mirrored = revoke_penalty((counts[1], counts[0]), lone=lone, unequal_revokes=unequal)  # type: ignore[arg-type]
    # symmetric sides
    assert mirrored.charged == (pen.charged[1], pen.charged[0])
    # never more than 3 (5) a revoke; equal numbers cancel entirely (Law 71)
    assert pen.total <= per * (counts[0] + counts[1])
    assert pen.total % per == 0
    if counts[0] == counts[1]:
        assert pen.total == 0 and pen.entries() == ()
    if unequal == "surplus":
        assert pen.total == per * abs(counts[0] - counts[1]) and len(pen.entries()) <= 1
    # both readings move the same number of points, to the adversaries or from the offenders
    add, lose = pen.entries("adversaries-score"), pen.entries("offenders-lose")
    assert sum(e.points for e in add) == -sum(e.points for e in lose) == pen.total
    assert all(e.points > 0 and pen.charged[e.side.other] for e in add)
    assert all(e.points < 0 and pen.charged[e.side] for e in lose)


@given(outcomes(), readings)
def test_hand_entries_properties(o: HandOutcome, rules: PenaltyRules) -> None:
    entries = hand_entries(o, rules)
    kinds = [e.kind for e in entries]
    # the order: penalties first (Law 90's loss, then the revoke penalty, Law 4), then the points
    order = ["wrong number of cards", "revoke penalty", "abandoned hand", "hand points"]
    assert [order.index(k) for k in kinds] == sorted(order.index(k) for k in kinds)
    # symmetric sides
    assert [(e.side.other, e.points, e.kind) for e in hand_entries(_mirror(o), rules)] == \
        [(e.side, e.points, e.kind) for e in entries]
    per = 5 if o.lone else 3
    for side in Side:
        scored = sum(e.points for e in entries if e.side == side and e.points > 0)
        # the most a side may score in one hand: Law 50's five or the hand's 4, plus the revoke penalties
        assert scored <= (5 if o.abandoned else 4 if o.lone else 2) + per * o.revokes[side.other]
        if o.wrong_cards == side:  # Law 90: nothing for the hand, and a loss of 2 (4)
            assert not any(e.kind in ("hand points", "abandoned hand") for e in entries if e.side == side)
            assert any(e.points == -wrong_cards_loss(o.lone) for e in entries if e.side == side)
    if o.abandoned:
        assert not any(e.kind == "hand points" for e in entries)


@given(st.lists(outcomes(), max_size=30), readings)
def test_rubber_with_penalties_properties(hands: list[HandOutcome], rules: PenaltyRules) -> None:
    r = RubberScore()
    for o in hands:
        if r.is_over:
            break
        steps = apply_hand(r, o, rules)
        for s in steps:
            if rules.below_zero == "floor":
                assert min(s.score_after) >= 0
            if s.game_ended is not None:
                assert s.entry.points > 0 and s.game_ended.score[s.entry.side] >= 5
    rp = r.rubber_points()
    assert max(rp) <= 10 and min(rp) >= 0  # Law 7: a rubber is worth at most ten
    assert len(r.games) <= 4 and r.copy().to_dict() == r.to_dict()


# ----------------------------------------------------------------------------- the rubber's first-deal cut
def _cut(text: str) -> dict[Seat, Card]:
    return dict(zip(Seat, (Card.parse(t) for t in text.split()), strict=True))


def test_rubber_cut_only_the_tied_cut_again() -> None:
    from cardroom.games.euchre.game import Euchre
    from cardroom.games.euchre.rubber import Recut

    s = Euchre().new_initial_state()
    s.apply(s.parse_action("cut JS 9H JC AD"))  # N and S cut knaves (Law 8: highest) — they alone cut again
    assert s.hand is None and s.to_recut == (Seat.NORTH, Seat.SOUTH)
    before = s.snapshot()
    for bad in ("recut N 7S E KD", "recut E 7S W KD"):
        with pytest.raises(IllegalAction, match="N S"):
            s.apply(s.parse_action(bad))
        assert s.snapshot() == before
    s.apply(s.parse_action("recut N 7S S KD"))
    assert s.dealer == Seat.SOUTH and s.hand is not None
    assert [s.action_text(a) for a in s.history] == ["cut JS 9H JC AD", "recut N 7S S KD"]
    assert Recut.from_text("recut S KD N 7S") == s.history[1]
    for bad_text in ("recut N 7S", "recut N 7S N KD", "recut N 7S S 7S", "recut N 2S S KD", "recut X 7S S KD"):
        with pytest.raises(ParseError):
            Recut.from_text(bad_text)


@given(st.randoms(use_true_random=False))
def test_rubber_cut_agrees_with_club(rng: Any) -> None:
    """The rubber's dealer is club.cut_for_partners' dealer, for the same cards (one implementation)."""
    from cardroom.games.euchre.game import Euchre
    from cardroom.games.euchre.rubber import Cut

    s = Euchre().new_initial_state()
    first = s.sample_chance(rng)
    assert isinstance(first, Cut)
    s.apply(first)
    recuts = []
    while s.hand is None:
        rc = s.sample_chance(rng)
        recuts.append(rc.by_seat())
        s.apply(rc)
    p = club.cut_for_partners(first.by_seat(), recuts)
    if not p.recut:  # club also cuts for partners (a tie in the middle): not the engine's business
        assert p.dealer == s.dealer
    assert s.dealer in first.tied_highest()
    assert club.cut_order(first.by_seat())[0] in first.tied_highest()


def test_rubber_cut_records_replay() -> None:
    from cardroom.records.registry import record_dict, state_from_dict

    rec = {"format": "cardroom-record", "version": 1, "game": "euchre", "options": {},
           "actions": ["cut JS 9H JC AD", "recut N 7S S KD"]}
    s = state_from_dict(rec)
    assert s.dealer == Seat.SOUTH
    assert record_dict(s)["actions"][:2] == rec["actions"]
    # an older record in which all four cut again after a tie still replays: a four-card cut is a fresh cut
    old = dict(rec, actions=["cut JS 9H JC AD", "cut 7S AH KD 9C"])
    assert state_from_dict(old).dealer == Seat.EAST
    assert _cut("JS 9H JC AD")[Seat.NORTH] == Card.parse("JS")
