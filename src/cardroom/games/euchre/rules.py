"""Euchre, one hand (document 003, the Laws of Euchre of the Somerset Club, Boston 1888).

The hand: the deal (a chance action: five cards each and a turn-up from the rest), making the
trump in two rounds, the dealer's discard, lone hands, the play of five tricks, the score.
Seats are N, E, S, W clockwise; partners N–S and E–W; the dealer's left is the eldest hand,
the dealer's partner the second hand, the dealer's right the third hand.

Actions and their canonical texts (``action_text``; ``parse_action`` also reads the other forms
listed, in English and Russian, in any case):

``deal N 9C JC AH KH 8S | E … | S … | W … | turn 9C | stock …``
    the chance action :class:`EuchreDeal` (hands of N, E, S, W, the turn-up, the 11 undealt
    cards). The packets' pattern (2–3 or 3–2, Law 42) is not modelled.
``pass``
    decline (first round: eldest, second, third; second round: anyone). Also «пас», «пасую».
``turn down``
    the dealer's pass in the first round (Law 77: the trump is turned down). Also "pass",
    «отвергаю», «пас» when the dealer speaks in the first round.
``order up``
    the eldest or third hand accepts the turn-up suit for the dealer (Laws 74, 76). Also
    «заказываю».
``assist``
    the second hand (the dealer's partner) accepts it (Law 75). Also "help", «помогаю»,
    «ассистирую».
``take up``
    the dealer accepts it (Law 76). Also "adopt", «принимаю».
    (Any of the three accepting words is read as the right one for the seat that speaks.)
``alone at H``
    the one lone-hand declaration Law 98 allows ("I play alone at hearts", "Alone at hearts",
    «Я играю в одиночку на червах», «Один на червах»). In the first round the suit must be the
    turn-up's and may be left out ("alone", "I play alone", «один», «играю в одиночку»).
    Law 98: "I order it up and play alone", "I make it hearts and play alone" (and "order up
    alone", "make H alone") rule a lone hand out: they are read as ``order up`` / ``make H``.
``take it from you``
    the partner of a player who ordered up, assisted or declared alone in the first round, if he
    has not passed (Laws 74, 75, 93, 94), takes the hand to play alone. «Я перехватываю это у
    вас», «перехватываю». His answer otherwise is ``pass`` (he declines).
``make H``
    the second round: name a suit (Law 77). Also "name H", "H", "hearts", "make it hearts",
    «назначаю черви», «черви». Naming the suit turned down counts as a pass (Law 78): ``make``
    and ``alone at`` that suit are accepted and recorded and act as ``pass``.
``discard 8S``
    the dealer's discard under the pack (Law 86) after the turn-up was made trumps; never the
    turn-up (Law 88). Also «снос 8S», «сношу 8S».
``JD``
    a card played (``Card.parse`` forms: ``10H``, ``TH``, ``♥10``, Russian letters).

Laws mode (option ``laws``, off by default): ``!SEAT …`` irregular actions and ``ruling LAW OPTION``
choices are also actions (``games/euchre/laws.py``): the hand accepts an irregularity, ``to_act`` is the
seat that chooses the ruling while one is pending, and the penalties are scored with the hand
(``EuchreHandResult.entries``, Law 4's order).

Hidden information: a seat sees its own hand, the turn-up (all the hand through, whether on the
pack, turned down, or in the dealer's hand until played — Law 91), the calls (a discard shows as
``discard`` with no card, to everyone, the dealer included: nothing in the laws lets him look at
it again), the current trick and the quitted tricks, tricks won. Never the stock, the discard, or
another hand; the lone player's partner lays his cards face down (Law 101) and from then on sees
none of them and plays no card.
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from cardroom.core import view as tv
from cardroom.core.cards import PIQUET_PACK_MASK, Card, CardSet, Suit, cards_of_mask, piquet_pack
from cardroom.core.claims import Claimable
from cardroom.core.clone import Cloneable
from cardroom.core.errors import IllegalAction, ParseError, Reason
from cardroom.core.game import Action, State, View
from cardroom.core.table import Seat, Side
from cardroom.core.tricks import FollowPolicy, Trick, TrickPlay
from cardroom.core.turns import LawsTurn
from cardroom.core.view import LawsState, Phase, PlayedTrick, TableView, memo
from cardroom.games.euchre.ranks import (
    effective_suit,
    follow_suit_mask,
    legal_plays,
    order_key,
    same_colour,
    trick_winner,
)
from cardroom.games.euchre.scoring import HandScore, ScoreEntry, score_hand
from cardroom.games.euchre.variants import DEFAULT_RULES, EuchreRules
from cardroom.i18n import Where
from cardroom.i18n.catalogue import SECTIONS, Localized, form

if TYPE_CHECKING:
    from cardroom.games.euchre.game import Euchre
    from cardroom.games.euchre.laws import Director

PH_DEAL = "deal"
PH_ROUND1 = "round1"
PH_TAKEOVER = "takeover"
PH_DISCARD = "discard"
PH_ROUND2 = "round2"
PH_PLAY = "play"
PH_OVER = "over"

_SEATS = tuple(Seat)

# ----------------------------------------------------------------------------- actions

PASS = "pass"
TURN_DOWN = "turn down"
ORDER_UP = "order up"
ASSIST = "assist"
TAKE_UP = "take up"
ALONE = "alone"
MAKE = "make"
TAKE_IT = "take it from you"

_SIMPLE_KINDS = (PASS, TURN_DOWN, ORDER_UP, ASSIST, TAKE_UP, TAKE_IT)
_ACCEPT_KINDS = (ORDER_UP, ASSIST, TAKE_UP)


@dataclass(frozen=True, order=True)
class Bid(Action):
    """A declaration in making the trump: ``kind`` is one of pass, turn down, order up, assist,
    take up, take it from you (no suit), or alone, make (with a suit)."""

    kind: str
    suit: Suit | None = None

    def __post_init__(self) -> None:
        if self.kind in _SIMPLE_KINDS:
            if self.suit is not None:
                raise ParseError(Reason("euchre.no_suit", kind=self.kind))
        elif self.kind in (ALONE, MAKE):
            if self.suit is None:
                raise ParseError(Reason("euchre.needs_suit", kind=self.kind))
            object.__setattr__(self, "suit", Suit(self.suit))
        else:
            raise ParseError(Reason("euchre.not_declaration", kind=self.kind))

    def to_text(self) -> str:
        if self.kind == ALONE:
            return f"alone at {self.suit}"
        if self.kind == MAKE:
            return f"make {self.suit}"
        return self.kind

    def __str__(self) -> str:
        return self.to_text()


@dataclass(frozen=True, order=True)
class Discard(Action):
    """The dealer's discard under the pack (Law 86)."""

    card: Card

    def __post_init__(self) -> None:
        object.__setattr__(self, "card", Card(self.card))

    def to_text(self) -> str:
        return f"discard {self.card}"

    def __str__(self) -> str:
        return self.to_text()


BID_PASS = Bid(PASS)
BID_TURN_DOWN = Bid(TURN_DOWN)
BID_ORDER_UP = Bid(ORDER_UP)
BID_ASSIST = Bid(ASSIST)
BID_TAKE_UP = Bid(TAKE_UP)
BID_TAKE_IT = Bid(TAKE_IT)


def all_bids() -> list[Bid]:
    """Every declaration the game knows."""
    out = [BID_PASS, BID_TURN_DOWN, BID_ORDER_UP, BID_ASSIST, BID_TAKE_UP, BID_TAKE_IT]
    for s in Suit:
        out.append(Bid(MAKE, s))
        out.append(Bid(ALONE, s))
    return out


def _hand_list(mask: int) -> str:
    return " ".join(str(c) for c in sorted(cards_of_mask(mask), key=lambda c: (-int(c.suit), -int(c.rank))))


@dataclass(frozen=True)
class EuchreDeal(Action):
    """The deal: five cards to each of N, E, S, W (bitmasks in seat order), the turn-up, and the
    eleven undealt cards (the stock, under the turn-up). ``stock`` may be left 0 to mean "the
    rest of the 32-card pack"."""

    hands: tuple[int, int, int, int]
    turn_up: Card
    stock: int = 0

    def __post_init__(self) -> None:
        if len(self.hands) != 4:
            raise ParseError(Reason("euchre.four_hands", n=len(self.hands)))
        tu = Card(self.turn_up)
        object.__setattr__(self, "turn_up", tu)
        seen = 0
        for seat, h in zip(_SEATS, self.hands, strict=True):
            if h & ~PIQUET_PACK_MASK:
                raise ParseError(Reason("euchre.hand_pack", seat=seat, cards=CardSet(h & ~PIQUET_PACK_MASK)))
            if h.bit_count() != 5:
                raise ParseError(Reason("euchre.five_cards", seat=seat, n=h.bit_count(), cards=CardSet(h)))
            if seen & h:
                raise ParseError(Reason("deal.dealt_twice", cards=CardSet(seen & h)))
            seen |= h
        if not PIQUET_PACK_MASK >> tu & 1:
            raise ParseError(Reason("euchre.turn_up_pack", tu=tu))
        if seen >> tu & 1:
            raise ParseError(Reason("euchre.turn_up_held", tu=tu))
        seen |= tu.mask
        rest = PIQUET_PACK_MASK & ~seen
        stock = self.stock if self.stock else rest
        if stock != rest:
            raise ParseError(Reason("euchre.stock", expected=CardSet(rest), got=CardSet(stock)))
        object.__setattr__(self, "stock", stock)

    @classmethod
    def of(cls, hands: Mapping[Seat | str, str | Sequence[str | Card]] | Sequence[str | Sequence[str | Card]],
           turn_up: str | Card) -> EuchreDeal:
        """A deal from given hands: ``EuchreDeal.of({"N": "9C JC AH KH 8S", ...}, "9C")`` or a
        list of four hands in N, E, S, W order; the stock is the rest of the pack."""
        masks = [0, 0, 0, 0]
        items: list[tuple[Seat, Any]]
        if isinstance(hands, Mapping):
            items = [(s if isinstance(s, Seat) else Seat.parse(s), h) for s, h in hands.items()]
        else:
            items = list(zip(_SEATS, hands, strict=True))
        if len(items) != 4 or len({s for s, _ in items}) != 4:
            raise ParseError(Reason("euchre.all_hands"))
        for seat, h in items:
            cs = CardSet.parse(h) if isinstance(h, str) else CardSet(h)
            masks[seat] = cs.mask
        tu = turn_up if isinstance(turn_up, Card) else Card.parse(turn_up)
        return cls((masks[0], masks[1], masks[2], masks[3]), tu)

    def to_text(self) -> str:
        parts = [f"{s} {_hand_list(h)}" for s, h in zip(_SEATS, self.hands, strict=True)]
        return "deal " + " | ".join(parts) + f" | turn {self.turn_up} | stock {_hand_list(self.stock)}"

    @classmethod
    def from_text(cls, text: str) -> EuchreDeal:
        t = text.strip()
        if not t.lower().startswith("deal "):
            raise ParseError(Reason("deal.not_deal", text=text))
        masks: dict[Seat, int] = {}
        turn: Card | None = None
        stock = 0
        for part in t[5:].split("|"):
            words = part.split()
            if not words:
                raise ParseError(Reason("euchre.deal_empty_part", text=text))
            head, body = words[0].lower(), " ".join(words[1:])
            if head in ("turn", "turn-up"):
                turn = Card.parse(body)
            elif head == "stock":
                stock = CardSet.parse(body).mask
            else:
                try:
                    seat = Seat.parse(head)
                except ParseError:
                    raise ParseError(Reason("euchre.deal_no_seat", text=text, part=part.strip())) from None
                if seat in masks:
                    raise ParseError(Reason("euchre.deal_seat_twice", text=text, seat=seat))
                masks[seat] = CardSet.parse(body).mask
        if turn is None:
            raise ParseError(Reason("euchre.deal_no_turn_up", text=text))
        if len(masks) != 4:
            raise ParseError(Reason("euchre.deal_hands", text=text))
        return cls((masks[Seat.NORTH], masks[Seat.EAST], masks[Seat.SOUTH], masks[Seat.WEST]), turn, stock)

    @classmethod
    def random(cls, rng: random.Random, dealer: Seat) -> EuchreDeal:
        """Shuffle the 32 cards; deal two to each from the eldest hand round to the dealer, then
        three to each; turn up the next card; the eleven left are the stock."""
        pack = piquet_pack()
        rng.shuffle(pack)
        masks = [0, 0, 0, 0]
        i = 0
        for n in (2, 3):
            for k in range(1, 5):
                seat = (dealer + k) % 4
                for _ in range(n):
                    masks[seat] |= 1 << pack[i]
                    i += 1
        turn = pack[i]
        stock = 0
        for c in pack[i + 1:]:
            stock |= 1 << c
        return cls((masks[0], masks[1], masks[2], masks[3]), turn, stock)


# ----------------------------------------------------------------------------- parsing

_SUIT_WORDS: dict[str, Suit] = {}
for _w, _s in {
    "spades": Suit.SPADES, "spade": Suit.SPADES, "hearts": Suit.HEARTS, "heart": Suit.HEARTS,
    "diamonds": Suit.DIAMONDS, "diamond": Suit.DIAMONDS, "clubs": Suit.CLUBS, "club": Suit.CLUBS,
    "пики": Suit.SPADES, "пик": Suit.SPADES, "пиках": Suit.SPADES, "пика": Suit.SPADES,
    "черви": Suit.HEARTS, "червы": Suit.HEARTS, "червей": Suit.HEARTS, "червах": Suit.HEARTS,
    "бубны": Suit.DIAMONDS, "бубен": Suit.DIAMONDS, "бубнах": Suit.DIAMONDS, "буби": Suit.DIAMONDS,
    "трефы": Suit.CLUBS, "треф": Suit.CLUBS, "трефах": Suit.CLUBS, "крести": Suit.CLUBS,
}.items():
    _SUIT_WORDS[_w] = _s


def parse_suit(text: str) -> Suit:
    """A suit by letter, symbol, or English or Russian name."""
    t = text.strip().lower().rstrip(".!")
    if t in _SUIT_WORDS:
        return _SUIT_WORDS[t]
    return Suit.parse(t)


_PASS_WORDS = {"pass", "p", "пас", "пасую", "no", "decline"}
_TURN_DOWN_WORDS = {"turn down", "turn it down", "отвергаю", "отвергнуть", "переворачиваю", "turn-down"}
_ACCEPT_WORDS = {
    "order up", "order it up", "i order it up", "заказываю", "заказать", "order",
    "assist", "i assist", "help", "помогаю", "ассистирую", "помочь",
    "take up", "adopt", "take it up", "i take it up", "принимаю", "принять", "беру",
}
_TAKE_IT_WORDS = {"take it from you", "i take it from you", "я перехватываю это у вас", "перехватываю",
                  "перехватываю это у вас", "перехватить", "take it"}
_ALONE_BARE = {"alone", "i play alone", "play alone", "один", "играю в одиночку", "я играю в одиночку",
               "в одиночку", "одиночка", "играть один", "играю один"}


def _norm(text: str) -> str:
    t = text.strip().lower().replace("«", "").replace("»", "").replace('"', "")
    t = re.sub(r"[.!,;]+", " ", t)
    return " ".join(t.split())


class ParsedDeclaration:
    """What a text says, before the state decides which action it is."""

    def __init__(self, kind: str, suit: Suit | None = None) -> None:
        self.kind = kind  # pass, turn down, accept, take it, alone, make, discard
        self.suit = suit
        self.card: Card | None = None


def read_declaration(text: str) -> ParsedDeclaration:
    """Read a declaration of making the trump or a discard (not a card or a deal)."""
    t = _norm(text)
    if not t:
        raise ParseError(Reason("euchre.empty_action"))
    m = re.fullmatch(r"(?:discard|снос|сношу|сбрасываю под колоду)\s+(\S+)", t)
    if m:
        d = ParsedDeclaration("discard")
        d.card = Card.parse(m.group(1))
        return d
    if t in _PASS_WORDS:
        return ParsedDeclaration("pass")
    if t in _TURN_DOWN_WORDS or t in ("pass (turn down)", "pass turn down"):
        return ParsedDeclaration("turn down")
    if t in _TAKE_IT_WORDS:
        return ParsedDeclaration("take it")
    if t in _ALONE_BARE:
        return ParsedDeclaration("alone")
    # Law 98: "I order it up and play alone" and the like rule the lone hand out.
    m = re.fullmatch(r"(?:i )?(.+?)(?: and play alone| and i play alone| alone| и играю в одиночку| в одиночку)", t)
    if m and m.group(1) in _ACCEPT_WORDS:
        return ParsedDeclaration("accept")
    if m:
        inner = m.group(1)
        mm = re.fullmatch(r"(?:make it|make|name|назначаю|назвать|назначить)\s+(\S+)", inner)
        if mm:
            return ParsedDeclaration("make", parse_suit(mm.group(1)))
    if t in _ACCEPT_WORDS:
        return ParsedDeclaration("accept")
    m = re.fullmatch(r"(?:i play alone at|i play alone in|play alone at|alone at|alone in|alone|"
                     r"я играю в одиночку на|играю в одиночку на|один на|в одиночку на)\s+(\S+)", t)
    if m:
        return ParsedDeclaration("alone", parse_suit(m.group(1)))
    m = re.fullmatch(r"(?:i make it|make it|make|name|i name|назначаю|назвать|назначить|назначаю козырем)\s+(\S+)", t)
    if m:
        return ParsedDeclaration("make", parse_suit(m.group(1)))
    try:
        return ParsedDeclaration("make", parse_suit(t))
    except ParseError:
        pass
    raise ParseError(Reason("euchre.not_action", text=text))


# ----------------------------------------------------------------------------- trick play


def _bower_suit_mask(hand: int, led: Card, trump: Suit) -> int:
    return hand & follow_suit_mask(led, trump)


# the bowers: the left bower belongs to the trump suit for following and winning (Law 62); no duty to trump
BOWERS = FollowPolicy.of_suits("bowers", legal_plays, _bower_suit_mask, trick_winner)
_AFTER = tuple(s.lho for s in Seat)


# ----------------------------------------------------------------------------- results


@dataclass(frozen=True)
class EuchreHandResult:
    """A finished hand: who made the trump, how, the tricks, the points (Laws 2–3)."""

    dealer: Seat
    turn_up: Card
    thrown_in: bool  # all passed twice (Law 77): no score, the next player deals
    trump: Suit | None = None
    maker: Seat | None = None  # who ordered up, assisted, took up or made the trump
    makers: Side | None = None
    lone: Seat | None = None
    round: int = 0  # 1: the turn-up suit; 2: a suit named
    makers_tricks: int = 0
    tricks: tuple[Trick[Seat], ...] = ()
    score: HandScore | None = None
    points: tuple[int, int] = (0, 0)  # (NS, EW)
    call: str = ""  # the maker's declaration: order up, assist, take up, make H, alone at H
    entries: tuple[ScoreEntry, ...] = ()  # laws mode: the hand's score entries, penalties first (Law 4)

    @property
    def taken_over(self) -> bool:
        """The lone player took the hand from his partner (Law 94)."""
        return self.lone is not None and self.lone != self.maker

    def to_dict(self) -> dict[str, Any]:
        return {
            "dealer": self.dealer.letter, "turn_up": str(self.turn_up), "thrown_in": self.thrown_in,
            "trump": None if self.trump is None else self.trump.letter,
            "maker": None if self.maker is None else self.maker.letter,
            "makers": None if self.makers is None else self.makers.name,
            "lone": None if self.lone is None else self.lone.letter, "round": self.round,
            "makers_tricks": self.makers_tricks, "call": self.call,
            "march": bool(self.score and self.score.march), "euchred": bool(self.score and self.score.euchred),
            "points": {"NS": self.points[0], "EW": self.points[1]},
        }


# ----------------------------------------------------------------------------- the hand


class EuchreHand(Cloneable, Claimable, TrickPlay, LawsTurn, State):
    """One hand of euchre, from the deal to the fifth trick (or to the throw-in)."""

    game: Euchre
    TRICKS = 5
    DEAL_PHASE = PH_DEAL
    OVER_PHASE = PH_OVER
    phase: str
    trick: list[tuple[Seat, Card]]
    leader: Seat
    tricks: list[Trick[Seat]]
    next_seat: Seat

    def __init__(self, game: Euchre | None = None, dealer: Seat = Seat.NORTH,
                 rules: EuchreRules | None = None) -> None:
        if game is None:
            from cardroom.games.euchre.game import Euchre

            game = Euchre(**(rules.to_dict() if rules is not None else {}))
        self.game = game
        self.rules = rules if rules is not None else getattr(game, "rules", DEFAULT_RULES)
        self.dealer = Seat(dealer)
        self._history: list[Any] = []
        self.phase = PH_DEAL
        self.original: tuple[int, int, int, int] = (0, 0, 0, 0)
        self.turn_up: Card | None = None
        self.turn_up_state = "none"  # on pack, taken up, turned down, dead, played
        self.stock = 0
        self.discard: Card | None = None
        self.calls: list[tuple[Seat, Any]] = []
        self.passed: set[Seat] = set()
        self.round = 0
        self.init_play([0, 0, 0, 0], self.dealer.lho, _AFTER, follow=BOWERS)
        self.trump: Suit | None = None
        self.maker: Seat | None = None
        self.lone = None
        self.declared_alone: Seat | None = None  # who declared alone (before any take-over)
        self._result: EuchreHandResult | None = None
        # laws mode (document 003, Laws 46-105): the director's state; None in casual play
        self.laws: Director | None = None
        if getattr(self.rules, "laws", False):
            from cardroom.games.euchre.laws import Director

            self.laws = Director()

    # ------------------------------------------------------------- seats
    @property
    def trick_leader(self) -> Seat:
        """The leader of the trick in progress (the trick play's ``leader``)."""
        leader: Seat = self.leader
        return leader

    @trick_leader.setter
    def trick_leader(self, seat: Seat) -> None:
        self.leader = seat

    @property
    def lone(self) -> Seat | None:
        """The lone player, if any; his partner sits out of the trick play (Law 101)."""
        return self._lone

    @lone.setter
    def lone(self, seat: Seat | None) -> None:
        self._lone = seat
        self.after = tuple(self._next_active(s) for s in _SEATS)
        self.trick_size = len(self.active_seats())

    @property
    def eldest(self) -> Seat:
        return self.dealer.lho

    @property
    def sitting_out(self) -> Seat | None:
        """The lone player's partner, whose cards lie face down (Law 101)."""
        return None if self.lone is None else self.lone.partner

    @property
    def laid_down(self) -> Seat | None:
        """The sitting-out partner once his cards lie face down: after the chance to take it from
        the lone player (Law 94) is over, and — when he is the dealer who must discard — after
        his discard."""
        out = self.sitting_out
        if out is None or self.phase == PH_TAKEOVER or (self.phase == PH_DISCARD and out == self.dealer):
            return None
        return out

    @property
    def makers(self) -> Side | None:
        return None if self.maker is None else self.maker.side

    def active_seats(self) -> list[Seat]:
        out = self.sitting_out
        return [s for s in _SEATS if s != out]

    def _next_active(self, seat: Seat) -> Seat:
        s = seat.lho
        while s == self.sitting_out:
            s = s.lho
        return s

    # ------------------------------------------------------------- protocol
    def player_to_act(self) -> int | None:
        return self.next_seat

    @property
    def is_over(self) -> bool:
        return self.phase == PH_OVER and (self.laws is None or self.laws.pending is None)

    @property
    def history(self) -> Sequence[Any]:
        return self._history

    def legal_actions(self) -> list[Any]:
        if self.laws is not None:
            from cardroom.games.euchre import laws as lawplay

            return lawplay.legal_actions(self)
        moment = tv.moment(self, len(self._history))  # listed once per moment: every view and the room ask
        legal = moment.get("legal")
        if legal is None:
            legal = moment["legal"] = tuple(self._plain_legal())
        return list(legal)

    def _plain_legal(self) -> list[Any]:
        ph = self.phase
        s = self.next_seat
        if ph == PH_ROUND1:
            assert self.turn_up is not None
            tu = self.turn_up.suit
            if s == self.dealer:
                return [BID_TURN_DOWN, BID_TAKE_UP, Bid(ALONE, tu)]
            accept = BID_ASSIST if s == self.dealer.partner else BID_ORDER_UP
            return [BID_PASS, accept, Bid(ALONE, tu)]
        if ph == PH_TAKEOVER:
            return [BID_PASS, BID_TAKE_IT]
        if ph == PH_DISCARD:
            assert self.turn_up is not None
            return [Discard(c) for c in cards_of_mask(self.hands[s] & ~self.turn_up.mask)]
        if ph == PH_ROUND2:
            assert self.turn_up is not None
            down = self.turn_up.suit
            out: list[Any] = [BID_PASS]
            for suit in (*(x for x in Suit if x != down), down):
                out.append(Bid(MAKE, suit))
                out.append(Bid(ALONE, suit))
            return out
        if ph == PH_PLAY:
            assert self.trump is not None
            return self.legal_cards()
        return []

    def sample_chance(self, rng: random.Random) -> EuchreDeal:
        if self.phase != PH_DEAL:
            raise IllegalAction(Reason("euchre.no_chance"))
        return EuchreDeal.random(rng, self.dealer)

    def apply(self, action: Any) -> None:
        if self.laws is not None:
            from cardroom.games.euchre import laws as lawplay

            # raises, state unchanged, if illegal; irregular actions and rulings are recorded as they are
            self._history.extend(lawplay.apply(self, action))
            return
        self._plain_apply(action)
        self._history.append(action)

    def _plain_apply(self, action: Any) -> None:
        """Apply a regular action (validated against the rules without the laws); no history entry."""
        if self.phase == PH_OVER:
            raise IllegalAction(Reason("euchre.hand_over", action_text=self.action_text(action)), action=action)
        if self.phase == PH_DEAL:
            if not isinstance(action, EuchreDeal):
                raise IllegalAction(Reason("euchre.deal_first", action=self._describe(action)),
                                    action=action)
            self._apply_deal(action)
            return
        if isinstance(action, EuchreDeal):
            raise IllegalAction(Reason("euchre.dealt_already"), action=action)
        seat = self.next_seat
        if action not in self._plain_legal():
            raise IllegalAction(self._why_illegal(action), seat=seat, action=action)
        if self.phase == PH_PLAY:
            self._play(Card(action))
        elif self.phase == PH_DISCARD:
            assert isinstance(action, Discard)
            self._discard(action.card)
        else:
            assert isinstance(action, Bid)
            self._declare(seat, action)

    # ------------------------------------------------------------- transitions
    def _apply_deal(self, deal: EuchreDeal) -> None:
        self.hands = list(deal.hands)
        self.original = deal.hands
        self.turn_up = deal.turn_up
        self.turn_up_state = "on pack"
        self.stock = deal.stock
        self.phase = PH_ROUND1
        self.round = 1
        self.next_seat = self.eldest

    def _declare(self, seat: Seat, bid: Bid) -> None:
        assert self.turn_up is not None
        self.calls.append((seat, bid))
        if self.phase == PH_TAKEOVER:
            if bid.kind == TAKE_IT:
                self.lone = seat  # Law 94: he plays alone; the first declarer sits out
            self._after_making_round1()
            return
        if self.phase == PH_ROUND1:
            if bid.kind in (PASS, TURN_DOWN):
                self.passed.add(seat)
                if seat == self.dealer:  # Law 77: the trump is turned down
                    self.turn_up_state = "turned down"
                    self.phase = PH_ROUND2
                    self.round = 2
                    self.next_seat = self.eldest
                else:
                    self.next_seat = seat.lho
                return
            self.trump = self.turn_up.suit
            self.maker = seat
            if bid.kind == ALONE:
                self.lone = seat
                self.declared_alone = seat
            partner = seat.partner
            if partner not in self.passed and seat != self.dealer:
                # Laws 74, 75, 93: his partner, not having passed, may take it from him
                self.phase = PH_TAKEOVER
                self.next_seat = partner
                return
            self._after_making_round1()
            return
        # the second round
        down = self.turn_up.suit
        if bid.kind == PASS or bid.suit == down:  # Law 78: naming the suit turned down = pass
            self.passed.add(seat)
            if seat == self.dealer:  # Law 77: all passed again; the hand is thrown in
                self._finish(thrown_in=True)
            else:
                self.next_seat = seat.lho
            return
        self.trump = bid.suit
        self.maker = seat
        if bid.kind == ALONE:
            self.lone = seat
            self.declared_alone = seat
        self._start_play()

    def _after_making_round1(self) -> None:
        """The turn-up suit is trumps: the dealer takes up the turn-up and discards (Law 86),
        unless he sits out and the option says the turn-up then stays on the pack."""
        assert self.turn_up is not None
        if self.dealer == self.sitting_out and not self.rules.sitting_out_dealer_takes_up:
            self.turn_up_state = "dead"
            self._start_play()
            return
        self.hands[self.dealer] |= self.turn_up.mask
        self.turn_up_state = "taken up"
        self.phase = PH_DISCARD
        self.next_seat = self.dealer

    def _discard(self, card: Card) -> None:
        self.hands[self.dealer] &= ~card.mask
        self.discard = card
        self.calls.append((self.dealer, Discard(card)))
        self._start_play()

    def _start_play(self) -> None:
        self.phase = PH_PLAY
        leader = self.eldest
        if leader == self.sitting_out:  # the eldest hand is out: the next on his left leads
            leader = self._next_active(leader)
        self.trick_leader = leader
        self.next_seat = leader
        self.trick = []

    def _play(self, card: Card) -> None:
        assert self.trump is not None and self.turn_up is not None
        if card == self.turn_up:
            self.turn_up_state = "played"
        if self.enter_card(self.next_seat, card) and len(self.tricks) == 5:
            self._finish(thrown_in=False)

    # ------------------------------------------------------------- claims (core/claims.py)
    def claim_in_play(self) -> bool:
        return self.phase == PH_PLAY

    def claim_finish(self) -> None:
        self._finish(thrown_in=False)

    def claim_best(self, seat: int) -> int | None:
        """The euchre solver (:func:`cardroom.solve.euchre.solve_state`): ``seat``'s side's tricks to come."""
        from cardroom.solve.euchre import solve_state

        assert self.maker is not None
        makers = self.maker.side
        to_come = solve_state(self).tricks - self.won[makers]
        return to_come if Seat(seat).side == makers else self.claim_remaining() - to_come

    def _finish(self, thrown_in: bool) -> None:
        assert self.turn_up is not None
        self.phase = PH_OVER
        if thrown_in:
            self._result = EuchreHandResult(self.dealer, self.turn_up, True, round=2)
            return
        assert self.maker is not None and self.trump is not None
        makers = self.maker.side
        mt = self.won[makers]
        hs = score_hand(mt, self.lone is not None)
        pts = [0, 0]
        pts[makers] += hs.makers_points
        pts[makers.other] += hs.adversaries_points
        entries: tuple[ScoreEntry, ...] = ()
        if self.laws is not None:
            from cardroom.games.euchre import laws as lawplay

            entries, net, hs = lawplay.finish_entries(self, makers, mt, self.lone is not None)
            pts = [net[0], net[1]]
        call = next(a.to_text() for s, a in self.calls if s == self.maker and isinstance(a, Bid)
                    and a.kind not in (PASS, TURN_DOWN) and not (a.suit is not None and self.round == 2
                                                                 and a.suit == self.turn_up.suit))
        self._result = EuchreHandResult(
            self.dealer, self.turn_up, False, self.trump, self.maker, makers, self.lone, self.round, mt,
            tuple(self.tricks), hs, (pts[0], pts[1]), call, entries)

    # ------------------------------------------------------------- messages
    def _describe(self, action: Any) -> str:
        try:
            return self.action_text(action)
        except Exception:
            return repr(action)

    def _why_illegal(self, action: Any) -> Reason:
        seat = self.next_seat
        text = self._describe(action)
        ph = self.phase
        if ph == PH_PLAY:
            if not isinstance(action, Card):
                return Reason("euchre.must_play_card", seat=seat, text=text)
            if not self.hands[seat] >> action & 1:
                return Reason("euchre.not_held", seat=seat, card=text)
            assert self.trump is not None and self.trick
            led = self.trick[0][1]
            return Reason("euchre.must_follow", seat=seat, led=led, suit=effective_suit(led, self.trump), text=text)
        if ph == PH_DISCARD:
            if isinstance(action, Discard):
                if action.card == self.turn_up:
                    return Reason("euchre.discard_turn_up", card=text[8:])
                return Reason("euchre.dealer_not_held", seat=seat, card=action.card)
            return Reason("euchre.discard_due", seat=seat, text=text)
        if isinstance(action, Discard):
            return Reason("euchre.no_discard_now")
        if isinstance(action, int):
            return Reason("euchre.declare_first", seat=seat)
        if ph == PH_TAKEOVER:
            return Reason("euchre.take_it_only", seat=seat)
        if ph == PH_ROUND1:
            if isinstance(action, Bid) and action.kind == MAKE:
                return Reason("euchre.make_round1")
            if isinstance(action, Bid) and action.kind == ALONE:
                return Reason("euchre.alone_round1", suit=self.turn_up.suit if self.turn_up is not None else "?")
            if isinstance(action, Bid) and action.kind == TAKE_IT:
                return Reason("euchre.take_it_nobody", seat=seat)
            role = ("dealer" if seat == self.dealer else "second" if seat == self.dealer.partner
                    else "eldest" if seat == self.eldest else "third")
            return Reason("euchre.not_open", text=text, seat=seat, role=Reason(f"euchre.role_{role}"),
                          legal=ActionsText(self.legal_actions()))
        if ph == PH_ROUND2:
            if isinstance(action, Bid) and action.kind == TAKE_IT:
                return Reason("euchre.take_it_round2")
            return Reason("euchre.not_round2", text=text)
        return Reason("euchre.not_allowed", text=text)

    # ------------------------------------------------------------- views
    def visible_mask(self, seat: int) -> int:
        if self.phase == PH_DEAL:
            return 0
        s = Seat(seat)
        m = self.played
        if s != self.laid_down:
            m |= self.hands[s]
        if self.laws is not None:
            m |= self.laws.face_up_mask() & (self.hands[0] | self.hands[1] | self.hands[2] | self.hands[3])
        if self.turn_up is not None and self.turn_up_state != "played":
            m |= self.turn_up.mask
        return m

    def view(self, seat: int) -> EuchreView:
        s = Seat(seat)
        hand = 0 if (self.phase == PH_DEAL or s == self.laid_down) else self.hands[s]
        to_act = self.to_act
        legal: tuple[Any, ...] = tuple(self.legal_actions()) if to_act == seat else ()
        if self.laws is not None:
            return EuchreView(seat=s, hand=hand, legal=legal, **self._view_fields(),
                              **self.laws.view_fields(self))
        moment = tv.moment(self, len(self._history))
        fields = moment.get("fields")
        if fields is None:
            fields = moment["fields"] = self._view_fields()
        return EuchreView(seat=s, hand=hand, legal=legal, moment=moment, **fields)

    def _view_fields(self) -> dict[str, Any]:
        """The fields of a view that every seat's view shares."""
        to_act = self.to_act
        return dict(
            dealer=self.dealer, phase=self.phase,
            turn_up=self.turn_up if self.turn_up_state not in ("none", "played") else None,
            turn_up_state=self.turn_up_state, trump=self.trump, maker=self.maker, lone=self.lone,
            sitting_out=self.sitting_out,
            calls=tuple((cs, "discard" if isinstance(a, Discard) else a.to_text()) for cs, a in self.calls),
            trick_leader=self.trick_leader, trick=tuple(self.trick),
            tricks=tuple(self.tricks), won=(self.won[0], self.won[1]),
            to_act=None if to_act is None or to_act < 0 else Seat(to_act))

    def card_places(self) -> Mapping[str, int]:
        if self.phase == PH_DEAL:
            return {"pack": PIQUET_PACK_MASK}
        places: dict[str, int] = {}
        out = self.laid_down
        for s in _SEATS:
            places[f"laid-down:{s.letter}" if s == out else f"hand:{s.letter}"] = self.hands[s]
        tu = self.turn_up
        assert tu is not None
        on_table = tu.mask if self.turn_up_state in ("on pack", "turned down", "dead") else 0
        places["turn-up"] = on_table
        places["stock"] = self.stock
        places["discard"] = self.discard.mask if self.discard is not None else 0
        t = 0
        for _, c in self.trick:
            t |= c.mask
        places["trick"] = t
        places["quitted"] = self.played & ~t
        return places

    def snapshot(self) -> Mapping[str, Any]:
        return {
            "dealer": self.dealer, "phase": self.phase, "original": self.original, "hands": tuple(self.hands),
            "turn_up": self.turn_up, "turn_up_state": self.turn_up_state, "stock": self.stock,
            "discard": self.discard, "calls": tuple(self.calls), "round": self.round, "trump": self.trump,
            "maker": self.maker, "lone": self.lone, "trick": tuple(self.trick), "tricks": tuple(self.tricks),
            "won": tuple(self.won), "next": self.next_seat, "history": tuple(self._history),
            **({} if self.laws is None else {"laws": self.laws.snapshot()}),
        }

    def result(self) -> EuchreHandResult | None:
        return self._result

    def where(self) -> Where:
        if self.phase == PH_DEAL:
            return Where("the_deal")
        if self.phase in (PH_ROUND1, PH_TAKEOVER, PH_ROUND2):
            rnd = "second_round" if self.phase == PH_ROUND2 else "first_round"
            return Where("making_trump") + Where(rnd) + Where("call_n", n=len(self.calls) + 1)
        if self.phase == PH_DISCARD:
            return Where("dealer_discard")
        if self.phase == PH_PLAY:
            return Where("trick_n", n=len(self.tricks) + 1)
        return Where("hand_over")

    # ------------------------------------------------------------- text
    def parse_action(self, text: str) -> Any:
        t = text.strip()
        if self.laws is not None:
            from cardroom.games.euchre.laws import parse_law_action

            law_action = parse_law_action(t)
            if law_action is not None:
                return law_action
        if t.lower().startswith("deal "):
            return EuchreDeal.from_text(t)
        if self.phase in (PH_PLAY, PH_DISCARD):
            try:
                card = Card.parse(t)
            except ParseError:
                pass
            else:
                return Discard(card) if self.phase == PH_DISCARD else card
        try:
            d = read_declaration(t)
        except ParseError:
            try:
                return Card.parse(t)
            except ParseError:
                pass
            raise
        return self._resolve(d, text)

    def _resolve(self, d: ParsedDeclaration, text: str) -> Any:
        ph = self.phase
        seat = self.next_seat
        if d.kind == "discard":
            assert d.card is not None
            return Discard(d.card)
        if d.kind == "take it":
            return BID_TAKE_IT
        if d.kind == "turn down":
            return BID_TURN_DOWN
        if d.kind == "pass":
            if ph == PH_ROUND1 and seat == self.dealer:
                return BID_TURN_DOWN
            return BID_PASS
        if d.kind == "accept":
            if ph == PH_ROUND1 and seat == self.dealer:
                return BID_TAKE_UP
            if ph == PH_ROUND1 and seat == self.dealer.partner:
                return BID_ASSIST
            return BID_ORDER_UP
        if d.kind == "alone":
            suit = d.suit
            if suit is None:
                if ph == PH_ROUND2 or self.turn_up is None:
                    raise ParseError(Reason("euchre.name_suit", text=text))
                suit = self.trump if self.trump is not None else self.turn_up.suit
            return Bid(ALONE, suit)
        assert d.kind == "make" and d.suit is not None
        return Bid(MAKE, d.suit)

    def action_text(self, action: Any) -> str:
        return action_text(action)

    # ------------------------------------------------------------- helpers for callers
    def hand_text(self, seat: Seat) -> str:
        """A seat's cards, trumps first, high to low."""
        cards = sorted(cards_of_mask(self.hands[seat]), key=lambda c: order_key(c, self.trump), reverse=True)
        return " ".join(str(c) for c in cards)

    def turned_suit_kind(self, suit: Suit) -> str:
        """Second round: "next" (same colour as the suit turned down) or "cross"."""
        assert self.turn_up is not None
        if suit == self.turn_up.suit:
            return "turned down"
        return "next" if suit == same_colour(self.turn_up.suit) else "cross"

    # ------------------------------------------------------------- laws port
    # What the laws (games/euchre/laws) do to the hand, as methods: no laws code writes the hand's fields.
    def laws_next_active(self, seat: Seat) -> Seat:
        """The next seat on ``seat``'s left that takes part in the hand."""
        return self._next_active(seat)

    def laws_plain_legal(self) -> list[Any]:
        """The actions the rules allow, without the laws."""
        return self._plain_legal()

    def laws_plain_apply(self, action: Any) -> None:
        """A regular action under the rules (raises their reason if it is illegal)."""
        self._plain_apply(action)

    def laws_set_turn(self, seat: Seat, lead: bool = False) -> None:
        """``seat`` is to play (``lead``: and leads the trick)."""
        if lead:
            self.trick_leader = seat
        self.next_seat = seat

    def laws_play(self, seat: Seat, card: Card) -> None:
        """``seat`` plays ``card`` (in turn or, ruled on, out of turn)."""
        self.next_seat = seat
        self._play(card)

    def laws_lift(self, seat: Seat, card: Card, played: bool = False) -> None:
        """``card`` leaves ``seat``'s hand (``played``: it is on the table, as a lead before the discard)."""
        self.hands[seat] &= ~card.mask
        if played:
            self.played |= card.mask

    def laws_start_trick(self, seat: Seat, card: Card) -> None:
        """The first trick begins with ``seat``'s ``card`` (a lead made before the discard, Law 87)."""
        self.trick = [(seat, card)]
        self.trick_leader = seat

    def laws_take_back(self, taken: Sequence[tuple[Seat, Card]]) -> None:
        """The plays ``taken`` leave the trick and go back to their hands."""
        for s, c in taken:
            self.hands[s] |= c.mask
            self.played &= ~c.mask
        self.trick = [p for p in self.trick if p not in taken]

    def laws_reopen_trick(self) -> None:
        """The last trick, quitted, is on the table again (a revoke corrected from it)."""
        t = self.tricks.pop()
        self.won[t.winner.side] -= 1
        self.trick = list(t.plays)
        self.trick_leader = t.leader
        if self.phase == PH_OVER:
            self.phase = "play"
            self._result = None

    def laws_order_up(self, seat: Seat) -> None:
        """``seat``'s order after passing is played as made (Law 80): the turn-up suit is trumps."""
        assert self.turn_up is not None
        self.passed.discard(seat)
        self.calls.append((seat, BID_ORDER_UP))
        self.trump = self.turn_up.suit
        self.maker = seat
        self._after_making_round1()

    def laws_set_lone(self, seat: Seat | None) -> None:
        """``seat`` plays alone (None: a partnership hand)."""
        self.lone = seat
        self.declared_alone = seat

    def laws_abandon(self) -> None:
        """The hand ends now (an adversary of the lone player abandons it, Law 50)."""
        self.trick = []
        self._finish(thrown_in=False)

    def laws_start_play(self) -> None:
        """The play begins (the dealer neglected his discard, Law 90)."""
        self._start_play()


EUCHRE_PHASES: Mapping[str, Phase] = {
    PH_DEAL: Phase.DEAL, PH_ROUND1: Phase.AUCTION, PH_ROUND2: Phase.AUCTION, PH_TAKEOVER: Phase.AUCTION,
    PH_DISCARD: Phase.DISCARD, PH_PLAY: Phase.PLAY, PH_OVER: Phase.DEAL_OVER}
"""The common phases of a hand's own phase names."""


@dataclass(frozen=True)
class EuchreView(tv.SeatDictView, View):
    """What one seat sees of a hand."""

    search_adapter: ClassVar[str] = "cardroom.games.euchre.search:ADAPTER"
    """The search bot's adapter for this game (:class:`cardroom.bots.sampling.SearchAdapter`)."""

    seat: Seat
    dealer: Seat
    phase: str
    hand: int
    turn_up: Card | None
    turn_up_state: str
    trump: Suit | None
    maker: Seat | None
    lone: Seat | None
    sitting_out: Seat | None
    calls: tuple[tuple[Seat, str], ...]
    trick_leader: Seat
    trick: tuple[tuple[Seat, Card], ...]
    tricks: tuple[Trick[Seat], ...]
    won: tuple[int, int]
    to_act: Seat | None
    legal: tuple[Any, ...] = field(default=())
    # laws mode only (document 003): the pending ruling, cards face up by the laws (every seat sees them),
    # the restrictions in force, the irregularities of the hand
    laws: bool = False
    ruling: dict[str, Any] | None = None
    face_up: tuple[int, ...] = (0, 0, 0, 0)
    restrictions: tuple[str, ...] = ()
    irregularities: tuple[str, ...] = ()
    moment: dict[str, Any] | None = field(default=None, compare=False, repr=False)
    """What every seat's view of this moment shares (:func:`cardroom.core.view.moment`; None: build all)."""

    def shown_mask(self) -> int:
        m = self.hand
        if self.turn_up is not None:
            m |= self.turn_up.mask
        for _, c in self.trick:
            m |= c.mask
        for t in self.tricks:
            for c in t.cards:
                m |= c.mask
        for a in self.legal:
            if isinstance(a, Card):
                m |= a.mask
            elif isinstance(a, Discard):
                m |= a.card.mask
        for f in self.face_up:
            m |= f
        return m

    @memo
    def table(self) -> TableView:
        """The common table view (:mod:`cardroom.core.view`)."""
        me = int(self.seat)
        return tv.seat_table(self._shared_table, self.moment, me, {me: self.hand} if self.hand else {}, (me,),
                             tv.action_texts(self.legal))

    def _shared_table(self) -> TableView:
        """The table but for the seat's own fields: the same for every seat at one moment."""
        me = int(self.seat)
        tricks = tv.tricks_of(self.tricks, lambda t: PlayedTrick(int(t.leader), tuple((int(s), c) for s, c in t.plays),
                                                              int(t.winner)))
        to_act = None if self.to_act is None else int(self.to_act)
        laws = None if not self.laws else LawsState(
            self.ruling, LawsState.by_seat(self.face_up), (), self.restrictions, self.irregularities)
        return TableView(
            seat=me, seats=4, phase=tv.phase_of(self.phase, self.ruling, EUCHRE_PHASES), step=self.phase,
            dealer=int(self.dealer), to_act=to_act, hand_to_play=to_act if self.phase == PH_PLAY else None,
            out=() if self.sitting_out is None else (int(self.sitting_out),),
            declarer=None if self.maker is None else int(self.maker),
            trump=None if self.trump is None else int(self.trump),
            open=() if self.turn_up is None else (("turn_up", self.turn_up.mask),),
            leader=int(self.trick_leader), trick=tuple([(int(s), c) for s, c in self.trick]), tricks=tricks,
            won=tv.won_by_seat(4, tricks), side_won=self.won, laws=laws)

    def _own_dict(self) -> dict[str, Any]:
        return {"seat": self.seat.letter, "hand": tv.card_list(self.hand)}

    def _shared_dict(self) -> dict[str, Any]:
        """The view as a dict but for the seat's own keys (placeholders here): the same for every seat at
        one moment."""
        return {
            "seat": None, "dealer": self.dealer.letter, "phase": self.phase,
            "hand": None,
            "turn_up": None if self.turn_up is None else str(self.turn_up), "turn_up_state": self.turn_up_state,
            "trump": None if self.trump is None else self.trump.letter,
            "maker": None if self.maker is None else self.maker.letter,
            "lone": None if self.lone is None else self.lone.letter,
            "sitting_out": None if self.sitting_out is None else self.sitting_out.letter,
            "calls": [[s.letter, t] for s, t in self.calls],
            "trick": {"leader": self.trick_leader.letter, "cards": [[s.letter, str(c)] for s, c in self.trick]},
            "tricks": [{"leader": t.leader.letter, "cards": [[s.letter, str(c)] for s, c in t.plays],
                        "winner": t.winner.letter} for t in self.tricks],
            "won": {"NS": self.won[0], "EW": self.won[1]},
            "to_act": None if self.to_act is None else self.to_act.letter,
            "legal": None,
            **({} if not self.laws else {"laws": {
                "ruling": self.ruling, "restrictions": list(self.restrictions),
                "irregularities": list(self.irregularities),
                "face_up": {Seat(i).letter: [str(c) for c in cards_of_mask(m)]
                            for i, m in enumerate(self.face_up) if m},
            }}),
            "table": None,
        }


def action_words(action: Any, lang: str) -> str:
    """A declaration, a discard or a card as a person's screen in ``lang`` writes it and he may type it
    (the catalogue's ``euchre.bid_`` keys: «заказываю», «один на ♥»; a card with its suit symbol)."""
    if isinstance(action, Discard):
        return form(SECTIONS["terminal"]["euchre.discard_card"], lang).format(card=action.card.pretty)
    if isinstance(action, Bid):
        forms = SECTIONS["terminal"]["euchre.bid_" + action.kind.replace(" ", "_")]
        return form(forms, lang).format(suit=action.suit.symbol if action.suit is not None else "")
    if isinstance(action, int):
        return Card(action).pretty
    return str(action)


class ActionsText(Localized):
    """The actions open to a seat, named in a refusal's reason: the engine's texts in English (``pass,
    order up``), :func:`action_words` in another language."""

    __slots__ = ("actions",)

    def __init__(self, actions: Sequence[Any]) -> None:
        self.actions = tuple(actions)

    def text(self, lang: str = "en") -> str:
        if lang == "en":
            return ", ".join(action_text(a) for a in self.actions)
        return ", ".join(action_words(a, lang) for a in self.actions)

    def __str__(self) -> str:
        return self.text("en")

    def __format__(self, spec: str) -> str:
        return format(self.text("en"), spec)


def action_text(action: Any) -> str:
    """The canonical text of any euchre action (the hand's and the rubber's)."""
    if isinstance(action, Action):
        return action.to_text()
    if isinstance(action, int):
        return str(Card(action))
    return str(action)
