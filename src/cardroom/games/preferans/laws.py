"""The laws of preferans: document 004 §11 (the arbiter rules of duplicate tournaments) and the usual
penalties of the 1997 Code of Preferans, and the director that applies them to a
:class:`~cardroom.games.preferans.rules.PrefDeal` in laws mode (option ``laws``; off by default).

``TABLE`` is the law table (:class:`~cardroom.core.laws.LawTable`). Laws ``P1``–``P6`` are applied by
the engine; laws ``D11.2``–``D11.7`` (the document's arbiter rules, written for duplicate boxes and
match points) are the pure functions at the end of this module.

Actions of laws mode (their text is what records store; seats are numbers, ``!1`` is seat 1):

* ``!SEAT misdeal`` — the seat finds the deal faulty (a card face up, a wrong number of cards): before
  the first call the cards are dealt again by the same dealer (P1, automatic); once the auction has
  begun the seat's own hand is wrong and the others choose (P2). Refused where a server deals (option
  ``laws_online``, set by the card room): its deal cannot be faulty, and the law would give any seat
  a fresh deal for the asking.
* ``!SEAT discard C1 [C2 C3 …]`` — the talon-taker discards a number of cards other than two (P3).
* ``!SEAT CARD`` — in the play: a lead or play out of turn (P4) or, by the seat whose turn it is, a card
  that fails to follow suit or to trump when it could (a revoke, «ренонс», P5).
* ``!SEAT show CARD`` — a card shown during the play (P6).
* ``ruling LAW OPTION`` — the choice of the seat to act under the pending ruling.

Who chooses: in a game or a misère the defenders are one side and the declarer the other — the
declarer chooses for a defender's offence, the first defender (the declarer's left) for the
declarer's; in the auction and on raspasy the offender's left-hand neighbour among the active players.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any, ClassVar

from cardroom.core.cards import SUIT_MASKS, Card, cards_of_mask
from cardroom.core.errors import CardroomError, IllegalAction, ParseError, Reason
from cardroom.core.laws import (
    Chooser,
    HandlerRegistry,
    Irregular,
    Irregularity,
    LawsDirector,
    LawTable,
    RulingChoice,
    RulingContext,
    Seats,
    penalty_card_plays,
)
from cardroom.games.preferans.result import PrefDealResult
from cardroom.i18n.catalogue import LawRef

if TYPE_CHECKING:
    from cardroom.games.preferans.rules import PrefDeal


TABLE = LawTable.load("cardroom.games.preferans", "laws.toml")


class PrefIrregular(Irregular):
    """An irregular action at a preferans table: seats are numbers (``!1 7S``, ``!0 misdeal``)."""

    labels: ClassVar[str] = "0123"


@dataclass(frozen=True)
class PrefPenalty:
    """A penalty written into a gora: ``what`` is ``"down"`` (``count`` undertricks of a game of ``level``),
    ``"price"`` (the contract's price; level 0: the misère's) or ``"raspasy"`` (``count`` raspasy tricks)."""

    law: str
    seat: int
    what: str
    level: int = 0
    count: int = 1


@dataclass(frozen=True)
class LawsDealResult(PrefDealResult):
    """A deal played in laws mode: the plain result with the penalties, the irregularities and whether
    consolation is written (a wrong discard's lost game)."""

    penalties: tuple[PrefPenalty, ...] = ()
    no_consolation: bool = False
    irregularities: tuple[str, ...] = ()


def penalty_points(p: PrefPenalty, variant: Any, raspasy_round: int = 1) -> Fraction:
    """The gora points of a penalty under ``variant`` (a :class:`PrefVariant`)."""
    if p.what == "down":
        return Fraction(variant.price(max(6, p.level)) * p.count)
    if p.what == "price":
        return Fraction(variant.price(p.level) if p.level else variant.misere_points())
    if p.what == "raspasy":
        return Fraction(variant.raspasy_price(max(1, raspasy_round)) * p.count)
    raise CardroomError(Reason("pref.unknown_penalty", what=p.what))


class Context(RulingContext):
    """What a pending ruling's handler needs (a dataclass per kind)."""


class WrongHand(Context):
    """P2: a wrong hand found during the auction."""


class WrongDiscard(Context):
    """P3: the cards of a wrong discard."""

    cards: tuple[int, ...]


class CardContext(Context):
    """An irregularity with a card of ``seat`` put on the table (face up while the ruling is pending)."""

    seat: int
    card: int


class OutOfTurn(CardContext):
    """P4: a lead or play out of turn."""


class RevokeMade(CardContext):
    """P5: a revoke."""


class CardShown(CardContext):
    """P6: a card shown during the play."""


HANDLERS: HandlerRegistry[type[Context]] = HandlerRegistry("the preferans laws")
"""The handler of each kind of pending ruling, by its context's type: ``handler(deal, context, option)``."""


@dataclass
class PrefDirector(LawsDirector):
    """A deal's laws state: the pending ruling (its context a :class:`Context`), cards face up, penalty
    cards, revokes to settle and the penalties to write."""

    penalties: list[PrefPenalty] = field(default_factory=list)
    face_up: dict[int, int] = field(default_factory=dict)
    penalty_cards: dict[int, int] = field(default_factory=dict)
    transfers: list[tuple[int, int]] = field(default_factory=list)  # (offender, tricks) at the end of play
    no_consolation: bool = False
    chosen: list[tuple[int, str, str]] = field(default_factory=list)  # (seat, law, option)

    def face_up_mask(self, deal: PrefDeal) -> int:
        m = 0
        for s, x in self.face_up.items():
            m |= x & deal.hands[s]
        for s, x in self.penalty_cards.items():
            m |= x & deal.hands[s]
        if self.pending is not None and isinstance(self.context, CardContext):
            m |= 1 << self.context.card
        return m

    def face_up_by_seat(self, deal: PrefDeal) -> tuple[int, ...]:
        out = [0] * deal.players
        for s, x in self.face_up.items():
            out[s] |= x & deal.hands[s]
        for s, x in self.penalty_cards.items():
            out[s] |= x & deal.hands[s]
        if self.pending is not None and isinstance(self.context, CardContext):
            out[self.context.seat] |= 1 << self.context.card
        return tuple(out)

    def face(self, seat: int, card: int, penalty: bool = False) -> None:
        """``seat``'s ``card`` goes face up (``penalty``: a penalty card, played at the first legal
        opportunity)."""
        target = self.penalty_cards if penalty else self.face_up
        target[seat] = target.get(seat, 0) | (1 << card)

    def snapshot(self) -> dict[str, Any]:
        return {
            "pending": None if self.pending is None else self.pending.to_dict(),
            "irregularities": tuple(i.to_text() for i in self.irregularities),
            "penalties": tuple(self.penalties), "face_up": tuple(sorted(self.face_up.items())),
            "penalty_cards": tuple(sorted(self.penalty_cards.items())), "transfers": tuple(self.transfers),
            "no_consolation": self.no_consolation, "chosen": tuple(self.chosen),
        }

    def view_fields(self, deal: PrefDeal) -> dict[str, Any]:
        pens = [0] * deal.players
        for s, x in self.penalty_cards.items():
            pens[s] |= x & deal.hands[s]
        return {"laws": True, "ruling": None if self.pending is None else self.pending.to_dict(),
                "face_up": self.face_up_by_seat(deal), "penalty_cards": tuple(pens),
                "irregularities": tuple(i.to_text() for i in self.irregularities)}


# ------------------------------------------------------------------------------------------ parsing
def parse_law_action(text: str) -> Any:
    """``!SEAT …`` or ``ruling LAW OPTION`` (also «решение»); None for any other text."""
    t = text.strip()
    if t.startswith("!"):
        return PrefIrregular.from_text(t)
    head = t.split(None, 1)[0].lower() if t else ""
    if head in ("ruling", "решение"):
        return RulingChoice.from_text(t)
    return None


# ------------------------------------------------------------------------------------------ the engine
def _active_left(deal: PrefDeal, seat: int) -> int:
    return deal.laws_next_active(seat) if seat in deal.active else deal.first_hand


def _sides(deal: PrefDeal, offender: int) -> tuple[int, tuple[int, ...]]:
    """(the chooser, every non-offender entitled) for an offence by ``offender``: the non-offending side
    (:attr:`Chooser.NON_OFFENDER`) — in a game or a misère the declarer against a defender, the first
    defender against the declarer; in the auction and on raspasy the offender's left."""
    d = deal.declarer
    sides = d is not None and deal.kind in ("game", "misere", "") and deal.phase != 1
    seats = Seats(offender, lambda s: _active_left(deal, s), lambda a, b: a == b, declarer=d if sides else None)
    chooser = Chooser.NON_OFFENDER.seat(seats)
    assert chooser is not None
    if not sides:
        entitled = tuple(s for s in deal.active if s != offender)
    elif offender == d:
        entitled = tuple(s for s in deal.active if s != d)
    else:
        entitled = (chooser,)
    return chooser, entitled


def _note(deal: PrefDeal, kind: str, seat: int, action: PrefIrregular, detail: str = "",
          public: str | None = None) -> Irregularity:
    """Record the irregularity; ``public`` replaces the action's text where it names hidden cards (a
    wrong discard: every seat's view carries the irregularity, the record keeps the action)."""
    trick = len(deal.tricks) + 1 if deal.phase == 6 else None
    irr = Irregularity(kind, seat, detail, trick, action.to_text() if public is None else public)
    assert deal.laws is not None
    deal.laws.irregularities.append(irr)
    return irr


def _rule(deal: PrefDeal, irr: Irregularity, context: Context, offered: Sequence[str] | None = None) -> None:
    chooser, entitled = _sides(deal, irr.offender)
    assert deal.laws is not None
    deal.laws.rule(TABLE.ruling(irr, chooser, entitled, offered), context)


def legal_actions(deal: PrefDeal) -> list[Any]:
    """The ruling's options while one is pending; otherwise the rules' own actions (penalty cards
    narrowing the plays)."""
    assert deal.laws is not None
    if deal.laws.pending is not None:
        return list(deal.laws.pending.actions())
    return deal.laws_base_legal()


def restrict_plays(deal: PrefDeal, legal: list[Card]) -> list[Card]:
    """A penalty card of the hand to play must be played at the first legal opportunity."""
    if deal.laws is None:
        return legal
    pen = deal.laws.penalty_cards.get(deal.next_seat, 0) & deal.hands[deal.next_seat]
    return penalty_card_plays(legal, cards_of_mask(pen)) if pen else legal


def apply(deal: PrefDeal, action: Any) -> bool:
    """Apply a laws action (an irregular action or a ruling); False if ``action`` is an ordinary one
    for the rules. Raises :class:`IllegalAction` (state unchanged) when the laws refuse it."""
    assert deal.laws is not None
    laws = deal.laws
    pending = LawRef("preferans", laws.pending.law.number) if laws.pending is not None else None
    if isinstance(action, RulingChoice):
        if laws.pending is None:
            raise IllegalAction(Reason("pref.no_ruling", text=action.to_text()), action=action)
        if action.law != laws.pending.law.number:
            raise IllegalAction(Reason("pref.pending_under", text=action.to_text(), law=pending), action=action)
        try:
            laws.pending.option(action.option)
        except CardroomError as e:
            raise IllegalAction(e.reason if e.reason is not None else str(e), action=action) from None
        _choose(deal, action)
        return True
    if isinstance(action, Irregular):
        if laws.pending is not None:
            raise IllegalAction(Reason("pref.chooses_first", text=action.to_text(), law=pending,
                                       chooser=laws.pending.chooser), action=action)
        _irregular(deal, PrefIrregular(action.seat, action.text))
        return True
    if laws.pending is not None:
        raise IllegalAction(Reason("pref.pending_choose", law=pending, chooser=laws.pending.chooser,
                                   options=', '.join(o.name for o in laws.pending.options)), action=action)
    return False


def _cards(text: str) -> list[Card]:
    out = []
    for w in text.replace(",", " ").split():
        out.append(Card.parse(w))
    return out


def _irregular(deal: PrefDeal, a: PrefIrregular) -> None:
    if a.seat >= deal.players:
        raise IllegalAction(Reason("pref.no_seat_at_table", text=a.to_text(), seat=a.seat, players=deal.players),
                            action=a)
    word, arg = a.word, a.arg
    phase = deal.phase
    if word == "misdeal":
        if deal.rules.laws_online:
            raise IllegalAction(Reason("pref.misdeal_online", text=a.to_text()), action=a)
        if phase != 1:
            raise IllegalAction(Reason("pref.misdeal_when", text=a.to_text()), action=a)
        if not deal.calls:
            _note(deal, "misdeal", deal.dealer, a, f"called by seat {a.seat}")
            deal.laws_redeal()
            return
        if a.seat not in deal.active:
            raise IllegalAction(Reason("pref.holds_no_cards", text=a.to_text(), seat=a.seat), action=a)
        irr = _note(deal, "wrong-hand", a.seat, a, "found after the auction began")
        _rule(deal, irr, WrongHand())
        return
    if a.seat not in deal.active:
        raise IllegalAction(Reason("pref.seat_not_in_deal", text=a.to_text(), seat=a.seat), action=a)
    if word == "discard":
        if phase != 2 or a.seat != deal.declarer:
            raise IllegalAction(Reason("pref.only_taker_discards", text=a.to_text()), action=a)
        if deal.discard:
            raise IllegalAction(Reason("pref.discard_begun", text=a.to_text()), action=a)
        try:
            cards = _cards(arg)
        except ParseError as e:
            raise IllegalAction(Reason("pref.action_why", text=a.to_text(), e=e), action=a) from None
        if len(set(cards)) != len(cards) or not cards:
            raise IllegalAction(Reason("pref.name_discards", text=a.to_text()), action=a)
        for c in cards:
            if not deal.hands[a.seat] >> c & 1:
                raise IllegalAction(Reason("pref.law_not_held", text=a.to_text(), seat=a.seat, card=c), action=a)
        if len(cards) == 2:
            raise IllegalAction(Reason("pref.right_discard", text=a.to_text()),
                                action=a)
        if len(cards) > 4:
            raise IllegalAction(Reason("pref.discard_four", text=a.to_text()), action=a)
        irr = _note(deal, "wrong-discard", a.seat, a, f"{len(cards)} card(s)", f"!{a.seat} discard")
        _rule(deal, irr, WrongDiscard(cards=tuple(int(c) for c in cards)))
        return
    if phase != 6:
        raise IllegalAction(Reason("pref.not_irregularity", text=a.to_text()), action=a)
    if word == "show":
        try:
            (card,) = _cards(arg)
        except (ParseError, ValueError):
            raise IllegalAction(Reason("pref.show_one", text=a.to_text(), seat=a.seat), action=a) from None
        if not deal.hands[a.seat] >> card & 1:
            raise IllegalAction(Reason("pref.law_not_held", text=a.to_text(), seat=a.seat, card=card), action=a)
        irr = _note(deal, "card-shown", a.seat, a, str(card))
        _rule(deal, irr, CardShown(seat=a.seat, card=int(card)))  # face up while the ruling is pending
        return
    try:
        card = Card.parse(a.text)
    except ParseError as e:
        raise IllegalAction(Reason("pref.action_why", text=a.to_text(), e=e), action=a) from None
    hand = a.seat
    if not deal.hands[hand] >> card & 1:
        raise IllegalAction(Reason("pref.law_not_held", text=a.to_text(), seat=hand, card=card), action=a)
    if any(s == hand for s, _ in deal.trick):
        raise IllegalAction(Reason("pref.law_already_played", text=a.to_text(), seat=hand), action=a)
    if hand == deal.next_seat:
        if card in deal.laws_legal_cards():
            raise IllegalAction(Reason("pref.legal_play", text=a.to_text(), card=card), action=a)
        irr = _note(deal, "revoke", hand, a, str(card))
        _rule(deal, irr, RevokeMade(seat=hand, card=int(card)))
        return
    lead = not any(s >= 0 for s, _ in deal.trick)
    offered = ["retract", "penalty-card"]
    if lead and card in deal.laws_legal_cards(hand):
        offered.insert(0, "accept")
    irr = _note(deal, "lead-out-of-turn" if lead else "play-out-of-turn", hand, a, str(card))
    _rule(deal, irr, OutOfTurn(seat=hand, card=int(card)), offered)


def _choose(deal: PrefDeal, choice: RulingChoice) -> None:
    """Carry out the option chosen under the pending ruling: its context's handler does."""
    laws = deal.laws
    assert laws is not None and laws.pending is not None
    ruling = laws.pending
    laws.chosen.append((ruling.chooser if ruling.chooser is not None else -1, ruling.law.number, choice.option))
    _, ctx = laws.take()
    HANDLERS.handler(type(ctx))(deal, ctx, choice.option, ruling.irregularity.offender)


@HANDLERS.on(WrongHand)
def _wrong_hand(deal: PrefDeal, ctx: WrongHand, o: str, off: int) -> None:
    """P2: a redeal, or «без двух» into the offender's gora and then a redeal."""
    laws = deal.laws
    assert laws is not None
    if o == "penalty":
        bid = deal.bid
        level = bid.level if bid is not None and bid.is_game else 6
        laws.penalties.append(PrefPenalty("P2", off, "down", level, deal.rules.laws_misdeal_down))
    deal.laws_redeal()


@HANDLERS.on(WrongDiscard)
def _wrong_discard(deal: PrefDeal, ctx: WrongDiscard, o: str, off: int) -> None:
    """P3: the discard corrected, or the game lost without play."""
    cards = [Card(c) for c in ctx.cards]
    if o == "correct":
        for c in cards[:2]:
            deal.laws_discard(c)
    else:
        _discard_lost(deal, off, cards)


@HANDLERS.on(OutOfTurn)
def _out_of_turn(deal: PrefDeal, ctx: OutOfTurn, o: str, off: int) -> None:
    """P4: a lead accepted, or the card back face up (a penalty card)."""
    assert deal.laws is not None
    if o == "accept":
        deal.laws_play(ctx.seat, Card(ctx.card))
    else:
        deal.laws.face(ctx.seat, ctx.card, penalty=o == "penalty-card")


@HANDLERS.on(RevokeMade)
def _revoke(deal: PrefDeal, ctx: RevokeMade, o: str, off: int) -> None:
    """P5: corrected (the card back face up), or it stands with tricks transferred or a price in the gora."""
    laws = deal.laws
    assert laws is not None
    if o == "correct":
        laws.face(ctx.seat, ctx.card)
        return
    if o == "transfer":
        laws.transfers.append((ctx.seat, deal.rules.laws_revoke_tricks))
    else:
        laws.penalties.append(_price_penalty(deal, ctx.seat))
    deal.laws_play(ctx.seat, Card(ctx.card))


@HANDLERS.on(CardShown)
def _card_shown(deal: PrefDeal, ctx: CardShown, o: str, off: int) -> None:
    """P6: a penalty card, or only seen by all."""
    assert deal.laws is not None
    deal.laws.face(ctx.seat, ctx.card, penalty=o == "penalty-card")


def _price_penalty(deal: PrefDeal, seat: int) -> PrefPenalty:
    if deal.kind == "raspasy" or deal.contract is None:
        return PrefPenalty("P5", seat, "raspasy", 0, 2)
    if deal.contract.is_misere:
        return PrefPenalty("P5", seat, "price", 0)
    return PrefPenalty("P5", seat, "price", deal.contract.level)


def _discard_lost(deal: PrefDeal, decl: int, cards: list[Card]) -> None:
    """P3 game-lost: the discard stands as made; the deal ends without play."""
    laws = deal.laws
    assert laws is not None and deal.bid is not None
    down = deal.rules.laws_discard_down
    if deal.bid.is_misere:
        mine = min(10, down)
    else:
        mine = max(0, deal.bid.level - down)
        laws.no_consolation = not deal.rules.laws_discard_consolation
    deal.laws_settle_without_play(decl, cards, mine, whisted=not deal.bid.is_misere)


def on_finish(deal: PrefDeal) -> None:
    """At the end of the play: established revokes transfer tricks to the non-offending side."""
    laws = deal.laws
    if laws is None or not laws.transfers or deal.kind not in ("game", "misere", "raspasy"):
        return
    for off, k in laws.transfers:
        transfer_tricks(deal.won, deal.kind, deal.declarer, off, k, deal.active)
    laws.transfers = []


def transfer_tricks(won: list[int], kind: str, declarer: int | None, offender: int, k: int,
                    active: Sequence[int]) -> None:
    """Move ``k`` tricks (as many as there are) in the non-offending side's favour, in place.

    A game: a defender's revoke gives the defence's tricks (his own first) to the declarer; the
    declarer's gives his to the defenders (each to the one with fewer tricks). A misère: the declarer's
    revoke gives him the defenders' tricks; a defender's moves the declarer's tricks onto the offender.
    Raspasy: the offender takes tricks from the others (the one with most tricks first)."""
    others = [s for s in active if s != offender]
    for _ in range(k):
        if kind == "game" and declarer is not None:
            if offender == declarer:
                src, dst = offender, max(others, key=lambda s: (-won[s], -((s - offender) % len(won))))
            else:  # the defenders are one side: the offender's tricks first, then his partner's
                src = offender if won[offender] > 0 else next((s for s in others if s != declarer), offender)
                dst = declarer
        elif kind == "misere" and declarer is not None:
            if offender == declarer:
                src = max(others, key=lambda s: (won[s], -((s - offender) % len(won))))
                dst = offender
            else:
                src, dst = declarer, offender
        else:
            src = max(others, key=lambda s: (won[s], -((s - offender) % len(won))))
            dst = offender
        if won[src] <= 0:
            return
        won[src] -= 1
        won[dst] += 1


def result(deal: PrefDeal, base: PrefDealResult) -> LawsDealResult:
    laws = deal.laws
    assert laws is not None
    fields = {f: getattr(base, f) for f in base.__dataclass_fields__}
    return LawsDealResult(**fields, penalties=tuple(laws.penalties), no_consolation=laws.no_consolation,
                          irregularities=tuple(i.to_text() for i in laws.irregularities))


# ------------------------------------------------------------------------------------------ random irregularities
def random_irregular(deal: PrefDeal, rng: random.Random) -> PrefIrregular | None:
    """A random irregular action that the laws know in the deal's phase (for tests and the terminal's
    computer players), or None when none fits."""
    phase = deal.phase
    if phase == 1:
        seat = rng.choice(deal.active)
        return PrefIrregular(seat, "misdeal")
    if phase == 2 and deal.declarer is not None and not deal.discard:
        hand = cards_of_mask(deal.hands[deal.declarer])
        k = rng.choice((1, 3))
        return PrefIrregular(deal.declarer, "discard " + " ".join(str(c) for c in rng.sample(hand, k)))
    if phase == 6:
        choices = [s for s in deal.active if deal.hands[s] and not any(x == s for x, _ in deal.trick)]
        if not choices:
            return None
        seat = rng.choice(choices)
        cards = cards_of_mask(deal.hands[seat])
        card = rng.choice(cards)
        if rng.random() < 0.2:
            return PrefIrregular(seat, f"show {card}")
        if seat == deal.next_seat:
            bad = [c for c in cards if c not in deal.laws_legal_cards()]
            if not bad:
                return None
            card = rng.choice(bad)
        return PrefIrregular(seat, str(card))
    return None


def is_revoke(hand: int, led_suit: int, trump: int | None, card: Card) -> bool:
    """A card that fails to follow suit while the hand holds the suit led, or fails to trump while void
    in it and holding a trump (the Code's must-trump rule)."""
    if card // 13 == led_suit:
        return False
    if hand & SUIT_MASKS[led_suit]:
        return True
    return trump is not None and card // 13 != trump and bool(hand & SUIT_MASKS[trump])


# ------------------------------------------------------------------------------------------ document 004 §11
ADJUSTED = {"full": Fraction(40, 100), "partial": Fraction(50, 100), "none": Fraction(60, 100)}


def adjusted_score(fault: str) -> Fraction:
    """§11.2Б.1, the artificial adjusted result as a share of the top: ``fault`` is ``"full"`` (a side
    fully at fault: 40%, «средний минус»), ``"partial"`` (50%, «среднее») or ``"none"`` (at least 60%,
    «средний плюс»)."""
    if fault not in ADJUSTED:
        raise CardroomError(Reason("pref.fault", fault=fault))
    return ADJUSTED[fault]


def assigned_score(possible: Sequence[float], non_offending: bool) -> float:
    """§11.2Б.2, the assigned result from the results possible without the irregularity (scores of the
    side concerned): the most favourable for the non-offending side, the least for the offending one."""
    if not possible:
        raise CardroomError(Reason("pref.assigned_result"))
    return max(possible) if non_offending else min(possible)


def wrong_count_ruling(bid_with_wrong_hand: bool, cards_seen: bool = False, material: bool = False,
                       after_play: bool = False, hand_records: bool = False) -> str:
    """§11.3: ``"artificial"``, ``"cancel"`` (found after play), ``"play"`` (restored, play normally:
    ``"records"`` / ``"consult"`` / ``"redeal"`` name how) or ``"play-by-consent"``."""
    if after_play:
        return "cancel"
    if bid_with_wrong_hand:
        return "artificial"
    if cards_seen:
        return "artificial" if material else "play-by-consent"
    return "records" if hand_records else "redeal"


def missing_card_ruling(during_play: bool, found: str) -> str:
    """§11.4: ``found`` is ``"played"`` (among the played cards), ``"elsewhere"`` or ``"no"``. Returns
    ``"restore"``, ``"reconstruct"``, ``"spoiled"`` (rule 10), ``"restore-penalty"`` (the card may be a penalty
    card, not playing it earlier a revoke) or ``"reconstruct-penalty"``."""
    if found not in ("played", "elsewhere", "no"):
        raise CardroomError(Reason("pref.found", found=found))
    if not during_play:
        return "reconstruct" if found == "no" else "restore"
    return {"played": "spoiled", "elsewhere": "restore-penalty", "no": "reconstruct-penalty"}[found]


def defective_trick_ruling(too_many: bool, holds_suit_led: bool = False) -> str:
    """§11.5: too many cards — ``"suit-card"`` (no penalty) or ``"any-card-revoke"``; too few —
    ``"take-back"`` (the shown card, else the highest legal one, stays)."""
    if too_many:
        return "suit-card" if holds_suit_led else "any-card-revoke"
    return "take-back"


def wrong_board_ruling(played_before: bool) -> str:
    """§11.6: ``"score"`` (the result stands; the right board may be played later) or ``"cancel-second"``."""
    return "cancel-second" if played_before else "score"


def wrong_hand_ruling(play_begun: bool) -> str:
    """§11.7: ``"cancel-artificial"`` once play has begun; ``"correct"`` in the auction."""
    return "cancel-artificial" if play_begun else "correct"


def dealt_out_of_turn_ruling(deal_finished: bool, cards_lifted: bool) -> str:
    """Code 3.2.14: ``"redeal"`` if found before the deal is finished (or nobody lifted his cards); else
    ``"stands"`` — and the next deal belongs to the left of the one who dealt."""
    return "stands" if deal_finished and cards_lifted else "redeal"
