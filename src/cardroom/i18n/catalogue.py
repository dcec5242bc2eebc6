"""The catalogue's one table: every text cardroom shows people, in English and Russian, read from
``catalogue.json`` (a data file beside this module, so the texts are written once and never as code).

The file has one section per reader: ``terminal`` (the command line's texts), ``positions`` (the parts
of a position, :class:`~cardroom.i18n.where.Where`), ``reasons`` (what a preferans sheet writes, ``why.``
keys), ``messages`` (the card room's messages) and ``errors`` (the reasons the engines give for a
refusal, :class:`Reason`, carried by :class:`cardroom.core.errors.CardroomError`). A key is in one
section only; each key has an ``en`` and a ``ru`` form, formatted with :meth:`str.format`.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

Forms = dict[str, str]
"""One text in each language: ``{"en": …, "ru": …}``."""

_PATH = Path(__file__).with_name("catalogue.json")
SECTIONS: dict[str, dict[str, Forms]] = json.loads(_PATH.read_text(encoding="utf-8"))
"""Every section of the catalogue by name (``SECTIONS["terminal"]["deal"]["ru"]``)."""
ERRORS: dict[str, Forms] = SECTIONS.setdefault("errors", {})
"""The reasons of a refusal (:class:`Reason`), by key."""
REASONS: dict[str, Forms] = SECTIONS["reasons"]
"""What a preferans sheet writes (:class:`Phrase`), by key."""


def form(forms: Forms, lang: str) -> str:
    """The text in ``lang``; English when the language is unknown."""
    return forms.get(lang, forms["en"])


class Localized:
    """A value that writes itself in any language (a position, a reason, an error that carries one)."""

    __slots__ = ()

    def text(self, lang: str = "en") -> str:
        raise NotImplementedError


def localized(value: object, lang: str) -> object:
    """A parameter as the reader of ``lang`` sees it: a :class:`Localized` value written in ``lang``;
    any other value as it is."""
    return value.text(lang) if isinstance(value, Localized) else value


class Reason(Localized):
    """Why the rules refuse something, as a structure: a key of the ``errors`` section and its
    parameters. ``str()`` is the English text; :meth:`text` writes it in any language (a parameter that
    is itself a reason or a position in that language too)."""

    __slots__ = ("key", "params")

    key: str
    params: Mapping[str, Any]

    def __init__(self, key: str, /, **params: Any) -> None:
        if key not in ERRORS:
            raise KeyError(f"no reason {key!r} in the catalogue")
        self.key = key
        self.params = params

    def text(self, lang: str = "en") -> str:
        """The reason in ``lang`` (English when the language is unknown)."""
        return form(ERRORS[self.key], lang).format(**{k: localized(v, lang) for k, v in self.params.items()})

    def __str__(self) -> str:
        return self.text("en")

    def __repr__(self) -> str:
        return f"Reason({self.key!r}{''.join(f', {k}={v!r}' for k, v in self.params.items())})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Reason) and (other.key, dict(other.params)) == (self.key, dict(self.params))

    __hash__ = None  # type: ignore[assignment]  # the parameters may be anything


class Phrase(str, Localized):
    """A text of the catalogue's ``reasons`` section (what a preferans sheet writes, ``why.`` keys) that
    is a ``str`` — its English text, so records, sheets and their comparisons are unchanged — and keeps
    its key and parameters, so :meth:`text` writes it in any language (a parameter that is itself a
    phrase in that language too). :meth:`joined` lists phrases (", ")."""

    key: str
    params: Mapping[str, Any]

    def __new__(cls, key: str, /, **params: Any) -> Phrase:
        english = ", ".join(params["parts"]) if key == "" else form(REASONS[key], "en").format(**params)
        self = super().__new__(cls, english)
        self.key = key
        self.params = params
        return self

    @classmethod
    def joined(cls, parts: Sequence[str]) -> Phrase:
        """Several reasons in one text, ``", "`` between them."""
        return cls("", parts=tuple(parts))

    def text(self, lang: str = "en") -> str:
        """The phrase in ``lang`` (English when the language is unknown)."""
        if self.key == "":
            return ", ".join(str(localized(p, lang)) for p in self.params["parts"])
        return form(REASONS[self.key], lang).format(**{k: localized(v, lang) for k, v in self.params.items()})

    def __reduce__(self) -> tuple[Any, ...]:  # copies and pickles keep the key and the parameters
        return (_phrase, (self.key, dict(self.params)))


def _phrase(key: str, params: dict[str, Any]) -> Phrase:
    return Phrase(key, **params)


# ----------------------------------------------------------------------------- the laws' names and words

_LAW_ID = re.compile(r"([A-Za-z]*)-?(.*)")


def law_number(game: str, law_id: str, lang: str, family: str | None = None) -> str:
    """A law as the reader of ``lang`` names it (``закон 59``, ``правило 2``, ``Закон 9 простого бриджа``):
    the ``terminal`` section's key ``law_number.<game>.<law id>``, ``law_number.<game>.<letters>`` (the
    id's leading letters: ``P`` of ``P2``, ``B`` of ``B-9``) or ``law_number.<game>``, then the same keys
    of the game's ``family`` (the old bridges' varieties name their laws as their parents do), the first
    the catalogue has, formatted with ``id`` (``P2``) and ``n`` (the rest, ``2``); the id itself when the
    catalogue has none. The terminal's ruling lines and the card room's ruling box both name laws so."""
    m = _LAW_ID.fullmatch(law_id)
    letters, rest = (m.group(1), m.group(2)) if m else ("", law_id)
    terminal = SECTIONS["terminal"]
    for name in (game, family) if family and family != game else (game,):
        for key in (f"law_number.{name}.{law_id}", f"law_number.{name}.{letters}", f"law_number.{name}"):
            if key in terminal:
                return form(terminal[key], lang).format(id=law_id, n=rest)
    return law_id


def law_title(game: str, law_id: str, lang: str) -> str | None:
    """A law's title in ``lang``: the ``terminal`` section's key ``<game>.laws.title.<law id>``; None when
    the catalogue has none."""
    forms = SECTIONS["terminal"].get(f"{game}.laws.title.{law_id}")
    return form(forms, lang) if forms is not None else None


class LawRef(Localized):
    """A law named in a text that is written in any language (a sheet's reason): ``str()`` is its id
    (the English text and the records keep ``P2``); :meth:`text` is :func:`law_number`."""

    __slots__ = ("game", "law_id")

    def __init__(self, game: str, law_id: str) -> None:
        self.game = game
        self.law_id = law_id

    def text(self, lang: str = "en") -> str:
        return law_number(self.game, self.law_id, lang)

    def __str__(self) -> str:
        return self.law_id

    def __format__(self, spec: str) -> str:
        return format(self.law_id, spec)

    def __repr__(self) -> str:
        return f"LawRef({self.game!r}, {self.law_id!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, LawRef) and (other.game, other.law_id) == (self.game, self.law_id)

    def __hash__(self) -> int:
        return hash((self.game, self.law_id))

    def __reduce__(self) -> tuple[Any, ...]:
        return (LawRef, (self.game, self.law_id))


LAWS_WORD = "laws.word."
"""The ``terminal`` section's keys of the words of irregular input (``laws.word.show``: «показать»), by
the engines' English word; a Russian form may list spellings, ``|`` between them, the first one shown."""


def laws_word(word: str, lang: str) -> str:
    """The word of irregular input ``word`` (the engines' English ``show``) as ``lang`` writes it; the
    word itself when the catalogue has none."""
    forms = SECTIONS["terminal"].get(LAWS_WORD + word.lower())
    return form(forms, lang).split("|")[0] if forms is not None else word


def _engine_words() -> dict[str, str]:
    out: dict[str, str] = {}
    for key, forms in SECTIONS["terminal"].items():
        if key.startswith(LAWS_WORD):
            for lang_form in forms.values():
                for spelling in lang_form.split("|"):
                    out[spelling.lower()] = key[len(LAWS_WORD):]
    return out


ENGINE_WORDS: dict[str, str] = _engine_words()
"""Every spelling of a word of irregular input (Russian or English), lower case, to the engines' word."""
