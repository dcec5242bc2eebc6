"""Auction and straight bridge's part of ``cardroom analyze`` (:class:`cardroom.core.analysis.GameAnalysis`):
a cardroom JSON record of a rubber, each deal whose play began analysed with the hands as dealt: the
open-hand tricks of each declarer in each strain and declarer's tricks after each opening lead of the
contract played (no par: contract bridge's scoring, which the par is reckoned by, is not these games')."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardroom.core import analysis as an
from cardroom.core.analysis import GameAnalysis, GenericRecordAnalysis
from cardroom.core.errors import CardroomError, ParseError, Reason, RecordError
from cardroom.core.table import Seat

__all__ = ["ANALYSIS", "OldBridgeDealSpec"]


@dataclass(frozen=True)
class OldBridgeDealSpec:
    """A deal of the old bridges as its play began: the hands dealt, the dealer, the declarer (who plays
    both his hand and dummy's), the trump (None: no trumps) and the contract's text."""

    hands: tuple[int, ...]
    dealer: Seat
    declarer: Seat
    trump: int | None
    contract: str


def _specs(data: dict[str, Any]) -> list[tuple[int, OldBridgeDealSpec]]:
    from cardroom.games.oldbridge.rules import PHASE_PLAY

    specs: list[tuple[int, OldBridgeDealSpec]] = []
    seen: set[int] = set()
    for number, state in an.replay_record(data):
        deal = state.deal
        if deal is None or deal.phase < PHASE_PLAY or deal.declarer is None or number in seen:
            continue
        seen.add(number)
        declarer = Seat(deal.declarer)
        specs.append((number, OldBridgeDealSpec(tuple(deal.original), Seat(deal.dealer), declarer, deal.trump,
                                                f"{deal.contract_of()!s}")))
    return specs


def _parse(fields: dict[str, str]) -> OldBridgeDealSpec:
    """The old bridges have records to analyse but no deal notation of their own."""
    raise ParseError(Reason("analyze.game", word="auction-bridge / straight-bridge"))


def _analyse(spec: OldBridgeDealSpec) -> dict[str, Any]:
    from cardroom.solve.dds import dd_table, opening_leads

    try:
        leads = opening_leads(spec.hands, spec.declarer, spec.trump)
        tricks = dd_table(spec.hands)
    except CardroomError as e:
        raise RecordError(an.why(e)) from None
    return {"game": "bridge", "board": "", "dealer": spec.dealer.letter, "vulnerable": "None",
            "tricks": tricks, "par": None, "contract": spec.contract, "declarer_tricks": min(leads.values()),
            "leads": {an.card_text(c): v for c, v in an.lead_order(leads)}}


def _format(d: dict[str, Any], lang: str) -> list[str]:
    from cardroom.games.bridge.analysis import ANALYSIS as BRIDGE

    return BRIDGE.format(dict(d, board=d.get("deal", d.get("board", ""))), lang)


ANALYSIS: GameAnalysis = GenericRecordAnalysis(OldBridgeDealSpec, _specs, _parse, _analyse, _format)
