"""The director at work: any action of laws mode applied atomically, the rulings due before a turn, and
the chosen option dispatched to its handler."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardroom.core.cards import Card
from cardroom.core.errors import IllegalAction, Reason
from cardroom.core.laws import Irregular, RulingChoice, RulingOption, atomic
from cardroom.core.table import Seat
from cardroom.games.euchre.laws import contexts as ctxt
from cardroom.games.euchre.laws import handlers as _handlers  # noqa: F401 (the handlers register)
from cardroom.games.euchre.laws.base import (
    HANDLERS,
    _adversary,
    _after_discard,
    _d,
    _enter_card,
    _note,
    _rule,
    base_plays,
    legal_actions,
    restricted_plays,
)
from cardroom.games.euchre.laws.irregular import _irregular
from cardroom.games.euchre.laws.table import REQUIRE_OPTIONS, TABLE
from cardroom.i18n.catalogue import LawRef

if TYPE_CHECKING:
    from cardroom.games.euchre.rules import EuchreHand


def apply(hand: EuchreHand, action: Any) -> list[Any]:
    """Apply any action in laws mode; returns the actions to record. On an error the hand is restored
    and IllegalAction raised."""
    return atomic(hand, lambda: _apply(hand, action), action, then=(lambda: _before_turn(hand),))


def _apply(hand: EuchreHand, action: Any) -> list[Any]:
    d = _d(hand)
    if isinstance(action, RulingChoice):
        if d.pending is None:
            raise IllegalAction(Reason("euchre.no_ruling"), action=action)
        if action.law != d.pending.law.number:
            raise IllegalAction(Reason("euchre.pending_under", pending=LawRef("euchre", d.pending.law.number),
                                       law=LawRef("euchre", action.law)), action=action)
        d.pending.option(action.option)
        _choose(hand, action.option)
        return [action]
    if d.pending is not None:
        raise IllegalAction(Reason("euchre.pending_choose", law=LawRef("euchre", d.pending.law.number),
                                   seat=Seat(d.pending.chooser or 0),
                                   options=', '.join(o.name for o in d.pending.options)), action=action)
    if isinstance(action, Irregular):
        if hand.phase in ("deal", "over"):
            raise IllegalAction(Reason("euchre.no_irregularity_now", position=hand.position()), action=action)
        _irregular(hand, action)
        return [action]
    _plain(hand, action)
    return [action]


def _plain(hand: EuchreHand, action: Any) -> None:
    d = _d(hand)
    if hand.phase == "play" and isinstance(action, int) and not isinstance(action, bool):
        card = Card(action)
        seat = hand.next_seat
        if card not in restricted_plays(hand, seat):
            if card in base_plays(hand, seat):
                raise IllegalAction(Reason("euchre.may_not_play", seat=seat, card=card,
                                           restrictions='; '.join(d.restrictions()), letter=seat.letter), action=action)
            hand.laws_plain_apply(action)  # raises the plain reason
            return
        _enter_card(hand, seat, card)
        return
    if hand.phase in ("round1", "round2", "takeover") and action not in legal_actions(hand) and \
            action in hand.laws_plain_legal():
        raise IllegalAction(Reason("euchre.may_not_say", seat=hand.next_seat,
                                   restrictions='; '.join(d.restrictions())), action=action)
    hand.laws_plain_apply(action)
    _after_discard(hand)


def _before_turn(hand: EuchreHand) -> None:
    """Rulings that fall due at a turn: a suit call at the offending side's lead, an exposed card."""
    d = _d(hand)
    if d.pending is not None or hand.phase != "play":
        return
    seat = hand.next_seat
    if not hand.trick and d.suit_call is not None and seat.side == d.suit_call:
        d.suit_call = None
        irr = _note(hand, "suit-call", seat, detail="the suit called at the offending side's lead")
        _rule(hand, irr, "L52b", _adversary(hand, seat), [*(o.name for o in REQUIRE_OPTIONS), "waive"],
              ctxt.SuitCall(seat=seat))
        return
    key = (len(hand.tricks), len(hand.trick), int(seat))
    if d.exposed[seat] and d.call_offered != key and seat not in d.called:
        callable_ = [c for c in base_plays(hand, seat) if d.exposed[seat] >> c & 1]
        if callable_:
            d.call_offered = key
            irr = _note(hand, "exposed", seat, detail="exposed cards liable to be called: "
                        + " ".join(str(c) for c in callable_))
            opts = [RulingOption(f"call-{c}", f"{seat.letter} must play the {c}") for c in callable_]
            _rule(hand, irr, "L46", _adversary(hand, seat), [*opts, TABLE.law("L46").option("no-call")],
                  ctxt.ExposedCall(seat=seat))


def _choose(hand: EuchreHand, option: str) -> None:
    """Carry out the option chosen under the pending ruling: its context's handler does."""
    _, ctx = _d(hand).take()
    HANDLERS.handler(type(ctx))(hand, ctx, option)
