"""``cardroom serve``: the card room's web server (FastAPI on uvicorn)."""

from __future__ import annotations

import argparse
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
    p.add_argument("--hint-limit", type=_positive_int, default=2,
                   help="hint searches running at once at most; one more is refused with 429 (default 2)")
    p.set_defaults(func=run)
    return p


def _positive_int(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        n = 0
    if n < 1:
        raise argparse.ArgumentTypeError(f"must be a positive integer, not {text[:20]!r}")
    return n


def run(args: argparse.Namespace) -> int:
    import uvicorn

    from cardroom.room.app import create_app

    app = create_app(args.db, bot_delay=getattr(args, "bot_delay", 0.5), hint_limit=getattr(args, "hint_limit", 2))
    uvicorn.run(app, host=args.host, port=args.port, log_level=getattr(args, "log_level", "warning"),
                ws_ping_interval=20.0, ws_per_message_deflate=getattr(args, "ws_deflate", False))
    return 0
