"""The context of each kind of ruling pending under the laws of contract bridge: what its handler needs
to carry out the option chosen. One frozen dataclass per kind; ``seat`` is the offender whose call or
card is in question (None where the ruling concerns no one call), ``waivable`` whether a call or card
by the chooser accepts the irregularity (L13)."""

from __future__ import annotations

from dataclasses import dataclass

from cardroom.core.cards import Card
from cardroom.core.laws import RulingContext
from cardroom.core.table import Seat
from cardroom.games.bridge.calls import Call
from cardroom.games.bridge.laws.actions import Claim


class Context(RulingContext):
    """The base of bridge's ruling contexts."""

    seat: Seat | None = None
    waivable: bool = False


# ---------------------------------------------------------------------- the auction
class OutOfTurnCall(Context):
    """L15-L18: a call out of turn; ``rel`` is whose turn it was (the offender's rho, partner or lho),
    ``ckind`` pass, bid or double; ``no_calls``/``no_bid``: before any call, before any bid."""

    seat: Seat
    call: Call
    rel: str
    ckind: str
    no_calls: bool
    no_bid: bool
    turn: Seat


class InsufficientBid(Context):
    seat: Seat
    call: Call


class InadmissibleDouble(Context):
    seat: Seat
    call: Call


class OverSeven(Context):
    seat: Seat


class BarredCall(Context):
    seat: Seat
    call: Call


class AuctionRemark(Context):
    seat: Seat


# ---------------------------------------------------------------------- the play
class PlayRemark(Context):
    """L5 in the play: ``target`` may not make the suggested lead or play (``suit`` or -1, card ``mask``)."""

    seat: Seat
    target: Seat
    suit: int
    mask: int


class DefenderLead(Context):
    seat: Seat
    card: Card


class DeclarerLead(Context):
    seat: Seat
    card: Card


class DeclarerEarly(Context):
    seat: Seat
    card: Card


class Premature(Context):
    """L25: the offender's partner ``target`` may be made to play highest, lowest or a suit."""

    target: Seat


class RevokeMade(Context):
    index: int  # in the director's revokes


class RevokeLater(Context):
    index: int
    penalty_card: bool


class LeadPenalty(Context):
    """L10 (and the laws that give its right): ``seat`` is the leader, ``source`` the laws."""

    seat: Seat
    source: str


class PenaltyCardSuit(Context):
    """L23: ``seat`` leads while his partner ``owner`` has penalty cards."""

    seat: Seat
    owner: Seat


class Designate(Context):
    """L23: declarer designates which of several penalty cards is played."""


class ClaimMade(Context):
    claim: Claim


class Shown(Context):
    seat: Seat


class Warned(Context):
    """L21b: a forfeited dummy warned declarer about the hand to lead from."""


# ---------------------------------------------------------------------- what the auction awaits
@dataclass(frozen=True)
class Substitute:
    """The offender must substitute a call for an insufficient bid (L9) or an inadmissible double (L18.3)."""

    seat: Seat
    kind: str  # "insufficient" or "inadmissible"
    call: Call


@dataclass(frozen=True)
class RhoWait:
    """L17c / L18.2: a call cancelled at the RHO's turn; what the RHO calls decides the rectification."""

    offender: Seat
    call: Call
    kind: str  # "bid" or "double"
    rho: Seat
