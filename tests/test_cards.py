from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardroom.core.cards import Card, CardSet, Rank, Suit, full_pack, piquet_pack, shuffled
from cardroom.core.deal import Deal, Draw, hand_text, parse_hand
from cardroom.core.errors import ParseError
from cardroom.core.table import Seat, Side, Table


@pytest.mark.parametrize(
    ("text", "suit", "rank"),
    [("AS", Suit.SPADES, Rank.ACE), ("10H", Suit.HEARTS, Rank.TEN), ("TH", Suit.HEARTS, Rank.TEN),
     ("♠A", Suit.SPADES, Rank.ACE), ("a♠", Suit.SPADES, Rank.ACE), ("qd", Suit.DIAMONDS, Rank.QUEEN),
     ("2c", Suit.CLUBS, Rank.TWO), ("♣10", Suit.CLUBS, Rank.TEN), ("SK", Suit.SPADES, Rank.KING)],
)
def test_card_text_forms(text: str, suit: Suit, rank: Rank) -> None:
    c = Card.parse(text)
    assert (c.suit, c.rank) == (suit, rank)
    assert c is Card.of(suit, rank)


@pytest.mark.parametrize("text", ["", "A", "1S", "11H", "ZS", "AX", "10", "AS KS", "♠", "AAS", "0S", "1♠"])
def test_malformed_cards_are_refused_with_the_text_named(text: str) -> None:
    with pytest.raises(ParseError) as e:
        Card.parse(text)
    assert repr(text) in str(e.value)


def test_packs() -> None:
    assert len(full_pack()) == 52 and len(set(full_pack())) == 52
    p = piquet_pack()
    assert len(p) == 32 and all(c.rank >= Rank.SEVEN for c in p)
    assert shuffled(full_pack(), seed=5) == shuffled(full_pack(), seed=5)
    assert shuffled(full_pack(), seed=5) != shuffled(full_pack(), seed=6)


@given(st.sets(st.integers(0, 51)), st.sets(st.integers(0, 51)))
def test_cardset_algebra_matches_python_sets(a: set[int], b: set[int]) -> None:
    ca, cb = CardSet(Card(i) for i in a), CardSet(Card(i) for i in b)
    assert set(ca | cb) == a | b
    assert set(ca & cb) == a & b
    assert set(ca - cb) == a - b
    assert len(ca) == len(a)
    assert all(Card(i) in ca for i in a)
    assert CardSet.parse(str(ca)) == ca


@given(st.randoms(use_true_random=False))
def test_hand_text_round_trip(rng: object) -> None:
    import random

    assert isinstance(rng, random.Random)
    d = Deal.random(rng, first=1)
    for h in d.hands:
        assert parse_hand(hand_text(h)) == h
    assert Deal.from_text(d.to_text()) == d


def test_deal_one_card_at_a_time_from_dealers_left() -> None:
    pack = full_pack()
    d = Deal.one_at_a_time(pack, first=Seat.WEST)  # dealer S: first card to W
    assert Card(0) in CardSet(d.hands[Seat.WEST])
    assert Card(1) in CardSet(d.hands[Seat.NORTH])
    assert Card(4) in CardSet(d.hands[Seat.WEST])
    assert all(h.bit_count() == 13 for h in d.hands)


def test_deal_refuses_a_card_dealt_twice() -> None:
    with pytest.raises(ParseError):
        Deal((1, 1, 0, 0))


def test_draw_tie_broken_by_suit() -> None:
    draw = Draw(tuple(Card.parse(c) for c in ("5S", "7C", "QD", "QC")))
    assert draw.winner() == Seat.SOUTH
    assert draw.ranking() == [2, 3, 1, 0]


def test_seats_and_table() -> None:
    assert Seat.SOUTH.lho is Seat.WEST and Seat.SOUTH.rho is Seat.EAST and Seat.SOUTH.partner is Seat.NORTH
    assert Seat.EAST.side is Side.EW and Side.NS.other is Side.EW
    assert Seat.parse("ю") is Seat.SOUTH
    with pytest.raises(ParseError):
        Seat.parse("Q")
    t = Table(4)
    assert t.active_seats(dealer=0, active=3) == [1, 2, 3]
    assert t.active_seats(dealer=2, active=4) == [3, 0, 1, 2]
    assert Table(3, partnerships=False).next_dealer(2) == 0


@given(st.lists(st.integers(0, 51), min_size=1, max_size=4, unique=True), st.one_of(st.none(), st.integers(0, 3)))
def test_fast_trick_winner_equals_the_general_one(cards: list[int], trump: int | None) -> None:
    from cardroom.core.tricks import natural_winner, winning_index

    trick = [Card(c) for c in cards]
    w = natural_winner(trick, trump)
    assert w == winning_index(trick, trump)
    # the winner is a trump if any trump was played, else of the suit led, and no card of its class beats it
    winner = trick[w]
    klass = [c for c in trick if trump is not None and c.suit == trump] or [c for c in trick if c.suit == trick[0].suit]
    assert winner in klass and winner == max(klass)


def test_core_carries_a_game_with_bowers_and_a_32_card_pack() -> None:
    """Euchre-like ranking through the pluggable ranker: the left bower is a trump."""
    from cardroom.core.tricks import winning_index

    trump = Suit.HEARTS

    def bowers(card: Card) -> tuple[int, int]:
        if card.rank == Rank.JACK and card.suit == trump:
            return (trump, 100)  # right bower
        if card.rank == Rank.JACK and card.suit.is_red == trump.is_red:
            return (trump, 99)  # left bower: a trump, not a diamond
        return (card.suit, card.rank)

    trick = [Card.parse(c) for c in ("AH", "JD", "KH", "9H")]
    assert winning_index(trick, trump, bowers) == 1
    trick = [Card.parse(c) for c in ("AD", "JD", "KD", "9D")]  # the left bower does not follow diamonds
    assert winning_index(trick, trump, bowers) == 1  # ... but trumps them
    assert all(c.rank >= Rank.SEVEN for c in piquet_pack())


# ----------------------------------------------------------------------------- the card notation
# docs/notation.md, written out independently of cards.py: every accepted spelling of every card.
_RANKS_EN = {**{str(v): v for v in range(2, 11)}, "T": 10, "J": 11, "Q": 12, "K": 13, "A": 14}
_RANKS_RU = {**{str(v): v for v in range(2, 11)}, "В": 11, "Д": 12, "К": 13, "Т": 14}
_SYMBOLS = {"♣": 0, "♦": 1, "♥": 2, "♠": 3, "♧": 0, "♢": 1, "♡": 2, "♤": 3}
_SUITS_EN = {"C": 0, "D": 1, "H": 2, "S": 3, **_SYMBOLS}
_SUITS_RU = {"К": 0, "Б": 1, "Ч": 2, "П": 3, **_SYMBOLS}


def _spellings() -> dict[str, set[Card]]:
    out: dict[str, set[Card]] = {}
    for ranks, suits in ((_RANKS_EN, _SUITS_EN), (_RANKS_RU, _SUITS_RU)):
        for rt, r in ranks.items():
            for st_, s in suits.items():
                card = Card.of(Suit(s), r)
                for text in (rt + st_, st_ + rt):
                    out.setdefault(text, set()).add(card)
    return out


_SPELLINGS = _spellings()


def test_no_spelling_of_the_notation_names_two_cards() -> None:
    assert {t: cs for t, cs in _SPELLINGS.items() if len(cs) > 1} == {}
    assert len({c for cs in _SPELLINGS.values() for c in cs}) == 52


@given(st.sampled_from(sorted(_SPELLINGS)), st.lists(st.booleans(), min_size=3, max_size=3))
def test_every_spelling_of_every_card_parses_to_itself(text: str, lower: list[bool]) -> None:
    (card,) = _SPELLINGS[text]
    cased = "".join(ch.lower() if low else ch for ch, low in zip(text, lower + [False] * 3, strict=False))
    assert Card.parse(cased) is card
    assert Card.parse(f" {cased} ") is card


_TOKENS = sorted({*_RANKS_EN, *_RANKS_RU, *_SUITS_EN, *_SUITS_RU, "Т", "т", "X", "1", "0", "Я"})


@given(st.lists(st.sampled_from(_TOKENS), min_size=1, max_size=3))
def test_a_text_is_a_card_only_when_the_notation_spells_it(parts: list[str]) -> None:
    text = "".join(parts)
    expected = _SPELLINGS.get(text.upper())
    if expected is None:
        with pytest.raises(ParseError):
            Card.parse(text)
    else:
        assert {Card.parse(text)} == expected


@pytest.mark.parametrize(("text", "card"), [("Тк", "AC"), ("тк", "AC"), ("кТ", "AC"), ("Кк", "KC"), ("Дк", "QC"),
                                            ("Вк", "JC"), ("10к", "10C"), ("Тп", "AS"), ("10ч", "10H"),
                                            ("Вб", "JD"), ("Т♦", "AD"), ("T♦", "10D")])
def test_russian_cards(text: str, card: str) -> None:
    assert Card.parse(text) is Card.parse(card)


@pytest.mark.parametrize("text", ["Тт", "Дт", "10т", "Tк", "Кs", "Aп"])
def test_treated_as_no_card_trefy_letter_and_mixed_alphabets(text: str) -> None:
    """т is the ace in a card, never clubs (Кт is A♣, suit first; as K♣ too it would name two cards);
    a card's letters are of one alphabet."""
    with pytest.raises(ParseError):
        Card.parse(text)


def test_a_suit_alone_may_be_written_t_for_trefy() -> None:
    assert Suit.parse("т") is Suit.CLUBS and Suit.parse("к") is Suit.CLUBS and Suit.parse("♣") is Suit.CLUBS
