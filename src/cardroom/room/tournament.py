"""The card room's preferans tournaments (document 004; :mod:`cardroom.club.tournament`): registration
(named participants, computer players for the missing ones), seating by the movement table round after
round, each board of the round's set dealt at a room table of its own (a one-deal pulka, the board's
cards through the engine's ``TableRuntime.deals`` hook, as the club evening's boards), and the
protocol, match points and standings read from the tables' records alone. The arbiter (the director's
page) may give artificial adjusted results to a deal's seats.

A person named among the participants sits at his seat through the table's ordinary ``sit``; the
tournament waits for him.

Tournaments and knock-outs are stored as the club evenings are (``room_tournaments``: the plan, and the
progress rewritten at every change — a round's sittings, a new table's id before the table itself, a
board played, an arbiter's ruling — committed before the tournament acts on it; the shared helpers of
:mod:`cardroom.room.evening`). At start-up (:meth:`RoomTournaments.restore`, in ``Room.load``'s
``prepare``, before any table resumes) each is rebuilt from its row, its unfinished board tables held at
their next deal, and its task resumes where it was; a row that cannot be rebuilt, or does not fit its
movement, is set aside (logged, 410 ``tournament_set_aside``) while the others go on."""

from __future__ import annotations

import asyncio
import itertools
import json
import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any, TypeVar

from cardroom.club import pref_movements as pm
from cardroom.club import tour_arbiter as arb
from cardroom.club import tournament as tr
from cardroom.club.evening import turned_deal
from cardroom.club.movements import Sitting
from cardroom.core.game import CHANCE
from cardroom.i18n.catalogue import Reason
from cardroom.room.engine import derived_seed, new_id
from cardroom.room.evening import StoredParts, _until, hold_tables, rebuild_rows, served
from cardroom.room.store import Problem, SeatEvent, StoredEvening

log = logging.getLogger("cardroom.room")
T = TypeVar("T")

if TYPE_CHECKING:
    from cardroom.room.engine import Room, TableRuntime

MAX_DEALS = 8
PLAN_FORMAT = "cardroom-room-tournament"
KNOCKOUT_FORMAT = "cardroom-room-knockout"


def _bad(why: str) -> tr.TournamentError:
    return tr.TournamentError(Reason("club.room_progress", why=why))


def _table_id(value: Any) -> str:
    if not isinstance(value, str) or not value:
        raise _bad("table id")
    return value


def _rebuild(st: StoredEvening, make: Callable[[StoredEvening], T]) -> T | Problem:
    """The tournament (knock-out) of a stored row by ``make``, or why it is set aside."""
    if st.problem is not None:
        return st.problem
    try:
        return make(st)
    except tr.TournamentError as e:
        return Problem("q.tournament", {"why": e.text()})
    except Exception as e:  # anything else in a malformed row: this tournament only
        return Problem("q.tournament", {"why": f"{type(e).__name__}: {e}"})


def rebuild(st: StoredEvening) -> RoomTournament | RoomKnockout | Problem:
    """The tournament or knock-out (an id ``k…``) of a stored row, or why it is set aside (the room's
    start-up and ``cardroom room quarantine`` alike)."""
    if st.id.startswith("k"):
        return _rebuild(st, RoomKnockout.from_stored)
    return _rebuild(st, RoomTournament.from_stored)


def _made(room: Room, tid: str) -> bool:
    """Not a table the tournament is making (its id stored, not yet the table): a summary lists the made."""
    return tid in room.tables or tid in room.quarantined


@dataclass
class RoomTournament:
    """One tournament in the room: its plan (an unplayed :class:`Tournament`, for its schedule and boards),
    the room tables of each table-round, the arbiter's scores, and whether it is over."""

    id: str
    plan: tr.Tournament
    bots: set[str]
    sittings: list[dict[str, Any]] = field(default_factory=list)  # round, table, set, seats, segments
    rulings: list[dict[str, Any]] = field(default_factory=list)
    round: int = 0
    over: bool = False
    task: asyncio.Task[None] | None = None
    failed: str | None = None

    def data(self, room: Room) -> dict[str, Any]:
        """The tournament's record from the records of its finished room tables."""
        head = {k: v for k, v in self.plan.to_dict().items() if k not in ("sittings", "rulings", "protocol")}
        out = []
        for st in self.sittings:
            segs = [{"offset": off, "boards": boards, "table_id": tid, "record": room.record(tid)}
                    for off, boards, tid in st["segments"]
                    if boards and (rt := room.tables.get(tid)) is not None and rt.state.is_over]
            if segs:
                out.append({**{k: v for k, v in st.items() if k != "segments"}, "segments": segs})
        return {**head, "sittings": out, "rulings": list(self.rulings)}

    # ------------------------------------------------------------------ stored
    def plan_text(self) -> str:
        """The stored plan: the participants, seed and options, and who is a computer player."""
        return json.dumps({"format": PLAN_FORMAT, "players": self.plan.names, "seed": self.plan.seed,
                           "options": self.plan.options.to_dict(), "bots": sorted(self.bots)}, sort_keys=True)

    def progress_text(self) -> str:
        """The stored progress: the round begun last, whether it is over (and why it failed), each
        table-round begun with its room tables (``segments``: offset, boards played, table id) and the
        arbiter's rulings."""
        return json.dumps({"round": self.round, "over": self.over, "failed": self.failed,
                           "sittings": [{**st, "segments": [list(sg) for sg in st["segments"]]}
                                        for st in self.sittings],
                           "rulings": self.rulings}, sort_keys=True)

    @classmethod
    def from_stored(cls, st: StoredEvening) -> RoomTournament:
        """The tournament of a stored row; :class:`TournamentError` (or KeyError, TypeError, ValueError for
        a malformed field) when the row does not make a tournament of the room."""
        head, progress = st.plan, st.progress
        if head.get("format") != PLAN_FORMAT:
            raise tr.TournamentError(Reason("tour.not_tournament"))
        names = [str(p) for p in head["players"]]
        plan = tr.Tournament(names, int(head["seed"]), tr.TournamentOptions.from_dict(head["options"]))
        bots = {str(b) for b in head["bots"]}
        if not bots <= set(names):
            raise _bad("bots")
        sched = plan.schedule
        sittings = {(r.number, s.table): s for r in sched.movement.rounds for s in r.sittings}
        entries: list[dict[str, Any]] = []
        for e in progress["sittings"]:
            key = (int(e["round"]), int(e["table"]))
            s = sittings.get(key)
            if s is None or e["seats"] != dict(zip(tr.SEATS, s.seats, strict=True)) \
                    or e["set"] != sched.sets[key] or e["late"] is not False:
                raise _bad(f"round {key[0]} table {key[1]}")
            segs = []
            for k, (off, boards, tid) in enumerate(e["segments"]):
                board = plan.board(s.boards[k])  # one board a room table, in the set's order
                if int(off) != int(board.dealer) or [int(b) for b in boards] not in ([], [board.number]):
                    raise _bad(f"round {key[0]} table {key[1]} board {board.number}")
                segs.append((int(off), [int(b) for b in boards], _table_id(tid)))
            entries.append({"round": key[0], "table": key[1], "set": sched.sets[key], "late": False,
                            "seats": dict(zip(tr.SEATS, s.seats, strict=True)), "segments": segs})
        rulings = list(progress["rulings"])
        for r in rulings:  # as the protocol reads them (tr.lines_from_dict)
            (int(r["round"]), int(r["table"]), int(r["board"]))
            if len(r["scores"]) != 4:
                raise _bad("ruling")
            for sc in r["scores"]:
                Fraction(sc["value"]), str(sc["kind"])
        failed = progress.get("failed")
        rnd = int(progress["round"])
        if not 0 <= rnd <= sched.table.rounds:
            raise _bad(f"round {rnd}")
        return cls(st.id, plan, bots, entries, rulings, rnd, progress["over"] is True,
                   failed=None if failed is None else str(failed))

    def board_tables(self) -> set[str]:
        return {tid for e in self.sittings for _, _, tid in e["segments"]}


@dataclass
class RoomTournaments(StoredParts):
    """The tournaments of one room, by id; each stored in the room's store (``room_tournaments``) and
    rebuilt at start-up (:meth:`restore`)."""

    tournaments: dict[str, RoomTournament] = field(default_factory=dict)

    def restore(self, room: Room, stored: list[StoredEvening]) -> None:
        """Rebuild the stored tournaments (``Room.load``'s ``prepare``): the unfinished table of a board is
        held at its next deal (its ``deals`` empty) until the tournament's task gives its board back."""
        rows = [st for st in stored if not st.id.startswith("k")]
        got, last = rebuild_rows(rows, "t", lambda st: _rebuild(st, RoomTournament.from_stored), self.set_aside,
                                 "log.tournament_set_aside")
        for t in got:
            self.tournaments[t.id] = t
            if not t.over:
                hold_tables(room, t.board_tables())
        self._ids = itertools.count(last + 1)

    ITEMS, NOUN, ADD_ROW, SAVE_ROW = "tournaments", "tournament", "add_tournament", "save_tournament"

    def make(self, body: dict[str, Any], lang: str) -> RoomTournament:
        """A new tournament from a request body (participants, players, deals, variant, seed, autoplay);
        :class:`cardroom.core.errors.CardroomError` (or ValueError, TypeError) when it cannot be made."""
        n = int(body.get("participants", 12))
        if n not in pm.SIZES:
            raise tr.TournamentError(Reason("tour.no_movement", n=n, sizes=", ".join(map(str, pm.SIZES))))
        deals = int(body.get("deals", 2))
        if not 1 <= deals <= MAX_DEALS:
            raise tr.TournamentError(Reason("tour.room_deals", most=MAX_DEALS))
        names, bots = tr.with_bots([str(p) for p in body.get("players", [])], n, lang)
        given = names[:n - len(bots)]
        options = tr.TournamentOptions(variant=str(body.get("variant", "sochi")), deals=deals)
        plan = tr.Tournament(given + bots, int(body.get("seed", 1)), options)
        autoplay = body.get("autoplay", False)
        if not isinstance(autoplay, bool):
            raise TypeError("'autoplay' must be true or false")
        # autoplay: computer players play under the registered names too (a demonstration, a test)
        return RoomTournament(f"t{next(self._ids)}", plan, set(given + bots) if autoplay else set(bots))


    async def _run(self, room: Room, t: RoomTournament) -> None:
        """Play the rounds; a round whose sittings are stored (a restarted tournament) goes on with its
        stored tables."""
        try:
            for rnd in t.plan.schedule.movement.rounds:
                entries = {e["table"]: e for e in t.sittings if e["round"] == rnd.number}
                if not entries:
                    t.round = rnd.number
                    made = [{"round": rnd.number, "table": s.table, "set": t.plan.schedule.sets[(rnd.number, s.table)],
                             "late": False, "seats": dict(zip(tr.SEATS, s.seats, strict=True)), "segments": []}
                            for s in rnd.sittings]
                    t.sittings += made
                    entries = {e["table"]: e for e in made}
                    await self._save(room, t)
                elif sorted(entries) != sorted(s.table for s in rnd.sittings):
                    raise _bad(f"round {rnd.number}")
                await asyncio.gather(*(self._sitting(room, t, s, entries[s.table]) for s in rnd.sittings))
        except Exception as e:
            self._failed(t, e)
        await self._end(room, t)

    async def _table(self, room: Room, t: RoomTournament, seats: tuple[str, ...], offset: int, deal: Any,
                     key: str, table_id: str) -> TableRuntime:
        events = [SeatEvent(s, "bot", seats[(s + offset) % 4], None) for s in range(4)
                  if seats[(s + offset) % 4] in t.bots]
        options = {"variant": t.plan.options.variant, "players": 4}
        rt, _ = await room.create_table("preferans", options, seed=derived_seed(t.plan.seed, t.id, key),
                                        seat_events=events, practice=True, table_id=table_id)
        rt.deals = [deal]  # set before the driver deals
        return rt

    async def _sitting(self, room: Room, t: RoomTournament, s: Sitting, entry: dict[str, Any]) -> None:
        """Play one table-round: each board of the set at a room table of its own, turned to its dealer;
        a stored board's table is played on (or, over, passed). A new table's id is stored before the
        table (a process killed between the two makes it at the next start, with the same id and seed)."""
        segs = entry["segments"]
        for k, b in enumerate(t.plan.board(n) for n in s.boards):
            off = int(b.dealer)
            deal = turned_deal(b.hands, off, b.rest)
            if k == len(segs):
                segs.append((off, [], new_id()))
                await self._save(room, t)
            tid = segs[k][2]
            rt = served(room, tid, [deal]) or await self._table(
                room, t, s.seats, off, deal, f"{entry['round']}/{s.table}/{b.number}", tid)
            await _until(lambda r=rt: r.state.is_over or (r.state.to_act == CHANCE and not r.deals))
            if not rt.state.is_over:
                await room.end_for_evening(rt)
            if segs[k][1] != [b.number]:
                segs[k] = (off, [b.number], tid)
                await self._save(room, t)

    # ------------------------------------------------------------------ the arbiter
    async def rule(self, room: Room, t: RoomTournament, body: dict[str, Any]) -> dict[str, Any]:
        """The arbiter's ruling on a deal played (:func:`cardroom.club.tour_arbiter.decide`: ``rule`` —
        "adjusted" with ``faults`` by seat letter, or "11.3" … "11.7" with the facts — and the seats as
        letters): its artificial and cancelled results go into the protocol. The room's tables deal the
        boards themselves, so a ruling that has the deal put right and played again leaves the result as
        played. Kept with the tournament's record, stored before it is acknowledged (a refusal of the
        store: :class:`cardroom.room.store.StoreError`, and the ruling is not made)."""
        rnd, table, board = int(body["round"]), int(body["table"]), int(body["board"])
        facts = {k: v for k, v in body.items() if k not in ("round", "table", "board", "rule")}
        ruling = arb.decide(str(body.get("rule", "adjusted")), facts, {x: i for i, x in enumerate(tr.SEATS)})
        lines = tr.lines_from_dict(t.data(room))
        line = next((ln for ln in reversed(lines) if (ln.round, ln.table, ln.board) == (rnd, table, board)), None)
        if line is None:
            raise tr.TournamentError(Reason("tour.no_line", round=rnd, table=table, board=board))
        scores = tr.ruled_scores(line.scores, ruling, t.plan.options.plus)
        got = {"round": rnd, "table": table, "board": board, "ruling": ruling.to_dict(),
               "scores": [sc.to_dict() for sc in scores]}
        t.rulings.append(got)
        try:
            await self._save(room, t)
        except Exception:
            t.rulings.remove(got)
            raise
        return got
    def summary(self, room: Room, t: RoomTournament) -> dict[str, Any]:
        data = t.data(room)
        lines, standings = tr.recompute(data) if data["sittings"] else ([], [])
        mp = tr.match_points(lines, t.plan.options.win, t.plan.options.tie, t.plan.options.plus)
        sched = t.plan.schedule
        current = [{"table": s.table, "set": sched.sets[(t.round, s.table)],
                    "seats": dict(zip(tr.SEATS, s.seats, strict=True)),
                    "instructions": dict(pm.instructions(sched, s.table))}
                   for s in sched.movement.rounds[t.round - 1].sittings] if t.round else []
        return {"id": t.id, "participants": len(t.plan.names), "players": t.plan.names, "over": t.over,
                "round": t.round, "rounds": sched.table.rounds, "failed": t.failed, "current": current,
                "resting": list(sched.resting.get(t.round, ())),
                "sittings": [{"round": st["round"], "table": st["table"], "set": st["set"], "seats": st["seats"],
                              "segments": [{"table_id": tid, "offset": off, "boards": boards}
                                           for off, boards, tid in st["segments"] if _made(room, tid)]}
                             for st in t.sittings],
                "protocol": [{**ln.row(), "match_points": {tr.SEATS[s]: str(mp[(ln.round, ln.table, ln.board, s)])
                                                           for s in range(4)}} for ln in lines],
                "standings": [{"place": s.place, "number": s.number, "name": s.name, "points": str(s.points),
                               "percent": float(s.percent), "whists": str(s.whists)} for s in standings],
                "rulings": list(t.rulings), "page": f"/club/tournaments/{t.id}"}



# ---------------------------------------------------------------------------------------------- knock-out
@dataclass
class RoomKnockout:
    """A knock-out tournament in the room (§11.4): each round's tables are room tables, each playing a
    whole pulka; the winners (or the first two) of each go on; the last round is one table."""

    id: str
    players: list[str]
    bots: set[str]
    plan: list[list[int]]
    variant: str
    advance: int
    seed: int
    pulya: int | None
    tables: list[dict[str, Any]] = field(default_factory=list)  # round, table, players, table_id
    round: int = 0
    over: bool = False
    task: asyncio.Task[None] | None = None
    failed: str | None = None
    size: int = 4  # the largest table

    def results(self, room: Room) -> list[dict[str, Any]]:
        """Each finished table's balances and who goes on, from its published record alone."""
        from cardroom.records.registry import state_from_dict

        out = []
        for tb in self.tables:
            rt = room.tables.get(tb["table_id"])
            if rt is None or not rt.state.is_over:
                continue
            state = state_from_dict(room.record(tb["table_id"]))
            bal = [Fraction(b) for b in state.sheet.settle().balance]
            final = len(self.plan[tb["round"] - 1]) == 1
            out.append({**tb, "balances": [str(b) for b in bal],
                        "advance": list(tr.going_on(tb["players"], bal, self.advance, final))})
        return out

    # ------------------------------------------------------------------ stored
    def plan_text(self) -> str:
        return json.dumps({"format": KNOCKOUT_FORMAT, "players": self.players, "bots": sorted(self.bots),
                           "variant": self.variant, "advance": self.advance, "table_size": self.size,
                           "seed": self.seed, "pulya_length": self.pulya}, sort_keys=True)

    def progress_text(self) -> str:
        """The round begun last, whether it is over (and why it failed), each table begun (round, table,
        players, room table id)."""
        return json.dumps({"round": self.round, "over": self.over, "failed": self.failed, "tables": self.tables},
                          sort_keys=True)

    @classmethod
    def from_stored(cls, st: StoredEvening) -> RoomKnockout:
        """The knock-out of a stored row (its rounds' tables checked against its plan; who sits at a later
        round's tables is checked against the records when it resumes)."""
        head, progress = st.plan, st.progress
        if head.get("format") != KNOCKOUT_FORMAT:
            raise tr.TournamentError(Reason("tour.not_tournament"))
        players = [str(p) for p in head["players"]]
        bots = {str(b) for b in head["bots"]}
        if not bots <= set(players) or len(set(players)) != len(players):
            raise _bad("bots")
        advance, size = int(head["advance"]), int(head["table_size"])
        plan = tr.knockout_sizes(len(players), advance, size)
        pulya = head["pulya_length"]
        tables = []
        for tb in progress["tables"]:
            r, n = int(tb["round"]), int(tb["table"])
            four = [str(p) for p in tb["players"]]
            if not 1 <= r <= len(plan) or not 1 <= n <= len(plan[r - 1]) or len(four) != plan[r - 1][n - 1] \
                    or not set(four) <= set(players) or (r == 1 and four != tr.seatings(players, plan[0])[n - 1]):
                raise _bad(f"round {r} table {n}")
            tables.append({"round": r, "table": n, "players": four, "table_id": _table_id(tb["table_id"])})
        failed = progress.get("failed")
        return cls(st.id, players, bots, plan, str(head["variant"]), advance, int(head["seed"]),
                   None if pulya is None else int(pulya), tables, int(progress["round"]), progress["over"] is True,
                   failed=None if failed is None else str(failed), size=size)


@dataclass
class RoomKnockouts(StoredParts):
    """The knock-outs of one room, stored as the tournaments are (``room_tournaments``, ids ``k…``)."""

    knockouts: dict[str, RoomKnockout] = field(default_factory=dict)

    def restore(self, room: Room, stored: list[StoredEvening]) -> None:
        """Rebuild the stored knock-outs (their tables play whole pulkas of their own: nothing to hold)."""
        rows = [st for st in stored if st.id.startswith("k")]
        got, last = rebuild_rows(rows, "k", lambda st: _rebuild(st, RoomKnockout.from_stored), self.set_aside,
                                 "log.tournament_set_aside")
        self.knockouts.update((ko.id, ko) for ko in got)
        self._ids = itertools.count(last + 1)

    ITEMS, NOUN, ADD_ROW, SAVE_ROW = "knockouts", "knock-out", "add_tournament", "save_tournament"

    def make(self, body: dict[str, Any], lang: str) -> RoomKnockout:
        """A knock-out from a request body (participants, players, table_size, advance, variant, seed,
        pulya_length, autoplay); :class:`cardroom.core.errors.CardroomError` when it cannot be seated."""
        n = int(body.get("participants", 9))
        advance, size = int(body.get("advance", 1)), int(body.get("table_size", 4))
        plan = tr.knockout_sizes(n, advance, size)
        names, bots = tr.with_bots([str(p) for p in body.get("players", [])], n, lang)
        autoplay = body.get("autoplay", False)
        if not isinstance(autoplay, bool):
            raise TypeError("'autoplay' must be true or false")
        pulya = body.get("pulya_length")
        return RoomKnockout(f"k{next(self._ids)}", names, set(names) if autoplay else set(bots), plan,
                            str(body.get("variant", "sochi")), advance, int(body.get("seed", 1)),
                            None if pulya is None else int(pulya), size=size)


    async def _run(self, room: Room, ko: RoomKnockout) -> None:
        """Play the rounds: a round's tables (their ids) are stored before any is made; a restarted
        knock-out goes on with its stored tables, checked against the seating its records make."""
        try:
            field_ = list(ko.players)
            for r, sizes in enumerate(ko.plan, start=1):
                wanted = tr.seatings(field_, sizes)
                entries = [tb for tb in ko.tables if tb["round"] == r]
                if not entries:
                    ko.round = r
                    entries = [{"round": r, "table": n, "players": four, "table_id": new_id()}
                               for n, four in enumerate(wanted, start=1)]
                    ko.tables += entries
                    await self._save(room, ko)
                elif [tb["players"] for tb in entries] != wanted:
                    raise _bad(f"round {r}")
                made = []
                for tb in entries:
                    rt = served(room, tb["table_id"], None) or await self._table(room, ko, tb)
                    made.append(rt)
                for rt in made:
                    await _until(lambda x=rt: x.state.is_over)
                field_ = [p for res in ko.results(room) if res["round"] == r for p in res["advance"]]
        except Exception as e:
            self._failed(ko, e)
        await self._end(room, ko)

    async def _table(self, room: Room, ko: RoomKnockout, tb: dict[str, Any]) -> TableRuntime:
        four = tb["players"]
        options: dict[str, Any] = {"variant": ko.variant, "players": len(four)}
        if ko.pulya is not None:
            options["pulya_length"] = ko.pulya
        events = [SeatEvent(s, "bot", p, None) for s, p in enumerate(four) if p in ko.bots]
        seed = derived_seed(ko.seed, ko.id, f"{tb['round']}/{tb['table']}")
        rt, _ = await room.create_table("preferans", options, seed=seed, seat_events=events, practice=True,
                                        table_id=tb["table_id"])
        return rt
    def summary(self, room: Room, ko: RoomKnockout) -> dict[str, Any]:
        results = {(x["round"], x["table"]): x for x in ko.results(room)}
        tables = [results.get((tb["round"], tb["table"]), {**tb, "balances": None, "advance": None})
                  for tb in ko.tables if _made(room, tb["table_id"])]
        last = [x for x in tables if x["round"] == len(ko.plan) and x["advance"] is not None]
        return {"id": ko.id, "players": ko.players, "plan": ko.plan, "round": ko.round, "over": ko.over,
                "failed": ko.failed, "tables": tables, "prizes": last[0]["advance"] if last else None}

