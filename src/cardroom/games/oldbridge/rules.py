"""One deal of auction bridge or straight bridge (document 000): the deal, the auction or the
make and doubling, the play with dummy.

Seats are the compass seats of the engine; the document's letters are relative to the dealer:
Z is the dealer, A his left (the eldest hand), Y his partner, B his right (the pone).

Auction bridge: the dealer calls first; calls go to the left; a bid must outrank the last bid
(Law 3 values: a higher total value, or with ``equal_value_more_tricks`` the same value in more
tricks, or no trumps over nullo at the same level); the opponents of the last bidder may double,
his side redouble; three passes after a bid end the auction. The player on the declarer's left
leads; the declarer's partner is dummy, exposed after the opening lead and played by the declarer.

Straight bridge: the dealer names the trump or no trumps, or leaves it to his partner ("Я
оставляю это вам, партнер"), who must name; the eldest hand A may double or ask "may I lead?"
(``Pass``), then the pone B may double or say "yes" (``Pass``); after a double the maker may
redouble (``XX``) or pass, then his partner; after a redouble the first doubler may double again,
then his partner, and so on while the limit allows. A leads; the dealer's partner Y is always
dummy and the dealer plays both hands.

Canonical action texts: ``deal …`` (chance), bids ``1H`` ``2RS`` ``3NL`` ``2NT``, ``Pass``, ``X``,
``XX``, ``make H``, ``leave``, and cards ``AS``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from cardroom.core.cards import SUIT_MASKS, Card, CardSet, Suit, cards_of_mask
from cardroom.core.deal import Deal
from cardroom.core.errors import IllegalAction, ParseError
from cardroom.core.game import Action, Game, View
from cardroom.core.table import Seat, Side
from cardroom.core.view import LawsState, TableView, memo
from cardroom.games.bridge.rules import (
    DealWithDummy,
    Trick,
    dummy_play_table,
    enter_card,
    legal_cards,
    play_dict,
    play_shown_mask,
)
from cardroom.games.bridge.scoring import Entry
from cardroom.games.oldbridge.calls import (
    BIDS,
    DOUBLE,
    LEAVE,
    MAKE_LETTERS,
    MAKES,
    PASS,
    REDOUBLE,
    STRAIGHT_VALUE,
    Denom,
    OldCall,
)
from cardroom.games.oldbridge.scoring import AuctionContract, StraightMake, score_auction, score_straight
from cardroom.games.oldbridge.variants import AuctionRules, StraightRules
from cardroom.i18n import Where

if TYPE_CHECKING:
    from cardroom.core.laws import Irregular, Irregularity, RulingChoice
    from cardroom.games.oldbridge.laws import StraightDirector

PHASE_DEAL, PHASE_CALLS, PHASE_DOUBLING, PHASE_PLAY, PHASE_OVER = 0, 1, 2, 3, 4
PHASE_NAMES = ("deal", "auction", "doubling", "play", "over")


def document_letter(seat: Seat, dealer: Seat) -> str:
    """The document's letter of ``seat`` when ``dealer`` deals: Z, A, Y, B clockwise from the dealer."""
    return "ZAYB"[(seat - dealer) & 3]


def outranks(new: OldCall, old: OldCall, equal_value_more_tricks: bool) -> bool:
    """Whether bid ``new`` is sufficient over ``old`` (Law 3 values; see the module docstring)."""
    if new.value != old.value:
        return new.value > old.value
    if new.level != old.level:
        return equal_value_more_tricks and new.level > old.level
    return new.denom > old.denom  # the same level and value: no trumps over nullo


@dataclass(frozen=True)
class OldDealResult:
    """A finished deal: what was played for and what it scored."""

    game: str  # "auction" or "straight"
    dealer: Seat
    hands: tuple[int, ...]
    calls: tuple[tuple[Seat, OldCall], ...]
    contract: AuctionContract | StraightMake | None  # None: four passes (auction, dealer may pass)
    won: tuple[int, int]  # tricks by side NS, EW
    tricks: tuple[Trick, ...]
    entries: tuple[Entry, ...] = field(default=())
    void: bool = False  # a new deal by the same dealer (laws mode)
    revokes: tuple[int, ...] = ()  # the revoking side of each revoke (laws mode, B-9)

    @property
    def passed_out(self) -> bool:
        return self.contract is None

    @property
    def declarer_tricks(self) -> int:
        if self.contract is None:
            return 0
        seat = self.contract.declarer if isinstance(self.contract, AuctionContract) else self.contract.dealer
        return self.won[seat.side]

    @property
    def result_text(self) -> str:
        if self.void:
            return "a new deal"
        if self.contract is None:
            return "passed out"
        return f"{self.contract}: {self.declarer_tricks} tricks"


class OldDeal(DealWithDummy):
    """Common to both games: the deal, the play with dummy, the views."""

    kind = ""
    director: StraightDirector | None  # laws mode: the director's state; None in casual play
    _DEAL = PHASE_DEAL
    _CALL_PHASES = (PHASE_CALLS, PHASE_DOUBLING)
    _PLAY = PHASE_PLAY
    _OVER = PHASE_OVER
    _CALL_TYPE = OldCall
    _DEAL_LAW = " (Law 35)"

    def __init__(self, game: Game, dealer: Seat) -> None:
        self.game = game
        self.dealer = Seat(dealer)
        self._history: list[Any] = []
        self.phase = PHASE_DEAL
        self.original: tuple[int, ...] = (0, 0, 0, 0)
        self.hands: list[int] = [0, 0, 0, 0]
        self.calls: list[tuple[Seat, OldCall]] = []
        self.declarer: Seat | None = None  # who plays the two hands
        self.dummy: Seat | None = None
        self.trump: int | None = None
        self.trick: list[Card] = []
        self.leader: Seat = self.dealer
        self.tricks: list[Trick] = []
        self.won = [0, 0]
        self.played = 0
        self.next_seat: Seat = self.dealer

    # ----------------------------------------------------------------- protocol
    @property
    def dummy_exposed(self) -> bool:
        return self.phase >= PHASE_PLAY and self.dummy is not None and (len(self.tricks) > 0 or len(self.trick) > 0)

    @property
    def to_act(self) -> int | None:
        d = self.director
        if d is not None and d.pending is not None:
            return d.pending.chooser
        return super().to_act

    def legal_actions(self) -> list[Any]:
        d = self.director
        if d is not None and d.pending is not None:
            return list(d.pending.actions())
        if self.phase == PHASE_PLAY:
            return legal_cards(self.hands[self.next_seat], self.trick)
        if self.phase in (PHASE_CALLS, PHASE_DOUBLING):
            return list(self.legal_calls())
        return []

    def legal_calls(self) -> list[OldCall]:
        raise NotImplementedError

    def apply(self, action: Any) -> None:
        if self.director is None:
            self._apply_plain_action(action)
        else:
            self._apply_on_trial(action)

    def _apply_laws(self, action: Any) -> None:
        """Laws mode: apply ``action`` to this state (a trial copy); raise if it is not allowed."""
        raise NotImplementedError

    def _apply_on_trial(self, action: Any) -> None:
        """Laws mode: apply ``action`` to a copy first, so that an illegal one leaves this state unchanged."""
        trial = self.clone()
        assert isinstance(trial, OldDeal)
        trial._apply_laws(action)  # raises, leaving this state unchanged
        history = self._history
        self.__dict__.update(trial.__dict__)
        self._history = history
        self._history.append(action)

    def _apply_plain(self, action: Any) -> None:
        """Laws mode: an ordinary call or card, then what follows it (the caller records it)."""
        self._apply_plain_action(action)
        self._history.pop()  # _apply_plain_action appended it; the caller appends
        self._after_action()

    def _call(self, call: OldCall) -> None:
        raise NotImplementedError

    def _start_play(self, declarer: Seat, trump: int | None) -> None:
        self.declarer = declarer
        self.dummy = declarer.partner
        self.trump = trump
        self.phase = PHASE_PLAY
        self.leader = declarer.lho
        self.next_seat = self.leader

    def _who(self, seat: Seat) -> str:
        return f"{seat} ({document_letter(seat, self.dealer)})"

    def _play(self, card: Card) -> None:
        seat = self.next_seat
        hand = self.hands[seat]
        if not hand >> card & 1:
            who = f"{self._who(seat)}, dummy," if seat == self.dummy else self._who(seat)
            if self.played >> card & 1:
                raise IllegalAction(f"{card} was already played; {who} cannot play it again ({self.position()})",
                                    seat=seat, action=card)
            raise IllegalAction(f"{who} does not hold {card} ({self.position()})", seat=seat, action=card)
        if self.trick:
            led = self.trick[0] // 13
            if card // 13 != led and hand & SUIT_MASKS[led]:
                raise IllegalAction(
                    f"{self._who(seat)} must follow suit: {self.trick[0].suit.name.lower()} were led and he holds "
                    f"{CardSet(hand & SUIT_MASKS[led])}, but played {card} (a revoke, {self.position()})",
                    seat=seat, action=card)
        if enter_card(self, card):
            self.phase = PHASE_OVER

    def _enter(self, card: Card) -> None:
        """Play ``card`` from ``next_seat``'s hand without the follow-suit check (a revoke accepted)."""
        if enter_card(self, card):
            self.phase = PHASE_OVER
        self._after_action()

    def _after_action(self) -> None:
        """Laws mode: what follows an action (penalties spent, the end-of-deal rulings)."""

    # ----------------------------------------------------------------- results
    def contract_of(self) -> AuctionContract | StraightMake | None:
        raise NotImplementedError

    def entries(self) -> list[Entry]:
        raise NotImplementedError

    def result(self) -> OldDealResult:
        if self.phase != PHASE_OVER:
            raise IllegalAction("the deal is not over")
        contract = self.contract_of()
        void, revokes = self.law_outcome()
        if void:
            return OldDealResult(self.kind, self.dealer, self.original, tuple(self.calls), None, (0, 0),
                                 tuple(self.tricks), (), True, ())
        entries = tuple(self.entries()) if contract is not None else ()
        return OldDealResult(self.kind, self.dealer, self.original, tuple(self.calls), contract,
                             (self.won[0], self.won[1]), tuple(self.tricks), entries, False, revokes)

    def law_outcome(self) -> tuple[bool, tuple[int, ...]]:
        """(void, revoking sides) in laws mode; (False, ()) otherwise."""
        return False, ()

    # ----------------------------------------------------------------- views
    def visible_mask(self, seat: int) -> int:
        if self.phase == PHASE_DEAL:
            return 0
        m = self.hands[seat] | self.played | self.face_up_mask()
        if self.dummy is not None and self.dummy_exposed:
            m |= self.hands[self.dummy]
        return m

    def view(self, seat: int) -> OldBridgeView:
        s = Seat(seat)
        exposed = self.dummy_exposed
        to_act = self.to_act
        contract = self.contract_of() if self.phase >= PHASE_PLAY else self.pending_contract()
        return OldBridgeView(
            seat=s,
            kind=self.kind,
            dealer=self.dealer,
            phase=PHASE_NAMES[self.phase],
            hand=self.hands[s] if self.phase != PHASE_DEAL else 0,
            declarer=self.declarer,
            dummy=self.dummy,
            dummy_hand=self.hands[self.dummy] if exposed and self.dummy is not None else None,
            calls=tuple(self.calls),
            contract=contract,
            trump=self.trump,
            trick_leader=self.leader,
            trick=tuple(self.trick),
            tricks=tuple(self.tricks),
            won=(self.won[0], self.won[1]),
            to_act=to_act,
            hand_to_play=self.hand_to_play,
            legal=tuple(self.legal_actions()) if to_act == s else (),
            laws=self.laws_view(),
            face_up=self.face_up_mask(),
        )

    def laws_view(self) -> dict[str, Any] | None:
        return None

    def face_up_mask(self) -> int:
        return 0

    def pending_contract(self) -> AuctionContract | StraightMake | None:
        return None

    def snapshot(self) -> Mapping[str, Any]:
        return {
            "dealer": self.dealer, "phase": self.phase, "original": self.original, "hands": tuple(self.hands),
            "calls": tuple(self.calls), "contract": self.contract_of() if self.phase >= PHASE_PLAY else None,
            "trick": tuple(self.trick), "leader": self.leader, "tricks": tuple(self.tricks),
            "won": tuple(self.won), "next": self.next_seat, "history": tuple(self._history),
        }

    def where(self) -> Where:
        if self.phase == PHASE_DEAL:
            return Where("the_deal")
        if self.phase in (PHASE_CALLS, PHASE_DOUBLING):
            return Where(PHASE_NAMES[self.phase]) + Where("call_n", n=len(self.calls) + 1)
        return Where("trick_n", n=min(len(self.tricks) + 1, 13))

    def parse_action(self, text: str) -> Any:
        t = text.strip()
        if t.lower().startswith("deal "):
            return Deal.from_text(t)
        if t.startswith("!") or t.lower().startswith(("ruling ", "решение ")):
            from cardroom.games.oldbridge.laws import parse_law_action

            law_action = parse_law_action(t)
            assert law_action is not None
            return law_action
        if self.phase in (PHASE_CALLS, PHASE_DOUBLING):
            return OldCall.parse(t)
        if self.phase == PHASE_PLAY:
            return Card.parse(t)
        try:
            return OldCall.parse(t)
        except ParseError:
            return Card.parse(t)

    def action_text(self, action: Any) -> str:
        return action.to_text() if isinstance(action, Action) else str(action)

    def _copy_into(self, new: OldDeal) -> None:
        new.__dict__.update(self.__dict__)
        new._history = list(self._history)
        new.hands = list(self.hands)
        new.calls = list(self.calls)
        new.trick = list(self.trick)
        new.tricks = list(self.tricks)
        new.won = list(self.won)


class AuctionDeal(OldDeal):
    """One deal of auction bridge (American Laws of Bridge, 1913)."""

    kind = "auction"

    def __init__(self, game: Game, dealer: Seat, rules: AuctionRules) -> None:
        super().__init__(game, dealer)
        self.rules = rules
        self.last_bid: OldCall | None = None
        self.last_bid_seat: Seat | None = None
        self.doubling = 0
        self.passes = 0
        self.first_namer: dict[tuple[int, int], Seat] = {}
        self.contract: AuctionContract | None = None
        self.director: StraightDirector | None = None
        if rules.laws:
            from cardroom.games.oldbridge.laws import StraightDirector

            self.director = StraightDirector()

    # ----------------------------------------------------------------- laws mode: revokes only
    def _apply_laws(self, action: Any) -> None:
        from cardroom.core.laws import Irregular, Irregularity, RulingChoice

        d = self.director
        assert d is not None
        if d.pending is not None:
            if not isinstance(action, RulingChoice) or action.law != d.pending.law.number:
                raise IllegalAction(f"a ruling under law {d.pending.law.number} is pending: "
                                    f"{Seat(d.pending.chooser or 0)} chooses "
                                    f"({', '.join(o.name for o in d.pending.options)})", action=action)
            d.pending.option(action.option)
            side = int(d.context["side"])
            d.context = {**{k: v for k, v in d.context.items() if k != "side"}, f"choice-{side}": action.option}
            d.pending = None
            self._after_action()
            return
        if isinstance(action, RulingChoice):
            raise IllegalAction(f"no ruling is pending; {action.to_text()} cannot be applied", action=action)
        if isinstance(action, Irregular):
            seat = Seat(action.seat)
            who = self._who(seat)
            text = action.text.strip()
            try:
                card = Card.parse(text)
            except ParseError:
                raise IllegalAction(f"{who}: {text!r}: in auction bridge's laws mode only a revoke ('!{seat.letter} "
                                    "CARD') is ruled on", seat=seat, action=action) from None
            if self.phase != PHASE_PLAY or seat != self.next_seat or not self.trick:
                raise IllegalAction(f"{who} playing {card} now is no revoke (only a card that fails to follow "
                                    "suit, in turn, is ruled on)", seat=seat, action=action)
            hand = self.hands[seat]
            led = self.trick[0] // 13
            if not hand >> card & 1:
                raise IllegalAction(f"{who} does not hold {card}", seat=seat, action=action)
            if card // 13 == led or not hand & SUIT_MASKS[led]:
                raise IllegalAction(f"{who} may simply play {card}: it is no revoke", seat=seat, action=action)
            if seat == self.dummy:
                raise IllegalAction("the dummy cannot revoke: the declarer must play a card of the suit led from "
                                    "the dummy", seat=seat, action=action)
            d.irregularities.append(Irregularity("revoke", int(seat), f"{who} did not follow suit",
                                                 len(self.tricks) + 1, action.to_text()))
            d.revokes.append((int(seat.side), len(self.tricks) + 1))
            self._enter(card)
            return
        self._apply_plain(action)

    def _after_action(self) -> None:
        d = self.director
        if d is None or len(self.tricks) < 13 or not d.revokes or self.contract is None:
            return
        from cardroom.core.laws import Irregularity
        from cardroom.games.oldbridge.laws import AUCTION_TABLE

        c = self.contract
        for side in sorted({s for s, _ in d.revokes}):
            if f"choice-{side}" in d.context:
                continue
            if c.nullo and side == c.side:
                d.context[f"choice-{side}"] = "100-penalty"  # automatic, N-REV-D
                continue
            law = "N-REV" if c.nullo else "A-REV"
            chooser = c.declarer if c.nullo else (self.dealer if self.dealer.side != side else self.dealer.lho)
            n = sum(1 for s, _ in d.revokes if s == side)
            first = next(i.offender for i in d.irregularities if Seat(i.offender).side == side)
            irr = Irregularity("revoke", first, f"{n} revoke(s) by side {Side(side).name}")
            d.pending = AUCTION_TABLE.ruling(irr, chooser=int(chooser), entitled=(int(chooser), int(chooser.partner)),
                                             law=law, lapses="at the end of the deal")
            d.context["side"] = side
            self.phase = PHASE_PLAY  # not over until the penalty is chosen
            return
        self.phase = PHASE_OVER

    def law_outcome(self) -> tuple[bool, tuple[int, ...]]:
        d = self.director
        return (False, ()) if d is None else (False, tuple(s for s, _ in d.revokes))

    def laws_view(self) -> dict[str, Any] | None:
        return None if self.director is None else self.director.view_fields()

    def _bid_allowed(self, b: OldCall) -> bool:
        d = b.denom
        if d is Denom.ROYAL and not self.rules.royal_spades:
            return False
        return not (d is Denom.NULLO and not self.rules.nullo)

    def legal_calls(self) -> list[OldCall]:
        if self.phase != PHASE_CALLS:
            return []
        seat = self.next_seat
        out: list[OldCall] = []
        lb = self.last_bid
        if not (self.rules.dealer_must_bid and lb is None):
            out.append(PASS)
        if lb is not None and self.last_bid_seat is not None and self.doubling < self.rules.max_doublings:
            bidder_side = self.last_bid_seat.side
            if self.doubling % 2 == 0 and bidder_side != seat.side:
                out.append(DOUBLE)
            elif self.doubling % 2 == 1 and bidder_side == seat.side:
                out.append(REDOUBLE)
        emvt = self.rules.equal_value_more_tricks
        out.extend(b for b in BIDS if self._bid_allowed(b) and (lb is None or outranks(b, lb, emvt)))
        return out

    def _call(self, call: OldCall) -> None:
        if self.phase != PHASE_CALLS:
            raise IllegalAction(f"no call now: {call}", action=call)
        seat = self.next_seat
        who = self._who(seat)
        lb = self.last_bid
        if call == PASS:
            if self.rules.dealer_must_bid and lb is None:
                raise IllegalAction(f"{who} is the dealer and must open the auction with a bid "
                                    "(dealer_must_bid)", seat=seat, action=call)
        elif call.is_bid:
            if not self._bid_allowed(call):
                what = "royal spades are" if call.denom is Denom.ROYAL else "nullo is"
                raise IllegalAction(f"{who} bid {call}, but {what} not played at this table", seat=seat,
                                    action=call)
            if lb is not None and not outranks(call, lb, self.rules.equal_value_more_tricks):
                raise IllegalAction(
                    f"{who} bid {call} (value {call.value}), which does not outrank {lb} (value {lb.value}): "
                    f"an insufficient bid (Law 3 values)", seat=seat, action=call)
        elif call in (DOUBLE, REDOUBLE):
            if lb is None or self.last_bid_seat is None:
                raise IllegalAction(f"{who} doubled, but there is no bid to double", seat=seat, action=call)
            if call == DOUBLE and (self.doubling % 2 == 1 or self.last_bid_seat.side == seat.side):
                raise IllegalAction(f"{who} may not double now: only the opponents of the last bidder may double "
                                    "a bid not yet doubled", seat=seat, action=call)
            if call == REDOUBLE and (self.doubling % 2 == 0 or self.last_bid_seat.side != seat.side):
                raise IllegalAction(f"{who} may not redouble now: only the doubled side may redouble",
                                    seat=seat, action=call)
            if self.doubling >= self.rules.max_doublings:
                raise IllegalAction(f"{who} may not double again: the limit is {self.rules.max_doublings} doublings",
                                    seat=seat, action=call)
        else:
            raise IllegalAction(f"{call} is a straight-bridge declaration, not an auction call", seat=seat,
                                action=call)
        # accepted
        self.calls.append((seat, call))
        if call == PASS:
            self.passes += 1
        else:
            self.passes = 0
            if call.is_bid:
                self.last_bid, self.last_bid_seat, self.doubling = call, seat, 0
                self.first_namer.setdefault((seat.side, call.denom), seat)
            else:
                self.doubling += 1
        self.next_seat = seat.lho
        if self.last_bid is None:
            if self.passes == 4:
                self.phase = PHASE_OVER
        elif self.passes == 3:
            assert self.last_bid_seat is not None
            bid = self.last_bid
            if self.rules.declarer_rule == "first-to-name":
                declarer = self.first_namer[(self.last_bid_seat.side, bid.denom)]
            else:
                declarer = self.last_bid_seat
            self.contract = AuctionContract(bid.level, bid.denom, self.doubling, declarer)
            self._start_play(declarer, bid.denom.trump)

    def contract_of(self) -> AuctionContract | None:
        return self.contract

    def pending_contract(self) -> AuctionContract | None:
        if self.last_bid is None or self.last_bid_seat is None:
            return None
        return AuctionContract(self.last_bid.level, self.last_bid.denom, self.doubling, self.last_bid_seat)

    def entries(self) -> list[Entry]:
        c = self.contract
        assert c is not None
        d = self.director
        tricks = self.won[c.side]
        if d is None or not d.revokes:
            return score_auction(c, tricks, self.original, self.rules)
        extra: list[Entry] = []
        won = list(self.won)
        for side in sorted({s for s, _ in d.revokes}):
            n = sum(1 for s, _ in d.revokes if s == side)
            other = 1 - side
            choice = d.context.get(f"choice-{side}", "three-tricks")
            if choice in ("100-in-honours", "100-penalty"):
                extra.append(Entry(Side(other), 100 * n, False, "revoke"))
            elif choice == "give-three-tricks":  # the nullo declarer gives three of his tricks away
                moved = min(3 * n, won[other])
                won[other] -= moved
                won[side] += moved
            else:
                moved = min(3 * n, won[side])
                won[side] -= moved
                won[other] += moved
        revoking = frozenset(s for s, _ in d.revokes)
        return score_auction(c, won[c.side], self.original, self.rules, slam_tricks=tricks,
                             no_slam=revoking) + extra

    def snapshot(self) -> Mapping[str, Any]:
        snap = dict(super().snapshot())
        if self.director is not None:
            snap["laws"] = self.director.snapshot()
        return snap

    def face_up_mask(self) -> int:
        return 0

    def clone(self) -> AuctionDeal:
        new = object.__new__(AuctionDeal)
        self._copy_into(new)
        new.first_namer = dict(self.first_namer)
        if self.director is not None:
            new.director = self.director.clone()
        return new


class StraightDeal(OldDeal):
    """One deal of straight bridge: the make, the doubling, the play (document 000).

    In laws mode (``StraightRules.laws``) the deal also accepts irregular actions (``!W 8D``,
    ``!N make H``, ``!E X``, ``!E expose KH``, ``!E ask``) and rules on them by laws B-1 to B-16
    (games/oldbridge/laws.py); the chooser's decision is a ``ruling B-4 cancel`` action."""

    kind = "straight"

    def __init__(self, game: Game, dealer: Seat, rules: StraightRules) -> None:
        super().__init__(game, dealer)
        self.rules = rules
        self.make_trump: int | None = None
        self.maker: Seat | None = None
        self.doubling = 0
        self.first_doubler: Seat | None = None
        self.last_doubler: Seat | None = None
        self.queue: list[Seat] = []  # who may still double/redouble in the current round
        self.director: StraightDirector | None = None
        if rules.laws:
            from cardroom.games.oldbridge.laws import StraightDirector

            self.director = StraightDirector(revoke_how="tricks")

    @property
    def base_value(self) -> int:
        return STRAIGHT_VALUE[self.make_trump] if self.make_trump is not None else 0

    def may_double_again(self) -> bool:
        v = self.base_value << self.doubling
        return v < 100 if self.rules.doubling_limit == "below-100" else v * 2 <= 100

    # ----------------------------------------------------------------- turn and legal actions
    def legal_actions(self) -> list[Any]:
        d = self.director
        if d is not None and d.pending is not None:
            return list(d.pending.actions())
        base = super().legal_actions()
        if d is None or self.phase != PHASE_PLAY:
            return base
        from cardroom.core.laws import penalty_card_plays, restrict_lead

        seat = self.next_seat
        if not self.trick and seat.side != self.dealer.side and d.restriction is not None \
                and d.restriction.seat in (-1, int(seat)):
            base = restrict_lead(base, d.restriction, lambda c: c // 13)
        exposed = d.exposed.get(int(seat), 0)
        if exposed:
            base = penalty_card_plays(base, [c for c in base if exposed >> c & 1])
        return base

    def legal_calls(self) -> list[OldCall]:
        if self.phase == PHASE_CALLS:
            left = any(c == LEAVE for _, c in self.calls)
            return list(MAKES) if left else [*MAKES, LEAVE]
        if self.phase == PHASE_DOUBLING:
            seat = self.next_seat
            assert self.maker is not None
            if self.director is not None and int(seat) in self.director.barred:
                return [PASS]  # B-11: the partner of a player who exposed a card may not double
            return [PASS, REDOUBLE if seat.side == self.maker.side else DOUBLE]
        return []

    # ----------------------------------------------------------------- apply
    def _apply_laws(self, action: Any) -> None:
        from cardroom.core.laws import Irregular, RulingChoice

        d = self.director
        assert d is not None
        if d.pending is not None:
            if not isinstance(action, RulingChoice):
                raise IllegalAction(f"a ruling under law {d.pending.law.number} is pending: "
                                    f"{Seat(d.pending.chooser or 0)} chooses "
                                    f"({', '.join(o.name for o in d.pending.options)})", action=action)
            self._choose(action)
            return
        if isinstance(action, RulingChoice):
            raise IllegalAction(f"no ruling is pending; {action.to_text()} cannot be applied", action=action)
        if isinstance(action, Irregular):
            self._irregular(action)
            return
        if self.phase == PHASE_PLAY and type(action) is Card and action not in self.legal_actions():
            hand = self.hands[self.next_seat]
            led = self.trick[0] // 13 if self.trick else None
            if hand >> action & 1 and led is not None and action // 13 != led and hand & SUIT_MASKS[led]:
                raise IllegalAction(f"{self._who(self.next_seat)} must follow suit: {Suit(led).name.lower()} were "
                                    f"led and he holds {CardSet(hand & SUIT_MASKS[led])}; in laws mode a revoke is "
                                    f"played as '!{self.next_seat.letter} {action}'", action=action)
            if hand >> action & 1:
                raise IllegalAction(f"{self._who(self.next_seat)} may not play {action} now: "
                                    f"{self._restriction_text()} (laws mode: a revoke is played as '!SEAT CARD')",
                                    action=action)
        self._apply_plain(action)

    def _restriction_text(self) -> str:
        d = self.director
        assert d is not None
        parts = []
        if d.restriction is not None:
            parts.append(f"the lead must {'be' if d.restriction.mode == 'require' else 'not be'} a "
                         f"{'CDHS'[d.restriction.suit]} ({d.restriction.law})")
        if d.exposed.get(int(self.next_seat)):
            parts.append(f"an exposed card must be played: {CardSet(d.exposed[int(self.next_seat)])}")
        return "; ".join(parts) or "a card of the suit led must be played"

    def _after_action(self) -> None:
        """Clear spent penalties; at the end, the revoke ruling (England) or the end of the deal."""
        d = self.director
        assert d is not None
        for s, m in list(d.exposed.items()):
            m &= self.hands[s]
            if m:
                d.exposed[s] = m
            else:
                del d.exposed[s]
        d.seen &= ~self.played
        if self.phase == PHASE_OVER and d.revokes and self.rules.revoke_penalty == "england" \
                and "revoke" not in d.context:
            from cardroom.core.laws import Irregularity
            from cardroom.games.oldbridge.laws import STRAIGHT_TABLE

            offender = d.revokes[0][0]
            chooser = self.dealer.lho if offender == self.dealer.side else self.dealer
            irr = Irregularity("revoke", int(chooser.lho), f"{len(d.revokes)} revoke(s) by side "
                               f"{Side(offender).name}", None)
            d.pending = STRAIGHT_TABLE.ruling(irr, chooser=int(chooser), entitled=(int(chooser), int(chooser.partner)),
                                              lapses="at the end of the deal")
            d.context = {"revoke": True}
            self.phase = PHASE_PLAY  # not over until the penalty is chosen

    def _start_play(self, declarer: Seat, trump: int | None) -> None:
        super()._start_play(declarer, trump)
        d = self.director
        if d is not None and d.early_lead is not None:
            card = d.early_lead
            d.early_lead = None
            self._play(card)  # B-7: the eldest hand's lead stands

    # ----------------------------------------------------------------- irregular actions
    def _note(self, kind: str, seat: Seat, action: Any, detail: str) -> Irregularity:
        from cardroom.core.laws import Irregularity

        assert self.director is not None
        irr = Irregularity(kind, int(seat), detail, len(self.tricks) + 1 if self.phase == PHASE_PLAY else None,
                           action.to_text())
        self.director.irregularities.append(irr)
        return irr

    def _rule(self, irr: Irregularity, chooser: Seat, entitled: Sequence[Seat], context: dict[str, Any],
              offered: Sequence[str] | None = None) -> None:
        from cardroom.games.oldbridge.laws import STRAIGHT_TABLE

        assert self.director is not None
        self.director.pending = STRAIGHT_TABLE.ruling(irr, chooser=int(chooser),
                                                      entitled=tuple(int(x) for x in entitled), offered=offered)
        self.director.context = context

    def _irregular(self, action: Irregular) -> None:
        seat = Seat(action.seat)
        word, arg = action.word, action.arg
        d = self.director
        assert d is not None
        who = self._who(seat)
        a_seat, b_seat, y_seat = self.dealer.lho, self.dealer.rho, self.dealer.partner
        if self.phase == PHASE_DEAL or self.phase == PHASE_OVER:
            raise IllegalAction(f"no irregularity can be ruled on now ({self.position()})", action=action)
        if word == "expose":
            card = _card_arg(arg, action)
            if not self.hands[seat] >> card & 1:
                raise IllegalAction(f"{who} does not hold {card}", seat=seat, action=action)
            if self.phase == PHASE_CALLS and seat.side == self.dealer.side:
                irr = self._note("exposed-before-make", seat, action, f"{who} exposed a card before the make")
                d.seen |= 1 << card
                self._rule(irr, a_seat, (a_seat, b_seat), {"kind": "B-10"})
                return
            if self.phase in (PHASE_CALLS, PHASE_DOUBLING) or (self.phase == PHASE_PLAY and not self.tricks
                                                                 and not self.trick):
                self._note("exposed-before-lead", seat, action, f"{who} exposed a card before the opening lead")
                d.barred.add(int(seat.partner))  # B-11
                if seat == b_seat:
                    irr = self._note("pone-exposed-before-lead", seat, action, f"the pone {who} exposed a card")
                    self._rule(irr, self.dealer, (self.dealer,), {"kind": "B-12", "card": int(card)})
                else:
                    d.seen |= 1 << card
                return
            if self.phase == PHASE_PLAY and seat.side != self.dealer.side:
                self._note("exposed-in-play", seat, action, f"{who} exposed a card during the play")
                d.exposed[int(seat)] = d.exposed.get(int(seat), 0) | 1 << card  # B-13
                return
            raise IllegalAction(f"{who} may expose his cards without penalty (the dealer's side in the play)",
                                seat=seat, action=action)
        if word == "ask":
            if self.phase == PHASE_DOUBLING and seat == b_seat and self.next_seat == a_seat:
                self._note("pone-asks", seat, action, "the pone asked the eldest hand \"May I lead?\"")  # B-8
                return
            raise IllegalAction(f"{who} asking now is no irregularity the laws rule on", seat=seat, action=action)
        if self.phase == PHASE_CALLS:
            call = _call_arg(action.text, action)
            left = any(c == LEAVE for _, c in self.calls)
            if seat == y_seat and not left and call.is_make:
                irr = self._note("make-unasked", seat, action, f"{who} named {call} before being asked")
                self._rule(irr, a_seat, (a_seat, b_seat), {"kind": "B-1", "make": int(call)})
                return
            if seat == y_seat and left and call == LEAVE:
                irr = self._note("make-passed-back", seat, action, f"{who} passed the make back")
                self._rule(irr, a_seat, (a_seat, b_seat), {"kind": "B-2"})
                return
            if seat.side != self.dealer.side and (call.is_make or call == LEAVE):
                irr = self._note("make-by-opponent", seat, action, f"{who}, an opponent of the dealer, named {call}")
                self._rule(irr, self.dealer, (self.dealer,), {"kind": "B-3"})
                return
            raise IllegalAction(f"{who}: {action.text!r} is no irregularity the laws of straight bridge rule on "
                                "(make it as a regular call)", seat=seat, action=action)
        if self.phase == PHASE_DOUBLING:
            assert self.maker is not None
            first_round = self.doubling == 0 and self.next_seat == a_seat and self.queue == [a_seat, b_seat]
            text = action.text.strip()
            if seat == a_seat and first_round and _is_card(text):
                card = Card.parse(text)
                if not self.hands[seat] >> card & 1:
                    raise IllegalAction(f"{who} does not hold {card}", seat=seat, action=action)
                irr = self._note("lead-without-asking", seat, action, f"{who} led without asking his partner")
                d.early_lead = card
                self._rule(irr, self.maker, (self.maker,), {"kind": "B-7"})
                return
            call = _call_arg(text, action)
            if seat == b_seat and call == DOUBLE and first_round:
                irr = self._note("double-before-asked", seat, action, f"the pone {who} doubled before being asked")
                self._rule(irr, self.maker, (self.maker,), {"kind": "B-4"})
                return
            if seat.side == self.maker.side and call == REDOUBLE and self.doubling % 2 == 1 \
                    and self.next_seat != seat and self.may_double_again():
                doubled = self.last_doubler or a_seat
                irr = self._note("redouble-out-of-turn", seat, action, f"{who} redoubled out of turn")
                self._rule(irr, doubled, (doubled,), {"kind": "B-5", "seat": int(seat)})
                return
            raise IllegalAction(f"{who}: {text!r} is no irregularity the laws of straight bridge rule on now",
                                seat=seat, action=action)
        # the play
        text = action.text.strip()
        if not _is_card(text):
            raise IllegalAction(f"{who}: {text!r} is not a card; in the play an irregular action is a card",
                                seat=seat, action=action)
        card = Card.parse(text)
        if not self.hands[seat] >> card & 1:
            raise IllegalAction(f"{who} does not hold {card}", seat=seat, action=action)
        if seat == self.next_seat:
            led = self.trick[0] // 13 if self.trick else None
            if led is None or card // 13 == led or not self.hands[seat] & SUIT_MASKS[led]:
                raise IllegalAction(f"{who} may simply play {card}: it is no irregularity", seat=seat, action=action)
            if seat == self.dummy:
                raise IllegalAction("the dummy cannot revoke (law B-9): the dealer must play a card of the suit "
                                    "led from the dummy", seat=seat, action=action)
            self._note("revoke", seat, action, f"{who} did not follow suit")
            d.revokes.append((int(seat.side), len(self.tricks) + 1))
            self._enter(card)
            return
        if not self.trick and seat.side != self.dealer.side:
            irr = self._note("lead-out-of-turn", seat, action, f"{who} led out of turn")
            d.seen |= 1 << card
            self._rule(irr, self.dealer, (self.dealer,), {"kind": "B-15", "seat": int(seat), "card": int(card)})
            return
        if not self.trick and seat.side == self.dealer.side and self.next_seat.side == self.dealer.side:
            self._note("dealer-lead-out-of-turn", seat, action, f"the dealer led from the wrong hand ({who})")
            self.leader = seat  # B-16: no penalty; the lead stands
            self.next_seat = seat
            self._enter(card)
            return
        raise IllegalAction(f"{who} playing {card} now is no irregularity the laws of straight bridge rule on",
                            seat=seat, action=action)

    def _choose(self, choice: RulingChoice) -> None:
        from cardroom.core.laws import FORBID, REQUIRE, LeadRestriction

        d = self.director
        assert d is not None and d.pending is not None
        ruling = d.pending
        if choice.law != ruling.law.number:
            raise IllegalAction(f"the pending ruling is under law {ruling.law.number}, not {choice.law}",
                                action=choice)
        ruling.option(choice.option)  # raises CardroomError for an unknown option
        ctx = d.context
        o = choice.option
        d.pending = None
        d.context = {}
        kind = ctx.get("kind")
        if ctx.get("revoke"):
            d.revoke_how = o
            d.context = {"revoke": True, "chosen": o}
            self.phase = PHASE_OVER
            return
        if o == "new-deal":
            d.void = True
            self.phase = PHASE_OVER
            return
        if kind == "B-1":
            if o == "stands":
                y = self.dealer.partner
                self.calls.append((y, OldCall(ctx["make"])))
                self._made(y, OldCall(ctx["make"]))
        elif kind == "B-2":
            pass  # "offender-makes": the dealer's partner must name the trump (he is to act)
        elif kind == "B-3" or kind == "B-10":
            pass  # waive
        elif kind == "B-4":
            if o == "stands":
                b = self.dealer.rho
                self.calls.append((b, DOUBLE))
                self._doubled(b, ours=False)
        elif kind == "B-5":
            if o == "stands":
                seat = Seat(ctx["seat"])
                self.calls.append((seat, REDOUBLE))
                self._doubled(seat, ours=True)
        elif kind == "B-7":
            if o == "consent":
                self.queue = [self.dealer.rho]
                self.next_seat = self.queue[0]
            else:
                self.queue = []
                self._start_play(self.dealer, None if self.make_trump == 4 else self.make_trump)
        elif kind == "B-12":
            card = Card(ctx["card"])
            pone = int(self.dealer.rho)
            if o == "exposed":
                d.exposed[pone] = d.exposed.get(pone, 0) | 1 << card
            else:
                d.seen |= 1 << card
                d.restriction = LeadRestriction(int(self.dealer.lho), card // 13, FORBID, False, "B-12")
        elif kind == "B-15":
            offender = int(ctx["seat"])
            card = Card(ctx["card"])
            if o == "exposed":
                d.exposed[offender] = d.exposed.get(offender, 0) | 1 << card
            else:
                d.restriction = LeadRestriction(-1, "CDHS".index(o[-1]), REQUIRE, False, "B-15")
        self._after_action()

    def _made(self, seat: Seat, call: OldCall) -> None:
        self.make_trump = call.made
        self.maker = seat
        self.phase = PHASE_DOUBLING
        self.queue = [self.dealer.lho, self.dealer.rho]  # A, then B
        self.next_seat = self.queue[0]

    def _doubled(self, seat: Seat, ours: bool) -> None:
        assert self.maker is not None
        self.doubling += 1
        if not ours:
            self.last_doubler = seat
            if self.first_doubler is None:
                self.first_doubler = seat
        if not self.may_double_again():
            self.queue = []
        elif ours:
            assert self.first_doubler is not None
            self.queue = [self.first_doubler, self.first_doubler.partner]
        else:
            self.queue = [self.maker, self.maker.partner]
        if self.queue:
            self.next_seat = self.queue[0]
        else:
            self._start_play(self.dealer, None if self.make_trump == 4 else self.make_trump)

    def _call(self, call: OldCall) -> None:
        seat = self.next_seat
        who = self._who(seat)
        if self.phase == PHASE_CALLS:
            left = any(c == LEAVE for _, c in self.calls)
            if call == LEAVE:
                if left:
                    raise IllegalAction(f"{who} may not pass the make back to the dealer: the dealer's partner must "
                                        "name the trump (law B-2)", seat=seat, action=call)
            elif not call.is_make:
                raise IllegalAction(f"{who} must name the trump (make C, D, H, S or NT)"
                                    + ("" if left else " or leave it to his partner"), seat=seat, action=call)
            self.calls.append((seat, call))
            if call == LEAVE:
                self.next_seat = seat.partner
                return
            self._made(seat, call)
            return
        # doubling
        assert self.maker is not None
        ours = seat.side == self.maker.side
        expected = REDOUBLE if ours else DOUBLE
        if call != PASS and call != expected:
            if call in (DOUBLE, REDOUBLE):
                raise IllegalAction(f"{who} must say {'XX (redouble)' if ours else 'X (double)'} or Pass, not {call}",
                                    seat=seat, action=call)
            raise IllegalAction(f"{who} may only double or pass now, not {call}", seat=seat, action=call)
        if call != PASS and self.director is not None and int(seat) in self.director.barred:
            raise IllegalAction(f"{who} lost the right to double: his partner exposed a card (law B-11)",
                                seat=seat, action=call)
        self.calls.append((seat, call))
        if call == PASS:
            self.queue.pop(0)
            if self.queue:
                self.next_seat = self.queue[0]
            else:
                self._start_play(self.dealer, None if self.make_trump == 4 else self.make_trump)
            return
        self._doubled(seat, ours)

    # ----------------------------------------------------------------- results and views
    def contract_of(self) -> StraightMake | None:
        if self.make_trump is None or self.maker is None:
            return None
        return StraightMake(self.make_trump, self.maker, self.dealer, self.doubling)

    def pending_contract(self) -> StraightMake | None:
        return self.contract_of()

    def law_outcome(self) -> tuple[bool, tuple[int, ...]]:
        d = self.director
        if d is None:
            return False, ()
        return d.void, tuple(side for side, _ in d.revokes)

    def entries(self) -> list[Entry]:
        make = self.contract_of()
        assert make is not None
        d = self.director
        if d is None or not d.revokes:
            return score_straight(make, self.won, self.original, self.rules)
        from cardroom.games.oldbridge.laws import revoke_penalty

        sides = [side for side, _ in d.revokes]
        how = d.revoke_how if self.rules.revoke_penalty == "england" else "tricks"
        out = revoke_penalty(self.won, sides, make.trick_value, how, self.rules.game_points)
        entries = score_straight(make, out.won, self.original, self.rules, slam_won=self.won,
                                 no_slam=frozenset(sides))
        for side in (0, 1):
            if out.points_deducted[side]:
                entries.append(Entry(Side(side), -out.points_deducted[side], False, "revoke"))
            if out.points_added[side]:
                entries.append(Entry(Side(side), out.points_added[side], False, "revoke"))
        return entries

    def laws_view(self) -> dict[str, Any] | None:
        return None if self.director is None else self.director.view_fields()

    def face_up_mask(self) -> int:
        if self.director is None:
            return 0
        return self.director.face_up_mask() & ~self.played

    def snapshot(self) -> Mapping[str, Any]:
        snap = dict(super().snapshot())
        snap["doubling"] = (self.doubling, self.queue and tuple(self.queue), self.first_doubler, self.last_doubler)
        if self.director is not None:
            snap["laws"] = self.director.snapshot()
        return snap

    def clone(self) -> StraightDeal:
        new = object.__new__(StraightDeal)
        self._copy_into(new)
        new.queue = list(self.queue)
        if self.director is not None:
            new.director = self.director.clone()
        return new


def _is_card(text: str) -> bool:
    try:
        Card.parse(text)
    except ParseError:
        return False
    return True


def _card_arg(text: str, action: Any) -> Card:
    try:
        return Card.parse(text)
    except ParseError:
        raise IllegalAction(f"{action.to_text()!r}: {text!r} is not a card", action=action) from None


def _call_arg(text: str, action: Any) -> OldCall:
    t = text.strip()
    if t.lower() in ("make", "leave"):
        t = "leave" if t.lower() == "leave" else t
    try:
        return OldCall.parse(t)
    except ParseError:
        raise IllegalAction(f"{action.to_text()!r}: {text!r} is neither a call nor a card", action=action) from None


@dataclass(frozen=True)
class OldBridgeView(View):
    """What one seat sees of an old-bridge deal: own hand, dummy once exposed, calls, tricks."""

    search_adapter: ClassVar[str] = "cardroom.games.oldbridge.search:ADAPTER"
    """The search bot's adapter for this game (:class:`cardroom.bots.sampling.SearchAdapter`)."""

    seat: Seat
    kind: str
    dealer: Seat
    phase: str
    hand: int
    declarer: Seat | None
    dummy: Seat | None
    dummy_hand: int | None
    calls: tuple[tuple[Seat, OldCall], ...]
    contract: AuctionContract | StraightMake | None
    trump: int | None
    trick_leader: Seat
    trick: tuple[Card, ...]
    tricks: tuple[Trick, ...]
    won: tuple[int, int]
    to_act: int | None
    hand_to_play: Seat | None
    legal: tuple[Any, ...]
    laws: dict[str, Any] | None = None
    face_up: int = 0

    def shown_mask(self) -> int:
        return play_shown_mask(self.hand | (self.dummy_hand or 0) | self.face_up, self.trick, self.tricks,
                               self.legal)

    @property
    def side(self) -> Side:
        return self.seat.side

    @memo
    def table(self) -> TableView:
        """The common table view (:mod:`cardroom.core.view`); the laws' face-up cards are not by seat."""
        lw = self.laws
        laws = None
        if lw is not None:
            restriction = lw.get("restriction")
            laws = LawsState(lw.get("ruling"), ((None, self.face_up),) if self.face_up else (), (),
                             tuple(lw.get("restrictions", ())) + (() if restriction is None else (restriction,)),
                             tuple(lw.get("irregularities", ())))
        return dummy_play_table(self, self.declarer, self.trump, laws, None if lw is None else lw.get("ruling"))

    def to_dict(self) -> dict[str, Any]:
        c = self.contract
        return {
            "seat": self.seat.letter,
            "game": self.kind,
            "dealer": self.dealer.letter,
            "letters": {s.letter: document_letter(s, self.dealer) for s in Seat},
            "phase": self.phase,
            "hand": [str(x) for x in cards_of_mask(self.hand)],
            "declarer": None if self.declarer is None else self.declarer.letter,
            "dummy": None if self.dummy is None else self.dummy.letter,
            "dummy_hand": None if self.dummy_hand is None else [str(x) for x in cards_of_mask(self.dummy_hand)],
            "calls": [{"seat": s.letter, "call": str(k)} for s, k in self.calls],
            "contract": None if c is None else c.text,
            "contract_by": None if c is None else (c.declarer.letter if isinstance(c, AuctionContract)
                                                   else c.maker.letter),
            "trick_value": None if c is None else (c.value << c.doubling if isinstance(c, AuctionContract)
                                                   else c.trick_value),
            "trump": None if self.trump is None else MAKE_LETTERS[self.trump],
            **play_dict(self.trick_leader, self.trick, self.tricks, self.won, self.to_act, self.hand_to_play,
                        self.table.legal),
            **({} if self.laws is None else {"laws": self.laws}),
            "table": self.table.to_dict(),
        }
