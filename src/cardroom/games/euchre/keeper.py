"""The score keeper's entry of a euchre hand: the turn-up, the maker, alone or not, the makers' tricks
(Laws 2–3); the hand is scored by the same :func:`~cardroom.games.euchre.scoring.score_hand` as play."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardroom.core.cards import Card, Suit
from cardroom.core.errors import CardroomError, Reason
from cardroom.core.game import KeeperField
from cardroom.core.table import Seat
from cardroom.games.euchre.rules import EuchreHandResult
from cardroom.games.euchre.scoring import score_hand

FIELDS = (
    KeeperField("turn_up", "text", True), KeeperField("thrown_in", "bool"), KeeperField("maker", "seat"),
    KeeperField("alone", "seat"), KeeperField("tricks", "int"), KeeperField("trump", "text"),
    KeeperField("call", "text"),
)
"""``turn_up``: the card turned (``JS``); ``thrown_in``: all passed twice (Law 77); ``maker``: who made the
trump; ``alone``: the seat that played alone (the maker, or his partner who took the hand); ``tricks``:
the makers'; ``trump``: the suit named in the second round (the turn-up's suit when not given); ``call``:
the maker's declaration as the sheet writes it (``order up``, ``assist``, ``take up``, ``make H``,
``alone at H``; when not given: read from the dealer, the maker and the round)."""


def _default_call(dealer: Seat, maker: Seat, round_: int, trump: Suit, lone: Seat | None) -> str:
    """UNCERTAIN (docs/rules/euchre.md): the declaration when not announced, from who made the trump."""
    if round_ == 2:
        return f"alone at {trump}" if lone is not None else f"make {trump}"
    if maker == dealer:
        return "take up"
    return "assist" if maker == dealer.partner else "order up"


def hand_result(match: Any, entry: Mapping[str, Any]) -> EuchreHandResult:
    """The result of the rubber ``match``'s next hand (its dealer) from ``entry``."""
    dealer = Seat(match.dealer)
    try:
        turn_up = Card.parse(str(entry["turn_up"]))
    except CardroomError:
        raise CardroomError(Reason("keeper.bad_value", field="turn_up", text=entry["turn_up"])) from None
    if entry.get("thrown_in"):
        return EuchreHandResult(dealer, turn_up, True, round=2)
    if entry.get("maker") is None:
        raise CardroomError(Reason("keeper.missing", n=len(match.results) + 1, field="maker"))
    maker = Seat.parse(str(entry["maker"]))
    lone = None if entry.get("alone") is None else Seat.parse(str(entry["alone"]))
    if lone is not None and lone.side != maker.side:
        raise CardroomError(Reason("keeper.bad_seat", seat=entry["alone"]))
    tricks = entry.get("tricks")
    if not isinstance(tricks, int) or not 0 <= tricks <= 5:
        raise CardroomError(Reason("keeper.bad_tricks", tricks=tricks, total=5))
    trump = turn_up.suit if entry.get("trump") is None else Suit.parse(str(entry["trump"]))
    round_ = 1 if trump == turn_up.suit else 2
    makers = maker.side
    hs = score_hand(tricks, lone is not None)
    pts = [0, 0]
    pts[makers] += hs.makers_points
    pts[makers.other] += hs.adversaries_points
    call = str(entry.get("call") or _default_call(dealer, maker, round_, trump, lone))
    return EuchreHandResult(dealer, turn_up, False, trump, maker, makers, lone, round_, tricks, (), hs,
                            (pts[0], pts[1]), call)
