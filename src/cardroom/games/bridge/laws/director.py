"""The laws state of one deal of contract bridge: the pending ruling and its context (the core's
:class:`~cardroom.core.laws.LawsDirector`), barred players, lead rights and restrictions, penalty cards,
revokes and claims."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from cardroom.core.cards import Card, Suit, cards_of_mask
from cardroom.core.laws import REQUIRE, LawsDirector, LeadRestriction
from cardroom.core.table import Seat
from cardroom.games.bridge.calls import Call
from cardroom.games.bridge.laws.actions import Claim
from cardroom.games.bridge.laws.contexts import RhoWait, Substitute
from cardroom.i18n.catalogue import Phrase

if TYPE_CHECKING:
    from cardroom.games.bridge.rules import BridgeDeal


@dataclass
class LeadRight:
    """Declarer's right to a lead penalty (L10) at a future lead."""

    law: str
    side: int  # the offending side
    target: Seat | None  # the seat whose lead it concerns (None: whoever of the side leads)
    options: tuple[str, ...]
    opening_only: bool = True  # the opening lead only (else: the target's next turn to lead)
    requires_partner_lead: Seat | None = None  # L11 NT: only when this seat has the opening lead
    exclude_leader: Seat | None = None


@dataclass
class Revoke:
    seat: Seat
    trick: int  # 0-based trick index
    suit: int
    card: Card
    position: int  # index of the card in the trick
    established: bool = False
    corrected: bool = False
    penalty_anyway: bool = False  # L21c


@dataclass
class Director(LawsDirector):
    """The laws state of one deal (see the package docstring); ``context`` is the pending ruling's
    :class:`~cardroom.games.bridge.laws.contexts.Context`."""

    bars: dict[Seat, int | None] = field(default_factory=dict)
    no_double_now: set[Seat] = field(default_factory=set)
    no_double_of: dict[Seat, Call] = field(default_factory=dict)
    must_call: dict[Seat, Call] = field(default_factory=dict)
    rho_wait: RhoWait | None = None
    l16b_watch: Seat | None = None
    substitute: Substitute | None = None  # the offender must substitute a call (L9, L18.3)
    call_seats: list[Seat] = field(default_factory=list)
    called: set[Seat] = field(default_factory=set)
    lead_rights: list[LeadRight] = field(default_factory=list)
    lead_restriction: LeadRestriction | None = None
    auction_exposed: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    penalty: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    designated: Card | None = None
    play_requirement: tuple[Seat, str] | None = None
    forbidden: tuple[Seat, int, int] | None = None  # (seat, suit or -1, card mask)
    early: dict[Seat, Card] = field(default_factory=dict)
    revokes: list[Revoke] = field(default_factory=list)
    dummy_forfeited: bool = False
    faced: int = 0
    lead_offered: int = -1  # trick number (len(tricks)) at which lead rulings were offered
    l23_offered: tuple[int, int] = (-1, 0)  # (trick number, partner's penalty cards) of the last L23 offer
    won_in_play: tuple[int, int] | None = None
    transferred: int = 0
    claim: Claim | None = None
    claimed: tuple[int, int, int] | None = None  # (claiming side, its tricks, the others') of the remaining
    skipped: set[Seat] = field(default_factory=set)  # seats whose turn an accepted call skipped (L14)

    def face_up_mask(self) -> int:
        """Every card face up on the table by the laws (penalty cards, cards exposed in the auction, a
        claimer's faced hand): every seat sees them."""
        m = self.faced
        for s in range(4):
            m |= self.penalty[s] | self.auction_exposed[s]
        return m

    def view_fields(self, deal: BridgeDeal) -> dict[str, Any]:
        """The laws part of a :class:`BridgeView` (the same for every seat: nothing hidden in it)."""
        face = tuple((self.penalty[s] | self.auction_exposed[s] | self.faced) & deal.hands[s] for s in range(4))
        return {
            "laws": True,
            "ruling": None if self.pending is None else self.pending.to_dict(),
            "face_up": (face[0], face[1], face[2], face[3]),
            "restrictions": tuple(self.restrictions()),
            "irregularities": tuple(i.to_text() for i in self.irregularities),
        }

    # --------------------------------------------------------------- descriptions
    def restrictions(self) -> list[str]:
        """The restrictions in force, each an English text that writes itself in any language (a :class:`Phrase`)."""
        def seat(s: int) -> Phrase:
            return Phrase(f"seat.{Seat(s).letter}")

        out: list[str] = []
        for s, turns in sorted(self.bars.items()):
            out.append(Phrase("bridge.r.pass_always" if turns is None else "bridge.r.pass_next", seat=seat(s)))
        for s in sorted(self.no_double_now):
            out.append(Phrase("bridge.r.no_double", seat=seat(s)))
        for s, c in sorted(self.must_call.items()):
            out.append(Phrase("bridge.r.repeat", seat=seat(s), call=c))
        r = self.lead_restriction
        if r is not None:
            law = Phrase("bridge.r.law", n=r.law[1:]) if r.law[:1] == "L" else r.law
            out.append(Phrase("bridge.r.must_lead" if r.mode == REQUIRE else "bridge.r.may_not_lead", seat=seat(r.seat),
                              suit=Suit(r.suit).symbol, law=law))
        for s in Seat:
            if self.penalty[s]:
                out.append(Phrase("bridge.r.penalty_cards", seat=seat(s),
                                  cards=" ".join(c.pretty for c in cards_of_mask(self.penalty[s]))))
        if self.play_requirement is not None:
            how = self.play_requirement[1]
            said_how = Phrase(f"bridge.r.how.{how}") if how in ("highest", "lowest") else how
            out.append(Phrase("bridge.r.must_play", seat=seat(self.play_requirement[0]),
                              law=Phrase("bridge.r.law", n=25), how=said_how))
        return out

    def snapshot(self) -> dict[str, Any]:
        return {
            "pending": None if self.pending is None else self.pending.to_dict(),
            "bars": {s.letter: t for s, t in self.bars.items()}, "must_call": dict(self.must_call),
            "lead_restriction": self.lead_restriction, "penalty": tuple(self.penalty),
            "auction_exposed": tuple(self.auction_exposed), "early": dict(self.early),
            "revokes": [(r.seat, r.trick, r.card, r.established, r.corrected) for r in self.revokes],
            "irregularities": tuple(self.irregularities), "transferred": self.transferred,
            "claim": self.claim, "forfeited": self.dummy_forfeited, "faced": self.faced,
        }
