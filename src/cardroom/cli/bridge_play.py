"""Terminal play of a contract-bridge rubber: the user at South against three computer players."""

from __future__ import annotations

import os
import random
import sys
import tempfile
from collections.abc import Callable
from typing import Any, TextIO

from cardroom.bots.bridge import BridgeBot
from cardroom.cli.i18n import SEAT_NAMES, t
from cardroom.core.cards import Card, CardSet
from cardroom.core.deal import Draw
from cardroom.core.errors import ParseError
from cardroom.core.game import CHANCE, State
from cardroom.core.table import Seat, Side
from cardroom.games.bridge.calls import Call
from cardroom.games.bridge.game import ContractBridge
from cardroom.games.bridge.rubber import RubberState
from cardroom.games.bridge.rules import BridgeView


class Quit(Exception):
    """The user ended the rubber."""


def _seat(s: Seat | int, lang: str) -> str:
    return SEAT_NAMES[lang][Seat(s).letter]


def render_hand(mask: int) -> str:
    return CardSet(mask).by_suit_text()


def render_auction(view: BridgeView) -> str:
    cols = [s for s in (Seat.WEST, Seat.NORTH, Seat.EAST, Seat.SOUTH)]
    head = "  ".join(f"{s.letter:<5}" for s in cols)
    cells: list[str] = [""] * cols.index(view.dealer)
    cells += [c.pretty for c in view.calls]
    if view.phase == "auction" and view.to_act is not None and view.to_act >= 0:
        cells.append("?")
    rows = [head]
    for i in range(0, len(cells), 4):
        rows.append("  ".join(f"{c:<5}" for c in cells[i:i + 4]))
    return "\n".join(rows)


def render(view: BridgeView, lang: str, deal_no: int) -> str:
    vul = view.vulnerable
    v = t("both", lang) if all(vul) else "NS" if vul[0] else "EW" if vul[1] else t("none", lang)
    lines = [
        "=" * 60,
        f"{t('deal', lang, n=deal_no)}, {t('dealer', lang, seat=_seat(view.dealer, lang))}, {t('vul', lang, v=v)}",
        "",
        t("auction", lang) + ":",
        render_auction(view),
    ]
    if view.contract is not None:
        lines.append(t("contract", lang, c=str(view.contract)))
    if view.dummy_hand is not None and view.dummy is not None:
        lines.append(f"{t('dummy', lang, seat=_seat(view.dummy, lang))}: {render_hand(view.dummy_hand)}")
    if view.phase == "play":
        if view.trick:
            played = ", ".join(f"{view.trick_leader.next(i).letter} {c.pretty}" for i, c in enumerate(view.trick))
        else:
            played = "-"
        lines.append(f"{t('trick', lang, n=len(view.tricks) + 1)}: {played}")
        lines.append(t("tricks_won", lang, ns=view.won[0], ew=view.won[1]))
    lines.append(f"{t('your_hand', lang, seat=_seat(view.seat, lang))}: {render_hand(view.hand)}")
    return "\n".join(lines)


def save_record(state: State, path: str) -> None:
    """Write the record atomically: a process killed mid-write leaves the previous file intact."""
    if path.lower().endswith(".pbn"):
        from cardroom.records.replay import rubber_to_pbn

        assert isinstance(state, RubberState), "PBN records are for bridge"
        text = rubber_to_pbn(state)
    else:
        from cardroom.records.registry import write_record

        text = write_record(state)
    d = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(dir=d, prefix=".cardroom-", suffix=".tmp")
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write(text)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


class TerminalPlayer:
    """The human at the keyboard."""

    def __init__(self, lang: str, ask: Callable[[str], str], out: TextIO) -> None:
        self.lang = lang
        self.ask = ask
        self.out = out
        self.state: RubberState | None = None

    def choose(self, view: BridgeView) -> Any:
        lang = self.lang
        while True:
            if view.phase == "auction":
                prompt = t("your_call", lang)
            else:
                hand = view.hand_to_play.letter if view.hand_to_play is not None else "?"
                prompt = t("your_card", lang, hand=hand)
            try:
                text = self.ask(prompt).strip()
            except EOFError:
                raise Quit from None
            if not text:
                continue
            low = text.lower()
            if low in ("quit", "exit", "q", "выход"):
                raise Quit
            if low in ("?", "help", "помощь"):
                print(t("help", lang), file=self.out)
                print(t("legal_now", lang, legal=" ".join(_pretty(a) for a in view.legal)), file=self.out)
                continue
            if low in ("sheet", "запись") and self.state is not None:
                print(self.state.sheet.render(Side.NS, lang), file=self.out)
                continue
            try:
                action: Any = Call.parse(text) if view.phase == "auction" else Card.parse(text)
            except ParseError as e:
                print(t("unreadable", lang, what=text, why=e), file=self.out)
                continue
            if action not in view.legal:
                why = _why_illegal(view, action)
                print(t("not_legal", lang, what=_pretty(action), why=why), file=self.out)
                continue
            return action


def _pretty(a: Any) -> str:
    return str(a.pretty) if isinstance(a, Card | Call) else str(a)


def _why_illegal(view: BridgeView, action: Any) -> str:
    if isinstance(action, Card):
        hand = view.dummy_hand if view.hand_to_play == view.dummy and view.dummy_hand is not None else view.hand
        if not hand >> action & 1:
            return f"{action.pretty} is not in that hand"
        if view.trick:
            return f"you must follow suit ({view.trick[0].suit.symbol})"
    if isinstance(action, Call):
        return "it must be higher than the last bid, and X/XX only when the rules allow"
    return "not allowed by the rules"


def play_rubber(seed: int | None, auto: bool, save: str | None, lang: str, game: ContractBridge,
                ask: Callable[[str], str] = input, out: TextIO | None = None) -> RubberState:
    if out is None:
        out = sys.stdout
    rng = random.Random(seed)
    state = game.new_initial_state()
    human = TerminalPlayer(lang, ask, out)
    human.state = state
    bots = {s: BridgeBot(seed=(seed or 0) * 10 + int(s)) for s in Seat}
    agents: dict[Seat, Any] = dict(bots)
    if not auto:
        agents[Seat.SOUTH] = human
    last_deal_count = 0
    try:
        while not state.is_over:
            if state.to_act == CHANCE:
                action = state.sample_chance(rng)
                state.apply(action)
                if isinstance(action, Draw):
                    cards = ", ".join(f"{Seat(i).letter} {c.pretty}" for i, c in enumerate(action.cards))
                    print(t("draw", lang, cards=cards, seat=_seat(action.winner(), lang)), file=out)
                continue
            seat = Seat(state.to_act if state.to_act is not None else 0)
            view = state.deal.view(seat) if state.deal is not None else None
            assert view is not None
            agent = agents[seat]
            if agent is human:
                print(render(view, lang, len(state.results) + 1), file=out)
            action = agent.choose(view)
            hand = view.hand_to_play
            deal = state.deal
            tricks_before = len(deal.tricks) if deal is not None else 0
            state.apply(action)
            if not auto:
                who = _seat(hand if hand is not None else seat, lang)
                if isinstance(action, Card):
                    print(t("played", lang, seat=who, card=action.pretty), file=out)
                    if deal is not None and len(deal.tricks) > tricks_before:
                        print(t("trick_won", lang, n=len(deal.tricks), seat=_seat(deal.tricks[-1].winner, lang)),
                              file=out)
                else:
                    print(t("called", lang, seat=who, call=action.pretty), file=out)
            if save:
                save_record(state, save)  # after every action: a killed process loses nothing
            if len(state.results) != last_deal_count:
                last_deal_count = len(state.results)
                r = state.results[-1]
                print(t("deal", lang, n=last_deal_count) + ": " +
                      (t("passed_out", lang) if r.passed_out else t("result", lang, r=r.result_text)), file=out)
                if not auto:
                    print(state.sheet.render(Side.NS, lang), file=out)
    except Quit:
        state.abandon()
    print(t("sheet", lang) + ":", file=out)
    print(state.sheet.render(Side.NS, lang), file=out)
    ns, ew = state.sheet.total(Side.NS), state.sheet.total(Side.EW)
    if state.sheet.winner is not None:
        print(t("rubber_over", lang, w=state.sheet.winner.name, ns=ns, ew=ew), file=out)
    else:
        print(t("rubber_unfinished", lang, ns=ns, ew=ew), file=out)
    print(t("back_score", lang, b=" ".join(f"{k} {v:+d}" for k, v in state.sheet.back_score().items())), file=out)
    if save:
        save_record(state, save)
        print(t("saved", lang, path=save), file=out)
    return state
