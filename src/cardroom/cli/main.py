"""The ``cardroom`` command line."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from cardroom.core.errors import CardroomError
from cardroom.core.game import Game
from cardroom.games import load, names
from cardroom.i18n import default_lang, t
from cardroom.ui.render import renderer_for

PLAY_OPTIONS = (("scoring", "scoring"), ("variant", "variant"), ("players", "players"), ("pulka", "pulya_length"))
"""The ``play`` flags that set a game option (flag, the option of the game's schema)."""


def _game_options(args: argparse.Namespace, cls: type[Game]) -> tuple[dict[str, object], str | None]:
    """The game options given on the command line: the flags of :data:`PLAY_OPTIONS` and every
    ``--option NAME=VALUE`` (any option of the game's schema, its value read as text by
    :meth:`~cardroom.core.options.OptionSpec.read`), and why they are refused (one line), or None."""
    from cardroom.core.options import OptionError
    from cardroom.room.messages import option_accepts

    lang, schema = args.lang, cls.option_schema()
    options = {option: getattr(args, flag) for flag, option in PLAY_OPTIONS if getattr(args, flag) is not None}
    for item in args.option or ():
        name, eq, text = item.partition("=")
        name = name.strip()
        if not eq or not name:
            return options, t("cli.option_form", lang, got=repr(item))
        if name not in schema:
            return options, t("cli.no_option", lang, flag=f"--option {name}", game=cls.name, option=name)
        if name in options:
            return options, t("cli.option_twice", lang, option=name)
        spec = schema[name]
        try:
            options[name] = spec.read(text)
        except OptionError as e:
            return options, t("cli.bad_option", lang, flag=f"--option {item}", option=name, game=cls.name,
                              accepts=option_accepts(spec, lang), got=e.got)
    return options, None


def _play_refusal(args: argparse.Namespace, cls: type[Game]) -> str | None:
    """Why a ``play`` option given on the command line does not apply to the game (one line naming the
    option and the game), or None when every option given does: an option the game's option schema
    lacks, or the search computer player (``--bots search``, ``--samples``) for a game that has none."""
    lang, schema = args.lang, cls.option_schema()
    for flag, option in PLAY_OPTIONS:
        if getattr(args, flag) is not None and option not in schema:
            return t("cli.no_option", lang, flag=f"--{flag}", game=cls.name, option=option)
    if (args.laws or args.irregularities is not None) and "laws" not in schema:
        return t("cli.no_laws", lang, flag="--laws" if args.laws else "--irregularities", game=cls.name)
    kinds = cls.bot_kinds()
    if args.bots is not None and args.bots not in kinds:
        return t("cli.no_bots", lang, flag=f"--bots {args.bots}", game=cls.name, kinds=", ".join(kinds))
    if args.samples is not None and "search" not in kinds:
        return t("cli.no_samples", lang, flag="--samples", game=cls.name)
    if args.save and args.save.lower().endswith(".pbn") and not renderer_for(load(cls.name)).writes_pbn():
        return t("cli.no_pbn", lang, game=cls.name)
    return None


def _front_end(args: argparse.Namespace, name: str, options: dict[str, object]) -> None:
    """``cardroom play``: the game ``name`` with the ``options`` given, in the terminal front-end."""
    from cardroom.ui.terminal import play

    play(load(name, **options), args.seed, args.auto, args.save, args.lang, bots=args.bots,
         samples=20 if args.samples is None else int(args.samples), laws=args.laws or None,
         irregularities=args.irregularities)


def _cmd_play(args: argparse.Namespace) -> int:
    from cardroom.games import game_class

    cls = game_class(args.game)
    refusal = _play_refusal(args, cls)
    options, bad = _game_options(args, cls)
    refusal = refusal or bad
    if refusal is not None:
        print(f"cardroom: {refusal}", file=sys.stderr)
        return 2
    _front_end(args, cls.name, options)
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
    for n in names():
        g = load(n)
        print(f"{n}: {g.title.get(args.lang, g.title.get('en', n))}")
    return 0


def _schema_choices(option: str) -> tuple[object, ...]:
    """The values the command line offers for a game option: the choices of every registered game's
    schema that has it, in the schema's order."""
    from cardroom.games import game_class

    out: list[object] = []
    for n in names():
        schema = game_class(n).option_schema()
        if option in schema:
            out += [c for c in schema[option].choices if c not in out]
    return tuple(out)


def _bot_kinds() -> tuple[str, ...]:
    """The kinds of computer players of the registered games."""
    from cardroom.games import game_class

    out: list[str] = []
    for n in names():
        out += [k for k in game_class(n).bot_kinds() if k not in out]
    return tuple(out)


def _option_help(option: str) -> str:
    """A game option's ``--help``: the games whose schema has it, its description and default."""
    from cardroom.games import game_class

    games = [n for n in names() if option in game_class(n).option_schema()]
    spec = game_class(games[0]).option_schema()[option]
    return f"{', '.join(games)}: {spec.description} (default {spec.default})".replace("%", "%%")


def _probability(text: str) -> float:
    """An ``--irregularities`` value: a probability, from 0 to 1 (checked once, for every game)."""
    try:
        p = float(text)
    except ValueError:
        p = -1.0
    if not 0 <= p <= 1:
        raise argparse.ArgumentTypeError(f"a probability from 0 to 1, not {text!r}")
    return p


def build_parser() -> argparse.ArgumentParser:
    from cardroom.bots.search import search_games

    p = argparse.ArgumentParser(prog="cardroom", description="A card club for whist-family games.")
    p.add_argument("--lang", choices=("en", "ru"), default=default_lang(), help="interface language")
    sub = p.add_subparsers(dest="command", required=True)

    play = sub.add_parser("play", help="play a game in the terminal")
    play.add_argument("game", help="the game, by any of its names (cardroom games lists them): "
                      + ", ".join(names()))
    play.add_argument("--lang", choices=("en", "ru"), default=argparse.SUPPRESS,
                      help="interface language (also accepted before the command)")
    play.add_argument("--seed", type=int, default=None, help="seed for the shuffle (reproducible deals)")
    play.add_argument("--auto", action="store_true", help="computer players take all the seats")
    play.add_argument("--save", metavar="FILE", help="write the record (.pbn or .json by extension)")
    play.add_argument("--scoring", choices=_schema_choices("scoring"), default=None, help=_option_help("scoring"))
    play.add_argument("--variant", default=None, metavar="{" + ",".join(map(str, _schema_choices("variant"))) + "}",
                      help=_option_help("variant"))
    play.add_argument("--players", type=int, choices=_schema_choices("players"), default=None,
                      help=_option_help("players"))
    play.add_argument("--pulka", type=int, default=None, metavar="N", help=_option_help("pulya_length"))
    play.add_argument("--option", action="append", metavar="NAME=VALUE",
                      help="any option of the game (repeatable), e.g. --option nullo=true; the options of a game: "
                      "its rules page or the room's lobby")
    play.add_argument("--bots", choices=_bot_kinds(), default=None,
                      help="computer players: rule-based (default), random legal play, or search (sampling + "
                      f"open-hand solving; {', '.join(search_games())})")
    play.add_argument("--samples", type=int, default=None,
                      help=f"search bots and hints: samples per decision (default 20; {', '.join(search_games())})")
    play.add_argument("--laws", action="store_true",
                      help="laws mode: irregularities are accepted and ruled on (bridge: document 002)")
    play.add_argument("--irregularities", type=_probability, default=None, metavar="P",
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
