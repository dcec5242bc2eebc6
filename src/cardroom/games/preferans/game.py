"""The preferans game object, the pulka (the match) and the registration."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from importlib import import_module
from types import MappingProxyType
from typing import Any, ClassVar

from cardroom.core.errors import CardroomError, Reason
from cardroom.core.game import Game, View
from cardroom.core.match import Match
from cardroom.core.options import Schema
from cardroom.core.view import TableView, inner_dict, match_table, memo, table_of
from cardroom.games.preferans.pulka import PulkaSheet
from cardroom.games.preferans.result import PrefDealResult
from cardroom.games.preferans.rules import PrefDeal, PrefView
from cardroom.games.preferans.scoring import num

RULE_SETS: dict[str, tuple[str, str]] = {
    "russian": ("cardroom.games.preferans.rules:PrefDeal", "cardroom.games.preferans.pulka:PulkaSheet"),
    "greek": ("cardroom.games.preferans.greek.deal:GreekDeal", "cardroom.games.preferans.greek.sheet:KassaSheet"),
    "f2": ("cardroom.games.preferans.foreign_f2:F2Deal", "cardroom.games.preferans.foreign_f2:F2Sheet"),
}
"""The deal class and the sheet class of each ``PrefVariant.rules_set``: the Russian engine and pulka, or a
foreign variant's overrides of them (document 004 §10)."""


def _load(path: str) -> Any:
    module, name = path.split(":")
    return getattr(import_module(module), name)


class Preferans(Game):
    """Preferans for three or four players, in the variants of document 004."""

    name: ClassVar[str] = "preferans"
    aliases: ClassVar[tuple[str, ...]] = ("преферанс", "pref")
    family: ClassVar[str] = "preferans"
    title: ClassVar[Mapping[str, str]] = {"en": "Preferans", "ru": "Преферанс"}
    rule_bot_path: ClassVar[str] = "cardroom.bots.preferans:PreferansBot"
    has_search_bot: ClassVar[bool] = True
    analysis_path: ClassVar[str] = "cardroom.games.preferans.analysis:ANALYSIS"
    review_path: ClassVar[str] = "cardroom.games.preferans.review:REVIEW"
    keeper_fields_path: ClassVar[str] = "cardroom.games.preferans.keeper:FIELDS"
    keeper_result_path: ClassVar[str] = "cardroom.games.preferans.keeper:deal_result"

    def __init__(self, variant: str = "sochi", players: int = 3, **options: Any) -> None:
        from cardroom.games.preferans.variants import PLAYERS, make_variant

        if players not in PLAYERS:
            raise CardroomError(Reason("pref.players", n=players))
        self.variant_name = variant
        self.variant = make_variant(variant, **options)
        self.players = players
        self.num_seats = players
        self.rules = self.variant  # the deal reads the variant's options by their own names
        deal_path, sheet_path = RULE_SETS[self.variant.rules_set]
        self.deal_class: type[PrefDeal] = _load(deal_path)
        self.sheet_class: type[PulkaSheet] = _load(sheet_path)

    @classmethod
    def configurations(cls) -> list[dict[str, Any]]:
        from cardroom.games.preferans.variants import variant_names

        out: list[dict[str, Any]] = [{"variant": v, "players": n} for v in variant_names() for n in (3, 4)]
        # the conventions that add phases to the deal, so that every phase is exercised
        out += [{"variant": "kazakhstan", "players": n, "raspasy_with_passing": True} for n in (3, 4)]
        out += [{"variant": "sochi", "players": n, "talon_refusal_penalty": "game"} for n in (3, 4)]
        out.append({"variant": "ural", "players": 4, "time_limit_rounds": 2})
        # the Greek cash box with every agreement of §10.4.7 that adds a phase or a rule to the deal
        out += [{"variant": "greek", "players": n, "greek_kassa": 10, "greek_take": True, "greek_ten_nt": "A",
                 "greek_ten_as_nine": True, "greek_four_aces": ab, "greek_counter_invitation": True,
                 "greek_overtrump": True, "greek_end_two_empty": True} for n, ab in ((3, "A"), (4, "B"))]
        return out

    @classmethod
    def option_schema(cls) -> Schema:
        from cardroom.games.preferans.variants import option_schema

        return option_schema()

    @classmethod
    def option_choices(cls) -> dict[str, list[Any]]:
        # the agreement field: the points that close the pulya (each variant has its own default)
        return {"pulya_length": [10, 15, 20, 22, 25, 30, 40, 50, 60, 120],
                "f2_start": [30, 50, 70, 100]}  # F2 §10.2 «30, 50 или больше»

    def new_initial_state(self) -> PulkaState:
        return PulkaState(self)

    def new_deal(self, dealer: int = 0, raspasy_round: int = 1, forbid_six: bool = False,
                 forced_raspasy: bool = False) -> PrefDeal:
        return self.deal_class(self, dealer, raspasy_round, self.rules, forbid_six, forced_raspasy)

    def pack_mask(self) -> int:
        from cardroom.core.cards import PIQUET_PACK_MASK

        return PIQUET_PACK_MASK

    def action_universe(self) -> list[Any]:
        from cardroom.core.cards import full_pack
        from cardroom.games.preferans import calls as c

        return [*full_pack(), *c.LADDER, *c.EXTRAS, *c.GAMES_WITHOUT_TALON, c.PASS, c.HERE, c.WHIST, c.HALF_WHIST,
                c.OPEN, c.CLOSED, c.PLAY, c.INVITE, c.ACCEPT, c.DECLINE, *c.CONCEDES, c.PREFERANS, c.REFUSE_TALON,
                c.TO_PULYA, c.OFF_GORA, *c.HANDS, c.TAKE, c.FOUR_ACES, c.CONTRA, c.RECONTRA]

    def options(self) -> Mapping[str, Any]:
        return {"variant": self.variant_name, "players": self.players, **self.variant.overrides()}


class PulkaState(Match[PrefDeal, PrefDealResult, PulkaSheet, "PulkaView"]):
    """A whole pulka: deals until the variant's end, the sheet kept as deals finish."""

    noun = "pulka"
    summary_fields = ("over", "unfinished", "deals", "sheet")
    game: Preferans
    deal: PrefDeal  # a pulka has no opening: a deal is always in play
    dealer: int

    def __init__(self, game: Preferans) -> None:
        super().__init__(game, game.sheet_class(game.variant, game.players), 0)

    def new_deal(self) -> PrefDeal:
        rnd = self.sheet.next_raspasy_round()
        # Piter races §9.2: a round starts with raspasy, and a failed misère forces raspasy
        return self.game.new_deal(self.dealer, rnd, self.sheet.forbid_six(), self.sheet.mandatory_raspasy())

    def deal_number(self) -> int:
        return len(self.results) + 1

    def deal_summary(self, number: int, result: PrefDealResult) -> dict[str, Any]:
        from cardroom.games.preferans.calls import PrefCall

        r = result
        return {"deal": number, "dealer": r.dealer, "kind": r.kind, "declarer": r.declarer,
                "contract": None if r.contract is None else str(PrefCall(r.contract)),
                "tricks": list(r.tricks), "whisters": list(r.whisters), "open": r.open_defence,
                "raspasy_round": r.raspasy_round}

    def dealt_hands(self, deal: PrefDeal) -> dict[int, int]:
        """Only the cards played: a game nobody whisted, or conceded, is not shown (its declarer keeps
        his cards to himself)."""
        played = table_of(deal.view(0)).played_by()
        return dict(enumerate(played))

    def result_line(self, result: PrefDealResult) -> dict[str, Any]:
        from cardroom.games.preferans.calls import PrefCall

        r = result
        line: dict[str, Any] = {"contract": None, "declarer": r.declarer, "diff": None, "taken": None, "score": None,
                                "kind": None}
        if r.contract is None or r.declarer is None:
            line["kind"] = r.kind  # raspasy
            return line
        line["contract"] = str(PrefCall(r.contract))
        taken = r.tricks[r.declarer] if r.declarer < len(r.tricks) else 0
        if r.kind == "game" and r.level:
            line["diff"] = taken - r.level
        else:
            line["taken"] = taken
        return line

    def summary_extra(self) -> dict[str, Any]:
        return {"game": "preferans", "variant": self.game.variant_name, "players": self.game.players,
                "settlement": self.sheet.settle().to_dict()}

    def make_view(self, seat: int, deal_view: PrefView) -> PulkaView:
        sheet = self.sheet_dict()
        live = getattr(self, "_live", None)
        if live is None or live[0] is not sheet:  # the settlement of this very sheet, computed once
            live = self._live = (sheet, tuple(num(b) for b in self.sheet.settle().balance))
        return PulkaView(seat, deal_view, MappingProxyType(sheet), live[1])


@dataclass(frozen=True)
class PulkaView(View):
    seat: int
    deal: PrefView
    sheet: Mapping[str, Any]
    live: tuple[int | float, ...] = ()
    """The live settlement: each player's balance in whists were the pulka closed now."""

    @memo
    def table(self) -> TableView:
        """The common table view (:mod:`cardroom.core.view`): the deal's (MATCH_OVER once the sheet says
        the pulka is over)."""
        return match_table(self.seat, self.deal.players, self.deal.table, bool(self.sheet.get("over")))

    def shown_mask(self) -> int:
        return self.deal.shown_mask()

    def to_dict(self) -> dict[str, Any]:
        return {"seat": self.seat, "deal": inner_dict(self.deal), "sheet": {**self.sheet, "live": list(self.live)},
                "table": self.table.to_dict()}
