"""Laws mode in the browser (issue 7: "a browser test plays a lead out of turn in a bridge deal and has
the other side choose a penalty").

A real server (bot delay 2.5 s, so that a person can act before a bot does), Debian's chromium.
We open a laws-mode bridge table from the lobby and sit at N; E is a second person we hold through
the API; S and W are bots. E declares a grand slam; we pass by clicking. When the opening lead is
S's (a bot's), we switch on "act out of turn / irregularly" and click a card of our own hand: after
the confirmation it is sent as an irregular action. The page shows the ruling (Law 24, the offender,
what happened, the options, who chooses); E (declarer, the other side) chooses the penalty card and
a lead restriction through the API; the page shows the penalty card face up and the restriction,
and when our turn comes with the penalty card playable it is the only card we may play. The stored
actions hold the irregular lead and both rulings. Screenshots in tests/artifacts/laws-*.png.
"""

from __future__ import annotations

import json
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest

import browserkit
from browserkit import page_in, server_fixture, shot, state
from cardroom.room.testing import ServerProcess
from roomkit import hand_of
from test_room_browser import deal_of, open_table, stored_actions

BOT_DELAY = 2.5


server = server_fixture("browser-laws", "server-stderr-laws.log", bot_delay=BOT_DELAY)
browser = browserkit.browser


@pytest.fixture()
def page(browser: Any, server: ServerProcess) -> Iterator[Any]:
    with page_in(browser, viewport={"width": 1100, "height": 1000}) as pg:
        yield pg


def call(server: ServerProcess, method: str, path: str, token: str | None = None, body: Any = None) -> Any:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    req = urllib.request.Request(server.base + path, method=method, headers=headers,
                                 data=None if body is None else json.dumps(body).encode())
    with urllib.request.urlopen(req, timeout=10) as r:
        return json.load(r)


def east_call(m: dict[str, Any]) -> str:
    """E's call: a grand slam at its first turn in a strain partner W has not named (so E declares),
    then pass."""
    d = deal_of(m)
    order = "NESW"
    first = order.index(d["dealer"])
    by = [(order[(first + i) % 4], c) for i, c in enumerate(d["auction"])]
    texts = {x["text"] for x in m["legal"]}
    if any(seat == "E" and c.startswith("7") for seat, c in by):
        return "Pass"
    partner = {c[1:] for seat, c in by if seat == "W" and c[:1].isdigit()}
    return next((f"7{s}" for s in ("NT", "S", "H", "D", "C") if s not in partner and f"7{s}" in texts), "Pass")


def test_lead_out_of_turn_by_clicking_and_the_other_side_chooses(page: Any, server: ServerProcess) -> None:
    tokens: dict[int, str] = {}

    def sit_east(table: str) -> None:
        tokens[1] = call(server, "POST", f"/api/tables/{table}/seats/1", body={"name": "Boris"})["token"]

    table = open_table(page, server, "bridge", {"laws": True}, bots=[2, 3], before_bots=sit_east)
    info = call(server, "GET", f"/api/tables/{table}")
    assert info["laws"] is True and info["options"]["laws"] is True
    assert page.locator("#laws-panel").count() == 1 and page.locator("#irregular-toggle").count() == 1

    # E (through the API) bids a grand slam and passes after; we pass by clicking
    stop = threading.Event()
    problems: list[str] = []

    def east() -> None:
        while not stop.is_set():
            try:
                m = call(server, "GET", f"/api/tables/{table}/state", tokens[1])
                if deal_of(m).get("phase") not in (None, "auction") or m["over"]:
                    return
                if m["to_act"] != 1 or not m["legal"]:
                    time.sleep(0.05)
                    continue
                call(server, "POST", f"/api/tables/{table}/actions", tokens[1],
                     {"action": east_call(m), "seq": m["seq"]})
            except urllib.error.HTTPError as e:
                if e.code != 409:
                    problems.append(f"{e.code} {e.read()!r}")
                    return
            except Exception as e:  # reported below
                problems.append(repr(e))
                return

    worker = threading.Thread(target=east, daemon=True)
    worker.start()
    deadline = time.monotonic() + 90
    while True:
        assert time.monotonic() < deadline, state(page)["position"]
        page.wait_for_function(
            "() => { const s = window.__cardroom.state; const d = s && s.view.deal;"
            " return d && (d.phase === 'play' || (s.legal.length > 0"
            " && document.querySelector('#table').dataset.seq == String(s.seq))); }", timeout=30_000)
        st = state(page)
        if deal_of(st)["phase"] == "play":
            break
        pass_id = next(x["id"] for x in st["legal"] if x["text"] == "Pass")
        page.click(f"[data-legal-id='{pass_id}']")
        page.wait_for_function(f"window.__cardroom.state.seq > {st['seq']}")
    stop.set()
    worker.join(5)
    assert problems == []
    st = state(page)
    d = deal_of(st)
    assert d["declarer"] == "E" and st["to_act"] == 2, f"E declares, S (a bot) leads: {d}"
    tb = st["view"]["table"]  # the trick and the tricks are the table's
    assert not tb["trick"]["plays"] and not tb["tricks"], "S has not led yet (the bot waits)"
    seq = st["seq"]

    # the toggle makes our own cards clickable as irregular actions; a confirmation first
    assert page.locator("[data-hand='0'] .card.irregular").count() == 0
    page.click("#irregular-toggle")
    cards = page.locator("[data-hand='0'] .card.irregular")
    assert cards.count() == len(hand_of(st) or []) == 13
    assert page.locator("[data-legal-id]").count() == 0, "nothing is legal for us: only irregular actions"
    shot(page, "laws-1-toggle-on")
    card = str(cards.first.get_attribute("data-card"))
    dialogs: list[str] = []

    def accept(dlg: Any) -> None:
        dialogs.append(dlg.message)
        dlg.accept()

    page.once("dialog", accept)
    cards.first.click()
    page.wait_for_function(f"window.__cardroom.state.seq > {seq}")
    assert dialogs and "irregular" in dialogs[0]
    st = state(page)
    assert st["seq"] == seq + 1, "our irregular lead came before S's lead"
    ruling = deal_of(st)["laws"]["ruling"]
    assert ruling["law"] == "L24" and ruling["irregularity"]["offender"] == 0 and ruling["chooser"] == 1
    assert st["to_act"] == 1 and st["legal"] == []
    # the page shows the ruling plainly: the law, who offended, what happened, who chooses, the options
    page.wait_for_selector("#ruling[data-law='L24']")
    panel = page.inner_text("#ruling")
    assert "Law 24: Lead out of turn" in panel  # the law named as the terminal names it
    assert "N (Anna)" in page.inner_text("#ruling-offender")
    assert "lead out of turn" in page.inner_text("#ruling-what")
    assert "E (Boris)" in page.inner_text("#ruling-waiting")
    shown = page.eval_on_selector_all("#ruling [data-effect]", "els => els.map(e => e.dataset.effect)")
    assert shown == [o["effect"] for o in ruling["options"]], "every option with the engine's effect text"
    for o in ruling["options"]:
        assert o["effect"] in panel
    shot(page, "laws-2-ruling-pending")

    # E (declarer: the other side) opens the table in a second browser, in Russian, with its seat
    # token, and chooses the penalty card by clicking: the options are buttons for the chooser only
    e_msg = call(server, "GET", f"/api/tables/{table}/state", tokens[1])
    assert "ruling L24 penalty-card" in [x["text"] for x in e_msg["legal"]]
    ectx = page.context.browser.new_context(bypass_csp=True, viewport={"width": 1100, "height": 1000}, locale="ru-RU")
    epage = ectx.new_page()
    eerrors: list[str] = []
    epage.on("pageerror", lambda e: eerrors.append(str(e)))
    epage.goto(server.base + "/")
    epage.evaluate(f"() => {{ localStorage.setItem('cardroom:lang', 'ru');"
                   f" localStorage.setItem('cardroom:token:{table}:1', {json.dumps(tokens[1])}); }}")
    epage.goto(f"{server.base}/?table={table}&seat=1")
    epage.wait_for_selector("#ruling-options [data-option='penalty-card']")
    ru = epage.inner_text("#ruling")
    assert "Закон 24: Ход не в очередь" in ru and "Нарушитель" in ru and "Выберите решение" in ru
    assert epage.inner_text("#ruling-options [data-option='penalty-card']") == "штрафная карта"
    assert "карта возвращается и становится штрафной" in ru  # the effect in Russian
    ids = epage.eval_on_selector_all("[data-legal-id]", "els => els.map(e => Number(e.dataset.legalId))")
    assert sorted(ids) == sorted(x["id"] for x in e_msg["legal"])
    shot(epage, "laws-2b-chooser-ru")
    epage.click("#ruling-options [data-option='penalty-card']")
    epage.wait_for_selector("#ruling[data-law='L23']")
    assert eerrors == []
    ectx.close()
    # the page shows the card face up as a penalty card, and the next ruling (Law 23: declarer may
    # require or forbid the lead of its suit by the offender's partner; choosing a lead penalty would
    # let the offender pick the card up) — E waives it, so the penalty card stays
    page.wait_for_selector(f"#face-up [data-face-up='N'] [data-card='{card}']")
    page.wait_for_selector("#ruling[data-law='L23']")
    assert "Penalty cards" in page.inner_text("#ruling")
    restrictions = page.inner_text("#restrictions")
    assert "N penalty cards" in restrictions
    shot(page, "laws-3-penalty-card-face-up")
    e_msg = call(server, "GET", f"/api/tables/{table}/state", tokens[1])
    assert deal_of(e_msg)["laws"]["ruling"]["law"] == "L23"
    suit = card[-1]
    assert f"ruling L23 require-{suit}" in [x["text"] for x in e_msg["legal"]]
    call(server, "POST", f"/api/tables/{table}/actions", tokens[1], {"action": "ruling L23 waive", "seq": e_msg["seq"]})
    page.wait_for_function(f"window.__cardroom.state.seq >= {seq + 3}")
    page.wait_for_function("() => !document.querySelector('#ruling')")
    assert page.locator(f"#face-up [data-face-up='N'] [data-card='{card}']").count() == 1
    # the spectator's view (public) shows the penalty card too
    public = call(server, "GET", f"/api/tables/{table}/state")
    assert deal_of(public)["laws"]["face_up"] == {"N": [card]}
    actions = stored_actions(server, table)
    assert actions[seq:seq + 3] == [f"!N {card}", "ruling L24 penalty-card", "ruling L23 waive"]

    # S leads (a bot, bound by the restriction when it can), declarer E plays dummy W's card (through
    # the API); at our turn a playable penalty card is the only card we may play
    deadline = time.monotonic() + 30
    while True:
        assert time.monotonic() < deadline, "our turn did not come"
        m = call(server, "GET", f"/api/tables/{table}/state", tokens[1])
        if m["to_act"] == 0:
            break
        if m["to_act"] == 1 and m["legal"]:
            call(server, "POST", f"/api/tables/{table}/actions", tokens[1], {"action": 0, "seq": m["seq"]})
        time.sleep(0.05)
    page.wait_for_function(
        "() => { const s = window.__cardroom.state; return s.to_act === 0 && s.legal.length > 0; }", timeout=30_000)
    st = state(page)
    d = deal_of(st)
    legal = [x["text"] for x in st["legal"]]
    plays = st["view"]["table"]["trick"]["plays"]
    led = plays[0][1] if plays else None
    if card in legal:
        assert legal == [card], "a penalty card must be played at the first legal opportunity"
    else:
        assert led is not None and led[-1] != suit
    # claims and concessions are offered in the play (the other side rules on them: L32-L33)
    assert page.locator("#claims #claim").count() == 1 and page.locator("#claims #concede").count() == 1
    assert page.locator("#claim-tricks option").count() == 14  # 13 … 0 of the remaining tricks
    shot(page, "laws-4-our-turn")
    actions = stored_actions(server, table)
    assert actions[seq + 3:]  # the bots' play goes on after the rulings
    # the lobby's list of tables marks the laws-mode table
    page.goto(server.base + "/")
    page.wait_for_selector(f"[data-table='{table}'] [data-laws]")
