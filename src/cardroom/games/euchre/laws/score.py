"""The hand's score entries under the laws (penalties first, Law 4)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardroom.core.table import Side
from cardroom.games.euchre.laws.base import _d
from cardroom.games.euchre.scoring import HandOutcome, PenaltyRules, ScoreEntry, hand_entries, score_hand

if TYPE_CHECKING:
    from cardroom.games.euchre.rules import EuchreHand


def finish_entries(hand: EuchreHand, makers: Side, makers_tricks: int, lone: bool,
                   rules: PenaltyRules | None = None) -> tuple[tuple[ScoreEntry, ...], tuple[int, int], Any]:
    """The hand's score entries under the laws (penalties first, Law 4) and the net points (NS, EW)."""
    d = _d(hand)
    revokes = [0, 0]
    for r in d.revokes:
        if r.established and not r.corrected:
            revokes[r.seat.side] += 1
    hs = score_hand(makers_tricks, lone, lone_march_points=2 if (lone and d.partner_exposed) else 4)
    outcome = HandOutcome(makers, hs, lone, (revokes[0], revokes[1]), d.wrong_cards, d.abandoned and lone)
    entries = hand_entries(outcome, rules or PenaltyRules())
    d.entries = entries
    pts = [0, 0]
    for e in entries:
        pts[e.side] += e.points
    return entries, (pts[0], pts[1]), hs
