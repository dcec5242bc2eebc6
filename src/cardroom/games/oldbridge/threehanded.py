"""Generic pieces of the three-player bridges of document 000 (four hands dealt, one of them a dummy).

- :class:`PlayerSeats`: a deal mixin for three players who sit at compass seats that change from deal to
  deal: the deal is played by compass seats; who acts and whose view are the players' (0, 1, 2), mapped
  through ``places`` (player -> the seat he sits at; the fourth seat is the dummy's), which the views and
  their tables carry (``TableView.places``, :mod:`cardroom.core.view`);
- :class:`PlayerMatchView`: a player's view of the rubber, its table the player's (between the deals too);
- :class:`PlayerRules`: the options' mixin (checked as made, as a dict, made from a table's options);
- :class:`PlayerRubber` (a match mixin: the cut, every hand of a deal by the seat it was played from, the
  sheet the result) and :class:`ThreePlayerBridge` (the game's: three seats, the old bridges' bots, the
  cards and calls);
- :class:`PlayerEntry` and :class:`PlayerSheet`: each player's own column (trick points below the line
  toward the game, everything else above), games, the rubber, the totals and the pairwise settlement
  (:func:`settlement`: "each player wins from or loses to each of the others the difference of their
  totals").
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, fields, replace
from functools import cache
from itertools import combinations
from typing import Any, ClassVar, Protocol, Self, cast

from cardroom.core.cards import full_pack
from cardroom.core.deal import Draw
from cardroom.core.game import CHANCE, Game
from cardroom.core.match import Match
from cardroom.core.options import Schema, check_field_rules
from cardroom.core.table import Seat
from cardroom.core.view import TableView, match_table, memo, table_of
from cardroom.games.bridge.rubber import RubberSeatView, draw_of
from cardroom.games.oldbridge.calls import ALL_CALLS
from cardroom.games.oldbridge.rules import OldBridgeView
from cardroom.games.oldbridge.variants import StraightRules, _check_options

PLAYERS = (Seat.NORTH, Seat.EAST, Seat.SOUTH)
"""The three players' numbers (as seats 0, 1, 2: the room's and the terminal's seats of the match)."""


def player_label(player: int) -> str:
    """A player's label on the sheet: 1, 2, 3."""
    return str(int(player) + 1)


class PlayerSeats:
    """A deal mixin (before the deal's class in the bases): the players' numbers mapped to the seats
    they sit at. The deal sets ``places`` before its own ``__init__``."""

    places: tuple[Seat, ...]

    def seat_of(self, player: int) -> Seat:
        return self.places[player]

    def player_at(self, seat: int) -> int:
        return self.places.index(Seat(seat))

    @property
    def seat_to_act(self) -> int | None:
        """The compass seat whose player acts (the declarer's for his dummy)."""
        return super().to_act  # type: ignore[misc, no-any-return]

    @property
    def to_act(self) -> int | None:
        seat = self.seat_to_act
        return seat if seat is None or seat == CHANCE else self.player_at(seat)

    def view(self, player: int) -> Any:
        at = self.seat_of(player)
        v = super().view(at)  # type: ignore[misc]
        acting = self.seat_to_act
        legal = tuple(self.legal_actions()) if acting == at else ()  # type: ignore[attr-defined]
        return replace(v, to_act=acting, legal=legal, places=tuple(int(s) for s in self.places))

    def visible_mask(self, player: int) -> int:
        return super().visible_mask(self.seat_of(player))  # type: ignore[misc, no-any-return]

    def claim_in_play(self) -> bool:
        return False  # claims name compass seats; the three-player play is not claimed (not built)


@dataclass(frozen=True)
class PlayerMatchView(RubberSeatView[OldBridgeView, "PlayerSheet"]):
    """A player's view of the rubber: his deal view (from the compass seat he sits at, ``seat``), the sheet;
    ``player`` is his number, the table's ``seat``."""

    player: int = 0

    @property
    def legal(self) -> tuple[Any, ...]:
        return self.deal.legal if self.deal is not None else ()

    @memo
    def table(self) -> TableView:
        deal = None if self.deal is None else table_of(self.deal)
        return match_table(self.player, 4, deal, self.sheet.is_over)


class PlayerRules:
    """A three-player variety's options (a frozen dataclass with this among its bases): checked as made,
    written as a dict, made from a table's options (each checked: a clear error, nothing made)."""

    def __post_init__(self) -> None:
        check_field_rules(self)

    def to_dict(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(cast(Any, self))}

    @classmethod
    def of(cls, game: str, options: dict[str, Any]) -> Self:
        default = cls()
        _check_options(default, game, options)
        return cast(Self, replace(cast(Any, default), **options))


@cache
def straight_rules_of(rules: PlayerRules) -> StraightRules:
    """Straight bridge's rules of a variety played over straight bridge's deal: its options that are
    straight bridge's, by name; the rest straight bridge's defaults."""
    names = {f.name for f in fields(StraightRules)}
    return StraightRules(**{f.name: getattr(rules, f.name) for f in fields(cast(Any, rules)) if f.name in names})


_SCHEMAS: dict[type[PlayerRules], Schema] = {}


def _schema(rules: type[PlayerRules]) -> Schema:
    """The options' schema of a variety (made once)."""
    got = _SCHEMAS.get(rules)
    if got is None:
        got = _SCHEMAS[rules] = Schema.from_dataclass(rules)
    return got


class NeverPassedOut:
    """A result mixin of the players' bridges whose dealer always makes the trump or has it made (cut-throat's
    schedule, misery's declaration): no deal is passed out."""

    @property
    def passed_out(self) -> bool:
        return False


class PlayerRubber:
    """A match mixin (before ``Match`` in the bases) of the three-player bridges' rubber."""

    noun: ClassVar[str] = "rubber"
    summary_fields: ClassVar[tuple[str, ...]] = ("position", "over", "sheet", "deals")
    sheet: Any
    places: tuple[Seat, ...]

    @property
    def draw(self) -> Draw | None:
        return draw_of(cast(Any, self))  # a Match (the mixin's classes)

    def dealt_hands(self, deal: Any) -> dict[int, int]:
        """Every hand, the dummy's included, by the seat it was played from."""
        played = table_of(deal.view(0)).played_by()
        return {s: played[s] | deal.hands[s] for s in range(4)}

    def result(self) -> Any:
        return self.sheet

    def make_view(self, seat: int, deal_view: OldBridgeView | None) -> PlayerMatchView:
        """A player's view: from the seat he sits at in the deal (between deals, his seat in ``places``)."""
        at = self.places[seat] if deal_view is None else deal_view.seat
        m = cast(Any, self)
        return PlayerMatchView(at, deal_view, m.sheet, m.draw, m.deal_number(), m.sheet_dict(), player=seat)

    def result_line(self, result: Any) -> dict[str, Any]:
        """The deal's line: the contract, the dealer's seat and tricks, the player who scored most."""
        points: dict[int, int] = {}
        for e in result.entries:
            points[e.player] = points.get(e.player, 0) + e.points
        best = max(points, key=lambda p: points[p]) if points else None
        return {"contract": result.contract.text, "declarer": int(result.places[result.dealer]), "diff": None,
                "taken": result.declarer_tricks, "score": None if best is None else [str(best + 1), points[best]],
                "kind": None}


class ThreePlayerBridge(Game):
    """The three-player bridges' game: three seats, the old bridges' bots, the cards and the calls; the
    variety names its options' class (``rules_class``) and its rubber's (``match_class``, made of the game
    and its rules)."""

    family: ClassVar[str] = "oldbridge"
    num_seats = 3
    rule_bot_path: ClassVar[str] = "cardroom.bots.oldbridge:OldBridgeBot"
    has_search_bot: ClassVar[bool] = True
    analysis_path: ClassVar[str] = "cardroom.games.oldbridge.analysis:ANALYSIS"  # the deals by compass seats
    review_path: ClassVar[str] = "cardroom.games.oldbridge.review:REVIEW"  # the deals' trick play by compass seats
    rules_class: ClassVar[type[PlayerRules]]
    match_class: ClassVar[type[Any]]
    rules: Any

    def __init__(self, **options: Any) -> None:
        self.rules = self.rules_class.of(self.name, options)

    @classmethod
    def option_schema(cls) -> Schema:
        return _schema(cls.rules_class)

    def new_initial_state(self) -> Match[Any, Any, Any, Any]:
        return self.match_class(self, self.rules)  # type: ignore[no-any-return]

    def action_universe(self) -> list[Any]:
        return [*full_pack(), *ALL_CALLS]

    def options(self) -> Mapping[str, Any]:
        return self.rules.to_dict()  # type: ignore[no-any-return]


@dataclass(frozen=True)
class PlayerEntry:
    """One entry of a player's column: trick points (``below``, toward the game) or not."""

    player: int
    points: int
    below: bool
    kind: str

    def to_dict(self, label: Callable[[int], str] = player_label) -> dict[str, object]:
        return {"player": label(self.player), "points": self.points, "below": self.below, "kind": self.kind}


def settlement(totals: Mapping[str, int]) -> dict[str, Any]:
    """The pairwise settlement: ``against[a][b]`` is what ``a`` wins from ``b`` (negative: loses), ``net[a]``
    the sum of his."""
    names = list(totals)
    against: dict[str, dict[str, int]] = {a: {} for a in names}
    for a, b in combinations(names, 2):
        against[a][b] = totals[a] - totals[b]
        against[b][a] = totals[b] - totals[a]
    return {"against": against, "net": {a: sum(against[a].values()) for a in names}}


class _Scored(Protocol):
    @property
    def entries(self) -> tuple[PlayerEntry, ...]: ...


@dataclass
class PlayerLine:
    deal: int
    game: int
    entry: PlayerEntry

    def to_dict(self, label: Callable[[int], str] = player_label) -> dict[str, Any]:
        return {"deal": self.deal, "game": self.game, **self.entry.to_dict(label)}


@dataclass
class PlayerSheet:
    """Each player's column: the trick points toward the game in play, the other points, the games won
    (``game_bonus`` each at once), two games the rubber (``rubber_bonus``), the totals and the settlement.
    A game won ends the game in play for all: every column's points below start again from 0. ``players``
    columns: three (a subclass may keep more)."""

    players: ClassVar[int] = 3
    game_points: int
    game_bonus: int
    rubber_bonus: int
    lines: list[PlayerLine] = field(default_factory=list)
    below: list[int] = field(default_factory=list)
    games: list[int] = field(default_factory=list)
    deals: int = 0
    unfinished: bool = False

    def __post_init__(self) -> None:
        if not self.below:
            self.below = [0] * self.players

    @staticmethod
    def label(player: int) -> str:
        """A player's label in the sheet's dict: 1, 2, 3."""
        return player_label(player)

    def names(self, lang: str) -> list[str]:
        """The players' names heading the columns."""
        from cardroom.i18n import t

        return [t("three.player", lang, n=player_label(p)) for p in range(self.players)]

    @property
    def winner(self) -> int | None:
        return next((p for p in range(self.players) if self.games.count(p) >= 2), None)

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    def _write(self, entry: PlayerEntry) -> None:
        self.lines.append(PlayerLine(self.deals, len(self.games) + 1, entry))

    def add(self, result: _Scored) -> None:
        self.deals += 1
        for e in result.entries:
            self._write(e)
            if e.below:
                self.below[e.player] += e.points
        for p in range(self.players):
            if self.below[p] >= self.game_points:
                if self.game_bonus:
                    self._write(PlayerEntry(p, self.game_bonus, False, "game"))
                self.games.append(p)
                if self.games.count(p) == 2:
                    self._write(PlayerEntry(p, self.rubber_bonus, False, "rubber"))
                self.below = [0] * self.players
                break

    def close_unfinished(self) -> None:
        """An unfinished rubber is scored as it stands."""
        if not self.is_over:
            self.unfinished = True

    def total(self, player: int) -> int:
        return self._written()[1][player]

    def totals(self) -> dict[str, int]:
        sums = self._written()[1]
        return {self.label(p): sums[p] for p in range(self.players)}

    def line_dict(self, line: PlayerLine) -> dict[str, Any]:
        """One line of the sheet's dict (a subclass may add to it)."""
        return line.to_dict(self.label)

    def _written(self) -> tuple[tuple[dict[str, Any], ...], tuple[int, ...]]:
        """The lines' dicts and each player's total, kept with the sheet and extended by the lines written
        since (the lines are only ever appended; a match's views ask for the sheet after every action, and
        a long rubber has hundreds of lines). Kept with the last line it counted: a sheet whose lines were
        replaced is counted again."""
        kept = self.__dict__.get("_written_cache")
        n = len(self.lines)
        if kept is None or kept[0] > n or (kept[0] and self.lines[kept[0] - 1] is not kept[1]):
            kept = (0, None, (), (0,) * self.players)
        done, _, dicts, sums = kept
        if done < n:
            new = self.lines[done:]
            dicts = dicts + tuple(self.line_dict(ln) for ln in new)
            totals = list(sums)
            for ln in new:
                totals[ln.entry.player] += ln.entry.points
            sums = tuple(totals)
            self.__dict__["_written_cache"] = (n, self.lines[-1], dicts, sums)
        return dicts, sums

    def seat_results(self) -> tuple[int, ...]:
        net = settlement(self.totals())["net"]
        return tuple(net[self.label(p)] for p in range(self.players))

    def to_dict(self) -> dict[str, Any]:
        w = self.winner
        return {
            "players": [self.label(p) for p in range(self.players)],
            "lines": list(self._written()[0]),  # the kept lines' dicts: read them, do not change them
            "below": {self.label(p): self.below[p] for p in range(self.players)},
            "games": [self.label(p) for p in self.games],
            "totals": self.totals(),
            "winner": None if w is None else self.label(w),
            "settlement": settlement(self.totals()),
            "deals": self.deals,
            "unfinished": self.unfinished,
        }

    def cell(self, entry: PlayerEntry) -> str:
        """An entry as written in its column: ``*`` marks the points that do not count toward the game."""
        return f"{'' if entry.below else '*'}{entry.points}"

    def group_closed(self, group: int) -> bool:
        """Whether a rule is drawn under the lines of ``group`` (the game they were written in)."""
        return group <= len(self.games)

    def key(self, lang: str) -> str:
        from cardroom.i18n import t

        return t("three.sheet_key", lang)

    def render(self, *, lang: str = "en") -> str:
        from cardroom.i18n import t

        width = 12
        names = self.names(lang)
        out = ["".join(n.rjust(width) for n in names)]
        for g in sorted({ln.game for ln in self.lines}):
            for ln in (x for x in self.lines if x.game == g):
                cells = [""] * self.players
                cells[ln.entry.player] = self.cell(ln.entry)
                out.append("".join(c.rjust(width) for c in cells))
            if self.group_closed(g):
                out.append("-" * width * self.players)
        out.append(self.key(lang))
        totals = self.totals()
        out.append(t("three.totals", lang) + ": " + ", ".join(f"{n} {v}" for n, v in zip(names, totals.values(),
                                                                                        strict=True)))
        s = settlement(totals)
        for a, b in combinations(range(self.players), 2):
            n = s["against"][self.label(a)][self.label(b)]
            win, lose = (a, b) if n >= 0 else (b, a)
            out.append(t("three.wins_from", lang, a=names[win], b=names[lose], n=abs(n)))
        out.append(t("three.net", lang) + ": " + ", ".join(f"{n} {s['net'][self.label(p)]:+d}"
                                                          for p, n in enumerate(names)))
        return "\n".join(out)

    def copy(self) -> Self:
        return replace(self, lines=list(self.lines), below=list(self.below), games=list(self.games))

    def recomputed(self, results: Sequence[_Scored]) -> Self:
        sheet = replace(self, lines=[], below=[0] * self.players, games=[], deals=0, unfinished=False)
        for r in results:
            sheet.add(r)
        if self.unfinished:
            sheet.close_unfinished()
        return sheet
