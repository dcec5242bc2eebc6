"""The command line is built from the registry (issue 13, points 5 and 8): every name of every game
plays, and every ``play`` option either works for the game or is refused with a one-line message;
every computer player is made by ``Game.bot``."""

from __future__ import annotations

import argparse
import importlib
import json
import random
from pathlib import Path

import pytest

from cardroom.bots.base import RandomBot
from cardroom.bots.search import SearchBot, game_kind
from cardroom.cli import main as cli_main
from cardroom.cli.main import main
from cardroom.core.errors import CardroomError
from cardroom.core.game import CHANCE
from cardroom.core.laws import Irregular
from cardroom.games import aliases, canonical, game_class, load, names
from cardroom.records.registry import read_record

SHEET = {  # what the final sheet of each game's terminal match prints
    "bridge": "Back score:", "preferans": "Settlement (whists):", "euchre": "Rubber points",
    "auction-bridge": "Size of the rubber:", "straight-bridge": "Size of the rubber:",
    "three-handed-auction": "Settlement:",
    "cutthroat": "Totals: Player 1",
    "reversi-bridge": "Size of the rubber:", "short-bridge": "Size of the rubber:",
    "duplicate-auction": "Size of the rubber:",
    "two-hand-bridge": "(North scores in the NS column",
    "double-dummy": "Size of the rubber:", "draw-bridge": "Size of the rubber:",
    "misery-bridge": "Totals: Player 1",
    "royal-bridge": "Totals: Player 1",
}
TINY = {"preferans": ["--pulka", "1"]}  # the shortest match an option allows
EVERY_NAME = [(g, a) for g in names() for a in aliases(g)]


def _play(capsys: pytest.CaptureFixture[str], name: str, *extra: str) -> str:
    assert main(["--lang", "en", "play", name, "--auto", "--seed", "1", *TINY.get(canonical(name), []), *extra]) == 0
    return capsys.readouterr().out


_CANONICAL_OUT: dict[str, str] = {}


def test_every_game_has_a_sheet_marker_and_its_aliases() -> None:
    assert sorted(SHEET) == names()
    assert {"contract", "бридж", "contract-bridge"} <= set(aliases("bridge"))
    assert canonical("Юкер") == "euchre" and game_class("pref").name == "preferans"


@pytest.mark.parametrize(("game", "name"), EVERY_NAME)
def test_every_name_of_every_game_plays_to_the_sheet(game: str, name: str, capsys: pytest.CaptureFixture[str]) -> None:
    if game not in _CANONICAL_OUT:
        _CANONICAL_OUT[game] = _play(capsys, game)
    out = _play(capsys, name) if name != game else _CANONICAL_OUT[game]
    assert SHEET[game] in out
    assert out == _CANONICAL_OUT[game]  # the alias is the same game, the same seed: the same match


GAMES = names()
SEARCHED = {g for g in GAMES if game_class(g).has_search_bot}
REFUSED = [  # (option given, the games it applies to)
    (["--scoring", "modern"], {"bridge"}),
    (["--variant", "leningrad"], {"preferans"}),
    (["--players", "4"], {"preferans"}),
    (["--pulka", "10"], {"preferans"}),
    (["--bots", "search"], SEARCHED),  # every game with a search bot
    (["--samples", "3"], SEARCHED),
]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize(("option", "games"), REFUSED, ids=[o[0] for o, _ in REFUSED])
def test_an_option_is_refused_by_a_game_it_does_not_apply_to(option: list[str], games: set[str], game: str,
                                                              capsys: pytest.CaptureFixture[str],
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    if game in games:  # it applies: the game's front-end is called with it (tests of each front-end play it)
        seen: list[argparse.Namespace] = []
        monkeypatch.setattr(cli_main, "_front_end", lambda args, name, options: seen.append(args))
        assert main(["play", game, "--auto", "--seed", "1", *option]) == 0
        assert len(seen) == 1 and str(getattr(seen[0], option[0][2:])) == option[1]
        return
    assert main(["play", game, "--auto", "--seed", "1", *option]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1
    assert option[0] in lines[0] and f"does not apply to {game}" in lines[0]


def _as_text(value: object) -> str:
    """An option's value as it is written after ``--option NAME=``."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, tuple):
        return ",".join(map(str, value))
    return str(value)


@pytest.mark.parametrize("game", GAMES)
def test_every_game_option_is_settable_with_option(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """`--option NAME=VALUE` sets any option of the game's schema (here each at its default and, for a
    bool or a choice, at each other value): the front-end gets the value the schema checks."""
    seen: list[dict[str, object]] = []
    monkeypatch.setattr(cli_main, "_front_end", lambda args, name, options: seen.append(options))
    for spec in game_class(game).option_schema():
        values = [spec.default, *((True, False) if spec.kind == "bool" else spec.choices)]
        for value in values:
            seen.clear()
            assert main(["play", game, "--auto", "--option", f"{spec.name}={_as_text(value)}"]) == 0, spec.name
            assert seen == [{spec.name: value}], spec.name


@pytest.mark.parametrize(("argv", "said"), [
    (["--option", "nullo"], "--option takes NAME=VALUE, not 'nullo'"),
    (["--option", "nullo=maybe"],
     "--option nullo=maybe: the option 'nullo' of auction-bridge accepts true or false, not \"maybe\""),
    (["--option", "nullo=true", "--option", "nullo=false"], "the option 'nullo' is given twice"),
    (["--option", "trumps=5"], "--option trumps does not apply to auction-bridge: the game has no option 'trumps'"),
])
def test_a_bad_option_is_refused_in_one_line(argv: list[str], said: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "en", "play", "auction-bridge", "--auto", *argv]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.strip().splitlines() == [f"cardroom: {said}"]


def test_euchre_irregularities_are_played_and_ruled(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    save = tmp_path / "e.json"
    out = _play(capsys, "euchre", "--irregularities", "0.1", "--save", str(save))
    assert "Laws mode" in out or "laws" in out.lower()
    state = read_record(save.read_text(encoding="utf-8"))
    assert state.is_over and state.sheet_dict() == state.recomputed_sheet_dict()
    assert dict(state.game.options())["laws"] is True
    assert sum(isinstance(a, Irregular) for a in state.history) >= 3
    data = json.loads(save.read_text(encoding="utf-8"))
    assert any(a.startswith("!") for a in data["actions"])
    assert main(["replay", str(save)]) == 0


@pytest.mark.parametrize("game", GAMES)
def test_irregularities_out_of_range_are_refused_for_every_game(game: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as e:
        main(["play", game, "--auto", "--irregularities", "1.5"])
    assert e.value.code == 2
    assert "--irregularities: a probability from 0 to 1, not '1.5'" in capsys.readouterr().err


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("kind", ["random", "rule", "search"])
def test_game_bot_makes_every_kind_it_has_and_refuses_the_others(game: str, kind: str) -> None:
    g = load(game)
    kinds = ("random", "rule", "search") if g.has_search_bot else ("random", "rule")
    assert g.bot_kinds() == kinds
    with pytest.raises(CardroomError, match=f"{game} has no 'clever' computer player; its kinds: {', '.join(kinds)}"):
        g.bot("clever", 1)
    if kind not in kinds:  # a game without a search bot (two-handed bridge: no honest adapter) refuses it
        with pytest.raises(CardroomError, match=f"{game} has no 'search' computer player"):
            g.bot(kind, 1)
        return
    if kind == "search":
        assert game_kind(game) == g.family
    opts = {"samples": 2, "time_per_decision": None} if kind == "search" else {}
    bot = g.bot(kind, 1, **opts)
    if kind == "random":
        assert isinstance(bot, RandomBot)
    elif kind == "search":
        assert isinstance(bot, SearchBot) and bot.samples == 2
    else:
        module, _, name = g.rule_bot_path.partition(":")
        assert type(bot) is getattr(importlib.import_module(module), name)
    state = g.new_initial_state()
    rng = random.Random(1)
    while state.to_act == CHANCE:
        state.apply(state.sample_chance(rng))
    seat = state.to_act
    assert seat is not None
    view = state.view(seat)
    if kind == "random":  # the random bot chooses from a view that lists the legal actions
        inner = getattr(view, "deal", None) or getattr(view, "hand", None) or view
        view = inner
    assert bot.choose(view) in list(state.legal_actions())


def test_search_bot_options_do_not_reach_other_kinds() -> None:
    with pytest.raises(CardroomError, match="the rule computer player takes no options"):
        load("bridge").bot("rule", 1, samples=3)


def test_a_game_without_a_search_bot_refuses_search_and_names_its_kinds(monkeypatch: pytest.MonkeyPatch,
                                                                        capsys: pytest.CaptureFixture[str]) -> None:
    cls = game_class("straight-bridge")
    monkeypatch.setattr(cls, "has_search_bot", False)
    with pytest.raises(CardroomError, match="straight-bridge has no 'search' computer player; its kinds: random, rule"):
        load("straight-bridge").bot("search", 1)
    with pytest.raises(CardroomError, match="no search bot for the game 'straight-bridge'"):
        game_kind("straight-bridge")
    for option in (["--bots", "search"], ["--samples", "3"]):
        assert main(["play", "straight-bridge", "--auto", *option]) == 2
        err = capsys.readouterr().err.strip()
        assert len(err.splitlines()) == 1 and option[0] in err and "does not apply to straight-bridge" in err


@pytest.mark.parametrize("game", ["auction-bridge", "straight-bridge"])
def test_the_search_bot_plays_the_old_bridges_by_solving(game: str) -> None:
    g = load(game)
    state = g.new_initial_state()
    rule = g.bot("rule", 1)
    rng = random.Random(2)
    searched = 0
    while searched < 3:
        assert not state.is_over
        if state.to_act == CHANCE:
            state.play_chance(rng)
            continue
        view = state.view(int(state.to_act or 0))
        deal = getattr(view, "deal", None)
        if deal is not None and deal.phase == "play" and len(deal.legal) > 1 and deal.trump is not None:
            ev = SearchBot(game, samples=3, time_per_decision=None, seed=1).evaluate(view)
            assert ev.method == "search" and ev.samples == 3 and ev.action in state.legal_actions()
            assert all(t is not None and 0 <= t <= 13 for _, t in ev.candidates)
            searched += 1
            state.apply(ev.action)
            continue
        state.apply(rule.choose(view))
    assert searched == 3


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize(("lang", "words"), [("en", ["?", "hint", "sheet", "quit", "y"]),
                                             ("ru", ["помощь", "подсказка", "запись", "выход", "да"])])
def test_one_front_end_answers_the_same_commands_in_every_game(game: str, lang: str, words: list[str]) -> None:
    """?, hint, sheet and quit at the first prompt of every game, in English and in Russian words: the
    commands listed, the hint given, the sheet drawn (what is printed between "sheet" and the next prompt);
    quit asks once whether to end the match."""
    import io

    from cardroom.ui import play

    out = io.StringIO()
    printed: list[str] = []  # the output so far at each prompt
    answers = iter(words)

    def ask(prompt: str) -> str:
        printed.append(out.getvalue())
        return next(answers)

    state = play(load(game), 1, False, None, lang, ask=ask, out=out, samples=1)
    assert state.abandoned and len(printed) == 5
    after = [printed[i + 1][len(printed[i]):] for i in range(3)]
    assert ("Commands: ?" if lang == "en" else "Команды: ?") in after[0]
    assert ("Allowed now:" if lang == "en" else "Сейчас можно:") in after[0]
    assert after[1].startswith("Hint" if lang == "en" else "Подсказка")
    assert len(after[2].strip().splitlines()) >= 3  # the score sheet


@pytest.mark.parametrize("game", GAMES)
def test_random_computer_players_play_every_game(game: str, capsys: pytest.CaptureFixture[str]) -> None:
    out = _play(capsys, game, "--bots", "random")
    assert SHEET[game] in out


@pytest.mark.parametrize("name", names())
def test_every_game_names_its_record_formats_and_pbn_is_written_only_where_named(name: str) -> None:
    """The record formats come from the game (``Game.record_formats``), never from a test of which game
    it is: a game with a PBN writer writes its match as PBN boards with the deal's cards; any other refuses."""
    cls = game_class(name)
    state = load(name).new_initial_state()
    rng = random.Random(5)
    for _ in range(40):
        if state.is_over:
            break
        state.apply(state.sample_chance(rng) if state.to_act == CHANCE else rng.choice(list(state.legal_actions())))
    formats = cls.record_formats()
    assert formats[0] == "json"
    if "pbn" in formats:
        text = cls.pbn_text(state, None)
        assert '[Deal "' in text and text.count("[Board ") >= 1
    else:
        with pytest.raises(CardroomError, match="no PBN form"):
            cls.pbn_text(state, None)
