"""cardroom's table manager: a contract-bridge table on a TCP port, its four seats outside programs
speaking the Blue Chip Bridge protocol (:mod:`cardroom.tm.protocol`).

The table is the bridge engine's :class:`~cardroom.games.bridge.rules.BridgeDeal`, one per board: the
table manager only carries messages to and from it. Each seat's messages are read in order into its queue;
the session asks each seat for the message the protocol expects next (:meth:`TableManager._expect`), and a
message refused (malformed, from the wrong seat, out of turn, an illegal call or card) is answered
``Error <code>`` and the seat asked again. A line longer than :data:`~cardroom.tm.protocol.MAX_LINE`, a
seat silent for ``timeout`` seconds, or a seat that leaves ends the session (the boards finished are kept).
Every finished board becomes a record board (:func:`cardroom.records.pbn.board_from_deal`).
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from cardroom.club.evening import make_board
from cardroom.core.deal import Deal
from cardroom.core.errors import CardroomError, IllegalAction
from cardroom.core.table import Seat
from cardroom.games.bridge.game import ContractBridge
from cardroom.games.bridge.rules import PHASE_AUCTION, PHASE_OVER, BridgeDeal
from cardroom.i18n.catalogue import Reason
from cardroom.records.pbn import PbnBoard, board_from_deal
from cardroom.tm import protocol as p

LEAD_NOTICES = ("opening", "every", "none")
"""When the table manager tells the player on lead: ``opening`` (the opening leader, once the auction is
over: what ben reads), ``every`` (whoever leads each trick, the dummy as ``Dummy``), ``none``."""


QUEUED = 64
"""The lines of a seat read ahead of the table (more: its connection is not read until the table catches up)."""

MAX_REFUSED = 50
"""The messages of a seat refused in one session before the session ends (``too-many-errors``)."""


class SessionEnded(Exception):
    """A seat left, fell silent or sent a line too long: the session cannot go on."""

    def __init__(self, seat: Seat, code: str) -> None:
        super().__init__(f"{p.seat_word(seat)}: {code}")
        self.seat = seat
        self.code = code


@dataclass
class _Link:
    seat: Seat
    team: str
    reader: asyncio.StreamReader
    writer: asyncio.StreamWriter
    lines: asyncio.Queue[str | None] = field(default_factory=lambda: asyncio.Queue(QUEUED))
    pump: asyncio.Task[None] | None = None
    ended: str | None = None


@dataclass
class Session:
    """What a session played: the record boards, the deals (the engine's), why it stopped early."""

    boards: list[PbnBoard] = field(default_factory=list)
    deals: list[BridgeDeal] = field(default_factory=list)
    teams: tuple[str, str] = ("", "")
    stopped: SessionEnded | None = None
    refused: list[tuple[Seat, str]] = field(default_factory=list)


BoardSource = Callable[[int], tuple[Seat, tuple[bool, bool], tuple[int, int, int, int]]]
"""Board number → its dealer, vulnerability and hands."""


def seeded_boards(seed: int) -> BoardSource:
    """The boards of ``seed``: dealt as a club evening deals them (:func:`cardroom.club.evening.make_board`),
    the dealer and vulnerability of a duplicate board of that number."""

    def source(number: int) -> tuple[Seat, tuple[bool, bool], tuple[int, int, int, int]]:
        b = make_board(seed, number, "tm")
        return b.dealer, p.board_vulnerable(number), b.hands

    return source


def file_boards(boards: Sequence[PbnBoard]) -> tuple[list[int], BoardSource]:
    """The boards of a record file (PBN or a JSON deals record, read as PBN boards): their
    numbers (the Board tag, else the place in the file) and their dealers, vulnerabilities and hands.
    :class:`CardroomError` for a board without a full deal or a dealer, or a number given twice."""
    table: dict[int, tuple[Seat, tuple[bool, bool], tuple[int, int, int, int]]] = {}
    for k, board in enumerate(boards, 1):
        tag = board.tags.get("Board", "").strip()
        number = int(tag) if tag.isdigit() else k
        hands, dealer = board.hands, board.dealer
        if hands is None or dealer is None or number in table:
            raise CardroomError(Reason("tm.bad_deals", board=number))
        table[number] = (dealer, board.vulnerable, hands)
    return list(table), table.__getitem__


class TableManager:
    """One table of four seats, ``boards`` boards (numbered from ``first``; or the board numbers to play, from
    ``source``), on ``host``:``port`` (0: any
    free port; :attr:`port` says which once :meth:`start` returns)."""

    def __init__(self, boards: int | Sequence[int], *, seed: int = 1, host: str = "127.0.0.1", port: int = 0,
                 game: ContractBridge | None = None, source: BoardSource | None = None, first: int = 1,
                 timeout: float = 120.0, max_line: int = p.MAX_LINE, lead_notice: str = "opening",
                 event: str = "cardroom table manager") -> None:
        if lead_notice not in LEAD_NOTICES:
            raise ValueError(f"lead_notice: one of {', '.join(LEAD_NOTICES)}")
        self.boards, self.first, self.host, self.port = boards, first, host, port
        self.game = game or ContractBridge()
        self.source = source or seeded_boards(seed)
        self.timeout, self.max_line, self.lead_notice, self.event = timeout, max_line, lead_notice, event
        self.links: dict[Seat, _Link] = {}
        self.seated = asyncio.Event()
        self.session = Session()
        self._server: asyncio.Server | None = None
        self._times = {0: [0.0, 0.0], 1: [0.0, 0.0]}  # side → [this board, total]
        self._declarer: Seat | None = None
        self._dummy: Seat | None = None

    # ------------------------------------------------------------------------------------ the link
    async def start(self) -> None:
        self._server = await asyncio.start_server(self._accept, self.host, self.port, limit=self.max_line)
        self.port = self._server.sockets[0].getsockname()[1]

    async def close(self) -> None:
        for link in self.links.values():
            if link.pump is not None:
                link.pump.cancel()
            with contextlib.suppress(Exception):
                link.writer.close()
        if self._server is not None:
            self._server.close()
            with contextlib.suppress(Exception):
                await self._server.wait_closed()

    async def _readline(self, reader: asyncio.StreamReader, timeout: float | None) -> str | None:
        """A line (without its end), or None at the end of the stream; ``line-too-long`` and ``timeout``
        raise :class:`~cardroom.tm.protocol.ProtocolError`."""
        try:
            raw = await asyncio.wait_for(reader.readuntil(b"\n"), timeout)
        except asyncio.IncompleteReadError as e:
            return e.partial.decode("ascii", "replace").strip() or None
        except (asyncio.LimitOverrunError, ValueError):
            raise p.ProtocolError("line-too-long") from None
        except TimeoutError:
            raise p.ProtocolError("timeout") from None
        return raw.decode("ascii", "replace").rstrip("\r\n")

    async def _accept(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        """A program connects: its first line must be ``Connecting … as SEAT …`` for a free seat."""
        async def refuse(code: str) -> None:
            writer.write((p.ProtocolError(code).wire() + "\r\n").encode())
            with contextlib.suppress(Exception):
                await writer.drain()
                writer.close()

        try:
            line = await self._readline(reader, self.timeout)
            msg = p.parse_client(line or "")
        except p.ProtocolError as e:
            await refuse(e.code)
            return
        if not isinstance(msg, p.Connect):
            await refuse("unexpected")
            return
        if msg.version != p.VERSION:
            await refuse("version")
            return
        held = self.links.get(msg.seat)
        if self.seated.is_set() or (held is not None and held.ended is None):
            await refuse("seat-taken")
            return  # a seat left before the four were seated may be taken again
        link = _Link(msg.seat, msg.team, reader, writer)
        self.links[msg.seat] = link
        await self._send(link, p.seated_line(msg.seat, msg.team))
        link.pump = asyncio.create_task(self._pump(link))
        if len(self.links) == 4:
            self.seated.set()

    async def _pump(self, link: _Link) -> None:
        """Read a seat's lines into its queue; None marks its end (``ended`` says why)."""
        try:
            while True:
                try:
                    line = await self._readline(link.reader, None)  # silence is judged in _expect
                except p.ProtocolError as e:
                    link.ended = e.code
                    with contextlib.suppress(Exception):
                        await self._send(link, e.wire())
                    break
                if line is None:
                    link.ended = "unexpected"
                    break
                if line.strip():
                    await link.lines.put(line)
        except (ConnectionError, OSError):
            link.ended = "unexpected"
        await link.lines.put(None)

    async def _send(self, link: _Link, line: str) -> None:
        link.writer.write((line + "\r\n").encode("ascii"))
        with contextlib.suppress(ConnectionError, OSError):
            await link.writer.drain()

    async def _broadcast(self, line: str, seats: Sequence[Seat] = tuple(Seat)) -> None:
        for s in seats:
            await self._send(self.links[s], line)

    async def _expect(self, seat: Seat, check: Callable[[p.ClientMessage], bool],
                      act: Callable[[p.ClientMessage], None] | None = None) -> p.ClientMessage:
        """The next message of ``seat`` that ``check`` accepts (and ``act`` takes without raising a
        refusal); every other message is answered ``Error <code>``. A message in another seat's name is
        ``wrong-seat``."""
        link = self.links[seat]
        while True:
            try:
                line = await asyncio.wait_for(link.lines.get(), self.timeout)
            except TimeoutError:
                raise SessionEnded(seat, "timeout") from None
            if line is None:
                raise SessionEnded(seat, link.ended or "unexpected")
            try:
                msg = p.parse_client(line)
                own = {seat, self._dummy} if seat == self._declarer and isinstance(msg, p.Play) else {seat}
                if getattr(msg, "seat", seat) not in own:
                    raise p.ProtocolError("wrong-seat", line)
                if not check(msg):
                    raise p.ProtocolError("unexpected", line)
                if act is not None:
                    act(msg)
                return msg
            except p.ProtocolError as e:
                self.session.refused.append((seat, e.code))
                await self._send(link, e.wire())
                if sum(s == seat for s, _ in self.session.refused) >= MAX_REFUSED:
                    raise SessionEnded(seat, "too-many-errors") from None

    @staticmethod
    async def _together(*coros: Any) -> list[Any]:
        """Run ``coros`` at once; when one fails, the others are cancelled and the failure raised."""
        tasks = [asyncio.ensure_future(c) for c in coros]
        try:
            return list(await asyncio.gather(*tasks))
        except BaseException:
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            raise

    async def _relay(self, actor: Seat, is_act: Callable[[p.ClientMessage], bool],
                     take: Callable[[p.ClientMessage], None], is_ready: Callable[[p.ClientMessage], bool],
                     line_of: Callable[[Any], str]) -> p.ClientMessage:
        """The ``actor``'s call or card, and each other seat told of it as soon as it has asked and the actor
        has made it (``line_of`` the message it is told)."""
        made: asyncio.Future[p.ClientMessage] = asyncio.get_running_loop().create_future()

        since = time.monotonic()

        async def act() -> p.ClientMessage:
            m = await self._expect(actor, is_act, take)
            self._tick(actor, since)
            made.set_result(m)
            return m

        async def tell(s: Seat) -> None:
            await self._expect(s, is_ready)
            await self._send(self.links[s], line_of(await made))

        done = await self._together(act(), *(tell(s) for s in Seat if s != actor))
        result: p.ClientMessage = done[0]
        return result

    async def _all_ready(self, what: str) -> None:
        def ready(m: p.ClientMessage) -> bool:
            return isinstance(m, p.Ready) and m.what == what

        await self._together(*(self._expect(s, ready) for s in Seat))

    # ---------------------------------------------------------------------------------- the session
    async def run(self) -> Session:
        """Seat the four, play the boards, end the session; the session's boards (also when it stopped)."""
        try:
            await self.seated.wait()
            ns = self.links[Seat.NORTH].team
            ew = self.links[Seat.EAST].team
            self.session.teams = (ns, ew)
            await self._all_ready("teams")
            await self._broadcast(p.teams_line(ns, ew))
            await self._all_ready("start")
            numbers = range(self.first, self.first + self.boards) if isinstance(self.boards, int) else self.boards
            for number in numbers:
                await self._broadcast(p.START_OF_BOARD)
                await self._board(number)
            await self._broadcast(p.END_OF_SESSION)
        except SessionEnded as e:
            self.session.stopped = e
            for s, link in self.links.items():
                if s != e.seat:
                    with contextlib.suppress(Exception):
                        await self._send(link, p.END_OF_SESSION)
        finally:
            await self.close()
        return self.session

    def _tick(self, seat: Seat, since: float) -> None:
        spent = time.monotonic() - since
        side = self._times[int(seat) & 1]
        side[0] += spent
        side[1] += spent

    async def _board(self, number: int) -> None:
        dealer, vulnerable, hands = self.source(number)
        deal = self.game.new_deal(dealer, vulnerable)
        deal.apply(Deal(hands))
        self._declarer = self._dummy = None
        for side in self._times.values():
            side[0] = 0.0
        await self._all_ready("deal")
        await self._broadcast(p.board_line(number, dealer, vulnerable))
        await self._all_ready("cards")
        for s in Seat:
            await self._send(self.links[s], p.cards_line(s, hands[s]))
        while deal.phase == PHASE_AUCTION:
            await self._call(deal)
        if deal.phase != PHASE_OVER:
            await self._play(deal)
        ns, ew = self._times[0], self._times[1]
        await self._broadcast(p.timing_line((ns[0], ns[1]), (ew[0], ew[1])))
        names = self.session.teams
        tags = {"Event": self.event, "Board": str(number), "North": names[0], "East": names[1],
                "South": names[0], "West": names[1]}
        self.session.deals.append(deal)
        self.session.boards.append(board_from_deal(deal, tags))

    async def _call(self, deal: BridgeDeal) -> None:
        bidder = Seat(deal.next_seat)

        def take(m: p.ClientMessage) -> None:
            assert isinstance(m, p.Bid)
            try:
                deal.apply(m.call)
            except IllegalAction:
                raise p.ProtocolError("illegal-call", p.bid_line(m.seat, m.call)) from None

        def is_call(m: p.ClientMessage) -> bool:
            return isinstance(m, p.Bid)

        def is_ready(m: p.ClientMessage) -> bool:
            if isinstance(m, p.Bid | p.Play):
                raise p.ProtocolError("not-your-turn", "")
            return isinstance(m, p.ReadyForBid) and m.of == bidder

        await self._relay(bidder, is_call, take, is_ready, lambda m: p.bid_line(bidder, m.call, m.alert))
        if deal.phase != PHASE_AUCTION and deal.phase != PHASE_OVER and self.lead_notice != "none":
            await self._send(self.links[Seat(deal.next_seat)], p.lead_line(Seat(deal.next_seat)))

    async def _play(self, deal: BridgeDeal) -> None:
        dummy = deal.dummy
        assert dummy is not None and deal.declarer is not None
        self._declarer, self._dummy = Seat(deal.declarer), Seat(dummy)
        dummy_hand = deal.hands[dummy]
        while deal.phase != PHASE_OVER:
            hand = Seat(deal.next_seat)
            controller = Seat(deal.controller(hand))
            trick = len(deal.tricks) + 1
            leading = not deal.trick
            if leading and self.lead_notice == "every" and (trick > 1):
                word = p.lead_line(hand) if hand != dummy else "Dummy to lead"
                await self._send(self.links[controller], word)

            def take(m: p.ClientMessage, hand: Seat = hand) -> None:
                assert isinstance(m, p.Play)
                if m.seat != hand:
                    raise p.ProtocolError("not-your-turn", p.play_line(m.seat, m.card))
                try:
                    deal.apply(m.card)
                except IllegalAction:
                    raise p.ProtocolError("illegal-card", p.play_line(m.seat, m.card)) from None

            def is_play(m: p.ClientMessage) -> bool:
                return isinstance(m, p.Play)

            def is_ready(m: p.ClientMessage, hand: Seat = hand, trick: int = trick) -> bool:
                if isinstance(m, p.Bid | p.Play):
                    raise p.ProtocolError("not-your-turn", "")
                if not isinstance(m, p.ReadyForCard):
                    return False
                if m.of != hand and not (hand == dummy and m.of == p.DUMMY):
                    return False
                if m.trick != trick:
                    raise p.ProtocolError("wrong-trick", p.ready_card_line(m.seat, None, m.trick))
                return True

            def told(m: Any, hand: Seat = hand) -> str:
                return p.play_line(hand, m.card)

            await self._relay(controller, is_play, take, is_ready, told)
            if len(deal.tricks) == 0 and len(deal.trick) == 1:
                await self._show_dummy(dummy, dummy_hand)

    async def _show_dummy(self, dummy: Seat, mask: int) -> None:
        """After the opening lead: each seat but the dummy asks for the dummy's cards and gets them."""

        async def one(s: Seat) -> None:
            await self._expect(s, lambda m: isinstance(m, p.Ready) and m.what == "dummy")
            await self._send(self.links[s], p.cards_line(None, mask))

        await self._together(*(one(s) for s in Seat if s != dummy))
