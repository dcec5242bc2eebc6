"""Hand evaluation of the bridge bot: card-mask helpers, points, balance, stoppers."""

from __future__ import annotations

from dataclasses import dataclass

from cardroom.core.cards import Card
from cardroom.games.bridge.calls import Strain

NT = Strain.NOTRUMP
_FULL = (1 << 52) - 1
_SUIT_BITS = 0x1FFF
# game level by strain: C D H S NT
GAME_LEVEL = (5, 5, 4, 4, 3)
# high-card points of the J Q K A bits of one suit (bits 9..12 of the 13-bit pattern)
_HCP4 = [sum((1, 2, 3, 4)[i] for i in range(4) if p >> i & 1) for p in range(16)]

# Points needed for game and slams by the combined partnership (see docs/bots/bridge.md).
GAME_POINTS = 25
SLAM_POINTS = 33
GRAND_POINTS = 37


def _pat(mask: int, suit: int) -> int:
    """The 13-bit pattern of one suit of a card mask (bit 0 = the two, bit 12 = the ace)."""
    return (mask >> (13 * suit)) & _SUIT_BITS


def _top(p: int) -> int:
    return p.bit_length() - 1


def _bottom(p: int) -> int:
    return (p & -p).bit_length() - 1


def _above(off: int) -> int:
    """Pattern of the offsets strictly above ``off``."""
    return _SUIT_BITS & ~((2 << off) - 1)


def _below(off: int) -> int:
    return (1 << off) - 1


def _card(suit: int, off: int) -> Card:
    return Card(suit * 13 + off)


def _bits(p: int) -> int:
    return p.bit_count()


# ===================================================================== hand evaluation
@dataclass(frozen=True)
class HandEval:
    """The bidding facts of a hand: high-card points (4-3-2-1), suit lengths, shape."""

    mask: int
    hcp: int
    lens: tuple[int, int, int, int]  # clubs, diamonds, hearts, spades

    @property
    def balanced(self) -> bool:
        """4-3-3-3, 4-4-3-2 or 5-3-3-2."""
        s = sorted(self.lens)
        return (s[0] >= 2 and s[1] >= 3) or s == [2, 3, 3, 5] or s == [2, 3, 4, 4]

    @property
    def semi_balanced(self) -> bool:
        """No singleton or void."""
        return min(self.lens) >= 2

    @property
    def length_points(self) -> int:
        """One point for each card beyond the fourth in any suit."""
        return sum(max(0, n - 4) for n in self.lens)

    @property
    def points(self) -> int:
        """High-card points plus length points: the opening and rebidding strength."""
        return self.hcp + self.length_points

    def support_points(self, trump: int) -> int:
        """Dummy points for raising partner's suit: high cards plus shortness."""
        n = self.lens[trump]
        short = 0
        for s in range(4):
            if s == trump:
                continue
            ln = self.lens[s]
            if n >= 4:
                short += (5, 3, 1)[ln] if ln < 3 else 0
            else:
                short += (3, 2, 1)[ln] if ln < 3 else 0
        return self.hcp + short

    def suit_hcp(self, suit: int) -> int:
        return _HCP4[_pat(self.mask, suit) >> 9]

    def honours(self, suit: int) -> int:
        """How many of A K Q J 10 the hand holds in ``suit``."""
        return _bits(_pat(self.mask, suit) >> 8)

    def top3(self, suit: int) -> int:
        return _bits(_pat(self.mask, suit) >> 10)

    def stopper(self, suit: int) -> bool:
        """A, K-x, Q-x-x or J-x-x-x."""
        p = _pat(self.mask, suit)
        n = _bits(p)
        return bool(p >> 12 & 1 or (p >> 11 & 1 and n >= 2) or (p >> 10 & 1 and n >= 3) or (p >> 9 & 1 and n >= 4))

    @property
    def aces(self) -> int:
        return sum(1 for s in range(4) if self.mask >> (13 * s + 12) & 1)

    def good_suit(self, suit: int) -> bool:
        """A suit fit to overcall or pre-empt in: two of the top three, or three of the top five honours."""
        return self.top3(suit) >= 2 or self.honours(suit) >= 3


def hand_eval(mask: int) -> HandEval:
    hcp = 0
    lens = []
    for s in range(4):
        p = _pat(mask, s)
        hcp += _HCP4[p >> 9]
        lens.append(_bits(p))
    return HandEval(mask, hcp, (lens[0], lens[1], lens[2], lens[3]))
