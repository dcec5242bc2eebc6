"""The old bridges' part of the review (:class:`cardroom.core.review.ReviewAdapter`): contract bridge's
review of a deal's trick play (:class:`cardroom.games.bridge.review.DummyDealReview`: DDS for four hands
played for tricks, the project's solver otherwise), in the old bridges' play phase; their matches are
written as generic records. What a variety changes is the reading of its goal, :meth:`lose_tricks`: a nullo
(the default reading, the deal's ``claim_minimizes``), reversi bridge (every deal), misery bridge's misery
declaration. Misery bridge's three hands in play are the project's solver's (the reserve is out of play)."""

from __future__ import annotations

from typing import Any

from cardroom.core.review import ReviewAdapter
from cardroom.games.bridge.review import DummyDealReview
from cardroom.games.oldbridge.rules import PHASE_PLAY

__all__ = ["MISERY", "REVERSI", "REVIEW"]


class ReversiReview(DummyDealReview):
    """Reversi bridge: each side scores what the opponents take, so each side wants few tricks of its own
    (docs/rules/reversi-bridge.md)."""

    def lose_tricks(self, deal: Any) -> bool:
        return True


class MiseryReview(DummyDealReview):
    """Misery bridge: at the misery declaration the dealer plays to lose (docs/rules/misery-bridge.md)."""

    def lose_tricks(self, deal: Any) -> bool:
        d = deal.declaration
        return d is not None and d.word == "misery"


REVIEW: ReviewAdapter = DummyDealReview(PHASE_PLAY)
REVERSI: ReviewAdapter = ReversiReview(PHASE_PLAY)
MISERY: ReviewAdapter = MiseryReview(PHASE_PLAY)
