"""The bots see only ``view(seat)``: a view holds no reference to the state and no hidden card, and the
search bot decides with the state gone (collected)."""

from __future__ import annotations

import enum
import gc
import random
import types
import weakref
from typing import Any

import pytest

from cardroom.bots.search import SearchBot
from cardroom.core.cards import Card
from cardroom.core.game import CHANCE, State
from cardroom.games import load

GAMES = ["bridge", "preferans", "euchre"]


def _deal_of(match: State) -> Any:
    return match.hand if type(match).__name__ == "EuchreRubberState" else match.deal  # type: ignore[attr-defined]


def _to_play(name: str, seed: int) -> State:
    """A match advanced by its rule-based bots into the play of a deal, with a hidden hand around."""
    game = load(name)
    bot = game.bot("rule", 1)
    match = game.new_initial_state()
    rng = random.Random(seed)
    while True:
        assert not match.is_over
        if match.to_act == CHANCE:
            match.apply(match.sample_chance(rng))
            continue
        deal = _deal_of(match)
        if deal is not None and deal.phase in ("play", 2, 6) and len(deal.tricks) >= 1 and \
                getattr(deal, "kind", "game") == "game":
            return match
        match.apply(bot.choose(match.view(int(match.to_act or 0))))


def _reachable(root: Any) -> list[Any]:
    """Every object reachable from ``root`` through references, not entering modules, classes,
    functions or enum members (shared program objects, not data)."""
    seen: set[int] = set()
    out: list[Any] = []
    stack = [root]
    while stack:
        x = stack.pop()
        if id(x) in seen:
            continue
        seen.add(id(x))
        out.append(x)
        if isinstance(x, type | types.ModuleType | types.FunctionType | types.BuiltinFunctionType | enum.Enum):
            continue
        if isinstance(x, int | float | str | bytes):
            continue
        stack.extend(gc.get_referents(x))
    return out


@pytest.mark.parametrize("name", GAMES)
def test_a_view_reaches_neither_the_state_nor_a_hidden_card(name: str) -> None:
    match = _to_play(name, 11)
    seat = int(match.to_act or 0)
    deal = _deal_of(match)
    for view, deal_level in ((match.view(seat), False), (deal.view(seat), True)):
        objs = _reachable(view)
        assert not [o for o in objs if isinstance(o, State)], "a view refers to a game state"
        visible = deal.visible_mask(seat)
        hidden_hands = {h for h in deal.hands if h and h & ~visible}
        assert hidden_hands
        # the walk does find hidden hands where they are: in the state
        assert hidden_hands <= {o for o in _reachable(deal) if type(o) is int}
        ints = {o for o in objs if type(o) is int}
        assert not ints & hidden_hands, "a view holds a hidden hand"
        if deal_level:
            cards = [o for o in objs if type(o) is Card]
            assert all(visible >> c & 1 for c in cards), "a view holds a card its seat may not see"
            assert view.shown_mask() & ~visible == 0


@pytest.mark.parametrize("name", GAMES)
def test_the_search_bot_decides_with_the_state_unreachable(name: str) -> None:
    def make() -> tuple[Any, weakref.ref[State], list[Any]]:
        match = _to_play(name, 5)
        seat = int(match.to_act or 0)
        return match.view(seat), weakref.ref(match), list(match.legal_actions())

    view, ref, legal = make()
    gc.collect()
    assert ref() is None  # nothing, the view included, keeps the state alive
    action = SearchBot(name, samples=2, seed=1).choose(view)
    assert action in legal
