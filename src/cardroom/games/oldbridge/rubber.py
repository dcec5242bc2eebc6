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

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from cardroom.core.cards import Card, Rank
from cardroom.core.deal import Draw
from cardroom.core.game import Game
from cardroom.core.match import DrawOpening, Match
from cardroom.core.table import Seat, Side
from cardroom.core.view import made
from cardroom.games.bridge.rubber import (
    SHEET_WIDTH,
    RubberSeatView,
    RubberSheet,
    SheetLine,
    draw_of,
    scored_line,
)
from cardroom.games.bridge.scoring import Entry
from cardroom.games.oldbridge.rules import AuctionDeal, OldBridgeView, OldDeal, OldDealResult, StraightDeal
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
class OldSheetLine(SheetLine):
    """An entry as written (the old bridges annul nothing: their lines say nothing of it)."""

    def to_dict(self) -> dict[str, Any]:
        return {"deal": self.deal, "game": self.game, **self.entry.to_dict()}


@dataclass
class OldSheet(RubberSheet):
    """The rubber score: trick score (below) and honour score (above) of each side. Its ``margin()``
    is the size of the rubber (Law 10), positive if NS win it on points."""

    game_points: int
    rubber_bonus: int
    unfinished_game_bonus: int

    game_rule = "." * (2 * SHEET_WIDTH + 3)

    @classmethod
    def for_rules(cls, rules: AuctionRules | StraightRules) -> OldSheet:
        bonus = rules.unfinished_game_bonus if isinstance(rules, AuctionRules) else 0
        return cls(rules.game_points, rules.rubber_bonus, bonus)

    @classmethod
    def from_results(cls, results: Sequence[OldDealResult], rules: AuctionRules | StraightRules,
                     unfinished: bool = False) -> OldSheet:
        return cls.for_rules(rules)._filled(results, unfinished)

    def _game_points(self) -> int:
        return self.game_points

    def _line(self, entry: Entry, game_no: int) -> SheetLine:
        return OldSheetLine(self.deals, entry, game_no)

    def _written(self, entry: Entry, result: OldDealResult) -> Entry | None:
        e = entry
        if e.below and e.side in result.revokes:
            # law B-9: a revoking side cannot win the game in that deal: at most two short of it
            room = max(0, self.game_points - 2 - self.below[e.side])
            if e.points > room:
                e = Entry(e.side, room, True, e.kind)
            if not e.points:
                return None
        return e

    def _rubber_bonus(self, winner: Side) -> Entry:
        return Entry(winner, self.rubber_bonus, False, "rubber")

    def close_unfinished(self) -> None:
        """Law 11: scored as it stands, the winners of a game adding 125 (auction)."""
        if self.is_over:
            return
        if self.unfinished_game_bonus:
            for g in self.games:
                self.lines.append(self._line(Entry(g, self.unfinished_game_bonus, False, "unfinished"),
                                             len(self.games) + 1))
        self.unfinished = True

    def trick_score(self, side: Side) -> int:
        return sum(ln.entry.points for ln in self.lines if ln.entry.side == side and ln.entry.below)

    def honour_score(self, side: Side) -> int:
        return sum(ln.entry.points for ln in self.lines if ln.entry.side == side and not ln.entry.below)

    def _scores_dict(self) -> dict[str, Any]:
        return {
            "below": {"NS": self.below[0], "EW": self.below[1]},
            "trick_score": {"NS": self.trick_score(Side.NS), "EW": self.trick_score(Side.EW)},
            "honour_score": {"NS": self.honour_score(Side.NS), "EW": self.honour_score(Side.EW)},
        }

    def _outcome_dict(self) -> dict[str, Any]:
        return {"margin": self.margin()}


@dataclass(frozen=True)
class OldRubberResult:
    deals: tuple[OldDealResult, ...]
    sheet: OldSheet


def _lowest_cut(draw: Draw) -> Seat:
    """Law 19: the lowest cut deals."""
    return Seat(cut_order(draw.cards)[0])


class OldRubberState(Match[OldDeal, OldDealResult, OldSheet, "OldRubberView"]):
    """A whole rubber: the cut for the deal (Laws 14, 19), then deals until a side wins two games."""

    noun = "rubber"
    summary_fields = ("position", "over", "sheet", "deals")
    deal: OldDeal | None
    dealer: Seat

    def __init__(self, game: Game, rules: AuctionRules | StraightRules, sheet: OldSheet | None = None) -> None:
        """``sheet``: a variety's own sheet (else the rubber's of ``rules``)."""
        self.rules = rules
        super().__init__(game, OldSheet.for_rules(rules) if sheet is None else sheet, Seat.NORTH,
                         DrawOpening(_lowest_cut, where_key="the_cut", rule="the cut for the deal"),
                         opening_due=rules.draw_for_first_deal)

    @property
    def draw(self) -> Draw | None:
        """The cut for the deal (None before it, or when the rubber is played without one)."""
        return draw_of(self)

    deal_class: ClassVar[Callable[..., Any] | None] = None
    """A variety's own deal, made with the game, the dealer and the rules; None: the auction's or straight
    bridge's deal, by the rules."""

    def new_deal(self) -> OldDeal:
        if self.deal_class is not None:
            deal: OldDeal = self.deal_class(self.game, self.dealer, self.rules)
            return deal
        if isinstance(self.rules, AuctionRules):
            return AuctionDeal(self.game, self.dealer, self.rules)
        return StraightDeal(self.game, self.dealer, self.rules)

    def next_dealer(self, result: OldDealResult) -> Seat:
        if result.void:  # a new deal (laws mode) is dealt again by the same dealer (Law 36)
            return self.dealer
        return self.dealer.lho  # Law 31: the deal passes to the left

    def result(self) -> OldRubberResult:
        return OldRubberResult(tuple(self.results), self.sheet)

    def deal_summary(self, number: int, result: OldDealResult) -> dict[str, Any]:
        r = result
        return {"deal": number, "dealer": r.dealer.letter, "kind": "passed out" if r.contract is None else r.game,
                "contract": None if r.contract is None else r.contract.text,
                "declarer": None if r.contract is None else _player_of(r).letter,
                "tricks": r.declarer_tricks, "won": {"NS": r.won[0], "EW": r.won[1]},
                "entries": [e.to_dict() for e in r.entries]}

    def result_line(self, result: OldDealResult) -> dict[str, Any]:
        c = result.contract
        if result.void or c is None:
            return scored_line(None, None, result.entries, kind="new_deal" if result.void else "passed_out")
        if isinstance(c, AuctionContract):
            return scored_line(c.text, c.declarer, result.entries, diff=result.declarer_tricks - 6 - c.level)
        return scored_line(c.text, _player_of(result), result.entries, taken=result.declarer_tricks)

    def make_view(self, seat: int, deal_view: OldBridgeView | None) -> OldRubberView:
        return made(OldRubberView, {}, seat=Seat(seat), deal=deal_view, sheet=self.sheet, draw=self.draw,
                    sheet_json=self.sheet_dict(),
                    deal_number=self.deal_number())


def _player_of(r: OldDealResult) -> Seat:
    c = r.contract
    assert c is not None
    return c.declarer if isinstance(c, AuctionContract) else c.dealer


@dataclass(frozen=True)
class OldRubberView(RubberSeatView[OldBridgeView, OldSheet]):
    """A seat's view of a rubber of auction or straight bridge."""

    @property
    def legal(self) -> tuple[Any, ...]:
        return self.deal.legal if self.deal is not None else ()
