"""Sampling the unseen cards of one seat's view, consistently with everything that seat has seen.

A search bot does not know where the hidden cards are. It draws *samples*: complete assignments of
the unseen cards to the hidden hands (and to the hidden places outside the hands: the talon, a
discard, euchre's stock, a lone player's laid-down hand) that agree with every fact the view shows:

* the seat's own hand, exposed hands (bridge's dummy, an open preferans defence, misère defenders
  after the first trick, cards shown in an invitation or a «преферанс» declaration);
* the cards played, and so how many cards every hand holds now;
* voids revealed by the play: a player who did not follow suit has none of the suit led; in a
  preferans game (trumps) one who neither followed nor trumped has no trumps either; in euchre the
  suits are the effective ones (the left bower is a trump);
* preferans: the talon once shown is in the declarer's hand or his discard (never with a defender);
  the declarer knows his own discard;
* euchre: the turn-up on the table is nobody's; taken up, it is in the dealer's hand until played.

:func:`constraints` turns a view into a :class:`Constraints`; :meth:`Constraints.admits` checks a
complete assignment against it (the property tests check that the true deal is always admitted, and
every sample too). :class:`Sampler` draws samples deterministically from a seed.

Drawing: the unseen cards are taken in a random order and each is put in a place that may hold it,
chosen with probability proportional to the room left in each allowed place, keeping only choices
after which the rest can still be completed (Hall's condition over the few places, checked with
bitmasks). The result is close to uniform over the consistent deals and never fails when one exists.

Weighting by the auction (optional, ``weighted=True``), a soft filter with bounded retries:

* bridge — the ranges :class:`cardroom.bots.bridge.Auction` reads from the calls (the rule-based
  bot's own system): each hidden hand's high-card points (original 13 cards: held plus played) must
  lie in the shown range, the lower bound compared with its points including length, within
  ``BRIDGE_SLACK`` points, and its suit lengths within the shown minimum and maximum;
* euchre — while the trump is being made: the other seats' calls so far are those the rule-based bot
  would have made with the sampled hands (each call it would not have made counts one);
* preferans — a hidden player who bid a game at level L has a hand worth at least
  ``L - PREF_BID_SLACK`` tricks in his best strain (``hand_value`` of the rule-based bot, his ten cards
  as dealt: held plus played); the declarer of a game, after the talon, holds ten cards worth at least
  ``level - PREF_DECLARER_SLACK`` tricks in the contract's trump.

A sample failing the filter is redrawn, up to ``WEIGHT_TRIES`` times; then the least-violating draw
is kept. The filter never touches the hard constraints above.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from cardroom.core.cards import FULL_PACK_MASK, PIQUET_PACK_MASK, SUIT_MASKS
from cardroom.core.errors import CardroomError

__all__ = [
    "BRIDGE_SLACK",
    "PREF_BID_SLACK",
    "PREF_DECLARER_SLACK",
    "WEIGHT_TRIES",
    "Constraints",
    "Sample",
    "Sampler",
    "constraints",
    "inner_view",
    "sample_deals",
]

BRIDGE_SLACK = 2.0
PREF_BID_SLACK = 2.5
PREF_DECLARER_SLACK = 1.5
WEIGHT_TRIES = 12


@dataclass(frozen=True)
class Sample:
    """One complete assignment: ``hands[s]`` the cards seat ``s`` holds now (in play), ``rest`` the
    hidden cards outside the hands in play (talon, discard, stock, a laid-down hand)."""

    hands: tuple[int, ...]
    rest: int


@dataclass(frozen=True)
class Constraints:
    """Everything a seat's view says about where the cards are now.

    ``known[s]``: cards certainly in hand ``s``; ``counts[s]``: how many cards hand ``s`` holds;
    ``allowed[s]``: the cards it may hold (``known[s]`` included); ``pool``: the unseen cards to place
    (in no ``known``); ``rest_count`` / ``rest_allowed``: the hidden place outside the hands;
    ``located``: cards whose place the seat knows and that are in no hand in play (played cards,
    euchre's turn-up on the table, the declarer's own discard)."""

    game: str
    seat: int
    pack: int
    known: tuple[int, ...]
    counts: tuple[int, ...]
    allowed: tuple[int, ...]
    pool: int
    rest_count: int
    rest_allowed: int
    located: int
    trump: int | None = None

    @property
    def seats(self) -> int:
        return len(self.counts)

    def admits(self, sample: Sample) -> bool:
        """Is this complete assignment consistent with the view? (every hidden card exactly once,
        every hand its count, inside its allowed cards and holding its known cards)."""
        if len(sample.hands) != self.seats:
            return False
        seen = 0
        for s, h in enumerate(sample.hands):
            if h & seen or h.bit_count() != self.counts[s]:
                return False
            if h & self.known[s] != self.known[s] or h & ~self.allowed[s]:
                return False
            seen |= h
        if sample.rest & seen or sample.rest.bit_count() != self.rest_count or sample.rest & ~self.rest_allowed:
            return False
        seen |= sample.rest
        return seen | self.located == self.pack and not seen & self.located

    def check(self) -> None:
        """Raise :class:`CardroomError` if no assignment can satisfy the constraints."""
        caps = self._caps()
        if any(c < 0 for c in caps):
            raise CardroomError(f"the view of seat {self.seat} is inconsistent: a hand holds fewer cards than "
                                "those known to be in it")
        if sum(caps) != self.pool.bit_count():
            raise CardroomError(f"the view of seat {self.seat} is inconsistent: {self.pool.bit_count()} unseen "
                                f"cards for {sum(caps)} hidden places")
        if not _feasible(self.pool, self._place_masks(), caps):
            raise CardroomError(f"the view of seat {self.seat} admits no deal: the voids shown leave some card "
                                "nowhere to be")

    def _caps(self) -> list[int]:
        return [self.counts[s] - self.known[s].bit_count() for s in range(self.seats)] + [self.rest_count]

    def _place_masks(self) -> list[int]:
        return [self.allowed[s] & self.pool & ~self.known[s] for s in range(self.seats)] + [
            self.rest_allowed & self.pool]

    def draw(self, rng: random.Random) -> Sample:
        """One consistent assignment, drawn from ``rng``."""
        masks = self._place_masks()
        caps = self._caps()
        cards = [c for c in range(52) if self.pool >> c & 1]
        rng.shuffle(cards)
        placed = [0] * len(caps)
        left = self.pool
        free = all(m == self.pool for m, cap in zip(masks, caps, strict=True) if cap > 0)
        for c in cards:
            bit = 1 << c
            options = [p for p in range(len(caps)) if masks[p] & bit and caps[p] > 0]
            if not options:
                raise CardroomError(f"the view of seat {self.seat} admits no deal")
            left &= ~bit
            if len(options) > 1:
                weights = [caps[p] for p in options]
                order: list[int] = []
                while options:
                    p = rng.choices(options, weights)[0]
                    i = options.index(p)
                    options.pop(i)
                    weights.pop(i)
                    order.append(p)
                options = order
            single = len(options) == 1
            for p in options:
                caps[p] -= 1
                if single or free or _feasible(left, masks, caps):
                    placed[p] |= bit
                    break
                caps[p] += 1
            else:
                raise CardroomError(f"the view of seat {self.seat} admits no deal")
        hands = tuple(self.known[s] | placed[s] for s in range(self.seats))
        return Sample(hands, placed[-1])


def _feasible(cards: int, masks: list[int], caps: list[int]) -> bool:
    """Can every card of ``cards`` go to a place that allows it, filling every place exactly?
    (Hall's condition: for every set of places, the cards that can only go there fit in them.)"""
    n = len(caps)
    if sum(caps) != cards.bit_count() or any(c < 0 for c in caps):
        return False
    for sub in range(1, 1 << n):
        inside = 0
        outside = 0
        cap = 0
        for p in range(n):
            if sub >> p & 1:
                inside |= masks[p]
                cap += caps[p]
            else:
                outside |= masks[p]
        only = cards & inside & ~outside
        if only.bit_count() > cap:
            return False
        if cards & ~(inside | outside):
            return False
    return True


# ----------------------------------------------------------------------------- views to constraints
def inner_view(view: Any) -> Any:
    """The deal's view inside a match view (RubberView.deal, PulkaView.deal, EuchreMatchView.hand)."""
    from cardroom.games.bridge.rules import BridgeView
    from cardroom.games.euchre.rules import EuchreView
    from cardroom.games.oldbridge.rules import OldBridgeView
    from cardroom.games.preferans.rules import PrefView

    if isinstance(view, BridgeView | PrefView | EuchreView | OldBridgeView):
        return view
    inner = getattr(view, "deal", None)
    if isinstance(inner, BridgeView | PrefView | OldBridgeView):
        return inner
    inner = getattr(view, "hand", None)
    if isinstance(inner, EuchreView):
        return inner
    raise CardroomError(f"not a bridge, preferans or euchre view, nor an auction or straight bridge one: "
                        f"{type(view).__name__}")


def constraints(view: Any) -> Constraints:
    """The constraints a seat's view puts on the hidden cards (a deal's view or a match view)."""
    from cardroom.games.bridge.rules import BridgeView
    from cardroom.games.euchre.rules import EuchreView
    from cardroom.games.oldbridge.rules import OldBridgeView

    v = inner_view(view)
    if isinstance(v, BridgeView | OldBridgeView):
        c = _bridge(v)
    elif isinstance(v, EuchreView):
        c = _euchre(v)
    else:
        c = _preferans(v)
    c.check()
    return c


def _bridge(v: Any) -> Constraints:
    """A contract-bridge deal's view, or an auction or straight bridge one (the same play: four hands of
    13, a dummy exposed after the opening lead)."""
    from cardroom.games.bridge.rules import BridgeView
    from cardroom.games.oldbridge.rules import OldBridgeView

    assert isinstance(v, BridgeView | OldBridgeView)
    if v.phase == "deal":
        raise CardroomError("nothing to sample before the deal")
    if getattr(v, "laws", False):
        # document 002's laws mode: a revoke leaves a player who did not follow holding the suit, and
        # penalty cards change what is known; the facts above would not be facts
        raise CardroomError("the sampler does not read a deal played under the laws (irregularities)")
    played = 0
    played_by = [0, 0, 0, 0]
    voids = [0, 0, 0, 0]  # bit s: void in suit s
    tricks = [(t.leader, t.cards) for t in v.tricks] + [(v.trick_leader, v.trick)]
    for leader, cards in tricks:
        if not cards:
            continue
        led = cards[0] // 13
        for i, c in enumerate(cards):
            s = (int(leader) + i) % 4
            played |= 1 << c
            played_by[s] += 1
            if c // 13 != led:
                voids[s] |= 1 << led
    known = [0, 0, 0, 0]
    me = int(v.seat)
    known[me] = v.hand
    if v.dummy is not None and v.dummy_hand is not None:
        known[int(v.dummy)] = v.dummy_hand
    seen = played
    for h in known:
        seen |= h
    pool = FULL_PACK_MASK & ~seen
    allowed = []
    for s in range(4):
        if s == me or (v.dummy is not None and v.dummy_hand is not None and s == int(v.dummy)):
            allowed.append(known[s])
            continue
        m = pool
        for suit in range(4):
            if voids[s] >> suit & 1:
                m &= ~SUIT_MASKS[suit]
        allowed.append(m)
    counts = tuple(13 - played_by[s] for s in range(4))
    trump = bridge_trump(v)
    return Constraints("bridge", me, FULL_PACK_MASK, tuple(known), counts, tuple(allowed), pool, 0, 0, played,
                       trump)


def bridge_trump(v: Any) -> int | None:
    """The trump suit of a contract-bridge or old-bridge deal's view (None: no trumps, nullo, no contract)."""
    from cardroom.games.oldbridge.rules import OldBridgeView

    if isinstance(v, OldBridgeView):
        return v.trump
    return v.contract.strain.trump if v.contract is not None else None


def _preferans(v: Any) -> Constraints:
    from cardroom.games.preferans.rules import PrefView

    assert isinstance(v, PrefView)
    me = v.seat
    n = v.players
    if v.phase == "deal":
        raise CardroomError("nothing to sample before the deal")
    if v.phase == "passing":
        raise CardroomError("the hands change size while cards are passed: no sampling during the passing")
    if v.phase == "discard" and me != v.declarer:
        raise CardroomError("the declarer's hand size is unknown to the others while he discards")
    trump = v.contract.trump if (v.kind == "game" and v.contract is not None and v.contract.is_game) else None
    played = 0
    played_by = [0] * n
    voids = [0] * n
    for plays in [p for p, _ in v.tricks] + [v.trick]:
        if not plays:
            continue
        led = plays[0][1] // 13
        for s, c in plays:
            played |= 1 << c
            if s < 0:
                continue
            played_by[s] += 1
            if c // 13 != led:
                voids[s] |= 1 << led
                if trump is not None and c // 13 != trump:
                    voids[s] |= 1 << trump
    known = [0] * n
    known[me] = v.hand
    exposed = dict(v.exposed)
    for s, h in exposed.items():
        if s != me:
            known[s] |= h & ~played
    # the declarer (the dealer sharing his misère, the third hand of raspasy with passing) knows the discard
    located = played | v.discard
    seen = located
    for h in known:
        seen |= h
    pool = PIQUET_PACK_MASK & ~seen
    talon_shown = v.talon & pool  # with the declarer or in his discard
    counts = []
    for s in range(n):
        if s == me:
            counts.append(v.hand.bit_count())
        elif s not in v.active:
            counts.append(0)
        else:
            counts.append(10 - played_by[s])
    allowed = []
    for s in range(n):
        if s == me or s not in v.active:
            allowed.append(known[s])
            continue
        m = pool | known[s]
        for suit in range(4):
            if voids[s] >> suit & 1:
                m &= ~SUIT_MASKS[suit]
        if s != v.declarer:
            m &= ~talon_shown
        allowed.append(m | known[s])
    hidden_in_hands = sum(counts[s] - known[s].bit_count() for s in range(n))
    rest_count = pool.bit_count() - hidden_in_hands
    return Constraints("preferans", me, PIQUET_PACK_MASK, tuple(known), tuple(counts), tuple(allowed), pool,
                       rest_count, pool, located, trump)


def _euchre(v: Any) -> Constraints:
    from cardroom.core.cards import Suit
    from cardroom.games.euchre.ranks import effective_suit, effective_suit_mask
    from cardroom.games.euchre.rules import EuchreView

    assert isinstance(v, EuchreView)
    if v.phase == "deal":
        raise CardroomError("nothing to sample before the deal")
    me = int(v.seat)
    trump = v.trump
    out = v.sitting_out
    laid: int | None = None
    if out is not None and v.phase != "takeover" and not (v.phase == "discard" and out == v.dealer):
        laid = int(out)
    played = 0
    played_by = [0, 0, 0, 0]
    voids = [0, 0, 0, 0]  # bit s: void in effective suit s
    for plays in [t.plays for t in v.tricks] + [v.trick]:
        if not plays:
            continue
        assert trump is not None
        led = effective_suit(plays[0][1], trump)
        for who, c in plays:
            played |= 1 << c
            played_by[int(who)] += 1
            if effective_suit(c, trump) != led:
                voids[int(who)] |= 1 << int(led)
    known = [0, 0, 0, 0]
    known[me] = v.hand
    located = played
    tu = v.turn_up
    dealer = int(v.dealer)
    if tu is not None:
        if v.turn_up_state == "taken up":
            if laid == dealer:
                located |= 1 << tu  # in the laid-down hand: out of play, but the seat knows where
            elif dealer != me:
                known[dealer] |= 1 << tu
        else:
            located |= 1 << tu  # on the table (on the pack, turned down, dead)
    seen = located
    for h in known:
        seen |= h
    pool = PIQUET_PACK_MASK & ~seen
    counts = []
    for s in range(4):
        if s == laid:
            counts.append(0)
        elif s == me:
            counts.append(v.hand.bit_count())
        else:
            extra = 1 if (v.phase == "discard" and s == dealer) else 0
            counts.append(5 + extra - played_by[s])
    allowed = []
    for s in range(4):
        if s in (me, laid):
            allowed.append(known[s])
            continue
        m = pool | known[s]
        if trump is not None:
            for suit in range(4):
                if voids[s] >> suit & 1:
                    m &= ~effective_suit_mask(Suit(suit), trump)
        allowed.append(m | known[s])
    hidden_in_hands = sum(counts[s] - known[s].bit_count() for s in range(4))
    rest_count = pool.bit_count() - hidden_in_hands
    return Constraints("euchre", me, PIQUET_PACK_MASK, tuple(known), tuple(counts), tuple(allowed), pool,
                       rest_count, pool, located, None if trump is None else int(trump))


# ----------------------------------------------------------------------------- weighting by the auction
def _played_by(v: Any) -> list[int]:
    """Cards each seat has played (a mask per seat)."""
    from cardroom.games.bridge.rules import BridgeView
    from cardroom.games.euchre.rules import EuchreView
    from cardroom.games.oldbridge.rules import OldBridgeView

    if isinstance(v, BridgeView | OldBridgeView):
        out = [0, 0, 0, 0]
        for leader, cards in [(t.leader, t.cards) for t in v.tricks] + [(v.trick_leader, v.trick)]:
            for i, c in enumerate(cards):
                out[(int(leader) + i) % 4] |= 1 << c
        return out
    if isinstance(v, EuchreView):
        out = [0, 0, 0, 0]
        for plays in [t.plays for t in v.tricks] + [v.trick]:
            for s, c in plays:
                out[int(s)] |= 1 << c
        return out
    out = [0] * v.players
    for plays in [p for p, _ in v.tricks] + [v.trick]:
        for s, c in plays:
            if s >= 0:
                out[s] |= 1 << c
    return out


class _Weigher:
    """The soft filter by the auction: ``violation(sample)`` is 0 for a sample the auction fits."""

    def __init__(self, v: Any, c: Constraints) -> None:
        from cardroom.games.bridge.rules import BridgeView
        from cardroom.games.euchre.rules import EuchreView
        from cardroom.games.preferans.rules import PrefView

        self.c = c
        self.played_by = _played_by(v)
        self.checks: list[tuple[int, Any]] = []
        hidden = [s for s in range(c.seats) if c.allowed[s] != c.known[s]]
        if isinstance(v, BridgeView) and v.calls:
            from cardroom.bots.bridge import Auction

            shown = []
            try:
                shown = Auction(v.dealer, v.calls).shown
            except Exception:  # the rule-based bot cannot read this auction (a call outside its system)
                hidden = []
            for s in hidden:
                sh = shown[s]
                if sh.lo > 0 or sh.hi < 37 or any(sh.min_len) or any(x < 13 for x in sh.max_len):
                    self.checks.append((s, ("bridge", sh.lo, sh.hi, tuple(sh.min_len), tuple(sh.max_len))))
        elif isinstance(v, EuchreView):
            if v.calls and v.phase in ("round1", "round2", "takeover") and v.turn_up is not None:
                self.checks.append((-1, ("euchre-calls", v)))
        elif isinstance(v, PrefView):
            for s in hidden:
                if s == v.declarer and v.kind == "game" and v.contract is not None and v.contract.is_game:
                    self.checks.append((s, ("pref-decl", v.contract.level, v.contract.trump)))
                    continue
                if s == v.declarer and v.talon:
                    continue  # his ten cards are no longer those he bid on
                levels = [c.level for seat, c in v.calls if seat == s and c.is_game]
                if levels:
                    self.checks.append((s, ("pref-bid", max(levels))))

    @property
    def active(self) -> bool:
        return bool(self.checks)

    def violation(self, sample: Sample) -> float:
        total = 0.0
        for s, chk in self.checks:
            kind = chk[0]
            if kind == "euchre-calls":
                total += _euchre_call_misfits(chk[1], sample)
                continue
            hand = sample.hands[s] | self.played_by[s]
            if kind == "bridge":
                from cardroom.bots.bridge import hand_eval

                _, lo, hi, min_len, max_len = chk
                h = hand_eval(hand)
                total += max(0.0, lo - h.points - BRIDGE_SLACK) + max(0.0, h.hcp - hi - BRIDGE_SLACK)
                for suit in range(4):
                    n = h.lens[suit]
                    total += max(0, min_len[suit] - n) + max(0, n - max_len[suit])
            elif kind == "pref-decl":
                from cardroom.bots.preferans import hand_value

                _, level, trump = chk
                total += max(0.0, level - PREF_DECLARER_SLACK - hand_value(hand, trump))
            else:
                from cardroom.bots.preferans import hand_value

                _, level = chk
                best = max(hand_value(hand, t) for t in (0, 1, 2, 3, None))
                total += max(0.0, level - PREF_BID_SLACK - best)
        return total


def _euchre_call_misfits(v: Any, sample: Sample) -> int:
    """How many of the other seats' calls so far the rule-based bot would not have made with the sampled
    hands (the making of the trump: the hands are still as dealt)."""
    from cardroom.bots.euchre import EuchreBot
    from cardroom.games.euchre.rules import EuchreDeal, EuchreHand

    h = sample.hands
    hand = EuchreHand(dealer=v.dealer)
    hand.apply(EuchreDeal((h[0], h[1], h[2], h[3]), v.turn_up, sample.rest))
    bot = EuchreBot(seed=0)
    misfits = 0
    for seat, text in v.calls:
        action = hand.parse_action(text)
        if int(seat) != int(v.seat) and bot.choose(hand.view(int(seat))) != action:
            misfits += 1
        hand.apply(action)
    return misfits


class Sampler:
    """Draws consistent samples of a view's hidden cards, deterministically from ``seed``.

    ``weighted``: apply the soft filter by the auction (module docstring)."""

    def __init__(self, view: Any, seed: int | None = None, weighted: bool = True) -> None:
        self.view = inner_view(view)
        self.constraints = constraints(self.view)
        self.rng = random.Random(seed)
        self.weigher = _Weigher(self.view, self.constraints) if weighted else None

    def draw(self) -> Sample:
        c = self.constraints
        w = self.weigher
        if w is None or not w.active:
            return c.draw(self.rng)
        best: Sample | None = None
        best_v = float("inf")
        for _ in range(WEIGHT_TRIES):
            s = c.draw(self.rng)
            viol = w.violation(s)
            if viol <= 0:
                return s
            if viol < best_v:
                best, best_v = s, viol
        assert best is not None
        return best

    def __iter__(self) -> Iterator[Sample]:
        while True:
            yield self.draw()


def sample_deals(view: Any, n: int, seed: int | None = None, weighted: bool = True) -> list[Sample]:
    """``n`` samples of the hidden cards of ``view`` (deterministic for a given seed)."""
    s = Sampler(view, seed, weighted)
    return [s.draw() for _ in range(n)]
