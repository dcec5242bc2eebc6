"""The score keeper's entry of a contract-bridge deal: contract, declarer, tricks, honours (Doc 001 §6.7)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardroom.core.cards import SUIT_MASKS
from cardroom.core.errors import CardroomError, Reason
from cardroom.core.game import KeeperField
from cardroom.core.table import Seat
from cardroom.games.bridge.calls import Strain
from cardroom.games.bridge.rules import DealResult
from cardroom.games.bridge.scoring import Contract, score_deal

FIELDS = (KeeperField("contract", "text", True), KeeperField("declarer", "seat"), KeeperField("tricks", "int"),
          KeeperField("honours", "texts"))
"""``contract``: ``4SX`` or ``pass``; ``tricks``: the declaring side's; ``honours``: each holder's seat and
what he held, ``N4`` (four of the five trump honours), ``E5`` (all five), ``Saces`` (four aces at no-trump)."""


def parse_contract(text: str, declarer: Seat) -> Contract | None:
    t = str(text).strip().upper().replace(" ", "")
    if t in ("PASS", "P", "ПАС"):
        return None
    doubling = 2 if t.endswith("XX") else 1 if t.endswith("X") else 0
    body = t[:len(t) - doubling]
    try:
        level = int(body[0])
        strain = Strain.parse(body[1:])
    except (IndexError, ValueError, CardroomError):
        raise CardroomError(Reason("keeper.bad_contract", text=text)) from None
    if not 1 <= level <= 7:
        raise CardroomError(Reason("keeper.bad_contract", text=text))
    return Contract(level, strain, doubling, declarer)


def honour_hands(honours: list[str], strain: Strain) -> tuple[int, ...]:
    """Hands holding exactly the announced honours (the deal's other cards are not known): read by the
    same :func:`~cardroom.games.bridge.scoring.honours` the play scores with."""
    hands = [0, 0, 0, 0]
    for h in honours:
        seat = Seat.parse(h[:1])
        what = h[1:].strip().lower()
        if strain is Strain.NOTRUMP and what in ("aces", "a", "4", "тузы"):
            hands[seat] |= sum(1 << (s * 13 + 12) for s in range(4))
        elif strain is not Strain.NOTRUMP and what in ("4", "5"):
            top = SUIT_MASKS[strain] >> (strain * 13 + 8) << (strain * 13 + 8)  # 10 J Q K A
            if what == "4":
                top &= ~(1 << (strain * 13 + 8))  # J Q K A
            hands[seat] |= top
        else:
            raise CardroomError(Reason("keeper.bad_value", field="honours", text=h))
    return tuple(hands)


def deal_result(match: Any, entry: Mapping[str, Any]) -> DealResult:
    """A deal result of the rubber ``match`` (its dealer, its vulnerability) from ``entry``."""
    dealer = Seat(match.dealer)
    vulnerable = match.sheet.vulnerable()
    declarer = Seat.parse(str(entry.get("declarer") or "S"))
    contract = parse_contract(str(entry["contract"]), declarer)
    if contract is None:
        return DealResult(dealer, vulnerable, (0, 0, 0, 0), (), None, 0, ())
    if entry.get("declarer") is None:
        raise CardroomError(Reason("keeper.missing", n=len(match.results) + 1, field="declarer"))
    tricks = entry.get("tricks")
    if not isinstance(tricks, int) or not 0 <= tricks <= 13:
        raise CardroomError(Reason("keeper.bad_tricks", tricks=tricks, total=13))
    hands = honour_hands(list(entry.get("honours") or []), contract.strain)
    entries = tuple(score_deal(contract, tricks, vulnerable[contract.side], match.rules.scoring, hands))
    return DealResult(dealer, vulnerable, hands, (), contract, tricks, (), entries)
