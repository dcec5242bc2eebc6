"""The F2 foreign variant (document 004, digest §10.2; games/preferans/foreign_f2.py): its deal engine (the
F2 ladder, the all-pass without play, contra and recontra), its sheet (the contracts column from −start, the
hat and the inverted hat, refets and their limit, whists per opponent, shortfall penalties), the final count
and the sheet as drawn. The four vectors of the document are checked in test_preferans_vectors.py."""

from __future__ import annotations

import random
import subprocess
import sys
from collections.abc import Mapping, Sequence
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardroom.bots.preferans import PreferansBot
from cardroom.core.cards import CardSet
from cardroom.core.game import CHANCE
from cardroom.games.preferans.calls import (
    CONTRA,
    MISERE,
    MISERE_NO_TALON,
    PASS,
    PLAY,
    RECONTRA,
    WHIST,
    PrefCall,
    game_bid,
    without_talon_of,
)
from cardroom.games.preferans.f2_drawing import column_order, draw_f2
from cardroom.games.preferans.foreign_f2 import F2Deal, F2Sheet, call_value, doublings_of, ladder
from cardroom.games.preferans.game import Preferans
from cardroom.games.preferans.result import PrefDealResult
from cardroom.games.preferans.rules import PH_DEFENCE, PH_OVER, PH_PLAY, PH_WHIST
from cardroom.games.preferans.variants import make_variant

SPADES, CLUBS, DIAMONDS, HEARTS, NT = (game_bid(6, s) for s in range(5))
F2 = make_variant("f2")


def res(kind: str, declarer: int | None = None, contract: PrefCall | None = None,
        tricks: Mapping[int, int] | None = None, whisters: Sequence[int] = (), passers: Sequence[int] = (),
        calls: Sequence[tuple[int, str]] = ()) -> PrefDealResult:
    t = [(tricks or {}).get(s, 0) for s in range(3)]
    return PrefDealResult(players=3, dealer=2, active=(0, 1, 2), kind=kind, declarer=declarer,
                          contract=None if contract is None else int(contract), level=6 if kind == "game" else 0,
                          tricks=tuple(t), whisters=tuple(whisters), passers=tuple(passers), half_whister=None,
                          returned_by=None, open_defence=False, talon=0, raspasy_round=0, whist_calls=tuple(calls))


def dealt(variant: str = "f2", seed: int = 1, **options: object) -> F2Deal:
    game = Preferans(variant, 3, **options)
    deal = game.new_deal(dealer=2)
    assert isinstance(deal, F2Deal)
    deal.apply(deal.sample_chance(random.Random(seed)))
    return deal


def declare_spades(deal: F2Deal) -> None:
    """Seat 0 bids two (spades), the others pass; he discards two cards and declares spades."""
    deal.apply(SPADES)
    deal.apply(PASS)
    deal.apply(PASS)
    assert deal.declarer == 0
    for _ in range(2):
        deal.apply(next(a for a in deal.legal_actions() if type(a) is not PrefCall))
    assert deal.legal_actions()[0] == SPADES  # a game not lower than the bid
    deal.apply(SPADES)


def play_out(deal: F2Deal) -> None:
    while deal.phase == PH_PLAY:
        deal.apply(deal.legal_actions()[0])
    assert deal.phase == PH_OVER


# ---------------------------------------------------------------------- the deal


def test_the_ladder_goes_by_ordinal_each_contract_with_then_without_the_talon() -> None:
    wt = without_talon_of
    full = (SPADES, wt(SPADES), DIAMONDS, wt(DIAMONDS), HEARTS, wt(HEARTS), CLUBS, wt(CLUBS), MISERE,
            MISERE_NO_TALON, NT, wt(NT))
    assert ladder(F2) == full
    assert [call_value(c) for c in full] == [4, 6, 6, 8, 8, 10, 10, 12, 12, 14, 14, 16]
    assert NT not in ladder(make_variant("f2", f2_sans=False))
    deal = dealt()
    assert deal.legal_actions() == [PASS, *full]
    deal.apply(CLUBS)
    assert deal.legal_actions() == [PASS, wt(CLUBS), MISERE, MISERE_NO_TALON, NT, wt(NT)]  # only higher


def test_all_pass_ends_the_deal_without_play() -> None:
    deal = dealt()
    for _ in range(3):
        deal.apply(PASS)
    assert deal.phase == PH_OVER and deal.to_act is None
    r = deal.result()
    assert r.kind == "passed" and r.declarer is None and r.tricks == (0, 0, 0)


def test_contra_and_recontra_double_and_redouble_the_game() -> None:
    deal = dealt()
    declare_spades(deal)
    assert deal.phase == PH_WHIST
    deal.apply(WHIST)  # seat 1
    deal.apply(PASS)  # seat 2
    assert deal.phase == PH_DEFENCE and deal.to_act == 1 and deal.legal_actions() == [PLAY, CONTRA]
    deal.apply(CONTRA)
    assert deal.to_act == 0 and deal.legal_actions() == [PLAY, RECONTRA]
    deal.apply(RECONTRA)
    assert deal.phase == PH_PLAY  # two doublings, the agreed most
    play_out(deal)
    r = deal.result()
    assert doublings_of(r) == 2 and r.whisters == (1,) and r.passers == (2,)
    sheet = F2Sheet(F2, 3)
    line = sheet.add(r)[0]
    assert line.multiplier == 4 and line.value == 4 * 4  # spades (2) with the talon: 4, ×4


def test_further_doublings_go_back_to_the_defender_and_two_whisters_each_may_double() -> None:
    deal = dealt(f2_max_doublings=3)
    declare_spades(deal)
    deal.apply(WHIST)
    deal.apply(WHIST)
    assert deal.to_act == 1
    deal.apply(PLAY)  # the first whister does not double: the second may
    assert deal.to_act == 2 and deal.legal_actions() == [PLAY, CONTRA]
    deal.apply(CONTRA)
    deal.apply(RECONTRA)
    assert deal.to_act == 2 and deal.legal_actions() == [PLAY, CONTRA]  # «и т. д.»
    deal.apply(CONTRA)
    assert deal.phase == PH_PLAY and deal.doublings == 3
    deal2 = dealt()
    declare_spades(deal2)
    deal2.apply(WHIST)
    deal2.apply(WHIST)
    deal2.apply(PLAY)
    deal2.apply(PLAY)
    assert deal2.phase == PH_PLAY and deal2.doublings == 0


def test_nobody_whists_the_game_counts_as_made_and_no_doublings_when_none_agreed() -> None:
    deal = dealt()
    declare_spades(deal)
    deal.apply(PASS)
    deal.apply(PASS)
    assert deal.phase == PH_OVER and deal.result().kind == "unplayed"
    deal = dealt(f2_max_doublings=0)
    declare_spades(deal)
    deal.apply(WHIST)
    deal.apply(PASS)
    assert deal.phase == PH_PLAY


@pytest.mark.parametrize("closed", [True, False])
def test_bettel_is_caught_closed_unless_agreed_otherwise(closed: bool) -> None:
    deal = dealt(f2_bettel_closed=closed)
    deal.apply(MISERE)
    deal.apply(PASS)
    deal.apply(PASS)
    for _ in range(2):
        deal.apply(next(a for a in deal.legal_actions() if type(a) is not PrefCall))
    deal.apply(PLAY)
    deal.apply(PLAY)
    for _ in range(3):
        deal.apply(deal.legal_actions()[0])
    assert len(deal.tricks) == 1
    shown = deal.view(0).exposed  # the declarer's view after the first trick
    assert (shown == {}) is closed
    assert (deal.visible_mask(0) & deal.hands[1] == 0) is closed


def test_bettel_is_played_by_both_defenders_without_trumps_and_may_be_doubled() -> None:
    deal = dealt()
    deal.apply(MISERE)
    deal.apply(PASS)
    deal.apply(PASS)
    for _ in range(2):
        deal.apply(next(a for a in deal.legal_actions() if type(a) is not PrefCall))
    assert deal.kind == "misere" and deal.phase == PH_DEFENCE and deal.to_act == 1
    deal.apply(PLAY)
    assert deal.to_act == 2
    deal.apply(CONTRA)
    deal.apply(PLAY)
    assert deal.phase == PH_PLAY and deal.trump is None
    play_out(deal)
    assert doublings_of(deal.result()) == 1


def test_a_contract_without_the_talon_leaves_the_talon_and_the_face_down_convention() -> None:
    deal = dealt()
    deal.apply(without_talon_of(CLUBS))
    deal.apply(PASS)
    deal.apply(PASS)
    assert deal.phase == PH_WHIST and deal.contract == without_talon_of(CLUBS) and not deal.talon_shown
    assert call_value(deal.contract) == 12
    deal = dealt(f2_talon_face_down=True)
    deal.apply(SPADES)
    deal.apply(PASS)
    deal.apply(PASS)
    assert deal.view(1).talon == 0 and deal.view(0).hand & deal.talon == deal.talon  # C29: taken face down
    deal = dealt()
    deal.apply(SPADES)
    deal.apply(PASS)
    deal.apply(PASS)
    assert deal.view(1).talon == deal.talon


# ---------------------------------------------------------------------- the sheet


def test_whisters_write_per_trick_a_failed_game_counts_five_at_most_and_shortfall_is_penalised() -> None:
    sheet = F2Sheet(F2, 3)
    # clubs (10) made with 7; B whisted with 1 trick (short of 2: penalised 10), C with 2
    sheet.add(res("game", 0, CLUBS, {0: 7, 1: 1, 2: 2}, (1, 2)))
    assert (sheet.contracts(0), sheet.contracts(1), sheet.contracts(2)) == (-20, -40, -30)
    assert sheet.whists(1, 0) == 10 and sheet.whists(2, 0) == 20
    # diamonds (6) failed with 3: C whisting alone, B passing; C writes for his and the invited B's tricks,
    # at most five
    sheet.add(res("game", 0, DIAMONDS, {0: 3, 1: 3, 2: 4}, (2,), (1,)))
    assert sheet.contracts(0) == -26 and sheet.whists(2, 0) == 20 + 5 * 6 and sheet.whists(1, 0) == 10
    # a made Bettel: the declarer writes it off, nobody whists
    sheet.add(res("misere", 1, MISERE, {1: 0, 0: 5, 2: 5}))
    assert sheet.contracts(1) == -28 and sheet.whists(0, 1) == sheet.whists(2, 1) == 0
    alone = F2Sheet(make_variant("f2", f2_passer_invited=False), 3)  # the passer's tricks count for nobody
    alone.add(res("game", 0, DIAMONDS, {0: 3, 1: 3, 2: 4}, (2,), (1,)))
    assert alone.whists(2, 0) == 4 * 6 and alone.contracts(2) == -30
    alone.add(res("game", 0, DIAMONDS, {0: 6, 1: 3, 2: 1}, (2,), (1,)))
    assert alone.contracts(2) == -36  # one trick of his own: short of two
    strict = F2Sheet(make_variant("f2", f2_shortfall_when_failed=False), 3)
    strict.add(res("game", 0, DIAMONDS, {0: 4, 1: 5, 2: 1}, (1, 2)))  # failed: C's one trick is not penalised
    assert strict.contracts(2) == -30 and strict.contracts(0) == -36


def test_the_hat_and_the_inverted_hat() -> None:
    sheet = F2Sheet(F2, 3)
    for _ in range(2):
        sheet.add(res("unplayed", 0, CLUBS, {0: 6}))
    assert sheet.contracts(0) == -10 and not sheet.under_hat(0)
    line = sheet.add(res("unplayed", 0, without_talon_of(CLUBS), {0: 6}))[0]
    assert sheet.contracts(0) == 2 and sheet.under_hat(0) and line.hats[0] == "hat"
    line = sheet.add(res("game", 0, DIAMONDS, {0: 5, 1: 5}, (1,), (2,)))[0]
    assert sheet.contracts(0) == -4 and not sheet.under_hat(0) and line.hats[0] == "inverted-hat"


def test_refets_their_limit_and_no_refets_while_somebody_is_under_the_hat() -> None:
    sheet = F2Sheet(F2, 3)  # from 30: only one refet
    assert sheet.max_refets == 1
    assert sheet.add(res("passed"))[0].event == "refets"
    assert [sheet.refets(s) for s in range(3)] == [1, 1, 1]
    assert sheet.add(res("passed"))[0].event == "passed"  # «всеобщий пас не дает никаких эффектов»
    line = sheet.add(res("game", 1, CLUBS, {1: 5, 0: 5}, (0,), (2,)))[0]  # failed on the refet: the refet goes
    assert line.refet_used and line.multiplier == 2 and sheet.contracts(1) == -50 and sheet.refets(1) == 0
    fifty = F2Sheet(make_variant("f2", f2_start=50), 3)
    assert fifty.max_refets == 3
    events = [fifty.add(res("passed"))[0].event for _ in range(4)]
    assert events == ["refets", "refets", "refets", "passed"] and fifty.refets(0) == 3
    hat = F2Sheet(make_variant("f2", f2_start=10), 3)
    hat.add(res("unplayed", 0, without_talon_of(CLUBS), {0: 6}))  # 12 ≥ 10: under the hat
    assert hat.under_hat(0) and hat.add(res("passed"))[0].event == "passed"


def test_the_spades_convention_writes_nothing_and_gives_refets() -> None:
    sheet = F2Sheet(make_variant("f2", f2_spades_rule=True, f2_start=50), 3)
    line = sheet.add(res("game", 0, SPADES, {0: 7, 1: 3}, (1,), (2,)))[0]
    assert line.event == "nothing" and sheet.contracts(0) == -50 and sheet.whists(1, 0) == 0
    assert sheet.refets(0) == 1
    line = sheet.add(res("game", 0, SPADES, {0: 7, 1: 3}, (1,), (2,), ((1, "whist"), (2, "pass"), (1, "contra"))))[0]
    assert line.event == "game" and line.multiplier == 4  # doubled, and on A's refet


_KINDS = st.sampled_from(["game", "unplayed", "misere", "passed"])


@st.composite
def _results(draw: st.DrawFn) -> PrefDealResult:
    kind = draw(_KINDS)
    if kind == "passed":
        return res("passed")
    d = draw(st.integers(0, 2))
    others = [s for s in range(3) if s != d]
    if kind == "misere":
        mine = draw(st.integers(0, 3))
        a = draw(st.integers(0, 10 - mine))
        return res("misere", d, draw(st.sampled_from([MISERE, MISERE_NO_TALON])),
                   {d: mine, others[0]: a, others[1]: 10 - mine - a},
                   calls=tuple((others[0], "contra") for _ in range(draw(st.integers(0, 1)))))
    call = draw(st.sampled_from([c for c in ladder(F2) if c.is_game]))
    if kind == "unplayed":
        return res("unplayed", d, call, {d: 6})
    whisters = draw(st.sampled_from([others, others[:1], others[1:]]))
    mine = draw(st.integers(0, 10))
    a = draw(st.integers(0, 10 - mine))
    calls = tuple((whisters[0], "contra") for _ in range(draw(st.integers(0, 1))))
    return res("game", d, call, {d: mine, others[0]: a, others[1]: 10 - mine - a}, whisters,
               [s for s in others if s not in whisters], calls)


@settings(max_examples=60, deadline=None)
@given(st.lists(_results(), max_size=25), st.sampled_from([30, 50]))
def test_sheet_properties(results: list[PrefDealResult], start: int) -> None:
    v = make_variant("f2", f2_start=start, f2_deal_limit=1000)
    sheet = F2Sheet(v, 3)
    written = []
    for r in results:
        if sheet.is_over:
            break
        before = [[sheet.whists(a, b) for b in range(3)] for a in range(3)]
        sheet.add(r)
        written.append(r)
        assert all(sheet.whists(a, b) >= before[a][b] for a in range(3) for b in range(3))  # never reduced
        for s in range(3):
            assert sheet.under_hat(s) == (sheet.contracts(s) >= 0)  # the hat marks the sign of the column
        assert sheet.f2.refets_given <= sheet.max_refets
    for s in range(3):  # each column: −start and the running values written on it
        rec = sheet.contracts_record(s)
        assert rec[0] == -start and rec[-1] == sheet.contracts(s)
    settled = sheet.settle()
    assert sum(settled.balance) == 0 and sum(settled.normalised) == 0
    for a in range(3):
        assert settled.balance[a] == 10 * settled.normalised[a] + sum(
            sheet.whists(a, b) - sheet.whists(b, a) for b in range(3))
    again = F2Sheet.from_results(written, v, 3)
    assert again == sheet and again.to_dict() == sheet.to_dict()
    copy = sheet.copy()
    if not copy.is_over:
        copy.add(res("unplayed", 0, CLUBS, {0: 6}))
        assert copy.contracts(0) == sheet.contracts(0) + 10 * (2 if sheet.refets(0) else 1)
        assert sheet.to_dict() == again.to_dict()  # the copy is independent


# ---------------------------------------------------------------------- played by bots, drawn


@pytest.mark.parametrize(("players", "seed"), [(3, 1), (3, 7), (4, 2)])
def test_bots_play_a_whole_f2_pulka(players: int, seed: int) -> None:
    game = Preferans("f2", players)
    state = game.new_initial_state()
    bots = [PreferansBot(s) for s in range(players)]
    rng = random.Random(seed)
    steps = 0
    while not state.is_over:
        who = state.to_act
        if who == CHANCE:
            state.apply(state.sample_chance(rng))
        else:
            assert who is not None
            state.apply(bots[who].choose(state.view(who)))
        steps += 1
        assert steps < 20000
    sheet = state.sheet
    assert isinstance(sheet, F2Sheet) and sheet.is_over
    assert sheet.recomputed(state.results) == sheet
    assert sum(sheet.settle().balance) == 0


def test_the_command_line_plays_f2_to_the_end() -> None:
    out = subprocess.run([sys.executable, "-m", "cardroom", "play", "preferans", "--variant", "f2", "--auto",
                          "--seed", "1"], capture_output=True, text=True, timeout=600,
                         cwd=Path(__file__).parents[1], env={"PYTHONPATH": "src", "PATH": "/usr/bin:/bin"})
    assert out.returncode == 0, out.stderr
    assert "written off from 30" in out.stdout or "списывают с 30" in out.stdout
    assert "Settlement" in out.stdout or "Расчёт" in out.stdout


def _worked_sheet() -> F2Sheet:
    sheet = F2Sheet(F2, ["A", "B", "C"])
    sheet.add(res("game", 2, DIAMONDS, {2: 6, 0: 2, 1: 2}, (0, 1)))
    sheet.add(res("game", 1, CLUBS, {1: 7, 2: 3}, (2,), (0,)))
    sheet.add(res("passed"))
    sheet.add(res("game", 0, CLUBS, {0: 7, 2: 3}, (2,), (1,)))
    return sheet


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_sheet_is_drawn_as_the_document_draws_it(lang: str) -> None:
    """«Пример записи»: the blocks «На С Контракт На В | На А Контракт На С | На В Контракт На А» and the five
    lines with the numbers where the document writes them."""
    sheet = _worked_sheet()
    assert [column_order(s, 3) for s in range(3)] == [[2, None, 1], [0, None, 2], [1, None, 0]]
    lines = draw_f2(sheet, lang)
    rows = [ln for ln in lines if ln.count("|") == 2][2:]  # under the two header lines
    assert len(rows) == 5

    def cells(row: str) -> list[str]:
        table = row.rsplit("|", 2)
        width = len(table[0])
        return [c.strip() for c in (row[:width], row[width + 1: 2 * width + 1], row[2 * width + 2: 3 * width + 2])
                for c in (c[0:7], c[7:14], c[14:21])]

    # (A on C, A contracts, A on B, B on A, B contracts, B on C, C on B, C contracts, C on A)
    assert cells(rows[0]) == ["", "-30", "", "", "-30", "", "", "-30", ""]
    assert cells(rows[1]) == ["12", "", "", "", "", "12", "", "-24", ""]
    assert cells(rows[2]) == ["", "", "", "", "-20", "", "30", "", ""]
    assert cells(rows[3]) == ["—"] * 9
    assert cells(rows[4]) == ["", "-10®", "", "", "", "", "", "", "60"]
    assert lines[-1].endswith("A +32, B -38, C +6")


def test_the_terminal_draws_the_f2_sheet() -> None:
    from cardroom.ui.render import renderer_for

    game = Preferans("f2", 3)
    state = game.new_initial_state()
    state.sheet = _worked_sheet()
    text = renderer_for(game).sheet_text(state, "ru")
    assert text == "\n".join(draw_f2(state.sheet, "ru")) and "списывают с 30" in text and "-24" in text


def test_the_bot_doubles_a_game_its_hand_beats_and_redoubles_with_tricks_to_spare() -> None:
    bot = PreferansBot(0)
    deal = dealt()
    declare_spades(deal)
    deal.apply(WHIST)
    deal.apply(PASS)
    strong = CardSet.parse("AS KS QS JS AH KH AD KD AC KC").mask  # against spades: far more than five
    weak = CardSet.parse("7S 7H 8H 9H 7D 8D 9D 7C 8C 9C").mask
    view = deal.view(1)
    assert bot.contra(replace(view, hand=strong)) == CONTRA
    assert bot.contra(replace(view, hand=weak)) == PLAY
    deal.apply(CONTRA)
    assert bot.contra(replace(deal.view(0), hand=strong)) == RECONTRA
    assert bot.contra(replace(deal.view(0), hand=weak)) == PLAY


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_terminal_asks_for_contra_in_words_of_the_catalogue(lang: str) -> None:
    from cardroom.i18n import t
    from cardroom.ui.render import renderer_for

    deal = dealt()
    declare_spades(deal)
    deal.apply(WHIST)
    deal.apply(PASS)
    renderer = renderer_for(deal.game)
    prompt = renderer.prompt(deal.view(1), lang)
    assert t("pref.what_contra", lang) in prompt
    assert renderer.parse("контра" if lang == "ru" else "contra", deal.view(1), None) == CONTRA
    assert renderer.pretty(RECONTRA, lang)
