"""The turn of a deal that a laws director may keep (:class:`LawsTurn`), apart from the laws package so that
a game's rules load without the laws (bench/instructions.py: the larger heap of an eager import of
:mod:`cardroom.core.laws` cost every collection of the garbage collector about 9 % of a bridge deal)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from cardroom.core.game import CHANCE

if TYPE_CHECKING:
    from cardroom.core.laws.director import LawsDirector


class LawsTurn:
    """The turn of a deal that is dealt by chance and kept by a laws director (``laws``, None outside laws
    mode): the chooser of a pending ruling first, chance in the deal phase (``DEAL_PHASE``), nobody once
    it is over (``OVER_PHASE``); else the game's own turn (:meth:`player_to_act`)."""

    DEAL_PHASE: ClassVar[object]
    OVER_PHASE: ClassVar[object]
    laws: LawsDirector | None
    phase: Any

    @property
    def to_act(self) -> int | None:
        if self.laws is not None and self.laws.pending is not None:
            return self.laws.pending.chooser
        if self.phase == self.DEAL_PHASE:
            return CHANCE
        if self.phase == self.OVER_PHASE:
            return None
        return self.player_to_act()

    def player_to_act(self) -> int | None:
        """The seat to act in a phase of play (no ruling pending, dealt, not over)."""
        raise NotImplementedError
