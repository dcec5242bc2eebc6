"""The printable score card of a club evening (HTML): per round, per table, the standings and the prizes.

Every word comes from the catalogue (``club.*`` keys) in one language; names and numbers are escaped."""

from __future__ import annotations

from html import escape
from typing import Any

from cardroom.club.evening import Evening, Row, Standing, prizes, royal_seat_points
from cardroom.i18n import SEAT_NAMES, t

_STYLE = ("body{font-family:serif;margin:1.5em}table{border-collapse:collapse;margin:.4em 0 1em}"
          "td,th{border:1px solid #444;padding:.2em .6em;text-align:left}th{background:#eee}"
          "@media print{h2{page-break-after:avoid}}")


def _rows(cells: list[list[Any]], head: list[str], css: str = "") -> str:
    out = "<tr>" + "".join(f"<th>{escape(h)}</th>" for h in head) + "</tr>"
    for row in cells:
        out += "<tr>" + "".join(f"<td>{escape(str(c))}</td>" for c in row) + "</tr>"
    klass = f' class="{css}"' if css else ""
    return f"<table{klass}>{out}</table>"


def standings_lines(standings: list[Standing], lang: str) -> list[str]:
    """The standings as text lines (the command line prints them)."""
    return [t("club.line", lang, place=place, name=s.name + (f" ({direction(s, lang)})" if s.direction else ""),
              points=s.points) for place, s in zip(places(standings), standings, strict=True)]


def direction(s: Standing, lang: str) -> str:
    """A pair's direction in ``lang`` ("" for a standing without one)."""
    return t(f"club.dir.{s.direction}", lang) if s.direction else ""


def places(standings: list[Standing]) -> list[int]:
    """Each standing's place: counted within its direction when a movement ranks the directions apart."""
    out: list[int] = []
    for i, s in enumerate(standings):
        out.append(1 if i == 0 or s.direction != standings[i - 1].direction else out[-1] + 1)
    return out


def card_css() -> str:
    """The card's style sheet (inline in a written file, linked where a page may not inline styles)."""
    return _STYLE


def score_card(evening: Evening, lang: str = "en", stylesheet: str | None = None) -> str:
    """The whole evening's card as one HTML page; ``stylesheet``: the address of :func:`card_css` to link
    (the card room's pages may not inline a style), else the style is inline."""
    title = t("club.card_title", lang, movement=t(f"club.movement.{evening.kind}", lang),
              game=evening.game.title.get(lang, evening.game_name))
    body = [f"<h1>{escape(title)}</h1>"]
    if evening.kind == "six-handed":
        def pair(x: str) -> str:
            return t(f"club.pair.{x}", lang)

        for (a, b), segs in evening.six.items():
            body.append(f"<h2>{escape(t('club.rubber_of', lang, a=pair(a), b=pair(b)))}</h2>")
            cells = [[t("club.rubber_n", lang, n=i + 1), ", ".join(map(str, s.boards)),
                      s.state.sheet.total(0), s.state.sheet.total(1)] for i, s in enumerate(segs)]
            body.append(_rows(cells, [t("club.rubber", lang), t("club.boards", lang), pair(a), pair(b)]))
        for deal, end, (a, b), sat in evening.six_log:
            if sat:
                body.append(f"<p>{escape(t('club.sat_out', lang, deal=deal, end=end, a=pair(a), b=pair(b)))}</p>")
    else:
        rows = evening.rows()
        for number in sorted({r.round for r in rows}):
            body.append(f"<h2>{escape(t('club.round', lang, n=number))}</h2>")
            if evening.kind == "royal":  # each for himself: the four players' own columns
                cells = [[t("club.table", lang, n=r.table), *(f"{p}: {v}" for p, v in _royal_columns(evening, r)),
                          ", ".join(map(str, r.boards))] for r in rows if r.round == number]
                body.append(_rows(cells, ["", *(SEAT_NAMES.get(lang, SEAT_NAMES["en"])[x] for x in "NESW"),
                                          t("club.boards", lang)]))
                continue
            cells = []
            for r in (r for r in rows if r.round == number):
                n, e, s, w = r.seats
                ns, ew = _round_points(evening, r)
                what = ", ".join(map(str, r.boards)) or t("club.rubber_n", lang, n=len(r.segments))
                cells.append([t("club.table", lang, n=r.table), f"{n} & {s}", ns, f"{e} & {w}", ew, what])
            body.append(_rows(cells, ["", t("club.ns", lang), t("club.points", lang), t("club.ew", lang),
                                      t("club.points", lang), t("club.boards", lang)]))
    standings = evening.standings()
    body.append(f"<h2>{escape(t('club.standings', lang))}</h2>")
    body.append(_rows([[p, s.name, direction(s, lang), s.points]
                       for p, s in zip(places(standings), standings, strict=True)],
                      css="standings",
                      head=
                      [t("club.place", lang), t("club.name", lang), t("club.direction", lang),
                       t("club.points", lang)]))
    body.append(f"<h2>{escape(t('club.prizes', lang))}</h2><ul>")
    body += [f"<li>{escape(t('club.prize_line', lang, name=p.name, points=p.points))}</li>"
             for p in prizes(evening.kind, standings)]
    body.append("</ul>")
    style = f'<link rel="stylesheet" href="{escape(stylesheet)}">' if stylesheet else f"<style>{_STYLE}</style>"
    return (f'<!DOCTYPE html><html lang="{lang}"><head><meta charset="utf-8"><title>{escape(title)}</title>'
            f"{style}</head><body>{''.join(body)}</body></html>\n")


def _royal_columns(evening: Evening, row: Row) -> list[tuple[str, int]]:
    """A royal table-round's players (N, E, S, W) and the points each wrote in his own column."""
    got = [0, 0, 0, 0]
    for sg in row.segments:
        for seat, pts in royal_seat_points(sg.state, sg.offset, sg.boards, evening.options).items():
            got[seat] += pts
    return list(zip(row.seats, got, strict=True))


def _round_points(evening: Evening, row: Row) -> tuple[int, int]:
    """A table-round's points by side as its kind scores them (board movements: with the round's bonus)."""
    from cardroom.club.evening import game_points, sheet_totals

    if evening.kind in ("duplicate", "progressive"):
        return row.side_points(evening.options, game_points(evening.game))
    totals = [sheet_totals(sg.state, sg.offset) for sg in row.segments]
    return (sum(x[0] for x in totals), sum(x[1] for x in totals))
