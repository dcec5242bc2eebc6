"""Euchre scoring: the points for a hand (Laws 2, 3) and the rubber (Laws 1, 7 and the glossary).

Points for a hand (document 003, Laws 2–3):

=================  ==============  ============================
who played         makers' tricks  points
=================  ==============  ============================
partnership        5 (march)       makers 2
partnership        3 or 4          makers 1
partnership        0–2 (euchre)    adversaries 2
lone hand          5 (march)       lone side 4
lone hand          3 or 4          lone side 1
lone hand          0–2 (euchre)    adversaries 4
=================  ==============  ============================

A game is five points (Law 2). Points beyond five («нахлест», the lap) are carried into the next
game (glossary: «набрано больше очков, чем необходимо для выигрыша партии, и они переносятся на
следующую партию»); option ``lap`` (default on; off = the common practice of no carry).
A game counts 1, or 2 if the losers have not scored (Law 7). The rubber is the best two of three
games; the third game is always played (Law 1); a fourth is played when a lap occurs in the third
game (glossary; Law 1's «если счет третьей партии сравнялся» is the UNCERTAIN translation, see
docs/rules/euchre.md). The side that wins two games first wins the rubber and takes 2 more
points (Law 7), so a rubber is worth at most 10: four double games and 2.

Penalty scores (Laws 4, 6, 50, 63, 71, 90; the readings are options of :class:`PenaltyRules`):
:func:`revoke_penalty` (3 points a revoke, 5 in a lone hand; equal numbers cancel),
:func:`wrong_cards_loss` (2, or 4 in a lone hand, lost by the offending side, which scores nothing for
the hand), Law 50's 5 points to a lone side whose adversary abandons his hand, Law 6 as a ruling with no
penalty (:func:`unannounced_points_ruling`). :func:`hand_entries` orders a hand's entries — penalties
first (Law 4), then the points — and :func:`apply_hand` scores them on a :class:`RubberScore`
(:meth:`RubberScore.add_entries`), so a game won on the penalty is computed, not assumed.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from cardroom.core.errors import CardroomError, IllegalAction, Reason
from cardroom.core.table import Side

GAME_POINTS = 5
RUBBER_BONUS = 2


@dataclass(frozen=True)
class HandScore:
    """The points a hand gives: to the makers (the side that made the trump) or to their adversaries."""

    makers_points: int
    adversaries_points: int
    march: bool
    euchred: bool


def score_hand(makers_tricks: int, lone: bool, *, lone_march_points: int = 4) -> HandScore:
    """Laws 2 and 3: score a hand from the makers' tricks (0–5) and whether the maker played alone.

    ``lone_march_points`` is 4 (Law 3); Law 102 reduces it to 2 when the lone player's partner
    exposed a card."""
    if not 0 <= makers_tricks <= 5:
        raise ValueError(f"the makers' tricks must be 0 to 5, not {makers_tricks}")
    if makers_tricks == 5:
        return HandScore(lone_march_points if lone else 2, 0, True, False)
    if makers_tricks >= 3:
        return HandScore(1, 0, False, False)
    return HandScore(0, 4 if lone else 2, False, True)


@dataclass(frozen=True)
class GameRecord:
    """A finished game of the rubber."""

    number: int  # 1-based
    winner: Side
    score: tuple[int, int]  # points (NS, EW) when the game ended, lap included
    value: int  # 1, or 2 when the losers had not scored (Law 7)
    lap: int  # points carried into the next game (0 when none, when the lap option is off, or after the last game)

    def to_dict(self) -> dict[str, Any]:
        return {"game": self.number, "winner": self.winner.name, "score": list(self.score),
                "value": self.value, "lap": self.lap}


@dataclass
class RubberScore:
    """The rubber's account, a pure function of the points scored hand by hand.

    Feed it hands with :meth:`add` (points to NS and to EW for one hand; a normal hand gives
    points to one side only; entries of a hand are scored in the order given, NS first unless
    ``first`` says otherwise). A hand with penalties is scored by :meth:`add_entries` (through
    :func:`apply_hand`), which keeps Law 4's order: the penalty before the hand's points.
    A game ends when a side reaches ``game_points`` (5); with ``lap`` on, the winner's surplus
    over 5 opens the next game's score (the loser starts the next game at 0). Game values: 1, or 2
    when the losers' score in that game is 0 (points carried in by a lap count as scored unless
    ``carried_points_count`` is off: then only points scored in the game itself count).
    The rubber: the third game is always played; a fourth is played only when the third game
    ended with a lap (the ``fourth_game_after_lap`` option, on by default; with ``lap`` off it
    never happens). The rubber winner is the first side to win two games (``winner``); the
    account is over after game 3 (no lap) or game 4. ``rubber_points`` = games' values won by
    each side, plus 2 to the rubber winner. A lap at the end of the last game is lost. When both
    sides score in one hand (a penalty beside the hand's points) and the first entry ends the game,
    the second entry is scored in the next game (none if the rubber is over).
    """

    lap: bool = True
    game_points: int = GAME_POINTS
    fourth_game_after_lap: bool = True
    carried_points_count: bool = True
    score: list[int] = field(default_factory=lambda: [0, 0])  # current game, NS and EW
    games: list[GameRecord] = field(default_factory=list)
    hands: list[tuple[int, int]] = field(default_factory=list)
    hand_games: list[int] = field(default_factory=list)  # the game in progress when each hand was scored
    carried_in: list[int] = field(default_factory=lambda: [0, 0])  # the lap each side opened this game with
    penalties: dict[int, tuple[ScoreEntry, ...]] = field(default_factory=dict)  # hand index -> its entries
    _over: bool = False

    @classmethod
    def from_hands(cls, hands: Iterable[tuple[int, int]], *, lap: bool = True,
                   fourth_game_after_lap: bool = True, carried_points_count: bool = True) -> RubberScore:
        r = cls(lap=lap, fourth_game_after_lap=fourth_game_after_lap, carried_points_count=carried_points_count)
        for ns, ew in hands:
            r.add(ns, ew)
        return r

    def copy(self) -> RubberScore:
        return replace(self, score=list(self.score), games=list(self.games), hands=list(self.hands),
                       hand_games=list(self.hand_games), carried_in=list(self.carried_in),
                       penalties=dict(self.penalties))

    @property
    def game_number(self) -> int:
        """The game in progress (1-based), or the last game once the rubber is over."""
        return len(self.games) + (0 if self._over else 1)

    @property
    def is_over(self) -> bool:
        return self._over

    def games_won(self, side: Side) -> int:
        return sum(1 for g in self.games if g.winner == side)

    @property
    def winner(self) -> Side | None:
        """The first side to win two games (decided possibly before the rubber's last game)."""
        won = [0, 0]
        for g in self.games:
            won[g.winner] += 1
            if won[g.winner] == 2:
                return g.winner
        return None

    def rubber_points(self) -> tuple[int, int]:
        """(NS, EW): the values of the games each side won, plus 2 to the rubber's winner."""
        pts = [0, 0]
        for g in self.games:
            pts[g.winner] += g.value
        w = self.winner
        if w is not None and self._over:
            pts[w] += RUBBER_BONUS
        return (pts[0], pts[1])

    def add(self, ns: int, ew: int, first: Side = Side.NS) -> None:
        """Score one hand: ``ns`` points to North–South, ``ew`` to East–West."""
        if self._over:
            raise IllegalAction(Reason("euchre.rubber_over"))
        if ns < 0 or ew < 0:
            raise ValueError(f"hand points must not be negative: NS {ns}, EW {ew}")
        self.hands.append((ns, ew))
        self.hand_games.append(len(self.games) + 1)
        pts = (ns, ew)
        for side in (first, first.other):
            if pts[side] and not self._over:
                self._score(side, pts[side])

    def add_entries(self, entries: Sequence[ScoreEntry], *, below_zero: BelowZero = "floor") -> tuple[EntryStep, ...]:
        """Score one hand given as ordered entries (:func:`hand_entries`): each is scored in turn, so
        an entry that ends the game is final before the next one is looked at (Law 4). A positive
        entry scores (and may end the game; what follows goes into the next game, or nowhere once the
        rubber is over); a negative one is a loss, taken from the side's score in the current game —
        stopping at 0 with ``below_zero="floor"``, going below with ``"negative"``. The hand is
        recorded in ``hands`` as its net points (NS, EW) and its entries in ``penalties``."""
        if self._over:
            raise IllegalAction(Reason("euchre.rubber_over"))
        if below_zero not in _BELOW:
            raise CardroomError(Reason("value.one_of", name="below_zero", choices=", ".join(_BELOW), got=below_zero))
        for e in entries:
            if not isinstance(e, ScoreEntry) or not isinstance(e.side, Side) or not e.points:
                raise CardroomError(Reason("euchre.entry", entry=e))
        index = len(self.hands)
        self.hands.append((sum(e.points for e in entries if e.side == Side.NS),
                           sum(e.points for e in entries if e.side == Side.EW)))
        self.hand_games.append(len(self.games) + 1)
        if any(e.kind != "hand points" for e in entries):
            self.penalties[index] = tuple(entries)
        steps: list[EntryStep] = []
        for e in entries:
            if self._over:
                break
            games_before = len(self.games)
            if e.points > 0:
                self._score(e.side, e.points)
            else:
                self._lose(e.side, -e.points, below_zero)
            ended = self.games[-1] if len(self.games) > games_before else None
            steps.append(EntryStep(e, ended.score if ended is not None else (self.score[0], self.score[1]), ended))
        return tuple(steps)

    def _lose(self, side: Side, points: int, below_zero: BelowZero) -> None:
        left = self.score[side] - points
        self.score[side] = left if below_zero == "negative" else max(0, left)

    def _score(self, side: Side, points: int) -> None:
        self.score[side] += points
        if self.score[side] < self.game_points:
            return
        loser = self.score[side.other] - (0 if self.carried_points_count else self.carried_in[side.other])
        surplus = self.score[side] - self.game_points
        carried = surplus if self.lap else 0
        number = len(self.games) + 1
        over = number >= 4 or (number == 3 and not (carried and self.fourth_game_after_lap))
        self.games.append(GameRecord(number, side, (self.score[0], self.score[1]), 2 if loser <= 0 else 1,
                                     0 if over else carried))
        self.score = [0, 0]
        self.carried_in = [0, 0]
        if over:
            self._over = True
            return
        self.score[side] = carried
        self.carried_in[side] = carried

    def to_dict(self) -> dict[str, Any]:
        w = self.winner
        rp = self.rubber_points()
        extra: dict[str, Any] = {}
        if self.penalties:
            extra["penalties"] = {str(i): [e.to_dict() for e in es] for i, es in sorted(self.penalties.items())}
        return {**extra,
            "games": [g.to_dict() for g in self.games],
            "score": {"NS": self.score[0], "EW": self.score[1]},
            "game": self.game_number,
            "hands": [list(h) for h in self.hands],
            "over": self._over,
            "winner": w.name if w is not None else None,
            "rubber_points": {"NS": rp[0], "EW": rp[1]},
            "options": {"lap": self.lap, "fourth_game_after_lap": self.fourth_game_after_lap,
                        "carried_points_count": self.carried_points_count},
        }


def rubber_points_from(hands: Sequence[tuple[int, int]], *, lap: bool = True) -> tuple[int, int]:
    """Shortcut: the rubber points (NS, EW) of a finished sequence of hands."""
    return RubberScore.from_hands(hands, lap=lap).rubber_points()


# ============================================================================ penalty scores
# Laws 4, 6, 50, 63, 71 and 90 (document 003). Where the document is silent the reading is a named
# option of :class:`PenaltyRules` (see docs/rules/euchre.md, section 7).

REVOKE_POINTS = 3
"""Law 63: «Штраф за ревок составляет три очка …»."""
REVOKE_POINTS_LONE = 5
"""Law 63: «… за исключением случая игры в одиночку, когда он составляет пять очков»."""
WRONG_CARDS_LOSS = 2
"""Law 90: «нарушившая сторона теряет два очка, если играют все четверо …»."""
WRONG_CARDS_LOSS_LONE = 4
"""Law 90: «… и четыре, если играется игра в одиночку»."""
WRONG_CARDS_DEAL_STANDS = True
"""Law 90: «сдача остается в силе» — no new deal; the hand is scored with the loss (:func:`hand_entries`)."""
ABANDONED_LONE_POINTS = 5
"""Law 50: an adversary of a lone player abandons his hand: «сторона, играющая в одиночку, записывает пять очков»."""

RevokeReading = Literal["adversaries-score", "offenders-lose"]
UnequalRevokes = Literal["surplus", "each"]
BelowZero = Literal["floor", "negative"]
EntryKind = Literal["revoke penalty", "wrong number of cards", "abandoned hand", "hand points"]

_READINGS: tuple[str, ...] = ("adversaries-score", "offenders-lose")
_UNEQUAL: tuple[str, ...] = ("surplus", "each")
_BELOW: tuple[str, ...] = ("floor", "negative")


@dataclass(frozen=True)
class PenaltyRules:
    """The readings of the penalty laws where document 003 is silent (each a named option).

    * ``revoke_reading`` — Law 63 does not say who gets the three (five) points. ``"adversaries-score"``
      (default, the digest's best reading and the vectors' `law-004`/`law-063a`): the side that did not
      revoke scores them; ``"offenders-lose"``: they are taken from the revoking side's score.
    * ``unequal_revokes`` — Law 71 says only that equal numbers cancel. ``"surplus"`` (default,
      `law-071b`'s best reading): the revokes cancel pairwise and only the surplus is penalised;
      ``"each"``: unequal numbers do not cancel at all, each side pays for every revoke it made.
    * ``revoke_hand_points`` — not stated whether the hand's own points count beside a revoke penalty.
      ``True`` (default; Law 70 lets the hand be played out and `law-004` scores the hand point after
      the penalty); ``False``: a hand with a revoke penalty scores only the penalty.
    * ``below_zero`` — not stated (Law 90, and Law 63 read as "offenders lose"): what becomes of a loss
      larger than the offending side's score. ``"floor"`` (default): the score stops at 0 — the points
      a side has are all it can lose (scores were kept with counters; there is no «минус» anywhere in
      the document); ``"negative"``: the score goes below zero and the side must climb back (for Law 7
      a side at 0 or below has «не осталась без очков» false: the game is double).
    """

    revoke_reading: RevokeReading = "adversaries-score"
    unequal_revokes: UnequalRevokes = "surplus"
    revoke_hand_points: bool = True
    below_zero: BelowZero = "floor"

    def __post_init__(self) -> None:
        for name, allowed in (("revoke_reading", _READINGS), ("unequal_revokes", _UNEQUAL),
                              ("below_zero", _BELOW)):
            if getattr(self, name) not in allowed:
                raise CardroomError(Reason("euchre.penalty_option", why=Reason(
                    "value.one_of", name=name, choices=", ".join(allowed), got=getattr(self, name))))
        if not isinstance(self.revoke_hand_points, bool):
            raise CardroomError(Reason("euchre.penalty_option", why=Reason(
                "value.bool", name="revoke_hand_points", got=self.revoke_hand_points)))


DEFAULT_PENALTY_RULES = PenaltyRules()


@dataclass(frozen=True)
class ScoreEntry:
    """One line of a hand's scoring: ``points`` to ``side`` (positive: scored and may end the game;
    negative: lost, Law 90 or a revoke under ``"offenders-lose"``), why, and under which law."""

    side: Side
    points: int
    kind: EntryKind
    law: int

    def to_dict(self) -> dict[str, Any]:
        return {"side": self.side.name, "points": self.points, "kind": self.kind, "law": self.law}


def _pair(counts: Mapping[Side, int] | tuple[int, int], what: str) -> tuple[int, int]:
    if isinstance(counts, tuple):
        if len(counts) != 2:
            raise CardroomError(Reason("euchre.two_counts", what=what, n=len(counts)))
        ns, ew = counts
    else:
        unknown = [k for k in counts if not isinstance(k, Side)]
        if unknown:
            raise CardroomError(Reason("euchre.sides", what=what, got=unknown))
        ns, ew = counts.get(Side.NS, 0), counts.get(Side.EW, 0)
    for side, n in (("NS", ns), ("EW", ew)):
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise CardroomError(Reason("euchre.count", what=what, side=side, got=n))
        if n > 10:
            raise CardroomError(Reason("euchre.revokes", what=what, side=side, n=n))
    return ns, ew


def revoke_points_per_revoke(lone: bool) -> int:
    """Law 63: three points a revoke, five in a lone hand — whoever revokes (the law makes no
    distinction for a revoke by the lone player himself, `law-063b`)."""
    return REVOKE_POINTS_LONE if lone else REVOKE_POINTS


@dataclass(frozen=True)
class RevokePenalty:
    """The revoke penalty of one hand after Law 71: ``charged`` = revokes that cost points, NS and EW."""

    charged: tuple[int, int]
    per_revoke: int

    def points_against(self, side: Side) -> int:
        """The penalty points charged to ``side`` (its revokes after Law 71 times 3, or 5 alone)."""
        return self.charged[side] * self.per_revoke

    @property
    def total(self) -> int:
        return self.points_against(Side.NS) + self.points_against(Side.EW)

    @property
    def against(self) -> Side | None:
        """The side that pays, when exactly one does."""
        paying = [s for s in Side if self.charged[s]]
        return paying[0] if len(paying) == 1 else None

    def entries(self, reading: RevokeReading = "adversaries-score") -> tuple[ScoreEntry, ...]:
        """The penalty as score entries (Law 63): to the adversaries, or taken from the offenders."""
        out: list[ScoreEntry] = []
        for offender in Side:
            pts = self.points_against(offender)
            if not pts:
                continue
            if reading == "adversaries-score":
                out.append(ScoreEntry(offender.other, pts, "revoke penalty", 63))
            else:
                out.append(ScoreEntry(offender, -pts, "revoke penalty", 63))
        return tuple(out)


def revoke_penalty(revokes: Mapping[Side, int] | tuple[int, int], *, lone: bool,
                   unequal_revokes: UnequalRevokes = "surplus") -> RevokePenalty:
    """Laws 63 and 71: the penalty for the revokes each side made in one hand.

    Law 63: 3 points a revoke (5 in a lone hand), claimed «столько раз, сколько ревок повторяется в
    руке». Law 71: «Равное количество ревоков с разных сторон аннулируют друг друга» — with
    ``"surplus"`` unequal numbers cancel pairwise too and only the surplus pays; with ``"each"`` only
    equal numbers cancel and otherwise each side pays for all its revokes."""
    if unequal_revokes not in _UNEQUAL:
        raise CardroomError(Reason("value.one_of", name="unequal_revokes", choices=", ".join(_UNEQUAL),
                                   got=unequal_revokes))
    ns, ew = _pair(revokes, "revokes")
    if ns == ew:
        charged = (0, 0)
    elif unequal_revokes == "surplus":
        common = min(ns, ew)
        charged = (ns - common, ew - common)
    else:
        charged = (ns, ew)
    return RevokePenalty(charged, revoke_points_per_revoke(lone))


def wrong_cards_loss(lone: bool) -> int:
    """Law 90: the points the offending side loses — 2, or 4 when a lone hand is played."""
    return WRONG_CARDS_LOSS_LONE if lone else WRONG_CARDS_LOSS


@dataclass(frozen=True)
class AnnouncementRuling:
    """Law 6, «Очки следует объявлять до их записи»: a rule of procedure with no penalty stated.

    cardroom enforces nothing for it: points scored without being announced stand as scored
    (``entries`` is empty — the score is unchanged). Kept as a value so the law is named, not lost."""

    law: int = 6
    rule: str = "points should be announced before scoring"
    penalty: str | None = None  # not stated in source
    entries: tuple[ScoreEntry, ...] = ()


def unannounced_points_ruling() -> AnnouncementRuling:
    """Law 6: the ruling on points scored without announcing them — a no-op (no penalty stated)."""
    return AnnouncementRuling()


@dataclass(frozen=True)
class HandOutcome:
    """What a hand gives to the score, irregularities included.

    ``makers`` made the trump; ``hand`` is the hand's own points (Laws 2–3, :func:`score_hand`), or
    ``None`` when they are not known or the hand was not finished; ``lone`` says whether a lone hand
    was played; ``revokes`` counts the established revokes of each side (NS, EW); ``wrong_cards``
    is the side found with a player holding more or fewer than five cards, or whose dealer did not
    discard (Law 90); ``abandoned`` is set when an adversary of the lone player abandoned his hand or
    failed to play to a trick (Law 50)."""

    makers: Side
    hand: HandScore | None
    lone: bool = False
    revokes: tuple[int, int] = (0, 0)
    wrong_cards: Side | None = None
    abandoned: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.makers, Side):
            raise CardroomError(Reason("euchre.side", name="makers", got=self.makers))
        _pair(self.revokes, "revokes")
        if self.wrong_cards is not None and not isinstance(self.wrong_cards, Side):
            raise CardroomError(Reason("euchre.side_or_none", name="wrong_cards", got=self.wrong_cards))
        if self.abandoned and not self.lone:
            raise CardroomError(Reason("euchre.law50"))

    @classmethod
    def from_tricks(cls, makers: Side, makers_tricks: int | None, *, lone: bool = False,
                    revokes: tuple[int, int] = (0, 0), wrong_cards: Side | None = None,
                    abandoned: bool = False) -> HandOutcome:
        hand = None if makers_tricks is None else score_hand(makers_tricks, lone)
        return cls(makers, hand, lone, revokes, wrong_cards, abandoned)


def hand_entries(outcome: HandOutcome, rules: PenaltyRules = DEFAULT_PENALTY_RULES) -> tuple[ScoreEntry, ...]:
    """The hand's score entries in the order they are scored.

    1. Law 90's loss (a penalty; charged first, so it always falls in the game in which it happened).
    2. The revoke penalty (Law 4: «Штраф за ревок имеет приоритет перед всеми другими очками»); when
       both sides pay (``unequal_revokes="each"``) the larger penalty first.
    3. The points: Law 50's five to the lone side when an adversary abandoned his hand (instead of the
       hand's points), else the hand's points (Laws 2–3) — none to a side that offended under Law 90
       («Они также не имеют права записывать какие-либо очки, которые могли набрать в этой руке»),
       none at all after a revoke penalty if ``revoke_hand_points`` is off.
    """
    out: list[ScoreEntry] = []
    if outcome.wrong_cards is not None:
        out.append(ScoreEntry(outcome.wrong_cards, -wrong_cards_loss(outcome.lone), "wrong number of cards", 90))
    penalty = revoke_penalty(outcome.revokes, lone=outcome.lone, unequal_revokes=rules.unequal_revokes)
    # both sides pay only under unequal_revokes="each": the larger penalty is scored first (the
    # document gives no order between two revoke penalties; this one favours neither NS nor EW)
    out.extend(sorted(penalty.entries(rules.revoke_reading), key=lambda en: -abs(en.points)))
    if outcome.abandoned:
        if outcome.wrong_cards != outcome.makers:
            out.append(ScoreEntry(outcome.makers, ABANDONED_LONE_POINTS, "abandoned hand", 50))
        return tuple(out)
    if outcome.hand is None or (penalty.total and not rules.revoke_hand_points):
        return tuple(out)
    for side, pts in ((outcome.makers, outcome.hand.makers_points),
                      (outcome.makers.other, outcome.hand.adversaries_points)):
        if pts and side != outcome.wrong_cards:
            out.append(ScoreEntry(side, pts, "hand points", 3 if outcome.lone else 2))
    return tuple(out)


@dataclass(frozen=True)
class EntryStep:
    """One entry as scored: the score of the game it fell in after it (NS, EW), and the game it
    ended, if it ended one."""

    entry: ScoreEntry
    score_after: tuple[int, int]
    game_ended: GameRecord | None


def apply_hand(score: RubberScore, outcome: HandOutcome,
               rules: PenaltyRules = DEFAULT_PENALTY_RULES) -> tuple[EntryStep, ...]:
    """Score one hand's outcome on ``score`` in the law's order (penalties, then the hand's points),
    so a side may win the game on a revoke penalty before the hand's points are entered (Law 4)."""
    return score.add_entries(hand_entries(outcome, rules), below_zero=rules.below_zero)


def apply_to_scores(before: tuple[int, int], outcome: HandOutcome, rules: PenaltyRules = DEFAULT_PENALTY_RULES,
                    *, game_points: int = GAME_POINTS) -> tuple[EntryStep, ...]:
    """The same on a bare pair of scores (NS, EW) of a game in progress, without a rubber: a fresh
    :class:`RubberScore` (no lap, so nothing carries) set to ``before``. The steps show the scores
    after each entry; a step that ends the game shows the game's final score, and any entry after it
    is scored in a new game from 0–0 (as :class:`RubberScore` does)."""
    r = RubberScore(lap=False, game_points=game_points)
    low = None if rules.below_zero == "negative" else 0
    for side in Side:
        if before[side] >= game_points or (low is not None and before[side] < low):
            raise CardroomError(Reason("euchre.score", most=game_points - 1, got=before[side]))
    r.score = [before[0], before[1]]
    return r.add_entries(hand_entries(outcome, rules), below_zero=rules.below_zero)
