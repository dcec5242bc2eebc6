"""Three-handed bridge, "dummy bridge", cut-throat (document 000, «Бридж на троих»).

Straight bridge's deal with what the variety changes, as overrides:

- three players, each for himself; the dealer plays with the dummy, the fourth hand, at the vacant seat
  opposite him; the players' seats change after every deal (:func:`rotate`);
- the dealer makes the trump on his own cards or passes (``leave``), and then the dummy's make is the fixed
  schedule (:func:`dummy_make`), declared for it unseen (the pone's custom: nobody sees the dummy before
  the opening lead);
- only the eldest hand may double, only the dealer redouble (:meth:`CutthroatDeal._made`, ``_doubled``);
- straight bridge's score of the deal (:func:`score_straight`), written to the players
  (:func:`score_cutthroat`): what the dealer's side scores is the dealer's, his tricks below the line; what
  the other side scores is each opponent's, above the line; a game of 30 below, two games the rubber and
  100 for it, then the pairwise settlement (:class:`PlayerSheet`).

docs/rules/cutthroat.md gives the source of every rule and the readings the options choose.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol

from cardroom.core.deal import Draw
from cardroom.core.errors import IllegalAction, Reason
from cardroom.core.game import Game
from cardroom.core.match import DrawOpening, Match
from cardroom.core.options import one_of, ranged
from cardroom.core.table import Seat, Side
from cardroom.core.tricks import Trick
from cardroom.games.oldbridge import threehanded
from cardroom.games.oldbridge.calls import LEAVE, MAKES, STRAIGHT_VALUE, OldCall
from cardroom.games.oldbridge.keeper import KeptAsStraight
from cardroom.games.oldbridge.rubber import cut_order
from cardroom.games.oldbridge.rules import PHASE_CALLS, PHASE_OVER, StraightDeal
from cardroom.games.oldbridge.scoring import StraightMake, score_straight
from cardroom.games.oldbridge.threehanded import NeverPassedOut, PlayerEntry, PlayerSheet, straight_rules_of
from cardroom.games.oldbridge.variants import DOUBLING_LIMITS, HONOURS, StraightRules

DEFENDERS_SCORE = ("each", "halved")
NO_TRUMPS = 4


@dataclass(frozen=True)
class CutthroatRules(threehanded.PlayerRules):
    """Three-handed bridge (document 000); what the variety does not state is straight bridge's."""

    # Straight bridge's doubling limit; only the eldest hand doubles and only the dealer redoubles.
    doubling_limit: str = one_of("below-100", DOUBLING_LIMITS)
    # Not stated for the variety: straight bridge's honours, chicane and slams ("laws"), or none.
    honours: str = one_of("laws", HONOURS)
    # "Если противники берут лишнюю взятку, они записывают ее над чертой": "each" opponent writes the
    # whole of what their side scores; "halved": each writes half of it.
    defenders_score: str = one_of("each", DEFENDERS_SCORE)
    game_points: int = ranged(30, 1, 1000)  # not stated: straight bridge's game of 30
    rubber_bonus: int = 100  # "после начисления победителю 100 очков за рабер"
    draw_for_first_deal: bool = True  # "Игрок, вытянувший самую младшую карту, сдает первую руку"

    @property
    def straight(self) -> StraightRules:
        return straight_rules_of(self)


# --------------------------------------------------------------------------------------------- the dummy's make


def _pips(rank: int) -> int:
    """ "тузы считаются за 11 каждый, остальные оннеры — за 10 каждый"; the other cards at face value."""
    return 11 if rank == 14 else 10 if rank >= 10 else rank


def dummy_make(hand: int) -> int:
    """The dummy's make by the schedule: 3 or 4 aces no trumps; else the longest suit; equal length, the
    more pips; still equal, the more valuable suit (by trick value: hearts, diamonds, clubs, spades)."""
    aces = sum(1 for s in range(4) if hand >> (13 * s + 12) & 1)
    if aces >= 3:
        return NO_TRUMPS

    def key(suit: int) -> tuple[int, int, int]:
        ranks = [r for r in range(2, 15) if hand >> (13 * suit + r - 2) & 1]
        return len(ranks), sum(_pips(r) for r in ranks), STRAIGHT_VALUE[suit]

    return max(range(4), key=key)


# --------------------------------------------------------------------------------------------- the seats


def first_places(dealer: int) -> tuple[Seat, ...]:
    """The seats of the first deal: the dealer at South, the dummy opposite at North, the next player on the
    dealer's left (West), the third on his right (East)."""
    places = [Seat.SOUTH] * 3
    places[(dealer + 1) % 3] = Seat.WEST
    places[(dealer + 2) % 3] = Seat.EAST
    return tuple(places)


def vacant(places: Sequence[Seat]) -> Seat:
    return next(s for s in Seat if s not in places)


def rotate(places: Sequence[Seat]) -> tuple[tuple[Seat, ...], int]:
    """ "Игрок слева от свободного места пересаживается на него, а игрок справа от него сдает карты": the
    seats after the move and the next dealer (the player on the right of the one who moved)."""
    free = vacant(places)
    mover = places.index(free.lho)
    new = list(places)
    new[mover] = free
    return tuple(new), new.index(free.rho)


# --------------------------------------------------------------------------------------------- scoring


def score_cutthroat(make: StraightMake, won: Sequence[int], hands: Sequence[int], places: Sequence[Seat],
                    dealer: int, rules: CutthroatRules) -> list[PlayerEntry]:
    """The players' entries of a deal: straight bridge's entries by side, the dealer's side's to the dealer
    (tricks below), the other side's to each opponent above the line (in full or halved)."""
    ours = places[dealer].side
    out: list[PlayerEntry] = []
    for e in score_straight(make, won, hands, rules.straight):
        if e.side == ours:
            out.append(PlayerEntry(dealer, e.points, e.below, e.kind))
            continue
        points = e.points if rules.defenders_score == "each" else e.points // 2
        out.extend(PlayerEntry(p, points, False, e.kind) for p in range(3) if p != dealer)
    return out


# --------------------------------------------------------------------------------------------- the deal


@dataclass(frozen=True)
class CutthroatResult(NeverPassedOut):
    """A finished deal: who dealt, where each player sat, the hands by seat, the make, the tricks by side."""

    dealer: int
    places: tuple[Seat, ...]
    hands: tuple[int, ...]
    calls: tuple[tuple[Seat, OldCall], ...]
    contract: StraightMake
    won: tuple[int, int]
    tricks: tuple[Trick[Seat], ...]
    entries: tuple[PlayerEntry, ...] = field(default=())

    @property
    def declarer_tricks(self) -> int:
        return self.won[self.places[self.dealer].side]

    @property
    def result_text(self) -> str:
        return f"{self.contract}: {self.declarer_tricks} tricks"


class PlayerStraightRules(Protocol):
    """The options of a variety played by players at changing seats with straight bridge's deal."""

    @property
    def straight(self) -> StraightRules: ...


class DummyMakes(StraightDeal):
    """A straight deal whose dealer's ``leave`` is answered by his partner's (his dummy's) make by the schedule
    (:func:`dummy_make`), declared for it unseen (the three-handed bridges, royal bridge, double dummy)."""

    def _call(self, call: OldCall) -> None:
        if self.phase == PHASE_CALLS and call == LEAVE:  # the partner makes by the schedule, unseen
            partner = self.dealer.partner
            self.calls.append((self.dealer, LEAVE))
            made = MAKES[dummy_make(self.hands[partner])]
            self.calls.append((partner, made))
            self._made(partner, made)
            return
        super()._call(call)


class ScheduledDeal(threehanded.PlayerSeats, DummyMakes):
    """Straight bridge's deal played by numbered players at the compass seats ``places``: the dealer makes the
    trump or leaves it, and then his partner's make is the fixed schedule (:func:`dummy_make`), declared for
    it unseen. The variety writes the players' entries (:meth:`player_entries`)."""

    def __init__(self, game: Game, places: tuple[Seat, ...], dealer: int, rules: PlayerStraightRules) -> None:
        self.places = places
        self.dealer_player = dealer
        self.three = rules
        super().__init__(game, places[dealer], rules.straight)

    def player_entries(self, make: StraightMake, won: tuple[int, int]) -> list[PlayerEntry]:
        raise NotImplementedError

    def result(self) -> CutthroatResult:  # type: ignore[override]
        if self.phase != PHASE_OVER:
            raise IllegalAction(Reason("bridge.not_over"))
        make = self.contract_of()
        assert make is not None
        won = (self.won[0], self.won[1])
        return CutthroatResult(self.dealer_player, self.places, self.original, tuple(self.calls), make, won,
                               tuple(self.tricks), tuple(self.player_entries(make, won)))

    def snapshot(self) -> Mapping[str, Any]:
        return {**super().snapshot(), "places": self.places}


class CutthroatDeal(ScheduledDeal):
    """One deal: straight bridge's make, doubling and play with the dealer's dummy opposite him."""

    def _made(self, seat: Seat, call: OldCall) -> None:
        super()._made(seat, call)
        self.queue = [self.dealer.lho]  # "Никто, кроме старшей руки, не может удваивать"
        self.next_seat = self.queue[0]

    def _doubled(self, seat: Seat, ours: bool) -> None:
        super()._doubled(seat, ours)
        if self.queue:  # "... и никто, кроме сдатчика, не может переудваивать"
            self.queue = [self.dealer.lho if ours else self.dealer]
            self.next_seat = self.queue[0]

    def player_entries(self, make: StraightMake, won: tuple[int, int]) -> list[PlayerEntry]:
        assert isinstance(self.three, CutthroatRules)
        return score_cutthroat(make, won, self.original, self.places, self.dealer_player, self.three)


# --------------------------------------------------------------------------------------------- the match


def lowest_cut_player(draw: Draw) -> int:
    """ "Игрок, вытянувший самую младшую карту, сдает первую руку" (Law 14's order of the cut)."""
    return cut_order(draw.cards)[0]


class CutthroatMatch(threehanded.PlayerRubber,
                     Match[ScheduledDeal, CutthroatResult, PlayerSheet, threehanded.PlayerMatchView]):
    """A rubber: the cut, then deals (the seats moving after each) until a player has won two games."""

    deal: ScheduledDeal | None
    dealer: int
    rules: PlayerStraightRules

    def __init__(self, game: Game, rules: CutthroatRules) -> None:
        self.rules = rules
        self.places: tuple[Seat, ...] = first_places(0)
        super().__init__(game, PlayerSheet(rules.game_points, 0, rules.rubber_bonus), 0,
                         DrawOpening(lowest_cut_player, seats=3, where_key="the_cut", rule="the cut for the deal"),
                         opening_due=rules.draw_for_first_deal)

    def new_deal(self) -> ScheduledDeal:
        if not self.results:
            self.places = first_places(self.dealer)
        return CutthroatDeal(self.game, self.places, self.dealer, self.rules)

    def next_dealer(self, result: CutthroatResult) -> int:
        self.places, dealer = rotate(self.places)
        return dealer

    def deal_summary(self, number: int, result: CutthroatResult) -> dict[str, Any]:
        return {"deal": number, "dealer": result.dealer + 1, "kind": "straight",
                "seats": [s.letter for s in result.places], "contract": result.contract.text,
                "declarer": f"player {result.dealer + 1}", "tricks": result.declarer_tricks,
                "won": {"NS": result.won[0], "EW": result.won[1]}, "entries": [e.to_dict() for e in result.entries]}



# --------------------------------------------------------------------------------------------- the game


class Cutthroat(KeptAsStraight, threehanded.ThreePlayerBridge):
    """Three-handed bridge, "dummy bridge", cut-throat (document 000, «Бридж на троих»)."""

    name: ClassVar[str] = "cutthroat"
    aliases: ClassVar[tuple[str, ...]] = ("cut-throat", "three-handed-bridge", "dummy-bridge", "бридж-на-троих",
                                          "бридж-с-болваном", "кровожадный")
    title: ClassVar[Mapping[str, str]] = {"en": "Three-handed bridge (cutthroat)",
                                          "ru": "Бридж на троих («Кровожадный»)"}

    rules_class = CutthroatRules
    match_class = CutthroatMatch
    rules: CutthroatRules

    @classmethod
    def configurations(cls) -> list[dict[str, Any]]:
        return [{}, {"honours": "none", "defenders_score": "halved", "doubling_limit": "cap-100"}]


__all__ = ["Cutthroat", "CutthroatDeal", "CutthroatMatch", "CutthroatResult", "CutthroatRules", "DummyMakes",
           "PlayerStraightRules", "ScheduledDeal", "Side", "dummy_make", "first_places", "lowest_cut_player", "rotate",
           "score_cutthroat"]
