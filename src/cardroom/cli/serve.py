"""``cardroom serve``: the card room's web server (FastAPI on uvicorn)."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from cardroom.room.store import DEFAULT_DB


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
    p.add_argument("--public-url", default=None, metavar="URL",
                   help="the room's address as people reach it, e.g. https://club.example: invitation links "
                        "start with it (default: relative links); its origin may open sockets")
    p.add_argument("--origin", action="append", default=None, metavar="ORIGIN",
                   help="a browser origin (scheme://host[:port]) whose pages may open the room's WebSocket; "
                        "repeat for several (default: the server's own origin, by the request's Host)")
    p.set_defaults(func=run)
    return p


def run(args: argparse.Namespace) -> int:
    import uvicorn

    from cardroom.room.app import create_app

    try:
        app = create_app(args.db, bot_delay=getattr(args, "bot_delay", 0.5),
                         public_url=getattr(args, "public_url", None), allowed_origins=getattr(args, "origin", None))
    except ValueError as e:  # a malformed --public-url or --origin
        print(f"cardroom serve: {e}", file=sys.stderr)
        return 2
    uvicorn.run(app, host=args.host, port=args.port, log_level=getattr(args, "log_level", "warning"),
                ws_ping_interval=20.0, ws_per_message_deflate=getattr(args, "ws_deflate", False))
    return 0
