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
from typing import TYPE_CHECKING, Any, ClassVar

from cardroom.core import view as tv
from cardroom.core.cards import Card, CardSet, cards_of_mask
from cardroom.core.claims import Claimable
from cardroom.core.clone import Cloneable
from cardroom.core.deal import Deal
from cardroom.core.errors import IllegalAction, ParseError, Reason
from cardroom.core.game import CHANCE, State, View
from cardroom.core.table import Seat, Side
from cardroom.core.tricks import Trick, TrickPlay
from cardroom.core.view import LawsState, Phase, PlayedTrick, TableView, memo
from cardroom.games.bridge.auction import FIXED_PAIRS, Auction, AuctionCall, AuctionParams, Partnership
from cardroom.games.bridge.calls import BIDS, DOUBLE, PASS, REDOUBLE, Call, Strain, suit_plural
from cardroom.games.bridge.scoring import Contract, Entry, score_deal
from cardroom.games.bridge.variants import BridgeRules
from cardroom.i18n import Where

if TYPE_CHECKING:
    from cardroom.games.bridge.game import ContractBridge
    from cardroom.games.bridge.laws import Director
    from cardroom.games.oldbridge.rules import OldBridgeView

PHASE_DEAL, PHASE_AUCTION, PHASE_PLAY, PHASE_OVER = 0, 1, 2, 3
_SEATS = tuple(Seat)
_AFTER = tuple(s.lho for s in Seat)
_ORDER = tuple(tuple(s.next(i) for i in range(4)) for s in Seat)


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
    tricks: tuple[Trick[Seat], ...]
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


def play_shown_mask(held: int, trick: Sequence[Card], tricks: Sequence[Trick[Seat]], legal: Sequence[Any]) -> int:
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


def _tricks_json(tricks: Sequence[Trick[Seat]]) -> list[dict[str, Any]]:
    return [{"leader": t.leader.letter, "cards": [str(c) for c in t.cards], "winner": t.winner.letter}
            for t in tricks]


def play_dict(trick_leader: Seat, trick: Sequence[Card], tricks: Sequence[Trick[Seat]], won: tuple[int, int],
              to_act: int | None, hand_to_play: Seat | None, legal: Sequence[str]) -> dict[str, Any]:
    """The play part of a view as a dict (the trick, the tricks, the turn, the legal actions' texts)."""
    return {
        "trick": {"leader": trick_leader.letter, "cards": [str(c) for c in trick]},
        "tricks": tv.per_records("bridge.tricks", tricks, _tricks_json),
        "won": {"NS": won[0], "EW": won[1]},
        "to_act": None if to_act is None or to_act < 0 else Seat(to_act).letter,
        "hand_to_play": None if hand_to_play is None else hand_to_play.letter,
        "legal": list(legal),
    }


class DealWithDummy(Cloneable, Claimable, TrickPlay, State):
    """What one deal of the bridges shares: the deal of 13 cards each, the turn, the play with dummy.

    A subclass names its phases (``_DEAL``, ``_CALL_PHASES``, ``_PLAY``, ``_OVER``) and its call type
    (``_CALL_TYPE``), and provides :meth:`_call`.
    """

    _DEAL = PHASE_DEAL
    _CALL_PHASES: tuple[int, ...] = (PHASE_AUCTION,)
    _PLAY = PHASE_PLAY
    _OVER = PHASE_OVER
    _CALL_TYPE: type[AuctionCall] = Call
    _DEAL_KEY = "bridge.thirteen_each"  # the refusal of a deal that is not one pack, 13 cards each
    _PHASE_NAMES: tuple[str, ...] = ("deal", "auction", "play", "over")
    partnership: Partnership = FIXED_PAIRS  # who plays with whom; the declarer's partner is dummy

    dealer: Seat
    phase: int
    original: tuple[int, ...]
    hands: list[int]
    calls: Sequence[Any]  # the calls as the game records them
    declarer: Seat | None
    dummy: Seat | None
    trump: int | None
    trick: list[Card]
    leader: Seat
    tricks: list[Trick[Seat]]
    won: list[int]
    played: int
    next_seat: Seat
    _history: list[Any]

    # ----------------------------------------------------------------- trick play: four hands, partners
    LEAD_AFTER_LAST = True
    order = _ORDER  # four hands, each playing to every trick from the leader
    after = _AFTER
    credit = FIXED_PAIRS.sides  # a trick counts for the side of the partnership (NS or EW); a game with another
    # partnership sets credit = its partnership.sides too

    def _init_play(self) -> None:
        self.init_play([0, 0, 0, 0], self.dealer, _AFTER)

    def controller(self, seat: Seat) -> Seat:
        """The declarer plays the dummy's cards."""
        return self.declarer if seat == self.dummy and self.declarer is not None else seat

    # ----------------------------------------------------------------- claims (core/claims.py)
    def claim_in_play(self) -> bool:
        return self.phase == self._PLAY and self.declarer is not None

    def claim_finish(self) -> None:
        self.phase = self._OVER

    def claim_refusal(self, seat: int) -> Reason | None:
        why = super().claim_refusal(seat)
        if why is None and seat == self.dummy:
            return Reason("claim.dummy")
        return why

    def claim_opponents(self, seat: int) -> tuple[int, ...]:
        """Declarer answers a defender's claim (dummy takes no part), the defenders declarer's."""
        return tuple(s for s in super().claim_opponents(seat) if s != self.dummy)

    def claim_best(self, seat: int) -> int | None:
        """DDS (:func:`cardroom.solve.dds.solve`): the tricks ``seat``'s side takes from here on."""
        if self.claim_minimizes(seat):
            return None  # a nullo: DDS counts tricks a side wants, not tricks it avoids
        from cardroom.solve.dds import BridgePosition, solve

        h = self.hands
        return solve(BridgePosition((h[0], h[1], h[2], h[3]), Seat(self.leader), Seat(seat),
                                    tuple(int(c) for c in self.trick), self.trump))

    def _who_plays(self, seat: Seat) -> str | Reason:
        """How a message about a card names the hand that plays it."""
        return Reason("bridge.who_dummy", seat=seat) if seat == self.dummy else str(seat)

    def _revoke_text(self, seat: Seat, card: Card, holds: CardSet) -> Reason:
        return Reason("bridge.revoke", seat=seat, suit=suit_plural(Card(self.trick[0]).suit), holds=holds, card=card)

    def _where_text(self) -> str | Reason:
        """Where the deal stands, for messages about a card ('' or ' (trick 3)')."""
        return ""

    @property
    def to_act(self) -> int | None:
        if self.phase == self._PLAY:
            return self.controller(self.next_seat)
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
            raise IllegalAction(Reason("bridge.already_dealt"))
        # one card at a time, beginning with the player on the dealer's left (doc 001 §3.3; Law 35/37(a))
        return Deal.random(rng, first=self.dealer.lho)

    def _apply_plain_action(self, action: Any) -> None:
        """Apply a card, a call or the deal, as the phase asks, and record it."""
        phase = self.phase
        if phase == self._PLAY:
            if type(action) is not Card:
                raise IllegalAction(Reason("bridge.card_now", action=action), action=action)
            self._play(action)
        elif phase in self._CALL_PHASES:
            if type(action) is not self._CALL_TYPE:
                raise IllegalAction(Reason("bridge.call_now", action=action), action=action)
            self._call(action)
        elif phase == self._DEAL:
            if not isinstance(action, Deal):
                raise IllegalAction(Reason("bridge.deal_first", action=action), action=action)
            self._deal(action)
        else:
            raise IllegalAction(Reason("bridge.over_action", action=action), action=action)
        self._history.append(action)

    def _deal(self, deal: Deal) -> None:
        if len(deal.hands) != 4 or any(h.bit_count() != 13 for h in deal.hands) or not deal.is_full_pack:
            raise IllegalAction(Reason(self._DEAL_KEY), action=deal)
        self.original = tuple(deal.hands)
        self.hands = list(deal.hands)
        self.phase = self._CALL_PHASES[0]
        self.next_seat = self.dealer

    def _call(self, call: Any) -> None:
        raise NotImplementedError

    def _start_play(self, declarer: Seat, trump: int | None) -> None:
        """The auction or the make is over: ``declarer`` plays his hand and his partner's (the dummy), the
        player on his left leads."""
        self.declarer = declarer
        self.dummy = self.partnership.partner(declarer)
        self.trump = trump
        self.phase = self._PLAY
        self.leader = declarer.lho
        self.next_seat = self.leader

    def _play(self, card: Card) -> None:
        """Play ``card`` from the hand to play, if it holds it and follows suit; else IllegalAction."""
        seat = self.next_seat
        hand = self.hands[seat]
        if not hand >> card & 1:
            who = self._who_plays(seat)
            if self.played >> card & 1:
                raise IllegalAction(Reason("bridge.played_again", card=card, who=who, where=self._where_text()),
                                    seat=seat, action=card)
            raise IllegalAction(Reason("bridge.not_held_where", who=who, card=card, where=self._where_text()),
                                seat=seat, action=card)
        t = self.trick
        # the bridges' cards keep their printed suits: a card of the suit led always follows
        if t and card // 13 != t[0] // 13 and not self.follow.follows(hand, t[0], card, self.trump):
            holds = CardSet(self.follow.suit_mask(hand, t[0], self.trump))
            raise IllegalAction(self._revoke_text(seat, card, holds), seat=seat, action=card)
        self._enter_card(card)

    def _enter_card(self, card: Card) -> None:
        """Play ``card`` from the hand of ``next_seat`` (already found acceptable) and move on."""
        if self.enter_card(self.next_seat, card) and len(self.tricks) == 13:
            self.phase = self._OVER

    def where(self) -> Where:
        if self.phase == self._DEAL:
            return Where("the_deal")
        if self.phase in self._CALL_PHASES:
            return Where(self._PHASE_NAMES[self.phase]) + Where("call_n", n=len(self.calls) + 1)
        return Where("trick_n", n=min(len(self.tricks) + 1, 13))

    def parse_action(self, text: str) -> Any:
        """The deal (``deal …``), a call in the auction, a card in the play (either, between the two), or
        an action of laws mode."""
        t = text.strip()
        law_action = self._parse_law_action(t)
        if law_action is not None:
            return law_action
        if t.lower().startswith("deal "):
            return Deal.from_text(t)
        if self.phase in self._CALL_PHASES:
            return self._CALL_TYPE.parse(t)
        if self.phase == self._PLAY:
            return Card.parse(t)
        try:
            return self._CALL_TYPE.parse(t)
        except ParseError:
            return Card.parse(t)

    def _parse_law_action(self, text: str) -> Any:
        """An action of laws mode (``!…``, ``ruling …``), or None."""
        return None

    def card_places(self) -> Mapping[str, int]:
        if self.phase == self._DEAL:
            return {"pack": (1 << 52) - 1}
        return table_card_places(self.hands, self.trick, self.played)


CONTRACT_AUCTION: AuctionParams[Call] = AuctionParams(PASS, DOUBLE, REDOUBLE, BIDS, FIXED_PAIRS,
                                                     doubling_counts=False)
"""Contract bridge's auction: the bids in their order (level, then C < D < H < S < NT), double and redouble,
three passes after a bid close it, four pass it out, the first of the side to name the strain declares."""


def final_contract(auction: Auction[Call]) -> Contract | None:
    """The contract of the last bid, its doublings and its declarer (None before any bid: passed out)."""
    bid = auction.last_bid
    declarer = auction.declarer_of_bid
    if bid is None or declarer is None:
        return None
    return Contract(bid.level, bid.strain, auction.doubling, declarer)


class BridgeDeal(Auction[Call], DealWithDummy):
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
        self.calls: list[Call] = []
        self.start_auction(CONTRACT_AUCTION, self.dealer)
        self.contract: Contract | None = None
        self.declarer: Seat | None = None
        self.dummy: Seat | None = None
        self._init_play()
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
            t = self.trick
            return self.follow.legal_cards(self.hands[self.next_seat], t[0] if t else None, self.trump)
        if self.phase == PHASE_AUCTION:
            return self.legal_calls()
        return []

    def _bids_now(self, seat: Seat) -> Sequence[Call]:
        bids = super()._bids_now(seat)
        r = self.rules
        if r.nt_minimum_level > 1:
            bids = tuple(b for b in bids if b.strain is not Strain.NOTRUMP or b.level >= r.nt_minimum_level)
        if (r.partner_overbid_only_after_opponents_pass and self.last_bid_seat == seat.partner
                and not self._opponents_passed_since_partner()):
            bids = ()
        return bids

    def _bid_barred(self, seat: Seat, call: Call) -> bool:
        r = self.rules
        return (r.nt_minimum_level > 1 or r.partner_overbid_only_after_opponents_pass) and \
            call not in self._bids_now(seat)

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
        why = self.call_refusal(seat, call)
        if why is not None:
            raise IllegalAction(Reason(_REFUSALS[why], seat=seat, call=call, last=self.last_bid), seat=seat,
                                action=call)
        self._enter_call(seat, call)

    def _record_call(self, seat: Seat, call: Call) -> None:
        self.calls.append(call)

    def _enter_call(self, seat: Seat, call: Call) -> None:
        """Enter a call already found acceptable, by ``seat``, and move the turn on."""
        self.enter_call(seat, call)
        if self.laws is not None:
            from cardroom.games.bridge import laws as lawplay

            lawplay.on_call(self, seat, call)
            held = lawplay.hold_open(self)
            if held is not None:  # L14: an accepted illegal pass does not close the auction
                self.next_seat = held
                return
        if not self.auction_closed:
            return
        self.contract = final_contract(self)
        if self.contract is None:
            self.phase = PHASE_OVER  # passed out: the next dealer deals again
            return
        self._start_play(self.contract.declarer, self.contract.strain.trump)
        if self.laws is not None:
            from cardroom.games.bridge import laws as lawplay

            lawplay.on_auction_end(self)

    def _enter_card(self, card: Card) -> None:
        seat = self.next_seat
        laws = self.laws
        was_lead = laws is not None and not self.trick
        if self.enter_card(seat, card) and len(self.tricks) == 13:
            self.phase = PHASE_OVER
        if laws is not None:
            from cardroom.games.bridge import laws as lawplay

            lawplay.on_card(self, seat, card, was_lead)

    # ----------------------------------------------------------------- results
    @property
    def declarer_tricks(self) -> int:
        return self.won[self.partnership.side(self.declarer)] if self.declarer is not None else 0

    def result(self) -> DealResult:
        if self.phase != PHASE_OVER:
            raise IllegalAction(Reason("bridge.not_over"))
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
        moment = None if self.laws is not None else tv.moment(self, len(self._history))
        common = None if moment is None else moment.get("fields")
        if common is None:  # what every seat's view of this moment holds alike, made once for all of them
            exposed = self.dummy is not None and self.dummy_exposed
            common = {
                "dealer": self.dealer, "vulnerable": self.vulnerable,
                "phase": ("deal", "auction", "play", "over")[self.phase], "dummy": self.dummy,
                "dummy_hand": self.hands[self.dummy] if exposed and self.dummy is not None else None,
                "calls": tuple(self.calls), "contract": self.contract, "trick_leader": self.leader,
                "trick": tuple(self.trick), "tricks": tuple(self.tricks), "won": (self.won[0], self.won[1]),
                "to_act": self.to_act, "hand_to_play": self.hand_to_play,
                **({} if self.laws is None else self.laws.view_fields(self)),
            }
            if moment is not None:
                moment["fields"] = common
        return tv.made(BridgeView, common, seat=s, hand=self.hands[s] if self.phase != PHASE_DEAL else 0,
                       legal=tuple(self.legal_actions()) if common["to_act"] == s else (), moment=moment)

    def snapshot(self) -> Mapping[str, Any]:
        return {
            "dealer": self.dealer, "vulnerable": self.vulnerable, "phase": self.phase,
            "original": self.original, "hands": tuple(self.hands), "calls": tuple(self.calls),
            "contract": self.contract, "trick": tuple(self.trick), "leader": self.leader,
            "tricks": tuple(self.tricks), "won": tuple(self.won), "next": self.next_seat,
            "history": tuple(self._history),
            **({} if self.laws is None else {"laws": self.laws.snapshot()}),
        }

    def _parse_law_action(self, text: str) -> Any:
        if self.laws is None:
            return None
        from cardroom.games.bridge import laws as lawplay

        return lawplay.parse_law_action(text)

    # ----------------------------------------------------------------- laws port
    # What the laws (games/bridge/laws) do to the deal, as methods: no laws code writes the deal's fields.
    def laws_call(self, call: Call) -> None:
        """A call by the seat to act under the plain rules (raises their reason if it is illegal)."""
        self._call(call)

    def laws_play(self, card: Card) -> None:
        """A card from the hand to play under the plain rules (raises their reason if it is illegal)."""
        self._play(card)

    def laws_deal(self, deal: Deal) -> None:
        self._deal(deal)

    def laws_enter_call(self, seat: Seat, call: Call) -> None:
        """Enter a call the laws let stand, by ``seat``, and move the turn on."""
        self._enter_call(seat, call)

    def laws_enter_card(self, card: Card, leader: Seat | None = None) -> None:
        """Play ``card`` from the hand to play (from ``leader``'s, who then leads the trick), accepted."""
        if leader is not None:
            self.laws_set_turn(leader, lead=True)
        self._enter_card(card)

    def laws_set_turn(self, seat: Seat, lead: bool = False) -> None:
        """``seat``'s hand is to play (``lead``: and it leads the trick)."""
        if lead:
            self.leader = seat
        self.next_seat = seat

    def laws_calls_for(self, seat: Seat) -> list[Call]:
        """The calls the plain rules would allow ``seat`` if it were his turn."""
        from cardroom.core.laws import turn_of

        with turn_of(self, seat):
            return self.legal_calls()

    def laws_restart_auction(self) -> None:
        """The auction from its first call again (the laws then enter the calls that stand)."""
        self.calls = []
        self.start_auction(self.auction_params, self.dealer)

    def laws_take_back(self, position: int) -> list[tuple[Seat, Card]]:
        """Take back the cards of the current trick (the last one, reopened, if it is complete and no card
        is played to the next) from ``position`` on, into their hands; the hand at ``position`` is to play.
        Returns the (seat, card) taken back, in the order played."""
        if not self.trick and self.tricks:
            last = self.tricks.pop()
            self.won[self.credit[last.winner]] -= 1
            self.trick = list(last.cards)
            self.leader = last.leader
            self.phase = PHASE_PLAY
        taken = [(self.leader.next(i), c) for i, c in enumerate(self.trick) if i >= position]
        for s, c in taken:
            self.hands[s] |= 1 << c
            self.played &= ~(1 << c)
        self.trick = self.trick[:position]
        self.next_seat = self.leader.next(position)
        return taken

    def laws_transfer_tricks(self, side: int, n: int) -> None:
        """``n`` tricks of ``side`` go to the other side (``n`` < 0: the other way)."""
        self.won[side] -= n
        self.won[1 - side] += n

    def laws_end_play(self, side: int, mine: int, theirs: int) -> None:
        """The play ends (a claim accepted): ``side`` takes ``mine`` of the remaining tricks, the other side
        ``theirs``."""
        self.won[side] += mine
        self.won[1 - side] += theirs
        self.trick = []
        self.phase = PHASE_OVER


_REFUSALS = {
    "insufficient": "bridge.insufficient",
    "barred": "bridge.bid_barred",
    "nothing-to-double": "bridge.nothing_to_double",
    "double-own-side": "bridge.double_own_side",
    "double-not-now": "bridge.already_doubled",
    "doubling-limit": "bridge.already_doubled",
    "nothing-to-redouble": "bridge.redouble_not_doubled",
    "redouble-not-doubled": "bridge.redouble_not_doubled",
    "redouble-opponents": "bridge.redouble_opponents",
}
"""Contract bridge's reasons (catalogue keys) for the auction's refusals (:meth:`Auction.call_refusal`)."""


DUMMY_PLAY_PHASES: Mapping[str, Phase] = {"deal": Phase.DEAL, "auction": Phase.AUCTION, "doubling": Phase.AUCTION,
                                          "play": Phase.PLAY, "over": Phase.DEAL_OVER}
"""The common phases of the bridges' own phase names (contract, auction and straight bridge)."""


def dummy_play_table(v: BridgeView | OldBridgeView, declarer: Seat | None, trump: int | None,
                     laws: LawsState | None, ruling: object,
                     places: tuple[int, ...] | None = None,
                     seen: tuple[dict[int, int], tuple[int, ...]] | None = None) -> TableView:
    """The :class:`TableView` of a bridge deal's view (contract, auction or straight bridge): four hands,
    dummy faced after the opening lead and played by declarer, tricks counted by side. ``places``: the
    compass seat each player sits at, where the players are not the compass seats (``TableView.places``);
    ``seen``: the hands the view shows by seat and the seats its player plays, where they are not his own
    hand and declarer's dummy (double dummy's two dummies)."""
    me = int(v.seat)
    player = me if places is None else places.index(me)
    if seen is not None:
        hands, plays_for = seen
    else:
        hands = {me: v.hand} if v.phase != "deal" else {}
        if v.dummy is not None and v.dummy_hand is not None:
            hands[int(v.dummy)] = v.dummy_hand
        plays_for = (me,) if v.dummy is None or declarer != v.seat else (me, int(v.dummy))

    def shared() -> TableView:
        tricks = tv.tricks_of(v.tricks, lambda t: PlayedTrick(int(t.leader),
                                                           tv.trick_in_order(int(t.leader), t.cards), int(t.winner)))
        return TableView(
            seat=player, seats=4, phase=tv.phase_of(v.phase, ruling, DUMMY_PLAY_PHASES), step=v.phase,
            dealer=int(v.dealer), to_act=None if v.to_act is None or v.to_act < 0 else v.to_act,
            hand_to_play=None if v.hand_to_play is None else int(v.hand_to_play),
            dummy=None if v.dummy is None else int(v.dummy), declarer=None if declarer is None else int(declarer),
            trump=trump, leader=int(v.trick_leader), trick=tv.trick_in_order(int(v.trick_leader), v.trick),
            tricks=tricks, won=tv.won_by_seat(4, tricks), side_won=v.won, laws=laws, places=places)

    return tv.seat_table(shared, v.moment, player, hands, plays_for, tv.action_texts(v.legal))


@dataclass(frozen=True)
class BridgeView(tv.SeatDictView, View):
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
    tricks: tuple[Trick[Seat], ...]
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
    moment: dict[str, Any] | None = field(default=None, compare=False, repr=False)
    """What every seat's view of this moment shares (:func:`cardroom.core.view.moment`; None: build all)."""

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

    def _own_dict(self) -> dict[str, Any]:
        return {"seat": self.seat.letter, "hand": tv.card_list(self.hand)}

    def _shared_dict(self) -> dict[str, Any]:
        """The view as a dict but for the seat's own keys (``seat``, ``hand``, ``legal``, ``table``: placeholders
        here): the same for every seat at one moment."""
        return {
            "seat": None,
            "dealer": self.dealer.letter,
            "vulnerable": {"NS": self.vulnerable[0], "EW": self.vulnerable[1]},
            "phase": self.phase,
            "hand": None,
            "dummy": self.dummy.letter if self.dummy is not None else None,
            "dummy_hand": None if self.dummy_hand is None else tv.card_list(self.dummy_hand),
            "auction": [str(c) for c in self.calls],
            "contract": None if self.contract is None else self.contract.text,
            "declarer": None if self.contract is None else self.contract.declarer.letter,
            **play_dict(self.trick_leader, self.trick, self.tricks, self.won, self.to_act, self.hand_to_play, ()),
            **({} if not self.laws else {"laws": {
                "ruling": self.ruling,
                "face_up": {Seat(i).letter: [str(c) for c in cards_of_mask(m)] for i, m in enumerate(self.face_up)
                            if m},
                "restrictions": list(self.restrictions),
                "irregularities": list(self.irregularities)}}),
            "table": None,
        }
