"""Trick play, written once for every game: the hands, the trick in progress, the tricks played,
the tricks won, whose turn, and the follow policy.

A game's deal inherits :class:`TrickPlay` and keeps only what differs: its follow policy (follow
suit, must trump, the bowers: a :class:`FollowPolicy`), its trump, the seats in play (a seat that
sits out: euchre's lone hands, preferans' four-player dealer), who plays a hand (the dummy by its
partner: :meth:`TrickPlay.controller`), its partnership function (who a won trick counts for) and
what it scores from the tricks.

The plain functions first (``natural_winner``, ``follow_mask``, ``must_trump_mask``, ``winning_index``)
are the fast paths that the policies, the solvers and the bots use directly.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, NamedTuple, TypeVar

from cardroom.core.cards import SUIT_MASKS, Card, cards_of_mask, cards_of_suit_mask

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


# ----------------------------------------------------------------------------- follow policies


def _natural_legal_mask(hand: int, led: Card | None, trump: Any) -> int:
    return follow_mask(hand, None if led is None else led // 13)


def _must_trump_legal_mask(hand: int, led: Card | None, trump: Any) -> int:
    return must_trump_mask(hand, None if led is None else led // 13, trump)


def _natural_suit_mask(hand: int, led: Card, trump: Any) -> int:
    return hand & SUIT_MASKS[led // 13]


def _natural_follows(hand: int, led: Card, card: Card, trump: Any) -> bool:
    led_suit = led // 13
    return card // 13 == led_suit or not hand & SUIT_MASKS[led_suit]


def _natural_legal_cards(hand: int, led: Card | None, trump: Any) -> list[Card]:
    if led is not None:
        suit = led // 13
        if hand & SUIT_MASKS[suit]:
            return list(cards_of_suit_mask(hand, suit))
    return cards_of_mask(hand)


def _must_trump_legal_cards(hand: int, led: Card | None, trump: Any) -> list[Card]:
    if led is not None and not hand & SUIT_MASKS[led // 13] and trump is not None and hand & SUIT_MASKS[trump]:
        return list(cards_of_suit_mask(hand, trump))
    return _natural_legal_cards(hand, led, trump)


@dataclass(frozen=True)
class FollowPolicy:
    """How a hand must play to a trick and which card wins it: plain functions of (hand mask, the card
    led — None for a lead —, the trump), so that a call costs no more than the function itself.

    ``legal_mask`` and ``legal_cards``: what the hand may play (a mask; the cards clubs first, low to
    high); ``suit_mask``: the hand's cards of the suit led (a revoke is a card outside it while it is
    not empty); ``follows(hand, led, card, trump)``: whether ``card`` follows suit as far as that goes;
    ``winner(cards, trump)``: the index of the winning card, the leader's first."""

    name: str
    legal_mask: Callable[[int, Card | None, Any], int]
    legal_cards: Callable[[int, Card | None, Any], list[Card]]
    suit_mask: Callable[[int, Card, Any], int]
    follows: Callable[[int, Card, Card, Any], bool]
    winner: Callable[[Sequence[Card], Any], int]

    @classmethod
    def of_suits(cls, name: str, legal_mask: Callable[[int, Card | None, Any], int],
                 suit_mask: Callable[[int, Card, Any], int],
                 winner: Callable[[Sequence[Card], Any], int]) -> FollowPolicy:
        """A policy for cards whose suit in play depends on the trump (euchre's bowers: the left bower
        belongs to the trump suit), from the game's ``legal_mask``, ``suit_mask`` and ``winner``."""

        def legal_cards(hand: int, led: Card | None, trump: Any) -> list[Card]:
            return cards_of_mask(legal_mask(hand, led, trump))

        def follows(hand: int, led: Card, card: Card, trump: Any) -> bool:
            same = suit_mask(hand, led, trump)
            return not same or bool(same >> card & 1)

        return cls(name, legal_mask, legal_cards, suit_mask, follows, winner)


# follow suit with natural suits and ranks; the highest trump, else the highest card of the suit led, wins
FOLLOW_SUIT = FollowPolicy("follow suit", _natural_legal_mask, _natural_legal_cards, _natural_suit_mask,
                           _natural_follows, natural_winner)
# follow suit; a hand void in the suit led must trump if it can (preferans)
MUST_TRUMP = FollowPolicy("must trump", _must_trump_legal_mask, _must_trump_legal_cards, _natural_suit_mask,
                          _natural_follows, natural_winner)


# ----------------------------------------------------------------------------- tricks


S = TypeVar("S")  # a game's seats: Seat (N, E, S, W) or seat numbers


class Trick(NamedTuple, Generic[S]):
    """A finished trick: who led, the cards in play order with their seats, who won it (``cards``:
    the cards alone, in play order)."""

    leader: S
    plays: tuple[tuple[S, Card], ...]
    winner: S
    cards: tuple[Card, ...]

    def seats(self) -> list[S]:
        return [s for s, _ in self.plays]


def _card_entry(cards_alone: bool) -> Callable[[TrickPlay, Any, Card], bool]:
    """:meth:`TrickPlay.enter_card` for a trick that holds the cards alone (``order`` given) or (seat, card)
    pairs: one body, the way fixed when it is made rather than asked at every card."""

    def enter_card(self: TrickPlay, seat: Any, card: Card) -> bool:
        bit = 1 << card
        self.hands[seat] &= ~bit
        self.played |= bit
        t = self.trick
        t.append(card if cards_alone else (seat, card))
        if len(t) == self.trick_size:
            self.close_trick()
            return True
        self.next_seat = self.after[seat]
        return False

    enter_card.cards_alone = cards_alone  # type: ignore[attr-defined]
    return enter_card


_ENTRIES = (_card_entry(False), _card_entry(True))


class TrickPlay:
    """The trick play of a deal, kept in the deal's own fields (set by :meth:`init_play`).

    ``hands`` (a bitmask per seat), ``played`` (every card played), ``trick`` (the trick in progress:
    (seat, card) pairs; where every seat plays to every trick in turn from its leader — the bridges,
    ``order`` given — its cards alone, the seats following from ``leader``), ``leader``, ``tricks`` (the
    finished tricks, :class:`Trick` records), ``won`` (tricks won, indexed by ``credit``), ``next_seat``
    (the hand to play: a dummy is a hand like any other; :meth:`controller` says who plays it) and
    ``trump``.

    A game gives, as data: ``follow`` (its policy), ``trump``, ``after`` and ``trick_size`` (the seats
    in play: ``after[seat]`` plays after ``seat``; a seat that sits out is skipped) — instance fields,
    read at every card —, and as class attributes ``credit`` (its partnership function, a side per seat:
    the same table as the bridge auction's ``Partnership.sides``; a trick won by
    ``seat`` counts in ``won[credit[seat]]``: ``(0, 1, 0, 1)`` for fixed pairs, ``range(n)`` for each
    for himself), ``TRICKS`` (tricks in a deal), ``order`` and ``trick_record`` (what a finished trick
    is kept as); where its tricks are won otherwise (a talon card in the trick) it overrides
    :meth:`trick_winner`.
    """

    TRICKS: ClassVar[int] = 13
    LEAD_AFTER_LAST: ClassVar[bool] = False  # whether the winner of the last trick becomes the leader
    # the partnership function: a trick won by seat counts in won[credit[seat]] (a deal whose partnership
    # is made in the deal, e.g. a dummy hand of three-handed bridge, sets its own before the play)
    credit: Sequence[int] = (0, 1, 0, 1)
    # where every seat plays to every trick in turn: order[leader] is the seats from the leader, and the
    # trick in progress holds cards alone (None: it holds (seat, card) pairs)
    order: ClassVar[Sequence[tuple[Any, ...]] | None] = None
    # the record of a finished trick, made from (leader, plays, winner, cards)
    trick_record: ClassVar[Callable[..., Any]] = Trick

    hands: list[int]
    played: int
    trick: list[Any]
    leader: Any
    tricks: list[Any]
    won: list[int]
    next_seat: Any
    trump: Any
    follow: FollowPolicy = FOLLOW_SUIT
    after: Sequence[Any] = ()
    trick_size: int = 4

    def init_play(self, hands: Sequence[int], leader: Any, after: Sequence[Any], *,
                  follow: FollowPolicy = FOLLOW_SUIT, trick_size: int | None = None) -> None:
        """Set the fields of trick play: nothing played yet, ``leader`` to lead, no trump."""
        self.hands = list(hands)
        self.played = 0
        self.trick = []
        self.leader = leader
        self.tricks = []
        self.won = [0] * (max(self.credit[: len(hands)]) + 1)
        self.next_seat = leader
        self.trump = None
        # the policy and the seats in play are instance fields only where they differ from the class's
        # (an instance dict of few keys stays shared and fast)
        size = len(after) if trick_size is None else trick_size
        if follow is not type(self).follow:
            self.follow = follow
        if after is not type(self).after:
            self.after = after
        if size != type(self).trick_size:
            self.trick_size = size

    # ----------------------------------------------------------------- who plays a hand
    def controller(self, seat: Any) -> Any:
        """Who decides for the hand of ``seat``: by default its own player; a dummy is played by its
        partner, an open defence by the whister (the game overrides)."""
        return seat

    # ----------------------------------------------------------------- the trick in progress
    def led_card(self) -> Card | None:
        t = self.trick
        if not t:
            return None
        led: Card = t[0] if self.order is not None else t[0][1]
        return led

    def trick_plays(self) -> tuple[tuple[Any, Card], ...]:
        """The trick in progress as (seat, card) pairs."""
        order = self.order
        if order is None:
            return tuple(self.trick)
        return tuple(zip(order[self.leader], self.trick, strict=False))

    # ----------------------------------------------------------------- the mechanism
    def legal_card_mask(self, seat: Any = None) -> int:
        """The cards the hand of ``seat`` (default: the hand to play) may play to the trick."""
        hand = self.hands[self.next_seat if seat is None else seat]
        return self.follow.legal_mask(hand, self.led_card(), self.trump)

    def legal_cards(self) -> list[Card]:
        """The cards the hand to play may play, clubs first and low to high."""
        return self.follow.legal_cards(self.hands[self.next_seat], self.led_card(), self.trump)

    def fails_to_follow(self, seat: Any, card: Card) -> bool:
        """Whether ``card`` from ``seat``'s hand fails to follow the suit led though the hand could."""
        led = self.led_card()
        return led is not None and not self.follow.follows(self.hands[seat], led, card, self.trump)

    enter_card = _ENTRIES[False]
    """``enter_card(seat, card)``: ``seat`` plays ``card`` (already found acceptable): it leaves the hand for the
    trick; the turn passes to the next seat in play, or the trick closes (:meth:`close_trick`). True when the
    card closed a trick. (:func:`_card_entry`'s, chosen for each class.)"""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        # a deal whose tricks hold the cards alone (its class gives ``order``; an instance may give another
        # order, never none) enters its cards without asking which way at every card
        if "enter_card" not in cls.__dict__ and getattr(cls.enter_card, "cards_alone", None) is not None:
            cls.enter_card = _ENTRIES[cls.order is not None]

    def close_trick(self) -> None:
        """Quit the trick in progress: its winner takes it and leads (after the last trick, only where
        ``LEAD_AFTER_LAST``)."""
        order = self.order
        leader = self.leader
        if order is None:
            plays = tuple(self.trick)
            cards = tuple([c for _, c in plays])
        else:
            cards = tuple(self.trick)
            # a complete trick holds a card of every seat in order[leader]; no strict= (100 ns a trick)
            plays = tuple(zip(order[leader], cards))  # noqa: B905
        winner = self.trick_winner(plays, cards)
        tricks = self.tricks
        tricks.append(self.trick_record(leader, plays, winner, cards))
        self.won[self.credit[winner]] += 1
        self.trick = []
        if self.LEAD_AFTER_LAST or len(tricks) < self.TRICKS:
            self.leader = self.next_seat = winner

    def trick_winner(self, plays: Sequence[tuple[Any, Card]], cards: Sequence[Card]) -> Any:
        """The seat that wins the complete trick ``plays`` (``cards``: its cards)."""
        return plays[self.follow.winner(cards, self.trump)][0]
