"""Issue 3: the «преферанс» declaration (§3.11), talon refusal (C9), Ural whisting (§7.3, see also the
vectors test), raspasy with passing (§8 item 8), the Piter choices and mandatory raspasy (§9), the Ural time
limit (§7.7) — as engine behaviour: actions, history, replay, views, scoring."""

from __future__ import annotations

import random
from fractions import Fraction
from functools import cache
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardroom.core.cards import PIQUET_PACK_MASK, SUIT_MASKS, CardSet
from cardroom.core.deal import Deal
from cardroom.core.errors import IllegalAction
from cardroom.games.preferans.calls import (
    OFF_GORA,
    PREFERANS,
    REFUSE_TALON,
    TO_PULYA,
    PrefCall,
    game_bid,
)
from cardroom.games.preferans.declaration import is_preferans_hand, preferans_discard, takes_all_tricks
from cardroom.games.preferans.game import Preferans, PulkaState
from cardroom.games.preferans.pulka import PulkaSheet
from cardroom.games.preferans.result import PrefDealResult
from cardroom.games.preferans.rules import PH_CHOICE, PH_DISCARD, PH_OVER, PH_PASSING, PH_PLAY, PrefDeal
from cardroom.games.preferans.scoring import PrefEntry, SheetState, score_deal
from cardroom.games.preferans.variants import make_variant

H1 = "AS KS QS JS 10S 9S 8S 7S AH KH"  # with the talon 8C 7C: ten sure tricks on lead
H2 = "QH JH 10H 9H 8H 7H AD KD QD JD"
H3 = "10D 9D 8D 7D AC KC QC JC 10C 9C"
TALON = "8C 7C"


def _m(text: str) -> int:
    return CardSet.parse(text).mask


def _pulka(variant: str, players: int = 3, hands: tuple[str, str, str] = (H1, H2, H3), talon: str = TALON,
           **opts: object) -> PulkaState:
    """A pulka whose first deal (dealer seat 0: active seats 1, 2, 0 with 3 players, 1, 2, 3 with 4) gives
    ``hands`` to the active seats in order, the first hand first."""
    state = Preferans(variant, players=players, **opts).new_initial_state()
    masks = [0] * players
    for seat, text in zip(state.deal.active, hands, strict=True):
        masks[seat] = _m(text)
    state.apply(Deal(tuple(masks), _m(talon)))
    return state


def _do(state: PulkaState | PrefDeal, *texts: str) -> None:
    for t in texts:
        state.apply(state.parse_action(t))


# ---------------------------------------------------------------------- 1. the «преферанс» declaration

def _solve(decl: int, a: int, b: int, leader: int) -> bool:
    """Exhaustive no-trump search: does the declarer (hand ``decl``) take every remaining trick against the
    defenders' hands ``a`` and ``b`` (seats 0 = declarer, 1 = a, 2 = b in play order), ``leader`` to lead?"""

    @cache
    def go(d: int, x: int, y: int, lead: int) -> bool:
        if not d:
            return True
        hands = [d, x, y]
        order = [lead, (lead + 1) % 3, (lead + 2) % 3]

        live = d | x | y

        def cards(h: int, suit: int | None) -> list[int]:
            if suit is not None and h & SUIT_MASKS[suit]:
                h &= SUIT_MASKS[suit]
            out = []
            for c in range(64):
                if not h >> c & 1:
                    continue
                above = live & SUIT_MASKS[c // 13] & ~((2 << c) - 1)
                if above and h >> ((above & -above).bit_length() - 1) & 1:
                    continue  # the next card up is his too: the two are equivalent
                out.append(c)
            return out

        def trick(i: int, played: list[tuple[int, int]], hs: list[int]) -> bool:
            if i == 3:
                led = played[0][1] // 13
                w = max((p for p in played if p[1] // 13 == led), key=lambda p: p[1])[0]
                if w != 0:
                    return False
                return go(hs[0], hs[1], hs[2], 0)
            seat = order[i]
            suit = None if not played else played[0][1] // 13
            opts = cards(hs[seat], suit)
            results = []
            for c in opts:
                nh = list(hs)
                nh[seat] &= ~(1 << c)
                results.append(trick(i + 1, [*played, (seat, c)], nh))
                if seat == 0 and results[-1]:
                    return True
                if seat != 0 and not results[-1]:
                    return False
            return all(results) if seat != 0 else any(results)

        return trick(0, [], hands)

    return go(decl, a, b, leader)


def _random_strong_hand(rng: random.Random) -> int:
    """Twelve cards biased to the top of each suit (so that some qualify)."""
    suits = list(range(4))
    rng.shuffle(suits)
    lengths = rng.choice([(8, 2, 2, 0), (6, 3, 3, 0), (5, 4, 3, 0), (5, 3, 2, 2), (4, 4, 2, 2), (7, 3, 2, 0),
                          (4, 3, 3, 2), (6, 4, 2, 0)])
    hand = 0
    for s, n in zip(suits, lengths, strict=True):
        ranks = list(range(12, 4, -1))  # ace … seven
        top = ranks[:max(0, n - rng.randint(0, 1))]
        rest = [r for r in ranks if r not in top]
        picked = top + rng.sample(rest, n - len(top))
        for r in picked:
            hand |= 1 << (s * 13 + r)
    return hand


def _defender_split(defenders: int, rng: random.Random) -> tuple[int, int]:
    cards = [c for c in range(64) if defenders >> c & 1]
    rng.shuffle(cards)
    a = sum(1 << c for c in cards[:10])
    return a, defenders & ~a


def test_the_structural_rule_agrees_with_exhaustive_search() -> None:
    """A hand the rule accepts takes all ten tricks on random holdings of the defenders (either may hold
    anything; lead as the rule assumes); a hand it refuses loses a trick to some holding — the one the rule
    names (a defender holding all of the failing suit, and leading it when the declarer is not on lead)."""
    rng = random.Random(7)
    checked_yes = checked_no = 0
    for _ in range(400):
        if checked_yes >= 25 and checked_no >= 40:
            break
        hand = _random_strong_hand(rng)
        defenders = PIQUET_PACK_MASK & ~hand
        for on_lead in (True, False):
            disc = preferans_discard(hand, on_lead)
            if disc is not None:
                if checked_yes >= 25:
                    continue
                kept = hand & ~disc
                for _ in range(2):
                    a, b = _defender_split(defenders, rng)
                    assert _solve(kept, a, b, 0 if on_lead else 1), CardSet(hand)
                checked_yes += 1
            elif checked_no < 40:
                # the best discard still loses a trick to the adversarial holding of the failing suit
                for d in [x for x in combinations([c for c in range(64) if hand >> c & 1], 2)][:8]:
                    kept = hand & ~((1 << d[0]) | (1 << d[1]))
                    bad = next(s for s in range(4) if not takes_all_tricks(kept & SUIT_MASKS[s],
                                                                           defenders & SUIT_MASKS[s], on_lead))
                    suit_cards = defenders & SUIT_MASKS[bad]
                    others = [c for c in range(64) if (defenders & ~suit_cards) >> c & 1]
                    fill = 10 - suit_cards.bit_count()
                    a = suit_cards | sum(1 << c for c in others[:fill])
                    b = defenders & ~a
                    assert not _solve(kept, a, b, 0 if on_lead else 1), (CardSet(hand), CardSet(kept))
                checked_no += 1
    assert checked_yes >= 25 and checked_no >= 40


def test_declaration_of_a_correct_hand_ends_the_game_and_scores_section_3_11() -> None:
    state = _pulka("sochi")  # seat 1 is the first hand with H1 and the lead
    _do(state, "6s", "pass", "pass")
    deal = state.deal
    assert deal.phase == PH_DISCARD and PREFERANS in deal.legal_actions()
    assert is_preferans_hand(deal.hands[1], on_lead=True)
    state.apply(PREFERANS)
    assert state.is_over  # «игра заканчивается»
    r = state.results[-1]
    assert r.kind == "preferans" and r.declarer == 1 and r.preferans_shown == _m(H1) | _m(TALON)
    sheet = state.sheet
    # vector pref-sochi-preferans-declaration: gora 0, every pulya closed, 1000 whists on each other player
    assert sheet.gora(1) == 0
    assert all(sheet.pulya(s) >= 20 for s in range(3))
    for x in (0, 2):
        assert sheet.whists(1, x) == 1000 + 20 * 10  # the bonus, and closing his pulya at 10 a point
    # shown to all: the other seats' views carry the twelve cards
    for seat in (0, 2):
        assert state.visible_mask(seat) & r.preferans_shown == r.preferans_shown
    # replayable
    again = state.game.replay(state.history)
    assert again.snapshot() == state.snapshot()


def test_declaration_of_a_hand_that_is_not_preferans_goes_on_to_the_discard() -> None:
    # the same cards but with the second hand as talon-taker: not on lead, void in diamonds → the defence
    # can lead a diamond, so the hand does not qualify
    state = _pulka("sochi", hands=(H2, H1, H3))
    _do(state, "pass", "6s", "pass")
    deal = state.deal
    assert deal.declarer == 2 and not is_preferans_hand(deal.hands[2], on_lead=False)
    state.apply(PREFERANS)
    assert deal.phase == PH_DISCARD and not state.is_over
    shown = deal.preferans_shown
    assert shown == _m(H1) | _m(TALON)
    for seat in (0, 1):  # the hand was shown to all
        assert state.visible_mask(seat) & shown == shown
        assert state.view(seat).deal.exposed[2] == shown
    assert PREFERANS not in deal.legal_actions()  # once
    with pytest.raises(IllegalAction):
        state.apply(PREFERANS)
    _do(state, "8C", "7C")
    with pytest.raises(IllegalAction):
        state.apply(PrefCall.parse("pass"))
    assert str(deal.legal_actions()[0]) == "6S"  # not lower than his bid


def test_declaration_only_where_the_variant_has_it() -> None:
    for variant in ("moscow", "ural", "leningrad"):
        state = _pulka(variant)
        _do(state, "6s", "pass", "pass")
        assert PREFERANS not in state.legal_actions()
    state = _pulka("moscow", preferans_declaration=True)
    _do(state, "6s", "pass", "pass")
    assert PREFERANS in state.legal_actions()


# ---------------------------------------------------------------------- 5. talon refusal (Sochi C9)

@pytest.mark.parametrize(("penalty", "expected"), [("game", 4), ("fixed", 2)])
def test_talon_refusal_writes_the_penalty_and_passes_the_deal(penalty: str, expected: int) -> None:
    state = _pulka("sochi", talon_refusal_penalty=penalty)
    _do(state, "7s", "pass", "pass")
    assert REFUSE_TALON in state.legal_actions()
    state.apply(REFUSE_TALON)
    r = state.results[-1]
    assert r.kind == "talon-refused" and r.declarer == 1 and r.level == 7
    # §3.10 item 2: «по стоимости объявленной игры в гору или просто – 2»: the dealer's gora (C9 reading)
    assert state.sheet.gora(0) == expected and state.sheet.gora(1) == 0
    assert state.dealer == 1 and state.deal.phase == 0  # the deal passes on
    assert state.game.replay(state.history).snapshot() == state.snapshot()


def test_talon_refusal_whose_gora_option_and_not_offered_without_the_convention() -> None:
    state = _pulka("sochi", talon_refusal_penalty="game", talon_refusal_gora="refuser")
    _do(state, "7s", "pass", "pass", "refuse-talon")
    assert state.sheet.gora(1) == 4 and state.sheet.gora(0) == 0
    state = _pulka("sochi")
    _do(state, "7s", "pass", "pass")
    assert REFUSE_TALON not in state.legal_actions()
    with pytest.raises(IllegalAction):
        state.apply(REFUSE_TALON)
    state = _pulka("sochi", talon_refusal_penalty="game")
    _do(state, "7s", "pass", "pass", "8C")
    snap = state.snapshot()
    with pytest.raises(IllegalAction):
        state.apply(REFUSE_TALON)  # after the first discard the talon is taken
    assert state.snapshot() == snap


def test_a_refused_talon_does_not_end_a_raspasy_series() -> None:
    sheet = PulkaSheet("sochi", 3)
    rasp = PrefDealResult(3, 0, (1, 2, 0), "raspasy", None, None, 0, (3, 3, 4), (), (), None, None, False, 0, 1)
    sheet.add(rasp)
    refused = PrefDealResult(3, 1, (2, 0, 1), "talon-refused", 2, int(game_bid(6, 0)), 6, (0, 0, 0), (), (), None,
                             None, False, 0, 0)
    sheet.add(refused)
    assert sheet.next_raspasy_round() == 2


# ---------------------------------------------------------------------- 3. raspasy with passing (Kazakh)

def test_raspasy_with_passing_mechanics_and_hidden_information() -> None:
    state = _pulka("kazakhstan", raspasy_with_passing=True)
    _do(state, "pass", "pass", "pass")
    d = state.deal
    assert d.phase == PH_PASSING and d.to_act == 1
    assert d.hands[1] == _m(H1) | _m(TALON)  # the first hand took the talon unseen
    assert state.visible_mask(2) & d.talon == 0 and state.visible_mask(0) & d.talon == 0
    _do(state, "AS", "KS")  # seat 1 → seat 2
    assert d.to_act == 2 and d.hands[2].bit_count() == 12
    assert state.visible_mask(0) & _m("AS KS") == 0  # face down: only giver and receiver see them
    assert state.visible_mask(1) & _m("AS KS") == _m("AS KS")
    assert state.view(2).deal.passed == _m("AS KS")
    _do(state, "AS", "JD")  # seat 2 → seat 0 (AS goes on round)
    assert d.to_act == 0 and d.hands[0].bit_count() == 12
    assert state.visible_mask(1) & _m("JD") == 0 and state.visible_mask(0) & _m("JD") == _m("JD")
    _do(state, "AS", "9C")  # the third hand discards two
    assert d.phase == PH_PLAY and all(d.hands[s].bit_count() == 10 for s in range(3))
    assert d.discard == _m("AS 9C") and state.visible_mask(1) & _m("9C") == 0
    assert state.view(0).deal.discard == _m("AS 9C") and state.view(2).deal.discard == 0
    assert not d.trick  # the talon is not turned: it was taken
    while d.phase == PH_PLAY:
        state.apply(state.legal_actions()[0])
    r = state.results[-1]
    assert r.kind == "raspasy" and sum(r.tricks) == 10
    assert state.game.replay(state.history).snapshot() == state.snapshot()


def test_raspasy_without_passing_by_default() -> None:
    state = _pulka("kazakhstan")
    _do(state, "pass", "pass", "pass")
    assert state.deal.phase == PH_PLAY
    with pytest.raises(IllegalAction):
        _pulka("kazakhstan", raspasy_with_passing=True).apply(PrefCall.parse("whist"))


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from([3, 4]))
def test_passing_keeps_every_card_in_one_place_and_views_honest(seed: int, players: int) -> None:
    game = Preferans("kazakhstan", players=players, raspasy_with_passing=True)
    state = game.new_initial_state()
    rng = random.Random(seed)
    state.apply(state.sample_chance(rng))
    for _ in range(3):
        state.apply(PrefCall.parse("pass"))
    while state.deal.phase in (PH_PASSING, PH_PLAY):
        for seat in range(players):
            v = state.view(seat)
            assert v.shown_mask() & ~state.visible_mask(seat) == 0
        seen = 0
        for mask in state.card_places().values():
            assert seen & mask == 0
            seen |= mask
        assert seen == PIQUET_PACK_MASK
        state.apply(rng.choice(state.legal_actions()))


# ---------------------------------------------------------------------- 4. Piter: choices, mandatory raspasy

def test_piter_unwhisted_game_the_player_chooses_double_off_the_gora() -> None:
    game = Preferans("piter", players=3)
    d = game.new_deal(dealer=0)
    d.apply(Deal((_m(H3), _m(H1), _m(H2)), _m(TALON)))
    _do(d, "7s", "pass", "pass", "8C", "7C", "7s", "pass", "pass")
    assert d.phase == PH_CHOICE and d.to_act == 1 and d.legal_actions() == [TO_PULYA, OFF_GORA]
    snap = d.snapshot()
    with pytest.raises(IllegalAction):
        d.apply(PrefCall.parse("whist"))
    assert d.snapshot() == snap
    d.apply(OFF_GORA)
    assert d.phase == PH_OVER
    r = d.result()
    assert r.kind == "unplayed" and r.choices == ((1, "gora_double"),)
    # §9.4: «в двойном размере списаны с горы»: a seven (4 points) → 8 off a gora of 10
    st0 = SheetState.empty(3).apply([PrefEntry("gora", 1, None, Fraction(10), "setup")])
    es = score_deal(r, make_variant("piter"), st0)
    assert [(e.kind, e.seat, e.points) for e in es if e.kind != "whists"] == [("gora", 1, Fraction(-8))]
    # the same deal chosen into the pulya
    d2 = game.new_deal(dealer=0)
    for a in d.history[:-1]:
        d2.apply(a)
    d2.apply(TO_PULYA)
    es = score_deal(d2.result(), make_variant("piter"), st0)
    assert [(e.kind, e.seat, e.points) for e in es if e.kind != "whists"] == [("pulya", 1, Fraction(4))]


def test_piter_raspasy_zero_the_player_chooses() -> None:
    # the round's first deal is mandatory raspasy; seat 0 holds the lowest cards and takes no trick
    low = "7S 8S 9S 7H 8H 9H 7C 8C 7D 8D"
    state = _pulka("piter", hands=("AS KS QS JS 10S AH KH QH JH 10H", "AC KC QC JC 10C AD KD QD JD 10D", low),
                   talon="9C 9D")
    d = state.deal
    assert d.kind == "raspasy" and d.phase == PH_PLAY
    while d.phase == PH_PLAY:
        state.apply(state.legal_actions()[0])
    # seat 2's clubs win the first talon trick and every lead after: seats 1 and 0 take nothing, and each
    # chooses in turn from the first hand
    assert d.phase == PH_CHOICE and d.won == [0, 0, 10] and d.choice_queue == [1, 0]
    state.apply(TO_PULYA)
    assert d.to_act == 0
    state.apply(OFF_GORA)
    r = state.results[-1]
    assert r.choices == ((1, "pulya"), (0, "gora_double"))
    assert state.sheet.pulya(1) == 2
    # §9.2 «либо 4 очка в пулю, либо 8 очков с горы»: at 2 a trick, 4 off the gora; his gora is empty, so
    # what the gora cannot take goes into the pulya at single size (documented choice)
    assert state.sheet.pulya(0) == 2


def _deal_9_over_misere() -> PrefDeal:
    game = Preferans("piter", players=3)
    d = game.new_deal(dealer=0)
    d.apply(Deal((_m(H3), _m(H1), _m(H2)), _m(TALON)))
    return d


def test_piter_nine_over_a_misere_failed_forces_raspasy() -> None:
    d = _deal_9_over_misere()
    # seat 2 bids misère, seat 1 (first hand) outbids it with a nine
    _do(d, "6s", "misere", "pass", "9s", "pass", "8C", "7C", "9s", "whist", "whist")
    assert d.calls[1][1].is_misere and d.declarer == 1
    _do(d, "concede-2")
    r = d.result()
    assert r.kind == "game" and r.level == 9 and r.undertricks == 2 and r.outbid_misere
    sheet = PulkaSheet("piter", 3)
    rasp = PrefDealResult(3, 2, (0, 1, 2), "raspasy", None, None, 0, (3, 3, 4), (), (), None, None, False, 0, 1)
    sheet.add(rasp)
    made = PrefDealResult(3, 0, (1, 2, 0), "game", 1, int(game_bid(7, 0)), 7, (1, 2, 7), (2,), (0,), None, None,
                          False, 0, 0, whist_calls=((2, "whist"), (0, "pass")))
    sheet.add(made)
    assert not sheet.mandatory_raspasy()
    sheet.add(r)
    # vector pref-piter-mandatory-raspasy: down two → raspasy at 4 a trick
    assert sheet.mandatory_raspasy() and sheet.next_raspasy_price() == 4


def test_a_nine_without_a_misere_in_the_auction_is_not_outbid() -> None:
    d = _deal_9_over_misere()
    _do(d, "6s", "pass", "9s", "pass", "8C", "7C", "9s", "whist", "whist", "concede-2")
    assert not d.result().outbid_misere


# ---------------------------------------------------------------------- 6. Ural time limit (§7.7)

def _made_six(players: int, dealer: int, declarer: int) -> PrefDealResult:
    active = tuple((dealer + i) % players for i in range(1, players + 1) if players == 3 or (dealer + i) % players
                   != dealer)[:3]
    tricks = [0] * players
    tricks[declarer] = 6
    for s in active:
        if s != declarer:
            tricks[s] += 2
    return PrefDealResult(players, dealer, active, "unplayed", declarer, int(game_bid(6, 0)), 6, tuple(tricks), (),
                          tuple(s for s in active if s != declarer), None, None, False, 0, 0)


def test_ural_time_limit_a_last_round_then_the_first_closed_pulya() -> None:
    v = make_variant("ural", time_limit_rounds=1, pulya_length=4)
    sheet = PulkaSheet(v, 3)
    sheet.add(_made_six(3, 0, 1))
    sheet.add(_made_six(3, 1, 1))  # seat 1's pulya is closed (4): without the limit the game would end
    assert sheet.pulya(1) == 4 and not sheet.is_over
    assert PulkaSheet.from_results(sheet.results, make_variant("ural", pulya_length=4), 3).is_over
    sheet.add(_made_six(3, 2, 2))
    assert sheet.last_round_announced() and not sheet.is_over  # the time is out: the last round from seat 0
    for dealer in (0, 1, 2):
        assert not sheet.is_over
        sheet.add(_made_six(3, dealer, 2))
    assert sheet.is_over  # after the last round, a pulya is closed


def test_ural_time_limit_play_goes_on_until_a_pulya_closes() -> None:
    v = make_variant("ural", time_limit_rounds=1, pulya_length=40)
    sheet = PulkaSheet(v, 3)
    for n in range(6):
        sheet.add(_made_six(3, n % 3, (n + 1) % 3))
    assert sheet.time_over() and not sheet.is_over  # nobody has 40
    n = 6
    while not sheet.is_over:
        sheet.add(_made_six(3, n % 3, 1))
        n += 1
    assert sheet.pulya(1) >= 40


# ---------------------------------------------------------------------- 2. Ural whisting: scoring of a return

def test_ural_second_returns_a_reduced_whist_and_writes_as_the_whister() -> None:
    """«Вист – Пас – Полвиста – Вист»: the second defender returns the whist and is the lone whister; on a six
    down one he writes the Ural 28 whists (vector pref-ural-six-down-one: «вистовавший записывает 28 вистов»),
    the passer's consolation included (§7.1), the first defender nothing."""
    game = Preferans("ural", players=3)
    d = game.new_deal(dealer=2)
    d.apply(Deal((_m(H1), _m(H2), _m(H3)), _m(TALON)))
    _do(d, "6s", "pass", "pass", "8C", "7C", "6s", "whist", "pass")
    assert [str(a) for a in d.legal_actions()] == ["closed", "open", "half-whist"]
    _do(d, "half-whist")
    assert d.to_act == 2 and [str(a) for a in d.legal_actions()] == ["whist", "pass"]
    _do(d, "whist", "closed", "concede-1")
    r = d.result()
    assert r.returned_by == 2 and r.whisters == (2,) and r.passers == (1,) and r.half_whister is None
    assert [c for _, c in r.whist_calls] == ["whist", "pass", "half-whist", "whist"]
    es = score_deal(r, make_variant("ural"))
    on_decl = {e.seat: e.points for e in es if e.kind == "whists" and e.on == 0}
    assert on_decl == {2: 28}


def test_ural_half_whist_that_stands_with_three_players() -> None:
    game = Preferans("ural", players=3)
    d = game.new_deal(dealer=2)
    d.apply(Deal((_m(H1), _m(H2), _m(H3)), _m(TALON)))
    _do(d, "6s", "pass", "pass", "8C", "7C", "6s", "whist", "pass", "half-whist", "pass")
    r = d.result()
    assert r.kind == "unplayed" and r.half_whister == 1
    # the half-whister writes whists for half the obligation (six: 2 tricks at 2)
    es = score_deal(r, make_variant("ural"))
    assert [(e.seat, e.on, e.points) for e in es if e.kind == "whists"] == [(1, 0, Fraction(4))]
