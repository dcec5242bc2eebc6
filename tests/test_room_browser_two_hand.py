"""Two-handed ("Chinese") bridge in the card room, in a real Chromium driven by Playwright: the player at North
against a bot; each player's eleven table piles are drawn at his seat, a card back under each face-up card
that covers a face-down one; the player plays a covering table card by clicking it and the card beneath turns
face up on the page (screenshots ``two-hand-bridge-covered.png`` and ``two-hand-bridge-turned-up.png`` in
tests/artifacts/)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

import browserkit
from browserkit import FAST, server_fixture, shot, state
from cardroom.room.testing import ServerProcess
from roomkit import hand_of
from test_room_browser import deal_of, open_table, play

server = server_fixture("browser-two-hand", bot_delay=0.0, limits=FAST)
browser = browserkit.browser


@pytest.fixture()
def page(browser: Any, server: ServerProcess) -> Iterator[Any]:
    with browserkit.page_in(browser, viewport={"width": 1100, "height": 1000}) as pg:
        yield pg


def _page_piles(pg: Any, seat: int) -> list[dict[str, Any]]:
    """The piles of ``seat`` as the page draws them: the face-up card, whether a card back lies beneath it."""
    got: list[dict[str, Any]] = pg.eval_on_selector_all(
        f"[data-piles='{seat}'] .pile",
        "els => els.map(e => ({up: (e.querySelector('.card[data-card]') || {dataset: {}}).dataset.card || null,"
        " back: !!e.querySelector('.card.back'), down: e.dataset.down === '1'}))")
    return got


def test_a_face_down_card_turns_up_when_its_cover_is_played(page: Any, server: ServerProcess) -> None:
    open_table(page, server, "two-hand-bridge", seed=11)
    played: dict[str, Any] = {}
    seen: dict[str, bool] = {"checked": False}

    def check(st: dict[str, Any]) -> None:
        d = deal_of(st)
        piles = d.get("piles")
        if not piles:
            return
        for i, letter in enumerate(("N", "E")):  # the page draws what the server sent, card backs for the hidden
            shown = _page_piles(page, i)
            assert [{"up": p["up"], "back": p["down"], "down": p["down"]} for p in piles[letter]] == shown
        # a covered card never reaches the page: only the face-up cards and the player's own hand are named
        named = set(page.eval_on_selector_all("[data-card]", "els => els.map(e => e.dataset.card)"))
        assert named <= {p["up"] for s in ("N", "E") for p in piles[s] if p["up"]} | set(hand_of(st) or []) | {
            c for t in st["view"]["table"]["tricks"] for _, c in t["plays"]} | {
            c for _, c in (st["view"]["table"]["trick"] or {}).get("plays", [])}
        if played and not seen["checked"]:
            k = played["pile"]
            now = piles["N"][k]
            assert now["up"] is not None and now["up"] != played["card"] and not now["down"]
            pile = _page_piles(page, 0)[k]
            assert pile == {"up": now["up"], "back": False, "down": False}, pile
            shot(page, "two-hand-bridge-turned-up")
            seen["checked"] = True

    def choose(st: dict[str, Any]) -> int:
        d = deal_of(st)
        legal = {x["text"]: int(x["id"]) for x in st["legal"]}
        if d.get("phase") == "play" and not played:
            for k, p in enumerate(d["piles"]["N"]):
                if p["down"] and p["up"] in legal:  # a covering table card we may play
                    assert _page_piles(page, 0)[k]["back"]
                    shot(page, "two-hand-bridge-covered")
                    played.update(pile=k, card=p["up"])
                    return legal[p["up"]]
        return int(st["legal"][0]["id"])

    clicked = play(page, choose, lambda st: seen["checked"], check=check)
    assert played and seen["checked"]
    assert any(c["text"] == played["card"] and c["kind"] == "card" for c in clicked)
    st = state(page)
    assert st["view"]["table"]["seats"] == 2
