"""The F2 sheet drawn as document 004 draws it (§10.2 «Пример записи»): a block of columns per player —
his whists on the player before him, his contracts column, his whists on the players after him — and one
line per deal, each cell showing the running value written on that line (blank where nothing was written,
a row of dashes for an all-pass), the hat ∩ where a contracts column crossed zero and the inverted hat ∪
where it went back; a refet used is marked ®. Under it the refets held and the final count."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardroom.i18n import t

if TYPE_CHECKING:
    from cardroom.games.preferans.calls import PrefCall
    from cardroom.games.preferans.foreign_f2 import F2Line, F2Sheet

CELL = 7
HAT_MARKS = {"hat": "∩", "inverted-hat": "∪"}
REFET_MARK = "®"


def column_order(seat: int, players: int) -> list[int | None]:
    """The columns of a player's block: the whists on the player before him, his contracts (None), the
    whists on the others after him («На С | Контракт | На В» for A of A, B, C)."""
    before = (seat - 1) % players
    after = [(seat + k) % players for k in range(1, players - 1)]
    return [before, None, *after]


def _fmt(x: int | None) -> str:
    return "" if x is None else str(x)


def _cells(line: F2Line, seat: int, players: int) -> list[str]:
    out = []
    for col in column_order(seat, players):
        if line.event in ("passed", "refets"):
            out.append("—")
        elif col is None:
            text = _fmt(line.contracts[seat]) if line.contracts else ""
            hat = line.hats[seat] if line.hats else None
            if hat is not None:
                text += HAT_MARKS[hat]
            if line.refet_used and line.declarer == seat and text:
                text += REFET_MARK
            out.append(text)
        else:
            out.append(_fmt(line.whists[seat][col]) if line.whists else "")
    return out


def _note(sheet: F2Sheet, line: F2Line, lang: str) -> str:
    from cardroom.games.preferans.calls import PrefCall

    if line.event == "start":
        return t("pref.f2.line_start", lang, n=sheet.variant.f2_start)
    if line.event in ("passed", "refets", "nothing"):
        return t(f"pref.f2.line_{line.event}", lang)
    assert line.declarer is not None and line.contract is not None
    return t("pref.f2.line_game", lang, p=sheet.seat_name(line.declarer, lang),
             c=contract_name(PrefCall(line.contract), lang), v=line.value, m=line.multiplier)


def contract_name(call: PrefCall, lang: str) -> str:
    """«трефы (5)», «Bettel (6) без прикупа»: the contract by its name and ordinal."""
    from cardroom.games.preferans.foreign_f2 import ordinal

    n = ordinal(call)
    name = t(f"pref.f2.contract_{n}", lang)
    return t("pref.f2.contract_wt", lang, name=name) if call.without_talon else name


def draw_f2(sheet: F2Sheet, lang: str, settlement: bool = True) -> list[str]:
    """The sheet as text lines (see the module)."""
    n = sheet.players
    names = [sheet.seat_name(s, lang) for s in range(n)]
    width = n * CELL

    def block(cells: list[str]) -> str:
        return "".join(c.rjust(CELL) for c in cells)

    head1 = "|".join(names[s].center(width) for s in range(n))
    head2 = "|".join(block([t("pref.f2.contracts", lang) if c is None else t("pref.f2.on", lang, p=names[c])
                            for c in column_order(s, n)]) for s in range(n))
    rule = "+".join("-" * width for _ in range(n))
    out = [t("pref.f2.title", lang, title=sheet.variant.title_ru if lang == "ru" else sheet.variant.title_en,
             n=n, start=sheet.variant.f2_start), head1, head2, rule]
    for ln in sheet.lines_written:
        out.append("|".join(block(_cells(ln, s, n)) for s in range(n)) + "  " + _note(sheet, ln, lang))
    out.append(rule)
    out.append(t("pref.f2.refets", lang, x=", ".join(f"{names[s]} {sheet.refets(s)}" for s in range(n)),
                 given=sheet.f2.refets_given, max=sheet.max_refets))
    if settlement:
        from cardroom.games.preferans.scoring import fmt

        st = sheet.settle()
        out.append(t("pref.f2.count", lang, short=fmt(st.shortfall), each=fmt(st.added),
                     norm=", ".join(f"{names[s]} {'+' if x > 0 else ''}{fmt(x)}" for s, x in enumerate(st.normalised))))
        out.append(t("pref.sheet_live", lang, x=", ".join(
            f"{names[s]} {'+' if b > 0 else ''}{fmt(b)}" for s, b in enumerate(st.balance))))
    return out
