"""The bot of reversi bridge (games/oldbridge/reversi.py): the old bridges' bot playing to lose."""

from __future__ import annotations

from cardroom.bots.oldbridge import OldBridgeBot
from cardroom.core.cards import Card
from cardroom.games.oldbridge.calls import PASS, OldCall
from cardroom.games.oldbridge.rubber import OldSheet
from cardroom.games.oldbridge.rules import OldBridgeView


class ReversiBot(OldBridgeBot):
    """The old bridges' bot playing to lose tricks; it never doubles (a double raises what the makers'
    opponents score when they take tricks). The make is straight bridge's."""

    def play(self, view: OldBridgeView) -> Card:
        return self._duck(view, [c for c in view.legal if type(c) is Card])

    def double(self, view: OldBridgeView, sheet: OldSheet | None) -> OldCall:
        return PASS
