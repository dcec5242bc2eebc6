"""Open-hand (double-dummy) answers for preferans, through :mod:`cardroom.solve.tricks`.

Objectives (docs/solvers.md):

* a suit or no-trump game: the declarer's maximum tricks (side = {declarer}, maximize), the two
  defenders minimizing them together; follow suit, and a player void in the suit led must trump (in
  F1, ``must_beat``, a player also heads the trick when he can: footnotes [8], [11]);
* misère: the declarer's minimum tricks (side = {declarer}, minimize), the defenders together giving
  him the most;
* raspasy: for each player p his **paranoid** outcome: the fewest tricks p can make sure of when the
  other two (the other three's hands in play) play together to give him the most (side = {p},
  minimize). The talon cards that lead the first two tricks (option ``raspasy_talon``: "suit" — the card
  sets the suit and takes nothing; "dealer" — four players, the card is the dealer's and can win;
  "closed" — not turned) are part of the search.

Answers are whole-deal trick counts: the tricks already taken plus those to come under best play.
``solve_state`` works from a :class:`PrefDeal` in its play phase (mid-trick included); ``solve_deal``
from a bare deal (hands, talon, declarer, contract, leader). With ``per_card=True`` every legal card
of the seat to move (at the start of the deal: every opening lead) is answered too.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from cardroom.core.cards import Card, CardSet, cards_of_mask
from cardroom.core.errors import CardroomError, ParseError, Reason
from cardroom.games.preferans.calls import PrefCall
from cardroom.solve import tricks
from cardroom.solve.tricks import Position, TalonLeads

if TYPE_CHECKING:
    from cardroom.games.preferans.rules import PrefDeal

__all__ = ["PrefSolution", "position_of", "solve_deal", "solve_state"]

OBJECTIVES = {"game": "declarer-max", "misere": "declarer-min", "raspasy": "paranoid"}


@dataclass(frozen=True)
class PrefSolution:
    """Open-hand result of a preferans deal (or the rest of one)."""

    kind: str  # "game", "misere" or "raspasy"
    objective: str  # "declarer-max", "declarer-min", "paranoid" (raspasy: each player's fewest vs. all others)
    declarer: int | None
    trump: int | None
    tricks: Mapping[int, int]  # seat -> tricks in the whole deal (taken + to come under best play)
    per_card: Mapping[Card, Mapping[int, int]] = field(default_factory=dict)  # card -> the same, after it
    nodes: int = 0
    to_move: int | None = None  # the seat whose cards `per_card` answers


@dataclass(frozen=True)
class _Setup:
    kind: str
    declarer: int | None
    trump: int | None
    hands: tuple[int, ...]
    order: tuple[int, ...]
    leader: int
    trick: tuple[int, ...]
    talon: TalonLeads | None
    won: tuple[int, ...]  # tricks taken so far, by seat
    scored: tuple[int, ...]  # the seats whose outcome is answered
    must_beat: bool = False  # F1's compulsory beating (``PrefVariant.must_beat``)


def _contract(contract: PrefCall | str | None) -> tuple[str, int | None]:
    """(kind, trump) of a contract: a game bid, misère, or raspasy (None, "raspasy", "pass")."""
    if contract is None:
        return "raspasy", None
    if isinstance(contract, str):
        t = contract.strip().lower()
        if t in ("raspasy", "распасы", "pass", "пас", "all-pass"):
            return "raspasy", None
        if t in ("misere", "мизер", "misère"):
            return "misere", None
        try:
            contract = PrefCall.parse(contract)
        except ParseError as e:
            raise ParseError(Reason("solve.pref_contract_text", contract=contract)) from e
    call = PrefCall(contract)
    if call.is_misere:
        return "misere", None
    if call.is_game:
        return "game", call.trump
    raise ParseError(Reason("solve.pref_contract", call=call))


def _positions(st: _Setup) -> dict[int, Position]:
    """One Position per answered seat."""
    out: dict[int, Position] = {}
    for p in st.scored:
        out[p] = Position(st.hands, st.order, st.leader, st.trick, st.trump, True, frozenset({p}),
                          st.kind == "game", st.must_beat)
    return out


def position_of(state: PrefDeal, seat: int | None = None) -> Position:
    """The Position of a deal in play: for the declarer (game, misère) or for ``seat`` (raspasy; the talon
    cards of the first tricks are not part of a Position: use :func:`solve_state` for those)."""
    st = _setup_state(state)
    who = st.declarer if seat is None else seat
    if who is None:
        raise CardroomError(Reason("solve.raspasy_who"))
    return _positions(_Setup(st.kind, st.declarer, st.trump, st.hands, st.order, st.leader, st.trick, st.talon,
                             st.won, (who,), st.must_beat))[who]


def _solve(st: _Setup, per_card: bool) -> PrefSolution:
    total: dict[int, int] = {}
    cards: dict[Card, dict[int, int]] = {}
    nodes = 0
    for p, pos in _positions(st).items():
        if st.talon is not None:
            v, n = tricks.solve_stats_talon(pos, st.talon)
        else:
            v, n = tricks.solve_stats(pos)
        nodes += n
        total[p] = st.won[p] + v
        if per_card:
            bm = tricks.best_moves_talon(pos, st.talon) if st.talon is not None else tricks.best_moves(pos)
            for c, cv in bm.items():
                cards.setdefault(Card(c), {})[p] = st.won[p] + cv
    i = st.order.index(st.leader)
    mover = st.order[(i + len(st.trick)) % len(st.order)]
    return PrefSolution(st.kind, OBJECTIVES[st.kind], st.declarer, st.trump, total,
                        dict(sorted(cards.items())), nodes, mover)


def _setup_state(state: PrefDeal) -> _Setup:
    from cardroom.games.preferans.rules import PH_PLAY

    if state.phase != PH_PLAY:
        raise CardroomError(Reason("solve.pref_not_play", where=state.where()))
    kind = state.kind
    if kind not in OBJECTIVES:
        raise CardroomError(Reason("solve.pref_kind", kind=kind))
    order = tuple(sorted(state.active))
    players = [c for s, c in state.trick if s >= 0]
    seats = [s for s, _ in state.trick if s >= 0]
    leader = seats[0] if seats else state.next_seat
    talon: TalonLeads | None = None
    if kind == "raspasy" and state.talon_order:
        done = len(state.tricks)
        leads = tuple((10 - t, int(state.talon_order[t])) for t in range(done, min(2, len(state.talon_order))))
        if leads:
            dealer_mode = state.rules.raspasy_talon(state.players) == "dealer" and state.players == 4
            talon = TalonLeads(leads, "dealer" if dealer_mode else "suit", state.dealer if dealer_mode else -1,
                               state.first_hand)
    declarer = state.declarer if kind != "raspasy" else None
    trump = state._trump() if kind == "game" else None
    if kind == "raspasy":
        scored: tuple[int, ...] = order
        if state.talon_order and state.rules.raspasy_talon(state.players) == "dealer" and state.players == 4:
            scored = (*order, state.dealer)  # the talon cards are his and may take tricks
    else:
        assert declarer is not None
        scored = (declarer,)
    return _Setup(kind, declarer, trump, tuple(state.hands), order, leader, tuple(int(c) for c in players), talon,
                  tuple(state.won), scored, state.rules.must_beat)


def solve_state(state: PrefDeal, *, per_card: bool = False) -> PrefSolution:
    """Open-hand answer for a deal in play (see the module docstring). The state is not changed."""
    return _solve(_setup_state(state), per_card)


def solve_deal(hands: Sequence[int | CardSet | str | Sequence[Card]], contract: PrefCall | str | None,
               declarer: int | None = None, *, leader: int | None = None, talon: int | CardSet | str = 0,
               raspasy_talon: str = "suit", dealer: int | None = None,
               per_card: bool = False, must_beat: bool = False) -> PrefSolution:
    """Open-hand answer for a whole deal before the first lead.

    ``hands``: the hands by seat (three, or four with the dealer's empty: he sits out), after the
    declarer's discard; ``contract``: a game bid (``"7S"``, ``"6NT"``, a :class:`PrefCall`), ``"misere"`` or
    ``"raspasy"``; ``declarer``: the seat (not for raspasy); ``leader``: the first hand, who leads to the
    first trick (default: the first seat in play); ``talon`` and ``raspasy_talon``: on raspasy, the talon
    cards in the order they are turned (lowest card first, as the engine turns them) lead the first two
    tricks ("suit"; "dealer" for four players; "closed": not turned). ``per_card``: answer every opening lead.
    ``must_beat``: F1's compulsory beating (a player heads the trick when he can).
    """
    masks = tuple(tricks.hand_mask(h) for h in hands)
    if len(masks) not in (3, 4):
        raise CardroomError(Reason("solve.pref_seats", n=len(masks)))
    order = tuple(s for s, h in enumerate(masks) if h)
    if len(order) != 3:
        raise CardroomError(Reason("solve.pref_hands", n=len(order)))
    sizes = {masks[s].bit_count() for s in order}
    if len(sizes) != 1:
        raise CardroomError(Reason("solve.pref_sizes", sizes=sorted(sizes)))
    n = sizes.pop()
    kind, trump = _contract(contract)
    if kind != "raspasy":
        if declarer is None or declarer not in order:
            raise CardroomError(Reason("solve.pref_declarer", order=order, got=declarer))
    elif declarer is not None:
        raise CardroomError(Reason("solve.raspasy_declarer"))
    lead = order[0] if leader is None else leader
    if lead not in order:
        raise CardroomError(Reason("solve.pref_leader", order=order, got=leader))
    talon_mask = tricks.hand_mask(talon)
    if talon_mask & sum(masks):
        raise CardroomError(Reason("solve.pref_talon", talon=CardSet(talon_mask)))
    if raspasy_talon not in ("suit", "dealer", "closed"):
        raise CardroomError(Reason("solve.raspasy_talon", got=raspasy_talon))
    leads: TalonLeads | None = None
    scored: tuple[int, ...] = order if kind == "raspasy" else (declarer,)  # type: ignore[assignment]
    if kind == "raspasy" and talon_mask and raspasy_talon != "closed":
        tcards = cards_of_mask(talon_mask)
        dealer_mode = raspasy_talon == "dealer" and len(masks) == 4
        owner = -1
        if dealer_mode:
            owner = dealer if dealer is not None else next(s for s in range(4) if s not in order)
            if owner in order:
                raise CardroomError(Reason("solve.pref_dealer", dealer=owner))
            scored = (*order, owner)
        leads = TalonLeads(tuple((n - t, int(tcards[t])) for t in range(min(2, len(tcards)))),
                           "dealer" if dealer_mode else "suit", owner, lead)
    st = _Setup(kind, declarer if kind != "raspasy" else None, trump, masks, order, lead, (), leads,
                (0,) * len(masks), scored, must_beat)
    return _solve(st, per_card)
