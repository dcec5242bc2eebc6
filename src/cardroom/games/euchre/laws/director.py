"""The laws state of one euchre hand: the pending ruling and its context (the core's
:class:`~cardroom.core.laws.LawsDirector`), exposed and called cards, suit calls, requirements, bars,
revokes; and the reading of the actions of laws mode."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from cardroom.core.cards import Card, cards_of_mask
from cardroom.core.errors import ParseError
from cardroom.core.laws import Irregular, LawsDirector, LeadRestriction, RulingChoice
from cardroom.core.table import Seat, Side
from cardroom.games.euchre.laws.table import SUITS
from cardroom.games.euchre.scoring import ScoreEntry

if TYPE_CHECKING:
    from cardroom.games.euchre.rules import EuchreHand


@dataclass
class Revoke:
    seat: Seat
    trick: int
    card: Card
    established: bool = False
    corrected: bool = False


@dataclass
class Director(LawsDirector):
    """The laws state of one hand (see the package docstring); ``context`` is the pending ruling's
    :class:`~cardroom.games.euchre.laws.contexts.Context`."""

    exposed: list[int] = field(default_factory=lambda: [0, 0, 0, 0])  # liable to be called
    shown: int = 0  # face up but not callable (Law 104a)
    called: dict[Seat, Card] = field(default_factory=dict)
    call_offered: tuple[int, int, int] | None = None
    suit_call: Side | None = None
    lead_restriction: LeadRestriction | None = None
    requirement: tuple[Seat, str, int] | None = None  # seat, mode, trick number
    bars: dict[Seat, int] = field(default_factory=dict)  # seat -> the round in which he must pass
    no_alone: set[Seat] = field(default_factory=set)
    revokes: list[Revoke] = field(default_factory=list)
    partner_exposed: bool = False
    abandoned: bool = False
    early_lead: tuple[Seat, Card] | None = None
    thrown: set[Seat] = field(default_factory=set)
    wrong_cards: Side | None = None  # Law 90
    entries: tuple[ScoreEntry, ...] = ()

    def face_up_mask(self) -> int:
        m = self.shown | self.pending_card_mask()
        for s in range(4):
            m |= self.exposed[s]
        return m

    def pending_card_mask(self) -> int:
        """The card of an irregular lead or play awaiting its ruling (``!E AS``): it was put on the
        table face up, so every seat sees it until the ruling says where it goes."""
        if self.pending is None:
            return 0
        parts = self.pending.irregularity.action.split()
        if len(parts) != 2 or not parts[0].startswith("!"):
            return 0
        try:
            return Card.parse(parts[1]).mask
        except ParseError:
            return 0

    def restrictions(self) -> list[str]:
        out: list[str] = []
        for s, rnd in sorted(self.bars.items()):
            out.append(f"{s.letter} must pass in round {rnd}")
        for s in sorted(self.no_alone):
            out.append(f"{s.letter} may not play alone (L95)")
        for s in Seat:
            if self.exposed[s]:
                out.append(f"{s.letter} exposed: {' '.join(str(c) for c in cards_of_mask(self.exposed[s]))}")
        for s, c in sorted(self.called.items()):
            out.append(f"{s.letter} must play {c} (called)")
        if self.suit_call is not None:
            out.append(f"a suit may be called from {self.suit_call.name} at its next lead (L52)")
        r = self.lead_restriction
        if r is not None:
            out.append(f"{Seat(r.seat).letter} must lead {SUITS[r.suit]} ({r.law})")
        if self.requirement is not None:
            out.append(f"{self.requirement[0].letter} must play {self.requirement[1]}")
        return out

    def view_fields(self, hand: EuchreHand) -> dict[str, Any]:
        face = tuple(self.face_up_mask() & hand.hands[s] for s in range(4))
        return {"laws": True, "ruling": None if self.pending is None else self.pending.to_dict(),
                "face_up": face, "restrictions": tuple(self.restrictions()),
                "irregularities": tuple(i.to_text() for i in self.irregularities)}

    def snapshot(self) -> dict[str, Any]:
        return {"pending": None if self.pending is None else self.pending.to_dict(), "exposed": tuple(self.exposed),
                "shown": self.shown, "called": dict(self.called), "suit_call": self.suit_call,
                "lead_restriction": self.lead_restriction, "requirement": self.requirement,
                "bars": dict(self.bars), "no_alone": tuple(sorted(self.no_alone)),
                "revokes": [(r.seat, r.trick, r.card, r.established, r.corrected) for r in self.revokes],
                "irregularities": tuple(self.irregularities), "partner_exposed": self.partner_exposed,
                "abandoned": self.abandoned, "early_lead": self.early_lead, "wrong_cards": self.wrong_cards,
                "entries": self.entries}


def parse_law_action(text: str) -> Any:
    """``!SEAT …`` or ``ruling LAW OPTION`` (None when the text is neither)."""
    t = text.strip()
    if t.startswith("!"):
        return Irregular.from_text(t)
    if t.split()[:1] and t.split()[0].lower() in ("ruling", "решение"):
        return RulingChoice.from_text(t)
    return None
