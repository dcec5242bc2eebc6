"""Rubber-bridge scoring: pure functions from a finished deal to score-sheet entries."""

from __future__ import annotations

from dataclasses import dataclass

from cardroom.core.cards import SUIT_MASKS
from cardroom.core.table import Seat, Side
from cardroom.games.bridge.calls import Strain
from cardroom.games.bridge.variants import DOC001, ScoringRules


@dataclass(frozen=True)
class Contract:
    level: int
    strain: Strain
    doubling: int = 0  # 0 undoubled, 1 doubled, 2 redoubled
    declarer: Seat = Seat.SOUTH

    def __str__(self) -> str:
        return f"{self.level}{self.strain.letter}{('', 'X', 'XX')[self.doubling]} by {self.declarer.letter}"

    @property
    def text(self) -> str:
        """PBN form: ``4SX``."""
        return f"{self.level}{self.strain.letter}{('', 'X', 'XX')[self.doubling]}"

    @property
    def tricks_required(self) -> int:
        return 6 + self.level

    @property
    def side(self) -> Side:
        return self.declarer.side


@dataclass(frozen=True)
class Entry:
    """One entry on the score sheet."""

    side: Side
    points: int
    below: bool
    kind: str  # "tricks", "overtricks", "undertricks", "insult", "slam", "honours", "rubber", "unfinished"

    def to_dict(self) -> dict[str, object]:
        return {"side": self.side.name, "points": self.points, "below": self.below, "kind": self.kind}


def trick_points(level: int, strain: Strain, doubling: int, rules: ScoringRules = DOC001) -> int:
    """Points below the line for ``level`` contracted odd tricks."""
    if strain is Strain.NOTRUMP:
        base = rules.nt_first_trick + (level - 1) * rules.trick_value[4]
    else:
        base = level * rules.trick_value[strain]
    return base << doubling


def overtrick_points(over: int, strain: Strain, doubling: int, vulnerable: bool,
                     rules: ScoringRules = DOC001) -> int:
    if over <= 0:
        return 0
    if doubling and rules.doubled_overtrick is not None:
        return over * rules.doubled_overtrick[vulnerable] * (1 if doubling == 1 else 2)
    return over * (rules.trick_value[strain] << doubling)


def undertrick_points(down: int, doubling: int, vulnerable: bool, rules: ScoringRules = DOC001) -> int:
    """The penalty credited to the defenders for ``down`` undertricks."""
    first, second, later = rules.undertricks[vulnerable][doubling]
    total = 0
    for i in range(down):
        total += first if i == 0 else second if i < 3 else later
    return total


def slam_bonus(level: int, vulnerable: bool, rules: ScoringRules = DOC001) -> int:
    if level == 6:
        return rules.small_slam[vulnerable]
    if level == 7:
        return rules.grand_slam[vulnerable]
    return 0


def honours(hands: tuple[int, ...], strain: Strain, rules: ScoringRules = DOC001) -> list[tuple[Seat, int]]:
    """Honours held by single players: (seat, points). Doc 001 §6.7: 100 for four of the five
    top trumps, 150 for all five; in no-trump 150 for the four aces."""
    out: list[tuple[Seat, int]] = []
    for seat in Seat:
        hand = hands[seat]
        if strain is Strain.NOTRUMP:
            aces = sum(1 for s in range(4) if hand >> (s * 13 + 12) & 1)
            if aces == 4:
                out.append((seat, rules.honours_four_aces_nt))
        else:
            top = (hand & SUIT_MASKS[strain]) >> (strain * 13 + 8)  # bits for 10 J Q K A
            n = (top & 0x1F).bit_count()
            if n == 5:
                out.append((seat, rules.honours_five))
            elif n == 4:
                out.append((seat, rules.honours_four))
    return out


def score_deal(contract: Contract, tricks: int, vulnerable: bool, rules: ScoringRules = DOC001,
               hands: tuple[int, ...] | None = None) -> list[Entry]:
    """Entries for a played contract: ``tricks`` taken by declarer's side, ``vulnerable`` for
    the declaring side, ``hands`` (the original deal) for honours."""
    side = contract.side
    out: list[Entry] = []
    need = contract.tricks_required
    if tricks >= need:
        out.append(Entry(side, trick_points(contract.level, contract.strain, contract.doubling, rules), True, "tricks"))
        over = overtrick_points(tricks - need, contract.strain, contract.doubling, vulnerable, rules)
        if over:
            out.append(Entry(side, over, False, "overtricks"))
        if contract.doubling:
            out.append(Entry(side, rules.insult[contract.doubling - 1], False, "insult"))
        slam = slam_bonus(contract.level, vulnerable, rules)
        if slam:
            out.append(Entry(side, slam, False, "slam"))
    else:
        out.append(Entry(side.other, undertrick_points(need - tricks, contract.doubling, vulnerable, rules),
                         False, "undertricks"))
    if hands is not None:
        for seat, pts in honours(hands, contract.strain, rules):
            out.append(Entry(seat.side, pts, False, "honours"))
    return out


def back_score_points(margin: int, rules: ScoringRules = DOC001) -> int:
    """Convert a rubber's winning margin into back-score points (hundreds).

    Doc 002: a margin of 430 is a "four-point rubber". The rounding of an exact 50 is the
    option ``back_score_rounding``.
    """
    sign = -1 if margin < 0 else 1
    m = abs(margin)
    hundreds, rest = divmod(m, 100)
    if rules.back_score_rounding == "truncate":
        pts = hundreds
    elif rules.back_score_rounding == "nearest-50-up":
        pts = hundreds + (1 if rest >= 50 else 0)
    else:
        pts = hundreds + (1 if rest > 50 else 0)
    return sign * pts
