"""Three-handed auction bridge (document 000, «Разновидности бриджа. Трехсторонний окшн-бридж»).

Auction bridge's deal with what the variety changes, as overrides:

- three players, each for himself, at North, East and South; the fourth packet (the widow) is dealt to
  the vacant seat, West, and stays untouched until the auction is over;
- the dealer bids first and the bidding ends "until two pass" (:attr:`ThreeHandedDeal.auction_closed`);
  the turn skips the widow's seat; any other player may double the last bid, only its bidder redouble;
- the highest bidder declares and takes the widow as his dummy opposite him; a player sitting there moves
  to the vacant seat, taking his hand with him (:meth:`ThreeHandedDeal._start_play`): the play is
  auction bridge's play with dummy at the compass seats the hands then hold, and the players' seat numbers
  (who acts, whose view) are mapped to the seat each then sits at (:meth:`ThreeHandedDeal.seat_of`);
- the score is each player's own (:class:`ThreeHandedSheet`): the declarer's tricks (auction bridge's values),
  the undertricks to each opponent, honours to their holders (the declarer also his dummy's), a game of 30
  with 125 at once, two games and 250 the rubber, and at the end the pairwise settlement
  (:func:`settlement`, :func:`printed_settlement_errors`).

docs/rules/three-handed-auction.md gives the source of every rule and the readings the options choose.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cache
from typing import Any, ClassVar

from cardroom.core.deal import Draw
from cardroom.core.errors import IllegalAction, Reason
from cardroom.core.game import Game
from cardroom.core.match import DrawOpening, Match
from cardroom.core.options import one_of, ranged
from cardroom.core.table import Seat
from cardroom.core.tricks import Trick
from cardroom.games.bridge.auction import EACH_FOR_HIMSELF, AuctionParams
from cardroom.games.oldbridge.calls import OldCall
from cardroom.games.oldbridge.keeper import FIELDS, KeptAsAuction
from cardroom.games.oldbridge.rubber import cut_order
from cardroom.games.oldbridge.rules import PHASE_OVER, AuctionDeal, OldBridgeView, auction_params
from cardroom.games.oldbridge.scoring import _ACES, _HONOUR_BITS, AuctionContract, score_auction
from cardroom.games.oldbridge.threehanded import (
    PlayerEntry,
    PlayerMatchView,
    PlayerRubber,
    PlayerRules,
    PlayerSeats,
    PlayerSheet,
    ThreePlayerBridge,
    settlement,
)
from cardroom.games.oldbridge.variants import AuctionRules

PLAYERS = (Seat.NORTH, Seat.EAST, Seat.SOUTH)
"""The three players' seats; the fourth packet is dealt to the vacant seat."""
WIDOW = Seat.WEST
"""The vacant seat, where the widow (the dummy hand) lies until the auction is over."""


def next_player(seat: Seat) -> Seat:
    """The player on ``seat``'s left, the vacant seat skipped (the turn, the deal)."""
    return PLAYERS[(PLAYERS.index(seat) + 1) % 3]


@dataclass(frozen=True)
class ThreeHandedRules(PlayerRules):
    """Three-handed auction bridge (document 000); what the variety does not state is auction bridge's."""

    # Auction bridge's bids (Law 3): royal spades at 9 a trick; no nullo (not in the variety).
    royal_spades: bool = True
    # "Сдатчик делает первую заявку": the dealer must bid. False lets him pass; three passes: a new deal by
    # the next dealer (the variety does not state that case).
    dealer_must_bid: bool = True
    # Auction bridge's published law: a bid of equal value in more tricks overcalls.
    equal_value_more_tricks: bool = True
    # Doublings of one bid: double and redouble (auction bridge's published law).
    max_doublings: int = ranged(2, 1, 6)
    # Not stated for the variety: auction bridge's 50 a trick, added to the score of EACH opponent
    # (as the variety's own penalties are: "прибавляемых к счету каждого противника").
    undertrick: int = 50
    # Not stated for the variety: auction bridge's 50 for a doubled contract made, 50 a trick over it.
    doubled_bonus: int = 50
    game_points: int = ranged(30, 1, 1000)  # "Игра ведется до 30 очков"
    game_bonus: int = 125  # "победитель игры сразу же прибавляет к своему счету 125 очков"
    rubber_bonus: int = 250  # "еще 250 очков за победу в рабере"
    draw_for_first_deal: bool = True  # "Игрок, вытянувший самую младшую карту ...": the lowest cut deals first
    # Laws mode (laws T-1, T-2, games/oldbridge/three_handed_laws.py): calls out of turn accepted and ruled on.
    laws: bool = False
    # Not stated what becomes of a call out of turn when its penalty is exacted: "void" (the turn stays with
    # the player whose it was) or it "stands" as if in turn; condoned by both, it stands either way.
    out_of_turn_call: str = one_of("void", ("void", "stands"))

    @property
    def auction(self) -> AuctionRules:
        """Auction bridge's rules that the variety plays by (the bids, the doubling, the trick values)."""
        return _auction_rules(self)


@cache
def _auction_rules(rules: ThreeHandedRules) -> AuctionRules:
    return AuctionRules(royal_spades=rules.royal_spades, nullo=False, dealer_must_bid=rules.dealer_must_bid,
                        equal_value_more_tricks=rules.equal_value_more_tricks, declarer_rule="winning-bidder",
                        max_doublings=rules.max_doublings, undertrick=rules.undertrick,
                        doubled_bonus=rules.doubled_bonus, slam_side="declarer", game_points=rules.game_points)


@cache
def three_handed_params(rules: ThreeHandedRules) -> AuctionParams[OldCall]:
    """Auction bridge's auction, each for himself: any other player doubles, the bidder alone redoubles."""
    return replace(auction_params(rules.auction), partnership=EACH_FOR_HIMSELF)


# --------------------------------------------------------------------------------------------- scoring


def player_honours(hand: int, trump: int | None, trick_value: int) -> int:
    """The honours of one hand: a trump declared, each of A K Q J 10 of trumps is worth one trick (undoubled),
    four or five in the hand double their sum; no trumps, each ace 10 and four aces 100."""
    if trump is None:
        aces = sum(1 for a in _ACES if hand & a)
        return 100 if aces == 4 else 10 * aces
    n = (hand & _HONOUR_BITS << (13 * trump)).bit_count()
    return n * trick_value * (2 if n >= 4 else 1)


def score_three_handed(contract: AuctionContract, declarer_tricks: int, hands: Sequence[int],
                       rules: ThreeHandedRules) -> list[PlayerEntry]:
    """The entries of one deal: ``hands`` as dealt (the players' seats and the widow's at :data:`WIDOW`).

    The declarer's tricks, the doubled bonuses and a slam are auction bridge's (:func:`score_auction`); the
    undertricks are written to each opponent; the honours to each holder, the widow's to the declarer."""
    declarer = contract.declarer
    out: list[PlayerEntry] = []
    for e in score_auction(contract, declarer_tricks, (0, 0, 0, 0), rules.auction):  # honours: below
        if e.kind == "undertricks":
            out.extend(PlayerEntry(p, e.points, False, e.kind) for p in PLAYERS if p != declarer)
        else:
            out.append(PlayerEntry(declarer, e.points, e.below, e.kind))
    trump = contract.denom.trump
    for p in PLAYERS:
        points = player_honours(hands[p], trump, contract.value)
        if p == declarer:
            points += player_honours(hands[WIDOW], trump, contract.value)
        if points:
            out.append(PlayerEntry(p, points, False, "honours"))
    return out


def printed_settlement_errors(totals: Mapping[str, int], printed: Sequence[Sequence[int]]) -> list[Reason]:
    """The figures of a settlement printed as document 000 prints it that the totals do not give.

    ``printed`` is the table under the totals: one column per player in the order of ``totals``, his result
    against each other player in their order, then his net. Each wrong figure is a reason naming the
    player, whom it is against (None: the net), the printed figure and the right one."""
    names = list(totals)
    right = settlement(totals)
    errors: list[Reason] = []
    for col, a in enumerate(names):
        others = [b for b in names if b != a]
        want = [right["against"][a][b] for b in others] + [right["net"][a]]
        for row, (b, w) in enumerate(zip([*others, None], want, strict=True)):
            got = printed[row][col]
            if got != w:
                key = "three.settlement_net_misprint" if b is None else "three.settlement_misprint"
                errors.append(Reason(key, player=a, against=b, printed=got, correct=w))
    return errors


# --------------------------------------------------------------------------------------------- the deal


@dataclass(frozen=True)
class ThreeHandedResult:
    """A finished deal: the hands as dealt (the widow at :data:`WIDOW`), the contract, who moved, what it
    scored for each player. The tricks are by the seats the hands were played from."""

    dealer: Seat
    hands: tuple[int, ...]
    calls: tuple[tuple[Seat, OldCall], ...]
    contract: AuctionContract | None  # None: three passes (when the dealer may pass)
    declarer_tricks: int
    tricks: tuple[Trick[Seat], ...]
    entries: tuple[PlayerEntry, ...] = field(default=())
    moved: Seat | None = None  # the player who moved to the vacant seat (None: nobody sat opposite)

    @property
    def passed_out(self) -> bool:
        return self.contract is None

    @property
    def result_text(self) -> str:
        return "passed out" if self.contract is None else f"{self.contract}: {self.declarer_tricks} tricks"


class ThreeHandedDeal(PlayerSeats, AuctionDeal):
    """One deal of three-handed auction bridge: auction bridge's deal with its auction's close, its turn
    and its dummy overridden, and each player's seat mapped to the one he plays from."""

    kind = "auction"
    bidders = PLAYERS

    def __init__(self, game: Game, dealer: Seat, rules: ThreeHandedRules) -> None:
        self.places = PLAYERS
        super().__init__(game, dealer, rules.auction)
        self.three = rules
        self.start_auction(three_handed_params(rules), self.dealer)
        self.moved: Seat | None = None
        if rules.laws:
            from cardroom.games.oldbridge.three_handed_laws import ThreeHandedDirector

            self.director = ThreeHandedDirector()

    def _apply_laws(self, action: Any) -> None:
        from cardroom.games.oldbridge import three_handed_laws

        three_handed_laws.apply(self, action)

    # ----------------------------------------------------------------- the auction
    @property
    def auction_closed(self) -> bool:
        """ "до тех пор, пока двое не пасуют": two passes after a bid; three before any."""
        return self.passes >= (3 if self.last_bid is None else 2)

    def enter_call(self, seat: Seat, call: OldCall) -> None:
        super().enter_call(seat, call)
        if self.next_seat == WIDOW:
            self.next_seat = WIDOW.lho

    # ----------------------------------------------------------------- the dummy: the widow opposite the declarer
    def _start_play(self, declarer: Seat, trump: int | None) -> None:
        opposite = declarer.partner
        if opposite != WIDOW:  # "этот игрок пересаживается на свободное место", with his cards
            self.hands[opposite], self.hands[WIDOW] = self.hands[WIDOW], self.hands[opposite]
            self.moved = opposite
            self.places = tuple(WIDOW if p == opposite else p for p in PLAYERS)
        super()._start_play(declarer, trump)

    # ----------------------------------------------------------------- the result
    def result(self) -> ThreeHandedResult:  # type: ignore[override]
        if self.phase != PHASE_OVER:
            raise IllegalAction(Reason("bridge.not_over"))
        c = self.contract
        tricks = 0 if c is None else self.won[c.declarer.side]
        entries = () if c is None else tuple(score_three_handed(c, tricks, self.original, self.three))
        if self.director is not None:  # laws T-1, T-2: "прибавляемых к счету каждого противника"
            from cardroom.games.oldbridge.three_handed_laws import penalty_entries

            entries += tuple(PlayerEntry(p, n, False, "penalty") for p, n in penalty_entries(self.director, PLAYERS))
        return ThreeHandedResult(self.dealer, self.original, tuple(self.calls), c, tricks, tuple(self.tricks),
                                 entries, self.moved)

    def snapshot(self) -> Mapping[str, Any]:
        return {**super().snapshot(), "moved": self.moved}


# --------------------------------------------------------------------------------------------- the sheet


class ThreeHandedSheet(PlayerSheet):
    """Each player's column (:class:`PlayerSheet`), the players named by the seats they sit at: 125 for each
    game at once, "первый игрок, выигравший две игры" adds 250."""

    @classmethod
    def for_rules(cls, rules: ThreeHandedRules) -> ThreeHandedSheet:
        return cls(rules.game_points, rules.game_bonus, rules.rubber_bonus)

    @staticmethod
    def label(player: int) -> str:
        return Seat(player).letter

    def names(self, lang: str) -> list[str]:
        from cardroom.i18n import SEAT_NAMES

        return [SEAT_NAMES[lang][p.letter] for p in PLAYERS]


# --------------------------------------------------------------------------------------------- the match


def _lowest_of_three(draw: Draw) -> Seat:
    """The lowest cut (Law 14's order) deals first."""
    return PLAYERS[cut_order(draw.cards)[0]]


class ThreeHandedMatch(PlayerRubber, Match[ThreeHandedDeal, ThreeHandedResult, ThreeHandedSheet, PlayerMatchView]):
    """A rubber of three-handed auction bridge: the cut, then deals until a player has won two games."""

    deal: ThreeHandedDeal | None
    dealer: Seat

    def __init__(self, game: Game, rules: ThreeHandedRules) -> None:
        self.rules = rules
        super().__init__(game, ThreeHandedSheet.for_rules(rules), Seat.NORTH,
                         DrawOpening(_lowest_of_three, seats=3, where_key="the_cut", rule="the cut for the deal"),
                         opening_due=rules.draw_for_first_deal)

    def new_deal(self) -> ThreeHandedDeal:
        return ThreeHandedDeal(self.game, self.dealer, self.rules)

    def next_dealer(self, result: ThreeHandedResult) -> Seat:
        return next_player(self.dealer)  # the deal passes to the left, among the three

    def make_view(self, seat: int, deal_view: OldBridgeView | None) -> PlayerMatchView:
        at = Seat(seat) if deal_view is None else deal_view.seat
        return PlayerMatchView(at, deal_view, self.sheet, self.draw, self.deal_number(), self.sheet_dict(), player=seat)

    def deal_summary(self, number: int, result: ThreeHandedResult) -> dict[str, Any]:
        c = result.contract
        return {"deal": number, "dealer": result.dealer.letter, "kind": "passed out" if c is None else "auction",
                "contract": None if c is None else c.text, "declarer": None if c is None else c.declarer.letter,
                "moved": None if result.moved is None else result.moved.letter,
                "tricks": result.declarer_tricks,
                "entries": [e.to_dict(ThreeHandedSheet.label) for e in result.entries]}

    def result_line(self, result: ThreeHandedResult) -> dict[str, Any]:
        c = result.contract
        points: dict[int, int] = {}
        for e in result.entries:
            points[e.player] = points.get(e.player, 0) + e.points
        best = max(points, key=lambda p: points[p]) if points else None
        score = None if best is None else [Seat(best).letter, points[best]]
        if c is None:
            return {"contract": None, "declarer": None, "diff": None, "taken": None, "score": score,
                    "kind": "passed_out"}
        return {"contract": c.text, "declarer": int(c.declarer), "diff": result.declarer_tricks - 6 - c.level,
                "taken": None, "score": score, "kind": None}


# --------------------------------------------------------------------------------------------- the game


class ThreeHandedAuction(KeptAsAuction, ThreePlayerBridge):
    """Three-handed auction bridge (document 000, «Трехсторонний окшн-бридж»)."""

    kept_fields = FIELDS[:4]  # no chicane: the variety scores honours only

    name: ClassVar[str] = "three-handed-auction"
    aliases: ClassVar[tuple[str, ...]] = ("three-handed-auction-bridge", "three-hand-auction",
                                          "трехсторонний-окшн-бридж", "трёхсторонний-окшн-бридж")
    title: ClassVar[Mapping[str, str]] = {"en": "Three-handed auction bridge", "ru": "Трехсторонний окшн-бридж"}

    rules_class = ThreeHandedRules
    match_class = ThreeHandedMatch
    rules: ThreeHandedRules

    @classmethod
    def configurations(cls) -> list[dict[str, Any]]:
        return [{}, {"laws": True, "dealer_must_bid": False, "royal_spades": False},
                {"laws": True, "out_of_turn_call": "stands"}]


__all__ = ["PLAYERS", "WIDOW", "PlayerEntry", "ThreeHandedAuction", "ThreeHandedDeal", "ThreeHandedMatch",
           "ThreeHandedResult", "ThreeHandedRules", "ThreeHandedSheet", "player_honours", "printed_settlement_errors",
           "score_three_handed", "settlement"]
