"""The euchre engine against document 003 (Laws of Euchre, Somerset Club 1888) and its vectors
(../shared/rules/euchre-examples.json): ranks and bowers, following suit, the trick winner, making
the trump in both rounds, the discard, lone hands, the play, views and texts.

Seats of the vectors: A (dealer) = N, B (eldest) = E, C (second hand) = S, D (third hand) = W.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from cardroom.core.cards import PIQUET_PACK_MASK, Card, CardSet, Suit, cards_of_mask
from cardroom.core.errors import IllegalAction, ParseError
from cardroom.core.game import CHANCE
from cardroom.core.table import Seat, Side
from cardroom.games import load
from cardroom.games.euchre.game import Euchre
from cardroom.games.euchre.ranks import (
    cut_rank,
    effective_suit,
    left_bower,
    legal_plays,
    plain_order,
    right_bower,
    trick_winner,
    trump_order,
)
from cardroom.games.euchre.rules import (
    ALONE,
    BID_ASSIST,
    BID_ORDER_UP,
    BID_PASS,
    BID_TAKE_IT,
    BID_TAKE_UP,
    BID_TURN_DOWN,
    MAKE,
    PH_DISCARD,
    PH_OVER,
    PH_PLAY,
    PH_ROUND2,
    PH_TAKEOVER,
    Bid,
    Discard,
    EuchreDeal,
    EuchreHand,
)

RULES = Path(__file__).parents[2] / "shared" / "rules"
VECTORS: dict[str, dict[str, Any]] = {
    v["id"]: v for v in json.loads((RULES / "euchre-examples.json").read_text(encoding="utf-8"))
}
LETTER = {"A": Seat.NORTH, "B": Seat.EAST, "C": Seat.SOUTH, "D": Seat.WEST}
SIDE = {"AC": Side.NS, "BD": Side.EW}


def cards(texts: list[str] | str) -> list[Card]:
    if isinstance(texts, str):
        texts = texts.split()
    return [Card.parse(t) for t in texts]


def mask(texts: list[str] | str) -> int:
    return CardSet(cards(texts)).mask


def deal_with_turn_up(turn_up: str, seed: int = 0) -> EuchreDeal:
    """A random deal whose turn-up is the given card."""
    tu = Card.parse(turn_up)
    pack = [c for c in cards_of_mask(PIQUET_PACK_MASK) if c != tu]
    random.Random(seed).shuffle(pack)
    hands = [CardSet(pack[5 * i:5 * i + 5]).mask for i in range(4)]
    return EuchreDeal((hands[0], hands[1], hands[2], hands[3]), tu)


def new_hand(turn_up: str, seed: int = 0, dealer: Seat = Seat.NORTH) -> EuchreHand:
    h = EuchreHand(dealer=dealer)
    d = deal_with_turn_up(turn_up, seed)
    if dealer != Seat.NORTH:
        d = EuchreDeal(d.hands, d.turn_up)
    h.apply(d)
    return h


def say(h: EuchreHand, text: str) -> None:
    h.apply(h.parse_action(text))


# ----------------------------------------------------------------------------- ranks


def test_trump_order_vector() -> None:
    v = VECTORS["rank-trump-order"]
    assert [str(c) for c in trump_order(Suit.parse(v["data"]["trump"]))] == v["expected"]["trump_order_high_to_low"]


def test_plain_order_vector() -> None:
    v = VECTORS["rank-plain-order"]
    trump = Suit.parse(v["data"]["trump"])
    for s, order in v["expected"]["plain_order_high_to_low"].items():
        assert [str(c) for c in plain_order(Suit.parse(s), trump)] == order
    with pytest.raises(ValueError):
        plain_order(trump, trump)


@pytest.mark.parametrize("trump", list(Suit))
def test_bowers_are_the_knaves_of_the_colour(trump: Suit) -> None:
    # glossary: the right is the knave of trumps, the left the knave of the same colour
    r, lb = right_bower(trump), left_bower(trump)
    assert r.rank == lb.rank == 11 and r.suit == trump
    assert lb.suit != trump and lb.suit.is_red == trump.is_red
    assert effective_suit(lb, trump) == trump
    assert trump_order(trump)[:2] == [r, lb]
    # the left bower is in no plain suit
    for s in Suit:
        if s != trump:
            assert lb not in plain_order(s, trump)
    # 32 cards in all
    total = len(trump_order(trump)) + sum(len(plain_order(s, trump)) for s in Suit if s != trump)
    assert total == 32


def test_left_bower_follows_trumps_vector() -> None:
    v = VECTORS["rank-left-bower-follows-trump"]
    trump = Suit.parse(v["data"]["trump"])
    led = Card.parse(v["data"]["led"])
    assert effective_suit(led, trump).letter == v["expected"]["effective_suit_of_led_card"]
    for who in ("B", "D", "X"):
        hand = v["data"]["holdings"][who]
        want = sorted(cards(v["expected"][f"legal_for_{who}"]))
        assert sorted(cards_of_mask(legal_plays(mask(hand), led, trump))) == want
    # holding only the JH and hearts led: void in hearts, may play anything
    y = mask(v["data"]["holdings"]["Y"]) | mask("9S")
    assert legal_plays(y, Card.parse("9H"), trump) == y


def test_no_obligation_to_trump_vector() -> None:
    v = VECTORS["rank-no-obligation-to-trump"]
    trump = Suit.parse(v["data"]["trump"])
    led = Card.parse(v["data"]["trick_so_far"][0][1])
    legal = legal_plays(mask(v["data"]["A_holds"]), led, trump)
    assert sorted(cards_of_mask(legal)) == sorted(cards(v["expected"]["legal_for_A"]))


def test_trick_winner_vector() -> None:
    v = VECTORS["rank-trick-winner"]
    trick = v["data"]["trick"]
    i = trick_winner(cards([c for _, c in trick]), Suit.parse(v["data"]["trump"]))
    assert trick[i][0] == v["expected"]["winner"]


def test_trick_winner_rules() -> None:
    # the highest trump wins; else the highest of the suit led; other suits never win
    assert trick_winner(cards("AS KS 7H QS"), Suit.HEARTS) == 2
    assert trick_winner(cards("AS KS 7H JD"), Suit.HEARTS) == 3  # left bower over a small trump
    assert trick_winner(cards("JD AH KH JH"), Suit.HEARTS) == 3  # right over left
    assert trick_winner(cards("9C AD AH KC"), Suit.SPADES) == 3
    assert trick_winner(cards("JC QC AC"), Suit.HEARTS) == 2  # plain suit: knave between Q and 10
    assert trick_winner(cards("10C JC 9C"), Suit.HEARTS) == 1
    assert trick_winner(cards("JS AC KC"), Suit.CLUBS) == 0  # the left leads trumps
    assert trick_winner(cards("7S AS"), Suit.CLUBS) == 1


def test_cut_rank_law_8_vector() -> None:
    v = VECTORS["law-008"]
    cuts = v["data"]["cuts"]
    order = sorted(cuts, key=lambda p: cut_rank(Card.parse(cuts[p])), reverse=True)
    assert order == v["expected"]["order_high_to_low"]
    ranks = [cut_rank(Card.parse(t)) for t in ("JC", "AC", "KC", "QC", "10C", "9C", "8C", "7C")]
    assert ranks == [8, 7, 6, 5, 4, 3, 2, 1]
    assert cut_rank(Card.parse("JS")) == cut_rank(Card.parse("JH"))  # suits do not matter
    with pytest.raises(ValueError):
        cut_rank(Card.parse("2C"))


# ----------------------------------------------------------------------------- the deal


def test_deal_vector_pack_count() -> None:
    v = VECTORS["deal-pack-count"]
    h = EuchreHand()
    d = h.sample_chance(random.Random(1))
    assert sum(x.bit_count() for x in d.hands) == v["expected"]["dealt"]
    assert d.stock.bit_count() == v["expected"]["undealt_under_turn_up"]
    assert all(x.bit_count() == v["data"]["cards_each"] for x in d.hands)
    assert load("euchre").pack_mask().bit_count() == v["data"]["pack_size"]


def test_deal_text_round_trip_and_errors() -> None:
    d = deal_with_turn_up("9C", 4)
    assert EuchreDeal.from_text(d.to_text()) == d
    h = EuchreHand()
    assert h.parse_action(d.to_text()) == d
    with pytest.raises(ParseError, match="five cards"):
        EuchreDeal((d.hands[0] | d.turn_up.mask, d.hands[1], d.hands[2], d.hands[3]), Card.parse("7S")
                   if not d.hands[0] >> Card.parse("7S") & 1 else Card.parse("8S"))
    with pytest.raises(ParseError, match="also in a hand"):
        EuchreDeal(d.hands, cards_of_mask(d.hands[2])[0])
    with pytest.raises(ParseError, match="outside the euchre pack"):
        EuchreDeal((mask("2C 9C JC AH KH"), d.hands[1], d.hands[2], d.hands[3]), d.turn_up)
    with pytest.raises(ParseError, match="no turn-up"):
        EuchreDeal.from_text("deal N 9C JC AH KH 8S | E AC QH 8H JD 10S | S 7D 8D 10D QS 10H | W KC 10C AS 9S 9H")
    # a given deal, as the worked cases give it
    given = EuchreDeal.of({"N": "JC AH KH 8S 7C", "E": "AC QH 8H JD 10S", "S": "7D 8D 10D QS 10H",
                           "W": "KC 10C AS 9S 9H"}, "9C")
    assert given.stock.bit_count() == 11 and not given.stock & mask("9C")
    h = EuchreHand(dealer=Seat.NORTH)
    with pytest.raises(IllegalAction):
        h.apply(Card.parse("AS"))
    h.apply(given)
    assert h.to_act == Seat.EAST  # the eldest hand speaks first
    with pytest.raises(IllegalAction, match="already been dealt"):
        h.apply(given)


# ----------------------------------------------------------------------------- making the trump

FIRST_ROUND_VECTORS = [
    "bid-eldest-orders", "bid-second-assists", "bid-third-orders", "bid-dealer-adopts",
    "bid-eldest-alone-third-takes", "bid-second-assists-dealer-takes", "bid-round2-makes-next",
    "law-074", "law-075", "lone-leader-third-hand-alone",
]


def _run_calls(v: dict[str, Any], seed: int = 0) -> EuchreHand:
    h = new_hand(v["data"]["turn_up"], seed)
    for who, text in v["data"]["calls"]:
        assert h.to_act == LETTER[who], f"{who} is not to speak"
        say(h, text)
    return h


@pytest.mark.parametrize("vid", FIRST_ROUND_VECTORS)
def test_making_the_trump_vectors(vid: str) -> None:
    v = VECTORS[vid]
    exp = v["expected"]
    h = _run_calls(v)
    if h.phase == PH_TAKEOVER:
        # the partner of the one who accepted may still take it (Laws 74, 75); the vector's
        # player does not
        assert h.legal_actions() == [BID_PASS, BID_TAKE_IT]
        say(h, "pass")
    dealer_hand_before = h.hands[Seat.NORTH]
    took_up = h.phase == PH_DISCARD
    if "dealer_takes_turn_up" in exp:
        assert took_up == exp["dealer_takes_turn_up"]
    if "dealer_discards" in exp:
        assert took_up == (exp["dealer_discards"] == 1)
    if took_up:
        assert h.to_act == Seat.NORTH
        assert h.turn_up is not None and dealer_hand_before >> h.turn_up & 1
        assert dealer_hand_before.bit_count() == 6
        legal = h.legal_actions()
        assert Discard(h.turn_up) not in legal and len(legal) == 5  # Law 88
        h.apply(legal[-1])
        assert h.hands[Seat.NORTH].bit_count() == 5
    assert h.phase == PH_PLAY
    assert h.trump is not None
    if h.round == 1:
        assert h.trump == Card.parse(v["data"]["turn_up"]).suit
    if "trump" in exp:
        assert h.trump.letter == exp["trump"]
    if "makers" in exp:
        assert h.makers == SIDE[exp["makers"]]
    if "lone_player" in exp:
        assert h.lone == (None if exp["lone_player"] is None else LETTER[exp["lone_player"]])
    if "sitting_out" in exp:
        assert h.sitting_out == LETTER[exp["sitting_out"]]
    assert h.to_act == LETTER[exp["first_leader"]]
    if "active_seats" in exp:
        assert set(h.active_seats()) == {LETTER[x] for x in exp["active_seats"]}
    if "play_order_trick_1" in exp:
        order = []
        for _ in exp["play_order_trick_1"]:
            order.append(h.to_act)
            h.apply(h.legal_actions()[0])
        assert order == [LETTER[x] for x in exp["play_order_trick_1"]]
        assert len(h.tricks) == 1


def test_third_orders_dealer_may_not_go_alone_nor_eldest_take_it() -> None:
    v = VECTORS["bid-third-orders"]
    h = _run_calls(v)
    assert not v["expected"]["dealer_may_play_alone"] and not v["expected"]["eldest_may_take_it_alone"]
    # no take-over question (the eldest passed, Law 93); the dealer must just discard (Law 95)
    assert h.phase == PH_DISCARD and h.to_act == Seat.NORTH
    for bad in (BID_TAKE_IT, Bid(ALONE, Suit.HEARTS), BID_TAKE_UP):
        before = h.snapshot()
        with pytest.raises(IllegalAction):
            h.apply(bad)
        assert h.snapshot() == before


def test_dealer_adopts_partner_may_not_take_it_law_93() -> None:
    for vid in ("bid-dealer-adopts", "law-093"):
        v = VECTORS[vid]
        h = _run_calls(v)
        assert h.phase == PH_DISCARD  # no question to C, who passed
        with pytest.raises(IllegalAction, match="discard"):
            h.apply(BID_TAKE_IT)


def test_law_094_partner_takes_it() -> None:
    v = VECTORS["law-094"]
    h = new_hand("9S")
    say(h, "pass")
    say(h, "I play alone")
    assert h.lone == Seat.SOUTH and h.phase == PH_TAKEOVER and h.to_act == Seat.NORTH
    say(h, "I take it from you")
    assert h.lone == LETTER[v["expected"]["lone_player"]]
    assert h.sitting_out == LETTER[v["expected"]["sitting_out"]]
    assert h.phase == PH_DISCARD  # the dealer plays: he takes up and discards


def test_law_095a_dealer_ordered_up_cannot_go_alone() -> None:
    h = new_hand("9S")
    say(h, "order up")
    assert h.to_act == Seat.WEST  # only the orderer's partner may take it from him
    say(h, "pass")
    assert Bid(ALONE, Suit.SPADES) not in h.legal_actions()
    with pytest.raises(IllegalAction):
        h.apply(Bid(ALONE, Suit.SPADES))


def test_law_096_alone_after_the_discard_is_refused() -> None:
    h = new_hand("10H")
    for t in ("pass", "pass", "pass", "take up"):
        say(h, t)
    h.apply(h.legal_actions()[0])  # the discard, let go
    a = h.parse_action("alone")
    before = h.snapshot()
    with pytest.raises(IllegalAction):
        h.apply(a)
    assert h.snapshot() == before and h.lone is None


def test_law_098_single_declaration() -> None:
    h = new_hand("10H")
    # "I order it up and play alone" rules the lone hand out; the order stands
    assert h.parse_action("I order it up and play alone") == BID_ORDER_UP
    assert h.parse_action("order up alone") == BID_ORDER_UP
    assert h.parse_action("I play alone") == Bid(ALONE, Suit.HEARTS)
    assert h.parse_action("Alone at hearts") == Bid(ALONE, Suit.HEARTS)
    assert h.parse_action("Один на червах") == Bid(ALONE, Suit.HEARTS)
    say(h, "I order it up and play alone")
    assert h.lone is None and h.maker == Seat.EAST


def test_round2_alone_forms_vector() -> None:
    v = VECTORS["bid-round2-alone-forms"]
    h = new_hand(v["data"]["turned_down"])
    for t in ("pass", "pass", "pass", "pass"):
        say(h, t)
    assert h.phase == PH_ROUND2
    for key in ("ok_1", "ok_2", "bad"):
        a = h.parse_action(v["data"]["declarations"][key])
        want = v["expected"][key]
        assert isinstance(a, Bid) and a.suit is not None and a.suit.letter == want["trump"]
        assert (a.kind == ALONE) == want["lone"]
    assert h.parse_action("Я играю в одиночку на червах") == Bid(ALONE, Suit.HEARTS)
    with pytest.raises(ParseError, match="name the suit"):
        h.parse_action("alone")


def test_round2_turned_down_suit_counts_as_pass_vector() -> None:
    v = VECTORS["bid-round2-name-turned-down"]
    h = _run_calls(v)
    assert h.round == v["expected"]["round"] == 2
    assert h.to_act == LETTER[v["expected"]["next_to_speak"]]
    assert h.trump is None and Seat.EAST in h.passed
    # "alone at" the suit turned down is a pass too (Law 78)
    say(h, "alone at H")
    assert h.trump is None and h.to_act == Seat.WEST


def test_round2_next_and_cross_vector() -> None:
    v = VECTORS["bid-round2-next-and-cross"]
    h = new_hand(v["data"]["turned_down"])
    want = {"next": "next", "crossing the suit": "cross"}
    for s, kind in v["expected"]["classification"].items():
        assert h.turned_suit_kind(Suit.parse(s)) == want[kind]


def test_round2_make_next_no_discard_vector() -> None:
    v = VECTORS["bid-round2-makes-next"]
    h = _run_calls(v)
    assert h.phase == PH_PLAY and h.discard is None
    assert h.hands[Seat.NORTH].bit_count() == 5
    assert h.turn_up is not None and not h.hands[Seat.NORTH] >> h.turn_up & 1
    # no take-over in the second round (Law 93: everybody has passed)
    h2 = new_hand("10H")
    for t in ("pass", "pass", "pass", "turn down", "pass"):
        say(h2, t)
    say(h2, "alone at D")
    assert h2.lone == Seat.SOUTH and h2.phase == PH_PLAY


def test_all_pass_twice_vector_throws_the_hand_in() -> None:
    v = VECTORS["bid-all-pass-twice"]
    h = _run_calls(v)
    assert h.phase == PH_OVER
    r = h.result()
    assert r is not None and r.thrown_in and r.points == (0, 0) == (v["expected"]["points"]["AC"],
                                                                     v["expected"]["points"]["BD"])
    # in a rubber the next player (to the left) deals
    s = Euchre(first_dealer="N").new_initial_state()
    s.apply(deal_with_turn_up("10H"))
    for _, text in v["data"]["calls"]:
        s.apply(s.parse_action(text))
    assert len(s.results) == 1 and s.dealer == LETTER[v["expected"]["next_dealer"]]
    assert s.hand is not None and s.hand.dealer == Seat.EAST and s.to_act == CHANCE


def test_law_076_077_dealer_options_and_second_round_order() -> None:
    v = VECTORS["law-076"]
    h = _run_calls(v)
    texts = [h.action_text(a) for a in h.legal_actions()]
    assert texts == ["turn down", "take up", "alone at S"]
    assert v["expected"]["dealer_options"] == ["pass (turn down)", "take up", "play alone"]
    assert h.parse_action("pass") == BID_TURN_DOWN
    v = VECTORS["law-077"]
    h = _run_calls(v)
    assert h.turn_up_state == "turned down" and h.phase == PH_ROUND2
    order = []
    for _ in range(4):
        order.append(h.to_act)
        say(h, "pass")
    assert order == [LETTER[x] for x in v["expected"]["round2_order"]]
    assert h.phase == PH_OVER


def test_law_088_turn_up_may_not_be_discarded() -> None:
    h = new_hand("9C")
    for t in ("pass", "pass", "pass", "take up"):
        say(h, t)
    a = h.parse_action("discard 9C")
    assert h.parse_action("9C") == a == h.parse_action("снос 9C")  # a bare card is the discard now
    before = h.snapshot()
    with pytest.raises(IllegalAction, match="Law 88"):
        h.apply(a)
    assert h.snapshot() == before


def test_accepting_words_name_the_seat_s_action() -> None:
    h = new_hand("9C")
    assert h.legal_actions() == [BID_PASS, BID_ORDER_UP, Bid(ALONE, Suit.CLUBS)]
    assert h.parse_action("заказываю") == BID_ORDER_UP
    say(h, "пас")
    assert h.legal_actions() == [BID_PASS, BID_ASSIST, Bid(ALONE, Suit.CLUBS)]
    assert h.parse_action("помогаю") == BID_ASSIST == h.parse_action("order up")
    with pytest.raises(IllegalAction, match="second hand"):
        h.apply(BID_ORDER_UP)
    say(h, "pass")
    say(h, "pass")
    assert h.parse_action("принимаю") == BID_TAKE_UP
    with pytest.raises(IllegalAction, match="first round"):
        h.apply(Bid(MAKE, Suit.SPADES))
    with pytest.raises(ParseError, match="not a euchre action"):
        h.parse_action("double")


# ----------------------------------------------------------------------------- lone hands in play


def _case_hand(vid: str, calls: list[str]) -> tuple[EuchreHand, dict[str, Any]]:
    """A worked case's deal with the dealer's discard chosen from the stock (the case lists A's
    hand after the discard, turn-up included)."""
    v = VECTORS[vid]
    d = v["data"]
    tu = Card.parse(d["turn_up"])
    hands = {LETTER[k]: mask(x) for k, x in d["hands"].items()}
    hands[Seat.NORTH] &= ~tu.mask
    used = tu.mask
    for m in hands.values():
        used |= m
    spare = cards_of_mask(PIQUET_PACK_MASK & ~used)
    if Seat.SOUTH not in hands:  # Case IX gives no hand for C
        hands[Seat.SOUTH] = CardSet(spare[:5]).mask
        spare = spare[5:]
    discard = spare[0]
    hands[Seat.NORTH] |= discard.mask
    h = EuchreHand(dealer=Seat.NORTH)
    h.apply(EuchreDeal((hands[Seat.NORTH], hands[Seat.EAST], hands[Seat.SOUTH], hands[Seat.WEST]), tu))
    for t in calls:
        say(h, t)
    say(h, f"discard {discard}")
    return h, v


def test_case_vii_lone_dealer_partner_sees_and_plays_nothing() -> None:
    h, v = _case_hand("case-VII", ["pass", "assist", "take it from you"])
    assert h.lone == Seat.NORTH and h.sitting_out == Seat.SOUTH
    assert h.view(Seat.SOUTH).hand == 0 and h.visible_mask(Seat.SOUTH) & h.hands[Seat.SOUTH] == 0
    for seat in Seat:
        assert h.view(seat).shown_mask() & h.hands[Seat.SOUTH] == 0
    assert "laid-down:S" in h.card_places()
    winners = []
    for t in v["data"]["tricks"]:
        for who, c in t["plays"]:
            assert h.to_act == LETTER[who]
            say(h, c)
        winners.append(h.tricks[-1].winner)
    assert winners == [LETTER[x] for x in v["expected"]["trick_winners"]]
    # finish with any legal cards: South never plays
    while not h.is_over:
        assert h.to_act != Seat.SOUTH
        h.apply(h.legal_actions()[0])
    assert all(len(t.plays) == 3 for t in h.tricks)
    r = h.result()
    assert r is not None and r.lone == Seat.NORTH
    assert r.points == ((1, 0) if r.makers_tricks in (3, 4) else (4, 0) if r.makers_tricks == 5 else (0, 4))


def test_case_ix_lone_hand_is_euchred_for_four() -> None:
    h, v = _case_hand("case-IX", ["pass", "pass", "pass", "alone"])
    assert h.lone == Seat.NORTH
    for t in v["data"]["tricks"]:
        for who, c in t["plays"]:
            assert h.to_act == LETTER[who]
            say(h, c)
    assert [t.winner for t in h.tricks] == [LETTER[x] for x in v["expected"]["trick_winners"]]


def test_sitting_out_dealer_option() -> None:
    # second hand alone, dealer does not take it: by default the turn-up stays on the pack
    for takes_up in (False, True):
        h = EuchreHand(Euchre(sitting_out_dealer_takes_up=takes_up), Seat.NORTH)
        h.apply(deal_with_turn_up("9S", 2))
        say(h, "pass")
        say(h, "alone")
        say(h, "pass")
        assert h.sitting_out == Seat.NORTH
        if takes_up:
            assert h.phase == PH_DISCARD and h.to_act == Seat.NORTH
            assert h.view(Seat.NORTH).hand.bit_count() == 6  # he sees his cards to discard
            h.apply(h.legal_actions()[0])
        assert h.phase == PH_PLAY and h.to_act == Seat.EAST
        assert h.view(Seat.NORTH).hand == 0
        assert h.turn_up_state == ("taken up" if takes_up else "dead")
        for seat in Seat:
            assert h.visible_mask(seat) >> Card.parse("9S") & 1


def test_cards_must_follow_suit_and_errors_name_the_law() -> None:
    h, _ = _case_hand("case-I", ["pass", "pass", "pass", "take up"])
    say(h, "JD")  # B leads the JD: a plain diamond (clubs are trumps; the left bower is the JS)
    assert h.trump == Suit.CLUBS
    say(h, "7D")
    before = h.snapshot()
    with pytest.raises(IllegalAction, match="does not hold"):
        say(h, "AH")
    assert h.snapshot() == before
    say(h, "10C")  # D, void in diamonds, trumps (Case I)
    say(h, "8S")  # A may throw away: no duty to overtrump
    assert h.to_act == Seat.WEST
    say(h, "AS")
    say(h, "9C")
    before = h.snapshot()
    with pytest.raises(IllegalAction, match="follow suit"):
        say(h, "QH")  # B holds the 10S
    assert h.snapshot() == before
    say(h, "10S")
    say(h, "QS")
    assert [t.winner for t in h.tricks] == [Seat.WEST, Seat.NORTH]
    # the left bower led: trumps are led, and a holder of trumps must follow with one
    trump = Suit.CLUBS
    assert legal_plays(mask("KC 7S AS"), Card.parse("JS"), trump) == mask("KC")
    assert legal_plays(mask("JS AH"), Card.parse("KS"), trump) == mask("JS AH")  # void in spades


# ----------------------------------------------------------------------------- views and texts


def test_views_turn_up_until_played_and_hidden_discard() -> None:
    h = new_hand("9C", 7)
    for t in ("pass", "pass", "pass", "take up"):
        say(h, t)
    tu = Card.parse("9C")
    for seat in Seat:
        assert h.view(seat).turn_up == tu and h.visible_mask(seat) >> tu & 1
    d = h.legal_actions()[0]
    assert isinstance(d, Discard)
    h.apply(d)
    for seat in Seat:
        v = h.view(seat)
        assert not v.shown_mask() >> d.card & 1 and not h.visible_mask(seat) >> d.card & 1
        assert v.turn_up == tu and ["N", "discard"] in v.to_dict()["calls"]
        assert v.shown_mask() & h.stock == 0
    while h.turn_up_state != "played":
        h.apply(h.legal_actions()[-1] if h.to_act == Seat.NORTH and tu in h.legal_actions() else h.legal_actions()[0])
    assert h.view(Seat.EAST).turn_up is None  # played: now only a card of the tricks


def test_every_canonical_text_parses_back() -> None:
    g = load("euchre")
    rng = random.Random(5)
    for _ in range(30):
        s = g.new_initial_state()
        while not s.is_over:
            a = s.sample_chance(rng) if s.to_act == CHANCE else rng.choice(list(s.legal_actions()))
            assert s.parse_action(s.action_text(a)) == a
            s.apply(a)


def test_registered_with_alias() -> None:
    assert type(load("юкер")) is type(load("euchre"))
    assert load("euchre").options()["lap"] is True
    with pytest.raises(Exception, match="unknown euchre option"):
        load("euchre", stick_the_dealer=True)


@pytest.mark.parametrize(("seed", "abandon"), [(1, False), (2, True), (3, False)])
def test_generic_json_record_round_trip(seed: int, abandon: bool) -> None:
    from cardroom.records.registry import read_record, write_record

    s = Euchre().new_initial_state()
    rng = random.Random(seed)
    steps = 0
    while not s.is_over and not (abandon and steps > 60):
        if s.to_act == CHANCE:
            s.play_chance(rng)
        else:
            s.apply(rng.choice(list(s.legal_actions())))
        steps += 1
    if abandon:
        s.abandon()
        assert s.is_over and s.sheet_dict()["unfinished"]
    text = write_record(s)
    back = read_record(text)
    assert back.snapshot() == s.snapshot() and write_record(back) == text
    assert back.sheet_dict() == s.recomputed_sheet_dict()
    assert "Euchre" in s.render_sheet("en") and "Юкер" in s.render_sheet("ru")
    summary = s.match_summary()
    assert summary["game"] == "euchre" and len(summary["deals"]) == len(s.results)
    for d, r in zip(summary["deals"], s.results, strict=True):
        assert d["points"] == {"NS": r.points[0], "EW": r.points[1]}
        if r.lone is not None:
            assert d["kind"] == "lone hand" and d["declarer"] == r.lone.letter


def test_bad_record_action_names_the_place() -> None:
    from cardroom.core.errors import RecordError
    from cardroom.records.registry import state_from_dict

    d = deal_with_turn_up("9C", 3)
    rec = {"format": "cardroom-record", "version": 1, "game": "euchre", "options": {"first_dealer": "N"},
           "actions": [d.to_text(), "pass", "make S"]}
    with pytest.raises(RecordError, match=r"first round.*action 3"):
        state_from_dict(rec)


def test_cut_for_the_first_deal() -> None:
    from cardroom.games.euchre.rubber import Cut

    s = Euchre().new_initial_state()
    assert s.to_act == CHANCE and s.legal_actions() == []
    tie = s.parse_action("cut JS 9H JC AD")  # two knaves: the highest is tied, cut again
    s.apply(tie)
    assert s.to_act == CHANCE and s.hand is None
    s.apply(Cut.from_text("cut 7S AH KD 9C"))  # East cuts the ace: highest (Law 8)
    assert s.dealer == Seat.EAST and s.to_act == CHANCE and s.hand is not None
    with pytest.raises(IllegalAction):
        s.apply(tie)
    with pytest.raises(ParseError):
        Cut.from_text("cut 7S AH KD")


@pytest.mark.parametrize("seed", range(5))
def test_the_position_numbers_the_last_hand_as_played(seed: int) -> None:
    """At the end of a rubber the position names the last hand played, not one more."""
    state: Any = load("euchre").new_initial_state()
    rng = random.Random(seed)
    while not state.is_over:
        state.apply(state.sample_chance(rng) if state.to_act == CHANCE else rng.choice(list(state.legal_actions())))
        if state.hand is not None and not state.hand.is_over:
            assert f"hand {len(state.results) + 1}," in state.position()
    assert f"hand {len(state.results)}," in state.position()
