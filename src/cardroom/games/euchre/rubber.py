"""The euchre rubber (Laws 1, 7, 11, 28): the cut for the first deal, then hand after hand, the
deal passing to the left (Law 28; after a hand thrown in too, Law 77), until the rubber is over.

The cut for the first deal is :mod:`cardroom.games.euchre.club`'s: cards rank by
:func:`~cardroom.games.euchre.club.cut_groups` (Law 8), the highest deals (Law 11), and equal highest
cards are cut again by those who cut them only (:class:`Recut`; club's ``top_tie_dealer="recut"``,
Law 13's "only the tied cut again"), until one is highest. The partnership half of
:func:`~cardroom.games.euchre.club.cut_for_partners` does not apply here: the engine's partnerships are
its seats (N–S, E–W), fixed when the players sit down; a room that cuts for partners (Laws 11, 13, 14)
seats the players by ``PartnersCut.seating`` and starts the rubber with ``first_dealer``. A four-card
:class:`Cut` after a tie is a fresh cut by all four (the whole cut made again, as under Law 9's remedy);
records made when a tie had all four cut again replay unchanged.

The score sheet is a pure function of the hands' points (:class:`~cardroom.games.euchre.scoring.RubberScore`),
so it can be recomputed from the record at any time (:meth:`EuchreRubberState.recomputed_sheet_dict`).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from cardroom.core.cards import Card, piquet_pack
from cardroom.core.errors import IllegalAction, ParseError
from cardroom.core.game import CHANCE, Action, State, View
from cardroom.core.table import Seat, Side
from cardroom.core.view import TableView, match_table, memo
from cardroom.games.euchre import club
from cardroom.games.euchre.ranks import cut_rank
from cardroom.games.euchre.rules import EuchreHand, EuchreHandResult, EuchreView, action_text
from cardroom.games.euchre.scoring import RubberScore
from cardroom.i18n import Where

if TYPE_CHECKING:
    from cardroom.games.euchre.game import Euchre


@dataclass(frozen=True)
class Cut(Action):
    """The cut for the first deal: the card each seat cut, N, E, S, W (Laws 8, 11)."""

    cards: tuple[Card, Card, Card, Card]

    def __post_init__(self) -> None:
        if len(self.cards) != 4:
            raise ParseError(f"a cut needs four cards (N E S W), not {len(self.cards)}")
        cs = tuple(Card(c) for c in self.cards)
        if len(set(cs)) != 4:
            raise ParseError("the same card cut twice")
        for c in cs:
            cut_rank(c)  # refuses a card outside the pack
        object.__setattr__(self, "cards", cs)

    def to_text(self) -> str:
        return "cut " + " ".join(str(c) for c in self.cards)

    @classmethod
    def from_text(cls, text: str) -> Cut:
        t = text.strip()
        if not t.lower().startswith("cut "):
            raise ParseError(f"not a cut: {text!r}")
        cards = [Card.parse(p) for p in t[4:].split()]
        if len(cards) != 4:
            raise ParseError(f"not a cut: {text!r} (four cards, N E S W)")
        try:
            return cls((cards[0], cards[1], cards[2], cards[3]))
        except ValueError as e:
            raise ParseError(f"not a cut: {text!r} ({e})") from None

    def dealer(self) -> Seat | None:
        """The seat that cut highest (Law 11), or None when the highest is tied (cut again)."""
        ranks = [cut_rank(c) for c in self.cards]
        top = max(ranks)
        if ranks.count(top) > 1:
            return None
        return Seat(ranks.index(top))

    def by_seat(self) -> dict[Seat, Card]:
        return {Seat(i): c for i, c in enumerate(self.cards)}

    def tied_highest(self) -> tuple[Seat, ...]:
        """The seats that cut the highest card (one seat, or those who must cut again)."""
        return tuple(club.cut_groups(self.by_seat())[0])

    @classmethod
    def random(cls, rng: random.Random) -> Cut:
        pack = piquet_pack()
        rng.shuffle(pack)
        return cls((pack[0], pack[1], pack[2], pack[3]))


@dataclass(frozen=True)
class Recut(Action):
    """The cut again by the seats that tied for the highest card (Law 13 as club.py applies it:
    only the tied cut again; the recut ranks them among themselves). Text: ``recut N JS S 9H``."""

    cuts: tuple[tuple[Seat, Card], ...]

    def __post_init__(self) -> None:
        pairs = tuple((Seat(s), Card(c)) for s, c in self.cuts)
        if len(pairs) < 2:
            raise ParseError(f"a recut is made by two seats or more, not {len(pairs)}")
        if len({s for s, _ in pairs}) != len(pairs):
            raise ParseError("a seat named twice in a recut")
        if len({c for _, c in pairs}) != len(pairs):
            raise ParseError("the same card cut twice")
        for _, c in pairs:
            cut_rank(c)  # refuses a card outside the pack
        object.__setattr__(self, "cuts", tuple(sorted(pairs)))

    @property
    def seats(self) -> tuple[Seat, ...]:
        return tuple(s for s, _ in self.cuts)

    def by_seat(self) -> dict[Seat, Card]:
        return dict(self.cuts)

    def tied_highest(self) -> tuple[Seat, ...]:
        return tuple(club.cut_groups(self.by_seat())[0])

    def to_text(self) -> str:
        return "recut " + " ".join(f"{s.letter} {c}" for s, c in self.cuts)

    @classmethod
    def from_text(cls, text: str) -> Recut:
        parts = text.strip().split()
        if not parts or parts[0].lower() != "recut" or len(parts) % 2 != 1 or len(parts) < 5:
            raise ParseError(f"not a recut: {text!r} (e.g. 'recut N JS S 9H')")
        try:
            pairs = tuple((Seat.parse(parts[i]), Card.parse(parts[i + 1])) for i in range(1, len(parts), 2))
            return cls(pairs)
        except (ValueError, KeyError) as e:
            raise ParseError(f"not a recut: {text!r} ({e})") from None

    @classmethod
    def random(cls, seats: Sequence[Seat], rng: random.Random) -> Recut:
        pack = piquet_pack()
        rng.shuffle(pack)
        return cls(tuple(zip(seats, pack, strict=False)))


_SIDE_NAMES = {"en": {Side.NS: "NS", Side.EW: "EW"}, "ru": {Side.NS: "СЮ", Side.EW: "ВЗ"}}
_TEXT = {
    "title": {"en": "Euchre — rubber score sheet", "ru": "Юкер — запись роббера"},
    "game": {"en": "Game {n}", "ru": "Партия {n}"},
    "head": {"en": "hand dealer  declaration                        tricks  NS  EW   score",
             "ru": "сдача сдаёт  заявка                             взятки  СЮ  ВЗ   счёт"},
    "thrown": {"en": "all passed: thrown in", "ru": "все спасовали: пересдача"},
    "won": {"en": "Game {n} won by {w} {a}–{b}, worth {v}{lap}",
            "ru": "Партию {n} выиграли {w} {a}–{b}, стоит {v}{lap}"},
    "lap": {"en": ", lap {k} carried", "ru": ", нахлест {k} переносится"},
    "games": {"en": "Games: NS {a}, EW {b}", "ru": "Партии: СЮ {a}, ВЗ {b}"},
    "over": {"en": "Rubber won by {w}: NS {a}, EW {b} (2 for the rubber included)",
             "ru": "Роббер выиграли {w}: СЮ {a}, ВЗ {b} (включая 2 очка за роббер)"},
    "unfinished": {"en": "Rubber left unfinished: NS {a}, EW {b} (games won only)",
                   "ru": "Роббер не окончен: СЮ {a}, ВЗ {b} (только выигранные партии)"},
    "running": {"en": "Rubber in progress: game {n}, score NS {a}, EW {b}",
                "ru": "Роббер продолжается: партия {n}, счёт СЮ {a}, ВЗ {b}"},
}
_SEAT_RU = {Seat.NORTH: "С", Seat.EAST: "В", Seat.SOUTH: "Ю", Seat.WEST: "З"}
_CALL_RU = {"order up": "заказал", "assist": "помог", "take up": "принял", "make": "назначил", "alone": "один на"}


def _seat(seat: Seat, lg: str) -> str:
    return _SEAT_RU[seat] if lg == "ru" else seat.letter


def _declaration(r: EuchreHandResult, lg: str) -> str:
    """``E order up ♥``, ``S alone at ♠``, ``W make ♦, N takes it alone`` (and in Russian)."""
    assert r.maker is not None and r.trump is not None
    words = r.call.split(" ")
    kind = "alone" if words[0] == "alone" else "make" if words[0] == "make" else r.call
    if lg == "ru":
        text = f"{_seat(r.maker, lg)} {_CALL_RU.get(kind, kind)} {r.trump.symbol}"
    else:
        text = f"{_seat(r.maker, lg)} {'alone at' if kind == 'alone' else kind} {r.trump.symbol}"
    if r.taken_over and r.lone is not None:
        text += f", {_seat(r.lone, lg)} " + ("перехватил один" if lg == "ru" else "takes it alone")
    return text


def render_sheet(results: Sequence[EuchreHandResult], score: RubberScore, lang: str = "en",
                 unfinished: bool = False) -> str:
    """The sheet as text, in English or Russian: hand by hand, game by game, then the rubber."""
    lg = "ru" if lang == "ru" else "en"
    sides = _SIDE_NAMES[lg]
    lines = [_TEXT["title"][lg]]
    running = [0, 0]
    game_no = 0
    finished_games = {g.number: g for g in score.games}
    for i, r in enumerate(results):
        g = score.hand_games[i] if i < len(score.hand_games) else game_no
        if g != game_no:
            game_no = g
            lines.append("")
            lines.append(_TEXT["game"][lg].format(n=g))
            lines.append(_TEXT["head"][lg])
            prev = score.games[g - 2] if g >= 2 and len(score.games) >= g - 1 else None
            running = [0, 0]
            if prev is not None:
                running[prev.winner] = prev.lap
        seat_txt = _seat(r.dealer, lg)
        if r.thrown_in:
            decl = _TEXT["thrown"][lg]
            tricks = "-"
        else:
            assert r.maker is not None and r.trump is not None
            decl = _declaration(r, lg)
            tricks = str(r.makers_tricks)
        running[0] += r.points[0]
        running[1] += r.points[1]
        lines.append(f"{i + 1:>4} {seat_txt:<7} {decl:<34} {tricks:>6} {r.points[0]:>3} {r.points[1]:>3}"
                     f"   {running[0]}–{running[1]}")
        done = finished_games.get(g)
        if done is not None and (i + 1 == len(results) or score.hand_games[i + 1] != g):
            lap = _TEXT["lap"][lg].format(k=done.lap) if done.lap else ""
            lines.append(_TEXT["won"][lg].format(n=g, w=sides[done.winner], a=done.score[done.winner],
                                                b=done.score[done.winner.other], v=done.value, lap=lap))
    lines.append("")
    lines.append(_TEXT["games"][lg].format(a=score.games_won(Side.NS), b=score.games_won(Side.EW)))
    rp = score.rubber_points()
    if score.is_over:
        w = score.winner
        lines.append(_TEXT["over"][lg].format(w=sides[w] if w is not None else "-", a=rp[0], b=rp[1]))
    elif unfinished:
        lines.append(_TEXT["unfinished"][lg].format(a=rp[0], b=rp[1]))
    else:
        lines.append(_TEXT["running"][lg].format(n=score.game_number, a=score.score[0], b=score.score[1]))
    return "\n".join(lines) + "\n"


def sheet_from_results(results: Sequence[EuchreHandResult], lap: bool, fourth_game_after_lap: bool,
                       unfinished: bool = False, carried_points_count: bool = True) -> dict[str, Any]:
    """The sheet recomputed from the hands' results alone."""
    score = RubberScore(lap=lap, fourth_game_after_lap=fourth_game_after_lap,
                        carried_points_count=carried_points_count)
    for r in results:
        score_result(score, r)
    d = score.to_dict()
    d["results"] = [r.to_dict() for r in results]
    d["unfinished"] = unfinished
    return d


def score_result(score: RubberScore, r: EuchreHandResult) -> None:
    """Score one hand: its points, or in laws mode its entries in the law's order (penalties first, Law 4)."""
    if any(e.kind != "hand points" for e in r.entries):
        score.add_entries(r.entries)
    else:
        score.add(r.points[0], r.points[1])


class EuchreRubberState(State):
    """A whole rubber: the cut (unless ``first_dealer`` is set), then hands until the rubber ends."""

    game: Euchre

    def __init__(self, game: Euchre) -> None:
        self.game = game
        self.rules = game.rules
        self._history: list[Any] = []
        self.results: list[EuchreHandResult] = []
        self.cuts: list[Cut | Recut] = []
        self.to_recut: tuple[Seat, ...] = ()  # the seats tied for the highest cut, to cut again
        self.score = RubberScore(lap=self.rules.lap, fourth_game_after_lap=self.rules.fourth_game_after_lap,
                                 carried_points_count=self.rules.carried_points_count)
        self._abandoned = False
        self._sheet_cache: dict[str, Any] | None = None
        fd = self.rules.first_dealer
        self.dealer: Seat | None = None if fd is None else Seat.parse(fd)
        self.hand: EuchreHand | None = None if self.dealer is None else self._new_hand()

    def _new_hand(self) -> EuchreHand:
        assert self.dealer is not None
        return EuchreHand(self.game, self.dealer, self.rules)

    # ------------------------------------------------------------- protocol
    @property
    def to_act(self) -> int | None:
        if self.is_over:
            return None
        if self.hand is None:
            return CHANCE
        return self.hand.to_act

    @property
    def is_over(self) -> bool:
        return self._abandoned or self.score.is_over

    @property
    def history(self) -> Sequence[Any]:
        return self._history

    def legal_actions(self) -> list[Any]:
        if self.is_over or self.hand is None:
            return []
        return self.hand.legal_actions()

    def sample_chance(self, rng: random.Random) -> Any:
        if self.is_over:
            raise IllegalAction("the rubber is over")
        if self.hand is None:
            return Recut.random(self.to_recut, rng) if self.to_recut else Cut.random(rng)
        return self.hand.sample_chance(rng)

    def apply(self, action: Any) -> None:
        if self.is_over:
            raise IllegalAction("the rubber is over; no more actions", action=action)
        if self.hand is None:
            if isinstance(action, Recut):
                if set(action.seats) != set(self.to_recut):
                    who = " ".join(s.letter for s in self.to_recut)
                    raise IllegalAction(f"only the seats tied for the highest cut cut again ({who or 'none'}), "
                                        f"not {' '.join(s.letter for s in action.seats)}", action=action)
            elif not isinstance(action, Cut):
                raise IllegalAction("the first dealer is found by cutting; a cut is due", action=action)
            tied = action.tied_highest()
            self.cuts.append(action)
            self._history.append(action)
            if len(tied) == 1:
                self.dealer = tied[0]
                self.to_recut = ()
                self.hand = self._new_hand()
            else:
                self.to_recut = tied
            return
        if isinstance(action, (Cut, Recut)):
            raise IllegalAction("the cut for the deal is over", action=action)
        self.hand.apply(action)
        self._history.append(action)
        if self.hand.is_over:
            res = self.hand.result()
            assert res is not None
            self.results.append(res)
            score_result(self.score, res)
            self._sheet_cache = None
            assert self.dealer is not None
            self.dealer = self.dealer.lho  # Law 28; after a throw-in too (Law 77)
            if not self.score.is_over:
                self.hand = self._new_hand()

    def result(self) -> Any:
        return self.score

    def view(self, seat: int) -> EuchreMatchView:
        hv = None if self.hand is None else self.hand.view(seat)
        return EuchreMatchView(seat, hv, self.score.to_dict())

    def visible_mask(self, seat: int) -> int:
        return 0 if self.hand is None else self.hand.visible_mask(seat)

    def card_places(self) -> Mapping[str, int]:
        if self.hand is None:
            return {"pack": self.game.pack_mask()}
        return self.hand.card_places()

    def snapshot(self) -> Mapping[str, Any]:
        return {"history": tuple(self._history), "hand": None if self.hand is None else dict(self.hand.snapshot()),
                "sheet": self.sheet_dict(), "results": tuple(self.results), "dealer": self.dealer,
                "to_recut": self.to_recut, "abandoned": self._abandoned}

    def where(self) -> Where:
        if self.hand is None:
            if self.to_recut:
                return Where("recut", seats=" ".join(s.letter for s in self.to_recut))
            return Where("cut")
        # a finished hand is already among the results (the last hand of the rubber)
        number = len(self.results) + (0 if self.hand.is_over else 1)
        return Where("game_n", n=self.score.game_number) + Where("hand_n", n=number) + self.hand.where()

    def parse_action(self, text: str) -> Any:
        t = text.strip()
        if t.lower().startswith("cut "):
            return Cut.from_text(t)
        if t.lower().startswith("recut "):
            return Recut.from_text(t)
        if self.hand is None:
            raise ParseError(f"a cut is due ('cut JS 9H 7C AD', N E S W; after a tie 'recut N JS S 9H'), "
                             f"not {text!r}")
        return self.hand.parse_action(t)

    def action_text(self, action: Any) -> str:
        return action_text(action)

    def clone(self) -> EuchreRubberState:
        new = object.__new__(EuchreRubberState)
        new.__dict__.update(self.__dict__)
        new._history = list(self._history)
        new.results = list(self.results)
        new.cuts = list(self.cuts)
        new.score = self.score.copy()
        new.hand = None if self.hand is None else self.hand.clone()
        return new

    # ------------------------------------------------------------- the sheet
    def sheet_dict(self) -> dict[str, Any]:
        if self._sheet_cache is None:
            d = self.score.to_dict()
            d["results"] = [r.to_dict() for r in self.results]
            d["unfinished"] = self._abandoned
            self._sheet_cache = d
        return self._sheet_cache

    def recomputed_sheet_dict(self) -> dict[str, Any]:
        return sheet_from_results(self.results, self.rules.lap, self.rules.fourth_game_after_lap, self._abandoned,
                                  self.rules.carried_points_count)

    def render_sheet(self, lang: str = "en") -> str:
        return render_sheet(self.results, self.score, lang, self._abandoned)

    def match_summary(self) -> dict[str, Any]:
        rp = self.score.rubber_points()
        deals = []
        for n, r in enumerate(self.results, 1):
            deals.append({
                "deal": n, "dealer": r.dealer.letter,
                "kind": "thrown in" if r.thrown_in else "lone hand" if r.lone is not None else "partnership",
                "contract": None if r.thrown_in or r.trump is None else f"{r.call} (trumps {r.trump.letter})",
                "declarer": None if r.maker is None else (r.lone if r.lone is not None else r.maker).letter,
                "tricks": r.makers_tricks, "points": {"NS": r.points[0], "EW": r.points[1]},
            })
        return {"game": "euchre", "position": self.position(), "over": self.is_over,
                "unfinished": self._abandoned, "deals": deals, "hands": [r.to_dict() for r in self.results],
                "sheet": self.sheet_dict(), "rubber_points": {"NS": rp[0], "EW": rp[1]}}

    @property
    def abandoned(self) -> bool:
        return self._abandoned

    def abandon(self) -> None:
        """End the rubber unfinished. The laws say nothing of an unfinished rubber: the games won
        keep their values, no rubber points are given, the unfinished game's points lapse."""
        self._abandoned = True
        self._sheet_cache = None


@dataclass(frozen=True)
class EuchreMatchView(View):
    seat: int
    hand: EuchreView | None
    sheet: Mapping[str, Any]

    @memo
    def table(self) -> TableView:
        """The common table view (:mod:`cardroom.core.view`): the deal's (MATCH_OVER once the sheet says
        the match is over)."""
        hand = None if self.hand is None else self.hand.table
        return match_table(int(self.seat), 4, hand, bool(self.sheet.get("over")))

    def shown_mask(self) -> int:
        return 0 if self.hand is None else self.hand.shown_mask()

    def to_dict(self) -> dict[str, Any]:
        return {"seat": Seat(self.seat).letter, "hand": None if self.hand is None else self.hand.to_dict(),
                "sheet": dict(self.sheet), "table": self.table.to_dict()}
