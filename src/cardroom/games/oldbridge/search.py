"""Auction and straight bridge for the search bot: contract bridge's adapter (the same play: four hands
of 13, dummy exposed after the opening lead), without the weighing of the auction (the rule-based
bot's system reads contract bridge's calls only); a deal at nullo (fewest tricks wins) is the
rule-based bot's."""

from __future__ import annotations

from typing import Any

from cardroom.games.bridge.search import BridgeSearch

__all__ = ["ADAPTER", "OldBridgeSearch"]


class OldBridgeSearch(BridgeSearch):
    def searches_play(self, v: Any) -> bool:
        from cardroom.games.oldbridge.calls import Denom

        return super().searches_play(v) and getattr(v.contract, "denom", None) != Denom.NULLO


ADAPTER = OldBridgeSearch()
