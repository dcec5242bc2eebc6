"""Double dummy and draw bridge at the terminal: the old bridges' drawing with the two players' seats
(the user is player 1, at South, his dummy North), every hand the user sees, straight bridge's sheet.
Laws mode: straight bridge's laws; ``!N 7D`` plays a revoke from the user's dummy."""

from __future__ import annotations

import random
from typing import Any

from cardroom.core.cards import Card
from cardroom.core.errors import ParseError, Reason
from cardroom.core.laws import Irregular
from cardroom.core.table import Seat
from cardroom.games.oldbridge.double_dummy import PLACES
from cardroom.i18n import t
from cardroom.ui.render.bridge import law_input_words, play_lines, render_hand
from cardroom.ui.render.cutthroat import CutthroatRenderer
from cardroom.ui.render.oldbridge import OldBridgeRenderer


class DoubleDummyRenderer(CutthroatRenderer):
    user_seat = 0

    def seats(self) -> range:
        return range(2)

    def banner(self, lang: str) -> list[str]:
        lines = [t("ob.title." + self.game.name, lang)]
        if self.laws_mode(self.game):
            lines.append(t("dd.laws_on", lang))
        return lines

    def head_lines(self, view: Any, state: Any, lang: str) -> list[str]:
        below = state.sheet.below
        return ["=" * 60, t("deal", lang, n=len(state.results) + 1) + ": " + self.seat_line(state, lang),
                t("dd.below", lang, a=below[0], b=below[1])]

    def picture(self, view: Any, state: Any, lang: str) -> list[str]:
        own = int(view.seat)
        shown = {int(view.dummy)} if view.dummy_hand is not None and view.dummy is not None else set()
        others = [f"{t('dummy', lang, seat=self.seat_name(s, lang))}: {render_hand(h)}"
                  for s, h in view.seen if s != own and s not in shown]
        blind = [] if view.hand or view.phase not in ("auction", "play") else [t("dd.own_unseen", lang)]
        return [*self.head_lines(view, state, lang), *self.talk_lines(view, lang), *others,
                *play_lines(view, lang, self.seat_name), *blind]

    def result_lines(self, state: Any, lang: str) -> list[str]:
        return OldBridgeRenderer.result_lines(self, state, lang)

    def final_lines(self, state: Any, lang: str) -> list[str]:
        return OldBridgeRenderer.final_lines(self, state, lang)

    def bot_irregular(self, state: Any, seat: int, rng: random.Random, rate: float, user: int | None) -> Any:
        from cardroom.games.oldbridge.laws import random_irregular

        if seat == user or rng.random() >= rate:
            return None
        deal = state.deal
        hand = deal.hand_to_play if deal is not None and deal.hand_to_play is not None else PLACES[seat]
        action = random_irregular(state, Seat(hand), rng)
        if action is not None:
            state.apply(action)
        return action

    def irregular(self, body: str, view: Any) -> Any:
        """``!N 4D`` names one of the user's two hands (``!4d``: the hand to play, else his own)."""
        body = law_input_words(body)
        head = body.split(None, 1)[0].rstrip(":").upper() if body.split() else ""
        if len(head) != 1 or head not in Irregular.labels:
            hand = view.hand_to_play if view.hand_to_play in (view.seat, view.seat.partner) else view.seat
            body = f"{Seat(hand).letter} {body}"
        irregular = Irregular.from_text("!" + body)
        if irregular.seat not in (int(view.seat), int(view.seat.partner)):
            raise ParseError(Reason("ui.own_seat", seat=view.seat.letter))
        return irregular

    def parse(self, text: str, view: Any, state: Any) -> Any:
        return Card.parse(text) if view.phase == "play" else super().parse(text, view, state)
