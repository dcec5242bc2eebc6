"""The laws of contract bridge (document 002, digest contract-laws.md L1–L36) and the director that
applies them to a :class:`~cardroom.games.bridge.rules.BridgeDeal` in laws mode.

``TABLE`` is the law table (:class:`~cardroom.core.laws.LawTable`): every law of the document, its
options, who chooses, when the right lapses and the Russian source. :class:`Director` holds a deal's
laws state (pending ruling, barred players, lead rights and restrictions, penalty cards, revokes,
claims) and turns an irregular action into a ruling and a chosen option into its effect.

Actions of laws mode (their text is what records store):

* ``!SEAT CALL`` / ``!SEAT CARD`` — a call or card by SEAT (a card from dummy is ``!N …`` when North is
  dummy): out of turn, insufficient, inadmissible, over seven (``!E 8D``), by a barred player, after
  the auction, a revoke, a lead from the wrong hand, premature play.
* ``!SEAT expose C1 C2…`` (a card shown), ``!SEAT expose`` (declarer faces his hand: a claim, L22),
  ``!SEAT remark [SUIT|CARD]`` (L5), ``!SEAT correct CALL`` (an inadvertent call corrected at once, L8),
  ``!SEAT change CALL`` (a later change, L8), ``!SEAT look`` (dummy looks at a hand, L21),
  ``!SEAT warn`` (dummy warns declarer about the hand to lead from, L21b), ``!SEAT ask`` (is it a
  revoke? L27, L21c), ``!SEAT show`` (a defender shows his hand to his partner, L33),
  ``!SEAT reshuffle`` (before the deal, L2).
* ``claim SEAT N`` — SEAT's side claims N of the remaining tricks; ``concede SEAT N`` — it concedes N.
* ``ruling LAW OPTION`` — the choice of the seat to act under the pending ruling.

Laws that concern what happens after a deal or away from the table (L1, L3, L4's consultation,
L27's inspection of quitted tricks, L31, L34, L35, L36 after the cards are mixed) are the pure
functions at the end of this module.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from cardroom.core.cards import SUIT_MASKS, Card, cards_of_mask
from cardroom.core.errors import IllegalAction, ParseError
from cardroom.core.game import Action
from cardroom.core.laws import (
    FORBID,
    REQUIRE,
    Irregular,
    Irregularity,
    LawTable,
    LeadRestriction,
    Ruling,
    RulingChoice,
    RulingOption,
    atomic,
    restrict_lead,
)
from cardroom.core.table import Seat
from cardroom.games.bridge.calls import BIDS, DOUBLE, PASS, REDOUBLE, Call, Strain

if TYPE_CHECKING:
    from cardroom.games.bridge.rules import BridgeDeal

SUIT_LETTERS = "CDHS"


TABLE = LawTable.load(__name__, "table.toml")


# ============================================================================ actions
@dataclass(frozen=True)
class Claim(Action):
    """``claim S 4``: S's side claims 4 of the remaining tricks; ``concede S 2``: it concedes 2."""

    seat: Seat
    tricks: int
    concede: bool = False

    def to_text(self) -> str:
        return f"{'concede' if self.concede else 'claim'} {self.seat.letter} {self.tricks}"

    @classmethod
    def from_text(cls, text: str) -> Claim:
        parts = text.split()
        words = {"claim": False, "претензия": False, "concede": True, "уступка": True}
        if len(parts) != 3 or parts[0].lower() not in words:
            raise ParseError(f"not a claim: {text!r} (expected 'claim S 4' or 'concede S 2')")
        try:
            n = int(parts[2])
        except ValueError:
            raise ParseError(f"{text!r}: {parts[2]!r} is not a number of tricks") from None
        return cls(Seat.parse(parts[1]), n, words[parts[0].lower()])


def parse_law_action(text: str) -> Any:
    """Read an action of laws mode (``!…``, ``ruling …``, ``claim …``, ``concede …``), or None."""
    t = text.strip()
    if t.startswith("!"):
        return Irregular.from_text(t)
    low = t.lower()
    if low.startswith(("ruling ", "решение ")):
        return RulingChoice.from_text(t)
    if low.startswith(("claim ", "concede ", "претензия ", "уступка ")):
        return Claim.from_text(t)
    return None


def parse_irregular_call(text: str) -> Call | tuple[int, Strain]:
    """A call, or (level, strain) for a bid over seven such as ``8D``."""
    try:
        return Call.parse(text)
    except ParseError:
        t = text.strip().upper()
        if len(t) >= 2 and t[0].isdigit() and int(t[0]) > 7:
            return (int(t[0]), Strain.parse(t[1:]))
        raise


# ============================================================================ laws state
@dataclass
class LeadRight:
    """Declarer's right to a lead penalty (L10) at a future lead."""

    law: str
    side: int  # the offending side
    target: Seat | None  # the seat whose lead it concerns (None: whoever of the side leads)
    options: tuple[str, ...]
    opening_only: bool = True  # the opening lead only (else: the target's next turn to lead)
    requires_partner_lead: Seat | None = None  # L11 NT: only when this seat has the opening lead
    exclude_leader: Seat | None = None


@dataclass
class Revoke:
    seat: Seat
    trick: int  # 0-based trick index
    suit: int
    card: Card
    position: int  # index of the card in the trick
    established: bool = False
    corrected: bool = False
    penalty_anyway: bool = False  # L21c


@dataclass
class Director:
    """The laws state of one deal (see the module docstring)."""

    pending: Ruling | None = None
    context: dict[str, Any] = field(default_factory=dict)
    irregularities: list[Irregularity] = field(default_factory=list)
    bars: dict[Seat, int | None] = field(default_factory=dict)
    no_double_now: set[Seat] = field(default_factory=set)
    no_double_of: dict[Seat, Call] = field(default_factory=dict)
    must_call: dict[Seat, Call] = field(default_factory=dict)
    rho_wait: dict[str, Any] | None = None
    l16b_watch: Seat | None = None
    substitute: dict[str, Any] | None = None  # the offender must substitute a call (L9, L18.3)
    call_seats: list[Seat] = field(default_factory=list)
    called: set[Seat] = field(default_factory=set)
    lead_rights: list[LeadRight] = field(default_factory=list)
    lead_restriction: LeadRestriction | None = None
    auction_exposed: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    penalty: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    designated: Card | None = None
    play_requirement: tuple[Seat, str] | None = None
    forbidden: tuple[Seat, int, int] | None = None  # (seat, suit or -1, card mask)
    early: dict[Seat, Card] = field(default_factory=dict)
    revokes: list[Revoke] = field(default_factory=list)
    dummy_forfeited: bool = False
    faced: int = 0
    lead_offered: int = -1  # trick number (len(tricks)) at which lead rulings were offered
    l23_offered: tuple[int, int] = (-1, 0)  # (trick number, partner's penalty cards) of the last L23 offer
    won_in_play: tuple[int, int] | None = None
    transferred: int = 0
    claim: Claim | None = None
    claimed: tuple[int, int, int] | None = None  # (claiming side, its tricks, the others') of the remaining
    skipped: set[Seat] = field(default_factory=set)  # seats whose turn an accepted call skipped (L14)

    def clone(self) -> Director:
        new = replace(self)
        new.context = dict(self.context)
        new.irregularities = list(self.irregularities)
        new.bars = dict(self.bars)
        new.no_double_now = set(self.no_double_now)
        new.no_double_of = dict(self.no_double_of)
        new.must_call = dict(self.must_call)
        new.rho_wait = None if self.rho_wait is None else dict(self.rho_wait)
        new.substitute = None if self.substitute is None else dict(self.substitute)
        new.call_seats = list(self.call_seats)
        new.called = set(self.called)
        new.lead_rights = [replace(r) for r in self.lead_rights]
        new.auction_exposed = list(self.auction_exposed)
        new.penalty = list(self.penalty)
        new.early = dict(self.early)
        new.revokes = [replace(r) for r in self.revokes]
        new.skipped = set(self.skipped)
        return new

    def face_up_mask(self) -> int:
        """Every card face up on the table by the laws (penalty cards, cards exposed in the auction, a
        claimer's faced hand): every seat sees them."""
        m = self.faced
        for s in range(4):
            m |= self.penalty[s] | self.auction_exposed[s]
        return m

    def view_fields(self, deal: BridgeDeal) -> dict[str, Any]:
        """The laws part of a :class:`BridgeView` (the same for every seat: nothing hidden in it)."""
        face = tuple((self.penalty[s] | self.auction_exposed[s] | self.faced) & deal.hands[s] for s in range(4))
        return {
            "laws": True,
            "ruling": None if self.pending is None else self.pending.to_dict(),
            "face_up": (face[0], face[1], face[2], face[3]),
            "restrictions": tuple(self.restrictions()),
            "irregularities": tuple(i.to_text() for i in self.irregularities),
        }

    # --------------------------------------------------------------- descriptions
    def restrictions(self) -> list[str]:
        out: list[str] = []
        for s, turns in sorted(self.bars.items()):
            out.append(f"{s.letter} must pass " + ("at every turn" if turns is None else "at his next turn"))
        for s in sorted(self.no_double_now):
            out.append(f"{s.letter} may not double or redouble at this turn")
        for s, c in sorted(self.must_call.items()):
            out.append(f"{s.letter} must repeat {c}")
        r = self.lead_restriction
        if r is not None:
            out.append(f"{Seat(r.seat).letter} {'must lead' if r.mode == REQUIRE else 'may not lead'} "
                       f"{SUIT_LETTERS[r.suit]} ({r.law})")
        for s in Seat:
            if self.penalty[s]:
                out.append(f"{s.letter} penalty cards: {' '.join(str(c) for c in cards_of_mask(self.penalty[s]))}")
        if self.play_requirement is not None:
            out.append(f"{self.play_requirement[0].letter} must play {self.play_requirement[1]} (L25)")
        return out

    def snapshot(self) -> dict[str, Any]:
        return {
            "pending": None if self.pending is None else self.pending.to_dict(),
            "bars": {s.letter: t for s, t in self.bars.items()}, "must_call": dict(self.must_call),
            "lead_restriction": self.lead_restriction, "penalty": tuple(self.penalty),
            "auction_exposed": tuple(self.auction_exposed), "early": dict(self.early),
            "revokes": [(r.seat, r.trick, r.card, r.established, r.corrected) for r in self.revokes],
            "irregularities": tuple(self.irregularities), "transferred": self.transferred,
            "claim": self.claim, "forfeited": self.dummy_forfeited, "faced": self.faced,
        }


def _suit_index(text: str) -> int:
    t = text.strip().upper()
    if t in ("C", "D", "H", "S"):
        return "CDHS".index(t)
    return int(Strain.parse(t)) if Strain.parse(t) is not Strain.NOTRUMP else -1


def lead_options_for(right_options: Sequence[str]) -> list[RulingOption]:
    law = TABLE.law("L10")
    return [law.option(n) for n in right_options]


def all_lead_option_names(suits: Sequence[int] = (0, 1, 2, 3), modes: Sequence[str] = (REQUIRE, FORBID)) -> \
        tuple[str, ...]:
    return tuple(f"{m}-{SUIT_LETTERS[s]}" for m in modes for s in suits)


def restricted_plays(deal: BridgeDeal, base: list[Card]) -> list[Card]:
    """The director's restrictions applied to the base legal plays of the hand to play."""
    d = deal.laws
    assert d is not None
    seat = deal.next_seat
    legal = list(base)
    leading = not deal.trick
    r = d.lead_restriction
    if leading and r is not None and r.seat == seat:
        legal = restrict_lead(legal, r, lambda c: c // 13)
    if d.play_requirement is not None and d.play_requirement[0] == seat and deal.trick:
        how = d.play_requirement[1]
        led = deal.trick[0] // 13
        of_led = [c for c in legal if c // 13 == led]
        if how in ("highest", "lowest") and of_led:
            pick = max(of_led) if how == "highest" else min(of_led)
            legal = [pick]
        elif how.startswith("suit-"):
            s = SUIT_LETTERS.index(how[5:])
            kept = [c for c in legal if c // 13 == s]
            legal = kept or legal
    if d.forbidden is not None and d.forbidden[0] == seat:
        _, suit, mask = d.forbidden
        kept = [c for c in legal if not (mask >> c & 1) and not (leading and suit >= 0 and c // 13 == suit)]
        legal = kept or legal
    pen = d.penalty[seat]
    if pen:
        forced = [c for c in legal if pen >> c & 1]
        if forced and (leading or deal.rules.laws_penalty_card_discard or
                       forced[0] // 13 == deal.trick[0] // 13):
            if d.designated is not None and d.designated in forced:
                return [d.designated]
            return forced
    return legal


def base_plays(deal: BridgeDeal) -> list[Card]:
    from cardroom.core.cards import cards_of_suit_mask

    hand = deal.hands[deal.next_seat]
    if deal.trick:
        led = deal.trick[0] // 13
        if hand & SUIT_MASKS[led]:
            return list(cards_of_suit_mask(hand, led))
    return cards_of_mask(hand)


def minimum_tricks(deal: BridgeDeal, side: int, limit: int = 4) -> int | None:
    """The fewest tricks ``side`` can take from here whatever anyone plays (all four hands conspiring
    against it), by exhaustive search; None when more than ``limit`` tricks remain (L36)."""
    remaining = 13 - len(deal.tricks)
    if remaining > limit:
        return None
    from cardroom.core.tricks import natural_winner

    hands0 = tuple(deal.hands)
    memo: dict[tuple[tuple[int, ...], int, tuple[int, ...]], int] = {}

    def go(hands: tuple[int, ...], leader: int, trick: tuple[int, ...]) -> int:
        key = (hands, leader, trick)
        if key in memo:
            return memo[key]
        seat = (leader + len(trick)) % 4
        hand = hands[seat]
        if not hand and not trick:
            return 0
        follow = hand & SUIT_MASKS[trick[0] // 13] if trick else 0
        options = follow or hand
        best = 99
        for c in cards_of_mask(options):
            hs = list(hands)
            hs[seat] &= ~(1 << c)
            t = (*trick, int(c))
            if len(t) == 4:
                w = (leader + natural_winner([Card(x) for x in t], deal.trump)) % 4
                v = (1 if w % 2 == side else 0) + go(tuple(hs), w, ())
            else:
                v = go(tuple(hs), leader, t)
            best = min(best, v)
        memo[key] = best
        return best

    return go(hands0, int(deal.leader), tuple(int(c) for c in deal.trick))


# ============================================================================ pure functions (L1, L3, L4,
# L27, L30, L31, L34, L35, L36)
def cheating_remedy() -> tuple[bool, str]:
    """L1: (handled by the penalty laws?, remedy) for a deliberate violation."""
    return (False, "ostracism")


def may_call_attention(seat: Seat, dummy: Seat | None, dummy_forfeited: bool) -> bool:
    """L3/L21: any player; dummy only while he keeps his rights."""
    return not (seat == dummy and dummy_forfeited)


def may_give_information(seat: Seat) -> bool:
    """L3: any player may give or obtain information about the law."""
    return True


def penalty_selectors(offender: Seat, phase: str, declarer: Seat | None = None) -> list[Seat]:
    """L4: who may select the penalty — either opponent except dummy (in the play, declarer when a
    defender offends; the defenders when declarer's side offends)."""
    opponents = [offender.lho, offender.rho]
    if phase == "auction" or declarer is None:
        return sorted(opponents)
    dummy = declarer.partner
    return sorted(s for s in opponents if s != dummy)


def right_to_penalise(consulted: bool) -> bool:
    """L4: consultation between the partners about the penalty cancels the right."""
    return not consulted


def may_inspect_quitted_tricks(ns_consent: bool, ew_consent: bool) -> bool:
    """L27: a revoke alleged before the end of play lets quitted tricks be inspected only with the
    consent of both sides."""
    return ns_consent and ew_consent


def is_revoke(suit_led: int, holding: int, card: Card) -> bool:
    """L27: a card of another suit when the player could follow the suit led."""
    return card.suit != suit_led and bool(holding & SUIT_MASKS[suit_led])


def revoke_penalty(revokes: Sequence[tuple[Seat, int, int]], trick_winners: Sequence[int]) -> int:
    """L30: tricks transferred for the established revokes of ONE side, ``(seat, suit, trick number
    from 1)`` each, given the side that won each trick (``trick_winners[i]`` is 0 NS / 1 EW) and the
    revoking side being the side of the revokers. A second revoke by the same player in the same
    suit carries no penalty; each other revoke takes up to two tricks from those the side won from
    its revoke trick on and not yet transferred."""
    if not revokes:
        return 0
    side = revokes[0][0] & 1
    seen: set[tuple[int, int]] = set()
    taken = 0
    for seat, suit, trick in sorted(revokes, key=lambda r: r[2]):
        if (seat, suit) in seen:
            continue
        seen.add((seat, suit))
        available = sum(1 for w in trick_winners[trick - 1:] if w == side) - taken
        taken += max(0, min(2, available))
    return taken


def cards_to_add(holding: int, suit_led: int) -> list[Card]:
    """L31: the cards a player who omitted to play to a trick may add: those he could legally have
    played (the suit led if he holds it)."""
    same = holding & SUIT_MASKS[suit_led]
    return cards_of_mask(same or holding)


def defective_trick_correctable(each_side_played_to_next: bool) -> bool:
    """L31: a defective trick may be corrected until a player of each side has played to the next."""
    return not each_side_played_to_next


def surplus_cards_rule(cards_played_to_trick: int, wins_with_last_card: bool, seat: Seat) -> dict[str, Any]:
    """L31: a player who played ``n`` > 1 cards to one trick sits out the last n-1 tricks; if he wins a
    trick with his last card, the lead passes to his left."""
    return {"skips_last_tricks": max(0, cards_played_to_trick - 1),
            "next_leader": seat.lho if wins_with_last_card else None}


def score_correctable(kind: str, agreed: bool, deals_dealt_since: int, players_agreeing: int = 0) -> bool:
    """L34: ``kind`` "part-score"/"game" (a part-score entry, awarding a game) or "other"; ``deals_dealt_since``
    counts the correct deals whose last card has been dealt after the deal of the error."""
    if agreed:
        return False
    if kind in ("part-score", "game") and deals_dealt_since >= 2:
        return players_agreeing >= 3
    return True


def pack_defect_affects_scores(found_after_mixing: bool) -> bool:
    """L35: a defect found after the cards are mixed does not affect the scores; found earlier, the deal
    in progress is void (cardroom's reading: not stated in the document)."""
    return not found_after_mixing


def concession_stands(tricks_won: int, credited_after_concession: int, attention_before_mixing: bool) -> bool:
    """L36: conceding a trick the side had already won (credited < won) is void if attention is drawn
    before the cards are mixed."""
    if credited_after_concession >= tricks_won:
        return True
    return not attention_before_mixing


__all__ = [
    "TABLE",
    "Claim",
    "Director",
    "IllegalAction",
    "LeadRight",
    "Revoke",
    "base_plays",
    "cheating_remedy",
    "concession_stands",
    "defective_trick_correctable",
    "is_revoke",
    "may_call_attention",
    "may_give_information",
    "may_inspect_quitted_tricks",
    "minimum_tricks",
    "pack_defect_affects_scores",
    "parse_law_action",
    "penalty_selectors",
    "restricted_plays",
    "revoke_penalty",
    "right_to_penalise",
    "score_correctable",
    "surplus_cards_rule",
]


# ============================================================================ the engine of laws mode
# (called by BridgeDeal when ``rules.laws`` is on)
_AUCTION_KINDS = ("out-of-turn-call", "insufficient", "inadmissible", "over-seven", "barred-call")


def _declarer_side(deal: BridgeDeal) -> tuple[Seat, ...]:
    if deal.declarer is None:
        return ()
    return (deal.declarer, deal.declarer.partner)


def _is_defender(deal: BridgeDeal, seat: Seat) -> bool:
    return deal.declarer is not None and seat not in _declarer_side(deal)


def _note(deal: BridgeDeal, kind: str, seat: Seat, action: Any = None, detail: str = "") -> Irregularity:
    d = deal.laws
    assert d is not None
    trick = len(deal.tricks) + 1 if deal.phase >= 2 else None
    irr = Irregularity(kind, int(seat), detail, trick, action.to_text() if isinstance(action, Action) else "")
    d.irregularities.append(irr)
    return irr


def _rule(deal: BridgeDeal, irr: Irregularity, law: str, chooser: Seat, entitled: Sequence[Seat],
          options: Sequence[str] | Sequence[RulingOption], **context: Any) -> None:
    d = deal.laws
    assert d is not None
    the_law = TABLE.law(law)
    opts: list[RulingOption] = []
    for o in options:
        if isinstance(o, RulingOption):
            opts.append(o)
        else:
            opts.append(the_law.option(o) if any(x.name == o for x in the_law.options) else TABLE.law("L10").option(o))
    d.pending = Ruling(irr, the_law, int(chooser), tuple(int(s) for s in entitled), tuple(opts))
    d.context = dict(context)


def legal_actions(deal: BridgeDeal) -> list[Any]:
    d = deal.laws
    assert d is not None
    if d.pending is not None:
        return list(d.pending.actions())
    if deal.phase == 2:
        return restricted_plays(deal, base_plays(deal))
    if deal.phase == 1:
        return legal_calls(deal)
    return []


def legal_calls(deal: BridgeDeal) -> list[Call]:
    d = deal.laws
    assert d is not None
    seat = deal.next_seat
    base = deal.legal_calls()
    if seat in d.must_call and d.must_call[seat] in base:
        return [d.must_call[seat]]
    if seat in d.bars:
        return [PASS]
    out = base
    if seat in d.no_double_now:
        out = [c for c in out if c not in (DOUBLE, REDOUBLE)]
    if seat in d.no_double_of and deal.last_bid == d.no_double_of[seat]:
        out = [c for c in out if c not in (DOUBLE, REDOUBLE)]
    return out


def apply(deal: BridgeDeal, action: Any) -> list[Any]:
    """Apply any action in laws mode and return the actions to record (the action itself; for a call or
    card made over an irregularity, the acceptance and then the call or card, so that every record
    states the ruling explicitly). On an error the deal is restored and IllegalAction raised."""
    def run() -> list[Any]:
        recorded = _apply(deal, action)
        _before_turn(deal)
        _finish(deal)
        return recorded

    return atomic(deal, run, action)


def _apply(deal: BridgeDeal, action: Any) -> list[Any]:
    d = deal.laws
    assert d is not None
    if isinstance(action, RulingChoice):
        _choose(deal, action)
        return [action]
    if isinstance(action, Irregular):
        if d.pending is not None:
            if not _may_act_while_pending(deal, action):
                raise IllegalAction(f"a ruling is pending: {Seat(d.pending.chooser or 0)} must choose "
                                    f"({', '.join(o.name for o in d.pending.options)})", action=action)
            if _while_pending(deal, action):
                return [action]
        _irregular(deal, action)
        return [action]
    if isinstance(action, Claim):
        if d.pending is not None:
            raise IllegalAction("a ruling is pending; claims wait until it is made", action=action)
        _claim(deal, action)
        return [action]
    if d.pending is not None:
        # L13: the chooser calls or plays over the irregularity, accepting it
        if d.context.get("waivable") and type(action) in (Call, Card):
            chooser = d.pending.chooser
            accept = RulingChoice(d.pending.law.number, "accept")
            _choose(deal, accept)
            _before_turn(deal)
            if d.pending is not None or deal.to_act != chooser:
                # the call only expressed the acceptance (L14: the auction stays open for a skipped player)
                return [accept]
            _plain(deal, action)
            return [accept, action]
        raise IllegalAction(f"a ruling is pending under {d.pending.law.number}: "
                            f"{Seat(d.pending.chooser or 0)} must choose one of "
                            f"{', '.join(o.name for o in d.pending.options)}", action=action)
    _plain(deal, action)
    return [action]


def _plain(deal: BridgeDeal, action: Any) -> None:
    """A call or card by the seat to act, within the restrictions in force."""
    d = deal.laws
    assert d is not None
    phase = deal.phase
    if phase == 2 and type(action) is Card:
        legal = legal_actions(deal)
        if action not in legal:
            base = base_plays(deal)
            if action in base:
                raise IllegalAction(f"{deal.next_seat} may not play {action} now: "
                                    f"{'; '.join(d.restrictions()) or 'a penalty is in force'}", action=action)
            deal._play(action)  # raises the plain reason (not held, must follow suit)
            return
        deal._enter_card(action)
        return
    if phase == 1 and type(action) is Call:
        seat = deal.next_seat
        if d.substitute is not None and d.substitute["seat"] == seat:
            _substitute(deal, seat, action)
            return
        if action not in legal_calls(deal):
            if action in deal.legal_calls():
                raise IllegalAction(f"{seat} may not call {action} now: {'; '.join(d.restrictions())}",
                                    action=action)
            deal._call(action)  # raises the plain reason
            return
        deal._enter_call(seat, action)
        return
    if phase == 0:
        from cardroom.core.deal import Deal

        if isinstance(action, Deal):
            deal._deal(action)
            return
        raise IllegalAction(f"the cards must be dealt first, not {action!r}", action=action)
    if phase == 3:
        raise IllegalAction(f"the deal is over; {action} cannot be applied", action=action)
    what = "card" if phase == 2 else "call"
    raise IllegalAction(f"a {what} is to be {'played' if phase == 2 else 'made'} now, not {action!r}",
                        action=action)


def _may_act_while_pending(deal: BridgeDeal, action: Irregular) -> bool:
    """What may happen while a ruling awaits its choice: the player whose turn it was calls in turn
    (L15); any player asks whether a play is a revoke (L27, L21c); a forfeited dummy draws attention
    first (L21a); a defender shows his hand after a claim stopped play (L32)."""
    d = deal.laws
    assert d is not None
    kind = d.context.get("kind")
    seat = Seat(action.seat)
    if action.word in ("change", "correct") and d.context.get("seat") == seat:
        return True  # L8: an attempt to change an illegal call; the pending law applies
    if kind == "out-of-turn-call":
        return seat == deal.next_seat and deal.phase == 1 and action.word not in ("remark", "expose", "change",
                                                                                   "correct")
    if kind == "revoke" and action.word == "ask":
        return True
    if kind == "defender-lead" and action.word == "ask" and seat == deal.dummy and d.dummy_forfeited:
        return True
    return kind == "claim" and action.word == "show" and _is_defender(deal, seat)


def _while_pending(deal: BridgeDeal, action: Irregular) -> bool:
    """Apply an action allowed while a ruling is pending; True if nothing more is to be done."""
    d = deal.laws
    assert d is not None and d.pending is not None
    kind = d.context.get("kind")
    seat = Seat(action.seat)
    if action.word in ("change", "correct") and d.context.get("seat") == seat:
        _note(deal, "change-of-call", seat, action, f"{action.arg}: the call is illegal; {d.pending.law.number} "
                                                     "applies (L8)")
        return True
    if kind == "out-of-turn-call":
        _choose(deal, RulingChoice(d.pending.law.number, "cancel"))  # attention is drawn by calling in turn
        return False
    if kind == "revoke":
        d.pending = None
        d.context = {}
        return False  # '!X ask' then corrects the revoke
    if kind == "defender-lead":
        _note(deal, "dummy-attention", seat, action, "a forfeited dummy drew attention first: declarer may not "
                                                      "penalise (L21a)")
        d.pending = replace(d.pending, offered=(TABLE.law("L24").option("accept"),
                                                TABLE.law("L24").option("no-penalty")))
        return True
    _note(deal, "shown-after-claim", seat, action, "play has stopped: no penalty (L32)")
    return True


# ------------------------------------------------------------------------ irregular actions
def _irregular(deal: BridgeDeal, action: Irregular) -> None:
    d = deal.laws
    assert d is not None
    seat = Seat(action.seat)
    word = action.word
    if word in ("expose", "remark", "correct", "change", "look", "warn", "ask", "show", "reshuffle"):
        _event(deal, seat, word, action.arg, action)
        return
    if deal.phase == 0:
        raise IllegalAction("the cards are not dealt yet; only '!SEAT reshuffle' is possible now", action=action)
    if deal.phase == 3:
        raise IllegalAction("the deal is over", action=action)
    if deal.phase == 1:
        # the auction: a call (a bid over seven too); a card is written '!W play 4S' (or one that is no call)
        if word in ("play", "lead"):
            _exposed_in_auction(deal, seat, [Card.parse(action.arg)], premature=True, action=action)
            return
        try:
            parse_irregular_call(action.text)
        except ParseError:
            card = Card.parse(action.text)
            _exposed_in_auction(deal, seat, [card], premature=True, action=action)
            return
        _irregular_call(deal, seat, action.text, action)
        return
    # the play: a card; a call after the auction is written '!N call 5H' (or one that is no card: P, X, XX)
    if word in ("call", "bid"):
        parse_irregular_call(action.arg)
        _call_after_auction(deal, seat, action.arg, action)
        return
    try:
        card = Card.parse(action.text)
    except ParseError:
        try:
            parse_irregular_call(action.text)
        except ParseError:
            raise IllegalAction(f"{action.to_text()!r}: not a card, a call or an event", action=action) from None
        _call_after_auction(deal, seat, action.text, action)
        return
    _irregular_card(deal, seat, card, action)


def _irregular_call(deal: BridgeDeal, seat: Seat, text: str, action: Irregular) -> None:
    d = deal.laws
    assert d is not None
    parsed = parse_irregular_call(text)
    lho = seat.lho
    entitled = (seat.lho, seat.rho)
    if isinstance(parsed, tuple):
        irr = _note(deal, "bid-over-seven", seat, action, f"{parsed[0]}{parsed[1].letter}")
        _rule(deal, irr, "L19", lho, entitled, ("accept", "enforce"), kind="over-seven", seat=seat, waivable=True)
        return
    call = parsed
    turn = deal.next_seat
    if seat != turn and turn in d.bars and seat == turn.lho and d.substitute is None and not d.must_call:
        # L15: a call made without waiting for the pass of an RHO obliged to pass is in turn
        deal._enter_call(turn, PASS)
        _note(deal, "barred-pass-entered", turn, action, "the barred player's pass is entered (L15)")
        if deal.phase != 1:
            raise IllegalAction("the auction closed with the barred player's pass", action=action)
        turn = deal.next_seat
    if seat == turn:
        if d.substitute is not None and d.substitute["seat"] == seat:
            _substitute(deal, seat, call)
            return
        if seat in d.bars and call != PASS:
            irr = _note(deal, "barred-call", seat, action, str(call))
            _rule(deal, irr, "L19", lho, entitled, ("accept", "enforce"), kind="barred-call", seat=seat, call=call,
                  waivable=True)
            return
        if call.is_bid and deal.last_bid is not None and call <= deal.last_bid:
            irr = _note(deal, "insufficient-bid", seat, action, f"{call} after {deal.last_bid}")
            _rule(deal, irr, "L9", lho, entitled, ("accept", "correct"), kind="insufficient", seat=seat, call=call,
                  waivable=True)
            return
        if call in (DOUBLE, REDOUBLE) and call not in deal.legal_calls():
            irr = _note(deal, "inadmissible-double", seat, action, str(call))
            _rule(deal, irr, "L18", lho, entitled, ("accept", "correct"), kind="inadmissible", seat=seat, call=call,
                  waivable=True)
            return
        _plain(deal, call)
        return
    rel = "rho" if turn == seat.rho else "partner" if turn == seat.partner else "lho"
    if rel == "lho":
        # the offender calls again at his LHO's turn: an attempt to change his call (L8)
        _event(deal, seat, "change", str(call), action)
        return
    kind = "pass" if call == PASS else "bid" if call.is_bid else "double"
    law = {"pass": "L16", "bid": "L17", "double": "L18"}[kind]
    irr = _note(deal, f"{kind}-out-of-turn", seat, action, f"{call} at {turn}'s turn ({rel})")
    _rule(deal, irr, law, lho, entitled, ("accept", "cancel"), kind="out-of-turn-call", seat=seat, call=call,
          rel=rel, ckind=kind, no_calls=not deal.calls, no_bid=deal.last_bid is None, turn=turn, waivable=True)


def _call_after_auction(deal: BridgeDeal, seat: Seat, text: str, action: Irregular) -> None:
    d = deal.laws
    assert d is not None
    parsed = parse_irregular_call(text)
    _note(deal, "call-after-auction", seat, action, f"{text}: cancelled")
    if _is_defender(deal, seat) and parsed != PASS:
        d.lead_rights.append(LeadRight("L20", seat.side, seat.partner, all_lead_option_names(),
                                       opening_only=False))


def _exposed_in_auction(deal: BridgeDeal, seat: Seat, cards: list[Card], premature: bool, action: Irregular) -> None:
    d = deal.laws
    assert d is not None
    mask = 0
    for c in cards:
        if not deal.hands[seat] >> c & 1:
            raise IllegalAction(f"{seat} does not hold {c}", action=action)
        mask |= 1 << c
    single_low = len(cards) == 1 and cards[0].rank < 10 and not premature
    _note(deal, "exposed-in-auction", seat, action, " ".join(str(c) for c in cards) +
          (" (no penalty)" if single_low else ""))
    if single_low:
        return
    d.auction_exposed[seat] |= mask
    if d.bars.get(seat.partner, 1) is not None:
        d.bars[seat.partner] = 1


def _event(deal: BridgeDeal, seat: Seat, word: str, arg: str, action: Irregular) -> None:
    d = deal.laws
    assert d is not None
    phase = deal.phase
    if word == "reshuffle":
        if deal.rules.laws_online:
            raise IllegalAction("the server shuffles and deals: a new shuffle and cut is not demanded online "
                                "(L2; option laws_online)", action=action)
        if phase != 0:
            raise IllegalAction("a new shuffle and cut may be demanded only before the first card is dealt (L2)",
                                action=action)
        _note(deal, "reshuffle", seat, action, "granted: the pack is shuffled and cut again")
        return
    if phase == 0:
        raise IllegalAction("the cards are not dealt yet", action=action)
    if phase == 3:
        raise IllegalAction("the deal is over", action=action)
    if word == "expose":
        cards = [Card.parse(x) for x in arg.replace(",", " ").split()]
        if phase == 1:
            if not cards:
                raise IllegalAction("name the exposed card(s): '!W expose KH'", action=action)
            _exposed_in_auction(deal, seat, cards, premature=False, action=action)
            return
        if seat == deal.declarer and not cards:
            _note(deal, "declarer-faces-hand", seat, action, "treated as a claim of the remaining tricks (L22)")
            _claim(deal, Claim(seat, 13 - len(deal.tricks)), law_kind="declarer-faces-hand")
            return
        for c in cards:
            if not deal.hands[seat] >> c & 1:
                raise IllegalAction(f"{seat} does not hold {c}", action=action)
        if not cards:
            raise IllegalAction("name the exposed card(s): '!W expose KH'", action=action)
        if _is_defender(deal, seat):
            for c in cards:
                d.penalty[seat] |= 1 << c
            _note(deal, "exposed-card", seat, action, "penalty card(s) " + " ".join(map(str, cards)))
        else:
            _note(deal, "declarer-exposed", seat, action, "no penalty (L22)")
        return
    if word == "remark":
        target_suit, target_mask = -1, 0
        if arg:
            try:
                c = Card.parse(arg)
                target_mask = 1 << c
            except ParseError:
                target_suit = _suit_index(arg)
        if phase == 1:
            irr = _note(deal, "remark-auction", seat, action, arg)
            _rule(deal, irr, "L5", seat.lho, (seat.lho, seat.rho), ("accept", "side-pass"), kind="remark-auction",
                  seat=seat)
            return
        if seat == deal.declarer:
            _note(deal, "remark-declarer", seat, action, "declarer is not penalised (L5)")
            return
        if seat == deal.dummy:
            assert deal.declarer is not None
            irr = _note(deal, "remark-play", seat, action, arg)
            _rule(deal, irr, "L5", deal.declarer.lho, (deal.declarer.lho, deal.declarer.rho), ("forbid", "waive"),
                  kind="remark-play", seat=seat, target=deal.declarer, suit=target_suit, mask=target_mask)
            return
        assert deal.declarer is not None
        irr = _note(deal, "remark-play", seat, action, arg)
        _rule(deal, irr, "L5", deal.declarer, (deal.declarer,), ("forbid", "waive"), kind="remark-play", seat=seat,
              target=seat.partner, suit=target_suit, mask=target_mask)
        return
    if word in ("correct", "change"):
        if phase != 1:
            raise IllegalAction("calls can be changed only during the auction", action=action)
        new = Call.parse(arg)
        if d.pending is not None and d.context.get("seat") == seat:
            _note(deal, "change-of-call", seat, action, f"{arg}: the call is illegal; {d.pending.law.number} applies")
            return
        mine = [i for i, s in enumerate(d.call_seats) if s == seat]
        if not mine:
            raise IllegalAction(f"{seat} has made no call to change", action=action)
        last_is_mine = mine[-1] == len(deal.calls) - 1
        if word == "correct":
            if not last_is_mine:
                raise IllegalAction("a correction 'at once' comes before the next call (L8)", action=action)
            _note(deal, "correction-of-call", seat, action, f"{deal.calls[-1]} corrected to {new}: no penalty")
            _replace_last_call(deal, seat, new, action)
            return
        _note(deal, "change-of-call", seat, action, f"to {new}: void; {seat.partner} must pass at his next turn")
        if seat.partner not in d.bars:
            d.bars[seat.partner] = 1
        return
    if phase != 2:
        raise IllegalAction(f"'{word}' belongs to the play", action=action)
    assert deal.declarer is not None and deal.dummy is not None
    if word == "look":
        if seat != deal.dummy:
            raise IllegalAction("only dummy forfeits his rights by looking at a hand (L21)", action=action)
        d.dummy_forfeited = True
        _note(deal, "dummy-looked", seat, action, "dummy forfeits his rights (L21)")
        return
    if word == "warn":
        if seat != deal.dummy:
            raise IllegalAction("only dummy warns declarer about the hand to lead from (L21)", action=action)
        if not d.dummy_forfeited or deal.trick or deal.next_seat not in _declarer_side(deal):
            _note(deal, "dummy-warns", seat, action, "a proper warning: no penalty")
            return
        irr = _note(deal, "dummy-warns", seat, action, "dummy has forfeited his rights (L21b)")
        _rule(deal, irr, "L21", deal.declarer.lho, (deal.declarer.lho, deal.declarer.rho),
              ("hand-declarer", "hand-dummy"), kind="warn")
        return
    if word == "ask":
        rv = next((r for r in reversed(d.revokes) if not r.established and not r.corrected), None)
        if rv is None:
            _note(deal, "attention", seat, action, "no revoke to correct")
            return
        if seat == deal.dummy and d.dummy_forfeited:
            if rv.seat in _declarer_side(deal):
                rv.penalty_anyway = True
                _note(deal, "dummy-attention", seat, action, "forfeited dummy asks: corrected, penalty applies (L21c)")
            else:
                _note(deal, "dummy-attention", seat, action, "forfeited dummy asks: no penalty card (L21a)")
                _start_correction(deal, rv, penalty_card=False)
                return
        _start_correction(deal, rv, penalty_card=True)
        return
    if word == "show":
        if not _is_defender(deal, seat):
            raise IllegalAction("only a defender can show his hand to his partner (L33)", action=action)
        irr = _note(deal, "shown-to-partner", seat, action)
        _rule(deal, irr, "L33", deal.declarer, (deal.declarer,), ("penalty-cards", "waive"), kind="shown", seat=seat)
        return


def _replace_last_call(deal: BridgeDeal, seat: Seat, new: Call, action: Irregular) -> None:
    d = deal.laws
    assert d is not None
    calls = list(zip(d.call_seats, deal.calls, strict=True))[:-1]
    _rebuild_auction(deal, calls)
    if deal.next_seat != seat:
        raise IllegalAction("the call to correct is not the last one", action=action)
    _plain(deal, new)


def _rebuild_auction(deal: BridgeDeal, calls: list[tuple[Seat, Call]]) -> None:
    d = deal.laws
    assert d is not None
    deal.calls = []
    deal.last_bid = None
    deal.last_bid_seat = None
    deal.doubling = 0
    deal.doubler = None
    deal.passes = 0
    deal.first_namer = {}
    deal.next_seat = deal.dealer
    d.call_seats = []
    d.called = set()
    saved = (dict(d.bars), set(d.no_double_now), dict(d.must_call))
    for s, c in calls:
        deal._enter_call(s, c)
    d.bars, d.no_double_now, d.must_call = saved


def _irregular_card(deal: BridgeDeal, seat: Seat, card: Card, action: Irregular) -> None:
    d = deal.laws
    assert d is not None and deal.declarer is not None and deal.dummy is not None
    if not deal.hands[seat] >> card & 1:
        raise IllegalAction(f"{seat} does not hold {card}", seat=seat, action=card)
    decl_side = _declarer_side(deal)
    turn = deal.next_seat
    trick_seats = [deal.leader.next(i) for i in range(len(deal.trick))]
    if seat == turn:
        base = base_plays(deal)
        if card in base:
            _plain(deal, card)
            return
        # a revoke (L27)
        led = deal.trick[0] // 13
        t = len(deal.tricks)
        rv = Revoke(seat, t, led, card, len(deal.trick))
        d.revokes.append(rv)
        irr = _note(deal, "revoke", seat, action, f"{card} on a {SUIT_LETTERS[led]} lead")
        deal._enter_card(card)
        chooser = deal.declarer if seat not in decl_side else seat.lho
        entitled = (deal.declarer,) if seat not in decl_side else (seat.lho, seat.rho)
        revoke_opts = ("correct",) if t == 11 else ("correct", "stand")
        _rule(deal, irr, "L27", chooser, entitled, revoke_opts, kind="revoke", index=len(d.revokes) - 1)
        return
    if not deal.trick:
        if seat in decl_side:
            kind = "wrong-hand-lead" if turn in decl_side else "lead-out-of-turn"
            irr = _note(deal, kind, seat, action, f"{card}; the lead belongs to {turn}")
            # the offender's LHO, a defender, chooses; his card played to the lead accepts it (L13)
            _rule(deal, irr, "L24", seat.lho, (seat.lho, seat.rho), ("accept", "retract"), kind="declarer-lead",
                  seat=seat, card=card, waivable=True)
            return
        irr = _note(deal, "lead-out-of-turn", seat, action, f"{card}; the lead belongs to {turn}")
        opts = ["accept", "penalty-card", "lead-penalty"]
        _rule(deal, irr, "L24", deal.declarer, (deal.declarer,), opts, kind="defender-lead", seat=seat, card=card,
              waivable=seat.lho in decl_side)
        return
    if seat in trick_seats:
        # a lead to the next trick before this one is complete
        if seat in decl_side:
            _note(deal, "premature-lead", seat, action, f"{card} goes back without penalty (L22, declarer)")
            return
        d.penalty[seat] |= 1 << card
        irr = _note(deal, "premature-lead", seat, action, f"{card} is a penalty card (L22)")
        if seat.partner not in trick_seats:
            _rule(deal, irr, "L25", deal.declarer, (deal.declarer,), _l25_options(), kind="premature",
                  target=seat.partner)
        return
    # out of turn within the trick
    if deal.trick:
        led = deal.trick[0] // 13
        if card // 13 != led and deal.hands[seat] & SUIT_MASKS[led]:
            raise IllegalAction(f"{seat} plays {card} out of turn, and it does not follow suit: play a card of the "
                                "suit led", seat=seat, action=card)
    if seat in decl_side:
        irr = _note(deal, "declarer-out-of-turn", seat, action, f"{card} before {turn}")
        _rule(deal, irr, "L24", seat.lho if seat.lho not in decl_side else seat.rho,
              (deal.declarer.lho, deal.declarer.rho), ("accept", "retract"), kind="declarer-early", seat=seat,
              card=card)
        return
    d.early[seat] = card
    both_declarer_hands = all(s in trick_seats or s in d.early for s in decl_side)
    if seat.partner not in trick_seats and not both_declarer_hands:
        irr = _note(deal, "premature-play", seat, action, f"{card} before his partner {seat.partner}")
        _rule(deal, irr, "L25", deal.declarer, (deal.declarer,), _l25_options(), kind="premature",
              target=seat.partner)
        return
    _note(deal, "premature-play", seat, action, f"{card} stands; no penalty (L25)")


def _l25_options() -> list[str]:
    return ["highest", "lowest", *(f"suit-{s}" for s in SUIT_LETTERS), "waive"]


# ------------------------------------------------------------------------ choices
def _choose(deal: BridgeDeal, choice: RulingChoice) -> None:
    d = deal.laws
    assert d is not None
    r = d.pending
    if r is None:
        raise IllegalAction(f"no ruling is pending; {choice.to_text()!r} cannot be applied", action=choice)
    if choice.law != r.law.number:
        raise IllegalAction(f"the pending ruling is under {r.law.number}, not {choice.law}", action=choice)
    try:
        r.option(choice.option)
    except Exception as e:
        raise IllegalAction(str(e), action=choice) from None
    ctx = d.context
    d.pending = None
    d.context = {}
    o = choice.option
    kind = ctx.get("kind")
    if kind == "out-of-turn-call":
        _choose_out_of_turn(deal, ctx, o)
    elif kind == "insufficient":
        if o == "accept":
            deal._enter_call(ctx["seat"], ctx["call"])
        else:
            d.substitute = {"seat": ctx["seat"], "kind": "insufficient", "call": ctx["call"]}
    elif kind == "inadmissible":
        seat = ctx["seat"]
        if o == "accept":
            deal._enter_call(seat, PASS)  # L7: it becomes a pass
        else:
            d.substitute = {"seat": seat, "kind": "inadmissible", "call": ctx["call"]}
            if d.bars.get(seat.partner, 1) is not None:
                d.bars[seat.partner] = 1
    elif kind in ("over-seven", "barred-call"):
        seat = ctx["seat"]
        if o == "accept":
            deal._enter_call(seat, ctx["call"] if kind == "barred-call" else PASS)
        else:
            deal._enter_call(seat, PASS)
            d.bars[seat] = None
            d.bars[seat.partner] = None
            d.lead_rights.append(LeadRight("L19", seat.side, None, all_lead_option_names()))
    elif kind == "remark-auction":
        seat = ctx["seat"]
        if o == "side-pass":
            d.bars[seat] = None
            d.bars[seat.partner] = None
            d.lead_rights.append(LeadRight("L5", seat.side, seat.partner, all_lead_option_names()))
    elif kind == "remark-play":
        if o == "forbid":
            d.forbidden = (ctx["target"], ctx["suit"], ctx["mask"])
    elif kind in ("defender-lead", "declarer-lead"):
        seat, card = ctx["seat"], ctx["card"]
        if o == "accept":
            deal.leader = seat
            deal.next_seat = seat
            deal._enter_card(card)
        elif o == "penalty-card":
            d.penalty[seat] |= 1 << card
        elif o == "lead-penalty":
            d.lead_rights.append(LeadRight("L24", seat.side, seat.partner, all_lead_option_names(),
                                           opening_only=False))
            d.lead_offered = -1
    elif kind == "declarer-early":
        if o == "accept":
            d.early[ctx["seat"]] = ctx["card"]
    elif kind == "premature":
        if o != "waive":
            d.play_requirement = (ctx["target"], o)
    elif kind == "revoke":
        rv = d.revokes[ctx["index"]]
        if o == "correct":
            _start_correction(deal, rv, penalty_card=True)
    elif kind == "revoke-later":
        rv = d.revokes[ctx["index"]]
        _correct(deal, rv, ctx["penalty_card"], retract_later=o == "retract-later")
    elif kind == "lead-penalty":
        if o != "waive":
            mode, suit = o.split("-")
            s = SUIT_LETTERS.index(suit)
            d.lead_restriction = LeadRestriction(int(ctx["seat"]), s, mode, lasting=mode == FORBID,
                                                 law=ctx.get("source", "L10"))
    elif kind == "penalty-card-suit":
        if o != "waive":
            mode, suit = o.split("-")
            s = SUIT_LETTERS.index(suit)
            d.lead_restriction = LeadRestriction(int(ctx["seat"]), s, mode, lasting=False, law="L23")
            owner: Seat = ctx["owner"]
            d.penalty[owner] &= ~SUIT_MASKS[s]  # L23: the owner picks the card up
    elif kind == "designate":
        d.designated = Card.parse(o.split("-", 1)[1])
    elif kind == "claim":
        if o == "accept":
            _end_by_claim(deal, ctx["claim"])
    elif kind == "shown":
        if o == "penalty-cards":
            seat = ctx["seat"]
            d.penalty[seat] |= deal.hands[seat]
    elif kind == "warn":
        assert deal.declarer is not None and deal.dummy is not None
        hand = deal.declarer if o == "hand-declarer" else deal.dummy
        deal.leader = hand
        deal.next_seat = hand
    else:  # pragma: no cover - every ruling sets its kind
        raise IllegalAction(f"unknown ruling context {kind!r}")


def _choose_out_of_turn(deal: BridgeDeal, ctx: dict[str, Any], o: str) -> None:
    d = deal.laws
    assert d is not None
    seat: Seat = ctx["seat"]
    call: Call = ctx["call"]
    rel, ckind = ctx["rel"], ctx["ckind"]
    if o == "accept":
        turn: Seat = ctx["turn"]
        d.skipped |= set(_between(turn, seat))
        enter = call if call in _legal_for(deal, seat) else PASS
        deal._enter_call(seat, enter)
        return
    # cancelled: the auction reverts to the player whose turn it was; rectification by kind
    partner = seat.partner
    if ckind == "pass":
        if ctx["no_bid"] or rel == "rho":
            d.bars[seat] = d.bars.get(seat, 1) if seat in d.bars else 1
        else:
            d.bars[seat] = None
            d.no_double_now.add(partner)
            d.l16b_watch = partner
    elif ckind == "bid":
        if ctx["no_calls"]:
            d.bars[partner] = None
            _add_l11(deal, seat, call)
        elif rel == "partner":
            d.bars[partner] = None
            d.lead_rights.append(LeadRight("L17", seat.side, partner, all_lead_option_names()))
            _add_l11(deal, seat, call)
        else:
            d.rho_wait = {"offender": seat, "call": call, "kind": "bid", "rho": seat.rho}
    else:
        if rel == "partner":
            d.bars[partner] = None
            d.lead_rights.append(LeadRight("L18", seat.side, partner, all_lead_option_names()))
            if deal.last_bid is not None:
                d.no_double_of[seat] = deal.last_bid
        elif ctx["no_bid"]:
            if d.bars.get(partner, 1) is not None:
                d.bars[partner] = 1
        else:
            d.rho_wait = {"offender": seat, "call": call, "kind": "double", "rho": seat.rho}


def _between(a: Seat, b: Seat) -> list[Seat]:
    out = []
    s = a
    while s != b:
        out.append(s)
        s = s.lho
    return out


def _legal_for(deal: BridgeDeal, seat: Seat) -> list[Call]:
    saved = deal.next_seat
    deal.next_seat = seat
    try:
        return deal.legal_calls()
    finally:
        deal.next_seat = saved


def _add_l11(deal: BridgeDeal, seat: Seat, call: Call) -> None:
    """L11: a withdrawn denomination is subject to a lead penalty if an opponent becomes declarer."""
    d = deal.laws
    assert d is not None
    if not call.is_bid:
        return
    if call.strain is Strain.NOTRUMP:
        d.lead_rights.append(LeadRight("L11", seat.side, seat.partner, all_lead_option_names(modes=(REQUIRE,))))
    else:
        d.lead_rights.append(LeadRight("L11", seat.side, None, all_lead_option_names(suits=(int(call.strain),))))


def _substitute(deal: BridgeDeal, seat: Seat, call: Call) -> None:
    """The offender's substitute for an insufficient bid (L9) or an inadmissible double (L18.3)."""
    d = deal.laws
    assert d is not None and d.substitute is not None
    sub = d.substitute
    orig: Call = sub["call"]
    if sub["kind"] == "insufficient":
        if call.is_bid and (deal.last_bid is None or call > deal.last_bid):
            if call not in deal.legal_calls():
                raise IllegalAction(f"{seat} may not bid {call} under the rules in force", action=call)
            # None when no bid of that strain is sufficient any more (e.g. after 7NT): no substitute is free
            lowest = next((b for b in BIDS if b.strain == orig.strain and (deal.last_bid is None or b > deal.last_bid)),
                          None)
            d.substitute = None
            deal._enter_call(seat, call)
            if call == lowest:
                _note(deal, "substitute", seat, None, f"{call}: the lowest sufficient bid in {orig.strain}: no penalty")
            else:
                d.bars[seat.partner] = None
                _add_l11(deal, seat, orig)
                _note(deal, "substitute", seat, None, f"{call}: {seat.partner} passes at every turn (L9b)")
            return
        if call in (PASS, DOUBLE, REDOUBLE):
            d.substitute = None
            deal._enter_call(seat, PASS)  # L9c: a double or redouble counts as a pass
            d.bars[seat.partner] = None
            d.lead_rights.append(LeadRight("L9", seat.side, None, all_lead_option_names()))
            _add_l11(deal, seat, orig)
            _note(deal, "substitute", seat, None, f"{call} (a pass): {seat.partner} passes at every turn (L9c)")
            return
        raise IllegalAction(f"{seat} must substitute a sufficient bid or a pass for {orig} (L9)", action=call)
    # L18.3: any proper call
    if call not in deal.legal_calls():
        raise IllegalAction(f"{seat} must substitute a proper call for {orig} (L18)", action=call)
    d.substitute = None
    deal._enter_call(seat, call)


# ------------------------------------------------------------------------ hooks from BridgeDeal
def on_call(deal: BridgeDeal, seat: Seat, call: Call) -> None:
    d = deal.laws
    assert d is not None
    d.call_seats.append(seat)
    d.called.add(seat)
    if seat in d.bars and d.bars[seat] is not None:
        n = d.bars[seat]
        assert n is not None
        if n <= 1:
            del d.bars[seat]
        else:
            d.bars[seat] = n - 1
    d.no_double_now.discard(seat)
    d.must_call.pop(seat, None)
    if seat in d.no_double_of and call.is_bid:
        del d.no_double_of[seat]
    w = d.rho_wait
    if w is not None and seat == w["rho"]:
        d.rho_wait = None
        off: Seat = w["offender"]
        if call == PASS:
            d.must_call[off] = w["call"]  # L17c / L18.2: repeat, no penalty
        elif w["kind"] == "bid":
            if d.bars.get(off.partner, 1) is not None:
                d.bars[off.partner] = 1
            _add_l11(deal, off, w["call"])
        else:
            d.lead_rights.append(LeadRight("L18", off.side, off.partner, all_lead_option_names()))
    if d.l16b_watch is not None and seat == d.l16b_watch:
        d.l16b_watch = None
        if call == PASS:
            d.lead_rights.append(LeadRight("L16", seat.side, None, all_lead_option_names()))


def hold_open(deal: BridgeDeal) -> Seat | None:
    """L14: the auction is not closed while a player skipped by an accepted illegal call has not called."""
    d = deal.laws
    assert d is not None
    closing = (deal.last_bid is None and deal.passes >= 4) or (deal.last_bid is not None and deal.passes >= 3)
    if not closing:
        return None
    waiting = [s for s in d.skipped if s not in d.called]
    if not waiting:
        return None
    s = deal.next_seat
    for _ in range(4):
        if s in waiting:
            return s
        s = s.lho
    return None


def on_auction_end(deal: BridgeDeal) -> None:
    d = deal.laws
    assert d is not None
    d.bars.clear()
    d.no_double_now.clear()
    d.must_call.clear()
    d.rho_wait = None
    for s in Seat:
        if d.auction_exposed[s]:
            if _is_defender(deal, s):
                d.penalty[s] |= d.auction_exposed[s]
            d.auction_exposed[s] = 0  # declarer's or dummy's go back to the hand (not stated; cardroom)
    d.lead_rights = [r for r in d.lead_rights if deal.declarer is not None and r.side != deal.declarer.side]


def on_card(deal: BridgeDeal, seat: Seat, card: Card, was_lead: bool) -> None:
    d = deal.laws
    assert d is not None
    r = d.lead_restriction
    if was_lead and r is not None and (r.seat != seat or r.mode == REQUIRE):
        d.lead_restriction = None
    if d.play_requirement is not None and d.play_requirement[0] == seat:
        d.play_requirement = None
    if d.forbidden is not None and d.forbidden[0] == seat and deal.rules.laws_remark_scope == "next-turn":
        d.forbidden = None
    if d.penalty[seat] >> card & 1:
        d.penalty[seat] &= ~(1 << card)
    if d.designated == card:
        d.designated = None
    d.early.pop(seat, None) if d.early.get(seat) == card else None
    if was_lead:
        for rv in d.revokes:
            if not rv.established and not rv.corrected and rv.seat.side == seat.side and rv.trick < len(deal.tricks):
                rv.established = True


def _before_turn(deal: BridgeDeal) -> None:
    """What happens before the next player acts: premature cards played in their turn, lead rights and
    penalty-card designations offered to declarer."""
    d = deal.laws
    assert d is not None
    for _ in range(60):
        if deal.phase != 2 or d.pending is not None:
            return
        seat = deal.next_seat
        if seat in d.early:
            card = d.early.pop(seat)
            deal._enter_card(card)
            continue
        assert deal.declarer is not None
        if not deal.trick and d.lead_offered != len(deal.tricks):
            d.lead_offered = len(deal.tricks)
            if d.lead_restriction is not None and d.lead_restriction.seat != seat:
                d.lead_restriction = None
            opening = not deal.tricks
            names: list[str] = []
            laws_used: list[str] = []
            keep: list[LeadRight] = []
            for right in d.lead_rights:
                applies = right.side == seat.side and (right.target is None or right.target == seat) and \
                    (not right.opening_only or opening)
                if applies:
                    names.extend(n for n in right.options if n not in names)
                    laws_used.append(right.law)
                elif not right.opening_only:
                    keep.append(right)
            d.lead_rights = keep
            if names and _is_defender(deal, seat):
                order = list(all_lead_option_names())
                names.sort(key=order.index)
                irr = Irregularity("lead-penalty", int(seat), "under " + ", ".join(laws_used), len(deal.tricks) + 1)
                law = "L11" if laws_used == ["L11"] else "L10"
                _rule(deal, irr, law, deal.declarer, (deal.declarer,), [*names, "waive"], kind="lead-penalty",
                      seat=seat, source=",".join(laws_used))
                return
        if not deal.trick and _is_defender(deal, seat) and d.penalty[seat.partner] and \
                d.l23_offered != (len(deal.tricks), d.penalty[seat.partner]) and \
                (d.lead_restriction is None or d.lead_restriction.seat != seat):
            d.l23_offered = (len(deal.tricks), d.penalty[seat.partner])
            suits = sorted({c // 13 for c in cards_of_mask(d.penalty[seat.partner])})
            irr = Irregularity("penalty-card-suit", int(seat.partner), "", len(deal.tricks) + 1)
            _rule(deal, irr, "L23", deal.declarer, (deal.declarer,), [*all_lead_option_names(suits=suits), "waive"],
                  kind="penalty-card-suit", seat=seat, owner=seat.partner)
            return
        if _is_defender(deal, seat) and d.penalty[seat] and d.designated is None:
            legal = restricted_plays(deal, base_plays(deal))
            forced = [c for c in legal if d.penalty[seat] >> c & 1]
            if len(forced) > 1 and len(forced) == len(legal):
                irr = Irregularity("penalty-card", int(seat), "several penalty cards", len(deal.tricks) + 1)
                opts = [RulingOption(f"play-{c}", f"{seat.letter} plays {c}") for c in forced]
                _rule(deal, irr, "L23", deal.declarer, (deal.declarer,), opts, kind="designate")
                return
        return


def _start_correction(deal: BridgeDeal, rv: Revoke, penalty_card: bool) -> None:
    d = deal.laws
    assert d is not None
    t = len(deal.tricks)
    if t == rv.trick:
        cards = list(deal.trick)
        leader = deal.leader
    elif t == rv.trick + 1 and not deal.trick:
        cards = list(deal.tricks[-1].cards)
        leader = deal.tricks[-1].leader
    else:
        raise IllegalAction("the revoke can no longer be corrected: a card has been played to the next trick")
    later = [(leader.next(i), c) for i, c in enumerate(cards) if i > rv.position]
    offending = rv.seat.side
    if any(s.side != offending for s, _ in later):
        assert deal.declarer is not None
        chooser = deal.declarer if offending != deal.declarer.side else rv.seat.lho
        irr = Irregularity("revoke-correction", int(rv.seat), str(rv.card), rv.trick + 1)
        _rule(deal, irr, "L28", chooser, (chooser,), ("keep-later", "retract-later"), kind="revoke-later",
              index=d.revokes.index(rv), penalty_card=penalty_card)
        return
    _correct(deal, rv, penalty_card, retract_later=False)


def _correct(deal: BridgeDeal, rv: Revoke, penalty_card: bool, retract_later: bool) -> None:
    d = deal.laws
    assert d is not None
    if len(deal.tricks) == rv.trick + 1 and not deal.trick:
        last = deal.tricks.pop()
        deal.won[last.winner & 1] -= 1
        deal.trick = list(last.cards)
        deal.leader = last.leader
        deal.phase = 2
    cards = list(deal.trick)
    leader = deal.leader
    for i in range(len(cards) - 1, rv.position - 1, -1):
        s = leader.next(i)
        c = cards[i]
        deal.hands[s] |= 1 << c
        deal.played &= ~(1 << c)
        if i > rv.position and not (retract_later and s.side != rv.seat.side):
            d.early[s] = c
    deal.trick = cards[:rv.position]
    deal.next_seat = rv.seat
    rv.corrected = True
    if penalty_card and _is_defender(deal, rv.seat):
        d.penalty[rv.seat] |= 1 << rv.card
    _note(deal, "revoke-corrected", rv.seat, None, f"{rv.card} taken back" +
          (" and a penalty card" if penalty_card and _is_defender(deal, rv.seat) else ""))


# ------------------------------------------------------------------------ claims and the end
def _claim(deal: BridgeDeal, claim: Claim, law_kind: str = "") -> None:
    d = deal.laws
    assert d is not None
    if deal.phase != 2 or deal.declarer is None:
        raise IllegalAction("tricks are claimed or conceded during the play", action=claim)
    if claim.seat == deal.dummy:
        raise IllegalAction("dummy may not claim or concede", action=claim)
    remaining = 13 - len(deal.tricks)
    if not 0 <= claim.tricks <= remaining:
        raise IllegalAction(f"{claim.tricks} tricks: only {remaining} remain", action=claim)
    irr = Irregularity(law_kind or ("claim-declarer" if claim.seat == deal.declarer else "claim-defender"),
                       int(claim.seat), claim.to_text(), len(deal.tricks) + 1, claim.to_text())
    d.irregularities.append(irr)
    if claim.seat == deal.declarer:
        d.faced |= deal.hands[claim.seat]  # L32: declarer faces his cards
        _rule(deal, irr, "L32", deal.declarer.lho, (deal.declarer.lho, deal.declarer.rho), ("accept", "dispute"),
              kind="claim", claim=claim)
    else:
        _rule(deal, irr, "L33", deal.declarer, (deal.declarer,), ("accept", "dispute"), kind="claim", claim=claim)


def _end_by_claim(deal: BridgeDeal, claim: Claim) -> None:
    d = deal.laws
    assert d is not None
    remaining = 13 - len(deal.tricks)
    side = claim.seat.side
    mine = remaining - claim.tricks if claim.concede else claim.tricks
    if deal.rules.laws_void_impossible_concessions:
        floor = minimum_tricks(deal, side)
        if floor is not None and mine < floor:
            d.irregularities.append(Irregularity("impossible-concession", int(claim.seat),
                                                 f"{floor - mine} trick(s) that could not be lost: void (L36)"))
            mine = floor
    for rv in d.revokes:
        if rv.seat.side == side and not rv.corrected:
            rv.established = True  # L29: the offending side ended play by a claim or concession
    d.claim = claim
    d.claimed = (side, mine, remaining - mine)
    deal.won[side] += mine
    deal.won[1 - side] += remaining - mine
    deal.trick = []
    deal.phase = 3


def _finish(deal: BridgeDeal) -> None:
    """At the end of the play: the revoke penalty (L30)."""
    d = deal.laws
    assert d is not None
    if deal.phase != 3 or d.won_in_play is not None or deal.declarer is None:
        return
    d.won_in_play = (deal.won[0], deal.won[1])
    winners = [t.winner & 1 for t in deal.tricks]
    if d.claimed is not None:
        side, mine, theirs = d.claimed
        winners += [side] * mine + [1 - side] * theirs
    for side in (0, 1):
        revs = [(r.seat, r.suit, r.trick + 1) for r in d.revokes
                if r.seat.side == side and ((r.established and not r.corrected) or r.penalty_anyway)]
        n = revoke_penalty(revs, winners)
        if n:
            deal.won[side] -= n
            deal.won[1 - side] += n
            d.transferred += n if side != deal.declarer.side else -n
            d.irregularities.append(Irregularity("revoke-penalty", int(revs[0][0]),
                                                 f"{n} trick(s) transferred (L30)"))


# ============================================================================ practice
_PRACTICE_CALLS = ("P", "X", "XX", "1C", "1H", "2D", "2NT", "3S", "4H", "7NT", "8D", "remark", "remark S")


def random_irregular(deal: BridgeDeal, rng: Any, seat: Seat | None = None) -> Any:
    """A random irregular action (or, in the play, now and then a claim) by ``seat`` (a random seat if
    None) at this moment: what the terminal's ``--irregularities`` bots and the property tests inject.
    It may be refused by the laws (IllegalAction), leaving the deal unchanged."""
    s = Seat(rng.randrange(4)) if seat is None else seat
    if deal.phase == 1:
        r = rng.random()
        if r < 0.15:
            card = rng.choice(cards_of_mask(deal.hands[s]))
            return Irregular(int(s), f"expose {card}" if r < 0.1 else f"play {card}")
        if r < 0.2 and deal.calls:
            return Irregular(int(s), f"change {rng.choice(_PRACTICE_CALLS[:10])}")
        return Irregular(int(s), rng.choice(_PRACTICE_CALLS))
    r = rng.random()
    if r < 0.08:
        return Claim(s, rng.randrange(13 - len(deal.tricks) + 1), rng.random() < 0.5)
    if r < 0.75 and deal.hands[s]:
        return Irregular(int(s), str(rng.choice(cards_of_mask(deal.hands[s]))))
    if r < 0.83 and deal.hands[s]:
        return Irregular(int(s), f"expose {rng.choice(cards_of_mask(deal.hands[s]))}")
    return Irregular(int(s), rng.choice(("remark", "remark H", "look", "warn", "ask", "show", "P", "X", "call 5C")))
