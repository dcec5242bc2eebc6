"""Every record the card room offers for download (JSON for every game, PBN where the game writes it)
is read by every command of the command line: ``cardroom replay``, ``convert`` and ``analyze``."""

from __future__ import annotations

import json
import time
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cardroom.cli.main import main
from cardroom.games import load, names

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from cardroom.room.app import create_app

EXT = {"json": "json", "pbn": "pbn"}
ROUTE = {"json": "record", "pbn": "record.pbn"}


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    db = tmp_path_factory.mktemp("room") / "room.sqlite"
    with TestClient(create_app(f"sqlite:///{db}")) as c:
        yield c


def finished_table(c: TestClient, game: str) -> dict[str, Any]:
    r = c.post("/api/tables", json={"game": game, "options": {}, "seed": 5, "practice": True})
    assert r.status_code == 201, r.text
    tid, owner = r.json()["id"], r.json()["owner_token"]
    r = c.post(f"/api/tables/{tid}/bots", json={}, headers={"Authorization": f"Bearer {owner}"})
    assert r.status_code == 201, r.text
    deadline = time.monotonic() + 180
    while True:
        info: dict[str, Any] = c.get(f"/api/tables/{tid}").json()
        if info["over"]:
            return info
        assert time.monotonic() < deadline, info
        time.sleep(0.05)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    code = main(list(argv))
    out = capsys.readouterr()
    assert code == 0, (argv, out.out, out.err)
    return out.out


@pytest.mark.parametrize("game", names())
def test_every_offered_record_is_read_by_replay_convert_and_analyze(
        client: TestClient, game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    info = finished_table(client, game)
    offered = info["records"]
    assert "json" in offered
    assert ("pbn" in offered) == ("pbn" in type(load(game)).record_formats())
    for fmt in offered:
        r = client.get(f"/api/tables/{info['id']}/{ROUTE[fmt]}")
        assert r.status_code == 200, (fmt, r.text)
        path = tmp_path / f"{info['id']}.{EXT[fmt]}"
        path.write_text(r.text, encoding="utf-8")
        if fmt == "json":
            assert json.loads(r.text)["table"] == info["id"]  # the room's own fields are in the download
        # replay: the record checked through the rules, its deals summarised
        replayed = run(capsys, "replay", "--json", str(path))
        summary = json.loads(replayed)
        assert summary, replayed
        assert run(capsys, "replay", str(path)).strip()
        # convert: into every format the game writes, and the converted record replays alike
        for other in type(load(game)).record_formats():
            out = tmp_path / f"converted-from-{fmt}.{EXT[other]}"
            run(capsys, "convert", str(path), str(out))
            assert out.read_text(encoding="utf-8").strip()
            again = json.loads(run(capsys, "replay", "--json", str(out)))
            assert _deal_count(again) == _deal_count(summary), (fmt, other)
        # analyze: the open-hand result of each deal (a game without an analysis is refused by name)
        if not type(load(game)).analysis_path:
            assert main(["analyze", str(path)]) != 0
            capsys.readouterr()
            continue
        analysed = run(capsys, "analyze", "--json", str(path))
        deals = json.loads(analysed)
        assert isinstance(deals, list) and deals, analysed
        assert all(d.get("deal") or d.get("board") for d in deals), deals
        assert run(capsys, "analyze", str(path)).strip()


def _deal_count(summary: Any) -> int:
    if isinstance(summary, dict):
        for key in ("deals", "boards"):
            if isinstance(summary.get(key), list):
                return len(summary[key])
    return -1
