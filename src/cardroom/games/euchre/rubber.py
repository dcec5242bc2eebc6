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

from cardroom.core import view as tv
from cardroom.core.cards import Card, piquet_pack
from cardroom.core.errors import IllegalAction, ParseError, Reason
from cardroom.core.game import Action, View
from cardroom.core.match import Match, Opening
from cardroom.core.table import Seat, Side
from cardroom.core.view import TableView, inner_dict, match_table, memo
from cardroom.games.euchre import club
from cardroom.games.euchre.ranks import cut_rank
from cardroom.games.euchre.rules import EuchreHand, EuchreHandResult, EuchreView
from cardroom.games.euchre.scoring import RubberScore
from cardroom.i18n import Where

if TYPE_CHECKING:
    from cardroom.games.euchre.game import Euchre
    from cardroom.games.euchre.variants import EuchreRules


@dataclass(frozen=True)
class Cut(Action):
    """The cut for the first deal: the card each seat cut, N, E, S, W (Laws 8, 11)."""

    cards: tuple[Card, Card, Card, Card]

    def __post_init__(self) -> None:
        if len(self.cards) != 4:
            raise ParseError(Reason("euchre.cut_four", n=len(self.cards)))
        cs = tuple(Card(c) for c in self.cards)
        if len(set(cs)) != 4:
            raise ParseError(Reason("euchre.cut_same_card"))
        for c in cs:
            cut_rank(c)  # refuses a card outside the pack
        object.__setattr__(self, "cards", cs)

    def to_text(self) -> str:
        return "cut " + " ".join(str(c) for c in self.cards)

    @classmethod
    def from_text(cls, text: str) -> Cut:
        word, _, rest = text.strip().partition(" ")
        if word.lower() != "cut" or not rest:
            raise ParseError(Reason("euchre.not_cut", text=text))
        cards = [Card.parse(p) for p in rest.split()]
        if len(cards) != 4:
            raise ParseError(Reason("euchre.not_cut_four", text=text))
        try:
            return cls((cards[0], cards[1], cards[2], cards[3]))
        except ValueError as e:
            raise ParseError(Reason("euchre.not_cut_why", text=text, e=e)) from None

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
            raise ParseError(Reason("euchre.recut_two", n=len(pairs)))
        if len({s for s, _ in pairs}) != len(pairs):
            raise ParseError(Reason("euchre.recut_seat_twice"))
        if len({c for _, c in pairs}) != len(pairs):
            raise ParseError(Reason("euchre.cut_same_card"))
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
            raise ParseError(Reason("euchre.not_recut", text=text))
        try:
            pairs = tuple((Seat.parse(parts[i]), Card.parse(parts[i + 1])) for i in range(1, len(parts), 2))
            return cls(pairs)
        except (ValueError, KeyError) as e:
            raise ParseError(Reason("euchre.not_recut_why", text=text, e=e)) from None

    @classmethod
    def random(cls, seats: Sequence[Seat], rng: random.Random) -> Recut:
        pack = piquet_pack()
        rng.shuffle(pack)
        return cls(tuple(zip(seats, pack, strict=False)))


_SIDE_NAMES = {"en": {Side.NS: "NS", Side.EW: "EW"}, "ru": {Side.NS: "СЮ", Side.EW: "ВЗ"}}
_TEXT = {  # the sheet's texts by language
    "en": {
        "title": "Euchre — rubber score sheet",
        "game": "Game {n}",
        "head": "hand dealer  declaration                        tricks  NS  EW   score",
        "thrown": "all passed: thrown in",
        "won": "Game {n} won by {w} {a}–{b}, worth {v}{lap}",
        "lap": ", lap {k} carried",
        "games": "Games: NS {a}, EW {b}",
        "over": "Rubber won by {w}: NS {a}, EW {b} (2 for the rubber included)",
        "unfinished": "Rubber left unfinished: NS {a}, EW {b} (games won only)",
        "running": "Rubber in progress: game {n}, score NS {a}, EW {b}",
    },
    "ru": {
        "title": "Юкер — запись роббера",
        "game": "Партия {n}",
        "head": "сдача сдаёт  заявка                             взятки  СЮ  ВЗ   счёт",
        "thrown": "все спасовали: пересдача",
        "won": "Партию {n} выиграли {w} {a}–{b}, стоит {v}{lap}",
        "lap": ", нахлест {k} переносится",
        "games": "Партии: СЮ {a}, ВЗ {b}",
        "over": "Роббер выиграли {w}: СЮ {a}, ВЗ {b} (включая 2 очка за роббер)",
        "unfinished": "Роббер не окончен: СЮ {a}, ВЗ {b} (только выигранные партии)",
        "running": "Роббер продолжается: партия {n}, счёт СЮ {a}, ВЗ {b}",
    },
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
    text = _TEXT[lg]
    lines = [text["title"]]
    running = [0, 0]
    game_no = 0
    finished_games = {g.number: g for g in score.games}
    for i, r in enumerate(results):
        g = score.hand_games[i] if i < len(score.hand_games) else game_no
        if g != game_no:
            game_no = g
            lines.append("")
            lines.append(text["game"].format(n=g))
            lines.append(text["head"])
            prev = score.games[g - 2] if g >= 2 and len(score.games) >= g - 1 else None
            running = [0, 0]
            if prev is not None:
                running[prev.winner] = prev.lap
        seat_txt = _seat(r.dealer, lg)
        if r.thrown_in:
            decl = text["thrown"]
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
            lap = text["lap"].format(k=done.lap) if done.lap else ""
            lines.append(text["won"].format(n=g, w=sides[done.winner], a=done.score[done.winner],
                                                b=done.score[done.winner.other], v=done.value, lap=lap))
    lines.append("")
    lines.append(text["games"].format(a=score.games_won(Side.NS), b=score.games_won(Side.EW)))
    rp = score.rubber_points()
    if score.is_over:
        w = score.winner
        lines.append(text["over"].format(w=sides[w] if w is not None else "-", a=rp[0], b=rp[1]))
    elif unfinished:
        lines.append(text["unfinished"].format(a=rp[0], b=rp[1]))
    else:
        lines.append(text["running"].format(n=score.game_number, a=score.score[0], b=score.score[1]))
    return "\n".join(lines) + "\n"


class EuchreSheet:
    """The rubber's sheet: its account (:class:`~cardroom.games.euchre.scoring.RubberScore`) and the hands'
    results, a pure function of them (:meth:`from_results`)."""

    def __init__(self, rules: EuchreRules) -> None:
        self.rules = rules
        self.score = RubberScore(lap=rules.lap, fourth_game_after_lap=rules.fourth_game_after_lap,
                                 carried_points_count=rules.carried_points_count)
        self.results: list[EuchreHandResult] = []
        self.unfinished = False

    @classmethod
    def from_results(cls, results: Sequence[EuchreHandResult], rules: EuchreRules,
                     unfinished: bool = False) -> EuchreSheet:
        sheet = cls(rules)
        for r in results:
            sheet.add(r)
        sheet.unfinished = unfinished
        return sheet

    def recomputed(self, results: Sequence[EuchreHandResult]) -> EuchreSheet:
        return EuchreSheet.from_results(results, self.rules, self.unfinished)

    def copy(self) -> EuchreSheet:
        new = object.__new__(EuchreSheet)
        new.__dict__.update(self.__dict__)
        new.score = self.score.copy()
        new.results = list(self.results)
        return new

    @property
    def is_over(self) -> bool:
        return self.score.is_over

    def add(self, r: EuchreHandResult) -> None:
        """Score one hand: its points, or in laws mode its entries in the law's order (penalties first, Law 4)."""
        if any(e.kind != "hand points" for e in r.entries):
            self.score.add_entries(r.entries)
        else:
            self.score.add(r.points[0], r.points[1])
        self.results.append(r)

    def close_unfinished(self) -> None:
        """The laws say nothing of an unfinished rubber: the games won keep their values, no rubber
        points are given, the unfinished game's points lapse."""
        self.unfinished = True

    def to_dict(self) -> dict[str, Any]:
        d = self.score.to_dict()
        d["results"] = [r.to_dict() for r in self.results]
        d["unfinished"] = self.unfinished
        return d

    def render(self, lang: str = "en") -> str:
        return render_sheet(self.results, self.score, lang, self.unfinished)


class CutOpening(Opening):
    """The cut for the first deal (Laws 8, 11, 13): a :class:`Cut` by all four, then a :class:`Recut` by
    the seats tied for the highest card until one is highest."""

    def __init__(self) -> None:
        self.cuts: list[Cut | Recut] = []
        self.to_recut: tuple[Seat, ...] = ()  # the seats tied for the highest cut, to cut again

    def where(self) -> Where:
        if self.to_recut:
            return Where("recut", seats=" ".join(s.letter for s in self.to_recut))
        return Where("cut")

    def sample(self, rng: random.Random) -> Cut | Recut:
        return Recut.random(self.to_recut, rng) if self.to_recut else Cut.random(rng)

    def reads(self, text: str) -> bool:
        return text.lower().startswith(("cut ", "recut "))

    def parse(self, text: str) -> Cut | Recut:
        if text.lower().startswith("cut "):
            return Cut.from_text(text)
        if text.lower().startswith("recut "):
            return Recut.from_text(text)
        raise ParseError(Reason("euchre.cut_due", text=text))

    def apply(self, action: Any) -> Seat | None:
        if isinstance(action, Recut):
            if set(action.seats) != set(self.to_recut):
                who = " ".join(s.letter for s in self.to_recut)
                raise IllegalAction(Reason("euchre.recut_tied", tied=who or 'none',
                                           seats=' '.join(s.letter for s in action.seats)), action=action)
        elif not isinstance(action, Cut):
            raise IllegalAction(Reason("euchre.cut_for_dealer"), action=action)
        tied = action.tied_highest()
        self.cuts.append(action)
        self.to_recut = () if len(tied) == 1 else tied
        return tied[0] if len(tied) == 1 else None

    def refuse_late(self, action: Any) -> None:
        if isinstance(action, (Cut, Recut)):
            raise IllegalAction(Reason("euchre.cut_over"), action=action)

    def snapshot(self) -> object:
        return self.to_recut

    def copy(self) -> CutOpening:
        new = CutOpening()
        new.cuts = list(self.cuts)
        new.to_recut = self.to_recut
        return new


class EuchreRubberState(Match[EuchreHand, EuchreHandResult, EuchreSheet, "EuchreMatchView"]):
    """A whole rubber: the cut (unless ``first_dealer`` is set), then hands until the rubber ends."""

    noun = "rubber"
    over_text = "the rubber is over; no more actions"
    rotate_after_last_deal = True  # Law 28; after a throw-in too (Law 77)
    summary_fields = ("position", "over", "unfinished", "deals", "sheet")
    game: Euchre
    deal: EuchreHand | None
    dealer: Seat | None
    opening: CutOpening

    def __init__(self, game: Euchre) -> None:
        self.rules = game.rules
        fd = self.rules.first_dealer
        super().__init__(game, EuchreSheet(self.rules), None if fd is None else Seat.parse(fd), CutOpening(),
                         opening_due=fd is None)

    @property
    def hand(self) -> EuchreHand | None:
        """The hand in play (the last one once the rubber is over; None before the first)."""
        return self.deal

    @property
    def score(self) -> RubberScore:
        """The rubber's account."""
        return self.sheet.score

    @property
    def cuts(self) -> list[Cut | Recut]:
        return self.opening.cuts

    @property
    def to_recut(self) -> tuple[Seat, ...]:
        """The seats tied for the highest cut, to cut again."""
        return self.opening.to_recut

    def new_deal(self) -> EuchreHand:
        assert self.dealer is not None
        return EuchreHand(self.game, self.dealer, self.rules)

    def dealer_seat(self, seat: int) -> Seat:
        return Seat(seat)

    def next_dealer(self, result: EuchreHandResult) -> Seat:
        assert self.dealer is not None
        return self.dealer.lho

    def where_in_match(self) -> Where:
        return Where("game_n", n=self.score.game_number) + Where("hand_n", n=self.deal_number())

    def result(self) -> RubberScore:
        return self.score

    def make_view(self, seat: int, deal_view: EuchreView | None) -> EuchreMatchView:
        moment = tv.moment(self, (len(self._history), self.sheet.unfinished))
        sheet = moment.get("sheet")
        if sheet is None:
            sheet = moment["sheet"] = self.score.to_dict()
        return EuchreMatchView(seat, deal_view, sheet)

    def deal_summary(self, number: int, result: EuchreHandResult) -> dict[str, Any]:
        r = result
        return {
            "deal": number, "dealer": r.dealer.letter,
            "kind": "thrown in" if r.thrown_in else "lone hand" if r.lone is not None else "partnership",
            "contract": None if r.thrown_in or r.trump is None else f"{r.call} (trumps {r.trump.letter})",
            "declarer": None if r.maker is None else (r.lone if r.lone is not None else r.maker).letter,
            "tricks": r.makers_tricks, "points": {"NS": r.points[0], "EW": r.points[1]},
        }

    def result_line(self, result: EuchreHandResult) -> dict[str, Any]:
        r = result
        if r.thrown_in or r.trump is None or r.maker is None:
            return {"contract": None, "declarer": None, "diff": None, "taken": None, "score": None,
                    "kind": "thrown_in"}
        side = Side.NS if r.points[0] >= r.points[1] else Side.EW
        return {"contract": r.trump.letter, "declarer": int(r.lone if r.lone is not None else r.maker), "diff": None,
                "taken": r.makers_tricks, "score": [side.name, r.points[side]] if r.points[side] else None,
                "kind": None}

    def seat_results(self) -> tuple[float, ...]:
        """Each seat's side's rubber points less the other side's (N, E, S, W)."""
        rp = self.score.rubber_points()
        m = float(rp[0] - rp[1])
        return (m, -m, m, -m)

    def summary_extra(self) -> dict[str, Any]:
        rp = self.score.rubber_points()
        return {"game": "euchre", "hands": [r.to_dict() for r in self.results],
                "rubber_points": {"NS": rp[0], "EW": rp[1]}}


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
        return {"seat": Seat(self.seat).letter, "hand": inner_dict(self.hand),
                "sheet": dict(self.sheet), "table": self.table.to_dict()}
