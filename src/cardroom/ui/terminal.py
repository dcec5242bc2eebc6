"""The terminal front-end of every game (``cardroom play``): the user at his seat against computer
players, or computer players only (``--auto``).

One prompt loop serves every game, driven by the State protocol and the game's views; what differs
between games — how a hand, the trick, the auction and the sheet are drawn, how a text is read — is the
game's renderer (:mod:`cardroom.ui.render`). At every prompt: ``?`` lists the commands and what is
allowed now, ``hint`` gives the search bot's choice, ``sheet`` the score, ``quit`` ends the match
unfinished (asked once: yes or no); the user's last card, when it is all he may play, is played for
him; once the play begins the terminal says who declares, who is dummy and who leads, and who won each
trick once it stands. In laws mode ``!`` before an action makes it irregularly; an irregularity is said
as who did what and its kind, and a ruling due to the user is a numbered menu of what each option does.
The sheet follows a deal ended by a concession. The record is saved atomically after every action
(``--save``)."""

from __future__ import annotations

import os
import random
import sys
import tempfile
from collections.abc import Callable
from typing import Any, TextIO, cast

from cardroom.bots.base import Bot
from cardroom.core.errors import CardroomError, IllegalAction, ParseError
from cardroom.core.game import CHANCE, Game
from cardroom.core.match import Match
from cardroom.i18n import shown_cards, t
from cardroom.ui.render import renderer_for
from cardroom.ui.render.base import Renderer, env_irregularities, env_laws


class Quit(Exception):
    """The user ended the match."""


QUIT_WORDS = ("quit", "exit", "q", "выход", "выйти")
NO_WORDS = ("n", "no", "н", "нет")
"""The answers to "end the match?" that go back to the game (any other answer ends it)."""
HELP_WORDS = ("?", "help", "помощь")
HINT_WORDS = ("hint", "подсказка")
"""Typed at a terminal prompt: the strongest bot's choice, with its average tricks per candidate."""
SHEET_WORDS = ("sheet", "score", "запись", "счёт", "счет")

BOT_KINDS = ("random", "rule", "search")


def bots_kind(bots: str | None, lang: str = "en") -> str:
    """The kind of computer players: ``bots`` if given, else the environment's ``CARDROOM_BOTS``,
    else "rule" (the rule-based bots); "search" for the search bots, "random" for random legal play.
    Unknown -> CardroomError."""
    kind = (bots if bots is not None else os.environ.get("CARDROOM_BOTS", "rule")).strip().lower()
    if kind not in BOT_KINDS:
        raise CardroomError(t("bad_bots", lang, x=kind))
    return kind


def make_bot(game: Game, kind: str, seed: int, samples: int = 20, time_per_decision: float | None = 5.0) -> Bot:
    """A computer player of ``kind`` (:data:`BOT_KINDS`) for ``game``, by :meth:`Game.bot`; the
    search bot with ``samples`` per decision and ``time_per_decision``."""
    opts: dict[str, Any] = {"samples": samples, "time_per_decision": time_per_decision} if kind == "search" else {}
    return game.bot(kind, seed, **opts)


def write_atomically(text: str, path: str) -> None:
    """Write ``text`` to ``path`` by way of a temporary file in the same folder, so that a process
    killed mid-write leaves the previous file intact."""
    d = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(dir=d, prefix=".cardroom-", suffix=".tmp")
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write(text)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


def save_record(state: Match[Any, Any, Any, Any], path: str, renderer: Renderer | None = None) -> None:
    """Write the record of ``state`` atomically (PBN or JSON by the extension, as the game writes them)."""
    r = renderer if renderer is not None else renderer_for(state.game)
    write_atomically(r.record_text(state, path), path)


def ask_line(ask: Callable[[str], str], prompt: str, lang: str = "en") -> str:
    """One line of the user's input, stripped; :class:`Quit` at the end of input, or on a quit word
    confirmed once (a "no" to the question goes back to the prompt: "" is returned)."""
    try:
        text = ask(shown_cards(prompt, lang)).strip()
        if text.lower() in QUIT_WORDS:
            if ask(t("quit_confirm", lang)).strip().lower() not in NO_WORDS:
                raise Quit
            return ""
    except EOFError:
        raise Quit from None
    return text


class Screen:
    """The terminal's screen in ``lang``: what is written to it shows the cards in that language's ranks
    (:func:`~cardroom.i18n.shown_cards`: ``♠ТД10`` on a Russian screen), every text of the play passing
    through it once."""

    def __init__(self, out: TextIO, lang: str) -> None:
        self.out, self.lang = out, lang

    def write(self, text: str) -> int:
        return self.out.write(shown_cards(text, self.lang))

    def flush(self) -> None:
        self.out.flush()


def on_screen(out: TextIO, lang: str) -> TextIO:
    """``out`` as the terminal's screen in ``lang`` (itself in English, whose ranks the texts are written in)."""
    return out if lang == "en" or isinstance(out, Screen) else cast(TextIO, Screen(out, lang))


def print_hint(game: str, view: Any, lang: str, out: TextIO, pretty: Callable[[Any], str],
               samples: int = 20, seed: int | None = None, time_per_decision: float | None = 5.0) -> None:
    """Print what the search bot would do from ``view`` and its average tricks for each candidate."""
    from cardroom.bots.hint import hint

    h = hint(game, view, samples=samples, seed=seed, time_per_decision=time_per_decision)
    if len(h.legal) == 1:
        print(t("hint_only", lang, action=pretty(h.action)), file=out)
        return
    if h.method == "rule":
        print(t("hint_rule", lang, action=pretty(h.action)), file=out)
        return
    print(t("hint_head", lang, action=pretty(h.action), n=h.samples), file=out)
    for i, (a, tricks) in enumerate(h.candidates):
        score = h.scores[i] if i < len(h.scores) else None
        tx = "-" if tricks is None else f"{tricks:.2f}"
        if h.measure == "points" and score is not None:
            key = "hint_score" if tricks is not None else "hint_score_only"
            print(t(key, lang, action=pretty(a), score=f"{score:+.2f}", tricks=tx), file=out)
        else:
            key = "hint_tricks_fewer" if h.lower_is_better else "hint_tricks"
            print(t(key, lang, action=pretty(a), tricks=tx), file=out)


class TerminalPlayer:
    """The human at the keyboard: reads his answers at the prompts of the game's ``renderer`` (by
    default that of ``state``'s game; ``state`` is the match, read for the sheet and the engine's reasons)."""

    def __init__(self, lang: str, ask: Callable[[str], str], out: TextIO, state: Any = None,
                 renderer: Renderer | None = None) -> None:
        self.lang, self.ask, self.out, self.state = lang, ask, on_screen(out, lang), state
        self.renderer = renderer if renderer is not None else renderer_for(state.game)
        self.hint_samples = 20
        self.hint_seed: int | None = None

    def say(self, text: str) -> None:
        print(text, file=self.out)

    def read(self, text: str, view: Any) -> Any:
        """The action a text means now; ParseError if it means none."""
        return self.renderer.parse(text, view, self.state)

    def why_not(self, action: Any, view: Any = None) -> str:
        """Why the rules refuse ``action`` now (the engine's reason; the state stays unchanged)."""
        return self.renderer.why_not(action, view, self.state, self.lang)

    def help(self, view: Any) -> None:
        r, lang = self.renderer, self.lang
        self.say(r.tr("help", lang))
        self.say(t("card_notation", lang))
        self.say(t("commands", lang))
        self.say(t("hint_help", lang))
        if r.laws_on(view):
            self.say(t("commands_laws", lang))
        self.say(t("legal_now", lang, legal=r.legal_joiner().join(r.typed(a, lang) for a in view.legal)))

    def choose(self, view: Any) -> Any:
        r, lang = self.renderer, self.lang
        if r.ruling(view) is not None:
            return self.choose_ruling(view)
        forced = r.forced(view)
        if forced is not None:
            self.say(t("forced_card", lang, card=r.pretty(forced, lang)))
            return forced
        while True:
            text = ask_line(self.ask, r.prompt(view, lang), lang)
            if not text:
                continue
            low = text.lower()
            if low in HELP_WORDS:
                self.help(view)
                continue
            if low in HINT_WORDS:
                print_hint(r.game.name, view, lang, self.out, lambda a: r.pretty(a, lang),
                           samples=self.hint_samples, seed=self.hint_seed)
                continue
            if low in SHEET_WORDS and self.state is not None:
                self.say(r.sheet_text(self.state, lang))
                continue
            if r.laws_on(view):
                try:
                    law_action = r.laws_input(text, view)
                except ParseError as e:
                    self.say(t("unreadable", lang, what=text, why=e))
                    continue
                if law_action is not None:
                    why = r.refusal(law_action, self.state, lang)
                    if why is None:
                        return law_action
                    self.say(t("laws.refused", lang, why=why))
                    continue
            try:
                action = self.read(text, view)
            except ParseError as e:
                self.say(t("unreadable", lang, what=text, why=e))
                continue
            if action not in view.legal:
                self.say(t("not_legal", lang, what=r.refused_as(text, action, lang), why=self.why_not(action, view)))
                continue
            return action

    def choose_ruling(self, view: Any) -> Any:
        """Laws mode: the user chooses for his side among the ruling's options (a number or a name)."""
        r, lang = self.renderer, self.lang
        self.say(r.render(view, self.state, lang))
        for line in r.ruling_lines(view, lang):
            self.say(line)
        choices = r.ruling_choices(view)
        while True:
            text = ask_line(self.ask, t("laws.choose", lang), lang)
            if not text:
                continue
            words = {text.lower(), text.split()[-1].lower()} if text else set()
            for i, c in enumerate(choices, 1):
                if str(i) in words or c.option.lower() in words or c.to_text().lower() in words:
                    return c
            self.say(t("laws.bad_choice", lang))


def laws_setup(game: Game, laws: bool | None, irregularities: float | None,
               lang: str = "en") -> tuple[Game, float]:
    """Laws mode for a terminal match: ``laws`` (default: the game's option, or the environment's
    ``CARDROOM_LAWS=1``) and the probability that a computer player acts irregularly before an action
    (``irregularities``, default ``CARDROOM_IRREGULARITIES`` or 0; it implies laws mode)."""
    rate = env_irregularities() if irregularities is None else float(irregularities)
    if not 0 <= rate <= 1:
        raise CardroomError(t("cli.probability", lang, x=rate))
    r = renderer_for(game)
    on = bool(laws) or rate > 0 or r.laws_mode(game) or (laws is None and env_laws())
    if on and not r.laws_mode(game):
        game = r.with_laws(game)
    return game, rate if on else 0.0


def play(game: Game, seed: int | None = None, auto: bool = False, save: str | None = None, lang: str = "en",
         ask: Callable[[str], str] = input, out: TextIO | None = None, *, bots: str | None = None,
         samples: int = 20, laws: bool | None = None, irregularities: float | None = None) -> Any:
    """Play a whole match of ``game`` in the terminal and return its final state. ``bots``: "rule"
    (default) or "search" computer players (default from ``CARDROOM_BOTS``); ``samples``: the search
    bots' (and the hint's) samples per decision; ``laws``, ``irregularities``: see :func:`laws_setup`."""
    out = on_screen(sys.stdout if out is None else out, lang)
    game, rate = laws_setup(game, laws, irregularities, lang)
    r = renderer_for(game, seed)
    for line in r.banner(lang):
        print(line, file=out)
    kind = bots_kind(bots, lang)
    rng = random.Random(seed)
    irr_rng = r.irregular_rng(seed, rng)
    state: Any = game.new_initial_state()
    human = TerminalPlayer(lang, ask, out, state, r)
    human.hint_samples, human.hint_seed = samples, seed
    agents: dict[int, Any] = {s: make_bot(game, kind, (seed or 0) * 10 + s, samples) for s in r.seats()}
    user = None if auto else r.user_seat
    if user is not None:
        agents[user] = human

    announced = [-1, 0]  # the deal (by its number) and how many of its tricks were announced

    def announce_tricks(deal: Any, number: int) -> None:
        """Say who won the deal's last trick once it stands: not while a ruling is pending on it (a
        revoke corrected takes the trick back), and once only."""
        if announced[0] != number:
            announced[:] = [number, 0]
        n = r.tricks(deal)
        if n < announced[1]:
            announced[1] = n  # a trick taken back by the laws: announced again when it stands
        if n > announced[1] and r.trick_stands(deal):
            announced[1] = n
            print(t("trick_won", lang, n=n, seat=r.seat_name(r.trick_winner(deal), lang)), file=out)

    conceded = [False]  # a concession was made in the deal (and not refused under a ruling)

    def after(action: Any, seat: int, view: Any, deal: Any, done: int, since: int) -> None:
        """Announce an applied action, save the record, and say how a finished deal ended (with the sheet
        after every deal where the game shows it, and after a deal ended by a concession in every game)."""
        if r.concession(action):
            conceded[0] = True
        if isinstance(action, r.laws_actions):
            print(r.laws_note(state, seat, action, lang, deal, since), file=out)
        elif not auto:
            for line in r.notes(state, seat, view, action, seat == user, lang):
                print(line, file=out)
        if not auto:
            for line in r.play_announcement(r.deal(state), lang):
                print(line, file=out)
        if not auto:
            announce_tricks(deal, done)
        if save:
            save_record(state, save, r)  # after every action: a killed process loses nothing
        if len(r.results(state)) != done:
            for line in r.result_lines(state, lang):
                print(line, file=out)
            if not auto and (r.sheet_after_deal or conceded[0]):
                print(r.sheet_text(state, lang), file=out)
            conceded[0] = False
        elif not r.concession(action) and r.trick_stands(deal):
            conceded[0] = False  # the concession was refused (disputed): play goes on

    try:
        while not state.is_over:
            done = len(r.results(state))
            if state.to_act == CHANCE:
                action = state.sample_chance(rng)
                state.apply(action)
                note = r.chance_note(action, lang)
                if note is not None:
                    print(note, file=out)
                if save:
                    save_record(state, save, r)
                continue
            seat = int(state.to_act if state.to_act is not None else 0)
            deal = r.deal(state)
            since = r.irregularities(deal)
            if rate:
                irregular = r.bot_irregular(state, seat, irr_rng, rate, user)
                if irregular is not None:
                    after(irregular, int(irregular.seat), None, deal, done, since)
                    continue
            view = r.deal_view(state, seat)
            agent = agents[seat]
            if agent is human:
                if r.ruling(view) is None:
                    print(r.render(view, state, lang), file=out)
                action = human.choose(view)
            elif r.ruling(view) is not None:
                action = r.bot_ruling(state, seat, agent)
            elif kind == "random":
                action = agent.choose(view)  # it reads only the legal actions the deal's view lists
            else:
                action = agent.choose(r.bot_view(state, seat))
            try:
                state.apply(action)
            except IllegalAction as e:
                if agent is not human and not isinstance(action, r.laws_actions):
                    raise
                print(t("laws.refused", lang, why=e.text(lang)), file=out)
                continue
            after(action, seat, view, deal, done, since)
    except Quit:
        state.abandon()
    for line in r.final_lines(state, lang):
        print(line, file=out)
    if save:
        save_record(state, save, r)
        print(t("saved", lang, path=save), file=out)
    return state
