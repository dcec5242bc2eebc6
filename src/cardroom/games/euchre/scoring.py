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
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from cardroom.core.errors import IllegalAction
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
    ``first`` says otherwise — Law 4's precedence of the revoke penalty is the caller's order).
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
                       hand_games=list(self.hand_games), carried_in=list(self.carried_in))

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
            raise IllegalAction("the rubber is over; no more hands can be scored")
        if ns < 0 or ew < 0:
            raise ValueError(f"hand points must not be negative: NS {ns}, EW {ew}")
        self.hands.append((ns, ew))
        self.hand_games.append(len(self.games) + 1)
        pts = (ns, ew)
        for side in (first, first.other):
            if pts[side] and not self._over:
                self._score(side, pts[side])

    def _score(self, side: Side, points: int) -> None:
        self.score[side] += points
        if self.score[side] < self.game_points:
            return
        loser = self.score[side.other] - (0 if self.carried_points_count else self.carried_in[side.other])
        surplus = self.score[side] - self.game_points
        carried = surplus if self.lap else 0
        number = len(self.games) + 1
        over = number >= 4 or (number == 3 and not (carried and self.fourth_game_after_lap))
        self.games.append(GameRecord(number, side, (self.score[0], self.score[1]), 2 if loser == 0 else 1,
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
        return {
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
