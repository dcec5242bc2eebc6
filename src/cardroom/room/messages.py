"""The card room's messages to people, in English and Russian.

:func:`msg` shows the error messages of the catalogue (:data:`cardroom.i18n.MESSAGES`), every value a
client sent cut short; a position (a :class:`~cardroom.i18n.Where`), a reason
(:class:`~cardroom.i18n.Reason`) and an engine's error (a ``CardroomError``, which carries its reason's
key and parameters) are written in the reader's language.
The reasons a preferans sheet writes are phrases that keep their catalogue key and parameters
(:class:`~cardroom.i18n.catalogue.Phrase`, ``why.`` keys): :func:`localize_sheet` writes them in the
reader's language from the key, never by reading the English back.
"""

from __future__ import annotations

from typing import Any

from cardroom.core.options import BOOL, CHOICE, FLOAT, INT, OptionSpec, quote
from cardroom.i18n import MESSAGES
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


def lang_of_scope(scope: Any) -> str:
    """The language an HTTP or WebSocket request (its ASGI ``scope``) asks for: ``?lang=en|ru``, else its
    ``Accept-Language`` (Russian first: ``ru``), else English."""
    from urllib.parse import parse_qs

    q = parse_qs(scope.get("query_string", b"").decode("latin-1")).get("lang", [""])[-1]
    if q in ("en", "ru"):
        return str(q)
    accept = next((v.decode("latin-1") for k, v in scope.get("headers", []) if k == b"accept-language"), "")
    return "ru" if accept.lower().startswith("ru") else "en"


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
def localize_sheet(sheet: Any, lang: str) -> Any:
    """A score sheet (as a view shows it) with its written texts (the ``reason`` of each line) in
    ``lang``, each from its catalogue key (a :class:`~cardroom.i18n.catalogue.Phrase`); the same object
    when there is nothing to translate. A reason that is plain text stays as it is."""
    if lang == "en" or not isinstance(sheet, dict):
        return sheet
    lines = sheet.get("lines")
    if not isinstance(lines, list) or not any(isinstance(x, dict) and "reason" in x for x in lines):
        return sheet
    return {**sheet, "lines": [{**x, "reason": localized(x["reason"], lang)}
                               if isinstance(x, dict) and "reason" in x else x for x in lines]}


def laws_texts(view: dict[str, Any], game: str, family: str, lang: str) -> dict[str, Any]:
    """The laws part of a seat's view (as a state message carries it) in the reader's language: the pending
    ruling's law named as the terminal names it (``law_name``: «Закон 24», «Закон 9 простого бриджа»,
    «правило 2», the catalogue's :func:`~cardroom.i18n.catalogue.law_number`; None without a ruling), the
    restrictions in force and the irregularity's detail, each written from its catalogue key (the engines'
    :class:`~cardroom.i18n.catalogue.Phrase` s; a plain text stays as it is). The view keeps the engines'
    texts, the same for every reader."""
    from cardroom.i18n.catalogue import law_number

    table = view.get("table")
    laws = table.get("laws") if isinstance(table, dict) else None
    if not isinstance(laws, dict):
        return {"law_name": None, "restrictions": [], "detail": None}
    ruling = laws.get("ruling")
    law = ruling.get("law") if isinstance(ruling, dict) else None
    irr = ruling.get("irregularity") if isinstance(ruling, dict) else None
    detail = irr.get("detail") if isinstance(irr, dict) else None
    return {
        "law_name": None if law is None else law_number(game, str(law), lang, family),
        "restrictions": [localized(x, lang) for x in laws.get("restrictions") or ()],
        "detail": None if detail is None else localized(detail, lang),
    }
