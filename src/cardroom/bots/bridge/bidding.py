"""The bot's bidding system: openings, responses, rebids, no-trump and 2♣ sequences, overcalls and
advances, Blackwood, competitive and penalty doubles (see docs/bots/bridge.md)."""

from __future__ import annotations

from collections.abc import Callable

from cardroom.bots.bridge.auction import (
    BW,
    BW_ANS,
    NEG2D,
    OPEN,
    OVERCALL,
    PENALTY,
    QUANT,
    STAYMAN,
    TAKEOUT,
    Auction,
    _bid,
    _cheapest,
    _context,
    _index_of_opening,
    _passes_since_last_bid,
    four_nt_is_blackwood,
)
from cardroom.bots.bridge.hand import GAME_LEVEL, GAME_POINTS, GRAND_POINTS, NT, SLAM_POINTS, hand_eval
from cardroom.games.bridge.calls import DOUBLE, PASS, REDOUBLE, Call, Strain
from cardroom.games.bridge.rules import BridgeView


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
            unbid_stopped = all(h.stopper(s) for s in range(4) if s not in a.side_suits(self.seat))
            return self._rebid_own(y, catr, nt=unbid_stopped)
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

    def _rebid_own(self, x: int, cat: int, nt: bool = True) -> Call:
        """Suit ``x`` (one's own, or partner's raised) bid by strength ``cat``: 0 at the cheapest level, 1 a
        level higher (else the cheapest), 2 game: four of a major; of a minor three no-trumps where ``nt``,
        else a level higher."""
        c = _cheapest(self.a, x)
        if cat == 0:
            return self.bid_at(c, x) or PASS
        if cat == 1:
            return self.bid_at(c + 1, x) or self.bid_at(c, x) or PASS
        if x >= 2:
            return self.bid_at(4, x) or PASS
        return (self.bid_at(3, NT) if nt else None) or self.bid_at(c + 1, x) or PASS

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
