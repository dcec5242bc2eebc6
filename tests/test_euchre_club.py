"""Forming the euchre table and cutting (document 003, Laws 8–21): cardroom.games.euchre.club.

The law-case vectors of these laws are checked in test_euchre_vectors.py; here are the properties
over random cuts and the errors.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardroom.core.cards import Card, piquet_pack
from cardroom.core.errors import CardroomError, ParseError
from cardroom.core.table import Seat
from cardroom.games.euchre.club import (
    breakup_priority,
    check_cut_card,
    check_same_pack,
    cut_for_partners,
    cut_for_table,
    cut_groups,
    cut_order,
    cutting_out,
    new_table_entry,
    parse_cut_card,
    replacement_term,
    substitute_allowed,
)
from cardroom.games.euchre.ranks import cut_rank

PACK = piquet_pack()
PLAYERS = ("P1", "P2", "P3", "P4")


def test_cut_order_is_knave_then_ace_suits_equal() -> None:
    # Law 8: «Валет — самая старшая карта, затем туз, король и т. д.»
    cuts = {"a": "7S", "b": "JC", "c": "AH", "d": "10D", "e": "QH", "f": "KS", "g": "9C", "h": "8D"}
    assert cut_order(cuts) == ["b", "c", "f", "e", "d", "g", "h", "a"]
    assert cut_groups({"a": "KS", "b": "KD", "c": "7H"}) == [["a", "b"], ["c"]]


def test_cut_card_errors() -> None:
    with pytest.raises(ParseError, match="6S"):
        parse_cut_card("6S")
    with pytest.raises(ParseError):
        parse_cut_card("XX")
    with pytest.raises(CardroomError, match="same pack"):
        cut_order({"a": "JS", "b": "JS"})
    assert check_cut_card(1) and not check_cut_card(2)
    with pytest.raises(CardroomError):
        check_cut_card(0)
    assert check_same_pack({"a": 1, "b": 1}) and not check_same_pack({"a": 1, "b": 2})


@settings(max_examples=300, deadline=None)
@given(st.permutations(PACK))
def test_partners_cut_properties(pack: list[Card]) -> None:
    """Two highest against two lowest, the highest deals; a recut is asked exactly when equal cards
    straddle the middle (Laws 11, 13, 14); the dealer is undecided exactly when the two highest tie."""
    cuts = dict(zip(PLAYERS, pack[:4], strict=True))
    r = cut_for_partners(cuts)
    values = sorted((cut_rank(c) for c in cuts.values()), reverse=True)
    recut_made = values[1] == values[2]
    if recut_made:
        assert r.recut and r.partnerships is None
        assert {cut_rank(cuts[p]) for p in r.recut} == {values[1]}
        # settle with the next distinct cards of the pack as the recut
        recut = dict(zip(r.recut, pack[4:4 + len(r.recut)], strict=True))
        try:
            r2 = cut_for_partners(cuts, [recut])
        except CardroomError:
            return
        if r2.recut:
            return
        r = r2
    assert r.partnerships is not None
    (a, b), (c, d) = r.partnerships
    assert {a, b, c, d} == set(PLAYERS)
    assert min(cut_rank(cuts[a]), cut_rank(cuts[b])) >= max(cut_rank(cuts[c]), cut_rank(cuts[d]))
    if recut_made:
        assert r.dealer is not None or r.dealer_recut
    elif values[0] == values[1]:
        assert r.dealer is None and set(r.dealer_recut) == {p for p in PLAYERS if cut_rank(cuts[p]) == values[0]}
    else:
        assert r.dealer is not None and cut_rank(cuts[r.dealer]) == values[0]
        seats = r.seating(Seat.SOUTH)
        assert seats[Seat.SOUTH] == r.dealer and {seats[Seat.SOUTH], seats[Seat.NORTH]} == {a, b}


def test_partners_tie_of_two_highest_is_cut_again_for_the_deal_only() -> None:
    r = cut_for_partners({"P1": "KS", "P2": "KH", "P3": "9C", "P4": "8D"})
    assert r.recut == () and r.dealer is None and set(r.dealer_recut) == {"P1", "P2"}
    r = cut_for_partners({"P1": "KS", "P2": "KH", "P3": "9C", "P4": "8D"}, [{"P1": "7C", "P2": "QS"}])
    assert r.dealer == "P2" and r.partnerships == (("P1", "P2"), ("P3", "P4"))
    r = cut_for_partners({"P1": "KS", "P2": "KH", "P3": "9C", "P4": "8D"}, top_tie_dealer="arrival")
    assert r.dealer == "P1"
    with pytest.raises(CardroomError, match="not decided"):
        cut_for_partners({"P1": "KS", "P2": "KH", "P3": "9C", "P4": "8D"}).seating()


def test_partners_cut_errors() -> None:
    with pytest.raises(CardroomError, match="four players"):
        cut_for_partners({"P1": "KS", "P2": "KH", "P3": "9C"})
    with pytest.raises(CardroomError, match="exactly"):
        cut_for_partners({"P1": "JS", "P2": "KH", "P3": "KC", "P4": "8D"}, [{"P1": "AS", "P2": "7C"}])
    with pytest.raises(CardroomError, match="more than"):
        cut_for_partners({"P1": "JS", "P2": "AH", "P3": "KC", "P4": "8D"}, [{"P2": "AS", "P3": "7C"}])


def test_all_four_equal_cut_again() -> None:
    r = cut_for_partners({"P1": "JS", "P2": "JH", "P3": "JC", "P4": "JD"})
    assert set(r.recut) == set(PLAYERS)


@settings(max_examples=200, deadline=None)
@given(st.integers(5, 12), st.permutations(PACK))
def test_table_cut_properties(n: int, pack: list[Card]) -> None:
    names = [f"Q{i}" for i in range(n)]
    cuts = dict(zip(names, pack[:n], strict=False))
    t = cut_for_table(cuts, names)
    assert len(t.players) == 4 and len(t.waiting) == min(2, n - 4) and len(t.players + t.waiting + t.not_at_table) == n
    lowest_player = min(cut_rank(cuts[p]) for p in t.players)
    assert all(cut_rank(cuts[p]) <= lowest_player for p in t.waiting + t.not_at_table)
    r = cut_for_table(cuts, arrival_preference="recut")
    if r.recut:
        assert not r.players


def test_table_cut_tie_on_the_boundary() -> None:
    cuts = {"X1": "JS", "X2": "AS", "X3": "KS", "X4": "QS", "X5": "QH", "X6": "7C"}
    assert cut_for_table(cuts, ["X5", "X1", "X2", "X3", "X4", "X6"]).players == ("X1", "X2", "X3", "X5")
    r = cut_for_table(cuts, arrival_preference="recut")
    assert set(r.recut) == {"X4", "X5"}
    r = cut_for_table(cuts, arrival_preference="recut", recuts=[{"X4": "7S", "X5": "8S"}])
    assert r.players == ("X1", "X2", "X3", "X5") and r.waiting == ("X4", "X6")
    with pytest.raises(CardroomError, match="four players"):
        cut_for_table({"a": "JS", "b": "AS", "c": "KS"})
    with pytest.raises(CardroomError, match="arrival"):
        cut_for_table(cuts, ["X1"])


def test_cutting_out_with_two_candidates() -> None:
    r = cutting_out({"P1": 3, "P2": 2, "P3": 2, "P4": 2}, 2)
    assert r.goes_out == ("P1",) and set(r.must_cut) == {"P2", "P3", "P4"}
    r = cutting_out({"P1": 3, "P2": 2, "P3": 2, "P4": 2}, 2, [{"P2": "AS", "P3": "7H", "P4": "JD"}])
    assert r.goes_out == ("P1", "P3")
    r = cutting_out({"P1": 3, "P2": 3, "P3": 2, "P4": 1}, 2)
    assert r.goes_out == ("P1", "P2")
    with pytest.raises(CardroomError, match="one or two"):
        cutting_out({"P1": 3, "P2": 3, "P3": 2, "P4": 1}, 3)
    with pytest.raises(CardroomError, match="exactly"):
        cutting_out({"P1": 2, "P2": 2, "P3": 2, "P4": 2}, 1, [{"P1": "AS"}])


def test_entry_rules() -> None:
    r = new_table_entry({"X": False, "Y": True, "Z": True}, 2)
    assert r.enter == ("X",) and r.cut_for_remaining == ("Y", "Z") and r.remaining_places == 1
    assert new_table_entry({"X": False, "Y": True}, 2).enter == ("X", "Y")
    assert substitute_allowed([True, True, True]) and not substitute_allowed([True, False, True])
    with pytest.raises(CardroomError):
        substitute_allowed([True, True])
    assert replacement_term(1) == 1 and replacement_term(0) == 2
    with pytest.raises(CardroomError):
        replacement_term(2)
    b = breakup_priority(["P1", "P2", "P3"], "P4", 3)
    assert b.first == ("P1", "P2", "P3") and b.after == ("P4",)
    with pytest.raises(CardroomError):
        breakup_priority(["P1", "P4"], "P4", 1)
