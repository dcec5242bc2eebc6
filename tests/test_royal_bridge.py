"""Royal bridge (document 000 «КОРОЛЕВСКИЙ БРИДЖ», digest §6.12): four players each for himself, the pivot,
the dealer's make or his partner's by the schedule, no doubling, a column each, the skat method's balance."""

from __future__ import annotations

import json
import random
import warnings
from collections import Counter
from collections.abc import Iterator
from itertools import combinations
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardroom.cli.main import main
from cardroom.core.cards import Card, CardSet
from cardroom.core.deal import Deal
from cardroom.core.errors import IllegalAction
from cardroom.core.game import CHANCE
from cardroom.core.table import Seat
from cardroom.games import load
from cardroom.games.oldbridge.calls import DOUBLE, LEAVE, MAKES, OldCall
from cardroom.games.oldbridge.cutthroat import CutthroatResult, dummy_make
from cardroom.games.oldbridge.royal import (
    RoyalBridge,
    RoyalDeal,
    RoyalMatch,
    RoyalRules,
    RoyalSheet,
    pivot_move,
    score_royal,
)
from cardroom.games.oldbridge.scoring import StraightMake
from cardroom.games.oldbridge.threehanded import settlement
from roomkit import auth, new_table, wait_until

VECTORS = {v["id"]: v for v in json.loads(
    (Path(__file__).resolve().parents[2] / "shared" / "rules" / "hoyle-bridge-examples.json").read_text("utf-8"))}
PLACES = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)
NT, H = 4, 2

# Player 3 (South) deals and makes hearts; the leader leading his highest and the others following low, his
# side takes 8 tricks (two by cards, 16) and holds simple honours (16): "сдатчик выиграл 16 и 16".
WIN = {Seat.NORTH: "3C 9C AC 6D QD 8H 9H AH 3S 6S 9S 10S QS", Seat.EAST: "4C KC 2D 4D 7D 10D KD 2H 4H 5H 10H 5S 8S",
       Seat.SOUTH: "7C 10C JC 3D 9D 3H 6H JH KH 7S JS KS AS", Seat.WEST: "2C 5C 6C 8C QC 5D 8D JD AD 7H QH 2S 4S"}
# South makes no trumps; the opponents take 7 tricks (one by cards, 12) and hold three aces (30): "проиграет
# 12 и 30".
LOSS = {Seat.NORTH: "2C 4C JC QC AC 9D QD KD 2H 6H 8H JH 5S", Seat.EAST: "5C 10C 3D 6D 10D JD AD 5H QH 4S 6S JS KS",
        Seat.SOUTH: "3C 6C KC 5D 7D 3H 4H 10H KH 2S 3S 8S 9S", Seat.WEST: "7C 8C 9C 2D 4D 8D 7H 9H AH 7S 10S QS AS"}


def _game(**options: Any) -> RoyalBridge:
    game = load("royal-bridge", **options)
    assert isinstance(game, RoyalBridge)
    return game


def _deal(hands: dict[Seat, str], dealer: int = 2, **options: Any) -> RoyalDeal:
    game = _game(**options)
    deal = RoyalDeal(game, PLACES, dealer, game.rules)
    masks = [0, 0, 0, 0]
    for seat, text in hands.items():
        masks[seat] = CardSet.parse(text).mask
    deal.apply(Deal(tuple(masks)))
    return deal


def _play_out(deal: RoyalDeal) -> CutthroatResult:
    """The leader leads his highest card, the others play their lowest legal card."""
    while not deal.is_over:
        legal = [c for c in deal.legal_actions() if isinstance(c, Card)]
        deal.apply(max(legal, key=lambda c: c % 13) if not deal.trick else min(legal, key=lambda c: c % 13))
    return deal.result()


def _columns(result: CutthroatResult) -> list[int]:
    out = [0, 0, 0, 0]
    for e in result.entries:
        out[e.player] += e.points
    return out


# --------------------------------------------------------------------------- the vector, through the engine
@pytest.mark.parametrize("method", ["signed", "plus-only"])
def test_royal_bridge_scoring_vector_won(method: str) -> None:
    """Vector royal-bridge-scoring, case_win: "сдатчик выиграл 16 и 16. Ему записывается 32 со знаком плюс"."""
    data = VECTORS["royal-bridge-scoring"]
    deal = _deal(WIN, method=method)
    deal.apply(MAKES[H])
    r = _play_out(deal)
    assert r.won == (8, 5) and r.contract == StraightMake(H, Seat.SOUTH, Seat.SOUTH, 0)
    case = data["data"]["case_win"]
    assert case["tricks"] + case["honours"] == int(data["expected"]["case_win"]["dealer"]) == 32
    assert _columns(r) == [0, 0, 32, 0]  # the dealer alone: his partner (North) has no share by default


def test_royal_bridge_scoring_vector_lost_signed() -> None:
    """case_loss, the signed method: the dealer's column loses 12 and 30 (−42); the others' are untouched."""
    expected = VECTORS["royal-bridge-scoring"]["expected"]["case_loss"]
    deal = _deal(LOSS)
    deal.apply(MAKES[NT])
    r = _play_out(deal)
    assert r.won == (6, 7)
    assert _columns(r) == [0, 0, expected["signed_method"]["dealer"], 0] == [0, 0, -42, 0]


def test_royal_bridge_scoring_vector_lost_plus_only() -> None:
    """case_loss, plus scores only: "его счет не трогают, но каждому из остальных записывают по 42"."""
    expected = VECTORS["royal-bridge-scoring"]["expected"]["case_loss"]["positive_only_method"]
    deal = _deal(LOSS, method="plus-only")
    deal.apply(MAKES[NT])
    r = _play_out(deal)
    each = int(expected["each_of_other_three"])
    assert _columns(r) == [each, each, expected["dealer"], each] == [42, 42, 0, 42]
    assert {e.kind for e in r.entries} == {"credited"}


def test_the_partner_shares_when_the_option_says_so() -> None:
    won = _deal(WIN, partner_shares=True)
    won.apply(MAKES[H])
    assert _columns(_play_out(won)) == [32, 0, 32, 0]
    lost = _deal(LOSS, partner_shares=True, method="plus-only")
    lost.apply(MAKES[NT])
    assert _columns(_play_out(lost)) == [0, 42, 0, 42]  # the two opponents only
    signed = _deal(LOSS, partner_shares=True)
    signed.apply(MAKES[NT])
    assert _columns(_play_out(signed)) == [-42, 0, -42, 0]


# --------------------------------------------------------------------------- declaring
def test_the_dealer_declares_and_nobody_doubles() -> None:
    deal = _deal(WIN)
    assert deal.to_act == 2 and set(deal.legal_actions()) == {*MAKES, LEAVE}
    before = deal.snapshot()
    with pytest.raises(IllegalAction):
        deal.apply(DOUBLE)
    assert deal.snapshot() == before
    deal.apply(MAKES[H])
    assert deal.phase == 3 and deal.next_seat == Seat.WEST  # "Удвоения нет": the eldest hand leads at once
    assert not any(isinstance(a, OldCall) for a in deal.legal_actions())


def test_after_a_pass_the_partner_declares_by_the_mechanical_rule() -> None:
    """ "Если он пасует, игрок, сидящий напротив него, должен сделать заказ по механическим правилам":
    North has three aces, so no trumps by three-handed bridge's schedule; he is never asked."""
    hands = {Seat.NORTH: "AS KS QS JS 9S 8S 7S AH 6H AD 6D 5D 6C", Seat.EAST: "2S 3S 4S 5S 2H 3H 4H 5H 2D 3D 4D 2C 3C",
             Seat.SOUTH: "10S 6S 7H 8H 9H 10H 7D 8D 9D 4C 5C 7C 8C",
             Seat.WEST: "JH QH KH 10D JD QD KD AC KC QC JC 10C 9C"}
    deal = _deal(hands)
    assert dummy_make(deal.hands[Seat.NORTH]) == NT
    deal.apply(LEAVE)
    assert deal.calls == [(Seat.SOUTH, LEAVE), (Seat.NORTH, MAKES[NT])]
    assert deal.contract_of() == StraightMake(NT, Seat.NORTH, Seat.SOUTH, 0)  # the dealer plays the hand
    assert deal.phase == 3 and deal.to_act == 3  # West (player 4) leads; nobody doubled
    assert deal.scorer == 2
    maker = _deal(hands, scorer_after_pass="maker")
    maker.apply(LEAVE)
    assert maker.scorer == 0  # the option: the partner who declared after the pass


def test_the_schedule_is_cutthroats() -> None:
    from cardroom.games.oldbridge.cutthroat import CutthroatDeal, ScheduledDeal

    assert RoyalDeal._call is CutthroatDeal._call is ScheduledDeal._call  # one mechanism, not a copy


# --------------------------------------------------------------------------- the pivot
def test_pivot_move_is_left_to_right_right_to_opposite_opposite_to_left() -> None:
    moved = pivot_move(PLACES, 2)  # the pivot at South: West goes behind him to East
    assert moved == (Seat.WEST, Seat.NORTH, Seat.SOUTH, Seat.EAST)
    assert pivot_move(pivot_move(moved, 2), 2) == PLACES  # three moves bring everyone back


def _bot_match(seed: int, **options: Any) -> RoyalMatch:
    game = _game(**options)
    state = game.new_initial_state()
    assert isinstance(state, RoyalMatch)
    rng = random.Random(seed)
    bots = {p: game.bot("rule", p) for p in range(4)}
    while not state.is_over:
        if state.to_act == CHANCE:
            state.apply(state.sample_chance(rng))
        else:
            p = state.to_act
            assert p is not None
            state.apply(bots[p].choose(state.view(p)))
    return state


def test_the_pivot_rotation_over_twelve_deals() -> None:
    """ "По окончании двенадцати сдач каждый сыграл по четыре раздачи с каждым из остальных"; the pivot, the
    first dealer, never moves; the deal passes to the left, so each player deals three times."""
    state = _bot_match(3)
    results = state.results
    assert len(results) == 12 and state.sheet.deals == 12
    pivot = results[0].dealer
    together: Counter[frozenset[int]] = Counter()
    for n, r in enumerate(results):
        assert r.places[pivot] == results[0].places[pivot]
        assert r.places == results[n - n % 4].places  # the partners stay for four deals
        if n:
            assert r.places[r.dealer] == results[n - 1].places[results[n - 1].dealer].lho
        for a, b in combinations(range(4), 2):
            if r.places[a].partner == r.places[b]:
                together[frozenset((a, b))] += 1
    assert together == {frozenset(pair): 4 for pair in combinations(range(4), 2)}
    assert Counter(r.dealer for r in results) == {p: 3 for p in range(4)}


# --------------------------------------------------------------------------- the columns and the balance
def test_the_columns_sum_to_the_totals_and_the_balance_is_zero_sum() -> None:
    state = _bot_match(5)
    sheet = state.sheet
    assert isinstance(sheet, RoyalSheet)
    totals = sheet.totals()
    for p in range(4):
        assert totals[str(p + 1)] == sum(_columns(r)[p] for r in state.results)
    s = settlement(totals)
    assert sum(s["net"].values()) == 0
    for a, b in combinations(totals, 2):  # "the skat method": each total compared with each other's
        assert s["against"][a][b] == totals[a] - totals[b] == -s["against"][b][a]
    assert sheet.to_dict()["settlement"] == s and sheet.seat_results() == tuple(s["net"].values())
    assert state.sheet_dict() == state.recomputed_sheet_dict()


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 3), st.integers(-200, 200)), max_size=12), st.booleans())
def test_signed_and_plus_only_balance_alike(deals: list[tuple[int, int]], shares: bool) -> None:
    """The two ways of keeping the columns differ in the totals, never in the balance."""
    nets = []
    for method in ("signed", "plus-only"):
        rules = RoyalRules(method=method, partner_shares=shares)
        totals = {str(p + 1): 0 for p in range(4)}
        for scorer, value in deals:
            for e in score_royal(value, PLACES, scorer, rules):
                totals[str(e.player + 1)] += e.points
        if method == "plus-only":
            assert min(totals.values()) >= 0
        nets.append(settlement(totals)["net"])
    assert nets[0] == nets[1]


def test_the_sheet_is_drawn_in_both_languages() -> None:
    state = _bot_match(7, method="plus-only")
    en, ru = state.sheet.render(lang="en"), state.sheet.render(lang="ru")
    assert "Player 4" in en and "Settlement" in en and en.count("-" * 48) == 3
    assert "Игрок 4" in ru and "Расчёт" in ru and "Player" not in ru
    d = state.sheet.to_dict()  # the card room draws the lines as written, a rule under each round of four
    assert d["rounds_closed"] == 3 and all(ln["text"] == f"{ln['points']:+d}" for ln in d["lines"])


def test_options_are_checked() -> None:
    from cardroom.core.errors import CardroomError

    for bad in ({"method": "minus"}, {"deals": 0}, {"doubling_limit": "cap-100"}):
        with pytest.raises(CardroomError):
            load("royal-bridge", **bad)
    for name in ("royal-bridge", "королевский-бридж", "four-handed-bridge"):
        assert type(load(name)) is RoyalBridge


# --------------------------------------------------------------------------- the terminal and the records
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_terminal_auto_plays_twelve_deals_to_the_sheet(capsys: pytest.CaptureFixture[str], lang: str) -> None:
    assert main(["--lang", lang, "play", "royal-bridge", "--auto", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    if lang == "en":
        assert "Deal 12:" in out and "Deal 13" not in out and "Totals: Player 1" in out and "Settlement:" in out
    else:
        assert "Итоги: Игрок 1" in out and "Расчёт:" in out


def test_the_record_replays_to_the_same_sheet(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from cardroom.records.registry import state_from_dict

    path = tmp_path / "royal.json"
    assert main(["--lang", "en", "play", "royal-bridge", "--auto", "--seed", "4", "--save", str(path)]) == 0
    out = capsys.readouterr().out
    state = state_from_dict(json.loads(path.read_text("utf-8")))
    assert state.is_over and state.sheet_dict() == state.recomputed_sheet_dict()
    assert state.render_sheet("en") in out
    assert main(["replay", str(path)]) == 0
    assert state.render_sheet("en") in capsys.readouterr().out


# --------------------------------------------------------------------------- the card room
@pytest.fixture
def client(tmp_path: Path) -> Iterator[Any]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from fastapi.testclient import TestClient
    from cardroom.room.app import create_app

    with TestClient(create_app(f"sqlite:///{tmp_path}/room.sqlite")) as c:
        yield c


def test_a_room_table_is_played_to_the_end_by_bots(client: Any) -> None:
    lobby = {g["name"]: g for g in client.get("/api/games").json()["games"]}
    assert lobby["royal-bridge"]["seats"] == 4
    tid, owner = new_table(client, "royal-bridge", seed=3)
    assert client.post(f"/api/tables/{tid}/bots", json={}, headers=auth(owner)).json()["seats"] == [0, 1, 2, 3]
    info = wait_until(client, tid, lambda i: i["over"], timeout=120)
    assert info["over"]
    rec = client.get(f"/api/tables/{tid}/record").json()
    from cardroom.records.registry import state_from_dict

    state = state_from_dict(rec)
    assert state.is_over and len(state.results) == 12
    assert state.sheet_dict()["players"] == ["1", "2", "3", "4"]
