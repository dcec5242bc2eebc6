"""Benchmark of cardroom's open-hand solver (issue 6): exact solves of whole deals on seeded random deals.

Preferans: three hands of ten, a talon of two, a random declarer; a suit game (random trump), a
no-trump game, a misère (the declarer's minimum) and raspasy (each player's paranoid minimum, the
talon cards leading the first two tricks: three solves a deal, timed together). Euchre: a random deal
with a random trump and maker, the four hands (normal) and a lone hand. Each contract type is solved by
the compiled core (``cardroom.solve._core``, when built) and by the pure-Python search (on fewer deals:
``--pure-deals``). Each deal is solved ``--repeat`` times and its best time kept (as ``timeit`` does:
a burst of the machine's other load lengthens a run, never shortens it). Printed: median and
95th-percentile time, mean nodes, the median as a multiple of a reference measured in the same run
(a fixed plain-Python loop, so machines compare) and beside the issue's reference points.
``bench/solve_bridge.py``'s ``bridge_figures`` lines are printed too when that module exists.

    .venv/bin/python bench/solve.py [--deals 50] [--pure-deals 10] [--seed 1] [--repeat 3] [--pure | --core]
    .venv/bin/python bench/solve.py --serve [--deals 20] [--types …]   (for bench/compare.py --interleave)
"""

from __future__ import annotations

import argparse
import importlib
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

# the sources measured: this tree's, or another's (bench/compare.py --interleave runs this script on both)
sys.path.insert(0, os.environ.get("CARDROOM_BENCH_SRC") or str(Path(__file__).resolve().parents[1] / "src"))

from cardroom.core.cards import PIQUET_PACK_MASK, cards_of_mask
from cardroom.solve import tricks
from cardroom.solve.euchre import solve_deal as euchre_deal
from cardroom.solve.tricks import Position, TalonLeads

PACK = cards_of_mask(PIQUET_PACK_MASK)
# the issue's reference points (ms): the best public C++ preferans solver, median / p95
REFERENCE = {"suit": "C++ 5.5 ms median, 23 ms p95", "no-trump": "C++ 2 ms median", "misere": "C++ 48 ms median",
             "raspasy": "-", "euchre": "-", "euchre lone": "-"}
GOAL = {"suit": "goal 20 ms median, < 100 ms p95"}
PY_REFERENCE = "best public Python solver: 2.7 s (suit)"


def reference_seconds() -> float:
    """The time of a fixed amount of plain Python work (best of five), the unit of the ratios."""
    best = float("inf")
    for _ in range(5):
        t = time.perf_counter()
        acc = 0
        for i in range(200_000):
            acc = (acc + i * i) & 0xFFFF
        best = min(best, time.perf_counter() - t)
    return best


def pref_deals(n: int, seed: int) -> list[tuple[tuple[int, int, int], int, int, int]]:
    """(hands, talon, declarer, trump) for n seeded deals."""
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        cards = PACK[:]
        rng.shuffle(cards)
        hands = tuple(sum(1 << c for c in cards[10 * i:10 * i + 10]) for i in range(3))
        talon = sum(1 << c for c in cards[30:])
        out.append(((hands[0], hands[1], hands[2]), talon, rng.randrange(3), rng.randrange(4)))
    return out


def euchre_deals(n: int, seed: int) -> list[tuple[list[int], int, int, int]]:
    """(hands N E S W, trump, maker, leader) for n seeded euchre deals."""
    rng = random.Random(seed + 1)
    out = []
    for _ in range(n):
        cards = PACK[:]
        rng.shuffle(cards)
        hands = [sum(1 << c for c in cards[5 * i:5 * i + 5]) for i in range(4)]
        dealer = rng.randrange(4)
        out.append((hands, rng.randrange(4), rng.randrange(4), (dealer + 1) % 4))
    return out


def timed(fn: Callable[[], int], repeat: int = 1) -> tuple[float, int]:
    """The best time of ``repeat`` calls of ``fn`` (the same solve each time), and its node count."""
    best, nodes = float("inf"), 0
    for _ in range(max(1, repeat)):
        t = time.perf_counter()
        nodes = fn()
        best = min(best, time.perf_counter() - t)
    return best, nodes


def solves(kind: str, n: int, seed: int) -> list[Callable[[], int]]:
    """The ``n`` seeded solves of a contract type, each a call returning its node count."""
    out: list[Callable[[], int]] = []
    if kind.startswith("euchre"):
        lone = kind == "euchre lone"
        for ehands, trump, maker, leader in euchre_deals(n, seed):
            ld = leader
            if lone and ld == (maker + 2) % 4:
                ld = (ld + 1) % 4

            def one(h: list[int] = ehands, t: int = trump, m: int = maker, first: int = ld) -> int:
                return euchre_deal(h, t, m, leader=first, lone=m if lone else None).nodes

            out.append(one)
        return out
    for hands, talon, declarer, trump in pref_deals(n, seed):
        if kind == "raspasy":
            leads = TalonLeads(tuple((10 - t, int(c)) for t, c in enumerate(cards_of_mask(talon))), "suit", -1, 0)

            def rasp(h: tuple[int, int, int] = hands, lt: TalonLeads = leads) -> int:
                total = 0
                for p in range(3):
                    pos = Position(h, (0, 1, 2), 0, (), None, True, frozenset({p}), False)
                    total += tricks.solve_stats_talon(pos, lt)[1]
                return total

            out.append(rasp)
        else:
            tr = trump if kind == "suit" else None
            pos = Position(hands, (0, 1, 2), 0, (), tr, True, frozenset({declarer}), kind != "misere")

            def game(p: Position = pos) -> int:
                return tricks.solve_stats(p)[1]

            out.append(game)
    return out


def run_type(kind: str, n: int, seed: int, repeat: int = 1) -> tuple[list[float], list[int]]:
    """Each solve's best time of ``repeat`` and its node count."""
    times: list[float] = []
    nodes: list[int] = []
    for fn in solves(kind, n, seed):
        dt, nd = timed(fn, repeat)
        times.append(dt)
        nodes.append(nd)
    return times, nodes


def serve(n: int, seed: int, kinds: list[str]) -> None:
    """Solves on request, for ``bench/compare.py --interleave``: first the contract types served, on one
    line, comma-separated; then each line of the standard input ``KIND|INDEX|REPEAT`` is answered with the
    best time in seconds of ``REPEAT`` solves of that deal."""
    table = {kind: solves(kind, n, seed) for kind in kinds}
    print(",".join(kinds), flush=True)
    for line in sys.stdin:
        kind, index, repeat = line.rstrip("\n").split("|")
        print(timed(table[kind][int(index)], int(repeat))[0], flush=True)


def p95(xs: list[float]) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, round(0.95 * (len(s) - 1)))]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=50, help="deals per contract type for the compiled core")
    ap.add_argument("--pure-deals", type=int, default=10, help="deals per contract type for pure Python")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeat", type=int, default=3, help="solves of each deal, the best time kept (default 3)")
    g = ap.add_mutually_exclusive_group()
    g.add_argument("--pure", action="store_true", help="pure Python only")
    g.add_argument("--core", action="store_true", help="the compiled core only")
    ap.add_argument("--types", default="suit,no-trump,misere,raspasy,euchre,euchre lone",
                    help="comma-separated contract types")
    ap.add_argument("--serve", action="store_true",
                    help="answer solve requests on the standard input (bench/compare.py --interleave)")
    args = ap.parse_args(argv)
    kinds = [k.strip() for k in args.types.split(",") if k.strip()]
    if args.serve:
        serve(args.deals, args.seed, kinds)
        return 0
    ref = reference_seconds()
    print(f"reference: a fixed plain-Python loop takes {ref * 1000:.1f} ms on this machine (ratios below are "
          "median / reference)")
    print(f"issue reference points: C++ suit 5.5 ms median / 23 ms p95, no-trump 2 ms, misere 48 ms; "
          f"{PY_REFERENCE}; goals: suit 20 ms median, every type < 100 ms p95")
    backends = []
    if not args.pure:
        if tricks._core is not None:
            backends.append(("core", args.deals))
        else:
            print("the compiled core cardroom.solve._core is not built: pure Python only")
    if not args.core:
        backends.append(("python", args.pure_deals))
    print(f"{'type':<12} {'backend':<7} {'deals':>5} {'median ms':>10} {'p95 ms':>9} {'max ms':>9} "
          f"{'mean nodes':>11} {'median/ref':>10} {'p95/ref':>8}  reference")
    for backend, n in backends:
        old = os.environ.get("CARDROOM_PURE_PYTHON")
        if backend == "python":
            os.environ["CARDROOM_PURE_PYTHON"] = "1"
        else:
            os.environ.pop("CARDROOM_PURE_PYTHON", None)
        try:
            for kind in kinds:
                times, nodes = run_type(kind, n, args.seed, args.repeat)
                med = statistics.median(times)
                print(f"{kind:<12} {backend:<7} {n:>5} {med * 1000:>10.3f} {p95(times) * 1000:>9.3f} "
                      f"{max(times) * 1000:>9.3f} {statistics.mean(nodes):>11.0f} {med / ref:>10.2f} "
                      f"{p95(times) / ref:>8.2f}  "
                      f"{REFERENCE.get(kind, '-')}{'; ' + GOAL[kind] if kind in GOAL else ''}", flush=True)
        finally:
            if old is None:
                os.environ.pop("CARDROOM_PURE_PYTHON", None)
            else:
                os.environ["CARDROOM_PURE_PYTHON"] = old
    try:
        bridge = importlib.import_module("bench.solve_bridge")
    except ImportError:
        sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
        try:
            bridge = importlib.import_module("bench.solve_bridge")
        except ImportError:
            bridge = None
    fn = getattr(bridge, "bridge_figures", None) if bridge is not None else None
    if fn is not None:
        print("bridge (bench/solve_bridge.py):")
        for line in fn(args.deals, args.seed):
            print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
