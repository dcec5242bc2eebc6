"""The rubber as a match: dealer rotation, vulnerability, games, the end, an unfinished rubber."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardroom.core.cards import Card
from cardroom.core.deal import Deal, Draw, parse_hand
from cardroom.core.errors import IllegalAction
from cardroom.core.game import CHANCE
from cardroom.core.match import Match
from cardroom.core.table import Seat, Side
from cardroom.games import load
from cardroom.games.bridge.calls import Call
from cardroom.games.bridge.game import ContractBridge
from cardroom.games.bridge.rubber import RubberState, ScoreSheet


def _rubber(**options: object) -> RubberState:
    game = load("bridge", **options)
    assert isinstance(game, ContractBridge)
    state = game.new_initial_state()
    # the draw: S draws QD, W QC, N and E spot cards -> S deals first (document 001 §3.1)
    state.apply(Draw(tuple(Card.parse(c) for c in ("5S", "7C", "QD", "QC"))))
    return state


def _deal_to(state: RubberState, declarer_side: Side) -> None:
    """Deal so that the declaring side's bidder holds all the spades."""
    assert state.deal is not None
    dealer = state.deal.dealer
    strong = dealer if dealer.side == declarer_side else dealer.lho
    hands = [0, 0, 0, 0]
    order = [strong, strong.lho, strong.partner, strong.rho]
    for seat, text in zip(order, ["AKQJT98765432...", ".AKQJT98765432..", "..AKQJT98765432.",
                                  "...AKQJT98765432"], strict=True):
        hands[seat] = parse_hand(text)
    state.apply(Deal(tuple(hands)))


def _bid_and_play(state: RubberState, bid: str) -> None:
    assert state.deal is not None
    first = True
    while state.deal is not None and state.deal.phase == 1:
        if first and state.deal.next_seat.side == _strong_side(state):
            state.apply(Call.parse(bid))
            first = False
        else:
            state.apply(Call.parse("Pass"))
    rng = random.Random(0)
    n = len(state.results)
    while len(state.results) == n:
        state.apply(rng.choice(state.legal_actions()))


def _strong_side(state: RubberState) -> Side:
    assert state.deal is not None
    for s in Seat:
        if state.deal.hands[s] == parse_hand("AKQJT98765432..."):
            return s.side
    raise AssertionError


def _dealer(state: RubberState) -> Seat:
    assert state.deal is not None
    return state.deal.dealer


def test_draw_chooses_first_dealer_and_dealer_passes_left() -> None:
    state = _rubber()
    assert _dealer(state) == Seat.SOUTH
    state.apply(Deal.random(random.Random(1), Seat.WEST))
    for _ in range(4):
        state.apply(Call.parse("Pass"))
    # passed out: no score, the next dealer (W) deals again
    assert len(state.results) == 1 and state.results[0].passed_out and state.sheet.lines == []
    assert _dealer(state) == Seat.WEST


def test_games_vulnerability_and_rubber_bonus_two_nil() -> None:
    state = _rubber()
    _deal_to(state, Side.NS)
    _bid_and_play(state, "4S")  # 13 tricks: 120 below, 90 over, 150 honours (AKQJ10 of trumps): game to NS
    assert state.sheet.games == [Side.NS]
    assert state.deal is not None and state.deal.vulnerable == (True, False)
    _deal_to(state, Side.NS)
    _bid_and_play(state, "4S")
    assert state.is_over and state.sheet.winner is Side.NS
    rubber = [ln for ln in state.sheet.lines if ln.entry.kind == "rubber"]
    assert len(rubber) == 1 and rubber[0].entry.points == 700 and rubber[0].entry.below  # doc 001: below the line
    assert state.sheet.total(Side.NS) == 2 * (120 + 90 + 150) + 700
    assert state.sheet_dict() == state.recomputed_sheet_dict()


def test_part_score_annulled_when_the_other_side_makes_game() -> None:
    state = _rubber()
    _deal_to(state, Side.EW)
    _bid_and_play(state, "2S")  # 13 tricks: EW 60 below; 150 overtricks and 150 honours above
    _deal_to(state, Side.NS)
    _bid_and_play(state, "4S")  # NS game
    ew_below = [ln for ln in state.sheet.lines if ln.entry.side is Side.EW and ln.entry.below]
    assert len(ew_below) == 1 and ew_below[0].annulled  # doc 001 §6.8: annulled
    assert state.sheet.total(Side.EW) == 300
    modern = _rubber(scoring="modern")
    _deal_to(modern, Side.EW)
    _bid_and_play(modern, "2S")
    _deal_to(modern, Side.NS)
    _bid_and_play(modern, "4S")
    assert modern.sheet.total(Side.EW) == 360  # the modern laws keep the part score in the total


def test_unfinished_rubber_standard_law() -> None:
    state = _rubber()
    _deal_to(state, Side.NS)
    _bid_and_play(state, "4S")  # NS one game
    _deal_to(state, Side.EW)
    _bid_and_play(state, "1S")  # EW part score 30
    state.abandon()
    extra = [(ln.entry.side, ln.entry.points) for ln in state.sheet.lines if ln.entry.kind == "unfinished"]
    assert extra == [(Side.NS, 300), (Side.EW, 100)]
    assert state.is_over and state.sheet.winner is None
    assert state.clone().sheet_dict() == state.sheet_dict()
    assert ScoreSheet.from_results(state.results, unfinished=True).to_dict() == state.sheet_dict()


def test_sheet_render_shows_we_they_and_the_line() -> None:
    state = _rubber()
    _deal_to(state, Side.NS)
    _bid_and_play(state, "3S")
    text = state.sheet.render(Side.NS)
    assert "WE (NS)" in text and "THEY (EW)" in text
    lines = text.splitlines()
    line_idx = next(i for i, ln in enumerate(lines) if set(ln.replace("+", "")) == {"-"})
    above, below = lines[1:line_idx], lines[line_idx + 1:]
    assert any("120" in ln for ln in above)  # 4 overtricks x 30
    assert any("150" in ln for ln in above)  # honours
    assert any(ln.strip().startswith("90") for ln in below)
    assert "МЫ" in state.sheet.render(Side.NS, "ru")


def test_unfinished_rubber_at_one_game_all_with_part_scores_both_sides() -> None:
    # Law 80: 300 only if only one game was completed; 100 only if only one side has a part score
    state = _rubber()
    _deal_to(state, Side.NS)
    _bid_and_play(state, "4S")
    _deal_to(state, Side.EW)
    _bid_and_play(state, "4S")
    _deal_to(state, Side.NS)
    _bid_and_play(state, "1S")
    _deal_to(state, Side.EW)
    _bid_and_play(state, "1S")
    assert state.sheet.games == [Side.NS, Side.EW] and state.sheet.below == [30, 30]
    state.abandon()
    assert [ln for ln in state.sheet.lines if ln.entry.kind == "unfinished"] == []


# ---------------------------------------------------------------------------- one Match for every game
MATCH_GAMES = [("bridge", {}), ("auction-bridge", {}), ("straight-bridge", {}), ("preferans", {"players": 3}),
               ("preferans", {"players": 4}), ("euchre", {})]


def _played(name: str, options: dict[str, object], seed: int, actions: int) -> Match[Any, Any, Any, Any]:
    state = load(name, **options).new_initial_state()
    rng = random.Random(seed)
    for _ in range(actions):
        if state.is_over:
            break
        if state.to_act == CHANCE:
            state.play_chance(rng)
        else:
            state.apply(rng.choice(list(state.legal_actions())))
    return state


@pytest.mark.parametrize(("name", "options"), MATCH_GAMES)
def test_every_game_is_one_match(name: str, options: dict[str, object]) -> None:
    state = _played(name, options, 3, 150)
    assert isinstance(state, Match)
    # the sheet kept during play is the one recomputed from the results, the clone is independent
    assert state.sheet_dict() == state.recomputed_sheet_dict()
    assert len(state.results) == len(state.finished_deals)
    twin = state.clone()
    before = state.snapshot()
    rng = random.Random(9)
    for _ in range(40):
        if twin.is_over:
            break
        twin.apply(twin.sample_chance(rng) if twin.to_act == CHANCE else rng.choice(list(twin.legal_actions())))
    assert state.snapshot() == before
    # an action refused leaves the match as it was
    if not state.is_over and state.to_act != CHANCE:
        with pytest.raises(IllegalAction):
            state.apply(object())
        assert state.snapshot() == before
    # left unfinished: over, abandoned, and the sheet says so wherever the game's sheet does
    state.abandon()
    assert state.is_over and state.abandoned and state.to_act is None and not state.legal_actions()
    with pytest.raises(IllegalAction, match="is over"):
        state.apply(object())
    assert state.sheet_dict() == state.recomputed_sheet_dict()


@pytest.mark.parametrize("name", ["bridge", "auction-bridge", "euchre"])
def test_the_opening_refuses_what_is_not_it_and_leaves_the_match_unchanged(name: str) -> None:
    state = load(name).new_initial_state()
    assert state.deal is None and state.to_act == CHANCE and state.opening is not None
    before = state.snapshot()
    with pytest.raises(IllegalAction):
        state.apply(Card.parse("AS"))
    assert state.snapshot() == before and state.position() == state.opening.where().text()
    state.play_chance(random.Random(1))
    assert state.history and (state.deal is not None or state.to_act == CHANCE)


def test_an_opening_action_after_the_opening_is_refused_by_the_game() -> None:
    state = load("euchre").new_initial_state()
    rng = random.Random(2)
    while state.deal is None:
        state.play_chance(rng)
    late = state.parse_action("cut JS 9H 7C AD")  # still read as a cut
    with pytest.raises(IllegalAction, match="the cut for the deal is over"):
        state.apply(late)
    bridge = _rubber()
    assert isinstance(bridge.parse_action("draw AS 2C QD QC"), Draw) and bridge.draw is not None


def test_a_match_is_over_by_its_sheet_alone() -> None:
    # to_act, legal_actions and apply read the sheet as Match.is_over does: a match that overrode it would
    # answer two ways, so defining it is refused when the class is made
    with pytest.raises(TypeError, match="sheet"):
        type("OverByItself", (RubberState,), {"is_over": property(lambda self: True)})
    state = _rubber()
    state.sheet.unfinished = True
    assert state.is_over and state.to_act is None and not state.legal_actions()
    with pytest.raises(IllegalAction, match="is over"):
        state.apply(Card.parse("AS"))


def test_the_log_records_what_the_deal_records() -> None:
    # the contract rubber logs each action alone outside laws mode, what its deal recorded under the laws
    # (an accepted irregularity may be logged before the action): replayed from its log, each equals itself
    assert _rubber().plain_log and not load("bridge", laws=True).new_initial_state().plain_log
    for laws in (False, True):
        state = load("bridge", laws=laws).new_initial_state()
        rng = random.Random(4)
        for _ in range(120):
            if state.is_over:
                break
            state.apply(state.sample_chance(rng) if state.to_act == CHANCE else rng.choice(list(state.legal_actions())))
        again = load("bridge", laws=laws).replay(list(state.history))
        assert again.snapshot() == state.snapshot()
