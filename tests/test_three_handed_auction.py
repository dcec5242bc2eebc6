"""Three-handed auction bridge (document 000 §«Трехсторонний окшн-бридж», digest §6.1): the vectors
``three-hand-auction-settlement`` and ``three-hand-auction-scoring-rules`` and the deal through the engine."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardroom.cli.main import main
from cardroom.core.cards import Card
from cardroom.core.deal import Deal
from cardroom.core.errors import IllegalAction
from cardroom.core.table import Seat
from cardroom.games import load
from cardroom.games.oldbridge.calls import DOUBLE, PASS, REDOUBLE, Denom, OldCall
from cardroom.games.oldbridge.scoring import AuctionContract
from cardroom.games.oldbridge.three_handed import (
    PLAYERS,
    WIDOW,
    PlayerEntry,
    ThreeHandedDeal,
    ThreeHandedResult,
    ThreeHandedRules,
    ThreeHandedSheet,
    player_honours,
    printed_settlement_errors,
    score_three_handed,
    settlement,
)

VECTORS_PATH = Path(__file__).resolve().parents[2] / "shared" / "rules" / "hoyle-bridge-examples.json"
BY_ID: dict[str, dict[str, Any]] = {v["id"]: v for v in json.loads(VECTORS_PATH.read_text(encoding="utf-8"))}
N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST
SUIT = {"C": 0, "D": 1, "H": 2, "S": 3}


def _suit(letter: str) -> int:
    return ((1 << 13) - 1) << (13 * SUIT[letter])


def _cards(text: str) -> int:
    m = 0
    for c in text.split():
        m |= 1 << Card.parse(c)
    return m


# ---------------------------------------------------------------- the settlement (vector)
def test_three_hand_auction_settlement_reports_the_misprint() -> None:
    v = BY_ID["three-hand-auction-settlement"]
    totals = v["data"]["final_totals"]
    right = settlement(totals)
    fixed = v["expected"]["arithmetically_correct"]
    assert right["against"]["A"]["B"] == v["expected"]["printed"]["A_vs_B"]["A"] == -740
    assert right["against"]["B"]["C"] == v["expected"]["printed"]["B_vs_C"]["B"] == 524
    assert right["against"]["A"]["C"] == fixed["A_vs_C"]["A"] == -216
    assert right["against"]["C"]["A"] == fixed["A_vs_C"]["C"] == 216
    assert right["net"] == fixed["net"] == {"A": -956, "B": 1264, "C": -308}
    # the document's printed figures: the engine flags the four that the totals do not give
    errors = printed_settlement_errors(totals, v["data"]["printed_table"][1:])
    flagged = {(r.key, *(r.params[k] for k in ("player", "against", "printed", "correct"))) for r in errors}
    assert flagged == {
        ("three.settlement_misprint", "A", "C", -215, -216),
        ("three.settlement_misprint", "C", "A", 215, 216),
        ("three.settlement_net_misprint", "A", None, -955, -956),
        ("three.settlement_net_misprint", "C", None, -309, -308),
    }
    for lang in ("en", "ru"):
        assert all("215" in r.text(lang) or "955" in r.text(lang) or "309" in r.text(lang) for r in errors)
    # a settlement printed right is not flagged
    good = [[right["against"]["A"]["B"], right["against"]["B"]["A"], right["against"]["C"]["A"]],
            [right["against"]["A"]["C"], right["against"]["B"]["C"], right["against"]["C"]["B"]],
            [right["net"]["A"], right["net"]["B"], right["net"]["C"]]]
    assert printed_settlement_errors(totals, good) == []


@given(st.lists(st.integers(-2000, 5000), min_size=3, max_size=3))
def test_the_settlement_balances(scores: list[int]) -> None:
    s = settlement(dict(zip("ABC", scores, strict=True)))
    assert sum(s["net"].values()) == 0
    for a in "ABC":
        for b in "ABC":
            if a != b:
                assert s["against"][a][b] == -s["against"][b][a]


# ---------------------------------------------------------------- the scoring rules (vector)
def test_three_hand_auction_scoring_rules() -> None:
    want = BY_ID["three-hand-auction-scoring-rules"]["expected"]
    rules = ThreeHandedRules()
    assert (rules.game_points, rules.game_bonus, rules.rubber_bonus) == (
        want["game_target"], want["per_game_bonus"], want["rubber_bonus"])
    # honours, a trump declared: each worth a trick of the suit, four or five in one hand doubled
    hearts = 8
    assert player_honours(_cards("AH 2C"), 2, hearts) == 8
    assert player_honours(_cards("AH KH QH"), 2, hearts) == 24
    assert player_honours(_cards("AH KH QH JH"), 2, hearts) == 64
    assert player_honours(_cards("AH KH QH JH TH"), 2, hearts) == 80
    # no trumps: 10 an ace, four in one hand 100
    assert player_honours(_cards("AH AS"), None, 10) == 20
    assert player_honours(_cards("AH AS AD AC"), None, 10) == 100
    # a deal scored: North declares 2 hearts and makes three odd; he holds A K of hearts, the widow (his dummy)
    # Q J, East the 10; South none
    hands = [_cards("AH KH"), _cards("TH"), _cards("2H"), _cards("QH JH")]
    c = AuctionContract(2, Denom.HEARTS, 0, N)
    got = score_three_handed(c, 9, hands, rules)
    assert PlayerEntry(N, 3 * hearts, True, "tricks") in got
    assert PlayerEntry(N, 2 * hearts + 2 * hearts, False, "honours") in got  # his two and his dummy's two
    assert PlayerEntry(E, hearts, False, "honours") in got
    assert not [e for e in got if e.player == S]
    # undertricks: 50 a trick to EACH opponent
    got = score_three_handed(AuctionContract(4, Denom.NOTRUMP, 1, E), 8, [0, 0, 0, 0], rules)
    assert sorted((e.player, e.points) for e in got if e.kind == "undertricks") == [(N, 200), (S, 200)]
    assert not [e for e in got if e.player == E]


def _result(declarer: Seat, below: int, deal: int = 0) -> ThreeHandedResult:
    c = AuctionContract(1, Denom.NOTRUMP, 0, declarer)
    return ThreeHandedResult(N, (0, 0, 0, 0), (), c, 7, (), (PlayerEntry(declarer, below, True, "tricks"),))


def test_games_of_30_with_125_and_two_games_the_rubber_with_250() -> None:
    sheet = ThreeHandedSheet.for_rules(ThreeHandedRules())
    sheet.add(_result(N, 20))
    sheet.add(_result(E, 24))
    assert sheet.below == [20, 24, 0] and not sheet.games
    sheet.add(_result(N, 10))  # North reaches 30: a game, 125 at once; every score toward the game starts anew
    assert sheet.games == [N] and sheet.below == [0, 0, 0]
    assert sheet.total(N) == 20 + 10 + 125
    sheet.add(_result(S, 40))
    assert sheet.games == [N, S] and not sheet.is_over
    sheet.add(_result(N, 30))  # North's second game: 125 and 250 for the rubber
    assert sheet.is_over and sheet.winner == N
    assert sheet.total(N) == 20 + 10 + 125 + 30 + 125 + 250
    assert sheet.totals() == {"N": 560, "E": 24, "S": 165}
    d = sheet.to_dict()
    assert d["settlement"]["net"] == {"N": 536 + 395, "E": -536 - 141, "S": -395 + 141}
    assert sheet.recomputed([_result(N, 20), _result(E, 24), _result(N, 10), _result(S, 40),
                             _result(N, 30)]).to_dict() == d
    for lang in ("en", "ru"):
        text = sheet.render(lang=lang)
        assert "560" in text and "+931" in text


# ---------------------------------------------------------------- the deal through the engine
def _deal(dealer: Seat = N, **options: Any) -> ThreeHandedDeal:
    game = load("three-handed-auction", **options)
    deal = ThreeHandedDeal(game, dealer, game.rules)  # type: ignore[attr-defined]
    # North all spades, East all hearts, South all diamonds, the widow all clubs
    deal.apply(Deal((_suit("S"), _suit("H"), _suit("D"), _suit("C"))))
    return deal


def test_the_turn_skips_the_widow_and_two_passes_close() -> None:
    deal = _deal(S)
    assert deal.to_act == S
    deal.apply(OldCall.parse("1H"))
    assert deal.to_act == N  # South's left is the vacant seat: North is next
    with pytest.raises(IllegalAction):
        deal.apply(REDOUBLE)  # nothing doubled; the state is unchanged
    assert deal.to_act == N and len(deal.calls) == 1
    deal.apply(DOUBLE)  # any other player doubles
    assert deal.to_act == E
    deal.apply(PASS)
    assert deal.to_act == S
    deal.apply(REDOUBLE)  # the bidder alone redoubles
    deal.apply(PASS)
    assert deal.phase == 1  # one pass after the redouble: still bidding
    deal.apply(PASS)
    assert deal.contract == AuctionContract(1, Denom.HEARTS, 2, S)  # two passes closed it


def test_the_widow_goes_opposite_the_declarer_and_the_player_there_moves() -> None:
    deal = _deal(N)
    assert all(deal.visible_mask(p) & _suit("C") == 0 for p in PLAYERS)  # the widow is untouched
    deal.apply(OldCall.parse("1S"))
    deal.apply(PASS)
    deal.apply(PASS)
    assert deal.contract == AuctionContract(1, Denom.SPADES, 0, N)
    assert deal.moved == S and deal.seat_of(S) == WIDOW and deal.seat_of(E) == E
    assert deal.hands[S] == _suit("C") and deal.hands[WIDOW] == _suit("D")  # the dummy opposite North
    assert deal.dummy == S and deal.to_act == E  # East, on the declarer's left, leads
    assert deal.view(S).seat == WIDOW and deal.view(S).hand == _suit("D")
    assert all(deal.visible_mask(p) & _suit("C") == 0 for p in PLAYERS)  # not exposed before the lead
    deal.apply(Card.parse("AH"))
    assert all(deal.visible_mask(p) & _suit("C") == _suit("C") for p in PLAYERS)
    assert deal.to_act == N  # the declarer plays his dummy's card
    deal.apply(Card.parse("2C"))
    assert deal.to_act == S and deal.view(S).legal  # South plays from the seat he moved to
    assert not deal.view(N).legal
    while not deal.is_over:
        deal.apply(deal.legal_actions()[-1])
    r = deal.result()
    assert r.declarer_tricks == 13 and r.moved == S
    by_player = {p: sum(e.points for e in r.entries if e.player == p) for p in PLAYERS}
    assert PlayerEntry(N, 7 * 2, True, "tricks") in r.entries
    assert PlayerEntry(N, 5 * 2 * 2, False, "honours") in r.entries  # five spade honours in one hand
    assert by_player[E] == by_player[S] == 0


def test_a_whole_rubber_ends_with_two_games_and_the_settlement(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "en", "play", "three-handed-auction", "--auto", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "Settlement:" in out and "Rubber won by" in out
    assert main(["--lang", "ru", "play", "трехсторонний-окшн-бридж", "--auto", "--seed", "1"]) == 0
    assert "Расчёт:" in capsys.readouterr().out
