"""PBN irregularity tokens (PBN 2.1 §3.9): the standard's own examples (A)–(D) read and written back,
and laws-mode deals of contract bridge with an accepted call out of rotation (``^S``), a lead out of
turn (``^L``) and a revoke let stand (``^R``) written at export and replayed through the laws."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardroom.core.cards import Card, cards_of_mask
from cardroom.core.deal import Deal
from cardroom.core.errors import ParseError, RecordError
from cardroom.core.laws import Irregular
from cardroom.core.table import Seat
from cardroom.games.bridge.game import ContractBridge
from cardroom.games.bridge.rules import BridgeDeal
from cardroom.records.pbn import board_from_deal, board_to_deal, read_pbn, write_pbn
from test_records_pbn import GAME

LAWS = ContractBridge(laws=True, draw_for_first_deal=False)


def _auction_board(tokens: str) -> str:
    return f'[Dealer "W"]\n[Auction "W"]\n{tokens} *\n'


# (A), (B) of PBN 2.1 §3.9, West the dealer: the calls, the marks by call, the seats that called
AUCTION_EXAMPLES = [
    ("1D ^I 1C", ["1D", "1C"], {1: ["^I"]}, "WN"),
    ("^S 1D", ["1D"], {0: ["^S"]}, "N"),
    ("1D ^S 2D", ["1D", "2D"], {1: ["^S"]}, "WE"),
    ("1D ^S ^I 1C", ["1D", "1C"], {1: ["^S", "^I"]}, "WE"),
    ("1D ^S ^S 2D", ["1D", "2D"], {1: ["^S", "^S"]}, "WS"),
    ("1D ^S ^S ^I 1C", ["1D", "1C"], {1: ["^S", "^S", "^I"]}, "WS"),
]


@pytest.mark.parametrize(("tokens", "calls", "marks", "seats"), AUCTION_EXAMPLES)
def test_the_standards_auction_examples_are_read_and_written_back(
        tokens: str, calls: list[str], marks: dict[int, list[str]], seats: str) -> None:
    board = read_pbn(_auction_board(tokens))[0]
    assert [str(c) for c in board.calls] == calls and board.call_marks == marks
    assert write_pbn([board]).split("[Auction \"W\"]\n")[1].startswith(tokens + "\n*")


def _with_deal(tokens: str) -> str:
    return _auction_board(tokens).replace("[Auction", '[Deal "W:' + _DEAL + '"]\n[Auction')


@pytest.mark.parametrize(("tokens", "calls", "marks", "seats"), [e for e in AUCTION_EXAMPLES if e[0].count("^") < 2
                                                                 or "^I" not in e[0]])
def test_the_standards_auction_examples_replay_through_the_laws(
        tokens: str, calls: list[str], marks: dict[int, list[str]], seats: str) -> None:
    state = board_to_deal(read_pbn(_with_deal(tokens))[0], GAME)  # a casual game: the marks bring the laws in
    assert state.laws is not None
    assert "".join(s.letter for s in state.laws.call_seats) == seats
    assert [str(c) for c in state.calls] == calls


@pytest.mark.parametrize("tokens", ["1D ^S ^I 1C", "1D ^S ^S ^I 1C"])
def test_an_insufficient_bid_out_of_rotation_is_reported_not_replayed(tokens: str) -> None:
    """The standard's examples of an insufficient bid out of rotation, accepted: under document 002's
    laws as the engine reads them (L17 accepted, then L7) the bid becomes a pass, so the record cannot
    be replayed as written; the replay says so instead of changing the auction."""
    with pytest.raises(RecordError, match="does not stand under the laws: it becomes Pass"):
        board_to_deal(read_pbn(_with_deal(tokens))[0], GAME)


_DEAL = "AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"


def test_a_token_with_nothing_after_it_is_refused() -> None:
    with pytest.raises(ParseError, match="ends with the irregularity token"):
        read_pbn(_auction_board("1D ^S"))


def _play_board(row: str) -> str:
    # South declares, West leads; North has a club (C2) and spades
    deal = "W:KQJ.AKQJ.AKQ.AKQ 5432.5432.5432.2 T987.T987.JT9.J9 A6.6.876.T876543"
    return (f'[Dealer "S"]\n[Deal "{deal}"]\n[Declarer "S"]\n[Contract "1NT"]\n'
            f'[Play "W"]\n{row}\n*\n')


def test_the_standards_revoke_example_is_read_and_written_back() -> None:
    board = read_pbn(_play_board("CA ^R S5 C9 C3"))[0]  # (C): West plays CA, North discards a spade
    assert board.plays == [Card.parse(c) for c in ("CA", "S5", "C9", "C3")]
    assert board.play_marks == {1: ["^R"]}
    assert "CA ^R S5 C9 C3\n" in write_pbn([board])


def test_the_standards_lead_out_of_turn_example_is_read_and_written_back() -> None:
    board = read_pbn(_play_board("CA C2 ^L C9 C3"))[0]  # (D): East leads instead of West
    assert board.plays == [Card.parse(c) for c in ("C9", "C3", "CA", "C2")]
    assert board.play_marks == {0: ["^L"]}
    assert "CA C2 ^L C9 C3\n" in write_pbn([board])


# ----------------------------------------------------------------------------- laws-mode deals


def _laws_deal(seed: int = 3) -> BridgeDeal:
    d = LAWS.new_deal(Seat.NORTH)
    d.apply(Deal.random(random.Random(seed), first=Seat.EAST))
    return d


def _finish(d: BridgeDeal, seed: int = 5) -> None:
    rng = random.Random(seed)
    while d.phase != 3:  # PHASE_OVER
        cards = [a for a in d.legal_actions() if isinstance(a, Card)]
        d.apply(rng.choice(cards) if cards else d.legal_actions()[0])


def _round_trip(d: BridgeDeal) -> tuple[str, BridgeDeal]:
    board = board_from_deal(d, {"Board": "1"})
    text = write_pbn([board], export=True)
    again = read_pbn(text)[0]
    replayed = board_to_deal(again, GAME)
    assert write_pbn([board_from_deal(replayed, {"Board": "1"})], export=True) == text
    assert replayed.history == d.history
    assert replayed.result().entries == d.result().entries
    return text, replayed


def test_a_call_out_of_rotation_accepted_is_marked_s_and_replays() -> None:
    """N 1H, S bids 2H at E's turn (L17, accepted); the skipped E's column holds ``^S``."""
    d = _laws_deal()
    d.apply(d.parse_action("1H"))
    d.apply(Irregular(int(Seat.SOUTH), "2H"))
    for t in ("Pass", "4H", "Pass", "Pass", "Pass"):
        d.apply(d.parse_action(t))
    _finish(d)
    text, replayed = _round_trip(d)
    assert "1H ^S 2H Pass\r\n4H Pass Pass Pass\r\n" in text
    assert replayed.laws is not None and replayed.laws.call_seats[:3] == [Seat.NORTH, Seat.SOUTH, Seat.WEST]
    # without the mark S's 2H is E's: E declares 4H, S leads, and the play no longer fits the hands
    board = read_pbn(text)[0]
    del board.call_marks[1]
    assert board.contract is not None and board.contract.declarer == Seat.EAST
    with pytest.raises(RecordError, match="does not hold"):
        board_to_deal(board, GAME)


def _auction_4h(d: BridgeDeal) -> None:
    for t in ("1H", "Pass", "4H", "Pass", "Pass", "Pass"):
        d.apply(d.parse_action(t))


def test_a_lead_out_of_turn_accepted_is_marked_l_and_replays() -> None:
    """N declares 4H, E is to lead; W leads (L24), accepted: ``^L`` precedes W's card, in W's column."""
    d = _laws_deal()
    _auction_4h(d)
    assert d.declarer == Seat.NORTH
    card = cards_of_mask(d.hands[Seat.WEST])[0]
    d.apply(Irregular(int(Seat.WEST), str(card)))
    d.apply(d.parse_action("ruling L24 accept"))
    _finish(d)
    text, replayed = _round_trip(d)
    assert replayed.tricks[0].leader == Seat.WEST
    first_row = text.split('[Play "E"]\r\n')[1].split("\r\n")[0].split()
    assert first_row[2:4] == ["^L", card.pbn]  # columns E S W N: W's is the third


def test_a_revoke_let_stand_is_marked_r_and_replays_with_its_penalty() -> None:
    """A player who can follow suit plays another suit (L27), let stand; it is established and the
    two-trick penalty (L30) applies in the replay too."""
    d = _laws_deal()
    _auction_4h(d)
    rng = random.Random(1)
    revoked: Card | None = None
    while revoked is None:
        if d.trick:
            mine = cards_of_mask(d.hands[d.next_seat])
            led = d.trick[0].suit
            other = [c for c in mine if c.suit != led]
            if other and any(c.suit == led for c in mine):
                revoked = other[0]
                d.apply(Irregular(int(d.next_seat), str(revoked)))
                d.apply(d.parse_action("ruling L27 stand"))
                continue
        d.apply(rng.choice([a for a in d.legal_actions() if isinstance(a, Card)]))
    _finish(d)
    assert d.laws is not None and d.laws.revokes and d.laws.revokes[0].established
    text, replayed = _round_trip(d)
    assert f"^R {revoked.pbn}" in text
    assert replayed.laws is not None and replayed.laws.revokes[0].established
    assert replayed.declarer_tricks == d.declarer_tricks


# ----------------------------------------------------------------------------- the property


def _random_laws_deal(seed: int) -> BridgeDeal:
    """A laws-mode deal played at random where, now and then, a player calls out of rotation or bids
    insufficiently, leads out of turn or revokes, and the irregularity is let stand (accept, stand)."""
    rng = random.Random(seed)
    d = LAWS.new_deal(Seat(rng.randrange(4)))
    d.apply(Deal.random(rng, first=d.dealer.lho))
    for _ in range(400):
        if d.phase == 3:  # PHASE_OVER
            break
        if d.laws is not None and d.laws.pending is not None:
            d.apply(d.legal_actions()[0])
            continue
        irregular = _irregular_try(d, rng) if rng.random() < 0.2 else None
        if irregular is not None:
            before = len(d.history)
            try:
                d.apply(irregular)
            except RecordError:
                continue
            except Exception:  # refused by the laws: the deal is unchanged
                assert len(d.history) == before
                continue
            p = d.laws.pending if d.laws is not None else None
            names = [] if p is None else [o.name for o in p.options]
            if p is not None and ("accept" in names or "stand" in names):
                d.apply(d.parse_action(f"ruling {p.law.number} {'accept' if 'accept' in names else 'stand'}"))
            continue
        d.apply(rng.choice([a for a in d.legal_actions() if not isinstance(a, Irregular)] or d.legal_actions()))
    return d


def _irregular_try(d: BridgeDeal, rng: random.Random) -> Irregular | None:
    if d.phase == 1:  # the auction: a call by a seat not to call, or an insufficient bid
        seat = d.next_seat.next(rng.randrange(1, 4)) if rng.random() < 0.6 else d.next_seat
        return Irregular(int(seat), rng.choice(("Pass", "1C", "1H", "2D", "2NT", "3S", "4H")))
    if d.phase == 2:
        if not d.trick:  # a lead from a hand not to lead (a defender's, or the wrong hand of declarer's)
            seat = d.next_seat.next(rng.randrange(1, 4))
        else:  # a revoke: a card of another suit by a hand that can follow
            seat = d.next_seat
            mine = cards_of_mask(d.hands[seat])
            other = [c for c in mine if c.suit != d.trick[0].suit]
            if not other or len(other) == len(mine):
                return None
            return Irregular(int(seat), str(rng.choice(other)))
        if not d.hands[seat]:
            return None
        return Irregular(int(seat), str(rng.choice(cards_of_mask(d.hands[seat]))))
    return None


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6))
def test_laws_deals_with_accepted_irregularities_round_trip(seed: int) -> None:
    d = _random_laws_deal(seed)
    board = board_from_deal(d, {"Board": "1"})
    text = write_pbn([board], export=True)
    replayed = board_to_deal(read_pbn(text)[0], GAME)
    assert write_pbn([board_from_deal(replayed, {"Board": "1"})], export=True) == text
    assert replayed.calls == d.calls and replayed.tricks == d.tricks and replayed.won == d.won


def test_an_auction_is_not_closed_while_a_skipped_player_has_not_called() -> None:
    """L14 as the laws engine reads it: N 6C, E 7NT, W passes at S's turn (accepted), N, E pass: S, who
    was skipped, still calls; the auction closes with his pass (the case the property found)."""
    text = '[Dealer "N"]\n[Auction "N"]\n6C 7NT ^S Pass\nPass Pass {} \n'
    held = read_pbn(text.format("*"))[0]
    assert not held.auction_complete and held.contract is None
    board = read_pbn(text.format("Pass"))[0]
    assert board.auction_complete and board.contract is not None and board.contract.text == "7NT"
    assert board.contract.declarer == Seat.EAST
    with pytest.raises(ParseError, match="after the end of the auction"):
        read_pbn('[Dealer "N"]\n[Auction "N"]\n6C 7NT Pass Pass\nPass Pass\n')


def test_a_board_with_irregularities_is_not_written_in_lin() -> None:
    """LIN writes the calls in rotation and the cards by trick: a skipped player or a lead out of turn
    would put them in other seats, so the conversion is refused."""
    from cardroom.records.lin import board_to_lin

    d = _laws_deal()
    _auction_4h(d)
    d.apply(Irregular(int(Seat.WEST), str(cards_of_mask(d.hands[Seat.WEST])[0])))
    d.apply(d.parse_action("ruling L24 accept"))
    board = board_from_deal(d, {"Board": "1"})
    with pytest.raises(ParseError, match=r"\(\^L\) cannot be written in LIN"):
        board_to_lin(board)
    board.play_marks.clear()  # the same deal unmarked is written (and is then another deal)
    assert board_to_lin(board).startswith("pn|")
