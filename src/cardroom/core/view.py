"""The common table view: what one seat sees of the table, in one shape for every game.

Every game's view (a deal's: ``BridgeView``, ``OldBridgeView``, ``EuchreView``, ``PrefView``; a
match's: ``RubberView``, ``OldRubberView``, ``EuchreMatchView``, ``PulkaView``) carries a
:class:`TableView` as its ``table`` attribute and in its ``to_dict()`` as ``"table"``, next to the
game's own keys (a match view's dict carries it once, at its top: the deal's dict inside it leaves out
the table and what the table carries, :func:`inner_dict`). Whatever reads a view without knowing the
game — the card room's messages and its browser client, the search bot's sampling — reads this part:

* ``seat``, ``seats`` (the number of seats), ``dealer``;
* ``phase``, one :class:`Phase` for every game, and ``step``, the game's own name of it;
* ``to_act`` (who decides now), ``hand_to_play`` (whose cards are played now: bridge's declarer plays
  dummy's), ``plays_for`` (the hands this seat plays: its own, and dummy's when it is declarer);
* ``hands``: every hand this seat sees, by seat (its own, dummy once faced, an open defence…);
  ``out``: the seats sitting this deal out; ``dummy`` and ``declarer`` where the game has them;
  ``trump`` (a suit index, None: no trumps or not yet known); ``open``: cards lying face up on the table
  outside the hands and the tricks (preferans' talon, euchre's turn-up), by name;
* ``leader`` and ``trick``: the trick in progress as (seat, card) pairs (seat -1: a talon card, in
  preferans' raspasy); ``tricks``: the finished tricks (:class:`PlayedTrick`); ``won``: the tricks each
  seat won; ``side_won``: the tricks each side won, as a partnership game counts them (else None);
* ``legal``: the seat's legal actions as their canonical texts (empty when it is not its turn);
* ``laws``: the laws state in laws mode (:class:`LawsState`: the pending ruling, cards face up by the
  laws and penalty cards, the restrictions in force, the irregularities so far), else None.

Seats are indices (0 … seats-1) everywhere here; the game's own keys keep their letters.

``seat`` is always the player the view is for, as the room and the terminal address him (the state's
``view(seat)``, ``to_act``, ``visible_mask(seat)`` number the same players). Every other seat of the table
(``dealer``, ``to_act``, ``hand_to_play``, ``plays_for``, ``hands``, ``dummy``, ``declarer``, ``leader``,
the tricks, ``won``) is a *table seat*, one of ``seats``. In most games they are the same numbers; a game
whose players sit at other table seats, moving from deal to deal (the three-handed bridges: three players
among four compass seats, one of them the dummy's), says so through the one hook ``places``: the table seat
each player sits at (``places[player]``; None: player n at table seat n). :meth:`TableView.table_seat` is
the viewer's table seat, :meth:`TableView.player_at` the player at a table seat.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import MISSING, dataclass, field, fields, replace
from enum import Enum
from functools import lru_cache
from typing import Any, Generic, Protocol, TypeVar

from cardroom.core.cards import Card, cards_of_mask
from cardroom.core.game import Action

__all__ = [
    "LawsState",
    "Phase",
    "PlayedTrick",
    "SeatDictView",
    "TableView",
    "Tabled",
    "action_texts",
    "card_list",
    "inner_dict",
    "made",
    "match_table",
    "memo",
    "moment",
    "per_records",
    "phase_of",
    "seat_dict",
    "seat_table",
    "table_of",
    "trick_in_order",
    "tricks_of",
    "won_by_seat",
]


T = TypeVar("T")


class memo(Generic[T]):
    """A computed attribute, computed once per object on first use and then stored in the object (like
    :func:`functools.cached_property`, without its lock: views are built and read by one thread; it
    works on frozen dataclasses too)."""

    def __init__(self, func: Callable[[Any], T]) -> None:
        self.func = func
        self.name = func.__name__
        self.__doc__ = func.__doc__

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, obj: Any, owner: type | None = None) -> T:
        if obj is None:  # looked up on the class
            return self  # type: ignore[return-value]
        value = self.func(obj)
        obj.__dict__[self.name] = value
        return value


class Phase(Enum):
    """The stage of a table, the same words for every game (the game's own word is ``TableView.step``)."""

    DRAW = "draw"  # the opening chance of a match: the draw for deal, the cut
    DEAL = "deal"  # before the cards are dealt
    AUCTION = "auction"  # calls: the bridge auction, straight bridge's make and doubling, the euchre rounds
    DISCARD = "discard"  # the talon or the turn-up taken, cards laid away
    DECLARE = "declare"  # the contract named after the talon (preferans; its invitation and concession)
    DEFENCE = "defence"  # the defenders decide to whist, and whether to play open or closed
    PLAY = "play"  # the tricks
    RULING = "ruling"  # laws mode: a ruling awaits a player's choice
    DEAL_OVER = "deal_over"  # the deal played (a choice of how to score it may remain)
    MATCH_OVER = "match_over"  # the match over


@dataclass(frozen=True)
class PlayedTrick:
    """A finished trick: its leader, its plays as (seat, card) in the order played, its winner."""

    leader: int
    plays: tuple[tuple[int, Card], ...]
    winner: int

    def to_dict(self) -> dict[str, Any]:
        return {"leader": self.leader, "plays": [[s, str(c)] for s, c in self.plays], "winner": self.winner}


@dataclass(frozen=True)
class LawsState:
    """The laws part of a table (laws mode): the pending ruling (as the game's director writes it),
    cards face up by the laws as (seat, mask) — seat None where the game does not say whose —, the
    penalty cards among them by seat, the restrictions in force and the irregularities so far."""

    ruling: Mapping[str, Any] | None = None
    face_up: tuple[tuple[int | None, int], ...] = ()
    penalty_cards: tuple[tuple[int, int], ...] = ()
    restrictions: tuple[str, ...] = ()
    irregularities: tuple[str, ...] = ()

    @staticmethod
    def by_seat(masks: Sequence[int]) -> tuple[tuple[int, int], ...]:
        """Per-seat masks as (seat, mask) pairs, the empty ones left out."""
        return tuple((s, m) for s, m in enumerate(masks) if m)

    def mask(self) -> int:
        m = 0
        for _, x in self.face_up:
            m |= x
        for _, x in self.penalty_cards:
            m |= x
        return m

    def to_dict(self) -> dict[str, Any]:
        return {
            "ruling": None if self.ruling is None else dict(self.ruling),
            "face_up": [[s, _cards(m)] for s, m in self.face_up],
            "penalty_cards": [[s, _cards(m)] for s, m in self.penalty_cards],
            "restrictions": list(self.restrictions),
            "irregularities": list(self.irregularities),
        }


@dataclass
class TableView:
    """One seat's table, the same shape for every game (module docstring). Read it, do not change it
    (it is not frozen only because building it is on the card room's hot path)."""

    seat: int
    seats: int
    phase: Phase
    step: str
    dealer: int | None = None
    to_act: int | None = None
    hand_to_play: int | None = None
    plays_for: tuple[int, ...] = ()
    hands: Mapping[int, int] = field(default_factory=dict)
    out: tuple[int, ...] = ()
    dummy: int | None = None
    declarer: int | None = None
    trump: int | None = None
    open: tuple[tuple[str, int], ...] = ()
    leader: int | None = None
    trick: tuple[tuple[int, Card], ...] = ()
    tricks: tuple[PlayedTrick, ...] = ()
    won: tuple[int, ...] = ()
    side_won: tuple[int, ...] | None = None
    legal: tuple[str, ...] = ()
    laws: LawsState | None = None
    places: tuple[int, ...] | None = None

    def table_seat(self) -> int:
        """The table seat the viewer sits at (his ``seat`` unless ``places`` maps him elsewhere)."""
        return self.seat if self.places is None else self.places[self.seat]

    def player_at(self, table_seat: int) -> int | None:
        """The player sitting at ``table_seat`` (None: no player, a dummy's vacant seat)."""
        if self.places is None:
            return table_seat
        return self.places.index(table_seat) if table_seat in self.places else None

    def shown_mask(self) -> int:
        """Every card this table shows, as a bitmask (no more than the game's view shows)."""
        m = 0
        for h in self.hands.values():
            m |= h
        for _, x in self.open:
            m |= x
        for _, c in self.trick:
            m |= 1 << c
        for t in self.tricks:
            for _, c in t.plays:
                m |= 1 << c
        if self.laws is not None:
            m |= self.laws.mask()
        return m

    def played_by(self) -> list[int]:
        """The cards each seat has played this deal, a mask per seat (the talon's leads left out)."""
        out = [0] * self.seats
        for plays in [t.plays for t in self.tricks] + [self.trick]:
            for s, c in plays:
                if s >= 0:
                    out[s] |= 1 << c
        return out

    def to_dict(self) -> dict[str, Any]:
        """The table as JSON (built once per table view: a match view and its deal's view share it; its
        values are shared with other views of the same moment: read them, do not change them)."""
        return self._dict

    @memo
    def _dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat, "seats": self.seats, "plays_for": list(self.plays_for),
            "hands": {str(s): _cards(m) for s, m in self.hands.items()},
            "legal": list(self.legal), "places": None if self.places is None else list(self.places),
            **self._common(),
        }

    def _common(self) -> dict[str, Any]:
        """The part of the table's JSON every seat's view of one moment shares (not the seat, the hands it
        sees, what it plays and may do): built once for all the seats (the card room builds every seat's
        view after every action), in laws mode every time."""
        if self.laws is not None:
            return self._common_dict()
        shared = self.__dict__.get("_shared_common")
        if shared is not None:  # a seat's table made by seat_table: the moment's common part
            return shared  # type: ignore[no-any-return]
        return self._common_dict()

    def _common_dict(self) -> dict[str, Any]:
        return {
            "phase": self.phase._value_, "step": self.step, "dealer": self.dealer, "to_act": self.to_act,
            "hand_to_play": self.hand_to_play, "out": list(self.out), "dummy": self.dummy,
            "declarer": self.declarer, "trump": None if self.trump is None else "CDHS"[self.trump],
            "open": {name: _cards(m) for name, m in self.open},
            "trick": {"leader": self.leader, "plays": [[s, str(c)] for s, c in self.trick]},
            "tricks": _derived(self.tricks)[0] if self.tricks else [],
            "won": list(self.won), "side_won": None if self.side_won is None else list(self.side_won),
            "laws": None if self.laws is None else self.laws.to_dict(),
        }


class Tabled(Protocol):
    """A view that carries a table (every game's view, a deal's or a match's)."""

    @property
    def table(self) -> TableView: ...


def table_of(view: Any) -> TableView:
    """The :class:`TableView` of any game's view."""
    t = getattr(view, "table", None)
    if not isinstance(t, TableView):
        raise TypeError(f"{type(view).__name__} has no table view")
    return t


def card_list(mask: int) -> list[str]:
    """The texts of a mask's cards, as a new list (each mask's texts made once)."""
    return list(_card_texts(mask))


_cards = card_list


@lru_cache(maxsize=4096)
def _card_texts(mask: int) -> tuple[str, ...]:
    return tuple(str(c) for c in cards_of_mask(mask))


R = TypeVar("R")

_CONVERTED: dict[int, tuple[object, PlayedTrick]] = {}
"""A game's trick records already converted, by identity (a record is kept alive with its conversion, so an
id is never mistaken): every view of a deal shows the same finished tricks until the deal ends."""

_LISTS: dict[tuple[int, int], tuple[object, tuple[PlayedTrick, ...]]] = {}
"""The finished tricks of a deal so far, by their number and the identity of the last record (the records of
a deal are kept in one list, appended to, so these two name the list)."""

_DERIVED: dict[int, tuple[tuple[PlayedTrick, ...], list[dict[str, Any]], tuple[int, ...]]] = {}
"""What is derived from such a list of tricks, by its identity: its JSON and the tricks won by seat."""

_CACHE_SIZE = 1024
"""Entries each cache keeps at most (then it starts again): the recent moments of a few hundred tables."""


def tricks_of(records: Sequence[R], convert: Callable[[R], PlayedTrick]) -> tuple[PlayedTrick, ...]:
    """A deal's finished tricks (its immutable records, in order) as :class:`PlayedTrick` s, each record
    converted once, the whole list once per trick played (the card room builds every seat's view after
    every action)."""
    if not records:
        return ()
    last = records[-1]
    key = (len(records), id(last))
    hit = _LISTS.get(key)
    if hit is not None and hit[0] is last:
        return hit[1]
    out = []
    for r in records:
        e = _CONVERTED.get(id(r))
        if e is None or e[0] is not r:
            if len(_CONVERTED) > _CACHE_SIZE:
                _CONVERTED.clear()
            e = _CONVERTED[id(r)] = (r, convert(r))
        out.append(e[1])
    tricks = tuple(out)
    if len(_LISTS) > _CACHE_SIZE:
        _LISTS.clear()
        _DERIVED.clear()
    _LISTS[key] = (last, tricks)
    return tricks


_PER_RECORDS: dict[tuple[str, int, int], tuple[object, Any]] = {}
"""What :func:`per_records` built, by its name, the number of records and the identity of the last."""


def per_records(name: str, records: Sequence[R], build: Callable[[Sequence[R]], T]) -> T:
    """``build(records)`` for a deal's list of immutable records that only grows (its finished tricks),
    built once per length of the list: the card room builds every seat's view after every action, and
    the finished tricks change once a trick. ``name`` says what is built. The value is shared: read it,
    do not change it."""
    if not records:
        return build(records)
    last = records[-1]
    key = (name, len(records), id(last))
    hit = _PER_RECORDS.get(key)
    if hit is not None and hit[0] is last:
        return hit[1]  # type: ignore[no-any-return]
    got = build(records)
    if len(_PER_RECORDS) > _CACHE_SIZE:
        _PER_RECORDS.clear()
    _PER_RECORDS[key] = (last, got)
    return got


_DEFAULTS: dict[type, dict[str, Any]] = {}


def made(cls: type[T], shared: Mapping[str, Any], **own: Any) -> T:
    """An instance of the view dataclass ``cls`` with the fields of ``shared`` (what every seat's view of
    one moment holds alike) and ``own``, the others at their defaults, made without the dataclass's
    ``__init__`` (a frozen dataclass sets each field through ``object.__setattr__``: ten times the cost,
    paid per seat after every action in the card room). ``cls`` has no ``__post_init__``; every field
    without a default is in ``shared`` or ``own`` (tests/test_view_made.py checks both for every view)."""
    defaults = _DEFAULTS.get(cls)
    if defaults is None:
        defaults = _DEFAULTS[cls] = {f.name: f.default for f in fields(cls)  # type: ignore[arg-type]
                                     if f.default is not MISSING}
    obj = object.__new__(cls)
    d = obj.__dict__
    d.update(defaults)
    d.update(shared)
    d.update(own)
    return obj


def _derived(tricks: tuple[PlayedTrick, ...]) -> tuple[list[dict[str, Any]], tuple[int, ...]]:
    """The JSON of finished tricks and the tricks won by seat (by the winners' numbers; the table's
    ``seats`` pads it), computed once per list :func:`tricks_of` made."""
    hit = _DERIVED.get(id(tricks))
    if hit is not None and hit[0] is tricks:
        return hit[1], hit[2]
    won = [0] * (1 + max((t.winner for t in tricks), default=-1))
    for t in tricks:
        if t.winner >= 0:
            won[t.winner] += 1
    got = ([t.to_dict() for t in tricks], tuple(won))
    if tricks:
        _DERIVED[id(tricks)] = (tricks, *got)
    return got


def action_texts(legal: Iterable[Any]) -> tuple[str, ...]:
    """The canonical texts of actions (an :class:`Action`'s ``to_text()``, else its ``str``)."""
    if not legal:
        return ()
    return tuple([a.to_text() if isinstance(a, Action) else str(a) for a in legal])


def trick_in_order(leader: int, cards: Sequence[Card], seats: int = 4) -> tuple[tuple[int, Card], ...]:
    """A trick written as its cards in the order played from ``leader``, as (seat, card) pairs."""
    return tuple([((leader + i) % seats, c) for i, c in enumerate(cards)]) if cards else ()


def won_by_seat(seats: int, tricks: tuple[PlayedTrick, ...]) -> tuple[int, ...]:
    """The tricks each seat won, counted from the finished tricks."""
    if not tricks:
        return (0,) * seats
    won = _derived(tricks)[1]
    return won[:seats] + (0,) * (seats - len(won))


def moment(state: Any, version: object) -> dict[str, Any]:
    """A scratch dict that every seat's view of one moment of ``state`` shares (the card room builds every
    seat's view after every action): a view keeps there what does not depend on the seat, so that it is
    built once for all the seats. ``version`` names the moment: anything that changes what a view shows
    changes it (a deal's number of actions, outside laws mode). The dict is kept on the state and replaced,
    never emptied, at a new moment, so a copy of the state made at the same moment may share it."""
    got = state.__dict__.get("_moment")
    if got is not None and got[0] == version:
        return got[1]  # type: ignore[no-any-return]
    d: dict[str, Any] = {}
    state.__dict__["_moment"] = (version, d)
    return d


def release_moment(state: Any) -> None:
    """Let go of the :func:`moment` kept on ``state`` and on its deal in play (a match's), once every seat's
    view of it is built: the next view of the same moment builds it again."""
    state.__dict__.pop("_moment", None)
    deal = getattr(state, "deal", None)
    if deal is not None and hasattr(deal, "__dict__"):
        deal.__dict__.pop("_moment", None)


def seat_dict(moment: dict[str, Any] | None, shared: Callable[[], dict[str, Any]], table: TableView,
              own: Mapping[str, Any]) -> dict[str, Any]:
    """A seat's view as a dict: what every seat shares at this moment (``shared()``, built once per
    ``moment``, every time without one: it holds the seat's own keys too, as placeholders, so that they
    keep their places) with the seat's ``own`` keys set, and its ``legal`` and ``table`` from its table."""
    base = None if moment is None else moment.get("dict")
    if base is None:
        base = shared()
        if moment is not None:
            moment["dict"] = base
    d = base.copy()
    d.update(own)
    d["legal"] = list(table.legal)
    d["table"] = table.to_dict()
    return d


class SeatDictView:
    """A deal's view whose dict is built from what every seat shares at its moment (``_shared_dict()``,
    once per moment) and the seat's own keys (``_own_dict()``): its :meth:`to_dict`, and its dict inside a
    match's (:meth:`inner_to_dict`, without what the match's table carries), each a copy of the moment's
    shared dict with the seat's keys set. The view provides ``moment``, ``table`` and the two methods."""

    moment: dict[str, Any] | None
    table: TableView

    def _shared_dict(self) -> dict[str, Any]:
        raise NotImplementedError

    def _own_dict(self) -> dict[str, Any]:
        raise NotImplementedError

    def to_dict(self) -> dict[str, Any]:
        return seat_dict(self.moment, self._shared_dict, self.table, self._own_dict())

    def inner_to_dict(self) -> dict[str, Any]:
        """:meth:`to_dict` without :data:`TABLE_CARRIES` (:func:`inner_dict`), made without them."""
        moment = self.moment
        base = None if moment is None else moment.get("inner")
        if base is None:
            full = None if moment is None else moment.get("dict")
            if full is None:
                full = self._shared_dict()
                if moment is not None:
                    moment["dict"] = full
            base = {k: v for k, v in full.items() if k not in TABLE_CARRIES}
            if moment is not None:
                moment["inner"] = base
        d = base.copy()
        for k, v in self._own_dict().items():
            if k not in TABLE_CARRIES:
                d[k] = v
        return d


def seat_table(shared: Callable[[], TableView], moment: dict[str, Any] | None, seat: int,
               hands: Mapping[int, int], plays_for: tuple[int, ...], legal: tuple[str, ...]) -> TableView:
    """A seat's :class:`TableView` made of the table every seat shares at this moment (``shared()``, built
    once per ``moment``; every time without one) and the seat's own fields."""
    base = None if moment is None else moment.get("table")
    if base is None:
        base = shared()
        if moment is not None:
            if base.laws is None:
                base.__dict__["_shared_common"] = base._common()
            moment["table"] = base
    t = object.__new__(TableView)
    d = t.__dict__
    d.update(base.__dict__)
    d.pop("_dict", None)
    d["seat"], d["hands"], d["plays_for"], d["legal"] = seat, hands, plays_for, legal
    return t


def phase_of(step: str, ruling: object, phases: Mapping[str, Phase]) -> Phase:
    """The :class:`Phase` of a game's own phase name (a pending ruling makes it RULING)."""
    if ruling is not None:
        return Phase.RULING
    return phases[step]


def match_table(seat: int, seats: int, deal: TableView | None, over: bool) -> TableView:
    """A match view's table: its deal's (MATCH_OVER once the match is over), or, between the deals —
    the draw for deal, the cut —, an empty table at DRAW."""
    if deal is None:
        return TableView(seat, seats, Phase.MATCH_OVER if over else Phase.DRAW, "over" if over else "draw")
    return replace(deal, phase=Phase.MATCH_OVER) if over else deal


TABLE_CARRIES = frozenset(("table", "trick", "tricks", "legal", "hand", "dummy_hand", "to_act", "hand_to_play",
                           "won"))
"""The keys of every game's deal dict that its table carries too (the trick in progress, the finished
tricks, the legal actions' texts, the seat's own hand and dummy's — ``hands`` —, who acts and whose cards
are played, the tricks won — ``won``, ``side_won`` —, and the table itself): a match's dict leaves them out
of its deal's, so a state message holds each once."""


def inner_dict(view: Any) -> dict[str, Any] | None:
    """A match view's deal view (None between deals) as a dict inside the match's, without what the
    match's table carries (:data:`TABLE_CARRIES`): the match's dict holds the table once, at its top, so a
    state message holds every trick once."""
    if view is None:
        return None
    if isinstance(view, SeatDictView):
        return view.inner_to_dict()
    d: dict[str, Any] = view.to_dict()
    for k in TABLE_CARRIES:
        d.pop(k, None)
    return d
