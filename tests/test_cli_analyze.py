"""`cardroom analyze FILE [--json]` for every game: bridge PBN and JSON records, preferans and euchre
records, and deals in cardroom's notation (docs/records.md)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from endplay.dds import solve_board
from endplay.types import Deal as EpDeal
from endplay.types import Denom, Player

from cardroom.cli.main import main
from cardroom.core.cards import PIQUET_PACK_MASK, Card, CardSet
from cardroom.records.pbn import read_pbn
from cardroom.records.replay import replay_file

DATA = Path(__file__).parent / "data"
GIB = DATA / "gib_sample.pbn"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def analyze_json(capsys: pytest.CaptureFixture[str], target: str | Path) -> list[dict[str, Any]]:
    code, out, err = run(capsys, "analyze", str(target), "--json")
    assert code == 0, err
    data = json.loads(out)
    assert isinstance(data, list)
    return data


def mask_of(text: str) -> int:
    return CardSet.parse(text).mask if text else 0


# ------------------------------------------------------------------------------------------ bridge


def test_bridge_pbn_table_par_and_leads(capsys: pytest.CaptureFixture[str]) -> None:
    boards = analyze_json(capsys, GIB)
    assert [b["board"] for b in boards] == ["1", "2"] and all(b["game"] == "bridge" for b in boards)
    b1 = boards[0]
    # the record: North declared 6D and made all thirteen tricks; double dummy agrees
    assert b1["contract"] == "6D by N" and b1["tricks"]["N"]["D"] == 13 and b1["declarer_tricks"] == 13
    # every opening lead, each as endplay's solve_board answers it for East on lead in diamonds
    deal = read_pbn(GIB.read_text())[0].tags["Deal"]
    ep = EpDeal(deal, first=Player.east, trump=Denom.diamonds)
    direct = {str(Card.parse(f"{c.rank.abbr}{c.suit.abbr}")): 13 - int(s) for c, s in solve_board(ep)}
    assert b1["leads"] == {k: direct[k] for k in b1["leads"]} and set(b1["leads"]) == set(direct)
    for b in boards:
        # the defenders choose the lead: declarer's tricks are the worst lead's, and the table's entry
        contract, seat = b["contract"].split(" by ")
        strain = contract.rstrip("X")[1:]
        assert b["declarer_tricks"] == min(b["leads"].values()) == b["tricks"][seat][strain]


def test_bridge_json_record_gives_the_same(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    js = tmp_path / "gib.json"
    assert main(["convert", str(GIB), str(js)]) == 0
    assert analyze_json(capsys, js) == analyze_json(capsys, GIB)


def test_bridge_rubber_record(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    save = tmp_path / "rubber.json"
    assert main(["--lang", "en", "play", "bridge", "--auto", "--seed", "3", "--save", str(save)]) == 0
    capsys.readouterr()
    deals = analyze_json(capsys, save)
    summary = replay_file(save)["deals"]
    assert len(deals) == len(summary) > 0
    for d, s in zip(deals, summary, strict=True):
        if s["contract"] in (None, "Pass"):
            assert d["contract"] is None and d["leads"] is None
        else:
            assert d["contract"] == f"{s['contract']} by {s['declarer']}"
            assert d["declarer_tricks"] == min(d["leads"].values())


def test_bridge_text_in_english_and_russian(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--lang", "en", "analyze", str(GIB))
    assert code == 0
    assert "board 1 (dealer North, vulnerable: none)" in out
    assert "6D by N: declarer takes 13 tricks double dummy" in out
    assert "opening leads (declarer's tricks): " in out
    code, out, _ = run(capsys, "analyze", "--lang", "ru", str(GIB))
    assert code == 0
    assert "сдача 1 (сдаёт Север, в зоне: никто)" in out and "БК" in out
    assert "6D by N: взяток у разыгрывающего при открытых картах: 13" in out
    assert "первый ход (взятки разыгрывающего): " in out


def test_the_real_command_line(tmp_path: Path) -> None:
    proc = subprocess.run([sys.executable, "-m", "cardroom.cli.main", "analyze", str(GIB), "--json"],
                          capture_output=True, text=True, check=False, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)[0]["tricks"]["N"]["D"] == 13
    bad = tmp_path / "bad.pbn"
    bad.write_text('[Board "1"]\n[Dealer "N"]\n[Deal "N:AKQ.T98.765.432 - - -"]\n')
    proc = subprocess.run([sys.executable, "-m", "cardroom.cli.main", "analyze", str(bad)],
                          capture_output=True, text=True, check=False, timeout=120)
    assert proc.returncode == 2 and proc.stderr.startswith("cardroom: ") and proc.stdout == ""


# ------------------------------------------------------------------------------- deal notation

# Each hand holds one whole suit: North spades, East hearts, South diamonds, West clubs (West's hand
# is left out and worked out from the other three).
WHOLE_SUITS = "N=AKQJT98765432... E=.AKQJT98765432.. S=..AKQJT98765432."


def test_bridge_notation_known_results(capsys: pytest.CaptureFixture[str]) -> None:
    [d] = analyze_json(capsys, f"bridge: {WHOLE_SUITS} vul=NS contract=7NT declarer=S")
    assert d["game"] == "bridge" and d["dealer"] == "N" and d["vulnerable"] == "NS"
    # North-South make every trick in their suits: the defenders' suits are ruffed; no-trump is run
    # by the defender on lead
    assert d["tricks"]["N"] == {"C": 0, "D": 13, "H": 0, "S": 13, "NT": 0}
    assert d["tricks"]["E"] == {"C": 13, "D": 0, "H": 13, "S": 0, "NT": 0}
    assert d["par"]["score"] == 2210  # 7S vulnerable, duplicate scoring
    # 7NT by South: West leads a club and runs all thirteen
    assert d["contract"] == "7NT by S" and d["declarer_tricks"] == 0 and len(d["leads"]) == 13
    [d2] = analyze_json(capsys, f"bridge: {WHOLE_SUITS} contract=7S declarer=N")
    assert d2["declarer_tricks"] == 13 and set(d2["leads"].values()) == {13}



# Player 0 holds all eight spades with the ace and king of hearts; player 1 the diamonds and the top
# clubs; player 2 the rest of the hearts and clubs.
PREF_HANDS = ("0=AS KS QS JS 10S 9S 8S 7S AH KH 1=AD KD QD JD 10D 9D 8D 7D AC KC "
              "2=QH JH 10H 9H 8H 7H QC JC 10C 9C talon=8C 7C")


def test_preferans_notation_known_results(capsys: pytest.CaptureFixture[str]) -> None:
    [d] = analyze_json(capsys, f"preferans: {PREF_HANDS} declarer=0 contract=10S")
    assert d["game"] == "preferans" and d["kind"] == "game" and d["leader"] == 0 and d["objective"] == "declarer-max"
    # every trump is his and he is on lead: ten tricks, whatever he leads
    assert d["declarer_tricks"] == 10 and set(d["leads"].values()) == {10} and len(d["leads"]) == 10
    # no-trump too: he leads and runs the spades and the two top hearts
    assert d["contracts"]["S"] == d["contracts"]["NT"] == 10
    # with diamonds trumps player 1, void in spades and hearts, must trump every lead of player 0,
    # who then never regains the lead: he is void in diamonds and clubs
    assert d["contracts"]["D"] == 0
    # misère: on lead with the spades alone out of reach of the others, he must take everything
    assert d["contracts"]["misere"] == 10


def test_preferans_notation_raspasy(capsys: pytest.CaptureFixture[str]) -> None:
    [d] = analyze_json(capsys, f"preferans: {PREF_HANDS} contract=raspasy")
    assert d["kind"] == "raspasy" and d["objective"] == "paranoid" and d["declarer"] is None
    # the talon's clubs lead the first two tricks; player 0, void in clubs, throws the ace and king of
    # hearts on them and never wins a trick: nobody else holds a spade
    assert d["raspasy"]["0"] == 0
    for card, per_player in d["leads"].items():
        assert set(per_player) == {"0", "1", "2"}, card


def test_euchre_notation_known_results(capsys: pytest.CaptureFixture[str]) -> None:
    # North alone with the five highest trumps (both bowers, ace, king, queen of hearts): a lone march
    line = ("euchre: N=JH JD AH KH QH E=AS KS QS JS 10S S=AD KD QD 10D 9D W=AC KC QC JC 10C "
            "trump=H lone=N leader=E")
    [d] = analyze_json(capsys, line)
    assert d["game"] == "euchre" and d["lone"] == "N" and d["makers"] == "NS"
    assert d["hands"]["S"] == "" and d["makers_tricks"] == 5 and set(d["leads"].values()) == {5}
    assert d["alone"] == {}
    # the same cards with East holding them and North-South the makers: East takes every trick
    line2 = ("euchre: E=JH JD AH KH QH N=AS KS QS JS 10S W=AD KD QD 10D 9D S=AC KC QC JC 10C "
             "trump=H makers=NS")
    [d2] = analyze_json(capsys, line2)
    assert d2["leader"] == "N" and d2["makers_tricks"] == 0 and d2["trumps"]["H"] == 0
    # with spades trumps North-South hold every trump (the left bower, JC, is South's): five tricks
    assert d2["trumps"]["S"] == 5
    # North alone in hearts: East, void in every other suit, trumps each of his leads
    assert d2["alone"]["N"] == 0


def test_notation_file_and_text(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    f = tmp_path / "deals.txt"
    f.write_text("# a preferans deal and a euchre hand\n\n"
                 f"preferans: {PREF_HANDS} declarer=0 contract=10S\n"
                 "euchre: N=JH JD AH KH QH E=AS KS QS JS 10S S=AD KD QD 10D 9D W=AC KC QC JC 10C trump=H lone=N\n")
    deals = analyze_json(capsys, f)
    assert [(d["deal"], d["game"]) for d in deals] == [(1, "preferans"), (2, "euchre")]
    code, out, _ = run(capsys, "--lang", "en", "analyze", str(f))
    assert code == 0
    assert "10♠ by player 0, player 0 leads: declarer takes 10 tricks with open cards" in out
    # the dealer is West by default: the eldest hand, North, leads (here the lone player himself)
    assert "trump H, makers NS, North alone, North leads: the makers take 5 tricks with open cards" in out
    code, out, _ = run(capsys, "--lang", "ru", "analyze", str(f))
    assert code == 0
    assert "10♠, играет игрок 0, ходит игрок 0: взяток у играющего в открытую: 10" in out
    assert "Север в одиночку" in out and "Прикуп: 8C 7C" in out


# ------------------------------------------------------------------------------------- records


def _played_record(tmp_path: Path, game: str, seed: int, *extra: str) -> Path:
    save = tmp_path / f"{game}-{seed}.json"
    assert main(["--lang", "en", "play", game, "--auto", "--seed", str(seed), *extra, "--save", str(save)]) == 0
    return save


def test_preferans_record(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    kinds: set[str] = set()
    for seed in (7, 5, 11):
        rec = _played_record(tmp_path, "preferans", seed, "--pulka", "6")
        capsys.readouterr()
        deals = analyze_json(capsys, rec)
        assert deals, "the pulka had deals with play"
        summary = {d["deal"]: d for d in replay_file(rec)["deals"]}
        for d in deals:
            kinds.add(d["kind"])
            assert summary[d["deal"]]["kind"] == d["kind"]
            # the hands are those of the play: ten cards each, with the talon and discard the 32-card pack
            hands = [mask_of(h) for h in d["hands"].values()]
            assert all(h.bit_count() == 10 for h in hands)
            if d["kind"] == "raspasy":
                assert sum(hands) | mask_of(d["talon"]) == PIQUET_PACK_MASK
                assert set(d["raspasy"]) == {"0", "1", "2"}
                continue
            p = d["declarer"]
            assert summary[d["deal"]]["declarer"] == p
            # the first hand leads against the declarer: his tricks are the worst lead's for him
            leads = d["leads"].values()
            want = (max if d["kind"] == "misere" else min)(leads) if d["leader"] != p else \
                (min if d["kind"] == "misere" else max)(leads)
            assert d["declarer_tricks"] == want
            if d["kind"] == "game":
                strain = d["contract"].lstrip("0123456789")
                assert d["contracts"][strain] == d["declarer_tricks"]
            else:
                assert d["contracts"]["misere"] == d["declarer_tricks"]
    assert "game" in kinds and "raspasy" in kinds


def test_euchre_record(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    rec = _played_record(tmp_path, "euchre", 3)
    capsys.readouterr()
    deals = analyze_json(capsys, rec)
    assert deals
    for d in deals:
        assert d["game"] == "euchre"
        in_play = [s for s, h in d["hands"].items() if h]
        assert len(in_play) == (3 if d["lone"] else 4)
        assert all(mask_of(d["hands"][s]).bit_count() == 5 for s in in_play)
        makers_lead = d["leader"] in ("N", "S") if d["makers"] == "NS" else d["leader"] in ("E", "W")
        leads = d["leads"].values()
        assert d["makers_tricks"] == (max(leads) if makers_lead else min(leads))
        assert d["trumps"][d["trump"]] == d["makers_tricks"]


def test_a_record_without_play_says_so(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    rec = tmp_path / "empty.json"
    rec.write_text(json.dumps({"format": "cardroom-record", "version": 1, "game": "preferans", "options": {},
                               "actions": []}))
    assert analyze_json(capsys, rec) == []
    code, out, _ = run(capsys, "--lang", "en", "analyze", str(rec))
    assert code == 0 and out.startswith("no deal to analyse")


# ------------------------------------------------------------------------------------------ errors


@pytest.mark.parametrize(("content", "message"), [
    ("euchre: N=JH JD AH KH E=AS KS QS JS 10S S=AD KD QD 10D 9D W=AC KC QC JC 10C trump=H makers=NS",
     "N holds 4 cards"),
    ("euchre: N=JH JD AH KH QH E=AS KS QS JS 10S S=AD KD QD 10D 9D W=AC KC QC JC 10C trump=H",
     "makers= is missing"),
    ("euchre: N=JH JD AH KH QH E=JH KS QS JS 10S S=AD KD QD 10D 9D W=AC KC QC JC 10C trump=H makers=NS",
     "in two hands"),
    ("euchre: N=JH JD AH KH QH E=AS KS QS JS 10S S=AD KD QD 10D 9D W=AC KC QC JC 10C trump=H makers=NS colour=red",
     "unknown field"),
    ("euchre: N=2H JD AH KH QH E=AS KS QS JS 10S S=AD KD QD 10D 9D W=AC KC QC JC 10C trump=H makers=NS",
     "not in the euchre pack"),
    (f"preferans: {PREF_HANDS} contract=10S", "declarer= is missing"),
    (f"preferans: {PREF_HANDS} declarer=0 contract=whist", "not a contract"),
    (f"preferans: {PREF_HANDS} declarer=5 contract=7S", "not a player"),
    ("preferans: 0=AS KS 1=AD 2=QH contract=raspasy", "holds 2 cards"),
    ("whist: N=AS", "not 'whist'"),
    ("bridge: N=AKQJT98765432... E=.AKQJT98765432..", "give the four hands"),
    ("bridge: N=AKQJT9876543... E=.AKQJT98765432.. S=..AKQJT98765432. W=...AKQJT98765432", "N holds 12 cards"),
    (f"bridge: {WHOLE_SUITS} contract=4S", "declarer= is missing"),
    (f"bridge: {WHOLE_SUITS} contract=8S declarer=N", "not a contract"),
    ("nothing to see here", "not a deal in cardroom's notation"),
])
def test_bad_deals_exit_2_with_a_clear_message(content: str, message: str, tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "deal.txt"
    f.write_text("# one deal\n" + content + "\n")
    code, out, err = run(capsys, "analyze", str(f))
    assert code == 2 and out == ""
    assert err.startswith("cardroom: ") and message in err and "line 2" in err


def test_bad_files_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "analyze", str(tmp_path / "missing.pbn"))
    assert code == 2 and "cannot read" in err
    empty = tmp_path / "empty.txt"
    empty.write_text("# nothing\n")
    code, _, err = run(capsys, "analyze", str(empty))
    assert code == 2 and "no deal found" in err
    other = tmp_path / "other.json"
    other.write_text(json.dumps({"format": "cardroom-record", "version": 1, "game": "poker", "actions": []}))
    code, _, err = run(capsys, "analyze", str(other))
    assert code == 2 and "not 'poker'" in err
    broken = tmp_path / "broken.json"
    broken.write_text("{not json")
    code, _, err = run(capsys, "analyze", str(broken))
    assert code == 2 and "not JSON" in err
    # a preferans record with an illegal action names the action
    illegal = tmp_path / "illegal.json"
    illegal.write_text(json.dumps({"format": "cardroom-record", "version": 1, "game": "preferans",
                                   "options": {}, "actions": ["7NT"]}))
    code, _, err = run(capsys, "analyze", str(illegal))
    assert code == 2 and "action 1" in err
