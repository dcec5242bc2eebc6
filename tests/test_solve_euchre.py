"""Euchre through the open-hand solver (cardroom.solve.euchre).

References: the euchre engine itself (``EuchreHand``: its bowers, following, lone hands) driven by a
plain exhaustive minimax written here (every legal card at every turn, positions remembered), on
random hands in play from the first lead (whole five-card deals) or any later point, mid-trick too;
and the worked cases of document 003: the claims about alternative lines in
``euchre-examples.json`` (``verified_by_perfect_information_search``) replayed through the audit.
"""

from __future__ import annotations

import json
import random
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardroom.core.cards import PIQUET_PACK_MASK, Card, Suit, cards_of_mask
from cardroom.core.errors import CardroomError
from cardroom.core.table import Seat
from cardroom.core.tricks import follow_mask, natural_winner
from cardroom.games.euchre.ranks import effective_suit, effective_suit_mask, legal_plays, strength, trick_winner
from cardroom.games.euchre.rules import PH_PLAY, EuchreDeal, EuchreHand
from cardroom.solve import tricks
from cardroom.solve.euchre import from_solver, solve_deal, solve_state, to_solver
from euchre_audit import CLAIM_LINES, _replay_prefix, audit_vector

RULES_DIR = Path(__file__).parents[2] / "shared" / "rules"
VECTORS: dict[str, dict[str, Any]] = {
    v["id"]: v for v in json.loads((RULES_DIR / "euchre-examples.json").read_text(encoding="utf-8"))}
PACK = cards_of_mask(PIQUET_PACK_MASK)


def engine_minimax(h: EuchreHand) -> int:
    return engine_values(h)[0]


def engine_values(h: EuchreHand) -> tuple[int, dict[Card, int]]:
    """The makers' tricks in the whole hand under best play, and after each legal card of the seat to move:
    every legal card tried at every turn (plain minimax, positions remembered), with the engine's own rules
    of following and winning (cardroom.games.euchre.ranks: the bowers are trumps, right bower highest)."""
    assert h.maker is not None and h.trump is not None
    makers = h.maker.side
    trump = h.trump
    active = h.active_seats()
    n = len(active)
    suit_of: dict[int, int] = {int(c): int(effective_suit(c, trump)) for c in PACK}
    eff_mask = [effective_suit_mask(Suit(s), trump) for s in range(4)]
    key_of: dict[int, tuple[int, int]] = {int(c): (2 if suit_of[c] == trump else 1, strength(c, trump)) for c in PACK}

    def winner(t: tuple[int, ...]) -> int:
        led = suit_of[t[0]]
        best, bk = 0, (0, 0)
        for j, c in enumerate(t):
            k = key_of[c] if suit_of[c] in (led, trump) else (0, 0)
            if k > bk:
                best, bk = j, k
        return best

    def children(hands: tuple[int, ...], leader: int, trick: tuple[int, ...]) -> list[tuple[int, int, Any]]:
        """(card, makers' tricks in this trick, the next position) for each legal card."""
        i = active.index(Seat(leader))
        seat = active[(i + len(trick)) % n]
        hand = hands[seat]
        legal = hand & eff_mask[suit_of[trick[0]]] if trick else hand
        out: list[tuple[int, int, Any]] = []
        for c in cards_of_mask(legal or hand):
            hs = list(hands)
            hs[seat] &= ~(1 << c)
            t = (*trick, int(c))
            if len(t) == n:
                w = active[(i + winner(t)) % n]
                out.append((int(c), int(w.side == makers), (tuple(hs), int(w), ())))
            else:
                out.append((int(c), 0, (tuple(hs), leader, t)))
        return out

    @cache
    def go(hands: tuple[int, ...], leader: int, trick: tuple[int, ...]) -> int:  # makers' tricks to come
        i = active.index(Seat(leader))
        seat = active[(i + len(trick)) % n]
        if not hands[seat]:
            return 0
        values = [won + go(*nxt) for _, won, nxt in children(hands, leader, trick)]
        return max(values) if seat.side == makers else min(values)

    root = (tuple(h.hands), int(h.trick_leader), tuple(int(c) for _, c in h.trick))
    per_card = {Card(c): h.won[makers] + won + go(*nxt) for c, won, nxt in children(*root)}
    return h.won[makers] + go(*root), per_card


def random_hand_in_play(rng: random.Random, plays: int, lone: bool | None = None) -> EuchreHand:
    """A random hand: random declarations (lone hands too; only lone hands or none if `lone` says so) until
    the trump is made, then `plays` random cards."""
    dealer = Seat(rng.randrange(4))
    while True:
        h = EuchreHand(None, dealer=dealer)
        h.apply(EuchreDeal.random(rng, dealer))
        while h.phase not in (PH_PLAY,) and not h.is_over:
            acts = h.legal_actions()
            texts = [h.action_text(a) for a in acts]
            bids = [a for a, t in zip(acts, texts, strict=True) if t != "pass"]
            a = rng.choice(bids) if bids and rng.random() < 0.4 else acts[texts.index("pass")] \
                if "pass" in texts else rng.choice(acts)
            h.apply(a)
        if h.phase == PH_PLAY and (lone is None or lone == (h.lone is not None)):
            break
    for _ in range(plays):
        if h.phase != PH_PLAY:
            break
        h.apply(rng.choice(h.legal_actions()))
    return h


# ------------------------------------------------------------------------ the remapping


@settings(max_examples=300)
@given(st.integers(0, 2**32 - 1))
def test_remapped_cards_follow_and_win_as_in_the_engine(seed: int) -> None:
    """With the bowers remapped, natural following and the natural trick winner equal euchre's."""
    rng = random.Random(seed)
    trump = Suit(rng.randrange(4))
    cards = rng.sample(PACK, 9)
    trick, hand = cards[:4], sum(1 << c for c in cards[4:])
    mapped = [to_solver(1 << c, trump).bit_length() - 1 for c in trick]
    assert natural_winner(mapped, int(trump)) == trick_winner(trick, trump)
    assert [from_solver(c, trump) for c in mapped] == trick
    led_suit = mapped[0] // 13
    assert follow_mask(to_solver(hand, trump), led_suit) == to_solver(legal_plays(hand, trick[0], trump), trump)


# ------------------------------------------------------------------------ against the engine


@settings(max_examples=60)
@given(st.integers(0, 2**32 - 1))
def test_whole_lone_hands_equal_exhaustive_search(seed: int) -> None:
    """Whole five-card lone hands from the first lead, and every opening lead."""
    h = random_hand_in_play(random.Random(seed), 0, lone=True)
    sol = solve_state(h, per_card=True)
    total, per_card = engine_values(h)
    assert (sol.tricks, sol.per_card) == (total, per_card)


@pytest.mark.parametrize("seed", [0, 3, 11])
def test_whole_deals_equal_exhaustive_search(seed: int) -> None:
    """Whole five-card deals of four hands from the first lead, and every opening lead (the exhaustive
    search takes seconds for each: a few seeds; the compiled core is checked against the Python search on
    many more below)."""
    h = random_hand_in_play(random.Random(seed), 0, lone=False)
    sol = solve_state(h, per_card=True)
    total, per_card = engine_values(h)
    assert sol.tricks == total
    assert sol.per_card == per_card
    assert set(sol.per_card) == set(h.legal_actions())


@settings(max_examples=150)
@given(st.integers(0, 2**32 - 1), st.integers(4, 15))
def test_later_positions_equal_exhaustive_search(seed: int, plays: int) -> None:
    """Any point of the play from the second trick on, mid-trick too, lone hands included."""
    h = random_hand_in_play(random.Random(seed), plays)
    if h.phase != PH_PLAY:
        return
    assert solve_state(h).tricks == engine_minimax(h)


@settings(max_examples=40)
@given(st.integers(0, 2**32 - 1))
def test_bare_deal_equals_the_state(seed: int) -> None:
    h = random_hand_in_play(random.Random(seed), 0)
    assert h.maker is not None and h.trump is not None
    a = solve_state(h, per_card=True)
    b = solve_deal(h.hands, h.trump, h.maker, leader=h.next_seat, lone=h.lone, per_card=True)
    assert (a.tricks, a.per_card, a.makers) == (b.tricks, b.per_card, b.makers)


@settings(max_examples=150)
@given(st.integers(0, 2**32 - 1))
def test_python_search_equals_the_core(seed: int) -> None:
    assert tricks._core is not None, "the compiled core is not built (make test's install step builds it)"
    from cardroom.solve.euchre import position_of

    h = random_hand_in_play(random.Random(seed), 0)
    pos = position_of(h)
    assert tricks.solve_stats_python(pos)[0] == tricks.solve_stats_core(pos)[0]
    assert tricks.best_moves_python(pos) == tricks.best_moves_core(pos)


# ------------------------------------------------------------------------ the worked cases of document 003

CLAIMS = [(case, claim) for case in CLAIM_LINES for claim in VECTORS[case]["expected"].get("claims", [])
          if CLAIM_LINES[case][claim["line"]].kind == "max"]


@pytest.mark.parametrize(("case", "claim"), CLAIMS, ids=[f"{c}:{cl['line'][:40]}" for c, cl in CLAIMS])
def test_document_claims_about_best_play(case: str, claim: dict[str, Any]) -> None:
    """Each claim "X total max N tricks" after the stated line: the solver gives N for that side."""
    import re

    line = CLAIM_LINES[case][claim["line"]]
    r = audit_vector(VECTORS[case], Seat.SOUTH)
    h = _replay_prefix(r, line.trick, line.plays)
    m = re.search(r"max (\d+) tricks", claim["verified_by_perfect_information_search"])
    assert m is not None
    sol = solve_state(h)
    assert h.maker is not None
    side = r.seats[line.side[0]].side
    got = sol.tricks if side == h.maker.side else 5 - sol.tricks
    assert got == int(m.group(1))


def test_case_one_overtrumping_with_the_right_bower_is_euchred() -> None:
    """Case I: at trick 1 (B ♦J, C ♦7, D ♣10) A's right bower ♣J lets the makers take only 2 tricks."""
    r = audit_vector(VECTORS["case-I"], Seat.SOUTH)
    h = _replay_prefix(r, 1, (("B", "JD"), ("C", "7D"), ("D", "10C")))
    sol = solve_state(h, per_card=True)
    assert sol.per_card[Card.parse("JC")] == 2
    assert sol.tricks == max(sol.per_card.values())


# ------------------------------------------------------------------------ errors


def test_bad_deals_are_refused() -> None:
    hands = ["AS KS QS JS 10S", "AH KH QH JH 10H", "AD KD QD JD 10D", "AC KC QC JC 10C"]
    assert solve_deal(hands, "H", "N", leader="E").tricks >= 0
    with pytest.raises(CardroomError, match="not 5"):
        solve_deal([*hands[:3], "AC KC"], "H", "N", leader="E")
    with pytest.raises(CardroomError, match="two hands"):
        solve_deal([hands[0], hands[0], hands[2], hands[3]], "H", "N", leader="E")
    with pytest.raises(CardroomError, match="sits out"):
        solve_deal(hands, "H", "N", leader="S", lone="N")
    with pytest.raises(CardroomError, match="not one of the makers"):
        solve_deal(hands, "H", "N", leader="S", lone="E")
    # lone=True: the maker himself plays alone
    assert solve_deal(hands, "H", "N", leader="E", lone=True) == solve_deal(hands, "H", "N", leader="E", lone="N")
    assert solve_deal(hands, "H", "N", leader="E", lone=False) == solve_deal(hands, "H", "N", leader="E")
    with pytest.raises(CardroomError, match="euchre pack"):
        solve_deal(["2S KS QS JS 10S", *hands[1:]], "H", "N", leader="E")
    with pytest.raises(CardroomError, match="play phase"):
        solve_state(EuchreHand(None, dealer=Seat.NORTH))
