"""Draw bridge (document 000, «ДРАВ-БРИДЖ»; digest §6.11): double dummy with each dummy in a holder.

"вместо того, чтобы раскладывать карты болвана лицевой стороной вверх на столе, каждый игрок получает
специальный держатель, в который помещает карты своего партнера так, чтобы противник не мог их видеть":
after the opening lead each player sees his own dummy (he put its cards into the holder) and never his
opponent's (:meth:`DrawBridgeDeal.exposed_dummies`). "По очереди болвана ходить в каждой взятке из держателя
вытягивается карта": the owner draws the card he chooses (the reading: a card drawn at random could not be
a revoke its owner is liable for, and "все четыре руки несут ответственность за ревоки"). "Все четыре руки
несут ответственность за ревоки": in laws mode a dummy's revoke is penalised by straight bridge's law B-9
like any other (:meth:`DrawBridgeDeal.laws_revoke_liable`). Everything else is double dummy's.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from cardroom.core.table import Seat
from cardroom.games.oldbridge.double_dummy import DoubleDummy, DoubleDummyDeal, DoubleDummyMatch


class DrawBridgeDeal(DoubleDummyDeal):
    """A double-dummy deal whose dummies are held by their owners, hidden from the opponent."""

    def exposed_dummies(self, player: int) -> tuple[Seat, ...]:
        """Only his own dummy, in its holder."""
        return (self.places[player].partner,)

    def laws_revoke_liable(self, seat: Seat) -> bool:
        """ "Все четыре руки несут ответственность за ревоки"."""
        return True


class DrawBridgeMatch(DoubleDummyMatch):
    deal_class = DrawBridgeDeal


class DrawBridge(DoubleDummy):
    """Draw bridge (document 000, «Драв-бридж»)."""

    name: ClassVar[str] = "draw-bridge"
    aliases: ClassVar[tuple[str, ...]] = ("драв-бридж",)
    title: ClassVar[Mapping[str, str]] = {"en": "Draw bridge", "ru": "Драв-бридж"}
    match_class = DrawBridgeMatch


__all__ = ["DrawBridge", "DrawBridgeDeal", "DrawBridgeMatch"]
