"""The bridges of document 000: auction bridge (American Laws of Bridge, 1913) and straight bridge."""

from cardroom.games import register
from cardroom.games.oldbridge.calls import Denom, OldCall
from cardroom.games.oldbridge.cutthroat import Cutthroat
from cardroom.games.oldbridge.double_dummy import DoubleDummy
from cardroom.games.oldbridge.draw_bridge import DrawBridge
from cardroom.games.oldbridge.duplicate import DuplicateAuction
from cardroom.games.oldbridge.game import AuctionBridge, StraightBridge
from cardroom.games.oldbridge.misery import MiseryBridge
from cardroom.games.oldbridge.reversi import ReversiBridge
from cardroom.games.oldbridge.royal import RoyalBridge
from cardroom.games.oldbridge.rubber import OldRubberState, OldSheet
from cardroom.games.oldbridge.rules import AuctionDeal, OldDealResult, StraightDeal
from cardroom.games.oldbridge.scoring import AuctionContract, StraightMake, score_auction, score_straight
from cardroom.games.oldbridge.short import ShortBridge
from cardroom.games.oldbridge.three_handed import ThreeHandedAuction
from cardroom.games.oldbridge.two_handed import TwoHandBridge

for _game in (AuctionBridge, StraightBridge, ThreeHandedAuction, Cutthroat, ReversiBridge, ShortBridge,
              DuplicateAuction, DoubleDummy, DrawBridge, MiseryBridge, RoyalBridge, TwoHandBridge):
    register(_game.name, _game, _game.aliases)

__all__ = [
    "AuctionBridge", "AuctionContract", "AuctionDeal", "Cutthroat", "Denom", "DoubleDummy", "DrawBridge",
    "DuplicateAuction", "MiseryBridge", "OldCall", "OldDealResult", "OldRubberState", "OldSheet", "ReversiBridge",
    "RoyalBridge", "ShortBridge", "StraightBridge", "StraightDeal", "StraightMake", "ThreeHandedAuction",
    "TwoHandBridge", "score_auction", "score_straight",
]
