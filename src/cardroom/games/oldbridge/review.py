"""Auction and straight bridge's part of the review (:class:`cardroom.core.review.ReviewAdapter`): contract
bridge's double-dummy review of a deal with a dummy, in the old bridges' play phase (their matches are
written as generic records). Nullo deals are not reviewed (see :class:`DummyDealReview`)."""

from __future__ import annotations

from cardroom.core.review import ReviewAdapter
from cardroom.games.bridge.review import DummyDealReview
from cardroom.games.oldbridge.rules import PHASE_PLAY

__all__ = ["REVIEW"]

REVIEW: ReviewAdapter = DummyDealReview(PHASE_PLAY)
