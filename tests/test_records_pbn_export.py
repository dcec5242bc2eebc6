"""PBN completeness: the export format (the mandatory tags first, CR LF), the solver's OptimumScore,
ParContract and OptimumResultTable, irregularity tokens, and endplay's PBN parser reading cardroom's
files and cardroom reading endplay's."""

from __future__ import annotations

from pathlib import Path

import pytest
from endplay.parsers import pbn as endplay_pbn
from hypothesis import given, settings
from hypothesis import strategies as st

from cardroom.cli.main import main
from cardroom.core.deal import parse_hand
from cardroom.core.errors import RecordError
from cardroom.core.table import Seat
from cardroom.records.pbn import (
    MANDATORY_TAGS,
    PbnBoard,
    add_optimum,
    board_from_deal,
    board_to_deal,
    complete_board,
    format_deal_tag,
    read_optimum_table,
    read_pbn,
    write_pbn,
)
from cardroom.solve.dds import dd_table
from test_records_pbn import GAME, random_deal

DATA = Path(__file__).parent / "data"
_ENDPLAY_SEAT = "NESW"


def _tag_names(block: str) -> list[str]:
    return [ln[1:ln.index(" ")] for ln in block.split("\r\n") if ln.startswith("[")]


def test_export_format_mandatory_tags_first_and_crlf() -> None:
    for name in ("rubber_boards.pbn", "gib_sample.pbn"):
        boards = read_pbn((DATA / name).read_text())
        text = write_pbn(boards, export=True)
        assert "\n" not in text.replace("\r\n", "")  # every line ends CR LF
        assert text.startswith("% PBN 2.1\r\n% EXPORT\r\n\r\n") and text.endswith("\r\n")
        games = [g for g in text.split("\r\n\r\n")[1:] if g.strip()]
        assert len(games) == len(boards)
        for game, board in zip(games, boards, strict=True):
            names = [n for n in _tag_names(game) if n != "Note"]
            assert names[:15] == list(MANDATORY_TAGS)
            assert names[15:] == [n for n in board.tags if n not in MANDATORY_TAGS]
        again = read_pbn(text)
        for a, b in zip(again, boards, strict=True):
            assert {k: v for k, v in a.tags.items() if k in b.tags} == b.tags
            assert {v for k, v in a.tags.items() if k not in b.tags} <= {"?"}
            assert (a.calls, a.plays, a.call_marks, a.play_marks, a.notes, a.sections) == \
                (b.calls, b.plays, b.call_marks, b.play_marks, b.notes, b.sections)


# ------------------------------------------------------------------------------------------ solver

# one suit a hand: N all spades, E all hearts, S all diamonds, W all clubs
_ONE_SUIT = (parse_hand("AKQJT98765432..."), parse_hand(".AKQJT98765432.."),
             parse_hand("..AKQJT98765432."), parse_hand("...AKQJT98765432"))


def test_optimum_of_a_deal_worked_by_hand() -> None:
    """A side makes all thirteen tricks in its two suits (the partner ruffs the opening lead and runs
    them) and none in the others or in no trump (the opening leader runs his suit): 7S by North, none
    vulnerable, 1510 (210 + 300 game + 1000 grand slam); East-West's 7NT sacrifice would go down
    thirteen (3500), so par is NS +1510."""
    board = PbnBoard(tags={"Board": "1", "Dealer": "N", "Vulnerable": "None",
                           "Deal": format_deal_tag(_ONE_SUIT)})
    out = add_optimum(board)
    table = read_optimum_table(out)
    for seat in "NS":
        assert table[seat] == {"NT": 0, "S": 13, "H": 0, "D": 13, "C": 0}
    for seat in "EW":
        assert table[seat] == {"NT": 0, "S": 0, "H": 13, "D": 0, "C": 13}
    assert out.tags["OptimumScore"] == "NS 1510"
    assert out.tags["ParContract"].startswith("N") and "7" in out.tags["ParContract"]
    assert out.tags["OptimumResultTable"] == "Declarer;Denomination;Result"


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_optimum_table_is_the_solver_table_and_endplay_reads_it(seed: int) -> None:
    state = random_deal(seed)
    board = add_optimum(board_from_deal(state, {"Event": "?", "Board": "1"}))
    text = write_pbn([board], export=True)
    ours = read_pbn(text)[0]
    assert read_optimum_table(ours) == dd_table(state.original)
    theirs = endplay_pbn.loads(text)[0]
    rows = theirs.info["OptimumResultTable"]["rows"]
    assert {(r[0], r[1]): int(r[2]) for r in rows} == \
        {(s, d): n for s, row in dd_table(state.original).items() for d, n in row.items()}
    assert theirs.info["OptimumScore"] == board.tags["OptimumScore"]
    assert theirs.info["ParContract"] == board.tags["ParContract"]


# ------------------------------------------------------------------------------------------ endplay


def _endplay_summary(b: object) -> tuple[str, str, list[str], list[str], str | None]:
    deal = b.deal  # type: ignore[attr-defined]
    calls = [str(c).replace("*", "").replace("!", "") for c in b.auction]  # type: ignore[attr-defined]
    contract = b.contract  # type: ignore[attr-defined]
    return (deal.to_pbn(), _ENDPLAY_SEAT[int(b.dealer)], calls,  # type: ignore[attr-defined]
            [str(c) for c in b.play], None if contract is None else str(contract))  # type: ignore[attr-defined]


_SYM = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}


def sym(text: str) -> str:
    """``text`` with endplay's suit symbols for the suit letters."""
    return "".join(_SYM.get(ch, ch) for ch in text)


def _our_summary(board: PbnBoard) -> tuple[str, str, list[str], list[str], str | None]:
    full, state = complete_board(board, GAME)
    calls = [sym({"Pass": "P"}.get(str(c), str(c))) for c in board.calls]
    contract = None
    c = state.contract if state.contract is not None else full.contract
    if c is not None:
        contract = sym(f"{c.level}{'NT' if c.strain.letter == 'N' else c.strain.letter}") + \
            f"{c.declarer.letter}{'x' * c.doubling}"
        if full.result is not None:
            made = full.result - c.tricks_required
            contract += "=" if made == 0 else f"{made:+d}"
    elif board.passed_out:
        contract = "Pass"
    cards = [_SYM[c.pbn[0]] + c.pbn[1] for c in board.plays]
    hands = board.hands
    assert hands is not None
    return (format_deal_tag(hands), full.tags["Dealer"], calls, cards, contract)


def test_endplay_reads_cardroom_export_of_the_fixtures() -> None:
    for name in ("rubber_boards.pbn", "gib_sample.pbn"):
        boards = [complete_board(b, GAME)[0] for b in read_pbn((DATA / name).read_text())]
        text = write_pbn(boards, export=True)
        theirs = [_endplay_summary(b) for b in endplay_pbn.loads(text)]
        ours = [_our_summary(b) for b in boards]
        for t, o, b in zip(theirs, ours, boards, strict=True):
            deal = b.tags["Deal"]
            if " - " in f" {deal[2:]} ":  # a hand given as "-": endplay leaves it empty
                hands = deal[2:].split()
                first = Seat.parse(deal[0])
                given = {first.next(i) for i, h in enumerate(hands) if h != "-"}
                o = (" ".join(h if Seat(i) in given else "..." for i, h in enumerate(o[0][2:].split()))
                     .join(("N:", "")), *o[1:])
            if b.result is None and t[4] is not None and t[4] != "Pass":
                # endplay reads an unknown Result ("?", the export format's) as no tricks: the contract only
                t = (*t[:4], t[4].rstrip("=+-0123456789"))
            assert t == o


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_endplay_and_cardroom_read_each_others_pbn(seed: int) -> None:
    state = random_deal(seed)
    if not state.calls:
        return
    board = board_from_deal(state, {"Event": "?", "Site": "?", "Date": "?", "Board": str(seed % 16 + 1)})
    text = write_pbn([board], export=True)
    eb = endplay_pbn.loads(text)
    if state.is_over:  # endplay reads cardroom's: the same deal, auction, play and result
        assert [_endplay_summary(b) for b in eb] == [_our_summary(board)]
    # cardroom reads endplay's: the same deal replays, action for action
    back = read_pbn(endplay_pbn.dumps(eb))
    assert len(back) == 1
    assert back[0].calls == board.calls and back[0].plays == board.plays
    assert board_to_deal(back[0], GAME).history == state.history


# ------------------------------------------------------------------------------------------ irregularities


def test_irregularity_tokens_are_read_with_the_call_or_card_after_them() -> None:
    """PBN 2.1 §3.9: ``^I`` precedes the insufficient bid, ``^R`` the revoke card (the standard's examples
    are in tests/test_records_pbn_irregular.py)."""
    text = (DATA / "rubber_boards.pbn").read_text()
    board = read_pbn(text)[0]
    marked = write_pbn([board]).replace("2C =1= Pass 2D Pass", "2C =1= Pass ^I 2D Pass").replace(
        "HQ H5 H3 HA", "HQ ^R H5 H3 HA")
    assert marked != write_pbn([board])
    again = read_pbn(marked)[0]
    assert again.calls == board.calls and again.plays == board.plays
    assert again.call_marks[2] == ["^I"]
    leader = Seat.parse(again.tags["Play"])
    assert leader == Seat.EAST and again.play_marks[1] == ["^R"]
    assert write_pbn([again]) == marked  # written back where they were


# ------------------------------------------------------------------------------------------ the CLI


def test_cli_convert_writes_the_export_format_with_the_solver_tags(tmp_path: Path) -> None:
    out = tmp_path / "x.pbn"
    assert main(["convert", "--optimum", str(DATA / "lin" / "hand_record.lin"), str(out)]) == 0
    raw = out.read_bytes()
    assert b"\r\n" in raw and b"\n" not in raw.replace(b"\r\n", b"")
    boards = read_pbn(raw.decode())
    for b in boards:
        assert b.hands is not None and read_optimum_table(b) == dd_table(b.hands)
        assert b.tags["OptimumScore"].startswith("NS ") and b.tags["ParContract"]


def test_accepted_insufficient_bid_of_a_laws_deal_is_marked_and_replays() -> None:
    """Laws mode: N 2H, E 1H (insufficient, L27/L9), S calls 3H over it and so accepts it. The PBN board
    marks 1H ``^I``; read back, it replays through the laws (E's bid made irregularly, S's call accepting
    it) to the same auction, contract and play."""
    import random

    from cardroom.core.deal import Deal
    from cardroom.core.laws import Irregular
    from cardroom.games.bridge.game import ContractBridge

    laws = ContractBridge(laws=True, draw_for_first_deal=False)
    d = laws.new_deal(Seat.NORTH)
    d.apply(Deal.random(random.Random(3), first=Seat.EAST))
    d.apply(d.parse_action("2H"))
    d.apply(Irregular(int(Seat.EAST), "1H"))
    for text in ("3H", "Pass", "Pass", "Pass"):
        d.apply(d.parse_action(text))
    rng = random.Random(5)
    for _ in range(8):
        d.apply(rng.choice([a for a in d.legal_actions() if type(a).__name__ == "Card"]))
    board = board_from_deal(d, {"Board": "1"})
    text = write_pbn([board], export=True)
    assert "2H ^I 1H 3H Pass\r\n" in text  # PBN 2.1 §3.9: ^I precedes the insufficient bid
    again = read_pbn(text)[0]
    assert again.call_marks == {1: ["^I"]}
    replayed = board_to_deal(again, GAME)  # a game outside laws mode: the mark brings the laws in
    assert [str(c) for c in replayed.calls] == ["2H", "1H", "3H", "Pass", "Pass", "Pass"]
    assert replayed.contract is not None and replayed.contract.text == "3H"
    assert replayed.declarer == d.declarer == Seat.NORTH  # N bid hearts first
    assert [c for t in replayed.tricks for c in t.cards] == [c for t in d.tricks for c in t.cards]
    # without the mark the same auction is refused: 1H is not higher than 2H
    del again.call_marks[1]
    with pytest.raises(RecordError, match="E bid 1H, which is not higher than 2H"):
        board_to_deal(again, GAME)
