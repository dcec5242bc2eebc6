"""The laws framework: an irregularity is an event; the game's law table turns it into a ruling.

An :class:`Irregularity` names what happened (a revoke, a lead out of turn, an insufficient
bid…), who offended and where. The game's :class:`LawTable` finds the :class:`Law` that governs
it and gives the :class:`Ruling`: the options the non-offending side may choose, who chooses,
and until when. A choice is recorded as a :class:`RulingChoice` action in the log, so replays and
records keep it. Each game's table and the effect of each option are that game's to say.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from cardroom.core.errors import CardroomError, ParseError
from cardroom.core.game import Action


@dataclass(frozen=True)
class Irregularity(Action):
    """An irregularity, as an event: ``kind`` (e.g. "revoke"), the offending seat, and where."""

    kind: str
    offender: int
    detail: str = ""
    trick: int | None = None

    def to_text(self) -> str:
        where = f" trick {self.trick}" if self.trick is not None else ""
        detail = f": {self.detail}" if self.detail else ""
        return f"irregularity {self.kind} by seat {self.offender}{where}{detail}"


@dataclass(frozen=True)
class RulingOption:
    """One thing the non-offending side may choose, with its effect described."""

    name: str
    effect: str


@dataclass(frozen=True)
class Law:
    number: str
    title: str
    kinds: tuple[str, ...]
    options: tuple[RulingOption, ...]
    chooser: str = "non-offending side"
    lapses: str = ""
    source: str = ""


@dataclass(frozen=True)
class Ruling:
    irregularity: Irregularity
    law: Law

    @property
    def options(self) -> tuple[RulingOption, ...]:
        return self.law.options

    def choose(self, name: str) -> RulingChoice:
        for o in self.law.options:
            if o.name == name:
                return RulingChoice(self.law.number, name)
        known = ", ".join(o.name for o in self.law.options)
        raise CardroomError(f"law {self.law.number} offers no option {name!r}; options: {known}")


@dataclass(frozen=True)
class RulingChoice(Action):
    """The option chosen under a law; an action in the log."""

    law: str
    option: str

    def to_text(self) -> str:
        return f"ruling {self.law} {self.option}"

    @classmethod
    def from_text(cls, text: str) -> RulingChoice:
        parts = text.split()
        if len(parts) != 3 or parts[0] != "ruling":
            raise ParseError(f"not a ruling: {text!r} (expected 'ruling LAW OPTION')")
        return cls(parts[1], parts[2])


@dataclass
class LawTable:
    """A game's laws, found by the kind of irregularity they govern."""

    laws: list[Law] = field(default_factory=list)

    def add(self, law: Law) -> None:
        self.laws.append(law)

    def ruling(self, irregularity: Irregularity) -> Ruling:
        for law in self.laws:
            if irregularity.kind in law.kinds:
                return Ruling(irregularity, law)
        raise CardroomError(f"no law governs an irregularity of kind {irregularity.kind!r}")
