"""Euchre (document 003: the Laws of Euchre of the Somerset Club of Boston, 1888).

Importing the package registers the game as "euchre" (alias "юкер"). The modules ``ranks`` and
``scoring`` import nothing from the rest of the package and may be used alone.
"""

from cardroom.games import register
from cardroom.games.euchre.game import Euchre
from cardroom.games.euchre.rubber import Cut, EuchreRubberState
from cardroom.games.euchre.rules import Bid, Discard, EuchreDeal, EuchreHand, EuchreHandResult, EuchreView
from cardroom.games.euchre.scoring import HandScore, RubberScore, score_hand
from cardroom.games.euchre.variants import EuchreRules

register(Euchre.name, Euchre, Euchre.aliases)

__all__ = [
    "Bid", "Cut", "Discard", "Euchre", "EuchreDeal", "EuchreHand", "EuchreHandResult", "EuchreRubberState",
    "EuchreRules", "EuchreView", "HandScore", "RubberScore", "score_hand",
]
