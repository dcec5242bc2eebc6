"""The old bridges' part of the review (:class:`cardroom.core.review.ReviewAdapter`): contract bridge's
review of a deal's trick play (:class:`cardroom.games.bridge.review.DummyDealReview`: DDS for four hands
played for tricks, the project's solver otherwise), in the old bridges' play phase; their matches are
written as generic records. What a variety changes is the reading of its goal, :meth:`lose_tricks`: a nullo
(the default reading, the deal's ``claim_minimizes``), reversi bridge (every deal), misery bridge's misery
declaration. Misery bridge's three hands in play are the project's solver's (the reserve is out of play).
Two-handed bridge's position (the hands of four, the table piles, four-card tricks of two players) is its own
solver's, :mod:`cardroom.solve.twohand`."""

from __future__ import annotations

from typing import Any, ClassVar

from cardroom.core.errors import Reason
from cardroom.core.review import NotValued, OpenHand, ReviewAdapter, TrickPlayReview
from cardroom.games.bridge.review import DummyDealReview
from cardroom.games.oldbridge.rules import PHASE_PLAY

__all__ = ["MISERY", "REVERSI", "REVIEW", "TWO_HAND"]


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


class TwoHandReview(TrickPlayReview):
    """Two-handed bridge (docs/rules/two-hand-bridge.md): each player plays from his hand of four and his
    face-up table cards, a face-down card becoming playable when the card on it is played; every card is
    known in a review, and the position is solved by :mod:`cardroom.solve.twohand`, for the player to move."""

    max_tricks_left: ClassVar[int] = 10
    """The positions valued: those with at most this many tricks left (a fraction of a second each, while the
    opening lead of a random deal is billions of nodes, docs/solvers.md); the cards before are listed
    unvalued, and a what-if from there is refused (``review.too_deep``)."""

    def open_hand(self, deal: Any) -> OpenHand:
        left = 13 - len(deal.tricks)
        if left > self.max_tricks_left:
            raise NotValued(Reason("review.too_deep", left=left, max=self.max_tricks_left))
        return super().open_hand(deal)

    def position(self, deal: Any) -> Any:
        from cardroom.solve.twohand import TwoHandPosition

        covers = tuple((int(pile[1]), int(pile[0])) for p in (0, 1) for pile in deal.piles[p] if len(pile) == 2)
        trick = tuple(int(c) for _, c in deal.trick_plays())
        return TwoHandPosition((deal.playable(0), deal.playable(1)), covers, int(deal.leader), trick,
                               None if deal.trump is None else int(deal.trump), deal.rules.second_card_follows,
                               int(deal.next_seat))

    def best_moves(self, deal: Any, pos: Any) -> dict[int, int]:
        from cardroom.solve.twohand import best_moves

        return best_moves(pos)


TWO_HAND: ReviewAdapter = TwoHandReview(PHASE_PLAY)
