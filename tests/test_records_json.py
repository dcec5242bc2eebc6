"""JSON records: a whole rubber, and single deals (boards) converting to and from PBN."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardroom.core.errors import ParseError, RecordError
from cardroom.core.game import CHANCE
from cardroom.games.bridge import Call, ContractBridge, RubberState
from cardroom.games.bridge.calls import PASS
from cardroom.records.pbn import read_pbn, write_pbn
from cardroom.records.rubber_json import (
    deals_from_record,
    deals_to_record,
    dumps,
    loads,
    replay_rubber,
    rubber_from_record,
    rubber_to_record,
)

DATA = Path(__file__).parent / "data"


def random_rubber(seed: int, max_actions: int | None = None, **options: Any) -> RubberState:
    rng = random.Random(seed)
    state = ContractBridge(**options).new_initial_state()
    n = 0
    while not state.is_over and (max_actions is None or n < max_actions):
        if state.to_act == CHANCE:
            state.play_chance(rng)
        else:
            legal = state.legal_actions()
            state.apply(PASS if type(legal[0]) is Call and rng.random() < 0.7 else rng.choice(legal))
        n += 1
    return state


# ------------------------------------------------------------------------------------------- rubber


def test_rubber_record_shape() -> None:
    state = random_rubber(1)
    rec = rubber_to_record(state, {"N": "Ann", "S": "Bob"})
    assert list(rec) == ["format", "version", "game", "options", "players", "actions", "unfinished"]
    assert rec["format"] == "cardroom-record" and rec["version"] == 1 and rec["game"] == "bridge"
    assert rec["options"] == dict(state.game.options())
    assert rec["players"] == {"N": "Ann", "S": "Bob"}
    assert rec["actions"][0].startswith("draw ") and rec["actions"][1].startswith("deal ")
    assert rec["actions"][2] in {str(c) for c in state.results[0].calls}
    assert rec["unfinished"] is False
    assert len(rec["actions"]) == len(state.history)


def test_finished_rubber_round_trip() -> None:
    state = random_rubber(2)
    assert state.is_over
    text = dumps(rubber_to_record(state, {"E": "Eve"}))
    replay = replay_rubber(loads(text))
    again = replay.state
    assert again.snapshot() == state.snapshot()
    assert again.sheet.to_dict() == state.sheet.to_dict()
    assert replay.players == {"E": "Eve"}
    assert len(replay.deals) == len(state.results)
    assert dumps(rubber_to_record(again, replay.players)) == text


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), cut=st.integers(0, 400), abandon=st.booleans(),
       scoring=st.sampled_from(["doc001", "modern"]))
def test_rubber_round_trip_anywhere(seed: int, cut: int, abandon: bool, scoring: str) -> None:
    state = random_rubber(seed, cut, scoring=scoring)
    if abandon and not state.is_over:
        state.abandon()
    rec = rubber_to_record(state)
    again = rubber_from_record(loads(dumps(rec)))
    assert again.snapshot() == state.snapshot()
    assert again.sheet.to_dict() == state.sheet.to_dict()
    assert rubber_to_record(again) == rec


def test_seat_annotated_actions_are_checked_and_normalised() -> None:
    state = random_rubber(3, 120)
    rec = rubber_to_record(state)
    annotated = copy.deepcopy(rec)
    probe = ContractBridge().new_initial_state()
    for i, text in enumerate(rec["actions"]):
        action = probe.parse_action(text)
        deal = probe.deal
        if deal is not None and deal.hand_to_play is not None:
            annotated["actions"][i] = f"{deal.hand_to_play.letter}:{text}"
        elif deal is not None and probe.to_act is not None and probe.to_act >= 0:
            annotated["actions"][i] = f"{'NESW'[probe.to_act]}:{text}"
        probe.apply(action)
    assert annotated["actions"] != rec["actions"]
    again = rubber_from_record(annotated)
    assert rubber_to_record(again) == rec


def test_unfinished_flag() -> None:
    state = random_rubber(4, 60)
    state.abandon()
    rec = rubber_to_record(state)
    assert rec["unfinished"] is True
    again = rubber_from_record(rec)
    assert again.sheet.unfinished and again.is_over
    finished = rubber_to_record(random_rubber(4))
    finished["unfinished"] = True
    with pytest.raises(RecordError, match="unfinished"):
        rubber_from_record(finished)


@pytest.mark.parametrize(("change", "words"), [
    ({"format": "other"}, "not a cardroom record"),
    ({"version": 2}, "unsupported record version"),
    ({"game": "chess"}, "unknown game"),
    ({"extra": 1}, "unknown field"),
    ({"options": {"scoring": "nope"}}, "bad game options"),
    ({"options": {"colour": "red"}}, "bad game options"),
    ({"actions": "1NT"}, "list of strings"),
    ({"players": {"Q": "x"}}, "not a seat"),
    ({"unfinished": "no"}, "true or false"),
])
def test_bad_rubber_records(change: dict[str, Any], words: str) -> None:
    rec = rubber_to_record(random_rubber(5, 30))
    rec.update(change)
    with pytest.raises(RecordError, match=words):
        rubber_from_record(rec)


def test_bad_json_names_the_line() -> None:
    with pytest.raises(ParseError, match=r"line 3: not valid JSON"):
        loads('{\n "format": "cardroom-record",\n "version": 1,,\n}')
    with pytest.raises(RecordError, match="JSON object"):
        loads("[1, 2]")


def test_draw_errors() -> None:
    rec = rubber_to_record(random_rubber(6, 10))
    rec["actions"][0] = "draw AS AS 2C 3C"
    with pytest.raises(RecordError, match=r"the draw: cannot read"):
        rubber_from_record(rec)
    rec["actions"][0] = "N:draw AS KS 2C 3C"
    with pytest.raises(RecordError, match=r"the draw"):
        rubber_from_record(rec)


# ------------------------------------------------------------------------------------------- deals


def test_pbn_to_json_and_back_keeps_everything() -> None:
    boards = read_pbn((DATA / "rubber_boards.pbn").read_text())
    rec = deals_to_record(boards)
    assert rec["game"] == "bridge-deals"
    b1 = rec["boards"][0]
    assert b1["dealer"] == "N" and b1["vulnerable"] == "None"
    assert b1["actions"][0].startswith("deal ") and b1["actions"][1:4] == ["2C", "Pass", "2D"]
    assert b1["actions"][11:13] == ["QH", "5H"]
    assert b1["marks"] == {"1": ["=1="], "7": ["!"]}
    assert b1["notes"] == {"Auction": ["1:strong, artificial"]}
    assert "Dealer" not in b1["tags"] and "Deal" not in b1["tags"] and "Auction" not in b1["tags"]
    # board 2 has a play-less contract; board 3 a passed-out auction
    assert rec["boards"][1]["tags"]["Contract"] == "4SX"
    assert rec["boards"][2]["actions"][1:] == ["Pass"] * 4
    text = dumps(rec)
    back = deals_from_record(loads(text))
    assert back[0] == boards[0]  # written by PBN rules in canonical order: same board
    assert [b.calls for b in back] == [b.calls for b in boards]
    assert [b.plays for b in back] == [b.plays for b in boards]
    assert dumps(deals_to_record(back)) == text
    assert dumps(deals_to_record(read_pbn(write_pbn(back)))) == text


def test_deals_json_without_auction_plays_cards() -> None:
    boards = read_pbn((DATA / "rubber_boards.pbn").read_text())
    board = boards[0]
    board.calls = []
    board.call_marks = {}
    board.notes = {}
    del board.tags["Auction"]
    rec = deals_to_record([board])
    assert rec["boards"][0]["no_auction"] is True
    back = deals_from_record(json.loads(json.dumps(rec)))
    assert back[0].plays == board.plays and back[0].calls == []


def test_deals_json_seat_annotations() -> None:
    boards = read_pbn((DATA / "rubber_boards.pbn").read_text())
    rec = deals_to_record(boards[:1])
    acts = rec["boards"][0]["actions"]
    acts[1] = "N:2C"
    acts[2] = "E:Pass"
    acts[11] = "E:QH"
    acts[15] = "N:AD"  # North won trick 1 and leads trick 2
    assert deals_from_record(rec) == deals_from_record(deals_to_record(boards[:1]))


@pytest.mark.parametrize(("change", "words"), [
    ({"dealer": "Q"}, "not a seat"),
    ({"vulnerable": "maybe"}, "not a vulnerability"),
    ({"tags": {"Board": 3}}, "object of strings"),
    ({"colour": "red"}, "unknown field"),
    ({"marks": {"99": ["!"]}}, "not the index"),
    ({"marks": {"x": ["!"]}}, "not an action index"),
    ({"no_auction": "yes"}, "true or false"),
])
def test_bad_deals_boards(change: dict[str, Any], words: str) -> None:
    rec = deals_to_record(read_pbn((DATA / "rubber_boards.pbn").read_text())[:1])
    rec["boards"][0].update(change)
    with pytest.raises(RecordError, match=words):
        deals_from_record(rec)


def test_bad_deal_action() -> None:
    rec = deals_to_record(read_pbn((DATA / "rubber_boards.pbn").read_text())[:1])
    rec["boards"][0]["actions"][0] = "deal AKQ.AKQ.AKQ.AKQJ - - -"
    with pytest.raises(RecordError, match=r"board 1, the deal"):
        deals_from_record(rec)


def test_examples_in_the_documentation_replay() -> None:
    import re

    from cardroom.records.pbn import board_to_deal
    from cardroom.records.rubber_json import game_from_options

    doc = (Path(__file__).parent.parent / "docs" / "records.md").read_text()
    blocks = [json.loads(b) for b in re.findall(r"```json\n(.*?)```", doc, re.S)]
    rubber, deals, schema = blocks
    state = rubber_from_record(rubber)
    assert state.deal is not None and len(state.deal.tricks) == 1
    game = game_from_options(deals["options"])
    [board] = deals_from_record(deals)
    assert board_to_deal(board, game).won == [1, 0]
    assert schema["$defs"]["board"]["additionalProperties"] is False


def test_rubber_record_is_the_generic_record() -> None:
    from cardroom.records.registry import read_record, write_record

    state = random_rubber(12, 200)
    text = dumps(rubber_to_record(state, {"W": "Wim"}))
    assert text == write_record(state, {"W": "Wim"})
    assert read_record(text).snapshot() == rubber_from_record(loads(text)).snapshot()
