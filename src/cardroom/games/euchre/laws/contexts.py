"""The context of each kind of ruling pending under the euchre laws: what its handler needs to carry
out the option chosen (one frozen dataclass per kind). ``seat`` is the player the option concerns: the
offender, or the partner who must win or lose the trick."""

from __future__ import annotations

from cardroom.core.cards import Card
from cardroom.core.laws import RulingContext
from cardroom.core.table import Seat


class Context(RulingContext):
    seat: Seat


class LeadOutOfTurn(Context):
    """Law 52: the card led out of turn."""

    card: Card


class SuitCall(Context):
    """Law 52 (second part): a suit is called from the leader of the offending side."""


class ExposedCall(Context):
    """Law 46: the holder's exposed cards may be called."""


class TwoCards(Context):
    """Law 46 I: two cards played at once; the adversaries choose the one played."""


class PlayRequirement(Context):
    """Laws 59, 83, 89: the player may be required to play highest, lowest, to win or to lose."""


class RevokeMade(Context):
    """Law 62: a revoke, corrected (Law 69) or let stand; ``trick`` is the revoke's."""

    card: Card
    trick: int


class LateOrder(Context):
    """Law 80: an order or assist after passing."""


class LateAlone(Context):
    """Law 97: alone declared after naming the trump."""


class PartnerPlays(Context):
    """Law 100: the lone player's partner plays a card."""

    card: Card
