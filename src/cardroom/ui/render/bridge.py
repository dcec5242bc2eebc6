"""Contract bridge at the terminal: the auction in four columns, dummy, the trick, the we/they sheet;
laws mode (document 002): ``!CALL`` / ``!CARD`` (``!N 5D`` from dummy's or a named hand), ``!expose KH``,
``!remark``, claims (``claim N`` / ``concede N``, also «претензия N», «уступка N»)."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from cardroom.core.cards import Card, CardSet
from cardroom.core.deal import Draw
from cardroom.core.errors import ParseError, Reason
from cardroom.core.laws import Irregular, RulingChoice
from cardroom.core.match import Match
from cardroom.core.table import Seat, Side
from cardroom.games.bridge.calls import Call
from cardroom.games.bridge.laws import Claim
from cardroom.games.bridge.rules import BridgeView
from cardroom.i18n import SEAT_LETTERS, STRINGS, t
from cardroom.i18n.catalogue import ENGINE_WORDS
from cardroom.ui.render.base import Renderer, applied

SUIT_NAMES = {"en": dict(zip("CDHS", ("club", "diamond", "heart", "spade"), strict=True)),
              "ru": dict(zip("CDHS", ("трефы", "бубны", "червы", "пики"), strict=True))}


def render_hand(mask: int) -> str:
    return CardSet(mask).by_suit_text()


def seat_letter(seat: int, lang: str) -> str:
    """A seat's initial in ``lang`` (``N``; ``С``)."""
    return SEAT_LETTERS[lang][Seat(seat).letter]


def render_auction(view: Any, lang: str = "en") -> str:
    """The calls in four columns, West to South, from the dealer; ``?`` where a call is due."""
    cols = [Seat.WEST, Seat.NORTH, Seat.EAST, Seat.SOUTH]
    head = "  ".join(f"{seat_letter(s, lang):<5}" for s in cols)
    cells: list[str] = [""] * cols.index(view.dealer)
    cells += [c.shown(lang) for c in view.calls]
    if view.phase == "auction" and view.to_act is not None and view.to_act >= 0:
        cells.append("?")
    rows = [head]
    for i in range(0, len(cells), 4):
        rows.append("  ".join(f"{c:<5}" for c in cells[i:i + 4]))
    return "\n".join(rows)


def play_lines(view: Any, lang: str, seat_name: Any) -> list[str]:
    """Dummy, the trick and the tricks won: what a bridge deal shows in play (contract or old bridge)."""
    lines = []
    if view.dummy_hand is not None and view.dummy is not None:
        lines.append(f"{t('dummy', lang, seat=seat_name(view.dummy, lang))}: {render_hand(view.dummy_hand)}")
    if view.phase == "play":
        played = ", ".join(f"{seat_letter(view.trick_leader.next(i), lang)} {c.pretty}"
                           for i, c in enumerate(view.trick)) or "-"
        lines.append(f"{t('trick', lang, n=len(view.tricks) + 1)}: {played}")
        lines.append(t("tricks_won", lang, ns=view.won[0], ew=view.won[1]))
    lines.append(f"{t('your_hand', lang, seat=seat_name(view.seat, lang))}: {render_hand(view.hand)}")
    return lines


_SEAT_INITIALS = {ru: en for en, ru in SEAT_LETTERS["ru"].items()}


def law_input_words(body: str) -> str:
    """An irregular action typed with Russian words (``Ю показ Кч``, ``замечание ♠``) as the laws' parsers
    read it (``S expose Кч``): the seat's initial and the catalogue's words of irregular actions
    (``laws.word.*``) in English; calls and cards as typed."""
    words = body.split()
    out = [_SEAT_INITIALS.get(w.upper(), w) if i == 0 and len(words) > 1 else w for i, w in enumerate(words)]
    return " ".join(ENGINE_WORDS.get(w.lower(), w) for w in out)


def side_name(side: Side | int, lang: str) -> str:
    return t("side_" + Side(side).name, lang)


def contract_words(level: int, symbol: str, doubling: int, declarer: str | None, lang: str) -> str:
    """A contract as a sentence says it: ``2♥ doubled by South`` (suits by symbol, seats by name;
    without ``declarer``: ``2♥ doubled``)."""
    c = f"{level}{symbol}" + ("", t("doubled", lang), t("redoubled", lang))[min(doubling, 2)]
    return c if declarer is None else t("contract_by", lang, c=c, seat=declarer)


def entries_text(entries: Any, lang: str) -> str:
    """A deal's score entries in words: ``EW 150 (undertricks), NS 30 (honours)``."""
    def kind(k: str) -> str:
        return t("entry." + k, lang) if "entry." + k in STRINGS else k

    return ", ".join(t("entry", lang, side=side_name(e.side, lang), points=e.points, kind=kind(e.kind))
                     for e in entries) or "-"


def declaring_lines(deal: Any, play_phase: int, contract: str, seat_name: Any, lang: str) -> list[str]:
    """Once the opening lead is due: who declares what, who is dummy and who leads."""
    if deal is None or deal.phase != play_phase or deal.declarer is None or deal.dummy is None \
            or deal.tricks or deal.trick:
        return []
    return [t("declares", lang, seat=seat_name(deal.declarer, lang), c=contract,
              dummy=seat_name(deal.dummy, lang), leader=seat_name(deal.leader, lang))]


def final_sheet_lines(sheet: Any, lang: str) -> list[str]:
    """A rubber's sheet at the end, its totals and who won (or that it is unfinished)."""
    lines = [t("sheet", lang) + ":", sheet.render(Side.NS, lang)]
    ns, ew = sheet.total(Side.NS), sheet.total(Side.EW)
    if sheet.winner is not None:
        lines.append(t("rubber_over", lang, w=side_name(sheet.winner, lang), ns=ns, ew=ew))
    else:
        lines.append(t("rubber_unfinished", lang, ns=ns, ew=ew))
    return lines


def laws_input(text: str, view: BridgeView) -> Any:
    """The user's irregular action or claim, or None for ordinary input. ``!CALL``/``!CARD`` acts
    irregularly from the hand to act (``!N 5D``: from dummy's or the named hand); ``!expose KH``,
    ``!remark S`` and the other events of ``games/bridge/laws.py``; ``claim N``/``concede N`` (also
    «претензия N», «уступка N»)."""
    t0 = text.strip()
    words = t0.lower().split()
    if words and words[0] in ("claim", "concede", "претензия", "уступка") and len(words) == 2:
        try:
            n = int(words[1])
        except ValueError:
            raise ParseError(Reason("ui.not_tricks", text=words[1])) from None
        return Claim(view.seat, n, words[0] in ("concede", "уступка"))
    if not t0.startswith("!"):
        return None
    body = law_input_words(t0[1:].strip())
    head, _, rest = body.partition(" ")
    if len(head) == 1 and head.upper() in "NESW" and rest:
        seat = Seat.parse(head)
        if seat != view.seat and not (seat == view.dummy and view.contract is not None
                                      and view.contract.declarer == view.seat):
            raise ParseError(Reason("ui.act_for", seat=view.seat.letter))
        return Irregular(int(seat), rest.strip())
    hand = view.hand_to_play if view.phase == "play" and view.hand_to_play is not None else view.seat
    return Irregular(int(hand), body)


class BridgeRenderer(Renderer):
    call_type: ClassVar[Any] = Call
    laws_actions = (Irregular, RulingChoice, Claim)
    sheet_after_deal = True

    def irregular_rng(self, seed: int | None, rng: random.Random) -> random.Random:
        return rng  # the deal's own random source

    def bot_irregular(self, state: Any, seat: int, rng: random.Random, rate: float, user: int | None) -> Any:
        """A computer player (a random one: perhaps out of turn) tries a random irregularity."""
        from cardroom.games.bridge.laws import random_irregular

        deal = state.deal
        if deal is None or rng.random() >= rate:
            return None
        if deal.phase not in (1, 2) or (deal.laws is not None and deal.laws.pending is not None):
            return None
        seats = [s for s in Seat if s != user and s != deal.dummy]
        if not seats:
            return None
        return applied(state, random_irregular(deal, rng, rng.choice(seats)))

    def record_text(self, state: Match[Any, Any, Any, Any], path: str) -> str:
        if path.lower().endswith(".pbn"):
            from cardroom.games.bridge.rubber import RubberState
            from cardroom.records.replay import rubber_to_pbn

            assert isinstance(state, RubberState), "PBN records are for bridge"
            return rubber_to_pbn(state)
        return super().record_text(state, path)

    def writes_pbn(self) -> bool:
        return True

    def picture(self, view: Any, state: Any, lang: str) -> list[str]:
        deal_no = 0 if state is None else len(state.results) + 1
        vul = view.vulnerable
        v = t("both", lang) if all(vul) else side_name(Side.NS, lang) if vul[0] else \
            side_name(Side.EW, lang) if vul[1] else t("none", lang)
        lines = [
            "=" * 60,
            f"{t('deal', lang, n=deal_no)}, {t('dealer', lang, seat=self.seat_name(view.dealer, lang))}, "
            f"{t('vul', lang, v=v)}",
            "",
            t("auction", lang) + ":",
            render_auction(view, lang),
        ]
        if view.contract is not None:
            lines.append(t("contract", lang, c=self.contract_text(view.contract, lang)))
        lines += play_lines(view, lang, self.seat_name)
        return lines

    def sheet_text(self, state: Any, lang: str) -> str:
        return str(state.sheet.render(Side.NS, lang))

    def pretty(self, action: Any, lang: str) -> str:
        return action.shown(lang) if isinstance(action, Call) else super().pretty(action, lang)

    def prompt(self, view: Any, lang: str) -> str:
        if view.phase == "auction":
            return t("your_call", lang)
        return t("your_card", lang, hand=self.seat_name(view.hand_to_play, lang) if view.hand_to_play is not None
                 else "?")

    def contract_text(self, contract: Any, lang: str, by: bool = True) -> str:
        return contract_words(contract.level, Call.denomination_text(contract.strain, lang), contract.doubling,
                              self.seat_name(contract.declarer, lang) if by else None, lang)

    def play_announcement(self, deal: Any, lang: str) -> list[str]:
        from cardroom.games.bridge.rules import PHASE_PLAY

        if deal is None or deal.contract is None:
            return []
        return declaring_lines(deal, PHASE_PLAY, self.contract_text(deal.contract, lang, by=False), self.seat_name,
                               lang)

    def chance_note(self, action: Any, lang: str) -> str | None:
        if not isinstance(action, Draw):
            return None
        cards = ", ".join(f"{seat_letter(i, lang)} {c.pretty}" for i, c in enumerate(action.cards))
        return t("draw", lang, cards=cards, seat=self.seat_name(action.winner(), lang))

    def parse(self, text: str, view: Any, state: Any) -> Any:
        return Call.parse(text) if view.phase == "auction" else Card.parse(text)

    def why_not(self, action: Any, view: Any, state: Any, lang: str) -> str:
        if isinstance(action, Card):
            hand = view.dummy_hand if view.hand_to_play == view.dummy and view.dummy_hand is not None else view.hand
            if not hand >> action & 1:
                return t("not_in_hand", lang, card=action.pretty)
            if view.trick:
                return t("follow_suit", lang, suit=view.trick[0].suit.symbol)
        if isinstance(action, Call):
            return t("call_too_low", lang)
        return t("not_allowed", lang)

    def laws_input(self, text: str, view: Any) -> Any:
        return laws_input(text, view)

    def concession(self, action: Any) -> bool:
        return isinstance(action, Claim) and action.concede

    def laws_note(self, state: Any, seat: int, action: Any, lang: str, deal: Any = None, since: int = 0) -> str:
        if isinstance(action, Claim):  # a claim or concession: how many tricks, by whom
            claim = t("laws.concede_tricks" if action.concede else "laws.claim_tricks", lang,
                      seat=self.seat_name(action.seat, lang) if lang != "en" else action.seat.letter, n=action.tricks)
            return t("laws.claimed", lang, seat=self.seat_name(seat, lang), claim=claim)
        return super().laws_note(state, seat, action, lang, deal, since)

    def option_text(self, name: str, lang: str, effect: str, law: str = "") -> str:
        suits = SUIT_NAMES.get(lang, SUIT_NAMES["en"])
        for start, key in (("require-", "laws.opt.require"), ("forbid-", "laws.opt.forbid-suit"),
                           ("suit-", "laws.opt.suit")):
            if name.startswith(start):
                return t(key, lang, suit=suits[name[-1]])
        if name.startswith("play-"):
            return t("laws.opt.play", lang, card=Card.parse(name[5:]).pretty)
        return super().option_text(name, lang, effect, law)

    def result_lines(self, state: Any, lang: str) -> list[str]:
        r = state.results[-1]
        if r.passed_out or r.contract is None:
            return [t("deal", lang, n=len(state.results)) + ": " + t("passed_out", lang)]
        c, tricks = r.contract, r.declarer_tricks
        diff = tricks - c.tricks_required
        what = t("result_made", lang, c=self.contract_text(c, lang), n=tricks) if diff >= 0 else \
            t("result_down", lang, c=self.contract_text(c, lang), n=-diff, tricks=tricks)
        return [t("deal", lang, n=len(state.results)) + ": " + t("result", lang, r=f"{what}; "
                                                                   f"{entries_text(r.entries, lang)}")]

    def final_lines(self, state: Any, lang: str) -> list[str]:
        back = " ".join(f"{SEAT_LETTERS[lang][k]} {v:+d}" for k, v in state.sheet.back_score().items())
        return [*final_sheet_lines(state.sheet, lang), t("back_score", lang, b=back)]
