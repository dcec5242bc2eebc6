"""The rule-based bridge player: its bidding system, its card play, legality and sanity over many deals."""

from __future__ import annotations

import random
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardroom.bots.bridge import BridgeBot, hand_eval
from cardroom.core.cards import Card
from cardroom.core.deal import Deal, parse_hand
from cardroom.core.table import Seat
from cardroom.games import load
from cardroom.games.bridge.calls import Call
from cardroom.games.bridge.game import ContractBridge
from cardroom.games.bridge.rules import BridgeDeal

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST
NT_GAME = ["1NT", "Pass", "3NT", "Pass", "Pass", "Pass"]  # dealer South: 3NT by South, West leads
FOUR_SPADES = ["1S", "Pass", "4S", "Pass", "Pass", "Pass"]  # dealer South: 4S by South, West leads


def _game() -> ContractBridge:
    g = load("bridge")
    assert isinstance(g, ContractBridge)
    return g


def position(hands: dict[Seat, str], dealer: Seat, calls: list[str], cards: tuple[str, ...] = ()) -> BridgeDeal:
    """A deal with the given hands (PBN, all four), the calls and the cards played so far."""
    d = _game().new_deal(dealer=dealer)
    d.apply(Deal(tuple(parse_hand(hands[s]) for s in Seat)))
    for c in calls:
        d.apply(Call.parse(c))
    for c in cards:
        d.apply(Card.parse(c))
    return d


def bid_for(hand: str, seat: Seat, dealer: Seat, calls: list[str]) -> Call:
    """The bot's call for ``seat`` holding ``hand`` after ``calls`` (the other hands do not matter)."""
    mask = parse_hand(hand)
    rest = [c for c in range(52) if not mask >> c & 1]
    random.Random(1).shuffle(rest)
    hands = []
    for s in Seat:
        if s == seat:
            hands.append(mask)
        else:
            m = 0
            for card in rest[:13]:
                m |= 1 << card
            rest = rest[13:]
            hands.append(m)
    d = _game().new_deal(dealer=dealer)
    d.apply(Deal(tuple(hands)))
    for c in calls:
        d.apply(Call.parse(c))
    assert d.to_act == seat
    action = BridgeBot(0).choose(d.view(seat))
    assert isinstance(action, Call)
    return action


def act(d: BridgeDeal) -> Card | Call:
    to_act = d.to_act
    assert to_act is not None and to_act >= 0
    return BridgeBot(0).choose(d.view(to_act))


def auction_by_bots(hands: dict[Seat, str], dealer: Seat) -> BridgeDeal:
    d = position(hands, dealer, [])
    bots = [BridgeBot(i) for i in range(4)]
    while d.phase == 1:
        seat = d.to_act
        assert seat is not None
        d.apply(bots[seat].choose(d.view(seat)))
    return d


# ===================================================================== hand evaluation
def test_hand_evaluation() -> None:
    h = hand_eval(parse_hand("AKQ.T98.765.4321"[:-1]))  # 4-3-2-1 counts: A K Q = 9
    assert h.hcp == 9
    h = hand_eval(parse_hand("AQ4.KQ3.Q976.K32"))
    assert h.hcp == 16 and h.balanced
    h = hand_eval(parse_hand("AKJ852.K93.Q52.8"))
    assert h.length_points == 2 and not h.balanced and h.points == h.hcp + 2


# ===================================================================== openings
def test_opens_1nt_with_a_balanced_16_count() -> None:
    assert str(bid_for("AQ4.KQ3.Q976.K32", N, N, [])) == "1NT"


def test_passes_with_8_points() -> None:
    assert bid_for("K874.Q93.J52.Q84", N, N, []) == Call.parse("Pass")


def test_opens_a_five_card_major() -> None:
    assert str(bid_for("AKJ85.K93.Q52.84", N, N, [])) == "1S"


def test_opens_the_better_minor_without_a_five_card_major() -> None:
    assert str(bid_for("AK85.K932.Q52.84", N, N, [])) == "1D"
    assert str(bid_for("AK85.K932.52.Q84", N, N, [])) == "1C"


def test_opens_2c_with_22_or_more() -> None:
    assert str(bid_for("AKQ5.AK3.KQ52.A4", N, N, [])) == "2C"


def test_opens_2nt_with_20_balanced() -> None:
    assert str(bid_for("AKQ5.AJ3.KQ52.Q4", N, N, [])) == "2NT"


def test_weak_two_with_six_good_cards_and_few_points() -> None:
    assert str(bid_for("KQJ965.93.852.84", N, N, [])) == "2S"


# ===================================================================== responses and rebids
def test_raises_partners_1h_to_2h_with_three_trumps_and_8_points() -> None:
    assert str(bid_for("K74.Q93.K852.863", S, N, ["1H", "Pass"])) == "2H"


def test_limit_raise_with_11_support_points() -> None:
    assert str(bid_for("K74.Q93.K852.A63", S, N, ["1H", "Pass"])) == "3H"


def test_responds_1nt_with_6_to_10_and_no_fit() -> None:
    assert str(bid_for("74.KQ3.K852.J863", S, N, ["1S", "Pass"])) == "1NT"


def test_new_suit_response_at_the_one_level() -> None:
    assert str(bid_for("KJ74.Q93.852.K63", S, N, ["1D", "Pass"])) == "1S"


def test_two_over_one_with_opening_values() -> None:
    assert str(bid_for("74.K93.AQ2.KJ863", S, N, ["1S", "Pass"])) == "2C"


def test_stayman_with_a_four_card_major_and_invitational_values() -> None:
    assert str(bid_for("KJ74.Q93.852.K63", S, N, ["1NT", "Pass"])) == "2C"


def test_opener_answers_stayman() -> None:
    assert str(bid_for("AQ4.KQ73.Q97.K32", N, N, ["1NT", "Pass", "2C", "Pass"])) == "2H"
    assert str(bid_for("AQ4.KQ3.Q976.K32", N, N, ["1NT", "Pass", "2C", "Pass"])) == "2D"


def test_3nt_over_1nt_with_game_values() -> None:
    assert str(bid_for("K74.Q93.K852.Q63", S, N, ["1NT", "Pass"])) == "3NT"


def test_opener_rebids_1nt_with_a_balanced_minimum() -> None:
    assert str(bid_for("K84.Q93.AJ5.KJ82", N, N, ["1C", "Pass", "1H", "Pass"])) == "1NT"


def test_opener_raises_responders_major_with_four_trumps() -> None:
    assert str(bid_for("K84.Q932.A5.KJ82", N, N, ["1C", "Pass", "1H", "Pass"])) == "2H"


def test_answers_blackwood_with_the_number_of_aces() -> None:
    assert str(bid_for("K874.Q93.AJ5.Q84", S, N, ["1S", "Pass", "3S", "Pass", "4NT", "Pass"])) == "5D"


# ===================================================================== competition
def test_overcalls_with_a_good_five_card_suit() -> None:
    assert str(bid_for("AQJ84.K93.852.63", S, E, ["1C"])) == "1S"


def test_takeout_double_with_shortness_in_their_suit() -> None:
    assert bid_for("AQ84.4.KJ52.QJ63", S, E, ["1H"]) == Call.parse("X")


def test_no_takeout_double_with_length_in_their_suit() -> None:
    assert bid_for("AQ8.K843.KJ5.Q63", S, E, ["1H"]) != Call.parse("X")


def test_penalty_double_when_the_opponents_are_overboard() -> None:
    # partner opened, they jumped to game in our trump-rich suit: we hold most of the points
    assert bid_for("KJ94.Q3.AJ52.K63", S, N, ["1H", "4S"]) == Call.parse("X")


def test_advances_partners_takeout_double_in_a_major() -> None:
    assert str(bid_for("874.K8632.52.963", S, W, ["1D", "X", "Pass"])) == "1H"


# ===================================================================== whole auctions
def test_reaches_game_with_25_points_and_a_fit() -> None:
    d = auction_by_bots({
        N: "AK852.K93.Q52.84",   # 12 + 1: opens 1S
        S: "QJ74.A4.K986.K63",   # 13 points with four spades
        E: "T3.QJ652.JT.QJ52",
        W: "96.T87.A743.AT97",
    }, N)
    assert d.contract is not None and d.contract.text == "4S" and d.contract.declarer == N


def test_reaches_3nt_with_25_points_and_no_fit() -> None:
    d = auction_by_bots({
        N: "AQ4.KQ3.Q976.K32",   # 16 balanced: 1NT
        S: "K76.J95.K852.QJ4",   # 10 balanced: 3NT
        E: "J852.A874.JT3.65",
        W: "T93.T62.A4.AT987",
    }, N)
    assert d.contract is not None and d.contract.text == "3NT"


def test_reaches_slam_with_33_points() -> None:
    d = auction_by_bots({
        N: "AQ4.KJ3.Q976.K32",   # 15 balanced: 1NT
        S: "K75.AQ4.AK52.AQ6",   # 22: 15 + 22 = 37 would be a grand; 33+ a slam at least
        E: "JT98.T987.JT3.J4",
        W: "632.652.84.T9875",
    }, N)
    assert d.contract is not None and d.contract.level >= 6 and d.contract.strain.letter == "NT"


def test_stops_in_a_part_score_without_game_values() -> None:
    d = auction_by_bots({
        N: "AK852.K93.Q52.84",   # 13: 1S
        S: "Q74.8652.K86.973",   # 5 and three trumps: not enough to raise
        E: "T3.QJ4.AJT9.QJ52",
        W: "J96.AT7.743.AKT6",
    }, N)
    assert d.contract is not None and d.contract.level <= 2


# ===================================================================== the play
DEAL_A = {N: "987.AQ4.Q765.K43", E: "63.J652.AT9.JT92", S: "AK4.K73.J42.AQ87", W: "QJT52.T98.K83.65"}


def test_opening_lead_top_of_a_sequence_in_no_trump() -> None:
    d = position(DEAL_A, S, NT_GAME)
    assert act(d) == Card.parse("QS")


def test_opening_lead_fourth_best_from_a_long_suit_in_no_trump() -> None:
    hands = {N: "Q7.AQ4.Q765.K943", E: "A653.J652.AT9.JT", S: "J9.K73.K832.AQ87", W: "KT842.T98.J4.652"}
    d = position(hands, S, NT_GAME)
    assert act(d) == Card.parse("4S")


def test_opening_lead_king_from_k_q_j_against_a_suit() -> None:
    hands = {N: "Q762.A32.QJ4.K32", E: "3.764.AK87.QT985", S: "AKJT95.T9.652.A4", W: "84.KQJ85.T93.J76"}
    d = position(hands, S, FOUR_SPADES)
    assert act(d) == Card.parse("KH")


def test_opening_lead_king_from_a_k_against_a_suit() -> None:
    hands = {N: "Q762.Q32.QJ4.K32", E: "3.J764.A87.QT985", S: "AKJT95.T9.652.A4", W: "84.AK85.KT93.J76"}
    d = position(hands, S, FOUR_SPADES)
    assert act(d) == Card.parse("KH")


def test_never_underleads_an_ace_against_a_suit_contract() -> None:
    hands = {N: "Q762.Q32.QJ4.K32", E: "3.KJ7.987.QT9854", S: "AKJT95.T9.652.A6", W: "84.A8654.AKT3.J7"}
    d = position(hands, S, FOUR_SPADES)
    card = act(d)
    assert card not in (Card.parse("8H"), Card.parse("6H"), Card.parse("5H"), Card.parse("4H"))
    assert card not in (Card.parse("3D"), Card.parse("TD"))


def test_second_hand_plays_low() -> None:
    d = position(DEAL_A, S, NT_GAME, ("QS", "7S", "6S", "KS", "2D"))
    assert d.to_act == W
    assert act(d) == Card.parse("3D")  # K-8-3 behind declarer's lead: low


DEAL_B = {N: "A54.932.KQJ2.A54", E: "J72.KQ4.9876.J32", S: "KQ3.AT7.A43.KQT6", W: "T986.J865.T5.987"}


def test_third_hand_plays_high_but_the_lower_of_touching_honours() -> None:
    d = position(DEAL_B, S, NT_GAME, ("5H", "2H"))
    assert d.to_act == E
    assert act(d) == Card.parse("QH")


def test_third_hand_finesses_against_dummy() -> None:
    hands = {N: "A54.K93.KQJ2.A54", E: "J72.AJ4.9876.J32", S: "KQ3.QT7.A43.KQT6", W: "T986.8652.T5.987"}
    d = position(hands, S, NT_GAME, ("5H", "3H"))
    assert act(d) == Card.parse("JH")  # A-J over dummy's king: the jack is as good as the ace


def test_fourth_hand_wins_as_cheaply_as_possible() -> None:
    d = position(DEAL_B, S, NT_GAME, ("5H", "2H", "4H"))
    assert d.to_act == S
    assert act(d) == Card.parse("7H")


DEAL_C = {N: "987.AQ4.765.K432", E: "63.J652.A9832.JT", S: "AK4.K73.QJT.AQ87", W: "QJT52.T98.K4.965"}


def test_covers_an_honour_with_an_honour() -> None:
    d = position(DEAL_C, S, NT_GAME, ("QS", "7S", "3S", "KS", "QD"))
    assert d.to_act == W
    assert act(d) == Card.parse("KD")


def test_does_not_cover_the_first_of_touching_honours_in_dummy() -> None:
    hands = {N: "987.AQ4.QJT.K432", E: "63.J652.K432.JT5", S: "AK4.K73.765.AQ87", W: "QJT52.T98.A98.96"}
    d = position(hands, S, NT_GAME, ("QS", "7S", "3S", "KS", "3H", "8H", "AH", "2H", "QD"))
    assert d.to_act == E
    assert act(d) == Card.parse("2D")


def test_declarer_takes_the_finesse() -> None:
    hands = {N: "A54.932.KQJ2.AQ3", E: "J72.KQ4.9876.J76", S: "KQ3.AT7.A43.T842", W: "T986.J865.T5.K95"}
    d = position(hands, S, NT_GAME, ("6S", "4S", "2S", "QS", "2C", "5C"))
    assert d.to_act == S and d.hand_to_play == N
    assert act(d) == Card.parse("QC")  # the queen from A-Q: the king may be on the left


def test_declarer_leads_towards_the_tenace() -> None:
    # eight top tricks: the ninth comes from the club finesse, so declarer leads a low club towards A-Q
    hands = {N: "654.A32.KQ72.AQ3", E: "72.T987.J65.J765", S: "AK3.654.A43.T842", W: "QJT98.KQJ.T98.K9"}
    d = position(hands, S, NT_GAME, ("QS", "4S", "2S", "KS"))
    assert d.to_act == S and d.hand_to_play == S
    assert act(d) in (Card.parse("2C"), Card.parse("4C"), Card.parse("8C"))
    d.apply(Card.parse("2C"))
    d.apply(Card.parse("9C"))
    assert act(d) == Card.parse("QC")


def test_declarer_holds_up_the_ace_in_no_trump() -> None:
    hands = {N: "75.Q32.QJT94.K62", E: "983.J765.876.QT9", S: "A62.AK4.K32.A543", W: "KQJT4.T98.A5.J87"}
    d = position(hands, S, NT_GAME, ("KS", "5S", "3S"))
    assert d.to_act == S
    assert act(d) == Card.parse("2S")


def test_declarer_wins_with_a_tenace_instead_of_holding_up() -> None:
    hands = {N: "75.Q32.QJT94.K62", E: "983.J765.876.QT9", S: "AQ2.AK4.K32.A543", W: "KJT64.T98.A5.J87"}
    d = position(hands, S, NT_GAME, ("6S", "5S", "3S"))
    assert act(d) == Card.parse("QS")


DEAL_TRUMPS = {N: "8762.Q32.QJ4.K32", E: "43.765.T987.JT98", S: "AKQJ5.A4.K32.A54", W: "T9.KJT98.A65.Q76"}


def test_declarer_draws_trumps() -> None:
    d = position(DEAL_TRUMPS, S, FOUR_SPADES, ("KH", "2H", "5H", "AH"))
    card = act(d)
    assert isinstance(card, Card) and card.suit.letter == "S"


def test_declarer_ruffs_a_loser_in_dummy() -> None:
    hands = {N: "987..AQJ32.K5432", E: "632.JT652.987.T9", S: "AKQJ5.743.K4.A76", W: "T4.AKQ98.T65.QJ8"}
    d = position(hands, S, FOUR_SPADES, ("QC", "2C", "9C", "AC"))
    assert act(d) == Card.parse("3H")


def test_dummy_ruffs_when_void() -> None:
    hands = {N: "987..AQJ32.K5432", E: "632.JT652.987.T9", S: "AKQJ5.743.K4.A76", W: "T4.AKQ98.T65.QJ8"}
    d = position(hands, S, FOUR_SPADES, ("QC", "2C", "9C", "AC", "3H", "8H"))
    card = act(d)
    assert isinstance(card, Card) and card.suit.letter == "S"


def test_discards_from_the_weakest_suit() -> None:
    hands = {N: "AQJ.KQT.AK.KQJ32", E: "K7.AJ3.98765432.", S: "T98.987.QJT.AT98", W: "65432.6542..7654"}
    d = position(hands, S, NT_GAME, ("4C", "2C"))
    assert d.to_act == E
    assert act(d) == Card.parse("2D")  # not the guard of the king, not the ace


def test_cashes_a_master_card_when_the_suit_is_established() -> None:
    d = position(DEAL_A, S, NT_GAME, ("QS", "7S", "6S", "KS", "AS", "2S", "8S", "3S", "4S", "JS", "9S", "2H"))
    assert d.to_act == W
    assert act(d) == Card.parse("TS")  # every other spade is gone: the ten is a master


# ===================================================================== legality, determinism, speed
def _play_deal(seed: int, bot_seed: int = 0) -> BridgeDeal:
    rng = random.Random(seed)
    dealer = Seat(rng.randrange(4))
    d = _game().new_deal(dealer=dealer)
    d.apply(Deal.random(rng, dealer.lho))
    bots = [BridgeBot(bot_seed + i) for i in range(4)]
    while not d.is_over:
        seat = d.to_act
        assert seat is not None and seat >= 0
        view = d.view(seat)
        action = bots[seat].choose(view)
        assert action in view.legal
        d.apply(action)
    return d


@settings(max_examples=100, deadline=None)
@given(st.integers(min_value=0, max_value=2**32 - 1))
def test_the_bot_always_returns_a_legal_action(seed: int) -> None:
    d = _play_deal(seed)
    assert d.is_over
    if d.contract is not None:
        assert len(d.tricks) == 13


def test_the_bot_is_deterministic_for_a_seed() -> None:
    for seed in (1, 2, 3):
        assert _play_deal(seed, 7).history == _play_deal(seed, 7).history


def test_the_bot_never_chooses_when_it_is_not_its_turn() -> None:
    d = position(DEAL_A, S, [])
    with pytest.raises(ValueError):
        BridgeBot().choose(d.view(N))


def test_bot_deals_reach_sensible_contracts_quickly() -> None:
    """Thirty seeded deals, bots in all four seats: the auctions must be sane and decisions fast.

    * a slam needs 28+ high-card points in the declaring side;
    * a five-level contract needs 23+ points or a nine-card fit; a game 19+ points or a nine-card fit;
    * a suit contract has at least six trumps between declarer and dummy;
    * no deal is passed out when a side holds 23+ points;
    * a side with 26+ points plays a game (or doubles the opponents) in at least three deals of four;
    * a decision takes well under 5 ms on average.
    """
    rng = random.Random(2024)
    g = _game()
    bots = [BridgeBot(i) for i in range(4)]
    decisions = 0
    elapsed = 0.0
    chances = games = 0
    for k in range(30):
        dealer = Seat(k % 4)
        d = g.new_deal(dealer=dealer)
        d.apply(Deal.random(rng, dealer.lho))
        while not d.is_over:
            seat = d.to_act
            assert seat is not None
            view = d.view(seat)
            t = time.perf_counter()
            action = bots[seat].choose(view)
            elapsed += time.perf_counter() - t
            decisions += 1
            d.apply(action)
        ev = [hand_eval(h) for h in d.original]
        side_hcp = (ev[0].hcp + ev[2].hcp, ev[1].hcp + ev[3].hcp)
        c = d.contract
        where = f"deal {k}: {' '.join(str(x) for x in d.calls)} with {side_hcp}"
        if c is None:
            assert max(side_hcp) < 23, where
            continue
        hcp = side_hcp[c.declarer.side]
        fit = ev[c.declarer].lens[c.strain] + ev[c.declarer.partner].lens[c.strain] if c.strain < 4 else 0
        game = (c.strain == 4 and c.level >= 3) or (2 <= c.strain < 4 and c.level >= 4) or c.level >= 5
        if c.level >= 6:
            assert hcp >= 28, where
        if c.level == 5:
            assert hcp >= 23 or fit >= 9, where
        if game:
            assert hcp >= 19 or fit >= 9, where
        if c.strain < 4:
            assert fit >= 6, where
        strong = [side for side in (0, 1) if side_hcp[side] >= 26]
        if strong:
            chances += 1
            if (c.declarer.side == strong[0] and game) or (c.declarer.side != strong[0] and c.doubling):
                games += 1
    assert chances == 0 or games * 4 >= chances * 3
    assert elapsed / decisions < 0.005


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_the_bot_answers_any_auction_a_careless_player_makes(seed: int) -> None:
    """Half the calls and cards random: the bidding system meets auctions it does not know (a 1NT
    overcall, a 7NT opening) and must still answer with a legal call, never an error."""
    rng = random.Random(seed)
    game = load("bridge")
    assert isinstance(game, ContractBridge)
    deal = game.new_deal()
    deal.apply(Deal.random(rng, first=Seat.EAST))
    bots = {s: BridgeBot(seed=int(s)) for s in Seat}
    while not deal.is_over:
        seat = deal.to_act
        assert isinstance(seat, Seat)
        if rng.random() < 0.5:
            action = rng.choice(list(deal.legal_actions()))
        else:
            action = bots[seat].choose(deal.view(seat))
            assert action in deal.legal_actions()
        deal.apply(action)
