"""The open-hand solver (cardroom.solve.tricks) against a plain exhaustive minimax.

The reference ``brute`` below evaluates every legal card at every turn (no alpha-beta, no bounds, no
equivalent cards, no ordering); it only remembers positions it has already evaluated exactly. On
thousands of random small endings — 2 to 5 tricks left, 2, 3 and 4 hands, mid-trick too, with and
without trumps, with and without the duty to trump, a side maximizing or minimizing its tricks — the
solver's value and every card's value from ``best_moves`` must equal it. When the compiled core
(``cardroom.solve._core``) is built, it must give the same answers as the Python search.
"""

from __future__ import annotations

import os
import random
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardroom.core.cards import Card
from cardroom.core.errors import CardroomError
from cardroom.core.tricks import must_trump_mask, natural_winner
from cardroom.solve import tricks
from cardroom.solve.tricks import Position, best_moves, best_moves_python, solve, solve_stats, solve_stats_python

SUIT = [((1 << 13) - 1) << (13 * s) for s in range(4)]


def _bits(mask: int) -> list[int]:
    return [c for c in range(52) if mask >> c & 1]


def _legal(hand: int, trick: tuple[int, ...], trump: int | None, must_trump: bool) -> int:
    if not trick:
        return hand
    led = trick[0] // 13
    if must_trump:
        return must_trump_mask(hand, led, trump)
    same = hand & SUIT[led]
    return same if same else hand


def brute(pos: Position) -> int:
    """Tricks for ``pos.side`` under best play: every legal card tried at every turn (plain minimax)."""
    order, side, trump = pos.order, pos.side, pos.trump
    n = len(order)

    @cache
    def go(hands: tuple[int, ...], leader: int, trick: tuple[int, ...]) -> int:
        i = order.index(leader)
        seat = order[(i + len(trick)) % n]
        hand = hands[seat]
        if not hand:
            return 0
        values = []
        for c in _bits(_legal(hand, trick, trump, pos.must_trump)):
            hs = list(hands)
            hs[seat] &= ~(1 << c)
            t = (*trick, c)
            if len(t) == n:
                w = order[(i + natural_winner(t, trump)) % n]
                values.append((1 if w in side else 0) + go(tuple(hs), w, ()))
            else:
                values.append(go(tuple(hs), leader, t))
        wants_high = (seat in side) == pos.maximize
        return max(values) if wants_high else min(values)

    return go(tuple(pos.hands), pos.leader, tuple(pos.trick))


def brute_moves(pos: Position) -> dict[int, int]:
    """Every legal card -> the exhaustive value after it (the current trick's winner credited)."""
    out: dict[int, int] = {}
    mover = pos.to_move
    for c in _bits(pos.legal()):
        hands = list(pos.hands)
        hands[mover] &= ~(1 << c)
        t = (*pos.trick, c)
        if len(t) == len(pos.order):
            i = pos.order.index(pos.leader)
            w = pos.order[(i + natural_winner(t, pos.trump)) % len(pos.order)]
            child = Position(tuple(hands), pos.order, w, (), pos.trump, pos.must_trump, pos.side, pos.maximize)
            out[c] = (1 if w in pos.side else 0) + brute(child)
        else:
            child = Position(tuple(hands), pos.order, pos.leader, t, pos.trump, pos.must_trump, pos.side,
                             pos.maximize)
            out[c] = brute(child)
    return out


def random_position(rng: random.Random, *, tricks_left: int | None = None, nhands: int | None = None,
                    pack: int | None = None, seats: int = 4) -> Position:
    """A random ending (2–5 tricks; four hands 2–4 tricks): 2–4 hands of `tricks_left` cards (those
    already played to the trick hold one fewer)."""
    n = nhands if nhands is not None else rng.choice((2, 3, 3, 4, 4))
    k = tricks_left if tricks_left is not None else rng.randint(2, 5 if n <= 3 else 4)
    order_seats = rng.sample(range(seats), n) if n < seats else list(range(seats))
    order = tuple(sorted(order_seats))
    leader = rng.choice(order)
    in_trick = rng.randint(0, n - 1) if rng.random() < 0.5 else 0
    cards = list(range(52)) if pack is None else _bits(pack)
    # small suits so that following, ruffing and equivalent cards all happen
    suits = rng.sample(range(4), rng.randint(2, 4))
    cards = [c for c in cards if c // 13 in suits]
    rng.shuffle(cards)
    i = order.index(leader)
    turn = [order[(i + j) % n] for j in range(n)]
    hands = [0] * seats
    trick: list[int] = []
    for j, s in enumerate(turn):
        for _ in range(k - 1 if j < in_trick else k):
            hands[s] |= 1 << cards.pop()
        if j < in_trick:
            c = cards.pop()
            trick.append(c)
    trump = rng.choice([None, *suits])
    side = frozenset(rng.sample(order, rng.randint(1, n - 1)))
    return Position(tuple(hands), order, leader, tuple(trick), trump, rng.random() < 0.5, side,
                    rng.random() < 0.6)


@contextmanager
def pure_python() -> Iterator[None]:
    old = os.environ.get("CARDROOM_PURE_PYTHON")
    os.environ["CARDROOM_PURE_PYTHON"] = "1"
    try:
        yield
    finally:
        if old is None:
            del os.environ["CARDROOM_PURE_PYTHON"]
        else:
            os.environ["CARDROOM_PURE_PYTHON"] = old


# ------------------------------------------------------------------------ properties


@settings(max_examples=1500)
@given(st.integers(0, 2**32 - 1))
def test_solve_equals_exhaustive_minimax(seed: int) -> None:
    """Random endings of 2–5 tricks, every shape: the Python search equals the plain minimax."""
    pos = random_position(random.Random(seed))
    assert solve_stats_python(pos)[0] == brute(pos), pos


@settings(max_examples=20)
@given(st.integers(0, 2**32 - 1))
def test_five_tricks_four_hands(seed: int) -> None:
    """The largest endings: four hands of five cards (mid-trick too); the minimax takes a fraction of a
    second each, so fewer of them."""
    pos = random_position(random.Random(seed), tricks_left=5, nhands=4)
    assert solve_stats_python(pos)[0] == brute(pos), pos


@settings(max_examples=400)
@given(st.integers(0, 2**32 - 1))
def test_best_moves_equal_exhaustive_values(seed: int) -> None:
    """Every legal card's value equals the minimax value after it; the best of them is the solve."""
    pos = random_position(random.Random(seed))
    expected = brute_moves(pos)
    got = best_moves_python(pos)
    assert got == expected, pos
    values = got.values()
    wants_high = (pos.to_move in pos.side) == pos.maximize
    assert (max(values) if wants_high else min(values)) == solve_stats_python(pos)[0]


@settings(max_examples=300)
@given(st.integers(0, 2**32 - 1))
def test_thirty_two_card_pack_endings(seed: int) -> None:
    """Endings from the 32-card pack (7–A) with three hands and the duty to trump, as in preferans."""
    rng = random.Random(seed)
    from cardroom.core.cards import PIQUET_PACK_MASK

    p = random_position(rng, nhands=3, pack=PIQUET_PACK_MASK, tricks_left=rng.randint(3, 5))
    pos = Position(p.hands, p.order, p.leader, p.trick, p.trump, True, p.side, p.maximize)
    assert solve_stats_python(pos)[0] == brute(pos)


@settings(max_examples=500)
@given(st.integers(0, 2**32 - 1))
def test_compiled_core_equals_python(seed: int) -> None:
    """The C core and the Python search give the same values and the same card values."""
    assert tricks._core is not None, "the compiled core is not built (make test's install step builds it)"
    pos = random_position(random.Random(seed))
    assert tricks.solve_stats_core(pos)[0] == solve_stats_python(pos)[0] == brute(pos)
    assert tricks.best_moves_core(pos) == best_moves_python(pos)


def test_dispatch_honours_pure_python_variable() -> None:
    with pure_python():
        assert tricks.backend() == "python"
    forced = bool(os.environ.get("CARDROOM_PURE_PYTHON"))
    assert tricks.backend() == ("python" if forced else "c")  # the compiled core is built (make test)


# ------------------------------------------------------------------------ known positions


def _hand(text: str) -> int:
    m = 0
    for t in text.split():
        m |= 1 << Card.parse(t)
    return m


def test_singleton_king_falls_under_the_ace() -> None:
    """No-trump, three tricks, South to lead: West's ♠K is bare, so ♠3 to North's ♠A drops it and ♠Q
    is good; with ♣A North–South take all three tricks, whatever West keeps (♥A stops South's ♥K but
    West never gets the lead)."""
    hands = (_hand("AS QS 2H"), _hand("9D 8D 7D"), _hand("AC KH 3S"), _hand("KS AH QH"))
    pos = Position(hands, (0, 1, 2, 3), 2, (), None, False, frozenset({0, 2}), True)
    assert solve(pos) == brute(pos) == 3
    assert best_moves(pos) == brute_moves(pos)


def test_last_trick_and_empty_position() -> None:
    hands = (_hand("AS"), _hand("KS"), _hand("2H"), 0)
    pos = Position(hands, (0, 1, 2), 1, (), 2, True, frozenset({0}), True)
    # seat 1 leads ♠K, seat 2 is void and must trump with ♥2, seat 0's ♠A loses to the trump
    assert solve(pos) == 0
    assert best_moves(pos) == {Card.parse("KS"): 0}
    empty = Position((0, 0, 0), (0, 1, 2), 0, (), None, False, frozenset({0}), True)
    assert solve(empty) == 0
    assert solve_stats(empty)[0] == 0


def test_nodes_are_counted() -> None:
    pos = random_position(random.Random(7), tricks_left=5, nhands=4)
    v, nodes = solve_stats_python(pos)
    assert nodes > 0 and v == brute(pos)


# ------------------------------------------------------------------------ validation


@pytest.mark.parametrize(("change", "message"), [
    ({"order": (0,)}, "2 to 4 hands"),
    ({"order": (0, 0, 1)}, "appears twice"),
    ({"order": (0, 1, 5)}, "has no hand"),
    ({"leader": 3}, "leader 3"),
    ({"trump": 7}, "trump must be"),
    ({"hands": (_hand("AS KS"), _hand("AS 3S"), _hand("2S 4S"), 0)}, "two hands"),
    ({"hands": (_hand("AS KS"), _hand("QS 3S"), _hand("2S 4S"), _hand("5S 6S"))}, "not in play"),
    ({"hands": (_hand("AS KS"), _hand("QS 3S 7S"), _hand("2S 4S"), 0)}, "unequal length"),
    ({"trick": (Card.parse("AS"),)}, "still held"),
    ({"trick": (Card.parse("9S"),)}, "should hold"),
    ({"trick": (60,)}, "not a card"),
    ({"hands": (-1, 0, 0, 0)}, "not a mask"),
    ({"side": frozenset({9})}, "has no hand"),
])
def test_bad_positions_are_refused_clearly(change: dict[str, object], message: str) -> None:
    base = {"hands": (_hand("AS KS"), _hand("QS 3S"), _hand("2S 4S"), 0), "order": (0, 1, 2), "leader": 0,
            "trick": (), "trump": None, "must_trump": False, "side": frozenset({0}), "maximize": True}
    base.update(change)
    pos = Position(**base)  # type: ignore[arg-type]
    with pytest.raises(CardroomError, match=message):
        solve(pos)
    with pytest.raises(CardroomError, match=message):
        best_moves(pos)
