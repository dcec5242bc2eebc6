"""A match: a sequence of deals with a score sheet (a rubber, a pulka), written once for every game.

A :class:`Match` is the state a game's registry makes (``Game.new_initial_state()``). It implements
the whole :class:`~cardroom.core.game.State` protocol over its deals: the deal in play answers the
turn, the legal actions and the view; when a deal is over its result is written on the :class:`Sheet`,
the deal passes on (:meth:`Match.next_dealer`) and the next deal begins (:meth:`Match.new_deal`),
until the sheet says the match is over or the match is left unfinished (:meth:`Match.abandon`).

A game's match is a small subclass that supplies only what differs:

- :meth:`~Match.new_deal` (its deal factory) and :meth:`~Match.make_view` (its view of a seat);
- its :class:`Sheet` (a pure function of the deals' results: :meth:`Sheet.recomputed`);
- an optional :class:`Opening`, the chance that finds the first dealer before the first deal (the
  draw of the bridges, :class:`DrawOpening`; the cut of euchre), given to ``Match.__init__``;
- where it differs, the rotation of the deal (:meth:`~Match.next_dealer`), the number a position
  gives the deal (:meth:`~Match.deal_number`, :meth:`~Match.where_in_match`), what a deal writes to
  the match's log (:meth:`~Match.logged`) and the fields of its summary (:attr:`~Match.summary_fields`,
  :meth:`~Match.deal_summary`, :meth:`~Match.summary_extra`).

Any number of seats and sides: the match counts seats only through its game's ``num_seats``.
"""

from __future__ import annotations

import copy
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, Self, TypeVar

from cardroom.core import claims
from cardroom.core.deal import Draw
from cardroom.core.errors import IllegalAction, Reason
from cardroom.core.game import CHANCE, Action, State, View
from cardroom.i18n.where import Where

if TYPE_CHECKING:
    from cardroom.core.game import Game

R_contra = TypeVar("R_contra", contravariant=True)


class Sheet(Protocol[R_contra]):
    """The score sheet of a match: written deal by deal, a pure function of the deals' results."""

    @property
    def is_over(self) -> bool:
        """The match has come to its natural end (or, for a sheet that says so, was closed unfinished)."""

    @property
    def unfinished(self) -> bool:
        """The match was left before its natural end (:meth:`close_unfinished`)."""

    def add(self, result: R_contra) -> object:
        """Write one finished deal."""

    def to_dict(self) -> dict[str, Any]:
        """The sheet, JSON-ready (the match keeps it until the sheet changes: the caller must not modify it)."""

    def render(self, *, lang: str) -> str:
        """The sheet drawn as text, as players draw it."""

    def close_unfinished(self) -> None:
        """Score the match as left unfinished, as the game's laws say."""

    def copy(self) -> Self:
        """An independent copy (for :meth:`Match.clone`)."""

    def recomputed(self, results: Sequence[R_contra]) -> Self:
        """A sheet of the same rules recomputed from ``results`` alone (the sheet's ``from_results``),
        closed unfinished when this one is."""


class Opening(ABC):
    """The chance that opens a match before its first deal (the draw, the cut): it finds the first dealer."""

    @abstractmethod
    def where(self) -> Where:
        """Where the match stands while the opening goes on."""

    @abstractmethod
    def sample(self, rng: random.Random) -> Action:
        """The opening's chance action, drawn from ``rng``."""

    @abstractmethod
    def reads(self, text: str) -> bool:
        """Whether ``text`` (stripped) names an opening action: it is read as one even after the opening."""

    @abstractmethod
    def parse(self, text: str) -> Action:
        """Read an opening action; :class:`~cardroom.core.errors.ParseError` if it is not one."""

    @abstractmethod
    def apply(self, action: Any) -> int | None:
        """Check and record an opening action (:class:`IllegalAction`, nothing changed, if it is not one
        now); the first dealer once it is found, ``None`` while the opening goes on (a tie cut again)."""

    checks_late: ClassVar[bool] = False
    """Whether :meth:`refuse_late` is the opening's own (set for each subclass): the match calls it only then."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.checks_late = cls.refuse_late is not Opening.refuse_late

    def refuse_late(self, action: Any) -> None:  # noqa: B027 (a hook that does nothing by default)
        """Called with every action after the opening: raise :class:`IllegalAction` for an opening
        action that comes too late. By default the deal in play refuses it as it refuses anything."""

    def snapshot(self) -> object:
        """The opening's state, comparable."""
        return None

    def copy(self) -> Self:
        return copy.copy(self)


class DrawOpening(Opening):
    """The draw of one card by each seat (:class:`~cardroom.core.deal.Draw`); ``first_dealer`` reads the
    dealer from it. ``where_key`` is the catalogue's name of the opening (a ``pos.`` key), ``rule`` its
    name in the refusal of anything else."""

    def __init__(self, first_dealer: Callable[[Draw], int], seats: int = 4, where_key: str = "draw",
                 rule: str = "the draw for the first deal", noun: str = "rubber") -> None:
        self.first_dealer = first_dealer
        self.seats = seats
        self.where_key = where_key
        self.rule = rule
        self.noun = noun
        self.draw: Draw | None = None

    def where(self) -> Where:
        return Where(self.where_key)

    def sample(self, rng: random.Random) -> Draw:
        return Draw.random(rng, self.seats)

    def reads(self, text: str) -> bool:
        return text.lower().startswith("draw ")

    def parse(self, text: str) -> Draw:
        return Draw.from_text(text)

    def apply(self, action: Any) -> int:
        if not isinstance(action, Draw) or len(action.cards) != self.seats:
            raise IllegalAction(f"the {self.noun} begins with {self.rule}, not {action!r}", action=action)
        dealer = self.first_dealer(action)
        self.draw = action
        return dealer

    def snapshot(self) -> object:
        return self.draw


D = TypeVar("D", bound=State)
"""A deal of the match."""
R = TypeVar("R")
"""A finished deal's result."""
S = TypeVar("S", bound=Sheet[Any])
"""The match's score sheet."""
V = TypeVar("V", bound=View)
"""The match's view of one seat."""


class Match(State, Generic[D, R, S, V]):
    """A sequence of deals with a score sheet, from the opening chance (if any) to the sheet's end.

    Its own fields: ``sheet``, ``deal`` (the deal in play; the last one once the match is over; None
    before the first), ``dealer``, ``results`` and ``finished_deals`` (each finished deal, in order),
    ``opening`` (None for a match without one). A subclass sets what its hooks need (its rules) before
    calling ``Match.__init__(game, sheet, dealer, opening, opening_due)``: the first deal is dealt at
    once by ``dealer`` unless an opening is due (``opening_due=False``: a match played without its draw
    keeps the opening only to refuse, or read, its actions).
    """

    noun: ClassVar[str] = "match"
    """The match's name in messages: "rubber", "pulka"."""
    over_text: ClassVar[str] = "the {noun} is over; {action} cannot be applied"
    """The refusal of an action once the match is over."""
    rotate_after_last_deal: ClassVar[bool] = False
    """Whether the deal passes on after the last deal too (the dealer a finished match names)."""
    summary_fields: ClassVar[tuple[str, ...]] = ("position", "over", "sheet")
    """The common fields of :meth:`match_summary`, of "position", "over", "unfinished", "sheet", "deals"."""

    plain_log: bool = True
    """Whether the match's log records each action alone, as applied: so where :meth:`logged` is not
    overridden (set for each subclass; a match whose :meth:`logged` holds only at times may set it on the
    instance)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "is_over" in cls.__dict__:  # to_act, legal_actions and apply read the sheet themselves
            raise TypeError(f"{cls.__name__}: a match is over when its sheet is (or left unfinished): "
                            "the sheet says so, not an override of Match.is_over")
        cls.plain_log = cls.logged is Match.logged

    sheet: S
    deal: Any
    """The deal in play, a ``D``, None before the first. Typed ``Any`` here so that code holding a match of
    any game reaches its deal's own fields; each game's match says ``deal: BridgeDeal | None``."""
    dealer: int | None
    opening: Opening | None
    results: list[R]
    finished_deals: list[D]

    def __init__(self, game: Game, sheet: S, dealer: int | None, opening: Opening | None = None,
                 opening_due: bool = True) -> None:
        self.game = game
        self.sheet = sheet
        self.dealer = dealer
        self.opening = opening
        self._history: list[Any] = []
        self.results = []
        self.finished_deals = []
        self._sheet_cache: dict[str, Any] | None = None
        self.deal = None
        if opening is None or not opening_due:
            self.deal = self.new_deal()

    # ------------------------------------------------------------------ hooks
    @abstractmethod
    def new_deal(self) -> D:
        """The next deal, dealt by :attr:`dealer` (the sheet as it stands after the last deal)."""

    @abstractmethod
    def make_view(self, seat: int, deal_view: Any) -> V:
        """The view of ``seat``: the deal's view (None before the first deal) and the match's own fields."""

    def next_dealer(self, result: R) -> Any:
        """The dealer of the next deal: by default the deal passes to the left (the next seat clockwise)."""
        dealer = self.dealer
        assert dealer is not None
        return type(dealer)((dealer + 1) % self.game.num_seats)

    def dealer_seat(self, seat: int) -> Any:
        """Seat number ``seat`` as this match names its dealer (a :class:`~cardroom.core.table.Seat`, a
        number): for a dealer given from outside the play (the score keeper's first dealer)."""
        return seat if self.dealer is None else type(self.dealer)(seat)

    def logged(self, deal: D, recorded: int, action: Any) -> Sequence[Any]:
        """What the match's log records for ``action`` applied to ``deal`` (whose log had ``recorded`` entries);
        asked only where :attr:`plain_log` is false."""
        return (action,)

    def deal_number(self) -> int:
        """The number of the deal in play (1-based), as positions and views give it: the last finished
        deal's once the match is over after it, the unfinished deal's after an abandon."""
        deal: D | None = self.deal
        return len(self.results) + (0 if deal is not None and deal.is_over else 1)

    def where_in_match(self) -> Where:
        """The match's part of a position, before the deal's."""
        return Where("deal_n", n=self.deal_number())

    def deal_summary(self, number: int, result: R) -> dict[str, Any]:
        """One finished deal in :meth:`match_summary` (when "deals" is among :attr:`summary_fields`)."""
        raise NotImplementedError

    def summary_extra(self) -> dict[str, Any]:
        """The game's own fields of :meth:`match_summary`."""
        return {}

    def result_line(self, result: R) -> dict[str, Any]:
        """A finished deal's result as the end of a deal shows it (:meth:`deal_end`), structured for the
        reader's language: ``contract`` (its text, None without one), ``declarer`` (a seat), ``diff``
        (tricks over (+) or under (−) the contract), ``taken`` (declarer's tricks, where ``diff`` does
        not apply), ``score`` ([side or seat label, points] of the side that scored) and ``kind`` (a
        word for a deal without a contract: "passed_out", "thrown_in", "raspasy"); None where it does
        not apply. By default nothing is known."""
        return {}

    def dealt_hands(self, deal: D) -> dict[int, int]:
        """The hands a finished deal shows every seat, by seat (masks): by default the cards each seat
        played and the cards left in its hand, from the deal's own view of that seat."""
        from cardroom.core.view import table_of

        seats = self.game.num_seats
        played = table_of(deal.view(0)).played_by()
        return {s: played[s] | table_of(deal.view(s)).hands.get(s, 0) for s in range(seats)}

    def seat_results(self) -> tuple[float, ...] | None:
        """Each seat's result of the match so far in the game's points (won less lost; a side's for each
        of its seats): the sheet's ``seat_results()``, or None for a sheet that has none."""
        fn = getattr(self.sheet, "seat_results", None)
        return None if fn is None else tuple(float(x) for x in fn())

    # ------------------------------------------------------------------ the protocol
    # (to_act, legal_actions and apply, asked at every action, read the sheet as is_over does, without
    # its call)
    @property
    def to_act(self) -> int | None:
        sheet = self.sheet
        if sheet.is_over or sheet.unfinished:
            return None
        deal: D | None = self.deal
        if deal is None:
            return CHANCE
        return deal.to_act

    @property
    def is_over(self) -> bool:
        return self.sheet.is_over or self.sheet.unfinished

    @property
    def history(self) -> Sequence[Any]:
        return self._history

    def legal_actions(self) -> Sequence[Any]:
        deal: D | None = self.deal
        if deal is None:
            return []
        sheet = self.sheet
        if sheet.is_over or sheet.unfinished:
            return []
        return deal.legal_actions()

    def sample_chance(self, rng: random.Random) -> Any:
        deal: D | None = self.deal
        if self.is_over:
            raise IllegalAction(f"the {self.noun} is over")
        if deal is None:
            assert self.opening is not None
            return self.opening.sample(rng)
        return deal.sample_chance(rng)

    def apply(self, action: Any) -> None:
        sheet = self.sheet
        if sheet.is_over or sheet.unfinished:
            raise IllegalAction(self.over_text.format(noun=self.noun, action=action), action=action)
        deal: D | None = self.deal
        if deal is None:
            assert self.opening is not None
            dealer = self.opening.apply(action)  # raises, unchanged, if it is not the opening's
            self._history.append(action)
            if dealer is not None:
                self.dealer = dealer
                self.deal = self.new_deal()
            return
        opening = self.opening
        if opening is not None and opening.checks_late:
            opening.refuse_late(action)
        if isinstance(action, claims.ClaimSettled):  # an accepted claim ends the deal (core/claims.py)
            if not isinstance(deal, claims.Claimable):
                raise IllegalAction(Reason("claim.no_tricks"), action=action)
            deal.end_by_claim(action.seat, action.tricks)  # raises, unchanged, if it may not be
            self._history.append(action)
            if deal.is_over:  # a preferans player may still choose how his points are written
                self._deal_over(deal)
            return
        if self.plain_log:
            deal.apply(action)  # raises, unchanged, if illegal
            self._history.append(action)
        else:
            recorded = len(deal.history)
            deal.apply(action)
            self._history.extend(self.logged(deal, recorded, action))
        if deal.is_over:
            self._deal_over(deal)

    def _deal_over(self, deal: D) -> None:
        result: R = deal.result()
        self.finished_deals.append(deal)
        if not self.write_result(result):
            self.deal = self.new_deal()

    def write_result(self, result: R) -> bool:
        """Write a finished deal's result on the sheet and pass the deal on, as the end of a played deal
        does (the score keeper, :mod:`cardroom.keeper`, writes announced deals through it); whether the
        sheet is over after it."""
        self.results.append(result)
        self.sheet.add(result)
        self._sheet_cache = None
        over = self.sheet.is_over
        if not over or self.rotate_after_last_deal:
            self.dealer = self.next_dealer(result)
        return over

    def result(self) -> Any:
        """The outcome: by default the sheet."""
        return self.sheet

    def view(self, seat: int) -> V:
        deal: D | None = self.deal
        return self.make_view(seat, None if deal is None else deal.view(seat))

    def visible_mask(self, seat: int) -> int:
        deal: D | None = self.deal
        shown = 0 if deal is None else deal.visible_mask(seat)
        end = self.ended_deal()
        if end is not None:  # the end of the deal just finished (:meth:`deal_end`): every seat sees it
            if end is not deal:
                shown |= end.visible_mask(seat)
            for m in self.dealt_hands(end).values():
                shown |= m
        return shown

    def card_places(self) -> Mapping[str, int]:
        deal: D | None = self.deal
        if deal is None:
            return {"pack": self.game.pack_mask()}
        return deal.card_places()

    def snapshot(self) -> Mapping[str, Any]:
        return {
            "history": tuple(self._history),
            "deal": None if self.deal is None else dict(self.deal.snapshot()),
            "sheet": self.sheet_dict(),
            "results": tuple(self.results),
            "dealer": self.dealer,
            "opening": None if self.opening is None else self.opening.snapshot(),
            "abandoned": self.abandoned,
        }

    def where(self) -> Where:
        deal: D | None = self.deal
        if deal is None:
            assert self.opening is not None
            return self.opening.where()
        return self.where_in_match() + deal.where()

    def parse_action(self, text: str) -> Any:
        t = text.strip()
        deal: D | None = self.deal
        if self.opening is not None and (deal is None or self.opening.reads(t)):
            return self.opening.parse(t)
        assert deal is not None
        if claims.reads(t):
            return claims.ClaimSettled.from_text(t)
        return deal.parse_action(t)

    def action_text(self, action: Any) -> str:
        deal: D | None = self.deal
        if deal is None:
            return super().action_text(action)
        return deal.action_text(action)

    def clone(self) -> Self:
        new = object.__new__(type(self))
        new.__dict__.update(self.__dict__)
        new._history = list(self._history)
        new.results = list(self.results)
        new.finished_deals = list(self.finished_deals)
        new.sheet = self.sheet.copy()
        deal: D | None = self.deal
        new.deal = None if deal is None else deal.clone()
        new.opening = None if self.opening is None else self.opening.copy()
        return new

    # ------------------------------------------------------------------ the end of a deal
    def ended_deal(self) -> D | None:
        """The deal just finished while the next one has not begun (its chance, the deal of the cards,
        not yet drawn), or the last deal once the match is over after it; None otherwise (during a
        deal, before the first)."""
        if not self.finished_deals:
            return None
        last = self.finished_deals[-1]
        deal: D | None = self.deal
        if deal is last or (deal is not None and not deal.history and not self.is_over):
            return last
        return None

    def deal_end(self) -> dict[str, Any] | None:
        """The end of the deal just finished (:meth:`ended_deal`), JSON-ready, the same for every seat
        and spectator: its number, every trick (the last one whole), the tricks won by seat (and by
        side where the game counts so), the table seat each player sat at (``TableView.places``), the
        hands as the deal showed them once over
        (:meth:`dealt_hands`) and its structured :meth:`result_line`. None during a deal: the hands are
        shown only after the deal is over."""
        deal = self.ended_deal()
        if deal is None:  # (asked for every message: answered before the import below)
            return None
        from cardroom.core.view import card_list, table_of

        number = len(self.finished_deals)
        got = self.__dict__.get("_deal_end")
        if got is not None and got[0] is deal:
            return got[1]  # type: ignore[no-any-return]
        table = table_of(deal.view(0))
        tricks = [t.to_dict() for t in table.tricks]
        out = {
            "number": number,
            "tricks": tricks,
            "last_trick": tricks[-1] if tricks else None,
            "won": list(table.won),
            "side_won": None if table.side_won is None else list(table.side_won),
            "places": None if table.places is None else list(table.places),  # where the players sat
            "hands": {str(s): card_list(m) for s, m in self.dealt_hands(deal).items()},
            "result": self.result_line(self.results[number - 1]),
        }
        self.__dict__["_deal_end"] = (deal, out)
        return out

    # ------------------------------------------------------------------ the sheet
    def sheet_dict(self) -> dict[str, Any]:
        """The score sheet kept during play (the same dict while the sheet is unchanged: do not modify it)."""
        if self._sheet_cache is None:
            self._sheet_cache = self.sheet.to_dict()
        return self._sheet_cache

    def recomputed_sheet_dict(self) -> dict[str, Any]:
        """The score sheet recomputed from the recorded deal results alone."""
        return self.sheet.recomputed(self.results).to_dict()

    def render_sheet(self, lang: str = "en") -> str:
        """The score sheet drawn as text."""
        return self.sheet.render(lang=lang)

    def match_summary(self) -> dict[str, Any]:
        """A JSON-ready account of the match so far: its :attr:`summary_fields` and :meth:`summary_extra`."""
        common: dict[str, Callable[[], Any]] = {
            "position": self.position, "over": lambda: self.is_over, "unfinished": lambda: self.abandoned,
            "sheet": self.sheet_dict,
            "deals": lambda: [self.deal_summary(n, r) for n, r in enumerate(self.results, start=1)],
        }
        return {**{k: common[k]() for k in self.summary_fields}, **self.summary_extra()}

    @property
    def abandoned(self) -> bool:
        """True when the match was ended before its natural end (an unfinished rubber)."""
        return self.sheet.unfinished

    def abandon(self) -> None:
        """End the match unfinished, scored as the game's laws say (the sheet's :meth:`Sheet.close_unfinished`)."""
        self.sheet.close_unfinished()
        self._sheet_cache = None
