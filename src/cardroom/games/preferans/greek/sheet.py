"""The sheet of the Greek cash-box preferans (document 004 §10.4): every player's cash box and chips.

:class:`KassaSheet` follows the match's :class:`~cardroom.core.match.Sheet` protocol and stands where the
Russian :class:`~cardroom.games.preferans.pulka.PulkaSheet` stands (``PulkaState`` keeps either): a pure
function of the deals' results (:meth:`KassaSheet.from_results`). Each box starts at the agreed size
(``greek_kassa``); the game ends when every box is empty (§10.4.1), or, with ``greek_end_two_empty``, when all
boxes but one are empty and its owner has paid each of the others his share (§10.4.7). The chips each player
holds then are his net win or loss; they always sum to zero; money = chips × the price of a point / 10.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardroom.core.errors import CardroomError, Reason
from cardroom.games.preferans.greek.kassa import KassaEntry, apply_entries, deal_entries, end_entries, money
from cardroom.games.preferans.pulka import PrefSheet, SheetLine
from cardroom.games.preferans.result import PrefDealResult
from cardroom.i18n import t

SEAT_NAMES = {"en": ("N", "E", "S", "W"), "ru": ("С", "В", "Ю", "З")}
RECORD_TAIL = 4
"""The entries of a record the terminal's drawing shows (the last ones)."""


@dataclass(frozen=True)
class KassaSettlement:
    """The final count: each player's chips (``balance``, summing to zero) and their money."""

    players: int
    boxes: tuple[int, ...]
    balance: tuple[int, ...]
    money: tuple[float, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"kassa": list(self.boxes), "balance": list(self.balance),
                "balances": {s: b for s, b in enumerate(self.balance)}, "money": list(self.money)}


class KassaSheet(PrefSheet):
    """The cash boxes and the chips of one Greek game."""

    DEFAULT_VARIANT = "greek"
    _SAME = ("variant", "players", "lines", "boxes", "chips")
    lines: list[SheetLine[KassaEntry]]

    def _start(self) -> None:
        self.boxes: tuple[int, ...] = (self.variant.greek_kassa,) * self.players
        self.chips: tuple[int, ...] = (0,) * self.players

    # ------------------------------------------------------------------ writing
    def add(self, result: PrefDealResult) -> list[KassaEntry]:
        """Settle one deal and write it; returns the entries written (the end's shares included)."""
        self._check(result)
        entries = deal_entries(result, self.variant, self.boxes)
        self.boxes, self.chips = apply_entries(self.boxes, self.chips, entries)
        if self.variant.greek_end_two_empty:
            extra = end_entries(self.boxes, self.variant)
            self.boxes, self.chips = apply_entries(self.boxes, self.chips, extra)
            entries = [*entries, *extra]
        self.results.append(result)
        self._write(entries)
        return entries

    # ------------------------------------------------------------------ reading
    @property
    def is_over(self) -> bool:
        """§10.4.1 «Игра заканчивается, когда все три игрока опустошили свою кассу»."""
        return not any(self.boxes)

    def kassa(self, seat: int) -> int:
        return self.boxes[seat]

    def _record(self, kind: str, seat: int) -> list[int]:
        """A running record as written on the sheet, one number a deal that changed it: «20. 18. 14» for the
        box, the chips likewise."""
        out: list[int] = []
        total = self.variant.greek_kassa if kind == "kassa" else 0
        deal, changed = 0, False
        for ln in self.lines:
            e = ln.entry
            if ln.deal != deal:
                if changed:
                    out.append(total)
                deal, changed = ln.deal, False
            if e.kind != kind:
                continue
            if e.seat == seat:
                total += e.amount
                changed = True
            elif kind == "chips" and e.payer == seat:
                total -= e.amount
                changed = True
        if changed:
            out.append(total)
        return out

    def kassa_record(self, seat: int) -> list[int]:
        return self._record("kassa", seat)

    def chips_record(self, seat: int) -> list[int]:
        return self._record("chips", seat)

    # the raspasy bookkeeping the match asks of a sheet (the Greek game has no raspasy)
    def next_raspasy_round(self) -> int:
        return 1

    def forbid_six(self) -> bool:
        return False

    def mandatory_raspasy(self) -> bool:
        return False

    # ------------------------------------------------------------------ settlement
    def settle(self, amnesty: bool = False) -> KassaSettlement:
        """The chips as they stand (the net win or loss once the game is over) and their money. ``amnesty``
        (the pulka's, §2.7) has nothing to forgive here: a box is never written off, the chips are paid."""
        if sum(self.chips) != 0:
            raise AssertionError(f"the chips do not sum to zero: {self.chips}")
        return KassaSettlement(self.players, self.boxes, self.chips,
                               tuple(money(c, self.variant) for c in self.chips))

    def seat_results(self) -> tuple[float, ...]:
        return self.settle().money

    # ------------------------------------------------------------------ display
    def seat_name(self, seat: int, lang: str = "ru") -> str:
        if self.names is not None:
            return self.names[seat]
        return SEAT_NAMES.get(lang, SEAT_NAMES["en"])[seat]

    def sections(self, lang: str) -> list[list[str]]:
        """Each player's section of the sheet: his name, his box as written, his chips as written."""
        def rec(xs: list[int]) -> str:
            """The record as written, its last entries where it is long (the whole is in :meth:`to_dict`)."""
            if not xs:
                return "—"
            return ("… " if len(xs) > RECORD_TAIL else "") + ". ".join(str(x) for x in xs[-RECORD_TAIL:])

        out = []
        for s in range(self.players):
            out.append([self.seat_name(s, lang),
                        t("greek.sheet_kassa", lang, start=self.variant.greek_kassa, rec=rec(self.kassa_record(s))),
                        t("greek.sheet_chips", lang, rec=rec(self.chips_record(s)), total=self.chips[s])])
        return out

    def drawing(self, lang: str = "ru") -> list[str]:
        """The sheet as drawn: a section per player (four in a cross with four players, §10.4.7), then the
        count in chips and money."""
        w = 40
        secs = self.sections(lang)

        def row(cells: list[str]) -> str:
            return "|" + "|".join(" " + (c if len(c) <= w - 2 else c[:w - 3] + "…").ljust(w - 1) for c in cells) + "|"

        v = self.variant
        lines = [t("greek.sheet_title", lang, title=v.title_ru if lang == "ru" else v.title_en, n=self.players,
                   kassa=v.greek_kassa, price=f"{v.greek_point_price:g}")]
        rule = "+" + "+".join("-" * w for _ in range(2)) + "+"
        for pair in (secs[:2], secs[2:]):
            if not pair:
                continue
            cells = [*pair, ["", "", ""]][:2]
            lines.append(rule)
            for i in range(3):
                lines.append(row([c[i] for c in cells]))
        lines.append(rule)
        st = self.settle()
        lines.append(t("greek.sheet_count", lang, x=", ".join(
            f"{self.seat_name(s, lang)} {b:+d} ({st.money[s]:+.2f})" for s, b in enumerate(st.balance))))
        return lines

    def render(self, lang: str = "ru", settlement: bool = True) -> str:
        if lang not in ("ru", "en"):
            raise CardroomError(Reason("pref.render_lang", lang=lang))
        lines = self.drawing(lang)
        return "\n".join(lines if settlement else lines[:-1])

    def to_dict(self) -> dict[str, Any]:
        n = self.players
        return {
            "kind": "kassa",
            "variant": self.variant.name,
            "players": n,
            "kassa_size": self.variant.greek_kassa,
            "point_price": self.variant.greek_point_price,
            "deals": len(self.results),
            "over": self.is_over,
            "kassa": list(self.boxes),
            "chips": list(self.chips),
            "money": [money(c, self.variant) for c in self.chips],
            "records": {"kassa": [self.kassa_record(s) for s in range(n)],
                        "chips": [self.chips_record(s) for s in range(n)]},
            "lines": [ln.to_dict() for ln in self.lines],
        }
