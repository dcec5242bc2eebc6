"""Where a game stands, as a structure the catalogue renders in any language.

A :class:`Where` is a sequence of parts, each a key of :data:`POSITIONS` (``pos.`` keys of the
catalogue) and its parameters: ``Where("deal_n", n=3) + Where("trick_n", n=4)`` reads "deal 3, trick 4"
in English and "сдача 3, взятка 4" in Russian. Every game's ``State.where()`` gives one;
``State.position()`` is its English text (the records and the corpus store that text).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache

from cardroom.i18n.catalogue import SECTIONS, Localized, form

POSITIONS: dict[str, dict[str, str]] = SECTIONS["positions"]
"""The parts of a position (the catalogue's ``positions`` section, ``pos.`` keys of :func:`~cardroom.i18n.t`)."""


Parts = tuple[tuple[str, tuple[tuple[str, object], ...]], ...]


@lru_cache(maxsize=4096)  # positions repeat: every message of a state names it, in each language
def _remembered(parts: Parts, lang: str) -> str:
    return _render(parts, lang)


def _render(parts: Parts, lang: str) -> str:
    out = []
    for key, params in parts:
        out.append(form(POSITIONS[key], lang).format(**dict(params)))
    return ", ".join(out)


class Where(Localized):
    """Parts of a position, each a :data:`POSITIONS` key and its parameters; ``+`` joins two."""

    __slots__ = ("parts",)

    parts: Parts

    def __init__(self, key: str | None = None, /, **params: object) -> None:
        if key is None:
            self.parts = ()
        elif key in POSITIONS:
            self.parts = ((key, tuple(params.items())),)
        else:
            raise KeyError(f"no position part {key!r}")

    def __add__(self, other: Where) -> Where:
        joined: Where = object.__new__(Where)
        joined.parts = self.parts + other.parts
        return joined

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Where) and other.parts == self.parts

    def __hash__(self) -> int:
        return hash(self.parts)

    def __repr__(self) -> str:
        return " + ".join(f"Where({key!r}{''.join(f', {k}={v!r}' for k, v in params)})"
                          for key, params in self.parts) or "Where()"

    @property
    def keys(self) -> tuple[str, ...]:
        """The parts' keys, outermost first (``("deal_n", "trick_n")``)."""
        return tuple(key for key, _ in self.parts)

    def params(self) -> Mapping[str, object]:
        """Every part's parameters in one mapping (an inner part's win over an outer one's)."""
        return {k: v for _, params in self.parts for k, v in params}

    def text(self, lang: str = "en") -> str:
        """The position in ``lang`` (English when the language is unknown): the parts joined by ", "."""
        try:
            return _remembered(self.parts, lang)
        except TypeError:  # a parameter that cannot be hashed: written each time
            return _render(self.parts, lang)

    def __str__(self) -> str:
        return self.text("en")
