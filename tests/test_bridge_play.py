"""The play of document 001 §5: the opening lead, dummy, following suit, trick winners."""

from __future__ import annotations

import random

import pytest

from cardroom.core.cards import Card, CardSet, cards_of_mask
from cardroom.core.deal import Deal, parse_hand
from cardroom.core.errors import IllegalAction
from cardroom.core.table import Seat
from cardroom.games import load
from cardroom.games.bridge.calls import Call
from cardroom.games.bridge.game import ContractBridge
from cardroom.games.bridge.rules import BridgeDeal

# N: all spades but 2S..; a fixed, readable deal
HANDS = {
    Seat.NORTH: "AKQJ.T98.765.432",
    Seat.EAST: "T98.765.432.AKQJ",
    Seat.SOUTH: "765.432.AKQJ.T98",
    Seat.WEST: "432.AKQJ.T98.765",
}


def _fixed(dealer: Seat, calls: list[str]) -> BridgeDeal:
    game = load("bridge")
    assert isinstance(game, ContractBridge)
    d = game.new_deal(dealer)
    d.apply(Deal(tuple(parse_hand(HANDS[s]) for s in Seat)))
    for c in calls:
        d.apply(Call.parse(c))
    return d


def test_opening_lead_dummy_exposed_and_declarer_plays_dummy() -> None:
    d = _fixed(Seat.NORTH, ["1S", "Pass", "Pass", "Pass"])  # N declares, S dummy, E leads
    assert d.to_act == Seat.EAST
    # before the opening lead nobody but South sees South's hand
    for seat in (Seat.NORTH, Seat.EAST, Seat.WEST):
        assert d.view(seat).dummy_hand is None
        assert d.visible_mask(seat) & parse_hand(HANDS[Seat.SOUTH]) == 0
    d.apply(Card.parse("AC"))
    # dummy is South; declarer North chooses South's card
    assert d.hand_to_play == Seat.SOUTH and d.to_act == Seat.NORTH
    for seat in Seat:
        v = d.view(seat)
        assert v.dummy_hand == parse_hand(HANDS[Seat.SOUTH])
    assert d.view(Seat.NORTH).legal and not d.view(Seat.SOUTH).legal
    # dummy must follow suit
    with pytest.raises(IllegalAction) as e:
        d.apply(Card.parse("AD"))
    assert "must follow suit" in str(e.value) and "S" in str(e.value)
    d.apply(Card.parse("10C"))
    assert d.to_act == Seat.WEST
    d.apply(Card.parse("7C"))
    d.apply(Card.parse("4C"))  # North's own card
    assert d.tricks[-1].winner is Seat.EAST and d.to_act == Seat.EAST


def test_no_hidden_card_in_any_view() -> None:
    d = _fixed(Seat.NORTH, ["1NT", "Pass", "Pass", "Pass"])
    rng = random.Random(3)
    while not d.is_over:
        for seat in Seat:
            v = d.view(seat)
            others = 0
            for s in Seat:
                if s != seat and not (d.dummy_exposed and s == d.dummy):
                    others |= d.hands[s]
            assert v.shown_mask() & others == 0
            assert v.hand == d.hands[seat]
        d.apply(rng.choice(d.legal_actions()))


def test_trump_wins_over_the_suit_led_and_highest_trump_wins() -> None:
    # W holds no diamonds? build a deal where a ruff happens
    d = _fixed(Seat.WEST, ["1H", "Pass", "Pass", "Pass"])  # W declares hearts, N leads
    assert d.to_act == Seat.NORTH
    # trick 1: N leads AS, E follows 10S, S 7S, W 4S -> N wins
    for c in ("AS", "10S", "7S", "4S"):
        d.apply(Card.parse(c))
    assert d.tricks[0].winner is Seat.NORTH
    # N leads 2C; E has clubs AKQJ, plays AC; S follows 10C, W follows 7C -> E wins
    for c in ("2C", "AC", "10C", "7C"):
        d.apply(Card.parse(c))
    assert d.tricks[1].winner is Seat.EAST


def test_card_not_held_and_card_played_twice_are_named() -> None:
    d = _fixed(Seat.NORTH, ["1S", "Pass", "Pass", "Pass"])
    with pytest.raises(IllegalAction) as e:
        d.apply(Card.parse("AS"))
    assert "E does not hold AS" in str(e.value)
    for c in ("AC", "10C", "7C", "4C"):
        d.apply(Card.parse(c))
    with pytest.raises(IllegalAction) as e:
        d.apply(Card.parse("AC"))
    assert "already played" in str(e.value)


def test_a_whole_deal_counts_13_tricks() -> None:
    d = _fixed(Seat.NORTH, ["3NT", "Pass", "Pass", "Pass"])
    rng = random.Random(1)
    while not d.is_over:
        d.apply(rng.choice(d.legal_actions()))
    assert sum(d.won) == 13 and len(d.tricks) == 13
    r = d.result()
    assert r.contract is not None and r.declarer_tricks == d.won[0]
    assert sorted(cards_of_mask(d.played)) == sorted(Card(i) for i in range(52))
    assert all(len(CardSet(h)) == 0 for h in d.hands)
