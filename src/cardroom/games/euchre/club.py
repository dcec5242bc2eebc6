"""The club side of euchre: cutting, forming the table, cutting out, entry and re-entry (Laws 8–21).

Document 003 (Laws of Euchre, Somerset Club, Boston 1888), «СНЯТИЕ КАРТ» … «ВХОД И ПОВТОРНЫЙ ВХОД»:

* Law 8: «Валет — самая старшая карта, затем туз, король и т. д.» — for cutting the knave is highest,
  then A K Q 10 9 8 7; suits do not count (:func:`cut_order`).
* Law 9: everyone cuts from the same pack; Law 10: a player who shows more than one card cuts again
  (:func:`check_cut_card`).
* Laws 11–12: with more than four candidates the cut chooses the players: the four highest play, the
  fifth and sixth belong to the table and wait, the rest do not belong (:func:`cut_for_table`).
* Law 11: the four players cut again for partners, the two highest against the two lowest; the highest
  deals and chooses cards, seats and counters, and is bound by his choice (:func:`cut_for_partners`).
* Laws 13–14: equal cuts are cut again when they decide the partnerships (the tie straddles the two
  highest and the two lowest; three equal cards always do); two equal highest or two equal lowest cards
  are not cut again for partners.
* Law 15: cutting out (:func:`cutting_out`); Laws 16–21: entry and re-entry (:func:`may_enter`,
  :func:`new_table_entry`, :func:`substitute_allowed`, :func:`replacement_term`,
  :func:`status_after_cutting_into_other_table`, :func:`breakup_priority`).

Where the document is silent the choice is a named option (see docs/rules/euchre.md):

* ``arrival_preference`` (Law 11, «преимущество имеют те, кто пришел в комнату раньше»): ``"tie-break"``
  (default) — among equal cuts on the boundary of the table, the earlier arrival is preferred;
  ``"recut"`` — those tied cut again, as in Law 13.
* ``top_tie_dealer`` (Law 13 does not say who deals when the two highest tie): ``"recut"`` (default) —
  the two cut again for the deal only, by analogy with the whist law that has the two tied dealers cut
  again "to decide which of those two deals"; ``"arrival"`` — the one listed first deals.

Everything here is a pure function of its arguments; players are any hashable names.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Generic, Literal, TypeVar

from cardroom.core.cards import Card
from cardroom.core.errors import CardroomError, ParseError, Reason
from cardroom.core.table import Seat
from cardroom.games.euchre.ranks import cut_rank

T = TypeVar("T", bound=Hashable)

TABLE_PLAYERS = 4
"""Law 11: the four highest cuts play."""
TABLE_MEMBERS = 6
"""Law 12: the fifth and sixth highest belong to the table as well; a table has at most six members."""
CONSECUTIVE_RUBBERS = 2
"""Law 19: a player at a full table is entitled to two consecutive rubbers («двух последовательных рабберов»)."""
DEALER_CHOOSES: tuple[str, ...] = ("cards", "seats", "counters")
"""Law 11: «имеет право выбора карт, мест и фишек; сделав свой выбор, он должен его придерживаться»."""

DEALER_CHOICE_BINDING = True
"""Law 11: having chosen cards, seats and counters, the dealer must abide by his choice."""

ArrivalPreference = Literal["tie-break", "recut"]
TopTieDealer = Literal["recut", "arrival"]

CardLike = Card | str


def parse_cut_card(card: CardLike) -> Card:
    """A cut card as a :class:`Card` of the 32-card pack; anything else raises :class:`ParseError`."""
    c = Card.parse(card) if isinstance(card, str) else Card(card)
    try:
        cut_rank(c)
    except ValueError as e:
        raise ParseError(Reason("club.not_in_pack", card=c)) from e
    return c


def _cards(cuts: Mapping[T, CardLike]) -> dict[T, Card]:
    out = {p: parse_cut_card(c) for p, c in cuts.items()}
    seen: dict[Card, T] = {}
    for p, c in out.items():
        if c in seen:
            raise CardroomError(Reason("club.cut_twice", card=c, first=seen[c], second=p))
        seen[c] = p
    return out


def cut_groups(cuts: Mapping[T, CardLike]) -> list[list[T]]:
    """The players grouped by equal cut value, the highest group first (Law 8; suits do not count).

    Inside a group the players keep the order of ``cuts``."""
    cards = _cards(cuts)
    values = sorted({cut_rank(c) for c in cards.values()}, reverse=True)
    return [[p for p, c in cards.items() if cut_rank(c) == v] for v in values]


def cut_order(cuts: Mapping[T, CardLike]) -> list[T]:
    """The players from the highest cut to the lowest (equal cuts in the order given)."""
    return [p for g in cut_groups(cuts) for p in g]


def check_cut_card(cards_shown: int) -> bool:
    """Law 10: whether the cut stands — a player who shows more than one card must cut again.

    Returns ``True`` if the cut stands, ``False`` if the player must cut again."""
    if cards_shown < 1:
        raise CardroomError(Reason("club.cut_shows", n=cards_shown))
    return cards_shown == 1


def check_same_pack(packs: Mapping[T, Hashable]) -> bool:
    """Law 9: «каждый должен снимать карты из одной и той же колоды». ``packs`` maps each player to
    the pack he cut from. ``True`` if the cut is valid. The remedy is not stated; cardroom has the cut
    made again, by everyone, from one pack (option ``same-pack-remedy = recut-all``)."""
    return len(set(packs.values())) <= 1


# ---------------------------------------------------------------------------- forming the table
@dataclass(frozen=True)
class TableCut(Generic[T]):
    """Law 11–12: who plays, who waits (belongs to the table), who does not belong.

    If ``recut`` is not empty the cut is not decided yet: those players cut again (only among
    themselves) for the places at stake, and the other lists are empty."""

    players: tuple[T, ...]
    waiting: tuple[T, ...]
    not_at_table: tuple[T, ...]
    recut: tuple[T, ...] = ()


def cut_for_table(
    cuts: Mapping[T, CardLike],
    arrival: Sequence[T] | None = None,
    *,
    recuts: Sequence[Mapping[T, CardLike]] = (),
    arrival_preference: ArrivalPreference = "tie-break",
) -> TableCut[T]:
    """Form a table from the candidates' cuts (Laws 11, 12).

    Four candidates or fewer are not cut for the table: four play (fewer cannot form a table). With
    more, the four highest play, the fifth and sixth wait, the others do not belong. Equal cuts that
    straddle one of those boundaries are settled by ``arrival`` order (``"tie-break"``) or by the next
    mapping of ``recuts`` (``"recut"``; without one, the result names who must cut again).
    """
    names = list(cuts)
    if len(names) < TABLE_PLAYERS:
        raise CardroomError(Reason("club.four_players", n=len(names)))
    if arrival is not None and sorted(map(str, arrival)) != sorted(map(str, names)):
        raise CardroomError(Reason("club.arrival"))
    if len(names) == TABLE_PLAYERS:
        return TableCut(tuple(names), (), ())
    groups = cut_groups(cuts)
    bounds = (TABLE_PLAYERS, TABLE_MEMBERS)
    pending = list(recuts)
    while True:
        refined: list[list[T]] = []
        pos = 0
        need: list[T] = []
        for g in groups:
            straddles = len(g) > 1 and any(pos < b < pos + len(g) for b in bounds)
            if straddles and arrival_preference == "tie-break" and arrival is not None:
                refined.extend([[p] for p in sorted(g, key=list(arrival).index)])
            elif straddles:
                need.extend(g)
                refined.append(g)
            else:
                refined.append(g)
            pos += len(g)
        groups = refined
        if not need:
            break
        if not pending:
            return TableCut((), (), (), tuple(need))
        groups = _refine(groups, pending.pop(0), need)
    flat = [p for g in groups for p in g]
    return TableCut(tuple(flat[:TABLE_PLAYERS]), tuple(flat[TABLE_PLAYERS:TABLE_MEMBERS]),
                    tuple(flat[TABLE_MEMBERS:]))


# ---------------------------------------------------------------------------- partners and the deal
@dataclass(frozen=True)
class PartnersCut(Generic[T]):
    """The cut for partners (Laws 11, 13, 14).

    ``recut``: players who must cut again before the partnerships are known (Laws 13–14); while it is
    not empty nothing else is decided. ``partnerships``: the dealing side first. ``dealer``: ``None``
    while the two highest are tied and ``dealer_recut`` names the two who cut again for the deal
    (option ``top_tie_dealer = "recut"``)."""

    recut: tuple[T, ...] = ()
    partnerships: tuple[tuple[T, T], tuple[T, T]] | None = None
    dealer: T | None = None
    dealer_recut: tuple[T, ...] = ()

    @property
    def dealing_side(self) -> tuple[T, T] | None:
        return self.partnerships[0] if self.partnerships else None

    def seating(self, dealer_seat: Seat = Seat.SOUTH) -> dict[Seat, T]:
        """The dealer chooses his seat (Law 11), his partner sits opposite. Which adversary sits on the
        dealer's left is not stated; cardroom seats the higher cut there (the eldest hand)."""
        if self.partnerships is None or self.dealer is None:
            raise CardroomError(Reason("club.undecided"))
        (a, b), (c, d) = self.partnerships
        partner = b if a == self.dealer else a
        return {dealer_seat: self.dealer, dealer_seat.partner: partner, dealer_seat.lho: c, dealer_seat.rho: d}


def _refine(groups: list[list[T]], recut: Mapping[T, CardLike], need: Sequence[T]) -> list[list[T]]:
    if set(recut) != set(need):
        raise CardroomError(Reason("club.recut_by", need=[str(p) for p in need], got=[str(p) for p in recut]))
    order = cut_groups(recut)
    out: list[list[T]] = []
    for g in groups:
        if len(g) > 1 and set(g) <= set(need):
            out.extend([[p for p in sub if p in g] for sub in order if any(p in g for p in sub)])
        else:
            out.append(g)
    return out


def cut_for_partners(
    cuts: Mapping[T, CardLike],
    recuts: Sequence[Mapping[T, CardLike]] = (),
    *,
    top_tie_dealer: TopTieDealer = "recut",
) -> PartnersCut[T]:
    """Partnerships and the first dealer from the four players' cuts and any recuts, in order.

    The two highest play against the two lowest; the highest deals (Law 11). Equal cuts are cut again
    when they straddle the middle (Law 13: not when they are the two highest or the two lowest; Law 14:
    three equal cards always straddle it — the recut then ranks the three among themselves, which is
    exactly Law 14's "two lowest (highest) of the new cut are partners"). Four equal cards: all cut
    again (not stated in the document; the same rule). A recut ranks only the players who made it.
    """
    if len(cuts) != TABLE_PLAYERS:
        raise CardroomError(Reason("club.partners_four", n=len(cuts)))
    groups = cut_groups(cuts)
    pending = list(recuts)
    # Laws 13-14: settle the middle.
    while True:
        pos, need = 0, []
        for g in groups:
            if pos < 2 < pos + len(g):
                need = list(g)
            pos += len(g)
        if not need:
            break
        if not pending:
            return PartnersCut(recut=tuple(need))
        groups = _refine(groups, pending.pop(0), need)
    flat = [p for g in groups for p in g]
    high = (flat[0], flat[1])
    low = (flat[2], flat[3])
    if len(groups[0]) == 1:
        dealer: T | None = flat[0]
    elif top_tie_dealer == "arrival":
        dealer = groups[0][0]
    else:
        need = list(groups[0])
        if not pending:
            return PartnersCut(partnerships=(high, low), dealer=None, dealer_recut=tuple(need))
        groups = _refine(groups, pending.pop(0), need)
        while len(groups[0]) > 1:
            if not pending:
                return PartnersCut(partnerships=(high, low), dealer=None, dealer_recut=tuple(groups[0]))
            groups = _refine(groups, pending.pop(0), list(groups[0]))
        dealer = groups[0][0]
    if pending:
        raise CardroomError(Reason("club.recuts_more", n=len(pending)))
    return PartnersCut(partnerships=(high, low), dealer=dealer)


# ---------------------------------------------------------------------------- cutting out (Law 15)
@dataclass(frozen=True)
class CuttingOut(Generic[T]):
    """Law 15: who goes out at the end of a rubber; ``must_cut`` is not empty while a cut is needed."""

    goes_out: tuple[T, ...]
    must_cut: tuple[T, ...] = ()


def cutting_out(
    consecutive_rubbers: Mapping[T, int],
    candidates: int,
    cuts: Sequence[Mapping[T, CardLike]] = (),
) -> CuttingOut[T]:
    """Who goes out when ``candidates`` (one or two) claim to come in after a rubber.

    «тот, кто сыграл большее количество рабберов подряд, чем остальные, выходит из игры. Когда все
    сыграли одинаковое количество, они должны снимать карты … выходит тот, кто снял младшую карту.»
    Players with more consecutive rubbers go out first; where the places to leave fall inside a group
    with the same count, that group cuts and the lowest cut(s) go out (equal lowest cuts cut again).
    """
    if len(consecutive_rubbers) != TABLE_PLAYERS:
        raise CardroomError(Reason("club.out_four", n=len(consecutive_rubbers)))
    if candidates not in (1, 2):
        raise CardroomError(Reason("club.law15", n=candidates))
    for p, n in consecutive_rubbers.items():
        if n < 1:
            raise CardroomError(Reason("club.rubbers", player=p, n=n))
    counts = sorted(set(consecutive_rubbers.values()), reverse=True)
    out: list[T] = []
    pending = list(cuts)
    for n in counts:
        group = [p for p, k in consecutive_rubbers.items() if k == n]
        left = candidates - len(out)
        if left <= 0:
            break
        if len(group) <= left:
            out.extend(group)
            continue
        # the group cuts; the lowest cut(s) go out
        while True:
            if not pending:
                return CuttingOut(tuple(out), tuple(group))
            cut = pending.pop(0)
            if set(cut) != set(group):
                raise CardroomError(Reason("club.out_by", need=[str(p) for p in group]))
            low_first = list(reversed(cut_groups(cut)))
            chosen: list[T] = []
            tied: list[T] = []
            for g in low_first:
                room = left - len(chosen)
                if room <= 0:
                    break
                if len(g) <= room:
                    chosen.extend(g)
                else:
                    tied = g
                    break
            if not tied:
                out.extend(chosen)
                break
            out.extend(chosen)
            left -= len(chosen)
            group = tied
    return CuttingOut(tuple(out))


# ---------------------------------------------------------------------------- entry and re-entry
def may_enter(declared_before_first_cut: bool) -> bool:
    """Law 16: a candidate comes in only if he declared himself before any player cut (for a new
    rubber or for cutting out)."""
    return declared_before_first_cut


@dataclass(frozen=True)
class NewTableEntry(Generic[T]):
    """Law 17: who enters a new table outright, and who cuts for the places left."""

    enter: tuple[T, ...]
    cut_for_remaining: tuple[T, ...]
    remaining_places: int


def new_table_entry(belonged_elsewhere: Mapping[T, bool], places: int) -> NewTableEntry[T]:
    """Law 17: candidates who have not belonged to or played at any other table come in first; the
    others cut for the places left. ``belonged_elsewhere[p]`` is True for a player who has."""
    if places < 0:
        raise CardroomError(Reason("club.places", n=places))
    fresh = [p for p, b in belonged_elsewhere.items() if not b]
    others = [p for p, b in belonged_elsewhere.items() if b]
    if len(fresh) > places:  # more fresh candidates than places: they cut among themselves (Law 11)
        return NewTableEntry((), tuple(fresh), places)
    left = places - len(fresh)
    if len(others) > left:
        return NewTableEntry(tuple(fresh), tuple(others), left)
    return NewTableEntry(tuple(fresh) + tuple(others), (), 0)


def substitute_allowed(consents: Sequence[bool]) -> bool:
    """Law 18: a player leaving during a rubber may name a substitute with the consent of the other
    three («с согласия трех других игроков»)."""
    if len(consents) != 3:
        raise CardroomError(Reason("club.consents", n=len(consents)))
    return all(consents)


def replacement_for(candidates_in_order: Sequence[T]) -> T:
    """Law 19: «его место занимает следующий по очереди кандидат» — the next candidate in order."""
    if not candidates_in_order:
        raise CardroomError(Reason("club.no_candidate"))
    return candidates_in_order[0]


def replacement_term(rubbers_played: int, entitled: int = CONSECUTIVE_RUBBERS) -> int:
    """Law 19: the candidate who replaces a player leaving a full table stays only for the rubbers
    that player still had: after one of two, the replacement goes out after one rubber."""
    if not 0 <= rubbers_played < entitled:
        raise CardroomError(Reason("club.term", played=rubbers_played, entitled=entitled))
    return entitled - rubbers_played


def status_after_cutting_into_other_table() -> tuple[bool, str]:
    """Law 20: a member of one table who cuts to enter another loses his right of re-entry to the
    first and comes in as a new candidate. Returns (keeps re-entry right, status)."""
    return False, "new candidate"


@dataclass(frozen=True)
class BreakupPriority(Generic[T]):
    """Law 21: the order of entry at another table after someone breaks up a table."""

    first: tuple[T, ...]
    cut_for_precedence: tuple[T, ...]
    after: tuple[T, ...]


def breakup_priority(remaining: Sequence[T], breaker: T, vacancies: int) -> BreakupPriority[T]:
    """Law 21: the players left by one who breaks up a table have a prior right over him to any other
    table; if there are fewer vacancies than they are, they cut for precedence."""
    if breaker in remaining:
        raise CardroomError(Reason("club.breaker", player=breaker))
    if vacancies < 0:
        raise CardroomError(Reason("club.vacancies", n=vacancies))
    rem = tuple(remaining)
    cut = rem if len(rem) > vacancies else ()
    return BreakupPriority(() if cut else rem, cut, (breaker,))
