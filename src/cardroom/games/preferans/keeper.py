"""The score keeper's entry of a preferans deal, any variant: the kind of deal, the contract, the whists,
each seat's tricks (the raspasy tricks too); the pulka of the variant scores the result it makes."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardroom.core.cards import Card
from cardroom.core.errors import CardroomError, Reason
from cardroom.core.game import KeeperField
from cardroom.core.table import Table
from cardroom.games.preferans.calls import PrefCall
from cardroom.games.preferans.result import PrefDealResult

KINDS = ("game", "misere", "unplayed", "raspasy", "preferans", "talon-refused")

FIELDS = (
    KeeperField("kind", "text", True), KeeperField("declarer", "seat"), KeeperField("contract", "text"),
    KeeperField("tricks", "ints", True), KeeperField("whisters", "seats"), KeeperField("passers", "seats"),
    KeeperField("half_whister", "seat"), KeeperField("returned_by", "seat"), KeeperField("open_defence", "bool"),
    KeeperField("talon_tricks", "int"), KeeperField("conceded", "int"), KeeperField("partner", "seat"),
    KeeperField("outbid_misere", "bool"), KeeperField("choices", "texts"), KeeperField("whist_calls", "texts"),
    KeeperField("level", "int"), KeeperField("talon", "texts"),
)
"""Seats are numbers 0.. clockwise; ``tricks`` one number a seat (the sitting-out dealer's 0, or his
talon tricks on raspasy); ``choices`` and ``whist_calls`` are ``seat:word`` (``1:whist``, ``0:pulya``);
``talon`` its two cards (``AS,7H``) where the variant scores them (the talon bonus, a misère's sevens)."""


def _seat(value: Any, players: int) -> int | None:
    if value is None:
        return None
    try:
        s = int(value)
    except (TypeError, ValueError):
        raise CardroomError(Reason("keeper.bad_seat", seat=value)) from None
    if not 0 <= s < players:
        raise CardroomError(Reason("keeper.bad_seat", seat=value))
    return s


def _pairs(values: Any, players: int) -> tuple[tuple[int, str], ...]:
    out = []
    for v in values or ():
        if isinstance(v, (list, tuple)):
            seat, word = v
        else:
            seat, _, word = str(v).partition(":")
        s = _seat(seat, players)
        assert s is not None
        out.append((s, str(word).strip()))
    return tuple(out)


def _talon(cards: Any) -> int:
    mask = 0
    for c in cards or ():
        try:
            mask |= 1 << Card.parse(str(c))
        except CardroomError:
            raise CardroomError(Reason("keeper.bad_value", field="talon", text=c)) from None
    if mask.bit_count() not in (0, 2):
        raise CardroomError(Reason("keeper.bad_value", field="talon", text=",".join(map(str, cards))))
    return mask


def deal_result(match: Any, entry: Mapping[str, Any]) -> PrefDealResult:
    """The result of the pulka ``match``'s next deal (its dealer, its players) from ``entry``."""
    players: int = match.game.players
    dealer = int(match.dealer)
    kind = str(entry["kind"]).strip().lower()
    if kind not in KINDS:
        raise CardroomError(Reason("keeper.bad_kind", kind=kind, kinds=", ".join(KINDS)))
    active = tuple(Table(players, partnerships=False).active_seats(dealer, 3))
    declarer = _seat(entry.get("declarer"), players)
    if kind != "raspasy" and (declarer is None or declarer not in active):
        raise CardroomError(Reason("keeper.bad_seat", seat=entry.get("declarer")))
    contract: PrefCall | None = None
    if entry.get("contract") is not None:
        try:
            contract = PrefCall.parse(str(entry["contract"]))
        except CardroomError:
            raise CardroomError(Reason("keeper.bad_contract", text=entry["contract"])) from None
    if kind != "raspasy" and contract is None:
        raise CardroomError(Reason("keeper.missing", n=len(match.results) + 1, field="contract"))
    level = entry.get("level")
    if level is None:
        level = contract.level if contract is not None and contract.is_game else 0
    tricks = tuple(int(x) for x in entry["tricks"])
    talon_tricks = int(entry.get("talon_tricks") or 0)
    played = kind in ("game", "misere") and not entry.get("conceded")
    if len(tricks) != players or min(tricks) < 0 or sum(tricks) > 10 \
            or (played and sum(tricks[s] for s in active) != 10):
        raise CardroomError(Reason("keeper.bad_tricks", tricks=list(tricks), total=10))
    seats = {name: tuple(_seat(s, players) or 0 for s in entry.get(name) or ()) for name in ("whisters", "passers")}
    return PrefDealResult(
        players=players, dealer=dealer, active=active, kind=kind, declarer=declarer,
        contract=None if contract is None else int(contract), level=int(level), tricks=tricks,
        whisters=seats["whisters"], passers=seats["passers"],
        half_whister=_seat(entry.get("half_whister"), players), returned_by=_seat(entry.get("returned_by"), players),
        open_defence=bool(entry.get("open_defence")), talon=_talon(entry.get("talon")), raspasy_round=0,
        talon_tricks=talon_tricks,
        whist_calls=_pairs(entry.get("whist_calls"), players), conceded=int(entry.get("conceded") or 0),
        partner=_seat(entry.get("partner"), players), outbid_misere=bool(entry.get("outbid_misere")),
        choices=_pairs(entry.get("choices"), players),
        required=match.sheet.variant.required_beyond_level(contract, kind),
    )
