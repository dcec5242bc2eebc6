"""Hints: what the strongest bot would do from a seat's view, with its average tricks per candidate.

``hint(game_name, view)`` runs :class:`cardroom.bots.search.SearchBot` on the view (it reads only
the view) and returns a :class:`Hint`. ``Hint.to_dict()`` is what the card room sends to the
browser: actions are identified as the room protocol identifies them (``id``: the index in the
seat's list of legal actions, which is ``state.legal_actions()`` of the table; ``text``: the
canonical action text, ``state.action_text``), each candidate with its average tricks (``null``
where the decision is the rule-based bot's and nothing was solved) and, for the bidding decisions
chosen by expected score, that score.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardroom.bots.sampling import inner_view
from cardroom.bots.search import SearchBot, game_kind
from cardroom.core.game import Action, View

__all__ = ["Hint", "action_text", "hint"]


def action_text(action: Any) -> str:
    """The canonical text of an action of bridge, preferans or euchre (as ``state.action_text`` writes it)."""
    if isinstance(action, Action):
        return action.to_text()
    return str(action)


@dataclass(frozen=True)
class Hint:
    """The strongest bot's choice (``action``) and the candidates best first as (action, average
    tricks); ``legal`` the seat's legal actions in the view's order (for the ids); ``scores`` the
    expected scores when ``measure`` is "points"; ``method`` "search" or "rule"."""

    game: str
    action: Any
    candidates: list[tuple[Any, float | None]]
    legal: tuple[Any, ...]
    scores: tuple[float | None, ...] = ()
    measure: str = "tricks"
    method: str = "search"
    samples: int = 0
    lower_is_better: bool = False

    def action_id(self, action: Any) -> int:
        return self.legal.index(action)

    def to_dict(self) -> dict[str, Any]:
        cands: list[dict[str, Any]] = []
        for i, (a, tricks) in enumerate(self.candidates):
            entry: dict[str, Any] = {"action": self.action_id(a), "text": action_text(a),
                                     "tricks": None if tricks is None else round(tricks, 3)}
            if self.measure == "points" and i < len(self.scores) and self.scores[i] is not None:
                score = self.scores[i]
                assert score is not None
                entry["score"] = round(score, 3)
            cands.append(entry)
        return {"action": self.action_id(self.action), "text": action_text(self.action), "candidates": cands,
                "method": self.method, "samples": self.samples, "measure": self.measure,
                "lower_is_better": self.lower_is_better}


def hint(game_name: str, view: View, *, samples: int = 20, seed: int | None = None,
         time_per_decision: float | None = 5.0) -> Hint:
    """What the search bot would do from ``view`` (a deal's or a match's view of the seat on turn): the
    best-scored candidate. The bot's own bidding keeps the rule-based choice unless another beats it
    by a margin; a hint has none, so that the action it names is the first of the candidates it lists. A game
    without a search bot (``has_search_bot`` False) is hinted by its rule-based bot (method "rule")."""
    from cardroom.games import game_class, names

    cls = game_class(game_name) if game_name in names() else None
    if cls is not None and not cls.has_search_bot:
        rule = cls().bot("rule", 0 if seed is None else seed)
        action = rule.choose(view)
        inner = getattr(view, "deal", None) or view  # a match's view holds the deal's
        return Hint(cls.family, action, [(action, None)], tuple(getattr(inner, "legal", ())), method="rule")
    kind = game_kind(game_name)
    bot = SearchBot(game_name, samples=samples, time_per_decision=time_per_decision, seed=seed, bid_margin=0.0)
    ev = bot.evaluate(view)
    v = inner_view(view)
    return Hint(kind, ev.action, list(ev.candidates), tuple(v.legal), ev.scores, ev.measure, ev.method, ev.samples,
                ev.lower_is_better)
