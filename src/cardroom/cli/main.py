"""The ``cardroom`` command line."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from cardroom.core.errors import CardroomError, Reason
from cardroom.core.game import Game
from cardroom.games import load, names
from cardroom.i18n import STRINGS, default_lang, t
from cardroom.i18n.helptext import argv_lang, cli_help, parser_class, sub_lang
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

    convert_file(args.input, args.output, optimum=args.optimum)
    return 0


def _cmd_analyze(args: argparse.Namespace) -> int:
    from cardroom.cli.analyze import analyze_path, format_analysis

    deals = analyze_path(args.file)
    if args.json:
        print(json.dumps(deals, ensure_ascii=False))
    else:
        print(format_analysis(deals, args.lang), end="")
    return 0


def _cmd_review(args: argparse.Namespace) -> int:
    from cardroom.cli.review import format_review, format_what_if, review_file

    if args.play and args.start is None:
        raise CardroomError(Reason("review.play_needs_from"))
    adapter, out = review_file(args.file, args.deal, args.start, args.play)
    if args.json:
        print(json.dumps(out[0] if args.start is not None else out, ensure_ascii=False))
    elif args.start is not None:
        print(format_what_if(adapter, out[0], args.lang), end="")
    else:
        print(format_review(adapter, out, args.lang), end="")
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


def _option_help(option: str, lang: str = "en") -> str:
    """A game option's ``--help``: the games whose schema has it (their ids in English, their titles in
    another language), its description and default. The
    description is the catalogue's ``cli.help.option.<option>`` in ``lang`` (the schema's own, English,
    when the catalogue has none)."""
    from cardroom.games import game_class

    games = [n for n in names() if option in game_class(n).option_schema()]
    spec = game_class(games[0]).option_schema()[option]
    key = f"cli.help.option.{option}"
    description = t(key, lang) if key in STRINGS else spec.description
    titles = ", ".join(game_class(n).title.get(lang, n) if lang != "en" else n for n in games)
    return cli_help("option", lang, games=titles, description=description, default=spec.default)


def _probability(text: str) -> float:
    """An ``--irregularities`` value: a probability, from 0 to 1 (checked once, for every game)."""
    try:
        p = float(text)
    except ValueError:
        p = -1.0
    if not 0 <= p <= 1:
        raise argparse.ArgumentTypeError(f"a probability from 0 to 1, not {text!r}")
    return p


def build_parser(lang: str | None = None) -> argparse.ArgumentParser:
    """The command line's parser, its help in ``lang`` (the environment's language when None)."""
    from cardroom.bots.search import search_games

    lang = lang or default_lang()

    def h(key: str, **kw: object) -> str:
        return cli_help(key, lang, **kw)

    p = parser_class(lang)(prog="cardroom", description=h("description"))
    p.add_argument("--lang", choices=("en", "ru"), default=default_lang(), help=h("lang"))
    sub = p.add_subparsers(dest="command", required=True)

    play = sub.add_parser("play", help=h("play"))
    play.add_argument("game", help=h("game", games=", ".join(names())))
    sub_lang(play, lang)
    play.add_argument("--seed", type=int, default=None, help=h("seed"))
    play.add_argument("--auto", action="store_true", help=h("auto"))
    play.add_argument("--save", metavar="FILE", help=h("save"))
    play.add_argument("--scoring", choices=_schema_choices("scoring"), default=None, help=_option_help("scoring", lang))
    play.add_argument("--variant", default=None, metavar="{" + ",".join(map(str, _schema_choices("variant"))) + "}",
                      help=_option_help("variant", lang))
    play.add_argument("--players", type=int, choices=_schema_choices("players"), default=None,
                      help=_option_help("players", lang))
    play.add_argument("--pulka", type=int, default=None, metavar="N", help=_option_help("pulya_length", lang))
    play.add_argument("--option", action="append", metavar="NAME=VALUE", help=h("any_option"))
    play.add_argument("--bots", choices=_bot_kinds(), default=None, help=h("bots", games=", ".join(search_games())))
    play.add_argument("--samples", type=int, default=None, help=h("samples", games=", ".join(search_games())))
    play.add_argument("--laws", action="store_true", help=h("laws"))
    play.add_argument("--irregularities", type=_probability, default=None, metavar="P", help=h("irregularities"))
    play.set_defaults(func=_cmd_play)

    rp = sub.add_parser("replay", help=h("replay"))
    rp.add_argument("file", help=h("file"))
    rp.add_argument("--json", action="store_true", help=h("json"))
    rp.set_defaults(func=_cmd_replay)

    cv = sub.add_parser("convert", help=h("convert"))
    cv.add_argument("input", help=h("input"))
    cv.add_argument("output", help=h("output"))
    cv.add_argument("--optimum", action="store_true", help=h("optimum"))
    cv.set_defaults(func=_cmd_convert)

    an = sub.add_parser("analyze", help=h("analyze"))
    an.add_argument("file", help=h("analyze_file"))
    an.add_argument("--json", action="store_true", help=h("json"))
    sub_lang(an, lang)
    an.set_defaults(func=_cmd_analyze)

    rv = sub.add_parser("review", help=h("review"))
    rv.add_argument("file", help=h("review_file"))
    rv.add_argument("--deal", type=int, default=None, metavar="N", help=h("review_deal"))
    rv.add_argument("--from", dest="start", type=int, default=None, metavar="K", help=h("review_from"))
    rv.add_argument("--play", nargs="*", default=[], metavar="CARD", help=h("review_play"))
    rv.add_argument("--json", action="store_true", help=h("json"))
    sub_lang(rv, lang)
    rv.set_defaults(func=_cmd_review)

    gm = sub.add_parser("games", help=h("games"))
    gm.set_defaults(func=_cmd_games)

    from cardroom.cli.serve import add_room_parser
    from cardroom.room.serve import add_parser as add_serve_parser

    add_serve_parser(sub)
    add_room_parser(sub)
    from cardroom.cli.club import add_club_parser

    add_club_parser(sub)
    from cardroom.cli.tournament import add_tournament_parser

    add_tournament_parser(sub)
    from cardroom.cli.tm import add_tm_parsers

    add_tm_parsers(sub)
    from cardroom.cli.keep import add_keep_parser

    add_keep_parser(sub)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser(argv_lang(sys.argv[1:] if argv is None else argv))
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
