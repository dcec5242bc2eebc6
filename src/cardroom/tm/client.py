"""cardroom's computer player at an outside table manager (Blue Chip Bridge protocol, :mod:`.protocol`).

The player keeps the board as the bridge engine's :class:`~cardroom.games.bridge.rules.BridgeDeal` and asks
its bot (``Game.bot(kind, seed)``) for a call or a card from its seat's view, as anywhere else in cardroom.
It knows its own hand and, once the opening lead is made, the dummy's; the hands it cannot see are filled
with the cards left, each hand given the cards it played and none of a suit it showed out of
(:func:`fill_hidden`): the view it gives the bot shows only what the seat sees, so the filling never
reaches the bot. When a card played contradicts the filling, the board is rebuilt from its history.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from cardroom.bots.base import Bot
from cardroom.core.cards import Card, suit_mask
from cardroom.core.deal import Deal
from cardroom.core.errors import CardroomError, IllegalAction
from cardroom.core.table import Seat
from cardroom.games.bridge.calls import Call
from cardroom.games.bridge.game import ContractBridge
from cardroom.games.bridge.rules import PHASE_AUCTION, PHASE_OVER, BridgeDeal
from cardroom.i18n.catalogue import Reason
from cardroom.tm import protocol as p

FULL = (1 << 52) - 1


def fill_hidden(known: dict[Seat, int], played: dict[Seat, int], voids: dict[Seat, set[int]]) -> tuple[int, ...]:
    """Four hands (seat order) holding ``known`` hands as they are, and for every other seat the cards it
    ``played`` plus cards nobody is known to hold, as many as make 13, none of a suit in its ``voids``.
    :class:`CardroomError` when no such hands exist (the table manager's messages contradict each other)."""
    hidden = [s for s in Seat if s not in known]
    taken = 0
    for s in Seat:
        taken |= known.get(s, 0) | played.get(s, 0)
    pool = FULL & ~taken
    counts = tuple((pool & suit_mask(suit)).bit_count() for suit in range(4))
    need = tuple(13 - played.get(s, 0).bit_count() for s in hidden)

    @cache
    def split(suit: int, left: tuple[int, ...]) -> tuple[tuple[int, ...], ...] | None:
        """How many cards of each suit from ``suit`` on each hidden seat takes, or None."""
        if suit == 4:
            return () if not any(left) else None
        for share in _shares(counts[suit], left, tuple(suit in voids.get(s, ()) for s in hidden)):
            rest = split(suit + 1, tuple(n - k for n, k in zip(left, share, strict=True)))
            if rest is not None:
                return (share, *rest)
        return None

    plan = split(0, need)
    if plan is None:
        raise CardroomError(Reason("tm.inconsistent"))
    hands = [known.get(s, 0) | played.get(s, 0) for s in Seat]
    for suit, share in enumerate(plan):
        cards = [c for c in range(suit * 13, suit * 13 + 13) if pool >> c & 1]
        for seat, k in zip(hidden, share, strict=True):
            for c in cards[:k]:
                hands[seat] |= 1 << c
            cards = cards[k:]
    return tuple(hands)


def _shares(total: int, room: tuple[int, ...], void: tuple[bool, ...]) -> list[tuple[int, ...]]:
    """Every way to give ``total`` cards to seats with ``room`` places each, none to a ``void`` seat."""
    if not room:
        return [()] if total == 0 else []
    out: list[tuple[int, ...]] = []
    top = 0 if void[0] else min(total, room[0])
    for k in range(top, -1, -1):
        out.extend((k, *rest) for rest in _shares(total - k, room[1:], void[1:]))
    return out


@dataclass
class _Board:
    """What the player knows of the board, and the engine's deal built from it."""

    game: ContractBridge
    me: Seat
    number: int
    dealer: Seat
    vulnerable: tuple[bool, bool]
    hand: int
    dummy: Seat | None = None
    dummy_hand: int | None = None
    history: list[tuple[Seat, Any]] = field(default_factory=list)
    deal: BridgeDeal | None = None

    def rebuild(self) -> BridgeDeal:
        """The deal from the history, the hands the player cannot see filled (:func:`fill_hidden`)."""
        known = {self.me: self.hand}
        if self.dummy is not None and self.dummy_hand is not None:
            known[self.dummy] = self.dummy_hand
        played: dict[Seat, int] = {}
        voids: dict[Seat, set[int]] = {}
        led: Card | None = None
        for n, (seat, card) in enumerate(a for a in self.history if type(a[1]) is Card):
            played[seat] = played.get(seat, 0) | card.mask
            if n % 4 == 0:
                led = card
            elif led is not None and card.suit != led.suit:
                voids.setdefault(seat, set()).add(int(led.suit))
        deal = self.game.new_deal(self.dealer, self.vulnerable)
        deal.apply(Deal(fill_hidden(known, played, voids)))
        for _, action in self.history:
            deal.apply(action)
        self.deal = deal
        return deal

    def take(self, seat: Seat, action: Any) -> BridgeDeal:
        """Another seat's call or card (or the player's own): into the history and the deal."""
        self.history.append((seat, action))
        deal = self.deal
        if deal is not None:
            try:
                deal.apply(action)
                return deal
            except IllegalAction:
                pass
        return self.rebuild()


class BotClient:
    """A bot sitting at ``seat`` of the table manager at ``host``:``port``; :meth:`run` plays the session and
    returns the boards it saw played to their end (the engine's deals, the hidden hands filled)."""

    def __init__(self, seat: Seat, bot: Bot, *, host: str = "127.0.0.1", port: int = 2000, team: str = "cardroom",
                 game: ContractBridge | None = None, timeout: float = 120.0) -> None:
        self.seat, self.bot, self.host, self.port, self.team = seat, bot, host, port, team
        self.game = game or ContractBridge()
        self.timeout = timeout
        self.boards: list[BridgeDeal] = []
        self.teams: tuple[str, str] = ("", "")
        self.last = ""
        """The last line read (what an error about an unexpected message quotes)."""
        self.notices: list[str] = []
        """The lead notices and timings the table manager sent (read past, kept here)."""
        self._reader: asyncio.StreamReader | None = None
        self._writer: asyncio.StreamWriter | None = None

    async def _send(self, line: str) -> None:
        assert self._writer is not None
        self._writer.write((line + "\r\n").encode("ascii"))
        await self._writer.drain()

    async def _read(self) -> p.ServerMessage:
        """The next message, the lead notices and timings skipped; an ``Error`` answer raises."""
        assert self._reader is not None
        while True:
            raw = await asyncio.wait_for(self._reader.readline(), self.timeout)
            if not raw:
                raise CardroomError(Reason("tm.closed"))
            if not raw.strip():
                continue
            self.last = raw.decode("ascii", "replace").strip()
            msg = p.parse_server(self.last)
            if isinstance(msg, p.Simple) and msg.kind in ("lead", "timing"):
                self.notices.append(raw.decode("ascii", "replace").strip())
                continue
            if isinstance(msg, p.Simple) and msg.kind == "error":
                raise CardroomError(Reason("tm.refused", text=msg.text[:40]))
            return msg

    async def _read_as(self, kind: type[Any], simple: str | None = None) -> Any:
        """The next message, which must be a ``kind`` (a :class:`~.protocol.Simple` of kind ``simple``)."""
        msg = await self._read()
        if isinstance(msg, p.Simple) and msg.kind == "end" and simple != "end":
            raise CardroomError(Reason("tm.ended"))
        if not isinstance(msg, kind) or (simple is not None and getattr(msg, "kind", None) != simple):
            raise CardroomError(Reason("tm.unexpected", text=self.last[:60]))
        return msg

    async def run(self) -> list[BridgeDeal]:
        self._reader, self._writer = await asyncio.open_connection(self.host, self.port)
        try:
            await self._send(p.connect_line(self.team, self.seat))
            await self._read_as(p.Simple, "seated")
            await self._send(p.ready_line(self.seat, "teams"))
            teams = await self._read_as(p.Simple, "teams")
            self.teams = (teams.text, teams.other)
            await self._send(p.ready_line(self.seat, "start"))
            while True:
                msg = await self._read()
                if isinstance(msg, p.Simple) and msg.kind == "end":
                    return self.boards
                if not (isinstance(msg, p.Simple) and msg.kind == "start"):
                    raise CardroomError(Reason("tm.unexpected", text=self.last[:60]))
                self.boards.append(await self._board())
        finally:
            self._writer.close()
            with contextlib.suppress(Exception):
                await self._writer.wait_closed()

    async def _board(self) -> BridgeDeal:
        me = self.seat
        await self._send(p.ready_line(me, "deal"))
        info: p.BoardInfo = await self._read_as(p.BoardInfo)
        await self._send(p.ready_line(me, "cards"))
        cards: p.Cards = await self._read_as(p.Cards)
        if cards.seat != me or cards.mask.bit_count() != 13:
            raise CardroomError(Reason("tm.unexpected", text="cards"))
        board = _Board(self.game, me, info.number, info.dealer, info.vulnerable, cards.mask)
        deal = board.rebuild()
        while deal.phase == PHASE_AUCTION:
            bidder = Seat(deal.next_seat)
            if bidder == me:
                call = self.bot.choose(deal.view(me))
                if type(call) is not Call:
                    raise CardroomError(Reason("tm.unexpected", text=str(call)))
                await self._send(p.bid_line(me, call))
            else:
                await self._send(p.ready_bid_line(me, bidder))
                msg = await self._read_as(p.Bid)
                if msg.seat != bidder:
                    raise CardroomError(Reason("tm.unexpected", text=p.bid_line(msg.seat, msg.call)))
                call = msg.call
            deal = board.take(bidder, call)
        while deal.phase != PHASE_OVER:
            hand = Seat(deal.next_seat)
            if Seat(deal.controller(hand)) == me:
                card = self.bot.choose(deal.view(me))
                await self._send(p.play_line(hand, card))
            else:
                trick = len(deal.tricks) + 1
                await self._send(p.ready_card_line(me, None if hand == deal.dummy else hand, trick))
                msg = await self._read_as(p.Play)
                if msg.seat != hand:
                    raise CardroomError(Reason("tm.unexpected", text=p.play_line(msg.seat, msg.card)))
                card = msg.card
            deal = board.take(hand, card)
            if not deal.tricks and len(deal.trick) == 1 and deal.dummy != me:
                await self._send(p.ready_line(me, "dummy"))
                shown: p.Cards = await self._read_as(p.Cards)
                if shown.seat is not None:
                    raise CardroomError(Reason("tm.unexpected", text="dummy"))
                board.dummy, board.dummy_hand = deal.dummy, shown.mask
                deal = board.rebuild()
        return deal


async def play_seats(seats: Sequence[Seat], bots: Sequence[Bot], port: int, host: str = "127.0.0.1",
                     team: str = "cardroom", timeout: float = 120.0) -> list[list[BridgeDeal]]:
    """Several bot clients at once (each its own connection): the boards each saw."""
    clients = [BotClient(s, b, host=host, port=port, team=team, timeout=timeout) for s, b in zip(seats, bots,
                                                                                                   strict=True)]
    return list(await asyncio.gather(*(c.run() for c in clients)))
