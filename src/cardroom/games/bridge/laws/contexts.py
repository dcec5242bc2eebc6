"""The context of each kind of ruling pending under the laws of contract bridge: what its handler needs
to carry out the option chosen. One frozen dataclass per kind; ``seat`` is the offender whose call or
card is in question (None where the ruling concerns no one call), ``waivable`` whether a call or card
by the chooser accepts the irregularity (L13)."""

from __future__ import annotations

from dataclasses import dataclass

from cardroom.core.cards import Card
from cardroom.core.table import Seat
from cardroom.games.bridge.calls import Call
from cardroom.games.bridge.laws.actions import Claim


@dataclass(frozen=True, kw_only=True)
class Context:
    seat: Seat | None = None
    waivable: bool = False


# ---------------------------------------------------------------------- the auction
@dataclass(frozen=True, kw_only=True)
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


@dataclass(frozen=True, kw_only=True)
class InsufficientBid(Context):
    seat: Seat
    call: Call


@dataclass(frozen=True, kw_only=True)
class InadmissibleDouble(Context):
    seat: Seat
    call: Call


@dataclass(frozen=True, kw_only=True)
class OverSeven(Context):
    seat: Seat


@dataclass(frozen=True, kw_only=True)
class BarredCall(Context):
    seat: Seat
    call: Call


@dataclass(frozen=True, kw_only=True)
class AuctionRemark(Context):
    seat: Seat


# ---------------------------------------------------------------------- the play
@dataclass(frozen=True, kw_only=True)
class PlayRemark(Context):
    """L5 in the play: ``target`` may not make the suggested lead or play (``suit`` or -1, card ``mask``)."""

    seat: Seat
    target: Seat
    suit: int
    mask: int


@dataclass(frozen=True, kw_only=True)
class DefenderLead(Context):
    seat: Seat
    card: Card


@dataclass(frozen=True, kw_only=True)
class DeclarerLead(Context):
    seat: Seat
    card: Card


@dataclass(frozen=True, kw_only=True)
class DeclarerEarly(Context):
    seat: Seat
    card: Card


@dataclass(frozen=True, kw_only=True)
class Premature(Context):
    """L25: the offender's partner ``target`` may be made to play highest, lowest or a suit."""

    target: Seat


@dataclass(frozen=True, kw_only=True)
class RevokeMade(Context):
    index: int  # in the director's revokes


@dataclass(frozen=True, kw_only=True)
class RevokeLater(Context):
    index: int
    penalty_card: bool


@dataclass(frozen=True, kw_only=True)
class LeadPenalty(Context):
    """L10 (and the laws that give its right): ``seat`` is the leader, ``source`` the laws."""

    seat: Seat
    source: str


@dataclass(frozen=True, kw_only=True)
class PenaltyCardSuit(Context):
    """L23: ``seat`` leads while his partner ``owner`` has penalty cards."""

    seat: Seat
    owner: Seat


@dataclass(frozen=True, kw_only=True)
class Designate(Context):
    pass


@dataclass(frozen=True, kw_only=True)
class ClaimMade(Context):
    claim: Claim


@dataclass(frozen=True, kw_only=True)
class Shown(Context):
    seat: Seat


@dataclass(frozen=True, kw_only=True)
class Warned(Context):
    pass


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
