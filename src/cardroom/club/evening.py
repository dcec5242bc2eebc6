"""The club evening: a movement (:mod:`cardroom.club.movements`) played through the deals of an underlying
game, with the scorings and prizes of document 000 (digest §6.6–§6.9, §6.12) and document 001's tour.

* A **board** is a deal of the evening: its number, its dealer, its cards, dealt once from the evening's
  seed; every table that plays board *n* is given the same cards (:func:`make_board`).
* A table plays its boards through **matches** of the underlying game (auction bridge, straight bridge,
  duplicate auction, contract bridge), its deals given by the boards instead of shuffled. A match's
  North is the dealer of its first board (the match is *turned* by ``offset`` seats), and the boards that
  follow in the deal's rotation are dealt into the same match; a rubber that ends, or a board out of the
  rotation, starts the next match (a **segment**). Each segment is kept as the game's generic JSON
  record (:mod:`cardroom.records.registry`), so the evening can be recomputed from its records.
* A deal's score, by the physical seats of the table (:class:`DealScore`), comes from the deal's entries
  as the underlying game scored them; the evening's scoring (:data:`SCORINGS`) adds the round's bonuses.

Nothing here imports the card room.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, fields, replace
from typing import Any

from cardroom.bots.base import Bot
from cardroom.club import movements as mv
from cardroom.core.deal import Deal
from cardroom.core.errors import CardroomError
from cardroom.core.game import CHANCE, Game
from cardroom.core.match import Match
from cardroom.core.table import Seat, Side
from cardroom.games import load, names
from cardroom.i18n import t
from cardroom.i18n.catalogue import Reason
from cardroom.records.registry import record_dict, state_from_dict

KINDS = ("duplicate", "progressive", "pivot", "tour", "royal", "six-handed")
SCORINGS = ("to-the-score", "other", "plain")
"""Duplicate and progressive (§6.8.2–§6.8.4): "to-the-score" (+50 a round to the side with the greater
trick score, the club-tournament method), "other" (+50 a game won before moving, and the unfinished
games settled by ``unfinished``), "plain" (the deals as the game scores them)."""
UNFINISHED = ("per-point", "higher-below")
ROYAL_GAME = "royal-bridge"
"""The game of a royal evening when it is registered (built by the royal-bridge variety); otherwise
the evening plays straight bridge's deals and scores them by :func:`royal_deal_points`."""
DEFAULT_GAME = {"duplicate": "auction-bridge", "progressive": "auction-bridge", "pivot": "auction-bridge",
                "tour": "bridge", "royal": ROYAL_GAME, "six-handed": "straight-bridge"}
BONUS = 50
"""§6.8.2: «стороне с большей суммой очков за взятки добавляется пятьдесят очков»; §6.8.3: 50 for a game."""


class EveningError(CardroomError):
    """An evening that cannot be made as asked (structured reason)."""


@dataclass(frozen=True)
class EveningOptions:
    """Every choice of an evening; each UNCERTAIN point of the document is one (docs/rules/club-evening.md)."""

    deals_per_round: int = 4  # §6.7.2, §6.8.2: four deals a round
    rounds: int = 0  # 0: the movement's full number
    scoring: str = "to-the-score"  # §6.8.4: the first method is the usual one
    unfinished: str = "per-point"  # §6.8.3: the other method's settlement of unfinished games
    per_point: int = 1  # §6.8.3: «определенное количество очков» a trick point of lead (not stated)
    count_honours: bool = True  # §6.8.2: the bonus is added to the results; honours still scored
    rank_by_direction: bool = True  # duplicate: North-South and East-West ranked apart (not stated)
    pivot_net: bool = False  # §6.6.3: each keeps what he wins (True: won less lost, as rubber bridge)
    tour_net: bool = True  # document 001's tour is rubber bridge: won less lost
    royal_plus_only: bool = False  # §6.12.3: the signed column, or only plus scores
    royal_partner_shares: bool = False  # §6.12.3 UNCERTAIN: the dealer's partner shares a win
    six_printed_moves: bool = False  # §6.9.2: the printed moves (refused: not a permutation)
    six_deals: int = 12
    progressive_move: str = "east-west"  # §6.7.1: East-West pairs move, or the winners move ("winners")
    progressive_tie: str = "east-west"  # UNCERTAIN (not stated): the pair that moves when a round is tied

    def to_dict(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}


# ---------------------------------------------------------------------------------------------- boards
@dataclass(frozen=True)
class Board:
    """One deal of the evening: the same cards at every table that plays it."""

    number: int
    dealer: Seat
    hands: tuple[int, int, int, int]
    rest: int = 0  # the talon of a game that has one (preferans: :mod:`cardroom.club.tournament`)


def board_dealer(number: int) -> Seat:
    """Board 1 is dealt by North, board 2 by East, and so on round the table."""
    return Seat((number - 1) % 4)


def make_board(seed: int, number: int, key: str = "board") -> Board:
    """Board ``number`` of the evening of ``seed``: shuffled by a generator seeded by both, dealt one card
    at a time from the dealer's left."""
    dealer = board_dealer(number)
    deal = Deal.random(random.Random(f"{seed}:{key}:{number}"), (dealer + 1) % 4)
    h = deal.hands
    return Board(number, dealer, (h[0], h[1], h[2], h[3]))


# ---------------------------------------------------------------------------------------------- scores
@dataclass(frozen=True)
class DealScore:
    """A played deal scored by the physical sides: points by North-South / East-West, the trick points
    (below the line) of each, and the seat that declared (None: passed out)."""

    board: int
    dealer: Seat
    total: tuple[int, int]
    tricks: tuple[int, int]
    maker: Seat | None


def deal_score(board: int, result: Any, offset: int) -> DealScore:
    """The score of a match's deal result (its entries, its contract) at the physical seats: the match's
    seat ``s`` is the table's seat ``s + offset``."""
    total, tricks = [0, 0], [0, 0]
    for e in result.entries:
        side = (int(e.side) + offset) % 2
        total[side] += e.points
        if e.below:
            tricks[side] += e.points
    c = result.contract
    maker = None if c is None else Seat((int(getattr(c, "maker", getattr(c, "declarer", 0))) + offset) % 4)
    return DealScore(board, Seat((int(result.dealer) + offset) % 4), (total[0], total[1]), (tricks[0], tricks[1]),
                     maker)


def round_bonus(scores: Sequence[DealScore], options: EveningOptions, game_points: int) -> tuple[int, int]:
    """The bonus of a table's round by the evening's scoring (§6.8.2–§6.8.3), by side NS, EW."""
    if options.scoring == "plain":
        return (0, 0)
    if options.scoring == "to-the-score":
        ns, ew = sum(s.tricks[0] for s in scores), sum(s.tricks[1] for s in scores)
        return (BONUS, 0) if ns > ew else (0, BONUS) if ew > ns else (0, 0)
    bonus, below = [0, 0], [0, 0]
    for s in scores:  # the other method: games won before moving
        for side in (0, 1):
            below[side] += s.tricks[side]
        for side in (0, 1):
            if below[side] >= game_points:
                bonus[side] += BONUS
                below = [0, 0]
                break
    lead = below[0] - below[1]
    if lead:
        side = 0 if lead > 0 else 1
        bonus[side] += abs(lead) * options.per_point if options.unfinished == "per-point" else below[side]
    return (bonus[0], bonus[1])


def royal_deal_points(score: DealScore, options: EveningOptions) -> dict[Seat, int]:
    """A royal-bridge deal in the players' own columns (§6.12.3): the declaration's value ``v`` (the
    declaring side's tricks and honours less the other side's) is added to the declarer's column (signed)
    — or, plus only, ``v`` to him when won and ``-v`` to each of the three others when lost. The dealer's
    partner shares a win only with ``royal_partner_shares`` (not stated)."""
    if score.maker is None:
        return {}
    side = score.maker % 2
    v = score.total[side] - score.total[1 - side]
    winners = [score.maker, *((score.maker.partner,) if options.royal_partner_shares else ())]
    if v >= 0 or not options.royal_plus_only:
        return {s: v for s in winners}
    return {s: -v for s in Seat if s != score.maker}


# ---------------------------------------------------------------------------------------------- playing
@dataclass
class Segment:
    """One match of the underlying game at a table: its turn (``offset``), the boards dealt into it, and
    the match itself (its JSON record is the segment's record)."""

    offset: int
    boards: list[int]
    state: Match[Any, Any, Any, Any]

    def record(self, players: Mapping[str, str]) -> dict[str, Any]:
        turned = {Seat(s).letter: players[Seat((s + self.offset) % 4).letter] for s in range(4)}
        return {"offset": self.offset, "boards": list(self.boards), "record": record_dict(self.state, turned)}


BotFor = Callable[[str], Bot]


def _play_out(state: Match[Any, Any, Any, Any], seat_bot: Callable[[int], Bot], stop: Callable[[], bool]) -> None:
    """Let the bots act until the state asks for chance (the next deal's cards) or is over."""
    while not state.is_over and state.to_act != CHANCE and not stop():
        seat = state.to_act
        assert seat is not None
        state.apply(seat_bot(seat).choose(state.view(seat)))


def turned_deal(hands: Sequence[int], offset: int, rest: int = 0) -> Deal:
    return Deal(tuple(hands[(s + offset) % 4] for s in range(4)), rest)


def _play_deal(state: Match[Any, Any, Any, Any], deal: Deal, players: Sequence[str], offset: int,
               bot_for: BotFor) -> None:
    """Deal ``deal`` into ``state`` (its chance node) and let the bots of ``players`` (the table's N, E, S,
    W; the match turned by ``offset``) play it out."""
    state.apply(deal)
    before = len(state.results)

    def seat_bot(seat: int) -> Bot:
        return bot_for(players[(seat + offset) % 4])

    _play_out(state, seat_bot, lambda: len(state.results) > before)


def play_boards(game: Game, seats: Sequence[str], boards: Sequence[Board], bot_for: BotFor,
                fresh: bool = False) -> list[Segment]:
    """Play ``boards`` at a table of ``seats`` (N, E, S, W): each board's cards dealt into the running
    match when its dealer is the match's next dealer, else into a new match turned to its dealer;
    ``fresh``: every board in a match of its own (a deal scored alone, the preferans tournament)."""
    segments: list[Segment] = []
    for b in boards:
        last = segments[-1] if segments else None
        if fresh or last is None or last.state.is_over or last.state.to_act != CHANCE \
                or (int(last.state.dealer or 0) + last.offset) % 4 != b.dealer:
            last = Segment(int(b.dealer), [], game.new_initial_state())
            segments.append(last)
        last.boards.append(b.number)
        _play_deal(last.state, turned_deal(b.hands, last.offset, b.rest), seats, last.offset, bot_for)
    for seg in segments:
        if not seg.state.is_over:
            seg.state.abandon()  # the boards played stand; the record says the match was left unfinished
    return segments


def play_rubbers(game: Game, seats: Sequence[str], rubbers: int, rng: random.Random, bot_for: BotFor) -> list[Segment]:
    """Play ``rubbers`` whole rubbers at a table (North deals first), the deals shuffled by ``rng``."""
    out = []
    for _ in range(rubbers):
        state = game.new_initial_state()
        while not state.is_over:
            if state.to_act == CHANCE:
                state.play_chance(rng)
            else:
                _play_out(state, lambda s: bot_for(seats[s]), lambda: False)
        out.append(Segment(0, [], state))
    return out


def segment_scores(state: Match[Any, Any, Any, Any], offset: int, boards: Sequence[int]) -> list[DealScore]:
    numbers = list(boards) or list(range(1, len(state.results) + 1))
    return [deal_score(n, r, offset) for n, r in zip(numbers, state.results, strict=False)]


def sheet_totals(state: Match[Any, Any, Any, Any], offset: int) -> tuple[int, int]:
    """A finished rubber's totals by physical side NS, EW (the sheet's, rubber bonus included)."""
    t0, t1 = state.sheet.total(Side.NS), state.sheet.total(Side.EW)
    return (t0, t1) if offset % 2 == 0 else (t1, t0)


# ---------------------------------------------------------------------------------------------- the evening
@dataclass
class Standing:
    name: str  # a player or a pair ("A & B")
    points: int
    direction: str = ""  # "NS" / "EW" for the pairs of a board movement ranked by direction
    table: int = 0  # the table, for pivot's prize at each table


def _pair(a: str, b: str) -> str:
    return f"{a} & {b}"


def bot_names(n: int, lang: str) -> list[str]:
    return [t("club.bot_name", lang, n=i + 1) for i in range(n)]


def seats_needed(kind: str, tables: int) -> int:
    return 6 if kind == "six-handed" else 4 * tables


def game_for(kind: str, game: str | None) -> str:
    """The game an evening of ``kind`` plays: ``game``, else the movement's own; royal bridge's deals are
    straight bridge's when the royal variety is not registered (scored by :func:`royal_deal_points`)."""
    name = game or DEFAULT_GAME[kind]
    return "straight-bridge" if name == ROYAL_GAME and ROYAL_GAME not in names() else name


class Evening:
    """A club evening: its movement, its game, its boards, and, once played, each table's matches."""

    def __init__(self, kind: str, players: Sequence[str], game: str | None = None, seed: int = 1,
                 options: EveningOptions | None = None, bots: str = "rule") -> None:
        if kind not in KINDS:
            raise EveningError(Reason("club.kind", kind=kind, kinds=", ".join(KINDS)))
        self.kind = kind
        self.options = options or EveningOptions()
        if self.options.scoring not in SCORINGS:
            raise EveningError(Reason("club.scoring", scoring=self.options.scoring, scorings=", ".join(SCORINGS)))
        if self.options.unfinished not in UNFINISHED:
            raise EveningError(Reason("club.scoring", scoring=self.options.unfinished, scorings=", ".join(UNFINISHED)))
        for move in (self.options.progressive_move, self.options.progressive_tie):
            if move not in mv.PROGRESSIVE_MOVES:
                raise EveningError(Reason("club.progressive_move", move=move, moves=", ".join(mv.PROGRESSIVE_MOVES)))
        if self.options.progressive_move != "east-west" and kind != "progressive":
            raise EveningError(Reason("club.progressive_only", move=self.options.progressive_move, kind=kind))
        name = game_for(kind, game)
        self.game_name = name
        self.game_options = self._game_options(name)
        self.game = load(name, **self.game_options)
        if self.game.num_seats != 4 or not hasattr(self.game.new_initial_state().sheet, "total"):
            raise EveningError(Reason("club.four_seats", game=name))
        self.seed = seed
        self.bots = bots
        self.players = tuple(players)
        self.movement = self._movement()
        self.tables: list[Row] = []
        self.six: dict[tuple[str, str], list[Segment]] = {}
        self.six_log: list[tuple[int, int, tuple[str, str], bool]] = []  # deal, end, rubber, sat out
        self._bots: dict[str, Bot] = {}

    def _game_options(self, name: str) -> dict[str, Any]:
        from cardroom.games import game_class

        schema = game_class(name).option_schema()
        return {"draw_for_first_deal": False} if "draw_for_first_deal" in schema else {}

    def _movement(self) -> mv.Movement:
        o, p = self.options, self.players
        rounds = o.rounds or None
        if self.kind == "duplicate":
            return mv.duplicate(p, o.deals_per_round, rounds)
        if self.kind == "progressive":  # the winners' move: the first round only, the next from its results
            winners = o.progressive_move == "winners"
            return mv.progressive(p, o.deals_per_round, 1 if winners else rounds)
        if self.kind == "pivot":
            return mv.pivot(p, o.rounds or mv.PIVOT_RUBBERS)
        if self.kind == "tour":
            return mv.tour(p)
        if self.kind == "royal":
            return mv.royal(p)
        mv.six_handed(p, o.six_deals, o.six_printed_moves)  # refuses the printed moves
        return mv.Movement("six-handed", ())

    # ------------------------------------------------------------------ play
    def bot_for(self, player: str) -> Bot:
        if player not in self._bots:
            self._bots[player] = self.game.bot(self.bots, len(self._bots) + 7 * self.seed)
        return self._bots[player]

    def board(self, number: int) -> Board:
        return make_board(self.seed, number)

    def next_round(self, number: int, played: Sequence[Row]) -> mv.Round | None:
        """Round ``number`` (1-based) of the evening after the table-rounds ``played`` (None: the evening
        is over). A progressive evening whose winners move (§6.7.1) makes each round from the last one's
        winners (:func:`round_winners`); every other movement is its schedule."""
        o = self.options
        if self.kind != "progressive" or o.progressive_move != "winners" or number == 1:
            rounds = self.movement.rounds
            return rounds[number - 1] if number <= len(rounds) else None
        last = sorted((r for r in played if r.round == number - 1), key=lambda r: r.table)
        if number > (o.rounds or len(self.movement.rounds[0].sittings)) or not last:
            return None
        prev = mv.Round(number - 1, tuple(mv.Sitting(r.table, r.seats, r.boards) for r in last))
        return mv.winners_move(prev, round_winners(last, o, self.game), o.deals_per_round)

    def play(self) -> Evening:
        if self.kind == "six-handed":
            self._play_six()
            return self
        number = 1
        while (rnd := self.next_round(number, self.tables)) is not None:
            number += 1
            for s in rnd.sittings:
                tp = Row(rnd.number, s.table, s.seats, s.boards, [])
                if s.boards:
                    tp.segments = play_boards(self.game, s.seats, [self.board(b) for b in s.boards], self.bot_for)
                else:
                    rng = random.Random(f"{self.seed}:rubber:{rnd.number}:{s.table}")
                    tp.segments = play_rubbers(self.game, s.seats, s.rubbers, rng, self.bot_for)
                self.tables.append(tp)
        return self

    def _play_six(self) -> None:
        """Six-handed (§6.9): three rubbers at once, A–B, A–C, B–C, each a match of the game whose North and
        South are the first pair's; at each deal each end plays a deal of its rubber; when a rubber is over
        the end that would play it sits out one deal, and a new rubber of the two pairs begins."""
        waiting: set[tuple[str, str]] = set()
        for deal in mv.six_handed(self.players, self.options.six_deals, self.options.six_printed_moves):
            for end in deal.ends:
                key = end.rubber
                segs = self.six.setdefault(key, [])
                turn = six_turn(key, None if not segs else segs[-1].state.is_over, waiting)
                self.six_log.append((deal.number, end.position, key, turn == "sit"))
                if turn == "sit":
                    continue
                if turn == "new":
                    segs.append(Segment(0, [], self.game.new_initial_state()))
                seg = segs[-1]
                seg.boards.append(deal.number)
                _play_deal(seg.state, six_deal(self.seed, deal.number, end), mv.six_seats(self.players, key), 0,
                           self.bot_for)
        for segs in self.six.values():
            if segs and not segs[-1].state.is_over:
                segs[-1].state.abandon()

    # ------------------------------------------------------------------ records
    def head(self) -> dict[str, Any]:
        """The evening's JSON without its tables: its movement, game, seed, players and options."""
        return {"format": "cardroom-evening", "version": 1, "kind": self.kind, "game": self.game_name,
                "seed": self.seed, "players": list(self.players), "options": self.options.to_dict()}

    def to_dict(self) -> dict[str, Any]:
        """The evening as JSON: its movement, options, and every table's segments as game records."""
        base = self.head()
        if self.kind == "six-handed":
            rubbers = []
            for key, segs in self.six.items():
                seats = dict(zip("NESW", mv.six_seats(self.players, key), strict=True))
                rubbers.append({"pairs": list(key), "segments": [s.record(seats) for s in segs]})
            return {**base, "rubbers": rubbers, "log": six_log_dict(self.six_log)}
        return {**base, "tables": [table_dict(tp, [s.record(dict(zip("NESW", tp.seats, strict=True)))
                                                   for s in tp.segments]) for tp in self.tables]}

    # ------------------------------------------------------------------ standings
    def standings(self) -> list[Standing]:
        return standings_of(self.kind, self.options, self.rows(), self.game)

    def rows(self) -> list[Row]:
        if self.kind == "six-handed":
            return [Row(0, 0, mv.six_seats(self.players, k), (), segs) for k, segs in self.six.items()]
        return list(self.tables)

    def load(self, data: Mapping[str, Any]) -> Evening:
        """The evening's tables (or six-handed rubbers and log) replayed from its JSON (:meth:`to_dict`'s
        form), e.g. to print the card of an evening played elsewhere (the card room's tables)."""
        if self.kind == "six-handed":
            self.six = {(str(rb["pairs"][0]), str(rb["pairs"][1])): _segments(rb["segments"])
                        for rb in data.get("rubbers", [])}
            self.six_log = [(int(x["deal"]), int(x["end"]), (str(x["rubber"][0]), str(x["rubber"][1])),
                             bool(x["sat_out"])) for x in data.get("log", [])]
        else:
            self.tables = rows_from_dict(data)
        return self


SixTurn = str
"""What one end of a six-handed deal does: "play" (a deal of its rubber's running match), "new" (the
first deal of a new rubber) or "sit" (its three players sit out, their rubber just won)."""


def six_turn(key: tuple[str, str], over: bool | None, waiting: set[tuple[str, str]]) -> SixTurn:
    """The turn of the end whose rubber is ``key`` (§6.9.4): ``over`` whether that rubber's last match is
    over (None: none begun). A rubber won sits its end out one deal (``key`` then kept in ``waiting``),
    then a new rubber of the two pairs begins."""
    if over and key not in waiting:
        waiting.add(key)
        return "sit"
    if over is None or over:
        waiting.discard(key)
        return "new"
    return "play"


def six_deal(seed: int, number: int, end: mv.SixEnd) -> Deal:
    """The cards of deal ``number`` at one end of a six-handed evening (each end its own four hands)."""
    return Deal(make_board(seed, number, f"six:{end.position}").hands)


def six_log_dict(log: Iterable[tuple[int, int, tuple[str, str], bool]]) -> list[dict[str, Any]]:
    return [{"deal": d, "end": e, "rubber": list(k), "sat_out": so} for d, e, k, so in log]


def round_winners(rows: Sequence[Row], options: EveningOptions, game: Game) -> list[int]:
    """The side that won each table-round of ``rows`` (in table order): 0 North-South, 1 East-West, by the
    round's points as the evening scores them (:meth:`Row.side_points`); a tie by ``progressive_tie``."""
    out = []
    for row in sorted(rows, key=lambda r: r.table):
        ns, ew = row.side_points(options, game_points(game))
        out.append(0 if ns > ew else 1 if ew > ns else (1 if options.progressive_tie == "east-west" else 0))
    return out


@dataclass
class Row:
    """One table-round (or one six-handed rubber): its seats, its boards and its matches (segments)."""

    round: int
    table: int
    seats: tuple[str, str, str, str]
    boards: tuple[int, ...]
    segments: list[Segment]

    def scores(self) -> list[DealScore]:
        return [d for sg in self.segments for d in segment_scores(sg.state, sg.offset, sg.boards)]

    def side_points(self, options: EveningOptions, game_points: int) -> tuple[int, int]:
        """The round's points by side NS, EW: the deals' points (or tricks only), and the round's bonus."""
        scores = self.scores()
        honours = options.count_honours or options.scoring == "plain"
        points = [s.total if honours else s.tricks for s in scores]
        bonus = round_bonus(scores, options, game_points)
        return (sum(p[0] for p in points) + bonus[0], sum(p[1] for p in points) + bonus[1])


def table_dict(row: Row | mv.Sitting, segments: list[dict[str, Any]], rnd: int | None = None) -> dict[str, Any]:
    """One table-round of an evening's JSON: its round, table, seats, boards and segments (each
    ``{"offset", "boards", "record"}``, the record the game's generic JSON)."""
    number = rnd if rnd is not None else getattr(row, "round", 0)
    return {"round": number, "table": row.table, "seats": dict(zip("NESW", row.seats, strict=True)),
            "boards": list(row.boards), "segments": segments}


def game_points(game: Game) -> int:
    """The game's points of a game (30 in the bridges of 1913)."""
    got: int = getattr(getattr(game, "rules", None), "game_points", 30)
    return got


def standings_of(kind: str, options: EveningOptions, rows: Iterable[Row], game: Game) -> list[Standing]:
    """The standings of an evening from its table-rounds, highest first (the one scoring of every kind)."""
    rows = list(rows)
    points: dict[tuple[str, str, int], int] = {}

    def add(name: str, pts: int, direction: str = "", table: int = 0) -> None:
        points[(name, direction, table)] = points.get((name, direction, table), 0) + pts

    for row in rows:
        n, e, s, w = row.seats
        if kind in ("duplicate", "progressive"):
            ns, ew = row.side_points(options, game_points(game))
            by_dir = kind == "duplicate" and options.rank_by_direction
            add(_pair(n, s), ns, "NS" if by_dir else "")
            add(_pair(e, w), ew, "EW" if by_dir else "")
        elif kind in ("pivot", "tour"):
            net = options.tour_net if kind == "tour" else options.pivot_net
            for sg in row.segments:
                ns, ew = sheet_totals(sg.state, sg.offset)
                for p in (n, s):
                    add(p, ns - ew if net else ns, table=row.table)
                for p in (e, w):
                    add(p, ew - ns if net else ew, table=row.table)
        elif kind == "royal":
            for sg in row.segments:
                per_seat = royal_seat_points(sg.state, sg.offset, sg.boards, options)
                for seat, pts in per_seat.items():
                    add(row.seats[seat], pts, table=row.table)
            for p in row.seats:
                add(p, 0, table=row.table)
        else:  # six-handed: each pair's rubbers, won less lost
            for sg in row.segments:
                ns, ew = sheet_totals(sg.state, sg.offset)
                add(_pair(n, s), ns - ew)
                add(_pair(e, w), ew - ns)
    out = [Standing(name, pts, d, tb) for (name, d, tb), pts in points.items()]
    return sorted(out, key=lambda x: (x.direction, -x.points, x.name))


def royal_seat_points(m: Match[Any, Any, Any, Any], offset: int, boards: Sequence[int],
                       options: EveningOptions) -> dict[int, int]:
    """A royal segment's points by physical seat: the royal game's own columns when it is the game, else
    each deal by :func:`royal_deal_points`."""
    if m.game.name == ROYAL_GAME:
        got = m.seat_results() or ()
        return {(s + offset) % 4: int(v) for s, v in enumerate(got)}
    out: dict[int, int] = {}
    for score in segment_scores(m, offset, boards):
        for seat, pts in royal_deal_points(score, options).items():
            out[int(seat)] = out.get(int(seat), 0) + pts
    return out


def prizes(kind: str, standings: Sequence[Standing]) -> list[Standing]:
    """The prizes: pivot, a prize at each table, the highest score in the room first (§6.6.3); a board
    movement ranked by direction, the top of each direction; otherwise the top of the room."""
    if not standings:
        return []
    if kind in ("pivot", "royal", "tour"):
        tops: dict[int, Standing] = {}
        for s in standings:
            if s.table not in tops or s.points > tops[s.table].points:
                tops[s.table] = s
        return sorted(tops.values(), key=lambda s: (-s.points, s.table))
    best: dict[str, Standing] = {}
    for s in standings:
        if s.direction not in best or s.points > best[s.direction].points:
            best[s.direction] = s
    return sorted(best.values(), key=lambda s: (s.direction, -s.points))


# ---------------------------------------------------------------------------------------------- recomputing
def _segments(data: Iterable[Mapping[str, Any]]) -> list[Segment]:
    """Segments replayed from their JSON (each record through the game's rules)."""
    return [Segment(int(sg["offset"]), [int(b) for b in sg["boards"]], state_from_dict(sg["record"])) for sg in data]


def rows_from_dict(data: Mapping[str, Any]) -> list[Row]:
    """The evening's table-rounds replayed from its JSON (each segment's record through the game's rules)."""
    if data.get("format") != "cardroom-evening":
        raise EveningError(Reason("club.not_evening"))
    out = []
    if data["kind"] == "six-handed":
        for rb in data["rubbers"]:
            seats = rb["segments"][0]["record"]["players"] if rb["segments"] else {}
            out.append(Row(0, 0, (seats["N"], seats["E"], seats["S"], seats["W"]), (), _segments(rb["segments"])))
        return out
    for tb in data["tables"]:
        seats = tb["seats"]
        out.append(Row(int(tb["round"]), int(tb["table"]), (seats["N"], seats["E"], seats["S"], seats["W"]),
                       tuple(tb["boards"]), _segments(tb["segments"])))
    return out


def options_from_dict(data: Mapping[str, Any]) -> EveningOptions:
    return replace(EveningOptions(), **dict(data.get("options", {})))


def recompute(data: Mapping[str, Any]) -> list[Standing]:
    """The standings recomputed from an evening's JSON alone."""
    rows = rows_from_dict(data)
    game = rows[0].segments[0].state.game if rows and rows[0].segments else load(str(data["game"]))
    return standings_of(str(data["kind"]), options_from_dict(data), rows, game)


def dealt_boards(data: Mapping[str, Any]) -> dict[int, list[tuple[int, int, tuple[int, ...]]]]:
    """Every board's cards as each table's record dealt them, at the physical seats: board → [(round,
    table, hands N, E, S, W)]. A duplicate evening is fair when every board's hands are one."""
    out: dict[int, list[tuple[int, int, tuple[int, ...]]]] = {}
    for tb in data.get("tables", []):
        for sg in tb["segments"]:
            state = state_from_dict(sg["record"])
            off = int(sg["offset"])
            for number, result in zip(sg["boards"], state.results, strict=False):
                hands = tuple(result.hands[(s - off) % 4] for s in range(4))
                out.setdefault(int(number), []).append((int(tb["round"]), int(tb["table"]), hands))
    return out
