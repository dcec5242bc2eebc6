"""Review and what-if (issue 17, point 5): a finished deal replayed card by card with the open-hand
(double-dummy) value before and after every card, the cards that cost a trick marked, and a what-if
branch: from any point of the play, other legal cards played, and the open-hand result.

One mechanism for every game. A game's part is its :class:`ReviewAdapter` (``games/<game>/review.py``,
named by the game's ``review_path``), which knows three things only: whether a deal is in its play,
the open-hand values of a deal in play (:class:`OpenHand`: for the seat to play, each legal card ->
the tricks of that seat's side in the whole deal after it, by the game's solver: DDS for bridge, the
project's solver for preferans and euchre), and how to read its own record format (a PBN file, a
bridge JSON record) into :class:`DealLine`\\ s. Generic cardroom records (``"format":
"cardroom-record"``, every room table's record) are read here, by replaying them through the game.

A value is *tricks for the side to play*, counted over the whole deal (tricks taken so far plus the
tricks to come under best play by all, every hand open). ``maximize`` says whether that side wants
more (a game contract, the defence of one) or fewer (misère, raspasy). A card's *cost* is how far its
value falls short of the best card's: a card with cost > 0 cost a trick (or more).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar, Protocol

from cardroom.core.cards import Card
from cardroom.core.errors import CardroomError, IllegalAction, ParseError, Reason, RecordError

__all__ = [
    "MAX_WHATIF_CARDS", "DealLine", "OpenHand", "ReviewAdapter", "deal_lines", "game_review", "lines_of_record",
    "review_deal", "review_path", "what_if",
]

MAX_WHATIF_CARDS = 52
"""At most this many cards in one what-if (the solver's work of one request is bounded by it)."""


@dataclass(frozen=True)
class OpenHand:
    """The open-hand values of a deal in play: ``seat`` is to play; ``values``: each legal card -> the
    tricks of ``side`` (the seat's side, named as the game names it) in the whole deal after it;
    ``maximize``: whether that side wants more tricks (False: misère, raspasy)."""

    seat: str
    side: str
    values: dict[int, int]
    maximize: bool = True

    @property
    def best(self) -> int:
        return max(self.values.values()) if self.maximize else min(self.values.values())

    def cost(self, card: int) -> int:
        """How many tricks ``card`` gives away against the best card (0: it is one of the best)."""
        v = self.values[card]
        return self.best - v if self.maximize else v - self.best


@dataclass
class DealLine:
    """One deal's play as a record holds it: ``start``, the deal (a game's deal object) as its play began,
    and ``actions``, every action applied to it from then on (cards, and any other action of the play);
    ``claimed``: the play ended by an accepted claim after these actions."""

    number: int
    start: Any
    actions: list[Any] = field(default_factory=list)
    claimed: bool = False


class ReviewAdapter(Protocol):
    """A game's part of the review (see the module docstring).

    * ``record_games`` / ``file_suffixes`` — a JSON record's ``"game"`` values and the file endings of
      the game's own record formats, which :meth:`deal_lines` reads;
    * :meth:`in_play` — whether a deal is in its play (cards are being played);
    * :meth:`open_hand` — the open-hand values of a deal in play;
    * :meth:`seat_label` — a seat as the game writes it (``N``, ``0``); :meth:`seat_name` and
      :meth:`side_name` — a seat's label and a side (:attr:`OpenHand.side`) for people, in ``lang``."""

    record_games: ClassVar[tuple[str, ...]]
    file_suffixes: ClassVar[tuple[str, ...]]

    def deal_lines(self, path: Path) -> list[DealLine]:
        """The deals of a record in the game's own format, each as its play began."""
        ...

    def in_play(self, deal: Any) -> bool:
        ...

    def open_hand(self, deal: Any) -> OpenHand:
        ...

    def seat_label(self, seat: int) -> str:
        ...

    def seat_name(self, label: str, lang: str) -> str:
        ...

    def side_name(self, side: str, lang: str) -> str:
        ...


class GenericReview:
    """What a game's adapter shares with most: no record format of its own (its matches are cardroom's
    generic records, which this module reads)."""

    record_games: ClassVar[tuple[str, ...]] = ()
    file_suffixes: ClassVar[tuple[str, ...]] = ()
    PLAY_PHASE: ClassVar[object] = None
    """The deal's phase of play, where a deal is in play when it is in that phase."""

    def deal_lines(self, path: Path) -> list[DealLine]:
        return []

    def in_play(self, deal: Any) -> bool:
        return self.PLAY_PHASE is not None and bool(deal.phase == self.PLAY_PHASE)


class CompassReview(GenericReview):
    """An adapter of a game at the four compass seats in two partnerships: seats ``N`` … ``W``, sides
    ``NS`` and ``EW`` (bridge, the old bridges, euchre)."""

    def seat_label(self, seat: int) -> str:
        from cardroom.core.table import Seat

        return Seat(seat).letter

    def seat_name(self, label: str, lang: str) -> str:
        from cardroom.core.analysis import seat_text

        return seat_text(label, lang)

    def side_name(self, side: str, lang: str) -> str:
        from cardroom.i18n import t

        return t("review.side." + side, lang)


# ------------------------------------------------------------------------------------------ records


def game_review(name: str) -> ReviewAdapter | None:
    """The review adapter of the game named ``name`` (any name the registry knows), or None."""
    from cardroom.games import game_class

    try:
        return game_class(name).review()
    except CardroomError:
        return None


def _adapters() -> list[ReviewAdapter]:
    from cardroom.games import game_class, names

    return [a for a in (game_class(n).review() for n in names()) if a is not None]


def lines_of_record(data: dict[str, Any]) -> tuple[ReviewAdapter, list[DealLine]]:
    """The deals whose play began of a generic cardroom record (a JSON object), each as its play began."""
    from cardroom.core import claims
    from cardroom.records.registry import record_state

    game = data.get("game")
    adapter = game_review(game) if isinstance(game, str) else None
    if adapter is None:
        raise RecordError(Reason("review.no_game", game=game))
    state = record_state(data)
    lines: dict[int, DealLine] = {}
    for i, text in enumerate(data["actions"], 1):
        if not isinstance(text, str):
            raise RecordError(Reason("records.action_text", i=i, text=text))
        try:
            action = state.parse_action(text)
            deal = state.deal
            if deal is not None and not state.is_over and adapter.in_play(deal):
                n = len(state.results) + 1
                line = lines.get(n)
                if line is None:
                    line = lines[n] = DealLine(n, deal.clone())
                if isinstance(action, claims.ClaimSettled):
                    line.claimed = True
                elif not line.claimed:
                    line.actions.append(action)
            state.apply(action)
        except (IllegalAction, ParseError) as e:
            raise RecordError(Reason("records.action", e=e, i=i, text=text), where=state.position()) from None
    return adapter, list(lines.values())


def deal_lines(adapter: ReviewAdapter, deals: Iterable[tuple[int, Any, Sequence[Any]]]) -> list[DealLine]:
    """Deal lines from (number, a new deal, the actions of the whole deal): each deal replayed, its play
    kept from its first card on (for a game's own record format, whose deals are replayed so)."""
    from cardroom.core import claims

    out: list[DealLine] = []
    for number, fresh, actions in deals:
        line: DealLine | None = None
        for action in actions:
            if line is None and adapter.in_play(fresh):
                line = DealLine(number, fresh.clone())
            if isinstance(action, claims.ClaimSettled):  # the rest of the play is not played: the line ends
                if line is not None:
                    line.claimed = True
                break
            if line is not None:
                line.actions.append(action)
            fresh.apply(action)
        if line is not None:
            out.append(line)
    return out


def review_path(path: str | Path) -> tuple[ReviewAdapter, list[DealLine]]:
    """The deals of a record file: a game's own format (PBN, a bridge JSON record) or a generic record."""
    p = Path(path)
    for adapter in _adapters():
        if p.suffix.lower() in adapter.file_suffixes:
            return adapter, adapter.deal_lines(p)
    try:
        data = json.loads(p.read_text(encoding="utf-8"))
    except OSError as e:
        raise RecordError(Reason("record.read", why=e.strerror), where=str(p)) from None
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise RecordError(Reason("review.not_record", p=p)) from None
    if not isinstance(data, dict):
        raise RecordError(Reason("review.not_record", p=p))
    for adapter in _adapters():
        if data.get("game") in adapter.record_games:
            return adapter, adapter.deal_lines(p)
    if data.get("format") != "cardroom-record":
        raise RecordError(Reason("review.not_record", p=p))
    return lines_of_record(data)


# ------------------------------------------------------------------------------------------ review


def _card_of(action: Any) -> int | None:
    return int(action) if isinstance(action, Card) else None


def _step(adapter: ReviewAdapter, deal: Any, card: int, k: int) -> dict[str, Any]:
    """The open-hand values around the ``k``-th card of the play (0 first), ``card``, about to be played."""
    oh = adapter.open_hand(deal)
    if card not in oh.values:
        raise IllegalAction(Reason("review.not_legal", card=Card(card), seat=oh.seat))
    best = oh.best
    return {"k": k, "seat": oh.seat,
            "card": str(Card(card)), "side": oh.side, "maximize": oh.maximize, "before": best,
            "after": oh.values[card], "cost": oh.cost(card),
            "best": [str(Card(c)) for c, v in sorted(oh.values.items(), key=lambda cv: -cv[0]) if v == best]}


def _play(adapter: ReviewAdapter, line: DealLine, upto: int | None,
          steps: list[dict[str, Any]] | None) -> tuple[Any, int]:
    """Replay ``line`` on a copy of its start until ``upto`` cards are played (None: all); each card's
    step appended to ``steps`` when given. The deal reached and the cards played."""
    deal = line.start.clone()
    k = 0
    for action in line.actions:
        card = _card_of(action)
        if card is not None:
            if upto is not None and k >= upto:
                break
            if steps is not None and adapter.in_play(deal):
                steps.append(_step(adapter, deal, card, k))
            k += 1
        deal.apply(action)
    return deal, k


def review_deal(adapter: ReviewAdapter, line: DealLine) -> dict[str, Any]:
    """The review of a deal: every card played with the open-hand values before (the best card's) and
    after it and its cost; ``costly``: the indices of the cards that cost a trick."""
    steps: list[dict[str, Any]] = []
    _play(adapter, line, None, steps)
    _number_tricks(steps)
    return {"deal": line.number, "cards": steps, "claimed": line.claimed,
            "costly": [s["k"] for s in steps if s["cost"] > 0]}


def _number_tricks(steps: list[dict[str, Any]]) -> None:
    """Each step's trick number: every seat in play plays once to a trick, so a seat playing a second
    time opens the next trick."""
    trick, seen = 1, set[str]()
    for s in steps:
        if s["seat"] in seen:
            trick, seen = trick + 1, set()
        seen.add(s["seat"])
        s["trick"] = trick


def what_if(adapter: ReviewAdapter, line: DealLine, start: int, cards: Sequence[str]) -> dict[str, Any]:
    """From the position after ``start`` cards of the record, ``cards`` played instead (each checked
    legal), each with its values like :func:`review_deal`'s; then the open-hand result of the position
    reached (``position``: the seat to play, its side's best value and every legal card's value), or
    ``over`` when the play is over."""
    if start < 0:
        raise CardroomError(Reason("review.bad_start", start=start))
    if len(cards) > MAX_WHATIF_CARDS:
        raise CardroomError(Reason("review.too_many", n=len(cards), max=MAX_WHATIF_CARDS))
    deal, k = _play(adapter, line, start, None)
    if k < start:
        raise CardroomError(Reason("review.past_end", start=start, n=k))
    steps: list[dict[str, Any]] = []
    for i, text in enumerate(cards):
        if not adapter.in_play(deal):
            raise CardroomError(Reason("review.play_over", card=text))
        try:
            card = Card.parse(text)
        except ParseError as e:
            raise CardroomError(Reason("review.bad_card", text=text, e=e)) from None
        steps.append(_step(adapter, deal, int(card), start + i))
        deal.apply(card)
    out: dict[str, Any] = {"deal": line.number, "from": start, "cards": steps}
    if adapter.in_play(deal):
        oh = adapter.open_hand(deal)
        out["position"] = {"seat": oh.seat, "side": oh.side, "maximize": oh.maximize, "best": oh.best,
                           "values": {str(Card(c)): v for c, v in sorted(oh.values.items(), key=lambda cv: -cv[0])}}
        out["over"] = False
    else:
        out["over"] = True
    return out
