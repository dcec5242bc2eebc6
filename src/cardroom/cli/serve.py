"""``cardroom serve``: the card room's web server (FastAPI on uvicorn)."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from sqlalchemy.exc import SQLAlchemyError

from cardroom.cli.i18n import default_lang
from cardroom.room.messages import msg
from cardroom.room.store import DEFAULT_DB, Store, StoreSchemaError, one_line


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Add the ``serve`` sub-command to an argparse sub-parser collection."""
    p: argparse.ArgumentParser = subparsers.add_parser(
        "serve", help="start the card room web server / запустить веб-сервер клуба")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    p.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    p.add_argument("--db", default=DEFAULT_DB,
                   help="event store: a SQLAlchemy URL, e.g. postgresql://user@host/db (default: cardroom.sqlite)")
    p.add_argument("--bot-delay", type=float, default=0.5,
                   help="seconds a bot waits before it acts, so people can follow (default 0.5)")
    p.add_argument("--ws-deflate", action="store_true",
                   help="compress WebSocket messages (permessage-deflate): less traffic, more CPU (default off)")
    p.add_argument("--log-level", default="warning", help="uvicorn log level (default warning)")
    p.set_defaults(func=run)
    return p


def _open_store(db: str, lang: str, create: bool = True) -> Store | None:
    """The store at ``db``, checked (``Store._check_schema``); None once a one-line error is printed."""
    try:
        return Store(db, create=create)
    except StoreSchemaError as e:
        print(f"cardroom: {e.text(lang)}", file=sys.stderr)
    except (SQLAlchemyError, ImportError) as e:  # a URL SQLAlchemy cannot read, a driver that is missing
        print(f"cardroom: {msg('db.cannot_open', lang, db=db, why=one_line(str(e), 200))}", file=sys.stderr)
    return None


def run(args: argparse.Namespace) -> int:
    # the database is checked before the server starts: a foreign or damaged file, a missing table,
    # an unreachable PostgreSQL give one line and status 2, not a failed start-up with a traceback
    store = _open_store(args.db, getattr(args, "lang", None) or default_lang())
    if store is None:
        return 2
    store.close()

    import uvicorn

    from cardroom.room.app import create_app

    app = create_app(args.db, bot_delay=getattr(args, "bot_delay", 0.5))
    uvicorn.run(app, host=args.host, port=args.port, log_level=getattr(args, "log_level", "warning"),
                ws_ping_interval=20.0, ws_per_message_deflate=getattr(args, "ws_deflate", False))
    return 0


def add_room_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Add ``cardroom room …``, the card room's administration commands (``room quarantine``)."""
    p: argparse.ArgumentParser = subparsers.add_parser(
        "room", help="administer the card room's store / обслуживание хранилища клуба")
    sub = p.add_subparsers(dest="room_command", required=True)
    q: argparse.ArgumentParser = sub.add_parser(
        "quarantine", help="list the stored tables the server sets aside (not served), one line each: id, game, "
                           "reason / столы, отложенные сервером")
    q.add_argument("--db", default=DEFAULT_DB,
                   help="the event store, as for 'cardroom serve' (default: cardroom.sqlite)")
    q.set_defaults(func=quarantine)
    return p


def quarantine(args: argparse.Namespace) -> int:
    """Print the tables a server started on ``--db`` would set aside, as it would compute them (the
    store is only read; nothing is created). Status 0; 2 when the database itself is refused."""
    from cardroom.room.engine import build_tables

    lang = getattr(args, "lang", None) or default_lang()
    store = _open_store(args.db, lang, create=False)
    if store is None:
        return 2
    try:
        stored = store.load_all()
    except StoreSchemaError as e:
        print(f"cardroom: {e.text(lang)}", file=sys.stderr)
        return 2
    finally:
        store.close()
    tables, quarantined, _ = build_tables(stored)
    for item in quarantined.values():
        print(f"{item.id}\t{item.game or '-'}\t{item.problem.text(lang)}")
    print(msg("admin.summary", lang, tables=len(tables) + len(quarantined), db=store.where,
              quarantined=len(quarantined)), file=sys.stderr)
    return 0
