"""Open-hand (double-dummy) answers for euchre, through :mod:`cardroom.solve.tricks`.

The makers' tricks under best play by both sides (side = the makers' seats in play, maximize); a lone
hand plays against both adversaries with his partner's cards out of play. Euchre has no duty to trump.

The bowers change a card's suit and rank, so the cards are remapped before solving and mapped back in
the answers: with trumps T, the right bower (knave of T) becomes the ace of T, the left bower (knave of
the same colour) the king of T, and the ace, king, queen, 10, 9, 8, 7 of T become the queen, knave,
10, 9, 8, 7, 6 of T; the left bower leaves its printed suit, whose other cards keep their ranks (the
gap it leaves does not matter: cards are compared only within a suit).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from cardroom.core.cards import PIQUET_PACK_MASK, Card, CardSet, Rank, Suit
from cardroom.core.errors import CardroomError, Reason
from cardroom.core.table import Seat
from cardroom.games.euchre.ranks import left_bower, right_bower
from cardroom.solve import tricks
from cardroom.solve.tricks import Position

if TYPE_CHECKING:
    from cardroom.games.euchre.rules import EuchreHand

__all__ = ["EuchreSolution", "card_map", "card_unmap", "from_solver", "position_of", "solve_deal", "solve_state",
           "to_solver"]

_TRUMP_MAP = ((Rank.ACE, Rank.QUEEN), (Rank.KING, Rank.JACK), (Rank.QUEEN, Rank.TEN), (Rank.TEN, Rank.NINE),
              (Rank.NINE, Rank.EIGHT), (Rank.EIGHT, Rank.SEVEN), (Rank.SEVEN, Rank.SIX))


def _maps(trump: Suit) -> tuple[dict[int, int], dict[int, int]]:
    t = Suit(trump)
    fwd: dict[int, int] = {c: c for c in range(52) if PIQUET_PACK_MASK >> c & 1}
    fwd[right_bower(t)] = Card.of(t, Rank.ACE)
    fwd[left_bower(t)] = Card.of(t, Rank.KING)
    for a, b in _TRUMP_MAP:
        fwd[Card.of(t, a)] = Card.of(t, b)
    back = {d: c for c, d in fwd.items()}
    assert len(back) == 32
    return fwd, back


_MAPS = {t: _maps(t) for t in Suit}


def card_map(trump: Suit) -> Mapping[int, int]:
    """The one bower remap: each card of the euchre pack under ``trump`` -> the card the solver plays
    for it (right bower -> A of trumps, left bower -> K, A -> Q, K -> J, Q -> 10, 10 -> 9, 9 -> 8,
    8 -> 7, 7 -> 6; the plain suits unchanged)."""
    return _MAPS[Suit(trump)][0]


def card_unmap(trump: Suit) -> Mapping[int, int]:
    """The inverse of :func:`card_map`: a solver's card -> the euchre card."""
    return _MAPS[Suit(trump)][1]


def to_solver(mask: int, trump: Suit) -> int:
    """A euchre hand (mask) with the bowers remapped to natural suits and ranks."""
    fwd = _MAPS[Suit(trump)][0]
    out = 0
    m = mask
    while m:
        c = m.bit_length() - 1
        out |= 1 << fwd[c]
        m &= ~(1 << c)
    return out


def from_solver(card: int, trump: Suit) -> Card:
    """The euchre card of a remapped card."""
    return Card(_MAPS[Suit(trump)][1][card])


@dataclass(frozen=True)
class EuchreSolution:
    """Open-hand result of a euchre hand (or the rest of one)."""

    trump: Suit
    makers: tuple[int, ...]  # the makers' seats in play
    lone: int | None
    tricks: int  # the makers' tricks in the whole hand (taken + to come under best play)
    per_card: Mapping[Card, int] = field(default_factory=dict)  # each legal card of the seat to move -> the same
    nodes: int = 0
    to_move: int | None = None


def _position(hands: Sequence[int], trump: Suit, maker: int, lone: int | None, leader: int,
              trick: Sequence[int]) -> Position:
    out = None if lone is None else (lone + 2) % 4
    order = tuple(s for s in range(4) if s != out)
    makers = frozenset(s for s in order if s % 2 == maker % 2)
    mapped = tuple(0 if s == out else to_solver(hands[s], trump) for s in range(4))
    mtrick = tuple(to_solver(1 << c, trump).bit_length() - 1 for c in trick)
    return Position(mapped, order, leader, mtrick, int(trump), False, makers, True)


def _solve(pos: Position, trump: Suit, lone: int | None, taken: int, per_card: bool) -> EuchreSolution:
    v, nodes = tricks.solve_stats(pos)
    cards: dict[Card, int] = {}
    if per_card:
        for c, cv in tricks.best_moves(pos).items():
            cards[from_solver(c, trump)] = taken + cv
    return EuchreSolution(trump, tuple(sorted(pos.side)), lone, taken + v, dict(sorted(cards.items())), nodes,
                          pos.to_move)


def position_of(state: EuchreHand) -> Position:
    """The (remapped) Position of a hand in play."""
    return _from_state(state)[0]


def _from_state(state: EuchreHand) -> tuple[Position, int]:
    from cardroom.games.euchre.rules import PH_PLAY

    if state.phase != PH_PLAY:
        raise CardroomError(Reason("solve.euchre_not_play", where=state.where()))
    assert state.trump is not None and state.maker is not None
    trick = [c for _, c in state.trick]
    pos = _position(state.hands, state.trump, int(state.maker), None if state.lone is None else int(state.lone),
                    int(state.trick_leader), trick)
    return pos, state.won[state.maker.side]


def solve_state(state: EuchreHand, *, per_card: bool = False) -> EuchreSolution:
    """The makers' tricks for a hand in play (mid-trick included); the state is not changed."""
    pos, taken = _from_state(state)
    assert state.trump is not None
    return _solve(pos, state.trump, None if state.lone is None else int(state.lone), taken, per_card)


def solve_deal(hands: Sequence[int | CardSet | str | Sequence[Card]], trump: Suit | int | str, maker: int | str, *,
               leader: int | str, lone: bool | int | str | None = None, per_card: bool = False) -> EuchreSolution:
    """The makers' tricks for a whole hand: ``hands`` by seat (N E S W) after the dealer's discard, five
    cards each (the lone player's partner's cards are out of play and may be given or left empty);
    ``maker``: a seat of the side that made the trump; ``lone``: the maker who plays alone (his partner
    sits out), or None (``True``: ``maker`` plays alone; ``False``: nobody); ``leader``: the seat that
    leads (the eldest hand, or the next on his left when the eldest sits out). ``per_card``: every
    opening lead."""
    t = Suit.parse(trump) if isinstance(trump, str) else Suit(trump)
    mk = Seat.parse(maker) if isinstance(maker, str) else Seat(maker)
    ld = Seat.parse(leader) if isinstance(leader, str) else Seat(leader)
    if isinstance(lone, bool):
        lo: Seat | None = mk if lone else None
    else:
        lo = None if lone is None else Seat.parse(lone) if isinstance(lone, str) else Seat(lone)
    if lo is not None and lo.side != mk.side:
        raise CardroomError(Reason("solve.euchre_lone", seat=lo.name.lower()))
    masks = [tricks.hand_mask(h) for h in hands]
    if len(masks) != 4:
        raise CardroomError(Reason("solve.euchre_hands", n=len(masks)))
    out = lo.partner if lo is not None else None
    if out is not None:
        masks[out] = 0
        if ld == out:
            raise CardroomError(Reason("solve.euchre_leader", seat=ld.name.lower()))
    for s in range(4):
        if masks[s] & ~PIQUET_PACK_MASK:
            raise CardroomError(Reason("solve.euchre_pack", seat=Seat(s).name.lower(),
                                       cards=CardSet(masks[s] & ~PIQUET_PACK_MASK)))
        if s != out and masks[s].bit_count() != 5:
            raise CardroomError(Reason("solve.euchre_five", seat=Seat(s).name.lower(), n=masks[s].bit_count()))
    seen = 0
    for s in range(4):
        if masks[s] & seen:
            raise CardroomError(Reason("solve.euchre_two", cards=CardSet(masks[s] & seen)))
        seen |= masks[s]
    lone_i = None if lo is None else int(lo)
    pos = _position(masks, t, int(mk), lone_i, int(ld), ())
    return _solve(pos, t, lone_i, 0, per_card)
