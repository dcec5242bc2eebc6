"""A rule-based preferans player.

:class:`PreferansBot` sees only a seat's :class:`~cardroom.games.preferans.rules.PrefView` (or a
match view whose ``deal`` is one). It bids by counting its expected tricks in each strain with the
talon's expected value, bids misère on a hand whose every suit is safe, discards the two cards that
leave the most tricks (or, on misère, the least danger), whists by the obligations of the 1997 Code,
and plays by the classic rules: draw trumps, cash winners, establish long suits; lead through
strength, keep guards; on misère and raspasy duck under the winning card and shed high cards.
The method is documented in docs/bots/preferans.md.

Suit evaluation rests on two single-suit tables computed once: the tricks a holding takes when its
owner plays the suit out from the lead against every division of the outstanding cards between the
two opponents (weighted by its probability), and, for misère, whether two opponents who hold the
lead can force the holding to take a trick (an exact game-tree search over the suit).

Everything it reasons about comes from the view: its own hand, exposed hands, the talon once shown,
its own discard, and the cards played. A choice is a pure function of the seed and the view.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import combinations
from typing import Any, ClassVar

from cardroom.core.cards import PIQUET_PACK_MASK, SUIT_MASKS, Card
from cardroom.core.tricks import natural_winner
from cardroom.games.preferans.calls import (
    ACCEPT,
    CLOSED,
    CONTRA,
    DECLINE,
    FOUR_ACES,
    HALF_WHIST,
    HERE,
    INVITE,
    MISERE,
    MISERE_NO_TALON,
    OFF_GORA,
    OPEN,
    PASS,
    PLAY,
    PREFERANS,
    RECONTRA,
    REFUSE_TALON,
    STRAIN_SUIT,
    TAKE,
    TO_PULYA,
    WHIST,
    PrefCall,
    conceded_of,
    extra_contract,
    game_bid,
    rank_of,
)
from cardroom.games.preferans.declaration import is_preferans_hand
from cardroom.games.preferans.rules import PrefView

__all__ = [
    "OBLIGATION",
    "HandEstimate",
    "PreferansBot",
    "best_discard",
    "defence_tricks",
    "estimate_hand",
    "hand_value",
    "misere_danger",
]

PACK = PIQUET_PACK_MASK
NEG = -1.0e9

# Whist obligations of the 1997 Code: tricks the defenders must take together.
OBLIGATION: dict[int, int] = {6: 4, 7: 2, 8: 1, 9: 1, 10: 0}

# --- bidding and declaring (expected tricks needed; see docs/bots/preferans.md) -------------
BID_MARGIN: dict[int, float] = {6: -0.3, 7: -0.1, 8: 0.2, 9: 0.3, 10: 0.5}
RAISE_MARGIN = 0.6  # declare above the cheapest legal game only with this much to spare
CONTRA_DEFENCE = 4.5  # F2: a defender doubles a suit game his own hand expects to beat (five tricks beat a six)
RECONTRA_SPARE = 2.0  # F2: the declarer redoubles with two tricks to spare
MISERE_BID = 0.3  # expected tricks on misère (after the talon) at most
MISERE_WT_BID = 0.06  # misère without talon: the ten cards as dealt
MISERE_INVITE = 0.12  # four players: invite the dealer to share a misère this risky or worse
MISERE_ACCEPT = 0.3  # the dealer shares a misère no riskier than one it would bid
CONCEDE_SHORT = 2.0  # concede without play when this many tricks short (by the evaluation)
# --- whisting: a defender's expected tricks needed ----------------------------------------
WHIST_MIN: dict[int, float] = {6: 1.7, 7: 1.0, 8: 0.8, 9: 0.7, 10: 0.0}
LONE_MIN: dict[int, float] = {6: 3.3, 7: 1.7, 8: 1.0, 9: 0.8, 10: 0.0}
HALF_MIN: dict[int, float] = {6: 2.6, 7: 1.3}
REFUSE_BELOW = 5.0
"""The Greek «возьму»: the talon is refused when no strain promises this many tricks (six less a margin)."""
RETURN_MIN: dict[int, float] = {6: 1.4, 7: 0.7}


# ============================================================================ bit helpers
def _p8(mask: int, suit: int) -> int:
    """The 8-bit pattern of one suit (bit 0 = the seven … bit 7 = the ace)."""
    return (mask >> (13 * suit + 5)) & 0xFF


def _r8(card: int) -> int:
    """Rank of a card in the 32-card pack: 0 = seven … 7 = ace."""
    return card % 13 - 5


def _bits(p: int) -> list[int]:
    """The single-bit masks of ``p``, low to high."""
    out = []
    while p:
        b = p & -p
        out.append(b)
        p ^= b
    return out


def _cards(mask: int) -> list[Card]:
    out = []
    while mask:
        b = mask & -mask
        out.append(Card(b.bit_length() - 1))
        mask ^= b
    return out


def _compress(live: int, sub: int) -> int:
    """The bits of ``sub`` renumbered by their position among the bits of ``live``."""
    out = 0
    i = 0
    while live:
        b = live & -live
        if sub & b:
            out |= 1 << i
        i += 1
        live ^= b
    return out


# ============================================================================ suit tables
def _split_weight(m: int, k: int) -> float:
    """Probability that one opponent holds a particular ``k`` of the ``m`` outstanding cards
    of a suit and the other the rest (each opponent holds ten of the twenty unseen cards)."""
    if not 0 <= 10 - k <= 20 - m:
        return 0.0
    return math.comb(20 - m, 10 - k) / math.comb(20, 10)


def _play_out(d: int, a: int, b: int) -> tuple[int, float, bool]:
    """One suit played out with its owner ``d`` on lead every round against ``a`` and ``b``:
    cash the top card when it is a winner, otherwise concede with the lowest card while the
    opponents win as cheaply as they can. Returns the rounds won, the rounds won weighted by
    the risk of a ruff (an opponent already void), and whether the opponents' cards were all
    drawn."""
    won = 0
    safe = 0.0
    while d:
        top = d.bit_length()
        voids = (a == 0) + (b == 0)
        if top > (a | b).bit_length():
            d ^= 1 << (top - 1)
            a &= a - 1
            b &= b - 1
            won += 1
            safe += (1.0, 0.75, 0.7)[voids]
            continue
        low = d & -d
        d ^= low
        above = ~((low << 1) - 1)
        ca = a & above
        cb = b & above
        la = ca & -ca
        lb = cb & -cb
        if la and (not lb or la < lb):
            a ^= la
            b &= b - 1
        else:
            b ^= lb
            a &= a - 1
    return won, safe, not (a | b)


@cache
def _suit_values(n: int, d: int) -> tuple[float, float, float, float, float]:
    """Expected tricks of holding ``d`` in a suit of ``n`` live cards, the others with the two
    opponents: (as trumps, as a side suit while the opponents may ruff, as a side suit once
    trumps are drawn, in no-trump), and the chance that the holding draws all the opponents'
    cards of the suit (as trumps: the declarer's control)."""
    opp = ((1 << n) - 1) & ~d
    m = opp.bit_count()
    trump = 0.0
    side = 0.0
    drawn = 0.0
    sub = opp
    while True:
        w = _split_weight(m, sub.bit_count())
        won, safe, gone = _play_out(d, sub, opp ^ sub)
        trump += w * won
        side += w * safe
        drawn += w * gone
        if sub == 0:
            break
        sub = (sub - 1) & opp
    nt = trump
    full = trump
    length = d.bit_count()
    if n == 8 and length:
        # a king (queen) that the play from the lead never makes still scores when the suit
        # is led towards it by the opponents
        if d & 0x40 and not d & 0x80 and length >= 2:
            side += 0.25
            full += 0.25
            nt += 0.25
        elif d & 0x20 and not d & 0xC0 and length >= 3:
            side += 0.1
            full += 0.1
            nt += 0.1
    if n == 8:
        stopped = bool(d & 0x80) or (d & 0x40 and length >= 2) or (d & 0x20 and length >= 3) or length >= 5
        if not stopped:
            nt -= 0.45 * (8 - length)  # the opponents run the suit when they get in
    return trump, side, full, nt, drawn


def _val(n: int, d: int, mode: int) -> float:
    """Value of a suit in a mode: 0 trumps, 2 no-trump (tricks), 3 misère (minus the chance of
    being forced to take a trick), 10–20 a side suit of a trump game when the declarer draws
    trumps with probability (mode - 10) / 10."""
    if mode == 3:
        return -_mis_prob(n, d)
    v = _suit_values(n, d)
    if mode >= 10:
        c = (mode - 10) / 10
        return c * v[2] + (1 - c) * v[1]
    return v[3] if mode == 2 else v[0]


@cache
def _best_removal(n: int, d: int, k: int, mode: int) -> tuple[float, int]:
    """The best value of the suit after discarding ``k`` of its cards, and the cards discarded."""
    if d.bit_count() < k:
        return NEG, 0
    best = NEG
    rem = 0
    for sub in combinations(_bits(d), k):
        r = sum(sub)
        v = _val(n, d ^ r, mode)
        # tie: discard the higher cards on misère, the lower ones otherwise
        if v > best + 1e-9 or (abs(v - best) <= 1e-9 and ((r > rem) if mode == 3 else (r < rem))):
            best, rem = v, r
    return best, rem


# ----------------------------------------------------------------------------- misère search
@cache
def _mis_force(d: int, a: int, b: int) -> bool:
    """Can the opponents ``a`` (declarer's left, playing after him) and ``b`` (his right,
    playing before him), free to lead the suit whenever they like, force the holding ``d``
    to take a trick in this suit? Bits are ranks (a higher bit is a higher card)."""
    if not d or not (a | b):
        return False
    return any(_lead_b(d, a, b ^ x, x) for x in _bits(b)) or any(_lead_a(d, a ^ x, b, x) for x in _bits(a))


def _lead_b(d: int, a: int, b: int, x: int) -> bool:
    """Right-hand opponent led ``x``: declarer plays, then the left-hand opponent."""
    for y in _bits(d):
        if y > x and (not a or (a & (y - 1))):
            continue  # declarer wins: the left-hand opponent ducks (or is void)
        if a:
            if not any(_mis_force(d ^ y, a ^ z, b) for z in _bits(a)):
                return False
        elif not _mis_force(d ^ y, a, b):
            return False
    return True


def _lead_a(d: int, a: int, b: int, x: int) -> bool:
    """Left-hand opponent led ``x``: the right-hand opponent plays, declarer plays last."""
    for z in _bits(b) if b else [0]:
        hi = max(x, z)
        ok = True
        for y in _bits(d):
            if y > hi:
                continue  # declarer must win with y; it is his choice only if every card wins
            if not _mis_force(d ^ y, a, b ^ z):
                ok = False
                break
        if ok:
            return True
    return False


@cache
def _mis_prob(n: int, d: int) -> float:
    """Probability over the divisions of the other cards of the suit that the holding ``d``
    can be forced to take a trick in it."""
    opp = ((1 << n) - 1) & ~d
    if not d or not opp:
        return 0.0
    m = opp.bit_count()
    total = 0.0
    sub = opp
    while True:
        if _mis_force(d, sub, opp ^ sub):
            total += _split_weight(m, sub.bit_count())
        if sub == 0:
            break
        sub = (sub - 1) & opp
    return total


@cache
def _duel(mine: int, theirs: int, tail: bool) -> int:
    """Tricks the holding ``mine`` takes in a suit against the single hand ``theirs``, which
    leads every round, both playing their best; when ``theirs`` runs out, the cards left count
    as winners if ``tail`` (no ruff to fear). Bits are ranks."""
    if not mine:
        return 0
    if not theirs:
        return mine.bit_count() if tail else 0
    best = 99
    for o in _bits(theirs):
        v = max((1 if m > o else 0) + _duel(mine ^ m, theirs ^ o, tail) for m in _bits(mine))
        best = min(best, v)
        if best == 0:
            break
    return best


def misere_danger(hand: int) -> float:
    """Sum over the four suits of the chance that the suit can be forced to take a trick on
    misère (the other cards of the suit shared at random by the two opponents)."""
    return sum(_mis_prob(8, _p8(hand, s)) for s in range(4))


# ============================================================================ hand evaluation
def _modes(trump: int | None, hand: int) -> tuple[int, int, int, int]:
    """The evaluation mode of each suit of ``hand`` in a game with ``trump``."""
    if trump is None:
        return (2, 2, 2, 2)
    side = 10 + round(10 * _suit_values(8, _p8(hand, trump))[4])
    return tuple(0 if s == trump else side for s in range(4))  # type: ignore[return-value]


def hand_value(hand: int, trump: int | None) -> float:
    """Expected tricks of a ten-card hand as declarer with ``trump`` (a card suit; None: no-trump)."""
    modes = _modes(trump, hand)
    return sum(_val(8, _p8(hand, s), modes[s]) for s in range(4))


def _discard_gain(pats: list[int], modes: tuple[int, ...]) -> tuple[float, int, int]:
    """The value lost by the best discard of two cards from suits ``pats`` (≤ 0) and the
    discarded (suit, pattern) as ``suit_a * 256 + pattern``, ``suit_b * 256 + pattern``."""
    best = NEG
    da = db = -1
    g1: list[tuple[float, int]] = []
    for s in range(4):
        p = pats[s]
        m = modes[s]
        v = _val(8, p, m)
        if p.bit_count() >= 2:
            r2, rem = _best_removal(8, p, 2, m)
            if r2 - v > best:
                best, da, db = r2 - v, s * 256 + rem, -1
        if p:
            r1, rem1 = _best_removal(8, p, 1, m)
            g1.append((r1 - v, s * 256 + rem1))
    g1.sort(key=lambda t: -t[0])
    if len(g1) >= 2 and g1[0][0] + g1[1][0] > best:
        best, da, db = g1[0][0] + g1[1][0], g1[0][1], g1[1][1]
    return best, da, db


def best_discard(hand12: int, mode_of: tuple[int, ...]) -> tuple[float, int]:
    """The value of a twelve-card hand after the best discard, and the two discards (mask)."""
    pats = [_p8(hand12, s) for s in range(4)]
    total = sum(_val(8, pats[s], mode_of[s]) for s in range(4))
    gain, da, db = _discard_gain(pats, mode_of)
    mask = 0
    for x in (da, db):
        if x >= 0:
            s, rem = divmod(x, 256)
            mask |= rem << (13 * s + 5)
    return total + gain, mask


def _expected_after_talon(hand: int, unseen: int, modes: tuple[int, ...]) -> float:
    """Expected value of the hand after taking a talon drawn from ``unseen`` and discarding the
    best two cards (every pair of unseen cards equally likely)."""
    pats = [_p8(hand, s) for s in range(4)]
    base = [_val(8, pats[s], modes[s]) for s in range(4)]
    g2 = []
    g1 = []
    for s in range(4):
        g2.append(_best_removal(8, pats[s], 2, modes[s])[0] - base[s] if pats[s].bit_count() >= 2 else NEG)
        g1.append(_best_removal(8, pats[s], 1, modes[s])[0] - base[s] if pats[s] else NEG)
    total = sum(base)
    cards = _cards(unseen)
    acc = 0.0
    cnt = 0
    for i in range(len(cards)):
        ci = cards[i]
        si = ci // 13
        for j in range(i + 1, len(cards)):
            cj = cards[j]
            sj = cj // 13
            vv = list(base)
            gg2 = list(g2)
            gg1 = list(g1)
            touched = (si,) if si == sj else (si, sj)
            for s in touched:
                p = pats[s]
                if s == si:
                    p |= 1 << _r8(ci)
                if s == sj:
                    p |= 1 << _r8(cj)
                m = modes[s]
                v = _val(8, p, m)
                vv[s] = v
                gg2[s] = _best_removal(8, p, 2, m)[0] - v if p.bit_count() >= 2 else NEG
                gg1[s] = _best_removal(8, p, 1, m)[0] - v
            t = total + sum(vv[s] - base[s] for s in touched)
            a1 = b1 = NEG
            for x in gg1:
                if x > a1:
                    a1, b1 = x, a1
                elif x > b1:
                    b1 = x
            acc += t + max(max(gg2), a1 + b1)
            cnt += 1
    return acc / cnt if cnt else total


@dataclass(frozen=True)
class HandEstimate:
    """What a ten-card hand is worth in the auction.

    ``tricks[st]``: expected declarer tricks after the talon and the best discard in preferans
    strain ``st`` (0 spades, 1 clubs, 2 diamonds, 3 hearts, 4 no-trump); ``misere``: the expected
    number of suits that can be forced on misère after the talon and the best discard;
    ``misere_no_talon``: the same for the ten cards as dealt; ``best_game``: the highest game it
    judges makeable (None: none)."""

    tricks: tuple[float, float, float, float, float]
    misere: float
    misere_no_talon: float
    best_game: PrefCall | None

    def level(self, strain: int) -> int:
        """The highest level makeable in a strain (0 below six)."""
        e = self.tricks[strain]
        best = 0
        for lvl in range(6, 11):
            if e >= lvl + BID_MARGIN[lvl]:
                best = lvl
        return best


@lru_cache(maxsize=4096)
def estimate_hand(hand: int, unseen: int | None = None) -> HandEstimate:
    """Evaluate a ten-card hand for the auction; ``unseen`` defaults to the 22 other cards."""
    if unseen is None:
        unseen = PACK & ~hand
    tricks = tuple(_expected_after_talon(hand, unseen, _modes(STRAIN_SUIT[st], hand)) for st in range(5))
    mis_nt = misere_danger(hand)
    mis = -_expected_after_talon(hand, unseen, (3, 3, 3, 3)) if mis_nt > 0 else 0.0
    best: PrefCall | None = None
    est = HandEstimate(tricks, mis, mis_nt, None)  # type: ignore[arg-type]
    for st in range(5):
        lvl = est.level(st)
        if lvl >= 6:
            c = game_bid(lvl, st)
            if best is None or rank_of(c) > rank_of(best):
                best = c
    return HandEstimate(tricks, mis, mis_nt, best)  # type: ignore[arg-type]


# ============================================================================ defence value
def _def_trump(p: int) -> float:
    n = p.bit_count()
    v = 0.0
    if p & 0x80:
        v += 1.0
        if p & 0x40:
            v += 1.0
            if p & 0x20 and n >= 3:
                v += 0.7
    elif p & 0x40:
        v += 0.7 if n >= 2 else 0.2
        if p & 0x20 and n >= 3:
            v += 0.5
    elif p & 0x20:
        v += 0.5 if n >= 3 else 0.15
    elif p & 0x10 and n >= 4:
        v += 0.35
    if n >= 4:
        v += 0.4
    return min(v, float(n))


def _def_side(p: int, nt: bool) -> float:
    n = p.bit_count()
    if not n:
        return 0.0
    v = 0.0
    if p & 0x80:
        v += 1.0 if nt else 0.9
        if p & 0x40:
            v += 1.0 if nt else 0.75
            if p & 0x20:
                v += 1.0 if nt else 0.3
    elif p & 0x40:
        if n >= 2:
            v += 0.45
            if p & 0x20:
                v += 0.45
        else:
            v += 0.1
    elif p & 0x20 and n >= 3:
        v += 0.15
    if nt and n >= 5 and p & 0xC0:
        v += 0.5 * (n - 4)
    elif not nt and n >= 5:
        v *= 0.8
    return min(v, float(n))


def defence_tricks(hand: int, trump: int | None) -> float:
    """Expected tricks of a defender's hand against a game with ``trump`` (None: no-trump)."""
    return sum(
        _def_trump(_p8(hand, s)) if s == trump else _def_side(_p8(hand, s), trump is None) for s in range(4)
    )


# ============================================================================ the player
class PreferansBot:
    """A rule-based preferans player (see docs/bots/preferans.md).

    ``choose(view)`` returns an element of ``view.legal``: a call in the auction, whist, defence
    and declaration phases, a card when discarding or playing (for the hand
    ``view.hand_to_play``, its own or an exposed hand it plays for)."""

    def __init__(self, seed: int | None = None) -> None:
        # kept for the common bot interface and for breaking ties; the present rules break every
        # tie by card order, so the play does not depend on it
        self.seed = 0 if seed is None else int(seed)

    BY_PHASE: ClassVar[Mapping[str, str]] = {
        "auction": "bid", "discard": "discard", "declare": "declare", "whist": "whist", "defence": "defence",
        "play": "play", "concede": "concede", "invite": "invite", "passing": "pass_card"}
    """The method choosing the action of each phase (given the view); the choice also reads the sheet."""

    def choose(self, view: Any) -> Any:
        """The action for the seat of ``view`` (a deal's PrefView, or a match view with ``.deal``)."""
        v = view
        sheet = getattr(view, "sheet", None)
        if not isinstance(v, PrefView):
            v = getattr(view, "deal", None)
            if not isinstance(v, PrefView):
                raise ValueError("not a preferans view")
        if not v.legal:
            raise ValueError("the view lists no legal action: it is not this seat's turn")
        if v.ruling is not None:  # laws mode: this seat chooses under a ruling
            return self.choose_ruling(v)
        legal = v.legal
        if len(legal) == 1:
            return legal[0]
        phase = v.phase
        if phase == "choice":
            a: Any = self.choice(v, sheet)
        elif phase in self.BY_PHASE:
            a = getattr(self, self.BY_PHASE[phase])(v)
        else:
            a = legal[0]
        if a not in legal:  # a safety net: never return an illegal action
            a = PASS if PASS in legal else legal[0]
        return a

    # ------------------------------------------------------------------ laws mode
    def choose_ruling(self, view: Any) -> Any:
        """The option of the pending ruling best for this seat's side (games/preferans/laws.py):

        * P2 wrong hand in the auction: ``penalty`` (the offender pays into his gora; the cards are dealt
          again either way);
        * P3 wrong discard: ``game-lost`` (the chooser is a defender: the declarer's game fails without play);
        * P4 lead or play out of turn, P6 a card shown: ``penalty-card`` — it only takes choices away from
          the offending side, so double dummy it can never cost the non-offending side a trick;
        * P5 revoke: ``transfer`` when no more tricks remain than the transfer gives back (two by default:
          a revoke cannot gain more tricks than remain, so the transfer restores at least what it cost),
          else ``correct`` (the position before the revoke, the card face up).

        Otherwise the first option offered."""
        v = view if isinstance(view, PrefView) else getattr(view, "deal", view)
        legal = list(v.legal)
        if v.ruling is None or not legal:
            raise ValueError("no ruling is pending for this seat")
        law = str(v.ruling["law"])
        names = [getattr(a, "option", "") for a in legal]

        def pick(*prefs: str) -> Any:
            for p in prefs:
                if p in names:
                    return legal[names.index(p)]
            return legal[0]

        if law == "P2":
            return pick("penalty", "redeal")
        if law == "P3":
            return pick("game-lost", "correct")
        if law in ("P4", "P6"):
            return pick("penalty-card", "retract", "waive")
        if law == "P5":
            remaining = 10 - len(v.tricks)
            return pick("transfer", "correct") if remaining <= 2 else pick("correct", "transfer")
        return legal[0]

    # ------------------------------------------------------------------ auction
    def bid(self, v: PrefView) -> PrefCall:
        legal = v.legal
        est = estimate_hand(v.hand)
        best = est.best_game
        mis_ok = est.misere <= MISERE_BID and (best is None or best.level <= 7)
        mis_wt_ok = est.misere_no_talon <= MISERE_WT_BID and (best is None or best.level <= 7)
        cur = v.bid
        if HERE in legal and cur is not None:
            if cur == MISERE_NO_TALON:
                if mis_wt_ok:
                    return HERE
            elif cur == MISERE:
                if mis_ok:
                    return HERE
            elif best is not None and rank_of(cur) <= rank_of(best):
                return HERE
        if MISERE in legal and mis_ok:
            return MISERE
        if MISERE_NO_TALON in legal and MISERE not in legal and mis_wt_ok:
            return MISERE_NO_TALON  # outbid another misère (or a high game) with a clean hand
        if TAKE in legal and best is not None and best.level <= 6:
            return TAKE  # the Greek «возьму» (§10.4.7): the talon at the lowest game, before anybody bids
        foreign = self._foreign_bid(legal, est, mis_ok, mis_wt_ok)
        if foreign is not None:
            return foreign
        if best is not None:
            for c in legal:
                if type(c) is PrefCall and c.is_game and not c.without_talon and rank_of(c) <= rank_of(best):
                    return c
        return PASS

    @staticmethod
    def _foreign_bid(legal: Sequence[Any], est: HandEstimate, mis_ok: bool, mis_wt_ok: bool) -> PrefCall | None:
        """The foreign variants' bids (docs/rules/preferans.md F1, F3), where the ladder offers them: Bettel for a
        misère hand (without the talon for a clean one), Durchmarsch for a ten in no trumps, and F3's aus den
        Händen (a game without the talon) two levels below a hand worth nine or ten (one for no trumps, whose
        game needs no extra trick)."""
        calls = [c for c in legal if type(c) is PrefCall and c.is_bid]
        by_text = {str(c): c for c in calls}
        if mis_wt_ok and "bettel-wt" in by_text:
            return by_text["bettel-wt"]
        if mis_ok and "bettel" in by_text:
            return by_text["bettel"]
        best = est.best_game
        if best is None:
            return None
        if best.level == 10 and best.strain == 4 and "durchmarsch" in by_text:
            return by_text["durchmarsch"]
        if best.level >= 9:
            cap = best.level - (1 if best.trump is None else 2)
            for c in calls:
                if (c.is_game and c.without_talon and c.strain == best.strain and c.level <= cap
                        and extra_contract(c) is None):
                    return c
        return None

    # ------------------------------------------------------------------ talon
    def discard(self, v: PrefView) -> Card | PrefCall:
        hand = v.hand
        if PREFERANS in v.legal and is_preferans_hand(hand, on_lead=v.seat == v.active[0]):
            return PREFERANS  # Sochi §3.11: a hand that takes all ten tricks whatever the defence
        # the Greek «возьму» (§10.4.7): its taker refuses (a fixed penalty) a talon that leaves not even six spades
        if (REFUSE_TALON in v.legal and any(c == TAKE for _, c in v.calls)
                and max(hand_value(hand, STRAIN_SUIT[st]) for st in range(5)) < REFUSE_BELOW):
            return REFUSE_TALON
        legal = [c for c in v.legal if type(c) is Card]
        if v.bid is not None and v.bid.is_misere:
            modes: tuple[int, ...] = (3, 3, 3, 3)
        else:
            modes = _modes(self._target_strain_trump(v), hand)
        n_left = 2 - v.discard.bit_count()
        pats = [_p8(hand, s) for s in range(4)]
        if n_left >= 2:
            _, mask = best_discard(hand, modes)
            cands = [c for c in legal if mask >> c & 1]
        else:
            best = NEG
            cands = []
            for c in legal:
                s = c // 13
                p = pats[s]
                gain = _val(8, p ^ (1 << _r8(c)), modes[s]) - _val(8, p, modes[s])
                if gain > best + 1e-9:
                    best, cands = gain, [c]
                elif abs(gain - best) <= 1e-9:
                    cands.append(c)
        if not cands:
            return legal[0]
        # discard the highest of equals on misère, otherwise the lowest
        if modes[0] == 3:
            return max(cands, key=lambda c: (_r8(c), c))
        return min(cands, key=lambda c: (_r8(c), c))

    def _target_strain_trump(self, v: PrefView) -> int | None:
        """The trump of the game the declarer aims at with the twelve (or eleven) cards."""
        hand = v.hand
        bid = v.bid
        best_score = NEG
        best_trump: int | None = None
        k = 2 - v.discard.bit_count()
        for st in range(5):
            trump = STRAIN_SUIT[st]
            modes = _modes(trump, hand)
            if k == 2:
                val, _ = best_discard(hand, modes)
            else:
                pats = [_p8(hand, s) for s in range(4)]
                total = sum(_val(8, pats[s], modes[s]) for s in range(4))
                val = total + max(_best_removal(8, pats[s], 1, modes[s])[0] - _val(8, pats[s], modes[s])
                                  for s in range(4) if pats[s])
            lvl = 6
            if bid is not None and bid.is_game:
                lvl = bid.level if st >= bid.strain else bid.level + 1
            score = val - lvl
            if score > best_score:
                best_score, best_trump = score, trump
        return best_trump

    def declare(self, v: PrefView) -> PrefCall:
        legal = [c for c in v.legal if type(c) is PrefCall and c.is_game]
        vals = [hand_value(v.hand, STRAIN_SUIT[st]) for st in range(5)]

        def ok(c: PrefCall, margin: float) -> bool:
            return vals[c.strain] >= c.level + margin

        feasible = [c for c in legal if ok(c, -0.15)]
        if feasible:
            cheapest = min(feasible, key=rank_of)
            raised = [c for c in feasible if c.level > cheapest.level and ok(c, RAISE_MARGIN)]
            if raised:
                top = max(c.level for c in raised)
                return max((c for c in raised if c.level == top), key=lambda c: (vals[c.strain], -rank_of(c)))
            same = [c for c in feasible if c.level == cheapest.level]
            return max(same, key=lambda c: (vals[c.strain] - c.level, -rank_of(c)))
        return max(legal, key=lambda c: (vals[c.strain] - c.level, -rank_of(c)))

    # ------------------------------------------------------------------ whisting
    def whist(self, v: PrefView) -> PrefCall:
        legal = v.legal
        contract = v.contract
        if contract is None or not contract.is_game or not v.hand:
            return PASS  # the four-handed dealer, who sees no hand, does not return the whist
        level = contract.level
        e = defence_tricks(v.hand, contract.trump)
        calls = [c for _, c in v.whist_calls]
        if not calls:
            return WHIST if e >= WHIST_MIN[level] else PASS
        if len(calls) == 1:
            if calls[0] == WHIST:
                return WHIST if e >= WHIST_MIN[level] else PASS
            if e >= LONE_MIN[level]:
                return WHIST
            if HALF_WHIST in legal and level in HALF_MIN and (e >= HALF_MIN[level] or PASS not in legal):
                return HALF_WHIST  # Ural §7.3: on six and seven the second may not pass after a pass
            return PASS
        # the first defender after the second said half-whist: return the whist?
        if level in RETURN_MIN and e >= RETURN_MIN[level]:
            return WHIST
        return PASS

    def defence(self, v: PrefView) -> PrefCall:
        contract = v.contract
        if CONTRA in v.legal or RECONTRA in v.legal:
            return self.contra(v)
        if contract is None or not contract.is_game:
            return CLOSED
        level = contract.level
        e = defence_tricks(v.hand, contract.trump)
        if INVITE in v.legal and PASS in v.legal:  # the Greek counter-invitation: take the whist over?
            return INVITE if e >= WHIST_MIN[level] else PASS
        if INVITE in v.legal and PLAY in v.legal:  # the Greek lone whister: alone with a strong hand, else invite
            return PLAY if e >= LONE_MIN[level] else INVITE
        if HALF_WHIST in v.legal and e < LONE_MIN[level]:
            return HALF_WHIST  # Ural §7.3 «Вист – Пас – Полвиста»: left alone with a hand too weak to whist
        if level >= 7 or e < OBLIGATION[level]:
            return OPEN
        return CLOSED

    def contra(self, v: PrefView) -> PrefCall:
        """F2 (document 004 §10.2): a defender says contra when his own hand expects to beat a suit game
        (``CONTRA_DEFENCE`` tricks of the five that beat a six); the declarer says recontra with
        ``RECONTRA_SPARE`` tricks to spare; nobody doubles a Bettel."""
        contract = v.contract
        if contract is None or not contract.is_game:
            return PLAY
        if RECONTRA in v.legal:
            return RECONTRA if hand_value(v.hand, contract.trump) >= contract.level + RECONTRA_SPARE else PLAY
        return CONTRA if defence_tricks(v.hand, contract.trump) >= CONTRA_DEFENCE else PLAY

    # ------------------------------------------------------------------ raspasy with passing, choices
    def pass_card(self, v: PrefView) -> Card:
        """Raspasy with passing (Kazakh §8 item 8): pass (or, the third hand, discard) the card most likely to
        take a trick: the highest card of the suit where the hand is most dangerous."""
        legal = [c for c in v.legal if type(c) is Card]
        hand = v.hand

        def danger(c: Card) -> tuple[int, int, int]:
            s = c // 13
            length = (hand & SUIT_MASKS[s]).bit_count()
            return (_r8(c), -length, c)

        return max(legal, key=danger)

    def choice(self, v: PrefView, sheet: Any) -> PrefCall:
        """Piter §9.2, §9.4: points into the pulya, or twice as many off the gora — off the gora when the gora
        can take the double amount (a point of gora costs every opponent's whists; the pulya only races)."""
        gora = 0.0
        if sheet is not None:
            try:
                gora = float(sheet["gora"][v.seat])
            except (KeyError, IndexError, TypeError):
                gora = 0.0
        if OFF_GORA in v.legal and gora >= 8:
            return OFF_GORA
        return TO_PULYA

    # ------------------------------------------------------------------ concession, invitation
    def concede(self, v: PrefView) -> PrefCall:
        """A whisted game before the opening lead: play on, or concede the tricks it is sure to
        lose when the contract is hopeless (two or more tricks short by its evaluation)."""
        if FOUR_ACES in v.legal:
            return FOUR_ACES  # the Greek announcement (§10.4.7): the value rises, or a bonus from each player
        contract = v.contract
        if contract is None or not contract.is_game:
            return PLAY
        short = contract.level - hand_value(v.hand, contract.trump)
        if short < CONCEDE_SHORT:
            return PLAY
        n = int(short)
        cands = [c for c in v.legal if type(c) is PrefCall and 0 < conceded_of(c) <= n]
        return max(cands, key=conceded_of) if cands else PLAY

    def invite(self, v: PrefView) -> PrefCall:
        """Four players, misère: the declarer invites the dealer to share a risky misère; the dealer,
        shown the declarer's cards, accepts a misère it would bid itself."""
        if ACCEPT in v.legal:
            shown = v.exposed.get(v.declarer, 0) if v.declarer is not None else 0
            if shown.bit_count() == 10 and estimate_hand(shown).misere <= MISERE_ACCEPT:
                return ACCEPT
            return DECLINE
        if INVITE in v.legal and estimate_hand(v.hand).misere >= MISERE_INVITE:
            return INVITE
        return PLAY

    # ------------------------------------------------------------------ play
    def play(self, v: PrefView) -> Card:
        legal = [c for c in v.legal if type(c) is Card]
        ctx = _Ctx(v)
        if v.kind == "misere":
            return _MiserePlay(ctx).choose(legal)
        if v.kind == "raspasy":
            return _RaspasyPlay(ctx).choose(legal)
        return _GamePlay(ctx).choose(legal)


# ============================================================================ play context
class _Ctx:
    """What the hand to play knows: its cards, the other hands it sees, the cards played, the
    voids shown, and the possible holdings of the hidden hands."""

    def __init__(self, v: PrefView) -> None:
        self.me = v.hand_to_play if v.hand_to_play is not None else v.seat
        self.active = v.active
        self.kind = v.kind
        self.declarer = v.declarer
        c = v.contract
        self.trump: int | None = c.trump if (v.kind == "game" and c is not None and c.is_game) else None
        self.level = c.level if (c is not None and c.is_game) else 0
        known: dict[int, int] = {v.seat: v.hand}
        known.update(v.exposed)
        self.known = known
        self.hand = known.get(self.me, 0)
        played = 0
        self.voids = [0] * v.players  # bit s: seat shown void in suit s
        for plays, _ in v.tricks:
            played |= self._scan(plays)
        played |= self._scan(v.trick)
        self.played = played
        self.dead = played | (v.discard if v.declarer == v.seat else 0)
        seen = played
        for h in known.values():
            seen |= h
        if v.declarer == v.seat:
            seen |= v.talon | v.discard
        self.unknown = PACK & ~seen
        self.trick = [(s, cd) for s, cd in v.trick]
        self.player_cards = [(s, cd) for s, cd in self.trick if s >= 0]
        n_after = 2 - len(self.player_cards)
        after = []
        s = self.me
        for _ in range(n_after):
            s = self.next_seat(s)
            after.append(s)
        self.after = after
        self.won = v.won

    def _scan(self, plays: Iterable[tuple[int, Card]]) -> int:
        m = 0
        led: int | None = None
        for s, c in plays:
            m |= 1 << c
            suit = c // 13
            if led is None:
                led = suit
                continue
            if s >= 0 and suit != led:
                self.voids[s] |= 1 << led
                if self.trump is not None and suit != self.trump:
                    self.voids[s] |= 1 << self.trump
        return m

    def next_seat(self, seat: int) -> int:
        i = self.active.index(seat)
        return self.active[(i + 1) % 3]

    def possible(self, seat: int) -> int:
        """The cards ``seat`` may hold."""
        if seat in self.known:
            return self.known[seat]
        m = self.unknown
        for s in range(4):
            if self.voids[seat] >> s & 1:
                m &= ~SUIT_MASKS[s]
        return m

    def is_known(self, seat: int) -> bool:
        return seat in self.known

    # -- tricks ------------------------------------------------------------------------------
    def led_suit(self) -> int | None:
        if not self.trick:
            return None
        return self.trick[0][1] // 13

    def winner(self, plays: list[tuple[int, Card]]) -> int:
        """Index in ``plays`` of the card winning so far (a talon card sets the suit on raspasy
        and takes nothing)."""
        cards = [c for _, c in plays]
        if plays[0][0] == -1:
            suit = cards[0] // 13
            fol = [i for i in range(1, len(cards)) if cards[i] // 13 == suit]
            if fol:
                return max(fol, key=lambda i: cards[i])
            if len(cards) == 1:
                return 0
            return 1 + natural_winner(cards[1:], None)
        return natural_winner(cards, self.trump)

    def beats(self, c: int, w: int, led: int) -> bool:
        """Does card ``c`` beat card ``w`` (the current winner) in a trick led in ``led``?"""
        if c // 13 == w // 13:
            return c > w
        return self.trump is not None and c // 13 == self.trump

    def can_beat(self, seat: int, w: int, led: int, strict: bool = False) -> int:
        """The cards ``seat`` may hold that would beat ``w`` if played now (following the rules).
        A hidden hand is thought void in the suit led only when shown void or when at most one
        card of the suit may be with it (``strict``: whenever it may be)."""
        poss = self.possible(seat)
        same = poss & SUIT_MASKS[led]
        t = self.trump
        out = 0
        if w // 13 == led:
            out |= same & ~((2 << w) - 1)
        if t is not None and t != led:
            void = not same if self.is_known(seat) else (strict or same.bit_count() <= 1)
            if void:
                tr = poss & SUIT_MASKS[t]
                if w // 13 == t:
                    tr &= ~((2 << w) - 1)
                out |= tr
        return out

    def opp_of(self, seat: int) -> list[int]:
        """The seats playing against ``seat`` in this deal."""
        others = [s for s in self.active if s != seat]
        if self.kind == "raspasy":
            return others
        if seat == self.declarer:
            return others
        return [self.declarer] if self.declarer is not None else others

    def opp_mask(self, seat: int) -> int:
        m = 0
        for s in self.opp_of(seat):
            m |= self.possible(s)
        return m

    def is_master(self, c: int, against: int) -> bool:
        """No card of ``against`` in the suit of ``c`` is higher."""
        s = c // 13
        return not (against & SUIT_MASKS[s] & ~((2 << c) - 1))

    def live(self, suit: int) -> int:
        """Cards of a suit still in play (for the declarer, not in his discard)."""
        return SUIT_MASKS[suit] & PACK & ~self.dead




def _low(cards: Iterable[Card]) -> Card:
    return min(cards, key=lambda c: (_r8(c), c))


def _high(cards: Iterable[Card]) -> Card:
    return max(cards, key=lambda c: (_r8(c), c))


# ============================================================================ games
class _GamePlay:
    """Declarer and defenders in a suit or no-trump game."""

    def __init__(self, ctx: _Ctx) -> None:
        self.x = ctx

    def choose(self, legal: list[Card]) -> Card:
        x = self.x
        if not x.trick:
            if x.me == x.declarer:
                return self.declarer_lead(legal)
            return self.defender_lead(legal)
        return self.follow(legal)

    # -------------------------------------------------------------- helpers
    def junk(self, legal: list[Card]) -> Card:
        """The least useful card to throw away (on a trick lost anyway)."""
        x = self.x
        hand = x.hand
        opp = x.opp_mask(x.me)
        if len({c // 13 for c in legal}) == 1:
            return _low(legal)  # following suit (or ruffing): the lowest card

        t = x.trump
        opp_trumps = bool(t is not None and opp & SUIT_MASKS[t])
        base: dict[int, int] = {}

        def tricks(mine: int, s: int) -> int:
            tail = t is None or s == t or not opp_trumps
            return _duel(_p8(mine, s), _p8(opp & ~mine, s), tail)

        def worth(c: Card) -> tuple[float, int]:
            s = c // 13
            mine = hand & SUIT_MASKS[s]
            if s not in base:
                base[s] = tricks(mine, s)
            w = 10.0 * (base[s] - tricks(mine & ~(1 << c), s)) + _r8(c)
            if s == t:
                w += 15
            elif t is not None and mine.bit_count() <= 2 and hand & SUIT_MASKS[t]:
                w -= 1.5  # emptying a short side suit lets us ruff it later
            return (w, c)

        return min(legal, key=worth)

    def cheapest_winner(self, cands: list[Card]) -> Card:
        t = self.x.trump
        return min(cands, key=lambda c: (1 if c // 13 == t else 0, _r8(c)))

    def sure_against(self, c: Card, led: int, seats: list[int]) -> bool:
        """Would ``c``, winning now, stay the winner whatever ``seats`` (to play after) hold?"""
        x = self.x
        return all(not x.can_beat(s, c, led) for s in seats)

    # -------------------------------------------------------------- declarer
    def declarer_lead(self, legal: list[Card]) -> Card:
        x = self.x
        hand = x.hand
        t = x.trump
        opp = x.opp_mask(x.me)
        if t is not None:
            my_tr = hand & SUIT_MASKS[t]
            opp_tr = opp & SUIT_MASKS[t]
            if my_tr and opp_tr:
                tops = [c for c in _cards(my_tr) if x.is_master(c, opp)]
                if tops:
                    return _low(tops)
                if my_tr.bit_count() > opp_tr.bit_count() or my_tr.bit_count() >= 4:
                    return self._force_out(_cards(my_tr), opp)
            side = [c for c in legal if c // 13 != t]
            masters = [c for c in side if x.is_master(c, opp) and self._ruff_safe(c, opp)]
            if masters:
                # cash where the opponents still follow: most of their cards first
                return max(masters, key=lambda c: ((opp & SUIT_MASKS[c // 13]).bit_count(), _r8(c)))
            if side:
                return self._establish(side, opp)
            return _low(legal)
        # no-trump
        need = x.level - x.won[x.me]
        sure = self._sure_tricks(hand, opp)
        masters = [c for c in legal if x.is_master(c, opp)]
        if masters and sure >= need:
            return max(masters, key=lambda c: ((opp & SUIT_MASKS[c // 13]).bit_count(), _r8(c)))
        # establish the longest suit where length will tell, keeping the stoppers of the others
        return self._establish(legal, opp)

    def _sure_tricks(self, hand: int, opp: int) -> int:
        """Tricks to cash from the top without giving up the lead."""
        n = 0
        for s in range(4):
            mine = hand & SUIT_MASKS[s]
            if not mine:
                continue
            theirs = opp & SUIT_MASKS[s]
            top = theirs.bit_length()
            k = (mine & ~((1 << top) - 1)).bit_count()
            n += mine.bit_count() if k >= theirs.bit_count() else k
        return n

    def _force_out(self, cards: list[Card], opp: int) -> Card:
        """Lead to drive out a higher card: the top of a sequence, else the lowest."""
        cards = sorted(cards, key=_r8, reverse=True)
        top = cards[0]
        s = top // 13
        if len(cards) >= 2:
            nxt = cards[1]
            between = opp & SUIT_MASKS[s] & ~((2 << nxt) - 1) & ((1 << top) - 1)
            if not between:
                return nxt  # touching honours: lead from the sequence
        return cards[-1]

    def _establish(self, cands: list[Card], opp: int) -> Card:
        x = self.x
        by_suit: dict[int, list[Card]] = {}
        for c in cands:
            by_suit.setdefault(c // 13, []).append(c)

        def key(s: int) -> tuple[int, int, int]:
            mine = x.hand & SUIT_MASKS[s]
            theirs = (opp & SUIT_MASKS[s]).bit_count()
            return (mine.bit_count() - theirs, mine.bit_count(), s)

        s = max(by_suit, key=key)
        return self._force_out(by_suit[s], opp)

    def _ruff_safe(self, c: Card, opp: int) -> bool:
        x = self.x
        t = x.trump
        if t is None:
            return True
        s = c // 13
        return not any(x.possible(o) & SUIT_MASKS[t] and not x.possible(o) & SUIT_MASKS[s] for o in x.opp_of(x.me))

    # -------------------------------------------------------------- defenders
    def defender_lead(self, legal: list[Card]) -> Card:
        x = self.x
        decl = x.declarer
        assert decl is not None
        t = x.trump
        dec_poss = x.possible(decl)
        partner = next(s for s in x.active if s not in (decl, x.me))
        part_poss = x.possible(partner)
        part_known = x.is_known(partner)
        dec_tr = dec_poss & SUIT_MASKS[t] if t is not None else 0
        side = [c for c in legal if c // 13 != t] or list(legal)
        # 1. cash a sure winner where the declarer still follows
        masters = [c for c in side if x.is_master(c, dec_poss)
                   and (dec_poss & SUIT_MASKS[c // 13] or not dec_tr)
                   and not self._crash(c, partner, dec_poss)]
        if masters:
            return max(masters, key=lambda c: (_r8(c), c))
        # 2. a ruff for the partner
        if t is not None:
            for c in sorted(side, key=lambda c: (_r8(c), c)):
                s = c // 13
                p_void = (part_known and not part_poss & SUIT_MASKS[s]) or (x.voids[partner] >> s & 1)
                if p_void and part_poss & SUIT_MASKS[t] and dec_poss & SUIT_MASKS[s]:
                    return c
        # 3. open defence: to the partner's winner
        if part_known:
            for c in sorted(side, key=lambda c: (_r8(c), c)):
                s = c // 13
                pm = [p for p in _cards(part_poss & SUIT_MASKS[s]) if x.is_master(p, dec_poss)]
                if pm and dec_poss & SUIT_MASKS[s]:
                    return c
        # 4. a suit: through the declarer when he plays next, from a sequence, not away from a tenace
        dec_next = x.next_seat(x.me) == decl
        best: tuple[float, int] | None = None
        choice = side[0]
        hand = x.hand
        for s in range(4):
            mine = [c for c in side if c // 13 == s]
            if not mine:
                continue
            mine.sort(key=_r8, reverse=True)
            n = len(mine)
            score = 0.0
            hon_top = _r8(mine[0])
            seq = n >= 2 and not (x.unknown & SUIT_MASKS[s] & ~((2 << mine[1]) - 1) & ((1 << mine[0]) - 1)) \
                and hon_top >= 4
            if seq:
                score += 3
                card = mine[0]
            else:
                card = mine[-1]
                if hon_top >= 5 and not x.is_master(mine[0], dec_poss):
                    score -= 3  # do not lead away from a king or a queen
            if t is None:
                score += n  # no-trump: our long suit
            else:
                if n == 1 and hand & SUIT_MASKS[t] and hon_top < 5:
                    score += 2  # a singleton: a ruff later
                score -= 0.5 * n
                if not dec_poss & SUIT_MASKS[s] and dec_tr:
                    score -= 1  # the declarer ruffs (it shortens his trumps, though)
            if dec_next:
                score += 0.5 * (dec_poss & SUIT_MASKS[s]).bit_count() / 4
            key = (score, -s)
            if best is None or key > best:
                best, choice = key, card
        return choice

    def _crash(self, c: Card, partner: int, dec_poss: int) -> bool:
        """Would leading ``c`` make the (seen) partner waste a winner under it?"""
        x = self.x
        if not x.is_known(partner):
            return False
        pm = x.known[partner] & SUIT_MASKS[c // 13]
        if not pm:
            return False
        low = Card((pm & -pm).bit_length() - 1)
        return x.is_master(low, dec_poss) and (x.hand & SUIT_MASKS[c // 13]).bit_count() >= pm.bit_count()

    # -------------------------------------------------------------- following
    def follow(self, legal: list[Card]) -> Card:
        x = self.x
        led = x.trick[0][1] // 13
        wi = x.winner(x.trick)
        w_seat, w_card = x.trick[wi]
        winners = [c for c in legal if x.beats(c, w_card, led)]
        after = x.after
        me = x.me
        friendly = w_seat != -1 and w_seat != me and me != x.declarer and w_seat != x.declarer
        opps_after = [s for s in after if s in x.opp_of(me)]
        if friendly:
            # the partner wins: stay out unless the declarer, still to play, can beat him
            if not opps_after or self.sure_against(w_card, led, opps_after):
                return self.junk(legal)
            sure = [c for c in winners if self.sure_against(c, led, opps_after)]
            if sure:
                return self.cheapest_winner(sure)
            return self.junk(legal)
        # an opponent wins the trick so far
        if not winners:
            return self.junk(legal)
        if not opps_after:
            return self.cheapest_winner(winners)
        sure = [c for c in winners if self.sure_against(c, led, opps_after)]
        if sure:
            return self.cheapest_winner(sure)
        # the declarer second hand: play a card that only one outstanding card beats
        c = self.cheapest_winner(winners)
        higher = 0
        for s in opps_after:
            higher |= x.can_beat(s, c, led)
        if higher.bit_count() <= 1 or c // 13 == x.trump:
            return c
        return self.junk(legal)


# ============================================================================ misère
class _MiserePlay:
    """Misère: the declarer must take no trick; the defenders try to force one on him."""

    def __init__(self, ctx: _Ctx) -> None:
        self.x = ctx

    def choose(self, legal: list[Card]) -> Card:
        x = self.x
        if x.me == x.declarer:
            return self.declarer(legal)
        return self.defender(legal)

    # -------------------------------------------------------------- suit analysis
    def _suit_state(self, s: int, decl_hand: int) -> tuple[int, int, int]:
        """Compressed (declarer, left, right) holdings of a suit from the declarer's seat,
        the defenders' cards as known or possible."""
        x = self.x
        decl = x.declarer
        assert decl is not None
        left = x.next_seat(decl)
        right = x.next_seat(left)
        d = decl_hand & SUIT_MASKS[s]
        a = x.possible(left) & SUIT_MASKS[s] & ~d
        b = x.possible(right) & SUIT_MASKS[s] & ~d & ~a
        live = d | a | b
        return _compress(live, d), _compress(live, a), _compress(live, b)

    def _danger(self, hand: int, s: int) -> float:
        """How likely the declarer's cards of suit ``s`` can still be forced."""
        x = self.x
        d_mask = hand & SUIT_MASKS[s]
        if not d_mask:
            return 0.0
        decl = x.declarer
        assert decl is not None
        others = [o for o in x.active if o != decl]
        if all(x.is_known(o) for o in others):
            d, a, b = self._suit_state(s, hand)
            return 1.0 if _mis_force(d, a, b) else 0.0
        live = x.live(s) & ~(x.unknown & ~x.possible(others[0]) & ~x.possible(others[1]))
        live |= d_mask
        return _mis_prob(live.bit_count(), _compress(live, d_mask))

    # -------------------------------------------------------------- declarer
    def declarer(self, legal: list[Card]) -> Card:
        x = self.x
        hand = x.hand
        if not x.trick:
            return self._declarer_lead(legal)
        led = x.led_suit()
        assert led is not None
        wi = x.winner(x.trick)
        w_card = x.trick[wi][1]
        same = [c for c in legal if c // 13 == led]
        if not same:
            return self._shed(legal, hand)
        under = [c for c in same if c < w_card]
        if under:
            if len(under) == 1:
                return under[0]
            # the highest card that still loses, unless it leaves the suit open to a force
            best = max(under, key=lambda c: (-self._danger(hand & ~(1 << c), led), c))
            return best
        # every card wins against the cards played so far
        if not x.after:
            return _high(same)
        nxt = x.after[0]
        poss = x.possible(nxt) & SUIT_MASKS[led]
        if x.is_known(nxt):
            if not poss:
                return _high(same)  # the trick is ours whatever we play: the highest goes
            lo = poss & -poss
            # the last player must play above any of our cards below his lowest card
            safe = [c for c in same if (1 << c) < lo]
            if safe:
                return max(safe)
            return _high(same)
        return _low(same)

    def _shed(self, legal: list[Card], hand: int) -> Card:
        """Void in the suit led: throw the card that removes the most danger."""
        base = [self._danger(hand, s) for s in range(4)]

        def key(c: Card) -> tuple[float, int]:
            s = c // 13
            after = self._danger(hand & ~(1 << c), s)
            return (after - base[s], -_r8(c))

        return min(legal, key=key)

    def _declarer_lead(self, legal: list[Card]) -> Card:
        x = self.x
        hand = x.hand
        decl = x.declarer
        assert decl is not None
        left = x.next_seat(decl)
        right = x.next_seat(left)
        scored: list[tuple[float, int, Card]] = []
        for c in legal:
            s = c // 13
            risk = 0.0
            lower = (1 << c) - 1
            pl = x.possible(left) & SUIT_MASKS[s]
            pr = x.possible(right) & SUIT_MASKS[s]
            if x.is_known(left) and x.is_known(right):
                forced_over = (pl and not pl & lower) or (pr and not pr & lower)
                risk = 0.0 if forced_over else 1.0
            else:
                below = (x.unknown & SUIT_MASKS[s] & lower).bit_count()
                above = (x.unknown & SUIT_MASKS[s] & ~lower & ~(1 << c)).bit_count()
                if above == 0:
                    risk = 1.0
                elif below == 0:
                    risk = 0.05 if above >= 3 else 0.15
                else:
                    risk = 0.3 + 0.7 * below / (below + above)
            after = self._danger(hand & ~(1 << c), s)
            scored.append((risk + 0.5 * after, -_r8(c), c))
        scored.sort()
        return scored[0][2]

    # -------------------------------------------------------------- defenders
    def defender(self, legal: list[Card]) -> Card:
        x = self.x
        decl = x.declarer
        assert decl is not None
        if not x.trick:
            return self._defender_lead(legal)
        led = x.led_suit()
        assert led is not None
        same = [c for c in legal if c // 13 == led]
        played = {s: c for s, c in x.player_cards}
        if not same:
            return self._discard(legal)
        if decl in played:
            dc = played[decl]
            wi = x.winner(x.trick)
            if x.trick[wi][0] == decl:
                under = [c for c in same if c < dc]
                if under:
                    return max(under)
                return _high(same)
            return _high(same)
        # the declarer plays after us: as low as we can
        return _low(same)

    def _discard(self, legal: list[Card]) -> Card:
        """Throw high cards, keeping the low cards that can be led under the declarer."""
        x = self.x
        decl = x.declarer
        assert decl is not None
        dec = x.possible(decl)

        def key(c: Card) -> tuple[int, int]:
            s = c // 13
            # a suit the declarer no longer has is of no use
            useless = 0 if dec & SUIT_MASKS[s] else 1
            return (useless, _r8(c))

        return max(legal, key=key)

    def _defender_lead(self, legal: list[Card]) -> Card:
        x = self.x
        decl = x.declarer
        assert decl is not None
        left = x.next_seat(decl)
        right = x.next_seat(left)
        partner = left if x.me == right else right
        dec = x.possible(decl)
        # an exact forcing lead when the partner's cards are seen
        if x.is_known(partner):
            for c in sorted(legal, key=lambda c: (_r8(c), c)):
                s = c // 13
                d_mask = dec & SUIT_MASKS[s]
                if not d_mask:
                    continue
                my = x.hand & SUIT_MASKS[s]
                pm = x.known[partner] & SUIT_MASKS[s]
                live = d_mask | my | pm
                d = _compress(live, d_mask)
                xc = _compress(live, 1 << c)
                if x.me == left:
                    a = _compress(live, my) ^ xc
                    b = _compress(live, pm)
                    if _lead_a(d, a, b, xc):
                        return c
                else:
                    a = _compress(live, pm)
                    b = _compress(live, my) ^ xc
                    if _lead_b(d, a, b, xc):
                        return c
        # otherwise the lowest card of the suit where the declarer is most likely caught
        best: tuple[float, int] | None = None
        choice = legal[0]
        for s in range(4):
            mine = [c for c in legal if c // 13 == s]
            if not mine:
                continue
            c = _low(mine)
            d_s = dec & SUIT_MASKS[s]
            if not d_s:
                score = -10.0
            else:
                below = (d_s & ((1 << c) - 1)).bit_count()
                above = (d_s & ~((2 << c) - 1)).bit_count()
                score = above / (above + below) - 0.3 * below
                if x.is_known(partner):
                    pm = x.known[partner] & SUIT_MASKS[s]
                    if pm and not (pm & ((1 << c) - 1)) and below == 0:
                        score += 0.2
            key = (score, -s)
            if best is None or key > best:
                best, choice = key, c
        return choice


# ============================================================================ raspasy
class _RaspasyPlay:
    """All passed: everyone takes as few tricks as he can."""

    def __init__(self, ctx: _Ctx) -> None:
        self.x = ctx

    def _danger(self, hand: int, s: int) -> float:
        x = self.x
        mine = hand & SUIT_MASKS[s]
        if not mine:
            return 0.0
        live = x.live(s) | mine
        return _mis_prob(live.bit_count(), _compress(live, mine))

    def choose(self, legal: list[Card]) -> Card:
        x = self.x
        hand = x.hand
        players = x.player_cards
        if not x.trick:
            return self.lead(legal)
        led = x.led_suit()
        assert led is not None
        same = [c for c in legal if c // 13 == led]
        if not same:
            if not players and not any(x.possible(o) & SUIT_MASKS[led] for o in x.after):
                return self.lead(legal)  # nobody can follow the talon card: our card sets the suit
            return self.shed(legal, hand)
        if not players:
            # the first hand after a talon card: in effect a lead in that suit
            return self.lead(same)
        wi = x.winner(x.trick)
        w_card = x.trick[wi][1]
        if w_card // 13 != led:
            # nobody followed the talon suit; we must: we take it unless someone after us does
            return _low(same) if x.after else _high(same)
        under = [c for c in same if c < w_card]
        if under:
            return max(under)
        if not x.after:
            return _high(same)
        # we are winning now; the last hand may still have to go over us
        nxt = x.after[0]
        poss = x.possible(nxt) & SUIT_MASKS[led]
        if not poss or poss & ((1 << _low(same)) - 1):
            return _high(same)  # the last hand can duck under our lowest card: shed the highest
        return _low(same)

    def lead(self, legal: list[Card]) -> Card:
        x = self.x
        hand = x.hand
        others = [s for s in x.active if s != x.me]
        scored: list[tuple[float, int, Card]] = []
        for c in legal:
            s = c // 13
            lower = (1 << c) - 1
            out = 0
            for o in others:
                out |= x.possible(o) & SUIT_MASKS[s]
            below = (out & lower).bit_count()
            above = (out & ~lower & ~(1 << c)).bit_count()
            if above == 0:
                risk = 1.0
            elif below == 0:
                risk = 0.04 if above >= 3 else 0.12
            else:
                risk = 0.25 + 0.75 * below / (below + above)
            n = (hand & SUIT_MASKS[s]).bit_count()
            after = self._danger(hand & ~(1 << c), s)
            # prefer short suits (a void lets us throw high cards) and shedding a high safe card
            score = risk + 0.3 * after + 0.1 * n - 0.01 * _r8(c)
            scored.append((score, c % 13, c))
        scored.sort()
        return scored[0][2]

    def shed(self, legal: list[Card], hand: int) -> Card:
        base = [self._danger(hand, s) for s in range(4)]

        def key(c: Card) -> tuple[float, int]:
            s = c // 13
            return (self._danger(hand & ~(1 << c), s) - base[s], -_r8(c))

        return min(legal, key=key)
