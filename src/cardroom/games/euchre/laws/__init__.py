"""The laws of euchre on irregularities (document 003, Laws 22–105; etiquette 106–116) and the director
that applies them to an :class:`~cardroom.games.euchre.rules.EuchreHand` in laws mode.

``TABLE`` is the law table (:class:`~cardroom.core.laws.LawTable`): every law of 22–116 with its
ruling, options, chooser and the Russian source. Laws 22–45 (shuffle, cut, deal, misdeals) are
rulings on the deal, applied through the pure functions of :mod:`cardroom.games.euchre.dealing`
(the engine deals in one chance action); the etiquette 106–116 is guidance, no penalty.
:class:`Director` holds a hand's laws state and turns an irregular action into a ruling and a chosen
option into its effect.

Actions of laws mode (the text is what records store):

* ``!SEAT CARD`` — a card by SEAT that the rules do not allow: a lead out of turn (Laws 52, 104, 105),
  a play out of turn (58, 59), a revoke (62; 54 when a penalty is disobeyed), a lead before the
  discard (87, 89), a card of the lone player's partner (100).
* ``!SEAT CARD CARD`` — two cards played at once (Law 46 I).
* ``!SEAT expose CARD`` (46 II; 95 before declaring; 102, 104), ``!SEAT floor CARD`` (46: not exposed),
  ``!SEAT lift`` (the dealer lifts the turn-up into his hand, 46 III, 91), ``!SEAT throw`` (the hand
  thrown face up: 48, 50; the dealer in the second round: 82), ``!SEAT remark`` (attention to the
  trick, 83), ``!SEAT correct`` (a revoke corrected in time, 69), ``!SEAT count`` (the laid-down
  hand counted, 103).
* ``!SEAT DECLARATION`` — a declaration out of turn or after passing (79, 80, 82), ``!SEAT mention H``
  (the suit meant, 79), ``!SEAT alone`` after naming the trump (97), ``!SEAT take it from you`` too
  late (99).
* ``ruling LAW OPTION`` — the choice of the seat to act under the pending ruling.

The engine quits a trick as soon as its last card is played (Law 64: a revoke is then established).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from cardroom.core.cards import Card, Suit, cards_of_mask
from cardroom.core.errors import CardroomError, IllegalAction, ParseError
from cardroom.core.game import Action
from cardroom.core.laws import (
    REQUIRE,
    Chooser,
    HandlerRegistry,
    Irregular,
    Irregularity,
    LawsDirector,
    LawTable,
    LeadRestriction,
    Ruling,
    RulingChoice,
    RulingOption,
    Seats,
    atomic,
    restrict_lead,
)
from cardroom.core.table import Seat, Side
from cardroom.games.euchre.laws import contexts as ctxt
from cardroom.games.euchre.ranks import effective_suit, legal_plays, strength, trick_winner
from cardroom.games.euchre.scoring import (
    HandOutcome,
    PenaltyRules,
    ScoreEntry,
    hand_entries,
    score_hand,
)

if TYPE_CHECKING:
    from cardroom.games.euchre.rules import EuchreHand

SUITS = "CDHS"


TABLE = LawTable.load(__name__, "table.toml")
REQUIRE_OPTIONS = TABLE.law("L52b").options[:4]
ETIQUETTE = TABLE.law("L106").ruling_text
ETIQUETTE_LAWS = tuple(f"L{n}" for n in range(106, 117))


def guidance(number: int) -> dict[str, Any]:
    """An etiquette law (106–116): its text, shown as guidance; never a penalty."""
    law = TABLE.law(f"L{number}")
    if number not in range(106, 117):
        raise CardroomError(f"law {number} is not etiquette (106-116)")
    return {"law": number, "title": law.title, "source": law.source, "is_law": False, "penalty": None,
            "remedy": "only to stop playing with those who systematically ignore it (Law 106)"}


# ============================================================================ pure rulings
def hurry_ruling(cards_played: int) -> dict[str, Any]:
    """Law 47: a player plays the best card and leads again without waiting: the adversaries may require
    his partner to win, if he can, the first or any other of those tricks; the other cards are exposed."""
    return {"chooser": "adversaries", "partner_may_be_required_to_win": True,
            "exposed": max(cards_played - 1, 0)}


def thrown_hand_ruling(thrower_keeps: bool = False) -> dict[str, Any]:
    """Law 48: cards thrown face up are exposed, callable by the adversaries; who keeps his hand keeps it."""
    return {"exposed": not thrower_keeps, "callable_by": "adversaries", "others_forced_to_abandon": False}


def all_thrown_ruling(revoke_established: bool) -> dict[str, Any]:
    """Law 49: all four hands face up: abandoned, not retaken; no claim unless a revoke is established."""
    return {"abandoned": True, "retaken": False, "claim_allowed": revoke_established}


def separated_card_ruling(named: Card, actual: Card) -> dict[str, Any]:
    """Law 51: the adversary names a card pulled out of the hand: rightly, it is liable to be called;
    wrongly, his own side risks a suit call at its next lead."""
    if named == actual:
        return {"liable_to_be_called": actual, "suit_call_on_namer_side": False}
    return {"liable_to_be_called": None, "suit_call_on_namer_side": True}


def false_lead_followed(followers: int) -> dict[str, Any]:
    """Law 53: ``followers`` played to a lead out of turn (1–3). All three: the trick stands, no penalty;
    fewer: their cards are taken back, unpenalised, and only the leader is penalised (Law 52)."""
    if not 1 <= followers <= 3:
        raise CardroomError(f"one to three players follow a lead, not {followers}")
    if followers == 3:
        return {"trick_stands": True, "taken_back": False, "penalty_law": None}
    return {"trick_stands": False, "taken_back": True, "followers_penalised": False, "penalty_law": "L52"}


def missed_trick_ruling(option: str) -> dict[str, Any]:
    """Law 60: the adversaries choose a new deal, or the deal stands with the surplus card counted to
    the incomplete trick (not a revoke there)."""
    TABLE.law("L60").option(option)
    if option == "new-deal":
        return {"new_deal": True}
    return {"new_deal": False, "surplus_card_played_to_trick": True, "revoke_there": False}


def two_cards_ruling(found_in_play: bool) -> dict[str, Any]:
    """Law 61: two cards to one trick (or a card mixed into a trick)."""
    if found_in_play:
        return {"count_tricks_face_down": True, "surplus_returned": True, "answerable_for_revokes": True}
    return {"count_tricks_face_down": False, "surplus_returned": False, "answerable_for_revokes": True}


def revoke_established(trick_quitted: bool, side_played_next: bool, asked_before_quitting: bool = False,
                       answered_no: bool = False, mixed_after_claim: bool = False) -> bool:
    """Laws 64, 65, 67: is the revoke established?"""
    if mixed_after_claim or side_played_next or answered_no:
        return True
    if asked_before_quitting:
        return False
    return trick_quitted


def may_correct_revoke(trick_quitted: bool, asked_before_quitting: bool = False, answered_no: bool = False,
                       side_played_next: bool = False) -> bool:
    """Laws 65, 69: a revoke may be corrected before the trick is quitted, or after it when the partner
    asked before the quitting — never once answered "no" or once the revoker's side played on."""
    if answered_no or side_played_next:
        return False
    return not trick_quitted or asked_before_quitting


def revoke_claim_admitted(next_pack_cut: bool) -> bool:
    """Law 68: no revoke claim after the cards are cut for the next deal."""
    return not next_pack_cut


def may_search_tricks(end_of_hand: bool) -> bool:
    """Law 66: the claimants of a revoke may search all the tricks at the end of the hand."""
    return end_of_hand


def withdrawals(order: Sequence[Seat], revoker: Seat) -> dict[Seat, bool]:
    """Law 69: who of those who played after the revoker may take back his card: adversaries yes,
    his partner no."""
    i = list(order).index(revoker)
    return {s: s.side != revoker.side for s in order[i + 1:]}


def question_allowed(kind: str, trick_touched: bool = False) -> bool:
    """Law 84: "who played this card?" is not allowed; placing the trick's cards is, until touched."""
    if kind == "who-played":
        return False
    if kind == "place-cards":
        return not trick_touched
    raise CardroomError(f"Law 84 knows 'who-played' and 'place-cards', not {kind!r}")


def penalty_right(consulted: bool, demanded: bool) -> dict[str, bool]:
    """Law 85: consulting loses the right to a penalty; a demand made is final."""
    return {"right_lost": consulted, "final": demanded and not consulted}


def count_ruling(cards: int, lone: bool) -> dict[str, Any]:
    """Law 103: the adversaries may count the laid-down hand; not five cards is Law 90."""
    if cards == 5:
        return {"count_allowed": True, "law90": False, "loss": 0}
    return {"count_allowed": True, "law90": True, "loss": 4 if lone else 2, "scores_nothing": True}


# ============================================================================ the director
@dataclass
class Revoke:
    seat: Seat
    trick: int
    card: Card
    established: bool = False
    corrected: bool = False


@dataclass
class Director(LawsDirector):
    """The laws state of one hand (see the package docstring); ``context`` is the pending ruling's
    :class:`~cardroom.games.euchre.laws.contexts.Context`."""

    exposed: list[int] = field(default_factory=lambda: [0, 0, 0, 0])  # liable to be called
    shown: int = 0  # face up but not callable (Law 104a)
    called: dict[Seat, Card] = field(default_factory=dict)
    call_offered: tuple[int, int, int] | None = None
    suit_call: Side | None = None
    lead_restriction: LeadRestriction | None = None
    requirement: tuple[Seat, str, int] | None = None  # seat, mode, trick number
    bars: dict[Seat, int] = field(default_factory=dict)  # seat -> the round in which he must pass
    no_alone: set[Seat] = field(default_factory=set)
    revokes: list[Revoke] = field(default_factory=list)
    partner_exposed: bool = False
    abandoned: bool = False
    early_lead: tuple[Seat, Card] | None = None
    thrown: set[Seat] = field(default_factory=set)
    wrong_cards: Side | None = None  # Law 90
    entries: tuple[ScoreEntry, ...] = ()

    def clone(self) -> Director:
        new = replace(self)
        new.irregularities = list(self.irregularities)
        new.exposed = list(self.exposed)
        new.called = dict(self.called)
        new.bars = dict(self.bars)
        new.no_alone = set(self.no_alone)
        new.revokes = [replace(r) for r in self.revokes]
        new.thrown = set(self.thrown)
        return new

    def face_up_mask(self) -> int:
        m = self.shown | self.pending_card_mask()
        for s in range(4):
            m |= self.exposed[s]
        return m

    def pending_card_mask(self) -> int:
        """The card of an irregular lead or play awaiting its ruling (``!E AS``): it was put on the
        table face up, so every seat sees it until the ruling says where it goes."""
        if self.pending is None:
            return 0
        parts = self.pending.irregularity.action.split()
        if len(parts) != 2 or not parts[0].startswith("!"):
            return 0
        try:
            return Card.parse(parts[1]).mask
        except ParseError:
            return 0

    def restrictions(self) -> list[str]:
        out: list[str] = []
        for s, rnd in sorted(self.bars.items()):
            out.append(f"{s.letter} must pass in round {rnd}")
        for s in sorted(self.no_alone):
            out.append(f"{s.letter} may not play alone (L95)")
        for s in Seat:
            if self.exposed[s]:
                out.append(f"{s.letter} exposed: {' '.join(str(c) for c in cards_of_mask(self.exposed[s]))}")
        for s, c in sorted(self.called.items()):
            out.append(f"{s.letter} must play {c} (called)")
        if self.suit_call is not None:
            out.append(f"a suit may be called from {self.suit_call.name} at its next lead (L52)")
        r = self.lead_restriction
        if r is not None:
            out.append(f"{Seat(r.seat).letter} must lead {SUITS[r.suit]} ({r.law})")
        if self.requirement is not None:
            out.append(f"{self.requirement[0].letter} must play {self.requirement[1]}")
        return out

    def view_fields(self, hand: EuchreHand) -> dict[str, Any]:
        face = tuple(self.face_up_mask() & hand.hands[s] for s in range(4))
        return {"laws": True, "ruling": None if self.pending is None else self.pending.to_dict(),
                "face_up": face, "restrictions": tuple(self.restrictions()),
                "irregularities": tuple(i.to_text() for i in self.irregularities)}

    def snapshot(self) -> dict[str, Any]:
        return {"pending": None if self.pending is None else self.pending.to_dict(), "exposed": tuple(self.exposed),
                "shown": self.shown, "called": dict(self.called), "suit_call": self.suit_call,
                "lead_restriction": self.lead_restriction, "requirement": self.requirement,
                "bars": dict(self.bars), "no_alone": tuple(sorted(self.no_alone)),
                "revokes": [(r.seat, r.trick, r.card, r.established, r.corrected) for r in self.revokes],
                "irregularities": tuple(self.irregularities), "partner_exposed": self.partner_exposed,
                "abandoned": self.abandoned, "early_lead": self.early_lead, "wrong_cards": self.wrong_cards,
                "entries": self.entries}


def parse_law_action(text: str) -> Any:
    """``!SEAT …`` or ``ruling LAW OPTION`` (None when the text is neither)."""
    t = text.strip()
    if t.startswith("!"):
        return Irregular.from_text(t)
    if t.split()[:1] and t.split()[0].lower() in ("ruling", "решение"):
        return RulingChoice.from_text(t)
    return None


# ------------------------------------------------------------------------ helpers
def _d(hand: EuchreHand) -> Director:
    d = hand.laws
    assert d is not None
    return d


def _note(hand: EuchreHand, kind: str, seat: Seat, action: Any = None, detail: str = "") -> Irregularity:
    trick = len(hand.tricks) + 1 if hand.phase == "play" else None
    irr = Irregularity(kind, int(seat), detail, trick, action.to_text() if isinstance(action, Action) else "")
    _d(hand).irregularities.append(irr)
    return irr


def _adversary(hand: EuchreHand, seat: Seat) -> Seat:
    """The first active adversary of ``seat`` on his left (the one who chooses for his side, Law 85)."""
    chooser = Chooser.ADVERSARIES.seat(Seats(int(seat), lambda s: int(hand._next_active(Seat(s))),
                                             lambda a, b: Seat(a).side == Seat(b).side))
    assert chooser is not None
    return Seat(chooser)


def _rule(hand: EuchreHand, irr: Irregularity, law: str, chooser: Seat, options: Sequence[str | RulingOption],
          context: ctxt.Context) -> None:
    d = _d(hand)
    the_law = TABLE.law(law)
    opts = tuple(o if isinstance(o, RulingOption) else the_law.option(o) for o in options)
    entitled = tuple(int(s) for s in hand.active_seats() if s.side == chooser.side)
    d.rule(Ruling(irr, the_law, int(chooser), entitled, opts), context)


def _unplayed_next(hand: EuchreHand) -> Seat:
    """The first active seat from the trick's leader round that has not played to the trick."""
    done = {s for s, _ in hand.trick}
    s = hand.trick_leader
    for _ in range(4):
        if s != hand.sitting_out and s not in done:
            return s
        s = s.lho
    return hand.trick_leader


def _led(hand: EuchreHand) -> Card | None:
    return hand.trick[0][1] if hand.trick else None


def base_plays(hand: EuchreHand, seat: Seat) -> list[Card]:
    assert hand.trump is not None
    return cards_of_mask(legal_plays(hand.hands[seat], _led(hand), hand.trump))


def restricted_plays(hand: EuchreHand, seat: Seat) -> list[Card]:
    """The plays open to ``seat`` under the penalties in force."""
    d = _d(hand)
    assert hand.trump is not None
    trump = hand.trump
    legal = base_plays(hand, seat)
    if seat in d.called and d.called[seat] in legal:
        return [d.called[seat]]
    if not hand.trick and d.lead_restriction is not None and d.lead_restriction.seat == seat:
        legal = restrict_lead(legal, d.lead_restriction, lambda c: effective_suit(c, trump))
    req = d.requirement
    if req is not None and req[0] == seat and req[2] == len(hand.tricks) and hand.trick:
        legal = _required(hand, legal, req[1])
    return legal


def _required(hand: EuchreHand, legal: list[Card], mode: str) -> list[Card]:
    assert hand.trump is not None
    trump = hand.trump
    led = hand.trick[0][1]
    suit = effective_suit(led, trump)
    if mode in ("highest", "lowest"):
        of_suit = [c for c in legal if effective_suit(c, trump) == suit]
        if not of_suit:
            return legal  # Law 55: nothing of the suit: any card
        key = sorted(of_suit, key=lambda c: strength(c, trump))
        return [key[-1] if mode == "highest" else key[0]]
    cards = [c for _, c in hand.trick]
    winning = [c for c in legal if trick_winner([*cards, c], trump) == len(cards)]
    losing = [c for c in legal if c not in winning]
    kept = winning if mode == "win" else losing
    return kept if kept else legal


def legal_actions(hand: EuchreHand) -> list[Any]:
    d = _d(hand)
    if d.pending is not None:
        return list(d.pending.actions())
    base = hand._plain_legal()
    seat = hand.next_seat
    if hand.phase == "play":
        return restricted_plays(hand, seat)
    if hand.phase in ("round1", "round2", "takeover"):
        from cardroom.games.euchre.rules import ALONE, BID_PASS, BID_TURN_DOWN, TAKE_IT, Bid

        if seat in d.bars and d.bars[seat] == hand.round:
            return [BID_TURN_DOWN] if hand.phase == "round1" and seat == hand.dealer else [BID_PASS]
        if seat in d.no_alone:
            base = [a for a in base if not (isinstance(a, Bid) and a.kind in (ALONE, TAKE_IT))]
    return base


# ------------------------------------------------------------------------ apply
def apply(hand: EuchreHand, action: Any) -> list[Any]:
    """Apply any action in laws mode; returns the actions to record. On an error the hand is restored
    and IllegalAction raised."""
    def run() -> list[Any]:
        recorded = _apply(hand, action)
        _before_turn(hand)
        return recorded

    return atomic(hand, run, action)


def _apply(hand: EuchreHand, action: Any) -> list[Any]:
    d = _d(hand)
    if isinstance(action, RulingChoice):
        if d.pending is None:
            raise IllegalAction("no ruling is pending", action=action)
        if action.law != d.pending.law.number:
            raise IllegalAction(f"the pending ruling is under {d.pending.law.number}, not {action.law}",
                                action=action)
        d.pending.option(action.option)
        _choose(hand, action.option)
        return [action]
    if d.pending is not None:
        raise IllegalAction(f"a ruling is pending under {d.pending.law.number}: {Seat(d.pending.chooser or 0)} "
                            f"must choose one of {', '.join(o.name for o in d.pending.options)}", action=action)
    if isinstance(action, Irregular):
        if hand.phase in ("deal", "over"):
            raise IllegalAction(f"no irregularity can be ruled on now ({hand.position()})", action=action)
        _irregular(hand, action)
        return [action]
    _plain(hand, action)
    return [action]


def _plain(hand: EuchreHand, action: Any) -> None:
    d = _d(hand)
    if hand.phase == "play" and isinstance(action, int) and not isinstance(action, bool):
        card = Card(action)
        seat = hand.next_seat
        if card not in restricted_plays(hand, seat):
            if card in base_plays(hand, seat):
                raise IllegalAction(f"{seat} may not play {card} now: {'; '.join(d.restrictions())} "
                                    f"(a deliberate '!{seat.letter} {card}' is Law 54's revoke)", action=action)
            hand._plain_apply(action)  # raises the plain reason
            return
        _enter_card(hand, seat, card)
        return
    if hand.phase in ("round1", "round2", "takeover") and action not in legal_actions(hand) and \
            action in hand._plain_legal():
        raise IllegalAction(f"{hand.next_seat} may not say that now: {'; '.join(d.restrictions())}", action=action)
    hand._plain_apply(action)
    _after_discard(hand)


def _after_discard(hand: EuchreHand) -> None:
    """Law 87: a lead made before the discard was complete stands as the first card of the first trick."""
    d = _d(hand)
    if hand.phase == "play" and d.early_lead is not None:
        seat, card = d.early_lead
        d.early_lead = None
        hand.trick = [(seat, card)]
        hand.trick_leader = seat
        hand.next_seat = _unplayed_next(hand)



def _enter_card(hand: EuchreHand, seat: Seat, card: Card) -> None:
    """``seat`` plays ``card`` (in turn or, ruled on, out of turn)."""
    d = _d(hand)
    d.called.pop(seat, None)
    d.exposed[seat] &= ~card.mask
    if not hand.trick and d.lead_restriction is not None and d.lead_restriction.seat == seat:
        d.lead_restriction = None
    if d.requirement is not None and d.requirement[0] == seat:
        d.requirement = None
    before = len(hand.tricks)
    hand.next_seat = seat
    hand._play(card)
    if len(hand.tricks) > before:
        for r in d.revokes:
            if r.trick == before and not r.corrected:
                r.established = True  # Law 64: the trick is quitted
        d.requirement = None
    elif hand.trick:
        hand.next_seat = _unplayed_next(hand)


def _before_turn(hand: EuchreHand) -> None:
    """Rulings that fall due at a turn: a suit call at the offending side's lead, an exposed card."""
    d = _d(hand)
    if d.pending is not None or hand.phase != "play":
        return
    seat = hand.next_seat
    if not hand.trick and d.suit_call is not None and seat.side == d.suit_call:
        d.suit_call = None
        irr = _note(hand, "suit-call", seat, detail="the suit called at the offending side's lead")
        _rule(hand, irr, "L52b", _adversary(hand, seat), [*(o.name for o in REQUIRE_OPTIONS), "waive"],
              ctxt.SuitCall(seat=seat))
        return
    key = (len(hand.tricks), len(hand.trick), int(seat))
    if d.exposed[seat] and d.call_offered != key and seat not in d.called:
        callable_ = [c for c in base_plays(hand, seat) if d.exposed[seat] >> c & 1]
        if callable_:
            d.call_offered = key
            irr = _note(hand, "exposed", seat, detail="exposed cards liable to be called: "
                        + " ".join(str(c) for c in callable_))
            opts = [RulingOption(f"call-{c}", f"{seat.letter} must play the {c}") for c in callable_]
            _rule(hand, irr, "L46", _adversary(hand, seat), [*opts, TABLE.law("L46").option("no-call")],
                  ctxt.ExposedCall(seat=seat))


# ------------------------------------------------------------------------ irregular actions
_EVENTS = ("expose", "floor", "lift", "throw", "remark", "correct", "count", "mention", "keep")


def _irregular(hand: EuchreHand, action: Irregular) -> None:
    seat = Seat(action.seat)
    word = action.word
    if word in _EVENTS:
        _event(hand, seat, word, action.arg, action)
        return
    words = action.text.split()
    cards: list[Card] = []
    try:
        cards = [Card.parse(w) for w in words]
    except ParseError:
        cards = []
    if cards and hand.phase in ("play", "discard"):
        if len(cards) == 2:
            _two_cards(hand, seat, cards, action)
        elif len(cards) == 1:
            _irregular_card(hand, seat, cards[0], action)
        else:
            raise IllegalAction(f"{action.to_text()!r}: one card, or two played at once", action=action)
        return
    if hand.phase in ("round1", "round2", "takeover", "discard", "play"):
        _irregular_declaration(hand, seat, action.text, action)
        return
    raise IllegalAction(f"{action.to_text()!r} is not an irregularity the laws know here", action=action)


def _holds(hand: EuchreHand, seat: Seat, card: Card, action: Any) -> None:
    if not hand.hands[seat] >> card & 1:
        raise IllegalAction(f"{seat} does not hold {card}", action=action)


def _two_cards(hand: EuchreHand, seat: Seat, cards: list[Card], action: Irregular) -> None:
    for c in cards:
        _holds(hand, seat, c, action)
    if hand.phase != "play" or seat != hand.next_seat:
        raise IllegalAction("two cards at once are ruled on only when it is the player's turn", action=action)
    legal = base_plays(hand, seat)
    ok = [c for c in cards if c in legal]
    if not ok:
        raise IllegalAction(f"neither {cards[0]} nor {cards[1]} may be played now", action=action)
    irr = _note(hand, "two-cards", seat, action, " ".join(str(c) for c in cards))
    _d(hand).exposed[seat] |= cards[0].mask | cards[1].mask
    opts = [RulingOption(f"play-{c}", f"the {c} is played, the other card is exposed") for c in ok]
    _rule(hand, irr, "L46", _adversary(hand, seat), opts, ctxt.TwoCards(seat=seat))


def _irregular_card(hand: EuchreHand, seat: Seat, card: Card, action: Irregular) -> None:
    d = _d(hand)
    _holds(hand, seat, card, action)
    if hand.phase == "discard":
        _lead_before_discard(hand, seat, card, action)
        return
    lone = hand.lone
    if seat == hand.sitting_out:
        if hand.tricks:
            raise IllegalAction(f"{seat}'s cards lie face down out of play (Law 101); Law 100 concerns the "
                                "first trick", action=action)
        irr = _note(hand, "partner-plays", seat, action, str(card))
        _rule(hand, irr, "L100", _adversary(hand, seat), ["partnership", "alone"],
              ctxt.PartnerPlays(seat=seat, card=card))
        return
    if not hand.trick:
        if seat == hand.next_seat:
            legal = base_plays(hand, seat)
            if card in restricted_plays(hand, seat):
                raise IllegalAction(f"{seat} may lead the {card}: nothing irregular (play it without '!')",
                                    action=action)
            if card in legal:
                # Law 54: a lead against the suit called while holding it
                _note(hand, "disobeyed", seat, action, f"{card} led against the penalty: a revoke (L54)")
                d.revokes.append(Revoke(seat, len(hand.tricks), card, established=True))
                d.lead_restriction = None
                d.called.pop(seat, None)
                hand.next_seat = seat
                _enter_card(hand, seat, card)
                return
            raise IllegalAction(f"{seat} leads: any card may be led", action=action)
        if lone is not None and seat == lone:
            _note(hand, "lone-lead-out-of-turn", seat, action, f"{card}: exposed, liable to be called (L104)")
            d.exposed[seat] |= card.mask
            return
        if lone is not None and hand.next_seat == lone and seat.side != lone.side:
            _note(hand, "lead-out-of-turn-vs-lone", seat, action, "both adversaries' hands are exposed (L105)")
            for s in hand.active_seats():
                if s.side != lone.side:
                    d.exposed[s] |= hand.hands[s]
            return
        irr = _note(hand, "lead-out-of-turn", seat, action, str(card))
        _rule(hand, irr, "L52", _adversary(hand, seat), ["call-card", "call-suit", "accept"],
              ctxt.LeadOutOfTurn(seat=seat, card=card))
        return
    if any(s == seat for s, _ in hand.trick):
        raise IllegalAction(f"{seat} has already played to this trick", action=action)
    if seat == hand.next_seat:
        legal = base_plays(hand, seat)
        if card in restricted_plays(hand, seat):
            raise IllegalAction(f"{seat} may play the {card}: nothing irregular (play it without '!')",
                                action=action)
        if card in legal:
            _note(hand, "disobeyed", seat, action, f"{card} played against the penalty (L54)")
            d.revokes.append(Revoke(seat, len(hand.tricks), card, established=True))
            d.called.pop(seat, None)
            d.requirement = None
            _enter_card(hand, seat, card)
            return
        irr = _note(hand, "revoke", seat, action, f"{card} on {_led(hand)}")
        d.revokes.append(Revoke(seat, len(hand.tricks), card))
        _enter_card(hand, seat, card)
        if hand.phase == "play" or hand.phase == "over":
            _rule(hand, irr, "L62", _adversary(hand, seat), ["correct", "stand"],
                  ctxt.RevokeMade(seat=seat, card=card, trick=len(hand.tricks) - (0 if hand.trick else 1)))
        return
    # a play out of turn (Laws 58, 59)
    legal = base_plays(hand, seat)
    if card not in legal:
        raise IllegalAction(f"{seat} plays out of turn and must still follow suit: {card} does not", action=action)
    partner = seat.partner
    played = {s for s, _ in hand.trick}
    rho = seat.rho if seat.rho != hand.sitting_out else seat.rho.rho
    # Law 59: he plays before his partner while the player before him (the third hand) has not played;
    # Law 58: after the third hand played out of turn, the fourth may play before his partner
    if partner != hand.sitting_out and partner not in played and rho not in played:
        irr = _note(hand, "fourth-before-partner", seat, action, str(card))
        _enter_card(hand, seat, card)
        _rule(hand, irr, "L59", _adversary(hand, seat), ["win", "lose", "waive"], ctxt.PlayRequirement(seat=partner))
        return
    _note(hand, "third-before-second", seat, action, f"{card}: no penalty (L58)")
    _enter_card(hand, seat, card)


def _lead_before_discard(hand: EuchreHand, seat: Seat, card: Card, action: Irregular) -> None:
    d = _d(hand)
    leader = hand.eldest if hand.eldest != hand.sitting_out else hand._next_active(hand.eldest)
    if seat != leader:
        raise IllegalAction(f"only the first leader ({leader}) can lead before the discard (Law 87)", action=action)
    if d.early_lead is not None:
        raise IllegalAction("the first lead is already made", action=action)
    hand.hands[seat] &= ~card.mask
    hand.played |= card.mask
    d.early_lead = (seat, card)
    lone = hand.lone
    if lone is not None and lone == hand.dealer.rho and seat == hand.dealer.partner:
        irr = _note(hand, "lead-before-discard-lone", seat, action, str(card))
        _rule(hand, irr, "L89", lone, ["highest", "lowest", "win", "lose", "waive"],
              ctxt.PlayRequirement(seat=hand.dealer))
        return
    _note(hand, "lead-before-discard", seat, action, f"{card}: the lead stands; the dealer may change his "
                                                     "discard (L87)")


def _event(hand: EuchreHand, seat: Seat, word: str, arg: str, action: Irregular) -> None:
    d = _d(hand)
    if word == "floor":
        _note(hand, "floor", seat, action, "a card dropped under the table is not exposed (L46)")
        return
    if word == "expose":
        cards = [Card.parse(w) for w in arg.split()]
        if not cards:
            raise IllegalAction("name the card exposed: '!W expose KH'", action=action)
        for c in cards:
            _holds(hand, seat, c, action)
        if hand.lone is not None and seat == hand.lone:
            _note(hand, "lone-exposes", seat, action, "no penalty (L104)")
            for c in cards:
                d.shown |= c.mask
            return
        if hand.lone is not None and seat == hand.sitting_out:
            _note(hand, "partner-exposes", seat, action, "a lone march scores only 2 (L102)")
            d.partner_exposed = True
            return
        _note(hand, "exposed", seat, action, " ".join(str(c) for c in cards))
        for c in cards:
            d.exposed[seat] |= c.mask
        if hand.phase in ("round1", "round2", "takeover", "discard"):
            d.no_alone.add(seat)
            _note(hand, "lone-refused", seat, action, "he exposed a card before declaring: no lone hand (L95)")
        return
    if word == "lift":
        tu = hand.turn_up
        if seat != hand.dealer or tu is None or hand.turn_up_state != "taken up":
            raise IllegalAction("only the dealer who took up the turn-up can hide it (Laws 46 III, 91)",
                                action=action)
        _note(hand, "lifted-trump", seat, action, f"{tu}: an exposed card (L91)")
        d.exposed[seat] |= tu.mask
        return
    if word == "throw":
        if hand.phase == "round2" and seat == hand.dealer:
            _note(hand, "dealer-binds", seat, action, "the dealer threw his cards: his side passes (L82)")
            d.bars[seat] = 2
            d.bars[seat.partner] = 2
            return
        if hand.phase != "play":
            raise IllegalAction("a hand is thrown face up in the play (Law 48)", action=action)
        lone = hand.lone
        if lone is not None and seat.side != lone.side:
            _note(hand, "abandoned", seat, action, "the lone side scores 5 (L50)")
            d.abandoned = True
            hand.trick = []
            hand._finish(thrown_in=False)
            return
        _note(hand, "thrown", seat, action, "his cards are exposed (L48)")
        d.thrown.add(seat)
        d.exposed[seat] |= hand.hands[seat]
        return
    if word == "remark":
        if hand.phase != "play" or not hand.trick:
            raise IllegalAction("attention is drawn to a trick in progress (Law 83)", action=action)
        partner = seat.partner
        if partner == hand.sitting_out or any(s == partner for s, _ in hand.trick):
            _note(hand, "remark", seat, action, "his partner has played: no penalty (L83)")
            return
        irr = _note(hand, "remark", seat, action, "attention drawn to the trick before the partner played")
        _rule(hand, irr, "L83", _adversary(hand, seat), ["highest", "lowest", "win", "lose", "waive"],
              ctxt.PlayRequirement(seat=partner))
        return
    if word == "correct":
        open_rv = [r for r in d.revokes if r.seat == seat and not r.established and not r.corrected]
        if not open_rv:
            raise IllegalAction(f"{seat} has no revoke to correct (established revokes cannot be, Law 64)",
                                action=action)
        _correct(hand, open_rv[-1])
        return
    if word == "count":
        out = hand.laid_down
        if out is None or seat.side == out.side:
            raise IllegalAction("only an adversary counts the lone player's laid-down hand (Law 103)", action=action)
        n = hand.hands[out].bit_count()
        _note(hand, "count", seat, action, f"{n} cards" + ("" if n == 5 else ": Law 90"))
        return
    if word == "keep":
        if hand.phase != "discard" or seat != hand.dealer:
            raise IllegalAction("only the dealer who must discard can neglect it (Law 90)", action=action)
        _note(hand, "wrong-cards", seat, action, "the dealer did not discard: the deal stands; his side loses "
                                                 f"{4 if hand.lone is not None else 2} and scores nothing (L90)")
        d.wrong_cards = seat.side
        hand._start_play()
        _after_discard(hand)
        return
    if word == "mention":
        if seat not in hand.passed:
            raise IllegalAction("Law 79 is a suit mentioned after passing", action=action)
        _note(hand, "mention", seat, action, f"{arg}: his partner must pass (L79)")
        d.bars[seat.partner] = hand.round
        return
    raise IllegalAction(f"unknown event {word!r}", action=action)


def _correct(hand: EuchreHand, rv: Revoke) -> None:
    """Law 69: the revoke card comes back exposed; adversaries who played after him take back their cards."""
    d = _d(hand)
    seat = rv.seat
    rv.corrected = True
    order = [s for s, _ in hand.trick]
    i = order.index(seat)
    keep: list[tuple[Seat, Card]] = []
    for j, (s, c) in enumerate(hand.trick):
        if j < i or (j > i and s.side == seat.side):
            keep.append((s, c))
        else:
            hand.hands[s] |= c.mask
            hand.played &= ~c.mask
    hand.trick = keep
    d.exposed[seat] |= rv.card.mask
    _note(hand, "corrected", seat, detail=f"{rv.card} taken back, exposed (L69)")
    hand.next_seat = _unplayed_next(hand)


def _irregular_declaration(hand: EuchreHand, seat: Seat, text: str, action: Irregular) -> None:
    from cardroom.games.euchre.rules import read_declaration

    d = _d(hand)
    decl = read_declaration(text)
    if decl.kind == "discard":
        if hand.phase == "discard" and seat == hand.dealer and decl.card == hand.turn_up:
            _note(hand, "turn-up-discarded", seat, action, "the turn-up may not be discarded: taken back; he "
                                                           "discards another card (L88)")
            return
        if hand.discard is not None and seat == hand.dealer:
            raise IllegalAction("the discard is complete and cannot be changed (Law 86)", action=action)
        raise IllegalAction(f"{action.to_text()!r}: no discard is due from {seat}", action=action)
    if decl.kind == "take it":
        lone = hand.lone
        if lone is None or seat != lone.partner:
            raise IllegalAction(f"{seat}'s partner does not play alone", action=action)
        if seat not in hand.passed and hand.phase not in ("play",) and not hand.played:
            raise IllegalAction("the take-over is in order now; say it in turn", action=action)
        if hand.tricks:
            raise IllegalAction("too late: a trick has been played by the lone hand; the partner's cards are "
                                "out of play (Law 101)", action=action)
        _note(hand, "late-takeover", seat, action, "neither may play alone: a partnership hand (L99)")
        hand.lone = None
        hand.declared_alone = None
        if hand.phase == "play":
            if hand.trick:
                hand.next_seat = _unplayed_next(hand)
            else:  # no card yet: the eldest hand leads the partnership hand
                hand.trick_leader = hand.next_seat = hand.eldest
        return
    if decl.kind == "alone" and hand.maker == seat and hand.lone is None:
        if hand.played and not (d.early_lead and hand.played == d.early_lead[1].mask):
            raise IllegalAction("a lone hand cannot be declared once the play has begun", action=action)
        irr = _note(hand, "late-alone", seat, action, "alone declared after naming the trump (L97)")
        _rule(hand, irr, "L97", _adversary(hand, seat), ["with-partner", "alone"], ctxt.LateAlone(seat=seat))
        return
    if hand.phase not in ("round1", "round2"):
        raise IllegalAction(f"{action.to_text()!r}: no declaration is made now", action=action)
    if seat in hand.passed and decl.kind in ("accept", "alone") and hand.phase == "round1":
        irr = _note(hand, "late-order", seat, action, "an order or assist after passing (L80)")
        _rule(hand, irr, "L80", _adversary(hand, seat), ["partner-pass", "play-it"], ctxt.LateOrder(seat=seat))
        return
    if seat == hand.next_seat:
        raise IllegalAction(f"{seat} is to declare: that declaration is not irregular, or not open to him "
                            f"({', '.join(hand.action_text(a) for a in legal_actions(hand))})", action=action)
    if seat == hand.dealer and hand.phase == "round1" and decl.kind in ("turn down", "pass"):
        _note(hand, "dealer-binds", seat, action, "the dealer turned the trump down out of turn: binding on his "
                                                  "partner (L82)")
        d.bars[seat] = 1
        d.bars[seat.partner] = 1
        return
    _note(hand, "declaration-out-of-turn", seat, action, "void: no right is taken away (L82)")


def _choose(hand: EuchreHand, option: str) -> None:
    """Carry out the option chosen under the pending ruling: its context's handler does."""
    _, ctx = _d(hand).take()
    HANDLERS.handler(type(ctx))(hand, ctx, option)


HANDLERS: HandlerRegistry[type[ctxt.Context]] = HandlerRegistry("the euchre laws")
"""The handler of each kind of pending ruling, by its context's type: ``handler(hand, context, option)``."""


@HANDLERS.on(ctxt.LeadOutOfTurn)
def _lead_out_of_turn(hand: EuchreHand, ctx: ctxt.LeadOutOfTurn, option: str) -> None:
    """Law 52: the card called as exposed, a suit called at the side's next lead, or the lead accepted."""
    d = _d(hand)
    seat, card = ctx.seat, ctx.card
    if option == "accept":
        hand.hands[seat] &= ~card.mask
        hand.trick_leader = seat
        _enter_card(hand, seat, card)
    elif option == "call-card":
        d.exposed[seat] |= card.mask
    else:
        d.suit_call = seat.side


@HANDLERS.on(ctxt.SuitCall)
def _suit_call(hand: EuchreHand, ctx: ctxt.SuitCall, option: str) -> None:
    """Law 52: the leader must lead the suit named."""
    if option != "waive":
        _d(hand).lead_restriction = LeadRestriction(int(ctx.seat), int(Suit.parse(option[-1])), REQUIRE, law="L52")


@HANDLERS.on(ctxt.TwoCards)
def _two_cards_ruled(hand: EuchreHand, ctx: ctxt.TwoCards, option: str) -> None:
    """Law 46 I: the card the adversaries choose is played; the other stays exposed."""
    _enter_card(hand, ctx.seat, Card.parse(option.split("-", 1)[1]))


@HANDLERS.on(ctxt.ExposedCall)
def _exposed_call(hand: EuchreHand, ctx: ctxt.ExposedCall, option: str) -> None:
    """Law 46: an exposed card called must be played now."""
    if option.startswith("call-"):
        _d(hand).called[ctx.seat] = Card.parse(option.split("-", 1)[1])


@HANDLERS.on(ctxt.PlayRequirement)
def _play_requirement(hand: EuchreHand, ctx: ctxt.PlayRequirement, option: str) -> None:
    """Laws 59, 83, 89: highest, lowest, win or lose, for this trick."""
    if option != "waive":
        _d(hand).requirement = (ctx.seat, option, len(hand.tricks))


@HANDLERS.on(ctxt.RevokeMade)
def _revoke(hand: EuchreHand, ctx: ctxt.RevokeMade, option: str) -> None:
    """Law 62: corrected (Law 69; from the quitted trick if the revoke completed it) or let stand."""
    d = _d(hand)
    rv = next(r for r in reversed(d.revokes) if r.seat == ctx.seat)
    if option == "correct":
        if rv.established:  # the revoke completed the trick: take it back from the quitted trick
            t = hand.tricks.pop()
            hand.won[t.winner.side] -= 1
            hand.trick = list(t.plays)
            hand.trick_leader = t.leader
            rv.established = False
            if hand.phase == "over":
                hand.phase = "play"
                hand._result = None
        _correct(hand, rv)


@HANDLERS.on(ctxt.LateOrder)
def _late_order(hand: EuchreHand, ctx: ctxt.LateOrder, option: str) -> None:
    """Law 80: the partner passes, or the order is played as made."""
    seat = ctx.seat
    if option == "partner-pass":
        _d(hand).bars[seat.partner] = hand.round
        return
    hand.passed.discard(seat)
    assert hand.turn_up is not None
    from cardroom.games.euchre.rules import BID_ORDER_UP

    hand.calls.append((seat, BID_ORDER_UP))
    hand.trump = hand.turn_up.suit
    hand.maker = seat
    hand._after_making_round1()


@HANDLERS.on(ctxt.LateAlone)
def _late_alone(hand: EuchreHand, ctx: ctxt.LateAlone, option: str) -> None:
    """Law 97: he plays with his partner, or alone."""
    if option == "alone":
        seat = ctx.seat
        hand.lone = seat
        hand.declared_alone = seat
        if hand.phase == "play" and not hand.trick and hand.next_seat == hand.sitting_out:
            hand.trick_leader = hand.next_seat = hand._next_active(hand.next_seat)


@HANDLERS.on(ctxt.PartnerPlays)
def _partner_plays(hand: EuchreHand, ctx: ctxt.PartnerPlays, option: str) -> None:
    """Law 100: the lone hand lost (a partnership hand), or it stands and the card goes back."""
    if option == "alone":
        return
    seat = ctx.seat
    hand.lone = None
    hand.declared_alone = None
    if not hand.trick and seat == hand.eldest and not hand.tricks:
        hand.trick_leader = seat
        _enter_card(hand, seat, ctx.card)
    elif not hand.trick:
        hand.next_seat = hand.trick_leader
    else:
        hand.next_seat = _unplayed_next(hand)


# ------------------------------------------------------------------------ the score
def finish_entries(hand: EuchreHand, makers: Side, makers_tricks: int, lone: bool,
                   rules: PenaltyRules | None = None) -> tuple[tuple[ScoreEntry, ...], tuple[int, int], Any]:
    """The hand's score entries under the laws (penalties first, Law 4) and the net points (NS, EW)."""
    d = _d(hand)
    revokes = [0, 0]
    for r in d.revokes:
        if r.established and not r.corrected:
            revokes[r.seat.side] += 1
    hs = score_hand(makers_tricks, lone, lone_march_points=2 if (lone and d.partner_exposed) else 4)
    outcome = HandOutcome(makers, hs, lone, (revokes[0], revokes[1]), d.wrong_cards, d.abandoned and lone)
    entries = hand_entries(outcome, rules or PenaltyRules())
    d.entries = entries
    pts = [0, 0]
    for e in entries:
        pts[e.side] += e.points
    return entries, (pts[0], pts[1]), hs


def random_irregular(hand: EuchreHand, rng: Any, *, making: bool = True) -> Irregular | None:
    """An irregular action for property tests (it may still be refused): in the play a card by a random
    seat (a lead or play out of turn, a revoke, the lone player's partner), two cards at once, an
    exposed card, a remark, a hand thrown, a correction; with ``making``, in the making of the trump a
    declaration out of turn or after passing, a suit mentioned, an exposed card, and a lead before the
    discard."""
    d = _d(hand)
    if d.pending is not None:
        return None
    seats = list(Seat)
    seat = rng.choice(seats)
    held = cards_of_mask(hand.hands[seat])
    if hand.phase == "play":
        if seat == hand.sitting_out and rng.random() < 0.7:
            seat = rng.choice(hand.active_seats())
            held = cards_of_mask(hand.hands[seat])
        if not held:
            return None
        roll = rng.random()
        card = rng.choice(held)
        if roll < 0.12:
            return Irregular(int(seat), f"expose {card}")
        if roll < 0.2:
            return Irregular(int(seat), "remark")
        if roll < 0.23:
            return Irregular(int(seat), "throw")
        if roll < 0.28 and len(held) >= 2:
            two = rng.sample(held, 2)
            return Irregular(int(seat), f"{two[0]} {two[1]}")
        if roll < 0.33:
            return Irregular(int(seat), "correct")
        if seat == hand.next_seat and card in base_plays(hand, seat):
            return None
        return Irregular(int(seat), str(card))
    if not making:
        return None
    if hand.phase in ("round1", "round2"):
        roll = rng.random()
        if roll < 0.3:
            return Irregular(int(seat), rng.choice(("order up", "assist", "pass", "turn down")))
        if roll < 0.5:
            return Irregular(int(seat), f"mention {rng.choice(SUITS)}")
        if roll < 0.65 and held:
            return Irregular(int(seat), f"expose {rng.choice(held)}")
        if roll < 0.8:
            return Irregular(int(seat), "throw")
        return Irregular(int(seat), "alone")
    if hand.phase == "discard" and held:
        roll = rng.random()
        if roll < 0.1:
            return Irregular(int(hand.dealer), "keep")
        if roll < 0.2 and hand.turn_up is not None:
            return Irregular(int(hand.dealer), f"discard {hand.turn_up}")
        return Irregular(int(seat), str(rng.choice(held)))
    return None


__all__ = [
    "ETIQUETTE_LAWS", "TABLE", "Director", "Revoke", "all_thrown_ruling", "count_ruling", "false_lead_followed",
    "guidance", "hurry_ruling", "may_correct_revoke", "may_search_tricks", "missed_trick_ruling",
    "parse_law_action", "penalty_right", "question_allowed", "revoke_claim_admitted", "revoke_established",
    "separated_card_ruling", "thrown_hand_ruling", "two_cards_ruling", "withdrawals",
]
