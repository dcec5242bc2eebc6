"""The bridge bot: one seat's call or card from its view (bidding, play, or a ruling in laws mode)."""

from __future__ import annotations

import random

from cardroom.bots.bridge.auction import Auction
from cardroom.bots.bridge.bidding import _Bidder
from cardroom.bots.bridge.play import _Player
from cardroom.bots.bridge.rulings import RULING_PREFERENCE, choose_ruling
from cardroom.core.cards import Card
from cardroom.core.laws import RulingChoice
from cardroom.games.bridge.calls import PASS, Call
from cardroom.games.bridge.rubber import RubberView
from cardroom.games.bridge.rules import BridgeView


# ===================================================================== the bot
class BridgeBot:
    """A rule-based bridge player: a natural bidding system and the play technique of document 001 §9.

    ``choose(view)`` returns a legal :class:`Call` in the auction and a legal :class:`Card` in the
    play (for declarer, dummy's card when ``view.hand_to_play`` is dummy). It reads only the view.
    """

    def __init__(self, seed: int | None = None) -> None:
        self.seed = 0 if seed is None else int(seed)

    def _rng(self, view: BridgeView) -> random.Random:
        played = sum(len(t.cards) for t in view.tricks) + len(view.trick)
        key = hash((self.seed, int(view.seat), view.hand, len(view.calls), played,
                    -1 if view.hand_to_play is None else int(view.hand_to_play)))
        return random.Random(key)

    def choose(self, view: BridgeView | RubberView) -> Call | Card:
        """The call or card for the seat of ``view`` (a deal's view, or a rubber's view of its current deal)."""
        if isinstance(view, RubberView):
            if view.deal is None:
                raise ValueError("the rubber has no deal in progress")
            view = view.deal
        if not view.legal:
            raise ValueError("the view lists no legal action: it is not this seat's turn")
        if isinstance(view.legal[0], RulingChoice):
            return self.choose_ruling(view)  # type: ignore[return-value]
        if view.laws:
            # laws mode: accepted irregular calls make auctions the bidding system never meets; a call
            # it cannot read falls back to a pass (or the one call left), never to an error
            try:
                return self.bid(view) if view.phase == "auction" else self.play(view)
            except (IndexError, KeyError, ValueError, AssertionError):
                return PASS if PASS in view.legal else view.legal[0]
        if view.phase == "auction":
            return self.bid(view)
        return self.play(view)

    def bid(self, view: BridgeView) -> Call:
        try:
            call = _Bidder(view).choose()
        except (IndexError, KeyError, ValueError):
            # an auction outside the system (a random or careless player, e.g. a 1NT overcall read as a
            # suit): the bot passes rather than guessing what the calls meant
            call = PASS
        if call in view.legal:
            return call
        # laws mode may leave one call (a bid to repeat) or a few; a pass when allowed
        return PASS if PASS in view.legal else view.legal[0]

    # The order in which the non-offending side prefers a law's options (see :mod:`.rulings`).
    RULING_PREFERENCE = RULING_PREFERENCE

    def choose_ruling(self, view: BridgeView | RubberView) -> RulingChoice:
        """The option best for the bot's side under the pending ruling (laws mode): see
        :func:`cardroom.bots.bridge.rulings.choose_ruling`."""
        return choose_ruling(view, self.RULING_PREFERENCE)

    def play(self, view: BridgeView) -> Card:
        legal = [c for c in view.legal if type(c) is Card]
        a = Auction(view.dealer, view.calls)
        return _Player(view, a, self._rng(view)).choose(legal)
