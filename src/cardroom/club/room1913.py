"""Several club tables of 1913 in one room: laws 23-25 and 27 between tables (document 000, «ПРАВО
ВХОДА»; digest ``hoyle-bridge.md`` §5).

* Law 23: «При формировании новых столов кандидаты, не игравшие за существующим столом, имеют
  преимущественное право входа. Остальные определяют свое право на допуск путем снятия карт.» A
  candidate who has played a rubber at any table of the room arrives at a new (forming) table marked
  ``played``: the table puts those after the others and makes them cut among themselves (law 17's cut,
  the lower enter first).
* Law 24: a member of an existing table who helps form a new table that cannot be formed without him
  goes out last — at the new table (``helped-form`` there), when he gives up his old place.
* Law 25: «Игрок, принадлежащий к одному столу, который присоединяется к другому или заявляет о таком
  желании, теряет свои права за первоначальным столом, если только новый стол не может быть сформирован
  без него, и в этом случае он может сохранить свое положение за первоначальным столом, объявив о своем
  намерении вернуться, как только его место за новым столом будет занято.» :meth:`Club1913.enter`
  gives the events: either he leaves his table and arrives at the other, or (needed and announced) he is
  ``away`` at his table (his position kept) and arrives at the other with ``home``; :meth:`releases`
  names the moment his place there can be filled (he leaves it, and is ``back`` at home).
* Law 27: the others of a table broken up arrive elsewhere with the prior right (``prior``).

A :class:`Club1913` only computes events for its tables (:class:`~cardroom.club.table1913.ClubTable`)
and applies them all or none; the card room (``room/clubtable.py``) stores each in its table's rows.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from cardroom.club.table1913 import PLAYERS, ClubTable, keeps_place, new_table_order
from cardroom.core.errors import CardroomError, Reason

Move = tuple[str, dict[str, Any]]
"""One event for one table: (table id, event)."""


def played_at(tables: Mapping[str, ClubTable], name: str) -> list[str]:
    """Law 23: the tables where ``name`` has played a rubber (the book's players)."""
    return [tid for tid, t in tables.items() if any(name in b.players for b in t.book)]


def needs(table: ClubTable, name: str) -> bool:
    """Law 25: the table ``name`` would join «не может быть сформирован без него»: it is still forming
    and has fewer than four present without him."""
    present = [n for n in table._present() if n != name]
    return table.phase == "forming" and len(present) < PLAYERS


def arrival(tables: Mapping[str, ClubTable], to: str, name: str, kind: str = "human",
            prior: bool = False) -> dict[str, Any]:
    """The ``arrive`` event of ``name`` at table ``to``: marked ``played`` (law 23) when ``to`` is
    forming and he has played at another table of the room; ``prior`` for law 27."""
    played = tables[to].phase == "forming" and any(tid != to for tid in played_at(tables, name))
    event: dict[str, Any] = {"kind": "arrive", "names": [name], "kinds": [kind]}
    if played:
        event["played"] = True
    if prior:
        event["prior"] = True
    return event


@dataclass
class Club1913:
    """The club tables of a room, by id."""

    tables: dict[str, ClubTable] = field(default_factory=dict)

    def table(self, tid: str) -> ClubTable:
        if tid not in self.tables:
            raise CardroomError(Reason("club.bad_table", table=tid))
        return self.tables[tid]

    def order_for_new_table(self, candidates: list[str], new: str) -> tuple[list[str], list[str]]:
        """Law 23 over the room: (the candidates with the prior right, those who cut for admission)."""
        return new_table_order(candidates, {c: any(t != new for t in played_at(self.tables, c))
                                            for c in candidates})

    def enter(self, name: str, src: str, dst: str, announce_return: bool) -> list[Move]:
        """Law 25: ``name``, a member of ``src``, joins ``dst``. Refused when he is seated for a rubber
        at ``src`` (he would leave it: laws 26-27), away already, or ``dst`` is ``src``."""
        old, new = self.table(src), self.table(dst)
        if src == dst:
            raise CardroomError(Reason("club.same_table", table=dst))
        member = old.member(name)
        if member.away is not None:
            raise CardroomError(Reason("club.away", name=name, table=member.away))
        if old.phase == "rubber" and name not in old.queue:
            raise CardroomError(Reason("club.seated", name=name))
        needed = needs(new, name)
        kind = member.kind
        came = arrival(self.tables, dst, name, kind)
        if keeps_place(needed, announce_return):
            return [(src, {"kind": "away", "name": name, "to": dst}), (dst, {**came, "home": src})]
        moves: list[Move] = [(src, {"kind": "leave", "name": name}), (dst, came)]
        if needed:  # law 24: he helped form a table that could not be formed without him
            moves.append((dst, {"kind": "helped-form", "names": [name]}))
        return moves

    def releases(self) -> list[Move]:
        """Law 25: «как только его место за новым столом будет занято»: for every player away from his
        table whose place at the new one can now be filled, he leaves it and is back at home."""
        out: list[Move] = []
        for tid, t in self.tables.items():
            for name in t.releasable():
                home = t.member(name).home
                out.append((tid, {"kind": "leave", "name": name}))
                if home in self.tables and self.tables[home].is_member(name):
                    out.append((home, {"kind": "back", "name": name}))
        return out + [m for m in self.returns() if m not in out]

    def returns(self) -> list[Move]:
        """The players away from their table (law 25) whose new table no longer holds them — it was
        broken up (law 27), or they left it: they are back at their own table, their position kept."""
        out: list[Move] = []
        for tid, t in self.tables.items():
            if t.phase == "broken":
                continue
            for m in t.members:
                dst = self.tables.get(m.away) if m.away is not None else None
                if m.away is not None and (dst is None or dst.phase == "broken" or not dst.is_member(m.name)):
                    out.append((tid, {"kind": "back", "name": m.name}))
        return out

    def apply(self, moves: list[Move]) -> None:
        """Apply the events in order, all or none (a refusal leaves every table as it was)."""
        trial = {tid: copy.deepcopy(t) for tid, t in self.tables.items()}
        for tid, event in moves:
            if tid not in trial:
                raise CardroomError(Reason("club.bad_table", table=tid))
            trial[tid].apply(event)
        for tid, t in trial.items():  # in place: a caller's reference to a table sees the change
            self.tables[tid].__dict__.update(t.__dict__)
