"""The rule bot of two-handed ("Chinese") bridge (games/oldbridge/two_handed.py). It sees a player's view:
his hand of four and the face-up table cards of both players.

* The make (straight bridge's advice, digest §7.3, on the cards it can see of its own: hand and face-up
  table cards): no trumps with three or four aces; a red suit of five or more (the longer, hearts on a
  tie); clubs of six or more; else the "defensive spade".
* The doubling: it doubles with a sure lead in the trump suit (the ace and three more of the trump among
  its cards seen), and never redoubles.
* The play: the cheapest card that wins the trick as it stands if it can; else its cheapest card; a lead
  is its highest card of its longest suit. Table cards before hand cards on ties (a turned card helps).
"""

from __future__ import annotations

import random
from typing import Any

from cardroom.core.cards import SUIT_MASKS, Card
from cardroom.core.tricks import natural_winner
from cardroom.games.bridge.rubber import RubberSeatView
from cardroom.games.oldbridge.calls import DOUBLE, PASS, OldCall
from cardroom.games.oldbridge.scoring import StraightMake
from cardroom.games.oldbridge.two_handed import TwoHandView

_ACES = tuple(1 << (13 * s + 12) for s in range(4))


def _own_tops(view: TwoHandView) -> int:
    m = 0
    for up, _ in view.piles[int(view.seat)]:
        if up is not None:
            m |= 1 << up
    return m


class TwoHandBot:
    """``choose(view)`` with a rubber's or a deal's view of two-handed bridge."""

    def __init__(self, seed: int | None = None) -> None:
        self.seed = 0 if seed is None else int(seed)

    def choose(self, view: Any) -> Any:
        if isinstance(view, RubberSeatView):
            if view.deal is None:
                raise ValueError("the rubber has no deal in progress")
            view = view.deal
        if not isinstance(view, TwoHandView) or not view.legal:
            raise ValueError("the view lists no legal action: it is not this seat's turn")
        legal = list(view.legal)
        if view.phase == "auction":
            return self.make(view, legal)
        if view.phase == "doubling":
            return self.double(view, legal)
        return self.play(view, [c for c in legal if type(c) is Card])

    def make(self, view: TwoHandView, legal: list[Any]) -> OldCall:
        mine = view.hand | _own_tops(view)
        if sum(1 for a in _ACES if mine & a) >= 3:
            return self._make(legal, 4)
        length = [(mine & SUIT_MASKS[s]).bit_count() for s in range(4)]
        red = max((1, 2), key=lambda s: (length[s], s))
        if length[red] >= 5:  # a red trump with length (hearts 8, diamonds 6 a trick)
            return self._make(legal, red)
        if length[0] >= 6:  # clubs (4) only when long
            return self._make(legal, 0)
        return self._make(legal, 3)  # the "defensive spade" (2 a trick) with nothing better

    @staticmethod
    def _make(legal: list[Any], made: int) -> OldCall:
        call: OldCall = next(c for c in legal if isinstance(c, OldCall) and c.is_make and c.made == made)
        return call

    def double(self, view: TwoHandView, legal: list[Any]) -> OldCall:
        make = view.contract
        if DOUBLE in legal and isinstance(make, StraightMake) and make.trump != 4 and make.maker != view.seat:
            mine = (view.hand | _own_tops(view)) & SUIT_MASKS[make.trump]
            if mine & _ACES[make.trump] and mine.bit_count() >= 4:
                return DOUBLE
        return PASS

    def play(self, view: TwoHandView, cards: list[Card]) -> Card:
        rng = random.Random(hash((self.seed, int(view.seat), len(view.tricks), len(view.plays))))
        tops = _own_tops(view)

        def cost(c: Card) -> tuple[int, int, float]:
            return (1 if c // 13 == view.trump else 0, c % 13, (0 if tops >> c & 1 else 0.5) + rng.random() / 10)

        if not view.plays:
            held = view.hand | tops
            longest = max(range(4), key=lambda s: (held & SUIT_MASKS[s]).bit_count())
            of_suit = [c for c in cards if c // 13 == longest] or cards
            return max(of_suit, key=lambda c: c % 13)
        played = [c for _, c in view.plays]
        winning = natural_winner(played, view.trump)
        leader_wins = view.plays[winning][0] == view.seat
        if leader_wins and len(played) == 3:
            return min(cards, key=cost)
        winners = [c for c in cards if natural_winner([*played, c], view.trump) == len(played)]
        return min(winners or cards, key=cost)

