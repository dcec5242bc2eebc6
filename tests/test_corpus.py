"""The replay corpus (tests/data/corpus/, written by scripts/make_corpus.py before a change that must
keep behaviour): every record of every game and configuration — bot matches, laws-mode matches with
irregularities, abandoned matches, records saved by the terminal — replays to the same actions, result,
sheet and drawn sheet; and the card room's database of that schema loads with every table as it was."""

from __future__ import annotations

import asyncio
import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from cardroom.games import game_class, names
from cardroom.records.registry import state_from_dict

CORPUS = Path(__file__).parent / "data" / "corpus"
FILES = sorted(p for p in CORPUS.glob("*.json") if not p.name.startswith("room-"))


def _expectation(state: Any) -> dict[str, Any]:
    return {
        "actions": [state.action_text(a) for a in state.history],
        "position": state.position(),
        "over": state.is_over,
        "abandoned": state.abandoned,
        "summary": json.loads(json.dumps(state.match_summary(), default=str)),
        "sheet": json.loads(json.dumps(state.sheet_dict(), default=str)),
        "render": {lang: state.render_sheet(lang) for lang in ("en", "ru")},
    }


def test_the_corpus_covers_every_game_and_kind() -> None:
    entries = [json.loads(p.read_text(encoding="utf-8")) for p in FILES]
    games = {e["record"]["game"] for e in entries}
    assert games == set(names())
    kinds = {e["kind"] for e in entries}
    assert kinds == {"bots", "laws", "abandoned", "terminal"}
    laws = [e for e in entries if e["kind"] == "laws"]
    with_laws = {n for n in names() if "laws" in game_class(n).option_schema().names}  # the games with laws mode
    assert {e["record"]["game"] for e in laws} == with_laws
    # the laws records hold accepted irregularities and rulings, not only regular play
    assert all(any(a.startswith(("!", "ruling")) for a in e["record"]["actions"]) for e in laws)


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_every_record_replays_to_what_it_gave(path: Path) -> None:
    entry = json.loads(path.read_text(encoding="utf-8"))
    state = state_from_dict(entry["record"])
    got = _expectation(state)
    want = entry["expect"]
    for key in ("actions", "position", "over", "abandoned", "sheet", "summary", "render"):
        assert got[key] == want[key], f"{path.name}: {key} differs after replay"


def test_the_room_database_of_the_old_schema_loads(tmp_path: Path) -> None:
    from cardroom.room.engine import Room
    from cardroom.room.store import AsyncStore, Store

    db = tmp_path / "room.sqlite"
    shutil.copy(CORPUS / "room-v1.sqlite", db)
    want = json.loads((CORPUS / "room-v1.expect.json").read_text(encoding="utf-8"))

    async def load() -> dict[str, Any]:
        store = AsyncStore(Store(f"sqlite:///{db}"))
        store.start()
        room = Room(store)
        try:
            await room.load()
            # nothing may move on its own: the finished tables are over, the others wait for a person
            await asyncio.sleep(0.2)
            return {rt.id: {"game": rt.game.name, "seq": rt.seq, "over": rt.state.is_over,
                            "actions": [rt.state.action_text(a) for a in rt.state.history],
                            "seats": [s.public() for s in rt.seats]} for rt in room.tables.values()}
        finally:
            await room.close()
            await store.stop()

    got = asyncio.run(load())
    assert got == want
