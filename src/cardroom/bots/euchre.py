"""A rule-based euchre player following the advice of document 003 (Somerset Club, 1888).

:class:`EuchreBot` sees only its own seat's view of a hand (or a match view whose ``hand`` is
one) and returns one of the legal actions listed in it. The decisions follow the document's
«советы по игре» seat by seat (the English digest's §13, H1–H8):

* making the trump: the eldest hand orders up with three medium trumps and some plain strength
  unless he can make it "next" (H2.1–3); the second hand assists by the document's list, some
  hands depending on the score (H3); the third hand orders by his stricter list (H4); the dealer
  takes up by his list and its score adjustments (H5); in the second round the eldest makes the
  next suit, crosses only when very strong, the second hand crosses a black suit turned down to a
  red one, the dealer makes with a little less (H2, H3, H5);
* lone hands by the score and the seat (H7), taking a lone hand from partner (Law 94, H7);
* the bridge at 4–1 and 4–2 (§11.6, H6) as the option ``observe_bridge`` (default off, as the
  authors doubt it);
* the dealer's discard: the lowest card of a short suit (H5 with its three examples), against a
  third-hand lone hand his card of the next suit (H7);
* the leads and the play of the second, third and fourth hands, lone-hand defence with the
  fourth-trick signal (H2, H3, H4, H5, H7) and a few coups (H8: I, VII).

The rules and the document passage behind each are listed in docs/bots/euchre.md. Every decision
is a pure function of the view (and the seed, used only to break exact ties).

The view is read through :func:`situation`, which turns the engine's :class:`EuchreView` into a
:class:`Situation`; the decision functions below work on a Situation and can be tested on
constructed positions without the engine.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from cardroom.core.cards import PIQUET_PACK_MASK, Card, Rank, Suit, cards_of_mask
from cardroom.core.laws import RulingChoice
from cardroom.core.table import Seat
from cardroom.games.euchre.ranks import (
    effective_suit,
    effective_suit_mask,
    left_bower,
    right_bower,
    same_colour,
    strength,
    trick_winner,
)

__all__ = [
    "EuchreBot",
    "Holding",
    "Intent",
    "Situation",
    "choose_card",
    "choose_discard",
    "decide_bid",
    "lone_worth",
    "should_assist",
    "should_order_eldest",
    "should_order_third",
    "should_take_over",
    "should_take_up",
    "situation",
]

PACK = PIQUET_PACK_MASK

# strength() of a trump: right bower 9, left 8, A 7, K 6, Q 5, 10 4, 9 3, 8 2, 7 1.
# Plain suits: A 8 (7 in the suit of the left bower's colour), K, Q, ... 7 = 1.
MEDIUM = 4  # "medium trumps" (the document does not define them): the ten or better
SMALL_MAX = 3  # "small" trumps: 9, 8, 7

ROLE_ELDEST, ROLE_SECOND, ROLE_THIRD, ROLE_DEALER = "eldest", "second", "third", "dealer"


# --------------------------------------------------------------------------------------------
# hand evaluation


@dataclass(frozen=True)
class Holding:
    """A hand of cards looked at with ``trump`` as trumps."""

    mask: int
    trump: Suit

    @property
    def cards(self) -> list[Card]:
        return cards_of_mask(self.mask)

    @property
    def trumps(self) -> list[Card]:
        """The trumps held, highest first (the left bower included)."""
        m = self.mask & effective_suit_mask(self.trump, self.trump)
        return sorted(cards_of_mask(m), key=lambda c: -strength(c, self.trump))

    @property
    def n(self) -> int:
        return (self.mask & effective_suit_mask(self.trump, self.trump)).bit_count()

    def has(self, card: Card) -> bool:
        return bool(self.mask >> int(card) & 1)

    @property
    def right(self) -> bool:
        return self.has(right_bower(self.trump))

    @property
    def left(self) -> bool:
        return self.has(left_bower(self.trump))

    def trump_rank(self, rank: Rank) -> bool:
        return self.has(Card.of(self.trump, rank))

    @property
    def ace(self) -> bool:
        return self.trump_rank(Rank.ACE)

    @property
    def king(self) -> bool:
        return self.trump_rank(Rank.KING)

    @property
    def queen(self) -> bool:
        return self.trump_rank(Rank.QUEEN)

    def plain(self, suit: Suit) -> list[Card]:
        """The cards of a plain suit held, highest first."""
        m = self.mask & effective_suit_mask(suit, self.trump)
        return sorted(cards_of_mask(m), key=lambda c: -strength(c, self.trump))

    @property
    def plain_suits(self) -> list[Suit]:
        return [s for s in Suit if s != self.trump and self.mask & effective_suit_mask(s, self.trump)]

    @property
    def outside_aces(self) -> int:
        return sum(1 for s in Suit if s != self.trump and self.has(Card.of(s, Rank.ACE)))

    @property
    def one_suit(self) -> bool:
        """The plain cards are all of one suit (a two-suited hand), and there are some."""
        return len(self.plain_suits) == 1

    @property
    def one_suit_ace(self) -> bool:
        """The plain cards are all of one suit, headed by its ace."""
        ps = self.plain_suits
        return len(ps) == 1 and self.has(Card.of(ps[0], Rank.ACE))

    def medium_count(self) -> int:
        return sum(1 for c in self.trumps if strength(c, self.trump) >= MEDIUM)

    def small_count(self) -> int:
        return sum(1 for c in self.trumps if strength(c, self.trump) <= SMALL_MAX)

    def top_run(self, gone: int = 0) -> int:
        """How many trumps of this hand are winners in sequence from the top, counting the
        trumps in ``gone`` (a mask of cards played or known elsewhere) as out of the way."""
        run = 0
        for c in [right_bower(self.trump), left_bower(self.trump)] + [
            Card.of(self.trump, r) for r in (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.TEN, Rank.NINE, Rank.EIGHT,
                                             Rank.SEVEN)
        ]:
            if self.has(c):
                run += 1
            elif not gone >> int(c) & 1:
                break
        return run

    def plain_strength(self) -> bool:
        """"Some strength in a plain suit" (H2.1): an outside ace, a guarded king, or a two-suited hand."""
        if self.outside_aces or self.one_suit:
            return True
        return any(len(self.plain(s)) >= 2 and self.plain(s)[0].rank == Rank.KING for s in self.plain_suits)

    def equals(self, suit: Suit) -> Card | None:
        """The top card of a sequence of two ("equals": K–Q, Q–J, J–10) in a plain suit, if held."""
        cards = self.plain(suit)
        for a, b in itertools.pairwise(cards):
            if strength(a, self.trump) == strength(b, self.trump) + 1 and a.rank != Rank.ACE:
                return a
        return None


def lone_tricks(h: Holding, gone: int = 0, next_ruffed: bool = False) -> float:
    """A count of the tricks a hand takes alone: trumps winning in sequence from the top, the
    other trumps once the top ones draw the adversaries' (all when three are on top, half
    otherwise), plain aces, and half for a king guarded by its ace. ``next_ruffed``: the cards
    of the next suit count nothing (the third hand alone at the turn-up: by custom the dealer
    discards his next-suit card and his partner leads that suit for him to ruff, H7)."""
    run = h.top_run(gone)
    if run == 0:
        return 0.0
    rest = h.n - run
    t = float(run) + (rest if run >= 3 else 0.5 * rest)
    for s in h.plain_suits:
        if next_ruffed and s == same_colour(h.trump):
            continue
        cards = h.plain(s)
        if cards[0].rank == Rank.ACE:
            t += 1
            if len(cards) >= 2 and cards[1].rank == Rank.KING:
                t += 0.5
    return t


def estimate_tricks(h: Holding) -> float:
    """A rough count of a partnership hand's tricks (used only where the document gives no list)."""
    value = {9: 1.0, 8: 0.85, 7: 0.7, 6: 0.55, 5: 0.45, 4: 0.35, 3: 0.3, 2: 0.3, 1: 0.3}
    t = sum(value[strength(c, h.trump)] for c in h.trumps)
    if h.left and not h.right:
        t -= 0.1
    t += 0.1 * max(0, h.n - 2)
    for s in Suit:
        if s == h.trump:
            continue
        cards = h.plain(s)
        if not cards:
            if h.n >= 2:
                t += 0.2
            continue
        if cards[0].rank == Rank.ACE:
            t += 0.8
        elif cards[0].rank == Rank.KING and len(cards) >= 2:
            t += 0.3
    return t


# --------------------------------------------------------------------------------------------
# the score


@dataclass(frozen=True)
class Score:
    """The points of the present game, ours and theirs."""

    us: int = 0
    them: int = 0

    @property
    def caution(self) -> bool:
        """3–all or 4–3 / 4–2 in our favour (H1, H2.14, H5): play more carefully."""
        return (self.us, self.them) in ((3, 3), (4, 3), (4, 2))

    @property
    def free(self) -> bool:
        """4–all or 4–love in our favour (H3, H5): weaker hands may be played."""
        return (self.us, self.them) in ((4, 4), (4, 0))

    @property
    def desperate(self) -> bool:
        """4–1 or 4–2 against us (H7): desperate chances are justified."""
        return self.them == 4 and self.us in (1, 2)

    @property
    def bridge_for_us(self) -> bool:
        """The bridge (§11.6): our side leads 4–1 or 4–2."""
        return self.us == 4 and self.them in (1, 2)


# --------------------------------------------------------------------------------------------
# making the trump (the first and the second round)


def _right_turned(turnup: Card) -> bool:
    return turnup.rank == Rank.JACK


def should_order_third(h: Holding, turnup: Card, score: Score = Score()) -> bool:
    """The third hand's list of hands that must be ordered (H4), the right not turned up;
    with the right turned up, only a hand that clearly sees three tricks."""
    if _right_turned(turnup):
        # the dealer holds the right: the left, ace and king are the next best; count three sure
        return h.left and h.ace and (h.n >= 4 or (h.king and h.outside_aces >= 1))
    L, A, K, Q = h.left, h.ace, h.king, h.queen
    oa = h.outside_aces
    return (
        h.n >= 4
        or (h.right and L and h.n >= 3)
        or (h.right and L and oa >= 1)
        or (h.n >= 3 and oa >= 2)
        or (h.n >= 3 and h.one_suit_ace)
        or (h.right and A and h.n >= 3)
        or (L and A and K and oa >= 1)
        or (L and A and K and h.one_suit)
        or (L and A and K and (score.free or score.desperate))
        or (L and K and h.n >= 3 and oa >= 1)
        or (L and Q and h.n >= 3 and oa >= 1)
        or (A and K and h.n >= 3 and oa >= 1)
    )


def can_make_next(h_next: Holding) -> bool:
    """A hand the eldest can make the next suit with (H2.2–3 and their examples): three trumps
    with a bower or the ace, or two with a bower and an outside ace or a two-suited hand."""
    if h_next.n >= 3 and (h_next.right or h_next.left or h_next.ace):
        return True
    return h_next.n >= 2 and (h_next.right or h_next.left) and (h_next.outside_aces >= 1 or h_next.one_suit)


def should_order_eldest(hand: int, turnup: Card, score: Score = Score()) -> bool:
    """The eldest hand in the first round (H2.1–2): order up with three medium trumps or better
    and some plain strength, but not if he can make it next, unless very strong."""
    h = Holding(hand, turnup.suit)
    very_strong = should_order_third(h, turnup, score)
    nxt = Holding(hand, same_colour(turnup.suit))
    if can_make_next(nxt) and not very_strong:
        return False
    if _right_turned(turnup):
        return very_strong
    if very_strong:
        return True
    ok = h.n >= 3 and h.medium_count() >= 3 and h.plain_strength()
    if score.caution and (score.us, score.them) == (4, 3):
        ok = ok and h.n >= 3 and (h.right or h.left)
    return ok


def should_assist(hand: int, turnup: Card, score: Score = Score()) -> bool:
    """The second hand's assist (H3): always with three trumps, right + one, left + one + outside
    ace; depending on the score with left + one, two trumps + two aces, ace + one + outside ace
    (always if the right is turned up), two medium trumps + a three-card suit headed by the ace;
    ace + one or king + one only at 4–all or 4–love. Never the turned-up right with two small."""
    h = Holding(hand, turnup.suit)
    if _right_turned(turnup) and h.n == 2 and h.small_count() == 2:
        return False
    if h.n >= 3 or (h.right and h.n >= 2) or (h.left and h.n >= 2 and h.outside_aces >= 1):
        return True
    if h.n >= 2 and h.ace and h.outside_aces >= 1 and _right_turned(turnup):
        return True
    score_allows = not score.caution
    if score_allows:
        three_ace = any(len(h.plain(s)) >= 3 and h.plain(s)[0].rank == Rank.ACE for s in h.plain_suits)
        if (
            (h.left and h.n >= 2)
            or (h.n >= 2 and h.outside_aces >= 2)
            or (h.ace and h.n >= 2 and h.outside_aces >= 1)
            or (h.n >= 2 and h.medium_count() >= 2 and three_ace)
        ):
            return True
    return bool(score.free and h.n >= 2 and (h.ace or h.king))


def best_discard_holding(hand: int, turnup: Card, alone: bool = False) -> tuple[Holding, Card]:
    """The dealer's hand after taking up the turn-up and discarding (see :func:`choose_discard`)."""
    six = hand | (1 << int(turnup))
    d = choose_discard(six, turnup.suit, turnup, alone)
    return Holding(six & ~(1 << int(d)), turnup.suit), d


def should_take_up(hand: int, turnup: Card, score: Score = Score()) -> bool:
    """The dealer's list (H5), the turn-up counted as his: three trumps; right + A, K or Q;
    right + one + one suit; right + one + outside ace; left + A + outside ace; left + one +
    outside ace + K, Q of a third suit; A + K + a suit headed by the ace (score); two trumps + two
    aces. Weaker at 4–all / 4–love, slightly weaker at 4–3 in his favour; more caution at 3–all
    and 4–2 in his favour; but pass for a euchre when stronger in the next suit and holding both
    bowers of the cross suit."""
    h, _ = best_discard_holding(hand, turnup)
    t = turnup.suit
    cross_jacks = [Card.of(s, Rank.JACK) for s in Suit if s.is_red != t.is_red]
    if all(hand >> int(c) & 1 for c in cross_jacks) and \
            estimate_tricks(Holding(hand, same_colour(t))) > estimate_tricks(h):
        return False
    oa = h.outside_aces
    one = h.n >= 2
    kq_third = any(h.has(Card.of(s, Rank.KING)) and h.has(Card.of(s, Rank.QUEEN)) for s in h.plain_suits)
    listed = (
        h.n >= 3
        or (h.right and (h.ace or h.king or h.queen))
        or (h.right and one and h.one_suit)
        or (h.right and one and oa >= 1)
        or (h.left and h.ace and oa >= 1)
        or (h.left and one and oa >= 1 and kq_third)
        or (h.n >= 2 and oa >= 2)
    )
    by_score = h.ace and h.king and h.one_suit_ace and not score.caution
    if (score.us, score.them) in ((3, 3), (4, 2)):
        # more than usual caution: the weakest entries of the list are left out
        return (h.n >= 3 and (h.right or h.left or h.ace)) or (h.right and h.ace) or (h.right and h.n >= 2 and oa >= 1)
    if listed or by_score:
        return True
    if score.free and h.n >= 2 and (h.right or h.left or h.ace):
        return True
    return bool((score.us, score.them) == (4, 3) and h.n >= 2 and (h.right or h.left) and oa + h.n >= 3)


def make_ok(h: Holding, role: str, turned_down: Suit, score: Score = Score()) -> bool:
    """May this seat name ``h.trump`` in the second round? (H2.3, H3, H4, H5)."""
    nxt = h.trump == same_colour(turned_down)
    if role == ROLE_ELDEST:
        if nxt:
            return can_make_next(h)
        # crossing: only when very strong
        return should_order_third(h, Card.of(h.trump, Rank.SEVEN), score) and h.n >= 3
    if role == ROLE_SECOND:
        if not nxt and h.trump.is_red and not turned_down.is_red:
            # partner turned down a black suit: make it red if you can
            return (h.n >= 2 and (h.right or h.left or h.ace or h.outside_aces >= 1)) or h.n >= 3
        return should_assist(h.mask, Card.of(h.trump, Rank.SEVEN), score) and (h.right or h.left or h.n >= 3)
    if role == ROLE_THIRD:
        return should_order_third(h, Card.of(h.trump, Rank.SEVEN), score)
    # the dealer: a little less strength than the other seats
    listed = (
        h.n >= 3
        or (h.right and h.n >= 2)
        or (h.left and h.n >= 2 and h.outside_aces >= 1)
        or (h.n >= 2 and h.outside_aces >= 2)
    )
    return listed or (score.free and h.n >= 2)


def lone_worth(h: Holding, role: str, score: Score = Score(), assisted: bool = False,
               bridge_passed: bool = False, third_custom: bool = False) -> bool:
    """Play alone? (H7): no absolute definition; not a weak lone hand at 3–all, 4–all or any
    score in our favour; desperate chances at 4–1 / 4–2 against; eldest best, then the dealer,
    second and third weakest (third weakest of all at the turn-up, ``third_custom``); less
    strength with the partner's assistance; more caution when the adversaries observe the bridge
    and their eldest, at the bridge, passed."""
    need = 4.5
    if score.desperate:
        need = 4.0
    elif (score.us, score.them) in ((3, 3), (4, 4)) or score.us > score.them:
        need = 5.0  # no weak lone hand: only five sure tricks
    if role in (ROLE_SECOND, ROLE_THIRD):
        need += 0.5
    if assisted:
        need -= 0.5
    if bridge_passed:
        need += 0.5
    return lone_tricks(h, next_ruffed=third_custom) >= min(need, 5.0)


def should_take_over(hand: int, trump: Suit) -> bool:
    """Take the lone hand from partner (Law 94; H7: «если ... у вас неплохая козырная рука без
    слабостей в не-козырных мастях, хорошим ходом будет взять игру на себя»): three trumps with a
    bower, or two with the right, and no weak plain suit (every plain suit headed by its ace)."""
    h = Holding(hand, trump)
    good_trumps = (h.n >= 3 and (h.right or h.left)) or (h.n >= 2 and h.right and h.left)
    no_weak = all(h.plain(s)[0].rank == Rank.ACE for s in h.plain_suits)
    return good_trumps and no_weak


# --------------------------------------------------------------------------------------------
# the situation: what the bot reads from the view


@dataclass(frozen=True)
class Intent:
    """What the bot wants to do, before it is matched to one of the legal actions."""

    kind: str  # "pass", "order", "assist", "take up", "turn down", "make", "discard", "take over", "play", "alone"
    suit: Suit | None = None
    card: Card | None = None
    alone: bool = False


@dataclass
class Situation:
    """One seat's knowledge of a hand, read from its view."""

    seat: Seat
    dealer: Seat
    phase: str  # "round1", "round2", "discard", "takeover", "play"
    hand: int
    turnup: Card | None = None
    turned_down: Suit | None = None
    trump: Suit | None = None
    maker: Seat | None = None
    how: str | None = None  # "order", "assist", "take up", "make"
    lone: Seat | None = None
    calls: tuple[tuple[Seat, str], ...] = ()
    trick: tuple[tuple[Seat, Card], ...] = ()
    tricks: tuple[tuple[tuple[tuple[Seat, Card], ...], Seat], ...] = ()
    score: Score = field(default_factory=Score)
    turnup_in_dealer_hand: bool = False  # taken up and not yet played
    legal_cards: tuple[Card, ...] = ()
    observe_bridge: bool = False
    out_of_play: int = 0  # cards known to be out of play (the turn-up turned down or dead)

    @property
    def role(self) -> str:
        d = self.dealer
        if self.seat == d:
            return ROLE_DEALER
        if self.seat == d.lho:
            return ROLE_ELDEST
        if self.seat == d.partner:
            return ROLE_SECOND
        return ROLE_THIRD

    @property
    def partner(self) -> Seat:
        return self.seat.partner

    @property
    def we_made(self) -> bool:
        return self.maker is not None and self.maker.side == self.seat.side

    @property
    def active(self) -> list[Seat]:
        return [s for s in Seat if self.lone is None or s != self.lone.partner]

    def played_mask(self) -> int:
        m = 0
        for plays, _ in self.tricks:
            for _, c in plays:
                m |= 1 << int(c)
        for _, c in self.trick:
            m |= 1 << int(c)
        return m

    def played_by(self, seat: Seat) -> list[tuple[int, Card, Card]]:
        """(trick number, card, card led) for every card ``seat`` played, the current trick too."""
        out = []
        for i, plays in enumerate([p for p, _ in self.tricks] + [self.trick]):
            for s, c in plays:
                if s == seat:
                    out.append((i, c, plays[0][1]))
        return out


def _passed(sit: Situation, seat: Seat) -> bool:
    return any(s == seat and c == "pass" for s, c in sit.calls)


def _bridge_passed(sit: Situation) -> bool:
    """The adversaries observe the bridge, their eldest hand is at the bridge and has passed (H7)."""
    eldest = sit.dealer.lho
    return (sit.observe_bridge and eldest.side != sit.seat.side and sit.score.them == 4
            and sit.score.us in (1, 2) and _passed(sit, eldest))


def decide_bid(sit: Situation, options: set[str]) -> Intent:
    """The choice in the first or the second round, or on the partner's lone declaration.

    ``options`` names the kinds of call allowed now ("order", "assist", "take up", "turn down",
    "make", "alone", "take over", "pass")."""
    score = sit.score
    role = sit.role
    if sit.phase == "takeover":
        assert sit.trump is not None
        if "take over" not in options:
            return Intent("pass")
        partner_calls = [c for p, c in sit.calls if p == sit.partner and c != "pass"]
        if partner_calls and partner_calls[-1].startswith("alone"):
            # Law 94, H7: take a lone hand from partner with a good trump hand, no weak plain suit
            return Intent("take over", sit.trump, alone=True) if should_take_over(sit.hand, sit.trump) \
                else Intent("pass")
        # the partner ordered up or assisted: play alone myself? (H7: with assistance, less strength)
        if role == ROLE_DEALER and sit.turnup is not None:
            lone_h, _ = best_discard_holding(sit.hand, sit.turnup, alone=True)
        else:
            lone_h = Holding(sit.hand, sit.trump)
        if lone_worth(lone_h, role, score, assisted=(role == ROLE_DEALER),
                      bridge_passed=_bridge_passed(sit), third_custom=(role == ROLE_THIRD)):
            return Intent("take over", sit.trump, alone=True)
        return Intent("pass")
    if sit.phase == "round1":
        assert sit.turnup is not None
        tu = sit.turnup
        t = tu.suit
        h = Holding(sit.hand, t)
        if role == ROLE_ELDEST:
            want = should_order_eldest(sit.hand, tu, score)
            if sit.observe_bridge and score.bridge_for_us:
                want = True  # the bridge (§11.6, H6): order up even with a weak hand
            kind = "order"
        elif role == ROLE_SECOND:
            want = should_assist(sit.hand, tu, score)
            kind = "assist"
        elif role == ROLE_THIRD:
            want = should_order_third(h, tu, score)
            if not want and should_order_eldest(sit.hand, tu, score) and h.n >= 3:
                # H4: a good hand for the turn-up and great strength in the next suit
                want = estimate_tricks(Holding(sit.hand, same_colour(t))) >= 2.0
            kind = "order"
        else:
            want = should_take_up(sit.hand, tu, score)
            kind = "take up"
        if not want:
            return Intent("turn down" if role == ROLE_DEALER else "pass")
        lone_h = best_discard_holding(sit.hand, tu, alone=True)[0] if role == ROLE_DEALER else h
        alone = lone_worth(lone_h, role, score, bridge_passed=_bridge_passed(sit), third_custom=(role == ROLE_THIRD))
        return Intent(kind, t, alone=alone)
    # second round: name a suit or pass
    assert sit.turned_down is not None
    best: tuple[float, Suit] | None = None
    for s in Suit:
        if s == sit.turned_down:
            continue
        h = Holding(sit.hand, s)
        if not make_ok(h, role, sit.turned_down, score):
            continue
        value = estimate_tricks(h) + (0.3 if s == same_colour(sit.turned_down) and role == ROLE_ELDEST else 0.0)
        if role == ROLE_SECOND and s.is_red != sit.turned_down.is_red and not sit.turned_down.is_red:
            value += 0.3
        if best is None or value > best[0]:
            best = (value, s)
    if best is None:
        return Intent("pass")
    suit = best[1]
    alone = lone_worth(Holding(sit.hand, suit), role, score)
    return Intent("make", suit, alone=alone)


# --------------------------------------------------------------------------------------------
# the discard


def choose_discard(six: int, trump: Suit, turnup: Card | None, alone: bool = False,
                   void_next: bool = False) -> Card:
    """The dealer's discard (H5): "the lowest card of a short suit" — of the plain cards, keep the
    aces; take the shortest suit, preferring one without its ace, and its lowest card. So with
    three trumps, A 7 of a suit and a king, the king; with two trumps, ♥A 7 and ♦K 7, the ♦7;
    with three trumps, ♥A K and ♦A, the ♥K — but the ♦A when playing alone (void a suit).
    Against a third-hand lone hand at the turn-up (``void_next``), the card of the next suit (H7).
    Never the turn-up (Law 88)."""
    h = Holding(six, trump)
    candidates = [c for c in cards_of_mask(six) if turnup is None or c != turnup]
    plain = [c for c in candidates if effective_suit(c, trump) != trump]
    if void_next:
        nxt = [c for c in plain if effective_suit(c, trump) == same_colour(trump)]
        if len(nxt) == 1:
            return nxt[0]
    if alone:
        singles = [c for c in plain if len(h.plain(effective_suit(c, trump))) == 1]
        if singles:
            return min(singles, key=lambda c: strength(c, trump))
    non_aces = [c for c in plain if c.rank != Rank.ACE]
    if non_aces:
        def key(c: Card) -> tuple[int, int, int]:
            s = effective_suit(c, trump)
            cards = h.plain(s)
            has_ace = int(any(x.rank == Rank.ACE for x in cards))
            return (len(cards), has_ace, strength(c, trump))
        return min(non_aces, key=key)
    trumps = [c for c in candidates if effective_suit(c, trump) == trump]
    if plain and (len(trumps) < 4 or not trumps):
        return min(plain, key=lambda c: strength(c, trump))
    return min(trumps, key=lambda c: strength(c, trump))


# --------------------------------------------------------------------------------------------
# the play


def _winner_so_far(trick: Sequence[tuple[Seat, Card]], trump: Suit) -> tuple[Seat, Card]:
    i = trick_winner([c for _, c in trick], trump)
    return trick[i]


def _cheapest_winner(cards: Iterable[Card], sit: Situation) -> Card | None:
    assert sit.trump is not None
    t = sit.trump
    if not sit.trick:
        return None
    led = sit.trick[0][1]
    _, best = _winner_so_far(sit.trick, t)
    winners = [c for c in cards if trick_winner([led, best, c] if best != led else [led, c], t) ==
               (2 if best != led else 1)]
    if not winners:
        return None
    return min(winners, key=lambda c: (effective_suit(c, t) == t, strength(c, t)))


def _unseen(sit: Situation) -> int:
    """Cards that may lie in an adversary's or partner's hand (not ours, not played)."""
    return PACK & ~sit.hand & ~sit.played_mask() & ~sit.out_of_play


def _is_master(card: Card, sit: Situation) -> bool:
    """No card that could still be played by someone else beats ``card`` in its own suit."""
    assert sit.trump is not None
    t = sit.trump
    s = effective_suit(card, t)
    others = _unseen(sit) & effective_suit_mask(s, t)
    return all(strength(c, t) < strength(card, t) for c in cards_of_mask(others))


def _outstanding_trumps(sit: Situation) -> int:
    assert sit.trump is not None
    return (_unseen(sit) & effective_suit_mask(sit.trump, sit.trump)).bit_count()


def _lowest(cards: Iterable[Card], trump: Suit) -> Card:
    return min(cards, key=lambda c: (effective_suit(c, trump) == trump, strength(c, trump)))


def _still_to_play(sit: Situation) -> list[Seat]:
    order = []
    s = sit.seat.next()
    played = {p for p, _ in sit.trick}
    while s != sit.seat:
        if s in sit.active and s not in played:
            order.append(s)
        s = s.next()
    return order


def choose_card(sit: Situation) -> Card:
    """The card to play: a lead or a card to a trick."""
    legal = list(sit.legal_cards)
    if len(legal) == 1:
        return legal[0]
    if not sit.trick:
        return _lead(sit, legal)
    return _follow(sit, legal)


def _partner_threw(sit: Situation) -> set[Suit]:
    """Suits the partner discarded (could not follow and did not trump)."""
    assert sit.trump is not None
    t = sit.trump
    out: set[Suit] = set()
    for _, c, led in sit.played_by(sit.partner):
        ls, cs = effective_suit(led, t), effective_suit(c, t)
        if cs != ls and cs != t:
            out.add(cs)
    return out


def _trumps_led_once(sit: Situation) -> bool:
    assert sit.trump is not None
    return any(effective_suit(plays[0][1], sit.trump) == sit.trump for plays, _ in sit.tricks)


def _lead(sit: Situation, legal: list[Card]) -> Card:
    assert sit.trump is not None
    t = sit.trump
    h = Holding(sit.hand, t)
    trumps = sorted((c for c in legal if effective_suit(c, t) == t), key=lambda c: -strength(c, t))
    plains = [c for c in legal if effective_suit(c, t) != t]
    first = not sit.tricks
    nxt = same_colour(t)
    gone = sit.played_mask()

    def best_plain_lead(avoid: set[Suit] | None = None) -> Card | None:
        cand = [c for c in plains if effective_suit(c, t) not in (avoid or set())] or plains
        if not cand:
            return None
        masters = [c for c in cand if _is_master(c, sit)]
        if masters:
            return max(masters, key=lambda c: strength(c, t))
        aces = [c for c in cand if c.rank == Rank.ACE]
        if aces:
            return aces[0]
        for s in sorted({effective_suit(c, t) for c in cand}):
            top = h.equals(s)
            if top is not None:
                return top
        singles = [c for c in cand if len(h.plain(effective_suit(c, t))) == 1 and c.rank in (Rank.KING, Rank.QUEEN)]
        if singles:
            return max(singles, key=lambda c: strength(c, t))
        # not from K–7, Q–7: the lowest of a suit not headed by an unsupported honour
        safe = [c for c in cand if h.plain(effective_suit(c, t))[0].rank not in (Rank.KING, Rank.QUEEN)]
        return _lowest(safe or cand, t)

    # against a lone hand (H7)
    if sit.lone is not None and sit.lone.side != sit.seat.side:
        if first:
            if sit.role == ROLE_SECOND and sit.lone == sit.dealer.rho:
                # the second hand leads against the third hand's lone hand
                if sit.turnup is not None and sit.turned_down is None:
                    cands = [x for x in plains if effective_suit(x, t) == nxt]
                    if cands:
                        return max(cands, key=lambda x: strength(x, t))  # the next suit, for the dealer to ruff
                elif sit.turned_down is not None:
                    cands = [x for x in plains if effective_suit(x, t) == sit.turned_down]
                    if cands:
                        return max(cands, key=lambda x: strength(x, t))  # the suit turned down (H3)
            return _lone_defence_lead(sit, legal)
        return best_plain_lead() or _lowest(legal, t)

    seq = _continue_sequence(sit, h, trumps, plains)
    if seq is not None:
        return seq
    if first and h.right and (h.ace or h.king) and not h.left and h.outside_aces == 0 and plains:
        # H2.6: a large tenace (right + ace, right + king) and no plain card of special value:
        # lead a plain suit, whether the dealer took up with help or without
        c = best_plain_lead()
        if c is not None:
            return c
    partner_made = sit.maker == sit.partner
    i_made = sit.maker == sit.seat
    if trumps and _outstanding_trumps(sit) == 0:
        # no adversary can trump: cash the plain winners, keep the trumps
        p = [c for c in plains if _is_master(c, sit)]
        if p:
            return p[0]
    if partner_made and first:
        # H2.11: always lead a trump when your partner ordered up or made the trump
        if trumps:
            return max(trumps, key=lambda c: strength(c, t)) if strength(trumps[0], t) >= 8 and h.top_run(gone) \
                else _lowest(trumps, t)
        return max(legal, key=lambda c: strength(c, t))
    if sit.we_made:
        return _maker_lead(sit, legal, trumps, plains, first, i_made, best_plain_lead)
    # the adversaries made the trump
    if first and sit.role == ROLE_ELDEST:
        assisted = sit.how == "assist"
        right_turned = sit.turnup is not None and sit.turnup.rank == Rank.JACK
        if trumps and h.n <= 2 and h.outside_aces >= 2:
            return _lowest(trumps, t)  # H2.7: one or two trumps and two aces: lead trumps
        if assisted and trumps and not right_turned:
            exceptions = (
                (h.left and h.n == 2 and not h.right)
                or (h.ace and h.n == 2 and not h.right and not h.left)
                or (sit.score.us, sit.score.them) == (4, 3)
                or len(h.plain_suits) <= 1
            )
            if not exceptions:
                return _lowest(trumps, t)  # H2.5: through the assisting hand
        if sit.how == "take up":
            if (h.n >= 3 and sit.score.us - sit.score.them >= 2 and sit.turnup is not None
                    and strength(sit.turnup, t) <= 6):
                return _lowest(trumps, t)  # H2.9's exception
            c = best_plain_lead(avoid={sit.turned_down} if sit.turned_down is not None else set())
            if c is not None:
                return c
    avoid = {sit.turned_down} if sit.turned_down is not None and not _trumps_led_once(sit) else set()
    avoid |= _partner_threw(sit) if sit.tricks else set()
    c = best_plain_lead(avoid=avoid)
    if c is not None:
        return c
    return _lowest(trumps, t)


def _maker_lead(sit: Situation, legal: list[Card], trumps: list[Card], plains: list[Card], first: bool,
                i_made: bool, best_plain_lead: Callable[..., Card | None]) -> Card:
    assert sit.trump is not None
    t = sit.trump
    h = Holding(sit.hand, t)
    gone = sit.played_mask()
    R, L = right_bower(t), left_bower(t)
    nxt_made = sit.turned_down is not None and t == same_colour(sit.turned_down)
    crossed = sit.turned_down is not None and not nxt_made
    outstanding = _outstanding_trumps(sit)
    if first and i_made and trumps:
        if h.ace and h.n == 3 and not h.king and not h.right and not h.left and sit.turned_down is not None:
            # H2.4: made with the ace and two others: the ace if made next, a small one if crossed
            return Card.of(t, Rank.ACE) if not crossed else _lowest(trumps, t)
        if h.left and not h.right and (nxt_made or h.n == 2):
            return L  # H2.3 example (make next, lead the left); H2.13 left and a small one
        if h.n == 2:
            a, b = trumps[0], trumps[1]
            if strength(a, t) == strength(b, t) + 1:
                return a  # equals: the higher
            return b  # H2.13: any other two trumps: the smaller
        return max(trumps, key=lambda c: strength(c, t)) if h.top_run(gone) else _lowest(trumps, t)
    if trumps and outstanding:
        # the dealer who took up alone with the right and one: not the right unless the ace follows
        if (sit.role == ROLE_DEALER and sit.how == "take up" and i_made and R in trumps and
                not any(c == Card.of(t, Rank.ACE) for c in trumps) and len(trumps) == 1 and outstanding > 1):
            c = best_plain_lead()
            if c is not None:
                return c
        # H5: partner assisted and has not played a trump yet: lead him a trump
        if (sit.role == ROLE_DEALER and sit.how == "assist" and len(sit.tricks) <= 2
                and not any(effective_suit(c, t) == t for _, c, _ in sit.played_by(sit.partner))):
            return max(trumps, key=lambda c: strength(c, t)) if _is_master(trumps[0], sit) else _lowest(trumps, t)
        # H3: the assisting hand with three trumps winning a plain trick leads trumps at once;
        # two trumps and two aces: lead trumps early; draw trumps with the masters
        if _is_master(trumps[0], sit):
            return trumps[0] if trumps[0] in legal else max(trumps, key=lambda c: strength(c, t))
        if sit.role == ROLE_SECOND and sit.how == "assist":
            return _lowest(trumps, t)
        if h.n >= 2 and outstanding <= h.n:
            return _lowest(trumps, t)
    c = best_plain_lead(avoid=_partner_threw(sit) if sit.tricks else set())
    if c is not None:
        return c
    return max(trumps, key=lambda c: strength(c, t))


def _continue_sequence(sit: Situation, h: Holding, trumps: list[Card], plains: list[Card]) -> Card | None:
    """H2.10: with both bowers and an outside ace lead the right, the left, then the ace; H2.13:
    with the left and a small one, lead the left, then the small one if both adversaries followed."""
    assert sit.trump is not None
    t = sit.trump
    R, L = right_bower(t), left_bower(t)
    if not sit.tricks:
        if h.right and h.left and h.outside_aces >= 1:
            return R
        return None
    plays, winner = sit.tricks[-1]
    if plays[0][0] != sit.seat or winner != sit.seat:
        return None
    led = plays[0][1]
    my_leads = [p[0][1] for p, _ in sit.tricks if p[0][0] == sit.seat]
    if led == R and L in trumps:
        return L
    if led == L and R in my_leads:
        aces = [c for c in plains if c.rank == Rank.ACE]
        return aces[0] if aces else None
    if led == L and trumps and _outstanding_trumps(sit):
        adversaries = [c for p, c in plays if p.side != sit.seat.side]
        if adversaries and all(effective_suit(c, t) == t for c in adversaries):
            return _lowest(trumps, t)
    return None


def _lone_defence_lead(sit: Situation, legal: list[Card]) -> Card:
    """H7: against a lone hand lead a short suit or from equals: the ♥Q from ♥Q ♠Q 7, the ♥K from
    ♥K ♦A 7 ♠10, the ♥A from ♥A ♠A K."""
    assert sit.trump is not None
    t = sit.trump
    h = Holding(sit.hand, t)
    plains = [c for c in legal if effective_suit(c, t) != t]
    if not plains:
        return _lowest(legal, t)
    for s in h.plain_suits:
        top = h.equals(s)
        if top is not None and len(h.plain(s)) == 2:
            return top
    singles = [c for c in plains if len(h.plain(effective_suit(c, t))) == 1]
    if singles:
        return max(singles, key=lambda c: strength(c, t))
    for s in h.plain_suits:
        top = h.equals(s)
        if top is not None:
            return top
    shortest = min(h.plain_suits, key=lambda s: (len(h.plain(s)), -strength(h.plain(s)[0], t)))
    return h.plain(shortest)[0]


def _follow(sit: Situation, legal: list[Card]) -> Card:
    return _information_card(sit, _follow_choice(sit, legal), legal)


def _information_card(sit: Situation, choice: Card, legal: list[Card]) -> Card:
    """H5: «перевернута дама треф, вам ассистируют, и у вас на руках король треф. Если вы или ваш
    партнер берете первую взятку козырем, сыграйте королем. Если у вас ... и туз, и король треф,
    сыграйте тузом»: the assisted dealer about to play the turn-up on a first trick his side takes
    with a trump plays instead the highest card of the sequence the turn-up belongs to."""
    assert sit.trump is not None
    t = sit.trump
    tu = sit.turnup
    if tu is None or sit.role != ROLE_DEALER or not sit.hand >> int(tu) & 1:
        return choice
    if choice != tu and tu in legal and _equals(choice, tu, sit) and sit.trick:
        # Case II: the trick going to an adversary anyway, play the turn-up everybody knows of
        # rather than its equal, which would tell the adversary where that card is
        plays = [c for _, c in sit.trick] + [choice]
        seats = [p for p, _ in sit.trick] + [sit.seat]
        if seats[trick_winner(plays, t)].side != sit.seat.side:
            return tu
    if choice != tu or sit.how != "assist" or sit.tricks:
        return choice
    plays = [c for _, c in sit.trick] + [choice]
    seats = [p for p, _ in sit.trick] + [sit.seat]
    w = trick_winner(plays, t)
    if seats[w].side != sit.seat.side or effective_suit(plays[w], t) != t:
        return choice
    best = choice
    for c in sorted((x for x in legal if effective_suit(x, t) == t), key=lambda x: strength(x, t)):
        if strength(c, t) == strength(best, t) + 1:
            best = c
    if best != choice:
        plays[-1] = best
        if seats[trick_winner(plays, t)].side == sit.seat.side:
            return best
    return choice


def _equals(a: Card, b: Card, sit: Situation) -> bool:
    """Two cards of one effective suit with no card between them that is still in play."""
    assert sit.trump is not None
    t = sit.trump
    if effective_suit(a, t) != effective_suit(b, t):
        return False
    lo, hi = sorted((strength(a, t), strength(b, t)))
    between = [c for c in cards_of_mask(_unseen(sit) & effective_suit_mask(effective_suit(a, t), t))
               if lo < strength(c, t) < hi]
    return not between


def _follow_choice(sit: Situation, legal: list[Card]) -> Card:
    assert sit.trump is not None
    t = sit.trump
    led = sit.trick[0][1]
    led_suit = effective_suit(led, t)
    win_seat, win_card = _winner_so_far(sit.trick, t)
    partner_winning = win_seat == sit.partner
    to_play = _still_to_play(sit)
    last = not to_play
    following = any(effective_suit(c, t) == led_suit for c in legal)
    trumps = [c for c in legal if effective_suit(c, t) == t]
    first_trick = not sit.tricks
    lone_against = sit.lone is not None and sit.lone.side != sit.seat.side
    opponents_after = [s for s in to_play if s.side != sit.seat.side]

    def partner_safe() -> bool:
        if not partner_winning:
            return False
        if not opponents_after:
            return True
        # the partner's master card: not to be trumped (an adversary may still ruff a plain
        # master; trumping the partner's winner is left to the coups, H8)
        return _is_master(win_card, sit)

    if following:
        if partner_safe():
            return _lowest(legal, t)
        winner = _cheapest_winner(legal, sit)
        if winner is None:
            return _lowest(legal, t)
        if led_suit == t and not last:
            R, L = right_bower(t), left_bower(t)
            # H3: trumps led through the assisting hand
            if sit.role == ROLE_SECOND and sit.how == "assist" and len(trumps) == 2:
                tu = sit.turnup
                if R in trumps:
                    if tu is not None and tu.rank == Rank.ACE:
                        return _lowest(trumps, t)  # the ace was turned up: the finesse is allowed
                    return R
                if L in trumps:
                    if tu is not None and tu.rank in (Rank.ACE, Rank.JACK):
                        return _lowest(trumps, t)
                    return L
            best = max(legal, key=lambda c: strength(c, t))
            if _is_master(best, sit) and _beats_now(best, sit):
                return winner if _is_master(winner, sit) else best
            return winner
        if last:
            return winner
        # no finesse in plain suits (H3): play the highest, if it wins now
        best = max(legal, key=lambda c: strength(c, t))
        if partner_winning and not _is_master(best, sit):
            return _lowest(legal, t)
        return best if _beats_now(best, sit) else _lowest(legal, t)

    # cannot follow: trump or throw
    if partner_safe() and not lone_against:
        return _throw(sit, legal)
    if partner_winning and last:
        return _throw(sit, legal)
    if trumps:
        winners = [c for c in trumps if _beats_now(c, sit)]
        if winners:
            R = right_bower(t)
            only = len(trumps) == 1
            if first_trick and only and trumps[0] == R and sit.role == ROLE_SECOND and len(sit.trick) == 1 \
                    and strength(led, t) <= 5 and not lone_against:
                return _throw(sit, legal)  # H3: not with the right alone on the first trick
            # coup I: the dealer who took up without help does not spend the right to overtrump
            if (first_trick and sit.role == ROLE_DEALER and sit.how == "take up" and win_seat.side != sit.seat.side
                    and effective_suit(win_card, t) == t and winners == [R] and len(trumps) <= 2):
                non_trumps = [c for c in legal if effective_suit(c, t) != t]
                if non_trumps:
                    return _throw(sit, non_trumps)
            # coup VII: against a lone hand, the high trump is a sure trick anyway: do not ruff
            # the lone player's plain card with it when the partner, still to play, may beat it
            if (lone_against and sit.trick[0][0] == sit.lone and sit.partner in to_play
                    and all(_is_master(c, sit) for c in winners) and not _is_master(led, sit)):
                non_trumps = [c for c in legal if effective_suit(c, t) != t]
                if non_trumps:
                    return _throw(sit, non_trumps)
            choice = min(winners, key=lambda c: strength(c, t))
            # H4: ruff higher than the turn-up when the dealer, an adversary, still holds it
            tu = sit.turnup
            if tu is not None and sit.turnup_in_dealer_hand and sit.dealer in opponents_after:
                over = [c for c in winners if strength(c, t) > strength(tu, t)]
                if over:
                    choice = min(over, key=lambda c: strength(c, t))
            return choice
    return _throw(sit, legal)


def _beats_now(card: Card, sit: Situation) -> bool:
    assert sit.trump is not None
    plays = [c for _, c in sit.trick] + [card]
    return trick_winner(plays, sit.trump) == len(plays) - 1


def _throw(sit: Situation, legal: list[Card]) -> Card:
    """A card thrown away (no trump, no follow): the lowest card of the weakest suit; the ace of
    an A–K on the partner's trick to show control (H5, H7); against a lone hand keep one suit,
    telling the partner by the fourth-trick card (H7)."""
    assert sit.trump is not None
    t = sit.trump
    h = Holding(sit.hand, t)
    plains = [c for c in legal if effective_suit(c, t) != t] or legal
    lone_against = sit.lone is not None and sit.lone.side != sit.seat.side
    win_seat = _winner_so_far(sit.trick, t)[0] if sit.trick else None
    for s in h.plain_suits:
        cards = h.plain(s)
        if (len(cards) >= 2 and cards[0].rank == Rank.ACE and cards[1].rank == Rank.KING and cards[0] in plains
                and (lone_against or win_seat == sit.partner)):
            return cards[0]  # show control of the suit
    if lone_against:
        # the lone player cannot lead a suit he has shown void: such cards are useless
        assert sit.lone is not None
        void = _shown_void(sit, sit.lone)
        useless = [c for c in plains if effective_suit(c, t) in void]
        if useless and len(useless) < len(plains):
            return min(useless, key=lambda c: strength(c, t))
        keep = _keep_suit(sit)
        others = [c for c in plains if effective_suit(c, t) != keep]
        if others:
            return min(others, key=lambda c: strength(c, t))
        kept = [c for c in plains if effective_suit(c, t) == keep]
        if len(kept) >= 2:
            return min(kept, key=lambda c: strength(c, t))
        return min(plains, key=lambda c: strength(c, t))

    def key(c: Card) -> tuple[int, int, int]:
        s = effective_suit(c, t)
        master = int(_is_master(c, sit))
        return (master, strength(c, t), len(h.plain(s)) if s != t else 9)
    return min(plains, key=key)


def _shown_void(sit: Situation, seat: Seat) -> set[Suit]:
    """The suits ``seat`` failed to follow."""
    assert sit.trump is not None
    t = sit.trump
    out: set[Suit] = set()
    for plays, _ in sit.tricks:
        led = effective_suit(plays[0][1], t)
        for p, c in plays[1:]:
            if p == seat and effective_suit(c, t) != led:
                out.add(led)
    return out


def _keep_suit(sit: Situation) -> Suit | None:
    """The suit to keep against a lone hand (H7): the second card of the equals led, if the lone
    player won that suit; the suit of a king the partner threw on the fourth trick (the third
    hand's exception); a suit other than the one the partner keeps (the suit of his small
    discard); else the suit of our best card."""
    assert sit.trump is not None
    t = sit.trump
    h = Holding(sit.hand, t)
    suits = h.plain_suits
    if not suits:
        return None
    # equals led and won by the lone player with a card of that suit
    for plays, winner in sit.tricks:
        if plays[0][0] == sit.seat and winner == sit.lone:
            s = effective_suit(plays[0][1], t)
            won_by = next(c for p, c in plays if p == winner)
            if effective_suit(won_by, t) == s and s in suits:
                return s
    partner_throws = [(i, c) for i, c, led in sit.played_by(sit.partner)
                      if effective_suit(c, t) != effective_suit(led, t) and effective_suit(c, t) != t]
    if partner_throws:
        _, c = partner_throws[-1]
        s = effective_suit(c, t)
        if c.rank == Rank.KING and s in suits:
            return s  # the partner threw his king: keep that suit
        if c.rank != Rank.ACE:
            rest = [x for x in suits if x != s]
            if rest:
                return max(rest, key=lambda x: strength(h.plain(x)[0], t))
        elif s in suits and len(suits) > 1:
            # the partner showed control of s with its ace: keep another suit
            return max([x for x in suits if x != s], key=lambda x: strength(h.plain(x)[0], t))
    return max(suits, key=lambda x: (strength(h.plain(x)[0], t), len(h.plain(x))))


# --------------------------------------------------------------------------------------------
# the bot


class EuchreBot:
    """The document's advice as a computer player. ``observe_bridge``: observe the bridge (H6,
    default off)."""

    def __init__(self, seed: int | None = None, observe_bridge: bool = False) -> None:
        self.rng = random.Random(seed)
        self.observe_bridge = observe_bridge

    def choose(self, view: Any) -> Any:
        """One of the legal actions of ``view``: a hand's :class:`EuchreView`, or the rubber's
        match view (``hand`` the hand's view, ``sheet`` the score, read for the present game's
        points)."""
        inner = view
        score: Score | None = None
        if not isinstance(getattr(view, "hand", 0), int):
            inner = view.hand
            score = _score_from_sheet(getattr(view, "sheet", None), Seat(inner.seat))
        legal = list(getattr(inner, "legal", ()))
        if not legal:
            raise ValueError("the view lists no legal action: it is not this seat's turn")
        if len(legal) == 1:
            return legal[0]
        if getattr(inner, "laws", False) and any(isinstance(a, RulingChoice) for a in legal):
            return self.choose_ruling(inner)
        sit, kinds = situation(inner, self.observe_bridge, score)
        intent = decide(sit, kinds)
        return match_intent(intent, legal, sit)


    # laws mode (docs/rules/euchre.md, "Laws"): the options the bot prefers, in order, when no rule below
    # applies. Every penalty that restricts the offending side comes before the options that accept the
    # irregularity: a restriction of the other side's choices never leaves the bot's side worse off,
    # double dummy (its own choices are untouched).
    RULING_PREFERENCE = (
        "correct", "call-card", "call-suit", "lose", "win", "highest", "lowest", "partner-pass",
        "with-partner", "partnership", "new-deal", "no-call", "stand", "play-it", "alone", "accept", "waive",
    )

    def choose_ruling(self, view: Any) -> RulingChoice:
        """The option best for the bot's side under the pending ruling (laws mode):

        * a revoke (L62): ``stand`` (the penalty, 3 or 5 points) when it is at least the largest swing of
          the hand's points still possible for the bot's side (from the tricks won and left), so that no
          play of the remaining cards could have done better; otherwise ``correct`` (the card comes back
          exposed: the offender's choices are only narrowed);
        * an exposed card (L46): call it (the offender must play it now: a restriction); of two cards
          played at once, the stronger is taken as played;
        * a suit called (L52b): the suit of the bot's best plain card (an ace, else its longest plain
          suit); never trumps unless it holds nothing else;
        * a lone player's partner plays (L100): let the lone hand stand only when the bot holds two or
          more trumps (a likely euchre, 4 points), else the partnership hand;
        * otherwise the first option of :attr:`RULING_PREFERENCE`.
        """
        from cardroom.games.euchre.ranks import effective_suit, strength
        from cardroom.games.euchre.scoring import score_hand

        inner = view.hand if not isinstance(getattr(view, "hand", 0), int) else view
        choices = [a for a in inner.legal if isinstance(a, RulingChoice)]
        if not choices:
            raise ValueError("no ruling is pending for this seat")
        by_name = {c.option: c for c in choices}
        law = choices[0].law
        me = Seat(inner.seat)
        trump = inner.trump
        if law == "L62" and inner.maker is not None:
            makers = Seat(inner.maker).side
            lone = inner.lone is not None
            done = len(inner.tricks)
            mt = inner.won[makers]
            nets = []
            for t in range(mt, mt + 5 - done + 1):
                if t > 5:
                    break
                hs = score_hand(t, lone)
                mine = hs.makers_points - hs.adversaries_points
                nets.append(mine if me.side == makers else -mine)
            penalty = 5 if lone else 3
            return by_name["stand" if penalty >= max(nets) - min(nets) else "correct"]
        calls = [c for c in choices if c.option.startswith("call-") and c.option not in ("call-card", "call-suit")]
        if calls and trump is not None:
            return max(calls, key=lambda c: strength(Card.parse(c.option[5:]), trump))
        plays = [c for c in choices if c.option.startswith("play-") and c.option != "play-it"]
        if plays and trump is not None:
            return max(plays, key=lambda c: strength(Card.parse(c.option[5:]), trump))
        if law == "L52b":
            hand = cards_of_mask(inner.hand)
            plain = [c for c in hand if trump is None or effective_suit(c, trump) != trump]
            pick = None
            if plain:
                aces = [c for c in plain if c.rank == Rank.ACE]
                if aces:
                    pick = aces[0].suit
                else:
                    counts: dict[Suit, int] = {}
                    for c in plain:
                        counts[c.suit] = counts.get(c.suit, 0) + 1
                    pick = max(counts, key=lambda su: (counts[su], int(su)))
            elif trump is not None:
                pick = trump
            if pick is not None and f"require-{pick.letter}" in by_name:
                return by_name[f"require-{pick.letter}"]
        if law == "L100" and trump is not None:
            n_trumps = sum(1 for c in cards_of_mask(inner.hand) if effective_suit(c, trump) == trump)
            if n_trumps >= 2 and "alone" in by_name:
                return by_name["alone"]
        for name in self.RULING_PREFERENCE:
            if name in by_name:
                return by_name[name]
        return choices[0]


def decide(sit: Situation, kinds: set[str]) -> Intent:
    if sit.phase in ("round1", "round2", "takeover"):
        return decide_bid(sit, kinds)
    assert sit.trump is not None
    if sit.phase == "discard":
        void_next = sit.lone is not None and sit.lone == sit.dealer.rho
        alone = sit.lone == sit.seat
        return Intent("discard", card=choose_discard(sit.hand, sit.trump, sit.turnup, alone, void_next))
    return Intent("play", card=choose_card(sit))


# --------------------------------------------------------------------------------------------
# the adapter between the engine's view and actions and the Situation / Intent

_PHASES = {"round1": "round1", "round2": "round2", "discard": "discard", "takeover": "takeover", "play": "play"}


def _call_kind(text: str) -> str:
    t = text.lower()
    if t in ("pass", "turn down"):
        return "pass"
    return t


def _score_from_sheet(sheet: Any, seat: Seat) -> Score:
    """The present game's points from the rubber's sheet (``{"score": {"NS": a, "EW": b}}``)."""
    if not isinstance(sheet, Mapping):
        return Score()
    sc = sheet.get("score")
    if isinstance(sc, Mapping):
        ns, ew = int(sc.get("NS", 0)), int(sc.get("EW", 0))
        return Score(ns, ew) if seat.side == 0 else Score(ew, ns)
    return Score()


def _score_of(view: Any, seat: Seat) -> Score:
    """The present game's points, ours first, from a view that carries them (``score`` as
    (NS, EW)); 0–0 when the view has none."""
    sc = getattr(view, "score", None)
    if sc is None:
        sc = getattr(view, "game_score", None)
    if isinstance(sc, Sequence) and len(sc) == 2:
        us, them = int(sc[seat.side]), int(sc[1 - seat.side])
        return Score(us, them)
    return Score()


def situation(view: Any, observe_bridge: bool = False, score: Score | None = None) -> tuple[Situation, set[str]]:
    """Read an :class:`~cardroom.games.euchre.rules.EuchreView` (and the kinds of call allowed)."""
    from cardroom.games.euchre.rules import Bid, Discard

    seat, dealer = Seat(view.seat), Seat(view.dealer)
    tu_state = getattr(view, "turn_up_state", "")
    tu: Card | None = view.turn_up
    turned_down = tu.suit if tu is not None and tu_state == "turned down" else None
    maker = None if view.maker is None else Seat(view.maker)
    calls = tuple((Seat(s), _call_kind(str(c))) for s, c in view.calls)
    how: str | None = None
    if maker is not None:
        if turned_down is not None:
            how = "make"
        elif maker == dealer:
            how = "take up"
        elif maker == dealer.partner:
            how = "assist"
        else:
            how = "order"
    kinds: set[str] = set()
    legal_cards: list[Card] = []
    for a in view.legal:
        if isinstance(a, Bid):
            kinds.add({"take it from you": "take over"}.get(a.kind, a.kind))
        elif isinstance(a, Discard):
            kinds.add("discard")
        elif isinstance(a, int):
            legal_cards.append(Card(a))
    tricks = tuple((tuple((Seat(s), Card(c)) for s, c in tr.plays), Seat(tr.winner)) for tr in view.tricks)
    sit = Situation(
        seat=seat, dealer=dealer, phase=_PHASES.get(view.phase, view.phase), hand=int(view.hand),
        turnup=tu, turned_down=turned_down, trump=view.trump, maker=maker, how=how,
        lone=None if view.lone is None else Seat(view.lone), calls=calls,
        trick=tuple((Seat(s), Card(c)) for s, c in view.trick), tricks=tricks,
        score=score if score is not None else _score_of(view, seat),
        turnup_in_dealer_hand=(tu_state == "taken up" and dealer != seat),
        legal_cards=tuple(legal_cards), observe_bridge=observe_bridge)
    if tu is not None and tu_state in ("turned down", "dead"):
        sit.out_of_play = int(tu.mask)
    return sit, kinds


def match_intent(intent: Intent, legal: Sequence[Any], sit: Situation) -> Any:
    """The legal action that carries out ``intent`` (a pass when the intent is not open)."""
    from cardroom.games.euchre.rules import Bid, Discard

    bids = [a for a in legal if isinstance(a, Bid)]

    def find(kind: str, suit: Suit | None = None) -> Any:
        for a in bids:
            if a.kind == kind and (suit is None or a.suit == suit):
                return a
        return None

    choice: Any = None
    if intent.kind == "play":
        choice = intent.card if intent.card in legal else None
    elif intent.kind == "discard":
        choice = next((a for a in legal if isinstance(a, Discard) and a.card == intent.card), None)
    elif intent.kind == "take over":
        choice = find("take it from you")
    elif intent.kind in ("order", "assist", "take up"):
        if intent.alone:
            choice = find("alone", intent.suit)
        if choice is None:
            choice = find("order up") or find("assist") or find("take up")
    elif intent.kind == "make":
        choice = find("alone" if intent.alone else "make", intent.suit) or find("make", intent.suit)
    if choice is None:
        choice = find("pass") or find("turn down")
    if choice is None:
        # nothing matched (should not happen): the lowest legal card, else the first action
        cards = [Card(a) for a in legal if isinstance(a, int)]
        if cards and sit.trump is not None:
            return _lowest(cards, sit.trump)
        return legal[0]
    return choice
