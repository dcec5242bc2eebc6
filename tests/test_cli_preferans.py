"""`cardroom play preferans --auto` plays whole pulkas; `cardroom replay` checks pulka records."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

from cardroom.cli.main import main
from cardroom.games import load
from cardroom.games.preferans.game import Preferans
from cardroom.games.preferans.variants import make_variant, variant_names
from cardroom.records.registry import read_record
from cardroom.ui import play


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("variant", variant_names())
def test_auto_pulka_to_its_end_for_every_variant(variant: str, players: int, tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    save = tmp_path / "p.json"
    code = main(["--lang", "en", "play", "preferans", "--variant", variant, "--players", str(players), "--auto",
                 "--seed", "1", "--save", str(save)])
    assert code == 0
    out = capsys.readouterr().out
    kassa = make_variant(variant).rules_set == "greek"  # the cash box's sheet (§10.4) draws boxes and chips
    f2 = make_variant(variant).rules_set == "f2"  # F2 (§10.2): the contracts column
    words = ("Every cash box is empty", "Count (chips):", "Box (20)") if kassa else (
        "The pulka is over.", "Settlement (whists):", "Contr." if f2 else "Pulya")
    assert all(w in out for w in words), words
    state = read_record(save.read_text())
    assert state.is_over
    assert state.sheet_dict() == state.recomputed_sheet_dict()
    assert isinstance(state.game, Preferans)
    settlement = state.sheet.settle()
    assert sum(settlement.balance) == 0


def test_the_pulka_length_is_the_agreement_fields_pulya(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    save = tmp_path / "p.json"
    assert main(["--lang", "en", "play", "preferans", "--variant", "leningrad", "--pulka", "10", "--auto",
                 "--seed", "2", "--save", str(save)]) == 0
    out = capsys.readouterr().out
    assert "Agreement: pulya 10" in out
    state = read_record(save.read_text())
    assert isinstance(state.game, Preferans) and state.game.variant.pulya_length == 10
    assert main(["play", "preferans", "--pulka", "0", "--auto"]) == 2
    assert "pulya_length must be positive" in capsys.readouterr().err


def test_replay_prints_sheet_and_settlement_and_refuses_an_illegal_record(tmp_path: Path,
                                                                          capsys: pytest.CaptureFixture[str]) -> None:
    game = load("preferans", variant="sochi", players=3)
    assert isinstance(game, Preferans)
    save = tmp_path / "p.json"
    play(game, 2, True, str(save), "en", out=io.StringIO())
    assert main(["replay", str(save)]) == 0
    out = capsys.readouterr().out
    assert "settlement (whists)" in out
    assert main(["replay", str(save), "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["game"] == "preferans" and summary["over"] and sum(summary["settlement"]["balance"]) == 0
    data = json.loads(save.read_text())
    # a card the player does not hold, in the first trick of the first played deal
    first_card = next(i for i, a in enumerate(data["actions"]) if len(a) <= 3 and a[-1] in "SCDH" and a[0] in
                      "789TJQKA1")
    bad = dict(data)
    acts = list(data["actions"])
    state = read_record(json.dumps({**data, "actions": acts[:first_card]}))
    held = state.legal_actions()
    not_held = next(a for a in ("AS", "KS", "QS", "JS", "10S", "9S", "8S", "7S", "AH", "KH")
                    if all(str(h) != a for h in held))
    acts[first_card] = not_held
    bad["actions"] = acts
    p = tmp_path / "bad.json"
    p.write_text(json.dumps(bad))
    assert main(["replay", str(p)]) == 2
    err = capsys.readouterr().err
    assert "deal 1" in err and not_held in err


def test_wrong_input_gets_a_message_and_a_new_prompt() -> None:
    game = load("preferans", variant="sochi", players=3)
    assert isinstance(game, Preferans)
    answers = iter(["hello", "5s", "?", "pass"] + ["pass"] * 2000)

    def ask(prompt: str) -> str:
        a = next(answers)
        if "card" in prompt or "discard" in prompt or "open" in prompt:
            raise EOFError
        return a

    out = io.StringIO()
    state = play(game, 3, False, None, "en", ask=ask, out=out)
    text = out.getvalue()
    assert "Cannot read 'hello'" in text and "Cannot read '5s'" in text and "Allowed now:" in text
    assert state.is_over


# ---------------------------------------------------------------------- the choices of issue 3 at the terminal

def _player_answers(lang: str, answers: list[str]) -> tuple[object, io.StringIO]:
    from cardroom.ui import TerminalPlayer
    from cardroom.ui.render import renderer_for

    it = iter(answers)
    out = io.StringIO()
    return TerminalPlayer(lang, lambda prompt: (out.write(prompt), next(it))[1], out,
                          renderer=renderer_for(load("preferans"))), out


def _state(variant: str, **opts: object) -> object:
    from cardroom.core.cards import CardSet
    from cardroom.core.deal import Deal

    state = Preferans(variant, players=3, **opts).new_initial_state()
    hands = [0, 0, 0]
    for seat, text in zip(state.deal.active, ("AS KS QS JS 10S 9S 8S 7S AH KH", "QH JH 10H 9H 8H 7H AD KD QD JD",
                                              "10D 9D 8D 7D AC KC QC JC 10C 9C"), strict=True):
        hands[seat] = CardSet.parse(text).mask
    state.apply(Deal(tuple(hands), CardSet.parse("8C 7C").mask))
    return state


@pytest.mark.parametrize(("lang", "word", "hint"), [("ru", "преферанс", "снос или преферанс"),
                                                    ("en", "preferans", "discard, or preferans")])
def test_a_human_declares_preferans(lang: str, word: str, hint: str) -> None:
    from cardroom.games.preferans.calls import PREFERANS, PrefCall

    state: Any = _state("sochi")
    for c in ("6s", "pass", "pass"):
        state.apply(PrefCall.parse(c))
    player, out = _player_answers(lang, [word])
    assert player.choose(state.view(1).deal) == PREFERANS  # type: ignore[attr-defined]
    assert hint in out.getvalue()


@pytest.mark.parametrize(("lang", "answers"), [("ru", ["отказ от прикупа"]), ("en", ["refuse-talon"])])
def test_a_human_refuses_the_talon(lang: str, answers: list[str]) -> None:
    from cardroom.games.preferans.calls import REFUSE_TALON, PrefCall

    state: Any = _state("sochi", talon_refusal_penalty="game")
    for c in ("7s", "pass", "pass"):
        state.apply(PrefCall.parse(c))
    player, _ = _player_answers(lang, answers)
    assert player.choose(state.view(1).deal) == REFUSE_TALON  # type: ignore[attr-defined]


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_human_passes_cards_and_chooses_pulya_or_gora(lang: str) -> None:
    from dataclasses import replace

    from cardroom.core.cards import Card
    from cardroom.games.preferans.calls import OFF_GORA, TO_PULYA, PrefCall

    state: Any = _state("kazakhstan", raspasy_with_passing=True)
    for _ in range(3):
        state.apply(PrefCall.parse("pass"))
    player, out = _player_answers(lang, ["pass", "AS"])
    v = state.view(1).deal
    assert player.choose(v) == Card.parse("AS")  # type: ignore[attr-defined]
    assert ("втемную" if lang == "ru" else "face down") in out.getvalue()
    words = ["с горы"] if lang == "ru" else ["gora"]
    player, out = _player_answers(lang, ["7S", *words])
    cv = replace(v, phase="choice", legal=(TO_PULYA, OFF_GORA))
    assert player.choose(cv) == OFF_GORA  # type: ignore[attr-defined]
    assert ("в пулю / с горы" if lang == "ru" else "pulya (points into the pulya)") in out.getvalue()


def test_the_ural_dealer_hand_choice_is_offered_to_a_human() -> None:

    state: Any = Preferans("ural", players=4).new_initial_state()
    from cardroom.core.cards import CardSet
    from cardroom.core.deal import Deal

    hands = [0, 0, 0, 0]
    for seat, text in zip(state.deal.active, ("AS KS QS JS 10S 9S 8S 7S AH KH", "QH JH 10H 9H 8H 7H AD KD QD JD",
                                              "10D 9D 8D 7D AC KC QC JC 10C 9C"), strict=True):
        hands[seat] = CardSet.parse(text).mask
    state.apply(Deal(tuple(hands), CardSet.parse("8C 7C").mask))
    for c in ("8s", "pass", "pass", "8C", "7C", "8s", "pass", "pass", "pass"):
        state.apply(state.parse_action(c))
    assert state.to_act == 0  # the dealer
    player, out = _player_answers("en", ["hand-2", "closed"])
    a = player.choose(state.view(0).deal)  # type: ignore[attr-defined]
    assert str(a) == "hand-2" and "hand 3" in out.getvalue() and "defender's hand" in out.getvalue()
    state.apply(a)
    assert str(player.choose(state.view(0).deal)) == "closed"  # type: ignore[attr-defined]


@pytest.mark.parametrize("opts", [{"variant": "kazakhstan", "raspasy_with_passing": True},
                                  {"variant": "piter"}, {"variant": "sochi", "talon_refusal_penalty": "game"}])
def test_auto_pulka_with_the_new_phases(opts: dict[str, Any]) -> None:
    game = Preferans(players=3, **opts)
    state = play(game, 5, True, None, "ru", out=io.StringIO())
    assert state.is_over


def test_the_ural_last_round_is_announced() -> None:
    game = Preferans("ural", players=3, time_limit_rounds=1)
    out = io.StringIO()
    state = play(game, 4, True, None, "ru", out=out)
    assert "объявляется последний круг" in out.getvalue()
    assert state.is_over and len(state.results) >= 6
