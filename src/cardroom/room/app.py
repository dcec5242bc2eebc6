"""The card room's web server: the FastAPI application over :class:`~cardroom.room.engine.Room`.

:func:`create_app` assembles it: the lifespan (the store, the room, the watchdog, idle expiry), the
middlewares, the error handler and the routers of :mod:`cardroom.room.routes`. The protocol is
written down in docs/room.md.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Sequence

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.types import ASGIApp

from cardroom.room import limits, timer
from cardroom.room.clubtable import ClubRoom
from cardroom.room.engine import Observer, Room, RoomError
from cardroom.room.evening import RoomEvenings
from cardroom.room.messages import msg
from cardroom.room.routes import (
    club,
    clubtable,
    evening,
    hint,
    keep,
    lobby,
    records,
    review,
    social,
    socket,
    tables,
    tournament,
)
from cardroom.room.routes import node as node_routes
from cardroom.room.routes.common import STATIC, RoomSettings, lang_of
from cardroom.room.routes.hint import HintLimit
from cardroom.room.routes.socket import watchdog
from cardroom.room.store import DEFAULT_DB, AsyncStore, Store
from cardroom.room.tournament import RoomKnockouts, RoomTournaments
from cardroom.room.web import REDACT, SecurityHeaders, public_base, web_origin

__all__ = ["STATIC", "create_app"]


class _RoomApp(FastAPI):
    """FastAPI with :class:`~cardroom.room.web.SecurityHeaders` outside everything, 500s included."""

    def build_middleware_stack(self) -> ASGIApp:
        return SecurityHeaders(super().build_middleware_stack())


def create_app(db_url: str = DEFAULT_DB, bot_delay: float = 0.0, observer: Observer | None = None,
               outbox_limit: int = 64, stuck_seconds: float = 30.0, public_url: str | None = None,
               allowed_origins: Sequence[str] | None = None, *,
               max_body: int | None = limits.MAX_BODY, max_frame: int | None = limits.MAX_FRAME,
               outbox_bytes: int = 256 * 1024, table_rate: float | None = limits.TABLE_RATE,
               table_burst: int = limits.TABLE_BURST, ws_per_client: int | None = limits.WS_PER_CLIENT,
               ws_total: int | None = limits.WS_TOTAL, idle_hours: float | None = limits.IDLE_HOURS,
               hint_limit: int = 2, deal_wait: bool = False, deal_pause: float = 0.0, node: str | None = None,
               bus: str | None = None, lease_seconds: float = 10.0) -> FastAPI:
    """The server application. Tables are rebuilt from the store at start-up. ``outbox_limit``:
    messages waiting for one connection at most; ``stuck_seconds``: a connection whose socket takes
    nothing for that long is closed. ``public_url``: the room's address as people reach it (invitation
    links start with it; without it they are relative). ``allowed_origins``: the browser origins whose
    pages may open a WebSocket (default: the server's own, by the request's Host, and the public URL's).
    ValueError for a malformed URL or origin.

    Limits (``cardroom.room.limits``; None or 0 turns one off): ``max_body`` bytes of an HTTP body,
    ``max_frame`` bytes of a socket message, ``outbox_bytes`` waiting for one connection,
    ``table_rate`` tables a minute from one address after a burst of ``table_burst``,
    ``ws_per_client`` sockets from one address and ``ws_total`` in all, ``idle_hours`` before an
    unfinished table nobody uses is ended. ``hint_limit``: hint searches running at once at most (one
    more is refused with 429). ``deal_wait``: the next deal waits until every person at the table asked
    for it (``Room.deal_wait``); ``deal_pause``: seconds the end of a deal stays on a table of bots.

    Several nodes (room/node.py, docs/multinode.md): ``bus`` (``redis://…``, or ``local`` in one process)
    makes this server the node ``node`` of a room whose tables it owns by leases of ``lease_seconds``;
    it then loads only the tables nobody owns (its share), relays the others' requests to their owners,
    and serves no club evening, tournament nor club table (they are one node's: without ``bus``)."""
    from cardroom.room.bus import open_bus

    if bus is not None and not node:
        raise ValueError(msg("node.needs_name", "en"))
    if bus is not None and node:
        from cardroom.room.node import check_name

        check_name(node)
    node_bus = open_bus(bus)
    hints = HintLimit(hint_limit)
    public = public_base(public_url) if public_url is not None else None
    origins = frozenset(web_origin(o) for o in allowed_origins) if allowed_origins is not None else None

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        for name in ("uvicorn.access", "uvicorn.error"):  # configured by uvicorn by now
            logging.getLogger(name).addFilter(REDACT)
        store = AsyncStore(Store(db_url))
        store.start()
        room = Room(store, bot_delay=bot_delay, observer=observer, outbox_limit=outbox_limit,
                    stuck_seconds=stuck_seconds, deal_wait=deal_wait, deal_pause=deal_pause)
        # the club evenings (room/evening.py): their rows read first, rebuilt once the tables are and before
        # any table is resumed (their tables wait for the boards still to come), resumed once the room is up
        app.state.evenings = evenings = RoomEvenings()
        # the tournaments and knock-outs (room/tournament.py) likewise
        app.state.tournaments = tournaments = RoomTournaments()
        app.state.knockouts = knockouts = RoomKnockouts()
        app.state.clubs = clubs = ClubRoom(room)  # the club tables of 1913 (room/clubtable.py)
        app.state.node = None
        if node_bus is None:
            stored_evenings = await store.call(store.store.load_evenings)
            stored_tournaments = await store.call(store.store.load_tournaments)

            def prepare(r: Room) -> None:
                evenings.restore(r, stored_evenings)
                tournaments.restore(r, stored_tournaments)
                knockouts.restore(r, stored_tournaments)

            await room.load(prepare=prepare)
            await clubs.load()
        else:  # a node of several: its share of the tables nobody owns, then the others' as they fall free
            from cardroom.room.node import Node

            assert node is not None
            app.state.node = this_node = Node(node, room, store, node_bus, lease_seconds)
            this_node.app = app
            await this_node.start()
        app.state.room = room
        room.max_frame, room.outbox_bytes = max_frame or None, outbox_bytes
        stuck = asyncio.get_running_loop().create_task(watchdog(room))
        expiry = asyncio.get_running_loop().create_task(limits.expire_idle(room, idle_hours * 3600)) \
            if idle_hours else None
        clocks = asyncio.get_running_loop().create_task(timer.run(room))  # the tables' move timers
        evenings.start_all(room)
        tournaments.start_all(room)
        knockouts.start_all(room)
        try:
            yield
        finally:
            await evenings.close()
            await tournaments.close()
            await knockouts.close()
            await limits.stop_task(clocks)
            await limits.stop_task(expiry)
            stuck.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await stuck
            if app.state.node is not None:
                await app.state.node.stop()
            await room.close()
            if node_bus is not None:
                await node_bus.close()
            await store.stop()

    # no /docs nor /redoc: their pages load scripts from a CDN, which the Content-Security-Policy forbids
    app = _RoomApp(title="cardroom", lifespan=lifespan, docs_url=None, redoc_url=None)
    app.add_middleware(limits.BodyLimit, max_body=max_body)
    app.add_middleware(limits.SocketLimit, per_client=ws_per_client, total=ws_total)
    if node_bus is not None:  # a request about a table another node owns is answered by that node
        from cardroom.room.node import Routing

        app.add_middleware(Routing, node=lambda: getattr(app.state, "node", None))
    app.state.settings = RoomSettings(table_bucket=limits.RateLimit(table_rate, table_burst), public=public,
                                      origins=origins, hints=hints)

    @app.exception_handler(RoomError)
    async def _room_error(request: Request, exc: RoomError) -> JSONResponse:
        return JSONResponse({"detail": exc.text(lang_of(request)), "code": exc.code}, status_code=exc.status,
                            headers=exc.headers)

    for module in (lobby, tables, records, review, socket, hint, club, social, evening, clubtable, tournament,
                   keep, node_routes):
        app.include_router(module.router)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    return app
