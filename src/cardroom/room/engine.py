"""The card room without the web: tables, seats, tokens, bots, chance, messages, the event store.

Everything here is game-neutral: it speaks only the :class:`~cardroom.core.game.State` protocol.
The one game-specific piece is :func:`pbn_record` (bridge's PBN export); the computer player
that sits at a table is the game's own (:meth:`cardroom.core.game.Game.bot`).

Determinism: the chance action at order number ``n`` of a table is drawn from
``random.Random(f"{seed}/{n}")`` and a bot's decision at order number ``n`` comes from a bot made
fresh with a seed derived from ``(seed, seat, n)`` by SHA-256 (:func:`bot_seed`). A table is
therefore a pure function of its seed and of the people's actions, and a restarted server that
replays the stored actions goes on exactly as an uninterrupted one would.

Secrecy (issue 12): whoever knows a table's seed knows every hand, so the seed of a table is drawn
from :mod:`secrets` (62 bits) and shown to nobody until the match is over (then the record
publishes it, so that the deals can be checked). A seed chosen by a client is accepted only for a
**practice table** (``practice=True``), which every seat sees marked as one.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import importlib
import json
import logging
import random
import secrets
import time
from collections import deque
from collections.abc import Awaitable, Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from cardroom.core.errors import CardroomError, ParseError
from cardroom.core.game import CHANCE, Game, State
from cardroom.core.laws import Irregular, RulingChoice
from cardroom.core.match import Match
from cardroom.core.options import OptionError, OptionSpec, quote
from cardroom.core.view import release_moment, table_of
from cardroom.games import load, names
from cardroom.records.registry import record_dict
from cardroom.room.messages import Own, laws_texts, localize_sheet, msg, option_accepts
from cardroom.room.store import (
    AsyncStore,
    Problem,
    SeatEvent,
    StoredTable,
    StoreError,
    TableProblem,
    one_line,
    secret_hash,
    short,
)

log = logging.getLogger("cardroom.room")


# ------------------------------------------------------------------ JSON
def _orjson() -> Any:
    try:
        return importlib.import_module("orjson")
    except ImportError:  # optional: the standard library's encoder does the same job, slower
        return None


_ORJSON = _orjson()


def dumps(obj: Any) -> str:
    """JSON text of a message (UTF-8 characters kept as they are). orjson when it is installed (ten
    times faster on a state message), else the standard library; both give the same JSON value."""
    if _ORJSON is not None:
        try:
            text: str = _ORJSON.dumps(obj, option=_ORJSON.OPT_NON_STR_KEYS).decode()
            return text
        except TypeError:  # an integer beyond 64 bits, an unusual type: let json decide
            pass
    return json.dumps(obj, ensure_ascii=False)


CLAIM_WORDS = ("claim", "concede", "претензия", "уступка")
"""Laws mode: a claim or concession of tricks (bridge's ``claim S 4``, ``concede E 2``, L32–L33) is sent
like an irregular action, at any moment, by the seat itself."""


ONLINE_OPTION = "laws_online"
"""The game option the room sets at every laws-mode table of a game that has it: the server shuffles
and deals, so no deal can be faulty and the laws that repair a faulty deal (preferans' ``misdeal``,
bridge's ``reshuffle``) are refused instead of giving a free redeal (issue 12)."""


def laws_mode(game: Game) -> bool:
    """Whether a table's game is in laws mode (the option ``laws``; off by default): irregular actions
    are then accepted, recorded and ruled on (``cardroom.core.laws``)."""
    return bool(dict(game.options()).get("laws", False))


def accepts_laws(game_name: str) -> bool:
    """Whether a game has laws mode (its option schema has the option ``laws``)."""
    return "laws" in type(load(game_name)).option_schema()


def has_pbn(state: State) -> bool:
    """Whether a match can be written as PBN (its game names a PBN writer: ``Game.record_formats``; the
    table's ``records`` tell the client)."""
    return "pbn" in type(state.game).record_formats()


def hint_offered(game: Game, legal: Sequence[Any]) -> bool:
    """Whether the hint is offered for a seat choosing among ``legal``: the game has a search bot, and
    the choice is not a ruling under the laws (the search bot does not weigh those)."""
    return bool(legal) and type(game).has_search_bot and not all(isinstance(a, RulingChoice) for a in legal)


def pbn_record(state: State, players: dict[str, str]) -> str | None:
    """The PBN text of a match, None for games PBN cannot hold."""
    if not has_pbn(state):
        return None
    return type(state.game).pbn_text(state, players)


class LegalRandomBot:
    """The fallback bot for games without a bot of their own: a uniformly random legal action.

    The legal actions are those of the seat on turn, which that seat's view lists anyway."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose_from(self, legal: Sequence[Any]) -> Any:
        if not legal:
            raise ValueError("no legal action")
        return self.rng.choice(list(legal))


def make_bot(game: Game, seed: int) -> Any:
    """The computer player that sits at a table: the game's rule-based bot (:meth:`Game.bot`), or None
    when the game has none (then :class:`LegalRandomBot` plays)."""
    if "rule" not in game.bot_kinds():
        return None
    return game.bot("rule", seed)


def chance_rng(seed: int, n: int, redeal: int = 0) -> random.Random:
    """The chance drawn at order number ``n`` of a table of seed ``seed``; ``redeal``: how many times the
    deal begun there was dealt again (law 37, :meth:`Room.redeal`), so that a new deal has new cards."""
    return random.Random(f"{seed}/{n}" if not redeal else f"{seed}/{n}/redeal {redeal}")


SEED_BITS = 62
"""A table's seed: drawn by :func:`secrets.randbits` (or chosen, for a practice table only)."""


def derived_seed(seed: int, *parts: object) -> int:
    """A 62-bit seed derived from a table's secret seed and ``parts`` by SHA-256: knowing derived seeds
    (or the choices made with them) tells nothing about the table's seed."""
    text = "/".join(["cardroom", str(seed), *map(str, parts)])
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") >> (64 - SEED_BITS)


def bot_seed(seed: int, seat: int, n: int) -> int:
    """The seed of the bot that makes seat ``seat``'s decision at order number ``n`` (a keyed hash:
    a bot's choices do not let anyone recover the table's seed). Bots' actions are stored, so a
    replay never asks a bot again: changing this derivation changes only decisions still to come."""
    return derived_seed(seed, "bot", seat, n)


# ------------------------------------------------------------------ public view
def intersect_views(views: Sequence[Any]) -> Any:
    """The part of JSON values that is identical in all of them (the rest becomes None).

    Given the views of every seat, the result holds only what every seat sees: a card it keeps is
    in every seat's view, hence visible to every seat, hence public. Dicts keep their common keys;
    lists of one length are intersected item by item; lists of different lengths and differing
    scalars become None.
    """
    first = views[0]
    # the same in every view (a sheet, the auction…): kept whole, without looking inside
    if all(v == first for v in views) and all(type(v) is type(first) for v in views):
        return first
    if all(isinstance(v, dict) for v in views):
        keys = [k for k in first if all(k in v for v in views)]
        return {k: intersect_views([v[k] for v in views]) for k in keys}
    if all(isinstance(v, list) for v in views):
        if all(len(v) == len(first) for v in views):
            return [intersect_views(col) for col in zip(*views, strict=True)]
        return None
    if all(type(v) is type(first) and v == first for v in views):
        return first
    return None


def message_view(view: dict[str, Any]) -> dict[str, Any]:
    """A seat's view (``to_dict()``) as a state message carries it: without its sheet, which the message
    carries once, at its top, in the reader's language (``"sheet"``)."""
    if "sheet" not in view:
        return view
    out = view.copy()
    del out["sheet"]
    return out


def public_view(state: State, views: Sequence[dict[str, Any]] | None = None) -> dict[str, Any]:
    """What a spectator sees: the intersection of every seat's view (``views``: those views, already
    built for this state, in seat order)."""
    if views is None:
        views = [state.view(s).to_dict() for s in range(state.game.num_seats)]
    out = intersect_views(list(views))
    assert isinstance(out, dict)
    return out


# ------------------------------------------------------------------ seats
@dataclass
class SeatInfo:
    kind: str = "empty"  # empty | human | bot | invited
    name: str = ""
    token_hash: str | None = None
    code_hash: str | None = None

    def public(self) -> dict[str, Any]:
        return {"kind": self.kind, "name": self.name}


class RoomError(CardroomError):
    """A request the room refuses: ``status`` is the HTTP status, ``code`` a stable key for clients,
    the message (English; :meth:`text` for another language) comes from :mod:`cardroom.room.messages`;
    ``headers`` go with the HTTP answer (``Retry-After``, ``Connection: close``)."""

    def __init__(self, status: int, key: str, *, code: str | None = None, headers: dict[str, str] | None = None,
                 **kw: Any) -> None:
        super().__init__(msg(key, "en", **kw))
        self.status = status
        self.key = key
        self.code = code or key
        self.headers = headers
        self.kw = kw

    def text(self, lang: str = "en") -> str:
        return msg(self.key, lang, **self.kw)  # a position (``where``) is written in the reader's language


class OptionRefused(RoomError):
    """A table's option its game's schema does not accept (400 ``bad_option``): the option's name, what
    it accepts (in the reader's language) and a short quote of the value given."""

    def __init__(self, game: str, e: OptionError) -> None:
        self.spec: OptionSpec | None = e.spec
        if e.spec is None:
            super().__init__(400, "unknown_option", code="bad_option", game=game, option=e.option,
                             known=", ".join(e.known or ()))
        else:
            super().__init__(400, "bad_option", code="bad_option", game=game, option=Own(e.option),
                             accepts=e.accepts, got=e.got)

    def text(self, lang: str = "en") -> str:
        if self.spec is None:
            return super().text(lang)
        return msg(self.key, lang, **{**self.kw, "accepts": option_accepts(self.spec, lang)})


def game_class(name: str) -> type[Game]:
    """The registered game called ``name`` (or an alias); 400 ``bad_game`` naming the games there are."""
    if len(name) <= 100:
        with contextlib.suppress(CardroomError):
            return type(load(name))
    raise RoomError(400, "unknown_game", code="bad_game", game=quote(name), known=", ".join(names()))


Subscriber = Callable[[str, bool], None]
"""Receives every message (JSON text) for its seat, in order; the flag is True for a state message
(which a newer state message makes redundant: it carries the whole view)."""


_last_sized: tuple[str, int] = ("", 0)
"""The last message an outbox measured and its UTF-8 size (the same text goes to many outboxes)."""


class Outbox:
    """One connection's outgoing messages, at most ``limit`` of them and ``max_bytes`` bytes of them
    (UTF-8) waiting.

    A client that does not read its socket must not make the server's memory grow: when the box is
    full, the oldest waiting *state* message is dropped (every state message carries the whole view,
    so the newest one supersedes it; such a client sees ``seq`` jump), or, when none waits, the
    oldest message, until the new message fits; a single message larger than ``max_bytes`` still
    goes, alone. The byte count is kept as messages come and go (no sum over the box). A connection
    that stays stuck is closed by the server (see ``app.py``)."""

    def __init__(self, limit: int = 64, max_bytes: int = 256 * 1024) -> None:
        if limit < 1:
            raise ValueError("an outbox holds at least one message")
        self.limit = limit
        self.max_bytes = max_bytes
        self._items: deque[tuple[str, bool, int]] = deque()
        self._bytes = 0
        self._ready = asyncio.Event()
        self._closed = False
        self.dropped = 0
        self.peak = 0
        self.peak_bytes = 0
        self.busy_since: float | None = None  # when the message being sent now was handed to the socket
        self.task: asyncio.Task[None] | None = None  # the task that sends this box's messages

    def __len__(self) -> int:
        return len(self._items)

    @property
    def bytes(self) -> int:
        """The UTF-8 size of the messages waiting."""
        return self._bytes

    def put(self, text: str, replaceable: bool = False) -> None:
        items = self._items
        global _last_sized
        if text is _last_sized[0]:  # a broadcast hands the same text to every connection of a seat
            size = _last_sized[1]
        else:
            size = len(text) if text.isascii() else len(text.encode("utf-8"))
            _last_sized = (text, size)
        while items and (len(items) >= self.limit or self._bytes + size > self.max_bytes):
            for i, (_, r, n) in enumerate(items):  # noqa: B007 - n: the size of the message dropped
                if r:
                    del items[i]
                    break
            else:
                _, _, n = items.popleft()
            self._bytes -= n
            self.dropped += 1
        items.append((text, replaceable, size))
        self._bytes += size
        if len(items) > self.peak:
            self.peak = len(items)
        if self._bytes > self.peak_bytes:
            self.peak_bytes = self._bytes
        self._ready.set()

    def close(self) -> None:
        self._closed = True
        self._ready.set()

    async def get(self) -> str | None:
        """The next message, or None once the box is closed."""
        while not self._items:
            if self._closed:
                return None
            self._ready.clear()
            await self._ready.wait()
        text, _, size = self._items.popleft()
        self._bytes -= size
        return text

Observer = Callable[[int | None, dict[str, Any], State], None]
"""Test and audit hook: (seat or None for spectators, message, state at send time)."""


@dataclass
class TableRuntime:
    id: str
    game: Game
    options: dict[str, Any]
    seed: int
    owner_hash: str
    parent: str | None
    created: float
    state: Match[Any, Any, Any, Any]
    seats: list[SeatInfo]
    child: str | None = None
    subscribers: dict[tuple[int | None, str], list[Subscriber]] = field(default_factory=dict)
    closers: set[Callable[[], None]] = field(default_factory=set)
    """What closes each local connection to the table (the room lets the table go: :meth:`Room.drop`)."""
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    driver: asyncio.Task[None] | None = None
    labels: list[str] = field(default_factory=list)
    laws: bool = False
    serial: int = 0
    """The table's place in the lobby: higher for newer tables (the lobby's cursor)."""
    _legal: tuple[Any, int, bool, tuple[Any, ...]] | None = field(default=None, init=False, repr=False,
                                                                   compare=False)
    """:meth:`legal_actions`' list and the state, length of history and abandonment it was made for."""
    last_active: float = field(default_factory=time.monotonic)
    """When a person last did something here (sat, acted, left the last socket): the idle expiry's clock."""
    practice: bool = False  # a practice table: its seed was chosen by a client (issue 12)
    claim: Any = None
    """The claim the opponents are asked about (:class:`cardroom.room.claims.PendingClaim`), None when
    none is: meanwhile nobody plays."""
    table_options: dict[str, Any] = field(default_factory=dict)
    """The room's options of this table (:mod:`cardroom.room.tableopts`: undo, timer, rated)."""
    undo: Any = None
    """The undo request the opponents are asked about (:class:`cardroom.room.undo.PendingUndo`), None when
    none is: meanwhile nobody plays."""
    chat: Any = None
    """The table's chat (:class:`cardroom.room.chat.TableChat`, made at the first message; never stored)."""
    acks: set[int] = field(default_factory=set)
    """The seats that asked for the next deal since the last deal ended (the room's, not the game's:
    never stored, so the records replay the same; a restarted server asks again)."""
    acks_for: int = 0
    """The number of the finished deal :attr:`acks` answer."""
    deal_wait: bool = False
    """The room's :attr:`Room.deal_wait`: the next deal waits for the people at the table."""
    deals: list[Any] | None = None
    """The deals a club evening gives this table (its boards, :mod:`cardroom.room.evening`), dealt in
    order instead of a shuffle; once they are used up the table waits for the evening. Never stored
    (the deals are stored as its actions); None for every other table."""
    redeals: dict[int, int] = field(default_factory=dict)
    """How many times the deal begun at each order number was dealt again (law 37's new deal,
    :meth:`Room.redeal`; from the table's ``redeal`` seat events): the chance drawn there anew."""

    # ----------------------------------------------------------- facts
    @property
    def seq(self) -> int:
        return len(self.state.history)

    @property
    def full(self) -> bool:
        return all(s.kind in ("human", "bot") for s in self.seats)

    def players(self) -> dict[str, str]:
        return {self.labels[i]: (s.name or s.kind) for i, s in enumerate(self.seats) if s.kind in ("human", "bot")}

    def legal_actions(self) -> tuple[Any, ...]:
        """The state's legal actions, listed once per state (a broadcast's messages and the check of the
        next action read the same list): a state changes only by an action, which lengthens its history
        (the table's ``seq``), or by its abandonment."""
        state = self.state
        n, abandoned = len(state.history), state.abandoned
        c = self._legal
        if c is not None and c[0] is state and c[1] == n and c[2] == abandoned:
            return c[3]
        legal = tuple(state.legal_actions())
        self._legal = (state, n, abandoned, legal)
        return legal

    def to_act_seat(self) -> int | None:
        ta = self.state.to_act
        return None if ta is None or ta == CHANCE else ta

    def deal_end(self) -> dict[str, Any] | None:
        """The end of the deal just finished, while the next one waits (:meth:`Match.deal_end`)."""
        return self.state.deal_end()

    def awaited(self) -> list[int]:
        """The people's seats the next deal waits for (each asks for it: :meth:`Room.next_deal`), empty
        when nothing waits; the acknowledgements of an earlier deal's end do not count."""
        if not self.deal_wait:
            return []
        end = self.deal_end()
        if end is None or self.state.is_over:
            return []
        if self.acks_for != end["number"]:
            self.acks, self.acks_for = set(), end["number"]
        return [i for i, s in enumerate(self.seats) if s.kind == "human" and i not in self.acks]

    def info(self, lang: str = "en") -> dict[str, Any]:
        return {
            "id": self.id,
            "game": self.game.name,
            "options": dict(self.game.options()),
            "laws": laws_mode(self.game),
            "practice": self.practice,
            "seats": [{"seat": i, "label": self.labels[i], **s.public()} for i, s in enumerate(self.seats)],
            "seq": self.seq,
            "started": self.seq > 0,
            "to_act": self.to_act_seat(),
            "over": self.state.is_over,
            "position": self.state.where().text(lang),
            "parent": self.parent,
            "next": self.child,
            "records": list(type(self.state.game).record_formats()),
            "table_options": dict(self.table_options),
        }

    def seat_of_token(self, token: str) -> int | None:
        h = secret_hash(token)
        for i, s in enumerate(self.seats):
            if s.token_hash is not None and secrets.compare_digest(s.token_hash, h):
                return i
        return None

    def is_owner(self, token: str) -> bool:
        return secrets.compare_digest(self.owner_hash, secret_hash(token))

    # ----------------------------------------------------------- messages
    def seat_list(self) -> list[dict[str, Any]]:
        return [{"seat": i, "label": self.labels[i], **s.public()} for i, s in enumerate(self.seats)]

    def message_for(self, seat: int | None, lang: str = "en", views: dict[int, dict[str, Any]] | None = None,
                    seats: list[dict[str, Any]] | None = None,
                    positions: dict[str, str] | None = None,
                    common: dict[str, Any] | None = None) -> dict[str, Any]:
        """The state message for one seat (or a spectator), built from that seat's view alone; its
        texts (``position``, the sheet's reasons) in ``lang``. ``views``: a cache of this state's
        seat views shared by the messages of one broadcast (a spectator's public view is built from
        the seats' views); ``positions``: the position's text by language, shared likewise;
        ``common``: the message's keys that are the same for every seat, likewise."""
        state = self.state
        if views is None:
            views = {}
        position = None if positions is None else positions.get(lang)
        if position is None:
            position = state.where().text(lang)
            if positions is not None:
                positions[lang] = position
        if not common:
            shared = self._common_fields()
            if common is not None:
                common.update(shared)
        else:
            shared = common

        def view_of(s: int) -> dict[str, Any]:
            v = views.get(s)
            if v is None:
                v = views[s] = state.view(s).to_dict()
            return v

        to_act = shared["to_act"]
        legal: list[dict[str, Any]] = []
        hint = False  # whether the hint is offered to this seat now (the client shows its button only then)
        if seat is not None:
            view = view_of(seat)
            if to_act == seat and self.seats[seat].kind == "human":
                actions = self.legal_actions()
                legal = [{"id": i, "text": state.action_text(a)} for i, a in enumerate(actions)]
                hint = hint_offered(state.game, actions)
        else:
            view = public_view(state, [view_of(s) for s in range(state.game.num_seats)])
        sheet = view.get("sheet")
        view = message_view(view)
        base = shared.get("message")
        if base is None:  # the keys every seat's message of this state holds alike, in their places
            base = {"type": "state", "table": self.id, "seat": None, "seq": self.seq, "view": None,
                    "to_act": to_act, "chance_next": shared["chance_next"], "legal": None, "hint": False,
                    "sheet": None, "over": shared["over"], "abandoned": shared["abandoned"], "laws": self.laws,
                    "practice": self.practice, "position": None,
                    "seats": self.seat_list() if seats is None else seats, "next": self.child, "claim": None,
                    "undo": None if self.undo is None else self.undo.public(), "deal_end": shared["deal_end"],
                    "awaited": shared["awaited"]}
            if common is not None:
                common["message"] = base
        m = base.copy()
        m["seat"], m["view"], m["legal"], m["hint"], m["position"] = seat, view, legal, hint, position
        m["sheet"] = localize_sheet(sheet, lang)  # the sheet as the seat's own view shows it
        if self.claim is not None:
            m["claim"] = self.claim.for_seat(seat)
        if self.laws:  # the ruling's law, the restrictions and the irregularity's detail in the reader's language
            m["laws_text"] = laws_texts(view, state.game.name, state.game.family, lang)
        return m

    def _common_fields(self) -> dict[str, Any]:
        """The state message's keys that every seat's message of this state shares."""
        state = self.state
        ta = state.to_act
        return {"to_act": None if ta is None or ta == CHANCE else ta, "chance_next": ta == CHANCE,
                "over": state.is_over, "abandoned": state.abandoned, "deal_end": self.deal_end(),
                "awaited": self.awaited()}

    def broadcast(self, observer: Observer | None) -> None:
        """Send the new state to every subscriber: one message built and encoded per seat and
        language, whatever the number of connections; the seats' views built once."""
        views: dict[int, dict[str, Any]] = {}
        positions: dict[str, str] = {}
        common: dict[str, Any] = {}
        seats = self.seat_list()
        for (seat, lang), subs in list(self.subscribers.items()):
            if not subs:
                continue
            m = self.message_for(seat, lang, views, seats, positions, common)
            if observer is not None:
                observer(seat, m, self.state)
            text = dumps(m)
            for send in list(subs):
                send(text, True)
        # the views of this moment are sent: what they shared is let go now, freed as it was made, rather
        # than kept on the state until its next action and walked by the cycle collector meanwhile
        release_moment(self.state)

    def notify(self, message: dict[str, Any]) -> None:
        text = dumps(message)
        for subs in self.subscribers.values():
            for send in list(subs):
                send(text, False)


def deal_start(game: Game, state: Match[Any, Any, Any, Any]) -> int | None:
    """The order number of the first action of the deal in play (its dealing), found by replaying the
    match's log up to where that deal began; None when no deal is in play (the match over, or its
    opening, the draw for the deal, not done)."""
    if state.is_over or state.deal is None:
        return None
    finished = len(state.results)
    replay = game.new_initial_state()
    for i, action in enumerate(state.history):
        if len(replay.results) == finished and replay.deal is not None and not replay.deal.history:
            return i
        replay.apply(action)
    return len(state.history)


SEAT_EVENT_KINDS = ("sit", "redeem", "bot", "invite", "abandon", "expire", "options", "undo", "redeal")
"""Every kind of stored seat event; a stored table with another kind is set aside at load."""


def _current_seat_events(rt: TableRuntime) -> list[SeatEvent]:
    """The seat events that seat the table's players as they sit now (people, bots, invitations)."""
    events: list[SeatEvent] = []
    for i, s in enumerate(rt.seats):
        if s.kind == "human":
            events.append(SeatEvent(i, "sit", s.name, s.token_hash))
        elif s.kind == "bot":
            events.append(SeatEvent(i, "bot", s.name, None))
        elif s.kind == "invited":
            events.append(SeatEvent(i, "invite", s.name, s.code_hash))
    return events


def _seat_infos(n: int, events: Sequence[SeatEvent]) -> list[SeatInfo]:
    seats = [SeatInfo() for _ in range(n)]
    for e in events:
        s = seats[e.seat]
        if e.kind == "sit" or e.kind == "redeem":
            s.kind, s.name, s.token_hash, s.code_hash = "human", e.name, e.secret_hash, None
        elif e.kind == "bot":
            s.kind, s.name, s.token_hash, s.code_hash = "bot", e.name, None, None
        elif e.kind == "invite":
            s.kind, s.name, s.code_hash = "invited", e.name, e.secret_hash
    return seats


def game_catalogue() -> list[dict[str, Any]]:
    """Every registered game with its configurations, the options its lobby offers (each with the
    default and the values to offer, and its kind, range… from the game's option schema) and the whole
    schema (``schema``: every option a table may set, :meth:`~cardroom.core.options.Schema.describe`)."""
    out = []
    for n in names():
        g = load(n)
        cls = type(g)
        schema = cls.option_schema()
        configs = cls.configurations()
        defaults = dict(g.options())
        options: dict[str, dict[str, Any]] = {}
        for key, value in defaults.items():
            choices: list[Any] = []
            for c in [defaults, *configs]:
                v = c.get(key)
                if key in c and v not in choices:
                    choices.append(v)
            options[key] = {"default": value, "choices": choices}
        for key, offered in cls.option_choices().items():  # free options: None = the variant's own value
            options.setdefault(key, {"default": None, "choices": list(offered)})
        if "laws" not in options and "laws" in schema:  # laws mode: an on/off option, off by default
            options["laws"] = {"default": False, "choices": []}
        options.pop(ONLINE_OPTION, None)  # set by the room itself, never chosen in the lobby
        for c in configs:  # options a configuration sets that the defaults do not list
            for key, v in c.items():
                opt = options.setdefault(key, {"default": None, "choices": []})
                if v not in opt["choices"]:
                    opt["choices"].append(v)
        described = schema.describe()
        for key, opt in options.items():
            d = described.get(key)
            if d is None:
                continue
            if "choices" in d:  # both booleans, every text (and null when the option takes it)
                opt["choices"] = [None, *d["choices"]] if d["nullable"] and opt["default"] is None else d["choices"]
            elif d["kind"] == "int" and d["max"] - d["min"] <= 10 and key not in cls.option_choices():
                opt["choices"] = list(range(d["min"], d["max"] + 1))  # a short range: every value
            opt.update({k: v for k, v in d.items() if k not in ("default", "choices")})
        out.append({
            "name": g.name,
            "aliases": list(cls.aliases),
            "family": cls.family,
            "title": dict(cls.title),
            "seats": g.num_seats,
            "explains_calls": bool(cls.call_explainer_path),  # GET /api/tables/{id}/explain answers
            "configurations": configs,
            "options": options,
            "schema": described,
        })
    return out


@dataclass(frozen=True)
class Quarantined:
    """A stored table set aside at load: not served, listed by ``cardroom room quarantine``."""

    id: str
    game: str  # empty for an orphan (rows without a table row)
    problem: Problem


def _why(e: BaseException) -> str:
    text = str(e) if isinstance(e, CardroomError) else f"{type(e).__name__}: {e}"
    return one_line(text, 200)


def build_runtime(st: StoredTable) -> TableRuntime:
    """A table rebuilt from its stored rows (raises :class:`~cardroom.room.store.TableProblem` when
    the rows do not make a table of the game)."""
    try:
        game = load(st.game, **st.options)
        state = game.new_initial_state()
        labels = [str(state.view(i).to_dict().get("seat", i)) for i in range(game.num_seats)]
    except Exception as e:  # an unknown game, options it refuses: this table only
        raise TableProblem("q.game", game=short(st.game), options=short(st.options), why=_why(e)) from None
    for ev in st.seat_events:
        if ev.kind not in SEAT_EVENT_KINDS:
            raise TableProblem("q.seat_kind", kind=short(ev.kind))
        if not 0 <= ev.seat < game.num_seats:  # a negative seat would silently name another one
            raise TableProblem("q.seat", kind=short(ev.kind), seat=ev.seat, last=game.num_seats - 1)
    rt = TableRuntime(st.id, game, st.options, st.seed, st.owner_hash, st.parent, st.created, state,
                      _seat_infos(game.num_seats, st.seat_events), labels=labels, laws=laws_mode(game),
                      practice=st.practice)
    from cardroom.room import tableopts

    for ev in st.seat_events:  # the table's own options (room/tableopts.py), its first event
        if ev.kind == "options":
            try:
                rt.table_options = tableopts.from_text(ev.name)
            except RoomError as e:
                raise TableProblem("q.failed", why=short(e.text())) from None
    if not rt.table_options:
        rt.table_options = dict(tableopts.DEFAULTS)
    for ev in st.seat_events:  # law 37's new deals: the order number each one dealt again at
        if ev.kind == "redeal":
            if not ev.name.isdigit() or len(ev.name) > 9:
                raise TableProblem("q.failed", why=short(f"redeal {ev.name}"))
            rt.redeals[int(ev.name)] = rt.redeals.get(int(ev.name), 0) + 1
    for i, text in enumerate(st.actions):
        try:
            state.apply(state.parse_action(text))
        except Exception as e:  # unreadable, illegal, or the game's code failed on it
            raise TableProblem("q.action", n=i, text=short(text), why=_why(e)) from None
    if any(ev.kind in ("abandon", "expire") for ev in st.seat_events):  # stored after every action of the table
        try:
            state.abandon()
        except Exception as e:
            raise TableProblem("q.abandon", why=_why(e)) from None
    return rt


def build_tables(stored: Sequence[StoredTable]) -> tuple[
        dict[str, TableRuntime], dict[str, Quarantined], list[tuple[str, Problem]]]:
    """The tables rebuilt from the store, the ones set aside, and notes on served tables (a rematch
    whose parent is not served). One table's failure never stops the others."""
    tables: dict[str, TableRuntime] = {}
    quarantined: dict[str, Quarantined] = {}
    notes: list[tuple[str, Problem]] = []
    for st in stored:
        problem = st.problem
        if problem is None:
            try:
                tables[st.id] = build_runtime(st)
                continue
            except TableProblem as e:
                problem = e.problem
            except Exception as e:  # anything else while rebuilding: contained too
                problem = Problem("q.failed", {"why": _why(e)})
        quarantined[st.id] = Quarantined(st.id, st.game, problem)
    for rt in tables.values():
        if rt.parent is None:
            continue
        if rt.parent in tables:
            tables[rt.parent].child = rt.id
        else:  # a rematch is a match of its own: served, its parent link kept
            notes.append((rt.id, Problem("q.parent", {"parent": rt.parent})))
    return tables, quarantined, notes


def new_id() -> str:
    return secrets.token_urlsafe(8).replace("-", "x").replace("_", "y")


class Room:
    """All tables of one server. Methods that change anything are coroutines that commit first."""

    def __init__(self, store: AsyncStore, bot_delay: float = 0.0, observer: Observer | None = None,
                 outbox_limit: int = 64, stuck_seconds: float = 30.0, bot_thread: bool = True,
                 deal_wait: bool = False, deal_pause: float = 0.0) -> None:
        self.store = store
        self._bot_pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="cardroom-bots") if bot_thread else None
        """Bots think on their own thread, so that a long decision (a preferans bid weighs every talon)
        does not hold up the event loop and every other table; the table stays locked meanwhile."""
        self.bot_delay = bot_delay
        self.observer = observer
        self.outbox_limit = outbox_limit
        """Messages waiting for one connection at most (older state messages are dropped beyond)."""
        self.stuck_seconds = stuck_seconds
        """A connection whose socket accepts nothing for this long is closed."""
        self.outbox_bytes = 256 * 1024
        """Bytes of messages waiting for one connection at most (``create_app(outbox_bytes=…)``)."""
        self.max_frame: int | None = None
        """Bytes of one message from a client at most (``create_app(max_frame=…)``), None: no cap."""
        self.store_retries = 5
        self.store_retry_pause = 0.5
        """A chance or bot action the store refuses is tried again after 0.5, 1, 2, 4, 8 s; then the table's
        driver stops (one log line) until the table is next changed. Other tables are never held up."""
        self.tables: dict[str, TableRuntime] = {}
        self.over_hooks: list[Callable[[TableRuntime], None]] = []
        """Called when a table's match ends by its last action (the club tables move on: room/clubtable.py)."""
        self.quarantined: dict[str, Quarantined] = {}
        """Stored tables set aside at load (not served: 410 ``quarantined``), by id."""
        self.actions_applied = 0
        self.outboxes: set[Outbox] = set()
        self.messages_dropped = 0  # by closed connections' outboxes (see also ``outboxes``)
        self.outbox_peak = 0  # the most messages one closed connection ever had waiting
        self.connections_closed_stuck = 0
        self._serial = 0  # the last table's serial (see TableRuntime.serial)
        self.tables_expired = 0
        self.deal_wait = deal_wait
        """Whether the next deal waits until every person at the table has asked for it (:meth:`next_deal`),
        so that the end of a deal (its last trick, the hands, the result) is seen: on in the server
        (``cardroom serve``), off by default here for tests and benchmarks."""
        self.deal_pause = deal_pause
        """Seconds the end of a deal stays on a table without people before the next deal (0 in tests)."""
        self.on_new_table: Callable[[str], Awaitable[None]] | None = None
        """Awaited with a new table's id before the table is stored (a node takes its lease: room/node.py)."""
        self.on_drop: Callable[[TableRuntime], None] | None = None
        """Called with a table this room lets go (:meth:`drop`: another node owns it now)."""

    # ----------------------------------------------------------- start
    def _runtime(self, st: StoredTable) -> TableRuntime:
        return build_runtime(st)

    async def load(self, prepare: Callable[[Room], None] | None = None) -> None:
        """Rebuild every table from the store and resume the ones where bots or chance act. A table
        that cannot be rebuilt is set aside (:attr:`quarantined`, one log line each); the others are
        served. ``prepare`` is called with the tables rebuilt, before any of them is resumed (a club
        evening holds its tables until it gives them their boards still to come: room/evening.py)."""
        await self._load(None, prepare)

    async def adopt(self, table_ids: list[str]) -> list[TableRuntime]:
        """Rebuild these tables from the store, as :meth:`load` does every table, and resume them (a node
        that takes tables over: room/node.py); the tables served now among them."""
        return await self._load(table_ids, None)

    async def _load(self, only: list[str] | None, prepare: Callable[[Room], None] | None) -> list[TableRuntime]:
        stored = await self.store.call(self.store.store.load_all, only)
        tables, quarantined, notes = build_tables(stored)
        for rt in tables.values():  # in the stored order: the lobby's serials
            self._add(rt)
            if rt.parent in self.tables:
                self.tables[rt.parent].child = rt.id
        if only is not None:  # a node's tables: a rematch may be another node's
            for parent, child in (await self.store.call(self.store.store.children, list(tables))).items():
                if tables[parent].child is None:
                    tables[parent].child = child
        self.quarantined.update(quarantined)
        for q in quarantined.values():
            log.error("%s", msg("log.quarantined", "en", table=q.id, game=q.game or "-", reason=q.problem.text()))
        for table_id, note in notes:
            if only is None:  # a node's table's parent is often another node's
                log.warning("%s", msg("log.note", "en", table=table_id, reason=note.text()))
        if prepare is not None:
            prepare(self)
        for rt in tables.values():
            self.kick(rt)
        return list(tables.values())

    async def drop(self, table_id: str) -> None:
        """Let a table go (another node owns it now): its driver stopped, its connections closed (their
        clients connect again and reach its owner), forgotten here."""
        rt = self.tables.pop(table_id, None)
        if rt is None:
            return
        if rt.driver is not None and not rt.driver.done():
            rt.driver.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await rt.driver
        if self.on_drop is not None:
            self.on_drop(rt)
        for close in list(rt.closers):
            close()

    async def close(self) -> None:
        for rt in self.tables.values():
            if rt.driver is not None and not rt.driver.done():
                rt.driver.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await rt.driver
        if self._bot_pool is not None:
            self._bot_pool.shutdown(wait=True)

    def _add(self, rt: TableRuntime) -> None:
        self._serial += 1
        rt.serial = self._serial
        rt.deal_wait = self.deal_wait
        self.tables[rt.id] = rt

    # ----------------------------------------------------------- lookups
    def table(self, table_id: str) -> TableRuntime:
        rt = self.tables.get(table_id)
        if rt is None:
            if table_id in self.quarantined:  # the reason stays in the log: it may quote hidden cards
                raise RoomError(410, "quarantined", table=table_id)
            raise RoomError(404, "unknown_table", table=table_id)
        return rt

    @staticmethod
    def check_seat(rt: TableRuntime, seat: int) -> SeatInfo:
        if not 0 <= seat < len(rt.seats):
            raise RoomError(404, "unknown_seat", seat=seat, n=len(rt.seats) - 1)
        return rt.seats[seat]

    def authorize(self, rt: TableRuntime, token: str | None, owner_ok: bool = True) -> int | None:
        """The seat a token holds (None for the owner token); refuse any other token."""
        if not token:
            raise RoomError(401, "no_token")
        seat = rt.seat_of_token(token)
        if seat is not None:
            return seat
        if owner_ok and rt.is_owner(token):
            return None
        raise RoomError(403, "bad_token", table=rt.id)

    # ----------------------------------------------------------- tables
    async def create_table(self, game_name: Any, options: Any, seed: int | None = None,
                           parent: str | None = None, seat_events: Sequence[SeatEvent] = (),
                           owner_hash: str | None = None, practice: bool = False,
                           table_options: Any = None, table_id: str | None = None) -> tuple[TableRuntime, str]:
        """A new table. Its seed is secret (:func:`secrets.randbits`) unless it is a ``practice``
        table, where the seed may be chosen; a seed without ``practice`` is refused (400 ``bad_seed``).
        ``table_options``: the room's options of the table (:mod:`cardroom.room.tableopts`).
        ``table_id``: the id to give it (a club evening stores it before the table: room/evening.py)."""
        from cardroom.room import tableopts

        room_options = tableopts.clean(table_options)
        if not isinstance(game_name, str) or not isinstance(options, dict):
            raise RoomError(400, "bad_game")
        if seed is not None and not practice:
            raise RoomError(400, "seed_needs_practice", code="bad_seed")
        cls = game_class(game_name)
        schema = cls.option_schema()
        try:  # every option typed and in range before anything else (cardroom.core.options)
            clean = schema.validate(options)
        except OptionError as e:
            raise OptionRefused(cls.name, e) from None
        if clean.get("laws") is True and ONLINE_OPTION in schema:  # the server deals: no faulty deal to redeal
            clean[ONLINE_OPTION] = True
        owner = secrets.token_urlsafe(24)
        st = StoredTable(table_id or new_id(), cls.name, clean,
                         seed if seed is not None else secrets.randbits(SEED_BITS),
                         owner_hash or secret_hash(owner), parent, time.time(),
                         [*([SeatEvent(0, "options", tableopts.to_text(room_options), None)]
                            if room_options != tableopts.DEFAULTS else []), *seat_events], [],
                         practice=practice)
        try:  # the table is built (its game, first state, seats, info, public message) before it is stored
            rt = self._runtime(st)
            rt.info()
            rt.message_for(None)
        except (CardroomError, TypeError, ValueError) as e:
            why = str(e)
            raise RoomError(400, "bad_options", code="bad_option", game=cls.name,
                            why=why if len(why) <= 200 else why[:199] + "…") from None
        if self.on_new_table is not None:
            await self.on_new_table(st.id)
        await self.store.call(self.store.store.add_table, st)
        self._add(rt)
        if parent is not None and parent in self.tables:
            self.tables[parent].child = rt.id
        self.kick(rt)
        return rt, owner

    @staticmethod
    def _apply_seat_events(rt: TableRuntime, events: Sequence[SeatEvent]) -> None:
        rt.seats = _seat_infos(len(rt.seats), [*_current_seat_events(rt), *events])

    async def _commit_seats(self, rt: TableRuntime, events: list[SeatEvent]) -> None:
        await self.store.call(self.store.store.add_seat_events, rt.id, events)
        rt.last_active = time.monotonic()
        self._apply_seat_events(rt, events)
        rt.broadcast(self.observer)
        self.kick(rt)

    @staticmethod
    def _clean_name(name: Any, seat: int) -> str:
        """A person's name for ``seat`` (the rules: :mod:`cardroom.room.names`); None: ``player <seat>``."""
        from cardroom.room.names import clean_name

        return clean_name(name, seat)

    async def sit(self, table_id: str, seat: int, name: Any) -> str:
        rt = self.table(table_id)
        async with rt.lock:
            s = self.check_seat(rt, seat)
            if s.kind == "invited":
                raise RoomError(409, "seat_reserved", seat=seat)
            if s.kind != "empty":
                raise RoomError(409, "seat_taken", seat=seat)
            token = secrets.token_urlsafe(24)
            await self._commit_seats(rt, [SeatEvent(seat, "sit", self._clean_name(name, seat),
                                                    secret_hash(token))])
            return token

    async def invite(self, table_id: str, seat: int, token: str | None) -> str:
        rt = self.table(table_id)
        async with rt.lock:
            self.authorize(rt, token)
            s = self.check_seat(rt, seat)
            if s.kind not in ("empty", "invited"):
                raise RoomError(409, "seat_taken", seat=seat)
            code = secrets.token_urlsafe(18)
            await self._commit_seats(rt, [SeatEvent(seat, "invite", "", secret_hash(code))])
            return code

    async def redeem(self, table_id: str, seat: int, code: Any, name: Any) -> str:
        rt = self.table(table_id)
        async with rt.lock:
            s = self.check_seat(rt, seat)
            if not isinstance(code, str) or s.kind != "invited" or s.code_hash is None \
                    or not secrets.compare_digest(s.code_hash, secret_hash(code)):
                raise RoomError(403, "bad_invite", seat=seat)
            token = secrets.token_urlsafe(24)
            await self._commit_seats(rt, [SeatEvent(seat, "redeem", self._clean_name(name, seat),
                                                    secret_hash(token))])
            return token

    async def add_bots(self, table_id: str, seats: Any, token: str | None) -> list[int]:
        rt = self.table(table_id)
        async with rt.lock:
            self.authorize(rt, token)
            if seats is None:
                seats = [i for i, s in enumerate(rt.seats) if s.kind == "empty"]
            if not isinstance(seats, list) or not all(isinstance(x, int) and not isinstance(x, bool) for x in seats):
                raise RoomError(400, "bad_seats", code="bad_request")
            for x in seats:
                if self.check_seat(rt, x).kind != "empty":
                    raise RoomError(409, "seat_taken", seat=x)
            if len(set(seats)) != len(seats):
                raise RoomError(400, "bad_seats", code="bad_request")
            await self._commit_seats(rt, [SeatEvent(x, "bot", f"bot {rt.labels[x]}", None) for x in seats])
            return list(seats)

    async def rematch(self, table_id: str, token: str | None) -> TableRuntime:
        rt = self.table(table_id)
        async with rt.lock:
            self.authorize(rt, token)
            if rt.child is not None:
                return self.table(rt.child)
            if not rt.state.is_over:
                raise RoomError(409, "not_over")
            events = _current_seat_events(rt)
            # a fresh secret seed; a practice table's next match is a practice table too, its seed derived
            # from the practice seed (the same practice seed gives the same series of matches)
            new, _ = await self.create_table(rt.game.name, rt.options,
                                             seed=derived_seed(rt.seed, "rematch", rt.seq) if rt.practice else None,
                                             parent=rt.id, seat_events=events, owner_hash=rt.owner_hash,
                                             practice=rt.practice, table_options=rt.table_options)
            rt.notify({"type": "rematch", "table": rt.id, "next": new.id})
            rt.broadcast(self.observer)
            return new

    async def abandon(self, table_id: str, token: str | None) -> TableRuntime:
        """A seated person ends the match unfinished: the game's laws score it (an unfinished
        rubber, a pulka left before the pulya closed); the table is then over, its record published
        and another match may be asked for. Stored (a seat event ``abandon``) before it is applied."""
        rt = self.table(table_id)
        async with rt.lock:
            seat = self.authorize(rt, token, owner_ok=False)
            assert seat is not None
            await self._abandon(rt, seat)
        self._over(rt)
        return rt

    async def _abandon(self, rt: TableRuntime, seat: int) -> None:
        """End ``rt``'s match unfinished in the name of ``seat`` (the caller holds the table's lock)."""
        if rt.state.is_over:
            raise RoomError(409, "over")
        probe = rt.state.clone()
        try:
            probe.abandon()
        except CardroomError as e:
            raise RoomError(409, "cannot_abandon", why=e) from None
        await self.store.call(self.store.store.add_seat_events, rt.id,
                              [SeatEvent(seat, "abandon", rt.seats[seat].name, None)])
        rt.state.abandon()
        rt.claim = rt.undo = None
        rt.last_active = time.monotonic()
        rt.broadcast(self.observer)

    async def end_for_evening(self, rt: TableRuntime) -> None:
        """A club evening ends a table's match whose boards are used up (:mod:`cardroom.room.evening`):
        abandoned in the name of its first seat, as a person there would."""
        async with rt.lock:
            await self._abandon(rt, 0)
        self._over(rt)

    async def close_table(self, table_id: str, token: str | None) -> bool:
        """The owner closes the table (the lobby's "close"): it ends unfinished as an idle table does
        (:meth:`expire`); False when it is over already or cannot end unfinished."""
        rt = self.table(table_id)
        if self.authorize(rt, token) is not None:  # a seat's token: only the owner closes a table
            raise RoomError(403, "bad_token", table=rt.id)
        return await self.expire(table_id, counted=False)

    async def expire(self, table_id: str, counted: bool = True) -> bool:
        """End an idle table unfinished, as :meth:`abandon` does (the game's laws score it), with the
        seat event ``expire`` stored first (so a restart keeps it ended). False when the table is
        over already or its game has no unfinished ending (it is then left as it is). ``counted``:
        counted among the expired tables (not when its owner closed it)."""
        rt = self.table(table_id)
        async with rt.lock:
            if rt.state.is_over:
                return False
            try:
                rt.state.clone().abandon()
            except CardroomError:
                return False
            await self.store.call(self.store.store.add_seat_events, rt.id, [SeatEvent(0, "expire", "", None)])
            rt.state.abandon()
            rt.claim = rt.undo = None
            self.tables_expired += counted
            rt.broadcast(self.observer)
        self._over(rt)
        return True

    async def redeal(self, table_id: str) -> bool:
        """A new deal by law 37 (the club's ruling, :mod:`cardroom.room.clubtable`): the deal in play is
        taken back from its dealing on and the same dealer deals again, with new cards (the chance drawn
        at that order number once more: :func:`chance_rng`'s ``redeal``). The actions are deleted and a
        ``redeal`` seat event noted in one transaction (:meth:`Store.take_back`): after a crash the log
        is either whole or cut with its note. False when no dealt deal is in play (between deals, the
        match over, a claim or an undo asked: nothing changes); a club evening's boards are never dealt
        again (their cards are the evening's)."""
        rt = self.table(table_id)
        async with rt.lock:
            state = rt.state
            if state.is_over or rt.claim is not None or rt.undo is not None or rt.deals is not None:
                return False
            keep = deal_start(rt.game, state)
            if keep is None or keep >= rt.seq:
                return False
            try:
                await self.store.call(self.store.store.take_back, rt.id, keep,
                                      SeatEvent(0, "redeal", str(keep), None))
            except StoreError as e:
                raise RoomError(503, "store", why=str(e)) from None
            rt.redeals[keep] = rt.redeals.get(keep, 0) + 1
            rt.state = rt.game.replay(list(state.history)[:keep])
            rt.broadcast(self.observer)
        self.kick(rt)
        return True

    async def next_deal(self, table_id: str, token: str | None) -> TableRuntime:
        """A seated person has seen the end of the deal and asks for the next one: once every person has,
        the room deals it. Not a game action (nothing is stored); 409 ``no_deal_end`` when no deal's end
        waits."""
        rt = self.table(table_id)
        async with rt.lock:
            seat = self.authorize(rt, token, owner_ok=False)
            assert seat is not None
            if not rt.deal_wait or rt.state.is_over or rt.deal_end() is None:
                raise RoomError(409, "no_deal_end")
            rt.awaited()  # the acknowledgements of an earlier deal's end are forgotten
            rt.acks.add(seat)
            rt.last_active = time.monotonic()
            rt.broadcast(self.observer)
        self.kick(rt)
        return rt

    # ----------------------------------------------------------- actions
    def _resolve(self, rt: TableRuntime, action: Any) -> Any:
        state = rt.state
        legal = rt.legal_actions()
        if isinstance(action, bool) or action is None:
            raise RoomError(400, "bad_action", action=action)
        if isinstance(action, int):
            if not 0 <= action < len(legal):
                raise RoomError(409, "bad_id", code="illegal", id=action, n=len(legal) - 1)
            return legal[action]
        if not isinstance(action, str):
            raise RoomError(400, "bad_action", action=action)
        try:
            a = state.parse_action(action)
        except ParseError as e:
            raise RoomError(400, "unreadable", action=action, why=e) from None
        except CardroomError as e:
            raise RoomError(400, "unreadable", action=action, why=e) from None
        if a not in legal:
            texts = ", ".join(state.action_text(x) for x in legal[:40])
            raise RoomError(409, "illegal", action=action, where=state.where(), legal=texts)
        return a

    async def act(self, table_id: str, token: str | None, action: Any, seq: Any, irregular: Any = None) -> int:
        """A person's action: checked, committed, applied, broadcast. Returns the new seq.

        ``irregular`` (laws mode): what the token's seat does out of turn or against the rules
        (``"8D"``, ``"1H"``, ``"expose KH"``; or the whole text ``"!W 8D"``), sent instead of ``action``.
        An action text starting with ``!`` is irregular too. See :meth:`_resolve_irregular`."""
        rt = self.table(table_id)
        async with rt.lock:
            seat = self.authorize(rt, token, owner_ok=False)
            assert seat is not None
            if irregular is not None:
                if action is not None:
                    raise RoomError(400, "irregular_and_action", code="bad_action")
                if not isinstance(irregular, str) or not irregular.strip():
                    raise RoomError(400, "bad_irregular", code="bad_action", text=irregular)
                text = irregular.strip()
                words = text.split()
                if len(words) == 2 and words[0].lower() in CLAIM_WORDS:  # "claim 4" → "claim N 4"
                    action = f"{words[0]} {rt.labels[seat]} {words[1]}"
                else:
                    action = text if text.startswith("!") or words[0].lower() in CLAIM_WORDS \
                        else f"!{rt.labels[seat]} {text}"
            from cardroom.room.requests import check_turn

            check_turn(rt, seq)  # the opponents answer a claim or an undo request first
            if isinstance(action, str) and (action.strip().startswith("!")
                                            or action.strip().split(" ", 1)[0].lower() in CLAIM_WORDS):
                a = self._resolve_irregular(rt, seat, action.strip())
            else:
                if rt.to_act_seat() != seat:
                    raise RoomError(409, "not_your_turn", seat=rt.labels[seat])
                a = self._resolve(rt, action)
            await self._commit_apply(rt, a)
            rt.last_active = time.monotonic()
        self.kick(rt)
        return rt.seq

    @staticmethod
    def _plays_for(rt: TableRuntime, seat: int, other: int) -> bool:
        """Whether ``seat`` acts for ``other``'s cards: its own, or another hand its own table view says
        it plays (dummy's, for declarer)."""
        return seat == other or other in table_of(rt.state.view(seat)).plays_for

    @staticmethod
    def _sees_hand(rt: TableRuntime, seat: int, other: int) -> bool:
        """Whether ``seat``'s own view shows ``other``'s hand: its own, or one among the hands its table
        view shows (dummy's once it is faced, after the opening lead). Any answer about the cards of a
        hand the sender cannot see would tell it those cards, so the room refuses before the rules look."""
        return seat == other or other in table_of(rt.state.view(seat)).hands

    def _resolve_irregular(self, rt: TableRuntime, seat: int, text: str) -> Any:
        """An irregular action (laws mode only): read by the game, for the token's seat (or, for
        bridge, dummy's cards by declarer), and accepted by the rules on a copy of the state first —
        a refusal leaves the table and its record unchanged."""
        if not rt.laws:
            raise RoomError(409, "not_laws", action=text)
        state = rt.state
        try:
            a = state.parse_action(text)
        except CardroomError as e:
            raise RoomError(400, "unreadable", action=text, why=e) from None
        claim = hasattr(a, "tricks") and hasattr(a, "concede") and hasattr(a, "seat")  # bridge's Claim
        if not isinstance(a, Irregular) and not claim:
            raise RoomError(400, "unreadable", action=text, why="not an irregular action ('!SEAT ACTION')")
        target = int(a.seat)
        if not 0 <= target < len(rt.seats) or not self._plays_for(rt, seat, target):
            other = rt.labels[target] if 0 <= target < len(rt.labels) else str(target)
            raise RoomError(403, "not_your_seat", seat=rt.labels[seat], other=other)
        if not self._sees_hand(rt, seat, target):  # issue 12: declarer may not probe an unfaced dummy
            raise RoomError(409, "dummy_not_faced", code="dummy_not_faced", seat=rt.labels[seat],
                            other=rt.labels[target])
        probe = state.clone()
        try:
            probe.apply(a)
        except ParseError as e:  # the game reads what the seat does only when it applies it
            raise RoomError(400, "unreadable", action=text, why=e) from None
        except CardroomError as e:
            raise RoomError(409, "irregular_refused", action=text, where=state.where(), why=e) from None
        return a

    async def _commit_apply(self, rt: TableRuntime, action: Any) -> None:
        n = rt.seq
        text = rt.state.action_text(action)
        try:
            await self.store.append_action(rt.id, n, text)
        except StoreError as e:
            raise RoomError(503, "store", why=str(e)) from None
        rt.state.apply(action)
        self.actions_applied += 1
        rt.broadcast(self.observer)
        self._over(rt)

    def _over(self, rt: TableRuntime) -> None:
        """Tell the :attr:`over_hooks` when the table's match has ended (by its last action or unfinished)."""
        if rt.state.is_over:
            for hook in self.over_hooks:
                hook(rt)

    # ----------------------------------------------------------- chance and bots
    def kick(self, rt: TableRuntime) -> None:
        """Make sure a driver runs the table's chance and bot turns."""
        if rt.driver is not None and not rt.driver.done():
            return
        if self._auto_seat(rt) is False:
            return
        rt.driver = asyncio.get_running_loop().create_task(self._drive(rt))

    @staticmethod
    def _auto_seat(rt: TableRuntime) -> int | bool:
        """CHANCE or a bot seat when the server must act now; False when a person (or nobody) must."""
        if not rt.full or rt.state.is_over or rt.claim is not None or rt.undo is not None:
            return False
        ta = rt.state.to_act
        if ta == CHANCE:
            if rt.deals is not None and not rt.deals:
                return False  # a club evening's boards are used up: the evening ends the match
            return False if rt.awaited() else CHANCE  # the next deal waits for the people who saw the last
        if ta is not None and rt.seats[ta].kind == "bot":
            return ta
        return False

    async def _drive(self, rt: TableRuntime) -> None:
        failures = 0  # store failures in a row: retried with a growing pause (a lost connection comes back)
        try:
            while True:
                who = self._auto_seat(rt)
                if who is False:
                    return
                if who != CHANCE and self.bot_delay > 0:
                    await asyncio.sleep(self.bot_delay)
                if who == CHANCE and self.deal_pause > 0 and rt.deal_end() is not None \
                        and not any(s.kind == "human" for s in rt.seats):
                    await asyncio.sleep(self.deal_pause)  # the end of the deal stays on a bots' table a moment
                async with rt.lock:
                    who = self._auto_seat(rt)
                    if who is False:
                        return
                    n = rt.seq
                    if who == CHANCE:
                        action = rt.deals[0] if rt.deals else rt.state.sample_chance(
                            chance_rng(rt.seed, n, rt.redeals.get(n, 0)))
                    elif self._bot_pool is not None:
                        assert isinstance(who, int)
                        action = await asyncio.get_running_loop().run_in_executor(
                            self._bot_pool, self._bot_action, rt, who, n)
                    else:
                        assert isinstance(who, int)
                        action = self._bot_action(rt, who, n)
                    try:
                        await self._commit_apply(rt, action)
                        if who == CHANCE and rt.deals:
                            rt.deals.pop(0)  # a board dealt (only once stored and applied)
                        failures = 0
                    except RoomError as e:  # not stored, not applied; the same action is drawn again
                        failures += 1
                        if failures > self.store_retries:
                            log.error("table %s: the driver stopped, action %s could not be stored: %s", rt.id, n, e)
                            return
                        pause = min(8.0, self.store_retry_pause * 2 ** (failures - 1))
                        log.warning("table %s: action %s could not be stored (%s); again in %.1f s", rt.id, n, e,
                                    pause)
                if failures:
                    await asyncio.sleep(pause)
                await asyncio.sleep(0)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("table %s: the driver stopped", rt.id)

    def _bot_action(self, rt: TableRuntime, seat: int, n: int) -> Any:
        state = rt.state
        view = state.view(seat)  # the bot sees its own seat's view, nothing else
        legal = list(state.legal_actions())
        bot = make_bot(rt.game, bot_seed(rt.seed, seat, n))
        if bot is None:
            return LegalRandomBot(bot_seed(rt.seed, seat, n)).choose_from(legal)
        try:
            a = bot.choose(view)
            if a in legal:
                return a
            log.warning("table %s: bot at seat %s chose %r, not legal; playing a random legal action", rt.id, seat, a)
        except Exception:
            log.exception("table %s: bot at seat %s failed; playing a random legal action", rt.id, seat)
        return LegalRandomBot(bot_seed(rt.seed, seat, n)).choose_from(legal)

    # ----------------------------------------------------------- subscriptions
    def subscribe(self, rt: TableRuntime, seat: int | None, send: Subscriber, lang: str = "en") -> None:
        rt.subscribers.setdefault((seat, lang), []).append(send)
        rt.last_active = time.monotonic()

    def unsubscribe(self, rt: TableRuntime, seat: int | None, send: Subscriber, lang: str = "en") -> None:
        subs = rt.subscribers.get((seat, lang), [])
        if send in subs:
            subs.remove(send)
        if not subs:
            rt.subscribers.pop((seat, lang), None)
        rt.last_active = time.monotonic()

    def snapshot_message(self, rt: TableRuntime, seat: int | None, lang: str = "en") -> dict[str, Any]:
        m = rt.message_for(seat, lang)
        if self.observer is not None:
            self.observer(seat, m, rt.state)
        return m

    # ----------------------------------------------------------- records
    def record(self, table_id: str, *, live: bool = False) -> dict[str, Any]:
        """The match's record. It holds every hand (the deals are chance actions), so it is published
        only once the match is over; ``live=True`` is for the server's own code and tests, never a client."""
        rt = self.table(table_id)
        if not live and not rt.state.is_over:
            raise RoomError(409, "record_not_over")
        rec = record_dict(rt.state, rt.players())
        rec["table"] = rt.id
        rec["practice"] = rt.practice
        if rt.state.is_over:  # published once the match is over, so that anyone can check the deals
            rec["seed"] = rt.seed
        return rec

    def replay_step(self, table_id: str, step: str | None, lang: str = "en") -> dict[str, Any]:
        """The public view of a finished match after ``step`` of its actions (all by default)."""
        rt = self.table(table_id)
        if not rt.state.is_over:
            raise RoomError(409, "record_not_over")
        history = list(rt.state.history)
        try:
            n = len(history) if step is None else int(step)
        except ValueError:
            n = -1
        if not 0 <= n <= len(history):
            raise RoomError(400, "bad_step", steps=len(history))
        state = rt.game.replay(history[:n])
        view = public_view(state)
        ta = state.to_act
        return {"table": rt.id, "game": rt.game.name, "step": n, "steps": len(history),
                "position": state.where().text(lang),
                "to_act": None if ta is None or ta == CHANCE else ta,
                "view": view, "sheet": localize_sheet(view.get("sheet"), lang)}

    def record_pbn(self, table_id: str) -> str:
        rt = self.table(table_id)
        if not rt.state.is_over:
            raise RoomError(409, "record_not_over")
        text = pbn_record(rt.state, rt.players())
        if text is None:
            raise RoomError(404, "no_pbn", game=rt.game.name)
        return text
