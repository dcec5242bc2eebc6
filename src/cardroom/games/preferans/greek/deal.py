"""One deal of the Greek cash-box preferans (document 004 §10.4): the Russian engine's deal with the Greek
rules as overrides (the python-chess ``variant.py`` pattern: one mechanism, the differences as methods).

What differs from :class:`~cardroom.games.preferans.rules.PrefDeal`:

* no misère (the value table of §10.4.3 has none) and no raspasy: when all pass, nothing is played and the
  next dealer deals (kind ``"passed_out"``; the rule is lost — a documented choice);
* 10 NT only where option A or B (``greek_ten_nt``) is agreed;
* «возьму» (``greek_take``, §10.4.7): while no game has been bid, a player may say ``take``; if no game is bid
  besides it he takes the talon and may refuse to play (``refuse-talon``: 2 points into his box and 2 chips
  to each other player); a game bid after it makes it a pass;
* the announcement of four aces (``greek_four_aces``, §10.4.7): after naming the contract, a declarer holding
  the four aces says ``four-aces`` (or ``play``);
* the whisting: whist or pass, no half-whist; a lone whister ``invite``s the passer (the passer plays his own
  hand, every defence trick is the inviter's, §10.4.4 rule 5) or ``play``s alone (the passer's cards stay out
  of play, two hands play the ten tricks: examples 12–14, «B пасует и не приглашается», tricks 9/1/–);
* the counter-invitation (``greek_counter_invitation``): when the first defender passed and the second plays
  alone, the first may ``invite`` the second, who then counts as the passer and plays for him;
* over-trumping (``greek_overtrump``): on a trick already trumped, a player void in the suit led who can
  over-trump must; if he cannot, he still trumps.

The deal records the players' Greek choices in :attr:`PrefDealResult.choices` (``invite``, ``alone``,
``counter-invite``, ``four-aces``, ``take``), which the settlement (:mod:`.kassa`) reads.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from cardroom.core.cards import SUIT_MASKS, Card
from cardroom.core.errors import IllegalAction, Reason
from cardroom.games.preferans.calls import (
    FOUR_ACES,
    INVITE,
    PASS,
    PLAY,
    REFUSE_TALON,
    TAKE,
    PrefCall,
    game_bid,
)
from cardroom.games.preferans.greek import kassa
from cardroom.games.preferans.greek.kassa import ACES, ALONE, COUNTER, INVITED, TOOK
from cardroom.games.preferans.result import PrefDealResult
from cardroom.games.preferans.rules import PH_AUCTION, PH_CONCEDE, PH_DEFENCE, PH_OVER, PH_PLAY, PrefDeal, PrefView
from cardroom.games.preferans.variants import PrefVariant
from cardroom.i18n import Where

ACES_MASK = sum(1 << (s * 13 + 12) for s in range(4))
"""The four aces (a card is suit × 13 + rank − 2; the ace's rank is 14)."""


class GreekDeal(PrefDeal):
    """One deal of the Greek cash-box game (see the module docstring)."""

    @staticmethod
    def game_value(variant: PrefVariant, call: PrefCall) -> int:
        """§10.4.3: the contract's value, by level and strain."""
        return kassa.value_of(call, variant)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._greek_init()

    def _greek_init(self) -> None:
        self.taker: int | None = None  # «возьму»
        self.took = False  # the taker won the auction with it
        self.greek_choices: list[tuple[int, str]] = []
        self.out_of_play: int | None = None  # the passer whose cards stay out (a lone whister playing alone)
        self.aces_pending = False
        self.counter_pending = False

    def _redeal(self) -> None:
        super()._redeal()
        self._greek_init()

    # ----------------------------------------------------------------- auction
    def _ten_nt_allowed(self, c: PrefCall) -> bool:
        return not (c.is_game and c.level == 10 and c.strain == 4) or self.rules.greek_ten_nt != "none"

    def _legal_bids(self) -> list[PrefCall]:
        out = [c for c in super()._legal_bids() if not c.is_misere and self._ten_nt_allowed(c)]
        if self.rules.greek_take and self.bid is None and self.taker is None:
            out.insert(1, TAKE)
        return out

    def _auction_call(self, call: PrefCall) -> None:
        seat = self.next_seat
        if call == TAKE:
            if call not in self._legal_bids():
                raise IllegalAction(Reason("pref.may_not_call", seat=seat, call=call,
                                           legal=" ".join(map(str, self._legal_bids()))), seat=seat, action=call)
            self.calls.append((seat, call))
            self.taker = seat
            self._after_greek_call(seat)
            return
        if call.is_bid and self.taker is not None and call in self._legal_bids():
            # «если после такого объявления последовала открывающая заявка пики, то предварительная заявка уже
            # считается как пас»
            self.passed.add(self.taker)
        super()._auction_call(call)
        if self.phase == PH_AUCTION and self.bid is None and self.taker is not None:
            self._after_greek_call(seat)

    def _after_greek_call(self, seat: int) -> None:
        """After «возьму» or a pass with «возьму» standing: the taker wins when every other player passed."""
        assert self.taker is not None
        remaining = [s for s in self.active if s not in self.passed]
        if remaining == [self.taker] and self.bid is None:
            self.bid = game_bid(6, 0)  # he names a game not lower than six spades
            self.bidder = self.taker
            self.took = True
            self.greek_choices.append((self.taker, TOOK))
            self._won_auction(self.taker)
            return
        nxt = self._next_active(seat)
        while nxt in self.passed:
            nxt = self._next_active(nxt)
        self.next_seat = nxt

    def _start_raspasy(self) -> None:
        """All passed: no raspasy in the Greek game; the deal is not played (documented choice)."""
        self.kind = "passed_out"
        self.declarer = None
        self.contract = None
        self.phase = PH_OVER

    # ----------------------------------------------------------------- talon and contract
    def _legal_talon_calls(self) -> list[PrefCall]:
        """«возьму»: the taker who sees he cannot make even six spades may refuse, before his discard."""
        return [REFUSE_TALON] if self.took and not self.discard else []

    def _legal_declarations(self) -> list[PrefCall]:
        return [c for c in super()._legal_declarations() if self._ten_nt_allowed(c)]

    def _declare(self, call: PrefCall) -> None:
        if call not in self._legal_declarations():
            raise IllegalAction(Reason("pref.declare_low", bid=self.bid, call=call), seat=self.declarer, action=call)
        self.contract = call
        assert self.declarer is not None
        if self.rules.greek_four_aces != "none" and self.hands[self.declarer] & ACES_MASK == ACES_MASK:
            self.aces_pending = True  # «может объявить об этом до начала розыгрыша»
            self.phase = PH_CONCEDE
            return
        self._after_declaration()

    def _legal_concessions(self) -> list[PrefCall]:
        if self.aces_pending:
            return [PLAY, FOUR_ACES]
        return super()._legal_concessions()

    def _concede_call(self, call: PrefCall) -> None:
        if not self.aces_pending:
            super()._concede_call(call)
            return
        if call not in (PLAY, FOUR_ACES):
            raise IllegalAction(Reason("greek.aces_or_play", call=call), seat=self.declarer, action=call)
        assert self.declarer is not None
        self.aces_pending = False
        if call == FOUR_ACES:
            self.greek_choices.append((self.declarer, ACES))
        self._after_declaration()

    # ----------------------------------------------------------------- whisting
    def _legal_defence(self) -> list[PrefCall]:
        if self.counter_pending:
            return [PASS, INVITE]
        return [INVITE, PLAY]

    def _defence(self, call: PrefCall) -> None:
        legal = self._legal_defence()
        if call not in legal:
            raise IllegalAction(Reason("pref.whister_chooses", legal=" or ".join(map(str, legal)), call=call),
                                seat=self.defence_chooser, action=call)
        first, second = self._defenders()
        if self.counter_pending:
            self.counter_pending = False
            if call == INVITE:  # the first defender takes the whist over; the second plays for him
                self.whisters = [first]
                self.greek_choices.append((first, COUNTER))
                self._start_whisted_play()
                return
            self._play_alone(second)
            return
        whister = self.whisters[0]
        if call == INVITE:
            self.greek_choices.append((whister, INVITED))
            self._start_whisted_play()
            return
        if self.rules.greek_counter_invitation and whister == second:
            self.counter_pending = True  # «спасовавший первый защитник получает еще один шанс»
            self.defence_chooser = first
            return
        self._play_alone(whister)

    def _play_alone(self, whister: int) -> None:
        first, second = self._defenders()
        self.greek_choices.append((whister, ALONE))
        self.out_of_play = second if whister == first else first
        self._start_whisted_play()

    # ----------------------------------------------------------------- play
    def _start_play(self) -> None:
        super()._start_play()
        out = self.out_of_play
        if out is not None:
            d = self.declarer
            assert d is not None
            w = next(s for s in self.active if s not in (d, out))
            self.after = tuple(w if x == d else d if x == w else x for x in range(self.players))
            self.trick_size = 2
            if self.next_seat == out:
                self.leader = self.next_seat = self._next_active(out)

    def _after_trick(self) -> None:
        super()._after_trick()
        if self.out_of_play is not None:
            self.trick_size = 2

    def _plain_legal_cards(self) -> list[Card]:
        """Follow suit, else trump; with ``greek_overtrump``, over-trump a trick already trumped if possible."""
        legal = super()._plain_legal_cards()
        trump = self.trump
        if not self.rules.greek_overtrump or not self.trick or trump is None:
            return legal
        led = self.trick[0][1] // 13
        if led == trump or self.hands[self.next_seat] & SUIT_MASKS[led]:
            return legal
        ruffs = [c for _, c in self.trick if c // 13 == trump]
        if not ruffs:
            return legal
        top = max(ruffs)
        higher = [c for c in legal if c // 13 == trump and c > top]
        return higher or legal

    def _play(self, card: Card) -> None:
        seat = self.next_seat
        if (self.rules.greek_overtrump and self.phase == PH_PLAY and self.hands[seat] >> card & 1
                and card not in self._legal_cards() and card in super()._plain_legal_cards()):
            higher = self._legal_cards()
            raise IllegalAction(Reason("greek.must_overtrump", seat=seat, card=card,
                                       cards=" ".join(map(str, higher))), seat=seat, action=card)
        super()._play(card)

    def claim_in_play(self) -> bool:
        """Claims are proved by the preferans solver, which knows neither two-handed play nor over-trumping."""
        if self.out_of_play is not None or self.rules.greek_overtrump:
            return False
        return super().claim_in_play()

    # ----------------------------------------------------------------- results, views
    def view(self, seat: int) -> PrefView:
        """The Russian view; in two-handed play it names the two seats that play (``playing``)."""
        v = super().view(seat)
        if self.out_of_play is None or self.phase != PH_PLAY:
            return v
        return replace(v, playing=tuple(s for s in self.active if s != self.out_of_play))

    def result(self) -> PrefDealResult:
        base = super().result()
        return replace(base, choices=tuple(self.greek_choices))

    def where(self) -> Where:
        if self.phase == PH_CONCEDE and self.aces_pending:
            return Where("greek_aces")
        if self.phase == PH_DEFENCE and self.counter_pending:
            return Where("greek_counter")
        return super().where()

    def snapshot(self) -> Any:
        return {**super().snapshot(), "taker": self.taker, "took": self.took, "greek": tuple(self.greek_choices),
                "out": self.out_of_play, "aces": self.aces_pending, "counter": self.counter_pending}
