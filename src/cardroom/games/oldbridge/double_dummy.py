"""Double dummy (document 000, «ДВОЙНОЙ БЛИНД-БРИДЖ (ДУБЛЬ-БОЛВАН)»; digest §6.10): two players, each
with a dummy opposite him, playing straight bridge.

Straight bridge's deal with what the variety changes, as overrides:

- two players, player 1 at South with his dummy at North, player 2 at West with his dummy at East; each
  plays his own hand and his dummy's (:meth:`DoubleDummyDeal.controller`);
- "сдатчик всегда сдает для себя": the deal passes between the two players, never to a dummy (option
  ``dealer_for_himself``, the reading "declares": the dealer may not leave the make);
- the dealer makes the trump or leaves it, and then his dummy makes by three-handed bridge's schedule
  (:class:`~cardroom.games.oldbridge.cutthroat.DummyMakes`, "по правилам для спасованных заказов в бридже для
  трех игроков"); "Удвоения отсутствуют": the play begins at once;
- the blind opening lead: the hand on the dealer's left leads before the dummies are exposed; when it is
  a dummy, its owner sorts it and leads from it "не заглядывая в собственные карты": until the opening lead
  he sees that dummy and not his own hand (:meth:`DoubleDummyDeal.seen_seats`); after it both dummies lie
  face up;
- "Штраф за ревок, совершенный любым из болванов, не взимается": in laws mode a dummy's revoke stands,
  recorded, without penalty (:meth:`DoubleDummyDeal.laws_revoke_liable`); every other law is straight
  bridge's;
- straight bridge's score (its sheet, a side a player and his dummy).

Draw bridge (:mod:`cardroom.games.oldbridge.draw_bridge`) is this deal with the dummies in holders.
docs/rules/double-dummy.md gives the source of every rule and the readings the options choose.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any, ClassVar

from cardroom.core.cards import cards_of_mask
from cardroom.core.errors import IllegalAction, Reason
from cardroom.core.game import CHANCE, Game
from cardroom.core.match import DrawOpening, Match
from cardroom.core.options import one_of, ranged
from cardroom.core.table import Seat
from cardroom.games.bridge.rules import play_shown_mask
from cardroom.games.oldbridge.calls import LEAVE, MAKES, OldCall
from cardroom.games.oldbridge.cutthroat import DummyMakes, lowest_cut_player
from cardroom.games.oldbridge.keeper import KeptAsStraight
from cardroom.games.oldbridge.rubber import OldRubberState, OldSheet
from cardroom.games.oldbridge.rules import PHASE_CALLS, PHASE_DEAL, OldBridgeView, OldDealResult
from cardroom.games.oldbridge.threehanded import (
    PlayerMatchView,
    PlayerRubber,
    PlayerRules,
    PlayerSeats,
    ThreePlayerBridge,
    straight_rules_of,
)
from cardroom.games.oldbridge.variants import HONOURS, StraightRules

PLACES = (Seat.SOUTH, Seat.WEST)
"""Where the two players sit: player 1 at South (his dummy North), player 2 at West (his dummy East)."""
DEALER_FOR_HIMSELF = ("deals", "declares")


@dataclass(frozen=True)
class DoubleDummyRules(PlayerRules):
    """Double dummy (document 000); what the variety does not state is straight bridge's."""

    # "В этой разновидности игры сдатчик всегда сдает для себя": "deals" (the deal passes between the two
    # players, never to a dummy); "declares" (read as "declares for himself": the dealer may not leave the
    # make to his dummy).
    dealer_for_himself: str = one_of("deals", DEALER_FOR_HIMSELF)
    # Not stated for the variety: straight bridge's honours, chicane and slams ("laws"), or none.
    honours: str = one_of("laws", HONOURS)
    game_points: int = ranged(30, 1, 1000)  # not stated: straight bridge's game of 30
    rubber_bonus: int = 100  # not stated: straight bridge's 100 for the rubber
    draw_for_first_deal: bool = True  # not stated: straight bridge's cut for the deal (the lowest deals)
    # Laws mode: straight bridge's laws B-1 to B-16 (games/oldbridge/laws.py) with the variety's revokes.
    laws: bool = False

    @property
    def straight(self) -> StraightRules:
        return straight_rules_of(self)


# --------------------------------------------------------------------------------------------- the view


@dataclass(frozen=True)
class DoubleDummyView(OldBridgeView):
    """A player's view of a deal (from his own seat, ``seat``): ``hand`` his own hand once he may look at
    it (0 before), ``seen`` every hand he sees by seat, ``plays`` the seats whose cards he plays."""

    seen: tuple[tuple[int, int], ...] = ()
    plays: tuple[int, ...] = ()

    def seen_hands(self) -> tuple[dict[int, int], tuple[int, ...]]:
        return dict(self.seen), self.plays

    def shown_mask(self) -> int:
        m = self.face_up
        for _, h in self.seen:
            m |= h
        return play_shown_mask(m, self.trick, self.tricks, self.legal)

    def to_dict(self) -> dict[str, Any]:
        return {**super().to_dict(),
                "seen": {Seat(s).letter: [str(c) for c in cards_of_mask(h)] for s, h in self.seen}}


# --------------------------------------------------------------------------------------------- the deal


class DoubleDummyDeal(PlayerSeats, DummyMakes):
    """One deal: the make (or the dummy's schedule), no doubling, the blind lead, the play of four hands by
    two players."""

    def __init__(self, game: Game, dealer: int, rules: DoubleDummyRules) -> None:
        self.places = PLACES
        self.dealer_player = dealer
        self.dd = rules
        super().__init__(game, PLACES[dealer], rules.straight)

    # ----------------------------------------------------------------- who plays what
    def player_at(self, seat: int) -> int:
        """The player who plays ``seat``'s cards: its own player, or the owner of the dummy there."""
        s = Seat(seat)
        return self.places.index(s if s in self.places else s.partner)

    def controller(self, seat: Seat) -> Seat:
        """Each player plays his own hand and his dummy's, the dealer's and his opponent's alike."""
        return seat if seat in self.places else seat.partner

    @property
    def seat_to_act(self) -> int | None:
        """The player's own seat for either of his hands (a ruling put to the seat of his dummy too)."""
        seat = super().seat_to_act
        return seat if seat is None or seat == CHANCE else int(self.controller(Seat(seat)))

    # ----------------------------------------------------------------- the make, no doubling
    def legal_calls(self) -> list[OldCall]:
        if self.phase == PHASE_CALLS and self.dd.dealer_for_himself == "declares":
            return list(MAKES)
        return super().legal_calls()

    def _call(self, call: OldCall) -> None:
        if self.phase == PHASE_CALLS and call == LEAVE and self.dd.dealer_for_himself == "declares":
            raise IllegalAction(Reason("oldbridge.must_make", who=self._who(self.next_seat)), seat=self.next_seat,
                                action=call)
        super()._call(call)

    def _made(self, seat: Seat, call: OldCall) -> None:
        """ "Удвоения отсутствуют": the make is played at once."""
        super()._made(seat, call)
        self.laws_set_doubling([])

    # ----------------------------------------------------------------- what each player sees
    def seen_seats(self, player: int) -> tuple[Seat, ...]:
        """The hands ``player`` sees. Before the opening lead the dealer sees his own hand, his opponent
        the hand on the dealer's left, which leads blind: his own, or his dummy, led from "не заглядывая в
        собственные карты"; nobody sees the dealer's dummy. After it, each his own hand and the dummies."""
        if self.phase == PHASE_DEAL:
            return ()
        own = self.places[player]
        if self.dummy_exposed:
            return (own, *self.exposed_dummies(player))
        if player == self.dealer_player:
            return (own,)
        return (self.dealer.lho,)

    def exposed_dummies(self, player: int) -> tuple[Seat, ...]:
        """The dummies ``player`` sees once the opening lead is made: both, face up."""
        own = self.places[player]
        return own.partner, self.places[1 - player].partner

    def visible_mask(self, player: int) -> int:
        m = self.played | self.face_up_mask()
        for s in self.seen_seats(player):
            m |= self.hands[s]
        return m

    def view(self, player: int) -> DoubleDummyView:
        v = super().view(player)
        own = self.places[player]
        seen = self.seen_seats(player)
        values = {f.name: getattr(v, f.name) for f in fields(v)}
        values["hand"] = self.hands[own] if own in seen else 0
        dummy = self.dummy
        values["dummy_hand"] = self.hands[dummy] if dummy is not None and dummy in seen else None
        return DoubleDummyView(**values, seen=tuple((int(s), self.hands[s]) for s in seen),
                               plays=(int(own), int(own.partner)) if self.phase != PHASE_DEAL else ())

    # ----------------------------------------------------------------- the laws
    def laws_revoke_liable(self, seat: Seat) -> bool | None:
        """ "Штраф за ревок, совершенный любым из болванов, не взимается": a dummy's revoke stands, unpenalised."""
        return seat in self.places

    def snapshot(self) -> Mapping[str, Any]:
        return {**super().snapshot(), "places": self.places}


# --------------------------------------------------------------------------------------------- the match


@dataclass
class DoubleDummySheet(OldSheet):
    """Straight bridge's sheet, a side a player (NS player 1, EW player 2)."""

    def seat_results(self) -> tuple[int, int]:  # type: ignore[override]
        m = self.margin()
        return m, -m


class DoubleDummyMatch(PlayerRubber, OldRubberState):
    """A rubber of two players: the cut (the lowest deals), then deals, the deal passing between the players,
    until a side has won two games."""

    summary_fields = ("position", "over", "sheet", "deals")
    deal: DoubleDummyDeal | None
    dealer: int  # type: ignore[assignment]
    deal_class: ClassVar[type[DoubleDummyDeal]] = DoubleDummyDeal

    def __init__(self, game: Game, rules: DoubleDummyRules) -> None:
        self.rules = rules.straight
        self.dd = rules
        s = rules.straight
        Match.__init__(self, game, DoubleDummySheet(s.game_points, s.rubber_bonus, 0), 0,
                       DrawOpening(lowest_cut_player, seats=2, where_key="the_cut", rule="the cut for the deal"),
                       opening_due=rules.draw_for_first_deal)

    def new_deal(self) -> DoubleDummyDeal:
        return self.deal_class(self.game, self.dealer, self.dd)

    def next_dealer(self, result: OldDealResult) -> int:  # type: ignore[override]
        """ "Сдатчик всегда сдает для себя": the other player deals (a new deal: the same dealer)."""
        return self.dealer if result.void else 1 - self.dealer

    def result_line(self, result: OldDealResult) -> dict[str, Any]:
        """Straight bridge's line, its declarer the player who dealt (the match's seats are the players)."""
        line = OldRubberState.result_line(self, result)  # not the players' rubber's: the entries are by side
        if line.get("declarer") is not None:
            line["declarer"] = PLACES.index(result.dealer)
        return line

    def make_view(self, seat: int, deal_view: OldBridgeView | None) -> PlayerMatchView:  # type: ignore[override]
        at = PLACES[seat] if deal_view is None else deal_view.seat
        return PlayerMatchView(at, deal_view, self.sheet, self.draw, self.deal_number(), self.sheet_dict(), player=seat)


# --------------------------------------------------------------------------------------------- the game


class DoubleDummy(KeptAsStraight, ThreePlayerBridge):
    """Double dummy (document 000, «Двойной блинд-бридж (дубль-болван)»)."""

    name: ClassVar[str] = "double-dummy"
    aliases: ClassVar[tuple[str, ...]] = ("double-dummy-bridge", "двойной-блинд-бридж", "двойной-блайнд-бридж",
                                          "дубль-болван")
    title: ClassVar[Mapping[str, str]] = {"en": "Double dummy", "ru": "Двойной блинд-бридж (дубль-болван)"}
    num_seats = 2
    rule_bot_path: ClassVar[str] = "cardroom.bots.double_dummy:DoubleDummyBot"
    analysis_path: ClassVar[str] = ""  # the old bridges' analysis reads four players' records

    rules_class = DoubleDummyRules
    match_class = DoubleDummyMatch
    rules: DoubleDummyRules

    @classmethod
    def configurations(cls) -> list[dict[str, Any]]:
        return [{}, {"laws": True}, {"dealer_for_himself": "declares", "honours": "none"}]


__all__ = ["PLACES", "DoubleDummy", "DoubleDummyDeal", "DoubleDummyMatch", "DoubleDummyRules", "DoubleDummySheet",
           "DoubleDummyView"]
