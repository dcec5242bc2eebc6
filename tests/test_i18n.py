"""The catalogue (cardroom.i18n): structured positions, one table per key, the room's messages on it."""

from __future__ import annotations

import random

import pytest

from cardroom.core.cards import Card
from cardroom.core.errors import CardroomError, ParseError, RecordError
from cardroom.core.game import CHANCE, Game, State
from cardroom.games import load
from cardroom.i18n import ERRORS, MESSAGES, STRINGS, Reason, Where, t
from cardroom.i18n.catalogue import SECTIONS
from cardroom.i18n.room import REASONS
from cardroom.i18n.terminal import TERMINAL
from cardroom.i18n.where import POSITIONS
from cardroom.room.engine import RoomError


def test_where_renders_its_parts_in_each_language() -> None:
    where = Where("deal_n", n=3) + Where("trick_n", n=4)
    assert where.text() == str(where) == "deal 3, trick 4"
    assert where.text("ru") == "сдача 3, взятка 4"
    assert where.text("de") == "deal 3, trick 4"  # an unknown language reads English
    assert where.keys == ("deal_n", "trick_n") and where.params() == {"n": 4}
    assert where == Where("deal_n", n=3) + Where("trick_n", n=4) != Where("deal_n", n=3) + Where("trick_n", n=5)
    assert len({where, Where("deal_n", n=3) + Where("trick_n", n=4)}) == 1
    assert Where("recut", seats="N S").text("ru") == "снятие для сдачи (снова снимают N S)"
    assert Where().text() == "" and Where() + where == where
    # texts are remembered by their parts; a parameter that cannot be hashed is written each time
    assert where.text("ru") is where.text("ru")  # the last ones written are kept (least recently used out)
    assert Where("recut", seats=["N", "S"]).text() == "the cut for the deal (recut by ['N', 'S'])"
    with pytest.raises(KeyError, match="no position part 'trick'"):
        Where("trick", n=1)


def random_play(game: Game, seed: int, steps: int) -> tuple[list[Where], State]:
    """A random match of ``game`` (at most ``steps`` actions): its positions in order (each once in a
    row; each one's English text checked to be the state's ``position()``) and the last state."""
    state = game.new_initial_state()
    rng = random.Random(seed)
    seen: list[Where] = []
    for _ in range(steps):
        where = state.where()
        assert where.text() == state.position()
        if not seen or seen[-1] != where:
            seen.append(where)
        if state.is_over:
            break
        if state.to_act == CHANCE:
            state.play_chance(rng)
        else:
            state.apply(rng.choice(list(state.legal_actions())))
    return seen, state


@pytest.mark.parametrize(("name", "first", "second", "third"), [
    ("bridge", Where("draw"), Where("deal_n", n=1) + Where("the_deal"),
     Where("deal_n", n=1) + Where("auction") + Where("call_n", n=1)),
    ("auction-bridge", Where("the_cut"), Where("deal_n", n=1) + Where("the_deal"),
     Where("deal_n", n=1) + Where("auction") + Where("call_n", n=1)),
    ("straight-bridge", Where("the_cut"), Where("deal_n", n=1) + Where("the_deal"),
     Where("deal_n", n=1) + Where("auction") + Where("call_n", n=1)),
    ("preferans", Where("deal_n", n=1) + Where("deal"), Where("deal_n", n=1) + Where("auction"), None),
    ("euchre", Where("cut"), Where("game_n", n=1) + Where("hand_n", n=1) + Where("the_deal"),
     Where("game_n", n=1) + Where("hand_n", n=1) + Where("making_trump") + Where("first_round")
     + Where("call_n", n=1)),
])
def test_every_match_gives_its_position_as_a_structure(name: str, first: Where, second: Where,
                                                       third: Where | None) -> None:
    seen, _ = random_play(load(name), 1, 3000)
    assert seen[:2] == [first, second]
    assert third is None or seen[2] == third
    if name == "preferans":  # random declarations end every deal of this pulka before its play
        assert seen[-1].keys == ("deal_n", "over") and seen[-1].text("ru").endswith("сдача окончена")
        return
    tricks = [dict(w.parts[-1][1])["n"] for w in seen if w.keys[-1] == "trick_n"]
    assert tricks[:3] == [1, 2, 3]  # play is reached, and numbered


def test_a_refusal_names_the_position_in_the_readers_language() -> None:
    where = Where("deal_n", n=2) + Where("auction") + Where("call_n", n=5)
    e = RoomError(409, "illegal", action="XX", where=where, legal="pass, 1C")
    assert str(e) == "'XX' is not allowed now (deal 2, auction, call 5); allowed: pass, 1C"
    assert e.text("ru") == "'XX' сейчас нельзя (сдача 2, торговля, заявка 5); можно: pass, 1C"


def test_each_text_is_in_one_table_only() -> None:
    """A key lives in one table; the same English and Russian pair is not written twice across the
    terminal's, the positions', the sheet reasons' and the room's tables."""
    tables = {"terminal": TERMINAL, "positions": POSITIONS, "reasons": REASONS, "messages": MESSAGES,
              "errors": ERRORS}
    assert tables == SECTIONS  # one data structure: every table is a section of the catalogue's file
    assert len(STRINGS) == len(TERMINAL) + len(POSITIONS) + len(REASONS)
    owner: dict[tuple[str, str], str] = {}
    twice = []
    for table, entries in tables.items():
        for key, forms in entries.items():
            assert set(forms) == {"en", "ru"}, (table, key)
            pair = (forms["en"], forms["ru"])
            if owner.setdefault(pair, table) != table:
                twice.append((owner[pair], table, key))
    assert twice == []
    assert t("pos.trick_n", "ru", n=4) == "взятка 4" and t("why.made", "en", level="6♠") == "6♠ made"


def test_an_engines_refusal_carries_its_key_and_is_translated_by_it() -> None:
    """An error made from a reason keeps the English text it always had; the room writes it in the
    reader's language from its key and parameters, not by parsing the English back."""
    with pytest.raises(ParseError) as caught:
        Card.parse("ZZ")
    e = caught.value
    assert str(e) == e.text() == e.text("de") == "not a card: 'ZZ' (expected rank and suit, e.g. AS, 10H, ♠A)"
    assert (e.key, dict(e.params)) == ("card.expected", {"text": "ZZ"})
    assert e.text("ru") == "не карта: 'ZZ' (ожидаются достоинство и масть, напр. Тп, 10ч, Дк, ♠Т; туз — Т, крести — к)"
    room = RoomError(400, "unreadable", action="ZZ", why=e)
    assert str(room) == "cannot read 'ZZ': not a card: 'ZZ' (expected rank and suit, e.g. AS, 10H, ♠A)"
    assert room.text("ru") == ("не понимаю 'ZZ': не карта: 'ZZ' (ожидаются достоинство и масть, напр. Тп, 10ч, Дк, "
                               "♠Т; туз — Т, крести — к)")
    # the terminal's texts write it in the reader's language too
    assert t("unreadable", "ru", what="ZZ", why=e) == ("Не понимаю 'ZZ': не карта: 'ZZ' (ожидаются достоинство и "
                                                       "масть, напр. Тп, 10ч, Дк, ♠Т; туз — Т, крести — к)")
    # prose not converted yet stays English in every language, with no key
    prose = CardroomError("something plain")
    assert (str(prose), prose.text("ru"), prose.key, dict(prose.params)) == ("something plain",) * 2 + ("", {})
    # a record error names where it happened in front of the reason, in each language
    rec = RecordError(Reason("record.utf8"), where="x.json")
    assert (str(rec), rec.text("ru"), rec.detail) == ("x.json: the file is not UTF-8 text",
                                                      "x.json: файл — не текст UTF-8", "the file is not UTF-8 text")
    with pytest.raises(KeyError, match=r"no reason 'no\.such'"):
        Reason("no.such")


def test_every_reason_renders_in_both_languages_with_the_same_parameters() -> None:
    """Each reason's Russian form asks only for parameters a raise site gives to its English form
    (a Russian form may write a parameter of its own kind, such as a suit's symbol, named in ``ERRORS``)."""
    import string

    def fields(text: str) -> set[str]:
        return {f for _, f, _, _ in string.Formatter().parse(text) if f}

    extra = {"deal.hand_rank": {"sym"}, "dds.revoke": {"sym"}}
    for key, forms in ERRORS.items():
        assert set(forms) == {"en", "ru"}, key
        assert fields(forms["ru"]) <= fields(forms["en"]) | extra.get(key, set()), key


def test_a_sheet_reason_is_a_phrase_translated_by_its_key() -> None:
    """A preferans sheet's reason is its English text (records and sheets compare as before) that keeps
    its key and parameters through copies and pickles; the room translates it from them."""
    import copy
    import pickle

    from cardroom.i18n.catalogue import Phrase
    from cardroom.room.messages import localize_sheet

    p = Phrase("on_down", level=7, n=1, why=Phrase.joined([Phrase("tricks", n=2), Phrase("consolation")]))
    assert isinstance(p, str) and p == "on a 7 down 1: 2 trick(s), consolation" and str(p) == p
    assert (p.key, p.params["level"]) == ("on_down", 7)
    assert p.text("ru") == "7 без 1: взяток 2, консоляция" and p.text("de") == p
    for again in (copy.deepcopy(p), pickle.loads(pickle.dumps(p))):
        assert isinstance(again, Phrase) and again == p and again.text("ru") == p.text("ru")
    sheet = {"lines": [{"reason": p}, {"reason": "written by hand"}, {"points": 1}]}
    assert localize_sheet(sheet, "ru")["lines"] == [{"reason": "7 без 1: взяток 2, консоляция"},
                                                    {"reason": "written by hand"}, {"points": 1}]
    assert localize_sheet(sheet, "en") is sheet
    with pytest.raises(KeyError):
        Phrase("no_such_reason")


def test_the_catalogue_names_each_key_once() -> None:
    """A key written twice in catalogue.json is silently the later one: two texts with different parameters
    would be one (a merge once left two meanings of ``club.cut_twice``)."""
    import json
    from pathlib import Path

    import cardroom.i18n

    twice: list[str] = []

    def pairs(items: list[tuple[str, object]]) -> dict[str, object]:
        keys = [k for k, _ in items]
        twice.extend(sorted({k for k in keys if keys.count(k) > 1}))
        return dict(items)

    path = Path(cardroom.i18n.__file__).parent / "catalogue.json"
    json.loads(path.read_text(encoding="utf-8"), object_pairs_hook=pairs)
    assert twice == []
