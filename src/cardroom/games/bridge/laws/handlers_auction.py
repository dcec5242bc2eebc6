"""The auction under the laws: what an option chosen on a call does, and the hooks of each call entered
(bars spent, the RHO's call awaited, L14's auction held open, the end of the auction)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardroom.core.errors import IllegalAction, Reason
from cardroom.core.laws import Irregular
from cardroom.core.table import Seat
from cardroom.games.bridge.calls import PASS, Call
from cardroom.games.bridge.laws import contexts as ctxt
from cardroom.games.bridge.laws.base import HANDLERS, _add_l11, _is_defender, _plain, laws_of
from cardroom.games.bridge.laws.director import LeadRight
from cardroom.games.bridge.laws.table import all_lead_option_names

if TYPE_CHECKING:
    from cardroom.games.bridge.rules import BridgeDeal


def _replace_last_call(deal: BridgeDeal, seat: Seat, new: Call, action: Irregular) -> None:
    d = laws_of(deal)
    calls = list(zip(d.call_seats, deal.calls, strict=True))[:-1]
    _rebuild_auction(deal, calls)
    if deal.next_seat != seat:
        raise IllegalAction(Reason("bridge.correct_not_last"), action=action)
    _plain(deal, new)


def _rebuild_auction(deal: BridgeDeal, calls: list[tuple[Seat, Call]]) -> None:
    d = laws_of(deal)
    deal.laws_restart_auction()
    d.call_seats = []
    d.called = set()
    saved = (dict(d.bars), set(d.no_double_now), dict(d.must_call))
    for s, c in calls:
        deal.laws_enter_call(s, c)
    d.bars, d.no_double_now, d.must_call = saved


# ------------------------------------------------------------------------ the options chosen
@HANDLERS.on(ctxt.OutOfTurnCall)
def _out_of_turn(deal: BridgeDeal, ctx: ctxt.OutOfTurnCall, o: str) -> None:
    """L15-L18: accepted, the call stands (a skipped player keeps his turn, L14); cancelled, the
    rectification of its kind."""
    d = laws_of(deal)
    seat, call, rel, ckind = ctx.seat, ctx.call, ctx.rel, ctx.ckind
    if o == "accept":
        turn = ctx.turn
        d.skipped |= set(_between(turn, seat))
        enter = call if call in deal.laws_calls_for(seat) else PASS
        deal.laws_enter_call(seat, enter)
        return
    # cancelled: the auction reverts to the player whose turn it was; rectification by kind
    partner = seat.partner
    if ckind == "pass":
        if ctx.no_bid or rel == "rho":
            d.bars[seat] = d.bars.get(seat, 1) if seat in d.bars else 1
        else:
            d.bars[seat] = None
            d.no_double_now.add(partner)
            d.l16b_watch = partner
    elif ckind == "bid":
        if ctx.no_calls:
            d.bars[partner] = None
            _add_l11(deal, seat, call)
        elif rel == "partner":
            d.bars[partner] = None
            d.lead_rights.append(LeadRight("L17", seat.side, partner, all_lead_option_names()))
            _add_l11(deal, seat, call)
        else:
            d.rho_wait = ctxt.RhoWait(seat, call, "bid", seat.rho)
    else:
        if rel == "partner":
            d.bars[partner] = None
            d.lead_rights.append(LeadRight("L18", seat.side, partner, all_lead_option_names()))
            if deal.last_bid is not None:
                d.no_double_of[seat] = deal.last_bid
        elif ctx.no_bid:
            if d.bars.get(partner, 1) is not None:
                d.bars[partner] = 1
        else:
            d.rho_wait = ctxt.RhoWait(seat, call, "double", seat.rho)


@HANDLERS.on(ctxt.InsufficientBid)
def _insufficient(deal: BridgeDeal, ctx: ctxt.InsufficientBid, o: str) -> None:
    """L9: accepted, or the offender substitutes a sufficient bid or a pass."""
    d = laws_of(deal)
    if o == "accept":
        deal.laws_enter_call(ctx.seat, ctx.call)
    else:
        d.substitute = ctxt.Substitute(ctx.seat, "insufficient", ctx.call)


@HANDLERS.on(ctxt.InadmissibleDouble)
def _inadmissible(deal: BridgeDeal, ctx: ctxt.InadmissibleDouble, o: str) -> None:
    """L18.3: accepted, a pass (L7); else any proper call, the partner barred one round."""
    d = laws_of(deal)
    seat = ctx.seat
    if o == "accept":
        deal.laws_enter_call(seat, PASS)  # L7: it becomes a pass
    else:
        d.substitute = ctxt.Substitute(seat, "inadmissible", ctx.call)
        if d.bars.get(seat.partner, 1) is not None:
            d.bars[seat.partner] = 1


@HANDLERS.on(ctxt.OverSeven, ctxt.BarredCall)
def _other_inadmissible(deal: BridgeDeal, ctx: ctxt.OverSeven | ctxt.BarredCall, o: str) -> None:
    """L19: accepted, a bid over seven is a pass and a barred player's call stands; enforced, a pass, the
    side barred, and a lead penalty."""
    d = laws_of(deal)
    seat = ctx.seat
    if o == "accept":
        deal.laws_enter_call(seat, ctx.call if isinstance(ctx, ctxt.BarredCall) else PASS)
    else:
        deal.laws_enter_call(seat, PASS)
        d.bars[seat] = None
        d.bars[seat.partner] = None
        d.lead_rights.append(LeadRight("L19", seat.side, None, all_lead_option_names()))


@HANDLERS.on(ctxt.AuctionRemark)
def _auction_remark(deal: BridgeDeal, ctx: ctxt.AuctionRemark, o: str) -> None:
    """L5 in the auction: the offending side passes at every turn and has a lead penalty."""
    d = laws_of(deal)
    seat = ctx.seat
    if o == "side-pass":
        d.bars[seat] = None
        d.bars[seat.partner] = None
        d.lead_rights.append(LeadRight("L5", seat.side, seat.partner, all_lead_option_names()))


def _between(a: Seat, b: Seat) -> list[Seat]:
    out = []
    s = a
    while s != b:
        out.append(s)
        s = s.lho
    return out


def on_call(deal: BridgeDeal, seat: Seat, call: Call) -> None:
    d = laws_of(deal)
    d.call_seats.append(seat)
    d.called.add(seat)
    if seat in d.bars and d.bars[seat] is not None:
        n = d.bars[seat]
        assert n is not None
        if n <= 1:
            del d.bars[seat]
        else:
            d.bars[seat] = n - 1
    d.no_double_now.discard(seat)
    d.must_call.pop(seat, None)
    if seat in d.no_double_of and call.is_bid:
        del d.no_double_of[seat]
    w = d.rho_wait
    if w is not None and seat == w.rho:
        d.rho_wait = None
        off = w.offender
        if call == PASS:
            d.must_call[off] = w.call  # L17c / L18.2: repeat, no penalty
        elif w.kind == "bid":
            if d.bars.get(off.partner, 1) is not None:
                d.bars[off.partner] = 1
            _add_l11(deal, off, w.call)
        else:
            d.lead_rights.append(LeadRight("L18", off.side, off.partner, all_lead_option_names()))
    if d.l16b_watch is not None and seat == d.l16b_watch:
        d.l16b_watch = None
        if call == PASS:
            d.lead_rights.append(LeadRight("L16", seat.side, None, all_lead_option_names()))


def hold_open(deal: BridgeDeal) -> Seat | None:
    """L14: the auction is not closed while a player skipped by an accepted illegal call has not called."""
    d = laws_of(deal)
    closing = (deal.last_bid is None and deal.passes >= 4) or (deal.last_bid is not None and deal.passes >= 3)
    if not closing:
        return None
    waiting = [s for s in d.skipped if s not in d.called]
    if not waiting:
        return None
    s = deal.next_seat
    for _ in range(4):
        if s in waiting:
            return s
        s = s.lho
    return None


def on_auction_end(deal: BridgeDeal) -> None:
    d = laws_of(deal)
    d.bars.clear()
    d.no_double_now.clear()
    d.must_call.clear()
    d.rho_wait = None
    for s in Seat:
        if d.auction_exposed[s]:
            if _is_defender(deal, s):
                d.penalty[s] |= d.auction_exposed[s]
            d.auction_exposed[s] = 0  # declarer's or dummy's go back to the hand (not stated; cardroom)
    d.lead_rights = [r for r in d.lead_rights if deal.declarer is not None and r.side != deal.declarer.side]
