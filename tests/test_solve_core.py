"""The compiled solver core (cardroom.solve._core) against a plain exhaustive minimax.

``minimax`` below tries every legal card at every turn (no alpha-beta, no bounds, no equivalent
cards, no move ordering); it only remembers positions it has already evaluated exactly. On thousands
of random small endings — 2 to 5 tricks left (4 with 4 hands), 2, 3 and 4 hands in play at tables of 2 to 4 seats,
mid-trick, with and without trumps, with and without the duty to trump and F1's duty to head the trick
(``must_trump`` is a set of flags: 1 must trump, 2 must beat; the reference reads the second from the
preferans engine's own rule, ``heading_cards``), a side maximizing or
minimizing its tricks — ``_core.solve`` and every card's value from ``_core.best_moves`` must equal
it. Bad input is refused with a ValueError naming what is wrong. When the pure-Python search
(``cardroom.solve.tricks``) is present, the core must give its answers on full preferans and euchre
deals too.
"""

from __future__ import annotations

import random
import signal
import threading
from functools import lru_cache
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardroom.core.cards import Card
from cardroom.core.tricks import follow_mask, must_trump_mask, natural_winner
from cardroom.games.preferans.foreign import heading_cards
from cardroom.solve import _core  # built by `make test`'s install step: missing is a failure, not a skip

_untyped_core: Any = _core  # for the tests that hand it arguments of the wrong types on purpose

# hands, order, leader, trick, trump (-1: no-trump), must_trump (flags: 1 trump, 2 beat), side_mask, maximize
Args = tuple[tuple[int, ...], tuple[int, ...], int, tuple[int, ...], int, int, int, bool]

FULL_PACK = list(range(52))
PREF_PACK = [suit * 13 + rank for suit in range(4) for rank in range(5, 13)]  # 7..A
EUCHRE_PACK = [suit * 13 + rank for suit in range(4) for rank in range(7, 13)]  # 9..A


def _bits(mask: int) -> list[int]:
    return [c for c in range(52) if mask >> c & 1]


def _mask(cards: list[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def _legal(hand: int, trick: tuple[int, ...], trump: int, must_trump: int) -> int:
    led = trick[0] // 13 if trick else None
    trumps = None if trump < 0 else trump
    m = must_trump_mask(hand, led, trumps) if must_trump & 1 else follow_mask(hand, led)
    if must_trump & 2:  # F1: the engine's rule (the trick's seats do not matter to it)
        heads = heading_cards([Card(c) for c in _bits(m)], [(0, Card(c)) for c in trick], trumps)
        return _mask([int(c) for c in heads])
    return m


def minimax(args: Args) -> int:
    """The side's tricks from the position on, every legal card tried at every turn."""
    hands, order, leader, trick, trump, must_trump, side_mask, maximize = args
    return _go(hands, leader, trick, order, trump, must_trump, side_mask, maximize)


@lru_cache(maxsize=1 << 20)
def _go(
    hands: tuple[int, ...],
    leader: int,
    trick: tuple[int, ...],
    order: tuple[int, ...],
    trump: int,
    must_trump: int,
    side_mask: int,
    maximize: bool,
) -> int:
    n = len(order)
    i = order.index(leader)
    seat = order[(i + len(trick)) % n]
    hand = hands[seat]
    if not hand:
        return 0
    wants_more = bool(side_mask >> seat & 1) == maximize
    values = []
    for c in _bits(_legal(hand, trick, trump, must_trump)):
        hs = list(hands)
        hs[seat] = hand & ~(1 << c)
        played = (*trick, c)
        if len(played) == n:
            winner = order[(i + natural_winner(played, None if trump < 0 else trump)) % n]
            values.append(
                (side_mask >> winner & 1) + _go(tuple(hs), winner, (), order, trump, must_trump, side_mask, maximize)
            )
        else:
            values.append(_go(tuple(hs), leader, played, order, trump, must_trump, side_mask, maximize))
    return max(values) if wants_more else min(values)


def minimax_moves(args: Args) -> list[tuple[int, int]]:
    """(card, value) for every legal card of the seat to move, by :func:`minimax`."""
    hands, order, leader, trick, trump, must_trump, side_mask, maximize = args
    n = len(order)
    i = order.index(leader)
    seat = order[(i + len(trick)) % n]
    out = []
    for c in _bits(_legal(hands[seat], trick, trump, must_trump)):
        hs = list(hands)
        hs[seat] &= ~(1 << c)
        played = (*trick, c)
        if len(played) == n:
            winner = order[(i + natural_winner(played, None if trump < 0 else trump)) % n]
            v = (side_mask >> winner & 1) + _go(tuple(hs), winner, (), order, trump, must_trump, side_mask, maximize)
        else:
            v = _go(tuple(hs), leader, played, order, trump, must_trump, side_mask, maximize)
        out.append((c, v))
    return out


@st.composite
def endings(draw: st.DrawFn) -> Args:
    """A random ending: 2-5 tricks left, 2-4 hands in play at a table of 2-4 seats, possibly mid-trick."""
    seats = draw(st.integers(2, 4))
    n = draw(st.integers(2, seats))
    tricks = draw(st.integers(2, 5 if n < 4 else 4))  # 4 hands of 5 cards: too slow for the reference
    k = draw(st.integers(0, n - 1))  # cards already played to the current trick
    trump = draw(st.integers(-1, 3))
    must_trump = draw(st.integers(0, 3))
    maximize = draw(st.booleans())
    rng = draw(st.randoms(use_true_random=False))
    order = tuple(rng.sample(range(seats), n))
    pack = rng.choice([FULL_PACK, PREF_PACK, EUCHRE_PACK])
    suits = rng.sample(range(4), rng.randint(1, 4))
    pack = [c for c in pack if c // 13 in suits]
    if len(pack) < n * tricks:  # too few cards in the chosen suits: use the whole pack
        pack = FULL_PACK
    cards = rng.sample(pack, n * tricks)
    lpos = rng.randrange(n)
    hands = [0] * seats
    trick: list[int] = []
    for j in range(n):
        seat = order[(lpos + j) % n]
        hand = _mask(cards[j * tricks : (j + 1) * tricks])
        if j < k:  # this seat has played a legal card to the trick
            c = rng.choice(_bits(_legal(hand, tuple(trick), trump, must_trump)))
            trick.append(c)
            hand &= ~(1 << c)
        hands[seat] = hand
    side_mask = rng.randrange(1 << seats)
    return tuple(hands), order, order[lpos], tuple(trick), trump, must_trump, side_mask, maximize


@settings(max_examples=2000)
@given(endings())
def test_solve_equals_exhaustive_minimax(args: Args) -> None:
    _go.cache_clear()
    value, nodes = _core.solve(*args)
    assert value == minimax(args)
    assert nodes >= 1


@settings(max_examples=600)
@given(endings())
def test_best_moves_equal_exhaustive_values(args: Args) -> None:
    _go.cache_clear()
    moves = _core.best_moves(*args)
    assert moves == minimax_moves(args)
    # the value of the position is the best of its moves for the seat to move
    _hands, order, leader, trick, _trump, _must, side_mask, maximize = args
    seat = order[(order.index(leader) + len(trick)) % len(order)]
    values = [v for _c, v in moves]
    best = max(values) if bool(side_mask >> seat & 1) == maximize else min(values)
    assert best == _core.solve(*args)[0]


def test_empty_position_and_last_trick() -> None:
    # nothing left to play: no tricks, no moves
    assert _core.solve((0, 0, 0), (0, 1, 2), 1, (), -1, False, 1, True)[0] == 0
    assert _core.best_moves((0, 0, 0), (0, 1, 2), 1, (), -1, False, 1, True) == []
    # the last trick, mid-trick: seat 2 ruffs the ace of spades led by seat 0 (hearts trump)
    ace_spades, two_hearts, king_spades = 3 * 13 + 12, 2 * 13 + 0, 3 * 13 + 11
    hands = (0, 1 << king_spades, 1 << two_hearts)
    assert _core.solve(hands, (0, 1, 2), 0, (ace_spades,), 2, True, 0b100, True)[0] == 1
    assert _core.solve(hands, (0, 1, 2), 0, (ace_spades,), -1, True, 0b100, True)[0] == 0
    assert _core.best_moves(hands, (0, 1, 2), 0, (ace_spades,), 2, True, 0b001, True) == [(king_spades, 0)]
    assert _core.best_moves(hands, (0, 1, 2), 0, (ace_spades,), -1, True, 0b001, True) == [(king_spades, 1)]


def test_two_long_hands_with_more_than_sixteen_distinct_moves() -> None:
    # 17 cards each, interleaved so that no two cards of one hand touch: 17 distinct leads (beyond the
    # size of a 3- or 4-hand deal); every lead's value is the value of the position after it
    hands = (_mask(list(range(0, 34, 2))), _mask(list(range(1, 34, 2))))
    args: Args = (hands, (0, 1), 0, (), -1, False, 0b01, True)
    moves = _core.best_moves(*args)
    assert [c for c, _v in moves] == list(range(0, 34, 2))
    for c, v in moves:
        after = (hands[0] & ~(1 << c), hands[1])
        assert _core.solve(after, (0, 1), 0, (c,), -1, False, 0b01, True)[0] == v
    assert _core.solve(*args)[0] == max(v for _c, v in moves)


@pytest.mark.skipif(not hasattr(signal, "setitimer"), reason="needs POSIX interval timers")
def test_a_long_search_can_be_interrupted() -> None:
    # two interleaved hands of 26 cards, minimizing: far too long to finish; Ctrl-C (here a timer's
    # handler raising KeyboardInterrupt) must stop it, and the core must work normally afterwards
    if threading.current_thread() is not threading.main_thread():
        pytest.skip("signal handlers run in the main thread only")
    hands = (_mask(list(range(0, 52, 2))), _mask(list(range(1, 52, 2))))
    args: Args = (hands, (0, 1), 1, (), 2, True, 0b01, False)

    def interrupt(signum: int, frame: object) -> None:
        raise KeyboardInterrupt("timer")

    old = signal.signal(signal.SIGALRM, interrupt)
    try:
        for fn in (_core.solve, _core.best_moves):
            signal.setitimer(signal.ITIMER_REAL, 0.2)
            with pytest.raises(KeyboardInterrupt, match="timer"):
                fn(*args)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)
    assert _core.solve(*minimal())[0] == 2


def test_keywords_and_lists_are_accepted() -> None:
    args = minimal()
    by_keyword = _core.solve(
        hands=args[0],
        order=args[1],
        leader=args[2],
        trick=args[3],
        trump=args[4],
        must_trump=args[5],
        side_mask=args[6],
        maximize=args[7],
    )
    assert by_keyword == _core.solve(*args)
    assert _untyped_core.solve(list(args[0]), list(args[1]), *args[2:]) == _core.solve(*args)


def minimal() -> Args:
    """Seat 0: A K of spades; seat 1: Q J of spades; seat 0 leads: seat 0 takes both."""
    s = 3 * 13
    return (1 << (s + 12) | 1 << (s + 11), 1 << (s + 10) | 1 << (s + 9)), (0, 1), 0, (), -1, False, 1, True


def _change(args: Args, **kw: Any) -> tuple[Any, ...]:
    names = ["hands", "order", "leader", "trick", "trump", "must_trump", "side_mask", "maximize"]
    return tuple(kw.get(name, a) for name, a in zip(names, args, strict=True))


_S = 3 * 13  # spades


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"order": (0,)}, "order has 1 seats"),
        ({"order": (0, 1, 0)}, "order names seat 0 twice"),
        ({"order": (0, 5)}, "order names seat 5"),
        ({"hands": (1 << (_S + 12) | 1 << (_S + 11), 1 << (_S + 12) | 1 << (_S + 9))}, "is in two hands"),
        ({"hands": (1 << (_S + 12) | 1 << (_S + 11), 1 << (_S + 10))}, "unequal length"),
        ({"hands": (1 << (_S + 12) | 1 << (_S + 11), 1 << (_S + 10) | 1 << (_S + 9), 1)}, "not in play"),
        ({"hands": (1 << 52, 1 << (_S + 10))}, "not a mask of cards"),
        ({"hands": (-1, 1 << (_S + 10))}, "not a mask of cards"),
        ({"leader": 3}, "leader 3 is not a seat in play"),
        ({"trump": 4}, "trump must be -1"),
        ({"trick": (_S + 12,)}, "still held"),
        ({"trick": (60,)}, "is not a card"),
        ({"trick": (_S + 1, _S + 1)}, "trick has 2 cards"),
        ({"side_mask": 4}, "side_mask names a seat"),
        ({"must_trump": 4}, "must_trump must be 0..3"),
        ({"hands": (1 << (_S + 12), 1 << (_S + 10)), "trick": (_S + 11,)}, "unequal length"),
    ],
)
def test_bad_input_is_refused_with_a_message(change: dict[str, Any], message: str) -> None:
    args = _change(minimal(), **change)
    with pytest.raises(ValueError, match=message):
        _core.solve(*args)
    with pytest.raises(ValueError, match=message):
        _core.best_moves(*args)


def test_wrong_types_are_refused() -> None:
    with pytest.raises(TypeError, match="hands must be a tuple"):
        _untyped_core.solve(5, (0, 1), 0, (), -1, False, 1, True)
    with pytest.raises(TypeError, match=r"trick\[0\] must be an int"):
        _untyped_core.solve(minimal()[0], (0, 1), 0, ("AS",), -1, False, 1, True)


# --------------------------------------------------------------------------- full deals vs the Python search


def _preferans(rng: random.Random, kind: str) -> Args:
    cards = rng.sample(PREF_PACK, 32)
    hands = (_mask(cards[0:10]), _mask(cards[10:20]), _mask(cards[20:30]))
    leader, declarer = rng.randrange(3), rng.randrange(3)
    trump = rng.randrange(4) if kind == "suit" else -1
    return hands, (0, 1, 2), leader, (), trump, True, 1 << declarer, kind in ("suit", "no-trump")


def _euchre(rng: random.Random, lone: bool) -> Args:
    cards = rng.sample(EUCHRE_PACK, 20)
    hands = [_mask(cards[5 * i : 5 * i + 5]) for i in range(4)]
    makers = rng.randrange(2)
    order: tuple[int, ...] = (0, 1, 2, 3)
    side = 1 << makers | 1 << (makers + 2)
    if lone:
        hands[makers + 2] = 0
        order = tuple(s for s in order if s != makers + 2)
        side = 1 << makers
    return tuple(hands), order, rng.choice(order), (), rng.randrange(4), False, side, True


def _python_search() -> Any:
    from cardroom.solve import tricks

    return tricks


def _position(tricks: Any, args: Args) -> Any:
    hands, order, leader, trick, trump, must_trump, side_mask, maximize = args
    side = frozenset(s for s in range(len(hands)) if side_mask >> s & 1)
    return tricks.Position(hands, order, leader, trick, None if trump < 0 else trump, bool(must_trump & 1), side,
                           maximize, bool(must_trump & 2))


@pytest.mark.parametrize("kind", ["suit", "no-trump", "misère"])
def test_core_equals_python_search_on_full_preferans_deals(kind: str) -> None:
    tricks = _python_search()
    rng = random.Random(f"preferans {kind}")
    for deal in range(4):
        args = _preferans(rng, kind)
        pos = _position(tricks, args)
        assert _core.solve(*args)[0] == tricks.solve_python(pos), f"deal {deal}"
        if deal == 0:
            assert dict(_core.best_moves(*args)) == tricks.best_moves_python(pos)


def test_core_equals_python_search_on_full_euchre_deals() -> None:
    tricks = _python_search()
    rng = random.Random("euchre")
    for deal in range(40):
        args = _euchre(rng, lone=deal % 4 == 3)
        pos = _position(tricks, args)
        assert _core.solve(*args)[0] == tricks.solve_python(pos), f"deal {deal}"
        assert dict(_core.best_moves(*args)) == tricks.best_moves_python(pos), f"deal {deal}"


def test_core_is_deterministic_across_calls() -> None:
    # the transposition table is shared between calls (a new generation each): answers must not depend on history
    rng = random.Random(11)
    deals = [_preferans(rng, kind) for kind in ("suit", "misère", "no-trump", "suit")]
    first = [_core.solve(*a) for a in deals]
    assert [_core.solve(*a) for a in reversed(deals)] == list(reversed(first))
