"""The catalogue: every text cardroom shows people, in English and Russian, below both the command
line (:mod:`cardroom.cli`) and the card room (:mod:`cardroom.room`).

:func:`t` looks a key up (``t("trick", "ru", n=4)``). Every text is in one data file, read by
:mod:`.catalogue`, in sections: the terminal's keys (:mod:`.terminal`), the parts of a position
(``pos.`` keys, rendered by :class:`Where`, :mod:`.where`), the card room's messages (shown by
``cardroom.room.messages.msg``) and the reasons of a preferans sheet (``why.`` keys; both :mod:`.room`),
and the reasons of a refusal (:class:`Reason`, carried by every ``CardroomError``). A key is in one
section only.
"""

from __future__ import annotations

import os
import re

from cardroom.i18n.catalogue import ERRORS, Reason, form, localized
from cardroom.i18n.room import MESSAGES, REASONS
from cardroom.i18n.terminal import TERMINAL
from cardroom.i18n.where import POSITIONS, Where

__all__ = ["ERRORS", "MESSAGES", "RANK_LETTERS", "SEAT_LETTERS", "SEAT_NAMES", "STRINGS", "Reason", "Where",
           "default_lang", "shown_cards", "t"]

STRINGS: dict[str, dict[str, str]] = {
    **TERMINAL,
    **{f"pos.{k}": v for k, v in POSITIONS.items()},
    **{f"why.{k}": v for k, v in REASONS.items()},
}
"""Every key :func:`t` knows (the room's messages are :data:`MESSAGES`, shown by their own ``msg``)."""

SEAT_NAMES = {
    "en": {"N": "North", "E": "East", "S": "South", "W": "West"},
    "ru": {"N": "Север", "E": "Восток", "S": "Юг", "W": "Запад"},
}
SEAT_LETTERS = {
    "en": {"N": "N", "E": "E", "S": "S", "W": "W"},
    "ru": {"N": "С", "E": "В", "S": "Ю", "W": "З"},
}
"""A seat by its initial, as a column head or a list of cards by seat writes it (the room's ``SEATS_RU``)."""


def default_lang() -> str:
    """The language of the environment (``CARDROOM_LANG``, else ``LANG``): "ru" or "en"."""
    lang = os.environ.get("CARDROOM_LANG") or os.environ.get("LANG", "")
    return "ru" if lang.lower().startswith("ru") else "en"


def t(key: str, lang: str, **kw: object) -> str:
    """The text ``key`` in ``lang`` (English when the language is unknown), formatted with ``kw``; a
    parameter that writes itself in a language (an engine's error, a reason, a position) in ``lang`` too."""
    return form(STRINGS[key], lang).format(**{k: localized(v, lang) for k, v in kw.items()})


RANK_LETTERS = ("J", "Q", "K", "A")
"""The ranks written by a letter; each language's letter is the catalogue's ``card.rank.<letter>``."""
_SHOWN_CARD = re.compile(r"([♠♥♦♣])((?:10|[2-9JQKA])+)|(?<![\w])([JQKA])(?=[♠♥♦♣])")
"""A card as the screens write it (docs/notation.md): a suit symbol and ranks (``♠A``, a suit of a hand
``♠AQ10``), or a rank letter before its suit symbol (``A♠``)."""


def shown_cards(text: str, lang: str) -> str:
    """``text`` (a screen, written with the cards' symbols and Latin ranks, ``♠AQ10``, ``K♦``) with the rank
    letters of ``lang`` — a Russian screen writes ``♠ТД10``, ``К♦`` (Т К Д В, the catalogue's ``card.rank.*``) —
    so that a screen is in one language, and what it shows reads back as the same card."""
    if lang == "en":
        return text
    letters = {r: t(f"card.rank.{r}", lang) for r in RANK_LETTERS}

    def one(m: re.Match[str]) -> str:
        if m.group(3) is not None:
            return letters[m.group(3)]
        return m.group(1) + "".join(letters.get(c, c) for c in m.group(2))

    return _SHOWN_CARD.sub(one, text)
