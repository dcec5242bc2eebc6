"""The score keeper: deals entered as announced give exactly the sheet the same deals played give."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardroom.core.cards import cards_of_mask
from cardroom.core.game import CHANCE
from cardroom.core.table import Seat
from cardroom.games import load
from cardroom.keeper import Keeper, KeeperError, parse_entry


def played(name: str, seed: int, max_deals: int = 12, by_bots: bool = False, **options: Any) -> Any:
    """A match played through the engine, seeded, stopped after ``max_deals`` finished deals: random legal
    play, or (``by_bots``) the game's rule-based computer players, one a seat, each seeing its own view."""
    game = load(name, **options)
    state: Any = game.new_initial_state()
    rng = random.Random(seed)
    bots = [game.bot("rule", seed * 10 + s) for s in range(game.num_seats)] if by_bots else []
    steps = 0
    while not state.is_over and len(state.results) < max_deals and steps < 20000:
        steps += 1
        if state.deal is not None and not state.results and not hasattr(state, "first_dealer_played"):
            state.first_dealer_played = int(state.dealer)  # the match's dealer of its first deal, as it names it
        seat = state.to_act
        if seat == CHANCE:
            state.play_chance(rng)
        elif bots:
            state.apply(bots[seat].choose(state.view(seat)))
        else:
            state.apply(rng.choice(list(state.legal_actions())))
    return state


def first_dealer(state: Any) -> int:
    """The number of the first deal's dealer as the keeper takes it (the match's own numbering)."""
    return int(state.first_dealer_played)


# ---------------------------------------------------------------- contract bridge
def bridge_entry(r: Any) -> dict[str, Any]:
    from cardroom.games.bridge.scoring import honours

    if r.contract is None:
        return {"contract": "pass"}
    held = []
    for seat, pts in honours(r.hands, r.contract.strain):
        held.append(seat.letter + ("aces" if r.contract.strain == 4 else "5" if pts == 150 else "4"))
    return {"contract": r.contract.text, "declarer": r.contract.declarer.letter, "tricks": r.declarer_tricks,
            "honours": held}


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("scoring", ["doc001", "modern"])
def test_bridge_keeper_sheet_equals_played(seed: int, scoring: str) -> None:
    state = played("bridge", seed, scoring=scoring)
    assert state.results
    k = Keeper(state.game, first_dealer(state))
    for r in state.results:
        k.add(bridge_entry(r))
    assert k.sheet.to_dict() == state.sheet.to_dict()
    assert k.render(lang="ru") == state.sheet.render(lang="ru")
    assert k.settlement() == state.seat_results()


def test_bridge_honours_and_vulnerability() -> None:
    # Doc 001 §6.7: four trump honours in one hand 100, all five 150, four aces at no-trump 150
    k = Keeper(load("bridge"))
    k.add(parse_entry(k.game, "contract=4H declarer=N tricks=10 honours=S4"))
    k.add(parse_entry(k.game, "contract=3NT declarer=E tricks=9 honours=Waces"))
    k.add(parse_entry(k.game, "contract=2S declarer=N tricks=7 honours=E5"))
    d = k.sheet.to_dict()
    kinds = [(ln["kind"], ln["side"], ln["points"]) for ln in d["lines"]]
    assert ("honours", "NS", 100) in kinds and ("honours", "EW", 150) in kinds
    assert kinds.count(("honours", "EW", 150)) == 2
    assert k.sheet.vulnerable() == (True, True)


def test_bad_entry_refused_state_unchanged() -> None:
    k = Keeper(load("bridge"))
    k.add({"contract": "1S", "declarer": "S", "tricks": 7})
    before = json.dumps(k.to_json(), sort_keys=True)
    for bad in ({"contract": "8S", "declarer": "S", "tricks": 7}, {"contract": "1S", "declarer": "S", "tricks": 14},
                {"contract": "1S", "tricks": 7}, {"contract": "1S", "declarer": "S", "tricks": 7, "colour": 1}):
        with pytest.raises(KeeperError) as e:
            k.add(bad)
        assert e.value.key.startswith("keeper.")
        assert e.value.text("ru") != e.value.text("en")
        assert json.dumps(k.to_json(), sort_keys=True) == before
    with pytest.raises(KeeperError):
        parse_entry(k.game, "contract=1S tricks=seven")
    with pytest.raises(KeeperError):
        k.fix(5, {"contract": "pass"})
    with pytest.raises(KeeperError):
        k.redo()


# ---------------------------------------------------------------- preferans
def pref_entry(r: Any) -> dict[str, Any]:
    from cardroom.games.preferans.calls import PrefCall

    e: dict[str, Any] = {"kind": r.kind, "tricks": list(r.tricks)}
    if r.declarer is not None:
        e["declarer"] = r.declarer
    if r.contract is not None:
        e["contract"] = str(PrefCall(r.contract))
        if e["kind"] != "raspasy" and r.level != (PrefCall(r.contract).level if PrefCall(r.contract).is_game else 0):
            e["level"] = r.level
    for name in ("whisters", "passers"):
        if getattr(r, name):
            e[name] = list(getattr(r, name))
    for name in ("half_whister", "returned_by", "partner"):
        if getattr(r, name) is not None:
            e[name] = getattr(r, name)
    for name in ("open_defence", "outbid_misere"):
        if getattr(r, name):
            e[name] = True
    for name in ("talon_tricks", "conceded"):
        if getattr(r, name):
            e[name] = getattr(r, name)
    if r.talon:
        e["talon"] = [str(c) for c in cards_of_mask(r.talon)]
    for name in ("choices", "whist_calls"):
        if getattr(r, name):
            e[name] = [f"{s}:{w}" for s, w in getattr(r, name)]
    return e


def pref_cases() -> list[tuple[str, int]]:
    from cardroom.games.preferans.variants import variant_names

    return [(v, n) for v in variant_names() for n in (3, 4)]


@pytest.mark.parametrize(("variant", "players"), pref_cases())
def test_preferans_keeper_sheet_equals_played(variant: str, players: int) -> None:
    state = played("preferans", 7, max_deals=10, variant=variant, players=players)
    assert state.results
    k = Keeper(state.game, first_dealer(state))
    for r in state.results:
        k.add(pref_entry(r))
    assert k.sheet.to_dict() == state.sheet.to_dict()
    assert k.render(lang="ru") == state.sheet.render(lang="ru")


# ---------------------------------------------------------------- undo, redo, corrections, the file
ENTRIES = st.fixed_dictionaries({
    "contract": st.sampled_from(["pass", "1C", "2D", "3NT", "4H", "4SX", "5CXX", "6NT", "7S"]),
    "declarer": st.sampled_from([s.letter for s in Seat]),
    "tricks": st.integers(0, 13),
})
OPS = st.lists(st.one_of(st.tuples(st.just("add"), ENTRIES), st.tuples(st.just("undo"), st.none()),
                         st.tuples(st.just("redo"), st.none()),
                         st.tuples(st.just("fix"), st.tuples(st.integers(1, 6), ENTRIES))), max_size=14)


@settings(max_examples=40, deadline=None)
@given(OPS)
def test_undo_redo_fix_invariants(ops: list[tuple[str, Any]]) -> None:
    game = load("bridge")
    k = Keeper(game)
    for op, arg in ops:
        entries_before = list(k.entries)
        sheet_before = k.sheet.to_dict()
        try:
            if op == "add":
                k.add(arg)
            elif op == "undo":
                k.undo()
            elif op == "redo":
                k.redo()
            else:
                k.fix(*arg)
        except KeeperError:
            assert k.entries == entries_before and k.sheet.to_dict() == sheet_before
            continue
        if op in ("add", "fix"):  # a change undone gives back the sheet before it; redone, the sheet after
            after = (list(k.entries), k.sheet.to_dict())
            k.undo()
            assert (k.entries, k.sheet.to_dict()) == (entries_before, sheet_before)
            k.redo()
            assert (list(k.entries), k.sheet.to_dict()) == after
        # the sheet is always the entries' sheet, and the file replays it with its history
        fresh = Keeper(game, 0, list(k.entries))
        assert fresh.sheet.to_dict() == k.sheet.to_dict()
        again = Keeper.from_json(json.loads(json.dumps(k.to_json())))
        assert again.to_json() == k.to_json()


def test_history_shows_corrections() -> None:
    k = Keeper(load("bridge"))
    k.add({"contract": "4S", "declarer": "S", "tricks": 10})
    k.fix(1, {"contract": "4S", "declarer": "S", "tricks": 9})
    assert k.sheet.to_dict()["totals"] == {"NS": 0, "EW": 50}
    k.undo()
    assert k.sheet.to_dict()["totals"]["NS"] == 120
    assert [h.op for h in k.history] == ["add", "fix", "undo"]
    assert k.history[1].before == {"contract": "4S", "declarer": "S", "tricks": 10}
    assert k.history[1].after == {"contract": "4S", "declarer": "S", "tricks": 9}


# ---------------------------------------------------------------- euchre
def euchre_entry(r: Any) -> dict[str, Any]:
    if r.thrown_in:
        return {"turn_up": str(r.turn_up), "thrown_in": True}
    e: dict[str, Any] = {"turn_up": str(r.turn_up), "maker": r.maker.letter, "tricks": r.makers_tricks,
                         "call": r.call}
    if r.lone is not None:
        e["alone"] = r.lone.letter
    if r.round == 2:
        e["trump"] = r.trump.letter
    return e


@pytest.mark.parametrize("options", [{}, {"lap": False}, {"carried_points_count": False}])
@pytest.mark.parametrize("seed", range(3))
def test_euchre_keeper_sheet_equals_played(seed: int, options: dict[str, Any]) -> None:
    state = played("euchre", seed, max_deals=40, **options)
    assert state.results
    k = Keeper(state.game, first_dealer(state))
    for r in state.results:
        k.add(euchre_entry(r))
    assert k.sheet.to_dict() == state.sheet.to_dict()
    assert k.render(lang="ru") == state.sheet.render(lang="ru")


def test_euchre_default_call_and_march() -> None:
    # Law 2: a march by a lone hand scores 4; the makers euchred give the adversaries 2
    k = Keeper(load("euchre"), first_dealer=0)  # North deals
    k.add(parse_entry(k.game, "turn_up=JS maker=E alone=E tricks=5"))
    k.add(parse_entry(k.game, "turn_up=9H maker=N trump=C tricks=2"))
    res = k.results
    assert res[0].points == (0, 4) and res[0].call == "order up"
    assert res[1].points == (0, 2) and res[1].call == "make C" and res[1].round == 2


# ---------------------------------------------------------------- the old bridges
def _counts(hands: Any, trump: int | None) -> list[int]:
    """The trump honours (no trumps: the aces) each hand holds."""
    if trump is None:
        return [sum(1 for s in range(4) if h >> (s * 13 + 12) & 1) for h in hands]
    return [(h >> (trump * 13 + 8) & 0x1F).bit_count() for h in hands]


def _void(hand: int, trump: int) -> bool:
    return not (hand >> (trump * 13)) & 0x1FFF


def old_entry(r: Any) -> dict[str, Any]:
    """An old bridge's deal as announced (misery bridge's by role: :func:`misery_entry`); the three-handed
    auction's without chicanes (the variety scores none)."""
    from cardroom.games.oldbridge.misery import MiseryResult
    from cardroom.games.oldbridge.three_handed import ThreeHandedResult

    if isinstance(r, MiseryResult):
        return misery_entry(r)
    from cardroom.games.oldbridge.calls import MAKE_LETTERS
    from cardroom.games.oldbridge.scoring import StraightMake

    c = r.contract
    if c is None:
        return {"contract": "pass"}
    if isinstance(c, StraightMake):
        trump = None if c.trump == 4 else c.trump
        e: dict[str, Any] = {"contract": MAKE_LETTERS[c.trump] + "X" * c.doubling, "declarer": c.maker.letter}
    else:
        trump = c.denom.trump if c.denom.letter not in ("N", "NT") else None
        e = {"contract": c.text, "declarer": c.declarer.letter}
    e["tricks"] = r.declarer_tricks
    if trump is not None and not isinstance(r, ThreeHandedResult):
        e["chicane"] = [Seat(s).letter for s, h in enumerate(r.hands) if _void(h, trump)]
    e["honours"] = [f"{Seat(s).letter}{n}" for s, n in enumerate(_counts(r.hands, trump)) if n]
    return e


def misery_entry(r: Any) -> dict[str, Any]:
    """A misery-bridge deal as announced: the declaration, the dealer's tricks, the honours and chicanes by
    role in the hands as played (the dealer's after his discard and draw)."""
    from cardroom.games.oldbridge.misery import dummy_of

    at = r.places[r.dealer]
    played_hands = {"dealer": r.hands[at] & ~r.discards | r.drawn, "opponent": r.hands[at.partner],
                    "dummy": r.hands[dummy_of(at)]}
    c = r.contract
    trump = None if c.trump == 4 else c.trump
    counts = _counts(list(played_hands.values()), trump)
    e: dict[str, Any] = {"contract": c.text, "tricks": r.declarer_tricks,
                         "honours": [f"{role}{n}" for role, n in zip(played_hands, counts, strict=True) if n]}
    if trump is not None:
        e["chicane"] = [role for role, h in played_hands.items() if _void(h, trump)]
    return e


ENTRY_OF = {"bridge": bridge_entry, "preferans": pref_entry, "euchre": euchre_entry, "oldbridge": old_entry}
"""A played deal's result as announced, by the game's family."""


def kept_games() -> list[tuple[str, dict[str, Any]]]:
    from cardroom.games import game_class, names

    out = []
    for name in names():
        cls = game_class(name)
        if cls.keeper_fields() and cls.family == "oldbridge":
            out += [(name, c) for c in cls.configurations() if not c.get("laws")]
    return out


def kept_as_played(state: Any) -> Keeper:
    """A keeper given the played match ``state``'s deals as announced; its sheet, drawing and settlement are
    the played match's."""
    assert state.results
    k = Keeper(state.game, first_dealer(state))
    for r in state.results:
        k.add(ENTRY_OF[state.game.family](r))
    assert k.sheet.to_dict() == state.sheet.to_dict()
    assert k.render(lang="ru") == state.sheet.render(lang="ru")
    assert k.settlement() == state.seat_results()
    return k


@pytest.mark.parametrize(("name", "options"), kept_games())
@pytest.mark.parametrize("seed", range(3))
def test_old_bridges_keeper_sheet_equals_played(name: str, options: dict[str, Any], seed: int) -> None:
    kept_as_played(played(name, seed, max_deals=10, **options))
