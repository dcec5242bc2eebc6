"""Euchre's part of the review (:class:`cardroom.core.review.ReviewAdapter`): the open-hand values of a
hand in play by the project's solver (:func:`cardroom.solve.euchre.solve_state`), for the side to play
(the makers' tricks, or the five less them for the defenders); its matches are generic records."""

from __future__ import annotations

from typing import Any, ClassVar

from cardroom.core.review import CompassReview, OpenHand, ReviewAdapter
from cardroom.core.table import Seat
from cardroom.games.euchre.rules import PH_PLAY

__all__ = ["REVIEW", "EuchreReview"]


class EuchreReview(CompassReview):
    PLAY_PHASE: ClassVar[object] = PH_PLAY
    SOLVER: ClassVar[str] = "cardroom.solve.euchre:solve_state"

    def open_hand(self, deal: Any) -> OpenHand:
        sol = self.solved(deal)
        assert sol.to_move is not None and deal.maker is not None
        mover = Seat(sol.to_move)
        mine = mover.side == deal.maker.side
        values = {int(c): v if mine else deal.TRICKS - v for c, v in sol.per_card.items()}
        return OpenHand(mover.letter, mover.side.name, values)


REVIEW: ReviewAdapter = EuchreReview()
