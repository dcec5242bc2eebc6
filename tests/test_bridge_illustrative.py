"""Document 001's two illustrative deals through the play-record audit (tests/bridge_audit.py).

The vectors ``bridge-illustrative-3NT`` and ``bridge-illustrative-6H`` give the tricks as the document
tells them, with unnamed cards as null. The audit must find the errors bridge.md §7 records, and nothing
in the tricks the document gets right.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from bridge_audit import KINDS, AuditFinding, PlayAudit, audit_play
from cardroom.core.cards import Card
from cardroom.core.errors import ParseError
from cardroom.core.table import Seat, Side
from cardroom.games.bridge.calls import Call
from cardroom.games.bridge.game import ContractBridge

RULES_DIR = Path(__file__).parents[2] / "shared" / "rules"
VECTORS: dict[str, dict[str, Any]] = {
    v["id"]: v for v in json.loads((RULES_DIR / "bridge-examples.json").read_text(encoding="utf-8"))}

Play = tuple[str, str | None]


def _tricks(vector_id: str) -> list[list[Play]]:
    return [[(s, c) for s, c in t["plays"]] for t in VECTORS[vector_id]["data"]["tricks"]]


def _winners(vector_id: str) -> list[str | None]:
    return [t.get("winner") or t.get("winner_side") for t in VECTORS[vector_id]["data"]["tricks"]]


def audit_3nt(**kw: Any) -> PlayAudit:
    d = VECTORS["bridge-illustrative-3NT"]["data"]
    return PlayAudit(None, d["declarer"], d["opening_leader"], _tricks("bridge-illustrative-3NT"),
                     winners=_winners("bridge-illustrative-3NT"), **kw)


def tricks_6h() -> list[list[Play]]:
    tricks = _tricks("bridge-illustrative-6H")
    notes = {t["n"]: t.get("note", "") for t in VECTORS["bridge-illustrative-6H"]["data"]["tricks"]}
    # Trick 7: "N's card is 'a low club'". Trick 8: "Yuri leads the partner's (Sergey's) low spade and wins
    # using Sergey's top trump, KH": both cards from N, the second in S's place in the rotation.
    assert "low club" in notes[7] and tricks[6][0] == ("N", None)
    tricks[6][0] = ("N", "xC")
    assert "low spade" in notes[8] and "KH" in notes[8]
    tricks[7] = [("N", "xS"), ("E", None), ("N", "KH"), ("W", None)]
    return tricks


def audit_6h(**kw: Any) -> PlayAudit:
    d = VECTORS["bridge-illustrative-6H"]["data"]
    claim = VECTORS["bridge-illustrative-6H"]["expected"]["source_claim_tricks_NS"]
    return PlayAudit(d["trump"], d["declarer"], d["opening_leader"], tricks_6h(),
                     winners=_winners("bridge-illustrative-6H"), claim=claim, **kw)


def summary(findings: list[AuditFinding]) -> set[tuple[str, int, str, str | None]]:
    return {(f.kind, f.trick, f.seat, f.card) for f in findings}


def names_its_facts(f: AuditFinding) -> bool:
    return f"trick {f.trick}" in f.message and f.seat in f.message and (f.card is None or f.card in f.message)


# ----------------------------------------------------------------------------- deal 1: 3NT
def test_3nt_findings() -> None:
    a = audit_3nt()
    assert summary(a.findings) == {
        ("lead-out-of-turn", 7, "S", "QD"),
        ("card-played-twice", 7, "S", "QD"),
    }
    lead = next(f for f in a.findings if f.kind == "lead-out-of-turn")
    assert lead.message == "trick 7: S led QD, but N won trick 6 with AD, so the lead belonged to N"
    twice = next(f for f in a.findings if f.kind == "card-played-twice")
    assert twice.message == "trick 7: S played QD, which S already played at trick 3: a card played twice"
    assert all(names_its_facts(f) for f in a.findings)


@pytest.mark.parametrize("n", [1, 2, 5])
def test_3nt_clean_tricks(n: int) -> None:
    a = audit_3nt()
    assert not [f for f in a.findings if f.trick == n]
    expected = VECTORS["bridge-illustrative-3NT"]["data"]["tricks"][n - 1]["winner"]
    assert a.winner(n) == Seat.parse(expected)
    # ... and the same as the separate trick-winner vectors of these tricks
    assert VECTORS[f"bridge-trick-winner-3NT-t{n}"]["expected"]["winner"] == expected
    # the fully named trick alone, outside the deal, gives the same winner
    alone = PlayAudit(None, "S", "W", [_tricks("bridge-illustrative-3NT")[n - 1]])
    assert alone.winner(1) == Seat.parse(expected)


def test_3nt_winners_and_count() -> None:
    a = audit_3nt()
    e = VECTORS["bridge-illustrative-3NT"]["expected"]
    assert [str(a.winner(n)) for n in range(1, 9)] == e["trick_winners_1_to_8"]
    sides = [a.winning_side(n) for n in range(1, 9)]
    assert {"NS": sides.count(Side.NS), "EW": sides.count(Side.EW)} == e["tricks_after_8"]


def test_3nt_forecast_claim() -> None:
    """The source forecasts 9 tricks for Yuri after 8 tricks (4 each): possible; 10 is not."""
    e = VECTORS["bridge-illustrative-3NT"]["expected"]
    a = audit_3nt(claim=e["final_tricks_NS_if_forecast_holds"])
    assert not [f for f in a.findings if f.kind == "claim-exceeds-possible"]
    a = audit_3nt(claim=e["final_tricks_NS_if_forecast_holds"] + 1)
    claims = [f for f in a.findings if f.kind == "claim-exceeds-possible"]
    assert [(f.trick, f.seat, f.card) for f in claims] == [(5, "S", "10S")]
    assert claims[0].message == (
        "trick 5: the claim of 10 tricks for NS (declarer S) exceeds the 9 still possible: E won trick 1 with AS, "
        "E won trick 3 with KD, W won trick 4 with KS, W won trick 5 with 10S")


# ----------------------------------------------------------------------------- deal 2: 6H
def test_6h_findings() -> None:
    a = audit_6h()
    assert summary(a.findings) == {
        # stated by bridge.md §7.2
        ("claim-exceeds-possible", 2, "S", "KC"),
        ("revoke", 3, "S", "4S"),
        ("card-played-twice", 6, "S", "4S"),
        ("two-cards-from-one-hand", 8, "N", "KH"),
        # what follows from the same record: N ruffed the spade at trick 6 yet leads a spade at trick 8;
        # S plays no card to trick 8; S leads trick 9 although N's KH won trick 8
        ("revoke", 6, "N", "JH"),
        ("missing-play", 8, "S", None),
        ("lead-out-of-turn", 9, "S", "AD"),
    }
    msg = {(f.kind, f.trick, f.seat): f.message for f in a.findings}
    assert msg["revoke", 3, "S"] == "trick 3: S played 4S on a heart lead and later played 9H (trick 5): a revoke"
    assert msg["card-played-twice", 6, "S"] == (
        "trick 6: S played 4S, which S already played at trick 3: a card played twice")
    assert msg["two-cards-from-one-hand", 8, "N"] == (
        "trick 8: N played KH after already playing xS to the same trick: two cards from one hand")
    assert msg["claim-exceeds-possible", 2, "S"] == (
        "trick 2: the claim of 13 tricks for NS (declarer S) exceeds the 12 still possible: E won trick 2 with KC")
    assert msg["revoke", 6, "N"] == "trick 6: N played JH on a spade lead and later played xS (trick 8): a revoke"
    assert msg["lead-out-of-turn", 9, "S"] == (
        "trick 9: S led AD, but N won trick 8 with KH, so the lead belonged to N")
    assert all(names_its_facts(f) for f in a.findings)


def test_6h_trick_count() -> None:
    """The narrative gives NS twelve tricks, not the thirteen the document claims."""
    a = audit_6h()
    e = VECTORS["bridge-illustrative-6H"]["expected"]
    sides = [a.winning_side(n) for n in range(1, 14)]
    assert sides.count(Side.NS) == e["narrative_count_tricks_NS"] == 12
    assert e["source_claim_tricks_NS"] == 13
    for n, w in enumerate(e["narrative_trick_winners"], start=1):
        if w in ("NS", "EW"):
            assert sides[n - 1] == Side[w]
        else:
            assert Seat.parse(w) in a.possible_winners(n)
            assert a.effective_winner(n) == Seat.parse(w)
    assert not [f for f in a.findings if f.kind == "wrong-winner"]


def test_6h_without_claim_or_trick8_guess() -> None:
    """Left as in the vector (all of trick 8 unknown), the record still proves the revoke and the duplicate."""
    d = VECTORS["bridge-illustrative-6H"]["data"]
    found = audit_play(d["trump"], d["declarer"], d["opening_leader"], _tricks("bridge-illustrative-6H"),
                       winners=_winners("bridge-illustrative-6H"))
    assert summary(found) == {("revoke", 3, "S", "4S"), ("card-played-twice", 6, "S", "4S")}


# ----------------------------------------------------------------------------- the other kinds
def test_wrong_winner() -> None:
    trick = _tricks("bridge-illustrative-3NT")[0]  # W 3S, N 6S, E AS, S 2S
    found = audit_play(None, "S", "W", [trick], winners=["W"])
    assert summary(found) == {("wrong-winner", 1, "W", "3S")}
    assert found[0].message == "trick 1: the record says W won it with 3S, but E won trick 1 with AS"
    found = audit_play(None, "S", "W", [trick], winners=["NS"])
    assert summary(found) == {("wrong-winner", 1, "NS", None)}
    # with trumps, a ruff can win; an unnamed card might be a trump, so the leader's side is not refuted
    assert audit_play("S", "S", "W", [[("W", "AH"), ("N", "2H"), ("E", None), ("S", "3H")]], winners=["E"]) == []
    found = audit_play("S", "S", "W", [[("W", "AH"), ("N", "2H"), ("E", "xD"), ("S", "3H")]], winners=["E"])
    assert summary(found) == {("wrong-winner", 1, "E", "xD")}


def test_rotation_and_opening_lead() -> None:
    found = audit_play(None, "S", "W", [[("W", "3S"), ("E", "AS"), ("N", "6S"), ("S", "2S")]])
    assert summary(found) == {("play-out-of-turn", 1, "E", "AS"), ("play-out-of-turn", 1, "N", "6S")}
    assert found[0].message == "trick 1: E played AS in N's turn"
    found = audit_play(None, "S", "W", [[("W", "3S"), ("N", "6S"), ("E", "AS")]])
    assert summary(found) == {("missing-play", 1, "S", None)}
    found = audit_play(None, "S", "W", [[("N", "3S"), ("E", "6S"), ("S", "AS"), ("W", "2S")]])
    assert summary(found) == {("lead-out-of-turn", 1, "N", "3S")}
    assert found[0].message == "trick 1: N led 3S, but the opening lead belonged to W"
    found = audit_play(None, "S", "N", [[("N", "3S"), ("E", "6S"), ("S", "AS"), ("W", "2S")]])
    assert summary(found) == {("lead-out-of-turn", 1, "N", "3S")}
    assert found[0].message == "trick 1: the opening lead belongs to W, on declarer S's left, not to N"


def test_revoke_needs_proof() -> None:
    """Failing to follow is only a revoke when the same hand later plays the suit."""
    t1 = [("W", "3S"), ("N", "2H"), ("E", "AS"), ("S", "2S")]
    assert audit_play(None, "S", "W", [t1, [("E", "4D"), ("S", "5D"), ("W", "6D"), ("N", "7D")]]) == []
    found = audit_play(None, "S", "W", [t1, [("E", "4D"), ("S", "5D"), ("W", "6D"), ("N", "xS")]])
    assert summary(found) == {("revoke", 1, "N", "2H")}
    assert found[0].message == "trick 1: N played 2H on a spade lead and later played xS (trick 2): a revoke"
    # an unknown card proves nothing; a suit-only card does
    assert audit_play(None, "S", "W", [t1, [("E", "4D"), ("S", "5D"), ("W", "6D"), ("N", None)]]) == []


def test_claim_after() -> None:
    tricks = _tricks("bridge-illustrative-3NT")
    # after two tricks (one lost) 12 is still possible
    assert audit_play(None, "S", "W", tricks, winners=_winners("bridge-illustrative-3NT"), claim=12,
                      claim_after=2) == audit_3nt().findings
    found = audit_play(None, "S", "W", tricks[:2], claim=13)
    assert summary(found) == {("claim-exceeds-possible", 1, "S", "AS")}


def test_parse_errors() -> None:
    with pytest.raises(ParseError):
        audit_play(None, "S", "W", [[("W", "1S")]])
    with pytest.raises(ParseError):
        audit_play(None, "S", "Q", [[("W", "3S")]])
    with pytest.raises(ParseError):
        audit_play(None, "S", "W", [[("W", "3S")]], winners=["W", "N"])
    with pytest.raises(ParseError):
        audit_play(None, "S", "W", [[("W", "3S")]], claim=14)
    assert set(KINDS) >= {"revoke", "card-played-twice", "two-cards-from-one-hand", "lead-out-of-turn",
                          "wrong-winner", "claim-exceeds-possible"}


# ----------------------------------------------------------------------------- records the engine played
@pytest.mark.parametrize("seed", range(12))
def test_engine_deals_are_clean(seed: int) -> None:
    """A deal played legally by the engine has no findings, with all cards named or with many hidden,
    and the audit's winners are the engine's."""
    rng = random.Random(seed)
    game = ContractBridge()
    deal = game.new_deal(Seat(seed % 4))
    deal.apply(deal.sample_chance(rng))
    strain = rng.choice(["C", "D", "H", "S", "NT"])
    deal.apply(Call.parse(f"{rng.randint(1, 4)}{strain}"))
    for _ in range(3):
        deal.apply(Call.parse("P"))
    while not deal.is_over:
        deal.apply(rng.choice(deal.legal_actions()))
    assert deal.contract is not None and deal.declarer is not None
    trump = None if strain == "NT" else strain
    tricks = [[(str(t.leader.next(i)), str(c)) for i, c in enumerate(t.cards)] for t in deal.tricks]
    winners = [str(t.winner) for t in deal.tricks]
    ns = sum(1 for t in deal.tricks if t.winner.side == Side.NS)
    claim = ns if deal.declarer.side == Side.NS else 13 - ns
    full = PlayAudit(trump, str(deal.declarer), str(deal.declarer.lho), tricks, winners=winners, claim=claim)
    assert full.findings == []
    assert [str(full.winner(n)) for n in range(1, 14)] == winners
    hidden: list[list[Play]] = []
    for trick in tricks:
        row: list[Play] = []
        for s, c in trick:
            r = rng.random()
            row.append((s, None if r < 0.3 else "x" + Card.parse(c).suit.letter if r < 0.6 else c))
        hidden.append(row)
    part = PlayAudit(trump, str(deal.declarer), str(deal.declarer.lho), hidden, winners=winners, claim=claim)
    assert part.findings == []
    for n in range(1, 14):
        assert Seat.parse(winners[n - 1]) in part.possible_winners(n)
