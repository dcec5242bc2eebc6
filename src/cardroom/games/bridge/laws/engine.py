"""The director at work: any action of laws mode applied atomically, what may happen while a ruling
is pending, and the chosen option dispatched to its handler."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from cardroom.core.cards import SUIT_MASKS, Card
from cardroom.core.errors import IllegalAction
from cardroom.core.laws import (
    FORBID,
    Irregular,
    LeadRestriction,
    RulingChoice,
    atomic,
)
from cardroom.core.table import Seat
from cardroom.games.bridge.calls import PASS, Call

if TYPE_CHECKING:
    from cardroom.games.bridge.rules import BridgeDeal
from cardroom.games.bridge.laws.actions import Claim
from cardroom.games.bridge.laws.base import _is_defender, _note, _plain
from cardroom.games.bridge.laws.director import LeadRight
from cardroom.games.bridge.laws.handlers_auction import _choose_out_of_turn
from cardroom.games.bridge.laws.handlers_play import (
    _before_turn,
    _claim,
    _correct,
    _end_by_claim,
    _finish,
    _start_correction,
)
from cardroom.games.bridge.laws.irregular import _irregular
from cardroom.games.bridge.laws.table import SUIT_LETTERS, TABLE, all_lead_option_names


def apply(deal: BridgeDeal, action: Any) -> list[Any]:
    """Apply any action in laws mode and return the actions to record (the action itself; for a call or
    card made over an irregularity, the acceptance and then the call or card, so that every record
    states the ruling explicitly). On an error the deal is restored and IllegalAction raised."""
    def run() -> list[Any]:
        recorded = _apply(deal, action)
        _before_turn(deal)
        _finish(deal)
        return recorded

    return atomic(deal, run, action)


def _apply(deal: BridgeDeal, action: Any) -> list[Any]:
    d = deal.laws
    assert d is not None
    if isinstance(action, RulingChoice):
        _choose(deal, action)
        return [action]
    if isinstance(action, Irregular):
        if d.pending is not None:
            if not _may_act_while_pending(deal, action):
                raise IllegalAction(f"a ruling is pending: {Seat(d.pending.chooser or 0)} must choose "
                                    f"({', '.join(o.name for o in d.pending.options)})", action=action)
            if _while_pending(deal, action):
                return [action]
        _irregular(deal, action)
        return [action]
    if isinstance(action, Claim):
        if d.pending is not None:
            raise IllegalAction("a ruling is pending; claims wait until it is made", action=action)
        _claim(deal, action)
        return [action]
    if d.pending is not None:
        # L13: the chooser calls or plays over the irregularity, accepting it
        if d.context.get("waivable") and type(action) in (Call, Card):
            chooser = d.pending.chooser
            accept = RulingChoice(d.pending.law.number, "accept")
            _choose(deal, accept)
            _before_turn(deal)
            if d.pending is not None or deal.to_act != chooser:
                # the call only expressed the acceptance (L14: the auction stays open for a skipped player)
                return [accept]
            _plain(deal, action)
            return [accept, action]
        raise IllegalAction(f"a ruling is pending under {d.pending.law.number}: "
                            f"{Seat(d.pending.chooser or 0)} must choose one of "
                            f"{', '.join(o.name for o in d.pending.options)}", action=action)
    _plain(deal, action)
    return [action]


def _may_act_while_pending(deal: BridgeDeal, action: Irregular) -> bool:
    """What may happen while a ruling awaits its choice: the player whose turn it was calls in turn
    (L15); any player asks whether a play is a revoke (L27, L21c); a forfeited dummy draws attention
    first (L21a); a defender shows his hand after a claim stopped play (L32)."""
    d = deal.laws
    assert d is not None
    kind = d.context.get("kind")
    seat = Seat(action.seat)
    if action.word in ("change", "correct") and d.context.get("seat") == seat:
        return True  # L8: an attempt to change an illegal call; the pending law applies
    if kind == "out-of-turn-call":
        return seat == deal.next_seat and deal.phase == 1 and action.word not in ("remark", "expose", "change",
                                                                                   "correct")
    if kind == "revoke" and action.word == "ask":
        return True
    if kind == "defender-lead" and action.word == "ask" and seat == deal.dummy and d.dummy_forfeited:
        return True
    return kind == "claim" and action.word == "show" and _is_defender(deal, seat)


def _while_pending(deal: BridgeDeal, action: Irregular) -> bool:
    """Apply an action allowed while a ruling is pending; True if nothing more is to be done."""
    d = deal.laws
    assert d is not None and d.pending is not None
    kind = d.context.get("kind")
    seat = Seat(action.seat)
    if action.word in ("change", "correct") and d.context.get("seat") == seat:
        _note(deal, "change-of-call", seat, action, f"{action.arg}: the call is illegal; {d.pending.law.number} "
                                                     "applies (L8)")
        return True
    if kind == "out-of-turn-call":
        _choose(deal, RulingChoice(d.pending.law.number, "cancel"))  # attention is drawn by calling in turn
        return False
    if kind == "revoke":
        d.pending = None
        d.context = {}
        return False  # '!X ask' then corrects the revoke
    if kind == "defender-lead":
        _note(deal, "dummy-attention", seat, action, "a forfeited dummy drew attention first: declarer may not "
                                                      "penalise (L21a)")
        d.pending = replace(d.pending, offered=(TABLE.law("L24").option("accept"),
                                                TABLE.law("L24").option("no-penalty")))
        return True
    _note(deal, "shown-after-claim", seat, action, "play has stopped: no penalty (L32)")
    return True


def _choose(deal: BridgeDeal, choice: RulingChoice) -> None:
    d = deal.laws
    assert d is not None
    r = d.pending
    if r is None:
        raise IllegalAction(f"no ruling is pending; {choice.to_text()!r} cannot be applied", action=choice)
    if choice.law != r.law.number:
        raise IllegalAction(f"the pending ruling is under {r.law.number}, not {choice.law}", action=choice)
    try:
        r.option(choice.option)
    except Exception as e:
        raise IllegalAction(str(e), action=choice) from None
    ctx = d.context
    d.pending = None
    d.context = {}
    o = choice.option
    kind = ctx.get("kind")
    if kind == "out-of-turn-call":
        _choose_out_of_turn(deal, ctx, o)
    elif kind == "insufficient":
        if o == "accept":
            deal._enter_call(ctx["seat"], ctx["call"])
        else:
            d.substitute = {"seat": ctx["seat"], "kind": "insufficient", "call": ctx["call"]}
    elif kind == "inadmissible":
        seat = ctx["seat"]
        if o == "accept":
            deal._enter_call(seat, PASS)  # L7: it becomes a pass
        else:
            d.substitute = {"seat": seat, "kind": "inadmissible", "call": ctx["call"]}
            if d.bars.get(seat.partner, 1) is not None:
                d.bars[seat.partner] = 1
    elif kind in ("over-seven", "barred-call"):
        seat = ctx["seat"]
        if o == "accept":
            deal._enter_call(seat, ctx["call"] if kind == "barred-call" else PASS)
        else:
            deal._enter_call(seat, PASS)
            d.bars[seat] = None
            d.bars[seat.partner] = None
            d.lead_rights.append(LeadRight("L19", seat.side, None, all_lead_option_names()))
    elif kind == "remark-auction":
        seat = ctx["seat"]
        if o == "side-pass":
            d.bars[seat] = None
            d.bars[seat.partner] = None
            d.lead_rights.append(LeadRight("L5", seat.side, seat.partner, all_lead_option_names()))
    elif kind == "remark-play":
        if o == "forbid":
            d.forbidden = (ctx["target"], ctx["suit"], ctx["mask"])
    elif kind in ("defender-lead", "declarer-lead"):
        seat, card = ctx["seat"], ctx["card"]
        if o == "accept":
            deal.leader = seat
            deal.next_seat = seat
            deal._enter_card(card)
        elif o == "penalty-card":
            d.penalty[seat] |= 1 << card
        elif o == "lead-penalty":
            d.lead_rights.append(LeadRight("L24", seat.side, seat.partner, all_lead_option_names(),
                                           opening_only=False))
            d.lead_offered = -1
    elif kind == "declarer-early":
        if o == "accept":
            d.early[ctx["seat"]] = ctx["card"]
    elif kind == "premature":
        if o != "waive":
            d.play_requirement = (ctx["target"], o)
    elif kind == "revoke":
        rv = d.revokes[ctx["index"]]
        if o == "correct":
            _start_correction(deal, rv, penalty_card=True)
    elif kind == "revoke-later":
        rv = d.revokes[ctx["index"]]
        _correct(deal, rv, ctx["penalty_card"], retract_later=o == "retract-later")
    elif kind == "lead-penalty":
        if o != "waive":
            mode, suit = o.split("-")
            s = SUIT_LETTERS.index(suit)
            d.lead_restriction = LeadRestriction(int(ctx["seat"]), s, mode, lasting=mode == FORBID,
                                                 law=ctx.get("source", "L10"))
    elif kind == "penalty-card-suit":
        if o != "waive":
            mode, suit = o.split("-")
            s = SUIT_LETTERS.index(suit)
            d.lead_restriction = LeadRestriction(int(ctx["seat"]), s, mode, lasting=False, law="L23")
            owner: Seat = ctx["owner"]
            d.penalty[owner] &= ~SUIT_MASKS[s]  # L23: the owner picks the card up
    elif kind == "designate":
        d.designated = Card.parse(o.split("-", 1)[1])
    elif kind == "claim":
        if o == "accept":
            _end_by_claim(deal, ctx["claim"])
    elif kind == "shown":
        if o == "penalty-cards":
            seat = ctx["seat"]
            d.penalty[seat] |= deal.hands[seat]
    elif kind == "warn":
        assert deal.declarer is not None and deal.dummy is not None
        hand = deal.declarer if o == "hand-declarer" else deal.dummy
        deal.leader = hand
        deal.next_seat = hand
    else:  # pragma: no cover - every ruling sets its kind
        raise IllegalAction(f"unknown ruling context {kind!r}")
