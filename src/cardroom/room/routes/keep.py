"""The score keeper in the browser (issue 17, point 1): ``GET /keep``, a phone page (``static/keep.html``,
``static/keep.js``) that keeps the sheet in the browser (localStorage: it works on from what it has), and
a stateless API that replays it: ``GET /api/keep/games`` (the games kept, their fields and options, the
page's texts from the catalogue) and ``POST /api/keep`` (one change applied to the keeper's JSON the page
sends: ``{"keeper": {...} | null, "game", "options", "dealer", "op": "new"|"add"|"fix"|"undo"|"redo"|"view",
"text": "key=value …", "n": N}``; the answer is the keeper's JSON, the sheet drawn, the settlement and the
history; a refused change a 400 naming why, in the reader's language). Nothing is stored on the server.

Offline (docs/room.md, *The score keeper*): ``GET /keep-sw.js`` is the page's service worker (scope
``/keep``, ``static/keep-sw.js``), which keeps the page, its script and styles and the texts of both
languages in the browser's cache; ``GET /keep.webmanifest?lang=`` the web app manifest, its texts from the
catalogue. The worker never computes a sheet: what the page cannot send it queues (``keep.js``)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse, JSONResponse, Response

from cardroom.core.errors import CardroomError
from cardroom.i18n import STRINGS, t
from cardroom.keeper import Keeper, history_rows, parse_entry
from cardroom.room.routes.common import STATIC, Lang, read_body

router = APIRouter()

PAGE_TEXTS = tuple(k for k in STRINGS if k.startswith("keep."))
"""The catalogue's texts the page is sent: the keeper's, the terminal's and the page's (``keep.page.*``)."""
LANGS = ("en", "ru")
"""The languages of the catalogue, each drawn in every answer and cached by the worker."""
SCOPE = "/keep"
"""The service worker's scope: the page ``/keep`` (whatever its query) and what it fetches."""


@router.get("/keep")
async def page() -> FileResponse:
    return FileResponse(STATIC / "keep.html")


@router.get("/keep-sw.js")
async def worker() -> FileResponse:
    """The service worker, at the root so that its scope may be ``/keep``; never taken from the HTTP cache
    (the browser checks it for an update at every visit)."""
    return FileResponse(STATIC / "keep-sw.js", media_type="text/javascript; charset=utf-8",
                        headers={"Cache-Control": "no-cache"})


@router.get("/keep.webmanifest")
async def manifest(lang: Lang) -> Response:
    """The web app manifest of the page in ``lang``: name and description from the catalogue."""
    import json

    body = {"name": t("keep.page.title", lang), "short_name": t("keep.page.short", lang),
            "description": t("keep.page.description", lang), "lang": lang, "start_url": f"{SCOPE}?lang={lang}",
            "scope": SCOPE, "display": "standalone", "background_color": "#ffffff", "theme_color": "#2b5d34",
            "icons": [{"src": "/static/keep-icon.svg", "sizes": "any", "type": "image/svg+xml"}]}
    return Response(json.dumps(body, ensure_ascii=False), media_type="application/manifest+json")


@router.get("/api/keep/games")
async def games(lang: Lang) -> dict[str, Any]:
    from cardroom.games import game_class, names

    out = []
    for name in names():
        cls = game_class(name)
        if not cls.keeper_fields():
            continue
        configs = [c for c in cls.configurations() if not c.get("laws")]
        out.append({"name": name, "title": cls.title.get(lang, cls.title.get("en", name)),
                    "fields": [{"name": f.name, "kind": f.kind, "required": f.required} for f in cls.keeper_fields()],
                    "configurations": configs})
    texts = {k: str(STRINGS[k].get(lang, STRINGS[k]["en"])) for k in PAGE_TEXTS}
    return {"games": out, "texts": texts}


def _answer(k: Keeper, lang: str, said: str) -> dict[str, Any]:
    """The page's answer; ``drawn``: the sheet and the history in each language, so that a page reopened
    offline in the other language still shows the room's last sheet."""
    got = k.settlement()
    drawn = {code: {"sheet": k.render(lang=code), "history_rows": history_rows(k, code)} for code in LANGS}
    return {
        "keeper": k.to_json(), "said": said, "sheet": drawn[lang]["sheet"], "over": bool(k.sheet.is_over),
        "settlement": None if got is None else list(got), "history": [h.to_dict() for h in k.history],
        "history_rows": drawn[lang]["history_rows"], "drawn": drawn, "deals": len(k.entries),
    }


@router.post("/api/keep")
async def keep(request: Request, lang: Lang) -> Any:
    from cardroom.games import load

    body = await read_body(request)
    op = str(body.get("op", "view"))
    try:
        if op == "new" or body.get("keeper") is None:
            options = body.get("options") or {}
            if not isinstance(options, dict):
                options = {}
            k = Keeper(load(str(body.get("game", "")), **options), int(body.get("dealer") or 0))
        else:
            k = Keeper.from_json(body["keeper"])
        said = ""
        if op == "add":
            k.add(parse_entry(k.game, str(body.get("text", ""))))
            said = t("keep.added", lang, n=len(k.entries))
        elif op == "fix":
            n = int(body.get("n", 0))
            k.fix(n, parse_entry(k.game, str(body.get("text", ""))))
            said = t("keep.fixed", lang, n=n)
        elif op == "undo":
            k.undo()
            said = t("keep.undone", lang)
        elif op == "redo":
            k.redo()
            said = t("keep.redone", lang)
    except CardroomError as e:
        return JSONResponse({"error": e.key or "keeper", "text": t("keep.refused", lang, why=e.text(lang))},
                            status_code=400)
    except (TypeError, ValueError) as e:
        return JSONResponse({"error": "bad_request", "text": t("keep.refused", lang, why=str(e))}, status_code=400)
    return _answer(k, lang, said)
