"""A correct euchre deal and the misdeal rulings (document 003, Laws 22–45): cardroom.games.euchre.dealing.

The ``deal`` vectors of these laws are checked in test_euchre_vectors.py; here are properties over
random packs and packet sequences, the agreement with the engine's own random deal, and the errors.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardroom.core.cards import Card, piquet_pack
from cardroom.core.errors import CardroomError, ParseError
from cardroom.core.table import Seat
from cardroom.games.euchre.dealing import (
    MIN_PACKET,
    PACK_SIZE,
    DealEvent,
    check_cut,
    check_packets,
    check_shuffles,
    cut_pack,
    deal_from_pack,
    deal_out_of_turn,
    deal_procedure,
    misdeal_loses_deal,
    new_deal_claimants,
    partner_dealt_misdeal,
    recipients,
    ruling,
)
from cardroom.games.euchre.rules import EuchreDeal

SEATS = st.sampled_from(list(Seat))


@settings(max_examples=200, deadline=None)
@given(st.permutations(piquet_pack()), SEATS, st.sampled_from([2, 3]), st.integers(0, PACK_SIZE))
def test_deal_from_pack(pack: list[Card], dealer: Seat, first: int, cut_at: int) -> None:
    if min(cut_at, PACK_SIZE - cut_at) < MIN_PACKET:
        with pytest.raises(CardroomError, match="Law 29"):
            cut_pack(pack, cut_at)
        return
    cut = cut_pack(pack, cut_at)
    assert sorted(cut) == sorted(pack)
    d = deal_from_pack(cut, dealer, first)
    assert all(len(h) == 5 for h in d.hands.values())
    dealt = [c for h in d.hands.values() for c in h]
    assert len(set(dealt)) == 20 and d.turn_up not in dealt and len(d.undealt) == 11
    assert set(dealt) | {d.turn_up} | set(d.undealt) == set(pack)
    assert d.turn_up == cut[20]  # the top card of what is left (the convention)
    assert d.packets[0][0] == dealer.lho and d.packets[3][0] == dealer  # eldest first, dealer last
    assert not check_packets(d.packets, dealer).misdeal


@settings(max_examples=50, deadline=None)
@given(st.integers(0, 10**6), SEATS)
def test_engine_random_deal_is_a_correct_deal(seed: int, dealer: Seat) -> None:
    """EuchreDeal.random deals two then three from the eldest hand: the same hands as deal_from_pack."""
    pack = piquet_pack()
    random.Random(seed).shuffle(pack)
    ours = deal_from_pack(pack, dealer, 2)
    engine = EuchreDeal.random(random.Random(seed), dealer)
    for s in Seat:
        assert engine.hands[s] == sum(c.mask for c in ours.hands[s])
    assert engine.turn_up == ours.turn_up


@settings(max_examples=300, deadline=None)
@given(SEATS, st.lists(st.tuples(st.sampled_from(list(Seat)), st.integers(1, 4)), min_size=1, max_size=10))
def test_check_packets_accepts_only_the_two_patterns(dealer: Seat, packets: list[tuple[Seat, int]]) -> None:
    r = check_packets(packets, dealer)
    order = list(recipients(dealer)) * 2
    ok = ([s for s, _ in packets] == order and any(
        [n for _, n in packets] == [a] * 4 + [b] * 4 for a, b in ((2, 3), (3, 2))))
    assert r.misdeal == (not ok)
    assert r.misdeal == bool(r.reason)


def test_deal_errors() -> None:
    pack = piquet_pack()
    with pytest.raises(CardroomError, match="2 or 3"):
        deal_from_pack(pack, Seat.NORTH, 4)
    with pytest.raises(CardroomError, match="twice"):
        deal_from_pack([pack[0], *pack[:-1]], Seat.NORTH)
    with pytest.raises(CardroomError, match="cannot give"):
        deal_from_pack(pack[:20], Seat.NORTH)
    with pytest.raises(ParseError):
        deal_from_pack(["ZZ", *pack[1:]], Seat.NORTH)
    with pytest.raises(CardroomError, match="two packets"):
        check_cut([32])
    with pytest.raises(CardroomError, match="do not make"):
        check_cut([10, 10])
    with pytest.raises(CardroomError, match="packet of 0"):
        check_packets([(Seat.NORTH, 0)], Seat.SOUTH)
    with pytest.raises(ParseError):
        check_packets([("X", 2)], Seat.SOUTH)


@pytest.mark.parametrize("dealer", list(Seat))
def test_procedure(dealer: Seat) -> None:
    p = deal_procedure(dealer)
    assert p.cut_by == dealer.rho and p.eldest == dealer.lho and p.next_dealer == dealer.lho
    assert p.shuffle_order[-1] == dealer and p.shuffle_order[0] == dealer.rho.partner
    assert sorted(p.shuffle_order) == sorted(Seat)
    check_shuffles(p.shuffle_order, dealer)
    with pytest.raises(CardroomError, match="second time"):
        check_shuffles([dealer.lho, dealer.lho], dealer)
    with pytest.raises(CardroomError, match="last"):
        check_shuffles([dealer, dealer.lho], dealer)


def test_rulings() -> None:
    a = Seat.SOUTH
    assert ruling(DealEvent.PLAYED, a).next_dealer == a.lho
    assert ruling(DealEvent.MISDEAL, a).loses_deal
    assert ruling(DealEvent.CARD_FACE_UP_IN_PACK, a, new_deal_dealer="next").next_dealer == a.lho
    assert not ruling(DealEvent.OTHER_CARD_EXPOSED_TURNING, a).stated
    assert misdeal_loses_deal(a, [])  # nobody touched: the ordinary misdeal
    assert new_deal_claimants(a, a.lho, [a.partner]) == frozenset()
    assert new_deal_claimants(a, a, [a.lho]) == frozenset()
    with pytest.raises(CardroomError, match="in turn"):
        deal_out_of_turn(a, a, True)
    assert deal_out_of_turn(a.lho, a.partner, True, rotation="restore").next_dealer == a.lho
    with pytest.raises(ParseError, match="partner"):
        partner_dealt_misdeal(a, a.lho)
