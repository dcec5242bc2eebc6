"""The auction as every seat reads it: what each call of the bot's natural system shows (its tags,
the shown ranges of points and lengths, the contexts of a call and their interpretation)."""

from __future__ import annotations

from dataclasses import dataclass, field

from cardroom.bots.bridge.hand import GAME_LEVEL, GAME_POINTS, GRAND_POINTS, NT, SLAM_POINTS
from cardroom.core.table import Seat
from cardroom.games.bridge.calls import Call, Strain


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
