"""The bridges' calls in both languages (docs/notation.md, "Bridge calls"): every call's Russian and English
text reads back as the same call, the Russian one has no Latin letter, the words of the table parse as the
page says, and a Russian text that names no call is refused with the call notation's reason."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardroom.core.errors import ParseError
from cardroom.games.bridge.auction import AuctionCall
from cardroom.games.bridge.calls import ALL_CALLS, DOUBLE, PASS, REDOUBLE, Call, Strain
from cardroom.games.oldbridge.calls import ALL_CALLS as OLD_CALLS
from cardroom.games.oldbridge.calls import LEAVE, Denom, OldCall

_LATIN = re.compile(r"[A-Za-z]")
_CYRILLIC = re.compile(r"[А-Яа-яЁё]")


@pytest.mark.parametrize("calls", [ALL_CALLS, OLD_CALLS], ids=["contract", "old"])
def test_every_call_reads_back_from_its_text_in_both_languages(calls: tuple[AuctionCall, ...]) -> None:
    kind = type(calls[0])
    for call in calls:
        ru, en = call.text("ru"), call.text("en")
        assert kind.parse(ru) == call, (call, ru)
        assert kind.parse(en) == call, (call, en)
        assert not _LATIN.search(ru), ru
        assert not _CYRILLIC.search(en), en
        assert kind.parse(call.shown("ru").upper()) == call  # case does not matter
    assert len({c.text("ru") for c in calls}) == len(calls)  # no two calls written alike


@pytest.mark.parametrize(("text", "call"), [
    ("пас", PASS), ("контра", DOUBLE), ("реконтра", REDOUBLE), ("х", DOUBLE), ("ХХ", REDOUBLE),
    ("1♥", Call.bid(1, Strain.HEARTS)), ("1 черва", Call.bid(1, Strain.HEARTS)), ("1ч", Call.bid(1, Strain.HEARTS)),
    ("2 пики", Call.bid(2, Strain.SPADES)), ("3 бубны", Call.bid(3, Strain.DIAMONDS)),
    ("4 трефы", Call.bid(4, Strain.CLUBS)), ("4 крести", Call.bid(4, Strain.CLUBS)), ("4т", Call.bid(4, Strain.CLUBS)),
    ("3БК", Call.bid(3, Strain.NOTRUMP)), ("3 б/к", Call.bid(3, Strain.NOTRUMP)),
    ("3 без козыря", Call.bid(3, Strain.NOTRUMP)), ("3NT", Call.bid(3, Strain.NOTRUMP)),
])
def test_the_pages_contract_bridge_spellings(text: str, call: Call) -> None:
    assert Call.parse(text) == call


@pytest.mark.parametrize(("text", "call"), [
    ("2 кор♠", OldCall.bid(2, Denom.ROYAL)), ("2 кор", OldCall.bid(2, Denom.ROYAL)),
    ("2 кп", OldCall.bid(2, Denom.ROYAL)), ("2 королевские пики", OldCall.bid(2, Denom.ROYAL)),
    ("3 нулло", OldCall.bid(3, Denom.NULLO)), ("2БК", OldCall.bid(2, Denom.NOTRUMP)),
    ("1 черва", OldCall.bid(1, Denom.HEARTS)), ("назначаю ♥", OldCall.make(2)), ("назначаю черви", OldCall.make(2)),
    ("назначаю БК", OldCall.make(4)), ("ч", OldCall.make(2)), ("оставляю", LEAVE),
    ("удваиваю", OldCall.parse("X")), ("переудваиваю", OldCall.parse("XX")),
])
def test_the_pages_old_bridge_spellings(text: str, call: OldCall) -> None:
    assert OldCall.parse(text) == call


@given(st.text(alphabet="абвгдежзиклмнопрстуфхцчшщыэюя♠♥♦♣/ 0123456789", min_size=1, max_size=10))
def test_a_russian_text_is_a_call_or_a_clear_refusal(text: str) -> None:
    """Any text of the Russian notation's letters is a call or refused with a ParseError (whose reason has
    a Russian text), never another exception; a call read is the same in any case and spacing."""
    for kind in (Call, OldCall):
        try:
            call = kind.parse(text)
        except ParseError as e:
            assert not _LATIN.search(e.text("ru").replace(repr(text), "")), e.text("ru")
            continue
        assert kind.parse(f"  {text.upper()} ") == call
