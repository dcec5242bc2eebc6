"""Errors raised by cardroom. Each names what was wrong.

An error is made from a :class:`~cardroom.i18n.Reason` (a key of the catalogue's ``errors`` section and
its parameters: ``ParseError(Reason("card.not_a_card", text="ZZ"))``) or, where a raise site is not
converted yet, from English prose. ``str(e)`` is the English text either way; ``e.key`` and
``e.params`` are the catalogue key and its parameters (``""`` and ``{}`` for prose), and
``e.text(lang)`` writes the error in the reader's language, so nothing has to parse the English back.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from cardroom.i18n.catalogue import Localized, Reason

__all__ = ["CardroomError", "IllegalAction", "ParseError", "Reason", "RecordError", "parse_either", "parse_named"]

T = TypeVar("T")
U = TypeVar("U")


class CardroomError(Exception, Localized):
    """Base class of every cardroom error: ``key`` and ``params`` say why, :meth:`text` in any language."""

    key: str
    params: Mapping[str, Any]

    def __init__(self, message: str | Reason = "", /) -> None:
        super().__init__(message)  # a reason is written out only when the text is asked for
        self.reason = message if isinstance(message, Reason) else None
        self.key = message.key if isinstance(message, Reason) else ""
        self.params = message.params if isinstance(message, Reason) else {}

    def __str__(self) -> str:
        return super().__str__() if self.reason is None else self.reason.text("en")

    def text(self, lang: str = "en") -> str:
        """The error in ``lang``: the reason's text in that language; prose stays English."""
        return str(self) if self.reason is None else self.reason.text(lang)


class ParseError(CardroomError, ValueError):
    """Text that is not a valid card, call, seat, record, …"""


def parse_named(names: Mapping[str, T], text: str, key: str) -> T:
    """What ``names`` calls ``text`` (stripped, in capitals): a suit, a rank, a seat, a denomination; else a
    :class:`ParseError` with the catalogue's ``key`` quoting the text."""
    got = names.get(text.strip().upper())
    if got is None:
        raise ParseError(Reason(key, text=text))
    return got


def parse_either(text: str, first: Callable[[str], T], then: Callable[[str], U]) -> T | U:
    """What ``first`` reads in ``text``, else what ``then`` reads (its ParseError when neither): a card or
    a call, in a phase that takes both."""
    try:
        return first(text)
    except ParseError:
        return then(text)


class IllegalAction(CardroomError):
    """An action the rules do not allow in this state. The state is left unchanged."""

    def __init__(self, message: str | Reason, *, seat: object = None, action: object = None) -> None:
        super().__init__(message)
        self.seat = seat
        self.action = action


class RecordError(CardroomError):
    """A record that cannot be read or replayed; ``where`` says which deal, trick and seat."""

    def __init__(self, message: str | Reason, *, where: str = "") -> None:
        super().__init__(message)
        self.where = where
        self.detail = str(message)

    def __str__(self) -> str:
        return self.text("en")

    def text(self, lang: str = "en") -> str:
        detail = self.detail if self.reason is None else self.reason.text(lang)
        return f"{self.where}: {detail}" if self.where else detail
