"""The club evening's routes: ``GET /club`` (the page that makes one), ``POST /api/club/evenings`` (make
one: its tables are created round after round, computer players in the empty seats),
``GET /api/club/evenings/{id}`` (its tables, standings and prizes, read from the tables' records; 410
``evening_set_aside`` for a stored evening that could not be rebuilt at start-up),
``GET /club/evenings/{id}`` (the printable score card) and the card's style sheet."""

from __future__ import annotations

from html import escape

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response

from cardroom.club.card import card_css
from cardroom.club.movements import PROGRESSIVE_MOVES
from cardroom.games import game_class, names
from cardroom.i18n import t
from cardroom.room.evening import MAX_TABLES, ROOM_KINDS, RoomEvening, RoomEvenings
from cardroom.room.routes.common import Lang, RoomDep, StoredRoutes

router = APIRouter()


EVENINGS: StoredRoutes[RoomEvenings, RoomEvening] = StoredRoutes(
    "evenings", RoomEvenings, gone="evening_set_aside", unknown="no_evening", bad="bad_evening",
    refused="evening_store", summary=lambda evs, room, ev, lang: evs.summary(room, ev, lang))
EVENINGS.add_routes(router, "/api/club/evenings")


@router.get("/club/evenings/{eid}", response_class=HTMLResponse)
async def evening_card(request: Request, room: RoomDep, lang: Lang, eid: str) -> HTMLResponse:
    evs, ev = EVENINGS.one(request, eid)
    return HTMLResponse(evs.card(room, ev, request.query_params.get("lang", lang)))


@router.get("/club/evening.css")
async def evening_css() -> Response:
    return Response(card_css(), media_type="text/css")


def _options(values: list[tuple[str, str]]) -> str:
    return "".join(f'<option value="{escape(v)}">{escape(label)}</option>' for v, label in values)


@router.get("/club/evening", response_class=HTMLResponse)
async def club_page(request: Request, lang: Lang) -> HTMLResponse:
    """The page that makes an evening: its movement (and a progressive one's move), tables, game, players
    and seed; its script (``/static/evening.js``) posts them, follows the evening's rounds (the tables of
    the round, each a link to its room table) and opens the score card."""
    lang = request.query_params.get("lang", lang)
    four = [(n, game_class(n).title.get(lang, n)) for n in names() if game_class(n).num_seats == 4]

    def label(key: str, field: str) -> str:
        return f'<label>{escape(t(key, lang))} {field}</label><br>'

    kinds = _options([(k, t(f"club.movement.{k}", lang)) for k in ROOM_KINDS])
    moves = _options([(m, t(f"club.move.{m}", lang)) for m in PROGRESSIVE_MOVES])
    default = f'<option value="">{escape(t("club.page.default_game", lang))}</option>'
    form = "".join([
        label("club.page.movement", f'<select name="movement">{kinds}</select>'),
        label("club.page.progressive_move", f'<select name="progressive_move">{moves}</select>'),
        label("club.page.tables", f'<input name="tables" type="number" min="1" max="{MAX_TABLES}" value="2">'),
        label("club.page.game", f'<select name="game">{default}{_options(four)}</select>'),
        label("club.page.players", '<input name="players" size="40">'),
        label("club.page.seed", '<input name="seed" type="number" value="1">'),
        f'<button type="submit">{escape(t("club.page.start", lang))}</button>'])
    playing = escape(t("club.page.playing", lang, round="{round}"))
    playing_deal = escape(t("club.page.playing_deal", lang, round="{round}"))  # six-handed: a deal at a time
    failed = escape(t("club.page.failed", lang, why="{why}"))
    line = escape(t("club.page.table_line", lang, n="{n}", ns="{ns}", ew="{ew}"))
    watch = escape(t("club.page.watch", lang))
    title = escape(t("club.page.title", lang))
    return HTMLResponse(
        f'<!DOCTYPE html><html lang="{lang}"><head><meta charset="utf-8"><title>{title}</title>'
        f'<link rel="stylesheet" href="/club/evening.css"></head><body><h1>{title}</h1>'
        f'<form id="evening" data-lang="{lang}" data-playing="{playing}" '
        f'data-playing-deal="{playing_deal}" data-failed="{failed}" '
        f'data-line="{line}" data-watch="{watch}">{form}</form>'
        f'<p id="status"></p><ol id="tables"></ol><script src="/static/evening.js"></script></body></html>')
