"""The shared invariants of DESIGN.md, checked over every registered game.

For each game a seeded random player (legal actions only, the first listed action preferred
so that matches finish) plays whole matches; at every step the invariants are checked.
"""

from __future__ import annotations

import contextlib
import random
from itertools import product
from typing import Any

import orjson
import pytest

from cardroom.core.cards import _RANK_NAMES, _SUIT_NAMES, Card
from cardroom.core.errors import IllegalAction, ParseError
from cardroom.core.game import CHANCE, State
from cardroom.core.match import Match
from cardroom.games import load, names


def _check_places(state: State) -> None:
    places = state.card_places()
    seen = 0
    for name, mask in places.items():
        assert seen & mask == 0, f"a card is in two places (second: {name})"
        seen |= mask
    assert seen == state.game.pack_mask(), "some card is nowhere"


def _card_texts() -> dict[str, int]:
    out: dict[str, int] = {}
    for rank, suit in product(_RANK_NAMES, _SUIT_NAMES):
        for text in (rank + suit, suit + rank):
            for letters in product(*({ch.lower(), ch.upper()} for ch in text)):
                spelled = "".join(letters)
                # a rank and a suit the notation does not put together is no card (docs/notation.md)
                with contextlib.suppress(ParseError):
                    out[spelled] = 1 << Card.parse(spelled)
    return out


CARD_TEXTS: dict[str, int] = _card_texts()
"""Every whole text the card parser reads as a card (rank and suit either way round, letters and symbols,
``T`` for ten, in any case) to its card's mask: a view's strings are looked up here, not parsed."""
CALL_FIELDS = frozenset({"calls", "auction", "contract"})
"""Fields of a view's dict that hold calls, never cards: bids such as bridge's ``7S`` or preferans's ``10C``
read as cards but are not."""


def cards_mask_of_view_dict(x: object, legal_cards: bool) -> int:
    """The cards a view's dict shows, as a mask (what a client receives, not the view's own bookkeeping):
    every string, keys included, that is a card's whole text, anywhere in the dict except under
    :data:`CALL_FIELDS`; under ``legal`` (actions) only when the state's legal actions hold a card (else a
    text such as ``7S`` there is a call). Prose ("2C on a H lead") is not a card."""
    get = CARD_TEXTS.get
    mask = 0
    if isinstance(x, dict):
        for k, v in x.items():
            if k in CALL_FIELDS or (k == "legal" and not legal_cards):
                continue
            if isinstance(k, str):
                mask |= get(k, 0)
            if isinstance(v, str):
                mask |= get(v, 0)
            elif isinstance(v, dict | list | tuple):
                mask |= cards_mask_of_view_dict(v, legal_cards)
    else:
        assert isinstance(x, list | tuple)
        for v in x:
            if isinstance(v, str):
                mask |= get(v, 0)
            elif isinstance(v, dict | list | tuple):
                mask |= cards_mask_of_view_dict(v, legal_cards)
    return mask


def unseen_cards_of_view_dict(x: object, legal_cards: bool, visible: int, field: str = "") -> list[str]:
    """Where a view's dict shows a card outside ``visible`` (``"deal/hand: KS"``), read as
    :func:`cards_mask_of_view_dict` reads it: the message of a failure."""
    out: list[str] = []
    items = x.items() if isinstance(x, dict) else ((None, v) for v in x) if isinstance(x, list | tuple) else ()
    for k, v in items:
        if k in CALL_FIELDS or (k == "legal" and not legal_cards):
            continue
        for text in (k, v):
            mask = CARD_TEXTS.get(text, 0) if isinstance(text, str) else 0
            if mask & ~visible:
                out.append(f"{field}: {Card(mask.bit_length() - 1)}")
        out.extend(unseen_cards_of_view_dict(v, legal_cards, visible, field if k is None else f"{field}/{k}"))
    return out


_SHEET_MASKS: dict[bytes, int] = {}


def _dict_mask(d: dict[str, Any], legal_cards: bool) -> int:
    """:func:`cards_mask_of_view_dict` of a view's dict, its ``sheet`` read once per sheet text (a sheet is
    the same at every step of a deal and grows over a match: most of a long match's dicts)."""
    sheet = d.get("sheet")
    if not isinstance(sheet, dict):
        return cards_mask_of_view_dict(d, legal_cards)
    key = orjson.dumps(sheet)
    got = _SHEET_MASKS.get(key)
    if got is None:
        if len(_SHEET_MASKS) > 4096:
            _SHEET_MASKS.clear()
        got = _SHEET_MASKS[key] = cards_mask_of_view_dict(sheet, legal_cards)
    return got | cards_mask_of_view_dict({k: v for k, v in d.items() if k != "sheet"}, legal_cards)


def _check_views(state: State, seats: int, read_dicts: bool) -> None:
    legal_cards = read_dicts and any(isinstance(a, Card) for a in state.legal_actions())
    for seat in range(seats):
        view = state.view(seat)
        shown = view.shown_mask()
        visible = state.visible_mask(seat)
        assert shown & ~visible == 0, f"seat {seat} is shown cards it may not see"
        # what the seat receives: never another hand's unplayed cards beyond what the rules expose
        d = view.to_dict()
        if read_dicts and _dict_mask(d, legal_cards) & ~visible:
            unseen = unseen_cards_of_view_dict(d, legal_cards, visible)
            raise AssertionError(f"seat {seat}'s view dict holds cards it may not see: {unseen}")


def _configurations() -> list[tuple[str, dict[str, Any]]]:
    out: list[tuple[str, dict[str, Any]]] = []
    for name in names():
        cls = type(load(name))
        out.extend((name, opts) for opts in cls.configurations())
    return out


CONFIGS = _configurations()
MAX_DEALS = 120
DICT_DEALS = 1
"""The view dicts are read for cards (:func:`cards_mask_of_view_dict`) at every state of a match's first
deal (a match of one deal: every state), and after it at every :data:`DICT_EVERY`-th decision."""
DICT_EVERY = 8


def _play_match(game_name: str, options: dict[str, Any], seed: int, check_refusals: bool) -> Match[Any, Any, Any, Any]:
    game = load(game_name, **options)
    state = game.new_initial_state()
    rng = random.Random(seed)
    universe = game.action_universe()
    steps = 0
    while not state.is_over:
        if state.to_act == CHANCE and len(getattr(state, "results", ())) >= MAX_DEALS:
            state.abandon()  # random play makes some matches very long: stop between two deals
            break
        _check_places(state)
        if state.to_act == CHANCE:
            state.play_chance(rng)
            continue
        legal = list(state.legal_actions())
        assert legal, "no legal action before the end"
        _check_views(state, game.num_seats,
                     len(getattr(state, "results", ())) < DICT_DEALS or steps % DICT_EVERY == 0)
        if check_refusals and steps % 7 == 0:
            before = state.snapshot()
            listed = set(legal)
            for a in rng.sample(universe, 12):
                if a in listed:
                    continue
                with pytest.raises(IllegalAction):
                    state.apply(a)
                assert state.snapshot() == before, f"refused action {a} changed the state"
            # every listed action is accepted (on a copy)
            for a in rng.sample(legal, min(3, len(legal))):
                copy = state.clone()
                copy.apply(a)
        action = legal[0] if rng.random() < 0.55 else rng.choice(legal)
        state.apply(action)
        steps += 1
    _check_places(state)
    return state


@pytest.mark.parametrize(("game_name", "options"), CONFIGS, ids=[f"{n}-{o}" for n, o in CONFIGS])
@pytest.mark.parametrize("seed", range(6))
def test_invariants_over_whole_matches(game_name: str, options: dict[str, Any], seed: int) -> None:
    state = _play_match(game_name, options, seed, check_refusals=True)
    game = load(game_name, **options)
    # replaying the log gives an identical state
    again = game.replay(state.history)
    if state.abandoned:
        again.abandon()
    assert again.snapshot() == state.snapshot()
    # the sheet kept during play equals the sheet recomputed from the record
    assert state.sheet_dict() == state.recomputed_sheet_dict()
    # a record written and read back is identical
    from cardroom.records.registry import read_record, write_record

    text = write_record(state)
    back = read_record(text)
    assert back.snapshot() == state.snapshot()
    assert write_record(back) == text


@pytest.mark.parametrize("game_name", names())
def test_no_chance_action_is_accepted_twice_and_cards_are_ints(game_name: str) -> None:
    game = load(game_name)
    state = game.new_initial_state()
    assert state.to_act == CHANCE
    assert state.legal_actions() == []
    with pytest.raises(IllegalAction):
        state.apply(Card.parse("AS"))


def test_the_view_dict_reader_finds_cards_and_only_cards() -> None:
    """The reader of a view's dict (else the view check above could not fail): a card's whole text in
    any form, in values and keys, at any depth; not a call, not prose, not legal calls."""
    def m(*cards: str) -> int:
        return sum(1 << Card.parse(c) for c in cards)

    d = {"deal": {"hand": ["AS", "10h", "♦Q"], "trick": {"cards": [["N", "tc"]]}, "faced": {"KC": 1},
                  "auction": ["7S", "Pass"], "calls": [{"call": "6D"}], "contract": "4H",
                  "note": "2C on a H lead", "legal": ["9D"]}, "sheet": {"lines": [{"reason": "JS"}]}}
    assert cards_mask_of_view_dict(d, legal_cards=False) == m("AS", "10H", "QD", "10C", "KC", "JS")
    assert cards_mask_of_view_dict(d, legal_cards=True) == m("AS", "10H", "QD", "10C", "KC", "JS", "9D")
    visible = m("AS", "10H", "QD", "10C", "JS")
    assert unseen_cards_of_view_dict(d, False, visible) == ["/deal/faced: KC"]
