"""Hints (cardroom.bots.hint) and the terminal's "hint" command, "--bots search" players: the hint names
a legal action by the room protocol's id and text, lists the candidates best first with their average
tricks, and the three terminals print it in English and Russian."""

from __future__ import annotations

import io
import json
import random
import re
from collections.abc import Callable
from typing import Any

import pytest

from cardroom.bots.hint import Hint, hint
from cardroom.bots.search import SearchBot
from cardroom.core.cards import Card, piquet_pack
from cardroom.core.errors import CardroomError
from cardroom.core.game import CHANCE, State
from cardroom.games import load
from cardroom.ui import play
from cardroom.ui.terminal import bots_kind, make_bot


def _advance_to_play(name: str, seed: int, tricks: int = 1) -> State:
    game = load(name)
    bot = game.bot("rule", 1)
    match = game.new_initial_state()
    rng = random.Random(seed)
    while True:
        assert not match.is_over
        if match.to_act == CHANCE:
            match.apply(match.sample_chance(rng))
            continue
        deal = match.hand if name == "euchre" else match.deal  # type: ignore[attr-defined]
        if deal is not None and deal.phase in ("play", 2, 6) and len(deal.tricks) >= tricks and \
                getattr(deal, "kind", "game") == "game" and len(match.legal_actions()) > 1:
            return match
        match.apply(bot.choose(match.view(int(match.to_act or 0))))


@pytest.mark.parametrize("name", ["bridge", "preferans", "euchre"])
def test_a_hint_names_a_legal_action_the_way_the_room_does(name: str) -> None:
    match = _advance_to_play(name, 3, tricks=2)
    seat = int(match.to_act or 0)
    h = hint(name, match.view(seat), samples=3, seed=1)
    legal = list(match.legal_actions())
    assert isinstance(h, Hint) and h.action in legal and h.method == "search"
    d = h.to_dict()
    json.dumps(d)  # JSON-ready
    assert legal[d["action"]] == h.action and d["text"] == match.action_text(h.action)
    assert {c["action"] for c in d["candidates"]} == set(range(len(legal)))
    for c in d["candidates"]:
        assert c["text"] == match.action_text(legal[c["action"]])
    tricks = [c["tricks"] for c in d["candidates"]]
    assert all(isinstance(x, float) for x in tricks)
    ordered = sorted(tricks, reverse=not h.lower_is_better)
    assert tricks == ordered  # best first
    assert d["candidates"][0]["action"] == d["action"]
    # the room's own listing of the actions (engine.message_for): {"id": i, "text": state.action_text(a)}
    room_legal = [{"id": i, "text": match.action_text(a)} for i, a in enumerate(match.legal_actions())]
    assert room_legal[d["action"]]["text"] == d["text"]


def test_a_hint_where_nothing_is_solved_is_the_rule_bots_choice() -> None:
    match = load("bridge").new_initial_state()
    rng = random.Random(1)
    while match.to_act == CHANCE:
        match.apply(match.sample_chance(rng))
    h = hint("bridge", match.view(int(match.to_act or 0)))
    assert h.method == "rule" and h.candidates == [(h.action, None)]
    assert h.to_dict()["candidates"][0]["tricks"] is None
    with pytest.raises(CardroomError, match="no search bot"):
        hint("whist", match.view(0))


# ----------------------------------------------------------------------------- the terminals
ALL_CARDS = [str(c) for c in piquet_pack()]


def _script(card_prompt: str, out: io.StringIO, done: str) -> Callable[[str], str]:
    """A user who asks for a hint at every new card prompt until a solved hint is printed, then quits;
    otherwise passes, and plays by trying every card (the wrong ones are re-prompted)."""
    state: dict[str, Any] = {"last": "", "i": 0}

    def ask(prompt: str) -> str:
        if done in out.getvalue():
            return "quit"
        if card_prompt in prompt:
            if state["last"] != "hint":
                state["last"] = "hint"
                return "hint" if "Ваш" not in prompt else "подсказка"
            state["i"] += 1
            state["last"] = None
            return str(ALL_CARDS[state["i"] % len(ALL_CARDS)])
        return "pass" if "Ваш" not in prompt else "пас"

    return ask


def test_bridge_terminal_hint_in_russian() -> None:
    out = io.StringIO()
    state: dict[str, int] = {"i": 0}
    cards = [str(c) for c in range(52) for c in [Card(c)]]

    def ask(prompt: str) -> str:
        if "решено в открытую" in out.getvalue():
            return "quit"
        if "ход из руки" in prompt:
            state["i"] += 1
            return "подсказка" if state["i"] % 2 else cards[(state["i"] // 2) % 52]
        return "пас"

    play(load("bridge"), 5, False, None, "ru", ask=ask, out=out)
    text = out.getvalue()
    assert re.search(r"Подсказка \(\d+ раскладов решено в открытую\): ", text)
    assert "в среднем взяток" in text


def test_preferans_terminal_hint_in_english() -> None:
    out = io.StringIO()
    play(load("preferans"), 2, False, None, "en", ask=_script("card from", out, "samples solved"),
               out=out, samples=3)
    text = out.getvalue()
    assert re.search(r"Hint \([123] samples solved open-handed\):", text) and "on average" in text


def test_euchre_terminal_hint_help_and_search_bots() -> None:
    out = io.StringIO()
    seen: dict[str, bool] = {"help": False}

    base = _script("Your card", out, "samples solved")

    def ask(prompt: str) -> str:
        if not seen["help"]:
            seen["help"] = True
            return "?"
        return base(prompt)

    play(load("euchre"), 3, False, None, "en", ask=ask, out=out, bots="search", samples=2)
    text = out.getvalue()
    assert "Type hint for the strongest computer player's choice." in text
    assert re.search(r"Hint \([12] samples solved open-handed\):", text)


def test_the_kind_of_computer_players() -> None:
    assert bots_kind(None) == "rule" and bots_kind("Search") == "search"
    assert isinstance(make_bot(load("preferans"), "search", 1), SearchBot)
    with pytest.raises(CardroomError, match="unknown kind of computer players 'clever'"):
        bots_kind("clever")
    with pytest.raises(CardroomError, match="неизвестный вид"):
        bots_kind("clever", "ru")


def test_the_environment_chooses_search_bots(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CARDROOM_BOTS", "search")
    assert bots_kind(None) == "search"


def test_a_hint_names_its_best_scored_candidate_whatever_the_bots_bidding_margin(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The search bot keeps the rule bot's bid unless another beats it by its margin; a hint names the
    best-scored candidate (it named the preferans 7♠ at +4.00 while listing 8♠ at +4.20)."""
    from cardroom.bots import search

    original = search.SearchBot._pick

    def pick(self: Any, view: Any, scored: dict[Any, float], lower: bool, margin: float = 0.0) -> Any:
        if margin > 0:  # a margin that keeps the worst-scored candidate, as a wide one may
            return min(scored, key=lambda a: (-1 if lower else 1) * scored[a])
        return original(self, view, scored, lower, margin)

    monkeypatch.setattr(search.SearchBot, "_pick", pick)
    state = load("euchre").new_initial_state()
    rng = random.Random(3)
    while state.to_act == CHANCE:
        state.apply(state.sample_chance(rng))
    assert state.to_act is not None
    h = hint("euchre", state.view(state.to_act), samples=4, seed=1)
    assert h.measure == "points" and len(h.scores) >= 2 and len(set(h.scores)) >= 2
    assert h.action == h.candidates[0][0]
    assert h.scores[0] == max(s for s in h.scores if s is not None)
