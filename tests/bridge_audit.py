"""Audit of partially known play records: the irregularities a record proves.

Printed deals often name only some of the cards. Document 001's two illustrative deals are of this
kind, and they contain errors (bridge.md §7). :class:`PlayAudit` reads such a record and reports
only what the record itself proves, whatever the unnamed cards were.

A record gives the trump (``None`` or ``"NT"`` for no trumps), the declarer, the opening leader and,
for each trick, the plays in order as ``(seat, card)`` pairs, where the card is

* fully known: ``"QD"``, ``"10S"``;
* known only by suit: ``"xS"``, a spade of unknown rank; or
* unknown: ``None``.

A trick may also state its winner: a seat (``"N"``) or only a side (``"NS"``). A record may end with a
claim: the total number of tricks the declaring side says it takes.

Findings (:class:`AuditFinding`), by ``kind``:

``lead-out-of-turn``
    the opening lead is not made by the given opening leader, or not from declarer's left; or a trick
    is led by another seat than the winner of the previous trick.
``play-out-of-turn``
    a seat plays out of the clockwise rotation.
``two-cards-from-one-hand``
    one seat plays a second card to the same trick.
``missing-play``
    a seat plays no card to a trick.
``card-played-twice``
    a named card is played again after it was played.
``revoke``
    a seat fails to follow to a led suit and later plays a card of that suit.
``wrong-winner``
    the stated winner cannot have won the trick, whatever the unnamed cards were.
``claim-exceeds-possible``
    the claimed total is larger than the tricks the declaring side has not yet lost.

To decide who can win a trick, an unnamed card may be any card that the record does not name anywhere
(a suit-only card: any unnamed card of its suit); follow-suit is not assumed, since the point is to
find where it was broken.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from cardroom.core.cards import Card, Suit
from cardroom.core.errors import ParseError
from cardroom.core.table import Seat, Side

KINDS: tuple[str, ...] = (
    "lead-out-of-turn",
    "play-out-of-turn",
    "two-cards-from-one-hand",
    "missing-play",
    "card-played-twice",
    "revoke",
    "wrong-winner",
    "claim-exceeds-possible",
)

_SUIT_NAMES = {Suit.SPADES: "spade", Suit.HEARTS: "heart", Suit.DIAMONDS: "diamond", Suit.CLUBS: "club"}
_ALL_CARDS: tuple[Card, ...] = tuple(Card(i) for i in range(52))


@dataclass(frozen=True)
class AuditFinding:
    """One irregularity proved by a play record."""

    trick: int  # 1-based
    seat: str  # "N", "E", "S", "W" (or "NS"/"EW" for a side stated as a trick's winner)
    card: str | None  # as written in the record: "QD", "xS", or None
    kind: str  # one of KINDS
    message: str

    def __str__(self) -> str:
        return self.message


@dataclass(frozen=True)
class CardSpec:
    """A card as a record names it: fully (``card``), by suit only (``suit``), or not at all."""

    text: str | None
    card: Card | None
    suit: Suit | None

    @classmethod
    def parse(cls, text: str | None) -> CardSpec:
        if text is None:
            return cls(None, None, None)
        t = text.strip()
        if len(t) == 2 and t[0] in "xX":
            suit = Suit.parse(t[1])
            return cls(f"x{suit.letter}", None, suit)
        card = Card.parse(t)
        return cls(str(card), card, card.suit)

    @property
    def shown(self) -> str:
        return self.text if self.text is not None else "an unknown card"


@dataclass(frozen=True)
class _Play:
    trick: int  # 1-based
    pos: int  # 0 = the lead
    seat: Seat
    spec: CardSpec


def _parse_seat(text: str) -> Seat:
    return Seat.parse(text)


def _parse_winner(text: str | None) -> Seat | Side | None:
    if text is None:
        return None
    t = text.strip().upper()
    if t in ("NS", "EW"):
        return Side[t]
    return Seat.parse(t)


def _parse_trump(trump: str | Suit | None) -> Suit | None:
    if trump is None or isinstance(trump, Suit):
        return trump
    t = trump.strip().upper()
    if t in ("NT", "N", "NOTRUMP", "БК"):
        return None
    return Suit.parse(t)


def _distinct_representatives(options: Sequence[Sequence[Card]]) -> bool:
    """Whether one card can be chosen from each list with no card chosen twice (bipartite matching)."""
    owner: dict[Card, int] = {}

    def place(i: int, seen: set[Card]) -> bool:
        for c in options[i]:
            if c in seen:
                continue
            seen.add(c)
            if c not in owner or place(owner[c], seen):
                owner[c] = i
                return True
        return False

    return all(place(i, set()) for i in range(len(options)))


class PlayAudit:
    """Audit of one play record; :attr:`findings` lists what it proves, in trick order."""

    def __init__(
        self,
        trump: str | Suit | None,
        declarer: str,
        opening_leader: str,
        tricks: Sequence[Sequence[tuple[str, str | None]]],
        *,
        winners: Sequence[str | None] | None = None,
        claim: int | None = None,
        claim_after: int | None = None,
    ) -> None:
        self.trump = _parse_trump(trump)
        self.declarer = _parse_seat(declarer)
        self.opening_leader = _parse_seat(opening_leader)
        self.tricks: list[list[_Play]] = []
        for n, trick in enumerate(tricks, start=1):
            if not trick:
                raise ParseError(f"trick {n} has no plays")
            self.tricks.append([_Play(n, i, _parse_seat(s), CardSpec.parse(c)) for i, (s, c) in enumerate(trick)])
        if winners is not None and len(winners) != len(self.tricks):
            raise ParseError(f"{len(winners)} stated winners for {len(self.tricks)} tricks")
        self.stated: list[Seat | Side | None] = [_parse_winner(w) for w in winners] if winners else [None] * len(
            self.tricks)
        if claim is not None and not 0 <= claim <= 13:
            raise ParseError(f"a claim of {claim} tricks is impossible")
        self.claim = claim
        self.claim_after = len(self.tricks) if claim_after is None else claim_after
        self.named: frozenset[Card] = frozenset(
            p.spec.card for t in self.tricks for p in t if p.spec.card is not None)
        self._possible: dict[int, frozenset[int]] = {}
        self.findings: list[AuditFinding] = self._audit()

    # ------------------------------------------------------------------ winners
    def _candidates(self, play: _Play) -> list[Card]:
        spec = play.spec
        if spec.card is not None:
            return [spec.card]
        pool = [c for c in _ALL_CARDS if spec.suit is None or c.suit == spec.suit]
        free = [c for c in pool if c not in self.named]
        return free or pool

    def _possible_positions(self, n: int) -> frozenset[int]:
        """Positions (0 = the lead) of trick ``n`` whose card can win it, whatever the unnamed cards."""
        if n in self._possible:
            return self._possible[n]
        plays = self.tricks[n - 1]
        cands = [self._candidates(p) for p in plays]
        trump = self.trump
        out: set[int] = set()
        for led in sorted({c.suit for c in cands[0]}):

            def key(c: Card, led: Suit = led) -> int:
                if trump is not None and c.suit == trump:
                    return 200 + c.rank
                return 100 + c.rank if c.suit == led else -1

            options = [[c for c in cands[0] if c.suit == led], *cands[1:]]
            for w in range(len(options)):
                if w in out:
                    continue
                best = max(options[w], key=key)
                kw = key(best)
                if kw < 0:
                    continue
                rest = [[c for c in options[j] if key(c) < kw] for j in range(len(options)) if j != w]
                if all(rest) and _distinct_representatives(rest):
                    out.add(w)
        result = frozenset(out)
        self._possible[n] = result
        return result

    def possible_winners(self, n: int) -> frozenset[Seat]:
        """The seats that can have won trick ``n`` (1-based)."""
        plays = self.tricks[n - 1]
        return frozenset(plays[i].seat for i in self._possible_positions(n))

    def winner(self, n: int) -> Seat | None:
        """The winner of trick ``n`` when the named cards alone decide it, else ``None``."""
        poss = self.possible_winners(n)
        return next(iter(poss)) if len(poss) == 1 else None

    def effective_winner(self, n: int) -> Seat | None:
        """The seat that won trick ``n``: the stated seat if it can have won, else the only possible one."""
        poss = self.possible_winners(n)
        stated = self.stated[n - 1]
        if isinstance(stated, Seat) and stated in poss:
            return stated
        if isinstance(stated, Side):
            on_side = [s for s in poss if s.side == stated]
            if len(on_side) == 1:
                return on_side[0]
        return next(iter(poss)) if len(poss) == 1 else None

    def winning_side(self, n: int) -> Side | None:
        """The side that won trick ``n``, when the record tells it."""
        w = self.effective_winner(n)
        if w is not None:
            return w.side
        stated = self.stated[n - 1]
        if isinstance(stated, Side):
            return stated
        sides = {s.side for s in self.possible_winners(n)}
        return sides.pop() if len(sides) == 1 else None

    def _winning_card(self, n: int, seat: Seat) -> str | None:
        plays = self.tricks[n - 1]
        for i in sorted(self._possible_positions(n)):
            if plays[i].seat == seat:
                return plays[i].spec.text
        return None

    def _won_with(self, n: int, seat: Seat) -> str:
        card = self._winning_card(n, seat)
        return f"{seat} won trick {n}" + (f" with {card}" if card else "")

    # ------------------------------------------------------------------ checks
    def _audit(self) -> list[AuditFinding]:
        out: list[AuditFinding] = []
        for n in range(1, len(self.tricks) + 1):
            out.extend(self._check_lead(n))
            out.extend(self._check_rotation(n))
            out.extend(self._check_winner(n))
        out.extend(self._check_duplicates())
        out.extend(self._check_revokes())
        out.extend(self._check_claim())
        order = {k: i for i, k in enumerate(KINDS)}
        return sorted(out, key=lambda f: (f.trick, order.get(f.kind, len(order))))

    def _check_lead(self, n: int) -> list[AuditFinding]:
        lead = self.tricks[n - 1][0]
        out: list[AuditFinding] = []
        if n == 1:
            if self.opening_leader != self.declarer.lho:
                out.append(AuditFinding(1, str(self.opening_leader), lead.spec.text, "lead-out-of-turn",
                                        f"trick 1: the opening lead belongs to {self.declarer.lho}, on declarer "
                                        f"{self.declarer}'s left, not to {self.opening_leader}"))
            if lead.seat != self.opening_leader:
                out.append(AuditFinding(1, str(lead.seat), lead.spec.text, "lead-out-of-turn",
                                        f"trick 1: {lead.seat} led {lead.spec.shown}, but the opening lead "
                                        f"belonged to {self.opening_leader}"))
            return out
        prev = self.effective_winner(n - 1)
        if prev is not None and lead.seat != prev:
            out.append(AuditFinding(n, str(lead.seat), lead.spec.text, "lead-out-of-turn",
                                    f"trick {n}: {lead.seat} led {lead.spec.shown}, but "
                                    f"{self._won_with(n - 1, prev)}, so the lead belonged to {prev}"))
        return out

    def _check_rotation(self, n: int) -> list[AuditFinding]:
        plays = self.tricks[n - 1]
        leader = plays[0].seat
        out: list[AuditFinding] = []
        first: dict[Seat, _Play] = {leader: plays[0]}
        for p in plays[1:]:
            expected = leader.next(p.pos)
            if p.seat in first:
                earlier = first[p.seat]
                out.append(AuditFinding(n, str(p.seat), p.spec.text, "two-cards-from-one-hand",
                                        f"trick {n}: {p.seat} played {p.spec.shown} after already playing "
                                        f"{earlier.spec.shown} to the same trick: two cards from one hand"))
                continue
            first[p.seat] = p
            if p.seat != expected:
                out.append(AuditFinding(n, str(p.seat), p.spec.text, "play-out-of-turn",
                                        f"trick {n}: {p.seat} played {p.spec.shown} in {expected}'s turn"))
        for s in Seat:
            if s not in first:
                out.append(AuditFinding(n, str(s), None, "missing-play", f"trick {n}: {s} played no card"))
        return out

    def _check_winner(self, n: int) -> list[AuditFinding]:
        stated = self.stated[n - 1]
        if stated is None:
            return []
        poss = self.possible_winners(n)
        ok = stated in poss if isinstance(stated, Seat) else any(s.side == stated for s in poss)
        if ok:
            return []
        card: str | None = None
        if isinstance(stated, Seat):
            mine = [p.spec.text for p in self.tricks[n - 1] if p.seat == stated]
            card = mine[0] if mine else None
        if len(poss) == 1:
            w = next(iter(poss))
            why = self._won_with(n, w)
        else:
            why = f"no card {stated} played can win it"
        return [AuditFinding(n, str(stated), card, "wrong-winner",
                             f"trick {n}: the record says {stated} won it"
                             + (f" with {card}" if card else "") + f", but {why}")]

    def _check_duplicates(self) -> list[AuditFinding]:
        out: list[AuditFinding] = []
        seen: dict[Card, _Play] = {}
        for trick in self.tricks:
            for p in trick:
                c = p.spec.card
                if c is None:
                    continue
                if c in seen:
                    first = seen[c]
                    out.append(AuditFinding(p.trick, str(p.seat), p.spec.text, "card-played-twice",
                                            f"trick {p.trick}: {p.seat} played {c}, which {first.seat} already "
                                            f"played at trick {first.trick}: a card played twice"))
                else:
                    seen[c] = p
        return out

    def _check_revokes(self) -> list[AuditFinding]:
        out: list[AuditFinding] = []
        for trick in self.tricks:
            led = trick[0].spec.suit
            if led is None:
                continue
            for p in trick[1:]:
                if p.spec.suit is None or p.spec.suit == led:
                    continue
                if any(q.seat == p.seat and q.spec.suit == led for q in trick):
                    continue  # the same hand played the led suit to this very trick (reported otherwise)
                later = next((q for t in self.tricks[p.trick:] for q in t
                              if q.seat == p.seat and q.spec.suit == led), None)
                if later is not None:
                    out.append(AuditFinding(p.trick, str(p.seat), p.spec.text, "revoke",
                                            f"trick {p.trick}: {p.seat} played {p.spec.shown} on a "
                                            f"{_SUIT_NAMES[led]} lead and later played {later.spec.shown} "
                                            f"(trick {later.trick}): a revoke"))
        return out

    def _check_claim(self) -> list[AuditFinding]:
        if self.claim is None:
            return []
        side = self.declarer.side
        lost: list[int] = []
        broken_at: int | None = None
        for n in range(1, min(self.claim_after, len(self.tricks)) + 1):
            if self.winning_side(n) == side.other:
                lost.append(n)
                if broken_at is None and 13 - len(lost) < self.claim:
                    broken_at = n
        if broken_at is None:
            return []
        possible = 13 - len(lost)
        details = []
        for n in lost:
            w = self.effective_winner(n)
            details.append(self._won_with(n, w) if w is not None else f"{side.other} won trick {n}")
        w_at = self.effective_winner(broken_at)
        card = self._winning_card(broken_at, w_at) if w_at is not None else None
        return [AuditFinding(broken_at, str(self.declarer), card, "claim-exceeds-possible",
                             f"trick {broken_at}: the claim of {self.claim} tricks for {side} (declarer "
                             f"{self.declarer}) exceeds the {possible} still possible: " + ", ".join(details))]


def audit_play(
    trump: str | Suit | None,
    declarer: str,
    opening_leader: str,
    tricks: Sequence[Sequence[tuple[str, str | None]]],
    *,
    winners: Sequence[str | None] | None = None,
    claim: int | None = None,
    claim_after: int | None = None,
) -> list[AuditFinding]:
    """The irregularities a partially known play record proves (see :class:`PlayAudit`)."""
    return PlayAudit(trump, declarer, opening_leader, tricks, winners=winners, claim=claim,
                     claim_after=claim_after).findings
