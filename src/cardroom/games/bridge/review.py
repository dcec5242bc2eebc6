"""Contract bridge's part of the review (:class:`cardroom.core.review.ReviewAdapter`): the open-hand
values by DDS (:mod:`cardroom.solve.dds`) of any deal with a dummy whose hands, leader, trick, trump,
declarer and tricks won are the bridge deal's (the old bridges share it, with their own play phase), and
bridge's own records (a PBN file, a cardroom JSON rubber or boards record) read into deal lines."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

from cardroom.core.review import CompassReview, DealLine, OpenHand, ReviewAdapter, deal_lines
from cardroom.core.table import Seat
from cardroom.records.rubber_json import DEALS_GAME, RUBBER_GAME

__all__ = ["REVIEW", "BridgeReview", "DummyDealReview"]


@dataclass(frozen=True)
class DummyDealReview(CompassReview):
    """The review of a deal played with a dummy, double dummy by DDS: ``play_phase`` is the deal's
    phase of play. A deal whose declaring side wants few tricks (nullo: ``claim_minimizes``) is not
    reviewed: DDS counts tricks for a side that wants them."""

    play_phase: int

    def in_play(self, deal: Any) -> bool:
        if deal.phase != self.play_phase or deal.declarer is None:
            return False
        minimizes = getattr(deal, "claim_minimizes", None)
        return not (minimizes is not None and minimizes(int(deal.declarer)))

    def open_hand(self, deal: Any) -> OpenHand:
        from cardroom.solve.dds import BridgePosition, best_moves

        h = deal.hands
        declarer = Seat(deal.declarer)
        pos = BridgePosition((h[0], h[1], h[2], h[3]), Seat(deal.leader), declarer,
                             tuple(int(c) for c in deal.trick), deal.trump)
        taken = deal.won[int(declarer.side)]
        total = 13
        mover = Seat(pos.to_play)
        mine = mover.side == declarer.side
        values = {c: (taken + v) if mine else total - taken - v for c, v in best_moves(pos).items()}
        return OpenHand(mover.letter, mover.side.name, values)


class BridgeReview(DummyDealReview):
    """Contract bridge's review: its play phase, and its own records (PBN, BBO's LIN, JSON rubbers and boards)."""

    record_games: ClassVar[tuple[str, ...]] = (RUBBER_GAME, DEALS_GAME)
    file_suffixes: ClassVar[tuple[str, ...]] = (".pbn", ".lin")

    def __init__(self) -> None:
        from cardroom.games.bridge.rules import PHASE_PLAY

        super().__init__(PHASE_PLAY)

    def deal_lines(self, path: Path) -> list[DealLine]:
        from cardroom.records.replay import load_record

        rec = load_record(path)
        return deal_lines(self, ((n, rec.game.new_deal(d.dealer, d.vulnerable), list(d.history))
                                 for n, d in enumerate(rec.deals, start=1)))


REVIEW: ReviewAdapter = BridgeReview()
