"""What the card room's multi-node browser test needs besides browserkit: a loopback TCP proxy in front of
the nodes (the part nginx plays in docs/multinode.md) whose upstream can be switched, as a load balancer
does when its health check finds a node dead.

:class:`Proxy` runs its own asyncio loop in a thread (the browser tests use Playwright's sync API). Every
connection accepted is piped to the upstream current at that moment; :meth:`Proxy.switch` points the new
connections at another port and cuts the open ones (a dead node's sockets would only hang), and a
connection that finds its upstream refusing is closed at once, so that the client tries again.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections import Counter
from collections.abc import Coroutine
from typing import Any, TypeVar

CHUNK = 65536
T = TypeVar("T")


class Proxy:
    """A TCP proxy on 127.0.0.1 (:attr:`port`) to ``127.0.0.1:upstream``."""

    def __init__(self, upstream: int) -> None:
        self.upstream = upstream
        self.port = 0
        self.accepted: Counter[int] = Counter()
        """Connections piped, by the upstream port they went to."""
        self.refused: Counter[int] = Counter()
        """Connections closed because their upstream refused them, by port."""
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, name="nodekit-proxy", daemon=True)
        self._open: set[asyncio.StreamWriter] = set()
        self._server: asyncio.Server | None = None

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> Proxy:
        self._thread.start()
        self._server = self._call(asyncio.start_server(self._serve, "127.0.0.1", 0))
        self.port = self._server.sockets[0].getsockname()[1]
        return self

    def switch(self, upstream: int) -> None:
        """New connections go to ``upstream``; the open ones are cut."""
        async def cut() -> None:
            self.upstream = upstream
            for w in list(self._open):
                w.transport.abort()
        self._call(cut())

    def stop(self) -> None:
        async def close() -> None:
            if self._server is not None:
                self._server.close()
            for w in list(self._open):
                w.transport.abort()
            others = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
            for t in others:
                t.cancel()
            await asyncio.gather(*others, return_exceptions=True)
        self._call(close())
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(timeout=10)

    def _call(self, coro: Coroutine[Any, Any, T]) -> T:
        return asyncio.run_coroutine_threadsafe(coro, self._loop).result(timeout=10)

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        port = self.upstream
        try:
            up_reader, up_writer = await asyncio.open_connection("127.0.0.1", port)
        except OSError:
            self.refused[port] += 1
            writer.transport.abort()
            return
        self.accepted[port] += 1
        self._open |= {writer, up_writer}
        try:
            await asyncio.gather(self._pipe(reader, up_writer), self._pipe(up_reader, writer))
        finally:
            self._open -= {writer, up_writer}
            for w in (writer, up_writer):
                w.transport.abort()

    @staticmethod
    async def _pipe(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        """Copy until either side ends; then end both (the other pipe's read fails and it ends too)."""
        with contextlib.suppress(OSError, asyncio.IncompleteReadError):
            while data := await reader.read(CHUNK):
                writer.write(data)
                await writer.drain()
        writer.transport.abort()
