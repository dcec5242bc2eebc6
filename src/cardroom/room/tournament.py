"""The card room's preferans tournaments (document 004; :mod:`cardroom.club.tournament`): registration
(named participants, computer players for the missing ones), seating by the movement table round after
round, each board of the round's set dealt at a room table of its own (a one-deal pulka, the board's
cards through the engine's ``TableRuntime.deals`` hook, as the club evening's boards), and the
protocol, match points and standings read from the tables' records alone. The arbiter (the director's
page) may give artificial adjusted results to a deal's seats.

A person named among the participants sits at his seat through the table's ordinary ``sit``; the
tournament waits for him."""

from __future__ import annotations

import asyncio
import itertools
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from cardroom.club import pref_movements as pm
from cardroom.club import tour_arbiter as arb
from cardroom.club import tournament as tr
from cardroom.club.evening import turned_deal
from cardroom.club.movements import Sitting
from cardroom.core.game import CHANCE
from cardroom.i18n.catalogue import Reason
from cardroom.room.engine import derived_seed
from cardroom.room.evening import _until
from cardroom.room.store import SeatEvent

if TYPE_CHECKING:
    from cardroom.room.engine import Room, TableRuntime

MAX_DEALS = 8


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
                    for off, boards, tid in st["segments"] if boards and room.table(tid).state.is_over]
            if segs:
                out.append({**{k: v for k, v in st.items() if k != "segments"}, "segments": segs})
        return {**head, "sittings": out, "rulings": list(self.rulings)}


@dataclass
class RoomTournaments:
    """The tournaments of one room, by id (in memory, like the evenings; their tables stay)."""

    tournaments: dict[str, RoomTournament] = field(default_factory=dict)
    _ids: itertools.count[int] = field(default_factory=lambda: itertools.count(1))

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
        t = RoomTournament(f"t{next(self._ids)}", plan, set(given + bots) if autoplay else set(bots))
        self.tournaments[t.id] = t
        return t

    def start(self, room: Room, t: RoomTournament) -> None:
        t.task = asyncio.get_running_loop().create_task(self._run(room, t))

    async def _run(self, room: Room, t: RoomTournament) -> None:
        try:
            for rnd in t.plan.schedule.movement.rounds:
                t.round = rnd.number
                entries = [{"round": rnd.number, "table": s.table, "set": t.plan.schedule.sets[(rnd.number, s.table)],
                            "late": False, "seats": dict(zip(tr.SEATS, s.seats, strict=True)), "segments": []}
                           for s in rnd.sittings]
                t.sittings += entries
                await asyncio.gather(*(self._sitting(room, t, s, e) for s, e in zip(rnd.sittings, entries,
                                                                                   strict=True)))
        except Exception as e:
            t.failed = str(e)
        t.over = True

    async def _table(self, room: Room, t: RoomTournament, seats: tuple[str, ...], offset: int, deal: Any,
                     key: str) -> TableRuntime:
        events = [SeatEvent(s, "bot", seats[(s + offset) % 4], None) for s in range(4)
                  if seats[(s + offset) % 4] in t.bots]
        options = {"variant": t.plan.options.variant, "players": 4}
        rt, _ = await room.create_table("preferans", options, seed=derived_seed(t.plan.seed, t.id, key),
                                        seat_events=events, practice=True)
        rt.deals = [deal]  # set before the driver deals
        return rt

    async def _sitting(self, room: Room, t: RoomTournament, s: Sitting, entry: dict[str, Any]) -> None:
        """Play one table-round: each board of the set at a room table of its own, turned to its dealer."""
        for b in (t.plan.board(n) for n in s.boards):
            off = int(b.dealer)
            rt = await self._table(room, t, s.seats, off, turned_deal(b.hands, off, b.rest),
                                   f"{entry['round']}/{s.table}/{b.number}")
            entry["segments"].append((off, [], rt.id))
            await _until(lambda r=rt: r.state.is_over or (r.state.to_act == CHANCE and not r.deals))
            if not rt.state.is_over:
                await room.end_for_evening(rt)
            entry["segments"][-1] = (off, [b.number], rt.id)

    # ------------------------------------------------------------------ the arbiter
    def rule(self, room: Room, t: RoomTournament, body: dict[str, Any]) -> dict[str, Any]:
        """The arbiter's ruling on a deal played (:func:`cardroom.club.tour_arbiter.decide`: ``rule`` —
        "adjusted" with ``faults`` by seat letter, or "11.3" … "11.7" with the facts — and the seats as
        letters): its artificial and cancelled results go into the protocol. The room's tables deal the
        boards themselves, so a ruling that has the deal put right and played again leaves the result as
        played. Kept with the tournament's record."""
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
                                           for off, boards, tid in st["segments"]]} for st in t.sittings],
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

    def results(self, room: Room) -> list[dict[str, Any]]:
        """Each finished table's balances and who goes on, from its published record alone."""
        from fractions import Fraction

        from cardroom.records.registry import state_from_dict

        out = []
        for tb in self.tables:
            if not room.table(tb["table_id"]).state.is_over:
                continue
            state = state_from_dict(room.record(tb["table_id"]))
            bal = [Fraction(b) for b in state.sheet.settle().balance]
            final = len(self.plan[tb["round"] - 1]) == 1
            out.append({**tb, "balances": [str(b) for b in bal],
                        "advance": list(tr.going_on(tb["players"], bal, self.advance, final))})
        return out


@dataclass
class RoomKnockouts:
    knockouts: dict[str, RoomKnockout] = field(default_factory=dict)
    _ids: itertools.count[int] = field(default_factory=lambda: itertools.count(1))

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
        ko = RoomKnockout(f"k{next(self._ids)}", names, set(names) if autoplay else set(bots), plan,
                          str(body.get("variant", "sochi")), advance, int(body.get("seed", 1)),
                          None if pulya is None else int(pulya))
        self.knockouts[ko.id] = ko
        return ko

    def start(self, room: Room, ko: RoomKnockout) -> None:
        ko.task = asyncio.get_running_loop().create_task(self._run(room, ko))

    async def _run(self, room: Room, ko: RoomKnockout) -> None:
        try:
            field_ = list(ko.players)
            for r, sizes in enumerate(ko.plan, start=1):
                ko.round = r
                made = []
                for tb, four in enumerate(tr.seatings(field_, sizes), start=1):
                    options: dict[str, Any] = {"variant": ko.variant, "players": len(four)}
                    if ko.pulya is not None:
                        options["pulya_length"] = ko.pulya
                    events = [SeatEvent(s, "bot", p, None) for s, p in enumerate(four) if p in ko.bots]
                    seed = derived_seed(ko.seed, ko.id, f"{r}/{tb}")
                    rt, _ = await room.create_table("preferans", options, seed=seed, seat_events=events,
                                                    practice=True)
                    entry = {"round": r, "table": tb, "players": four, "table_id": rt.id}
                    ko.tables.append(entry)
                    made.append(rt)
                for rt in made:
                    await _until(lambda x=rt: x.state.is_over)
                field_ = [p for res in ko.results(room) if res["round"] == r for p in res["advance"]]
        except Exception as e:
            ko.failed = str(e)
        ko.over = True

    def summary(self, room: Room, ko: RoomKnockout) -> dict[str, Any]:
        results = {(x["round"], x["table"]): x for x in ko.results(room)}
        tables = [results.get((tb["round"], tb["table"]), {**tb, "balances": None, "advance": None})
                  for tb in ko.tables]
        last = [x for x in tables if x["round"] == len(ko.plan) and x["advance"] is not None]
        return {"id": ko.id, "players": ko.players, "plan": ko.plan, "round": ko.round, "over": ko.over,
                "failed": ko.failed, "tables": tables, "prizes": last[0]["advance"] if last else None}
