"""The one reader of JSON a client sends: HTTP request bodies and WebSocket frames (issue 12, point 9).

:func:`parse_request_json` refuses, with a 400 :class:`~cardroom.room.engine.RoomError` of code
``bad_json`` and a message naming the problem, anything the room has no use for and that could
hurt it: invalid UTF-8, nesting deeper than ``max_depth``, integers of more than ``max_int_digits``
digits (Python refuses to read ints of more than 4 300 digits, and a huge int is slow to print),
NaN and the infinities (not JSON, but Python's reader accepts them), strings holding NUL or a lone
surrogate (they break the store's drivers and every UTF-8 encoder), and a top level that is not an
object. :func:`check_json_content_type` is the 415 for a body that is not ``application/json``.

The common case costs little: the depth is counted only when the text holds more than
``max_depth`` brackets, and the strings are walked only when the text holds a ``\\u`` escape (the
only way JSON spells NUL or a lone surrogate once the text is valid UTF-8).
"""

from __future__ import annotations

import functools
import json
import math
import re
from typing import Any

from cardroom.room.engine import RoomError

MAX_DEPTH = 32
"""Arrays and objects nested at most this deep."""
MAX_INT_DIGITS = 30
"""Integers of at most this many digits (a seed is below 2**62: 19 digits)."""
MAX_FLOAT_CHARS = 40
"""A number with a fraction or an exponent written in at most this many characters."""

_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKET = re.compile(r"[\[\]{}]")
_BAD_CHAR = re.compile("[\x00\ud800-\udfff]")


class _Refused(ValueError):
    """Raised from inside the JSON reader's hooks; turned into a RoomError by the caller."""

    def __init__(self, key: str, **kw: Any) -> None:
        super().__init__(key)
        self.key = key
        self.kw = kw


def _depth(text: str) -> int:
    """The deepest nesting of arrays and objects in ``text`` (brackets inside strings not counted)."""
    depth = deepest = 0
    for m in _BRACKET.finditer(_STRING.sub('""', text)):
        if m.group() in "[{":
            depth += 1
            deepest = max(deepest, depth)
        else:
            depth -= 1
    return deepest


def _bad_string(value: Any) -> str | None:
    """The first string (key or value) in ``value`` holding NUL or a lone surrogate, if any."""
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, str):
            if _BAD_CHAR.search(v):
                return v
        elif isinstance(v, dict):
            stack.extend(v.keys())
            stack.extend(v.values())
        elif isinstance(v, list):
            stack.extend(v)
    return None


def _int(text: str, max_digits: int) -> int:
    digits = len(text) - (text[0] == "-")
    if digits > max_digits:
        raise _Refused("json_big_int", digits=digits, max=max_digits)
    return int(text)


def _float(text: str) -> float:
    if len(text) > MAX_FLOAT_CHARS:
        raise _Refused("json_long_number", chars=len(text), max=MAX_FLOAT_CHARS)
    x = float(text)
    if not math.isfinite(x):
        raise _Refused("json_not_finite", number=text)
    return x


def _constant(text: str) -> Any:
    raise _Refused("json_not_finite", number=text)


@functools.lru_cache(maxsize=8)
def _decoder(max_int_digits: int) -> json.JSONDecoder:
    """A reader with the number hooks, made once (``json.loads`` with hooks would make one per call)."""
    return json.JSONDecoder(parse_int=lambda s: _int(s, max_int_digits), parse_float=_float,
                            parse_constant=_constant)


def parse_request_json(raw: bytes | str, max_depth: int = MAX_DEPTH,
                       max_int_digits: int = MAX_INT_DIGITS) -> dict[str, Any]:
    """The JSON object in ``raw`` (bytes are read as UTF-8), or a 400 ``bad_json`` RoomError saying
    what is wrong with it. The caller bounds the size of ``raw`` (the body and frame limits)."""
    if isinstance(raw, bytes | bytearray):
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as e:
            raise RoomError(400, "json_utf8", code="bad_json", at=e.start) from None
    else:
        text = raw
        try:
            text.encode("utf-8")  # a str can hold a lone surrogate that no UTF-8 text could
        except UnicodeEncodeError as e:
            raise RoomError(400, "json_surrogate", code="bad_json", text=text[max(0, e.start - 10):e.start]) from None
    if text.count("[") + text.count("{") > max_depth and _depth(text) > max_depth:
        raise RoomError(400, "json_too_deep", code="bad_json", max=max_depth)
    try:
        data = _decoder(max_int_digits).decode(text)
    except _Refused as e:
        raise RoomError(400, e.key, code="bad_json", **e.kw) from None
    except RecursionError:  # cannot happen below max_depth; kept so that no input ever gives a 500
        raise RoomError(400, "json_too_deep", code="bad_json", max=max_depth) from None
    except ValueError as e:  # json.JSONDecodeError, and any ValueError of the reader itself
        raise RoomError(400, "bad_json", why=str(e)) from None
    if not isinstance(data, dict):
        raise RoomError(400, "json_not_object", code="bad_json", kind=type(data).__name__)
    if "\\u" in text:
        bad = _bad_string(data)
        if bad is not None:
            key = "json_nul" if "\x00" in bad else "json_surrogate"
            raise RoomError(400, key, code="bad_json", text=bad)  # quoted with repr(): \x00, \ud800
    return data


def check_json_content_type(content_type: str | None, has_body: bool) -> None:
    """A 415 unless a request's body is declared ``application/json``. A request without a body
    may leave the header out (the routes that need no body are called that way)."""
    if content_type is None:
        if has_body:
            raise RoomError(415, "json_content_type", code="unsupported_media_type", got="none")
        return
    media = content_type.split(";", 1)[0].strip().lower()
    if media != "application/json":
        raise RoomError(415, "json_content_type", code="unsupported_media_type", got=media or "empty")
