"""core.tricks (TrickPlay and the follow policies) and core.clone (copy_state), on their own and in
every game's deal."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardroom.core.cards import PIQUET_PACK_MASK, SUIT_MASKS, Card, Suit, cards_of_mask
from cardroom.core.clone import Cloneable, copy_state
from cardroom.core.game import CHANCE
from cardroom.core.tricks import (
    FOLLOW_SUIT,
    MUST_TRUMP,
    Trick,
    TrickPlay,
    follow_mask,
    must_trump_mask,
    natural_winner,
)
from cardroom.games import load, names
from cardroom.games.euchre.ranks import legal_plays, trick_winner
from cardroom.games.euchre.rules import BOWERS

hands_and_led = st.tuples(st.integers(0, (1 << 52) - 1), st.integers(0, 51), st.one_of(st.none(), st.integers(0, 3)))


@settings(max_examples=300)
@given(hands_and_led)
def test_the_natural_policies_are_the_fast_functions(args: tuple[int, int, int | None]) -> None:
    hand, led, trump = args
    card = Card(led)
    assert FOLLOW_SUIT.legal_mask(hand, card, trump) == follow_mask(hand, led // 13)
    assert MUST_TRUMP.legal_mask(hand, card, trump) == must_trump_mask(hand, led // 13, trump)
    for policy in (FOLLOW_SUIT, MUST_TRUMP):
        assert policy.legal_cards(hand, card, trump) == cards_of_mask(policy.legal_mask(hand, card, trump))
        assert policy.legal_cards(hand, None, trump) == cards_of_mask(hand)
        same = policy.suit_mask(hand, card, trump)
        assert same == hand & SUIT_MASKS[led // 13]
        for c in cards_of_mask(hand):
            assert policy.follows(hand, card, c, trump) == (not same or bool(same >> c & 1))


@settings(max_examples=300)
@given(st.integers(0, 2**32 - 1))
def test_the_bowers_policy_is_euchre_s_following_and_winning(seed: int) -> None:
    rng = random.Random(seed)
    trump = Suit(rng.randrange(4))
    pack = cards_of_mask(PIQUET_PACK_MASK)
    cards = rng.sample(pack, 9)
    trick, hand = cards[:4], sum(1 << c for c in cards[4:])
    assert BOWERS.legal_mask(hand, trick[0], trump) == legal_plays(hand, trick[0], trump)
    assert BOWERS.legal_cards(hand, trick[0], trump) == cards_of_mask(legal_plays(hand, trick[0], trump))
    assert BOWERS.winner(trick, trump) == trick_winner(trick, trump)
    legal = legal_plays(hand, trick[0], trump)
    for c in cards_of_mask(hand):
        # a card that does not follow is one the rules refuse while the hand could follow
        assert BOWERS.follows(hand, trick[0], c, trump) == bool(legal >> c & 1)


class ThreeHands(TrickPlay):
    """A toy game: three seats, each for himself, no trumps, four tricks; seat 1 may sit out."""

    TRICKS = 4
    credit = (0, 1, 2)

    def __init__(self, hands: list[int], out: int | None = None) -> None:
        seats = [s for s in range(3) if s != out]
        after = tuple(seats[(seats.index(s) + 1) % len(seats)] if s in seats else seats[0] for s in range(3))
        self.init_play(hands, seats[0], after, trick_size=len(seats))


def test_trick_play_of_a_small_game_with_a_seat_sitting_out() -> None:
    c = Card.parse
    hands = [c("AS").mask | c("2H").mask, 0, c("KS").mask | c("3H").mask]
    play = ThreeHands(hands, out=1)
    assert play.won == [0, 0, 0] and play.trick_size == 2 and play.next_seat == 0
    assert play.legal_cards() == [c("2H"), c("AS")]
    assert not play.enter_card(0, c("2H"))
    assert play.next_seat == 2 and play.legal_cards() == [c("3H")]
    assert play.fails_to_follow(2, c("KS")) and not play.fails_to_follow(2, c("3H"))
    assert play.enter_card(2, c("3H"))  # the trick closes
    assert play.tricks == [Trick(0, ((0, c("2H")), (2, c("3H"))), 2, (c("2H"), c("3H")))]
    assert play.tricks[0].seats() == [0, 2] and play.tricks[0].cards == (c("2H"), c("3H"))
    assert play.won == [0, 0, 1] and play.leader == play.next_seat == 2 and play.trick == []
    assert play.legal_card_mask() == c("KS").mask
    assert natural_winner([c("KS"), c("AS")], None) == 1


class Box(Cloneable):
    def __init__(self, inner: Box | None = None) -> None:
        self.items = [1, 2]
        self.names = {"a": 1}
        self.seen = {3}
        self.frozen = (4, 5)
        self.inner = inner
        self.deep = [[1]]

    _CLONE_DEEP = ("deep",)


def test_copy_state_copies_the_containers_and_clones_what_clones_itself() -> None:
    inner = Box()
    box = Box(inner)
    new = box.clone()
    assert type(new) is Box and new is not box and vars(new).keys() == vars(box).keys()
    for name in ("items", "names", "seen", "deep"):
        assert getattr(new, name) == getattr(box, name) and getattr(new, name) is not getattr(box, name)
    assert new.deep[0] is not box.deep[0]  # named in _CLONE_DEEP: a deep copy
    assert new.frozen is box.frozen  # immutable: shared
    assert new.inner is not inner and isinstance(new.inner, Box) and new.inner.items is not inner.items
    assert copy_state(inner).inner is None
    new.items.append(3)
    new.names["b"] = 2
    assert box.items == [1, 2] and box.names == {"a": 1}


def _random_until(state: Any, rng: random.Random, steps: int) -> Any:
    for _ in range(steps):
        if state.is_over:
            break
        if state.to_act is not None and state.to_act < 0:
            state.apply(state.sample_chance(rng))
        else:
            legal = state.legal_actions()
            state.apply(legal[int(rng.random() * len(legal))])
    return state


def test_every_deal_clones_from_its_fields_and_the_copy_is_independent() -> None:
    for name, options in (("bridge", {}), ("auction-bridge", {}), ("straight-bridge", {}), ("euchre", {}),
                          ("preferans", {}), ("preferans", {"players": 4}), ("bridge", {"laws": True}),
                          ("euchre", {"laws": True}), ("preferans", {"laws": True})):
        game = load(name, **options)
        for seed in range(3):
            rng = random.Random(seed)
            match = _random_until(game.new_initial_state(), rng, 40 + 7 * seed)
            deal = getattr(match, "deal", None) or getattr(match, "hand", None)
            assert deal is not None, name
            before = deal.snapshot()
            copy = deal.clone()
            assert type(copy) is type(deal) and copy.snapshot() == before
            _random_until(copy, random.Random(seed + 100), 30)
            assert deal.snapshot() == before, name  # playing on the copy leaves the original as it was


@pytest.mark.parametrize("name", names())
def test_a_deal_enters_its_cards_the_way_its_tricks_hold_them(name: str) -> None:
    # enter_card is chosen once per class from the class's ``order`` (core/tricks.py _card_entry): a deal
    # may give another order of its own, never none where its class gives one, nor one where it gives none
    state = load(name).new_initial_state()
    rng = random.Random(3)
    seen = 0
    for _ in range(2000):
        if seen > 20:
            break
        if state.is_over:  # a match may end early (random play): another one
            state = load(name).new_initial_state()
        state.apply(state.sample_chance(rng) if state.to_act == CHANCE else rng.choice(list(state.legal_actions())))
        deal = state.deal
        if isinstance(deal, TrickPlay) and deal.trick:
            seen += 1
            in_order = type(deal).order is not None
            assert (deal.order is not None) is in_order
            assert type(deal).enter_card.cards_alone is in_order  # type: ignore[attr-defined]
            assert all(isinstance(x, int) for x in deal.trick) is in_order  # the trick as it holds its cards
    assert seen > 0
