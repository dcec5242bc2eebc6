"""Typed option schemas: what a table of each game may set, and nothing else.

A game's options live in its options dataclass (``BridgeRules``, ``PrefVariant``…); its
:class:`Schema` is derived from that dataclass — the fields, their type hints and the rules kept in
the fields' metadata — never written out a second time:

* ``bool`` → kind ``bool``; ``int`` → ``int``; ``float`` → ``float``; ``str`` → ``choice`` (the
  field's ``metadata["choices"]``); ``tuple[int, ...]`` and ``tuple[int, int, …]`` → ``int-tuple``;
  ``X | None`` → the same kind, ``optional`` (JSON ``null`` accepted);
* ``metadata["choices"]``: the values allowed; ``metadata["range"]``: ``(lo, hi)``, both included
  (for a tuple: of each item); ``metadata["length"]``: ``(lo, hi)`` items of a tuple;
* an ``int`` or ``float`` without a range gets :data:`DEFAULT_RANGE` and a ``tuple[int, ...]``
  without a length :data:`DEFAULT_LENGTH`: the card room's bound on amounts nobody sets beyond;
* the description and the source passage come from the field's comment in the dataclass's source
  (or its docstring's ````name```` item), read once.

The dataclasses' ``__post_init__`` checks the same metadata with :func:`check_field_rules`, so each
rule exists once. :meth:`Schema.validate` is strict, as a card room facing strangers must be: an
unknown option, a wrong JSON type (``true`` is not an integer, ``1`` is not a boolean, ``"0"`` is
not a boolean, ``1.5`` is not an integer), a value out of range or not a choice, ``NaN`` or
``±Infinity`` anywhere — each is an :class:`OptionError` naming the option and what it accepts and
quoting at most :data:`QUOTE_LIMIT` characters of the value.
"""

from __future__ import annotations

import ast
import dataclasses
import inspect
import json
import math
import re
import textwrap
import tokenize
import types
import typing
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from io import StringIO
from typing import Any, TypeGuard, TypeVar

from cardroom.core.errors import CardroomError, Reason

BOOL = "bool"
INT = "int"
FLOAT = "float"
CHOICE = "choice"
INT_TUPLE = "int-tuple"
KINDS = (BOOL, INT, FLOAT, CHOICE, INT_TUPLE)

DEFAULT_RANGE: tuple[int, int] = (0, 1_000_000)
"""Amounts (prices, bonuses, factors) whose field names no range: 0 to a million."""
DEFAULT_LENGTH: tuple[int, int] = (1, 10)
"""Items of a ``tuple[int, ...]`` whose field names no length."""
QUOTE_LIMIT = 40
"""Characters of a refused value an error quotes at most."""

BOOL_WORDS: dict[str, bool] = {"true": True, "false": False, "yes": True, "no": False, "on": True, "off": False,
                               "да": True, "нет": False}
"""The texts :meth:`OptionSpec.read` takes for a ``bool`` option."""

T = TypeVar("T")


# ---------------------------------------------------------------------- the rules, in the fields' metadata
def one_of(default: T, choices: tuple[Any, ...]) -> T:
    """A dataclass field whose value is one of ``choices`` (``metadata["choices"]``)."""
    f: T = dataclasses.field(default=default, metadata={"choices": choices})
    return f


def ranged(default: T, lo: float, hi: float) -> T:
    """A dataclass field (a number, or a tuple of numbers) from ``lo`` to ``hi`` (``metadata["range"]``)."""
    f: T = dataclasses.field(default=default, metadata={"range": (lo, hi)})
    return f


def sized(default: T, lo: int, hi: int, items: tuple[float, float] | None = None) -> T:
    """A dataclass field, a tuple of ``lo`` to ``hi`` items (``metadata["length"]``), each from
    ``items[0]`` to ``items[1]`` when given (``metadata["range"]``)."""
    meta: dict[str, object] = {"length": (lo, hi)}
    if items is not None:
        meta["range"] = items
    f: T = dataclasses.field(default=default, metadata=meta)
    return f


# ---------------------------------------------------------------------- quoting
def quote(value: object, limit: int = QUOTE_LIMIT) -> str:
    """``value`` written as JSON, cut to at most ``limit`` characters (``…`` marks the cut).

    Only as much of the value as the quote shows is ever looked at: a list of a million items or an
    integer of a million digits costs nothing."""
    parts: list[str] = []
    size = 0
    for piece in _pieces(value, limit):
        parts.append(piece)
        size += len(piece)
        if size > limit:
            break
    text = "".join(parts)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _pieces(value: object, limit: int) -> Iterator[str]:
    if value is None:
        yield "null"
    elif isinstance(value, bool):
        yield "true" if value else "false"
    elif isinstance(value, int):
        # str() of a huge integer is slow (and refused beyond 4300 digits): say its size instead
        yield str(value) if value.bit_length() <= 4 * limit else f"<an integer of {value.bit_length()} bits>"
    elif isinstance(value, float):
        yield ("NaN" if math.isnan(value) else "Infinity" if value > 0 else "-Infinity") \
            if not math.isfinite(value) else repr(value)
    elif isinstance(value, str):
        yield json.dumps(value[: limit + 1], ensure_ascii=False)
    elif isinstance(value, list | tuple):
        yield "["
        for i, item in enumerate(value):
            if i:
                yield ", "
            yield from _pieces(item, limit)
        yield "]"
    elif isinstance(value, dict):
        yield "{"
        for i, (k, item) in enumerate(value.items()):
            if i:
                yield ", "
            yield from _pieces(k if isinstance(k, str) else str(type(k).__name__), limit)
            yield ": "
            yield from _pieces(item, limit)
        yield "}"
    else:
        yield f"<{type(value).__name__}>"


# ---------------------------------------------------------------------- errors
class OptionError(CardroomError, ValueError):
    """An option a game does not take, or a value it does not accept.

    ``option``: the option's name (at most :data:`QUOTE_LIMIT` characters of it when unknown);
    ``accepts``: what the option accepts, in English; ``got``: the value given, quoted
    (:func:`quote`); ``spec``: the option's :class:`OptionSpec` (None for an unknown option);
    ``known``: for an unknown option, the options there are (else None)."""

    def __init__(self, option: str, accepts: str, got: object, *, spec: OptionSpec | None = None,
                 known: tuple[str, ...] | None = None) -> None:
        self.option = option
        self.accepts = accepts
        self.got = quote(got)
        self.spec = spec
        self.known = known
        if known is not None:
            text = f"there is no option {option!r}; the options are: {', '.join(known) or 'none'}"
        else:
            text = f"option {option!r} accepts {accepts}, not {self.got}"
        super().__init__(text)

    @classmethod
    def unknown(cls, name: object, known: Iterable[str]) -> OptionError:
        shown = name if isinstance(name, str) else quote(name)
        if len(shown) > QUOTE_LIMIT:
            shown = shown[: QUOTE_LIMIT - 1] + "…"
        names = tuple(known)
        return cls(shown, "one of the options " + ", ".join(names), name, known=names)


# ---------------------------------------------------------------------- one option
def _is_int(v: object) -> TypeGuard[int]:
    return isinstance(v, int) and not isinstance(v, bool)


def _num(v: float) -> str:
    return str(int(v)) if float(v).is_integer() else repr(v)


@dataclass(frozen=True)
class OptionSpec:
    """One option: its name, kind (:data:`KINDS`), default, allowed values or range, description.

    ``choices``: for ``choice`` the allowed texts, for ``int`` (when set) the allowed numbers;
    ``aliases``: other accepted spellings of a choice and the choice each means; ``min``/``max``:
    the range (of each item for ``int-tuple``); ``length``: an ``int-tuple``'s item count (lo, hi);
    ``optional``: JSON ``null`` accepted; ``default_by``: the option whose value sets this one's
    default (``default`` is then the value under that option's own default)."""

    name: str
    kind: str
    default: object = None
    choices: tuple[object, ...] = ()
    aliases: tuple[tuple[str, str], ...] = ()
    min: float | None = None
    max: float | None = None
    length: tuple[int, int] | None = None
    optional: bool = False
    default_by: str | None = None
    description: str = ""
    source: str = ""

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"option {self.name}: unknown kind {self.kind!r}")
        if self.kind == CHOICE and not self.choices:
            raise ValueError(f"option {self.name}: a choice needs its choices")
        if self.kind in (INT, FLOAT, INT_TUPLE) and not self.choices and (self.min is None or self.max is None):
            raise ValueError(f"option {self.name}: a number needs a range")
        if self.kind == INT_TUPLE and self.length is None:
            raise ValueError(f"option {self.name}: a tuple needs a length")

    # ------------------------------------------------------------------ checking
    def _in_range(self, v: int | float) -> bool:
        return (self.min is None or v >= self.min) and (self.max is None or v <= self.max)

    def check(self, value: object) -> object:
        """The value as the game takes it (a JSON list becomes a tuple, an alias its choice, an
        integer given for a ``float`` a float); :class:`OptionError` when it is not accepted."""
        if value is None:
            if self.optional:
                return None
        elif self.kind == BOOL:
            if type(value) is bool:
                return value
        elif self.kind == INT:
            if _is_int(value) and self._in_range(value) and (not self.choices or value in self.choices):
                return value
        elif self.kind == FLOAT:
            if isinstance(value, int | float) and not isinstance(value, bool) and self._in_range(value):
                f = float(value)  # in range, hence not too large for a float
                if math.isfinite(f):
                    return f
        elif self.kind == CHOICE:
            if type(value) is str:
                if value in self.choices:
                    return value
                for alias, meant in self.aliases:
                    if value == alias:
                        return meant
        elif isinstance(value, list | tuple) and self.length is not None:
            lo, hi = self.length
            if lo <= len(value) <= hi and all(_is_int(x) and self._in_range(x) for x in value):
                return tuple(value)
        raise OptionError(self.name, self.accepts(), value, spec=self)

    def read(self, text: str) -> object:
        """The value written as command-line text (``true``/``false``, a number, a choice, ``1,2,3``
        for a tuple, ``none`` when optional), checked by :meth:`check`; :class:`OptionError` when the
        text is not such a value."""
        word = text.strip()
        value: object = word
        if self.optional and word.lower() in ("none", "null"):
            value = None
        elif self.kind == BOOL:
            value = BOOL_WORDS.get(word.lower(), word)
        elif self.kind in (INT, FLOAT) or self.kind == INT_TUPLE:
            parts = [p.strip() for p in word.split(",")] if self.kind == INT_TUPLE else [word]
            try:
                nums = [int(p) if self.kind != FLOAT else float(p) for p in parts]
            except ValueError:
                raise OptionError(self.name, self.accepts(), text, spec=self) from None
            value = nums if self.kind == INT_TUPLE else nums[0]
        return self.check(value)

    def accepts(self) -> str:
        """What the option accepts, in English (:func:`cardroom.room.messages.option_accepts` writes
        it in the reader's language)."""
        if self.kind == BOOL:
            text = "true or false"
        elif self.kind == CHOICE or self.choices:
            text = "one of " + ", ".join(quote(c) for c in self.choices)
            if self.aliases:
                text += " (or another name of one)"
        elif self.kind == INT:
            text = f"an integer from {_num(self.min or 0)} to {_num(self.max or 0)}"
        elif self.kind == FLOAT:
            text = f"a number from {_num(self.min or 0)} to {_num(self.max or 0)}"
        else:
            assert self.length is not None
            lo, hi = self.length
            count = str(lo) if lo == hi else f"{lo} to {hi}"
            text = f"a list of {count} integers from {_num(self.min or 0)} to {_num(self.max or 0)}"
        return text + (", or null" if self.optional else "")

    # ------------------------------------------------------------------ describing
    def describe(self) -> dict[str, Any]:
        """A JSON-ready description: kind, default, choices or range, description, source."""
        out: dict[str, Any] = {"kind": self.kind, "default": _jsonable(self.default), "nullable": self.optional}
        if self.kind == BOOL:
            out["choices"] = [False, True]
        elif self.choices:
            out["choices"] = list(self.choices)
        if self.aliases:
            out["aliases"] = dict(self.aliases)
        if self.kind in (INT, FLOAT, INT_TUPLE) and self.min is not None:
            out["min"], out["max"] = self.min, self.max
        if self.length is not None:
            out["length"] = list(self.length)
        if self.default_by is not None:
            out["default_by"] = self.default_by
        out["description"] = self.description
        out["source"] = self.source
        return out


def _jsonable(v: object) -> object:
    return list(v) if isinstance(v, tuple) else v


# ---------------------------------------------------------------------- a game's options
class Schema:
    """The options of one game, in order."""

    def __init__(self, specs: Iterable[OptionSpec]) -> None:
        self.specs: tuple[OptionSpec, ...] = tuple(specs)
        self._by_name = {s.name: s for s in self.specs}
        if len(self._by_name) != len(self.specs):
            raise ValueError("two options of one name")

    def __iter__(self) -> Iterator[OptionSpec]:
        return iter(self.specs)

    def __len__(self) -> int:
        return len(self.specs)

    def __contains__(self, name: object) -> bool:
        return name in self._by_name

    def __getitem__(self, name: str) -> OptionSpec:
        return self._by_name[name]

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(self._by_name)

    def validate(self, raw: Mapping[str, object]) -> dict[str, object]:
        """The options as the game takes them (only those given, in the order given); the first one
        not accepted raises :class:`OptionError`."""
        if not isinstance(raw, Mapping):
            raise OptionError("options", "an object of options", raw)
        out: dict[str, object] = {}
        for key, value in raw.items():
            spec = self._by_name.get(key) if isinstance(key, str) else None
            if spec is None:
                raise OptionError.unknown(key, self.names)
            out[key] = spec.check(value)
        return out

    def describe(self) -> dict[str, dict[str, Any]]:
        """Every option's description (:meth:`OptionSpec.describe`), in order: what a lobby shows."""
        return {s.name: s.describe() for s in self.specs}

    # ------------------------------------------------------------------ derived from a dataclass
    @classmethod
    def from_dataclass(cls, dc: type[Any], *, exclude: Iterable[str] = (),
                       replace: Mapping[str, OptionSpec] | None = None, defaults: object | None = None,
                       default_by: str | None = None, before: Iterable[OptionSpec] = ()) -> Schema:
        """The schema of an options dataclass: one option per field (``exclude``: internal fields
        no table sets; ``replace``: fields a table sets in another form, such as bridge's scoring by
        name); ``defaults``: an instance whose values are the defaults (else the fields' own);
        ``default_by``: the option that sets these defaults; ``before``: options put first."""
        return cls([*before, *_dataclass_specs(dc, frozenset(exclude), dict(replace or {}), defaults, default_by)])


def _dataclass_specs(dc: type[Any], exclude: frozenset[str], replace: dict[str, OptionSpec],
                     defaults: object | None, default_by: str | None) -> list[OptionSpec]:
    hints = typing.get_type_hints(dc)
    notes = field_notes(dc)
    out: list[OptionSpec] = []
    for f in dataclasses.fields(dc):
        if f.name in exclude:
            continue
        if f.name in replace:
            out.append(replace[f.name])
            continue
        rule = _rule(f, hints[f.name])
        if defaults is not None:
            default = getattr(defaults, f.name)
        elif f.default is not dataclasses.MISSING:
            default = f.default
        elif f.default_factory is not dataclasses.MISSING:
            default = f.default_factory()
        else:
            default = None
        note = notes.get(f.name, "")
        kind, optional, choices, rng, length = rule
        lo, hi = rng if rng is not None else (None, None)
        out.append(OptionSpec(f.name, kind, default, choices=choices, min=lo, max=hi, length=length,
                              optional=optional, default_by=default_by, description=note, source=sources(note)))
    return out


_Rule = tuple[str, bool, tuple[object, ...], tuple[float, float] | None, tuple[int, int] | None]


def _rule(f: dataclasses.Field[Any], hint: Any) -> _Rule:
    """(kind, optional, choices, range, length) of a field, from its type hint and metadata."""
    optional = False
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        inner = [a for a in typing.get_args(hint) if a is not type(None)]
        if len(inner) != 1:
            raise TypeError(f"option {f.name}: {hint} has no schema kind")
        optional, hint, origin = True, inner[0], typing.get_origin(inner[0])
    meta = f.metadata
    choices = tuple(meta.get("choices", ()))
    rng = meta.get("range")
    length = meta.get("length")
    if hint is bool:
        return BOOL, optional, (), None, None
    if hint is int:
        if rng is None:
            rng = (min(choices), max(choices)) if choices else DEFAULT_RANGE
        return INT, optional, choices, tuple(rng), None
    if hint is float:
        return FLOAT, optional, (), tuple(rng or DEFAULT_RANGE), None
    if hint is str:
        if not choices:
            raise TypeError(f"option {f.name}: a text option needs metadata['choices']")
        return CHOICE, optional, choices, None, None
    if origin is tuple:
        args = typing.get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis and args[0] is int:
            return INT_TUPLE, optional, (), tuple(rng or DEFAULT_RANGE), tuple(length or DEFAULT_LENGTH)
        if args and all(a is int for a in args):
            return INT_TUPLE, optional, (), tuple(rng or DEFAULT_RANGE), (len(args), len(args))
    raise TypeError(f"option {f.name}: {hint} has no schema kind (exclude it or replace it)")


# ---------------------------------------------------------------------- the same rules, for the library
_FIELD_RULES: dict[type[Any], tuple[tuple[str, bool, tuple[object, ...], Any, Any], ...]] = {}


def _field_rules(dc: type[Any]) -> tuple[tuple[str, bool, tuple[object, ...], Any, Any], ...]:
    rules = _FIELD_RULES.get(dc)
    if rules is None:
        rules = _FIELD_RULES[dc] = _read_field_rules(dc)
    return rules


def _read_field_rules(dc: type[Any]) -> tuple[tuple[str, bool, tuple[object, ...], Any, Any], ...]:
    hints = typing.get_type_hints(dc)
    out = []
    for f in dataclasses.fields(dc):
        meta = f.metadata
        if not any(k in meta for k in ("choices", "range", "length")):
            continue
        hint = hints[f.name]
        optional = typing.get_origin(hint) in (typing.Union, types.UnionType) and type(None) in typing.get_args(hint)
        length = meta.get("length")
        args: tuple[Any, ...] = typing.get_args(hint) if typing.get_origin(hint) is tuple else ()
        if length is None and args and Ellipsis not in args:  # tuple[int, int, …]: so many items
            length = (len(args), len(args))
        out.append((f.name, optional, tuple(meta.get("choices", ())), meta.get("range"), length))
    return tuple(out)


def _range_text(lo: float, hi: float) -> str:
    return f"positive (at most {_num(hi)})" if lo == 1 else f"from {_num(lo)} to {_num(hi)}"


def check_field_rules(obj: object) -> None:
    """Check a dataclass instance against the ``choices``, ``range`` and ``length`` of its fields'
    metadata (the rules its :class:`Schema` reads too); :class:`CardroomError` naming the field."""
    for name, optional, choices, rng, length in _field_rules(type(obj)):
        v = getattr(obj, name)
        if v is None and optional:
            continue
        if choices and v not in choices:
            raise CardroomError(Reason("option.one_of", name=name, choices=", ".join(map(str, choices)), got=quote(v)))
        if length is not None:
            lo, hi = length
            if not isinstance(v, tuple | list) or not lo <= len(v) <= hi:
                count = str(lo) if lo == hi else f"{lo} to {hi}"
                raise CardroomError(Reason("option.count", name=name, count=count, got=quote(v)))
        if rng is not None:
            lo, hi = rng
            items = v if isinstance(v, tuple | list) else (v,)
            for x in items:
                if not isinstance(x, int | float) or not lo <= x <= hi:
                    what = "every number of " + name if isinstance(v, tuple | list) else name
                    raise CardroomError(Reason("option.range", what=what, range=_range_text(lo, hi), got=quote(v)))


# ---------------------------------------------------------------------- descriptions from the source
_SOURCE = re.compile(
    r"(?:(?:Sochi|Leningrad|Moscow|Rostov|Ural|Kazakh(?:stan)?|Piter|[Dd]oc(?:ument)? \d{3}|Code)\s+)?"
    r"(?:§\s?\d+(?:\.\d+)*(?:\s+(?:item|point)\s+\d+)?|\d+\.\d+(?:\.\d+)+)"
    r"|\b(?:Laws?|item)\s+\d+(?:\s*[-–]\s*\d+)?(?:,\s*\d+)*"
    r"|\b[Dd]oc(?:ument)?\s+\d{3}(?:\s+L\d+[a-z]?)?"
    r"|\bL\d+[a-z]?\b|\bB-\d+\b|\b[CP]\d+\b|\bglossary\b"
)


def sources(note: str) -> str:
    """The source passages a field's comment names (``"Doc 001 §4.3"``, ``"Law 11"``…), joined by "; "."""
    found: list[str] = []
    for m in _SOURCE.finditer(note):
        s = m.group(0).strip()
        if s and s not in found:
            found.append(s)
    return "; ".join(found)


_NOTES: dict[type[Any], dict[str, str]] = {}


def field_notes(dc: type[Any]) -> dict[str, str]:
    """Each field's comment in the dataclass's source (its trailing comment, or the comment lines
    just above it), or its item ````name```` — text in the class docstring; empty when the source
    cannot be read. Read once per class."""
    notes = _NOTES.get(dc)
    if notes is None:
        notes = _NOTES[dc] = _read_notes(dc)
    return dict(notes)


def _read_notes(dc: type[Any]) -> dict[str, str]:
    notes: dict[str, str] = {}
    for m in re.finditer(r"^\s*\*\s*``(\w+)``\s*[—-]+\s*(.*?)(?=^\s*\*\s*``|\Z)", inspect.getdoc(dc) or "",
                         re.S | re.M):
        notes[m.group(1)] = " ".join(m.group(2).split())
    try:
        src = textwrap.dedent(inspect.getsource(dc))
    except (OSError, TypeError):
        return notes
    comments: dict[int, tuple[str, bool]] = {}  # line → (text, the line holds nothing else)
    for tok in tokenize.generate_tokens(StringIO(src).readline):
        if tok.type == tokenize.COMMENT:
            alone = not tok.line[: tok.start[1]].strip()
            comments[tok.start[0]] = (tok.string.lstrip("#").strip(), alone)
    body = ast.parse(src).body[0]
    assert isinstance(body, ast.ClassDef)
    fields_at = [(n.lineno, n.end_lineno or n.lineno, n.target.id) for n in body.body
                 if isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name)]
    own: dict[str, list[str]] = {}
    for start, end, name in fields_at:
        own[name] = [comments[i][0] for i in range(start, end + 1) if i in comments and not comments[i][1]]
    prev: str | None = None
    for start, _end, name in fields_at:
        block: list[str] = []
        i = start - 1
        while i in comments and comments[i][1]:
            block.insert(0, comments[i][0])
            i -= 1
        block = [b for b in block if not b.startswith("--")]  # "# ---- prices (§2.8)": a section's title
        if block and own[name] and prev is not None:  # a field with its own comment: the lines above end the one before
            own[prev].extend(block)
        elif block:
            own[name][:0] = block
        prev = name
    for name, lines in own.items():
        text = " ".join(" ".join(lines).split())
        if text:
            notes.setdefault(name, text)
    return notes
