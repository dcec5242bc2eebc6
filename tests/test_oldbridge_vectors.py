"""Every vector of hoyle-bridge-examples.json (document 000) is either checked here through the
engine or listed with the reason it is not (the varieties not built, the laws of issue 7 point 3).

Seats: the document's Z (dealer), A, Y, B sit at S, W, N, E.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from cardroom.core.cards import Card, cards_of_mask
from cardroom.core.deal import Deal, Draw
from cardroom.core.errors import IllegalAction, ParseError
from cardroom.core.table import Seat, Side
from cardroom.games import load
from cardroom.games.oldbridge.calls import DOUBLE, LEAVE, PASS, REDOUBLE, STRAIGHT_VALUE, Denom, OldCall
from cardroom.games.oldbridge.rubber import OldSheet, cut_key, cut_order
from cardroom.games.oldbridge.rules import AuctionDeal, OldDealResult, StraightDeal, outranks
from cardroom.games.oldbridge.scoring import (
    AuctionContract,
    StraightMake,
    ace_points,
    doubling_sequence,
    honour_units,
    score_auction,
    score_straight,
)
from cardroom.games.oldbridge.variants import AuctionRules, StraightRules

VECTORS_PATH = Path(__file__).resolve().parents[2] / "shared" / "rules" / "hoyle-bridge-examples.json"
VECTORS: list[dict[str, Any]] = json.loads(VECTORS_PATH.read_text(encoding="utf-8"))
BY_ID = {v["id"]: v for v in VECTORS}

SEAT = {"Z": Seat.SOUTH, "A": Seat.WEST, "Y": Seat.NORTH, "B": Seat.EAST}

# vectors not built, with the reason
NOT_BUILT: dict[str, str] = {
}
# vectors checked, with the tests that check them (in this file or the bot tests)
CHECKED: dict[str, list[str]] = {
    "misery-bridge-scoring": [
        f"tests/test_misery_bridge.py::{t}" for t in (
            "test_vector_eight_tricks_made_doubles_the_odd_trick_value",
            "test_vector_eight_tricks_failed_gives_the_opponent_ten_whatever_the_trump",
            "test_vector_misery_dealer_takes_no_trick_scores_five_a_trick_beyond_six",
            "test_vector_misery_dealer_takes_one_trick_still_scores",
            "test_vector_misery_dealer_takes_more_than_one_trick_pays_five_each",
            "test_the_dealer_discards_n_face_up_and_draws_n_from_the_reserve",
            "test_misery_is_refused_after_a_discard")],
    "auction-deal-1-two-no-trumps": ["test_auction_deal_1_printed_auction_is_reported",
                                     "test_auction_deal_1_played_trick_by_trick"],
    "auction-deal-2-nullo": ["test_auction_deal_2_nullo_played_trick_by_trick"],
    "bridge-deal-1-dealer-no-trumps": ["test_bridge_deal_1_dealer_no_trumps"],
    "bridge-deal-2-dummy-no-trumps": ["test_bridge_deal_2_dummy_no_trumps"],
    "bridge-trick-values": ["test_bridge_trick_values"],
    "bridge-game-in-one-hand": ["test_bridge_game_in_one_hand"],
    "bridge-black-trump-cannot-lose-game": ["test_bridge_black_trump_cannot_lose_game"],
    "bridge-need-12-with-18": ["test_bridge_need_12_with_18"],
    "bridge-doubling-limit": ["test_bridge_doubling_limit"],
    "nullo-three-means-nine": ["test_nullo_three_means_nine"],
    "nullo-value-and-rank": ["test_nullo_value_and_rank"],
    "american-laws-trick-values": ["test_american_laws_trick_values"],
    "american-laws-honours": ["test_american_laws_honours"],
    "american-laws-slams": ["test_american_laws_slams"],
    "american-laws-rubber": ["test_american_laws_rubber"],
    "american-laws-cut-order": ["test_american_laws_cut_order"],
    "bridge-revoke-limits": ["tests/test_oldbridge_laws.py::test_bridge_revoke_limits",
                             "tests/test_oldbridge_laws.py::test_b9_revoke_three_tricks_and_dummy_cannot_revoke",
                             "tests/test_oldbridge_laws.py::test_b9_england_the_non_offenders_choose"],
    "nullo-revoke": ["tests/test_oldbridge_laws.py::test_nullo_revoke",
                     "tests/test_oldbridge_laws.py::test_nullo_revoke_by_the_defenders_through_the_engine",
                     "tests/test_oldbridge_laws.py::test_nullo_revoke_by_the_declarer_costs_100"],
    "american-laws-cut-size": ["tests/test_oldbridge_laws.py::test_american_laws_cut_size"],
    "advice-split-honours-qj-vs-a": ["tests/test_oldbridge_advice.py::test_advice_split_honours_qj_vs_a"],
    "advice-split-honours-kj-vs-q": ["tests/test_oldbridge_advice.py::test_advice_split_honours_kj_vs_q"],
    "advice-second-hand-jack-lead": ["tests/test_oldbridge_advice.py::test_advice_second_hand_jack_lead"],
    "advice-aq9-on-jack": ["tests/test_oldbridge_advice.py::test_advice_aq9_on_jack"],
    "advice-duck-for-ruff": ["tests/test_oldbridge_advice.py::test_advice_duck_for_ruff"],
    "advice-guarded-honours-both-hands": ["tests/test_oldbridge_advice.py::test_advice_guarded_honours_both_hands"],
    "advice-finesse-definition": ["tests/test_oldbridge_advice.py::test_advice_finesse_definition"],
    "advice-double-finesse": ["tests/test_oldbridge_advice.py::test_advice_double_finesse"],
    "advice-duck-long-suit": ["tests/test_oldbridge_advice.py::test_advice_duck_long_suit"],
    "advice-hold-up": ["tests/test_oldbridge_advice.py::test_advice_hold_up"],
    "advice-preserve-reentry": ["tests/test_oldbridge_advice.py::test_advice_preserve_reentry"],
    "advice-bridge-ak-lead": ["tests/test_oldbridge_bot.py::test_advice_bridge_ak_lead"],
    "advice-bridge-doubled-nt-heart": ["tests/test_oldbridge_bot.py::test_advice_bridge_doubled_nt_heart"],
    "three-hand-auction-settlement": [
        "tests/test_three_handed_auction.py::test_three_hand_auction_settlement_reports_the_misprint"],
    "three-hand-auction-scoring-rules": [
        "tests/test_three_handed_auction.py::test_three_hand_auction_scoring_rules",
        "tests/test_three_handed_auction.py::test_games_of_30_with_125_and_two_games_the_rubber_with_250"],
    "three-hand-bridge-dummy-declaration": ["tests/test_cutthroat.py::test_dummy_declaration_schedule",
                                            "tests/test_cutthroat.py::test_the_dealer_passes_and_the_dummy_makes_unseen"],
    "three-hand-bridge-settlement": ["tests/test_cutthroat.py::test_settlement_vector",
                                     "tests/test_cutthroat.py::test_the_sheet_two_games_then_100_for_the_rubber"],
    "three-hand-bridge-rotation": ["tests/test_cutthroat.py::test_rotation_vector",
                                   "tests/test_cutthroat.py::test_the_match_moves_the_seats_after_each_deal"],
    "reversi-bridge-scoring": ["tests/test_oldbridge_reversi.py::test_reversi_bridge_scoring"],
    "duplicate-auction-bonus": ["tests/test_oldbridge_duplicate.py::test_duplicate_auction_bonus"],
    "two-hand-bridge-layout": ["tests/test_two_hand_bridge.py::test_two_hand_bridge_layout",
                               "tests/test_two_hand_bridge.py::test_a_covered_card_turns_up_when_its_cover_is_played"],
    "pivot-movement": ["tests/test_club_evening.py::test_pivot_movement_vector"],
    "six-hand-movement": ["tests/test_club_evening.py::test_six_hand_movement_vector"],
    "bridge-to-the-score": ["tests/test_club_evening.py::test_bridge_to_the_score_vector"],
    "royal-bridge-scoring": ["tests/test_royal_bridge.py::test_royal_bridge_scoring_vector_won",
                             "tests/test_royal_bridge.py::test_royal_bridge_scoring_vector_lost_signed",
                             "tests/test_royal_bridge.py::test_royal_bridge_scoring_vector_lost_plus_only"],
}


def test_every_vector_is_checked_or_listed() -> None:
    ids = set(BY_ID)
    assert len(VECTORS) == 45
    unaccounted = ids - set(NOT_BUILT) - set(CHECKED)
    assert not unaccounted, f"vectors neither checked nor listed: {sorted(unaccounted)}"
    assert not set(NOT_BUILT) & set(CHECKED)
    assert set(NOT_BUILT) | set(CHECKED) <= ids, "a listed id is not a vector"
    here = globals()
    root = Path(__file__).resolve().parents[1]
    for tests in CHECKED.values():
        for t in tests:
            if "::" not in t:
                assert t in here, f"missing test {t}"
            else:
                path, name = t.split("::")
                assert f"def {name}(" in (root / path).read_text(encoding="utf-8"), f"missing test {t}"
    kinds = {BY_ID[i]["kind"] for i in NOT_BUILT}
    # every deal and score vector of the two games is checked
    for v in VECTORS:
        if v["kind"] in ("deal", "score") and v["game"] in ("bridge", "auction-bridge", "auction-bridge-nullo"):
            assert v["id"] in CHECKED, v["id"]
    assert kinds <= {"rule-example", "score"}


# ---------------------------------------------------------------- helpers
def _hands(data: dict[str, Any]) -> Deal:
    hands = [0, 0, 0, 0]
    for letter, cards in data["hands"].items():
        for c in cards:
            hands[SEAT[letter]] |= 1 << Card.parse(c)
    return Deal(tuple(hands))


def _call(deal: AuctionDeal | StraightDeal, letter: str, text: str) -> None:
    assert deal.to_act == SEAT[letter], f"{letter} is not to act"
    deal.apply(OldCall.parse(text))


def _play_tricks(deal: AuctionDeal | StraightDeal, data: dict[str, Any]) -> None:
    for t in data["tricks"]:
        assert deal.leader == SEAT[t["leader"]], f"trick {t['trick']}: wrong leader"
        for letter in t["play_order"]:
            seat = SEAT[letter]
            assert deal.hand_to_play == seat
            # dummy's cards are played by the declarer
            assert deal.to_act == (deal.declarer if seat == deal.dummy else seat)
            deal.apply(Card.parse(t["cards"][letter]))
        assert deal.tricks[-1].winner == SEAT[t["winner"]], f"trick {t['trick']}: winner"
    assert deal.is_over


def _game(name: str, **options: Any) -> Any:
    return load(name, **options)


# ---------------------------------------------------------------- the illustrative deals
def test_auction_deal_1_printed_auction_is_reported() -> None:
    v = BY_ID["auction-deal-1-two-no-trumps"]
    data = v["data"]
    deal = _game("auction-bridge").new_deal(SEAT["Z"])
    deal.apply(_hands(data))
    _call(deal, "Z", "1H")
    # the translation's "одна пика" as a plain spade (2) cannot overcall one heart (8)
    with pytest.raises(IllegalAction, match=r"1S \(value 2\).*1H \(value 8\).*insufficient"):
        deal.apply(OldCall.parse("1S"))
    # read as royal spades (9), as the digest's best reading says
    _call(deal, "A", "1RS")
    _call(deal, "Y", "2C")
    _call(deal, "B", "2 royals")
    _call(deal, "Z", "3D")
    _call(deal, "A", "pass")
    before = deal.snapshot()
    # the printed final bid: 2NT (20) after 3D (21) is insufficient by the Law 3 values
    assert data["bid_values_under_law_3"]["2NT"] < data["bid_values_under_law_3"]["3D"]
    with pytest.raises(IllegalAction, match=r"N \(Y\) bid 2NT \(value 20\), which does not outrank 3D \(value 21\)"):
        deal.apply(OldCall.parse("2NT"))
    assert deal.snapshot() == before


def test_auction_deal_1_played_trick_by_trick() -> None:
    v = BY_ID["auction-deal-1-two-no-trumps"]
    data, expected = v["data"], v["expected"]
    game = _game("auction-bridge")
    deal = game.new_deal(SEAT["Z"])
    deal.apply(_hands(data))
    # a sufficient auction to the printed contract, 2NT by Y (the printed one is refused above)
    for letter, call in (("Z", "1H"), ("A", "1RS"), ("Y", "2C"), ("B", "2RS"), ("Z", "pass"), ("A", "pass"),
                         ("Y", "2NT"), ("B", "pass"), ("Z", "pass"), ("A", "pass")):
        _call(deal, letter, call)
    c = deal.contract
    assert c is not None and str(c) == "2NT by N"
    assert deal.declarer == SEAT["Y"] and deal.dummy == SEAT["Z"]
    assert deal.leader == SEAT[data["opening_leader"]]
    assert deal.to_act == SEAT["B"]
    assert expected["opening_lead"].startswith("9S")
    _play_tricks(deal, data)
    res = deal.result()
    assert res.won[Side.NS] == expected["declarer_side_tricks"] == 9
    assert res.won[Side.EW] == expected["defender_side_tricks"] == 4
    per = data["computed_tricks_won"]["per_player"]
    for letter, n in per.items():
        assert sum(1 for t in deal.tricks if t.winner == SEAT[letter]) == n
    # 3 odd tricks x 10 = 30 below the line: the game; aces 2-2: no honours
    assert [e.to_dict() for e in res.entries] == [{"side": "NS", "points": 30, "below": True, "kind": "tricks"}]
    sheet = OldSheet.for_rules(game.rules)
    sheet.add(res)
    assert sheet.games == [Side.NS]  # "wins the game"


@pytest.mark.parametrize("level", [1, 2, 3, 4, 5])
def test_auction_deal_2_nullo_played_trick_by_trick(level: int) -> None:
    v = BY_ID["auction-deal-2-nullo"]
    data, expected = v["data"], v["expected"]
    game = _game("auction-bridge", nullo=True)
    deal = game.new_deal(SEAT["Z"])
    deal.apply(_hands(data))
    # the auction is not printed; the dealer must open (dealer_must_bid), Y declares nullo
    for letter, call in (("Z", "1S"), ("A", "pass"), ("Y", f"{level} nullo"), ("B", "pass"), ("Z", "pass"),
                         ("A", "pass")):
        _call(deal, letter, call)
    assert deal.declarer == SEAT["Y"] and deal.dummy == SEAT["Z"] and deal.leader == SEAT["B"]
    assert deal.trump is None  # nullo replays as a no-trump play
    _play_tricks(deal, data)
    res = deal.result()
    assert res.won[Side.NS] == expected["declarer_side_tricks"] == 3
    assert res.won[Side.EW] == expected["defender_side_tricks"] == 10
    if level <= 4:  # "Y makes his contract, losing four tricks over book": 4 x 10, no honours
        assert [e.to_dict() for e in res.entries] == [
            {"side": "NS", "points": expected["nullo_tricks_scored"] * 10, "below": True, "kind": "tricks"}]
    else:  # 5 nullo allows the declarer 2 tricks: he took 3, one under (50 to the defenders)
        assert [e.to_dict() for e in res.entries] == [{"side": "EW", "points": 50, "below": False,
                                                       "kind": "undertricks"}]


def test_bridge_deal_1_dealer_no_trumps() -> None:
    v = BY_ID["bridge-deal-1-dealer-no-trumps"]
    data, expected = v["data"], v["expected"]
    game = _game("straight-bridge")
    deal = game.new_deal(SEAT["Z"])
    deal.apply(_hands(data))
    _call(deal, "Z", "make NT")  # "он объявляет безкозырную игру"
    _call(deal, "A", "may I lead?")
    _call(deal, "B", "yes")
    assert deal.declarer == SEAT["Z"] and deal.dummy == SEAT["Y"] and deal.leader == SEAT["A"]
    _play_tricks(deal, data)
    res = deal.result()
    assert res.won[Side.NS] == expected["declarer_side_tricks"] == 9
    assert res.won[Side.EW] == expected["defender_side_tricks"] == 4
    # 3 x 12 = 36; the aces are split 2-2: no honours
    assert [e.to_dict() for e in res.entries] == [{"side": "NS", "points": 36, "below": True, "kind": "tricks"}]
    # trick 11: Y leads JS, B plays 5S, Z finesses QS and wins
    t11 = deal.tricks[10]
    assert t11.leader == SEAT["Y"] and t11.cards[0] == Card.parse("JS") and t11.winner == SEAT["Z"]


def test_bridge_deal_2_dummy_no_trumps() -> None:
    v = BY_ID["bridge-deal-2-dummy-no-trumps"]
    data, expected = v["data"], v["expected"]
    game = _game("straight-bridge")
    deal = game.new_deal(SEAT["Z"])
    deal.apply(_hands(data))
    _call(deal, "Z", "leave")  # "Я оставляю это вам, партнер"
    # the dealer's partner must name; he may not pass it back (B-2)
    with pytest.raises(IllegalAction, match="may not pass the make back"):
        deal.apply(LEAVE)
    _call(deal, "Y", "NT")
    _call(deal, "A", "pass")
    _call(deal, "B", "pass")
    # the dummy is still Y, the dealer plays both hands
    assert deal.declarer == SEAT["Z"] and deal.dummy == SEAT["Y"]
    make = deal.contract_of()
    assert make is not None and make.maker == SEAT["Y"]
    _play_tricks(deal, data)
    res = deal.result()
    assert res.won[Side.NS] == expected["declarer_side_tricks"] == 8
    assert [e.to_dict() for e in res.entries] == [{"side": "NS", "points": 24, "below": True, "kind": "tricks"}]


def test_a_revoke_is_refused_clearly() -> None:
    data = BY_ID["bridge-deal-1-dealer-no-trumps"]["data"]
    deal = _game("straight-bridge").new_deal(SEAT["Z"])
    deal.apply(_hands(data))
    for letter, call in (("Z", "NT"), ("A", "pass"), ("B", "pass")):
        _call(deal, letter, call)
    deal.apply(Card.parse("7D"))  # A leads a diamond; Y (dummy) holds diamonds
    y_other = next(c for c in cards_of_mask(deal.hands[SEAT["Y"]]) if c.suit != Card.parse("7D").suit)
    before = deal.snapshot()
    with pytest.raises(IllegalAction, match=r"must follow suit.*a revoke"):
        deal.apply(y_other)
    assert deal.snapshot() == before
    with pytest.raises(IllegalAction, match="was already played"):
        deal.apply(Card.parse("7D"))


# ---------------------------------------------------------------- straight bridge: values and game
def _straight_result(trump: int, won_ns: int, doubling: int = 0, hands: tuple[int, ...] = (0, 0, 0, 0),
                     rules: StraightRules | None = None) -> OldDealResult:
    rules = rules or StraightRules(honours="none")
    make = StraightMake(trump, Seat.SOUTH, Seat.SOUTH, doubling)
    won = (won_ns, 13 - won_ns)
    entries = tuple(score_straight(make, won, hands, rules))
    return OldDealResult("straight", Seat.SOUTH, hands, (), make, won, (), entries)


_TRUMP = {"C": 0, "D": 1, "H": 2, "S": 3, "NT": 4}


def test_bridge_trick_values() -> None:
    v = BY_ID["bridge-trick-values"]
    for name, value in v["data"]["value_per_odd_trick"].items():
        assert STRAIGHT_VALUE[_TRUMP[name]] == value
        for doubling in range(3):  # odd tricks x value x doubling multiplier
            for won in range(7, 14):
                res = _straight_result(_TRUMP[name], won, doubling)
                assert res.entries[0].points == (won - v["data"]["book"]) * value * 2 ** doubling
        # whichever side wins tricks over book scores them: the makers' six tricks are their book
        res = _straight_result(_TRUMP[name], 6)
        assert [(e.side, e.points) for e in res.entries] == [(Side.EW, value)]


def test_bridge_game_in_one_hand() -> None:
    v = BY_ID["bridge-game-in-one-hand"]
    for case, exp in zip(v["data"]["cases"], v["expected"]["cases"], strict=True):
        res = _straight_result(_TRUMP[case["trump"]], 6 + case["odd_tricks"])
        assert res.entries[0].points == exp["points"]
        sheet = OldSheet.for_rules(StraightRules())
        sheet.add(res)
        assert (sheet.games == [Side.NS]) == exp["wins_game_from_zero"]


def test_bridge_black_trump_cannot_lose_game() -> None:
    v = BY_ID["bridge-black-trump-cannot-lose-game"]
    for case, exp in zip(v["data"]["cases"], v["expected"]["cases"], strict=True):
        res = _straight_result(_TRUMP[case["trump"]], 13 - v["data"]["opponents_tricks"])
        assert [(e.side, e.points) for e in res.entries if e.below] == [(Side.EW, exp["opponents_points"])]
        sheet = OldSheet.for_rules(StraightRules())
        sheet.add(res)
        assert (Side.EW in sheet.games) == exp["game_lost"]


def test_bridge_need_12_with_18() -> None:
    v = BY_ID["bridge-need-12-with-18"]
    for name, n in v["expected"]["minimum_odd_tricks_for_game"].items():
        trump = _TRUMP[name]
        for odd in range(1, 8):
            sheet = OldSheet.for_rules(StraightRules())
            sheet.below[Side.NS] = v["data"]["score_below_line"]
            sheet.add(_straight_result(trump, 6 + odd))
            assert (sheet.games == [Side.NS]) == (odd >= n), (name, odd)


@pytest.mark.parametrize("limit", ["below-100", "cap-100"])
def test_bridge_doubling_limit(limit: str) -> None:
    v = BY_ID["bridge-doubling-limit"]
    game = _game("straight-bridge", doubling_limit=limit)
    for name, seq in v["expected"]["best_reading_sequences"].items():
        expected = seq if limit == "below-100" else [x for x in seq if x <= 100]
        assert doubling_sequence(v["data"]["base"][name], limit) == expected
        # through the engine: everyone doubles while allowed; the value the play starts at
        deal = game.new_deal(Seat.SOUTH)
        deal.play_chance(__import__("random").Random(1))
        deal.apply(OldCall.parse(f"make {name}"))
        values = [deal.base_value]
        order = []
        while deal.phase == 2:
            legal = deal.legal_calls()
            dbl = next(c for c in legal if c in (DOUBLE, REDOUBLE))
            order.append((deal.to_act, dbl))
            deal.apply(dbl)
            values.append(deal.base_value << deal.doubling)
        assert values == expected
        make = deal.contract_of()
        assert make is not None and make.trick_value == expected[-1]
        # A doubles, the maker redoubles, the first doubler doubles again…
        assert order[0] == (Seat.WEST, DOUBLE)
        if len(order) > 1:
            assert order[1] == (Seat.SOUTH, REDOUBLE)
        if len(order) > 2:
            assert order[2] == (Seat.WEST, DOUBLE)


def test_straight_doubling_conversation() -> None:
    """A passes ("may I lead?"), B doubles; the maker (Y) passes, the dealer redoubles; A passes, B doubles."""
    deal = _game("straight-bridge").new_deal(Seat.SOUTH)
    deal.play_chance(__import__("random").Random(2))
    deal.apply(LEAVE)
    deal.apply(OldCall.parse("H"))  # Y makes hearts
    seq = [(Seat.WEST, PASS), (Seat.EAST, DOUBLE), (Seat.NORTH, PASS), (Seat.SOUTH, REDOUBLE),
           (Seat.EAST, PASS), (Seat.WEST, DOUBLE), (Seat.NORTH, PASS), (Seat.SOUTH, PASS)]
    for seat, call in seq:
        assert deal.to_act == seat
        if call != PASS:
            wrong = REDOUBLE if call == DOUBLE else DOUBLE
            with pytest.raises(IllegalAction):
                deal.apply(wrong)
        deal.apply(call)
    assert deal.phase == 3 and deal.to_act == Seat.WEST
    make = deal.contract_of()
    assert make is not None and make.trick_value == 64


# ---------------------------------------------------------------- nullo
def test_nullo_three_means_nine() -> None:
    v = BY_ID["nullo-three-means-nine"]
    rules = AuctionRules(nullo=True)
    c = AuctionContract(3, Denom.NULLO, 0, Seat.SOUTH)
    most = v["expected"]["declarer_side_may_win_at_most"]
    assert 13 - most == v["expected"]["opponents_must_win_at_least"] == 9
    for tricks in range(14):
        entries = score_auction(c, tricks, (0, 0, 0, 0), rules)
        made = tricks <= most
        assert (entries[0].kind == "tricks") == made
        if made:  # tricks scored = 7 - declarer's tricks
            assert entries[0].points == (7 - tricks) * 10 and entries[0].side == Side.NS


def test_nullo_value_and_rank() -> None:
    v = BY_ID["nullo-value-and-rank"]
    nl2, nt2 = OldCall.parse("2 nullo"), OldCall.parse("2NT")
    assert Denom.NULLO.auction_value == v["data"]["value_per_trick"]
    assert outranks(nt2, nl2, True) and not outranks(nl2, nt2, True)  # "Две игры без козырей перебьют два нулло"
    assert outranks(nt2, nl2, False)
    # immediately below no trumps: above every suit of the same level
    for d in (Denom.SPADES, Denom.CLUBS, Denom.DIAMONDS, Denom.HEARTS, Denom.ROYAL):
        assert outranks(nl2, OldCall.bid(2, d), True)
    # no honours in nullo, even with four aces in one hand
    four_aces = sum(1 << (s * 13 + 12) for s in range(4))
    hands = (four_aces, 0, 0, 0)
    entries = score_auction(AuctionContract(1, Denom.NULLO, 0, Seat.NORTH), 2, hands, AuctionRules(nullo=True))
    assert [e.kind for e in entries] == ["tricks"]
    # a table without nullo refuses it clearly
    deal = _game("auction-bridge").new_deal(Seat.SOUTH)
    deal.play_chance(__import__("random").Random(3))
    with pytest.raises(IllegalAction, match="nullo is not played"):
        deal.apply(nl2)


# ---------------------------------------------------------------- the American laws 1913
def test_american_laws_trick_values() -> None:
    v = BY_ID["american-laws-trick-values"]
    names = {"S": Denom.SPADES, "C": Denom.CLUBS, "D": Denom.DIAMONDS, "H": Denom.HEARTS, "RS": Denom.ROYAL,
             "NT": Denom.NOTRUMP}
    rules = AuctionRules(doubled_bonus=0)
    for name, value in v["data"]["value_per_odd_trick"].items():
        d = names[name]
        assert d.auction_value == value
        for level in range(1, 8):
            c = AuctionContract(level, d, 0, Seat.EAST)
            for tricks in range(14):
                e = [x for x in score_auction(c, tricks, (0, 0, 0, 0), rules) if x.kind in ("tricks", "undertricks")]
                if tricks >= 6 + level:  # "every trick over six" when the declared number is won
                    assert (e[0].side, e[0].points, e[0].below) == (Side.EW, (tricks - 6) * value, True)
                else:  # nothing for tricks to the declarer when he fails
                    assert e[0].kind == "undertricks" and e[0].side == Side.NS


def _mask(*cards: str) -> int:
    m = 0
    for c in cards:
        m |= 1 << Card.parse(c)
    return m


def test_american_laws_honours() -> None:
    v = BY_ID["american-laws-honours"]
    suit_units = {row["holding"]: row["tricks_value"] for row in v["data"]["suit_trump"]}
    hol = {
        "3 honours between partners": (_mask("AH", "KH"), _mask("QH")),
        "4 honours between partners": (_mask("AH", "KH"), _mask("QH", "JH")),
        "5 honours between partners": (_mask("AH", "KH", "10H"), _mask("QH", "JH")),
        "4 honours in one hand": (_mask("AH", "KH", "QH", "JH"), 0),
        "4 in one hand, 5th in partner's": (_mask("AH", "KH", "QH", "JH"), _mask("10H")),
        "5 honours in one hand": (_mask("AH", "KH", "QH", "JH", "10H"), 0),
    }
    for holding, units in suit_units.items():
        n, s = hol[holding]
        assert honour_units((n, 0, s, 0), 2) == (Side.NS, units), holding
        assert honour_units((0, n, 0, s), 2) == (Side.EW, units), holding  # credited to the holders
    assert honour_units((_mask("AH", "KH"), _mask("QH"), 0, _mask("JH")), 2) is None  # fewer than 3 each
    nt = {row["holding"]: row["points"] for row in v["data"]["no_trump"]}
    assert ace_points((_mask("AS", "AH"), 0, _mask("AD"), 0)) == (Side.NS, nt["3 aces between partners"])
    assert ace_points((_mask("AS", "AH"), 0, _mask("AD", "AC"), 0)) == (Side.NS, nt["4 aces between partners"])
    assert ace_points((0, _mask("AS", "AH", "AD", "AC"), 0, 0)) == (Side.EW, 100)
    # the derived examples, through the scoring of a deal (doubling changes nothing, Law 9)
    examples = v["expected"]["examples_derived"]
    rules = AuctionRules()
    cases = {
        "hearts, 4 honours in one hand": (Denom.HEARTS, (_mask("AH", "KH", "QH", "JH"), 0, 0, 0)),
        "royal spades, 5 in one hand": (Denom.ROYAL, (0, 0, _mask("AS", "KS", "QS", "JS", "10S"), 0)),
        "clubs, 3 between partners": (Denom.CLUBS, (_mask("AC"), 0, _mask("KC", "QC"), 0)),
        "spades, 3 between partners": (Denom.SPADES, (_mask("AS"), 0, _mask("KS", "QS"), 0)),
    }
    for name, (denom, hands) in cases.items():
        for doubling in range(3):
            entries = score_auction(AuctionContract(1, denom, doubling, Seat.EAST), 7, hands, rules)
            hon = [e for e in entries if e.kind == "honours"]
            assert [(e.side, e.points) for e in hon] == [(Side.NS, examples[name])], name


def test_american_laws_slams() -> None:
    v = BY_ID["american-laws-slams"]["expected"]
    for doubling in range(3):
        for tricks, pts, kind in ((13, v["grand_slam_13_tricks"], "slam"),
                                  (12, v["little_slam_12_tricks"], "little slam")):
            entries = score_auction(AuctionContract(1, Denom.CLUBS, doubling, Seat.SOUTH), tricks, (0, 0, 0, 0),
                                    AuctionRules())
            slam = [e for e in entries if e.kind == kind]
            assert [(e.side, e.points, e.below) for e in slam] == [(Side.NS, pts, False)]
    # "when partners take": by default the defenders score a slam they take too; an option limits it
    entries = score_auction(AuctionContract(1, Denom.CLUBS, 0, Seat.SOUTH), 0, (0, 0, 0, 0), AuctionRules())
    assert ("slam", Side.EW) in [(e.kind, e.side) for e in entries]
    entries = score_auction(AuctionContract(1, Denom.CLUBS, 0, Seat.SOUTH), 0, (0, 0, 0, 0),
                            AuctionRules(slam_side="declarer"))
    assert "slam" not in [e.kind for e in entries]


def _auction_result(contract: AuctionContract, tricks: int, rules: AuctionRules) -> OldDealResult:
    won = (tricks, 13 - tricks) if contract.side == Side.NS else (13 - tricks, tricks)
    return OldDealResult("auction", Seat.SOUTH, (0, 0, 0, 0), (), contract, won, (),
                         tuple(score_auction(contract, tricks, (0, 0, 0, 0), rules)))


def test_american_laws_rubber() -> None:
    v = BY_ID["american-laws-rubber"]["expected"]
    rules = AuctionRules()
    ns_game = AuctionContract(3, Denom.NOTRUMP, 0, Seat.SOUTH)  # 9 tricks: 30, a game
    # two games to NS: the third is not played; 250 to the winners
    sheet = OldSheet.from_results([_auction_result(ns_game, 9, rules)] * 2, rules)
    assert sheet.winner == Side.NS and sheet.total(Side.NS) == 60 + v["rubber_bonus"]
    # the losers may win on points: EW win the rubber's games, NS scored more above the line
    big = AuctionContract(7, Denom.SPADES, 2, Seat.SOUTH)  # NS fail 7 tricks redoubled: 7 x 200 to EW
    ew_game = AuctionContract(3, Denom.NOTRUMP, 0, Seat.EAST)
    sheet = OldSheet.from_results([_auction_result(big, 6, rules), _auction_result(ns_game, 9, rules),
                                   _auction_result(ew_game, 9, rules), _auction_result(ns_game, 9, rules)], rules)
    assert sheet.winner == Side.NS
    assert sheet.total(Side.EW) == 7 * 200 + 30 and sheet.total(Side.NS) == 60 + 250
    assert sheet.margin() < 0  # "the losers win the excess"
    # Law 11: an unfinished rubber, the winners of a game add 125
    sheet = OldSheet.from_results([_auction_result(ns_game, 9, rules)], rules, unfinished=True)
    assert sheet.total(Side.NS) == 30 + 125 and sheet.is_over


def test_american_laws_cut_order() -> None:
    v = BY_ID["american-laws-cut-order"]
    order = v["data"]["cut_rank_low_to_high"]
    suits = v["data"]["suit_tiebreak_low_to_high"]
    pack = [Card.parse(r + s) for r in order for s in suits]
    assert sorted(pack, key=cut_key) == pack  # A lowest … K highest, hearts < diamonds < clubs < spades
    ex = v["expected"]["examples_derived"]
    assert ex["AS_vs_2H"] == "AS lower" and cut_key(Card.parse("AS")) < cut_key(Card.parse("2H"))
    assert ex["5H_vs_5S"] == "5H lower" and cut_key(Card.parse("5H")) < cut_key(Card.parse("5S"))
    assert min(pack, key=cut_key) == Card.parse(ex["lowest_possible_cut"])
    # the lowest cut deals the first deal of the rubber (Law 19)
    state = _game("auction-bridge").new_initial_state()
    state.apply(Draw(tuple(Card.parse(c) for c in ("KS", "AS", "2H", "AH"))))
    assert state.dealer == Seat.WEST
    assert cut_order([Card.parse(c) for c in ("KS", "AS", "2H", "AH")]) == [3, 1, 2, 0]


def test_parse_errors_name_the_text() -> None:
    for bad in ("8H", "0NT", "2XY", "make Q", ""):
        with pytest.raises(ParseError, match="not a call"):
            OldCall.parse(bad)
