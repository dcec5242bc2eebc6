"""Contract bridge, one deal: the auction and the play (document 001 §3–§5).

The dealer calls first; calls go clockwise; the auction ends when three players pass in
succession after a call (a passed-out deal if all four pass). Declarer is the first player of
the declaring side to name the final strain. The player on declarer's left leads; dummy is
exposed after the opening lead and declarer plays its cards. Players follow suit if they can;
the highest trump, or else the highest card of the suit led, wins; the winner leads next.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from cardroom.core import view as tv
from cardroom.core.cards import SUIT_MASKS, Card, CardSet, cards_of_mask, cards_of_suit_mask
from cardroom.core.deal import Deal
from cardroom.core.errors import IllegalAction, ParseError
from cardroom.core.game import CHANCE, State, View
from cardroom.core.table import Seat, Side
from cardroom.core.tricks import natural_winner
from cardroom.core.view import LawsState, Phase, PlayedTrick, TableView, memo
from cardroom.games.bridge.calls import BIDS, DOUBLE, PASS, REDOUBLE, Call, Strain
from cardroom.games.bridge.scoring import Contract, Entry, score_deal
from cardroom.games.bridge.variants import BridgeRules
from cardroom.i18n import Where

if TYPE_CHECKING:
    from cardroom.games.bridge.game import ContractBridge
    from cardroom.games.bridge.laws import Director
    from cardroom.games.oldbridge.rules import OldBridgeView

PHASE_DEAL, PHASE_AUCTION, PHASE_PLAY, PHASE_OVER = 0, 1, 2, 3
_SEATS = tuple(Seat)


@dataclass(frozen=True)
class Trick:
    leader: Seat
    cards: tuple[Card, ...]
    winner: Seat

    def seats(self) -> list[Seat]:
        return [self.leader.next(i) for i in range(len(self.cards))]


class PlayTable(Protocol):
    """What the play with dummy keeps: the hands, the trick in progress and the tricks played."""

    hands: list[int]
    played: int
    trick: list[Card]
    trump: int | None
    leader: Seat
    tricks: list[Trick]
    won: list[int]
    next_seat: Seat


def legal_cards(hand: int, trick: Sequence[Card]) -> list[Card]:
    """The cards ``hand`` may play to ``trick``: one of the suit led if it holds any, else any card."""
    if trick:
        led = trick[0] // 13
        if hand & SUIT_MASKS[led]:
            return list(cards_of_suit_mask(hand, led))
    return cards_of_mask(hand)


def enter_card(table: PlayTable, card: Card) -> bool:
    """Play ``card`` from the hand of ``next_seat`` (already found acceptable); a fourth card closes the
    trick and its winner leads. True when that closes the thirteenth trick."""
    seat = table.next_seat
    table.hands[seat] &= ~(1 << card)
    table.played |= 1 << card
    table.trick.append(card)
    if len(table.trick) == 4:
        w = natural_winner(table.trick, table.trump)
        winner = table.leader.next(w)
        table.tricks.append(Trick(table.leader, tuple(table.trick), winner))
        table.won[winner & 1] += 1
        table.trick = []
        table.leader = winner
        table.next_seat = winner
        return len(table.tricks) == 13
    table.next_seat = seat.lho
    return False


def table_card_places(hands: Sequence[int], trick: Sequence[Card], played: int) -> dict[str, int]:
    """Where the cards are once dealt: the four hands, the trick in progress, the quitted tricks."""
    places = {f"hand:{s.letter}": hands[s] for s in Seat}
    t = 0
    for c in trick:
        t |= 1 << c
    places["trick"] = t
    places["quitted"] = played & ~t
    return places


@dataclass(frozen=True)
class DealResult:
    """A finished deal: the contract (None if passed out) and tricks taken by declarer's side."""

    dealer: Seat
    vulnerable: tuple[bool, bool]
    hands: tuple[int, ...]
    calls: tuple[Call, ...]
    contract: Contract | None
    declarer_tricks: int
    tricks: tuple[Trick, ...]
    entries: tuple[Entry, ...] = field(default=())

    @property
    def passed_out(self) -> bool:
        return self.contract is None

    @property
    def result_text(self) -> str:
        if self.contract is None:
            return "passed out"
        diff = self.declarer_tricks - self.contract.tricks_required
        return f"{self.contract} {'=' if diff == 0 else f'{diff:+d}'}"


def play_shown_mask(held: int, trick: Sequence[Card], tricks: Sequence[Trick], legal: Sequence[Any]) -> int:
    """The cards a view of the play shows: ``held`` (hands seen), the trick, the tricks played, the
    legal cards."""
    m = held
    for c in trick:
        m |= 1 << c
    for t in tricks:
        for c in t.cards:
            m |= 1 << c
    for a in legal:
        if type(a) is Card:
            m |= 1 << a
    return m


def play_dict(trick_leader: Seat, trick: Sequence[Card], tricks: Sequence[Trick], won: tuple[int, int],
              to_act: int | None, hand_to_play: Seat | None, legal: Sequence[str]) -> dict[str, Any]:
    """The play part of a view as a dict (the trick, the tricks, the turn, the legal actions' texts)."""
    return {
        "trick": {"leader": trick_leader.letter, "cards": [str(c) for c in trick]},
        "tricks": [{"leader": t.leader.letter, "cards": [str(c) for c in t.cards], "winner": t.winner.letter}
                   for t in tricks],
        "won": {"NS": won[0], "EW": won[1]},
        "to_act": None if to_act is None or to_act < 0 else Seat(to_act).letter,
        "hand_to_play": None if hand_to_play is None else hand_to_play.letter,
        "legal": list(legal),
    }


class DealWithDummy(State):
    """What one deal of the bridges shares: the deal of 13 cards each, the turn, the play with dummy.

    A subclass names its phases (``_DEAL``, ``_CALL_PHASES``, ``_PLAY``, ``_OVER``) and its call type
    (``_CALL_TYPE``), and provides :meth:`_call` and :meth:`_play`.
    """

    _DEAL = PHASE_DEAL
    _CALL_PHASES: tuple[int, ...] = (PHASE_AUCTION,)
    _PLAY = PHASE_PLAY
    _OVER = PHASE_OVER
    _CALL_TYPE: type = Call
    _DEAL_LAW = ""

    dealer: Seat
    phase: int
    original: tuple[int, ...]
    hands: list[int]
    declarer: Seat | None
    dummy: Seat | None
    trump: int | None
    trick: list[Card]
    leader: Seat
    tricks: list[Trick]
    won: list[int]
    played: int
    next_seat: Seat
    _history: list[Any]

    @property
    def to_act(self) -> int | None:
        if self.phase == self._PLAY:
            s = self.next_seat
            return self.declarer if s == self.dummy else s
        if self.phase in self._CALL_PHASES:
            return self.next_seat
        if self.phase == self._DEAL:
            return CHANCE
        return None

    @property
    def hand_to_play(self) -> Seat | None:
        """The hand whose card is to be played (dummy's when declarer plays from dummy)."""
        return self.next_seat if self.phase == self._PLAY else None

    @property
    def is_over(self) -> bool:
        return self.phase == self._OVER

    @property
    def history(self) -> Sequence[Any]:
        return self._history

    def sample_chance(self, rng: random.Random) -> Deal:
        if self.phase != self._DEAL:
            raise IllegalAction("no chance action now: the cards are already dealt")
        # one card at a time, beginning with the player on the dealer's left (doc 001 §3.3; Law 35/37(a))
        return Deal.random(rng, first=self.dealer.lho)

    def _apply_plain_action(self, action: Any) -> None:
        """Apply a card, a call or the deal, as the phase asks, and record it."""
        phase = self.phase
        if phase == self._PLAY:
            if type(action) is not Card:
                raise IllegalAction(f"a card is to be played now, not {action!r}", action=action)
            self._play(action)
        elif phase in self._CALL_PHASES:
            if type(action) is not self._CALL_TYPE:
                raise IllegalAction(f"a call is to be made now, not {action!r}", action=action)
            self._call(action)
        elif phase == self._DEAL:
            if not isinstance(action, Deal):
                raise IllegalAction(f"the cards must be dealt first, not {action!r}", action=action)
            self._deal(action)
        else:
            raise IllegalAction(f"the deal is over; {action} cannot be applied", action=action)
        self._history.append(action)

    def _deal(self, deal: Deal) -> None:
        if len(deal.hands) != 4 or any(h.bit_count() != 13 for h in deal.hands) or not deal.is_full_pack:
            raise IllegalAction("a bridge deal gives 13 cards to each of four hands from one 52-card pack"
                                + self._DEAL_LAW, action=deal)
        self.original = tuple(deal.hands)
        self.hands = list(deal.hands)
        self.phase = self._CALL_PHASES[0]
        self.next_seat = self.dealer

    def _call(self, call: Any) -> None:
        raise NotImplementedError

    def _play(self, card: Card) -> None:
        raise NotImplementedError

    def card_places(self) -> Mapping[str, int]:
        if self.phase == self._DEAL:
            return {"pack": (1 << 52) - 1}
        return table_card_places(self.hands, self.trick, self.played)


class BridgeDeal(DealWithDummy):
    """One deal of contract bridge, from the shuffle to the last trick."""

    game: ContractBridge

    def __init__(self, game: ContractBridge, dealer: Seat = Seat.NORTH,
                 vulnerable: tuple[bool, bool] = (False, False), rules: BridgeRules | None = None) -> None:
        self.game = game
        self.rules = rules if rules is not None else game.rules
        self.dealer = Seat(dealer)
        self.vulnerable = (bool(vulnerable[0]), bool(vulnerable[1]))
        self._history: list[Any] = []
        self.phase = PHASE_DEAL
        self.original: tuple[int, ...] = (0, 0, 0, 0)
        self.hands: list[int] = [0, 0, 0, 0]
        self.calls: list[Call] = []
        self.last_bid: Call | None = None
        self.last_bid_seat: Seat | None = None
        self.doubling = 0
        self.doubler: Seat | None = None
        self.passes = 0
        self.first_namer: dict[tuple[int, int], Seat] = {}
        self.contract: Contract | None = None
        self.declarer: Seat | None = None
        self.dummy: Seat | None = None
        self.trump: int | None = None
        self.trick: list[Card] = []
        self.leader: Seat = self.dealer
        self.tricks: list[Trick] = []
        self.won = [0, 0]
        self.played = 0
        self.next_seat: Seat = self.dealer
        # laws mode (document 002): the director's state; None in casual play
        self.laws: Director | None = None
        if self.rules.laws:
            from cardroom.games.bridge.laws import Director

            self.laws = Director()

    # ----------------------------------------------------------------- protocol
    @property
    def to_act(self) -> int | None:
        if self.laws is not None and self.laws.pending is not None:
            return Seat(self.laws.pending.chooser) if self.laws.pending.chooser is not None else None
        return super().to_act

    @property
    def dummy_exposed(self) -> bool:
        return self.phase >= PHASE_PLAY and (len(self.tricks) > 0 or len(self.trick) > 0)

    def legal_actions(self) -> list[Any]:
        if self.laws is not None:
            from cardroom.games.bridge import laws as lawplay

            return lawplay.legal_actions(self)
        if self.phase == PHASE_PLAY:
            return legal_cards(self.hands[self.next_seat], self.trick)
        if self.phase == PHASE_AUCTION:
            return self.legal_calls()
        return []

    def legal_calls(self) -> list[Call]:
        seat = self.next_seat
        out = [PASS]
        lb = self.last_bid
        if lb is not None and self.last_bid_seat is not None:
            side_bid = self.last_bid_seat.side
            if self.doubling == 0 and side_bid != seat.side:
                out.append(DOUBLE)
            elif self.doubling == 1 and side_bid == seat.side:
                out.append(REDOUBLE)
        start = 0 if lb is None else lb - BIDS[0] + 1
        bids = BIDS[start:]
        r = self.rules
        if r.nt_minimum_level > 1:
            bids = tuple(b for b in bids if b.strain is not Strain.NOTRUMP or b.level >= r.nt_minimum_level)
        if (r.partner_overbid_only_after_opponents_pass and self.last_bid_seat == seat.partner
                and not self._opponents_passed_since_partner()):
            bids = ()
        out.extend(bids)
        return out

    def _opponents_passed_since_partner(self) -> bool:
        # Reading of doc 001 §4.5 "when both opponents have said pass": the latest call of each
        # opponent (if he has called) is a pass.
        n = len(self.calls)
        # calls[-1] is RHO's latest call; RHO's and LHO's calls before that are 4 apart
        rho_last = self.calls[-1] if n >= 1 else PASS
        lho_last = self.calls[-3] if n >= 3 else PASS
        return rho_last == PASS and lho_last == PASS

    def apply(self, action: Any) -> None:
        if self.laws is not None:
            from cardroom.games.bridge import laws as lawplay

            # raises, state unchanged, if illegal; a call or card over an irregularity records its acceptance
            self._history.extend(lawplay.apply(self, action))
            return
        self._apply_plain_action(action)

    # ----------------------------------------------------------------- phases
    def _call(self, call: Call) -> None:
        seat = self.next_seat
        if call == PASS:
            pass
        elif call >= BIDS[0]:
            if self.last_bid is not None and call <= self.last_bid:
                raise IllegalAction(f"{seat} bid {call}, which is not higher than {self.last_bid}",
                                    seat=seat, action=call)
            r = self.rules
            if (r.nt_minimum_level > 1 or r.partner_overbid_only_after_opponents_pass) and \
                    call not in self.legal_calls():
                raise IllegalAction(f"{seat} may not bid {call} under the rules in force", seat=seat, action=call)
        elif call == DOUBLE:
            if self.last_bid is None or self.last_bid_seat is None:
                raise IllegalAction(f"{seat} doubled, but there is no bid to double", seat=seat, action=call)
            if self.last_bid_seat.side == seat.side:
                raise IllegalAction(f"{seat} doubled his own side's bid {self.last_bid}", seat=seat, action=call)
            if self.doubling:
                raise IllegalAction(f"{seat} doubled {self.last_bid}, which is already doubled", seat=seat,
                                    action=call)
        else:  # redouble
            if self.doubling != 1 or self.last_bid_seat is None:
                raise IllegalAction(f"{seat} redoubled, but the last bid is not doubled", seat=seat, action=call)
            if self.last_bid_seat.side != seat.side:
                raise IllegalAction(f"{seat} redoubled the opponents' bid; only the doubled side may redouble",
                                    seat=seat, action=call)
        self._enter_call(seat, call)

    def _enter_call(self, seat: Seat, call: Call) -> None:
        """Enter a call already found acceptable, by ``seat``, and move the turn on."""
        self.calls.append(call)
        if call == PASS:
            self.passes += 1
        else:
            self.passes = 0
            if call >= BIDS[0]:
                self.last_bid = call
                self.last_bid_seat = seat
                self.doubling = 0
                self.doubler = None
                key = (seat.side, call.strain)
                if key not in self.first_namer:
                    self.first_namer[key] = seat
            elif call == DOUBLE:
                self.doubling = 1
                self.doubler = seat
            else:
                self.doubling = 2
        self.next_seat = seat.lho
        if self.laws is not None:
            from cardroom.games.bridge import laws as lawplay

            lawplay.on_call(self, seat, call)
            held = lawplay.hold_open(self)
            if held is not None:  # L14: an accepted illegal pass does not close the auction
                self.next_seat = held
                return
        if self.last_bid is None:
            if self.passes >= 4:
                self.phase = PHASE_OVER  # passed out: the next dealer deals again
        elif self.passes >= 3:
            assert self.last_bid_seat is not None
            strain = self.last_bid.strain
            declarer = self.first_namer[(self.last_bid_seat.side, strain)]
            self.contract = Contract(self.last_bid.level, strain, self.doubling, declarer)
            self.declarer = declarer
            self.dummy = declarer.partner
            self.trump = strain.trump
            self.phase = PHASE_PLAY
            self.leader = declarer.lho
            self.next_seat = self.leader
            if self.laws is not None:
                from cardroom.games.bridge import laws as lawplay

                lawplay.on_auction_end(self)

    def _play(self, card: Card) -> None:
        seat = self.next_seat
        hand = self.hands[seat]
        if not hand >> card & 1:
            who = f"{seat} (dummy)" if seat == self.dummy else str(seat)
            if self.played >> card & 1:
                raise IllegalAction(f"{card} was already played; {who} cannot play it again", seat=seat,
                                    action=card)
            raise IllegalAction(f"{who} does not hold {card}", seat=seat, action=card)
        if self.trick:
            led = self.trick[0] // 13
            if card // 13 != led and hand & SUIT_MASKS[led]:
                raise IllegalAction(
                    f"{seat} must follow suit: {self.trick[0].suit.name.lower()} were led and {seat} holds "
                    f"{CardSet(hand & SUIT_MASKS[led])}, but played {card} (a revoke)", seat=seat, action=card)
        self._enter_card(card)

    def _enter_card(self, card: Card) -> None:
        """Play ``card`` from the hand of ``next_seat`` (already found acceptable) and move on."""
        seat = self.next_seat
        was_lead = not self.trick
        if enter_card(self, card):
            self.phase = PHASE_OVER
        if self.laws is not None:
            from cardroom.games.bridge import laws as lawplay

            lawplay.on_card(self, seat, card, was_lead)

    # ----------------------------------------------------------------- results
    @property
    def declarer_tricks(self) -> int:
        return self.won[self.declarer & 1] if self.declarer is not None else 0

    def result(self) -> DealResult:
        if self.phase != PHASE_OVER:
            raise IllegalAction("the deal is not over")
        entries: tuple[Entry, ...] = ()
        if self.contract is not None:
            vul = self.vulnerable[self.contract.side]
            entries = tuple(score_deal(self.contract, self.declarer_tricks, vul, self.rules.scoring, self.original))
        return DealResult(self.dealer, self.vulnerable, self.original, tuple(self.calls), self.contract,
                          self.declarer_tricks, tuple(self.tricks), entries)

    # ----------------------------------------------------------------- views
    def visible_mask(self, seat: int) -> int:
        if self.phase == PHASE_DEAL:
            return 0
        m = self.hands[seat] | self.played
        if self.dummy is not None and self.dummy_exposed:
            m |= self.hands[self.dummy]
        if self.laws is not None:
            m |= self.laws.face_up_mask()
        return m

    def view(self, seat: int) -> BridgeView:
        s = Seat(seat)
        exposed = self.dummy is not None and self.dummy_exposed
        to_act = self.to_act
        return BridgeView(
            seat=s,
            dealer=self.dealer,
            vulnerable=self.vulnerable,
            phase=("deal", "auction", "play", "over")[self.phase],
            hand=self.hands[s] if self.phase != PHASE_DEAL else 0,
            dummy=self.dummy,
            dummy_hand=self.hands[self.dummy] if exposed and self.dummy is not None else None,
            calls=tuple(self.calls),
            contract=self.contract,
            trick_leader=self.leader,
            trick=tuple(self.trick),
            tricks=tuple(self.tricks),
            won=(self.won[0], self.won[1]),
            to_act=to_act,
            hand_to_play=self.hand_to_play,
            legal=tuple(self.legal_actions()) if to_act == s else (),
            **({} if self.laws is None else self.laws.view_fields(self)),
        )

    def snapshot(self) -> Mapping[str, Any]:
        return {
            "dealer": self.dealer, "vulnerable": self.vulnerable, "phase": self.phase,
            "original": self.original, "hands": tuple(self.hands), "calls": tuple(self.calls),
            "contract": self.contract, "trick": tuple(self.trick), "leader": self.leader,
            "tricks": tuple(self.tricks), "won": tuple(self.won), "next": self.next_seat,
            "history": tuple(self._history),
            **({} if self.laws is None else {"laws": self.laws.snapshot()}),
        }

    def where(self) -> Where:
        if self.phase == PHASE_DEAL:
            return Where("the_deal")
        if self.phase == PHASE_AUCTION:
            return Where("auction") + Where("call_n", n=len(self.calls) + 1)
        return Where("trick_n", n=min(len(self.tricks) + 1, 13))

    def parse_action(self, text: str) -> Any:
        t = text.strip()
        if self.laws is not None:
            from cardroom.games.bridge import laws as lawplay

            law_action = lawplay.parse_law_action(t)
            if law_action is not None:
                return law_action
        if t.lower().startswith("deal "):
            return Deal.from_text(t)
        if self.phase == PHASE_AUCTION:
            return Call.parse(t)
        if self.phase == PHASE_PLAY:
            return Card.parse(t)
        try:
            return Call.parse(t)
        except ParseError:
            return Card.parse(t)

    def clone(self) -> BridgeDeal:
        new = object.__new__(BridgeDeal)
        new.__dict__.update(self.__dict__)
        new._history = list(self._history)
        new.hands = list(self.hands)
        new.calls = list(self.calls)
        new.first_namer = dict(self.first_namer)
        new.trick = list(self.trick)
        new.tricks = list(self.tricks)
        new.won = list(self.won)
        if self.laws is not None:
            new.laws = self.laws.clone()
        return new


DUMMY_PLAY_PHASES: Mapping[str, Phase] = {"deal": Phase.DEAL, "auction": Phase.AUCTION, "doubling": Phase.AUCTION,
                                          "play": Phase.PLAY, "over": Phase.DEAL_OVER}
"""The common phases of the bridges' own phase names (contract, auction and straight bridge)."""


def dummy_play_table(v: BridgeView | OldBridgeView, declarer: Seat | None, trump: int | None,
                     laws: LawsState | None, ruling: object) -> TableView:
    """The :class:`TableView` of a bridge deal's view (contract, auction or straight bridge): four hands,
    dummy faced after the opening lead and played by declarer, tricks counted by side."""
    me = int(v.seat)
    hands = {me: v.hand} if v.phase != "deal" else {}
    if v.dummy is not None and v.dummy_hand is not None:
        hands[int(v.dummy)] = v.dummy_hand
    tricks = tv.tricks_of(v.tricks, lambda t: PlayedTrick(int(t.leader), tv.trick_in_order(int(t.leader), t.cards),
                                                       int(t.winner)))
    plays_for = (me,) if v.dummy is None or declarer != v.seat else (me, int(v.dummy))
    return TableView(
        seat=me, seats=4, phase=tv.phase_of(v.phase, ruling, DUMMY_PLAY_PHASES), step=v.phase, dealer=int(v.dealer),
        to_act=None if v.to_act is None or v.to_act < 0 else v.to_act,
        hand_to_play=None if v.hand_to_play is None else int(v.hand_to_play), plays_for=plays_for, hands=hands,
        dummy=None if v.dummy is None else int(v.dummy), declarer=None if declarer is None else int(declarer),
        trump=trump, leader=int(v.trick_leader), trick=tv.trick_in_order(int(v.trick_leader), v.trick),
        tricks=tricks, won=tv.won_by_seat(4, tricks), side_won=v.won, legal=tv.action_texts(v.legal), laws=laws)


@dataclass(frozen=True)
class BridgeView(View):
    """What one seat sees of a bridge deal: own hand, dummy once exposed, the auction, the tricks."""

    search_adapter: ClassVar[str] = "cardroom.games.bridge.search:ADAPTER"
    """The search bot's adapter for this game (:class:`cardroom.bots.sampling.SearchAdapter`)."""

    seat: Seat
    dealer: Seat
    vulnerable: tuple[bool, bool]
    phase: str
    hand: int
    dummy: Seat | None
    dummy_hand: int | None
    calls: tuple[Call, ...]
    contract: Contract | None
    trick_leader: Seat
    trick: tuple[Card, ...]
    tricks: tuple[Trick, ...]
    won: tuple[int, int]
    to_act: int | None
    hand_to_play: Seat | None
    legal: tuple[Any, ...]
    # laws mode only (document 002): the pending ruling, cards face up (penalty cards, exposed in the
    # auction, a claimer's faced hand), the restrictions in force and the irregularities so far
    laws: bool = False
    ruling: dict[str, Any] | None = None
    face_up: tuple[int, int, int, int] = (0, 0, 0, 0)
    restrictions: tuple[str, ...] = ()
    irregularities: tuple[str, ...] = ()

    def shown_mask(self) -> int:
        m = self.hand | (self.dummy_hand or 0)
        for f in self.face_up:
            m |= f
        return play_shown_mask(m, self.trick, self.tricks, self.legal)

    @property
    def side(self) -> Side:
        return self.seat.side

    @memo
    def table(self) -> TableView:
        """The common table view (:mod:`cardroom.core.view`)."""
        c = self.contract
        laws = None if not self.laws else LawsState(
            self.ruling, LawsState.by_seat(self.face_up), (), self.restrictions, self.irregularities)
        return dummy_play_table(self, None if c is None else c.declarer, None if c is None else c.strain.trump,
                                laws, self.ruling)

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat.letter,
            "dealer": self.dealer.letter,
            "vulnerable": {"NS": self.vulnerable[0], "EW": self.vulnerable[1]},
            "phase": self.phase,
            "hand": [str(c) for c in cards_of_mask(self.hand)],
            "dummy": self.dummy.letter if self.dummy is not None else None,
            "dummy_hand": None if self.dummy_hand is None else [str(c) for c in cards_of_mask(self.dummy_hand)],
            "auction": [str(c) for c in self.calls],
            "contract": None if self.contract is None else self.contract.text,
            "declarer": None if self.contract is None else self.contract.declarer.letter,
            **play_dict(self.trick_leader, self.trick, self.tricks, self.won, self.to_act, self.hand_to_play,
                        self.table.legal),
            **({} if not self.laws else {"laws": {
                "ruling": self.ruling,
                "face_up": {Seat(i).letter: [str(c) for c in cards_of_mask(m)] for i, m in enumerate(self.face_up)
                            if m},
                "restrictions": list(self.restrictions),
                "irregularities": list(self.irregularities)}}),
            "table": self.table.to_dict(),
        }
