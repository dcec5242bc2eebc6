"""``cardroom room …``: the card room's administration commands (``room quarantine``). The server
itself, ``cardroom serve``, is :mod:`cardroom.room.serve`."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from cardroom.i18n import default_lang
from cardroom.room.messages import msg
from cardroom.room.serve import open_store
from cardroom.room.store import DEFAULT_DB, Problem, StoreSchemaError


def add_room_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Add ``cardroom room …``, the card room's administration commands (``room quarantine``)."""
    from cardroom.i18n.helptext import cli_help, parser_lang

    lang = parser_lang(subparsers)
    p: argparse.ArgumentParser = subparsers.add_parser("room", help=cli_help("room", lang))
    sub = p.add_subparsers(dest="room_command", required=True)
    q: argparse.ArgumentParser = sub.add_parser("quarantine", help=cli_help("quarantine", lang))
    q.add_argument("--db", default=DEFAULT_DB, help=cli_help("room_db", lang))
    q.set_defaults(func=quarantine)
    return p


def quarantine(args: argparse.Namespace) -> int:
    """Print the tables, the club evenings and the tournaments a server started on ``--db`` would set
    aside, as it would compute them (the store is only read; nothing is created). Status 0; 2 when the
    database itself is refused."""
    from cardroom.room.engine import build_tables
    from cardroom.room.evening import rebuild
    from cardroom.room.tournament import rebuild as rebuild_tournament

    lang = getattr(args, "lang", None) or default_lang()
    store = open_store(args.db, lang, create=False)
    if store is None:
        return 2
    try:
        stored = store.load_all()
        evenings = store.load_evenings()
        tournaments = store.load_tournaments()
    except StoreSchemaError as e:
        print(f"cardroom: {e.text(lang)}", file=sys.stderr)
        return 2
    finally:
        store.close()
    tables, quarantined, _ = build_tables(stored)
    for item in quarantined.values():
        print(f"{item.id}\t{item.game or '-'}\t{item.problem.text(lang)}")
    for st in evenings:  # a club evening set aside (room/evening.py)
        if isinstance(got := rebuild(st), Problem):
            print(f"{st.id}\tclub-evening\t{got.text(lang)}")
    for st in tournaments:  # a tournament or knock-out set aside (room/tournament.py)
        if isinstance(why := rebuild_tournament(st), Problem):
            print(f"{st.id}\ttournament\t{why.text(lang)}")
    print(msg("admin.summary", lang, tables=len(tables) + len(quarantined), db=store.where,
              quarantined=len(quarantined)), file=sys.stderr)
    return 0
