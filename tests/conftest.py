from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, settings

from cardroom.room.testing import Postgres

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
