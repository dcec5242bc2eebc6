"""Preferans at the terminal: the pulka of 3 or 4 players, the user is player 0. Calls are typed in
Russian or English (``6s``, «6п», «мизер», «здесь», «вист», «в светлую»); laws mode (document 004 §11):
``!7S`` (an irregular play), ``!show KH``, ``!discard 7S 8S 9S``, ``!misdeal``, in Russian ``!7п``,
``!показать Кч``, ``!снос 7п 8п 9п``, ``!пересдача`` (the words: the catalogue's ``laws.word.`` keys)."""

from __future__ import annotations

import random
from typing import Any

from cardroom.core.cards import Card, CardSet
from cardroom.core.errors import parse_either
from cardroom.core.game import Game
from cardroom.games.preferans.calls import CLOSED, CONTRA, OPEN, PASS, RECONTRA, WHIST, PrefCall, conceded_of, hand_of
from cardroom.games.preferans.laws import PrefIrregular
from cardroom.i18n import STRINGS, t
from cardroom.ui.render.base import Renderer, applied, engine_text


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

    def concession(self, action: Any) -> bool:
        return isinstance(action, PrefCall) and conceded_of(action) > 0

    def trick_winner(self, deal: Any) -> int:
        return int(deal.tricks[-1][1])

    # ------------------------------------------------------------------ drawing
    def pretty(self, action: Any, lang: str) -> str:
        """A card by its suit symbol; a call as the user may type it: the Russian word, or the English text."""
        if isinstance(action, PrefCall) and lang != "ru":
            return action.english
        return action.pretty if isinstance(action, PrefCall | Card) else str(action)

    def picture(self, view: Any, state: Any, lang: str) -> list[str]:
        tr, deal_no = self.tr, 0 if state is None else len(state.results) + 1
        lines = ["=" * 60, tr("deal", lang, n=deal_no, d=view.dealer)]
        if view.calls:
            lines.append(tr("auction", lang) + ": " + ", ".join(f"{s}: {self.pretty(c, lang)}" for s, c in view.calls))
        if view.talon:
            lines.append(f"{tr('talon', lang)}: {CardSet(view.talon).by_suit_text()}")
        if view.contract is not None and view.declarer is not None:
            lines.append(tr("contract", lang, c=self.pretty(view.contract, lang), p=view.declarer))
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
        if view.phase == "defence" and any(a in (CONTRA, RECONTRA) for a in calls):
            return tr("prompt", lang, what=tr("what_contra", lang))  # F2: contra / recontra or play on
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

    def sheet_text(self, state: Any, lang: str) -> str:
        drawing = getattr(state.sheet, "drawing", None)  # a sheet that draws itself (the Greek cash box, F2)
        return "\n".join(drawing(lang) if drawing is not None else draw_pulka(state.sheet, lang))

    def final_lines(self, state: Any, lang: str) -> list[str]:
        settlement = state.sheet.settle()
        balance = ", ".join(f"{s}: {float(b):+g}" for s, b in enumerate(settlement.balance))
        kassa = state.game.variant.rules_set == "greek"  # the cash box counts chips (F2 draws itself too: whists)
        unit, over = ("settlement_chips", "over_kassa") if kassa else ("settlement", "over")
        return [self.tr("sheet", lang) + ":", state.sheet.render(lang),
                self.tr(over, lang) if state.sheet.is_over else self.tr("unfinished", lang),
                self.tr(unit, lang) + ": " + balance]

    # ------------------------------------------------------------------ reading
    def parse(self, text: str, view: Any, state: Any) -> Any:
        """Cards when playing or passing; a card or a call («преферанс», «отказ от прикупа») when discarding."""
        if view.phase in ("play", "passing"):
            return Card.parse(text)
        return parse_either(text, Card.parse, PrefCall.parse) if view.phase == "discard" else PrefCall.parse(text)

    def irregular(self, body: str, view: Any) -> Any:
        return PrefIrregular.from_text(f"!{view.seat} {engine_text(body)}")

    def ruling_choices(self, view: Any) -> list[Any]:
        return list(view.legal)


# ---------------------------------------------------------------------- the pulka as drawn on paper
SECTOR_WIDTH = 34
"""The width of one player's sector in the terminal's drawing of the pulka."""


def _record(xs: list[Any]) -> str:
    """A running record as players write it: «2. 6. 8» (a dash when empty)."""
    return ". ".join(_num(x) for x in xs) if xs else "—"


def _num(x: Any) -> str:
    return f"{x:g}" if isinstance(x, float) else str(x)


def pulka_sectors(sheet: Any, lang: str) -> list[list[str]]:
    """Each player's sector, from the edge of the sheet to the centre: his whists «на» each opponent,
    then his pulya, then his gora (next to the centre) — each a running record read from the sheet's
    :meth:`to_dict` (the numbers the server's sheet holds)."""
    d = sheet.to_dict()
    rec, n = d["records"], d["players"]
    out = []
    for s in range(n):
        rows = [t("pref.sheet_whists_on", lang, on=sheet.seat_name(o, lang), rec=_record(rec["whists"][s][o]))
                for o in range(n) if o != s]
        rows.append(t("pref.sheet_pulya", lang, rec=_record(rec["pulya"][s])))
        rows.append(t("pref.sheet_gora", lang, rec=_record(rec["gora"][s])))
        out.append(rows)
    return out


def settlement_line(sheet: Any, lang: str) -> str:
    """The live settlement (what each player would win or pay were the pulka closed now), one line."""
    from cardroom.games.preferans.scoring import fmt

    balance = sheet.settle().balance
    return t("pref.sheet_live", lang, x=", ".join(
        f"{sheet.seat_name(s, lang)} {'+' if b > 0 else ''}{fmt(b)}" for s, b in enumerate(balance)))


def draw_pulka(sheet: Any, lang: str) -> list[str]:
    """The pulka as players draw it on paper, in text: the sectors of the players around the centre
    (two above it, one or two below), each written from the sheet's edge (the whists) inwards (the
    pulya, then the gora by the centre); in the centre the agreed pulya; under it the live settlement."""
    w = SECTOR_WIDTH
    sectors = pulka_sectors(sheet, lang)
    names = [sheet.seat_name(s, lang) for s in range(len(sectors))]

    def cell(text: str) -> str:
        return " " + (text if len(text) <= w - 2 else text[:w - 3] + "…").ljust(w - 1)

    def pair(left: list[str], right: list[str] | None, below: bool) -> list[str]:
        height = max(len(left), len(right or []))

        def pad(rows: list[str]) -> list[str]:
            return ([""] * (height - len(rows)) + rows) if not below else rows + [""] * (height - len(rows))

        lrows = pad(left)
        if right is None:
            return ["|" + (" " + x).ljust(2 * w + 1) + "|" for x in lrows]
        return ["|" + cell(a) + "|" + cell(b) + "|" for a, b in zip(lrows, pad(right), strict=True)]

    def title(left: str, right: str | None) -> str:
        if right is None:
            return "|" + left.center(2 * w + 1) + "|"
        return "|" + cell(left.center(w - 2)) + "|" + cell(right.center(w - 2)) + "|"

    rule = "+" + "-" * w + "+" + "-" * w + "+"
    centre = t("pref.sheet_centre", lang, n=sheet.variant.pulya_length)
    top = (0, 1)
    bottom = (2, 3) if len(sectors) == 4 else (2, None)
    lines = [t("pref.sheet_title", lang, title=sheet.variant.title_ru if lang == "ru" else sheet.variant.title_en,
               n=len(sectors)), rule, title(names[top[0]], names[top[1]])]
    lines += pair(sectors[top[0]], sectors[top[1]], below=False)
    lines.append("+" + ("[ " + centre + " ]").center(2 * w + 1, "-") + "+")
    b0, b1 = bottom

    def inwards(rows: list[str]) -> list[str]:  # below the centre: the gora first, the whists at the edge
        return [rows[-1], rows[-2], *rows[:-2]]

    lines += pair(inwards(sectors[b0]), None if b1 is None else inwards(sectors[b1]), below=True)
    lines.append(title(names[b0], None if b1 is None else names[b1]))
    lines.append("+" + "-" * (2 * w + 1) + "+")
    lines.append(settlement_line(sheet, lang))
    return lines
