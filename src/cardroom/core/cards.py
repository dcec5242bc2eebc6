"""Cards, suits, ranks, card sets and packs.

A card is a small int (``suit * 13 + rank - 2``) so that sets of cards are int bitmasks
and set algebra is a single machine operation. Every card of every game lives in the same
52-card index space; a 32-card pack (7 to A) is a subset of it.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator
from enum import IntEnum

from cardroom.core.errors import ParseError, Reason, parse_named


class Suit(IntEnum):
    """The four suits, in bridge rank order (clubs lowest)."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        return "CDHS"[self]

    @property
    def symbol(self) -> str:
        return "♣♦♥♠"[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.DIAMONDS, Suit.HEARTS)

    def __str__(self) -> str:
        return self.letter

    @classmethod
    def parse(cls, text: str) -> Suit:
        return parse_named(_SUIT_NAMES, text, "card.not_suit")


# The card notation (docs/notation.md), defined once. A card is a rank and a suit, in either order,
# in any case; a card's letters are all Latin or all Russian (digits and suit symbols belong to both).
SUIT_SYMBOLS: dict[str, Suit] = {"♣": Suit.CLUBS, "♦": Suit.DIAMONDS, "♥": Suit.HEARTS, "♠": Suit.SPADES,
                                 "♧": Suit.CLUBS, "♢": Suit.DIAMONDS, "♡": Suit.HEARTS, "♤": Suit.SPADES}
SUIT_LETTERS_EN: dict[str, Suit] = {"C": Suit.CLUBS, "D": Suit.DIAMONDS, "H": Suit.HEARTS, "S": Suit.SPADES}
SUIT_LETTERS_RU: dict[str, Suit] = {"К": Suit.CLUBS, "Б": Suit.DIAMONDS, "Ч": Suit.HEARTS, "П": Suit.SPADES}
"""крести, бубны, черви, пики. Clubs are К (крести) in a card: Т is the ace (туз) there."""
SUIT_ALONE_RU: dict[str, Suit] = {**SUIT_LETTERS_RU, "Т": Suit.CLUBS}
"""A suit named alone (a trump, a bid's strain), where no rank can follow: Т (трефы) is clubs too."""

_SUIT_NAMES: dict[str, Suit] = {**SUIT_LETTERS_EN, **SUIT_SYMBOLS, **SUIT_ALONE_RU}


class Rank(IntEnum):
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def text(self) -> str:
        return _RANK_TEXT[self]

    def __str__(self) -> str:
        return self.text

    @classmethod
    def parse(cls, text: str) -> Rank:
        return parse_named(_RANK_NAMES, text, "card.not_rank")


_RANK_TEXT = {r: str(r.value) for r in Rank if r <= 10}
_RANK_TEXT.update({Rank.JACK: "J", Rank.QUEEN: "Q", Rank.KING: "K", Rank.ACE: "A"})
RANK_DIGITS: dict[str, Rank] = {str(r.value): r for r in Rank if r <= 10}
RANK_LETTERS_EN: dict[str, Rank] = {"T": Rank.TEN, "J": Rank.JACK, "Q": Rank.QUEEN, "K": Rank.KING, "A": Rank.ACE}
RANK_LETTERS_RU: dict[str, Rank] = {"В": Rank.JACK, "Д": Rank.QUEEN, "К": Rank.KING, "Т": Rank.ACE}
"""валет, дама, король, туз."""
_RANK_NAMES: dict[str, Rank] = {**RANK_DIGITS, **RANK_LETTERS_EN, **RANK_LETTERS_RU}

_CARD_SUITS: dict[str, Suit] = {**SUIT_LETTERS_EN, **SUIT_SYMBOLS, **SUIT_LETTERS_RU}
"""The suits a card is written with (no Т: in a card it is the ace)."""
_LATIN = frozenset(SUIT_LETTERS_EN) | frozenset(RANK_LETTERS_EN)
_CYRILLIC = frozenset(SUIT_LETTERS_RU) | frozenset(RANK_LETTERS_RU)


class Card(int):
    """A playing card. Instances are interned: ``Card.of(Suit.SPADES, Rank.ACE) is Card.parse("AS")``."""

    __slots__ = ()

    def __new__(cls, index: int) -> Card:
        if type(index) is Card:
            return index
        if not 0 <= index < 52:
            raise ParseError(Reason("card.index", index=index))
        return _CARDS[index]

    @classmethod
    def _make(cls, index: int) -> Card:
        return int.__new__(cls, index)

    @classmethod
    def of(cls, suit: Suit, rank: Rank | int) -> Card:
        return _CARDS[int(suit) * 13 + int(rank) - 2]

    @property
    def suit(self) -> Suit:
        return _SUITS[self // 13]

    @property
    def rank(self) -> Rank:
        return Rank(self % 13 + 2)

    @property
    def mask(self) -> int:
        return 1 << self

    def __str__(self) -> str:
        return _CARD_TEXT[self]

    def __repr__(self) -> str:
        return f"Card({self})"

    @property
    def pretty(self) -> str:
        """Suit symbol then rank, as ``♠A``."""
        return f"{self.suit.symbol}{self.rank.text}"

    @property
    def pbn(self) -> str:
        """Suit letter then rank with T for ten, as PBN writes it: ``ST``."""
        return f"{'CDHS'[self // 13]}{'23456789TJQKA'[self % 13]}"

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse a card in the notation of docs/notation.md: ``AS``, ``10H``, ``TH``, ``♠A``, ``A♠``,
        ``SA`` (suit first), Russian ``Тк`` (A♣), ``10ч``, ``Дп``, ``В♦``, in any case.

        Anything else — and a card mixing Latin and Russian letters — raises :class:`ParseError`
        naming the text.
        """
        if not isinstance(text, str):
            raise ParseError(Reason("card.not_card", text=text))
        t = text.strip().upper().replace(" ", "")
        if len(t) < 2 or len(t) > 3 or (_LATIN.intersection(t) and _CYRILLIC.intersection(t)):
            raise ParseError(Reason("card.expected", text=text))
        # rank then suit
        head, tail = t[:-1], t[-1]
        if tail in _CARD_SUITS and head in _RANK_NAMES:
            return cls.of(_CARD_SUITS[tail], _RANK_NAMES[head])
        head, tail = t[0], t[1:]
        if head in _CARD_SUITS and tail in _RANK_NAMES:
            return cls.of(_CARD_SUITS[head], _RANK_NAMES[tail])
        raise ParseError(Reason("card.expected", text=text))


_SUITS = tuple(Suit)
_CARDS: tuple[Card, ...] = tuple(Card._make(i) for i in range(52))


def suit_mask(suit: Suit | int) -> int:
    """Bitmask of the 13 cards of a suit."""
    return 0x1FFF << (int(suit) * 13)


SUIT_MASKS: tuple[int, int, int, int] = (suit_mask(0), suit_mask(1), suit_mask(2), suit_mask(3))

# For each 13-bit pattern, the cards' offsets (rank - 2) ascending; used to turn masks into cards fast.
_OFFSETS: list[tuple[int, ...]] = [tuple(i for i in range(13) if p >> i & 1) for p in range(1 << 13)]
_SUIT_CARD_LISTS: list[list[tuple[Card, ...]]] = [
    [tuple(_CARDS[s * 13 + o] for o in offs) for offs in _OFFSETS] for s in range(4)
]


_CLUBS, _DIAMONDS, _HEARTS, _SPADES = _SUIT_CARD_LISTS


def cards_of_mask(mask: int) -> list[Card]:
    """The cards in a bitmask, clubs first and low to high within a suit."""
    # one list display of the four suits' cards (no loop: this is on every legal-move query)
    return [*_CLUBS[mask & 0x1FFF], *_DIAMONDS[mask >> 13 & 0x1FFF], *_HEARTS[mask >> 26 & 0x1FFF],
            *_SPADES[mask >> 39 & 0x1FFF]]


def cards_of_suit_mask(mask: int, suit: int) -> tuple[Card, ...]:
    """The cards of one suit in a bitmask, low to high."""
    return _SUIT_CARD_LISTS[suit][(mask >> (13 * suit)) & 0x1FFF]


class CardSet:
    """An immutable set of cards backed by an int bitmask."""

    __slots__ = ("mask",)

    def __init__(self, cards: Iterable[Card | str] | int = 0) -> None:
        if isinstance(cards, int):
            if cards < 0 or cards >> 52:
                raise ParseError(Reason("card.mask", mask=cards))
            self.mask = cards
            return
        m = 0
        for c in cards:
            card = Card.parse(c) if isinstance(c, str) else Card(c)
            if m >> card & 1:
                raise ParseError(Reason("card.twice", card=card))
            m |= 1 << card
        self.mask = m

    @classmethod
    def parse(cls, text: str) -> CardSet:
        """Parse space- or comma-separated cards: ``"AS KS 10H"``."""
        parts = [p for p in text.replace(",", " ").split() if p]
        return cls(Card.parse(p) for p in parts)

    def __iter__(self) -> Iterator[Card]:
        return iter(cards_of_mask(self.mask))

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __contains__(self, card: object) -> bool:
        return isinstance(card, int) and 0 <= card < 52 and bool(self.mask >> card & 1)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CardSet) and other.mask == self.mask

    def __hash__(self) -> int:
        return hash(self.mask)

    def __or__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask | other.mask)

    def __and__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask & other.mask)

    def __sub__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask & ~other.mask)

    def __xor__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask ^ other.mask)

    def __bool__(self) -> bool:
        return self.mask != 0

    def of_suit(self, suit: Suit) -> CardSet:
        return CardSet(self.mask & SUIT_MASKS[suit])

    def suit_length(self, suit: Suit) -> int:
        return (self.mask & SUIT_MASKS[suit]).bit_count()

    def __repr__(self) -> str:
        return f"CardSet({' '.join(str(c) for c in self)!r})"

    def __str__(self) -> str:
        return " ".join(str(c) for c in self)

    def by_suit_text(self, symbols: bool = True) -> str:
        """``♠AKQ ♥J10 ♦- ♣432``: spades first, high cards first."""
        parts = []
        for s in reversed(Suit):
            cards = sorted(self.of_suit(s), reverse=True)
            ranks = "".join(c.rank.text for c in cards) or "-"
            parts.append(f"{s.symbol if symbols else s.letter}{ranks}")
        return " ".join(parts)


FULL_PACK_MASK = (1 << 52) - 1
PIQUET_PACK_MASK = sum(
    1 << (s * 13 + r - 2) for s in range(4) for r in range(7, 15)
)  # the 32-card pack, 7 to A


def full_pack() -> list[Card]:
    """The 52-card pack, in index order."""
    return list(_CARDS)


def piquet_pack() -> list[Card]:
    """The 32-card pack (7 to A) of preferans and euchre."""
    return cards_of_mask(PIQUET_PACK_MASK)


def shuffled(pack: list[Card], seed: int | None = None, rng: random.Random | None = None) -> list[Card]:
    """A shuffled copy of ``pack``; the same seed always gives the same order."""
    r = rng if rng is not None else random.Random(seed)
    out = list(pack)
    r.shuffle(out)
    return out


# the text of each card (``AS``, ``10H``), by card number: str(card) is a table lookup, since the
# card room writes tens of thousands of cards a second into its messages
_CARD_TEXT: tuple[str, ...] = tuple(f"{_RANK_TEXT[Rank(c % 13 + 2)]}{'CDHS'[c // 13]}" for c in range(52))
