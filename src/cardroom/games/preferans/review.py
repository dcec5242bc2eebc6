"""Preferans's part of the review (:class:`cardroom.core.review.ReviewAdapter`): the open-hand values of a
deal in play by the project's solver (:func:`cardroom.solve.preferans.solve_state`), for the side to
play: at a game the declarer's tricks (he wants more) or the whisters' (the ten less his: they want more);
at misère the same counts, each side wanting fewer (the declarer to take none, the whisters to leave him
the tricks); at raspasy each player's own tricks, which he wants few of (the solver's paranoid count: the
fewest he can be held to against all the others). Its matches are generic records."""

from __future__ import annotations

from typing import Any, ClassVar

from cardroom.core.review import GenericReview, OpenHand, ReviewAdapter
from cardroom.games.preferans.rules import PH_PLAY

__all__ = ["REVIEW", "PrefReview"]


class PrefReview(GenericReview):
    PLAY_PHASE: ClassVar[object] = PH_PLAY
    SOLVER: ClassVar[str] = "cardroom.solve.preferans:solve_state"

    def open_hand(self, deal: Any) -> OpenHand:
        sol = self.solved(deal)
        mover = sol.to_move
        assert mover is not None
        if sol.kind == "raspasy":
            return OpenHand(str(mover), str(mover), {int(c): v[mover] for c, v in sol.per_card.items()}, False)
        d = sol.declarer
        assert d is not None
        if mover == d:
            values = {int(c): v[d] for c, v in sol.per_card.items()}
            side = str(d)
        else:
            values = {int(c): deal.TRICKS - v[d] for c, v in sol.per_card.items()}
            side = "+".join(str(s) for s in sorted(deal.active) if s != d)
        return OpenHand(str(mover), side, values, sol.kind != "misere")

    def seat_label(self, seat: int) -> str:
        return str(seat)

    def seat_name(self, label: str, lang: str) -> str:
        from cardroom.i18n import t

        return t("pref.player", lang, s=label)

    def side_name(self, side: str, lang: str) -> str:
        from cardroom.i18n import t

        return t("review.pref_side", lang, s=side)


REVIEW: ReviewAdapter = PrefReview()
