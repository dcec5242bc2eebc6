"""Contract bridge's part of ``cardroom analyze`` (:class:`cardroom.core.analysis.GameAnalysis`): a PBN
file or a cardroom JSON bridge record (a rubber, ``"game": "bridge"``, or boards, ``"game":
"bridge-deals"``), or a deal in the notation; for each deal whose hands are known, the double-dummy
table (tricks for each declarer and strain), the par, and for the deal's actual contract declarer's
tricks after every opening lead (``cardroom.solve.dds``, DDS through endplay)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

from cardroom.core.analysis import (
    GameAnalysis,
    card_text,
    cards,
    check_unknown,
    lead_order,
    leads_text,
    seat_field,
    seat_text,
    why,
)
from cardroom.core.cards import CardSet
from cardroom.core.errors import CardroomError, ParseError, Reason, RecordError
from cardroom.core.table import Seat
from cardroom.games.bridge.scoring import Contract
from cardroom.i18n import t
from cardroom.records.rubber_json import DEALS_GAME, RUBBER_GAME

__all__ = ["ANALYSIS", "BRIDGE_STRAINS", "BridgeAnalysis", "BridgeDealSpec", "analyze_bridge_file"]

BRIDGE_STRAINS = ("NT", "S", "H", "D", "C")  # the table's column order for people


@dataclass(frozen=True)
class BridgeDealSpec:
    """A bridge deal: the four hands (N, E, S, W), dealer, vulnerability (NS, EW), the contract if any."""

    hands: tuple[int, int, int, int]
    dealer: Seat
    vulnerable: tuple[bool, bool]
    contract: Contract | None


def analyze_bridge_file(path: str | Path) -> list[dict[str, Any]]:
    """Each deal of a bridge record whose hands are known: ``{"game": "bridge", "board", "dealer",
    "vulnerable", "tricks": {"N": {"C": 7, ...}, ...}, "par": {...}, "contract": "4S by N" | None,
    "declarer_tricks": int | None, "leads": {"AS": 9, ...} | None}`` (leads: declarer's tricks after
    each opening lead, double dummy)."""
    from cardroom.games.bridge.rules import PHASE_DEAL
    from cardroom.records.replay import load_record

    rec = load_record(path)
    out: list[dict[str, Any]] = []
    for i, deal in enumerate(rec.deals, start=1):
        if deal.phase == PHASE_DEAL:
            continue
        name = str(i)
        contract = deal.contract
        if rec.kind == "boards":
            board = rec.boards[i - 1]
            b = board.tags.get("Board", "").strip()
            name = b if b not in ("", "?") else str(i)
            if contract is None:
                contract = board.contract
        try:
            out.append(_bridge_entry(name, deal.original, deal.dealer, deal.vulnerable, contract))
        except CardroomError as e:
            raise RecordError(why(e), where=f"board {name}") from None
    return out


def _bridge_entry(name: str, hands: tuple[int, ...], dealer: Seat, vulnerable: tuple[bool, bool],
                  contract: Contract | None) -> dict[str, Any]:
    from cardroom.records.pbn import vulnerable_text
    from cardroom.solve.dds import opening_leads, table_and_par

    tricks, par = table_and_par(hands, dealer, vulnerable)
    leads = None if contract is None else opening_leads(hands, contract.declarer, contract.strain.trump)
    return {
        "game": "bridge", "board": name, "dealer": dealer.letter, "vulnerable": vulnerable_text(vulnerable),
        "tricks": tricks, "par": par, "contract": None if contract is None else str(contract),
        "declarer_tricks": None if leads is None else min(leads.values()),
        "leads": None if leads is None else {card_text(c): v for c, v in lead_order(leads)},
    }


def _bridge_spec(fields: dict[str, str]) -> BridgeDealSpec:
    from cardroom.core.cards import FULL_PACK_MASK
    from cardroom.records.pbn import parse_contract_tag, parse_vulnerable

    check_unknown(fields, {"n", "e", "s", "w", "dealer", "vul", "vulnerable", "contract", "declarer"}, "bridge")
    hands = [cards(fields.get(k, ""), f"{k.upper()}'s hand") for k in ("n", "e", "s", "w")]
    missing = [s for s in Seat if s.letter.lower() not in fields]
    if len(missing) > 1:
        raise ParseError(Reason("analyze.bridge_hands"))
    seen = 0
    for seat in Seat:
        if hands[seat] & seen:
            raise ParseError(Reason("analyze.bridge_two_hands", cards=CardSet(hands[seat] & seen)))
        seen |= hands[seat]
    if missing:
        hands[missing[0]] = FULL_PACK_MASK & ~seen
    for seat in Seat:
        if hands[seat].bit_count() != 13:
            raise ParseError(Reason("analyze.bridge_thirteen", seat=seat, n=hands[seat].bit_count()))
    dealer = seat_field(fields["dealer"], "bridge", "dealer") if "dealer" in fields else Seat.NORTH
    vul = parse_vulnerable(fields.get("vul", fields.get("vulnerable", "None")))
    contract: Contract | None = None
    if fields.get("contract", "").strip():
        parsed = parse_contract_tag(fields["contract"])
        if parsed is not None:
            if "declarer" not in fields:
                raise ParseError(Reason("analyze.bridge_no_declarer"))
            contract = Contract(parsed[0], parsed[1], parsed[2], seat_field(fields["declarer"], "bridge",
                                                                             "declarer"))
    return BridgeDealSpec((hands[0], hands[1], hands[2], hands[3]), dealer, vul, contract)


def _vul_text(v: str, lang: str) -> str:
    if v == "None":
        return t("none", lang)
    if v == "All":
        return t("both", lang)
    return v if lang == "en" else {"NS": "СЮ", "EW": "ВЗ"}.get(v, v)


def _format_bridge(b: dict[str, Any], lang: str) -> list[str]:
    lines = [t("analyze.board", lang, board=b["board"], dealer=seat_text(b["dealer"], lang),
               vul=_vul_text(b["vulnerable"], lang))]
    lines.append("     " + " ".join(f"{t('analyze.strain.' + s, lang):>3}" for s in BRIDGE_STRAINS))
    for seat in ("N", "S", "E", "W"):
        lines.append(f"  {seat}  " + " ".join(f"{b['tricks'][seat][s]:>3}" for s in BRIDGE_STRAINS))
    par = b["par"]
    if par is not None:  # none for the old bridges: contract bridge's scoring is not theirs
        contracts = ", ".join(par.get("contracts", [])) or t("analyze.passed_out", lang)
        lines.append("  " + t("analyze.par", lang, score=f"{par.get('score', 0):+d}", contracts=contracts))
    if b.get("contract") is None:
        lines.append("  " + t("analyze.no_contract", lang))
    else:
        lines.append("  " + t("analyze.contract_dd", lang, contract=b["contract"], n=b["declarer_tricks"]))
        lines.append("  " + t("analyze.leads", lang, leads=leads_text(b["leads"])))
    return lines


class BridgeAnalysis:
    """Contract bridge's :class:`~cardroom.core.analysis.GameAnalysis`."""

    record_games: ClassVar[tuple[str, ...]] = (RUBBER_GAME, DEALS_GAME)
    file_suffixes: ClassVar[tuple[str, ...]] = (".pbn", ".lin")
    generic_records: ClassVar[bool] = False

    def read_file(self, path: Path) -> list[dict[str, Any]]:
        return analyze_bridge_file(path)

    def specs_of_record(self, data: dict[str, Any]) -> list[tuple[int, Any]]:
        return []  # a bridge match is never a generic record (generic_records is False)

    def parse(self, fields: dict[str, str]) -> BridgeDealSpec:
        return _bridge_spec(fields)

    def analyse(self, spec: Any, n: int) -> dict[str, Any]:
        assert isinstance(spec, BridgeDealSpec)
        return _bridge_entry(str(n), spec.hands, spec.dealer, spec.vulnerable, spec.contract)

    def format(self, d: dict[str, Any], lang: str) -> list[str]:
        return _format_bridge(d, lang)


ANALYSIS: GameAnalysis = BridgeAnalysis()
