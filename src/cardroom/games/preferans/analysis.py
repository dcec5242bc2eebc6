"""Preferans's part of ``cardroom analyze`` (:class:`cardroom.core.analysis.GameAnalysis`): a cardroom
JSON record of a pulka (each deal whose play began is analysed with the hands as they were when the play
began) or a deal in the notation: declarer's tricks for each contract, and after every opening lead
for the deal's contract (``cardroom.solve.preferans``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from cardroom.core.analysis import (
    GameAnalysis,
    GenericRecordAnalysis,
    card_text,
    cards,
    cards_text,
    check_unknown,
    deal_head,
    lead_order,
    leads_text,
    replay_record,
    solver,
)
from cardroom.core.cards import PIQUET_PACK_MASK, CardSet, Suit
from cardroom.core.errors import ParseError, Reason
from cardroom.i18n import t

__all__ = ["ANALYSIS", "PREF_STRAINS", "PrefDealSpec"]

PREF_STRAINS = ("S", "C", "D", "H", "NT")  # preferans strains, low to high (6♠ < 6♣ < 6♦ < 6♥ < 6NT)


@dataclass(frozen=True)
class PrefDealSpec:
    """A preferans deal as the solver takes it: the hands in play (10 cards each, the declarer's after
    his discard), the talon, the contract (a PrefCall; None for raspasy), declarer, the opening leader."""

    hands: tuple[int, ...]
    talon: int
    contract: int | None
    declarer: int | None
    leader: int
    dealer: int
    discard: int = 0
    state: Any = field(default=None, compare=False)  # the engine's deal at the start of its play (records)


def _pref_spec(fields: dict[str, str]) -> PrefDealSpec:
    from cardroom.games.preferans.calls import PrefCall

    seats = [k for k in ("0", "1", "2") if k in fields]
    check_unknown(fields, {"0", "1", "2", "talon", "discard", "declarer", "contract", "leader", "dealer"},
                   "preferans")
    if len(seats) != 3:
        raise ParseError(Reason("analyze.pref_hands"))
    hands = [cards(fields[s], f"player {s}'s hand") for s in ("0", "1", "2")]
    talon = cards(fields.get("talon", ""), "talon")
    discard = cards(fields.get("discard", ""), "discard")
    ctext = fields.get("contract", "").strip().lower()
    if not ctext:
        raise ParseError(Reason("analyze.pref_no_contract"))
    contract: int | None
    if ctext in ("raspasy", "распасы", "pass", "пас", "all-pass"):
        contract = None
    else:
        call = PrefCall.parse(ctext)
        if not call.is_bid:
            raise ParseError(Reason("analyze.pref_contract", text=ctext))
        contract = int(call)
    declarer: int | None = None
    if contract is not None:
        if "declarer" not in fields:
            raise ParseError(Reason("analyze.pref_no_declarer"))
        declarer = _pref_seat(fields["declarer"], "declarer")
    elif "declarer" in fields:
        raise ParseError(Reason("analyze.pref_raspasy_declarer"))
    dealer = _pref_seat(fields["dealer"], "dealer") if "dealer" in fields else 2
    leader = _pref_seat(fields["leader"], "leader") if "leader" in fields else (dealer + 1) % 3
    if declarer is not None and hands[declarer].bit_count() == 12:
        if discard.bit_count() != 2 or discard & ~hands[declarer]:
            raise ParseError(Reason("analyze.pref_discard", declarer=declarer))
        hands[declarer] &= ~discard
    for s, h in enumerate(hands):
        if h.bit_count() != 10:
            raise ParseError(Reason("analyze.pref_ten", s=s, n=h.bit_count()))
    seen = 0
    for what, m in (("player 0", hands[0]), ("player 1", hands[1]), ("player 2", hands[2]), ("talon", talon),
                    ("discard", discard)):
        if m & ~PIQUET_PACK_MASK:
            raise ParseError(Reason("analyze.pref_pack", what=what, cards=CardSet(m & ~PIQUET_PACK_MASK)))
        if m & seen:
            raise ParseError(Reason("analyze.pref_twice", cards=CardSet(m & seen), what=what))
        seen |= m
    if talon and talon.bit_count() != 2:
        raise ParseError(Reason("analyze.pref_talon", n=talon.bit_count()))
    return PrefDealSpec(tuple(hands), talon, contract, declarer, leader, dealer, discard)


def _pref_seat(text: str, what: str) -> int:
    v = text.strip()
    if v not in ("0", "1", "2"):
        raise ParseError(Reason("analyze.pref_player", what=what, v=v))
    return int(v)


def _pref_analysis(spec: PrefDealSpec) -> dict[str, Any]:
    from cardroom.games.preferans.calls import PrefCall

    contract = None if spec.contract is None else PrefCall(spec.contract)
    kind = "raspasy" if contract is None else "misere" if contract.is_misere else "game"
    out: dict[str, Any] = {
        "game": "preferans", "hands": {str(s): cards_text(h) for s, h in enumerate(spec.hands)},
        "talon": cards_text(spec.talon) if spec.talon else None, "kind": kind,
        "contract": None if contract is None else str(contract), "declarer": spec.declarer,
        "leader": spec.leader,
    }
    out.update(_pref_answers(solver("preferans"), spec, kind))
    return out


def _pref_answers(mod: Any, spec: PrefDealSpec, kind: str) -> dict[str, Any]:
    """The actual contract with every opening lead, and (game, misère) the declarer's tricks in each
    strain and at misère with the same hands and leader."""
    from cardroom.games.preferans.calls import PrefCall

    if spec.state is not None:
        sol = mod.solve_state(spec.state, per_card=True)
    else:
        contract = "raspasy" if spec.contract is None else str(PrefCall(spec.contract))
        sol = mod.solve_deal(spec.hands, contract, spec.declarer, leader=spec.leader, talon=spec.talon,
                             dealer=spec.dealer, per_card=True)
    if kind == "raspasy":
        return {"objective": sol.objective, "raspasy": {str(s): v for s, v in sol.tricks.items()},
                "leads": {card_text(c): {str(s): v for s, v in vals.items()}
                          for c, vals in lead_order({int(c): vals for c, vals in sol.per_card.items()})}}
    d = spec.declarer
    assert d is not None
    beat = spec.state is not None and spec.state.rules.must_beat  # F1: the same rule for every contract
    table: dict[str, int] = {}
    for strain in PREF_STRAINS:
        table[strain] = mod.solve_deal(spec.hands, f"6{strain}", d, leader=spec.leader, must_beat=beat).tricks[d]
    table["misere"] = mod.solve_deal(spec.hands, "misere", d, leader=spec.leader, must_beat=beat).tricks[d]
    return {"objective": sol.objective, "declarer_tricks": sol.tricks[d], "contracts": table,
            "leads": {card_text(c): vals[d]
                      for c, vals in lead_order({int(c): vals for c, vals in sol.per_card.items()})}}


def _pref_specs_of_record(data: dict[str, Any]) -> list[tuple[int, PrefDealSpec]]:
    """(deal number, spec) of each deal of a preferans record whose play began, as the play began."""
    from cardroom.games.preferans.rules import PH_PLAY

    specs: list[tuple[int, PrefDealSpec]] = []
    seen: set[int] = set()
    for number, state in replay_record(data):
        deal = state.deal
        if deal.phase != PH_PLAY or number in seen:
            continue
        seen.add(number)
        contract = None if deal.kind == "raspasy" else (None if deal.contract is None else int(deal.contract))
        specs.append((number, PrefDealSpec(tuple(deal.hands), deal.talon, contract, deal.declarer, deal.first_hand,
                                           deal.dealer, deal.discard, deal.clone())))
    return specs


def _pref_contract_text(text: str, lang: str) -> str:
    from cardroom.games.preferans.calls import PrefCall

    try:
        call = PrefCall.parse(text)
    except ParseError:
        return text
    if call.is_misere:
        return t("analyze.misere_wt" if call.without_talon else "analyze.misere", lang)
    suit = call.trump
    return f"{call.level}{t('analyze.strain.NT', lang) if suit is None else Suit(suit).symbol}"


def _format_pref(d: dict[str, Any], lang: str) -> list[str]:
    lines = deal_head(d, t("pos.deal_n", lang, n=d["deal"]), lambda s: t("pref.player", lang, s=s))
    if d.get("talon"):
        lines.append(f"  {t('pref.talon', lang)}: {d['talon']}")
    if d["kind"] == "raspasy":
        lines.append("  " + t("analyze.raspasy", lang, leader=d["leader"]))
        res = ", ".join(f"{t('pref.player', lang, s=s)} {v}" for s, v in d["raspasy"].items())
        lines.append("  " + t("analyze.raspasy_result", lang, result=res))
    else:
        lines.append("  " + t("analyze.pref_contract", lang, contract=_pref_contract_text(d["contract"], lang),
                              p=d["declarer"],
                              leader=d["leader"], n=d["declarer_tricks"]))
        table = d.get("contracts", {})
        if table:
            cells = ", ".join(f"{t('analyze.strain.' + k, lang)} {v}" for k, v in table.items() if k != "misere")
            lines.append("  " + t("analyze.pref_table", lang, cells=cells))
            if "misere" in table:
                lines.append("  " + t("analyze.pref_misere", lang, n=table["misere"]))
    if d.get("leads"):
        key = "analyze.leads_raspasy" if d["kind"] == "raspasy" else "analyze.leads_of"
        lines.append("  " + t(key, lang, leads=leads_text(d["leads"], lambda v: _lead_value(v, lang))))
    return lines


def _lead_value(v: Any, lang: str) -> str:
    if isinstance(v, dict):  # raspasy: each player's tricks
        return "(" + ", ".join(f"{t('pref.player', lang, s=s)} {n}" for s, n in v.items()) + ")"
    return str(v)


ANALYSIS: GameAnalysis = GenericRecordAnalysis(PrefDealSpec, _pref_specs_of_record, _pref_spec, _pref_analysis,
                                                 _format_pref)
