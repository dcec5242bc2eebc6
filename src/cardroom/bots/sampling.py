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

Each game's package says how (its :class:`SearchAdapter`, ``games/<family>/search.py``, named by the
view's class attribute ``search_adapter``; the slacks below are its constants):
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

import importlib
import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from cardroom.core.errors import CardroomError

if TYPE_CHECKING:
    from cardroom.bots.search import Evaluation, SearchBot

__all__ = [
    "WEIGHT_TRIES",
    "Constraints",
    "Sample",
    "Sampler",
    "SearchAdapter",
    "adapter_of",
    "constraints",
    "inner_view",
    "sample_deals",
    "unseen",
]

WEIGHT_TRIES = 12
"""A sample failing the soft filter is redrawn up to this many times; then the least-violating draw is kept."""


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

    def hidden(self) -> list[int]:
        """The seats whose hands are not wholly known."""
        return [s for s in range(self.seats) if self.allowed[s] != self.known[s]]

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


# ----------------------------------------------------------------------------- the games' adapters
class SearchAdapter:
    """What a game gives the search bot (one per game family, in ``games/<family>/search.py`` as
    ``ADAPTER``; a view names its own by its class attribute ``search_adapter``, ``module:NAME``):

    * :meth:`constraints` — the hard constraints a deal's view puts on the hidden cards;
    * :meth:`weigher` — the soft filter by the auction: a function giving a sample's violation (0: the
      auction fits), or None when nothing is weighed;
    * :meth:`decide` — the decisions the search bot searches for this game (the play, the game's
      bidding searches), through the bot's generic helpers; None leaves the choice to the rule-based bot;
    * ``bid_margin`` — in the bidding searches, how much another candidate must beat the rule-based
      bot's choice by."""

    bid_margin: float = 0.0

    def constraints(self, v: Any) -> Constraints:
        raise NotImplementedError

    def weigher(self, v: Any, c: Constraints) -> Callable[[Sample], float] | None:
        return None

    def decide(self, bot: SearchBot, view: Any, v: Any) -> Evaluation | None:
        return None


def unseen(pack: int, located: int, known: Sequence[int]) -> int:
    """The cards of ``pack`` a seat has not seen: neither ``located`` nor in a ``known`` hand."""
    seen = located
    for h in known:
        seen |= h
    return pack & ~seen


_ADAPTERS: dict[str, SearchAdapter] = {}


def load_adapter(path: str) -> SearchAdapter:
    """The adapter at ``module:NAME`` (imported once)."""
    got = _ADAPTERS.get(path)
    if got is None:
        module, _, name = path.partition(":")
        got = _ADAPTERS[path] = getattr(importlib.import_module(module), name or "ADAPTER")
    return got


def adapter_of(view: Any) -> SearchAdapter:
    """The search adapter of a deal's view (its class attribute ``search_adapter``)."""
    return load_adapter(str(getattr(type(view), "search_adapter", "")))


def _searchable(view: Any) -> bool:
    return bool(getattr(type(view), "search_adapter", ""))


def inner_view(view: Any) -> Any:
    """The deal's view a search reads: the view itself, or the deal's view inside a match view
    (``RubberView.deal``, ``PulkaView.deal``, ``EuchreMatchView.hand``)."""
    if _searchable(view):
        return view
    for name in ("deal", "hand"):
        inner = getattr(view, name, None)
        if _searchable(inner):
            return inner
    raise CardroomError(f"not a view the search bot reads (not a bridge, preferans or euchre view, nor an "
                        f"auction or straight bridge one): {type(view).__name__}")


def constraints(view: Any) -> Constraints:
    """The constraints a seat's view puts on the hidden cards (a deal's view or a match view)."""
    v = inner_view(view)
    c = adapter_of(v).constraints(v)
    c.check()
    return c


class Sampler:
    """Draws consistent samples of a view's hidden cards, deterministically from ``seed``.

    ``weighted``: apply the soft filter by the auction (module docstring)."""

    def __init__(self, view: Any, seed: int | None = None, weighted: bool = True) -> None:
        self.view = inner_view(view)
        self.constraints = constraints(self.view)
        self.rng = random.Random(seed)
        self.weigher = adapter_of(self.view).weigher(self.view, self.constraints) if weighted else None

    def draw(self) -> Sample:
        c = self.constraints
        w = self.weigher
        if w is None:
            return c.draw(self.rng)
        best: Sample | None = None
        best_v = float("inf")
        for _ in range(WEIGHT_TRIES):
            s = c.draw(self.rng)
            viol = w(s)
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
