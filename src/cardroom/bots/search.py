"""Search bots: sample the unseen cards, solve every sample open-handed, choose the best average.

:class:`SearchBot` plays every game whose package gives a search adapter
(:class:`cardroom.bots.sampling.SearchAdapter`, ``games/<family>/search.py``: bridge, auction and
straight bridge, preferans, euchre) from a seat's view alone (a deal's view or a match view). The bot
is game-agnostic: the adapter says what the view tells of the hidden cards and which decisions are
searched; the bot draws the samples (:mod:`cardroom.bots.sampling`), solves each one through the
adapter's setup — bridge through endplay's DDS, preferans and euchre through
:mod:`cardroom.solve.tricks` — and plays the card with the best average number of tricks for its side
(ties go to the rule-based bot's choice). Where the rule-based bot is weak in the bidding the adapter
samples too (docs/bots/search.md): preferans — the contract named after the talon and whether to
whist; euchre — the trump calls. Everything else is the rule-based bot's.

The options are the number of samples, the time per decision (no new sample is drawn once it is
spent; at least one is always solved) and the seed (the choice is a pure function of the seed and the
view unless the time limit cuts the sampling short; ``time_per_decision=None`` removes the limit).
"""

from __future__ import annotations

import time
import zlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from cardroom.bots.sampling import Sample, Sampler, SearchAdapter, adapter_of, inner_view, load_adapter
from cardroom.core.cards import Card
from cardroom.core.errors import CardroomError

if TYPE_CHECKING:
    from cardroom.core.game import Game

__all__ = ["Evaluation", "PlaySetup", "SearchBot", "game_adapter", "game_kind", "search_games"]


def game_kind(name: str) -> str:
    """The game family of a game name or alias (by the registry, :mod:`cardroom.games`) whose game the
    search bot plays; :class:`CardroomError` for an unknown game or one it does not play."""
    from cardroom.games import game_class

    try:
        cls = game_class(name)
    except CardroomError:
        cls = None
    if cls is None or not cls.has_search_bot:
        raise CardroomError(f"no search bot for the game {name!r} ({', '.join(search_games())})")
    return cls.family


def search_games() -> list[str]:
    """The registered games the search bot plays."""
    from cardroom.games import game_class, names

    return [n for n in names() if game_class(n).has_search_bot]


def game_adapter(cls: type[Game]) -> SearchAdapter:
    """A game's search adapter: its class attribute ``search_adapter`` (``module:NAME``) where it has one,
    else its family's package's (``cardroom.games.<family>.search``, ``ADAPTER``)."""
    path = getattr(cls, "search_adapter", "") or f"cardroom.games.{cls.family}.search:ADAPTER"
    return load_adapter(path)


@dataclass(frozen=True)
class Evaluation:
    """A decision and how it was reached.

    ``candidates``: (action, average tricks) best first — tricks of the mover's side in the play
    (the tricks already won included; on misère for the declarer and on raspasy, his own tricks,
    fewer being better), the declarer's tricks for a contract named, the defence's for a whist, the
    makers' for a euchre declaration; None where no search was made. ``scores``: the expected
    score of each candidate where the choice was by score (bidding), else the same as the tricks.
    ``method``: "search" or "rule". ``samples``: samples solved."""

    action: Any
    candidates: tuple[tuple[Any, float | None], ...]
    scores: tuple[float | None, ...]
    method: str
    samples: int
    lower_is_better: bool = False
    measure: str = "tricks"  # what ``scores`` counts: "tricks" or "points"
    notes: dict[str, Any] = field(default_factory=dict)


class SearchBot:
    """A sampling, open-hand-solving player for bridge, preferans and euchre.

    ``SearchBot(game, samples=20, time_per_decision=5.0, seed=None, weighted=True, bid_margin=None)``;
    ``choose(view)`` returns an element of ``view.legal``; ``evaluate(view)`` the whole
    :class:`Evaluation`. It reads only the view it is given."""

    def __init__(self, game: str, samples: int = 20, time_per_decision: float | None = 5.0,
                 seed: int | None = None, weighted: bool = True, bid_margin: float | None = None) -> None:
        self.kind = game_kind(game)
        if samples < 1:
            raise CardroomError(f"a search bot needs at least one sample, not {samples}")
        if time_per_decision is not None and time_per_decision <= 0:
            raise CardroomError(f"the time per decision must be positive, not {time_per_decision}")
        self.samples = int(samples)
        self.time_per_decision = time_per_decision
        self.seed = 0 if seed is None else int(seed)
        self.weighted = weighted
        self.bid_margin = game_adapter(_game_class(game)).bid_margin if bid_margin is None else float(bid_margin)
        """In the bidding searches, the rule-based bot's choice stands unless another candidate's expected
        score beats it by more than this (the adapter's: euchre 0.5 points of the hand, preferans one whist,
        set from small duplicate runs, docs/bots/search.md)."""
        self.rule = _game_class(game).rule_bot(self.seed)

    # ------------------------------------------------------------------ public
    def choose(self, view: Any) -> Any:
        return self.evaluate(view).action

    def evaluate(self, view: Any) -> Evaluation:
        v = inner_view(view)
        legal = tuple(v.legal)
        if not legal:
            raise CardroomError("the view lists no legal action: it is not this seat's turn")
        if len(legal) == 1:
            return Evaluation(legal[0], ((legal[0], None),), (None,), "rule", 0)
        ev = adapter_of(v).decide(self, view, v)
        if ev is None:
            a = self._rule_choice(view, legal)
            return Evaluation(a, ((a, None),), (None,), "rule", 0)
        if ev.action not in legal:  # a safety net: never an illegal action
            a = self._rule_choice(view, legal)
            return Evaluation(a, ev.candidates, ev.scores, "rule", ev.samples)
        return ev

    # ------------------------------------------------------------------ helpers
    def _rule_choice(self, view: Any, legal: tuple[Any, ...]) -> Any:
        a = self.rule.choose(view)
        return a if a in legal else legal[0]

    def _rng_seed(self, v: Any) -> int:
        key = (self.seed, int(v.seat), v.shown_mask(), len(v.calls), len(v.tricks), len(v.trick), str(v.phase),
               len(getattr(v, "whist_calls", ())))
        return zlib.crc32(repr(key).encode())

    def draws(self, v: Any) -> Iterator[Sample]:
        """The samples of a decision: ``samples`` of them, fewer once ``time_per_decision`` is spent (at
        least one), drawn deterministically from the bot's seed and the view."""
        sampler = Sampler(v, self._rng_seed(v), self.weighted)
        start = time.perf_counter()
        limit = self.time_per_decision
        for done in range(self.samples):
            if done and limit is not None and time.perf_counter() - start >= limit:
                return
            yield sampler.draw()

    def _pick(self, view: Any, scored: dict[Any, float], lower_is_better: bool, margin: float = 0.0) -> Any:
        """The best-scoring action; ties (within ``margin``) by the rule-based bot's choice, else the first
        listed."""
        sign = -1.0 if lower_is_better else 1.0
        best = max(sign * x for x in scored.values())
        tied = [a for a, x in scored.items() if sign * x >= best - 1e-9 - margin]
        if len(tied) == 1:
            return tied[0]
        rule = self.rule.choose(view)
        return rule if rule in tied else tied[0]

    def scored(self, view: Any, legal: tuple[Any, ...], tricks: dict[Any, float | None],
               scores: dict[Any, float], lower_is_better: bool, n: int, measure: str) -> Evaluation:
        """The evaluation of a search: the best-scoring candidate (a bidding search, ``measure`` "points",
        keeps the rule-based bot's choice unless another beats it by more than ``bid_margin``), the
        candidates best first."""
        action = self._pick(view, scores, lower_is_better, self.bid_margin if measure == "points" else 0.0)
        sign = -1.0 if lower_is_better else 1.0
        # the chosen action first (with a bidding margin it may trail another by less than the margin)
        order = sorted(scores, key=lambda a: (a is not action, -(sign * scores[a]), legal.index(a)))
        return Evaluation(action, tuple((a, tricks.get(a)) for a in order), tuple(scores[a] for a in order),
                          "search", n, lower_is_better, measure)

    # ------------------------------------------------------------------ the play
    def search_play(self, view: Any, v: Any, setup: PlaySetup) -> Evaluation:
        """The play searched: every legal card valued by ``setup`` on every sample, averaged."""
        legal = tuple(v.legal)
        cards = [a for a in legal if type(a) is Card]
        totals = dict.fromkeys(cards, 0.0)
        n = 0
        for sample in self.draws(v):
            n += 1
            values = setup.solve(sample)
            for c in cards:
                totals[c] += values[c]
        avg = {c: totals[c] / n for c in cards}
        return self.scored(view, legal, dict(avg), avg, setup.lower_is_better, n, "tricks")


def _game_class(game: str) -> type[Game]:
    from cardroom.games import game_class

    return game_class(game)


@dataclass
class PlaySetup:
    """How to solve a sample of a play position (an adapter's): ``solve(sample)`` gives each legal card's
    value for the mover (tricks of his side, the tricks won so far included)."""

    solve: Callable[[Sample], dict[Card, float]]
    lower_is_better: bool = False
