"""The laws of straight bridge (B-1 to B-18) in laws mode, and the American Laws of 1913 (14-39) as
pure functions; the law examples of hoyle-bridge-examples.json; random rubbers with injected
irregularities.

Seats: the dealer Z at S, A = W, Y = N, B = E (the hands of the document's bridge deal 1)."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardroom.bots.oldbridge import OldBridgeBot
from cardroom.core.cards import Card, cards_of_mask
from cardroom.core.deal import Deal
from cardroom.core.errors import CardroomError, IllegalAction
from cardroom.core.game import CHANCE
from cardroom.core.laws import Irregular, RulingChoice
from cardroom.core.table import Seat, Side
from cardroom.games.bridge.scoring import Entry
from cardroom.games.oldbridge.calls import DOUBLE, LEAVE, PASS, REDOUBLE, OldCall
from cardroom.games.oldbridge.game import StraightBridge
from cardroom.games.oldbridge.laws import (
    AMERICAN_TABLE,
    STRAIGHT_TABLE,
    DealFault,
    cut_is_valid,
    cut_of,
    cutting_out,
    legal_cut_sizes,
    misdeal_redealer,
    new_deal_compulsory,
    nullo_revoke_options,
    pack_incorrect,
    partnerships,
    revoke_penalty,
)
from cardroom.games.oldbridge.rubber import OldRubberState, OldSheet
from cardroom.games.oldbridge.rules import PHASE_DOUBLING, PHASE_OVER, PHASE_PLAY, OldDealResult, StraightDeal
from cardroom.games.oldbridge.scoring import StraightMake
from cardroom.games.oldbridge.variants import StraightRules
from cardroom.records.registry import read_record, write_record

VECTORS = {v["id"]: v for v in json.loads((Path(__file__).resolve().parents[2] / "shared" / "rules" /
                                           "hoyle-bridge-examples.json").read_text(encoding="utf-8"))}
HANDS = VECTORS["bridge-deal-1-dealer-no-trumps"]["data"]["hands"]
SEAT = {"Z": Seat.SOUTH, "A": Seat.WEST, "Y": Seat.NORTH, "B": Seat.EAST}
S, W, N, E = Seat.SOUTH, Seat.WEST, Seat.NORTH, Seat.EAST


def _deal(**options: Any) -> StraightDeal:
    deal = StraightBridge(laws=True, **options).new_deal(S)
    hands = [0, 0, 0, 0]
    for letter, cards in HANDS.items():
        for c in cards:
            hands[SEAT[letter]] |= 1 << Card.parse(c)
    deal.apply(Deal(tuple(hands)))
    return deal


def _do(deal: StraightDeal, *texts: str) -> None:
    for t in texts:
        deal.apply(deal.parse_action(t))


def _options(deal: StraightDeal) -> list[str]:
    return [a.option for a in deal.legal_actions() if isinstance(a, RulingChoice)]


def _finish(deal: StraightDeal) -> None:
    while not deal.is_over:
        deal.apply(deal.legal_actions()[0])


# ---------------------------------------------------------------- the make (B-1 to B-3, B-10)
def test_b1_partner_makes_unasked() -> None:
    deal = _deal()
    _do(deal, "!N make H")
    assert deal.to_act == W and _options(deal) == ["stands", "new-deal"]
    assert deal.view(E).to_dict()["laws"]["ruling"]["law"] == "B-1"
    copy = deal.clone()
    _do(deal, "ruling B-1 stands")
    make = deal.contract_of()
    assert make is not None and make.maker == N and make.trump == 2 and deal.phase == PHASE_DOUBLING
    assert deal.to_act == W
    _do(copy, "ruling B-1 new-deal")
    assert copy.is_over and copy.result().void and copy.result().entries == ()


def test_b2_partner_passes_the_make_back() -> None:
    deal = _deal()
    _do(deal, "leave")
    with pytest.raises(IllegalAction, match="B-2"):
        deal.apply(LEAVE)  # out of laws: refused
    _do(deal, "!N leave")
    assert deal.to_act == W and _options(deal) == ["new-deal", "offender-makes"]
    _do(deal, "ruling B-2 offender-makes")
    assert deal.to_act == N and LEAVE not in deal.legal_actions()


def test_b3_an_opponent_names_a_trump() -> None:
    deal = _deal()
    _do(deal, "!W make NT")
    assert deal.to_act == S and _options(deal) == ["new-deal", "waive"]
    _do(deal, "ruling B-3 waive")
    assert deal.to_act == S and deal.make_trump is None  # as if nothing was said


def test_b10_a_card_exposed_before_the_make() -> None:
    deal = _deal()
    _do(deal, "!S expose AS")
    assert deal.to_act == W and _options(deal) == ["new-deal", "waive"]
    _do(deal, "ruling B-10 waive")
    ace = Card.parse("AS")
    for seat in Seat:  # face up: every seat sees it, and the views show it
        assert deal.visible_mask(seat) >> ace & 1
        assert deal.view(seat).shown_mask() >> ace & 1


# ---------------------------------------------------------------- doubling (B-4 to B-8, B-11, B-12)
def test_b4_pone_doubles_before_being_asked() -> None:
    deal = _deal()
    _do(deal, "make NT", "!E X")
    assert deal.to_act == S and _options(deal) == ["stands", "cancel"]
    copy = deal.clone()
    _do(deal, "ruling B-4 stands")
    assert deal.doubling == 1 and deal.to_act == S and REDOUBLE in deal.legal_actions()  # may be redoubled
    _do(copy, "ruling B-4 cancel")
    assert copy.doubling == 0 and copy.to_act == W


def test_b5_redouble_out_of_turn() -> None:
    deal = _deal()
    _do(deal, "make H", "X")  # W doubles; the maker S is to redouble or pass
    assert deal.to_act == S
    _do(deal, "!N XX")
    assert deal.to_act == W and _options(deal) == ["stands", "cancel"]  # the player redoubled decides
    copy = deal.clone()
    _do(deal, "ruling B-5 stands")
    assert deal.doubling == 2 and deal.to_act == W  # the first doubler may double again
    _do(copy, "ruling B-5 cancel")
    assert copy.doubling == 1 and copy.to_act == S


def test_b7_eldest_leads_without_asking() -> None:
    deal = _deal()
    _do(deal, "make H", "!W 7D")
    assert deal.to_act == S and _options(deal) == ["consent", "refuse"]
    copy = deal.clone()
    _do(deal, "ruling B-7 consent")
    assert deal.to_act == E and set(deal.legal_actions()) == {PASS, DOUBLE}
    _do(deal, "pass")
    assert deal.phase == PHASE_PLAY and deal.trick == [Card.parse("7D")] and deal.to_act == S  # dummy N to play
    _do(copy, "ruling B-7 refuse")
    assert copy.phase == PHASE_PLAY and copy.trick == [Card.parse("7D")] and copy.doubling == 0


def test_b8_pone_asks_the_eldest_hand() -> None:
    deal = _deal()
    _do(deal, "make H", "!E ask")
    assert deal.to_act == W and set(deal.legal_actions()) == {PASS, DOUBLE}  # A keeps his right to double
    assert deal.director is not None and deal.director.irregularities[-1].kind == "pone-asks"


def test_b11_b12_pone_exposes_a_card_before_the_lead() -> None:
    deal = _deal()
    _do(deal, "make H", "!E expose JD")
    assert deal.to_act == S and _options(deal) == ["exposed", "forbid-suit"]
    copy = deal.clone()
    _do(deal, "ruling B-12 forbid-suit")
    assert deal.legal_actions() == [PASS]  # B-11: W lost the right to double
    with pytest.raises(IllegalAction, match="B-11"):
        deal.apply(DOUBLE)
    _do(deal, "pass", "pass")
    assert deal.to_act == W
    assert all(c.suit != 1 for c in deal.legal_actions())  # no diamond lead
    _do(copy, "ruling B-12 exposed", "pass", "pass", "7D", "3D")
    assert copy.legal_actions() == [Card.parse("JD")]  # the exposed card at the first legal opportunity


# ---------------------------------------------------------------- the play (B-9, B-15, B-16)
def test_b9_revoke_three_tricks_and_dummy_cannot_revoke() -> None:
    deal = _deal()
    _do(deal, "make NT", "pass", "pass", "7D")
    with pytest.raises(IllegalAction, match="dummy cannot revoke"):
        deal.apply(deal.parse_action("!N 2C"))
    _do(deal, "3D")
    with pytest.raises(IllegalAction, match="must follow suit"):
        deal.apply(Card.parse("2S"))  # a plain card still must follow suit
    _do(deal, "!E 2S")  # E holds JD 6D: a revoke
    assert deal.director is not None and deal.director.revokes == [(Side.EW, 1)]
    _finish(deal)
    res = deal.result()
    assert res.revokes == (Side.EW,)
    plain = [0, 0]
    for t in deal.tricks:
        plain[t.winner.side] += 1
    moved = min(3, plain[Side.EW])
    ns = plain[Side.NS] + moved
    tricks = [e for e in res.entries if e.kind == "tricks"]
    assert tricks == ([Entry(Side.NS, (ns - 6) * 12, True, "tricks")] if ns > 6 else
                      [Entry(Side.EW, (13 - ns - 6) * 12, True, "tricks")])


def test_b9_england_the_non_offenders_choose() -> None:
    deal = _deal(revoke_penalty="england")
    _do(deal, "make NT", "pass", "pass", "7D", "3D", "!E 2S")
    _finish_to_ruling(deal)
    assert not deal.is_over and deal.to_act == S  # the dealer's side chooses
    assert _options(deal) == ["tricks", "points-deduct", "points-add"]
    copy = deal.clone()
    _do(deal, "ruling B-9 points-add")
    assert deal.is_over
    assert Entry(Side.NS, 36, False, "revoke") in deal.result().entries
    _do(copy, "ruling B-9 points-deduct")
    assert Entry(Side.EW, -36, False, "revoke") in copy.result().entries


def _finish_to_ruling(deal: StraightDeal) -> None:
    while deal.director is not None and deal.director.pending is None and not deal.is_over:
        deal.apply(deal.legal_actions()[0])


def test_b15_lead_out_of_turn_by_an_opponent() -> None:
    deal = _deal()
    _do(deal, "make NT", "pass", "pass")
    assert deal.to_act == W
    _do(deal, "!E 5S")
    assert deal.to_act == S and "require-H" in _options(deal) and "exposed" in _options(deal)
    copy = deal.clone()
    _do(deal, "ruling B-15 require-H")
    assert deal.to_act == W and {c.suit for c in deal.legal_actions()} == {2}  # W must lead a heart
    _do(copy, "ruling B-15 exposed", "7D", "3D")
    assert copy.legal_actions() == [Card.parse("6D"), Card.parse("JD")]  # following suit comes first
    _do(copy, "JD", "KD")  # S wins; E's 5S is still exposed, to be played at the first legal opportunity
    assert copy.view(W).shown_mask() >> Card.parse("5S") & 1


def test_b16_the_dealer_leads_from_the_wrong_hand() -> None:
    deal = _deal()
    _do(deal, "make NT", "pass", "pass", "7D", "3D", "JD", "KD")  # S wins trick 1
    assert deal.leader == S and deal.to_act == S
    _do(deal, "!N 2C")  # from dummy instead of his own hand: no penalty, the lead stands
    assert deal.tricks and deal.trick == [Card.parse("2C")] and deal.leader == N


def test_irregular_actions_are_refused_clearly_outside_laws_mode_and_when_meaningless() -> None:
    plain = StraightBridge().new_deal(S)
    plain.play_chance(random.Random(1))
    with pytest.raises(IllegalAction):
        plain.apply(Irregular(int(N), "make H"))
    deal = _deal()
    before = deal.snapshot()
    for text in ("!S make H", "!W X", "!N 7D", "ruling B-1 stands", "!E expose AS"):
        with pytest.raises((IllegalAction, CardroomError)):
            deal.apply(deal.parse_action(text))
        assert deal.snapshot() == before


# ---------------------------------------------------------------- the vectors' law examples
def test_bridge_revoke_limits() -> None:
    v = VECTORS["bridge-revoke-limits"]
    data, exp = v["data"], v["expected"]
    out = revoke_penalty((9, 4), [Side.NS], 12, "tricks", data["game_target"])
    assert out.won == (6, 7)  # three tricks from the offenders
    assert out.game_cap[Side.NS] == exp["revoking_side_max_score_toward_game_this_hand"] == 28
    assert out.slam_allowed == (False, False)
    out = revoke_penalty((12, 1), [Side.EW], 8, "tricks")
    assert out.won == (13, 0) and out.slam_allowed == (True, False)  # NS's own 12 tricks
    assert not revoke_penalty((10, 3), [Side.EW], 8, "tricks").slam_allowed[Side.NS]  # 13 only with penalty
    # England's three ways
    assert len(exp["england_options"]) == 3
    assert revoke_penalty((7, 6), [Side.EW], 8, "points-deduct").points_deducted == (0, 24)
    assert revoke_penalty((7, 6), [Side.EW], 8, "points-add").points_added == (24, 0)
    # the sheet: a revoking side scores at most 28 toward game in that deal
    sheet = OldSheet.for_rules(StraightRules())
    make = StraightMake(4, S, S, 0)
    res = OldDealResult("straight", S, (0, 0, 0, 0), (), make, (10, 3), (),
                        (Entry(Side.NS, 48, True, "tricks"),), False, (int(Side.NS),))
    sheet.add(res)
    assert sheet.below[Side.NS] == 28 and sheet.games == []
    assert STRAIGHT_TABLE.law("B-9").option("tricks")


def test_nullo_revoke() -> None:
    exp = VECTORS["nullo-revoke"]["expected"]
    assert len(exp["defender_revokes"]) == 2
    assert nullo_revoke_options(by_declarer=False) == ["give-three-tricks", "100-in-honours"]
    assert nullo_revoke_options(by_declarer=True) == ["100-penalty"]


def test_american_laws_cut_size() -> None:
    exp = VECTORS["american-laws-cut-size"]["expected"]
    assert exp["legal_cut_positions"].startswith("top packet size 4..48")
    assert list(legal_cut_sizes()) == list(range(4, 49))
    assert cut_is_valid(4) and cut_is_valid(48) and not cut_is_valid(3) and not cut_is_valid(49)


def test_american_laws_cutting_tables_and_new_deals() -> None:
    c = [Card.parse(x) for x in ("KS", "AS", "2H", "AH")]
    low, high, dealer = partnerships(c)
    assert low == (3, 1) and high == (2, 0) and dealer == 3  # Law 19
    assert cut_of([Card.parse("3C"), Card.parse("9D")]) == Card.parse("9D")  # Law 16: the highest counts
    assert cutting_out([3, 5, 5, 2, 1], [Card.parse(x) for x in ("2C", "KH", "QS", "3D", "4D")], 1) == [1]  # Law 21
    assert new_deal_compulsory(DealFault(more_than_thirteen=True))  # 37(d)
    assert new_deal_compulsory(DealFault(uncut_or_out_of_turn_or_wrong_pack=True, attention_in_time=True))
    assert not new_deal_compulsory(DealFault(uncut_or_out_of_turn_or_wrong_pack=True))  # Law 38: stands
    assert misdeal_redealer(2) == 2  # Law 36
    assert not pack_incorrect(missing_found_elsewhere=True)  # Law 39
    assert {law.number for law in AMERICAN_TABLE} >= {"14", "16", "19", "32", "36", "37", "38", "39"}
    assert [law.number for law in STRAIGHT_TABLE] == [f"B-{i}" for i in range(1, 19)]


def test_a_new_deal_is_dealt_by_the_same_dealer_and_records_keep_rulings() -> None:
    state = StraightBridge(laws=True).new_initial_state()
    rng = random.Random(3)
    state.play_chance(rng)
    state.play_chance(rng)
    assert state.deal is not None
    dealer = state.deal.dealer
    state.apply(state.parse_action(f"!{dealer.partner.letter} make NT"))
    state.apply(state.parse_action("ruling B-1 new-deal"))
    assert state.results[-1].void and state.deal.dealer == dealer
    text = write_record(state)
    assert '"ruling B-1 new-deal"' in text and f'"!{dealer.partner.letter} make NT"' in text
    back = read_record(text)
    assert back.snapshot() == state.snapshot()


# ---------------------------------------------------------------- random irregularities
def _candidates(state: OldRubberState, rng: random.Random) -> list[str]:
    deal = state.deal
    assert deal is not None
    out = []
    for seat in Seat:
        hand = cards_of_mask(deal.hands[seat])
        card = str(rng.choice(hand)) if hand else "AS"
        out += [f"!{seat.letter} make {rng.choice('CDHS')}", f"!{seat.letter} leave", f"!{seat.letter} X",
                f"!{seat.letter} XX", f"!{seat.letter} ask", f"!{seat.letter} expose {card}",
                f"!{seat.letter} {card}"]
    rng.shuffle(out)
    return out


@settings(max_examples=10)
@given(st.integers(0, 10**6), st.sampled_from(["tricks", "england"]))
def test_random_rubbers_with_irregularities(seed: int, how: str) -> None:
    game = StraightBridge(laws=True, revoke_penalty=how)
    state = game.new_initial_state()
    rng = random.Random(seed)
    bots = [OldBridgeBot(seed + i) for i in range(4)]
    irregular = 0
    while not state.is_over:
        if state.to_act == CHANCE:
            if len(state.results) >= 30:
                state.abandon()
                break
            state.play_chance(rng)
            continue
        if rng.random() < 0.08 and state.deal is not None:
            for text in _candidates(state, rng)[:6]:
                before = state.snapshot()
                try:
                    state.apply(state.parse_action(text))
                except (IllegalAction, CardroomError):
                    assert state.snapshot() == before
                    continue
                irregular += 1
                break
            if state.is_over:
                break
            continue
        seat = state.to_act
        assert seat is not None
        for s in range(4):
            assert state.view(s).shown_mask() & ~state.visible_mask(s) == 0
        action = bots[seat].choose(state.view(seat))
        assert action in state.legal_actions()
        state.apply(action)
    assert state.sheet_dict() == state.recomputed_sheet_dict()
    again = game.replay(state.history)
    if state.abandoned:
        again.abandon()
    assert again.snapshot() == state.snapshot()
    back = read_record(write_record(state))
    assert back.snapshot() == state.snapshot()


def test_the_bot_picks_the_option_good_for_its_side() -> None:
    deal = _deal()
    _do(deal, "make NT", "!E X")  # B-4: the maker (S) cancels the pone's premature double
    seat = deal.to_act
    assert seat == S
    choice = OldBridgeBot(1).choose(deal.view(seat))
    assert choice == RulingChoice("B-4", "cancel")
    deal = _deal()
    _do(deal, "!N make NT")  # B-1: a strong make unasked: the opponents deal again
    assert OldBridgeBot(1).choose(deal.view(W)) == RulingChoice("B-1", "new-deal")
    deal = _deal()
    _do(deal, "make H", "X", "!N XX")  # B-5
    assert OldBridgeBot(1).choose(deal.view(W)) == RulingChoice("B-5", "cancel")
    assert deal.phase != PHASE_OVER


def _bots_finish(deal: StraightDeal, bots: list[OldBridgeBot]) -> None:
    while not deal.is_over:
        seat = deal.to_act
        assert seat is not None
        deal.apply(bots[seat].choose(deal.view(seat)))


@settings(max_examples=25)
@given(st.integers(0, 10**6), st.sampled_from(["B-3", "B-4", "B-5"]))
def test_the_non_offenders_are_never_worse_off_with_the_bots_choice(seed: int, law: str) -> None:
    """With the option the bot picks, the non-offending side scores at least what it would have scored
    had there been no irregularity (the same bots playing the same cards)."""
    game = StraightBridge(laws=True)
    bots = [OldBridgeBot(seed + i) for i in range(4)]
    base = game.new_deal(S)
    base.play_chance(random.Random(seed))
    twin = base.clone()
    # the irregular action, at the point where the law applies
    offender_side: Side
    if law == "B-3":
        base.apply(base.parse_action("!E make NT"))
        offender_side = Side.EW
    else:
        base.apply(bots[S].choose(base.view(S)))
        twin.apply(twin.legal_actions()[twin.legal_actions().index(base.calls[-1][1])])
        if base.phase != PHASE_DOUBLING:
            return
        if law == "B-4":
            base.apply(base.parse_action("!E X"))
            offender_side = Side.EW
        else:
            base.apply(bots[W].choose(base.view(W)))  # the eldest hand doubles or asks
            twin.apply(base.calls[-1][1])
            if base.doubling != 1 or base.to_act != base.maker:
                return
            partner = base.maker.partner if base.maker is not None else N
            base.apply(base.parse_action(f"!{partner.letter} XX"))
            offender_side = Side.NS
    seat = base.to_act
    assert seat is not None
    choice = bots[seat].choose(base.view(seat))
    base.apply(choice)
    if base.is_over:  # a new deal: nothing scored by anyone
        assert base.result().void
        return
    _bots_finish(base, bots)
    _bots_finish(twin, bots)
    innocent = offender_side.other

    def score(deal: StraightDeal) -> int:
        return sum(e.points for e in deal.result().entries if e.side == innocent) - \
            sum(e.points for e in deal.result().entries if e.side == offender_side)

    assert score(base) >= score(twin)


# ---------------------------------------------------------------- auction bridge: revokes (laws mode)
def _auction(index: str, calls: list[str], **options: Any) -> Any:
    from cardroom.games.oldbridge.game import AuctionBridge

    data = VECTORS[index]["data"]
    deal = AuctionBridge(laws=True, **options).new_deal(S)
    hands = [0, 0, 0, 0]
    for letter, cards in data["hands"].items():
        for c in cards:
            hands[SEAT[letter]] |= 1 << Card.parse(c)
    deal.apply(Deal(tuple(hands)))
    for c in calls:
        deal.apply(OldCall.parse(c))
    return deal


def _finish_auction(deal: Any) -> None:
    while deal.director.pending is None and not deal.is_over:
        deal.apply(deal.legal_actions()[0])


NULLO_CALLS = ["1S", "pass", "2 nullo", "pass", "pass", "pass"]


def test_nullo_revoke_by_the_defenders_through_the_engine() -> None:
    """«Если противники нулло совершают ревок, разыгрывающий может отдать им три свои взятки или взять 100
    очков в оннерах»."""
    deal = _auction("auction-deal-2-nullo", NULLO_CALLS, nullo=True)
    _do(deal, "JD", "9D")  # B leads JD, Z (dummy) plays 9D
    _do(deal, "!W 5S")  # A holds AD KD 10D 7D: a revoke
    _finish_auction(deal)
    assert not deal.is_over and deal.to_act == N  # the nullo declarer Y chooses
    assert _options(deal) == ["give-three-tricks", "100-in-honours"]
    give, hundred = deal.clone(), deal.clone()
    _do(give, "ruling N-REV give-three-tricks")
    _do(hundred, "ruling N-REV 100-in-honours")
    ns = deal.won[Side.NS]
    res = give.result()
    after = max(0, ns - 3)
    tricks = next(e for e in res.entries if e.kind in ("tricks", "undertricks"))
    if after <= 5:  # 2 nullo: the declarer may take at most 5
        assert tricks == Entry(Side.NS, (7 - after) * 10, True, "tricks")
    assert Entry(Side.NS, 100, False, "revoke") in hundred.result().entries
    assert OldBridgeBot(1).choose(deal.view(N)) in (RulingChoice("N-REV", "give-three-tricks"),
                                                     RulingChoice("N-REV", "100-in-honours"))


def test_nullo_revoke_by_the_declarer_costs_100() -> None:
    """«Если он совершает ревок, они берут штраф в 100 очков, как обычно»."""
    deal = _auction("auction-deal-2-nullo", NULLO_CALLS, nullo=True)
    _do(deal, "JD")
    with pytest.raises(IllegalAction, match="dummy cannot revoke"):
        deal.apply(deal.parse_action("!S 2H"))  # Z, the dummy, holds 9D 5D 3D
    _do(deal, "9D", "AD")
    _do(deal, "!N 2S")  # Y holds QD 6D 4D 2D
    _finish_auction(deal)
    assert deal.is_over  # automatic
    assert Entry(Side.EW, 100, False, "revoke") in deal.result().entries


def test_auction_revoke_as_usual() -> None:
    deal = _auction("auction-deal-1-two-no-trumps",
                    ["1H", "1RS", "2C", "2RS", "pass", "pass", "2NT", "pass", "pass", "pass"])
    _do(deal, "9S", "2C")  # B leads 9S, Z (dummy) discards
    _do(deal, "!W 4C")  # A holds AS KS QS 7S 5S: a revoke
    _finish_auction(deal)
    assert deal.to_act in (N, S) and _options(deal) == ["three-tricks", "100-in-honours"]
    before = deal.won[Side.NS]
    _do(deal, "ruling A-REV three-tricks")
    res = deal.result()
    after = min(13, before + 3)
    tricks = next(e for e in res.entries if e.kind in ("tricks", "undertricks"))
    assert tricks == (Entry(Side.NS, (after - 6) * 10, True, "tricks") if after >= 8
                      else Entry(Side.EW, (8 - after) * 50, False, "undertricks"))
    assert res.revokes == (Side.EW,)


@settings(max_examples=8)
@given(st.integers(0, 10**6))
def test_random_auction_rubbers_with_revokes(seed: int) -> None:
    from cardroom.games.oldbridge.game import AuctionBridge

    game = AuctionBridge(laws=True, nullo=True)
    state = game.new_initial_state()
    rng = random.Random(seed)
    bots = [OldBridgeBot(seed + i) for i in range(4)]
    while not state.is_over:
        if state.to_act == CHANCE:
            if len(state.results) >= 25:
                state.abandon()
                break
            state.play_chance(rng)
            continue
        deal = state.deal
        assert deal is not None
        if rng.random() < 0.1 and deal.phase == PHASE_PLAY and deal.trick:
            seat = deal.next_seat
            for c in cards_of_mask(deal.hands[seat]):
                try:
                    state.apply(state.parse_action(f"!{seat.letter} {c}"))
                    break
                except IllegalAction:
                    continue
            continue
        seat_to = state.to_act
        assert seat_to is not None
        state.apply(bots[seat_to].choose(state.view(seat_to)))
    assert state.sheet_dict() == state.recomputed_sheet_dict()
    again = game.replay(state.history)
    if state.abandoned:
        again.abandon()
    assert again.snapshot() == state.snapshot()
    assert read_record(write_record(state)).snapshot() == state.snapshot()
