"""The club side of rubber bridge: the draw for partners, partnerships over a tour, the deal procedure.

Document 001 (Бридж) §3.1–§3.4:

* the draw: the highest card, "regardless of suit", chooses his seat and deals first; on equal ranks
  the suit decides, spades > hearts > diamonds > clubs;
* the first dealer's partner sits opposite him. How the draw forms the partnerships is not stated
  in the document; :func:`cut_for_partners` follows the standard law (Laws of Contract Bridge,
  rubber bridge): the two highest cards play against the two lowest;
* after a rubber everyone draws again, partners of one rubber may not partner each other in the next,
  and three rubbers make a tour in which each player partners each of the other three once
  (:func:`tour_partnerships`, :func:`allowed_pairings`);
* the dealer has the pack cut by the opponent on his right and deals one card at a time from his left;
  meanwhile his partner shuffles the other pack and puts it on his own right, beside the next dealer
  (:func:`deal_procedure`).

Everything here is a pure function of its arguments.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from cardroom.core.deal import Draw
from cardroom.core.table import Seat

T = TypeVar("T", bound=Hashable)

RUBBERS_PER_TOUR = 3
"""Document 001 §3.2: «Три роббера, сыгранные подряд, составляют один тур бриджа»."""

Pairing = tuple[tuple[T, T], tuple[T, T]]


def _four(players: Sequence[T]) -> tuple[T, T, T, T]:
    if len(players) != 4 or len(set(players)) != 4:
        raise ValueError(f"a bridge table has four distinct players, not {list(players)!r}")
    return players[0], players[1], players[2], players[3]


def pairings(players: Sequence[T]) -> list[Pairing[T]]:
    """The three ways to split four players into two partnerships.

    Pairing *i* makes ``players[0]`` the partner of ``players[i + 1]``.
    """
    a, b, c, d = _four(players)
    return [((a, b), (c, d)), ((a, c), (b, d)), ((a, d), (b, c))]


def tour_partnerships(players: Sequence[T], rubber_index: int) -> Pairing[T]:
    """The partnerships of rubber ``rubber_index`` (0, 1, 2) of a tour of four players.

    The three rubbers of a tour use the three pairings in turn, so nobody partners the same player
    twice in a tour and each player partners each of the others once (document 001 §3.2). From
    index 3 on, the next tour repeats the rotation.
    """
    if rubber_index < 0:
        raise ValueError(f"rubber index {rubber_index} is negative")
    return pairings(players)[rubber_index % RUBBERS_PER_TOUR]


def _partnerships(pairing: Pairing[T]) -> set[frozenset[T]]:
    return {frozenset(pairing[0]), frozenset(pairing[1])}


def allowed_pairings(players: Sequence[T], previous: Sequence[Pairing[T]]) -> list[Pairing[T]]:
    """The pairings the next rubber of a tour may use, given the pairings of its earlier rubbers.

    Document 001 §3.2: «Тем игрокам, которые составляли пару в предыдущем роббере, не разрешается
    снова быть партнерами в последующем. Если играется третий по счету роббер, то пары в нем
    подбирают из игроков, еще не являвшихся партнерами друг друга.» A new tour (every
    ``RUBBERS_PER_TOUR`` rubbers) starts afresh.
    """
    played = len(previous) % RUBBERS_PER_TOUR
    this_tour = previous[len(previous) - played:] if played else []
    used: set[frozenset[T]] = set()
    for p in this_tour:
        used |= _partnerships(p)
    return [p for p in pairings(players) if not (_partnerships(p) & used)]


@dataclass(frozen=True)
class Cut:
    """The result of the draw for partners; every number is an index into the draw's cards."""

    ranking: tuple[int, int, int, int]  # highest card first

    @property
    def dealer(self) -> int:
        """The highest card: chooses his seat and deals first (document 001 §3.1)."""
        return self.ranking[0]

    @property
    def dealer_partner(self) -> int:
        """The second-highest card partners the highest (standard law; the document is silent)."""
        return self.ranking[1]

    @property
    def opponents(self) -> tuple[int, int]:
        """The two lowest cards, the other partnership."""
        return self.ranking[2], self.ranking[3]

    @property
    def partnerships(self) -> tuple[tuple[int, int], tuple[int, int]]:
        return (self.dealer, self.dealer_partner), self.opponents

    def seating(self, dealer_seat: Seat = Seat.SOUTH) -> dict[Seat, int]:
        """Seats for the drawers: the dealer where he chose, his partner opposite.

        Which opponent sits on the dealer's left is stated neither by document 001 ("по левую и правую
        руку от сдающего размещаются оба его противника") nor here by law; cardroom seats the higher
        of the two on the dealer's left.
        """
        return {
            dealer_seat: self.dealer,
            dealer_seat.partner: self.dealer_partner,
            dealer_seat.lho: self.ranking[2],
            dealer_seat.rho: self.ranking[3],
        }


def cut_for_partners(draw: Draw) -> Cut:
    """Form the partnerships of a rubber from a draw of four cards (one per player, in draw order).

    Cards rank by rank first (A high); equal ranks are decided by suit, S > H > D > C (document 001
    §3.1). The two highest play against the two lowest; the highest deals first and chooses his seat.
    """
    if len(draw.cards) != 4:
        raise ValueError(f"the draw for partners needs four cards, not {len(draw.cards)}")
    r = draw.ranking()
    return Cut((r[0], r[1], r[2], r[3]))


@dataclass(frozen=True)
class DealProcedure:
    """Who does what around one deal (document 001 §3.3–§3.4)."""

    dealer: Seat
    cut_by: Seat  # the opponent on the dealer's right
    first_card_to: Seat  # the opponent on the dealer's left
    deal_order: tuple[Seat, Seat, Seat, Seat]  # one card at a time, clockwise, dealer last
    still_pack_shuffled_by: Seat  # the dealer's partner shuffles the other pack meanwhile
    still_pack_placed_next_to: Seat  # ... and puts it on his right, beside the next dealer
    next_dealer: Seat  # the deal passes to the left


def deal_procedure(dealer: Seat) -> DealProcedure:
    """The deal procedure of document 001 for ``dealer``.

    «раздает колоду после того, как ее снимет противник, сидящий справа. Сдачу карт проводят по одной,
    начиная с противника, находящегося по левую руку от сдающего.» — «Пока один игрок (Юг) сдает колоду,
    его партнер (Север) тасует карты второй ... колоды ... кладет ее с правой стороны от себя.»
    """
    d = Seat(dealer)
    shuffler = d.partner
    return DealProcedure(
        dealer=d,
        cut_by=d.rho,
        first_card_to=d.lho,
        deal_order=(d.next(1), d.next(2), d.next(3), d),
        still_pack_shuffled_by=shuffler,
        still_pack_placed_next_to=shuffler.rho,
        next_dealer=d.lho,
    )
