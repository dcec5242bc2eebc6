"""`cardroom play euchre` (the user at South against three bots, or --auto) and `cardroom replay`
of a euchre record: a whole rubber, forgiving English and Russian input, wrong entries
re-prompted, the record saved after every action and replayed, illegal records refused."""

from __future__ import annotations

import io
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from cardroom.cli.main import main
from cardroom.core.cards import Card, piquet_pack
from cardroom.core.table import Seat
from cardroom.games import load
from cardroom.games.euchre.game import Euchre
from cardroom.games.euchre.rubber import EuchreRubberState
from cardroom.games.euchre.rules import Bid, Discard, EuchreDeal, EuchreHand
from cardroom.records.registry import read_record
from cardroom.ui import TerminalPlayer, play

ALL_CARDS = [str(c) for c in piquet_pack()]


def test_auto_rubber_finishes_and_prints_the_score(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "en", "play", "euchre", "--auto", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "Euchre — rubber score sheet" in out
    assert "The rubber is over. Winner:" in out
    assert "Rubber won by" in out  # the engine's render_sheet
    assert "Hand 1:" in out


def test_lang_after_the_command_and_russian_output(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "euchre", "--auto", "--seed", "2", "--lang", "ru"]) == 0
    out = capsys.readouterr().out
    assert "Юкер — запись роббера" in out and "Роббер окончен" in out and "Сдача 1:" in out


def test_a_pbn_save_is_refused(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["play", "euchre", "--auto", "--seed", "1", "--save", str(tmp_path / "x.pbn")]) == 2
    assert "JSON" in capsys.readouterr().err


def _cyclic_feed(prefix: list[str], rounds: int = 400) -> str:
    """Lines a patient user types: the prefix, then over and over "pass" and every card, so that
    each prompt finds an answer that the rules allow (wrong ones are re-prompted)."""
    return "\n".join(prefix + (["pass", *ALL_CARDS] * rounds)) + "\n"


def test_scripted_human_session_through_stdin(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
                                             tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    monkeypatch.setattr("sys.stdin", io.StringIO(_cyclic_feed(["hello", "alone at Z", "?", "sheet"])))
    assert main(["--lang", "en", "play", "euchre", "--seed", "4", "--save", str(save)]) == 0
    out = capsys.readouterr().out
    assert "Cannot read 'hello'" in out
    assert "Cannot read 'alone at Z'" in out
    assert "Allowed now:" in out
    assert "Your hand (South)" in out
    assert "is not allowed now:" in out  # e.g. a card South does not hold
    assert "does not hold" in out or "must follow suit" in out
    assert "The rubber is over." in out
    state = read_record(save.read_text(encoding="utf-8"))
    assert state.is_over and not state.abandoned
    assert state.sheet_dict() == state.recomputed_sheet_dict()


def test_quit_leaves_the_rubber_unfinished_and_the_record_saved(monkeypatch: pytest.MonkeyPatch,
                                                                capsys: pytest.CaptureFixture[str],
                                                                tmp_path: Path) -> None:
    save = tmp_path / "q.json"
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    assert main(["--lang", "en", "play", "euchre", "--seed", "5", "--save", str(save)]) == 0
    out = capsys.readouterr().out
    assert "The rubber was left unfinished." in out
    data = json.loads(save.read_text(encoding="utf-8"))
    assert data["game"] == "euchre" and data["unfinished"] is True
    assert data["actions"][0].startswith("cut ")
    state = read_record(save.read_text(encoding="utf-8"))
    assert state.abandoned
    assert main(["replay", str(save)]) == 0
    assert "Rubber left unfinished" in capsys.readouterr().out


def test_record_is_saved_after_every_action(tmp_path: Path) -> None:
    """The record on disk always equals the history so far (checked at each prompt)."""
    game = load("euchre")
    assert isinstance(game, Euchre)
    save = tmp_path / "live.json"
    seen: list[int] = []
    answers = iter(["pass", *ALL_CARDS] * 50)

    def ask(prompt: str) -> str:
        data = json.loads(save.read_text(encoding="utf-8"))
        seen.append(len(data["actions"]))
        if len(seen) > 40:
            return "quit"
        return next(answers)

    play(game, 6, False, str(save), "en", ask=ask, out=io.StringIO())
    assert seen == sorted(seen) and seen[0] >= 2
    assert json.loads(save.read_text(encoding="utf-8"))["unfinished"] is True


# ----------------------------------------------------------------------------- forgiving input
def _state_at_south(script: list[str], turn_up: str = "9C") -> tuple[EuchreRubberState, TerminalPlayer]:
    game = load("euchre", first_dealer="N")
    state = game.new_initial_state()
    assert isinstance(state, EuchreRubberState)
    state.apply(EuchreDeal.of({"N": "AH KH QH 10H 7H", "E": "AD KD QD 10D 7D", "S": "JH 8H 9D AS 10C",
                               "W": "KS QS 10S 9S 8S"}, turn_up))
    for a in script:
        state.apply(state.parse_action(a))
    assert state.to_act == Seat.SOUTH
    return state, TerminalPlayer("en", input, io.StringIO(), state)


@pytest.mark.parametrize(("text", "expected"), [
    ("assist", "assist"), ("помогаю", "assist"), ("Assist", "assist"), ("help", "assist"),
    ("order up", "assist"),  # the accepting word is read as the right one for the seat
    ("pass", "pass"), ("пас", "pass"), ("alone", "alone at C"), ("один", "alone at C"),
])
def test_first_round_words_english_and_russian(text: str, expected: str) -> None:
    state, player = _state_at_south(["pass"])
    assert state.hand is not None
    view = state.hand.view(Seat.SOUTH)
    action = player.read(text, view)
    assert state.action_text(action) == expected and action in view.legal


@pytest.mark.parametrize(("text", "expected"), [
    ("hearts", "make H"), ("черви", "make H"), ("H", "make H"), ("make hearts", "make H"),
    ("alone hearts", "alone at H"), ("один черви", "alone at H"), ("alone at H", "alone at H"),
    ("пас", "pass"),
])
def test_second_round_words_english_and_russian(text: str, expected: str) -> None:
    state, player = _state_at_south(["pass", "pass", "pass", "turn down", "pass"])
    assert state.hand is not None
    view = state.hand.view(Seat.SOUTH)
    action = player.read(text, view)
    assert state.action_text(action) == expected and action in view.legal


def _south_with_dealer(dealer: str, script: list[str]) -> tuple[EuchreRubberState, TerminalPlayer]:
    state = load("euchre", first_dealer=dealer).new_initial_state()
    assert isinstance(state, EuchreRubberState)
    state.apply(EuchreDeal.of({"N": "AH KH QH 10H 7H", "E": "AD KD QD 10D 7D", "S": "JH 8H 9D AS 10C",
                               "W": "KS QS 10S 9S 8S"}, "9H"))
    for a in script:
        state.apply(state.parse_action(a))
    assert state.to_act == Seat.SOUTH
    return state, TerminalPlayer("en", input, io.StringIO(), state)


@pytest.mark.parametrize(("dealer", "script", "text", "expected"), [
    ("E", [], "order up", "order up"), ("E", [], "заказываю", "order up"), ("E", [], "Order it up", "order up"),
    ("E", [], "alone", "alone at H"), ("E", [], "один", "alone at H"), ("E", [], "пас", "pass"),
    ("S", ["pass", "pass", "pass"], "take up", "take up"), ("S", ["pass", "pass", "pass"], "принимаю", "take up"),
    ("S", ["pass", "pass", "pass"], "adopt", "take up"), ("S", ["pass", "pass", "pass"], "pass", "turn down"),
    ("S", ["pass", "pass", "pass"], "отвергаю", "turn down"), ("S", ["pass", "pass", "pass"], "turn down", "turn down"),
    ("W", ["order up"], "take it from you", "take it from you"),
    ("W", ["order up"], "перехватываю", "take it from you"),
    ("W", ["order up"], "pass", "pass"),
])
def test_words_of_each_seat(dealer: str, script: list[str], text: str, expected: str) -> None:
    """The eldest orders up, the dealer takes up or turns down, the partner of a player who
    ordered up takes it from him (Law 94), in English and Russian."""
    state, player = _south_with_dealer(dealer, script)
    assert state.hand is not None
    view = state.hand.view(Seat.SOUTH)
    action = player.read(text, view)
    assert state.action_text(action) == expected and action in view.legal


@pytest.mark.parametrize("text", ["JH", "♥J", "jh", "J♥", "ВЧ"])
def test_card_forms(text: str) -> None:
    state, player = _state_at_south(["pass", "pass", "pass", "turn down", "pass", "make H", "KD"])
    assert state.hand is not None
    view = state.hand.view(Seat.SOUTH)
    assert player.read(text, view) == Card.parse("JH")
    assert player.read("10c", view) == Card.parse("10C")


def test_dealers_discard_as_a_card() -> None:
    game = load("euchre", first_dealer="S")
    state = game.new_initial_state()
    assert isinstance(state, EuchreRubberState)
    state.apply(EuchreDeal.of({"N": "AH KH QH 10H 7H", "E": "AD KD QD 10D 7D", "S": "JH 8H 9D AS 10C",
                               "W": "KS QS 10S 9S 8S"}, "9H"))
    for a in ("pass", "pass", "pass"):
        state.apply(state.parse_action(a))
    state.apply(state.parse_action("take up"))
    assert state.to_act == Seat.SOUTH
    player = TerminalPlayer("en", input, io.StringIO(), state)
    assert state.hand is not None
    view = state.hand.view(Seat.SOUTH)
    assert player.read("10c", view) == Discard(Card.parse("10C"))
    assert player.read("discard 10C", view) == Discard(Card.parse("10C"))
    assert "may not be discarded" in player.why_not(player.read("9H", view))  # Law 88


def test_wrong_entries_are_answered_with_the_reason_and_asked_again() -> None:
    state, _ = _state_at_south(["pass"])
    answers = iter(["take it from you", "make S", "QS", "blah", "assist"])
    prompts: list[str] = []

    def ask(prompt: str) -> str:
        prompts.append(prompt)
        return next(answers)

    out = io.StringIO()
    player = TerminalPlayer("en", ask, out, state)
    assert state.hand is not None
    action = player.choose(state.hand.view(Seat.SOUTH))
    assert isinstance(action, Bid) and action.kind == "assist"
    text = out.getvalue()
    assert "take it from you is not allowed now: S has nobody to take it from" in text
    assert "make S is not allowed now: in the first round only the turn-up suit" in text
    assert "QS is not allowed now: no card is played before the trump is made" in text
    assert "Cannot read 'blah'" in text
    assert len(prompts) == 5


# ----------------------------------------------------------------------------- replay
def _saved_rubber(tmp_path: Path, seed: int = 3) -> Path:
    save = tmp_path / "r.json"
    game = load("euchre")
    assert isinstance(game, Euchre)
    play(game, seed, True, str(save), "en", out=io.StringIO())
    return save


def test_save_and_replay_round_trip(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    save = _saved_rubber(tmp_path)
    original = read_record(save.read_text(encoding="utf-8"))
    assert main(["replay", str(save)]) == 0
    out = capsys.readouterr().out
    assert "Euchre — rubber score sheet" in out and "Rubber won by" in out
    n = len(original.results)
    assert f"euchre record, {n} deal(s)" in out and "deal 1 (dealer " in out
    assert main(["replay", str(save), "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["game"] == "euchre" and summary["over"] is True
    assert summary["sheet"] == json.loads(json.dumps(original.sheet_dict()))
    assert len(summary["hands"]) == len(original.results)


def _find(data: dict[str, Any], want: Callable[[EuchreHand], bool]) -> tuple[int, EuchreRubberState]:
    """The index of the first action of the record at which ``want(hand)`` holds, and the state
    just before it (replayed action by action)."""
    state = load("euchre", **data["options"]).new_initial_state()
    assert isinstance(state, EuchreRubberState)
    for i, text in enumerate(data["actions"]):
        h = state.hand
        if h is not None and want(h):
            return i, state.clone()
        state.apply(state.parse_action(text))
    raise AssertionError("no such position in the record")


def _can_revoke(h: EuchreHand) -> bool:
    """Second card or later of a trick, and the seat to play holds a card that does not follow."""
    if h.phase != "play" or not h.trick or len(h.tricks) < 1:
        return False
    seat = Seat(h.to_act if h.to_act is not None else 0)
    return bool(h.hands[seat] & ~sum(1 << c for c in h.legal_actions()))


def _refused(tmp_path: Path, data: dict[str, Any], i: int, card: str,
             capsys: pytest.CaptureFixture[str]) -> str:
    acts = list(data["actions"])
    acts[i] = card
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({**data, "actions": acts}), encoding="utf-8")
    assert main(["replay", str(bad)]) == 2
    return capsys.readouterr().err


def test_illegal_records_are_refused_naming_hand_trick_seat_and_card(tmp_path: Path,
                                                                      capsys: pytest.CaptureFixture[str]) -> None:
    data = json.loads(_saved_rubber(tmp_path).read_text(encoding="utf-8"))
    i, state = _find(data, _can_revoke)
    h = state.hand
    assert h is not None
    seat = Seat(h.to_act if h.to_act is not None else 0)
    where = f"hand {len(state.results) + 1}, trick {len(h.tricks) + 1}"
    held = h.hands[seat]
    legal = {str(c) for c in h.legal_actions()}
    # a revoke: a card held that does not follow suit
    revoke = next(str(c) for c in piquet_pack() if held >> c & 1 and str(c) not in legal)
    err = _refused(tmp_path, data, i, revoke, capsys)
    assert where in err and f"{seat} must follow suit" in err and revoke in err
    # a card not held (in the stock or another hand)
    others = [c for c in piquet_pack() if not held >> c & 1 and not h.played >> c & 1]
    err = _refused(tmp_path, data, i, str(others[0]), capsys)
    assert where in err and f"{seat} does not hold {others[0]}" in err
    # a card played twice: one played in the first trick of this hand
    again = h.tricks[0].plays[0][1]
    err = _refused(tmp_path, data, i, str(again), capsys)
    assert where in err and f"{seat} does not hold {again}" in err
    # out of turn: the card of the seat after the one to play
    nxt = next(s for s in (seat.lho, seat.lho.lho) if s != h.sitting_out and h.hands[s])
    theirs = next(c for c in piquet_pack() if h.hands[nxt] >> c & 1)
    err = _refused(tmp_path, data, i, str(theirs), capsys)
    assert where in err and f"{seat} does not hold {theirs}" in err
    # a card where a call is due
    j = next(k for k, a in enumerate(data["actions"]) if a.startswith("deal ")) + 1
    err = _refused(tmp_path, data, j, "9C", capsys)
    assert "hand 1, making the trump" in err and "no card is played before the trump is made" in err
