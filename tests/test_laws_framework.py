from __future__ import annotations

import pytest

from cardroom.core.errors import CardroomError, ParseError
from cardroom.core.laws import Chooser, Irregularity, Law, LawTable, RulingChoice, RulingOption


def _table() -> LawTable:
    # Document 002, L30 (revoke penalty), in outline: two tricks transferred for an established revoke.
    t = LawTable()
    t.add(Law("L30", "Revoke penalty", ("revoke",),
              (RulingOption("two-tricks", "two tricks won by the offending side after the revoke are transferred"),),
              chooser=Chooser.NON_OFFENDER, lapses="when the cards are mixed", source="002 L30"))
    t.add(Law("L24", "Lead out of turn", ("lead-out-of-turn",),
              (RulingOption("accept", "the lead stands"), RulingOption("retract", "the card is taken back")),
              chooser=Chooser.DECLARER))
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


def test_ruling_narrows_the_options_and_lists_them_as_actions() -> None:
    from cardroom.core.laws import RulingChoice

    r = _table().ruling(Irregularity("lead-out-of-turn", offender=3), chooser=2, entitled=(2,), offered=["retract"])
    assert [o.name for o in r.options] == ["retract"] and r.actions() == [RulingChoice("L24", "retract")]
    assert r.to_dict()["options"][0]["action"] == "ruling L24 retract" and r.to_dict()["chooser"] == 2
    with pytest.raises(CardroomError, match="offers no option 'accept' here"):
        r.choose("accept")
    with pytest.raises(CardroomError, match="offers no option 'nonsense'"):
        _table().ruling(Irregularity("lead-out-of-turn", offender=3), offered=["nonsense"])
    with pytest.raises(CardroomError, match="already in the table"):
        _table().add(Law("L24", "again", ("x",)))
    assert _table().law("L30").title == "Revoke penalty" and len(_table()) == 2


def test_irregular_action_text_round_trip_and_seat_labels() -> None:
    from dataclasses import dataclass
    from typing import ClassVar

    from cardroom.core.laws import Irregular

    a = Irregular(3, "8D")
    assert a.to_text() == "!W 8D" and Irregular.from_text("!w 8D") == a and Irregular.from_text("! W: 8D") == a
    e = Irregular.from_text("!E expose KH 3C")
    assert e.word == "expose" and e.arg == "KH 3C"
    for bad in ("W 8D", "!", "!X 8D", "!W"):
        with pytest.raises(ParseError):
            Irregular.from_text(bad)

    @dataclass(frozen=True)
    class Numbered(Irregular):
        labels: ClassVar[str] = "012"

    n = Numbered.from_text("!2 7S")
    assert n.seat == 2 and n.to_text() == "!2 7S"
    with pytest.raises(ParseError):
        Numbered(3, "7S")


def test_restrictions_narrow_the_legal_plays() -> None:
    from cardroom.core.laws import FORBID, REQUIRE, Bar, LeadRestriction, penalty_card_plays, restrict_lead

    legal = [1, 2, 14, 27]  # two clubs, a diamond, a heart (suit = card // 13)
    suit = int.__floordiv__
    assert restrict_lead(legal, LeadRestriction(0, 0, REQUIRE), lambda c: suit(c, 13)) == [1, 2]
    assert restrict_lead(legal, LeadRestriction(0, 0, FORBID), lambda c: suit(c, 13)) == [14, 27]
    assert restrict_lead(legal, LeadRestriction(0, 3, REQUIRE), lambda c: suit(c, 13)) == legal  # cannot comply
    assert restrict_lead(legal, None, lambda c: suit(c, 13)) == legal
    assert penalty_card_plays(legal, [14, 40]) == [14] and penalty_card_plays(legal, [40]) == legal
    with pytest.raises(CardroomError):
        LeadRestriction(0, 0, "maybe")
    assert "every turn" in Bar(1).describe() and "next turn" in Bar(1, 1, "L12").describe()
    with pytest.raises(CardroomError):
        RulingOption("two words", "x")
