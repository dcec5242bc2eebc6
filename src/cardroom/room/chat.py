"""Chat at a table (issue 14, point 11): short texts from the people seated, to everyone watching.

* Only a seated person writes (a bot never does, the server never adds a word): a chat message is
  ``{"type": "chat", "n", "seat", "name", "text"}`` and nothing else — no view, no card, no state.
* A text is one line of at most :data:`MAX_TEXT` characters (control characters removed, spaces
  collapsed); an empty one is refused. A seat writes at most :data:`BURST` messages at once and one
  more every :data:`EVERY` seconds (429 beyond).
* Memory is bounded: a table keeps its last :data:`KEEP` messages (for a page that opens late), and
  nothing is stored: a restart starts with an empty chat.
* Each seated viewer may mute a seat: its messages are then not sent to him (over the socket) nor
  listed for him; a spectator's client mutes on its own side.
"""

from __future__ import annotations

import time
import unicodedata
from collections import deque
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from cardroom.room.engine import RoomError, TableRuntime, dumps

if TYPE_CHECKING:
    from cardroom.room.engine import Room

MAX_TEXT = 200
"""Characters of one chat message at most."""
KEEP = 50
"""Chat messages a table keeps for latecomers."""
BURST = 5
EVERY = 2.0
"""A seat writes at most BURST messages at once, then one every EVERY seconds."""


@dataclass
class _Bucket:
    tokens: float = float(BURST)
    at: float = field(default_factory=time.monotonic)

    def take(self, now: float) -> bool:
        self.tokens = min(float(BURST), self.tokens + (now - self.at) / EVERY)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


@dataclass
class TableChat:
    """One table's chat: the last messages, each seat's rate and each seated viewer's mutes."""

    log: deque[dict[str, Any]] = field(default_factory=lambda: deque(maxlen=KEEP))
    count: int = 0
    buckets: dict[int, _Bucket] = field(default_factory=dict)
    mutes: dict[int, set[int]] = field(default_factory=dict)

    def visible(self, viewer: int | None) -> list[dict[str, Any]]:
        muted = self.mutes.get(viewer, set()) if viewer is not None else set()
        return [m for m in self.log if m["seat"] not in muted]


def chat_of(rt: TableRuntime) -> TableChat:
    chat = rt.chat
    if not isinstance(chat, TableChat):
        chat = rt.chat = TableChat()
    return chat


def clean_text(text: Any) -> str:
    """One line of chat: text only, control characters dropped, white space collapsed; refused when
    empty or longer than :data:`MAX_TEXT`."""
    if not isinstance(text, str):
        raise RoomError(400, "chat_text", code="bad_request", most=MAX_TEXT)
    kept = "".join(" " if ch.isspace() else ch for ch in text if unicodedata.category(ch)[0] != "C" or ch.isspace())
    line = " ".join(kept.split())
    if not line:
        raise RoomError(400, "chat_text", code="bad_request", most=MAX_TEXT)
    if len(line) > MAX_TEXT:
        raise RoomError(400, "chat_too_long", code="chat_too_long", n=len(line), most=MAX_TEXT)
    return line


def _viewer(room: Room, rt: TableRuntime, token: str | None) -> int:
    seat = room.authorize(rt, token, owner_ok=False)
    assert seat is not None
    return seat


async def say(room: Room, table_id: str, token: str | None, text: Any) -> dict[str, Any]:
    """A seated person writes ``text``; everyone watching receives it (but those who muted him)."""
    rt = room.table(table_id)
    seat = _viewer(room, rt, token)
    line = clean_text(text)
    chat = chat_of(rt)
    if not chat.buckets.setdefault(seat, _Bucket()).take(time.monotonic()):
        raise RoomError(429, "chat_rate", code="chat_rate", headers={"Retry-After": str(int(EVERY + 0.999))},
                        every=EVERY)
    chat.count += 1
    message = {"type": "chat", "table": rt.id, "n": chat.count, "seat": seat, "name": rt.seats[seat].name,
               "text": line}
    chat.log.append(message)
    rt.last_active = time.monotonic()
    wire = dumps(message)
    for (viewer, _lang), subs in list(rt.subscribers.items()):
        if viewer is not None and seat in chat.mutes.get(viewer, ()):
            continue
        for send in list(subs):
            send(wire, False)
    return {"table": rt.id, "n": chat.count}


def listing(room: Room, table_id: str, token: str | None) -> dict[str, Any]:
    """The table's last chat messages as the token's seat sees them (a spectator without a token)."""
    rt = room.table(table_id)
    viewer = _viewer(room, rt, token) if token else None
    chat = chat_of(rt)
    return {"table": rt.id, "messages": chat.visible(viewer),
            "muted": sorted(chat.mutes.get(viewer, ())) if viewer is not None else []}


def mute(room: Room, table_id: str, token: str | None, seat: Any, on: Any) -> dict[str, Any]:
    """The token's seat mutes (``on`` true) or hears again a seat's chat."""
    rt = room.table(table_id)
    viewer = _viewer(room, rt, token)
    if isinstance(seat, bool) or not isinstance(seat, int) or not isinstance(on, bool):
        raise RoomError(400, "bad_mute", code="bad_request")
    room.check_seat(rt, seat)
    if seat == viewer:
        raise RoomError(400, "mute_self", code="bad_request")
    muted = chat_of(rt).mutes.setdefault(viewer, set())
    if on:
        muted.add(seat)
    else:
        muted.discard(seat)
    return {"table": rt.id, "muted": sorted(muted)}
