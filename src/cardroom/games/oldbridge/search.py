"""Auction and straight bridge for the search bot: contract bridge's adapter (the same play: four hands
of 13, dummy exposed after the opening lead), without the weighing of the auction (the rule-based
bot's system reads contract bridge's calls only); a deal at nullo (fewest tricks wins) is the
rule-based bot's."""

from __future__ import annotations

from typing import Any

from cardroom.games.bridge.search import BridgeSearch

__all__ = ["ADAPTER", "MISERY_ADAPTER", "MiserySearch", "OldBridgeSearch"]


class OldBridgeSearch(BridgeSearch):
    def searches_play(self, v: Any) -> bool:
        from cardroom.games.oldbridge.calls import Denom

        return super().searches_play(v) and getattr(v.contract, "denom", None) != Denom.NULLO


ADAPTER = OldBridgeSearch()


class MiserySearch(OldBridgeSearch):
    """Misery bridge (games/oldbridge/misery.py): a trick of three cards, the reserve's seat skipped, which
    the double-dummy solver does not play: every decision is the rule-based bot's."""

    def decide(self, bot: Any, view: Any, v: Any) -> Any:
        return None


MISERY_ADAPTER = MiserySearch()
