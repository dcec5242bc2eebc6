"""Options of auction bridge (American Laws of 1913) and straight bridge (document 000).

Each option is named after the rule that sets it; docs/rules/auction-bridge.md and
docs/rules/straight-bridge.md give the source of every default and the readings the options offer.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from functools import cache
from typing import Any, ClassVar

from cardroom.core.errors import CardroomError, Reason
from cardroom.core.options import Schema, check_field_rules, one_of, ranged

SLAM_SIDES = ("any", "declarer")
DECLARER_RULES = ("winning-bidder", "first-to-name")
DOUBLING_LIMITS = ("below-100", "cap-100")
HONOURS = ("laws", "none")
REVOKE_PENALTIES = ("tricks", "england")


@dataclass(frozen=True)
class AuctionRules:
    """Auction bridge by the American Laws of Bridge, 1913 (laws 1-13 in document 000)."""

    # Law 3 names royal spades (9 a trick); False plays without them.
    royal_spades: bool = True
    # Document 000 §Nullo: "not yet in the official laws" -- off unless asked for.
    nullo: bool = False
    # Not in the document (the bidding laws are missing): the published auction laws of the time
    # made the dealer open ("one spade" as the least bid). False lets him pass; four passes = no deal.
    dealer_must_bid: bool = True
    # Not in the document: a bid of equal value but more tricks overcalls (published law).
    equal_value_more_tricks: bool = True
    # Document 000: "the player who makes the winning bid" declares; "first-to-name" is the later law.
    declarer_rule: str = one_of("winning-bidder", DECLARER_RULES)
    # Doublings allowed on one bid: 2 = double and redouble (published law; not in the document).
    max_doublings: int = ranged(2, 1, 6)
    # Not in the document: undertricks 50 a trick to the defenders (100 doubled, 200 redoubled).
    undertrick: int = 50
    # Not in the document: 50 for making a doubled contract and 50 a trick over it (x2 redoubled).
    doubled_bonus: int = 50
    # Laws 7-8 "when partners take": "any" side that takes 12/13 tricks, or only the declarer's side.
    slam_side: str = one_of("any", SLAM_SIDES)
    game_points: int = ranged(30, 1, 1000)  # Law 4
    rubber_bonus: int = 250  # Law 10
    unfinished_game_bonus: int = 125  # Law 11
    draw_for_first_deal: bool = True  # Laws 14, 19: the lowest cut deals
    # Laws mode: a revoke (``!SEAT CARD``) is accepted and penalised at the end of the deal (nullo: document
    # 000; otherwise the reading of its «как обычно»: three tricks or 100 in honours).
    laws: bool = False

    def __post_init__(self) -> None:
        check_field_rules(self)

    def to_dict(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}


@dataclass(frozen=True)
class StraightRules:
    """Straight bridge ("bridge", bridge-whist) as document 000 describes it."""

    # "Это удвоение может продолжаться до тех пор, пока стоимость каждой взятки ... не достигнет
    # 100 очков": "below-100" allows a double while the value is below 100 (12, 24, 48, 96, 192);
    # "cap-100" allows only doubles that keep it at 100 or less (12, 24, 48, 96).
    doubling_limit: str = one_of("below-100", DOUBLING_LIMITS)
    # Honours, chicane and slams are not stated for straight bridge in the document: "laws" uses
    # the club code of the time (the honour table of Law 6 at straight-bridge values, chicane =
    # simple honours, double chicane = four honours, slams 40 and 20); "none" scores no honours.
    honours: str = one_of("laws", HONOURS)
    chicane: bool = True
    slams: bool = True
    game_points: int = ranged(30, 1, 1000)
    rubber_bonus: int = 100  # "добавляет к своему счету 100 очков (за рабер)"
    draw_for_first_deal: bool = True
    # Laws mode (laws B-1 to B-18, games/oldbridge/laws.py): irregular actions are accepted and ruled on.
    laws: bool = False
    # B-9: "tricks" (three tricks a revoke, automatic) or "england" (the non-offending side chooses three
    # tricks, their value deducted from the offenders, or the same added to its own score).
    revoke_penalty: str = one_of("tricks", REVOKE_PENALTIES)

    def __post_init__(self) -> None:
        check_field_rules(self)

    def to_dict(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}


@cache
def auction_schema() -> Schema:
    """The options a table of auction bridge sets: every field of :class:`AuctionRules`."""
    return Schema.from_dataclass(AuctionRules)


@cache
def straight_schema() -> Schema:
    """The options a table of straight bridge sets: every field of :class:`StraightRules`."""
    return Schema.from_dataclass(StraightRules)


def make_auction_rules(**options: Any) -> AuctionRules:
    _check_options(AuctionRules(), "auction-bridge", options)
    return replace(AuctionRules(), **options)


def make_straight_rules(**options: Any) -> StraightRules:
    _check_options(StraightRules(), "straight-bridge", options)
    return replace(StraightRules(), **options)


def _check_options(default: Any, game: str, options: dict[str, Any]) -> None:
    known = {f.name for f in fields(default)}
    bad = set(options) - known
    if bad:
        raise CardroomError(Reason("oldbridge.unknown_options", game=game, options=', '.join(sorted(bad))))
    for k, v in options.items():
        want = type(getattr(default, k))
        wrong = (not isinstance(v, bool) if want is bool
                 else isinstance(v, bool) or not isinstance(v, int) if want is int
                 else not isinstance(v, str))
        if wrong:
            raise CardroomError(Reason("oldbridge.option_type", game=game, k=k, type=want.__name__, got=v))


class WithoutOptions:
    """A variety's game (put before its parent game in the bases): the parent's options less
    ``not_options``, which the lobby does not offer, ``options()`` does not give back and the game refuses."""

    name: ClassVar[str]
    not_options: ClassVar[tuple[str, ...]] = ()
    options_class: ClassVar[type[Any]]
    rules: Any

    def refuse_absent(self, options: Mapping[str, Any]) -> None:
        bad = sorted(set(options) & set(self.not_options))
        if bad:
            raise CardroomError(Reason("oldbridge.unknown_options", game=self.name, options=", ".join(bad)))

    @classmethod
    def option_schema(cls) -> Schema:
        return Schema.from_dataclass(cls.options_class, exclude=cls.not_options)

    def options(self) -> Mapping[str, Any]:
        return {k: v for k, v in self.rules.to_dict().items() if k not in self.not_options}
