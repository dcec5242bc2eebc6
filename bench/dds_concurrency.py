"""DDS from many threads at once: one process-wide lock against one DDS thread slot per call.

``cardroom.solve.dds`` lends DDS's per-thread memory slots through a gate (``DDSGate``): a solve
holds one slot and passes its index to DDS, a table holds them all. ``DDSGate(1)`` is a single
process-wide lock; ``DDSGate(dds_threads())`` lends as many slots as DDS configured (one per core,
memory permitting). This bench times both on the same seeded mid-play positions (those of
bench/solve_bridge.py): for each gate, the whole set solved by one thread alone, then by N threads at
once (each thread the whole set, from its own starting point). The figure is the throughput of N
threads as a ratio to one thread alone with the same gate, in the same run (``N * t_alone /
t_together``, wall-clock): 1.0 means no gain from the threads, the number of slots the most there
is. Beside it, the process's CPU time per position against one thread alone (what spreading the
work over DDS's slots costs: each slot keeps its own transposition table). Rounds alternate the
gates (lock, slots, slots, lock, ...); the machine is shared, so the figures are those of the
fastest runs (the least disturbed), with the spread of the rounds. Every answer is checked against
the one computed before the clock, alone.

    .venv/bin/python bench/dds_concurrency.py [--deals N] [--threads 2,4] [--rounds R] [--seed S]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # bench.solve_bridge
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))  # this tree's cardroom

from bench.solve_bridge import _positions
from cardroom.solve.dds import BridgePosition, DDSGate, best_moves, dds_threads, set_gate


def _solve_all(positions: list[BridgePosition], start: int, want: list[dict[int, int]], bad: list[int]) -> None:
    n = len(positions)
    for i in range(n):
        j = (start + i) % n
        if best_moves(positions[j]) != want[j]:
            bad.append(j)


def _timed(positions: list[BridgePosition], want: list[dict[int, int]], threads: int) -> tuple[float, float]:
    """(wall-clock, process CPU) seconds for ``threads`` threads each solving every position, all at once."""
    bad: list[int] = []
    step = max(1, len(positions) // threads)
    workers = [threading.Thread(target=_solve_all, args=(positions, k * step, want, bad)) for k in range(threads)]
    t0, c0 = time.perf_counter(), time.process_time()
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    took, cpu = time.perf_counter() - t0, time.process_time() - c0
    if bad:
        raise SystemExit(f"wrong answers under {threads} threads: positions {sorted(set(bad))[:10]}")
    return took, cpu


def figures(deals: int, thread_counts: list[int], rounds: int, seed: int) -> list[str]:
    positions = [pos for _, pos, _ep in _positions(deals, seed)]
    want = [best_moves(p) for p in positions]  # alone, before any clock: the reference answers
    slots = dds_threads()
    gates = {"lock": 1, "slots": slots}
    runs: dict[tuple[str, int], list[tuple[float, float]]] = {(g, n): [] for g in gates for n in [1, *thread_counts]}
    original = set_gate(DDSGate(1))
    try:
        for r in range(rounds):
            for name in (["lock", "slots"] if r % 2 == 0 else ["slots", "lock"]):
                set_gate(DDSGate(gates[name]))
                for n in [1, *thread_counts]:
                    runs[(name, n)].append(_timed(positions, want, n))
    finally:
        set_gate(original)
    k = len(positions)
    lines = [f"DDS thread slots configured: {slots}; {k} mid-play positions ({deals} deals, seed {seed}), "
             f"{rounds} rounds; fastest runs"]
    for name in gates:
        wall1 = min(w for w, _ in runs[(name, 1)])
        cpu1 = min(c for _, c in runs[(name, 1)])
        lines.append(f"{name} (DDSGate({gates[name]})): one thread alone {1000 * wall1 / k:.2f} ms/position wall, "
                     f"{1000 * cpu1 / k:.2f} ms CPU")
        for n in thread_counts:
            wall = min(w for w, _ in runs[(name, n)])
            cpu = min(c for _, c in runs[(name, n)])
            mid = statistics.median(w for w, _ in runs[(name, 1)])
            each = sorted(n * mid / w for w, _ in runs[(name, n)])
            lines.append(f"  {n} threads: throughput / one thread alone {n * wall1 / wall:.2f} (rounds against the "
                         f"median alone: {each[0]:.2f}-{each[-1]:.2f}); CPU per position / alone "
                         f"{cpu / (n * cpu1):.2f}")
    return lines


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--deals", type=int, default=8, help="deals (three mid-play positions each; default 8)")
    ap.add_argument("--threads", default="2,4", help="thread counts to time, comma-separated (default 2,4)")
    ap.add_argument("--rounds", type=int, default=4, help="rounds per gate (default 4)")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    counts = [int(x) for x in args.threads.split(",") if x.strip()]
    for line in figures(args.deals, counts, args.rounds, args.seed):
        print(line)


if __name__ == "__main__":
    main()
