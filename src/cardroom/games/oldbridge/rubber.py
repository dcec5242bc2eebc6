"""The rubber of the old bridges and its score sheet (trick score below the line, honour score above).

Both games: a game is won by the side whose trick score reaches the game points (30); every deal
is played out and all its points count (Law 4; "сдача должна быть доиграна до конца"); the losers'
trick points stay on their side of the sheet (no part score is annulled); two games win the rubber
and the third is not played (Law 1); at the end each side's trick and honour scores are added and
the rubber bonus goes to the winners (Law 10: 250 in auction; straight bridge: 100). The size of
the rubber is the difference of the totals; the losers may win it on points (Law 10).

An unfinished rubber (the agreed time, Law 11) is scored as it stands, the winners of a game
adding 125 in auction (in straight bridge the document says nothing: no bonus).

The sheet is a pure function of the deal results (:meth:`OldSheet.from_results`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from cardroom.core.cards import Card, Rank
from cardroom.core.deal import Draw
from cardroom.core.errors import IllegalAction
from cardroom.core.game import Game, View
from cardroom.core.table import Seat, Side
from cardroom.core.view import TableView, match_table, memo
from cardroom.games.bridge.rubber import SHEET_WIDTH, RubberBase, sheet_columns, sheet_head
from cardroom.games.bridge.scoring import Entry
from cardroom.games.oldbridge.rules import PHASE_OVER, AuctionDeal, OldBridgeView, OldDeal, OldDealResult, StraightDeal
from cardroom.games.oldbridge.scoring import AuctionContract
from cardroom.games.oldbridge.variants import AuctionRules, StraightRules

_CUT_SUIT = {2: 0, 1: 1, 0: 2, 3: 3}  # Law 14: hearts lowest, then diamonds, clubs, spades highest


def cut_key(card: Card) -> tuple[int, int]:
    """Law 14: the ace is the lowest card in cutting; ties by suit, hearts < diamonds < clubs < spades."""
    rank = 1 if card.rank == Rank.ACE else int(card.rank)
    return rank, _CUT_SUIT[int(card.suit)]


def cut_order(cards: Sequence[Card]) -> list[int]:
    """Seats from the lowest cut to the highest (Law 19: the lowest deals)."""
    return sorted(range(len(cards)), key=lambda i: cut_key(cards[i]))


@dataclass
class OldSheetLine:
    deal: int
    entry: Entry
    game: int

    def to_dict(self) -> dict[str, Any]:
        return {"deal": self.deal, "game": self.game, **self.entry.to_dict()}


@dataclass
class OldSheet:
    """The rubber score: trick score (below) and honour score (above) of each side."""

    game_points: int
    rubber_bonus: int
    unfinished_game_bonus: int
    lines: list[OldSheetLine] = field(default_factory=list)
    games: list[Side] = field(default_factory=list)
    below: list[int] = field(default_factory=lambda: [0, 0])
    deals: int = 0
    winner: Side | None = None
    unfinished: bool = False

    @classmethod
    def for_rules(cls, rules: AuctionRules | StraightRules) -> OldSheet:
        bonus = rules.unfinished_game_bonus if isinstance(rules, AuctionRules) else 0
        return cls(rules.game_points, rules.rubber_bonus, bonus)

    @classmethod
    def from_results(cls, results: Sequence[OldDealResult], rules: AuctionRules | StraightRules,
                     unfinished: bool = False) -> OldSheet:
        sheet = cls.for_rules(rules)
        for r in results:
            sheet.add(r)
        if unfinished:
            sheet.close_unfinished()
        return sheet

    def copy(self) -> OldSheet:
        return OldSheet(self.game_points, self.rubber_bonus, self.unfinished_game_bonus,
                        [OldSheetLine(ln.deal, ln.entry, ln.game) for ln in self.lines], list(self.games),
                        list(self.below), self.deals, self.winner, self.unfinished)

    def games_won(self, side: Side) -> int:
        return sum(1 for g in self.games if g == side)

    @property
    def is_over(self) -> bool:
        return self.winner is not None or self.unfinished

    def add(self, result: OldDealResult) -> None:
        if self.is_over:
            raise IllegalAction("the rubber is over; no more deals can be scored")
        self.deals += 1
        game_no = len(self.games) + 1
        for e in result.entries:
            if e.below and e.side in result.revokes:
                # law B-9: a revoking side cannot win the game in that deal: at most two short of it
                room = max(0, self.game_points - 2 - self.below[e.side])
                if e.points > room:
                    e = Entry(e.side, room, True, e.kind)
                if not e.points:
                    continue
            self.lines.append(OldSheetLine(self.deals, e, game_no))
            if e.below:
                self.below[e.side] += e.points
        # only one side scores trick points in a deal, so at most one side reaches game
        for side in (Side.NS, Side.EW):
            if self.below[side] >= self.game_points:
                self.games.append(side)
                self.below = [0, 0]
                if self.games_won(side) == 2:
                    self.lines.append(OldSheetLine(self.deals, Entry(side, self.rubber_bonus, False, "rubber"),
                                                   game_no))
                    self.winner = side
                break

    def close_unfinished(self) -> None:
        """Law 11: scored as it stands, the winners of a game adding 125 (auction)."""
        if self.is_over:
            return
        if self.unfinished_game_bonus:
            for g in self.games:
                self.lines.append(OldSheetLine(self.deals, Entry(g, self.unfinished_game_bonus, False, "unfinished"),
                                               len(self.games) + 1))
        self.unfinished = True

    def trick_score(self, side: Side) -> int:
        return sum(ln.entry.points for ln in self.lines if ln.entry.side == side and ln.entry.below)

    def honour_score(self, side: Side) -> int:
        return sum(ln.entry.points for ln in self.lines if ln.entry.side == side and not ln.entry.below)

    def total(self, side: Side) -> int:
        return self.trick_score(side) + self.honour_score(side)

    def margin(self) -> int:
        """NS total minus EW total: the size of the rubber (Law 10), positive if NS win it on points."""
        return self.total(Side.NS) - self.total(Side.EW)

    def to_dict(self) -> dict[str, Any]:
        return {
            "lines": [ln.to_dict() for ln in self.lines],
            "games": [g.name for g in self.games],
            "below": {"NS": self.below[0], "EW": self.below[1]},
            "trick_score": {"NS": self.trick_score(Side.NS), "EW": self.trick_score(Side.EW)},
            "honour_score": {"NS": self.honour_score(Side.NS), "EW": self.honour_score(Side.EW)},
            "totals": {"NS": self.total(Side.NS), "EW": self.total(Side.EW)},
            "winner": None if self.winner is None else self.winner.name,
            "unfinished": self.unfinished,
            "margin": self.margin(),
        }

    def render(self, we: Side = Side.NS, lang: str = "en") -> str:
        they = we.other
        w = SHEET_WIDTH
        rows = [sheet_head(we, lang)]
        above_we = [str(ln.entry.points) for ln in self.lines if ln.entry.side == we and not ln.entry.below]
        above_they = [str(ln.entry.points) for ln in self.lines if ln.entry.side == they and not ln.entry.below]
        rows += sheet_columns(above_we[::-1], above_they[::-1])
        rows.append("-" * w + "-+-" + "-" * w)
        for g in range(1, len(self.games) + 2):
            bw = [ln.entry.points for ln in self.lines if ln.game == g and ln.entry.below and ln.entry.side == we]
            bt = [ln.entry.points for ln in self.lines if ln.game == g and ln.entry.below and ln.entry.side == they]
            if not bw and not bt and g > len(self.games):
                break
            rows += sheet_columns([str(p) for p in bw], [str(p) for p in bt])
            if g <= len(self.games):
                rows.append("." * (2 * w + 3))
        rows.append("=" * w + "=+=" + "=" * w)
        rows.append(f"{self.total(we):>{w}} | {self.total(they):<{w}}")
        return "\n".join(rows)


@dataclass(frozen=True)
class OldRubberResult:
    deals: tuple[OldDealResult, ...]
    sheet: OldSheet


class OldRubberState(RubberBase):
    """A whole rubber: the cut for the deal (Laws 14, 19), then deals until a side wins two games."""

    sheet: OldSheet
    deal: OldDeal | None
    _draw_where = "the_cut"
    _draw_rule = "the cut for the deal"

    def __init__(self, game: Game, rules: AuctionRules | StraightRules) -> None:
        self.game = game
        self.rules = rules
        self._history: list[Any] = []
        self.sheet = OldSheet.for_rules(rules)
        self.results: list[OldDealResult] = []
        self.finished_deals: list[OldDeal] = []
        self.draw: Draw | None = None
        self.dealer = Seat.NORTH
        self.deal: OldDeal | None = None
        if not rules.draw_for_first_deal:
            self._start_deal()

    def _start_deal(self) -> None:
        if isinstance(self.rules, AuctionRules):
            self.deal = AuctionDeal(self.game, self.dealer, self.rules)
        else:
            self.deal = StraightDeal(self.game, self.dealer, self.rules)

    def _first_dealer(self, draw: Draw) -> Seat:
        return Seat(cut_order(draw.cards)[0])

    def _apply_to_deal(self, action: Any) -> None:
        deal = self.deal
        assert deal is not None
        deal.apply(action)
        self._history.append(action)
        if deal.phase == PHASE_OVER:
            result = deal.result()
            self.finished_deals.append(deal)
            self.results.append(result)
            self.sheet.add(result)
            if not self.sheet.is_over:
                if not result.void:  # a new deal (laws mode) is dealt again by the same dealer (Law 36)
                    self.dealer = self.dealer.lho  # Law 31: the deal passes to the left
                self._start_deal()

    def recomputed_sheet_dict(self) -> dict[str, Any]:
        return OldSheet.from_results(self.results, self.rules, unfinished=self.sheet.unfinished).to_dict()

    def result(self) -> OldRubberResult:
        return OldRubberResult(tuple(self.results), self.sheet)

    def match_summary(self) -> dict[str, Any]:
        return {
            "position": self.position(), "over": self.is_over, "sheet": self.sheet_dict(),
            "deals": [{"deal": n, "dealer": r.dealer.letter, "kind": "passed out" if r.contract is None else r.game,
                       "contract": None if r.contract is None else r.contract.text,
                       "declarer": None if r.contract is None else _player_of(r).letter,
                       "tricks": r.declarer_tricks, "won": {"NS": r.won[0], "EW": r.won[1]},
                       "entries": [e.to_dict() for e in r.entries]}
                      for n, r in enumerate(self.results, start=1)],
        }

    def render_sheet(self, lang: str = "en") -> str:
        return self.sheet.render(Side.NS, lang)

    def view(self, seat: int) -> OldRubberView:
        dv = self.deal.view(seat) if self.deal is not None else None
        return OldRubberView(Seat(seat), dv, self.sheet, self.draw, self._deal_number())

    def action_text(self, action: Any) -> str:
        if isinstance(action, Draw):
            return action.to_text()
        if self.deal is not None:
            return self.deal.action_text(action)
        return str(action)

    def clone(self) -> OldRubberState:
        new = object.__new__(OldRubberState)
        self._copy_into(new)
        return new


def _player_of(r: OldDealResult) -> Seat:
    c = r.contract
    assert c is not None
    return c.declarer if isinstance(c, AuctionContract) else c.dealer


@dataclass(frozen=True)
class OldRubberView(View):
    seat: Seat
    deal: OldBridgeView | None
    sheet: OldSheet
    draw: Draw | None
    deal_number: int

    @memo
    def table(self) -> TableView:
        """The common table view (:mod:`cardroom.core.view`): the deal's (MATCH_OVER once the sheet says
        the match is over)."""
        return match_table(int(self.seat), 4, None if self.deal is None else self.deal.table, self.sheet.is_over)

    @property
    def legal(self) -> tuple[Any, ...]:
        return self.deal.legal if self.deal is not None else ()

    def shown_mask(self) -> int:
        return self.deal.shown_mask() if self.deal is not None else 0

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat.letter,
            "deal_number": self.deal_number,
            "deal": None if self.deal is None else self.deal.to_dict(),
            "sheet": self.sheet.to_dict(),
            "table": self.table.to_dict(),
        }
