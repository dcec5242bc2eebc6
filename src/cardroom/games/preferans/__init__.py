"""Preferans (document 004 and the 1997 Code of Preferans)."""

from cardroom.games import register
from cardroom.games.preferans.calls import PrefCall
from cardroom.games.preferans.game import Preferans, PulkaState
from cardroom.games.preferans.result import PrefDealResult
from cardroom.games.preferans.rules import PrefDeal
from cardroom.games.preferans.variants import PrefVariant

register(Preferans.name, Preferans, Preferans.aliases)

__all__ = ["PrefCall", "PrefDeal", "PrefDealResult", "PrefVariant", "Preferans", "PulkaState"]
