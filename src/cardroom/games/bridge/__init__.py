"""Contract bridge (documents 001 and 002)."""

from cardroom.games import register
from cardroom.games.bridge.calls import Call, Strain
from cardroom.games.bridge.game import ContractBridge
from cardroom.games.bridge.rubber import RubberState, ScoreSheet
from cardroom.games.bridge.rules import BridgeDeal, DealResult
from cardroom.games.bridge.scoring import Contract, Entry, score_deal
from cardroom.games.bridge.variants import BridgeRules, ScoringRules

register(ContractBridge.name, ContractBridge, ContractBridge.aliases)

__all__ = [
    "BridgeDeal", "BridgeRules", "Call", "Contract", "ContractBridge", "DealResult", "Entry", "RubberState",
    "ScoreSheet", "ScoringRules", "Strain", "score_deal",
]
