"""A rule-based player of auction bridge (1913) and straight bridge (document 000).

:class:`OldBridgeBot` sees only a seat's view. It

* makes the trump in straight bridge by the document's advice (§7.3 of the digest): look at the
  score first; no trumps with three or four aces; a red trump with strength (the dealer: about four
  sure tricks of his own, counting three from partner; his partner: at least five), a black trump
  only when it is sure of the game or as the dealer's "defensive spade" with a bad hand, otherwise
  leave it to partner; the partner forced into a black suit names his strongest;
* doubles in straight bridge with six fairly sure tricks of its own (seven in one suit for the
  leader against no trumps; the pone doubles no trumps only with a long suit and the heart ace), and
  redoubles only when very strong (§7.4);
* leads by the straight-bridge conventions of §7.4: against a red trump made by the dealer, the K
  from A K; against a doubled no-trumper doubled by the pone, a heart; against a make passed to the
  dealer's partner, a diamond against hearts and a heart against diamonds;
* bids the auction naturally by trick values (Law 3): the dealer's "one spade" with nothing, the
  cheapest sufficient bid in the denomination its side can make for the most points, a double
  when the defence is sure to beat the contract;
* plays the cards by the declarer's advice of document 000 where it applies
  (:mod:`cardroom.bots.oldbridge_play`: split honours, second hand, ducking, finesses, re-entries),
  otherwise with :class:`~cardroom.bots.bridge.BridgeBot`'s card play, and at nullo plays to lose
  tricks (every player of a nullo deal wants the declarer's side to be overtaken: the declarer's
  side by ducking, the defenders by ducking too so that the declarer's cards win).

The seed only breaks ties; the choice is a pure function of the seed and the view.
"""

from __future__ import annotations

import random
from typing import Any

from cardroom.bots.bridge import BridgeBot, hand_eval
from cardroom.bots.oldbridge_play import advised_card, avoided_lead
from cardroom.core.cards import SUIT_MASKS, Card, cards_of_mask
from cardroom.core.errors import ParseError
from cardroom.core.laws import RulingChoice
from cardroom.core.tricks import natural_winner
from cardroom.games.bridge.calls import Strain
from cardroom.games.bridge.rubber import RubberSeatView
from cardroom.games.bridge.rules import BridgeView
from cardroom.games.bridge.scoring import Contract
from cardroom.games.oldbridge.calls import (
    DOUBLE,
    LEAVE,
    PASS,
    REDOUBLE,
    STRAIGHT_VALUE,
    Denom,
    OldCall,
)
from cardroom.games.oldbridge.rubber import OldSheet
from cardroom.games.oldbridge.rules import OldBridgeView
from cardroom.games.oldbridge.scoring import AuctionContract, StraightMake

_NT = 4
_DENOM_SUIT = {Denom.SPADES: 3, Denom.CLUBS: 0, Denom.DIAMONDS: 1, Denom.HEARTS: 2, Denom.ROYAL: 3}


def _pat(mask: int, suit: int) -> int:
    return mask >> (13 * suit) & 0x1FFF


def sure_tricks(mask: int, suit: int) -> float:
    """Fairly sure tricks in one suit: the top sequence from the ace (at most the suit's length)."""
    p = _pat(mask, suit)
    n = p.bit_count()
    top = 0
    for bit in range(12, -1, -1):
        if p >> bit & 1 and top < n:
            top += 1
        else:
            break
    return float(top)


def probable_tricks(mask: int, suit: int) -> float:
    """Probable tricks in one suit: aces, kings (whole with the ace, else three quarters if guarded),
    queens (whole with A K, half with one of them, a quarter if guarded alone) and the long cards
    beyond the third of a suit of four or more (half each, whole with two top honours)."""
    p = _pat(mask, suit)
    n = p.bit_count()
    a, k, q = p >> 12 & 1, p >> 11 & 1, p >> 10 & 1
    out = 0.0
    if a:
        out += 1
    if k and n >= 2:
        out += 1 if a else 0.75
    elif k:
        out += 0.25
    if q and n >= 3:
        out += 1 if a and k else 0.5 if a or k else 0.25
    long_cards = max(0, n - 3)
    out += long_cards * (1.0 if a + k + q >= 2 else 0.5)
    return min(out, float(n))


def hand_tricks(mask: int, trump: int | None) -> float:
    """Probable tricks of one hand with ``trump`` (a suit) or at no trumps (None)."""
    total = sum(probable_tricks(mask, s) for s in range(4))
    if trump is not None:
        n = _pat(mask, trump).bit_count()
        total += max(0, n - 4) * 0.5  # long trumps ruff
        total -= max(0, 3 - n) * 0.5
    else:
        stops = sum(1 for s in range(4) if hand_eval(mask).stopper(s))
        total -= (4 - stops) * 0.5
    return total


class OldBridgeBot:
    """The bot of the old bridges; ``choose(view)`` with a rubber's or a deal's view."""

    def __init__(self, seed: int | None = None) -> None:
        self.seed = 0 if seed is None else int(seed)
        self.card_bot = BridgeBot(seed)

    def _rng(self, view: OldBridgeView) -> random.Random:
        played = sum(len(t.cards) for t in view.tricks) + len(view.trick)
        return random.Random(hash((self.seed, int(view.seat), view.hand, len(view.calls), played)))

    def choose(self, view: OldBridgeView | RubberSeatView[OldBridgeView, Any]) -> Any:
        sheet: OldSheet | None = None
        if isinstance(view, RubberSeatView):  # a rubber's view (of auction, straight or three-handed bridge)
            if view.deal is None:
                raise ValueError("the rubber has no deal in progress")
            sheet = view.sheet if isinstance(view.sheet, OldSheet) else None
            view = view.deal
        if not view.legal:
            raise ValueError("the view lists no legal action: it is not this seat's turn")
        if view.laws is not None and view.laws.get("ruling") is not None:
            return self.choose_ruling(view)
        if view.phase == "play":
            return self.play(view)
        if view.kind == "straight":
            if view.phase == "auction":
                return self.make(view, sheet)
            return self.double(view, sheet)
        return self.bid(view, sheet)

    # ------------------------------------------------------------------ straight bridge
    def make(self, view: OldBridgeView, sheet: OldSheet | None) -> OldCall:
        """The make (§7.3): the dealer names or leaves it; his partner must name."""
        h = view.hand
        ev = hand_eval(h)
        dealer = view.seat == view.dealer
        side = view.seat.side
        below = sheet.below[side] if sheet is not None else 0
        their_below = sheet.below[1 - side] if sheet is not None else 0
        need = 30 - below
        partner = 3.0 if dealer else 2.5  # the dealer passed: he is weak in the red suits
        nt_tricks = hand_tricks(h, None) + partner
        if ev.aces >= 3 and not (ev.lens[2] >= 5 and ev.honours(2) >= 3):
            return OldCall.make(_NT)  # three aces: no trumps; four aces: always
        suits = {s: hand_tricks(h, s) for s in range(4)}
        # check the score first: a black trump sure of the game needs no red risk
        for s in (0, 3):
            odd = suits[s] + (1.0 if dealer else 0.0) - 6 + 2
            if ev.lens[s] >= 6 and ev.honours(s) >= 3 and odd * STRAIGHT_VALUE[s] >= need:
                return OldCall.make(s)
        stops = sum(1 for s in range(4) if ev.stopper(s))
        if nt_tricks >= 7.5 and min(ev.lens) >= 2 and stops >= 3 and ev.hcp >= (15 if dealer else 13):
            return OldCall.make(_NT)
        own_need = 4.5 if dealer else 5.0  # about four fairly sure tricks; the partner needs five
        reds = sorted((2, 1), key=lambda s: (suits[s], ev.lens[s]), reverse=True)
        for s in reds:
            if (ev.lens[s] >= 5 or (ev.lens[s] == 4 and ev.honours(s) >= 3)) and suits[s] >= own_need:
                return OldCall.make(s)
        if dealer:
            if ev.lens[0] >= 7 and ev.honours(0) >= 4 and not (len(sheet.games if sheet else []) > 0
                                                             and their_below >= 20):
                return OldCall.make(0)  # seven clubs with four honours
            if ev.hcp <= 5:
                return OldCall.make(3)  # the defensive spade
            return LEAVE
        # the dealer's partner must name: a red suit needs five probable tricks
        for s in reds:
            if ev.lens[s] >= 4 and suits[s] >= 5:
                return OldCall.make(s)
        if nt_tricks >= 7.5 and stops >= 3 and ev.hcp >= 13:
            return OldCall.make(_NT)
        # forced into black: the strongest; spades if the opponents could go game doubled in clubs
        black = max((0, 3), key=lambda s: (suits[s] + ev.lens[s] / 2, s == 0))
        if black == 0 and their_below + 2 * 4 >= 30:
            black = 3
        return OldCall.make(black)

    def double(self, view: OldBridgeView, sheet: OldSheet | None) -> OldCall:
        """The doubling (§7.4)."""
        make = view.contract
        assert isinstance(make, StraightMake)
        h = view.hand
        ours = view.seat.side == make.maker.side
        legal = set(view.legal)
        trump = None if make.trump == _NT else make.trump
        mine = hand_tricks(h, trump)
        if ours:
            if REDOUBLE in legal and mine >= 7.5 and make.doubling == 1:
                return REDOUBLE
            return PASS
        if DOUBLE not in legal:
            return PASS
        leader = view.seat == view.dealer.lho
        if make.doubling >= 2:  # doubling again after a redouble: very strong only
            return DOUBLE if mine >= 7.5 else PASS
        if make.trump == _NT:
            long_run = max(sure_tricks(h, s) for s in range(4))
            if leader:
                return DOUBLE if long_run >= 7 or mine >= 7 else PASS
            heart_ace = bool(h >> (2 * 13 + 12) & 1)
            return DOUBLE if heart_ace and long_run >= 5 and mine >= 6 else PASS
        return DOUBLE if mine >= 6 else PASS

    # ------------------------------------------------------------------ laws mode
    def choose_ruling(self, view: OldBridgeView) -> Any:
        """The option best for the bot's side under the pending straight-bridge law."""
        options = {a.option: a for a in view.legal if isinstance(a, RulingChoice)}
        if not options:
            raise ValueError("no ruling options in the view")
        assert view.laws is not None
        law = view.laws["ruling"]["law"]
        ev = hand_eval(view.hand)
        prefer: list[str] = []
        if law == "B-1":  # the dealer's partner made unasked: a strong make is better dealt again
            text = str(view.laws["ruling"]["irregularity"].get("action", ""))
            named = text.split(None, 1)[1] if " " in text else ""
            try:
                call = OldCall.parse(named)
                strong = call.is_make and call.made in (1, 2, 4)
            except ParseError:
                strong = True
            prefer = ["new-deal", "stands"] if strong else ["stands", "new-deal"]
        elif law == "B-2":
            prefer = ["offender-makes", "new-deal"]
        elif law == "B-3":
            prefer = ["waive", "new-deal"] if ev.hcp >= 10 else ["new-deal", "waive"]
        elif law in ("B-4", "B-5"):
            prefer = ["cancel"]
        elif law == "B-7":
            prefer = ["refuse"]
        elif law == "B-9":
            prefer = ["tricks"]
        elif law == "A-REV":
            prefer = ["three-tricks"]
        elif law == "N-REV":  # give three tricks away when the declarer has too many to make his nullo
            c = view.contract
            mine = view.won[view.seat.side]
            need_fewer = isinstance(c, AuctionContract) and mine > 7 - c.level
            prefer = ["give-three-tricks", "100-in-honours"] if need_fewer else ["100-in-honours"]
        elif law == "B-10":
            prefer = ["new-deal"]
        elif law == "B-12":
            prefer = ["forbid-suit", "exposed"]
        elif law == "B-15":
            both = view.hand | (view.dummy_hand or 0)
            best = max(range(4), key=lambda s: (sure_tricks(both, s), _pat(both, s).bit_count()))
            prefer = [f"require-{'CDHS'[best]}", "exposed"]
        for name in [*prefer, *options]:
            if name in options:
                return options[name]
        return next(iter(options.values()))

    # ------------------------------------------------------------------ auction bridge
    def bid(self, view: OldBridgeView, sheet: OldSheet | None) -> OldCall:
        legal = list(view.legal)
        h = view.hand
        ev = hand_eval(h)
        me = view.seat
        partner_bids = [c for s, c in view.calls if s == me.partner and c.is_bid]
        opp_bids = [(s, c) for s, c in view.calls if s.side != me.side and c.is_bid]
        last = next(((s, c) for s, c in reversed(view.calls) if c.is_bid), None)
        # partner's first bid as the dealer's "one spade" means nothing
        real_partner = [c for i, c in enumerate(partner_bids)
                        if not (i == 0 and c == OldCall.bid(1, Denom.SPADES))]
        best: tuple[float, OldCall] | None = None
        for d in Denom:
            if d is Denom.NULLO:
                continue
            trump = _DENOM_SUIT.get(d)
            mine = hand_tricks(h, trump)
            support = 2.0
            if real_partner:
                support = 2.5
                if trump is not None and any(_DENOM_SUIT.get(c.denom) == trump for c in real_partner):
                    support = 3.0 if ev.lens[trump] >= 3 else 1.5
                if d is Denom.NOTRUMP and any(c.denom is Denom.NOTRUMP for c in real_partner):
                    support = 3.0
            if trump is not None and ev.lens[trump] < 4 and not (real_partner and support >= 3.5):
                continue
            if d is Denom.NOTRUMP and (ev.hcp < 12 or min(ev.lens) < 2) and not real_partner:
                continue
            total = mine + support
            level = int(total) - 6
            if level < 1:
                continue
            bid = next((c for c in legal if c.is_bid and c.denom is d), None)
            if bid is None or bid.level > level:
                continue
            score = min(level, 7) * d.auction_value
            if best is None or score > best[0]:
                best = (score, bid)
        if last is not None and last[0].side == me.side:
            # our side holds the bid: bid on only for a clearly better denomination
            held = last[1]
            if best is None or best[0] <= held.level * held.denom.auction_value + 8:
                return PASS if PASS in legal else legal[0]
        if best is not None:
            return best[1]
        if DOUBLE in legal and last is not None and opp_bids:
            c = last[1]
            defence = sum(sure_tricks(h, s) for s in range(4))
            trump = _DENOM_SUIT.get(c.denom)
            if trump is not None and ev.lens[trump] >= 4 and ev.honours(trump) >= 2:
                defence += 1
            if defence + 1.5 >= 13 - (6 + c.level) + 2 and c.level >= 2:
                return DOUBLE
        if PASS in legal:
            return PASS
        # the dealer must bid: "one spade" says nothing
        spade = OldCall.bid(1, Denom.SPADES)
        return spade if spade in legal else next(c for c in legal if c.is_bid)

    # ------------------------------------------------------------------ the play
    def play(self, view: OldBridgeView) -> Card:
        legal = [c for c in view.legal if type(c) is Card]
        c = view.contract
        if isinstance(c, AuctionContract) and c.nullo:
            return self._duck(view, legal)
        lead = self._conventional_lead(view, legal)
        if lead is not None and lead in legal:
            return lead
        card = advised_card(view, legal)
        if card is not None:
            return card
        card = self.card_bot.play(self._bridge_view(view))
        if not view.trick:
            card = avoided_lead(view, card, legal) or card
        return card if card in legal else legal[0]

    def _bridge_view(self, view: OldBridgeView) -> BridgeView:
        c = view.contract
        if isinstance(c, AuctionContract):
            strain = Strain.NOTRUMP if c.denom.trump is None else Strain(c.denom.trump)
            contract = Contract(c.level, strain, min(c.doubling, 2), c.declarer)
        else:
            assert isinstance(c, StraightMake)
            strain = Strain.NOTRUMP if c.trump == _NT else Strain(c.trump)
            contract = Contract(1, strain, min(c.doubling, 2), c.dealer)
        return BridgeView(seat=view.seat, dealer=view.dealer, vulnerable=(False, False), phase="play",
                          hand=view.hand, dummy=view.dummy, dummy_hand=view.dummy_hand, calls=(),
                          contract=contract, trick_leader=view.trick_leader, trick=view.trick, tricks=view.tricks,
                          won=view.won, to_act=view.to_act, hand_to_play=view.hand_to_play, legal=view.legal)

    def _conventional_lead(self, view: OldBridgeView, legal: list[Card]) -> Card | None:
        """Straight bridge's blind opening lead (§7.4)."""
        c = view.contract
        if not isinstance(c, StraightMake) or view.tricks or view.trick or view.seat != view.dealer.lho:
            return None
        h = view.hand
        ak = [s for s in range(4) if s != c.trump and h >> (13 * s + 12) & 1 and h >> (13 * s + 11) & 1]
        if c.trump == _NT and c.doubling >= 1:
            doubler = next((s for s, k in view.calls if k == DOUBLE), None)
            if doubler == view.seat.partner and h & SUIT_MASKS[2]:
                return max(cards_of_mask(h & SUIT_MASKS[2]))  # "A ходит червой, если B удваивает"
            return None
        if c.trump in (1, 2):
            if ak:  # the K from A K, to keep the lead until dummy is seen
                return Card(13 * max(ak, key=lambda s: _pat(h, s).bit_count()) + 11)
            if c.maker == view.dealer.partner:
                other = 1 if c.trump == 2 else 2  # a supporting diamond against hearts, a heart against diamonds
                if h & SUIT_MASKS[other]:
                    cards = cards_of_mask(h & SUIT_MASKS[other])
                    return max(cards) if len(cards) <= 2 else cards[0]
        elif ak:
            return Card(13 * ak[0] + 11)
        return None

    def _duck(self, view: OldBridgeView, legal: list[Card]) -> Card:
        """Play to lose (nullo, reversi bridge): the highest card that does not win the trick; else the highest
        card (cash it)."""
        trick = list(view.trick)
        if not trick:
            return min(legal, key=lambda c: (c % 13, _pat(view.hand, c // 13).bit_count()))
        led = trick[0] // 13
        losers = []
        for card in legal:
            w = natural_winner([*trick, card], view.trump)  # nullo: no trumps
            if w != len(trick):
                losers.append(card)
        if losers:
            return max(losers, key=lambda c: (c % 13, c // 13 != led))
        return max(legal, key=lambda c: c % 13)
