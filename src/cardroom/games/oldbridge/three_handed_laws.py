"""The laws of three-handed auction bridge (document 000, «Трехсторонний окшн-бридж»; digest §6.1.5):

"Штраф за заявку вне очереди составляет 50 очков, прибавляемых к счету каждого противника, а за удвоение вне
очереди — 100. Если оба пасуют в случае нарушения правил, штраф не взимается, но если пасует только один,
третий может обратить на это внимание."

A call out of turn (``!E 1H``, ``!E X``) is classified (law T-1 a bid, T-2 a double or redouble), then put to
the two other players in turn, the offender's left first (the ruling's chooser): ``penalty`` exacts it (50 or
100 to each opponent of the offender, written on the sheet with the deal), ``condone`` lets it pass to the
other, and both condoning, no penalty and the call stands as if in turn. The document gives the variety no
other law: any other irregularity is refused with that reason. The table is ``[three_handed]`` of
``laws.toml``; the handlers are registered by context type (:class:`~cardroom.core.laws.HandlerRegistry`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from cardroom.core.errors import IllegalAction, ParseError, Reason
from cardroom.core.laws import HandlerRegistry, Irregular, Irregularity, LawTable, RulingChoice, RulingContext
from cardroom.core.table import Seat
from cardroom.games.oldbridge.calls import OldCall
from cardroom.games.oldbridge.laws import StraightDirector
from cardroom.games.oldbridge.rules import PHASE_CALLS

if TYPE_CHECKING:
    from cardroom.games.oldbridge.three_handed import ThreeHandedDeal

THREE_TABLE = LawTable.load("cardroom.games.oldbridge", "laws.toml", "three_handed")
PENALTY = {"bid-out-of-turn": 50, "double-out-of-turn": 100, "redouble-out-of-turn": 100}
""" "50 очков … а за удвоение вне очереди — 100" (a redouble read as a double)."""


class CallOutOfTurn(RulingContext):
    """A call out of turn put to ``asked``, the non-offender now choosing (the first or the second)."""

    offender: int
    call: OldCall
    points: int
    second: bool = False


HANDLERS: HandlerRegistry[type[RulingContext]] = HandlerRegistry("the three-handed auction laws")


@dataclass
class ThreeHandedDirector(StraightDirector):
    """The old bridges' director with the penalties exacted in the deal: (offender, points to each opponent)."""

    penalties: list[tuple[int, int]] = field(default_factory=list)

    def snapshot(self) -> dict[str, Any]:
        return {**super().snapshot(), "penalties": tuple(self.penalties)}

    def view_fields(self) -> dict[str, Any]:
        return {**super().view_fields(), "penalties": [[Seat(s).letter, p] for s, p in self.penalties]}


def apply(deal: ThreeHandedDeal, action: Any) -> None:
    """Laws mode: a ruling's choice, a call out of turn, or an ordinary action (the atomic apply restores the
    deal if this raises)."""
    from cardroom.games.oldbridge.straight_laws import dispatch

    if not dispatch(deal, action, choose, irregular, same_law=True):
        deal.laws_plain(action)


def choose(deal: ThreeHandedDeal, choice: RulingChoice) -> None:
    """The pending ruling's option carried out by its context's handler."""
    d = deal.director
    assert isinstance(d, ThreeHandedDirector) and d.pending is not None
    d.pending.option(choice.option)  # an unknown option raises
    ruling, ctx = d.take()
    HANDLERS.handler(type(ctx))(deal, ruling.irregularity, ctx, choice.option)


def irregular(deal: ThreeHandedDeal, action: Irregular) -> None:
    seat = Seat(action.seat)
    who = deal.laws_who(seat)
    text = action.text.strip()
    try:
        call: OldCall | None = OldCall.parse(text)
    except ParseError:
        call = None
    if deal.phase != PHASE_CALLS or call is None or seat not in deal.places or seat == deal.next_seat \
            or call.is_pass or not (call.is_bid or call.is_double or call.is_redouble):
        raise IllegalAction(Reason("three.laws_no_law", who=who, text=text, letter=seat.letter), seat=seat,
                            action=action)
    why = deal.call_refusal(seat, call)
    if why is not None:
        raise IllegalAction(Reason("three.laws_not_a_call", who=who, call=call), seat=seat, action=action)
    kind = "bid-out-of-turn" if call.is_bid else "double-out-of-turn" if call.is_double else "redouble-out-of-turn"
    d = deal.director
    assert d is not None
    irr = d.record(Irregularity(kind, int(seat), f"{who} called {call} out of turn", None, action.to_text()))
    _put(deal, irr, CallOutOfTurn(offender=int(seat), call=call, points=PENALTY[kind]))


def _others(deal: ThreeHandedDeal, offender: int) -> tuple[Seat, Seat]:
    from cardroom.games.oldbridge.three_handed import next_player

    first = next_player(Seat(offender))
    return first, next_player(first)


def _put(deal: ThreeHandedDeal, irr: Irregularity, ctx: CallOutOfTurn) -> None:
    """The ruling to the offender's left, or, when he has let it pass, to the third player."""
    first, second = _others(deal, ctx.offender)
    chooser = second if ctx.second else first
    assert deal.director is not None
    deal.director.rule(THREE_TABLE.ruling(irr, chooser=int(chooser), entitled=(int(first), int(second))), ctx)


@HANDLERS.on(CallOutOfTurn)
def _call_out_of_turn(deal: ThreeHandedDeal, irr: Irregularity, ctx: CallOutOfTurn, option: str) -> None:
    d = deal.director
    assert isinstance(d, ThreeHandedDirector)
    stands = deal.three.out_of_turn_call == "stands"
    if option == "penalty":
        d.penalties.append((ctx.offender, ctx.points))
        if stands:
            _enter_as_in_turn(deal, ctx)
        return
    if not ctx.second:  # "если пасует только один, третий может обратить на это внимание"
        _put(deal, irr, CallOutOfTurn(offender=ctx.offender, call=ctx.call, points=ctx.points, second=True))
        return
    _enter_as_in_turn(deal, ctx)  # "Если оба пасуют …, штраф не взимается": the call stands


def _enter_as_in_turn(deal: ThreeHandedDeal, ctx: CallOutOfTurn) -> None:
    """The call entered as if it had been the offender's turn: the auction goes on from his left."""
    deal.next_seat = Seat(ctx.offender)
    deal.laws_plain(ctx.call)


def penalty_entries(director: StraightDirector | None, players: tuple[Seat, ...]) -> list[tuple[Seat, int]]:
    """The penalties exacted in a deal, as (player, points) for each opponent of each offender."""
    if not isinstance(director, ThreeHandedDirector):
        return []
    return [(p, points) for offender, points in director.penalties for p in players if int(p) != offender]


__all__ = ["THREE_TABLE", "CallOutOfTurn", "ThreeHandedDirector", "apply", "penalty_entries"]
