"""The append-only event store of the card room (SQLAlchemy 2: SQLite by default, PostgreSQL by URL).

Three tables, rows only ever inserted:

- ``room_tables``: one row per table (id, game, options, seed, parent table for a rematch, whether it
  is a practice table: a column added to older databases when the server starts);
- ``room_seat_events``: who sits where (a person with the hash of a secret token, a bot, an
  invitation with the hash of its code, the redemption of an invitation);
- ``room_actions``: every action of every table (chance included) as its canonical text with its
  order number ``n``; ``(table_id, n)`` is the primary key, so an action can never be stored twice.

A fourth table, ``room_evenings``, keeps the club evenings of the room (:mod:`cardroom.room.evening`):
one row an evening, its plan (a JSON object, written once) and its progress (a JSON object: the
rounds begun, the room tables of each table-round, whether it is over), rewritten whenever it changes
and committed before the evening acts on the change (:meth:`Store.save_evening`). Its tables are
ordinary room tables. A fifth, ``room_tournaments``, keeps the room's preferans tournaments and
knock-outs (:mod:`cardroom.room.tournament`) in the same two columns, written the same way.

A room of several nodes (:mod:`cardroom.room.node`, docs/multinode.md) adds ``room_leases``: which node
owns each table (``table_id``, ``node``, ``expires`` by the database's clock), taken by an atomic
conditional UPDATE or INSERT (:meth:`Store.acquire_lease`) and renewed while the node lives. A store
opened for a node (``Store.node``) writes a table's actions and seat events only in a transaction that
finds the lease that node's (:class:`LeaseLost` otherwise): a node whose lease another has taken over
writes nothing more.

Secrets are kept only as SHA-256 hashes. The in-memory tables are rebuilt from these rows when the
server starts (:meth:`Store.load_all`).

Opening a store looks at the database before anything is written to it (:meth:`Store._check_schema`):
a file that is not SQLite, another application's database, cardroom tables with other columns, or
``room_actions``/``room_seat_events`` missing while the other tables hold rows raise
:class:`StoreSchemaError` (one line, naming the database and the problem); only a database without
any cardroom table is created afresh. Reading (:meth:`Store.load_all`) never fails because of one
table's rows: a table whose rows cannot be read comes back with its :class:`Problem`, and the room
sets it aside (quarantine, ``engine.build_tables``).

All database work runs on one worker thread; :class:`AsyncStore` gives the event loop awaitable
calls and commits the actions of many tables together (group commit): an action is acknowledged
only after the transaction that holds it has committed.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
import os
import stat
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, TypeVar

from sqlalchemy import (
    BigInteger,
    Boolean,
    Connection,
    Float,
    ForeignKey,
    Integer,
    String,
    Text,
    create_engine,
    delete,
    event,
    false,
    func,
    insert,
    inspect,
    select,
    text,
    update,
)
from sqlalchemy.engine import Engine, make_url
from sqlalchemy.exc import DBAPIError, IntegrityError
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from cardroom.room.messages import msg

T = TypeVar("T")

DEFAULT_DB = "sqlite:///cardroom.sqlite"


def secret_hash(secret: str) -> str:
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


class Base(DeclarativeBase):
    pass


class GameRowColumns:
    """The columns every stored game's row begins with (a table's, a club's): its id, the game, its options,
    the secret seed and the owner's token hash; first in the row (``sort_order``), as each row had them."""

    id: Mapped[str] = mapped_column(String(32), primary_key=True, sort_order=-1)
    game: Mapped[str] = mapped_column(String(64), sort_order=-1)
    options: Mapped[str] = mapped_column(Text, sort_order=-1)  # JSON object
    seed: Mapped[int] = mapped_column(BigInteger, sort_order=-1)
    owner_hash: Mapped[str] = mapped_column(String(64), sort_order=-1)


class TableRow(GameRowColumns, Base):
    __tablename__ = "room_tables"
    parent: Mapped[str | None] = mapped_column(String(32), nullable=True)
    created: Mapped[float] = mapped_column(Float)
    practice: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())  # issue 12


class SeatEventRow(Base):
    __tablename__ = "room_seat_events"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(String(32), ForeignKey("room_tables.id"), index=True)
    seat: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(16))  # sit | bot | invite | redeem
    name: Mapped[str] = mapped_column(String(200))
    secret_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    at: Mapped[float] = mapped_column(Float)


class ActionRow(Base):
    __tablename__ = "room_actions"
    table_id: Mapped[str] = mapped_column(String(32), ForeignKey("room_tables.id"), primary_key=True)
    n: Mapped[int] = mapped_column(Integer, primary_key=True)
    text: Mapped[str] = mapped_column(Text)
    at: Mapped[float] = mapped_column(Float)


class EveningRow(Base):
    __tablename__ = "room_evenings"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    plan: Mapped[str] = mapped_column(Text)  # JSON object: the evening's head (Evening.head) and its bots
    progress: Mapped[str] = mapped_column(Text)  # JSON object: round, over, failed, the table-rounds' tables
    created: Mapped[float] = mapped_column(Float)
    updated: Mapped[float] = mapped_column(Float)


class TournamentRow(Base):
    """A preferans tournament or a knock-out of the room (:mod:`cardroom.room.tournament`): the same
    plan and progress columns as ``room_evenings``, written the same way."""

    __tablename__ = "room_tournaments"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    plan: Mapped[str] = mapped_column(Text)  # JSON object: the players, seed, options, bots (written once)
    progress: Mapped[str] = mapped_column(Text)  # JSON object: round, over, failed, the room tables, rulings
    created: Mapped[float] = mapped_column(Float)
    updated: Mapped[float] = mapped_column(Float)


class LeaseRow(Base):
    """Which node owns a table until when (seconds since the epoch by the database's clock); also each
    live node's presence, under the key ``~node/NAME`` (no table id has ``~`` or ``/``)."""

    __tablename__ = "room_leases"
    table_id: Mapped[str] = mapped_column(String(80), primary_key=True)
    node: Mapped[str] = mapped_column(String(64), index=True)
    expires: Mapped[float] = mapped_column(Float)


NODE_KEY = "~node/"
"""The prefix of a node's presence row in ``room_leases``."""

_NOW_SQL = {"postgresql": "SELECT EXTRACT(EPOCH FROM clock_timestamp())",
            "sqlite": "SELECT (julianday('now') - 2440587.5) * 86400.0"}
"""The database's clock (leases expire by it, so that the nodes' own clocks need not agree)."""


PlanRow = type[EveningRow] | type[TournamentRow]
"""A table of stored plans and their progress (an evening, a tournament)."""


@dataclass(frozen=True)
class SeatEvent:
    seat: int
    kind: str
    name: str
    secret_hash: str | None


def one_line(text_: str, limit: int = 300) -> str:
    """``text_`` on one line (a database driver's message often spans several), at most ``limit`` characters."""
    flat = " ".join(part.strip() for part in text_.splitlines() if part.strip())
    return flat if len(flat) <= limit else flat[:limit - 1] + "…"


def short(value: Any, limit: int = 40) -> str:
    """A bounded quote of a stored value for a message: its ``repr``, cut to ``limit`` characters."""
    quoted = repr(value)
    return quoted if len(quoted) <= limit else quoted[:limit - 1] + "…"


@dataclass
class Problem:
    """Why a stored table is set aside, or why a database is refused: a key of
    :data:`cardroom.room.messages.STRINGS` with its parameters (English and Russian texts)."""

    key: str
    params: dict[str, Any] = field(default_factory=dict)

    def text(self, lang: str = "en") -> str:
        return one_line(msg(self.key, lang, **self.params), 600)


@dataclass
class StoredTable:
    """A table as the store holds it: everything needed to rebuild it. ``problem``: set when its rows
    cannot be read (the room then sets the table aside); a table with actions or seat events but no
    row in ``room_tables`` (an orphan) comes back with ``game`` empty and such a problem."""

    id: str
    game: str
    options: dict[str, Any]
    seed: int
    owner_hash: str
    parent: str | None
    created: float
    seat_events: list[SeatEvent] = field(default_factory=list)
    actions: list[str] = field(default_factory=list)
    problem: Problem | None = None
    practice: bool = False  # a practice table: its seed was chosen by a client


@dataclass
class StoredEvening:
    """A club evening (or a tournament: ``room_tournaments``) as the store holds it: its plan and progress
    (JSON objects, read but not yet checked against a movement: :mod:`cardroom.room.evening` and
    :mod:`cardroom.room.tournament` do that). ``problem``: set when the row
    cannot be read (a value of the wrong type, a column that is not a JSON object); the room then sets
    the evening aside."""

    id: str
    plan: dict[str, Any]
    progress: dict[str, Any]
    created: float
    problem: Problem | None = None


class StoreError(Exception):
    """The store refused a write (a duplicate order number, a lost connection…)."""


ADDED_COLUMNS: dict[str, set[str]] = {"room_tables": {"practice"}}
"""Columns added after a table was first made: an older database may lack them (they are added when
the store is opened to be written)."""


class LeaseLost(StoreError):
    """A node's write to a table whose lease it no longer holds (another node has taken the table over)."""

    def __init__(self, tables: set[str]) -> None:
        self.tables = tables
        super().__init__(f"the lease of table(s) {', '.join(sorted(tables))} is not this node's")


class StoreSchemaError(StoreError):
    """The database cannot be used as cardroom's store (not SQLite, another application's tables, a
    missing table, unreachable): the message is one line naming the database and the problem."""

    def __init__(self, key: str, **params: Any) -> None:
        self.problem = Problem(key, params)
        super().__init__(self.problem.text("en"))

    def text(self, lang: str = "en") -> str:
        return self.problem.text(lang)


class TableProblem(StoreError):
    """One stored table cannot be rebuilt (raised while replaying it; the room sets it aside)."""

    def __init__(self, key: str, **params: Any) -> None:
        self.problem = Problem(key, params)
        super().__init__(self.problem.text("en"))


REQUIRED_TABLES = ("room_tables", "room_seat_events", "room_actions")
"""The tables every cardroom database has (any other table of :class:`Base` is created when missing)."""


class _Bad(Exception):
    """A stored value of the wrong type (raised and caught inside :meth:`Store.load_all`)."""

    def __init__(self, column: str, value: Any, expected: str) -> None:
        super().__init__(column)
        self.column, self.value, self.expected = column, value, expected


def _text(value: Any, column: str) -> str:
    if isinstance(value, bytes):  # SQLite, read as bytes by load_all: decoded here, strictly
        try:
            return value.decode("utf-8")
        except UnicodeDecodeError:
            raise _Bad(column, value, "UTF-8 text") from None
    if not isinstance(value, str):
        raise _Bad(column, value, "text")
    return value


def _int(value: Any, column: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise _Bad(column, value, "an integer")
    return value


def _key(value: Any) -> str:
    """A table id as read from a row, or, when it is not text, a bounded quote of it."""
    try:
        return _text(value, "table_id")
    except _Bad:
        return short(value)


def _where(url: Any) -> str:
    """How a message names the database: the file for SQLite, the URL without its password otherwise."""
    if url.get_backend_name() == "sqlite":
        return str(url.database or ":memory:")
    return str(url.render_as_string(hide_password=True))


def normalize_url(url: str) -> str:
    """Accept plain ``postgresql://`` URLs (psycopg 3 is the driver) and file paths for SQLite."""
    if url.startswith(("postgres://", "postgresql://")):
        return "postgresql+psycopg://" + url.split("://", 1)[1]
    if "://" not in url:
        return "sqlite:///" + url
    return url


def private_sqlite_file(url: str) -> int | None:
    """Create a SQLite database file that does not exist yet with mode 0600 (owner only), before SQLite
    opens it: SQLite gives its ``-wal`` and ``-shm`` files the database file's mode. An existing file's
    mode is left alone, with a warning in the log when others may read it. In-memory databases and
    ``file:`` URIs are left to SQLite. Returns the mode of an existing file that others may read
    (for the warning given once the file is known to be cardroom's), else None."""
    path = make_url(url).database
    if not path or path == ":memory:" or path.startswith("file:"):
        return None
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        mode = stat.S_IMODE(os.stat(path).st_mode)
        return mode if mode & 0o077 else None
    except OSError:  # a missing folder, no permission: SQLite says so itself when it opens the file
        return None
    os.close(fd)
    return None


class Store:
    """Synchronous access to the event store. Use it from one thread at a time."""

    def __init__(self, url: str = DEFAULT_DB, create: bool = True) -> None:
        """Open the store at ``url``, checking the database first (:class:`StoreSchemaError`); a
        database without cardroom's tables gets them, unless ``create`` is False (then it is refused)."""
        self.url = normalize_url(url)
        self.node: str | None = None
        """The node this store writes for (a room of several nodes): its writes to a table need the table's
        lease (:meth:`_fence`); None: one node, no lease."""
        readable: int | None = None
        if self.url.startswith("sqlite"):
            if create:  # a new file is private (0600); an existing one is left as it is
                readable = private_sqlite_file(self.url)
            self.engine: Engine = create_engine(self.url, connect_args={"check_same_thread": False})

            @event.listens_for(self.engine, "connect")
            def _pragmas(dbapi_conn: Any, _record: Any) -> None:
                cur = dbapi_conn.cursor()
                # WAL + synchronous=NORMAL: a committed transaction survives the death of the process.
                cur.execute("PRAGMA journal_mode=WAL")
                cur.execute("PRAGMA synchronous=NORMAL")
                cur.execute("PRAGMA foreign_keys=ON")
                cur.close()
        else:
            self.engine = create_engine(self.url, pool_pre_ping=True)
        self.where = _where(self.engine.url)
        try:
            self._check_schema(create)
            if create:
                Base.metadata.create_all(self.engine)
                self._add_practice_column()
        except BaseException:
            self.engine.dispose()
            raise
        if readable is not None:  # a cardroom database others may read: say so (once it is known to be one)
            logging.getLogger("cardroom.room").warning(
                "the database file %s may be read by others (mode %03o): chmod 600 it", self.engine.url.database,
                readable)
        mark = {"qmark": "?", "format": "%s", "pyformat": "%s"}.get(self.engine.dialect.paramstyle)
        self._mark = mark or "?"
        self._insert_action_sql: str | None = None if mark is None else (
            f"INSERT INTO {ActionRow.__tablename__} (table_id, n, text, at) VALUES ({mark}, {mark}, {mark}, {mark})")

    def _add_practice_column(self) -> None:
        """A database made before practice tables existed gets the column (every old table: not practice)."""
        columns = {c["name"] for c in inspect(self.engine).get_columns(TableRow.__tablename__)}
        if "practice" not in columns:
            with self.engine.begin() as conn:
                conn.execute(text(f"ALTER TABLE {TableRow.__tablename__} ADD COLUMN practice BOOLEAN NOT NULL "
                                  "DEFAULT FALSE"))

    def close(self) -> None:
        self.engine.dispose()

    def _check_schema(self, create: bool) -> None:
        """Refuse a database that is not cardroom's before anything is written to it. On SQLite the
        look is taken through a plain connection (no pragma: a foreign file is left exactly as it was)."""
        sqlite = self.engine.dialect.name == "sqlite"
        path = self.engine.url.database
        if sqlite and not create and path and path != ":memory:" and not os.path.exists(path):
            raise StoreSchemaError("db.no_file", db=self.where)
        probe = create_engine(self.url) if sqlite else self.engine
        try:
            with probe.connect() as conn:
                self._check_tables(conn, sqlite, create)
        except DBAPIError as e:
            why = one_line(str(e.orig))
            if sqlite and "file is not a database" in why:
                raise StoreSchemaError("db.not_sqlite", db=self.where, why=why) from None
            raise StoreSchemaError("db.cannot_open", db=self.where, why=why) from None
        finally:
            if probe is not self.engine:
                probe.dispose()

    def _check_tables(self, conn: Connection, sqlite: bool, create: bool) -> None:
        insp = inspect(conn)
        names = set(insp.get_table_names())
        present = [t for t in REQUIRED_TABLES if t in names]
        if not present:
            others = sorted(names - set(Base.metadata.tables))
            # a SQLite file is one application's; a PostgreSQL database may well hold other applications' tables
            if sqlite and others:
                listed = ", ".join(others[:5]) + (", …" if len(others) > 5 else "")
                raise StoreSchemaError("db.foreign", db=self.where, tables=listed)
            if not create:
                raise StoreSchemaError("db.empty", db=self.where)
            return  # a new database: create_all makes the tables
        for name in present:
            model = Base.metadata.tables[name]
            expected = [c.name for c in model.columns]
            found = [str(c["name"]) for c in insp.get_columns(name)]
            if set(found) != set(expected) and set(found) != set(expected) - ADDED_COLUMNS.get(name, set()):
                raise StoreSchemaError("db.columns", db=self.where, table=name, found=", ".join(found[:12]),
                                       expected=", ".join(expected))
            key = [str(c) for c in insp.get_pk_constraint(name).get("constrained_columns") or []]
            want = [c.name for c in model.primary_key.columns]
            if set(key) != set(want):
                raise StoreSchemaError("db.key", db=self.where, table=name, found=", ".join(key),
                                       expected=", ".join(want))
        missing = [t for t in REQUIRED_TABLES if t not in names]
        if missing:
            rows = {t: int(conn.execute(text(f"SELECT COUNT(*) FROM {t}")).scalar_one()) for t in present}
            held = [t for t in present if rows[t] > 0]
            if held or not create:  # never recreate a table empty beside tables that hold rows
                where = held[0] if held else present[0]
                raise StoreSchemaError("db.missing", db=self.where, missing=missing[0], present=where,
                                       rows=rows[where])

    # ------------------------------------------------------------------ writes
    def add_table(self, t: StoredTable) -> None:
        with self.engine.begin() as conn:
            conn.execute(insert(TableRow).values(
                id=t.id, game=t.game, options=json.dumps(t.options, sort_keys=True), seed=t.seed,
                owner_hash=t.owner_hash, parent=t.parent, created=t.created, practice=t.practice))
            for e in t.seat_events:
                conn.execute(insert(SeatEventRow).values(
                    table_id=t.id, seat=e.seat, kind=e.kind, name=e.name, secret_hash=e.secret_hash, at=time.time()))

    def add_seat_events(self, table_id: str, events: list[SeatEvent]) -> None:
        with self.engine.begin() as conn:
            self._fence(conn, {table_id})
            for e in events:
                conn.execute(insert(SeatEventRow).values(
                    table_id=table_id, seat=e.seat, kind=e.kind, name=e.name, secret_hash=e.secret_hash,
                    at=time.time()))

    def add_actions(self, rows: list[tuple[str, int, str]]) -> None:
        """Insert actions ``(table_id, n, text)`` in one transaction; all or none."""
        now = time.time()
        try:
            with self.engine.begin() as conn:
                self._fence(conn, {t for t, _, _ in rows})
                if self._insert_action_sql is not None:  # the driver's own executemany: a quarter of the CPU
                    conn.exec_driver_sql(self._insert_action_sql, [(t, n, x, now) for t, n, x in rows])
                else:
                    conn.execute(insert(ActionRow), [{"table_id": t, "n": n, "text": x, "at": now} for t, n, x in rows])
        except IntegrityError as e:
            raise StoreError(f"action already stored (duplicate order number): {e.orig}") from None

    # ------------------------------------------------------------------ leases (several nodes)
    def _fence(self, conn: Connection, tables: set[str]) -> None:
        """In a node's store, raise :class:`LeaseLost` unless every table of ``tables`` is leased to it. On
        PostgreSQL the lease rows are read FOR SHARE: a takeover (an UPDATE of the row) waits until this
        transaction has committed, and so loads the table's log with this write in it; on SQLite a write
        transaction excludes every other (WAL: a stale read is refused at the write, SQLITE_BUSY)."""
        if self.node is None:
            return
        lock = " FOR SHARE" if self.engine.dialect.name == "postgresql" else ""
        keys = sorted(tables)
        marks = ", ".join(f":t{i}" for i in range(len(keys)))
        held = {str(r[0]) for r in conn.execute(
            text(f"SELECT table_id FROM room_leases WHERE node = :node AND table_id IN ({marks}){lock}"),
            {"node": self.node, **{f"t{i}": k for i, k in enumerate(keys)}})}
        if held != tables:
            raise LeaseLost(tables - held)

    def db_now(self, conn: Connection) -> float:
        """The database's clock, in seconds since the epoch."""
        sql = _NOW_SQL.get(self.engine.dialect.name)
        return float(conn.execute(text(sql)).scalar_one()) if sql is not None else time.time()

    def acquire_lease(self, key: str, node: str, seconds: float) -> bool:
        """Make ``node`` the owner of ``key`` (a table id, or a node's presence) for ``seconds`` from now,
        if nobody else owns it now: a conditional UPDATE (the row is ``node``'s or has expired), else an
        INSERT that the primary key lets only one node make. True when ``node`` holds it now."""
        with self.engine.begin() as conn:
            now = self.db_now(conn)
            done = conn.execute(update(LeaseRow).where(
                LeaseRow.table_id == key, (LeaseRow.node == node) | (LeaseRow.expires < now)).values(
                node=node, expires=now + seconds))
            if done.rowcount == 1:
                return True
        try:
            with self.engine.begin() as conn:
                conn.execute(insert(LeaseRow).values(table_id=key, node=node, expires=self.db_now(conn) + seconds))
            return True
        except IntegrityError:  # the row exists: another node owns it now
            return False

    def renew_leases(self, node: str, seconds: float) -> set[str]:
        """Push every lease of ``node`` ``seconds`` past now (an expired one too, if nobody took it over
        meanwhile); the keys it holds now."""
        with self.engine.begin() as conn:
            now = self.db_now(conn)
            conn.execute(update(LeaseRow).where(LeaseRow.node == node).values(expires=now + seconds))
            return {str(r[0]) for r in conn.execute(select(LeaseRow.table_id).where(LeaseRow.node == node))}

    def release_leases(self, node: str) -> None:
        """Give up every lease of ``node`` (a node that stops): the others may take its tables at once."""
        with self.engine.begin() as conn:
            conn.execute(delete(LeaseRow).where(LeaseRow.node == node))

    def lease_owners(self, keys: list[str]) -> dict[str, str]:
        """The live owner of each of ``keys`` that has one (an expired lease has none)."""
        if not keys:
            return {}
        with self.engine.connect() as conn:
            now = self.db_now(conn)
            return {str(r[0]): str(r[1]) for r in conn.execute(
                select(LeaseRow.table_id, LeaseRow.node).where(LeaseRow.table_id.in_(keys), LeaseRow.expires >= now))}

    def children(self, parents: list[str]) -> dict[str, str]:
        """The rematch of each of ``parents`` that has one (its newest): the table whose ``parent`` it is."""
        if not parents:
            return {}
        with self.engine.connect() as conn:
            rows = conn.execute(select(TableRow.parent, TableRow.id).where(TableRow.parent.in_(parents)).order_by(
                TableRow.created, TableRow.id))
            return {str(r[0]): str(r[1]) for r in rows}

    def has_table(self, table_id: str) -> bool:
        """Whether the store holds a table of this id (a node takes no lease on an id that names none)."""
        with self.engine.connect() as conn:
            return conn.execute(select(TableRow.id).where(TableRow.id == table_id)).first() is not None

    def live_nodes(self) -> list[str]:
        """The names of the nodes alive now (their presence rows unexpired)."""
        with self.engine.connect() as conn:
            now = self.db_now(conn)
            return sorted(str(r[0])[len(NODE_KEY):] for r in conn.execute(select(LeaseRow.table_id).where(
                LeaseRow.table_id.startswith(NODE_KEY), LeaseRow.expires >= now)))

    def unowned_tables(self) -> tuple[list[str], int]:
        """The stored tables no live node owns (no lease, or an expired one), and the number of live
        nodes (their presence rows)."""
        with self.engine.connect() as conn:
            now = self.db_now(conn)
            free = [str(r[0]) for r in conn.execute(
                select(TableRow.id).outerjoin(LeaseRow, LeaseRow.table_id == TableRow.id).where(
                    (LeaseRow.table_id.is_(None)) | (LeaseRow.expires < now)).order_by(TableRow.created, TableRow.id))]
            nodes = int(conn.execute(select(func.count()).select_from(LeaseRow).where(
                LeaseRow.table_id.startswith(NODE_KEY), LeaseRow.expires >= now)).scalar_one())
            return free, nodes

    def _add_plan(self, row: PlanRow, key: str, plan: str, progress: str) -> None:
        now = time.time()
        with self.engine.begin() as conn:
            conn.execute(insert(row).values(id=key, plan=plan, progress=progress, created=now, updated=now))

    def _save_progress(self, row: PlanRow, key: str, progress: str) -> None:
        with self.engine.begin() as conn:
            done = conn.execute(update(row).where(row.id == key).values(progress=progress, updated=time.time()))
            if done.rowcount != 1:
                raise StoreError(f"no stored {row.__tablename__} row {key!r}")

    def add_evening(self, evening_id: str, plan: str, progress: str) -> None:
        """Store a new club evening: its plan and first progress (JSON texts), in one transaction."""
        self._add_plan(EveningRow, evening_id, plan, progress)

    def save_evening(self, evening_id: str, progress: str) -> None:
        """Replace an evening's progress (a JSON text); :class:`StoreError` when it has no row."""
        self._save_progress(EveningRow, evening_id, progress)

    def add_tournament(self, tournament_id: str, plan: str, progress: str) -> None:
        """Store a new tournament or knock-out (``room_tournaments``), as :meth:`add_evening`."""
        self._add_plan(TournamentRow, tournament_id, plan, progress)

    def save_tournament(self, tournament_id: str, progress: str) -> None:
        """Replace a tournament's progress, as :meth:`save_evening`."""
        self._save_progress(TournamentRow, tournament_id, progress)

    # ------------------------------------------------------------------ reads
    def load_evenings(self) -> list[StoredEvening]:
        """Every stored club evening, oldest first. One row's bad values never make this fail: such an
        evening comes back with its ``problem``. An older database without ``room_evenings`` has none."""
        return self._load_plans(EveningRow)

    def load_tournaments(self) -> list[StoredEvening]:
        """Every stored tournament and knock-out, oldest first, as :meth:`load_evenings`."""
        return self._load_plans(TournamentRow)

    def _load_plans(self, row: PlanRow) -> list[StoredEvening]:
        sqlite = self.engine.dialect.name == "sqlite"
        out: list[StoredEvening] = []
        try:
            with self.engine.connect() as conn:
                if row.__tablename__ not in inspect(conn).get_table_names():
                    return []
                raw = conn.connection.dbapi_connection
                if sqlite:  # as load_all: undecodable text is one row's problem
                    raw.text_factory = bytes  # type: ignore[union-attr]
                try:
                    for r in conn.exec_driver_sql(
                            f"SELECT id, plan, progress, created FROM {row.__tablename__} ORDER BY created, id"):
                        out.append(_evening_of(r, row.__tablename__))
                finally:
                    if sqlite:
                        raw.text_factory = str  # type: ignore[union-attr]
        except DBAPIError as e:
            raise StoreSchemaError("db.unreadable", db=self.where, why=one_line(str(e.orig))) from None
        return out

    def load_all(self, only: list[str] | None = None) -> list[StoredTable]:
        """Every table (``only``: those of these ids; a node loads the tables it takes over) with its seat
        events and actions, in order. One table's bad rows never make
        this fail: such a table comes back with its ``problem`` (a value of the wrong type, options
        that are not a JSON object, a gap in its order numbers), and rows whose table has no row in
        ``room_tables`` come back as an orphan table (``game`` empty, ``problem`` set). Raises
        :class:`StoreSchemaError` only when the database itself cannot be read."""
        tables: dict[str, StoredTable] = {}
        orphans: dict[str, list[int]] = {}  # id -> [seat events, actions]

        def owner_of(value: Any, column: int) -> StoredTable | None:
            key = _key(value)
            t = tables.get(key)
            if t is None:
                orphans.setdefault(key, [0, 0])[column] += 1
                return None
            return None if t.problem is not None else t  # the first problem of a table is enough

        def bad(t: StoredTable, where: str, e: _Bad) -> None:
            shown = e.value
            if isinstance(shown, bytes):  # text read as bytes (SQLite): quoted as text when it is text
                with contextlib.suppress(UnicodeDecodeError):
                    shown = shown.decode("utf-8")
            t.problem = Problem("q.value", {"column": e.column, "where": where, "value": short(shown),
                                            "expected": e.expected})

        sqlite = self.engine.dialect.name == "sqlite"
        try:
            with self.engine.connect() as conn:
                # an older database may lack the practice column (added when the store is opened to write)
                has_practice = "practice" in {c["name"] for c in inspect(conn).get_columns("room_tables")}
                raw = conn.connection.dbapi_connection
                if sqlite:  # text is decoded by _text: undecodable bytes are one table's problem, not a failed read
                    raw.text_factory = bytes  # type: ignore[union-attr]
                ids = tuple(only) if only is not None else ()
                within = "" if only is None else f" WHERE {{}} IN ({', '.join([self._mark] * len(ids)) or 'NULL'})"
                try:
                    for r in conn.exec_driver_sql(
                            "SELECT id, game, options, seed, owner_hash, parent, created"
                            f"{', practice' if has_practice else ''} FROM room_tables{within.format('id')} "
                            "ORDER BY created, id", ids):
                        st = StoredTable(_key(r[0]), "", {}, 0, "", None, 0.0)
                        tables[st.id] = st
                        try:
                            _text(r[0], "id")
                            st.game = _text(r[1], "game")
                            options_text = _text(r[2], "options")
                            st.seed = _int(r[3], "seed")
                            st.owner_hash = _text(r[4], "owner_hash")
                            st.parent = None if r[5] is None else _text(r[5], "parent")
                            if isinstance(r[6], bool) or not isinstance(r[6], int | float):
                                raise _Bad("created", r[6], "a number")
                            st.created = float(r[6])
                            st.practice = bool(has_practice and r[7])
                        except _Bad as e:
                            bad(st, "room_tables", e)
                            continue
                        try:
                            options = json.loads(options_text)
                        except ValueError:
                            options = None
                        if not isinstance(options, dict):
                            st.problem = Problem("q.options", {"text": short(options_text)})
                        else:
                            st.options = options
                    for r in conn.exec_driver_sql(
                            "SELECT table_id, seat, kind, name, secret_hash FROM room_seat_events"
                            f"{within.format('table_id')} ORDER BY id", ids):
                        t = owner_of(r[0], 0)
                        if t is None:
                            continue
                        try:
                            t.seat_events.append(SeatEvent(_int(r[1], "seat"), _text(r[2], "kind"),
                                                           _text(r[3], "name"),
                                                           None if r[4] is None else _text(r[4], "secret_hash")))
                        except _Bad as e:
                            bad(t, "room_seat_events", e)
                    for r in conn.exec_driver_sql(
                            f"SELECT table_id, n, text FROM room_actions{within.format('table_id')} "
                            "ORDER BY table_id, n", ids):
                        t = owner_of(r[0], 1)
                        if t is None:
                            continue
                        try:
                            n = _int(r[1], "n")
                            action = _text(r[2], "text")
                        except _Bad as e:
                            bad(t, "room_actions", e)
                            continue
                        if n != len(t.actions):
                            t.problem = Problem("q.gap", {"n": n, "missing": len(t.actions)})
                            continue
                        t.actions.append(action)
                finally:
                    if sqlite:
                        raw.text_factory = str  # type: ignore[union-attr]
        except DBAPIError as e:
            raise StoreSchemaError("db.unreadable", db=self.where, why=one_line(str(e.orig))) from None
        out = list(tables.values())
        for key, (events, actions) in orphans.items():
            out.append(StoredTable(key, "", {}, 0, "", None, 0.0,
                                   problem=Problem("q.orphan", {"events": events, "actions": actions})))
        return out

    def take_back(self, table_id: str, keep: int, event: SeatEvent) -> None:
        """Undo by agreement: the table's actions from order number ``keep`` on are deleted and ``event``
        (kind ``undo``) noted, in one transaction: after a crash either both happened or neither."""
        with self.engine.begin() as conn:
            self._fence(conn, {table_id})
            conn.execute(delete(ActionRow).where(ActionRow.table_id == table_id, ActionRow.n >= keep))
            conn.execute(insert(SeatEventRow).values(
                table_id=table_id, seat=event.seat, kind=event.kind, name=event.name, secret_hash=event.secret_hash,
                at=time.time()))

    def actions(self, table_id: str) -> list[str]:
        with self.engine.connect() as conn:
            rows = conn.execute(select(ActionRow.text).where(ActionRow.table_id == table_id).order_by(ActionRow.n))
            return [r[0] for r in rows]


def _evening_of(r: Any, where: str = EveningRow.__tablename__) -> StoredEvening:
    """One row of ``room_evenings`` (or of ``where``) read: its values checked, its JSON columns parsed."""
    ev = StoredEvening(_key(r[0]), {}, {}, 0.0)
    try:
        _text(r[0], "id")
        texts = {"plan": _text(r[1], "plan"), "progress": _text(r[2], "progress")}
        if isinstance(r[3], bool) or not isinstance(r[3], int | float):
            raise _Bad("created", r[3], "a number")
        ev.created = float(r[3])
    except _Bad as e:
        shown = e.value
        if isinstance(shown, bytes):
            with contextlib.suppress(UnicodeDecodeError):
                shown = shown.decode("utf-8")
        ev.problem = Problem("q.value", {"column": e.column, "where": where,
                                         "value": short(shown), "expected": e.expected})
        return ev
    for column, value in texts.items():
        try:
            parsed = json.loads(value)
        except ValueError:
            parsed = None
        if not isinstance(parsed, dict):
            ev.problem = Problem("q.evening_json", {"column": column, "text": short(value)})
            return ev
        setattr(ev, column, parsed)
    return ev


class AsyncStore:
    """The store seen from the event loop: one worker thread, group commit of actions."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="cardroom-store")
        self._queue: asyncio.Queue[tuple[str, int, str, asyncio.Future[None]]] | None = None
        self._writer: asyncio.Task[None] | None = None
        self.batches = 0
        self.actions_written = 0

    async def call(self, fn: Callable[..., T], *args: Any) -> T:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._pool, fn, *args)

    def start(self) -> None:
        self._queue = asyncio.Queue()
        self._writer = asyncio.get_running_loop().create_task(self._write_loop())

    async def stop(self) -> None:
        if self._writer is not None:
            self._writer.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._writer
            self._writer = None
        self._pool.shutdown(wait=True)
        self.store.close()

    async def append_action(self, table_id: str, n: int, text: str) -> None:
        """Store one action; returns once it is committed (raises :class:`StoreError` otherwise)."""
        if self._queue is None:
            raise StoreError("the store is not started")
        fut: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        await self._queue.put((table_id, n, text, fut))
        await fut

    def _drain(self, first: tuple[str, int, str, asyncio.Future[None]]) -> Iterator[
            tuple[str, int, str, asyncio.Future[None]]]:
        assert self._queue is not None
        yield first
        while not self._queue.empty():
            yield self._queue.get_nowait()

    async def _write_loop(self) -> None:
        assert self._queue is not None
        while True:
            first = await self._queue.get()
            batch = list(self._drain(first))
            rows = [(t, n, x) for t, n, x, _ in batch]
            try:
                await self.call(self.store.add_actions, rows)
            except Exception:
                # One bad row must not fail the others: write them one by one.
                for t, n, x, fut in batch:
                    try:
                        await self.call(self.store.add_actions, [(t, n, x)])
                    except Exception as e:
                        if not fut.done():
                            fut.set_exception(e if isinstance(e, StoreError) else StoreError(str(e)))
                    else:
                        if not fut.done():
                            fut.set_result(None)
                continue
            self.batches += 1
            self.actions_written += len(batch)
            for *_, fut in batch:
                if not fut.done():
                    fut.set_result(None)
