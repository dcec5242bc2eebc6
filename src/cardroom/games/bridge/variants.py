"""Options of contract bridge, each named after the rule that sets it.

Two scorings are built in:

* ``"doc001"`` (default): document 001 (Бридж) where it speaks, the standard rubber-bridge law
  where it is silent (club, diamond, heart and no-trump trick values; the bonus for making a
  doubled contract; the unfinished rubber).
* ``"modern"``: the Laws of Contract Bridge (rubber bridge) as now played: doubled undertricks
  100/300/500/800… not vulnerable and 200/500/800… vulnerable, doubled overtricks 100/200,
  50 for making a doubled contract (100 redoubled).

See docs/rules/contract-bridge.md for every rule and its source.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from functools import cache
from typing import Any

from cardroom.core.errors import CardroomError, Reason
from cardroom.core.options import CHOICE, OptionSpec, Schema, check_field_rules, one_of, ranged


@dataclass(frozen=True)
class ScoringRules:
    """Rubber scoring. Every amount is in points."""

    name: str = "doc001"
    # Trick values per odd trick, C D H S NT. Doc 001 fixes S=30; doc 002 gives D=20, H=30.
    # C=20 and NT=40/30 are the standard law.
    trick_value: tuple[int, int, int, int, int] = (20, 20, 30, 30, 30)
    nt_first_trick: int = 40
    # Undertricks: (first, second and third, fourth and later) by [vulnerable][doubling 0/1/2].
    # Doc 001 §6.5: not vul 50/50; doubled 100 then 200; redoubled 200 then 400;
    # vul 100/100; doubled 200 then 300; redoubled 400 then 600.
    undertricks: tuple[tuple[tuple[int, int, int], ...], ...] = (
        ((50, 50, 50), (100, 200, 200), (200, 400, 400)),
        ((100, 100, 100), (200, 300, 300), (400, 600, 600)),
    )
    # Overtricks when doubled: None = trick value x2/x4 (doc 001 §6.3); else (not vul, vul) per
    # overtrick doubled, redoubled twice that.
    doubled_overtrick: tuple[int, int] | None = None
    insult: tuple[int, int] = (50, 100)  # making a doubled / redoubled contract (standard law)
    small_slam: tuple[int, int] = (500, 750)  # (not vul, vul) doc 001 §6.6
    grand_slam: tuple[int, int] = (1000, 1500)
    honours_four: int = 100  # four of the five trump honours in one hand, doc 001 §6.7
    honours_five: int = 150
    honours_four_aces_nt: int = 150
    game_points: int = 100
    rubber_bonus_two_nil: int = 700
    rubber_bonus_two_one: int = 500
    rubber_bonus_below_line: bool = True  # doc 001 §6.1 writes it below the line
    annulled_part_score_counts: bool = False  # doc 001 §6.8: "аннулируются"
    unfinished_game: int = 300  # standard law: one game won in an unfinished rubber
    unfinished_part_score: int = 100  # standard law: a part score in the unfinished game
    back_score_rounding: str = "nearest-50-down"  # "nearest-50-down", "nearest-50-up", "truncate"

    def __post_init__(self) -> None:
        if self.back_score_rounding not in ("nearest-50-down", "nearest-50-up", "truncate"):
            raise CardroomError(Reason("bridge.back_score_rounding", got=self.back_score_rounding))


DOC001 = ScoringRules()
MODERN = ScoringRules(
    name="modern",
    undertricks=(
        ((50, 50, 50), (100, 200, 300), (200, 400, 600)),
        ((100, 100, 100), (200, 300, 300), (400, 600, 600)),
    ),
    doubled_overtrick=(100, 200),
    rubber_bonus_below_line=False,
    annulled_part_score_counts=True,
)
SCORINGS: dict[str, ScoringRules] = {"doc001": DOC001, "modern": MODERN}


@dataclass(frozen=True)
class BridgeRules:
    """Options of the auction and the deal."""

    # Doc 001 §4.3 UNCERTAIN: "if no-trumps is declared, 3NT is obligatory". Off (1) by default.
    nt_minimum_level: int = ranged(1, 1, 7)
    # Doc 001 §4.5 UNCERTAIN: a player may overbid his partner only when both opponents passed.
    partner_overbid_only_after_opponents_pass: bool = False
    # Doc 001 §3.4 UNCERTAIN: the deal passes to the left after every deal (True) or every game.
    rotate_dealer_every_deal: bool = True
    # The draw decides the first dealer (doc 001 §3.1); False starts with North dealing.
    draw_for_first_deal: bool = True
    scoring: ScoringRules = field(default_factory=lambda: DOC001)
    # Laws mode (document 002, games/bridge/laws.py): irregular actions are accepted and ruled on
    # instead of refused. Off for casual play.
    laws: bool = False
    # Doc 002 L23 UNCERTAIN «при первой законной возможности сыграна в масть»: a penalty card must also
    # be played on a discard (True, the digest's best reading) or only when leading or following suit.
    laws_penalty_card_discard: bool = True
    # Doc 002 L5b UNCERTAIN «при розыгрыше каждой последующей взятки»: the forbidden suggested lead or
    # play binds the offender's partner at his next turn ("next-turn") or for the rest of the deal ("deal").
    laws_remark_scope: str = one_of("next-turn", ("next-turn", "deal"))
    # Doc 002 L36: a concession of tricks the side could not lose is void (checked exactly when at most
    # four tricks remain).
    laws_void_impossible_concessions: bool = True
    # The cards are shuffled and dealt by a server (the card room sets it): no shuffle can be faulty, so
    # L2's new shuffle (`!S reshuffle`) is refused instead of letting a player have the deal drawn again.
    laws_online: bool = False

    def __post_init__(self) -> None:
        check_field_rules(self)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for f in fields(self):
            v = getattr(self, f.name)
            out[f.name] = v.name if isinstance(v, ScoringRules) else v
        return out


@cache
def option_schema() -> Schema:
    """The options a table sets: :class:`BridgeRules`' fields, the scoring by its name."""
    scoring = OptionSpec("scoring", CHOICE, "doc001", choices=tuple(SCORINGS),
                         description="the rubber scoring: doc001 (document 001, the standard law where it is "
                                     "silent) or modern (the Laws of Contract Bridge as now played)",
                         source="Doc 001 §6")
    return Schema.from_dataclass(BridgeRules, replace={"scoring": scoring})


def make_rules(**options: Any) -> BridgeRules:
    """Build rules from options; ``scoring`` may be a name ("doc001", "modern") or ScoringRules."""
    scoring = options.pop("scoring", "doc001")
    if isinstance(scoring, str):
        if scoring not in SCORINGS:
            raise CardroomError(Reason("bridge.unknown_scoring", scoring=scoring, known=', '.join(SCORINGS)))
        scoring = SCORINGS[scoring]
    known = {f.name for f in fields(BridgeRules)}
    bad = set(options) - known
    if bad:
        raise CardroomError(Reason("bridge.unknown_options", options=', '.join(sorted(bad))))
    return replace(BridgeRules(scoring=scoring), **options)
