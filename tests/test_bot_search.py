"""The search bot (cardroom.bots.search): always a legal action; in endings whose best play is known it
finds the only card that keeps the contract where the rule-based bot does not; the bidding searches
follow the laws' scores; the options (samples, time, seed) work."""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardroom.bots.bridge import BridgeBot
from cardroom.bots.preferans import PreferansBot
from cardroom.bots.sampling import Sample, constraints
from cardroom.bots.search import SearchBot, game_kind
from cardroom.core.cards import PIQUET_PACK_MASK, SUIT_MASKS, Card, CardSet, Suit
from cardroom.core.deal import Deal
from cardroom.core.errors import CardroomError
from cardroom.core.game import CHANCE
from cardroom.core.table import Seat
from cardroom.core.tricks import natural_winner
from cardroom.games import load
from cardroom.games.bridge.search import dds_best_moves
from cardroom.games.euchre.ranks import trick_winner
from cardroom.games.euchre.rules import ALONE, BID_PASS, EuchreDeal, EuchreHand
from cardroom.games.euchre.search import euchre_card_map
from cardroom.games.preferans.calls import PASS, WHIST, PrefCall
from cardroom.games.preferans.rules import PrefDeal

CONFIGS: list[tuple[str, dict[str, Any]]] = [("bridge", {}), ("preferans", {}), ("preferans", {"players": 4}),
                                             ("euchre", {})]


def _rule_bot(name: str) -> Any:
    return load(name).bot("rule", 1)


@settings(max_examples=16, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cfg=st.sampled_from(CONFIGS), seed=st.integers(0, 10**6), steps=st.integers(1, 60))
def test_the_search_bot_always_returns_a_legal_action(cfg: tuple[str, dict[str, Any]], seed: int, steps: int) -> None:
    name, opts = cfg
    match = load(name, **opts).new_initial_state()
    rng = random.Random(seed)
    bot = _rule_bot(name)
    for _ in range(steps):
        if match.is_over:
            return
        if match.to_act == CHANCE:
            match.apply(match.sample_chance(rng))
            continue
        legal = list(match.legal_actions())
        match.apply(rng.choice(legal) if all(type(a) is Card for a in legal) else bot.choose(
            match.view(int(match.to_act or 0))))
    while match.to_act == CHANCE and not match.is_over:
        match.apply(match.sample_chance(rng))
    if match.is_over:
        return
    deal: Any = getattr(match, "deal", None) if name != "euchre" else match.hand  # type: ignore[attr-defined]
    if name == "preferans" and deal.phase == 6 and len(deal.tricks) < 4:
        return  # an early misère costs seconds per sample in pure Python: kept out of the quick tests
    seat = int(match.to_act or 0)
    search = SearchBot(name, samples=2, time_per_decision=0.5, seed=seed)
    action = search.choose(match.view(seat))
    assert action in match.legal_actions()


# ----------------------------------------------------------------------------- bridge ending
# Found by replaying seeded deals with the rule-based bots (tests assert the solver's verdict at run
# time): 4♥ by West; the record reaches trick 10 with declarer's side to play.
BRIDGE_RECORD = [
    "deal .AQT.JT65.AJ8643 KJT.J32.A832.Q92 9763.8.KQ974.K75 AQ8542.K97654..T", "1C", "Pass", "1S", "Pass", "2C",
    "Pass", "Pass", "2H", "2NT", "4H", "Pass", "Pass", "Pass", "JD", "AD", "4D", "10C", "2H", "8H", "KH", "AH", "AC",
    "2C", "5C", "4H", "5H", "10H", "3H", "3S", "QH", "JH", "6S", "6H", "10D", "2D", "7D", "7H", "2S", "3C", "10S",
    "7S", "3D", "9D", "9H", "5D", "4S", "6D", "JS", "9S", "KS", "7C",
]


def _bridge_ending() -> Any:
    deal = load("bridge").new_deal()  # type: ignore[attr-defined]
    for text in BRIDGE_RECORD:
        deal.apply(deal.parse_action(text))
    return deal


def _layouts(view: Any) -> list[Sample]:
    """Every assignment of the hidden cards the view allows (two hidden hands, no rest)."""
    c = constraints(view)
    hidden = [s for s in range(4) if c.allowed[s] != c.known[s]]
    assert len(hidden) == 2 and c.rest_count == 0
    a, b = hidden
    cards = [x for x in range(52) if c.pool >> x & 1]
    out = []
    for combo in itertools.combinations(cards, c.counts[a] - c.known[a].bit_count()):
        m = sum(1 << x for x in combo)
        hands = list(c.known)
        hands[a] |= m
        hands[b] |= c.pool & ~m
        s = Sample(tuple(hands), 0)
        if c.admits(s):
            out.append(s)
    return out


def test_bridge_ending_only_one_card_keeps_the_contract_and_the_search_bot_finds_it() -> None:
    deal = _bridge_ending()
    assert str(deal.contract).startswith("4H")
    seat = int(deal.to_act)
    view = deal.view(seat)
    side = int(deal.hand_to_play) & 1
    assert side == int(deal.declarer) & 1
    need = deal.contract.level + 6 - deal.won[side]
    lays = _layouts(view)
    assert len(lays) > 10
    keeps = []
    for card in view.legal:
        if all(dds_best_moves(s.hands, int(deal.leader), tuple(deal.trick), deal.trump)[card] >= need for s in lays):
            keeps.append(card)
    assert keeps == [Card.parse("AS")], keeps  # in every layout the defence allows, only ♠A makes 4♥
    rule = BridgeBot(seed=0).choose(view)
    assert rule not in keeps  # the rule-based bot goes down
    assert SearchBot("bridge", samples=8, seed=5).choose(view) == keeps[0]


# ----------------------------------------------------------------------------- preferans ending
PREF_RECORD = [
    "deal A8.K87.J.AKJ8 KQ7.A9.A987.T J9.QJT.KT.Q97 | T..Q.", "6S", "pass", "6C", "here", "6D", "here", "6H", "pass",
    "8S", "10S", "6H", "whist", "pass", "open", "play", "AD", "10D", "JD", "7D", "KD", "QD", "9S", "AS", "7S", "AC",
    "10C", "7C", "8C", "9H", "9C", "QS", "JS", "7H",
]


def _pref_minimax(hands: dict[int, int], order: tuple[int, ...], trick: list[tuple[int, int]], mover: int,
                  trump: int | None, declarer: int) -> int:
    """The declarer's tricks from here with every hand open, by plain exhaustive search (follow suit, else
    trump, else anything; declarer maximises, the defenders minimise)."""
    if not any(hands.values()) and not trick:
        return 0
    hand = hands[mover]
    if trick:
        led = trick[0][1] // 13
        legal = hand & SUIT_MASKS[led] or (hand & SUIT_MASKS[trump] if trump is not None else 0) or hand
    else:
        legal = hand
    results = []
    for c in range(52):
        if not legal >> c & 1:
            continue
        h2 = dict(hands)
        h2[mover] &= ~(1 << c)
        t2 = [*trick, (mover, c)]
        if len(t2) == len(order):
            w = t2[natural_winner([x for _, x in t2], trump)][0]
            results.append((1 if w == declarer else 0) + _pref_minimax(h2, order, [], w, trump, declarer))
        else:
            nxt = order[(order.index(mover) + 1) % len(order)]
            results.append(_pref_minimax(h2, order, t2, nxt, trump, declarer))
    return max(results) if mover == declarer else min(results)


def test_preferans_ending_the_search_bot_plays_the_open_hand_best_card() -> None:
    """An open defence: the declarer sees every card, so the best play is exactly the exhaustive search's."""
    game = load("preferans")
    deal = PrefDeal(game, dealer=0)  # type: ignore[arg-type]
    for text in PREF_RECORD:
        deal.apply(deal.parse_action(text))
    declarer = deal.declarer
    assert deal.open_defence and declarer is not None and deal.to_act == declarer and deal.contract is not None
    view = deal.view(declarer)
    c = constraints(view)
    assert c.pool.bit_count() == c.rest_count  # nothing hidden in any hand
    mover = deal.next_seat
    trump = deal.contract.trump
    values = {}
    for card in view.legal:
        hands = {s: deal.hands[s] for s in deal.active}
        hands[mover] &= ~(1 << card)
        trick = [*deal.trick, (mover, card)]
        order = deal.active
        if len(trick) == 3:
            w = trick[natural_winner([x for _, x in trick], trump)][0]
            values[card] = (w == declarer) + _pref_minimax(hands, order, [], w, trump, declarer)
        else:
            nxt = order[(order.index(mover) + 1) % 3]
            values[card] = _pref_minimax(hands, order, trick, nxt, trump, declarer)
    best = max(values.values())
    best_cards = [card for card, v in values.items() if v == best]
    assert len(best_cards) == 1
    rule = PreferansBot(seed=0).choose(view)
    assert values[rule] < best  # the rule-based bot loses a trick here
    assert SearchBot("preferans", samples=3, seed=1).choose(view) == best_cards[0]


# ----------------------------------------------------------------------------- bidding searches
def _pref_deal_at_whist(defender_hand: str, declarer_hand: str, other: str, talon: str) -> PrefDeal:
    """Seat 1 bids 6♠ and the others pass; he takes the talon, discards the two lowest cards and declares
    6♠ (dealer 0: seat 1 is the first hand); the whist is seat 2's."""
    game = load("preferans")
    deal = PrefDeal(game, dealer=0)  # type: ignore[arg-type]
    hands = [CardSet.parse(other).mask, CardSet.parse(declarer_hand).mask, CardSet.parse(defender_hand).mask]
    deal.apply(Deal(tuple(hands), CardSet.parse(talon).mask))
    for call in ("6S", "pass", "pass"):
        deal.apply(deal.parse_action(call))
    twelve = deal.hands[1]
    low = sorted((c for c in CardSet(twelve) if c // 13 != Suit.SPADES), key=lambda c: c % 13)[:2]
    for c in low:
        deal.apply(c)
    deal.apply(deal.parse_action("6S"))
    assert deal.to_act == 2 and WHIST in deal.legal_actions()
    return deal


def test_preferans_whist_is_by_the_defence_tricks_against_the_obligation() -> None:
    # the six's obligation is four tricks (1997 Code): a defender with the top of three suits whists ...
    strong = _pref_deal_at_whist("AH KH QH AD KD QD AC KC QC 7S", "AS KS QS JS 10S 9S 8S JH 10H 9H",
                                 "8H 7H JD 10D 9D 8D JC 10C 9C 7C", "7D 8C")
    assert SearchBot("preferans", samples=3, seed=1).choose(strong.view(2)) == WHIST
    # ... one with nothing passes
    weak = _pref_deal_at_whist("7H 8H 9H 7D 8D 9D 7C 8C 9C 10C", "AS KS QS JS 10S 9S 8S AH KH QH",
                               "7S JH 10H AD KD QD JD AC KC QC", "JC 10D")
    assert SearchBot("preferans", samples=3, seed=1).choose(weak.view(2)) == PASS


def _pref_ten_top_tricks(variant: str) -> PrefDeal:
    """Seat 1 bid 6♠ and took the talon (K♣ A♣) with eight top spades and two aces: ten tricks whatever the
    defence; he is to discard."""
    game = load("preferans", variant=variant)
    deal = game.deal_class(game, dealer=0)  # type: ignore[attr-defined]
    hands = [CardSet.parse("7H 8H 9H 10H JH QH 7D 8D 9D 10D").mask,
             CardSet.parse("AS KS QS JS 10S 9S 8S 7S AH AD").mask,
             CardSet.parse("KH JD QD KD 7C 8C 9C 10C JC QC").mask]
    deal.apply(Deal(tuple(hands), CardSet.parse("KC AC").mask))
    for call in ("6S", "pass", "pass"):
        deal.apply(deal.parse_action(call))
    return deal  # type: ignore[no-any-return]


@pytest.mark.parametrize(("variant", "values"), [
    ("sochi", {6: 2, 7: 4, 8: 6, 9: 8, 10: 10}),  # 004 §2.8 the general system
    ("leningrad", {6: 3, 7: 6, 8: 9, 9: 12, 10: 15}),  # §2.8 «ленинградская роспись»
    ("greek", {6: 2, 7: 7, 8: 8, 9: 9, 10: 10}),  # §10.4.3: 6♠ 2, a suit seven 7 …
    ("foreign-f2", {6: 4}),  # §10.2: spades' ordinal 2, doubled with the talon
])
def test_preferans_the_declarers_expected_score_is_the_variants_price(variant: str, values: dict[int, int]) -> None:
    """A spade contract the cards make in every sample scores, in the search, exactly what the variant's sheet
    gives it: the price of the variant's own table, not the Sochi one."""
    deal = _pref_ten_top_tricks(variant)
    deal.apply(Card.parse("KC"))
    deal.apply(Card.parse("AC"))
    ev = SearchBot("preferans", samples=2, seed=1).evaluate(deal.view(1))
    assert ev.measure == "points"
    spades = {PrefCall(a).level: score for (a, _), score in zip(ev.candidates, ev.scores, strict=True)
              if PrefCall(a).is_game and PrefCall(a).strain == 0 and not PrefCall(a).without_talon}
    assert spades == values


def test_preferans_the_declarer_names_the_game_his_cards_make() -> None:
    """Eight top spades and two aces take all ten tricks whatever the defence: ten spades (the highest
    price) is named over the six bid."""
    deal = _pref_ten_top_tricks("sochi")
    assert type(deal) is PrefDeal
    deal.apply(Card.parse("KC"))
    deal.apply(Card.parse("AC"))
    view = deal.view(1)
    ev = SearchBot("preferans", samples=2, seed=1).evaluate(view)
    assert ev.action == PrefCall.parse("10S")
    assert ev.candidates[0][1] == 10.0


def _euchre_round1(east: str, turn: str) -> EuchreHand:
    rest = [c for c in CardSet(PIQUET_PACK_MASK & ~CardSet.parse(east).mask & ~Card.parse(turn).mask)]
    random.Random(4).shuffle(rest)
    hands: dict[str | Seat, str | list[str | Card]] = {
        "E": east, "S": list(rest[:5]), "W": list(rest[5:10]), "N": list(rest[10:15])}
    hand = EuchreHand(dealer=Seat.NORTH)
    hand.apply(EuchreDeal.of(hands, turn))
    assert hand.to_act == Seat.EAST
    return hand


def test_euchre_the_top_five_trumps_go_alone_and_a_hand_without_trumps_passes() -> None:
    # Law 3: a lone hand that takes all five tricks scores 4, a march with the partner 2
    hand = _euchre_round1("JH JD AH KH QH", "10H")
    ev = SearchBot("euchre", samples=4, seed=1).evaluate(hand.view(Seat.EAST))
    assert ev.action.kind == ALONE and ev.action.suit == Suit.HEARTS
    assert ev.scores[0] == 4.0 and ev.candidates[0][1] == 5.0
    hand = _euchre_round1("7C 8C 7S 8S 9D", "10H")
    assert SearchBot("euchre", samples=4, seed=1).choose(hand.view(Seat.EAST)) == BID_PASS


def test_the_euchre_card_map_is_a_bijection_that_orders_trumps_like_the_laws() -> None:
    for trump in Suit:
        m = euchre_card_map(trump)
        assert sorted(m) == sorted(set(m.values())) or len(set(m.values())) == len(m)
        cards = [Card(c) for c in m]
        rng = random.Random(int(trump))
        for _ in range(200):
            plays = rng.sample(cards, 4)
            mapped = [m[c] for c in plays]
            assert trick_winner(plays, trump) == natural_winner(mapped, int(trump))


# ----------------------------------------------------------------------------- options
def test_options_time_limit_seed_and_errors() -> None:
    deal = _bridge_ending()
    view = deal.view(int(deal.to_act))
    quick = SearchBot("bridge", samples=50, time_per_decision=1e-9, seed=3).evaluate(view)
    assert quick.samples == 1  # the time is spent after the first sample
    a = SearchBot("bridge", samples=4, seed=9).evaluate(view)
    b = SearchBot("bridge", samples=4, seed=9).evaluate(view)
    assert a.candidates == b.candidates and a.action == b.action
    assert game_kind("Юкер") == "euchre" and game_kind("contract-bridge") == "bridge"
    with pytest.raises(CardroomError, match="no search bot"):
        SearchBot("whist")
    with pytest.raises(CardroomError, match="at least one sample"):
        SearchBot("bridge", samples=0)
    with pytest.raises(CardroomError, match="positive"):
        SearchBot("bridge", time_per_decision=0)
    other = deal.view((int(deal.to_act) + 1) % 4)
    with pytest.raises(CardroomError, match="no legal action"):
        SearchBot("bridge").choose(other)


def _endplay_best_moves(hands: tuple[int, ...], leader: int, trick: tuple[int, ...],
                        trump: int | None) -> dict[int, int]:
    """The reference: endplay's solve_board called directly, from its own text deal (one thread)."""
    from endplay.dds import solve_board
    from endplay.types import Card as EpCard
    from endplay.types import Deal as EpDeal
    from endplay.types import Denom, Player

    from cardroom.core.deal import hand_text

    full = list(hands)
    for i, c in enumerate(trick):
        full[(leader + i) % 4] |= 1 << c
    deal = EpDeal("N:" + " ".join(hand_text(h) for h in full))
    deal.first = Player(leader)
    deal.trump = Denom(4 if trump is None else 3 - trump)
    for c in trick:
        deal.play(EpCard(str(Card(c))[-1] + "23456789TJQKA"[c % 13]))
    out: dict[int, int] = {}
    for ep, tricks in solve_board(deal):
        suit = 3 - int(ep.suit)
        rank = int(ep.rank).bit_length() - 1
        out[suit * 13 + rank - 2] = int(tricks)
    return out


def test_the_bridge_solver_path_equals_endplay_called_directly() -> None:
    deal = load("bridge").new_deal()  # type: ignore[attr-defined]
    rng = random.Random(2)
    deal.apply(deal.sample_chance(rng))
    checked = 0
    while not deal.is_over:
        if deal.phase == 2 and len(deal.tricks) % 3 == 0:
            args = (tuple(deal.hands), int(deal.leader), tuple(int(c) for c in deal.trick), deal.trump)
            assert dds_best_moves(*args) == _endplay_best_moves(*args)
            checked += 1
        deal.apply(rng.choice(deal.legal_actions()))
    assert checked >= 8


def test_a_deal_under_the_laws_is_left_to_the_rule_based_bot() -> None:
    """Document 002's laws mode allows revokes and penalty cards: the sampler's facts would not be facts."""
    game = load("bridge", laws=True)
    deal = game.new_deal()  # type: ignore[attr-defined]
    deal.apply(deal.sample_chance(random.Random(1)))
    bot = BridgeBot(seed=1)
    while deal.phase == 1:
        deal.apply(bot.choose(deal.view(deal.to_act)))
    view = deal.view(deal.to_act)
    assert view.laws
    ev = SearchBot("bridge", samples=2).evaluate(view)
    assert ev.method == "rule" and ev.action in view.legal
    with pytest.raises(CardroomError, match="under the laws"):
        constraints(view)
