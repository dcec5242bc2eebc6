"""The card room's messages to people, in English and Russian.

:func:`msg` shows the error messages of the catalogue (:data:`cardroom.i18n.MESSAGES`), every value a
client sent cut short; a position (a :class:`~cardroom.i18n.Where`), a reason
(:class:`~cardroom.i18n.Reason`) and an engine's error (a ``CardroomError``, which carries its reason's
key and parameters) are written in the reader's language.
The reasons a preferans sheet writes in English are translated by :func:`localize_sheet` with the
``why.`` keys of :mod:`cardroom.i18n` (a reason the table does not know is left in English, never
dropped).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from cardroom.core.options import BOOL, CHOICE, FLOAT, INT, OptionSpec, quote
from cardroom.i18n import MESSAGES, t
from cardroom.i18n.catalogue import form, localized

QUOTE_MAX = 40
"""A message quotes at most this many characters of any value it names (then "…")."""
TEXT_MAX = 300
"""The server's own texts inside a message (a reason, a position, the legal actions, the whole text of
a ``raw`` message) at most this long."""
_SERVER_TEXTS = frozenset({"why", "where", "legal", "reason", "db"})
_SERVER_LISTS = frozenset({"accepts", "choices", "known"})
"""Parameters the server makes from its own tables (what an option accepts, the options a game has):
they hold nothing a client sent, so they are cut only at :data:`LIST_MAX`."""
LIST_MAX = 1500


class Own(str):
    """A parameter the server itself vouches for (the name of a game's own option): shown whole."""

    __slots__ = ()


def _cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[:limit] + "…"


class _Quoted:
    """A message parameter cut short: ``{x}`` and ``{x!r}`` show at most ``limit`` characters of it."""

    __slots__ = ("limit", "value")

    def __init__(self, value: Any, limit: int) -> None:
        self.value = value
        self.limit = limit

    def __str__(self) -> str:
        return _cut(str(self.value), self.limit)

    def __repr__(self) -> str:
        v = self.value
        return repr(_cut(v, self.limit)) if isinstance(v, str) else _cut(repr(v), self.limit)

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


def _params(key: str, kw: dict[str, Any]) -> dict[str, Any]:
    """Every parameter cut: a client's values to :data:`QUOTE_MAX`; the server's own texts to
    :data:`TEXT_MAX`, with any long client value they repeat (a game's parse error quotes the input)
    cut there too."""
    out: dict[str, Any] = {}
    long_inputs: list[str] = []
    for name, value in kw.items():
        if (isinstance(value, bool | int) and abs(value) < 10**QUOTE_MAX) or \
                (isinstance(value, Own) and len(value) <= 100):
            out[name] = value
        elif name in _SERVER_LISTS:
            out[name] = _Quoted(value, LIST_MAX)
        elif name in _SERVER_TEXTS or key == "raw":
            out[name] = value  # cut below, once the client's values are known
        else:
            out[name] = _Quoted(value, QUOTE_MAX)
            if isinstance(value, str) and len(value) > QUOTE_MAX:
                long_inputs.append(value)
    for name, value in out.items():
        if name in _SERVER_TEXTS or (key == "raw" and not isinstance(value, _Quoted)):
            text = str(value)
            for given in long_inputs:
                text = text.replace(given, _cut(given, QUOTE_MAX))
            out[name] = _Quoted(text, TEXT_MAX)
    return out


def msg(key: str, lang: str = "en", **kw: Any) -> str:
    """The message ``key`` in ``lang`` (English when the language is unknown). Every parameter is cut
    to :data:`QUOTE_MAX` characters (the server's own texts to :data:`TEXT_MAX`): a message never
    echoes more than a short prefix of what a client sent."""
    kw = {name: localized(value, lang) for name, value in kw.items()}
    return form(MESSAGES[key], lang).format(**_params(key, kw))


def option_accepts(spec: OptionSpec, lang: str = "en") -> str:
    """What an option accepts (its kind, choices or range), in ``lang``."""
    def num(v: float | None) -> str:
        return "" if v is None else str(int(v)) if float(v).is_integer() else repr(v)

    if spec.kind == BOOL:
        text = msg("accepts_bool", lang)
    elif spec.kind == CHOICE or spec.choices:
        text = msg("accepts_choice", lang, choices=", ".join(quote(c) for c in spec.choices))
        if spec.aliases:
            text = msg("accepts_alias", lang, accepts=text)
    elif spec.kind in (INT, FLOAT):
        text = msg("accepts_int" if spec.kind == INT else "accepts_float", lang, min=num(spec.min), max=num(spec.max))
    else:
        lo, hi = spec.length or (0, 0)
        count = str(lo) if lo == hi else msg("accepts_count", lang, lo=lo, hi=hi)
        text = msg("accepts_tuple", lang, count=count, min=num(spec.min), max=num(spec.max))
    return msg("accepts_null", lang, accepts=text) if spec.optional else text


# ------------------------------------------------------------------ sheet reasons (preferans)
_N = r"(?P<n>\d+)"
_SEAT = r"(?P<seat>\d+)"
_LEVEL = r"(?P<level>[^ ]+)"
_REASONS: list[tuple[re.Pattern[str], str]] = [
    (re.compile(p), key) for p, key in [
        (rf"help from seat {_SEAT} \((?P<why>.+)\): off the gora", "why.help_from_gora"),
        (rf"help from seat {_SEAT} \((?P<why>.+)\)", "why.help_from"),
        (rf"help: (?P<pts>[\d.]+) into seat {_SEAT}'s pulya", "why.help_into"),
        (rf"help: (?P<pts>[\d.]+) off seat {_SEAT}'s gora", "why.help_off"),
        (rf"remainder of seat {_SEAT}'s (?P<why>.+) nobody could take", "why.remainder"),
        (r"(?P<why>.+) \(double, off the gora\)", "why.double"),
        (r"(?P<why>.+) \(shared by seats (?P<a>\d+) and (?P<b>\d+)\)", "why.shared"),
        (rf"talon bonus: {_N} trick\(s\) in the talon", "why.talon_bonus"),
        (rf"{_N} trick\(s\) whisting on a {_LEVEL}", "why.whisting"),
        (rf"on a {_LEVEL} down {_N}: (?P<why>.+)", "why.on_down"),
        (rf"whister {_N} trick\(s\) short on a {_LEVEL}", "why.short"),
        (rf"half-whist: {_N} trick\(s\) on a {_LEVEL}", "why.half_whist"),
        (r"misère made", "why.misere_made"),
        (rf"misère: {_N} trick\(s\)", "why.misere_tricks"),
        (rf"{_N} seven\(s\) in the talon", "why.sevens"),
        (rf"no trick on raspasy \({_N}\)", "why.no_trick_raspasy"),
        (rf"{_N} trick\(s\) on raspasy at (?P<price>[\d.]+)", "why.raspasy_tricks"),
        (rf"raspasy: seat {_SEAT} took {_N} \(shared\)", "why.raspasy_took_shared"),
        (rf"raspasy: seat {_SEAT} took {_N}", "why.raspasy_took"),
        (r"dealer on raspasy, as for no trick", "why.dealer_raspasy_zero"),
        (r"dealer on raspasy", "why.dealer_raspasy"),
        (r"preferans: the gora written off", "why.pref_gora"),
        (r"preferans: pulya closed", "why.pref_pulya"),
        (r"preferans: closing the pulya", "why.pref_closing"),
        (r"preferans: the whists on him taken over", "why.pref_whists"),
        (r"preferans", "why.pref"),
        (r"prize: first to close the pulya", "why.prize_pulya"),
        (r"prize: first to close the gora", "why.prize_gora"),
        (rf"seat {_SEAT} refused the talon", "why.refused"),
        (rf"round {_N}: first to reach the pulya", "why.round_first"),
        (rf"round {_N}: smallest gora", "why.round_gora"),
        (rf"consolation of seat {_SEAT}", "why.consolation_of"),
        (r"consolation", "why.consolation"),
        (r"gentleman's whist: whister and passer share in halves", "why.gentleman"),
        (rf"{_N} trick\(s\)", "why.tricks"),
        (rf"{_LEVEL} not whisted", "why.not_whisted"),
        (rf"{_LEVEL} made", "why.made"),
        (rf"{_LEVEL} down {_N}", "why.down"),
        (r"(?P<why>.+): written off the gora", "why.off_gora"),
    ]
]


@lru_cache(maxsize=8192)
def localize_reason(text: str, lang: str) -> str:
    """A reason written on a preferans sheet ("help from seat 2 (10 not whisted)") in ``lang``."""
    if lang == "en":
        return text
    for rx, key in _REASONS:
        m = rx.fullmatch(text)
        if m is not None:
            kw = m.groupdict()
            if "why" in kw:  # a reason inside a reason; "a, b" lists several
                kw["why"] = ", ".join(localize_reason(x, lang) for x in kw["why"].split(", "))
            return t(key, lang, **kw)
    return text


def localize_sheet(sheet: Any, lang: str) -> Any:
    """A score sheet (as a view shows it) with its written texts (the ``reason`` of each line) in
    ``lang``; the same object when there is nothing to translate."""
    if lang == "en" or not isinstance(sheet, dict):
        return sheet
    lines = sheet.get("lines")
    if not isinstance(lines, list) or not any(isinstance(x, dict) and "reason" in x for x in lines):
        return sheet
    return {**sheet, "lines": [{**x, "reason": localize_reason(str(x["reason"]), lang)}
                               if isinstance(x, dict) and "reason" in x else x for x in lines]}
