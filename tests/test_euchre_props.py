"""Properties of euchre over many random rubbers (hypothesis chooses the seeds and the options).

At every step: every card is in exactly one place; the turn-up is seen by all until played; the
discard and the stock by nobody; no view shows a card its seat may not see; the lone player's
partner sees none of his cards once laid down and never plays. At the end: each hand's points
follow the table of Laws 2–3 recomputed here from the tricks, and the rubber account follows an
independent recomputation (lap, game values, third and fourth game, the rubber's 2 points).
"""

from __future__ import annotations

import itertools
import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from cardroom.core.game import CHANCE
from cardroom.core.table import Seat
from cardroom.games.euchre.game import Euchre
from cardroom.games.euchre.rubber import EuchreRubberState
from cardroom.games.euchre.rules import PH_PLAY, EuchreHand, EuchreHandResult

# Laws 2 and 3, written out: (makers' tricks, lone) -> (makers' points, adversaries' points)
TABLE = {(t, lone): ((0, 4 if lone else 2) if t < 3 else (1, 0) if t < 5 else (4 if lone else 2, 0))
         for t in range(6) for lone in (False, True)}


def _check_hand_state(h: EuchreHand) -> None:
    places = h.card_places()
    seen = 0
    for name, m in places.items():
        assert seen & m == 0, f"a card in two places ({name})"
        seen |= m
    assert seen == h.game.pack_mask()
    if h.turn_up is None:
        return
    tu = h.turn_up
    hidden = h.stock | (h.discard.mask if h.discard is not None else 0)
    out = h.laid_down
    for seat in Seat:
        vis = h.visible_mask(seat)
        view = h.view(seat)
        shown = view.shown_mask()
        assert shown & ~vis == 0
        assert vis & hidden == 0 and shown & hidden == 0, "the stock or the discard is seen"
        if h.turn_up_state != "played":
            assert vis >> tu & 1 and view.turn_up == tu, "the turn-up is not in view"
        for other in Seat:
            if other != seat:
                assert vis & h.hands[other] & ~tu.mask == 0, f"{seat} sees {other}'s cards"
        if out is not None:
            assert vis & h.hands[out] & ~tu.mask == 0, "a laid-down hand is seen"
            assert view.to_dict()["sitting_out"] == out.letter
    if out is not None:
        assert h.to_act != out
        assert h.view(out).hand == 0


def _play(seed: int, options: dict[str, Any], steps_check: int) -> EuchreRubberState:
    state = Euchre(**options).new_initial_state()
    rng = random.Random(seed)
    n = 0
    while not state.is_over:
        if state.to_act == CHANCE:
            state.play_chance(rng)
            continue
        h = state.hand
        assert h is not None
        if n % steps_check == 0:
            _check_hand_state(h)
        legal = list(state.legal_actions())
        # prefer to play on (a rubber of all passes is long): declarations at random, cards at random
        a = rng.choice(legal)
        state.apply(a)
        n += 1
    return state


def _check_result(r: EuchreHandResult) -> None:
    if r.thrown_in:
        assert r.points == (0, 0) and not r.tricks
        return
    assert r.makers is not None and r.maker is not None
    made = sum(1 for t in r.tricks if t.winner.side == r.makers)
    assert made == r.makers_tricks and len(r.tricks) == 5
    mk, adv = TABLE[(made, r.lone is not None)]
    pts = [0, 0]
    pts[r.makers] = mk
    pts[r.makers.other] = adv
    assert r.points == (pts[0], pts[1])
    if r.lone is not None:
        out = r.lone.partner
        assert all(len(t.plays) == 3 and all(s != out for s, _ in t.plays) for t in r.tricks)
    else:
        assert all(len(t.plays) == 4 for t in r.tricks)


def _independent_rubber(hands: list[tuple[int, int]], lap: bool, fourth: bool,
                        carried_count: bool = True) -> tuple[list[Any], tuple[int, int]]:
    """Games (winner, value) and rubber points recomputed from the hands' points alone."""
    score = [0, 0]
    scored_here = [0, 0]
    games: list[tuple[int, int]] = []
    over = False
    for ns, ew in hands:
        assert not over
        for side, p in ((0, ns), (1, ew)):
            if not p or over:
                continue
            score[side] += p
            scored_here[side] += p
            if score[side] >= 5:
                value = 2 if (score if carried_count else scored_here)[1 - side] == 0 else 1
                games.append((side, value))
                carried = score[side] - 5 if lap else 0
                score = [0, 0]
                scored_here = [0, 0]
                score[side] = carried
                if len(games) == 4 or (len(games) == 3 and not (carried and fourth)):
                    over = True
    assert over
    won = [0, 0]
    winner = None
    for side, _ in games:
        won[side] += 1
        if won[side] == 2 and winner is None:
            winner = side
    pts = [0, 0]
    for side, value in games:
        pts[side] += value
    assert winner is not None
    pts[winner] += 2
    return games, (pts[0], pts[1])


@settings(max_examples=300)
@given(seed=st.integers(0, 2**32 - 1), lap=st.booleans(), takes_up=st.booleans(), carried=st.booleans())
def test_random_rubbers_keep_the_laws(seed: int, lap: bool, takes_up: bool, carried: bool) -> None:
    state = _play(seed, {"lap": lap, "sitting_out_dealer_takes_up": takes_up, "carried_points_count": carried}, 3)
    assert state.score.is_over
    for r in state.results:
        _check_result(r)
    games, points = _independent_rubber([r.points for r in state.results], lap, True, carried)
    assert [(g.winner, g.value) for g in state.score.games] == games
    assert state.score.rubber_points() == points
    assert state.sheet_dict() == state.recomputed_sheet_dict()
    assert 3 <= len(state.score.games) <= 4
    assert max(points) <= 10  # Law 7
    # every hand dealt by the player on the left of the last dealer (Law 28)
    dealers = [r.dealer for r in state.results]
    assert all(b == a.lho for a, b in itertools.pairwise(dealers))
    # the record replays to the same state
    again = state.game.replay(state.history)
    assert again.snapshot() == state.snapshot()


@settings(max_examples=400)
@given(seed=st.integers(0, 2**32 - 1))
def test_lone_hands_partner_plays_nothing_and_sees_nothing(seed: int) -> None:
    """Force lone hands: whoever may declare alone does so, the partner sometimes takes it."""
    rng = random.Random(seed)
    h = EuchreHand(dealer=Seat(rng.randrange(4)))
    h.apply(h.sample_chance(rng))
    while h.phase != PH_PLAY and not h.is_over:
        legal = h.legal_actions()
        alone = [a for a in legal if getattr(a, "kind", "") in ("alone", "take it from you")]
        h.apply(rng.choice(alone) if alone and rng.random() < 0.7 else rng.choice(legal))
    if h.is_over:
        return
    while not h.is_over:
        _check_hand_state(h)
        h.apply(rng.choice(h.legal_actions()))
    r = h.result()
    assert r is not None
    _check_result(r)


@settings(max_examples=300)
@given(seed=st.integers(0, 2**32 - 1))
def test_refused_actions_leave_the_hand_unchanged(seed: int) -> None:
    rng = random.Random(seed)
    g = Euchre()
    universe = g.action_universe()
    h = EuchreHand(g, Seat(rng.randrange(4)))
    h.apply(h.sample_chance(rng))
    while not h.is_over:
        legal = h.legal_actions()
        listed = set(legal)
        before = h.snapshot()
        for a in rng.sample(universe, 8):
            if a not in listed:
                try:
                    h.apply(a)
                except Exception as e:
                    assert type(e).__name__ == "IllegalAction", e
                else:
                    raise AssertionError(f"{a} was accepted but not listed")
                assert h.snapshot() == before
        h.apply(rng.choice(legal))
