"""Scoring of the old bridges: pure functions from a finished deal to score-sheet entries.

Auction bridge: American Laws of 1913, laws 2-10 (document 000) and, where the document is
silent (undertricks, doubled contracts), the published auction laws of the time as options.
Straight bridge: document 000 ("Цель игры", "Раберы") and, where it is silent (honours, chicane,
slams), the club code of bridge laws of the time as options.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from cardroom.core.cards import SUIT_MASKS
from cardroom.core.table import Seat, Side
from cardroom.games.bridge.scoring import Entry
from cardroom.games.oldbridge.calls import MAKE_LETTERS, STRAIGHT_VALUE, Denom
from cardroom.games.oldbridge.variants import AuctionRules, StraightRules

_HONOUR_BITS = 0b1111100000000  # 10 J Q K A of one suit (ranks 10..14 -> bits 8..12)
_ACES = tuple(1 << (s * 13 + 12) for s in range(4))


@dataclass(frozen=True)
class AuctionContract:
    """The final bid of an auction: level, denomination, doublings (0, 1, 2…) and the declarer."""

    level: int
    denom: Denom
    doubling: int
    declarer: Seat

    @property
    def text(self) -> str:
        return f"{self.level}{self.denom.letter}{'X' * self.doubling}"

    def __str__(self) -> str:
        return f"{self.text} by {self.declarer.letter}"

    @property
    def side(self) -> Side:
        return self.declarer.side

    @property
    def value(self) -> int:
        return self.denom.auction_value

    @property
    def nullo(self) -> bool:
        return self.denom is Denom.NULLO


@dataclass(frozen=True)
class StraightMake:
    """The make of a straight-bridge deal: the trump (Suit 0-3 or 4 = no trumps), who named it,
    the dealer (who plays both hands) and how many times the value was doubled."""

    trump: int
    maker: Seat
    dealer: Seat
    doubling: int

    @property
    def base_value(self) -> int:
        return STRAIGHT_VALUE[self.trump]

    @property
    def trick_value(self) -> int:
        return self.base_value << self.doubling

    @property
    def text(self) -> str:
        return f"{MAKE_LETTERS[self.trump]}{'X' * self.doubling}"

    def __str__(self) -> str:
        return f"{self.text} made by {self.maker.letter}, played by {self.dealer.letter}"


def honour_units(hands: Sequence[int], trump: int) -> tuple[Side, int] | None:
    """Law 6, a trump declared: the side holding 3+ of A K Q J 10 and its value in tricks
    (3 between partners 2; 4 between 4; 5 between 5; 4 in one hand 8; 4 in one hand and the
    fifth in partner's 9; 5 in one hand 10). None if neither side holds three."""
    bits = _HONOUR_BITS << (13 * trump)
    counts = [(h & bits).bit_count() for h in hands]
    for side in (Side.NS, Side.EW):
        mine = [n for s, n in enumerate(counts) if s & 1 == side]  # seats by parity (two hands: one a side)
        total, most = sum(mine), max(mine)
        if total < 3:
            continue
        if total == 5:
            return side, 10 if most == 5 else 9 if most == 4 else 5
        if total == 4:
            return side, 8 if most == 4 else 4
        return side, 2
    return None


def ace_points(hands: Sequence[int]) -> tuple[Side, int] | None:
    """Law 6, no trumps: 3 aces between partners 30, 4 between them 40, 4 in one hand 100."""
    counts = [sum(1 for a in _ACES if h & a) for h in hands]
    for side in (Side.NS, Side.EW):
        mine = [n for s, n in enumerate(counts) if s & 1 == side]  # seats by parity (two hands: one a side)
        total = sum(mine)
        if total == 4:
            return side, 100 if max(mine) == 4 else 40
        if total == 3:
            return side, 30
    return None


def chicane_units(hands: Sequence[int], trump: int) -> list[tuple[Side, int]]:
    """Club code: a hand void of trumps is chicane, worth simple honours (2 tricks); both hands of
    a side void is double chicane, worth four honours (4 tricks)."""
    out = []
    for side in (Side.NS, Side.EW):
        void = [s for s, h in enumerate(hands) if s & 1 == side and not h & SUIT_MASKS[trump]]
        if len(void) == 2:
            out.append((side, 4))
        elif len(void) == 1:
            out.append((side, 2))
    return out


def _slams(won: Sequence[int], only: Side | None) -> list[Entry]:
    out = []
    for side in (Side.NS, Side.EW):
        if only is not None and side != only:
            continue
        if won[side] == 13:
            out.append(Entry(side, 40, False, "slam"))
        elif won[side] == 12:
            out.append(Entry(side, 20, False, "little slam"))
    return out


def score_auction(contract: AuctionContract, declarer_tricks: int, hands: Sequence[int],
                  rules: AuctionRules, slam_tricks: int | None = None, no_slam: frozenset[int] = frozenset()) \
        -> list[Entry]:
    """The entries of one auction deal (American Laws 1913, laws 2-10, with the options' readings)."""
    side = contract.side
    other = side.other
    mult = 1 << contract.doubling
    out: list[Entry] = []
    if contract.nullo:
        # "каждая взятка менее семи засчитывается игроку нулло"; N nullo: opponents take 6 + N
        allowed = 7 - contract.level
        made = declarer_tricks <= allowed
        odd = 7 - declarer_tricks
        over = allowed - declarer_tricks
        under = declarer_tricks - allowed
    else:
        need = 6 + contract.level
        made = declarer_tricks >= need
        odd = declarer_tricks - 6
        over = declarer_tricks - need
        under = need - declarer_tricks
    if made:
        out.append(Entry(side, odd * contract.value * mult, True, "tricks"))
        if contract.doubling and rules.doubled_bonus:
            unit = rules.doubled_bonus << (contract.doubling - 1)
            out.append(Entry(side, unit, False, "insult"))
            if over:
                out.append(Entry(side, over * unit, False, "overtricks"))
    else:
        out.append(Entry(other, under * rules.undertrick * mult, False, "undertricks"))
    if not contract.nullo:  # nullo: "без оннеров"
        trump = contract.denom.trump
        if trump is None:
            aces = ace_points(hands)
            if aces is not None:
                out.append(Entry(aces[0], aces[1], False, "honours"))
        else:
            hon = honour_units(hands, trump)
            if hon is not None:
                out.append(Entry(hon[0], hon[1] * contract.value, False, "honours"))
        st = declarer_tricks if slam_tricks is None else slam_tricks  # a slam never counts penalty tricks
        won = (st, 13 - st) if side == Side.NS else (13 - st, st)
        out.extend(e for e in _slams(won, side if rules.slam_side == "declarer" else None) if e.side not in no_slam)
    return out


def score_straight(make: StraightMake, won: Sequence[int], hands: Sequence[int], rules: StraightRules,
                   slam_won: Sequence[int] | None = None, no_slam: frozenset[int] = frozenset()) -> list[Entry]:
    """The entries of one straight-bridge deal. ``won`` is tricks by side (NS, EW).

    "В конце каждой сдачи сторона, выигравшая любые взятки сверх книги, записывает их, умножив
    их количество на единицу стоимости, определенную в результате удвоения"."""
    out: list[Entry] = []
    for side in (Side.NS, Side.EW):
        if won[side] > 6:
            out.append(Entry(side, (won[side] - 6) * make.trick_value, True, "tricks"))
    if rules.honours == "laws":
        if make.trump == 4:
            aces = ace_points(hands)
            if aces is not None:
                out.append(Entry(aces[0], aces[1], False, "honours"))
        else:
            hon = honour_units(hands, make.trump)
            if hon is not None:
                out.append(Entry(hon[0], hon[1] * make.base_value, False, "honours"))
            if rules.chicane:
                for side, units in chicane_units(hands, make.trump):
                    out.append(Entry(side, units * make.base_value, False, "chicane"))
    if rules.slams:  # law B-9: a slam never counts penalty tricks, nor is scored by a revoking side
        out.extend(e for e in _slams(won if slam_won is None else slam_won, None) if e.side not in no_slam)
    return out


def odd_tricks_for_game(needed: int, value: int) -> int | None:
    """How many odd tricks at ``value`` a trick reach ``needed`` points (None if more than 7)."""
    n = -(-needed // value)
    return n if n <= 7 else None


def doubling_sequence(base: int, limit: str) -> list[int]:
    """The values a trick may take as doubling goes on, under the straight-bridge limit option."""
    seq = [base]
    while True:
        v = seq[-1]
        if (limit == "below-100" and v < 100) or (limit == "cap-100" and v * 2 <= 100):
            seq.append(v * 2)
        else:
            return seq
