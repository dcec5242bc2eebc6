"""Misery bridge at the terminal: the old bridges' drawing with the two players (player 1 at South, the
user; player 2 at North), the reserve and the dummy named, the discards face up, the cards the user drew,
each player's points below the line and the sheet of two columns."""

from __future__ import annotations

from typing import Any, ClassVar

from cardroom.core.cards import Card, cards_of_mask
from cardroom.core.errors import parse_either
from cardroom.games.oldbridge.misery import PHASE_PLAY, MiseryCall
from cardroom.i18n import STRINGS, t
from cardroom.ui.render.bridge import render_hand, seat_letter
from cardroom.ui.render.cutthroat import CutthroatRenderer


class MiseryRenderer(CutthroatRenderer):
    """Cut-throat's cut (the players' numbers; never the cards drawn from the reserve: chance notes are the
    cut's only) and sheet of a column per player."""

    call_type: ClassVar[Any] = MiseryCall

    user_seat = 0

    def seats(self) -> range:
        return range(2)

    def head_lines(self, view: Any, state: Any, lang: str) -> list[str]:
        below = state.sheet.below
        deal = state.deal
        dealer = t("three.player", lang, n=deal.dealer_player + 1)
        return ["=" * 60,
                t("deal", lang, n=len(state.results) + 1) + ": " + t(
                    "misery.seats", lang, dealer=dealer, reserve=self.seat_name(deal.reserve, lang),
                    dummy=self.seat_name(deal.dealer.rho, lang)),
                t("misery.below", lang, a=below[0], b=below[1])]

    def picture(self, view: Any, state: Any, lang: str) -> list[str]:
        """The head, the discards and the declaration, the dummy, the trick of three cards (the reserve's seat
        skipped), each player's tricks, the user's hand."""
        lines = self.head_lines(view, state, lang) + self.talk_lines(view, lang)
        if view.dummy_hand is not None and view.dummy is not None:
            lines.append(f"{t('dummy', lang, seat=self.seat_name(view.dummy, lang))}: {render_hand(view.dummy_hand)}")
        if view.phase == "play":
            played = ", ".join(f"{seat_letter(s, lang)} {c.pretty}" for s, c in view.trick_in_order()) or "-"
            lines.append(f"{t('trick', lang, n=len(view.tricks) + 1)}: {played}")
            a, b = view.won_by_player
            lines.append(t("misery.tricks", lang, a=a, b=b))
        lines.append(f"{t('your_hand', lang, seat=self.seat_name(view.seat, lang))}: {render_hand(view.hand)}")
        return lines

    def talk_lines(self, view: Any, lang: str) -> list[str]:
        lines = []
        if view.discards:
            lines.append(t("misery.discards", lang, cards=" ".join(c.pretty for c in cards_of_mask(view.discards))))
        if view.drawn:
            lines.append(t("misery.drawn", lang, cards=" ".join(c.pretty for c in cards_of_mask(view.drawn))))
        if view.declaration is not None:
            lines.append(t("misery.declared", lang, c=MiseryCall.parse(view.declaration).text(lang)))
        return lines

    def notes(self, state: Any, seat: int, view: Any, action: Any, by_user: bool, lang: str) -> list[str]:
        """A card played from the hand to play; before the play, the dealer's discard (face up) or his word."""
        if view.phase == "play":
            return super().notes(state, seat, view, action, by_user, lang)
        who = self.seat_name(view.dealer, lang)
        if isinstance(action, Card):
            return [t("misery.discarded", lang, seat=who, card=action.pretty)]
        return [t("called", lang, seat=who, call=self.pretty(action, lang))]

    def play_announcement(self, deal: Any, lang: str) -> list[str]:
        if deal is None or deal.phase != PHASE_PLAY or deal.tricks or deal.trick or deal.declaration is None:
            return []
        return [t("misery.declares", lang, dealer=self.seat_name(deal.dealer, lang),
                  c=deal.declaration.text(lang), seat=self.seat_name(deal.declarer, lang),
                  dummy=self.seat_name(deal.dummy, lang))]

    def pretty(self, action: Any, lang: str) -> str:
        if isinstance(action, MiseryCall):
            return action.text(lang)
        return super().pretty(action, lang)

    def typed(self, action: Any, lang: str) -> str:
        if isinstance(action, MiseryCall):
            return action.text(lang)
        return super().typed(action, lang)

    def prompt(self, view: Any, lang: str) -> str:
        if view.phase == "declare":
            key = "misery.your_declaration" if view.drawn or not any(type(a) is Card for a in view.legal) \
                else "misery.your_discard"
            return t(key, lang)
        return super().prompt(view, lang)

    def parse(self, text: str, view: Any, state: Any) -> Any:
        return parse_either(text, Card.parse, MiseryCall.parse) if view.phase == "declare" else Card.parse(text)

    def result_lines(self, state: Any, lang: str) -> list[str]:
        r = state.results[-1]

        def kind(k: str) -> str:
            return t("entry." + k, lang) if "entry." + k in STRINGS else k

        points = ", ".join(f"{t('three.player', lang, n=e.player + 1)} {'' if e.below else '*'}{e.points} "
                           f"({kind(e.kind)})" for e in r.entries) or "-"
        c = r.contract
        call = c.call
        what = t("misery.result", lang, c=call.text(lang),
            p=r.dealer + 1, n=r.declarer_tricks, k=len(cards_of_mask(r.discards)))
        return [t("deal", lang, n=len(state.results)) + ": " + t("result", lang, r=f"{what}; {points}")]
