"""The laws of the old bridges in the engine: straight bridge's (document 000, laws B-1 to B-16) and
auction bridge's revoke laws. For straight bridge: an irregular action of a
:class:`~cardroom.games.oldbridge.rules.StraightDeal` classified into its irregularity, the ruling put
to its chooser with a typed context, and the option chosen carried out by its registered handler
through the deal's laws port (``laws_enter_call``, ``laws_enter_card``, ``laws_set_doubling``,
``laws_set_over``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from cardroom.core.cards import SUIT_MASKS, Card, CardSet
from cardroom.core.errors import IllegalAction, ParseError, Reason
from cardroom.core.laws import (
    FORBID,
    REQUIRE,
    Chooser,
    HandlerRegistry,
    Irregular,
    Irregularity,
    LawsDirector,
    LeadRestriction,
    RulingChoice,
    RulingContext,
    Seats,
    penalty_card_plays,
    restrict_lead,
)
from cardroom.core.table import Seat, Side
from cardroom.games.bridge.calls import suit_plural
from cardroom.games.oldbridge.calls import DOUBLE, LEAVE, REDOUBLE, OldCall
from cardroom.games.oldbridge.laws import AUCTION_TABLE, STRAIGHT_TABLE, AuctionRevoke
from cardroom.games.oldbridge.rules import (
    PHASE_CALLS,
    PHASE_DEAL,
    PHASE_DOUBLING,
    PHASE_OVER,
    PHASE_PLAY,
    AuctionDeal,
    StraightDeal,
)
from cardroom.i18n.catalogue import Phrase


class Context(RulingContext):
    """The context of a pending straight-bridge ruling (a dataclass per kind)."""


class MakeUnasked(Context):
    make: int  # B-1: the make named


class MakePassedBack(Context):
    """B-2."""


class MakeByOpponent(Context):
    """B-3."""


class DoubleBeforeAsked(Context):
    """B-4."""


class RedoubleOutOfTurn(Context):
    seat: Seat  # B-5: who redoubled


class LeadWithoutAsking(Context):
    """B-7."""


class ExposedBeforeMake(Context):
    """B-10."""


class PoneExposed(Context):
    card: int  # B-12


class LeadOutOfTurn(Context):
    seat: Seat  # B-15
    card: int


class RevokeRuling(Context):
    """B-9 in England: how the revoke penalty is taken, at the end of the deal."""


HANDLERS: HandlerRegistry[type[Context]] = HandlerRegistry("the straight-bridge laws")
"""The handler of each kind of pending ruling, by its context's type: ``handler(deal, context, option)``."""



def _revokes(n: int, side: Side) -> Phrase:
    """The detail of the revokes a side made, penalised at the end of the deal."""
    return Phrase(f"ob.r.revokes_{side.name}", n=n)

def ruling_pending(d: LawsDirector, action: Any) -> IllegalAction:
    """The refusal of anything but the pending ruling's choice: its law, who chooses, its options."""
    assert d.pending is not None
    return IllegalAction(Reason("oldbridge.ruling_pending", law=d.pending.law.number,
                                chooser=Seat(d.pending.chooser or 0),
                                options=", ".join(o.name for o in d.pending.options)), action=action)


def dispatch(deal: Any, action: Any, choose: Callable[[Any, RulingChoice], None],
             irregular: Callable[[Any, Irregular], None], same_law: bool = False) -> bool:
    """The laws' first step: under a pending ruling only its choice (of its law, if ``same_law``), carried out
    by ``choose``; no choice without a ruling; an irregular action classified by ``irregular``. False: an
    ordinary action, for the caller."""
    d = deal.director
    assert d is not None
    if d.pending is not None:
        if not isinstance(action, RulingChoice) or (same_law and action.law != d.pending.law.number):
            raise ruling_pending(d, action)
        choose(deal, action)
        return True
    if isinstance(action, RulingChoice):
        raise IllegalAction(Reason("oldbridge.no_ruling", action=action.to_text()), action=action)
    if isinstance(action, Irregular):
        irregular(deal, action)
        return True
    return False


def apply(deal: StraightDeal, action: Any) -> None:
    """Laws mode: apply ``action`` (the deal's atomic apply restores it if this raises)."""
    d = deal.director
    assert d is not None
    if dispatch(deal, action, choose, irregular):
        return
    if deal.phase == PHASE_PLAY and type(action) is Card and action not in deal.legal_actions():
        hand = deal.hands[deal.next_seat]
        led = deal.trick[0] // 13 if deal.trick else None
        if hand >> action & 1 and led is not None and action // 13 != led and hand & SUIT_MASKS[led]:
            raise IllegalAction(Reason("oldbridge.must_follow", who=deal.laws_who(deal.next_seat),
                                       suit=suit_plural(led), hand=CardSet(hand & SUIT_MASKS[led]),
                                       letter=deal.next_seat.letter, action=action), action=action)
        if hand >> action & 1:
            raise IllegalAction(Reason("oldbridge.may_not_play", who=deal.laws_who(deal.next_seat), action=action,
                                       why=restriction_text(deal)),
                                action=action)
    deal.laws_plain(action)


def restriction_text(deal: StraightDeal) -> str:
    d = deal.director
    assert d is not None
    parts = []
    if d.restriction is not None:
        parts.append(f"the lead must {'be' if d.restriction.mode == 'require' else 'not be'} a "
                     f"{'CDHS'[d.restriction.suit]} ({d.restriction.law})")
    if d.exposed.get(int(deal.next_seat)):
        parts.append(f"an exposed card must be played: {CardSet(d.exposed[int(deal.next_seat)])}")
    return "; ".join(parts) or "a card of the suit led must be played"


def after_action(deal: StraightDeal) -> None:
    """Clear spent penalties; at the end, the revoke ruling (England) or the end of the deal."""
    d = deal.director
    assert d is not None
    for s, m in list(d.exposed.items()):
        m &= deal.hands[s]
        if m:
            d.exposed[s] = m
        else:
            del d.exposed[s]
    d.seen &= ~deal.played
    if deal.phase == PHASE_OVER and d.revokes and deal.rules.revoke_penalty == "england" and not d.revoke_ruled:
        offender = d.revokes[0][0]
        chooser = deal.dealer.lho if offender == deal.dealer.side else deal.dealer
        irr = Irregularity("revoke", int(chooser.lho), _revokes(len(d.revokes), Side(offender)), None)
        d.revoke_ruled = True
        d.rule(STRAIGHT_TABLE.ruling(irr, chooser=int(chooser), entitled=(int(chooser), int(chooser.partner)),
                                     lapses="at the end of the deal"), RevokeRuling())
        deal.laws_set_over(False)  # not over until the penalty is chosen


def note(deal: StraightDeal, kind: str, seat: Seat, action: Any, detail: str) -> Irregularity:
    assert deal.director is not None
    return deal.director.record(Irregularity(kind, int(seat), detail,
                                             len(deal.tricks) + 1 if deal.phase == PHASE_PLAY else None,
                                             action.to_text()))


def rule(deal: StraightDeal, irr: Irregularity, who: Chooser, entitled: Sequence[Seat], context: Context) -> None:
    """Put the ruling on ``irr`` to the seat ``who`` computes (the eldest hand, the dealer, the maker, the
    player who was redoubled)."""
    assert deal.director is not None
    seat = who.seat(Seats(irr.offender, lambda s: int(Seat(s).lho), lambda a, b: Seat(a).side == Seat(b).side,
                          declarer=None if deal.maker is None else int(deal.maker), dealer=int(deal.dealer),
                          redoubled=int(deal.last_doubler or deal.dealer.lho)))
    assert seat is not None
    chooser = Seat(seat)
    deal.director.rule(STRAIGHT_TABLE.ruling(irr, chooser=int(chooser), entitled=tuple(int(x) for x in entitled)),
                       context)


def irregular(deal: StraightDeal, action: Irregular) -> None:
    seat = Seat(action.seat)
    word, arg = action.word, action.arg
    d = deal.director
    assert d is not None
    who = deal.laws_who(seat)
    a_seat, b_seat, y_seat = deal.dealer.lho, deal.dealer.rho, deal.dealer.partner
    if deal.phase == PHASE_DEAL or deal.phase == PHASE_OVER:
        raise IllegalAction(Reason("oldbridge.nothing_to_rule", where=deal.position()), action=action)
    if word == "expose":
        card = _card_arg(arg, action)
        if not deal.hands[seat] >> card & 1:
            raise IllegalAction(Reason("bridge.not_held", seat=who, card=card), seat=seat, action=action)
        if deal.phase == PHASE_CALLS and seat.side == deal.dealer.side:
            irr = note(deal, "exposed-before-make", seat, action, f"{who} exposed a card before the make")
            d.seen |= 1 << card
            rule(deal, irr, Chooser.ELDEST, (a_seat, b_seat), ExposedBeforeMake())
            return
        if deal.phase in (PHASE_CALLS, PHASE_DOUBLING) or (deal.phase == PHASE_PLAY and not deal.tricks
                                                             and not deal.trick):
            note(deal, "exposed-before-lead", seat, action, f"{who} exposed a card before the opening lead")
            d.barred.add(int(seat.partner))  # B-11
            if seat == b_seat:
                irr = note(deal, "pone-exposed-before-lead", seat, action, f"the pone {who} exposed a card")
                rule(deal, irr, Chooser.DEALER, (deal.dealer,), PoneExposed(card=card))
            else:
                d.seen |= 1 << card
            return
        if deal.phase == PHASE_PLAY and seat.side != deal.dealer.side:
            note(deal, "exposed-in-play", seat, action, f"{who} exposed a card during the play")
            d.exposed[int(seat)] = d.exposed.get(int(seat), 0) | 1 << card  # B-13
            return
        raise IllegalAction(Reason("oldbridge.expose_free", who=who),
                            seat=seat, action=action)
    if word == "ask":
        if deal.phase == PHASE_DOUBLING and seat == b_seat and deal.next_seat == a_seat:
            note(deal, "pone-asks", seat, action, "the pone asked the eldest hand \"May I lead?\"")  # B-8
            return
        raise IllegalAction(Reason("oldbridge.ask_no_irregularity", who=who), seat=seat, action=action)
    if deal.phase == PHASE_CALLS:
        call = _call_arg(action.text, action)
        left = any(c == LEAVE for _, c in deal.calls)
        if seat == y_seat and not left and call.is_make:
            irr = note(deal, "make-unasked", seat, action, f"{who} named {call} before being asked")
            rule(deal, irr, Chooser.ELDEST, (a_seat, b_seat), MakeUnasked(make=int(call)))
            return
        if seat == y_seat and left and call == LEAVE:
            irr = note(deal, "make-passed-back", seat, action, f"{who} passed the make back")
            rule(deal, irr, Chooser.ELDEST, (a_seat, b_seat), MakePassedBack())
            return
        if seat.side != deal.dealer.side and (call.is_make or call == LEAVE):
            irr = note(deal, "make-by-opponent", seat, action, f"{who}, an opponent of the dealer, named {call}")
            rule(deal, irr, Chooser.DEALER, (deal.dealer,), MakeByOpponent())
            return
        raise IllegalAction(Reason("oldbridge.call_no_irregularity", who=who, text=action.text), seat=seat,
                            action=action)
    if deal.phase == PHASE_DOUBLING:
        assert deal.maker is not None
        first_round = deal.doubling == 0 and deal.next_seat == a_seat and deal.queue == [a_seat, b_seat]
        text = action.text.strip()
        if seat == a_seat and first_round and _is_card(text):
            card = Card.parse(text)
            if not deal.hands[seat] >> card & 1:
                raise IllegalAction(Reason("bridge.not_held", seat=who, card=card), seat=seat, action=action)
            irr = note(deal, "lead-without-asking", seat, action, f"{who} led without asking his partner")
            d.early_lead = card
            rule(deal, irr, Chooser.MAKER, (deal.maker,), LeadWithoutAsking())
            return
        call = _call_arg(text, action)
        if seat == b_seat and call == DOUBLE and first_round:
            irr = note(deal, "double-before-asked", seat, action, f"the pone {who} doubled before being asked")
            rule(deal, irr, Chooser.MAKER, (deal.maker,), DoubleBeforeAsked())
            return
        if seat.side == deal.maker.side and call == REDOUBLE and deal.doubling % 2 == 1 \
                and deal.next_seat != seat and deal.may_double_again():
            doubled = deal.last_doubler or a_seat
            irr = note(deal, "redouble-out-of-turn", seat, action, f"{who} redoubled out of turn")
            rule(deal, irr, Chooser.REDOUBLED, (doubled,), RedoubleOutOfTurn(seat=seat))
            return
        raise IllegalAction(Reason("oldbridge.no_irregularity_now", who=who, text=text),
                            seat=seat, action=action)
    # the play
    text = action.text.strip()
    if not _is_card(text):
        raise IllegalAction(Reason("oldbridge.irregular_card", who=who, text=text),
                            seat=seat, action=action)
    card = Card.parse(text)
    if not deal.hands[seat] >> card & 1:
        raise IllegalAction(Reason("bridge.not_held", seat=who, card=card), seat=seat, action=action)
    if seat == deal.next_seat:
        led = deal.trick[0] // 13 if deal.trick else None
        if led is None or card // 13 == led or not deal.hands[seat] & SUIT_MASKS[led]:
            raise IllegalAction(Reason("oldbridge.simply_play", who=who, card=card), seat=seat, action=action)
        liable = deal.laws_revoke_liable(seat)
        if liable is None:
            raise IllegalAction(Reason("oldbridge.dummy_revoke_b9"), seat=seat, action=action)
        if liable:
            note(deal, "revoke", seat, action, f"{who} did not follow suit")
            d.revokes.append((int(seat.side), len(deal.tricks) + 1))
        else:  # the revoke stands, without penalty (double dummy's dummies)
            note(deal, "revoke-unpenalised", seat, action, f"{who} did not follow suit (no penalty)")
        deal.laws_enter_card(card)
        return
    if not deal.trick and seat.side != deal.dealer.side:
        irr = note(deal, "lead-out-of-turn", seat, action, f"{who} led out of turn")
        d.seen |= 1 << card
        rule(deal, irr, Chooser.DEALER, (deal.dealer,), LeadOutOfTurn(seat=seat, card=card))
        return
    if not deal.trick and seat.side == deal.dealer.side and deal.next_seat.side == deal.dealer.side:
        note(deal, "dealer-lead-out-of-turn", seat, action, f"the dealer led from the wrong hand ({who})")
        deal.laws_enter_card(card, leader=seat)  # B-16: no penalty; the lead stands
        return
    raise IllegalAction(Reason("oldbridge.play_no_irregularity", who=who, card=card),
                        seat=seat, action=action)


def choose(deal: StraightDeal, choice: RulingChoice) -> None:
    """Carry out the option chosen under the pending ruling: a new deal for any law that offers it,
    otherwise its context's handler; then what follows any action."""
    d = deal.director
    assert d is not None and d.pending is not None
    ruling = d.pending
    if choice.law != ruling.law.number:
        raise IllegalAction(Reason("oldbridge.ruling_law", law=ruling.law.number, got=choice.law),
                            action=choice)
    ruling.option(choice.option)  # raises CardroomError for an unknown option
    _, ctx = d.take()
    o = choice.option
    if isinstance(ctx, RevokeRuling):
        d.revoke_how = o
        deal.laws_set_over(True)
        return
    if o == "new-deal":
        d.void = True
        deal.laws_set_over(True)
        return
    HANDLERS.handler(type(ctx))(deal, ctx, o)
    after_action(deal)


@HANDLERS.on(MakeUnasked)
def _make_unasked(deal: StraightDeal, ctx: MakeUnasked, o: str) -> None:
    """B-1: the make stands (else a new deal)."""
    if o == "stands":
        deal.laws_enter_call(deal.dealer.partner, OldCall(ctx.make))


@HANDLERS.on(MakePassedBack, MakeByOpponent, ExposedBeforeMake)
def _waived(deal: StraightDeal, ctx: Context, o: str) -> None:
    """B-2 (the dealer's partner must name the trump: he is to act), B-3, B-10: waived."""


@HANDLERS.on(DoubleBeforeAsked)
def _double_before_asked(deal: StraightDeal, ctx: DoubleBeforeAsked, o: str) -> None:
    """B-4: the pone's double stands, or it is void."""
    if o == "stands":
        deal.laws_enter_call(deal.dealer.rho, DOUBLE)


@HANDLERS.on(RedoubleOutOfTurn)
def _redouble_out_of_turn(deal: StraightDeal, ctx: RedoubleOutOfTurn, o: str) -> None:
    """B-5: the redouble stands, or it is void."""
    if o == "stands":
        deal.laws_enter_call(ctx.seat, REDOUBLE)


@HANDLERS.on(LeadWithoutAsking)
def _lead_without_asking(deal: StraightDeal, ctx: LeadWithoutAsking, o: str) -> None:
    """B-7: the maker consents (the pone may still double) or refuses (the play begins undoubled)."""
    deal.laws_set_doubling([deal.dealer.rho] if o == "consent" else [])


@HANDLERS.on(PoneExposed)
def _pone_exposed(deal: StraightDeal, ctx: PoneExposed, o: str) -> None:
    """B-12: an exposed card, or the eldest hand may not lead its suit."""
    d = deal.director
    assert d is not None
    pone = int(deal.dealer.rho)
    if o == "exposed":
        d.exposed[pone] = d.exposed.get(pone, 0) | 1 << ctx.card
    else:
        d.seen |= 1 << ctx.card
        d.restriction = LeadRestriction(int(deal.dealer.lho), ctx.card // 13, FORBID, False, "B-12")


@HANDLERS.on(LeadOutOfTurn)
def _lead_out_of_turn(deal: StraightDeal, ctx: LeadOutOfTurn, o: str) -> None:
    """B-15: the card exposed, or a suit called for the next lead of either opponent."""
    d = deal.director
    assert d is not None
    offender = int(ctx.seat)
    if o == "exposed":
        d.exposed[offender] = d.exposed.get(offender, 0) | 1 << ctx.card
    else:
        d.restriction = LeadRestriction(-1, "CDHS".index(o[-1]), REQUIRE, False, "B-15")


def legal_plays(deal: StraightDeal, base: list[Any]) -> list[Any]:
    """The plays open under the penalties in force: a lead restriction on the dealer's opponents, exposed
    cards to be played at the first legal opportunity."""
    d = deal.director
    assert d is not None
    seat = deal.next_seat
    if not deal.trick and seat.side != deal.dealer.side and d.restriction is not None \
            and d.restriction.seat in (-1, int(seat)):
        base = restrict_lead(base, d.restriction, lambda c: c // 13)
    exposed = d.exposed.get(int(seat), 0)
    if exposed:
        base = penalty_card_plays(base, [c for c in base if exposed >> c & 1])
    return base


def _is_card(text: str) -> bool:
    try:
        Card.parse(text)
    except ParseError:
        return False
    return True



def _card_arg(text: str, action: Any) -> Card:
    try:
        return Card.parse(text)
    except ParseError:
        raise IllegalAction(Reason("oldbridge.not_card", action=action.to_text(), text=text), action=action) from None



def _call_arg(text: str, action: Any) -> OldCall:
    t = text.strip()
    if t.lower() in ("make", "leave"):
        t = "leave" if t.lower() == "leave" else t
    try:
        return OldCall.parse(t)
    except ParseError:
        raise IllegalAction(Reason("oldbridge.not_call_card", action=action.to_text(), text=text),
                            action=action) from None


# ------------------------------------------------------------------ auction bridge (revokes only)
def _auction_call(text: str) -> OldCall | None:
    try:
        return OldCall.parse(text)
    except ParseError:
        return None


def auction_apply(deal: AuctionDeal, action: Any) -> None:
    """Auction bridge's laws mode: revokes only; the revoke penalty chosen at the end."""
    d = deal.director
    assert d is not None
    if d.pending is not None:
        if not isinstance(action, RulingChoice) or action.law != d.pending.law.number:
            raise ruling_pending(d, action)
        d.pending.option(action.option)
        _, ctx = d.take()
        d.revoke_choices[ctx.side] = action.option
        auction_after_action(deal)
        return
    if isinstance(action, RulingChoice):
        raise IllegalAction(Reason("oldbridge.no_ruling", action=action.to_text()), action=action)
    if isinstance(action, Irregular):
        seat = Seat(action.seat)
        who = deal.laws_who(seat)
        text = action.text.strip()
        if deal.phase != PHASE_PLAY and _auction_call(text) is not None:
            # "!4d" in the auction is a call (out of turn, insufficient), read as contract bridge reads it;
            # document 000 gives auction bridge no law for it: refused with that reason
            raise IllegalAction(Reason("oldbridge.auction_call_no_law", who=who, call=_auction_call(text),
                                       letter=seat.letter), seat=seat, action=action)
        try:
            card = Card.parse(text)
        except ParseError:
            raise IllegalAction(Reason("oldbridge.auction_revoke_only", who=who, text=text, letter=seat.letter),
                                seat=seat, action=action) from None
        if deal.phase != PHASE_PLAY or seat != deal.next_seat or not deal.trick:
            raise IllegalAction(Reason("oldbridge.play_no_revoke", who=who, card=card), seat=seat, action=action)
        hand = deal.hands[seat]
        led = deal.trick[0] // 13
        if not hand >> card & 1:
            raise IllegalAction(Reason("bridge.not_held", seat=who, card=card), seat=seat, action=action)
        if card // 13 == led or not hand & SUIT_MASKS[led]:
            raise IllegalAction(Reason("oldbridge.simply_play_revoke", who=who, card=card), seat=seat, action=action)
        if seat == deal.dummy:
            raise IllegalAction(Reason("oldbridge.dummy_revoke"), seat=seat, action=action)
        d.irregularities.append(Irregularity("revoke", int(seat), f"{who} did not follow suit",
                                             len(deal.tricks) + 1, action.to_text()))
        d.revokes.append((int(seat.side), len(deal.tricks) + 1))
        deal.laws_enter_card(card)
        return
    deal.laws_plain(action)


def auction_after_action(deal: AuctionDeal) -> None:
    """At the end of the play, the revoke rulings of auction bridge (automatic against a nullo declarer)."""
    d = deal.director
    if d is None or len(deal.tricks) < 13 or not d.revokes or deal.contract is None:
        return
    c = deal.contract
    for side in sorted({s for s, _ in d.revokes}):
        if side in d.revoke_choices:
            continue
        if c.nullo and side == c.side:
            d.revoke_choices[side] = "100-penalty"  # automatic, N-REV-D
            continue
        law = "N-REV" if c.nullo else "A-REV"
        chooser = c.declarer if c.nullo else (deal.dealer if deal.dealer.side != side else deal.dealer.lho)
        n = sum(1 for s, _ in d.revokes if s == side)
        first = next(i.offender for i in d.irregularities if Seat(i.offender).side == side)
        irr = Irregularity("revoke", first, _revokes(n, Side(side)))
        d.rule(AUCTION_TABLE.ruling(irr, chooser=int(chooser), entitled=(int(chooser), int(chooser.partner)),
                                    law=law, lapses="at the end of the deal"), AuctionRevoke(side=side))
        deal.phase = PHASE_PLAY  # not over until the penalty is chosen
        return
    deal.phase = PHASE_OVER
