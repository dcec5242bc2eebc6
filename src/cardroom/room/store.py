"""The append-only event store of the card room (SQLAlchemy 2: SQLite by default, PostgreSQL by URL).

Three tables, rows only ever inserted:

- ``room_tables``: one row per table (id, game, options, seed, parent table for a rematch, whether it
  is a practice table: a column added to older databases when the server starts);
- ``room_seat_events``: who sits where (a person with the hash of a secret token, a bot, an
  invitation with the hash of its code, the redemption of an invitation);
- ``room_actions``: every action of every table (chance included) as its canonical text with its
  order number ``n``; ``(table_id, n)`` is the primary key, so an action can never be stored twice.

Secrets are kept only as SHA-256 hashes. The in-memory tables are rebuilt from these rows when the
server starts (:meth:`Store.load_all`).

All database work runs on one worker thread; :class:`AsyncStore` gives the event loop awaitable
calls and commits the actions of many tables together (group commit): an action is acknowledged
only after the transaction that holds it has committed.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, TypeVar

from sqlalchemy import (
    BigInteger,
    Boolean,
    Float,
    ForeignKey,
    Integer,
    String,
    Text,
    create_engine,
    event,
    false,
    insert,
    inspect,
    select,
)
from sqlalchemy import text as sql_text
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

T = TypeVar("T")

DEFAULT_DB = "sqlite:///cardroom.sqlite"


def secret_hash(secret: str) -> str:
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


class Base(DeclarativeBase):
    pass


class TableRow(Base):
    __tablename__ = "room_tables"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    options: Mapped[str] = mapped_column(Text)  # JSON object
    seed: Mapped[int] = mapped_column(BigInteger)
    owner_hash: Mapped[str] = mapped_column(String(64))
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


@dataclass(frozen=True)
class SeatEvent:
    seat: int
    kind: str
    name: str
    secret_hash: str | None


@dataclass
class StoredTable:
    """A table as the store holds it: everything needed to rebuild it."""

    id: str
    game: str
    options: dict[str, Any]
    seed: int
    owner_hash: str
    parent: str | None
    created: float
    seat_events: list[SeatEvent] = field(default_factory=list)
    actions: list[str] = field(default_factory=list)
    practice: bool = False  # a practice table: its seed was chosen by a client


class StoreError(Exception):
    """The store refused a write (a duplicate order number, a lost connection…)."""


def normalize_url(url: str) -> str:
    """Accept plain ``postgresql://`` URLs (psycopg 3 is the driver) and file paths for SQLite."""
    if url.startswith(("postgres://", "postgresql://")):
        return "postgresql+psycopg://" + url.split("://", 1)[1]
    if "://" not in url:
        return "sqlite:///" + url
    return url


class Store:
    """Synchronous access to the event store. Use it from one thread at a time."""

    def __init__(self, url: str = DEFAULT_DB) -> None:
        self.url = normalize_url(url)
        if self.url.startswith("sqlite"):
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
        Base.metadata.create_all(self.engine)
        self._add_practice_column()
        mark = {"qmark": "?", "format": "%s", "pyformat": "%s"}.get(self.engine.dialect.paramstyle)
        self._insert_action_sql: str | None = None if mark is None else (
            f"INSERT INTO {ActionRow.__tablename__} (table_id, n, text, at) VALUES ({mark}, {mark}, {mark}, {mark})")

    def _add_practice_column(self) -> None:
        """A database made before practice tables existed gets the column (every old table: not practice)."""
        columns = {c["name"] for c in inspect(self.engine).get_columns(TableRow.__tablename__)}
        if "practice" not in columns:
            with self.engine.begin() as conn:
                conn.execute(sql_text(f"ALTER TABLE {TableRow.__tablename__} ADD COLUMN practice BOOLEAN NOT NULL "
                                  "DEFAULT FALSE"))

    def close(self) -> None:
        self.engine.dispose()

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
            for e in events:
                conn.execute(insert(SeatEventRow).values(
                    table_id=table_id, seat=e.seat, kind=e.kind, name=e.name, secret_hash=e.secret_hash,
                    at=time.time()))

    def add_actions(self, rows: list[tuple[str, int, str]]) -> None:
        """Insert actions ``(table_id, n, text)`` in one transaction; all or none."""
        now = time.time()
        try:
            with self.engine.begin() as conn:
                if self._insert_action_sql is not None:  # the driver's own executemany: a quarter of the CPU
                    conn.exec_driver_sql(self._insert_action_sql, [(t, n, x, now) for t, n, x in rows])
                else:
                    conn.execute(insert(ActionRow), [{"table_id": t, "n": n, "text": x, "at": now} for t, n, x in rows])
        except IntegrityError as e:
            raise StoreError(f"action already stored (duplicate order number): {e.orig}") from None

    # ------------------------------------------------------------------ reads
    def load_all(self) -> list[StoredTable]:
        """Every table with its seat events and actions, in order."""
        tables: dict[str, StoredTable] = {}
        with self.engine.connect() as conn:
            for r in conn.execute(select(TableRow).order_by(TableRow.created, TableRow.id)).mappings():
                tables[r["id"]] = StoredTable(r["id"], r["game"], json.loads(r["options"]), r["seed"],
                                              r["owner_hash"], r["parent"], r["created"],
                                              practice=bool(r["practice"]))
            for r in conn.execute(select(SeatEventRow).order_by(SeatEventRow.id)).mappings():
                tables[r["table_id"]].seat_events.append(SeatEvent(r["seat"], r["kind"], r["name"], r["secret_hash"]))
            for r in conn.execute(select(ActionRow).order_by(ActionRow.table_id, ActionRow.n)).mappings():
                t = tables[r["table_id"]]
                if r["n"] != len(t.actions):
                    raise StoreError(f"table {t.id}: action {r['n']} stored without action {len(t.actions)}")
                t.actions.append(r["text"])
        return list(tables.values())

    def actions(self, table_id: str) -> list[str]:
        with self.engine.connect() as conn:
            rows = conn.execute(select(ActionRow.text).where(ActionRow.table_id == table_id).order_by(ActionRow.n))
            return [r[0] for r in rows]


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
