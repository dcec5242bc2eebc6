"""Audit of the nine worked cases (coups I–IX) of document 003 through the euchre engine.

Each case prints four hands (the dealer's including the turn-up), the score, who made the trump and
some or all of the tricks, and claims what follows. :func:`audit_case` replays a case through
:class:`cardroom.games.euchre.rules.EuchreHand` — the deal, the bidding, the dealer's discard, the
tricks — and returns an :class:`AuditResult`: the tricks' winners, the tricks per side, the points
and the score after, and the list of the document's errors it found (:class:`AuditFinding`). The
engine is never bent to reproduce an error: an error is reported and worked around in the open.

What is checked, by finding ``kind``:

``hand-label``
    a seat's letter printed twice and another seat's missing; the hand is given to the seat that
    plays its cards (Case V prints «D» twice: the second hand is B's — B leads AH and QH and plays 10D).
``card-in-two-hands``
    one card printed in two hands (Case V: 10♠ in D's and in C's hand). The card stays with the hand
    that plays it; the other hand gets an unnamed stand-in of the same suit.
``missing-hand``
    a seat with no cards printed (Case IX: C's hand is empty and the text repeats part of D's hand
    instead). When that seat sits out of a lone hand nothing depends on it; stand-ins are used.
``repeated-fragment``
    printed cards with no seat that repeat another hand's cards (Case IX).
``misattributed-remark``
    a remark names a player for a play the record shows another player made (Case VI: «С в третьей
    взятке понял, что его дама бесполезна, если только не использовать ее, чтобы побить козырем взятку
    партнера» — by the play it is D who trumps his partner B's A♠ with the Q♦; C followed with the Q♠).
``unclear-score``
    a score line that does not say which side has what (Case IX: «и одна партия»).
``illegal-play`` / ``out-of-turn`` / ``wrong-winner``
    a play the engine refuses, a play by the wrong seat, a stated winner the engine disagrees with.

Not errors, but said in ``notes``: the dealer's discard is never printed (a card named nowhere is used
as the discarded card: "the discard is assumed correct"); unstated plays filled in by the vectors; and
tricks the case does not describe, which are completed by perfect-information search (makers maximise
their tricks, adversaries minimise) — the case's claim that the result holds "whatever" is exactly
that search's value.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from cardroom.core.cards import Card, Suit, cards_of_mask, piquet_pack
from cardroom.core.errors import CardroomError, IllegalAction, ParseError
from cardroom.core.table import Seat, Side
from cardroom.games.euchre.game import Euchre
from cardroom.games.euchre.ranks import effective_suit, legal_plays, trick_winner
from cardroom.games.euchre.rules import PH_DISCARD, PH_PLAY, PH_TAKEOVER, Discard, EuchreDeal, EuchreHand
from cardroom.games.euchre.scoring import RubberScore

KINDS: tuple[str, ...] = (
    "hand-label", "card-in-two-hands", "missing-hand", "repeated-fragment", "misattributed-remark",
    "unclear-score", "illegal-play", "out-of-turn", "wrong-winner",
)
LETTERS = ("A", "B", "C", "D")


@dataclass(frozen=True)
class AuditFinding:
    """One error of the document found by the audit."""

    case: str
    kind: str  # one of KINDS
    message: str

    def __str__(self) -> str:
        return f"{self.case}: {self.message}"


# ----------------------------------------------------------------------------- the printed text
# The hands as printed in the document, in the printed order, with the printed seat letters (None: no
# letter). Only the cases whose printed layout differs from a clean A/D/B/C listing are given; for the
# others the vector's hands are the printed ones.
PRINTED_HANDS: dict[str, list[tuple[str | None, list[str]]]] = {
    # «D King, knave of clubs, Queen, 10 of spades, 8 of hearts. D Knave, king, 10 of diamonds, Ace, queen of
    # hearts. C Knave of hearts, King, 10 of hearts, King, 10 of spades.»
    "case-V": [("A", ["AD", "QD", "7D", "9H", "7H"]), ("D", ["KC", "JC", "QS", "10S", "8H"]),
               ("D", ["JD", "KD", "10D", "AH", "QH"]), ("C", ["JH", "KH", "10H", "KS", "10S"])],
    # «В Ace, king of clubs, Ace, king, 7 of diamonds. King, 7 of spades, 7 of hearts. C Счет, …»
    "case-IX": [("A", ["QC", "JC", "JS", "QD", "JD"]), ("D", ["9C", "10D", "KS", "7S", "7H"]),
                ("B", ["AC", "KC", "AD", "KD", "7D"]), (None, ["KS", "7S", "7H"]), ("C", [])],
}


@dataclass(frozen=True)
class Remark:
    """A statement of a case's remarks that the record can check: ``seat`` trumped his partner's
    winning card in ``trick``."""

    trick: int
    seat: str
    quote: str


REMARKS: dict[str, list[Remark]] = {
    "case-III": [Remark(3, "A", "«Третья взятка. — С заходит тузом пик … А бьет козырем»")],
    "case-VI": [Remark(3, "C", "«С в третьей взятке понял, что его дама бесполезна, если только не "
                               "использовать ее, чтобы побить козырем взятку партнера»")],
}

UNCLEAR_SCORE: dict[str, str] = {
    "case-IX": "the score line «А С один; В D три; и одна партия» does not say which side has won the game "
               "already (UNCERTAIN; the hand's own score is unaffected)",
}


def _bidding(case: str, text: str) -> tuple[list[tuple[str, str]], str]:
    """The calls of a case, read from the vector's bidding sentence; and a note when assumed."""
    t = text.lower()
    if t.startswith("b, c, d pass; a (dealer) adopts"):
        return [("B", "pass"), ("C", "pass"), ("D", "pass"), ("A", "take up")], ""
    if t.startswith("b passes; c assists; a takes up"):
        return [("B", "pass"), ("C", "assist"), ("A", "pass")], ""  # A declines to take it alone
    if t.startswith("b passes; c assists; a takes it from c and plays alone"):
        return [("B", "pass"), ("C", "assist"), ("A", "take it from you")], ""
    if t.startswith("b orders up; a takes up"):
        return [("B", "order up"), ("D", "pass")], ""  # D declines to take it alone
    if t.startswith("a plays alone"):
        return ([("B", "pass"), ("C", "pass"), ("D", "pass"), ("A", "alone")],
                "the bidding is not stated; assumed: B, C, D pass and the dealer A plays alone at the turn-up")
    raise ParseError(f"{case}: bidding {text!r} is not understood")


# ----------------------------------------------------------------------------- the result
@dataclass
class AuditResult:
    """The replay of one case."""

    case: str
    dealer: Seat
    seats: dict[str, Seat]
    hand: EuchreHand
    findings: list[AuditFinding] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    stated_tricks: int = 0
    score_before: dict[str, int] = field(default_factory=dict)
    games_before: dict[str, int] | None = None
    data: Mapping[str, Any] = field(default_factory=dict)
    hand_at_play: EuchreHand | None = None  # the hand after the bidding, before the first card

    # --- seats and sides
    def letter(self, seat: Seat) -> str:
        return {s: k for k, s in self.seats.items()}[seat]

    def side_name(self, side: Side) -> str:
        return "AC" if self.seats["A"].side == side else "BD"

    @property
    def trick_winners(self) -> list[Seat]:
        """The winners of the tricks the case states (not those completed by search)."""
        return [t.winner for t in self.hand.tricks[:self.stated_tricks]]

    def side_tricks(self) -> dict[str, int]:
        """Tricks per side at the end; a lone player is named alone ("A")."""
        won = {"AC": 0, "BD": 0}
        for t in self.hand.tricks:
            won[self.side_name(t.winner.side)] += 1
        lone = self.hand.lone
        if lone is not None:
            k = self.side_name(lone.side)
            won[self.letter(lone)] = won.pop(k)
        return won

    def points_dict(self) -> dict[str, int]:
        r = self.hand.result()
        if r is None:
            raise CardroomError(f"{self.case}: the hand is not finished")
        return {self.side_name(Side.NS): r.points[0], self.side_name(Side.EW): r.points[1]}

    @property
    def march(self) -> bool:
        r = self.hand.result()
        return bool(r and r.score and r.score.march)

    @property
    def euchre_of(self) -> str | None:
        r = self.hand.result()
        if r is None or r.score is None or not r.score.euchred or r.makers is None:
            return None
        return self.side_name(r.makers)

    def _rubber(self) -> RubberScore:
        """The rubber account: the games won before (if stated), the score before, this hand."""
        rs = RubberScore()
        ac_is_ns = self.seats["A"].side == Side.NS

        def add(side: str, p: int) -> None:
            if p:
                (rs.add(p, 0) if (side == "AC") == ac_is_ns else rs.add(0, p))

        for side, n in (self.games_before or {}).items():
            for _ in range(n):
                add(side, 4)
                add(side, 1)
        for side in ("AC", "BD"):
            add(side, self.score_before.get(side, 0))
        pts = self.points_dict()
        for side in ("AC", "BD"):
            add(side, pts[side])
        return rs

    @property
    def score_after(self) -> dict[str, int]:
        pts = self.points_dict()
        return {k: self.score_before[k] + pts[k] for k in ("AC", "BD")}

    @property
    def game_winner(self) -> str | None:
        rs = self._rubber()
        done = sum((self.games_before or {}).values())
        if len(rs.games) > done:
            return self.side_name(rs.games[done].winner)
        return None

    @property
    def lap_carried(self) -> dict[str, int] | None:
        after = self.score_after
        over = {k: v - 5 for k, v in after.items() if v > 5}
        rs = self._rubber()
        done = sum((self.games_before or {}).values())
        if len(rs.games) > done and rs.games[done].lap:
            g = rs.games[done]
            assert over == {self.side_name(g.winner): g.lap}
            return over
        return None

    @property
    def rubber_winner(self) -> str | None:
        w = self._rubber().winner
        return None if w is None else self.side_name(w)

    @property
    def fourth_game_played(self) -> bool:
        rs = self._rubber()
        return len(rs.games) == 3 and not rs.is_over

    # --- claims
    def claim_holds(self, claim: Mapping[str, Any]) -> bool:
        """Check one of the vector's claims about an alternative line (see :data:`CLAIM_LINES`)."""
        line = CLAIM_LINES[self.case][claim["line"]]
        return line.check(self, claim)

    def messages(self) -> list[str]:
        return [str(f) for f in self.findings]


# ----------------------------------------------------------------------------- search
def _search(hands: tuple[int, int, int, int], trump: Suit, active: tuple[Seat, ...], leader: Seat,
            trick: tuple[tuple[Seat, Card], ...], side: Side) -> tuple[int, tuple[tuple[Seat, Card], ...]]:
    """Tricks ``side`` can still be sure of from this position (its players maximise, the others
    minimise), with the principal variation. Perfect information."""
    return _search_cached(hands, int(trump), tuple(int(s) for s in active), int(leader),
                          tuple((int(s), int(c)) for s, c in trick), int(side))


@lru_cache(maxsize=200_000)
def _search_cached(hands: tuple[int, int, int, int], trump_i: int, active_i: tuple[int, ...], leader_i: int,
                   trick_i: tuple[tuple[int, int], ...], side_i: int) -> tuple[int, tuple[tuple[Seat, Card], ...]]:
    trump = Suit(trump_i)
    active = tuple(Seat(s) for s in active_i)
    trick = tuple((Seat(s), Card(c)) for s, c in trick_i)
    if not any(hands[s] for s in active):
        return 0, ()
    n = len(active)
    if trick:
        last = trick[-1][0]
        i = active.index(last)
        seat = active[(i + 1) % n]
    else:
        seat = Seat(leader_i)
    led = trick[0][1] if trick else None
    options = cards_of_mask(legal_plays(hands[seat], led, trump))
    best: tuple[int, tuple[tuple[Seat, Card], ...]] | None = None
    maximise = seat.side == Side(side_i)
    for c in options:
        lst = list(hands)
        lst[seat] &= ~c.mask
        new_hands = (lst[0], lst[1], lst[2], lst[3])
        t = (*trick, (seat, c))
        if len(t) == n:
            w = t[trick_winner([x for _, x in t], trump)][0]
            val, pv = _search(new_hands, trump, active, w, (), Side(side_i))
            val += 1 if w.side == Side(side_i) else 0
        else:
            val, pv = _search(new_hands, trump, active, Seat(leader_i), t, Side(side_i))
        cand = (val, ((seat, c), *pv))
        if best is None or (val > best[0] if maximise else val < best[0]):
            best = cand
    assert best is not None
    return best


def best_tricks(h: EuchreHand, side: Side) -> tuple[int, list[tuple[Seat, Card]]]:
    """From a hand in play: the tricks ``side`` takes in all (those won already included) when it
    maximises and the other side minimises; and the principal variation."""
    if h.phase != PH_PLAY or h.trump is None:
        raise CardroomError("the search needs a hand in play")
    hands = (h.hands[0], h.hands[1], h.hands[2], h.hands[3])
    val, pv = _search(hands, h.trump, tuple(h.active_seats()), h.trick_leader, tuple(h.trick), side)
    return h.won[side] + val, list(pv)


# ----------------------------------------------------------------------------- claims
@dataclass(frozen=True)
class ClaimLine:
    """An alternative (or the stated) line of a claim, encoded from its sentence: keep the stated tricks
    before ``trick``, then play ``plays``; then ``kind``: ``max`` — the claim side's best total by search
    (compared with the number in the vector's ``verified_by_perfect_information_search``); ``wins-trick``
    — the leader's side wins ``trick`` whatever the others play; ``stated-march`` — the stated line
    itself gives the makers all five tricks."""

    trick: int
    plays: tuple[tuple[str, str], ...]
    kind: str = "max"
    side: str = "AC"

    def check(self, r: AuditResult, claim: Mapping[str, Any]) -> bool:
        if self.kind == "stated-march":
            who = _trumped_partner(r.hand, self.trick)
            return bool(claim.get("verified")) and r.march and who is not None and who[0] == r.seats[self.side[0]]
        h = _replay_prefix(r, self.trick, self.plays)
        if self.kind == "wins-trick":
            return bool(claim.get("verified")) and _wins_whatever(h, self.trick, r.seats[self.plays[0][0]].side)
        m = re.search(r"max (\d+) tricks", str(claim.get("verified_by_perfect_information_search", "")))
        if m is None:
            raise ParseError(f"{r.case}: claim {claim['line']!r} states no number of tricks")
        side = r.seats[self.side[0]].side
        total, _ = best_tricks(h, side)
        return total == int(m.group(1))


def _wins_whatever(h: EuchreHand, trick: int, side: Side) -> bool:
    if len(h.tricks) >= trick:
        return h.tricks[trick - 1].winner.side == side
    return all(_wins_whatever(_applied(h, a), trick, side) for a in h.legal_actions())


def _applied(h: EuchreHand, action: Any) -> EuchreHand:
    c = h.clone()
    assert isinstance(c, EuchreHand)
    c.apply(action)
    return c


CLAIM_LINES: dict[str, dict[str, ClaimLine]] = {
    "case-I": {
        "trick 4: A leads AH instead of KH": ClaimLine(4, (("A", "AH"),), "wins-trick"),
        "trick 1: A overtrumps the 10C with the right bower JC": ClaimLine(
            1, (("B", "JD"), ("C", "7D"), ("D", "10C"), ("A", "JC"))),
    },
    "case-II": {
        "A plays QH at trick 1, B continues with 8H": ClaimLine(
            1, (("B", "JH"), ("C", "AH"), ("D", "7H"), ("A", "QH"), ("B", "8H"))),
        "A plays KH at trick 1, B leads AC (his \"natural\" play)": ClaimLine(
            1, (("B", "JH"), ("C", "AH"), ("D", "7H"), ("A", "KH"), ("B", "AC"))),
    },
    "case-III": {
        "trick 3: A trumps his partner's winning AS with the 9H and leads the left bower": ClaimLine(
            3, (), "stated-march", side="A"),
    },
    "case-IV": {"tricks 3-5, whatever A leads": ClaimLine(3, ())},
    "case-V": {
        "trick 3: B plays under with 10D, keeping JD + KD": ClaimLine(
            3, (("C", "JH"), ("D", "QS"), ("A", "7D"), ("B", "10D"))),
        "trick 3: B wins with the right bower JD instead": ClaimLine(
            3, (("C", "JH"), ("D", "QS"), ("A", "7D"), ("B", "JD"))),
    },
    "case-VI": {
        "trick 3: D does not trump his partner's AS (throws 8H)": ClaimLine(
            3, (("A", "KS"), ("B", "AS"), ("C", "QS"), ("D", "8H"))),
    },
    "case-VII": {
        "trick 3: B refuses to ruff A's KS with the left bower JS (now the highest trump)": ClaimLine(
            3, (("A", "KS"), ("B", "9H"), ("D", "AS")), side="A"),
        "trick 3: B ruffs with JS": ClaimLine(3, (("A", "KS"), ("B", "JS")), side="A"),
    },
    "case-VIII": {
        "trick 3: C leads AH instead of 8H": ClaimLine(3, (("C", "AH"),), side="BD"),
    },
    "case-IX": {"trick 3, any lead by D": ClaimLine(3, (), side="A")},
}


# ----------------------------------------------------------------------------- the replay
def _resolve_hands(case: str, data: Mapping[str, Any], findings: list[AuditFinding]) -> dict[str, list[Card]]:
    """The hands by seat letter from the printed layout, with the layout's errors reported."""
    printed = PRINTED_HANDS.get(case) or [(k, list(v)) for k, v in data["hands"].items()]
    plays_by: dict[str, set[Card]] = {k: set() for k in LETTERS}
    for t in data["tricks"]:
        for s, c in t["plays"]:
            plays_by[s].add(Card.parse(c))
    hands: dict[str, list[Card]] = {}
    fragments: list[list[Card]] = []
    for label, texts in printed:
        cs = [Card.parse(x) for x in texts]
        if label is None:
            fragments.append(cs)
            continue
        if label in hands:
            # the seat whose cards these are: the one missing whose plays come from them
            missing = [k for k in LETTERS if k not in hands and all(lab != k for lab, _ in printed)]
            owner = next((k for k in missing if plays_by[k] and plays_by[k] <= set(cs)), None)
            if owner is None:
                raise CardroomError(f"{case}: the letter {label} is printed twice and no seat plays the cards "
                                    f"of the second hand")
            findings.append(AuditFinding(case, "hand-label", (
                f"the letter {label} is printed for two hands; the second ({' '.join(map(str, cs))}) is {owner}'s: "
                f"{owner} plays {' '.join(str(c) for c in sorted(plays_by[owner]))} from it, and {owner}'s "
                f"hand is not printed")))
            hands[owner] = cs
        else:
            hands[label] = cs
    for frag in fragments:
        holder = next((k for k, h in hands.items() if set(frag) <= set(h)), None)
        if holder is not None:
            findings.append(AuditFinding(case, "repeated-fragment", (
                f"printed cards {' '.join(map(str, frag))} have no seat: they repeat part of {holder}'s hand")))
    # cards printed twice
    named = [c for h in hands.values() for c in h]
    for c in sorted(set(x for x in named if named.count(x) > 1)):
        holders = [k for k, h in hands.items() if c in h]
        player = next((k for k in holders if c in plays_by[k]), None)
        keep = player or holders[0]
        others = [k for k in holders if k != keep]
        findings.append(AuditFinding(case, "card-in-two-hands", (
            f"{c} is printed in the hands of both {' and '.join(holders)}"
            + (f"; {keep} plays it (trick {_trick_of(data, keep, c)}), so {', '.join(others)}'s card is some "
               f"other {_suit_name(c.suit)}, not named" if player else ""))))
        for k in others:
            hands[k] = [x for x in hands[k] if x != c]
    # missing hands
    for k in LETTERS:
        if not hands.get(k):
            findings.append(AuditFinding(case, "missing-hand", (
                f"{k}'s hand is not printed" + (
                    f" ({k} sits out: his partner plays alone, so nothing depends on it)"
                    if data.get("lone") and data["lone"] != k and _partner(data["lone"]) == k else ""))))
            hands[k] = []
    return hands


def _partner(letter: str) -> str:
    return {"A": "C", "C": "A", "B": "D", "D": "B"}[letter]


def _suit_name(s: Suit) -> str:
    return {Suit.SPADES: "spade", Suit.HEARTS: "heart", Suit.DIAMONDS: "diamond", Suit.CLUBS: "club"}[s]


def _trick_of(data: Mapping[str, Any], seat: str, card: Card) -> int:
    for t in data["tricks"]:
        for s, c in t["plays"]:
            if s == seat and Card.parse(c) == card:
                return int(t["n"])
    return 0


def _fill(hands: dict[str, list[Card]], turn_up: Card) -> tuple[dict[str, list[Card]], Card]:
    """Stand-ins for the unknown cards, all named nowhere in the case: the dealer's discard (his printed
    hand, the turn-up removed, has four cards), and the cards of a hand printed short (of the suit of a
    card removed as a duplicate when one is free, else the lowest free card)."""
    named = {c for h in hands.values() for c in h} | {turn_up}
    free = sorted((c for c in piquet_pack() if c not in named), key=lambda c: (int(c.rank), int(c.suit)))
    out = {k: list(h) for k, h in hands.items()}
    discard = free.pop(0)
    out["A"].append(discard)
    for k in LETTERS:
        while len(out[k]) < 5:
            out[k].append(free.pop(0))
    return out, discard


def _replay_prefix(r: AuditResult, trick: int, plays: Sequence[tuple[str, str]]) -> EuchreHand:
    """The hand after the stated tricks before ``trick`` and then ``plays``."""
    if r.hand_at_play is None:
        raise CardroomError(f"{r.case}: the audit did not reach the play")
    h = r.hand_at_play.clone()
    assert isinstance(h, EuchreHand)
    for t in r.data["tricks"]:
        if t["n"] >= trick:
            break
        for _s, c in t["plays"]:
            h.apply(Card.parse(c))
    for s, c in plays:
        if h.to_act != r.seats[s]:
            raise CardroomError(f"{r.case}: in the claimed line {s} plays {c} out of turn")
        h.apply(Card.parse(c))
    return h


def audit_case(case: str, data: Mapping[str, Any], dealer: Seat = Seat.SOUTH) -> AuditResult:
    """Replay one worked case (the ``data`` of its vector) through the engine."""
    findings: list[AuditFinding] = []
    notes: list[str] = []
    seats = {"A": dealer, "B": dealer.lho, "C": dealer.partner, "D": dealer.rho}
    turn_up = Card.parse(data["turn_up"])
    hands = _resolve_hands(case, data, findings)
    # the dealer's printed hand includes the turn-up
    if turn_up not in hands["A"]:
        raise CardroomError(f"{case}: the dealer's printed hand does not hold the turn-up {turn_up}")
    hands["A"] = [c for c in hands["A"] if c != turn_up]
    if len(hands["A"]) != 4:
        raise CardroomError(f"{case}: the dealer's printed hand has {len(hands['A']) + 1} cards, not five")
    full, discard = _fill(hands, turn_up)
    for k in LETTERS:
        extra = full[k][len(hands[k]):] if k != "A" else []
        if extra:
            notes.append(f"{k}'s unknown card(s) {' '.join(map(str, extra))} are stand-ins named nowhere")
    notes.append(f"the dealer's discard is not printed: {discard} (named nowhere) stands for it")
    game = Euchre()
    h: EuchreHand = game.new_hand(dealer)
    h.apply(EuchreDeal.of({seats[k]: full[k] for k in LETTERS}, turn_up))
    calls, note = _bidding(case, data["bidding"])
    if note:
        notes.append(note)
    for who, text in calls:
        if h.to_act != seats[who]:
            raise CardroomError(f"{case}: the engine expects {h.to_act} to speak, not {who}")
        h.apply(h.parse_action(text))
    if h.phase == PH_TAKEOVER:
        h.apply(h.parse_action("pass"))
    if h.phase == PH_DISCARD:
        h.apply(Discard(discard))
    if h.phase != PH_PLAY:
        raise CardroomError(f"{case}: the bidding did not end in play (phase {h.phase})")
    if str(h.trump) != data["trump"]:
        raise CardroomError(f"{case}: the bidding made {h.trump} trumps, the case says {data['trump']}")
    if case in UNCLEAR_SCORE:
        findings.append(AuditFinding(case, "unclear-score", UNCLEAR_SCORE[case]))
    r = AuditResult(case, dealer, seats, h, findings, notes,
                    score_before={k: int(data["score_before"][k]) for k in ("AC", "BD")},
                    games_before=data["score_before"].get("games")
                    if isinstance(data["score_before"].get("games"), dict) else None,
                    data=data)
    hp = h.clone()
    assert isinstance(hp, EuchreHand)
    r.hand_at_play = hp
    stated = 0
    for t in data["tricks"]:
        for s, c in t["plays"]:
            seat = seats[s]
            card = Card.parse(c)
            if h.to_act != seat:
                findings.append(AuditFinding(case, "out-of-turn", (
                    f"trick {t['n']}: {s} plays {c}, but it is {r.letter(Seat(h.next_seat))}'s turn")))
                return r
            try:
                h.apply(card)
            except IllegalAction as e:
                findings.append(AuditFinding(case, "illegal-play", f"trick {t['n']}: {s} {c}: {e}"))
                return r
        stated += 1
        w = t.get("winner")
        if w is not None and h.tricks[-1].winner != seats[w]:
            findings.append(AuditFinding(case, "wrong-winner", (
                f"trick {t['n']} is said to be won by {w}; {r.letter(h.tricks[-1].winner)} wins it")))
    r.stated_tricks = stated
    for rm in REMARKS.get(case, []):
        actual = _trumped_partner(h, rm.trick)
        if actual is None:
            findings.append(AuditFinding(case, "misattributed-remark", (
                f"the remark {rm.quote} says {rm.seat} trumped his partner's trick in trick {rm.trick}; "
                f"nobody did")))
        elif r.letter(actual[0]) != rm.seat:
            t = h.tricks[rm.trick - 1]
            who = r.letter(actual[0])
            own = next(c for s, c in t.plays if s == seats[rm.seat])
            findings.append(AuditFinding(case, "misattributed-remark", (
                f"the remark {rm.quote} names {rm.seat}, but in trick {rm.trick} it is {who} who trumps his "
                f"partner {r.letter(actual[1])}'s {actual[2]} with the {actual[3]}; {rm.seat} played the "
                f"{own} (the remark should name {who})")))
    if not h.is_over:
        makers = h.makers
        assert makers is not None
        _, pv = best_tricks(h, makers)
        for _seat, card in pv:
            h.apply(card)
        notes.append(f"tricks {stated + 1}-5 are not described: completed by perfect-information search")
    return r


def _trumped_partner(h: EuchreHand, trick: int) -> tuple[Seat, Seat, Card, Card] | None:
    """Who, in ``trick``, played a trump on a trick his partner was winning with a plain card."""
    if len(h.tricks) < trick or h.trump is None:
        return None
    plays = h.tricks[trick - 1].plays
    for i in range(1, len(plays)):
        seat, card = plays[i]
        if effective_suit(card, h.trump) != h.trump:
            continue
        sofar = [c for _, c in plays[:i]]
        w = trick_winner(sofar, h.trump)
        wseat, wcard = plays[w]
        if wseat == seat.partner and effective_suit(wcard, h.trump) != h.trump:
            return seat, wseat, wcard, card
    return None


def audit_vector(vector: Mapping[str, Any], dealer: Seat = Seat.SOUTH) -> AuditResult:
    """:func:`audit_case` for a ``play-case`` vector of euchre-examples.json."""
    if vector.get("kind") != "play-case" or not str(vector.get("id", "")).startswith("case-"):
        raise ParseError(f"not a worked case: {vector.get('id')!r}")
    return audit_case(str(vector["id"]), vector["data"], dealer)
