"""Double-dummy analysis of bridge deals through DDS (the endplay package), behind cardroom types.

Hands are card-set bitmasks in seat order (N, E, S, W), as :class:`cardroom.core.deal.Deal`
holds them. Tables are keyed by seat letter then strain letter (C, D, H, S, NT). The par result
is DDS's: by duplicate scoring, the score from North-South's point of view.

Positions (the shape of answers shared with ``cardroom.solve.tricks``, see the solver interface):
a :class:`BridgePosition` is the cards still held, the leader of the current trick, the cards
already played to it (0–3), the trump suit and declarer. :func:`solve` gives the tricks that
declarer's side (``position.side``) takes from here on, the current trick included, under best
play by all four hands; :func:`best_moves` gives every legal card of the hand to play with the
same count after it. Both accept a :class:`~cardroom.games.bridge.rules.BridgeDeal` in its play
phase as well. Impossible positions (a card in two hands, wrong hand sizes for the trick, a
revoke already on the trick, ...) raise :class:`~cardroom.core.errors.CardroomError` naming what
is wrong.

Concurrency: every function here may be called from many threads at once. DDS keeps its search
memory in per-thread slots; each call holds slots of the process's :func:`gate` (a :class:`DDSGate`) while DDS
runs — a solve one slot, whose index it passes to DDS, a table every slot (DDS runs its own threads
on them). Every DDS call in cardroom goes through this module.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from cardroom.core.cards import FULL_PACK_MASK, SUIT_MASKS, Card, CardSet
from cardroom.core.errors import CardroomError, Reason
from cardroom.core.table import Seat, Side
from cardroom.games.bridge.calls import Strain

if TYPE_CHECKING:
    from cardroom.games.bridge.rules import BridgeDeal

__all__ = [
    "STRAINS",
    "BridgePosition",
    "DDSGate",
    "best_moves",
    "check_position",
    "dd_table",
    "dds_threads",
    "endplay_deal",
    "gate",
    "opening_leads",
    "par_from_table",
    "par_result",
    "position_of",
    "set_gate",
    "solve",
    "table_and_par",
]

STRAINS = ("C", "D", "H", "S", "NT")
# endplay's Denom numbers: spades 0, hearts 1, diamonds 2, clubs 3, no-trump 4
_DENOM_OF_STRAIN = {"C": 3, "D": 2, "H": 1, "S": 0, "NT": 4}
_STRAIN_OF_DENOM = {v: k for k, v in _DENOM_OF_STRAIN.items()}
_SEATS = tuple(Seat)


# ------------------------------------------------------------------------------------ concurrency
# DDS keeps its search state (transposition tables, the deal being searched) in one memory slot per
# thread index, 0 .. threads-1, as many as it configured when endplay loaded it (SetMaxThreads(0):
# the cores, memory permitting). SolveBoard searches on the slot it is given — endplay's solve_board
# always gives 0 — and CalcDDtable runs DDS's own threads on every slot. Two searches on one slot at
# once corrupt it: wrong answers, "Sum N is not four" on stderr, a segmentation fault. endplay calls
# DDS through ctypes, which lets go of the GIL, so worker threads (the room's hints) do run DDS at
# the same time.


def dds_threads() -> int:
    """The number of thread slots DDS configured (DDS's GetDDSInfo; 1 if it cannot be read)."""
    import ctypes

    from endplay._dds import _dll

    class _Info(ctypes.Structure):  # DDS 2.8/2.9 dll.h (endplay 0.5's own DDSInfo is shorter)
        _fields_ = [("major", ctypes.c_int), ("minor", ctypes.c_int), ("patch", ctypes.c_int),
                    ("versionString", ctypes.c_char * 10), ("system", ctypes.c_int),
                    ("numBits", ctypes.c_int), ("compiler", ctypes.c_int), ("constructor", ctypes.c_int),
                    ("numCores", ctypes.c_int), ("threading", ctypes.c_int), ("noOfThreads", ctypes.c_int),
                    ("threadSizes", ctypes.c_char * 128), ("systemString", ctypes.c_char * 1024),
                    ("spare", ctypes.c_char * 4096)]  # room for a longer structure in another version

    info = _Info()
    try:
        _dll.GetDDSInfo(ctypes.byref(info))
    except AttributeError:  # a DDS without GetDDSInfo
        return 1
    if (info.major, info.minor) < (2, 8) or not 1 <= info.noOfThreads <= 1024:
        return 1
    return int(info.noOfThreads)


class DDSGate:
    """DDS's thread slots, lent to one call at a time each.

    ``with gate.one() as index:`` holds one free slot (its index is DDS's ``threadIndex``);
    ``with gate.every():`` holds all of them, for the calls that run DDS's own threads. A caller
    waiting for every slot goes first: no new single slot is lent meanwhile. ``DDSGate(1)`` is one
    process-wide lock. The gate is not re-entrant: a call holding slots must not ask for more."""

    def __init__(self, slots: int) -> None:
        if slots < 1:
            raise ValueError(f"a DDS gate needs at least one slot, not {slots}")
        self.slots = slots
        self._cond = threading.Condition()
        self._free = list(range(slots - 1, -1, -1))  # popped from the end: slot 0 first
        self._every_waiting = 0

    @contextlib.contextmanager
    def one(self) -> Iterator[int]:
        with self._cond:
            while not self._free or self._every_waiting:
                self._cond.wait()
            index = self._free.pop()
        try:
            yield index
        finally:
            with self._cond:
                self._free.append(index)
                self._cond.notify_all()

    @contextlib.contextmanager
    def every(self) -> Iterator[None]:
        with self._cond:
            self._every_waiting += 1
            try:
                while len(self._free) < self.slots:
                    self._cond.wait()
            finally:
                self._every_waiting -= 1
            taken, self._free = self._free, []
        try:
            yield
        finally:
            with self._cond:
                self._free = taken
                self._cond.notify_all()


_GATE: DDSGate | None = None
_GATE_MADE = threading.Lock()


def gate() -> DDSGate:
    """The gate every DDS call of cardroom passes: one slot per DDS thread (made at first use)."""
    global _GATE
    with _GATE_MADE:
        if _GATE is None:
            _GATE = DDSGate(dds_threads())
        return _GATE


def set_gate(new: DDSGate) -> DDSGate:
    """Put ``new`` in place of the process's gate (bench/dds_concurrency.py compares one lock with a
    slot per thread); the gate it replaces is returned. Only while no DDS call is under way."""
    global _GATE
    old = gate()
    with _GATE_MADE:
        _GATE = new
    return old


# ------------------------------------------------------------------------------------------ deals


def _check_hands(hands: Sequence[int]) -> tuple[int, int, int, int]:
    if len(hands) != 4:
        raise CardroomError(Reason("dds.four_hands", n=len(hands)))
    seen = 0
    for seat, h in zip(Seat, hands, strict=True):
        if h.bit_count() != 13:
            raise CardroomError(Reason("dds.thirteen", seat=seat, n=h.bit_count()))
        if seen & h:
            raise CardroomError(Reason("dds.one_pack"))
        seen |= h
    if seen != FULL_PACK_MASK:
        raise CardroomError(Reason("dds.whole_pack"))
    return (hands[0], hands[1], hands[2], hands[3])


def endplay_deal(hands: Sequence[int], leader: int = 0, trump: int | None = None,
                 trick: Sequence[int] = ()) -> Any:
    """An ``endplay.types.Deal`` holding ``hands`` (bitmasks, N E S W), ``leader`` to the current
    trick, ``trump`` (a Suit value or None) and the cards already on the trick. Unchecked: callers
    check the position first."""
    from endplay.types import Deal as EpDeal

    deal = EpDeal()
    data = deal._data
    data.first = int(leader)
    data.trump = 4 if trump is None else 3 - int(trump)
    remain = data.remainCards
    for seat in range(4):
        h = hands[seat]
        row = remain[seat]
        # DDS holdings: suit index 0 spades .. 3 clubs, bit r for rank r (2..14)
        row[0] = ((h >> 39) & 0x1FFF) << 2
        row[1] = ((h >> 26) & 0x1FFF) << 2
        row[2] = ((h >> 13) & 0x1FFF) << 2
        row[3] = (h & 0x1FFF) << 2
    for i, c in enumerate(trick):
        data.currentTrickSuit[i] = 3 - c // 13
        data.currentTrickRank[i] = c % 13 + 2
    return deal


def _hands_of(source: Sequence[int] | BridgeDeal) -> tuple[int, int, int, int]:
    from cardroom.games.bridge.rules import BridgeDeal

    if isinstance(source, BridgeDeal):
        if not any(source.original):
            raise CardroomError(Reason("dds.not_dealt"))
        return _check_hands(source.original)
    return _check_hands(source)


def _endplay_table(hands: Sequence[int]) -> Any:
    from endplay.dds import calc_dd_table

    deal = endplay_deal(_check_hands(hands))
    with gate().every():  # CalcDDtable runs DDS's threads on every slot
        return calc_dd_table(deal)


def _table_dict(table: Any) -> dict[str, dict[str, int]]:
    res = table._data.resTable  # resTable[denom][player]
    return {seat.letter: {s: int(res[_DENOM_OF_STRAIN[s]][int(seat)]) for s in STRAINS} for seat in Seat}


def dd_table(hands: Sequence[int] | BridgeDeal) -> dict[str, dict[str, int]]:
    """Tricks each seat takes as declarer in each strain, double dummy:
    ``{"N": {"C": 7, "D": 6, "H": 9, "S": 10, "NT": 8}, "E": {...}, ...}``. ``hands`` are the four
    dealt hands, or a ``BridgeDeal`` (its hands as dealt, whatever has been played since)."""
    return _table_dict(_endplay_table(_hands_of(hands)))


def _vul(vulnerable: tuple[bool, bool]) -> Any:
    from endplay.types import Vul

    return {(False, False): Vul.none, (True, False): Vul.ns, (False, True): Vul.ew,
            (True, True): Vul.both}[(bool(vulnerable[0]), bool(vulnerable[1]))]


def _par_dict(result: Any) -> dict[str, Any]:
    contracts: list[str] = []
    for c in result:
        strain = Strain.parse(_STRAIN_OF_DENOM[int(c.denom)])
        doubling = {1: "", 2: "X", 4: "XX"}.get(int(c.penalty), "")
        res = int(c.result)
        contracts.append(f"{int(c.level)}{strain.letter}{doubling} by {Seat(int(c.declarer)).letter} "
                         f"{'=' if res == 0 else f'{res:+d}'}")
    score = int(result.score)
    return {"score": score, "side": None if score == 0 else ("NS" if score > 0 else "EW"), "contracts": contracts}


def par_result(hands: Sequence[int] | BridgeDeal, dealer: Seat | int | None = None,
               vulnerable: tuple[bool, bool] | None = None) -> dict[str, Any]:
    """The par of a deal (DDS, duplicate scoring): ``{"score": -1510, "side": "EW",
    "contracts": ["7S by E =", "7S by W ="]}``; ``score`` is North-South's, ``side`` the side
    that scores (None when par is a pass-out), each contract as level, strain, doubling, declarer and
    result (``=``, ``+1``, ``-2``). Given a ``BridgeDeal``, its dealer and vulnerability are the
    defaults."""
    from cardroom.games.bridge.rules import BridgeDeal

    if isinstance(hands, BridgeDeal):
        dealer = hands.dealer if dealer is None else dealer
        vulnerable = hands.vulnerable if vulnerable is None else vulnerable
    if dealer is None or vulnerable is None:
        raise CardroomError(Reason("dds.par"))
    return par_from_table(_endplay_table(_hands_of(hands)), dealer, vulnerable)


def par_from_table(table: Any, dealer: Seat | int, vulnerable: tuple[bool, bool]) -> dict[str, Any]:
    """Par from an endplay ``DDTable`` already computed (see :func:`par_result`)."""
    from endplay.dds import par
    from endplay.types import Player

    with gate().one():  # arithmetic on the table, no slot used; behind the gate all the same
        result = par(table, _vul(vulnerable), Player(int(dealer)))
    return _par_dict(result)


def table_and_par(hands: Sequence[int] | BridgeDeal, dealer: Seat | int,
                  vulnerable: tuple[bool, bool]) -> tuple[dict[str, dict[str, int]], dict[str, Any]]:
    """:func:`dd_table` and :func:`par_result` with one DDS table computation."""
    table = _endplay_table(_hands_of(hands))
    return _table_dict(table), par_from_table(table, dealer, vulnerable)


# -------------------------------------------------------------------------------------- positions


@dataclass(frozen=True)
class BridgePosition:
    """A bridge play position for the double-dummy solver.

    ``hands``: the cards each seat still holds (N, E, S, W bitmasks); ``leader``: the seat that led
    (or leads) the current trick; ``trick``: the cards already played to it, from the leader (0–3);
    ``trump``: a Suit value or None for no-trump; ``declarer``: whose side's tricks are counted
    (``side``). Not checked until solved."""

    hands: tuple[int, ...]
    leader: Seat
    declarer: Seat
    trick: tuple[int, ...] = ()
    trump: int | None = None

    @property
    def side(self) -> Side:
        """The side whose tricks :func:`solve` and :func:`best_moves` count: declarer's."""
        return Seat(self.declarer).side

    @property
    def to_play(self) -> Seat:
        """The seat whose card is next (dummy's seat when dummy plays)."""
        return Seat(self.leader).next(len(self.trick))

    @property
    def tricks_left(self) -> int:
        """Tricks still to be played, the current one included."""
        return self.hands[self.leader].bit_count() + (1 if self.trick else 0)


def position_of(state: BridgeDeal) -> BridgePosition:
    """The position of a ``BridgeDeal`` in its play phase (the opening lead included)."""
    from cardroom.games.bridge.rules import PHASE_PLAY

    if state.phase != PHASE_PLAY or state.declarer is None:
        raise CardroomError(Reason("dds.play_phase"))
    h = state.hands
    return BridgePosition((h[0], h[1], h[2], h[3]), Seat(state.leader), Seat(state.declarer),
                          tuple(int(c) for c in state.trick), state.trump)


def check_position(pos: BridgePosition) -> None:
    """Raise CardroomError naming what makes ``pos`` impossible (see :func:`solve`)."""
    if len(pos.hands) != 4:
        raise CardroomError(Reason("dds.pos_hands", n=len(pos.hands)))
    if pos.trump is not None and not 0 <= int(pos.trump) <= 3:
        raise CardroomError(Reason("dds.trump", trump=pos.trump))
    if not 0 <= int(pos.leader) <= 3 or not 0 <= int(pos.declarer) <= 3:
        raise CardroomError(Reason("dds.seats"))
    k = len(pos.trick)
    if k > 3:
        raise CardroomError(Reason("dds.trick", k=k))
    seen = 0
    for seat, h in zip(_SEATS, pos.hands, strict=True):
        if h < 0 or h & ~FULL_PACK_MASK:
            raise CardroomError(Reason("dds.hand_set", seat=seat))
        if seen & h:
            raise CardroomError(Reason("dds.two_hands", cards=CardSet(seen & h), seat=seat))
        seen |= h
    for i, c in enumerate(pos.trick):
        if not 0 <= int(c) < 52:
            raise CardroomError(Reason("dds.trick_card", card=c))
        if seen >> c & 1:
            raise CardroomError(Reason("dds.trick_held", card=Card(c)))
        seen |= 1 << c
        if i:
            led = pos.trick[0] // 13
            seat = Seat(pos.leader).next(i)
            if c // 13 != led and pos.hands[seat] & SUIT_MASKS[led]:
                suit = Card(pos.trick[0]).suit.name.lower()
                raise CardroomError(Reason("dds.revoke", seat=seat, card=Card(c), suit=suit,
                                           sym=Card(pos.trick[0]).suit.symbol,
                                           held=CardSet(pos.hands[seat] & SUIT_MASKS[led])))
    n = pos.hands[pos.leader].bit_count() + (1 if k else 0)  # cards each seat still to play holds
    for i in range(4):
        seat = Seat(pos.leader).next(i)
        want = n - 1 if i < k else n
        have = pos.hands[seat].bit_count()
        if have != want or want > 13:
            raise CardroomError(Reason("dds.holds", seat=seat, have=have, want=want, n=n, k=k,
                                        leader=Seat(pos.leader)))


def _as_position(position: BridgePosition | BridgeDeal) -> BridgePosition:
    pos = position if isinstance(position, BridgePosition) else position_of(position)
    check_position(pos)
    return pos


def _solve_board(pos: BridgePosition) -> Any:
    """endplay's solve_board on the position (every legal card with its score for the side to play)."""
    from endplay._dds import DDSError, SolveBoard, futureTricks

    deal = endplay_deal(pos.hands, pos.leader, pos.trump, pos.trick)
    fut = futureTricks()
    try:
        with gate().one() as index:  # endplay's solve_board, on a slot of its own
            SolveBoard(deal._data, 0, 3, 1, fut, index)  # target 0, solutions 3 (every card), mode 1
    except DDSError as e:
        raise CardroomError(Reason("dds.refused", why=e)) from None
    return fut


def _scores(pos: BridgePosition) -> dict[int, int]:
    """Each legal card -> tricks for the side to play (DDS's count)."""
    fut = _solve_board(pos)
    out: dict[int, int] = {}
    for i in range(fut.cards):
        score = fut.score[i]
        if score < 0:
            continue
        base = (3 - fut.suit[i]) * 13 - 2
        holding = (1 << fut.rank[i]) | fut.equals[i]
        while holding:
            low = holding & -holding
            out[base + low.bit_length() - 1] = score
            holding ^= low
    return out


def best_moves(position: BridgePosition | BridgeDeal) -> dict[int, int]:
    """Every legal card of the hand to play (a Card's int) -> the tricks declarer's side
    (``position.side``) takes from here on, the current trick included, after that card and best
    play by all. Empty when no cards are left."""
    pos = _as_position(position)
    if pos.tricks_left == 0:
        return {}
    scores = _scores(pos)
    if Seat(pos.to_play).side == pos.side:
        return scores
    left = pos.tricks_left
    return {c: left - v for c, v in scores.items()}


def solve(position: BridgePosition | BridgeDeal) -> int:
    """The tricks declarer's side (``position.side``) takes from here on, the current trick
    included, under best play by all four hands."""
    moves = best_moves(position)
    if not moves:
        return 0
    pos = position if isinstance(position, BridgePosition) else position_of(position)
    return max(moves.values()) if Seat(pos.to_play).side == pos.side else min(moves.values())


def opening_leads(hands: Sequence[int], declarer: Seat | int, trump: int | None) -> dict[int, int]:
    """Each opening lead (by declarer's left-hand opponent) -> declarer's tricks, double dummy."""
    h = _check_hands(hands)
    return best_moves(BridgePosition(h, Seat(declarer).lho, Seat(declarer), (), trump))
