"""The bot of double dummy and draw bridge (games/oldbridge/double_dummy.py, draw_bridge.py).

The make is straight bridge's (the old bridges' bot, on the dealer's own hand). In the play a player sees
his own hand and his dummy, and in double dummy the other dummy too, so that the fourth hand is every
card he has not seen: there the double-dummy solver chooses his card. Where a hand is unseen — the blind
opening lead, draw bridge's hidden dummy — the bridge bot plays as if he declared with his own two hands
(or, leading blind from one hand, as a defender with that hand alone).
"""

from __future__ import annotations

from typing import Any

from cardroom.bots.oldbridge import OldBridgeBot
from cardroom.core.cards import Card
from cardroom.core.errors import CardroomError
from cardroom.core.table import Seat
from cardroom.games.bridge.calls import Strain
from cardroom.games.bridge.rubber import RubberSeatView
from cardroom.games.bridge.rules import BridgeView
from cardroom.games.bridge.scoring import Contract
from cardroom.games.oldbridge.calls import MAKES, OldCall
from cardroom.games.oldbridge.cutthroat import dummy_make
from cardroom.games.oldbridge.double_dummy import DoubleDummyView
from cardroom.games.oldbridge.rubber import OldSheet
from cardroom.games.oldbridge.rules import OldBridgeView
from cardroom.games.oldbridge.scoring import StraightMake

_FULL = (1 << 52) - 1
_NT = 4


class DoubleDummyBot(OldBridgeBot):
    """The old bridges' bot with a player's play of two hands."""

    def choose(self, view: Any) -> Any:
        deal = view.deal if isinstance(view, RubberSeatView) else view
        if isinstance(deal, DoubleDummyView) and deal.phase == "play" and deal.legal \
                and (deal.laws is None or deal.laws.get("ruling") is None):
            return self.play(deal)
        return super().choose(view)

    def make(self, view: OldBridgeView, sheet: OldSheet | None) -> OldCall:
        """The old bridges' make; where the dealer may not leave it (``dealer_for_himself="declares"``), the
        three-handed schedule's make on his own hand instead of a leave."""
        call = super().make(view, sheet)
        return call if call in view.legal else MAKES[dummy_make(view.hand)]

    def play(self, view: Any) -> Card:
        assert isinstance(view, DoubleDummyView)
        legal = [c for c in view.legal if type(c) is Card]
        if len(legal) == 1:
            return legal[0]
        seen = dict(view.seen)
        c = view.contract
        assert isinstance(c, StraightMake) and view.hand_to_play is not None
        trump = None if c.trump == _NT else c.trump
        if len(seen) == 3:
            try:
                return self._solved(view, seen, legal, trump)
            except CardroomError:  # a revoke in the trick (laws mode): no position the solver takes
                pass
        strain = Strain.NOTRUMP if trump is None else Strain(trump)
        me, own = view.hand_to_play, view.seat
        if int(own) in seen and int(own.partner) in seen:  # his two hands, the other two unseen
            declarer, hand, dummy, dummy_hand = own, seen[int(own)], own.partner, seen[int(own.partner)]
        else:  # the blind lead from one hand
            declarer, hand, dummy, dummy_hand = me.lho, seen[int(me)], None, None
        bv = BridgeView(seat=own if dummy is not None else me, dealer=view.dealer, vulnerable=(False, False),
                        phase="play", hand=hand, dummy=dummy, dummy_hand=dummy_hand, calls=(),
                        contract=Contract(1, strain, 0, declarer), trick_leader=view.trick_leader,
                        trick=view.trick, tricks=view.tricks, won=view.won, to_act=view.to_act,
                        hand_to_play=me, legal=view.legal)
        card = self.card_bot.play(bv)
        return card if card in legal else legal[0]

    def _solved(self, view: DoubleDummyView, seen: dict[int, int], legal: list[Card], trump: int | None) -> Card:
        """Every hand known (the unseen one holds what is neither seen nor played): the solver's best card,
        the lowest of the equals."""
        from cardroom.solve.dds import BridgePosition, best_moves

        played = 0
        for t in view.tricks:
            for x in t.cards:
                played |= 1 << x
        for x in view.trick:
            played |= 1 << x
        known = 0
        for h in seen.values():
            known |= h
        hidden = next(s for s in range(4) if s not in seen)
        hands = [seen.get(s, 0) for s in range(4)]
        hands[hidden] = _FULL & ~known & ~played
        me = Seat(view.hand_to_play or 0)
        moves = best_moves(BridgePosition(tuple(hands), view.trick_leader, me, tuple(int(x) for x in view.trick),
                                          trump))
        scored = [(moves.get(int(x), -1), -(int(x) % 13), x) for x in legal]
        return max(scored)[2]
