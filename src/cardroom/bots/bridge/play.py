"""The bot's card play: declarer and defence by the technique of document 001 §9 (leads, second hand
low, third hand high, covering, finesses, the hold-up, drawing trumps, ruffing, discards)."""

from __future__ import annotations

import random
from collections.abc import Iterator

from cardroom.bots.bridge.auction import Auction
from cardroom.bots.bridge.hand import _FULL, _HCP4, _above, _below, _bits, _bottom, _card, _pat, _top
from cardroom.core.cards import Card
from cardroom.core.table import Seat
from cardroom.core.tricks import natural_winner
from cardroom.games.bridge.rules import BridgeView


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

    def held(self) -> Iterator[tuple[int, int]]:
        """(suit, the hand's cards of it) for each suit the hand to play holds, clubs first."""
        for s in range(4):
            p = self.mine(s)
            if p:
                yield s, p

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
        for s, p in self.held():
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
        for s, p in self.held():
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
        for s, p in self.held():
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
        for s, p in self.held():
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
        for s, p in self.held():
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
