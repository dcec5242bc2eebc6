"""The rubber: a sequence of deals and its score sheet ("we"/"they", above and below the line).

The score sheet is a pure function of the deal results (:meth:`ScoreSheet.from_results`), so
it can be recomputed from the record at any time.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, Self, TypeVar, cast

from cardroom.core.deal import Draw
from cardroom.core.errors import IllegalAction, Reason
from cardroom.core.game import View
from cardroom.core.match import DrawOpening, Match, Sheet
from cardroom.core.table import Seat, Side
from cardroom.core.view import TableView, inner_dict, made, match_table, memo
from cardroom.games.bridge.rules import BridgeDeal, BridgeView, DealResult
from cardroom.games.bridge.scoring import Entry, back_score_points
from cardroom.games.bridge.variants import DOC001, ScoringRules
from cardroom.i18n import t

if TYPE_CHECKING:
    from cardroom.games.bridge.game import ContractBridge


SHEET_WIDTH = 12


@dataclass
class SheetLine:
    """An entry as written on the sheet, with its deal number and whether it was annulled."""

    deal: int
    entry: Entry
    game: int  # the game (1, 2, 3) in progress when it was written
    annulled: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {"deal": self.deal, "game": self.game, "annulled": self.annulled, **self.entry.to_dict()}


@dataclass
class RubberSheet:
    """What the rubber sheets of the bridges share (a :class:`~cardroom.core.match.Sheet`): entries written
    game by game, trick points below the line toward the game, premiums above it; a game won when a
    side's trick points reach the game points; two games win the rubber and its bonus. A subclass says
    what differs: the game points, the entry as written (:meth:`_written`), whether a game annuls the
    losers' part score, the rubber bonus, the unfinished rubber and the fields of its dict.
    """

    lines: list[SheetLine] = field(default_factory=list, kw_only=True)
    games: list[Side] = field(default_factory=list, kw_only=True)  # winner of each finished game
    below: list[int] = field(default_factory=lambda: [0, 0], kw_only=True)  # toward the current game
    deals: int = field(default=0, kw_only=True)
    winner: Side | None = field(default=None, kw_only=True)
    unfinished: bool = field(default=False, kw_only=True)

    game_rule: ClassVar[str] = "." * (2 * SHEET_WIDTH + 2)
    """The rule drawn under a finished game's trick points."""

    # ------------------------------------------------------------------ what a rubber says
    def _game_points(self) -> int:
        raise NotImplementedError

    def _written(self, entry: Entry, result: Any) -> Entry | None:
        """The entry as the sheet writes it (None: not written)."""
        return entry

    def _annuls_part_scores(self) -> bool:
        """Whether the losers' part score of a game is annulled when the game is won."""
        return False

    def _rubber_bonus(self, winner: Side) -> Entry:
        raise NotImplementedError

    def _line(self, entry: Entry, game_no: int) -> SheetLine:
        return SheetLine(self.deals, entry, game_no)

    def close_unfinished(self) -> None:
        raise NotImplementedError

    # ------------------------------------------------------------------ writing
    def _filled(self, results: Sequence[Any], unfinished: bool) -> Self:
        for r in results:
            self.add(r)
        if unfinished:
            self.close_unfinished()
        return self

    def recomputed(self, results: Sequence[Any]) -> Self:
        """A sheet of the same rules recomputed from ``results`` alone (closed unfinished if this one is)."""
        return replace(self, lines=[], games=[], below=[0, 0], deals=0, winner=None,
                       unfinished=False)._filled(results, self.unfinished)

    def copy(self) -> Self:
        # the lines are shared: a line is never changed in place (an annulled line is replaced, _game_won)
        return replace(self, lines=list(self.lines), games=list(self.games), below=list(self.below))

    def games_won(self, side: Side) -> int:
        return sum(1 for g in self.games if g == side)

    @property
    def is_over(self) -> bool:
        return self.winner is not None or self.unfinished

    def add(self, result: Any) -> None:
        if self.is_over:
            raise IllegalAction(Reason("bridge.rubber_over"))
        self.deals += 1
        game_no = len(self.games) + 1
        for e in result.entries:
            written = self._written(e, result)
            if written is None:
                continue
            self.lines.append(self._line(written, game_no))
            if written.below:
                self.below[written.side] += written.points
        for side in (Side.NS, Side.EW):  # only one side scores trick points in a deal
            if self.below[side] >= self._game_points():
                self._game_won(side, game_no)
                break

    def _game_won(self, side: Side, game_no: int) -> None:
        self.games.append(side)
        if self._annuls_part_scores():
            self.lines[:] = [replace(line, annulled=True)
                             if line.game == game_no and line.entry.side == side.other and line.entry.below else line
                             for line in self.lines]
        self.below = [0, 0]
        if self.games_won(side) == 2:
            self.lines.append(self._line(self._rubber_bonus(side), game_no))
            self.winner = side

    def last_deal_won_game(self) -> bool:
        """Whether the last deal written completed a game (its entries were written in the last game won)."""
        for ln in reversed(self.lines):
            if ln.deal != self.deals:
                return False
            if ln.game == len(self.games):
                return True
        return False

    # ------------------------------------------------------------------ reading
    def total(self, side: Side) -> int:
        return sum(ln.entry.points for ln in self.lines if ln.entry.side == side and not ln.annulled)

    def above(self, side: Side) -> list[int]:
        return [ln.entry.points for ln in self.lines if ln.entry.side == side and not ln.entry.below]

    def below_by_game(self, side: Side) -> list[list[tuple[int, bool]]]:
        """Below-the-line entries per game: (points, annulled)."""
        games: list[list[tuple[int, bool]]] = [[] for _ in range(max(len(self.games) + 1, 1))]
        for ln in self.lines:
            if ln.entry.side == side and ln.entry.below and ln.entry.kind != "rubber":
                while len(games) < ln.game:
                    games.append([])
                games[ln.game - 1].append((ln.entry.points, ln.annulled))
        return games

    def margin(self) -> int:
        """NS total minus EW total."""
        return self.total(Side.NS) - self.total(Side.EW)

    def seat_results(self) -> tuple[int, int, int, int]:
        """Each seat's side's total less the other side's (N, E, S, W)."""
        m = self.margin()
        return (m, -m, m, -m)

    def to_dict(self) -> dict[str, Any]:
        return {
            "lines": [ln.to_dict() for ln in self.lines],
            "games": [g.name for g in self.games],
            **self._scores_dict(),
            "totals": {"NS": self.total(Side.NS), "EW": self.total(Side.EW)},
            "winner": None if self.winner is None else self.winner.name,
            "unfinished": self.unfinished,
            **self._outcome_dict(),
        }

    def _scores_dict(self) -> dict[str, Any]:
        """The fields of :meth:`to_dict` before the totals."""
        return {}

    def _outcome_dict(self) -> dict[str, Any]:
        """The fields of :meth:`to_dict` after the winner."""
        return {}

    def render(self, we: Side = Side.NS, lang: str = "en") -> str:
        """The sheet as players draw it: two columns, premiums above the line, tricks below."""
        they = we.other
        w = SHEET_WIDTH
        rows = [sheet_head(we, lang)]
        rows += sheet_columns([str(p) for p in reversed(self.above(we))],
                              [str(p) for p in reversed(self.above(they))])
        rows.append("-" * w + "-+-" + "-" * w)
        g_we, g_they = self.below_by_game(we), self.below_by_game(they)
        for gi in range(max(len(g_we), len(g_they))):
            bw = g_we[gi] if gi < len(g_we) else []
            bt = g_they[gi] if gi < len(g_they) else []
            rows += sheet_columns([_fmt(x) for x in bw], [_fmt(x) for x in bt])
            if gi < len(self.games):
                rows.append(self.game_rule)
        for ln in self.lines:  # a rubber bonus written below the line
            if ln.entry.kind == "rubber" and ln.entry.below:
                left = str(ln.entry.points) if ln.entry.side == we else ""
                right = str(ln.entry.points) if ln.entry.side == they else ""
                rows.append(f"{left:>{w}} | {right:<{w}}")
        rows.append("=" * w + "=+=" + "=" * w)
        rows.append(f"{self.total(we):>{w}} | {self.total(they):<{w}}")
        return "\n".join(rows)


@dataclass
class ScoreSheet(RubberSheet):
    """The rubber score sheet. Sides are NS and EW; "we" are the side of the viewing seat."""

    rules: ScoringRules = field(default_factory=lambda: DOC001)

    @classmethod
    def from_results(cls, results: Sequence[DealResult], rules: ScoringRules = DOC001,
                     unfinished: bool = False) -> ScoreSheet:
        return cls(rules)._filled(results, unfinished)

    def _game_points(self) -> int:
        return self.rules.game_points

    def _annuls_part_scores(self) -> bool:
        return not self.rules.annulled_part_score_counts

    def _rubber_bonus(self, winner: Side) -> Entry:
        r = self.rules
        bonus = r.rubber_bonus_two_nil if self.games_won(winner.other) == 0 else r.rubber_bonus_two_one
        return Entry(winner, bonus, r.rubber_bonus_below_line, "rubber")

    def vulnerable(self) -> tuple[bool, bool]:
        """Doc 001 §6.5: a side is vulnerable once it has won a game of the rubber."""
        return (self.games_won(Side.NS) > 0, self.games_won(Side.EW) > 0)

    def close_unfinished(self) -> None:
        """Score an unfinished rubber by the standard law (Laws of Contract Bridge, rubber, Law 80):
        if only one game has been completed, its winners score 300; if only one side has a part
        score in the unfinished game, that side scores 100."""
        if self.is_over:
            return
        game_no = len(self.games) + 1
        if len(self.games) == 1:
            self.lines.append(self._line(Entry(self.games[0], self.rules.unfinished_game, False, "unfinished"),
                                         game_no))
        with_part = [side for side in (Side.NS, Side.EW) if self.below[side] > 0]
        if len(with_part) == 1:
            self.lines.append(self._line(Entry(with_part[0], self.rules.unfinished_part_score, False, "unfinished"),
                                         game_no))
        self.unfinished = True

    def back_score(self) -> dict[str, int]:
        """Back-score points for each seat (winners plus, losers minus; the sum is zero)."""
        pts = back_score_points(self.margin(), self.rules)
        return {"N": pts, "S": pts, "E": -pts, "W": -pts}

    def to_dict(self) -> dict[str, Any]:
        """The sheet as a dict. Every seat's view carries it after every action and it changes only when
        a deal is scored, so the last one is kept and given again while the sheet is unchanged (the
        caller must not modify it)."""
        key = (self.deals, len(self.lines), self.winner, self.unfinished, len(self.games))
        cached = self.__dict__.get("_dict_cache")
        if cached is not None and cached[0] == key:
            out: dict[str, Any] = cached[1]
            return out
        out = super().to_dict()
        self.__dict__["_dict_cache"] = (key, out)
        return out

    def _outcome_dict(self) -> dict[str, Any]:
        return {"back_score": self.back_score()}


def sheet_head(we: Side, lang: str) -> str:
    """The head of a drawn score sheet: "WE (NS) | THEY (EW)"."""
    head = ("WE", "THEY") if lang == "en" else ("МЫ", "ОНИ")
    ours, theirs = t("side_" + we.name, lang), t("side_" + we.other.name, lang)
    w = SHEET_WIDTH
    return f"{head[0] + ' (' + ours + ')':>{w}} | {head[1] + ' (' + theirs + ')':<{w}}"


def sheet_columns(left: Sequence[str], right: Sequence[str]) -> list[str]:
    """Rows of the sheet's two columns, side by side."""
    w = SHEET_WIDTH
    rows = []
    for i in range(max(len(left), len(right))):
        a = left[i] if i < len(left) else ""
        b = right[i] if i < len(right) else ""
        rows.append(f"{a:>{w}} | {b:<{w}}")
    return rows


def _fmt(item: tuple[int, bool]) -> str:
    pts, annulled = item
    return f"({pts})" if annulled else str(pts)


@dataclass(frozen=True)
class RubberResult:
    deals: tuple[DealResult, ...]
    sheet: ScoreSheet


def scored_line(contract: str | None, declarer: Seat | None, entries: Sequence[Entry], *, diff: int | None = None,
                taken: int | None = None, kind: str | None = None) -> dict[str, Any]:
    """A bridge deal's :meth:`~cardroom.core.match.Match.result_line`: the contract, its declarer, the
    tricks over or under it and the side whose points the deal's entries (above and below the line)
    gave the more, with those points."""
    points = [0, 0]
    for e in entries:
        points[e.side] += e.points
    best = Side.NS if points[Side.NS] >= points[Side.EW] else Side.EW
    score = [best.name, points[best]] if points[best] else None
    return {"contract": contract, "declarer": None if declarer is None else int(declarer), "diff": diff,
            "taken": taken, "score": score, "kind": kind}


def _draw_winner(draw: Draw) -> Seat:
    """The seat that drew the highest card deals first."""
    return Seat(draw.winner())


class RubberState(Match[BridgeDeal, DealResult, ScoreSheet, "RubberView"]):
    """A whole rubber: the draw for the first deal, then deals until a side wins two games."""

    noun = "rubber"
    game: ContractBridge
    deal: BridgeDeal | None
    dealer: Seat

    def __init__(self, game: ContractBridge) -> None:
        self.rules = game.rules
        self.plain_log = not self.rules.laws  # only a deal under the laws records more than the action (logged)
        super().__init__(game, ScoreSheet(self.rules.scoring), Seat.NORTH, DrawOpening(_draw_winner),
                         opening_due=self.rules.draw_for_first_deal)

    @property
    def draw(self) -> Draw | None:
        """The draw for the first deal (None before it, or when the rubber is played without one)."""
        return draw_of(self)

    def new_deal(self) -> BridgeDeal:
        return BridgeDeal(self.game, self.dealer, self.sheet.vulnerable(), self.rules)

    def logged(self, deal: BridgeDeal, recorded: int, action: Any) -> Sequence[Any]:
        if deal.laws is not None:  # laws mode: the deal may record an acceptance before the action
            return deal.history[recorded:]
        return (action,)

    def next_dealer(self, result: DealResult) -> Seat:
        # doc 001 §3.4: the deal passes to the left; a passed-out deal goes to the next dealer
        if self.rules.rotate_dealer_every_deal or result.passed_out or self.sheet.last_deal_won_game():
            return self.dealer.lho
        return self.dealer

    def result(self) -> RubberResult:
        return RubberResult(tuple(self.results), self.sheet)

    def result_line(self, result: DealResult) -> dict[str, Any]:
        c = result.contract
        if c is None:
            return scored_line(None, None, result.entries, kind="passed_out")
        return scored_line(c.text, c.declarer, result.entries, diff=result.declarer_tricks - c.tricks_required)

    def make_view(self, seat: int, deal_view: BridgeView | None) -> RubberView:
        return made(RubberView, {}, seat=Seat(seat), deal=deal_view, sheet=self.sheet, draw=self.draw,
                    sheet_json=self.sheet_dict(),
                    deal_number=self.deal_number())

    def render_sheet(self, lang: str = "en") -> str:
        """Empty, as it always was for contract bridge: the terminal and the replay draw the rubber's
        sheet themselves (``sheet.render(we, lang)``), and the records keep this text."""
        return ""


def draw_of(state: Match[Any, Any, Any, Any]) -> Draw | None:
    """The draw that opened a rubber of the bridges (None before it, or without one)."""
    opening = state.opening
    return opening.draw if isinstance(opening, DrawOpening) else None


class _WithTable(Protocol):
    """A deal's view that carries the common table (every bridge deal's view does)."""

    @property
    def table(self) -> TableView: ...


DV = TypeVar("DV", bound=View)
SH = TypeVar("SH", bound=Sheet[Any])  # a rubber's sheet: by sides, or by players (three-handed)


@dataclass(frozen=True)
class RubberSeatView(View, Generic[DV, SH]):
    """A seat's view of a rubber of the bridges: the deal's view (None before the first deal), the sheet,
    the draw and the deal's number. The draw's cards go back into the pack: they show nothing of a deal."""

    seat: Seat
    deal: DV | None
    sheet: SH
    draw: Draw | None
    deal_number: int
    sheet_json: dict[str, Any] | None = field(default=None, compare=False, repr=False)
    """The sheet's dict as the match keeps it while the sheet is unchanged (:meth:`Match.sheet_dict`),
    shared by every seat's view of a moment; None: made from :attr:`sheet`."""

    @memo
    def table(self) -> TableView:
        """The common table view (:mod:`cardroom.core.view`): the deal's (MATCH_OVER once the sheet says
        the match is over)."""
        deal = None if self.deal is None else cast(_WithTable, self.deal).table
        return match_table(int(self.seat), 4, deal, self.sheet.is_over)

    def shown_mask(self) -> int:
        return self.deal.shown_mask() if self.deal is not None else 0

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat.letter,
            "deal_number": self.deal_number,
            "deal": inner_dict(self.deal),
            "sheet": self.sheet.to_dict() if self.sheet_json is None else self.sheet_json,
            "table": self.table.to_dict(),
        }


@dataclass(frozen=True)
class RubberView(RubberSeatView[BridgeView, ScoreSheet]):
    """A seat's view of a contract bridge rubber."""
