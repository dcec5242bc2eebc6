"""LIN (BridgeBase Online) import and export: the hand files of tests/data/lin written from the format
as BBO writes it, endplay's LIN parser reading the same files and cardroom's output, the round trip
PBN → LIN → PBN over random deals with play, and the errors of malformed LIN."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from endplay.parsers import lin as endplay_lin
from hypothesis import given, settings
from hypothesis import strategies as st

from cardroom.cli.main import main
from cardroom.core.errors import ParseError, RecordError
from cardroom.games.bridge.rules import PHASE_OVER
from cardroom.records.lin import read_lin, write_lin
from cardroom.records.pbn import board_from_deal, board_to_deal, complete_board, read_pbn, set_tag, write_pbn
from cardroom.records.replay import replay_file
from test_records_pbn import GAME, random_deal

DATA = Path(__file__).parent / "data" / "lin"
_ENDPLAY_SEAT = "NESW"  # endplay's Player: 0 North, 1 East, 2 South, 3 West
_ENDPLAY_VUL = {0: "None", 1: "All", 2: "NS", 3: "EW"}


def endplay_view(text: str) -> list[tuple[str, str, str, list[str], list[str], str | None, bool]]:
    """What endplay's LIN parser reads: the deal, dealer, vulnerability, calls, cards, contract, claimed."""
    out = []
    for b in endplay_lin.loads(text):
        calls = [str(c).replace("*", "").replace("!", "") for c in b.auction]
        contract = None if b.contract is None else str(b.contract)
        if contract is not None and not b.claimed:
            # endplay works the result of a played board out wrong (it counts the tricks won by the side
            # that led each one, endplay.utils.play.total_tricks): compared only for a claim
            contract = contract.rstrip("=+-0123456789")
        assert b.dealer is not None and b.vul is not None
        out.append((b.deal.to_pbn(), _ENDPLAY_SEAT[int(b.dealer)], _ENDPLAY_VUL[int(b.vul)], calls,
                    [str(c) for c in b.play], contract, bool(b.claimed)))
    return out


_SYM = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}


def sym(text: str) -> str:
    """``text`` with endplay's suit symbols for the suit letters."""
    return "".join(_SYM.get(ch, ch) for ch in text)


def our_view(text: str) -> list[tuple[str, str, str, list[str], list[str], str | None, bool]]:
    """The same, from cardroom's reading, written as endplay writes it (suit symbols)."""
    out = []
    for b in read_lin(text):
        full, state = complete_board(b, GAME)
        calls = [sym({"Pass": "P", "X": "X", "XX": "XX"}.get(str(c), str(c))) for c in b.calls]
        contract = "Pass" if b.passed_out else None
        if state.contract is not None:
            c = state.contract
            contract = sym(f"{c.level}{c.strain.letter if c.strain.letter != 'N' else 'NT'}") + \
                f"{c.declarer.letter}{'x' * c.doubling}"
            tricks = full.result if len(b.plays) < 52 else None
            if tricks is not None:
                made = tricks - c.tricks_required
                contract += "=" if made == 0 else f"{made:+d}"
        cards = [_SYM[c.pbn[0]] + c.pbn[1] for c in b.plays]
        out.append((full.tags["Deal"], full.tags["Dealer"], full.tags["Vulnerable"], calls, cards, contract,
                    len(b.plays) < 52 and full.result is not None))
    return out


# ------------------------------------------------------------------------------------------ fixtures


def test_hand_record_reads_players_deal_alerts_play_and_claim() -> None:
    boards = read_lin((DATA / "hand_record.lin").read_text())
    assert len(boards) == 2
    b1, b2 = boards
    assert [b1.tags[k] for k in ("Board", "South", "West", "North", "East", "Dealer", "Vulnerable")] == \
        ["1", "ann", "~~M1201", "carl", "~~M1203", "N", "None"]
    assert b1.tags["Deal"] == "N:A2.42.AQJ842.KQ3 T53.A95.K97.AT94 Q8.KQ76.T53.8765 KJ9764.JT83.6.J2"
    assert [str(c) for c in b1.calls] == ["1C", "Pass", "1S", "Pass", "2NT", "Pass", "3NT", "Pass", "Pass", "Pass"]
    # the alert of 1C and the explanation of 1S (not alerted) are notes on the calls
    assert b1.call_marks == {0: ["=1="], 2: ["=2="]}
    assert b1.notes["Auction"] == ["1:Precision -- 16+ HCP; forcing", "2:5+ !S; 8+ HCP"]
    assert len(b1.plays) == 52 and b1.tags["Play"] == "E"
    assert b2.tags["Vulnerable"] == "NS" and b2.tags["Result"] == "9" and len(b2.plays) == 29
    assert b2.notes["Auction"] == ["1:15-17", "2:Stayman"]
    summary = replay_file(DATA / "hand_record.lin")
    d1, d2 = summary["deals"]
    assert (d1["contract"], d1["declarer"], d1["tricks"], d1["scored_from"], d1["score"]) == \
        ("3NT", "N", 7, "play", {"NS": 0, "EW": 100})  # two down, not vulnerable: 2 × 50
    assert (d2["contract"], d2["declarer"], d2["tricks"], d2["scored_from"], d2["score"]) == \
        ("4H", "S", 9, "result", {"NS": 0, "EW": 100})  # the claim of 9: one down, vulnerable


def test_endplay_reads_the_hand_record_as_cardroom_does() -> None:
    text = (DATA / "hand_record.lin").read_text()
    assert endplay_view(text) == our_view(text)


def test_vugraph_file_boards_rooms_names_and_claims() -> None:
    boards = read_lin((DATA / "vugraph.lin").read_text())
    assert [(b.tags["Board"], b.tags["Room"]) for b in boards] == [("1", "Open"), ("1", "Closed"), ("2", "Open")]
    assert {b.tags["Event"] for b in boards} == {"Club Teams 2026"}
    open1, closed1, open2 = boards
    # pn gives the open room's four (S W N E), then the closed room's
    assert [open1.tags[k] for k in ("South", "West", "North", "East")] == ["sam", "wendy", "nick", "erin"]
    assert [closed1.tags[k] for k in ("South", "West", "North", "East")] == ["sally", "walt", "nora", "eddie"]
    assert open1.tags["Deal"] == closed1.tags["Deal"]
    assert open1.call_marks == {3: ["=1="]} and open1.notes["Auction"] == ["1:limit raise: 4+ !S, 10-12"]
    assert open2.call_marks == {2: ["=1="]} and [str(c) for c in open2.calls[:3]] == ["1D", "X", "XX"]
    summary = replay_file(DATA / "vugraph.lin")
    got = [(d["deal"], d["contract"], d["declarer"], d["tricks"], d["result"]) for d in summary["deals"]]
    assert got == [("1", "4S", "W", 10, "="), ("1", "Pass", None, None, "passed out"), ("2", "1H", "N", 6, "-1")]


def test_vugraph_round_trips_through_lin() -> None:
    boards = read_lin((DATA / "vugraph.lin").read_text())
    again = read_lin(write_lin(boards))
    for a, b in zip(boards, again, strict=True):
        assert a.tags["Room"] == b.tags["Room"] and a.tags["Deal"] == b.tags["Deal"]
        assert (a.calls, a.plays, a.call_marks, a.notes, a.tags.get("Result")) == \
            (b.calls, b.plays, b.call_marks, b.notes, b.tags.get("Result"))


# ------------------------------------------------------------------------------------------ round trip


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), stop=st.sampled_from([1.0, 1.0, 0.99, 0.97]),
       alerts=st.dictionaries(st.integers(0, 30), st.text(alphabet="ab !+-;1", max_size=12), max_size=4),
       claim=st.booleans())
def test_random_deals_pbn_lin_pbn(seed: int, stop: float, alerts: dict[int, str], claim: bool) -> None:
    state = random_deal(seed, stop)
    board = board_from_deal(state, {"Event": "?", "Site": "?", "Date": "?", "Board": str(seed % 32 + 1),
                                    "West": "w", "North": "n", "East": "e", "South": "s"})
    for n, (i, text) in enumerate(sorted((i, t.strip()) for i, t in alerts.items() if i < len(board.calls)), 1):
        board.call_marks[i] = [f"={n}="]
        board.notes.setdefault("Auction", []).append(f"{n}:{text}")
    if claim and state.contract is not None and state.phase != PHASE_OVER and state.tricks:
        # a claim after the play so far: declarer takes the tricks won and every one still to play
        set_tag(board.tags, "Result", str(state.declarer_tricks + 13 - len(state.tricks)))
    if not board.calls:
        return  # a deal not yet bid: LIN has nothing of it but the cards
    pbn = write_pbn([board])
    lin = write_lin(read_pbn(pbn))
    back = read_lin(lin)[0]
    for tag in ("Board", "West", "North", "East", "South", "Dealer", "Vulnerable", "Auction", "Play"):
        assert back.tags.get(tag) == board.tags.get(tag), tag
    assert back.hands == board.hands
    if len(board.plays) < 52 and board.contract is not None:
        assert back.tags.get("Result") == board.tags.get("Result")
    assert (back.calls, back.plays, back.call_marks, back.notes) == \
        (board.calls, board.plays, board.call_marks, board.notes)
    replayed = board_to_deal(back, GAME)
    assert replayed.history == state.history
    # PBN of the LIN equals the PBN we started from, tag for tag where LIN holds the tag
    again = read_pbn(write_pbn([complete_board(back, GAME)[0]]))[0]
    assert (again.calls, again.plays, again.call_marks, again.notes) == \
        (board.calls, board.plays, board.call_marks, board.notes)
    # endplay's parser reads cardroom's LIN as cardroom does
    # (endplay fails on a play that stops within a trick without a claim: its trick count reads a
    # trick of four cards)
    if board.auction_complete and (len(board.plays) % 4 == 0 or back.tags.get("Result")):
        assert endplay_view(lin) == our_view(lin)


# ------------------------------------------------------------------------------------------ the CLI


def test_cli_converts_lin_to_pbn_and_back(tmp_path: Path) -> None:
    pbn, lin, js = tmp_path / "x.pbn", tmp_path / "x.lin", tmp_path / "x.json"
    assert main(["convert", str(DATA / "hand_record.lin"), str(pbn)]) == 0
    boards = read_pbn(pbn.read_text())
    assert [b.tags["Contract"] for b in boards] == ["3NT", "4H"] and boards[1].tags["Result"] == "9"
    assert boards[0].notes["Auction"][0] == "1:Precision -- 16+ HCP; forcing"
    assert main(["convert", str(pbn), str(lin)]) == 0
    assert main(["convert", str(lin), str(js)]) == 0
    back = read_lin(lin.read_text())
    orig = read_lin((DATA / "hand_record.lin").read_text())
    assert [(b.calls, b.plays, b.notes, b.tags["Deal"]) for b in back] == \
        [(b.calls, b.plays, b.notes, b.tags["Deal"]) for b in orig]
    assert json.loads(js.read_text())["game"] == "bridge-deals"


def test_cli_analyze_takes_lin(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyze", "--json", str(DATA / "vugraph.lin")]) == 0
    deals = json.loads(capsys.readouterr().out)
    assert [d["contract"] for d in deals] == ["4S by W", None, "1H by N"]
    # open and closed room hold the same cards: the same double-dummy table
    assert deals[0]["tricks"] == deals[1]["tricks"]


# ------------------------------------------------------------------------------------------ errors

_MD = "md|3S8QH67QKD35TC5678,S4679JKH38TJD6C2J,S2AH24D248JQAC3QK,|"
_AUCTION = "mb|1N|mb|p|mb|p|mb|p|"


@pytest.mark.parametrize(("text", "words"), [
    ("pn|a,b,c,d|md", "pair 2: the key 'md' has no value"),
    ("pn|a,b,c,d|m d|x|", "'m d' is not a LIN key"),
    ("md|5SA,SK,SQ,|", "pair 1 (md): '5SA,SK,SQ,' does not begin with the dealer's digit"),
    ("md|3S8QH67QKD35TC5678,S4679JKH38TJD6C2J|", "gives 2 hands"),
    ("md|3S8QH67QKD35TC567,S4679JKH38TJD6C2J,S2AH24D248JQAC3QK,|", "S's hand has 12 cards, not 13"),
    ("md|3S8QH67QKD35TC5678,S8679JKH38TJD6C2J,S2AH24D248JQAC3QK,|", "8S in two hands"),
    ("md|3S8QH67QKD35TC5678,S4679JKH38TJD6C2J,S2AH24D248JQAC3QK,X|", "the hand 'X' is not suits"),
    ("md|3S8QH67QKD35TC5678,S4679JKH38TJD6C2J,S2AH24D248JQAC3QK,|sv|z|", "pair 2 (sv): 'z' is not a vulnerability"),
    ("mb|1N|" + _MD, "pair 1 (mb): before the deal (md)"),
    (_MD + "mb|1Z|", "pair 2 (mb): '1Z' is not a call"),
    (_MD + "an|strong|", "an explanation before the first call"),
    (_MD + _AUCTION + "mb|2C|", "the call '2C' after the end of the auction"),
    (_MD + "mb|1N|pc|SA|", "the card 'SA' before the end of the auction"),
    (_MD + _AUCTION + "pc|ZZ|", "'ZZ' is not a card"),
    (_MD + _AUCTION + "mc|14|", "'14' is not a number of tricks from 0 to 13"),
    (_MD + "mb|1N|mc|7|", "a claim before the end of the auction"),
    (_MD + "mb|p|mb|p|mb|p|mb|p|mc|7|", "a claim (mc) on a board passed out"),
    (_MD + _AUCTION + "pc|SA|mc|7|pc|SK|", "the card 'SK' after the claim"),
    ("qx|x1|" + _MD, "'x1' is not a room and a board number"),
    ("\n", "no board in the LIN text"),
    ("qx|o1|pn|a,b,c,d|", "board 1: no deal (md)"),
])
def test_malformed_lin_says_what_is_wrong(text: str, words: str) -> None:
    with pytest.raises(ParseError) as e:
        read_lin(text)
    assert words in str(e.value)


def test_impossible_claim_is_named() -> None:
    # 1NT by N, E leads H5, S's HQ wins the first trick: declarer has one, a claim of none is impossible
    with pytest.raises(ParseError, match="the claim of 0 tricks is impossible: declarer has won 1 "
                                         "and can have at most 13"):
        read_lin(_MD + _AUCTION + "pc|H5|pc|HQ|pc|HJ|pc|H2|mc|0|")


def test_illegal_play_in_lin_is_named_by_the_engine() -> None:
    board = read_lin(_MD + _AUCTION + "pc|SA|")[0]
    with pytest.raises(RecordError, match=r"board 1, trick 1: E played AS, a card the player does not hold "
                                          r"\(AS is in N.s hand\)"):
        board_to_deal(board, GAME, "board 1")
