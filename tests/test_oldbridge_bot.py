"""The old-bridge bot: the document's make, doubling and lead advice (digest §7.3–7.4), and whole
rubbers of bots for both games."""

from __future__ import annotations

import random

import pytest

from cardroom.bots.oldbridge import OldBridgeBot
from cardroom.core.cards import Card, Suit
from cardroom.core.game import CHANCE
from cardroom.core.table import Seat
from cardroom.games.oldbridge.calls import DOUBLE, LEAVE, PASS, OldCall
from cardroom.games.oldbridge.game import AuctionBridge, StraightBridge
from cardroom.games.oldbridge.rubber import OldSheet
from cardroom.games.oldbridge.rules import StraightDeal
from cardroom.games.oldbridge.variants import StraightRules
from oldbridgekit import bot_choice, dealt

# the dealer Z sits at S; A = W, Y = N, B = E.  Hands are PBN: spades.hearts.diamonds.clubs


def _deal(s: str, w: str = "", e: str = "", n: str = "") -> StraightDeal:
    """A deal with the given hands; the hands not given share the rest of the pack in turn."""
    deal: StraightDeal = dealt(StraightBridge(), s=s, w=w, e=e, n=n)
    return deal



def test_advice_bridge_ak_lead() -> None:
    """"Если дилер объявил красный козырь, а у A есть Т К любой простой масти, он должен сыграть Королем"."""
    deal = _deal(s="432.AKQ732.AKQ.2", w="AKQ.6.7632.AK765")
    assert bot_choice(deal) == OldCall.make(Suit.HEARTS)  # the dealer makes hearts
    deal.apply(OldCall.make(Suit.HEARTS))
    deal.apply(PASS)
    deal.apply(PASS)
    lead = bot_choice(deal)
    assert lead in (Card.parse("KS"), Card.parse("KC"))


def test_advice_bridge_doubled_nt_heart() -> None:
    """"конвенцией игры является то, что A ходит червой, если B удваивает бескозырную игру"."""
    deal = _deal(s="AK6.KQJ.AKQJ.432", w="QJT987.T9876.T9.", e="5.A5.5.AKQJT9876")
    deal.apply(OldCall.make(4))  # the dealer: no trumps
    deal.apply(PASS)  # A: "may I lead?"
    assert bot_choice(deal) == DOUBLE  # B: seven sure clubs and the heart ace
    deal.apply(DOUBLE)
    deal.apply(PASS)
    deal.apply(PASS)
    lead = bot_choice(deal)
    assert isinstance(lead, Card) and lead.suit == Suit.HEARTS and lead == Card.parse("10H")  # his best heart


def test_make_no_trumps_with_three_or_four_aces() -> None:
    deal = _deal(s="A76.A76.A76.A876")
    assert bot_choice(deal) == OldCall.make(4)  # four aces: always no trumps
    deal = _deal(s="A76.A76.A76.8764")
    assert bot_choice(deal) == OldCall.make(4)  # three aces


def test_seven_clubs_with_four_honours_and_the_score() -> None:
    hands = {"s": "T6.T6.76.AKQJ876"}
    deal = _deal(**hands)
    assert bot_choice(deal) == OldCall.make(Suit.CLUBS)  # "дилер должен объявить трефы"
    # …except when the opponents have won the first game and have about 20 in the second
    sheet = OldSheet.for_rules(StraightRules())
    from cardroom.core.table import Side

    sheet.games.append(Side.EW)
    sheet.below[Side.EW] = 20
    deal = _deal(**hands)
    assert OldBridgeBot(1).make(deal.view(Seat.SOUTH), sheet) == LEAVE


def test_dealer_leaves_a_middling_hand_and_partner_must_name() -> None:
    deal = _deal(s="K98.A76.Q87.J876")
    assert bot_choice(deal) == LEAVE
    deal.apply(LEAVE)
    choice = bot_choice(deal)
    assert isinstance(choice, OldCall) and choice.is_make


@pytest.mark.parametrize("name,options", [("straight-bridge", {}), ("auction-bridge", {}),
                                          ("auction-bridge", {"nullo": True})])
def test_bots_finish_rubbers(name: str, options: dict[str, object]) -> None:
    makes: set[str] = set()
    for seed in range(6):
        game = AuctionBridge(**options) if name == "auction-bridge" else StraightBridge(**options)
        state = game.new_initial_state()
        rng = random.Random(seed)
        bots = [OldBridgeBot(seed * 4 + i) for i in range(4)]
        steps = 0
        while not state.is_over:
            if state.to_act == CHANCE:
                state.play_chance(rng)
                continue
            seat = state.to_act
            assert seat is not None
            state.apply(bots[seat].choose(state.view(seat)))
            steps += 1
            assert steps < 20000
        assert state.sheet.winner is not None
        assert len(state.results) <= 20
        makes.update(r.contract.text.rstrip("X")[-2:].lstrip("0123456789") for r in state.results
                     if r.contract is not None)
    assert "NT" in makes or "H" in makes or "D" in makes  # not only defensive black makes


def test_nullo_play_ducks() -> None:
    bot = OldBridgeBot(0)
    state = AuctionBridge(nullo=True).new_initial_state()
    rng = random.Random(5)
    state.play_chance(rng)
    state.play_chance(rng)
    deal = state.deal
    assert deal is not None
    deal_dealer = deal.dealer
    deal.apply(OldCall.parse("1S"))
    for _ in range(1):
        deal.apply(PASS)
    deal.apply(OldCall.parse("2 nullo"))
    for _ in range(3):
        deal.apply(PASS)
    assert deal.declarer == deal_dealer.partner
    while not deal.is_over:
        seat = deal.to_act
        assert seat is not None
        view = deal.view(seat)
        card = bot.choose(view)
        if deal.trick:
            led = deal.trick[0] // 13
            from cardroom.core.tricks import natural_winner

            under = [c for c in view.legal if isinstance(c, Card) and natural_winner([*deal.trick, c], None)
                     != len(deal.trick)]
            if under:  # a card that does not win the trick so far is played when there is one
                assert natural_winner([*deal.trick, card], None) != len(deal.trick)
            del led
        deal.apply(card)
