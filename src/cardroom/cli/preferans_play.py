"""Terminal play of a preferans pulka: the user in seat 0 against computer players."""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from typing import Any, TextIO

from cardroom.bots.preferans import PreferansBot
from cardroom.cli.bridge_play import Quit, save_record
from cardroom.cli.i18n import t
from cardroom.core.cards import Card, CardSet
from cardroom.core.errors import ParseError
from cardroom.core.game import CHANCE
from cardroom.games.preferans.calls import CLOSED, OPEN, PASS, WHIST, PrefCall, hand_of
from cardroom.games.preferans.game import Preferans, PulkaState
from cardroom.games.preferans.rules import PrefView


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
    lines.append(f"{tr('hand', lang, s=view.seat)}: {CardSet(view.hand).by_suit_text()}")
    return "\n".join(lines)


class TerminalPreferansPlayer:
    def __init__(self, lang: str, ask: Callable[[str], str], out: TextIO) -> None:
        self.lang, self.ask, self.out = lang, ask, out

    def choose(self, view: PrefView) -> Any:
        lang = self.lang
        what = {"auction": tr("what_bid", lang), "discard": tr("what_discard", lang),
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


def play_pulka(game: Preferans, seed: int | None, auto: bool, save: str | None, lang: str,
               ask: Callable[[str], str] = input, out: TextIO | None = None) -> PulkaState:
    if out is None:
        out = sys.stdout
    rng = random.Random(seed)
    state = game.new_initial_state()
    agents: dict[int, Any] = {s: PreferansBot(seed=(seed or 0) * 10 + s) for s in range(game.players)}
    if not auto:
        agents[0] = TerminalPreferansPlayer(lang, ask, out)
    done = 0
    try:
        while not state.is_over:
            if state.to_act == CHANCE:
                state.apply(state.sample_chance(rng))
                continue
            seat = state.to_act
            assert seat is not None
            view = state.deal.view(seat)
            agent = agents[seat]
            if isinstance(agent, TerminalPreferansPlayer):
                print(render(view, lang, len(state.results) + 1), file=out)
            action = agent.choose(view)
            state.apply(action)
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
