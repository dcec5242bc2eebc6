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
