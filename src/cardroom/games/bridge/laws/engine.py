"""The director at work: any action of laws mode applied atomically, what may happen while a ruling
is pending, and the chosen option dispatched to its handler."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from cardroom.core.cards import Card
from cardroom.core.errors import CardroomError, IllegalAction, Reason
from cardroom.core.laws import Irregular, RulingChoice, atomic
from cardroom.core.table import Seat
from cardroom.games.bridge.calls import Call
from cardroom.games.bridge.laws import contexts as ctxt
from cardroom.games.bridge.laws.actions import Claim
from cardroom.games.bridge.laws.base import HANDLERS, _is_defender, _note, _plain, laws_of
from cardroom.games.bridge.laws.handlers_play import _before_turn, _claim, _finish
from cardroom.games.bridge.laws.irregular import _irregular
from cardroom.games.bridge.laws.table import TABLE

if TYPE_CHECKING:
    from cardroom.games.bridge.rules import BridgeDeal


def apply(deal: BridgeDeal, action: Any) -> list[Any]:
    """Apply any action in laws mode and return the actions to record (the action itself; for a call or
    card made over an irregularity, the acceptance and then the call or card, so that every record
    states the ruling explicitly). On an error the deal is restored and IllegalAction raised."""
    return atomic(deal, lambda: _apply(deal, action), action, then=(lambda: _before_turn(deal), lambda: _finish(deal)))


def _apply(deal: BridgeDeal, action: Any) -> list[Any]:
    d = laws_of(deal)
    if isinstance(action, RulingChoice):
        _choose(deal, action)
        return [action]
    if isinstance(action, Irregular):
        if d.pending is not None:
            if not _may_act_while_pending(deal, action):
                raise IllegalAction(Reason("bridge.ruling_choose", chooser=Seat(d.pending.chooser or 0),
                                           options=', '.join(o.name for o in d.pending.options)), action=action)
            if _while_pending(deal, action):
                return [action]
        _irregular(deal, action)
        return [action]
    if isinstance(action, Claim):
        if d.pending is not None:
            raise IllegalAction(Reason("bridge.ruling_claims"), action=action)
        _claim(deal, action)
        return [action]
    if d.pending is not None:
        # L13: the chooser calls or plays over the irregularity, accepting it
        if d.context.waivable and type(action) in (Call, Card):
            chooser = d.pending.chooser
            accept = RulingChoice(d.pending.law.number, "accept")
            _choose(deal, accept)
            _before_turn(deal)
            if d.pending is not None or deal.to_act != chooser:
                # the call only expressed the acceptance (L14: the auction stays open for a skipped player)
                return [accept]
            _plain(deal, action)
            return [accept, action]
        raise IllegalAction(Reason("bridge.ruling_choose_one", law=d.pending.law.number,
                                   chooser=Seat(d.pending.chooser or 0),
                                   options=', '.join(o.name for o in d.pending.options)), action=action)
    _plain(deal, action)
    return [action]


def _may_act_while_pending(deal: BridgeDeal, action: Irregular) -> bool:
    """What may happen while a ruling awaits its choice: the player whose turn it was calls in turn
    (L15); any player asks whether a play is a revoke (L27, L21c); a forfeited dummy draws attention
    first (L21a); a defender shows his hand after a claim stopped play (L32)."""
    d = laws_of(deal)
    ctx = d.context
    seat = Seat(action.seat)
    if action.word in ("change", "correct") and ctx.seat == seat:
        return True  # L8: an attempt to change an illegal call; the pending law applies
    if isinstance(ctx, ctxt.OutOfTurnCall):
        return seat == deal.next_seat and deal.phase == 1 and action.word not in ("remark", "expose", "change",
                                                                                   "correct")
    if isinstance(ctx, ctxt.RevokeMade) and action.word == "ask":
        return True
    if isinstance(ctx, ctxt.DefenderLead) and action.word == "ask" and seat == deal.dummy and d.dummy_forfeited:
        return True
    return isinstance(ctx, ctxt.ClaimMade) and action.word == "show" and _is_defender(deal, seat)


def _while_pending(deal: BridgeDeal, action: Irregular) -> bool:
    """Apply an action allowed while a ruling is pending; True if nothing more is to be done."""
    d = laws_of(deal)
    assert d.pending is not None
    ctx = d.context
    seat = Seat(action.seat)
    if action.word in ("change", "correct") and ctx.seat == seat:
        _note(deal, "change-of-call", seat, action, f"{action.arg}: the call is illegal; {d.pending.law.number} "
                                                     "applies (L8)")
        return True
    if isinstance(ctx, ctxt.OutOfTurnCall):
        _choose(deal, RulingChoice(d.pending.law.number, "cancel"))  # attention is drawn by calling in turn
        return False
    if isinstance(ctx, ctxt.RevokeMade):
        d.take()
        return False  # '!X ask' then corrects the revoke
    if isinstance(ctx, ctxt.DefenderLead):
        _note(deal, "dummy-attention", seat, action, "a forfeited dummy drew attention first: declarer may not "
                                                      "penalise (L21a)")
        d.pending = replace(d.pending, offered=(TABLE.law("L24").option("accept"),
                                                TABLE.law("L24").option("no-penalty")))
        return True
    _note(deal, "shown-after-claim", seat, action, "play has stopped: no penalty (L32)")
    return True


def _choose(deal: BridgeDeal, choice: RulingChoice) -> None:
    """Carry out the option chosen under the pending ruling: its context's handler does (the registry
    of :mod:`.handlers_auction` and :mod:`.handlers_play`)."""
    d = laws_of(deal)
    r = d.pending
    if r is None:
        raise IllegalAction(Reason("bridge.no_ruling", choice=choice.to_text()), action=choice)
    if choice.law != r.law.number:
        raise IllegalAction(Reason("bridge.ruling_law", law=r.law.number, got=choice.law), action=choice)
    try:
        r.option(choice.option)
    except Exception as e:
        raise IllegalAction((e.reason or str(e)) if isinstance(e, CardroomError) else str(e), action=choice) from None
    _, ctx = d.take()
    HANDLERS.handler(type(ctx))(deal, ctx, choice.option)
