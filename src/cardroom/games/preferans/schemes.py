"""Schemes of preferans: the deal engine and the sheet that play a variant (``PrefVariant.scheme``).

"russian" is the pulka of document 004 §2–§9 (:class:`~cardroom.games.preferans.rules.PrefDeal`,
:class:`~cardroom.games.preferans.pulka.PulkaSheet`); a foreign variant with rules of its own names its
module's classes here (F2: ``foreign_f2.py``). Each is imported when a game of that scheme is made.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

from cardroom.core.errors import CardroomError, Reason

if TYPE_CHECKING:
    from cardroom.games.preferans.pulka import PulkaSheet
    from cardroom.games.preferans.rules import PrefDeal

SCHEMES: dict[str, tuple[str, str]] = {
    "russian": ("cardroom.games.preferans.rules:PrefDeal", "cardroom.games.preferans.pulka:PulkaSheet"),
    "f2": ("cardroom.games.preferans.foreign_f2:F2Deal", "cardroom.games.preferans.foreign_f2:F2Sheet"),
}


def _load(path: str) -> type:
    module, _, name = path.partition(":")
    cls: type = getattr(import_module(module), name)
    return cls


def scheme_classes(scheme: str) -> tuple[type[PrefDeal], type[PulkaSheet]]:
    """The deal class and the sheet class of ``scheme``."""
    if scheme not in SCHEMES:
        raise CardroomError(Reason("pref.unknown_scheme", scheme=scheme, known=", ".join(SCHEMES)))
    deal, sheet = SCHEMES[scheme]
    return _load(deal), _load(sheet)
