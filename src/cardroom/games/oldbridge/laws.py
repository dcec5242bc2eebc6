"""The laws of straight bridge (document 000, laws B-1 to B-18 as the digest numbers them) and of the
American Laws of Bridge, 1913, laws 14–39 (cutting, forming tables, shuffling, dealing, new deals).

``STRAIGHT_TABLE`` and ``AMERICAN_TABLE`` are law tables (:class:`~cardroom.core.laws.LawTable`):
each law's options, who chooses, when the right lapses, and the Russian source. The laws about the
cut, the shuffle and the deal, and the arithmetic of the revoke penalty, are pure functions below,
so that a director (the straight-bridge laws mode) and the tests use the same rules.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from cardroom.core.cards import Card, cards_of_mask
from cardroom.core.errors import CardroomError, Reason
from cardroom.core.laws import (
    Irregular,
    LawsDirector,
    LawTable,
    LeadRestriction,
    RulingChoice,
    RulingContext,
)
from cardroom.core.table import Seat, Side
from cardroom.games.oldbridge.rubber import cut_key

STRAIGHT_TABLE = LawTable.load("cardroom.games.oldbridge", "laws.toml", "straight")
AUCTION_TABLE = LawTable.load("cardroom.games.oldbridge", "laws.toml", "auction")
AMERICAN_TABLE = LawTable.load("cardroom.games.oldbridge", "laws.toml", "american")


# ------------------------------------------------------------------ cutting and dealing (laws 14-39)
def cut_of(cards: Sequence[Card]) -> Card:
    """Law 16: a player who exposes more than one card cuts the highest of them."""
    if not cards:
        raise CardroomError(Reason("oldbridge.cut_one"))
    return max(cards, key=cut_key)


def partnerships(cuts: Sequence[Card]) -> tuple[tuple[int, int], tuple[int, int], int]:
    """Law 19: the two lowest cuts play against the two highest; the lowest deals.
    Returns (lower pair, higher pair, dealer) as indices into ``cuts``."""
    if len(cuts) != 4 or len(set(cuts)) != 4:
        raise CardroomError(Reason("oldbridge.cut_four"))
    order = sorted(range(4), key=lambda i: cut_key(cuts[i]))
    return (order[0], order[1]), (order[2], order[3]), order[0]


def cutting_out(consecutive_rubbers: Sequence[int], cuts: Sequence[Card], places: int) -> list[int]:
    """Law 21: who goes out for ``places`` candidates: those who played the most consecutive rubbers;
    ties cut, the highest cuts going out."""
    if not 0 < places <= len(consecutive_rubbers):
        raise CardroomError(Reason("oldbridge.send_out", places=places, n=len(consecutive_rubbers)))
    order = sorted(range(len(consecutive_rubbers)), key=lambda i: (-consecutive_rubbers[i], -_rank(cuts[i])))
    return sorted(order[:places])


def _rank(card: Card) -> int:
    r, s = cut_key(card)
    return r * 4 + s


def cut_is_valid(top_packet: int, pack: int = 52) -> bool:
    """Law 32: each packet holds at least four cards."""
    return 4 <= top_packet <= pack - 4


def legal_cut_sizes(pack: int = 52) -> range:
    return range(4, pack - 3)


@dataclass(frozen=True)
class DealFault:
    """What went wrong in a deal, for law 37-38: the (a)-(e) faults always void it; (f) only when an
    opponent calls attention in time (before the end of the deal and before looking at his cards)."""

    not_from_left_one_at_a_time: bool = False  # (a)
    pack_incorrect: bool = False  # (b)
    card_faced: bool = False  # (c)
    more_than_thirteen: bool = False  # (d)
    last_card_not_to_dealer: bool = False  # (e)
    uncut_or_out_of_turn_or_wrong_pack: bool = False  # (f)
    attention_in_time: bool = False  # (f) before the end of the deal, by an opponent who has not looked


def new_deal_compulsory(fault: DealFault) -> bool:
    """Law 37 (and 38 for a late (f))."""
    if (fault.not_from_left_one_at_a_time or fault.pack_incorrect or fault.card_faced
            or fault.more_than_thirteen or fault.last_card_not_to_dealer):
        return True
    return fault.uncut_or_out_of_turn_or_wrong_pack and fault.attention_in_time


def misdeal_redealer(dealer: int) -> int:
    """Law 36: the same player deals the same pack again."""
    return dealer


def pack_incorrect(missing_found_elsewhere: bool) -> bool:
    """Law 39: a pack is not incorrect if the missing cards are found in the other pack, among the
    quitted tricks, below the table or anywhere they could have been part of the pack during the deal."""
    return not missing_found_elsewhere


# ------------------------------------------------------------------ the revoke (B-9)
@dataclass(frozen=True)
class RevokeOutcome:
    won: tuple[int, int]  # tricks per side after the penalty tricks
    points_deducted: tuple[int, int]  # points off each side's score (England, option 2)
    points_added: tuple[int, int]  # points added (England, option 3)
    slam_allowed: tuple[bool, bool]
    game_cap: tuple[int | None, int | None]  # the most a side may have below the line after this deal


def revoke_penalty(won: Sequence[int], revokes: Sequence[Side | int], trick_value: int, how: str = "tricks",
                   game_points: int = 30) -> RevokeOutcome:
    """Law B-9 for ``revokes`` (the revoking side of each revoke): three tricks per revoke (or their
    value in points, England); a revoking side cannot score a slam in the deal nor win the game in it
    (it may score up to two short of game, 28); a slam never counts the penalty tricks."""
    if how not in ("tricks", "points-deduct", "points-add"):
        raise CardroomError(Reason("oldbridge.revoke_penalty", how=how))
    w = [won[0], won[1]]
    deducted = [0, 0]
    added = [0, 0]
    for side in (int(x) for x in revokes):
        other = 1 - side
        if how == "tricks":
            moved = min(3, w[side])
            w[side] -= moved
            w[other] += moved
        elif how == "points-deduct":
            deducted[side] += 3 * trick_value
        else:
            added[other] += 3 * trick_value
    revoked = {int(s) for s in revokes}
    slam = tuple(s not in revoked and won[s] >= 12 for s in (0, 1))
    cap = tuple((game_points - 2) if s in revoked else None for s in (0, 1))
    return RevokeOutcome((w[0], w[1]), (deducted[0], deducted[1]), (added[0], added[1]),
                         (slam[0], slam[1]), (cap[0], cap[1]))


def nullo_revoke_options(by_declarer: bool) -> list[str]:
    """000 «НУЛЛО»: the nullo declarer's opponents revoke -> he may give them three of his tricks or
    take 100 in honours; the declarer revokes -> they take 100 «как обычно»."""
    return ["100-penalty"] if by_declarer else ["give-three-tricks", "100-in-honours"]


# ================================================================== the director (straight bridge, laws mode)
class AuctionRevoke(RulingContext):
    """The context of a pending auction-bridge revoke ruling: the revoking side."""

    side: int


@dataclass
class StraightDirector(LawsDirector):
    """The laws state of one straight- or auction-bridge deal in laws mode: the pending ruling and its
    context (a dataclass of :mod:`~cardroom.games.oldbridge.straight_laws`, or :class:`AuctionRevoke`),
    the irregularities recorded, the revokes, the penalties in force, the revoke penalties chosen."""

    revokes: list[tuple[int, int]] = field(default_factory=list)  # (offending side, trick number)
    barred: set[int] = field(default_factory=set)  # seats that lost the right to double (B-11)
    exposed: dict[int, int] = field(default_factory=dict)  # seat -> exposed (penalty) cards, face up
    seen: int = 0  # cards shown before the make (B-10, waived): face up until played
    restriction: LeadRestriction | None = None
    early_lead: Card | None = None  # B-7: the eldest hand led before the doubling was over
    pone_needs_consent: bool = False
    revoke_how: str = "tricks"
    void: bool = False
    revoke_ruled: bool = False  # straight bridge: the England revoke ruling has been put
    revoke_choices: dict[int, str] = field(default_factory=dict)  # auction bridge: side -> its penalty

    def face_up_mask(self) -> int:
        m = self.seen
        for v in self.exposed.values():
            m |= v
        return m

    def snapshot(self) -> dict[str, Any]:
        return {"pending": None if self.pending is None else self.pending.to_dict(), "context": self.context,
                "revoke_ruled": self.revoke_ruled, "revoke_choices": dict(self.revoke_choices),
                "irregularities": tuple(i.to_text() for i in self.irregularities), "revokes": tuple(self.revokes),
                "barred": tuple(sorted(self.barred)), "exposed": tuple(sorted(self.exposed.items())),
                "seen": self.seen, "restriction": self.restriction, "early_lead": self.early_lead,
                "consent": self.pone_needs_consent, "how": self.revoke_how, "void": self.void}

    def view_fields(self) -> dict[str, Any]:
        return {
            "ruling": None if self.pending is None else self.pending.to_dict(),
            "irregularities": [i.to_text() for i in self.irregularities],
            "revokes": len(self.revokes),
            "face_up": [str(c) for c in cards_of_mask(self.face_up_mask())],
            "restriction": None if self.restriction is None else
            f"{self.restriction.mode} {'CDHS'[self.restriction.suit]} "
            f"({'either opponent' if self.restriction.seat < 0 else Seat(self.restriction.seat).letter}, "
            f"{self.restriction.law})",
        }


def parse_law_action(text: str) -> Irregular | RulingChoice | None:
    t = text.strip()
    if t.startswith("!"):
        return Irregular.from_text(t)
    if t.lower().startswith(("ruling ", "решение ")):
        return RulingChoice.from_text(t)
    return None


def random_irregular(state: Any, seat: Seat, rng: Any, others: Sequence[Seat] = ()) -> Any | None:
    """A computer player of ``state`` (a rubber of an old bridge in laws mode) acting irregularly
    (``--irregularities``): the first of a few random tries that the laws accept, or None. ``seat`` is the
    one to act; one of ``others`` (the computer players not to act) may try a call out of turn."""
    deal = state.deal
    if deal is None:
        return None
    hand = cards_of_mask(deal.hands[seat])
    tries = [f"!{seat.letter} make {rng.choice('CDHS')}", f"!{seat.letter} X", f"!{seat.letter} XX",
             f"!{seat.letter} ask"]
    if others:
        other = rng.choice(list(others)).letter
        tries += [f"!{other} {rng.randint(1, 3)}{rng.choice(('C', 'D', 'H', 'S', 'NT'))}", f"!{other} X"]
    if hand:
        tries += [f"!{seat.letter} {rng.choice(hand)}", f"!{seat.letter} expose {rng.choice(hand)}"]
    rng.shuffle(tries)
    for text in tries:
        try:
            action = state.parse_action(text)
            state.clone().apply(action)
        except CardroomError:
            continue
        return action
    return None
