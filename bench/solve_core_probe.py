"""Timing probe of the compiled open-hand solver core (cardroom.solve._core) on seeded random deals.

Prints, for each kind of deal, the median and 95th-percentile time of ``_core.solve`` (wall clock,
and this process's CPU time, steadier on a shared machine) and the nodes searched:

- preferans (3 hands of 10 cards from the 32-card pack, the talon put aside, a random first hand): a
  suit contract and no-trump (a random declarer maximizing, must-trump; also with the strongest hand
  declaring, in his longest suit), misère (the declarer is the
  hand with the lowest cards, minimizing his tricks), raspasy (each of the three players minimizing
  his tricks against the other two: the paranoid objective; one solve each);
- euchre (5 cards each from the 24-card pack, a trump, the makers' pair maximizing) with 4 hands and
  with a lone hand (3 in play).

Usage: ``python bench/solve_core_probe.py [--deals N] [--seed S] [--only KIND ...]``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from cardroom.solve import _core

Args = tuple[tuple[int, ...], tuple[int, ...], int, tuple[int, ...], int, bool, int, bool]

PREF_PACK = [suit * 13 + rank for suit in range(4) for rank in range(5, 13)]  # 7..A
EUCHRE_PACK = [suit * 13 + rank for suit in range(4) for rank in range(7, 13)]  # 9..A


def mask(cards: list[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def preferans(rng: random.Random, kind: str, player: int = 0) -> Args:
    cards = rng.sample(PREF_PACK, 32)
    hands = (mask(cards[0:10]), mask(cards[10:20]), mask(cards[20:30]))
    leader = rng.randrange(3)
    if kind == "suit":
        return hands, (0, 1, 2), leader, (), rng.randrange(4), True, 1 << rng.randrange(3), True
    if kind == "no-trump":
        return hands, (0, 1, 2), leader, (), -1, True, 1 << rng.randrange(3), True
    if kind in ("strong suit", "strong no-trump"):
        # the declarer: the hand with the highest cards; trump: his longest suit
        declarer = max(range(3), key=lambda s: sum(c % 13 for c in range(52) if hands[s] >> c & 1))
        trump = max(range(4), key=lambda t: (hands[declarer] >> (13 * t) & 0x1FFF).bit_count())
        return hands, (0, 1, 2), leader, (), trump if kind == "strong suit" else -1, True, 1 << declarer, True
    if kind == "misère":
        # the declarer: the hand with the lowest cards
        declarer = min(range(3), key=lambda s: sum(c % 13 for c in range(52) if hands[s] >> c & 1))
        return hands, (0, 1, 2), leader, (), -1, True, 1 << declarer, False
    # raspasy: `player` minimizing his tricks, the others giving him the most
    return hands, (0, 1, 2), leader, (), -1, True, 1 << player, False


def euchre(rng: random.Random, lone: bool) -> Args:
    cards = rng.sample(EUCHRE_PACK, 20)
    hand_list = [mask(cards[5 * i : 5 * i + 5]) for i in range(4)]
    makers = rng.randrange(2)
    order: tuple[int, ...] = (0, 1, 2, 3)
    side = (1 << makers) | (1 << (makers + 2))
    if lone:
        partner = makers + 2
        hand_list[partner] = 0
        order = tuple(s for s in range(4) if s != partner)
        side = 1 << makers
    leader = rng.choice(order)
    return tuple(hand_list), order, leader, (), rng.randrange(4), False, side, True


def _p95(xs: list[float]) -> float:
    return sorted(xs)[min(len(xs) - 1, round(0.95 * (len(xs) - 1)))]


def measure(name: str, make: Callable[[random.Random], list[Args]], deals: int, seed: int) -> None:
    """Wall-clock and CPU time (this process's, steadier on a shared machine) of each solve."""
    rng = random.Random(seed)
    times: list[float] = []
    cpu: list[float] = []
    nodes: list[int] = []
    for _ in range(deals):
        for args in make(rng):
            t0, c0 = time.perf_counter(), time.process_time()
            _value, n = _core.solve(*args)
            times.append(time.perf_counter() - t0)
            cpu.append(time.process_time() - c0)
            nodes.append(n)
    print(
        f"{name:31s} wall: median {statistics.median(times) * 1000:7.3f} ms p95 {_p95(times) * 1000:7.3f} ms "
        f"max {max(times) * 1000:7.3f} ms | cpu: median {statistics.median(cpu) * 1000:7.3f} ms "
        f"p95 {_p95(cpu) * 1000:7.3f} ms | nodes: median {int(statistics.median(nodes)):>7d} "
        f"mean {sum(nodes) // len(nodes):>7d}",
        flush=True,
    )


def raspasy(rng: random.Random) -> list[Args]:
    deal = preferans(rng, "raspasy")
    return [(*deal[:6], 1 << p, False) for p in range(3)]


KINDS: dict[str, tuple[str, Callable[[random.Random], list[Args]]]] = {
    "suit": ("preferans suit contract", lambda r: [preferans(r, "suit")]),
    "no-trump": ("preferans no-trump", lambda r: [preferans(r, "no-trump")]),
    "strong-suit": ("preferans suit, strongest hand", lambda r: [preferans(r, "strong suit")]),
    "strong-no-trump": ("preferans no-trump, strongest", lambda r: [preferans(r, "strong no-trump")]),
    "misère": ("preferans misère", lambda r: [preferans(r, "misère")]),
    "raspasy": ("preferans raspasy (each player)", raspasy),
    "euchre": ("euchre, 4 hands", lambda r: [euchre(r, False)]),
    "lone": ("euchre, lone hand", lambda r: [euchre(r, True)]),
}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--only", nargs="*", choices=sorted(KINDS), default=list(KINDS))
    a = ap.parse_args()
    for kind in a.only:
        name, make = KINDS[kind]
        measure(name, make, a.deals, a.seed)


if __name__ == "__main__":
    main()
