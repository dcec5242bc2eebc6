"""Instructions per unit of work, this tree against another commit's, counted by callgrind in the same run.

    .venv/bin/python bench/instructions.py --ref 56ed541 [--deals 200] [--tables 20] [--rounds 20] [--solves 10]

Wall-clock figures (``bench/compare.py``) move with the machine's load: on a machine shared with other
work a side that happens to run beside a busy neighbour reads slower. ``valgrind --tool=callgrind``
counts the instructions executed instead, which do not depend on the load (the same binary, inputs and
environment give the same total). Each side runs the same measuring code (this tree's, the other
commit's sources first on the path) twice, with a small and a large amount of work; the difference is
the work's own count, free of the interpreter's start-up and the imports. Two figures:

- ``engine``: random legal bridge deals, auction and play (the loop of ``bench/engine.py``);
- ``room``: the room's own path for a person's action without the network
  (:func:`bench.room.room_path_cost`: checked, committed to SQLite, applied, a message built and
  encoded for every seat), all threads counted;
- ``solve``: the open-hand solvers (the work of ``bench/solve.py``): ``--solves`` seeded deals of each
  contract type (preferans suit, no-trump, misère, raspasy; euchre, euchre lone) by the compiled core, a
  fifth as many by the pure-Python search, and bridge best-card solves through ``cardroom.solve.dds``
  (DDS's threads counted too) on three mid-play positions of each of two deals. The compiled core is
  the same binary on both sides (its sources did not change; the reference gets this tree's copy).

Prints each side's instructions per deal and per action, and the ratio this / reference (lower is
better; a ratio above 1.10 is marked).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WORSE = 0.10
_COLLECTED = re.compile(r"Collected : (\d+)")


def _engine(n: int) -> int:
    """``n`` random legal bridge deals; the number of actions applied."""
    from cardroom.core.deal import Deal
    from cardroom.core.table import Seat
    from cardroom.games import load

    game = load("bridge")
    rng = random.Random(1)
    dealer = Seat.NORTH
    actions = 0
    for _ in range(n):
        state = game.new_deal(dealer)  # type: ignore[attr-defined]
        state.apply(Deal.random(rng, dealer.lho))
        while not state.is_over:
            legal = state.legal_actions()
            state.apply(legal[int(rng.random() * len(legal))])
            actions += 1
        dealer = dealer.lho
    return actions


def _room(tables: int, rounds: int) -> None:
    sys.path.insert(0, str(ROOT))
    from bench.room import room_path_cost  # this tree's measuring code, the side's sources

    asyncio.run(room_path_cost("bridge", tables, rounds))


def _solve(n: int) -> None:
    """The solvers' work of ``n`` deals a contract type (0: only the imports and the inputs)."""
    import os

    sys.path.insert(0, str(ROOT))
    from bench import solve, solve_bridge  # the measuring code (the same in both trees)
    from cardroom.solve.dds import best_moves

    positions = solve_bridge._positions(2, 2)
    if n == 0:
        return
    kinds = ("suit", "no-trump", "misere", "raspasy", "euchre", "euchre lone")
    for kind in kinds:
        solve.run_type(kind, n, 1)
    os.environ["CARDROOM_PURE_PYTHON"] = "1"
    for kind in kinds:
        solve.run_type(kind, max(1, n // 5), 1)
    del os.environ["CARDROOM_PURE_PYTHON"]
    for _, pos, _ep in positions:
        best_moves(pos)


def _count(tree: Path, args: list[str]) -> int:
    """Instructions of one inner run on ``tree``'s sources (all threads). The run is made once first
    without callgrind, so that the modules' bytecode is cached and neither counted run compiles any."""
    with tempfile.TemporaryDirectory() as d:
        env = {"PYTHONPATH": str(tree / "src"), "PATH": "/usr/bin:/bin", "HOME": d, "PYTHONHASHSEED": "0"}
        inner = [sys.executable, __file__, "--inner", *args]
        subprocess.run(inner, env=env, cwd=tree, capture_output=True, check=True)
        out = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={d}/cg.out", *inner],
                             env=env, cwd=tree, capture_output=True, text=True, check=False)
    m = _COLLECTED.search(out.stderr)
    if out.returncode != 0 or m is None:
        raise SystemExit(f"{tree}: callgrind run failed ({out.returncode}):\n{out.stderr[-2000:]}")
    return int(m.group(1))


def measure(tree: Path, deals: int, tables: int, rounds: int, solves: int) -> dict[str, float]:
    """Instructions per deal (engine), per action (room) and per solving run (solve) on ``tree``'s sources."""
    engine = (_count(tree, ["engine", str(deals + 1)]) - _count(tree, ["engine", "1"])) / deals
    room = (_count(tree, ["room", str(tables), str(rounds + 1)])
            - _count(tree, ["room", str(tables), "1"])) / (tables * rounds)
    solve = _count(tree, ["solve", str(solves)]) - _count(tree, ["solve", "0"])
    return {"engine_instructions_per_deal": engine, "room_instructions_per_action": room,
            f"solve_instructions_per_run_of_{solves}": solve}


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["--inner"]:
        if argv[1] == "engine":
            _engine(int(argv[2]))
        elif argv[1] == "solve":
            _solve(int(argv[2]))
        else:
            _room(int(argv[2]), int(argv[3]))
        return 0
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--ref", required=True, help="the commit to compare with")
    p.add_argument("--deals", type=int, default=200, help="engine: deals counted (beyond the start-up run's one)")
    p.add_argument("--tables", type=int, default=20, help="room: tables acting together")
    p.add_argument("--rounds", type=int, default=20, help="room: rounds counted (beyond the start-up run's one)")
    p.add_argument("--solves", type=int, default=10, help="solve: deals of each contract type (the core's)")
    args = p.parse_args(argv)
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed (Debian: apt-get install valgrind)")
    tmp = Path(tempfile.mkdtemp(prefix="cardroom-ref-"))
    ref_tree = tmp / "ref"
    subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(ref_tree), args.ref], check=True,
                   capture_output=True)
    for so in (ROOT / "src" / "cardroom" / "solve").glob("_core*.so"):
        shutil.copy(so, ref_tree / "src" / "cardroom" / "solve" / so.name)
    try:
        ref = measure(ref_tree, args.deals, args.tables, args.rounds, args.solves)
        this = measure(ROOT, args.deals, args.tables, args.rounds, args.solves)
    finally:
        subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(ref_tree)], check=False,
                       capture_output=True)
        shutil.rmtree(tmp, ignore_errors=True)
    print(f"instructions counted by callgrind, this tree against {args.ref} (same run, lower is better):")
    for name, old in ref.items():
        new = this[name]
        ratio = new / old
        mark = "  << more than 10 % worse" if ratio > 1 + WORSE else ""
        print(f"  {name}: {new:,.0f} / {old:,.0f} = {ratio:.3f}{mark}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
