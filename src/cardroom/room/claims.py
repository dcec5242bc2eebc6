"""Claims at a table (issue 14, point 11): a player in the play claims ``n`` of the remaining tricks,
the opponents accept or reject.

* The claim is checked by the deal (:class:`cardroom.core.claims.Claimable`: the play is on, the seat
  may claim, ``n`` is at most the tricks left); a refusal changes nothing.
* While it is pending the table waits: no card is played, no bot acts. The claimer's hand is shown to
  his opponents (and to him): the message's ``claim`` carries it for those seats only — the one card
  disclosure of a claim (as the laws say, a claim faces the hand). His partner and the spectators see
  the claim without the hand.
* The opponents answer: the people among them each accept or reject; a bot accepts only a claim the
  game's open-hand solver finds correct (:meth:`Claimable.claim_correct`: DDS for the bridges, the
  games' own solvers for preferans and euchre), else it rejects. One rejection rejects the claim:
  play goes on, nothing is stored. Every opponent accepting ends the deal with the tricks as claimed:
  the action :class:`~cardroom.core.claims.ClaimSettled` is stored and applied like any action, so a
  restart and the record replay it.
* In laws mode, a game whose laws define claims (bridge: ``claim S 4``) takes the claim through them
  (the laws' ruling: the opponents accept or dispute, a disputed claim is ruled by the laws); the
  other games use the mechanism above.
* A pending claim is not stored: a restarted server forgets it (the claimer may claim again).
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from cardroom.core.cards import Card, cards_of_mask
from cardroom.core.claims import Claimable, ClaimSettled
from cardroom.core.errors import CardroomError, IllegalAction, Reason
from cardroom.room import requests
from cardroom.room.engine import RoomError, TableRuntime
from cardroom.room.requests import Kind, Pending, check_turn

if TYPE_CHECKING:
    from cardroom.room.engine import Room


@dataclass
class PendingClaim(Pending):
    """A claim the opponents have not all answered."""

    tricks: int = 0
    hand: tuple[str, ...] = ()

    def for_seat(self, seat: int | None) -> dict[str, Any]:
        """The ``claim`` of a state message for ``seat`` (None: a spectator): the hand only for the
        claimer's opponents and the claimer."""
        out: dict[str, Any] = {"seat": self.seat, "tricks": self.tricks, "opponents": list(self.opponents),
                               "accepted": sorted(s for s, a in self.answers.items() if a),
                               "waiting": self.waiting}
        if seat is not None and (seat == self.seat or seat in self.opponents):
            out["hand"] = list(self.hand)
        return out


def disclosed(state: Any, claim: Any, seat: int | None) -> int:
    """The cards a state message's ``claim`` may show ``seat`` at ``state`` (for the audit): the
    claimer's hand to his opponents and to him, nothing to anyone else."""
    deal = getattr(state, "deal", None)
    if seat is None or not isinstance(claim, dict) or not isinstance(deal, Claimable):
        return 0
    claimer = claim.get("seat")
    if not isinstance(claimer, int) or not 0 <= claimer < len(deal.hands):
        return 0
    if seat != claimer and seat not in deal.claim_opponents(claimer):
        return 0
    return deal.claim_hand(claimer)


def _deal(rt: TableRuntime) -> Claimable:
    deal = getattr(rt.state, "deal", None)
    if not isinstance(deal, Claimable):
        raise RoomError(409, "claim_refused", why=Reason("claim.no_tricks"))
    return deal


def _check_tricks(tricks: Any) -> int:
    if isinstance(tricks, bool) or not isinstance(tricks, int):
        raise RoomError(400, "bad_claim", code="bad_request", tricks=str(tricks)[:20])
    return tricks


def _laws_claim(rt: TableRuntime, seat: int, tricks: int) -> str | None:
    """The text of the laws' own claim for ``seat`` (``claim S 4``) where the table's laws read one."""
    if not rt.laws:
        return None
    text = f"claim {rt.labels[seat]} {tricks}"
    try:
        a = rt.state.parse_action(text)
    except CardroomError:
        return None
    return None if isinstance(a, ClaimSettled) else text


async def claim(room: Room, table_id: str, token: str | None, tricks: Any, seq: Any) -> dict[str, Any]:
    """A seated person claims ``tricks`` of the remaining tricks. Returns the claim's outcome:
    ``pending`` (people are asked), ``accepted`` (the deal ended), ``rejected`` (a bot found it wrong)
    or ``laws`` (taken through the laws' own claim)."""
    rt = room.table(table_id)
    seat = room.authorize(rt, token, owner_ok=False)
    assert seat is not None
    n = _check_tricks(tricks)
    laws_text = _laws_claim(rt, seat, n)
    if laws_text is not None:
        new_seq = await room.act(table_id, token, laws_text, seq)
        return {"table": rt.id, "outcome": "laws", "seq": new_seq}
    async with rt.lock:
        check_turn(rt, seq)
        deal = _deal(rt)
        try:
            deal.check_claim(seat, n)
        except IllegalAction as e:
            raise RoomError(409, "claim_refused", why=e) from None
        opponents = deal.claim_opponents(seat)
        pending = PendingClaim(seat, opponents, tricks=n,
                               hand=tuple(str(Card(c)) for c in cards_of_mask(deal.claim_hand(seat))))
        bots = [s for s in opponents if rt.seats[s].kind == "bot"]
        if bots:  # the solver runs on the bots' thread, off the event loop (the table stays locked)
            pool: Any = room._bot_pool
            correct = deal.claim_correct(seat, n) if pool is None else \
                await asyncio.get_running_loop().run_in_executor(pool, deal.claim_correct, seat, n)
            for s in bots:
                pending.answers[s] = correct is True
        rt.last_active = time.monotonic()
        outcome = await _settle(room, rt, pending)
        return {"table": rt.id, "outcome": outcome, "seq": rt.seq}


async def answer(room: Room, table_id: str, token: str | None, accept: Any) -> dict[str, Any]:
    """An opponent accepts (``accept`` true) or rejects the pending claim."""
    return await requests.answer(room, CLAIM, table_id, token, accept)


async def lapse(room: Room, rt: TableRuntime) -> bool:
    """The pending claim lapses (the move timer ran out): play goes on. Call with the table locked."""
    return requests.lapse(room, CLAIM, rt, lambda p: _notice(rt, p, "lapsed"))


def _notice(rt: TableRuntime, pending: PendingClaim, outcome: str) -> dict[str, Any]:
    """What every seat is told of the claim's outcome."""
    return {"type": "claim", "table": rt.id, "outcome": outcome, "seat": pending.seat, "tricks": pending.tricks}


async def _settle(room: Room, rt: TableRuntime, pending: PendingClaim) -> str:
    """Decide the claim when its answers allow (the table locked): one rejection rejects it, every
    opponent accepting ends the deal; else it stays pending (and every seat is told)."""
    outcome = requests.undecided(room, CLAIM, rt, pending, "rejected", _notice(rt, pending, "rejected"))
    if outcome is not None:
        return outcome
    await room._commit_apply(rt, ClaimSettled(pending.seat, pending.tricks))
    rt.notify(_notice(rt, pending, "accepted"))
    room.kick(rt)
    return "accepted"


CLAIM = Kind("claim", PendingClaim, "no_claim", "not_asked", _settle)
"""A claim, as the table's requests go (:mod:`cardroom.room.requests`)."""
