"""The declarer's play advice of document 000 (the auction chapter; digest §7.1), as rules of the old
bridges' computer player.

:func:`advised_card` looks at the declaring side's position (the declarer sees both his hands; the
defenders see too little for these rules) and returns the card the document advises, or None when no
piece of advice applies, so that the rest of the card play
(:class:`~cardroom.bots.bridge.BridgeBot`'s) decides. Each rule is named after its vector in
``rules/hoyle-bridge-examples.json``:

* leads: ``advice-duck-long-suit`` (the dummy's long suit without an outside entry: lead a small card
  of it from the dealer's hand, to duck the first round), ``advice-split-honours-*`` (honours split
  between the hands are led as if held in one: Q J x x x opposite A x x, K J x x x opposite Q x x),
  ``advice-guarded-honours-both-hands`` (never lead a suit with guarded honours in both hands and
  no top card);
* second hand: ``advice-aq9-on-jack`` (A Q 9 with the K in partner's hand: the ace on the jack),
  ``advice-second-hand-jack-lead`` and ``advice-preserve-reentry`` (when the fourth hand can win
  the card led, the second hand plays small: no cover, the dummy's ace kept as its re-entry),
  ``advice-guarded-honours-both-hands`` (small second hand);
* third hand: the split honours (the partner's honour, winning, is not overtaken),
  ``advice-duck-long-suit`` (the dummy ducks the first round), ``advice-finesse-definition`` and
  ``advice-double-finesse`` (from the long hand over a small card, the lowest card of the group
  below the top: A Q -> Q, A Q J -> J, A J 10 -> 10; no finesse with nine cards between the hands);
* fourth hand: ``advice-duck-for-ruff`` (A and others opposite two small, with trumps in the short
  hand: duck the first round), ``advice-hold-up`` (at no trumps, the one winner of the suit opened
  against the dealer held up until the third hand can have none to return).
"""

from __future__ import annotations

from dataclasses import dataclass

from cardroom.core.cards import Card
from cardroom.core.table import Seat
from cardroom.core.tricks import Trick, natural_winner
from cardroom.games.oldbridge.rules import OldBridgeView

_A, _K, _Q, _J = 12, 11, 10, 9
_SMALL = 7  # a card below the ten (the nine or lower) is small


def _pat(mask: int, suit: int) -> int:
    return mask >> (13 * suit) & 0x1FFF


def _ranks(p: int) -> list[int]:
    """The ranks of a suit pattern, highest first."""
    return [r for r in range(12, -1, -1) if p >> r & 1]


def _above(p: int, rank: int) -> int:
    return p & ~((2 << rank) - 1) & 0x1FFF


@dataclass(frozen=True)
class _Position:
    """The declaring side's position as the declarer sees it: the hand to play and its partner."""

    me: Seat  # the hand to play
    mine: int
    partner: int
    hostile: int  # the cards neither of our hands holds and nobody has played
    trump: int | None
    trick: tuple[Card, ...]
    leader: Seat
    played_suits: frozenset[int]  # the suits led in earlier tricks
    tricks: tuple[Trick[Seat], ...]
    ours_played: tuple[int, int, int, int]  # cards our side has played, by suit (this trick too)

    def card(self, suit: int, rank: int) -> Card:
        return Card(13 * suit + rank)

    def lowest(self, suit: int) -> Card:
        return self.card(suit, _ranks(_pat(self.mine, suit))[-1])

    def masters(self, suit: int, mask: int) -> bool:
        """Whether ``mask`` holds the highest card of ``suit`` still out."""
        p = _pat(mask, suit)
        return bool(p) and not _above(_pat(self.hostile, suit), _ranks(p)[0])

    def entry(self, mask: int, suit: int) -> bool:
        """Whether ``mask`` has a sure winner outside ``suit`` (a master card, or a trump)."""
        for s in range(4):
            if s == suit:
                continue
            if self.masters(s, mask) or (s == self.trump and _pat(mask, s)):
                return True
        return False


def _position(view: OldBridgeView) -> _Position | None:
    if view.declarer is None or view.dummy_hand is None or view.seat != view.declarer:
        return None
    me = view.hand_to_play if view.hand_to_play is not None else view.seat
    dummy = view.dummy_hand
    mine, partner = (dummy, view.hand) if me == view.dummy else (view.hand, dummy)
    played = 0
    ours = [0, 0, 0, 0]
    for t in view.tricks:
        for seat, c in t.plays:
            played |= 1 << c
            if seat.side == view.seat.side:
                ours[c // 13] += 1
    for i, c in enumerate(view.trick):
        played |= 1 << c
        if view.trick_leader.next(i).side == view.seat.side:
            ours[c // 13] += 1
    hostile = ((1 << 52) - 1) & ~(mine | partner | played)
    return _Position(me, mine, partner, hostile, view.trump if view.trump is not None and view.trump < 4 else None,
                     tuple(view.trick), view.trick_leader, frozenset(t.cards[0] // 13 for t in view.tricks),
                     tuple(view.tricks),
                     (ours[0], ours[1], ours[2], ours[3]))


def advised_card(view: OldBridgeView, legal: list[Card]) -> Card | None:
    """The card the document's declarer-play advice gives in this position, or None."""
    pos = _position(view)
    if pos is None:
        return None
    n = len(pos.trick)
    if n == 0:
        card = _lead(pos)
    else:
        led = pos.trick[0] // 13
        if not _pat(pos.mine, led):
            return None
        card = (_second_hand, _third_hand, _fourth_hand)[n - 1](pos, led)
    return card if card in legal else None


# ---------------------------------------------------------------------- leads
def _long_suit_to_duck(pos: _Position, hand: int, other: int, in_trick: tuple[int, int] = (0, 0)) -> int | None:
    """``advice-duck-long-suit``: the suit of ``hand`` (the dummy's A K x x x x) that must be ducked
    once because ``hand`` has no outside entry and ``other`` (two small cards) can reach it only so
    often; None when there is none. ``in_trick``: the cards of the trick in progress, ``other``'s and
    the opponents'."""
    for s in range(4):
        if s == pos.trump or s in pos.played_suits:
            continue
        p, o, h = _pat(hand, s), _pat(other, s), _pat(pos.hostile, s)
        tops = 0
        for r in range(12, -1, -1):
            if not p >> r & 1 or _above(h, r):
                break
            tops += 1
        out = h.bit_count() + in_trick[1]
        longest_out = (out + 1) // 2
        if (p.bit_count() >= 5 and tops >= 2 and tops < longest_out and 2 <= o.bit_count() + in_trick[0] <= longest_out
                and not pos.entry(hand, s) and o and _ranks(o)[0] <= _SMALL):
            return s
    return None


def _split_honours(pos: _Position, s: int) -> Card | None:
    """``advice-split-honours-*``: the honour to lead from the long hand when the honours split between
    the two hands make, as if held in one, a sequence headed one card below the top (A Q J, K Q J)."""
    mine, other, h = _pat(pos.mine, s), _pat(pos.partner, s), _pat(pos.hostile, s)
    if mine.bit_count() < 4 or mine.bit_count() <= other.bit_count() or not h:
        return None
    top = _ranks(mine)[0]
    if top < _J or _above(h, top).bit_count() != 1:
        return None
    both = mine | other
    run = [r for r in range(top, -1, -1) if not h >> r & 1]
    seq: list[int] = []
    for r in run:
        if not both >> r & 1 and any(h >> x & 1 for x in range(r, top)):
            break
        if both >> r & 1:
            seq.append(r)
        if len(seq) == 3:
            break
    ours_in_seq = [r for r in seq if mine >> r & 1]
    partner_part = any(other >> r & 1 for r in seq) or bool(_above(other, _ranks(_above(h, top))[0]))
    if len(seq) >= 2 and len(ours_in_seq) >= 2 and partner_part and all(r >= _J for r in seq[:2]):
        return pos.card(s, top)
    return None


def _guarded_both(pos: _Position, s: int) -> bool:
    """``advice-guarded-honours-both-hands``: no top card on our side, a guarded honour in each hand
    (Q x x opposite J x)."""
    mine, other = _pat(pos.mine, s), _pat(pos.partner, s)
    if (mine | other) & (1 << _A | 1 << _K) or pos.masters(s, pos.mine | pos.partner):
        return False

    def guarded(p: int) -> bool:
        return p.bit_count() >= 2 and _ranks(p)[0] >= _J

    return guarded(mine) and guarded(other)


def _lead(pos: _Position) -> Card | None:
    duck = _long_suit_to_duck(pos, pos.partner, pos.mine)
    if duck is not None:
        return pos.lowest(duck)
    for s in range(4):
        if s != pos.trump:
            card = _split_honours(pos, s)
            if card is not None:
                return card
    return None


def avoided_lead(view: OldBridgeView, card: Card, legal: list[Card]) -> Card | None:
    """A lead instead of ``card`` when ``card`` opens a suit with guarded honours in both hands
    (``advice-guarded-honours-both-hands``): a master card of another suit, else the lowest card of
    the longest other suit; None when ``card`` is not such a lead or there is no other suit."""
    pos = _position(view)
    if pos is None or pos.trick or not _guarded_both(pos, card // 13):
        return None
    others = [c for c in legal if not _guarded_both(pos, c // 13)]
    if not others:
        return None
    masters = [c for c in others if not _above(_pat(pos.hostile, c // 13), c % 13)]
    if masters:
        return max(masters, key=lambda c: (c // 13 != pos.trump, c % 13))
    longest = max({c // 13 for c in others}, key=lambda s: (s != pos.trump, _pat(pos.mine, s).bit_count()))
    return min((c for c in others if c // 13 == longest), key=lambda c: c % 13)


# ---------------------------------------------------------------------- following
def _hold_up(pos: _Position, s: int) -> Card | None:
    """``advice-hold-up``: at no trumps, the one winner of the suit the opponents opened is held up
    until the third hand (the leader's partner) can have no more cards of it to return: he is
    counted with the rest of the suit beyond the leader's (the leader's long suit, half the cards
    out and one more), and seen void when he has not followed."""
    if pos.trump is not None or pos.leader.side == pos.me.side:
        return None
    mine, other, h = _pat(pos.mine, s), _pat(pos.partner, s), _pat(pos.hostile, s)
    for i, c in enumerate(pos.trick):
        if pos.leader.next(i).side != pos.me.side:
            h |= 1 << (c % 13)  # the opponents' cards of this trick count as theirs
    if not h or not mine:
        return None
    winners = _above(mine | other, _ranks(h)[0])
    if winners.bit_count() != 1 or not mine & winners:
        return None
    w = pos.trick[natural_winner(list(pos.trick), None)]
    if pos.leader.next(natural_winner(list(pos.trick), None)).side == pos.me.side:
        return None  # the partner is winning already
    third = pos.leader.partner
    rounds = [t for t in pos.tricks if t.cards[0] // 13 == s]
    if any(c // 13 != s for t in rounds for seat, c in t.plays if seat == third):
        return None  # the third hand is void: nothing to return
    out = 13 - (mine | other).bit_count() - pos.ours_played[s]
    third_len = out - ((out + 1) // 2 + 1)
    if len(rounds) + 1 < third_len and w // 13 == s:
        return pos.lowest(s)
    return None


def _second_hand(pos: _Position, s: int) -> Card | None:
    held = _hold_up(pos, s)
    if held is not None:
        return held
    led = pos.trick[0] % 13
    mine, other, h = _pat(pos.mine, s), _pat(pos.partner, s), _pat(pos.hostile, s)
    aq9 = 1 << _A | 1 << _Q | 1 << 7
    if led == _J and mine & aq9 == aq9 and other >> _K & 1:
        return pos.card(s, _A)  # advice-aq9-on-jack
    if other and _ranks(other)[0] > led and _above(h, _ranks(other)[0]).bit_count() <= 1:
        return pos.lowest(s)  # the fourth hand can win the card led: no cover, no ace spent
    if _guarded_both(pos, s) and led < _ranks(mine)[0]:
        return pos.lowest(s)
    return None


def _third_hand(pos: _Position, s: int) -> Card | None:
    led_card = pos.trick[0]
    w = pos.trick[natural_winner(list(pos.trick), pos.trump)]
    mine, h = _pat(pos.mine, s), _pat(pos.hostile, s)
    if w // 13 != s:
        return None  # ruffed
    if w == led_card:
        if led_card % 13 >= _J:
            return pos.lowest(s)  # the partner's honour, winning: not overtaken (split honours)
        return None
    ours = sum(1 for i, c in enumerate(pos.trick) if c // 13 == s and pos.leader.next(i).side == pos.me.side)
    theirs = sum(1 for c in pos.trick if c // 13 == s) - ours
    if s not in pos.played_suits and _long_suit_to_duck(pos, pos.mine, pos.partner, (ours, theirs)) == s:
        return pos.lowest(s)  # advice-duck-long-suit: the first round ducked
    if led_card % 13 > _SMALL:
        return None
    ranks = _ranks(mine)
    if not ranks or _above(h, ranks[0]) or ranks[0] <= w % 13:
        return None
    total = mine.bit_count() + _pat(pos.partner, s).bit_count() + pos.ours_played[s]
    if total >= 9:  # nine cards between the hands: no finesse, the missing card is likely to drop
        return pos.card(s, _sequence_bottom(ranks, h))
    # the group of cards below the top: the highest card under the first missing card, down its sequence
    below = [r for r in ranks[1:] if r > w % 13]
    if not below or not h & ((2 << ranks[0]) - 1) & ~((2 << below[0]) - 1):
        return None
    missing = (_above(h, below[0]) & ~_above(h, ranks[0])).bit_count()
    if missing > 2 or below[0] < _J - 1:
        return None
    return pos.card(s, _sequence_bottom(below, h))


def _sequence_bottom(ranks: list[int], hostile: int) -> int:
    """The lowest card of the sequence that ``ranks`` (highest first) begins with, no ``hostile``
    card between (A Q J -> the J of Q J; A J 10 -> the 10 of J 10)."""
    low = ranks[0]
    for r in ranks[1:]:
        if hostile & ((2 << low) - 1) & ~((2 << r) - 1):
            break
        low = r
    return low


def _fourth_hand(pos: _Position, s: int) -> Card | None:
    held = _hold_up(pos, s)
    if held is not None:
        return held
    if pos.trump is None or s == pos.trump or s in pos.played_suits or pos.leader.side == pos.me.side:
        return None
    mine, other = _pat(pos.mine, s), _pat(pos.partner, s)
    partner_played = [c % 13 for i, c in enumerate(pos.trick) if pos.leader.next(i) == pos.me.partner]
    partner_len = other.bit_count() + len(partner_played)
    partner_small = all(r <= _SMALL for r in [*_ranks(other), *partner_played])
    if (mine >> _A & 1 and mine.bit_count() >= 3 and partner_len == 2 and partner_small
            and _pat(pos.partner, pos.trump)):
        return pos.lowest(s)  # advice-duck-for-ruff
    return None
