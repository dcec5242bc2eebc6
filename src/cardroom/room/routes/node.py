"""``GET /api/node``: which node of a room of several answers, and what it has done (room/node.py)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

from cardroom.room.routes.common import room_of

router = APIRouter()


@router.get("/api/node")
async def node_info(request: Request) -> dict[str, Any]:
    """This node's name (None for a room of one node), its tables, and its counts of relayed requests and
    of tables taken over."""
    room = room_of(request)
    node = getattr(request.app.state, "node", None)
    out: dict[str, Any] = {"node": None, "tables": len(room.tables), "actions": room.actions_applied}
    if node is not None:
        out.update(node=node.name, relayed_in=node.relayed_in, relayed_out=node.relayed_out,
                   taken_over=node.taken_over, relayed_sockets=len(node.remote), served_sockets=len(node.served))
    return out
