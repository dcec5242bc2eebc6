"""The shared claim mechanism of the engines (core/claims.py; issue 14, point 11): an accepted claim
is the action ``claimed SEAT N`` that ends the deal with the tricks as claimed, for every game with
tricks; it replays from the JSON record (and bridge's PBN, by its Result tag); refused where it does
not apply, the state unchanged."""

from __future__ import annotations

import json
import random

import pytest

from cardroom.core.claims import ClaimSettled
from cardroom.core.errors import IllegalAction, ParseError
from cardroom.core.game import CHANCE
from cardroom.games import load
from cardroom.records.registry import record_dict, state_from_dict

GAMES = ["bridge", "auction-bridge", "straight-bridge", "euchre", "preferans"]


def _claimed_match(name: str, deals: int, seed: int = 2) -> tuple[object, list[tuple[int, int, list[int], list[int]]]]:
    """A match whose first ``deals`` played deals end by a claim after the first trick; the claims
    with the tricks won before and after."""
    g = load(name)
    st = g.new_initial_state()
    rng = random.Random(seed)
    bots = [g.bot("rule", i) for i in range(g.num_seats)]
    done: list[tuple[int, int, list[int], list[int]]] = []
    for _ in range(20000):
        if st.is_over or len(done) >= deals:
            break
        d = st.deal
        if d is not None and d.claim_in_play() and len(d.tricks) >= 1:
            seat = next((s for s in d.claim_seats() if d.claim_refusal(s) is None), None)
            if seat is not None:
                n = rng.randrange(d.claim_remaining() + 1)
                before = list(d.won)
                st.apply(st.parse_action(f"claimed {seat} {n}"))
                done.append((seat, n, before, list(d.won)))
                assert d.trick == [] and sum(d.won) == d.TRICKS
                continue
        ta = st.to_act
        assert ta is not None
        st.apply(st.sample_chance(rng) if ta == CHANCE else bots[ta].choose(st.view(ta)))
    assert len(done) == deals
    return st, done


@pytest.mark.parametrize("game", GAMES)
def test_claims_end_deals_as_claimed_and_replay_from_the_record(game: str) -> None:
    st, done = _claimed_match(game, 3)
    for _seat, n, before, after in done:
        assert sum(after) - sum(before) >= n  # the claimer's n and the others' rest
    claims = [a for a in st.history if isinstance(a, ClaimSettled)]  # type: ignore[attr-defined]
    assert [(c.seat, c.tricks) for c in claims] == [(s, n) for s, n, _, _ in done]
    rec = json.loads(json.dumps(record_dict(st, {})))  # type: ignore[arg-type]
    assert state_from_dict(rec).snapshot() == st.snapshot()  # type: ignore[attr-defined]


def test_the_claimer_side_gets_the_tricks_claimed_and_the_other_side_the_rest() -> None:
    _st, done = _claimed_match("bridge", 2)
    for seat, n, before, after in done:
        side = seat % 2
        assert after[side] == before[side] + n
        assert after[1 - side] == 13 - after[side]


def test_the_preferans_declarer_gets_the_tricks_claimed_and_the_defence_the_rest() -> None:
    _st, done = _claimed_match("preferans", 2)
    for seat, n, before, after in done:
        assert after[seat] == before[seat] + n
        assert sum(after) == 10


def test_a_claim_where_it_does_not_apply_is_refused_and_changes_nothing() -> None:
    g = load("bridge")
    st = g.new_initial_state()
    st.apply(st.sample_chance(random.Random(1)))
    snap = st.snapshot()
    with pytest.raises(IllegalAction):
        st.apply(ClaimSettled(0, 3))  # in the auction
    assert st.snapshot() == snap
    for bad in ("claimed N 3", "claimed 0", "claimed 0 x"):
        with pytest.raises(ParseError):
            st.parse_action(bad)
    assert st.parse_action("claimed 2 5") == ClaimSettled(2, 5)
    st2, _ = _claimed_match("bridge", 1)
    d = st2.deal  # type: ignore[attr-defined]
    while not d.claim_in_play():
        st2.apply(st2.sample_chance(random.Random(3)) if st2.to_act == CHANCE  # type: ignore[attr-defined]
                  else g.bot("rule", 1).choose(st2.view(st2.to_act)))  # type: ignore[attr-defined]
        d = st2.deal  # type: ignore[attr-defined]
    snap = st2.snapshot()  # type: ignore[attr-defined]
    with pytest.raises(IllegalAction):
        st2.apply(ClaimSettled(int(d.dummy), 1))  # type: ignore[attr-defined]  # dummy may not claim
    with pytest.raises(IllegalAction):
        st2.apply(ClaimSettled(int(d.declarer), 14))  # type: ignore[attr-defined]
    assert st2.snapshot() == snap  # type: ignore[attr-defined]


def test_bridge_pbn_of_claimed_deals_gives_the_tricks_as_claimed() -> None:
    import re

    st, _done = _claimed_match("bridge", 2)
    text = load("bridge").pbn_text(st, None)
    results = [int(x) for x in re.findall(r'\[Result "(\d+)"\]', text)]
    played = [d for d in st.finished_deals if d.declarer is not None]  # type: ignore[attr-defined]
    assert results == [d.won[d.declarer.side] for d in played]
