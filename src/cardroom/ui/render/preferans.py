"""Preferans at the terminal: the pulka of 3 or 4 players, the user is player 0. Calls are typed in
Russian or English (``6s``, «6п», «мизер», «здесь», «вист», «в светлую»); laws mode (document 004 §11):
``!7S`` (an irregular play), ``!show KH``, ``!discard 7S 8S 9S``, ``!misdeal``."""

from __future__ import annotations

import random
from typing import Any

from cardroom.core.cards import Card, CardSet
from cardroom.core.errors import ParseError
from cardroom.core.game import Game
from cardroom.games.preferans.calls import CLOSED, OPEN, PASS, WHIST, PrefCall, hand_of
from cardroom.games.preferans.laws import PrefIrregular
from cardroom.i18n import STRINGS, t
from cardroom.ui.render.base import Renderer, applied


class PreferansRenderer(Renderer):
    prefix = "pref."
    face_format, face_joiner = "{seat}: {suits}", "; "
    user_seat = 0

    def __init__(self, game: Game, seed: int | None = None) -> None:
        super().__init__(game, seed)
        self.rulers: dict[int, Any] = {}

    def seats(self) -> range:
        return range(self.game.players)  # type: ignore[attr-defined]

    def seat_name(self, seat: int, lang: str) -> str:
        return t("pref.talon", lang) if seat < 0 else t("pref.player", lang, s=seat)

    def irregular_rng(self, seed: int | None, rng: random.Random) -> random.Random:
        return random.Random((seed or 0) * 31 + 7)

    def bot_irregular(self, state: Any, seat: int, rng: random.Random, rate: float, user: int | None) -> Any:
        """A random irregularity of the laws (not the user's), tried until one is accepted or the dice say no."""
        from cardroom.games.preferans.laws import random_irregular

        deal = state.deal
        if deal.laws is None or deal.laws.pending is not None:
            return None
        while rng.random() < rate:
            irregular = random_irregular(deal, rng)
            if irregular is None or irregular.seat == user:
                return None
            if applied(state, irregular) is not None:
                return irregular
        return None

    def bot_ruling(self, state: Any, seat: int, agent: Any) -> Any:
        """Every kind of computer player chooses rulings as the rule bot does."""
        if seat not in self.rulers:
            self.rulers = {s: self.game.bot("rule", s) for s in self.seats()}
        return self.rulers[seat].choose(self.deal_view(state, seat))

    def notes(self, state: Any, seat: int, view: Any, action: Any, by_user: bool, lang: str) -> list[str]:
        if isinstance(action, Card) and view.phase != "play":
            return []  # a discard or a card passed face down: nobody else sees it
        return super().notes(state, seat, view, action, by_user, lang)

    def trick_winner(self, deal: Any) -> int:
        return int(deal.tricks[-1][1])

    # ------------------------------------------------------------------ drawing
    def pretty(self, action: Any, lang: str) -> str:
        """A card by its suit symbol; a call as the user may type it: the Russian word, or the English text."""
        if isinstance(action, PrefCall) and lang != "ru":
            return str(action)
        return action.pretty if isinstance(action, PrefCall | Card) else str(action)

    def picture(self, view: Any, state: Any, lang: str) -> list[str]:
        tr, deal_no = self.tr, 0 if state is None else len(state.results) + 1
        lines = ["=" * 60, tr("deal", lang, n=deal_no, d=view.dealer)]
        if view.calls:
            lines.append(tr("auction", lang) + ": " + ", ".join(f"{s}: {self.pretty(c, lang)}" for s, c in view.calls))
        if view.talon:
            lines.append(f"{tr('talon', lang)}: {CardSet(view.talon).by_suit_text()}")
        if view.contract is not None and view.declarer is not None:
            lines.append(tr("contract", lang, c=view.contract.pretty, p=view.declarer))
        elif view.kind == "raspasy":
            lines.append(tr("raspasy", lang) + f" ({view.raspasy_round})")
        if view.whist_calls:
            lines.append(", ".join(f"{s}: {self.pretty(c, lang)}" for s, c in view.whist_calls))
        for s, h in view.exposed.items():
            lines.append(f"{tr('player', lang, s=s)}: {CardSet(h).by_suit_text()}")
        if view.phase == "play":
            played = ", ".join(f"{tr('talon', lang) if s < 0 else s} {c.pretty}" for s, c in view.trick) or "-"
            lines.append(f"{tr('trick', lang, n=len(view.tricks) + 1)}: {played}")
            lines.append(f"{tr('won', lang)}: " + ", ".join(f"{s}: {view.won[s]}" for s in view.active))
        if view.passed:
            lines.append(f"{tr('passed', lang)}: {CardSet(view.passed).by_suit_text()}")
        if view.phase == "passing":
            lines.append(tr("passing_now", lang))
        lines.append(f"{tr('hand', lang, s=view.seat)}: {CardSet(view.hand).by_suit_text()}")
        return lines

    def prompt(self, view: Any, lang: str) -> str:
        tr = self.tr
        what = {"auction": tr("what_bid", lang), "discard": t("pos.discard", lang),
                "declare": tr("what_declare", lang), "whist": tr("what_whist", lang),
                "defence": tr("what_defence", lang), "concede": tr("what_concede", lang),
                "invite": tr("what_invite", lang), "passing": tr("what_passing", lang),
                "choice": tr("what_choice", lang)}.get(view.phase, tr("what_card", lang, h=view.hand_to_play))
        calls = [a for a in view.legal if type(a) is PrefCall]
        if view.phase == "discard" and calls:
            what = tr("what_discard_or", lang, x=" / ".join(self.pretty(a, lang) for a in calls))
        if view.phase == "whist" and any(hand_of(a) is not None for a in calls):
            what = tr("what_dealer_hand", lang)
        if view.phase in ("whist", "defence"):
            extra = [self.pretty(a, lang) for a in calls if a not in (WHIST, PASS, OPEN, CLOSED)]
            if extra:
                what += " (" + tr("also", lang, x=", ".join(extra)) + ")"
        return tr("prompt", lang, what=what)

    def result_lines(self, state: Any, lang: str) -> list[str]:
        done, r = len(state.results), state.results[-1]
        # the «преферанс» declaration is named by the sheet reasons' key; the other kinds by the terminal's
        kind_key = "pref" if r.kind == "preferans" else f"pref.kind.{r.kind}"
        kind = t(kind_key, lang) if kind_key in STRINGS else r.kind
        desc = self.tr("result_tricks", lang, kind=kind, tricks=list(r.tricks)) if r.contract is None else \
            self.tr("result_contract", lang, kind=kind, c=self.pretty(PrefCall(r.contract), lang), p=r.declarer,
                    tricks=list(r.tricks))
        lines = [self.tr("result", lang, n=done, r=desc)]
        limit = state.game.variant.time_limit_rounds
        if limit is not None and done == limit * state.game.players:
            lines.append(self.tr("last_round", lang))  # Ural §7.7: the time is out
        return lines

    def final_lines(self, state: Any, lang: str) -> list[str]:
        settlement = state.sheet.settle()
        balance = ", ".join(f"{s}: {float(b):+g}" for s, b in enumerate(settlement.balance))
        return [self.tr("sheet", lang) + ":", state.sheet.render(lang),
                self.tr("over", lang) if state.sheet.is_over else self.tr("unfinished", lang),
                self.tr("settlement", lang) + ": " + balance]

    # ------------------------------------------------------------------ reading
    def parse(self, text: str, view: Any, state: Any) -> Any:
        """Cards when playing or passing; a card or a call («преферанс», «отказ от прикупа») when discarding."""
        if view.phase in ("play", "passing"):
            return Card.parse(text)
        if view.phase == "discard":
            try:
                return Card.parse(text)
            except ParseError:
                return PrefCall.parse(text)
        return PrefCall.parse(text)

    def irregular(self, body: str, view: Any) -> Any:
        return PrefIrregular.from_text(f"!{view.seat} {body}")

    def irregular_text(self, state: Any, action: Any, lang: str) -> str:
        irrs = state.deal.laws.irregularities if state.deal.laws is not None else []
        kind = irrs[-1].kind if irrs else ""
        key = f"pref.laws.kind.{kind}"
        return (t(key, lang) if key in STRINGS else kind) + (f": {action.text}" if action.text != "misdeal" else "")

    def ruling_choices(self, view: Any) -> list[Any]:
        return list(view.legal)
