"""Short bridge (document 000, «КОРОТКИЙ БРИДЖ»; digest §6.14): straight bridge of one game, no doubling.

"Это бридж без удвоений и раберов, в который играют на деньги за каждую отдельную игру, а не за очко.
Победителем становится та сторона, которая набирает больше очков за взятки и оннеры в сумме, когда любая
из сторон достигает тридцати очков ниже черты."
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from cardroom.core.table import Seat, Side
from cardroom.games.oldbridge.calls import OldCall
from cardroom.games.oldbridge.game import StraightBridge
from cardroom.games.oldbridge.rubber import OldRubberState, OldSheet
from cardroom.games.oldbridge.rules import StraightDeal
from cardroom.games.oldbridge.variants import StraightRules, WithoutOptions

NOT_OPTIONS = ("doubling_limit", "rubber_bonus", "laws", "revoke_penalty")
"""Straight bridge's options short bridge has not: no doubling, no rubber; laws mode is not offered."""


class NoDoubling:
    """A straight-bridge deal mixin (before the deal's class in the bases): no doubling, the play begins when
    the trump is named."""

    queue: list[Seat]
    dealer: Seat
    make_trump: int | None

    def _made(self, seat: Seat, call: OldCall) -> None:
        super()._made(seat, call)  # type: ignore[misc]
        self.queue = []
        self._start_play(self.dealer, None if self.make_trump == 4 else self.make_trump)  # type: ignore[attr-defined]


class ShortDeal(NoDoubling, StraightDeal):
    """A straight-bridge deal without the doubling: the play begins when the trump is named."""


@dataclass
class ShortSheet(OldSheet):
    """One game: over when a side reaches the game points below the line; the side with more trick and
    honour points together wins (no winner on equal totals)."""

    @property
    def is_over(self) -> bool:
        return bool(self.games) or self.unfinished

    def _game_won(self, side: Side, game_no: int) -> None:
        self.games.append(side)
        self.below = [0, 0]
        self._decide()

    def _decide(self) -> None:
        m = self.margin()
        self.winner = None if m == 0 else Side.NS if m > 0 else Side.EW

    def close_unfinished(self) -> None:
        """An interrupted game is decided by the totals as they stand (no bonus)."""
        if self.is_over:
            return
        self.unfinished = True
        self._decide()


class ShortMatch(OldRubberState):
    def __init__(self, game: ShortBridge) -> None:
        super().__init__(game, game.rules, ShortSheet(game.rules.game_points, 0, 0))

    deal_class = ShortDeal


class ShortBridge(WithoutOptions, StraightBridge):
    """Short bridge: straight bridge without doubling, one game, the higher total wins."""

    name: ClassVar[str] = "short-bridge"
    aliases: ClassVar[tuple[str, ...]] = ("short", "короткий-бридж")
    not_options: ClassVar[tuple[str, ...]] = NOT_OPTIONS
    options_class: ClassVar[type[Any]] = StraightRules
    title: ClassVar[Mapping[str, str]] = {"en": "Short bridge", "ru": "Короткий бридж"}

    def __init__(self, **options: Any) -> None:
        self.refuse_absent(options)
        super().__init__(**options)

    @classmethod
    def configurations(cls) -> list[dict[str, Any]]:
        return [{}, {"honours": "none"}]

    def new_initial_state(self) -> ShortMatch:
        return ShortMatch(self)

    def new_deal(self, dealer: Seat = Seat.SOUTH) -> ShortDeal:
        return ShortDeal(self, dealer, self.rules)
