"""``cardroom serve`` and ``python -m cardroom.room``: the card room's web server (FastAPI on uvicorn),
its arguments and its start-up check of the store (:func:`open_store`)."""

from __future__ import annotations

import argparse
import gc
import sys
from collections.abc import Callable
from typing import Any, TypeVar

from sqlalchemy.exc import SQLAlchemyError

from cardroom.i18n import default_lang
from cardroom.room.messages import msg
from cardroom.room.store import DEFAULT_DB, Store, StoreSchemaError, one_line

N = TypeVar("N", int, float)


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Add the ``serve`` sub-command to an argparse sub-parser collection (its help in the language of
    the parser it is added to, :func:`cardroom.i18n.helptext.parser_lang`)."""
    from cardroom.i18n.helptext import cli_help, parser_lang

    lang = parser_lang(subparsers)

    def h(key: str) -> str:
        return cli_help(key, lang)

    p: argparse.ArgumentParser = subparsers.add_parser("serve", help=h("serve"))
    p.add_argument("--host", default="127.0.0.1", help=h("host"))
    p.add_argument("--port", type=int, default=8000, help=h("port"))
    p.add_argument("--db", default=DEFAULT_DB, help=h("db"))
    p.add_argument("--bot-delay", type=float, default=0.5, help=h("bot_delay"))
    p.add_argument("--ws-deflate", action="store_true", help=h("ws_deflate"))
    p.add_argument("--log-level", default="warning", help=h("log_level"))
    p.add_argument("--public-url", default=None, metavar="URL", help=h("public_url"))
    p.add_argument("--origin", action="append", default=None, metavar="ORIGIN", help=h("origin"))
    # limits (issue 12, points 7-8): 0 turns a cap off
    p.add_argument("--max-body", type=int, default=8192, help=h("max_body"))
    p.add_argument("--max-frame", type=int, default=8192, help=h("max_frame"))
    p.add_argument("--table-rate", type=float, default=10.0, help=h("table_rate"))
    p.add_argument("--table-burst", type=int, default=20, help=h("table_burst"))
    p.add_argument("--ws-per-client", type=int, default=32, help=h("ws_per_client"))
    p.add_argument("--ws-total", type=int, default=2000, help=h("ws_total"))
    p.add_argument("--idle-hours", type=float, default=24.0, help=h("idle_hours"))
    p.add_argument("--hint-limit", type=_positive_int, default=2, help=h("hint_limit"))
    p.add_argument("--deal-pause", type=float, default=2.0, help=h("deal_pause"))
    p.add_argument("--no-deal-wait", dest="deal_wait", action="store_false", help=h("no_deal_wait"))
    # several nodes (issue 18, docs/multinode.md)
    p.add_argument("--node", default=None, metavar="NAME", help=h("node"))
    p.add_argument("--bus", default=None, metavar="URL", help=h("bus"))
    p.add_argument("--lease-seconds", type=_lease_seconds, default=10.0, help=h("lease_seconds"))
    p.set_defaults(func=run)
    return p


def _within(kind: Callable[[str], N], low: N, high: N | None, key: str) -> Callable[[str], N]:
    """An argparse type: the text read as ``kind``, from ``low`` to ``high`` (None: no top); else the
    message ``key`` (text that is no number counts as 0)."""
    def read(text: str) -> N:
        try:
            x = kind(text)
        except ValueError:
            x = kind("0")
        if not (low <= x and (high is None or x <= high)):  # NaN is out too
            raise argparse.ArgumentTypeError(msg(key, default_lang(), got=text))
        return x

    return read


_positive_int = _within(int, 1, None, "serve.not_positive")
_lease_seconds = _within(float, 0.5, 3600.0, "node.bad_lease")


def open_store(db: str, lang: str, create: bool = True) -> Store | None:
    """The store at ``db``, checked (``Store._check_schema``); None once a one-line error is printed."""
    try:
        return Store(db, create=create)
    except StoreSchemaError as e:
        print(f"cardroom: {e.text(lang)}", file=sys.stderr)
    except (SQLAlchemyError, ImportError) as e:  # a URL SQLAlchemy cannot read, a driver that is missing
        print(f"cardroom: {msg('db.cannot_open', lang, db=db, why=one_line(str(e), 200))}", file=sys.stderr)
    return None


def check_bus(url: str, lang: str) -> bool:
    """Whether the Redis bus at ``url`` answers (a one-line error printed otherwise), checked before the
    server starts as the store is."""
    import asyncio

    from cardroom.room.bus import RedisBus, open_bus

    bus = open_bus(url)
    if not isinstance(bus, RedisBus):
        return True

    async def ping() -> None:
        try:
            await asyncio.wait_for(bus.check(), 10)
        finally:
            await bus.close()

    try:
        asyncio.run(ping())
    except Exception as e:
        print(f"cardroom: {msg('node.no_bus', lang, url=url, why=one_line(str(e) or type(e).__name__, 200))}",
              file=sys.stderr)
        return False
    return True


GC_YOUNG_THRESHOLD = 7000
"""The young generation's threshold of the server process's garbage collector (CPython's default: 700).
Every action builds each seat's view and message, a few hundred containers alive until the message is
sent: at the default a young collection ran every few actions and traversed them (bench/room.py). An
action's garbage is freed by reference counting, not by the collector (tests/test_room_gc.py checks
that it makes no reference cycles), so fewer young collections leave no more memory behind."""


def tune_gc() -> None:
    """The server process's collector: what start-up loaded (modules, classes, the catalogue) moved to
    the permanent generation (:func:`gc.freeze`), so that no full collection walks it again, and the
    young threshold raised to :data:`GC_YOUNG_THRESHOLD`."""
    gc.collect()
    gc.freeze()
    _, older, oldest = gc.get_threshold()
    gc.set_threshold(GC_YOUNG_THRESHOLD, older, oldest)


def run(args: argparse.Namespace) -> int:
    # the database is checked before the server starts: a foreign or damaged file, a missing table,
    # an unreachable PostgreSQL give one line and status 2, not a failed start-up with a traceback
    store = open_store(args.db, getattr(args, "lang", None) or default_lang())
    if store is None:
        return 2
    store.close()

    import uvicorn

    from cardroom.room.app import create_app

    max_frame = getattr(args, "max_frame", 8192)
    try:
        app = create_app(args.db, bot_delay=getattr(args, "bot_delay", 0.5),
                         public_url=getattr(args, "public_url", None), allowed_origins=getattr(args, "origin", None),
                         max_body=getattr(args, "max_body", 8192), max_frame=max_frame,
                         table_rate=getattr(args, "table_rate", 10.0), table_burst=getattr(args, "table_burst", 20),
                         ws_per_client=getattr(args, "ws_per_client", 32), ws_total=getattr(args, "ws_total", 2000),
                         idle_hours=getattr(args, "idle_hours", 24.0),
                         hint_limit=getattr(args, "hint_limit", 2), deal_wait=getattr(args, "deal_wait", True),
                         deal_pause=getattr(args, "deal_pause", 2.0), node=getattr(args, "node", None),
                         bus=getattr(args, "bus", None), lease_seconds=getattr(args, "lease_seconds", 10.0))
    except ValueError as e:  # a malformed --public-url, --origin or --bus, --bus without --node
        print(f"cardroom serve: {e}", file=sys.stderr)
        return 2
    bus = getattr(args, "bus", None)
    if bus is not None and not check_bus(bus, getattr(args, "lang", None) or default_lang()):
        return 2
    tune_gc()
    uvicorn.run(app, host=args.host, port=args.port, log_level=getattr(args, "log_level", "warning"),
                ws_ping_interval=20.0, ws_per_message_deflate=getattr(args, "ws_deflate", False),
                ws_max_size=max_frame or 16 * 1024 * 1024)
    return 0
