"""``cardroom tm-serve`` (a bridge table for programs speaking the Blue Chip Bridge table-manager protocol)
and ``cardroom tm-client`` (cardroom's computer player at such a table manager): :mod:`cardroom.tm`."""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path
from typing import Any

from cardroom.i18n import t
from cardroom.i18n.helptext import cli_help, parser_lang, sub_lang


def add_tm_parsers(subparsers: Any) -> None:
    from cardroom.tm.server import LEAD_NOTICES

    lang = parser_lang(subparsers)

    def h(key: str, **kw: object) -> str:
        return cli_help(key, lang, **kw)

    s: argparse.ArgumentParser = subparsers.add_parser("tm-serve", help=h("tm_serve"))
    s.add_argument("--host", default="127.0.0.1", help=h("tm_host"))
    s.add_argument("--port", type=int, default=2000, help=h("tm_port"))
    s.add_argument("--boards", type=int, default=1, help=h("tm_boards"))
    s.add_argument("--seed", type=int, default=1, help=h("seed"))
    s.add_argument("--deals", metavar="FILE", default=None, help=h("tm_deals"))
    s.add_argument("--timeout", type=float, default=120.0, help=h("tm_timeout"))
    s.add_argument("--lead", choices=LEAD_NOTICES, default="opening", help=h("tm_lead"))
    s.add_argument("--save", metavar="FILE", default=None, help=h("tm_save"))
    sub_lang(s, lang)
    s.set_defaults(func=cmd_serve)

    c: argparse.ArgumentParser = subparsers.add_parser("tm-client", help=h("tm_client"))
    c.add_argument("--host", default="127.0.0.1", help=h("tm_host"))
    c.add_argument("--port", type=int, default=2000, help=h("tm_port"))
    c.add_argument("--seat", required=True, type=_seat_letter, choices=("N", "E", "S", "W"), help=h("tm_seat"))
    c.add_argument("--bot", choices=("random", "rule", "search"), default="rule", help=h("tm_bot"))
    c.add_argument("--seed", type=int, default=1, help=h("seed"))
    c.add_argument("--team", default="cardroom", help=h("tm_team"))
    c.add_argument("--timeout", type=float, default=120.0, help=h("tm_timeout"))
    sub_lang(c, lang)
    c.set_defaults(func=cmd_client)


def _seat_letter(text: str) -> str:
    """A seat as typed (``N``, ``north``, Russian ``С``): its Latin letter (an unknown text as it is, for
    argparse to refuse among the choices)."""
    from cardroom.core.errors import ParseError
    from cardroom.core.table import Seat

    try:
        return Seat.parse(text).letter
    except ParseError:
        return text


def _lang(args: argparse.Namespace) -> str:
    from cardroom.i18n import default_lang

    return getattr(args, "lang", None) or default_lang()


def save_boards(path: str, boards: list[Any]) -> None:
    """The boards as PBN (``.pbn``) or as cardroom's JSON deals record (anything else)."""
    from cardroom.records import rubber_json
    from cardroom.records.pbn import write_pbn

    if path.lower().endswith(".pbn"):
        Path(path).write_text(write_pbn(boards), encoding="utf-8")
    else:
        Path(path).write_text(rubber_json.dumps(rubber_json.deals_to_record(boards)), encoding="utf-8")


def read_boards(path: str) -> list[Any]:
    """The boards of a PBN file (``.pbn``) or of cardroom's JSON deals record."""
    from cardroom.records import rubber_json
    from cardroom.records.pbn import read_pbn

    text = Path(path).read_text(encoding="utf-8")
    if path.lower().endswith(".pbn"):
        return read_pbn(text)
    return rubber_json.deals_from_record(rubber_json.loads(text))


def board_summary(board: Any, lang: str) -> str:
    """``board 3: 4H N 10`` (contract, declarer, tricks) or ``board 3: passed out``."""
    tags = board.tags
    n = tags.get("Board", "?")
    if tags.get("Contract", "Pass") == "Pass":
        return t("tm.board_line", lang, n=n, contract=t("tm.passed_out", lang), result="")
    return t("tm.board_line", lang, n=n, contract=f"{tags['Contract']} {tags.get('Declarer', '')}",
             result=tags.get("Result", ""))


def cmd_serve(args: argparse.Namespace) -> int:
    from cardroom.tm.server import TableManager

    lang = _lang(args)

    boards: int | list[int] = args.boards
    source = None
    if args.deals:
        from cardroom.tm.server import file_boards

        boards, source = file_boards(read_boards(args.deals))

    async def main() -> int:
        tm = TableManager(boards, seed=args.seed, host=args.host, port=args.port, timeout=args.timeout,
                          lead_notice=args.lead, source=source)
        await tm.start()
        count = boards if isinstance(boards, int) else len(boards)
        print(t("tm.listening", lang, host=args.host, port=tm.port, boards=count), file=sys.stderr, flush=True)
        session = await tm.run()
        for board in session.boards:
            print(board_summary(board, lang))
        if args.save:
            save_boards(args.save, session.boards)
            print(t("tm.saved", lang, path=args.save), file=sys.stderr)
        if session.stopped is not None:
            print(t("tm.stopped", lang, seat=session.stopped.seat.letter, code=session.stopped.code),
                  file=sys.stderr)
            return 1
        return 0

    return asyncio.run(main())


def cmd_client(args: argparse.Namespace) -> int:
    from cardroom.core.table import Seat
    from cardroom.games.bridge.game import ContractBridge
    from cardroom.tm.client import BotClient

    lang = _lang(args)
    seat = Seat.parse(args.seat)
    game = ContractBridge()
    client = BotClient(seat, game.bot(args.bot, args.seed), host=args.host, port=args.port, team=args.team,
                       game=game, timeout=args.timeout)
    boards = asyncio.run(client.run())
    print(t("tm.client_done", lang, seat=seat.letter, n=len(boards)), file=sys.stderr)
    return 0
