"""The ``cardroom`` command line."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from cardroom.core.errors import CardroomError
from cardroom.i18n import default_lang


def _cmd_play(args: argparse.Namespace) -> int:
    from cardroom.games import load

    if args.game in ("preferans", "преферанс", "pref"):
        from cardroom.cli.preferans_play import play_pulka
        from cardroom.games.preferans.game import Preferans

        pref_options: dict[str, object] = {"variant": args.variant, "players": args.players}
        if args.pulka is not None:
            pref_options["pulya_length"] = args.pulka
        pgame = load("preferans", **pref_options)
        assert isinstance(pgame, Preferans)
        if args.save and args.save.lower().endswith(".pbn"):
            print("cardroom: PBN is a bridge format; save a preferans record as .json", file=sys.stderr)
            return 2
        play_pulka(pgame, args.seed, args.auto, args.save, args.lang, bots=args.bots, samples=args.samples,
                   laws=args.laws or None, irregularities=args.irregularities)
        return 0
    if args.game in ("euchre", "юкер"):
        from cardroom.cli.euchre_play import play_euchre
        from cardroom.games.euchre.game import Euchre

        egame = load("euchre")
        assert isinstance(egame, Euchre)
        if args.save and not args.save.lower().endswith(".json"):
            print("cardroom: a euchre record is saved as JSON; give the file a .json name", file=sys.stderr)
            return 2
        play_euchre(egame, args.seed, args.auto, args.save, args.lang, bots=args.bots, samples=args.samples,
                    laws=args.laws or None)
        return 0
    if args.game in ("auction-bridge", "auction", "straight-bridge", "bridge-whist"):
        from cardroom.cli.oldbridge_play import play_old_rubber

        if args.save and not args.save.lower().endswith(".json"):
            print("cardroom: an auction or straight bridge record is saved as JSON; give the file a .json name",
                  file=sys.stderr)
            return 2
        laws_wanted = bool(getattr(args, "laws", False) or getattr(args, "irregularities", None))
        old_options = {"laws": True} if laws_wanted else {}
        play_old_rubber(load(args.game, **old_options), args.seed, args.auto, args.save, args.lang,
                        irregularities=float(getattr(args, "irregularities", None) or 0.0))
        return 0
    if args.game not in ("bridge", "contract-bridge"):
        print(f"cardroom: playing {args.game!r} in the terminal is not available yet; try: cardroom play bridge "
              "or cardroom play preferans", file=sys.stderr)
        return 2
    from cardroom.cli.bridge_play import play_rubber
    from cardroom.games.bridge.game import ContractBridge

    options = {"scoring": args.scoring}
    game = load("bridge", **options)
    assert isinstance(game, ContractBridge)
    play_rubber(args.seed, args.auto, args.save, args.lang, game, bots=args.bots, samples=args.samples,
                laws=args.laws or None, irregularities=args.irregularities)
    return 0


def _cmd_replay(args: argparse.Namespace) -> int:
    from cardroom.records.replay import format_replay, replay_file

    summary = replay_file(args.file)
    if args.json:
        print(json.dumps(summary, ensure_ascii=False, indent=1))
    else:
        print(format_replay(summary))
    return 0


def _cmd_convert(args: argparse.Namespace) -> int:
    from cardroom.records.replay import convert_file

    convert_file(args.input, args.output)
    return 0


def _cmd_analyze(args: argparse.Namespace) -> int:
    from cardroom.cli.analyze import analyze_path, format_analysis

    deals = analyze_path(args.file)
    if args.json:
        print(json.dumps(deals, ensure_ascii=False))
    else:
        print(format_analysis(deals, args.lang), end="")
    return 0


def _cmd_games(args: argparse.Namespace) -> int:
    from cardroom.games import load, names

    for n in names():
        g = load(n)
        print(f"{n}: {g.title.get(args.lang, g.title.get('en', n))}")
    return 0


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="cardroom", description="A card club for whist-family games.")
    p.add_argument("--lang", choices=("en", "ru"), default=default_lang(), help="interface language")
    sub = p.add_subparsers(dest="command", required=True)

    play = sub.add_parser("play", help="play a game in the terminal")
    play.add_argument("game", help="the game: bridge, preferans or euchre")
    play.add_argument("--lang", choices=("en", "ru"), default=argparse.SUPPRESS,
                      help="interface language (also accepted before the command)")
    play.add_argument("--seed", type=int, default=None, help="seed for the shuffle (reproducible deals)")
    play.add_argument("--auto", action="store_true", help="computer players take all the seats")
    play.add_argument("--save", metavar="FILE", help="write the record (.pbn or .json by extension)")
    play.add_argument("--scoring", choices=("doc001", "modern"), default="doc001",
                      help="bridge: rubber scoring, document 001 (default) or the modern rubber laws")
    play.add_argument("--variant", default="sochi",
                      help="preferans: sochi, leningrad, rostov, moscow, ural, kazakhstan, piter")
    play.add_argument("--players", type=int, choices=(3, 4), default=3, help="preferans: 3 or 4 players")
    play.add_argument("--pulka", type=int, default=None, help="preferans: the pulka length (points to close)")
    play.add_argument("--bots", choices=("rule", "search"), default=None,
                      help="computer players: rule-based (default) or search (sampling + open-hand solving)")
    play.add_argument("--samples", type=int, default=20, help="search bots and hints: samples per decision")
    play.add_argument("--laws", action="store_true",
                      help="laws mode: irregularities are accepted and ruled on (bridge: document 002)")
    play.add_argument("--irregularities", type=float, default=None, metavar="P",
                      help="laws mode: probability that a computer player acts irregularly (implies --laws)")
    play.set_defaults(func=_cmd_play)

    rp = sub.add_parser("replay", help="check and replay a PBN or JSON record")
    rp.add_argument("file")
    rp.add_argument("--json", action="store_true", help="print JSON")
    rp.set_defaults(func=_cmd_replay)

    cv = sub.add_parser("convert", help="convert a record between PBN and JSON (by file extension)")
    cv.add_argument("input")
    cv.add_argument("output")
    cv.set_defaults(func=_cmd_convert)

    an = sub.add_parser("analyze", help="open-hand (double-dummy) results per contract and per lead: bridge PBN "
                        "or JSON records, preferans and euchre records or deals in cardroom's notation")
    an.add_argument("file", help="a .pbn or .json record, or a file of deals such as "
                    "'euchre: N=JH AH KH QH 10H E=... trump=H makers=NS' (docs/records.md)")
    an.add_argument("--json", action="store_true", help="print JSON")
    an.add_argument("--lang", choices=("en", "ru"), default=argparse.SUPPRESS,
                    help="interface language (also accepted before the command)")
    an.set_defaults(func=_cmd_analyze)

    gm = sub.add_parser("games", help="list the games")
    gm.set_defaults(func=_cmd_games)

    from cardroom.cli.serve import add_room_parser
    from cardroom.room.serve import add_parser as add_serve_parser

    add_serve_parser(sub)
    add_room_parser(sub)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        code: int = args.func(args)
    except CardroomError as e:
        print(f"cardroom: {e}", file=sys.stderr)
        return 2
    except OSError as e:
        print(f"cardroom: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    return code


if __name__ == "__main__":
    sys.exit(main())
