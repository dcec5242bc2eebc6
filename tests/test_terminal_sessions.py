"""A scripted terminal session of every registered game, in English and in Russian: the user asks for
the help, the sheet, plays what the help lists, and quits (asked once). Each finished deal's result
is said in words, the play is announced (who declares and who is dummy, who played what, who won each
trick), the last forced card is played for the user, and no word of the other language appears."""

from __future__ import annotations

import io
import random
import re
from dataclasses import dataclass, field
from typing import Any

import pytest

from cardroom.core.game import CHANCE
from cardroom.games import load, names
from cardroom.i18n import STRINGS, t
from cardroom.ui.render import renderer_for
from cardroom.ui.terminal import play

LANGS = ("en", "ru")
SHORT = {"preferans": {"pulya_length": 2}}
"""Options that keep a session short."""

# Language-neutral: suit symbols with ranks (cards and hands are written ♠AKQ, ♥10 in both
# languages), card texts as typed (AS, 10h), the seat letters of the auction's and trick's columns
# (N E S W), and the digits.
_NEUTRAL = re.compile(r"[♠♥♦♣](?:10|[2-9AKQJT-])*|\b(?:10|[2-9AKQJT])[SHDC♠♥♦♣]\b|\b[NESW]\b")
_CYRILLIC = re.compile(r"[А-Яа-яЁё]+")
_LATIN = re.compile(r"[A-Za-z]{2,}")


def _seat(to_act: int | None) -> int:
    """The seat to act (a person's or a bot's turn, not the end of the match)."""
    assert to_act is not None
    return int(to_act)


@dataclass
class User:
    """A scripted user: ``sheet`` at the first prompt, then ``?`` before every answer, answering with
    one of the actions the help lists; after ``answers`` answers, ``quit`` and its confirmation."""

    lang: str
    joiner: str
    answers: int
    out: io.StringIO = field(default_factory=io.StringIO)
    rng: random.Random = field(default_factory=lambda: random.Random(4))
    prompts: list[str] = field(default_factory=list)
    sent: list[str] = field(default_factory=list)

    def __call__(self, prompt: str) -> str:
        self.prompts.append(prompt)
        self.out.write(prompt + "\n")
        answer = self._answer(prompt)
        self.sent.append(answer)
        return answer

    def _answer(self, prompt: str) -> str:
        if prompt == t("quit_confirm", self.lang):
            return "y" if self.lang == "en" else "да"
        if len(self.sent) == 0:
            return "sheet" if self.lang == "en" else "запись"
        if len(self.sent) > self.answers:
            return "quit" if self.lang == "en" else "выход"
        head = t("legal_now", self.lang, legal="")
        lines = self.out.getvalue().splitlines()
        if len(lines) >= 2 and lines[-2].startswith(head) and self.sent[-1] == "?":
            return self.rng.choice(lines[-2][len(head):].split(self.joiner))
        return "?"


def session(game_name: str, lang: str, answers: int = 500) -> tuple[str, Any, User]:
    game = load(game_name, **SHORT.get(game_name, {}))
    user = User(lang, renderer_for(game).legal_joiner(), answers)
    state = play(game, seed=3, lang=lang, ask=user, out=user.out, bots="rule")
    return user.out.getvalue(), state, user


def other_language_words(text: str, lang: str) -> list[str]:
    if lang == "en":
        return sorted(set(_CYRILLIC.findall(text)))
    return sorted(set(_LATIN.findall(_NEUTRAL.sub(" ", text))))


_SESSIONS: dict[tuple[str, str], tuple[str, Any, User]] = {}


def cached(game: str, lang: str) -> tuple[str, Any, User]:
    if (game, lang) not in _SESSIONS:
        _SESSIONS[game, lang] = session(game, lang)
    return _SESSIONS[game, lang]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", names())
def test_a_session_says_every_deal_and_trick_in_words(game: str, lang: str) -> None:
    text, state, user = cached(game, lang)
    r = renderer_for(state.game)
    assert state.results, "the session finished no deal"
    lines = text.splitlines()
    # the sheet at the first prompt, the help listing its commands
    assert r.sheet_text(state, lang).splitlines()[0] in lines
    assert t("commands", lang) in lines
    # every finished deal's result, in words
    for n in range(1, len(state.results) + 1):
        if r.prefix and r.prefix + "result" in STRINGS:
            heads = [r.tr("result", lang, n=n, r="\x00").split("\x00")[0]]
        else:
            heads = [t("deal", lang, n=n) + ": " + t("result", lang, r="\x00").split("\x00")[0],
                     t("deal", lang, n=n) + ": " + t("passed_out", lang)]
        assert any(ln.startswith(h) for ln in lines for h in heads), (n, heads)
    # who won each trick: as many lines as tricks were played in the finished deals (at least)
    won = [ln for ln in lines if re.match(re.escape(t("trick_won", lang, n=999, seat="X").split("999")[0]), ln)]
    assert len(won) >= sum(len(getattr(res, "tricks", ()) or ()) for res in state.results) > 0
    # the match ended by the rules, or by quit confirmed once
    if state.abandoned:
        assert user.prompts.count(t("quit_confirm", lang)) == 1
        assert user.prompts[-1] == t("quit_confirm", lang)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", ["bridge", "auction-bridge", "straight-bridge"])
def test_the_bridges_say_who_declares_and_who_is_dummy(game: str, lang: str) -> None:
    text, _, _ = cached(game, lang)
    words = {"en": ("declares", "is dummy"), "ru": ("разыгрывает", "болван")}[lang]
    assert any(all(w in ln for w in words) for ln in text.splitlines())


@pytest.mark.parametrize("lang", LANGS)
def test_bridge_results_name_the_contract_by_symbol_and_seat_name(lang: str) -> None:
    text, _, _ = cached("bridge", lang)
    results = [ln for ln in text.splitlines() if ln.startswith(t("deal", lang, n=1) + ": ")]
    assert results
    line = results[0]
    assert re.search({"en": r"\d(?:♠|♥|♦|♣|NT)", "ru": r"\d(?:♠|♥|♦|♣|БК)"}[lang], line), line  # notation.md
    assert re.search({"en": r"made|down \d", "ru": r"сыграно|без \d"}[lang], line), line
    assert not re.search(r"\b\d(?:S|H|D|C|NT)X* by [NESW]\b", line), line  # no "2H by S"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", names())
def test_the_last_forced_card_is_played_for_the_user(game: str, lang: str) -> None:
    text, _, _ = cached(game, lang)
    forced = t("forced_card", lang, card="@").split("@")[0]
    assert forced in text


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", names())
def test_no_word_of_the_other_language(game: str, lang: str) -> None:
    text, _, _ = cached(game, lang)
    assert other_language_words(text, lang) == []


@pytest.mark.parametrize("lang", LANGS)
def test_quit_asks_once_and_another_answer_goes_on(lang: str) -> None:
    words = {"en": ["quit", "no", "?", "quit", "yes"], "ru": ["выход", "нет", "?", "выход", "да"]}[lang]
    feed = iter(words)
    prompts: list[str] = []
    out = io.StringIO()

    def ask(prompt: str) -> str:
        prompts.append(prompt)
        return next(feed)

    state = play(load("euchre"), seed=3, lang=lang, ask=ask, out=out)
    assert state.abandoned and next(feed, None) is None
    assert prompts.count(t("quit_confirm", lang)) == 2  # once for each quit, the first one answered no
    assert t("legal_now", lang, legal="").strip() in out.getvalue()  # the match went on after "no"


@pytest.mark.parametrize("game", ["auction-bridge", "straight-bridge"])
def test_an_irregular_action_without_a_seat_is_the_users_own(game: str) -> None:
    """Laws mode: ``!4d`` is the user's own irregular call (it was "'4d' is not a seat")."""
    from cardroom.core.laws import Irregular

    g = load(game, laws=True)
    r = renderer_for(g)
    state = g.new_initial_state()
    rng = random.Random(2)
    while state.deal is None or state.to_act != r.user_seat:
        state.apply(state.sample_chance(rng) if state.to_act == CHANCE else
                    g.bot("rule", 1).choose(r.bot_view(state, _seat(state.to_act))))
    view = r.deal_view(state, r.user_seat)
    assert r.laws_input("!4d", view) == Irregular(r.user_seat, "4d")
    assert r.laws_input("!S 4d", view) == Irregular(r.user_seat, "4d")
