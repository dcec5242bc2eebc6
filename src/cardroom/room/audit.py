"""Checks of what the card room sends: no message may show a card its receiver cannot see.

Used by the tests (tests/test_room_*.py) and by bench/room.py. A message is scanned for every
text that reads as a card (``AS``, ``10H``…); values under keys that hold calls and bids
(``auction``, ``contract``…, where ``7S`` is a bid, not a card) and the ``legal`` list (checked
separately against the state's legal actions) are not scanned as cards.
"""

from __future__ import annotations

import random
from typing import Any

import orjson

from cardroom.core.cards import Card
from cardroom.core.errors import ParseError
from cardroom.core.game import CHANCE, Game, State

CALL_KEYS = frozenset({"auction", "contract", "calls", "call", "bid", "bids", "legal"})


_CARD_CACHE: dict[str, int] = {}


def _card_bit(s: str) -> int:
    bit = _CARD_CACHE.get(s)
    if bit is None:
        try:
            bit = 1 << int(Card.parse(s)) if len(s) <= 4 else 0
        except (ParseError, ValueError):
            bit = 0
        _CARD_CACHE[s] = bit
    return bit


def card_mask_of(obj: Any) -> int:
    """Every card named anywhere in a JSON value (outside call keys), as a bitmask. A container met
    twice (a message's ``sheet`` is its view's sheet) is read once."""
    m = 0
    stack = [obj]
    seen: set[int] = set()
    pop, push, extend, cache = stack.pop, stack.append, stack.extend, _CARD_CACHE
    while stack:
        x = pop()
        t = type(x)
        if t is str:
            bit = cache.get(x)
            m |= _card_bit(x) if bit is None else bit
        elif t is int or t is bool or x is None or t is float:
            continue
        elif t is dict:
            if id(x) in seen:
                continue
            seen.add(id(x))
            for k, v in x.items():
                if k not in CALL_KEYS:
                    push(v)
        elif t is list or t is tuple:
            if id(x) in seen:
                continue
            seen.add(id(x))
            extend(x)
        elif isinstance(x, str):
            m |= _card_bit(str(x))
        elif isinstance(x, dict):
            push(dict(x))
        elif isinstance(x, list | tuple):
            push(list(x))
    return m


_SHEET_MASKS: dict[bytes, int] = {}


def sheet_mask(sheet: dict[str, Any]) -> int:
    """:func:`card_mask_of` a score sheet, kept by the sheet's JSON text (a sheet is the same in every
    message of a deal, and grows over a match): read again only when its text changes."""
    key = orjson.dumps(sheet)
    got = _SHEET_MASKS.get(key)
    if got is None:
        if len(_SHEET_MASKS) > 4096:
            _SHEET_MASKS.clear()
        got = _SHEET_MASKS[key] = card_mask_of(sheet)
    return got


def public_mask(state: State) -> int:
    m = -1
    for s in range(state.game.num_seats):
        m &= state.visible_mask(s)
    return m & ((1 << 52) - 1)


def check_message(seat: int | None, message: dict[str, Any], state: State) -> list[str]:
    """Problems of one state message sent to ``seat`` (None: a spectator) while the table is at ``state``."""
    from cardroom.room.engine import message_view

    problems: list[str] = []
    who = "spectator" if seat is None else f"seat {seat}"
    if message.get("seq") != len(state.history):
        problems.append(f"{who}: message seq {message.get('seq')} but the state is at {len(state.history)}")
        return problems
    allowed = public_mask(state) if seat is None else state.visible_mask(seat)
    if message.get("claim") is not None:  # a pending claim faces the claimer's hand to his opponents
        from cardroom.room.claims import disclosed

        allowed |= disclosed(state, message["claim"], seat)
    sheet = message.get("sheet")
    if isinstance(sheet, dict):  # read once per sheet: a long match's sheet is most of every message
        shown = card_mask_of({k: v for k, v in message.items() if k != "sheet"}) | sheet_mask(sheet)
    else:
        shown = card_mask_of(message)
    leaked = shown & ~allowed
    if leaked:
        cards = [str(Card(i)) for i in range(52) if leaked >> i & 1]
        problems.append(f"{who} at {state.position()} (seq {message['seq']}) was sent unseeable cards {cards}")
    if seat is not None and message.get("view") != message_view(state.view(seat).to_dict()):
        problems.append(f"{who}: the message's view is not the seat's own view")
    legal = message.get("legal", [])
    to_act = state.to_act
    if legal:
        if seat is None or to_act != seat:
            problems.append(f"{who} was sent legal actions when not on turn")
        else:
            want = [state.action_text(a) for a in state.legal_actions()]
            if [x.get("text") for x in legal] != want:
                problems.append(f"{who}: legal list differs from the state's legal actions")
    return problems


def bare_engine_rate(game: Game, seconds: float, seed: int = 0) -> float:
    """Random legal actions per second applied to a bare state (the reference for the room's rate)."""
    import time

    rng = random.Random(seed)
    n = 0
    t0 = time.perf_counter()
    state = game.new_initial_state()
    while time.perf_counter() - t0 < seconds:
        if state.is_over:
            state = game.new_initial_state()
            continue
        if state.to_act == CHANCE:
            state.play_chance(rng)
        else:
            state.apply(rng.choice(list(state.legal_actions())))
        n += 1
    return n / (time.perf_counter() - t0)


def all_configurations() -> list[tuple[str, dict[str, Any]]]:
    """Every configuration of every registered game, the games taking turns (so that the first few
    cover every game)."""
    from itertools import zip_longest

    from cardroom.games import load, names

    per_game = [[(n, c) for c in type(load(n)).configurations()] for n in names()]
    return [x for row in zip_longest(*per_game) for x in row if x is not None]


def short_match_options(name: str, options: dict[str, Any]) -> dict[str, Any]:
    """``options`` with the shortest agreed match length where the game offers one as an option
    (preferans: the smallest ``pulya_length`` of its choices), for tests that play many matches."""
    from cardroom.games import load

    offered = type(load(name, **options)).option_choices().get("pulya_length")
    if not offered or "pulya_length" in options:
        return dict(options)
    return {**options, "pulya_length": min(offered)}


async def leak_run(db: str, matches: int, seed0: int = 0, short: bool = False, shard: int = 0,
                   shards: int = 1) -> tuple[list[str], int, int]:
    """Play ``matches`` bot-only matches spread over every configuration, with every seat (in
    English) and a spectator (in Russian) subscribed; check every message at send time, as the
    room builds it for sending. ``short``: preferans pulkas to the shortest agreed pulya
    (:func:`short_match_options`). ``shard`` of ``shards``: only the matches whose number leaves that
    remainder (the shards together play the ``matches``, in processes of their own). Returns (problems,
    messages checked, actions)."""
    import asyncio

    from cardroom.room.engine import Room
    from cardroom.room.store import AsyncStore, Store

    problems: list[str] = []
    checked = 0

    def observer(seat: int | None, message: dict[str, Any], state: State) -> None:
        nonlocal checked
        checked += 1
        problems.extend(check_message(seat, message, state))

    store = AsyncStore(Store(db))
    store.start()
    room = Room(store, observer=observer)
    configs = all_configurations()
    try:
        for i in range(shard, matches, shards):
            name, options = configs[i % len(configs)]
            if short:
                options = short_match_options(name, options)
            rt, owner = await room.create_table(name, options, seed=seed0 + i, practice=True)
            for seat in range(rt.game.num_seats):
                room.subscribe(rt, seat, lambda text, replaceable: None)
            room.subscribe(rt, None, lambda text, replaceable: None, "ru")
            await room.add_bots(rt.id, None, owner)
        while any(rt.driver is not None and not rt.driver.done() for rt in room.tables.values()):
            await asyncio.sleep(0.05)
        problems.extend(f"table {rt.id} did not finish" for rt in room.tables.values() if not rt.state.is_over)
        return problems, checked, room.actions_applied
    finally:
        await room.close()
        await store.stop()
