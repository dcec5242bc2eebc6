"""Three-handed bridge (cut-throat) and royal bridge at the terminal: the old bridges' drawing with the players'
seats, each player's points and the sheet of a column each; the user is player 3."""

from __future__ import annotations

from typing import Any

from cardroom.core.deal import Draw
from cardroom.games.oldbridge.rubber import cut_order
from cardroom.i18n import t
from cardroom.ui.render.oldbridge import OldBridgeRenderer


class CutthroatRenderer(OldBridgeRenderer):
    def seats(self) -> range:
        return range(self.game.num_seats)

    def chance_note(self, action: Any, lang: str) -> str | None:
        if not isinstance(action, Draw):
            return None
        cards = ", ".join(f"{t('three.player', lang, n=i + 1)} {c.pretty}" for i, c in enumerate(action.cards))
        return t("ob.cut", lang, cards=cards, seat=t("three.player", lang, n=cut_order(action.cards)[0] + 1))

    def notes(self, state: Any, seat: int, view: Any, action: Any, by_user: bool, lang: str) -> list[str]:
        """A player's call is named by the compass seat he sits at (``seat`` is his number)."""
        at = getattr(view, "seat", None)
        return super().notes(state, seat if at is None else int(at), view, action, by_user, lang)

    def seat_line(self, state: Any, lang: str) -> str:
        deal = state.deal
        places = deal.places
        seats = ", ".join(t("three.sits", lang, n=p + 1, seat=self.seat_name(s, lang)) for p, s in enumerate(places))
        return t("ct.seats", lang, seats=seats, dealer=deal.dealer_player + 1,
                 dummy=self.seat_name(deal.dealer.partner, lang))

    def head_lines(self, view: Any, state: Any, lang: str) -> list[str]:
        below = state.sheet.below
        return ["=" * 60, t("deal", lang, n=len(state.results) + 1) + ": " + self.seat_line(state, lang),
                t("ct.below", lang, a=below[0], b=below[1], c=below[2])]

    def result_lines(self, state: Any, lang: str) -> list[str]:
        r = state.results[-1]
        points = ", ".join(f"{t('three.player', lang, n=e.player + 1)} {state.sheet.cell(e)}"
                           for e in r.entries) or "-"
        what = t("ob.result_tricks", lang, c=t("contract_by", lang, c=self.contract_text(r.contract, lang),
                                              seat=t("three.player", lang, n=r.dealer + 1)), n=r.declarer_tricks)
        return [t("deal", lang, n=len(state.results)) + ": " + t("result", lang, r=f"{what}; {points}")]

    def final_lines(self, state: Any, lang: str) -> list[str]:
        return [t("sheet", lang) + ":", state.sheet.render(lang=lang)]


class RoyalRenderer(CutthroatRenderer):
    """Royal bridge: four players each for himself; the head gives each one's running total."""

    def head_lines(self, view: Any, state: Any, lang: str) -> list[str]:
        totals = ", ".join(f"{t('three.player', lang, n=p)} {v:+d}" for p, v in state.sheet.totals().items())
        return ["=" * 60, t("deal", lang, n=len(state.results) + 1) + ": " + self.seat_line(state, lang),
                t("royal.totals", lang, totals=totals)]
