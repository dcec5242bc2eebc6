"""What a call shows in the bridge bot's system, as BBO's alerts say it: a structured :class:`Reason`
(the part of the system the call belongs to, the range of points and the suit lengths its caller has
shown so far, balanced, forcing).

It is read from the auction alone (:class:`~cardroom.bots.bridge.auction.Auction`: the dealer and the
calls), never from a hand: the same call in the same auction is explained the same whatever its
caller holds beyond what the call promises.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from cardroom.bots.bridge.auction import Auction
from cardroom.core.errors import CardroomError
from cardroom.core.table import Seat
from cardroom.games.bridge.calls import Call
from cardroom.i18n import Reason
from cardroom.i18n.catalogue import Localized, localized

MAX_POINTS = 37
"""The points of a whole hand at most: a range up to this has no upper bound."""
_SUIT_SYMBOLS = ("♣", "♦", "♥", "♠")  # by the suit's number (clubs 0 … spades 3)


def _lengths(min_len: Sequence[int], max_len: Sequence[int]) -> str:
    """The lengths shown, spades first: ``♠5+ ♥0–2`` (suits with nothing shown left out)."""
    parts = []
    for s in (3, 2, 1, 0):
        lo, hi = min_len[s], max_len[s]
        if lo == 0 and hi == 13:
            continue
        if hi == 13:
            parts.append(f"{_SUIT_SYMBOLS[s]}{lo}+")
        elif lo == hi:
            parts.append(f"{_SUIT_SYMBOLS[s]}{lo}")
        else:
            parts.append(f"{_SUIT_SYMBOLS[s]}{lo}–{hi}")
    return " ".join(parts)


class Joined(Localized):
    """Parts of a text (plain texts and localized ones) joined by ", " in the reader's language."""

    __slots__ = ("parts",)

    def __init__(self, parts: tuple[str | Localized, ...]) -> None:
        self.parts = parts

    def text(self, lang: str = "en") -> str:
        return ", ".join(str(localized(p, lang)) for p in self.parts)

    def __repr__(self) -> str:
        return f"Joined({self.parts!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Joined) and list(other.parts) == list(self.parts)

    __hash__ = None  # type: ignore[assignment]


def explain_call(dealer: Seat, calls: Sequence[Call], index: int) -> Reason:
    """The explanation of ``calls[index]`` (the dealer's call is 0): ``Reason("bridge.explain", …)`` with
    ``meaning`` (a reason ``bridge.explain.<tag>``), ``call``, ``seat``, ``lo``/``hi`` (points; ``hi``
    None for no bound), ``min_len``/``max_len`` (clubs … spades), ``balanced``, ``forcing`` and the
    texts ``points`` and ``lengths``. Only the calls up to ``index`` are read."""
    if not 0 <= index < len(calls):
        raise CardroomError(Reason("bridge.explain_index", index=index, n=len(calls)))
    try:
        a = Auction(dealer, list(calls[: index + 1]))
    except (IndexError, KeyError, ValueError, AssertionError):  # an auction outside the system (laws mode)
        return Reason("bridge.explain.unknown", call=str(calls[index]), seat=dealer.next(index).letter)
    note = a.notes[index]
    sh = a.shown[note.seat]
    lo = max(0, math.ceil(sh.lo))
    hi = None if sh.hi >= MAX_POINTS else math.floor(sh.hi)
    params: dict[str, Any] = {
        "call": str(note.call), "seat": note.seat.letter, "tag": note.tag,
        "lo": lo, "hi": hi, "min_len": tuple(sh.min_len), "max_len": tuple(sh.max_len),
        "balanced": sh.balanced, "forcing": note.forcing,
        "meaning": Reason(f"bridge.explain.{note.tag}"),
        "points": Reason("bridge.explain_points_range", lo=lo, hi=hi) if hi is not None
        else Reason("bridge.explain_points_from", lo=lo),
        "lengths": _lengths(sh.min_len, sh.max_len),
    }
    details: list[str | Localized] = [params["points"]]
    if params["lengths"]:
        details.append(params["lengths"])
    if sh.balanced:
        details.append(Reason("bridge.explain_balanced"))
    if note.forcing:
        details.append(Reason("bridge.explain_forcing"))
    params["details"] = Joined(tuple(details))
    return Reason("bridge.explain", **params)


def explain_in_state(state: Any, index: int) -> Reason:
    """:func:`explain_call` for the auction of a bridge state's current deal (a rubber's, or a single
    deal): only its dealer and its calls are read."""
    deal = getattr(state, "deal", None) or state
    if getattr(deal, "calls", None) is None or getattr(deal, "dealer", None) is None:
        raise CardroomError(Reason("bridge.explain_no_auction"))
    return explain_call(deal.dealer, tuple(deal.calls), index)

