"""The Russian variants as their players keep them (issue 16 point 6): each rule by a deal that shows it.

* Piter races «Сталинград» (004 §9.4 «6 пик вистуется обязательно»): a 6♠ is whisted by both defenders,
  the whist engine refuses a pass or a half-whist, and the deal is scored with two whisters;
* Ural «Игр без прикупа нет» (004 §7.2): the auction offers no misère without the talon;
* Leningrad: a pulya point is worth two gora points at the settlement (20 whists against 10);
* Kazakhstan: the options ``consolation="no_passer"`` (the dealer writes his consolation, the passer not)
  and ``whist_quota="personal"`` (each whister short of his own half), on and off, with exact figures.

Figures are worked by hand in the comments from the rules quoted in docs/rules/preferans.md.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardroom.core.cards import Card, CardSet
from cardroom.core.deal import Deal
from cardroom.core.errors import IllegalAction
from cardroom.games.preferans.calls import (
    HALF_WHIST,
    MISERE,
    MISERE_NO_TALON,
    PASS,
    PLAY,
    TO_PULYA,
    WHIST,
    PrefCall,
    game_bid,
)
from cardroom.games.preferans.pulka import PulkaSheet
from cardroom.games.preferans.result import PrefDealResult
from cardroom.games.preferans.rules import PH_CHOICE, PH_CONCEDE, PH_OVER, PH_PLAY, PH_WHIST, PrefDeal
from cardroom.games.preferans.scoring import PrefEntry, score_deal, whister_shortfalls
from cardroom.games.preferans.variants import VARIANTS, PrefVariant, make_variant

# Seat 0 (the first hand): all spades and AK of hearts — a sure 6♠; seats 1 and 2 the rest.
H1 = "AS KS QS JS 10S 9S 8S 7S AH KH"
H2 = "QH JH 10H 9H 8H 7H AD KD QD JD"
H3 = "10D 9D 8D 7D AC KC QC JC 10C 9C"
TALON = "8C 7C"


def _dealt(variant: PrefVariant, players: int = 3) -> PrefDeal:
    """A deal of ``variant`` with the hands above on the active seats 0, 1, 2 (first hand 0)."""
    d = PrefDeal(None, dealer=players - 1, raspasy_round=1, rules=variant, players=players)  # type: ignore[arg-type]
    hands = [0] * players
    for seat, text in zip(d.active, (H1, H2, H3), strict=True):
        hands[seat] = CardSet.parse(text).mask
    d.apply(Deal(tuple(hands), CardSet.parse(TALON).mask))
    return d


def _to_whist(variant: PrefVariant, contract: str, players: int = 3) -> PrefDeal:
    """Seat 0 bids ``contract``, the others pass, he discards the talon back and names ``contract``."""
    d = _dealt(variant, players)
    for call in (contract, "pass", "pass"):
        d.apply(PrefCall.parse(call))
    for card in TALON.split():
        d.apply(Card.parse(card))
    d.apply(PrefCall.parse(contract))
    assert d.phase == PH_WHIST and str(d.contract) == contract.upper()
    return d


def _play_out(d: PrefDeal) -> None:
    if d.phase == PH_CONCEDE:
        d.apply(PLAY)
    while d.phase == PH_PLAY:
        d.apply(d.legal_actions()[0])
    assert d.phase == PH_OVER


# ---------------------------------------------------------------------- Piter: «Сталинград»

PITER = VARIANTS["piter"]


def test_piter_keeps_stalingrad_by_default() -> None:
    assert PITER.stalingrad and PITER.whist_compulsory(game_bid(6, 0))
    assert not PITER.whist_compulsory(game_bid(6, 1)) and not PITER.whist_compulsory(game_bid(7, 0))
    assert not PITER.whist_compulsory(MISERE) and not PITER.whist_compulsory(None)
    assert not any(v.stalingrad for n, v in VARIANTS.items() if n != "piter")  # Piter's convention only


@pytest.mark.parametrize("players", [3, 4])
def test_stalingrad_both_defenders_whist_a_six_of_spades(players: int) -> None:
    d = _to_whist(PITER, "6s", players)
    first, second = d.active[1], d.active[2]
    assert d.to_act == first and d.legal_actions() == [WHIST]  # no pass, no half-whist
    with pytest.raises(IllegalAction) as e:
        d.apply(PASS)
    assert e.value.key == "pref.stalingrad" and e.value.params["seat"] == first
    assert "Сталинград" in e.value.text("ru") and "Stalingrad" in e.value.text("en")
    d.apply(WHIST)
    assert d.to_act == second and d.legal_actions() == [WHIST]
    for refused in (PASS, HALF_WHIST):
        with pytest.raises(IllegalAction) as e:
            d.apply(refused)
        assert e.value.key == "pref.stalingrad"
    d.apply(WHIST)
    assert d.whisters == [first, second] and not d.open_defence  # two whisters: a closed defence
    assert d.phase == PH_CONCEDE  # Piter's «без одной», «без двух» are still the declarer's (concede_max 2)
    _play_out(d)
    r = d.result()
    assert r.kind == "game" and r.whisters == (first, second) and r.passers == ()
    assert r.tricks[0] == 10 and r.whist_calls == ((first, "whist"), (second, "whist"))
    es = score_deal(r, PITER)
    # made 6♠ (price 2) into the pulya; the whisters took nothing: each is two short of his half of the
    # obligation 4, half-responsible (§9.4 «вист … полуответственный»): 2 × 2 × ½ = 2 into each gora
    assert _sums(es, "pulya") == {0: 2}
    assert _sums(es, "gora") == {first: 2, second: 2}
    assert not [e for e in es if e.kind == "whists"]


@pytest.mark.parametrize(("variant", "contract"), [
    (make_variant("piter", stalingrad=False), "6s"),  # the convention off: the Code's whisting
    (PITER, "6c"),  # Stalingrad is the six of spades only
    (PITER, "7s"),
    (VARIANTS["sochi"], "6s"),
])
def test_without_stalingrad_a_defender_may_pass(variant: PrefVariant, contract: str) -> None:
    d = _to_whist(variant, contract)
    assert d.legal_actions() == [WHIST, PASS]
    d.apply(PASS)
    assert PASS in d.legal_actions()
    d.apply(PASS)  # both passed: the game stands unplayed (or, on a six, a half-whist was possible)
    if d.phase == PH_CHOICE:
        d.apply(TO_PULYA)  # Piter §9.4: the declarer of an unwhisted game chooses the pulya or the gora
    assert d.phase == PH_OVER and d.result().kind == "unplayed" and d.result().whisters == ()


def test_the_bot_whists_a_stalingrad() -> None:
    from cardroom.bots.preferans import PreferansBot

    d = _to_whist(PITER, "6s")
    bot = PreferansBot()
    for _ in range(2):
        seat = d.to_act
        assert seat is not None
        a = bot.choose(d.view(seat))
        assert a == WHIST
        d.apply(a)
    assert len(d.whisters) == 2


# ---------------------------------------------------------------------- Ural: «Игр без прикупа нет»

URAL = VARIANTS["ural"]


@pytest.mark.parametrize("players", [3, 4])
def test_ural_offers_no_misere_without_talon(players: int) -> None:
    d = _dealt(URAL, players)
    legal = d.legal_actions()
    assert MISERE in legal and MISERE_NO_TALON not in legal  # the first hand's first call
    assert not any(isinstance(c, PrefCall) and c.without_talon for c in legal)
    with pytest.raises(IllegalAction) as e:
        d.apply(MISERE_NO_TALON)
    assert e.value.key == "pref.may_not_call"
    d.apply(PrefCall.parse("6s"))
    assert MISERE in d.legal_actions() and MISERE_NO_TALON not in d.legal_actions()  # nor for the next hand
    assert not URAL.offers_misere_without_talon() and not URAL.games_without_talon


def test_misere_without_talon_elsewhere_and_by_option() -> None:
    for name in ("sochi", "leningrad", "moscow", "kazakhstan", "piter"):
        assert MISERE_NO_TALON in _dealt(VARIANTS[name]).legal_actions(), name
    # a table that wants it in Ural sets both options; either one alone keeps it out
    assert MISERE_NO_TALON in _dealt(make_variant("ural", games_without_talon=True,
                                                  misere_without_talon=True)).legal_actions()
    assert MISERE_NO_TALON not in _dealt(make_variant("ural", misere_without_talon=True)).legal_actions()
    assert MISERE_NO_TALON not in _dealt(make_variant("sochi", games_without_talon=False)).legal_actions()


# ---------------------------------------------------------------------- Leningrad: a pulya point is two


def _game(players: int, tricks: Sequence[int], whisters: Sequence[int], passers: Sequence[int] = (),
          declarer: int = 0, level: int = 6, dealer: int | None = None,
          calls: Sequence[tuple[int, str]] = ()) -> PrefDealResult:
    dealer = players - 1 if dealer is None else dealer
    active = tuple(s for s in ((dealer + i) % players for i in range(1, players + 1))
                   if players == 3 or s != dealer)
    return PrefDealResult(players, dealer, active, "game", declarer, int(game_bid(level, 0)), level, tuple(tricks),
                          tuple(whisters), tuple(passers), None, None, False, 0, 0, whist_calls=tuple(calls))


def test_leningrad_settlement_counts_a_pulya_point_as_two_gora_points() -> None:
    lenin = VARIANTS["leningrad"]
    assert lenin.pulya_to_gora_factor == 2 and lenin.gora_whist_rate == 10
    sheet = PulkaSheet(lenin, 3)
    sheet.add(_game(3, (6, 2, 2), (1, 2)))  # seat 0 makes 6♠ (Leningrad price 3); each whister 2 × 3 = 6
    sheet.add(_game(3, (2, 7, 1), (0, 2), declarer=1, level=7, dealer=0))  # seat 1 makes 7♠: 6; whists 12, 6
    assert tuple(sheet.state.total_pulya) == _f(3, 6, 0) and tuple(sheet.state.total_gora) == _f(0, 0, 0)
    s = sheet.settle()
    # the pulya is 30: the shortfalls 27, 24, 30 go into the gora doubled: 54, 48, 60
    assert s.gora == _f(54, 48, 60)
    # each pair: the difference × 10 / 3 whists by the one with less: 0 on 2: 6 × 10/3 = 20, 1 on 0: 20,
    # 1 on 2: 12 × 10/3 = 40
    assert s.gora_whists == (_f(0, 0, 20), _f(20, 0, 40), _f(0, 0, 0))
    # whists for the tricks: 1 → 0: 6, 2 → 0: 6, 0 → 1: 12, 2 → 1: 6
    assert s.whists[1][0] == 6 and s.whists[2][0] == 6 and s.whists[0][1] == 12 and s.whists[2][1] == 6
    # balance = written − written on him: seat 0: 12 + 20 − 12 − 20 = 0; seat 1: 6 + 60 − 18 = 48;
    # seat 2: 12 − 60 = −48
    assert s.balance == _f(0, 48, -48)
    # the same count by points: 20 whists a pulya point, −10 a gora point, plus the whist balance, about the mean
    by_points = [20 * p - 10 * g for p, g in zip(sheet.state.total_pulya, sheet.state.total_gora, strict=True)]
    assert s.balance == _about_mean(by_points, s)
    # the one-to-one count (as Sochi) is still the option: gora 27, 24, 30 → 10, 10 and 20 whists
    old = PulkaSheet(make_variant("leningrad", pulya_to_gora_factor=1), 3)
    for r in sheet.results:
        old.add(r)
    o = old.settle()
    assert o.gora == _f(27, 24, 30) and o.gora_whists == (_f(0, 0, 10), _f(10, 0, 20), _f(0, 0, 0))
    assert o.balance == _f(0, 18, -18)


def _f(*xs: int) -> tuple[Fraction, ...]:
    return tuple(Fraction(x) for x in xs)


def _about_mean(values: Sequence[int | Fraction], s: object) -> tuple[Fraction, ...]:
    """Each player's ``values`` plus his whist balance, less the mean (what the settlement's balance is)."""
    wh = s.whists  # type: ignore[attr-defined]
    n = len(values)
    own = [Fraction(values[a]) + sum((wh[a][b] - wh[b][a] for b in range(n) if b != a), Fraction(0))
           for a in range(n)]
    mean = sum(own, Fraction(0)) / n
    return tuple(x - mean for x in own)


_GAMES = st.builds(
    lambda players, declarer, level, d_tricks, split, two: (players, declarer, level, d_tricks, split, two),
    st.sampled_from([3, 4]), st.integers(0, 2), st.integers(6, 8), st.integers(0, 10), st.integers(0, 10),
    st.booleans())


@settings(max_examples=40, deadline=None)
@given(st.lists(_GAMES, min_size=1, max_size=8), st.sampled_from([3, 4]))
def test_leningrad_balance_is_twenty_a_pulya_point_and_ten_a_gora_point(games: list[tuple[int, ...]],
                                                                        players: int) -> None:
    lenin = make_variant("leningrad", pulya_length=200)  # long, so that no pulya closes and nothing helps
    sheet = PulkaSheet(lenin, players)
    for k, (_, di, level, dt, split, two) in enumerate(games):
        dealer = k % players
        active = [s for s in ((dealer + i) % players for i in range(1, players + 1)) if players == 3 or s != dealer]
        decl = active[di]
        defs = [s for s in active if s != decl]
        tricks = [0] * players
        tricks[decl] = dt
        tricks[defs[0]] = min(split, 10 - dt)
        tricks[defs[1]] = 10 - dt - tricks[defs[0]]
        whisters = tuple(defs) if two else (defs[0],)
        passers = () if two else (defs[1],)
        sheet.add(PrefDealResult(players, dealer, tuple(active), "game", decl, int(game_bid(level, 0)), level,
                                 tuple(tricks), whisters, passers, None, None, False, 0, 0))
    s = sheet.settle()
    by_points = [20 * p - 10 * g for p, g in zip(sheet.state.total_pulya, sheet.state.total_gora, strict=True)]
    assert s.balance == _about_mean(by_points, s)


# ---------------------------------------------------------------------- Kazakhstan: the two options

KAZAKH = VARIANTS["kazakhstan"]


def _whists(es: Sequence[PrefEntry]) -> dict[tuple[int, int], Fraction]:
    out: dict[tuple[int, int], Fraction] = {}
    for e in es:
        if e.kind == "whists":
            assert e.on is not None
            out[e.seat, e.on] = out.get((e.seat, e.on), Fraction(0)) + e.points
    return out


def _sums(es: Sequence[PrefEntry], kind: str) -> dict[int, Fraction]:
    out: dict[int, Fraction] = {}
    for e in es:
        if e.kind == kind:
            out[e.seat] = out.get(e.seat, Fraction(0)) + e.points
    return out


def test_kazakh_consolation_of_the_dealer_but_not_of_the_passer() -> None:
    # six down one with four players: seat 0 plays, seat 1 whists (5 tricks), seat 2 passes, seat 3 deals
    r = _game(4, (5, 5, 0, 0), (1,), (2,))
    assert KAZAKH.consolation == "incomplete"  # the document's default (footnote [6], vector)
    # incomplete: only the whister, (5 + 1) × 8 = 48; the passer and the dealer nothing
    assert _whists(score_deal(r, KAZAKH)) == {(1, 0): 48}
    # the option: the dealer writes his consolation 1 × 8 = 8, the passer still nothing
    no_passer = make_variant("kazakhstan", consolation="no_passer")
    assert _whists(score_deal(r, no_passer)) == {(1, 0): 48, (3, 0): 8}
    # full consolation, for comparison: the passer writes his 8 too
    assert _whists(score_deal(r, make_variant("kazakhstan", consolation="full"))) == {(1, 0): 48, (2, 0): 8,
                                                                                       (3, 0): 8}
    # the gora is the same in every reading: 8 × 1 into the declarer's
    for v in (KAZAKH, no_passer):
        assert _sums(score_deal(r, v), "gora") == {0: 8}
    # three players: no dealer sits out, so the option is the incomplete consolation
    r3 = _game(3, (5, 5, 0), (1,), (2,))
    assert _whists(score_deal(r3, no_passer)) == _whists(score_deal(r3, KAZAKH)) == {(1, 0): 48}
    # two whisters and the dealer: each whister his tricks and his consolation, the dealer his
    r2 = _game(4, (5, 3, 2, 0), (1, 2))
    assert _whists(score_deal(r2, no_passer)) == {(1, 0): 32, (2, 0): 24, (3, 0): 8}
    assert _whists(score_deal(r2, KAZAKH)) == {(1, 0): 32, (2, 0): 24}


def test_kazakh_whisters_personal_quota() -> None:
    personal = make_variant("kazakhstan", whist_quota="personal")
    assert KAZAKH.whist_quota == "shared"  # §3.6's examples: one's excess counts for the other
    calls = ((1, "whist"), (2, "whist"))
    # a six made exactly with the defence's four: 3 + 1. Shared: the obligation (4) is met, nobody is short.
    # Personal: the second (half = 2) took 1, one short: 8 × 1 into his gora (full responsibility)
    r = _game(3, (6, 3, 1), (1, 2), calls=calls)
    assert whister_shortfalls(r, KAZAKH) == {1: 0, 2: 0} and whister_shortfalls(r, personal) == {1: 0, 2: 1}
    assert _sums(score_deal(r, KAZAKH), "gora") == {}
    assert _sums(score_deal(r, personal), "gora") == {2: 8}
    for v in (KAZAKH, personal):  # the declarer's pulya and the whists for tricks do not change
        es = score_deal(r, v)
        assert _sums(es, "pulya") == {0: 8} and _whists(es) == {(1, 0): 24, (2, 0): 8}
    # the defence one short, 3 + 0: shared, the second answers the one trick (8); personal, his two (16)
    r = _game(3, (7, 3, 0), (1, 2), calls=calls)
    assert _sums(score_deal(r, KAZAKH), "gora") == {2: 8}
    assert _sums(score_deal(r, personal), "gora") == {2: 16}
    # a seven (obligation 2, a half each): 2 + 0 — shared nobody is short, personal the second one
    r = _game(3, (8, 2, 0), (1, 2), level=7, calls=calls)
    assert _sums(score_deal(r, KAZAKH), "gora") == {}
    assert _sums(score_deal(r, personal), "gora") == {2: 16}
    # eight to ten (obligation 1) and a lone whister are not halves: the option changes nothing there
    r = _game(3, (10, 0, 0), (1, 2), level=8, calls=calls)
    assert whister_shortfalls(r, personal) == whister_shortfalls(r, KAZAKH) == {1: 0, 2: 1}
    r = _game(3, (7, 3, 0), (1,), (2,))
    assert whister_shortfalls(r, personal) == whister_shortfalls(r, KAZAKH) == {1: 1}


def test_kazakh_options_on_play_through_random_pulkas() -> None:
    """Kazakhstan with both options on: random pulkas to their end, the sheet kept during play equal to the
    one recomputed from the results and the balances summing to zero (the presets are in test_invariants)."""
    from bench.pulkas import check, play_random_pulka

    from cardroom.games.preferans.game import Preferans

    changed = {"quota": 0, "consolation": 0}
    for players in (3, 4):
        game = Preferans("kazakhstan", players=players, consolation="no_passer", whist_quota="personal",
                         pulya_length=24)
        for seed in range(40):
            state = play_random_pulka(game, seed, 40)
            check(state)
            for r in state.results:
                changed["quota"] += whister_shortfalls(r, game.variant) != whister_shortfalls(r, KAZAKH)
                changed["consolation"] += _whists(score_deal(r, make_variant("kazakhstan", consolation="no_passer"),
                                                             )) != _whists(score_deal(r, KAZAKH))
    assert changed["quota"] and changed["consolation"]  # each option changed some deal
