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

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, Any, ClassVar

from cardroom.core.cards import Card, CardSet, cards_of_mask
from cardroom.core.errors import IllegalAction, Reason
from cardroom.core.game import Action, Game, View
from cardroom.core.table import Seat, Side
from cardroom.core.tricks import Trick
from cardroom.core.view import LawsState, TableView, memo
from cardroom.games.bridge.auction import FIXED_PAIRS, Auction, AuctionParams, DoublingLimit
from cardroom.games.bridge.calls import suit_plural
from cardroom.games.bridge.rules import (
    DealWithDummy,
    dummy_play_table,
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

if TYPE_CHECKING:
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


@cache
def auction_params(rules: AuctionRules) -> AuctionParams[OldCall]:
    """Auction bridge's auction under ``rules``: bids by value (Law 3), royal spades and nullo as played,
    the dealer's opening bid, the doubling limit, who declares."""
    emvt = rules.equal_value_more_tricks

    def in_play(b: OldCall) -> bool:
        d = b.denom
        return not (d is Denom.ROYAL and not rules.royal_spades) and not (d is Denom.NULLO and not rules.nullo)

    return AuctionParams(PASS, DOUBLE, REDOUBLE, BIDS, FIXED_PAIRS, lambda new, old: outranks(new, old, emvt),
                         in_play, dealer_may_pass=not rules.dealer_must_bid,
                         limit=DoublingLimit(count=rules.max_doublings), declarer=rules.declarer_rule)


@dataclass(frozen=True)
class OldDealResult:
    """A finished deal: what was played for and what it scored."""

    game: str  # "auction" or "straight"
    dealer: Seat
    hands: tuple[int, ...]
    calls: tuple[tuple[Seat, OldCall], ...]
    contract: AuctionContract | StraightMake | None  # None: four passes (auction, dealer may pass)
    won: tuple[int, int]  # tricks by side NS, EW
    tricks: tuple[Trick[Seat], ...]
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
    bidders: ClassVar[tuple[Seat, ...]] = tuple(Seat)
    """The seats that call (a variety with a widow leaves its seat out)."""
    director: StraightDirector | None  # laws mode: the director's state; None in casual play
    _DEAL = PHASE_DEAL
    _CALL_PHASES = (PHASE_CALLS, PHASE_DOUBLING)
    _PLAY = PHASE_PLAY
    _OVER = PHASE_OVER
    _CALL_TYPE = OldCall
    _DEAL_KEY = "oldbridge.thirteen_each"
    _PHASE_NAMES = PHASE_NAMES

    def __init__(self, game: Game, dealer: Seat) -> None:
        self.game = game
        self.dealer = Seat(dealer)
        self._history: list[Any] = []
        self.phase = PHASE_DEAL
        self.original: tuple[int, ...] = (0, 0, 0, 0)
        self.calls: list[tuple[Seat, OldCall]] = []
        self.declarer: Seat | None = None  # who plays the two hands
        self.dummy: Seat | None = None
        self._init_play()

    def claim_minimizes(self, seat: int) -> bool:
        """At nullo the declaring side wants few tricks (core/claims.py)."""
        c = getattr(self, "contract", None)
        return getattr(c, "denom", None) is Denom.NULLO and self.declarer is not None \
            and Seat(seat).side == self.declarer.side

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
            return self.legal_cards()
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
        """Laws mode: apply ``action`` atomically, so that an illegal one leaves this state unchanged."""
        from cardroom.core.laws import atomic

        atomic(self, lambda: self._apply_laws(action), action)
        self._history.append(action)

    def _apply_plain(self, action: Any) -> None:
        """Laws mode: an ordinary call or card, then what follows it (the caller records it)."""
        self._apply_plain_action(action)
        self._history.pop()  # _apply_plain_action appended it; the caller appends
        self._after_action()

    def _call(self, call: OldCall) -> None:
        raise NotImplementedError

    def _who(self, seat: Seat) -> str:
        return f"{seat} ({document_letter(seat, self.dealer)})"

    def _who_plays(self, seat: Seat) -> str | Reason:
        return Reason("oldbridge.who_dummy", who=self._who(seat)) if seat == self.dummy else self._who(seat)

    def _where_text(self) -> str | Reason:
        return Reason("oldbridge.where", where=self.where())

    def _revoke_text(self, seat: Seat, card: Card, holds: CardSet) -> Reason:
        return Reason("oldbridge.revoke", who=self._who(seat), suit=suit_plural(Card(self.trick[0]).suit), holds=holds,
                      card=card, where=self.where())

    def _enter(self, card: Card) -> None:
        """Play ``card`` from ``next_seat``'s hand without the follow-suit check (a revoke accepted)."""
        self._enter_card(card)
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
            raise IllegalAction(Reason("bridge.not_over"))
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

    def take_contract(self, contract: Any) -> None:
        """Stand the deal at ``contract`` (an :class:`AuctionContract` or a :class:`StraightMake`) without
        its calls: for :meth:`told`."""
        raise NotImplementedError

    def told(self, contract: Any, won: tuple[int, int], hands: tuple[int, ...]) -> OldDealResult:
        """The result of this deal as the table tells it (the score keeper): played for ``contract``, the
        sides' tricks ``won``, dealt ``hands`` (the honours the table announced); scored by the deal's own
        :meth:`entries`, as a played deal is."""
        self.original = hands
        self.won = list(won)
        self.take_contract(contract)
        self.phase = PHASE_OVER
        return self.result()

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

    def _parse_law_action(self, text: str) -> Any:
        if not (text.startswith("!") or text.lower().startswith(("ruling ", "решение "))):
            return None
        from cardroom.games.oldbridge.laws import parse_law_action

        law_action = parse_law_action(text)
        assert law_action is not None
        return law_action

    def action_text(self, action: Any) -> str:
        return action.to_text() if isinstance(action, Action) else str(action)

    # ----------------------------------------------------------------- laws port
    # What the laws (straight_laws.py) do to an old bridge deal, as methods: no laws code writes its fields.
    def laws_who(self, seat: Seat) -> str:
        """A seat named as the document names it (``N (Y)``)."""
        return self._who(seat)

    def laws_plain(self, action: Any) -> None:
        """An ordinary call or card, then what follows it."""
        self._apply_plain(action)

    def laws_enter_card(self, card: Card, leader: Seat | None = None) -> None:
        """Play ``card`` from the hand to play (or lead it from ``leader``'s hand) without the follow-suit
        check: a revoke accepted, a lead from the wrong hand that stands."""
        if leader is not None:
            self.leader = leader
            self.next_seat = leader
        self._enter(card)

    def laws_set_over(self, over: bool) -> None:
        """End the deal (a new deal, the revoke penalty chosen), or hold it open for a ruling."""
        self.phase = PHASE_OVER if over else PHASE_PLAY


class AuctionDeal(Auction[OldCall], OldDeal):
    """One deal of auction bridge (American Laws of Bridge, 1913)."""

    kind = "auction"

    def __init__(self, game: Game, dealer: Seat, rules: AuctionRules) -> None:
        super().__init__(game, dealer)
        self.rules = rules
        self.start_auction(auction_params(rules), self.dealer)
        self.contract: AuctionContract | None = None
        self.director: StraightDirector | None = None
        if rules.laws:
            from cardroom.games.oldbridge.laws import StraightDirector

            self.director = StraightDirector()

    # ----------------------------------------------------------------- laws mode: revokes only
    def _apply_laws(self, action: Any) -> None:
        from cardroom.games.oldbridge import straight_laws

        straight_laws.auction_apply(self, action)

    def _after_action(self) -> None:
        from cardroom.games.oldbridge import straight_laws

        straight_laws.auction_after_action(self)

    def law_outcome(self) -> tuple[bool, tuple[int, ...]]:
        d = self.director
        return (False, ()) if d is None else (False, tuple(s for s, _ in d.revokes))

    def laws_view(self) -> dict[str, Any] | None:
        return None if self.director is None else self.director.view_fields()

    def legal_calls(self) -> list[OldCall]:
        return super().legal_calls() if self.phase == PHASE_CALLS else []

    def _call(self, call: OldCall) -> None:
        if self.phase != PHASE_CALLS:
            raise IllegalAction(Reason("oldbridge.no_call_now", call=call), action=call)
        seat = self.next_seat
        self._refuse_call(seat, call)
        self.enter_call(seat, call)
        if not self.auction_closed:
            return
        declarer = self.declarer_of_bid
        bid = self.last_bid
        if bid is None or declarer is None:
            self.phase = PHASE_OVER
            return
        self.contract = AuctionContract(bid.level, bid.denom, self.doubling, declarer)
        self._start_play(declarer, bid.denom.trump)

    def _refuse_call(self, seat: Seat, call: OldCall) -> None:
        """IllegalAction with auction bridge's reason if ``seat`` may not make ``call`` now."""
        why = self.call_refusal(seat, call)
        if why is not None:
            lb = self.last_bid
            raise IllegalAction(Reason(
                _REFUSALS[why], who=self._who(seat), call=call, value=call.value if call.is_bid else 0, last=lb,
                last_value=lb.value if lb is not None else 0, limit=self.rules.max_doublings,
                what=Reason("oldbridge.royal_spades" if call.is_bid and call.denom is Denom.ROYAL
                            else "oldbridge.nullo")),
                seat=seat, action=call)

    def _record_call(self, seat: Seat, call: OldCall) -> None:
        self.calls.append((seat, call))

    def contract_of(self) -> AuctionContract | None:
        return self.contract

    def take_contract(self, contract: Any) -> None:
        """Stand at ``contract`` (None: passed out) as the auction's own refusals allow it: a pass-out where
        the dealer must bid, a bid not played at the table (nullo, royal spades), more doublings than the
        limit, a declarer at a seat that does not bid are refused (IllegalAction, a catalogue reason)."""
        if contract is None:
            self._refuse_call(self.dealer, PASS)
            return
        c: AuctionContract = contract
        if c.declarer not in self.bidders:
            raise IllegalAction(Reason("keeper.bad_seat", seat=c.declarer.letter))
        self._refuse_call(c.declarer, OldCall.bid(c.level, c.denom))
        if c.doubling > self.rules.max_doublings:
            raise IllegalAction(Reason("oldbridge.doubling_limit", who=self._who(c.declarer),
                                       limit=self.rules.max_doublings))
        self.contract = contract

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
            choice = d.revoke_choices.get(side, "three-tricks")
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


_REFUSALS = {
    "not-auction": "oldbridge.not_auction",
    "dealer-must-bid": "oldbridge.dealer_must_bid",
    "not-in-play": "oldbridge.not_in_play",
    "insufficient": "oldbridge.insufficient",
    "nothing-to-double": "oldbridge.nothing_to_double",
    "nothing-to-redouble": "oldbridge.nothing_to_double",
    "double-own-side": "oldbridge.double_not_now",
    "double-not-now": "oldbridge.double_not_now",
    "redouble-not-doubled": "oldbridge.redouble_not_now",
    "redouble-opponents": "oldbridge.redouble_not_now",
    "doubling-limit": "oldbridge.doubling_limit",
}
"""Auction bridge's reasons (catalogue keys) for the auction's refusals (:meth:`Auction.call_refusal`)."""


_STRAIGHT_LIMITS = {"below-100": DoublingLimit(below=100), "cap-100": DoublingLimit(up_to=100)}
"""Straight bridge's doubling limits by value: doubling goes on while a trick is worth less than 100, or
as long as the doubled value does not pass 100."""


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
        self.doubling_limit = _STRAIGHT_LIMITS[rules.doubling_limit]
        self.director: StraightDirector | None = None
        if rules.laws:
            from cardroom.games.oldbridge.laws import StraightDirector

            self.director = StraightDirector(revoke_how="tricks")

    @property
    def base_value(self) -> int:
        return STRAIGHT_VALUE[self.make_trump] if self.make_trump is not None else 0

    def may_double_again(self) -> bool:
        return self.doubling_limit.allows(self.doubling, self.base_value)

    # ----------------------------------------------------------------- turn and legal actions
    def legal_actions(self) -> list[Any]:
        d = self.director
        if d is not None and d.pending is not None:
            return list(d.pending.actions())
        base = super().legal_actions()
        if d is None or self.phase != PHASE_PLAY:
            return base
        from cardroom.games.oldbridge import straight_laws

        return straight_laws.legal_plays(self, base)

    def legal_calls(self) -> list[OldCall]:
        if self.phase == PHASE_CALLS:
            left = any(c == LEAVE for _, c in self.calls)
            return list(MAKES) if left else [*MAKES, LEAVE]
        if self.phase == PHASE_DOUBLING:
            seat = self.next_seat
            assert self.maker is not None
            if self.director is not None and int(seat) in self.director.barred:
                return [PASS]  # B-11: the partner of a player who exposed a card may not double
            return [PASS, REDOUBLE if self.partnership.same_side(seat, self.maker) else DOUBLE]
        return []

    # ----------------------------------------------------------------- apply
    def _apply_laws(self, action: Any) -> None:
        from cardroom.games.oldbridge import straight_laws

        straight_laws.apply(self, action)

    def _after_action(self) -> None:
        """Clear spent penalties; at the end, the revoke ruling (England) or the end of the deal."""
        from cardroom.games.oldbridge import straight_laws

        straight_laws.after_action(self)

    def _start_play(self, declarer: Seat, trump: int | None) -> None:
        super()._start_play(declarer, trump)
        d = self.director
        if d is not None and d.early_lead is not None:
            card = d.early_lead
            d.early_lead = None
            self._play(card)  # B-7: the eldest hand's lead stands

    # ----------------------------------------------------------------- irregular actions
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
                    raise IllegalAction(Reason("oldbridge.pass_back", who=who), seat=seat, action=call)
            elif not call.is_make:
                raise IllegalAction(Reason("oldbridge.must_make" if left else "oldbridge.make_or_leave", who=who),
                                    seat=seat, action=call)
            self.calls.append((seat, call))
            if call == LEAVE:
                self.next_seat = seat.partner
                return
            self._made(seat, call)
            return
        # doubling
        assert self.maker is not None
        ours = self.partnership.same_side(seat, self.maker)
        expected = REDOUBLE if ours else DOUBLE
        if call != PASS and call != expected:
            if call in (DOUBLE, REDOUBLE):
                raise IllegalAction(Reason("oldbridge.redouble_or_pass" if ours else "oldbridge.double_or_pass_only",
                                           who=who, call=call), seat=seat, action=call)
            raise IllegalAction(Reason("oldbridge.double_or_pass", who=who, call=call), seat=seat, action=call)
        if call != PASS and self.director is not None and int(seat) in self.director.barred:
            raise IllegalAction(Reason("oldbridge.double_barred", who=who),
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
    def take_contract(self, contract: Any) -> None:
        """Reach ``contract`` by the calls that make it, through the deal's own calling: the dealer's make
        (or his leave, answered by his partner's make as announced, the schedule's not made again), then
        each doubling by the first hand in turn who may make it, the hands before him passing. A maker or a
        doubling the variety does not allow is refused as in play (IllegalAction, a catalogue reason)."""
        make: StraightMake = contract
        self.phase, self.next_seat = PHASE_CALLS, self.dealer
        if make.maker != self.dealer:
            if make.maker != self.dealer.partner or LEAVE not in self.legal_calls():
                raise IllegalAction(Reason("keeper.not_maker", seat=make.maker.letter, dealer=self.dealer.letter))
            StraightDeal._call(self, LEAVE)  # the leave as such: the partner's make is the one announced
        self._call(MAKES[make.trump])
        for n in range(make.doubling):
            want = REDOUBLE if n % 2 else DOUBLE
            while self.phase == PHASE_DOUBLING and want not in self.legal_calls():
                self._call(PASS)
            if self.phase != PHASE_DOUBLING:
                raise IllegalAction(Reason("keeper.no_doubling", n=n + 1))
            self._call(want)

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

    # ----------------------------------------------------------------- laws port (straight bridge's own)
    def laws_enter_call(self, seat: Seat, call: OldCall) -> None:
        """Enter a make, double or redouble the laws let stand, as if made in turn."""
        self.calls.append((seat, call))
        if call.is_make:
            self._made(seat, call)
        else:
            assert self.maker is not None
            self._doubled(seat, ours=seat.side == self.maker.side)

    def laws_revoke_liable(self, seat: Seat) -> bool | None:
        """Whether a revoke by ``seat`` is penalised (law B-9); None: the hand cannot revoke (the dummy,
        «Болван не может совершить ревок»)."""
        return None if seat == self.dummy else True

    def laws_set_doubling(self, seats: list[Seat]) -> None:
        """Who may still double or redouble now; nobody: the play begins."""
        self.queue = list(seats)
        if self.queue:
            self.next_seat = self.queue[0]
        else:
            self._start_play(self.dealer, None if self.make_trump == 4 else self.make_trump)

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
    tricks: tuple[Trick[Seat], ...]
    won: tuple[int, int]
    to_act: int | None
    hand_to_play: Seat | None
    legal: tuple[Any, ...]
    laws: dict[str, Any] | None = None
    face_up: int = 0
    moment: dict[str, Any] | None = field(default=None, compare=False, repr=False)
    """What every seat's view of this moment shares (:func:`cardroom.core.view.moment`; None: build all)."""
    places: tuple[int, ...] | None = None
    """The compass seat each player sits at, where the players are not the compass seats (the three-handed
    bridges, :class:`cardroom.games.oldbridge.threehanded.PlayerSeats`): the table's ``places``."""

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
        return dummy_play_table(self, self.declarer, self.trump, laws, None if lw is None else lw.get("ruling"),
                                self.places, self.seen_hands())

    def seen_hands(self) -> tuple[dict[int, int], tuple[int, ...]] | None:
        """The hands this view shows by seat and the seats its player plays, where they are not his own
        hand and the declarer's dummy (None: those; double dummy overrides it)."""
        return None

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
