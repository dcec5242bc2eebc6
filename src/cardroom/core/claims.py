"""Claims outside laws mode: one mechanism for every game with tricks (issue 14, point 11).

A player in the play claims ``n`` of the tricks still to be played (the trick in progress included);
the opponents accept or reject (the card room asks them: :mod:`cardroom.room.claims`). An accepted
claim is an action of the match, :class:`ClaimSettled` (``claimed SEAT N``, the seat a number): the
deal ends at once with the claimer's side credited ``n`` tricks and the other side the rest; it is
stored and replayed like any action, so a record with a claim replays to the same state. A rejected
claim leaves no trace: play goes on.

A deal takes part through :class:`Claimable`, a mixin beside :class:`~cardroom.core.tricks.TrickPlay`
whose defaults serve the two-sided games; a game says only when its play is on
(:meth:`Claimable.claim_in_play`), how its deal ends (:meth:`Claimable.claim_finish`), who may not
claim (:meth:`Claimable.claim_refusal`), how its remaining tricks are shared when there are more than
two sides (:meth:`Claimable.claim_credit`), and what its open-hand solver says of a claim
(:meth:`Claimable.claim_best`). Laws mode has its own claims where the laws define them (bridge's
L68–L71); this mechanism is the casual table's.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

from cardroom.core.errors import IllegalAction, Reason
from cardroom.core.game import Worded, digits

CLAIM_WORD = "claimed"


@dataclass(frozen=True)
class ClaimSettled(Worded):
    """An accepted claim: seat ``seat``'s side takes ``tricks`` of the remaining tricks, the others the
    rest, and the deal ends."""

    seat: int
    tricks: int
    WORDS: ClassVar[tuple[str, ...]] = (CLAIM_WORD,)
    READERS: ClassVar[tuple[Callable[[str], Any], ...]] = (digits, digits)
    NOT_ONE: ClassVar[str] = "claim.not_claim"


def reads(text: str) -> bool:
    """Whether ``text`` is the text of a :class:`ClaimSettled`."""
    return text.strip().lower().startswith(CLAIM_WORD + " ")


def claimable(deal: Any) -> bool:
    """Whether a deal takes claims (its class mixes :class:`Claimable` in)."""
    return isinstance(deal, Claimable)


class Claimable:
    """The claims of a deal that plays tricks (mixed in beside :class:`~cardroom.core.tricks.TrickPlay`,
    whose fields it reads: ``hands``, ``tricks``, ``trick``, ``won``, ``credit``, ``after``, ``next_seat``,
    ``TRICKS``)."""

    hands: list[int]
    tricks: list[Any]
    trick: list[Any]
    won: list[int]
    credit: Any
    after: Any
    next_seat: Any
    TRICKS: ClassVar[int]

    # ------------------------------------------------------------ what a game says
    def claim_in_play(self) -> bool:
        """Whether the trick play is on (a claim is possible only then)."""
        raise NotImplementedError

    def claim_finish(self) -> None:
        """End the deal after :meth:`claim_credit` (its phase over, its result ready)."""
        raise NotImplementedError

    def claim_refusal(self, seat: int) -> Reason | None:
        """Why ``seat`` may not claim now (None: it may)."""
        if not self.claim_in_play():
            return Reason("claim.not_in_play")
        if seat not in self.claim_seats():
            return Reason("claim.not_playing", seat=seat)
        return None

    def claim_credit(self, seat: int, tricks: int, rest: int) -> None:
        """Credit ``tricks`` to ``seat``'s side and ``rest`` to the other side (two sides)."""
        side = self.credit[seat]
        self.won[side] += tricks
        self.won[1 - side] += rest

    def claim_best(self, seat: int) -> int | None:
        """The tricks ``seat``'s side takes from here on (the trick in progress included) under best play
        with every card in view, by the game's solver; None where no solver answers."""
        return None

    def claim_minimizes(self, seat: int) -> bool:
        """Whether ``seat``'s side wants few tricks (a misère, a nullo): its claim is then a promise of at
        most so many."""
        return False

    # ------------------------------------------------------------ the mechanism
    def claim_remaining(self) -> int:
        """The tricks still to be played, the trick in progress included."""
        return self.TRICKS - len(self.tricks)

    def claim_seats(self) -> tuple[int, ...]:
        """The seats in the play, from the hand to play on."""
        first = self.next_seat
        seats = [int(first)]
        s = self.after[first]
        while s != first and len(seats) < len(self.hands):
            seats.append(int(s))
            s = self.after[s]
        return tuple(sorted(seats))

    def claim_opponents(self, seat: int) -> tuple[int, ...]:
        """The seats in the play on another side than ``seat``'s: those who accept or reject its claim."""
        side = self.credit[seat]
        return tuple(s for s in self.claim_seats() if self.credit[s] != side)

    def claim_hand(self, seat: int) -> int:
        """The cards ``seat`` still holds (shown to its opponents while its claim is pending)."""
        return self.hands[seat]

    def claim_correct(self, seat: int, tricks: int) -> bool | None:
        """Whether the claim holds against any defence (the solver's answer), None when none answers."""
        best = self.claim_best(seat)
        if best is None:
            return None
        return best <= tricks if self.claim_minimizes(seat) else best >= tricks

    def check_claim(self, seat: int, tricks: int) -> None:
        """Raise :class:`IllegalAction` unless ``seat`` may claim ``tricks`` now."""
        why = self.claim_refusal(seat)
        if why is not None:
            raise IllegalAction(why)
        remaining = self.claim_remaining()
        if not 0 <= tricks <= remaining:
            raise IllegalAction(Reason("claim.tricks", tricks=tricks, remaining=remaining))

    def end_by_claim(self, seat: int, tricks: int) -> None:
        """An accepted claim: credit the tricks, end the deal (:class:`IllegalAction`, unchanged, when
        ``seat`` may not claim ``tricks`` now)."""
        self.check_claim(seat, tricks)
        rest = self.claim_remaining() - tricks
        self.claim_credit(seat, tricks, rest)
        self.trick = []
        self.claim_finish()
