"""The rubber: a sequence of deals and its score sheet ("we"/"they", above and below the line).

The score sheet is a pure function of the deal results (:meth:`ScoreSheet.from_results`), so
it can be recomputed from the record at any time.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from cardroom.core.deal import Draw
from cardroom.core.errors import IllegalAction
from cardroom.core.game import CHANCE, State, View
from cardroom.core.table import Seat, Side
from cardroom.core.view import TableView, match_table, memo
from cardroom.games.bridge.rules import PHASE_OVER, BridgeDeal, BridgeView, DealResult
from cardroom.games.bridge.scoring import Entry, back_score_points
from cardroom.games.bridge.variants import DOC001, ScoringRules
from cardroom.i18n import Where

if TYPE_CHECKING:
    from cardroom.games.bridge.game import ContractBridge


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
class ScoreSheet:
    """The rubber score sheet. Sides are NS and EW; "we" are the side of the viewing seat."""

    rules: ScoringRules = field(default_factory=lambda: DOC001)
    lines: list[SheetLine] = field(default_factory=list)
    games: list[Side] = field(default_factory=list)  # winner of each finished game
    below: list[int] = field(default_factory=lambda: [0, 0])  # toward the current game
    deals: int = 0
    winner: Side | None = None
    unfinished: bool = False

    @classmethod
    def from_results(cls, results: Sequence[DealResult], rules: ScoringRules = DOC001,
                     unfinished: bool = False) -> ScoreSheet:
        sheet = cls(rules)
        for r in results:
            sheet.add(r)
        if unfinished:
            sheet.close_unfinished()
        return sheet

    def copy(self) -> ScoreSheet:
        return ScoreSheet(self.rules, [SheetLine(ln.deal, ln.entry, ln.game, ln.annulled) for ln in self.lines],
                          list(self.games), list(self.below), self.deals, self.winner, self.unfinished)

    def games_won(self, side: Side) -> int:
        return sum(1 for g in self.games if g == side)

    def vulnerable(self) -> tuple[bool, bool]:
        """Doc 001 §6.5: a side is vulnerable once it has won a game of the rubber."""
        return (self.games_won(Side.NS) > 0, self.games_won(Side.EW) > 0)

    @property
    def is_over(self) -> bool:
        return self.winner is not None or self.unfinished

    def add(self, result: DealResult) -> None:
        if self.is_over:
            raise IllegalAction("the rubber is over; no more deals can be scored")
        self.deals += 1
        n = self.deals
        game_no = len(self.games) + 1
        for e in result.entries:
            self.lines.append(SheetLine(n, e, game_no))
            if e.below:
                self.below[e.side] += e.points
        for side in (Side.NS, Side.EW):
            if self.below[side] >= self.rules.game_points:
                self._game_won(side, game_no)
                break

    def _game_won(self, side: Side, game_no: int) -> None:
        self.games.append(side)
        other = side.other
        if not self.rules.annulled_part_score_counts:
            for line in self.lines:
                if line.game == game_no and line.entry.side == other and line.entry.below:
                    line.annulled = True
        self.below = [0, 0]
        if self.games_won(side) == 2:
            bonus = self.rules.rubber_bonus_two_nil if self.games_won(other) == 0 else self.rules.rubber_bonus_two_one
            self.lines.append(SheetLine(self.deals, Entry(side, bonus, self.rules.rubber_bonus_below_line, "rubber"),
                                        game_no))
            self.winner = side

    def close_unfinished(self) -> None:
        """Score an unfinished rubber by the standard law (Laws of Contract Bridge, rubber, Law 80):
        if only one game has been completed, its winners score 300; if only one side has a part
        score in the unfinished game, that side scores 100."""
        if self.is_over:
            return
        game_no = len(self.games) + 1
        if len(self.games) == 1:
            self.lines.append(SheetLine(self.deals, Entry(self.games[0], self.rules.unfinished_game, False,
                                                          "unfinished"), game_no))
        with_part = [side for side in (Side.NS, Side.EW) if self.below[side] > 0]
        if len(with_part) == 1:
            self.lines.append(SheetLine(self.deals, Entry(with_part[0], self.rules.unfinished_part_score, False,
                                                          "unfinished"), game_no))
        self.unfinished = True

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
        out = self._to_dict()
        self.__dict__["_dict_cache"] = (key, out)
        return out

    def _to_dict(self) -> dict[str, Any]:
        return {
            "lines": [ln.to_dict() for ln in self.lines],
            "games": [g.name for g in self.games],
            "totals": {"NS": self.total(Side.NS), "EW": self.total(Side.EW)},
            "winner": None if self.winner is None else self.winner.name,
            "unfinished": self.unfinished,
            "back_score": self.back_score(),
        }

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
                rows.append("." * w + "." + "." + "." * w)
        rb = [ln for ln in self.lines if ln.entry.kind == "rubber" and ln.entry.below]
        for ln in rb:
            left = str(ln.entry.points) if ln.entry.side == we else ""
            right = str(ln.entry.points) if ln.entry.side == they else ""
            rows.append(f"{left:>{w}} | {right:<{w}}")
        rows.append("=" * w + "=+=" + "=" * w)
        rows.append(f"{self.total(we):>{w}} | {self.total(they):<{w}}")
        return "\n".join(rows)


SHEET_WIDTH = 12


def sheet_head(we: Side, lang: str) -> str:
    """The head of a drawn score sheet: "WE (NS) | THEY (EW)"."""
    head = ("WE", "THEY") if lang == "en" else ("МЫ", "ОНИ")
    w = SHEET_WIDTH
    return f"{head[0] + ' (' + we.name + ')':>{w}} | {head[1] + ' (' + we.other.name + ')':<{w}}"


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


class RubberBase(State):
    """The match protocol shared by the rubbers of contract bridge and of the old bridges.

    A subclass keeps ``sheet`` (with ``is_over``, ``unfinished``, ``to_dict`` and ``close_unfinished``),
    ``deal`` (the deal in play, None before the first), ``_history``, ``results``, ``finished_deals`` and
    ``draw``; it names the draw (``_draw_where``, ``_draw_rule``), finds the first dealer from it
    (:meth:`_first_dealer`) and plays an action of a deal (:meth:`_apply_to_deal`).
    """

    sheet: Any
    deal: Any
    draw: Draw | None
    dealer: Seat
    results: list[Any]
    finished_deals: list[Any]
    _history: list[Any]
    _draw_where = "draw"
    """The catalogue's name of the opening chance (a ``pos.`` key)."""
    _draw_rule = "the draw for the first deal"

    def _start_deal(self) -> None:
        raise NotImplementedError

    def _first_dealer(self, draw: Draw) -> Seat:
        raise NotImplementedError

    def _apply_to_deal(self, action: Any) -> None:
        raise NotImplementedError

    @property
    def to_act(self) -> int | None:
        if self.sheet.is_over:
            return None
        if self.deal is None:
            return CHANCE
        to_act: int | None = self.deal.to_act
        return to_act

    @property
    def is_over(self) -> bool:
        over: bool = self.sheet.is_over
        return over

    @property
    def history(self) -> Sequence[Any]:
        return self._history

    def legal_actions(self) -> list[Any]:
        if self.deal is None or self.sheet.is_over:
            return []
        legal: list[Any] = self.deal.legal_actions()
        return legal

    def sample_chance(self, rng: random.Random) -> Any:
        if self.sheet.is_over:
            raise IllegalAction("the rubber is over")
        if self.deal is None:
            return Draw.random(rng, 4)
        return self.deal.sample_chance(rng)

    def apply(self, action: Any) -> None:
        if self.sheet.is_over:
            raise IllegalAction(f"the rubber is over; {action} cannot be applied", action=action)
        if self.deal is None:
            if not isinstance(action, Draw) or len(action.cards) != 4:
                raise IllegalAction(f"the rubber begins with {self._draw_rule}, not {action!r}", action=action)
            self.draw = action
            self.dealer = self._first_dealer(action)
            self._history.append(action)
            self._start_deal()
            return
        self._apply_to_deal(action)

    def abandon(self) -> None:
        """End the rubber unfinished and score it by the rules in force."""
        self.sheet.close_unfinished()

    @property
    def abandoned(self) -> bool:
        unfinished: bool = self.sheet.unfinished
        return unfinished

    def sheet_dict(self) -> dict[str, Any]:
        sheet: dict[str, Any] = self.sheet.to_dict()
        return sheet

    def _deal_number(self) -> int:
        return len(self.results) + (0 if self.is_over else 1)

    def visible_mask(self, seat: int) -> int:
        if self.deal is None:
            return 0
        mask: int = self.deal.visible_mask(seat)
        return mask

    def card_places(self) -> Mapping[str, int]:
        if self.deal is None:
            return {"pack": (1 << 52) - 1}
        places: Mapping[str, int] = self.deal.card_places()
        return places

    def snapshot(self) -> Mapping[str, Any]:
        return {
            "history": tuple(self._history),
            "deal": None if self.deal is None else dict(self.deal.snapshot()),
            "sheet": self.sheet.to_dict(),
            "results": tuple(self.results),
            "dealer": self.dealer,
        }

    def where(self) -> Where:
        if self.deal is None:
            return Where(self._draw_where)
        deal: Where = self.deal.where()
        return Where("deal_n", n=len(self.results) + (0 if self.sheet.is_over else 1)) + deal

    def parse_action(self, text: str) -> Any:
        t = text.strip()
        if t.lower().startswith("draw ") or self.deal is None:
            return Draw.from_text(t)
        return self.deal.parse_action(t)

    def _copy_into(self, new: RubberBase) -> None:
        new.__dict__.update(self.__dict__)
        new._history = list(self._history)
        new.results = list(self.results)
        new.finished_deals = list(self.finished_deals)
        new.sheet = self.sheet.copy()
        new.deal = None if self.deal is None else self.deal.clone()


class RubberState(RubberBase):
    """A whole rubber: the draw for the first deal, then deals until a side wins two games."""

    game: ContractBridge
    sheet: ScoreSheet
    deal: BridgeDeal | None

    def __init__(self, game: ContractBridge) -> None:
        self.game = game
        self.rules = game.rules
        self._history: list[Any] = []
        self.sheet = ScoreSheet(self.rules.scoring)
        self.results: list[DealResult] = []
        self.finished_deals: list[BridgeDeal] = []
        self.draw: Draw | None = None
        self.dealer = Seat.NORTH
        self.deal: BridgeDeal | None = None
        if not self.rules.draw_for_first_deal:
            self._start_deal()

    def _start_deal(self) -> None:
        self.deal = BridgeDeal(self.game, self.dealer, self.sheet.vulnerable(), self.rules)

    def _first_dealer(self, draw: Draw) -> Seat:
        return Seat(draw.winner())

    def _apply_to_deal(self, action: Any) -> None:
        deal = self.deal
        assert deal is not None
        recorded = len(deal.history)
        deal.apply(action)  # raises, unchanged, if illegal
        if deal.laws is not None:  # laws mode: the deal may record an acceptance before the action
            self._history.extend(deal.history[recorded:])
        else:
            self._history.append(action)
        if deal.phase == PHASE_OVER:
            result = deal.result()
            self.finished_deals.append(deal)
            games_before = len(self.sheet.games)
            self.results.append(result)
            self.sheet.add(result)
            if not self.sheet.is_over:
                # doc 001 §3.4: the deal passes to the left; a passed-out deal goes to the next dealer
                if self.rules.rotate_dealer_every_deal or result.passed_out or len(self.sheet.games) > games_before:
                    self.dealer = self.dealer.lho
                self._start_deal()

    def recomputed_sheet_dict(self) -> dict[str, Any]:
        return ScoreSheet.from_results(self.results, self.rules.scoring, unfinished=self.sheet.unfinished).to_dict()

    def result(self) -> RubberResult:
        return RubberResult(tuple(self.results), self.sheet)

    def view(self, seat: int) -> RubberView:
        dv = self.deal.view(seat) if self.deal is not None else None
        return RubberView(Seat(seat), dv, self.sheet, self.draw, self._deal_number())

    def clone(self) -> RubberState:
        new = object.__new__(RubberState)
        self._copy_into(new)
        return new


@dataclass(frozen=True)
class RubberView(View):
    seat: Seat
    deal: BridgeView | None
    sheet: ScoreSheet
    draw: Draw | None
    deal_number: int

    @memo
    def table(self) -> TableView:
        """The common table view (:mod:`cardroom.core.view`): the deal's (MATCH_OVER once the sheet says
        the match is over)."""
        return match_table(int(self.seat), 4, None if self.deal is None else self.deal.table, self.sheet.is_over)

    def shown_mask(self) -> int:
        m = self.deal.shown_mask() if self.deal is not None else 0
        if self.draw is not None:
            pass  # the draw's cards go back into the pack; they show nothing of a deal
        return m

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat.letter,
            "deal_number": self.deal_number,
            "deal": None if self.deal is None else self.deal.to_dict(),
            "sheet": self.sheet.to_dict(),
            "table": self.table.to_dict(),
        }
