"""The bus between the nodes of a room (room/bus.py): messages of one publisher arrive in order, a channel
nobody listens to reaches nobody; on a real Redis on loopback and in one process."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from pathlib import Path

import pytest

from cardroom.room.bus import Bus, LocalBus, RedisBus, open_bus
from cardroom.room.testing import Redis, free_port


async def exchange(bus: Bus) -> tuple[list[bytes], list[int], int]:
    got: list[bytes] = []
    done = asyncio.Event()

    def handler(data: bytes) -> None:
        got.append(data)
        if len(got) == 600:
            done.set()

    await bus.subscribe("cardroom:test:a", handler)
    await asyncio.sleep(0.05)
    counts = [await bus.publish("cardroom:test:a", f"{i}".encode()) for i in range(100)]
    counts += await bus.publish_many([("cardroom:test:a", f"{i}".encode()) for i in range(100, 600)])
    nobody = await bus.publish("cardroom:test:nobody", b"x")
    await asyncio.wait_for(done.wait(), 10)
    await bus.unsubscribe("cardroom:test:a")
    await bus.close()
    return got, counts, nobody


@pytest.mark.parametrize("kind", ["local", "redis"])
def test_the_bus_keeps_one_publishers_order(kind: str, request: pytest.FixtureRequest) -> None:
    if kind == "redis":
        server: Redis = request.getfixturevalue("redis_server")
        bus: Bus = RedisBus(server.url)
    else:
        bus = LocalBus()
    got, counts, nobody = asyncio.run(exchange(bus))
    assert got == [f"{i}".encode() for i in range(600)]
    assert counts == [1] * 600 and nobody == 0


def test_a_bus_url_is_checked() -> None:
    assert open_bus(None) is None
    assert isinstance(open_bus("local"), LocalBus)
    with pytest.raises(ValueError, match="redis://"):
        open_bus("http://example.org")


@pytest.mark.parametrize(("flags", "says"), [
    (["--node", "n1", "--bus", "redis://127.0.0.1:{port}/0"], "cannot be reached"),
    (["--bus", "redis://127.0.0.1:{port}/0"], "needs a name"),
    (["--node", "n 1", "--bus", "redis://127.0.0.1:{port}/0"], "a node's name"),
    (["--node", "n1", "--bus", "http://127.0.0.1:{port}/"], "a bus is redis://"),
])
def test_serve_refuses_a_bad_node_or_bus_in_one_line(tmp_path: Path, flags: list[str], says: str) -> None:
    port = free_port()  # nothing listens there
    done = subprocess.run([sys.executable, "-m", "cardroom.room", "--db", f"sqlite:///{tmp_path}/r.sqlite",
                           "--port", str(free_port()), *(f.format(port=port) for f in flags)],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and says in lines[0], done.stderr
