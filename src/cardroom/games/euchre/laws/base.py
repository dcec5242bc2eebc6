"""What the euchre laws' handlers share: recording an irregularity, putting a ruling to the adversary who
chooses, the plays open under the penalties in force, a card entered, a revoke corrected, and the
registry of the handlers."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from cardroom.core.cards import Card, cards_of_mask
from cardroom.core.game import Action
from cardroom.core.laws import Chooser, HandlerRegistry, Irregularity, Ruling, RulingOption, Seats, restrict_lead
from cardroom.core.table import Seat
from cardroom.games.euchre.laws import contexts as ctxt
from cardroom.games.euchre.laws.director import Director, Revoke
from cardroom.games.euchre.laws.table import TABLE
from cardroom.games.euchre.ranks import effective_suit, legal_plays, strength, trick_winner

if TYPE_CHECKING:
    from cardroom.games.euchre.rules import EuchreHand


def _d(hand: EuchreHand) -> Director:
    d = hand.laws
    assert d is not None
    return d


def _note(hand: EuchreHand, kind: str, seat: Seat, action: Any = None, detail: str = "") -> Irregularity:
    trick = len(hand.tricks) + 1 if hand.phase == "play" else None
    irr = Irregularity(kind, int(seat), detail, trick, action.to_text() if isinstance(action, Action) else "")
    _d(hand).irregularities.append(irr)
    return irr


def _adversary(hand: EuchreHand, seat: Seat) -> Seat:
    """The first active adversary of ``seat`` on his left (the one who chooses for his side, Law 85)."""
    chooser = Chooser.ADVERSARIES.seat(Seats(int(seat), lambda s: int(hand.laws_next_active(Seat(s))),
                                             lambda a, b: Seat(a).side == Seat(b).side))
    assert chooser is not None
    return Seat(chooser)


def _rule(hand: EuchreHand, irr: Irregularity, law: str, chooser: Seat, options: Sequence[str | RulingOption],
          context: ctxt.Context) -> None:
    d = _d(hand)
    the_law = TABLE.law(law)
    opts = tuple(o if isinstance(o, RulingOption) else the_law.option(o) for o in options)
    entitled = tuple(int(s) for s in hand.active_seats() if s.side == chooser.side)
    d.rule(Ruling(irr, the_law, int(chooser), entitled, opts), context)


def _unplayed_next(hand: EuchreHand) -> Seat:
    """The first active seat from the trick's leader round that has not played to the trick."""
    done = {s for s, _ in hand.trick}
    s = hand.trick_leader
    for _ in range(4):
        if s != hand.sitting_out and s not in done:
            return s
        s = s.lho
    return hand.trick_leader


def _led(hand: EuchreHand) -> Card | None:
    return hand.trick[0][1] if hand.trick else None


def base_plays(hand: EuchreHand, seat: Seat) -> list[Card]:
    assert hand.trump is not None
    return cards_of_mask(legal_plays(hand.hands[seat], _led(hand), hand.trump))


def restricted_plays(hand: EuchreHand, seat: Seat) -> list[Card]:
    """The plays open to ``seat`` under the penalties in force."""
    d = _d(hand)
    assert hand.trump is not None
    trump = hand.trump
    legal = base_plays(hand, seat)
    if seat in d.called and d.called[seat] in legal:
        return [d.called[seat]]
    if not hand.trick and d.lead_restriction is not None and d.lead_restriction.seat == seat:
        legal = restrict_lead(legal, d.lead_restriction, lambda c: effective_suit(c, trump))
    req = d.requirement
    if req is not None and req[0] == seat and req[2] == len(hand.tricks) and hand.trick:
        legal = _required(hand, legal, req[1])
    return legal


def _required(hand: EuchreHand, legal: list[Card], mode: str) -> list[Card]:
    assert hand.trump is not None
    trump = hand.trump
    led = hand.trick[0][1]
    suit = effective_suit(led, trump)
    if mode in ("highest", "lowest"):
        of_suit = [c for c in legal if effective_suit(c, trump) == suit]
        if not of_suit:
            return legal  # Law 55: nothing of the suit: any card
        key = sorted(of_suit, key=lambda c: strength(c, trump))
        return [key[-1] if mode == "highest" else key[0]]
    cards = [c for _, c in hand.trick]
    winning = [c for c in legal if trick_winner([*cards, c], trump) == len(cards)]
    losing = [c for c in legal if c not in winning]
    kept = winning if mode == "win" else losing
    return kept if kept else legal


def legal_actions(hand: EuchreHand) -> list[Any]:
    d = _d(hand)
    if d.pending is not None:
        return list(d.pending.actions())
    base = hand.laws_plain_legal()
    seat = hand.next_seat
    if hand.phase == "play":
        return restricted_plays(hand, seat)
    if hand.phase in ("round1", "round2", "takeover"):
        from cardroom.games.euchre.rules import ALONE, BID_PASS, BID_TURN_DOWN, TAKE_IT, Bid

        if seat in d.bars and d.bars[seat] == hand.round:
            return [BID_TURN_DOWN] if hand.phase == "round1" and seat == hand.dealer else [BID_PASS]
        if seat in d.no_alone:
            base = [a for a in base if not (isinstance(a, Bid) and a.kind in (ALONE, TAKE_IT))]
    return base


def _after_discard(hand: EuchreHand) -> None:
    """Law 87: a lead made before the discard was complete stands as the first card of the first trick."""
    d = _d(hand)
    if hand.phase == "play" and d.early_lead is not None:
        seat, card = d.early_lead
        d.early_lead = None
        hand.laws_start_trick(seat, card)
        hand.laws_set_turn(_unplayed_next(hand))


def _enter_card(hand: EuchreHand, seat: Seat, card: Card) -> None:
    """``seat`` plays ``card`` (in turn or, ruled on, out of turn)."""
    d = _d(hand)
    d.called.pop(seat, None)
    d.exposed[seat] &= ~card.mask
    if not hand.trick and d.lead_restriction is not None and d.lead_restriction.seat == seat:
        d.lead_restriction = None
    if d.requirement is not None and d.requirement[0] == seat:
        d.requirement = None
    before = len(hand.tricks)
    hand.laws_play(seat, card)
    if len(hand.tricks) > before:
        for r in d.revokes:
            if r.trick == before and not r.corrected:
                r.established = True  # Law 64: the trick is quitted
        d.requirement = None
    elif hand.trick:
        hand.laws_set_turn(_unplayed_next(hand))


def _correct(hand: EuchreHand, rv: Revoke) -> None:
    """Law 69: the revoke card comes back exposed; adversaries who played after him take back their cards."""
    d = _d(hand)
    seat = rv.seat
    rv.corrected = True
    i = [s for s, _ in hand.trick].index(seat)
    hand.laws_take_back([(s, c) for j, (s, c) in enumerate(hand.trick) if j == i or (j > i and s.side != seat.side)])
    d.exposed[seat] |= rv.card.mask
    _note(hand, "corrected", seat, detail=f"{rv.card} taken back, exposed (L69)")
    hand.laws_set_turn(_unplayed_next(hand))


HANDLERS: HandlerRegistry[type[ctxt.Context]] = HandlerRegistry("the euchre laws")
"""The handler of each kind of pending ruling, by its context's type: ``handler(hand, context, option)``."""
