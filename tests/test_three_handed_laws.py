"""Laws mode of three-handed auction bridge (document 000 «Трехсторонний окшн-бридж», digest §6.1.5): "Штраф за
заявку вне очереди составляет 50 очков, прибавляемых к счету каждого противника, а за удвоение вне очереди —
100. Если оба пасуют в случае нарушения правил, штраф не взимается, но если пасует только один, третий может
обратить на это внимание." Through the engine, the terminal and the card room."""

from __future__ import annotations

import io
import random
import warnings
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from cardroom.cli.main import main
from cardroom.core.errors import CardroomError, IllegalAction
from cardroom.core.game import CHANCE
from cardroom.core.laws import RulingChoice
from cardroom.core.table import Seat
from cardroom.games import load
from cardroom.games.oldbridge.calls import PASS, OldCall
from cardroom.games.oldbridge.three_handed import ThreeHandedDeal, ThreeHandedMatch
from cardroom.games.oldbridge.three_handed_laws import THREE_TABLE
from cardroom.i18n import t
from cardroom.ui.render import renderer_for
from cardroom.ui.terminal import play
from roomkit import auth, new_table, wait_until

N, E, S = Seat.NORTH, Seat.EAST, Seat.SOUTH


def _match(**options: Any) -> ThreeHandedMatch:
    """A rubber in laws mode, dealt, North (player 1) dealing (no cut)."""
    game = load("three-handed-auction", laws=True, draw_for_first_deal=False, **options)
    state = game.new_initial_state()
    assert isinstance(state, ThreeHandedMatch)
    rng = random.Random(4)
    while state.to_act == CHANCE:
        state.apply(state.sample_chance(rng))
    assert state.deal is not None and state.deal.dealer == N and state.to_act == int(N)
    return state


def _deal(state: ThreeHandedMatch) -> ThreeHandedDeal:
    assert isinstance(state.deal, ThreeHandedDeal)
    return state.deal


def _do(state: ThreeHandedMatch, *texts: str) -> None:
    for text in texts:
        state.apply(state.parse_action(text))


def _finish(state: ThreeHandedMatch) -> None:
    """Everyone passes when he may; the cards: the first legal."""
    n = len(state.results)
    while len(state.results) == n:
        legal = state.legal_actions()
        state.apply(PASS if PASS in legal else legal[0])


def _penalties(state: ThreeHandedMatch) -> dict[str, int]:
    out: dict[str, int] = {}
    for e in state.results[-1].entries:
        if e.kind == "penalty":
            out[Seat(e.player).letter] = out.get(Seat(e.player).letter, 0) + e.points
    return out


def test_the_law_table() -> None:
    t1, t2 = THREE_TABLE.law("T-1"), THREE_TABLE.law("T-2")
    assert t1.kinds == ("bid-out-of-turn",) and t2.kinds == ("double-out-of-turn", "redouble-out-of-turn")
    assert [o.name for o in t1.options] == [o.name for o in t2.options] == ["penalty", "condone"]
    assert "50 очков" in t1.source and "100" in t2.source and "Если оба пасуют" in t1.source


def test_a_bid_out_of_turn_put_to_the_offenders_left_and_penalised() -> None:
    """South bids while North is to call: North, on South's left among the three (the widow's seat skipped),
    rules first; he exacts the penalty: 50 to North and to East, the bid void."""
    state = _match()
    before = _deal(state).calls[:]
    _do(state, "!S 1H")
    view = state.view(state.to_act or 0).deal
    assert view is not None and view.laws is not None
    ruling = view.laws["ruling"]
    assert ruling["law"] == "T-1" and ruling["chooser"] == int(N) and ruling["entitled"] == [int(N), int(E)]
    assert state.to_act == int(N) and set(state.legal_actions()) == {RulingChoice("T-1", "penalty"),
                                                                     RulingChoice("T-1", "condone")}
    _do(state, "ruling T-1 penalty")
    deal = _deal(state)
    assert deal.calls == before and deal.next_seat == N  # the bid is void; North still to call
    assert deal.director is not None and deal.director.pending is None
    _finish(state)
    assert _penalties(state) == {"N": 50, "E": 50}


def test_the_first_lets_it_pass_the_third_calls_attention() -> None:
    """ "если пасует только один, третий может обратить на это внимание"."""
    state = _match()
    _do(state, "!S 1H", "ruling T-1 condone")
    assert state.to_act == int(E)
    ruling = _deal(state).director.pending  # type: ignore[union-attr]
    assert ruling is not None and ruling.chooser == int(E)
    _do(state, "ruling T-1 penalty")
    _finish(state)
    assert _penalties(state) == {"N": 50, "E": 50}


def test_both_let_it_pass_no_penalty_and_the_bid_stands() -> None:
    """ "Если оба пасуют в случае нарушения правил, штраф не взимается": the bid stands as if in turn, the
    auction going on from the offender's left (North, the widow skipped)."""
    state = _match()
    _do(state, "!S 1H", "ruling T-1 condone", "ruling T-1 condone")
    deal = _deal(state)
    assert deal.calls == [(S, OldCall.parse("1H"))] and deal.next_seat == N
    _finish(state)
    assert _penalties(state) == {}
    assert state.results[-1].contract is not None and state.results[-1].contract.declarer == S


def test_a_double_out_of_turn_costs_100_to_each_opponent() -> None:
    state = _match()
    _do(state, "1C")  # North bids; East to call
    _do(state, "!S X")
    assert _deal(state).director.pending.law.number == "T-2"  # type: ignore[union-attr]
    assert state.to_act == int(N)
    _do(state, "ruling T-2 penalty")
    assert _deal(state).doubling == 0 and _deal(state).next_seat == E
    _finish(state)
    assert _penalties(state) == {"N": 100, "E": 100}
    assert state.sheet.total(int(N)) >= 100 and state.sheet.total(int(E)) >= 100


def test_the_option_the_call_stands_under_the_penalty() -> None:
    state = _match(out_of_turn_call="stands")
    _do(state, "!S 1H", "ruling T-1 penalty")
    assert _deal(state).calls == [(S, OldCall.parse("1H"))] and _deal(state).next_seat == N
    _finish(state)
    assert _penalties(state) == {"N": 50, "E": 50}


@pytest.mark.parametrize(("texts", "why"), [
    (["!N 1H"], "three.laws_no_law"),  # North is to call: no irregularity, he simply bids
    (["!S pass"], "three.laws_no_law"),  # a pass out of turn is no bid out of turn
    (["!S AS"], "three.laws_no_law"),  # no card law for the variety
    (["!W 1H"], "three.laws_no_law"),  # the widow's seat calls nothing
    (["1NT", "!S 1C"], "three.laws_not_a_call"),  # insufficient even in turn
    (["!S 1H", "ruling T-2 penalty"], "oldbridge.ruling_pending"),  # the wrong law
    (["!S 1H", "1S"], "oldbridge.ruling_pending"),  # the auction waits for the ruling
    (["ruling T-1 penalty"], "oldbridge.no_ruling"),
])
def test_refusals_leave_the_state_unchanged(texts: list[str], why: str) -> None:
    state = _match()
    _do(state, *texts[:-1])
    before = _deal(state).snapshot()
    with pytest.raises(IllegalAction) as e:
        _do(state, texts[-1])
    assert e.value.reason is not None and e.value.reason.key == why
    assert _deal(state).snapshot() == before


def test_casual_play_refuses_irregular_actions() -> None:
    game = load("three-handed-auction", draw_for_first_deal=False)
    state = game.new_initial_state()
    rng = random.Random(4)
    while state.to_act == CHANCE:
        state.apply(state.sample_chance(rng))
    before = state.deal.snapshot()
    with pytest.raises(CardroomError):  # not laws mode: no '!' action is read or applied
        state.apply(state.parse_action("!S 1H"))
    assert state.deal.snapshot() == before


def test_the_record_replays_with_its_rulings() -> None:
    from cardroom.records.registry import state_from_dict

    state = _match()
    _do(state, "!S 1H", "ruling T-1 condone", "ruling T-1 penalty")
    _finish(state)
    from cardroom.records.registry import record_dict

    rec = record_dict(state)
    replayed = state_from_dict(rec)
    assert replayed.sheet_dict() == state.sheet_dict()
    assert any(a.startswith("!S") for a in rec["actions"]) and "ruling T-1 penalty" in rec["actions"]


# --------------------------------------------------------------------------- the terminal
@dataclass
class Ruler:
    """The user (South) rules on the others' calls out of turn: he lets the first pass ("condone", typed by
    name), exacts the others (the menu's number 1); otherwise the first legal action; quit after 200."""

    state: Any
    lang: str
    out: io.StringIO = field(default_factory=io.StringIO)
    sent: int = 0
    menus: list[str] = field(default_factory=list)

    def __call__(self, prompt: str) -> str:
        self.out.write(prompt + "\n")
        self.sent += 1
        if prompt == t("quit_confirm", self.lang):
            return "y" if self.lang == "en" else "да"
        if self.sent > 200:
            return "quit" if self.lang == "en" else "выход"
        r = renderer_for(self.state.game)
        view = r.deal_view(self.state, int(self.state.to_act))
        ruling = r.ruling(view)
        if ruling is not None:
            self.menus.append(ruling["law"])
            return "condone" if len(self.menus) == 1 else "1"
        a = view.legal[0]
        return r.typed(a, self.lang)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_terminal_user_rules_on_a_call_out_of_turn(lang: str) -> None:
    game = load("three-handed-auction", laws=True)
    state = game.new_initial_state()
    game.new_initial_state = lambda: state  # type: ignore[method-assign]  # the session plays this state
    user = Ruler(state, lang)
    play(game, seed=2, lang=lang, ask=user, out=user.out, bots="rule", irregularities=0.3)
    text = user.out.getvalue()
    assert user.menus and set(user.menus) <= {"T-1", "T-2"}
    title = t("ob.laws.title." + user.menus[0], lang)
    assert title in text and t("ob.laws.opt.condone", lang) in text
    assert t("ob.laws_on.three-handed-auction", lang) in text
    irregular = [ln for ln in text.splitlines() if t("ob.laws.kind.bid-out-of-turn", lang) in ln
                 or t("ob.laws.kind.double-out-of-turn", lang) in ln]
    assert irregular
    penalised = [e for r in state.results for e in r.entries if e.kind == "penalty"]
    assert penalised and all(e.points in (50, 100) for e in penalised)


def test_the_terminal_auto_laws_match_finishes_with_its_sheet(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "en", "play", "three-handed-auction", "--laws", "--auto", "--seed", "1",
                 "--irregularities", "0.3"]) == 0
    out = capsys.readouterr().out
    assert "Three-handed law" in out and "(penalty)" in out and "Settlement:" in out


# --------------------------------------------------------------------------- the card room
@pytest.fixture
def client(tmp_path: Path) -> Iterator[Any]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from fastapi.testclient import TestClient
    from cardroom.room.app import create_app

    with TestClient(create_app(f"sqlite:///{tmp_path}/room.sqlite")) as c:
        yield c


def test_a_room_player_calls_out_of_turn_and_the_opponents_rule(client: Any) -> None:
    tid, owner = new_table(client, "three-handed-auction", {"laws": True, "draw_for_first_deal": False}, seed=3)
    tokens = [client.post(f"/api/tables/{tid}/seats/{s}", json={"name": f"P{s}"}).json()["token"] for s in range(3)]
    info = wait_until(client, tid, lambda i: i["to_act"] is not None)
    assert info["to_act"] == 0  # North deals and calls first
    r = client.post(f"/api/tables/{tid}/actions", json={"irregular": "!S 1H", "seq": info["seq"]},
                    headers=auth(tokens[2]))
    assert r.status_code == 200, r.text
    st = client.get(f"/api/tables/{tid}/state", headers=auth(tokens[0])).json()
    assert st["to_act"] == 0
    r = client.post(f"/api/tables/{tid}/actions", json={"action": "ruling T-1 condone", "seq": st["seq"]},
                    headers=auth(tokens[0]))
    assert r.status_code == 200, r.text
    st = client.get(f"/api/tables/{tid}/state", headers=auth(tokens[1])).json()
    assert st["to_act"] == 1
    r = client.post(f"/api/tables/{tid}/actions", json={"action": "ruling T-1 penalty", "seq": st["seq"]},
                    headers=auth(tokens[1]))
    assert r.status_code == 200, r.text
    from cardroom.room.testing import live_record

    actions = live_record(client, tid)["actions"]
    assert actions[-3:] == ["!S 1H", "ruling T-1 condone", "ruling T-1 penalty"]
    st = client.get(f"/api/tables/{tid}/state", headers=auth(tokens[0])).json()
    assert st["to_act"] == 0 and st["view"]["deal"]["laws"]["penalties"] == [["S", 50]]
    del owner
