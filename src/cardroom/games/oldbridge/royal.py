"""Royal bridge, "four-handed bridge", each for himself (document 000, «КОРОЛЕВСКИЙ БРИДЖ»; digest §6.12).

"Эту разновидность иногда называют «четырехместным бриджем», где каждый играет сам за себя. Перемещения
игроков такие же, как в пивот-бридже: один игрок сидит на месте все время, в то время как остальные по
очереди становятся его партнерами на четыре раздачи. Сдатчик объявляет заказ. Если он пасует, игрок,
сидящий напротив него, должен сделать заказ по механическим правилам, приведенным для бриджа на троих.
Удвоения нет. [...] Игры или раберы отсутствуют."

Straight bridge's deal with what the variety changes, as the overrides of the pieces that exist:

- four players, each for himself, at compass seats that change every four deals by the pivot system
  (:func:`pivot_move`; the first dealer is the pivot); the deal passes to the left as in straight bridge;
- the dealer makes the trump or leaves it; then his partner must make by three-handed bridge's schedule
  (cut-throat's :class:`~cardroom.games.oldbridge.cutthroat.ScheduledDeal`); no doubling (short bridge's
  :class:`~cardroom.games.oldbridge.short.NoDoubling`);
- straight bridge's trick and honour points of the deal as one signed sum (:func:`declaration_value`),
  written to the declarer's own column, or, "plus scores only", a lost declaration's points to each of the
  three others (:func:`score_royal`);
- twelve deals, then the totals balanced "by the skat method": each player's total compared with each
  other's (:func:`~cardroom.games.oldbridge.threehanded.settlement`), in :class:`RoyalSheet`.

docs/rules/royal-bridge.md gives the source of every rule and the readings the options choose.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, ClassVar

from cardroom.core.game import Game
from cardroom.core.match import DrawOpening, Match
from cardroom.core.options import one_of, ranged
from cardroom.core.table import Seat
from cardroom.games.oldbridge.calls import LEAVE
from cardroom.games.oldbridge.cutthroat import CutthroatMatch, CutthroatResult, ScheduledDeal, lowest_cut_player
from cardroom.games.oldbridge.keeper import KeptAsStraight
from cardroom.games.oldbridge.scoring import StraightMake, score_straight
from cardroom.games.oldbridge.short import NoDoubling
from cardroom.games.oldbridge.threehanded import PlayerEntry, PlayerLine, PlayerRules, PlayerSheet, ThreePlayerBridge
from cardroom.games.oldbridge.variants import HONOURS, StraightRules

METHODS = ("signed", "plus-only")
SCORERS = ("dealer", "maker")
ROUND = 4
""""остальные по очереди становятся его партнерами на четыре раздачи"."""


@dataclass(frozen=True)
class RoyalRules(PlayerRules):
    """Royal bridge (document 000); what the variety does not state is straight bridge's."""

    # "очки за взятки и оннеры записываются одной суммой со знаком плюс или минус" ("signed"); "однако
    # проще записывать только положительные очки: когда заказ проигран, эти очки зачисляются каждому из
    # трех остальных игроков" ("plus-only").
    method: str = one_of("signed", METHODS)
    # Not stated whether the dealer's partner shares a win: False, "каждый играет сам за себя" (the partner
    # is one of "трех остальных" credited with a lost declaration); True: he writes the same as the declarer.
    partner_shares: bool = False
    # Not stated whose declaration it is when the dealer passed and his partner declared by the schedule:
    # the "dealer"'s (he plays the hand; "сдатчик выиграл 16 и 16"), or the partner's, the "maker".
    scorer_after_pass: str = one_of("dealer", SCORERS)
    # Not stated for the variety: straight bridge's honours, chicane and slams ("laws"), or none.
    honours: str = one_of("laws", HONOURS)
    deals: int = ranged(12, 1, 48)  # "По окончании двенадцати сдач каждый сыграл по четыре раздачи с каждым"
    draw_for_first_deal: bool = True  # straight bridge's cut: the lowest deals first and is the pivot

    @property
    def straight(self) -> StraightRules:
        return _straight_rules(self)


@cache
def _straight_rules(rules: RoyalRules) -> StraightRules:
    return StraightRules(honours=rules.honours, draw_for_first_deal=rules.draw_for_first_deal)


# --------------------------------------------------------------------------------------------- the seats


def pivot_move(places: Sequence[Seat], pivot: int) -> tuple[Seat, ...]:
    """ "первый сдатчик сидит на месте все время, а остальные три игрока перемещаются вокруг нее по кругу
    [...] игрок слева от нее пройдет за ее спиной и займет место справа от нее": left to right, right to
    opposite, opposite to left."""
    at = places[pivot]
    moves = {at.lho: at.rho, at.rho: at.partner, at.partner: at.lho}
    return tuple(moves.get(s, s) for s in places)


# --------------------------------------------------------------------------------------------- scoring


def declaration_value(make: StraightMake, won: Sequence[int], hands: Sequence[int], declarer_seat: Seat,
                      rules: RoyalRules) -> int:
    """Straight bridge's trick and honour points of the deal as one sum, signed for the declarer's side:
    what his side scores less what the other side scores ("16 и 16" is +32; "проиграет 12 и 30", −42)."""
    ours = declarer_seat.side
    return sum(e.points if e.side == ours else -e.points for e in score_straight(make, won, hands, rules.straight))


def score_royal(value: int, places: Sequence[Seat], scorer: int, rules: RoyalRules) -> list[PlayerEntry]:
    """The players' entries of a declaration worth ``value`` to ``scorer`` (and his partner, if he shares):
    signed, to the declarer's column; plus scores only, a lost declaration's to each of the others."""
    partner = places.index(places[scorer].partner)
    side = [scorer, partner] if rules.partner_shares else [scorer]
    if value == 0:
        return []
    if value > 0 or rules.method == "signed":
        return [PlayerEntry(p, value, False, "declaration") for p in side]
    return [PlayerEntry(p, -value, False, "credited") for p in range(len(places)) if p not in side]


# --------------------------------------------------------------------------------------------- the deal


class RoyalDeal(NoDoubling, ScheduledDeal):
    """One deal: the dealer's make (or his partner's by the schedule), no doubling, straight bridge's play."""

    @property
    def scorer(self) -> int:
        """Whose declaration it is: the dealer's, or after his pass, by the option, his partner's."""
        rules = self.three
        assert isinstance(rules, RoyalRules)
        left = any(c == LEAVE for _, c in self.calls)
        if left and rules.scorer_after_pass == "maker" and self.maker is not None:
            return self.player_at(self.maker)
        return self.dealer_player

    def player_entries(self, make: StraightMake, won: tuple[int, int]) -> list[PlayerEntry]:
        rules = self.three
        assert isinstance(rules, RoyalRules)
        value = declaration_value(make, won, self.original, self.dealer, rules)
        return score_royal(value, self.places, self.scorer, rules)


# --------------------------------------------------------------------------------------------- the sheet


@dataclass
class RoyalSheet(PlayerSheet):
    """Each player's own column: every declaration's points, signed or plus only; no games, no rubber;
    ``length`` deals (a rule under each four, when the partners change), then the skat method's balance:
    each player's total compared with each other's (:func:`settlement`)."""

    players: ClassVar[int] = 4
    length: int = 12

    @property
    def winner(self) -> int | None:
        return None  # no games or rubbers: the balance says who wins what

    @property
    def is_over(self) -> bool:
        return self.deals >= self.length or self.unfinished

    def add(self, result: Any) -> None:
        self.deals += 1
        for e in result.entries:
            self.lines.append(PlayerLine(self.deals, (self.deals - 1) // ROUND + 1, e))  # grouped by round

    def cell(self, entry: PlayerEntry) -> str:
        return f"{entry.points:+d}"

    def line_dict(self, line: PlayerLine) -> dict[str, Any]:
        """Each line with its ``text`` as written (signed)."""
        return {**super().line_dict(line), "text": self.cell(line.entry)}

    def to_dict(self) -> dict[str, Any]:
        """The players' sheet's dict (its lines' texts as written) and the rounds."""
        out = super().to_dict()
        out["rounds_closed"] = self.deals // ROUND
        return out

    def group_closed(self, group: int) -> bool:
        return group * ROUND <= self.deals

    def key(self, lang: str) -> str:
        from cardroom.i18n import t

        return t("royal.sheet_key", lang)

    def close_unfinished(self) -> None:
        if not self.is_over:
            self.unfinished = True


# --------------------------------------------------------------------------------------------- the match


class RoyalMatch(CutthroatMatch):
    """Twelve deals: the cut (the lowest deals first and keeps his seat, the pivot), the deal passing to the
    left, the three others moving round the pivot after every four."""

    def __init__(self, game: Game, rules: RoyalRules) -> None:
        self.rules = rules
        self.places = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)
        self.pivot = 0
        Match.__init__(self, game, RoyalSheet(0, 0, 0, length=rules.deals), 0,
                       DrawOpening(lowest_cut_player, seats=4, where_key="the_cut", rule="the cut for the deal"),
                       opening_due=rules.draw_for_first_deal)

    def new_deal(self) -> RoyalDeal:
        if not self.results:
            self.pivot = self.dealer
        return RoyalDeal(self.game, self.places, self.dealer, self.rules)

    def next_dealer(self, result: CutthroatResult) -> int:
        seat = self.places[result.dealer].lho  # straight bridge: the deal passes to the left
        if len(self.results) % ROUND == 0:
            self.places = pivot_move(self.places, self.pivot)
        return self.places.index(seat)

    def deal_summary(self, number: int, result: CutthroatResult) -> dict[str, Any]:
        return {**super().deal_summary(number, result), "kind": "royal"}


# --------------------------------------------------------------------------------------------- the game


class RoyalBridge(KeptAsStraight, ThreePlayerBridge):
    """Royal bridge, four-handed bridge each for himself (document 000, «Королевский бридж»)."""

    name: ClassVar[str] = "royal-bridge"
    aliases: ClassVar[tuple[str, ...]] = ("four-handed-bridge", "королевский-бридж",
                                          "четырехместный-бридж", "четырёхместный-бридж")
    title: ClassVar[Mapping[str, str]] = {"en": "Royal bridge (each for himself)",
                                          "ru": "Королевский бридж (каждый за себя)"}
    num_seats = 4

    rules_class = RoyalRules
    match_class = RoyalMatch
    rules: RoyalRules

    @classmethod
    def configurations(cls) -> list[dict[str, Any]]:
        return [{}, {"method": "plus-only", "partner_shares": True, "scorer_after_pass": "maker",
                     "honours": "none", "deals": 8}]


__all__ = ["RoyalBridge", "RoyalDeal", "RoyalMatch", "RoyalRules", "RoyalSheet", "declaration_value",
           "pivot_move", "score_royal"]
