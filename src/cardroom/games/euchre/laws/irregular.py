"""An irregular action classified into its irregularity: a card out of turn, a revoke, two cards at once,
a lead before the discard, a declaration out of turn or after passing, and the events (``expose``,
``floor``, ``lift``, ``throw``, ``remark``, ``correct``, ``count``, ``mention``, ``keep``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardroom.core.cards import Card
from cardroom.core.errors import IllegalAction, ParseError, Reason
from cardroom.core.laws import Irregular, RulingOption
from cardroom.core.table import Seat
from cardroom.games.euchre.laws import contexts as ctxt
from cardroom.games.euchre.laws.base import (
    _adversary,
    _after_discard,
    _correct,
    _d,
    _enter_card,
    _led,
    _note,
    _rule,
    _unplayed_next,
    base_plays,
    legal_actions,
    restricted_plays,
)
from cardroom.games.euchre.laws.director import Revoke

if TYPE_CHECKING:
    from cardroom.games.euchre.rules import EuchreHand


_EVENTS = ("expose", "floor", "lift", "throw", "remark", "correct", "count", "mention", "keep")


def _irregular(hand: EuchreHand, action: Irregular) -> None:
    seat = Seat(action.seat)
    word = action.word
    if word in _EVENTS:
        _event(hand, seat, word, action.arg, action)
        return
    words = action.text.split()
    cards: list[Card] = []
    try:
        cards = [Card.parse(w) for w in words]
    except ParseError:
        cards = []
    if cards and hand.phase in ("play", "discard"):
        if len(cards) == 2:
            _two_cards(hand, seat, cards, action)
        elif len(cards) == 1:
            _irregular_card(hand, seat, cards[0], action)
        else:
            raise IllegalAction(Reason("euchre.one_or_two", text=action.to_text()), action=action)
        return
    if hand.phase in ("round1", "round2", "takeover", "discard", "play"):
        _irregular_declaration(hand, seat, action.text, action)
        return
    raise IllegalAction(Reason("euchre.not_irregularity", text=action.to_text()), action=action)


def _holds(hand: EuchreHand, seat: Seat, card: Card, action: Any) -> None:
    if not hand.hands[seat] >> card & 1:
        raise IllegalAction(Reason("euchre.not_held", seat=seat, card=card), action=action)


def _two_cards(hand: EuchreHand, seat: Seat, cards: list[Card], action: Irregular) -> None:
    for c in cards:
        _holds(hand, seat, c, action)
    if hand.phase != "play" or seat != hand.next_seat:
        raise IllegalAction(Reason("euchre.two_cards_turn"), action=action)
    legal = base_plays(hand, seat)
    ok = [c for c in cards if c in legal]
    if not ok:
        raise IllegalAction(Reason("euchre.neither", first=cards[0], second=cards[1]), action=action)
    irr = _note(hand, "two-cards", seat, action, " ".join(str(c) for c in cards))
    _d(hand).exposed[seat] |= cards[0].mask | cards[1].mask
    opts = [RulingOption(f"play-{c}", f"the {c} is played, the other card is exposed") for c in ok]
    _rule(hand, irr, "L46", _adversary(hand, seat), opts, ctxt.TwoCards(seat=seat))


def _irregular_card(hand: EuchreHand, seat: Seat, card: Card, action: Irregular) -> None:
    d = _d(hand)
    _holds(hand, seat, card, action)
    if hand.phase == "discard":
        _lead_before_discard(hand, seat, card, action)
        return
    lone = hand.lone
    if seat == hand.sitting_out:
        if hand.tricks:  # Law 101: the lone player's partner's cards lie face down out of play
            raise IllegalAction(Reason("euchre.out_of_play", seat=seat), action=action)
        irr = _note(hand, "partner-plays", seat, action, str(card))
        _rule(hand, irr, "L100", _adversary(hand, seat), ["partnership", "alone"],
              ctxt.PartnerPlays(seat=seat, card=card))
        return
    if not hand.trick:
        if seat == hand.next_seat:
            if _disobeyed(hand, seat, card, action, leading=True):  # a lead against the suit called
                return
            raise IllegalAction(Reason("euchre.leads_any", seat=seat), action=action)
        if lone is not None and seat == lone:
            _note(hand, "lone-lead-out-of-turn", seat, action, f"{card}: exposed, liable to be called (L104)")
            d.exposed[seat] |= card.mask
            return
        if lone is not None and hand.next_seat == lone and seat.side != lone.side:
            _note(hand, "lead-out-of-turn-vs-lone", seat, action, "both adversaries' hands are exposed (L105)")
            for s in hand.active_seats():
                if s.side != lone.side:
                    d.exposed[s] |= hand.hands[s]
            return
        irr = _note(hand, "lead-out-of-turn", seat, action, str(card))
        _rule(hand, irr, "L52", _adversary(hand, seat), ["call-card", "call-suit", "accept"],
              ctxt.LeadOutOfTurn(seat=seat, card=card))
        return
    if any(s == seat for s, _ in hand.trick):
        raise IllegalAction(Reason("euchre.already_played", seat=seat), action=action)
    if seat == hand.next_seat:
        if _disobeyed(hand, seat, card, action, leading=False):
            return
        irr = _note(hand, "revoke", seat, action, f"{card} on {_led(hand)}")
        d.revokes.append(Revoke(seat, len(hand.tricks), card))
        _enter_card(hand, seat, card)
        if hand.phase == "play" or hand.phase == "over":
            _rule(hand, irr, "L62", _adversary(hand, seat), ["correct", "stand"],
                  ctxt.RevokeMade(seat=seat, card=card, trick=len(hand.tricks) - (0 if hand.trick else 1)))
        return
    # a play out of turn (Laws 58, 59)
    legal = base_plays(hand, seat)
    if card not in legal:
        raise IllegalAction(Reason("euchre.out_of_turn_follow", seat=seat, card=card), action=action)
    partner = seat.partner
    played = {s for s, _ in hand.trick}
    rho = seat.rho if seat.rho != hand.sitting_out else seat.rho.rho
    # Law 59: he plays before his partner while the player before him (the third hand) has not played;
    # Law 58: after the third hand played out of turn, the fourth may play before his partner
    if partner != hand.sitting_out and partner not in played and rho not in played:
        irr = _note(hand, "fourth-before-partner", seat, action, str(card))
        _enter_card(hand, seat, card)
        _rule(hand, irr, "L59", _adversary(hand, seat), ["win", "lose", "waive"], ctxt.PlayRequirement(seat=partner))
        return
    _note(hand, "third-before-second", seat, action, f"{card}: no penalty (L58)")
    _enter_card(hand, seat, card)


def _disobeyed(hand: EuchreHand, seat: Seat, card: Card, action: Irregular, leading: bool) -> bool:
    """Law 54: ``seat``, to play, plays ``card`` against the penalty in force (a lead against the suit
    called, a card other than the one called or required): a revoke, and the card stands. False when the
    card is not open to him even without the penalty."""
    if card in restricted_plays(hand, seat):
        raise IllegalAction(Reason("euchre.may_lead" if leading else "euchre.may_play", seat=seat, card=card),
                            action=action)
    if card not in base_plays(hand, seat):
        return False
    d = _d(hand)
    _note(hand, "disobeyed", seat, action, f"{card} led against the penalty: a revoke (L54)" if leading
          else f"{card} played against the penalty (L54)")
    d.revokes.append(Revoke(seat, len(hand.tricks), card, established=True))
    d.called.pop(seat, None)
    if leading:
        d.lead_restriction = None
    else:
        d.requirement = None
    _enter_card(hand, seat, card)
    return True


def _lead_before_discard(hand: EuchreHand, seat: Seat, card: Card, action: Irregular) -> None:
    d = _d(hand)
    leader = hand.eldest if hand.eldest != hand.sitting_out else hand.laws_next_active(hand.eldest)
    if seat != leader:
        raise IllegalAction(Reason("euchre.first_leader", leader=leader), action=action)
    if d.early_lead is not None:
        raise IllegalAction(Reason("euchre.first_lead_made"), action=action)
    hand.laws_lift(seat, card, played=True)
    d.early_lead = (seat, card)
    lone = hand.lone
    if lone is not None and lone == hand.dealer.rho and seat == hand.dealer.partner:
        irr = _note(hand, "lead-before-discard-lone", seat, action, str(card))
        _rule(hand, irr, "L89", lone, ["highest", "lowest", "win", "lose", "waive"],
              ctxt.PlayRequirement(seat=hand.dealer))
        return
    _note(hand, "lead-before-discard", seat, action, f"{card}: the lead stands; the dealer may change his "
                                                     "discard (L87)")


def _event(hand: EuchreHand, seat: Seat, word: str, arg: str, action: Irregular) -> None:
    d = _d(hand)
    if word == "floor":
        _note(hand, "floor", seat, action, "a card dropped under the table is not exposed (L46)")
        return
    if word == "expose":
        cards = [Card.parse(w) for w in arg.split()]
        if not cards:
            raise IllegalAction(Reason("euchre.name_exposed"), action=action)
        for c in cards:
            _holds(hand, seat, c, action)
        if hand.lone is not None and seat == hand.lone:
            _note(hand, "lone-exposes", seat, action, "no penalty (L104)")
            for c in cards:
                d.shown |= c.mask
            return
        if hand.lone is not None and seat == hand.sitting_out:
            _note(hand, "partner-exposes", seat, action, "a lone march scores only 2 (L102)")
            d.partner_exposed = True
            return
        _note(hand, "exposed", seat, action, " ".join(str(c) for c in cards))
        for c in cards:
            d.exposed[seat] |= c.mask
        if hand.phase in ("round1", "round2", "takeover", "discard"):
            d.no_alone.add(seat)
            _note(hand, "lone-refused", seat, action, "he exposed a card before declaring: no lone hand (L95)")
        return
    if word == "lift":
        tu = hand.turn_up
        if seat != hand.dealer or tu is None or hand.turn_up_state != "taken up":
            raise IllegalAction(Reason("euchre.hide_turn_up"),
                                action=action)
        _note(hand, "lifted-trump", seat, action, f"{tu}: an exposed card (L91)")
        d.exposed[seat] |= tu.mask
        return
    if word == "throw":
        if hand.phase == "round2" and seat == hand.dealer:
            _note(hand, "dealer-binds", seat, action, "the dealer threw his cards: his side passes (L82)")
            d.bars[seat] = 2
            d.bars[seat.partner] = 2
            return
        if hand.phase != "play":
            raise IllegalAction(Reason("euchre.hand_thrown"), action=action)
        lone = hand.lone
        if lone is not None and seat.side != lone.side:
            _note(hand, "abandoned", seat, action, "the lone side scores 5 (L50)")
            d.abandoned = True
            hand.laws_abandon()
            return
        _note(hand, "thrown", seat, action, "his cards are exposed (L48)")
        d.thrown.add(seat)
        d.exposed[seat] |= hand.hands[seat]
        return
    if word == "remark":
        if hand.phase != "play" or not hand.trick:
            raise IllegalAction(Reason("euchre.trick_attention"), action=action)
        partner = seat.partner
        if partner == hand.sitting_out or any(s == partner for s, _ in hand.trick):
            _note(hand, "remark", seat, action, "his partner has played: no penalty (L83)")
            return
        irr = _note(hand, "remark", seat, action, "attention drawn to the trick before the partner played")
        _rule(hand, irr, "L83", _adversary(hand, seat), ["highest", "lowest", "win", "lose", "waive"],
              ctxt.PlayRequirement(seat=partner))
        return
    if word == "correct":
        open_rv = [r for r in d.revokes if r.seat == seat and not r.established and not r.corrected]
        if not open_rv:
            raise IllegalAction(Reason("euchre.no_revoke", seat=seat),
                                action=action)
        _correct(hand, open_rv[-1])
        return
    if word == "count":
        out = hand.laid_down
        if out is None or seat.side == out.side:
            raise IllegalAction(Reason("euchre.count_lone"), action=action)
        n = hand.hands[out].bit_count()
        _note(hand, "count", seat, action, f"{n} cards" + ("" if n == 5 else ": Law 90"))
        return
    if word == "keep":
        if hand.phase != "discard" or seat != hand.dealer:
            raise IllegalAction(Reason("euchre.neglect_discard"), action=action)
        _note(hand, "wrong-cards", seat, action, "the dealer did not discard: the deal stands; his side loses "
                                                 f"{4 if hand.lone is not None else 2} and scores nothing (L90)")
        d.wrong_cards = seat.side
        hand.laws_start_play()
        _after_discard(hand)
        return
    if word == "mention":
        if seat not in hand.passed:
            raise IllegalAction(Reason("euchre.law79"), action=action)
        _note(hand, "mention", seat, action, f"{arg}: his partner must pass (L79)")
        d.bars[seat.partner] = hand.round
        return
    raise IllegalAction(Reason("euchre.unknown_event", word=word), action=action)


def _irregular_declaration(hand: EuchreHand, seat: Seat, text: str, action: Irregular) -> None:
    from cardroom.games.euchre.rules import ActionsText, read_declaration

    d = _d(hand)
    decl = read_declaration(text)
    if decl.kind == "discard":
        if hand.phase == "discard" and seat == hand.dealer and decl.card == hand.turn_up:
            _note(hand, "turn-up-discarded", seat, action, "the turn-up may not be discarded: taken back; he "
                                                           "discards another card (L88)")
            return
        if hand.discard is not None and seat == hand.dealer:
            raise IllegalAction(Reason("euchre.discard_complete"), action=action)
        raise IllegalAction(Reason("euchre.no_discard_due", text=action.to_text(), seat=seat), action=action)
    if decl.kind == "take it":
        lone = hand.lone
        if lone is None or seat != lone.partner:
            raise IllegalAction(Reason("euchre.partner_not_alone", seat=seat), action=action)
        if seat not in hand.passed and hand.phase not in ("play",) and not hand.played:
            raise IllegalAction(Reason("euchre.take_over_in_order"), action=action)
        if hand.tricks:
            raise IllegalAction(Reason("euchre.take_over_late"), action=action)
        _note(hand, "late-takeover", seat, action, "neither may play alone: a partnership hand (L99)")
        hand.laws_set_lone(None)
        if hand.phase == "play":
            if hand.trick:
                hand.laws_set_turn(_unplayed_next(hand))
            else:  # no card yet: the eldest hand leads the partnership hand
                hand.laws_set_turn(hand.eldest, lead=True)
        return
    if decl.kind == "alone" and hand.maker == seat and hand.lone is None:
        if hand.played and not (d.early_lead and hand.played == d.early_lead[1].mask):
            raise IllegalAction(Reason("euchre.lone_after_play"), action=action)
        irr = _note(hand, "late-alone", seat, action, "alone declared after naming the trump (L97)")
        _rule(hand, irr, "L97", _adversary(hand, seat), ["with-partner", "alone"], ctxt.LateAlone(seat=seat))
        return
    if hand.phase not in ("round1", "round2"):
        raise IllegalAction(Reason("euchre.no_declaration_now", text=action.to_text()), action=action)
    if seat in hand.passed and decl.kind in ("accept", "alone") and hand.phase == "round1":
        irr = _note(hand, "late-order", seat, action, "an order or assist after passing (L80)")
        _rule(hand, irr, "L80", _adversary(hand, seat), ["partner-pass", "play-it"], ctxt.LateOrder(seat=seat))
        return
    if seat == hand.next_seat:
        raise IllegalAction(Reason("euchre.declaration_regular", seat=seat,
                                   legal=ActionsText(legal_actions(hand))), action=action)
    if seat == hand.dealer and hand.phase == "round1" and decl.kind in ("turn down", "pass"):
        _note(hand, "dealer-binds", seat, action, "the dealer turned the trump down out of turn: binding on his "
                                                  "partner (L82)")
        d.bars[seat] = 1
        d.bars[seat.partner] = 1
        return
    _note(hand, "declaration-out-of-turn", seat, action, "void: no right is taken away (L82)")
