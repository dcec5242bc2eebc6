"""Issue 14 point 5: ``cardroom --help`` and every sub-command's help speak the reader's language. The
Russian help has no Latin word but what a person types as it is (the option names, the metavars, the
choices, the sub-commands and the games' names), the programs' and formats' names and the example
file names; the English help has no Cyrillic but the preferans passage it quotes."""

from __future__ import annotations

import argparse
import re

import pytest

from cardroom.cli.main import build_parser
from cardroom.i18n.helptext import argv_lang
from test_languages import foreign

PROPER_NAMES = frozenset({"cardroom", "sqlite", "SQLAlchemy", "uvicorn", "PBN", "JSON", "LIN", "pbn", "json", "lin",
                          "docs", "records", "md", "doc001", "modern", "Blue", "Chip", "Bridge", "TCP", "BBO",
                          "redis"})
"""Program, format and file names (Blue Chip Bridge: the table-manager protocol's program; TCP; BBO: BridgeBase
Online; redis: the bus's address scheme, redis://…) (and the bridge scoring's choice names) the Russian help
writes as they are."""


def _parsers(lang: str) -> list[argparse.ArgumentParser]:
    top = build_parser(lang)
    out, todo = [], [top]
    while todo:
        p = todo.pop()
        out.append(p)
        for action in p._actions:
            if isinstance(action, argparse._SubParsersAction):
                todo += list(action.choices.values())
    return out


def _typed_words(p: argparse.ArgumentParser) -> set[str]:
    """What a person types as it is: the option names, metavars, choices, destinations, sub-commands."""
    words: set[str] = set()
    for action in p._actions:
        parts = [*action.option_strings, str(action.metavar or ""), str(action.dest), str(action.dest).upper()]
        parts += [str(c) for c in (action.choices or ())]
        for part in parts:
            words |= set(re.findall(r"[A-Za-z0-9]+", part))
    return words


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_every_help_is_in_the_readers_language(lang: str) -> None:
    parsers = _parsers(lang)
    assert len(parsers) >= 8  # cardroom, play, replay, convert, analyze, games, serve, room, quarantine
    allowed = set(PROPER_NAMES)
    for p in parsers:
        allowed |= _typed_words(p)
    allowed |= {w for p in parsers for w in re.findall(r"[A-Za-z0-9_]+", p.prog)}
    allowed |= {part for p in _parsers("en") for a in p._actions for c in (a.choices or ())
                for part in re.findall(r"[A-Za-z0-9_]+", str(c))}  # the games' and the sub-commands' names
    from cardroom.games import names

    allowed |= set(names())  # the games, as 'cardroom play' takes them
    allowed |= {part for w in list(allowed) for part in re.findall(r"[A-Za-z]+", w)}
    for p in parsers:
        text = p.format_help()
        words = [w for w in foreign(text, lang) if w not in allowed and not w.startswith("-")]
        words = [w for w in words if not all(part in allowed for part in re.split(r"[-_]", w))]
        if lang == "en":  # the passage of the preferans document quoted, and English compounds
            words = [w for w in words if w not in ("количество", "очков", "для", "закрытия", "пули")
                     and not re.fullmatch(r"[a-z]+(?:-[a-z]+)+", w)]
        assert words == [], (p.prog, sorted(set(words)))


def test_the_russian_help_is_russian_and_the_english_unchanged() -> None:
    ru = build_parser("ru").format_help()
    en = build_parser("en").format_help()
    assert "использование: cardroom" in ru and "показать эту справку" in ru
    assert "usage: cardroom" in en and "show this help message and exit" in en
    assert "Карточный клуб" in ru and "A card club for whist-family games." in en


@pytest.mark.parametrize(("argv", "lang"), [(["--lang", "ru", "play", "--help"], "ru"),
                                            (["play", "--lang=ru", "-h"], "ru"),
                                            (["--lang", "en", "--help"], "en")])
def test_the_help_language_comes_from_the_arguments(argv: list[str], lang: str) -> None:
    assert argv_lang(argv) == lang


def test_the_help_language_comes_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CARDROOM_LANG", "ru")
    assert argv_lang(["play", "--help"]) == "ru"
    monkeypatch.setenv("CARDROOM_LANG", "en")
    assert argv_lang(["play", "--help"]) == "en"


def test_main_prints_the_russian_help(capsys: pytest.CaptureFixture[str]) -> None:
    from cardroom.cli.main import main

    with pytest.raises(SystemExit):
        main(["--lang", "ru", "serve", "--help"])
    out = capsys.readouterr().out
    assert "запустить" in out or "адрес" in out
    assert "address to listen on" not in out
