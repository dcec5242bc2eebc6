"""The euchre law table (document 003, Laws 22-116; the data in ``table.toml``) and the etiquette laws'
guidance."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardroom.core.errors import CardroomError, Reason
from cardroom.core.laws import LawTable

if TYPE_CHECKING:
    pass


SUITS = "CDHS"


TABLE = LawTable.load("cardroom.games.euchre.laws", "table.toml")


REQUIRE_OPTIONS = TABLE.law("L52b").options[:4]


ETIQUETTE = TABLE.law("L106").ruling_text


ETIQUETTE_LAWS = tuple(f"L{n}" for n in range(106, 117))


def guidance(number: int) -> dict[str, Any]:
    """An etiquette law (106–116): its text, shown as guidance; never a penalty."""
    law = TABLE.law(f"L{number}")
    if number not in range(106, 117):
        raise CardroomError(Reason("euchre.not_etiquette", number=number))
    return {"law": number, "title": law.title, "source": law.source, "is_law": False, "penalty": None,
            "remedy": "only to stop playing with those who systematically ignore it (Law 106)"}
