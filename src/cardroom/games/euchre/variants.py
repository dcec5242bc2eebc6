"""Options of euchre (document 003, the Somerset Club laws of 1888), each named after the rule
that sets it. Every default follows the document; see docs/rules/euchre.md for the table.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from functools import cache
from typing import Any

from cardroom.core.errors import CardroomError, Reason
from cardroom.core.options import Schema, check_field_rules, one_of


@dataclass(frozen=True)
class EuchreRules:
    """The options in force.

    * ``lap`` — glossary «Нахлест»: points beyond the five of a game are carried into the next
      game (default ``True``). ``False`` is the common practice elsewhere (no carry).
    * ``fourth_game_after_lap`` — glossary «если нахлест происходит в третьей партии, необходимо
      сыграть четвертую» (Law 1's "equal score in the third game" read as "a lap in the third
      game"); default ``True``. With ``False`` the rubber is always exactly three games.
    * ``carried_points_count`` — Law 7: a game counts 2 «если только проигравшая сторона не
      осталась без очков». Default ``True``: points a side carried into the game by a lap are
      points it has, so it cannot lose a double game; ``False``: only points scored in the game
      itself count.
    * ``sitting_out_dealer_takes_up`` — not stated in the source: when the dealer's partner plays
      alone at the turn-up suit and the dealer sits out, does the dealer still take up the
      turn-up and discard? Default ``False``: the turn-up stays face up on the pack, dead, and
      the dealer's cards are laid face down untouched.
    * ``first_dealer`` — ``None`` (default): the first dealer is found by cutting (Law 11: the
      highest cut deals; Law 8: knave highest, then A K Q 10 9 8 7; a tie for highest cuts
      again). Or a seat letter ``"N" "E" "S" "W"`` to start without a cut.
    * ``laws`` — laws mode (Laws 46–105, ``games/euchre/laws.py``): an irregular action (``!W 8D``) is
      accepted and ruled on, the non-offending side choosing among the law's options. Default ``False``
      (casual play refuses it).
    """

    lap: bool = True
    fourth_game_after_lap: bool = True
    carried_points_count: bool = True
    sitting_out_dealer_takes_up: bool = False
    first_dealer: str | None = one_of(None, ("N", "E", "S", "W"))
    laws: bool = False

    def __post_init__(self) -> None:
        check_field_rules(self)
        for f in ("lap", "fourth_game_after_lap", "carried_points_count", "sitting_out_dealer_takes_up", "laws"):
            if not isinstance(getattr(self, f), bool):
                raise CardroomError(Reason("euchre.option_bool", name=f, got=getattr(self, f)))

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


DEFAULT_RULES = EuchreRules()


@cache
def option_schema() -> Schema:
    """The options a table sets: every field of :class:`EuchreRules`."""
    return Schema.from_dataclass(EuchreRules)


def make_rules(**options: Any) -> EuchreRules:
    """Rules from keyword options; an unknown option is refused with its name."""
    known = {f.name for f in fields(EuchreRules)}
    for k in options:
        if k not in known:
            raise CardroomError(Reason("euchre.unknown_option", name=k, known=', '.join(sorted(known))))
    return EuchreRules(**options)
