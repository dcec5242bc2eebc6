"""The cost of the review's open-hand values in a variety played to lose tricks, against bridge's DDS.

On seeded random deals, the same straight-bridge deal (the same make, no trumps, the same cards played) is
reviewed as straight bridge (each side wants tricks: DDS, through ``DummyDealReview``) and as reversi
bridge (each side wants few: the project's solver, ``cardroom.solve.tricks``), from the position after
``--tricks`` tricks on: every card's values (``review_deal``'s work). A whole deal from the first card is
too slow for reversi (the opening lead of a random deal is some 250 million nodes), so the figure is taken
for the end of the deal, the trick count given. The machine is shared, so the clock is the process's CPU
time and each figure the fastest of ``--rounds`` runs in the order bridge, reversi, reversi, bridge. The
figure that matters is the ratio reversi / bridge.

    .venv/bin/python bench/review.py [--deals N] [--tricks T] [--seed S] [--rounds R]
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from typing import Any

from cardroom.core.deal import Deal, hand_text
from cardroom.core.review import DealLine, review_deal
from cardroom.core.table import Seat
from cardroom.games import game_class, load
from cardroom.records.registry import record_state


def _lines(game: str, deals: int, seed: int, tricks: int) -> list[DealLine]:
    """Each deal from the position after ``tricks`` random tricks (the same cards at both games)."""
    rng = random.Random(seed)
    out: list[DealLine] = []
    for n in range(deals):
        hands = Deal.random(rng, first=Seat.NORTH).hands
        state = record_state({"game": game, "options": {}, "actions": []})
        for text in ("draw 2D 4H 5C 8D", "deal " + " ".join(hand_text(h) for h in hands), "make NT", "Pass", "Pass"):
            state.apply(state.parse_action(text))
        deal = state.deal
        while len(deal.tricks) < tricks:
            state.apply(rng.choice(state.legal_actions()))
        start = deal.clone()
        line = DealLine(n + 1, start)
        while deal.phase == start.phase:
            action = deal.legal_actions()[0]
            line.actions.append(action)
            state.apply(action)
        out.append(line)
    return out


def _best_of(a: Callable[[], None], b: Callable[[], None], rounds: int) -> tuple[float, float]:
    times: dict[str, list[float]] = {"a": [], "b": []}
    for name, fn in [("a", a), ("b", b), ("b", b), ("a", a)] * rounds:
        t0 = time.process_time()
        fn()
        times[name].append(time.process_time() - t0)
    return min(times["a"]), min(times["b"])


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--deals", type=int, default=3)
    p.add_argument("--tricks", type=int, default=3)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--rounds", type=int, default=1)
    args = p.parse_args(argv)
    adapters: dict[str, Any] = {g: game_class(g).review() for g in ("straight-bridge", "reversi-bridge")}
    lines = {g: _lines(g, args.deals, args.seed, args.tricks) for g in adapters}
    load("straight-bridge")  # imported before the clock

    def run(game: str) -> Callable[[], None]:
        def reviews() -> None:
            for line in lines[game]:
                review_deal(adapters[game], line)

        return reviews

    bridge, reversi = _best_of(run("straight-bridge"), run("reversi-bridge"), args.rounds)
    cards = sum(len(line.actions) for line in lines["straight-bridge"])
    print(f"{args.deals} deals from trick {args.tricks + 1}, {cards} cards: bridge (DDS) {bridge:.3f}s, "
          f"reversi (project's solver) {reversi:.3f}s, ratio reversi / bridge {reversi / max(bridge, 1e-9):.2f}")


if __name__ == "__main__":
    main()
