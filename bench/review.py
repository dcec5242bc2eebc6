"""The cost of the review's open-hand values in a variety played to lose tricks, against bridge's DDS.

On seeded random deals, the same straight-bridge deal (the same make, no trumps, the same cards played) is
reviewed as straight bridge (each side wants tricks: DDS, through ``DummyDealReview``) and as reversi
bridge (each side wants few: the project's solver, ``cardroom.solve.tricks``), from the position after
``--tricks`` tricks on: every card's values (``review_deal``'s work). A whole deal from the first card is
too slow for reversi (the opening lead of a random deal is some 250 million nodes), so the figure is taken
for the end of the deal, the trick count given. Two-handed bridge (its own solver for the table piles,
``cardroom.solve.twohand``) is timed the same way on seeded random layouts of its own, no trumps, from the
position after ``--tricks`` random tricks: the time per deal, against straight bridge's per deal. The machine
is shared, so the clock is the process's CPU time and each figure the fastest of ``--rounds`` runs in the
order bridge, reversi, two-hand, two-hand, reversi, bridge. The figures that matter are the ratios to bridge.

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
from cardroom.solve import twohand


def _lines(game: str, deals: int, seed: int, tricks: int) -> list[DealLine]:
    """Each deal from the position after ``tricks`` random tricks (the same cards at both bridges; two-handed
    bridge's layouts, ``PileDeal``, no trumps, its own)."""
    from cardroom.games.oldbridge.two_handed import PileDeal

    rng = random.Random(seed)
    out: list[DealLine] = []
    for n in range(deals):
        if game == "two-hand-bridge":
            options: dict[str, Any] = {"draw_for_first_deal": False}
            script: tuple[str, ...] = (PileDeal.random(rng, 0).to_text(), "make NT", "Pass")
        else:
            hands = Deal.random(rng, first=Seat.NORTH).hands
            options = {}
            script = ("draw 2D 4H 5C 8D", "deal " + " ".join(hand_text(h) for h in hands), "make NT", "Pass", "Pass")
        state = record_state({"game": game, "options": options, "actions": []})
        for text in script:
            state.apply(state.parse_action(text))
        while len(state.deal.tricks) < tricks:
            state.apply(rng.choice(state.legal_actions()))
        out.append(_rest_of(n + 1, state))
    return out


def _rest_of(number: int, state: Any) -> DealLine:
    """The deal of ``state`` from here, played on with the first legal action to the end of the play."""
    deal = state.deal
    start = deal.clone()
    line = DealLine(number, start)
    while deal.phase == start.phase:
        action = deal.legal_actions()[0]
        line.actions.append(action)
        state.apply(action)
    return line


def _best_of(fns: dict[str, Callable[[], None]], rounds: int) -> dict[str, float]:
    times: dict[str, list[float]] = {name: [] for name in fns}
    for name in [*fns, *reversed(fns)] * rounds:
        t0 = time.process_time()
        fns[name]()
        times[name].append(time.process_time() - t0)
    return {name: min(t) for name, t in times.items()}


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--deals", type=int, default=3)
    p.add_argument("--tricks", type=int, default=3)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--rounds", type=int, default=1)
    args = p.parse_args(argv)
    adapters: dict[str, Any] = {g: game_class(g).review() for g in ("straight-bridge", "reversi-bridge",
                                                                    "two-hand-bridge")}
    lines = {g: _lines(g, args.deals, args.seed, args.tricks) for g in adapters}
    load("straight-bridge")  # imported before the clock

    def run(game: str) -> Callable[[], None]:
        def reviews() -> None:
            if game == "two-hand-bridge":
                twohand.clear()  # its table is kept from call to call: each round starts cold
            for line in lines[game]:
                review_deal(adapters[game], line)

        return reviews

    t = _best_of({g: run(g) for g in adapters}, args.rounds)
    bridge, reversi, two = t["straight-bridge"], t["reversi-bridge"], t["two-hand-bridge"]
    cards = sum(len(line.actions) for line in lines["straight-bridge"])
    print(f"{args.deals} deals from trick {args.tricks + 1}, {cards} cards: bridge (DDS) {bridge:.3f}s, "
          f"reversi (project's solver) {reversi:.3f}s, ratio reversi / bridge {reversi / max(bridge, 1e-9):.2f}")
    print(f"two-hand bridge (its solver), {args.deals} layouts from trick {args.tricks + 1}: {two:.3f}s, "
          f"{two / args.deals:.3f}s a deal, ratio two-hand / bridge a deal {two / max(bridge, 1e-9):.2f}")


if __name__ == "__main__":
    main()
