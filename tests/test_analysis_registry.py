"""``cardroom analyze`` finds each game's part (its ``GameAnalysis``) through the registry: the game's
``analysis_path``, by any of the game's names."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardroom.cli.analyze import analyze_path, format_analysis, game_analysis, notation_game, parse_notation
from cardroom.cli.main import main
from cardroom.core.errors import CardroomError, ParseError, RecordError
from cardroom.games import aliases, game_class, names
from cardroom.games.bridge.analysis import BridgeDealSpec
from cardroom.games.euchre.analysis import EuchreDealSpec
from cardroom.games.preferans.analysis import PrefDealSpec

EUCHRE = "N=KS JS 8S AC 9C E=AS 10S AH KH 10D S=JH KD QD JD 9D W=QH 8H 7H KC 10C trump=D makers=NS leader=W"


def test_the_analysed_games_and_their_names() -> None:
    analysed = {n for n in names() if game_class(n).analysis() is not None}
    assert analysed == {"bridge", "preferans", "euchre", "auction-bridge", "straight-bridge", "cutthroat",
                        "short-bridge", "three-handed-auction", "royal-bridge"}
    for n in names():
        for alias in aliases(n):
            assert game_analysis(alias) is game_class(n).analysis()
            assert notation_game(alias) == (n if n in analysed else None)
    assert game_analysis("whist") is None and notation_game("whist") is None


@pytest.mark.parametrize(("line", "spec"), [
    ("бридж: N=AKQJT98765432... E=.AKQJT98765432.. S=..AKQJT98765432.", BridgeDealSpec),
    ("contract: N=AKQJT98765432... E=.AKQJT98765432.. S=..AKQJT98765432.", BridgeDealSpec),
    ("pref: 0=AS KS QS JS 10S 9S 8S 7S AH KH 1=AD KD QD JD 10D 9D 8D 7D AC KC "
     "2=QH JH 10H 9H 8H 7H QC JC 10C 9C talon=8C 7C contract=raspasy", PrefDealSpec),
    (f"юкер: {EUCHRE}", EuchreDealSpec),
])
def test_a_notation_line_names_its_game_by_any_alias(line: str, spec: type) -> None:
    analysis, got = parse_notation(line)
    assert isinstance(got, spec)
    assert analysis is game_analysis(line.split(":")[0])


def test_a_game_without_a_deal_notation_is_refused_in_the_notation() -> None:
    """The old bridges' records are analysed (every record the room offers is), but they have no notation."""
    with pytest.raises(ParseError) as e:
        parse_notation("auction-bridge: N=AKQJT98765432... E=.AKQJT98765432.. S=..AKQJT98765432.")
    assert e.value.reason is not None and e.value.reason.key == "analyze.game"


def test_a_generic_record_of_a_game_without_analysis(tmp_path: Path) -> None:
    rec = tmp_path / "auction.json"
    rec.write_text(json.dumps({"format": "cardroom-record", "version": 1, "game": "auction-bridge", "options": {},
                               "actions": []}))
    assert analyze_path(rec) == []  # analysed since the room's records are: no deal was played
    rec.write_text(json.dumps({"format": "cardroom-record", "version": 1, "game": "whist", "options": {},
                               "actions": []}))
    with pytest.raises(RecordError) as e:
        analyze_path(rec)
    assert e.value.reason is not None and e.value.reason.key == "analyze.record_game"


def test_a_record_naming_its_game_by_an_alias(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    save = tmp_path / "euchre.json"
    assert main(["--lang", "en", "play", "euchre", "--auto", "--seed", "3", "--save", str(save)]) == 0
    capsys.readouterr()
    data = json.loads(save.read_text(encoding="utf-8"))
    assert data["game"] == "euchre"
    deals = analyze_path(save)
    assert deals and all(d["game"] == "euchre" for d in deals)
    data["game"] = "юкер"
    alias = tmp_path / "yuker.json"
    alias.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    assert analyze_path(alias) == deals


def test_each_deal_is_written_by_its_games_analysis() -> None:
    deals = analyze_path(f"euchre: {EUCHRE}")
    text = format_analysis(deals, "en")
    assert text.startswith("hand 1\n") and "trump D, makers NS, West leads" in text
    with pytest.raises(CardroomError):
        format_analysis([dict(deals[0], game="whist")], "en")
