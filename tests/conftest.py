from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings
from sqlalchemy import create_engine, text

from cardroom.room.testing import Postgres, Redis

_databases = 0

settings.register_profile("default", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("long", deadline=None, max_examples=2000, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


@pytest.fixture(scope="module")
def postgres() -> Iterator[Postgres]:
    """A real PostgreSQL server on loopback for the room's store tests (Debian's package; make test installs it)."""
    pg = Postgres.start()
    try:
        yield pg
    finally:
        pg.stop()


@pytest.fixture(scope="module")
def redis_server() -> Iterator[Redis]:
    """A real Redis server on loopback, the bus of the room's multi-node tests (Debian's redis-server)."""
    server = Redis.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def db(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh store URL on each backend: a SQLite file, or a new database on the module's PostgreSQL."""
    global _databases
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path}/room.sqlite"
    pg: Postgres = request.getfixturevalue("postgres")
    _databases += 1
    name = f"room{_databases}"
    eng = create_engine(pg.url, isolation_level="AUTOCOMMIT")
    with eng.connect() as conn:
        conn.execute(text(f"CREATE DATABASE {name}"))
    eng.dispose()
    return pg.url.rsplit("/", 1)[0] + "/" + name
