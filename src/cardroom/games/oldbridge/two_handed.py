"""Two-handed bridge, "Chinese bridge" (document 000 «Китайский бридж»; digest §6.4): straight bridge for
two players, each with a 4-card hand and eleven piles of two on the table.

"Сдатчик дает своему противнику четыре карты в закрытом виде, затем себе четыре ... каждый игрок
раскладывает одиннадцать из них в два ряда в закрытом виде, а затем кладет остальные одиннадцать поверх
первых, но в открытом виде."

- The players are 0 and 1, at the compass seats North and East (so the rubber's sides NS and EW are theirs).
- The deal: a :class:`PileDeal` (chance): each player's hand of 4 and his eleven piles, a face-down card and
  the face-up card on it. The dealer makes the trump as in straight bridge (no partner to leave it to); the
  opponent may double or play; redoubling and doubling again follow straight bridge's rounds
  (``redouble`` option).
- The play: the non-dealer leads; each trick has four cards, leader, other, leader, other; a card is played
  from the hand or from a face-up table card; when a table card is played, the card beneath it turns face
  up and becomes playable. Follow suit for each card (``second_card_follows``).
- The score: straight bridge's (tricks, honours over the 26 cards each player was dealt, slams), the
  rubber 100.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar, cast

from cardroom.core.cards import Card, CardSet, cards_of_mask, full_pack
from cardroom.core.errors import IllegalAction, ParseError, Reason
from cardroom.core.game import Action, Game
from cardroom.core.match import DrawOpening, Match
from cardroom.core.options import Schema
from cardroom.core.table import Seat
from cardroom.core.view import PlayedTrick, TableView, memo, tricks_of, won_by_seat
from cardroom.core.view import phase_of as _phase_of
from cardroom.games.bridge.rules import DUMMY_PLAY_PHASES
from cardroom.games.bridge.scoring import Entry
from cardroom.games.oldbridge.calls import MAKES, OldCall
from cardroom.games.oldbridge.game import StraightBridge
from cardroom.games.oldbridge.rubber import OldRubberState, OldSheet, _lowest_cut
from cardroom.games.oldbridge.rules import (
    PHASE_DEAL,
    PHASE_NAMES,
    PHASE_OVER,
    PHASE_PLAY,
    OldBridgeView,
    StraightDeal,
)
from cardroom.games.oldbridge.scoring import score_straight
from cardroom.games.oldbridge.variants import StraightRules, WithoutOptions

HAND, PILES = 4, 11
"""Each player's hand and number of table piles (two cards each: 4 + 2 x 11 = 26)."""

PLAYERS = (Seat.NORTH, Seat.EAST)


def other(seat: int) -> Seat:
    """The other player."""
    return Seat(1 - int(seat))


@dataclass(frozen=True)
class TwoHandRules(StraightRules):
    """Straight bridge's options, and two-handed bridge's own."""

    # "Возможность реванша и передачи заявки не оговорена": True lets the maker redouble (and the opponent
    # double again) in straight bridge's rounds up to its limit; False ends the doubling with the double.
    redouble: bool = True
    # UNCERTAIN (digest 6.4.4): whether a player's second card of a trick must follow suit too; True (best
    # reading): the ordinary rule applies to each card played; False: the second card is free.
    second_card_follows: bool = True


NOT_OPTIONS = ("laws", "revoke_penalty")
"""Straight bridge's options the two-handed game has not: laws mode is not built for it."""


# ----------------------------------------------------------------------------- the deal (chance)


def _cards_text(cards: Sequence[Card]) -> str:
    return ",".join(str(c) for c in cards)


@dataclass(frozen=True)
class PileDeal(Action):
    """The deal of two-handed bridge: each player's hand (4 cards) and piles (11 of (face-down, face-up))."""

    hands: tuple[tuple[Card, ...], tuple[Card, ...]]
    piles: tuple[tuple[tuple[Card, Card], ...], tuple[tuple[Card, Card], ...]]

    def __post_init__(self) -> None:
        seen: set[Card] = set()
        for p in (0, 1):
            if len(self.hands[p]) != HAND or len(self.piles[p]) != PILES:
                raise ParseError(Reason("twohand.deal_shape", n=HAND, piles=PILES))
            for c in (*self.hands[p], *(x for pile in self.piles[p] for x in pile)):
                if c in seen:
                    raise ParseError(Reason("deal.dealt_twice", cards=CardSet(1 << c)))
                seen.add(c)

    def dealt(self, player: int) -> int:
        """The 26 cards dealt to ``player`` (hand and table), as a mask."""
        m = 0
        for c in (*self.hands[player], *(x for pile in self.piles[player] for x in pile)):
            m |= 1 << c
        return m

    def to_text(self) -> str:
        parts = []
        for p in (0, 1):
            parts.append(_cards_text(self.hands[p]))
            parts.append(",".join(f"{d}/{u}" for d, u in self.piles[p]))
        return "deal " + " ".join(parts)

    @classmethod
    def from_text(cls, text: str) -> PileDeal:
        t = text.strip()
        if not t.lower().startswith("deal "):
            raise ParseError(Reason("deal.not_deal", text=text))
        parts = t[5:].split()
        if len(parts) != 4:
            raise ParseError(Reason("twohand.deal_shape", n=HAND, piles=PILES))
        hands = tuple(tuple(Card.parse(x) for x in parts[i].split(",")) for i in (0, 2))
        piles = []
        for i in (1, 3):
            row = []
            for pair in parts[i].split(","):
                d, _, u = pair.partition("/")
                row.append((Card.parse(d), Card.parse(u)))
            piles.append(tuple(row))
        return cls((hands[0], hands[1]), (tuple(piles[0]), tuple(piles[1])))

    @classmethod
    def random(cls, rng: random.Random, dealer: int) -> PileDeal:
        """"Сдатчик дает своему противнику четыре карты ..., затем себе четыре": 4 to the opponent, 4 to
        himself, then the rest one at a time, the opponent first; each player's 22 laid out unseen, the
        first 11 face down, the other 11 face up on them."""
        pack = full_pack()
        rng.shuffle(pack)
        first = 1 - dealer
        hands: list[tuple[Card, ...]] = [(), ()]
        hands[first], hands[dealer] = tuple(pack[:4]), tuple(pack[4:8])
        rest = pack[8:]
        piles: list[tuple[tuple[Card, Card], ...]] = [(), ()]
        for p, cards in ((first, rest[0::2]), (dealer, rest[1::2])):
            piles[p] = tuple(zip(cards[:PILES], cards[PILES:], strict=True))
        return cls((hands[0], hands[1]), (piles[0], piles[1]))


# ----------------------------------------------------------------------------- the deal


class TwoHandDeal(StraightDeal):
    """One deal: the layout, straight bridge's make and doubling between two players, the four-card tricks."""

    kind = "straight"
    order = None  # type: ignore[assignment]  # a trick holds (seat, card) pairs: the two players play twice each
    credit = (0, 1, 0, 1)

    def __init__(self, game: Game, dealer: Seat, rules: TwoHandRules) -> None:
        super().__init__(game, dealer, rules)
        self.rules: TwoHandRules = rules
        self.hand4: list[int] = [0, 0]
        # by player, each pile bottom first (tuples: a copy of the deal copies the outer list only)
        self.piles: list[tuple[tuple[Card, ...], ...]] = [(), ()]
        self.init_play([0, 0], other(self.dealer), (Seat.EAST, Seat.NORTH), trick_size=4)

    # ----------------------------------------------------------------- the deal
    def sample_chance(self, rng: random.Random) -> PileDeal:  # type: ignore[override]
        if self.phase != PHASE_DEAL:
            raise IllegalAction(Reason("bridge.already_dealt"))
        return PileDeal.random(rng, int(self.dealer))

    def _apply_plain_action(self, action: Any) -> None:
        if self.phase == PHASE_DEAL:
            if not isinstance(action, PileDeal):
                raise IllegalAction(Reason("bridge.deal_first", action=action), action=action)
            self._lay_out(action)
            self._history.append(action)
            return
        super()._apply_plain_action(action)

    def _lay_out(self, deal: PileDeal) -> None:
        self.original = (deal.dealt(0), deal.dealt(1))  # honours: each player's 26 cards are his hand
        self.hands = [deal.dealt(0), deal.dealt(1)]
        self.hand4 = [sum(1 << c for c in deal.hands[p]) for p in (0, 1)]
        self.piles = [tuple(deal.piles[p]) for p in (0, 1)]
        self.phase = self._CALL_PHASES[0]
        self.next_seat = self.dealer

    def parse_action(self, text: str) -> Any:
        t = text.strip()
        if t.lower().startswith("deal "):
            return PileDeal.from_text(t)
        return super().parse_action(t)

    # ----------------------------------------------------------------- the make and the doubling
    def legal_calls(self) -> list[OldCall]:
        if self.phase == self._CALL_PHASES[0]:
            return list(MAKES)  # no partner to leave the make to
        return super().legal_calls()

    def _call(self, call: OldCall) -> None:
        if self.phase == self._CALL_PHASES[0] and not call.is_make:
            raise IllegalAction(Reason("twohand.must_make", who=self._who(self.next_seat)), seat=self.next_seat,
                                action=call)
        super()._call(call)

    def _made(self, seat: Seat, call: OldCall) -> None:
        super()._made(seat, call)
        self.queue = [other(seat)]  # «Его противник может сделать удвоение, если захочет, или просто сыграть карту»
        self.next_seat = self.queue[0]

    def _doubled(self, seat: Seat, ours: bool) -> None:
        super()._doubled(seat, ours)
        if self.phase != PHASE_PLAY:
            self.queue = [s for s in self.queue if s in PLAYERS] if self.rules.redouble else []
            if self.queue:
                self.next_seat = self.queue[0]
            else:
                self._start_play(self.dealer, None if self.make_trump == 4 else self.make_trump)

    def _start_play(self, declarer: Seat, trump: int | None) -> None:
        self.declarer = declarer
        self.dummy = None
        self.trump = trump
        self.phase = PHASE_PLAY
        self.leader = self.next_seat = other(declarer)  # «игрок, не являющийся сдатчиком, делает любой ход»

    def _who(self, seat: Seat) -> str:
        return str(Seat(seat))

    # ----------------------------------------------------------------- the play
    def _plays(self) -> list[tuple[Seat, Card]]:
        """The trick in progress as (seat, card) pairs (``order`` is None)."""
        return cast(list[tuple[Seat, Card]], self.trick)

    def tops(self, player: int) -> int:
        """The face-up table cards of ``player`` (the top card of each pile left)."""
        m = 0
        for pile in self.piles[player]:
            if pile:
                m |= 1 << pile[-1]
        return m

    def covered(self, player: int) -> int:
        """The face-down table cards of ``player`` still under their cover."""
        m = 0
        for pile in self.piles[player]:
            if len(pile) == 2:
                m |= 1 << pile[0]
        return m

    def playable(self, player: int) -> int:
        return self.hand4[player] | self.tops(player)

    def _free_card(self) -> bool:
        """The card to play is the player's second of the trick and, by the option, free of the follow rule."""
        return not self.rules.second_card_follows and len(self.trick) >= 2

    def legal_card_mask(self, seat: Any = None) -> int:
        s = self.next_seat if seat is None else seat
        mine = self.playable(s)
        return mine if self._free_card() else self.follow.legal_mask(mine, self.led_card(), self.trump)

    def legal_cards(self) -> list[Card]:
        return cards_of_mask(self.legal_card_mask())

    def fails_to_follow(self, seat: Any, card: Card) -> bool:
        led = self.led_card()
        return led is not None and not self._free_card() and \
            not self.follow.follows(self.playable(seat), led, card, self.trump)

    def _play(self, card: Card) -> None:
        seat = self.next_seat
        if not self.playable(seat) >> card & 1:
            if self.played >> card & 1:
                why = "bridge.played_again"
            elif self.covered(seat) >> card & 1:
                why = "twohand.covered"
            else:
                why = "bridge.not_held_where"
            raise IllegalAction(Reason(why, card=card, who=self._who(seat), where=self._where_text()),
                                seat=seat, action=card)
        if self.fails_to_follow(seat, card):
            holds = CardSet(self.follow.suit_mask(self.playable(seat), Card(self._plays()[0][1]), self.trump))
            raise IllegalAction(self._revoke_text(seat, card, holds), seat=seat, action=card)
        self._enter_card(card)

    def led_card(self) -> Card | None:
        return Card(self._plays()[0][1]) if self.trick else None

    def _revoke_text(self, seat: Seat, card: Card, holds: CardSet) -> Reason:
        from cardroom.games.bridge.calls import suit_plural

        return Reason("oldbridge.revoke", who=self._who(seat), suit=suit_plural(Card(self._plays()[0][1]).suit),
                      holds=holds, card=card, where=self.where())

    def _enter_card(self, card: Card) -> None:
        seat = self.next_seat
        bit = 1 << card
        if self.hand4[seat] & bit:
            self.hand4[seat] &= ~bit
        else:  # a table card: the card beneath it turns face up
            self.piles[seat] = tuple(pile[:-1] if pile and pile[-1] == card else pile for pile in self.piles[seat])
        if self.enter_card(seat, card) and len(self.tricks) == self.TRICKS:
            self.phase = PHASE_OVER

    # ----------------------------------------------------------------- results
    def entries(self) -> list[Entry]:
        make = self.contract_of()
        assert make is not None
        return score_straight(make, self.won, self.original, self.rules)

    # ----------------------------------------------------------------- views
    def card_places(self) -> Mapping[str, int]:
        if self.phase == PHASE_DEAL:
            return {"pack": (1 << 52) - 1}
        trick = 0
        for _, c in self._plays():
            trick |= 1 << c
        places = {"trick": trick, "quitted": self.played & ~trick}
        for p in (0, 1):
            places[f"hand:{Seat(p).letter}"] = self.hand4[p]
            places[f"face-up:{Seat(p).letter}"] = self.tops(p)
            places[f"face-down:{Seat(p).letter}"] = self.covered(p)
        return places

    def visible_mask(self, seat: int) -> int:
        if self.phase == PHASE_DEAL:
            return 0
        return self.hand4[seat] | self.tops(0) | self.tops(1) | self.played

    def pile_view(self, player: int) -> tuple[tuple[Card | None, bool], ...]:
        """Each pile as everybody sees it: its face-up card (None: the pile is gone) and whether a face-down
        card lies beneath it."""
        return tuple((Card(p[-1]) if p else None, len(p) == 2) for p in self.piles[player])

    def view(self, seat: int) -> TwoHandView:
        s = Seat(seat)
        to_act = self.to_act
        dealt = self.phase != PHASE_DEAL
        return TwoHandView(
            seat=s, kind=self.kind, dealer=self.dealer, phase=PHASE_NAMES[self.phase],
            hand=self.hand4[s] if dealt else 0, declarer=self.declarer, dummy=None, dummy_hand=None,
            calls=tuple(self.calls), contract=self.contract_of(), trump=self.trump, trick_leader=self.leader,
            trick=tuple(c for _, c in self._plays()), tricks=tuple(self.tricks), won=(self.won[0], self.won[1]),
            to_act=to_act, hand_to_play=self.hand_to_play,
            legal=tuple(self.legal_actions()) if to_act == s else (),
            face_up=(self.tops(0) | self.tops(1)) if dealt else 0,
            piles=(self.pile_view(0), self.pile_view(1)) if dealt else ((), ()),
            plays=tuple(self._plays()))

    def snapshot(self) -> Mapping[str, Any]:
        snap = dict(super().snapshot())
        snap["hand4"] = tuple(self.hand4)
        snap["piles"] = tuple(self.piles)
        return snap

    def claim_in_play(self) -> bool:
        return False  # claims are not built for the two-handed layout


def _pile_dict(piles: tuple[tuple[Card | None, bool], ...]) -> list[dict[str, Any]]:
    return [{"up": None if up is None else str(up), "down": down} for up, down in piles]


@dataclass(frozen=True)
class TwoHandView(OldBridgeView):
    """A player's view: his hand of four, both players' piles (face-up cards, and a marker for a face-down
    card beneath), the calls, the tricks of four cards."""

    search_adapter: ClassVar[str] = ""
    piles: tuple[tuple[tuple[Card | None, bool], ...], ...] = ((), ())
    plays: tuple[tuple[Seat, Card], ...] = ()

    @memo
    def table(self) -> TableView:
        me = int(self.seat)
        tricks = tricks_of(self.tricks, lambda t: PlayedTrick(int(t.leader), tuple((int(s), c) for s, c in t.plays),
                                                               int(t.winner)))
        tops = [0, 0]
        for p in (0, 1):
            for up, _ in self.piles[p]:
                if up is not None:
                    tops[p] |= 1 << up
        from cardroom.core.view import action_texts

        return TableView(
            seat=me, seats=2, phase=_phase_of(self.phase, None, DUMMY_PLAY_PHASES), step=self.phase,
            dealer=int(self.dealer), to_act=None if self.to_act is None or self.to_act < 0 else self.to_act,
            hand_to_play=None if self.hand_to_play is None else int(self.hand_to_play),
            plays_for=(me,), hands={me: self.hand} if self.phase != "deal" else {},
            declarer=None if self.declarer is None else int(self.declarer), trump=self.trump,
            open=tuple((f"table_{Seat(p).letter}", tops[p]) for p in (0, 1) if tops[p]),
            leader=int(self.trick_leader), trick=tuple((int(s), c) for s, c in self.plays), tricks=tricks,
            won=won_by_seat(2, tricks), side_won=None, legal=action_texts(self.legal))

    def to_dict(self) -> dict[str, Any]:
        d = super().to_dict()
        d["piles"] = {Seat(p).letter: _pile_dict(self.piles[p]) for p in (0, 1)}
        d["trick"] = {"leader": self.trick_leader.letter,
                      "plays": [{"seat": s.letter, "card": str(c)} for s, c in self.plays]}
        return d


# ----------------------------------------------------------------------------- the rubber and the game


class TwoHandRubber(OldRubberState):
    """The rubber between two players: the cut (the lower deals), the deal alternating."""

    def __init__(self, game: TwoHandBridge) -> None:
        self.rules = game.rules
        Match.__init__(self, game, OldSheet.for_rules(game.rules), Seat.NORTH,
                       DrawOpening(_lowest_cut, seats=2, where_key="the_cut", rule="the cut for the deal"),
                       opening_due=game.rules.draw_for_first_deal)

    def new_deal(self) -> TwoHandDeal:
        assert isinstance(self.rules, TwoHandRules)
        return TwoHandDeal(self.game, self.dealer, self.rules)

    def next_dealer(self, result: Any) -> Seat:
        return other(self.dealer)

    def dealt_hands(self, deal: Any) -> dict[int, int]:
        return {p: deal.original[p] for p in (0, 1)}


class TwoHandBridge(WithoutOptions, StraightBridge):
    """Two-handed ("Chinese") bridge: straight bridge for two, with the table piles."""

    name: ClassVar[str] = "two-hand-bridge"
    aliases: ClassVar[tuple[str, ...]] = ("two-handed-bridge", "chinese-bridge", "китайский-бридж",
                                          "двуручный-бридж", "бридж-вдвоем")
    title: ClassVar[Mapping[str, str]] = {"en": "Two-handed (Chinese) bridge", "ru": "Китайский бридж (вдвоём)"}
    not_options: ClassVar[tuple[str, ...]] = NOT_OPTIONS
    options_class: ClassVar[type[Any]] = TwoHandRules
    num_seats = 2
    rule_bot_path: ClassVar[str] = "cardroom.bots.two_handed:TwoHandBot"
    analysis_path: ClassVar[str] = ""
    review_path: ClassVar[str] = "cardroom.games.oldbridge.review:TWO_HAND"  # the table piles: its own solver
    has_search_bot: ClassVar[bool] = False
    rules: TwoHandRules

    def __init__(self, **options: Any) -> None:
        self.refuse_absent(options)
        from cardroom.games.oldbridge.variants import _check_options

        _check_options(TwoHandRules(), self.name, options)
        self.rules = replace(TwoHandRules(), **options)

    @classmethod
    def option_schema(cls) -> Schema:
        return Schema.from_dataclass(TwoHandRules, exclude=NOT_OPTIONS)

    @classmethod
    def configurations(cls) -> list[dict[str, Any]]:
        return [{}, {"second_card_follows": False, "redouble": False, "honours": "none"}]

    def new_initial_state(self) -> TwoHandRubber:
        return TwoHandRubber(self)

    def new_deal(self, dealer: Seat = Seat.NORTH) -> TwoHandDeal:
        return TwoHandDeal(self, dealer, self.rules)

