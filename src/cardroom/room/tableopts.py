"""A table's own options (issue 14, point 11), beside its game's: how the room runs the table.

* ``undo`` (bool, off by default): a player may ask to take back his last action, the opponents
  agree (``room/undo.py``). Refused at a ``rated`` table: never for tournament play.
* ``timer`` (seconds per action, None: no timer; 1 to 3600): when a person on turn has not acted in
  time, the table's bot acts for him; a pending claim or undo request lapses (``room/timer.py``).
* ``rated`` (bool, off by default): a table whose results count (tournament play): no undo.

They are given as ``{"table": {...}}`` when a table is made, stored as the table's first seat event
(kind ``options``: a restart keeps them), shown in the table's ``info`` and kept by a rematch.
"""

from __future__ import annotations

import json
from typing import Any

from cardroom.room.engine import RoomError

DEFAULTS: dict[str, Any] = {"undo": False, "timer": None, "rated": False}
TIMER_RANGE = (1, 3600)


def clean(options: Any) -> dict[str, Any]:
    """The table options ``options`` asks for, checked, with the defaults for the rest; a refusal
    names the option and what it accepts (400 ``bad_table_option``)."""
    if options is None:
        return dict(DEFAULTS)
    if not isinstance(options, dict):
        raise RoomError(400, "table_options", code="bad_table_option", known=", ".join(DEFAULTS))
    out = dict(DEFAULTS)
    for key, value in options.items():
        if key not in DEFAULTS:
            raise RoomError(400, "table_option_unknown", code="bad_table_option", option=str(key)[:40],
                            known=", ".join(DEFAULTS))
        if key in ("undo", "rated"):
            if not isinstance(value, bool):
                raise RoomError(400, "table_option_bool", code="bad_table_option", option=key)
        elif value is not None and (isinstance(value, bool) or not isinstance(value, int)
                                    or not TIMER_RANGE[0] <= value <= TIMER_RANGE[1]):
            raise RoomError(400, "table_option_timer", code="bad_table_option", lo=TIMER_RANGE[0], hi=TIMER_RANGE[1])
        out[key] = value
    if out["undo"] and out["rated"]:
        raise RoomError(400, "undo_rated", code="bad_table_option")
    return out


def to_text(options: dict[str, Any]) -> str:
    return json.dumps(options, sort_keys=True)


def from_text(text: str) -> dict[str, Any]:
    """The stored options (a :class:`RoomError` when they are not table options)."""
    try:
        value = json.loads(text)
    except ValueError:
        raise RoomError(400, "table_options", code="bad_table_option", known=", ".join(DEFAULTS)) from None
    return clean(value)
