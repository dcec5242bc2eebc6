"""The play under the laws: the hook of each card entered, the rulings due before a turn (lead penalties,
penalty cards), revokes corrected, claims and the revoke penalty at the end."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardroom.core.cards import SUIT_MASKS, Card, cards_of_mask
from cardroom.core.errors import IllegalAction, Reason
from cardroom.core.laws import FORBID, REQUIRE, Chooser, Irregularity, LeadRestriction, RulingOption
from cardroom.core.table import Seat
from cardroom.games.bridge.laws import contexts as ctxt
from cardroom.games.bridge.laws.actions import Claim
from cardroom.games.bridge.laws.base import (
    HANDLERS,
    _choosing,
    _is_defender,
    _note,
    _rule,
    base_plays,
    laws_of,
    restricted_plays,
)
from cardroom.games.bridge.laws.director import LeadRight, Revoke
from cardroom.games.bridge.laws.offtable import minimum_tricks, revoke_penalty
from cardroom.games.bridge.laws.table import SUIT_LETTERS, all_lead_option_names
from cardroom.i18n.catalogue import Phrase

if TYPE_CHECKING:
    from cardroom.games.bridge.rules import BridgeDeal


def on_card(deal: BridgeDeal, seat: Seat, card: Card, was_lead: bool) -> None:
    d = laws_of(deal)
    r = d.lead_restriction
    if was_lead and r is not None and (r.seat != seat or r.mode == REQUIRE):
        d.lead_restriction = None
    if d.play_requirement is not None and d.play_requirement[0] == seat:
        d.play_requirement = None
    if d.forbidden is not None and d.forbidden[0] == seat and deal.rules.laws_remark_scope == "next-turn":
        d.forbidden = None
    if d.penalty[seat] >> card & 1:
        d.penalty[seat] &= ~(1 << card)
    if d.designated == card:
        d.designated = None
    d.early.pop(seat, None) if d.early.get(seat) == card else None
    if was_lead:
        for rv in d.revokes:
            if not rv.established and not rv.corrected and rv.seat.side == seat.side and rv.trick < len(deal.tricks):
                rv.established = True


def _before_turn(deal: BridgeDeal) -> None:
    """What happens before the next player acts: premature cards played in their turn, lead rights and
    penalty-card designations offered to declarer."""
    d = laws_of(deal)
    for _ in range(60):
        if deal.phase != 2 or d.pending is not None:
            return
        seat = deal.next_seat
        if seat in d.early:
            card = d.early.pop(seat)
            deal.laws_enter_card(card)
            continue
        assert deal.declarer is not None
        if not deal.trick and d.lead_offered != len(deal.tricks):
            d.lead_offered = len(deal.tricks)
            if d.lead_restriction is not None and d.lead_restriction.seat != seat:
                d.lead_restriction = None
            opening = not deal.tricks
            names: list[str] = []
            laws_used: list[str] = []
            keep: list[LeadRight] = []
            for right in d.lead_rights:
                applies = right.side == seat.side and (right.target is None or right.target == seat) and \
                    (not right.opening_only or opening)
                if applies:
                    names.extend(n for n in right.options if n not in names)
                    laws_used.append(right.law)
                elif not right.opening_only:
                    keep.append(right)
            d.lead_rights = keep
            if names and _is_defender(deal, seat):
                order = list(all_lead_option_names())
                names.sort(key=order.index)
                irr = Irregularity("lead-penalty", int(seat), "under " + ", ".join(laws_used), len(deal.tricks) + 1)
                law = "L11" if laws_used == ["L11"] else "L10"
                _rule(deal, irr, law, Chooser.DECLARER, (deal.declarer,), [*names, "waive"],
                      ctxt.LeadPenalty(seat=seat, source=",".join(laws_used)))
                return
        if not deal.trick and _is_defender(deal, seat) and d.penalty[seat.partner] and \
                d.l23_offered != (len(deal.tricks), d.penalty[seat.partner]) and \
                (d.lead_restriction is None or d.lead_restriction.seat != seat):
            d.l23_offered = (len(deal.tricks), d.penalty[seat.partner])
            suits = sorted({c // 13 for c in cards_of_mask(d.penalty[seat.partner])})
            irr = Irregularity("penalty-card-suit", int(seat.partner), "", len(deal.tricks) + 1)
            _rule(deal, irr, "L23", Chooser.DECLARER, (deal.declarer,), [*all_lead_option_names(suits=suits), "waive"],
                  ctxt.PenaltyCardSuit(seat=seat, owner=seat.partner))
            return
        if _is_defender(deal, seat) and d.penalty[seat] and d.designated is None:
            legal = restricted_plays(deal, base_plays(deal))
            forced = [c for c in legal if d.penalty[seat] >> c & 1]
            if len(forced) > 1 and len(forced) == len(legal):
                irr = Irregularity("penalty-card", int(seat), "several penalty cards", len(deal.tricks) + 1)
                opts = [RulingOption(f"play-{c}", f"{seat.letter} plays {c}") for c in forced]
                _rule(deal, irr, "L23", Chooser.DECLARER, (deal.declarer,), opts, ctxt.Designate())
                return
        return


def _start_correction(deal: BridgeDeal, rv: Revoke, penalty_card: bool) -> None:
    d = laws_of(deal)
    t = len(deal.tricks)
    if t == rv.trick:
        cards = list(deal.trick)
        leader = deal.leader
    elif t == rv.trick + 1 and not deal.trick:
        cards = list(deal.tricks[-1].cards)
        leader = deal.tricks[-1].leader
    else:
        raise IllegalAction(Reason("bridge.revoke_too_late"))
    later = [(leader.next(i), c) for i, c in enumerate(cards) if i > rv.position]
    offending = rv.seat.side
    if any(s.side != offending for s, _ in later):
        assert deal.declarer is not None
        chooser = _choosing(deal, Chooser.NON_OFFENDER, rv.seat)
        irr = Irregularity("revoke-correction", int(rv.seat), str(rv.card), rv.trick + 1)
        _rule(deal, irr, "L28", chooser, (chooser,), ("keep-later", "retract-later"),
              ctxt.RevokeLater(index=d.revokes.index(rv), penalty_card=penalty_card))
        return
    _correct(deal, rv, penalty_card, retract_later=False)


def _correct(deal: BridgeDeal, rv: Revoke, penalty_card: bool, retract_later: bool) -> None:
    d = laws_of(deal)
    for s, c in reversed(deal.laws_take_back(rv.position)[1:]):
        if not (retract_later and s.side != rv.seat.side):
            d.early[s] = c
    rv.corrected = True
    if penalty_card and _is_defender(deal, rv.seat):
        d.penalty[rv.seat] |= 1 << rv.card
    _note(deal, "revoke-corrected", rv.seat, None, f"{rv.card} taken back" +
          (" and a penalty card" if penalty_card and _is_defender(deal, rv.seat) else ""))


def _claim(deal: BridgeDeal, claim: Claim, law_kind: str = "") -> None:
    d = laws_of(deal)
    if deal.phase != 2 or deal.declarer is None:
        raise IllegalAction(Reason("bridge.claim_in_play"), action=claim)
    if claim.seat == deal.dummy:
        raise IllegalAction(Reason("bridge.claim_dummy"), action=claim)
    remaining = 13 - len(deal.tricks)
    if not 0 <= claim.tricks <= remaining:
        raise IllegalAction(Reason("bridge.claim_remain", tricks=claim.tricks, remaining=remaining), action=claim)
    irr = Irregularity(law_kind or ("claim-declarer" if claim.seat == deal.declarer else "claim-defender"),
                       int(claim.seat), Phrase("bridge.r.concede" if claim.concede else "bridge.r.claim",
                                              seat=Phrase(f"seat.{claim.seat.letter}"), n=claim.tricks),
                       len(deal.tricks) + 1, claim.to_text())
    d.irregularities.append(irr)
    if claim.seat == deal.declarer:
        d.faced |= deal.hands[claim.seat]  # L32: declarer faces his cards
        _rule(deal, irr, "L32", Chooser.DEFENDERS, (deal.declarer.lho, deal.declarer.rho), ("accept", "dispute"),
              ctxt.ClaimMade(claim=claim))
    else:
        _rule(deal, irr, "L33", Chooser.DECLARER, (deal.declarer,), ("accept", "dispute"), ctxt.ClaimMade(claim=claim))


def _end_by_claim(deal: BridgeDeal, claim: Claim) -> None:
    d = laws_of(deal)
    remaining = 13 - len(deal.tricks)
    side = claim.seat.side
    mine = remaining - claim.tricks if claim.concede else claim.tricks
    if deal.rules.laws_void_impossible_concessions:
        floor = minimum_tricks(deal, side)
        if floor is not None and mine < floor:
            d.irregularities.append(Irregularity("impossible-concession", int(claim.seat),
                                                 f"{floor - mine} trick(s) that could not be lost: void (L36)"))
            mine = floor
    for rv in d.revokes:
        if rv.seat.side == side and not rv.corrected:
            rv.established = True  # L29: the offending side ended play by a claim or concession
    d.claim = claim
    d.claimed = (side, mine, remaining - mine)
    deal.laws_end_play(side, mine, remaining - mine)


def _finish(deal: BridgeDeal) -> None:
    """At the end of the play: the revoke penalty (L30)."""
    d = laws_of(deal)
    if deal.phase != 3 or d.won_in_play is not None or deal.declarer is None:
        return
    d.won_in_play = (deal.won[0], deal.won[1])
    winners = [t.winner & 1 for t in deal.tricks]
    if d.claimed is not None:
        side, mine, theirs = d.claimed
        winners += [side] * mine + [1 - side] * theirs
    for side in (0, 1):
        revs = [(r.seat, r.suit, r.trick + 1) for r in d.revokes
                if r.seat.side == side and ((r.established and not r.corrected) or r.penalty_anyway)]
        n = revoke_penalty(revs, winners)
        if n:
            deal.laws_transfer_tricks(side, n)
            d.transferred += n if side != deal.declarer.side else -n
            d.irregularities.append(Irregularity("revoke-penalty", int(revs[0][0]),
                                                 f"{n} trick(s) transferred (L30)"))


# ------------------------------------------------------------------------ the options chosen
@HANDLERS.on(ctxt.PlayRemark)
def _play_remark(deal: BridgeDeal, ctx: ctxt.PlayRemark, o: str) -> None:
    """L5 in the play: the partner may not make the suggested lead or play."""
    d = laws_of(deal)
    if o == "forbid":
        d.forbidden = (ctx.target, ctx.suit, ctx.mask)


@HANDLERS.on(ctxt.DefenderLead, ctxt.DeclarerLead)
def _lead_out_of_turn(deal: BridgeDeal, ctx: ctxt.DefenderLead | ctxt.DeclarerLead, o: str) -> None:
    """L24: the lead accepted, taken back, a penalty card or a lead penalty."""
    d = laws_of(deal)
    seat, card = ctx.seat, ctx.card
    if o == "accept":
        deal.laws_enter_card(card, leader=seat)
    elif o == "penalty-card":
        d.penalty[seat] |= 1 << card
    elif o == "lead-penalty":
        d.lead_rights.append(LeadRight("L24", seat.side, seat.partner, all_lead_option_names(),
                                       opening_only=False))
        d.lead_offered = -1


@HANDLERS.on(ctxt.DeclarerEarly)
def _declarer_early(deal: BridgeDeal, ctx: ctxt.DeclarerEarly, o: str) -> None:
    """L24 within a trick: declarer's card played before his turn stands, played in its turn."""
    d = laws_of(deal)
    if o == "accept":
        d.early[ctx.seat] = ctx.card


@HANDLERS.on(ctxt.Premature)
def _premature(deal: BridgeDeal, ctx: ctxt.Premature, o: str) -> None:
    """L25: the offender's partner plays highest, lowest or a suit."""
    d = laws_of(deal)
    if o != "waive":
        d.play_requirement = (ctx.target, o)


@HANDLERS.on(ctxt.RevokeMade)
def _revoke(deal: BridgeDeal, ctx: ctxt.RevokeMade, o: str) -> None:
    """L27: corrected now, or let stand."""
    d = laws_of(deal)
    if o == "correct":
        _start_correction(deal, d.revokes[ctx.index], penalty_card=True)


@HANDLERS.on(ctxt.RevokeLater)
def _revoke_later(deal: BridgeDeal, ctx: ctxt.RevokeLater, o: str) -> None:
    """L28: the cards played after the revoke stay or go back."""
    d = laws_of(deal)
    _correct(deal, d.revokes[ctx.index], ctx.penalty_card, retract_later=o == "retract-later")


def _restriction(option: str, seat: Seat, law: str, lasting: bool) -> LeadRestriction:
    """The lead restriction an option names: ``require-S``, ``forbid-H``."""
    mode, suit = option.split("-")
    return LeadRestriction(int(seat), SUIT_LETTERS.index(suit), mode, lasting=lasting, law=law)


@HANDLERS.on(ctxt.LeadPenalty)
def _lead_penalty(deal: BridgeDeal, ctx: ctxt.LeadPenalty, o: str) -> None:
    """L10: a suit required (one lead) or forbidden (while the player keeps the lead)."""
    d = laws_of(deal)
    if o != "waive":
        d.lead_restriction = _restriction(o, ctx.seat, ctx.source, lasting=o.startswith(FORBID))


@HANDLERS.on(ctxt.PenaltyCardSuit)
def _penalty_card_suit(deal: BridgeDeal, ctx: ctxt.PenaltyCardSuit, o: str) -> None:
    """L23: declarer requires or forbids the lead of a penalty card's suit; the owner picks the card up."""
    d = laws_of(deal)
    if o != "waive":
        r = d.lead_restriction = _restriction(o, ctx.seat, "L23", lasting=False)
        d.penalty[ctx.owner] &= ~SUIT_MASKS[r.suit]  # L23: the owner picks the card up


@HANDLERS.on(ctxt.Designate)
def _designate(deal: BridgeDeal, ctx: ctxt.Designate, o: str) -> None:
    """L23: declarer designates the penalty card to play."""
    d = laws_of(deal)
    d.designated = Card.parse(o.split("-", 1)[1])


@HANDLERS.on(ctxt.ClaimMade)
def _claim_ruled(deal: BridgeDeal, ctx: ctxt.ClaimMade, o: str) -> None:
    """L32, L33: a claim accepted ends the play; disputed, play goes on."""
    if o == "accept":
        _end_by_claim(deal, ctx.claim)


@HANDLERS.on(ctxt.Shown)
def _shown(deal: BridgeDeal, ctx: ctxt.Shown, o: str) -> None:
    """L33: every card a defender showed his partner is a penalty card."""
    d = laws_of(deal)
    if o == "penalty-cards":
        d.penalty[ctx.seat] |= deal.hands[ctx.seat]


@HANDLERS.on(ctxt.Warned)
def _warned(deal: BridgeDeal, ctx: ctxt.Warned, o: str) -> None:
    """L21b: a defender chooses the hand declarer leads from."""
    assert deal.declarer is not None and deal.dummy is not None
    hand = deal.declarer if o == "hand-declarer" else deal.dummy
    deal.laws_set_turn(hand, lead=True)
