"""The score keeper over the whole registry: every game listed is kept, and each variety refuses what its own
rules cannot hold (a doubling where it has none, a maker who may not make, a seat that does not bid, a pass-out
where the dealer must bid), the keeper left unchanged."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from cardroom.core.game import CHANCE
from cardroom.games import game_class, load, names
from cardroom.keeper import Keeper, KeeperError, parse_entry
from test_keeper import kept_as_played, played


def test_every_listed_game_is_kept() -> None:
    """Every game of the registry, every configuration it lists (laws mode too): a keeper is made for it and
    two deals played through the engine, re-entered as announced, give the played sheet."""
    listed = names()
    assert len(listed) >= 15
    for name in listed:
        cls = game_class(name)
        assert cls.keeper_fields(), name
        for options in cls.configurations():
            k = kept_as_played(played(name, 11, max_deals=2, **options))
            again = Keeper.from_json(json.loads(json.dumps(k.to_json())))
            assert again.sheet.to_dict() == k.sheet.to_dict()


def refused(k: Keeper, text: str) -> Any:
    """The reason ``text`` is refused for (the deal's own, inside the keeper's), the keeper unchanged."""
    before = json.dumps(k.to_json(), sort_keys=True)
    with pytest.raises(KeeperError) as e:
        k.add(parse_entry(k.game, text))
    assert json.dumps(k.to_json(), sort_keys=True) == before
    assert e.value.text("ru") != e.value.text("en")
    reason = e.value.reason
    assert reason is not None
    return reason.params.get("why", reason)


# ---------------------------------------------------------------- the straight varieties
@pytest.mark.parametrize("name", ["double-dummy", "draw-bridge", "royal-bridge", "short-bridge"])
def test_no_doubling_where_the_variety_has_none(name: str) -> None:
    k = Keeper(load(name))
    seat = k.match.new_deal().dealer.letter
    assert refused(k, f"contract=HX declarer={seat} tricks=8").key == "keeper.no_doubling"
    k.add(parse_entry(k.game, f"contract=H declarer={seat} tricks=8"))
    assert k.results[0].contract.doubling == 0


def test_cutthroat_doubling_to_the_limit() -> None:
    # the eldest hand doubles, the dealer redoubles, by turns while a club trick is worth less than 100
    # (4, 8, 16, 32, 64, then 128): five doublings, not six
    k = Keeper(load("cutthroat"))
    k.add(parse_entry(k.game, f"contract=CXXXXX declarer={k.match.new_deal().dealer.letter} tricks=7"))
    assert k.results[0].contract.doubling == 5
    assert refused(k, f"contract=CXXXXXX declarer={k.match.new_deal().dealer.letter} tricks=7").key == \
        "keeper.no_doubling"


def test_straight_doubling_limit_is_the_plays() -> None:
    # below-100: doubling goes on while a trick is worth less than 100 (no trumps 12, 24, 48, 96, then 192)
    k = Keeper(load("straight-bridge"))
    k.add(parse_entry(k.game, "contract=NTXXXX declarer=N tricks=7"))
    k2 = Keeper(load("straight-bridge"))
    assert refused(k2, "contract=NTXXXXX declarer=N tricks=7").key == "keeper.no_doubling"


@pytest.mark.parametrize("name", ["straight-bridge", "double-dummy", "royal-bridge", "cutthroat"])
def test_a_non_maker_is_refused(name: str) -> None:
    k = Keeper(load(name))
    dealer = k.match.new_deal().dealer
    why = refused(k, f"contract=S declarer={dealer.lho.letter} tricks=7")
    assert why.key == "keeper.not_maker" and why.params["dealer"] == dealer.letter
    k.add(parse_entry(k.game, f"contract=S declarer={dealer.partner.letter} tricks=7"))  # the dealer left it


def test_double_dummy_declares_for_himself() -> None:
    # dealer_for_himself="declares": the dealer may not leave the make to his dummy
    k = Keeper(load("double-dummy", dealer_for_himself="declares"))
    dealer = k.match.new_deal().dealer
    assert refused(k, f"contract=S declarer={dealer.partner.letter} tricks=7").key == "keeper.not_maker"
    k.add(parse_entry(k.game, f"contract=S declarer={dealer.letter} tricks=7"))


def test_royal_bridge_scorer_after_a_leave() -> None:
    # the dealer left it, his partner made: "maker" scores it to the partner, "dealer" to the dealer
    for scorer, who in (("dealer", 0), ("maker", 2)):
        k = Keeper(load("royal-bridge", scorer_after_pass=scorer))
        k.add(parse_entry(k.game, "contract=NT declarer=S tricks=9 honours=N3,S1"))  # N deals, S made
        totals = k.sheet.to_dict()["totals"]
        assert totals[str(who + 1)] > 0 and sum(1 for v in totals.values() if v) == 1


# ---------------------------------------------------------------- misery bridge
def test_misery_refusals() -> None:
    k = Keeper(load("misery-bridge"))
    assert refused(k, "contract=HX tricks=7").key == "keeper.no_doubling"
    assert refused(k, "contract=draw tricks=7").key == "keeper.bad_contract"
    why = refused(k, "contract=H tricks=7 honours=north2")
    assert why.key == "keeper.bad_role" and "болван" in why.text("ru") and "dummy" in why.text("en")
    assert refused(k, "contract=H tricks=14").key == "keeper.bad_tricks"
    with pytest.raises(KeeperError) as e:
        k.add(parse_entry(k.game, "contract=H declarer=S tricks=7"))
    assert e.value.key == "keeper.unknown_field"  # the dealer always declares
    k.add(parse_entry(k.game, "contract=8H tricks=8 honours=dealer3,dummy1"))
    k.add(parse_entry(k.game, "contract=misery tricks=1"))
    got = [(ln["player"], ln["kind"], ln["points"]) for ln in k.sheet.to_dict()["lines"]]
    assert ("1", "tricks", 2 * 8 * 2) in got  # eight tricks made: the two odd tricks at double value
    assert ("2", "misery", 5 * 6) in got  # misery: 5 a trick beyond six of the opponent's 12


# ---------------------------------------------------------------- three-handed auction
def test_three_handed_refusals() -> None:
    k = Keeper(load("three-handed-auction"))
    assert refused(k, "contract=1S declarer=W tricks=7").key == "keeper.bad_seat"  # the widow does not bid
    assert refused(k, "contract=1NULLO declarer=N tricks=7").key == "oldbridge.not_in_play"
    assert refused(k, "contract=1SXXX declarer=N tricks=7").key == "oldbridge.doubling_limit"
    assert refused(k, "contract=pass").key == "oldbridge.dealer_must_bid"
    with pytest.raises(KeeperError) as e:
        k.add(parse_entry(k.game, "contract=2H declarer=N tricks=8 chicane=E"))
    assert e.value.key == "keeper.unknown_field"  # the variety scores no chicane
    # honours by hand as dealt, the widow's at W going to the declarer
    k.add(parse_entry(k.game, "contract=2H declarer=N tricks=8 honours=N2,W2,E1"))
    lines = [(ln["player"], ln["kind"], ln["points"]) for ln in k.sheet.to_dict()["lines"]]
    assert ("N", "honours", 2 * 8 + 2 * 8) in lines and ("E", "honours", 8) in lines


def three_passes(name: str, seed: int, **options: Any) -> Any:
    """A match whose first deal every bidder passes out, then random play, through the engine."""
    state: Any = load(name, **options).new_initial_state()
    rng = random.Random(seed)
    while state.deal is None or state.to_act == CHANCE:
        state.play_chance(rng)
    state.first_dealer_played = int(state.dealer)
    while not state.results:
        state.apply(next(a for a in state.legal_actions() if str(a) == "Pass"))
    while len(state.results) < 4 and not state.is_over:
        if state.to_act == CHANCE:
            state.play_chance(rng)
        else:
            state.apply(rng.choice(list(state.legal_actions())))
    return state


@pytest.mark.parametrize("name", ["three-handed-auction", "auction-bridge"])
def test_passed_out_where_the_dealer_may_pass(name: str) -> None:
    state = three_passes(name, 4, dealer_must_bid=False)
    assert state.results[0].passed_out
    assert kept_as_played(state).results[0].passed_out
    assert refused(Keeper(load(name)), "contract=pass").key == "oldbridge.dealer_must_bid"


@pytest.mark.parametrize(("text", "key"), [("contract=H declarer=0 tricks=7", "keeper.bad_seat"),
                                         ("contract=H declarer=S tricks=7 honours=Q3", "keeper.bad_seat"),
                                         ("contract=H declarer=S tricks=7 honours=Sthree", "keeper.bad_value"),
                                         ("contract=H declarer=S tricks=7 chicane=X", "keeper.bad_seat")])
def test_a_seat_or_count_not_read_is_refused(text: str, key: str) -> None:
    k = Keeper(load("double-dummy"))  # the first player deals, at South
    assert refused(k, text).key == key


def bot_games() -> list[tuple[str, dict[str, Any]]]:
    return [(name, c) for name in names() if "rule" in game_class(name).bot_kinds()
            for c in game_class(name).configurations() if not c.get("laws")]


@pytest.mark.parametrize(("name", "options"), bot_games())
def test_keeper_sheet_equals_played_by_the_rule_bots(name: str, options: dict[str, Any]) -> None:
    kept_as_played(played(name, 2, 4, True, **options))


@pytest.mark.parametrize(("name", "refusing", "allowing", "text", "key"), [
    ("three-handed-auction", {"royal_spades": False}, {}, "contract=1RS declarer=N tricks=7", "oldbridge.not_in_play"),
    ("auction-bridge", {}, {"nullo": True}, "contract=1NULLO declarer=N tricks=7", "oldbridge.not_in_play"),
    ("auction-bridge", {"max_doublings": 1}, {}, "contract=2HXX declarer=N tricks=8", "oldbridge.doubling_limit"),
])
def test_auction_bids_the_table_does_not_play(name: str, refusing: dict[str, Any], allowing: dict[str, Any],
                                              text: str, key: str) -> None:
    assert refused(Keeper(load(name, **refusing)), text).key == key
    k = Keeper(load(name, **allowing))  # where the table plays it, it is kept
    k.add(parse_entry(k.game, text))
    assert k.results[0].contract is not None


def test_royal_bridge_ends_after_its_deals() -> None:
    k = Keeper(load("royal-bridge", deals=1))
    k.add(parse_entry(k.game, "contract=H declarer=N tricks=7"))
    assert k.sheet.is_over
    with pytest.raises(KeeperError) as e:
        k.add(parse_entry(k.game, "contract=H declarer=E tricks=7"))
    assert e.value.key == "keeper.match_over"


def test_a_game_without_the_keepers_fields_is_refused_clearly() -> None:
    from cardroom.games.euchre.game import Euchre

    class Unkept(Euchre):
        @classmethod
        def keeper_fields(cls) -> tuple[Any, ...]:
            return ()

    with pytest.raises(KeeperError) as e:
        Keeper(Unkept())
    assert e.value.key == "keeper.unsupported"
    assert e.value.text("en") == "the score keeper does not keep euchre"
    assert e.value.text("ru") == "счётчик не ведёт запись игры euchre"
