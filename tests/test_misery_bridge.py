"""Misery bridge (document 000 «МИЗЕРИ-БРИДЖ», digest §6.5; vector ``misery-bridge-scoring``): the discard
and the draw from the reserve, the declarations, the three-card trick, every branch of the score through
the engine, the hidden reserve and the dealer's drawn cards, the terminal."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardroom.core.cards import Card
from cardroom.core.deal import Deal
from cardroom.core.errors import IllegalAction
from cardroom.core.game import CHANCE
from cardroom.core.table import Seat
from cardroom.games import canonical, load
from cardroom.games.oldbridge.misery import (
    DRAW,
    MISERY,
    MiseryBridge,
    MiseryCall,
    MiseryDeal,
    MiseryResult,
    ReserveDraw,
    dummy_of,
    reserve_of,
)

ROOT = Path(__file__).resolve().parents[1]
VECTOR = next(v for v in json.loads((ROOT.parent / "shared" / "rules" / "hoyle-bridge-examples.json")
                                    .read_text(encoding="utf-8")) if v["id"] == "misery-bridge-scoring")


def _mask(text: str) -> int:
    m = 0
    for c in text.split():
        m |= 1 << Card.parse(c)
    return m


def _deal(hands: dict[Seat, str], dealer: int = 0, **options: Any) -> MiseryDeal:
    """A deal of player ``dealer`` (0 at South: the reserve West, the dummy East; the opponent North)."""
    game = load("misery-bridge", **options)
    assert isinstance(game, MiseryBridge)
    deal = MiseryDeal(game, dealer, game.rules)
    deal.apply(Deal(tuple(_mask(hands[s]) for s in Seat)))
    return deal


# The dealer (South) holds the lowest cards of every suit: at no trumps he can win no trick.
LOW = {
    Seat.SOUTH: "2C 3C 4C 5C 2D 3D 4D 2H 3H 4H 2S 3S 4S",
    Seat.NORTH: "AC KC QC JC TC AD KD QD JD AH KH QH JH",
    Seat.EAST: "9C 8C TD 9D 8D TH 9H 8H AS KS QS JS TS",
    Seat.WEST: "6C 7C 5D 6D 7D 5H 6H 7H 5S 6S 7S 8S 9S",
}
# The dealer holds every spade: with spades trumps he takes all thirteen tricks.
SPADES = {
    Seat.SOUTH: "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S",
    Seat.NORTH: "AC KC QC JC TC 9C AD KD QD JD TD 9D 8D",
    Seat.EAST: "AH KH QH JH TH 9H 8H 7H 6H 8C 7C 7D 6D",
    Seat.WEST: "6C 5C 4C 3C 2C 5D 4D 3D 2D 5H 4H 3H 2H",
}
# The dealer holds the top three of every suit and the jack of spades: at no trumps he takes every trick.
TOPS = {
    Seat.SOUTH: "AC KC QC AD KD QD AH KH QH AS KS QS JS",
    Seat.NORTH: "JC TC 9C 8C 7C JD TD 9D 8D 7D JH TH 9H",
    Seat.EAST: "6C 5C 4C 6D 5D 4D 8H 7H 6H TS 9S 8S 7S",
    Seat.WEST: "3C 2C 3D 2D 5H 4H 3H 2H 6S 5S 4S 3S 2S",
}
# The dealer's only diamond is the ace, every other card of his the lowest of its suit in play.
ONE_ACE = {
    Seat.SOUTH: "2C 3C 4C 5C 2H 3H 4H 5H 2S 3S 4S 5S AD",
    Seat.NORTH: "AC KC QC JC TC 9C KD QD JD AH KH QH JH",
    Seat.EAST: "8C 7C TD 9D 8D 7D TH 9H AS KS QS JS TS",
    Seat.WEST: "6C 6D 5D 4D 3D 2D 8H 7H 6H 9S 8S 7S 6S",
}


def _highest(deal: MiseryDeal, legal: list[Any]) -> Any:
    """The opponent: a diamond lead where he has one, else his highest card; following, his highest."""
    if not deal.trick:
        diamonds = [c for c in legal if Card(c).suit == 1]
        if diamonds:
            return diamonds[-1]
    return max(legal, key=lambda c: Card(c).rank)


def _lowest(deal: MiseryDeal, legal: list[Any]) -> Any:
    return min(legal, key=lambda c: Card(c).rank)


def _play_out(deal: MiseryDeal, opponent: Callable[[MiseryDeal, list[Any]], Any] = _highest,
              dealer: Callable[[MiseryDeal, list[Any]], Any] = _lowest) -> MiseryResult:
    while not deal.is_over:
        who = deal.to_act
        legal = list(deal.legal_actions())
        deal.apply(dealer(deal, legal) if who == deal.dealer_player else opponent(deal, legal))
    return deal.result()


def _entries(r: MiseryResult) -> list[tuple[int, int, bool, str]]:
    return [(e.player, e.points, e.below, e.kind) for e in r.entries]


def test_the_geometry_reserve_at_the_dealers_left_dummy_at_the_opponents_left() -> None:
    deal = _deal(LOW)
    assert deal.dealer == Seat.SOUTH and reserve_of(deal.dealer) == Seat.WEST and dummy_of(deal.dealer) == Seat.EAST
    deal.apply(MiseryCall("make", 4))
    # the opponent (North) leads first from his own hand and plays the dummy too; the reserve never plays
    assert deal.leader == Seat.NORTH and deal.declarer == Seat.NORTH and deal.dummy == Seat.EAST
    assert deal.to_act == 1 and deal.hand_to_play == Seat.NORTH
    deal.apply(Card.parse("AC"))
    assert (deal.hand_to_play, deal.to_act) == (Seat.EAST, 1)  # the dummy's card, by its owner
    deal.apply(Card.parse("9C"))
    assert (deal.hand_to_play, deal.to_act) == (Seat.SOUTH, 0)
    deal.apply(Card.parse("2C"))
    assert len(deal.tricks) == 1 and len(deal.tricks[0].cards) == 3
    assert [s for s, _ in deal.tricks[0].plays] == [Seat.NORTH, Seat.EAST, Seat.SOUTH]
    # player 1 dealing (North): the reserve is East, the dummy South's left (West)
    other = _deal(LOW, dealer=1)
    assert reserve_of(other.dealer) == Seat.EAST and dummy_of(other.dealer) == Seat.WEST


# ------------------------------------------------------------------ the vector, branch by branch


def test_vector_eight_tricks_made_doubles_the_odd_trick_value() -> None:
    assert VECTOR["expected"]["eight_tricks_declaration"]["success"] == "dealer scores his tricks at double value"
    deal = _deal(SPADES, honours="none")
    deal.apply(MiseryCall("eight", 3))
    r = _play_out(deal)
    assert r.won[0] == 13
    assert _entries(r) == [(0, 7 * 2 * 2, True, "tricks"), (0, 40, False, "slam")]
    # the other reading: every trick he took at double value
    deal = _deal(SPADES, honours="none", eight_tricks_value="all")
    deal.apply(MiseryCall("eight", 3))
    assert _entries(_play_out(deal))[0] == (0, 13 * 2 * 2, True, "tricks")
    # straight bridge's honours: five in one hand 10 x 2 to the dealer, the opponent's double chicane 4 x 2
    deal = _deal(SPADES)
    deal.apply(MiseryCall("eight", 3))
    assert sorted(_entries(_play_out(deal))) == sorted([(0, 28, True, "tricks"), (0, 20, False, "honours"),
                                                        (1, 8, False, "chicane"), (0, 40, False, "slam")])


def test_vector_eight_tricks_failed_gives_the_opponent_ten_whatever_the_trump() -> None:
    failure = VECTOR["expected"]["eight_tricks_declaration"]["failure"]
    assert failure == "opponent scores 10 penalty points, dealer scores nothing, whatever the trump"
    for trump in range(5):
        deal = _deal(LOW, honours="none", eight_failed_opponent_scores=False)
        deal.apply(MiseryCall("eight", trump))
        r = _play_out(deal)
        assert r.won[0] < 8
        assert _entries(r) == [(1, 10, False, "eight tricks penalty")]  # the dealer nothing, 10 whatever the trump
    # the default reading: the opponent's odd tricks and honours count besides; the dealer's honours never
    deal = _deal(LOW)
    deal.apply(MiseryCall("eight", 0))  # clubs: the opponent (North) holds all five honours
    r = _play_out(deal)
    theirs = r.won[1]
    assert theirs == 13 - r.won[0] and theirs > 6
    expected = [(1, 10, False, "eight tricks penalty"), (1, (theirs - 6) * 4, True, "tricks"),
                (1, 40, False, "honours")]
    if theirs >= 12:
        expected.append((1, 40 if theirs == 13 else 20, False, "slam" if theirs == 13 else "little slam"))
    assert _entries(r) == expected
    assert all(e.player == 1 for e in r.entries)


def test_vector_misery_dealer_takes_no_trick_scores_five_a_trick_beyond_six() -> None:
    zero_or_one = VECTOR["expected"]["misery"]["dealer_wins_0_or_1_trick"]
    assert zero_or_one == "dealer scores 5 per trick won by opponent beyond six"
    deal = _deal(LOW)
    deal.apply(MISERY)
    assert deal.trump is None  # "безкозырная игра"
    r = _play_out(deal)
    assert r.won == (0, 13)
    assert _entries(r) == [(0, 35, True, "misery")]  # 13 - 6 = 7 tricks beyond six, 5 each; no honours
    deal = _deal(LOW, misery_below=False)
    deal.apply(MISERY)
    assert _entries(_play_out(deal)) == [(0, 35, False, "misery")]


def test_vector_misery_dealer_takes_one_trick_still_scores() -> None:
    deal = _deal(ONE_ACE)
    deal.apply(MISERY)
    r = _play_out(deal)
    assert r.won == (1, 12)
    assert r.tricks[0].winner == Seat.SOUTH  # the ace of diamonds, his only diamond, on the diamond lead
    assert _entries(r) == [(0, 30, True, "misery")]


def test_vector_misery_dealer_takes_more_than_one_trick_pays_five_each() -> None:
    assert VECTOR["expected"]["misery"]["dealer_wins_more_than_one_trick"] == "opponent scores 5 per such trick"
    deal = _deal(TOPS)
    deal.apply(MISERY)
    r = _play_out(deal)
    assert r.won == (13, 0)
    assert _entries(r) == [(1, 65, False, "misery penalty")]  # each trick he took (the best reading)
    deal = _deal(TOPS, misery_penalty="beyond-one")
    deal.apply(MISERY)
    assert _entries(_play_out(deal)) == [(1, 60, False, "misery penalty")]  # each beyond one


def test_a_plain_declaration_scores_as_straight_bridge() -> None:
    deal = _deal(SPADES)
    deal.apply(MiseryCall("make", 3))
    assert sorted(_entries(_play_out(deal))) == sorted([(0, 14, True, "tricks"), (0, 20, False, "honours"),
                                                        (1, 8, False, "chicane"), (0, 40, False, "slam")])


# ------------------------------------------------------------------ the discard and the draw


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_the_dealer_discards_n_face_up_and_draws_n_from_the_reserve(n: int) -> None:
    assert VECTOR["expected"]["discard"].startswith("1-4 cards, face up at dealer's left")
    deal = _deal(LOW)
    discards = ["2C", "3C", "2D", "2H"][:n]
    for c in discards:
        deal.apply(Card.parse(c))
    assert deal.discards == _mask(" ".join(discards))
    assert DRAW in deal.legal_actions() and MISERY not in deal.legal_actions()
    deal.apply(DRAW)
    assert deal.to_act == CHANCE
    draw = deal.sample_chance(random.Random(n))
    assert isinstance(draw, ReserveDraw) and len(draw.cards) == n
    assert draw.mask & ~_mask(LOW[Seat.WEST]) == 0  # from the reserve
    deal.apply(draw)
    assert deal.hands[Seat.SOUTH].bit_count() == 13 and deal.hands[Seat.SOUTH] & draw.mask == draw.mask
    assert deal.hands[Seat.WEST].bit_count() == 13 - n
    # the discards face up to both; the drawn cards the dealer's alone; the reserve nobody's
    for player in (0, 1):
        assert deal.visible_mask(player) & deal.discards == deal.discards
        assert deal.visible_mask(player) & deal.hands[Seat.WEST] == 0
    assert deal.visible_mask(0) & draw.mask == draw.mask
    assert deal.visible_mask(1) & draw.mask == 0
    assert deal.view(1).to_dict()["drawn"] == [] and deal.view(1).to_dict()["discards"] == discards
    assert sorted(deal.view(0).to_dict()["drawn"]) == sorted(str(c) for c in draw.cards)
    assert MISERY not in deal.legal_actions()
    deal.apply(MiseryCall("make", 2))
    r = _play_out(deal)
    assert r.discards == deal.discards and r.drawn == draw.mask
    # the discards stay on the table all deal long: every card in one place
    places = deal.card_places()
    assert places["discards"] == deal.discards


def _refused(deal: MiseryDeal, action: Any, key: str) -> None:
    before = deal.snapshot()
    with pytest.raises(IllegalAction) as e:
        deal.apply(action)
    assert e.value.reason is not None and e.value.reason.key == key
    assert deal.snapshot() == before


def test_five_discards_and_a_draw_of_none_are_refused() -> None:
    deal = _deal(LOW)
    _refused(deal, DRAW, "misery.draw_none")  # a draw without a discard: 0 cards
    for c in ("2C", "3C", "4C", "5C"):
        deal.apply(Card.parse(c))
    assert not any(type(a) is Card for a in deal.legal_actions())
    _refused(deal, Card.parse("2D"), "misery.discard_limit")  # a fifth
    _refused(deal, MiseryCall("make", 1), "misery.draw_first")  # he draws before he declares
    _refused(deal, Card.parse("AS"), "misery.discard_not_held")  # not his card


def test_misery_is_refused_after_a_discard() -> None:
    assert VECTOR["expected"]["misery"]["allowed_only_without_discard"] is True
    deal = _deal(LOW)
    assert MISERY in deal.legal_actions()
    deal.apply(Card.parse("2C"))
    _refused(deal, MISERY, "misery.draw_first")
    deal.apply(DRAW)
    deal.apply(deal.sample_chance(random.Random(1)))
    assert MISERY not in deal.legal_actions()
    _refused(deal, MISERY, "misery.misery_after_discard")
    _refused(deal, Card.parse("3C"), "misery.discard_over")
    _refused(deal, DRAW, "misery.drawn_already")
    deal.apply(MiseryCall("eight", 4))
    assert deal.contract_of() is not None and deal.contract_of().text == "8NT"  # type: ignore[union-attr]


def test_a_draw_that_is_not_the_reserves_is_refused() -> None:
    deal = _deal(LOW)
    deal.apply(Card.parse("2C"))
    deal.apply(DRAW)
    _refused(deal, ReserveDraw((Card.parse("AC"),)), "misery.draw_bad")  # not in the reserve
    _refused(deal, ReserveDraw((Card.parse("6C"), Card.parse("7C"))), "misery.draw_bad")  # two for one
    _refused(deal, MiseryCall("make", 1), "misery.draw_chance")


# ------------------------------------------------------------------ hidden information


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000))
def test_no_player_ever_sees_the_reserve_nor_the_opponent_the_drawn_cards(seed: int) -> None:
    game = load("misery-bridge")
    state = game.new_initial_state()
    rng = random.Random(seed)
    while not state.is_over and len(state.results) < 2:
        if state.to_act == CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        deal = state.deal
        assert deal is not None
        reserve = deal.hands[deal.reserve]
        opponent = 1 - deal.dealer_player
        for player in (0, 1):
            view = state.view(player)
            visible = deal.visible_mask(player)
            assert view.deal is not None and view.deal.shown_mask() & ~visible == 0
            assert visible & reserve == 0  # the reserve face down to both, all deal long
            assert visible & deal.discards == deal.discards  # the discards face up to both
        unplayed_drawn = deal.drawn & ~deal.played
        assert deal.visible_mask(opponent) & unplayed_drawn == 0
        assert deal.visible_mask(deal.dealer_player) & unplayed_drawn == unplayed_drawn
        assert not set(state.view(opponent).to_dict()["deal"]["drawn"])
        legal = list(state.legal_actions())
        state.apply(rng.choice(legal))


# ------------------------------------------------------------------ the match, the record, the terminal


def test_a_match_of_rule_bots_replays_from_its_record() -> None:
    from cardroom.records.registry import read_record, write_record

    game = load("мизери-бридж")
    assert canonical("мизери-бридж") == "misery-bridge" == canonical("misery")
    state = game.new_initial_state()
    rng = random.Random(3)
    bots = [game.bot("rule", 1), game.bot("rule", 2)]
    while not state.is_over:
        if state.to_act == CHANCE:
            state.apply(state.sample_chance(rng))
        else:
            seat = int(state.to_act or 0)
            state.apply(bots[seat].choose(state.view(seat)))
    assert state.sheet.winner is not None
    assert state.sheet_dict() == state.recomputed_sheet_dict()
    text = write_record(state)
    assert "reserve " in text
    assert read_record(text).snapshot() == state.snapshot()


@pytest.mark.parametrize(("lang", "marks"), [("en", ("Totals: Player 1", "Settlement:", "Result:")),
                                             ("ru", ("Итоги: Игрок 1", "Расчёт:", "Результат:"))])
def test_terminal_auto_match_finishes_with_the_sheet(lang: str, marks: tuple[str, ...], tmp_path: Path) -> None:
    record = tmp_path / "m.json"
    out = subprocess.run([sys.executable, "-m", "cardroom", "--lang", lang, "play", "misery-bridge", "--auto",
                          "--seed", "1", "--save", str(record)], capture_output=True, text=True, cwd=ROOT,
                         env={"PYTHONPATH": str(ROOT / "src"), "PATH": "/usr/bin:/bin"}, timeout=300)
    assert out.returncode == 0, out.stderr
    for m in marks:
        assert m in out.stdout, m
    replay = subprocess.run([sys.executable, "-m", "cardroom", "replay", str(record)], capture_output=True,
                            text=True, cwd=ROOT, env={"PYTHONPATH": str(ROOT / "src"), "PATH": "/usr/bin:/bin"},
                            timeout=300)
    assert replay.returncode == 0, replay.stderr
    assert "misery-bridge" in replay.stdout
