"""What people read and type: the terminal front-end (:mod:`cardroom.ui.terminal`) and the per-game
text renderers (:mod:`cardroom.ui.render`); the catalogue of texts is :mod:`cardroom.i18n`."""

from __future__ import annotations

from cardroom.ui.terminal import TerminalPlayer, play

__all__ = ["TerminalPlayer", "play"]
