"""The exact solver of two-handed bridge (cardroom.solve._twohand) against the pure-Python reference, a plain
minimax over every legal card, on random endings of the last one to four tricks: hands, table cards with cards
beneath them, a trick in progress, trumps or no trumps, the second card of a trick bound to follow or free."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardroom.core.errors import CardroomError
from cardroom.solve.twohand import REFERENCE_TRICKS, TwoHandPosition, best_moves, best_moves_python, solve, solve_python


def ending(seed: int, tricks: int, played: int, trump: int | None, follows: bool, player: int) -> TwoHandPosition:
    """A random layout of ``tricks`` tricks (each player ``2 * tricks`` cards, some covering a card beneath),
    then ``played`` legal cards of the first trick played at random."""
    rng = random.Random(seed)
    pack = list(range(52))
    rng.shuffle(pack)
    deck = iter(pack)
    avail, covers = [0, 0], []
    for p in (0, 1):
        left = 2 * tricks
        while left:
            c = next(deck)
            avail[p] |= 1 << c
            left -= 1
            if left and rng.random() < 0.45:
                covers.append((c, next(deck)))
                left -= 1
    pos = TwoHandPosition((avail[0], avail[1]), tuple(covers), rng.randrange(2), (), trump, follows, player)
    for _ in range(played):
        legal = [c for c in range(52) if pos.legal() >> c & 1]
        pos, _ = pos.after(rng.choice(legal))
    return pos


@settings(max_examples=400, deadline=None)
@given(seed=st.integers(0, 2**32), tricks=st.integers(1, REFERENCE_TRICKS), played=st.integers(0, 3),
       trump=st.sampled_from([None, 0, 1, 2, 3]), follows=st.booleans(), player=st.integers(0, 1))
def test_the_compiled_solver_equals_the_plain_minimax(seed: int, tricks: int, played: int, trump: int | None,
                                                     follows: bool, player: int) -> None:
    pos = ending(seed, tricks, played, trump, follows, player)
    expected = best_moves_python(pos)
    assert best_moves(pos) == expected
    best = max(expected.values()) if pos.to_move == player else min(expected.values())
    assert solve(pos) == solve_python(pos) == best


def test_the_table_kept_between_calls_does_not_leak_into_another_layout() -> None:
    """The same cards played (the table's key) in two layouts whose values differ: each answered right."""
    for seed in range(40):
        a = ending(seed, 3, 0, None, True, 0)
        b = ending(seed + 1000, 3, 0, None, True, 0)
        for pos in (a, b, a):
            assert solve(pos) == solve_python(pos)


def test_a_card_beneath_becomes_playable_only_once_its_cover_is_played() -> None:
    """Player 0 holds the ace of spades under a low club; player 1 leads a spade: the ace is not playable, the
    covering club is (void in spades among the available cards), and after it the ace is."""
    ace_s, two_c, three_c, king_s, four_d, five_d, six_d, seven_d = 51, 0, 1, 50, 15, 16, 17, 18
    pos = TwoHandPosition((1 << two_c | 1 << four_d | 1 << six_d, 1 << king_s | 1 << three_c | 1 << seven_d),
                          ((two_c, ace_s), (three_c, five_d)), 1)
    nxt, _ = pos.after(king_s)
    assert nxt.legal() == 1 << two_c | 1 << four_d | 1 << six_d  # no spade available: any card
    after_club, _ = nxt.after(two_c)
    assert after_club.avail[0] >> ace_s & 1
    assert best_moves(pos) == best_moves_python(pos)


def test_bad_positions_are_refused_clearly() -> None:
    with pytest.raises(CardroomError):
        solve(TwoHandPosition((0b111, 0b11000), (), 0))  # three cards against two
    with pytest.raises(CardroomError):
        solve_python(ending(1, REFERENCE_TRICKS + 1, 0, None, True, 0))  # too long for the reference
    with pytest.raises(CardroomError):
        solve(TwoHandPosition((0b11, 0b1100), ((4, 9), (0, 9)), 0))  # a cover not available, a card beneath twice
