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
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from cardroom.core.claims import Claimable
from cardroom.core.game import CHANCE
from cardroom.room.engine import RoomError, TableRuntime
from cardroom.room.store import SeatEvent, StoreError

if TYPE_CHECKING:
    from cardroom.room.engine import Room


@dataclass
class PendingUndo:
    seat: int
    keep: int  # the order number of the action taken back: the log is cut there
    opponents: tuple[int, ...]
    answers: dict[int, bool] = field(default_factory=dict)
    made: float = field(default_factory=time.monotonic)

    @property
    def waiting(self) -> list[int]:
        return [s for s in self.opponents if s not in self.answers]

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
        if isinstance(seq, bool) or not isinstance(seq, int):
            raise RoomError(400, "bad_seq")
        if rt.state.is_over:
            raise RoomError(409, "over")
        if seq != rt.seq:
            raise RoomError(409, "stale", seq=seq, now=rt.seq)
        if rt.claim is not None:
            raise RoomError(409, "claim_pending")
        if rt.undo is not None:
            raise RoomError(409, "undo_pending")
        keep = last_action_of(rt, seat)
        if keep is None:
            raise RoomError(409, "undo_nothing", code="undo_nothing")
        pending = PendingUndo(seat, keep, opponents_of(rt, seat))
        rt.last_active = time.monotonic()
        return {"table": rt.id, "outcome": await _settle(room, rt, pending), "seq": rt.seq}


async def answer(room: Room, table_id: str, token: str | None, agree: Any) -> dict[str, Any]:
    """An opponent agrees (``agree`` true) or refuses the pending request."""
    rt = room.table(table_id)
    async with rt.lock:
        seat = room.authorize(rt, token, owner_ok=False)
        assert seat is not None
        if not isinstance(agree, bool):
            raise RoomError(400, "bad_answer", code="bad_request")
        pending = rt.undo
        if not isinstance(pending, PendingUndo):
            raise RoomError(409, "no_undo")
        if seat not in pending.waiting:
            raise RoomError(403, "not_asked_undo", seat=rt.labels[seat])
        pending.answers[seat] = agree
        rt.last_active = time.monotonic()
        return {"table": rt.id, "outcome": await _settle(room, rt, pending), "seq": rt.seq}


async def lapse(room: Room, rt: TableRuntime) -> bool:
    """The pending request lapses (the move timer ran out). Call with the table locked."""
    pending = rt.undo
    if not isinstance(pending, PendingUndo):
        return False
    rt.undo = None
    rt.notify({"type": "undo", "table": rt.id, "outcome": "lapsed", "seat": pending.seat})
    rt.broadcast(room.observer)
    room.kick(rt)
    return True


async def _settle(room: Room, rt: TableRuntime, pending: PendingUndo) -> str:
    if not all(pending.answers.values()):
        rt.undo = None
        rt.notify({"type": "undo", "table": rt.id, "outcome": "refused", "seat": pending.seat})
        rt.broadcast(room.observer)
        room.kick(rt)
        return "refused"
    if pending.waiting:
        rt.undo = pending
        rt.broadcast(room.observer)
        return "pending"
    rt.undo = None
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
