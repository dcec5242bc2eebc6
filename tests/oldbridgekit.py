"""What the old bridges' tests share: a deal with some hands given (the rest of the pack shared out), the
old-bridge bot's choice in a position, a whole match played by the command line."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

from cardroom.bots.oldbridge import OldBridgeBot
from cardroom.core.deal import Deal, parse_hand
from cardroom.core.table import Seat

ROOT = Path(__file__).resolve().parents[1]


def dealt(game: Any, s: str = "", w: str = "", e: str = "", n: str = "") -> Any:
    """A new deal of ``game`` dealt by South with the hands given (PBN: spades.hearts.diamonds.clubs, 13
    cards each, no card twice); the hands not given share the rest of the pack in turn."""
    given = {Seat.SOUTH: s, Seat.WEST: w, Seat.EAST: e, Seat.NORTH: n}
    hands = {seat: parse_hand(h) for seat, h in given.items() if h}
    used = 0
    for h in hands.values():
        assert h.bit_count() == 13 and not used & h
        used |= h
    rest = [c for c in range(52) if not used >> c & 1]
    empty = [seat for seat in Seat if seat not in hands]
    for i, c in enumerate(rest):
        seat = empty[i % len(empty)]
        hands[seat] = hands.get(seat, 0) | 1 << c
    deal = game.new_deal(Seat.SOUTH)
    deal.apply(Deal(tuple(hands[seat] for seat in Seat)))
    return deal


def bot_choice(deal: Any) -> Any:
    """What the old-bridge bot does for the seat to act (a player's seat, not chance's)."""
    seat = deal.to_act
    assert seat is not None and seat >= 0
    return OldBridgeBot(1).choose(deal.view(seat))


def cli_plays(game: str, seed: int = 1) -> str:
    """``cardroom play GAME --auto --seed SEED`` in a fresh process: what it printed (it must succeed)."""
    out = subprocess.run([sys.executable, "-m", "cardroom", "play", game, "--auto", "--seed", str(seed)],
                         capture_output=True, text=True, timeout=300, cwd=ROOT,
                         env={"PYTHONPATH": str(ROOT / "src"), "PATH": "/usr/bin:/bin"})
    assert out.returncode == 0, out.stderr
    return out.stdout
