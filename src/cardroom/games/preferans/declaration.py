"""The «преферанс» declaration (document 004 §3.11): which hand qualifies.

The text that described the qualifying hand is lost (digest §3.11, UNCERTAIN). cardroom's definition:
the talon-taker's twelve cards qualify when, after some discard of two cards, his ten cards take **all
ten tricks in no-trump whatever the defenders hold and however they play**, the first hand leading to
the first trick (he leads if he is the first hand).

That property has an exact structural form, which :func:`preferans_discard` checks for each of the 66
discards. For each suit let ``D`` be the defenders' cards (the 20 cards he does not hold), ``d1`` the
highest of them, ``K`` his kept cards and ``top`` the number of his kept cards above ``d1``:

* on lead: every suit needs ``top >= min(len(K), len(D))`` — he never loses the lead, and a defender
  holding every card of ``D`` keeps ``d1`` until his last card of the suit, so each of the first
  ``len(D)`` rounds must be won by a card above ``d1``; after that the suit runs;
* not on lead: in addition, every suit the defenders hold needs ``top >= 1`` (the opening leader may
  hold ``d1`` and lead it; winning the first trick with a top card keeps the first condition true).

``tests/test_preferans_declaration.py`` checks the rule against an exhaustive double-dummy search on
random holdings of the defenders.
"""

from __future__ import annotations

from itertools import combinations

from cardroom.core.cards import PIQUET_PACK_MASK, SUIT_MASKS

__all__ = ["is_preferans_hand", "preferans_discard", "takes_all_tricks"]


def _suit_ok(kept: int, defenders: int, on_lead: bool) -> bool:
    if not defenders:
        return True
    d1 = defenders.bit_length() - 1
    top = (kept >> (d1 + 1)).bit_count()
    length = kept.bit_count()
    if top < min(length, defenders.bit_count()):
        return False
    return on_lead or top >= 1


def takes_all_tricks(kept: int, defenders: int, on_lead: bool) -> bool:
    """Ten cards ``kept`` take every trick in no-trump against any holding of ``defenders`` (a mask of the
    cards the two defenders share) and any defence."""
    return all(_suit_ok(kept & m, defenders & m, on_lead) for m in SUIT_MASKS)


def preferans_discard(hand: int, on_lead: bool) -> int | None:
    """The discard (mask of two cards) after which ``hand`` (12 cards: ten and the talon) qualifies as
    «преферанс», or None if no discard does. The lowest qualifying discard in card order is returned."""
    if hand.bit_count() != 12 or hand & ~PIQUET_PACK_MASK:
        raise ValueError("a «преферанс» hand is the talon-taker's twelve cards of the 32-card pack")
    defenders = PIQUET_PACK_MASK & ~hand
    cards = [c for c in range(64) if hand >> c & 1]
    for a, b in combinations(cards, 2):
        d = (1 << a) | (1 << b)
        if takes_all_tricks(hand & ~d, defenders, on_lead):
            return d
    return None


def is_preferans_hand(hand: int, on_lead: bool) -> bool:
    """Whether the talon-taker's twelve cards qualify for the «преферанс» declaration."""
    return preferans_discard(hand, on_lead) is not None
