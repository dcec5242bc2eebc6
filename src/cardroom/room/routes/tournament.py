"""The preferans tournament's routes: ``GET /club/tournament`` (the page that registers and starts one),
``POST /api/club/tournaments`` (make one: seated by the movement, computer players for the missing),
``GET /api/club/tournaments/{id}`` (the round, its seating, protocol and standings, read from the tables'
records), ``POST /api/club/tournaments/{id}/rulings`` (the arbiter's artificial results) and
``GET /club/tournaments/{id}`` (the director's page: the round being played and the printable protocol
and standings); ``POST /api/club/knockouts`` and ``GET /api/club/knockouts/{id}`` the knock-outs. A stored
tournament (knock-out) that could not be rebuilt at start-up answers 410 ``tournament_set_aside``."""

from __future__ import annotations

from html import escape

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response

from cardroom.club import pref_movements as pm
from cardroom.club import tournament as tr
from cardroom.core.errors import CardroomError
from cardroom.i18n import t
from cardroom.room.engine import RoomError
from cardroom.room.routes.common import Lang, RoomDep, StoredRoutes, read_body
from cardroom.room.store import StoreError
from cardroom.room.tournament import MAX_DEALS, RoomKnockout, RoomKnockouts, RoomTournament, RoomTournaments

router = APIRouter()


TOURNAMENTS: StoredRoutes[RoomTournaments, RoomTournament] = StoredRoutes(
    "tournaments", RoomTournaments, gone="tournament_set_aside", unknown="no_tournament", bad="bad_tournament",
    refused="tournament_store", summary=lambda ts, room, tm, lang: ts.summary(room, tm))
KNOCKOUTS: StoredRoutes[RoomKnockouts, RoomKnockout] = StoredRoutes(
    "knockouts", RoomKnockouts, gone="tournament_set_aside", unknown="no_tournament", bad="bad_tournament",
    refused="tournament_store", summary=lambda ks, room, ko, lang: ks.summary(room, ko))
KNOCKOUTS.add_routes(router, "/api/club/knockouts")
TOURNAMENTS.add_routes(router, "/api/club/tournaments")


@router.post("/api/club/tournaments/{tid}/rulings", status_code=201)
async def ruling(request: Request, room: RoomDep, lang: Lang, tid: str) -> JSONResponse:
    ts, tm = TOURNAMENTS.one(request, tid)
    body = await read_body(request)
    try:
        got = await ts.rule(room, tm, body)  # stored before it is acknowledged
    except StoreError as e:
        raise RoomError(503, "tournament_store", why=str(e)) from None
    except CardroomError as e:
        raise RoomError(400, "bad_ruling", why=e.text(lang)) from None
    except (ValueError, TypeError, KeyError) as e:
        raise RoomError(400, "bad_ruling", why=str(e)) from None
    return JSONResponse(got, status_code=201)


@router.get("/club/tournaments/{tid}", response_class=HTMLResponse)
async def director_page(request: Request, room: RoomDep, lang: Lang, tid: str) -> HTMLResponse:
    """The director's page: the round being played (each table's seats, set and moves, who sits out),
    then the printable protocol and standings."""
    ts, tm = TOURNAMENTS.one(request, tid)
    lang = request.query_params.get("lang", lang)
    data = tm.data(room)
    lines, standings = tr.recompute(data) if data["sittings"] else ([], [])
    o = tm.plan.options
    mp = tr.match_points(lines, o.win, o.tie, o.plus)
    rounds = tm.plan.schedule.table.rounds
    head = [f"<h1>{escape(t('tour.page.title', lang))}</h1>"]
    if tm.over:
        head.append(f"<p>{escape(t('tour.page.over', lang, rounds=rounds))}</p>")
    else:
        info = ts.summary(room, tm)
        head.append(f"<h2 class=\"noprint\">{escape(t('tour.page.director', lang, round=tm.round, rounds=rounds))}"
                    "</h2><ul class=\"noprint\">")
        for tb in info["current"]:
            moves = ", ".join(f"{a} → {b}" for a, b in tb["instructions"].items())
            head.append(f"<li>{escape(t('tour.page.table', lang, table=tb['table'], set=tb['set'], **tb['seats']))}"
                        f"; {escape(t('tour.page.moves', lang, moves=moves))}</li>")
        head.append("</ul>")
        if info["resting"]:
            resting = escape(t("tour.page.resting", lang, names=", ".join(info["resting"])))
            head.append(f'<p class="noprint">{resting}</p>')
    if tm.failed:
        head.append(f"<p>{escape(t('tour.page.failed', lang, why=tm.failed))}</p>")
    if lines:
        head.append(_ruling_form(tm.id, lang))
    return HTMLResponse(tr.tournament_html(lines, mp, standings, lang, "".join(head), "/club/tournament.css"))


def _ruling_form(tid: str, lang: str) -> str:
    """The arbiter's form (not printed): the deal (round, table, deal), the rule, the fault of each seat
    for an adjusted result, the offenders and the facts of 11.3 / 11.7; ``/static/tournament.js`` posts it."""
    from cardroom.club import tour_arbiter as arb

    def label(key: str, fld: str) -> str:
        return f"<label>{escape(t(key, lang))} {fld}</label> "

    rules = "".join(f'<option value="{r}">{escape(t(f"tour.rule.{r}", lang))}</option>' for r in arb.RULES)
    faults = "".join(f'<option value="{f}">{escape(t(f"tour.fault.{f}", lang))}</option>'
                     for f in ("", *arb.FAULTS))
    seats = "".join(f'<label>{x} <select name="fault_{x}">{faults}</select> '
                    f'<input type="checkbox" name="offender_{x}"></label> ' for x in tr.SEATS)
    facts = "".join(label(f"tour.fact.{k}", f'<input type="checkbox" name="{k}">')
                    for k in ("bid_with_wrong_hand", "after_play", "play_began"))
    return (f'<form id="ruling" class="noprint" data-tournament="{escape(tid)}" data-lang="{lang}" '
            f'data-failed="{escape(t("tour.page.failed_ruling", lang, why="{why}"))}">'
            f"<h2>{escape(t('tour.page.ruling', lang))}</h2>"
            + label("tour.col.round", '<input name="round" type="number" min="1" value="1" size="3">')
            + label("tour.col.table", '<input name="table" type="number" min="1" value="1" size="3">')
            + label("tour.col.deal", '<input name="board" type="number" min="1" value="1" size="3">')
            + label("tour.page.rule", f'<select name="rule">{rules}</select>') + "<br>"
            + f"{escape(t('tour.page.seats', lang))} {seats}<br>{facts}"
            + f'<button type="submit">{escape(t("tour.page.rule_it", lang))}</button><span id="ruling-status"></span>'
            '</form><script src="/static/tournament.js"></script>')


@router.get("/club/tournament.css")
async def tournament_css() -> Response:
    return Response(tr.TOURNAMENT_CSS, media_type="text/css")


@router.get("/club/tournament", response_class=HTMLResponse)
async def tournament_page(request: Request, lang: Lang) -> HTMLResponse:
    """Registration: participants (a movement table's size), names, deals a set, variant and seed; its
    script (``/static/tournament.js``) posts them and opens the director's page."""
    from cardroom.games.preferans.variants import variant_names

    lang = request.query_params.get("lang", lang)

    def label(key: str, fld: str) -> str:
        return f"<label>{escape(t(key, lang))} {fld}</label><br>"

    sizes = "".join(f'<option value="{n}"{" selected" if n == 12 else ""}>{n}</option>' for n in pm.SIZES)
    variants = "".join(f'<option value="{escape(v)}">{escape(v)}</option>' for v in variant_names())
    form = "".join([
        label("tour.page.participants", f'<select name="participants">{sizes}</select>'),
        label("tour.page.players", '<input name="players" size="60">'),
        label("tour.page.deals", f'<input name="deals" type="number" min="1" max="{MAX_DEALS}" value="2">'),
        label("tour.page.variant", f'<select name="variant">{variants}</select>'),
        label("tour.page.seed", '<input name="seed" type="number" value="1">'),
        label("tour.page.autoplay", '<input name="autoplay" type="checkbox">'),
        f'<button type="submit">{escape(t("tour.page.start", lang))}</button>'])
    title = escape(t("tour.page.title", lang))
    failed = escape(t("tour.page.failed", lang, why="{why}"))
    return HTMLResponse(
        f'<!DOCTYPE html><html lang="{lang}"><head><meta charset="utf-8"><title>{title}</title></head><body>'
        f'<h1>{title}</h1><form id="tournament" data-lang="{lang}" data-failed="{failed}">{form}</form>'
        f'<p id="status"></p><script src="/static/tournament.js"></script></body></html>')
