"""Random irregular actions, for property tests and the terminal's computer players."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardroom.core.cards import cards_of_mask
from cardroom.core.laws import Irregular
from cardroom.core.table import Seat
from cardroom.games.euchre.laws.base import _d, base_plays
from cardroom.games.euchre.laws.table import SUITS

if TYPE_CHECKING:
    from cardroom.games.euchre.rules import EuchreHand


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
