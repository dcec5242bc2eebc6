"""Terminal play: the user at South, forgiving input, wrong entries re-prompted, whole rubbers."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from cardroom.cli.main import main
from cardroom.games import load
from cardroom.games.bridge.game import ContractBridge
from cardroom.records.registry import read_record
from cardroom.ui import play


def _game() -> ContractBridge:
    g = load("bridge")
    assert isinstance(g, ContractBridge)
    return g


def test_auto_rubber_finishes_and_prints_the_sheet(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "en", "play", "bridge", "--auto", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "The rubber is over. Winner:" in out
    assert "WE (NS)" in out and "Back score:" in out


def test_auto_rubber_is_reproducible_and_saved(tmp_path: Path) -> None:
    out1, out2 = io.StringIO(), io.StringIO()
    s1 = play(_game(), 5, True, str(tmp_path / "r.json"), "en", out=out1)
    s2 = play(_game(), 5, True, None, "en", out=out2)
    assert s1.snapshot() == s2.snapshot()
    back = read_record((tmp_path / "r.json").read_text())
    assert back.snapshot() == s1.snapshot()
    assert back.sheet_dict() == s1.sheet_dict()


def _scripted(answers: list[str]) -> tuple[Iterator[str], list[str]]:
    prompts: list[str] = []
    it = iter(answers)
    return it, prompts


def test_wrong_entries_get_a_message_and_a_new_prompt() -> None:
    prompts: list[str] = []
    # first some nonsense, an illegal call, help; then pass the whole way; finally quit at a card prompt
    script = iter(["hello", "9NT", "?", "xx", "p"] + ["pass"] * 400)

    def ask(prompt: str) -> str:
        prompts.append(prompt)
        if "card" in prompt:
            # a card the user certainly cannot play, then quit
            if not any("card" in p for p in prompts[:-1]):
                return "zz"
            raise EOFError
        return next(script)

    out = io.StringIO()
    state = play(_game(), 3, False, None, "en", ask=ask, out=out)
    text = out.getvalue()
    assert "Cannot read 'hello'" in text
    assert "Cannot read '9NT'" in text
    assert "Allowed now:" in text
    assert "XX is not allowed now" in text
    # the session ended at a card prompt, or the rubber ended by passing out forever is impossible:
    assert state.is_over
    assert "Your hand (South)" in text


def test_russian_interface() -> None:
    out = io.StringIO()

    def ask(prompt: str) -> str:
        raise EOFError

    play(_game(), 2, False, None, "ru", ask=ask, out=out)
    text = out.getvalue()
    assert "Ваша рука (Юг)" in text and "Роббер не окончен" in text


def test_module_entry_point_runs() -> None:
    r = subprocess.run([sys.executable, "-m", "cardroom", "--lang", "en", "games"], capture_output=True, text=True,
                       check=True)
    assert "bridge: Contract bridge" in r.stdout


def test_replay_of_an_illegal_record_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = {"format": "cardroom-record", "version": 1, "game": "bridge", "options": {}, "players": {},
           "actions": ["draw AS 2C QD QC", "1NT"], "unfinished": False}
    p = tmp_path / "bad.json"
    p.write_text(json.dumps(bad))
    assert main(["replay", str(p)]) == 2
    err = capsys.readouterr().err
    assert "cardroom:" in err


def test_user_plays_cards_and_sees_tricks_won() -> None:
    """The user asks for help at each card prompt, then plays the first card listed as allowed."""
    import re

    from cardroom.core.cards import Card

    out = io.StringIO()
    allowed: list[str] = []
    asked_help = [False]

    def ask(prompt: str) -> str:
        if "card" not in prompt:
            return "pass"
        if not asked_help[0]:
            asked_help[0] = True
            return "?"
        asked_help[0] = False
        m = re.findall(r"Allowed now: (.*)", out.getvalue())
        allowed.append(m[-1].split()[0])
        return allowed[-1]

    state = play(_game(), 11, False, None, "en", ask=ask, out=out)
    text = out.getvalue()
    assert "Trick 1 won by" in text and "Trick 13 won by" in text
    assert allowed and all(isinstance(Card.parse(c), Card) for c in allowed)
    assert "is not allowed now" not in text
    assert state.is_over and "The rubber is over" in text


def test_record_on_disk_after_every_action_survives_a_kill(tmp_path: Path) -> None:
    """Kill the terminal game mid-deal: the saved record holds every action made so far."""
    path = tmp_path / "live.json"
    answers = iter(["pass"] * 3)

    def ask(prompt: str) -> str:
        try:
            return next(answers)
        except StopIteration:
            # the "kill": read the file as it stands on disk before anything else happens
            saved = read_record(path.read_text())
            raise KeyboardInterrupt(saved) from None

    with pytest.raises(KeyboardInterrupt) as e:
        play(_game(), 8, False, str(path), "en", ask=ask, out=io.StringIO())
    saved = e.value.args[0]
    assert len(saved.history) >= 3  # the draw, the deal and the calls so far
    assert not saved.is_over
