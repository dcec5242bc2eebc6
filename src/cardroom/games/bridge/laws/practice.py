"""Random irregular actions, for the terminal's ``--irregularities`` bots and the property tests."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardroom.core.cards import cards_of_mask
from cardroom.core.laws import Irregular
from cardroom.core.table import Seat
from cardroom.games.bridge.laws.actions import Claim

if TYPE_CHECKING:
    from cardroom.games.bridge.rules import BridgeDeal

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
