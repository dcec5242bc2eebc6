"""Tricks: follow-suit obligations and the trick winner.

The game supplies its trump and, where ranks differ from the natural order (euchre's
bowers), a function giving each card's effective suit and strength.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from cardroom.core.cards import SUIT_MASKS, Card

# effective (suit, strength) of a card under the game's rules
Ranker = Callable[[Card], tuple[int, int]]


def natural_ranker(card: Card) -> tuple[int, int]:
    return (card // 13, card % 13)


def winning_index(cards: Sequence[Card], trump: int | None, ranker: Ranker = natural_ranker) -> int:
    """Index in ``cards`` (in play order, leader first) of the card that wins the trick.

    The highest trump wins if any trump was played, otherwise the highest card of the suit led.
    """
    led_suit = ranker(cards[0])[0]
    best = 0
    best_key = -1
    for i, c in enumerate(cards):
        suit, strength = ranker(c)
        if trump is not None and suit == trump:
            key = 200 + strength
        elif suit == led_suit:
            key = 100 + strength
        else:
            key = -1
        if key > best_key:
            best_key = key
            best = i
    return best


def natural_winner(cards: Sequence[int], trump: int | None) -> int:
    """Index of the winning card when cards keep their natural suits and ranks (bridge, whist,
    preferans): the highest trump, else the highest card of the suit led. The fast path of
    :func:`winning_index`."""
    led = cards[0] // 13
    best = 0
    best_key = -1
    for i, c in enumerate(cards):
        s = c // 13
        if s == trump:
            key = 200 + c % 13
        elif s == led:
            key = 100 + c % 13
        else:
            continue
        if key > best_key:
            best_key = key
            best = i
    return best


def follow_mask(hand: int, led_suit: int | None) -> int:
    """The cards of ``hand`` (mask) that may be played under plain follow-suit (natural suits)."""
    if led_suit is None:
        return hand
    same = hand & SUIT_MASKS[led_suit]
    return same if same else hand


def must_trump_mask(hand: int, led_suit: int | None, trump: int | None) -> int:
    """Follow suit; if void, trump if possible (the preferans obligation)."""
    if led_suit is None:
        return hand
    same = hand & SUIT_MASKS[led_suit]
    if same:
        return same
    if trump is not None:
        t = hand & SUIT_MASKS[trump]
        if t:
            return t
    return hand
