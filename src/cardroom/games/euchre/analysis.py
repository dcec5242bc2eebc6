"""Euchre's part of ``cardroom analyze`` (:class:`cardroom.core.analysis.GameAnalysis`): a cardroom JSON
record of a rubber (each hand whose play began is analysed with the hands as they were when the play
began) or a deal in the notation: the makers' tricks with each trump, each maker alone, and after every
opening lead for the actual trump and makers (``cardroom.solve.euchre``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from cardroom.core import analysis as an
from cardroom.core.analysis import GameAnalysis, GenericRecordAnalysis, cards, seat_text
from cardroom.core.cards import PIQUET_PACK_MASK, CardSet, Suit
from cardroom.core.errors import ParseError, Reason
from cardroom.core.table import Seat, Side
from cardroom.i18n import t

__all__ = ["ANALYSIS", "EuchreDealSpec"]


@dataclass(frozen=True)
class EuchreDealSpec:
    """A euchre deal in play: the hands (after the dealer's discard), trump, the makers, a lone player
    (his partner out of play) and the opening leader."""

    hands: tuple[int, int, int, int]
    trump: int
    makers: Side
    lone: Seat | None
    leader: Seat
    maker: Seat | None = None
    state: Any = field(default=None, compare=False)  # the engine's hand at the start of its play (records)


def _euchre_spec(fields: dict[str, str]) -> EuchreDealSpec:
    an.check_unknown(fields, {"n", "e", "s", "w", "trump", "makers", "maker", "lone", "leader", "dealer"}, "euchre")
    hands = [cards(fields.get(k, ""), f"{k.upper()}'s hand") for k in ("n", "e", "s", "w")]
    if "trump" not in fields:
        raise ParseError(Reason("analyze.euchre_no_trump"))
    try:
        trump = int(Suit.parse(fields["trump"]))
    except ParseError as e:
        raise ParseError(Reason("analyze.euchre_trump", e=e)) from None
    maker = _euchre_seat(fields["maker"], "maker") if "maker" in fields else None
    lone = _euchre_seat(fields["lone"], "lone") if "lone" in fields else None
    if "makers" in fields:
        m = fields["makers"].strip().upper()
        if m not in ("NS", "EW"):
            raise ParseError(Reason("analyze.euchre_makers", makers=fields['makers']))
        makers = Side.NS if m == "NS" else Side.EW
    elif maker is not None:
        makers = maker.side
    elif lone is not None:
        makers = lone.side
    else:
        raise ParseError(Reason("analyze.euchre_no_makers"))
    if maker is not None and maker.side != makers:
        raise ParseError(Reason("analyze.euchre_maker", maker=maker, makers=makers))
    if lone is not None and lone.side != makers:
        raise ParseError(Reason("analyze.euchre_lone", lone=lone, makers=makers))
    dealer = _euchre_seat(fields["dealer"], "dealer") if "dealer" in fields else Seat.WEST
    if "leader" in fields:
        leader = _euchre_seat(fields["leader"], "leader")
    else:
        leader = dealer.lho
        if lone is not None and leader == lone.partner:
            leader = leader.lho
    out = lone.partner if lone is not None else None
    if out is not None:
        if leader == out:
            raise ParseError(Reason("analyze.euchre_leader", leader=leader))
        hands[out] = 0
    for seat in Seat:
        if seat == out:
            continue
        if hands[seat].bit_count() != 5:
            raise ParseError(Reason("analyze.euchre_five", seat=seat, n=hands[seat].bit_count(), letter=seat.letter))
    seen = 0
    for seat in Seat:
        h = hands[seat]
        if h & ~_EUCHRE_PACK:
            raise ParseError(Reason("analyze.euchre_pack", seat=seat, cards=CardSet(h & ~_EUCHRE_PACK)))
        if h & seen:
            raise ParseError(Reason("analyze.euchre_two_hands", cards=CardSet(h & seen)))
        seen |= h
    return EuchreDealSpec((hands[0], hands[1], hands[2], hands[3]), trump, makers, lone, leader, maker)


_EUCHRE_PACK = PIQUET_PACK_MASK  # document 003: the 32-card pack, 7 to ace


def _euchre_seat(text: str, what: str) -> Seat:
    return an.seat_field(text, "euchre", what)


def _euchre_analysis(spec: EuchreDealSpec) -> dict[str, Any]:
    out: dict[str, Any] = {
        "game": "euchre", "hands": {s.letter: an.cards_text(spec.hands[s]) for s in Seat},
        "trump": Suit(spec.trump).letter, "makers": spec.makers.name,
        "lone": None if spec.lone is None else spec.lone.letter, "leader": spec.leader.letter,
    }
    out.update(_euchre_answers(an.solver("euchre"), spec))
    return out


def _euchre_answers(mod: Any, spec: EuchreDealSpec) -> dict[str, Any]:
    """The actual trump and makers with every opening lead; the makers' tricks with each suit as trump
    (same hands, same partnership or lone hand); each maker alone with the actual trump."""
    maker = spec.lone if spec.lone is not None else spec.maker if spec.maker is not None else spec.makers.seats[0]
    lone = spec.lone is not None
    if spec.state is not None:
        sol = mod.solve_state(spec.state, per_card=True)
    else:
        sol = mod.solve_deal(spec.hands, Suit(spec.trump), int(maker), leader=int(spec.leader), lone=lone,
                             per_card=True)
    trumps = {Suit(s).letter: mod.solve_deal(spec.hands, Suit(s), int(maker), leader=int(spec.leader),
                                             lone=lone).tricks for s in (3, 2, 1, 0)}
    alone: dict[str, int] = {}
    if not lone:
        for seat in spec.makers.seats:
            if not spec.hands[seat.partner]:
                continue
            leader = spec.leader.lho if spec.leader == seat.partner else spec.leader
            alone[seat.letter] = mod.solve_deal(spec.hands, Suit(spec.trump), int(seat), leader=int(leader),
                                                lone=True).tricks
    return {"makers_tricks": sol.tricks, "trumps": trumps, "alone": alone,
            "leads": {an.card_text(c): v for c, v in an.lead_order({int(c): v for c, v in sol.per_card.items()})}}


def _euchre_specs_of_record(data: dict[str, Any]) -> list[tuple[int, EuchreDealSpec]]:
    from cardroom.games.euchre.rules import PH_PLAY

    specs: list[tuple[int, EuchreDealSpec]] = []
    seen: set[int] = set()
    for number, state in an.replay_record(data):
        hand = state.hand
        if hand is None or hand.phase != PH_PLAY or number in seen:
            continue
        seen.add(number)
        assert hand.trump is not None and hand.maker is not None
        h = [0 if hand.lone is not None and s == hand.lone.partner else hand.hands[s] for s in range(4)]
        specs.append((number, EuchreDealSpec((h[0], h[1], h[2], h[3]), int(hand.trump), hand.maker.side, hand.lone,
                                             hand.trick_leader, hand.maker, hand.clone())))
    return specs


def _format_euchre(d: dict[str, Any], lang: str) -> list[str]:
    lines = an.deal_head(d, t("pos.hand_n", lang, n=d["deal"]), lambda s: seat_text(s, lang))
    lone = "" if d["lone"] is None else t("analyze.euchre_lone", lang, seat=seat_text(d["lone"], lang))
    lines.append("  " + t("analyze.euchre_makers", lang, trump=d["trump"], makers=d["makers"], lone=lone,
                          leader=seat_text(d["leader"], lang), n=d["makers_tricks"]))
    table = d.get("trumps", {})
    if table:
        cells = ", ".join(f"{k} {v}" for k, v in table.items())
        lines.append("  " + t("analyze.euchre_table", lang, cells=cells))
    if d.get("alone"):
        cells = ", ".join(f"{seat_text(k, lang)} {v}" for k, v in d["alone"].items())
        lines.append("  " + t("analyze.euchre_alone", lang, cells=cells))
    if d.get("leads"):
        lines.append("  " + t("analyze.leads_of", lang, leads=an.leads_text(d["leads"])))
    return lines


ANALYSIS: GameAnalysis = GenericRecordAnalysis(EuchreDealSpec, _euchre_specs_of_record, _euchre_spec, _euchre_analysis,
                                                 _format_euchre)
