"""The foreign variants F1 (German-named contracts 5–8, compulsory beating) and F3 (Kunstwerk, aus den Händen) of
document 004 (digest §10.1, §10.3), through the rules engine and the scoring.

:data:`FOREIGN_CHECKS` holds the checks of their vectors in ``preferans-examples.json``; ``test_preferans_vectors``
takes them into its ``CHECKS`` (so that every vector stays checked or listed)."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardroom.core.cards import Card, CardSet
from cardroom.core.deal import Deal
from cardroom.core.errors import IllegalAction
from cardroom.games.preferans.calls import EXTRAS, GAMES, PASS, PrefCall, extra_contract
from cardroom.games.preferans.foreign import extra_value, heading_cards
from cardroom.games.preferans.game import Preferans
from cardroom.games.preferans.pulka import PulkaSheet
from cardroom.games.preferans.rules import PH_OVER, PH_PLAY, PrefDeal
from cardroom.games.preferans.scoring import PrefEntry, score_deal
from cardroom.games.preferans.variants import VARIANTS, PrefVariant, make_variant

VECTORS = {v["id"]: v for v in json.loads(
    (Path(__file__).resolve().parents[1] / "../shared/rules/preferans-examples.json").read_text("utf-8"))}
F1 = make_variant("foreign-f1", concede_max=0)
F3 = make_variant("foreign-f3", concede_max=0)
SOCHI = make_variant("sochi", concede_max=0, dealer_returns_whist=False, misere_invitation=False)


def _cs(text: str) -> int:
    return CardSet.parse(text).mask


def _deal(rules: PrefVariant, hands: tuple[str, str, str], talon: str) -> PrefDeal:
    """Three players, the dealer seat 2: seat 0 is the first hand."""
    d = PrefDeal(None, dealer=2, raspasy_round=1, rules=rules, players=3)  # type: ignore[arg-type]
    d.apply(Deal(tuple(_cs(h) for h in hands), _cs(talon)))
    return d


def _do(d: PrefDeal, *texts: str) -> None:
    for t in texts:
        d.apply(d.parse_action(t))


def _whists(entries: Iterable[PrefEntry]) -> dict[tuple[int, int], Fraction]:
    out: dict[tuple[int, int], Fraction] = {}
    for e in entries:
        if e.kind == "whists":
            assert e.on is not None
            out[(e.seat, e.on)] = out.get((e.seat, e.on), Fraction(0)) + e.points
    return out


def _lowest(d: PrefDeal) -> Card:
    cards: list[Card] = d.legal_actions()
    return min(cards, key=lambda c: (c.rank, c))


def _play_out(d: PrefDeal, declarer_policy: Callable[[PrefDeal], Card] = _lowest) -> None:
    while d.phase == PH_PLAY:
        d.apply(declarer_policy(d) if d.next_seat == d.declarer else _lowest(d))


# ---------------------------------------------------------------------- F1: compulsory beating


# The footnote [8] suit: the declarer (seat 0) holds ♠ Q J 10 9 and all the trumps (hearts, two from the talon).
QJ109 = "QS JS 10S 9S AH KH QH JH 10H 9H"
TALON_QJ109 = "8H 7H"


def _qj109(rules: PrefVariant, w1: str, w2: str) -> PrefDeal:
    d = _deal(rules, (QJ109, w1, w2), TALON_QJ109)
    _do(d, "6h", "pass", "pass", "8H", "7H", "6h", "whist", "whist")
    assert d.phase == PH_PLAY
    return d


def _spade_first(d: PrefDeal) -> Card:
    """The declarer leads his spades from the top, else plays his lowest card."""
    legal: list[Card] = d.legal_actions()
    if not d.trick:
        spades = [c for c in legal if c.suit.letter == "S"]
        if spades:
            return max(spades, key=lambda c: c.rank)
    return _lowest(d)


def _spade_tricks(d: PrefDeal, seat: int) -> int:
    return sum(1 for plays, w in d.tricks if w == seat and plays[0][1].suit.letter == "S")


def check_qj109(v: dict[str, Any]) -> None:
    exp = v["expected"]
    # the vector's layout: one whister K x, the other A x (x: the eight and the seven)
    d = _qj109(F1, "KS 8S AD KD QD JD AC KC QC JC", "AS 7S 10D 9D 8D 7D 10C 9C 8C 7C")
    d.apply(Card.parse("QS"))
    assert d.legal_actions() == [Card.parse(exp["whister1_must_play"].replace("X", "S"))]
    with pytest.raises(IllegalAction, match="must beat"):
        d.apply(Card.parse("8S"))
    d.apply(Card.parse("KS"))
    assert d.legal_actions() == [Card.parse(exp["whister2_must_play"].replace("X", "S"))]
    _play_out(d, _spade_first)
    assert _spade_tricks(d, 0) == exp["declarer_tricks_in_suit"]
    # a layout where the rule decides: K alone, A 8 7. Forced, the ace falls on the king and Q J 10 9 make three;
    # free to duck (the Russian rule), the defence takes the king and the ace separately: two
    w1, w2 = "KS AD KD QD JD 10D AC KC QC JC", "AS 8S 7S 9D 8D 7D 10C 9C 8C 7C"
    forced = _qj109(F1, w1, w2)
    _play_out(forced, _spade_first)
    free = _qj109(SOCHI, w1, w2)
    _play_out(free, _spade_first)
    assert (_spade_tricks(forced, 0), _spade_tricks(free, 0)) == (exp["declarer_tricks_in_suit"], 2)


# Footnote [11]: West (seat 0, the first hand) K♥, East (seat 1) Q♥, South (seat 2, the declarer) ♥ A J 10 9 8 7.
BETTEL_HANDS = ("KH AS KS QS JS AC KC QC JC 10C", "QH 10S 9S 8S 9C 8C AD KD QD JD", "AH JH 10H 9H 8H 7H 7S 7C 7D 8D")
BETTEL_TALON = "10D 9D"


def check_bettel_forced_ace(v: dict[str, Any]) -> None:
    exp = v["expected"]
    seats = {"W": 0, "E": 1, "S": 2}
    assert [CardSet.parse(" ".join(v["data"]["hands_relevant"][k])).mask & _cs(BETTEL_HANDS[seats[k]])
            for k in "WES"] == [_cs(" ".join(v["data"]["hands_relevant"][k])) for k in "WES"]
    d = _deal(F1, BETTEL_HANDS, BETTEL_TALON)
    _do(d, "pass", "pass", "bettel", "10D", "9D")
    assert d.kind == "misere" and extra_contract(d.contract) is not None and d.declarer == seats["S"]
    for t in v["data"]["trick"]:
        (_who, card), = t.items()
        d.apply(Card.parse(card))
    assert d.legal_actions() == [Card.parse(exp["S_must_play"])]
    d.apply(Card.parse(exp["S_must_play"]))
    assert d.tricks[0][1] == seats[exp["trick_winner"]]
    assert d.view(0).exposed == {}  # Bettel «ловится втемную»: no hand opens after the first trick
    _play_out(d)
    assert d.phase == PH_OVER
    r = d.result()
    assert r.tricks[2] >= 1
    # the contract fails: each defender writes its value (10 stakes) on the declarer
    assert _whists(score_deal(r, F1)) == {(0, 2): 10, (1, 2): 10}
    # the Russian misère: the declarer may play low under the king
    russian = _deal(SOCHI, BETTEL_HANDS, BETTEL_TALON)
    _do(russian, "pass", "pass", "misere", "10D", "9D", "KH", "QH")
    assert Card.parse("7H") in russian.legal_actions()


def check_extra_contract_values(v: dict[str, Any]) -> None:
    exp = v["expected"]
    by_name = {x.name: x for x in (extra_contract(c) for c in EXTRAS) if x is not None and not x.without_talon}
    names = {"5 Bettel": "bettel", "6 Durchmarsch": "durchmarsch", "7 Plauderer / Bettel Ouvert": "plauderer",
             "8 Offener Durchmarsch": "offener-durchmarsch"}
    for key, spec in exp["contracts"].items():
        x = by_name[names[key]]
        assert (x.number, x.tricks, x.open_after_lead) == (int(key[0]), spec["tricks"],
                                                             spec.get("open_after_first_lead", False))
        call = next(c for c in EXTRAS if extra_contract(c) == x)
        wt = next(c for c in EXTRAS if extra_contract(c) is not None and extra_contract(c).name == x.name  # type: ignore[union-attr]
                  and c.without_talon)
        if spec["value"] is None:
            assert extra_value(F1, call) == F1.extra_values[3]  # lost: the documented choice, an option
        else:
            assert extra_value(F1, call) == spec["value"]
        assert exp["without_talon"] == "payments doubled" and extra_value(F1, wt) == 2 * extra_value(F1, call)
    # «в торговле они перебивают мастевые игры»: on the ladder above every game
    ladder = F1.ladder()
    top_game = max(F1.rank(c) for c in ladder if extra_contract(c) is None)
    assert exp["outranks"] == "suit games" and all(F1.rank(c) > top_game for c in EXTRAS)
    assert set(EXTRAS) <= set(ladder) and not any(c.is_misere and extra_contract(c) is None for c in ladder)
    # «защитники не могут отказаться от игры»: a Durchmarsch goes straight to the play, both defending
    d = _deal(F1, BETTEL_HANDS, BETTEL_TALON)
    _do(d, "durchmarsch", "pass", "pass", "10C", "JC")
    assert d.phase == 3 and d.legal_actions() == [PrefCall.parse("durchmarsch"), PrefCall.parse("offener-durchmarsch")]
    _do(d, "offener-durchmarsch")
    assert exp["defenders_may_decline"] is False and d.phase == PH_PLAY and sorted(d.whisters) == [1, 2]
    assert d.view(1).exposed == {}
    d.apply(_lowest(d))  # the first lead: the declarer's cards go face up
    assert set(d.view(1).exposed) == {0} and set(d.view(2).exposed) == {0}
    _play_out(d)
    r = d.result()
    made = r.tricks[0] == 10
    expected = {(0, 1): 40, (0, 2): 40} if made else {(1, 0): 40, (2, 0): 40}
    assert _whists(score_deal(r, F1)) == expected


# ---------------------------------------------------------------------- F3


KW_HANDS = ("AS KS QS JS 10S 9S AH KH QH JH", "8S 7S 10H 9H AD KD QD JD 10D 9D", "8H 7H 8D 7D AC KC QC JC 10C 9C")


def check_kunstwerk(v: dict[str, Any]) -> None:
    exp = v["expected"]
    assert v["data"]["talon_cards_same_rank"]
    d = _deal(F3, KW_HANDS, "8C 7C")
    _do(d, "6s", "pass", "pass", "8C", "7C", "6s", "pass", "pass")  # nobody whists: the game stands unplayed
    assert _whists(score_deal(d.result(), F3)) == {}  # ranks differ: nothing
    pair = ("AS KS QS JS 10S 9S AH KH QH 8C", "8S 7S 10H 9H AD KD QD JD 10D 9D", "8H 7H 8D 7D AC KC QC 7C 10C 9C")
    d = _deal(F3, pair, "JH JC")
    _do(d, "6s", "pass", "pass", "JH", "JC", "6s", "pass", "pass")
    es = score_deal(d.result(), F3)
    assert _whists(es) == {(d.dealer, 0): exp["auction_winner_pays_dealer_units"]}
    assert [e.tag for e in es if e.kind == "whists"] == ["kunstwerk"]
    # aus den Händen leaves the talon face down: no Kunstwerk
    d = _deal(F3, pair, "JH JC")
    _do(d, "6s-wt", "pass", "pass", "pass", "pass")
    assert d.talon_shown is False and not [e for e in score_deal(d.result(), F3) if e.tag == "kunstwerk"]
    # a whole pulka's settlement carries it
    sheet = PulkaSheet(F3, 3)
    d = _deal(F3, pair, "JH JC")
    _do(d, "6s", "pass", "pass", "JH", "JC", "6s", "pass", "pass")
    sheet.add(d.result())
    s = sheet.settle()
    assert sum(s.balance) == 0 and s.whists[d.dealer][0] == exp["auction_winner_pays_dealer_units"]


def check_aus_den_handen(v: dict[str, Any]) -> None:
    exp = v["expected"]
    d = _deal(F3, KW_HANDS, "8C 7C")
    legal0 = d.legal_actions()
    assert PrefCall.parse("6s-wt") in legal0
    _do(d, "10nt")  # the first hand bids the top of the ladder with the talon …
    legal1 = d.legal_actions()
    # … and aus den Händen still beats it, every one of them (but a suit ten, which would need eleven tricks)
    assert {c for c in legal1 if c != PASS} == {c for c in F3.ladder() if F3.rank(c) > F3.rank(PrefCall.parse("10nt"))}
    assert {c for c in F3.ladder() if c.without_talon} <= set(legal1)
    assert PrefCall.parse("10s-wt") not in legal1 and PrefCall.parse("10nt-wt") in legal1
    _do(d, "6c-wt")
    legal2 = d.legal_actions()
    # «кроме другой, более старшей заявки aus den Händen»: only a higher one is left to the third hand
    assert PrefCall.parse("6s-wt") not in legal2 and PrefCall.parse("6d-wt") in legal2
    assert exp["priority"] == "beats every bid except a higher aus den Händen"
    _do(d, "pass")
    # announced «до начала торговли»: the first hand, having bid, may not announce it now
    assert not any(c.without_talon for c in d.legal_actions()) and d.legal_actions() == [PASS]
    _do(d, "pass")
    assert d.declarer == 1 and str(d.contract) == "6C-wt"
    assert exp["talon_used"] is False and not d.talon_shown and d.hands[1].bit_count() == 10
    # the suit game needs one trick more: seven on a six
    assert F3.tricks_required(d.contract) == 6 + exp["extra_tricks_required"]  # type: ignore[arg-type]
    # seat 1 (hand 2 of the vector's example) conceding one down takes six: a six aus den Händen is lost
    d = _deal(make_variant("foreign-f3"), KW_HANDS, "8C 7C")
    _do(d, "6s-wt", "pass", "pass", "whist", "whist", "concede 1")
    r = d.result()
    assert r.tricks[0] == 6 and r.required == 7 and r.undertricks == 1
    es = score_deal(r, F3)
    assert [(e.kind, e.seat, e.points) for e in es if e.tag == "game"] == [("gora", 0, Fraction(F3.price(6)))]
    # no-trump aus den Händen: no extra trick
    assert F3.tricks_required(PrefCall.parse("7nt-wt")) == 7


FOREIGN_CHECKS: dict[str, Callable[[dict[str, Any]], None]] = {
    "pref-f1-forced-overtake-QJ109": check_qj109,
    "pref-f1-bettel-forced-ace": check_bettel_forced_ace,
    "pref-f1-extra-contract-values": check_extra_contract_values,
    "pref-f3-kunstwerk": check_kunstwerk,
    "pref-f3-aus-den-handen": check_aus_den_handen,
}


@pytest.mark.parametrize("vid", sorted(FOREIGN_CHECKS))
def test_foreign_vector(vid: str) -> None:
    FOREIGN_CHECKS[vid](VECTORS[vid])


# ---------------------------------------------------------------------- properties


@given(st.lists(st.integers(0, 31), min_size=1, max_size=3, unique=True), st.integers(0, 31),
       st.sampled_from([None, 0, 1, 2, 3]))
def test_heading_cards_win_the_trick_or_none_could(trick: list[int], extra: int, trump: int | None) -> None:
    from cardroom.core.cards import PIQUET_PACK_MASK, cards_of_mask
    from cardroom.core.tricks import natural_winner

    pack = cards_of_mask(PIQUET_PACK_MASK)
    played = [pack[i] for i in trick[:-1]] or [pack[trick[0]]]
    legal = [c for c in pack if c not in played][extra % 8:: 3]
    plays = [(s, c) for s, c in enumerate(played)]
    out = heading_cards(legal, plays, trump)
    winning = [c for c in legal if natural_winner([*played, c], trump) == len(played)]
    assert out == (winning or legal)
    assert set(out) <= set(legal) and out


@given(st.sampled_from(list(GAMES)), st.sampled_from(list(GAMES) + list(EXTRAS)))
def test_f3_aus_den_handen_outranks_every_bid_with_the_talon(game: PrefCall, other: PrefCall) -> None:
    from cardroom.games.preferans.calls import without_talon_of

    wt = without_talon_of(game)
    if not other.without_talon:
        assert F3.rank(wt) > F3.rank(other)
    assert F3.tricks_required(wt) == game.level + (1 if game.trump is not None else 0)


def test_the_variants_are_registered_with_names_in_both_languages() -> None:
    for name, aliases in (("foreign-f1", ("f1", "german", "беттель")),
                          ("foreign-f3", ("f3", "kunstwerk", "кунстверк"))):
        v = VARIANTS[name]
        assert all(make_variant(a) == v for a in aliases)
        assert any("а" <= ch <= "я" for ch in v.title_ru.lower()) and v.title_en
        assert name in Preferans.option_schema()["variant"].choices  # the lobby's list


@pytest.mark.parametrize("variant", ["foreign-f1", "foreign-f3"])
@pytest.mark.parametrize("players", [3, 4])
def test_bots_play_a_whole_pulka(variant: str, players: int) -> None:
    import random

    from cardroom.bots.preferans import PreferansBot

    game = Preferans(variant=variant, players=players)
    state = game.new_initial_state()
    bots = [PreferansBot(seed=s) for s in range(players)]
    rng = random.Random(7)
    steps = 0
    while not state.is_over and steps < 40000:
        who = state.to_act
        if who is not None and who < 0:
            state.apply(state.sample_chance(rng))
        else:
            assert who is not None
            state.apply(bots[who].choose(state.view(who)))
        steps += 1
    assert state.is_over
    s = state.sheet.settle()
    assert sum(s.balance) == 0


def test_the_solver_judges_claims_by_compulsory_beating() -> None:
    """Footnote [8]'s suit with K alone and A 8 7 (the layout of ``check_qj109``): free to duck (the Russian
    rule) the defence keeps the king and the ace apart and the declarer makes two of Q J 10 9; forced (F1)
    the ace falls on the king and he makes three. The solver behind claims plays the rule: one trick more."""
    w1, w2 = "KS AD KD QD JD 10D AC KC QC JC", "AS 8S 7S 9D 8D 7D 10C 9C 8C 7C"
    russian, forced = _qj109(SOCHI, w1, w2).claim_best(0), _qj109(F1, w1, w2).claim_best(0)
    assert russian is not None and forced == russian + 1
    free, f1 = _qj109(SOCHI, w1, w2), _qj109(F1, w1, w2)
    _play_out(free, _spade_first)
    _play_out(f1, _spade_first)
    assert (_spade_tricks(f1, 0), _spade_tricks(free, 0)) == (3, 2)


@pytest.mark.parametrize("call", [*EXTRAS, *F3.ladder()], ids=str)
def test_the_new_calls_read_back_from_every_text(call: PrefCall) -> None:
    """A record's text, the English screen's and the Russian one's all parse back to the call."""
    assert all(PrefCall.parse(t) == call for t in (str(call), call.english, call.pretty))
