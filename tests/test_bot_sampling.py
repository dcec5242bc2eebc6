"""Sampling the unseen cards of a seat's view (cardroom.bots.sampling): every sample is consistent with
the view, the true deal is always admitted, voids / talon / turn-up facts hold, draws are deterministic."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardroom.bots.sampling import Constraints, Sample, Sampler, constraints, inner_view, sample_deals
from cardroom.core.cards import SUIT_MASKS, Card, CardSet, Suit
from cardroom.core.errors import CardroomError
from cardroom.core.game import CHANCE, State
from cardroom.games import load
from cardroom.games.euchre.ranks import effective_suit, effective_suit_mask, left_bower

CONFIGS: list[tuple[str, dict[str, Any]]] = [
    ("bridge", {}),
    ("preferans", {}),
    ("preferans", {"players": 4}),
    ("preferans", {"variant": "rostov"}),
    ("preferans", {"variant": "ural", "players": 4}),
    ("preferans", {"variant": "kazakhstan"}),
    ("preferans", {"variant": "piter", "players": 4}),
    ("euchre", {}),
    ("euchre", {"sitting_out_dealer_takes_up": True}),
]


def _deal_state(match: State) -> Any:
    """The deal (hand) in progress inside a match state — the test's access to the truth."""
    inner = getattr(match, "deal", None)
    if inner is None or type(match).__name__ == "EuchreRubberState":
        inner = match.hand  # type: ignore[attr-defined]
    return inner


def _truth(deal: Any, c: Constraints) -> Sample:
    """The real position as a Sample: the hands in play (a laid-down euchre hand is out of play), the
    rest of the unseen cards outside them."""
    hands = list(deal.hands)
    laid = getattr(deal, "laid_down", None)
    if laid is not None:
        hands[int(laid)] = 0
    held = 0
    for h in hands:
        held |= h
    return Sample(tuple(hands), c.pool & ~held)


def rule_bot(name: str) -> Any:
    return load(name).bot("rule", 1)


def advance(match: State, rng: random.Random, steps: int, name: str) -> None:
    """``steps`` actions (chance included): the rule-based bot decides the bidding and talon phases (random
    calls mostly end a preferans deal by refusing the talon), cards are played at random or by the bot
    (the widest variety of voids)."""
    bot = rule_bot(name)
    for _ in range(steps):
        if match.is_over:
            return
        if match.to_act == CHANCE:
            match.apply(match.sample_chance(rng))
            continue
        legal = list(match.legal_actions())
        if all(type(a) is Card for a in legal) and rng.random() < 0.7:
            match.apply(rng.choice(legal))
        else:
            match.apply(bot.choose(match.view(int(match.to_act or 0))))


def _advance(match: State, rng: random.Random, steps: int, name: str = "bridge") -> None:
    advance(match, rng, steps, name)


def _sampleable(view: Any) -> Constraints | None:
    try:
        return constraints(view)
    except CardroomError as e:
        # documented: the hands change size while preferans cards are passed or the declarer discards
        assert "passing" in str(e) or "discards" in str(e) or "before the deal" in str(e), str(e)
        return None


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cfg=st.sampled_from(CONFIGS), seed=st.integers(0, 10**6), steps=st.integers(1, 60),
       weighted=st.booleans())
def test_every_sample_is_consistent_and_the_truth_is_admitted(cfg: tuple[str, dict[str, Any]], seed: int,
                                                              steps: int, weighted: bool) -> None:
    name, opts = cfg
    match = load(name, **opts).new_initial_state()
    rng = random.Random(seed)
    _advance(match, rng, steps, name)
    if match.is_over:
        return
    deal = _deal_state(match)
    if deal is None:
        return
    for seat in range(len(deal.hands)):
        view = match.view(seat)
        c = _sampleable(view)
        if c is None:
            continue
        truth = _truth(deal, c)
        assert c.admits(truth), f"{name} seat {seat}: the true deal is excluded"
        own = inner_view(view).hand
        for s in sample_deals(view, 3, seed=seed, weighted=weighted):
            assert c.admits(s)
            assert s.hands[seat] == own  # the seat's own cards unchanged
            everything = s.rest | c.located
            for h in s.hands:
                assert not everything & h
                everything |= h
            assert everything == c.pack  # each card exactly once


def test_the_sampler_reaches_the_true_layout_in_an_ending() -> None:
    """Late in a bridge deal few layouts remain: drawing many samples finds the true one."""
    game = load("bridge")
    deal = game.new_deal()  # type: ignore[attr-defined]
    rng = random.Random(7)
    deal.apply(deal.sample_chance(rng))
    while not (deal.phase == 2 and len(deal.tricks) >= 10):
        deal.apply(rng.choice(deal.legal_actions()))
    view = deal.view(int(deal.to_act))
    c = constraints(view)
    truth = _truth(deal, c)
    drawn = {s for s in sample_deals(view, 300, seed=1, weighted=False)}
    assert truth in drawn


def test_draws_are_deterministic_by_seed() -> None:
    match = load("bridge").new_initial_state()
    _advance(match, random.Random(3), 40)
    view = match.view(int(match.to_act or 0))
    a = sample_deals(view, 5, seed=11)
    b = sample_deals(view, 5, seed=11)
    assert a == b
    assert a != sample_deals(view, 5, seed=12)


# ----------------------------------------------------------------------------- particular facts
def _bridge_with_revoke_free_showout(seed: int) -> tuple[Any, int, int]:
    """A bridge deal played at random until some player has shown out of a suit; (deal, seat, suit)."""
    game = load("bridge")
    deal = game.new_deal()  # type: ignore[attr-defined]
    rng = random.Random(seed)
    deal.apply(deal.sample_chance(rng))
    while not deal.is_over:
        if deal.phase == 2 and deal.trick:
            led = deal.trick[0] // 13
            who = deal.next_seat
            if not deal.hands[who] & SUIT_MASKS[led]:
                card = rng.choice(deal.legal_actions())
                deal.apply(card)
                return deal, int(who), led
        deal.apply(rng.choice(deal.legal_actions()))
    raise AssertionError("nobody showed out")


def test_bridge_a_player_who_showed_out_gets_none_of_the_suit() -> None:
    for seed in range(5):
        deal, who, suit = _bridge_with_revoke_free_showout(seed)
        for seat in range(4):
            if seat == who or (deal.dummy is not None and who == int(deal.dummy)):
                continue
            for s in sample_deals(deal.view(seat), 20, seed=seed):
                assert not s.hands[who] & SUIT_MASKS[suit]


def test_preferans_a_player_who_neither_followed_nor_trumped_has_no_trumps() -> None:
    seen = 0
    for seed in range(200):
        match = load("preferans").new_initial_state()
        rng = random.Random(seed)
        deal = None
        while not match.is_over:
            if match.to_act == CHANCE:
                match.apply(match.sample_chance(rng))
                continue
            deal = match.deal
            if deal.phase == 6 and deal.kind == "game" and deal.trick and deal.contract.trump is not None:
                led = deal.trick[0][1] // 13
                trump = deal.contract.trump
                who = deal.next_seat
                hand = deal.hands[who]
                if led != trump and not hand & SUIT_MASKS[led] and not hand & SUIT_MASKS[trump]:
                    match.apply(rng.choice(list(match.legal_actions())))
                    for seat in deal.active:
                        if seat == who or who in deal.view(seat).exposed:
                            continue
                        for s in sample_deals(match.view(seat), 10, seed=seed):
                            assert not s.hands[who] & SUIT_MASKS[trump]
                            assert not s.hands[who] & SUIT_MASKS[led]
                    seen += 1
                    break
            advance(match, rng, 1, "preferans")
        if seen >= 3:
            break
    assert seen >= 3


def test_preferans_the_shown_talon_is_never_with_a_defender() -> None:
    checked = 0
    for seed in range(60):
        match = load("preferans").new_initial_state()
        rng = random.Random(seed)
        while not match.is_over:
            if match.to_act == CHANCE:
                match.apply(match.sample_chance(rng))
                continue
            deal = match.deal
            if deal.phase == 6 and deal.kind == "game" and not deal.open_defence:
                for seat in deal.active:
                    if seat == deal.declarer:
                        continue
                    view = match.view(seat)
                    talon = inner_view(view).talon
                    other = next(s for s in deal.active if s not in (seat, deal.declarer))
                    for s in sample_deals(view, 10, seed=seed):
                        assert not s.hands[other] & talon
                        assert not talon & ~deal.played & ~(s.hands[deal.declarer] | s.rest)
                    checked += 1
                break
            advance(match, rng, 1, "preferans")
        if checked >= 6:
            break
    assert checked >= 6


def test_euchre_the_taken_up_turn_up_is_in_the_dealers_hand_and_bowers_follow_trumps() -> None:
    checked = 0
    for seed in range(80):
        match = load("euchre").new_initial_state()
        rng = random.Random(seed)
        while not match.is_over:
            if match.to_act == CHANCE:
                match.apply(match.sample_chance(rng))
                continue
            hand = match.hand  # type: ignore[attr-defined]
            if hand is not None and hand.phase == "play" and hand.turn_up_state == "taken up" and \
                    hand.laid_down != hand.dealer:
                dealer = int(hand.dealer)
                for seat in range(4):
                    if seat == dealer or seat == (None if hand.laid_down is None else int(hand.laid_down)):
                        continue
                    for s in sample_deals(match.view(seat), 5, seed=seed):
                        assert s.hands[dealer] >> hand.turn_up & 1
                checked += 1
                break
            match.apply(rng.choice(list(match.legal_actions())))
        if checked >= 5:
            break
    assert checked >= 5


def test_euchre_void_in_trumps_excludes_the_left_bower_but_not_its_printed_suit() -> None:
    """A player who did not follow a trump lead has no left bower; one who did not follow the left
    bower's printed suit may still hold the left bower (Law 62: it is a trump)."""
    trump = Suit.HEARTS
    lb = left_bower(trump)  # J♦
    assert effective_suit(lb, trump) == trump
    # the masks the sampler uses
    assert effective_suit_mask(trump, trump) >> lb & 1
    assert not effective_suit_mask(Suit.DIAMONDS, trump) >> lb & 1
    found_trump_void = found_plain_void = 0
    for seed in range(400):
        match = load("euchre").new_initial_state()
        rng = random.Random(seed)
        while not match.is_over and (found_trump_void < 2 or found_plain_void < 2):
            if match.to_act == CHANCE:
                match.apply(match.sample_chance(rng))
                continue
            hand = match.hand  # type: ignore[attr-defined]
            if hand is not None and hand.phase == "play" and hand.trick:
                t = hand.trump
                led = effective_suit(hand.trick[0][1], t)
                who = hand.next_seat
                mask = effective_suit_mask(led, t)
                if not hand.hands[who] & mask:
                    match.apply(rng.choice(list(match.legal_actions())))
                    watcher = next(s for s in range(4) if s != int(who) and s != (
                        None if hand.laid_down is None else int(hand.laid_down)) and hand.hands[s])
                    lbw = left_bower(t)
                    samples = sample_deals(match.view(watcher), 20, seed=seed)
                    for s in samples:
                        assert not s.hands[int(who)] & mask
                    if led == t:
                        found_trump_void += 1
                        assert all(not s.hands[int(who)] >> lbw & 1 for s in samples)
                    elif led == lbw.suit:
                        found_plain_void += 1
                    break
            match.apply(rng.choice(list(match.legal_actions())))
        if found_trump_void >= 2 and found_plain_void >= 1:
            break
    assert found_trump_void >= 1


# ----------------------------------------------------------------------------- errors
def test_nothing_to_sample_before_the_deal_and_a_contradictory_view_is_refused() -> None:
    game = load("bridge")
    deal = game.new_deal()  # type: ignore[attr-defined]
    with pytest.raises(CardroomError, match="before the deal"):
        constraints(deal.view(0))
    deal.apply(deal.sample_chance(random.Random(1)))
    view = deal.view(0)
    # a view claiming more cards in hand than a hand can hold
    bad = dataclasses.replace(view, hand=view.hand | CardSet.parse("AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S").mask)
    with pytest.raises(CardroomError, match="inconsistent"):
        constraints(bad)
    with pytest.raises(CardroomError, match="not a bridge, preferans or euchre view"):
        Sampler(object())


def test_a_card_with_nowhere_to_go_is_reported() -> None:
    c = Constraints("bridge", 0, (1 << 4) - 1, (1, 0), (1, 1), (1, 0b0010), 0b1110, 2, 0b0010, 0)
    with pytest.raises(CardroomError, match="admits no deal"):
        c.check()
