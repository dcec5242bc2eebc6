"""The protocol every game implements, in the manner of OpenSpiel.

A :class:`Game` is static: the rules, the variant options, the number of players. It makes
:class:`State` objects, which are dynamic. A state answers ``to_act``, ``legal_actions()``,
``apply(action)``, ``is_over``, ``result()`` and ``view(seat)``. Chance (the shuffle, the draw)
is an action too, chosen by :meth:`State.sample_chance` from a seeded generator, so any state is
its action history replayed. A state is one deal or a whole match: the match of every game (a rubber,
a pulka), with its score sheet, is a :class:`cardroom.core.match.Match`.
"""

from __future__ import annotations

import importlib
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any, ClassVar, Self

from cardroom.core.errors import CardroomError
from cardroom.core.options import Schema
from cardroom.i18n.catalogue import Reason
from cardroom.i18n.where import Where

if TYPE_CHECKING:
    from cardroom.bots.base import Bot
    from cardroom.core.analysis import GameAnalysis
    from cardroom.core.match import Match
    from cardroom.core.review import ReviewAdapter

CHANCE = -1
"""``to_act`` of a state where chance (a shuffle, a draw) acts next."""


class Action:
    """Marker base for non-card, non-call actions (deals, draws, rulings)."""

    __slots__ = ()

    def to_text(self) -> str:
        raise NotImplementedError


def digits(text: str) -> int:
    """A number written in digits only (no sign): a :class:`Worded` field's reader."""
    if not text.isdigit():
        raise ValueError(text)
    return int(text)


class Worded(Action):
    """An action written as a word and the dataclass's fields in order (``ruling L24 penalty-card``):
    :attr:`WORDS` are the words it is read by (the first is written), :attr:`READERS` read each field
    from its text (ValueError when it is not one), :attr:`NOT_ONE` is the catalogue key of the
    :class:`~cardroom.core.errors.ParseError` for a text that is no such action."""

    __slots__ = ()
    WORDS: ClassVar[tuple[str, ...]]
    READERS: ClassVar[tuple[Callable[[str], Any], ...]]
    NOT_ONE: ClassVar[str]

    def to_text(self) -> str:
        return " ".join([self.WORDS[0], *(str(getattr(self, f.name)) for f in fields(self))])  # type: ignore[arg-type]

    @classmethod
    def from_text(cls, text: str) -> Self:
        from cardroom.core.errors import ParseError

        parts = text.split()
        try:
            if len(parts) != len(cls.READERS) + 1 or parts[0].lower() not in cls.WORDS:
                raise ValueError(text)
            return cls(*(read(p) for read, p in zip(cls.READERS, parts[1:], strict=True)))
        except ValueError:
            raise ParseError(Reason(cls.NOT_ONE, text=text[:40])) from None


class View(ABC):
    """What one seat may see of a state. It never contains a card the seat may not see."""

    seat: int

    @abstractmethod
    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready form (cards as text)."""

    @abstractmethod
    def shown_mask(self) -> int:
        """Every card that appears anywhere in the view, as a bitmask."""


class State(ABC):
    """One dynamic position of a game."""

    game: Game

    @property
    @abstractmethod
    def to_act(self) -> int | None:
        """The seat that must decide next, :data:`CHANCE` for chance, ``None`` when over."""

    @property
    @abstractmethod
    def is_over(self) -> bool: ...

    @abstractmethod
    def legal_actions(self) -> Sequence[Any]:
        """Every action allowed now (for chance: empty; use :meth:`sample_chance`)."""

    @abstractmethod
    def apply(self, action: Any) -> None:
        """Apply an action; raise :class:`IllegalAction` naming the problem and leave the state unchanged."""

    @abstractmethod
    def sample_chance(self, rng: random.Random) -> Any:
        """The chance action (deal, draw) for this chance node, drawn from ``rng``."""

    @abstractmethod
    def result(self) -> Any:
        """The outcome once over (a scored deal, a finished rubber…)."""

    @abstractmethod
    def view(self, seat: int) -> View: ...

    @property
    @abstractmethod
    def history(self) -> Sequence[Any]:
        """Every action applied so far, in order, chance included."""

    @abstractmethod
    def snapshot(self) -> Mapping[str, Any]:
        """A complete, comparable description of the state (for replay and record checks)."""

    @abstractmethod
    def card_places(self) -> Mapping[str, int]:
        """Where every card is: place name → bitmask. Places never overlap."""

    @abstractmethod
    def visible_mask(self, seat: int) -> int:
        """Every card the rules let ``seat`` see now (own hand, exposed hands, played cards)."""

    @abstractmethod
    def parse_action(self, text: str) -> Any:
        """Read an action typed by a person or stored in a record; raise ParseError if unreadable."""

    def action_text(self, action: Any) -> str:
        """The canonical text of an action, as records store it."""
        if isinstance(action, Action):
            return action.to_text()
        return str(action)

    def clone(self) -> State:
        return self.game.replay(self.history)

    def where(self) -> Where:
        """Where the state stands, as a structure: e.g. ``Where("deal_n", n=3) + Where("trick_n", n=4)``."""
        return Where("action", n=len(self.history) + 1)

    def position(self) -> str:
        """Where the state stands, in English, for messages and records: e.g. "deal 3, trick 4"."""
        return self.where().text()

    def play_chance(self, rng: random.Random) -> Any:
        action = self.sample_chance(rng)
        self.apply(action)
        return action


@dataclass(frozen=True)
class KeeperField:
    """One fact the score keeper (:mod:`cardroom.keeper`) asks of an announced deal: its ``name`` (the key
    of the entry), its ``kind`` ("int", "ints", "seat", "seats", "text", "texts", "bool": how a typed
    value is read) and whether it must be given."""

    name: str
    kind: str
    required: bool = False



def imported(path: str) -> Any:
    """The object a ``"module:name"`` path names, its module imported (once: Python keeps it)."""
    module, _, name = path.partition(":")
    return getattr(importlib.import_module(module), name)

class Game(ABC):
    """Static description of a game: rules and options. Subclasses register themselves by name."""

    name: ClassVar[str]
    aliases: ClassVar[tuple[str, ...]] = ()
    family: ClassVar[str] = ""
    title: ClassVar[Mapping[str, str]] = {}
    num_seats: int = 4
    rule_bot_path: ClassVar[str] = ""
    """``module:Class`` of the game's rule-based computer player (made with ``Class(seed=seed)``); empty
    for a game that has none."""
    keeper_fields_path: ClassVar[str] = ""
    """``module:NAME`` of the facts the score keeper asks of a deal (:meth:`keeper_fields`); empty: not kept."""
    keeper_result_path: ClassVar[str] = ""
    """``module:function`` building a deal's result from the keeper's entry (:meth:`keeper_result`)."""
    has_search_bot: ClassVar[bool] = False
    """Whether :class:`cardroom.bots.search.SearchBot` plays this game (it plays by the game's ``family``)."""
    pbn_writer_path: ClassVar[str] = ""
    """``module:function`` writing a match of this game as PBN (``function(state, players)``, players a
    mapping of seat letters to names or None); empty for a game PBN cannot hold. Every record a game has
    beyond the generic JSON is named by the game, so no caller asks which game it is."""
    analysis_path: ClassVar[str] = ""
    review_path: ClassVar[str] = ""
    """``module:OBJECT`` of the game's :class:`cardroom.core.review.ReviewAdapter` (review and what-if), or ""."""
    """``module:OBJECT`` of the game's part of ``cardroom analyze`` (a
    :class:`cardroom.core.analysis.GameAnalysis`: its notation, records, open-hand analysis and text);
    empty for a game that is not analysed."""

    call_explainer_path: ClassVar[str] = ""
    """``module:function`` explaining a call of the current auction by the rule bot's system
    (``function(state, index) -> Reason``, read from the calls alone, never a hand); empty for a game
    whose bot explains nothing."""

    @classmethod
    def explain_call(cls, state: Any, index: int) -> Any:
        """What call ``index`` of the current auction shows in the bot's system (:attr:`call_explainer_path`),
        a :class:`~cardroom.i18n.Reason`; :class:`CardroomError` for a game without explanations."""
        if not cls.call_explainer_path:
            raise CardroomError(Reason("game.no_explanations", game=cls.name))
        return imported(cls.call_explainer_path)(state, index)

    @classmethod
    def record_formats(cls) -> tuple[str, ...]:
        """The record formats a match of this game is written in: "json", and "pbn" where it has a writer."""
        return ("json", "pbn") if cls.pbn_writer_path else ("json",)

    @classmethod
    def pbn_text(cls, state: Any, players: Mapping[str, str] | None = None) -> str:
        """A match of this game as PBN (:attr:`pbn_writer_path`); :class:`CardroomError` for a game that
        has no PBN form."""
        if not cls.pbn_writer_path:
            raise CardroomError(f"{cls.name} has no PBN form")
        writer: Callable[..., str] = imported(cls.pbn_writer_path)
        return writer(state, players)

    @classmethod
    def analysis(cls) -> GameAnalysis | None:
        """The game's part of ``cardroom analyze`` (:attr:`analysis_path`, imported once), or None."""
        got: GameAnalysis | None = imported(cls.analysis_path) if cls.analysis_path else None
        return got

    @classmethod
    def review(cls) -> ReviewAdapter | None:
        """The game's part of the review (:attr:`review_path`, imported once), or None."""
        got: ReviewAdapter | None = imported(cls.review_path) if cls.review_path else None
        return got

    @classmethod
    def bot_kinds(cls) -> tuple[str, ...]:
        """The kinds of computer player :meth:`bot` makes for this game, of "random", "rule", "search"."""
        return ("random", *(("rule",) if cls.rule_bot_path else ()), *(("search",) if cls.has_search_bot else ()))

    def bot(self, kind: str, seed: int, **opts: Any) -> Bot:
        """A computer player of ``kind`` for this game, seeded: "random" (a uniformly random legal
        action), "rule" (the game's rule-based bot), "search" (sampling and open-hand solving; options
        ``samples`` and ``time_per_decision``). A kind the game has not: :class:`CardroomError` naming
        the kinds it has. Every place that makes a computer player (the card room, the command line,
        the strength harness) makes it here."""
        kinds = self.bot_kinds()
        if kind not in kinds:
            raise CardroomError(f"{self.name} has no {kind!r} computer player; its kinds: {', '.join(kinds)}")
        if kind == "search":
            from cardroom.bots.search import SearchBot

            return SearchBot(self.name, seed=seed, **opts)
        if opts:
            raise CardroomError(f"the {kind} computer player takes no options ({', '.join(sorted(opts))})")
        if kind == "random":
            from cardroom.bots.base import RandomBot

            return RandomBot(seed)
        return self.rule_bot(seed)

    @classmethod
    def rule_bot(cls, seed: int) -> Bot:
        """The game's rule-based computer player (:attr:`rule_bot_path`), made without making the game."""
        if not cls.rule_bot_path:
            raise CardroomError(f"{cls.name} has no rule-based computer player")
        factory: Callable[..., Bot] = imported(cls.rule_bot_path)
        return factory(seed=seed)

    @classmethod
    def keeper_fields(cls) -> tuple[KeeperField, ...]:
        """The facts the score keeper asks of an announced deal of this game (:attr:`keeper_fields_path`;
        empty: not kept)."""
        fields: tuple[KeeperField, ...] = imported(cls.keeper_fields_path) if cls.keeper_fields_path else ()
        return fields

    def keeper_result(self, match: Match[Any, Any, Any, Any], entry: Mapping[str, Any]) -> Any:
        """The deal result the game's own sheet scores, built from an announced deal's ``entry`` (the
        facts of :meth:`keeper_fields`) and the match as it stands before it (its dealer, its sheet), by
        :attr:`keeper_result_path`; :class:`CardroomError` with a catalogue reason for an entry that is
        not a deal."""
        if not self.keeper_result_path:
            raise CardroomError(Reason("keeper.unsupported", game=self.name))
        result: Callable[[Match[Any, Any, Any, Any], Mapping[str, Any]], Any] = imported(self.keeper_result_path)
        return result(match, entry)

    @classmethod
    def configurations(cls) -> list[dict[str, Any]]:
        """The option sets worth exercising in shared tests (every variant, every player count)."""
        return [{}]

    @classmethod
    def option_schema(cls) -> Schema:
        """Every option a table of this game may set, typed (:mod:`cardroom.core.options`): the card
        room validates a table's options through it before anything is stored. A game takes none
        unless it says which."""
        return Schema(())

    @classmethod
    def option_choices(cls) -> dict[str, list[Any]]:
        """Options a table may set beyond those the configurations vary (such as the pulka's length),
        with the values to offer; leaving one out means the variant's own value."""
        return {}

    @abstractmethod
    def new_initial_state(self) -> Match[Any, Any, Any, Any]:
        """A new match (rubber, pulka: a :class:`~cardroom.core.match.Match`) from its first chance action."""

    @abstractmethod
    def options(self) -> Mapping[str, Any]:
        """The variant options in force."""

    def pack_mask(self) -> int:
        """The cards this game is played with (the 52-card pack unless the game says otherwise)."""
        from cardroom.core.cards import FULL_PACK_MASK

        return FULL_PACK_MASK

    def action_universe(self) -> list[Any]:
        """Every non-chance action the game knows (cards, calls…), for exhaustive checks."""
        from cardroom.core.cards import full_pack

        return list(full_pack())

    def replay(self, actions: Sequence[Any]) -> Match[Any, Any, Any, Any]:
        state = self.new_initial_state()
        for a in actions:
            state.apply(a)
        return state
