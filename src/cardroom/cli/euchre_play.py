"""Terminal play of a euchre rubber (document 003): the user at South against three computer
players, or four computer players with ``--auto``.

Input is forgiving, in English and Russian: ``order up`` / «заказываю», ``assist`` / «помогаю»,
``take up`` / «принимаю», ``pass`` / «пас», ``turn down`` / «отвергаю», ``alone`` / «один»,
``hearts`` / «черви» (a suit named in the second round), ``alone hearts`` / «один черви»,
``take it from you`` / «перехватываю», and cards as ``JH``, ``♥J``, ``10s``. The dealer's
discard is a card (``8S``) or ``discard 8S``. A wrong entry is answered with the reason and the
prompt is repeated. ``?`` lists what is allowed, ``sheet`` shows the score, ``quit`` ends the
rubber unfinished. The record is saved atomically after every action (the generic JSON record).

Laws mode (``--laws``; Laws 46-105 of document 003, ``games/euchre/laws.py``): ``!`` before an action
makes it irregularly — ``!9S`` (a card out of turn, or a revoke), ``!9S 10S`` (two cards at once),
``!expose KH``, ``!remark``, ``!throw``, ``!correct``, ``!count``, ``!order up`` after passing,
``!mention H``, ``!alone`` after naming the trump, ``!take it from you`` too late. When the other side
offends, the user chooses the ruling's option for his side (a number or a name).
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from typing import Any, TextIO

from cardroom.cli.bridge_play import HINT_WORDS, Quit, bots_kind, make_bot, print_hint, save_record
from cardroom.core.cards import Card, Suit, cards_of_mask
from cardroom.core.errors import CardroomError, IllegalAction, ParseError
from cardroom.core.game import CHANCE
from cardroom.core.laws import Irregular, RulingChoice
from cardroom.core.table import Seat, Side
from cardroom.games.euchre.game import Euchre
from cardroom.games.euchre.ranks import order_key
from cardroom.games.euchre.rubber import Cut, EuchreRubberState
from cardroom.games.euchre.rules import (
    ALONE,
    Bid,
    Discard,
    EuchreHand,
    EuchreHandResult,
    EuchreView,
    all_bids,
    parse_suit,
)
from cardroom.i18n import SEAT_NAMES, t

HUMAN = Seat.SOUTH
_SIDES = {"en": {Side.NS: "NS", Side.EW: "EW"}, "ru": {Side.NS: "СЮ", Side.EW: "ВЗ"}}

_ALONE_WORDS = {"alone", "один", "одиночку", "одна", "solo", "соло"}
_SKIP_WORDS = {"at", "in", "на", "в", "i", "play", "я", "играю"}


def tr(key: str, lang: str, **kw: object) -> str:
    return t("euchre." + key, lang, **kw)


def _seat(s: Seat | int, lang: str) -> str:
    return SEAT_NAMES[lang][Seat(s).letter]


def hand_text(mask: int, trump: Suit | None) -> str:
    """A hand, trumps first (the left bower among them), high to low."""
    cards = sorted(cards_of_mask(mask), key=lambda c: order_key(c, trump), reverse=True)
    return " ".join(c.pretty for c in cards) or "-"


def action_pretty(a: Any, lang: str) -> str:
    """An action as the user reads it."""
    if isinstance(a, Discard):
        return tr("discard_card", lang, card=a.card.pretty)
    if isinstance(a, Bid):
        if a.suit is not None:
            return tr("bid_" + a.kind.replace(" ", "_"), lang, suit=a.suit.symbol)
        return tr("bid_" + a.kind.replace(" ", "_"), lang)
    if isinstance(a, int):
        return Card(a).pretty
    return str(a)


_BIDS = {b.to_text(): b for b in all_bids()}


def _call_pretty(text: str, lang: str) -> str:
    """A call as the view lists it (the engine's text; a discard shows only as "discard")."""
    if text == "discard":
        return tr("discards", lang)
    bid = _BIDS.get(text)
    return action_pretty(bid, lang) if bid is not None else text


def render(view: EuchreView, state: EuchreRubberState, lang: str) -> str:
    """What the user sees before he acts."""
    sc = state.score
    lines = [
        "=" * 60,
        tr("hand_head", lang, n=len(state.results) + 1, g=sc.game_number, dealer=_seat(view.dealer, lang),
           ns=sc.score[0], ew=sc.score[1]),
    ]
    if view.turn_up is not None:
        where = tr("tu_" + view.turn_up_state.replace(" ", "_"), lang)
        lines.append(tr("turn_up", lang, card=view.turn_up.pretty, where=where))
    if view.calls:
        lines.append(tr("calls", lang) + ": " + ", ".join(f"{_seat(s, lang)} {_call_pretty(c, lang)}"
                                                          for s, c in view.calls))
    if view.trump is not None and view.maker is not None:
        line = tr("trumps", lang, suit=view.trump.symbol, seat=_seat(view.maker, lang))
        if view.lone is not None:
            line += "; " + tr("lone", lang, seat=_seat(view.lone, lang))
        lines.append(line)
    if view.phase == "play":
        played = ", ".join(f"{_seat(s, lang)} {c.pretty}" for s, c in view.trick) or "-"
        lines.append(f"{tr('trick', lang, n=len(view.tricks) + 1)}: {played}")
        lines.append(tr("tricks_won", lang, ns=view.won[0], ew=view.won[1]))
    lines.append(f"{tr('your_hand', lang, seat=_seat(view.seat, lang))}: {hand_text(view.hand, view.trump)}")
    if view.laws:
        lines.extend(laws_lines(view, lang))
    return "\n".join(lines)


def _prompt(view: EuchreView, lang: str) -> str:
    ph = view.phase
    if ph == "round1":
        seat = Seat(view.seat)
        if seat == view.dealer:
            return tr("ask_dealer", lang)
        if seat == Seat(view.dealer).partner:
            return tr("ask_second", lang)
        return tr("ask_order", lang)
    if ph == "takeover":
        return tr("ask_takeover", lang)
    if ph == "round2":
        return tr("ask_make", lang)
    if ph == "discard":
        return tr("ask_discard", lang)
    return tr("ask_card", lang)


def _alone_suit(text: str) -> Suit | None:
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


class TerminalEuchrePlayer:
    """The human at the keyboard. ``state`` is the rubber, used to read the text in its context."""

    def __init__(self, lang: str, ask: Callable[[str], str], out: TextIO, state: EuchreRubberState) -> None:
        self.lang, self.ask, self.out, self.state = lang, ask, out, state
        self.hint_samples = 20
        self.hint_seed: int | None = None

    def _hand(self) -> EuchreHand:
        h = self.state.hand
        assert h is not None
        return h

    def read(self, text: str, view: EuchreView) -> Any:
        """The action a text means now; ParseError if it means none."""
        hand = self._hand()
        try:
            action = hand.parse_action(text)
        except ParseError:
            suit = _alone_suit(text)
            if suit is None:
                raise
            action = Bid(ALONE, suit)
        if view.phase == "discard" and isinstance(action, Card):
            action = Discard(Card(action))
        return action

    def why_not(self, action: Any) -> str:
        """The engine's reason for refusing ``action`` (tried on a copy of the hand)."""
        trial = self._hand().clone()
        try:
            trial.apply(action)
        except IllegalAction as e:
            return str(e)
        return "not allowed now"

    def choose(self, view: EuchreView) -> Any:
        lang = self.lang
        if view.laws and view.legal and isinstance(view.legal[0], RulingChoice):
            return self.choose_ruling(view)
        while True:
            try:
                text = self.ask(_prompt(view, lang)).strip()
            except EOFError:
                raise Quit from None
            if not text:
                continue
            low = text.lower()
            if low in ("quit", "exit", "q", "выход", "выйти"):
                raise Quit
            if low in ("?", "help", "помощь"):
                print(tr("help", lang), file=self.out)
                print(tr("legal_now", lang, legal=", ".join(action_pretty(a, lang) for a in view.legal)),
                      file=self.out)
                print(t("hint_help", lang), file=self.out)
                continue
            if low in HINT_WORDS:
                print_hint("euchre", view, lang, self.out, lambda a: action_pretty(a, lang),
                           samples=self.hint_samples, seed=self.hint_seed)
                continue
            if low in ("sheet", "score", "запись", "счёт", "счет"):
                print(self.state.render_sheet(lang), file=self.out)
                continue
            if view.laws and text.startswith("!"):
                irregular = self.read_irregular(text)
                if irregular is not None:
                    return irregular
                continue
            try:
                action = self.read(text, view)
            except ParseError as e:
                print(tr("unreadable", lang, what=text, why=e), file=self.out)
                continue
            if action not in view.legal:
                print(tr("not_legal", lang, what=text, why=self.why_not(action)), file=self.out)
                continue
            return action


    # ------------------------------------------------------------------ laws mode
    def read_irregular(self, text: str) -> Irregular | None:
        """``!…``: the user's own irregular action, tried on a copy of the hand (None, with the reason
        printed, when the laws do not take it)."""
        body = text[1:].strip()
        try:
            action = Irregular(int(HUMAN), body)
        except ParseError as e:
            print(tr("unreadable", self.lang, what=text, why=e), file=self.out)
            return None
        trial = self._hand().clone()
        try:
            trial.apply(action)
        except (IllegalAction, ParseError) as e:
            print(t("laws.refused", self.lang, why=e), file=self.out)
            return None
        return action

    def choose_ruling(self, view: EuchreView) -> RulingChoice:
        """Laws mode: the user chooses for his side among the ruling's options."""
        lang = self.lang
        print(render(view, self.state, lang), file=self.out)
        show_ruling(view, lang, self.out)
        choices = [a for a in view.legal if isinstance(a, RulingChoice)]
        while True:
            try:
                text = self.ask(t("laws.choose", lang)).strip()
            except EOFError:
                raise Quit from None
            if text.lower() in ("quit", "exit", "q", "выход", "выйти"):
                raise Quit
            for i, c in enumerate(choices, 1):
                if text == str(i) or text.lower() == c.option.lower():
                    return c
            print(t("laws.bad_choice", lang), file=self.out)


# ------------------------------------------------------------------------------------ laws mode (document 003)
def laws_lines(view: EuchreView, lang: str) -> list[str]:
    """The cards face up by the laws and the penalties in force."""
    out: list[str] = []
    face = ", ".join(f"{_seat(i, lang)} {' '.join(c.pretty for c in cards_of_mask(m))}"
                     for i, m in enumerate(view.face_up) if m)
    if face:
        out.append(t("laws.face_up", lang, cards=face))
    if view.restrictions:
        out.append(t("laws.in_force", lang, r="; ".join(view.restrictions)))
    return out


def option_text(name: str, lang: str) -> str:
    """A ruling option as the user reads it."""
    from cardroom.i18n import STRINGS

    if name.startswith("require-"):
        return tr("laws.opt.require", lang, suit=Suit.parse(name[-1]).symbol)
    if name.startswith("call-") and name not in ("call-card", "call-suit"):
        return tr("laws.opt.call", lang, card=Card.parse(name[5:]).pretty)
    if name.startswith("play-") and name != "play-it":
        return tr("laws.opt.play", lang, card=Card.parse(name[5:]).pretty)
    key = f"euchre.laws.opt.{name}"
    return t(key, lang) if key in STRINGS else name


def show_ruling(view: EuchreView, lang: str, out: TextIO) -> None:
    from cardroom.i18n import STRINGS

    r = view.ruling or {}
    irr = r.get("irregularity") or {}
    kind = str(irr.get("kind", ""))
    key = f"euchre.laws.kind.{kind}"
    name = t(key, lang) if key in STRINGS else kind
    print(t("laws.irregularity", lang, who=_seat(irr.get("offender", 0), lang),
            what=f"{name} {irr.get('detail', '')}".strip()), file=out)
    title_key = f"euchre.laws.title.{r.get('law', '')}"
    title = t(title_key, lang) if title_key in STRINGS else r.get("title", "")
    print(t("laws.ruling", lang, law=r.get("law", ""), title=title, seat=_seat(r.get("chooser", 0), lang)), file=out)
    for i, o in enumerate(r.get("options", []), 1):
        print(t("laws.option", lang, i=i, name=o["name"], effect=option_text(o["name"], lang)), file=out)


def laws_note(action: Any, seat: Seat, lang: str) -> str:
    """How the terminal announces an action of laws mode."""
    if isinstance(action, RulingChoice):
        return t("laws.chosen", lang, seat=_seat(seat, lang), option=option_text(action.option, lang),
                 law=action.law)
    assert isinstance(action, Irregular)
    return t("laws.irregularity", lang, who=_seat(action.seat, lang), what=action.text)


def laws_game(game: Euchre, laws: bool | None) -> Euchre:
    """The game with laws mode on when asked (``laws``; default: the game's option, or
    ``CARDROOM_LAWS=1`` in the environment)."""
    import os

    if laws is None:
        laws = game.rules.laws or os.environ.get("CARDROOM_LAWS", "") in ("1", "yes", "true")
    if laws and not game.rules.laws:
        return Euchre(**{**game.rules.to_dict(), "laws": True})
    return game


def result_text(r: EuchreHandResult, lang: str) -> str:
    if r.thrown_in:
        return tr("thrown_in", lang)
    assert r.maker is not None and r.trump is not None
    how = tr("how_1", lang) if r.round == 1 else tr("how_2", lang)
    text = tr("made", lang, seat=_seat(r.maker, lang), how=how, suit=r.trump.symbol)
    if r.lone is not None:
        text += ", " + tr("lone", lang, seat=_seat(r.lone, lang))
    outcome = "march" if r.score is not None and r.score.march else \
        "euchred" if r.score is not None and r.score.euchred else "point"
    text += "; " + tr("makers_tricks", lang, n=r.makers_tricks) + " (" + tr("out_" + outcome, lang) + ")"
    text += "; " + tr("points", lang, ns=r.points[0], ew=r.points[1])
    return text


def _bot_irregularity(state: EuchreRubberState, hand: EuchreHand, rng: random.Random,
                      user: Seat | None) -> Irregular | None:
    """A computer player acts irregularly (``--irregularities``): one of the laws' random irregular
    actions, by a seat other than the ``user``'s, applied; None when none was made or the engine
    refused it (the state is then unchanged)."""
    from cardroom.games.euchre.laws import random_irregular

    action = random_irregular(hand, rng)
    if action is None or (user is not None and Seat(action.seat) == user):
        return None
    try:
        state.apply(action)
    except IllegalAction:
        return None
    return action


def play_euchre(game: Euchre, seed: int | None, auto: bool, save: str | None, lang: str,
                ask: Callable[[str], str] = input, out: TextIO | None = None, bots: str | None = None,
                samples: int = 20, laws: bool | None = None,
                irregularities: float | None = None) -> EuchreRubberState:
    """Play a whole rubber in the terminal; return the final state. ``bots``: "rule" (default) or
    "search" computer players (default from ``CARDROOM_BOTS``); ``samples``: the search bots' (and
    the hint's) samples per decision; ``laws``: laws mode (see :func:`laws_game`); ``irregularities``:
    the probability that a computer player acts irregularly before an action
    (:func:`cardroom.games.euchre.laws.random_irregular`; it implies laws mode)."""
    if out is None:
        out = sys.stdout
    rate = float(irregularities or 0.0)
    if not 0 <= rate <= 1:
        raise CardroomError(f"--irregularities is a probability from 0 to 1, not {rate}")
    game = laws_game(game, True if rate > 0 else laws)
    irr_rng = random.Random(f"{seed}/irregular")
    if game.rules.laws:
        print(tr("laws.on", lang), file=out)
    kind = bots_kind(bots, lang)
    rng = random.Random(seed)
    state = game.new_initial_state()
    assert isinstance(state, EuchreRubberState)
    agents: dict[Seat, Any] = {s: make_bot(game, kind, (seed or 0) * 10 + int(s), samples) for s in Seat}
    human = TerminalEuchrePlayer(lang, ask, out, state)
    human.hint_samples = samples
    human.hint_seed = seed
    if not auto:
        agents[HUMAN] = human
    done = 0
    try:
        while not state.is_over:
            if state.to_act == CHANCE:
                action = state.sample_chance(rng)
                state.apply(action)
                if isinstance(action, Cut):
                    cards = ", ".join(f"{_seat(s, lang)} {c.pretty}" for s, c in zip(Seat, action.cards, strict=True))
                    d = action.dealer()
                    print(tr("cut", lang, cards=cards) + " " + (tr("cut_deals", lang, seat=_seat(d, lang))
                                                                  if d is not None else tr("cut_again", lang)),
                          file=out)
                if save:
                    save_record(state, save)
                continue
            seat = Seat(state.to_act if state.to_act is not None else 0)
            hand = state.hand
            assert hand is not None
            irregular = _bot_irregularity(state, hand, irr_rng, None if auto else HUMAN) \
                if rate and irr_rng.random() < rate else None
            if irregular is not None:
                if not auto:
                    print(laws_note(irregular, Seat(irregular.seat), lang), file=out)
                if save:
                    save_record(state, save)
                continue
            view = hand.view(seat)
            agent = agents[seat]
            if agent is human:
                if not (view.laws and view.legal and isinstance(view.legal[0], RulingChoice)):
                    print(render(view, state, lang), file=out)
                action = human.choose(view)
            elif view.laws and view.legal and isinstance(view.legal[0], RulingChoice):
                from cardroom.bots.euchre import EuchreBot

                action = EuchreBot(seed=seed).choose_ruling(view)  # any bot kind: the rule bot's ruling
            else:
                action = agent.choose(state.view(seat))
            tricks_before = len(hand.tricks)
            state.apply(action)
            if not auto:
                who = _seat(seat, lang)
                if isinstance(action, (RulingChoice, Irregular)):
                    print(laws_note(action, seat, lang), file=out)
                elif isinstance(action, Discard):
                    shown = action.card.pretty if agent is human else None
                    print(tr("discarded", lang, seat=who) + (f" ({shown})" if shown else ""), file=out)
                elif isinstance(action, Bid):
                    print(f"{who}: {action_pretty(action, lang)}", file=out)
                else:
                    print(tr("played", lang, seat=who, card=Card(action).pretty), file=out)
                    if len(hand.tricks) > tricks_before:
                        print(tr("trick_won", lang, n=len(hand.tricks), seat=_seat(hand.tricks[-1].winner, lang)),
                              file=out)
            if save:
                save_record(state, save)  # after every action: a killed process loses nothing
            if len(state.results) != done:
                done = len(state.results)
                print(tr("result", lang, n=done, r=result_text(state.results[-1], lang)), file=out)
    except Quit:
        state.abandon()
    print(state.render_sheet(lang), file=out)
    rp = state.score.rubber_points()
    if state.score.is_over and state.score.winner is not None:
        w = state.score.winner
        print(tr("rubber_over", lang, w=_SIDES[lang if lang == "ru" else "en"][w], ns=rp[0], ew=rp[1]), file=out)
    else:
        print(tr("rubber_unfinished", lang, ns=rp[0], ew=rp[1]), file=out)
    if save:
        save_record(state, save)
        print(tr("saved", lang, path=save), file=out)
    return state
