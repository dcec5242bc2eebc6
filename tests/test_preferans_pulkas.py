"""A thousand random pulkas for each Russian variant and player count, 250 for each foreign one (the long
runs are bench/pulkas.py).

Each pulka is played through the rules engine with random legal actions; after each: whist
balances sum to zero, the sheet kept during play equals the sheet recomputed from the deal
results, and every deal accounts for ten tricks.
"""

from __future__ import annotations

import pytest
from bench.pulkas import check, play_random_pulka

from cardroom.games import load
from cardroom.games.preferans.game import Preferans
from cardroom.games.preferans.variants import variant_names

PULKAS = 1000
"""A thousand for each Russian variant (issue 3's figure)."""
PULKAS_FOREIGN = 250
"""The variants of document 004's foreign chapters (F1–F4, their own deal rules and sheets) are played 250
times each here; ``bench/pulkas.py --pulkas 1000`` plays them (and the Russian ones) at any count."""
MAX_DEALS = 40
FOREIGN = ("greek", "foreign-f1", "foreign-f2", "foreign-f3")


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("variant", variant_names())
def test_thousand_random_pulkas(variant: str, players: int) -> None:
    game = load("preferans", variant=variant, players=players)
    assert isinstance(game, Preferans)
    deals = 0
    count = PULKAS_FOREIGN if variant in FOREIGN else PULKAS
    for seed in range(count):
        state = play_random_pulka(game, seed, MAX_DEALS)
        check(state)
        deals += len(state.results)
    assert deals >= count
