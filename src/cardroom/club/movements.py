"""The movements of a club evening (document 000, «Разновидности бриджа»; digest §6.6–§6.9, §6.12; document
001 §3.2): who sits where in each round, and which boards each table plays.

A movement is a schedule: rounds → tables → the players at the four seats (North, East, South, West,
partners opposite) and the boards the table plays in that round. A board is a number of the evening's
deals, dealt once and carried from table to table with the same cards (:mod:`cardroom.club.evening`); a
sitting without boards plays a rubber (pivot, the tour) or a number of fresh deals of its own.

Everything here is a pure function of its arguments: no game is played, no room is touched.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from cardroom.core.errors import CardroomError
from cardroom.games.bridge.club import RUBBERS_PER_TOUR, tour_partnerships
from cardroom.i18n.catalogue import Reason

SEATS = 4
PIVOT_RUBBERS = 3
"""§6.6.2: «По окончании трех раберов каждый побудет в качестве партнера каждого из остальных»."""
ROYAL_DEALS_PER_PARTNER = 4
"""§6.12.1: partners change by the pivot system «по окончании четырех сдач»; twelve deals in all."""
SIX_PRINTED = {6: 5, 4: 3, 3: 2, 2: 1, 1: 6}
"""§6.9.2 as printed: «с позиции 6 переходят на 5; с 4 на 3; с 3 на 2; с 2 на 1, а с 1 на 6»."""
SIX_CYCLE = {6: 5, 5: 4, 4: 3, 3: 2, 2: 1, 1: 6}
"""§6.9.2, best reading: the missing 5 → 4 too, one 6-cycle."""
SIX_ENDS = (1, 4)
"""The end (dealers') positions, unknown in the document (the diagram is missing): 1 and 4, the only
pair of positions the 6-cycle keeps three apart, so that the partners who arrive there are partners
after every move (partners sit at p and p + 3)."""
SIX_FLANKS = {1: (2, 5), 4: (3, 6)}
"""The pair of opponents «по обе стороны» of each end: the pair at 2 and 5 beside end 1, at 3 and 6
beside end 4 (reading; the diagram is missing)."""


class MovementError(CardroomError):
    """A movement that cannot be made from what it was given (structured reason)."""


@dataclass(frozen=True)
class Sitting:
    """One table in one round: the players at North, East, South, West, and what it plays.

    ``boards``: the evening's boards played here, in order (the same cards at every table that plays
    them); empty when the table plays ``rubbers`` rubbers of its own."""

    table: int
    seats: tuple[str, str, str, str]
    boards: tuple[int, ...] = ()
    rubbers: int = 0

    @property
    def sides(self) -> tuple[tuple[str, str], tuple[str, str]]:
        """North-South and East-West."""
        n, e, s, w = self.seats
        return (n, s), (e, w)


@dataclass(frozen=True)
class Round:
    number: int  # 1-based
    sittings: tuple[Sitting, ...]


@dataclass(frozen=True)
class Movement:
    """A whole evening's schedule."""

    kind: str
    rounds: tuple[Round, ...]

    @property
    def players(self) -> tuple[str, ...]:
        seen: list[str] = []
        for r in self.rounds:
            for s in r.sittings:
                seen += [p for p in s.seats if p not in seen]
        return tuple(seen)

    @property
    def boards(self) -> tuple[int, ...]:
        """Every board of the evening, each once, in number order."""
        return tuple(sorted({b for r in self.rounds for s in r.sittings for b in s.boards}))

    def tables_of(self, board: int) -> list[tuple[int, int]]:
        """Where a board is played: (round, table) pairs."""
        return [(r.number, s.table) for r in self.rounds for s in r.sittings if board in s.boards]


def _groups(players: Sequence[str], size: int) -> list[tuple[str, ...]]:
    if len(set(players)) != len(players):
        raise MovementError(Reason("club.players_twice"))
    if not players or len(players) % size:
        raise MovementError(Reason("club.players_count", n=len(players), size=size))
    return [tuple(players[i:i + size]) for i in range(0, len(players), size)]


def pivot_seats(four: Sequence[str], rubber: int) -> tuple[str, str, str, str]:
    """The seats of rubber ``rubber`` (0-based) of a pivot table (§6.6.2): the first dealer keeps North;
    after each rubber the player on her left (East) passes behind her to her right (West), her right
    moves opposite (South), her partner to her left (East; best reading of «по кругу»)."""
    f, e, s, w = four
    for _ in range(rubber % PIVOT_RUBBERS):
        e, s, w = s, w, e  # E → W, W → S, S → E
    return f, e, s, w


def pivot(players: Sequence[str], rubbers: int = PIVOT_RUBBERS) -> Movement:
    """Pivot bridge: each four keep their table; a round is one rubber, after which the three move round
    the first dealer."""
    tables = _groups(players, SEATS)
    rounds = [Round(k + 1, tuple(Sitting(t + 1, pivot_seats(four, k), rubbers=1) for t, four in enumerate(tables)))
              for k in range(rubbers)]
    return Movement("pivot", tuple(rounds))


def tour(players: Sequence[str]) -> Movement:
    """Document 001's tour: three rubbers, each player partnering each of the other three once
    (:func:`cardroom.games.bridge.club.tour_partnerships`); the first player keeps North."""
    tables = _groups(players, SEATS)
    rounds = []
    for k in range(RUBBERS_PER_TOUR):
        sittings = []
        for t, four in enumerate(tables):
            (n, s), (e, w) = tour_partnerships(list(four), k)
            sittings.append(Sitting(t + 1, (n, e, s, w), rubbers=1))
        rounds.append(Round(k + 1, tuple(sittings)))
    return Movement("tour", tuple(rounds))


def royal(players: Sequence[str], deals: int = ROYAL_DEALS_PER_PARTNER) -> Movement:
    """Royal bridge (§6.12.1): the pivot system, partners changing after every ``deals`` deals; three
    rounds, so that each has played four deals with each of the others."""
    tables = _groups(players, SEATS)
    n = len(tables)
    rounds = [Round(k + 1, tuple(Sitting(t + 1, pivot_seats(four, k),
                                         boards=tuple(range((k * n + t) * deals + 1, (k * n + t + 1) * deals + 1)))
                                 for t, four in enumerate(tables)))
              for k in range(PIVOT_RUBBERS)]
    return Movement("royal", tuple(rounds))


def _pairs(players: Sequence[str]) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    """The North-South and East-West pairs of tables of four (``players`` four by four: N, E, S, W)."""
    tables = _groups(players, SEATS)
    return [(f[0], f[2]) for f in tables], [(f[1], f[3]) for f in tables]


def mitchell_ew(table: int, rnd: int, tables: int) -> int:
    """The East-West pair (0-based) at ``table`` in round ``rnd`` of a Mitchell movement: East-West move
    up one table a round, skipping one table half way when the number of tables is even (so that no
    pair meets a board twice)."""
    skip = 1 if tables % 2 == 0 and rnd >= tables // 2 else 0
    return (table - rnd - skip) % tables


def duplicate(players: Sequence[str], deals_per_round: int = 4, rounds: int | None = None) -> Movement:
    """Duplicate bridge (§6.8): boards in trays carried from table to table. The duplicate-whist methods
    are not in the extract; cardroom uses the Mitchell movement of the time: North-South stay, East-West
    move up one table, the boards down one (the skip for an even number of tables). Set ``k`` holds
    boards ``k·d + 1 … k·d + d``; each set is played at every table, once a round."""
    ns, ew = _pairs(players)
    n = len(ns)
    if deals_per_round < 1:
        raise MovementError(Reason("club.deals_per_round", n=deals_per_round))
    count = n if rounds is None else rounds
    if not 1 <= count <= n:
        raise MovementError(Reason("club.rounds", n=count, most=n))
    out = []
    for r in range(count):
        sittings = []
        for t in range(n):
            e = ew[mitchell_ew(t, r, n)]
            board_set = (t + r) % n
            boards = tuple(board_set * deals_per_round + i + 1 for i in range(deals_per_round))
            sittings.append(Sitting(t + 1, (ns[t][0], e[0], ns[t][1], e[1]), boards=boards))
        out.append(Round(r + 1, tuple(sittings)))
    return Movement("duplicate", tuple(out))


def progressive(players: Sequence[str], deals_per_round: int = 4, rounds: int | None = None) -> Movement:
    """Progressive (drive) bridge (§6.7): North-South pairs stay, East-West move one table a round; an
    even number of deals a round (four usually), fresh at each table. Each table-round's deals are boards
    of their own (numbered so that no two tables share one)."""
    ns, ew = _pairs(players)
    n = len(ns)
    if deals_per_round < 2 or deals_per_round % 2:
        raise MovementError(Reason("club.even_deals", n=deals_per_round))
    count = n if rounds is None else rounds
    if count < 1:
        raise MovementError(Reason("club.rounds", n=count, most=n))
    out = []
    for r in range(count):
        sittings = []
        for t in range(n):
            e = ew[(t - r) % n]
            first = (r * n + t) * deals_per_round
            sittings.append(Sitting(t + 1, (ns[t][0], e[0], ns[t][1], e[1]),
                                    boards=tuple(range(first + 1, first + deals_per_round + 1))))
        out.append(Round(r + 1, tuple(sittings)))
    return Movement("progressive", tuple(out))


PROGRESSIVE_MOVES = ("east-west", "winners")
"""§6.7.1: «все пары «север — юг» сидят на месте, а все пары «восток — запад» переходят за один стол» (the
default), or «перемещение победителей в определенном направлении» (the winning pair of each table moves
one table up, the losers stay)."""


def winners_move(prev: Round, winners: Sequence[int], deals_per_round: int) -> Round:
    """The next round of a progressive evening whose winners move (§6.7.1): ``winners[t]`` is the side
    (0 North-South, 1 East-West) that won at the ``t``-th table of ``prev``. The losers of each table stay
    in their seats; the winners of the table below come to the table in the other direction, each
    partner keeping his order (the first-named at North or East). Winners go one table up, the top
    table's to the first; fresh boards, numbered as :func:`progressive` numbers them."""
    sittings = prev.sittings
    n = len(sittings)
    if len(winners) != n or any(w not in (0, 1) for w in winners):
        raise MovementError(Reason("club.winners", n=n))
    r = prev.number  # the new round's 0-based index
    out = []
    for t, s in enumerate(sittings):
        stay = s.sides[1 - winners[t]]
        come = sittings[(t - 1) % n].sides[winners[(t - 1) % n]]
        ns, ew = (stay, come) if winners[t] == 1 else (come, stay)
        first = (r * n + t) * deals_per_round
        out.append(Sitting(s.table, (ns[0], ew[0], ns[1], ew[1]),
                           boards=tuple(range(first + 1, first + deals_per_round + 1))))
    return Round(r + 1, tuple(out))


# ---------------------------------------------------------------------------------------------- six-handed
SIX_PAIRS = ("A", "B", "C")
"""§6.9.1: the pairs А, Б, В; ``players`` two by two are A's, B's and C's."""


def six_pairs(players: Sequence[str]) -> dict[str, tuple[str, str]]:
    """The three pairs of a six-handed evening by name."""
    return {n: (players[2 * i], players[2 * i + 1]) for i, n in enumerate(SIX_PAIRS)}


def six_seats(players: Sequence[str], rubber: Sequence[str]) -> tuple[str, str, str, str]:
    """The seats (N, E, S, W) of the match that keeps a six-handed rubber: the rubber's first pair North
    and South, its second East and West (one seating for the command line and the card room)."""
    pairs = six_pairs(players)
    x, y = pairs[rubber[0]], pairs[rubber[1]]
    return (x[0], y[0], x[1], y[1])
def six_moves(printed: bool = False) -> dict[int, int]:
    """The moves after each deal of six-handed bridge (§6.9.2): the best reading, one 6-cycle, or the
    moves as printed, which :func:`check_permutation` refuses (5 → 4 is missing: nobody comes to 4 and
    nobody leaves 5)."""
    return dict(SIX_PRINTED if printed else SIX_CYCLE)


def check_permutation(moves: Mapping[int, int], positions: Sequence[int]) -> None:
    """:class:`MovementError` unless ``moves`` sends every position to one position, each taken once."""
    missing_from = sorted(set(positions) - set(moves))
    missing_to = sorted(set(positions) - set(moves.values()))
    if missing_from or missing_to:
        raise MovementError(Reason("club.not_permutation", left=", ".join(map(str, missing_from)) or "—",
                                   unreached=", ".join(map(str, missing_to)) or "—"))


@dataclass(frozen=True)
class SixEnd:
    """One end of the six-handed table in one deal: the dealer, his partner's dummy opposite him (the
    partner sits at the other end), the pair of opponents beside him, and the rubber it counts in."""

    position: int
    dealer: str
    partner: str
    opponents: tuple[str, str]
    rubber: tuple[str, str]  # the two pairs' names, in order of the pairs


@dataclass(frozen=True)
class SixDeal:
    number: int
    places: Mapping[int, str]  # position → player
    ends: tuple[SixEnd, SixEnd]


def six_handed(players: Sequence[str], deals: int = 12, printed: bool = False,
               pair_names: Sequence[str] = ("A", "B", "C")) -> list[SixDeal]:
    """The deals of a six-handed evening (§6.9): pairs A, B, C (``players`` two by two: A's, B's, C's);
    pair A deals first, its players at the ends 1 and 4, B at 2 and 5, C at 3 and 6; after each deal
    everyone moves by :func:`six_moves` and the pair arriving at the ends deals."""
    if len(players) != 6 or len(set(players)) != 6:
        raise MovementError(Reason("club.six_players", n=len(players)))
    moves = six_moves(printed)
    check_permutation(moves, range(1, 7))
    pair_of = {p: pair_names[i // 2] for i, p in enumerate(players)}
    places = {1: players[0], 4: players[1], 2: players[2], 5: players[3], 3: players[4], 6: players[5]}
    out = []
    for k in range(deals):
        ends = []
        for end in SIX_ENDS:
            dealer = places[end]
            partner = places[SIX_ENDS[1] if end == SIX_ENDS[0] else SIX_ENDS[0]]
            a, b = SIX_FLANKS[end]
            pair = sorted((pair_of[dealer], pair_of[places[a]]))
            ends.append(SixEnd(end, dealer, partner, (places[a], places[b]), (pair[0], pair[1])))
        out.append(SixDeal(k + 1, dict(places), (ends[0], ends[1])))
        places = {moves[p]: who for p, who in places.items()}
    return out
