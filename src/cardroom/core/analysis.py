"""What a game gives ``cardroom analyze`` (:mod:`cardroom.cli.analyze`): one :class:`GameAnalysis`
per game, in the game's package (``games/<game>/analysis.py``), named by the game's class attribute
``analysis_path`` (``module:OBJECT``, imported lazily by :meth:`cardroom.core.game.Game.analysis`), and
the helpers the games' analyses share (reading a notation's cards and seats, the order and text of
cards, the solver modules, a generic record's replay).

A deal in cardroom's notation is ``game: key=value ...`` (docs/records.md); the driver splits it into
its fields and the game reads them (:meth:`GameAnalysis.parse`) into a spec of its own, which its
:meth:`GameAnalysis.analyse` solves into a JSON-ready dict naming the game (``"game"``) and its
:meth:`GameAnalysis.format` writes for people.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar, Protocol, TypeVar

from cardroom.core.cards import Card, cards_of_mask
from cardroom.core.deal import parse_hand
from cardroom.core.errors import CardroomError, ParseError, Reason, RecordError
from cardroom.core.table import Seat
from cardroom.i18n import SEAT_NAMES

__all__ = [
    "GameAnalysis", "GenericRecordAnalysis",
    "card_text", "cards", "cards_text", "check_unknown", "deal_head", "lead_order", "leads_text",
    "replay_record", "seat_field", "seat_text", "solver", "why",
]

_V = TypeVar("_V")


class GameAnalysis(Protocol):
    """A game's part of ``cardroom analyze``.

    * ``record_games`` — the values of a JSON record's ``"game"`` that the game's own record reader
      takes (a format of its own, read by :meth:`read_file`); ``file_suffixes`` — the file name
      endings it reads the same way (``.pbn``);
    * ``generic_records`` — whether the game's matches are written as the generic cardroom record
      (``"format": "cardroom-record"``), whose deals :meth:`specs_of_record` gives;
    * :meth:`parse` — a deal in the notation, from its fields, as the game's spec;
    * :meth:`analyse` — a spec's open-hand results (the ``n``-th deal of a file), with ``"game"``;
    * :meth:`format` — such a result as lines for people."""

    record_games: ClassVar[tuple[str, ...]]
    file_suffixes: ClassVar[tuple[str, ...]]
    generic_records: ClassVar[bool]

    def read_file(self, path: Path) -> list[dict[str, Any]]:
        """The analysis of each deal of a record in the game's own format (its suffixes, its record games)."""
        ...

    def specs_of_record(self, data: dict[str, Any]) -> list[tuple[int, Any]]:
        """(deal number, spec) of each deal of a generic record whose play began, as the play began."""
        ...

    def parse(self, fields: dict[str, str]) -> Any:
        """A deal in the notation, from its ``key=value`` fields; :class:`ParseError` when it is wrong."""
        ...

    def analyse(self, spec: Any, n: int) -> dict[str, Any]:
        """The open-hand results of a spec, the ``n``-th deal of its file: a dict with ``"game"``."""
        ...

    def format(self, d: dict[str, Any], lang: str) -> list[str]:
        """The lines for people of one result of :meth:`analyse`."""
        ...


@dataclass(frozen=True)
class GenericRecordAnalysis:
    """The :class:`GameAnalysis` of a game with no record format of its own (its matches are written as
    the generic cardroom record), made of its four functions: the specs of a record's deals, a spec from
    the notation's fields, a spec's analysis (``spec_type``: the type it takes) and the lines for people."""

    record_games: ClassVar[tuple[str, ...]] = ()
    file_suffixes: ClassVar[tuple[str, ...]] = ()
    generic_records: ClassVar[bool] = True

    spec_type: type
    specs: Callable[[dict[str, Any]], Iterable[tuple[int, Any]]]
    parse_fields: Callable[[dict[str, str]], Any]
    analyse_spec: Callable[[Any], dict[str, Any]]
    format_lines: Callable[[dict[str, Any], str], list[str]]

    def read_file(self, path: Path) -> list[dict[str, Any]]:
        return []  # no record format of its own (record_games and file_suffixes are empty)

    def specs_of_record(self, data: dict[str, Any]) -> list[tuple[int, Any]]:
        return list(self.specs(data))

    def parse(self, fields: dict[str, str]) -> Any:
        return self.parse_fields(fields)

    def analyse(self, spec: Any, n: int) -> dict[str, Any]:
        if not isinstance(spec, self.spec_type):
            raise TypeError(f"not a {self.spec_type.__name__}: {spec!r}")
        return self.analyse_spec(spec)

    def format(self, d: dict[str, Any], lang: str) -> list[str]:
        return self.format_lines(d, lang)


# ------------------------------------------------------------------------------------------- helpers


def why(e: CardroomError) -> str | Reason:
    """What an engine's error says, as its reason when it has one (a record error keeps its place too)."""
    return e.reason if e.reason is not None and not isinstance(e, RecordError) else str(e)


def solver(name: str) -> Any:
    """The open-hand solver module ``cardroom.solve.<name>``; :class:`CardroomError` when it is missing."""
    try:
        return importlib.import_module(f"cardroom.solve.{name}")
    except ImportError:
        raise CardroomError(Reason("analyze.no_solver", game=name)) from None


def card_text(card: int) -> str:
    return str(Card(card))


def cards_text(mask: int) -> str:
    return " ".join(card_text(c) for c in sorted(cards_of_mask(mask), key=lambda c: (-(c // 13), -(c % 13))))


def lead_order(values: dict[int, _V]) -> list[tuple[int, _V]]:
    """Cards by suit (spades first) and rank (high first)."""
    return sorted(values.items(), key=lambda kv: (-(kv[0] // 13), -(kv[0] % 13)))


def cards(text: str, what: str) -> int:
    """Cards as a list (``AS KS 10H``, commas allowed) or a PBN hand (``AK.QJ.-.T9``); ``-`` none."""
    t_ = text.strip().replace(",", " ")
    if t_ in ("", "-"):
        return 0
    if "." in t_ and " " not in t_:
        try:
            return parse_hand(t_)
        except ParseError as e:
            raise ParseError(Reason("analyze.field_why", what=what, e=e)) from None
    mask = 0
    for tok in t_.split():
        try:
            c = Card.parse(tok)
        except ParseError as e:
            raise ParseError(Reason("analyze.field_why", what=what, e=e)) from None
        if mask >> c & 1:
            raise ParseError(Reason("analyze.card_twice", what=what, card=c))
        mask |= 1 << c
    return mask


def check_unknown(fields: dict[str, str], known: set[str], game: str) -> None:
    unknown = sorted(set(fields) - known)
    if unknown:
        raise ParseError(Reason("analyze.unknown_fields", game=game, fields=', '.join(k + '=' for k in unknown),
                                known=', '.join(sorted(known))))


def seat_field(text: str, game: str, what: str) -> Seat:
    try:
        return Seat.parse(text)
    except ParseError:
        raise ParseError(Reason("analyze.not_seat", game=game, what=what, text=text)) from None


def replay_record(data: dict[str, Any]) -> Iterator[tuple[int, Any]]:
    """Replay a generic record action by action, yielding (deal number, state) after each action."""
    from cardroom.records.registry import record_state, replay_actions

    state: Any
    for state in replay_actions(record_state(data), data["actions"]):
        yield len(state.results) + 1, state  # the deal in progress (its number once finished)


def seat_text(letter: str, lang: str) -> str:
    return SEAT_NAMES.get(lang, SEAT_NAMES["en"]).get(letter, letter)


def leads_text(leads: dict[str, Any], value: Callable[[Any], str] = str) -> str:
    """Each opening lead and its value (``value`` writes it), in the order given."""
    return ", ".join(f"{c} {value(v)}" for c, v in leads.items())


def deal_head(d: dict[str, Any], head: str, seat: Callable[[str], str]) -> list[str]:
    """A deal's first lines: ``head`` (its number) and the hands known, each named by ``seat``."""
    return [head] + [f"  {seat(s)}: {h}" for s, h in d["hands"].items() if h]
