"""The card room's club evenings: an evening made from a request (movement, tables, game, players) whose
tables are the room's own tables, created round after round with the movement's seats, computer players
in the seats no person takes, and each table given the round's boards as its deals (the engine's
``TableRuntime.deals`` hook). The standings and the printable card are read from the tables' records.

One table-round is one room table, or more when its match ends before its boards do (a rubber won
early: the next boards go to a new table turned to their dealer); a table whose boards are used up
before its match ends is ended unfinished by the evening (``Room.end_for_evening``). A person named
among the players sits at his seat through the table's ordinary ``sit``; the evening waits for him.

A progressive evening whose winners move makes each round from the last one's records
(:meth:`Evening.next_round`). A six-handed evening (§6.9) is one room table per rubber, the three rubbers
A–B, A–C, B–C at once: at each deal of the 6-cycle the two ends' rubbers are each given that end's cards
(the third table waits), a rubber won sits its end out one deal and a new table begins the next rubber
of the two pairs (:func:`cardroom.club.evening.six_turn`, the command line's rule)."""

from __future__ import annotations

import asyncio
import itertools
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from cardroom.club.card import score_card
from cardroom.club.evening import (
    KINDS,
    Evening,
    EveningError,
    EveningOptions,
    bot_names,
    prizes,
    recompute,
    rows_from_dict,
    seats_needed,
    six_deal,
    six_log_dict,
    six_turn,
    table_dict,
    turned_deal,
)
from cardroom.club.movements import Sitting, six_handed, six_seats
from cardroom.core.game import CHANCE
from cardroom.i18n.catalogue import Reason
from cardroom.room.engine import derived_seed
from cardroom.room.store import SeatEvent

if TYPE_CHECKING:
    from cardroom.room.engine import Room, TableRuntime

MAX_TABLES = 4
"""An evening in the room has at most this many tables."""
ROOM_KINDS = KINDS
"""The movements the room plays in its own tables (every one)."""
POLL = 0.05
"""Seconds between two looks at an evening's tables."""


@dataclass
class RoomEvening:
    """One evening in the room: its plan (an unplayed :class:`Evening`), the room tables of each
    table-round (``segments``: offset, boards, table id), and whether it is over."""

    id: str
    plan: Evening
    bots: set[str]
    tables: list[dict[str, Any]] = field(default_factory=list)  # round, table, seats, boards, segments
    round: int = 0
    over: bool = False
    task: asyncio.Task[None] | None = None
    failed: str | None = None
    six: dict[tuple[str, str], list[tuple[list[int], str]]] = field(default_factory=dict)  # rubber -> (boards, id)
    six_log: list[tuple[int, int, tuple[str, str], bool]] = field(default_factory=list)  # deal, end, rubber, sat out

    def data(self, room: Room) -> dict[str, Any]:
        """The evening's JSON from the records of its finished room tables (the records the room publishes)."""
        if self.plan.kind == "six-handed":
            rubbers = []
            for key, parts in self.six.items():
                done = [{"offset": 0, "boards": list(boards), "record": room.record(tid)}
                        for boards, tid in parts if room.table(tid).state.is_over]
                if done:
                    rubbers.append({"pairs": list(key), "segments": done})
            return {**self.plan.head(), "rubbers": rubbers, "log": six_log_dict(self.six_log)}
        out = []
        for tb in self.tables:
            segs = [{"offset": off, "boards": boards, "table_id": tid, "record": room.record(tid)}
                    for off, boards, tid in tb["segments"] if room.table(tid).state.is_over]
            if segs and len(segs) == len(tb["segments"]):
                out.append({**{k: v for k, v in tb.items() if k != "segments"}, "segments": segs})
        return {**self.plan.head(), "tables": out}


@dataclass
class RoomEvenings:
    """The evenings of one room, by id (in memory: a restarted server forgets them; their tables stay)."""

    evenings: dict[str, RoomEvening] = field(default_factory=dict)
    _ids: itertools.count[int] = field(default_factory=lambda: itertools.count(1))

    def make(self, body: dict[str, Any], lang: str) -> RoomEvening:
        """A new evening from a request body; :class:`EveningError` (or ValueError, TypeError for a malformed
        field) when it cannot be made."""
        kind = str(body.get("movement", "duplicate"))
        move = body.get("progressive_move")
        if move is not None and kind in KINDS and kind != "progressive":
            raise EveningError(Reason("club.progressive_only", move=str(move), kind=kind))
        tables = int(body.get("tables", 2))
        if not 1 <= tables <= MAX_TABLES:
            raise EveningError(Reason("club.room_tables", most=MAX_TABLES))
        need = seats_needed(kind, tables)
        given = [str(p).strip() for p in body.get("players", []) if str(p).strip()][:need]
        bots = [b for b in bot_names(need, lang) if b not in given][:need - len(given)]
        options = replace(EveningOptions(), deals_per_round=int(body.get("deals", 4)),
                          scoring=str(body.get("scoring", "to-the-score")),
                          progressive_move=str(move or "east-west"), six_deals=int(body.get("six_deals", 12)))
        game = body.get("game")
        plan = Evening(kind, given + bots, None if game is None else str(game), int(body.get("seed", 1)), options)
        ev = RoomEvening(f"e{next(self._ids)}", plan, set(bots))
        self.evenings[ev.id] = ev
        return ev

    def start(self, room: Room, ev: RoomEvening) -> None:
        ev.task = asyncio.get_running_loop().create_task(self._run(room, ev))

    async def _run(self, room: Room, ev: RoomEvening) -> None:
        try:
            if ev.plan.kind == "six-handed":
                await self._six(room, ev)
            number = 1
            while ev.plan.kind != "six-handed" and \
                    (rnd := ev.plan.next_round(number, rows_from_dict(ev.data(room)))) is not None:
                number += 1
                ev.round = rnd.number
                entries = [{**table_dict(s, [], rnd.number), "segments": []} for s in rnd.sittings]
                ev.tables += entries
                await asyncio.gather(*(self._sitting(room, ev, s, e) for s, e in zip(rnd.sittings, entries,
                                                                                   strict=True)))
        except Exception as e:
            ev.failed = str(e)
        ev.over = True

    async def _table(self, room: Room, ev: RoomEvening, seats: tuple[str, ...], offset: int,
                     deals: list[Any] | None, key: str) -> TableRuntime:
        """A room table for the sitting: the player of physical seat ``(s + offset) % 4`` at seat ``s``,
        computer players seated, ``deals`` its boards (None: it shuffles its own)."""
        plan = ev.plan
        options = dict(plan.game_options)
        if "boards" in type(plan.game).option_schema() and deals is not None:
            options["boards"] = len(deals)
        events = [SeatEvent(s, "bot", seats[(s + offset) % 4], None) for s in range(4)
                  if seats[(s + offset) % 4] in ev.bots]
        rt, _ = await room.create_table(plan.game_name, options, seed=derived_seed(plan.seed, ev.id, key),
                                        seat_events=events, practice=True)
        rt.deals = deals  # set before the driver (kicked, not yet run) deals the first board
        return rt

    async def _sitting(self, room: Room, ev: RoomEvening, s: Sitting, entry: dict[str, Any]) -> None:
        """Play one table-round in room tables until its boards (or its rubbers) are played."""
        if not s.boards:
            for k in range(s.rubbers):
                rt = await self._table(room, ev, s.seats, 0, None, f"{entry['round']}/{s.table}/{k}")
                entry["segments"].append((0, [], rt.id))
                await _until(lambda r=rt: r.state.is_over)
            return
        boards = [ev.plan.board(b) for b in s.boards]
        k = 0
        while boards:
            off = int(boards[0].dealer)
            rt = await self._table(room, ev, s.seats, off, [turned_deal(b.hands, off) for b in boards],
                                   f"{entry['round']}/{s.table}/{k}")
            entry["segments"].append((off, [], rt.id))
            await _until(lambda r=rt: r.state.is_over or (r.state.to_act == CHANCE and not r.deals))
            if not rt.state.is_over:
                await room.end_for_evening(rt)
            played = len(rt.state.results)
            entry["segments"][-1] = (off, [b.number for b in boards[:played]], rt.id)
            boards = boards[played:]
            k += 1

    async def _six(self, room: Room, ev: RoomEvening) -> None:
        """A six-handed evening: deal after deal of the 6-cycle, each end's deal at its rubber's table."""
        plan, waiting = ev.plan, set[tuple[str, str]]()
        for deal in six_handed(plan.players, plan.options.six_deals, plan.options.six_printed_moves):
            ev.round = deal.number
            playing = []
            for end in deal.ends:
                key = end.rubber
                segs = ev.six.setdefault(key, [])
                turn = six_turn(key, None if not segs else room.table(segs[-1][1]).state.is_over, waiting)
                ev.six_log.append((deal.number, end.position, key, turn == "sit"))
                if turn == "sit":
                    continue
                cards = six_deal(plan.seed, deal.number, end)
                if turn == "new":
                    rt = await self._table(room, ev, six_seats(plan.players, key), 0, [cards],
                                           f"six/{key[0]}{key[1]}/{len(segs)}")
                    segs.append(([], rt.id))
                else:
                    rt = room.table(segs[-1][1])
                    assert rt.deals is not None
                    rt.deals.append(cards)
                    room.kick(rt)
                segs[-1][0].append(deal.number)
                playing.append(rt)
            await asyncio.gather(*(_until(lambda r=rt: r.state.is_over or (r.state.to_act == CHANCE and not r.deals))
                                   for rt in playing))
        for segs in ev.six.values():
            if segs and not (rt := room.table(segs[-1][1])).state.is_over:
                await room.end_for_evening(rt)

    def summary(self, room: Room, ev: RoomEvening, lang: str) -> dict[str, Any]:
        data = ev.data(room)
        standings = recompute(data) if data.get("tables") or data.get("rubbers") else []
        tables = [{"round": tb["round"], "table": tb["table"], "seats": tb["seats"], "boards": tb["boards"],
                   "segments": [{"table_id": tid, "offset": off, "boards": boards}
                                for off, boards, tid in tb["segments"]]} for tb in ev.tables]
        if ev.plan.kind == "six-handed":  # a table a rubber of two pairs, each of its room tables a segment
            tables = [{"round": 1, "table": i + 1, "pairs": list(key),
                       "seats": dict(zip("NESW", six_seats(ev.plan.players, key), strict=True)),
                       "boards": [b for boards, _ in segs for b in boards],
                       "segments": [{"table_id": tid, "offset": 0, "boards": list(boards)} for boards, tid in segs]}
                      for i, (key, segs) in enumerate(ev.six.items())]
        return {"id": ev.id, "kind": ev.plan.kind, "game": ev.plan.game_name, "over": ev.over, "round": ev.round,
                "failed": ev.failed, "tables": tables, **({"log": data["log"]} if "log" in data else {}),
                "standings": [{"name": s.name, "points": s.points, "direction": s.direction, "table": s.table}
                              for s in standings],
                "prizes": [{"name": p.name, "points": p.points} for p in prizes(ev.plan.kind, standings)],
                "card": f"/club/evenings/{ev.id}"}

    def card(self, room: Room, ev: RoomEvening, lang: str) -> str:
        """The printable card of the table-rounds finished so far, read from their records."""
        shown = Evening(ev.plan.kind, ev.plan.players, ev.plan.game_name, ev.plan.seed, ev.plan.options)
        shown.load(ev.data(room))
        return score_card(shown, lang, stylesheet="/club/evening.css")


async def _until(done: Any) -> None:
    while not done():
        await asyncio.sleep(POLL)
