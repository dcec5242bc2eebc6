"""Euchre ranks: the bowers, effective suits, the order of trumps and plain suits, following
suit, the trick winner and the cutting rank.

Document 003 (Laws of Euchre, Somerset Club, 1888): the right bower («правый бауэр») is the
knave of trumps, the highest card; the left bower («левый бауэр») is the knave of the other suit
of the same colour, the second best. The left bower is a trump for every purpose — following
suit, revoke, being void (Cases IV, V, VII) — and is not a card of its printed suit. Trumps rank
R L A K Q 10 9 8 7; plain suits A K Q J 10 9 8 7 (the same-colour suit has no knave). For
cutting (Law 8) the knave is highest, then ace, king, queen, 10, 9, 8, 7.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardroom.core.cards import PIQUET_PACK_MASK, SUIT_MASKS, Card, Rank, Suit

_SAME_COLOUR: dict[Suit, Suit] = {
    Suit.CLUBS: Suit.SPADES,
    Suit.SPADES: Suit.CLUBS,
    Suit.DIAMONDS: Suit.HEARTS,
    Suit.HEARTS: Suit.DIAMONDS,
}

_PLAIN_RANKS = (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN, Rank.NINE, Rank.EIGHT, Rank.SEVEN)
_TRUMP_TAIL = (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.TEN, Rank.NINE, Rank.EIGHT, Rank.SEVEN)


def same_colour(suit: Suit) -> Suit:
    """The other suit of the same colour (clubs–spades, diamonds–hearts)."""
    return _SAME_COLOUR[Suit(suit)]


def right_bower(trump: Suit) -> Card:
    """The knave of trumps: the highest card."""
    return Card.of(Suit(trump), Rank.JACK)


def left_bower(trump: Suit) -> Card:
    """The knave of the same colour as trumps: the second highest card, itself a trump."""
    return Card.of(_SAME_COLOUR[Suit(trump)], Rank.JACK)


def effective_suit(card: Card, trump: Suit | None) -> Suit:
    """The suit a card belongs to in play: the left bower belongs to the trump suit."""
    c = Card(card)
    if trump is not None and c == left_bower(trump):
        return Suit(trump)
    return c.suit


def trump_order(trump: Suit) -> list[Card]:
    """The nine trumps, high to low: right bower, left bower, A K Q 10 9 8 7."""
    t = Suit(trump)
    return [right_bower(t), left_bower(t)] + [Card.of(t, r) for r in _TRUMP_TAIL]


def plain_order(suit: Suit, trump: Suit) -> list[Card]:
    """The cards of a plain suit, high to low: A K Q J 10 9 8 7, without the left bower.

    Raises ``ValueError`` if ``suit`` is the trump suit (use :func:`trump_order`)."""
    s, t = Suit(suit), Suit(trump)
    if s == t:
        raise ValueError(f"{s} is the trump suit; use trump_order")
    lb = left_bower(t)
    return [c for c in (Card.of(s, r) for r in _PLAIN_RANKS) if c != lb]


def _strength_table(trump: Suit) -> dict[Card, int]:
    out: dict[Card, int] = {}
    for s in Suit:
        order = trump_order(trump) if s == trump else plain_order(s, trump)
        for i, c in enumerate(order):
            out[c] = len(order) - i
    return out


_STRENGTH: dict[Suit, dict[Card, int]] = {t: _strength_table(t) for t in Suit}
_EFFECTIVE_MASK: dict[Suit, tuple[int, int, int, int]] = {}
for _t in Suit:
    _lb = left_bower(_t)
    _masks = [SUIT_MASKS[s] & PIQUET_PACK_MASK for s in range(4)]
    _masks[_lb.suit] &= ~_lb.mask
    _masks[_t] |= _lb.mask
    _EFFECTIVE_MASK[_t] = (_masks[0], _masks[1], _masks[2], _masks[3])


# the cards that follow a card led, by trump and the card led (its effective suit's mask): one lookup per card
_FOLLOW: tuple[tuple[int, ...], ...] = tuple(
    tuple(_EFFECTIVE_MASK[_t][effective_suit(Card(c), _t)] for c in range(52)) for _t in Suit)


def follow_suit_mask(led: Card, trump: Suit) -> int:
    """Bitmask of the cards that follow ``led`` (its effective suit's cards) under ``trump``."""
    return _FOLLOW[trump][led]


def strength(card: Card, trump: Suit) -> int:
    """The card's strength within its effective suit (higher is better; right bower 9)."""
    return _STRENGTH[Suit(trump)][Card(card)]


def effective_suit_mask(suit: Suit, trump: Suit) -> int:
    """Bitmask of the 32-card pack's cards whose effective suit is ``suit``."""
    return _EFFECTIVE_MASK[Suit(trump)][Suit(suit)]


def trick_winner(plays: Sequence[Card], trump: Suit) -> int:
    """Index into ``plays`` (``plays[0]`` is the lead) of the card that wins: the highest trump
    if any was played, else the highest card of the suit led."""
    if not plays:
        raise ValueError("a trick needs at least one card")
    t = Suit(trump)
    table = _STRENGTH[t]
    led = effective_suit(plays[0], t)
    best, best_key = 0, -1
    for i, c in enumerate(plays):
        s = effective_suit(c, t)
        if s == t:
            key = 100 + table[Card(c)]
        elif s == led:
            key = table[Card(c)]
        else:
            continue
        if key > best_key:
            best, best_key = i, key
    return best


def legal_plays(hand: int, led: Card | None, trump: Suit) -> int:
    """The cards of ``hand`` (a bitmask) that may be played to a trick led by ``led``
    (``None``: this player leads). A player holding a card of the led card's effective suit
    must play one (Law 62); the left bower follows trumps. No duty to trump or overtrump."""
    if led is None:
        return hand
    m = hand & _FOLLOW[trump][led]
    return m if m else hand


_CUT_RANK = {
    Rank.JACK: 8,
    Rank.ACE: 7,
    Rank.KING: 6,
    Rank.QUEEN: 5,
    Rank.TEN: 4,
    Rank.NINE: 3,
    Rank.EIGHT: 2,
    Rank.SEVEN: 1,
}


def cut_rank(card: Card) -> int:
    """Rank for cutting (Law 8): knave highest, then A, K, Q, 10, 9, 8, 7; suits equal.
    Higher number = higher card. Raises ``ValueError`` for a card outside the 32-card pack."""
    r = Card(card).rank
    if r not in _CUT_RANK:
        raise ValueError(f"{Card(card)} is not in the euchre pack (7 to A)")
    return _CUT_RANK[r]


def order_key(card: Card, trump: Suit | None) -> tuple[int, int]:
    """Sort key for showing a hand: trumps first (by strength), then plain suits."""
    c = Card(card)
    if trump is None:
        return (int(c.suit), int(c.rank))
    s = effective_suit(c, trump)
    return (4 if s == trump else int(s), strength(c, trump))
