"""The cost of cardroom's bridge solver interface over endplay (DDS) called directly.

On seeded random deals, the same work is timed twice: through ``cardroom.solve.dds`` (from
cardroom's bitmask hands and positions to cardroom's answers) and through endplay directly (its
``Deal`` built beforehand, outside the clock, and its answers read with its own accessors):

* the full double-dummy table of each deal (``dd_table`` vs ``calc_dd_table``);
* mid-play best-card solves: for each deal, positions after a random number of random legal cards
  (0-3 cards on the current trick), every legal card with its tricks (``best_moves`` vs
  ``solve_board``).

DDS keeps its transposition table between calls, so each run covers the whole set and the runs
alternate in the order cardroom, endplay, endplay, cardroom. The machine is shared, so the clock is
the process's CPU time (all of DDS's threads) and each figure is the fastest run (2 of each for
the tables, 10 for the solves). The figure
that matters is the ratio cardroom / endplay (the goal: under 1.10).

    .venv/bin/python bench/solve_bridge.py [--deals N] [--seed S]
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from typing import Any

from cardroom.core.deal import Deal, hand_text
from cardroom.core.table import Seat
from cardroom.games.bridge.calls import Call
from cardroom.games.bridge.game import ContractBridge
from cardroom.solve.dds import BridgePosition, best_moves, check_position, dd_table, endplay_deal, position_of

_STRAINS = ("C", "D", "H", "S", "NT")


def _ep_card(card: int) -> str:
    return "CDHS"[card // 13] + "23456789TJQKA"[card % 13]


def _positions(deals: int, seed: int, per_deal: int = 3) -> list[tuple[tuple[int, ...], BridgePosition, Any]]:
    """(dealt hands, cardroom position, endplay deal) of random mid-play positions."""
    from endplay.types import Deal as EpDeal
    from endplay.types import Denom, Player

    rng = random.Random(seed)
    game = ContractBridge()
    out: list[tuple[tuple[int, ...], BridgePosition, Any]] = []
    denoms = {"C": Denom.clubs, "D": Denom.diamonds, "H": Denom.hearts, "S": Denom.spades, "NT": Denom.nt}
    for _ in range(deals):
        declarer = Seat(rng.randrange(4))
        strain = rng.choice(_STRAINS)
        hands = Deal.random(rng, first=declarer.lho).hands
        for _ in range(per_deal):
            state = game.new_deal(declarer)
            state.apply(Deal(hands))
            for text in (f"1{strain}", "Pass", "Pass", "Pass"):
                state.apply(Call.parse(text))
            for _ in range(rng.randrange(0, 40)):
                state.apply(rng.choice(state.legal_actions()))
            ep = EpDeal("N:" + " ".join(hand_text(h) for h in hands), first=Player(int(declarer.lho)),
                        trump=denoms[strain])
            for t in state.tricks:
                for c in t.cards:
                    ep.play(_ep_card(c))
            for c in state.trick:
                ep.play(_ep_card(c))
            out.append((hands, position_of(state), ep))
    return out


def _best_of(ours: Callable[[], None], direct: Callable[[], None], rounds: int) -> tuple[float, float]:
    """The fastest of ``2 * rounds`` timed runs of each, in the order cardroom, endplay, endplay,
    cardroom, ... (the machine is shared: the fastest run is the least disturbed one)."""
    times: dict[str, list[float]] = {"ours": [], "direct": []}
    order = [("ours", ours), ("direct", direct), ("direct", direct), ("ours", ours)] * rounds
    for name, fn in order:
        t0 = time.process_time()
        fn()
        times[name].append(time.process_time() - t0)
    return min(times["ours"]), min(times["direct"])


def bridge_figures(deals: int, seed: int) -> list[str]:
    """Lines of figures: table and mid-play solves, cardroom's interface against endplay directly."""
    from endplay.dds import calc_dd_table, solve_board
    from endplay.types import Deal as EpDeal
    from endplay.types import Denom, Player

    rng = random.Random(seed)
    all_hands = [Deal.random(rng, first=1).hands for _ in range(deals)]
    ep_deals = [EpDeal("N:" + " ".join(hand_text(h) for h in hands)) for hands in all_hands]
    players = list(Player)
    denoms = [Denom.clubs, Denom.diamonds, Denom.hearts, Denom.spades, Denom.nt]

    def tables_ours() -> None:
        for hands in all_hands:
            dd_table(hands)

    def tables_direct() -> None:
        for ep in ep_deals:
            t = calc_dd_table(ep)
            {p: [t[d, p] for d in denoms] for p in players}

    tables_ours()  # warm up (library load, first allocations)
    t_ours, t_direct = _best_of(tables_ours, tables_direct, 1)

    positions = _positions(deals, seed + 1)

    def solves_ours() -> None:
        for _, pos, _ep in positions:
            best_moves(pos)

    def solves_direct() -> None:
        for _, _pos, ep in positions:
            list(solve_board(ep))

    solves_ours()
    s_ours, s_direct = _best_of(solves_ours, solves_direct, 5)
    n = len(positions)
    # the layer's own work without DDS: checking the position and building endplay's deal
    t0 = time.process_time()
    for _ in range(20):
        for _, pos, _ep in positions:
            check_position(pos)
            endplay_deal(pos.hands, pos.leader, pos.trump, pos.trick)
    layer = (time.process_time() - t0) / (20 * n)
    return [
        f"bridge full table, {deals} deals: cardroom {1000 * t_ours / deals:.1f} ms CPU/deal, "
        f"endplay {1000 * t_direct / deals:.1f} ms CPU/deal, ratio {t_ours / t_direct:.3f}",
        f"bridge best cards mid-play, {n} positions: cardroom {1000 * s_ours / n:.2f} ms CPU/position, "
        f"endplay {1000 * s_direct / n:.2f} ms CPU/position, ratio {s_ours / s_direct:.3f}",
        f"bridge interface's own work per position (check + conversion, no DDS): {1e6 * layer:.1f} us "
        f"({100 * layer / (s_direct / n):.1f} % of a solve)",
    ]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--deals", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    for line in bridge_figures(args.deals, args.seed):
        print(line)


if __name__ == "__main__":
    main()
