"""Three-handed bridge, cut-throat (document 000 «Бридж на троих»; vectors three-hand-bridge-* of
hoyle-bridge-examples.json): the dummy's make by the schedule, who may double, the score written to the
players, the seats moved after each deal, the settlement, and the terminal match."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardroom.cli.main import main
from cardroom.core.cards import CardSet, full_pack
from cardroom.core.deal import Deal
from cardroom.core.errors import IllegalAction
from cardroom.core.game import CHANCE
from cardroom.core.table import Seat
from cardroom.games import load
from cardroom.games.oldbridge.calls import DOUBLE, LEAVE, MAKES, PASS, REDOUBLE, OldCall
from cardroom.games.oldbridge.cutthroat import (
    Cutthroat,
    CutthroatDeal,
    CutthroatMatch,
    CutthroatRules,
    dummy_make,
    first_places,
    rotate,
    score_cutthroat,
)
from cardroom.games.oldbridge.scoring import StraightMake
from cardroom.games.oldbridge.threehanded import PlayerEntry, PlayerSheet, settlement

VECTORS = {v["id"]: v for v in json.loads(
    (Path(__file__).resolve().parents[2] / "shared" / "rules" / "hoyle-bridge-examples.json").read_text("utf-8"))}
NT, C, D, H, S = 4, 0, 1, 2, 3


def _mask(text: str) -> int:
    return CardSet.parse(text).mask


# --------------------------------------------------------------------------- the dummy's make (vector)
@pytest.mark.parametrize(("hand", "make"), [
    ("AS AH AD 2C 3C 4C 5C 6C 7C 8C 9C TC JC", NT),  # (a) three aces: no trumps, whatever the rest
    ("AS AH AD AC 2S 3S 4S 5S 6S 7S 8S 9S TS", NT),  # (a) four aces
    ("AS AH 2C 3C 4C 5C 6C 2D 3D 4D 5D 2H 3H", C),  # (b) two aces: never no trumps, the longest suit
    ("KS QS JS TS 2H 3H 4H 5H 2C 3C 4C AD 9D", S),  # (c) equal length: spades 40 pips, hearts 14, clubs 9
    ("AS 2S 3S 4S KH 2H 3H 4H 5C 6C 7C 8D 9D", S),  # (c) spades 11+2+3+4 = 20 over hearts 10+2+3+4 = 19
    ("KS 2S 3S 4S KH 2H 3H 4H 5C 6C 7C 8D 9D", H),  # (d) spades and hearts 19 each: the more valuable, hearts
    ("KS 2S 3S 4S KD 2D 3D 4D 5C 6C 7C 8H 9H", D),  # (d) diamonds over spades
    ("KS 2S 3S 4S KC 2C 3C 4C 5D 6D 7D 8H 9H", C),  # (d) clubs (4 a trick) over spades (2)
])
def test_dummy_declaration_schedule(hand: str, make: int) -> None:
    """Vector three-hand-bridge-dummy-declaration: aces, length, pips (A 11, K Q J 10 10, others face value),
    then the more valuable suit (by trick value H > D > C > S)."""
    mask = _mask(hand)
    assert mask.bit_count() == 13
    assert dummy_make(mask) == make
    assert VECTORS["three-hand-bridge-dummy-declaration"]["expected"]["mechanical"] is True


@settings(max_examples=200, deadline=None)
@given(st.randoms(use_true_random=False))
def test_dummy_make_properties(rng: random.Random) -> None:
    """No trumps exactly with three aces or more; otherwise a suit of the greatest length."""
    cards = rng.sample(full_pack(), 13)
    mask = sum(c.mask for c in cards)
    make = dummy_make(mask)
    aces = sum(1 for c in cards if int(c.rank) == 14)
    lengths = [sum(1 for c in cards if int(c.suit) == s) for s in range(4)]
    assert (make == NT) == (aces >= 3)
    if make != NT:
        assert lengths[make] == max(lengths)


# --------------------------------------------------------------------------- the rotation (vector)
def test_rotation_vector() -> None:
    """Vector three-hand-bridge-rotation: P1 deals at S (dummy N), P3 at W, P2 at E; three moves bring
    everyone back to the same order; each new dealer sits opposite the new vacant seat."""
    v = VECTORS["three-hand-bridge-rotation"]
    names = {"P1": 0, "P3": 1, "P2": 2}  # first_places(0): the dealer S, the next player W, the third E
    places = first_places(0)
    assert {Seat.parse(k): v for k, v in v["data"]["initial"].items() if "vacant" not in v} == {
        places[names[n.split()[0]]]: n for n in v["data"]["initial"].values() if "vacant" not in n}
    for move in ("after_move_1", "after_move_2", "after_move_3"):
        places, dealer = rotate(places)
        want = v["expected"][move]
        for seat_letter, who in want.items():
            seat = Seat.parse(seat_letter)
            if who == "vacant":
                assert seat not in places
                continue
            player = names[who.split()[0]]
            assert places[player] == seat
            assert ("dealer" in who) == (player == dealer)
        assert places[dealer].partner not in places  # the dealer opposite the vacant seat
    # "the clockwise order starting from the vacant seat is again P2, P1, P3 with P1 dealing"
    free = next(x for x in Seat if x not in places)
    clockwise = [free.lho, free.lho.lho, free.rho]
    assert [places.index(x) for x in clockwise] == [names["P2"], names["P1"], names["P3"]] and dealer == names["P1"]


def test_the_match_moves_the_seats_after_each_deal() -> None:
    m = Cutthroat(draw_for_first_deal=False).new_initial_state()
    assert isinstance(m, CutthroatMatch)
    rng = random.Random(3)
    seen = []
    while len(m.results) < 3 and not m.is_over:
        if m.to_act == CHANCE:
            m.apply(m.sample_chance(rng))
        else:
            m.apply(rng.choice(list(m.legal_actions())))
        if m.deal is not None and not m.deal.history:
            seen.append((m.dealer, m.places))
    places = first_places(0)
    for dealer, got in seen:
        places, want_dealer = rotate(places)
        assert (dealer, got) == (want_dealer, places)
    assert [d for d, _ in seen] == [1, 2, 0][:len(seen)]  # the deal passes to the dealer's left


# --------------------------------------------------------------------------- the make and the doubling
def _deal(dealer_hand: str | None = None, dummy_hand: str | None = None) -> CutthroatDeal:
    game = Cutthroat()
    deal = CutthroatDeal(game, first_places(0), 0, game.rules)  # player 0 deals at S, the dummy at N
    rng = random.Random(7)
    if dealer_hand is None:
        deal.apply(deal.sample_chance(rng))
        return deal
    hands = [0, 0, 0, 0]
    hands[Seat.SOUTH] = _mask(dealer_hand)
    assert dummy_hand is not None
    hands[Seat.NORTH] = _mask(dummy_hand)
    rest = [c for c in full_pack() if not c.mask & (hands[0] | hands[2])]
    hands[Seat.EAST] = sum(c.mask for c in rest[:13])
    hands[Seat.WEST] = sum(c.mask for c in rest[13:])
    deal.apply(Deal(tuple(hands)))
    return deal


def test_the_dealer_passes_and_the_dummy_makes_unseen() -> None:
    deal = _deal("2S 3S 4S 5S 2H 3H 4H 5H 2D 3D 4D 2C 3C", "AS KS QS JS 9S 8S 7S AH 6H AD 6D 5D 6C")
    assert deal.to_act == 0 and set(deal.legal_actions()) == {*MAKES, LEAVE}
    deal.apply(LEAVE)
    assert deal.calls[-1] == (Seat.NORTH, MAKES[NT])  # three aces: no trumps
    assert deal.contract_of() == StraightMake(NT, Seat.NORTH, Seat.SOUTH, 0)
    for player in range(3):  # nobody sees the dummy before the opening lead
        assert not deal.visible_mask(player) & deal.hands[Seat.NORTH]
        assert deal.view(player).dummy_hand is None


def test_only_the_eldest_doubles_and_only_the_dealer_redoubles() -> None:
    deal = _deal()
    deal.apply(MAKES[H])
    eldest = deal.player_at(Seat.WEST)  # the dealer's left
    assert deal.to_act == eldest == 1
    assert deal.legal_actions() == [PASS, DOUBLE]
    before = deal.snapshot()
    with pytest.raises(IllegalAction):
        deal.apply(REDOUBLE)
    assert deal.snapshot() == before
    deal.apply(DOUBLE)
    assert deal.to_act == 0 and deal.legal_actions() == [PASS, REDOUBLE]  # the dealer, not the pone
    deal.apply(REDOUBLE)
    assert deal.to_act == eldest  # the eldest may double again while the limit allows (8 -> 32 -> 64)
    deal.apply(PASS)
    assert deal.phase == 3 and deal.next_seat == Seat.WEST  # the play: the eldest leads
    assert deal.contract_of() == StraightMake(H, Seat.SOUTH, Seat.SOUTH, 2)


def test_when_the_eldest_passes_the_pone_may_not_double() -> None:
    deal = _deal()
    deal.apply(MAKES[C])
    deal.apply(PASS)
    assert deal.phase == 3 and OldCall.parse("X") not in deal.legal_actions()
    assert [s for s, _ in deal.calls] == [Seat.SOUTH, Seat.WEST]


# --------------------------------------------------------------------------- the score
def test_only_the_dealer_scores_below_the_line() -> None:
    rules = CutthroatRules(honours="none")
    make = StraightMake(H, Seat.SOUTH, Seat.SOUTH, 1)  # hearts doubled: 16 a trick
    places = first_places(0)
    hands = (0, 0, 0, 0)
    assert score_cutthroat(make, (9, 4), hands, places, 0, rules) == [PlayerEntry(0, 48, True, "tricks")]
    # the opponents take 8: two odd tricks, written above the line by each of them
    assert score_cutthroat(make, (5, 8), hands, places, 0, rules) == [
        PlayerEntry(1, 32, False, "tricks"), PlayerEntry(2, 32, False, "tricks")]
    halved = CutthroatRules(honours="none", defenders_score="halved")
    assert score_cutthroat(make, (5, 8), hands, places, 0, halved) == [
        PlayerEntry(1, 16, False, "tricks"), PlayerEntry(2, 16, False, "tricks")]


def test_honours_of_the_dealer_and_his_dummy_are_the_dealers() -> None:
    make = StraightMake(NT, Seat.NORTH, Seat.SOUTH, 0)
    hands = [0, 0, 0, 0]
    hands[Seat.NORTH] = _mask("AS AH AD")
    entries = score_cutthroat(make, (7, 6), hands, first_places(0), 0, CutthroatRules())
    assert entries == [PlayerEntry(0, 12, True, "tricks"), PlayerEntry(0, 30, False, "honours")]


# --------------------------------------------------------------------------- the settlement (vector)
def test_settlement_vector() -> None:
    """Vector three-hand-bridge-settlement: A 320 (the 100 for the rubber included), B 80, C 64."""
    v = VECTORS["three-hand-bridge-settlement"]
    totals = v["data"]["final_totals_including_100_rubber_bonus_for_winner"]
    s = settlement(totals)
    e = v["expected"]
    assert s["against"]["A"]["B"] == e["A_from_B"] == 240
    assert s["against"]["A"]["C"] == e["A_from_C"] == 256
    assert s["against"]["B"]["C"] == e["B_from_C"] == 16
    assert s["net"] == e["derived_net"]
    assert sum(s["net"].values()) == 0


class _R:
    def __init__(self, *entries: PlayerEntry) -> None:
        self.entries = entries


def test_the_sheet_two_games_then_100_for_the_rubber() -> None:
    """Two games of 30 below the line win the rubber; 100 is credited, then the settlement."""
    sheet = PlayerSheet(30, 0, 100)
    sheet.add(_R(PlayerEntry(0, 24, True, "tricks"), PlayerEntry(1, 40, False, "honours")))
    sheet.add(_R(PlayerEntry(1, 12, True, "tricks")))
    assert sheet.below == [24, 12, 0] and not sheet.games
    sheet.add(_R(PlayerEntry(0, 8, True, "tricks")))  # 32: player 1's game; the game in play ends for all
    assert sheet.games == [0] and sheet.below == [0, 0, 0] and not sheet.is_over
    sheet.add(_R(PlayerEntry(0, 36, True, "tricks")))
    assert sheet.is_over and sheet.winner == 0
    assert sheet.totals() == {"1": 24 + 8 + 36 + 100, "2": 52, "3": 0}
    d = sheet.to_dict()
    assert d["settlement"]["against"]["1"] == {"2": 116, "3": 168}
    assert sheet.seat_results() == (284, -64, -220)
    assert sheet.recomputed([]).to_dict()["totals"] == {"1": 0, "2": 0, "3": 0}


# --------------------------------------------------------------------------- the registry and the terminal
def test_names_and_options() -> None:
    for name in ("cutthroat", "cut-throat", "бридж-на-троих", "кровожадный"):
        assert type(load(name)) is Cutthroat
    g: Any = load("cutthroat", defenders_score="halved")
    assert isinstance(g.new_initial_state(), CutthroatMatch) and g.options()["defenders_score"] == "halved"


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_cli_auto_plays_a_rubber_to_the_settlement(capsys: pytest.CaptureFixture[str], lang: str) -> None:
    assert main(["--lang", lang, "play", "cutthroat", "--auto", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    if lang == "en":
        assert "Totals: Player 1" in out and "wins" in out and "*100" in out
    else:
        assert "Итоги: Игрок 1" in out and "выигрывает" in out


def test_the_record_replays_to_the_same_sheet(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from cardroom.records.registry import state_from_dict

    path = tmp_path / "ct.json"
    assert main(["--lang", "en", "play", "cutthroat", "--auto", "--seed", "4", "--save", str(path)]) == 0
    out = capsys.readouterr().out
    state = state_from_dict(json.loads(path.read_text("utf-8")))
    assert state.is_over and state.sheet_dict() == state.recomputed_sheet_dict()
    assert state.render_sheet("en") in out
    assert main(["replay", str(path)]) == 0
    replayed = capsys.readouterr().out
    assert "deal 1 (dealer" in replayed and state.render_sheet("en") in replayed
