"""Double-dummy analysis of bridge deals through DDS (the endplay package), behind cardroom types.

Hands are card-set bitmasks in seat order (N, E, S, W), as :class:`cardroom.core.deal.Deal`
holds them. Tables are keyed by seat letter then strain letter (C, D, H, S, NT). The par result
is DDS's: by duplicate scoring, the score from North-South's point of view.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardroom.core.cards import FULL_PACK_MASK
from cardroom.core.deal import hand_text
from cardroom.core.errors import CardroomError
from cardroom.core.table import Seat
from cardroom.games.bridge.calls import Strain

__all__ = ["STRAINS", "dd_table", "par_result"]

STRAINS = ("C", "D", "H", "S", "NT")
# endplay's Denom numbers: spades 0, hearts 1, diamonds 2, clubs 3, no-trump 4
_DENOM_OF_STRAIN = {"C": 3, "D": 2, "H": 1, "S": 0, "NT": 4}
_STRAIN_OF_DENOM = {v: k for k, v in _DENOM_OF_STRAIN.items()}


def _check_hands(hands: Sequence[int]) -> tuple[int, int, int, int]:
    if len(hands) != 4:
        raise CardroomError(f"double-dummy analysis needs four hands, not {len(hands)}")
    seen = 0
    for seat, h in zip(Seat, hands, strict=True):
        if h.bit_count() != 13:
            raise CardroomError(f"double-dummy analysis needs 13 cards in each hand; {seat} has {h.bit_count()}")
        if seen & h:
            raise CardroomError("double-dummy analysis needs a deal of one pack: a card is in two hands")
        seen |= h
    if seen != FULL_PACK_MASK:
        raise CardroomError("double-dummy analysis needs the whole pack dealt")
    return (hands[0], hands[1], hands[2], hands[3])


def _endplay_table(hands: Sequence[int]) -> Any:
    from endplay.dds import calc_dd_table
    from endplay.types import Deal as EpDeal

    h = _check_hands(hands)
    deal = EpDeal("N:" + " ".join(hand_text(x) for x in h))
    return calc_dd_table(deal)


def dd_table(hands: Sequence[int]) -> dict[str, dict[str, int]]:
    """Tricks each seat takes as declarer in each strain, double dummy:
    ``{"N": {"C": 7, "D": 6, "H": 9, "S": 10, "NT": 8}, "E": {...}, ...}``."""
    from endplay.types import Denom, Player

    table = _endplay_table(hands)
    return {
        seat.letter: {s: int(table[Denom(_DENOM_OF_STRAIN[s]), Player(int(seat))]) for s in STRAINS}
        for seat in Seat
    }


def _vul(vulnerable: tuple[bool, bool]) -> Any:
    from endplay.types import Vul

    return {(False, False): Vul.none, (True, False): Vul.ns, (False, True): Vul.ew,
            (True, True): Vul.both}[(bool(vulnerable[0]), bool(vulnerable[1]))]


def par_result(hands: Sequence[int], dealer: Seat | int, vulnerable: tuple[bool, bool]) -> dict[str, Any]:
    """The par of a deal (DDS, duplicate scoring): ``{"score": -1510, "side": "EW",
    "contracts": ["7S by E =", "7S by W ="]}``; ``score`` is North-South's, ``side`` the side
    that scores (None when par is a pass-out), each contract as level, strain, doubling, declarer and
    result (``=``, ``+1``, ``-2``)."""
    from endplay.dds import par
    from endplay.types import Player

    table = _endplay_table(hands)
    result = par(table, _vul(vulnerable), Player(int(dealer)))
    contracts: list[str] = []
    for c in result:
        strain = Strain.parse(_STRAIN_OF_DENOM[int(c.denom)])
        doubling = {1: "", 2: "X", 4: "XX"}.get(int(c.penalty), "")
        res = int(c.result)
        contracts.append(f"{int(c.level)}{strain.letter}{doubling} by {Seat(int(c.declarer)).letter} "
                         f"{'=' if res == 0 else f'{res:+d}'}")
    score = int(result.score)
    return {"score": score, "side": None if score == 0 else ("NS" if score > 0 else "EW"), "contracts": contracts}
