"""Player names at the card room (issue 12, point 11): what a person may call themselves.

A name is NFC-normalised and trimmed, at most :data:`MAX_NAME` characters, has no control, format
(bidirectional overrides, zero-width characters), surrogate, private-use or unassigned code point, no
line or paragraph separator and no letter that shows as nothing, and is not one of the names the room
writes itself: ``bot <seat>`` (``Room.add_bots``; the browser shows it as «бот …» in Russian) and
``player <n>`` (a person who gave no name; «игрок n»). The reserved forms are compared
case-insensitively, after NFKC, with runs of spaces collapsed and Cyrillic and Greek letters that look
like Latin ones read as Latin, in English and Russian. A person's own default ``player <own seat>`` is
allowed. Any other name is kept exactly as given (after NFC and trimming).
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from cardroom.room.engine import RoomError

MAX_NAME = 40
"""Characters (code points after NFC) a name may have."""

_CLASS_KEY = {"Cc": "name_char_Cc", "Cf": "name_char_Cf", "Cs": "name_char_Cs", "Co": "name_char_Co",
              "Cn": "name_char_Cn", "Zl": "name_char_Z", "Zp": "name_char_Z"}

_BLANK = frozenset("\u115f\u1160\u3164\uffa0\u2800")
"""Letters and symbols that render as nothing (Hangul fillers, the blank Braille pattern): a name of
them would look empty or hide a space."""

_LOOKALIKE = str.maketrans({
    "а": "a", "в": "b", "е": "e", "к": "k", "м": "m", "н": "h", "о": "o", "р": "p", "с": "c", "т": "t",
    "у": "y", "х": "x", "і": "i", "ј": "j", "ӏ": "l", "ԁ": "d",
    "α": "a", "β": "b", "ε": "e", "ι": "i", "κ": "k", "ν": "v", "ο": "o", "ρ": "p", "τ": "t", "υ": "y",
})
"""Cyrillic and Greek letters (lower case) read as the Latin letter they look like, for the reserved check."""


def _fold(text: str) -> str:
    return " ".join(unicodedata.normalize("NFKC", text).casefold().split()).translate(_LOOKALIKE)


_BOT_WORDS = "|".join(re.escape(_fold(w)) for w in ("bot", "бот"))
_PLAYER_WORDS = "|".join(re.escape(_fold(w)) for w in ("player", "игрок"))
_BOT_NAME = re.compile(rf"(?:{_BOT_WORDS}) \S+")
_PLAYER_NAME = re.compile(rf"(?:{_PLAYER_WORDS}) (\d+)")


def _describe(ch: str) -> str:
    """``U+202E RIGHT-TO-LEFT OVERRIDE``: a character named without printing it."""
    name = unicodedata.name(ch, "")
    return f"U+{ord(ch):04X}" + (f" {name}" if name else "")


def reserved(name: str, seat: int) -> bool:
    """Whether ``name`` is one the room writes itself (a bot's, another seat's default)."""
    key = _fold(name)
    if _BOT_NAME.fullmatch(key):
        return True
    m = _PLAYER_NAME.fullmatch(key)
    return m is not None and not (m.group(1).isascii() and m.group(1).isdigit() and int(m.group(1)) == seat)


def clean_name(name: Any, seat: int) -> str:
    """The name a person gives for ``seat``, checked and normalised; RoomError 400 (code ``bad_name``)
    naming what is wrong. None is the default name ``player <seat>``."""
    if name is None:
        return f"player {seat}"
    if not isinstance(name, str):
        raise RoomError(400, "bad_name")
    if len(name) > 8 * MAX_NAME:  # far too long whatever normalisation does: say so without more work
        raise RoomError(400, "name_too_long", code="bad_name", most=MAX_NAME, n=len(name))
    text = unicodedata.normalize("NFC", name)
    for i, ch in enumerate(text):
        key = _CLASS_KEY.get(unicodedata.category(ch))
        if key is None and ch in _BLANK:
            key = "name_char_blank"
        if key is not None:
            raise RoomError(400, key, code="bad_name", char=_describe(ch), pos=i + 1)
    text = text.strip()
    if not text:
        raise RoomError(400, "name_empty", code="bad_name")
    if len(text) > MAX_NAME:
        raise RoomError(400, "name_too_long", code="bad_name", most=MAX_NAME, n=len(text))
    if reserved(text, seat):
        raise RoomError(400, "name_reserved", code="bad_name", name=text)
    return text
