"""``cardroom keep``: the score keeper's prompt loop, driven through stdin."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from cardroom.cli.main import main
from cardroom.games import load
from cardroom.keeper import Keeper


def keep(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], argv: list[str], lines: str) -> str:
    monkeypatch.setattr("sys.stdin", io.StringIO(lines))
    assert main(argv) == 0
    return capsys.readouterr().out


def test_keep_bridge_undo_redo_fix_save(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
                                        tmp_path: Path) -> None:
    f = tmp_path / "rubber.json"
    out = keep(monkeypatch, capsys, ["keep", "bridge", "--file", str(f)],
               "contract=4S declarer=S tricks=10\ncontract=3NT declarer=E tricks=9\nundo\nredo\n"
               "fix 2 contract=3NT declarer=E tricks=8\nhistory\nsave\nquit\n")
    assert "deal 2 corrected" in out and "deal 2 corrected: contract=3NT declarer=E tricks=9" in out
    data = json.loads(f.read_text(encoding="utf-8"))
    k = Keeper.from_json(data)
    assert data["sheet"] == k.sheet.to_dict()
    assert k.sheet.to_dict()["totals"] == {"NS": 170, "EW": 0}  # 4S made 120; 3NT one down 50 to NS
    assert [h.op for h in k.history] == ["add", "add", "undo", "redo", "fix"]
    # the file is read back by a new session, which goes on from it
    out = keep(monkeypatch, capsys, ["keep", "bridge", "--file", str(f)], "sheet\nundo\nsave\n")
    assert "2 deals read" in out
    assert Keeper.from_json(json.loads(f.read_text(encoding="utf-8"))).entries[1]["tricks"] == 9


def test_keep_refusal_in_russian(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    out = keep(monkeypatch, capsys, ["--lang", "ru", "keep", "bridge"],
               "contract=9S declarer=S tricks=10\ncolour=red\nundo\nquit\n")
    assert "не принято: сдача 1: «9S» — не контракт" in out
    assert "не принято: нет поля «colour»" in out
    assert "нечего отменять" in out


def test_keep_preferans_leningrad_four(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
                                       tmp_path: Path) -> None:
    # seat 0 deals and sits out: seat 1 plays 7 spades and takes 7, seats 2 and 3 whist, taking 2 and 1
    f = tmp_path / "pulka.json"
    lines = ("kind=game declarer=1 contract=7s tricks=0,7,2,1 whisters=2,3\n"
             "kind=raspasy tricks=0,4,3,3\n"  # dealer 1 sits out; raspasy among 2, 3, 0
             "save\n")
    out = keep(monkeypatch, capsys, ["keep", "preferans", "--variant", "leningrad", "--players", "4",
                                     "--file", str(f)], lines)
    assert "deal 2 written" in out
    k = Keeper.from_json(json.loads(f.read_text(encoding="utf-8")))
    assert k.game.options()["variant"] == "leningrad" and k.game.num_seats == 4
    # the same two deals given to the sheet of the variant directly
    same = Keeper(load("preferans", variant="leningrad", players=4))
    same.add({"kind": "game", "declarer": 1, "contract": "7s", "tricks": [0, 7, 2, 1], "whisters": [2, 3]})
    same.add({"kind": "raspasy", "tricks": [0, 4, 3, 3]})
    assert k.sheet.to_dict() == same.sheet.to_dict()
    assert same.render(lang="ru") in out.replace("\r", "") or same.render(lang="en") in out
    # the Leningrad price list (preferans.md §2.8, §4: 3, 6, 9, 12, 15): the seven made writes 6 in the pulya
    assert k.sheet.to_dict()["records"]["pulya"][1][0] == 6


def test_keep_misery_and_three_handed_in_russian(monkeypatch: pytest.MonkeyPatch,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    # misery bridge by role, in Russian words; a doubling refused by the variety, in Russian
    out = keep(monkeypatch, capsys, ["--lang", "ru", "keep", "misery-bridge"],
               "contract=HX tricks=8\ncontract=H tricks=9 honours=сдающий3,болван1\nquit\n")
    assert "не принято: сдача 1: эта игра не допускает здесь удвоения номер 1" in out
    same = Keeper(load("misery-bridge"))
    same.add({"contract": "H", "tricks": 9, "honours": ["dealer3", "dummy1"]})
    assert same.render(lang="ru") in out
    # three-handed auction: the dealer must bid (the variety's option), so a pass-out is refused
    out = keep(monkeypatch, capsys, ["--lang", "ru", "keep", "three-handed-auction"], "contract=pass\nquit\n")
    assert "не принято: сдача 1:" in out and "dealer_must_bid" in out
    out = keep(monkeypatch, capsys, ["keep", "three-handed-auction", "--option", "dealer_must_bid=false"],
               "contract=pass\ncontract=1NT declarer=E tricks=7 honours=E2,W2\nquit\n")
    assert "deal 2 written" in out
