"""Chance actions that put cards in hands: the deal and the draw."""

from __future__ import annotations

import random
from dataclasses import dataclass

from cardroom.core.cards import FULL_PACK_MASK, Card, CardSet, Suit, cards_of_mask, full_pack
from cardroom.core.errors import ParseError, Reason
from cardroom.core.game import Action


def hand_text(mask: int) -> str:
    """PBN hand form: ``AKQ.T98.765.432`` (spades, hearts, diamonds, clubs; high first)."""
    parts = []
    for s in (3, 2, 1, 0):
        ranks = [c for c in cards_of_mask(mask & (0x1FFF << (13 * s)))]
        parts.append("".join("23456789TJQKA"[c % 13] for c in reversed(ranks)))
    return ".".join(parts)


def parse_hand(text: str) -> int:
    """Read a PBN hand (``AKQ.T98.765.432``; ``-`` for an empty hand); raise ParseError otherwise."""
    t = text.strip()
    if t == "-":
        return 0
    parts = t.split(".")
    if len(parts) != 4:
        raise ParseError(Reason("deal.hand_suits", text=text))
    mask = 0
    for suit, ranks in zip((Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS), parts, strict=True):
        r = ranks.upper().replace("10", "T")
        for ch in r:
            try:
                card = Card.parse(("10" if ch == "T" else ch) + suit.letter)
            except ParseError:
                raise ParseError(Reason("deal.hand_rank", text=text, rank=ch, suit=suit.name.lower(),
                                        sym=suit.symbol)) from None
            if mask >> card & 1:
                raise ParseError(Reason("deal.hand_twice", text=text, card=card))
            mask |= 1 << card
    return mask


@dataclass(frozen=True)
class Deal(Action):
    """The deal: each seat's cards (bitmasks, seat order) and an optional talon/stock."""

    hands: tuple[int, ...]
    rest: int = 0  # talon, widow or undealt stock

    def __post_init__(self) -> None:
        seen = 0
        for h in (*self.hands, self.rest):
            if seen & h:
                dup = CardSet(seen & h)
                raise ParseError(Reason("deal.dealt_twice", cards=dup))
            seen |= h

    def to_text(self) -> str:
        text = "deal " + " ".join(hand_text(h) for h in self.hands)
        if self.rest:
            text += " | " + hand_text(self.rest)
        return text

    @classmethod
    def from_text(cls, text: str) -> Deal:
        t = text.strip()
        if not t.lower().startswith("deal "):
            raise ParseError(Reason("deal.not_deal", text=text))
        body = t[5:]
        rest = 0
        if "|" in body:
            body, rest_text = body.split("|", 1)
            rest = parse_hand(rest_text)
        return cls(tuple(parse_hand(h) for h in body.split()), rest)

    @classmethod
    def one_at_a_time(cls, pack: list[Card], first: int, seats: int = 4, per_hand: int = 13) -> Deal:
        """Deal ``pack`` one card at a time, clockwise, the first card to seat ``first``."""
        hands = [0] * seats
        dealt = seats * per_hand
        for k in range(seats):  # the k-th card of every round goes to the same seat
            m = 0
            for c in pack[k:dealt:seats]:
                m |= 1 << c
            hands[(first + k) % seats] = m
        rest = 0
        for c in pack[dealt:]:
            rest |= 1 << c
        return cls(tuple(hands), rest)

    @classmethod
    def random(cls, rng: random.Random, first: int, seats: int = 4) -> Deal:
        pack = full_pack()
        rng.shuffle(pack)
        return cls.one_at_a_time(pack, first, seats, 52 // seats)

    @property
    def is_full_pack(self) -> bool:
        total = self.rest
        for h in self.hands:
            total |= h
        return total == FULL_PACK_MASK


@dataclass(frozen=True)
class Draw(Action):
    """The draw for seats and first deal: the card each seat drew, in seat order."""

    cards: tuple[Card, ...]

    def __post_init__(self) -> None:
        if len(set(self.cards)) != len(self.cards):
            raise ParseError(Reason("deal.drawn_twice"))

    def to_text(self) -> str:
        return "draw " + " ".join(str(c) for c in self.cards)

    @classmethod
    def from_text(cls, text: str) -> Draw:
        t = text.strip()
        if not t.lower().startswith("draw "):
            raise ParseError(Reason("deal.not_draw", text=text))
        return cls(tuple(Card.parse(p) for p in t[5:].split()))

    def winner(self) -> int:
        """The seat with the highest card; ties on rank are broken by suit (S > H > D > C)."""
        return max(range(len(self.cards)), key=lambda i: (self.cards[i].rank, self.cards[i].suit))

    def ranking(self) -> list[int]:
        """Seats from the highest card drawn to the lowest."""
        return sorted(range(len(self.cards)), key=lambda i: (self.cards[i].rank, self.cards[i].suit), reverse=True)

    @classmethod
    def random(cls, rng: random.Random, seats: int = 4) -> Draw:
        pack = full_pack()
        rng.shuffle(pack)
        return cls(tuple(pack[:seats]))
