"""The per-game text renderers of the terminal (:class:`~cardroom.ui.render.base.Renderer`)."""

from __future__ import annotations

import importlib

from cardroom.core.game import Game
from cardroom.ui.render.base import Renderer

RENDERERS = {
    "bridge": "cardroom.ui.render.bridge:BridgeRenderer",
    "preferans": "cardroom.ui.render.preferans:PreferansRenderer",
    "euchre": "cardroom.ui.render.euchre:EuchreRenderer",
    "oldbridge": "cardroom.ui.render.oldbridge:OldBridgeRenderer",
}
"""The renderer of each game family (module:class), loaded when a game of the family is played."""
GAME_RENDERERS = {
    "three-handed-auction": "cardroom.ui.render.three_handed:ThreeHandedRenderer",
    "cutthroat": "cardroom.ui.render.cutthroat:CutthroatRenderer",
    "two-hand-bridge": "cardroom.ui.render.two_handed:TwoHandRenderer",
    "double-dummy": "cardroom.ui.render.double_dummy:DoubleDummyRenderer",
    "draw-bridge": "cardroom.ui.render.double_dummy:DoubleDummyRenderer",
    "misery-bridge": "cardroom.ui.render.misery:MiseryRenderer",
    "royal-bridge": "cardroom.ui.render.cutthroat:RoyalRenderer",
}
"""A game's own renderer, where its family's needs an override (by the game's name)."""


def renderer_for(game: Game, seed: int | None = None) -> Renderer:
    """The terminal renderer of ``game`` (its own in GAME_RENDERERS, else its family's), for a session of ``seed``."""
    module, _, name = GAME_RENDERERS.get(game.name, RENDERERS[game.family]).partition(":")
    cls: type[Renderer] = getattr(importlib.import_module(module), name)
    return cls(game, seed)


def has_renderer(game: type[Game]) -> bool:
    return game.family in RENDERERS
