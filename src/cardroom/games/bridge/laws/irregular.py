"""An irregular action classified into its irregularity: a call out of turn, insufficient or inadmissible,
a card exposed, a lead out of turn, a revoke, a premature play, an event (``expose``, ``remark``,
``change``, ``look``, ``warn``, ``ask``, ``show``, ``reshuffle``). Each puts its law's ruling to the
chooser or has its automatic effect."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardroom.core.cards import SUIT_MASKS, Card
from cardroom.core.errors import IllegalAction, ParseError, Reason
from cardroom.core.laws import Chooser, Irregular
from cardroom.core.table import Seat
from cardroom.games.bridge.calls import DOUBLE, PASS, REDOUBLE, Call
from cardroom.games.bridge.laws import contexts as ctxt
from cardroom.games.bridge.laws.actions import Claim, parse_irregular_call
from cardroom.games.bridge.laws.base import (
    _declarer_side,
    _is_defender,
    _note,
    _plain,
    _rule,
    _substitute,
    base_plays,
    laws_of,
)
from cardroom.games.bridge.laws.director import LeadRight, Revoke
from cardroom.games.bridge.laws.handlers_auction import _replace_last_call
from cardroom.games.bridge.laws.handlers_play import _claim, _start_correction
from cardroom.games.bridge.laws.table import SUIT_LETTERS, _l25_options, _suit_index, all_lead_option_names
from cardroom.i18n.catalogue import Phrase

if TYPE_CHECKING:
    from cardroom.games.bridge.rules import BridgeDeal


def _lead_belongs(card: Card, turn: Seat) -> Phrase:
    """The detail of a lead out of turn: the card, and whose lead it was."""
    return Phrase("bridge.r.lead_belongs", card=card.pretty, turn=Phrase(f"seat.{turn.letter}"))


def _irregular(deal: BridgeDeal, action: Irregular) -> None:
    seat = Seat(action.seat)
    word = action.word
    if word in ("expose", "remark", "correct", "change", "look", "warn", "ask", "show", "reshuffle"):
        _event(deal, seat, word, action.arg, action)
        return
    if deal.phase == 0:
        raise IllegalAction(Reason("bridge.not_dealt_reshuffle"), action=action)
    if deal.phase == 3:
        raise IllegalAction(Reason("bridge.deal_over"), action=action)
    if deal.phase == 1:
        # the auction: a call (a bid over seven too); a card is written '!W play 4S' (or one that is no call)
        if word in ("play", "lead"):
            _exposed_in_auction(deal, seat, [Card.parse(action.arg)], premature=True, action=action)
            return
        try:
            parse_irregular_call(action.text)
        except ParseError:
            card = Card.parse(action.text)
            _exposed_in_auction(deal, seat, [card], premature=True, action=action)
            return
        _irregular_call(deal, seat, action.text, action)
        return
    # the play: a card; a call after the auction is written '!N call 5H' (or one that is no card: P, X, XX)
    if word in ("call", "bid"):
        parse_irregular_call(action.arg)
        _call_after_auction(deal, seat, action.arg, action)
        return
    try:
        card = Card.parse(action.text)
    except ParseError:
        try:
            parse_irregular_call(action.text)
        except ParseError:
            raise IllegalAction(Reason("bridge.not_card_call_event", action=action.to_text()), action=action) from None
        _call_after_auction(deal, seat, action.text, action)
        return
    _irregular_card(deal, seat, card, action)


def _irregular_call(deal: BridgeDeal, seat: Seat, text: str, action: Irregular) -> None:
    d = laws_of(deal)
    parsed = parse_irregular_call(text)
    lho = Chooser.OFFENDER_LHO  # either opponent: the offender's LHO acts
    entitled = (seat.lho, seat.rho)
    if isinstance(parsed, tuple):
        irr = _note(deal, "bid-over-seven", seat, action, f"{parsed[0]}{parsed[1].letter}")
        _rule(deal, irr, "L19", lho, entitled, ("accept", "enforce"), ctxt.OverSeven(seat=seat, waivable=True))
        return
    call = parsed
    turn = deal.next_seat
    if seat != turn and turn in d.bars and seat == turn.lho and d.substitute is None and not d.must_call:
        # L15: a call made without waiting for the pass of an RHO obliged to pass is in turn
        deal.laws_enter_call(turn, PASS)
        _note(deal, "barred-pass-entered", turn, action, "the barred player's pass is entered (L15)")
        if deal.phase != 1:
            raise IllegalAction(Reason("bridge.closed_barred"), action=action)
        turn = deal.next_seat
    if seat == turn:
        if d.substitute is not None and d.substitute.seat == seat:
            _substitute(deal, seat, call)
            return
        if seat in d.bars and call != PASS:
            irr = _note(deal, "barred-call", seat, action, str(call))
            _rule(deal, irr, "L19", lho, entitled, ("accept", "enforce"), ctxt.BarredCall(seat=seat, call=call,
                  waivable=True))
            return
        if call.is_bid and deal.last_bid is not None and call <= deal.last_bid:
            irr = _note(deal, "insufficient-bid", seat, action, f"{call} after {deal.last_bid}")
            _rule(deal, irr, "L9", lho, entitled, ("accept", "correct"), ctxt.InsufficientBid(seat=seat, call=call,
                  waivable=True))
            return
        if call in (DOUBLE, REDOUBLE) and call not in deal.legal_calls():
            irr = _note(deal, "inadmissible-double", seat, action, str(call))
            _rule(deal, irr, "L18", lho, entitled, ("accept", "correct"), ctxt.InadmissibleDouble(seat=seat, call=call,
                  waivable=True))
            return
        _plain(deal, call)
        return
    rel = "rho" if turn == seat.rho else "partner" if turn == seat.partner else "lho"
    if rel == "lho":
        # the offender calls again at his LHO's turn: an attempt to change his call (L8)
        _event(deal, seat, "change", str(call), action)
        return
    kind = "pass" if call == PASS else "bid" if call.is_bid else "double"
    law = {"pass": "L16", "bid": "L17", "double": "L18"}[kind]
    irr = _note(deal, f"{kind}-out-of-turn", seat, action, f"{call} at {turn}'s turn ({rel})")
    _rule(deal, irr, law, lho, entitled, ("accept", "cancel"), ctxt.OutOfTurnCall(seat=seat, call=call,
          rel=rel, ckind=kind, no_calls=not deal.calls, no_bid=deal.last_bid is None, turn=turn, waivable=True))


def _call_after_auction(deal: BridgeDeal, seat: Seat, text: str, action: Irregular) -> None:
    d = laws_of(deal)
    parsed = parse_irregular_call(text)
    _note(deal, "call-after-auction", seat, action, f"{text}: cancelled")
    if _is_defender(deal, seat) and parsed != PASS:
        d.lead_rights.append(LeadRight("L20", seat.side, seat.partner, all_lead_option_names(),
                                       opening_only=False))


def _exposed_in_auction(deal: BridgeDeal, seat: Seat, cards: list[Card], premature: bool, action: Irregular) -> None:
    d = laws_of(deal)
    mask = 0
    for c in cards:
        if not deal.hands[seat] >> c & 1:
            raise IllegalAction(Reason("bridge.not_held", seat=seat, card=c), action=action)
        mask |= 1 << c
    single_low = len(cards) == 1 and cards[0].rank < 10 and not premature
    _note(deal, "exposed-in-auction", seat, action, " ".join(str(c) for c in cards) +
          (" (no penalty)" if single_low else ""))
    if single_low:
        return
    d.auction_exposed[seat] |= mask
    if d.bars.get(seat.partner, 1) is not None:
        d.bars[seat.partner] = 1


def _event(deal: BridgeDeal, seat: Seat, word: str, arg: str, action: Irregular) -> None:
    d = laws_of(deal)
    phase = deal.phase
    if word == "reshuffle":
        if deal.rules.laws_online:
            raise IllegalAction(Reason("bridge.online_shuffle"), action=action)
        if phase != 0:
            raise IllegalAction(Reason("bridge.reshuffle_late"),
                                action=action)
        _note(deal, "reshuffle", seat, action, "granted: the pack is shuffled and cut again")
        return
    if phase == 0:
        raise IllegalAction(Reason("bridge.not_dealt"), action=action)
    if phase == 3:
        raise IllegalAction(Reason("bridge.deal_over"), action=action)
    if word == "expose":
        cards = [Card.parse(x) for x in arg.replace(",", " ").split()]
        if phase == 1:
            if not cards:
                raise IllegalAction(Reason("bridge.name_exposed"), action=action)
            _exposed_in_auction(deal, seat, cards, premature=False, action=action)
            return
        if seat == deal.declarer and not cards:
            _note(deal, "declarer-faces-hand", seat, action, "treated as a claim of the remaining tricks (L22)")
            _claim(deal, Claim(seat, 13 - len(deal.tricks)), law_kind="declarer-faces-hand")
            return
        for c in cards:
            if not deal.hands[seat] >> c & 1:
                raise IllegalAction(Reason("bridge.not_held", seat=seat, card=c), action=action)
        if not cards:
            raise IllegalAction(Reason("bridge.name_exposed"), action=action)
        if _is_defender(deal, seat):
            for c in cards:
                d.penalty[seat] |= 1 << c
            _note(deal, "exposed-card", seat, action, "penalty card(s) " + " ".join(map(str, cards)))
        else:
            _note(deal, "declarer-exposed", seat, action, "no penalty (L22)")
        return
    if word == "remark":
        target_suit, target_mask = -1, 0
        if arg:
            try:
                c = Card.parse(arg)
                target_mask = 1 << c
            except ParseError:
                target_suit = _suit_index(arg)
        if phase == 1:
            irr = _note(deal, "remark-auction", seat, action, arg)
            _rule(deal, irr, "L5", Chooser.OFFENDER_LHO, (seat.lho, seat.rho), ("accept", "side-pass"),
                  ctxt.AuctionRemark(seat=seat))
            return
        if seat == deal.declarer:
            _note(deal, "remark-declarer", seat, action, "declarer is not penalised (L5)")
            return
        if seat == deal.dummy:
            assert deal.declarer is not None
            irr = _note(deal, "remark-play", seat, action, arg)
            _rule(deal, irr, "L5", Chooser.DEFENDERS, (deal.declarer.lho, deal.declarer.rho), ("forbid", "waive"),
                  ctxt.PlayRemark(seat=seat, target=deal.declarer, suit=target_suit, mask=target_mask))
            return
        assert deal.declarer is not None
        irr = _note(deal, "remark-play", seat, action, arg)
        _rule(deal, irr, "L5", Chooser.DECLARER, (deal.declarer,), ("forbid", "waive"), ctxt.PlayRemark(seat=seat,
              target=seat.partner, suit=target_suit, mask=target_mask))
        return
    if word in ("correct", "change"):
        if phase != 1:
            raise IllegalAction(Reason("bridge.change_in_auction"), action=action)
        new = Call.parse(arg)
        if d.pending is not None and d.context.seat == seat:
            _note(deal, "change-of-call", seat, action, f"{arg}: the call is illegal; {d.pending.law.number} applies")
            return
        mine = [i for i, s in enumerate(d.call_seats) if s == seat]
        if not mine:
            raise IllegalAction(Reason("bridge.no_call_to_change", seat=seat), action=action)
        last_is_mine = mine[-1] == len(deal.calls) - 1
        if word == "correct":
            if not last_is_mine:
                raise IllegalAction(Reason("bridge.correct_at_once"), action=action)
            _note(deal, "correction-of-call", seat, action, f"{deal.calls[-1]} corrected to {new}: no penalty")
            _replace_last_call(deal, seat, new, action)
            return
        _note(deal, "change-of-call", seat, action, f"to {new}: void; {seat.partner} must pass at his next turn")
        if seat.partner not in d.bars:
            d.bars[seat.partner] = 1
        return
    if phase != 2:
        raise IllegalAction(Reason("bridge.word_play", word=word), action=action)
    assert deal.declarer is not None and deal.dummy is not None
    if word == "look":
        if seat != deal.dummy:
            raise IllegalAction(Reason("bridge.look_dummy"), action=action)
        d.dummy_forfeited = True
        _note(deal, "dummy-looked", seat, action, "dummy forfeits his rights (L21)")
        return
    if word == "warn":
        if seat != deal.dummy:
            raise IllegalAction(Reason("bridge.warn_dummy"), action=action)
        if not d.dummy_forfeited or deal.trick or deal.next_seat not in _declarer_side(deal):
            _note(deal, "dummy-warns", seat, action, "a proper warning: no penalty")
            return
        irr = _note(deal, "dummy-warns", seat, action, "dummy has forfeited his rights (L21b)")
        _rule(deal, irr, "L21", Chooser.DEFENDERS, (deal.declarer.lho, deal.declarer.rho),
              ("hand-declarer", "hand-dummy"), ctxt.Warned())
        return
    if word == "ask":
        rv = next((r for r in reversed(d.revokes) if not r.established and not r.corrected), None)
        if rv is None:
            _note(deal, "attention", seat, action, "no revoke to correct")
            return
        if seat == deal.dummy and d.dummy_forfeited:
            if rv.seat in _declarer_side(deal):
                rv.penalty_anyway = True
                _note(deal, "dummy-attention", seat, action, "forfeited dummy asks: corrected, penalty applies (L21c)")
            else:
                _note(deal, "dummy-attention", seat, action, "forfeited dummy asks: no penalty card (L21a)")
                _start_correction(deal, rv, penalty_card=False)
                return
        _start_correction(deal, rv, penalty_card=True)
        return
    if word == "show":
        if not _is_defender(deal, seat):
            raise IllegalAction(Reason("bridge.show_defender"), action=action)
        irr = _note(deal, "shown-to-partner", seat, action)
        _rule(deal, irr, "L33", Chooser.DECLARER, (deal.declarer,), ("penalty-cards", "waive"), ctxt.Shown(seat=seat))
        return


def _irregular_card(deal: BridgeDeal, seat: Seat, card: Card, action: Irregular) -> None:
    d = laws_of(deal)
    assert deal.declarer is not None and deal.dummy is not None
    if not deal.hands[seat] >> card & 1:
        raise IllegalAction(Reason("bridge.not_held", seat=seat, card=card), seat=seat, action=card)
    decl_side = _declarer_side(deal)
    turn = deal.next_seat
    trick_seats = [deal.leader.next(i) for i in range(len(deal.trick))]
    if seat == turn:
        base = base_plays(deal)
        if card in base:
            _plain(deal, card)
            return
        # a revoke (L27)
        led = deal.trick[0] // 13
        t = len(deal.tricks)
        rv = Revoke(seat, t, led, card, len(deal.trick))
        d.revokes.append(rv)
        irr = _note(deal, "revoke", seat, action, f"{card} on a {SUIT_LETTERS[led]} lead")
        deal.laws_enter_card(card)
        entitled = (deal.declarer,) if seat not in decl_side else (seat.lho, seat.rho)
        revoke_opts = ("correct",) if t == 11 else ("correct", "stand")
        _rule(deal, irr, "L27", Chooser.NON_OFFENDER, entitled, revoke_opts, ctxt.RevokeMade(index=len(d.revokes) - 1))
        return
    if not deal.trick:
        if seat in decl_side:
            kind = "wrong-hand-lead" if turn in decl_side else "lead-out-of-turn"
            irr = _note(deal, kind, seat, action, _lead_belongs(card, turn))
            # the offender's LHO, a defender, chooses; his card played to the lead accepts it (L13)
            _rule(deal, irr, "L24", Chooser.NON_OFFENDER, (seat.lho, seat.rho), ("accept", "retract"),
                  ctxt.DeclarerLead(seat=seat, card=card, waivable=True))
            return
        irr = _note(deal, "lead-out-of-turn", seat, action, _lead_belongs(card, turn))
        opts = ["accept", "penalty-card", "lead-penalty"]
        _rule(deal, irr, "L24", Chooser.DECLARER, (deal.declarer,), opts, ctxt.DefenderLead(seat=seat, card=card,
              waivable=seat.lho in decl_side))
        return
    if seat in trick_seats:
        # a lead to the next trick before this one is complete
        if seat in decl_side:
            _note(deal, "premature-lead", seat, action, f"{card} goes back without penalty (L22, declarer)")
            return
        d.penalty[seat] |= 1 << card
        irr = _note(deal, "premature-lead", seat, action, f"{card} is a penalty card (L22)")
        if seat.partner not in trick_seats:
            _rule(deal, irr, "L25", Chooser.DECLARER, (deal.declarer,), _l25_options(),
                  ctxt.Premature(target=seat.partner))
        return
    # out of turn within the trick
    if deal.trick:
        led = deal.trick[0] // 13
        if card // 13 != led and deal.hands[seat] & SUIT_MASKS[led]:
            raise IllegalAction(Reason("bridge.out_of_turn_revoke", seat=seat, card=card), seat=seat, action=card)
    if seat in decl_side:
        irr = _note(deal, "declarer-out-of-turn", seat, action, f"{card} before {turn}")
        _rule(deal, irr, "L24", Chooser.NON_OFFENDER,
              (deal.declarer.lho, deal.declarer.rho), ("accept", "retract"), ctxt.DeclarerEarly(seat=seat,
              card=card))
        return
    d.early[seat] = card
    both_declarer_hands = all(s in trick_seats or s in d.early for s in decl_side)
    if seat.partner not in trick_seats and not both_declarer_hands:
        irr = _note(deal, "premature-play", seat, action, f"{card} before his partner {seat.partner}")
        _rule(deal, irr, "L25", Chooser.DECLARER, (deal.declarer,), _l25_options(), ctxt.Premature(target=seat.partner))
        return
    _note(deal, "premature-play", seat, action, f"{card} stands; no penalty (L25)")
