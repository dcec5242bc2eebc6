"""The euchre game object (document 003, the Somerset Club laws of 1888) and its options."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from cardroom.core.game import Game
from cardroom.core.options import Schema
from cardroom.core.table import Seat
from cardroom.games.euchre.variants import EuchreRules, make_rules, option_schema

if TYPE_CHECKING:
    from cardroom.games.euchre.rubber import EuchreRubberState
    from cardroom.games.euchre.rules import EuchreHand


class Euchre(Game):
    """Four-handed partnership euchre played as a rubber (Laws 1–7)."""

    name: ClassVar[str] = "euchre"
    aliases: ClassVar[tuple[str, ...]] = ("юкер",)
    family: ClassVar[str] = "euchre"
    title: ClassVar[Mapping[str, str]] = {"en": "Euchre", "ru": "Юкер"}
    num_seats = 4
    rule_bot_path: ClassVar[str] = "cardroom.bots.euchre:EuchreBot"
    has_search_bot: ClassVar[bool] = True
    analysis_path: ClassVar[str] = "cardroom.games.euchre.analysis:ANALYSIS"
    review_path: ClassVar[str] = "cardroom.games.euchre.review:REVIEW"
    keeper_fields_path: ClassVar[str] = "cardroom.games.euchre.keeper:FIELDS"
    keeper_result_path: ClassVar[str] = "cardroom.games.euchre.keeper:hand_result"

    def __init__(self, **options: Any) -> None:
        self.rules: EuchreRules = make_rules(**options)

    @classmethod
    def configurations(cls) -> list[dict[str, Any]]:
        return [{}, {"lap": False},
                {"sitting_out_dealer_takes_up": True, "first_dealer": "E", "carried_points_count": False}]

    @classmethod
    def option_schema(cls) -> Schema:
        return option_schema()

    def new_initial_state(self) -> EuchreRubberState:
        from cardroom.games.euchre.rubber import EuchreRubberState

        return EuchreRubberState(self)

    def new_hand(self, dealer: Seat = Seat.NORTH) -> EuchreHand:
        """A single hand outside any rubber (for worked cases)."""
        from cardroom.games.euchre.rules import EuchreHand

        return EuchreHand(self, dealer, self.rules)

    def pack_mask(self) -> int:
        from cardroom.core.cards import PIQUET_PACK_MASK

        return PIQUET_PACK_MASK

    def action_universe(self) -> list[Any]:
        from cardroom.core.cards import full_pack, piquet_pack
        from cardroom.games.euchre.rules import Discard, all_bids

        return [*full_pack(), *all_bids(), *(Discard(c) for c in piquet_pack())]

    def options(self) -> Mapping[str, Any]:
        return self.rules.to_dict()
