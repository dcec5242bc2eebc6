"""The pulka drawn as players draw it (issue 14 point 10), in the terminal's text: each player's sector
around the centre with his whists on each opponent, his pulya and his gora as running records, the
agreed pulya in the centre, the live settlement under it — every number read back from the drawing
equals the server's sheet (``to_dict``, ``settle``), at every moment of random pulkas, 3 and 4 players,
Russian and English."""

from __future__ import annotations

import random
import re
from fractions import Fraction
from typing import Any

import pytest

from cardroom.core.game import CHANCE
from cardroom.games import load
from cardroom.games.preferans.scoring import fmt
from cardroom.i18n import t
from cardroom.ui.render import renderer_for
from cardroom.ui.render.preferans import draw_pulka


def _numbers(rec: str) -> list[str]:
    return [] if rec.strip() == "—" else [x.strip() for x in rec.split(". ")]


def _as_text(xs: list[Any]) -> list[str]:
    return [f"{x:g}" if isinstance(x, float) else str(x) for x in xs]


def _read(lines: list[str], sheet: Any, lang: str) -> dict[str, Any]:
    """The drawing read back: each sector's records by the player named in its title, and the balance."""
    n = sheet.players
    names = [sheet.seat_name(s, lang) for s in range(n)]
    rows = [ln for ln in lines if ln.startswith("|")]
    centre = next(i for i, ln in enumerate(lines) if ln.startswith("+") and "[" in ln)
    assert t("pref.sheet_centre", lang, n=sheet.variant.pulya_length) in lines[centre]
    cols: dict[int, list[str]] = {}
    # each row holds one or two cells; a sector is the column of cells between its title and the centre
    above = [ln for ln in lines[:centre] if ln.startswith("|")]
    below = [ln for ln in lines[centre:] if ln.startswith("|")]
    assert len(above) + len(below) == len(rows)

    def cells(ln: str) -> list[str]:
        return [c.strip() for c in ln.strip("|").split("|")]

    top_titles = cells(above[0])
    bottom_titles = cells(below[-1])
    for col, name in enumerate(top_titles):
        cols[names.index(name)] = [cells(ln)[col] for ln in above[1:]]
    for col, name in enumerate(bottom_titles):
        cols[names.index(name)] = [cells(ln)[col] for ln in below[:-1]]
    assert sorted(cols) == list(range(n))
    got: dict[str, Any] = {"pulya": [], "gora": [], "whists": [[[] for _ in range(n)] for _ in range(n)]}
    for s in range(n):
        for cell in cols[s]:
            for o in range(n):
                prefix = t("pref.sheet_whists_on", lang, on=names[o], rec="")
                if o != s and cell.startswith(prefix):
                    got["whists"][s][o] = _numbers(cell[len(prefix):])
            for key in ("pulya", "gora"):
                prefix = t(f"pref.sheet_{key}", lang, rec="")
                if cell.startswith(prefix):
                    got[key].append(_numbers(cell[len(prefix):]))
    live = lines[-1]
    prefix = t("pref.sheet_live", lang, x="")
    assert live.startswith(prefix)
    got["balance"] = dict(re.findall(r"(\S+) ([+-]?[\d.]+)", live[len(prefix):]))
    return got


def _check(sheet: Any, lang: str) -> None:
    lines = draw_pulka(sheet, lang)
    got = _read(lines, sheet, lang)
    d = sheet.to_dict()
    n = d["players"]
    assert got["pulya"] == [_as_text(r) for r in d["records"]["pulya"]]
    assert got["gora"] == [_as_text(r) for r in d["records"]["gora"]]
    for s in range(n):
        for o in range(n):
            if o != s:
                assert got["whists"][s][o] == _as_text(d["records"]["whists"][s][o]), (s, o, lines)
    balance = sheet.settle().balance
    assert got["balance"] == {sheet.seat_name(s, lang): ("+" if b > 0 else "") + fmt(b) for s, b in enumerate(balance)}
    assert sum(balance, Fraction(0)) == 0


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("variant", ["sochi", "leningrad", "rostov"])
def test_the_drawn_pulka_is_the_servers_sheet(variant: str, players: int) -> None:
    state: Any = load("preferans", variant=variant, players=players, pulya_length=20).new_initial_state()
    rng = random.Random(f"{variant}/{players}")
    checked = entries = 0
    while not state.is_over and len(state.results) < 40:
        if state.to_act == CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        legal = list(state.legal_actions())
        passes = [a for a in legal if state.action_text(a) == "pass"]
        before = len(state.results)
        state.apply(passes[0] if passes and rng.random() < 0.6 else rng.choice(legal))
        if len(state.results) != before:
            for lang in ("ru", "en"):
                _check(state.sheet, lang)
            checked += 1
            d = state.sheet.to_dict()["records"]
            entries = sum(len(r) for r in d["pulya"] + d["gora"]) + sum(len(c) for row in d["whists"] for c in row)
    # the drawings had numbers to show: deals were scored into pulya, gora and whists
    assert checked >= 3 and entries >= 3, (checked, entries)


def test_the_terminal_sheet_command_draws_the_pulka() -> None:
    game = load("preferans", variant="sochi", players=3)
    state: Any = game.new_initial_state()
    text = renderer_for(game).sheet_text(state, "ru")
    assert text.splitlines() == draw_pulka(state.sheet, "ru")
    assert f"[ пуля {state.sheet.variant.pulya_length} ]" in text
