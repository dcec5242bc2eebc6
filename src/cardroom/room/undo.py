"""Undo by agreement (issue 14, point 11): at a table whose option ``undo`` is on (never a rated one,
:mod:`cardroom.room.tableopts`), a player asks to take back his last action of the deal; his
opponents agree or refuse.

* The action taken back is the asker's last one in the current deal, and with it every action after
  it (the other players' cards or calls since); never a chance action (a deal is never undone).
* While the request is pending nobody plays and no bot acts. The opponents are the people at the
  table on another side (each player for himself where there are no sides); bots agree. One refusal
  refuses it.
* Agreed, the table's actions from that one on are deleted from the store and the state is rebuilt
  by replaying the log without them (:meth:`Store.take_back`: one transaction, with an ``undo`` seat
  event noting it: a server killed at any moment comes back with the log either whole or cut, never
  in between). The record is the log, so it replays what remains.
* A pending request is not stored; it lapses with the move timer (``room/timer.py``) or a restart.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from cardroom.core.claims import Claimable
from cardroom.core.game import CHANCE
from cardroom.room import requests
from cardroom.room.engine import RoomError, TableRuntime
from cardroom.room.requests import Kind, Pending, check_turn
from cardroom.room.store import SeatEvent, StoreError

if TYPE_CHECKING:
    from cardroom.room.engine import Room


@dataclass
class PendingUndo(Pending):
    keep: int = 0  # the order number of the action taken back: the log is cut there

    def public(self) -> dict[str, Any]:
        return {"seat": self.seat, "back_to": self.keep, "opponents": list(self.opponents), "waiting": self.waiting}


def last_action_of(rt: TableRuntime, seat: int) -> int | None:
    """The order number of ``seat``'s last action that may be taken back (no chance action after it),
    None when there is none."""
    state = rt.game.new_initial_state()
    actors: list[int | None] = []
    for a in rt.state.history:
        actors.append(state.to_act)
        state.apply(a)
    for i in range(len(actors) - 1, -1, -1):
        if actors[i] == CHANCE:
            return None
        if actors[i] == seat:
            return i
    return None


def opponents_of(rt: TableRuntime, seat: int) -> tuple[int, ...]:
    """The people who answer ``seat``'s request: those on another side (everyone else without sides)."""
    deal = getattr(rt.state, "deal", None)
    credit = deal.credit if isinstance(deal, Claimable) else None
    return tuple(s for s, info in enumerate(rt.seats)
                 if s != seat and info.kind == "human" and (credit is None or credit[s] != credit[seat]))


async def ask(room: Room, table_id: str, token: str | None, seq: Any) -> dict[str, Any]:
    """The token's seat asks to take back its last action. Outcome ``pending`` or ``agreed`` (nobody
    to ask: its opponents are bots)."""
    rt = room.table(table_id)
    async with rt.lock:
        seat = room.authorize(rt, token, owner_ok=False)
        assert seat is not None
        if rt.table_options.get("rated"):
            raise RoomError(409, "undo_rated", code="undo_off")
        if not rt.table_options.get("undo"):
            raise RoomError(409, "undo_agreed_only", code="undo_off")
        check_turn(rt, seq)
        keep = last_action_of(rt, seat)
        if keep is None:
            raise RoomError(409, "undo_nothing", code="undo_nothing")
        pending = PendingUndo(seat, opponents_of(rt, seat), keep=keep)
        rt.last_active = time.monotonic()
        return {"table": rt.id, "outcome": await _settle(room, rt, pending), "seq": rt.seq}


async def answer(room: Room, table_id: str, token: str | None, agree: Any) -> dict[str, Any]:
    """An opponent agrees (``agree`` true) or refuses the pending request."""
    return await requests.answer(room, UNDO, table_id, token, agree)


async def lapse(room: Room, rt: TableRuntime) -> bool:
    """The pending request lapses (the move timer ran out). Call with the table locked."""
    return requests.lapse(room, UNDO, rt, lambda p: {"type": "undo", "table": rt.id, "outcome": "lapsed",
                                                     "seat": p.seat})


async def _settle(room: Room, rt: TableRuntime, pending: PendingUndo) -> str:
    outcome = requests.undecided(room, UNDO, rt, pending, "refused",
                                 {"type": "undo", "table": rt.id, "outcome": "refused", "seat": pending.seat})
    if outcome is not None:
        return outcome
    try:
        await room.store.call(room.store.store.take_back, rt.id, pending.keep,
                              SeatEvent(pending.seat, "undo", str(pending.keep), None))
    except StoreError as e:
        raise RoomError(503, "store", why=str(e)) from None
    rt.state = rt.game.replay(list(rt.state.history)[:pending.keep])
    rt.notify({"type": "undo", "table": rt.id, "outcome": "agreed", "seat": pending.seat, "seq": rt.seq})
    rt.broadcast(room.observer)
    room.kick(rt)
    return "agreed"


UNDO = Kind("undo", PendingUndo, "no_undo", "not_asked_undo", _settle)
"""An undo request, as the table's requests go (:mod:`cardroom.room.requests`)."""
