"""What the handlers of bridge's laws share: recording an irregularity, putting a ruling to its chooser,
the calls and plays open under the restrictions in force, and a plain call or card within them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from cardroom.core.cards import SUIT_MASKS, Card, cards_of_mask
from cardroom.core.errors import IllegalAction, Reason
from cardroom.core.game import Action
from cardroom.core.laws import (
    REQUIRE,
    Chooser,
    HandlerRegistry,
    Irregularity,
    Ruling,
    RulingOption,
    Seats,
    restrict_lead,
)
from cardroom.core.table import Seat
from cardroom.games.bridge.calls import BIDS, DOUBLE, PASS, REDOUBLE, Call, Strain
from cardroom.games.bridge.laws import contexts as ctxt
from cardroom.games.bridge.laws.director import Director, LeadRight
from cardroom.games.bridge.laws.table import SUIT_LETTERS, TABLE, all_lead_option_names

if TYPE_CHECKING:
    from cardroom.games.bridge.rules import BridgeDeal


def laws_of(deal: BridgeDeal) -> Director:
    """The deal's laws state (a deal in laws mode has one)."""
    d = deal.laws
    assert d is not None
    return d


HANDLERS: HandlerRegistry[type[ctxt.Context]] = HandlerRegistry("contract bridge's laws")
"""The handler of each kind of pending ruling, by its context's type: ``handler(deal, context, option)``."""


def restricted_plays(deal: BridgeDeal, base: list[Card]) -> list[Card]:
    """The director's restrictions applied to the base legal plays of the hand to play."""
    d = laws_of(deal)
    seat = deal.next_seat
    legal = list(base)
    leading = not deal.trick
    r = d.lead_restriction
    if leading and r is not None and r.seat == seat:
        legal = restrict_lead(legal, r, lambda c: c // 13)
    if d.play_requirement is not None and d.play_requirement[0] == seat and deal.trick:
        how = d.play_requirement[1]
        led = deal.trick[0] // 13
        of_led = [c for c in legal if c // 13 == led]
        if how in ("highest", "lowest") and of_led:
            pick = max(of_led) if how == "highest" else min(of_led)
            legal = [pick]
        elif how.startswith("suit-"):
            s = SUIT_LETTERS.index(how[5:])
            kept = [c for c in legal if c // 13 == s]
            legal = kept or legal
    if d.forbidden is not None and d.forbidden[0] == seat:
        _, suit, mask = d.forbidden
        kept = [c for c in legal if not (mask >> c & 1) and not (leading and suit >= 0 and c // 13 == suit)]
        legal = kept or legal
    pen = d.penalty[seat]
    if pen:
        forced = [c for c in legal if pen >> c & 1]
        if forced and (leading or deal.rules.laws_penalty_card_discard or
                       forced[0] // 13 == deal.trick[0] // 13):
            if d.designated is not None and d.designated in forced:
                return [d.designated]
            return forced
    return legal


def base_plays(deal: BridgeDeal) -> list[Card]:
    from cardroom.core.cards import cards_of_suit_mask

    hand = deal.hands[deal.next_seat]
    if deal.trick:
        led = deal.trick[0] // 13
        if hand & SUIT_MASKS[led]:
            return list(cards_of_suit_mask(hand, led))
    return cards_of_mask(hand)


def _declarer_side(deal: BridgeDeal) -> tuple[Seat, ...]:
    if deal.declarer is None:
        return ()
    return (deal.declarer, deal.declarer.partner)


def _is_defender(deal: BridgeDeal, seat: Seat) -> bool:
    return deal.declarer is not None and seat not in _declarer_side(deal)


def _note(deal: BridgeDeal, kind: str, seat: Seat, action: Any = None, detail: str = "") -> Irregularity:
    d = laws_of(deal)
    trick = len(deal.tricks) + 1 if deal.phase >= 2 else None
    irr = Irregularity(kind, int(seat), detail, trick, action.to_text() if isinstance(action, Action) else "")
    d.irregularities.append(irr)
    return irr


def _choosing(deal: BridgeDeal, chooser: Chooser, offender: Seat) -> Seat:
    """The seat that chooses for ``chooser`` when ``offender`` offends (partnerships; declarer once known)."""
    seat = chooser.seat(Seats(int(offender), lambda s: int(Seat(s).lho), lambda a, b: Seat(a).side == Seat(b).side,
                              declarer=None if deal.declarer is None else int(deal.declarer)))
    assert seat is not None
    return Seat(seat)


def _rule(deal: BridgeDeal, irr: Irregularity, law: str, chooser: Seat | Chooser, entitled: Sequence[Seat],
          options: Sequence[str] | Sequence[RulingOption], context: ctxt.Context) -> None:
    """Put the ruling of ``law`` on ``irr`` to ``chooser`` (a seat, or the :class:`Chooser` that computes
    it from the offender)."""
    d = laws_of(deal)
    if isinstance(chooser, Chooser):
        chooser = _choosing(deal, chooser, Seat(irr.offender))
    the_law = TABLE.law(law)
    opts: list[RulingOption] = []
    for o in options:
        if isinstance(o, RulingOption):
            opts.append(o)
        else:
            opts.append(the_law.option(o) if any(x.name == o for x in the_law.options) else TABLE.law("L10").option(o))
    d.rule(Ruling(irr, the_law, int(chooser), tuple(int(s) for s in entitled), tuple(opts)), context)


def legal_actions(deal: BridgeDeal) -> list[Any]:
    d = laws_of(deal)
    if d.pending is not None:
        return list(d.pending.actions())
    if deal.phase == 2:
        return restricted_plays(deal, base_plays(deal))
    if deal.phase == 1:
        return legal_calls(deal)
    return []


def legal_calls(deal: BridgeDeal) -> list[Call]:
    d = laws_of(deal)
    seat = deal.next_seat
    base = deal.legal_calls()
    if seat in d.must_call and d.must_call[seat] in base:
        return [d.must_call[seat]]
    if seat in d.bars:
        return [PASS]
    out = base
    if seat in d.no_double_now:
        out = [c for c in out if c not in (DOUBLE, REDOUBLE)]
    if seat in d.no_double_of and deal.last_bid == d.no_double_of[seat]:
        out = [c for c in out if c not in (DOUBLE, REDOUBLE)]
    return out


def _plain(deal: BridgeDeal, action: Any) -> None:
    """A call or card by the seat to act, within the restrictions in force."""
    d = laws_of(deal)
    phase = deal.phase
    if phase == 2 and type(action) is Card:
        legal = legal_actions(deal)
        if action not in legal:
            base = base_plays(deal)
            if action in base:
                raise IllegalAction(Reason("bridge.may_not_play", seat=deal.next_seat, action=action,
                                           why='; '.join(d.restrictions()) or Reason("bridge.penalty_in_force")),
                                    action=action)
            deal.laws_play(action)  # raises the plain reason (not held, must follow suit)
            return
        deal.laws_enter_card(action)
        return
    if phase == 1 and type(action) is Call:
        seat = deal.next_seat
        if d.substitute is not None and d.substitute.seat == seat:
            _substitute(deal, seat, action)
            return
        if action not in legal_calls(deal):
            if action in deal.legal_calls():
                raise IllegalAction(Reason("bridge.may_not_call", seat=seat, action=action,
                                           why='; '.join(d.restrictions())),
                                    action=action)
            deal.laws_call(action)  # raises the plain reason
            return
        deal.laws_enter_call(seat, action)
        return
    if phase == 0:
        from cardroom.core.deal import Deal

        if isinstance(action, Deal):
            deal.laws_deal(action)
            return
        raise IllegalAction(Reason("bridge.deal_first", action=action), action=action)
    if phase == 3:
        raise IllegalAction(Reason("bridge.over_action", action=action), action=action)
    raise IllegalAction(Reason("bridge.card_now" if phase == 2 else "bridge.call_now", action=action), action=action)


def _add_l11(deal: BridgeDeal, seat: Seat, call: Call) -> None:
    """L11: a withdrawn denomination is subject to a lead penalty if an opponent becomes declarer."""
    d = laws_of(deal)
    if not call.is_bid:
        return
    if call.strain is Strain.NOTRUMP:
        d.lead_rights.append(LeadRight("L11", seat.side, seat.partner, all_lead_option_names(modes=(REQUIRE,))))
    else:
        d.lead_rights.append(LeadRight("L11", seat.side, None, all_lead_option_names(suits=(int(call.strain),))))


def _substitute(deal: BridgeDeal, seat: Seat, call: Call) -> None:
    """The offender's substitute for an insufficient bid (L9) or an inadmissible double (L18.3)."""
    d = laws_of(deal)
    assert d.substitute is not None
    sub = d.substitute
    orig = sub.call
    if sub.kind == "insufficient":
        if call.is_bid and (deal.last_bid is None or call > deal.last_bid):
            if call not in deal.legal_calls():
                raise IllegalAction(Reason("bridge.bid_barred", seat=seat, call=call), action=call)
            # None when no bid of that strain is sufficient any more (e.g. after 7NT): no substitute is free
            lowest = next((b for b in BIDS if b.strain == orig.strain and (deal.last_bid is None or b > deal.last_bid)),
                          None)
            d.substitute = None
            deal.laws_enter_call(seat, call)
            if call == lowest:
                _note(deal, "substitute", seat, None, f"{call}: the lowest sufficient bid in {orig.strain}: no penalty")
            else:
                d.bars[seat.partner] = None
                _add_l11(deal, seat, orig)
                _note(deal, "substitute", seat, None, f"{call}: {seat.partner} passes at every turn (L9b)")
            return
        if call in (PASS, DOUBLE, REDOUBLE):
            d.substitute = None
            deal.laws_enter_call(seat, PASS)  # L9c: a double or redouble counts as a pass
            d.bars[seat.partner] = None
            d.lead_rights.append(LeadRight("L9", seat.side, None, all_lead_option_names()))
            _add_l11(deal, seat, orig)
            _note(deal, "substitute", seat, None, f"{call} (a pass): {seat.partner} passes at every turn (L9c)")
            return
        raise IllegalAction(Reason("bridge.substitute_sufficient", seat=seat, orig=orig), action=call)
    # L18.3: any proper call
    if call not in deal.legal_calls():
        raise IllegalAction(Reason("bridge.substitute_proper", seat=seat, orig=orig), action=call)
    d.substitute = None
    deal.laws_enter_call(seat, call)
