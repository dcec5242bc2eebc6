"""What each option chosen under the euchre laws does: one handler per kind of ruling, registered by
its context's type."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardroom.core.cards import Card, Suit
from cardroom.core.laws import REQUIRE, LeadRestriction
from cardroom.games.euchre.laws import contexts as ctxt
from cardroom.games.euchre.laws.base import HANDLERS, _correct, _d, _enter_card, _unplayed_next

if TYPE_CHECKING:
    from cardroom.games.euchre.rules import EuchreHand


@HANDLERS.on(ctxt.LeadOutOfTurn)
def _lead_out_of_turn(hand: EuchreHand, ctx: ctxt.LeadOutOfTurn, option: str) -> None:
    """Law 52: the card called as exposed, a suit called at the side's next lead, or the lead accepted."""
    d = _d(hand)
    seat, card = ctx.seat, ctx.card
    if option == "accept":
        hand.laws_lift(seat, card)
        hand.laws_set_turn(seat, lead=True)
        _enter_card(hand, seat, card)
    elif option == "call-card":
        d.exposed[seat] |= card.mask
    else:
        d.suit_call = seat.side


@HANDLERS.on(ctxt.SuitCall)
def _suit_call(hand: EuchreHand, ctx: ctxt.SuitCall, option: str) -> None:
    """Law 52: the leader must lead the suit named."""
    if option != "waive":
        _d(hand).lead_restriction = LeadRestriction(int(ctx.seat), int(Suit.parse(option[-1])), REQUIRE, law="L52")


@HANDLERS.on(ctxt.TwoCards)
def _two_cards_ruled(hand: EuchreHand, ctx: ctxt.TwoCards, option: str) -> None:
    """Law 46 I: the card the adversaries choose is played; the other stays exposed."""
    _enter_card(hand, ctx.seat, Card.parse(option.split("-", 1)[1]))


@HANDLERS.on(ctxt.ExposedCall)
def _exposed_call(hand: EuchreHand, ctx: ctxt.ExposedCall, option: str) -> None:
    """Law 46: an exposed card called must be played now."""
    if option.startswith("call-"):
        _d(hand).called[ctx.seat] = Card.parse(option.split("-", 1)[1])


@HANDLERS.on(ctxt.PlayRequirement)
def _play_requirement(hand: EuchreHand, ctx: ctxt.PlayRequirement, option: str) -> None:
    """Laws 59, 83, 89: highest, lowest, win or lose, for this trick."""
    if option != "waive":
        _d(hand).requirement = (ctx.seat, option, len(hand.tricks))


@HANDLERS.on(ctxt.RevokeMade)
def _revoke(hand: EuchreHand, ctx: ctxt.RevokeMade, option: str) -> None:
    """Law 62: corrected (Law 69; from the quitted trick if the revoke completed it) or let stand."""
    d = _d(hand)
    rv = next(r for r in reversed(d.revokes) if r.seat == ctx.seat)
    if option == "correct":
        if rv.established:  # the revoke completed the trick: take it back from the quitted trick
            hand.laws_reopen_trick()
            rv.established = False
        _correct(hand, rv)


@HANDLERS.on(ctxt.LateOrder)
def _late_order(hand: EuchreHand, ctx: ctxt.LateOrder, option: str) -> None:
    """Law 80: the partner passes, or the order is played as made."""
    seat = ctx.seat
    if option == "partner-pass":
        _d(hand).bars[seat.partner] = hand.round
        return
    hand.laws_order_up(seat)


@HANDLERS.on(ctxt.LateAlone)
def _late_alone(hand: EuchreHand, ctx: ctxt.LateAlone, option: str) -> None:
    """Law 97: he plays with his partner, or alone."""
    if option == "alone":
        hand.laws_set_lone(ctx.seat)
        if hand.phase == "play" and not hand.trick and hand.next_seat == hand.sitting_out:
            hand.laws_set_turn(hand.laws_next_active(hand.next_seat), lead=True)


@HANDLERS.on(ctxt.PartnerPlays)
def _partner_plays(hand: EuchreHand, ctx: ctxt.PartnerPlays, option: str) -> None:
    """Law 100: the lone hand lost (a partnership hand), or it stands and the card goes back."""
    if option == "alone":
        return
    seat = ctx.seat
    hand.laws_set_lone(None)
    if not hand.trick and seat == hand.eldest and not hand.tricks:
        hand.laws_set_turn(seat, lead=True)
        _enter_card(hand, seat, ctx.card)
    elif not hand.trick:
        hand.laws_set_turn(hand.trick_leader)
    else:
        hand.laws_set_turn(_unplayed_next(hand))
