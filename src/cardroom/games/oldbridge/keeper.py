"""The score keeper's entry of a deal of the old bridges (auction bridge, straight bridge and every variety
played over their deal): the contract or the make, the declarer or the maker, the declaring side's tricks,
the honours each hand held and the chicanes (misery bridge: the dealer's declaration and tricks, the hands by
role). The deal reaches the contract by its own calls or refusals (``take_contract``) and its own scoring
writes it (:meth:`OldDeal.told`)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, ClassVar

from cardroom.core.errors import CardroomError, ParseError, Reason
from cardroom.core.game import KeeperField
from cardroom.core.table import Seat
from cardroom.games.oldbridge.calls import _DENOM_NAMES, _MAKE_NAMES, MAKE_LETTERS, Denom
from cardroom.games.oldbridge.rules import OldDeal, OldDealResult
from cardroom.games.oldbridge.scoring import AuctionContract, StraightMake

FIELDS = (KeeperField("contract", "text", True), KeeperField("declarer", "seat"), KeeperField("tricks", "int"),
          KeeperField("honours", "texts"), KeeperField("chicane", "seats"))
"""``contract``: an auction bid with its doublings (``3H``, ``2NTX``, ``1NULLO``; ``pass``), or the make of
straight bridge (``H``, ``NTXX``); ``declarer``: the auction's declarer, the straight make's maker;
``tricks``: the declaring side's (straight: the dealer's side); ``honours``: how many of the trump honours
(at no trumps: of the aces) each hand held, ``N3,S1``; ``chicane``: the hands void of trumps."""

_CONTRACT = re.compile(r"^(\d)(.+?)(X*)$")


def _seat_of(text: str) -> Seat:
    """A seat named in an entry (``N``, ``С``), or a clear refusal."""
    try:
        return Seat.parse(text)
    except ParseError:
        raise CardroomError(Reason("keeper.bad_seat", seat=text)) from None


def _hands(honours: list[str], chicane: list[Any], trump: int | None) -> tuple[int, ...]:
    """Hands holding the announced honours (``trump`` None: the aces) and trumps in every hand not chicane:
    the other cards are not known, and the deal's scoring reads no other."""
    hands = [0, 0, 0, 0]
    count = 0
    void = {_seat_of(str(c)) for c in chicane}
    for h in honours:
        seat, digits = _seat_of(h[:1]), h[1:]
        if not digits.isdigit():
            raise CardroomError(Reason("keeper.bad_value", field="honours", text=h))
        n = int(digits)
        for _ in range(n):
            if count >= (5 if trump is not None else 4):
                raise CardroomError(Reason("keeper.bad_value", field="honours", text=",".join(honours)))
            hands[seat] |= 1 << (trump * 13 + 8 + count) if trump is not None else 1 << (count * 13 + 12)
            count += 1
    if trump is not None:
        for seat in Seat:
            if seat in void and hands[seat]:
                raise CardroomError(Reason("keeper.bad_value", field="chicane", text=seat.letter))
            if seat not in void:
                hands[seat] |= 1 << (trump * 13 + int(seat))  # a low trump
    return tuple(hands)


def _doubling(x: str, text: str) -> int:
    if x.strip("X"):
        raise CardroomError(Reason("keeper.bad_contract", text=text))
    return len(x)


def _seat(entry: Mapping[str, Any], match: Any) -> Seat:
    if entry.get("declarer") is None:
        raise CardroomError(Reason("keeper.missing", n=len(match.results) + 1, field="declarer"))
    return _seat_of(str(entry["declarer"]))


def _tricks(entry: Mapping[str, Any]) -> int:
    tricks = entry.get("tricks")
    if not isinstance(tricks, int) or not 0 <= tricks <= 13:
        raise CardroomError(Reason("keeper.bad_tricks", tricks=tricks, total=13))
    return tricks


def _won(side: int, tricks: int) -> tuple[int, int]:
    return (tricks, 13 - tricks) if side == 0 else (13 - tricks, tricks)


def auction_result(match: Any, entry: Mapping[str, Any]) -> OldDealResult:
    """The result of the auction rubber ``match``'s next deal from ``entry``."""
    deal: OldDeal = match.new_deal()
    text = str(entry["contract"]).strip().upper().replace(" ", "")
    if text in ("PASS", "P", "ПАС"):
        return deal.told(None, (0, 0), (0, 0, 0, 0))
    m = _CONTRACT.match(text)
    denom = None if m is None else _DENOM_NAMES.get(m.group(2))
    if m is None or denom is None or not 1 <= int(m.group(1)) <= 7:
        raise CardroomError(Reason("keeper.bad_contract", text=entry["contract"]))
    c = AuctionContract(int(m.group(1)), denom, _doubling(m.group(3), text), _seat(entry, match))
    trump = None if denom is Denom.NOTRUMP else denom.trump
    hands = _hands(list(entry.get("honours") or []), list(entry.get("chicane") or []), trump)
    return deal.told(c, _won(c.side, _tricks(entry)), hands)


def straight_result(match: Any, entry: Mapping[str, Any]) -> OldDealResult:
    """The result of the straight-bridge rubber ``match``'s next deal from ``entry``."""
    deal: OldDeal = match.new_deal()
    text = str(entry["contract"]).strip().upper().replace(" ", "")
    body = text.rstrip("X")
    name = _MAKE_NAMES.get(body)
    if name is None:
        raise CardroomError(Reason("keeper.bad_contract", text=entry["contract"]))
    trump = MAKE_LETTERS.index(name)
    make = StraightMake(trump, _seat(entry, match), deal.dealer, _doubling(text[len(body):], text))
    hands = _hands(list(entry.get("honours") or []), list(entry.get("chicane") or []), None if trump == 4 else trump)
    return deal.told(make, _won(deal.dealer.side, _tricks(entry)), hands)


ROLES = {"DEALER": 0, "СДАЮЩИЙ": 0, "OPPONENT": 1, "ПРОТИВНИК": 1, "DUMMY": 2, "БОЛВАН": 2}
"""Misery bridge's hands by role (the dealer's, his opponent's own, the opponent's dummy): the seats change
with the deal, the roles do not."""
MISERY_FIELDS = (KeeperField("contract", "text", True), KeeperField("tricks", "int"),
                 KeeperField("honours", "texts"), KeeperField("chicane", "texts"))
"""Misery bridge: ``contract`` the dealer's declaration (``H``, ``8H``, ``eight NT``, ``misery``); ``tricks``
the dealer's; ``honours`` by role (``dealer3,dummy1``), as the hands were played (after the draw);
``chicane`` the roles void of trumps."""
_ROLE = re.compile(r"^(\D+?)(\d*)$")


def _role_seat(text: str, seats: tuple[Seat, ...]) -> tuple[Seat, str]:
    m = _ROLE.match(text.strip().upper())
    role = None if m is None else ROLES.get(m.group(1))
    if m is None or role is None:
        raise CardroomError(Reason("keeper.bad_role", text=text))
    return seats[role], m.group(2)


def misery_result(match: Any, entry: Mapping[str, Any]) -> Any:
    """The result of the misery-bridge rubber ``match``'s next deal from ``entry``: the deal's own
    declaration (its refusals) and scoring (:meth:`~cardroom.games.oldbridge.misery.MiseryPlay.take_contract`)."""
    from cardroom.games.oldbridge.misery import DRAW, MiseryCall, dummy_of

    deal = match.new_deal()
    text = str(entry["contract"]).strip()
    body = text.upper().rstrip("X")
    try:
        call = MiseryCall.parse(re.sub(r"^8(?=\S)", "8 ", body) or text)  # 8H: eight tricks in hearts
    except ParseError:
        call = None
    if call is None or call == DRAW:
        raise CardroomError(Reason("keeper.bad_contract", text=text))
    if len(body) < len(text):
        raise CardroomError(Reason("keeper.no_doubling", n=1))
    seats = (deal.dealer, deal.dealer.partner, dummy_of(deal.dealer))
    honours = []
    for h in entry.get("honours") or []:
        seat, n = _role_seat(str(h), seats)
        if not n:
            raise CardroomError(Reason("keeper.bad_value", field="honours", text=str(h)))
        honours.append(seat.letter + n)
    chicane = [_role_seat(str(c), seats)[0].letter for c in entry.get("chicane") or []]
    trump = None if call.trump == 4 else call.trump
    tricks = _tricks(entry)
    return deal.told(call, (13 - tricks, tricks), _hands(honours, chicane, trump))


class Kept:
    """The score keeper's hooks of an old bridge (mixed in before :class:`~cardroom.core.game.Game`): the
    facts asked (:attr:`kept_fields`) and the deal's result built from them (:attr:`kept_by`)."""

    kept_fields: ClassVar[tuple[KeeperField, ...]] = FIELDS
    kept_by: ClassVar[staticmethod[[Any, Mapping[str, Any]], Any]]

    @classmethod
    def keeper_fields(cls) -> tuple[KeeperField, ...]:
        return cls.kept_fields

    def keeper_result(self, match: Any, entry: Mapping[str, Any]) -> Any:
        return self.kept_by(match, entry)


class KeptAsAuction(Kept):
    """A game whose deal is an auction (:func:`auction_result`)."""

    kept_by = staticmethod(auction_result)


class KeptAsStraight(Kept):
    """A game whose deal is straight bridge's make (:func:`straight_result`)."""

    kept_by = staticmethod(straight_result)


class KeptAsMisery(Kept):
    """Misery bridge (:func:`misery_result`)."""

    kept_fields = MISERY_FIELDS
    kept_by = staticmethod(misery_result)
