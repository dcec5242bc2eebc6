"""Reversi bridge (document 000 §«РЕВЕРСИ-БРИДЖ», digest §6.13): each side scores what the opponents take."""

from __future__ import annotations

from cardroom.core.cards import Card
from cardroom.core.deal import Deal
from cardroom.core.table import Seat, Side
from cardroom.games import load
from cardroom.games.oldbridge.calls import OldCall
from cardroom.games.oldbridge.game import StraightBridge
from cardroom.games.oldbridge.reversi import ReversiBridge, ReversiDeal
from oldbridgekit import cli_plays


def _mask(text: str) -> int:
    m = 0
    for c in text.split():
        m |= 1 << Card.parse(c)
    return m


# Z (dealer) = S, A = W, Y = N, B = E. W runs eight top hearts, then S takes the five club tricks:
# the opponents (EW) take 8 tricks, two by cards, and hold three aces (AH AS AD).
HANDS = {
    Seat.WEST: "AH KH QH JH TH 9H 8H 7H 2C 3C 4C 5C 6C",
    Seat.EAST: "6H 5H 4H 3H 2H AS AD 2S 3S 4S 7D 8D 9D",
    Seat.NORTH: "KS QS JS TS 9S 8S 7S 6S 5S TD JD QD KD",
    Seat.SOUTH: "AC KC QC JC TC 9C 8C 7C 2D 3D 4D 5D 6D",
}


def _deal(**options: object) -> ReversiDeal:
    game = load("reversi-bridge", **options)
    assert isinstance(game, ReversiBridge)
    deal = game.new_deal(Seat.SOUTH)
    assert isinstance(deal, ReversiDeal)
    hands = [0, 0, 0, 0]
    for seat, text in HANDS.items():
        hands[seat] = _mask(text)
    deal.apply(Deal(tuple(hands)))
    deal.apply(OldCall.parse("make NT"))  # "сдатчик заказывает бескозырку"
    deal.apply(OldCall.parse("may I lead?"))
    deal.apply(OldCall.parse("yes"))
    return deal


def _play_out(deal: ReversiDeal) -> None:
    """The leader leads his highest card, the others play their lowest legal card."""
    while not deal.is_over:
        legal = [c for c in deal.legal_actions() if isinstance(c, Card)]
        lead = not deal.trick
        deal.apply(max(legal, key=lambda c: c % 13) if lead else min(legal, key=lambda c: c % 13))


def test_reversi_bridge_scoring() -> None:
    """Vector reversi-bridge-scoring: NT by the dealer, the opponents win two by cards and hold thirty
    for aces: the dealer's side writes 24 (2 x 12) below and 30 above."""
    deal = _deal()
    _play_out(deal)
    res = deal.result()
    assert res.won == (5, 8)
    entries = sorted((e.side, e.points, e.below, e.kind) for e in res.entries)
    assert entries == [(Side.NS, 24, True, "tricks"), (Side.NS, 30, False, "honours")]


def test_the_straight_bridge_deal_scores_the_other_way() -> None:
    game = load("straight-bridge")
    assert isinstance(game, StraightBridge)
    straight = game.new_deal(Seat.SOUTH)
    hands = [0, 0, 0, 0]
    for seat, text in HANDS.items():
        hands[seat] = _mask(text)
    straight.apply(Deal(tuple(hands)))
    for call in ("make NT", "may I lead?", "yes"):
        straight.apply(OldCall.parse(call))
    while not straight.is_over:
        legal = [c for c in straight.legal_actions() if isinstance(c, Card)]
        straight.apply(max(legal, key=lambda c: c % 13) if not straight.trick else min(legal, key=lambda c: c % 13))
    deal = _deal()
    _play_out(deal)
    plain = sorted((e.side.other, e.points, e.below, e.kind) for e in straight.result().entries)
    assert plain == sorted((e.side, e.points, e.below, e.kind) for e in deal.result().entries)


def test_the_revoke_penalty_is_reversed() -> None:
    """Laws mode: the offender receives three tricks instead of losing them."""
    deal = _deal(laws=True)
    # trick 1: W leads AH, N (no heart) plays low, E holding hearts revokes with 2S, S discards
    deal.apply(deal.parse_action("AH"))
    deal.apply(deal.parse_action("TD"))
    deal.apply(deal.parse_action("!E 2S"))
    _play_out(deal)
    res = deal.result()
    assert res.revokes == (Side.EW,)
    # EW took res.won[EW] tricks; the offender receives three more from NS: NS scores EW's odd tricks
    ew = res.won[Side.EW] + min(3, res.won[Side.NS])
    tricks = [e for e in res.entries if e.kind == "tricks"]
    assert tricks == [e for e in tricks if e.side == Side.NS]
    assert sum(e.points for e in tricks) == max(0, ew - 6) * 12


def test_the_command_line_plays_a_rubber() -> None:
    assert "The rubber is over" in cli_plays("reversi-bridge")
