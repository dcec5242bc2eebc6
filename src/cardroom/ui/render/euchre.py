"""Euchre at the terminal (document 003, the Somerset Club laws of 1888).

Input is forgiving, in English and Russian: ``order up`` / «заказываю», ``assist`` / «помогаю»,
``take up`` / «принимаю», ``pass`` / «пас», ``turn down`` / «отвергаю», ``alone`` / «один»,
``hearts`` / «черви» (a suit named in the second round), ``alone hearts`` / «один черви»,
``take it from you`` / «перехватываю», and cards as ``JH``, ``♥J``, ``10s``. The dealer's
discard is a card (``8S``) or ``discard 8S``.

Laws mode (``--laws``; Laws 46-105, ``games/euchre/laws.py``): ``!`` before an action makes it
irregularly — ``!9S`` (a card out of turn, or a revoke), ``!9S 10S`` (two cards at once), ``!expose KH``,
``!remark``, ``!throw``, ``!correct``, ``!count``, ``!order up`` after passing, ``!mention H``, ``!alone``
after naming the trump, ``!take it from you`` too late."""

from __future__ import annotations

import random
from typing import Any

from cardroom.core.cards import Card, Suit, cards_of_mask
from cardroom.core.errors import IllegalAction, ParseError
from cardroom.core.game import Game
from cardroom.core.table import Seat, Side
from cardroom.games.euchre.ranks import order_key
from cardroom.games.euchre.rubber import Cut
from cardroom.games.euchre.rules import ALONE, Bid, Discard, EuchreHandResult, action_words, all_bids, parse_suit
from cardroom.i18n import t
from cardroom.ui.render.base import Renderer, applied

_SIDES = {"en": {Side.NS: "NS", Side.EW: "EW"}, "ru": {Side.NS: "СЮ", Side.EW: "ВЗ"}}
_ALONE_WORDS = {"alone", "один", "одиночку", "одна", "solo", "соло"}
_SKIP_WORDS = {"at", "in", "на", "в", "i", "play", "я", "играю", "играть"}


def hand_text(mask: int, trump: Suit | None) -> str:
    """A hand, trumps first (the left bower among them), high to low."""
    cards = sorted(cards_of_mask(mask), key=lambda c: order_key(c, trump), reverse=True)
    return " ".join(c.pretty for c in cards) or "-"


def alone_suit(text: str) -> Suit | None:
    """«один черви», "alone hearts", "hearts alone": a lone hand at a named suit, or None."""
    words = [w for w in text.lower().replace(",", " ").split() if w not in _SKIP_WORDS]
    if not any(w in _ALONE_WORDS for w in words):
        return None
    rest = [w for w in words if w not in _ALONE_WORDS]
    if len(rest) != 1:
        return None
    try:
        return parse_suit(rest[0])
    except ParseError:
        return None


class EuchreRenderer(Renderer):
    prefix = "euchre."
    face_format, face_joiner = "{name} {cards}", ", "

    def __init__(self, game: Game, seed: int | None = None) -> None:
        super().__init__(game, seed)
        self._bids = {b.to_text(): b for b in all_bids()}

    def deal(self, state: Any) -> Any:
        return state.hand

    def deal_view(self, state: Any, seat: int) -> Any:
        return state.hand.view(seat)

    def bot_view(self, state: Any, seat: int) -> Any:
        return state.view(seat)

    def bot_ruling(self, state: Any, seat: int, agent: Any) -> Any:
        from cardroom.bots.euchre import EuchreBot

        return EuchreBot(seed=self.seed).choose_ruling(self.deal_view(state, seat))  # any kind: the rule bot's

    def bot_irregular(self, state: Any, seat: int, rng: random.Random, rate: float, user: int | None) -> Any:
        from cardroom.games.euchre.laws import random_irregular

        if rng.random() >= rate:
            return None
        action = random_irregular(state.hand, rng)
        if action is None or (user is not None and action.seat == user):
            return None
        return applied(state, action)

    # ------------------------------------------------------------------ drawing
    def pretty(self, action: Any, lang: str) -> str:
        return action_words(action, lang)

    def call_of(self, text: str) -> Any:
        """A declaration made irregularly (``order up``), written as the screen writes it («заказываю»)."""
        return self._bids.get(text)

    def legal_joiner(self) -> str:
        return ", "

    def refused_as(self, text: str, action: Any, lang: str) -> str:
        return text

    def _call_pretty(self, text: str, lang: str) -> str:
        """A call as the view lists it (the engine's text; a discard shows only as "discard")."""
        if text == "discard":
            return self.tr("discards", lang)
        bid = self._bids.get(text)
        return self.pretty(bid, lang) if bid is not None else text

    def picture(self, view: Any, state: Any, lang: str) -> list[str]:
        sc = state.score
        lines = [
            "=" * 60,
            self.tr("hand_head", lang, n=len(state.results) + 1, g=sc.game_number,
                    dealer=self.seat_name(view.dealer, lang), ns=sc.score[0], ew=sc.score[1]),
        ]
        if view.turn_up is not None:
            where = self.tr("tu_" + view.turn_up_state.replace(" ", "_"), lang)
            lines.append(self.tr("turn_up", lang, card=view.turn_up.pretty, where=where))
        if view.calls:
            lines.append(self.tr("calls", lang) + ": " + ", ".join(
                f"{self.seat_name(s, lang)} {self._call_pretty(c, lang)}" for s, c in view.calls))
        if view.trump is not None and view.maker is not None:
            line = self.tr("trumps", lang, suit=view.trump.symbol, seat=self.seat_name(view.maker, lang))
            if view.lone is not None:
                line += "; " + self.tr("lone", lang, seat=self.seat_name(view.lone, lang))
            lines.append(line)
        if view.phase == "play":
            played = ", ".join(f"{self.seat_name(s, lang)} {c.pretty}" for s, c in view.trick) or "-"
            lines.append(f"{t('trick', lang, n=len(view.tricks) + 1)}: {played}")
            lines.append(t("tricks_won", lang, ns=view.won[0], ew=view.won[1]))
        lines.append(f"{t('your_hand', lang, seat=self.seat_name(view.seat, lang))}: "
                     f"{hand_text(view.hand, view.trump)}")
        return lines

    def prompt(self, view: Any, lang: str) -> str:
        ph = view.phase
        if ph == "round1":
            seat = Seat(view.seat)
            if seat == view.dealer:
                return self.tr("ask_dealer", lang)
            if seat == Seat(view.dealer).partner:
                return self.tr("ask_second", lang)
            return self.tr("ask_order", lang)
        key = {"takeover": "ask_takeover", "round2": "ask_make", "discard": "ask_discard"}.get(ph, "ask_card")
        return self.tr(key, lang)

    def chance_note(self, action: Any, lang: str) -> str | None:
        if not isinstance(action, Cut):
            return None
        cards = ", ".join(f"{self.seat_name(s, lang)} {c.pretty}" for s, c in zip(Seat, action.cards, strict=True))
        d = action.dealer()
        then = self.tr("cut_deals", lang, seat=self.seat_name(d, lang)) if d is not None else self.tr("cut_again", lang)
        return self.tr("cut", lang, cards=cards) + " " + then

    def notes(self, state: Any, seat: int, view: Any, action: Any, by_user: bool, lang: str) -> list[str]:
        if isinstance(action, Discard):
            shown = f" ({action.card.pretty})" if by_user else ""
            return [self.tr("discarded", lang, seat=self.seat_name(seat, lang)) + shown]
        if isinstance(action, int) and not isinstance(action, Card):
            action = Card(action)
        return super().notes(state, seat, view, action, by_user, lang)

    def result_text(self, r: EuchreHandResult, lang: str) -> str:
        if r.thrown_in:
            return self.tr("thrown_in", lang)
        assert r.maker is not None and r.trump is not None
        how = self.tr("how_1", lang) if r.round == 1 else self.tr("how_2", lang)
        text = self.tr("made", lang, seat=self.seat_name(r.maker, lang), how=how, suit=r.trump.symbol)
        if r.lone is not None:
            text += ", " + self.tr("lone", lang, seat=self.seat_name(r.lone, lang))
        outcome = "march" if r.score is not None and r.score.march else \
            "euchred" if r.score is not None and r.score.euchred else "point"
        text += "; " + self.tr("makers_tricks", lang, n=r.makers_tricks) + " (" + self.tr("out_" + outcome, lang) + ")"
        return text + "; " + self.tr("points", lang, ns=r.points[0], ew=r.points[1])

    def result_lines(self, state: Any, lang: str) -> list[str]:
        return [self.tr("result", lang, n=len(state.results), r=self.result_text(state.results[-1], lang))]

    def final_lines(self, state: Any, lang: str) -> list[str]:
        rp = state.score.rubber_points()
        if state.score.is_over and state.score.winner is not None:
            w = _SIDES[lang if lang == "ru" else "en"][state.score.winner]
            end = self.tr("rubber_over", lang, w=w, ns=rp[0], ew=rp[1])
        else:
            end = self.tr("rubber_unfinished", lang, ns=rp[0], ew=rp[1])
        return [state.render_sheet(lang), end]

    # ------------------------------------------------------------------ reading
    def parse(self, text: str, view: Any, state: Any) -> Any:
        try:
            action = state.hand.parse_action(text)
        except ParseError:
            suit = alone_suit(text)
            if suit is None:
                raise
            action = Bid(ALONE, suit)
        if view.phase == "discard" and isinstance(action, Card):
            action = Discard(Card(action))
        return action

    def why_not(self, action: Any, view: Any, state: Any, lang: str) -> str:
        trial = state.hand.clone()  # the hand's own reason (a copy: the state stays unchanged)
        try:
            trial.apply(action)
        except IllegalAction as e:
            return str(e)
        return t("not_allowed", lang)

    def option_text(self, name: str, lang: str, effect: str, law: str = "") -> str:
        if name.startswith("require-"):
            return self.tr("laws.opt.require", lang, suit=Suit.parse(name[-1]).symbol)
        if name.startswith("call-") and name not in ("call-card", "call-suit"):
            return self.tr("laws.opt.call", lang, card=Card.parse(name[5:]).pretty)
        if name.startswith("play-") and name != "play-it":
            return self.tr("laws.opt.play", lang, card=Card.parse(name[5:]).pretty)
        return super().option_text(name, lang, effect, law)
