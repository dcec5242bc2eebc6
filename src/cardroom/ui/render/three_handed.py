"""Three-handed auction bridge at the terminal: the old bridges' renderer with the players' own score
(a column each) instead of the sides'. The user is South."""

from __future__ import annotations

from typing import Any

from cardroom.core.table import Seat
from cardroom.games.oldbridge.three_handed import PLAYERS
from cardroom.i18n import STRINGS, t
from cardroom.ui.render.oldbridge import OldBridgeRenderer


class ThreeHandedRenderer(OldBridgeRenderer):
    def seats(self) -> range:
        return range(3)

    def head_lines(self, view: Any, state: Any, lang: str) -> list[str]:
        below = state.sheet.below
        scores = ", ".join(f"{self.seat_name(p, lang)} {below[i]}" for i, p in enumerate(PLAYERS))
        return [
            "=" * 60,
            f"{t('deal', lang, n=len(state.results) + 1)}, {t('dealer', lang, seat=self.seat_name(view.dealer, lang))}",
            t("three.below", lang, scores=scores),
        ]

    def _entries(self, entries: Any, lang: str) -> str:
        def kind(k: str) -> str:
            return t("entry." + k, lang) if "entry." + k in STRINGS else k

        return ", ".join(t("three.entry", lang, who=self.seat_name(e.player, lang), points=e.points, kind=kind(e.kind))
                         for e in entries) or "-"

    def result_lines(self, state: Any, lang: str) -> list[str]:
        r = state.results[-1]
        if r.contract is None:
            text = t("passed_out", lang)
        else:
            c = r.contract
            what = t("contract_by", lang, c=self.contract_text(c, lang), seat=self.seat_name(c.declarer, lang))
            text = t("result", lang, r=t("three.result", lang, c=what, n=r.declarer_tricks,
                                         entries=self._entries(r.entries, lang)))
        return [t("deal", lang, n=len(state.results)) + ": " + text]

    def out_of_turn_seats(self, seat: int, user: int | None) -> list[Seat]:
        """Laws T-1, T-2: any other computer player may call out of turn."""
        return [p for p in PLAYERS if p not in (seat, user)]

    def act_text(self, action: str, lang: str) -> str | None:
        """The laws of three-handed auction rule on calls only: ``!N 3S`` is the bid of three spades."""
        body = action.strip().lstrip("!").split(None, 1)
        call = self.call_of(body[1].strip()) if len(body) == 2 else None
        if call is None:
            return super().act_text(action, lang)
        return t("laws.act.call", lang, call=self.pretty(call, lang))

    def final_lines(self, state: Any, lang: str) -> list[str]:
        sheet = state.sheet
        w = sheet.winner
        end = t("three.unfinished", lang) if w is None else t("three.size", lang, w=self.seat_name(Seat(w), lang))
        return [t("sheet", lang) + ":", sheet.render(lang=lang), end]
