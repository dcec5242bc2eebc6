"""Two-handed ("Chinese") bridge at the terminal: two players (North, the user, and East); each player's
eleven table piles drawn as their face-up cards, ``#`` marking a face-down card beneath; the trick of four
cards; the rubber's sheet (North's points in the NS column, East's in the EW column)."""

from __future__ import annotations

from typing import Any

from cardroom.core.cards import Card
from cardroom.core.table import Seat
from cardroom.i18n import t
from cardroom.ui.render.bridge import final_sheet_lines, render_hand, seat_letter
from cardroom.ui.render.oldbridge import OldBridgeRenderer


def pile_text(up: Card | None, down: bool) -> str:
    """A pile as both players see it: its face-up card, ``/#`` when a face-down card lies beneath; ``-``
    once both its cards are played."""
    if up is None:
        return "-"
    return up.pretty + ("/#" if down else "")


class TwoHandRenderer(OldBridgeRenderer):
    user_seat = int(Seat.NORTH)

    def seats(self) -> range:
        return range(2)

    def head_lines(self, view: Any, state: Any, lang: str) -> list[str]:
        below = state.sheet.below
        dealer = t("dealer", lang, seat=self.seat_name(view.dealer, lang))
        return ["=" * 60, f"{t('deal', lang, n=len(state.results) + 1)}, {dealer}",
                t("twohand.below", lang, n=below[0], e=below[1])]

    def picture(self, view: Any, state: Any, lang: str) -> list[str]:
        lines = self.head_lines(view, state, lang) + self.talk_lines(view, lang)
        me = int(view.seat)
        him = 1 - me
        if view.piles[him]:
            lines.append(t("twohand.table", lang, seat=self.seat_name(him, lang)) + ": "
                         + " ".join(pile_text(u, d) for u, d in view.piles[him]))
        if view.phase == "play":
            played = ", ".join(f"{seat_letter(s, lang)} {c.pretty}" for s, c in view.plays) or "-"
            lines.append(f"{t('trick', lang, n=len(view.tricks) + 1)}: {played}")
            lines.append(t("twohand.tricks_won", lang, n=view.won[0], e=view.won[1]))
        if view.piles[me]:
            lines.append(t("twohand.your_table", lang, seat=self.seat_name(me, lang)) + ": "
                         + " ".join(pile_text(u, d) for u, d in view.piles[me]))
            lines.append(t("twohand.key", lang))
        lines.append(f"{t('your_hand', lang, seat=self.seat_name(me, lang))}: {render_hand(view.hand)}")
        return lines

    def prompt(self, view: Any, lang: str) -> str:
        if view.phase == "auction":
            return t("twohand.your_make", lang)
        return t("twohand.your_card", lang) if view.phase == "play" else super().prompt(view, lang)

    def final_lines(self, state: Any, lang: str) -> list[str]:
        return [*final_sheet_lines(state.sheet, lang), t("twohand.sides", lang)]
