"""The game-agnostic score keeper (see :mod:`cardroom.keeper`)."""

from __future__ import annotations

import copy
import shlex
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from cardroom.core.errors import CardroomError, Reason
from cardroom.core.game import Game, KeeperField
from cardroom.core.match import Match
from cardroom.i18n import t

Entry = dict[str, Any]
FORMAT = "cardroom-keeper/1"


class KeeperError(CardroomError):
    """An entry or a command the keeper refuses; the keeper is left unchanged."""


@dataclass
class HistoryEvent:
    """One change of the sheet, as the history shows it: ``op`` ("add", "fix", "undo", "redo"), the deal's
    number (1-based) and the entry before and after (None where there is none)."""

    op: str
    deal: int
    before: Entry | None
    after: Entry | None

    def to_dict(self) -> dict[str, Any]:
        return {"op": self.op, "deal": self.deal, "before": self.before, "after": self.after}


@dataclass
class _Change:
    """An undoable change: the deal it touched, its entry before (None: added) and after."""

    index: int
    before: Entry | None
    after: Entry


def _seat(text: str, seats: int) -> Any:
    t = text.strip()
    if t.isdigit():
        n = int(t)
        if 0 <= n < seats:
            return n
    elif t:
        return t.upper()
    raise KeeperError(Reason("keeper.bad_value", field="seat", text=text))


def parse_value(f: KeeperField, text: str, seats: int) -> Any:
    """A typed value of field ``f`` read from ``text`` (lists comma separated)."""
    t = text.strip()
    try:
        if f.kind == "int":
            return int(t)
        if f.kind == "ints":
            return [int(x) for x in t.split(",") if x.strip()]
        if f.kind == "bool":
            if t.lower() in ("1", "yes", "y", "true", "да", "д"):
                return True
            if t.lower() in ("0", "no", "n", "false", "нет", "н"):
                return False
            raise ValueError(t)
        if f.kind == "seat":
            return None if t.lower() in ("", "-", "none") else _seat(t, seats)
        if f.kind == "seats":
            return [_seat(x, seats) for x in t.split(",") if x.strip()]
        if f.kind == "texts":
            return [x.strip() for x in t.split(",") if x.strip()]
    except ValueError:
        raise KeeperError(Reason("keeper.bad_value", field=f.name, text=text)) from None
    return t


def parse_entry(game: Game, text: str) -> Entry:
    """An entry read from ``key=value`` words (``contract=4S declarer=S tricks=10``; a value with spaces
    quoted: ``call="order up"``)."""
    fields = {f.name: f for f in game.keeper_fields()}
    out: Entry = {}
    try:
        words = shlex.split(text)
    except ValueError:
        raise KeeperError(Reason("keeper.bad_word", text=text)) from None
    for word in words:
        key, eq, value = word.partition("=")
        if not eq:
            raise KeeperError(Reason("keeper.bad_word", text=word))
        f = fields.get(key.strip().lower())
        if f is None:
            raise KeeperError(Reason("keeper.unknown_field", field=key, fields=", ".join(fields)))
        out[f.name] = parse_value(f, value, game.num_seats)
    return out


@dataclass
class Keeper:
    """The announced deals of one match of ``game`` and the sheet the game's own match writes from them.

    ``first_dealer`` is the seat (a number) of the first deal's dealer. Every change goes through
    :meth:`add` or :meth:`fix` (refused, nothing changed, when the game cannot score the entry),
    :meth:`undo` and :meth:`redo`; :attr:`history` lists them all.
    """

    game: Game
    first_dealer: int = 0
    entries: list[Entry] = field(default_factory=list)
    history: list[HistoryEvent] = field(default_factory=list)
    _done: list[_Change] = field(default_factory=list)
    _undone: list[_Change] = field(default_factory=list)
    _match: Match[Any, Any, Any, Any] | None = None

    def __post_init__(self) -> None:
        if not self.game.keeper_fields():
            raise KeeperError(Reason("keeper.unsupported", game=self.game.name))
        if not 0 <= self.first_dealer < self.game.num_seats:
            raise KeeperError(Reason("keeper.bad_value", field="dealer", text=str(self.first_dealer)))
        self._match = self._replay(self.entries)

    # ------------------------------------------------------------------ the sheet
    def _replay(self, entries: Sequence[Mapping[str, Any]]) -> Match[Any, Any, Any, Any]:
        """The game's match with ``entries`` written on its sheet (:class:`KeeperError` naming the deal)."""
        m = self.game.new_initial_state()
        m.deal = None
        m.dealer = m.dealer_seat(self.first_dealer)
        for i, e in enumerate(entries):
            if m.sheet.is_over:
                raise KeeperError(Reason("keeper.match_over", n=i + 1))
            known = {f.name for f in self.game.keeper_fields()}
            unknown = sorted(set(e) - known)
            if unknown:
                raise KeeperError(Reason("keeper.unknown_field", field=unknown[0], fields=", ".join(sorted(known))))
            missing = [f.name for f in self.game.keeper_fields() if f.required and e.get(f.name) is None]
            if missing:
                raise KeeperError(Reason("keeper.missing", n=i + 1, field=missing[0]))
            try:
                result = self.game.keeper_result(m, e)
            except KeeperError:
                raise
            except (CardroomError, ValueError, TypeError, KeyError, IndexError) as err:
                reason = err.reason if isinstance(err, CardroomError) and err.reason is not None else str(err)
                raise KeeperError(Reason("keeper.bad_deal", n=i + 1, why=reason)) from None
            m.write_result(result)
        return m

    @property
    def match(self) -> Match[Any, Any, Any, Any]:
        """The game's match holding the sheet (do not change it)."""
        assert self._match is not None
        return self._match

    @property
    def sheet(self) -> Any:
        return self.match.sheet

    @property
    def results(self) -> list[Any]:
        """The deals' result objects, as the game's sheet scored them."""
        return list(self.match.results)

    def render(self, lang: str = "en") -> str:
        """The sheet drawn as on paper, by the game's own renderer."""
        text: str = self.sheet.render(lang=lang)
        return text

    def settlement(self) -> tuple[float, ...] | None:
        """Each seat's result so far in the game's points (the sheet's own count), None where it has none."""
        return self.match.seat_results()

    # ------------------------------------------------------------------ changes
    def _set(self, entries: list[Entry]) -> None:
        self._match = self._replay(entries)  # raises, nothing changed
        self.entries = entries

    def add(self, entry: Mapping[str, Any]) -> None:
        """Write the next announced deal."""
        e = copy.deepcopy(dict(entry))
        self._set([*self.entries, e])
        self._done.append(_Change(len(self.entries) - 1, None, e))
        self._undone.clear()
        self.history.append(HistoryEvent("add", len(self.entries), None, e))

    def fix(self, number: int, entry: Mapping[str, Any]) -> None:
        """Correct deal ``number`` (1-based): the sheet is rewritten from it on."""
        if not 1 <= number <= len(self.entries):
            raise KeeperError(Reason("keeper.no_deal", n=number))
        e = copy.deepcopy(dict(entry))
        before = self.entries[number - 1]
        self._set([*self.entries[:number - 1], e, *self.entries[number:]])
        self._done.append(_Change(number - 1, before, e))
        self._undone.clear()
        self.history.append(HistoryEvent("fix", number, before, e))

    def _apply(self, ch: _Change, forward: bool) -> list[Entry]:
        es = list(self.entries)
        if ch.before is None:
            return [*es, ch.after] if forward else es[:ch.index] + es[ch.index + 1:]
        es[ch.index] = ch.after if forward else ch.before
        return es

    def undo(self) -> None:
        """Take back the last change (an added deal, a correction)."""
        self._step(False)

    def redo(self) -> None:
        """Make again the last change taken back."""
        self._step(True)

    def _step(self, forward: bool) -> None:
        """Undo (``forward`` false) or redo the last change on its stack, which moves to the other stack."""
        src, dst = (self._undone, self._done) if forward else (self._done, self._undone)
        if not src:
            raise KeeperError(Reason("keeper.nothing_to_redo" if forward else "keeper.nothing_to_undo"))
        ch = src[-1]
        self._set(self._apply(ch, forward))
        dst.append(src.pop())
        was, now = (ch.before, ch.after) if forward else (ch.after, ch.before)
        self.history.append(HistoryEvent("redo" if forward else "undo", ch.index + 1, was, now))

    # ------------------------------------------------------------------ the file
    def to_json(self) -> dict[str, Any]:
        """The keeper as a JSON-ready dict: the game, its options, the entries, the history, the undo
        and redo stacks; the sheet (its ``to_dict``) for readers, rebuilt from the entries on reading."""
        from cardroom.games import canonical

        def ch(c: _Change) -> dict[str, Any]:
            return {"index": c.index, "before": c.before, "after": c.after}

        return {
            "format": FORMAT, "game": canonical(self.game.name), "options": dict(self.game.options()),
            "first_dealer": self.first_dealer, "entries": copy.deepcopy(self.entries),
            "history": [h.to_dict() for h in self.history],
            "undo": [ch(c) for c in self._done], "redo": [ch(c) for c in self._undone],
            "sheet": self.sheet.to_dict(),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Keeper:
        """A keeper replayed from :meth:`to_json`'s dict (its sheet recomputed by the game)."""
        from cardroom.games import load

        if data.get("format") != FORMAT:
            raise KeeperError(Reason("keeper.bad_file", why=str(data.get("format"))))
        try:
            game = load(str(data["game"]), **dict(data.get("options", {})))
            k = cls(game, int(data.get("first_dealer", 0)), [dict(e) for e in data["entries"]],
                    [HistoryEvent(h["op"], h["deal"], h["before"], h["after"]) for h in data.get("history", [])],
                    [_Change(c["index"], c["before"], c["after"]) for c in data.get("undo", [])],
                    [_Change(c["index"], c["before"], c["after"]) for c in data.get("redo", [])])
        except (KeyError, TypeError, ValueError) as err:
            raise KeeperError(Reason("keeper.bad_file", why=str(err))) from None
        return k


def entry_text(entry: Entry) -> str:
    """An entry as the ``key=value`` words it is typed in (a list's values joined by commas)."""
    return " ".join(f"{k}={','.join(map(str, v)) if isinstance(v, list) else v}" for k, v in entry.items())


def history_rows(keeper: Keeper, lang: str) -> list[str]:
    """The keeper's history as the terminal and the phone page show it, one row a change (``keep.history.*``)."""
    return [t("keep.history." + h.op, lang, i=i, n=h.deal, before="" if h.before is None else entry_text(h.before),
              after="" if h.after is None else entry_text(h.after)) for i, h in enumerate(keeper.history, 1)]
