"""cardroom's bridge solver interface (cardroom.solve.dds) against endplay called directly.

Every comparison builds endplay's deal independently: from the PBN text of the deal, with the
cards played so far given to ``endplay.types.Deal.play`` (which works out the trick winners itself),
so the position conversion of cardroom's layer is checked, not repeated.
"""

from __future__ import annotations

import random

import pytest
from endplay.dds import calc_dd_table, par, solve_board
from endplay.types import Deal as EpDeal
from endplay.types import Denom, Player, Vul
from hypothesis import given, settings
from hypothesis import strategies as st

from cardroom.core.cards import Card
from cardroom.core.deal import Deal, hand_text
from cardroom.core.errors import CardroomError
from cardroom.core.table import Seat, Side
from cardroom.core.tricks import natural_winner
from cardroom.games.bridge.calls import Call
from cardroom.games.bridge.game import ContractBridge
from cardroom.games.bridge.rules import BridgeDeal
from cardroom.solve.dds import (
    BridgePosition,
    best_moves,
    dd_table,
    opening_leads,
    par_result,
    position_of,
    solve,
    table_and_par,
)

GAME = ContractBridge()
STRAIN_LETTERS = ("C", "D", "H", "S", "NT")
# endplay's denominations for cardroom's strains (clubs 0 .. spades 3, no-trump 4)
EP_DENOM = {"C": Denom.clubs, "D": Denom.diamonds, "H": Denom.hearts, "S": Denom.spades, "NT": Denom.nt}


def pbn(hands: tuple[int, ...]) -> str:
    return "N:" + " ".join(hand_text(h) for h in hands)


def ep_card_to_ours(card: object) -> int:
    text = str(card)  # e.g. "SA", "HT", "C2"
    return int(Card.parse(text[1] + text[0]))


def ours_to_ep(card: int) -> str:
    c = Card(card)
    return c.suit.letter + "23456789TJQKA"[c.rank - 2]


def deal_in_play(seed: int, strain: str, declarer: Seat, played: int) -> BridgeDeal:
    """A random deal bid to 1<strain> by ``declarer`` with ``played`` random legal cards played."""
    rng = random.Random(seed)
    state = GAME.new_deal(declarer)
    state.apply(Deal.random(rng, first=declarer.lho))
    for text in (f"1{strain}", "Pass", "Pass", "Pass"):
        state.apply(Call.parse(text))
    for _ in range(played):
        state.apply(rng.choice(state.legal_actions()))
    return state


def endplay_position(state: BridgeDeal) -> EpDeal:
    """endplay's deal for the state, built from the dealt hands and the cards played in order."""
    assert state.contract is not None and state.declarer is not None
    deal = EpDeal(pbn(state.original), first=Player(int(state.declarer.lho)),
                  trump=EP_DENOM[STRAIN_LETTERS[int(state.contract.strain)]])
    for t in state.tricks:
        for c in t.cards:
            deal.play(ours_to_ep(c))
    for c in state.trick:
        deal.play(ours_to_ep(c))
    return deal


def endplay_moves(state: BridgeDeal) -> dict[int, int]:
    """endplay's solve_board: each legal card -> tricks of the side to play."""
    return {ep_card_to_ours(c): int(s) for c, s in solve_board(endplay_position(state))}


# ------------------------------------------------------------------------------- random positions


@settings(max_examples=120)
@given(seed=st.integers(0, 2**32 - 1), strain=st.sampled_from(STRAIN_LETTERS),
       declarer=st.sampled_from(list(Seat)), played=st.integers(0, 51))
def test_best_moves_equal_endplay(seed: int, strain: str, declarer: Seat, played: int) -> None:
    state = deal_in_play(seed, strain, declarer, played)
    direct = endplay_moves(state)
    ours = best_moves(state)
    pos = position_of(state)
    assert set(ours) == set(direct) == {int(c) for c in state.legal_actions()}
    left = pos.tricks_left
    assert left == 13 - len(state.tricks)
    mover_is_declarer_side = state.next_seat.side == declarer.side
    for card, v in ours.items():
        assert v == (direct[card] if mover_is_declarer_side else left - direct[card])
    best = max(direct.values())
    assert solve(state) == (best if mover_is_declarer_side else left - best)
    assert pos.side == declarer.side and pos.to_play == state.next_seat


@settings(max_examples=100)
@given(seed=st.integers(0, 2**32 - 1), strain=st.sampled_from(STRAIN_LETTERS),
       declarer=st.sampled_from(list(Seat)), tricks=st.integers(0, 11), on_trick=st.integers(1, 3))
def test_mid_trick_positions_equal_endplay(seed: int, strain: str, declarer: Seat, tricks: int,
                                           on_trick: int) -> None:
    """One, two or three cards already on the trick."""
    state = deal_in_play(seed, strain, declarer, 4 * tricks + on_trick)
    assert len(state.trick) == on_trick
    direct = endplay_moves(state)
    ours = best_moves(state)
    left = 13 - tricks
    same = state.next_seat.side == declarer.side
    assert ours == {c: (v if same else left - v) for c, v in direct.items()}
    # the position given as bitmasks answers the same as the state
    pos = BridgePosition(tuple(state.hands), state.leader, declarer, tuple(state.trick), state.trump)
    assert best_moves(pos) == ours and solve(pos) == solve(state)


@settings(max_examples=15)
@given(seed=st.integers(0, 2**32 - 1), dealer=st.sampled_from(list(Seat)),
       vul=st.sampled_from([(False, False), (True, False), (False, True), (True, True)]))
def test_table_and_par_equal_endplay(seed: int, dealer: Seat, vul: tuple[bool, bool]) -> None:
    hands = Deal.random(random.Random(seed), first=1).hands
    ep = EpDeal(pbn(hands))
    table = calc_dd_table(ep)
    direct = {seat.letter: {s: int(table[EP_DENOM[s], Player(int(seat))]) for s in STRAIN_LETTERS} for seat in Seat}
    ours, ours_par = table_and_par(hands, dealer, vul)
    assert ours == direct == dd_table(hands)
    ep_vul = {(False, False): Vul.none, (True, False): Vul.ns, (False, True): Vul.ew, (True, True): Vul.both}[vul]
    p = par(table, ep_vul, Player(int(dealer)))
    assert ours_par["score"] == int(p.score) == par_result(hands, dealer, vul)["score"]
    assert len(ours_par["contracts"]) == len(list(p))


def test_table_and_par_from_a_state() -> None:
    state = deal_in_play(5, "H", Seat.SOUTH, 9)
    assert dd_table(state) == dd_table(state.original)
    assert par_result(state) == par_result(state.original, state.dealer, state.vulnerable)


@settings(max_examples=15)
@given(seed=st.integers(0, 2**32 - 1), strain=st.sampled_from(STRAIN_LETTERS), declarer=st.sampled_from(list(Seat)))
def test_opening_leads_agree_with_the_table(seed: int, strain: str, declarer: Seat) -> None:
    state = deal_in_play(seed, strain, declarer, 0)
    leads = opening_leads(state.original, declarer, state.trump)
    assert leads == endplay_moves(state) or leads == {c: 13 - v for c, v in endplay_moves(state).items()}
    # the defenders' best lead leaves declarer the table's tricks
    assert min(leads.values()) == dd_table(state.original)[declarer.letter][strain] == solve(state)


# ---------------------------------------------------------------------------------- known results

# Each hand holds one whole suit: North spades, East hearts, South diamonds, West clubs.
SUITS = tuple(Deal.from_text("deal AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432").hands)


def test_whole_suits_mid_trick() -> None:
    # 7S by North: East leads a heart; whatever anyone plays, North-South take every trick
    pos = BridgePosition(SUITS, Seat.EAST, Seat.NORTH, (), 3)
    assert pos.side == Side.NS
    assert solve(pos) == 13
    assert set(best_moves(pos).values()) == {13}
    ah = int(Card.parse("AH"))
    after = BridgePosition((SUITS[0], SUITS[1] & ~(1 << ah), SUITS[2], SUITS[3]), Seat.EAST, Seat.NORTH, (ah,), 3)
    assert solve(after) == 13 and set(best_moves(after).values()) == {13}
    assert len(best_moves(after)) == 13  # South is void in hearts: any diamond
    # in no-trump with East on lead, East runs thirteen hearts: declarer North takes none
    nt = BridgePosition(SUITS, Seat.EAST, Seat.NORTH, (), None)
    assert solve(nt) == 0
    # North on lead in no-trump (declarer West): North runs the spades, West's side takes none
    assert solve(BridgePosition(SUITS, Seat.NORTH, Seat.WEST, (), None)) == 0
    assert solve(BridgePosition(SUITS, Seat.NORTH, Seat.NORTH, (), None)) == 13


def test_last_trick_is_the_rules_winner() -> None:
    """One card each, three on the trick: the result is who wins the trick by the rules."""
    rng = random.Random(1)
    for _ in range(50):
        cards = rng.sample(range(52), 4)
        trump = rng.choice([None, 0, 1, 2, 3])
        leader = Seat(rng.randrange(4))
        declarer = Seat(rng.randrange(4))
        led = cards[0] // 13
        # the trick must be legal: a player who did not follow has no card of the suit led left
        if any(c // 13 != led for c in cards[1:3]) and cards[3] // 13 == led:
            continue
        hands = [0, 0, 0, 0]
        hands[leader.next(3)] = 1 << cards[3]
        pos = BridgePosition(tuple(hands), leader, declarer, tuple(cards[:3]), trump)
        winner = leader.next(natural_winner([Card(c) for c in cards], trump))
        assert solve(pos) == (1 if winner.side == declarer.side else 0)
        assert best_moves(pos) == {cards[3]: solve(pos)}


def test_finished_play_has_nothing_left() -> None:
    pos = BridgePosition((0, 0, 0, 0), Seat.NORTH, Seat.SOUTH)
    assert solve(pos) == 0 and best_moves(pos) == {}


# ------------------------------------------------------------------------------------------ errors


def test_impossible_positions_are_refused() -> None:
    n, e, s, w = SUITS
    with pytest.raises(CardroomError, match="in two hands"):
        solve(BridgePosition((n, n, s, w), Seat.EAST, Seat.NORTH))
    with pytest.raises(CardroomError, match="holds 12 cards but should hold 13"):
        solve(BridgePosition((n & (n - 1), e, s, w), Seat.EAST, Seat.NORTH))
    ah = int(Card.parse("AH"))
    with pytest.raises(CardroomError, match="on the trick and still in a hand"):
        solve(BridgePosition((n, e, s, w), Seat.EAST, Seat.NORTH, (ah,)))
    with pytest.raises(CardroomError, match="0 to 3 cards"):
        solve(BridgePosition((n, e, s, w), Seat.EAST, Seat.NORTH, (0, 1, 2, 3)))
    # South holds the king of hearts (East the two of diamonds instead); East leads the ace of hearts
    # and South discards a diamond: a revoke
    kh, two_d, three_d = (int(Card.parse(x)) for x in ("KH", "2D", "3D"))
    e2 = (e & ~(1 << kh) & ~(1 << ah)) | (1 << two_d)
    s2 = (s & ~(1 << two_d) & ~(1 << three_d)) | (1 << kh)
    with pytest.raises(CardroomError, match="revoke"):
        solve(BridgePosition((n, e2, s2, w), Seat.EAST, Seat.NORTH, (ah, three_d)))
    with pytest.raises(CardroomError, match="not a trump suit"):
        solve(BridgePosition(SUITS, Seat.EAST, Seat.NORTH, (), 7))


def test_states_outside_the_play_are_refused() -> None:
    state = GAME.new_deal(Seat.NORTH)
    with pytest.raises(CardroomError, match="play phase"):
        solve(state)
    state.apply(Deal.random(random.Random(2), first=1))
    with pytest.raises(CardroomError, match="play phase"):
        best_moves(state)
    with pytest.raises(CardroomError, match="13 cards"):
        dd_table((SUITS[0], SUITS[1], SUITS[2], 0))
    with pytest.raises(CardroomError, match="not dealt"):
        dd_table(GAME.new_deal(Seat.NORTH))
