"""Duplicate auction bridge (document 000, «ДУБЛИКАТНЫЙ ОКШН-БРИДЖ»; digest §6.2): the scoring and the game.

"Взятки и оннеры учитываются обычным образом, но игры или раберы отсутствуют. Если заявляющий набирает
30 или более очков на одной руке, он получает бонус в 125 очков в графе оннеров." Each deal (board) is
scored by auction bridge's laws; no game or rubber is counted; a declarer's side whose trick points in
the deal reach the game points writes the bonus above the line. A session is a number of boards.
The movement of boards between tables is not in the document's extract: the club evening
(:mod:`cardroom.club`) plays a session's boards at two or more tables with the same cards.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from cardroom.core.options import ranged
from cardroom.core.table import Seat, Side
from cardroom.games.bridge.scoring import Entry
from cardroom.games.oldbridge.game import AuctionBridge
from cardroom.games.oldbridge.rubber import OldRubberState, OldSheet
from cardroom.games.oldbridge.rules import AuctionDeal
from cardroom.games.oldbridge.variants import AuctionRules, WithoutOptions, _check_options

NOT_OPTIONS = ("rubber_bonus", "unfinished_game_bonus")
"""Auction bridge's options duplicate auction has not: no rubber."""


@dataclass(frozen=True)
class DuplicateRules(AuctionRules):
    """Auction bridge's rules, and the session's."""

    # Not in the document: the number of boards of a session.
    boards: int = ranged(4, 1, 64)
    # «бонус в 125 очков в графе оннеров» for 30 or more (the game points) in trick points in one deal
    deal_bonus: int = 125


def one_deal_bonus(entries: list[Entry], side: Side, rules: DuplicateRules) -> Entry | None:
    """The bonus of a declarer's side whose trick points of the deal reach the game points (trick points
    only, digest §6.2 best reading)."""
    points = sum(e.points for e in entries if e.below and e.side == side)
    return Entry(side, rules.deal_bonus, False, "one-deal game") if points >= rules.game_points else None


class DuplicateDeal(AuctionDeal):
    rules: DuplicateRules

    def entries(self) -> list[Entry]:
        out = super().entries()
        assert self.contract is not None
        bonus = one_deal_bonus(out, self.contract.side, self.rules)
        return out if bonus is None else [*out, bonus]


@dataclass
class DuplicateSheet(OldSheet):
    """Every board's entries, no games: over after the session's boards."""

    boards: int = 4

    @property
    def is_over(self) -> bool:
        return self.deals >= self.boards or self.unfinished

    def _game_won(self, side: Side, game_no: int) -> None:
        self.below = [0, 0]  # no games: the trick points only add up

    def close_unfinished(self) -> None:
        """The boards played stand as scored."""
        self.unfinished = True


class DuplicateMatch(OldRubberState):
    def __init__(self, game: DuplicateAuction) -> None:
        super().__init__(game, game.rules, DuplicateSheet(game.rules.game_points, 0, 0, boards=game.rules.boards))

    deal_class = DuplicateDeal


class DuplicateAuction(WithoutOptions, AuctionBridge):
    """Duplicate auction: auction bridge's deals scored board by board, 125 for a game in one deal."""

    name: ClassVar[str] = "duplicate-auction"
    aliases: ClassVar[tuple[str, ...]] = ("duplicate-auction-bridge", "дубликатный-окшн-бридж")
    not_options: ClassVar[tuple[str, ...]] = NOT_OPTIONS
    options_class: ClassVar[type[Any]] = DuplicateRules
    title: ClassVar[Mapping[str, str]] = {"en": "Duplicate auction bridge", "ru": "Дубликатный окшн-бридж"}
    analysis_path: ClassVar[str] = ""  # the old bridges' analysis scores a rubber's deal

    def __init__(self, **options: Any) -> None:
        self.refuse_absent(options)
        _check_options(DuplicateRules(), self.name, options)
        self.rules: DuplicateRules = replace(DuplicateRules(), **options)

    @classmethod
    def configurations(cls) -> list[dict[str, Any]]:
        return [{"boards": 2}, {"boards": 2, "nullo": True, "laws": True}]

    def new_initial_state(self) -> DuplicateMatch:
        return DuplicateMatch(self)

    def new_deal(self, dealer: Seat = Seat.SOUTH) -> DuplicateDeal:
        return DuplicateDeal(self, dealer, self.rules)
