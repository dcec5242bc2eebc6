"""The actions of laws mode that are bridge's own: a claim or concession, and the reading of ``!…``,
``ruling …``, ``claim …`` and of a bid over seven."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from cardroom.core.errors import ParseError, Reason
from cardroom.core.game import Action
from cardroom.core.laws import Irregular, RulingChoice
from cardroom.core.table import Seat
from cardroom.games.bridge.calls import Call, Strain

if TYPE_CHECKING:
    pass


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
            raise ParseError(Reason("bridge.not_claim", text=text))
        try:
            n = int(parts[2])
        except ValueError:
            raise ParseError(Reason("bridge.claim_tricks", text=text, n=parts[2])) from None
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
