"""The club table of 1913 in the card room: up to six people or bots, four of whom play each rubber
as an ordinary room table; at the end of a rubber the laws (:mod:`cardroom.club.table1913`) decide
who goes out and who comes in, and the next rubber's table is made.

Stored as events (``room_club_events``, one JSON object a row, after the club's row in
``room_clubs``): an event is stored before it is applied, so a process killed between two events loses
none; at start every club is rebuilt by replaying its rows, and a club whose rows cannot be read is
set aside (logged) without stopping the others. Members' tokens are kept as SHA-256 hashes; a
member's token is also his seat token at each rubber's table he plays (the seat event carries its hash).

The cuts are drawn by the room from the club's secret seed (one random stream per event number) and
stored with their cards, so the replay gives the same table.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import time
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import Float, ForeignKey, Integer, String, Text, insert
from sqlalchemy.orm import Mapped, mapped_column

from cardroom.club.room1913 import Club1913
from cardroom.club.table1913 import PLAYERS, ClubTable
from cardroom.core.cards import full_pack
from cardroom.core.errors import CardroomError, Reason
from cardroom.room.engine import Room, RoomError, TableRuntime, chance_rng, derived_seed, game_class, new_id
from cardroom.room.store import Base, GameRowColumns, SeatEvent, Store, secret_hash

log = logging.getLogger("cardroom.room")

BOTS_ALONE_RUBBERS = 3
"""A club table of bots alone plays this many rubbers, then waits (for a person to join)."""

FIRST_DEAL_OPTION = "draw_for_first_deal"
"""A club table's game must let the club seat the dealer (law 19): its first dealer sits North."""


class ClubRow(GameRowColumns, Base):
    __tablename__ = "room_clubs"
    created: Mapped[float] = mapped_column(Float)


class ClubEventRow(Base):
    __tablename__ = "room_club_events"
    club_id: Mapped[str] = mapped_column(String(32), ForeignKey("room_clubs.id"), primary_key=True)
    n: Mapped[int] = mapped_column(Integer, primary_key=True)
    text: Mapped[str] = mapped_column(Text)  # JSON object: a ClubTable event (with the room's hashes)
    at: Mapped[float] = mapped_column(Float)


def _add_club(store: Store, row: dict[str, Any]) -> None:
    with store.engine.begin() as conn:
        conn.execute(insert(ClubRow).values(**row))


def _add_event(store: Store, club_id: str, n: int, text: str) -> None:
    with store.engine.begin() as conn:
        conn.execute(insert(ClubEventRow).values(club_id=club_id, n=n, text=text, at=time.time()))


def _load(store: Store) -> list[tuple[dict[str, Any], list[str]]]:
    with store.engine.connect() as conn:
        clubs = [dict(r._mapping) for r in conn.execute(ClubRow.__table__.select().order_by(ClubRow.created))]
        events: dict[str, list[str]] = {}
        for r in conn.execute(ClubEventRow.__table__.select().order_by(ClubEventRow.club_id, ClubEventRow.n)):
            events.setdefault(str(r.club_id), []).append(str(r.text))
    return [(c, events.get(str(c["id"]), [])) for c in clubs]


@dataclass
class ClubRuntime:
    id: str
    game: str
    options: dict[str, Any]
    seed: int
    owner_hash: str
    created: float
    table: ClubTable = field(default_factory=ClubTable)
    hashes: dict[str, str] = field(default_factory=dict)  # member name -> token hash (people only)
    tables: list[str] = field(default_factory=list)  # the room tables of its rubbers, in order
    events: int = 0
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    @property
    def current(self) -> str | None:
        """The room table of the rubber being played (None between rubbers, and while the cut has named
        the four but their table is not made yet: the last table is then the finished rubber's)."""
        made = self.tables and len(self.tables) == self.table.rubbers + 1
        return self.tables[-1] if made and self.table.phase == "rubber" else None

    def replay(self, event: dict[str, Any]) -> None:
        """One stored event: the room's own (``table``: a rubber's room table was made) or the law's."""
        if event.get("kind") == "table":
            self.tables.append(str(event["id"]))
        else:
            self.table.apply(event)
            for name, h in zip(event.get("names") or (), event.get("hashes") or (), strict=False):
                if h:
                    self.hashes[name] = h
        self.events += 1

    def member_of(self, token: str | None) -> str:
        """The member a token belongs to; 401 without a token, 403 for any other."""
        if not token:
            raise RoomError(401, "no_token")
        h = secret_hash(token)
        for name, mine in self.hashes.items():
            if self.table.is_member(name) and secrets.compare_digest(mine, h):
                return name
        raise RoomError(403, "club_bad_token", club=self.id)

    def is_owner(self, token: str | None) -> bool:
        return bool(token) and secrets.compare_digest(self.owner_hash, secret_hash(token or ""))

    def info(self, lang: str = "en") -> dict[str, Any]:
        """The club's state; each ruling with its text from the catalogue in ``lang`` (``text``)."""
        out = {"id": self.id, "game": self.game, "title": dict(game_class(self.game).title),
               "options": dict(self.options), "table": self.current,
               "tables": list(self.tables), **self.table.to_dict()}
        out["rulings"] = [{**r, "text": _ruling_text(r, lang)} for r in out["rulings"]]
        return out


class ClubRoom:
    """The club tables of one server, beside the :class:`~cardroom.room.engine.Room` whose tables they play."""

    def __init__(self, room: Room) -> None:
        self.room = room
        self.clubs: dict[str, ClubRuntime] = {}
        self.set_aside: dict[str, str] = {}
        self._by_table: dict[str, str] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        room.over_hooks.append(self._table_over)

    # ----------------------------------------------------------- start
    async def load(self) -> None:
        rows = await self.room.store.call(_load, self.room.store.store)
        for row, events in rows:
            cid = str(row.get("id"))
            try:
                club = ClubRuntime(cid, str(row["game"]), json.loads(row["options"]), int(row["seed"]),
                                   str(row["owner_hash"]), float(row["created"]))
                for text in events:
                    club.replay(json.loads(text))
            except Exception as e:  # one club's bad rows never stop the others
                self.set_aside[cid] = str(e)[:200]
                log.error("club %s set aside: %s", cid, str(e)[:200])
                continue
            self._register(club)
        for club in self.clubs.values():
            self._kick(club)

    def _register(self, club: ClubRuntime) -> None:
        self.clubs[club.id] = club
        for t in club.tables:
            self._by_table[t] = club.id

    def listing(self) -> list[dict[str, Any]]:
        """The club tables of the room (for a member choosing another table, law 25)."""
        return [{"id": c.id, "game": c.game, "title": dict(game_class(c.game).title), "phase": c.table.phase,
                 "members": len(c.table.members)} for c in self.clubs.values()]

    def club(self, club_id: str) -> ClubRuntime:
        c = self.clubs.get(club_id)
        if c is None:
            raise RoomError(410 if club_id in self.set_aside else 404, "unknown_club", club=club_id)
        return c

    # ----------------------------------------------------------- requests
    async def create(self, game: Any, options: Any, names: Any, bots: Any) -> tuple[ClubRuntime, str, list[str]]:
        """A new club table for ``game`` with its first arrivals (together: of equal standing, law 17):
        the people ``names`` and ``bots`` bots. Returns the club, the owner token and the people's tokens."""
        if not isinstance(game, str) or not isinstance(options, dict):
            raise RoomError(400, "bad_game")
        cls = game_class(game)
        if cls.num_seats != PLAYERS or FIRST_DEAL_OPTION not in cls.option_schema():
            raise RoomError(400, "club_game", game=cls.name)
        clean = {**options, FIRST_DEAL_OPTION: False}
        try:
            clean = cls.option_schema().validate(clean)
        except Exception as e:
            raise RoomError(400, "club_refused", code="bad_option", why=str(e)) from None
        owner = secrets.token_urlsafe(24)
        club = ClubRuntime(new_id(), cls.name, clean, secrets.randbits(62), secret_hash(owner), time.time())
        await self.room.store.call(_add_club, self.room.store.store, {
            "id": club.id, "game": club.game, "options": json.dumps(clean, sort_keys=True), "seed": club.seed,
            "owner_hash": club.owner_hash, "created": club.created})
        self._register(club)
        tokens: list[str] = []
        if names or bots:
            tokens = await self._arrive(club, names or [], bots or 0)
        return club, owner, tokens

    async def join(self, club_id: str, name: Any, broken: Any = None, token: str | None = None) -> str:
        """A person arrives and announces his wish to play. ``broken``: the id of a club table broken up
        that he belonged to (his token there proves it): law 27 gives him the prior right of entry here."""
        club = self.club(club_id)
        prior = False
        if broken is not None:
            old = self.club(str(broken))
            member = old.member_of(token)
            if member not in old.table.prior_right():
                raise RoomError(409, "club_no_prior_right", club=old.id)
            prior = True
        return (await self._arrive(club, [name], 0, prior))[0]

    async def add_bots(self, club_id: str, count: Any, token: str | None) -> list[str]:
        club = self.club(club_id)
        if not club.is_owner(token):
            club.member_of(token)
        before = set(club.table.names())
        await self._arrive(club, [], count)
        return [n for n in club.table.names() if n not in before]

    async def _arrive(self, club: ClubRuntime, names: Any, bots: Any, prior: bool = False) -> list[str]:
        if not isinstance(names, list) or not all(isinstance(n, str) or n is None for n in names) \
                or not isinstance(bots, int) or isinstance(bots, bool) or bots < 0:
            raise RoomError(400, "bad_request")
        people = [self.room._clean_name(n, len(club.table.members) + i) for i, n in enumerate(names)]
        taken = set(club.table.names()) | set(people)
        bot_names: list[str] = []
        k = 1
        while len(bot_names) < bots:
            if f"bot {k}" not in taken:
                bot_names.append(f"bot {k}")
            k += 1
        tokens = [secrets.token_urlsafe(24) for _ in people]
        event = {"kind": "arrive", "names": people + bot_names, "kinds": ["human"] * len(people) + ["bot"] * bots,
                 "hashes": [secret_hash(t) for t in tokens] + [""] * bots, **({"prior": True} if prior else {})}
        await self.act(club, event)
        return tokens

    async def member_event(self, club_id: str, token: str | None, kind: str, body: dict[str, Any]) -> ClubRuntime:
        """An event a member asks for (agree, enter, correct, claim-deal, consent, substitute, leave,
        break-up; ``move``: to another club table, law 25, :meth:`move`)."""
        club = self.club(club_id)
        name = club.member_of(token)
        if kind == "move":
            await self.move(club, name, body.get("to"), body.get("return") is True)
            return club
        event: dict[str, Any] = {"kind": kind, "by": name}
        if kind in ("enter", "correct"):
            event.update({k: body.get(k) for k in ("rubber", "side", "part", "points", "game")})
        elif kind == "claim-deal":  # the dealer of the deal being played, from the rubber's table (law 36)
            event.update({"fault": body.get("fault"), "in_time": body.get("in_time") is True,
                          "dealer": self._dealer(club)})
        elif kind == "consent":
            event["absent"] = body.get("absent")
        elif kind == "substitute":  # the room's substitute is a waiting member (he has a token, or is a bot)
            sub = body.get("substitute")
            if sub not in club.table.waiting():
                raise RoomError(409, "club_refused", code="club_bad_substitute",
                                why=CardroomError(Reason("club.bad_substitute", name=str(sub))))
            event.update({"absent": name, "substitute": sub})
        elif kind == "leave":
            event["name"] = name
        await self.act(club, event)
        return club

    def _dealer(self, club: ClubRuntime) -> str | None:
        """The name of the dealer of the deal now played at the club's rubber table (None between rubbers)."""
        rt = self.room.tables.get(club.current or "")
        seats = club.table.at_table()
        if rt is None or seats is None or rt.state.is_over:
            return None
        try:
            dealer = rt.state.view(0).to_dict()["table"]["dealer"]
        except (KeyError, TypeError, AttributeError):
            return None
        return seats[dealer] if isinstance(dealer, int) and 0 <= dealer < len(seats) else None

    def _room(self) -> Club1913:
        """The club tables of the room as one :class:`Club1913` (copies: for checking a move)."""
        return Club1913({cid: _copy(c.table) for cid, c in self.clubs.items()})

    async def move(self, club: ClubRuntime, name: str, to: Any, announce_return: bool) -> None:
        """Law 25: member ``name`` of ``club`` joins club table ``to`` (his token goes with him). The
        whole move is checked on copies of both tables first (refused: nothing changes), then each
        event is stored and applied at its table."""
        if not isinstance(to, str) or to not in self.clubs:
            raise RoomError(404, "unknown_club", club=str(to))
        if self.clubs[to].game != club.game:
            raise RoomError(409, "club_refused", code="club_bad_table",
                            why=CardroomError(Reason("club.bad_table", table=to)))
        rooms = self._room()
        try:
            moves = rooms.enter(name, club.id, to, announce_return)
            rooms.apply(moves)
        except CardroomError as e:
            raise RoomError(409, "club_refused", code=_code(e.key), why=e) from None
        for cid, event in moves:
            if event["kind"] == "arrive" and name in club.hashes:
                event["hashes"] = [club.hashes[name]]
            await self.act(self.clubs[cid], event)

    async def act(self, club: ClubRuntime, event: dict[str, Any]) -> None:
        """Check an event on a copy, store it, apply it, then let the table move on."""
        async with club.lock:
            trial = ClubTable()
            trial.__dict__.update(_copy(club.table).__dict__)
            try:
                trial.apply(event)
            except CardroomError as e:
                raise RoomError(409, "club_refused", code=_code(e.key), why=e) from None
            await self._store(club, event)
            before = club.table.phase
            club.replay(event)
            await self._after(club, event, before)
        self._kick(club)

    async def _store(self, club: ClubRuntime, event: dict[str, Any]) -> None:
        await self.room.store.call(_add_event, self.room.store.store, club.id, club.events,
                                   json.dumps(event, sort_keys=True))

    async def _after(self, club: ClubRuntime, event: dict[str, Any], before: str) -> None:
        """The room side of an event: a new deal by law 37 is dealt again at the rubber's table
        (:meth:`Room.redeal`); a substitute takes his seat there (law 26); a table broken up ends its
        rubber unfinished (law 27)."""
        rt = self.room.tables.get(club.tables[-1]) if club.tables else None
        if rt is None or rt.state.is_over:
            return
        rulings = club.table.rulings
        if event["kind"] == "claim-deal" and rulings and str(rulings[-1]["key"]).startswith("club.ruling.new_deal"):
            await self.room.redeal(rt.id)  # law 37: the same dealer deals again, new cards
            return
        seats = club.table.at_table()
        if club.table.phase == "rubber" and seats is not None:  # who sits where after a substitution (law 26)
            events = [self._seat_event(club, i, name) for i, name in enumerate(seats) if rt.seats[i].name != name]
            if events:
                async with rt.lock:
                    await self.room._commit_seats(rt, events)
        elif club.table.phase == "broken" and before == "rubber":
            await self.room.expire(rt.id, counted=False)

    # ----------------------------------------------------------- the table moves on
    def _table_over(self, rt: TableRuntime) -> None:
        cid = self._by_table.get(rt.id)
        if cid is not None and cid in self.clubs:
            self._kick(self.clubs[cid])

    def _kick(self, club: ClubRuntime) -> None:
        task = asyncio.get_running_loop().create_task(self._advance(club))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _advance(self, club: ClubRuntime) -> None:
        """Do what the laws and the room do by themselves: end a rubber whose table is over, agree for
        bots, cut, make the next rubber's table. One step at a time, each stored first."""
        try:
            while True:
                back: tuple[str, str] | None = None
                async with club.lock:
                    event = self._next_event(club)
                    if event is None:
                        break
                    if event["kind"] == "leave" and event.get("home"):
                        back = (str(event["home"]), str(event["name"]))
                    if event["kind"] == "table":
                        rt = await self._make_table(club)
                        event["id"] = rt.id
                    await self._store(club, event)
                    club.replay(event)
                    if event["kind"] == "table":
                        self._by_table[event["id"]] = club.id
                        self.room.kick(self.room.tables[event["id"]])
                if back is not None and back[0] in self.clubs:  # law 25: back at his own table
                    home = self.clubs[back[0]]
                    if home.table.is_member(back[1]) and home.table.member(back[1]).away == club.id:
                        await self.act(home, {"kind": "back", "name": back[1]})
            for cid, event in self._room().returns():  # law 25: his new table broken up or left: back home
                try:
                    await self.act(self.clubs[cid], event)
                except RoomError as e:
                    log.warning("club %s: %s not back: %s", cid, event.get("name"), e.key)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("club %s: stopped", club.id)

    def _next_event(self, club: ClubRuntime) -> dict[str, Any] | None:
        t = club.table
        released = t.releasable()  # law 25: his place here can be filled: he goes back home
        if released:
            return {"kind": "leave", "name": released[0], "home": t.member(released[0]).home}
        if t.phase == "rubber":
            if len(club.tables) < t.rubbers + 1:
                alone = all(m.kind == "bot" for m in t.members)
                return None if alone and t.rubbers >= BOTS_ALONE_RUBBERS else {"kind": "table"}
            rt = self.room.tables.get(club.tables[-1])
            if rt is not None and rt.state.is_over:
                return {"kind": "rubber-end", "record": _figures(rt), "games": _games(rt)}
            return None
        if t.phase == "between" and t.book and not t.book[-1].agreed:
            waiting = [n for n in t.book[-1].players if t.is_member(n) and t.member(n).kind == "bot"
                       and n not in t.book[-1].agreed_by]
            return {"kind": "agree", "by": waiting[0]} if waiting else None
        cut = t.next_cut()
        if cut is None:
            return None
        rng = chance_rng(derived_seed(club.seed, "cut"), club.events)
        pack = full_pack()
        rng.shuffle(pack)
        return {"kind": "cut", "purpose": cut[0], "cards": {n: str(pack[i]) for i, n in enumerate(cut[1])}}

    @staticmethod
    def _seat_event(club: ClubRuntime, seat: int, name: str) -> SeatEvent:
        """``name`` at ``seat`` of a rubber's table: a person with his member token's hash, else a bot."""
        if club.table.member(name).kind == "human" and name in club.hashes:
            return SeatEvent(seat, "sit", name, club.hashes[name])
        return SeatEvent(seat, "bot", name, None)

    async def _make_table(self, club: ClubRuntime) -> TableRuntime:
        """The rubber's room table: the four in the seats the cut gave (law 19), people with their
        member tokens, bots as bots; the dealer (the lowest cut) at North deals first."""
        seats = club.table.at_table()
        assert seats is not None
        events = [self._seat_event(club, i, name) for i, name in enumerate(seats)]
        rt, _ = await self.room.create_table(club.game, club.options, seat_events=events,
                                             owner_hash=club.owner_hash)
        return rt


def _figures(rt: TableRuntime) -> list[list[int]]:
    """A finished rubber's book figures from its sheet: [trick score, honour score] for NS and EW."""
    lines = getattr(rt.state.sheet, "lines", [])
    out = [[0, 0], [0, 0]]
    for ln in lines:
        e = ln.entry
        out[int(e.side)][0 if e.below and e.kind != "rubber" else 1] += int(e.points)
    return out


def _games(rt: TableRuntime) -> list[list[int]]:
    """A finished rubber's trick score by game (law 13), [NS, EW] for each game of the sheet in order."""
    games: dict[int, list[int]] = {}
    for ln in getattr(rt.state.sheet, "lines", []):
        e, g = ln.entry, getattr(ln, "game", None)
        if isinstance(g, int) and e.below and e.kind != "rubber":
            games.setdefault(g, [0, 0])[int(e.side)] += int(e.points)
    return [games[g] for g in sorted(games)]


def _ruling_text(ruling: dict[str, Any], lang: str) -> str:
    """A recorded ruling in words: a deal's (laws 36-38) by its key, a correction's (laws 12-13)."""
    if ruling.get("kind") == "correction":
        params = {k: str(ruling.get(k)) for k in ("law", "rubber", "side", "part", "was", "now")}
        return Reason(f"club.ruling.corrected_{ruling.get('part')}", **params).text(lang)
    return Reason(str(ruling.get("key")), **{k: str(v) for k, v in dict(ruling.get("params") or {}).items()}).text(lang)


def _copy(t: ClubTable) -> ClubTable:
    import copy

    return copy.deepcopy(t)


def _code(key: str) -> str:
    """The stable code of a refusal: ``club.full`` → ``club_full``; a ruling's ``club.ruling.x`` → ``ruling_x``."""
    return key.replace("club.ruling.", "ruling_").replace(".", "_") or "club_refused"
