"""The rule-based preferans player: bidding, talon, whisting, card play, legality and sanity."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, replace
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from cardroom.bots.preferans import (
    PreferansBot,
    _mis_force,
    defence_tricks,
    estimate_hand,
    hand_value,
    misere_danger,
)
from cardroom.core.cards import PIQUET_PACK_MASK, Card, CardSet, cards_of_mask, piquet_pack
from cardroom.core.deal import Deal, parse_hand
from cardroom.games.preferans.calls import (
    ACCEPT,
    CLOSED,
    HALF_WHIST,
    HERE,
    INVITE,
    MISERE,
    MISERE_NO_TALON,
    OPEN,
    PASS,
    PLAY,
    WHIST,
    PrefCall,
    conceded_of,
)
from cardroom.games.preferans.rules import PrefDeal, PrefView, deal_in_twos
from cardroom.games.preferans.variants import PrefVariant, make_variant

ENGINE = PrefVariant(ten_whisted=True, concede_max=0, misere_invitation=False)
"""The plain deal these tests were written for (a ten is whisted, no concession offered, no invitation to a
misère); a test turns on, by the variant's own names, the options it is about."""

# dealer 0 with three players: seat 1 is first hand, then seat 2, then seat 0


def new_deal(hands: dict[int, str], talon: str, players: int = 3, dealer: int = 0, **options: Any) -> PrefDeal:
    """A deal with the given hands (PBN: spades.hearts.diamonds.clubs) and talon; the active
    seats not given share the remaining cards (in pack order)."""
    d = PrefDeal(None, dealer=dealer, raspasy_round=1, rules=make_variant(ENGINE, **options),  # type: ignore[arg-type]
                 players=players)
    masks = {s: mask(h) for s, h in hands.items()}
    tal = mask(talon)
    used = tal
    for m in masks.values():
        assert m.bit_count() == 10
        used |= m
    rest = cards_of_mask(PIQUET_PACK_MASK & ~used)
    out = []
    for s in range(players):
        if s not in d.active:
            out.append(0)
        elif s in masks:
            out.append(masks[s])
        else:
            m = 0
            for c in rest[:10]:
                m |= 1 << c
            rest = rest[10:]
            out.append(m)
    d.apply(Deal(tuple(out), tal))
    return d


def do(d: PrefDeal, *actions: str) -> PrefDeal:
    for a in actions:
        d.apply(d.parse_action(a))
    return d


def bot(d: PrefDeal, seed: int = 0) -> Any:
    seat = d.to_act
    assert seat is not None and seat >= 0
    action = PreferansBot(seed).choose(d.view(seat))
    assert action in d.legal_actions()
    return action


def bot_plays(d: PrefDeal, n: int = 1) -> list[Any]:
    out = []
    for _ in range(n):
        a = bot(d)
        out.append(a)
        d.apply(a)
    return out


def mask(text: str) -> int:
    """A PBN hand in which ``-`` may stand for an empty suit."""
    return parse_hand(".".join("" if p == "-" else p for p in text.split(".")))


# ===================================================================== evaluation
def test_suit_tables() -> None:
    # AKQJ10 of trumps against 9 8 7: five tricks whatever the division
    assert abs(hand_value(mask("AKQJT.-.-.-") | mask("-.987.987.9"), 3) - 5.0) < 0.01
    # three side aces are three tricks in a spade game
    assert abs(hand_value(mask("-.A.A.A"), 3) - 3.0) < 0.01
    # in no-trump an unguarded suit costs tricks
    assert hand_value(mask("-.A.A.A"), None) < 1


def test_misere_search_knows_the_safe_holdings() -> None:
    # ranks as bits: 7 = bit 0 … A = bit 7; the opponents share the other cards
    def forced(d: int) -> bool:
        others = 0xFF & ~d
        return any(_mis_force(d, sub, others ^ sub) for sub in range(256) if sub & ~others == 0)

    assert not forced(0b0000_0001)  # the seven
    assert not forced(0b0001_0101)  # 7 9 J: one gap each
    assert forced(0b1000_0000)  # a bare ace
    assert forced(0b0000_0010)  # a bare eight can be caught (the seven led, the third hand void)
    assert misere_danger(mask("7.79.79J.7")) == 0.0


def test_defence_tricks_count_aces_and_guarded_kings() -> None:
    assert defence_tricks(mask("-.A.A.98"), 3) >= 1.7
    assert defence_tricks(mask("987.987.987.7"), 0) < 0.5
    assert defence_tricks(mask("AK.-.-.-"), None) >= 2


# ===================================================================== auction
def test_strong_spades_with_aces_bid_at_least_seven() -> None:
    hand = "AKQJT.A.A.A87"
    est = estimate_hand(mask(hand))
    assert est.best_game is not None and est.best_game.level >= 7
    d = new_deal({1: hand}, "8.8.-.-")
    first = bot(d)
    assert first == PrefCall.parse("6s")  # the lowest bid first
    do(d, "6s", "pass", "pass")
    bot_plays(d, 2)  # the discard
    contract = bot(d)
    assert contract.level >= 7 and contract.strain in (0, 4)


def test_weak_hand_passes() -> None:
    d = new_deal({1: "QJ8.QJ8.KJ8.Q"}, "7.7.-.-")
    assert bot(d) == PASS


def test_clean_low_hand_bids_misere() -> None:
    d = new_deal({1: "7.789.789.789"}, "A.A.-.-")
    assert bot(d) == MISERE


def test_bids_no_higher_than_it_can_make() -> None:
    # a fair six: it bids 6♠ and then passes over a seven
    d = new_deal({1: "AKJ98.A8.98.8"}, "7.7.-.-")
    assert bot(d) == PrefCall.parse("6s")
    do(d, "6s", "7s")
    if d.to_act == 0:
        do(d, "pass")
    assert bot(d) == PASS


def test_misere_without_talon_over_a_misere() -> None:
    d = new_deal({2: "79.79J.79J.79"}, "A.A.-.-")
    do(d, "misere")
    assert d.to_act == 2
    assert bot(d) == MISERE_NO_TALON


def test_misere_bidder_says_here_to_a_misere_without_talon() -> None:
    d = new_deal({2: "79.79J.79J.79"}, "A.A.-.-")
    do(d, "6s", "misere", "misere-wt", "pass")
    assert d.to_act == 2
    assert bot(d) == HERE


def test_says_here_with_priority() -> None:
    # first hand (seat 1) holds a good hand; seat 2 bids over its 6♠ with 6♣
    d = new_deal({1: "AKQ98.AK.A8.8"}, "7.7.-.-")
    do(d, "6s", "6c", "pass")
    assert d.to_act == 1
    assert bot(d) == HERE


# ===================================================================== talon and contract
def test_declarer_discards_the_two_worst_cards() -> None:
    d = new_deal({1: "AKQJT.AKQJ.A.-"}, "-.-.-.87")
    do(d, "6s", "pass", "pass")
    discards = bot_plays(d, 2)
    assert {str(c) for c in discards} == {"7C", "8C"}
    assert bot(d) >= PrefCall.parse("9s")


def test_declares_not_lower_than_the_bid() -> None:
    d = new_deal({1: "AK987.A8.K8.8"}, "-.7.7.-")
    do(d, "6s", "6c", "pass", "6d", "pass")
    assert d.declarer == 1
    bot_plays(d, 2)
    c = bot(d)
    assert isinstance(c, PrefCall) and c.is_game and c >= PrefCall.parse("6d")


def test_misere_discards_the_dangerous_cards() -> None:
    d = new_deal({1: "7.789.789.789"}, "A.A.-.-")
    do(d, "misere", "pass", "pass")
    discards = bot_plays(d, 2)
    assert {str(c) for c in discards} == {"AS", "AH"}


# ===================================================================== whisting
def _six_spades_by_seat_1(defender_hand: str) -> PrefDeal:
    d = new_deal({1: "AKQJ9.K8.K8.8", 2: defender_hand}, "-.7.7.-")
    do(d, "6s", "pass", "pass", "7h", "7d", "6s")
    assert d.phase == 4 and d.to_act == 2
    return d


def test_whists_with_two_sure_tricks_on_a_six() -> None:
    d = _six_spades_by_seat_1("T8.A9.A9.JT97")
    assert bot(d) == WHIST


def test_passes_without_tricks_on_a_six() -> None:
    d = _six_spades_by_seat_1("8.T9.T9.JT9QK")
    assert bot(d) == PASS


def test_lone_whister_chooses_open_on_a_seven_and_plays_both_hands() -> None:
    d = new_deal({1: "AKQJ9.AK.K8.8", 2: "T.Q9.A9.AKQ9T"}, "7.7.-.-")
    do(d, "6s", "pass", "pass", "7h", "7s", "7s")
    assert d.to_act == 2
    assert bot(d) == WHIST
    do(d, "whist", "pass")
    assert d.to_act == 2 and bot(d) == OPEN
    d.apply(OPEN)
    # the whister plays for the exposed partner's hand too
    played_for_partner = 0
    while not d.is_over:
        seat = d.to_act
        assert seat is not None
        v = d.view(seat)
        if v.hand_to_play != seat:
            assert seat == 2 and v.hand_to_play == 0 and 0 in v.exposed
            played_for_partner += 1
        c = PreferansBot(1).choose(v)
        assert c in v.legal
        d.apply(c)
    assert played_for_partner == 10


def test_half_whist_with_a_fair_hand_after_a_pass() -> None:
    d = new_deal({1: "AKQJ9.Q8.Q8.8", 0: "T7.AK.A9.KJT9"}, "-.7.7.-")
    do(d, "6s", "pass", "pass", "7h", "7d", "6s")
    assert d.to_act == 2
    do(d, "pass")
    assert bot(d) == HALF_WHIST


def test_whists_a_ten_whatever_the_hand() -> None:
    d = new_deal({1: "AKQJT.AKQ.AK.-"}, "-.7.7.-")
    do(d, "6s", "pass", "pass", "7h", "7d", "10s")
    assert bot(d) == WHIST


def test_the_four_handed_dealer_does_not_return_the_whist() -> None:
    d = new_deal({1: "AKQJ9.K8.K8.8"}, "-.7.7.-", players=4, dealer_returns_whist=True)
    assert d.active == (1, 2, 3)
    do(d, "6s", "pass", "pass", "7h", "7d", "6s", "pass", "pass")
    assert d.to_act == 0
    assert bot(d) == PASS


def test_defence_closed_with_a_strong_hand_on_a_six() -> None:
    d = new_deal({1: "AKQJ9.Q8.Q8.8", 2: "T.AK.AK.AKQ9T"}, "7.7.-.-")
    do(d, "6s", "pass", "pass", "7h", "7s", "6s", "whist", "pass")
    assert d.phase == 5
    assert bot(d) == CLOSED


# ===================================================================== concession, invitation
def test_concedes_a_hopeless_game_and_plays_a_good_one() -> None:
    d = new_deal({1: "98.987.987.98"}, "7.T.-.-", concede_max=10)
    do(d, "6s", "pass", "pass", "7s", "10h", "6s", "whist", "whist")
    assert d.phase == 8 and d.to_act == 1
    assert conceded_of(bot(d)) >= 2
    d = new_deal({1: "AKQJ9.A8.A8.8"}, "-.7.7.-", concede_max=10)
    do(d, "6s", "pass", "pass", "7h", "7d", "6s", "whist", "whist")
    assert bot(d) == PLAY


def test_invites_the_dealer_to_a_risky_misere_and_the_dealer_accepts() -> None:
    d = new_deal({1: "7.79K.79J.79A"}, "8.8.-.-", players=4, misere_invitation=True)
    assert bot(d) == MISERE
    do(d, "misere", "pass", "pass")
    assert d.to_act == 1 and bot(d) == INVITE
    do(d, "invite")
    assert d.to_act == 0 and bot(d) == ACCEPT


def test_plays_a_clean_misere_alone() -> None:
    d = new_deal({1: "7.789.789.789"}, "A.A.-.-", players=4, misere_invitation=True)
    do(d, "misere", "pass", "pass")
    assert bot(d) == PLAY


# ===================================================================== card play
def test_declarer_draws_trumps_with_the_master() -> None:
    d = new_deal({1: "AKQJ9.A8.A8.8", 2: "T8.KQ.KQ.AKQ9"}, "-.7.7.-")
    do(d, "6s", "pass", "pass", "7h", "7d", "7s", "whist", "whist")
    # the first hand (declarer) leads
    assert d.to_act == 1
    c = bot(d)
    assert c.suit == 3 and c.rank >= 11  # a master trump: the opponents hold the 10 8 7


def test_second_hand_plays_low() -> None:
    # seat 2 declares 6♥ with ♥AKQJ10 and ♠Q87; first hand leads the ♠9; the ace and king
    # of spades are out: the declarer, second hand, plays low
    d = new_deal({2: "Q87.AKQJT.A.8", 1: "9T.987.KQJ.KQ"}, "-.-.7.T")
    do(d, "pass", "6s", "pass", "7d", "10c", "6h", "whist", "whist")
    do(d, "9s")
    assert d.to_act == 2
    assert str(bot(d)) == "7S"


DEFENCE = {1: "AKQJ9.8.A8.87", 2: "T8.A9.KQ.AKQ9", 0: "7.KQJT.JT9.JT"}


def test_defender_stays_low_under_the_partners_winner() -> None:
    d = new_deal(DEFENCE, "-.7.7.-")
    do(d, "6s", "pass", "pass", "7h", "7d", "6s", "whist", "whist", "8h", "ah")
    assert d.to_act == 0
    assert str(bot(d)) == "10H"  # the partner's ace wins: the lowest heart


def test_defender_wins_as_cheaply_as_possible() -> None:
    d = new_deal(DEFENCE, "-.7.7.-")
    do(d, "6s", "pass", "pass", "7h", "7d", "6s", "whist", "whist", "8d")
    assert d.to_act == 2
    assert str(bot(d)) == "QD"  # second hand, the partner still to play: the cheaper of K Q
    do(d, "qd")
    assert str(bot(d)) == "9D"  # and the partner, third, plays low under it


def test_raspasy_ducks_under_the_winning_card() -> None:
    d = new_deal({1: "QJ.AQJ9.A.KQJ", 2: "78.KT8.98.AT9"}, "-.-.7.7", raspasy_talon_three="closed")
    do(d, "pass", "pass", "pass")
    assert d.kind == "raspasy"
    do(d, "QH")
    assert d.to_act == 2
    assert str(bot(d)) == "10H"  # the highest heart below the queen


def test_raspasy_sheds_a_high_card_when_void() -> None:
    d = new_deal({1: "QJ.AKQJ.A.KQJ", 2: "789T.-.98K.A98"}, "-.T.7.-", raspasy_talon_three="closed")
    do(d, "pass", "pass", "pass", "JH")
    c = bot(d)
    assert c.rank >= 13  # the king or the ace goes


def test_misere_declarer_plays_under() -> None:
    d = new_deal({1: "7.789.789.789"}, "A.A.-.-")
    do(d, "misere", "pass", "pass", "AS", "AH")
    # seat 1 leads a card nobody can play under, then plays under whenever it can
    c = bot(d)
    below = [x for x in cards_of_mask(PIQUET_PACK_MASK) if x.suit == c.suit and x.rank < c.rank]
    assert all(d.hands[1] >> x & 1 for x in below)
    d.apply(c)
    while not d.is_over:
        d.apply(bot(d, seed=d.to_act or 0))
    assert d.won[1] == 0


# ===================================================================== views and determinism
@dataclass(frozen=True)
class _MatchView:
    deal: PrefView


def test_accepts_a_match_view() -> None:
    d = new_deal({1: "AKQJT.A.A.A87"}, "8.8.-.-")
    v = d.view(1)
    assert PreferansBot(3).choose(_MatchView(v)) == PreferansBot(3).choose(v)


def _play_deal(players: int, seed: int, options: dict[str, Any] | None = None,
               times: list[float] | None = None) -> PrefDeal:
    rules = make_variant(ENGINE, **(options or {}))
    d = PrefDeal(None, dealer=seed % players, raspasy_round=1, rules=rules, players=players)  # type: ignore[arg-type]
    pack = piquet_pack()
    random.Random(seed).shuffle(pack)
    d.apply(deal_in_twos(pack, d.active, players))
    bots = [PreferansBot(seed * 10 + s) for s in range(players)]
    while not d.is_over:
        seat = d.to_act
        assert seat is not None and seat >= 0
        v = d.view(seat)
        t0 = time.perf_counter()
        a = bots[seat].choose(v)
        if times is not None:
            times.append(time.perf_counter() - t0)
        assert a in v.legal
        d.apply(a)
    return d


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from([3, 4]), st.sampled_from([
    {}, {"raspasy_talon_three": "closed", "raspasy_talon_four": "closed"},
    {"raspasy_talon_four": "dealer", "dealer_returns_whist": True},
    {"half_whist": False, "ten_whisted": False}, {"concede_max": 10, "misere_invitation": True},
]))
def test_the_bot_always_returns_a_legal_action(seed: int, players: int, options: dict[str, Any]) -> None:
    # the talon as the dealer's cards, the dealer's returned whist and the invitation to a misère are four-player
    # options: with three players the deal does not offer them
    d = _play_deal(players, seed, options)
    r = d.result()
    if r.kind in ("game", "misere", "raspasy"):
        assert sum(r.tricks) == 10


def test_the_bot_is_deterministic_for_a_seed() -> None:
    a = _play_deal(3, 7).history
    b = _play_deal(3, 7).history
    assert list(a) == list(b)


def test_declarers_make_most_of_their_contracts() -> None:
    played = made = 0
    seed = 0
    while played < 50:
        d = _play_deal(3, seed)
        seed += 1
        r = d.result()
        if r.kind == "game":
            played += 1
            made += r.declarer_tricks >= r.level
    assert made >= 0.6 * played, f"{made} of {played} contracts made"


def test_misere_declarers_mostly_succeed() -> None:
    tried = ok = 0
    for seed in range(300):
        r = _play_deal(3, seed).result()
        if r.kind == "misere":
            tried += 1
            ok += r.declarer_tricks == 0
    assert tried >= 5 and ok >= 0.7 * tried


def test_a_decision_takes_well_under_five_milliseconds() -> None:
    times: list[float] = []
    for seed in range(40):
        _play_deal(3, 1000 + seed, times=times)
    assert sum(times) / len(times) < 0.005


def test_refuses_a_view_without_legal_actions() -> None:
    d = new_deal({1: "AKQJT.A.A.A87"}, "8.8.-.-")
    for seat in (0, 2):
        try:
            PreferansBot(0).choose(d.view(seat))
        except ValueError:
            continue
        raise AssertionError("a seat not to act must be refused")
    assert isinstance(bot(d), PrefCall)
    do(d, "6s", "pass", "pass")
    assert isinstance(bot(d), Card)  # the discard


# ---------------------------------------------------------------------- the phases of issue 3

@settings(max_examples=20, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from([3, 4]), st.sampled_from([
    {"raspasy_with_passing": True, "raspasy_talon_three": "closed", "raspasy_talon_four": "closed"},
    {"whist_sequences": "ural", "dealer_returns_whist": True, "ten_whisted": True},
    {"choices_by_player": True, "raspasy_dealer": "talon", "raspasy_talon_four": "dealer"},
    {"preferans_declaration": True, "talon_refusal_penalty": "game"},
]))
def test_the_bot_acts_legally_in_every_new_phase(seed: int, players: int, options: dict[str, Any]) -> None:
    # the dealer's choice on raspasy, his returned whist and his talon cards are four-player options (above)
    d = _play_deal(players, seed, options)
    assert d.is_over


def test_the_bot_passes_its_highest_cards_and_chooses() -> None:
    from cardroom.games.preferans.calls import OFF_GORA, PREFERANS, TO_PULYA

    rules = make_variant(ENGINE, raspasy_with_passing=True, choices_by_player=True, preferans_declaration=True)
    d = PrefDeal(None, dealer=2, raspasy_round=1, rules=rules, players=3)  # type: ignore[arg-type]
    hands = (CardSet.parse("AS KS QS JS 10S 9S 8S 7S AH KH").mask, CardSet.parse(
        "QH JH 10H 9H 8H 7H AD KD QD JD").mask, CardSet.parse("10D 9D 8D 7D AC KC QC JC 10C 9C").mask)
    d.apply(Deal(hands, CardSet.parse("8C 7C").mask))
    bot = PreferansBot()
    # the «преферанс» hand on lead is declared
    d2 = d.clone()
    for c in ("6s", "pass", "pass"):
        d2.apply(PrefCall.parse(c))
    assert bot.choose(d2.view(0)) == PREFERANS
    for _ in range(3):
        d.apply(PrefCall.parse("pass"))
    v = d.view(0)
    # the most dangerous card goes: the ace of the short suit (long spades can be ducked under)
    assert v.phase == "passing" and bot.choose(v) == Card.parse("AH")
    assert bot.choose(v) in v.legal
    # the Piter choice: off the gora only with a gora to take it
    class _V:
        def __init__(self, deal: Any, gora: int) -> None:
            self.deal = deal
            self.sheet = {"gora": [gora, 0, 0]}

    dv = replace(v, phase="choice", legal=(TO_PULYA, OFF_GORA))
    assert bot.choose(_V(dv, 20)) == OFF_GORA and bot.choose(_V(dv, 0)) == TO_PULYA


def test_the_ural_bot_reduces_to_half_whist_when_left_alone_weak() -> None:
    rules = make_variant(ENGINE, whist_sequences="ural")
    d = PrefDeal(None, dealer=2, raspasy_round=1, rules=rules, players=3)  # type: ignore[arg-type]
    hands = (CardSet.parse("AS KS QS JS 10S 9S 8S AH KH QH").mask, CardSet.parse(
        "JH 10H 9H 8H 7H 7S AD 7D 8D 9D").mask, CardSet.parse("10D JD QD KD AC KC QC JC 10C 9C").mask)
    d.apply(Deal(hands, CardSet.parse("8C 7C").mask))
    for c in ("6s", "pass", "pass", "8C", "7C", "6s", "whist", "pass"):
        d.apply(d.parse_action(c))
    v = d.view(1)
    assert HALF_WHIST in v.legal
    assert PreferansBot().choose(v) == HALF_WHIST
