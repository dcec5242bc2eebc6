"""Contract bridge's part of the review (:class:`cardroom.core.review.ReviewAdapter`): the open-hand
values of a bridge deal's trick play (:class:`cardroom.core.review.TrickPlayReview`), by DDS
(:mod:`cardroom.solve.dds`) where the deal is DDS's (four hands, two partnerships, played for tricks; the
old bridges share it, with their own play phase), and bridge's own records (a PBN file, a cardroom JSON
rubber or boards record) read into deal lines."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from cardroom.core.review import DealLine, ReviewAdapter, TrickPlayReview, deal_lines
from cardroom.core.table import Seat
from cardroom.records.rubber_json import DEALS_GAME, RUBBER_GAME

if TYPE_CHECKING:
    from cardroom.records.replay import LoadedRecord

__all__ = ["REVIEW", "BridgeReview", "DummyDealReview"]


@dataclass(frozen=True)
class DummyDealReview(TrickPlayReview):
    """The review of a deal of the bridges (:class:`TrickPlayReview`: ``play_phase`` is the deal's phase of
    play), with DDS (:mod:`cardroom.solve.dds`) where it serves: four hands in play in two partnerships,
    follow suit, played for tricks; the project's solver elsewhere (three hands in play, a deal played to
    lose tricks: DDS counts tricks for a side that wants them)."""

    def best_moves(self, deal: Any, pos: Any) -> dict[int, int]:
        from cardroom.core.tricks import FOLLOW_SUIT

        credit = deal.credit
        if (len(pos.order) == 4 and pos.maximize and deal.follow is FOLLOW_SUIT
                and all(credit[s] == credit[(s + 2) % 4] != credit[(s + 1) % 4] for s in range(4))):
            from cardroom.solve.dds import BridgePosition, best_moves

            h = pos.hands
            return best_moves(BridgePosition((h[0], h[1], h[2], h[3]), Seat(pos.leader), Seat(pos.to_move),
                                             pos.trick, pos.trump))
        return super().best_moves(deal, pos)


class BridgeReview(DummyDealReview):
    """Contract bridge's review: its play phase, and its own records (PBN, BBO's LIN, JSON rubbers and boards)."""

    record_games: ClassVar[tuple[str, ...]] = (RUBBER_GAME, DEALS_GAME)
    file_suffixes: ClassVar[tuple[str, ...]] = (".pbn", ".lin")

    def __init__(self) -> None:
        from cardroom.games.bridge.rules import PHASE_PLAY

        super().__init__(PHASE_PLAY)

    def deal_lines(self, path: Path) -> list[DealLine]:
        from cardroom.records.replay import load_record

        return self._lines(load_record(path))

    def text_lines(self, path: Path, text: str) -> list[DealLine]:
        from cardroom.records.replay import record_of_text

        return self._lines(record_of_text(path, text))

    def _lines(self, rec: LoadedRecord) -> list[DealLine]:
        return deal_lines(self, ((n, rec.game.new_deal(d.dealer, d.vulnerable), list(d.history))
                                 for n, d in enumerate(rec.deals, start=1)))


REVIEW: ReviewAdapter = BridgeReview()
