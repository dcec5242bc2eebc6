"""The hint (issue 6, point 4): ``GET /api/tables/{id}/hint``, what the strongest bot would do now for
the token's seat, and its bound on the searches running at once (issue 12, point 1)."""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, Request

from cardroom.room.engine import Room, RoomError
from cardroom.room.routes.common import Lang, RoomDep, Settings, bearer

router = APIRouter()

_NO_HINT = {"en": "hints are not available on this server (cardroom.bots.hint is missing)",
            "ru": "подсказки на этом сервере недоступны (нет cardroom.bots.hint)"}
HINT_RETRY_AFTER = 2
"""Seconds a refused hint is told to wait (``Retry-After``): a hint takes a few seconds at most."""


class HintLimit:
    """The hint searches of one server (issue 12, point 1): at most ``limit`` run at once, each in
    a worker thread; ``running`` maps (table, seat, seq) to its search, which the same question
    asked again meanwhile shares. The bound is about load only: it counts searches, never looks at
    a position."""

    def __init__(self, limit: int) -> None:
        if isinstance(limit, bool) or not isinstance(limit, int) or limit < 1:
            raise ValueError(f"the hint limit must be a positive integer, not {limit!r}")
        self.limit = limit
        self.running: dict[tuple[str, int, int], asyncio.Future[Any]] = {}
        self.refused = 0


async def _hint(room: Room, table_id: str, token: str | None, lang: str, hints: HintLimit) -> dict[str, Any]:
    """The hint for the seat holding ``token``: built from ``state.view(seat)`` alone (never the
    state), only when that seat is to act; the search runs in a worker thread, off the event loop,
    at most ``hints.limit`` of them at once (429 ``busy`` beyond). The samples' seed is derived
    from the table's secret seed by SHA-256, so the same position gets the same hint and nothing
    about the seed can be read back from it."""
    import hashlib
    import importlib
    import logging

    from cardroom.core.errors import CardroomError

    rt = room.table(table_id)
    seat = room.authorize(rt, token, owner_ok=False)  # 401 without a token, 403 for a wrong one
    assert seat is not None
    async with rt.lock:
        if rt.state.is_over:
            raise RoomError(409, "over")
        if rt.to_act_seat() != seat:
            raise RoomError(409, "not_your_turn", seat=rt.labels[seat])
        view = rt.state.view(seat)  # the seat's own view: all the hint may see
        seq = rt.seq
    try:
        make_hint: Any = importlib.import_module("cardroom.bots.hint").hint
    except ImportError:
        raise RoomError(501, "raw", code="no_hint", text=_NO_HINT["ru" if lang == "ru" else "en"]) from None
    seed = int.from_bytes(hashlib.sha256(f"hint/{rt.seed}/{seat}/{seq}".encode()).digest()[:8], "big") >> 2
    key = (rt.id, seat, seq)  # the same question asked again while it is being answered: one search
    task = hints.running.get(key)
    if task is None:
        if len(hints.running) >= hints.limit:  # no await since the count: no other request slips in
            hints.refused += 1
            raise RoomError(429, "busy", limit=hints.limit, retry=HINT_RETRY_AFTER,
                                headers={"Retry-After": str(HINT_RETRY_AFTER)})
        task = asyncio.ensure_future(asyncio.to_thread(make_hint, rt.game.name, view, seed=seed))
        hints.running[key] = task
        task.add_done_callback(lambda _: hints.running.pop(key, None))
    try:
        result = await asyncio.shield(task)
    except (CardroomError, NotImplementedError) as e:  # a game or position the hint cannot judge
        raise RoomError(409, "raw", code="no_hint_here", text=str(e)) from None
    except Exception as e:  # the search failed: say so plainly, the table is untouched
        logging.getLogger("cardroom.room").exception("table %s: the hint failed", rt.id)
        raise RoomError(500, "raw", code="hint_failed", text=f"the hint failed: {type(e).__name__}: {e}") from None
    data: dict[str, Any] = result.to_dict()
    return {"table": rt.id, "seat": seat, "seq": seq, **data}


@router.get("/api/tables/{table_id}/hint")
async def hint(request: Request, room: RoomDep, lang: Lang, settings: Settings, table_id: str) -> dict[str, Any]:
    """What the strongest bot would do now for the token's seat, from that seat's own view."""
    return await _hint(room, table_id, bearer(request), lang, settings.hints)
