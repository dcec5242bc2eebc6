"""Computer players. A bot sees only ``view(seat)`` of its own seat, never the full state."""

from __future__ import annotations

import random
from typing import Any, Protocol

from cardroom.core.game import View


class Bot(Protocol):
    """Anything that chooses an action from a seat's view."""

    def choose(self, view: View) -> Any: ...


class RandomBot:
    """Chooses uniformly among the legal actions listed in the view."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: View) -> Any:
        legal = getattr(view, "legal", ())
        if not legal:
            raise ValueError("the view lists no legal action: it is not this seat's turn")
        return self.rng.choice(list(legal))
