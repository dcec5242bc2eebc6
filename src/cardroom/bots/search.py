"""Search bots: sample the unseen cards, solve every sample open-handed, choose the best average.

:class:`SearchBot` plays bridge, preferans and euchre from a seat's view alone (a deal's view or a
match view). In the play it draws samples of the hidden cards (:mod:`cardroom.bots.sampling`),
solves each one open-handed — bridge through endplay's DDS, preferans and euchre through
:mod:`cardroom.solve.tricks` — and plays the card with the best average number of tricks for its
side (ties go to the rule-based bot's choice). Where the rule-based bot is weak in the bidding it
samples too (docs/bots/search.md):

* preferans — the contract named after the talon (each strain solved on every sample, the
  candidate with the best expected score: ``price`` if made, ``-price`` per undertrick if not) and
  whether to whist (defence tricks on every sample: ``price`` per trick, minus the obligation's
  shortfall at ``GORA_IN_WHISTS`` whists per gora point; passing is 0; a half-whist earns half the
  obligation unplayed);
* euchre — order up / assist / take up / go alone / take it from the partner / make a suit in the
  second round: each candidate solved on every sample (the dealer's discard by the rule-based
  bot's rule), expected points of the hand for the bot's side by Laws 2–3; passing is 0 (what the
  others would then do is not modelled), except in the take-over, where passing lets the partner's
  declaration stand and is solved as well.

Everything else (the bridge auction, the preferans auction, the discards, open or closed, the
euchre dealer's discard, raspasy's tricks with a talon card) is the rule-based bot's. The options
are the number of samples, the time per decision (no new sample is drawn once it is spent; at least
one is always solved) and the seed (the choice is a pure function of the seed and the view unless the
time limit cuts the sampling short; ``time_per_decision=None`` removes the limit).
"""

from __future__ import annotations

import time
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from cardroom.bots.sampling import Sample, Sampler, bridge_trump, inner_view
from cardroom.core.cards import Card, Suit
from cardroom.core.errors import CardroomError

__all__ = ["GORA_IN_WHISTS", "Evaluation", "SearchBot", "game_kind", "pref_price", "search_games"]

BID_MARGIN: dict[str, float] = {"bridge": 0.0, "oldbridge": 0.0, "preferans": 1.0, "euchre": 0.5}
"""In the bidding searches, the rule-based bot's choice stands unless another candidate's expected score
beats it by more than this (euchre: points of the hand; preferans: whists). Set from small duplicate runs
(docs/bots/search.md): the bidding searches alone do not yet beat the rule-based bot significantly."""

GORA_IN_WHISTS = 20 / 3
"""A point of gora in whists, three players (Sochi settlement: ten whists a point, shared by two)."""


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


def pref_price(level: int) -> int:
    """The price of a preferans game (Sochi): six 2, seven 4, eight 6, nine 8, ten 10."""
    return 2 * (level - 5)


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
        self.bid_margin = BID_MARGIN[self.kind] if bid_margin is None else float(bid_margin)
        self.rule = _rule_bot(game, self.seed)

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
        ev: Evaluation | None = None
        if self.kind in ("bridge", "oldbridge"):
            # laws mode and auction bridge's nullo (fewest tricks wins): the rule-based bot
            if v.phase == "play" and not getattr(v, "laws", False) and not _nullo(v):
                ev = self._play(view, v, _bridge_play_setup(v))
        elif self.kind == "preferans":
            if v.phase == "play":
                setup = _pref_play_setup(v)
                if setup is not None:
                    ev = self._play(view, v, setup)
            elif v.phase == "declare":
                ev = self._pref_declare(view, v)
            elif v.phase == "whist":
                ev = self._pref_whist(view, v)
        else:
            if v.phase == "play":
                ev = self._play(view, v, _euchre_play_setup(v))
            elif v.phase in ("round1", "round2", "takeover"):
                ev = self._euchre_bid(view, v)
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

    def _samples(self, v: Any) -> tuple[Sampler, Callable[[int], bool]]:
        sampler = Sampler(v, self._rng_seed(v), self.weighted)
        start = time.perf_counter()
        limit = self.time_per_decision

        def more(done: int) -> bool:
            if done >= self.samples:
                return False
            if done == 0 or limit is None:
                return True
            return time.perf_counter() - start < limit

        return sampler, more

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

    def _result(self, view: Any, legal: tuple[Any, ...], tricks: dict[Any, float | None],
                scores: dict[Any, float], lower_is_better: bool, n: int, measure: str) -> Evaluation:
        action = self._pick(view, scores, lower_is_better, self.bid_margin if measure == "points" else 0.0)
        sign = -1.0 if lower_is_better else 1.0
        # the chosen action first (with a bidding margin it may trail another by less than the margin)
        order = sorted(scores, key=lambda a: (a is not action, -(sign * scores[a]), legal.index(a)))
        return Evaluation(action, tuple((a, tricks.get(a)) for a in order), tuple(scores[a] for a in order),
                          "search", n, lower_is_better, measure)

    # ------------------------------------------------------------------ the play
    def _play(self, view: Any, v: Any, setup: _PlaySetup) -> Evaluation:
        legal = tuple(v.legal)
        cards = [a for a in legal if type(a) is Card]
        sampler, more = self._samples(v)
        totals = dict.fromkeys(cards, 0.0)
        n = 0
        while more(n):
            sample = sampler.draw()
            values = setup.solve(sample)
            for c in cards:
                totals[c] += values[c]
            n += 1
        avg = {c: totals[c] / n for c in cards}
        return self._result(view, legal, dict(avg), avg, setup.lower_is_better, n, "tricks")

    # ------------------------------------------------------------------ preferans bidding
    def _pref_declare(self, view: Any, v: Any) -> Evaluation | None:
        from cardroom.games.preferans.calls import PrefCall

        legal = tuple(v.legal)
        contracts = [c for c in legal if type(c) is PrefCall and c.is_game]
        if not contracts or len(contracts) != len(legal) or v.declarer != v.seat:
            return None
        strains = sorted({c.strain for c in contracts})
        sampler, more = self._samples(v)
        tricks = dict.fromkeys(strains, 0.0)
        score = dict.fromkeys(contracts, 0.0)
        n = 0
        while more(n):
            sample = sampler.draw()
            got = {st: _pref_solve_contract(v, sample, st) for st in strains}
            for st in strains:
                tricks[st] += got[st]
            for c in contracts:
                t = got[c.strain]
                p = pref_price(c.level)
                score[c] += p if t >= c.level else -p * (c.level - t)
            n += 1
        avg_t: dict[Any, float | None] = {c: tricks[c.strain] / n for c in contracts}
        avg_s = {c: score[c] / n for c in contracts}
        return self._result(view, legal, avg_t, avg_s, False, n, "points")

    def _pref_whist(self, view: Any, v: Any) -> Evaluation | None:
        from cardroom.bots.preferans import OBLIGATION
        from cardroom.games.preferans.calls import HALF_WHIST, PASS, WHIST

        legal = tuple(v.legal)
        if not v.hand or v.contract is None or not v.contract.is_game or v.declarer is None:
            return None
        if any(a not in (WHIST, PASS, HALF_WHIST) for a in legal):
            return None  # the Ural dealer's choice of a hand: the rule-based bot
        level = v.contract.level
        price = pref_price(level)
        ob = OBLIGATION.get(level, 0)
        sampler, more = self._samples(v)
        total_d = 0.0
        whist = 0.0
        n = 0
        while more(n):
            sample = sampler.draw()
            t = _pref_solve_contract(v, sample, v.contract.strain)
            d = 10 - t
            total_d += d
            whist += price * d - GORA_IN_WHISTS * price * max(0, ob - d)
            n += 1
        scores: dict[Any, float] = {}
        tricks: dict[Any, float | None] = {}
        for a in legal:
            if a == WHIST:
                scores[a], tricks[a] = whist / n, total_d / n
            elif a == HALF_WHIST:
                scores[a], tricks[a] = float(price * (ob // 2)), None
            else:
                scores[a], tricks[a] = 0.0, None
        return self._result(view, legal, tricks, scores, False, n, "points")

    # ------------------------------------------------------------------ euchre bidding
    def _euchre_bid(self, view: Any, v: Any) -> Evaluation | None:
        legal = tuple(v.legal)
        if v.turn_up is None:
            return None
        sampler, more = self._samples(v)
        tricks = dict.fromkeys(legal, 0.0)
        points = dict.fromkeys(legal, 0.0)
        n = 0
        while more(n):
            sample = sampler.draw()
            for a in legal:
                mine, pts = _euchre_rollout(v, sample, a, self.seed)
                tricks[a] += mine
                points[a] += pts
            n += 1
        avg_t: dict[Any, float | None] = {a: tricks[a] / n for a in legal}
        avg_p = {a: points[a] / n for a in legal}
        return self._result(view, legal, avg_t, avg_p, False, n, "points")


# ============================================================================ games
def _rule_bot(game: str, seed: int) -> Any:
    from cardroom.games import game_class

    return game_class(game).rule_bot(seed)


@dataclass
class _PlaySetup:
    """How to solve a sample of a play position: ``solve(sample)`` gives each legal card's value for
    the mover (tricks of his side, the tricks won so far included)."""

    solve: Callable[[Sample], dict[Card, float]]
    lower_is_better: bool = False


# ----------------------------------------------------------------------------- bridge
def dds_best_moves(hands: tuple[int, ...], leader: int, trick: tuple[int, ...], trump: int | None) -> dict[int, int]:
    """Every legal card of the bridge hand to play -> tricks its side takes from the current trick on,
    double dummy. ``hands``: the four hands now (N E S W), the current trick's cards already out of
    them; ``leader`` the seat that led ``trick``. Through :func:`cardroom.solve.dds.best_moves` (the
    side counted is the mover's), whose gate makes DDS safe from many threads at once."""
    from cardroom.core.table import Seat
    from cardroom.solve.dds import BridgePosition, best_moves

    mover = Seat((leader + len(trick)) % 4)
    return best_moves(BridgePosition(tuple(hands), Seat(leader), mover, tuple(trick), trump))


def _nullo(v: Any) -> bool:
    """Whether an auction-bridge deal is played at nullo (the declarer wants the fewest tricks)."""
    from cardroom.games.oldbridge.calls import Denom

    return getattr(v.contract, "denom", None) == Denom.NULLO


def _bridge_play_setup(v: Any) -> _PlaySetup:
    mover = int(v.hand_to_play)
    side = mover & 1
    won = v.won[side]
    leader = int(v.trick_leader)
    trick = tuple(int(c) for c in v.trick)
    assert v.contract is not None
    trump = bridge_trump(v)

    def solve(sample: Sample) -> dict[Card, float]:
        got = dds_best_moves(sample.hands, leader, trick, trump)
        return {Card(c): float(won + t) for c, t in got.items()}

    return _PlaySetup(solve)


# ----------------------------------------------------------------------------- preferans
def _pref_play_setup(v: Any) -> _PlaySetup | None:
    from cardroom.solve.tricks import Position, best_moves

    if any(s < 0 for s, _ in v.trick) or v.kind not in ("game", "misere", "raspasy"):
        return None  # a talon card leads this trick (raspasy): the rule-based bot
    mover = v.hand_to_play if v.hand_to_play is not None else v.seat
    order = tuple(v.active)
    leader = v.trick[0][0] if v.trick else mover
    trick = tuple(int(c) for _, c in v.trick)
    remaining = 10 - len(v.tricks)
    won = v.won
    if v.kind == "raspasy":
        def solve_r(sample: Sample) -> dict[Card, float]:
            pos = Position(sample.hands, order, leader, trick, None, True, frozenset({mover}), False)
            return {Card(c): float(won[mover] + t) for c, t in best_moves(pos).items()}

        return _PlaySetup(solve_r, lower_is_better=True)
    decl = v.declarer
    assert decl is not None and v.contract is not None
    misere = v.kind == "misere"
    trump = None if misere else v.contract.trump
    defence_won = sum(won[s] for s in order if s != decl)

    def solve(sample: Sample) -> dict[Card, float]:
        pos = Position(sample.hands, order, leader, trick, trump, True, frozenset({decl}), not misere)
        got = best_moves(pos)
        if misere or mover == decl:
            return {Card(c): float(won[decl] + t) for c, t in got.items()}
        return {Card(c): float(defence_won + remaining - t) for c, t in got.items()}

    return _PlaySetup(solve, lower_is_better=misere and mover == decl)


def _pref_solve_contract(v: Any, sample: Sample, strain: int) -> int:
    """The declarer's tricks, open-handed, in a contract of ``strain`` from the first lead."""
    from cardroom.games.preferans.calls import STRAIN_SUIT
    from cardroom.solve.tricks import Position, solve

    decl = v.declarer
    order = tuple(v.active)
    pos = Position(sample.hands, order, order[0], (), STRAIN_SUIT[strain], True, frozenset({decl}), True)
    return solve(pos)


# ----------------------------------------------------------------------------- euchre
def euchre_card_map(trump: int) -> dict[int, int]:
    """The euchre pack under ``trump`` mapped to natural suits and ranks for the solver (the one bower
    remap, :func:`cardroom.solve.euchre.card_map`)."""
    from cardroom.solve.euchre import card_map

    return dict(card_map(Suit(trump)))


def _euchre_play_setup(v: Any) -> _PlaySetup:
    from cardroom.solve.euchre import to_solver
    from cardroom.solve.tricks import Position, best_moves

    assert v.trump is not None and v.maker is not None
    trump = int(v.trump)
    m = euchre_card_map(trump)
    back = {b: a for a, b in m.items()}
    out = None if v.sitting_out is None else int(v.sitting_out)
    order = tuple(s for s in range(4) if s != out)
    mover = int(v.seat)
    makers = int(v.maker) & 1
    side = frozenset(s for s in order if s & 1 == makers)
    leader = int(v.trick_leader)
    trick = tuple(m[int(c)] for _, c in v.trick)
    remaining = 5 - len(v.tricks)
    mine = v.won[mover & 1]

    def solve(sample: Sample) -> dict[Card, float]:
        hands = tuple(to_solver(h, Suit(trump)) if s in order else 0 for s, h in enumerate(sample.hands))
        pos = Position(hands, order, leader, trick, trump, False, side, True)
        got = best_moves(pos)
        if mover & 1 == makers:
            return {Card(back[c]): float(mine + t) for c, t in got.items()}
        return {Card(back[c]): float(mine + remaining - t) for c, t in got.items()}

    return _PlaySetup(solve)


def _euchre_rollout(v: Any, sample: Sample, action: Any, seed: int) -> tuple[float, float]:
    """One candidate declaration on one sample: the hand is rebuilt from the sample (the calls of the view
    replayed), ``action`` applied, the rest of the making of the trump (and the dealer's discard) decided
    by the rule-based bots, then the play solved open-handed. Returns the viewing side's tricks and its
    points minus the opponents' (Laws 2–3); a hand thrown in counts 0."""
    from cardroom.bots.euchre import EuchreBot
    from cardroom.games.euchre.rules import EuchreDeal, EuchreHand
    from cardroom.games.euchre.scoring import score_hand
    from cardroom.solve.euchre import to_solver
    from cardroom.solve.tricks import Position, solve

    hand = EuchreHand(dealer=v.dealer)
    h = sample.hands
    hand.apply(EuchreDeal((h[0], h[1], h[2], h[3]), v.turn_up, sample.rest))
    for _, text in v.calls:
        hand.apply(hand.parse_action(text))
    hand.apply(action)
    bot = EuchreBot(seed=seed)
    while not hand.is_over and hand.phase != "play":
        s = int(hand.to_act or 0)
        hand.apply(bot.choose(hand.view(s)))
    mine = int(v.seat) & 1
    if hand.is_over or hand.trump is None or hand.maker is None:
        return 0.0, 0.0  # thrown in
    trump = int(hand.trump)
    out = None if hand.sitting_out is None else int(hand.sitting_out)
    order = tuple(s for s in range(4) if s != out)
    mapped = tuple(to_solver(x, Suit(trump)) if s in order else 0 for s, x in enumerate(hand.hands))
    makers = int(hand.maker) & 1
    side = frozenset(s for s in order if s & 1 == makers)
    mt = solve(Position(mapped, order, int(hand.trick_leader), (), trump, False, side, True))
    hs = score_hand(mt, hand.lone is not None)
    pts = float(hs.makers_points - hs.adversaries_points)
    if makers != mine:
        return float(5 - mt), -pts
    return float(mt), pts
