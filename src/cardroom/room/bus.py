"""The message bus between the nodes of a card room (docs/multinode.md): channels of bytes.

A :class:`Bus` publishes bytes on a named channel and hands every message published on a channel a
node subscribed to, in the order it was published by one publisher, to that channel's handler.
Nothing is kept: a message published while nobody listens is gone (the publisher learns it from
the count of receivers :meth:`Bus.publish` returns). Two implementations: :class:`RedisBus`
(Redis pub/sub, between processes and machines) and :class:`LocalBus` (in one process: the tests
of the relaying without a Redis, and the reference of the benchmarks).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from typing import Any, Protocol

log = logging.getLogger("cardroom.room.bus")

Handler = Callable[[bytes], None]
"""Receives one message of a channel (called on the event loop, in the order of publication)."""


class Bus(Protocol):
    async def publish(self, channel: str, data: bytes) -> int:
        """Send ``data`` to every subscriber of ``channel``; the number of subscribers it reached."""
        ...

    async def publish_many(self, messages: list[tuple[str, bytes]]) -> list[int]:
        """:meth:`publish` each ``(channel, data)`` in order, at once (one round trip to Redis)."""
        ...

    async def subscribe(self, channel: str, handler: Handler) -> None:
        """Hand every message of ``channel`` from now on to ``handler`` (one handler a channel)."""
        ...

    async def unsubscribe(self, channel: str) -> None:
        ...

    async def close(self) -> None:
        ...


class LocalBus:
    """A bus inside one process: each handler is called soon after the publication (never within it,
    as on a real bus), in the order of publication."""

    def __init__(self) -> None:
        self._handlers: dict[str, Handler] = {}

    async def publish(self, channel: str, data: bytes) -> int:
        handler = self._handlers.get(channel)
        if handler is None:
            return 0
        asyncio.get_running_loop().call_soon(handler, data)
        return 1

    async def publish_many(self, messages: list[tuple[str, bytes]]) -> list[int]:
        return [await self.publish(channel, data) for channel, data in messages]

    async def subscribe(self, channel: str, handler: Handler) -> None:
        self._handlers[channel] = handler

    async def unsubscribe(self, channel: str) -> None:
        self._handlers.pop(channel, None)

    async def close(self) -> None:
        self._handlers.clear()


class RedisBus:
    """Redis pub/sub (the ``redis`` package's asyncio client): one connection publishes, one listens.

    A lost connection to Redis loses the messages meanwhile (pub/sub keeps nothing); the listener
    reconnects and subscribes again by itself, and the nodes above it recover by their own time-outs
    (a relayed request unanswered, a relayed connection closed: the client reconnects)."""

    def __init__(self, url: str) -> None:
        import redis.asyncio as aioredis

        self.url = url
        self._redis: Any = aioredis.from_url(url)
        self._pubsub: Any = self._redis.pubsub(ignore_subscribe_messages=True)
        self._handlers: dict[str, Handler] = {}
        self._listener: asyncio.Task[None] | None = None
        self.published = 0
        self.received = 0

    async def check(self) -> None:
        """Raise when Redis cannot be reached (``cardroom serve --bus`` checks it before it starts)."""
        await self._redis.ping()

    async def publish(self, channel: str, data: bytes) -> int:
        self.published += 1
        receivers: int = await self._redis.publish(channel, data)
        return receivers

    async def publish_many(self, messages: list[tuple[str, bytes]]) -> list[int]:
        self.published += len(messages)
        pipe = self._redis.pipeline(transaction=False)
        for channel, data in messages:
            pipe.publish(channel, data)
        return [int(n) for n in await pipe.execute()]

    async def subscribe(self, channel: str, handler: Handler) -> None:
        self._handlers[channel] = handler
        await self._pubsub.subscribe(channel)
        if self._listener is None:
            self._listener = asyncio.get_running_loop().create_task(self._listen())

    async def unsubscribe(self, channel: str) -> None:
        self._handlers.pop(channel, None)
        await self._pubsub.unsubscribe(channel)

    async def _listen(self) -> None:
        pause = 0.05
        while True:
            try:
                async for message in self._pubsub.listen():  # blocks on the socket: no time-out per message
                    pause = 0.05
                    if message is None or message.get("type") != "message":
                        continue
                    channel = message["channel"]
                    handler = self._handlers.get(channel.decode() if isinstance(channel, bytes) else channel)
                    if handler is None:
                        continue
                    self.received += 1
                    try:
                        handler(message["data"])
                    except Exception:
                        log.exception("the bus: a handler of %s failed", channel)
                await asyncio.sleep(0.05)  # nothing subscribed at the moment
            except asyncio.CancelledError:
                raise
            except Exception as e:  # Redis went away: subscribe again once it is back
                log.warning("the bus at %s: %s; listening again in %.1f s", self.url, e, pause)
                await asyncio.sleep(pause)
                pause = min(2.0, pause * 2)
                with contextlib.suppress(Exception):
                    if self._handlers:
                        await self._pubsub.subscribe(*self._handlers)

    async def close(self) -> None:
        if self._listener is not None:
            self._listener.cancel()
            with contextlib.suppress(BaseException):
                await self._listener
            self._listener = None
        with contextlib.suppress(Exception):
            await self._pubsub.aclose()
        with contextlib.suppress(Exception):
            await self._redis.aclose()


def open_bus(url: str | None) -> Bus | None:
    """The bus at ``url``: ``redis://…`` (or ``rediss://``), ``local`` for one process; None without one."""
    if url is None:
        return None
    if url == "local":
        return LocalBus()
    if url.startswith(("redis://", "rediss://", "unix://")):
        return RedisBus(url)
    from cardroom.room.messages import msg

    raise ValueError(msg("node.bad_bus", "en", url=url))
