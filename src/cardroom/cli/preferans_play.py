"""Terminal play of a preferans pulka: the user in seat 0 against computer players."""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from typing import Any, TextIO

from cardroom.cli.bridge_play import HINT_WORDS, Quit, bots_kind, make_bot, print_hint, save_record
from cardroom.core.cards import Card, CardSet
from cardroom.core.errors import IllegalAction, ParseError
from cardroom.core.game import CHANCE
from cardroom.core.laws import RulingChoice
from cardroom.games.preferans.calls import CLOSED, OPEN, PASS, WHIST, PrefCall, hand_of
from cardroom.games.preferans.game import Preferans, PulkaState
from cardroom.games.preferans.laws import PrefIrregular, random_irregular
from cardroom.games.preferans.rules import PrefView
from cardroom.i18n import STRINGS, t


def tr(key: str, lang: str, **kw: object) -> str:
    return t("pref." + key, lang, **kw)


def _act_text(a: Any) -> str:
    if isinstance(a, PrefCall):
        return a.pretty
    if isinstance(a, Card):
        return a.pretty
    return str(a)


def _call_text(a: PrefCall, lang: str) -> str:
    """A call as the user may type it: the Russian word, or the English text."""
    return a.pretty if lang == "ru" else str(a)


def _parse(text: str, phase: str) -> Any:
    """Cards when playing or passing; a card or a call («преферанс», «отказ от прикупа») when discarding."""
    if phase in ("play", "passing"):
        return Card.parse(text)
    if phase == "discard":
        try:
            return Card.parse(text)
        except ParseError:
            return PrefCall.parse(text)
    return PrefCall.parse(text)


def render(view: PrefView, lang: str, deal_no: int) -> str:
    lines = ["=" * 60, tr("deal", lang, n=deal_no, d=view.dealer)]
    if view.calls:
        lines.append(tr("auction", lang) + ": " + ", ".join(f"{s}: {_act_text(c)}" for s, c in view.calls))
    if view.talon:
        lines.append(f"{tr('talon', lang)}: {CardSet(view.talon).by_suit_text()}")
    if view.contract is not None and view.declarer is not None:
        lines.append(tr("contract", lang, c=view.contract.pretty, p=view.declarer))
    elif view.kind == "raspasy":
        lines.append(tr("raspasy", lang) + f" ({view.raspasy_round})")
    if view.whist_calls:
        lines.append(", ".join(f"{s}: {_act_text(c)}" for s, c in view.whist_calls))
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
    if view.laws:  # laws mode: cards face up (shown, taken back, penalty cards)
        face = "; ".join(f"{s}: {CardSet(m).by_suit_text()}" for s, m in enumerate(view.face_up) if m)
        if face:
            lines.append(tr("laws.face_up", lang, cards=face))
    lines.append(f"{tr('hand', lang, s=view.seat)}: {CardSet(view.hand).by_suit_text()}")
    return "\n".join(lines)


class TerminalPreferansPlayer:
    def __init__(self, lang: str, ask: Callable[[str], str], out: TextIO) -> None:
        self.lang, self.ask, self.out = lang, ask, out
        self.hint_samples = 20
        self.hint_seed: int | None = None

    def choose(self, view: PrefView) -> Any:
        lang = self.lang
        if view.laws and view.ruling is not None:
            return self.choose_ruling(view)
        what = {"auction": tr("what_bid", lang), "discard": t("pos.discard", lang),
                "declare": tr("what_declare", lang), "whist": tr("what_whist", lang),
                "defence": tr("what_defence", lang), "concede": tr("what_concede", lang),
                "invite": tr("what_invite", lang), "passing": tr("what_passing", lang),
                "choice": tr("what_choice", lang)}.get(view.phase, tr("what_card", lang, h=view.hand_to_play))
        if view.phase == "discard" and any(type(a) is PrefCall for a in view.legal):
            what = tr("what_discard_or", lang,
                      x=" / ".join(_call_text(a, lang) for a in view.legal if type(a) is PrefCall))
        if view.phase == "whist" and any(type(a) is PrefCall and hand_of(a) is not None for a in view.legal):
            what = tr("what_dealer_hand", lang)
        if view.phase in ("whist", "defence"):
            extra = [_call_text(a, lang) for a in view.legal
                     if type(a) is PrefCall and a not in (WHIST, PASS, OPEN, CLOSED)]
            if extra:
                what += " (" + tr("also", lang, x=", ".join(extra)) + ")"
        while True:
            try:
                text = self.ask(tr("prompt", lang, what=what)).strip()
            except EOFError:
                raise Quit from None
            if not text:
                continue
            if text.lower() in ("quit", "exit", "q", "выход"):
                raise Quit
            if text.lower() in ("?", "help", "помощь"):
                print(tr("allowed", lang, x=" ".join(_act_text(a) for a in view.legal)), file=self.out)
                print(t("hint_help", lang), file=self.out)
                continue
            if text.lower() in HINT_WORDS:
                print_hint("preferans", view, lang, self.out, _act_text, samples=self.hint_samples,
                           seed=self.hint_seed)
                continue
            if view.laws and text.startswith("!"):  # laws mode: the user's own irregular action
                try:
                    return PrefIrregular.from_text(f"!{view.seat} {text[1:].strip()}")
                except ParseError as e:
                    print(tr("bad", lang, x=text, why=e), file=self.out)
                    continue
            try:
                action: Any = _parse(text, view.phase)
            except ParseError as e:
                print(tr("bad", lang, x=text, why=e), file=self.out)
                continue
            if action not in view.legal:
                print(tr("illegal", lang, x=_act_text(action)), file=self.out)
                print(tr("allowed", lang, x=" ".join(_act_text(a) for a in view.legal)), file=self.out)
                continue
            return action


    def choose_ruling(self, view: PrefView) -> Any:
        """Laws mode: the options of the pending ruling, numbered; a number or a name chooses."""
        lang = self.lang
        print_ruling(view, lang, self.out)
        options = list(view.legal)
        while True:
            try:
                text = self.ask(tr("laws.choose", lang)).strip()
            except EOFError:
                raise Quit from None
            if text.lower() in ("quit", "exit", "q", "выход"):
                raise Quit
            if text.isdigit() and 1 <= int(text) <= len(options):
                return options[int(text) - 1]
            for a in options:
                if isinstance(a, RulingChoice) and text.lower() in (a.option, a.to_text().lower()):
                    return a
            print(tr("laws.bad_choice", lang), file=self.out)


# ------------------------------------------------------------------------------------ laws mode
def _option_text(name: str, lang: str) -> str:
    key = f"pref.laws.opt.{name}"
    return t(key, lang) if key in STRINGS else name


def print_ruling(view: PrefView, lang: str, out: TextIO) -> None:
    """The pending ruling of ``view`` and its options, numbered."""
    r = view.ruling or {}
    print(tr("laws.ruling", lang, law=r.get("law", ""), title=r.get("title", ""), seat=r.get("chooser", "")),
          file=out)
    for i, o in enumerate(r.get("options", []), 1):
        print(tr("laws.option", lang, i=i, name=o["name"], effect=_option_text(o["name"], lang)), file=out)


def _announce(state: PulkaState, action: Any, seat: int | None, lang: str, out: TextIO) -> None:
    """How the terminal announces an action of laws mode once applied."""
    if isinstance(action, RulingChoice):
        print(tr("laws.chosen", lang, seat=seat, option=_option_text(action.option, lang), law=action.law), file=out)
        return
    deal = state.deal
    irrs = deal.laws.irregularities if deal.laws is not None else []
    kind = irrs[-1].kind if irrs else ""
    key = f"pref.laws.kind.{kind}"
    what = (t(key, lang) if key in STRINGS else kind) + (f": {action.text}" if action.text != "misdeal" else "")
    print(tr("laws.irregularity", lang, who=action.seat, what=what), file=out)


def laws_game(game: Preferans, laws: bool | None, irregularities: float | None) -> tuple[Preferans, float]:
    """The game in laws mode when ``laws`` (or ``irregularities`` > 0) asks for it: the same variant with
    the option ``laws`` on. Unset, they come from ``CARDROOM_LAWS`` and ``CARDROOM_IRREGULARITIES`` (as in
    the bridge terminal)."""
    import os

    if irregularities is None:
        try:
            irregularities = float(os.environ.get("CARDROOM_IRREGULARITIES", "0") or 0)
        except ValueError:
            irregularities = 0.0
    if laws is None:
        laws = os.environ.get("CARDROOM_LAWS", "") in ("1", "yes", "true")
    rate = float(irregularities or 0.0)
    on = bool(laws) or rate > 0 or game.rules.laws
    if on and not game.rules.laws:
        game = Preferans(game.variant_name, game.players, **{**game.variant.overrides(), "laws": True})
    return game, rate if on else 0.0


def play_pulka(game: Preferans, seed: int | None, auto: bool, save: str | None, lang: str,
               ask: Callable[[str], str] = input, out: TextIO | None = None, bots: str | None = None,
               samples: int = 20, laws: bool | None = None, irregularities: float | None = None) -> PulkaState:
    """Play a pulka in the terminal. ``bots``: "rule" (default) or "search" computer players (default
    from ``CARDROOM_BOTS``); ``samples``: the search bots' (and the hint's) samples per decision.
    ``laws``: laws mode (games/preferans/laws.py); ``irregularities``: the probability that a computer
    player acts irregularly before an action (implies laws mode)."""
    if out is None:
        out = sys.stdout
    kind = bots_kind(bots, lang)
    rng = random.Random(seed)
    game, rate = laws_game(game, laws, irregularities)
    law_rng = random.Random((seed or 0) * 31 + 7)
    rulers = {s: game.bot("rule", s) for s in range(game.players)}
    if game.rules.laws:
        print(tr("laws.on", lang), file=out)
    state = game.new_initial_state()
    agents: dict[int, Any] = {s: make_bot(game, kind, (seed or 0) * 10 + s, samples)
                              for s in range(game.players)}
    if not auto:
        human = TerminalPreferansPlayer(lang, ask, out)
        human.hint_samples = samples
        human.hint_seed = seed
        agents[0] = human
    done = 0
    try:
        while not state.is_over:
            if state.to_act == CHANCE:
                state.apply(state.sample_chance(rng))
                continue
            seat = state.to_act
            assert seat is not None
            deal = state.deal
            if rate and deal.laws is not None and deal.laws.pending is None and law_rng.random() < rate:
                irregular = random_irregular(deal, law_rng)
                if irregular is not None and (auto or irregular.seat != 0):
                    try:
                        state.apply(irregular)
                    except IllegalAction:
                        pass
                    else:
                        _announce(state, irregular, irregular.seat, lang, out)
                        if save:
                            save_record(state, save)
                    continue
            view = deal.view(seat)
            agent = agents[seat]
            if isinstance(agent, TerminalPreferansPlayer):
                print(render(view, lang, len(state.results) + 1), file=out)
            elif view.laws and view.ruling is not None:
                print_ruling(view, lang, out)
                agent = rulers[seat]  # every kind of computer player chooses rulings as PreferansBot does
            action = agent.choose(view)
            try:
                state.apply(action)
            except IllegalAction as e:
                if not isinstance(agent, TerminalPreferansPlayer) or not isinstance(action, PrefIrregular):
                    raise
                print(tr("laws.refused", lang, why=e), file=out)
                continue
            if isinstance(action, (PrefIrregular, RulingChoice)):
                _announce(state, action, seat, lang, out)
            if save:
                save_record(state, save)
            if len(state.results) != done:
                done = len(state.results)
                r = state.results[-1]
                desc = r.kind if r.contract is None else f"{r.kind} {PrefCall(r.contract)} by {r.declarer}"
                print(tr("result", lang, n=done, r=f"{desc}; tricks {list(r.tricks)}"), file=out)
                t = game.variant.time_limit_rounds
                if t is not None and done == t * game.players:
                    print(tr("last_round", lang), file=out)  # Ural §7.7: the time is out
    except Quit:
        state.abandon()
    print(tr("sheet", lang) + ":", file=out)
    print(state.sheet.render(lang), file=out)
    print(tr("over", lang) if state.sheet.is_over else tr("unfinished", lang), file=out)
    settlement = state.sheet.settle()
    print(tr("settlement", lang) + ": " + ", ".join(f"{s}: {float(b):+g}" for s, b in enumerate(settlement.balance)),
          file=out)
    if save:
        save_record(state, save)
    return state
