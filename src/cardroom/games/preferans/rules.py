"""Preferans, one deal: the deal in twos, the auction, the talon, whisting, the play, raspasy.

The general chapters of document 004 are lost; these rules follow the 1997 Code of Preferans
and common practice, with the surviving rules of the document on top (docs/rules/preferans.md):

* 32 cards (7–A), three active players each dealt 10 cards two at a time from the dealer's
  left, the two-card talon put aside after the first round; with four players the dealer takes
  no cards ("sits on the talon").
* The auction goes round from the dealer's left on the ladder 6♠ < 6♣ < 6♦ < 6♥ < 6NT < 7♠ …
  < 8NT < misère < misère without talon < 9♠ … < 10NT. A bid must be higher than the last one,
  except that a player sitting earlier than the last bidder may claim the same bid by saying
  «здесь» (document 004 §2.3). A player who passed stays out; misère may only be a player's
  first bid and its bidder bids no further (he may still say «здесь» to a misère without talon,
  as in the document's example). The auction ends when all but one have passed; if all pass,
  raspasy are played.
* The winner takes the talon (shown to everybody), discards two cards and names a game not
  lower than his bid (§2.4). Misère without talon leaves the talon closed.
* The defenders whist or pass in turn from the declarer's left; on a six or seven the second
  defender, after the first passed, may say half-whist, and the first may then return the whist.
  With four players the dealer may return the whist after both defenders passed (Sochi §3.8)
  where the variant allows. A lone whister chooses an open or a closed defence; an open
  defence is played by the whister from both hands.
* Play: follow suit; a player void in the suit led must trump if he can; the highest trump,
  else the highest card of the suit led, wins; the first hand leads to the first trick and the
  winner of a trick leads to the next. On misère the defenders' cards are opened after the
  first trick.
* Raspasy: no trumps; the talon cards are turned for the first two tricks and set their suit
  (options ``raspasy_talon_three`` / ``raspasy_talon_four``).
* On a whisted game the declarer may concede N tricks down before the opening lead («без одной» …,
  option ``concede_max``): the deal ends without play, the defence credited the rest.
* Four players: the misère winner may invite the dealer, showing him his cards; an accepted
  invitation shares the misère's result (document 004 §2.3 item 5, option ``misere_invitation``).
* Before his first discard the talon-taker of a game may declare «преферанс» (Sochi §3.11, option
  ``preferans_declaration``; the hand is shown to all, a qualifying one ends the deal — ``declaration.py``)
  or refuse the talon (Sochi C9, option ``talon_refusal_penalty``: the deal is annulled, the penalty scored).
* Ural whisting (§7.3, option ``whist_sequences="ural"``): «Вист – Пас – Полвиста – Вист/Пас», «Пас – Пас – Вист»,
  and the 4-player dealer choosing a defender's hand (``hand-S``) for an open or closed whist when nobody whists.
* Raspasy with passing (Kazakh §8 item 8, option ``raspasy_with_passing``): the first hand takes the talon
  unseen, two cards are passed face down twice to the left, the third hand discards two.
* «Сталинград» (Piter §9.4, option ``stalingrad``): both defenders must whist a 6♠ (``PrefVariant.whist_compulsory``);
  Ural §7.2 «Игр без прикупа нет» (``games_without_talon``): no misère without talon in the auction.
* Piter (§9.2, §9.4, option ``choices_by_player``): after an unwhisted game, a made misère, or raspasy with no
  trick taken, the player chooses ``pulya`` or ``gora`` (double off the gora) before the deal is over.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING, Any, ClassVar

from cardroom.core import view as tv
from cardroom.core.cards import PIQUET_PACK_MASK, SUIT_MASKS, Card, CardSet, cards_of_mask
from cardroom.core.claims import Claimable
from cardroom.core.clone import Cloneable
from cardroom.core.deal import Deal
from cardroom.core.errors import IllegalAction, Reason, parse_either
from cardroom.core.game import Action, State, View
from cardroom.core.table import Table
from cardroom.core.tricks import MUST_TRUMP, TrickPlay, natural_winner
from cardroom.core.turns import LawsTurn
from cardroom.core.view import LawsState, Phase, PlayedTrick, TableView, action_texts, memo, phase_of, tricks_of
from cardroom.games.preferans.calls import (
    ACCEPT,
    CLOSED,
    DECLINE,
    HALF_WHIST,
    HERE,
    INVITE,
    MISERE_NO_TALON,
    OFF_GORA,
    OPEN,
    PASS,
    PLAY,
    PREFERANS,
    REFUSE_TALON,
    TO_PULYA,
    WHIST,
    PrefCall,
    concede,
    conceded_of,
    extra_contract,
    hand_call,
    hand_of,
)
from cardroom.games.preferans.declaration import is_preferans_hand
from cardroom.games.preferans.foreign import heading_cards
from cardroom.games.preferans.result import PrefDealResult
from cardroom.i18n import Where

if TYPE_CHECKING:
    from cardroom.games.preferans.game import Preferans
    from cardroom.games.preferans.laws import PrefDirector
    from cardroom.games.preferans.variants import PrefVariant

(PH_DEAL, PH_AUCTION, PH_DISCARD, PH_DECLARE, PH_WHIST, PH_DEFENCE, PH_PLAY, PH_OVER, PH_CONCEDE,
 PH_INVITE, PH_PASSING, PH_CHOICE) = range(12)
PHASE_NAMES = ("deal", "auction", "discard", "declare", "whist", "defence", "play", "over", "concede", "invite",
               "passing", "choice")


def deal_in_twos(pack: Sequence[Card], active: Sequence[int], players: int) -> Deal:
    """Deal 10 cards to each active seat, two at a time from the first hand; the talon (two cards)
    is put aside after the first round."""
    hands = [0] * players
    i = 0
    talon = 0
    for rnd in range(5):
        for seat in active:
            for _ in range(2):
                hands[seat] |= 1 << pack[i]
                i += 1
        if rnd == 0:
            talon = (1 << pack[i]) | (1 << pack[i + 1])
            i += 2
    return Deal(tuple(hands), talon)


def _pref_trick(leader: int, plays: tuple[tuple[int, Card], ...], winner: int, cards: tuple[Card, ...]) -> Any:
    return (plays, winner)


class PrefDeal(Cloneable, Claimable, TrickPlay, LawsTurn, State):
    """One deal of preferans. ``rules``: its options, the variant itself (:class:`PrefVariant`, read by its
    own option names; the game's when not given); ``players``: 3 or 4 (the game's when not given)."""

    game: Preferans
    TRICKS = 10
    DEAL_PHASE = PH_DEAL
    OVER_PHASE = PH_OVER
    phase: int
    credit = (0, 1, 2, 3)  # each for himself
    trick_record = staticmethod(_pref_trick)

    @staticmethod
    def game_value(variant: PrefVariant, call: PrefCall) -> int:
        """What a game is worth on this rule set's sheet, for the search bot's expected scores (the view's
        ``game_value``): the variant's price of its level (§2.8); the Greek cash box and F2 override it."""
        return variant.price(call.level)
  # a finished trick: (plays, winner seat)
    trick: list[tuple[int, Card]]
    tricks: list[tuple[tuple[tuple[int, Card], ...], int]]
    next_seat: int
    trump: int | None

    def __init__(self, game: Preferans, dealer: int = 0, raspasy_round: int = 1,
                 rules: PrefVariant | None = None, forbid_six: bool = False,
                 forced_raspasy: bool = False, players: int | None = None) -> None:
        self.game = game
        self.rules = rules if rules is not None else game.variant  # the options: the variant itself
        n = players if players is not None else game.players
        if n not in (3, 4):
            raise IllegalAction(Reason("pref.players", n=n))
        self.players = n
        self.dealer = dealer % n
        # three play a deal, from the dealer's left; the fourth player's dealer sits out
        self.active = tuple(Table(n, partnerships=False).active_seats(self.dealer, 3))
        self.raspasy_round = raspasy_round  # the round these raspasy would be, if all pass
        self.forbid_six = forbid_six
        self.forced_raspasy = forced_raspasy  # Piter races: mandatory raspasy, no auction
        self._history: list[Any] = []
        self.phase = PH_DEAL
        self.original: tuple[int, ...] = ()
        self.talon = 0
        self.talon_shown = False
        self.discard = 0
        # auction
        self.calls: list[tuple[int, PrefCall]] = []
        self.passed: set[int] = set()
        self.bid: PrefCall | None = None
        self.bidder: int | None = None
        self.misere_bidders: set[int] = set()
        self.has_bid: set[int] = set()
        self.turn_index = 0  # index into active of the seat to act in the auction
        # contract
        self.declarer: int | None = None
        self.contract: PrefCall | None = None
        self.kind = ""
        # whisting
        self.whist_calls: list[tuple[int, PrefCall]] = []
        self.whisters: list[int] = []
        self.whist_queue: list[int] = []
        self.half_whister: int | None = None
        self.returned_by: int | None = None
        self.open_defence = False
        self.defence_chooser: int | None = None
        self.conceded = 0  # tricks conceded without play
        # the dealer's invitation to a misère: None (not asked), "asked", "accepted", "declined"
        self.invitation: str | None = None
        # play
        # the trick play: (seat or -1 for a talon card, card) pairs; each player for himself
        self.init_play([0] * n, self.active[0], tuple(self._next_active(x) if x in self.active else self.active[0]
                                                      for x in range(n)), follow=MUST_TRUMP, trick_size=3)
        self.talon_tricks = 0
        self.talon_order: list[Card] = []
        self.defenders_open = False
        # the «преферанс» declaration (§3.11): the twelve cards shown to all, 0 if not declared
        self.preferans_shown = 0
        # the Ural dealer whisting with a defender's hand (§7.3): that seat
        self.dealer_hand: int | None = None
        # raspasy with passing (Kazakh §8 item 8): (giver, receiver, card) in order; the third hand's discard
        self.passes: list[tuple[int, int, Card]] = []
        self.discarder: int | None = None
        # Piter choices (§9.2, §9.4): seats still to choose, and the choices made
        self.choice_queue: list[int] = []
        self.choices: list[tuple[int, PrefCall]] = []
        # laws mode (games/preferans/laws.py): the director's state; None in casual play
        self.laws: PrefDirector | None = None
        if self.rules.laws:
            from cardroom.games.preferans.laws import PrefDirector

            self.laws = PrefDirector()

    # ----------------------------------------------------------------- helpers
    @property
    def first_hand(self) -> int:
        return self.active[0]

    def _next_active(self, seat: int) -> int:
        i = self.active.index(seat)
        return self.active[(i + 1) % 3]

    def controller(self, seat: int) -> int:
        """Who decides for a hand: an open defence is played by the whister from both hands;
        a dealer who returned the whist plays the defenders' hands."""
        if self.phase == PH_PLAY and self.kind == "game" and seat != self.declarer:
            if self.returned_by is not None and self.returned_by == self.dealer and self.players == 4:
                if self.dealer_hand is not None and not self.open_defence and seat != self.dealer_hand:
                    return seat  # Ural §7.3, closed: the dealer plays the hand he chose, the other its own
                return self.dealer
            if self.open_defence and len(self.whisters) == 1:
                return self.whisters[0]
        return seat

    # ----------------------------------------------------------------- protocol
    def player_to_act(self) -> int | None:
        if self.phase == PH_PLAY:
            return self.controller(self.next_seat)
        if self.phase in (PH_DISCARD, PH_DECLARE):
            return self.declarer
        if self.phase == PH_CHOICE:
            return self.choice_queue[0]
        if self.phase == PH_DEFENCE:
            return self.defence_chooser
        if self.phase == PH_CONCEDE:
            return self.declarer
        if self.phase == PH_INVITE:
            return self.dealer if self.invitation == "asked" else self.declarer
        return self.next_seat

    @property
    def hand_to_play(self) -> int | None:
        return self.next_seat if self.phase == PH_PLAY else None

    @property
    def is_over(self) -> bool:
        return self.phase == PH_OVER

    @property
    def history(self) -> Sequence[Any]:
        return self._history

    def legal_actions(self) -> list[Any]:
        if self.laws is not None:
            from cardroom.games.preferans import laws as lawplay

            return lawplay.legal_actions(self)
        return self._base_legal_actions()

    def _base_legal_actions(self) -> list[Any]:
        p = self.phase
        if p == PH_PLAY:
            return self._legal_cards()
        if p == PH_AUCTION:
            return self._legal_bids()
        if p == PH_DISCARD:
            assert self.declarer is not None
            return [*cards_of_mask(self.hands[self.declarer]), *self._legal_talon_calls()]
        if p == PH_PASSING:
            return cards_of_mask(self.hands[self.next_seat])
        if p == PH_CHOICE:
            return [TO_PULYA, OFF_GORA]
        if p == PH_DECLARE:
            return self._legal_declarations()
        if p == PH_WHIST:
            return self._legal_whist_calls()
        if p == PH_DEFENCE:
            return self._legal_defence()
        if p == PH_CONCEDE:
            return self._legal_concessions()
        if p == PH_INVITE:
            return [DECLINE, ACCEPT] if self.invitation == "asked" else [PLAY, INVITE]
        return []

    # ----------------------------------------------------------------- auction
    def _legal_bids(self) -> list[PrefCall]:
        seat = self.next_seat
        out: list[PrefCall] = [PASS]
        cur = self.bid
        earlier = self.bidder is not None and self._earlier(seat, self.bidder)
        if seat in self.misere_bidders:
            if cur is not None and cur == MISERE_NO_TALON and earlier:
                out.append(HERE)
            return out
        rules = self.rules
        first_call = all(s != seat for s, _ in self.calls)
        if (cur is not None and earlier and seat != self.bidder and not (cur.is_misere and seat in self.has_bid)
                and not (rules.aus_den_handen and cur.without_talon and not first_call)):
            out.append(HERE)
        for c in rules.above(cur):
            if c.is_misere and seat in self.has_bid and extra_contract(c) is None:
                continue  # misère only as the first bid
            if rules.aus_den_handen and c.without_talon and not first_call:
                continue  # F3: aus den Händen is announced «до начала торговли» (the player's first call)
            if c == MISERE_NO_TALON and not self.rules.offers_misere_without_talon():
                continue
            if self.forbid_six and c.is_game and c.level == 6:
                continue
            out.append(c)
        return out

    def _earlier(self, a: int, b: int) -> bool:
        return self.active.index(a) < self.active.index(b)

    def _auction_call(self, call: PrefCall) -> None:
        seat = self.next_seat
        legal = self._legal_bids()
        if call not in legal:
            if call.is_bid and self.bid is not None and self.rules.rank(call) <= self.rules.rank(self.bid):
                raise IllegalAction(Reason("pref.bid_not_higher", seat=seat, call=call, bid=self.bid), seat=seat,
                                    action=call)
            raise IllegalAction(Reason("pref.may_not_call", seat=seat, call=call, legal=' '.join(map(str, legal))),
                                seat=seat, action=call)
        self.calls.append((seat, call))
        if call == PASS:
            self.passed.add(seat)
        elif call == HERE:
            self.bidder = seat
        else:
            self.bid = call
            self.bidder = seat
            self.has_bid.add(seat)
            if call.is_misere and extra_contract(call) is None:
                self.misere_bidders.add(seat)
        # end?
        remaining = [s for s in self.active if s not in self.passed]
        if len(remaining) == 0:
            self._start_raspasy()
            return
        if len(remaining) == 1 and self.bid is not None and remaining[0] == self.bidder:
            self._won_auction(remaining[0])
            return
        nxt = self._next_active(seat)
        while nxt in self.passed:
            nxt = self._next_active(nxt)
        self.next_seat = nxt

    def _won_auction(self, seat: int) -> None:
        assert self.bid is not None
        self.declarer = seat
        if self.bid.is_misere and self.rules.misere_invitation and self.players == 4:
            self.phase = PH_INVITE  # 004 §2.3 item 5: he may invite the dealer to share the misère
            return
        self._take_talon()

    def _take_talon(self) -> None:
        assert self.bid is not None and self.declarer is not None
        seat = self.declarer
        if self.bid.without_talon:
            self.contract = self.bid
            self._after_declaration()
            return
        self.talon_shown = True
        self.hands[seat] |= self.talon
        self.phase = PH_DISCARD

    # ----------------------------------------------------------------- talon and contract
    def _legal_talon_calls(self) -> list[PrefCall]:
        """Before his first discard the talon-taker of a game may declare «преферанс» (Sochi §3.11) or refuse
        the talon (Sochi C9), where the variant has the convention."""
        if self.discard or self.preferans_shown or self.bid is None or self.bid.is_misere:
            return []
        out: list[PrefCall] = []
        if self.rules.preferans_declaration:
            out.append(PREFERANS)
        if self.rules.talon_refusal_penalty != "none":
            out.append(REFUSE_TALON)
        return out

    def _talon_call(self, call: PrefCall) -> None:
        seat = self.declarer
        legal = self._legal_talon_calls()
        if call not in legal:
            allowed = " ".join(map(str, legal)) or Reason("pref.a_card_to_discard")
            raise IllegalAction(Reason("pref.may_not_say", seat=seat, call=call, legal=allowed), seat=seat, action=call)
        assert seat is not None and self.bid is not None
        if call == REFUSE_TALON:
            # Sochi C9: the deal ends without play; the scoring writes the penalty (talon_refusal_entries)
            self.hands[seat] &= ~self.talon
            self.contract = self.bid
            self.kind = "talon-refused"
            self.phase = PH_OVER
            return
        # §3.11: the hand is shown to all; a correct declaration ends the deal (and the game)
        self.preferans_shown = self.hands[seat]
        if is_preferans_hand(self.hands[seat], on_lead=seat == self.first_hand):
            self.contract = self.bid
            self.kind = "preferans"
            self.phase = PH_OVER

    def _discard(self, card: Card) -> None:
        seat = self.declarer
        assert seat is not None
        if not self.hands[seat] >> card & 1:
            raise IllegalAction(Reason("pref.discard_not_held", seat=seat, card=card), seat=seat, action=card)
        self.hands[seat] &= ~(1 << card)
        self.discard |= 1 << card
        if self.discard.bit_count() == 2:
            assert self.bid is not None
            if self.bid.is_misere:
                self.contract = self.bid
                self._after_declaration()
            else:
                self.phase = PH_DECLARE

    def _legal_declarations(self) -> list[PrefCall]:
        assert self.bid is not None
        rules = self.rules
        bid = rules.rank(self.bid)
        return [c for c in rules.ladder() if c.is_game and not c.without_talon and rules.rank(c) >= bid]

    def _declare(self, call: PrefCall) -> None:
        if call not in self._legal_declarations():
            raise IllegalAction(Reason("pref.declare_low", bid=self.bid, call=call),
                                seat=self.declarer, action=call)
        self.contract = call
        self._after_declaration()

    def _after_declaration(self) -> None:
        assert self.contract is not None and self.declarer is not None
        if self.contract.is_misere:
            self.kind = "misere"
            self._start_play()
            return
        self.kind = "game"
        if extra_contract(self.contract) is not None:
            # F1 «защитники не могут отказаться от игры»: both defend, each his own hand
            self.whisters = list(self._defenders())
            self._start_play()
            return
        if self.contract.level == 10 and not self.rules.ten_whisted:
            self._finish_unplayed()
            return
        d = self.declarer
        first = self._next_active(d)
        second = self._next_active(first)
        self.whist_queue = [first, second]
        self.phase = PH_WHIST
        self.next_seat = first

    # ----------------------------------------------------------------- whisting
    def _defenders(self) -> tuple[int, int]:
        assert self.declarer is not None
        first = self._next_active(self.declarer)
        return first, self._next_active(first)

    def _whist_seq(self) -> tuple[PrefCall, ...]:
        """The defenders' whist calls in order (the 4-player dealer's are not part of the sequence)."""
        return tuple(c for s, c in self.whist_calls if not (s == self.dealer and self.players == 4))

    def _legal_whist_calls(self) -> list[PrefCall]:
        seat = self.next_seat
        assert self.contract is not None and self.declarer is not None
        level = self.contract.level
        if seat == self.dealer and self.players == 4:
            if self.rules.whist_sequences == "ural":  # §7.3: the dealer chooses a defender's hand for a possible whist
                first, second = self._defenders()
                return [PASS, hand_call(first), hand_call(second)]
            return [WHIST, PASS]
        if self.rules.whist_compulsory(self.contract):
            return [WHIST]  # «Сталинград» (Piter §9.4): both defenders whist a 6♠
        seq = self._whist_seq()
        if len(seq) == 1 and seq[0] == PASS and self.rules.half_whist and level in (6, 7):
            if self.rules.whist_sequences == "ural":
                return [WHIST, HALF_WHIST]  # §7.3: no «Пас – Пас» on six and seven (the list is complete)
            return [WHIST, PASS, HALF_WHIST]
        return [WHIST, PASS]

    def _whist_call(self, call: PrefCall) -> None:
        seat = self.next_seat
        legal = self._legal_whist_calls()
        if call not in legal and self.rules.whist_compulsory(self.contract):
            raise IllegalAction(Reason("pref.stalingrad", seat=seat, call=call), seat=seat, action=call)
        if call not in legal:
            raise IllegalAction(Reason("pref.may_not_say", seat=seat, call=call, legal=' '.join(map(str, legal))),
                                seat=seat, action=call)
        assert self.declarer is not None
        first, second = self._defenders()
        self.whist_calls.append((seat, call))
        if seat == self.dealer and self.players == 4:
            self._dealer_whist(call)
            return
        W, P, H = WHIST, PASS, HALF_WHIST
        seq = self._whist_seq()
        if len(seq) == 1:
            if call == W:
                self.whisters.append(seat)
            self.next_seat = second
        elif seq in ((W, W), (W, P), (P, W)):
            if call == W:
                self.whisters.append(seat)
            self._after_whists()
        elif seq == (P, H):
            self.half_whister = seat
            self.next_seat = first  # the first defender may return the whist
        elif seq == (P, P):
            if self.rules.whist_sequences == "ural":
                self.next_seat = first  # §7.3 «Пас – Пас – Вист»: the first defender may return the whist
            else:
                self._after_whists()
        elif seq in ((P, H, W), (P, P, W)):
            self._returned(first)
        elif seq == (W, P, H, W):
            self._returned(second)  # §7.3: the second returns the whist the first reduced to a half-whist
        elif seq == (P, H, P) and self.rules.whist_sequences != "ural":
            self._finish_unplayed()  # the Code: the half-whist stands
        else:  # («Пас – Полвиста – Пас», «Вист – Пас – Полвиста – Пас», «Пас – Пас – Пас»)
            self._nobody_whists()

    def _returned(self, seat: int) -> None:
        self.returned_by = seat
        self.whisters = [seat]
        self.half_whister = None
        self._choose_defence(seat)

    def _nobody_whists(self) -> None:
        """Nobody whists (a half-whist may stand): the 4-player dealer may still whist (Sochi §3.8, Ural §7.3)."""
        if self.players == 4 and self.rules.dealer_returns_whist:
            self.next_seat = self.dealer
            return
        self._finish_unplayed()

    def _dealer_whist(self, call: PrefCall) -> None:
        """The 4-player dealer's return of the whist: Sochi §3.8 an open defence from both hands; Ural §7.3
        «сдатчик выбирает руку для возможного виста, в светлую или втемную»."""
        if call == PASS:
            self._finish_unplayed()
            return
        self.returned_by = self.dealer
        self.whisters = [self.dealer]
        self.half_whister = None
        chosen = hand_of(call)
        if chosen is None:
            self.open_defence = True
            self._start_whisted_play()
            return
        self.dealer_hand = chosen
        self._choose_defence(self.dealer)

    def _after_whists(self) -> None:
        if not self.whisters:
            self._nobody_whists()
            return
        if len(self.whisters) == 2:
            self.open_defence = False
            self._start_whisted_play()
            return
        self._choose_defence(self.whisters[0])

    def _legal_defence(self) -> list[PrefCall]:
        """Open or closed; Ural §7.3 «Вист – Пас – Полвиста»: on a six or seven the first defender who whisted
        alone may instead reduce to a half-whist after the second passed."""
        out = [CLOSED, OPEN]
        assert self.contract is not None
        if (self.rules.whist_sequences == "ural" and self.rules.half_whist and self.contract.level in (6, 7)
                and self._whist_seq() == (WHIST, PASS) and self.defence_chooser == self._defenders()[0]):
            out.append(HALF_WHIST)
        return out

    def _choose_defence(self, whister: int) -> None:
        self.defence_chooser = whister
        self.phase = PH_DEFENCE

    def _defence(self, call: PrefCall) -> None:
        legal = self._legal_defence()
        if call not in legal:
            raise IllegalAction(Reason("pref.whister_chooses", legal=' or '.join(map(str, legal)), call=call),
                                seat=self.defence_chooser, action=call)
        if call == HALF_WHIST:
            first, second = self._defenders()
            self.whist_calls.append((first, HALF_WHIST))
            self.whisters = []
            self.half_whister = first
            self.defence_chooser = None
            self.phase = PH_WHIST
            self.next_seat = second  # «Вист – Пас – Полвиста – Вист/Пас»
            return
        self.open_defence = call == OPEN
        self._start_whisted_play()

    def _start_whisted_play(self) -> None:
        """A whisted game: the declarer may first concede tricks without play (option ``concede_max``)."""
        if self._legal_concessions()[1:]:
            self.phase = PH_CONCEDE
            return
        self._start_play()

    # ----------------------------------------------------------------- concession, invitation
    def _legal_concessions(self) -> list[PrefCall]:
        assert self.contract is not None
        top = min(self.rules.concede_max, self.contract.level) if self.contract.is_game else 0
        return [PLAY, *(concede(n) for n in range(1, top + 1))]

    def _concede_call(self, call: PrefCall) -> None:
        legal = self._legal_concessions()
        if call not in legal:
            raise IllegalAction(Reason("pref.play_or_concede", call=call, legal=' '.join(map(str, legal))),
                                seat=self.declarer, action=call)
        n = conceded_of(call)
        if n == 0:
            self._start_play()
            return
        self._finish_conceded(n)

    def _finish_conceded(self, n: int) -> None:
        """The declarer concedes ``n`` tricks down: no play; he is credited level − n tricks and the defence
        the rest, two whisters sharing them equally (the odd trick to the one who whisted first), a lone
        whister (or one who returned the whist) taking them all."""
        assert self.contract is not None and self.declarer is not None
        d = self.declarer
        self.conceded = n
        mine = self.rules.tricks_required(self.contract) - n
        self.won[d] = mine
        defence = 10 - mine
        order = [s for s, c in self.whist_calls if c == WHIST and s in self.whisters]
        order += [w for w in self.whisters if w not in order]
        if len(order) >= 2:
            self.won[order[0]] = defence - defence // 2
            self.won[order[1]] = defence // 2
        else:
            w = order[0] if order else self._next_active(d)
            if w not in self.active:  # the 4-player dealer who returned the whist: the defenders' tricks
                w = self._next_active(d)
            self.won[w] = defence
        self.phase = PH_OVER

    # ----------------------------------------------------------------- claims (core/claims.py)
    def claim_in_play(self) -> bool:
        return self.phase == PH_PLAY and self.kind in ("game", "misere") and self.declarer is not None

    def claim_finish(self) -> None:
        self._finish()

    def claim_refusal(self, seat: int) -> Reason | None:
        why = super().claim_refusal(seat)
        if why is None and seat != self.declarer:
            return Reason("claim.declarer_only")
        return why

    def claim_credit(self, seat: int, tricks: int, rest: int) -> None:
        """The declarer takes ``tricks``; the defence the rest, shared as a concession's are
        (:meth:`_finish_conceded`): two whisters equally, the odd trick to the first; else the first
        defender in play."""
        self.won[seat] += tricks
        order = [s for s, c in self.whist_calls if c == WHIST and s in self.whisters]
        order += [w for w in self.whisters if w not in order and w in self.active]
        if len(order) >= 2:
            self.won[order[0]] += rest - rest // 2
            self.won[order[1]] += rest // 2
        else:
            self.won[order[0] if order else self._next_active(seat)] += rest

    def claim_minimizes(self, seat: int) -> bool:
        return self.kind == "misere"

    def claim_best(self, seat: int) -> int | None:
        """The preferans solver (:func:`cardroom.solve.preferans.solve_state`, F1's compulsory beating
        included): the declarer's tricks to come."""
        from cardroom.solve.preferans import solve_state

        return solve_state(self).tricks[seat] - self.won[seat]

    def _invite_call(self, call: PrefCall) -> None:
        legal = self.legal_actions()
        if call not in legal:
            who = self.dealer if self.invitation == "asked" else self.declarer
            raise IllegalAction(Reason("pref.may_not_say", seat=who, call=call, legal=' '.join(map(str, legal))),
                                seat=who, action=call)
        if call == INVITE:
            self.invitation = "asked"  # the inviter shows his cards to the dealer
            return
        if call == ACCEPT:
            self.invitation = "accepted"
        elif call == DECLINE:
            self.invitation = "declined"
        self._take_talon()

    # ----------------------------------------------------------------- play
    def _start_raspasy(self) -> None:
        self.kind = "raspasy"
        self.declarer = None
        self.contract = None
        if self.rules.raspasy_with_passing:
            # Kazakh §8 item 8: the first hand takes the talon unseen and passes two cards face down to his
            # left; that player does the same; the third, having received them, discards two
            self.hands[self.first_hand] |= self.talon
            self.phase = PH_PASSING
            self.next_seat = self.first_hand
            return
        if self.rules.raspasy_talon(self.players) != "closed":
            self.talon_order = cards_of_mask(self.talon)
        self._start_play()

    def _pass_card(self, card: Card) -> None:
        seat = self.next_seat
        if not self.hands[seat] >> card & 1:
            raise IllegalAction(Reason("pref.pass_not_held", seat=seat, card=card), seat=seat, action=card)
        self.hands[seat] &= ~(1 << card)
        step = len(self.passes) + self.discard.bit_count()
        if step >= 4:  # the third hand discards
            self.discard |= 1 << card
            self.discarder = seat
            if self.discard.bit_count() == 2:
                self._start_play()
            return
        receiver = self._next_active(seat)
        self.passes.append((seat, receiver, card))
        self.hands[receiver] |= 1 << card
        if step % 2 == 1:
            self.next_seat = receiver

    def _passed_seen(self, seat: int) -> int:
        """Cards passed on raspasy with passing that ``seat`` gave or received (nobody else sees them)."""
        m = 0
        for giver, receiver, card in self.passes:
            if seat in (giver, receiver):
                m |= 1 << card
        return m

    def _start_play(self) -> None:
        self.phase = PH_PLAY
        self.leader = self.next_seat = self.first_hand
        self.trick = []
        self.trump = self._trump()
        self._maybe_talon_card()

    def _maybe_talon_card(self) -> None:
        """On raspasy the talon cards are turned one at a time for the first two tricks."""
        if self.kind == "raspasy" and self.talon_order and len(self.tricks) < 2 and not self.trick:
            card = self.talon_order[len(self.tricks)]
            self.trick.append((-1, card))
            self.trick_size = 4  # the talon card and the three players' cards
            self.talon_shown = True
            self.played |= 1 << card

    def _legal_cards(self) -> list[Card]:
        legal = self._plain_legal_cards()
        if self.laws is not None:
            from cardroom.games.preferans import laws as lawplay

            return lawplay.restrict_plays(self, legal)
        return legal

    def _plain_legal_cards(self) -> list[Card]:
        """Follow suit, else trump (the rules without the laws' penalty cards); F1 (``must_beat``): head the
        trick when able."""
        if self.rules.must_beat and self.trick:
            return heading_cards(self.legal_cards(), self.trick, self.trump)
        return self.legal_cards()

    def _trump(self) -> int | None:
        if self.kind == "game" and self.contract is not None:
            return self.contract.trump
        return None

    def _play(self, card: Card) -> None:
        seat = self.next_seat
        hand = self.hands[seat]
        if not hand >> card & 1:
            if self.played >> card & 1:
                raise IllegalAction(Reason("pref.played_already", card=card, seat=seat), seat=seat,
                                    action=card)
            raise IllegalAction(Reason("pref.not_held", seat=seat, card=card), seat=seat, action=card)
        if card not in self._legal_cards():
            if self.laws is not None and card in self._plain_legal_cards():
                pen = CardSet(self.laws.penalty_cards.get(seat, 0) & hand)
                raise IllegalAction(Reason("pref.penalty_card", seat=seat, pen=pen, card=card), seat=seat,
                                    action=card)
            if self.rules.must_beat and card in self.legal_cards():
                raise IllegalAction(Reason("pref.must_beat", seat=seat, card=card,
                                           cards=CardSet(sum(1 << c for c in self._plain_legal_cards()))),
                                    seat=seat, action=card)
            led = Reason(f"pref.suit_{self.trick[0][1].suit.name.lower()}")  # "spades" (Russian: «пик»)
            trump = self._trump()
            if hand & SUIT_MASKS[self.trick[0][1] // 13]:
                why = Reason("pref.led_holds", led=led, seat=seat,
                             cards=CardSet(hand & SUIT_MASKS[self.trick[0][1] // 13]))
                raise IllegalAction(Reason("pref.must_follow", seat=seat, why=why, card=card), seat=seat, action=card)
            assert trump is not None
            raise IllegalAction(Reason("pref.must_trump", seat=seat, led=led,
                                       trumps=CardSet(hand & SUIT_MASKS[trump]), card=card), seat=seat, action=card)
        self._enter_card(seat, card)

    def _enter_card(self, seat: int, card: Card) -> None:
        """Play ``card`` from ``seat``'s hand (already found acceptable) and move on."""
        if self.enter_card(seat, card):
            self._after_trick()

    def trick_winner(self, plays: Sequence[tuple[int, Card]], cards: Sequence[Card]) -> int:
        if plays[0][0] == -1 and self.rules.raspasy_talon(self.players) == "dealer" and self.players == 4:
            # Sochi, four players: the talon card is the dealer's and may take the trick
            w = natural_winner(cards, None)
        elif plays[0][0] == -1:
            # the talon card sets the suit and takes nothing; if nobody has the suit, the first
            # hand's card sets it (documented choice)
            suit = cards[0] // 13
            followers = [i for i in range(1, len(cards)) if cards[i] // 13 == suit]
            w = max(followers, key=lambda i: cards[i]) if followers else 1 + natural_winner(cards[1:], None)
        else:
            w = natural_winner(cards, self.trump)
        winner = plays[w][0]
        return self.dealer if winner == -1 else winner

    def _after_trick(self) -> None:
        if self.tricks[-1][1] not in self.active:  # the talon card took it, for the dealer who sits out
            self.talon_tricks += 1
        if self.kind == "misere" and len(self.tricks) == 1 and extra_contract(self.contract) is None:
            self.defenders_open = True  # (F1's Bettel «ловится втемную»: the defenders' cards stay closed)
        if len(self.tricks) == 10:
            self._finish()
            return
        if self.next_seat not in self.active:
            self.leader = self.next_seat = self.first_hand
        self.trick_size = 3
        self._maybe_talon_card()

    def _finish_unplayed(self) -> None:
        assert self.contract is not None and self.declarer is not None
        self.kind = "unplayed"
        self.won[self.declarer] = self.rules.tricks_required(self.contract)
        self._finish()

    def _finish(self) -> None:
        """The deal is over, unless a player still chooses how his points are written (Piter §9.2, §9.4)."""
        if self.laws is not None:
            from cardroom.games.preferans import laws as lawplay

            lawplay.on_finish(self)  # established revokes transfer tricks
        self.choice_queue = self._choosers() if self.rules.choices_by_player else []
        self.phase = PH_CHOICE if self.choice_queue else PH_OVER

    def _choosers(self) -> list[int]:
        """Piter §9.4: the declarer of an unwhisted game or of a made misère; §9.2: every player (the 4-player
        dealer too, where he is scored on raspasy) who took no trick on raspasy."""
        if self.kind == "unplayed" or (self.kind == "misere" and self.declarer is not None
                                       and self.won[self.declarer] == 0):
            assert self.declarer is not None
            return [self.declarer]
        if self.kind == "raspasy":
            seats = list(self.active)
            if self.rules.choice_dealer(self.players):
                seats.append(self.dealer)
            return [s for s in seats if self.won[s] == 0]
        return []

    def _choice_call(self, call: PrefCall) -> None:
        seat = self.choice_queue[0]
        if call not in (TO_PULYA, OFF_GORA):
            raise IllegalAction(Reason("pref.pulya_or_gora", seat=seat, call=call), seat=seat,
                                action=call)
        self.choices.append((seat, call))
        self.choice_queue.pop(0)
        if not self.choice_queue:
            self.phase = PH_OVER

    # ----------------------------------------------------------------- apply
    def sample_chance(self, rng: random.Random) -> Deal:
        if self.phase != PH_DEAL:
            raise IllegalAction(Reason("pref.no_chance"))
        pack = cards_of_mask(PIQUET_PACK_MASK)
        rng.shuffle(pack)
        return deal_in_twos(pack, self.active, self.players)

    def apply(self, action: Any) -> None:
        if self.laws is not None:
            from cardroom.core.laws import atomic
            from cardroom.games.preferans import laws as lawplay

            # an irregular action or a ruling (raises, state unchanged)
            if atomic(self, lambda: lawplay.apply(self, action), action):
                self._history.append(action)
                return
        p = self.phase
        if p == PH_PLAY:
            if type(action) is not Card:
                raise IllegalAction(Reason("pref.card_now", action=action), action=action)
            self._play(action)
        elif p == PH_DEAL:
            if not isinstance(action, Deal):
                raise IllegalAction(Reason("pref.deal_first", action=action), action=action)
            self._deal(action)
        elif p == PH_DISCARD:
            if type(action) is PrefCall:
                self._talon_call(action)
            elif type(action) is not Card:
                raise IllegalAction(Reason("pref.discard_two", action=action), action=action)
            else:
                self._discard(action)
        elif p == PH_PASSING:
            if type(action) is not Card:
                raise IllegalAction(Reason("pref.pass_card_now", action=action), action=action)
            self._pass_card(action)
        elif p == PH_OVER:
            raise IllegalAction(Reason("pref.deal_over", action=action), action=action)
        else:
            if type(action) is not PrefCall:
                raise IllegalAction(Reason("pref.call_now", phase=PHASE_NAMES[p], action=action), action=action)
            if p == PH_AUCTION:
                self._auction_call(action)
            elif p == PH_DECLARE:
                self._declare(action)
            elif p == PH_WHIST:
                self._whist_call(action)
            elif p == PH_CONCEDE:
                self._concede_call(action)
            elif p == PH_INVITE:
                self._invite_call(action)
            elif p == PH_CHOICE:
                self._choice_call(action)
            else:
                self._defence(action)
        self._history.append(action)

    def _deal(self, deal: Deal) -> None:
        n = self.players
        if len(deal.hands) != n or deal.rest.bit_count() != 2:
            raise IllegalAction(Reason("pref.deal_shape", n=n), action=deal)
        total = deal.rest
        for s in range(n):
            want = 10 if s in self.active else 0
            if deal.hands[s].bit_count() != want:
                raise IllegalAction(Reason("pref.seat_cards", seat=s, want=want, n=deal.hands[s].bit_count()),
                                    action=deal)
            total |= deal.hands[s]
        if total != PIQUET_PACK_MASK:
            raise IllegalAction(Reason("pref.deal_pack"), action=deal)
        self.original = tuple(deal.hands)
        self.hands = list(deal.hands)
        self.talon = deal.rest
        self.phase = PH_AUCTION
        self.next_seat = self.first_hand
        if self.forced_raspasy:
            self._start_raspasy()

    def _redeal(self) -> None:
        """Laws mode: the deal is void and the same dealer deals again (the history and the laws state
        are kept; nothing is scored for the void deal)."""
        history, laws = self._history, self.laws
        PrefDeal.__init__(self, self.game, self.dealer, self.raspasy_round, self.rules, self.forbid_six,
                          self.forced_raspasy, self.players)
        self._history, self.laws = history, laws

    # ----------------------------------------------------------------- results
    def result(self) -> PrefDealResult:
        if self.phase != PH_OVER:
            raise IllegalAction(Reason("pref.deal_not_over"))
        declarer = self.declarer
        defenders = [s for s in self.active if s != declarer] if declarer is not None else []
        passers = tuple(s for s in defenders if s not in self.whisters and s != self.half_whister)
        base = PrefDealResult(
            players=self.players, dealer=self.dealer, active=self.active, kind=self.kind, declarer=declarer,
            contract=None if self.contract is None else int(self.contract),
            level=self.contract.level if self.contract is not None and self.contract.is_game else 0,
            # a refused talon or a «преферанс» keep the bid as the contract (C9 prices the announced game)
            tricks=tuple(self.won), whisters=tuple(self.whisters), passers=passers,
            half_whister=self.half_whister, returned_by=self.returned_by, open_defence=self.open_defence,
            talon=self.talon, raspasy_round=self.raspasy_round if self.kind == "raspasy" else 0,
            talon_tricks=self.talon_tricks,
            whist_calls=tuple((s, str(c)) for s, c in self.whist_calls), conceded=self.conceded,
            partner=self.dealer if self.invitation == "accepted" else None,
            outbid_misere=self._outbid_misere(),
            choices=tuple((s, "pulya" if c == TO_PULYA else "gora_double") for s, c in self.choices),
            preferans_shown=self.preferans_shown, dealer_hand=self.dealer_hand,
            required=self._required(),
        )
        if self.laws is not None:
            from cardroom.games.preferans import laws as lawplay

            return lawplay.result(self, base)
        return base

    def _required(self) -> int:
        """Tricks the game needs where they are not its level (F3 aus den Händen); 0 otherwise."""
        return self.rules.required_beyond_level(self.contract, self.kind)

    def _outbid_misere(self) -> bool:
        """Piter §9.2: the contract is a nine or ten and a misère was bid in the auction (only a nine or
        higher outbids a misère)."""
        if self.contract is None or not self.contract.is_game or self.contract.level < 9:
            return False
        return any(c.is_misere for _, c in self.calls)

    # ----------------------------------------------------------------- views
    def _exposed_hands(self) -> list[int]:
        """Hands every player may see: an open defence, misère defenders after the first trick."""
        out: list[int] = []
        if self.phase == PH_PLAY or (self.phase in (PH_OVER, PH_CHOICE) and not self.conceded):
            if self.kind == "game" and self.open_defence:
                out = [s for s in self.active if s != self.declarer]
            if self.kind == "misere" and self.defenders_open:
                out = [s for s in self.active if s != self.declarer]
            x = extra_contract(self.contract)
            if x is not None and x.open_after_lead and (self.trick or self.tricks) and self.declarer is not None:
                out.append(self.declarer)  # F1 Plauderer, Offener Durchmarsch: face up after the first lead
        return out

    def visible_mask(self, seat: int) -> int:
        if self.phase == PH_DEAL:
            return 0
        m = self.hands[seat] | self.played
        if self.talon_shown and (self.kind != "raspasy"):
            m |= self.talon
        if seat == self.declarer or self._is_partner(seat) or seat == self.discarder:
            m |= self.discard  # the declarer knows his discard (and the dealer sharing his misère)
        for s in self._exposed_hands():
            m |= self.hands[s]
        m |= self._shown_to(seat)
        m |= self.preferans_shown | self._passed_seen(seat)
        if self.dealer_hand is not None and seat == self.dealer and self.phase == PH_PLAY:
            m |= self.hands[self.dealer_hand]  # the Ural dealer plays the hand he chose
        if self.laws is not None:
            m |= self.laws.face_up_mask(self)  # laws: cards shown, penalty cards, a card awaiting a ruling
        return m

    def _is_partner(self, seat: int) -> bool:
        return self.invitation == "accepted" and seat == self.dealer

    def _shown_to(self, seat: int) -> int:
        """004 §2.3 item 5: the misère declarer shows his cards to the dealer he invites; a partner sees the
        hand for the rest of the deal, a dealer who declined keeps knowing the cards he was shown."""
        if self.invitation is None or seat != self.dealer or self.declarer is None:
            return 0
        hand = self.hands[self.declarer]
        if self.invitation == "declined":
            return hand & self.original[self.declarer]
        return hand

    def view(self, seat: int) -> PrefView:
        to_act = self.to_act
        exposed = {s: self.hands[s] for s in self._exposed_hands() if s != seat}
        shown = self._shown_to(seat)
        if shown and self.declarer is not None:
            exposed[self.declarer] = exposed.get(self.declarer, 0) | shown
        if self.preferans_shown and self.declarer is not None and seat != self.declarer:
            exposed[self.declarer] = exposed.get(self.declarer, 0) | (self.preferans_shown & ~self.played)
        if self.dealer_hand is not None and seat == self.dealer and self.phase == PH_PLAY:
            exposed[self.dealer_hand] = exposed.get(self.dealer_hand, 0) | self.hands[self.dealer_hand]
        passed = self._passed_seen(seat)
        return PrefView(
            seat=seat, players=self.players, dealer=self.dealer, active=self.active,
            phase=PHASE_NAMES[self.phase], hand=self.hands[seat],
            talon=self.talon if self.talon_shown and self.kind != "raspasy" else 0,
            discard=self.discard if seat in (self.declarer, self.discarder) or self._is_partner(seat) else 0,
            calls=tuple(self.calls), bid=self.bid, declarer=self.declarer, contract=self.contract, kind=self.kind,
            whist_calls=tuple(self.whist_calls), open_defence=self.open_defence, exposed=exposed,
            trick=tuple(self.trick), tricks=tuple(self.tricks), won=tuple(self.won), to_act=to_act,
            hand_to_play=self.hand_to_play, legal=tuple(self.legal_actions()) if to_act == seat else (),
            raspasy_round=self.raspasy_round, passed=passed,
            choices=tuple(self.choices), game_value=partial(type(self).game_value, self.rules),
            must_beat=self.rules.must_beat,
            **({} if self.laws is None else self.laws.view_fields(self)),
            moment=None if self.laws is not None else tv.moment(self, len(self._history)),
        )

    def card_places(self) -> Mapping[str, int]:
        if self.phase == PH_DEAL:
            return {"pack": PIQUET_PACK_MASK}
        places = {f"hand:{s}": self.hands[s] for s in range(self.players)}
        t = 0
        for _, c in self.trick:
            t |= 1 << c
        in_hands = 0
        for h in self.hands:
            in_hands |= h
        places["talon"] = self.talon & ~self.played & ~self.discard & ~in_hands
        places["discard"] = self.discard
        places["trick"] = t
        places["quitted"] = self.played & ~t
        return places

    def snapshot(self) -> Mapping[str, Any]:
        return {
            "dealer": self.dealer, "phase": self.phase, "hands": tuple(self.hands), "talon": self.talon,
            "discard": self.discard, "calls": tuple(self.calls), "bid": self.bid, "declarer": self.declarer,
            "contract": self.contract, "kind": self.kind, "whist_calls": tuple(self.whist_calls),
            "whisters": tuple(self.whisters), "open": self.open_defence, "trick": tuple(self.trick),
            "tricks": tuple(self.tricks), "won": tuple(self.won), "next": self.next_seat,
            "history": tuple(self._history), "conceded": self.conceded, "invitation": self.invitation,
            "preferans_shown": self.preferans_shown, "dealer_hand": self.dealer_hand, "passes": tuple(self.passes),
            "choices": tuple(self.choices), "choice_queue": tuple(self.choice_queue),
            **({} if self.laws is None else {"laws": self.laws.snapshot()}),
        }

    def where(self) -> Where:
        if self.phase == PH_PLAY:
            return Where("trick_n", n=len(self.tricks) + 1)
        return Where(PHASE_NAMES[self.phase])

    def parse_action(self, text: str) -> Any:
        t = text.strip()
        if self.laws is not None:
            from cardroom.games.preferans import laws as lawplay

            law_action = lawplay.parse_law_action(t)
            if law_action is not None:
                return law_action
        if t.lower().startswith("deal "):
            return Deal.from_text(t)
        if self.phase in (PH_PLAY, PH_PASSING):
            return Card.parse(t)
        if self.phase == PH_DISCARD:
            return parse_either(t, Card.parse, PrefCall.parse)
        return parse_either(t, PrefCall.parse, Card.parse)

    def action_text(self, action: Any) -> str:
        if isinstance(action, Deal):
            return action.to_text()
        if isinstance(action, Action):
            return action.to_text()  # laws mode: irregular actions and rulings
        return str(action)

    # ----------------------------------------------------------------- laws port
    # What the laws (games/preferans/laws.py) do to the deal, as methods: no laws code writes its fields.
    def laws_next_active(self, seat: int) -> int:
        return self._next_active(seat)

    def laws_base_legal(self) -> list[Any]:
        """The rules' own actions (penalty cards narrowing the plays)."""
        return self._base_legal_actions()

    def laws_legal_cards(self, seat: int | None = None) -> list[Card]:
        """The cards the plain rules let ``seat`` (the hand to play if None) play now."""
        from cardroom.core.laws import turn_of

        if seat is None:
            return self._plain_legal_cards()
        with turn_of(self, seat):
            return self._plain_legal_cards()

    def laws_redeal(self) -> None:
        """The cards are dealt again by the same dealer (P1, P2)."""
        self._redeal()

    def laws_discard(self, card: Card) -> None:
        self._discard(card)

    def laws_play(self, seat: int, card: Card) -> None:
        """``seat`` plays ``card`` (in turn or, ruled on, out of turn)."""
        self.next_seat = seat
        self._enter_card(seat, card)

    def laws_settle_without_play(self, declarer: int, discard: Sequence[Card], mine: int, whisted: bool) -> None:
        """The deal ends without play (P3, a wrong discard's game lost): ``discard`` stands as made, the
        declarer takes ``mine`` tricks, the two others share the rest; ``whisted``: a game both whist
        (else a misère)."""
        assert self.bid is not None
        for c in discard:
            self.hands[declarer] &= ~(1 << c)
            self.discard |= 1 << c
        first = self._next_active(declarer)
        second = self._next_active(first)
        self.contract = self.bid
        if whisted:
            self.kind = "game"
            self.whist_calls = [(first, WHIST), (second, WHIST)]
            self.whisters = [first, second]
            self.conceded = self.bid.level - mine
        else:
            self.kind = "misere"
        rest = 10 - mine
        self.won[declarer] = mine
        self.won[first] = rest - rest // 2
        self.won[second] = rest // 2
        self._finish()


PREF_PHASES: Mapping[str, Phase] = {
    "deal": Phase.DEAL, "auction": Phase.AUCTION, "discard": Phase.DISCARD, "declare": Phase.DECLARE,
    "invite": Phase.DECLARE, "concede": Phase.DECLARE, "whist": Phase.DEFENCE, "defence": Phase.DEFENCE,
    "play": Phase.PLAY, "passing": Phase.PLAY, "over": Phase.DEAL_OVER, "choice": Phase.DEAL_OVER}
"""The common phases of a preferans deal's own phase names."""


@dataclass(frozen=True)
class PrefView(tv.SeatDictView, View):
    """What one seat sees of a preferans deal."""

    search_adapter: ClassVar[str] = "cardroom.games.preferans.search:ADAPTER"
    """The search bot's adapter for this game (:class:`cardroom.bots.sampling.SearchAdapter`)."""

    seat: int
    players: int
    dealer: int
    active: tuple[int, ...]
    phase: str
    hand: int
    talon: int
    discard: int
    calls: tuple[tuple[int, PrefCall], ...]
    bid: PrefCall | None
    declarer: int | None
    contract: PrefCall | None
    kind: str
    whist_calls: tuple[tuple[int, PrefCall], ...]
    open_defence: bool
    exposed: dict[int, int]
    trick: tuple[tuple[int, Card], ...]
    tricks: tuple[tuple[tuple[tuple[int, Card], ...], int], ...]
    won: tuple[int, ...]
    to_act: int | None
    hand_to_play: int | None
    legal: tuple[Any, ...]
    raspasy_round: int
    passed: int = 0  # raspasy with passing: cards this seat gave or received (Kazakh §8 item 8)
    choices: tuple[tuple[int, PrefCall], ...] = ()  # Piter choices made (pulya / gora)
    playing: tuple[int, ...] = ()  # the seats that play the tricks where not all of ``active`` do (a foreign
    # variant's two-handed play: the Greek passer not invited, games/preferans/greek/deal.py); () = ``active``
    # laws mode only: the pending ruling, cards face up by seat (shown, retracted, penalty cards, a card
    # awaiting a ruling), the penalty cards among them, the irregularities so far
    laws: bool = False
    ruling: dict[str, Any] | None = None
    face_up: tuple[int, ...] = ()
    penalty_cards: tuple[int, ...] = ()
    irregularities: tuple[str, ...] = ()
    moment: dict[str, Any] | None = field(default=None, compare=False, repr=False)
    """What every seat's view of this moment shares (:func:`cardroom.core.view.moment`; None: build all)."""
    must_beat: bool = field(default=False, compare=False, repr=False)
    """F1's compulsory beating (the variant's rule, public): the search bot's solver plays it."""
    game_value: Callable[[PrefCall], int] | None = field(default=None, compare=False, repr=False)
    """The worth of a game on the variant's sheet (:meth:`PrefDeal.game_value` bound to the variant alone, public
    like the rules; None: the Sochi price)."""

    def shown_mask(self) -> int:
        m = self.hand | self.talon | self.discard | self.passed
        for h in self.exposed.values():
            m |= h
        for h in self.face_up:
            m |= h
        for _, c in self.trick:
            m |= 1 << c
        for plays, _ in self.tricks:
            for _, c in plays:
                m |= 1 << c
        for a in self.legal:
            if type(a) is Card:
                m |= 1 << a
        return m

    @memo
    def table(self) -> TableView:
        """The common table view (:mod:`cardroom.core.view`): the talon once shown lies open; the seats
        outside ``active`` sit the deal out; a trick's seat -1 is a card of the talon (raspasy)."""
        me = self.seat
        hands = {me: self.hand} if self.phase != "deal" else {}
        hands.update({s: h for s, h in self.exposed.items() if h})
        return tv.seat_table(self._shared_table, self.moment, me, hands, (me,), action_texts(self.legal))

    def _shared_table(self) -> TableView:
        """The table but for the seat's own fields: the same for every seat at one moment."""
        c = self.contract
        laws = None if not self.laws else LawsState(
            self.ruling, LawsState.by_seat(self.face_up), LawsState.by_seat(self.penalty_cards), (),
            self.irregularities)
        return TableView(
            seat=self.seat, seats=self.players, phase=phase_of(self.phase, self.ruling, PREF_PHASES),
            step=self.phase, dealer=self.dealer, to_act=self.to_act, hand_to_play=self.hand_to_play,
            out=tuple(s for s in range(self.players) if s not in self.active), declarer=self.declarer,
            trump=c.trump if self.kind == "game" and c is not None and c.is_game else None,
            open=(("talon", self.talon),) if self.talon else (),
            leader=self.trick[0][0] if self.trick else self.hand_to_play, trick=self.trick,
            tricks=tricks_of(self.tricks, lambda t: PlayedTrick(t[0][0][0] if t[0] else -1, t[0], t[1])),
            won=self.won, side_won=None, laws=laws)

    def _own_dict(self) -> dict[str, Any]:
        return {"seat": self.seat, "hand": tv.card_list(self.hand), "discard": tv.card_list(self.discard),
                "exposed": {str(s): tv.card_list(h) for s, h in self.exposed.items()},
                "passed": tv.card_list(self.passed)}

    def _shared_dict(self) -> dict[str, Any]:
        """The view as a dict but for the seat's own keys (placeholders here): the same for every seat at
        one moment."""
        return {
            "seat": None, "players": self.players, "dealer": self.dealer, "active": list(self.active),
            "phase": self.phase, "hand": None,
            "talon": [str(c) for c in cards_of_mask(self.talon)],
            "discard": None,
            "auction": [[s, str(c)] for s, c in self.calls], "declarer": self.declarer,
            "contract": None if self.contract is None else str(self.contract), "kind": self.kind,
            "whist": [[s, str(c)] for s, c in self.whist_calls], "open_defence": self.open_defence,
            "exposed": None,
            "trick": [[s, str(c)] for s, c in self.trick],
            "tricks": [{"plays": [[s, str(c)] for s, c in plays], "winner": w} for plays, w in self.tricks],
            "won": list(self.won), "to_act": self.to_act, "hand_to_play": self.hand_to_play,
            "legal": None,
            "raspasy_round": self.raspasy_round,
            "passed": None,
            "choices": [[s, str(c)] for s, c in self.choices],
            **({} if not self.laws else {"laws": {
                "ruling": self.ruling,
                "face_up": {str(s): [str(c) for c in cards_of_mask(m)] for s, m in enumerate(self.face_up) if m},
                "penalty_cards": {str(s): [str(c) for c in cards_of_mask(m)] for s, m in enumerate(self.penalty_cards)
                                  if m},
                "irregularities": list(self.irregularities)}}),
            "table": None,
        }
