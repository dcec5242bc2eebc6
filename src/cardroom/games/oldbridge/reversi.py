"""Reversi bridge (document 000, «РЕВЕРСИ-БРИДЖ»; digest §6.13): straight bridge played to lose.

"В конце розыгрыша каждая сторона записывает то, что берет противник": every entry straight bridge
would write for a side (tricks, honours, chicane, slams) is written for the other side. "Действуют
все правила обычного бриджа, за исключением того, что при совершении ревока обычный штраф меняется
на противоположный: ошибшийся игрок получает три взятки вместо того, чтобы терять их": in laws mode a
revoke moves three tricks from the non-offending side to the offender's.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from cardroom.core.table import Seat, Side
from cardroom.games.bridge.scoring import Entry
from cardroom.games.oldbridge.game import StraightBridge
from cardroom.games.oldbridge.rubber import OldRubberState
from cardroom.games.oldbridge.rules import StraightDeal
from cardroom.games.oldbridge.scoring import score_straight
from cardroom.games.oldbridge.variants import StraightRules, WithoutOptions


def reversed_entries(entries: list[Entry]) -> list[Entry]:
    """Each side scores what the opponents take: every entry written for the other side."""
    return [Entry(Side(e.side).other, e.points, e.below, e.kind) for e in entries]


class ReversiDeal(StraightDeal):
    """A deal of straight bridge whose entries go to the side that did not take them."""

    def entries(self) -> list[Entry]:
        make = self.contract_of()
        assert make is not None
        d = self.director
        if d is None or not d.revokes:
            return reversed_entries(score_straight(make, self.won, self.original, self.rules))
        won = list(self.won)
        for side, _ in d.revokes:  # the reversed penalty: the offender receives three tricks
            moved = min(3, won[1 - side])
            won[1 - side] -= moved
            won[side] += moved
        # a slam counts the tricks as played, never the penalty tricks (law B-9)
        return reversed_entries(score_straight(make, won, self.original, self.rules, slam_won=self.won))


class ReversiRubber(OldRubberState):
    def new_deal(self) -> ReversiDeal:
        return ReversiDeal(self.game, self.dealer, self.game.rules)  # type: ignore[attr-defined]


class ReversiBridge(WithoutOptions, StraightBridge):
    """Reversi bridge: straight bridge in which each side scores what the opponents take."""

    name: ClassVar[str] = "reversi-bridge"
    aliases: ClassVar[tuple[str, ...]] = ("reversi", "реверси-бридж", "реверси")
    title: ClassVar[Mapping[str, str]] = {"en": "Reversi bridge", "ru": "Реверси-бридж"}
    rule_bot_path: ClassVar[str] = "cardroom.bots.reversi:ReversiBot"
    analysis_path: ClassVar[str] = ""  # the old bridges' analysis scores the straight way
    review_path: ClassVar[str] = "cardroom.games.oldbridge.review:REVERSI"  # each side wants few tricks
    # the reversed penalty is three tricks, nothing else: straight bridge's choice of the England penalty
    # is not an option here
    not_options: ClassVar[tuple[str, ...]] = ("revoke_penalty",)
    options_class: ClassVar[type[Any]] = StraightRules

    def __init__(self, **options: Any) -> None:
        if options.get("revoke_penalty") == "tricks":  # records kept before the option was withdrawn
            options = {k: v for k, v in options.items() if k != "revoke_penalty"}
        self.refuse_absent(options)
        super().__init__(**options)

    @classmethod
    def configurations(cls) -> list[dict[str, Any]]:
        return [{}, {"laws": True}]

    def new_initial_state(self) -> ReversiRubber:
        return ReversiRubber(self, self.rules)

    def new_deal(self, dealer: Seat = Seat.SOUTH) -> ReversiDeal:
        return ReversiDeal(self, dealer, self.rules)
