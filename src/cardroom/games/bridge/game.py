"""The contract-bridge game object and its registration."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from cardroom.core.game import Game
from cardroom.core.options import Schema
from cardroom.core.table import Seat
from cardroom.games.bridge.rubber import RubberState
from cardroom.games.bridge.rules import BridgeDeal
from cardroom.games.bridge.variants import BridgeRules, make_rules, option_schema


class ContractBridge(Game):
    """Contract bridge played as a rubber (documents 001 and 002)."""

    name: ClassVar[str] = "bridge"
    aliases: ClassVar[tuple[str, ...]] = ("contract-bridge", "contract", "бридж")
    family: ClassVar[str] = "bridge"
    title: ClassVar[Mapping[str, str]] = {"en": "Contract bridge", "ru": "Контрактный бридж"}
    num_seats = 4
    rule_bot_path: ClassVar[str] = "cardroom.bots.bridge:BridgeBot"
    has_search_bot: ClassVar[bool] = True
    pbn_writer_path: ClassVar[str] = "cardroom.records.replay:rubber_to_pbn"
    analysis_path: ClassVar[str] = "cardroom.games.bridge.analysis:ANALYSIS"
    review_path: ClassVar[str] = "cardroom.games.bridge.review:REVIEW"
    keeper_fields_path: ClassVar[str] = "cardroom.games.bridge.keeper:FIELDS"
    keeper_result_path: ClassVar[str] = "cardroom.games.bridge.keeper:deal_result"
    call_explainer_path: ClassVar[str] = "cardroom.bots.bridge.explain:explain_in_state"

    def __init__(self, **options: Any) -> None:
        self.rules: BridgeRules = make_rules(**options)

    @classmethod
    def configurations(cls) -> list[dict[str, Any]]:
        return [{"scoring": "doc001"}, {"scoring": "modern"}]

    @classmethod
    def option_schema(cls) -> Schema:
        return option_schema()

    def new_initial_state(self) -> RubberState:
        return RubberState(self)

    def new_deal(self, dealer: Seat = Seat.NORTH, vulnerable: tuple[bool, bool] = (False, False)) -> BridgeDeal:
        """A single deal (a board), outside any rubber."""
        return BridgeDeal(self, dealer, vulnerable, self.rules)

    def action_universe(self) -> list[Any]:
        from cardroom.core.cards import full_pack
        from cardroom.games.bridge.calls import ALL_CALLS

        return [*full_pack(), *ALL_CALLS]

    def options(self) -> Mapping[str, Any]:
        return self.rules.to_dict()
