"""The move timer (issue 14, point 11): a table option ``timer`` (seconds per action,
:mod:`cardroom.room.tableopts`). When a person on turn has not acted in time, the table's bot acts
for him (its action is stored like any other: the record shows it); a pending claim or undo request
that nobody answered in time lapses instead. The clock restarts at every action and every request.
A table without the option is never touched."""

from __future__ import annotations

import asyncio
import logging
import time
from typing import TYPE_CHECKING, Any

from cardroom.room import claims, undo
from cardroom.room.engine import RoomError, TableRuntime

if TYPE_CHECKING:
    from cardroom.room.engine import Room

log = logging.getLogger("cardroom.room")


def _moment(rt: TableRuntime) -> tuple[int, int, int]:
    """What the clock runs for: the state (its seq) and the pending requests."""
    return rt.seq, id(rt.claim) if rt.claim is not None else 0, id(rt.undo) if rt.undo is not None else 0


async def expire(room: Room, rt: TableRuntime, moment: tuple[int, int, int]) -> str | None:
    """Time is up at ``moment``: the pending request lapses, or the bot acts for the person on turn.
    Nothing when the table moved on meanwhile. Returns what happened."""
    async with rt.lock:
        if _moment(rt) != moment or rt.state.is_over:
            return None
        if rt.claim is not None:
            await claims.lapse(room, rt)
            return "claim"
        if rt.undo is not None:
            await undo.lapse(room, rt)
            return "undo"
        seat = rt.to_act_seat()
        if seat is None or not rt.full or rt.seats[seat].kind != "human":
            return None
        n = rt.seq
        pool: Any = room._bot_pool
        if pool is not None:
            action = await asyncio.get_running_loop().run_in_executor(pool, room._bot_action, rt, seat, n)
        else:
            action = room._bot_action(rt, seat, n)
        try:
            await room._commit_apply(rt, action)
        except RoomError:
            return None  # not stored: the clock runs again
        rt.notify({"type": "timer", "table": rt.id, "seat": seat, "seq": rt.seq})
    room.kick(rt)
    return "acted"


async def run(room: Room, tick: float = 0.2) -> None:
    """Watch every table with a timer (a task of the server's lifespan)."""
    marks: dict[str, tuple[tuple[int, int, int], float]] = {}
    while True:
        await asyncio.sleep(tick)
        now = time.monotonic()
        for rt in list(room.tables.values()):
            limit = rt.table_options.get("timer")
            if not limit or rt.state.is_over:
                marks.pop(rt.id, None)
                continue
            moment = _moment(rt)
            mark = marks.get(rt.id)
            if mark is None or mark[0] != moment:
                marks[rt.id] = (moment, now)
                continue
            if now - mark[1] >= limit:
                marks.pop(rt.id, None)
                try:
                    await expire(room, rt, moment)
                except Exception:  # one table's failure never stops the others' clocks
                    log.exception("table %s: the move timer failed", rt.id)
