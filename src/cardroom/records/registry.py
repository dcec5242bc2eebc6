"""The generic JSON record of any game: every action, in order, as its canonical text.

    {"format": "cardroom-record", "version": 1, "game": "bridge", "options": {...},
     "players": {...}, "actions": ["draw AS 2C QD QC", "deal …", "1NT", "Pass", …], "unfinished": false}

Reading a record replays it through the game's rules, so an illegal record is refused with a
:class:`RecordError` that says where (action number) and what is wrong.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from typing import Any

from cardroom.core.errors import CardroomError, IllegalAction, ParseError, Reason, RecordError
from cardroom.core.match import Match
from cardroom.games import load

FORMAT = "cardroom-record"
VERSION = 1
ROOM_FIELDS = ("table", "practice", "seed")
"""The fields the card room adds to a record it serves (its table, whether a practice table, the seed
of its deals, published once the match is over): read and ignored by every reader of records."""


def record_dict(state: Match[Any, Any, Any, Any], players: dict[str, str] | None = None) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": state.game.name,
        "options": dict(state.game.options()),
        "players": dict(players or {}),
        "actions": [state.action_text(a) for a in state.history],
        "unfinished": state.abandoned,
    }


def write_record(state: Match[Any, Any, Any, Any], players: dict[str, str] | None = None) -> str:
    return json.dumps(record_dict(state, players), ensure_ascii=False, indent=1) + "\n"


def state_from_dict(data: Any) -> Match[Any, Any, Any, Any]:
    if not isinstance(data, dict):
        raise RecordError(Reason("records.not_object"))
    if data.get("format") != FORMAT:
        raise RecordError(Reason("records.format", got=data.get('format'), expected=FORMAT))
    if data.get("version") != VERSION:
        raise RecordError(Reason("records.version", got=data.get('version')))
    state = record_state(data)
    for _ in replay_actions(state, data["actions"]):
        pass
    if data.get("unfinished"):
        state.abandon()
    return state


def record_state(data: dict[str, Any]) -> Match[Any, Any, Any, Any]:
    """The new match of a record's game and options (``data``: a record's JSON object), before any of
    its actions; :class:`RecordError` when the record does not name a game the registry makes."""
    name = data.get("game")
    options = data.get("options", {})
    if not isinstance(name, str) or not isinstance(options, dict) or not isinstance(data.get("actions"), list):
        raise RecordError(Reason("records.fields"))
    try:
        game = load(name, **options)
    except CardroomError as e:
        raise RecordError(str(e) if isinstance(e, RecordError) else e.reason or str(e)) from None
    return game.new_initial_state()


def replay_actions(state: Match[Any, Any, Any, Any], actions: Sequence[Any]) -> Iterator[Match[Any, Any, Any, Any]]:
    """The one replay loop of a record's actions (canonical texts): each is read and applied to
    ``state``, which is yielded after each; :class:`RecordError` naming the action and the position
    for a text that is not one or an action the state refuses."""
    for i, text in enumerate(actions, 1):
        if not isinstance(text, str):
            raise RecordError(Reason("records.action_text", i=i, text=text))
        try:
            state.apply(state.parse_action(text))
        except (IllegalAction, ParseError) as e:
            raise RecordError(Reason("records.action", e=e, i=i, text=text), where=state.position()) from None
        yield state


def read_record(text: str) -> Match[Any, Any, Any, Any]:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise RecordError(Reason("records.not_json", e=e)) from None
    return state_from_dict(data)
