"""What the card room's HTTP tests share: the bearer header, a practice table, a wait for the table's
public info to satisfy a predicate (an in-process ``TestClient``)."""

from __future__ import annotations

import time
import warnings
from typing import Any

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def new_table(c: TestClient, game: str, options: dict[str, Any] | None = None, seed: int = 7) -> tuple[str, str]:
    """A practice table of ``game``: its id and its owner's token."""
    r = c.post("/api/tables", json={"game": game, "options": options or {}, "seed": seed, "practice": True})
    assert r.status_code == 201, r.text
    return r.json()["id"], r.json()["owner_token"]


def poll(c: TestClient, path: str, pred: Any, timeout: float = 60.0, pause: float = 0.02) -> dict[str, Any]:
    """The JSON at ``path`` once ``pred`` holds of it (failing after ``timeout`` seconds)."""
    deadline = time.monotonic() + timeout
    while True:
        info: dict[str, Any] = c.get(path).json()
        if pred(info):
            return info
        assert time.monotonic() < deadline, info
        time.sleep(pause)


def wait_until(c: TestClient, tid: str, pred: Any, timeout: float = 60.0) -> dict[str, Any]:
    """The table's public info once ``pred`` holds of it (failing after ``timeout`` seconds)."""
    return poll(c, f"/api/tables/{tid}", pred, timeout)


def hand_of(m: dict[str, Any], seat: int | None = None) -> list[str] | None:
    """The cards of a hand a state message shows, from its common table (``view.table.hands``): table seat
    ``seat``'s, or the viewer's own (None: the message does not show that hand)."""
    tb = m["view"]["table"]
    if seat is None:
        places = tb.get("places")
        seat = tb["seat"] if not places else places[tb["seat"]]
    hand = tb["hands"].get(str(seat))
    return None if hand is None else list(hand)


def dummy_hand_of(m: dict[str, Any]) -> list[str] | None:
    """Dummy's cards as a state message shows them (None: no dummy, or not yet faced)."""
    dummy = m["view"]["table"].get("dummy")
    return None if dummy is None else hand_of(m, dummy)
