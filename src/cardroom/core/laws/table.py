"""A game's law table: its laws, found by number or by the kind of irregularity they govern.

A table is data: each game keeps its laws (number, title, kinds, options with their effects, the
chooser, when the right lapses, the document's words) in a TOML file beside its handlers, read by
:meth:`LawTable.load`."""

from __future__ import annotations

import tomllib
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from cardroom.core.errors import CardroomError
from cardroom.core.laws.values import Irregularity, Law, Ruling, RulingOption


@dataclass
class LawTable:
    """A game's laws, found by number or by the kind of irregularity they govern."""

    laws: list[Law] = field(default_factory=list)
    name: str = ""

    def add(self, law: Law) -> Law:
        if any(existing.number == law.number for existing in self.laws):
            raise CardroomError(f"law {law.number} is already in the table")
        self.laws.append(law)
        return law

    def __iter__(self) -> Iterator[Law]:
        return iter(self.laws)

    def __len__(self) -> int:
        return len(self.laws)

    def law(self, number: str) -> Law:
        for law in self.laws:
            if law.number == number:
                return law
        raise CardroomError(f"no law {number!r} in the {self.name or 'game'}'s table")

    def for_kind(self, kind: str) -> Law:
        for law in self.laws:
            if kind in law.kinds:
                return law
        raise CardroomError(f"no law governs an irregularity of kind {kind!r}")

    def ruling(self, irregularity: Irregularity, chooser: int | None = None, entitled: Sequence[int] = (),
               offered: Sequence[str] | None = None, law: str | None = None, lapses: str = "") -> Ruling:
        """The ruling on ``irregularity``: by ``law`` if named, else the law of its kind; ``offered``
        narrows the law's options to those open in this position (names, in the law's order)."""
        the_law = self.law(law) if law is not None else self.for_kind(irregularity.kind)
        opts: tuple[RulingOption, ...] | None = None
        if offered is not None:
            for name in offered:
                the_law.option(name)
            opts = tuple(o for o in the_law.options if o.name in offered)
        return Ruling(irregularity, the_law, chooser, tuple(entitled), opts, lapses)

    def kinds(self) -> list[str]:
        return [k for law in self.laws for k in law.kinds]

    def rows(self) -> list[tuple[str, str, str, str]]:
        """(law, ruling, source, options) for a game's rules document."""
        out = []
        for law in self.laws:
            ruling = law.ruling_text or "; ".join(f"{o.name}: {o.effect}" for o in law.options) or "—"
            out.append((f"{law.number} {law.title}", ruling, law.source, ", ".join(o.name for o in law.options)))
        return out

    @classmethod
    def load(cls, package: str, resource: str, key: str | None = None) -> LawTable:
        """The table in ``resource`` (a TOML file of ``package``; under ``key`` when the file holds several):
        ``name`` and ``[[law]]`` entries with the fields of :class:`Law` (``options`` as ``[name, effect]``
        pairs)."""
        data: dict[str, Any] = tomllib.loads(resources.files(package).joinpath(resource).read_text("utf-8"))
        if key is not None:
            data = data[key]
        table = cls(name=data.get("name", ""))
        for entry in data.get("law", ()):
            fields = dict(entry)
            fields["kinds"] = tuple(fields.get("kinds", ()))
            fields["options"] = tuple(RulingOption(n, e) for n, e in fields.get("options", ()))
            fields["uncertain"] = tuple(fields.get("uncertain", ()))
            table.add(Law(**fields))
        return table
