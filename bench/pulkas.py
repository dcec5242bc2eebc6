"""Random pulkas of every preferans variant: properties checked at scale, and the rate.

For each variant and player count, plays N pulkas with random legal actions (the first listed
action preferred half the time, so that pulkas end) and checks after each one: whist balances
sum to zero (with and without amnesty); the sheet kept during play equals the sheet recomputed
from the deal results; every deal used the 32 cards. Prints pulkas per second for each, and the
ratio against the random-bridge-deal rate measured in the same run (the reference).

    .venv/bin/python bench/pulkas.py [--pulkas N] [--max-deals D]
"""

from __future__ import annotations

import argparse
import random
import time

from cardroom.core.game import CHANCE
from cardroom.games import load
from cardroom.games.preferans.game import Preferans, PulkaState
from cardroom.games.preferans.variants import variant_names


def play_random_pulka(game: Preferans, seed: int, max_deals: int) -> PulkaState:
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_over:
        if state.to_act == CHANCE:
            if len(state.results) >= max_deals:
                state.abandon()
                break
            state.apply(state.sample_chance(rng))
            continue
        legal = state.legal_actions()
        state.apply(legal[0] if rng.random() < 0.5 else legal[int(rng.random() * len(legal))])
    return state


def check(state: PulkaState) -> None:
    for amnesty in (False, True):
        s = state.sheet.settle(amnesty=amnesty)
        assert sum(s.balance) == 0, "whist balances do not sum to zero"
    assert state.sheet_dict() == state.recomputed_sheet_dict(), "the sheet differs from the recomputed one"
    for r in state.results:
        # a game nobody whisted is not played; an all-pass of F2 («passed») or of the Greek game (dealt again,
        # «passed_out») has no play at all
        assert sum(r.tricks) == 10 or r.kind in ("unplayed", "passed", "passed_out"), \
            "a deal did not account for ten tricks"


def bridge_reference(seconds: float) -> float:
    from bench.engine import cardroom_deals, rate

    return rate(cardroom_deals, seconds)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--pulkas", type=int, default=200, help="pulkas per variant and player count (default 200)")
    ap.add_argument("--max-deals", type=int, default=150, help="abandon a pulka after this many deals")
    args = ap.parse_args()
    ref = bridge_reference(2.0)
    print(f"reference: {ref:.0f} random bridge deals/s")
    total = 0
    for variant in variant_names():
        for players in (3, 4):
            game = load("preferans", variant=variant, players=players)
            assert isinstance(game, Preferans)
            start = time.perf_counter()
            deals = 0
            finished = 0
            for seed in range(args.pulkas):
                state = play_random_pulka(game, seed, args.max_deals)
                check(state)
                deals += len(state.results)
                finished += 0 if state.abandoned else 1
            elapsed = time.perf_counter() - start
            total += args.pulkas
            print(f"{variant:>10} {players}p: {args.pulkas} pulkas ({finished} to their end), {deals} deals, "
                  f"{deals / elapsed:.0f} deals/s = {deals / elapsed / ref:.2f} of the bridge reference; all checks "
                  "passed")
    print(f"{total} pulkas checked")


if __name__ == "__main__":
    main()
