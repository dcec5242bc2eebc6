"""What the card room's browser tests share: Debian's Chromium and its flags, a real server on a loopback
port, a page in a language (on a desktop or a phone) that fails its test on a JavaScript error, a click on
a legal action (through the bidding box), a deal played by clicking until it ends.

A test module takes its fixtures from here by assigning them: ``browser = browserkit.browser`` (Chromium,
one per module), ``server = server_fixture("laws", bot_delay=2.5)`` (a server of its own)."""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from playwright import sync_api

from cardroom.room.testing import ServerProcess

CHROMIUM = os.environ.get("CARDROOM_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
ARTIFACTS = Path(__file__).parent / "artifacts"
STEP_TIMEOUT = 15_000  # ms for one server answer
FAST = {"table_rate": 0, "ws_per_client": 0}
"""The server's limits switched off: a test module opens many tables and sockets."""
DESKTOP = {"width": 1100, "height": 900}
PHONE = {"width": 375, "height": 667}

State = dict[str, Any]
Chooser = Callable[[State], int]


def serve(tmp_path_factory: pytest.TempPathFactory, name: str, log: str | None = None,
          **kw: Any) -> Iterator[ServerProcess]:
    """A real server on a temporary SQLite file for a test module (``kw``: :class:`ServerProcess`'s
    options), its stderr written to ``tests/artifacts/<log>`` once stopped when ``log`` is given."""
    srv = ServerProcess(str(tmp_path_factory.mktemp(name) / "room.sqlite"), **kw)
    srv.start()
    try:
        yield srv
    finally:
        srv.stop()
        if log is not None:
            ARTIFACTS.mkdir(exist_ok=True)
            (ARTIFACTS / log).write_text(srv.log_text(), encoding="utf-8")


def launch() -> Iterator[Any]:
    """Debian's Chromium, headless (a missing one is a failure, not a skip: ``make test`` installs it)."""
    assert Path(CHROMIUM).exists(), f"{CHROMIUM} is missing: run scripts/setup-browser.sh (make test does)"
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            yield b
        finally:
            b.close()


def server_fixture(name: str, log: str | None = None, **kw: Any) -> Any:
    """A module's ``server`` fixture: :func:`serve` with these arguments."""
    @pytest.fixture(scope="module")
    def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
        yield from serve(tmp_path_factory, name, log, **kw)

    return server


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Chromium for a test module."""
    yield from launch()


# Every context bypasses the Content-Security-Policy: Playwright's wait_for_function evaluates its predicate
# with eval inside the page, which the policy forbids. The page under the enforced policy is tested in
# tests/test_room_hostile_web.py::test_the_page_works_under_the_policy.
@contextmanager
def page_in(browser: Any, server: ServerProcess | None = None, lang: str | None = None, phone: bool = False,
            viewport: dict[str, int] | None = None) -> Iterator[Any]:
    """A page of a fresh context (a phone's 375×667 touch screen, else a desktop's ``viewport``), in
    ``lang`` (the lobby opened on ``server`` and the language stored) when given; the test fails on a
    JavaScript error on the page (``page.page_errors``)."""
    ctx = browser.new_context(bypass_csp=True, viewport=viewport or (PHONE if phone else DESKTOP),
                              locale="ru-RU" if lang == "ru" else "en-US", is_mobile=phone, has_touch=phone)
    pg = ctx.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.set_default_timeout(STEP_TIMEOUT)
    pg.page_errors = errors
    try:
        if lang is not None and server is not None:
            pg.goto(server.base + "/")
            pg.wait_for_selector("#lang")
            pg.evaluate(f"localStorage.setItem('cardroom:lang', '{lang}')")
            pg.reload()
        yield pg
    finally:
        ctx.close()
    assert errors == [], f"JavaScript errors on the page: {errors}"


def state(pg: Any) -> State:
    """The last state message the page's client received."""
    st: State = pg.evaluate("window.__cardroom.state")
    return st


def shot(pg: Any, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    pg.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def click_legal(pg: Any, aid: int) -> None:
    """Click the legal action ``aid``; a bid of the bidding box after its level (static/biddingbox.js)."""
    el = pg.locator(f"[data-legal-id='{aid}']")
    level = el.evaluate("e => { const r = e.closest('[data-row-level]');"
                        " return r && r.hidden ? r.dataset.rowLevel : null; }")
    if level is not None:
        pg.click(f"#bidding-box .bb-level[data-level='{level}']")
    el.click()


OUR_TURN_OR_END = (
    "() => { const s = window.__cardroom.state; if (!s) return false;"
    " if (s.deal_end && (s.awaited || []).includes(0)) return !!document.querySelector('#next-deal');"
    " return s.legal.length > 0 && document.querySelector('#table').dataset.seq == String(s.seq)"
    " && !!document.querySelector('[data-legal-id]:not([disabled])'); }")
"""Seat 0's turn, drawn; or the end of a deal that waits for seat 0 (a table with ``deal_wait``)."""


def play_to_deal_end(pg: Any, choose: Chooser, limit: float = 150.0) -> State:
    """Click ``choose``'s action at every turn of seat 0 until a deal with tricks has ended (a deal without
    play is passed by asking for the next); the state at that end."""
    deadline = time.monotonic() + limit
    while True:
        assert time.monotonic() < deadline, state(pg)["position"]
        pg.wait_for_function(OUR_TURN_OR_END)
        st = state(pg)
        if st["deal_end"] and 0 in st["awaited"]:
            if st["deal_end"].get("tricks"):
                return st
            pg.click("#next-deal")  # a deal without play: on to the next one
            pg.wait_for_function(f"window.__cardroom.state.seq > {st['seq']}")
            continue
        click_legal(pg, choose(st))
        pg.wait_for_function(f"window.__cardroom.state.seq > {st['seq']}")
