"""Preferans scoring and the pulka: properties over random deal sequences, and the settlement.

For every variant and for three and four players, over random but consistent deal results:
the whist balances of the settlement sum to zero; the sheet built from the whole list equals the
sheet built one deal at a time; no pulya (and no gora) ever goes below zero; scoring is pure.
"""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardroom.core.errors import CardroomError, IllegalAction
from cardroom.games.preferans.calls import MISERE, MISERE_NO_TALON, game_bid
from cardroom.games.preferans.pulka import PulkaSheet, next_raspasy_round
from cardroom.games.preferans.result import PrefDealResult
from cardroom.games.preferans.scoring import PrefEntry, SheetState, score_deal, talon_refusal_entries
from cardroom.games.preferans.variants import VARIANTS, PrefVariant, make_variant

PIQUET = [s * 13 + r - 2 for s in range(4) for r in range(7, 15)]


def _active(players: int, dealer: int) -> tuple[int, ...]:
    order = [(dealer + i) % players for i in range(1, players + 1)]
    return tuple(s for s in order if players == 3 or s != dealer)


def _split(draw: st.DrawFn, total: int, parts: int) -> list[int]:
    cuts = sorted(draw(st.lists(st.integers(0, total), min_size=parts - 1, max_size=parts - 1)))
    bounds = [0, *cuts, total]
    return [bounds[i + 1] - bounds[i] for i in range(parts)]


@st.composite
def deal_results(draw: st.DrawFn, players: int, dealer: int) -> PrefDealResult:
    """One random finished deal, consistent as the rules engine makes them."""
    active = _active(players, dealer)
    kind = draw(st.sampled_from(["game"] * 6 + ["unplayed"] * 2 + ["misere", "raspasy"] * 2 + ["preferans"] * 0))
    talon_cards = draw(st.lists(st.sampled_from(PIQUET), min_size=2, max_size=2, unique=True))
    talon = (1 << talon_cards[0]) | (1 << talon_cards[1])
    tricks = [0] * players
    whisters: tuple[int, ...] = ()
    passers: tuple[int, ...] = ()
    half: int | None = None
    returned: int | None = None
    calls: tuple[tuple[int, str], ...] = ()
    if kind == "raspasy":
        dealer_share = draw(st.integers(0, 2)) if players == 4 else 0
        parts = _split(draw, 10 - dealer_share, 3)
        for s, t in zip(active, parts, strict=True):
            tricks[s] = t
        if players == 4:
            tricks[dealer] = dealer_share
        return PrefDealResult(players, dealer, active, "raspasy", None, None, 0, tuple(tricks), (), (), None, None,
                              False, talon, 0, tricks[dealer] if players == 4 else 0)
    decl = draw(st.sampled_from(active))
    first, second = (s for s in active if s != decl)
    if kind == "misere":
        k = draw(st.integers(0, 10))
        tricks[decl] = k
        a = draw(st.integers(0, 10 - k))
        tricks[first], tricks[second] = a, 10 - k - a
        contract = int(draw(st.sampled_from([MISERE, MISERE_NO_TALON])))
        partner = dealer if players == 4 and draw(st.booleans()) else None  # §2.3 item 5: shared with the dealer
        return PrefDealResult(players, dealer, active, "misere", decl, contract, 0, tuple(tricks), (), (first, second),
                              None, None, True, talon, 0, partner=partner)
    level = draw(st.integers(6, 10))
    contract = int(game_bid(level, draw(st.integers(0, 4))))
    if kind == "preferans":
        tricks[decl] = 10
        return PrefDealResult(players, dealer, active, "preferans", decl, contract, level, tuple(tricks), (), (),
                              None, None, False, talon, 0)
    if kind == "unplayed":
        tricks[decl] = level
        if level in (6, 7) and draw(st.booleans()):
            half = second
            passers = (first,)
            calls = ((first, "pass"), (second, "half-whist"), (first, "pass"))
        else:
            passers = (first, second)
        return PrefDealResult(players, dealer, active, "unplayed", decl, contract, level, tuple(tricks), (), passers,
                              half, None, False, talon, 0, whist_calls=calls)
    t = draw(st.integers(0, 10))
    tricks[decl] = t
    a = draw(st.integers(0, 10 - t))
    tricks[first], tricks[second] = a, 10 - t - a
    mode = draw(st.sampled_from(["both", "one", "other", "returned", "dealer"]))
    if mode == "returned" and level not in (6, 7):
        mode = "one"
    if mode == "dealer" and players == 3:
        mode = "both"
    if mode == "both":
        whisters = draw(st.sampled_from([(first, second), (second, first)]))
        calls = tuple((w, "whist") for w in whisters)
    elif mode == "one":
        whisters, passers = (first,), (second,)
        calls = ((first, "whist"), (second, "pass"))
    elif mode == "other":
        whisters, passers = (second,), (first,)
        calls = ((first, "pass"), (second, "whist"))
    elif mode == "returned":
        whisters, passers, returned = (first,), (second,), first
        calls = ((first, "pass"), (second, "half-whist"), (first, "whist"))
    else:
        whisters, passers, returned = (dealer,), (first, second), dealer
        calls = ((first, "pass"), (second, "pass"), (dealer, "whist"))
    return PrefDealResult(players, dealer, active, "game", decl, contract, level, tuple(tricks), whisters, passers,
                          None, returned, draw(st.booleans()), talon, 0, whist_calls=calls)


@st.composite
def deal_sequences(draw: st.DrawFn, players: int, max_deals: int = 30) -> list[PrefDealResult]:
    n = draw(st.integers(1, max_deals))
    out: list[PrefDealResult] = []
    for i in range(n):
        out.append(draw(deal_results(players, i % players)))
    if draw(st.integers(0, 20)) == 0:  # now and then a «преферанс» declaration (Sochi §3.11)
        d = n % players
        act = _active(players, d)
        tricks = [0] * players
        tricks[act[0]] = 10
        out.append(PrefDealResult(players, d, act, "preferans", act[0], int(game_bid(10, 4)), 10, tuple(tricks), (),
                                  (), None, None, False, 0, 0))
    return out


OPTION_MIXES = {
    "piter-gora-double": make_variant("piter", raspasy_zero_choice="gora_double", unwhisted_choice="gora_double",
                                      round_prizes=(50, 40), pulya_length=12),
    "sochi-options": make_variant("sochi", help_excludes_dealer=False, help_excludes_failed_whister=False,
                                  consolation_factor=2, talon_bonus="quick_tricks", misere_talon_seven_whists=10,
                                  raspasy_amnesty=True, pulya_length=10, preferans_takes_whists=True,
                                  talon_bonus_writers_three="defenders", responsibility="half"),
    "kazakh-gora": make_variant("kazakhstan", raspasy_mode="gora", raspasy_prices=(2,), pulya_length=40),
    "moscow-options": make_variant("moscow", raspasy_prices=(5, 10, 15), raspasy_dealer="zero_gora",
                                   whist_regime="greedy", consolation_per_undertrick_three=15, pulya_length=6),
    "ural-short": make_variant("ural", pulya_length=10, help_rule="sochi", lone_whister_obligation="half"),
}
CASES = [(name, n) for name in [*VARIANTS, *OPTION_MIXES] for n in (3, 4)]


@pytest.mark.parametrize(("name", "players"), CASES)
@settings(max_examples=50)
@given(data=st.data())
def test_sheet_properties(name: str, players: int, data: st.DataObject) -> None:
    variant = VARIANTS[name] if name in VARIANTS else OPTION_MIXES[name]
    results = data.draw(deal_sequences(players))
    sheet = PulkaSheet(variant, players)
    taken: list[PrefDealResult] = []
    for r in results:
        if sheet.is_over:
            with pytest.raises(IllegalAction):
                sheet.add(r)
            break
        before = sheet.state
        entries = score_deal(r if r.kind != "raspasy" else _rounded(r, sheet), variant, before)
        assert score_deal(r if r.kind != "raspasy" else _rounded(r, sheet), variant, before) == entries  # pure
        sheet.add(r)
        taken.append(r)
        assert sheet.state.players == players
        assert all(p >= 0 for p in sheet.state.pulya) and all(p >= 0 for p in sheet.state.total_pulya)
        assert all(g >= 0 for g in sheet.state.gora), sheet.state.gora
        assert all(e.on != e.seat for e in entries if e.kind == "whists")
    again = PulkaSheet.from_results(taken, variant, players)
    assert again == sheet and again.to_dict() == sheet.to_dict()
    json.dumps(sheet.to_dict())
    s = sheet.settle()
    assert sum(s.balance) == 0
    assert s.balance == sheet.settle(amnesty=True).balance  # amnesty changes no difference of gora
    assert abs(sum(sheet.settle(whist_price=0.25).money)) < 1e-6
    for a in range(players):
        assert s.balance[a] == sum(s.net(a, b) for b in range(players) if b != a)
    assert sheet.render("ru") and sheet.render("en")


def _rounded(r: PrefDealResult, sheet: PulkaSheet) -> PrefDealResult:
    from dataclasses import replace

    return replace(r, raspasy_round=sheet.next_raspasy_round())


@settings(max_examples=100)
@given(results=deal_sequences(3, 12))
def test_next_raspasy_round_follows_the_sheet(results: list[PrefDealResult]) -> None:
    sheet = PulkaSheet("sochi", 3)
    for i, r in enumerate(results):
        if sheet.is_over:
            break
        assert next_raspasy_round(results[:i], "sochi") == sheet.next_raspasy_round()
        sheet.add(r)


# ---------------------------------------------------------------------- variants


def test_make_variant_names_aliases_and_errors() -> None:
    assert make_variant("сочинка") == VARIANTS["sochi"]
    assert make_variant("piter-skachki").name == "piter" and make_variant("ростовка").name == "rostov"
    assert make_variant("KAZAKH").name == "kazakhstan"
    with pytest.raises(CardroomError, match="unknown preferans variant"):
        make_variant("classic")
    with pytest.raises(CardroomError, match="unknown preferans option"):
        make_variant("sochi", consolacion=2)
    with pytest.raises(CardroomError, match="whist_regime"):
        make_variant("sochi", whist_regime="generous")
    with pytest.raises(CardroomError, match="game_price"):
        make_variant("sochi", game_price=(2, 4))
    v = make_variant("sochi", raspasy_prices=[1, 1, 1], consolation_factor=2)
    assert v.raspasy_prices == (1, 1, 1) and v.overrides() == {"raspasy_prices": (1, 1, 1), "consolation_factor": 2}
    assert VARIANTS["ural"].overrides() == {}
    assert set(VARIANTS) == {"sochi", "leningrad", "rostov", "moscow", "ural", "kazakhstan", "piter", "greek",
                             "foreign-f1", "foreign-f3", "foreign-f2"}
    assert make_variant("шляпа").name == "foreign-f2" and VARIANTS["foreign-f2"].rules_set == "f2"


DEAL_OPTIONS_BASE: dict[str, Any] = {
    "misere_without_talon": True, "half_whist": True, "dealer_returns_whist": False, "ten_whisted": False,
    "raspasy_talon": "suit", "concede_max": 10, "misere_invitation": False, "preferans_declaration": False,
    "talon_refusal_penalty": "none", "whist_sequences": "code", "raspasy_with_passing": False,
    "choices_by_player": False, "choice_dealer": False, "laws": False, "laws_misdeal_down": 2,
    "laws_discard_down": 1, "laws_discard_consolation": False, "laws_revoke_tricks": 2, "laws_online": False,
    "stalingrad": False, "extra_contracts": "none", "russian_misere": True, "must_beat": False, "aus_den_handen": False}
"""The deal options a preset with no deal option of its own gives three players (PrefVariant's defaults:
a ten not whisted, any concession, the invitation to a misère only with four)."""

DEAL_OPTIONS: dict[tuple[str, int], dict[str, Any]] = {
    ("sochi", 3): {"preferans_declaration": True},  # §3.11
    ("sochi", 4): {"preferans_declaration": True, "dealer_returns_whist": True,  # §3.8
                   "raspasy_talon": "dealer", "choice_dealer": True, "misere_invitation": True},  # item 7
    ("leningrad", 3): {},  # Sochi's deal options taken back
    ("leningrad", 4): {"misere_invitation": True},
    ("moscow", 3): {"raspasy_talon": "closed"},  # item 7 «не открывается»
    ("moscow", 4): {"raspasy_talon": "closed", "choice_dealer": True, "misere_invitation": True},
    ("rostov", 3): {"raspasy_talon": "closed"},
    ("rostov", 4): {"raspasy_talon": "closed", "choice_dealer": True, "misere_invitation": True},
    ("kazakhstan", 3): {"raspasy_talon": "closed"},
    ("kazakhstan", 4): {"raspasy_talon": "closed", "choice_dealer": True, "misere_invitation": True},
    # §7.1, §7.3 (the dealer returns only with four); §7.2 «Игр без прикупа нет»: no misère without talon
    ("ural", 3): {"ten_whisted": True, "whist_sequences": "ural", "misere_without_talon": False},
    ("ural", 4): {"ten_whisted": True, "whist_sequences": "ural", "dealer_returns_whist": True,
                  "misere_invitation": True, "misere_without_talon": False},
    ("piter", 3): {"ten_whisted": True, "concede_max": 2, "choices_by_player": True,  # §9.4, §9.2
                   "stalingrad": True},
    ("piter", 4): {"ten_whisted": True, "concede_max": 2, "choices_by_player": True, "choice_dealer": True,
                   "misere_invitation": True, "stalingrad": True},
    # the Greek cash box (§10.4; its own deal rules, games/preferans/greek/deal.py): no misère, no half-whist,
    # a ten played against, no concession
    **{("greek", n): {"misere_without_talon": False, "half_whist": False, "ten_whisted": True, "concede_max": 0}
       for n in (3, 4)},
    # §10.1 F1, §10.3 F3: no Russian misère (so no invitation to it), their own contracts and play
    **{("foreign-f1", n): {"extra_contracts": "f1", "russian_misere": False, "must_beat": True} for n in (3, 4)},
    **{("foreign-f3", n): {"extra_contracts": "f3", "russian_misere": False, "aus_den_handen": True} for n in (3, 4)},
    # F2 (§10.2, foreign_f2.py): no half-whist, every whisted game played out, no invitation to a Bettel
    ("foreign-f2", 3): {"half_whist": False, "concede_max": 0},
    ("foreign-f2", 4): {"half_whist": False, "concede_max": 0},
}
"""What each preset of variants.py changes from :data:`DEAL_OPTIONS_BASE` in the options the deal reads, per
number of players (a four-player option such as the dealer's returned whist is off with three)."""

FOUR_ONLY = ("dealer_returns_whist", "misere_invitation")
"""Options the deal (rules.py) offers with four players only, whatever the variant says."""


def _deal_options(v: PrefVariant, players: int) -> dict[str, Any]:
    """The options of ``v`` a deal of ``players`` reads, by the variant's own names (the rest is scoring)."""
    out = {k: getattr(v, k) for k in DEAL_OPTIONS_BASE if k not in ("raspasy_talon", "choice_dealer")}
    out.update({k: out[k] and players == 4 for k in FOUR_ONLY})
    out["misere_without_talon"] = v.offers_misere_without_talon()  # and none where no game is without talon
    return {**out, "raspasy_talon": v.raspasy_talon(players), "choice_dealer": v.choice_dealer(players)}


@pytest.mark.parametrize(("name", "players"), list(DEAL_OPTIONS))
def test_deal_options_fit_the_engine(name: str, players: int) -> None:
    from cardroom.games.preferans.game import Preferans
    from cardroom.games.preferans.rules import PrefDeal

    game = Preferans(name, players=players)
    deal = game.new_deal()
    assert deal.rules is game.variant is game.rules  # one options object
    assert deal.rules == VARIANTS[name] and deal.players == players  # the deal reads the variant itself
    assert isinstance(deal, PrefDeal) and (deal.laws is not None) == deal.rules.laws
    assert _deal_options(deal.rules, players) == {**DEAL_OPTIONS_BASE, **DEAL_OPTIONS[name, players]}


def test_deal_options_cover_every_variant_and_carry_the_laws_options() -> None:
    from cardroom.games.preferans.rules import PrefDeal

    assert set(DEAL_OPTIONS) == {(name, n) for name in VARIANTS for n in (3, 4)}
    v = make_variant("moscow", laws=True, laws_misdeal_down=3, laws_discard_down=2, laws_discard_consolation=True,
                     laws_revoke_tricks=1, laws_online=True, half_whist=False, misere_without_talon=False,
                     talon_refusal_penalty="fixed", raspasy_with_passing=True, whist_sequences="ural")
    deal = PrefDeal(None, dealer=2, rules=v, players=3)  # type: ignore[arg-type]
    rules = deal.rules
    assert rules is v and deal.laws is not None
    assert (rules.laws, rules.laws_misdeal_down, rules.laws_discard_down, rules.laws_discard_consolation,
            rules.laws_revoke_tricks, rules.laws_online) == (True, 3, 2, True, 1, True)
    assert (rules.half_whist, rules.misere_without_talon, rules.talon_refusal_penalty != "none",
            rules.raspasy_with_passing, rules.whist_sequences == "ural") == (False, False, True, True, True)


def test_code_whist_obligations() -> None:
    v = VARIANTS["sochi"]
    assert [v.obligation(level) for level in range(6, 10)] == [4, 2, 1, 1]
    assert v.obligation(10) == 0 and VARIANTS["piter"].obligation(10) == 1


# ---------------------------------------------------------------------- scoring details


def _game(tricks: tuple[int, int, int], whisters: tuple[int, ...], passers: tuple[int, ...], level: int = 6,
          **kw: Any) -> PrefDealResult:
    return PrefDealResult(3, 2, (0, 1, 2), "game", 0, int(game_bid(level, 0)), level, tricks, whisters, passers,
                          None, kw.get("returned_by"), False, 0, 0, whist_calls=kw.get("calls", ()))


def _f(*xs: int) -> tuple[Fraction, ...]:
    return tuple(Fraction(x) for x in xs)


def _sum(entries: list[PrefEntry], kind: str, seat: int, on: int | None = None) -> Fraction:
    return sum((e.points for e in entries if e.kind == kind and e.seat == seat and e.on == on), Fraction(0))


def test_half_responsible_whist_halves_the_shortfall() -> None:
    r = _game((9, 1, 0), (1, 2), ())
    full = score_deal(r, VARIANTS["sochi"])
    half = score_deal(r, make_variant("sochi", responsibility="half"))
    assert (_sum(full, "gora", 1), _sum(full, "gora", 2)) == _f(2, 4)
    assert (_sum(half, "gora", 1), _sum(half, "gora", 2)) == _f(1, 2)
    assert not [e for e in score_deal(r, make_variant("sochi", responsibility="none")) if e.kind == "gora"]


def test_gentleman_split_with_leningrad_prices_is_exact() -> None:
    r = _game((5, 5, 0), (1,), (2,))
    es = score_deal(r, VARIANTS["leningrad"])
    assert _sum(es, "whists", 1, 0) == _sum(es, "whists", 2, 0) == Fraction(21, 2)  # (5×3 + 3 + 3) / 2


def test_doubled_consolation_and_incomplete() -> None:
    r = PrefDealResult(4, 3, (0, 1, 2), "game", 0, int(game_bid(6, 0)), 6, (5, 4, 1, 0), (1, 2), (), None, None,
                       False, 0, 0)
    es = score_deal(r, make_variant("sochi", consolation_factor=2))
    assert (_sum(es, "whists", 1, 0), _sum(es, "whists", 2, 0), _sum(es, "whists", 3, 0)) == _f(12, 6, 4)
    es = score_deal(r, make_variant("sochi", consolation="incomplete"))
    assert (_sum(es, "whists", 1, 0), _sum(es, "whists", 2, 0), _sum(es, "whists", 3, 0)) == _f(10, 4, 0)


def test_half_whist_stands_writes_half_the_obligation() -> None:
    for level, half in ((6, 2), (7, 1)):
        r = PrefDealResult(3, 2, (0, 1, 2), "unplayed", 0, int(game_bid(level, 0)), level, (level, 0, 0), (), (1,),
                           2, None, False, 0, 0)
        es = score_deal(r, VARIANTS["sochi"])
        assert _sum(es, "pulya", 0) == VARIANTS["sochi"].price(level)
        assert _sum(es, "whists", 2, 0) == half * VARIANTS["sochi"].price(level)


def test_sochi_help_remainder_off_own_gora_then_on_everybody() -> None:
    # everybody else is closed: the 4 points of a seven come off the declarer's gora (3), the last point
    # goes into the gora of every other player (§3.3 point 4)
    state = SheetState.empty(3).apply([PrefEntry("pulya", s, None, Fraction(20), "x") for s in range(3)]
                                      + [PrefEntry("gora", 0, None, Fraction(3), "x")])
    r = _game((7, 3, 0), (1,), (2,), level=7)
    es = score_deal(r, VARIANTS["sochi"], state)
    assert _sum(es, "gora", 0) == -3 and _sum(es, "gora", 1) == 1 and _sum(es, "gora", 2) == 1


def test_settlement_by_the_code_formula() -> None:
    sheet = PulkaSheet(make_variant("sochi", pulya_length=2, whist_price=0.1), 3)
    seq = [
        _game((6, 2, 2), (1, 2), ()),  # seat 0: 2 in the pulya; whists 4 and 4 on him
        PrefDealResult(3, 0, (1, 2, 0), "game", 1, int(game_bid(7, 0)), 7, (3, 4, 3), (2, 0), (), None, None,
                       False, 0, 0),  # seat 1 down 3 on a seven: 12 in the gora
        PrefDealResult(3, 1, (2, 0, 1), "game", 1, int(game_bid(6, 0)), 6, (2, 6, 2), (0, 2), (), None, None,
                       False, 0, 0),
        PrefDealResult(3, 2, (0, 1, 2), "game", 2, int(game_bid(6, 0)), 6, (2, 2, 6), (0, 1), (), None, None,
                       False, 0, 0),
    ]
    for r in seq:
        sheet.add(r)
    assert sheet.is_over
    s = sheet.settle()
    assert s.gora == _f(0, 12, 0)
    # seat 0 and seat 2 each write 12 × 10 / 3 = 40 on seat 1
    assert s.gora_whists[0][1] == s.gora_whists[2][1] == 40 and s.gora_whists[1][0] == 0
    assert sum(s.balance) == 0
    assert s.money == tuple(float(b) * 0.1 for b in s.balance)
    am = sheet.settle(amnesty=True)
    assert am.amnesty == 0 and am.balance == s.balance
    assert "Расчёт" in sheet.render("ru") and "Settlement" in sheet.render("en")
    with pytest.raises(IllegalAction):
        sheet.add(seq[0])


def test_entry_validation_and_player_mismatch() -> None:
    with pytest.raises(CardroomError):
        PrefEntry("whists", 0, None, Fraction(1), "x")
    with pytest.raises(CardroomError):
        PrefEntry("pulya", 0, 1, Fraction(1), "x")
    with pytest.raises(CardroomError):
        PrefEntry("bonus", 0, None, Fraction(1), "x")
    r = _game((6, 2, 2), (1, 2), ())
    with pytest.raises(CardroomError):
        score_deal(r, VARIANTS["sochi"], SheetState.empty(4))
    with pytest.raises(CardroomError):
        PulkaSheet("sochi", 4).add(r)


def test_named_players_in_render() -> None:
    sheet = PulkaSheet("moscow", ["Аня", "Боря", "Вася"])
    sheet.add(_game((6, 2, 2), (1, 2), ()))
    text = sheet.render("ru")
    assert "── Аня" in text and "Висты на Аня: 4" in text and "Висты на Боря: —" in text


def test_variant_is_a_plain_value() -> None:
    v: PrefVariant = make_variant("ural", pulya_length=30)
    assert v.to_dict()["pulya_length"] == 30 and v.overrides() == {"pulya_length": 30}


def test_talon_refusal_convention() -> None:
    assert talon_refusal_entries(VARIANTS["sochi"], dealer=3, refuser=0, level=7) == []
    game = make_variant("sochi", talon_refusal_penalty="game")
    (e,) = talon_refusal_entries(game, dealer=3, refuser=0, level=7)
    assert (e.kind, e.seat, e.points) == ("gora", 3, Fraction(4))
    fixed = make_variant("sochi", talon_refusal_penalty="fixed", talon_refusal_fixed=1, talon_refusal_gora="refuser")
    (e,) = talon_refusal_entries(fixed, dealer=3, refuser=0, level=7)
    assert (e.seat, e.points) == (0, Fraction(1))


# ---------------------------------------------------------------------- concession, shared misère


def _misere4(tricks1: int, partner: int | None, talon: int = 0) -> PrefDealResult:
    """Four players, dealer 0 sitting out; seat 1 plays misère and takes ``tricks1`` tricks."""
    rest = 10 - tricks1
    return PrefDealResult(4, 0, (1, 2, 3), "misere", 1, int(MISERE), 0, (0, tricks1, rest - rest // 2, rest // 2),
                          (), (), None, None, False, talon, 0, partner=partner)


@pytest.mark.parametrize("name", sorted(VARIANTS))
@pytest.mark.parametrize("k", [0, 1, 3])
def test_shared_misere_halves_the_declarers_result(name: str, k: int) -> None:
    v = VARIANTS[name]
    alone = score_deal(_misere4(k, None), v)
    shared = score_deal(_misere4(k, 0), v)
    for kind in ("pulya", "gora"):
        total = _sum(alone, kind, 1)
        assert _sum(shared, kind, 1) == _sum(shared, kind, 0) == total / 2
    for d in (2, 3):
        on_decl = _sum(alone, "whists", d, 1)
        assert _sum(shared, "whists", d, 1) == _sum(shared, "whists", d, 0) == on_decl / 2
    assert all(e.tag == "misere" for e in shared)


def test_shared_misere_with_talon_sevens_and_help() -> None:
    from cardroom.core.cards import CardSet

    v = make_variant("sochi", misere_talon_seven_whists=10)
    talon = CardSet.parse("7S 7H").mask
    alone = score_deal(_misere4(0, None, talon), v)
    assert _sum(alone, "whists", 0, 1) == 20  # the sitting-out dealer writes for the sevens
    shared = score_deal(_misere4(0, 0, talon), v)
    assert not [e for e in shared if e.tag == "talon"]  # a partner writes nothing on his own misère
    # each partner's half goes by his own pulya: a closed pulya helps the others
    st = SheetState.empty(4)
    st = st.apply([PrefEntry("pulya", 0, None, Fraction(20), "x")])
    es = score_deal(_misere4(0, 0), VARIANTS["sochi"], st)
    assert not [e for e in es if e.kind == "pulya" and e.seat == 0]
    helped = [e for e in es if e.tag == "help" and e.kind == "pulya"]
    assert sum(e.points for e in helped) == 5 and all(e.seat != 0 for e in helped)
    assert sum(e.points for e in es if e.kind == "whists" and e.seat == 0) == 50  # §3.3: 10 whists a point


def test_shared_misere_partner_must_be_the_dealer() -> None:
    with pytest.raises(CardroomError):
        score_deal(_misere4(0, 2), VARIANTS["sochi"])
    with pytest.raises(CardroomError):
        score_deal(_misere4(0, 1), VARIANTS["sochi"])


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_conceded_game_scores_like_the_same_tricks_played(name: str) -> None:
    v = VARIANTS[name]
    played = _game((4, 3, 3), (1, 2), (), calls=((1, "whist"), (2, "whist")))
    conceded = PrefDealResult(**{**played.__dict__, "conceded": 2})
    assert conceded.undertricks == 2 and conceded.kind == "game"
    assert score_deal(conceded, v) == score_deal(played, v)
