"""No mixed languages (issue 14 point 5): every registered game and configuration, played through its
phases in the terminal (a scripted person at one seat asking for help, the sheet, typing nonsense and
refused actions; random computer players elsewhere; laws mode with irregularities where the game has
it), in Russian and in English. Everything the person is shown — the terminal's drawings and notes,
the position the room writes, the sheet, the room's error messages for bad input — is in one language:
the Russian has no Latin word, the English no Cyrillic, and neither a raw id (``misere-wt``).

The only marks both languages share are the suit symbols and the ranks' digits; the rank letters are the
screen's language's (a Russian screen writes ``♠ТД10``, ``Т♠``, an English one ``♠AQ10``, ``A♠``): a
Latin rank letter on a Russian screen is a Latin word."""

from __future__ import annotations

import io
import random
import re
from typing import Any

import pytest

from cardroom.core.errors import CardroomError
from cardroom.games import load
from cardroom.room.audit import all_configurations, short_match_options
from cardroom.room.messages import localize_sheet, msg
from cardroom.ui import terminal
from cardroom.ui.render import renderer_for

NONSENSE = {"ru": "ыыы", "en": "zzz"}
"""What a person types that means nothing, in his own alphabet (the answer quotes it)."""
CONFIGS = [(name, short_match_options(name, options)) for name, options in all_configurations()]
CONFIGS += [(name, {**options, "laws": True}) for name, options in
            {name: options for name, options in reversed(CONFIGS)}.items()
            if "laws" in type(load(name)).option_schema() and not options.get("laws")]
"""Every configuration, and each game's first one again in laws mode (its rulings' texts)."""

_CARDS = {"en": re.compile(r"(?:10|[2-9AKQJT])[♠♥♦♣]|[♠♥♦♣](?:10|[2-9AKQJT])*"),
          "ru": re.compile(r"(?:10|[2-9ТКДВ])[♠♥♦♣]|[♠♥♦♣](?:10|[2-9ТКДВ])*")}
"""A card as each language's screens write it: its rank (Т К Д В in Russian, docs/notation.md) and suit symbol."""
_LATIN = re.compile(r"[A-Za-z]+")
_CYRILLIC = re.compile(r"[А-Яа-яЁё]+")
_RAW_ID = re.compile(r"\b[a-z]+(?:-[a-z0-9]+)+\b")
_ENGLISH_COMPOUNDS = frozenset({"double-dummy", "open-hand", "sitting-out", "follow-suit", "non-offending",
                                "turn-up"})
"""Kebab-case words that are English, not ids."""


def foreign(text: str, lang: str) -> list[str]:
    """The words of ``text`` that are not of ``lang`` (Latin words in Russian, Cyrillic ones in English),
    and the raw ids in either."""
    bare = _CARDS[lang].sub(" ", text)
    found = _LATIN.findall(bare) if lang == "ru" else _CYRILLIC.findall(bare)
    found += [w for w in _RAW_ID.findall(text) if w not in _ENGLISH_COMPOUNDS]
    return found


def test_foreign_finds_the_other_language() -> None:
    assert foreign("Сдача 1: мизер, взятки 5, ♠ТД10 ♥- К♦ 10♣", "ru") == []
    assert foreign("Сдача 1: ♠AQ10 K♦", "ru") == ["AQ", "K"]
    assert foreign("Deal 1: misère, tricks 5, ♠AQ10 K♦", "en") == []
    assert foreign("Сдача 1: misere by 2", "ru") == ["misere", "by"]
    assert foreign("Deal 1: мизер", "en") == ["мизер"]
    assert foreign("option misere-wt", "en") == ["misere-wt"]


_CHOOSE = terminal.TerminalPlayer.choose
"""The terminal player's own choice (each walk wraps it with its script)."""


class _Seen:
    """What a walk showed, and where each foreign word came from."""

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self.problems: dict[str, str] = {}
        self.phases: set[str] = set()

    def check(self, where: str, text: str) -> None:
        for w in foreign(text, self.lang):
            line = next((x for x in text.splitlines() if w in x), text)[:160]
            self.problems.setdefault(f"{where}: {w}", line)


def _room_texts(state: Any, seen: _Seen) -> None:
    """What the card room writes of this state for a person in ``seen.lang``: the position, the sheet
    (its drawing and its reasons), and the answers to bad input (an unreadable text, a refused action)."""
    lang = seen.lang
    seen.check("position", state.where().text(lang))
    seen.check("sheet", str(state.render_sheet(lang)))
    for seat in range(state.game.num_seats):
        view = state.view(seat)
        seen.phases.add(view.table.phase.value)
        sheet = localize_sheet(view.to_dict().get("sheet"), lang)
        if isinstance(sheet, dict):
            for line in sheet.get("lines") or []:
                if isinstance(line, dict) and isinstance(line.get("reason"), str):
                    seen.check("sheet reason", line["reason"])
    try:
        state.parse_action(NONSENSE[lang])
    except CardroomError as e:
        seen.check("room unreadable", msg("unreadable", lang, action=NONSENSE[lang], why=e))


def _walk(name: str, options: dict[str, Any], lang: str, seed: int, seen: _Seen,
          monkeypatch: pytest.MonkeyPatch, budget: int = 160) -> None:
    game = load(name, **options)
    rng = random.Random(seed)
    asked = [0]
    original = _CHOOSE

    def choose(self: terminal.TerminalPlayer, view: Any) -> Any:
        script = iter(["?", NONSENSE[lang], "sheet"] if asked[0] < 3 else [])
        refused = [a for a in getattr(self.state, "legal_actions", list)() if a not in view.legal]
        if asked[0] % 3 == 0:
            _room_texts(self.state, seen)

        def ask(prompt: str) -> str:
            self.out.write(prompt + "\n")
            asked[0] += 1
            nxt = next(script, None)
            if nxt is not None:
                return nxt
            if asked[0] > budget:
                return "quit"  # a long rubber of random play: enough of it seen
            if asked[0] % 7 == 0 and refused:
                return self.renderer.typed(rng.choice(refused), lang)
            return self.renderer.typed(rng.choice(list(view.legal)), lang)

        self.ask = ask
        return original(self, view)

    monkeypatch.setattr(terminal.TerminalPlayer, "choose", choose)
    out = io.StringIO()
    # laws mode where the configuration has it on: computer players' irregularities bring rulings
    state = terminal.play(game, seed, False, None, lang, out=out, bots="random",
                          irregularities=0.05 if dict(game.options()).get("laws") else None)
    _room_texts(state, seen)
    seen.check("terminal", out.getvalue())
    seen.check("final sheet", renderer_for(state.game).sheet_text(state, lang))


def _cases() -> list[Any]:
    return [pytest.param(name, options, lang, id=f"{name}-{i}-{lang}")
            for i, (name, options) in enumerate(CONFIGS) for lang in ("ru", "en")]


@pytest.mark.parametrize(("name", "options", "lang"), _cases())
def test_every_phase_is_in_one_language(name: str, options: dict[str, Any], lang: str,
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    seen = _Seen(lang)
    for seed in range(2):
        _walk(name, options, lang, seed, seen, monkeypatch)
    assert "auction" in seen.phases, seen.phases  # the walk reached the calls at least
    assert not seen.problems, "\n".join(f"{k}  <<{v}>>" for k, v in sorted(seen.problems.items()))


def test_every_preferans_call_is_written_in_words_its_reader_can_type() -> None:
    """A preferans call as each language's screen writes it (the English words, the Russian ones) has no
    word of the other language and no id, and reads back as the same call."""
    from cardroom.games.preferans.calls import _BY_VALUE, PrefCall

    calls = list(_BY_VALUE.values())
    assert len(calls) > 70
    for call in calls:
        for lang, text in (("en", call.english), ("ru", call.pretty)):
            assert foreign(text, lang) == [], (call, lang, text)
            assert PrefCall.parse(text) == call, (call, lang, text)


def test_cards_are_shown_in_the_screens_language_and_read_back() -> None:
    """A card on a Russian screen has its Russian rank letter (Т К Д В, docs/notation.md), on an English one
    the Latin; each shown card reads back as itself, and a hand written suit by suit keeps its digits."""
    from cardroom.core.cards import Card, CardSet, full_pack
    from cardroom.i18n import shown_cards

    for card in full_pack():
        for lang in ("ru", "en"):
            shown = shown_cards(card.pretty, lang)
            assert foreign(shown, lang) == [] and Card.parse(shown) == card, (card, lang, shown)
    assert shown_cards("♣A, A♠, ♠AKQJ10 ♥- ♦92", "ru") == "♣Т, Т♠, ♠ТКДВ10 ♥- ♦92"
    hand = CardSet.parse("AS KS 10S QH 2C")
    assert shown_cards(hand.by_suit_text(), "ru") == "♠ТК10 ♥Д ♦- ♣2"
    # bids, contracts and words are left as they are
    assert shown_cards("1♥ 7♠ 3БК 2 кор♠ AS Ace", "ru") == "1♥ 7♠ 3БК 2 кор♠ AS Ace"


def test_the_browser_writes_the_ranks_of_the_catalogue() -> None:
    """The page's Russian rank letters (static/i18n.js) are the catalogue's, the terminal's."""
    from pathlib import Path

    from cardroom.i18n import RANK_LETTERS, t

    js = (Path(terminal.__file__).parents[1] / "room" / "static" / "i18n.js").read_text(encoding="utf-8")
    got = re.search(r"const RANKS_RU = \{([^}]*)\}", js)
    assert got is not None
    page = dict(re.findall(r'(\w): "(\w)"', got.group(1)))
    assert page == {r: t(f"card.rank.{r}", "ru") for r in RANK_LETTERS}
    assert all(t(f"card.rank.{r}", "en") == r for r in RANK_LETTERS)
