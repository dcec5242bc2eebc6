"""The benchmarks of this tree against another commit's, measured in the same run, as ratios.

    .venv/bin/python bench/compare.py --ref 56ed541 [--rounds 2] [--bench engine,solve,room]
        [--seconds 5] [--deals 20] [--tables 200] [--room-seconds 15] [--think 0] [--game bridge]
        [--same-bench] [--paired] [--interleave [--repeat 3]]

The other commit is checked out into a temporary git worktree, its compiled solver core built there;
each side runs its own ``bench/engine.py``, ``bench/solve.py`` and ``bench/room.py`` (so the room's
server and clients speak that commit's protocol) with its own ``src`` first on the path. The sides
take turns, bench by bench (ref, this, this, ref, …), so that a drift of the machine's load falls on
both. Prints each run's figures and, for every figure, the median of this tree's runs over the
median of the reference's, with the way that is better (a throughput higher, a time lower) and a
mark on a figure more than 10 % worse.

On a shared machine the speed of one process drifts by tens of per cent from run to run, more than
the 10 % the figures are read against. ``--paired`` runs the two sides of a benchmark at the same
time; ``--interleave`` (the solver) asks a worker of each side for the same deal in turns, deal by
deal, and reports the median of the rounds' ratios: the steadiest of the three.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WORSE = 0.10
"""A figure more than this much worse than the reference's is marked."""


@dataclass(frozen=True)
class Bench:
    """One benchmark script: its arguments from the options, and how its figures are read from its output
    (a name to a value; ``higher`` says which names are better higher, the others are better lower)."""

    script: str
    args: Callable[[argparse.Namespace], list[str]]
    read: Callable[[str], dict[str, float]]
    higher: frozenset[str]
    # whether the two sides may run at the same time (each its own processes, ports and files): with
    # --paired each round is a pair run under the same load, and its ratio is the round's figure
    pairable: bool = False


def _patterns(patterns: dict[str, str]) -> Callable[[str], dict[str, float]]:
    """A reader of figures each matched by its own pattern (the first group, thousands commas allowed)."""
    compiled = {name: re.compile(p) for name, p in patterns.items()}

    def read(out: str) -> dict[str, float]:
        figures: dict[str, float] = {}
        for name, rx in compiled.items():
            m = rx.search(out)
            if m is None:
                raise ValueError(f"no {name} in the output")
            figures[name] = float(m.group(1).replace(",", ""))
        return figures

    return read


_SOLVE_ROW = re.compile(r"^(?P<kind>[a-z][a-z -]*?)\s+(?P<backend>core|python)\s+\d+\s+(?P<median>[\d.]+)\s+"
                        r"(?P<p95>[\d.]+)", re.MULTILINE)


def _solve_figures(out: str) -> dict[str, float]:
    """bench/solve.py's table: the median and the 95th percentile (ms) of each contract type and backend."""
    figures: dict[str, float] = {}
    for m in _SOLVE_ROW.finditer(out):
        name = f"{m['kind'].replace(' ', '_')}_{m['backend']}"
        figures[f"{name}_median_ms"] = float(m["median"])
        figures[f"{name}_p95_ms"] = float(m["p95"])
    if not figures:
        raise ValueError("no solver figures in the output")
    return figures


BENCHES: dict[str, Bench] = {
    "engine": Bench("engine.py", lambda a: ["--seconds", str(a.seconds)],
                    _patterns({"deals_per_s": r"cardroom:\s+([\d.,]+) random legal"}), frozenset({"deals_per_s"}),
                    pairable=True),
    "solve": Bench("solve.py", lambda a: ["--deals", str(a.deals), "--core"], _solve_figures, frozenset(),
                   pairable=True),
    "room": Bench("room.py", lambda a: ["--tables", str(a.tables), "--seconds", str(a.room_seconds),
                                        "--think", str(a.think), "--game", a.game],
                  _patterns({
                      "actions_per_s": r"actions/s: ([\d,]+)",
                      "p50_ms": r"p50 ([\d.]+) ms",
                      "p99_ms": r"p99 ([\d.]+) ms",
                      "server_ms_per_action": r"CPU per action: server ([\d.]+) ms",
                      "path_us_per_action": r"no network: ([\d,]+) µs",
                  }), frozenset({"actions_per_s"}), pairable=True),
}


def _command(tree: Path, bench: Bench, args: argparse.Namespace) -> tuple[list[str], dict[str, str]]:
    env = dict(os.environ, PYTHONPATH=str(tree / "src"))
    return [sys.executable, str(tree / "bench" / bench.script), *bench.args(args)], env


def _figures(tree: Path, bench: Bench, code: int, stdout: str, stderr: str) -> dict[str, float]:
    if code != 0:
        raise SystemExit(f"{tree}: bench/{bench.script} failed ({code}):\n{stdout[-2000:]}{stderr[-2000:]}")
    try:
        return bench.read(stdout)
    except ValueError as e:
        raise SystemExit(f"{tree}: bench/{bench.script}: {e}:\n{stdout}") from None


def run_side(tree: Path, bench: Bench, args: argparse.Namespace) -> dict[str, float]:
    """One run of ``tree``'s copy of ``bench`` with ``tree``'s sources first on the path."""
    cmd, env = _command(tree, bench, args)
    out = subprocess.run(cmd, env=env, cwd=tree, capture_output=True, text=True, check=False)
    return _figures(tree, bench, out.returncode, out.stdout, out.stderr)


def run_pair(trees: tuple[Path, Path], bench: Bench, args: argparse.Namespace) -> tuple[dict[str, float], ...]:
    """One run of each tree's ``bench`` at the same time (a process each): both meet the same load."""
    procs = []
    for tree in trees:
        cmd, env = _command(tree, bench, args)
        procs.append((tree, subprocess.Popen(cmd, env=env, cwd=tree, stdout=subprocess.PIPE,
                                             stderr=subprocess.PIPE, text=True)))
    results = []
    for tree, proc in procs:
        stdout, stderr = proc.communicate()
        results.append(_figures(tree, bench, proc.returncode, stdout, stderr))
    return tuple(results)


def run_interleaved(trees: tuple[Path, Path], args: argparse.Namespace) -> tuple[dict[str, float], ...]:
    """One round of the solver's figures taken in turns: a ``bench/solve.py --serve`` process of this
    tree's script for each tree's sources, asked for the same deal one after the other (the first of
    the two alternating), each solve ``--repeat`` times and its best time kept; per contract type, each
    side's median and 95th percentile (ms) over the deals. A drift of the machine's speed, which on a
    shared machine is larger than a few per cent within seconds, falls on both sides alike."""
    script = ROOT / "bench" / "solve.py"
    # both workers on one processor (they never run at once): the processors of a virtual machine differ
    # in speed, by what shares them, more than the 10 % the figures are read against
    cpu = {min(os.sched_getaffinity(0))}
    workers = []
    for tree in trees:
        env = dict(os.environ, PYTHONPATH=str(tree / "src"), CARDROOM_BENCH_SRC=str(tree / "src"))
        workers.append(subprocess.Popen([sys.executable, str(script), "--serve", "--deals", str(args.deals)],
                                        env=env, cwd=tree,
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                                        preexec_fn=lambda: os.sched_setaffinity(0, cpu)))
    out: tuple[dict[str, float], ...] = ({}, {})
    try:
        served = [w.stdout.readline().strip() if w.stdout is not None else "" for w in workers]
        kinds = served[0].split(",")  # the contract types of this tree's script, the same on both sides
        for kind in kinds:
            times: tuple[list[float], ...] = ([], [])
            for i in range(args.deals):
                for k in ((0, 1) if i % 2 else (1, 0)):
                    w = workers[k]
                    assert w.stdin is not None and w.stdout is not None
                    w.stdin.write(f"{kind}|{i}|{args.repeat}\n")
                    w.stdin.flush()
                    line = w.stdout.readline()
                    if not line:
                        raise SystemExit(f"{trees[k]}: bench/solve.py --serve stopped at {kind} deal {i}")
                    times[k].append(float(line) * 1000)
            name = kind.replace(" ", "_") + "_core"
            for k in (0, 1):
                ordered = sorted(times[k])
                out[k][f"{name}_median_ms"] = statistics.median(ordered)
                out[k][f"{name}_p95_ms"] = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    finally:
        for w in workers:
            if w.stdin is not None:
                w.stdin.close()
            w.wait()
    return out


def ratio_lines(name: str, bench: Bench, ref: list[dict[str, float]], this: list[dict[str, float]],
                paired: bool = False) -> list[str]:
    """Each figure's median over the reference's median (``paired``: the median of the rounds' ratios,
    each round's two runs made at the same time), the better way, a mark when more than 10 % worse."""
    lines = []
    for figure in ref[0]:
        if not all(figure in r for r in (*ref, *this)):
            continue
        old = statistics.median(r[figure] for r in ref)
        new = statistics.median(r[figure] for r in this)
        higher = figure in bench.higher
        if not old or not new:  # below what the benchmark prints (0.0 ms): no ratio to speak of
            lines.append(f"  {name}.{figure}: {new:,.3f} / {old:,.3f}: below the printed resolution")
            continue
        if paired and all(r[figure] for r in ref):
            ratio = statistics.median(t[figure] / r[figure] for r, t in zip(ref, this, strict=True))
            how = "median of the paired rounds' ratios"
        else:
            ratio = new / old
            how = f"{new:,.3f} / {old:,.3f}"
        worse = ratio < 1 - WORSE if higher else ratio > 1 + WORSE
        lines.append(f"  {name}.{figure}: {ratio:.3f} ({how}; {'higher' if higher else 'lower'} is better)"
                     f"{'  << more than 10 % worse' if worse else ''}")
    return lines


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--ref", required=True, help="the commit to compare with (e.g. the one before a change)")
    p.add_argument("--rounds", type=int, default=2, help="runs of each side per benchmark (default 2)")
    p.add_argument("--bench", default=",".join(BENCHES), help=f"which benchmarks (default {','.join(BENCHES)})")
    p.add_argument("--seconds", type=float, default=5.0, help="bench/engine.py: seconds per engine")
    p.add_argument("--deals", type=int, default=20, help="bench/solve.py: deals per contract type (compiled core)")
    p.add_argument("--tables", type=int, default=200, help="bench/room.py: tables")
    p.add_argument("--room-seconds", type=float, default=15.0, help="bench/room.py: seconds measured")
    p.add_argument("--think", type=float, default=0.0, help="bench/room.py: think time")
    p.add_argument("--game", default="bridge", help="bench/room.py: the game")
    p.add_argument("--same-bench", action="store_true",
                   help="run this tree's bench scripts on both sides (the other commit's sources, this tree's "
                        "measurement: for a fix of a benchmark itself, where the scripts still fit both sides)")
    p.add_argument("--interleave", action="store_true",
                   help="solve: each round a worker of this tree's bench/solve.py for each side's sources, asked for "
                        "the same deal in turns (the medians of the rounds' ratios are reported); the most steady "
                        "figure on a machine whose speed drifts")
    p.add_argument("--repeat", type=int, default=3, help="solve --interleave: solves of each deal, the best kept")
    p.add_argument("--paired", action="store_true",
                   help="run the two sides of a benchmark at the same time (engine, solve, room), each round a pair "
                        "under the same load, and report the median of the rounds' ratios (for a machine shared "
                        "with other work)")
    args = p.parse_args(argv)
    chosen = [b.strip() for b in args.bench.split(",") if b.strip()]
    unknown = [b for b in chosen if b not in BENCHES]
    if unknown:
        p.error(f"unknown benchmark(s) {', '.join(unknown)}; known: {', '.join(BENCHES)}")

    tmp = Path(tempfile.mkdtemp(prefix="cardroom-ref-"))
    ref_tree = tmp / "ref"
    subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(ref_tree), args.ref], check=True,
                   capture_output=True)
    # the reference's own compiled solver core, built from its sources (its setup.py); where it cannot be
    # built, this tree's copied in (said, since its solve figures then time this tree's core)
    built = subprocess.run([sys.executable, "setup.py", "build_ext", "--inplace", "-q"], cwd=ref_tree,
                           capture_output=True)
    if built.returncode != 0:
        print(f"the reference's compiled core could not be built ({built.stderr.decode()[-300:].strip()}); "
              "this tree's is used for it")
        for so in (ROOT / "src" / "cardroom" / "solve").glob("_core*.so"):
            shutil.copy(so, ref_tree / "src" / "cardroom" / "solve" / so.name)
    if args.same_bench:
        for script in (ROOT / "bench").glob("*.py"):
            shutil.copy(script, ref_tree / "bench" / script.name)
    runs: dict[str, dict[str, list[dict[str, float]]]] = {b: {"ref": [], "this": []} for b in chosen}
    try:
        for name in chosen:
            if args.interleave and name == "solve":
                for _ in range(args.rounds):
                    old, new = run_interleaved((ref_tree, ROOT), args)
                    runs[name]["ref"].append(old)
                    runs[name]["this"].append(new)
                    print(f"interleaved {name}: " + ", ".join(f"{k} {old[k]:,.3f} -> {new[k]:,.3f}" for k in old),
                          flush=True)
                continue
            if args.paired and BENCHES[name].pairable:
                for _ in range(args.rounds):
                    old, new = run_pair((ref_tree, ROOT), BENCHES[name], args)
                    runs[name]["ref"].append(old)
                    runs[name]["this"].append(new)
                    print(f"pair {name}: " + ", ".join(f"{k} {old[k]:,.3f} -> {new[k]:,.3f}" for k in old),
                          flush=True)
        order = (["ref", "this", "this", "ref"] * ((args.rounds + 1) // 2))[: 2 * args.rounds]
        for side in order:
            for name in chosen:
                if (args.paired and BENCHES[name].pairable) or (args.interleave and name == "solve"):
                    continue
                figures = run_side(ref_tree if side == "ref" else ROOT, BENCHES[name], args)
                runs[name][side].append(figures)
                print(f"{side:>4} {name}: " + ", ".join(f"{k} {v:,.3f}" for k, v in figures.items()), flush=True)
    finally:
        subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(ref_tree)], check=False,
                       capture_output=True)
        shutil.rmtree(tmp, ignore_errors=True)
    how = "paired rounds where a benchmark allows, else " if args.paired else \
        "the solver's rounds interleaved, else " if args.interleave else ""
    print(f"\nthis tree / {args.ref} ({how}medians of {args.rounds} runs each, interleaved):")
    for name in chosen:
        print("\n".join(ratio_lines(name, BENCHES[name], runs[name]["ref"], runs[name]["this"],
                                     paired=(args.paired and BENCHES[name].pairable)
                                     or (args.interleave and name == "solve"))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
