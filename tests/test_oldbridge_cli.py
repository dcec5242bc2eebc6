"""`cardroom play auction-bridge` / `cardroom play straight-bridge`: whole rubbers with --auto in
English and Russian, a scripted human at South (wrong entries re-prompted with the engine's
reason), the JSON record saved after every action and replayed, a PBN save refused."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from cardroom.cli.main import main
from cardroom.core.cards import full_pack
from cardroom.core.laws import Irregular, RulingChoice
from cardroom.games.oldbridge.game import AuctionBridge, StraightBridge
from cardroom.games.oldbridge.scoring import AuctionContract
from cardroom.records.registry import read_record, write_record
from cardroom.ui import play

ALL_CARDS = [c.pretty for c in full_pack()]  # "♣2": never read as a bid


@pytest.mark.parametrize("game", ["auction-bridge", "straight-bridge"])
def test_auto_rubber_finishes(game: str, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    save = tmp_path / "r.json"
    assert main(["--lang", "en", "play", game, "--auto", "--seed", "1", "--save", str(save)]) == 0
    out = capsys.readouterr().out
    assert "The rubber is over. Winner:" in out and "Size of the rubber:" in out and "Deal 1:" in out
    state = read_record(save.read_text(encoding="utf-8"))
    assert state.is_over and state.sheet_dict() == state.recomputed_sheet_dict()
    assert main(["replay", str(save)]) == 0
    replay = capsys.readouterr().out
    assert f"{game} record" in replay and "deal 1 (dealer" in replay


def test_russian_output(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "straight-bridge", "--auto", "--seed", "2", "--lang", "ru"]) == 0
    out = capsys.readouterr().out
    assert "Прямой бридж" in out and "Роббер окончен" in out and "Размер рабера" in out


def test_a_pbn_save_is_refused(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["play", "auction-bridge", "--auto", "--save", str(tmp_path / "x.pbn")]) == 2
    assert "JSON" in capsys.readouterr().err


def _feed(prefix: list[str], rounds: int = 300) -> str:
    return "\n".join(prefix + (["pass", "1S", "make NT", *ALL_CARDS] * rounds)) + "\n"


@pytest.mark.parametrize("game", ["auction-bridge", "straight-bridge"])
def test_scripted_human_session(game: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
                                tmp_path: Path) -> None:
    save = tmp_path / "h.json"
    monkeypatch.setattr("sys.stdin", io.StringIO(_feed(["hello", "?", "sheet"])))
    assert main(["--lang", "en", "play", game, "--seed", "4", "--save", str(save)]) == 0
    out = capsys.readouterr().out
    assert "Cannot read 'hello'" in out
    assert "Allowed now:" in out
    assert "Your hand (South)" in out
    assert "is not allowed now:" in out
    assert "The rubber is over." in out
    state = read_record(save.read_text(encoding="utf-8"))
    assert state.is_over and not state.abandoned


def test_quit_leaves_the_rubber_unfinished(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
                                           tmp_path: Path) -> None:
    save = tmp_path / "q.json"
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    assert main(["--lang", "en", "play", "auction-bridge", "--seed", "5", "--save", str(save)]) == 0
    out = capsys.readouterr().out
    assert "The rubber was left unfinished." in out
    data = json.loads(save.read_text(encoding="utf-8"))
    assert data["game"] == "auction-bridge" and data["unfinished"] is True
    assert data["actions"][0].startswith("draw ")
    assert read_record(save.read_text(encoding="utf-8")).abandoned


def test_record_is_saved_after_every_action(tmp_path: Path) -> None:
    save = tmp_path / "live.json"
    seen: list[int] = []
    answers = iter(["pass", "1S", "make H", *ALL_CARDS] * 50)

    def ask(prompt: str) -> str:
        data = json.loads(save.read_text(encoding="utf-8"))
        seen.append(len(data["actions"]))
        return "quit" if len(seen) > 40 else next(answers)

    play(StraightBridge(), 6, False, str(save), "en", ask=ask, out=io.StringIO())
    assert seen == sorted(seen) and seen[0] >= 2
    assert json.loads(save.read_text(encoding="utf-8"))["unfinished"] is True


def test_the_engine_names_why_a_call_is_refused(tmp_path: Path) -> None:
    out = io.StringIO()
    answers = iter(["pass", "1S", "1C", "1RS"] * 3 + ["quit"])
    # seed 7: find a rubber where South must open or overcall; any refusal shows the engine's reason
    play(AuctionBridge(), 7, False, None, "en", ask=lambda p: next(answers, "quit"), out=out)
    text = out.getvalue()
    assert "is not allowed now:" in text
    assert "insufficient" in text or "must open the auction" in text or "not allowed" in text


def test_laws_mode_in_the_terminal(tmp_path: Path) -> None:
    """Straight bridge with --laws: the user's irregular action is ruled on, the chooser (bot or user)
    picks an option, and computer players act irregularly with --irregularities."""
    out = io.StringIO()
    feed = iter(["!S ask", "!S make H", *(["pass", "make NT", *ALL_CARDS] * 200)])
    prompts: list[str] = []

    def ask(prompt: str) -> str:
        prompts.append(prompt)
        if prompt.startswith("Your choice"):
            return "1"
        return next(feed, "quit")

    state = play(StraightBridge(laws=True), 8, False, None, "en", ask=ask, out=out, irregularities=0.05)
    text = out.getvalue()
    assert "Laws mode" in text
    assert "Not possible:" in text  # "!S ask" is no irregularity the laws rule on for South here
    irregular = [a for a in state.history if isinstance(a, Irregular | RulingChoice)]
    assert irregular, "no irregular action or ruling in the record"
    back = read_record(write_record(state))
    assert back.snapshot() == state.snapshot()


def test_auto_laws_rubber_with_irregular_bots(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    save = tmp_path / "l.json"
    assert main(["--lang", "en", "play", "straight-bridge", "--auto", "--seed", "5", "--irregularities", "0.05",
                 "--save", str(save)]) == 0
    data = json.loads(save.read_text(encoding="utf-8"))
    assert data["options"]["laws"] is True
    assert any(a.startswith("!") for a in data["actions"])
    state = read_record(save.read_text(encoding="utf-8"))
    assert state.is_over and state.sheet_dict() == state.recomputed_sheet_dict()
    save2 = tmp_path / "a.json"
    assert main(["play", "auction-bridge", "--auto", "--seed", "6", "--irregularities", "0.1", "--save",
                 str(save2)]) == 0
    data = json.loads(save2.read_text(encoding="utf-8"))
    assert data["options"]["laws"] is True
    assert read_record(save2.read_text(encoding="utf-8")).is_over


def test_a_nullo_deal_played_from_the_command_line(monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """`cardroom play auction-bridge --option nullo=true`: South bids one nullo whenever it may (else
    passes); a deal is played at nullo and scored as the document scores it, "каждая взятка менее семи
    засчитывается игроку нулло" (10 a trick below the line)."""
    save = tmp_path / "n.json"
    feed = "\n".join(["1 nullo", "pass", *ALL_CARDS] * 400) + "\n"
    monkeypatch.setattr("sys.stdin", io.StringIO(feed))
    assert main(["--lang", "en", "play", "auction-bridge", "--option", "nullo=true", "--seed", "3",
                 "--save", str(save)]) == 0
    out = capsys.readouterr().out
    assert "The rubber is over." in out
    state = read_record(save.read_text(encoding="utf-8"))
    assert state.is_over and dict(state.game.options())["nullo"] is True
    nullos = [r for r in state.results if r.contract is not None and r.contract.nullo]
    assert nullos, "no deal was played at nullo"
    for r in nullos:
        c = r.contract
        assert isinstance(c, AuctionContract)
        taken = r.won[c.side]
        kinds = {e.kind: e for e in r.entries}
        assert "honours" not in kinds  # "без оннеров"
        if taken <= 7 - c.level:  # made: each trick under seven counts to the nullo side, 10 a trick
            e = kinds["tricks"]
            assert (e.side, e.points, e.below) == (c.side, (7 - taken) * 10 * 2 ** c.doubling, True)
        else:
            assert kinds["undertricks"].side == c.side.other
    assert main(["replay", str(save)]) == 0
    # without the option nullo is not a bid
    assert main(["--lang", "en", "play", "auction-bridge", "--option", "nullo=false", "--auto", "--seed", "3"]) == 0
