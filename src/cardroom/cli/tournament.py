"""``cardroom tournament``: a preferans tournament played by computer players (document 004, digest §11):
duplicate by the movement tables, its protocol and standings printed, or a knock-out."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from cardroom.i18n import t
from cardroom.i18n.helptext import cli_help, parser_lang, sub_lang


def add_tournament_parser(subparsers: Any) -> argparse.ArgumentParser:
    from cardroom.games.preferans.variants import variant_names

    lang = parser_lang(subparsers)

    def h(key: str, **kw: object) -> str:
        return cli_help(key, lang, **kw)

    p: argparse.ArgumentParser = subparsers.add_parser("tournament", help=h("tournament"))
    p.add_argument("--players", type=int, default=12, help=h("tour_players"))
    p.add_argument("--names", default="", metavar="A,B,…", help=h("tour_names"))
    p.add_argument("--bots", default="rule,random", help=h("tour_bots"))
    p.add_argument("--variant", choices=variant_names(), default="sochi", help=h("tour_variant"))
    p.add_argument("--seed", type=int, default=1, help=h("seed"))
    p.add_argument("--deals", type=int, default=4, help=h("tour_deals"))
    p.add_argument("--knockout", action="store_true", help=h("tour_knockout"))
    p.add_argument("--advance", type=int, default=1, help=h("tour_advance"))
    p.add_argument("--table-size", type=int, default=4, help=h("tour_table_size"))
    p.add_argument("--save", metavar="FILE", default=None, help=h("tour_save"))
    p.add_argument("--html", metavar="FILE", default=None, help=h("tour_html"))
    sub_lang(p, lang)
    p.set_defaults(func=cmd_tournament)
    return p


def cmd_tournament(args: argparse.Namespace) -> int:
    from cardroom.club import tournament as tr
    from cardroom.core.errors import CardroomError
    from cardroom.games import game_class

    lang = args.lang
    kinds = game_class("preferans").bot_kinds()
    if any(k.strip() not in kinds for k in args.bots.split(",")):
        msg = t("cli.no_bots", lang, flag=f"--bots {args.bots}", game="preferans", kinds=", ".join(kinds))
        print(f"cardroom: {msg}", file=sys.stderr)
        return 2
    players, _ = tr.with_bots(args.names.split(","), args.players, lang)
    try:
        if args.knockout:
            tables = tr.knockout(players, args.seed, args.variant, args.advance, args.table_size, args.bots)
            last = max(tb.round for tb in tables)
            for tb in tables:
                if tb.round == last:
                    print(t("tour.ko_final", lang, order=", ".join(tb.advance)))
                else:
                    print(t("tour.ko_table", lang, round=tb.round, table=tb.table, players=", ".join(tb.players),
                            advance=", ".join(tb.advance)))
            data: dict[str, Any] = {"format": "cardroom-pref-knockout", "tables": [
                {"round": tb.round, "table": tb.table, "players": list(tb.players), "advance": list(tb.advance),
                 "balances": [str(b) for b in tb.balances], "record": dict(tb.record)} for tb in tables]}
        else:
            options = tr.TournamentOptions(variant=args.variant, deals=args.deals)
            tour = tr.Tournament(players, args.seed, options, args.bots).play()
            print(t("tour.title", lang, n=len(players), variant=args.variant, rounds=tour.schedule.table.rounds,
                    deals=args.deals))
            print(t("tour.protocol_note", lang))
            for line in tr.protocol_text(tour.lines, tour.match_points(), lang):
                print(line)
            for line in tr.layouts_text(tour.lines, lang):
                print(line)
            for line in tr.standings_text(tour.standings(), lang):
                print(line)
            data = tour.to_dict()
            if args.html:
                Path(args.html).write_text(tr.tournament_html(tour.lines, tour.match_points(), tour.standings(), lang),
                                           encoding="utf-8")
                print(t("tour.html_written", lang, path=args.html), file=sys.stderr)
    except CardroomError as e:
        print(f"cardroom: {e.text(lang)}", file=sys.stderr)
        return 2
    if args.save:
        Path(args.save).write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        print(t("tour.record_written", lang, path=args.save), file=sys.stderr)
    return 0
