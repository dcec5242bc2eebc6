from __future__ import annotations

import pytest

from cardroom.core.errors import CardroomError, ParseError
from cardroom.core.laws import Irregularity, Law, LawTable, RulingChoice, RulingOption


def _table() -> LawTable:
    # Document 002, L30 (revoke penalty), in outline: two tricks transferred for an established revoke.
    t = LawTable()
    t.add(Law("L30", "Revoke penalty", ("revoke",),
              (RulingOption("two-tricks", "two tricks won by the offending side after the revoke are transferred"),),
              chooser="non-offending side", lapses="when the cards are mixed", source="002 L30"))
    t.add(Law("L24", "Lead out of turn", ("lead-out-of-turn",),
              (RulingOption("accept", "the lead stands"), RulingOption("retract", "the card is taken back")),
              chooser="declarer"))
    return t


def test_irregularity_finds_its_law_and_options() -> None:
    r = _table().ruling(Irregularity("lead-out-of-turn", offender=1, trick=3))
    assert r.law.number == "L24" and [o.name for o in r.options] == ["accept", "retract"]
    choice = r.choose("retract")
    assert choice == RulingChoice("L24", "retract")
    assert RulingChoice.from_text(choice.to_text()) == choice


def test_unknown_kind_or_option_is_a_clear_error() -> None:
    with pytest.raises(CardroomError, match="no law governs"):
        _table().ruling(Irregularity("exposed-card", offender=0))
    r = _table().ruling(Irregularity("revoke", offender=2))
    with pytest.raises(CardroomError, match="offers no option 'three-tricks'"):
        r.choose("three-tricks")
    with pytest.raises(ParseError):
        RulingChoice.from_text("ruling L30")


def test_irregularity_text_names_offender_and_trick() -> None:
    text = Irregularity("revoke", offender=2, detail="4S on a heart lead", trick=3).to_text()
    assert "revoke" in text and "seat 2" in text and "trick 3" in text and "4S" in text
