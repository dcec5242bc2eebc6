"""The card room's load figures of this tree against another commit's, measured in the same run.

    .venv/bin/python bench/room_compare.py --ref 243bd51 [--rounds 2] [--tables 200] [--seconds 15] [--think 0]

The other commit is checked out into a temporary git worktree; each side runs its own
``bench/room.py`` (its own server and its own clients, which speak that commit's protocol) with
its own ``src`` first on the path, the two sides taking turns (ref, this, this, ref, …) so that a
drift of the machine's load falls on both. Prints each run and, for every figure, the median of
this tree's runs over the median of the reference's: throughput (actions/s), p50 and p99 latency,
and the server's CPU per action.
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
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

FIGURES = {
    "actions_per_s": re.compile(r"actions/s: ([\d,]+)"),
    "p50_ms": re.compile(r"p50 ([\d.]+) ms"),
    "p99_ms": re.compile(r"p99 ([\d.]+) ms"),
    "server_ms_per_action": re.compile(r"CPU per action: server ([\d.]+) ms"),
    "path_us_per_action": re.compile(r"no network: ([\d,]+) µs"),
}


def run_side(tree: Path, args: argparse.Namespace) -> dict[str, float]:
    """One run of ``tree``'s bench/room.py with ``tree``'s sources first on the path."""
    env = dict(os.environ, PYTHONPATH=str(tree / "src"))
    cmd = [sys.executable, str(tree / "bench" / "room.py"), "--tables", str(args.tables),
           "--seconds", str(args.seconds), "--think", str(args.think), "--game", args.game]
    out = subprocess.run(cmd, env=env, cwd=tree, capture_output=True, text=True, check=False)
    if out.returncode != 0:
        raise SystemExit(f"{tree}: bench/room.py failed ({out.returncode}):\n{out.stdout[-2000:]}{out.stderr[-2000:]}")
    figures: dict[str, float] = {}
    for name, pattern in FIGURES.items():
        m = pattern.search(out.stdout)
        if m is None:
            raise SystemExit(f"{tree}: no {name} in the output:\n{out.stdout}")
        figures[name] = float(m.group(1).replace(",", ""))
    errors = re.search(r"errors received: (\d+)", out.stdout)
    figures["errors"] = float(errors.group(1)) if errors else float("nan")
    return figures


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--ref", required=True, help="the commit to compare with (e.g. the one before a change)")
    p.add_argument("--rounds", type=int, default=2, help="runs of each side (default 2)")
    p.add_argument("--tables", type=int, default=200)
    p.add_argument("--seconds", type=float, default=15.0)
    p.add_argument("--think", type=float, default=0.0)
    p.add_argument("--game", default="bridge")
    args = p.parse_args()

    tmp = Path(tempfile.mkdtemp(prefix="cardroom-ref-"))
    ref_tree = tmp / "ref"
    subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(ref_tree), args.ref], check=True,
                   capture_output=True)
    for so in (ROOT / "src" / "cardroom" / "solve").glob("_core*.so"):  # the compiled core, if built
        shutil.copy(so, ref_tree / "src" / "cardroom" / "solve" / so.name)
    runs: dict[str, list[dict[str, float]]] = {"ref": [], "this": []}
    try:
        order = ["ref", "this", "this", "ref"] * ((args.rounds + 1) // 2)
        for side in order[: 2 * args.rounds]:
            figures = run_side(ref_tree if side == "ref" else ROOT, args)
            runs[side].append(figures)
            print(f"{side:>4}: " + ", ".join(f"{k} {v:,.3f}" for k, v in figures.items()), flush=True)
    finally:
        subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(ref_tree)], check=False,
                       capture_output=True)
        shutil.rmtree(tmp, ignore_errors=True)
    print(f"\nthis tree / {args.ref} (medians of {args.rounds} runs each, {args.tables} tables of {args.game}, "
          f"think {args.think:g} s):")
    for name in FIGURES:
        ref = statistics.median(r[name] for r in runs["ref"])
        new = statistics.median(r[name] for r in runs["this"])
        print(f"  {name}: {new:,.3f} / {ref:,.3f} = {new / ref:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
