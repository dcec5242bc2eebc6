"""The card room's club evenings: an evening made from a request (movement, tables, game, players),
computer players filling the empty seats, played through :mod:`cardroom.club.evening`, kept in the
room's memory with its JSON record, its standings and its printable card."""

from __future__ import annotations

import asyncio
import itertools
from dataclasses import dataclass, field, replace
from typing import Any

from cardroom.club.card import score_card
from cardroom.club.evening import Evening, EveningOptions, bot_names, prizes, seats_needed

MAX_TABLES = 4
"""An evening the room plays at once has at most this many tables (its bots play every deal)."""


@dataclass
class RoomEvenings:
    """The evenings of one room, by id."""

    evenings: dict[str, Evening] = field(default_factory=dict)
    _ids: itertools.count[int] = field(default_factory=lambda: itertools.count(1))

    def make(self, body: dict[str, Any], lang: str) -> Evening:
        """A new evening from a request body; :class:`cardroom.core.errors.CardroomError` (or ValueError,
        TypeError for a malformed field) when it cannot be made."""
        kind = str(body.get("movement", "duplicate"))
        tables = int(body.get("tables", 2))
        if not 1 <= tables <= MAX_TABLES:
            raise ValueError(f"tables: from 1 to {MAX_TABLES}")
        need = seats_needed(kind, tables)
        given = [str(p).strip() for p in body.get("players", []) if str(p).strip()][:need]
        players = given + [b for b in bot_names(need, lang) if b not in given][:need - len(given)]
        options = replace(EveningOptions(), deals_per_round=int(body.get("deals", 4)),
                          scoring=str(body.get("scoring", "to-the-score")))
        game = body.get("game")
        return Evening(kind, players, None if game is None else str(game), int(body.get("seed", 1)), options,
                       str(body.get("bots", "rule")))

    async def play(self, evening: Evening) -> str:
        """Play the evening (in a worker thread: the bots play every deal) and keep it; its id."""
        await asyncio.to_thread(evening.play)
        eid = f"e{next(self._ids)}"
        self.evenings[eid] = evening
        return eid

    def summary(self, eid: str, lang: str) -> dict[str, Any]:
        ev = self.evenings[eid]
        standings = ev.standings()
        return {"id": eid, "kind": ev.kind, "game": ev.game_name,
                "standings": [{"name": s.name, "points": s.points, "direction": s.direction, "table": s.table}
                              for s in standings],
                "prizes": [{"name": p.name, "points": p.points} for p in prizes(ev.kind, standings)],
                "record": ev.to_dict(), "card": f"/club/evenings/{eid}"}

    def card(self, eid: str, lang: str) -> str:
        return score_card(self.evenings[eid], lang, stylesheet="/club/evening.css")
