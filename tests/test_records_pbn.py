"""PBN 2.1 import and export: fixtures, round trips, replay through the engine, scoring from Result."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardroom.core.deal import Deal
from cardroom.core.errors import ParseError, RecordError
from cardroom.core.table import Seat, Side
from cardroom.games.bridge import BridgeDeal, Call, ContractBridge
from cardroom.games.bridge.calls import PASS
from cardroom.games.bridge.rules import PHASE_OVER, PHASE_PLAY
from cardroom.records.pbn import (
    PbnBoard,
    board_from_deal,
    board_score,
    board_to_deal,
    complete_board,
    parse_vulnerable,
    read_pbn,
    write_pbn,
)
from cardroom.records.rubber_json import deals_from_record, deals_to_record, dumps, loads

DATA = Path(__file__).parent / "data"
GAME = ContractBridge()


def random_deal(seed: int, stop: float = 1.0) -> BridgeDeal:
    """A deal with a random auction (passes favoured) and random legal play; with ``stop`` < 1 it
    may end early, anywhere in the auction or the play."""
    rng = random.Random(seed)
    state = GAME.new_deal(Seat(rng.randrange(4)), (rng.random() < 0.5, rng.random() < 0.5))
    state.apply(Deal.random(rng, first=state.dealer.lho))
    while not state.is_over:
        if rng.random() > stop:
            break
        legal = state.legal_actions()
        if type(legal[0]) is Call and rng.random() < 0.6:
            state.apply(PASS)
        else:
            state.apply(rng.choice(legal))
    return state


def tags_order(board: PbnBoard) -> list[tuple[str, str]]:
    return list(board.tags.items())


# ------------------------------------------------------------------------------------------- fixtures


def test_fixture_reads_tags_auction_notes_and_play() -> None:
    boards = read_pbn((DATA / "rubber_boards.pbn").read_text())
    assert [b.tags["Board"] for b in boards] == ["1", "2", "3"]
    b1 = boards[0]
    assert b1.tags["North"] == "Nick"
    assert [str(c) for c in b1.calls] == ["2C", "Pass", "2D", "Pass", "3NT", "Pass", "6NT", "Pass", "Pass", "Pass"]
    assert b1.call_marks == {0: ["=1="], 6: ["!"]}
    assert b1.notes == {"Auction": ["1:strong, artificial"]}
    # the Play rows are in columns E S W N; trick 2 is led by North, who won trick 1 with the ace
    assert [str(c) for c in b1.plays] == ["QH", "5H", "3H", "AH", "AD", "9D", "6D", "3D"]
    assert b1.contract is not None and b1.contract.text == "6NT" and b1.contract.declarer == Seat.NORTH
    assert not b1.play_complete
    # '#' takes the previous game's value
    assert boards[1].tags["Event"] == "Club rubber" and boards[1].tags["South"] == "Sam"
    assert boards[2].tags["Deal"] == boards[1].tags["Deal"]
    # the fourth hand given as '-' is worked out from the other three (board 2 turns board 1 a seat)
    hands, first = boards[1].hands, boards[0].hands
    assert hands is not None and first is not None
    assert hands[Seat.NORTH] == first[Seat.WEST] and hands[Seat.EAST] == first[Seat.NORTH]
    assert boards[2].calls == [PASS] * 4 and boards[2].passed_out


def test_fixture_round_trips() -> None:
    for name in ("rubber_boards.pbn", "gib_sample.pbn"):
        boards = read_pbn((DATA / name).read_text())
        text = write_pbn(boards)
        again = read_pbn(text)
        assert again == boards
        assert [tags_order(b) for b in again] == [tags_order(b) for b in boards]
        assert write_pbn(again) == text


def test_export_layout() -> None:
    board = read_pbn((DATA / "rubber_boards.pbn").read_text())[0]
    lines = write_pbn([board]).splitlines()
    assert lines[:3] == ["% PBN 2.1", "% EXPORT", ""]
    i = lines.index('[Auction "N"]')
    assert lines[i + 1:i + 5] == ["2C =1= Pass 2D Pass", "3NT Pass 6NT! Pass", "Pass Pass",
                                  '[Note "1:strong, artificial"]']
    j = lines.index('[Play "E"]')
    assert lines[j + 1:j + 4] == ["HQ H5 H3 HA", "D9 D6 D3 DA", "*"]


def test_unknown_tags_and_sections_are_kept_in_order() -> None:
    text = ('[Board "7"]\n[MyTag "x \\"quoted\\" \\\\ y"]\n[Dealer "W"]\n'
            '[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]\nN NT 9\nS  NT 9\n[Zed "last"]\n')
    board = read_pbn(text)[0]
    assert list(board.tags) == ["Board", "MyTag", "Dealer", "OptimumResultTable", "Zed"]
    assert board.tags["MyTag"] == 'x "quoted" \\ y'
    assert board.tags["OptimumResultTable"] == "Declarer;Denomination\\2R;Result\\2R"
    assert board.sections == {"OptimumResultTable": ["N NT 9", "S NT 9"]}
    out = write_pbn([board])
    assert '[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]' in out
    assert read_pbn(out) == [board]


def test_repeated_tag_is_ignored_with_its_section() -> None:
    board = read_pbn('[Dealer "N"]\n[Auction "N"]\n1NT AP\n[Auction "N"]\n2NT AP\n')[0]
    assert [str(c) for c in board.calls] == ["1NT", "Pass", "Pass", "Pass"]


def test_incomplete_auction_is_marked() -> None:
    board = read_pbn('[Dealer "S"]\n[Auction "S"]\n1H Pass 2H *\n')[0]
    assert not board.auction_complete and board.contract is None
    out = write_pbn([board])
    assert "1H Pass 2H\n*\n" in out
    assert read_pbn(out) == [board]


@pytest.mark.parametrize(("text", "expected"), [
    ("None", (False, False)), ("Love", (False, False)), ("-", (False, False)), ("NS", (True, False)),
    ("EW", (False, True)), ("All", (True, True)), ("Both", (True, True)), ("both", (True, True)),
])
def test_vulnerable_names(text: str, expected: tuple[bool, bool]) -> None:
    assert parse_vulnerable(text) == expected


# ------------------------------------------------------------------------------------------- errors


@pytest.mark.parametrize(("text", "line", "words"), [
    ('[Event "x"]\n[Dealer "N"\n', 2, "malformed tag pair"),
    ('[Dealer "N"]\n[Auction "N"]\n1NT Pass\n1Q Pass\n', 4, "not a call"),
    ('[Dealer "N"]\n[Auction "N"]\n1NT AP\n2C\n', 4, "after the end of the auction"),
    ('[Dealer "Q"]\n', 1, "not a seat"),
    ('[Vulnerable "Maybe"]\n', 1, "not a vulnerability"),
    ('[Deal "N:AKQ.T98.765 - - -"]\n', 1, "not a hand"),
    ('[Deal "N:AKQ.T98.765.432 - -"]\n', 1, "expected four hands"),
    ('[Deal "N:AKQJT98765432... AKQJT98765432... - -"]\n', 1, "dealt twice"),
    ('[Contract "8NT"]\n', 1, "not a contract"),
    ('[Result "14"]\n', 1, "not a result"),
    ('[Event "x"]\n{ never closed\n', 2, "never closed"),
    ('1NT Pass\n', 1, "outside any tag"),
    ('[Site "#"]\n', 1, "no earlier game"),
    ('[Dealer "N"]\n[Auction "E"]\nPass\n', 2, "the dealer is N"),
    ('[Dealer "N"]\n[Deal "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"]\n'
     '[Play "E"]\nHA SA DA CA\n', 3, "needs the contract"),
    ('[Dealer "N"]\n[Contract "1NT"]\n[Declarer "N"]\n[Play "E"]\nH2 H3 H4 H5\nH6 ZZ\n', 6, "not a card"),
])
def test_malformed_pbn_names_the_line(text: str, line: int, words: str) -> None:
    with pytest.raises(ParseError) as e:
        read_pbn(text)
    assert f"line {line}:" in str(e.value)
    assert words in str(e.value)


def test_contract_tag_must_agree_with_auction() -> None:
    board = read_pbn((DATA / "rubber_boards.pbn").read_text())[0]
    board.tags["Contract"] = "6NTX"
    with pytest.raises(RecordError, match=r"board 1: the Contract tag says 6NTX but the auction reaches 6NT"):
        board_to_deal(board, GAME)


def test_result_tag_must_agree_with_play() -> None:
    board = board_from_deal(random_deal(11))
    assert board.plays and board.play_complete
    board.tags["Board"] = "5"
    board.tags["Result"] = str((int(board.tags["Result"]) + 1) % 14)
    with pytest.raises(RecordError, match=r"board 5: the Result tag says"):
        board_to_deal(board, GAME)


# ------------------------------------------------------------------------------------------- engine


def test_board_replays_through_the_engine() -> None:
    board = read_pbn((DATA / "rubber_boards.pbn").read_text())[0]
    state = board_to_deal(board, GAME)
    assert state.phase == PHASE_PLAY
    assert state.contract is not None and state.contract.text == "6NT"
    assert len(state.tricks) == 2 and state.won == [2, 0]


def test_board_without_auction_replays_with_stand_in_auction() -> None:
    full = board_from_deal(random_deal(5))
    assert full.contract is not None and full.play_complete
    board = PbnBoard(tags=dict(full.tags), plays=list(full.plays))
    del board.tags["Auction"]
    state = board_to_deal(board, GAME)
    assert state.phase == PHASE_OVER and state.contract == full.contract
    assert state.declarer_tricks == int(full.tags["Result"])


def test_scoring_from_result_without_play() -> None:
    boards = read_pbn((DATA / "rubber_boards.pbn").read_text())
    # 6NT by N making 12 (a claim after two tricks), not vulnerable: 190 below, 500 slam, 150 for 4 aces
    s1 = board_to_deal(boards[0], GAME)
    e1 = board_score(boards[0], GAME, s1)
    assert e1 is not None
    assert [(e.side, e.points, e.below, e.kind) for e in e1] == [
        (Side.NS, 190, True, "tricks"), (Side.NS, 500, False, "slam"), (Side.NS, 150, False, "honours")]
    # 4SX by W, 7 tricks, EW not vulnerable: down 3 doubled, 100 + 200 + 200 to NS
    e2 = board_score(boards[1], GAME)
    assert e2 is not None and [(e.side, e.points, e.kind) for e in e2] == [(Side.NS, 500, "undertricks")]
    # a passed-out board scores nothing; a board with no outcome has no score
    assert board_score(boards[2], GAME, board_to_deal(boards[2], GAME)) == []
    assert board_score(PbnBoard(tags={"Dealer": "N"}), GAME) is None


def test_vulnerability_from_the_tag_changes_the_score() -> None:
    board = read_pbn((DATA / "rubber_boards.pbn").read_text())[1]
    board.tags["Vulnerable"] = "EW"  # now declarer's side is vulnerable: 200 + 300 + 300
    e = board_score(board, GAME)
    assert e is not None and [(e.side, e.points) for e in e] == [(Side.NS, 800)]
    board.tags["Vulnerable"] = "Both"
    e = board_score(board, GAME)
    assert e is not None and e[0].points == 800
    board.tags["Vulnerable"] = "Love"
    e = board_score(board, GAME)
    assert e is not None and e[0].points == 500


def test_complete_board_fills_in_declarer_contract_result_score() -> None:
    state = random_deal(21)
    assert state.phase == PHASE_OVER and state.contract is not None
    bare = board_from_deal(state, {"Event": "e", "Board": "9"})
    for t in ("Declarer", "Contract", "Result", "Score"):
        del bare.tags[t]
    board, replayed = complete_board(bare, GAME)
    assert board.tags["Contract"] == state.contract.text
    assert board.tags["Declarer"] == state.contract.declarer.letter
    assert board.tags["Result"] == str(state.declarer_tricks)
    entries = state.result().entries
    ns = sum(e.points for e in entries if e.side == Side.NS) - sum(e.points for e in entries if e.side == Side.EW)
    assert board.tags["Score"] == f"NS {ns}"
    assert list(board.tags)[:6] == ["Event", "Board", "Dealer", "Vulnerable", "Deal", "Scoring"]
    assert replayed.history == state.history


def test_board_from_deal_tags() -> None:
    state = random_deal(3)
    board = board_from_deal(state, {"Event": "Test", "Board": "4", "Annotator": "me"})
    names = list(board.tags)
    assert names[:5] == ["Event", "Board", "Dealer", "Vulnerable", "Deal"]
    assert names[-1] == "Annotator"
    assert board.tags["Deal"].startswith(state.dealer.letter + ":")
    assert board.tags["Scoring"] == "Rubber"


# ------------------------------------------------------------------------------------------- properties


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), stop=st.sampled_from([1.0, 1.0, 0.995, 0.95]),
       event=st.text(alphabet='ab "\\\u0416', max_size=8))
def test_random_deals_round_trip(seed: int, stop: float, event: str) -> None:
    state = random_deal(seed, stop)
    board = board_from_deal(state, {"Event": event, "Board": str(seed % 32 + 1)})
    text = write_pbn([board])
    again = read_pbn(text)
    assert again == [board]
    assert tags_order(again[0]) == tags_order(board)
    assert write_pbn(again) == text  # our own output is stable, byte for byte
    replayed = board_to_deal(again[0], GAME)
    assert replayed.history == state.history
    assert replayed.snapshot() == state.snapshot()
    # PBN -> JSON -> PBN gives the same bytes, and JSON -> PBN -> JSON too
    record = deals_to_record(again)
    json_text = dumps(record)
    from_json = deals_from_record(loads(json_text))
    assert write_pbn(from_json) == text
    assert dumps(deals_to_record(read_pbn(write_pbn(from_json)))) == json_text


def test_card_text_forms_in_play_section() -> None:
    text = ('[Dealer "N"]\n[Deal "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"]\n'
            '[Contract "7S"]\n[Declarer "N"]\n[Play "E"]\nH2 D2 C2 S2\nh3 10D C3 SA\n*\n')
    board = read_pbn(text)[0]
    # trick 1: E S W N from the opening leader; North ruffs and leads trick 2, still written E S W N
    assert [str(c) for c in board.plays] == ["2H", "2D", "2C", "2S", "AS", "3H", "10D", "3C"]
    assert "\nH3 DT C3 SA\n*\n" in write_pbn([board])


def test_all_pass_after_calls_without_a_bid() -> None:
    # an illegal auction (a double with no bid) still reads, and AP ends it; the engine refuses it later
    board = read_pbn('[Dealer "N"]\n[Auction "N"]\nX AP\n')[0]
    assert [str(c) for c in board.calls] == ["X", "Pass", "Pass", "Pass"]
    assert [str(c) for c in read_pbn('[Dealer "N"]\n[Auction "N"]\n1C X AP\n')[0].calls] == \
        ["1C", "X", "Pass", "Pass", "Pass"]
    with pytest.raises(ParseError, match="line 3: call 'Pass' after the end"):
        read_pbn('[Dealer "N"]\n[Auction "N"]\nPass AP Pass\n')


def test_section_line_starting_with_percent_survives() -> None:
    board = read_pbn('[MyTable "x"]\na % b\n')[0]
    board.sections["MyTable"] = ["% b", "c"]
    assert read_pbn(write_pbn([board])) == [board]


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from(list(Seat)))
def test_a_record_reads_the_auction_as_the_engine_plays_it(seed: int, dealer: Seat) -> None:
    """The record's reading of an auction (complete or not, its contract) is the engine's, call by call."""
    from cardroom.records.pbn import auction_complete, auction_contract

    rng = random.Random(seed)
    deal = ContractBridge().new_deal(dealer)
    deal.apply(Deal.random(rng, dealer.lho))
    while deal.phase not in (PHASE_PLAY, PHASE_OVER):
        assert not auction_complete(deal.calls) and auction_contract(deal.calls, dealer) is None
        legal = deal.legal_calls()
        deal.apply(PASS if rng.random() < 0.6 else legal[int(rng.random() * len(legal))])
    assert auction_complete(deal.calls)
    assert auction_contract(deal.calls, dealer) == deal.contract
