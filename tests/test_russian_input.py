"""Issue 14 point 5: what a Russian screen asks a person to type is Russian, and it reads back — euchre's
declarations, the words of laws mode (``!показать Кч``), the laws' numbers; the English is unchanged."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardroom.core.cards import Card, piquet_pack
from cardroom.games import load
from cardroom.games.euchre.rules import Discard, all_bids, read_declaration
from cardroom.i18n import shown_cards
from cardroom.i18n.catalogue import ENGINE_WORDS, LawRef, Phrase, law_number, law_title, laws_word
from cardroom.ui.render import renderer_for
from cardroom.ui.render.base import engine_text
from test_languages import foreign


def test_every_euchre_declaration_is_written_in_russian_and_reads_back() -> None:
    r = renderer_for(load("euchre"))
    for bid in all_bids():
        for lang in ("ru", "en"):
            text = r.typed(bid, lang)
            assert foreign(text, lang) == [], (bid, lang, text)
            d = read_declaration(text)
            kind = {"order up": "accept", "assist": "accept", "take up": "accept",
                    "take it from you": "take it"}.get(bid.kind, bid.kind)
            assert (d.kind, d.suit) == (kind, bid.suit), (bid, lang, text)


@given(st.sampled_from(piquet_pack()))
def test_a_discard_written_in_russian_reads_back(card: Card) -> None:
    # as the screen shows it (the terminal writes every line in its language's rank letters)
    text = shown_cards(renderer_for(load("euchre")).typed(Discard(card), "ru"), "ru")
    assert foreign(text, "ru") == []
    d = read_declaration(text)
    assert (d.kind, d.card) == ("discard", card)


@pytest.mark.parametrize("text", ["пас", "заказываю", "заказать", "помогаю", "принимаю", "отвергаю",
                                  "отвергнуть", "перехватываю", "перехватить", "один на ч", "назначаю ч",
                                  "снос 8п"])
def test_the_russian_words_the_error_and_the_notation_name_are_read(text: str) -> None:
    assert read_declaration(text).kind in ("pass", "accept", "turn down", "take it", "alone", "make", "discard")


def test_the_euchre_error_lists_russian_words_in_russian() -> None:
    from cardroom.core.errors import ParseError

    with pytest.raises(ParseError) as e:
        read_declaration("ыыы")
    assert e.value.reason is not None
    assert foreign(e.value.reason.text("ru"), "ru") == []
    assert "order up" in e.value.reason.text("en")  # the English unchanged
    for word in ("пас", "заказываю", "один на ч", "снос 8п"):
        assert word in e.value.reason.text("ru")


@pytest.mark.parametrize(("typed", "engine"), [
    ("показать Кч", "show KH"), ("снос 7п 8п 9п", "discard 7S 8S 9S"), ("пересдача", "misdeal"),
    ("открыть Дб", "expose QD"), ("замечание", "remark"), ("назвать ч", "mention H"), ("7п", "7S"),
    ("show KH", "show KH"), ("discard 7S 8S 9S", "discard 7S 8S 9S"), ("misdeal", "misdeal"),
    ("1H", "1H"), ("N 5D", "N 5D"),
])
def test_the_words_of_laws_mode_become_the_engines_words(typed: str, engine: str) -> None:
    assert engine_text(typed) == engine


def test_every_laws_word_has_a_russian_spelling_that_is_russian() -> None:
    words = {w for w in ENGINE_WORDS.values()}
    assert {"show", "discard", "misdeal", "expose", "remark", "correct"} <= words
    for w in words:
        ru = laws_word(w, "ru")
        assert foreign(ru, "ru") == [] and laws_word(w, "en") == w
        assert ENGINE_WORDS[ru] == w


def test_the_preferans_terminal_reads_russian_irregular_input() -> None:
    r = renderer_for(load("preferans", laws=True))

    class View:
        seat = 0

    a = r.irregular("показать Кч", View())
    assert (a.seat, a.text) == (0, "show KH")
    assert r.irregular("show KH", View()).text == "show KH"


def test_the_laws_numbers_in_each_language() -> None:
    assert law_number("preferans", "P2", "ru") == "правило 2"
    assert law_number("preferans", "P2", "en") == "P2"
    assert law_number("preferans", "D11.2", "ru") == "§11.2"
    assert law_number("euchre", "L59", "ru") == "закон 59"
    assert law_number("euchre", "L59", "en") == "L59"
    assert foreign(law_number("euchre", "L52b", "ru"), "ru") == []
    assert law_number("bridge", "X9", "ru") == "X9"  # no catalogue entry: the id
    assert law_title("preferans", "P5", "ru") == "Ренонс"
    assert law_title("euchre", "L62", "en") == "Revoke"
    assert law_title("preferans", "P99", "ru") is None


def test_a_sheet_reason_names_the_law_in_the_readers_language() -> None:
    why = Phrase("law_penalty", law=LawRef("preferans", "P2"), seat=1)
    assert str(why) == "law P2: penalty of seat 1"  # the records' English unchanged
    assert why.text("ru") == "правило 2: штраф игрока 1"
    import pickle

    assert pickle.loads(pickle.dumps(why)).text("ru") == why.text("ru")




def test_a_refusal_lists_the_open_declarations_in_the_readers_language() -> None:
    from cardroom.core.errors import Reason
    from cardroom.games.euchre.rules import ALONE, BID_ORDER_UP, BID_PASS, ActionsText, Bid

    legal = ActionsText([BID_PASS, BID_ORDER_UP, Bid(ALONE, Card.parse("JH").suit)])
    why = Reason("euchre.not_open", text="make S", seat="W", role=Reason("euchre.role_eldest"), legal=legal)
    assert why.text("en").endswith("allowed: pass, order up, alone at H")  # the engine's text, unchanged
    assert why.text("ru").endswith("можно: пас, заказываю, один на ♥")
    for word in ("пас", "заказываю", "один на ч"):
        assert read_declaration(word).kind in ("pass", "accept", "alone")
