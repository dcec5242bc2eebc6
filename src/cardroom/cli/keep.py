"""``cardroom keep GAME``: the score keeper in the terminal (:mod:`cardroom.keeper`). Each line is a deal as
announced (``key=value`` words, the game's fields) or a command: ``undo``, ``redo``, ``fix N ...``, ``sheet``,
``history``, ``save [FILE]``, ``fields``, ``quit``."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import IO, Any

from cardroom.core.errors import CardroomError
from cardroom.i18n import t
from cardroom.i18n.helptext import cli_help, parser_lang, sub_lang

COMMANDS: dict[str, str] = {
    "undo": "undo", "отмена": "undo", "redo": "redo", "вернуть": "redo", "fix": "fix", "исправить": "fix",
    "sheet": "sheet", "запись": "sheet", "history": "history", "история": "history", "save": "save",
    "сохранить": "save", "fields": "fields", "поля": "fields", "help": "fields", "помощь": "fields",
    "quit": "quit", "exit": "quit", "выход": "quit",
}
"""The commands, by their English and Russian words."""


def add_keep_parser(subparsers: Any) -> None:
    lang = parser_lang(subparsers)

    def h(key: str, **kw: object) -> str:
        return cli_help(key, lang, **kw)

    k: argparse.ArgumentParser = subparsers.add_parser("keep", help=h("keep"))
    k.add_argument("game", help=h("keep_game"))
    k.add_argument("--variant", default=None, help=h("keep_variant"))
    k.add_argument("--players", type=int, default=None, help=h("keep_players"))
    k.add_argument("--option", action="append", metavar="NAME=VALUE", help=h("any_option"))
    k.add_argument("--dealer", type=int, default=0, help=h("keep_dealer"))
    k.add_argument("--file", metavar="F.json", default=None, help=h("keep_file"))
    sub_lang(k, lang)
    k.set_defaults(func=cmd_keep)


def _options(args: argparse.Namespace) -> dict[str, Any]:
    from cardroom.core.options import OptionError
    from cardroom.games import game_class

    cls = game_class(args.game)
    schema = cls.option_schema()
    out: dict[str, Any] = {}
    for flag, option in (("variant", "variant"), ("players", "players")):
        if getattr(args, flag) is not None:
            if option not in schema:
                raise CardroomError(t("cli.no_option", args.lang, flag=f"--{flag}", game=cls.name, option=option))
            out[option] = getattr(args, flag)
    for item in args.option or ():
        name, _, text = item.partition("=")
        if name.strip() not in schema:
            raise CardroomError(t("cli.no_option", args.lang, flag=f"--option {name}", game=cls.name, option=name))
        try:
            out[name.strip()] = schema[name.strip()].read(text)
        except OptionError as e:
            raise CardroomError(t("cli.option_form", args.lang, got=repr(item))) from e
    return out


def _settlement(keeper: Any, lang: str) -> str:
    got = keeper.settlement()
    if got is None:
        return ""
    seats = keeper.game.num_seats
    return t("keep.settlement", lang, scores=", ".join(f"{s}: {v:g}" for s, v in zip(range(seats), got,
                                                                                       strict=True)))


def _history(keeper: Any, lang: str) -> str:
    from cardroom.keeper import history_rows

    return "\n".join(history_rows(keeper, lang)) if keeper.history else t("keep.no_history", lang)


def run(keeper: Any, lang: str, lines: IO[str], out: IO[str], file: str | None) -> int:
    """The prompt loop: read ``lines`` until their end or ``quit``, answer on ``out``."""
    from cardroom.keeper import Keeper, parse_entry

    def say(text: str) -> None:
        if text:
            print(text, file=out)

    def show() -> None:
        say(keeper.render(lang=lang))
        say(_settlement(keeper, lang))
        if keeper.sheet.is_over:
            say(t("keep.over", lang))

    say(t("keep.welcome", lang, game=keeper.game.name, fields=" ".join(f.name for f in keeper.game.keeper_fields())))
    while True:
        out.write(t("keep.prompt", lang, n=len(keeper.entries) + 1))
        out.flush()
        line = lines.readline()
        if not line:
            say("")
            return 0
        words = line.split()
        if not words:
            continue
        cmd = COMMANDS.get(words[0].lower())
        try:
            if cmd == "quit":
                return 0
            if cmd == "undo":
                keeper.undo()
                say(t("keep.undone", lang))
                show()
            elif cmd == "redo":
                keeper.redo()
                say(t("keep.redone", lang))
                show()
            elif cmd == "fix":
                if len(words) < 2 or not words[1].isdigit():
                    say(t("keep.fix_form", lang))
                    continue
                keeper.fix(int(words[1]), parse_entry(keeper.game, " ".join(words[2:])))
                say(t("keep.fixed", lang, n=int(words[1])))
                show()
            elif cmd == "sheet":
                show()
            elif cmd == "history":
                say(_history(keeper, lang))
            elif cmd == "fields":
                say(t("keep.fields", lang, fields=" ".join(
                    f"{f.name}{'*' if f.required else ''}" for f in keeper.game.keeper_fields())))
            elif cmd == "save":
                target = words[1] if len(words) > 1 else file
                if target is None:
                    say(t("keep.no_file", lang))
                    continue
                Path(target).write_text(json.dumps(keeper.to_json(), ensure_ascii=False, indent=1), encoding="utf-8")
                say(t("keep.saved", lang, file=target))
            else:
                keeper.add(parse_entry(keeper.game, line))
                say(t("keep.added", lang, n=len(keeper.entries)))
                show()
        except CardroomError as e:
            say(t("keep.refused", lang, why=e.text(lang)))
        assert isinstance(keeper, Keeper)


def cmd_keep(args: argparse.Namespace) -> int:
    from cardroom.games import load
    from cardroom.keeper import Keeper

    lang: str = args.lang
    if args.file and Path(args.file).exists():
        keeper = Keeper.from_json(json.loads(Path(args.file).read_text(encoding="utf-8")))
        print(t("keep.loaded", lang, file=args.file, n=len(keeper.entries)))
    else:
        keeper = Keeper(load(args.game, **_options(args)), args.dealer)
    return run(keeper, lang, sys.stdin, sys.stdout, args.file)
