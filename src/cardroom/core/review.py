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
    "MAX_WHATIF_CARDS", "DealLine", "OpenHand", "ReviewAdapter", "TrickPlayReview", "deal_lines", "game_review",
    "lines_of_record", "review_deal", "review_path", "review_text", "what_if",
]

MAX_WHATIF_CARDS = 52
"""At most this many cards in one what-if (the solver's work of one request is bounded by it)."""


class NotValued(CardroomError):
    """A position the adapter's solver does not value (too far from the end for it to be practical): the review
    lists the card without values (``unvalued``), and a what-if from there is refused with the reason."""


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

    def text_lines(self, path: Path, text: str) -> list[DealLine]:
        """The same of a record given as its text (an uploaded file), ``path`` its name."""
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
    SOLVER: ClassVar[str] = ""
    """``module:function`` of the game's open-hand solver, called as ``function(deal, per_card=True)``
    (:meth:`solved`); empty for an adapter that values a position otherwise."""

    def solved(self, deal: Any) -> Any:
        """The solver's answer for ``deal`` in play, every card of the seat to play valued (:attr:`SOLVER`)."""
        from cardroom.core.game import imported

        return imported(self.SOLVER)(deal, per_card=True)

    def deal_lines(self, path: Path) -> list[DealLine]:
        return []

    def text_lines(self, path: Path, text: str) -> list[DealLine]:
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


@dataclass(frozen=True)
class TrickPlayReview(CompassReview):
    """The review of any deal at the compass seats whose play is :class:`cardroom.core.tricks.TrickPlay` with
    natural suits and ranks (follow suit; the highest trump, else the highest card led, wins): the bridges,
    their three- and two-player varieties. The position is read from the deal's trick play alone — the seats
    in play (``after`` from the leader, ``trick_size`` of them: a hand set aside, a reserve, is out), their
    hands, the trick, the trump, and who a trick counts for (``credit``: the seats of the mover's side) —
    and solved by the project's solver (:mod:`cardroom.solve.tricks`, two to four hands).

    :meth:`lose_tricks` says whether the deal is played to lose (nullo, reversi, a misery declaration):
    each side then wants few tricks of its own (the count is zero-sum: the other side wants it many), and
    the values are read so (``maximize`` False). :meth:`best_moves` is the one place a game's faster solver
    comes in (bridge's DDS, for the deals it serves)."""

    play_phase: int
    """The deal's phase of play."""

    def in_play(self, deal: Any) -> bool:
        return bool(deal.phase == self.play_phase) and getattr(deal, "declarer", 0) is not None

    def lose_tricks(self, deal: Any) -> bool:
        """Whether the deal is played to lose tricks (default: where the declarer's side wants few, the
        deal's ``claim_minimizes`` says so)."""
        minimizes = getattr(deal, "claim_minimizes", None)
        declarer = getattr(deal, "declarer", None)
        return minimizes is not None and declarer is not None and bool(minimizes(int(declarer)))

    @staticmethod
    def seats_in_play(deal: Any) -> tuple[int, ...]:
        """The seats that play to a trick, from the current trick's leader on."""
        seats = [int(deal.leader)]
        while len(seats) < deal.trick_size:
            seats.append(int(deal.after[seats[-1]]))
        return tuple(seats)

    def position(self, deal: Any) -> Any:
        """The deal's position for :mod:`cardroom.solve.tricks`: the side counted is the mover's."""
        from cardroom.solve.tricks import Position

        order = self.seats_in_play(deal)
        mover = int(deal.next_seat)
        credit = deal.credit
        hands = tuple(int(h) if s in order else 0 for s, h in enumerate(deal.hands))
        side = frozenset(s for s in order if credit[s] == credit[mover])
        trick = tuple(int(c) for _, c in deal.trick_plays())
        return Position(hands, order, order[0], trick, deal.trump, False, side, not self.lose_tricks(deal))

    def best_moves(self, deal: Any, pos: Any) -> dict[int, int]:
        """Each legal card of the seat to play -> the tricks its side takes from here on (this trick
        included) under best play, every hand open."""
        from cardroom.solve.tricks import best_moves

        return best_moves(pos)

    def open_hand(self, deal: Any) -> OpenHand:
        pos = self.position(deal)
        mover = pos.to_move
        taken = deal.won[deal.credit[mover]]
        values = {c: taken + v for c, v in self.best_moves(deal, pos).items()}
        return OpenHand(self.seat_label(mover), self.side_label(pos.side), values, pos.maximize)

    def side_label(self, seats: frozenset[int]) -> str:
        """A side by its seats' letters, N E S W order (``NS``, ``S``, ``NE``)."""
        return "".join(self.seat_label(s) for s in sorted(seats))

    def side_name(self, side: str, lang: str) -> str:
        """The catalogue's ``review.side.<seats>`` (the pairs, misery bridge's sides); another side by its
        seats' letters as the screens write them."""
        from cardroom.i18n import SEAT_LETTERS, STRINGS

        if "review.side." + side in STRINGS:
            return super().side_name(side, lang)
        letters = SEAT_LETTERS.get(lang, SEAT_LETTERS["en"])
        return "".join(letters[x] for x in side)


# ------------------------------------------------------------------------------------------ records


def game_review(name: str) -> ReviewAdapter | None:
    """The review adapter of the game named ``name`` (any name the registry knows), or None."""
    from cardroom.games import part_of

    return part_of(name, lambda g: g.review())


def _adapters() -> list[ReviewAdapter]:
    from cardroom.games import parts

    return parts(lambda g: g.review())


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


def review_text(name: str, text: str) -> tuple[ReviewAdapter, list[DealLine]]:
    """The deals of a record given as its text (an uploaded file, nothing stored): a game's own format, known
    by the ending of ``name`` (``.pbn``, ``.lin``)."""
    p = Path(name)
    for adapter in _adapters():
        if p.suffix.lower() in adapter.file_suffixes:
            return adapter, adapter.text_lines(p, text)
    known = sorted({s for a in _adapters() for s in a.file_suffixes})
    raise RecordError(Reason("review.upload_type", ext=p.suffix or "-", known=", ".join(known)))


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


def _recorded_step(adapter: ReviewAdapter, deal: Any, card: int, k: int) -> dict[str, Any]:
    """The step of a card the record holds (the engine accepted it): :func:`_step`'s, or where the open-hand
    solver cannot value the position (an irregularity accepted by the laws: a revoke that stands in the
    trick), the card marked ``irregular`` with no values and no cost."""
    try:
        return _step(adapter, deal, card, k)
    except NotValued:
        return {"k": k, "seat": adapter.seat_label(int(deal.next_seat)), "card": str(Card(card)), "side": None,
                "maximize": None, "before": None, "after": None, "cost": 0, "best": [], "unvalued": True}
    except CardroomError:
        return {"k": k, "seat": adapter.seat_label(int(deal.next_seat)), "card": str(Card(card)), "side": None,
                "maximize": None, "before": None, "after": None, "cost": 0, "best": [], "irregular": True}


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
                steps.append(_recorded_step(adapter, deal, card, k) | {"trick": len(deal.tricks) + 1})
            k += 1
        deal.apply(action)
    return deal, k


def review_deal(adapter: ReviewAdapter, line: DealLine) -> dict[str, Any]:
    """The review of a deal: every card played with the open-hand values before (the best card's) and
    after it and its cost; ``costly``: the indices of the cards that cost a trick (a card played while an
    irregularity stands in the trick is ``irregular``, not valued)."""
    steps: list[dict[str, Any]] = []
    _play(adapter, line, None, steps)
    return {"deal": line.number, "cards": steps, "claimed": line.claimed,
            "costly": [s["k"] for s in steps if s["cost"] > 0]}


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
