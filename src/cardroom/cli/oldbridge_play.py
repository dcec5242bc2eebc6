"""Terminal play of an auction-bridge (1913) or straight-bridge rubber: the user at South against
three computer players, or ``--auto``. The record is saved (JSON) after every action."""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from typing import Any, TextIO

from cardroom.cli.bridge_play import Quit, ask_line, bots_kind, make_bot, print_final_sheet, write_atomically
from cardroom.core.cards import Card, CardSet, cards_of_mask
from cardroom.core.deal import Draw
from cardroom.core.errors import CardroomError, ParseError
from cardroom.core.game import CHANCE, Game
from cardroom.core.laws import Irregular, RulingChoice
from cardroom.core.table import Seat, Side
from cardroom.games.oldbridge.calls import OldCall
from cardroom.games.oldbridge.rubber import OldRubberState, OldRubberView, cut_order
from cardroom.games.oldbridge.rules import OldBridgeView, document_letter
from cardroom.i18n import SEAT_NAMES, t


def _seat(s: Seat | int, lang: str) -> str:
    return SEAT_NAMES[lang][Seat(s).letter]


def _call_text(call: OldCall, lang: str) -> str:
    key = f"ob.call.{call}"
    from cardroom.i18n import STRINGS

    return t(key, lang) if key in STRINGS else str(call)


def render(view: OldBridgeView, lang: str, deal_no: int, sheet_below: tuple[int, int]) -> str:
    dealer = view.dealer
    letters = ", ".join(f"{s.letter}={document_letter(s, dealer)}" for s in Seat)
    lines = [
        "=" * 60,
        f"{t('deal', lang, n=deal_no)}, {t('dealer', lang, seat=_seat(dealer, lang))} ({letters})",
        t("ob.below", lang, ns=sheet_below[0], ew=sheet_below[1]),
    ]
    if view.calls:
        calls = "; ".join(f"{s.letter} {_call_text(c, lang)}" for s, c in view.calls)
        lines.append(t("auction" if view.kind == "auction" else "ob.make_talk", lang) + ": " + calls)
    if view.contract is not None:
        value = view.to_dict()["trick_value"]
        lines.append(t("ob.contract", lang, c=str(view.contract), v=value))
    if view.dummy_hand is not None and view.dummy is not None:
        lines.append(f"{t('dummy', lang, seat=_seat(view.dummy, lang))}: {CardSet(view.dummy_hand).by_suit_text()}")
    if view.phase == "play":
        played = ", ".join(f"{view.trick_leader.next(i).letter} {c.pretty}" for i, c in enumerate(view.trick)) or "-"
        lines.append(f"{t('trick', lang, n=len(view.tricks) + 1)}: {played}")
        lines.append(t("tricks_won", lang, ns=view.won[0], ew=view.won[1]))
    lines.append(f"{t('your_hand', lang, seat=_seat(view.seat, lang))}: {CardSet(view.hand).by_suit_text()}")
    return "\n".join(lines)


def save_record(state: OldRubberState, path: str) -> None:
    """Write the JSON record atomically."""
    from cardroom.records.registry import write_record

    write_atomically(write_record(state), path)


class TerminalOldBridgePlayer:
    """The human at the keyboard."""

    def __init__(self, lang: str, ask: Callable[[str], str], out: TextIO, state: OldRubberState) -> None:
        self.lang = lang
        self.ask = ask
        self.out = out
        self.state = state

    def choose(self, view: OldBridgeView) -> Any:
        lang = self.lang
        if view.laws is not None and view.laws.get("ruling") is not None:
            return self.choose_ruling(view)
        while True:
            if view.phase == "play":
                hand = view.hand_to_play.letter if view.hand_to_play is not None else "?"
                prompt = t("your_card", lang, hand=hand)
            elif view.kind == "auction":
                prompt = t("ob.your_bid", lang)
            elif view.phase == "auction":
                prompt = t("ob.your_make", lang)
            else:
                prompt = t("ob.your_double", lang)
            text = ask_line(self.ask, prompt)
            if not text:
                continue
            low = text.lower()
            if low in ("?", "help", "помощь"):
                print(t("help", lang), file=self.out)
                print(t("legal_now", lang, legal=" ".join(str(a) for a in view.legal)), file=self.out)
                continue
            if low in ("sheet", "запись"):
                print(self.state.sheet.render(Side.NS, lang), file=self.out)
                continue
            if text.startswith("!") and view.laws is not None:
                # laws mode: an irregular action of the user's seat, ruled on by the laws B-1..B-16
                try:
                    irregular = Irregular.from_text(text)
                    if irregular.seat != int(view.seat):
                        raise ParseError(f"you sit {view.seat.letter}: write '!{view.seat.letter} …'")
                    self.state.clone().apply(irregular)
                except CardroomError as e:
                    print(t("laws.refused", lang, why=e), file=self.out)
                    continue
                return irregular
            try:
                action: Any = Card.parse(text) if view.phase == "play" else OldCall.parse(text)
            except ParseError as e:
                print(t("unreadable", lang, what=text, why=e), file=self.out)
                continue
            if action not in view.legal:
                # the engine names the reason (a copy: the state stays unchanged)
                why = "not allowed by the rules"
                try:
                    self.state.clone().apply(action)
                except Exception as e:
                    why = str(e)
                print(t("not_legal", lang, what=str(action), why=why), file=self.out)
                continue
            return action


    def choose_ruling(self, view: OldBridgeView) -> RulingChoice:
        """The user chooses the option of a pending ruling (by number or name)."""
        assert view.laws is not None
        ruling = view.laws["ruling"]
        options = [a for a in view.legal if isinstance(a, RulingChoice)]
        print(t("laws.irregularity", self.lang, who=Seat(ruling["irregularity"]["offender"]).letter,
                what=ruling["irregularity"]["detail"]), file=self.out)
        print(f"{ruling['law']} «{ruling['title']}»", file=self.out)
        for i, o in enumerate(ruling["options"], 1):
            print(t("laws.option", self.lang, i=i, name=o["name"], effect=o["effect"]), file=self.out)
        while True:
            text = ask_line(self.ask, t("laws.choose", self.lang))
            name = text.split()[-1] if text else ""
            if name.isdigit() and 1 <= int(name) <= len(options):
                return options[int(name) - 1]
            for a in options:
                if a.option == name:
                    return a
            print(t("laws.bad_choice", self.lang), file=self.out)


def _bot_irregular(state: OldRubberState, seat: Seat, rng: random.Random) -> Any | None:
    """A computer player acting irregularly (``--irregularities``): the first accepted of a few tries."""
    deal = state.deal
    if deal is None:
        return None
    hand = cards_of_mask(deal.hands[seat])
    tries = [f"!{seat.letter} make {rng.choice('CDHS')}", f"!{seat.letter} X", f"!{seat.letter} XX",
             f"!{seat.letter} ask"]
    if hand:
        tries += [f"!{seat.letter} {rng.choice(hand)}", f"!{seat.letter} expose {rng.choice(hand)}"]
    rng.shuffle(tries)
    for text in tries:
        try:
            action = state.parse_action(text)
            state.clone().apply(action)
        except CardroomError:
            continue
        return action
    return None


def play_old_rubber(game: Game, seed: int | None, auto: bool, save: str | None, lang: str,
                    ask: Callable[[str], str] = input, out: TextIO | None = None,
                    irregularities: float = 0.0, bots: str | None = None, samples: int = 20) -> OldRubberState:
    """Play a rubber of auction or straight bridge in the terminal. In laws mode (straight bridge,
    ``laws=True``) the user may act irregularly (``!S …``) and chooses when a ruling is his; with
    ``irregularities`` > 0 the computer players sometimes act irregularly. ``bots``: the kind of computer
    players (:func:`bots_kind`: rule-based or search); ``samples``: the search bots' samples per decision."""
    if out is None:
        out = sys.stdout
    kind = bots_kind(bots, lang)
    rng = random.Random(seed)
    state = game.new_initial_state()
    assert isinstance(state, OldRubberState)
    human = TerminalOldBridgePlayer(lang, ask, out, state)
    agents: dict[Seat, Any] = {s: make_bot(game, kind, (seed or 0) * 10 + int(s), samples) for s in Seat}
    if not auto:
        agents[Seat.SOUTH] = human
    print(t("ob.title." + game.name, lang), file=out)
    laws_on = bool(game.options().get("laws"))
    if laws_on:
        print(t("ob.laws_on" if game.name == "straight-bridge" else "ob.laws_on_auction", lang), file=out)
    irr_rng = random.Random(f"{seed}/irregular")
    last = 0
    try:
        while not state.is_over:
            if state.to_act == CHANCE:
                action = state.sample_chance(rng)
                state.apply(action)
                if isinstance(action, Draw):
                    cards = ", ".join(f"{Seat(i).letter} {c.pretty}" for i, c in enumerate(action.cards))
                    low = Seat(cut_order(action.cards)[0])
                    print(t("ob.cut", lang, cards=cards, seat=_seat(low, lang)), file=out)
                continue
            seat = Seat(state.to_act if state.to_act is not None else 0)
            rview = state.view(seat)
            assert isinstance(rview, OldRubberView) and rview.deal is not None
            view = rview.deal
            agent = agents[seat]
            if agent is human:
                print(render(view, lang, len(state.results) + 1, (state.sheet.below[0], state.sheet.below[1])),
                      file=out)
                action = human.choose(view)
            else:
                action = None
                if laws_on and irregularities > 0 and irr_rng.random() < irregularities:
                    action = _bot_irregular(state, seat, irr_rng)
                if action is None:
                    action = agent.choose(rview)
            if isinstance(action, Irregular | RulingChoice) and not auto:
                print(t("called", lang, seat=_seat(seat, lang), call=action.to_text()), file=out)
            hand = view.hand_to_play
            state.apply(action)
            if not auto:
                who = _seat(hand if hand is not None else seat, lang)
                if isinstance(action, Card):
                    print(t("played", lang, seat=who, card=action.pretty), file=out)
                elif isinstance(action, Irregular | RulingChoice):
                    pass
                else:
                    print(t("called", lang, seat=who, call=_call_text(action, lang)), file=out)
            if save:
                save_record(state, save)
            if len(state.results) != last:
                last = len(state.results)
                r = state.results[-1]
                pts = ", ".join(f"{e.side.name} {e.points} {e.kind}" for e in r.entries) or "-"
                text = t("passed_out", lang) if r.passed_out else t("result", lang, r=f"{r.result_text}; {pts}")
                print(t("deal", lang, n=last) + ": " + text, file=out)
    except Quit:
        state.abandon()
    print_final_sheet(state.sheet, lang, out)
    print(t("ob.size", lang, n=abs(state.sheet.margin()), side="NS" if state.sheet.margin() >= 0 else "EW"), file=out)
    if save:
        save_record(state, save)
        print(t("saved", lang, path=save), file=out)
    return state
