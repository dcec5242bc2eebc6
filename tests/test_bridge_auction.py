"""The auction of document 001 §4: bids, doubles, the end after three passes, declarer."""

from __future__ import annotations

import itertools
import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardroom.core.deal import Deal
from cardroom.core.errors import IllegalAction, ParseError
from cardroom.core.table import Seat
from cardroom.games import load
from cardroom.games.bridge.calls import ALL_CALLS, BIDS, DOUBLE, PASS, REDOUBLE, Call, Strain
from cardroom.games.bridge.game import ContractBridge
from cardroom.games.bridge.rules import PHASE_OVER, PHASE_PLAY, BridgeDeal


def _deal(dealer: Seat = Seat.NORTH, **options: object) -> BridgeDeal:
    game = load("bridge", **options)
    assert isinstance(game, ContractBridge)
    d = game.new_deal(dealer)
    d.apply(Deal.random(random.Random(7), dealer.lho))
    return d


def _calls(d: BridgeDeal, *texts: str) -> None:
    for t in texts:
        d.apply(Call.parse(t))


@pytest.mark.parametrize(
    ("text", "expected"),
    [("1nt", "1NT"), ("1N", "1NT"), ("3♠", "3S"), ("p", "Pass"), ("PASS", "Pass"), ("пас", "Pass"),
     ("x", "X"), ("xx", "XX"), ("7nt", "7NT"), ("2d", "2D")],
)
def test_forgiving_call_input(text: str, expected: str) -> None:
    assert str(Call.parse(text)) == expected


@pytest.mark.parametrize("text", ["8S", "0NT", "1Z", "", "S1", "XXX"])
def test_bad_call_text(text: str) -> None:
    with pytest.raises(ParseError):
        Call.parse(text)


def test_35_bids_in_order() -> None:
    assert len(BIDS) == 35
    assert [str(b) for b in BIDS[:6]] == ["1C", "1D", "1H", "1S", "1NT", "2C"]
    assert all(a < b for a, b in itertools.pairwise(BIDS))


def test_three_passes_end_the_auction_and_declarer_first_named_the_strain() -> None:
    d = _deal(Seat.NORTH)
    _calls(d, "1S", "Pass", "2S", "Pass", "Pass", "Pass")
    assert d.phase == PHASE_PLAY
    assert d.contract is not None and d.contract.text == "2S"
    assert d.declarer is Seat.NORTH  # N named spades first though S made the last bid
    assert d.to_act == Seat.EAST  # opening lead from declarer's left


def test_declarer_rule_applies_to_no_trump() -> None:
    d = _deal(Seat.EAST)
    _calls(d, "1NT", "Pass", "3NT", "Pass", "Pass", "Pass")
    assert d.declarer is Seat.EAST


def test_double_lapses_when_a_later_bid_is_made() -> None:
    d = _deal(Seat.NORTH)
    _calls(d, "1H", "X", "Pass", "1S", "Pass", "Pass", "Pass")
    assert d.contract is not None and d.contract.text == "1S" and d.declarer is Seat.WEST


def test_double_and_redouble_stand() -> None:
    d = _deal(Seat.NORTH)
    _calls(d, "1H", "X", "XX", "Pass", "Pass", "Pass")
    assert d.contract is not None and d.contract.text == "1HXX" and d.contract.doubling == 2


def test_passed_out_deal_ends_with_no_contract() -> None:
    d = _deal()
    _calls(d, "p", "p", "p", "p")
    assert d.phase == PHASE_OVER and d.result().passed_out


@pytest.mark.parametrize(
    ("calls", "bad", "words"),
    [(["1H"], "1D", "not higher"), (["1H"], "1H", "not higher"), ([], "X", "no bid to double"),
     (["1H", "Pass"], "X", "own side"), (["1H", "X", "Pass"], "X", "already doubled"), (["1H"], "XX", "not doubled"),
     (["1H", "X", "Pass"], "XX", "opponents")],
)
def test_illegal_calls_are_refused_and_change_nothing(calls: list[str], bad: str, words: str) -> None:
    d = _deal()
    _calls(d, *calls)
    before = d.snapshot()
    with pytest.raises(IllegalAction) as e:
        d.apply(Call.parse(bad))
    assert words in str(e.value)
    assert d.snapshot() == before


def test_nt_minimum_level_option() -> None:
    d = _deal(nt_minimum_level=3)
    legal = d.legal_calls()
    assert Call.parse("1NT") not in legal and Call.parse("3NT") in legal
    with pytest.raises(IllegalAction):
        d.apply(Call.parse("2NT"))


def test_partner_overbid_restriction_option() -> None:
    d = _deal(Seat.NORTH, partner_overbid_only_after_opponents_pass=True)
    _calls(d, "1H", "1S")  # S's partner N bid 1H; E (opponent) overcalled, so S bids over E, fine
    assert Call.parse("2H") in d.legal_calls()
    d2 = _deal(Seat.NORTH, partner_overbid_only_after_opponents_pass=True)
    _calls(d2, "1H", "Pass", "2H", "X")  # S overbid N while both opponents passed; then W doubled
    assert all(not c.is_bid for c in d2.legal_calls())  # so N may not overbid partner now
    d3 = _deal(Seat.NORTH, partner_overbid_only_after_opponents_pass=True)
    _calls(d3, "1H", "1S")
    _calls(d3, "2H", "Pass")  # S bid over E's 1S, not over partner
    assert Call.parse("3H") not in d3.legal_calls()  # W passed but E's last call was 1S


def _reference_auction(calls: list[Call], dealer: Seat) -> tuple[bool, str | None, Seat | None, int]:
    """An independent reading of the auction rules: (over, contract, declarer, doubling)."""
    last = None
    last_seat = None
    dbl = 0
    first: dict[tuple[int, Strain], Seat] = {}
    seat = dealer
    run = 0
    for c in calls:
        if c.is_bid:
            last, last_seat, dbl, run = c, seat, 0, 0
            first.setdefault((seat % 2, c.strain), seat)
        elif c.is_double:
            dbl, run = 1, 0
        elif c.is_redouble:
            dbl, run = 2, 0
        else:
            run += 1
        seat = seat.lho
    if last is None:
        return (len(calls) == 4 and run == 4, None, None, 0)
    assert last_seat is not None
    over = run >= 3
    return (over, str(last), first[(last_seat % 2, last.strain)], dbl)


@settings(max_examples=1500)
@given(st.lists(st.integers(0, 10_000), min_size=1, max_size=60), st.sampled_from(list(Seat)),
       st.floats(0.0, 0.9))
def test_random_auctions_are_legal_and_end_correctly(picks: list[int], dealer: Seat, pass_bias: float) -> None:
    d = _deal(dealer)
    made: list[Call] = []
    for p in picks:
        if d.phase != 1:
            break
        legal = d.legal_calls()
        # every call not listed is refused, and the bid ladder never goes down
        if d.last_bid is not None:
            assert all(c > d.last_bid for c in legal if c.is_bid)
        refused = [c for c in ALL_CALLS if c not in legal]
        if refused:
            with pytest.raises(IllegalAction):
                d.apply(refused[p % len(refused)])
        call = PASS if (p % 100) / 100 < pass_bias else legal[p % len(legal)]
        d.apply(call)
        made.append(call)
    over, contract, declarer, dbl = _reference_auction(made, dealer)
    if d.phase == 1:
        assert not over
    else:
        assert over
        if contract is None:
            assert d.contract is None
        else:
            assert d.contract is not None
            assert str(d.contract.level) + d.contract.strain.letter == contract
            assert d.declarer is declarer and d.contract.doubling == dbl
            assert declarer is not None and d.to_act == declarer.lho


def test_double_redouble_availability() -> None:
    d = _deal(Seat.NORTH)
    assert DOUBLE not in d.legal_calls()
    _calls(d, "1C")
    assert DOUBLE in d.legal_calls() and REDOUBLE not in d.legal_calls()
    _calls(d, "X")
    assert REDOUBLE in d.legal_calls() and DOUBLE not in d.legal_calls()


# ----------------------------------------------------------------- the family's auction component


def test_one_call_type_for_the_family() -> None:
    from cardroom.games.bridge.auction import AuctionCall
    from cardroom.games.oldbridge.calls import ALL_CALLS as OLD_CALLS
    from cardroom.games.oldbridge.calls import OldCall

    assert issubclass(Call, AuctionCall) and issubclass(OldCall, AuctionCall)
    # each game's calls are their own interned ints, in their own range, and read back from their text
    assert not set(map(int, ALL_CALLS)) & set(map(int, OLD_CALLS))
    for calls, kind in ((ALL_CALLS, Call), (OLD_CALLS, OldCall)):
        for c in calls:
            assert kind.parse(str(c)) is c and kind(int(c)) is c
        assert calls[0].is_pass and calls[1].is_double and calls[2].is_redouble
        assert not any(c.is_bid for c in calls[:3])
    assert [str(c) for c in OLD_CALLS[:9]] == ["Pass", "X", "XX", "leave", "make C", "make D", "make H", "make S",
                                               "make NT"]
    assert repr(Call.parse("3nt")) == "Call(3NT)" and repr(OldCall.parse("2 royals")) == "OldCall(2RS)"
    with pytest.raises(ParseError, match="not an old-bridge call value"):
        OldCall(52)
    with pytest.raises(ParseError, match="not a call value"):
        Call(600)


def test_the_component_reads_a_recorded_auction() -> None:
    from cardroom.games.bridge.auction import replay_auction
    from cardroom.games.bridge.rules import CONTRACT_AUCTION, final_contract

    calls = [Call.parse(t) for t in ("1H", "X", "2H", "P", "P", "X", "XX", "P", "P")]
    a = replay_auction(CONTRACT_AUCTION, Seat.EAST, calls)
    assert not a.auction_closed and a.doubling == 2 and a.next_seat == Seat.SOUTH
    a.enter_call(a.next_seat, PASS)
    assert a.auction_closed
    c = final_contract(a)
    assert c is not None and (c.level, c.strain, c.doubling, c.declarer) == (2, Strain.HEARTS, 2, Seat.EAST)
    passed = replay_auction(CONTRACT_AUCTION, Seat.EAST, [PASS] * 4)
    assert passed.auction_closed and final_contract(passed) is None


def test_partnerships_are_a_function_of_the_game() -> None:
    from cardroom.games.bridge.auction import EACH_FOR_HIMSELF, FIXED_PAIRS, Partnership, replay_auction
    from cardroom.games.bridge.rules import CONTRACT_AUCTION

    assert [FIXED_PAIRS.side(s) for s in Seat] == [int(s.side) for s in Seat]
    assert [FIXED_PAIRS.partner(s) for s in Seat] == [s.partner for s in Seat]
    assert all(EACH_FOR_HIMSELF.partner(s) is None for s in Seat)
    three = Partnership.with_dummy(Seat.SOUTH, Seat.NORTH)
    assert three.partner(Seat.SOUTH) == Seat.NORTH and three.partner(Seat.EAST) == Seat.WEST
    assert three.seats(1) == (Seat.EAST, Seat.WEST)
    # each for himself: partner's bid may be doubled, and the declarer is whoever named the strain first
    solo = replace(CONTRACT_AUCTION, partnership=EACH_FOR_HIMSELF)
    a = replay_auction(solo, Seat.NORTH, [Call.parse(t) for t in ("1S", "P")])
    assert DOUBLE in a.legal_calls()  # South doubles North
    a = replay_auction(solo, Seat.NORTH, [Call.parse(t) for t in ("1S", "P", "2S", "P", "P", "P")])
    assert a.auction_closed and a.declarer_of_bid == Seat.SOUTH
    pairs = replay_auction(CONTRACT_AUCTION, Seat.NORTH, [Call.parse(t) for t in ("1S", "P", "2S", "P", "P", "P")])
    assert pairs.declarer_of_bid == Seat.NORTH
    a = replay_auction(CONTRACT_AUCTION, Seat.NORTH, [Call.parse(t) for t in ("1S", "P")])
    assert DOUBLE not in a.legal_calls()


def test_the_doubling_limit() -> None:
    from cardroom.games.bridge.auction import DOUBLE_AND_REDOUBLE, DoublingLimit

    assert [DOUBLE_AND_REDOUBLE.allows(n) for n in range(4)] == [True, True, False, False]
    # straight bridge: hearts (8 a trick) may be doubled while a trick is worth less than 100 …
    below = DoublingLimit(below=100)
    assert [below.allows(n, 8) for n in range(6)] == [True, True, True, True, False, False]  # 8 16 32 64 | 128
    # … or as long as the doubled value stays within 100
    cap = DoublingLimit(up_to=100)
    assert [cap.allows(n, 8) for n in range(5)] == [True, True, True, False, False]  # to 16 32 64 | 128


def test_auction_bridge_parameters() -> None:
    from cardroom.games.oldbridge.calls import OldCall
    from cardroom.games.oldbridge.rules import auction_params, outranks
    from cardroom.games.oldbridge.variants import AuctionRules

    p = auction_params(AuctionRules(nullo=True))
    assert not p.dealer_may_pass and p.limit.count == 2 and p.declarer == "winning-bidder"
    one_nt = OldCall.parse("1NT")
    assert all(outranks(b, one_nt, True) for b in p.over[one_nt])
    assert OldCall.parse("1NL") in p.openings
    assert OldCall.parse("1RS") not in auction_params(AuctionRules(royal_spades=False)).openings
    assert auction_params(AuctionRules()) is auction_params(AuctionRules())  # worked out once
