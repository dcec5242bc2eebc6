"""The review of two-handed bridge (issue 17, point 5): real finished deals played by the rule bots, read from
their records; the cards marked are exactly those after which the open-hand value of the player who played it
is worse for him, the values recomputed here by the pure-Python reference minimax on positions built here from
the engine's deal; and a what-if with another card played is a legal continuation played to the end.

The review is of the deal's play from the point where ``TRICKS_LEFT`` tricks are left (docs/solvers.md: the
compiled solver answers such positions at once, the reference minimax the last four tricks); the earlier
cards' values are checked for consistency."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from cardroom.cli.main import main
from cardroom.core.cards import Card
from cardroom.core.errors import CardroomError
from cardroom.core.review import DealLine, ReviewAdapter, lines_of_record, review_deal, what_if
from cardroom.games import game_class
from cardroom.solve.twohand import REFERENCE_TRICKS, TwoHandPosition, solve_python

TRICKS_LEFT = 8


def _played(tmp_path: Path, seed: int, *options: str) -> tuple[ReviewAdapter, list[DealLine]]:
    save = tmp_path / f"two-hand-{seed}.json"
    assert main(["--lang", "en", "play", "two-hand-bridge", "--auto", "--seed", str(seed), *options,
                 "--save", str(save)]) == 0
    return lines_of_record(json.loads(save.read_text(encoding="utf-8")))


def _ending(line: DealLine, tricks_left: int) -> DealLine:
    """The same deal from the point where ``tricks_left`` tricks are left: the record's actions from there."""
    deal = line.start.clone()
    actions = list(line.actions)
    while len(deal.tricks) < 13 - tricks_left or deal.trick:
        deal.apply(actions.pop(0))
    return DealLine(line.number, deal.clone(), actions, line.claimed)


def _value(deal: Any, seat: int) -> int | None:
    """The open-hand tricks of ``seat`` in the whole deal by the reference minimax, on a position built here from
    the engine's hand of four and piles (None: too long an ending for the reference)."""
    taken = int(deal.won[seat])
    if len(deal.tricks) == 13:
        return taken
    avail = [deal.hand4[p] for p in (0, 1)]
    covers = []
    for p in (0, 1):
        for pile in deal.piles[p]:
            if pile:
                avail[p] |= 1 << pile[-1]
            if len(pile) == 2:
                covers.append((int(pile[1]), int(pile[0])))
    pos = TwoHandPosition((avail[0], avail[1]), tuple(covers), int(deal.leader),
                          tuple(int(c) for _, c in deal.trick), None if deal.trump is None else int(deal.trump),
                          deal.rules.second_card_follows, seat)
    if pos.tricks_left > REFERENCE_TRICKS:
        return None
    return taken + solve_python(pos)


@pytest.mark.parametrize(("seed", "options"), [(1, ()), (2, ()), (3, ("--option", "second_card_follows=false"))])
def test_a_bots_deal_is_reviewed_marking_exactly_the_cards_that_cost_a_trick(tmp_path: Path, seed: int,
                                                                            options: tuple[str, ...]) -> None:
    adapter, lines = _played(tmp_path, seed, *options)
    assert adapter is game_class("two-hand-bridge").review()
    assert lines[0].start.rules.second_card_follows == (not options)
    checked = 0
    for line in lines[:2]:
        ending = _ending(line, TRICKS_LEFT)
        r = review_deal(adapter, ending)
        assert len(r["cards"]) == 4 * TRICKS_LEFT
        assert [s["trick"] for s in r["cards"]] == [14 - TRICKS_LEFT + k // 4 for k in range(4 * TRICKS_LEFT)]
        deal = ending.start.clone()
        costly, steps = [], iter(r["cards"])
        for action in ending.actions:
            if isinstance(action, Card) and adapter.in_play(deal):
                seat = int(deal.next_seat)
                step = next(steps)
                assert step["card"] == str(action) and step["seat"] == "NE"[seat]
                before = _value(deal, seat)
                deal.apply(action)
                after = _value(deal, seat)
                if before is not None and after is not None:
                    assert (step["before"], step["after"]) == (before, after)
                    if after < before:
                        costly.append(step["k"])
                    checked += 1
            else:
                deal.apply(action)
        late = [k for k in r["costly"] if k >= 4 * (TRICKS_LEFT - REFERENCE_TRICKS)]
        assert late == costly
        assert r["costly"] == [s["k"] for s in r["cards"] if s["after"] < s["before"]]
        assert all(s["cost"] == s["before"] - s["after"] >= 0 and s["maximize"] for s in r["cards"])
        assert {s["side"] for s in r["cards"]} == {"N", "E"}
    assert checked >= 4 * REFERENCE_TRICKS



@pytest.mark.parametrize("seed", [1, 4])
def test_a_what_if_is_a_legal_continuation_to_the_end(tmp_path: Path, seed: int) -> None:
    """From the first costly card (or the middle of the ending), another card, then the best card each time:
    each accepted by the engine, the play ends, every card after the first costs nothing, and the final count
    is the branch's first value."""
    adapter, lines = _played(tmp_path, seed)
    line = _ending(lines[0], TRICKS_LEFT)
    r = review_deal(adapter, line)
    k = next(k for k in [*r["costly"], *range(len(r["cards"]) // 2, len(r["cards"]))]
             if len(what_if(adapter, line, k, [])["position"]["values"]) > 1)
    step = r["cards"][k]
    values = what_if(adapter, line, k, [])["position"]["values"]
    other = next(c for c in values if c != step["card"])
    cards = [other]
    w = what_if(adapter, line, k, cards)
    assert w["cards"][0]["after"] == values[other]
    while not w["over"]:
        p = w["position"]
        cards.append(next(c for c, v in p["values"].items() if v == p["best"]))
        w = what_if(adapter, line, k, cards)
    assert len(cards) == len(r["cards"]) - k
    assert all(s["cost"] == 0 for s in w["cards"][1:])
    first, last = w["cards"][0], w["cards"][-1]
    assert last["after"] == (first["after"] if last["side"] == first["side"] else 13 - first["after"])
    with pytest.raises(CardroomError):
        what_if(adapter, line, k, [next(str(Card(c)) for c in range(52) if str(Card(c)) not in values)])


def test_a_whole_deal_is_reviewed_where_the_solver_reaches(tmp_path: Path) -> None:
    """A whole deal from its opening lead: the cards played with more than ``max_tricks_left`` tricks left are
    listed unvalued (never marked), every later card is valued; a what-if from the lead is refused with the
    reason, in both languages, and a what-if from where the solver reaches is answered."""
    from cardroom.cli.review import format_review
    from cardroom.games.oldbridge.review import TWO_HAND, TwoHandReview

    adapter, lines = _played(tmp_path, 2)
    assert adapter is TWO_HAND and isinstance(adapter, TwoHandReview)
    line = lines[0]
    r = review_deal(adapter, line)
    reach = 4 * (13 - adapter.max_tricks_left)  # the cards played before the solver's reach
    assert len(r["cards"]) == 52
    assert all(c.get("unvalued") and c["cost"] == 0 for c in r["cards"][:reach])
    assert all(not c.get("unvalued") and c["after"] is not None for c in r["cards"][reach:])
    assert all(k >= reach for k in r["costly"])
    text_en, text_ru = format_review(adapter, [r], "en"), format_review(adapter, [r], "ru")
    assert "too far from the end" in text_en and "слишком далеко от конца" in text_ru
    with pytest.raises(CardroomError) as refused:
        what_if(adapter, line, 0, [])
    assert refused.value.reason is not None and refused.value.reason.key == "review.too_deep"
    assert what_if(adapter, line, reach, [])["position"]["values"]
