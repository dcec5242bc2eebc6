"""The declarer-play advice of document 000 (§ auction bridge, digest §7.1) as rules of the old
bridges' computer player: each `advice-*` vector of ``rules/hoyle-bridge-examples.json`` is a
position in which :class:`~cardroom.bots.oldbridge.OldBridgeBot` plays what the document advises.

Positions: the dealer South bids, the others pass, so South declares, North is the dummy and West
leads. Hands are PBN (spades.hearts.diamonds.clubs); the hands not given share the rest of the pack."""

from __future__ import annotations

import copy
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from cardroom.bots.oldbridge import OldBridgeBot
from cardroom.bots.oldbridge_play import advised_card, avoided_lead
from cardroom.core.cards import Card
from cardroom.core.deal import Deal
from cardroom.core.table import Seat
from cardroom.games.oldbridge.calls import PASS, OldCall
from cardroom.games.oldbridge.game import AuctionBridge
from cardroom.games.oldbridge.rules import AuctionDeal
from oldbridgekit import bot_choice, dealt


def _position(bid: str, played: str = "", *, s: str = "", w: str = "", n: str = "", e: str = "") -> AuctionDeal:
    """South's contract ``bid`` with the given hands, after the cards ``played`` (space-separated)."""
    deal: AuctionDeal = dealt(AuctionBridge(), s=s, w=w, e=e, n=n)
    deal.apply(OldCall.parse(bid))
    for _ in range(3):
        deal.apply(PASS)
    for card in played.split():
        deal.apply(Card.parse(card))
    return deal


def _bot_plays(deal: AuctionDeal) -> Card:
    card = bot_choice(deal)
    assert isinstance(card, Card) and card in deal.legal_actions()
    return card


def _c(text: str) -> Card:
    return Card.parse(text)


def test_advice_split_honours_qj_vs_a() -> None:
    """"разыгрывающий держит Д В х х х масти; у болвана Т х х. Ходя с Д или В, болван получает
    возможность сделать финесс так, будто у него Т Д В"."""
    hands = dict(s="QJ832.AK2.AK3.42", n="A54.543.654.AKQ3", w="K76.QJT98.QJ.J65", e="T9.76.T9872.T987")
    deal = _position("1NT", "QH 3H 6H AH", **hands)
    lead = _bot_plays(deal)
    assert lead in (_c("QS"), _c("JS"))  # an honour from the Q J toward the ace
    deal.apply(lead)
    deal.apply(_c("6S"))  # the king does not cover
    assert _bot_plays(deal) == _c("4S")  # the dummy lets it run: the finesse, as if A Q J were in one hand
    # the king covers: the ace takes it
    deal = _position("1NT", f"QH 3H 6H AH {lead} KS", **hands)
    assert _bot_plays(deal) == _c("AS")


def test_advice_split_honours_kj_vs_q() -> None:
    """"Разыгрывающий держит К В х х х; у болвана Д х х. Игра заключается в том, чтобы вынудить
    Туза, как если бы комбинация К Д В х х была в одной руке"."""
    hands = dict(s="KJ832.AK2.AK3.42", n="Q54.543.654.AKQ3", w="A76.QJT98.QJ.J65", e="T9.76.T9872.T987")
    deal = _position("1NT", "QH 3H 6H AH", **hands)
    lead = _bot_plays(deal)
    assert lead.suit == _c("KS").suit and lead in (_c("KS"), _c("JS"))  # an honour, to force out the ace
    deal.apply(lead)
    deal.apply(_c("6S"))
    assert _bot_plays(deal) == _c("4S")  # the dummy's queen is not spent on its partner's honour


def test_advice_second_hand_jack_lead() -> None:
    """"если ходит козырной Валет, у дилера Д 9 7 4, а у болвана А 6 3 2; нет необходимости
    разыгрывать Даму"."""
    deal = _position("1H", "8C 5C KC 2C", s="AK2.Q974.AK3.432", n="543.A632.654.765",
                     w="QJT9.K8.QJT9.J98", e="876.JT5.872.AKQT")
    deal.apply(_c("JH"))  # the trump jack led by the right-hand opponent
    assert _bot_plays(deal) == _c("4H")  # second hand does not cover
    # the mirror: the dummy second hand with A 6 3 2 does not play the ace on the jack
    deal = _position("1H", "JH", s="AK2.Q974.AK3.432", n="543.A632.654.765",
                     w="QJT9.JT5.QJT.J98", e="876.K8.9872.AKQT")
    assert _bot_plays(deal) == _c("2H")


def test_advice_aq9_on_jack() -> None:
    """"Имея Т Д 9, когда у партнера К и другие, лучше всего сыграть Тузом на ход Валета"."""
    deal = _position("1NT", "JS", s="K4.AKQ.AKQ2.5432", n="AQ9.5432.543.876",
                     w="JT876.JT9.JT9.AK", e="532.876.876.QJT9")
    assert _bot_plays(deal) == _c("AS")


def test_advice_duck_for_ruff() -> None:
    """"Если у дилера есть Туз и несколько других карт масти, с которой был ход, а у болвана только
    две мелкие карты, можно с уверенностью обеспечить принудительный ход, пропустив первый круг"."""
    deal = _position("1S", "KH 4H 2H", s="AKQJ2.A753.A2.32", n="8765.94.8765.A54",
                     w="43.KQJT8.KQJ.KQJ", e="T9.62.T943.T9876")
    assert _bot_plays(deal) == _c("3H")  # duck the first round
    deal.apply(_c("3H"))
    deal.apply(_c("QH"))  # the second round: the dummy's last heart, the ace wins
    deal.apply(_c("9H"))
    deal.apply(_c("6H"))
    assert _bot_plays(deal) == _c("AH")


def test_advice_guarded_honours_both_hands() -> None:
    """"Если у дилера Д х х, а у болвана В х, они должны взять взятку в этой масти, если сыграют
    мелкой картой на второй руке и избегут хода в эту масть"."""
    hands = dict(s="AK32.AK2.Q73.AK2", n="QJ54.543.J5.6543", w="T9.QJT9.AK962.QJ", e="876.876.T84.T987")
    deal = _position("1NT", "6D", **hands)
    assert _bot_plays(deal) == _c("5D")  # the dummy second hand plays small
    deal = _position("1NT", "QH 3H 6H AH", **hands)
    view, legal = deal.view(Seat.SOUTH), [c for c in deal.legal_actions() if isinstance(c, Card)]
    for diamond in ("QD", "7D", "3D"):  # a diamond lead is replaced: a master card of another suit
        instead = avoided_lead(view, _c(diamond), legal)
        assert instead is not None and instead.suit != _c("QD").suit and instead in (_c("AS"), _c("KS"), _c("KH"),
                                                                                        _c("AC"), _c("KC"))
    assert avoided_lead(view, _c("2S"), legal) is None  # another suit's lead stands
    for _ in range(3):  # the dealer leads, and never the diamonds
        lead = _bot_plays(deal)
        assert lead.suit != _c("QD").suit
        deal.apply(lead)
        while deal.trick:
            deal.apply(_bot_plays(deal))
        if deal.view(Seat.SOUTH).trick_leader != Seat.SOUTH:
            break


def test_advice_finesse_definition() -> None:
    """"Предположим, у вас есть Туз и Дама в руке, которая длиннее в масти, и вы ходите мелкой картой
    из более короткой руки. Если вы играете Дамой, это финесс"; not with nine cards between the hands."""
    deal = _position("1NT", "QH 3H 6H AH 2S 6S", s="42.AK2.AK32.AK32", n="AQ853.543.654.54",
                     w="K76.QJT98.QJ.J76", e="JT9.76.T987.QT98")
    assert _bot_plays(deal) == _c("QS")  # the finesse
    deal = _position("1NT", "QH 3H 6H AH 2S TS", s="7642.AK2.AK3.AK2", n="AQ853.543.654.54",
                     w="KT.QJT98.QJ2.J76")
    assert _bot_plays(deal) == _c("AS")  # nine cards: the king is likely to drop, no finesse


def test_advice_double_finesse() -> None:
    """"Когда потребуется сделать два финесса в одной масти, ход должен дважды исходить от более
    слабой руки ... Т Д В ... Т В 10"."""
    hands = dict(s="AQJ2.AK2.AK2.K32", n="543.543.543.AQJ4", w="K76.QJT98.QJ.987", e="T98.76.T9876.T65")
    deal = _position("1NT", "9C JC 5C 2C 3S", **hands)  # the dummy won: a spade from the weaker hand
    deal.apply(_c("8S"))
    assert _bot_plays(deal) == _c("JS")  # the first finesse, with the J
    hands = dict(s="AJT2.AK2.AK2.K32", n="543.543.543.AQJ4", w="KQ7.QJT98.QJ.987", e="986.76.T9876.T65")
    deal = _position("1NT", "9C JC 5C 2C 3S 6S", **hands)
    assert _bot_plays(deal) == _c("TS")  # with A J 10: the 10 first


def test_advice_duck_long_suit() -> None:
    """"Предположим, болван держит шесть треф до Туза-Короля и ни одной другой взятки в руке. У дилера
    всего две мелкие трефы" -- duck the first round."""
    hands = dict(s="AKQ2.AK2.AK32.76", n="543.543.5.AK5432", w="JT9.QJT98.QJ4.Q8", e="876.76.T9876.JT9")
    deal = _position("1NT", "QH 3H 6H AH", **hands)
    assert _bot_plays(deal) == _c("6C")  # a club from the dealer's two small ones
    deal.apply(_c("6C"))
    deal.apply(_c("8C"))
    assert _bot_plays(deal) == _c("2C")  # the dummy ducks the first round
    deal.apply(_c("2C"))
    deal.apply(_c("9C"))  # East wins; later the second club finds the ace and king
    deal.apply(_c("7H"))
    while deal.trick:
        deal.apply(_bot_plays(deal))
    assert deal.view(Seat.SOUTH).trick_leader == Seat.SOUTH
    lead = _bot_plays(deal)
    if lead == _c("7C"):
        deal.apply(lead)
        deal.apply(_c("QC"))
        assert _bot_plays(deal) in (_c("AC"), _c("KC"))


def test_advice_hold_up() -> None:
    """"Когда дилер опасается масти, открытой против него, и имеет в ней лишь одну выигрышную карту,
    такую как Туз, он должен придерживать эту карту" -- until third hand has none to return."""
    deal = _position("1NT", "KH 2H 4H", s="AK2.A73.AK32.K32", n="543.92.Q654.AQJ4",
                     w="Q76.KQJ85.J7.T65", e="JT98.T64.T98.987")
    assert _bot_plays(deal) == _c("3H")  # the first round held up
    deal.apply(_c("3H"))
    deal.apply(_c("QH"))
    deal.apply(_c("9H"))
    deal.apply(_c("6H"))
    assert _bot_plays(deal) == _c("7H")  # the second round too: East may hold a third heart
    deal.apply(_c("7H"))
    deal.apply(_c("JH"))
    deal.apply(_c("5S"))
    deal.apply(_c("TH"))
    assert _bot_plays(deal) == _c("AH")  # East has no more hearts to return: the ace wins


def test_advice_preserve_reentry() -> None:
    """"Предположим, что длинная масть болвана -- трефы, но Туз против него, а единственная его
    выигрышная карта вне ее -- бубновый Туз. Если ходят бубнами, и у дилера есть Дама"."""
    deal = _position("1NT", "7D", s="AK2.AK2.Q52.5432", n="43.543.A43.KQJT9",
                     w="QJT9.QJT9.KJ7.A6", e="8765.876.T986.87")
    assert _bot_plays(deal) == _c("3D")  # the dummy keeps its ace as the re-entry
    deal.apply(_c("3D"))
    deal.apply(_c("6D"))
    assert _bot_plays(deal) == _c("QD")  # the lead comes to the dealer's hand


@settings(max_examples=25, deadline=None)
@given(st.randoms(use_true_random=False), st.sampled_from(["1NT", "1H", "2S", "1C"]), st.integers(0, 40))
def test_advice_sees_only_the_declarers_view(rng: random.Random, bid: str, plays: int) -> None:
    """Whatever the position, the advised card is legal or there is none, and it is the same when the
    defenders' unseen cards are dealt otherwise between them (the declarer sees his hands only)."""
    cards = list(range(52))
    rng.shuffle(cards)
    hands = [0, 0, 0, 0]
    for i, c in enumerate(cards):
        hands[i % 4] |= 1 << c
    deal = AuctionBridge().new_deal(Seat.SOUTH)
    deal.apply(Deal(tuple(hands)))
    deal.apply(OldCall.parse(bid))
    for _ in range(3):
        deal.apply(PASS)
    bots = [OldBridgeBot(i) for i in range(4)]
    for _ in range(plays):
        seat = deal.to_act
        assert seat is not None and seat >= 0
        deal.apply(bots[seat].choose(deal.view(seat)))
    if deal.to_act != Seat.SOUTH or (not deal.trick and not deal.tricks):
        return
    view = deal.view(Seat.SOUTH)
    legal = [c for c in deal.legal_actions() if isinstance(c, Card)]
    card = advised_card(view, legal)
    assert card is None or card in legal
    # the same position with the defenders' unplayed cards dealt again between them
    east, west = deal.hands[Seat.EAST], deal.hands[Seat.WEST]
    pool = [c for c in range(52) if (east | west) >> c & 1]
    rng.shuffle(pool)
    other = copy.deepcopy(deal)
    n_east = east.bit_count()
    other.hands[Seat.EAST] = sum(1 << c for c in pool[:n_east])
    other.hands[Seat.WEST] = sum(1 << c for c in pool[n_east:])
    assert advised_card(other.view(Seat.SOUTH), legal) == card
