"""``cardroom review FILE [--deal N] [--from K --play CARD ...]``: a finished deal replayed card by card
with the open-hand value after every card and the cards that cost a trick marked, or a what-if branch
(:mod:`cardroom.core.review`, one mechanism for every game). This module reads the arguments' answers
into text for people, in English or Russian, through the catalogue."""

from __future__ import annotations

from typing import Any

from cardroom.core.errors import CardroomError, Reason
from cardroom.core.review import DealLine, ReviewAdapter, review_deal, review_path, what_if
from cardroom.i18n import t

__all__ = ["format_review", "format_what_if", "review_file"]


def _line(lines: list[DealLine], deal: int | None) -> DealLine:
    if deal is None:
        return lines[0]
    for line in lines:
        if line.number == deal:
            return line
    raise CardroomError(Reason("review.no_such_deal", n=deal, deals=", ".join(str(x.number) for x in lines)))


def review_file(path: str, deal: int | None = None, start: int | None = None,
                cards: list[str] | None = None) -> tuple[ReviewAdapter, list[dict[str, Any]]]:
    """The review of each deal of a record (``deal``: only that one), or with ``start`` the what-if of
    one deal (``deal``, default the first) from the position after ``start`` cards, ``cards`` played."""
    adapter, lines = review_path(path)
    if not lines:
        raise CardroomError(Reason("review.nothing", p=path))
    if start is not None:
        return adapter, [what_if(adapter, _line(lines, deal), start, cards or [])]
    chosen = lines if deal is None else [_line(lines, deal)]
    return adapter, [review_deal(adapter, line) for line in chosen]


def _card(adapter: ReviewAdapter, s: dict[str, Any], lang: str) -> str:
    if s.get("irregular") or s.get("unvalued"):
        key = "review.irregular_card" if s.get("irregular") else "review.unvalued_card"
        return "    " + t(key, lang, seat=adapter.seat_name(s["seat"], lang), card=s["card"])
    text = "    " + t("review.card", lang, seat=adapter.seat_name(s["seat"], lang), card=s["card"],
                      side=adapter.side_name(s["side"], lang), n=s["after"])
    if s["cost"] > 0:
        text += "   " + t("review.costly", lang, cost=s["cost"], best=s["before"], cards=" ".join(s["best"]))
    return text


def format_review(adapter: ReviewAdapter, deals: list[dict[str, Any]], lang: str = "en") -> str:
    """Each deal's review: trick by trick, every card with its side's open-hand tricks after it."""
    out: list[str] = []
    for d in deals:
        out.append(t("review.head", lang, n=d["deal"]))
        trick = 0
        for s in d["cards"]:
            if s["trick"] != trick:
                trick = s["trick"]
                out.append("  " + t("review.trick", lang, n=trick))
            out.append(_card(adapter, s, lang))
        if d["claimed"]:
            out.append("  " + t("review.claimed", lang))
        out.append("  " + t("review.summary", lang, n=len(d["costly"])))
        out.append("")
    return "\n".join(out).rstrip() + "\n"


def format_what_if(adapter: ReviewAdapter, w: dict[str, Any], lang: str = "en") -> str:
    out = [t("review.whatif_head", lang, n=w["deal"], k=w["from"])]
    out.extend(_card(adapter, s, lang) for s in w["cards"])
    if w["over"]:
        out.append("  " + t("review.whatif_over", lang))
    else:
        p = w["position"]
        values = ", ".join(f"{c} {v}" for c, v in p["values"].items())
        out.append("  " + t("review.whatif_position", lang, seat=adapter.seat_name(p["seat"], lang),
                            side=adapter.side_name(p["side"], lang),
                            n=p["best"], values=values))
    return "\n".join(out) + "\n"
