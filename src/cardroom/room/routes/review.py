"""Review and what-if of a finished match (issue 17, point 5): ``GET /api/tables/{id}/review?deal=N``,
every card of deal ``N`` with the open-hand values before and after it and the cards that cost a trick,
and ``POST /api/tables/{id}/review/whatif`` (``{"deal": N, "from": K, "cards": ["AS", ...]}``), other
cards played from the position after the first ``K`` cards and the open-hand result reached
(:mod:`cardroom.core.review`, one mechanism for every game).

``POST /api/review/file`` reviews an uploaded record instead (``{"name": "x.lin", "text": "...", "deal": N}``,
with ``from`` and ``cards`` a what-if): a .lin or .pbn file, its size bounded by the room's request body
limit (413 ``too_large``), read in memory and never stored; a file that does not read is refused with the
reader's reason (400 ``review_file_refused``), its quote cut to :data:`MAX_WHY` characters.

Both read the table's record, so, like ``/record``, they answer only once the match is over (every
hand is in them): never for a match in play (409 ``record_not_over``). The solver's work is bounded as
the hint's is: it runs in a worker thread, off the event loop, and these searches count among the
hint searches running at once (``settings.hints``: 429 ``busy`` beyond its limit); a what-if plays at
most :data:`~cardroom.core.review.MAX_WHATIF_CARDS` cards; the same question asked again while it is
being answered shares the one search."""

from __future__ import annotations

import asyncio
import hashlib
import json
from typing import Any

from fastapi import APIRouter, Request

from cardroom.core.errors import CardroomError
from cardroom.core.review import DealLine, ReviewAdapter, lines_of_record, review_deal, review_text, what_if
from cardroom.i18n.catalogue import Localized, localized
from cardroom.room.engine import Room, RoomError
from cardroom.room.routes.common import RoomDep, Settings, read_body
from cardroom.room.routes.hint import HINT_RETRY_AFTER, HintLimit

router = APIRouter()

MAX_WHY = 300
"""At most this many characters of a refused file's reason are quoted back."""


def _deal_number(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise RoomError(400, "review_bad_deal")
    try:
        n = int(value)
    except ValueError:
        raise RoomError(400, "review_bad_deal") from None
    if n < 1:
        raise RoomError(400, "review_bad_deal")
    return n


def _line(record: dict[str, Any], deal: int) -> tuple[ReviewAdapter, DealLine]:
    try:
        adapter, lines = lines_of_record(record)
    except CardroomError as e:
        raise RoomError(409, "review_refused", why=e.reason or str(e)) from None
    return _chosen(adapter, lines, deal)


def _chosen(adapter: ReviewAdapter, lines: list[DealLine], deal: int) -> tuple[ReviewAdapter, DealLine]:
    for line in lines:
        if line.number == deal:
            return adapter, line
    raise RoomError(404, "review_no_deal", deal=deal, deals=", ".join(str(x.number) for x in lines) or "-")


async def _bounded(hints: HintLimit, key: tuple[str, int, int], work: Any) -> dict[str, Any]:
    """``work()`` in a worker thread, counted among the searches ``hints`` bounds (429 beyond)."""
    task = hints.running.get(key)
    if task is None:
        if len(hints.running) >= hints.limit:
            hints.refused += 1
            raise RoomError(429, "busy", limit=hints.limit, retry=HINT_RETRY_AFTER,
                            headers={"Retry-After": str(HINT_RETRY_AFTER)})
        task = asyncio.ensure_future(asyncio.to_thread(work))
        hints.running[key] = task
        task.add_done_callback(lambda _: hints.running.pop(key, None))
    try:
        result: dict[str, Any] = await asyncio.shield(task)
    except RoomError:
        raise
    except CardroomError as e:  # a card that is not legal there, a position past the end
        raise RoomError(400, "review_refused", why=e.reason or str(e)) from None
    return result


def _key(table: str, deal: int, question: Any) -> tuple[str, int, int]:
    """The search's key among the hints' (their seats are 0 and up; a review's is below zero)."""
    digest = hashlib.sha256(json.dumps(question, sort_keys=True).encode()).digest()
    return table, -deal, int.from_bytes(digest[:8], "big")


async def _record(room: Room, table_id: str) -> dict[str, Any]:
    rt = room.table(table_id)
    async with rt.lock:
        return room.record(table_id)  # 409 record_not_over for a match in play


@router.get("/api/tables/{table_id}/review")
async def review(request: Request, room: RoomDep, settings: Settings, table_id: str) -> dict[str, Any]:
    """Every card of deal ``deal`` (default 1) with its open-hand values; the cards that cost a trick."""
    deal = _deal_number(request.query_params.get("deal", "1"))
    record = await _record(room, table_id)

    def work() -> dict[str, Any]:
        adapter, line = _line(record, deal)
        return review_deal(adapter, line)

    out = await _bounded(settings.hints, _key(table_id, deal, "review"), work)
    return {"table": table_id, "game": record["game"], **out}


@router.post("/api/tables/{table_id}/review/whatif")
async def whatif(request: Request, room: RoomDep, settings: Settings, table_id: str) -> dict[str, Any]:
    """From the position after ``from`` cards of deal ``deal``, ``cards`` played: each card's values and
    the open-hand result reached."""
    body = await read_body(request)
    deal = _deal_number(body.get("deal", 1))
    start = body.get("from", 0)
    cards = body.get("cards", [])
    if isinstance(start, bool) or not isinstance(start, int) or start < 0:
        raise RoomError(400, "review_bad_from")
    if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
        raise RoomError(400, "review_bad_cards")
    record = await _record(room, table_id)

    def work() -> dict[str, Any]:
        adapter, line = _line(record, deal)
        return what_if(adapter, line, start, cards)

    out = await _bounded(settings.hints, _key(table_id, deal, [start, cards]), work)
    return {"table": table_id, "game": record["game"], **out}


def _question(body: dict[str, Any]) -> tuple[int, int | None, list[str]]:
    """A review's question: the deal, and for a what-if the position (``from``) and the cards played."""
    deal = _deal_number(body.get("deal", 1))
    start = body.get("from")
    cards = body.get("cards", [])
    if start is not None and (isinstance(start, bool) or not isinstance(start, int) or start < 0):
        raise RoomError(400, "review_bad_from")
    if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
        raise RoomError(400, "review_bad_cards")
    return deal, start, cards


@router.post("/api/review/file")
async def review_file(request: Request, settings: Settings) -> dict[str, Any]:
    """An uploaded record's deal ``deal`` reviewed, or with ``from`` a what-if of it; nothing is stored."""
    body = await read_body(request)  # bounded by the room's body limit (413)
    name, text = body.get("name"), body.get("text")
    if not isinstance(name, str) or not isinstance(text, str) or not name.strip():
        raise RoomError(400, "review_file_bad")
    deal, start, cards = _question(body)

    def work() -> dict[str, Any]:
        try:
            adapter, lines = review_text(name, text)
        except CardroomError as e:
            raise RoomError(400, "review_file_refused", why=Clipped(e.reason or str(e))) from None
        if not lines:
            raise RoomError(400, "review_file_empty")
        adapter, line = _chosen(adapter, lines, deal)
        out = review_deal(adapter, line) if start is None else what_if(adapter, line, start, cards)
        return {"deals": [x.number for x in lines], **out}

    out = await _bounded(settings.hints, _key("file", deal, [name, text, start, cards]), work)
    return {"name": name, **out}


class Clipped(Localized):
    """A reason written in the reader's language and cut to :data:`MAX_WHY` characters (a file's quote)."""

    __slots__ = ("value",)

    def __init__(self, value: Localized | str) -> None:
        self.value = value

    def text(self, lang: str = "en") -> str:
        text = str(localized(self.value, lang))
        return text if len(text) <= MAX_WHY else text[: MAX_WHY - 1] + "…"
