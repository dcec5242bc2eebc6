"""Misery bridge (document 000, «МИЗЕРИ-БРИДЖ»; digest §6.5): two players, four hands.

The geometry (the best reading, docs/rules/misery-bridge.md): the two players sit opposite, player 0 at
South and player 1 at North, and deal in turn. Four hands are dealt from the dealer's left; the dealer's
left hand is the reserve, the non-dealer's left hand is his dummy (the dealer at South: West is the
reserve, East the dummy).

- The dealer may discard 1-4 cards one at a time (cards, face up at his left, seen by both all deal long)
  and then ``draw``: as many cards from the top of the reserve, unseen by his opponent. The reserve lies
  face down in its dealt order, which the shuffle made uniformly random: its top cards are a chance
  action (:class:`ReserveDraw`, ``reserve 3D KS``), as many cards drawn uniformly from the reserve, seen by
  the dealer alone.
- He then declares (:class:`MiseryCall`): a trump or no trumps (``make H``), "eight tricks" with it
  (``eight H``), or, only if he did not discard, misery (``misery``: no trumps, played to lose). No doubling.
- The reserve is set aside face down; the non-dealer lays his left hand face up as his dummy, leads first
  from his own hand and plays both his hands; a trick is three cards, clockwise, the reserve's seat skipped.
- The score (:func:`score_misery`): straight bridge's tricks and honours for a plain declaration; eight
  tricks made, the dealer's odd tricks at double value; failed, 10 to the opponent; misery, 5 a trick.
  The sheet is straight bridge's rubber kept by player (:class:`PlayerSheet`: 30 a game, two games and
  100 the rubber).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields, replace
from functools import cache
from typing import Any, ClassVar

from cardroom.core import view as tv
from cardroom.core.cards import SUIT_MASKS, Card, CardSet, cards_of_mask
from cardroom.core.deal import Deal, Draw
from cardroom.core.errors import IllegalAction, ParseError, Reason, parse_either
from cardroom.core.game import CHANCE, Action, Game
from cardroom.core.match import DrawOpening, Match
from cardroom.core.options import one_of, ranged
from cardroom.core.table import Seat, Side
from cardroom.core.tricks import Trick
from cardroom.core.view import Phase, PlayedTrick, TableView, memo
from cardroom.games.bridge.rules import DUMMY_PLAY_PHASES
from cardroom.games.oldbridge import threehanded
from cardroom.games.oldbridge.calls import MAKE_LETTERS, OldCall
from cardroom.games.oldbridge.keeper import KeptAsMisery
from cardroom.games.oldbridge.rubber import cut_order
from cardroom.games.oldbridge.rules import OldBridgeView, OldDeal
from cardroom.games.oldbridge.scoring import StraightMake, chicane_units, score_straight
from cardroom.games.oldbridge.threehanded import NeverPassedOut, PlayerEntry, PlayerSheet
from cardroom.games.oldbridge.variants import HONOURS, StraightRules
from cardroom.i18n import Where

EIGHT_VALUES = ("odd", "all")
MISERY_PENALTIES = ("each", "beyond-one")
NO_TRUMPS = 4
PLACES = (Seat.SOUTH, Seat.NORTH)
"""Where the two players sit: player 0 at South, player 1 opposite at North."""

PHASE_DEAL, PHASE_DECLARE, PHASE_DRAW, PHASE_PLAY, PHASE_OVER = 0, 1, 2, 3, 4
PHASE_NAMES = ("deal", "declare", "draw", "play", "over")
MAX_DISCARD = 4


# --------------------------------------------------------------------------------------------- the options


@dataclass(frozen=True)
class MiseryRules(threehanded.PlayerRules):
    """Misery bridge (document 000); what the variety does not state is straight bridge's (1913)."""

    # "он может записать их по двойной стоимости": "odd" doubles the value of his odd tricks (the best
    # reading); "all" scores every trick he took at double value.
    eight_tricks_value: str = one_of("odd", EIGHT_VALUES)
    # "Если ему не удается набрать все восемь взяток, его противник получает десять штрафных очков, а
    # сдатчик не получает ничего": True, the opponent's odd tricks and honours count besides, as in
    # straight bridge; False, the 10 is all he scores.
    eight_failed_opponent_scores: bool = True
    # "пять штрафных очков за каждую такую взятку": "each" trick the dealer took, or each "beyond-one".
    misery_penalty: str = one_of("each", MISERY_PENALTIES)
    # "он получает по пять очков за каждую взятку ... сверх порога в шесть взяток": written below the line
    # (trick points, toward the game) when True; above it when False.
    misery_below: bool = True
    # Not stated: straight bridge's honours, chicane and slams ("laws"), or none.
    honours: str = one_of("laws", HONOURS)
    chicane: bool = True
    slams: bool = True
    game_points: int = ranged(30, 1, 1000)  # not stated: straight bridge's game of 30
    rubber_bonus: int = 100  # not stated: straight bridge's 100 for the rubber (two games of three)
    draw_for_first_deal: bool = True  # not stated: straight bridge's cut, the lowest deals

    @property
    def straight(self) -> StraightRules:
        return _straight_rules(self)


@cache
def _straight_rules(rules: MiseryRules) -> StraightRules:
    return StraightRules(honours=rules.honours, chicane=rules.chicane, slams=rules.slams,
                         game_points=rules.game_points, rubber_bonus=rules.rubber_bonus,
                         draw_for_first_deal=rules.draw_for_first_deal)


# --------------------------------------------------------------------------------------------- the actions


_RU_WORDS = {"draw": "добор", "misery": "мизери", "eight": "восемь", "make": "назначаю"}


@dataclass(frozen=True)
class MiseryCall(Action):
    """The dealer's word: ``draw`` (after his discard), a declaration ``make H`` (a trump or NT),
    ``eight H`` ("восемь взяток" in that trump), or ``misery``."""

    word: str  # "draw", "make", "eight", "misery"
    trump: int = NO_TRUMPS  # the trump of a make or of eight tricks (Suit 0-3, 4 no trumps)

    def to_text(self) -> str:
        if self.word in ("make", "eight"):
            return f"{self.word} {MAKE_LETTERS[self.trump]}"
        return self.word

    def __str__(self) -> str:
        return self.to_text()

    def text(self, lang: str) -> str:
        if lang != "ru":
            return self.to_text()
        if self.word in ("make", "eight"):
            return f"{_RU_WORDS[self.word]} {OldCall.make(self.trump).text('ru').split()[-1]}"
        return _RU_WORDS[self.word]

    @property
    def is_declaration(self) -> bool:
        return self.word != "draw"

    @classmethod
    def parse(cls, text: str) -> MiseryCall:
        t = " ".join(text.strip().lower().split())
        words = {v: k for k, v in _RU_WORDS.items()}
        head, _, rest = t.partition(" ")
        head = words.get(head, head)
        if head in ("draw", "misery") and not rest:
            return DRAW if head == "draw" else MISERY
        if head in ("eight", "8") and rest:
            return cls("eight", _make_trump(rest, text))
        return cls("make", _make_trump(rest if head == "make" and rest else t, text))


def _make_trump(t: str, text: str) -> int:
    try:
        call = OldCall.parse("make " + t)  # a trump or no trumps ("D" alone would be a double)
    except ParseError:
        call = None
    if call is None or not call.is_make:
        raise ParseError(Reason("misery.call_expected", text=text))
    return call.made


DRAW = MiseryCall("draw")
MISERY = MiseryCall("misery")
MAKE_CALLS = tuple(MiseryCall("make", t) for t in range(5))
EIGHT_CALLS = tuple(MiseryCall("eight", t) for t in range(5))
ALL_MISERY_CALLS = (DRAW, *MAKE_CALLS, *EIGHT_CALLS, MISERY)


@dataclass(frozen=True)
class ReserveDraw(Action):
    """The chance action of the draw: the cards from the top of the reserve (``reserve 3D KS``)."""

    cards: tuple[Card, ...]

    def to_text(self) -> str:
        return "reserve " + " ".join(str(c) for c in self.cards)

    def __str__(self) -> str:
        return self.to_text()

    @property
    def mask(self) -> int:
        m = 0
        for c in self.cards:
            m |= 1 << c
        return m

    @classmethod
    def from_text(cls, text: str) -> ReserveDraw:
        return cls(tuple(Card.parse(p) for p in text.strip().split()[1:]))


# --------------------------------------------------------------------------------------------- scoring


@dataclass(frozen=True)
class MiseryMake(StraightMake):
    """A declaration of misery bridge: the trump (4 no trumps), who declared (the dealer), who plays the two
    hands (the non-dealer, ``dealer`` in straight bridge's terms), and the kind: "make", "eight", "misery"."""

    kind: str = "make"

    @property
    def trick_value(self) -> int:
        return self.base_value * (2 if self.kind == "eight" else 1)

    @property
    def text(self) -> str:
        if self.kind == "misery":
            return "misery"
        return ("8" if self.kind == "eight" else "") + MAKE_LETTERS[self.trump]

    def __str__(self) -> str:
        return f"{self.text} declared by {self.maker.letter}"

    @property
    def call(self) -> MiseryCall:
        """The dealer's declaration that made it."""
        return MISERY if self.kind == MISERY.word else MiseryCall(self.kind, self.trump)


def _by_player(entries: Sequence[Any], dealer: int, who: tuple[int, ...] = (0, 1)) -> list[PlayerEntry]:
    """Straight bridge's entries (side NS: the opponent's hands, EW: the dealer's) as the players'."""
    out = []
    for e in entries:
        p = dealer if e.side == Side.EW else 1 - dealer
        if p in who:
            out.append(PlayerEntry(p, e.points, e.below, e.kind))
    return out


def honour_entries(make: MiseryMake, won: Sequence[int], hands: Mapping[str, Sequence[int]], dealer: int,
                   rules: MiseryRules, who: tuple[int, ...] = (0, 1)) -> list[PlayerEntry]:
    """Straight bridge's honours, chicane and slams on the hands as played (``hands["dealer"]`` one hand,
    ``hands["opponent"]`` his hand and his dummy): the opponent's hands as side NS, the dealer's as EW."""
    opp, mine = hands["opponent"], hands["dealer"][0]
    sides = (won[1 - dealer], won[dealer])
    four = (opp[0], mine, opp[1], 0)  # N S of one side, E the dealer's hand; W holds nothing
    out = [e for e in score_straight(make, sides, four, replace(rules.straight, chicane=False))
           if e.kind != "tricks"]
    if rules.honours == "laws" and rules.chicane and make.trump != NO_TRUMPS:
        # chicane by the hands in play: the dealer's one hand, the opponent's two (W, no hand, is not void)
        filled = (opp[0], mine, opp[1], SUIT_MASKS[make.trump])
        from cardroom.games.bridge.scoring import Entry

        out += [Entry(side, units * make.base_value, False, "chicane") for side, units in
                chicane_units(filled, make.trump)]
    return _by_player(out, dealer, who)


def score_misery(make: MiseryMake, won: Sequence[int], hands: Mapping[str, Sequence[int]], dealer: int,
                 rules: MiseryRules) -> list[PlayerEntry]:
    """The players' entries of a deal; ``won`` is the tricks by player, ``dealer`` the dealer's number."""
    opponent = 1 - dealer
    mine, theirs = won[dealer], won[opponent]
    if make.kind == "misery":  # no trumps played to lose: no honours, no slams
        if mine > 1:
            n = mine if rules.misery_penalty == "each" else mine - 1
            return [PlayerEntry(opponent, 5 * n, False, "misery penalty")]
        return [PlayerEntry(dealer, 5 * (theirs - 6), rules.misery_below, "misery")]
    out: list[PlayerEntry] = []
    if make.kind == "eight":
        if mine >= 8:
            tricks = mine - 6 if rules.eight_tricks_value == "odd" else mine
            out.append(PlayerEntry(dealer, tricks * make.trick_value, True, "tricks"))
            return out + honour_entries(make, won, hands, dealer, rules)
        out.append(PlayerEntry(opponent, 10, False, "eight tricks penalty"))
        if not rules.eight_failed_opponent_scores:
            return out
        if theirs > 6:
            out.append(PlayerEntry(opponent, (theirs - 6) * make.base_value, True, "tricks"))
        return out + honour_entries(make, won, hands, dealer, rules, who=(opponent,))
    for p in (dealer, opponent):  # a plain declaration: whoever takes odd tricks scores them
        if won[p] > 6:
            out.append(PlayerEntry(p, (won[p] - 6) * make.base_value, True, "tricks"))
    return out + honour_entries(make, won, hands, dealer, rules)


# --------------------------------------------------------------------------------------------- the deal


@dataclass(frozen=True)
class MiseryResult(NeverPassedOut):
    """A finished deal: the dealer (a player), the hands as dealt, the discard and the draw, the declaration,
    the tricks by player, the entries."""

    dealer: int
    places: tuple[Seat, ...]
    hands: tuple[int, ...]
    discards: int
    drawn: int
    contract: MiseryMake
    won: tuple[int, int]
    tricks: tuple[Trick[Seat], ...]
    entries: tuple[PlayerEntry, ...] = field(default=())

    @property
    def declarer_tricks(self) -> int:
        return self.won[self.dealer]

    @property
    def result_text(self) -> str:
        return f"{self.contract}: {self.declarer_tricks} tricks"


def reserve_of(dealer: Seat) -> Seat:
    """The reserve: the dealer's left hand."""
    return dealer.lho


def dummy_of(dealer: Seat) -> Seat:
    """The non-dealer's dummy: his left hand (the dealer's right)."""
    return dealer.partner.lho


def _order(reserve: Seat) -> tuple[tuple[Seat, ...], ...]:
    """Each seat's trick from it as leader: clockwise, the reserve skipped (the reserve's own row unused)."""
    seats = [s for s in Seat if s != reserve]
    return tuple(tuple(seats[(seats.index(s) + i) % 3] for i in range(3)) if s != reserve else () for s in Seat)


class MiseryPlay(OldDeal):
    """The deal by compass seats (:class:`MiseryDeal` gives it its two players)."""

    kind = "misery"
    _CALL_PHASES = (PHASE_DECLARE,)  # type: ignore[assignment]  # one phase of calls: the declaration
    _PHASE_NAMES = PHASE_NAMES

    def __init__(self, game: Game, dealer: Seat, rules: MiseryRules) -> None:
        super().__init__(game, dealer)
        self.rules = rules
        self.reserve = reserve_of(self.dealer)
        self.discards = 0
        self.drawn = 0
        self.declaration: MiseryCall | None = None
        self.director = None
        self.order = _order(self.reserve)  # type: ignore[misc]  # per deal: the reserve's seat is skipped
        owner = [0, 0, 0, 0]  # the trick credit: 1 for the dealer's seat, 0 for the opponent's two hands
        owner[self.dealer] = owner[self.reserve] = 1
        self.credit = tuple(owner)

    # ----------------------------------------------------------------- turn and legal actions
    @property
    def seat_to_act(self) -> int | None:
        if self.phase == PHASE_DRAW:
            return CHANCE
        return super().to_act

    @property
    def dummy_exposed(self) -> bool:
        """The dummy is laid face up when the declaration is made, before the lead."""
        return self.phase >= PHASE_PLAY and self.dummy is not None

    def discarded(self) -> int:
        return self.discards.bit_count()

    def legal_actions(self) -> list[Any]:
        if self.phase == PHASE_DECLARE:
            out: list[Any] = []
            if not self.drawn:
                if self.discarded() < MAX_DISCARD:
                    out += cards_of_mask(self.hands[self.dealer])
                if self.discards:
                    return [*out, DRAW]
            return [*out, *MAKE_CALLS, *EIGHT_CALLS, *(() if self.drawn else (MISERY,))]
        return super().legal_actions()

    def _refusal(self, action: Any) -> Reason | None:
        """Why the dealer may not take ``action`` now (None: he may)."""
        who = self._who(self.dealer)
        if type(action) is Card:
            if self.drawn:
                return Reason("misery.discard_over", who=who)
            if not self.hands[self.dealer] >> action & 1:
                return Reason("misery.discard_not_held", who=who, card=action)
            if self.discarded() >= MAX_DISCARD:
                return Reason("misery.discard_limit", who=who, n=MAX_DISCARD)
            return None
        if not isinstance(action, MiseryCall):
            return Reason("misery.declare_now", action=action)
        if action == DRAW:
            if self.drawn:
                return Reason("misery.drawn_already", who=who)
            return None if self.discards else Reason("misery.draw_none", who=who)
        if self.discards and not self.drawn:
            return Reason("misery.draw_first", who=who)
        if action == MISERY and self.discards:
            return Reason("misery.misery_after_discard", who=who)
        return None

    def sample_chance(self, rng: random.Random) -> Any:
        if self.phase == PHASE_DRAW:
            reserve = cards_of_mask(self.hands[self.reserve])
            return ReserveDraw(tuple(rng.sample(reserve, self.discarded())))
        return super().sample_chance(rng)

    # ----------------------------------------------------------------- apply
    def _apply_plain_action(self, action: Any) -> None:
        if self.phase == PHASE_DECLARE:
            why = self._refusal(action)
            if why is not None:
                raise IllegalAction(why, seat=self.dealer, action=action)
            if type(action) is Card:
                self.hands[self.dealer] &= ~(1 << action)
                self.discards |= 1 << action
            elif action == DRAW:
                self.phase = PHASE_DRAW
            else:
                self._declare(action)
            self._history.append(action)
            return
        if self.phase == PHASE_DRAW:
            if not isinstance(action, ReserveDraw):
                raise IllegalAction(Reason("misery.draw_chance", action=action), action=action)
            m = action.mask
            if len(action.cards) != self.discarded() or m.bit_count() != len(action.cards) \
                    or m & ~self.hands[self.reserve]:
                raise IllegalAction(Reason("misery.draw_bad", n=self.discarded()), action=action)
            self.hands[self.reserve] &= ~m
            self.hands[self.dealer] |= m
            self.drawn = m
            self.phase = PHASE_DECLARE
            self._history.append(action)
            return
        super()._apply_plain_action(action)

    def _declare(self, call: MiseryCall) -> None:
        self.declaration = call
        self.calls.append((self.dealer, OldCall.make(call.trump)))
        # the non-dealer plays his hand and his dummy, leads first; the trick skips the reserve
        self.declarer = self.dealer.partner
        self.dummy = dummy_of(self.dealer)
        self.trump = None if call.trump == NO_TRUMPS else call.trump
        self.phase = PHASE_PLAY
        self.leader = self.next_seat = self.declarer
        self.after = tuple(o[1] if o else s for s, o in zip(Seat, self.order, strict=True))
        self.trick_size = 3
        self.in_play = (self.hands[self.declarer], self.hands[self.dealer], self.hands[self.dummy])

    def parse_action(self, text: str) -> Any:
        t = text.strip()
        low = t.lower()
        if low.startswith("deal "):
            return Deal.from_text(t)
        if low.startswith("reserve "):
            return ReserveDraw.from_text(t)
        if self.phase == PHASE_DECLARE:
            return parse_either(t, Card.parse, MiseryCall.parse)
        if self.phase == PHASE_PLAY:
            return Card.parse(t)
        return parse_either(t, MiseryCall.parse, Card.parse)

    def where(self) -> Where:
        if self.phase in (PHASE_DECLARE, PHASE_DRAW):
            return Where("discard" if not self.drawn and self.declaration is None else "declare")
        return super().where()

    # ----------------------------------------------------------------- results and views
    def contract_of(self) -> MiseryMake | None:
        c = self.declaration
        if c is None:
            return None
        return MiseryMake(c.trump, self.dealer, self.dealer.partner, 0, c.word)

    def pending_contract(self) -> MiseryMake | None:
        return self.contract_of()

    def take_contract(self, contract: Any) -> None:
        """Declare ``contract`` (a :class:`MiseryCall`) on the hands as played (no discard is told), a word
        that is no declaration refused as in play: for :meth:`told`."""
        call: MiseryCall = contract
        self.phase = PHASE_DECLARE
        why = self._refusal(call) if call.is_declaration else Reason("misery.declare_now", action=call)
        if why is not None:
            raise IllegalAction(why, seat=self.dealer, action=call)
        self.hands = list(self.original)
        self._declare(call)

    def hands_in_play(self) -> dict[str, tuple[int, ...]]:
        ours, mine, dummy = self.in_play
        return {"dealer": (mine,), "opponent": (ours, dummy)}

    def face_up_mask(self) -> int:
        return self.discards

    def card_places(self) -> Mapping[str, int]:
        places = dict(super().card_places())
        if self.phase != PHASE_DEAL:
            places["discards"] = self.discards
        return places

    def view(self, seat: int) -> MiseryView:
        v = super().view(seat)
        return MiseryView(**{**{f.name: getattr(v, f.name) for f in fields(v)}, "phase": PHASE_NAMES[self.phase]},
                          discards=self.discards, drawn=self.drawn if Seat(seat) == self.dealer else 0,
                          declaration=None if self.declaration is None else self.declaration.to_text(),
                          reserve=self.reserve, reserve_count=self.hands[self.reserve].bit_count()
                          if self.phase != PHASE_DEAL else 13, order=self.order)

    def snapshot(self) -> Mapping[str, Any]:
        return {**super().snapshot(), "discards": self.discards, "drawn": self.drawn,
                "declaration": self.declaration}


class MiseryDeal(threehanded.PlayerSeats, MiseryPlay):
    """One deal of misery bridge: the two players (0, 1) at their seats (:data:`PLACES`)."""

    def __init__(self, game: Game, dealer: int, rules: MiseryRules) -> None:
        self.places = PLACES
        self.dealer_player = dealer
        self.misery = rules
        super().__init__(game, PLACES[dealer], rules)

    @property
    def seat_to_act(self) -> int | None:
        return MiseryPlay.seat_to_act.fget(self)  # type: ignore[attr-defined, no-any-return]

    def result(self) -> MiseryResult:  # type: ignore[override]
        if self.phase != PHASE_OVER:
            raise IllegalAction(Reason("bridge.not_over"))
        make = self.contract_of()
        assert make is not None
        won = (self.won[0], self.won[1]) if self.dealer_player == 1 else (self.won[1], self.won[0])
        entries = score_misery(make, won, self.hands_in_play(), self.dealer_player, self.misery)
        return MiseryResult(self.dealer_player, self.places, self.original, self.discards, self.drawn, make, won,
                            tuple(self.tricks), tuple(entries))

    def snapshot(self) -> Mapping[str, Any]:
        return {**super().snapshot(), "places": self.places}


@dataclass(frozen=True)
class MiseryView(OldBridgeView):
    """A seat's view of a misery-bridge deal: the old bridges' view with the discards (face up), the cards
    the dealer drew (his view only), the declaration and the reserve's seat (its cards never shown)."""

    search_adapter: ClassVar[str] = "cardroom.games.oldbridge.search:MISERY_ADAPTER"

    discards: int = 0
    drawn: int = 0
    declaration: str | None = None
    reserve: Seat = Seat.WEST
    reserve_count: int = 13
    order: tuple[tuple[Seat, ...], ...] = ()

    def shown_mask(self) -> int:
        return super().shown_mask() | self.discards | self.drawn

    @property
    def won_by_player(self) -> tuple[int, int]:
        """The tricks each player took (his two hands together for the dealer's opponent)."""
        opponent, dealer = self.won[0], self.won[1]
        return (dealer, opponent) if PLACES.index(self.dealer) == 0 else (opponent, dealer)

    def trick_in_order(self) -> tuple[tuple[Seat, Card], ...]:
        """The trick in progress as (seat, card), the reserve's seat skipped."""
        return tuple(zip(self.order[self.trick_leader], self.trick, strict=False))

    @property
    def played_to_lose(self) -> bool:
        """Whether the deal is misery (no trumps, the dealer playing to lose tricks)."""
        return self.declaration == MISERY.to_text()

    @memo
    def table(self) -> TableView:
        lw = self.phase if self.phase not in ("declare", "draw") else "auction"  # the old bridges' table
        base: TableView = OldBridgeView.table.func(replace(self, phase=lw))  # type: ignore[attr-defined]
        tricks = tuple(PlayedTrick(int(t.leader), tuple((int(s), c) for s, c in t.plays), int(t.winner))
                       for t in self.tricks)
        trick = tuple((int(s), c) for s, c in self.trick_in_order())
        opened = (("discard", self.discards),) if self.discards else ()  # the label the room draws: "Discard"
        return replace(base, trick=trick, tricks=tricks, won=tv.won_by_seat(4, tricks),
                       open=base.open + opened, step=self.phase, phase=_PHASES[self.phase])

    def to_dict(self) -> dict[str, Any]:
        d = super().to_dict()
        d["discards"] = [str(c) for c in cards_of_mask(self.discards)]
        d["drawn"] = [str(c) for c in cards_of_mask(self.drawn)]
        d["declaration"] = self.declaration
        d["reserve"] = {"seat": self.reserve.letter, "cards": self.reserve_count}
        d["won_by_player"] = {str(p + 1): n for p, n in enumerate(self.won_by_player)}
        if self.phase == "declare" and any(type(a) is Card for a in self.legal):
            d["cards_with_calls"] = True  # the legal cards are discards, the rest calls (the room's hand)
        return d


_PHASES = {**DUMMY_PLAY_PHASES, "declare": Phase.AUCTION, "draw": Phase.DISCARD}
"""The table's phases: the old bridges', the declaration (with the discard before it) a call as straight
bridge's make is, the draw from the reserve a discard's."""


# --------------------------------------------------------------------------------------------- the match


def _lowest_of_two(draw: Draw) -> int:
    """Straight bridge's cut: the lower card deals first (Law 14's order of the cut)."""
    return cut_order(draw.cards)[0]


@dataclass
class MiserySheet(PlayerSheet):
    """The rubber kept by player, a column for each of the two."""

    players: ClassVar[int] = 2


class MiseryMatch(threehanded.PlayerRubber, Match[MiseryDeal, MiseryResult, PlayerSheet, threehanded.PlayerMatchView]):
    """A rubber of two players: the cut, then deals (the deal passing to the other player) until one of
    them has won two games."""

    deal: MiseryDeal | None
    dealer: int

    def __init__(self, game: Game, rules: MiseryRules) -> None:
        self.rules = rules
        self.places = PLACES
        super().__init__(game, MiserySheet(rules.game_points, 0, rules.rubber_bonus), 0,
                         DrawOpening(_lowest_of_two, seats=2, where_key="the_cut", rule="the cut for the deal"),
                         opening_due=rules.draw_for_first_deal)

    def new_deal(self) -> MiseryDeal:
        return MiseryDeal(self.game, self.dealer, self.rules)

    def next_dealer(self, result: MiseryResult) -> int:
        return 1 - result.dealer

    def dealt_hands(self, deal: Any) -> dict[int, int]:
        """The four hands as dealt (the reserve's before the draw, the dealer's before his discard)."""
        return dict(enumerate(deal.original))

    def deal_summary(self, number: int, result: MiseryResult) -> dict[str, Any]:
        return {"deal": number, "dealer": result.dealer + 1, "kind": "misery",
                "seats": [s.letter for s in result.places], "contract": result.contract.text,
                "declarer": f"player {result.dealer + 1}", "tricks": result.declarer_tricks,
                "discards": [str(c) for c in cards_of_mask(result.discards)],
                "drawn": [str(c) for c in cards_of_mask(result.drawn)],
                "won": {"1": result.won[0], "2": result.won[1]}, "entries": [e.to_dict() for e in result.entries]}


# --------------------------------------------------------------------------------------------- the game


class MiseryBridge(KeptAsMisery, threehanded.ThreePlayerBridge):
    """Misery bridge (document 000, «МИЗЕРИ-БРИДЖ»): two players, a reserve hand and a dummy."""

    name: ClassVar[str] = "misery-bridge"
    aliases: ClassVar[tuple[str, ...]] = ("misery", "мизери-бридж", "мизери")
    title: ClassVar[Mapping[str, str]] = {"en": "Misery bridge", "ru": "Мизери-бридж"}
    num_seats = 2
    rule_bot_path: ClassVar[str] = "cardroom.bots.misery:MiseryBot"
    analysis_path: ClassVar[str] = ""  # the open-hand analysis plays four hands to a trick
    review_path: ClassVar[str] = "cardroom.games.oldbridge.review:MISERY"  # three hands in play, misery to lose

    rules_class = MiseryRules
    match_class = MiseryMatch
    rules: MiseryRules

    @classmethod
    def configurations(cls) -> list[dict[str, Any]]:
        return [{}, {"misery_penalty": "beyond-one", "eight_tricks_value": "all", "honours": "none",
                     "eight_failed_opponent_scores": False, "misery_below": False}]

    def action_universe(self) -> list[Any]:
        return [*super().action_universe(), *ALL_MISERY_CALLS]


__all__ = ["ALL_MISERY_CALLS", "DRAW", "EIGHT_CALLS", "MAKE_CALLS", "MISERY", "CardSet", "MiseryBridge",
           "MiseryCall", "MiseryDeal", "MiseryMake", "MiseryMatch", "MiseryResult", "MiseryRules", "MiseryView",
           "ReserveDraw", "score_misery"]
