"""A thousand random pulkas for each variant and player count (the long runs are bench/pulkas.py).

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
MAX_DEALS = 40


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("variant", variant_names())
def test_thousand_random_pulkas(variant: str, players: int) -> None:
    game = load("preferans", variant=variant, players=players)
    assert isinstance(game, Preferans)
    deals = 0
    for seed in range(PULKAS):
        state = play_random_pulka(game, seed, MAX_DEALS)
        check(state)
        deals += len(state.results)
    assert deals >= PULKAS
