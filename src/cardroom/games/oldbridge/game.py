"""The registered games of document 000: auction bridge (American Laws, 1913) and straight bridge."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from cardroom.core.game import Game
from cardroom.core.options import Schema
from cardroom.core.table import Seat
from cardroom.games.oldbridge.keeper import KeptAsAuction, KeptAsStraight
from cardroom.games.oldbridge.rubber import OldRubberState
from cardroom.games.oldbridge.rules import AuctionDeal, StraightDeal
from cardroom.games.oldbridge.variants import (
    AuctionRules,
    StraightRules,
    auction_schema,
    make_auction_rules,
    make_straight_rules,
    straight_schema,
)


class OldBridge(Game):
    """What the two bridges of document 000 share: four seats, the old bridges' bots, analysis and review, a
    rubber of their deals (:class:`OldRubberState`) under their rules (``rules``), and the calls of both."""

    family: ClassVar[str] = "oldbridge"
    num_seats = 4
    rule_bot_path: ClassVar[str] = "cardroom.bots.oldbridge:OldBridgeBot"
    analysis_path: ClassVar[str] = "cardroom.games.oldbridge.analysis:ANALYSIS"
    review_path: ClassVar[str] = "cardroom.games.oldbridge.review:REVIEW"
    has_search_bot: ClassVar[bool] = True
    rules: AuctionRules | StraightRules

    def new_initial_state(self) -> OldRubberState:
        return OldRubberState(self, self.rules)

    def action_universe(self) -> list[Any]:
        from cardroom.core.cards import full_pack
        from cardroom.games.oldbridge.calls import ALL_CALLS

        return [*full_pack(), *ALL_CALLS]

    def options(self) -> Mapping[str, Any]:
        return self.rules.to_dict()


class AuctionBridge(KeptAsAuction, OldBridge):
    """Auction bridge played as a rubber by the American Laws of Bridge, 1913 (document 000)."""

    name: ClassVar[str] = "auction-bridge"
    aliases: ClassVar[tuple[str, ...]] = ("auction", "окшн-бридж", "аукционный-бридж")
    title: ClassVar[Mapping[str, str]] = {"en": "Auction bridge (1913)", "ru": "Аукционный бридж (1913)"}

    def __init__(self, **options: Any) -> None:
        self.rules: AuctionRules = make_auction_rules(**options)

    @classmethod
    def configurations(cls) -> list[dict[str, Any]]:
        return [{}, {"nullo": True}, {"nullo": True, "laws": True}]

    @classmethod
    def option_schema(cls) -> Schema:
        return auction_schema()

    def new_deal(self, dealer: Seat = Seat.SOUTH) -> AuctionDeal:
        """A single deal outside any rubber."""
        return AuctionDeal(self, dealer, self.rules)


class StraightBridge(KeptAsStraight, OldBridge):
    """Straight bridge (bridge-whist) played as a rubber (document 000)."""

    name: ClassVar[str] = "straight-bridge"
    aliases: ClassVar[tuple[str, ...]] = ("bridge-whist", "прямой-бридж")
    title: ClassVar[Mapping[str, str]] = {"en": "Straight bridge", "ru": "Прямой бридж"}

    def __init__(self, **options: Any) -> None:
        self.rules: StraightRules = make_straight_rules(**options)

    @classmethod
    def configurations(cls) -> list[dict[str, Any]]:
        return [{}, {"doubling_limit": "cap-100", "honours": "none"}, {"laws": True, "revoke_penalty": "england"}]

    @classmethod
    def option_schema(cls) -> Schema:
        return straight_schema()

    def new_deal(self, dealer: Seat = Seat.SOUTH) -> StraightDeal:
        return StraightDeal(self, dealer, self.rules)
