"""A rule-based contract-bridge player that never plays at random.

:class:`BridgeBot` sees only a seat's :class:`~cardroom.games.bridge.rules.BridgeView`. It bids a
natural system (five-card majors, 1NT 15–17, strong 2♣, weak twos; see docs/bots/bridge.md) and
plays by the heuristics of document 001 §9 and standard technique: fourth-best and
top-of-sequence leads, second hand low, third hand high (only as high as needed), covering an
honour with an honour, finesses, the hold-up in no-trump, drawing trumps, ruffing losers in
dummy, discarding from the weakest suit. It counts the cards: everything it reasons about comes
from the 52 cards minus its own hand, the dummy and the cards already played.

The seed only breaks genuine ties; the choice is a pure function of the seed and the view.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

from cardroom.core.cards import SUIT_MASKS, Card
from cardroom.core.laws import RulingChoice
from cardroom.core.table import Seat
from cardroom.core.tricks import natural_winner
from cardroom.games.bridge.calls import DOUBLE, PASS, REDOUBLE, Call, Strain
from cardroom.games.bridge.rubber import RubberView
from cardroom.games.bridge.rules import BridgeView

__all__ = ["Auction", "BridgeBot", "HandEval", "Shown", "four_nt_is_blackwood", "hand_eval"]

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


# ===================================================================== the auction as read by every seat
@dataclass
class Shown:
    """What a seat has shown in the auction: a range of points and suit lengths."""

    lo: float = 0.0
    hi: float = 37.0
    min_len: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    max_len: list[int] = field(default_factory=lambda: [13, 13, 13, 13])
    balanced: bool = False
    passed: bool = False  # passed when he could have opened: at most 11
    suits: list[int] = field(default_factory=list)  # suits bid naturally, first first
    nt: bool = False  # bid no-trump naturally
    stops: set[int] = field(default_factory=set)  # opponents' suits shown stopped
    preempt: bool = False
    takeout: bool = False
    opened: bool = False

    @property
    def est(self) -> float:
        """A working estimate of the points: the middle of a narrow range, the minimum plus two of a wide one."""
        if self.hi - self.lo <= 4:
            return (self.lo + self.hi) / 2
        return self.lo + 2

    @property
    def limited(self) -> bool:
        return self.hi - self.lo <= 8

    def at_least(self, lo: float) -> None:
        self.lo = max(self.lo, lo)
        if self.hi < self.lo:
            self.hi = self.lo + 2

    def at_most(self, hi: float) -> None:
        self.hi = min(self.hi, hi)
        if self.hi < self.lo:
            self.lo = max(0.0, self.hi - 2)

    def range(self, lo: float, hi: float) -> None:
        """Narrow to [lo, hi]; a contradiction trusts the new range."""
        nlo, nhi = max(self.lo, lo), min(self.hi, hi)
        if nlo > nhi:
            nlo, nhi = lo, hi
        self.lo, self.hi = nlo, nhi

    def length(self, suit: int, lo: int, hi: int = 13) -> None:
        if not 0 <= suit < 4:  # a no-trump call shows no suit's length (auctions outside the system)
            return
        self.min_len[suit] = max(self.min_len[suit], lo)
        self.max_len[suit] = max(self.min_len[suit], min(self.max_len[suit], hi))


# tags of calls: what the system says a call is
OPEN, OPEN_NT, OPEN_2C, WEAK, PASSED = "open", "open_nt", "open_2c", "weak", "pass"
RESP, STAYMAN, STAYMAN_ANS, NT_RESP, NT_REBID = "resp", "stayman", "stayman_ans", "nt_resp", "nt_rebid"
REBID, OVERCALL, NT_OVERCALL, TAKEOUT, ADVANCE = "rebid", "overcall", "nt_overcall", "takeout", "advance"
BW, BW_ANS, BW_PLACE, QUANT, PENALTY, REDBL = "bw", "bw_ans", "bw_place", "quant", "penalty", "redouble"
NATURAL, NEG2D, POS2C, REBID2C = "natural", "neg2d", "pos2c", "rebid2c"


@dataclass
class _CallNote:
    seat: Seat
    call: Call
    tag: str
    forcing: bool = False


class Auction:
    """The auction read from the calls alone, as any seat at the table can read it."""

    def __init__(self, dealer: Seat, calls: tuple[Call, ...] | list[Call]) -> None:
        self.dealer = dealer
        self.shown = [Shown() for _ in range(4)]
        self.notes: list[_CallNote] = []
        self.opener: Seat | None = None
        self.opening: Call | None = None
        self.last_bid: Call | None = None
        self.last_bid_seat: Seat | None = None
        self.doubled = 0
        self.game_forced = [False, False]
        self.bw = [0, 0]  # 0 none, 1 asked, 2 answered, 3 placed
        for i, call in enumerate(calls):
            seat = dealer.next(i)
            note = _interpret(self, seat, call)
            self._record(note)

    # ------------------------------------------------------------- bookkeeping
    def _record(self, note: _CallNote) -> None:
        self.notes.append(note)
        call, seat = note.call, note.seat
        if call.is_bid:
            if self.opener is None:
                self.opener = seat
                self.opening = call
            self.last_bid = call
            self.last_bid_seat = seat
            self.doubled = 0
            sh = self.shown[seat]
            natural = note.tag not in (BW, BW_ANS, STAYMAN, STAYMAN_ANS, NEG2D, QUANT, OPEN_2C)
            if note.tag == STAYMAN_ANS and call.strain in (Strain.HEARTS, Strain.SPADES):
                natural = True
            if natural:
                if call.strain is NT:
                    sh.nt = True
                    for s in self.opp_suits(seat):
                        sh.stops.add(s)
                elif call.strain not in sh.suits:
                    sh.suits.append(int(call.strain))
            if note.tag == BW:
                self.bw[seat.side] = 1
            elif note.tag == BW_ANS:
                self.bw[seat.side] = 2
            elif note.tag == BW_PLACE:
                self.bw[seat.side] = 3
        elif call.is_double:
            self.doubled = 1
        elif call.is_redouble:
            self.doubled = 2

    # ------------------------------------------------------------- queries
    def calls_of(self, seat: Seat) -> list[_CallNote]:
        return [n for n in self.notes if n.seat == seat]

    def bids_of(self, seat: Seat) -> list[_CallNote]:
        return [n for n in self.notes if n.seat == seat and n.call.is_bid]

    def last_note_of(self, seat: Seat) -> _CallNote | None:
        for n in reversed(self.notes):
            if n.seat == seat:
                return n
        return None

    def side_suits(self, seat: Seat) -> set[int]:
        return set(self.shown[seat].suits) | set(self.shown[seat.partner].suits)

    def opp_suits(self, seat: Seat) -> set[int]:
        return self.side_suits(seat.lho)

    def side_has_bid(self, seat: Seat) -> bool:
        return any(n.seat.side == seat.side and (n.call.is_bid or n.call.is_double) for n in self.notes)

    def ours(self, seat: Seat) -> bool:
        """Is the last bid our side's?"""
        return self.last_bid_seat is not None and self.last_bid_seat.side == seat.side

    def rho_passed_after_partner(self, seat: Seat) -> bool:
        """Partner's last call was followed by a pass from our right (the forcing obligation stands)."""
        if len(self.notes) < 2:
            return False
        return self.notes[-1].seat == seat.rho and self.notes[-1].call.is_pass and self.notes[-2].seat == seat.partner

    def forcing(self, seat: Seat) -> bool:
        """Must ``seat`` bid again (not pass)?"""
        if self.last_bid is None:
            return False
        pn = self.last_note_of(seat.partner)
        if pn is not None and pn.forcing and self.rho_passed_after_partner(seat) and self.ours(seat):
            return True
        if self.game_forced[seat.side] and self.ours(seat) and self.doubled == 0:
            assert self.last_bid is not None
            lb = self.last_bid
            if lb.level < GAME_LEVEL[lb.strain] and not (lb.strain is NT and lb.level >= 3):
                return True
        return False

    def agreed(self, seat: Seat) -> int | None:
        """A suit both partners have bid, or partner's suit raised: the agreed trump suit."""
        a, b = self.shown[seat].suits, self.shown[seat.partner].suits
        common = [s for s in a if s in b]
        if not common:
            return None
        return max(common, key=lambda s: (s >= 2, s))


def four_nt_is_blackwood(a: Auction, seat: Seat) -> bool:
    """4NT asks for aces when a suit is agreed or partner's last bid was a suit; after partner's
    no-trump bid it is quantitative."""
    if a.agreed(seat) is not None:
        return True
    plast = a.last_note_of(seat.partner)
    return plast is not None and plast.call.is_bid and plast.call.strain is not NT


def _passes_since_last_bid(a: Auction) -> int:
    n = 0
    for note in reversed(a.notes):
        if note.call.is_pass:
            n += 1
        else:
            break
    return n


# ===================================================================== contexts
def _context(a: Auction, seat: Seat) -> str:
    """Which part of the system a call by ``seat`` belongs to, now."""
    side = seat.side
    partner = seat.partner
    pn = a.last_note_of(partner)
    if a.bw[side] == 1 and pn is not None and pn.tag == BW:
        return "bw_answer"
    mine_last = a.last_note_of(seat)
    if a.bw[side] == 2 and mine_last is not None and mine_last.tag == BW and pn is not None and pn.tag == BW_ANS:
        return "bw_place"
    if a.bw[side] >= 2:
        return "bw_done"
    if a.opener is None:
        return "open"
    my_bids = a.bids_of(seat)
    my_calls = [n for n in a.calls_of(seat) if not n.call.is_pass]
    opener = a.opener
    opening = a.notes[_index_of_opening(a)]
    clean = _no_interference_since(a, _index_of_opening(a), seat.side)
    if opener == partner and not my_calls:
        if opening.tag == OPEN_NT and clean:
            return "nt_resp"
        if opening.tag == OPEN_2C and clean:
            return "2c_resp"
        return "resp"
    if opener == seat and len(my_bids) == 1:
        partner_calls = [n for n in a.calls_of(partner) if not n.call.is_pass]
        if partner_calls:
            if opening.tag == OPEN_NT and clean:
                return "nt_rebid"
            if opening.tag == OPEN_2C and clean:
                return "2c_rebid"
            if opening.tag == OPEN:
                return "rebid"
    if opener == partner and opening.tag == OPEN_NT and clean and len(my_bids) == 1:
        first = my_bids[0]
        if first.tag in (STAYMAN, NT_RESP) and pn is not None and pn.tag in (STAYMAN_ANS, NT_REBID):
            return "nt_resp2"
    if opener.side != side:
        if not a.side_has_bid(seat):
            return "overcall"
        if not my_calls:
            pcalls = [n for n in a.calls_of(partner) if not n.call.is_pass]
            if pcalls and pcalls[0].tag in (OVERCALL, NT_OVERCALL, TAKEOUT):
                return "advance"
    return "general"


def _index_of_opening(a: Auction) -> int:
    for i, n in enumerate(a.notes):
        if n.call.is_bid:
            return i
    return -1


def _no_interference_since(a: Auction, start: int, side: int) -> bool:
    """No bid or double by the side that is not ``opening_side`` after the opening (index ``start``)."""
    if start < 0:
        return True
    open_side = a.notes[start].seat.side
    return all(n.call.is_pass for n in a.notes[start + 1:] if n.seat.side != open_side)


def _cheapest(a: Auction, strain: int) -> int:
    """The lowest level at which ``strain`` may be bid now (8 if none)."""
    lb = a.last_bid
    if lb is None:
        return 1
    return lb.level if strain > lb.strain else lb.level + 1


def _bid(level: int, strain: int) -> Call | None:
    if 1 <= level <= 7:
        return Call.bid(level, strain)
    return None


def _is_jump(a: Auction, call: Call) -> bool:
    return call.is_bid and call.level > _cheapest(a, call.strain)


# ===================================================================== interpretation of calls
def _interpret(a: Auction, seat: Seat, call: Call) -> _CallNote:
    """Read ``call`` made by ``seat`` now: tag it and narrow what ``seat`` has shown."""
    ctx = _context(a, seat)
    sh = a.shown[seat]
    note = _CallNote(seat, call, NATURAL)
    if ctx == "bw_answer":
        note.tag = BW_ANS if call.is_bid else PASSED
        return note
    if ctx == "bw_place":
        note.tag = BW_PLACE if call.is_bid else PASSED
        a.bw[seat.side] = 3
        return note
    if ctx == "bw_done":
        note.tag = PASSED if call.is_pass else NATURAL
        return note
    if call.is_pass:
        note.tag = PASSED
        if ctx == "open":
            sh.passed = True
            sh.at_most(11.5)
        elif ctx in ("resp", "nt_resp", "2c_resp") and _no_interference_since(a, _index_of_opening(a), seat.side):
            if ctx == "resp":
                sh.at_most(5.5)
            elif ctx == "nt_resp":
                sh.at_most(7.5 if a.opening is not None and a.opening.level == 1 else 3.5)
        elif ctx == "overcall":
            sh.at_most(16)
        return note
    if call.is_redouble:
        note.tag = REDBL
        if ctx == "resp":
            sh.at_least(10)
        return note
    if call.is_double:
        lb = a.last_bid
        assert lb is not None
        if ctx == "overcall":
            if lb.strain is NT:
                note.tag = PENALTY
                sh.at_least(16)
            else:
                note.tag = TAKEOUT
                sh.takeout = True
                sh.at_least(11 if _passes_since_last_bid(a) == 2 else 12)
                for s in a.opp_suits(seat):
                    sh.length(s, 0, 2)
                for s in range(4):
                    if s not in a.opp_suits(seat):
                        sh.length(s, 3)
                note.forcing = True
        else:
            note.tag = PENALTY
            if lb.strain is not NT:
                sh.length(int(lb.strain), 3)
        return note
    # a bid
    level, strain = call.level, int(call.strain)
    if call == Call.bid(4, NT) and ctx in ("resp", "rebid", "advance", "general", "nt_resp2", "2c_rebid") \
            and four_nt_is_blackwood(a, seat):
        note.tag = BW
        note.forcing = True
        return note
    if ctx == "open":
        _read_opening(sh, call, note, a)
        return note
    if ctx == "nt_resp":
        _read_nt_response(a, seat, call, note)
        return note
    if ctx == "nt_rebid":
        _read_nt_rebid(a, seat, call, note)
        return note
    if ctx == "nt_resp2":
        note.tag = NATURAL
        _read_general(a, seat, call, note)
        return note
    if ctx == "2c_resp":
        if call == Call.bid(2, Strain.DIAMONDS):
            note.tag = NEG2D
            sh.range(0, 7.5)
        else:
            note.tag = POS2C
            sh.at_least(8)
            if strain != NT:
                sh.length(strain, 5)
            else:
                sh.balanced = True
            a.game_forced[seat.side] = True
        return note
    if ctx == "2c_rebid":
        note.tag = REBID2C
        if strain == NT:
            sh.balanced = True
            if level == 2:
                sh.range(22, 24.5)
            else:
                sh.range(25, 27.5)
                a.game_forced[seat.side] = True
        else:
            sh.length(strain, 5)
            a.game_forced[seat.side] = True
        return note
    if ctx == "resp":
        _read_response(a, seat, call, note)
        return note
    if ctx == "rebid":
        if a.last_bid_seat is not None and a.last_bid_seat.side != seat.side:
            _read_general(a, seat, call, note)  # a competitive rebid is chosen by the general rules
        else:
            _read_rebid(a, seat, call, note)
        return note
    if ctx == "overcall":
        if strain == NT and level <= 2 and not _is_jump(a, call):
            note.tag = NT_OVERCALL
            sh.range(15, 18.5)
            sh.balanced = True
        else:
            note.tag = OVERCALL
            sh.range(8, 16.5)
            sh.length(strain, 6 if level >= 3 else 5)
        return note
    if ctx == "advance":
        _read_advance(a, seat, call, note)
        return note
    _read_general(a, seat, call, note)
    return note


def _read_opening(sh: Shown, call: Call, note: _CallNote, a: Auction) -> None:
    level, strain = call.level, int(call.strain)
    sh.opened = True
    if level in (1, 2) and strain == NT:
        note.tag = OPEN_NT
        sh.range(*((15, 17.5) if level == 1 else (20, 21.5)))  # 1NT 15-17, 2NT 20-21, balanced
        sh.balanced = True
        for s in range(4):
            sh.length(s, 2, 5)
    elif level == 1:
        note.tag = OPEN
        sh.range(11, 21.5)
        sh.length(strain, 5 if strain >= 2 else 3)
        if strain < 2:
            sh.length(2, 0, 4)
            sh.length(3, 0, 4)
    elif level == 2 and strain == Strain.CLUBS:
        note.tag = OPEN_2C
        sh.range(22, 37)
        note.forcing = True
    elif level == 2:
        note.tag = WEAK
        sh.preempt = True
        sh.range(5, 10.5)
        sh.length(strain, 6, 6)
    else:
        note.tag = WEAK
        sh.preempt = True
        sh.range(5, 10.5)
        sh.length(strain, level + 4)


def _read_response(a: Auction, seat: Seat, call: Call, note: _CallNote) -> None:
    """Responses to partner's opening of one of a suit or a pre-empt."""
    sh = a.shown[seat]
    assert a.opening is not None
    op = a.opening
    x = int(op.strain)
    level, strain = call.level, int(call.strain)
    note.tag = RESP
    opening_note = a.notes[_index_of_opening(a)]
    if opening_note.tag == WEAK or opening_note.tag == OPEN_NT or opening_note.tag == OPEN_2C:
        # competitive continuations over our pre-empt or strong opening: natural
        _read_general(a, seat, call, note)
        return
    if a.last_bid is not None and a.last_bid.level >= 3 and a.last_bid_seat is not None \
            and a.last_bid_seat.side != seat.side:
        _read_general(a, seat, call, note)
        return
    passed = sh.passed
    top = 11.5 if passed else 30.0
    if strain == x:
        sh.length(x, 3 if x >= 2 else 4)
        jump = level - op.level
        if level >= GAME_LEVEL[x]:
            sh.range(13, 15.5)
        elif jump >= 2 or (level == 3 and _is_jump(a, call)):
            sh.range(11, 12.5)
        else:
            sh.range(6, 10.5)
        return
    if strain == NT:
        sh.balanced = level >= 2
        if level == 1:
            sh.range(6, 10.5)
            if x >= 2:
                sh.length(x, 0, 2)
        elif level == 2:
            sh.range(11, 12.5)
        else:
            sh.range(13, 15.5)
        return
    # new suit
    sh.length(strain, 5 if (level >= 2 and strain == 2 and x == 3) else 4)
    contested = a.last_bid_seat is not None and a.last_bid_seat.side != seat.side
    if level == 1:
        sh.range(6, top)
    elif contested:
        sh.length(strain, 5)
        sh.range(8, top)
        return
    else:
        sh.range(11 if not passed else 10, top)
    note.forcing = not passed


def _read_rebid(a: Auction, seat: Seat, call: Call, note: _CallNote) -> None:
    """Opener's second bid after a one-of-a-suit opening."""
    sh = a.shown[seat]
    note.tag = REBID
    assert a.opening is not None
    x = int(a.opening.strain)
    pn = a.last_note_of(seat.partner)
    presp = int(pn.call.strain) if pn is not None and pn.call.is_bid else None
    level, strain = call.level, int(call.strain)
    jump = _is_jump(a, call)
    if level >= GAME_LEVEL[strain] or (strain == NT and level >= 3):
        sh.at_least(18)
        if strain == NT:
            sh.balanced = True
        elif presp is not None and strain == presp:
            sh.length(strain, 4 if strain < 2 or (pn is not None and pn.call.level == 1) else 3)
        elif strain == x:
            sh.length(x, 6)
        return
    if strain == NT:
        sh.balanced = True
        if jump or presp == NT:
            sh.range(18, 19.5)
        else:
            sh.range(11, 14.5)
        return
    if strain == x:
        sh.length(x, 6)
        sh.range(16, 18.5) if jump else sh.range(11, 15.5)
        return
    if presp is not None and strain == presp:
        sh.length(strain, 4 if strain < 2 or (pn is not None and pn.call.level == 1) else 3)
        raise_levels = level - pn.call.level if pn is not None else 1
        if raise_levels >= 2:
            sh.range(16, 18.5)
        else:
            sh.range(11, 15.5)
        return
    # a new suit
    sh.length(strain, 4)
    if jump:
        sh.range(19, 21.5)
        a.game_forced[seat.side] = True
        note.forcing = True
    elif strain > x and level >= 2:
        sh.range(17, 21.5)  # a reverse
        sh.length(x, 5)
        note.forcing = True
    else:
        sh.range(11, 18.5)


def _read_nt_response(a: Auction, seat: Seat, call: Call, note: _CallNote) -> None:
    sh = a.shown[seat]
    assert a.opening is not None
    lo, hi = (15.0, 17.5) if a.opening.level == 1 else (20.0, 21.5)
    base = a.opening.level
    level, strain = call.level, int(call.strain)
    note.tag = NT_RESP
    if strain == Strain.CLUBS and level == base + 1:
        note.tag = STAYMAN
        note.forcing = True
        sh.at_least(25 - hi if base == 1 else 4)
        return
    if strain == NT:
        sh.balanced = True
        if level == base + 1:
            sh.range(25 - hi, 24.5 - lo)
        elif level == 3:
            sh.range(max(0, 25 - lo), 32.5 - hi)
        elif level == 4:
            sh.range(33 - hi, 32.5 - lo)
            note.tag = QUANT
        elif level == 6:
            sh.range(33 - lo, 36.5 - lo)
        else:
            sh.at_least(37 - lo)
        return
    if base == 1 and level == 2:  # weak sign-off
        sh.length(strain, 5)
        sh.range(0, 7.5)
        return
    if level == 3 and strain >= 2:  # 3M: five cards, game forcing
        sh.length(strain, 5)
        sh.at_least(25 - hi)
        note.forcing = True
        a.game_forced[seat.side] = True
        return
    sh.length(strain, 6)
    sh.at_least(25 - hi)


def _read_nt_rebid(a: Auction, seat: Seat, call: Call, note: _CallNote) -> None:
    sh = a.shown[seat]
    pn = a.last_note_of(seat.partner)
    note.tag = NT_REBID
    if pn is not None and pn.tag == STAYMAN:
        note.tag = STAYMAN_ANS
        if call.strain == Strain.DIAMONDS:
            sh.length(2, 0, 3)
            sh.length(3, 0, 3)
        else:
            sh.length(int(call.strain), 4)
            if call.strain == Strain.SPADES:
                sh.length(2, 0, 3)
        return
    if pn is not None and pn.tag == QUANT:
        if call.is_bid and call.level >= 6:
            sh.at_least(sh.lo + 1.5)
        return
    if call.is_bid and pn is not None and pn.call.is_bid and call.strain == pn.call.strain \
            and call.strain is not NT:
        sh.length(int(call.strain), 3)
    if call.is_bid and call.strain is NT and pn is not None and pn.call.strain is NT:
        sh.at_least((sh.lo + sh.hi) / 2)


def _read_advance(a: Auction, seat: Seat, call: Call, note: _CallNote) -> None:
    sh = a.shown[seat]
    note.tag = ADVANCE
    pcalls = [n for n in a.calls_of(seat.partner) if not n.call.is_pass]
    first = pcalls[0]
    level, strain = call.level, int(call.strain)
    jump = _is_jump(a, call)
    if first.tag == TAKEOUT:
        if strain == NT:
            sh.balanced = True
            sh.range(6, 10.5) if level == 1 else sh.range(11, 12.5) if level == 2 else sh.at_least(13)
        elif level >= GAME_LEVEL[strain]:
            sh.at_least(12)
            sh.length(strain, 4)
        else:
            sh.length(strain, 4 if jump else 3)
            sh.range(9, 11.5) if jump else sh.range(0, 8.5)
        return
    if first.tag == OVERCALL and strain == int(first.call.strain):
        sh.length(strain, 3)
        if level >= GAME_LEVEL[strain]:
            sh.at_least(13)
        elif jump:
            sh.range(11, 12.5)
        else:
            sh.range(6, 10.5)
        return
    if strain == NT:
        sh.balanced = True
        sh.range(9, 11.5) if level <= 1 or (level == 2 and not jump) else sh.at_least(12)
        return
    _read_general(a, seat, call, note)


def _read_general(a: Auction, seat: Seat, call: Call, note: _CallNote) -> None:
    """A natural bid later in the auction; the range follows the placement rules of ``_Bidder.general``."""
    sh = a.shown[seat]
    p = a.shown[seat.partner]
    level, strain = call.level, int(call.strain)
    if strain == NT and level == 4:
        if four_nt_is_blackwood(a, seat):
            note.tag = BW
            note.forcing = True
            return
        note.tag = QUANT
        sh.at_least(SLAM_POINTS - p.hi)
        return
    game = GAME_LEVEL[strain]
    partner_suit = strain != NT and strain in p.suits
    if strain == NT:
        sh.nt = True
        for s in a.opp_suits(seat):
            sh.stops.add(s)
    elif partner_suit and p.suits and strain != p.suits[-1]:
        sh.length(strain, 2)  # preference to partner's earlier suit
    elif partner_suit:
        sh.length(strain, max(3, 8 - p.min_len[strain]))
    elif strain in sh.suits:
        sh.length(strain, max(5, sh.min_len[strain] + 1))
    else:
        sh.length(strain, 4)
        opening_side = a.opener is not None and a.opener.side == seat.side
        if level < game and not sh.passed and opening_side:
            note.forcing = True
    contested = a.last_bid_seat is not None and a.last_bid_seat.side != seat.side
    if not p.limited:
        return
    if level >= 7:
        sh.at_least(GRAND_POINTS - p.est)
    elif level == 6:
        sh.at_least(SLAM_POINTS - p.est)
    elif level >= game:
        sh.at_least(GAME_POINTS - p.est - 1)
    elif level == game - 1 and (partner_suit or strain == NT or strain in sh.suits) and not contested \
            and (_is_jump(a, call) or p.limited):
        sh.range(GAME_POINTS + 1 - p.hi, GAME_POINTS - p.est)

# ===================================================================== choosing a call
class _Bidder:
    """Chooses a call for one seat from its hand and the auction read so far."""

    def __init__(self, view: BridgeView) -> None:
        self.v = view
        self.seat = view.seat
        self.h = hand_eval(view.hand)
        self.a = Auction(view.dealer, view.calls)
        self.legal: set[Call] = {c for c in view.legal if type(c) is Call}
        self.p = self.a.shown[self.seat.partner]

    # ------------------------------------------------------------- helpers
    def ok(self, call: Call | None) -> bool:
        return call is not None and call in self.legal

    def bid_at(self, level: int, strain: int) -> Call | None:
        c = _bid(level, strain)
        return c if self.ok(c) else None

    def cheapest(self, strain: int) -> Call | None:
        return self.bid_at(_cheapest(self.a, strain), strain)

    def choose(self) -> Call:
        ctx = _context(self.a, self.seat)
        handlers: dict[str, Callable[[], Call]] = {
            "open": self.open, "nt_resp": self.nt_response, "nt_rebid": self.nt_rebid,
            "nt_resp2": self.nt_response2, "2c_resp": self.two_club_response, "2c_rebid": self.two_club_rebid,
            "resp": self.response, "rebid": self.rebid, "overcall": self.overcall, "advance": self.advance,
            "bw_answer": self.bw_answer, "bw_place": self.bw_place, "bw_done": lambda: PASS,
        }
        call = handlers.get(ctx, self.general)()
        return call if call in self.legal else PASS

    # ------------------------------------------------------------- openings
    def opening_suit(self) -> int:
        lens = self.h.lens
        n = max(lens)
        if n >= 5:
            return max(s for s in range(4) if lens[s] == n)
        c, d = lens[0], lens[1]
        if c > d:
            return 0
        if d > c:
            return 1
        return 1 if d >= 4 else 0

    def open(self) -> Call:
        h = self.h
        fourth = len(self.a.notes) == 3
        if h.hcp >= 22:
            return Call.bid(2, Strain.CLUBS)
        if h.balanced and 20 <= h.hcp <= 21:
            return Call.bid(2, NT)
        if h.balanced and 15 <= h.hcp <= 17:
            return Call.bid(1, NT)
        if h.hcp >= 12 or (h.hcp >= 11 and h.points >= 13):
            return Call.bid(1, self.opening_suit())
        if not fourth and 5 <= h.hcp <= 10:
            n = max(h.lens)
            s = max(x for x in range(4) if h.lens[x] == n)
            if n == 6 and s != 0 and h.good_suit(s) and (s < 2 or h.lens[5 - s] <= 3):
                return Call.bid(2, s)
            if n >= 7 and h.good_suit(s):
                return Call.bid(min(4, n - 4), s)
        return PASS

    # ------------------------------------------------------------- no-trump openings
    def _nt_range(self) -> tuple[float, float, int]:
        op = self.a.opening
        assert op is not None
        return (15.0, 17.0, 1) if op.level == 1 else (20.0, 21.0, 2)

    def nt_response(self) -> Call:
        h = self.h
        lo, hi, base = self._nt_range()
        hcp = h.hcp
        game = hcp + lo >= GAME_POINTS
        invite = not game and hcp + hi >= GAME_POINTS
        if base == 2 and invite:
            game, invite = True, False
        m6 = [s for s in (3, 2) if h.lens[s] >= 6]
        m5 = [s for s in (3, 2) if h.lens[s] >= 5]
        m4 = [s for s in (3, 2) if h.lens[s] == 4]
        if m6 and (game or invite) and hcp + lo < SLAM_POINTS:
            return Call.bid(4, m6[0])
        if m5 and base == 1 and not (game or invite):
            return Call.bid(2, max(m5, key=lambda s: (h.lens[s], s)))
        if m5 and game and hcp + lo < SLAM_POINTS:
            return Call.bid(3, max(m5, key=lambda s: (h.lens[s], s)))
        if m4 and (game or invite) and hcp + lo < SLAM_POINTS:
            return Call.bid(base + 1, Strain.CLUBS)
        if hcp + lo >= GRAND_POINTS:
            return Call.bid(7, NT)
        if hcp + lo >= SLAM_POINTS:
            return Call.bid(6, NT)
        if hcp + hi >= SLAM_POINTS:
            return Call.bid(4, NT)
        if game:
            return Call.bid(3, NT)
        if invite:
            return Call.bid(2, NT)
        if base == 1 and h.lens[1] >= 5 and h.lens[1] == max(h.lens):
            return Call.bid(2, Strain.DIAMONDS)
        return PASS

    def nt_rebid(self) -> Call:
        h = self.h
        lo, hi, base = self._nt_range()
        pn = self.a.last_note_of(self.seat.partner)
        assert pn is not None
        if pn.tag == STAYMAN:
            if h.lens[2] >= 4:
                return Call.bid(base + 1, Strain.HEARTS)
            if h.lens[3] >= 4:
                return Call.bid(base + 1, Strain.SPADES)
            return Call.bid(base + 1, Strain.DIAMONDS)
        call = pn.call
        if not call.is_bid:
            return PASS
        upper = h.hcp >= (lo + hi) / 2 or (h.hcp >= lo + 1 and h.length_points >= 1)
        if pn.tag == QUANT:
            return Call.bid(6, NT) if upper else PASS
        if call.strain is NT and call.level == base + 1:
            return Call.bid(3, NT) if upper else PASS
        if call.level == 3 and call.strain in (Strain.HEARTS, Strain.SPADES):
            return Call.bid(4, call.strain) if h.lens[call.strain] >= 3 else Call.bid(3, NT)
        return PASS

    def nt_response2(self) -> Call:
        h = self.h
        lo, hi, _base = self._nt_range()
        pn = self.a.last_note_of(self.seat.partner)
        mine = self.a.bids_of(self.seat)
        assert pn is not None and mine
        if mine[0].tag == STAYMAN:
            ans = int(pn.call.strain) if pn.call.is_bid else 1
            if ans >= 2 and h.lens[ans] >= 4:
                pts = h.support_points(ans)
                if pts + lo >= SLAM_POINTS:
                    return Call.bid(4, NT)
                if pts + lo >= GAME_POINTS:
                    return Call.bid(4, ans)
                if pts + hi >= GAME_POINTS:
                    return self.bid_at(3, ans) or PASS
                return PASS
            m5 = [s for s in (3, 2) if h.lens[s] >= 5]
            if m5 and h.hcp + lo >= GAME_POINTS:
                c = self.bid_at(3, m5[0])
                if c is not None:
                    return c
            if h.hcp + lo >= GRAND_POINTS:
                return Call.bid(7, NT)
            if h.hcp + lo >= SLAM_POINTS:
                return Call.bid(6, NT)
            if h.hcp + hi >= SLAM_POINTS:
                return Call.bid(4, NT)
            if h.hcp + lo >= GAME_POINTS:
                return Call.bid(3, NT)
            return self.bid_at(2, NT) or self.bid_at(3, NT) or PASS
        # after 1NT-3M-3NT: six of the major go back to it
        first = mine[0].call
        if pn.call == Call.bid(3, NT) and first.level == 3 and first.strain in (Strain.HEARTS, Strain.SPADES) \
                and h.lens[first.strain] >= 6:
            return Call.bid(4, first.strain)
        return PASS

    # ------------------------------------------------------------- strong two clubs
    def two_club_response(self) -> Call:
        h = self.h
        if h.hcp >= 8:
            good = [s for s in range(4) if h.lens[s] >= 5 and h.honours(s) >= 2]
            if good:
                s = max(good, key=lambda x: (h.lens[x], x >= 2, x))
                c = self.cheapest(s)
                if c is not None:
                    return c
            return Call.bid(2, NT)
        return Call.bid(2, Strain.DIAMONDS)

    def two_club_rebid(self) -> Call:
        h = self.h
        pn = self.a.last_note_of(self.seat.partner)
        if pn is not None and pn.tag == NEG2D:
            if h.balanced and h.hcp <= 24:
                return Call.bid(2, NT)
            if h.balanced and h.hcp <= 27:
                return Call.bid(3, NT)
            if not h.balanced:
                n = max(h.lens)
                s = max(x for x in range(4) if h.lens[x] == n)
                c = self.cheapest(s)
                if c is not None:
                    return c
        return self.general()

    # ------------------------------------------------------------- responses to one of a suit
    def response(self) -> Call:
        a, h = self.a, self.h
        op_note = a.notes[_index_of_opening(a)]
        if op_note.tag != OPEN:
            return self.general()
        assert a.opening is not None
        x = int(a.opening.strain)
        lb = a.last_bid
        assert lb is not None
        interference = a.last_bid_seat is not None and a.last_bid_seat.side != self.seat.side
        rho_doubled = bool(a.notes) and a.notes[-1].call.is_double and a.notes[-1].seat == self.seat.rho
        passed = a.shown[self.seat].passed
        hcp, pts = h.hcp, h.points
        major = x >= 2
        lenx = h.lens[x]
        fit = lenx >= 3 if major else lenx >= (4 if x == 1 else 5)
        sp = h.support_points(x) if fit else pts
        opp = a.opp_suits(self.seat)
        if interference and lb.level >= 3:
            return self.general()
        if rho_doubled and hcp >= 10 and not (fit and major) and self.ok(REDOUBLE):
            return REDOUBLE
        if interference and lb.strain is not NT and not fit and self.ok(DOUBLE):
            s = int(lb.strain)
            if h.lens[s] >= 4 and h.honours(s) >= 2 and hcp >= 10 and lb.level <= 3:
                return DOUBLE
        if fit and major:
            c = self._raise(x, sp, passed, lenx)
            if c is not None:
                return c
            if sp < 6:
                return PASS
        if pts >= 6:
            one = [s for s in range(4) if s not in opp and h.lens[s] >= 4 and _cheapest(a, s) == 1 and s != x]
            if one:
                majors = [s for s in one if s >= 2]
                if len(majors) == 2:
                    s = 3 if h.lens[3] >= 5 and h.lens[3] > h.lens[2] else 2
                elif majors:
                    s = majors[0]
                else:
                    s = max(one, key=lambda t: (h.lens[t], t))
                return Call.bid(1, s)
        if fit and not major and hcp <= 12 and sp >= 6:
            c = self._raise(x, sp, passed, lenx)
            if c is not None:
                return c
        stop_ok = all(h.stopper(s) for s in opp)
        if hcp >= 11 and not passed and not interference:
            five = [s for s in range(4) if s != x and h.lens[s] >= 5 and _cheapest(a, s) == 2]
            if five and not (fit and major):
                return Call.bid(2, max(five, key=lambda t: (h.lens[t], t)))
        if h.balanced and stop_ok and not (fit and major):
            if 11 <= hcp <= 12 and self.ok(Call.bid(2, NT)) and _cheapest(a, NT) == 2:
                return Call.bid(2, NT)
            if 13 <= hcp <= 15 and not passed:
                return self.bid_at(3, NT) or PASS
        if hcp >= (10 if passed else 11):
            need = {s: (5 if (s == 2 and x == 3) else 4) for s in range(4)}
            two = [s for s in range(4) if s != x and s not in opp and h.lens[s] >= need[s] and _cheapest(a, s) == 2]
            if passed:
                two = [s for s in two if h.lens[s] >= 5]
            if two:
                s = max(two, key=lambda t: (h.lens[t], t))
                return Call.bid(2, s)
        if 6 <= hcp <= 10 and _cheapest(a, NT) == 1 and (stop_ok or hcp >= 8) and (not interference or hcp >= 8):
            return Call.bid(1, NT)
        if hcp >= 13 and not passed:
            if stop_ok and h.semi_balanced and not (fit and major):
                c = self.bid_at(3, NT)
                if c is not None:
                    return c
            cands = [s for s in range(4) if s != x and s not in opp and h.lens[s] >= 3]
            for s in sorted(cands, key=lambda t: (-h.lens[t], t)):
                c = self.cheapest(s)
                if c is not None and c.level <= 2:
                    return c
            if fit and major:
                return self.bid_at(4, x) or PASS
            return self.bid_at(3, NT) or PASS
        if fit and sp >= 6:
            c = self._raise(x, min(sp, 10), passed, lenx)
            if c is not None:
                return c
        if interference and 6 <= hcp <= 10:
            five = [s for s in range(4) if s not in opp and s != x and h.lens[s] >= 5 and h.good_suit(s)]
            for s in five:
                c = self.cheapest(s)
                if c is not None and c.level <= 2 and (c.level == 1 or hcp >= 9):
                    return c
        return PASS

    def _raise(self, x: int, sp: int, passed: bool, lenx: int) -> Call | None:
        a = self.a
        c = _cheapest(a, x)
        major = x >= 2
        if sp < 6:
            return None
        if sp <= 10:
            if c <= 2 or (c == 3 and (lenx >= 4 or sp >= 8)):
                return self.bid_at(c, x)
            return None
        if sp <= 12 or (not major and sp <= 12):
            lvl = max(3, c)
            return self.bid_at(lvl, x) if lvl <= 3 else None
        if major and (sp <= 15 or passed):
            return self.bid_at(4, x)
        return None

    # ------------------------------------------------------------- opener's rebid
    def rebid(self) -> Call:
        a, h = self.a, self.h
        pn = self.a.last_note_of(self.seat.partner)
        assert pn is not None and a.opening is not None
        if a.last_bid_seat is not None and a.last_bid_seat.side != self.seat.side:
            return self.general()
        resp = pn.call
        if not resp.is_bid:
            if resp.is_double:
                return PASS
            return self.general()
        x = int(a.opening.strain)
        y = int(resp.strain)
        pts = h.points
        cat = 0 if pts <= 15 else 1 if pts <= 18 else 2
        if y == x or (y == NT and resp.level >= 2):
            return self.general()
        if y == NT:  # 1NT, 6-10
            if h.balanced:
                if h.hcp >= 18:
                    return self.bid_at(2, NT) or PASS
                return PASS
            if h.lens[x] >= 6:
                return self._rebid_own(x, cat)
            seconds = [s for s in range(4) if s != x and h.lens[s] >= 4]
            for z in sorted(seconds, key=lambda t: (-h.lens[t], -t)):
                if z < x:
                    if cat == 2:
                        return self.bid_at(3, z) or self.cheapest(z) or PASS
                    c = self.cheapest(z)
                    if c is not None and c.level == 2:
                        return c
                elif h.hcp >= 17:
                    c = self.cheapest(z)
                    if c is not None and c.level == 2:
                        return c
            if cat == 2:
                return self.bid_at(3, NT) or PASS
            if h.lens[x] >= 5 and not h.semi_balanced:
                return self.cheapest(x) or PASS
            return PASS
        # partner bid a new suit
        support = h.lens[y] >= (3 if (resp.level >= 2 and y >= 2) else 4)
        if support:
            sp = max(h.support_points(y), pts)
            catr = 0 if sp <= 15 else 1 if sp <= 18 else 2
            cl = _cheapest(a, y)
            if catr == 0:
                return self.bid_at(cl, y) or PASS
            if catr == 1:
                return self.bid_at(cl + 1, y) or self.bid_at(cl, y) or PASS
            if y >= 2:
                return self.bid_at(4, y) or PASS
            unbid_stopped = all(h.stopper(s) for s in range(4) if s not in a.side_suits(self.seat))
            return (self.bid_at(3, NT) if unbid_stopped else None) or self.bid_at(cl + 1, y) or PASS
        if resp.level == 1:
            ups = [s for s in range(4) if s > y and s != x and h.lens[s] >= 4]
            if ups:
                z = min(ups)
                if cat == 2:
                    return self.bid_at(2, z) or PASS
                return self.bid_at(1, z) or PASS
        if h.balanced:
            if resp.level == 1:
                if h.hcp >= 18:
                    return self.bid_at(2, NT) or PASS
                return self.bid_at(1, NT) or PASS
            if h.hcp >= 18:
                return self.bid_at(3, NT) or PASS
            return self.bid_at(2, NT) or PASS
        seconds = [s for s in range(4) if s not in (x, y) and h.lens[s] >= 4]
        five = [z for z in seconds if h.lens[z] >= 5]
        if five:
            c2 = self._second_suit(five, x, cat, resp.level)
            if c2 is not None:
                return c2
        if h.lens[x] >= 6:
            return self._rebid_own(x, cat)
        c2 = self._second_suit(seconds, x, cat, resp.level)
        if c2 is not None:
            return c2
        if cat == 2:
            return self.bid_at(3, NT) or self.cheapest(x) or PASS
        c = self.cheapest(x)
        if c is not None and c.level <= 2 and h.lens[x] >= 5:
            return c
        nt_bid = self.cheapest(NT)
        if nt_bid is not None and nt_bid.level <= 2:
            return nt_bid
        return self.cheapest(x) or PASS

    def _second_suit(self, seconds: list[int], x: int, cat: int, resp_level: int) -> Call | None:
        """Opener shows a second suit: cheaply below his first suit, a reverse with 17+, a jump with 19+."""
        h = self.h
        for z in sorted(seconds, key=lambda t: (-h.lens[t], -t)):
            c = self.cheapest(z)
            if c is None:
                continue
            if cat == 2:
                j = self.bid_at(c.level + 1, z)
                if j is not None and j.level <= 3:
                    return j
            if z < x and c.level <= 2:
                return c
            if z < x and c.level == 3 and resp_level == 2 and cat >= 1:
                return c
            if z > x and c.level == 2 and h.hcp >= 17:
                return c
        return None

    def _rebid_own(self, x: int, cat: int) -> Call:
        c = _cheapest(self.a, x)
        if cat == 0:
            return self.bid_at(c, x) or PASS
        if cat == 1:
            return self.bid_at(c + 1, x) or self.bid_at(c, x) or PASS
        if x >= 2:
            return self.bid_at(4, x) or PASS
        return self.bid_at(3, NT) or self.bid_at(c + 1, x) or PASS

    # ------------------------------------------------------------- defensive bidding
    def overcall(self) -> Call:
        a, h = self.a, self.h
        lb = a.last_bid
        assert lb is not None
        bal = _passes_since_last_bid(a) == 2
        adj = 3 if bal else 0
        hcp = h.hcp
        opp = a.opp_suits(self.seat)
        stops = all(h.stopper(s) for s in opp)
        if lb.level == 1 and lb.strain is not NT and h.balanced and 15 - adj <= hcp <= 18 and stops:
            c = self.bid_at(1, NT)
            if c is not None:
                return c
        if lb.strain is NT:
            if hcp >= 16 and lb.level == 1 and self.ok(DOUBLE):
                return DOUBLE
        elif hcp >= 17 and lb.level <= 3 and self.ok(DOUBLE):
            return DOUBLE
        cands = [s for s in range(4) if s not in opp and h.lens[s] >= 5 and (h.good_suit(s) or h.lens[s] >= 6)]
        if cands:
            s = max(cands, key=lambda t: (h.lens[t], h.suit_hcp(t), t))
            lvl = _cheapest(a, s)
            n = h.lens[s]
            if lvl == 1 and 8 - adj <= hcp <= 16:
                return Call.bid(1, s)
            if lvl == 2 and 10 - adj <= hcp <= 16 and (n >= 6 or h.top3(s) >= 2 or h.honours(s) >= 3):
                return Call.bid(2, s)
            if lvl == 3 and n >= 6 and 12 - adj <= hcp <= 16 and h.good_suit(s):
                return Call.bid(3, s)
        if lb.strain is not NT and lb.level <= 3 and self.ok(DOUBLE) and hcp >= 12 - adj + (2 if lb.level >= 3 else 0):
            short = all(h.lens[s] <= 2 for s in opp)
            unbid = [s for s in range(4) if s not in opp]
            if short and all(h.lens[s] >= 3 for s in unbid):
                return DOUBLE
        return PASS

    def advance(self) -> Call:
        a, h = self.a, self.h
        pcalls = [n for n in a.calls_of(self.seat.partner) if not n.call.is_pass]
        first = pcalls[0]
        opp = a.opp_suits(self.seat)
        hcp, pts = h.hcp, h.points
        lb = a.last_bid
        assert lb is not None
        free = a.last_bid_seat is not None and a.last_bid_seat.side != self.seat.side and \
            a.last_bid_seat != first.seat and not (first.call.is_double and a.doubled == 1)
        if first.tag == TAKEOUT:
            if a.doubled == 1 and a.notes[-1].call.is_pass:
                pass  # partner's double stands: we must bid (leaving it in needs a trump stack)
            elif free and hcp < 6:
                return PASS
            unbid = [s for s in range(4) if s not in opp]
            majors = [s for s in unbid if s >= 2 and h.lens[s] >= 4]
            stop = all(h.stopper(s) for s in opp)
            if not majors and stop and h.semi_balanced and hcp >= 6:
                if hcp >= 13:
                    return self.bid_at(3, NT) or PASS
                if hcp >= 11:
                    c = self.bid_at(2, NT)
                    if c is not None:
                        return c
                c = self.cheapest(NT)
                if c is not None and c.level <= 2:
                    return c
            pool = majors or unbid
            s = max(pool, key=lambda t: (h.lens[t], t))
            cl = _cheapest(a, s)
            if pts >= 12:
                if s >= 2 and h.lens[s] >= 4:
                    return self.bid_at(max(4, cl), s) or PASS
                if stop:
                    return self.bid_at(3, NT) or self.bid_at(cl + 1, s) or PASS
                return self.bid_at(cl + 1, s) or self.bid_at(cl, s) or PASS
            if pts >= 9 and cl + 1 < GAME_LEVEL[s]:
                return self.bid_at(cl + 1, s) or self.bid_at(cl, s) or PASS
            return self.bid_at(cl, s) or PASS
        if first.tag == OVERCALL:
            s = int(first.call.strain)
            if h.lens[s] >= 3:
                sp = h.support_points(s)
                cl = _cheapest(a, s)
                if sp >= 13 and s >= 2:
                    return self.bid_at(max(4, cl), s) or PASS
                if sp >= 11:
                    return self.bid_at(cl + 1, s) or self.bid_at(cl, s) or PASS
                if sp >= 6 and cl <= 3:
                    return self.bid_at(cl, s) or PASS
                return PASS
            stop = all(h.stopper(t) for t in opp)
            if stop and hcp >= 9:
                if hcp >= 15:
                    return self.bid_at(3, NT) or PASS
                c = self.cheapest(NT)
                if hcp >= 12:
                    c2 = self.bid_at(2, NT)
                    if c2 is not None:
                        return c2
                if c is not None and c.level <= 2:
                    return c
            own = [t for t in range(4) if t not in opp and t != s and h.lens[t] >= 6 and h.good_suit(t)]
            if own and 8 <= hcp <= 15:
                c = self.cheapest(own[0])
                if c is not None and c.level <= 3:
                    return c
            return PASS
        return self.general()

    # ------------------------------------------------------------- Blackwood
    def bw_answer(self) -> Call:
        if self.a.last_bid != Call.bid(4, NT):
            return PASS
        n = self.h.aces
        return Call.bid(5, (0, 1, 2, 3, 0)[n])

    def _trump_for_slam(self) -> int | None:
        a = self.a
        best, _fit = self.best_strain()
        if best is not None and best != NT:
            return best
        t = a.agreed(self.seat)
        if t is not None:
            return t
        for n in reversed(a.notes):
            if n.seat.side == self.seat.side and n.call.is_bid and n.tag not in (BW, BW_ANS) \
                    and n.call.strain is not NT:
                return int(n.call.strain)
        return None

    def bw_place(self) -> Call:
        a, h = self.a, self.h
        pn = a.last_note_of(self.seat.partner)
        trump = self._trump_for_slam()
        if pn is None or not pn.call.is_bid or trump is None:
            return PASS
        shown = int(pn.call.strain)  # 5C 0/4, 5D 1, 5H 2, 5S 3
        partner_aces = (0 if h.aces >= 1 else 4) if shown == 0 else shown
        total = h.aces + partner_aces
        missing = 4 - total
        if missing >= 2:
            c = self.bid_at(5, trump)
            if c is not None:
                return c
            if pn.call.strain == trump:
                return PASS
            return self.bid_at(6, trump) or PASS
        est = self._mine_for(trump) + self.p.est
        if missing == 0 and est >= GRAND_POINTS:
            return self.bid_at(7, trump) or PASS
        return self.bid_at(6, trump) or PASS

    # ------------------------------------------------------------- the general placement
    def _mine_for(self, strain: int | None) -> float:
        h = self.h
        if strain is None or strain == NT:
            return h.hcp + min(h.length_points, 1)
        if strain in self.p.suits and strain not in self.a.shown[self.seat].suits[:1] and h.lens[strain] >= 3:
            return max(h.support_points(strain), h.hcp)
        return h.points

    def best_strain(self) -> tuple[int | None, int]:
        a, h, p = self.a, self.h, self.p
        opp = a.opp_suits(self.seat)
        mine = set(a.shown[self.seat].suits)
        cands: list[tuple[int, int]] = []
        for s in range(4):
            if s in opp and s not in mine and s not in p.suits:
                continue
            tot = h.lens[s] + p.min_len[s]
            if tot >= 8:
                cands.append((s, tot))
            elif h.lens[s] >= 6 and p.max_len[s] >= 2 and (h.good_suit(s) or h.lens[s] >= 7):
                cands.append((s, h.lens[s] + 2))
        majors = [c for c in cands if c[0] >= 2]
        if majors:
            best = max(majors, key=lambda c: (c[1], c[0]))
            return best[0], best[1]
        stops = all(h.stopper(s) or s in p.stops for s in opp)
        shape_ok = h.semi_balanced or p.nt or p.balanced
        if stops and shape_ok:
            return NT, 0
        if cands:
            best = max(cands, key=lambda c: (c[1], c[0]))
            return best[0], best[1]
        return None, 0

    def general(self) -> Call:
        a, h, p = self.a, self.h, self.p
        seat = self.seat
        lb = a.last_bid
        forcing = a.forcing(seat)
        ours = a.ours(seat)
        pn = a.last_note_of(seat.partner)
        if lb is None:
            return self.open()
        if not ours and a.doubled == 1 and pn is not None and pn.call.is_double and pn.tag == PENALTY:
            return PASS
        if ours and a.doubled >= 1:
            return PASS
        if pn is not None and pn.tag == QUANT and ours and lb == pn.call:
            me_sh = a.shown[seat]
            return Call.bid(6, NT) if self._mine_for(NT) >= (me_sh.lo + min(me_sh.hi, me_sh.lo + 4)) / 2 else PASS
        strain, fit = self.best_strain()
        if strain is None:
            return self.describe(forcing)
        if strain == NT and lb.level > 3:
            minors = [t for t in (0, 1) if h.lens[t] + p.min_len[t] >= 8]
            if minors:
                strain = max(minors, key=lambda t: h.lens[t] + p.min_len[t])
                fit = h.lens[strain] + p.min_len[strain]
        mine = self._mine_for(strain)
        est = mine + p.est
        hi = mine + p.hi
        if strain == NT and not (p.balanced or p.nt):
            est -= 2  # partner's length points are worth less in no-trump
            hi -= 2
        game = GAME_LEVEL[strain]
        if est >= GRAND_POINTS:
            target = 7
        elif est >= SLAM_POINTS:
            target = 6
        elif est >= GAME_POINTS and (strain >= 2 or strain == NT):
            target = game
        elif est >= GAME_POINTS + 3:
            target = 5  # a minor-suit game
        elif est >= GAME_POINTS and strain < 2:
            target = 3
        elif hi >= GAME_POINTS + 1 and p.limited and not p.preempt and (strain >= 2 or strain == NT) \
                and not (ours and lb.level >= game - 1 and lb.strain == strain):
            target = game - 1
        else:
            target = 0  # a part score
        contested = any(n.seat.side != seat.side and n.call.is_bid for n in a.notes)
        if target >= 6:
            if strain != NT and a.bw[seat.side] == 0:
                four = Call.bid(4, NT)
                if lb < four and self.ok(four) and (strain >= 2 or h.aces >= 2) and four_nt_is_blackwood(a, seat):
                    return four
            if strain == NT and mine + p.lo < SLAM_POINTS and pn is not None and pn.call.is_bid \
                    and pn.call.strain is NT and lb < Call.bid(4, NT) and target == 6:
                return Call.bid(4, NT) if self.ok(Call.bid(4, NT)) else PASS
        if target == 0:
            if p.preempt and not forcing:
                return PASS
            ps_limit = (fit - 6 if contested else 3 if strain < 2 else 2) if strain != NT else 2
            ps_limit = max(ps_limit, 2 if strain != NT else 1)
            if ours and lb.strain == strain:
                return self.describe(True) if forcing else PASS
            c = _cheapest(a, strain)
            if c <= ps_limit and (ours or est >= 18 or fit >= 9):
                return Call.bid(c, strain)
            if not ours and self.penalty_double(est):
                return DOUBLE
            if forcing:
                return self.describe(True)
            return PASS
        want = Call.bid(target, strain)
        if ours and lb.strain == strain and lb.level >= target:
            return self.describe(True) if forcing else PASS
        if want > lb and self.ok(want):
            return want
        c = _cheapest(a, strain)
        if not ours:
            if target >= game and self.penalty_double(est):
                return DOUBLE
            if c <= min(target, max(game, fit - 6 if strain != NT else 3)) and c <= 5:
                return Call.bid(c, strain)
            if self.penalty_double(est):
                return DOUBLE
            return PASS
        if c <= target:
            return Call.bid(c, strain)
        if forcing:
            return self.describe(True)
        return PASS

    def penalty_double(self, est: float) -> bool:
        a, h = self.a, self.h
        lb = a.last_bid
        if lb is None or a.ours(self.seat) or a.doubled or not self.ok(DOUBLE):
            return False
        lvl, s = lb.level, lb.strain
        tl = h.lens[s] if s is not NT else 0
        if s is NT:
            return (lvl >= 2 and est >= 23) or (lvl >= 1 and est >= 26)
        if lvl >= 3 and est >= 23 and (tl >= 2 or est >= 26):
            return True
        if lvl >= 4 and est >= 25:
            return True
        return lvl >= 2 and est >= 20 and tl >= 4 and h.honours(s) >= 2

    def describe(self, forcing: bool) -> Call:
        """No strain is settled: show something about the hand, cheaply."""
        a, h, p = self.a, self.h, self.p
        seat = self.seat
        opp = a.opp_suits(seat)
        ours = a.ours(seat)
        mine_suits = a.shown[seat].suits
        est = h.points + p.est
        if p.preempt and not forcing and est < GAME_POINTS:
            return PASS
        if not ours and not forcing:
            if self.penalty_double(h.hcp + p.est):
                return DOUBLE
            if est < 20:
                return PASS
        if ours and not forcing and est < GAME_POINTS - 2:
            return PASS
        budget = 3 if est >= GAME_POINTS else 2
        stops = all(h.stopper(s) or s in p.stops for s in opp)
        # rebid a long suit of my own
        for s in sorted(mine_suits, key=lambda t: -h.lens[t]):
            if h.lens[s] >= 6 or (h.lens[s] >= 5 and forcing):
                c = self.cheapest(s)
                if c is not None and c.level <= budget:
                    return c
        # a new suit
        new = [s for s in range(4) if s not in opp and s not in mine_suits and s not in p.suits and h.lens[s] >= 4]
        for s in sorted(new, key=lambda t: (-h.lens[t], -t)):
            c = self.cheapest(s)
            if c is not None and c.level <= budget:
                return c
        # preference to partner's first suit
        if p.suits:
            s = p.suits[0]
            if h.lens[s] >= 3 or (forcing and h.lens[s] >= 2):
                c = self.cheapest(s)
                if c is not None and c.level <= budget + (1 if forcing else 0):
                    return c
        if stops:
            c = self.cheapest(NT)
            if c is not None and (c.level <= budget or (est >= GAME_POINTS and c.level <= 3)):
                return c
        if est >= GAME_POINTS:
            c3 = self.bid_at(3, NT)
            if c3 is not None:
                return c3
        if forcing:
            options = []
            for s in [*p.suits[:1], max(range(4), key=lambda t: (h.lens[t], t))]:
                c = self.cheapest(s)
                if c is not None:
                    options.append(c)
            c = self.cheapest(NT)
            if c is not None:
                options.append(c)
            if options:
                return min(options)
        return PASS


# ===================================================================== choosing a card
def _lowest_equivalent(mine: int, off: int, live: int) -> int:
    """Walk down from ``off`` through ``mine`` while no ``live`` card lies in between."""
    cur = off
    while True:
        lower = mine & _below(cur)
        if not lower:
            return cur
        nxt = _top(lower)
        if live & _below(cur) & _above(nxt):
            return cur
        cur = nxt


class _Player:
    """Chooses a card for the hand to play (own hand, or dummy's for declarer)."""

    def __init__(self, v: BridgeView, a: Auction, rng: random.Random) -> None:
        c = v.contract
        assert c is not None and v.hand_to_play is not None
        self.v, self.a, self.rng = v, a, rng
        self.level = c.level
        self.trump: int | None = c.strain.trump
        self.decl = c.declarer
        self.dummy = c.declarer.partner
        self.me: Seat = v.hand_to_play
        dm = v.dummy_hand or 0
        self.dummy_mask = dm
        self.hand = dm if self.me == self.dummy else v.hand
        self.declaring = self.me.side == self.decl.side
        self.other = (v.hand if self.me == self.dummy else dm) if self.declaring else 0
        played = 0
        voids = [0, 0, 0, 0]
        self.led_history: list[tuple[Seat, int, Seat]] = []  # (leader, suit, winner)
        for t in v.tricks:
            led = t.cards[0] // 13
            self.led_history.append((t.leader, led, t.winner))
            for i, card in enumerate(t.cards):
                played |= 1 << card
                if card // 13 != led:
                    voids[t.leader.next(i)] |= 1 << led
        if v.trick:
            led = v.trick[0] // 13
            for i, card in enumerate(v.trick):
                played |= 1 << card
                if card // 13 != led:
                    voids[v.trick_leader.next(i)] |= 1 << led
        self.played = played
        self.voids = voids
        self.unseen = _FULL & ~(v.hand | dm | played)
        side = self.me.side
        self.our_tricks = v.won[side]
        self.their_tricks = v.won[1 - side]
        self.need = 6 + self.level if self.declaring else 8 - self.level

    # ------------------------------------------------------------- small helpers
    def mine(self, s: int) -> int:
        return _pat(self.hand, s)

    def hostile(self, s: int) -> int:
        """Cards of suit ``s`` the opponents of the hand to play may hold (dummy counts for defenders)."""
        m = self.unseen if self.declaring else self.unseen | self.dummy_mask
        return _pat(m, s)

    def void(self, seat: Seat, s: int) -> bool:
        return bool(self.voids[seat] >> s & 1)

    def may_ruff(self, seat: Seat, s: int) -> bool:
        """Could ``seat`` (void in ``s``) trump a card of ``s`` now?"""
        tr = self.trump
        if tr is None or s == tr or not self.void(seat, s) or self.void(seat, tr):
            return False
        if seat == self.dummy and self.dummy_mask:
            return bool(_pat(self.dummy_mask, tr))
        return bool(_pat(self.unseen, tr))

    def lowest(self, s: int) -> Card:
        return _card(s, _bottom(self.mine(s)))

    def highest(self, s: int) -> Card:
        return _card(s, _top(self.mine(s)))

    def is_master(self, card: Card) -> bool:
        s, off = card // 13, card % 13
        return not (self.hostile(s) & _above(off))

    def sure_winners(self, s: int) -> int:
        """Declarer: tricks the partnership can cash in ``s`` from the top."""
        a, b = _pat(self.hand, s), _pat(self.other, s)
        ours = a | b
        if not ours:
            return 0
        hos = _pat(self.unseen, s)
        k = _bits(ours) if not hos else _bits(ours & _above(_top(hos)))
        return min(k, max(_bits(a), _bits(b)))

    def opp_trumps(self) -> int:
        return _bits(_pat(self.unseen, self.trump)) if self.trump is not None else 0

    def total_sure(self) -> int:
        if self.trump is not None and self.opp_trumps():
            return self.sure_winners(self.trump)
        return sum(self.sure_winners(s) for s in range(4))

    def eventual_tricks(self, s: int, hand: int | None = None) -> int:
        """Declarer: tricks the partnership's cards in ``s`` should make once the suit is played out."""
        return self.suit_plan(s, hand)[0]

    def suit_plan(self, s: int, hand: int | None = None) -> tuple[int, int]:
        """(tricks, tricks lost on the way) when the suit is played out, opponents' cards split evenly."""
        lead_hand = self.hand if hand is None else hand
        a, b = _bits(_pat(lead_hand, s)), _bits(_pat(self.other, s))
        long, short = max(a, b), min(a, b)
        ours = sorted((o for o in range(13) if (_pat(lead_hand, s) | _pat(self.other, s)) >> o & 1), reverse=True)
        hos = sorted((o for o in range(13) if _pat(self.unseen, s) >> o & 1), reverse=True)
        tricks = lost = 0
        for r in range(long):
            if not hos:
                tricks += long - r
                break
            if ours and ours[0] > hos[0]:
                tricks += 1
                ours.pop(0)
                hos.pop()
                if hos:
                    hos.pop()
            else:
                lost += 1
                hos.pop(0)
                if hos:
                    hos.pop()
                if ours:
                    ours.pop()
            if r < short and ours:
                ours.pop()
        return tricks, lost

    def danger_suits(self) -> list[int]:
        """No-trump: suits the defenders have led or bid in which we hold no stopper while they still
        hold two cards or more."""
        shown = {s for (ldr, s, _w) in self.led_history if ldr.side != self.me.side}
        shown |= self.a.side_suits(self.decl.lho)
        out = []
        for s in sorted(shown):
            hos = _pat(self.unseen, s)
            ours = _pat(self.hand | self.other, s)
            if _bits(hos) >= 2 and not (ours & _above(_top(hos))):
                out.append(s)
        return out

    def onside(self, seat: Seat, other: Seat, suit: int | None = None) -> float:
        """Chance that a missing honour lies with ``seat`` rather than ``other``, from the auction and the play."""
        if suit is not None:
            if self.void(seat, suit):
                return 0.0
            if self.void(other, suit):
                return 1.0
        sh1, sh2 = self.a.shown[seat], self.a.shown[other]
        e1, e2 = max(sh1.est, 1.0), max(sh2.est, 1.0)
        if sh1.passed and not sh2.passed:
            e1 = min(e1, 6.0)
        if sh2.passed and not sh1.passed:
            e2 = min(e2, 6.0)
        if suit is not None:
            for sh, k in ((sh1, 0), (sh2, 1)):
                if suit in sh.suits:
                    if k == 0:
                        e1 *= 1.5
                    else:
                        e2 *= 1.5
            for ldr, ls, _w in self.led_history[:1]:
                if ls == suit and ldr in (seat, other):
                    if ldr == seat:
                        e1 *= 1.3
                    else:
                        e2 *= 1.3
        return e1 / (e1 + e2)

    def finesse_odds_ok(self, s: int, missing: int) -> bool:
        """Finesse or play for the drop: against a king with three or more cards out; against a queen
        or lower only with five or more out ("eight ever, nine never")."""
        out = _bits(_pat(self.unseen, s))
        for i, c in enumerate(self.v.trick):
            if c // 13 == s and self.v.trick_leader.next(i).side != self.me.side:
                out += 1
        return out >= (3 if missing >= 11 else 5)

    def pick(self, scored: list[tuple[float, Card]]) -> Card:
        best = max(sc for sc, _ in scored)
        ties = sorted(c for sc, c in scored if sc == best)
        return ties[0] if len(ties) == 1 else self.rng.choice(ties)

    # ------------------------------------------------------------- entry point
    def choose(self, legal: list[Card]) -> Card:
        if len(legal) == 1:
            return legal[0]
        if not self.v.trick:
            if not self.v.tricks and not self.declaring:
                card = self.opening_lead()
            elif self.declaring:
                card = self.declarer_lead()
            else:
                card = self.defender_lead()
        else:
            card = self.follow()
        return card if card in legal else legal[0]

    # ------------------------------------------------------------- leads
    def lead_card(self, s: int, opening: bool = False) -> Card:
        """The card to lead from suit ``s``: top of a sequence, K from A-K, fourth best, top of nothing."""
        p = self.mine(s)
        offs = [o for o in range(12, -1, -1) if p >> o & 1]
        n = len(offs)
        top = offs[0]
        nt = self.trump is None
        if n == 1:
            return _card(s, top)
        if p >> 12 & 1 and p >> 11 & 1:
            return _card(s, 11)  # K from A-K (document 001 §9.7)
        if top >= 8 and p >> (top - 1) & 1:
            third = p >> (top - 2) & 1 if top >= 2 else 0
            broken = top >= 3 and p >> (top - 3) & 1
            if not nt or n <= 3 or third or broken or not opening:
                return _card(s, top)
        if n >= 3 and nt and offs[1] >= 8 and offs[1] - 1 == offs[2] and offs[0] > offs[1] + 1:
            return _card(s, offs[1])  # interior sequence: the jack from K-J-10
        if not opening and self.is_master(_card(s, top)):
            return _card(s, top)
        if not nt and top == 12 and opening:
            return _card(s, 12)  # never underlead an ace against a suit contract
        if n == 2:
            return _card(s, top)
        if n == 3:
            return _card(s, offs[2]) if top >= 9 else _card(s, top)
        return _card(s, offs[3]) if opening or top >= 9 else _card(s, offs[-1])

    def opening_lead(self) -> Card:
        a = self.a
        partner = self.me.partner
        p_suits = set(a.shown[partner].suits)
        d_suits = a.side_suits(self.decl)
        nt = self.trump is None
        my_trumps = _bits(self.mine(self.trump)) if self.trump is not None else 0
        scored: list[tuple[float, Card]] = []
        for s in range(4):
            p = self.mine(s)
            if not p:
                continue
            n = _bits(p)
            hp = _HCP4[p >> 9]
            top = _top(p)
            seq2 = top >= 8 and bool(p >> (top - 1) & 1)
            seq3 = seq2 and top >= 2 and bool(p >> (top - 2) & 1)
            ak = bool(p >> 12 & 1 and p >> 11 & 1)
            if nt:
                score = float(n * 10 + hp * 2 + (10 if seq3 else 0))
                if s in p_suits:
                    score += 35
                if s in d_suits:
                    score -= 30
            elif s == self.trump:
                score = -15.0
            else:
                score = float(n)
                if ak:
                    score += 40
                elif seq3 or (seq2 and top >= 10):
                    score += 30
                elif seq2:
                    score += 18
                elif top == 12:
                    score -= 25
                elif top >= 10:
                    score -= 10
                elif top < 9 and n >= 2:
                    score += 6
                if n == 1 and 1 <= my_trumps <= 3 and top < 9:
                    score += 18
                if s in p_suits:
                    score += 35
                if s in d_suits:
                    score -= 20
            scored.append((score, self.lead_card(s, opening=True)))
        return self.pick(scored)

    def defender_lead(self) -> Card:
        tr = self.trump
        dm = self.dummy_mask
        # sure tricks on top: cash them when they beat the contract
        cash: list[Card] = []
        sure = 0
        for s in range(4):
            p = self.mine(s)
            if not p:
                continue
            hos = self.hostile(s)
            k = _bits(p) if not hos else _bits(p & _above(_top(hos)))
            if k and tr is not None and s != tr:
                ruffable = (not _pat(dm, s) and _pat(dm, tr)) or (self.void(self.decl, s) and self.opp_trumps())
                if ruffable:
                    k = 0
                elif _pat(dm, s):
                    k = min(k, _bits(_pat(dm, s)))
                else:
                    k = min(k, 1)
            if k:
                cash.append(_card(s, _top(p)))
                sure += k
        if cash and self.our_tricks + sure >= self.need:
            return max(cash, key=lambda c: (c % 13, c))
        partner = self.me.partner
        p_led = [s for (ldr, s, _w) in self.led_history if ldr == partner]
        my_led = [s for (ldr, s, _w) in self.led_history if ldr == self.me]
        p_bid = set(self.a.shown[partner].suits)
        d_suits = self.a.side_suits(self.decl)
        dummy_lho = self.me.lho == self.dummy
        scored: list[tuple[float, Card]] = []
        for s in range(4):
            p = self.mine(s)
            if not p:
                continue
            n = _bits(p)
            hos = self.hostile(s)
            dp = _pat(dm, s)
            score = 0.0
            top_master = not (hos & _above(_top(p)))
            if tr is None:
                established = top_master and (not hos or _bits(p & _above(_top(hos))) >= _bits(hos & ~dp) + 0)
                if top_master and not hos:
                    score += 60  # all the rest of the suit is mine: cash it (document 001 §9.3)
                elif established:
                    score += 35
                if s in p_led:
                    score += 40
                elif s in my_led and n >= 3:
                    score += 30
                if s in p_bid:
                    score += 15
                score += n * 2
            else:
                if s == tr:
                    dummy_short = any(_bits(_pat(dm, t)) <= 1 for t in range(4) if t != tr)
                    safe = not (p >> 11 & 1 or p >> 10 & 1) or n >= 3
                    score += 15 if (_pat(dm, tr) and dummy_short and safe) else -20
                else:
                    if not dp and _pat(dm, tr):
                        score -= 40  # a ruff and discard
                    if self.void(self.decl, s) and self.opp_trumps():
                        score -= 40
                    if s in p_led or s in p_bid:
                        score += 30
                    if top_master:
                        long_dummy = any(_bits(_pat(dm, t)) >= 4 for t in range(4) if t not in (s, tr))
                        score += 25 if long_dummy else 10
            # through strength, up to weakness
            unseen_s = _pat(self.unseen, s)
            if dummy_lho and dp >> 9 and unseen_s & _above(_top(dp)):
                score += 8  # dummy's honour can be finessed by partner
            if not dummy_lho and dp and not (dp >> 9):
                score += 6
            if dp and not (unseen_s & _above(_top(dp))) and not top_master:
                score -= 6  # into dummy's winner
            # partner has shown out: give him a ruff
            if tr is not None and s != tr and self.void(partner, s) and not self.void(partner, tr) and \
                    not (not dp and _pat(dm, tr) and not dummy_lho):
                score += 45
            # leading away from an unsupported honour costs
            if not top_master and p >> 9 and not (p >> (_top(p) - 1) & 1):
                score -= 12
            if s in d_suits:
                score -= 8
            scored.append((score, self.lead_card(s)))
        return self.pick(scored)

    def declarer_lead(self) -> Card:
        tr = self.trump
        lead_hand, other = self.hand, self.other
        sure = self.our_tricks + self.total_sure()
        ot = self.opp_trumps()
        if sure >= self.need and (tr is None or ot == 0):
            c = self.cash()
            if c is not None:
                return c
        if tr is not None and ot:
            decl_hand = self.v.hand
            dm = self.dummy_mask
            d_tr, h_tr = _bits(_pat(dm, tr)), _bits(_pat(decl_hand, tr))
            ruffs = 0
            for s in range(4):
                if s == tr:
                    continue
                dl, hl = _bits(_pat(dm, s)), _bits(_pat(decl_hand, s))
                if dl < hl and dl <= 1:
                    ruffs += max(0, hl - self.sure_winners(s) - dl)
            ruffs = min(ruffs, d_tr)
            rounds = (ot + 1) // 2
            hos_tr = _pat(self.unseen, tr)
            ours_tr = _pat(lead_hand | other, tr)
            master_out = ot == 1 and hos_tr > ours_tr
            draw = not master_out and max(d_tr, h_tr) >= rounds and (ruffs == 0 or d_tr - rounds >= ruffs)
            if draw and _pat(lead_hand, tr):
                return self.lead_trump()
            c = self.ruff_lead()
            if c is not None:
                return c
            if not master_out and max(d_tr, h_tr) > ot and _pat(lead_hand, tr):
                return self.lead_trump()
            if ot <= 1 and self.our_tricks + sum(self.sure_winners(x) for x in range(4)) >= self.need:
                c = self.cash(side_ok=True)
                if c is not None:
                    return c
        elif tr is not None:
            c = self.ruff_lead()
            if c is not None:
                return c
        if tr is None and self.danger_suits():
            # losing the lead lets them run their suit: only a finesse, else bank the sure tricks
            c = self.develop(finesse_only=True)
            if c is not None:
                return c
            c = self.cash()
            if c is not None:
                return c
        c = self.develop()
        if c is not None:
            return c
        c = self.cash()
        if c is not None:
            return c
        return self.exit_card()

    def lead_trump(self) -> Card:
        tr = self.trump
        assert tr is not None
        Lp, Op, hos = _pat(self.hand, tr), _pat(self.other, tr), _pat(self.unseen, tr)
        top = _top(Lp)
        if not (hos & _above(top)):
            return _card(tr, _lowest_equivalent(Lp, top, hos))
        if Op and not (hos & _above(_top(Op))):
            return _card(tr, _bottom(Lp))
        if top >= 8 and Lp >> (top - 1) & 1:
            return _card(tr, top)
        return _card(tr, _bottom(Lp))

    def ruff_lead(self) -> Card | None:
        """Lead a loser towards a void in the other hand, which still holds trumps."""
        tr = self.trump
        if tr is None or not _pat(self.other, tr):
            return None
        ot = self.opp_trumps()
        other_is_dummy = self.me != self.dummy
        if not other_is_dummy and _bits(_pat(self.other, tr)) - 1 < ot:
            return None  # ruff in declarer's long hand only while his trumps outnumber theirs
        best: tuple[int, Card] | None = None
        for s in range(4):
            if s == tr or _pat(self.other, s) or not self.mine(s):
                continue
            low = self.lowest(s)
            if self.is_master(low):
                continue
            key = (_bits(self.mine(s)), low)
            if best is None or key > best:
                best = (key[0], low)
        return best[1] if best is not None else None

    def cash(self, side_ok: bool = False) -> Card | None:
        """Cash a winner: the longest run first, suits with a tenace last, high card from the short hand
        first; trumps last once the opponents have none."""
        best: tuple[tuple[int, int, int, int, int], Card] | None = None
        ot = self.opp_trumps()
        for s in range(4):
            Lp, Op = self.mine(s), _pat(self.other, s)
            if not Lp:
                continue
            hos = _pat(self.unseen, s)
            if s != self.trump and self.trump is not None and ot and not side_ok:
                continue
            side_suit = 0 if (s == self.trump and not ot) else 1
            sure = self.sure_winners(s)
            tenace = 1 if self.eventual_tricks(s) > sure else 0
            l_master = not (hos & _above(_top(Lp)))
            o_master = bool(Op) and not (hos & _above(_top(Op)))
            if l_master and (_bits(Lp) <= _bits(Op) or not o_master or _bottom(Lp) > _top(Op)):
                key = (side_suit, -tenace, sure, 2, s)
                card = _card(s, _top(Lp))
            elif o_master and _bottom(Lp) < _top(Op):
                key = (side_suit, -tenace, sure, 1, s)
                card = _card(s, _bottom(Lp))
            else:
                continue
            if best is None or key > best[0]:
                best = (key, card)
        return best[1] if best is not None else None

    def finesse_card(self, s: int) -> tuple[float, Card] | None:
        """A finesse in ``s``: lead low towards a tenace in the other hand, or run an honour from a sequence."""
        lho = self.me.lho
        Lp, Op = self.mine(s), _pat(self.other, s)
        hos = _pat(self.unseen, s)
        if not Lp or not hos or self.void(lho, s):
            return None
        ours = Lp | Op
        prob = self.onside(lho, lho.next(2), s)
        if prob < 0.3:
            return None
        if Op:
            for f in range(_top(Op), -1, -1):
                if not Op >> f & 1:
                    continue
                above = hos & _above(f)
                if not above:
                    continue
                if _bits(above) == 1 and (Op & _above(_top(above))) and _bottom(Lp) < f and f >= 7 \
                        and self.finesse_odds_ok(s, _top(above)):
                    return prob, _card(s, _bottom(Lp))
                break
        top = _top(Lp)
        above_top = hos & _above(top)
        if top >= 7 and _bits(above_top) == 1 and (Op & _above(_top(above_top))) and top >= 1 \
                and ours >> (top - 1) & 1 and self.finesse_odds_ok(s, _top(above_top)):
            return prob, _card(s, top)
        return None

    def develop(self, finesse_only: bool = False) -> Card | None:
        """Set up tricks: finesses, knocking out honours, long suits (document 001 §9.4, §9.10)."""
        tr = self.trump
        scored: list[tuple[float, Card]] = []
        opp_led = {s for (ldr, s, _w) in self.led_history if ldr.side != self.me.side}
        for s in range(4):
            if s == tr:
                continue
            Lp, Op = self.mine(s), _pat(self.other, s)
            if not Lp:
                continue
            hos = _pat(self.unseen, s)
            if not hos:
                continue
            fin = self.finesse_card(s)
            sure = self.sure_winners(s)
            tricks, lost = self.suit_plan(s)
            extra = tricks - sure
            long = max(_bits(Lp), _bits(Op))
            penalty = 2.0 if (tr is None and s in opp_led) else 0.0
            if fin is not None:
                scored.append((4 + 3 * fin[0] + max(extra, 0) + long * 0.1 - penalty, fin[1]))
                continue
            if finesse_only:
                continue
            if extra <= 0:
                if Op and _bits(Lp) < _bits(Op) and not (hos & _above(_top(Lp))):
                    scored.append((5.0, _card(s, _top(Lp))))  # unblock: the short hand's winner first
                continue
            top = _top(Lp)
            l_master = not (hos & _above(top))
            o_master = bool(Op) and not (hos & _above(_top(Op)))
            if l_master and (_bits(Lp) <= _bits(Op) or not o_master):
                card = _card(s, top)  # cash the top from the short hand first
            elif o_master and _bottom(Lp) < _top(Op):
                card = _card(s, _bottom(Lp))
            elif top >= 8 and (Lp | Op) >> (top - 1) & 1:
                card = _card(s, top)  # knock out their high card with the top of a sequence
            else:
                card = _card(s, _bottom(Lp))
            scored.append((extra * 3 - lost * 2 + long * 0.5 - penalty, card))
        if not scored:
            if finesse_only:
                return None
            return self.cross_for_finesse()
        return self.pick(scored)

    def cross_for_finesse(self) -> Card | None:
        """The finesse sits in the hand on lead: cross to the other hand in another suit."""
        Lp_any = self.hand
        lho = self.me.lho
        waiting = False
        for s in range(4):
            Lp, Op = _pat(Lp_any, s), _pat(self.other, s)
            hos = _pat(self.unseen, s)
            if Lp and Op and hos and s != self.trump:
                for f in range(_top(Lp), -1, -1):
                    if not Lp >> f & 1:
                        continue
                    above = hos & _above(f)
                    if not above:
                        continue
                    if _bits(above) == 1 and ((Lp | Op) & _above(_top(above))) and _bottom(Op) < f and f >= 7 \
                            and not self.void(lho.next(2), s):
                        waiting = True
                    break
        if not waiting:
            return None
        for s in range(4):
            if s == self.trump and self.opp_trumps():
                continue
            Lp, Op = _pat(Lp_any, s), _pat(self.other, s)
            if not Lp or not Op:
                continue
            hos = _pat(self.unseen, s)
            if not (hos & _above(_top(Op))) and _bottom(Lp) < _top(Op):
                return _card(s, _bottom(Lp))
        return None

    def exit_card(self) -> Card:
        """When the lead must be given up, give it up in the least useful suit (document 001 §9.5)."""
        scored: list[tuple[float, Card]] = []
        for s in range(4):
            p = self.mine(s)
            if not p:
                continue
            cost = float(_HCP4[p >> 9]) * 2 + _HCP4[_pat(self.other, s) >> 9]
            if s == self.trump:
                cost += 8
            scored.append((-cost, self.lowest(s)))
        return self.pick(scored)

    # ------------------------------------------------------------- following
    def follow(self) -> Card:
        v = self.v
        led = v.trick[0] // 13
        pos = len(v.trick)
        my = self.mine(led)
        wi = natural_winner(v.trick, self.trump)
        wcard = v.trick[wi]
        wseat = v.trick_leader.next(wi)
        partner_winning = wseat.side == self.me.side
        trumped = self.trump is not None and wcard // 13 == self.trump and led != self.trump
        if not my:
            return self.void_play(led, pos, wcard, partner_winning)
        if pos == 3:
            if partner_winning or trumped:
                return self.lowest(led)
            beat = my & _above(wcard % 13)
            if not beat:
                return self.lowest(led)
            if self.hold_up(led):
                return self.lowest(led)
            return _card(led, _bottom(beat))
        if pos == 1:
            return self.second_hand(led, my)
        return self.third_hand(led, my, wcard, partner_winning, trumped)

    def hold_up(self, s: int) -> bool:
        """Declarer in no-trump ducks the defenders' long suit once or twice with a single stopper.

        Only when the card that would win the trick is our one stopper: a tenace that wins cheaply
        (A-Q over the king) is not held up.
        """
        if self.trump is not None or not self.declaring:
            return False
        v = self.v
        if v.trick_leader.side == self.me.side:
            return False
        ours = _pat(self.hand | self.other, s)
        hos = _pat(self.unseen, s)
        if not hos:
            return False
        stoppers = _bits(ours & _above(_top(hos)))
        if stoppers != 1:
            return False
        w = v.trick[natural_winner(v.trick, None)] % 13
        cheap = self.mine(s) & _above(w)
        if cheap and hos & _above(_bottom(cheap)):
            return False  # we win with a lesser card and keep the stopper
        played_ours = 0
        for t in v.tricks:
            for i, card in enumerate(t.cards):
                if card // 13 == s and t.leader.next(i).side == self.me.side:
                    played_ours += 1
        original = _bits(ours) + played_ours
        ducked = sum(1 for (ldr, ls, w) in self.led_history if ls == s and ldr.side != self.me.side
                     and w.side != self.me.side)
        want = min(2, max(0, 7 - original))
        if ducked >= want:
            return False
        return self.our_tricks + self.total_sure() < self.need

    def second_hand(self, s: int, my: int) -> Card:
        v = self.v
        led_card = v.trick[0]
        lo = led_card % 13
        leader = v.trick_leader
        hos = self.hostile(s)
        if self.declaring:
            Op = _pat(self.other, s)
            third = self.me.lho
            o_wins = bool(Op) and not (hos & _above(_top(Op))) and _top(Op) > lo
            # an honour over the leader with one missing card above it: play it if that card is likely on our right
            fin = None
            for f in range(_top(my), lo, -1):
                if not my >> f & 1:
                    continue
                above = hos & _above(f)
                if not above:
                    continue
                if _bits(above) == 1 and f >= 8 and self.onside(leader, third, s) >= 0.45:
                    fin = _card(s, _lowest_equivalent(my, f, hos))
                break
            if o_wins:
                return fin if fin is not None else self.lowest(s)
            master = bool(my) and not (hos & _above(_top(my)))
            if master and _top(my) > lo:
                if self.hold_up(s):
                    return self.lowest(s)
                return _card(s, _lowest_equivalent(my, _top(my), hos))
            if fin is not None:
                return fin
            return self.lowest(s)
        # a defender: cover an honour (J or higher) with an honour (not the ace)
        cover = my & _above(lo)
        if lo >= 8 and cover:
            touching = leader == self.dummy and bool(_pat(self.dummy_mask, s) >> (lo - 1) & 1)
            if not touching:
                return _card(s, _bottom(cover))
        # split touching honours when dummy, playing next, would finesse cheaply against them
        if self.me.lho == self.dummy:
            dp = _pat(self.dummy_mask, s)
            for t in range(12, 8, -1):
                if my >> t & 1 and my >> (t - 1) & 1:
                    if dp & _below(t - 1) & _above(lo) and dp & _above(t):
                        return _card(s, t - 1)
                    break
        return self.lowest(s)

    def third_hand(self, s: int, my: int, wcard: Card, partner_winning: bool, trumped: bool) -> Card:
        v = self.v
        fourth = self.me.lho
        second = self.me.rho
        if trumped:
            return self.lowest(s)
        w = wcard % 13
        visible4 = (not self.declaring) and fourth == self.dummy
        hos4 = _pat(self.dummy_mask, s) if visible4 else _pat(self.unseen, s)
        can_ruff4 = self.trump is not None and s != self.trump and self.void(fourth, s) and not self.void(
            fourth, self.trump) and (not visible4 or _pat(self.dummy_mask, self.trump))
        if visible4 and not hos4 and self.trump is not None and s != self.trump and _pat(self.dummy_mask, self.trump):
            can_ruff4 = True
        if self.void(fourth, s):
            hos4 = 0
        if can_ruff4:
            return self.lowest(s)
        if partner_winning:
            if not (hos4 & _above(w)):
                return self.lowest(s)
            if self.declaring:
                hos = _pat(self.unseen, s)
                ours_other = _pat(self.other, s)
                led_by_us = v.trick_leader != second
                if led_by_us and w >= 7 and _bits(hos & _above(w)) == 1 and (my | ours_other) & _above(
                        _top(hos & _above(w))) and self.onside(second, fourth, s) >= 0.3 \
                        and self.finesse_odds_ok(s, _top(hos & _above(w))):
                    return self.lowest(s)  # let the honour run: the finesse
            elif w >= 8:
                return self.lowest(s)  # partner led an honour: leave it
        beat = my & _above(w)
        if not beat:
            return self.lowest(s)
        if not self.declaring and second == self.dummy:
            # finesse against dummy's honour: play the card just below it when ours is above it
            dp = _pat(self.dummy_mask, s)
            for h_off in range(12, w, -1):
                if dp >> h_off & 1 and my & _above(h_off):
                    under = beat & _below(h_off)
                    if under and _top(under) >= 8:
                        return _card(s, _lowest_equivalent(my, _top(under), hos4))
                    break
        if visible4:
            # beat what dummy could use cheaply, so that it must spend its best card
            under = hos4 & _below(_top(beat))
            need = max(w, _top(under)) if under else w
            targets = my & _above(need)
            return _card(s, _bottom(targets)) if targets else self.lowest(s)
        top = _top(beat)
        if self.declaring:
            masters = beat & ~_below(_top(hos4) + 1) if hos4 else beat
            onside_ok = self.onside(second, fourth, s) >= 0.3
            if masters and onside_ok:
                low_master = _bottom(masters)
                for f in range(low_master - 1, w, -1):
                    if not beat >> f & 1:
                        continue
                    above = hos4 & _above(f)
                    if _bits(above) == 1 and self.finesse_odds_ok(s, _top(above)):
                        return _card(s, f)  # the finesse
                    break
            if masters:
                return _card(s, _bottom(masters))
            return _card(s, _lowest_equivalent(my, top, hos4))
        return _card(s, _lowest_equivalent(my, top, hos4))

    def void_play(self, led: int, pos: int, wcard: Card, partner_winning: bool) -> Card:
        tr = self.trump
        if tr is None or not self.mine(tr) or led == tr:
            return self.discard(led)
        trumps = self.mine(tr)
        in_trick = [c for c in self.v.trick if c // 13 == tr]
        floor = max((c % 13 for c in in_trick), default=-1)
        over = trumps & _above(floor) if floor >= 0 else trumps
        ruff = _card(tr, _bottom(over)) if over else None
        if partner_winning:
            if pos == 3:
                return self.discard(led)
            fourth = self.me.lho
            w = wcard % 13
            if wcard // 13 == tr:
                return self.discard(led)
            hos4 = _pat(self.dummy_mask, led) if (not self.declaring and fourth == self.dummy) else _pat(
                self.unseen, led)
            if self.void(fourth, led) or (not self.declaring and fourth == self.dummy and not hos4):
                hos4 = 0
            if not (hos4 & _above(w)) and not self.may_ruff(fourth, led) and not (
                    not self.declaring and fourth == self.dummy and not _pat(self.dummy_mask, led)
                    and _pat(self.dummy_mask, tr)):
                return self.discard(led)
            return ruff if ruff is not None else self.discard(led)
        if ruff is None:
            return self.discard(led)
        if pos == 1:
            w = wcard % 13
            if self.declaring:
                Op = _pat(self.other, led)
                hos = _pat(self.unseen, led)
                if Op and _top(Op) > w and not (hos & _above(_top(Op))):
                    return self.discard(led)
                return ruff
            third = self.me.lho
            hos = self.hostile(led)
            third_wins = third == self.dummy and bool(_pat(self.dummy_mask, led) & _above(w)) and not (
                _pat(self.unseen, led) & _above(_top(_pat(self.dummy_mask, led))))
            if not (hos & _above(w) & ~_pat(self.dummy_mask, led)) or third_wins or w >= 10:
                return ruff
            return self.discard(led)
        return ruff

    def discard(self, led: int) -> Card:
        """Throw the card that costs least: keep winners, guards, trumps, length against dummy (§9.5, §9.9)."""
        tr = self.trump
        partner = self.me.partner
        p_suits = set(self.a.shown[partner].suits) if not self.declaring else set()
        p_led = {s for (ldr, s, _w) in self.led_history if ldr == partner}
        scored: list[tuple[float, Card]] = []
        for s in range(4):
            p = self.mine(s)
            if not p:
                continue
            n = _bits(p)
            low = _bottom(p)
            card = _card(s, low)
            hos = self.hostile(s)
            cost = 0.0
            if s == tr:
                cost += 60
            if self.declaring:
                without = self.hand & ~(1 << card)
                cost += 30 * (self.sure_winners_with(s, without) < self.sure_winners(s))
                cost += 15 * (self.eventual_tricks(s) - self.eventual_tricks(s, without))
            else:
                if not (hos & _above(low)):
                    cost += 30  # a master
                elif _bits(p & _above(_top(hos))) >= 1 and n <= _bits(hos) + 1 and not (hos & ~_pat(
                        self.dummy_mask, s) & _above(low)):
                    cost += 20
                for off, guard, val in ((11, 2, 25), (10, 3, 15), (9, 4, 5)):
                    if p >> off & 1 and n <= guard and hos & _above(off):
                        cost += val
                dl = _bits(_pat(self.dummy_mask, s))
                if dl >= 3 and n <= dl and (p >> 8):
                    cost += 10
                if s in p_suits or s in p_led:
                    cost += 4
            cost -= n * 0.3
            scored.append((-cost, card))
        return self.pick(scored)

    def sure_winners_with(self, s: int, hand: int) -> int:
        saved = self.hand
        self.hand = hand
        try:
            return self.sure_winners(s)
        finally:
            self.hand = saved




# ===================================================================== the bot
class BridgeBot:
    """A rule-based bridge player: a natural bidding system and the play technique of document 001 §9.

    ``choose(view)`` returns a legal :class:`Call` in the auction and a legal :class:`Card` in the
    play (for declarer, dummy's card when ``view.hand_to_play`` is dummy). It reads only the view.
    """

    def __init__(self, seed: int | None = None) -> None:
        self.seed = 0 if seed is None else int(seed)

    def _rng(self, view: BridgeView) -> random.Random:
        played = sum(len(t.cards) for t in view.tricks) + len(view.trick)
        key = hash((self.seed, int(view.seat), view.hand, len(view.calls), played,
                    -1 if view.hand_to_play is None else int(view.hand_to_play)))
        return random.Random(key)

    def choose(self, view: BridgeView | RubberView) -> Call | Card:
        """The call or card for the seat of ``view`` (a deal's view, or a rubber's view of its current deal)."""
        if isinstance(view, RubberView):
            if view.deal is None:
                raise ValueError("the rubber has no deal in progress")
            view = view.deal
        if not view.legal:
            raise ValueError("the view lists no legal action: it is not this seat's turn")
        if isinstance(view.legal[0], RulingChoice):
            return self.choose_ruling(view)  # type: ignore[return-value]
        if view.laws:
            # laws mode: accepted irregular calls make auctions the bidding system never meets; a call
            # it cannot read falls back to a pass (or the one call left), never to an error
            try:
                return self.bid(view) if view.phase == "auction" else self.play(view)
            except (IndexError, KeyError, ValueError, AssertionError):
                return PASS if PASS in view.legal else view.legal[0]
        if view.phase == "auction":
            return self.bid(view)
        return self.play(view)

    def bid(self, view: BridgeView) -> Call:
        try:
            call = _Bidder(view).choose()
        except (IndexError, KeyError, ValueError):
            # an auction outside the system (a random or careless player, e.g. a 1NT overcall read as a
            # suit): the bot passes rather than guessing what the calls meant
            call = PASS
        if call in view.legal:
            return call
        # laws mode may leave one call (a bid to repeat) or a few; a pass when allowed
        return PASS if PASS in view.legal else view.legal[0]

    # The order in which the non-offending side prefers a law's options: every penalty before accepting
    # the irregularity, the one that restricts the offenders most first. Any restriction of the offending
    # side leaves the non-offending side at least as well off, double dummy, as without the irregularity
    # (its own choices are untouched); accepting, waiving or letting a revoke stand may not.
    RULING_PREFERENCE = (
        "correct", "retract-later", "penalty-card", "lead-penalty", "penalty-cards", "side-pass", "enforce",
        "forbid", "cancel", "retract", "no-penalty", "lowest", "highest", "dispute", "keep-later", "accept",
        "stand", "waive",
    )

    def choose_ruling(self, view: BridgeView | RubberView) -> RulingChoice:
        """The option best for the bot's side under the pending ruling (laws mode), by a documented rule
        (docs/bots/bridge.md is the bot's; docs/rules/contract-bridge.md "Laws" states it):

        * a claim or concession is accepted only when it gives the bot's side every remaining trick,
          otherwise disputed (play goes on, as without it);
        * a lead penalty (L10, L11, L23) requires a lead in the suit where the bot's visible cards (its
          hand and dummy's) are strongest, or else forbids the suit where they are weakest;
        * the hand declarer must lead from (L21b) is the hand that had the lead;
        * a penalty card to designate (L23): the lowest;
        * otherwise the first option in :attr:`RULING_PREFERENCE`.
        """
        if isinstance(view, RubberView):
            if view.deal is None:
                raise ValueError("the rubber has no deal in progress")
            view = view.deal
        choices = [a for a in view.legal if isinstance(a, RulingChoice)]
        if not choices:
            raise ValueError("no ruling is pending for this seat")
        names = [c.option for c in choices]
        by_name = dict(zip(names, choices, strict=True))
        ruling = view.ruling or {}
        kind = (ruling.get("irregularity") or {}).get("kind", "")
        if kind.startswith("claim") or kind == "declarer-faces-hand":
            text = (ruling.get("irregularity") or {}).get("detail", "")
            parts = text.split()
            remaining = 13 - len(view.tricks)
            try:
                seat, n, concede = Seat.parse(parts[1]), int(parts[2]), parts[0] == "concede"
                ours = (remaining - n if concede else n) if seat.side == view.seat.side else \
                    (n if concede else remaining - n)
            except (IndexError, ValueError):
                ours = -1
            return by_name["accept" if ours >= remaining and "accept" in by_name else "dispute"] \
                if "dispute" in by_name else choices[0]
        if any(n.startswith(("require-", "forbid-")) for n in names):
            mine = view.hand | (view.dummy_hand or 0)
            strength = [sum(max(0, (c % 13) - 8) for c in range(52) if mine >> c & 1 and c // 13 == s)
                        + (mine & SUIT_MASKS[s]).bit_count() for s in range(4)]
            req = [n for n in names if n.startswith("require-")]
            if req:
                return by_name[max(req, key=lambda n: strength["CDHS".index(n[-1])])]
            forb = [n for n in names if n.startswith("forbid-")]
            if forb:
                return by_name[min(forb, key=lambda n: strength["CDHS".index(n[-1])])]
        if "hand-declarer" in by_name:
            return by_name["hand-dummy" if view.hand_to_play == view.dummy else "hand-declarer"]
        plays = [n for n in names if n.startswith("play-")]
        if plays:
            return by_name[min(plays, key=lambda n: Card.parse(n[5:]) % 13)]
        for pref in self.RULING_PREFERENCE:
            if pref in by_name:
                return by_name[pref]
        return choices[0]

    def play(self, view: BridgeView) -> Card:
        legal = [c for c in view.legal if type(c) is Card]
        a = Auction(view.dealer, view.calls)
        return _Player(view, a, self._rng(view)).choose(legal)
