"""The preferans game object, the pulka (the match) and the registration."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, ClassVar

from cardroom.core.errors import CardroomError, IllegalAction
from cardroom.core.game import Game, State, View
from cardroom.core.options import Schema
from cardroom.core.view import TableView, match_table, memo
from cardroom.games.preferans.result import PrefDealResult
from cardroom.games.preferans.rules import PH_OVER, PrefDeal, PrefRules, PrefView
from cardroom.i18n import Where


class Preferans(Game):
    """Preferans for three or four players, in the variants of document 004."""

    name: ClassVar[str] = "preferans"
    aliases: ClassVar[tuple[str, ...]] = ("преферанс", "pref")
    family: ClassVar[str] = "preferans"
    title: ClassVar[Mapping[str, str]] = {"en": "Preferans", "ru": "Преферанс"}
    rule_bot_path: ClassVar[str] = "cardroom.bots.preferans:PreferansBot"
    has_search_bot: ClassVar[bool] = True

    def __init__(self, variant: str = "sochi", players: int = 3, **options: Any) -> None:
        from cardroom.games.preferans.variants import PLAYERS, make_variant

        if players not in PLAYERS:
            raise CardroomError(f"preferans is played by 3 or 4 players, not {players}")
        self.variant_name = variant
        self.variant = make_variant(variant, **options)
        self.players = players
        self.num_seats = players
        self.rules = PrefRules(players=players, **self.variant.deal_rules(players))

    @classmethod
    def configurations(cls) -> list[dict[str, Any]]:
        from cardroom.games.preferans.variants import variant_names

        out: list[dict[str, Any]] = [{"variant": v, "players": n} for v in variant_names() for n in (3, 4)]
        # the conventions that add phases to the deal, so that every phase is exercised
        out += [{"variant": "kazakhstan", "players": n, "raspasy_with_passing": True} for n in (3, 4)]
        out += [{"variant": "sochi", "players": n, "talon_refusal_penalty": "game"} for n in (3, 4)]
        out.append({"variant": "ural", "players": 4, "time_limit_rounds": 2})
        return out

    @classmethod
    def option_schema(cls) -> Schema:
        from cardroom.games.preferans.variants import option_schema

        return option_schema()

    @classmethod
    def option_choices(cls) -> dict[str, list[Any]]:
        # the agreement field: the points that close the pulya (each variant has its own default)
        return {"pulya_length": [10, 15, 20, 22, 25, 30, 40, 50, 60, 120]}

    def new_initial_state(self) -> PulkaState:
        return PulkaState(self)

    def new_deal(self, dealer: int = 0, raspasy_round: int = 1, forbid_six: bool = False,
                 forced_raspasy: bool = False) -> PrefDeal:
        return PrefDeal(self, dealer, raspasy_round, self.rules, forbid_six, forced_raspasy)

    def pack_mask(self) -> int:
        from cardroom.core.cards import PIQUET_PACK_MASK

        return PIQUET_PACK_MASK

    def action_universe(self) -> list[Any]:
        from cardroom.core.cards import full_pack
        from cardroom.games.preferans.calls import (
            ACCEPT,
            CLOSED,
            CONCEDES,
            DECLINE,
            HALF_WHIST,
            HANDS,
            HERE,
            INVITE,
            LADDER,
            OFF_GORA,
            OPEN,
            PASS,
            PLAY,
            PREFERANS,
            REFUSE_TALON,
            TO_PULYA,
            WHIST,
        )

        return [*full_pack(), *LADDER, PASS, HERE, WHIST, HALF_WHIST, OPEN, CLOSED, PLAY, INVITE, ACCEPT, DECLINE,
                *CONCEDES, PREFERANS, REFUSE_TALON, TO_PULYA, OFF_GORA, *HANDS]

    def options(self) -> Mapping[str, Any]:
        return {"variant": self.variant_name, "players": self.players, **self.variant.overrides()}


class PulkaState(State):
    """A whole pulka: deals until the variant's end, the sheet kept as deals finish."""

    game: Preferans

    def __init__(self, game: Preferans) -> None:
        from cardroom.games.preferans.pulka import PulkaSheet

        self.game = game
        self._history: list[Any] = []
        self.results: list[PrefDealResult] = []
        self.sheet = PulkaSheet(game.variant, game.players)
        self.dealer = 0
        self.deal: PrefDeal = self._new_deal()
        self._abandoned = False
        self._sheet_cache: dict[str, Any] | None = None

    def _new_deal(self) -> PrefDeal:
        rnd = self.sheet.next_raspasy_round()
        # Piter races §9.2: a round starts with raspasy, and a failed misère forces raspasy
        return self.game.new_deal(self.dealer, rnd, self.sheet.forbid_six(), self.sheet.mandatory_raspasy())

    @property
    def to_act(self) -> int | None:
        if self.is_over:
            return None
        return self.deal.to_act

    @property
    def is_over(self) -> bool:
        return self._abandoned or self.sheet.is_over

    @property
    def history(self) -> Sequence[Any]:
        return self._history

    def legal_actions(self) -> list[Any]:
        return [] if self.is_over else self.deal.legal_actions()

    def sample_chance(self, rng: random.Random) -> Any:
        if self.is_over:
            raise IllegalAction("the pulka is over")
        return self.deal.sample_chance(rng)

    def apply(self, action: Any) -> None:
        if self.is_over:
            raise IllegalAction(f"the pulka is over; {action} cannot be applied", action=action)
        self.deal.apply(action)
        self._history.append(action)
        if self.deal.phase == PH_OVER:
            result = self.deal.result()
            self.results.append(result)
            self.sheet.add(result)
            self._sheet_cache = None
            if not self.sheet.is_over:
                self.dealer = (self.dealer + 1) % self.game.players
                self.deal = self._new_deal()

    def match_summary(self) -> dict[str, Any]:
        from cardroom.games.preferans.calls import PrefCall

        deals = []
        for n, r in enumerate(self.results, 1):
            deals.append({
                "deal": n, "dealer": r.dealer, "kind": r.kind, "declarer": r.declarer,
                "contract": None if r.contract is None else str(PrefCall(r.contract)),
                "tricks": list(r.tricks), "whisters": list(r.whisters), "open": r.open_defence,
                "raspasy_round": r.raspasy_round,
            })
        return {"game": "preferans", "variant": self.game.variant_name, "players": self.game.players,
                "deals": deals, "over": self.is_over, "unfinished": self._abandoned,
                "sheet": self.sheet_dict(), "settlement": self.sheet.settle().to_dict()}

    def render_sheet(self, lang: str = "en") -> str:
        return self.sheet.render(lang)

    def abandon(self) -> None:
        self._abandoned = True

    @property
    def abandoned(self) -> bool:
        return self._abandoned

    def result(self) -> Any:
        return self.sheet

    def view(self, seat: int) -> PulkaView:
        return PulkaView(seat, self.deal.view(seat), MappingProxyType(self.sheet_dict()))

    def visible_mask(self, seat: int) -> int:
        return self.deal.visible_mask(seat)

    def card_places(self) -> Mapping[str, int]:
        return self.deal.card_places()

    def snapshot(self) -> Mapping[str, Any]:
        return {"history": tuple(self._history), "deal": dict(self.deal.snapshot()), "sheet": self.sheet_dict(),
                "results": tuple(self.results), "dealer": self.dealer}

    def where(self) -> Where:
        return Where("deal_n", n=len(self.results) + 1) + self.deal.where()

    def parse_action(self, text: str) -> Any:
        return self.deal.parse_action(text)

    def action_text(self, action: Any) -> str:
        return self.deal.action_text(action)

    def sheet_dict(self) -> dict[str, Any]:
        if self._sheet_cache is None:
            self._sheet_cache = dict(self.sheet.to_dict())
        return self._sheet_cache

    def recomputed_sheet_dict(self) -> dict[str, Any]:
        from cardroom.games.preferans.pulka import PulkaSheet

        return dict(PulkaSheet.from_results(self.results, self.game.variant, self.game.players).to_dict())

    def clone(self) -> PulkaState:
        import copy

        new = object.__new__(PulkaState)
        new.__dict__.update(self.__dict__)
        new._history = list(self._history)
        new.results = list(self.results)
        new.sheet = copy.deepcopy(self.sheet)
        new.deal = self.deal.clone()
        return new


@dataclass(frozen=True)
class PulkaView(View):
    seat: int
    deal: PrefView
    sheet: Mapping[str, Any]

    @memo
    def table(self) -> TableView:
        """The common table view (:mod:`cardroom.core.view`): the deal's (MATCH_OVER once the sheet says
        the pulka is over)."""
        return match_table(self.seat, self.deal.players, self.deal.table, bool(self.sheet.get("over")))

    def shown_mask(self) -> int:
        return self.deal.shown_mask()

    def to_dict(self) -> dict[str, Any]:
        return {"seat": self.seat, "deal": self.deal.to_dict(), "sheet": dict(self.sheet),
                "table": self.table.to_dict()}
