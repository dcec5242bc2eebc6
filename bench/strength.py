"""Bot strength by duplicate matches: the same deals played with the seats swapped between two bot levels.

For each game (bridge, preferans, euchre) and each pair of adjacent levels (``search`` vs ``rule``,
``rule`` vs ``random``) every deal is dealt once from a seeded generator and then played several
times from the same chance action, the levels exchanging the cards between the plays, so that the
luck of the cards cancels:

* bridge and euchre — two plays: level A holds North-South on the first and East-West on the second
  (the dealer, and in bridge the vulnerability, are the board's and stay the same);
* preferans (3 players) — six plays: level A holds every non-empty proper subset of the three seats
  ({0}, {1}, {2}, {0,1}, {0,2}, {1,2}) and level B the rest. Each seat's cards are then played three
  times by A and three times by B, and each level meets each seat configuration once in each role;
  were A and B the same player, A's total over the six plays would be exactly zero, because a deal's
  balances sum to zero for every seating.

The score of a deal for one *unit* (a partnership in bridge and euchre, a player in preferans) is the
game's own score of that single deal:

* bridge (``--bridge-score duplicate``, default): the deal's points as in duplicate — the game's own
  trick, overtrick, insult, slam and undertrick points (the ``doc001`` scoring unless ``--scoring``)
  plus the duplicate bonus for a made contract (50 for a part score, 300 for a game not vulnerable,
  500 vulnerable; a game is 100 or more trick points); honours are not counted, as in duplicate.
  ``--bridge-score rubber``: every entry the deal writes on a rubber sheet (honours included, no game
  or rubber bonus). Boards carry the standard dealer and vulnerability of their number (1–16 cycle).
  A passed-out deal scores 0. The unit's score is its points minus the other side's.
* preferans (Sochi, 3 players, one deal on an empty sheet): the whist-equivalent balance of each
  player, i.e. the pulka's own settlement (``PulkaSheet.settle``: unfinished pulya carried into the gora,
  gora differences × 10 / 3 as whists, whists written minus whists written on him); the balances sum to 0.
* euchre: the points of the hand (Laws 2–3: 1, 2 for a march, 4 for a lone march, 2 or 4 for a
  euchre), the unit's points minus the other side's; a hand thrown in scores 0.

The per-deal difference of A over B is the mean, over the plays of the deal, of (A's score − B's
score), a level's score being the sum of the scores of the units it holds. For bridge and euchre that
is the usual duplicate comparison: A's score with a pair of hands minus B's score with the same hands.
The match prints the mean difference per deal and its 95 % confidence interval by Student's t over the
deals (each deal's difference is one observation; the deals are independent), and whether it
excludes zero.

For bridge the harness also measures the declarer's play against double dummy (DDS through
``cardroom.solve.dds``), per level of the declaring side: (1) the double-dummy tricks of the contract
from the position after the opening lead minus the tricks declarer took (the brief's measure: it
includes the defenders' mistakes, which give tricks back), and (2) the tricks declarer's own cards
(his and dummy's) lose: at each of declarer's decisions with more than one legal card, the best card's
double-dummy value minus the chosen card's, summed over the deal (never negative).

Bots are given only ``state.view(seat)``; every action is checked against ``state.legal_actions()``
before it is applied. Each bot is made fresh for each play from a seed that depends on the base
seed, the deal, the seat and the level's name only, so a level against itself gives exactly zero
and swapping the two levels negates the difference (the search bot runs without a time limit by
default, so that its choices depend only on its seed and view).

    .venv/bin/python bench/strength.py --game all --deals 40 --seed 1 --levels random,rule,search --samples 10
"""

from __future__ import annotations

import argparse
import functools
import math
import random
import sys
import time
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import combinations
from typing import Any

from cardroom.core.errors import CardroomError
from cardroom.core.game import CHANCE, Game, State
from cardroom.games import load

GAMES = ("bridge", "preferans", "euchre")
LEVELS = ("random", "rule", "search")
_STRENGTH = {"random": 0, "rule": 1, "search": 2}

# the standard duplicate board cycle: vulnerability of boards 1-16 (NS, EW); dealer N, E, S, W in turn
_VUL_CYCLE = ("-", "NS", "EW", "All", "NS", "EW", "All", "-", "EW", "All", "-", "NS", "All", "-", "NS", "EW")


def board_dealer_vul(board: int) -> tuple[int, tuple[bool, bool]]:
    """The dealer seat (0-3, N E S W) and the vulnerability (NS, EW) of duplicate board ``board`` (1-based)."""
    if board < 1:
        raise CardroomError(f"board numbers start at 1, not {board}")
    v = _VUL_CYCLE[(board - 1) % 16]
    return (board - 1) % 4, (v in ("NS", "All"), v in ("EW", "All"))


# ----------------------------------------------------------------------------------------- statistics


def _betacf(a: float, b: float, x: float) -> float:
    """The continued fraction of the regularized incomplete beta function (modified Lentz)."""
    tiny = 1e-300
    qab, qap, qam = a + b, a + 1.0, a - 1.0
    c, d = 1.0, 1.0 - qab * x / qap
    d = 1.0 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 300):
        m2 = 2 * m
        aa = m * (b - m) * x / ((qam + m2) * (a + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > tiny else tiny)
        c = 1.0 + aa / c
        c = c if abs(c) > tiny else tiny
        h *= d * c
        aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > tiny else tiny)
        c = 1.0 + aa / c
        c = c if abs(c) > tiny else tiny
        delta = d * c
        h *= delta
        if abs(delta - 1.0) < 1e-15:
            break
    return h


def _betai(a: float, b: float, x: float) -> float:
    """The regularized incomplete beta function I_x(a, b)."""
    if x <= 0.0:
        return 0.0
    if x >= 1.0:
        return 1.0
    lbeta = math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log(1.0 - x)
    front = math.exp(lbeta)
    if x < (a + 1.0) / (a + b + 2.0):
        return front * _betacf(a, b, x) / a
    return 1.0 - front * _betacf(b, a, 1.0 - x) / b


def t_cdf(t: float, df: int) -> float:
    """Student's t distribution function with ``df`` degrees of freedom."""
    if df < 1:
        raise CardroomError(f"Student's t needs at least one degree of freedom, not {df}")
    x = df / (df + t * t)
    tail = 0.5 * _betai(df / 2.0, 0.5, x)
    return 1.0 - tail if t > 0 else tail


def t_quantile(p: float, df: int) -> float:
    """The ``p`` quantile of Student's t with ``df`` degrees of freedom (bisection on :func:`t_cdf`)."""
    if not 0.0 < p < 1.0:
        raise CardroomError(f"a quantile needs 0 < p < 1, not {p}")
    if p < 0.5:
        return -t_quantile(1.0 - p, df)
    lo, hi = 0.0, 1.0
    while t_cdf(hi, df) < p:
        hi *= 2.0
    for _ in range(200):
        mid = (lo + hi) / 2.0
        if t_cdf(mid, df) < p:
            lo = mid
        else:
            hi = mid
        if hi - lo < 1e-12 * max(1.0, hi):
            break
    return (lo + hi) / 2.0


@dataclass(frozen=True)
class Interval:
    """A mean with its two-sided confidence interval by Student's t."""

    n: int
    mean: float
    low: float
    high: float
    sd: float

    @property
    def excludes_zero(self) -> bool:
        return self.low > 0.0 or self.high < 0.0


def mean_ci(xs: Sequence[float], level: float = 0.95) -> Interval:
    """Mean of ``xs`` and its ``level`` confidence interval by Student's t (n − 1 degrees of freedom).

    With one observation, or none, the interval is unbounded (nothing is known of the spread)."""
    n = len(xs)
    if n == 0:
        return Interval(0, math.nan, -math.inf, math.inf, math.nan)
    m = math.fsum(xs) / n
    if n == 1:
        return Interval(1, m, -math.inf, math.inf, math.nan)
    sd = math.sqrt(math.fsum((x - m) ** 2 for x in xs) / (n - 1))
    half = t_quantile(0.5 + level / 2.0, n - 1) * sd / math.sqrt(n)
    return Interval(n, m, m - half, m + half, sd)


# ----------------------------------------------------------------------------------------- bots


def search_available() -> bool:
    """Whether the search bot can be imported (it is written by another piece of work)."""
    try:
        from cardroom.bots.search import SearchBot  # noqa: F401
    except ImportError:
        return False
    return True


@dataclass(frozen=True)
class BotOptions:
    samples: int = 10
    time_per_decision: float | None = None


def bot_seed(base: int, deal: int, seat: int, level: str) -> int:
    """The seed of one bot: a function of the base seed, the deal, the seat and the level's name only."""
    return zlib.crc32(f"{base}:{deal}:{seat}:{level}".encode())


def make_bot(game: str, level: str, seed: int, opts: BotOptions) -> Any:
    """A fresh bot of ``level`` for ``game`` (by :meth:`cardroom.core.game.Game.bot`); :class:`CardroomError`
    for an unknown level or one the game has not."""
    if level not in LEVELS:
        raise CardroomError(f"unknown bot level {level!r} (known: {', '.join(LEVELS)})")
    bot_opts: dict[str, Any] = {"samples": opts.samples, "time_per_decision": opts.time_per_decision} \
        if level == "search" else {}
    return _bot_game(game).bot(level, seed, **bot_opts)


@functools.cache
def _bot_game(name: str) -> Game:
    return load(name)


# ----------------------------------------------------------------------------------------- games


class GameSpec:
    """How one game's single deal is set up, scored and seated for the duplicate harness."""

    name: str = ""
    seats: int = 4
    units: int = 2

    def new_state(self, board: int) -> State:
        raise NotImplementedError

    def unit_of(self, seat: int) -> int:
        raise NotImplementedError

    def unit_scores(self, state: State) -> tuple[Fraction, ...]:
        """Each unit's score of the finished deal, exact (they sum to zero)."""
        raise NotImplementedError

    def assignments(self) -> list[frozenset[int]]:
        """The plays of one deal: for each, the units level A holds (B holds the rest)."""
        return [frozenset({0}), frozenset({1})]

    def unit_name(self, unit: int) -> str:
        return str(unit)


class BridgeSpec(GameSpec):
    name = "bridge"

    def __init__(self, scoring: str = "doc001", score_kind: str = "duplicate") -> None:
        from cardroom.games.bridge.game import ContractBridge

        if score_kind not in ("duplicate", "rubber"):
            raise CardroomError(f"unknown bridge deal score {score_kind!r} (duplicate, rubber)")
        game = load("bridge", scoring=scoring)
        assert isinstance(game, ContractBridge)
        self.game = game
        self.score_kind = score_kind

    def new_state(self, board: int) -> State:
        from cardroom.core.table import Seat

        dealer, vul = board_dealer_vul(board)
        return self.game.new_deal(Seat(dealer), vul)

    def unit_of(self, seat: int) -> int:
        return seat & 1

    def unit_name(self, unit: int) -> str:
        return ("NS", "EW")[unit]

    def unit_scores(self, state: State) -> tuple[Fraction, ...]:
        pts = bridge_deal_points(state, self.score_kind)
        return (Fraction(pts[0] - pts[1]), Fraction(pts[1] - pts[0]))


def bridge_deal_points(state: State, score_kind: str = "duplicate") -> tuple[int, int]:
    """(NS, EW) points of a finished bridge deal (see the module's docstring)."""
    from cardroom.games.bridge.rules import BridgeDeal

    assert isinstance(state, BridgeDeal)
    return bridge_result_points(state.result(), score_kind)


def bridge_result_points(res: Any, score_kind: str = "duplicate") -> tuple[int, int]:
    """(NS, EW) points of a bridge ``DealResult``: ``duplicate`` — its entries without honours plus
    the duplicate bonus of a made contract (50 part score; game, 100 trick points or more: 300 not
    vulnerable, 500 vulnerable); ``rubber`` — every entry it writes (honours included)."""
    if score_kind not in ("duplicate", "rubber"):
        raise CardroomError(f"unknown bridge deal score {score_kind!r} (duplicate, rubber)")
    pts = [0, 0]
    if res.contract is None:
        return 0, 0
    below = 0
    for e in res.entries:
        if e.kind == "honours" and score_kind == "duplicate":
            continue
        pts[e.side] += e.points
        if e.below and e.side == res.contract.side:
            below += e.points
    if score_kind == "duplicate" and res.declarer_tricks >= res.contract.tricks_required:
        vul = res.vulnerable[res.contract.side]
        pts[res.contract.side] += (500 if vul else 300) if below >= 100 else 50
    return pts[0], pts[1]


class PreferansSpec(GameSpec):
    name = "preferans"
    seats = 3
    units = 3

    def __init__(self, variant: str = "sochi") -> None:
        from cardroom.games.preferans.game import Preferans

        game = load("preferans", variant=variant, players=3)
        assert isinstance(game, Preferans)
        self.game = game

    def new_state(self, board: int) -> State:
        return self.game.new_deal(dealer=(board - 1) % 3)

    def unit_of(self, seat: int) -> int:
        return seat

    def unit_scores(self, state: State) -> tuple[Fraction, ...]:
        return preferans_balance(state, self.game)

    def assignments(self) -> list[frozenset[int]]:
        return [frozenset(c) for k in (1, 2) for c in combinations(range(3), k)]


def preferans_balance(state: State, game: Any) -> tuple[Fraction, ...]:
    """The whist-equivalent balance of each player for one finished deal scored on an empty pulka."""
    from cardroom.games.preferans.pulka import PulkaSheet
    from cardroom.games.preferans.rules import PrefDeal

    assert isinstance(state, PrefDeal)
    sheet = PulkaSheet(game.variant, game.players)
    sheet.add(state.result())
    return tuple(Fraction(b) for b in sheet.settle().balance)


class EuchreSpec(GameSpec):
    name = "euchre"

    def __init__(self) -> None:
        from cardroom.games.euchre.game import Euchre

        game = load("euchre")
        assert isinstance(game, Euchre)
        self.game = game

    def new_state(self, board: int) -> State:
        from cardroom.core.table import Seat

        return self.game.new_hand(Seat((board - 1) % 4))

    def unit_of(self, seat: int) -> int:
        return seat & 1

    def unit_name(self, unit: int) -> str:
        return ("NS", "EW")[unit]

    def unit_scores(self, state: State) -> tuple[Fraction, ...]:
        from cardroom.games.euchre.rules import EuchreHand

        assert isinstance(state, EuchreHand)
        res = state.result()
        if res is None:
            raise CardroomError("the euchre hand is not over")
        ns, ew = res.points
        return (Fraction(ns - ew), Fraction(ew - ns))


def make_spec(game: str, bridge_scoring: str = "doc001", bridge_score: str = "duplicate") -> GameSpec:
    if game == "bridge":
        return BridgeSpec(bridge_scoring, bridge_score)
    if game == "preferans":
        return PreferansSpec()
    if game == "euchre":
        return EuchreSpec()
    raise CardroomError(f"unknown game {game!r} (known: {', '.join(GAMES)})")


# ----------------------------------------------------------------------------------------- playing


@dataclass(frozen=True)
class DeclarerPlay:
    """Declarer's play of one bridge deal against double dummy."""

    level: str
    dd_after_lead: int  # double-dummy tricks for declarer's side from the position after the opening lead
    taken: int  # tricks declarer's side took
    own_loss: int  # tricks lost by declarer's own card choices, double dummy

    @property
    def lost(self) -> int:
        return self.dd_after_lead - self.taken


@dataclass
class PlayRecord:
    """One play of a deal: the units level A held, each seat's level, the actions, the units' scores."""

    a_units: frozenset[int]
    seat_levels: tuple[str, ...]
    history: list[Any]
    scores: tuple[Fraction, ...]
    declarer: DeclarerPlay | None = None
    errors: list[str] = field(default_factory=list)


@dataclass
class DealOutcome:
    board: int
    chance: Any
    plays: list[PlayRecord]
    diff_exact: Fraction

    @property
    def diff(self) -> float:
        return float(self.diff_exact)


def play_once(spec: GameSpec, board: int, chance: Any, seat_levels: Sequence[str],
              bot_factory: Callable[[int, str], Any], dd: bool = False, strict: bool = False) -> PlayRecord:
    """Play one deal from ``chance`` to its end, each seat's decisions made by a bot of its level from
    that seat's view alone; every action is checked against the legal actions first.

    A bot that raises (a bug of that bot) is replaced for that one decision by a pass where a pass is
    legal, else the first legal action; the failure is recorded in ``PlayRecord.errors`` (``strict``:
    re-raised instead)."""
    state = spec.new_state(board)
    state.apply(chance)
    bots: dict[int, Any] = {}
    history: list[Any] = [chance]
    errors: list[str] = []
    dd_track = dd and spec.name == "bridge"
    own_loss = 0
    dd_after_lead: int | None = None
    while not state.is_over:
        seat = state.to_act
        if seat is None or seat == CHANCE:
            raise CardroomError(f"{spec.name}: unexpected chance or empty turn at {state.position()}")
        legal = list(state.legal_actions())
        if not legal:
            raise CardroomError(f"{spec.name}: seat {seat} to act with no legal action at {state.position()}")
        bot = bots.get(seat)
        if bot is None:
            bot = bots[seat] = bot_factory(seat, seat_levels[seat])
        moves = _bridge_dd_before(state, seat, len(legal)) if dd_track else None
        try:
            action = bot.choose(state.view(seat))
        except Exception as e:  # a bot's own failure: counted and reported, never hidden
            if strict:
                raise
            action = _fallback(state, legal)
            errors.append(f"{seat_levels[seat]} bot at seat {seat}, {state.position()}: "
                          f"{type(e).__name__}: {e} (played {state.action_text(action)})")
        if action not in legal:
            raise CardroomError(f"{spec.name}: the {seat_levels[seat]} bot at seat {seat} chose {action!r}, "
                                f"not a legal action at {state.position()}")
        if moves:
            own_loss += max(moves.values()) - moves[int(action)]
        state.apply(action)
        history.append(action)
        if dd_track and dd_after_lead is None:
            dd_after_lead = _bridge_after_lead(state)
    scores = spec.unit_scores(state)
    declarer = None
    if dd_track:
        declarer = _declarer_play(state, seat_levels, dd_after_lead, own_loss)
    return PlayRecord(frozenset(), tuple(seat_levels), history, scores, declarer, errors)


def _fallback(state: State, legal: Sequence[Any]) -> Any:
    for a in legal:
        if state.action_text(a).strip().lower() in ("pass", "p", "пас"):
            return a
    return legal[0]


def _bridge_dd_before(state: State, seat: int, n_legal: int) -> dict[int, int] | None:
    """At a declarer's decision in the play: every legal card's double-dummy tricks (None elsewhere, or
    when only one card is legal)."""
    from cardroom.games.bridge.rules import PHASE_PLAY, BridgeDeal
    from cardroom.solve.dds import best_moves

    assert isinstance(state, BridgeDeal)
    if state.phase != PHASE_PLAY or state.declarer is None or seat != state.declarer or n_legal < 2:
        return None
    return best_moves(state)


def _bridge_after_lead(state: State) -> int | None:
    """Declarer's double-dummy tricks right after the opening lead (None before it)."""
    from cardroom.games.bridge.rules import PHASE_PLAY, BridgeDeal
    from cardroom.solve.dds import solve

    assert isinstance(state, BridgeDeal)
    if state.phase != PHASE_PLAY or len(state.tricks) != 0 or len(state.trick) != 1:
        return None
    return solve(state)


def _declarer_play(state: State, seat_levels: Sequence[str], dd_after_lead: int | None,
                   own_loss: int) -> DeclarerPlay | None:
    from cardroom.games.bridge.rules import BridgeDeal

    assert isinstance(state, BridgeDeal)
    res = state.result()
    if res.contract is None or dd_after_lead is None:
        return None
    return DeclarerPlay(seat_levels[res.contract.declarer], dd_after_lead, res.declarer_tricks, own_loss)


def deal_chance(spec: GameSpec, board: int, seed: int) -> Any:
    """The chance action (the shuffle) of ``board``, from a generator seeded by the seed and the board."""
    rng = random.Random(zlib.crc32(f"{spec.name}:{seed}:{board}".encode()))
    return spec.new_state(board).sample_chance(rng)


def duplicate_deal(spec: GameSpec, board: int, level_a: str, level_b: str, seed: int, opts: BotOptions,
                   dd: bool = False, strict: bool = False) -> DealOutcome:
    """Play one deal with every seating of :meth:`GameSpec.assignments`; the difference of A over B."""
    chance = deal_chance(spec, board, seed)
    plays: list[PlayRecord] = []
    diffs: list[Fraction] = []
    for a_units in spec.assignments():
        seat_levels = tuple(level_a if spec.unit_of(s) in a_units else level_b for s in range(spec.seats))

        def factory(seat: int, lvl: str) -> Any:
            return make_bot(spec.name, lvl, bot_seed(seed, board, seat, lvl), opts)

        rec = play_once(spec, board, chance, seat_levels, factory, dd, strict)
        rec.a_units = a_units
        plays.append(rec)
        a = sum((rec.scores[u] for u in range(spec.units) if u in a_units), Fraction(0))
        b = sum((rec.scores[u] for u in range(spec.units) if u not in a_units), Fraction(0))
        diffs.append(a - b)
    return DealOutcome(board, chance, plays, sum(diffs, Fraction(0)) / len(diffs))


@dataclass
class MatchResult:
    game: str
    level_a: str
    level_b: str
    outcomes: list[DealOutcome] = field(default_factory=list)
    seconds: float = 0.0
    available: bool = True
    note: str = ""

    @property
    def diffs(self) -> list[float]:
        return [o.diff for o in self.outcomes]

    def interval(self) -> Interval:
        return mean_ci(self.diffs)

    @property
    def errors(self) -> list[str]:
        """Every bot failure of the match (see :func:`play_once`)."""
        return [e for o in self.outcomes for p in o.plays for e in p.errors]


def run_match(spec: GameSpec, level_a: str, level_b: str, deals: int, seed: int, opts: BotOptions,
              dd: bool = False, progress: Callable[[int, DealOutcome], None] | None = None,
              strict: bool = False) -> MatchResult:
    """``deals`` duplicate deals (boards 1…deals) of ``level_a`` against ``level_b``."""
    if deals < 1:
        raise CardroomError(f"a match needs at least one deal, not {deals}")
    for lvl in (level_a, level_b):
        if lvl not in LEVELS:
            raise CardroomError(f"unknown bot level {lvl!r} (known: {', '.join(LEVELS)})")
    if "search" in (level_a, level_b) and not search_available():
        return MatchResult(spec.name, level_a, level_b, available=False, note="not available")
    m = MatchResult(spec.name, level_a, level_b)
    t0 = time.perf_counter()
    for board in range(1, deals + 1):
        out = duplicate_deal(spec, board, level_a, level_b, seed, opts, dd, strict)
        m.outcomes.append(out)
        if progress is not None:
            progress(board, out)
    m.seconds = time.perf_counter() - t0
    return m


# ----------------------------------------------------------------------------------------- report

UNITS = {"bridge": "points", "preferans": "whists", "euchre": "points"}


def format_match(m: MatchResult) -> str:
    label = f"{m.level_a} vs {m.level_b}"
    if not m.available:
        return f"  {label:<17} {m.note}"
    iv = m.interval()
    verdict = "yes" if iv.excludes_zero else "no"
    if iv.excludes_zero:
        verdict += f" ({m.level_a if iv.mean > 0 else m.level_b} stronger)"
    return (f"  {label:<17} {iv.mean:+10.2f} {UNITS[m.game]}/deal  95% CI [{iv.low:+.2f}, {iv.high:+.2f}]  "
            f"sd {iv.sd:.2f}  n={iv.n}  excludes 0: {verdict}  ({m.seconds:.1f} s, "
            f"{m.seconds / max(1, iv.n):.2f} s/deal)"
            + (f"\n    bot failures replaced by a pass/first legal action: {len(m.errors)}; first: {m.errors[0]}"
               if m.errors else ""))


def declarer_summary(matches: Sequence[MatchResult]) -> dict[str, list[DeclarerPlay]]:
    """Every declarer play of the bridge matches, by the declaring side's level."""
    out: dict[str, list[DeclarerPlay]] = {}
    for m in matches:
        for o in m.outcomes:
            for p in o.plays:
                if p.declarer is not None:
                    out.setdefault(p.declarer.level, []).append(p.declarer)
    return out


def format_declarer(summary: dict[str, list[DeclarerPlay]]) -> list[str]:
    lines = ["    declarer play vs double dummy, by the declaring side's level (tricks per contract, 95% CI by t):"]
    for lvl in sorted(summary, key=lambda x: _STRENGTH.get(x, 9)):
        ps = summary[lvl]
        lost = mean_ci([float(p.lost) for p in ps])
        own = mean_ci([float(p.own_loss) for p in ps])
        lines.append(f"      {lvl:<7} DD after lead − taken {lost.mean:+.2f} [{lost.low:+.2f}, {lost.high:+.2f}]   "
                     f"own cards' loss {own.mean:.2f} [{own.low:.2f}, {own.high:.2f}]   contracts {len(ps)}")
    return lines


def pairs_of(levels: Sequence[str]) -> list[tuple[str, str]]:
    """Adjacent pairs, stronger first: search vs rule, rule vs random."""
    ordered = sorted(dict.fromkeys(levels), key=lambda x: -_STRENGTH[x])
    return [(ordered[i], ordered[i + 1]) for i in range(len(ordered) - 1)]


def parse_levels(text: str) -> list[str]:
    levels = [x.strip().lower() for x in text.split(",") if x.strip()]
    for lvl in levels:
        if lvl not in LEVELS:
            raise CardroomError(f"unknown bot level {lvl!r} in --levels (known: {', '.join(LEVELS)})")
    if len(set(levels)) < 2:
        raise CardroomError("--levels needs at least two different levels (random, rule, search)")
    return levels


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0] if __doc__ else None)
    ap.add_argument("--game", default="all", choices=(*GAMES, "all"))
    ap.add_argument("--deals", type=int, default=20, help="deals per pair of levels (default 20)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--levels", default="random,rule,search", help="comma-separated: random, rule, search")
    ap.add_argument("--samples", type=int, default=10, help="the search bot's samples per decision (default 10)")
    ap.add_argument("--time-per-decision", type=float, default=None,
                    help="the search bot's time limit per decision in seconds (default none: deterministic)")
    ap.add_argument("--deals-search", type=int, default=None,
                    help="deals for the pairs with the search bot (default: --deals)")
    ap.add_argument("--bridge-score", choices=("duplicate", "rubber"), default="duplicate")
    ap.add_argument("--bridge-scoring", choices=("doc001", "modern"), default="doc001")
    ap.add_argument("--no-dd", action="store_true", help="bridge: skip the declarer-play analysis")
    ap.add_argument("--strict", action="store_true", help="stop on a bot's failure instead of replacing it")
    ap.add_argument("--progress", action="store_true", help="print each deal's difference as it is played")
    args = ap.parse_args(argv)
    try:
        levels = parse_levels(args.levels)
        if args.deals < 1:
            raise CardroomError(f"--deals must be at least 1, not {args.deals}")
        if args.samples < 1:
            raise CardroomError(f"--samples must be at least 1, not {args.samples}")
    except CardroomError as e:
        print(f"strength: {e}", file=sys.stderr)
        return 2
    opts = BotOptions(args.samples, args.time_per_decision)
    games = GAMES if args.game == "all" else (args.game,)
    print(f"duplicate matches: seed {args.seed}, levels {','.join(levels)}, search samples {args.samples}, "
          f"time per decision {args.time_per_decision}; mean difference per deal, 95% CI by Student's t")
    for g in games:
        spec = make_spec(g, args.bridge_scoring, args.bridge_score)
        extra = {"bridge": f" (score: {args.bridge_score}, scoring {args.bridge_scoring})",
                 "preferans": " (Sochi, 3 players, whist balance of the deal; 6 seatings per deal)",
                 "euchre": " (points of the hand)"}[g]
        print(f"{g}{extra}")
        for a, b in pairs_of(levels):
            n = args.deals_search if ("search" in (a, b) and args.deals_search) else args.deals

            def progress(board: int, out: DealOutcome, a: str = a, b: str = b, g: str = g) -> None:
                print(f"    [{g} {a} vs {b}] deal {board}: {out.diff:+.2f}", flush=True)

            m = run_match(spec, a, b, n, args.seed, opts, dd=(g == "bridge" and not args.no_dd),
                          progress=progress if args.progress else None, strict=args.strict)
            print(format_match(m), flush=True)
            if g == "bridge" and not args.no_dd and m.available:
                for line in format_declarer(declarer_summary([m])):
                    print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
