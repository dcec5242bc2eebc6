"""Replaying records: every kind of illegal action is reported with its deal, trick, seat and card;
and the replay, convert functions behind the CLI."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from cardroom.core.cards import full_pack
from cardroom.core.deal import Deal
from cardroom.core.errors import RecordError
from cardroom.core.game import CHANCE
from cardroom.core.table import Seat
from cardroom.games.bridge import Call, ContractBridge, RubberState
from cardroom.games.bridge.calls import PASS
from cardroom.records.pbn import ReplayError, board_to_deal, format_deal_tag, read_pbn
from cardroom.records.replay import convert_file, format_replay, replay_file
from cardroom.records.rubber_json import deals_from_record, deals_to_record, dumps, rubber_from_record, rubber_to_record

DATA = Path(__file__).parent / "data"
GAME = ContractBridge()
# Dealt one card at a time from a sorted pack, East first:
#   N AT62.J73.Q84.K95   E J73.Q84.K95.AT62   S Q84.K95.AT62.J73   W K95.AT62.J73.Q84
DEAL = Deal.one_at_a_time(full_pack(), first=Seat.EAST)
# 1NT by North; East leads. Trick 1: 2C 3C 4C 5C, won by North; trick 2: North 9C, 6C 7C 8C, North again.
AUCTION = ["1NT", "Pass", "Pass", "Pass"]
TRICKS_1_2 = ["2C", "3C", "4C", "5C", "9C", "6C", "7C", "8C"]


def pbn_board(play_rows: list[str], auction: str = "1NT Pass Pass Pass") -> str:
    return "\n".join([
        '[Event "Errors"]', '[Board "3"]', '[Dealer "N"]', '[Vulnerable "None"]',
        f'[Deal "{format_deal_tag(DEAL.hands)}"]', '[Auction "N"]', auction, '[Play "E"]', *play_rows, "",
    ])


def replay_pbn(play_rows: list[str], auction: str = "1NT Pass Pass Pass") -> None:
    for board in read_pbn(pbn_board(play_rows, auction)):
        board_to_deal(board, GAME)


def rubber_record(actions: list[str]) -> dict[str, Any]:
    # AS wins the draw: North deals first
    return {"format": "cardroom-record", "version": 1, "game": "bridge", "options": dict(GAME.options()),
            "players": {}, "actions": ["draw AS 2C 3C 4C", DEAL.to_text(), *actions], "unfinished": False}


def error_of(fn: Any, *args: Any) -> ReplayError:
    with pytest.raises(ReplayError) as e:
        fn(*args)
    return e.value


# ------------------------------------------------------------------------------------------- the play


def test_revoke_in_pbn() -> None:
    # columns E S W N; trick 3 is led by North (KC) and East, holding AC and 10C, plays 5D
    e = error_of(replay_pbn, ["C2 C3 C4 C5", "C6 C7 C8 C9", "D5 - - CK", "*"])
    assert str(e) == "board 3, trick 3: E played 5D but holds clubs (C led) — a revoke"
    assert e.kind == "revoke" and e.seat == Seat.EAST and e.trick == 3 and str(e.action) == "5D"


def test_revoke_by_dummy_names_dummy() -> None:
    e = error_of(replay_pbn, ["C2 C3 C4 C5", "C6 C7 C8 C9", "CT AD - CK", "*"])
    assert str(e) == "board 3, trick 3: S (dummy) played AD but holds clubs (C led) — a revoke"


def test_card_played_twice_in_pbn() -> None:
    e = error_of(replay_pbn, ["C2 C3 C4 C5", "C6 C7 C8 C9", "C6 - - CK", "*"])
    assert str(e) == "board 3, trick 3: E played 6C, which was already played in trick 2 — card played twice"
    assert e.kind == "played-twice"


def test_card_not_held_in_pbn() -> None:
    e = error_of(replay_pbn, ["C2 C3 C4 C5", "C6 C7 C8 C9", "CJ - - CK", "*"])
    assert str(e) == "board 3, trick 3: E played JC, a card the player does not hold (JC is in S's hand)"
    assert e.kind == "not-held" and e.seat == Seat.EAST


def test_opening_lead_from_the_wrong_hand() -> None:
    # East must lead; a lead of South's 3C is a card East does not hold
    e = error_of(replay_pbn, ["C3 - - -", "*"])
    assert str(e) == "board 3, trick 1: E played 3C, a card the player does not hold (3C is in S's hand)"


def test_revoke_in_rubber_json() -> None:
    rec = rubber_record([*AUCTION, *TRICKS_1_2, "KC", "5D"])
    e = error_of(rubber_from_record, rec)
    assert str(e) == "deal 1, trick 3: E played 5D but holds clubs (C led) — a revoke"


def test_played_twice_and_not_held_in_rubber_json() -> None:
    e = error_of(rubber_from_record, rubber_record([*AUCTION, *TRICKS_1_2, "KC", "6C"]))
    assert str(e) == "deal 1, trick 3: E played 6C, which was already played in trick 2 — card played twice"
    e = error_of(rubber_from_record, rubber_record([*AUCTION, *TRICKS_1_2, "KC", "JC"]))
    assert str(e) == "deal 1, trick 3: E played JC, a card the player does not hold (JC is in S's hand)"


def test_errors_in_a_later_deal_of_a_rubber() -> None:
    # deal 1 passed out; East deals deal 2 with the same cards
    rec = rubber_record(["Pass"] * 4 + [DEAL.to_text(), "Pass", "Pass", "1NT", "Pass", "Pass", "Pass",
                                         "4D", "7D"])
    e = error_of(rubber_from_record, rec)
    # 1NT by West; North leads 4D and dummy (East, diamonds K95) plays West's 7D
    assert str(e) == "deal 2, trick 1: E (dummy) played 7D, a card the player does not hold (7D is in W's hand)"


# ------------------------------------------------------------------------------------------- turns


def test_call_out_of_turn_in_rubber_json() -> None:
    e = error_of(rubber_from_record, rubber_record(["E:1NT"]))
    assert str(e) == "deal 1, auction, call 1: call out of turn: E called 1NT, but it is N's turn"
    assert e.kind == "out-of-turn" and e.seat == Seat.EAST


def test_card_out_of_turn_in_rubber_json() -> None:
    e = error_of(rubber_from_record, rubber_record([*AUCTION, "S:2C"]))
    assert str(e) == "deal 1, trick 1: card out of turn: S played 2C, but it is E's turn to play"
    # dummy's card is named by dummy's seat: North plays from South in trick 1
    rubber_from_record(rubber_record([*AUCTION, "E:2C", "S:3C", "W:4C", "N:5C"]))


def test_call_out_of_turn_in_deals_json() -> None:
    rec = deals_to_record(read_pbn(pbn_board(["C2 C3 C4 C5", "*"])))
    rec["boards"][0]["actions"][1] = "E:1NT"
    e = error_of(deals_from_record, rec)
    assert str(e) == "board 3, auction, call 1: call out of turn: E called 1NT, but it is N's turn"


def test_card_out_of_turn_in_deals_json() -> None:
    rec = deals_to_record(read_pbn(pbn_board(["C2 C3 C4 C5", "C6 C7 C8 C9", "*"])))
    rec["boards"][0]["actions"][9] = "E:9C"  # trick 2 is North's lead
    e = error_of(deals_from_record, rec)
    assert str(e) == "board 3, trick 2: card out of turn: E played 9C, but it is N's turn to play"


# ------------------------------------------------------------------------------------------- the auction


def test_insufficient_bid() -> None:
    e = error_of(replay_pbn, ["*"], "1NT 1C Pass Pass Pass")
    assert str(e) == "board 3, auction, call 2: E bid 1C, which is not higher than 1NT"
    assert e.kind == "illegal-call"


def test_double_of_partner() -> None:
    e = error_of(replay_pbn, ["*"], "1NT Pass X")
    assert "board 3, auction, call 3: S doubled his own side's bid 1NT" in str(e)


def test_card_during_the_auction_and_call_during_the_play() -> None:
    e = error_of(rubber_from_record, rubber_record(["1NT", "Pass", "AS"]))
    assert str(e) == "deal 1, auction: AS is played before the auction is over (S is to call)"
    assert e.kind == "wrong-phase"
    e = error_of(rubber_from_record, rubber_record([*AUCTION, "2C", "Pass"]))
    assert str(e) == "deal 1, trick 1: the call Pass comes after the auction is over (S (dummy) is to play)"


def test_unreadable_action_and_action_after_the_end() -> None:
    e = error_of(rubber_from_record, rubber_record(["1NT", "ZZ"]))
    assert str(e).startswith("deal 1: cannot read the action 'ZZ'")
    rng = random.Random(9)
    state = RubberState(GAME)
    while not state.is_over:
        if state.to_act == CHANCE:
            state.play_chance(rng)
        else:
            legal = state.legal_actions()
            state.apply(PASS if type(legal[0]) is Call and rng.random() < 0.7 else rng.choice(legal))
    rec = rubber_to_record(state)
    rec["actions"].append("Pass")
    e = error_of(rubber_from_record, rec)
    assert "comes after the end of the rubber" in str(e)


def test_bad_deal_in_a_record() -> None:
    bad = Deal((DEAL.hands[0], DEAL.hands[1], DEAL.hands[2] | DEAL.hands[3], 0))
    rec = rubber_record([])
    rec["actions"][1] = bad.to_text()
    e = error_of(rubber_from_record, rec)
    assert str(e).startswith("deal 1, the deal: a bridge deal gives 13 cards")


def test_illegal_action_leaves_no_partial_result() -> None:
    with pytest.raises(RecordError):
        replay_pbn(["C2 C3 C4 C5", "C6 C7 C8 C9", "D5 - - CK", "*"])


# ------------------------------------------------------------------------------------------- the CLI's functions


def test_replay_file_pbn(tmp_path: Path) -> None:
    s = replay_file(DATA / "rubber_boards.pbn")
    assert s["format"] == "pbn" and s["kind"] == "boards"
    d1, d2, d3 = s["deals"]
    assert (d1["deal"], d1["contract"], d1["declarer"], d1["tricks"], d1["result"]) == ("1", "6NT", "N", 12, "=")
    assert d1["scored_from"] == "result" and d1["score"] == {"NS": 840, "EW": 0}
    assert (d2["contract"], d2["declarer"], d2["tricks"], d2["result"], d2["score"]) == \
        ("4SX", "W", 7, "-3", {"NS": 500, "EW": 0})
    assert d3["contract"] == "Pass" and d3["result"] == "passed out" and d3["score"] == {"NS": 0, "EW": 0}
    text = format_replay(s)
    assert "board 1 (dealer N, vulnerable None): 6NT by N, 12 tricks (=) [from the Result tag]; NS 840, EW 0" in text
    assert "board 3 (dealer S, vulnerable All): passed out" in text


def test_replay_file_rubber(tmp_path: Path) -> None:
    rng = random.Random(4)
    state = RubberState(GAME)
    while not state.is_over:
        if state.to_act == CHANCE:
            state.play_chance(rng)
        else:
            legal = state.legal_actions()
            state.apply(PASS if type(legal[0]) is Call and rng.random() < 0.7 else rng.choice(legal))
    path = tmp_path / "rubber.json"
    path.write_text(dumps(rubber_to_record(state, {"N": "Ann"})))
    s = replay_file(path)
    assert s["kind"] == "rubber" and s["over"] is True and s["players"] == {"N": "Ann"}
    assert s["sheet"] == state.sheet.to_dict()
    assert len(s["deals"]) == len(state.results)
    for d, r in zip(s["deals"], state.results, strict=True):
        assert d["contract"] == ("Pass" if r.contract is None else r.contract.text)
        assert d["entries"] == [e.to_dict() for e in r.entries]
    assert "rubber over" in format_replay(s)


def test_replay_file_reports_errors_with_position(tmp_path: Path) -> None:
    path = tmp_path / "bad.pbn"
    path.write_text(pbn_board(["C2 C3 C4 C5", "C6 C7 C8 C9", "D5 - - CK", "*"]))
    with pytest.raises(RecordError, match=r"board 3, trick 3: E played 5D but holds clubs \(C led\) — a revoke"):
        replay_file(path)
    with pytest.raises(RecordError, match="unknown record type"):
        replay_file(tmp_path / "x.txt")
    with pytest.raises(RecordError, match="cannot read the file"):
        replay_file(tmp_path / "missing.pbn")


def test_convert_pbn_json_pbn(tmp_path: Path) -> None:
    js, pbn, js2 = tmp_path / "a.json", tmp_path / "b.pbn", tmp_path / "c.json"
    convert_file(DATA / "rubber_boards.pbn", js)
    rec = json.loads(js.read_text())
    assert rec["game"] == "bridge-deals" and len(rec["boards"]) == 3
    assert rec["boards"][0]["tags"]["Score"] == "NS 840"  # filled in from the Result
    assert rec["boards"][2]["tags"]["Contract"] == "Pass"
    convert_file(js, pbn)
    boards = read_pbn(pbn.read_text())
    assert boards[0].tags["Score"] == "NS 840" and boards[1].tags["Score"] == "NS 500"
    convert_file(pbn, js2)
    # PBN is written in the export format: the mandatory tags a board lacks come back as "?"
    from cardroom.records.pbn import MANDATORY_TAGS

    rec2 = json.loads(js2.read_text())
    for b, b2 in zip(rec["boards"], rec2["boards"], strict=True):
        assert {k: v for k, v in b2["tags"].items() if k in b["tags"]} == b["tags"]
        added = {k: v for k, v in b2["tags"].items() if k not in b["tags"]}
        assert set(added) <= set(MANDATORY_TAGS) and set(added.values()) <= {"?"}
        assert {k: v for k, v in b2.items() if k != "tags"} == {k: v for k, v in b.items() if k != "tags"}
    pbn2, js3 = tmp_path / "d.pbn", tmp_path / "e.json"
    convert_file(js2, pbn2)
    convert_file(pbn2, js3)
    assert js3.read_text() == js2.read_text()
    assert pbn2.read_bytes() == pbn.read_bytes()


def test_convert_fills_in_the_outcome_of_a_played_board(tmp_path: Path) -> None:
    src = tmp_path / "played.pbn"
    src.write_text(pbn_board(["C2 C3 C4 C5", "C6 C7 C8 C9", "*"]))
    out = tmp_path / "played.json"
    convert_file(src, out)
    tags = json.loads(out.read_text())["boards"][0]["tags"]
    assert (tags["Declarer"], tags["Contract"]) == ("N", "1NT") and "Result" not in tags


def test_convert_rubber_to_pbn(tmp_path: Path) -> None:
    rng = random.Random(8)
    state = RubberState(GAME)
    for _ in range(300):
        if state.is_over:
            break
        if state.to_act == CHANCE:
            state.play_chance(rng)
        else:
            legal = state.legal_actions()
            state.apply(PASS if type(legal[0]) is Call and rng.random() < 0.7 else rng.choice(legal))
    src = tmp_path / "r.json"
    src.write_text(dumps(rubber_to_record(state, {"N": "Ann", "W": "Wim"})))
    out = tmp_path / "r.pbn"
    convert_file(src, out)
    boards = read_pbn(out.read_text())
    assert len(boards) == len(state.results) + (1 if state.deal is not None and state.deal.history else 0)
    assert boards[0].tags["North"] == "Ann" and boards[0].tags["West"] == "Wim"
    for board, result in zip(boards, state.results, strict=False):
        replayed = board_to_deal(board, GAME)
        assert replayed.result().entries == result.entries
