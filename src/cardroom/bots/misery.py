"""A rule-based player of misery bridge (document 000, «МИЗЕРИ-БРИДЖ»; games/oldbridge/misery.py).

:class:`MiseryBot` sees only its seat's view. As the dealer it

* plays misery, without discarding, with a hand of low cards (no card above the nine in three suits, at
  most one honour in all);
* otherwise discards its lowest cards of its shortest suits that are not its longest (up to four, only
  cards below the ten), then draws;
* declares its best trump (or no trumps) by the old bridges' probable tricks (:func:`hand_tricks`),
  "eight tricks" with it when it counts nine probable tricks or more.

In the play, a player who wants tricks plays the lowest card that wins the trick where one does (the
highest it has when it is the last to play and cannot win: the lowest), and one who wants none (the
dealer at misery) plays the highest card that loses, and his opponent at misery, who wants the dealer to
take tricks, plays low. The seed breaks ties only.
"""

from __future__ import annotations

from typing import Any, cast

from cardroom.bots.oldbridge import hand_tricks
from cardroom.core.cards import Card, cards_of_mask
from cardroom.games.bridge.rubber import RubberSeatView
from cardroom.games.oldbridge.misery import DRAW, EIGHT_CALLS, MAKE_CALLS, MISERY, MiseryView

_HIGH = 8  # a card of rank ten or higher (rank index 8: the ten)


def _rank(c: Card) -> int:
    return c % 13


class MiseryBot:
    def __init__(self, seed: int | None = None) -> None:
        self.seed = 0 if seed is None else int(seed)

    def choose(self, view: Any) -> Any:
        v = cast(MiseryView, view.deal if isinstance(view, RubberSeatView) else view)
        legal = list(v.legal)
        if len(legal) == 1:
            return legal[0]
        if v.phase == "declare":
            return self.declare(v, legal)
        return self.play(v, legal)

    # ------------------------------------------------------------------ the dealer's choices
    def declare(self, v: MiseryView, legal: list[Any]) -> Any:
        hand = v.hand
        cards = cards_of_mask(hand)
        if MISERY in legal and not v.discards:
            honours = sum(1 for c in cards if _rank(c) >= _HIGH)
            if honours <= 1:
                return MISERY
        if (not v.drawn and not v.discards) or (DRAW in legal and len(cards_of_mask(v.discards)) < 4):
            lengths = [(hand >> (13 * s) & 0x1FFF).bit_count() for s in range(4)]
            longest = max(range(4), key=lambda s: lengths[s])
            low = [c for c in cards if _rank(c) < _HIGH and c // 13 != longest]
            low.sort(key=lambda c: (lengths[c // 13], _rank(c)))
            if low and Card(low[0]) in legal:
                return Card(low[0])
            if DRAW in legal:
                return DRAW
        if DRAW in legal:
            return DRAW
        best = max(range(5), key=lambda t: (hand_tricks(hand, None if t == 4 else t), t))
        count = hand_tricks(hand, None if best == 4 else best)
        choice = EIGHT_CALLS[best] if count >= 9 else MAKE_CALLS[best]
        return choice if choice in legal else next(a for a in legal if a in MAKE_CALLS)

    # ------------------------------------------------------------------ the play
    def play(self, v: MiseryView, legal: list[Any]) -> Card:
        cards = sorted((Card(c) for c in legal), key=_rank)
        if not v.trick:
            return cards[0] if self._avoids(v) else cards[-1]
        led = v.trick[0] // 13
        trump = v.trump
        order = v.order[v.trick_leader]
        plays = list(zip(order, v.trick, strict=False))

        def power(c: Card) -> int:
            return 100 + _rank(c) if trump is not None and c // 13 == trump else _rank(c) if c // 13 == led else -1

        best_seat, best = max(plays, key=lambda p: power(Card(p[1])))
        mover = v.hand_to_play
        mine = {int(v.seat)} if v.dummy is None or v.seat != v.declarer else {int(v.seat), int(v.dummy)}
        ours_winning = int(best_seat) in mine
        beating = [c for c in cards if power(c) > power(Card(best))]
        if self._avoids(v):  # the dealer at misery: the highest card that loses
            losing = [c for c in cards if power(c) < power(Card(best))]
            return losing[-1] if losing else cards[-1]
        if self._feeds(v):  # his opponent at misery: low, let the dealer win
            return cards[0]
        last = len(v.trick) == 2
        if ours_winning or not beating:
            return cards[0]
        del mover
        return beating[0] if last else beating[-1]

    @staticmethod
    def _misery(v: MiseryView) -> bool:
        return v.played_to_lose

    def _avoids(self, v: MiseryView) -> bool:
        return self._misery(v) and v.seat == v.dealer

    def _feeds(self, v: MiseryView) -> bool:
        return self._misery(v) and v.seat != v.dealer
