"""The euchre bot (src/cardroom/bots/euchre.py) against the advice of document 003.

Each decision test builds a position through the engine (given hands, scripted calls and cards)
and asks the bot, which sees only its seat's view. Each cites the passage of the document
(«советы по игре») it follows; the vectors ``heur-*`` of ../shared/rules/euchre-examples.json
are loaded where they give cards. Seats: North deals (the document's A), East is the eldest hand
(B), South the second hand (C, the dealer's partner), West the third hand (D).
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardroom.bots.base import RandomBot
from cardroom.bots.euchre import (
    EuchreBot,
    Holding,
    Score,
    choose_discard,
    lone_worth,
    should_assist,
    should_order_third,
)
from cardroom.core.cards import Card, CardSet, Suit, piquet_pack
from cardroom.core.game import CHANCE
from cardroom.core.table import Seat
from cardroom.games import load
from cardroom.games.euchre.game import Euchre
from cardroom.games.euchre.ranks import effective_suit, strength, trick_winner
from cardroom.games.euchre.rubber import EuchreMatchView, EuchreRubberState
from cardroom.games.euchre.rules import Bid, Discard, EuchreDeal, EuchreHand

RULES_DIR = Path(__file__).parents[2] / "shared" / "rules"
VECTORS: dict[str, dict[str, Any]] = {
    v["id"]: v for v in json.loads((RULES_DIR / "euchre-examples.json").read_text(encoding="utf-8"))}

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST
DEALER, ELDEST, SECOND, THIRD = N, E, S, W
LETTER = {"A": DEALER, "B": ELDEST, "C": SECOND, "D": THIRD}


# ----------------------------------------------------------------------------- helpers
def deal(given_hands: dict[Seat, str], turn_up: str) -> EuchreDeal:
    """A deal with the given hands; the seats not given get the lowest remaining cards in pack
    order (so they hold nothing that matters), the rest is the stock."""
    used = {Card.parse(turn_up)}
    for h in given_hands.values():
        used |= set(CardSet.parse(h))
    rest = [c for c in piquet_pack() if c not in used]
    rest.sort(key=lambda c: (c.rank, c.suit))
    hands: dict[Seat | str, str] = {}
    for s in Seat:
        if s in given_hands:
            hands[s] = given_hands[s]
        else:
            hands[s] = " ".join(str(c) for c in rest[:5])
            rest = rest[5:]
    return EuchreDeal.of(hands, turn_up)


def position(given_hands: dict[Seat, str], turn_up: str, script: Sequence[str | None] = (),
             score: tuple[int, int] = (0, 0)) -> EuchreHand:
    """A hand dealt by North with the given hands, then the script applied (text = that action,
    None = the bot's choice for the seat to act)."""
    h = Euchre().new_hand(DEALER)
    h.apply(deal(given_hands, turn_up))
    for text in script:
        if text is None:
            h.apply(choose(h, score=score))
        else:
            h.apply(h.parse_action(text))
    return h


def choose(h: EuchreHand, score: tuple[int, int] = (0, 0), **bot_options: Any) -> Any:
    """The bot's action for the seat to act, given the game score (NS, EW) in a match view."""
    seat = h.to_act
    assert seat is not None and seat >= 0
    view = EuchreMatchView(seat, h.view(seat), {"score": {"NS": score[0], "EW": score[1]}})
    action = EuchreBot(seed=0, **bot_options).choose(view)
    assert action in h.legal_actions()
    return action


def text(h: EuchreHand, score: tuple[int, int] = (0, 0), **bot_options: Any) -> str:
    return h.action_text(choose(h, score, **bot_options))


def ns(us: int, them: int, seat: Seat) -> tuple[int, int]:
    """The score (NS, EW) with ``us`` for the side of ``seat``."""
    return (us, them) if seat.side == 0 else (them, us)


# ----------------------------------------------------------------------------- making the trump: eldest
@pytest.mark.parametrize("turn_up", ["KC", "9C", "8C", "7C"])
@pytest.mark.parametrize("others", ["8D 7D", "KH 9H", "9S 7S"])
def test_eldest_orders_with_ace_queen_ten_and_two_of_another_suit(turn_up: str, others: str) -> None:
    """[heur-eldest-order-AQ10] «заказывайте с тремя средними козырями или лучше, и некоторой силой
    в масти, при условии, что вам не на что больше рассчитывать; например, туз, дама, десятка
    перевернутой масти и две карты другой масти»."""
    assert VECTORS["heur-eldest-order-AQ10"]["expected"]["action"] == "order up"
    h = position({ELDEST: f"AC QC 10C {others}"}, turn_up)
    assert text(h) == "order up"


@pytest.mark.parametrize("vid", ["heur-eldest-pass-for-next-1", "heur-eldest-pass-for-next-2"])
def test_eldest_passes_when_he_can_make_it_next(vid: str) -> None:
    """«Не заказывайте (если только у вас нет большой силы), если можете сделать козырем
    «следующую» масть ... В обоих этих случаях пасуйте и делайте козырем «следующую» масть»."""
    v = VECTORS[vid]
    hand = " ".join(v["data"]["hand"])
    h = position({ELDEST: hand}, v["data"]["turn_up"])
    assert v["expected"]["round1"] == "pass"
    assert text(h) == "pass"
    h.apply(h.parse_action("pass"))
    for call in ("pass", "pass", "turn down"):
        h.apply(h.parse_action(call))
    assert v["expected"]["round2_if_turned_down"].startswith("make spades")
    assert text(h) == "make S"


def test_eldest_makes_it_next_and_leads_the_left() -> None:
    """[heur-eldest-make-next-lead-left] «сдающий отверг короля пик, у вас туз, король и семерка
    червей, валет пик и десятка треф: делайте козырем «следующую» масть и заходите с левого
    бауэра»."""
    v = VECTORS["heur-eldest-make-next-lead-left"]
    h = position({ELDEST: " ".join(v["data"]["hand"]), DEALER: "9S 8S 7D 8D 9D"}, v["data"]["turned_down"],
                 [None, "pass", "pass", "turn down"])
    assert h.action_text(h.history[1]) == "pass"  # the bot passed the king of spades
    assert text(h) == "make C"  # next, not hearts (crossing)
    h.apply(h.parse_action("make C"))
    assert h.to_act == ELDEST
    assert text(h) == "JS"


# ----------------------------------------------------------------------------- the second hand
ASSIST_HANDS: dict[str, tuple[str, str]] = {
    # pattern id: (turn-up, the second hand's cards)
    "p1": ("9C", "10C 8C 7C AH 9D"),  # three trumps
    "p2": ("9C", "JC 7C AH 9D 8S"),  # right + a small one
    "p3": ("9C", "JS 7C AH 9D 8D"),  # left + small + outside ace
    "p4": ("9C", "JS 7C KH 9D 8D"),  # left + small
    "p5": ("9C", "10C 7C AH AD 8S"),  # two trumps + two aces
    "p6": ("9C", "AC 7C AH 9D 8S"),  # ace + small + outside ace
    "p6r": ("JC", "AC 7C AH 9D 8S"),  # the same, the right turned up
    "p7": ("9C", "QC 10C AH 9H 8H"),  # two medium trumps + a three-card suit headed by the ace
    "p8": ("9C", "AC 7C KH 9D 8S"),  # ace + small
    "p8k": ("9C", "KC 7C KH 9D 8S"),  # king + small
    "p9": ("JC", "8C 7C KH QD 9S"),  # the right turned up, two small trumps
}


def _second_choice(pattern: str, score: tuple[int, int]) -> str:
    tu, cards = ASSIST_HANDS[pattern]
    h = position({SECOND: cards}, tu, ["pass"])
    return text(h, ns(*score, SECOND))


@pytest.mark.parametrize("pattern", ["p1", "p2", "p3", "p6r"])
def test_second_hand_assists_with_the_listed_hands(pattern: str) -> None:
    """[heur-second-assist-table] «Ассистируйте с тремя козырями. с правым бауэром и еще одной
    картой. с левым бауэром, еще одной картой и посторонним тузом ... всегда, однако, если
    перевернут правый бауэр»."""
    assert VECTORS["heur-second-assist-table"]["expected"][pattern.rstrip("k")] == "assist"
    for score in [(0, 0), (3, 3), (2, 4)]:
        assert _second_choice(pattern, score) == "assist", score


@pytest.mark.parametrize("pattern", ["p4", "p5", "p6", "p7"])
def test_second_hand_assists_depending_on_the_score(pattern: str) -> None:
    """[heur-second-assist-table] «в зависимости от счета, с двумя козырями и двумя тузами. с тузом,
    еще одной картой и посторонним тузом ... с двумя средними козырями и одной мастью из трех
    карт, возглавляемой тузом, в зависимости от счета». The bot's reading: yes at an ordinary
    score, no at the scores the document calls for caution (3–all, 4–3 and 4–2 in our favour)."""
    assert VECTORS["heur-second-assist-table"]["expected"][pattern] == "depends on score"
    assert _second_choice(pattern, (0, 0)) == "assist"
    assert _second_choice(pattern, (3, 3)) == "pass"
    assert _second_choice(pattern, (4, 3)) == "pass"


@pytest.mark.parametrize("pattern", ["p8", "p8k"])
def test_second_hand_ace_or_king_and_one_only_at_four_all_or_four_love(pattern: str) -> None:
    """[heur-second-assist-table p8] «Туз и еще одна карта, король и еще одна карта ... допустимы
    только тогда, когда это оправдано счетом четыре-все или четыре-ноль в вашу пользу»."""
    assert _second_choice(pattern, (0, 0)) == "pass"
    assert _second_choice(pattern, (2, 1)) == "pass"
    assert _second_choice(pattern, (4, 4)) == "assist"
    assert _second_choice(pattern, (4, 0)) == "assist"


def test_second_hand_does_not_assist_the_right_with_two_small_ones() -> None:
    """[heur-second-assist-table p9] «Не ассистируйте с правым бауэром и двумя мелкими картами.
    Ваш партнер обычно знает, что делать с бауэром»."""
    assert VECTORS["heur-second-assist-table"]["expected"]["p9"] == "do not assist"
    assert _second_choice("p9", (0, 0)) == "pass"


# ----------------------------------------------------------------------------- the third hand
THIRD_ORDERS = [
    ("four trumps", "KC QC 10C 8C AH"),
    ("both bowers + one", "JC JS 7C 9H 8D"),
    ("both bowers + outside ace", "JC JS AH 9D 8S"),
    ("three trumps + two aces", "KC 10C 8C AH AD"),
    ("three trumps + a plain suit headed by the ace", "KC 10C 8C AH 9H"),
    ("right + ace + one", "JC AC 7C 9H 8D"),
    ("left + A + K + outside ace", "JS AC KC AH 8D"),
    ("left + A + K + one (plain) suit", "JS AC KC 9H 8H"),
    ("left + K + one + outside ace", "JS KC 7C AH 8D"),
    ("left + Q + one + outside ace", "JS QC 7C AH 8D"),
    ("A + K + one + outside ace", "AC KC 7C AH 8D"),
]


@pytest.mark.parametrize(("pattern", "cards"), THIRD_ORDERS, ids=[p for p, _ in THIRD_ORDERS])
def test_third_hand_orders_with_the_listed_hands(pattern: str, cards: str) -> None:
    """[heur-third-order-table] «Заказывайте с четырьмя козырями. с двумя бауэрами и еще одной
    картой. с двумя бауэрами и посторонним тузом. с тремя козырями и двумя тузами ...»."""
    assert pattern in VECTORS["heur-third-order-table"]["data"]["patterns"]
    h = position({THIRD: cards}, "9C", ["pass", "pass"])
    assert text(h) in ("order up", "alone at C")


def test_third_hand_left_ace_king_depends_on_the_score_and_needs_more_than_first_hand() -> None:
    """«с левым бауэром, тузом, королем, в зависимости от счета»; «Для заказа ... в этой позиции
    требуется более сильная рука, чем на первой руке»: the eldest's A Q 10 + two of a suit is
    ordered by the eldest, passed by the third hand."""
    h = position({THIRD: "JS AC KC 9H 8D"}, "9C", ["pass", "pass"])
    assert text(h, (0, 0)) == "pass"
    assert text(h, (4, 4)) == "order up"
    h = position({THIRD: "AC QC 10C 8D 7D"}, "9C", ["pass", "pass"])
    assert text(h) == "pass"
    h = position({ELDEST: "AC QC 10C 8D 7D"}, "9C")
    assert text(h) == "order up"


def test_third_hand_orders_a_turned_up_right_only_seeing_three_tricks() -> None:
    """«Мудро будет абсолютно ясно видеть путь к трем взяткам, прежде чем заказывать правого
    бауэра»: right + ace + one is ordered, but not when the right is the turn-up (the dealer's)."""
    h = position({THIRD: "JS AC 7C 9H 8D"}, "JC", ["pass", "pass"])
    assert text(h) == "pass"
    h = position({THIRD: "JS AC KC QC 8D"}, "JC", ["pass", "pass"])
    assert text(h) == "order up"


# ----------------------------------------------------------------------------- the dealer
DEALER_TAKES = [
    ("three trumps", "9C", "KC 8C 9H 8D 7S"),
    ("right + A", "AC", "JC KH 9D 8S 7H"),
    ("right + K", "KC", "JC QH 9D 8S 7H"),
    ("right + Q", "QC", "JC KH 9D 8S 7H"),
    ("right + one + one (plain) suit", "7C", "JC KH QH 9H 8H"),
    ("right + one + outside ace", "7C", "JC AH 9D 8S 7H"),
    ("left + A + outside ace", "AC", "JS AH 9D 8S 7H"),
    ("left + one + outside ace + K, Q of a third suit", "8C", "JS AH KD QD 7S"),
    ("A + K + one suit headed by ace (depending on score)", "KC", "AC AH 9H 8H 7D"),
    ("two trumps + two aces", "10C", "8C AH AD 9S 7H"),
]


@pytest.mark.parametrize(("pattern", "turn_up", "cards"), DEALER_TAKES, ids=[p for p, _, _ in DEALER_TAKES])
def test_dealer_takes_up_with_the_listed_hands(pattern: str, turn_up: str, cards: str) -> None:
    """[heur-dealer-takeup-table] «Принимайте с тремя козырями. с правым бауэром и тузом ... с
    двумя козырями и двумя тузами» (the turn-up counted as the dealer's)."""
    assert pattern in VECTORS["heur-dealer-takeup-table"]["data"]["patterns"]
    h = position({DEALER: cards}, turn_up, ["pass", "pass", "pass"])
    assert text(h) in ("take up", "alone at C")


def test_dealer_score_adjustments() -> None:
    """«При счете четыре-все или четыре-ноль в его пользу сдающий может играть с более слабой
    рукой ... Счет три-все и четыре к двум в пользу сдающего требуют более чем обычной
    осторожности»."""
    weak = position({DEALER: "8C KH 9D 9S 7H"}, "AC", ["pass", "pass", "pass"])  # ace + small only
    assert text(weak, ns(0, 0, DEALER)) == "turn down"
    assert text(weak, ns(4, 4, DEALER)) == "take up"
    assert text(weak, ns(4, 0, DEALER)) == "take up"
    rq = position({DEALER: "JC KH 9D 8S 7H"}, "QC", ["pass", "pass", "pass"])  # right + queen
    assert text(rq, ns(0, 0, DEALER)) == "take up"
    assert text(rq, ns(3, 3, DEALER)) == "turn down"
    assert text(rq, ns(4, 2, DEALER)) == "turn down"
    aka = position({DEALER: "AC AH 9H 8H 7D"}, "KC", ["pass", "pass", "pass"])  # by the score
    assert text(aka, ns(0, 0, DEALER)) == "take up"
    assert text(aka, ns(3, 3, DEALER)) == "turn down"


@pytest.mark.parametrize(("vid", "key", "cards", "alone"), [
    ("heur-dealer-discard-1", "discard", "JC 10C AH 7H KD", False),
    ("heur-dealer-discard-2", "discard", "10C AH 7H KD 7D", False),
    ("heur-dealer-discard-3", "discard_partnership", "10C 9C AH KH AD", False),
    ("heur-dealer-discard-3", "discard_lone", "10C 9C AH KH AD", True),
])
def test_dealer_discards_the_lowest_card_of_a_short_suit(vid: str, key: str, cards: str, alone: bool) -> None:
    """«он должен сбросить самую низкую карту короткой масти; например, с тремя козырями, тузом,
    семеркой одной масти и посторонним королем, сбросьте короля ... С двумя козырями (трефы),
    тузом, семеркой червей и королем, семеркой бубен, сбросьте семерку бубен. С тремя козырями
    (трефы), тузом, королем червей и тузом бубен, сбросьте короля червей, за исключением случаев
    игры в одиночку, когда следует сбросить туз бубен». The turn-up 8C makes the trumps given."""
    expected = VECTORS[vid]["expected"][key]
    if expected == "the singleton K":
        expected = "KD"  # vector 1 gives the pattern only: here the king is the ♦K
    h = position({DEALER: cards}, "8C", ["pass", "pass", "pass", "alone at C" if alone else "take up"])
    assert text(h) == f"discard {expected}"


def test_dealer_never_discards_the_turn_up() -> None:
    """Law 88 «Козырная карта не может быть сброшена»: even when it is his lowest card."""
    six = CardSet.parse("7C JC AC AH AD AS").mask
    assert choose_discard(six, Suit.CLUBS, Card.parse("7C")) != Card.parse("7C")


# ----------------------------------------------------------------------------- the second round
def test_second_hand_makes_it_red_when_partner_turned_down_a_black_suit() -> None:
    """«Если ваш партнер отверг черную масть, сделайте козырем красную, если можете, особенно если
    он отверг бауэра»."""
    h = position({SECOND: "JD 10H 9H AS 7C"}, "KC", ["pass", None, "pass", "turn down", "pass"])
    assert h.action_text(h.history[2]) == "pass"
    assert text(h) == "make H"


def test_dealer_makes_with_a_little_less_in_the_second_round() -> None:
    """«Если очередь назначать козырь доходит до сдающего, допустимо сделать это с несколько
    меньшей силой, чем потребовалось бы на трех других руках»: right + one is made by the dealer,
    passed by the third hand."""
    h = position({DEALER: "JH 8H KS 9D 7C"}, "9C", ["pass"] * 4 + ["pass", "pass", "pass"])
    assert text(h) == "make H"
    h = position({THIRD: "JH 8H KS 9D 7C"}, "9C", ["pass"] * 4 + ["pass", "pass"])
    assert text(h) == "pass"


# ----------------------------------------------------------------------------- the first lead (eldest)
def test_eldest_leads_a_trump_when_partner_ordered_up() -> None:
    """[heur-eldest-lead-rules s1, s2] «Всегда заходите козырем, когда ваш партнер заказал или
    назначил козырь. Если у вас нет козыря, играйте своей лучшей картой»."""
    h = position({ELDEST: "KC 8C AH 7D 9S"}, "9C", ["pass", "pass", "order up", None])
    assert h.to_act == ELDEST
    assert Card(choose(h)).suit == Suit.CLUBS
    h = position({ELDEST: "AH KH 9S 8D 7D"}, "9C", ["pass", "pass", "order up", None])
    assert text(h) == "AH"


def test_eldest_leads_trumps_through_the_assisting_hand() -> None:
    """[heur-eldest-lead-rules s3] «Если правый бауэр не перевернут, заходите козырями через руку,
    которая ассистировала»."""
    h = position({ELDEST: "KC QC 8C AH 7D"}, "9C", ["pass", "assist", "pass", None])
    assert Card(choose(h)).suit == Suit.CLUBS


def test_eldest_with_a_large_tenace_leads_a_plain_suit() -> None:
    """[heur-eldest-lead-rules s4] «Имея крупную тенас в козырях, такую как правый бауэр и туз ...
    и не имея посторонних карт особой ценности, ходите с не-козырной масти»."""
    h = position({ELDEST: "JC AC 8H 7D 9S"}, "9C", ["pass", "pass", "pass", "take up", None])
    assert Card(choose(h)).suit != Suit.CLUBS


def test_eldest_with_one_or_two_trumps_and_two_aces_leads_trumps() -> None:
    """[heur-eldest-lead-rules s5] «С одним или двумя козырями и двумя тузами заходите козырями,
    независимо от того, была ли помощь или нет»."""
    h = position({ELDEST: "10C 7C AH AS 8D"}, "9C", ["pass", "pass", "pass", "take up", None])
    assert Card(choose(h)).suit == Suit.CLUBS


def test_both_bowers_and_an_outside_ace_are_led_in_that_order() -> None:
    """[heur-eldest-lead-rules s6] «Если у вас на руках два бауэра и посторонний туз, всегда
    заходите ими в указанном порядке»."""
    h = position({ELDEST: "JC JS AH 8D 7D"}, "9C", ["order up", "pass", None])
    leads: list[str] = []
    while not h.is_over and len(leads) < 3:
        if h.to_act == ELDEST and not h.trick:
            leads.append(text(h))
        h.apply(choose(h))
    assert leads == ["JC", "JS", "AH"]


def test_left_and_a_small_one_lead_the_left_then_the_small_one() -> None:
    """[heur-eldest-lead-rules s7] «Если у вас левый бауэр и мелкая карта, заходите с левого
    бауэра и продолжайте мелкой, если оба противника кладут карты в масть»."""
    hands: dict[Seat | str, str] = {ELDEST: "JS 8C AH 9D 7H", SECOND: "AC 7C KH QH 10H", THIRD: "QS 10S 9S 8S 7S",
             DEALER: "KC 10C 8D 7D QD"}  # the right bower is in the stock
    h = Euchre().new_hand(DEALER)
    h.apply(EuchreDeal.of(hands, "9C"))
    for a in ("order up", "pass", "discard 7D"):
        h.apply(h.parse_action(a))
    assert text(h) == "JS"
    h.apply(h.parse_action("JS"))
    for a in ("7C", "7S", "8D" if False else "10C"):
        h.apply(h.parse_action(a))
    # both adversaries (S and N) followed with trumps: the small one
    assert h.tricks[-1].winner == ELDEST
    assert text(h) == "8C"


def test_against_the_dealers_adoption_lead_the_ace_not_from_king_seven() -> None:
    """[heur-eldest-lead-rules s8] «Если сдающий принимает козырь, избегайте ... захода с мастей
    король, семерка ... По возможности заходите с туза»."""
    h = position({ELDEST: "KH 7H AD 9S 8S"}, "9C", ["pass", "pass", "pass", "take up", None])
    assert text(h) == "AD"


@pytest.mark.parametrize(("made", "cards", "expected"), [("C", "AC 9C 8C AH 7D", "AC"),
                                                          ("H", "AH 9H 8H AC 7D", "8H")])
def test_made_with_the_ace_and_two_others(made: str, cards: str, expected: str) -> None:
    """[heur-eldest-lead-rules s9, s10] «При назначении козыря с тузом и двумя другими картами
    (без короля), заходите с туза в «следующей» масти и с мелкой карты при смене масти»."""
    h = position({ELDEST: cards}, "9S", ["pass", "pass", "pass", "turn down", f"make {made}"])
    assert text(h) == expected


# ----------------------------------------------------------------------------- second and third hand play
def test_second_hand_does_not_ruff_a_small_card_with_the_right_alone_but_does_with_the_left() -> None:
    """«Играя вторым на мелкую карту, не бейте козырем с правым бауэром в одиночку, если это
    первая взятка. Бейте левым бауэром в одиночку, особенно если козырь ... принят вашим
    партнером»."""
    script: list[str | None] = ["pass", "pass", "pass", "take up", None, "7D"]
    h = position({ELDEST: "7D AH KH QH 10H", SECOND: "JC AS KS QS 10S"}, "9C", script)
    assert h.to_act == SECOND
    assert Card(choose(h)).suit == Suit.SPADES  # the right alone: no ruff
    h = position({ELDEST: "7D AH KH QH 10H", SECOND: "JS AS KS QS 10S"}, "9C", script)
    assert text(h) == "JS"  # the left alone: ruff


@pytest.mark.parametrize(("turn_up", "cards", "expected"), [
    ("9C", "JC 8C AH 9D 8S", "JC"),  # right + one: the right
    ("AC", "JC 8C KH 9D 8S", "8C"),  # the ace turned up: the finesse is allowed
    ("9C", "JS 8C AH 9D 8D", "JS"),  # left + one: the left
    ("JC", "JS 8C AH 9D 8D", "8C"),  # unless the right was turned up
])
def test_trumps_led_through_the_assisting_hand(turn_up: str, cards: str, expected: str) -> None:
    """«Когда заходят через вас с правым бауэром и еще одной картой, играйте правым бауэром, за
    исключением случаев, когда перевернут туз — тогда допустим финесс. Когда заходят через вас,
    ассистируя с левым бауэром и еще одной картой, играйте левым бауэром, если только не
    перевернут правый бауэр или туз»."""
    h = position({SECOND: cards, ELDEST: "10C 7S 9H 8H 7H"}, turn_up, ["pass", "assist", "pass", None, "10C"])
    assert h.to_act == SECOND
    assert text(h) == expected


def test_third_hand_ruffs_higher_than_the_turn_up() -> None:
    """«Если вы бьете козырем, обычно хорошо побить перевернутую карту» (the dealer, who holds
    it, plays after the third hand)."""
    h = position({ELDEST: "7H 8D 9D 10D QS", SECOND: "AH KS 9S 8S 7S", THIRD: "KC 9C AS JD QD"}, "10C",
                 ["pass", "pass", "pass", "take up", None, "7H", "AH"])
    assert h.to_act == THIRD
    assert text(h) == "KC"


def test_partners_winning_ace_is_not_trumped() -> None:
    """«Всегда будьте осторожны с тем, как вы разыгрываете свои мелкие карты»: the bot does not
    trump its partner's master card (trumping it is a coup, Cases III and VI)."""
    h = position({ELDEST: "AH 8D 9D 10D QS", SECOND: "7H KS 9S 8S 7S", THIRD: "KC 9C AS JD QD"}, "10C",
                 ["pass", "pass", "pass", "take up", None, "AH", "7H"])
    assert Card(choose(h)).suit != Suit.CLUBS


def test_dealer_shows_the_king_when_his_side_takes_the_first_trick_with_a_trump() -> None:
    """[heur-dealer-info-KC] «перевернута дама треф, вам ассистируют, и у вас на руках король треф.
    Если вы или ваш партнер берете первую взятку козырем, сыграйте королем. Если у вас на руках и
    туз, и король треф, сыграйте тузом»."""
    exp = VECTORS["heur-dealer-info-KC"]["expected"]
    for dealer_cards, card in (("KC 9H 8D 7S 9S", exp["holding_1_play"]), ("KC AC 8D 7S 9S", exp["holding_2_play"])):
        h = position({DEALER: dealer_cards, ELDEST: "10C 7H 8H 9D 10D", SECOND: "JC 7D KH QH 10H",
                      THIRD: "8C AH AD KD QD"}, "QC", ["pass", "assist", "pass", "discard 9S", "10C", "JC", "8C"])
        assert h.to_act == DEALER
        assert text(h) == card


def test_ace_of_ace_king_discarded_on_partners_trick() -> None:
    """[heur-dealer-ace-king-signal] «Если у вас есть туз и король посторонней масти, сбросьте туза
    как можно скорее на взятку партнера, тем самым показывая ему, что у вас есть контроль над
    этой мастью»."""
    h = position({ELDEST: "9H 8D 9D 10D QD", SECOND: "AH KH 9S 8S 7S", THIRD: "10H 7H 7D 8C 7C",
                  DEALER: "AS KS JC AC 8H"}, "10C", ["pass", "pass", "pass", "take up", "discard 8H", "9H", "AH",
                                                     "10H"])
    assert h.to_act == DEALER
    assert text(h) == "AS"


def test_coup_I_the_dealer_does_not_overtrump_with_the_right_alone() -> None:
    """[case-I] «Отказ от перебивания козырем ... Если А перебьет десятку козырей своим правым
    бауэром в первой взятке, он получит юкер»; «это не хороший юкер, если партнер ассистировал»."""
    v = VECTORS["case-I"]["data"]
    hands: dict[Seat | str, str] = {LETTER[k]: " ".join(cards) for k, cards in v["hands"].items() if k != "A"}
    # A's listed hand includes the turn-up 9C; before taking it up he held a card he discarded
    # (not given: the 7S, a card nobody holds, stands in for it)
    hands[DEALER] = " ".join(c for c in v["hands"]["A"] if c != v["turn_up"]) + " 7S"
    trick1 = [c for _, c in v["tricks"][0]["plays"]]
    h = Euchre().new_hand(DEALER)
    h.apply(EuchreDeal.of(hands, "9C"))
    for a in ("pass", "pass", "pass", "take up", "discard 7S", *trick1[:3]):
        h.apply(h.parse_action(a))
    assert text(h) == trick1[3] == "8S"
    # with the partner's assistance the dealer overtrumps
    h = Euchre().new_hand(DEALER)
    h.apply(EuchreDeal.of(hands, "9C"))
    for a in ("pass", "assist", "pass", "discard 7S", *trick1[:3]):
        h.apply(h.parse_action(a))
    assert text(h) == "JC"


def _case(vid: str, discard: str, calls: list[str]) -> tuple[EuchreHand, dict[str, Any]]:
    """A worked case of the document (A deals = North) after its calls and the dealer's discard:
    A's listed hand includes the turn-up; ``discard`` is a card nobody holds standing in for the
    card he put under the pack (the case does not give it)."""
    v = VECTORS[vid]["data"]
    hands: dict[Seat | str, str] = {LETTER[k]: " ".join(cards) for k, cards in v["hands"].items() if k != "A"}
    hands[DEALER] = " ".join(c for c in v["hands"]["A"] if c != v["turn_up"]) + f" {discard}"
    h = Euchre().new_hand(DEALER)
    h.apply(EuchreDeal.of(hands, v["turn_up"]))
    for a in [*calls, f"discard {discard}"]:
        h.apply(h.parse_action(a))
    return h, v


def test_case_II_the_dealer_plays_the_known_turn_up_when_losing() -> None:
    """[case-II] «Ведение через ассистирование»: B leads the right through C's assist; A should play
    the king (the turn-up, known to all) and not the queen, which would tell B where it is."""
    h, v = _case("case-II", "7C", ["pass", "assist", "pass"])
    trick1 = [c for _, c in v["tricks"][0]["plays"]]
    for c in trick1[:3]:
        h.apply(h.parse_action(c))
    assert text(h) == VECTORS["case-II"]["expected"]["recommended_A_play_trick_1"] == "KH"


def test_coup_VII_refusing_to_ruff_with_the_high_trump_against_a_lone_hand() -> None:
    """[case-VII] «Отказ от битья козырем при наличии старшего козыря»: B, holding the left (the
    high trump once the right is out), does not ruff the lone dealer's KS; D wins it with the ace
    and B's left still takes a trick: the lone hand is euchred."""
    h, v = _case("case-VII", "7S", ["pass", "assist", "take it from you"])
    assert h.lone == DEALER
    tricks = [[c for _, c in t["plays"]] for t in v["tricks"]]
    for c in tricks[0] + tricks[1] + tricks[2][:1]:
        h.apply(h.parse_action(c))
    assert h.to_act == ELDEST
    played = Card(choose(h))
    assert played.suit == Suit.HEARTS  # a heart thrown, the JS kept
    assert str(played) in ("9H", "8H")


# ----------------------------------------------------------------------------- lone hands
def test_no_weak_lone_hand_at_even_or_favourable_scores_desperate_chances_when_behind() -> None:
    """[heur-lone-when] «При счете три-все, четыре-все или любом счете в вашу пользу не рискуйте
    слабой одиночной рукой ... При счете четыре-один или четыре-два против вас вы можете пойти на
    отчаянный риск»."""
    exp = VECTORS["heur-lone-when"]["expected"]
    weak = "JC JS AC AS 7H"  # three top trumps, an ace and a small card
    sure = "JC JS AC KC AS"
    for key, us, them in (("s1", 3, 3), ("s2", 4, 4), ("s3", 3, 1)):
        assert exp[key] == "no weak lone hand"
        h = position({ELDEST: weak}, "9C")
        assert text(h, ns(us, them, ELDEST)) == "order up"
        h = position({ELDEST: sure}, "9C")
        assert text(h, ns(us, them, ELDEST)) == "alone at C"
    for key, us, them in (("s4", 1, 4), ("s5", 2, 4)):
        assert exp[key] == "desperate risks allowed"
        h = position({ELDEST: weak}, "9C")
        assert text(h, ns(us, them, ELDEST)) == "alone at C"


def test_lone_positions_eldest_and_dealer_best_second_and_third_weakest() -> None:
    """[heur-lone-positions] «Старшая рука имеет лучшую позицию для игры в одиночку, а сдающий —
    следующую лучшую. Вторая и третья руки имеют самые слабые позиции ..., особенно третья рука,
    если перевернутая карта является козырем, поскольку ... сдающий сбрасывал «следующую» масть,
    а его партнер заходил ею к нему»."""
    cards = "JC JS AC AH KH"
    assert text(position({ELDEST: cards}, "9C")) == "alone at C"
    assert text(position({DEALER: cards}, "7C", ["pass", "pass", "pass"])) == "alone at C"
    assert text(position({SECOND: cards}, "9C", ["pass"])) == "assist"
    assert text(position({THIRD: cards}, "9C", ["pass", "pass"])) == "order up"
    strong_next = "JC JS AC KC AS"  # its plain ace is of the next suit
    assert text(position({SECOND: strong_next}, "9C", ["pass"])) == "alone at C"
    assert text(position({THIRD: strong_next}, "9C", ["pass", "pass"])) == "order up"
    h = Holding(CardSet.parse(strong_next).mask, Suit.CLUBS)
    assert lone_worth(h, "second") and not lone_worth(h, "third", third_custom=True)


def test_against_the_third_hands_lone_hand_the_dealer_discards_next_and_partner_leads_it() -> None:
    """[heur-lone-positions] «стало обычаем, чтобы сдающий сбрасывал «следующую» масть, а его
    партнер заходил ею к нему»."""
    h = position({THIRD: "JC JS AC KC AH", DEALER: "8S 9D 10D KD QH", SECOND: "AS 7S KH 9H 7D"}, "9C",
                 ["pass", "pass", "alone at C"])
    assert text(h) == "discard 8S"
    h.apply(h.parse_action("discard 8S"))
    assert h.to_act == SECOND
    assert Card(choose(h)).suit == Suit.SPADES


def test_against_the_third_hands_lone_hand_in_the_second_round_lead_the_suit_turned_down() -> None:
    """[heur-second-lead-vs-third-lone] «Если ваш партнер отказывается принять перевернутую карту,
    а третья рука заявляет об игре в одиночку, заходите картой той же масти, что и отвергнутая»."""
    v = VECTORS["heur-second-lead-vs-third-lone"]["data"]
    h = position({SECOND: " ".join(v["hand"]), THIRD: "JH JD AH KH QH"}, v["turned_down"],
                 ["pass", "pass", "pass", "turn down", "pass", "pass", "alone at H"])
    assert h.to_act == SECOND
    assert Card(choose(h)).suit == Suit.SPADES


def test_taking_it_from_a_lone_partner() -> None:
    """Law 94 and «Если ваш партнер заявляет об игре в одиночку, а у вас неплохая козырная рука без
    слабостей в не-козырных мастях, хорошим ходом будет взять игру на себя»."""
    h = position({ELDEST: "JC AC 9H 8D 7S", THIRD: "JS KC QC AH AD"}, "9C", ["alone at C"])
    assert h.to_act == THIRD
    assert text(h) == "take it from you"
    h = position({ELDEST: "JC AC 9H 8D 7S", THIRD: "JS KC QC 10H 10D"}, "9C", ["alone at C"])
    assert text(h) == "pass"


def test_bridge_observed_or_not() -> None:
    """[heur-bridge-position] «бридж»: the eldest hand's side 4–1 or 4–2; H6: «Если, однако, бридж
    вообще соблюдается, его следует соблюдать всегда и одинаковым образом» — the option
    ``observe_bridge`` (default off, the authors «сомневаются в целесообразности строгого
    соблюдения бриджа»): observed, the eldest orders up even a weak hand."""
    exp = VECTORS["heur-bridge-position"]
    for key, (us, them) in exp["data"]["eldest_side_score_vs_opponents"].items():
        assert Score(us, them).bridge_for_us == (exp["expected"][key] == "bridge")
    weak = "9C 8H 7D 9S 8S"
    for us, them in ((4, 1), (4, 2)):
        h = position({ELDEST: weak}, "KC")
        assert text(h, ns(us, them, ELDEST)) == "pass"
        assert text(h, ns(us, them, ELDEST), observe_bridge=True) == "order up"
    h = position({ELDEST: weak}, "KC")
    assert text(h, ns(4, 3, ELDEST), observe_bridge=True) == "pass"


# ----------------------------------------------------------------------------- lone defence
def test_lone_defence_example_1_the_fourth_trick_tells_partner_the_suit_kept() -> None:
    """[heur-lone-defence-1] «Старшая рука имеет два мелких козыря, даму червей, даму и семерку
    пик. Зайдите дамой червей. Сдающий ... бьет черву козырем и заходит обоими бауэрами и тузом
    козырей. На четвертой взятке вы играете семеркой пик; ваш партнер, имея туза пик и десятку
    бубен, должен сбросить туза пик и сохранить десятку»."""
    exp = VECTORS["heur-lone-defence-1"]["expected"]
    h = position({ELDEST: "9C 8C QH QS 7S", DEALER: "JC JS AC AD KD", THIRD: "AS 10D KH 9H 8H"}, "10C",
                 ["pass", "pass", "pass", "alone at C", "discard KD"])
    assert text(h) == exp["B_lead_trick_1"]
    h.apply(h.parse_action("QH"))
    h.apply(choose(h))  # West follows with a heart
    h.apply(h.parse_action("10C"))  # the lone dealer ruffs
    for lead in ("JC", "JS"):
        h.apply(h.parse_action(lead))
        h.apply(choose(h))  # East follows with a small trump
        h.apply(choose(h))  # West throws
    h.apply(h.parse_action("AC"))
    assert text(h) == exp["B_card_trick_4"]
    h.apply(choose(h))
    assert CardSet(h.hands[ELDEST]) == CardSet.parse(exp["B_keeps"])
    assert text(h) == exp["D_discards"]
    h.apply(choose(h))
    assert CardSet(h.hands[THIRD]) == CardSet.parse(exp["D_keeps"])


def test_lone_defence_example_2() -> None:
    """[heur-lone-defence-2] «Старшая рука имеет короля треф, короля червей, туза и семерку бубен,
    и десятку пик. Зайдите королем червей, сбросьте десятку пик как можно скорее и сыграйте
    семеркой бубен на четвертой взятке»."""
    v = VECTORS["heur-lone-defence-2"]
    h = position({ELDEST: " ".join(v["data"]["B_hand"]), DEALER: "JC JS AC AH 9S", THIRD: "10C 9C 10H 9H 8H"}, "QC",
                 ["pass", "pass", "pass", "alone at C", "discard 9S"])
    assert text(h) == v["expected"]["lead"]
    h.apply(h.parse_action("KH"))
    h.apply(choose(h))
    h.apply(h.parse_action("AH"))
    h.apply(h.parse_action("JC"))
    assert text(h) == "KC"  # forced
    h.apply(choose(h))
    h.apply(choose(h))
    h.apply(h.parse_action("JS"))
    assert text(h) == v["expected"]["discard_first"]
    h.apply(choose(h))
    h.apply(choose(h))
    h.apply(h.parse_action("AC"))
    assert text(h) == v["expected"]["card_on_trick_4"]


def test_lone_defence_from_equals_keeps_the_second_card() -> None:
    """[heur-lone-defence-equals] «Если вы заходите с равных карт — например, король, дама — и ваш
    противник берет взятку картой этой масти, сбросьте все свои другие карты, какими бы высокими
    они ни были, и сохраните свою вторую карту этой масти»."""
    h = position({ELDEST: "KH QH AS AD 7C", DEALER: "JC JS AC AH 9D"}, "QC",
                 ["pass", "pass", "pass", "alone at C", "discard 9D"])
    assert text(h) == "KH"
    h = position({ELDEST: "KH QH AS AD 7C", DEALER: "JC JS AC AH 9D"}, "QC",
                 ["pass", "pass", "pass", "alone at C", "discard 9D", "KH", None, "AH", "JC", "7C", None])
    h.apply(h.parse_action("JS"))
    first = text(h)
    assert first in ("AS", "AD")
    h.apply(h.parse_action(first))
    h.apply(choose(h))
    h.apply(h.parse_action("AC"))
    assert text(h) in ("AS", "AD")
    assert h.hands[ELDEST] >> Card.parse("QH") & 1


def test_lone_defence_ace_of_spades_shows_control() -> None:
    """[heur-lone-defence-AH-AS-KS] «Если старшая рука имеет туза червей и туза и короля пик
    (козырь — трефа), зайдите тузом червей и прорекламируйте контроль над пиковой мастью, сбросив
    туза как можно скорее»."""
    h = position({ELDEST: "AH AS KS 9C 8C", DEALER: "JC JS AC KC 9D"}, "QC",
                 ["pass", "pass", "pass", "alone at C", "discard 9D"])
    assert text(h) == "AH"
    h.apply(h.parse_action("AH"))
    h.apply(choose(h))
    h.apply(h.parse_action("QC"))
    for lead in ("JC", "JS"):
        h.apply(h.parse_action(lead))
        h.apply(choose(h))
        h.apply(choose(h))
    h.apply(h.parse_action("AC"))
    assert text(h) == "AS"


def test_lone_defence_exception_keep_the_suit_of_partners_king() -> None:
    """[heur-lone-defence-exception] «Если четвертая карта вашего партнера — не-козырный король, а у
    вас есть одна карта этой масти и одна другой, ни одна из которых не была побита козырем,
    сохраните карту той же масти, что и король вашего партнера»."""
    h = position({ELDEST: "10C KH 9S 8S 7S", THIRD: "KS AS 10H 10D 7H", DEALER: "JC JS AC KC 9D"}, "QC",
                 ["pass", "pass", "pass", "alone at C", "discard 9D", "9S", "KS", "QC", "JC", "10C", "7H", "JS",
                  "8S", "AS", "AC", "KH"])
    assert h.to_act == THIRD
    assert text(h) == "10D"


# ----------------------------------------------------------------------------- unit checks of the lists
def test_third_hand_list_is_stricter_than_the_second_hands() -> None:
    """«Для заказа ... в этой позиции требуется более сильная рука»: every hand the third hand
    orders (turn-up not the right) the second hand would assist."""
    rng = random.Random(5)
    tu = Card.parse("9C")
    pack = [c for c in piquet_pack() if c != tu]
    for _ in range(2000):
        cards = rng.sample(pack, 5)
        mask = CardSet(cards).mask
        if should_order_third(Holding(mask, Suit.CLUBS), tu):
            assert should_assist(mask, tu), CardSet(cards)


# ----------------------------------------------------------------------------- legality and hidden information
def _play_hand(seed: int, observe_bridge: bool = False, random_seats: tuple[Seat, ...] = (),
               options: dict[str, Any] | None = None) -> EuchreHand:
    rng = random.Random(seed)
    h = Euchre(**(options or {})).new_hand(Seat(seed % 4))
    h.apply(h.sample_chance(rng))
    bots: dict[Seat, Any] = {s: EuchreBot(seed + s, observe_bridge=observe_bridge) for s in Seat}
    for s in random_seats:
        bots[s] = RandomBot(seed + 10 + s)
    while not h.is_over:
        seat = h.to_act
        assert seat is not None and seat >= 0
        view = h.view(seat)
        action = bots[Seat(seat)].choose(view)
        assert action in view.legal
        h.apply(action)
    return h


@settings(max_examples=100)
@given(seed=st.integers(0, 10**9), observe_bridge=st.booleans(),
       randoms=st.sets(st.sampled_from(list(Seat)), max_size=2),
       options=st.sampled_from(Euchre.configurations()))
def test_bot_actions_are_always_legal(seed: int, observe_bridge: bool, randoms: set[Seat],
                                      options: dict[str, Any]) -> None:
    h = _play_hand(seed, observe_bridge, tuple(randoms), options)
    r = h.result()
    assert r is not None


def test_bot_plays_many_seeded_hands_legally() -> None:
    outcomes = {"thrown": 0, "lone": 0, "euchred": 0}
    for seed in range(400):
        r = _play_hand(seed, options={"sitting_out_dealer_takes_up": seed % 2 == 0}).result()
        assert r is not None
        outcomes["thrown"] += r.thrown_in
        outcomes["lone"] += r.lone is not None
        outcomes["euchred"] += bool(r.score and r.score.euchred)
    assert outcomes["thrown"] < 40  # the four bots make a trump in most hands


@settings(max_examples=40)
@given(seed=st.integers(0, 10**9))
def test_the_first_call_depends_only_on_what_the_seat_sees(seed: int) -> None:
    """The same view (own hand, turn-up) with the other hands dealt differently: the same choice."""
    rng = random.Random(seed)
    d = EuchreDeal.random(rng, DEALER)
    own = d.hands[ELDEST]
    others = [c for c in piquet_pack() if not (own >> c & 1) and c != d.turn_up]
    choices = set()
    for k in range(3):
        rng.shuffle(others)
        hands = [0, 0, 0, 0]
        hands[ELDEST] = own
        rest = [s for s in Seat if s != ELDEST]
        for i, s in enumerate(rest):
            hands[s] = CardSet(others[5 * i:5 * i + 5]).mask
        h = Euchre().new_hand(DEALER)
        h.apply(EuchreDeal((hands[0], hands[1], hands[2], hands[3]), d.turn_up))
        choices.add(h.action_text(EuchreBot(k).choose(h.view(ELDEST))))
    assert len(choices) == 1


# ----------------------------------------------------------------------------- sanity: bots against random play
RUBBERS = 200


class ThreeTrumpBot:
    """A plain baseline: order up, assist, take up or make a suit with any three trumps (the
    turn-up counted for the dealer); discard the lowest plain card; lead the highest card; win a
    trick as cheaply as possible, else play the lowest card."""

    def choose(self, view: Any) -> Any:
        v = view.hand
        legal = list(v.legal)
        t = v.trump
        bids = [a for a in legal if isinstance(a, Bid)]
        if bids:
            if v.phase == "round1":
                extra = 1 << v.turn_up if v.seat == v.dealer else 0
                if Holding(v.hand | extra, v.turn_up.suit).n >= 3:
                    return next(a for a in bids if a.kind in ("order up", "assist", "take up"))
                return next(a for a in bids if a.kind in ("pass", "turn down"))
            if v.phase == "round2":
                for a in bids:
                    if (a.kind == "make" and a.suit is not None and a.suit != v.turn_up.suit
                            and Holding(v.hand, a.suit).n >= 3):
                        return a
            return next(a for a in bids if a.kind == "pass")

        def key(c: Card) -> tuple[bool, int]:
            return (effective_suit(c, t) == t, strength(c, t))

        if isinstance(legal[0], Discard):
            return min(legal, key=lambda d: key(d.card))
        cards = [Card(a) for a in legal]
        if not v.trick:
            return max(cards, key=key)
        plays = [c for _, c in v.trick]
        wins = [c for c in cards if trick_winner([*plays, c], t) == len(plays)]
        return min(wins, key=key) if wins else min(cards, key=key)


def _rubber(seed: int, bot_side: int, other: Any = RandomBot) -> EuchreRubberState:
    state = load("euchre").new_initial_state()
    assert isinstance(state, EuchreRubberState)
    rng = random.Random(seed)
    agents: dict[int, Any] = {}
    for s in Seat:
        if s.side == bot_side:
            agents[s] = EuchreBot(seed * 4 + s)
        else:
            agents[s] = RandomBot(seed * 4 + s) if other is RandomBot else other()
    while not state.is_over:
        if state.to_act == CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        seat = state.to_act
        assert seat is not None
        view = state.view(seat)
        agent = agents[seat]
        assert view.hand is not None
        state.apply(agent.choose(view.hand) if isinstance(agent, RandomBot) else agent.choose(view))
    return state


def test_bot_partnership_beats_random_partnership() -> None:
    """Over 200 seeded rubbers (the bots sit NS in even seeds, EW in odd ones) the bot partnership
    wins clearly. Measured: 200 of 200 rubbers, rubber points about 8.4 a rubber against 0.03.
    The assertion is conservative."""
    won = 0
    points = [0, 0]
    for seed in range(RUBBERS):
        side = seed % 2
        state = _rubber(seed, side)
        w = state.score.winner
        won += int(w is not None and w == side)
        rp = state.score.rubber_points()
        points[0] += rp[side]
        points[1] += rp[1 - side]
    assert won >= 0.85 * RUBBERS
    assert points[0] > 5 * points[1]


def test_bot_partnership_beats_a_three_trump_baseline() -> None:
    """The document's advice against a plain baseline (``ThreeTrumpBot``) over 150 seeded
    rubbers. Measured: 94 of 150 rubbers, rubber points 525 to 339 (627 of 1,000 rubbers,
    3,479 to 2,207, in a longer run). The assertion is conservative."""
    won = 0
    points = [0, 0]
    for seed in range(150):
        side = seed % 2
        state = _rubber(seed, side, ThreeTrumpBot)
        w = state.score.winner
        won += int(w is not None and w == side)
        rp = state.score.rubber_points()
        points[0] += rp[side]
        points[1] += rp[1 - side]
    assert won >= 83  # 55 %
    assert points[0] > 1.2 * points[1]
