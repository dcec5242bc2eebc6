"""``cardroom club``: a club evening played by computer players, its standings printed, its score card
(HTML) and its record (JSON) written."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from cardroom.i18n import t
from cardroom.i18n.helptext import cli_help, parser_lang, sub_lang


def add_club_parser(subparsers: Any) -> argparse.ArgumentParser:
    from cardroom.club.evening import KINDS, SCORINGS
    from cardroom.club.movements import PROGRESSIVE_MOVES
    from cardroom.games import names

    lang = parser_lang(subparsers)

    def h(key: str, **kw: object) -> str:
        return cli_help(key, lang, **kw)

    p: argparse.ArgumentParser = subparsers.add_parser("club", help=h("club"))
    p.add_argument("--movement", choices=KINDS, default="duplicate", help=h("club_movement"))
    p.add_argument("--tables", type=int, default=2, help=h("club_tables"))
    p.add_argument("--game", default=None, help=h("club_game", games=", ".join(names())))
    p.add_argument("--players", default="", metavar="A,B,…", help=h("club_players"))
    p.add_argument("--bots", default="rule", help=h("club_bots"))
    p.add_argument("--seed", type=int, default=1, help=h("seed"))
    p.add_argument("--deals", type=int, default=4, help=h("club_deals"))
    p.add_argument("--rounds", type=int, default=0, help=h("club_rounds"))
    p.add_argument("--scoring", choices=SCORINGS, default="to-the-score", help=h("club_scoring"))
    p.add_argument("--progressive-move", choices=PROGRESSIVE_MOVES, default=None, help=h("club_progressive_move"))
    p.add_argument("--card", metavar="FILE", default="evening.html", help=h("club_card"))
    p.add_argument("--save", metavar="FILE", default=None, help=h("club_save"))
    sub_lang(p, lang)
    p.set_defaults(func=cmd_club)
    return p


def cmd_club(args: argparse.Namespace) -> int:
    from dataclasses import replace

    from cardroom.club.card import score_card, standings_lines
    from cardroom.club.evening import Evening, EveningOptions, bot_names, game_for, prizes, seats_needed
    from cardroom.games import game_class
    from cardroom.i18n.catalogue import Reason

    lang = args.lang
    if args.progressive_move is not None and args.movement != "progressive":
        why = Reason("club.progressive_only", move=args.progressive_move, kind=args.movement).text(lang)
        print(f"cardroom: {why}", file=sys.stderr)
        return 2
    name = game_for(args.movement, args.game)
    kinds = game_class(name).bot_kinds()
    if args.bots not in kinds:
        print(f"cardroom: {t('cli.no_bots', lang, flag=f'--bots {args.bots}', game=name, kinds=', '.join(kinds))}",
              file=sys.stderr)
        return 2
    given = [p.strip() for p in args.players.split(",") if p.strip()]
    need = seats_needed(args.movement, args.tables)
    players = given[:need] + [b for b in bot_names(need, lang) if b not in given][:max(0, need - len(given))]
    options = replace(EveningOptions(), deals_per_round=args.deals, rounds=args.rounds, scoring=args.scoring,
                      progressive_move=args.progressive_move or "east-west")
    evening = Evening(args.movement, players, args.game, args.seed, options, args.bots).play()
    standings = evening.standings()
    for line in standings_lines(standings, lang):
        print(line)
    for prize in prizes(evening.kind, standings):
        print(t("club.prize_line", lang, name=prize.name, points=prize.points))
    Path(args.card).write_text(score_card(evening, lang), encoding="utf-8")
    print(t("club.card_written", lang, path=args.card), file=sys.stderr)
    if args.save:
        Path(args.save).write_text(json.dumps(evening.to_dict(), ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        print(t("club.record_written", lang, path=args.save), file=sys.stderr)
    return 0
