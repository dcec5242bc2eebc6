"""An exact open-hand (double-dummy) solver for trick-taking games with natural suits and ranks.

Two to four hands, cards in cardroom's encoding (``suit*13 + rank-2``, a hand is an int bitmask);
follow suit, optionally the preferans duty to trump when void (``must_trump``) and F1's duty to head
the trick when able (``must_beat``, «перебивать обязательно»); the highest trump,
else the highest card of the suit led, wins the trick and its winner leads the next. The value of a
position is the number of tricks the seats of ``side`` take from here on (the current trick
included) when the players who want that number high (``side`` if ``maximize``, else the others)
and those who want it low all play perfectly with every card in view. Games whose cards change suit
or rank (euchre's bowers) are remapped by their adapter (``cardroom.solve.euchre``).

The search (docs/solvers.md; ``cardroom.solve._core`` mirrors it in C):

* null-window searches "does ``side`` take at least ``t`` tricks?" (a boolean alpha-beta), driven
  by a bisection over ``t`` (MTD style); the answers of every search are kept in one
  transposition table;
* the transposition table is keyed at trick boundaries by relative ranks (for each suit, who holds
  each card still in play, high to low; and the leader) and stores a lower and an upper bound on the
  tricks still to come, and the lead that last cut;
* equivalent cards: cards of one suit in one hand with no other live card between them (cards
  already played, in the talon or out of the pack do not count; the cards of the current trick do,
  and so do raspasy's talon cards still to lead in "dealer" mode, where they can win a trick)
  are one move;
* move ordering: the lead of the transposition table first; the leader cashes winners first
  (contracts) or leads low (misère, raspasy); a follower who wants the trick tries the cheapest
  card that wins it, one who does not plays low (contracts) or the highest card that loses
  (misère, raspasy);
* quick bounds: the target is met when it is <= 0 and missed when it exceeds the tricks left; on a
  maximizing contract the leader's sure tricks (top cards he can cash without a ruff) bound the
  value from below (his side) or above (the other side); the last trick is played out directly.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from cardroom.core.cards import Card, CardSet
from cardroom.core.errors import CardroomError, ParseError, Reason

__all__ = [
    "Position",
    "TalonLeads",
    "backend",
    "best_moves",
    "best_moves_core",
    "best_moves_python",
    "best_moves_talon",
    "solve",
    "solve_python",
    "solve_stats",
    "solve_stats_core",
    "solve_stats_python",
    "solve_stats_talon",
    "validate",
]

_SUIT_MASK = tuple(((1 << 13) - 1) << (13 * s) for s in range(4))
_ALL = (1 << 52) - 1
_LOW = tuple((1 << i) - 1 for i in range(54))  # _LOW[i]: the cards below card i
_SUIT_OF = tuple(c // 13 for c in range(52))
_BASE_OF = tuple(c - c % 13 for c in range(52))


@dataclass(frozen=True)
class Position:
    """A position of the play: every hand open. See the module docstring and docs/solvers.md."""

    hands: tuple[int, ...]  # indexed by seat number; cards still held; a seat out of play holds 0
    order: tuple[int, ...]  # the seats in play, in turn order (clockwise), 2-4 of them
    leader: int  # the seat that led / leads the current trick
    trick: tuple[int, ...] = ()  # cards already played to the current trick, in order from the leader
    trump: int | None = None  # Suit value, or None for no-trump
    must_trump: bool = False  # a player void in the suit led must trump if he can (preferans)
    side: frozenset[int] = field(default_factory=frozenset)  # the seats whose tricks are counted
    maximize: bool = True  # True: `side` takes the most tricks it can; False: the fewest
    must_beat: bool = False  # a player must play a card that beats the trick so far if he has one (F1)

    @property
    def to_move(self) -> int:
        """The seat to play the next card."""
        i = self.order.index(self.leader)
        return self.order[(i + len(self.trick)) % len(self.order)]

    @property
    def tricks_left(self) -> int:
        """Tricks still to be decided, the current one included."""
        return (self.hands[self.to_move]).bit_count()

    def legal(self) -> int:
        """The cards (a mask) the seat to move may play."""
        hand = self.hands[self.to_move]
        legal = _legal(hand, self.trick[0] // 13 if self.trick else None, self.trump, self.must_trump)
        return _heading(legal, self.trick, self.trump) if self.must_beat else legal


def _legal(hand: int, led: int | None, trump: int | None, must_trump: bool) -> int:
    if led is None:
        return hand
    m = hand & _SUIT_MASK[led]
    if m:
        return m
    if must_trump and trump is not None:
        m = hand & _SUIT_MASK[trump]
        if m:
            return m
    return hand


def _beating(legal: int, wc: int, trump: int | None) -> int:
    """F1's compulsory beating: the cards of ``legal`` that beat ``wc``, the trick's winning card so far
    (higher in its suit, or a trump over a card that is not one); ``legal`` itself when none does."""
    sw = _SUIT_OF[wc]
    beat = legal & _SUIT_MASK[sw] & ~_LOW[wc + 1]
    if trump is not None and sw != trump:
        beat |= legal & _SUIT_MASK[trump]
    return beat or legal


def _heading(legal: int, trick: Sequence[int], trump: int | None) -> int:
    """:func:`_beating` against the winner of ``trick`` (the players' cards so far; none: ``legal``)."""
    if not trick:
        return legal
    w = trick[0]
    for c in trick[1:]:
        if (_SUIT_OF[c] == _SUIT_OF[w] and c > w) or (trump is not None and _SUIT_OF[c] == trump != _SUIT_OF[w]):
            w = c
    return _beating(legal, w, trump)


def _cards_text(mask: int) -> str:
    return " ".join(f"{'23456789TJQKA'[c % 13]}{'CDHS'[c // 13]}" for c in range(52) if mask >> c & 1)


def hand_mask(h: int | CardSet | str | Sequence[Card]) -> int:
    """A hand given as a bitmask, a card set, its text or a sequence of cards, as a bitmask."""
    if isinstance(h, bool):
        raise ParseError(Reason("solve.not_hand", hand=h))
    if isinstance(h, int):
        return h
    if isinstance(h, CardSet):
        return h.mask
    if isinstance(h, str):
        return CardSet.parse(h).mask
    m = 0
    for c in h:
        m |= 1 << Card(c)
    return m


def validate(pos: Position) -> None:
    """Raise :class:`CardroomError` naming what is wrong with ``pos``; return if it can be solved."""
    if not isinstance(pos, Position):
        raise CardroomError(Reason("solve.not_position", pos=pos))
    hands, order = pos.hands, pos.order
    if not 2 <= len(order) <= 4:
        raise CardroomError(Reason("solve.hands_in_play", n=len(order), order=order))
    if len(set(order)) != len(order):
        raise CardroomError(Reason("solve.seat_twice", order=order))
    for s in order:
        if not isinstance(s, int) or not 0 <= s < len(hands):
            raise CardroomError(Reason("solve.order_no_hand", seat=s, n=len(hands)))
    for s, h in enumerate(hands):
        if not isinstance(h, int) or h < 0 or h & ~_ALL:
            raise CardroomError(Reason("solve.hand_mask", seat=s, hand=h))
        if h and s not in order:
            raise CardroomError(Reason("solve.not_in_play", seat=s, cards=_cards_text(h)))
    if pos.leader not in order:
        raise CardroomError(Reason("solve.leader", leader=pos.leader, order=order))
    if pos.trump is not None and pos.trump not in (0, 1, 2, 3):
        raise CardroomError(Reason("solve.trump", trump=pos.trump))
    for s in pos.side:
        if not isinstance(s, int) or not 0 <= s < len(hands):
            raise CardroomError(Reason("solve.side_no_hand", seat=s, n=len(hands)))
    seen = 0
    for s in order:
        if hands[s] & seen:
            raise CardroomError(Reason("solve.two_hands", cards=_cards_text(hands[s] & seen), seat=s))
        seen |= hands[s]
    if len(pos.trick) >= len(order):
        raise CardroomError(Reason("solve.trick_full", n=len(pos.trick), hands=len(order)))
    for c in pos.trick:
        if not isinstance(c, int) or not 0 <= c < 52:
            raise CardroomError(Reason("solve.trick_card", card=c))
        if seen >> c & 1:
            raise CardroomError(Reason("solve.trick_held", card=_cards_text(1 << c)))
        seen |= 1 << c
    if len(set(pos.trick)) != len(pos.trick):
        raise CardroomError(Reason("solve.trick_twice"))
    i = order.index(pos.leader)
    seats = [order[(i + k) % len(order)] for k in range(len(order))]
    played, to_play = seats[: len(pos.trick)], seats[len(pos.trick):]
    n = hands[to_play[0]].bit_count()
    for s in to_play:
        if hands[s].bit_count() != n:
            raise CardroomError(Reason("solve.unequal", first=to_play[0], n=n, seat=s,
                                           holds=hands[s].bit_count()))
    for s in played:
        if hands[s].bit_count() != n - 1:
            raise CardroomError(Reason("solve.played_holds", seat=s, want=n - 1, holds=hands[s].bit_count()))
    if pos.trick and n == 0:
        raise CardroomError(Reason("solve.trick_unfinishable"))


# --------------------------------------------------------------------------- the search


class _Search:
    """One search: the hands (mutated during the search and restored), the table, the counters."""

    def __init__(self, hands: tuple[int, ...], order: tuple[int, ...], trump: int | None, must_trump: bool,
                 side: Iterable[int], maximize: bool, must_beat: bool = False) -> None:
        nseats = max(max(order) + 1, len(hands))
        self.h: list[int] = list(hands) + [0] * (nseats - len(hands))
        self.order = order
        self.n = len(order)
        nxt = [0] * nseats
        for i, s in enumerate(order):
            nxt[s] = order[(i + 1) % len(order)]
        self.nxt = nxt
        sd = set(side)
        self.inside = [1 if s in sd else 0 for s in range(nseats)]
        # a seat "wants side": he wants the seats of `side` to win tricks (is a maximizer of the value)
        self.maxer = [(s in sd) == maximize for s in range(nseats)]
        self.trump = trump
        self.tmask = _SUIT_MASK[trump] if trump is not None else 0
        self.must_trump = must_trump and trump is not None
        self.must_beat = must_beat
        self.maximize = maximize
        self.tt: dict[tuple[int, ...], list[int]] = {}
        self.rep_cache: dict[tuple[int, int], list[int]] = {}
        self.relative = True  # transposition keys by relative ranks
        self.talon_low_or_all = 99  # relative keys only below the talon tricks
        self.suit_codes: dict[int, int] = {}
        self.suit_sel = sum(0x1FFF << (52 * i) for i in range(len(order)))
        self.lead_cache: dict[tuple[int, int], list[int]] = {}
        self.nodes = 0
        live = 0
        for s in order:
            live |= self.h[s]
        self.live = live
        # preferans raspasy: cards turned from the talon lead some tricks (keyed by tricks left)
        self.talon_at: dict[int, int] = {}
        self.talon_mode = "suit"
        self.talon_owner = -1  # the seat credited when a talon card wins ("dealer" mode)
        self.first_hand = order[0]
        self.talon_low = 0  # tricks left below which no talon card leads
        # an exact evaluator for positions after the talon tricks (the compiled core), with its cache
        self.exact: Callable[[list[int], int], int] | None = None
        self.exact_cache: dict[tuple[int, ...], int] = {}

    def set_talon(self, talon_at: dict[int, int], mode: str, owner: int, first_hand: int) -> None:
        self.talon_at = dict(talon_at)
        self.talon_mode = mode
        self.talon_owner = owner
        self.first_hand = first_hand
        self.talon_low = min(talon_at) if talon_at else 0
        self.talon_low_or_all = self.talon_low if talon_at else 99
        if owner >= len(self.h):
            raise CardroomError(Reason("solve.talon_owner", owner=owner))
        rem = max(self.h[s].bit_count() for s in self.order)  # the tricks left, the current one included
        self.live |= self.talon_pending(rem)

    # ------------------------------------------------------------ move generation
    def _reps(self, legal: int, others: int) -> list[int]:
        """One card (the highest) of each run of equivalent cards of `legal`, high to low; cached."""
        key = (legal, others)
        reps = self.rep_cache.get(key)
        if reps is None:
            reps = []
            m = legal
            while m:
                c = m.bit_length() - 1
                reps.append(c)
                base = _BASE_OF[c]
                x = others & _LOW[c] & ~_LOW[base]
                low = x.bit_length()
                m &= _LOW[low if low > base else base]
            self.rep_cache[key] = reps
        return reps

    def _moves(self, hand: int, legal: int, win_card: int, follow: bool, want_win: bool) -> list[int]:
        """One card of each run of equivalent legal cards, ordered (see the module docstring)."""
        others = self.live & ~hand
        if not follow:
            key = (hand, others)
            lead = self.lead_cache.get(key)
            if lead is None:
                reps = self._reps(legal, others)
                if self.maximize:
                    # winners (the top live card of a suit) first, high to low; then low cards
                    top: list[int] = []
                    rest: list[int] = []
                    for c in reps:
                        above = others & _SUIT_MASK[_SUIT_OF[c]] & ~_LOW[c]
                        (rest if above else top).append(c)
                    rest.reverse()
                    lead = top + rest
                else:
                    lead = reps[::-1]  # lead low
                self.lead_cache[key] = lead
            return lead
        reps = self._reps(legal, others)
        if len(reps) <= 1:
            return reps
        # following: split into cards that beat the current winner and cards that do not
        ws = _SUIT_OF[win_card]
        trump = self.trump
        s0 = _SUIT_OF[reps[0]]
        if s0 == _SUIT_OF[reps[-1]]:  # one suit (following suit, or ruffing with trumps only)
            if s0 == ws:
                k = 0
                for c in reps:
                    if c < win_card:
                        break
                    k += 1
                beat = reps[k - 1::-1] if k else []  # cheapest winner first
                lose = reps[k:]
            elif s0 == trump:
                beat = reps[::-1]
                lose = []
            else:
                beat = []
                lose = reps
        else:
            beat = []
            lose = []
            for c in reps:
                s = _SUIT_OF[c]
                if (s == ws and c > win_card) or (s == trump and ws != trump):
                    beat.append(c)
                else:
                    lose.append(c)
            beat.reverse()  # cheapest winner first
        if self.maximize:
            lose = lose[::-1]  # lowest first
        if want_win:
            return beat + lose
        return lose + beat

    def _relative_key(self, leader: int) -> tuple[int, ...]:
        """The transposition key by relative ranks: for each suit, who holds each live card, high to low
        (the cards already played do not matter at a trick boundary)."""
        h = self.h
        x = 0
        for i, s in enumerate(self.order):
            x |= h[s] << (52 * i)
        codes = self.suit_codes
        sel = self.suit_sel
        out = [-1 - leader]  # negative: never equal to an absolute key (hands first)
        for sh in (0, 13, 26, 39):
            p = (x >> sh) & sel
            code = codes.get(p)
            if code is None:
                parts = [(p >> (52 * i)) & 0x1FFF for i in range(self.n)]
                live = 0
                for b in parts:
                    live |= b
                code = 1
                while live:
                    c = live.bit_length() - 1
                    bit = 1 << c
                    live ^= bit
                    for i, b in enumerate(parts):
                        if b & bit:
                            code = code * 4 + i
                            break
                codes[p] = code
            out.append(code)
        return tuple(out)

    # ------------------------------------------------------------ quick tricks
    def _quick(self, leader: int) -> int:
        """Tricks the leader can cash at once with top cards, whatever the others do."""
        h = self.h
        hand = h[leader]
        live = self.live
        trump = self.trump
        q = 0
        ruffers: list[int] = []
        if trump is not None:
            tm = self.tmask
            for s in self.order:
                if s != leader and h[s] & tm:
                    ruffers.append(h[s])
        for su in range(4):
            sm = _SUIT_MASK[su]
            mine = hand & sm
            if not mine:
                continue
            oth = live & sm & ~mine
            k = (mine & ~_LOW[oth.bit_length()]).bit_count() if oth else mine.bit_count()
            if k and su != trump:
                for r in ruffers:
                    ln = (r & sm).bit_count()
                    if ln < k:
                        k = ln
            q += k
        return q

    # ------------------------------------------------------------ the boolean search
    def bound(self, leader: int, target: int) -> bool:
        """At a trick boundary: does `side` take at least `target` of the remaining tricks?"""
        if target <= 0:
            return True
        h = self.h
        rem = h[leader].bit_count()
        if target > rem:
            return False
        self.nodes += 1
        talon_at = self.talon_at
        if talon_at and rem in talon_at:
            return self._talon_bound(leader, target, talon_at[rem])
        if rem == 1:
            return self._last(leader) >= target
        order = self.order
        if self.relative and rem < self.talon_low_or_all:
            key = self._relative_key(leader)
        elif self.n == 3:
            key = (h[order[0]], h[order[1]], h[order[2]], leader)
        elif self.n == 4:
            key = (h[order[0]], h[order[1]], h[order[2]], h[order[3]], leader)
        else:
            key = (h[order[0]], h[order[1]], leader)
        if self.exact is not None and rem < self.talon_low:
            v = self.exact_cache.get(key)
            if v is None:
                v = self.exact(h, leader)
                self.exact_cache[key] = v
            return v >= target
        tt = self.tt
        e = tt.get(key)
        if e is None:
            e = [0, rem, -1]
            tt[key] = e
        else:
            if e[0] >= target:
                return True
            if e[1] < target:
                return False
        if self.maximize:
            q = self._quick(leader)
            if q:
                if self.inside[leader]:
                    if q > e[0]:
                        e[0] = q
                    if q >= target:
                        return True
                else:
                    if rem - q < e[1]:
                        e[1] = rem - q
                    if rem - q < target:
                        return False
        hand = h[leader]
        moves = self._moves(hand, hand, -1, False, True)
        killer = e[2]
        if killer >= 0 and moves[0] != killer and killer in moves:
            moves = [killer, *(c for c in moves if c != killer)]
        is_max = self.maxer[leader]
        nxt = self.nxt[leader]
        result = not is_max
        for c in moves:
            bit = 1 << c
            h[leader] = hand ^ bit
            r = self.follow(nxt, 1, _SUIT_OF[c], c, leader, target, bit)
            h[leader] = hand
            if r == is_max:
                result = r
                e[2] = c
                break
        if result:
            if target > e[0]:
                e[0] = target
        elif target - 1 < e[1]:
            e[1] = target - 1
        return result

    def _last(self, leader: int) -> int:
        """The last trick, every card forced: 1 if `side` wins it."""
        h = self.h
        c = h[leader].bit_length() - 1
        wc, ws = c, leader
        s = self.nxt[leader]
        trump = self.trump
        while s != leader:
            d = h[s].bit_length() - 1
            sd, sw = _SUIT_OF[d], _SUIT_OF[wc]
            if (sd == sw and d > wc) or (sd == trump and sw != trump):
                wc, ws = d, s
            s = self.nxt[s]
        return self.inside[ws]

    def follow(self, seat: int, pos: int, led: int, wc: int, ws: int, target: int, tmask: int) -> bool:
        """Inside a trick: `seat` plays the `pos`-th card; `wc` by `ws` wins so far; `tmask` the trick's cards."""
        self.nodes += 1
        h = self.h
        hand = h[seat]
        legal = hand & _SUIT_MASK[led]
        if not legal:
            if self.must_trump:
                legal = hand & self.tmask
                if not legal:
                    legal = hand
            else:
                legal = hand
        if self.must_beat:
            legal = _beating(legal, wc, self.trump)
        is_max = self.maxer[seat]
        if legal & (legal - 1):
            want_win = (self.inside[ws] == 1) != is_max  # the current winner is on the wrong side for him
            moves = self._moves(hand, legal, wc, True, want_win)
        else:
            moves = [legal.bit_length() - 1]  # a forced card
        trump = self.trump
        sw = _SUIT_OF[wc]
        last = pos == self.n - 1
        nxt = self.nxt[seat]
        result = not is_max
        for c in moves:
            sc = _SUIT_OF[c]
            if (sc == sw and c > wc) or (sc == trump and sw != trump):
                nwc, nws = c, seat
            else:
                nwc, nws = wc, ws
            bit = 1 << c
            h[seat] = hand ^ bit
            if last:
                full = tmask | bit
                self.live ^= full
                r = self.bound(nws, target - self.inside[nws])
                self.live ^= full
            else:
                r = self.follow(nxt, pos + 1, led, nwc, nws, target, tmask | bit)
            h[seat] = hand
            if r == is_max:
                result = r
                break
        return result

    # ------------------------------------------------------------ talon tricks (raspasy)
    def _talon_start(self, tcard: int) -> tuple[int, int]:
        """The winner so far before the players' cards: the talon card ("dealer" mode) or nobody."""
        if self.talon_mode == "dealer":
            return tcard, self.talon_owner
        return -1, -1

    def _talon_beats(self, c: int, wc: int, led: int) -> bool:
        if wc < 0:
            return True  # "suit": the first player's card is the first that can win
        sc, sw = _SUIT_OF[c], _SUIT_OF[wc]
        if sc == sw:
            return c > wc
        # "suit" mode: a card of the talon's suit beats the first hand's off-suit card
        return self.talon_mode != "dealer" and sc == led

    def talon_pending(self, rem: int) -> int:
        """The talon cards still to lead when `rem` tricks are left (the current trick's included), as a
        mask, when they can win tricks ("dealer" mode); else 0. They are live from the start of the search
        until their trick is over: a card that beats a later talon card is not equivalent to one that
        does not (seat 2's 10S over the 9S to come, not his 7S, under the talon's AS now)."""
        m = 0
        if self.talon_mode == "dealer":
            for k, c in self.talon_at.items():
                if k <= rem:
                    m |= 1 << c
        return m

    def _talon_bound(self, leader: int, target: int, tcard: int) -> bool:
        h = self.h
        key = (*(h[s] for s in self.order), leader)
        e = self.tt.get(key)
        if e is None:
            e = [0, h[leader].bit_count(), -1]
            self.tt[key] = e
        elif e[0] >= target:
            return True
        elif e[1] < target:
            return False
        wc, ws = self._talon_start(tcard)
        tbit = (1 << tcard) if self.talon_mode == "dealer" else 0  # live until the trick is over
        r = self._tfollow(leader, 0, _SUIT_OF[tcard], wc, ws, target, tbit, -1)
        if r:
            if target > e[0]:
                e[0] = target
        elif target - 1 < e[1]:
            e[1] = target - 1
        return r

    def _tfollow(self, seat: int, pos: int, led: int, wc: int, ws: int, target: int, tmask: int, pw: int) -> bool:
        """A trick led by a talon card of suit `led`: `seat` plays the `pos`-th players' card; `pw`: the
        players' cards' own winner (-1 before the first), which F1's compulsory beating heads (the talon card
        aside, as the deal's rule)."""
        self.nodes += 1
        h = self.h
        hand = h[seat]
        legal = hand & _SUIT_MASK[led]
        if not legal:
            legal = hand
        if self.must_beat and pw >= 0:
            legal = _beating(legal, pw, None)
        is_max = self.maxer[seat]
        want_win = ws >= 0 and (self.inside[ws] == 1) != is_max
        moves = self._moves(hand, legal, wc if wc >= 0 else led * 13, True, want_win)
        last = pos == self.n - 1
        nxt = self.nxt[seat]
        result = not is_max
        for c in moves:
            if self._talon_beats(c, wc, led):
                nwc, nws = c, seat
            else:
                nwc, nws = wc, ws
            bit = 1 << c
            h[seat] = hand ^ bit
            if last:
                full = tmask | bit
                self.live ^= full
                lead = nws if nws in self.order else self.first_hand
                r = self.bound(lead, target - self.inside[nws])
                self.live ^= full
            else:
                npw = c if pw < 0 or (_SUIT_OF[c] == _SUIT_OF[pw] and c > pw) else pw
                r = self._tfollow(nxt, pos + 1, led, nwc, nws, target, tmask | bit, npw)
            h[seat] = hand
            if r == is_max:
                result = r
                break
        return result

    def after(self, leader: int, trick: tuple[int, ...], card: int) -> tuple[int, tuple[int, ...], int]:
        """The seat to move plays `card` (already out of his hand): (leader, trick, tricks won by side)."""
        t = (*trick, card)
        if len(t) < self.n:
            return leader, t, 0
        order = self.order
        i = order.index(leader)
        rem = self.h[leader].bit_count() + 1
        if rem in self.talon_at:
            tcard = self.talon_at[rem]
            wc, w = self._talon_start(tcard)
            for k, c in enumerate(t):
                if self._talon_beats(c, wc, _SUIT_OF[tcard]):
                    wc, w = c, order[(i + k) % self.n]
            nxt = w if w in order else self.first_hand
            return nxt, (), self.inside[w]
        wc, w = t[0], leader
        trump = self.trump
        for k, c in enumerate(t[1:], 1):
            sc, sw = _SUIT_OF[c], _SUIT_OF[wc]
            if (sc == sw and c > wc) or (sc == trump and sw != trump):
                wc, w = c, order[(i + k) % self.n]
        return w, (), self.inside[w]

    def legal_now(self, leader: int, trick: tuple[int, ...]) -> int:
        i = self.order.index(leader)
        mover = self.order[(i + len(trick)) % self.n]
        hand = self.h[mover]
        rem = hand.bit_count()
        if rem in self.talon_at:
            m = hand & _SUIT_MASK[_SUIT_OF[self.talon_at[rem]]]
            m = m if m else hand
            return _heading(m, trick, None) if self.must_beat else m
        if not trick:
            return hand
        legal = _legal(hand, _SUIT_OF[trick[0]], self.trump, self.must_trump)
        return _heading(legal, trick, self.trump) if self.must_beat else legal

    # ------------------------------------------------------------ the drivers
    def ge(self, leader: int, trick: tuple[int, ...], target: int) -> bool:
        """Does `side` take at least `target` tricks from the position (the current trick included)?"""
        if not trick:
            return self.bound(leader, target)
        order = self.order
        i0 = order.index(leader)
        rem = self.h[order[(i0 + len(trick)) % self.n]].bit_count()
        if rem in self.talon_at:
            tcard = self.talon_at[rem]
            led = _SUIT_OF[tcard]
            wc, ws = self._talon_start(tcard)
            tmask = 0
            pw = -1
            for k, c in enumerate(trick):
                tmask |= 1 << c
                if self._talon_beats(c, wc, led):
                    wc, ws = c, order[(i0 + k) % self.n]
                if pw < 0 or (_SUIT_OF[c] == _SUIT_OF[pw] and c > pw):
                    pw = c
            seat = order[(i0 + len(trick)) % self.n]
            tbit = (1 << tcard) if self.talon_mode == "dealer" else 0  # live until the trick is over
            return self._tfollow(seat, len(trick), led, wc, ws, target, tmask | tbit, pw)
        i = order.index(leader)
        seat = leader
        wc, ws = trick[0], leader
        tmask = 0
        trump = self.trump
        for k, c in enumerate(trick):
            seat = order[(i + k) % self.n]
            tmask |= 1 << c
            if k:
                sc, sw = _SUIT_OF[c], _SUIT_OF[wc]
                if (sc == sw and c > wc) or (sc == trump and sw != trump):
                    wc, ws = c, seat
        return self.follow(self.nxt[seat], len(trick), _SUIT_OF[trick[0]], wc, ws, target, tmask)

    def value(self, leader: int, trick: tuple[int, ...]) -> int:
        """The exact value, by bisection over null-window searches."""
        tmask = 0
        for c in trick:
            tmask |= 1 << c
        self.live |= tmask
        i = self.order.index(leader)
        mover = self.order[(i + len(trick)) % self.n]
        lo, hi = 0, self.h[mover].bit_count()
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if self.ge(leader, trick, mid):
                lo = mid
            else:
                hi = mid - 1
        self.live &= ~tmask
        return lo


@dataclass(frozen=True)
class TalonLeads:
    """Preferans raspasy: cards turned from the talon that lead tricks (an addition to the interface).

    ``cards`` pairs (tricks left, the current one included; card): the talon card that leads the trick
    played when that many tricks are left. ``mode`` "suit": the card sets the suit to follow and takes
    nothing; if no player follows it, the first player's card sets the suit (rules.py). "dealer": the card is
    the four-player dealer's (``owner``) and wins the trick if nobody plays higher in its suit; a trick the
    owner wins is led from by ``first_hand``.
    """

    cards: tuple[tuple[int, int], ...]
    mode: str = "suit"
    owner: int = -1
    first_hand: int = 0


def _search_for(pos: Position, talon: TalonLeads | None) -> _Search:
    s = _Search(pos.hands, pos.order, pos.trump, pos.must_trump, pos.side, pos.maximize, pos.must_beat)
    if talon is not None and talon.cards:
        s.set_talon(dict(talon.cards), talon.mode, talon.owner, talon.first_hand)
    return s


def _python_solve(pos: Position, talon: TalonLeads | None = None,
                  exact: Callable[[list[int], int], int] | None = None) -> tuple[int, int]:
    s = _search_for(pos, talon)
    s.exact = exact
    v = s.value(pos.leader, pos.trick)
    return v, s.nodes


def _python_best_moves(pos: Position, talon: TalonLeads | None = None,
                       exact: Callable[[list[int], int], int] | None = None) -> tuple[dict[int, int], int]:
    s = _search_for(pos, talon)
    s.exact = exact
    legal = s.legal_now(pos.leader, pos.trick)
    mover = pos.to_move
    tmask = 0
    for c in pos.trick:
        tmask |= 1 << c
    live = s.live | tmask
    others = live & ~pos.hands[mover]
    base_hands = list(s.h)
    out: dict[int, int] = {}
    m = legal
    while m:
        c = m.bit_length() - 1
        base = _BASE_OF[c]
        x = others & _LOW[c] & ~_LOW[base]
        low = max(x.bit_length(), base)
        run = m & ~_LOW[low]
        m &= _LOW[low]
        s.h = list(base_hands)
        s.h[mover] &= ~(1 << c)
        leader, trick, won = s.after(pos.leader, pos.trick, c)
        s.live = s.talon_pending(max(s.h[seat].bit_count() for seat in pos.order))
        for seat in pos.order:
            s.live |= s.h[seat]
        v = won + s.value(leader, trick)
        while run:
            d = run.bit_length() - 1
            out[d] = v
            run &= ~(1 << d)
    return out, s.nodes


# --------------------------------------------------------------------------- dispatch

def _load_core() -> Any:
    try:  # the compiled core, when built
        import importlib

        return importlib.import_module("cardroom.solve._core")
    except ImportError:  # pragma: no cover - depends on the build
        return None


_core: Any = _load_core()


def backend() -> str:
    """``"c"`` when the compiled core is used, else ``"python"`` (also when ``CARDROOM_PURE_PYTHON`` is set)."""
    return "c" if _core is not None and not os.environ.get("CARDROOM_PURE_PYTHON") else "python"


def _core_args(pos: Position) -> tuple[Any, ...]:
    side_mask = 0
    for s in pos.side:
        side_mask |= 1 << s
    return (tuple(pos.hands), tuple(pos.order), pos.leader, tuple(pos.trick),
            -1 if pos.trump is None else int(pos.trump), int(bool(pos.must_trump)) | 2 * bool(pos.must_beat), side_mask,
            bool(pos.maximize))


def _checked(pos: Position) -> Position:
    validate(pos)
    if pos.trump is not None:
        pos = Position(pos.hands, pos.order, pos.leader, pos.trick, int(pos.trump), pos.must_trump,
                       frozenset(pos.side), pos.maximize, pos.must_beat)
    return pos


def _call_core(fn: Callable[..., Any], pos: Position) -> Any:
    try:
        return fn(*_core_args(pos))
    except ValueError as e:
        raise CardroomError(Reason("solve.core_refused", why=e)) from e


def solve_stats(pos: Position) -> tuple[int, int]:
    """(tricks `side` takes from here on under best play by all, nodes searched)."""
    pos = _checked(pos)
    if backend() == "c":
        v, n = _call_core(_core.solve, pos)
        return int(v), int(n)
    return _python_solve(pos)


def solve(pos: Position) -> int:
    """The tricks `side` takes from here on (the current trick included) under best play by all."""
    return solve_stats(pos)[0]


def best_moves(pos: Position) -> dict[int, int]:
    """Every legal card of the seat to move -> the tricks `side` takes (from here on) after playing it."""
    pos = _checked(pos)
    if backend() == "c":
        return {int(c): int(v) for c, v in _call_core(_core.best_moves, pos)}
    return _python_best_moves(pos)[0]


def solve_stats_core(pos: Position) -> tuple[int, int]:
    """:func:`solve_stats` by the compiled core, whatever ``CARDROOM_PURE_PYTHON`` says (for cross-checks)."""
    if _core is None:
        raise CardroomError(Reason("solve.no_core"))
    v, n = _call_core(_core.solve, _checked(pos))
    return int(v), int(n)


def best_moves_core(pos: Position) -> dict[int, int]:
    """:func:`best_moves` by the compiled core, whatever ``CARDROOM_PURE_PYTHON`` says."""
    if _core is None:
        raise CardroomError(Reason("solve.no_core"))
    return {int(c): int(v) for c, v in _call_core(_core.best_moves, _checked(pos))}


def solve_stats_python(pos: Position) -> tuple[int, int]:
    """:func:`solve_stats` by the pure-Python search, whatever the core (for cross-checks)."""
    return _python_solve(_checked(pos))


def solve_python(pos: Position) -> int:
    """:func:`solve` by the pure-Python search."""
    return _python_solve(_checked(pos))[0]


def best_moves_python(pos: Position) -> dict[int, int]:
    """:func:`best_moves` by the pure-Python search."""
    return _python_best_moves(_checked(pos))[0]


def _checked_talon(pos: Position, talon: TalonLeads) -> None:
    if talon.mode not in ("suit", "dealer"):
        raise CardroomError(Reason("solve.talon_mode", mode=talon.mode))
    if pos.trump is not None:
        raise CardroomError(Reason("solve.talon_trump"))
    held = 0
    for s in pos.order:
        held |= pos.hands[s]
    for c in pos.trick:
        held |= 1 << c
    for k, c in talon.cards:
        if not isinstance(c, int) or not 0 <= c < 52:
            raise CardroomError(Reason("solve.talon_card", card=c))
        if held >> c & 1:
            raise CardroomError(Reason("solve.talon_held", card=_cards_text(1 << c)))
        if not 1 <= k <= 13:
            raise CardroomError(Reason("solve.talon_trick", k=k))
    if talon.mode == "dealer" and not 0 <= talon.owner < len(pos.hands):
        raise CardroomError(Reason("solve.talon_leads_owner", owner=talon.owner))
    if talon.first_hand not in pos.order:
        raise CardroomError(Reason("solve.talon_first", first=talon.first_hand))


def _core_exact(pos: Position, counter: list[int]) -> Callable[[list[int], int], int] | None:
    if backend() != "c":
        return None
    args = _core_args(pos)

    def exact(hands: list[int], leader: int) -> int:
        v, n = _core.solve(tuple(hands[: len(pos.hands)]), args[1], leader, (), *args[4:])
        counter[0] += int(n)
        return int(v)

    return exact


def solve_stats_talon(pos: Position, talon: TalonLeads) -> tuple[int, int]:
    """:func:`solve_stats` when talon cards lead some tricks (raspasy). The talon tricks are searched in
    Python; the rest by the compiled core when it is built."""
    pos = _checked(pos)
    _checked_talon(pos, talon)
    counter = [0]
    v, n = _python_solve(pos, talon, _core_exact(pos, counter))
    return v, n + counter[0]


def best_moves_talon(pos: Position, talon: TalonLeads) -> dict[int, int]:
    """:func:`best_moves` when talon cards lead some tricks (raspasy)."""
    pos = _checked(pos)
    _checked_talon(pos, talon)
    counter = [0]
    return _python_best_moves(pos, talon, _core_exact(pos, counter))[0]
