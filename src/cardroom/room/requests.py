"""What a table's requests share — a claim (:mod:`cardroom.room.claims`) and an undo by agreement
(:mod:`cardroom.room.undo`): the checks before a request or an action is taken (the ``seq``, the match
not over, no request pending), the request's opponents and their answers, the answer of one of them,
and the lapse of a request when the move timer runs out."""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from cardroom.room.engine import RoomError, TableRuntime

if TYPE_CHECKING:
    from cardroom.room.engine import Room


def check_turn(rt: TableRuntime, seq: Any) -> None:
    """Refuse an action or a request made at ``seq`` (the table locked): not a number, the match over, a
    stale ``seq``, a claim or an undo request pending (the opponents answer it first)."""
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


@dataclass
class Pending:
    """A request of ``seat`` its ``opponents`` have not all answered (their answers so far)."""

    seat: int
    opponents: tuple[int, ...]
    answers: dict[int, bool] = field(default_factory=dict)
    made: float = field(default_factory=time.monotonic)

    @property
    def waiting(self) -> list[int]:
        return [s for s in self.opponents if s not in self.answers]


@dataclass(frozen=True)
class Kind:
    """A kind of request: the table's field that holds it (``claim``, ``undo``), its type, the room's
    refusals when there is none or the seat is not asked, and how the answers settle it (the table
    locked; returns the outcome)."""

    attr: str
    type: type[Pending]
    none_key: str
    not_asked_key: str
    settle: Callable[[Room, TableRuntime, Any], Awaitable[str]]


async def answer(room: Room, kind: Kind, table_id: str, token: str | None, reply: Any) -> dict[str, Any]:
    """An opponent answers the pending request of ``kind``: ``reply`` true (accept, agree) or false."""
    rt = room.table(table_id)
    async with rt.lock:
        seat = room.authorize(rt, token, owner_ok=False)
        assert seat is not None
        if not isinstance(reply, bool):
            raise RoomError(400, "bad_answer", code="bad_request")
        pending = getattr(rt, kind.attr)
        if not isinstance(pending, kind.type):
            raise RoomError(409, kind.none_key)
        if seat not in pending.waiting:
            raise RoomError(403, kind.not_asked_key, seat=rt.labels[seat])
        pending.answers[seat] = reply
        rt.last_active = time.monotonic()
        return {"table": rt.id, "outcome": await kind.settle(room, rt, pending), "seq": rt.seq}


def lapse(room: Room, kind: Kind, rt: TableRuntime, notice: Callable[[Any], dict[str, Any]]) -> bool:
    """The pending request of ``kind`` lapses (the move timer ran out; the table locked): every seat is
    told (``notice(pending)``: the message) and play goes on. False when there is none."""
    pending = getattr(rt, kind.attr)
    if not isinstance(pending, kind.type):
        return False
    _close(room, kind, rt, notice(pending))
    return True


def undecided(room: Room, kind: Kind, rt: TableRuntime, pending: Pending, refused: str,
              refusal: dict[str, Any]) -> str | None:
    """How far the answers so far settle ``pending`` (the table locked): one refusal refuses it (every seat
    told ``refusal``; the outcome ``refused``), an opponent still to answer keeps it on the table
    (``pending``); None when every opponent accepted (the request off the table, the caller carries it
    out)."""
    if not all(pending.answers.values()):
        _close(room, kind, rt, refusal)
        return refused
    if pending.waiting:
        setattr(rt, kind.attr, pending)
        rt.broadcast(room.observer)
        return "pending"
    setattr(rt, kind.attr, None)
    return None


def _close(room: Room, kind: Kind, rt: TableRuntime, message: dict[str, Any]) -> None:
    """The request of ``kind`` is off the table: every seat is told ``message`` and play goes on."""
    setattr(rt, kind.attr, None)
    rt.notify(message)
    rt.broadcast(room.observer)
    room.kick(rt)
