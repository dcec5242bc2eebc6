"""Double dummy and draw bridge in the card room (a browser, Playwright with Debian chromium): the user, player
1 at South, plays a whole rubber against a bot; when he leads blind from his dummy North, the page shows
North's thirteen cards and none of his own hand; in draw bridge the opponent's dummy is never drawn; the
match ends with its sheet. Screenshots in tests/artifacts/."""

from __future__ import annotations

from typing import Any

import pytest

from browserkit import STEP_TIMEOUT, State, shot
from cardroom.room.testing import ServerProcess
from test_room_browser import browser, open_table, play, server  # noqa: F401  (fixtures)

SOUTH, NORTH, EAST = 2, 0, 1


def _blind_from_dummy(st: State) -> bool:
    tb = st["view"]["table"]
    return (st["to_act"] == 0 and tb.get("hand_to_play") == NORTH and not tb["tricks"]
            and not (tb.get("trick") or {}).get("plays"))


@pytest.mark.parametrize("game", ["double-dummy", "draw-bridge"])
def test_a_rubber_played_to_the_end_with_the_blind_lead_from_the_dummy(
        browser: Any, server: ServerProcess, game: str) -> None:  # noqa: F811
    ctx = browser.new_context(bypass_csp=True, viewport={"width": 1000, "height": 900}, locale="en-US")
    pg = ctx.new_page()
    pg.set_default_timeout(STEP_TIMEOUT)
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    seen_blind: list[int] = []

    def check(st: State) -> None:
        tb = st["view"]["table"]
        if _blind_from_dummy(st):  # "не заглядывая в собственные карты": nothing of South on the page
            assert str(SOUTH) not in tb["hands"]
            assert pg.locator(f"[data-hand='{SOUTH}'] [data-card]").count() == 0
            assert pg.locator(f"[data-hand='{NORTH}'] [data-card]").count() == 13
            if not seen_blind:
                shot(pg, f"{game}-blind-lead-from-dummy")
            seen_blind.append(st["seq"])
        if game == "draw-bridge" and tb["phase"] == "play" and not st["over"]:
            assert str(EAST) not in tb["hands"]  # the opponent's dummy stays in its holder
            assert pg.locator(f"[data-hand='{EAST}'] [data-card]").count() == 0

    try:
        open_table(pg, server, game, seed=2026)
        play(pg, lambda s: int(s["legal"][0]["id"]), lambda s: bool(s["over"]), limit=600, check=check)
        assert seen_blind, "no deal in which the user led blind from his dummy"
        pg.wait_for_selector("#match-over")
        assert "Total" in pg.inner_text("#sheet")
        shot(pg, f"{game}-rubber-over")
    finally:
        ctx.close()
    assert errors == []
