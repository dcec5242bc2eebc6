"""The movement tables of a preferans tournament (document 004 §4 of the tournament chapter; digest §11.1,
vector ``pref-tour-movements``): who sits where in each round, and which deal set («комплект») each
table plays.

Reading of the tables (the document's «Комментарии к таблице»):

* four-seat tables (N, E, S, W); a route such as ``1S – 2W – 3W – …`` is cyclic: after each round the
  player at a position moves to the next position of the route, the last to the first («крайняя
  правая позиция в ряду смыкается с крайней левой»); ``P`` is the pause (the player sits out); the
  position not in the route (usually 1N) is held by one player throughout;
* the sets lie in a row on the arbiter's table; in the row, ``Z`` is a set not played this round, a
  digit the table that plays it (``/1,2/``: both tables, the same cards); before the next round the
  first set of the row goes to the end and the others move left — so in round ``r`` (0-based) the
  ``p``-th place of the row holds set ``(p + r) mod L + 1`` (``L`` the row's length).

16, 18 and 24 participants play in two groups (tables 1–2 / 3–4, 1–3 / 4–6), each with its own route,
sharing the row of sets. The 16-player route of group 2 is printed with «4S» twice and «3S» never:
:func:`check_table` refuses it (:data:`PRINTED_16`), and the movement uses the corrected route
(digest §11.1 UNCERTAIN 26: the mapping that turns the 12-player route into the printed 24-player one
turns the 8-player route into the corrected one; :func:`mapped_route`).

The schedule is the club's :class:`cardroom.club.movements.Movement` (rounds → tables → seats and the
boards played), each set being ``deals`` boards dealt once and carried from table to table
(:mod:`cardroom.club.tournament`). Pure functions; nothing is played here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from cardroom.club import movements as mv
from cardroom.i18n.catalogue import Reason

SEAT_LETTERS = "NESW"
PAUSE = "P"
Z = "Z"
MIN_DEALS = {8: 2, 9: 2}
"""«не менее двух сдач в комплекте» (8 and 9 participants; the other tables say nothing)."""

ROUTES: Mapping[int, tuple[tuple[str, ...], ...]] = {
    8: (("1S", "1W", "2W", "1E", "2N", "2S", "2E"),),
    9: (("P", "2E", "2W", "2S", "1S", "1W", "2N", "1E", "1N"),),
    12: (("1S", "2W", "3W", "2E", "2S", "3E", "1W", "3S", "3N", "2N", "1E"),),
    13: (("P", "2W", "3W", "1W", "2S", "1E", "2E", "2N", "1S", "3E", "3S", "3N", "1N"),),
}
"""The single-group routes as printed."""
GROUP2: Mapping[int, tuple[str, ...]] = {
    16: ("3W", "3N", "4N", "3S", "4E", "4W", "4S"),  # corrected (the printed: PRINTED_16)
    18: ("P", "3N", "3E", "4N", "3W", "3S", "4S", "4W", "4E"),
    24: ("4W", "5N", "6N", "5S", "5W", "6S", "4N", "6W", "6E", "5E", "4S"),
}
PRINTED_16 = ("3W", "3N", "4N", "4S", "4E", "4W", "4S")
"""The 16-player route of group 2 as the document prints it: «4S» twice, «3S» never."""
FIXED1 = {8: "1N", 12: "1N"}
"""«Позицию, не указанную в движении (обычно 1N), занимает игрок, постоянно на ней находящийся» (9 and 13
list every seat: nobody stays)."""
FIXED2 = {16: "3E", 24: "4E"}
"""«№ 16 постоянно на позиции 3E», «№ 24 постоянно на позиции 4E»."""
GROUP1 = {16: 8, 18: 9, 24: 12}
"""«маршрут первой группы – как для 8 (9, 12) участников»."""
ROWS: Mapping[int, tuple[str, ...]] = {
    8: ("/1,2/", *(Z,) * 6),
    9: ("/1,2/", *(Z,) * 8),
    12: ("1", Z, Z, Z, "2", Z, Z, "3", Z, Z, Z),
    13: ("1", Z, Z, "2", "3", *(Z,) * 8),
    16: ("/1,2/", "/3,4/", *(Z,) * 5),
    18: ("/1,2/", "/3,4/", *(Z,) * 7),
    24: ("1", "4", Z, Z, "2", "5", Z, "3", "6", Z, Z),
}
"""The rows of sets as printed (24: «Номера столов в нестандартном порядке»)."""
SIZES = tuple(sorted(ROWS))


class TourMovementError(mv.MovementError):
    """A movement table that cannot be played (structured reason)."""


@dataclass(frozen=True)
class Position:
    """A place of a route: a table's seat, or the pause (``table`` 0)."""

    table: int
    seat: int  # 0..3 = N, E, S, W; -1 for the pause

    @classmethod
    def parse(cls, text: str) -> Position:
        t = text.strip().upper()
        if t == PAUSE:
            return cls(0, -1)
        if len(t) < 2 or not t[:-1].isdigit() or t[-1] not in SEAT_LETTERS or int(t[:-1]) < 1:
            raise TourMovementError(Reason("tour.bad_position", text=text))
        return cls(int(t[:-1]), SEAT_LETTERS.index(t[-1]))

    @property
    def is_pause(self) -> bool:
        return self.table == 0

    def __str__(self) -> str:
        return PAUSE if self.is_pause else f"{self.table}{SEAT_LETTERS[self.seat]}"


@dataclass(frozen=True)
class Group:
    """One group of a movement: its tables, its cyclic route and its fixed position (None: every seat of
    the group is in the route)."""

    tables: tuple[int, ...]
    route: tuple[Position, ...]
    fixed: Position | None

    @property
    def size(self) -> int:
        return len(self.route) + (self.fixed is not None)


@dataclass(frozen=True)
class MovementTable:
    """A movement table of the document: participants, groups, and the row of sets (each place: the
    tables that play that set; empty for Z)."""

    participants: int
    groups: tuple[Group, ...]
    row: tuple[tuple[int, ...], ...]

    @property
    def rounds(self) -> int:
        return len(self.row)

    @property
    def tables(self) -> tuple[int, ...]:
        return tuple(t for g in self.groups for t in g.tables)

    @property
    def min_deals(self) -> int:
        return MIN_DEALS.get(self.participants, 1)


def parse_row(row: Sequence[str]) -> tuple[tuple[int, ...], ...]:
    """``/1,2/`` → (1, 2); ``3`` → (3,); ``Z`` → ()."""
    out: list[tuple[int, ...]] = []
    for cell in row:
        c = cell.strip().strip("/").upper()
        if c == Z:
            out.append(())
            continue
        try:
            out.append(tuple(int(x) for x in c.split(",")))
        except ValueError:
            raise TourMovementError(Reason("tour.bad_set_cell", text=cell)) from None
    return tuple(out)


def mapped_route(route: Sequence[str], table_shift: int, seat_turn: int = 1) -> tuple[str, ...]:
    """A route moved to other tables (table ``t`` → ``t + table_shift``) with the seats turned
    ``seat_turn`` steps clockwise (N → E → S → W → N); the pause stays. This turns the 12-player route
    into the printed 24-player one (shift 3) and the 8-player one into the corrected 16-player one."""
    out = []
    for text in route:
        p = Position.parse(text)
        out.append(str(p) if p.is_pause else f"{p.table + table_shift}{SEAT_LETTERS[(p.seat + seat_turn) % 4]}")
    return tuple(out)


def _group(route: Sequence[str], tables: Sequence[int], fixed: str | None = None) -> Group:
    held = None if fixed is None else Position.parse(fixed)
    return Group(tuple(tables), tuple(Position.parse(x) for x in route), held)


def _tables_of(route: Sequence[str]) -> tuple[int, ...]:
    return tuple(sorted({p.table for p in map(Position.parse, route) if not p.is_pause}))


def movement_table(participants: int, printed: bool = False) -> MovementTable:
    """The document's movement table for ``participants`` (8, 9, 12, 13, 16, 18, 24), checked
    (:func:`check_table`); ``printed``: the 16-player route as printed, which the check refuses."""
    if participants not in ROWS:
        raise TourMovementError(Reason("tour.no_movement", n=participants, sizes=", ".join(map(str, SIZES))))
    if participants in ROUTES:
        routes = list(ROUTES[participants])
    else:
        second = PRINTED_16 if printed and participants == 16 else GROUP2[participants]
        routes = [ROUTES[GROUP1[participants]][0], second]
    groups: list[Group] = []
    for i, route in enumerate(routes):
        own = _tables_of(route)
        tables = own if i == 0 else tuple(range(max(groups[-1].tables) + 1, max(own) + 1))
        first = GROUP1.get(participants, participants)
        groups.append(_group(route, tables, FIXED2.get(participants) if i else FIXED1.get(first)))
    table = MovementTable(participants, tuple(groups), parse_row(ROWS[participants]))
    check_table(table)
    return table


def check_table(table: MovementTable) -> None:
    """:class:`TourMovementError` unless the table can be played: in each group every seat of its
    tables is in the route (or is the fixed one) exactly once, at most one seat is fixed, the group's
    players are as many as its places, every route as long as the row of sets, and every table plays
    exactly one set a round."""
    total = 0
    for g in table.groups:
        seats = [p for p in g.route if not p.is_pause]
        own = {Position(t, s) for t in g.tables for s in range(4)}
        twice = sorted({str(p) for p in seats if seats.count(p) > 1})
        missing = sorted(str(p) for p in own - set(seats) - ({g.fixed} if g.fixed else set()))
        foreign = sorted(str(p) for p in set(seats) - own)
        if twice or foreign or (len(missing) > 0 and g.fixed is not None) or len(missing) > 1:
            raise TourMovementError(Reason("tour.route_seats", route=" – ".join(map(str, g.route)),
                                           twice=", ".join(twice) or "—",
                                           missing=", ".join(missing + foreign) or "—"))
        if len(g.route) != table.rounds:
            raise TourMovementError(Reason("tour.route_length", n=len(g.route), rounds=table.rounds))
        total += g.size
    if total != table.participants:
        raise TourMovementError(Reason("tour.participants", n=table.participants, places=total))
    played = [t for cell in table.row for t in cell]
    if sorted(played) != sorted(table.tables):
        raise TourMovementError(Reason("tour.row_tables", row=" – ".join(
            "/" + ",".join(map(str, c)) + "/" if len(c) > 1 else (str(c[0]) if c else Z) for c in table.row)))


# ---------------------------------------------------------------------------------------------- the schedule
@dataclass(frozen=True)
class Schedule:
    """The whole tournament's seating: the club movement (the players' names at N, E, S, W of each table,
    the boards of the set it plays), the set of each table-round, and who sits out each round."""

    table: MovementTable
    movement: mv.Movement
    sets: Mapping[tuple[int, int], int]  # (round, table) → set number (1-based)
    resting: Mapping[int, tuple[str, ...]]  # round → players sitting out
    deals: int  # deals (boards) per set

    def set_boards(self, number: int) -> tuple[int, ...]:
        return tuple(range((number - 1) * self.deals + 1, number * self.deals + 1))

    def set_of_board(self, board: int) -> int:
        return (board - 1) // self.deals + 1

    def played_by(self, number: int) -> list[tuple[int, int]]:
        """(round, table) pairs where set ``number`` is played."""
        return sorted(k for k, v in self.sets.items() if v == number)


def set_in_place(place: int, rnd: int, length: int) -> int:
    """The set (1-based) lying at ``place`` (0-based) of the row in round ``rnd`` (0-based): the first set
    goes to the end before every round."""
    return (place + rnd) % length + 1


def initial_places(table: MovementTable) -> list[Position]:
    """Where each participant (in number order) sits in round 1: a group's players take its route's
    places in order, its last player the fixed place (No. 16 «постоянно на позиции 3E», No. 24 at 4E;
    the document does not say who starts where: reading)."""
    out: list[Position] = []
    for g in table.groups:
        out += list(g.route)
        if g.fixed is not None:
            out.append(g.fixed)
    return out


def schedule(participants: Sequence[str] | int, deals: int = 4, printed: bool = False) -> Schedule:
    """The tournament's schedule for the named ``participants`` (their order is their numbers)."""
    names = [str(i + 1) for i in range(participants)] if isinstance(participants, int) else list(participants)
    if len(set(names)) != len(names):
        raise TourMovementError(Reason("club.players_twice"))
    table = movement_table(len(names), printed)
    if deals < table.min_deals:
        raise TourMovementError(Reason("tour.min_deals", n=deals, least=table.min_deals))
    length = table.rounds
    # each participant's index into his group's route (None: the fixed place)
    where: list[tuple[Group, int | None]] = []
    for g in table.groups:
        where += [(g, i) for i in range(len(g.route))]
        if g.fixed is not None:
            where.append((g, None))
    rounds: list[mv.Round] = []
    sets: dict[tuple[int, int], int] = {}
    resting: dict[int, tuple[str, ...]] = {}
    for r in range(length):
        seats: dict[tuple[int, int], str] = {}
        out: list[str] = []
        for name, (g, i) in zip(names, where, strict=True):
            p = g.fixed if i is None else g.route[(i + r) % length]
            assert p is not None
            if p.is_pause:
                out.append(name)
            else:
                seats[(p.table, p.seat)] = name
        place_of = {t: place for place, cell in enumerate(table.row) for t in cell}
        sittings = []
        for t in table.tables:
            number = set_in_place(place_of[t], r, length)
            sets[(r + 1, t)] = number
            four = (seats[(t, 0)], seats[(t, 1)], seats[(t, 2)], seats[(t, 3)])
            boards = tuple(range((number - 1) * deals + 1, number * deals + 1))
            sittings.append(mv.Sitting(t, four, boards=boards))
        rounds.append(mv.Round(r + 1, tuple(sittings)))
        resting[r + 1] = tuple(out)
    return Schedule(table, mv.Movement("pref-tournament", tuple(rounds)), sets, resting, deals)


def meetings(s: Schedule) -> dict[frozenset[str], int]:
    """How often each two players sit at one table (footnote [30]: «такая методика заставляет некоторых
    игроков встречаться несколько раз за одним столом»)."""
    out: dict[frozenset[str], int] = {}
    for rnd in s.movement.rounds:
        for st in rnd.sittings:
            for i, a in enumerate(st.seats):
                for b in st.seats[i + 1:]:
                    key = frozenset((a, b))
                    out[key] = out.get(key, 0) + 1
    return out


def instructions(s: Schedule, table: int) -> list[tuple[str, str]]:
    """The instructions put on a table («такие инструкции необходимо положить на каждый стол»): for each
    seat of the table, where its player goes after the round (``3S`` → ``2W``; the fixed seat stays)."""
    out = []
    for g in s.table.groups:
        if table not in g.tables:
            continue
        for i, p in enumerate(g.route):
            if p.table == table:
                out.append((str(p), str(g.route[(i + 1) % len(g.route)])))
        if g.fixed is not None and g.fixed.table == table:
            out.append((str(g.fixed), str(g.fixed)))
    return sorted(out, key=lambda x: SEAT_LETTERS.index(x[0][-1]))
