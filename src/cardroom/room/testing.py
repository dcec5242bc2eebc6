"""Helpers for tests and benchmarks of the card room: a real PostgreSQL server and a real Redis server
on loopback, free ports, a real uvicorn server process.

PostgreSQL comes from the Debian package (``initdb``/``pg_ctl`` on PATH or in
/usr/lib/postgresql/*/bin; ``make setup-room`` installs it when missing). As root, the server is
run as the ``postgres`` user (PostgreSQL refuses to run as root). Redis is Debian's ``redis-server``
(``make setup-room`` installs it too), the bus of a room of several nodes (:mod:`cardroom.room.bus`).
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _pg_bin(name: str) -> str:
    found = shutil.which(name)
    if found:
        return found
    for path in sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"), reverse=True):
        return path
    raise RuntimeError(f"PostgreSQL's {name} was not found: install it (make setup-room, or apt-get install "
                       "postgresql)")


@dataclass
class Postgres:
    """A throw-away PostgreSQL cluster listening on 127.0.0.1."""

    datadir: Path
    port: int
    _as: list[str]

    @property
    def url(self) -> str:
        return f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/postgres"

    @classmethod
    def start(cls) -> Postgres:
        root = Path(tempfile.mkdtemp(prefix="cardroom-pg-"))
        datadir = root / "data"
        prefix: list[str] = []
        if os.geteuid() == 0:
            runuser = shutil.which("runuser")
            if runuser is None:
                raise RuntimeError("running as root, but runuser is missing to start PostgreSQL as 'postgres'")
            prefix = [runuser, "-u", "postgres", "--"]
            shutil.chown(root, "postgres", "postgres")
            os.chmod(root, 0o700)
        port = free_port()
        subprocess.run([*prefix, _pg_bin("initdb"), "-D", str(datadir), "-U", "postgres", "-A", "trust",
                        "--no-sync", "-E", "UTF8"], check=True, capture_output=True)
        subprocess.run([*prefix, _pg_bin("pg_ctl"), "-D", str(datadir), "-w", "-l", str(root / "log"),
                        "-o", f"-p {port} -k {root} -c listen_addresses=127.0.0.1 -c fsync=on", "start"],
                       check=True, capture_output=True)
        return cls(datadir, port, prefix)

    def stop(self) -> None:
        subprocess.run([*self._as, _pg_bin("pg_ctl"), "-D", str(self.datadir), "-m", "immediate", "stop"],
                       capture_output=True)
        shutil.rmtree(self.datadir.parent, ignore_errors=True)


@dataclass
class Redis:
    """A throw-away ``redis-server`` listening on 127.0.0.1 (no persistence: the bus keeps nothing)."""

    root: Path
    port: int
    proc: subprocess.Popen[bytes]

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    @classmethod
    def start(cls, timeout: float = 20.0) -> Redis:
        binary = shutil.which("redis-server")
        if binary is None:
            raise RuntimeError("redis-server was not found: install it (make setup-room, or apt-get install "
                               "redis-server)")
        root = Path(tempfile.mkdtemp(prefix="cardroom-redis-"))
        port = free_port()
        log = open(root / "log", "ab")  # noqa: SIM115 - handed to the child, closed here
        proc = subprocess.Popen([binary, "--port", str(port), "--bind", "127.0.0.1", "--dir", str(root),
                                 "--save", "", "--appendonly", "no", "--protected-mode", "yes"],
                                stdout=log, stderr=log)
        log.close()
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if proc.poll() is not None:
                raise RuntimeError(f"redis-server exited with {proc.returncode}: "
                                   f"{(root / 'log').read_text(errors='replace')[-2000:]}")
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=1) as s:
                    s.sendall(b"PING\r\n")
                    if s.recv(16).startswith(b"+PONG"):
                        return cls(root, port, proc)
            except OSError:
                time.sleep(0.05)
        proc.kill()
        raise RuntimeError("redis-server did not start in time")

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        shutil.rmtree(self.root, ignore_errors=True)


class ServerProcess:
    """``python -m cardroom.room`` as a real uvicorn process on a loopback port."""

    def __init__(self, db: str, port: int | None = None, bot_delay: float = 0.0,
                 log: str | Path | None = None, public_url: str | None = None, origins: Sequence[str] = (),
                 log_level: str | None = None, limits: Mapping[str, float] | None = None,
                 deal_wait: bool = False, node: str | None = None, bus: str | None = None,
                 lease_seconds: float | None = None) -> None:
        """``limits``: the server's caps as ``cardroom serve`` flags without the dashes, e.g.
        ``{"table_rate": 0, "ws_per_client": 0}`` (0 turns a cap off); the server's defaults otherwise.
        ``deal_wait``: the next deal waits for the people at the table (``--no-deal-wait`` otherwise); the
        end of a deal never pauses a table of bots (``--deal-pause 0``) unless ``limits`` say so."""
        self.deal_wait = deal_wait
        self.node, self.bus, self.lease_seconds = node, bus, lease_seconds  # a node of several (room/node.py)
        self.db = db
        self.limits = dict(limits or {})
        self.port = port or free_port()
        self.bot_delay = bot_delay
        self.public_url = public_url  # --public-url
        self.origins = list(origins)  # --origin, each
        self.log_level = log_level  # --log-level ("info" turns uvicorn's access log on)
        self.proc: subprocess.Popen[bytes] | None = None
        # the server's stderr and stdout go to a file, never to a pipe nobody reads (a full pipe blocks it)
        default = Path(tempfile.mkdtemp(prefix="cardroom-server-")) / "stderr.log"
        self.log_path = Path(log) if log is not None else default

    def log_text(self) -> str:
        """What the server wrote to its stderr and stdout so far (every start appends)."""
        try:
            return self.log_path.read_text(encoding="utf-8", errors="replace")
        except FileNotFoundError:
            return ""

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, timeout: float = 30.0) -> None:
        log_file = open(self.log_path, "ab")  # noqa: SIM115 - handed to the child, closed here
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "cardroom.room", "--port", str(self.port), "--db", self.db,
             "--bot-delay", str(self.bot_delay), *self._flags(),
             *(() if self.deal_wait else ("--no-deal-wait",)),
             *(() if "deal_pause" in self.limits else ("--deal-pause", "0")),
             *(a for k, v in self.limits.items() for a in (f"--{k.replace('_', '-')}", str(v)))],
            stdout=log_file, stderr=log_file)  # uvicorn's access log goes to stdout
        log_file.close()  # the child holds its own descriptor
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server exited with {self.proc.returncode}: {self.log_text()[-4000:]}")
            try:
                with urllib.request.urlopen(self.base + "/api/tables", timeout=1):
                    return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("the server did not start in time")

    def _flags(self) -> list[str]:
        flags = [] if self.public_url is None else ["--public-url", self.public_url]
        for o in self.origins:
            flags += ["--origin", o]
        if self.node is not None:
            flags += ["--node", self.node]
        if self.bus is not None:
            flags += ["--bus", self.bus]
        if self.lease_seconds is not None:
            flags += ["--lease-seconds", str(self.lease_seconds)]
        return flags + ([] if self.log_level is None else ["--log-level", self.log_level])

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()  # SIGKILL
            self.proc.wait()

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


def ws_protocols(token: str | None) -> list[str]:
    """The WebSocket subprotocols a client offers: ``cardroom``, and ``token.<token>`` for a seat
    (``websocket_connect(url, subprotocols=ws_protocols(tok))``, ``connect(url, subprotocols=…)``)."""
    return ["cardroom"] if token is None else ["cardroom", f"token.{token}"]


def live_record(client: Any, table_id: str) -> dict[str, Any]:
    """The record of a table in play, read from the server's own room (a test's TestClient): clients
    get a match's record only once it is over (it shows every hand)."""
    rec: dict[str, Any] = client.app.state.room.record(table_id, live=True)
    return rec


def settled(client: Any, table_id: str, timeout: float = 60.0) -> dict[str, Any]:
    """The table (``GET /api/tables/{id}`` through a TestClient) once chance has acted: a person is on
    turn, or the match is over."""
    deadline = time.monotonic() + timeout
    while True:
        info: dict[str, Any] = client.get(f"/api/tables/{table_id}").json()
        if info["to_act"] is not None or info["over"]:
            return info
        assert time.monotonic() < deadline, f"table {table_id} did not settle in {timeout} s"
        time.sleep(0.01)
