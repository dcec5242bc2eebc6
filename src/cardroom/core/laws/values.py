"""The values of the laws framework: irregularities, laws, rulings and the choices made under them.

The shape every game's laws follow (contract bridge: ``games/bridge/laws/``; euchre, preferans and
straight bridge build their tables the same way):

* **Laws mode.** A game option (``laws=True``; off by default). Off, a state refuses an irregular
  action with :class:`~cardroom.core.errors.IllegalAction`, as casual play always did. On, the state
  accepts it, records it and asks the non-offending side to choose.
* **An irregular action** is an :class:`Irregular` action: the seat that acts and what it does, as
  text — ``"!W 8D"`` (W plays the 8D, out of turn or as a revoke: the state decides which),
  ``"!E 1H"`` (a call out of turn, insufficient, inadmissible…), or an event that is not a call or a
  card: ``"!W expose KH"``, ``"!E remark S"``, ``"!N look"``. Its seat need not be ``to_act``: that is
  the point. The game's ``parse_action`` reads it (anything that starts with ``!``), its
  ``action_text`` writes it back, so records and replays keep it.
* **An irregularity** is an :class:`Irregularity`: the event (``kind``, e.g. ``"lead-out-of-turn"``),
  its offender, where it happened. The state classifies the irregular action into one.
* **The law table** (:class:`LawTable` of :class:`Law`) finds the law that governs the kind and gives
  the :class:`Ruling`: the options (:class:`RulingOption`, each with its effect), the seat that must
  choose (``Ruling.chooser``; ``Ruling.entitled`` lists every seat the law lets choose), until when
  the right lasts (``Ruling.lapses``). A law without options is applied at once (``automatic``).
* **While a ruling is pending**, the state's ``to_act`` is the chooser and ``legal_actions()`` lists
  the ruling's options as :class:`RulingChoice` actions (text ``"ruling L24 penalty-card"``); the
  state may also list the actions that waive the penalty by acting over the irregularity (a call or
  a card by the offender's left-hand opponent: bridge L13).
* **Effects** are the game's: a penalty card, a barred player (:class:`Bar`), a lead restriction
  (:class:`LeadRestriction`), transferred tricks or points, a new deal, the irregular action accepted.
  Restrictions then narrow ``legal_actions()`` (:func:`restrict_lead`, :func:`penalty_card_plays`)
  until paid or lapsed; a player who cannot comply plays any legal card and the penalty is paid.
* **Views** show the pending ruling, the restrictions in force and the penalty cards (face up: every
  seat sees them), never a hidden card.

Every choice is an action in the log, so ``Game.replay(history)`` and the JSON records rebuild the
same state; a bot chooses with ``choose_ruling(view)``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from cardroom.core.errors import CardroomError, ParseError
from cardroom.core.game import Action, Worded
from cardroom.core.laws.chooser import Chooser

REQUIRE = "require"
FORBID = "forbid"


@dataclass(frozen=True)
class Irregularity:
    """An irregularity, as an event: ``kind`` (e.g. "revoke"), the offending seat, and where.

    ``action`` is the canonical text of the irregular action that caused it (``"!W 8D"``), if any."""

    kind: str
    offender: int
    detail: str = ""
    trick: int | None = None
    action: str = ""

    def to_text(self) -> str:
        where = f" trick {self.trick}" if self.trick is not None else ""
        detail = f": {self.detail}" if self.detail else ""
        return f"irregularity {self.kind} by seat {self.offender}{where}{detail}"

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "offender": self.offender, "detail": self.detail, "trick": self.trick,
                "action": self.action}


@dataclass(frozen=True)
class RulingOption:
    """One thing the non-offending side may choose, with its effect described.

    ``name`` is one word (no spaces) and is what the action text carries: ``"penalty-card"``,
    ``"require-S"``, ``"accept"``."""

    name: str
    effect: str

    def __post_init__(self) -> None:
        if not self.name or any(ch.isspace() for ch in self.name):
            raise CardroomError(f"a ruling option's name is one word, not {self.name!r}")


def _find(options: Sequence[RulingOption], name: str, missing: str, none: str) -> RulingOption:
    for o in options:
        if o.name == name:
            return o
    raise CardroomError(f"{missing}; options: {', '.join(o.name for o in options) or none}")


@dataclass(frozen=True)
class Law:
    """One law: the kinds of irregularity it governs, its options, who chooses, when the right lapses.

    ``chooser`` is the :class:`Chooser` that computes the seat to choose; ``who`` says it as the
    document does (e.g. "either opponent (the offender's LHO acts)").

    ``options`` is the law's full menu (a ruling may offer fewer in a given position); a law with no
    options is applied automatically. ``source`` quotes the document (briefly, in its language);
    ``uncertain`` lists the readings chosen where the document is unclear."""

    number: str
    title: str
    kinds: tuple[str, ...]
    options: tuple[RulingOption, ...] = ()
    chooser: Chooser = Chooser.NON_OFFENDER
    lapses: str = ""
    source: str = ""
    uncertain: tuple[str, ...] = ()
    ruling_text: str = ""
    who: str = ""

    def __post_init__(self) -> None:
        chooser = Chooser(self.chooser)  # a table's word (``"declarer"``) names the member
        object.__setattr__(self, "chooser", chooser)
        if not self.who:
            object.__setattr__(self, "who", str(chooser))

    @property
    def automatic(self) -> bool:
        return not self.options

    def option(self, name: str) -> RulingOption:
        return _find(self.options, name, f"law {self.number} offers no option {name!r}",
                     "none (the law applies automatically)")


@dataclass(frozen=True)
class Ruling:
    """A law applied to one irregularity: the options open now, the seat that must choose and when
    the right lapses. ``chooser`` is ``None`` when nothing is to be chosen (an automatic law)."""

    irregularity: Irregularity
    law: Law
    chooser: int | None = None
    entitled: tuple[int, ...] = ()
    offered: tuple[RulingOption, ...] | None = None
    lapses: str = ""

    @property
    def options(self) -> tuple[RulingOption, ...]:
        return self.law.options if self.offered is None else self.offered

    def option(self, name: str) -> RulingOption:
        return _find(self.options, name, f"law {self.law.number} offers no option {name!r} here", "none")

    def choose(self, name: str) -> RulingChoice:
        self.option(name)
        return RulingChoice(self.law.number, name)

    def actions(self) -> list[RulingChoice]:
        """The options as actions, in the law's order (what ``legal_actions()`` lists)."""
        return [RulingChoice(self.law.number, o.name) for o in self.options]

    def to_dict(self) -> dict[str, Any]:
        return {
            "law": self.law.number, "title": self.law.title, "irregularity": self.irregularity.to_dict(),
            "chooser": self.chooser, "entitled": list(self.entitled),
            "options": [{"name": o.name, "effect": o.effect, "action": f"ruling {self.law.number} {o.name}"}
                        for o in self.options],
            "lapses": self.lapses or self.law.lapses,
        }


@dataclass(frozen=True)
class RulingChoice(Worded):
    """The option chosen under a law; an action in the log (text ``"ruling L24 penalty-card"``)."""

    law: str
    option: str
    WORDS: ClassVar[tuple[str, ...]] = ("ruling", "решение")
    READERS: ClassVar[tuple[Callable[[str], Any], ...]] = (str, str)
    NOT_ONE: ClassVar[str] = "laws.not_ruling"


@dataclass(frozen=True)
class Irregular(Action):
    """An irregular action: ``seat`` does ``text`` when or as the rules do not allow.

    ``text`` is the intended call or card (``"1H"``, ``"8D"``) or an event with its argument
    (``"expose KH"``, ``"remark S"``). Written ``"!W 8D"``; seats are named by :attr:`labels`
    (a game with other seat names subclasses and sets ``labels``)."""

    seat: int
    text: str
    labels: ClassVar[str] = "NESW"

    def __post_init__(self) -> None:
        if not 0 <= self.seat < len(self.labels):
            raise ParseError(f"no seat {self.seat} at this table")
        if not self.text.strip():
            raise ParseError("an irregular action names what the seat does: '!W 8D', '!E 1H'")

    @property
    def word(self) -> str:
        """The first word of the text, lower case: the event (``expose``) or the call/card itself."""
        return self.text.split()[0].lower()

    @property
    def arg(self) -> str:
        parts = self.text.split(None, 1)
        return parts[1] if len(parts) > 1 else ""

    def to_text(self) -> str:
        return f"!{self.labels[self.seat]} {self.text}"

    @classmethod
    def from_text(cls, text: str) -> Irregular:
        t = text.strip()
        if not t.startswith("!"):
            raise ParseError(f"not an irregular action: {text!r} (expected '!SEAT ACTION', e.g. '!W 8D')")
        body = t[1:].strip()
        if not body:
            raise ParseError(f"{text!r}: the seat and the action are missing (e.g. '!W 8D')")
        head, _, rest = body.partition(" ")
        label = head.rstrip(":").upper()
        if len(label) != 1 or label not in cls.labels.upper():
            raise ParseError(f"{text!r}: {head!r} is not a seat ({', '.join(cls.labels)})")
        return cls(cls.labels.upper().index(label), rest.strip())


@dataclass(frozen=True)
class Bar:
    """A player barred in the auction: must pass at his next ``turns`` turns (``None``: every turn
    until the auction ends)."""

    seat: int
    turns: int | None = None
    law: str = ""

    def describe(self) -> str:
        how = "every turn of this auction" if self.turns is None else \
            ("his next turn" if self.turns == 1 else f"his next {self.turns} turns")
        return f"seat {self.seat} must pass at {how}" + (f" ({self.law})" if self.law else "")


@dataclass(frozen=True)
class LeadRestriction:
    """A lead penalty in force: ``seat`` must (``require``) or must not (``forbid``) lead ``suit``.

    ``lasting``: it holds for every lead while the seat keeps the lead (otherwise for one lead)."""

    seat: int
    suit: int
    mode: str
    lasting: bool = False
    law: str = ""

    def __post_init__(self) -> None:
        if self.mode not in (REQUIRE, FORBID):
            raise CardroomError(f"a lead restriction requires or forbids, not {self.mode!r}")


def restrict_lead(legal: Sequence[Any], restriction: LeadRestriction | None, suit_of: Any) -> list[Any]:
    """The leads allowed under ``restriction`` (``suit_of(card)`` gives a card's suit for the purpose).

    A player who cannot comply (no card of a required suit; only cards of a forbidden suit) may lead
    any legal card: the penalty is paid (bridge L26)."""
    if restriction is None:
        return list(legal)
    if restriction.mode == REQUIRE:
        kept = [c for c in legal if suit_of(c) == restriction.suit]
    else:
        kept = [c for c in legal if suit_of(c) != restriction.suit]
    return kept if kept else list(legal)


def penalty_card_plays(legal: Sequence[Any], penalty: Iterable[Any]) -> list[Any]:
    """A penalty card must be played at the first legal opportunity: when some penalty card is among
    the legal plays, only penalty cards may be played (the chooser of which one is the game's)."""
    pen = set(penalty)
    forced = [c for c in legal if c in pen]
    return forced if forced else list(legal)
