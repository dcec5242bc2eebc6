"""The duplicate harness of bench/strength.py: seatings, exact cancellation, legality, the statistics."""

from __future__ import annotations

import math
from collections import Counter
from typing import Any

import pytest
from bench.strength import (
    BotOptions,
    GameSpec,
    bridge_result_points,
    duplicate_deal,
    main,
    make_bot,
    make_spec,
    mean_ci,
    pairs_of,
    parse_levels,
    play_once,
    run_match,
    t_quantile,
)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardroom.core.errors import CardroomError
from cardroom.core.game import State, View
from cardroom.core.table import Seat
from cardroom.games.bridge.calls import Strain
from cardroom.games.bridge.rules import DealResult
from cardroom.games.bridge.scoring import Contract, score_deal
from cardroom.games.bridge.variants import MODERN

GAMES = ("bridge", "preferans", "euchre")
OPTS = BotOptions(samples=2)
SPECS: dict[str, GameSpec] = {g: make_spec(g) for g in GAMES}


def _replay_checked(spec: GameSpec, board: int, history: list[Any]) -> State:
    """Replay a play's actions on a fresh deal, each one checked against the legal actions of the moment."""
    state = spec.new_state(board)
    state.apply(history[0])  # the chance action
    for a in history[1:]:
        assert not state.is_over, "an action after the end of the deal"
        assert a in state.legal_actions(), f"{a!r} was not legal at {state.position()}"
        state.apply(a)
    return state


# ------------------------------------------------------------------------------- seatings


def test_bridge_and_euchre_swap_the_partnerships() -> None:
    for g in ("bridge", "euchre"):
        spec = SPECS[g]
        out = duplicate_deal(spec, 1, "rule", "random", 1, OPTS)
        assert [p.seat_levels for p in out.plays] == [("rule", "random", "rule", "random"),
                                                       ("random", "rule", "random", "rule")]
        # the same cards both times
        assert out.plays[0].history[0] == out.plays[1].history[0]


def test_preferans_each_seat_is_played_three_times_by_each_level() -> None:
    out = duplicate_deal(SPECS["preferans"], 2, "rule", "random", 1, OPTS)
    assert len(out.plays) == 6
    assert len({p.history[0] for p in out.plays}) == 1
    for seat in range(3):
        assert Counter(p.seat_levels[seat] for p in out.plays) == {"rule": 3, "random": 3}
    # every way of giving A one or two of the three seats, once each
    assert sorted(sorted(p.a_units) for p in out.plays) == [[0], [0, 1], [0, 2], [1], [1, 2], [2]]


# ------------------------------------------------------------------------------- exact cancellation


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("level", ["random", "rule"])
def test_a_level_against_itself_scores_exactly_zero(game: str, level: str) -> None:
    for board in (1, 2, 3):
        out = duplicate_deal(SPECS[game], board, level, level, 7, OPTS)
        assert out.diff_exact == 0
        # and not because nothing happened: the units' scores are not all zero in some deal
    scores = [p.scores for b in (1, 2, 3, 4, 5) for p in duplicate_deal(SPECS[game], b, level, level, 7, OPTS).plays]
    assert any(any(x != 0 for x in s) for s in scores)


@pytest.mark.parametrize("game", GAMES)
def test_swapping_the_levels_negates_the_difference(game: str) -> None:
    for board in (1, 2, 3):
        ab = duplicate_deal(SPECS[game], board, "rule", "random", 3, OPTS)
        ba = duplicate_deal(SPECS[game], board, "random", "rule", 3, OPTS)
        assert ba.diff_exact == -ab.diff_exact
        # the same games were played, in another order
        assert sorted(map(repr, (p.history for p in ab.plays))) == sorted(map(repr, (p.history for p in ba.plays)))


def test_search_level_against_itself_and_swapped_is_exact() -> None:
    spec = SPECS["euchre"]
    assert duplicate_deal(spec, 1, "search", "search", 5, OPTS).diff == 0.0
    ab = duplicate_deal(spec, 2, "search", "rule", 5, OPTS)
    ba = duplicate_deal(spec, 2, "rule", "search", 5, OPTS)
    assert ba.diff == -ab.diff


# ------------------------------------------------------------------------------- legality and views


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=st.sampled_from(GAMES), board=st.integers(1, 64), seed=st.integers(0, 10_000),
       pair=st.sampled_from([("random", "random"), ("rule", "random"), ("random", "rule"), ("rule", "rule")]))
def test_every_deal_is_played_to_its_end_with_legal_actions_only(game: str, board: int, seed: int,
                                                                  pair: tuple[str, str]) -> None:
    spec = SPECS[game]
    out = duplicate_deal(spec, board, pair[0], pair[1], seed, OPTS, dd=False)
    for p in out.plays:
        state = _replay_checked(spec, board, p.history)
        assert state.is_over
        assert spec.unit_scores(state) == p.scores
        assert sum(p.scores) == 0  # a deal's scores are zero-sum between the units, exactly


@pytest.mark.parametrize("game", GAMES)
def test_bots_are_handed_views_only(game: str) -> None:
    spec = SPECS[game]
    seen: list[Any] = []

    class Spy:
        def __init__(self, inner: Any) -> None:
            self.inner = inner

        def choose(self, view: Any) -> Any:
            seen.append(view)
            return self.inner.choose(view)

    def factory(seat: int, level: str) -> Any:
        return Spy(make_bot(game, level, seat, OPTS))

    from bench.strength import deal_chance

    levels = ["rule", "random", "rule", "random"][:spec.seats]
    rec = play_once(spec, 4, deal_chance(spec, 4, 1), levels, factory)
    assert seen and all(isinstance(v, View) and not isinstance(v, State) for v in seen)
    assert len(seen) == len(rec.history) - 1  # one view per decision, the chance action aside


def test_an_illegal_choice_is_refused_naming_the_bot() -> None:
    spec = SPECS["euchre"]

    class Cheat:
        def choose(self, view: Any) -> Any:
            return "order up twice"

    from bench.strength import deal_chance

    with pytest.raises(CardroomError, match="not a legal action"):
        play_once(spec, 1, deal_chance(spec, 1, 1), ["cheat"] * 4, lambda s, lvl: Cheat())


def test_a_failing_bot_is_replaced_and_reported() -> None:
    spec = SPECS["euchre"]

    class Broken:
        def choose(self, view: Any) -> Any:
            raise ValueError("broken")

    from bench.strength import deal_chance

    rec = play_once(spec, 1, deal_chance(spec, 1, 1), ["broken"] * 4, lambda s, lvl: Broken())
    assert rec.errors and "ValueError: broken" in rec.errors[0]
    with pytest.raises(ValueError):
        play_once(spec, 1, deal_chance(spec, 1, 1), ["broken"] * 4, lambda s, lvl: Broken(), strict=True)


# ------------------------------------------------------------------------------- strength


def test_rule_beats_random_at_bridge_on_a_few_deals() -> None:
    # 8 deals: over seeds 1-30 every one of the 240 deals came out positive (by 550 points or more) and
    # every interval excluded zero; the rule-based bot's auction alone avoids random's wild contracts
    m = run_match(SPECS["bridge"], "rule", "random", 8, 11, OPTS, dd=False)
    iv = m.interval()
    assert iv.mean > 0 and iv.excludes_zero
    assert all(d > 0 for d in m.diffs)


def test_declarer_play_against_double_dummy_is_measured() -> None:
    out = duplicate_deal(SPECS["bridge"], 1, "rule", "random", 1, OPTS, dd=True)
    for p in out.plays:
        d = p.declarer
        assert d is not None  # random bidding never passes a deal out four times in a row here
        assert d.level in ("rule", "random")
        assert d.own_loss >= 0
        assert 0 <= d.dd_after_lead <= 13 and 0 <= d.taken <= 13


# ------------------------------------------------------------------------------- scores and statistics


def _result(level: int, strain: Strain, tricks: int, vul: bool, declarer: Seat = Seat.SOUTH) -> DealResult:
    c = Contract(level, strain, 0, declarer)
    v = (vul, vul)
    return DealResult(Seat.NORTH, v, (0, 0, 0, 0), (), c, tricks, (), tuple(score_deal(c, tricks, vul, MODERN)))


def test_bridge_duplicate_points_match_the_published_scores() -> None:
    # duplicate scores as published in the scoring tables of the Laws of Duplicate Bridge
    assert bridge_result_points(_result(4, Strain.SPADES, 10, False)) == (420, 0)
    assert bridge_result_points(_result(3, Strain.NOTRUMP, 10, True)) == (630, 0)
    assert bridge_result_points(_result(2, Strain.CLUBS, 8, False)) == (90, 0)
    assert bridge_result_points(_result(6, Strain.HEARTS, 12, True, Seat.EAST)) == (0, 1430)
    assert bridge_result_points(_result(1, Strain.NOTRUMP, 5, True)) == (0, 200)
    with pytest.raises(CardroomError, match="unknown bridge deal score"):
        bridge_result_points(_result(1, Strain.NOTRUMP, 7, True), "imps")


def test_t_quantiles_match_the_tables() -> None:
    # two-sided 95 % critical values of Student's t (standard tables)
    for df, want in ((1, 12.706), (2, 4.303), (4, 2.776), (10, 2.228), (30, 2.042), (1000, 1.962)):
        assert t_quantile(0.975, df) == pytest.approx(want, abs=1e-3)
    iv = mean_ci([1.0, 2.0, 3.0, 4.0, 5.0])
    assert iv.mean == 3.0
    assert iv.high - 3.0 == pytest.approx(2.776 * math.sqrt(2.5) / math.sqrt(5), abs=1e-3)
    assert mean_ci([4.0]).low == -math.inf


def test_levels_and_pairs() -> None:
    assert pairs_of(parse_levels("random,rule,search")) == [("search", "rule"), ("rule", "random")]
    assert pairs_of(parse_levels("rule, random")) == [("rule", "random")]
    with pytest.raises(CardroomError, match="unknown bot level 'expert'"):
        parse_levels("rule,expert")
    with pytest.raises(CardroomError, match="at least two"):
        parse_levels("rule")


def test_command_line_prints_each_pair(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--game", "euchre", "--deals", "2", "--levels", "random,rule"]) == 0
    out = capsys.readouterr().out
    assert "rule vs random" in out and "95% CI" in out and "excludes 0" in out
    assert main(["--game", "euchre", "--deals", "2", "--levels", "rule,bogus"]) == 2
    assert "unknown bot level" in capsys.readouterr().err


def test_search_level_reports_not_available_when_the_bot_is_missing(monkeypatch: pytest.MonkeyPatch) -> None:
    import bench.strength as strength

    monkeypatch.setattr(strength, "search_available", lambda: False)
    m = strength.run_match(SPECS["euchre"], "search", "rule", 3, 1, OPTS)
    assert not m.available and m.outcomes == []
    assert "not available" in strength.format_match(m)
    # the other pairs still run
    assert strength.run_match(SPECS["euchre"], "rule", "random", 2, 1, OPTS).available
