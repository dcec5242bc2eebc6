"""The bridges of document 000: auction bridge (American Laws of Bridge, 1913) and straight bridge."""

from cardroom.games import register
from cardroom.games.oldbridge.calls import Denom, OldCall
from cardroom.games.oldbridge.duplicate import DuplicateAuction
from cardroom.games.oldbridge.game import AuctionBridge, StraightBridge
from cardroom.games.oldbridge.reversi import ReversiBridge
from cardroom.games.oldbridge.rubber import OldRubberState, OldSheet
from cardroom.games.oldbridge.rules import AuctionDeal, OldDealResult, StraightDeal
from cardroom.games.oldbridge.scoring import AuctionContract, StraightMake, score_auction, score_straight
from cardroom.games.oldbridge.short import ShortBridge

register(AuctionBridge.name, AuctionBridge, AuctionBridge.aliases)
register(StraightBridge.name, StraightBridge, StraightBridge.aliases)
register(ReversiBridge.name, ReversiBridge, ReversiBridge.aliases)
register(ShortBridge.name, ShortBridge, ShortBridge.aliases)
register(DuplicateAuction.name, DuplicateAuction, DuplicateAuction.aliases)

__all__ = [
    "AuctionBridge", "AuctionContract", "AuctionDeal", "Denom", "DuplicateAuction", "OldCall", "OldDealResult",
    "OldRubberState",
    "OldSheet", "ReversiBridge", "ShortBridge", "StraightBridge", "StraightDeal", "StraightMake", "score_auction",
    "score_straight",
]
