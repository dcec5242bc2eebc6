"""The laws framework: irregularities, the law tables, rulings, who chooses, the director's shared state
and the atomic apply (see :mod:`cardroom.core.laws.values` for the shape every game's laws follow).

* :mod:`~cardroom.core.laws.values`: the values (an irregularity, a law and its options, a ruling, the
  actions of laws mode, lead restrictions);
* :mod:`~cardroom.core.laws.table`: :class:`LawTable`, a game's laws as data (read from TOML);
* :mod:`~cardroom.core.laws.chooser`: :class:`Chooser`, who chooses, computed from :class:`Seats`;
* :mod:`~cardroom.core.laws.director`: :class:`LawsDirector` (the pending ruling and its typed context),
  :class:`HandlerRegistry` (the handlers of a table) and :func:`atomic` (a refused action leaves the
  state unchanged).

A game's laws are its table (data) and its handlers; its deal offers the handlers a small public port
(enter a call, enter a card, set the turn, take back a card) instead of its private fields.
"""

from cardroom.core.laws.chooser import Chooser, Seats
from cardroom.core.laws.director import (
    HandlerRegistry,
    LawsDirector,
    Restorable,
    RulingContext,
    atomic,
    turn_of,
)
from cardroom.core.laws.table import LawTable
from cardroom.core.laws.values import (
    FORBID,
    REQUIRE,
    Bar,
    Irregular,
    Irregularity,
    Law,
    LeadRestriction,
    Ruling,
    RulingChoice,
    RulingOption,
    penalty_card_plays,
    restrict_lead,
)

__all__ = [
    "FORBID",
    "REQUIRE",
    "Bar",
    "Chooser",
    "HandlerRegistry",
    "Irregular",
    "Irregularity",
    "Law",
    "LawTable",
    "LawsDirector",
    "LeadRestriction",
    "Restorable",
    "Ruling",
    "RulingChoice",
    "RulingContext",
    "RulingOption",
    "Seats",
    "atomic",
    "penalty_card_plays",
    "restrict_lead",
    "turn_of",
]
