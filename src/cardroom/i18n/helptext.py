"""The command line's help in the reader's language: every ``--help`` text is a catalogue key
(``cli.help.`` keys of the ``terminal`` section), argparse's own words too (``usage:``, the groups'
titles, ``-h``'s help), and the language is chosen before the parser is built (:func:`argv_lang`:
``--lang`` in the arguments, else the environment, :func:`cardroom.i18n.default_lang`)."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any

from cardroom.i18n import default_lang, t


def cli_help(key: str, lang: str, **kw: object) -> str:
    """The help text ``cli.help.<key>`` in ``lang`` (``%`` doubled: argparse formats help texts)."""
    return t("cli.help." + key, lang, **kw).replace("%", "%%")


def sub_lang(p: argparse.ArgumentParser, lang: str) -> None:
    """A sub-command's ``--lang`` (its help in ``lang``): the language of its messages, the main command's
    ``--lang`` when not given."""
    p.add_argument("--lang", choices=("en", "ru"), default=argparse.SUPPRESS, help=cli_help("lang_sub", lang))


def argv_lang(argv: Sequence[str] | None) -> str:
    """The language the arguments ask for (``--lang ru``, ``--lang=ru``), else the environment's."""
    args = list(argv or ())
    for i, a in enumerate(args):
        if a == "--lang" and i + 1 < len(args) and args[i + 1] in ("en", "ru"):
            return args[i + 1]
        if a.startswith("--lang=") and a[7:] in ("en", "ru"):
            return a[7:]
    return default_lang()


def parser_class(lang: str) -> type[argparse.ArgumentParser]:
    """An argument parser whose own words (``usage:``, the groups' titles, ``-h``) are in ``lang``; the
    sub-commands' parsers are of the same class (``lang`` is its attribute)."""

    class Formatter(argparse.HelpFormatter):
        def add_usage(self, usage: str | None, actions: Any, groups: Any, prefix: str | None = None) -> None:
            super().add_usage(usage, actions, groups, cli_help("usage", lang) if prefix is None else prefix)

    class Parser(argparse.ArgumentParser):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            kwargs.setdefault("formatter_class", Formatter)
            kwargs["add_help"] = False
            super().__init__(*args, **kwargs)
            self._positionals.title = cli_help("positionals", lang)
            self._optionals.title = cli_help("options", lang)
            self.add_argument("-h", "--help", action="help", default=argparse.SUPPRESS, help=cli_help("help", lang))

    Parser.lang = lang  # type: ignore[attr-defined]
    return Parser


def parser_lang(subparsers: Any) -> str:
    """The language of the parser a sub-command is added to (``add_parser``'s caller), English if none."""
    return str(getattr(getattr(subparsers, "_parser_class", None), "lang", "en"))
