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
of the two pairs (:func:`cardroom.club.evening.six_turn`, the command line's rule).

An evening is stored in the room's store (``room_evenings``: its plan, and its progress rewritten at
every change, committed before the evening acts on it): a new table-round's entry, and a new table's
id before the table itself (so a process killed between the two finds the id and makes the table
then, with the same seed). At start-up (:meth:`RoomEvenings.restore`, called by ``Room.load`` before
any table is resumed) every evening is rebuilt from its row and its tables held at their next deal;
its task then resumes where it was, each table given back the boards it has not dealt yet, so the
evening ends as an uninterrupted one would. An evening whose row cannot be read or does not fit its
movement is set aside (logged, 410 ``evening_set_aside``) without stopping the others."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import logging
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from cardroom.club import movements as mv
from cardroom.club.card import score_card
from cardroom.club.evening import (
    KINDS,
    Evening,
    EveningError,
    EveningOptions,
    bot_names,
    options_from_dict,
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
from cardroom.core.errors import CardroomError
from cardroom.core.game import CHANCE
from cardroom.i18n.catalogue import Reason
from cardroom.room.engine import derived_seed, new_id
from cardroom.room.messages import msg
from cardroom.room.store import Problem, SeatEvent, StoredEvening, StoreError

if TYPE_CHECKING:
    from cardroom.room.engine import Room, TableRuntime

log = logging.getLogger("cardroom.room")
T = TypeVar("T")

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
                        for boards, tid in parts if (rt := room.tables.get(tid)) and rt.state.is_over]
                if done:
                    rubbers.append({"pairs": list(key), "segments": done})
            return {**self.plan.head(), "rubbers": rubbers, "log": six_log_dict(self.six_log)}
        out = []
        for tb in self.tables:
            segs = [{"offset": off, "boards": boards, "table_id": tid, "record": room.record(tid)}
                    for off, boards, tid in tb["segments"] if (rt := room.tables.get(tid)) and rt.state.is_over]
            if segs and len(segs) == len(tb["segments"]):
                out.append({**{k: v for k, v in tb.items() if k != "segments"}, "segments": segs})
        return {**self.plan.head(), "tables": out}

    # ------------------------------------------------------------------ stored
    def plan_text(self) -> str:
        """The stored plan: the evening's head (:meth:`Evening.head`) and its computer players."""
        return json.dumps({**self.plan.head(), "bots": sorted(self.bots)}, sort_keys=True)

    def progress_text(self) -> str:
        """The stored progress: the round begun last (six-handed: the deal), whether the evening is over
        (and why it failed), each table-round begun with its room tables (``segments``: offset, boards,
        table id); six-handed, each rubber's room tables (boards, table id) and the log of the deals' ends."""
        return json.dumps({"round": self.round, "over": self.over, "failed": self.failed,
                           "tables": [{**tb, "segments": [list(sg) for sg in tb["segments"]]}
                                      for tb in self.tables],
                           "six": [{"pairs": list(key), "segments": [[list(boards), tid] for boards, tid in segs]}
                                   for key, segs in self.six.items()],
                           "log": [[d, e, list(key), sat] for d, e, key, sat in self.six_log]}, sort_keys=True)

    @classmethod
    def from_stored(cls, st: StoredEvening) -> RoomEvening:
        """The evening of a stored row; :class:`EveningError` (or KeyError, TypeError, ValueError for a
        malformed field) when the row does not make an evening of the room."""
        head, progress = st.plan, st.progress
        if head.get("format") != "cardroom-evening" or head.get("kind") not in ROOM_KINDS:
            raise EveningError(Reason("club.not_evening"))
        plan = Evening(str(head["kind"]), [str(p) for p in head["players"]], str(head["game"]), int(head["seed"]),
                       options_from_dict(head))
        bots = {str(b) for b in head["bots"]}
        if not bots <= set(plan.players):
            raise EveningError(Reason("club.room_progress", why="bots"))
        sittings = {(r.number, s.table): s for r in plan.movement.rounds for s in r.sittings}
        made = plan.kind == "progressive" and plan.options.progressive_move == "winners"  # rounds after the 1st
        tables: list[dict[str, Any]] = []
        for tb in progress["tables"]:
            key = (int(tb["round"]), int(tb["table"]))
            if made and key[0] > 1:  # made from the last round's records: checked when the evening resumes
                seats = [str(tb["seats"][c]) for c in "NESW"]
                count = len(plan.movement.rounds[0].sittings)
                if len(set(seats)) != 4 or not set(seats) <= set(plan.players) or not 1 <= key[1] <= count \
                        or key[0] > (plan.options.rounds or count):  # Evening.next_round's last round
                    raise EveningError(Reason("club.room_progress", why=f"round {key[0]} table {key[1]}"))
                entry = {**table_dict(mv.Sitting(key[1], (seats[0], seats[1], seats[2], seats[3]),
                                                 tuple(int(b) for b in tb["boards"])), [], key[0]), "segments": []}
            else:
                s = sittings.get(key)
                entry = {**table_dict(s, [], key[0]), "segments": []} if s is not None else {}
                if not entry or {k: tb[k] for k in ("seats", "boards")} != {k: entry[k] for k in ("seats", "boards")}:
                    raise EveningError(Reason("club.room_progress", why=f"round {key[0]} table {key[1]}"))
            for off, boards, tid in tb["segments"]:
                entry["segments"].append((int(off), [int(b) for b in boards], _table_id(tid)))
            tables.append(entry)
        six: dict[tuple[str, str], list[tuple[list[int], str]]] = {}
        log_: list[tuple[int, int, tuple[str, str], bool]] = []
        if plan.kind == "six-handed":
            cycle = six_handed(plan.players, plan.options.six_deals, plan.options.six_printed_moves)
            ends = {(d.number, e.position): e.rubber for d in cycle for e in d.ends}
            for rb in progress.get("six", []):
                pairs = (str(rb["pairs"][0]), str(rb["pairs"][1]))
                if pairs not in ends.values() or pairs in six:
                    raise EveningError(Reason("club.room_progress", why=f"rubber {pairs}"))
                six[pairs] = [([int(b) for b in boards], _table_id(tid)) for boards, tid in rb["segments"]]
            for d, e, pairs, sat in progress.get("log", []):
                key6 = (str(pairs[0]), str(pairs[1]))
                if ends.get((int(d), int(e))) != key6 or not isinstance(sat, bool):
                    raise EveningError(Reason("club.room_progress", why=f"deal {d}"))
                log_.append((int(d), int(e), key6, sat))
        elif progress.get("six") or progress.get("log"):
            raise EveningError(Reason("club.room_progress", why="six"))
        failed = progress.get("failed")
        return cls(st.id, plan, bots, tables, int(progress["round"]), progress["over"] is True,
                   failed=None if failed is None else str(failed), six=six, six_log=log_)


def _table_id(value: Any) -> str:
    if not isinstance(value, str) or not value:
        raise EveningError(Reason("club.room_progress", why="table id"))
    return value


def rebuild(st: StoredEvening) -> RoomEvening | Problem:
    """The evening of a stored row, or why it is set aside (the room's start-up and ``cardroom room
    quarantine`` alike)."""
    if st.problem is not None:
        return st.problem
    try:
        return RoomEvening.from_stored(st)
    except EveningError as e:
        return Problem("q.evening", {"why": e.text()})
    except Exception as e:  # anything else in a malformed row: this evening only
        return Problem("q.evening", {"why": f"{type(e).__name__}: {e}"})


@dataclass
class StoredParts:
    """What the room's stored parts (its evenings, tournaments and knock-outs: each a task playing its
    tables) share: resuming the restored ones at start-up and stopping their tasks when the server stops
    (they resume at the next start). A part lists its items (:meth:`items`, each with ``over`` and
    ``task``) and starts one (``start``)."""

    set_aside: dict[str, Problem] = field(default_factory=dict)
    """Stored items that could not be rebuilt at start-up (not served: 410), by id."""
    _ids: itertools.count[int] = field(default_factory=lambda: itertools.count(1))
    ADD_ROW: ClassVar[str] = ""
    SAVE_ROW: ClassVar[str] = ""
    """The store's methods that add an item's row and save its progress (``add_evening``, …)."""

    ITEMS: ClassVar[str] = ""
    """The name of the part's dict of items by id (``evenings``, ``tournaments``, ``knockouts``)."""

    def by_id(self) -> dict[str, Any]:
        """The part's items by id."""
        got: dict[str, Any] = getattr(self, self.ITEMS)
        return got

    def make(self, body: dict[str, Any], lang: str) -> Any:
        """A new item from a request's body (not yet stored nor begun); :class:`CardroomError` (or
        ValueError, TypeError) when the body makes none."""
        raise NotImplementedError

    def items(self) -> Iterable[Any]:
        return self.by_id().values()

    def keep(self, item: Any) -> None:
        """Keep a new item among the part's, by its id."""
        self.by_id()[item.id] = item

    async def _run(self, room: Room, item: Any) -> None:
        raise NotImplementedError

    NOUN: ClassVar[str] = ""
    """What an item is called in the log ("club evening", "tournament", "knock-out")."""

    def _failed(self, item: Any, e: Exception) -> None:
        """The item cannot go on: its reason kept (``failed``) and logged."""
        item.failed = e.text() if isinstance(e, CardroomError) else str(e)
        log.error("%s %s failed: %s", self.NOUN, item.id, item.failed)

    async def _end(self, room: Room, item: Any) -> None:
        """The item is over (played out or failed): stored so, or the store's refusal logged."""
        item.over = True
        try:
            await self._save(room, item)
        except Exception as e:
            log.error("%s %s: its end could not be stored: %s", self.NOUN, item.id, e)

    async def add(self, room: Room, item: Any) -> None:
        """Store a new item (``make``: its plan written once, its progress), then keep it."""
        await room.store.call(getattr(room.store.store, self.ADD_ROW), item.id, item.plan_text(),
                              item.progress_text())
        self.keep(item)

    def start(self, room: Room, item: Any) -> None:
        item.task = asyncio.get_running_loop().create_task(self._run(room, item))

    async def _save(self, room: Room, item: Any) -> None:
        """Store the item's progress as it is now; a refusal is tried again as a table's driver does
        (``Room.store_retries``), then raised. The text is taken at each attempt, in the event loop: the
        store's one worker thread writes the texts in the order they were taken, so the last one written
        is the newest (a retry never writes back an older progress)."""
        await save_progress(room, getattr(room.store.store, self.SAVE_ROW), item.id, item.progress_text)

    def start_all(self, room: Room) -> None:
        """Resume every restored item that is not over."""
        for item in list(self.items()):
            if not item.over and item.task is None:
                self.start(room, item)

    async def close(self) -> None:
        """Stop the items' tasks (a server that stops: they resume at the next start)."""
        for item in list(self.items()):
            task = item.task
            if task is not None and not task.done():
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task


def hold_tables(room: Room, table_ids: Iterable[str]) -> None:
    """Restored board tables that are not over wait at their next deal (``deals`` empty) until their part
    gives them back their boards."""
    for tid in table_ids:
        rt = room.tables.get(tid)
        if rt is not None and not rt.state.is_over:
            rt.deals = []


@dataclass
class RoomEvenings(StoredParts):
    """The evenings of one room, by id; each stored in the room's store (``room_evenings``) and
    rebuilt at start-up (:meth:`restore`)."""

    evenings: dict[str, RoomEvening] = field(default_factory=dict)

    def restore(self, room: Room, stored: list[StoredEvening]) -> None:
        """Rebuild the stored evenings (``Room.load``'s ``prepare``: the tables are rebuilt, none is
        resumed yet). The unfinished table of a board sitting (or of a six-handed rubber) is held at its
        next deal (its ``deals`` empty) until the evening's task gives it its boards still to come
        (:meth:`start_all`). An evening that cannot be rebuilt is set aside with one log line; the others
        go on."""
        rebuilt, last = rebuild_rows(stored, "e", rebuild, self.set_aside, "log.evening_set_aside")
        for ev in rebuilt:
            self.evenings[ev.id] = ev
            if ev.over:
                continue
            board_tables = {tid for tb in ev.tables if tb["boards"] for _, _, tid in tb["segments"]}
            hold_tables(room, board_tables | {tid for segs in ev.six.values() for _, tid in segs})
        self._ids = itertools.count(last + 1)

    ITEMS, NOUN, ADD_ROW, SAVE_ROW = "evenings", "club evening", "add_evening", "save_evening"

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
        return RoomEvening(f"e{next(self._ids)}", plan, set(bots))


    async def _run(self, room: Room, ev: RoomEvening) -> None:
        """Play the evening's rounds; a round whose entries are stored (a restarted evening) goes on with
        its stored tables."""
        try:
            if ev.plan.kind == "six-handed":
                await self._six(room, ev)
            number = 1
            while ev.plan.kind != "six-handed" and \
                    (rnd := ev.plan.next_round(number, rows_from_dict(ev.data(room)))) is not None:
                number += 1
                entries = {e["table"]: e for e in ev.tables if e["round"] == rnd.number}
                wanted = {s.table: {**table_dict(s, [], rnd.number), "segments": []} for s in rnd.sittings}
                if not entries:
                    ev.round = rnd.number
                    ev.tables += wanted.values()
                    entries = wanted
                    await self._save(room, ev)
                elif sorted(entries) != sorted(wanted) or any(
                        (entries[n]["seats"], entries[n]["boards"]) != (w["seats"], w["boards"])
                        for n, w in wanted.items()):  # a stored round that is not the one its records make
                    raise EveningError(Reason("club.room_progress", why=f"round {rnd.number}"))
                await asyncio.gather(*(self._sitting(room, ev, s, entries[s.table]) for s in rnd.sittings))
        except Exception as e:
            self._failed(ev, e)
        await self._end(room, ev)

    async def _segment(self, room: Room, ev: RoomEvening, entry: dict[str, Any], k: int, seats: tuple[str, ...],
                       offset: int, deals: list[Any] | None) -> TableRuntime:
        """The room table of the table-round's ``k``-th segment: its stored table, given back the boards of
        ``deals`` it has not dealt yet; else a new table, its id stored first (a process killed before the
        table is stored makes it at the next start, with the same id and seed)."""
        segs = entry["segments"]
        if k == len(segs):
            segs.append((offset, [], new_id()))
            await self._save(room, ev)
        return await self._ensure(room, ev, segs[k][2], seats, offset, deals,
                                  f"{entry['round']}/{entry['table']}/{k}")

    async def _ensure(self, room: Room, ev: RoomEvening, tid: str, seats: tuple[str, ...], offset: int,
                      deals: list[Any] | None, key: str, boards: int | None = None) -> TableRuntime:
        """The room table ``tid`` (its id stored): the table served, given back the ones of ``deals`` (all
        its boards) it has not dealt yet, and kicked; else made now (:meth:`_table`)."""
        rt = served(room, tid, deals)
        if rt is not None:
            return rt
        return await self._table(room, ev, seats, offset, deals, key, tid, boards)

    async def _table(self, room: Room, ev: RoomEvening, seats: tuple[str, ...], offset: int,
                     deals: list[Any] | None, key: str, table_id: str, boards: int | None = None) -> TableRuntime:
        """A room table for the sitting: the player of physical seat ``(s + offset) % 4`` at seat ``s``,
        computer players seated, ``deals`` its boards (None: it shuffles its own; ``boards``: the game's
        number of boards when it has that option, by default the number of ``deals``)."""
        plan = ev.plan
        options = dict(plan.game_options)
        if "boards" in type(plan.game).option_schema() and deals is not None:
            options["boards"] = len(deals) if boards is None else boards
        events = [SeatEvent(s, "bot", seats[(s + offset) % 4], None) for s in range(4)
                  if seats[(s + offset) % 4] in ev.bots]
        rt, _ = await room.create_table(plan.game_name, options, seed=derived_seed(plan.seed, ev.id, key),
                                        seat_events=events, practice=True, table_id=table_id)
        rt.deals = deals  # set before the driver (kicked, not yet run) deals the first board
        return rt

    async def _sitting(self, room: Room, ev: RoomEvening, s: Sitting, entry: dict[str, Any]) -> None:
        """Play one table-round in room tables until its boards (or its rubbers) are played; a stored
        segment's table is played on (or, over, passed)."""
        if not s.boards:
            for k in range(s.rubbers):
                rt = await self._segment(room, ev, entry, k, s.seats, 0, None)
                await _until(lambda r=rt: r.state.is_over)
            return
        boards = [ev.plan.board(b) for b in s.boards]
        k = 0
        while boards:
            off = int(boards[0].dealer)
            rt = await self._segment(room, ev, entry, k, s.seats, off, [turned_deal(b.hands, off) for b in boards])
            await _until(lambda r=rt: r.state.is_over or (r.state.to_act == CHANCE and not r.deals))
            if not rt.state.is_over:
                await room.end_for_evening(rt)
            played = [b.number for b in boards[:len(rt.state.results)]]
            if entry["segments"][k][1] != played:
                entry["segments"][k] = (off, played, rt.id)
                await self._save(room, ev)
            boards = boards[len(played):]
            k += 1

    async def _six(self, room: Room, ev: RoomEvening) -> None:
        """A six-handed evening: deal after deal of the 6-cycle, each end's deal at its rubber's table. The
        ends' turns of a deal (and a new rubber's table id) are stored before any is played; a restarted
        evening passes the deals played and plays the stored one on with its stored tables."""
        plan = ev.plan
        cycle = list(six_handed(plan.players, plan.options.six_deals, plan.options.six_printed_moves))
        ends = {(deal.number, end.rubber): end for deal in cycle for end in deal.ends}
        last = {key: sat for _, _, key, sat in ev.six_log}
        waiting = {key for key, sat in last.items() if sat}  # a rubber that sat out begins anew (six_turn)
        logged = {d for d, *_ in ev.six_log}
        for deal in cycle:
            if deal.number in logged and deal.number != ev.round:
                continue  # played before the stop
            if deal.number not in logged:
                ev.round = deal.number
                for end in deal.ends:
                    key = end.rubber
                    segs = ev.six.setdefault(key, [])
                    turn = six_turn(key, None if not segs else self._served(room, segs[-1][1]).state.is_over,
                                    waiting)
                    ev.six_log.append((deal.number, end.position, key, turn == "sit"))
                    if turn == "sit":
                        continue
                    if turn == "new":
                        segs.append(([], new_id()))
                    segs[-1][0].append(deal.number)
                await self._save(room, ev)
            playing = []
            for d, _, key, sat in ev.six_log:
                if d != deal.number or sat:
                    continue
                boards, tid = ev.six[key][-1]
                playing.append(await self._ensure(room, ev, tid, six_seats(plan.players, key), 0,
                                                  [six_deal(plan.seed, b, ends[(b, key)]) for b in boards],
                                                  f"six/{key[0]}{key[1]}/{len(ev.six[key]) - 1}", boards=1))
            await asyncio.gather(*(_until(lambda r=rt: r.state.is_over or (r.state.to_act == CHANCE and not r.deals))
                                   for rt in playing))
        for segs in ev.six.values():
            if segs and not (rt := self._served(room, segs[-1][1])).state.is_over:
                await room.end_for_evening(rt)

    @staticmethod
    def _served(room: Room, tid: str) -> TableRuntime:
        rt = room.tables.get(tid)
        if rt is None:
            raise EveningError(Reason("club.room_table_set_aside", table=tid))
        return rt

    def summary(self, room: Room, ev: RoomEvening, lang: str) -> dict[str, Any]:
        data = ev.data(room)
        standings = recompute(data) if data.get("tables") or data.get("rubbers") else []

        def made(tid: str) -> bool:  # not a table the evening is making (its id stored, not yet the table)
            return tid in room.tables or tid in room.quarantined

        tables = [{"round": tb["round"], "table": tb["table"], "seats": tb["seats"], "boards": tb["boards"],
                   "segments": [{"table_id": tid, "offset": off, "boards": boards}
                                for off, boards, tid in tb["segments"] if made(tid)]} for tb in ev.tables]
        if ev.plan.kind == "six-handed":  # a table a rubber of two pairs, each of its room tables a segment
            tables = [{"round": 1, "table": i + 1, "pairs": list(key),
                       "seats": dict(zip("NESW", six_seats(ev.plan.players, key), strict=True)),
                       "boards": [b for boards, _ in segs for b in boards],
                       "segments": [{"table_id": tid, "offset": 0, "boards": list(boards)} for boards, tid in segs
                                    if made(tid)]}
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


def rebuild_rows(stored: list[StoredEvening], prefix: str, make: Callable[[StoredEvening], T | Problem],
                 set_aside: dict[str, Problem], log_key: str) -> tuple[list[T], int]:
    """The stored rows (evenings, tournaments) rebuilt by ``make``, and the highest number of an id
    ``prefix`` + digits among them (the next one made gets a greater one); a row that cannot be rebuilt
    is put in ``set_aside`` with one log line (``log_key``), and the others go on."""
    last, out = 0, []
    for st in stored:
        if st.id[:len(prefix)] == prefix and st.id[len(prefix):].isdigit():
            last = max(last, int(st.id[len(prefix):]))
        got = make(st)
        if isinstance(got, Problem):
            set_aside[st.id] = got
            log.error("%s", msg(log_key, "en", id=st.id, reason=got.text()))
            continue
        out.append(got)
    return out, last


async def save_progress(room: Room, save: Callable[[str, str], None], key: str, text: Callable[[], str]) -> None:
    """Store a row's progress (``save``: the store's method, ``text``: the progress as it is now); a
    refusal is tried again as a table's driver does (``Room.store_retries``), then raised. The text is
    taken at each attempt, in the event loop: the store's one worker thread writes the texts in the
    order they were taken, so the last one written is the newest (a retry never writes back an older
    progress)."""
    for attempt in range(room.store_retries + 1):
        try:
            await room.store.call(save, key, text())
            return
        except StoreError:
            if attempt == room.store_retries:
                raise
            await asyncio.sleep(min(8.0, room.store_retry_pause * 2 ** attempt))


def served(room: Room, tid: str, deals: list[Any] | None) -> TableRuntime | None:
    """The room table ``tid`` of a stored plan if the room has it, given back the ones of ``deals`` (all
    its boards) it has not dealt yet and kicked; None when it is still to be made (its id stored, the
    table not: a process killed between the two); :class:`EveningError` when it was set aside."""
    rt = room.tables.get(tid)
    if rt is not None:
        if deals is not None and not rt.state.is_over:
            dealt = len(rt.state.results) + (0 if rt.state.to_act == CHANCE else 1)
            rt.deals = deals[dealt:]
            room.kick(rt)
        return rt
    if tid in room.quarantined:
        raise EveningError(Reason("club.room_table_set_aside", table=tid))
    return None


async def _until(done: Any) -> None:
    while not done():
        await asyncio.sleep(POLL)
