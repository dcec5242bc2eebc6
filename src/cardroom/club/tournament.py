"""A preferans tournament (document 004, the tournament chapter; digest §11): duplicate play by the
movement tables (:mod:`cardroom.club.pref_movements`), the score protocol of §11.2, match points,
totals and standings, the arbiter's adjusted results and rulings (:mod:`cardroom.club.tour_arbiter`),
and knock-out tournaments (§11.4).

* The deal sets: set ``k`` is the boards ``(k − 1)·d + 1 … k·d``; a board is dealt once from the
  tournament's seed (:func:`pref_board`) and every table that plays it gets the same cards at the same
  seats — the club evening's board mechanism (:func:`cardroom.club.evening.play_boards`, each board in
  a one-deal pulka of its own, turned so that the board's dealer deals; the dealer sits out, four at a
  table). Board 1 is dealt by N, board 2 by E, … (:func:`cardroom.club.evening.board_dealer`).
* A deal's whists by seat: the one-deal pulka settled (the «таблица стоимости игр» of the variant for
  four players: the balance in whists; they sum to zero).
* The protocol (§11.2): a line per deal and table — contract, declarer (position, tricks), first and
  second whister (position, tricks), and for N, E, S, W the participant's number, whists and match
  points. The N player fills everything but the match points; the scorer adds them.
* Match points: a seat's whists on a board are compared with the whists at the same seat (the same
  cards) at every other table that played the board: ``win`` for each beaten, ``tie`` for each equal
  (2 and 1, the duplicate convention; the document does not state it). The top is ``win·(k − 1)``
  for a board played ``k`` times. Artificial results are shares of the top; natural results of a board
  with adjusted ones are scaled to the top.
* Standings: each participant's total match points, then the percentage of the tops he could have won,
  then his whists; equal totals share a place.

Nothing here imports the card room.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, fields, replace
from fractions import Fraction
from typing import Any

from cardroom.bots.base import Bot
from cardroom.club import evening as ev
from cardroom.club import movements as mv
from cardroom.club import pref_movements as pm
from cardroom.club import tour_arbiter as arb
from cardroom.core.cards import PIQUET_PACK_MASK, cards_of_mask
from cardroom.core.deal import Deal, hand_text
from cardroom.core.errors import CardroomError
from cardroom.core.match import Match
from cardroom.games import load
from cardroom.i18n import t
from cardroom.i18n.catalogue import Reason
from cardroom.records.registry import record_dict, state_from_dict

SEATS = "NESW"
FORMAT = "cardroom-pref-tournament"


class TournamentError(CardroomError):
    """A tournament that cannot be run as asked (structured reason)."""


@dataclass(frozen=True)
class TournamentOptions:
    """Every choice of a tournament; the UNCERTAIN points are in docs/rules/preferans.md (§11)."""

    variant: str = "sochi"
    deals: int = 4  # deals a set (8, 9: «не менее двух сдач в комплекте»); 4: each seat deals once
    win: int = 2  # match points for each result beaten at the same seat
    tie: int = 1  # … for each equal one
    plus: Fraction = arb.ARTIFICIAL[arb.NONE]  # «средний плюс»: at least 60 %
    printed_16: bool = False  # the 16-player route as printed (refused by the movement check)
    replay_wrong_deal: bool = False  # 11.6 А.2: the arbiter has the correct set played after the round

    def to_dict(self) -> dict[str, Any]:
        return {f.name: str(v) if isinstance(v := getattr(self, f.name), Fraction) else v for f in fields(self)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TournamentOptions:
        d = dict(data)
        if "plus" in d:
            d["plus"] = Fraction(d["plus"])
        return replace(cls(), **d)


def pref_board(seed: int, number: int, version: int = 0) -> ev.Board:
    """Board ``number`` of the tournament of ``seed``: the piquet pack shuffled by a generator seeded by
    both, dealt in twos to the three seats after the dealer (who sits out), the talon after the first
    round (:func:`cardroom.games.preferans.rules.deal_in_twos`). ``version``: a redealt board (11.3 А.3)."""
    from cardroom.games.preferans.rules import deal_in_twos

    dealer = ev.board_dealer(number)
    pack = cards_of_mask(PIQUET_PACK_MASK)
    random.Random(f"{seed}:pref-board:{number}" + (f":{version}" if version else "")).shuffle(pack)
    deal = deal_in_twos(pack, [(int(dealer) + i) % 4 for i in (1, 2, 3)], 4)
    h = deal.hands
    return ev.Board(number, dealer, (h[0], h[1], h[2], h[3]), deal.rest)


# ---------------------------------------------------------------------------------------------- the protocol
@dataclass(frozen=True)
class Score:
    """A seat's result on a board: natural (whists played), assigned (whists given by the arbiter),
    artificial (a share of the top) or cancelled."""

    kind: str  # "natural", "assigned", "artificial", "cancelled"
    value: Fraction = Fraction(0)

    def to_dict(self) -> dict[str, str]:
        return {"kind": self.kind, "value": str(self.value)}


@dataclass
class Line:
    """One line of a table's protocol (§11.2)."""

    round: int
    table: int
    board: int
    set: int
    dealer: int  # seat 0..3 = N, E, S, W
    hands: tuple[int, int, int, int]
    talon: int
    kind: str  # game, misere, raspasy, unplayed (nobody whisted), …
    contract: str | None
    declarer: tuple[int, int] | None  # (seat, tricks)
    whisters: tuple[tuple[int, int] | None, tuple[int, int] | None]  # first, second: (seat, tricks)
    numbers: tuple[int, int, int, int]  # the participants' numbers at N, E, S, W
    whists: tuple[Fraction, Fraction, Fraction, Fraction]
    scores: list[Score] = field(default_factory=list)  # by seat; natural unless the arbiter ruled
    rulings: list[arb.Ruling] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.scores:
            self.scores = [Score("natural", w) for w in self.whists]

    def row(self) -> dict[str, Any]:
        """The line as the N player writes it (match points left to the scorer)."""

        def pt(x: tuple[int, int] | None) -> list[Any] | None:
            return None if x is None else [SEATS[x[0]], x[1]]

        return {"round": self.round, "table": self.table, "board": self.board, "set": self.set,
                "dealer": SEATS[self.dealer], "layout": {SEATS[s]: hand_text(h) for s, h in enumerate(self.hands)}
                | {"talon": hand_text(self.talon)}, "contract": self.contract, "kind": self.kind,
                "declarer": pt(self.declarer), "first_whister": pt(self.whisters[0]),
                "second_whister": pt(self.whisters[1]),
                "seats": {SEATS[s]: {"number": self.numbers[s], "whists": str(self.whists[s]),
                                     "score": self.scores[s].to_dict()} for s in range(4)}}


def ruled_scores(scores: Sequence[Score], ruling: arb.Ruling, plus: Fraction = arb.ARTIFICIAL[arb.NONE]
                 ) -> list[Score]:
    """A deal's scores by seat after a ruling: artificial results by fault (the seats it keeps keep
    theirs), cancelled results for the seats it cancels."""
    out = list(scores)
    for s, fault in ruling.faults.items():
        if s not in ruling.keep:
            out[s] = Score("artificial", arb.artificial_share(fault, plus))
    for s in ruling.cancelled:
        out[s] = Score("cancelled")
    return out


def protocol_line(rnd: int, table: int, board: ev.Board, set_no: int, numbers: Sequence[int],
                  seg: ev.Segment) -> Line:
    """The protocol line of a board played in ``seg`` (a one-deal pulka turned by ``seg.offset``)."""
    from cardroom.games.preferans.calls import PrefCall
    from cardroom.games.preferans.scoring import whist_order

    off = seg.offset
    r = seg.state.results[0]
    balance = seg.state.sheet.settle().balance

    def seat(m: int) -> int:
        return (m + off) % 4

    whists = tuple(Fraction(balance[(s - off) % 4]) for s in range(4))
    declarer = None if r.declarer is None else (seat(r.declarer), r.tricks[r.declarer])
    first: tuple[int, int] | None = None
    second: tuple[int, int] | None = None
    if r.declarer is not None:
        order = whist_order(r)
        defenders = [s for s in r.active if s != r.declarer]
        defenders.sort(key=lambda s: (s not in order, order.index(s) if s in order else (s - r.declarer) % 4))
        first, second = ((seat(d), r.tricks[d]) for d in defenders[:2])
    return Line(rnd, table, board.number, set_no, int(board.dealer), board.hands, board.rest, r.kind,
                None if r.contract is None else str(PrefCall(r.contract)), declarer, (first, second),
                (numbers[0], numbers[1], numbers[2], numbers[3]), (whists[0], whists[1], whists[2], whists[3]))


def match_points(lines: Sequence[Line], win: int = 2, tie: int = 1,
                 plus: Fraction = arb.ARTIFICIAL[arb.NONE]) -> dict[tuple[int, int, int, int], Fraction]:
    """Match points of every (round, table, board, seat): the one scoring of the tournament."""
    by_board: dict[int, list[Line]] = {}
    for ln in lines:
        by_board.setdefault(ln.board, []).append(ln)
    out: dict[tuple[int, int, int, int], Fraction] = {}
    for board, group in by_board.items():
        k = len(group)
        top = Fraction(win * (k - 1))
        for s in range(4):
            natural = [ln for ln in group if ln.scores[s].kind in ("natural", "assigned")]
            for ln in group:
                sc = ln.scores[s]
                key = (ln.round, ln.table, board, s)
                if sc.kind == "artificial":
                    out[key] = sc.value * top
                elif sc.kind == "cancelled":
                    out[key] = Fraction(0)
                else:
                    raw = sum((Fraction(win) if sc.value > o.scores[s].value else Fraction(tie)
                               if sc.value == o.scores[s].value else Fraction(0)
                               for o in natural if o is not ln), Fraction(0))
                    n = len(natural)
                    out[key] = raw if n == k else raw * (k - 1) / (n - 1) if n > 1 else top / 2
    return out


def top_of(lines: Sequence[Line], board: int, win: int = 2) -> int:
    return win * (sum(1 for ln in lines if ln.board == board) - 1)


@dataclass(frozen=True)
class Standing:
    place: int
    number: int
    name: str
    points: Fraction  # match points
    percent: Fraction
    whists: Fraction
    boards: int


def standings_of(lines: Sequence[Line], names: Sequence[str], options: TournamentOptions) -> list[Standing]:
    """Totals and ranking: match points, then percentage of the tops, then whists; equal shares a place."""
    mp = match_points(lines, options.win, options.tie, options.plus)
    pts: dict[int, Fraction] = {i + 1: Fraction(0) for i in range(len(names))}
    tops: dict[int, Fraction] = dict.fromkeys(pts, Fraction(0))
    whists: dict[int, Fraction] = dict.fromkeys(pts, Fraction(0))
    boards: dict[int, int] = dict.fromkeys(pts, 0)
    board_tops = {ln.board: top_of(lines, ln.board, options.win) for ln in lines}
    for ln in lines:
        for s, number in enumerate(ln.numbers):
            pts[number] += mp[(ln.round, ln.table, ln.board, s)]
            tops[number] += board_tops[ln.board]
            if ln.scores[s].kind in ("natural", "assigned"):
                whists[number] += ln.scores[s].value
            boards[number] += 1
    pct = {n: (pts[n] / tops[n] * 100 if tops[n] else Fraction(0)) for n in pts}
    order = sorted(pts, key=lambda n: (-pts[n], -pct[n], -whists[n], n))
    out: list[Standing] = []
    for i, n in enumerate(order):
        key = (pts[n], pct[n], whists[n])
        prev = out[-1] if out else None
        place = prev.place if prev is not None and (prev.points, prev.percent, prev.whists) == key else i + 1
        out.append(Standing(place, n, names[n - 1], pts[n], pct[n], whists[n], boards[n]))
    return out


# ---------------------------------------------------------------------------------------------- the tournament
BotFor = Callable[[str], Bot]


class DealViewBot:
    """A bot that reads the deal's view (its ``legal``) of a pulka's view: the random player."""

    def __init__(self, inner: Bot) -> None:
        self.inner = inner

    def choose(self, view: Any) -> Any:
        return self.inner.choose(getattr(view, "deal", view))


def make_bot(game: Any, kind: str, seed: int) -> Bot:
    bot: Bot = game.bot(kind, seed)
    return DealViewBot(bot) if kind == "random" else bot


def with_bots(given: Sequence[str], n: int, lang: str) -> tuple[list[str], list[str]]:
    """The ``n`` participants: the registered names first (each once, at most ``n``), then computer
    players for the missing ones, each named by his number («Бот 9») unless a registered name took it."""
    from cardroom.club.evening import bot_names

    named = list(dict.fromkeys(p.strip() for p in given if p.strip()))[:n]
    spare = iter(b for b in bot_names(3 * n, lang) if b not in named)
    bots: list[str] = []
    for i in range(len(named), n):
        own = bot_names(i + 1, lang)[i]
        bots.append(own if own not in named else next(b for b in spare if b not in bots))
    return named + bots, bots


def bot_kind(bots: str, number: int) -> str:
    """The computer player of participant ``number``: ``bots`` is a kind or kinds by comma, given in turn
    (``rule,random``: odd numbers the rule bot, even the random one — the rule bot is deterministic, so
    a field of rule bots ties every board)."""
    kinds = [k.strip() for k in bots.split(",") if k.strip()]
    return kinds[(number - 1) % len(kinds)]


@dataclass
class Sitting:
    """One table in one round as played: its seats (names), the set it played, its one-deal pulkas."""

    round: int
    table: int
    seats: tuple[str, str, str, str]
    set: int
    segments: list[ev.Segment]
    late: bool = False  # 11.6 А.2: the correct set played after the round


class Tournament:
    """A duplicate preferans tournament by a movement table of the document."""

    def __init__(self, players: Sequence[str] | int, seed: int = 1, options: TournamentOptions | None = None,
                 bots: str = "rule") -> None:
        self.options = options or TournamentOptions()
        self.names = [str(i + 1) for i in range(players)] if isinstance(players, int) else list(players)
        self.seed = seed
        self.bots = bots
        self.schedule = pm.schedule(self.names, self.options.deals, self.options.printed_16)
        self.game = load("preferans", variant=self.options.variant, players=4)
        self.sittings: list[Sitting] = []
        self.lines: list[Line] = []
        self.rulings: list[dict[str, Any]] = []  # as applied, for the record
        self.versions: dict[int, int] = {}  # board → redeal count (11.3 А.3)
        self.played_rounds = 0
        self._bots: dict[str, Bot] = {}

    # ------------------------------------------------------------------ playing
    def number(self, name: str) -> int:
        return self.names.index(name) + 1

    def bot_for(self, player: str) -> Bot:
        if player not in self._bots:
            n = self.number(player)
            self._bots[player] = make_bot(self.game, bot_kind(self.bots, n), n + 7 * self.seed)
        return self._bots[player]

    def board(self, number: int) -> ev.Board:
        return pref_board(self.seed, number, self.versions.get(number, 0))

    @property
    def over(self) -> bool:
        return self.played_rounds >= self.schedule.table.rounds

    def had_set(self, name: str, set_no: int) -> bool:
        """Whether ``name`` already has a result on set ``set_no`` (11.6 Б)."""
        return any(set_no == st.set and name in st.seats for st in self.sittings)

    def play_sitting(self, rnd: int, table: int, seats: Sequence[str], set_no: int, late: bool = False,
                     bot_for: BotFor | None = None) -> Sitting:
        """Play set ``set_no`` at a table; a player who had played it before has his second result
        cancelled (11.6 Б), the others artificial results."""
        before = [s for s, p in enumerate(seats) if self.had_set(p, set_no)]
        boards = [self.board(b) for b in self.schedule.set_boards(set_no)]
        segs = ev.play_boards(self.game, seats, boards, bot_for or self.bot_for, fresh=True)
        four = (seats[0], seats[1], seats[2], seats[3])
        st = Sitting(rnd, table, four, set_no, segs, late)
        self.sittings.append(st)
        numbers = [self.number(p) for p in seats]
        for b, sg in zip(boards, segs, strict=True):
            ln = protocol_line(rnd, table, b, set_no, numbers, sg)
            self.lines.append(ln)
            if before:
                self.apply_ruling(rnd, table, b.number, arb.wrong_deal(before))
        return st

    def play_round(self, wrong_sets: Mapping[int, int] | None = None, bot_for: BotFor | None = None) -> None:
        """Play the next round. ``wrong_sets``: tables that take a wrong set (table → the set played);
        11.6 is applied: the result stands when none of them had played it, else 11.6 Б."""
        if self.over:
            raise TournamentError(Reason("tour.over"))
        rnd = self.schedule.movement.rounds[self.played_rounds]
        wrong = dict(wrong_sets or {})
        owed: list[tuple[mv.Sitting, int]] = []
        for s in rnd.sittings:
            right = self.schedule.sets[(rnd.number, s.table)]
            got = wrong.get(s.table, right)
            repeated = any(self.had_set(p, got) for p in s.seats)  # 11.6 Б, ruled by play_sitting
            self.play_sitting(rnd.number, s.table, s.seats, got, bot_for=bot_for)
            if got != right and not repeated:  # 11.6 А
                self.rulings.append({"round": rnd.number, "table": s.table, "board": 0,
                                     "ruling": arb.wrong_deal([], require_later=self.options.replay_wrong_deal)
                                     .to_dict(), "set": got})
                owed.append((s, right))
        if self.options.replay_wrong_deal:
            for s, right in owed:
                self.play_sitting(rnd.number, s.table, s.seats, right, late=True, bot_for=bot_for)
        self.played_rounds += 1

    def play(self) -> Tournament:
        while not self.over:
            self.play_round()
        return self

    # ------------------------------------------------------------------ the arbiter
    def line(self, rnd: int, table: int, board: int) -> Line:
        for ln in reversed(self.lines):
            if (ln.round, ln.table, ln.board) == (rnd, table, board):
                return ln
        raise TournamentError(Reason("tour.no_line", round=rnd, table=table, board=board))

    def apply_ruling(self, rnd: int, table: int, board: int, ruling: arb.Ruling,
                     assigned: Sequence[Fraction] | None = None) -> Line:
        """Apply the arbiter's decision to a deal already in the protocol: artificial results by fault,
        an assigned result (``assigned``: whists by seat), a cancelled result, or the deal played again
        with its right cards (the actions of :data:`cardroom.club.tour_arbiter.REPLAYED`)."""
        ln = self.line(rnd, table, board)
        if assigned is not None:
            ln.scores = [Score("assigned", Fraction(w)) for w in assigned]
        elif ruling.action in arb.REPLAYED:
            if ruling.action == arb.REDEAL:
                if any(o.board == board and o is not ln for o in self.lines):
                    raise TournamentError(Reason("tour.redeal_played", board=board))
                self.versions[board] = self.versions.get(board, 0) + 1
            ln = self._replay(ln)
        else:
            ln.scores = ruled_scores(ln.scores, ruling, self.options.plus)
        ln.rulings.append(ruling)
        self.rulings.append({"round": rnd, "table": table, "board": board, "ruling": ruling.to_dict(),
                             "scores": [sc.to_dict() for sc in ln.scores]})
        return ln

    def _replay(self, ln: Line) -> Line:
        seats = next(st.seats for st in reversed(self.sittings) if (st.round, st.table) == (ln.round, ln.table))
        b = self.board(ln.board)
        seg = ev.play_boards(self.game, seats, [b], self.bot_for, fresh=True)[0]
        new = protocol_line(ln.round, ln.table, b, ln.set, ln.numbers, seg)
        self.lines[self.lines.index(ln)] = new
        for st in self.sittings:
            if (st.round, st.table) == (ln.round, ln.table) and any(ln.board in sg.boards for sg in st.segments):
                st.segments = [seg if ln.board in sg.boards else sg for sg in st.segments]
        return new

    def likely_results(self, board: int, exclude: tuple[int, int] | None = None) -> list[tuple[Fraction, ...]]:
        """The natural results of ``board`` at the other tables (the arbiter's evidence for Б.2)."""
        return [ln.whists for ln in self.lines if ln.board == board and (ln.round, ln.table) != exclude
                and all(sc.kind == "natural" for sc in ln.scores)]

    # ------------------------------------------------------------------ scores
    def match_points(self) -> dict[tuple[int, int, int, int], Fraction]:
        o = self.options
        return match_points(self.lines, o.win, o.tie, o.plus)

    def standings(self) -> list[Standing]:
        return standings_of(self.lines, self.names, self.options)

    # ------------------------------------------------------------------ records
    def to_dict(self) -> dict[str, Any]:
        return {"format": FORMAT, "version": 1, "seed": self.seed, "players": list(self.names),
                "options": self.options.to_dict(), "versions": {str(k): v for k, v in self.versions.items()},
                "sittings": [{"round": st.round, "table": st.table, "set": st.set, "late": st.late,
                              "seats": dict(zip(SEATS, st.seats, strict=True)),
                              "segments": [sg.record(dict(zip(SEATS, st.seats, strict=True))) for sg in st.segments]}
                             for st in self.sittings],
                "rulings": list(self.rulings), "protocol": [ln.row() for ln in self.lines]}


def _score(d: Mapping[str, str]) -> Score:
    return Score(d["kind"], Fraction(d["value"]))


def lines_from_dict(data: Mapping[str, Any]) -> list[Line]:
    """The protocol recomputed from a tournament's records alone: every one-deal pulka replayed through
    the game's rules, the arbiter's scores as he ruled them."""
    if data.get("format") != FORMAT:
        raise TournamentError(Reason("tour.not_tournament"))
    names = list(data["players"])
    deals = int(data["options"].get("deals", 4))
    out: list[Line] = []
    for st in data["sittings"]:
        seats = [st["seats"][x] for x in SEATS]
        numbers = [names.index(p) + 1 for p in seats]
        for sg in st["segments"]:
            seg = ev.Segment(int(sg["offset"]), [int(b) for b in sg["boards"]], state_from_dict(sg["record"]))
            number = seg.boards[0]
            dealt = next(a for a in seg.state.history if isinstance(a, Deal))
            hands = [0, 0, 0, 0]
            for m in range(4):
                hands[(m + seg.offset) % 4] = dealt.hands[m]
            board = ev.Board(number, ev.board_dealer(number), (hands[0], hands[1], hands[2], hands[3]), dealt.rest)
            out.append(protocol_line(int(st["round"]), int(st["table"]), board, (number - 1) // deals + 1,
                                     numbers, seg))
    for r in data.get("rulings", []):
        if "scores" not in r:
            continue
        for ln in reversed(out):
            if (ln.round, ln.table, ln.board) == (r["round"], r["table"], r["board"]):
                ln.scores = [_score(s) for s in r["scores"]]
                break
    return out


def recompute(data: Mapping[str, Any]) -> tuple[list[Line], list[Standing]]:
    """The protocol and the standings from the records alone."""
    lines = lines_from_dict(data)
    return lines, standings_of(lines, list(data["players"]), TournamentOptions.from_dict(data["options"]))


# ---------------------------------------------------------------------------------------------- printing
def fmt(x: Fraction) -> str:
    return str(x.numerator) if x.denominator == 1 else f"{float(x):.2f}"


KIND_KEYS = {"preferans": "pref"}
"""A deal's kind whose words are not ``pref.kind.<kind>``: the «преферанс» declaration (the sheet's key)."""


def contract_text(ln: Line, lang: str) -> str:
    """The contract column: a game's contract; the other kinds by the terminal's words (``pref.kind.*``)
    — a misère, raspasy, a game nobody whisted («без виста», with its contract)."""
    from cardroom.i18n import STRINGS

    key = KIND_KEYS.get(ln.kind, f"pref.kind.{ln.kind}")
    kind = t(key, lang) if key in STRINGS else ln.kind
    if ln.kind == "game" and ln.contract:
        return ln.contract
    if ln.contract is None or ln.kind == "misere":
        return kind
    return f"{ln.contract} — {kind}"


def protocol_text(lines: Sequence[Line], mp: Mapping[tuple[int, int, int, int], Fraction], lang: str) -> list[str]:
    """The protocol as printed: per table-round, a line per deal (§11.2's columns)."""
    out: list[str] = []
    key: tuple[int, int] | None = None
    for ln in sorted(lines, key=lambda x: (x.round, x.table, x.board)):
        if (ln.round, ln.table) != key:
            key = (ln.round, ln.table)
            out.append(t("tour.protocol_head", lang, round=ln.round, table=ln.table, set=ln.set))

        def pt(x: tuple[int, int] | None) -> str:
            return "—" if x is None else f"{SEATS[x[0]]} {x[1]}"

        cols = "; ".join(t("tour.seat_col", lang, seat=SEATS[s], number=ln.numbers[s], whists=fmt(ln.whists[s]),
                           mp=fmt(mp[(ln.round, ln.table, ln.board, s)]),
                           mark="*" if ln.scores[s].kind != "natural" else "") for s in range(4))
        out.append(t("tour.protocol_line", lang, board=ln.board, dealer=SEATS[ln.dealer],
                     contract=contract_text(ln, lang), declarer=pt(ln.declarer), first=pt(ln.whisters[0]),
                     second=pt(ln.whisters[1]), seats=cols))
    return out


def layouts_text(lines: Sequence[Line], lang: str) -> list[str]:
    """The layouts of the boards (§11.2), one line each, as the terminal writes hands."""
    from cardroom.core.cards import CardSet
    from cardroom.i18n import shown_cards

    boards: dict[int, Line] = {}
    for ln in lines:
        boards.setdefault(ln.board, ln)
    out = [t("tour.page.layouts", lang) + ":"]
    for b, ln in sorted(boards.items()):
        hands = "  ".join(f"{SEATS[s]} " + ("—" if not h else shown_cards(CardSet(h).by_suit_text(), lang))
                          for s, h in enumerate(ln.hands))
        talon = shown_cards(CardSet(ln.talon).by_suit_text(), lang)
        out.append(t("tour.layout_line", lang, board=b, dealer=SEATS[ln.dealer], hands=hands, talon=talon))
    return out


def standings_text(standings: Sequence[Standing], lang: str) -> list[str]:
    out = [t("tour.standings_head", lang)]
    for s in standings:
        out.append(t("tour.standing_line", lang, place=s.place, number=s.number, name=s.name, points=fmt(s.points),
                     percent=f"{float(s.percent):.1f}", whists=fmt(s.whists)))
    return out


# ---------------------------------------------------------------------------------------------- knock-out
@dataclass(frozen=True)
class KnockoutTable:
    round: int
    table: int
    players: tuple[str, ...]
    balances: tuple[Fraction, ...]  # each player's pulka balance in whists
    advance: tuple[str, ...]  # who goes on (the final table: the prize order)
    record: Mapping[str, Any]


def knockout_sizes(n: int, advance: int = 1, table_size: int = 4) -> list[list[int]]:
    """The tables of every round of a knock-out: as few tables of ``table_size`` (3 or 4) as will hold the
    players, as even as possible; the winner of each (or the first ``advance``) goes on; the last round
    is one table. :class:`TournamentError` when a round cannot be seated at tables of three or four."""
    if table_size not in (3, 4) or advance not in (1, 2):
        raise TournamentError(Reason("tour.ko_shape", size=table_size, advance=advance))
    rounds: list[list[int]] = []
    while True:
        if 3 <= n <= table_size:
            rounds.append([n])
            return rounds
        k = -(-n // table_size)
        sizes = [n // k + (1 if i < n % k else 0) for i in range(k)]
        if min(sizes) < 3 or k * advance >= n:
            raise TournamentError(Reason("tour.ko_seating", n=n, size=table_size))
        rounds.append(sizes)
        n = k * advance


def play_pulka(players: Sequence[str], variant: str, rng: random.Random, bot_for: BotFor,
               options: Mapping[str, Any] | None = None) -> Match[Any, Any, Any, Any]:
    """A whole pulka («пуля») played by the bots of ``players`` (seat order): the club's whole-match play
    (:func:`cardroom.club.evening.play_rubbers`)."""
    game = load("preferans", variant=variant, players=len(players), **dict(options or {}))
    return ev.play_rubbers(game, players, 1, rng, bot_for)[0].state


def knockout(players: Sequence[str], seed: int = 1, variant: str = "sochi", advance: int = 1, table_size: int = 4,
             bots: str = "rule", pulka: Mapping[str, Any] | None = None) -> list[KnockoutTable]:
    """A knock-out tournament (§11.4): each round the players sit at tables (in order of their standing:
    the winners first), each table plays a pulka independent of earlier results, its winner (or the
    first two) goes on; the last round is one table, its order the prizes. Ties: the higher-placed
    player of the previous round (the draw order at the start)."""
    plan = knockout_sizes(len(players), advance, table_size)
    out: list[KnockoutTable] = []
    field_ = list(players)
    bots_: dict[str, Bot] = {}
    game = load("preferans", variant=variant, players=3)

    def bot_for(p: str) -> Bot:
        if p not in bots_:
            n = players.index(p) + 1
            bots_[p] = make_bot(game, bot_kind(bots, n), n + 7 * seed)
        return bots_[p]

    for r, sizes in enumerate(plan, start=1):
        nxt: list[str] = []
        for tb, four in enumerate(seatings(field_, sizes), start=1):
            state = play_pulka(four, variant, random.Random(f"{seed}:ko:{r}:{tb}"), bot_for, pulka)
            bal = tuple(Fraction(b) for b in state.sheet.settle().balance)
            go = going_on(four, bal, advance, final=len(sizes) == 1)
            out.append(KnockoutTable(r, tb, tuple(four), bal, go,
                                     record_dict(state, {str(s): p for s, p in enumerate(four)})))
            nxt += go
        field_ = nxt
    return out


def seatings(field_: Sequence[str], sizes: Sequence[int]) -> list[list[str]]:
    """The tables of a knock-out round: the players in order (the winners of the previous round first),
    ``sizes`` at a time."""
    out, i = [], 0
    for size in sizes:
        out.append(list(field_[i:i + size]))
        i += size
    return out


def going_on(players: Sequence[str], balances: Sequence[Fraction], advance: int, final: bool) -> tuple[str, ...]:
    """Who goes on from a knock-out table: the best ``advance`` by the pulka's balance (ties: the earlier
    seat); at the final table, every player in the order of the prizes."""
    order = sorted(range(len(players)), key=lambda s: (-balances[s], s))
    return tuple(players[s] for s in (order if final else order[:advance]))



# ---------------------------------------------------------------------------------------------- the printable page
TOURNAMENT_CSS = ("table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #888;padding:2px 6px}"
                  "@media print{.noprint{display:none}}")


def tournament_html(lines: Sequence[Line], mp: Mapping[tuple[int, int, int, int], Fraction],
                    standings: Sequence[Standing], lang: str, head: str = "", stylesheet: str | None = None) -> str:
    """The printable protocol (§11.2, a table per table-round) and the standings, as one HTML page;
    ``head``: HTML put before them (the director's page: the round being played); ``stylesheet``: the
    address of :data:`TOURNAMENT_CSS` (the room's pages allow no inline style), else inline."""
    from html import escape

    style = f'<link rel="stylesheet" href="{escape(stylesheet)}">' if stylesheet else f"<style>{TOURNAMENT_CSS}</style>"
    cols = [t(f"tour.col.{c}", lang) for c in ("deal", "dealer", "contract", "declarer", "first", "second")]
    seat_cols = "".join(f"<th>{x}: {escape(t('tour.col.seat', lang))}</th>" for x in SEATS)
    out = [f'<!DOCTYPE html><html lang="{lang}"><head><meta charset="utf-8">'
           f"<title>{escape(t('tour.page.protocol', lang))}</title>{style}</head><body>", head,
           f"<h2>{escape(t('tour.page.standings', lang))}</h2><table class=\"standings\"><tr>"
           + "".join(f"<th>{escape(t(f'tour.col.{c}', lang))}</th>" for c in ("place", "number", "name", "mp",
                                                                              "percent", "whists")) + "</tr>"]
    for s in standings:
        out.append(f"<tr><td>{s.place}</td><td>{s.number}</td><td>{escape(s.name)}</td><td>{fmt(s.points)}</td>"
                   f"<td>{float(s.percent):.1f}</td><td>{fmt(s.whists)}</td></tr>")
    out.append(f"</table><h2>{escape(t('tour.page.protocol', lang))}</h2>")
    key: tuple[int, int] | None = None

    def pt(x: tuple[int, int] | None) -> str:
        return "—" if x is None else f"{SEATS[x[0]]} {x[1]}"

    for ln in sorted(lines, key=lambda x: (x.round, x.table, x.board)):
        if (ln.round, ln.table) != key:
            if key is not None:
                out.append("</table>")
            key = (ln.round, ln.table)
            out.append(f"<h3>{escape(t('tour.protocol_head', lang, round=ln.round, table=ln.table, set=ln.set))}</h3>"
                       '<table class="protocol"><tr>' + "".join(f"<th>{escape(c)}</th>" for c in cols)
                       + seat_cols + "</tr>")
        contract = contract_text(ln, lang)
        seats = "".join(f"<td>№{ln.numbers[s]} · {fmt(ln.whists[s])} · {fmt(mp[(ln.round, ln.table, ln.board, s)])}"
                        + ("*" if ln.scores[s].kind != "natural" else "") + "</td>" for s in range(4))
        out.append(f"<tr><td>{ln.board}</td><td>{SEATS[ln.dealer]}</td><td>{escape(contract)}</td>"
                   f"<td>{pt(ln.declarer)}</td><td>{pt(ln.whisters[0])}</td><td>{pt(ln.whisters[1])}</td>{seats}</tr>")
    if key is not None:
        out.append("</table>")
    out.append(f"<p>{escape(t('tour.protocol_note', lang))}</p>")
    out.append(layouts_html(lines, lang))
    out.append("</body></html>")
    return "".join(out)


def layouts_html(lines: Sequence[Line], lang: str) -> str:
    """The layout of every board played (§11.2: «расклад»), the same at every table: its dealer (who sits
    out), the hands at N, E, S, W and the talon."""
    from html import escape

    from cardroom.core.cards import CardSet
    from cardroom.i18n import shown_cards

    def hand(mask: int) -> str:
        return "—" if not mask else escape(shown_cards(CardSet(mask).by_suit_text(), lang))

    boards: dict[int, Line] = {}
    for ln in lines:
        boards.setdefault(ln.board, ln)
    heads = [t("tour.col.deal", lang), t("tour.col.dealer", lang), *SEATS, t("tour.col.talon", lang)]
    rows = "".join(f"<tr><td>{b}</td><td>{SEATS[ln.dealer]}</td>" + "".join(f"<td>{hand(h)}</td>" for h in ln.hands)
                   + f"<td>{hand(ln.talon)}</td></tr>" for b, ln in sorted(boards.items()))
    return (f"<h2>{escape(t('tour.page.layouts', lang))}</h2><table class=\"layouts\"><tr>"
            + "".join(f"<th>{escape(h)}</th>" for h in heads) + f"</tr>{rows}</table>")
