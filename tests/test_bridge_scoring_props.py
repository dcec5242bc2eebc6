"""Property tests of rubber-bridge scoring against tables written out here from the documents.

The tables below are copied from document 001 (Бридж) §6 and document 002's fragment, with the standard
law (Laws of Contract Bridge, rubber bridge, Law 81 scoring table) where the documents are silent, and
for the "modern" scoring. They deliberately do not call any engine helper: ``score_deal`` and the
``ScoreSheet`` are checked against them.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardroom.core.errors import IllegalAction
from cardroom.core.table import Seat, Side
from cardroom.games.bridge.calls import Strain
from cardroom.games.bridge.rubber import ScoreSheet
from cardroom.games.bridge.rules import DealResult
from cardroom.games.bridge.scoring import Contract, Entry, score_deal
from cardroom.games.bridge.variants import SCORINGS, ScoringRules

# ----------------------------------------------------------------------------- the tables
# Points per odd trick bid and made, undoubled. Document 001: spades 30 (3S = 90); document 002:
# diamonds 20 (6D = 120), hearts 30 (2H = 60); standard law: clubs 20, no-trump 40 for the first, 30 after.
TRICK_VALUE = {"C": 20, "D": 20, "H": 30, "S": 30}
NT_FIRST, NT_LATER = 40, 30
MULTIPLIER = {0: 1, 1: 2, 2: 4}  # «игра против» — вдвое, «опять против» — вчетверо

# Undertricks: the penalty for the 1st, 2nd, 3rd, ... undertrick (the last value repeats).
# Document 001 §6.5 (scoring "doc001"):
PENALTY_DOC001 = {
    # (vulnerable, doubling)
    (False, 0): [50],  # «50 очков за каждую невзятую взятку»
    (False, 1): [100, 200],  # «100 очков (за первую взятку); 200 очков (за каждую последующую)»
    (False, 2): [200, 400],
    (True, 0): [100],  # «100 очков за каждую невзятую взятку»
    (True, 1): [200, 300],
    (True, 2): [400, 600],
}
# Laws of Contract Bridge (rubber), scoring table, as now played (scoring "modern"):
PENALTY_MODERN = {
    (False, 0): [50],
    (False, 1): [100, 200, 200, 300],
    (False, 2): [200, 400, 400, 600],
    (True, 0): [100],
    (True, 1): [200, 300],
    (True, 2): [400, 600],
}
# Doubled / redoubled overtricks, per trick: document 001 doubles the trick value («в два или в четыре
# раза»); the modern table pays 100/200 doubled, 200/400 redoubled (not vulnerable / vulnerable).
MODERN_DOUBLED_OVERTRICK = {(False, 1): 100, (True, 1): 200, (False, 2): 200, (True, 2): 400}
INSULT = {1: 50, 2: 100}  # making a doubled / redoubled contract (standard law; both scorings)
SLAM = {(6, False): 500, (6, True): 750, (7, False): 1000, (7, True): 1500}  # document 001 §6.6
HONOURS_FOUR, HONOURS_FIVE, FOUR_ACES_NT = 100, 150, 150  # document 001 §6.7
RUBBER_TWO_NIL, RUBBER_TWO_ONE = 700, 500  # document 001 §6.8
GAME = 100

STRAINS = ["C", "D", "H", "S", "NT"]
RANK_OF = "23456789TJQKA"


def card_name(index: int) -> str:
    """Card index (suit * 13 + rank - 2, clubs first) to text, written out here for independence."""
    return RANK_OF[index % 13] + "CDHS"[index // 13]


def trick_score(level: int, strain: str, doubling: int) -> int:
    base = NT_FIRST + NT_LATER * (level - 1) if strain == "NT" else TRICK_VALUE[strain] * level
    return base * MULTIPLIER[doubling]


def penalty(down: int, vulnerable: bool, doubling: int, scoring: str) -> int:
    table = (PENALTY_DOC001 if scoring == "doc001" else PENALTY_MODERN)[vulnerable, doubling]
    return sum(table[min(i, len(table) - 1)] for i in range(down))


def overtrick_each(strain: str, doubling: int, vulnerable: bool, scoring: str) -> int:
    per = NT_LATER if strain == "NT" else TRICK_VALUE[strain]
    if doubling and scoring == "modern":
        return MODERN_DOUBLED_OVERTRICK[vulnerable, doubling]
    return per * MULTIPLIER[doubling]


def honours_table(hands: list[set[str]], strain: str) -> list[tuple[int, int]]:
    """(seat index, points) for every single hand holding scorable honours."""
    out = []
    for seat, hand in enumerate(hands):
        if strain == "NT":
            if {"AS", "AH", "AD", "AC"} <= hand:
                out.append((seat, FOUR_ACES_NT))
        else:
            held = sum(1 for r in "AKQJT" if r + strain in hand)
            if held == 5:
                out.append((seat, HONOURS_FIVE))
            elif held == 4:
                out.append((seat, HONOURS_FOUR))
    return out


def expected_entries(level: int, strain: str, doubling: int, tricks: int, vulnerable: bool, scoring: str,
                     declarer: int, hands: list[set[str]] | None) -> Counter[tuple[int, int, bool, str]]:
    """(side index: 0 NS / 1 EW, points, below the line, kind) of every entry of the deal."""
    side, other = declarer % 2, 1 - declarer % 2
    out: Counter[tuple[int, int, bool, str]] = Counter()
    need = 6 + level
    if tricks >= need:
        out[side, trick_score(level, strain, doubling), True, "tricks"] += 1
        over = tricks - need
        if over:
            out[side, over * overtrick_each(strain, doubling, vulnerable, scoring), False, "overtricks"] += 1
        if doubling:
            out[side, INSULT[doubling], False, "insult"] += 1
        if level >= 6:
            out[side, SLAM[level, vulnerable], False, "slam"] += 1
    else:
        out[other, penalty(need - tricks, vulnerable, doubling, scoring), False, "undertricks"] += 1
    if hands is not None:
        for seat, pts in honours_table(hands, strain):
            out[seat % 2, pts, False, "honours"] += 1
    return out


def normalise(entries: list[Entry]) -> Counter[tuple[int, int, bool, str]]:
    return Counter((int(e.side), e.points, e.below, e.kind) for e in entries)


# ----------------------------------------------------------------------------- score_deal
deals = st.permutations(range(52)).map(lambda p: [{card_name(c) for c in p[i * 13:(i + 1) * 13]} for i in range(4)])


def mask(hand: set[str]) -> int:
    return sum(1 << ("CDHS".index(c[-1]) * 13 + RANK_OF.index(c[0])) for c in hand)


@settings(max_examples=600, deadline=None)
@given(level=st.integers(1, 7), strain=st.sampled_from(STRAINS), doubling=st.integers(0, 2),
       tricks=st.integers(0, 13), vulnerable=st.booleans(), scoring=st.sampled_from(["doc001", "modern"]),
       declarer=st.integers(0, 3), hands=st.none() | deals)
def test_score_deal_matches_table(level: int, strain: str, doubling: int, tricks: int, vulnerable: bool,
                                  scoring: str, declarer: int, hands: list[set[str]] | None) -> None:
    c = Contract(level, Strain.parse(strain), doubling, Seat(declarer))
    masks = None if hands is None else (mask(hands[0]), mask(hands[1]), mask(hands[2]), mask(hands[3]))
    got = normalise(score_deal(c, tricks, vulnerable, SCORINGS[scoring], masks))
    assert got == expected_entries(level, strain, doubling, tricks, vulnerable, scoring, declarer, hands)


def test_table_worked_examples() -> None:
    """The tables reproduce the documents' worked examples (so they are the documents' tables)."""
    assert trick_score(3, "S", 0) == 90 and overtrick_each("S", 0, False, "doc001") == 30  # 3S + 1
    assert trick_score(6, "D", 0) == 120 and SLAM[6, True] == 750  # item з)
    assert trick_score(2, "H", 0) == 60  # revoke footnote
    assert penalty(3, True, 0, "doc001") == 300
    assert penalty(4, True, 1, "doc001") == 1100
    assert penalty(2, False, 2, "doc001") == 600
    assert penalty(4, False, 0, "doc001") == 200


# ----------------------------------------------------------------------------- the score sheet
@dataclass
class SheetModel:
    """The rubber as document 001 §6.8 describes it, written independently of ScoreSheet."""

    annulled_counts: bool
    rubber_below: bool
    below: list[int] = field(default_factory=lambda: [0, 0])
    games: list[int] = field(default_factory=list)
    totals: list[int] = field(default_factory=lambda: [0, 0])
    rubber: tuple[int, int, bool] | None = None  # (side, bonus, below)

    def won(self, side: int) -> int:
        return self.games.count(side)

    def add(self, entries: list[Entry]) -> None:
        for e in entries:
            self.totals[e.side] += e.points
            if e.below:
                self.below[e.side] += e.points
        for side in (0, 1):
            if self.below[side] >= GAME:  # a game is won when the side's count reaches 100
                self.games.append(side)
                if not self.annulled_counts:  # «80 очков аннулируются»
                    self.totals[1 - side] -= self.below[1 - side]
                self.below = [0, 0]
                if self.won(side) == 2:
                    bonus = RUBBER_TWO_NIL if self.won(1 - side) == 0 else RUBBER_TWO_ONE
                    self.totals[side] += bonus
                    self.rubber = (side, bonus, self.rubber_below)
                break


contracts = st.tuples(st.integers(1, 7), st.sampled_from(STRAINS), st.integers(0, 2), st.integers(0, 3),
                      st.integers(0, 13), st.none() | deals)


@settings(max_examples=300, deadline=None)
@given(scoring=st.sampled_from(["doc001", "modern"]), played=st.lists(contracts, min_size=1, max_size=25))
def test_score_sheet(scoring: str, played: list[tuple[int, str, int, int, int, list[set[str]] | None]]) -> None:
    rules: ScoringRules = SCORINGS[scoring]
    sheet = ScoreSheet(rules)
    model = SheetModel(annulled_counts=rules.annulled_part_score_counts, rubber_below=rules.rubber_bonus_below_line)
    for level, strain, doubling, declarer, tricks, hands in played:
        if sheet.is_over:
            break
        vul = sheet.vulnerable()
        # vulnerability follows games won
        assert vul == (model.won(0) > 0, model.won(1) > 0)
        c = Contract(level, Strain.parse(strain), doubling, Seat(declarer))
        masks = None if hands is None else (mask(hands[0]), mask(hands[1]), mask(hands[2]), mask(hands[3]))
        entries = score_deal(c, tricks, vul[c.side], rules, masks)
        sheet.add(DealResult(c.declarer, vul, masks or (0, 0, 0, 0), (), c, tricks, (), tuple(entries)))
        model.add(entries)
        assert sheet.games == [Side(g) for g in model.games]
        assert sheet.below == model.below
        assert all(b < GAME for b in sheet.below)
        for side in Side:
            assert sheet.total(side) == model.totals[side]
            assert sheet.total(side) == sum(ln.entry.points for ln in sheet.lines
                                            if ln.entry.side == side and not ln.annulled)
        # annulled lines are exactly the losing side's below-the-line points of a game the other side won
        for ln in sheet.lines:
            if ln.annulled:
                assert not rules.annulled_part_score_counts and ln.entry.below and ln.entry.kind == "tricks"
                assert sheet.games[ln.game - 1] != ln.entry.side
        over = max(model.won(0), model.won(1)) == 2
        assert sheet.is_over == over
        rubber = [ln.entry for ln in sheet.lines if ln.entry.kind == "rubber"]
        if over:
            assert model.rubber is not None and sheet.winner == Side(model.rubber[0])
            assert [(int(e.side), e.points, e.below) for e in rubber] == [model.rubber]
            with pytest.raises(IllegalAction):
                sheet.add(DealResult(c.declarer, vul, (0, 0, 0, 0), (), c, tricks, (), tuple(entries)))
        else:
            assert not rubber and sheet.winner is None
    # recomputing from the record gives the same sheet
    again = ScoreSheet.from_results([], rules)
    for level, strain, doubling, declarer, tricks, hands in played[: sheet.deals]:
        c = Contract(level, Strain.parse(strain), doubling, Seat(declarer))
        masks = None if hands is None else (mask(hands[0]), mask(hands[1]), mask(hands[2]), mask(hands[3]))
        vul = again.vulnerable()
        again.add(DealResult(c.declarer, vul, masks or (0, 0, 0, 0), (), c, tricks, (),
                             tuple(score_deal(c, tricks, vul[c.side], rules, masks))))
    assert again.to_dict() == sheet.to_dict()


@settings(max_examples=200, deadline=None)
@given(scoring=st.sampled_from(["doc001", "modern"]), parts=st.lists(
    st.tuples(st.integers(0, 1), st.sampled_from([("1C", 20), ("1NT", 40), ("2D", 40), ("2H", 60), ("1S", 30)])),
    min_size=1, max_size=12))
def test_game_exactly_at_100(scoring: str, parts: list[tuple[int, tuple[str, int]]]) -> None:
    """Part scores made exactly: a game is won by the deal that brings a side's count to 100 or more."""
    rules = SCORINGS[scoring]
    sheet = ScoreSheet(rules)
    count = [0, 0]
    for side, (bid, value) in parts:
        if sheet.is_over:
            break
        level, strain = int(bid[0]), Strain.parse(bid[1:])
        c = Contract(level, strain, 0, Side(side).seats[0])
        vul = sheet.vulnerable()
        games_before = len(sheet.games)
        sheet.add(DealResult(c.declarer, vul, (0, 0, 0, 0), (), c, 6 + level, (), tuple(
            score_deal(c, 6 + level, vul[side], rules))))
        count[side] += value
        if count[side] >= GAME:
            assert len(sheet.games) == games_before + 1 and sheet.games[-1] == Side(side)
            count = [0, 0]
        else:
            assert len(sheet.games) == games_before
        assert sheet.below == count
