"""The bot's choices under the laws (laws mode): the option it takes when a ruling is pending."""

from __future__ import annotations

from cardroom.core.cards import SUIT_MASKS, Card
from cardroom.core.laws import RulingChoice
from cardroom.core.table import Seat
from cardroom.games.bridge.rubber import RubberView
from cardroom.games.bridge.rules import BridgeView

# The order in which the non-offending side prefers a law's options: every penalty before accepting
# the irregularity, the one that restricts the offenders most first. Any restriction of the offending
# side leaves the non-offending side at least as well off, double dummy, as without the irregularity
# (its own choices are untouched); accepting, waiving or letting a revoke stand may not.
RULING_PREFERENCE = (
    "correct", "retract-later", "penalty-card", "lead-penalty", "penalty-cards", "side-pass", "enforce",
    "forbid", "cancel", "retract", "no-penalty", "lowest", "highest", "dispute", "keep-later", "accept",
    "stand", "waive",
)


def choose_ruling(view: BridgeView | RubberView, preference: tuple[str, ...] = RULING_PREFERENCE) -> RulingChoice:
    """The option best for the bot's side under the pending ruling (laws mode), by a documented rule
    (docs/bots/bridge.md is the bot's; docs/rules/contract-bridge.md "Laws" states it):

    * a claim or concession is accepted only when it gives the bot's side every remaining trick,
      otherwise disputed (play goes on, as without it);
    * a lead penalty (L10, L11, L23) requires a lead in the suit where the bot's visible cards (its
      hand and dummy's) are strongest, or else forbids the suit where they are weakest;
    * the hand declarer must lead from (L21b) is the hand that had the lead;
    * a penalty card to designate (L23): the lowest;
    * otherwise the first option in ``preference`` (:data:`RULING_PREFERENCE` by default).
    """
    if isinstance(view, RubberView):
        if view.deal is None:
            raise ValueError("the rubber has no deal in progress")
        view = view.deal
    choices = [a for a in view.legal if isinstance(a, RulingChoice)]
    if not choices:
        raise ValueError("no ruling is pending for this seat")
    names = [c.option for c in choices]
    by_name = dict(zip(names, choices, strict=True))
    ruling = view.ruling or {}
    kind = (ruling.get("irregularity") or {}).get("kind", "")
    if kind.startswith("claim") or kind == "declarer-faces-hand":
        text = (ruling.get("irregularity") or {}).get("detail", "")
        parts = text.split()
        remaining = 13 - len(view.tricks)
        try:
            seat, n, concede = Seat.parse(parts[1]), int(parts[2]), parts[0] == "concede"
            ours = (remaining - n if concede else n) if seat.side == view.seat.side else \
                (n if concede else remaining - n)
        except (IndexError, ValueError):
            ours = -1
        return by_name["accept" if ours >= remaining and "accept" in by_name else "dispute"] \
            if "dispute" in by_name else choices[0]
    if any(n.startswith(("require-", "forbid-")) for n in names):
        mine = view.hand | (view.dummy_hand or 0)
        strength = [sum(max(0, (c % 13) - 8) for c in range(52) if mine >> c & 1 and c // 13 == s)
                    + (mine & SUIT_MASKS[s]).bit_count() for s in range(4)]
        req = [n for n in names if n.startswith("require-")]
        if req:
            return by_name[max(req, key=lambda n: strength["CDHS".index(n[-1])])]
        forb = [n for n in names if n.startswith("forbid-")]
        if forb:
            return by_name[min(forb, key=lambda n: strength["CDHS".index(n[-1])])]
    if "hand-declarer" in by_name:
        return by_name["hand-dummy" if view.hand_to_play == view.dummy else "hand-declarer"]
    plays = [n for n in names if n.startswith("play-")]
    if plays:
        return by_name[min(plays, key=lambda n: Card.parse(n[5:]) % 13)]
    for pref in preference:
        if pref in by_name:
            return by_name[pref]
    return choices[0]
