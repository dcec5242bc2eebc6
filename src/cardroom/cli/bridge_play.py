"""Terminal play of a contract-bridge rubber: the user at South against three computer players."""

from __future__ import annotations

import os
import random
import sys
import tempfile
from collections.abc import Callable
from typing import Any, Protocol, TextIO

from cardroom.bots.base import Bot
from cardroom.core.cards import Card, CardSet
from cardroom.core.deal import Draw
from cardroom.core.errors import CardroomError, IllegalAction, ParseError
from cardroom.core.game import CHANCE, Game
from cardroom.core.laws import Irregular, RulingChoice
from cardroom.core.match import Match
from cardroom.core.table import Seat, Side
from cardroom.games.bridge.calls import Call
from cardroom.games.bridge.game import ContractBridge
from cardroom.games.bridge.rubber import RubberState
from cardroom.games.bridge.rules import BridgeView
from cardroom.i18n import SEAT_NAMES, t


class Quit(Exception):
    """The user ended the rubber."""


HINT_WORDS = ("hint", "подсказка")
"""Typed at a terminal prompt: the strongest bot's choice, with its average tricks per candidate."""

BOT_KINDS = ("rule", "search")


def bots_kind(bots: str | None, lang: str = "en") -> str:
    """The kind of computer players: ``bots`` if given, else the environment's ``CARDROOM_BOTS``,
    else "rule" (the rule-based bots); "search" for the search bots. Unknown -> CardroomError."""
    kind = (bots if bots is not None else os.environ.get("CARDROOM_BOTS", "rule")).strip().lower()
    if kind not in BOT_KINDS:
        raise CardroomError(t("bad_bots", lang, x=kind))
    return kind


def make_bot(game: Game, kind: str, seed: int, samples: int = 20, time_per_decision: float | None = 5.0) -> Bot:
    """A computer player of ``kind`` ("rule" or "search") for ``game``, by :meth:`Game.bot`; the
    search bot with ``samples`` per decision and ``time_per_decision``."""
    opts: dict[str, Any] = {"samples": samples, "time_per_decision": time_per_decision} if kind == "search" else {}
    return game.bot(kind, seed, **opts)


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
    if view.laws:
        face = " ".join(f"{Seat(i).letter} {render_hand(m)}" for i, m in enumerate(view.face_up) if m)
        if face:
            lines.append(t("laws.face_up", lang, cards=face))
        if view.restrictions:
            lines.append(t("laws.in_force", lang, r="; ".join(view.restrictions)))
    return "\n".join(lines)


def save_record(state: Match[Any, Any, Any, Any], path: str) -> None:
    """Write the record atomically: a process killed mid-write leaves the previous file intact."""
    if path.lower().endswith(".pbn"):
        from cardroom.records.replay import rubber_to_pbn

        assert isinstance(state, RubberState), "PBN records are for bridge"
        text = rubber_to_pbn(state)
    else:
        from cardroom.records.registry import write_record

        text = write_record(state)
    write_atomically(text, path)


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


QUIT_WORDS = ("quit", "exit", "q", "выход")


def ask_line(ask: Callable[[str], str], prompt: str) -> str:
    """One line of the user's input, stripped; :class:`Quit` at the end of input or on a quit word."""
    try:
        text = ask(prompt).strip()
    except EOFError:
        raise Quit from None
    if text.lower() in QUIT_WORDS:
        raise Quit
    return text


class DrawnSheet(Protocol):
    """A rubber's score sheet as the terminal shows it."""

    winner: Side | None

    def render(self, we: Side = Side.NS, lang: str = "en") -> str: ...

    def total(self, side: Side) -> int: ...


def print_final_sheet(sheet: DrawnSheet, lang: str, out: TextIO) -> None:
    """The sheet at the end of the rubber, its totals and who won (or that it is unfinished)."""
    print(t("sheet", lang) + ":", file=out)
    print(sheet.render(Side.NS, lang), file=out)
    ns, ew = sheet.total(Side.NS), sheet.total(Side.EW)
    if sheet.winner is not None:
        print(t("rubber_over", lang, w=sheet.winner.name, ns=ns, ew=ew), file=out)
    else:
        print(t("rubber_unfinished", lang, ns=ns, ew=ew), file=out)


class TerminalPlayer:
    """The human at the keyboard."""

    def __init__(self, lang: str, ask: Callable[[str], str], out: TextIO) -> None:
        self.lang = lang
        self.ask = ask
        self.out = out
        self.state: RubberState | None = None
        self.hint_samples = 20
        self.hint_seed: int | None = None

    def choose(self, view: BridgeView) -> Any:
        lang = self.lang
        if view.laws and view.legal and isinstance(view.legal[0], RulingChoice):
            return self.choose_ruling(view)
        while True:
            if view.phase == "auction":
                prompt = t("your_call", lang)
            else:
                hand = view.hand_to_play.letter if view.hand_to_play is not None else "?"
                prompt = t("your_card", lang, hand=hand)
            text = ask_line(self.ask, prompt)
            if not text:
                continue
            low = text.lower()
            if low in ("?", "help", "помощь"):
                print(t("help", lang), file=self.out)
                print(t("hint_help", lang), file=self.out)
                print(t("legal_now", lang, legal=" ".join(_pretty(a) for a in view.legal)), file=self.out)
                continue
            if low in HINT_WORDS:
                print_hint("bridge", view, lang, self.out, _pretty, samples=self.hint_samples, seed=self.hint_seed)
                continue
            if low in ("sheet", "запись") and self.state is not None:
                print(self.state.sheet.render(Side.NS, lang), file=self.out)
                continue
            if view.laws:
                try:
                    law_action = laws_input(text, view)
                except ParseError as e:
                    print(t("unreadable", lang, what=text, why=e), file=self.out)
                    continue
                if law_action is not None:
                    return law_action
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


    def choose_ruling(self, view: BridgeView) -> RulingChoice:
        """Laws mode: the user chooses for his side among the ruling's options."""
        lang = self.lang
        print(render(view, lang, 0 if self.state is None else len(self.state.results) + 1), file=self.out)
        show_ruling(view, lang, self.out)
        choices = [a for a in view.legal if isinstance(a, RulingChoice)]
        while True:
            text = ask_line(self.ask, t("laws.choose", lang))
            for i, c in enumerate(choices, 1):
                if text == str(i) or text.lower() == c.option.lower():
                    return c
            print(t("laws.bad_choice", lang), file=self.out)


# ------------------------------------------------------------------------------------ laws mode (document 002)
def laws_input(text: str, view: BridgeView) -> Any:
    """The user's irregular action or claim, or None for ordinary input. ``!CALL``/``!CARD`` acts
    irregularly from the hand to act (``!N 5D``: from dummy's or the named hand); ``!expose KH``,
    ``!remark S`` and the other events of ``games/bridge/laws.py``; ``claim N``/``concede N`` (also
    «претензия N», «уступка N»)."""
    from cardroom.games.bridge.laws import Claim

    t0 = text.strip()
    low = t0.lower()
    words = low.split()
    if words and words[0] in ("claim", "concede", "претензия", "уступка") and len(words) == 2:
        try:
            n = int(words[1])
        except ValueError:
            raise ParseError(f"{words[1]!r} is not a number of tricks") from None
        return Claim(view.seat, n, words[0] in ("concede", "уступка"))
    if not t0.startswith("!"):
        return None
    body = t0[1:].strip()
    head, _, rest = body.partition(" ")
    if len(head) == 1 and head.upper() in "NESW" and rest:
        seat = Seat.parse(head)
        if seat != view.seat and not (seat == view.dummy and view.contract is not None
                                      and view.contract.declarer == view.seat):
            raise ParseError(f"you may act only for {view.seat.letter} (and dummy when you are declarer)")
        return Irregular(int(seat), rest.strip())
    hand = view.hand_to_play if view.phase == "play" and view.hand_to_play is not None else view.seat
    return Irregular(int(hand), body)


def option_text(name: str, lang: str) -> str:
    """A ruling option in the user's language."""
    suit_names = {"en": dict(zip("CDHS", ("club", "diamond", "heart", "spade"), strict=True)),
                  "ru": dict(zip("CDHS", ("трефы", "бубны", "червы", "пики"), strict=True))}
    suits = suit_names.get(lang, suit_names["en"])
    if name.startswith("require-"):
        return t("laws.opt.require", lang, suit=suits[name[-1]])
    if name.startswith("forbid-"):
        return t("laws.opt.forbid-suit", lang, suit=suits[name[-1]])
    if name.startswith("suit-"):
        return t("laws.opt.suit", lang, suit=suits[name[-1]])
    if name.startswith("play-"):
        return t("laws.opt.play", lang, card=Card.parse(name[5:]).pretty)
    key = f"laws.opt.{name}"
    from cardroom.i18n import STRINGS

    return t(key, lang) if key in STRINGS else name


def show_ruling(view: BridgeView, lang: str, out: TextIO) -> None:
    from cardroom.i18n import STRINGS

    r = view.ruling or {}
    irr = r.get("irregularity") or {}
    who = _seat(irr.get("offender", 0), lang)
    kind = str(irr.get("kind", ""))
    name = t(f"laws.kind.{kind}", lang) if f"laws.kind.{kind}" in STRINGS else kind
    print(t("laws.irregularity", lang, who=who, what=f"{name} {irr.get('detail', '')}".strip()), file=out)
    print(t("laws.ruling", lang, law=r.get("law", ""), title=r.get("title", ""),
            seat=_seat(r.get("chooser", 0), lang)), file=out)
    for i, o in enumerate(r.get("options", []), 1):
        print(t("laws.option", lang, i=i, name=o["name"], effect=option_text(o["name"], lang)), file=out)


def laws_note(action: Any, seat: Seat, lang: str) -> str:
    """How the terminal announces an action of laws mode."""
    if isinstance(action, RulingChoice):
        return t("laws.chosen", lang, seat=_seat(seat, lang), option=option_text(action.option, lang), law=action.law)
    if isinstance(action, Irregular):
        return t("laws.irregularity", lang, who=_seat(action.seat, lang), what=action.text)
    return t("laws.claimed", lang, seat=_seat(seat, lang), claim=action.to_text())


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


def laws_setup(game: ContractBridge, laws: bool | None, irregularities: float | None) -> tuple[ContractBridge, float]:
    """Laws mode for the terminal rubber: ``laws`` (default: the game's option, or the environment's
    ``CARDROOM_LAWS=1``) and the probability that a computer player acts irregularly before an action
    (``irregularities``, default ``CARDROOM_IRREGULARITIES`` or 0; it implies laws mode)."""
    if irregularities is None:
        irregularities = float(os.environ.get("CARDROOM_IRREGULARITIES", "0") or 0)
    if not 0 <= irregularities <= 1:
        raise CardroomError(f"--irregularities is a probability from 0 to 1, not {irregularities}")
    if laws is None:
        laws = game.rules.laws or os.environ.get("CARDROOM_LAWS", "") in ("1", "yes", "true") or irregularities > 0
    if laws and not game.rules.laws:
        options = dict(game.options())
        options["laws"] = True
        game = ContractBridge(**options)
    return game, irregularities if laws else 0.0


def bot_irregularity(state: RubberState, agents: dict[Seat, Any], human: Any, rng: random.Random, lang: str,
                     out: TextIO, auto: bool) -> bool:
    """A computer player (a random one: perhaps out of turn) tries a random irregularity; True if the
    laws accepted it (announced and recorded)."""
    from cardroom.games.bridge.laws import random_irregular

    deal = state.deal
    if deal is None or deal.phase not in (1, 2) or (deal.laws is not None and deal.laws.pending is not None):
        return False
    seats = [s for s in Seat if agents[s] is not human and s != deal.dummy]
    if not seats:
        return False
    seat = rng.choice(seats)
    action = random_irregular(deal, rng, seat)
    try:
        state.apply(action)
    except IllegalAction:
        return False
    if not auto:
        print(laws_note(action, seat, lang), file=out)
    return True


def play_rubber(seed: int | None, auto: bool, save: str | None, lang: str, game: ContractBridge,
                ask: Callable[[str], str] = input, out: TextIO | None = None, bots: str | None = None,
                samples: int = 20, laws: bool | None = None, irregularities: float | None = None) -> RubberState:
    """Play a rubber in the terminal. ``bots``: "rule" (default) or "search" computer players (default
    from ``CARDROOM_BOTS``); ``samples``: the search bots' (and the hint's) samples per decision."""
    if out is None:
        out = sys.stdout
    game, irregular_p = laws_setup(game, laws, irregularities)
    if game.rules.laws:
        print(t("laws.on", lang), file=out)
    kind = bots_kind(bots, lang)
    rng = random.Random(seed)
    state = game.new_initial_state()
    human = TerminalPlayer(lang, ask, out)
    human.state = state
    human.hint_samples = samples
    human.hint_seed = seed
    players = {s: make_bot(game, kind, (seed or 0) * 10 + int(s), samples) for s in Seat}
    agents: dict[Seat, Any] = dict(players)
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
            if irregular_p and state.deal is not None and rng.random() < irregular_p and \
                    bot_irregularity(state, agents, human, rng, lang, out, auto):
                continue
            if agent is human and not (view.laws and view.ruling):
                print(render(view, lang, len(state.results) + 1), file=out)
            action = agent.choose(view)
            if not isinstance(action, Card | Call):
                deal_before = state.deal
                tricks_before = len(deal_before.tricks) if deal_before is not None else 0
                try:
                    state.apply(action)
                except IllegalAction as e:
                    print(t("laws.refused", lang, why=e), file=out)
                    continue
                if not auto:
                    print(laws_note(action, seat, lang), file=out)
                    if deal_before is not None and len(deal_before.tricks) > tricks_before:
                        print(t("trick_won", lang, n=len(deal_before.tricks),
                                seat=_seat(deal_before.tricks[-1].winner, lang)), file=out)
                if save:
                    save_record(state, save)
                if len(state.results) != last_deal_count:
                    last_deal_count = len(state.results)
                    r = state.results[-1]
                    print(t("deal", lang, n=last_deal_count) + ": " +
                          (t("passed_out", lang) if r.passed_out else t("result", lang, r=r.result_text)), file=out)
                continue
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
    print_final_sheet(state.sheet, lang, out)
    print(t("back_score", lang, b=" ".join(f"{k} {v:+d}" for k, v in state.sheet.back_score().items())), file=out)
    if save:
        save_record(state, save)
        print(t("saved", lang, path=save), file=out)
    return state
