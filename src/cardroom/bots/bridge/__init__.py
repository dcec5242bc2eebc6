"""A rule-based contract-bridge player that never plays at random.

:class:`BridgeBot` sees only a seat's :class:`~cardroom.games.bridge.rules.BridgeView`. It bids a
natural system (five-card majors, 1NT 15–17, strong 2♣, weak twos; see docs/bots/bridge.md) and
plays by the heuristics of document 001 §9 and standard technique: fourth-best and
top-of-sequence leads, second hand low, third hand high (only as high as needed), covering an
honour with an honour, finesses, the hold-up in no-trump, drawing trumps, ruffing losers in
dummy, discarding from the weakest suit. It counts the cards: everything it reasons about comes
from the 52 cards minus its own hand, the dummy and the cards already played.

The seed only breaks genuine ties; the choice is a pure function of the seed and the view.
"""

from cardroom.bots.bridge.auction import Auction, Shown, four_nt_is_blackwood
from cardroom.bots.bridge.bot import BridgeBot
from cardroom.bots.bridge.hand import HandEval, hand_eval

__all__ = ["Auction", "BridgeBot", "HandEval", "Shown", "four_nt_is_blackwood", "hand_eval"]
