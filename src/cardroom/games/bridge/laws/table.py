"""The law table of contract bridge (document 002, L1-L36; the data in ``table.toml``) and the names of
its lead-penalty options."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from cardroom.core.laws import FORBID, REQUIRE, LawTable
from cardroom.games.bridge.calls import Strain

if TYPE_CHECKING:
    pass


SUIT_LETTERS = "CDHS"


TABLE = LawTable.load("cardroom.games.bridge.laws", "table.toml")


def _suit_index(text: str) -> int:
    t = text.strip().upper()
    if t in ("C", "D", "H", "S"):
        return "CDHS".index(t)
    return int(Strain.parse(t)) if Strain.parse(t) is not Strain.NOTRUMP else -1


def all_lead_option_names(suits: Sequence[int] = (0, 1, 2, 3), modes: Sequence[str] = (REQUIRE, FORBID)) -> \
        tuple[str, ...]:
    return tuple(f"{m}-{SUIT_LETTERS[s]}" for m in modes for s in suits)


def _l25_options() -> list[str]:
    return ["highest", "lowest", *(f"suit-{s}" for s in SUIT_LETTERS), "waive"]
