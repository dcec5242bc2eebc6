"""`cardroom play preferans --auto` plays whole pulkas; `cardroom replay` checks pulka records."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from cardroom.cli.main import main
from cardroom.cli.preferans_play import play_pulka
from cardroom.games import load
from cardroom.games.preferans.game import Preferans
from cardroom.games.preferans.variants import variant_names
from cardroom.records.registry import read_record


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("variant", variant_names())
def test_auto_pulka_to_its_end_for_every_variant(variant: str, players: int, tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    save = tmp_path / "p.json"
    code = main(["--lang", "en", "play", "preferans", "--variant", variant, "--players", str(players), "--auto",
                 "--seed", "1", "--save", str(save)])
    assert code == 0
    out = capsys.readouterr().out
    assert "The pulka is over." in out and "Settlement (whists):" in out and "Pulya" in out
    state = read_record(save.read_text())
    assert state.is_over
    assert state.sheet_dict() == state.recomputed_sheet_dict()
    assert isinstance(state.game, Preferans)
    settlement = state.sheet.settle()  # type: ignore[attr-defined]
    assert sum(settlement.balance) == 0


def test_replay_prints_sheet_and_settlement_and_refuses_an_illegal_record(tmp_path: Path,
                                                                          capsys: pytest.CaptureFixture[str]) -> None:
    game = load("preferans", variant="sochi", players=3)
    assert isinstance(game, Preferans)
    save = tmp_path / "p.json"
    play_pulka(game, 2, True, str(save), "en", out=io.StringIO())
    assert main(["replay", str(save)]) == 0
    out = capsys.readouterr().out
    assert "settlement (whists)" in out
    assert main(["replay", str(save), "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["game"] == "preferans" and summary["over"] and sum(summary["settlement"]["balance"]) == 0
    data = json.loads(save.read_text())
    # a card the player does not hold, in the first trick of the first played deal
    first_card = next(i for i, a in enumerate(data["actions"]) if len(a) <= 3 and a[-1] in "SCDH" and a[0] in
                      "789TJQKA1")
    bad = dict(data)
    acts = list(data["actions"])
    state = read_record(json.dumps({**data, "actions": acts[:first_card]}))
    held = state.legal_actions()
    not_held = next(a for a in ("AS", "KS", "QS", "JS", "10S", "9S", "8S", "7S", "AH", "KH")
                    if all(str(h) != a for h in held))
    acts[first_card] = not_held
    bad["actions"] = acts
    p = tmp_path / "bad.json"
    p.write_text(json.dumps(bad))
    assert main(["replay", str(p)]) == 2
    err = capsys.readouterr().err
    assert "deal 1" in err and not_held in err


def test_wrong_input_gets_a_message_and_a_new_prompt() -> None:
    game = load("preferans", variant="sochi", players=3)
    assert isinstance(game, Preferans)
    answers = iter(["hello", "5s", "?", "pass"] + ["pass"] * 2000)

    def ask(prompt: str) -> str:
        a = next(answers)
        if "card" in prompt or "discard" in prompt or "open" in prompt:
            raise EOFError
        return a

    out = io.StringIO()
    state = play_pulka(game, 3, False, None, "en", ask=ask, out=out)
    text = out.getvalue()
    assert "Cannot read 'hello'" in text and "Cannot read '5s'" in text and "Allowed now:" in text
    assert state.is_over
