"""The Blue Chip Bridge table-manager protocol (issue 17 point 4, docs/tm.md).

The clients of the first tests are written here from the protocol's description (plain sockets, their own
reading of each message, their own trick counting), not with cardroom's client; the bot test then seats
cardroom's own client four times at cardroom's table manager."""

from __future__ import annotations

import asyncio
import socket
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardroom.core.cards import Card
from cardroom.core.table import Seat
from cardroom.games.bridge.calls import Call
from cardroom.games.bridge.game import ContractBridge
from cardroom.records import rubber_json
from cardroom.records.pbn import board_to_deal, complete_board, read_pbn, write_pbn
from cardroom.tm import protocol as p
from cardroom.tm.client import BotClient, fill_hidden
from cardroom.tm.server import Session, TableManager

NAMES = ["North", "East", "South", "West"]
RANKS = "23456789TJQKA"


# ------------------------------------------------------------------------------- a table manager
@contextmanager
def table_manager(boards: int, **kw: Any) -> Iterator[tuple[TableManager, dict[str, Session]]]:
    """cardroom's table manager in a thread of its own (its own event loop); the session when it ends."""
    out: dict[str, Session] = {}
    ready = threading.Event()
    tm = TableManager(boards, **kw)

    def serve() -> None:
        async def main() -> None:
            await tm.start()
            ready.set()
            out["session"] = await tm.run()

        asyncio.run(main())

    th = threading.Thread(target=serve, daemon=True)
    th.start()
    assert ready.wait(10)
    yield tm, out
    th.join(30)
    assert not th.is_alive()


class Raw:
    """One connection, lines in and out (CR LF), as any program would speak it."""

    def __init__(self, port: int) -> None:
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=20)
        self.buf = b""
        self.seen: list[str] = []

    def send(self, line: str) -> None:
        self.sock.sendall(line.encode("ascii") + b"\r\n")

    def recv(self) -> str:
        while b"\n" not in self.buf:
            chunk = self.sock.recv(4096)
            if not chunk:
                return ""
            self.buf += chunk
        line, _, self.buf = self.buf.partition(b"\n")
        text = line.decode("ascii").rstrip("\r")
        self.seen.append(text)
        return text

    def close(self) -> None:
        self.sock.close()


def read_hand(text: str) -> set[str]:
    """``S A K 4. H -. …`` → {"AS", "KS", "4S", …}, read from the description's format."""
    cards: set[str] = set()
    for part in text.split(":", 1)[1].split("."):
        words = part.split()
        if words:
            cards.update(r + words[0] for r in words[1:] if r != "-")
    return cards


def _words(mask: int) -> list[str]:
    """A hand of the record as the description writes its cards (rank then suit)."""
    return [Card(i).pbn[1] + Card(i).pbn[0] for i in range(52) if mask >> i & 1]


def beats(card: str, best: str, led: str, trump: str | None) -> bool:
    if card[1] == best[1]:
        return RANKS.index(card[0]) > RANKS.index(best[0])
    return card[1] == trump and best[1] != trump


# ------------------------------------------------------------ a client from the protocol description
def raw_seat(port: int, seat: int, calls: dict[int, list[str]], log: dict[str, Any]) -> None:
    """A whole session at ``seat``: the auction of each board scripted (``calls[board]``, the words after the
    seat's name, from the dealer on), the lowest card that follows suit played, the declarer playing the
    dummy's cards in the dummy's name. Everything it is told goes to ``log``."""
    me = NAMES[seat]
    c = Raw(port)
    c.send(f'Connecting "{"NS" if seat % 2 == 0 else "EW"} raw" as {me} using protocol version 18')
    assert c.recv() == f'{me} ("{"NS" if seat % 2 == 0 else "EW"} raw") seated'
    c.send(f"{me} ready for teams")
    assert c.recv() == 'Teams : N/S : "NS raw" E/W : "EW raw"'
    c.send(f"{me} ready to start")
    line = c.recv()
    boards = log.setdefault("boards", {})
    while line == "Start of board":
        c.send(f"{me} ready for deal")
        info = c.recv()
        assert info.startswith("Board number "), info
        number = int(info.split()[2].rstrip("."))
        dealer = NAMES.index(info.split("Dealer ")[1].split(".")[0])
        c.send(f"{me} ready for cards")
        hand_line = c.recv()
        assert hand_line.startswith(f"{me}'s cards : ")
        hand = read_hand(hand_line)
        assert len(hand) == 13
        board: dict[str, Any] = {"hand": sorted(hand), "calls": [], "plays": [], "info": info}
        boards[(number, seat)] = board
        script = calls[number]
        turn, last_bid, bidders = dealer, None, []  # bidders: (seat, strain) of each bid
        for word in script:
            if turn == seat:
                c.send(f"{me} {word}")
                said = word
            else:
                c.send(f"{me} ready for {NAMES[turn]}'s bid")
                got = c.recv()
                assert got.startswith(NAMES[turn] + " "), got
                said = got[len(NAMES[turn]) + 1:]
            assert said == word, (said, word)
            board["calls"].append((turn, said))
            if said.startswith("bids "):
                last_bid = said[5:]
                bidders.append((turn, last_bid[1:]))
            turn = (turn + 1) % 4
        if last_bid is None:
            board["passed_out"] = True
            assert c.recv().startswith("Timing")
            line = c.recv()
            continue
        strain = last_bid[1:]
        side = bidders[-1][0] % 2
        declarer = next(s for s, st_ in bidders if s % 2 == side and st_ == strain)
        dummy = (declarer + 2) % 4
        trump = None if strain == "NT" else strain
        leader = (declarer + 1) % 4
        if seat == leader:
            assert c.recv() == f"{me} to lead"
        dummy_cards: set[str] = set()
        taken = [0, 0]
        for trick in range(1, 14):
            played: list[tuple[int, str]] = []
            for k in range(4):
                who = (leader + k) % 4
                mine = (who == seat and seat != dummy) or (who == dummy and seat == declarer)
                if mine:
                    pool = hand if who == seat else dummy_cards
                    led = played[0][1][1] if played else None
                    follow = [x for x in pool if x[1] == led] if led else []
                    card = min(follow or pool, key=lambda x: ("CDHS".index(x[1]), RANKS.index(x[0])))
                    pool.discard(card)
                    c.send(f"{NAMES[who]} plays {card}")
                else:
                    name = "dummy" if who == dummy else NAMES[who]
                    c.send(f"{me} ready for {name}'s card to trick {trick}")
                    got = c.recv()
                    assert got.startswith(f"{NAMES[who]} plays "), got
                    card = got.split()[-1]
                    if who == seat:  # the dummy sees its own card played by the declarer
                        hand.discard(card)
                played.append((who, card))
                board["plays"].append(card)
                if trick == 1 and k == 0 and seat != dummy:
                    c.send(f"{me} ready for dummy")
                    got = c.recv()
                    assert got.startswith("Dummy's cards : "), got
                    dummy_cards = read_hand(got)
                    board["dummy"] = sorted(dummy_cards)
            best_seat, best = played[0]
            for who, card in played[1:]:
                if beats(card, best, played[0][1], trump):
                    best_seat, best = who, card
            taken[best_seat % 2] += 1
            leader = best_seat
        board["declarer"], board["tricks"] = declarer, taken[declarer % 2]
        line = c.recv()
        assert line.startswith("Timing - N/S : this board "), line
        line = c.recv()
    assert line == "End of session", line
    log.setdefault("ended", []).append(seat)
    c.close()


SCRIPTS = {
    # board 1, North deals: 1H by North, raised, doubled: 2H doubled, North declares (first to name hearts)
    1: ["bids 1H", "passes", "bids 2H", "doubles", "passes", "passes", "passes"],
    # board 2, East deals: passed out
    2: ["passes", "passes", "passes", "passes"],
    # board 3, South deals: 1NT by South, West doubles, North passes, East bids 2C, all pass: East declares
    3: ["bids 1NT", "doubles", "passes", "bids 2C", "passes", "passes", "passes"],
}


def test_a_client_from_the_description_plays_whole_boards_as_all_four_seats() -> None:
    log: dict[str, Any] = {}
    with table_manager(3, seed=11, timeout=20) as (tm, out):
        threads = [threading.Thread(target=raw_seat, args=(tm.port, s, SCRIPTS, log)) for s in range(4)]
        for th in threads:
            th.start()
        for th in threads:
            th.join(60)
    assert sorted(log["ended"]) == [0, 1, 2, 3]
    session = out["session"]
    assert session.stopped is None and session.refused == []
    assert [b.tags["Board"] for b in session.boards] == ["1", "2", "3"]
    b1, b2, b3 = session.boards
    assert (b1.tags["Contract"], b1.tags["Declarer"]) == ("2HX", "N")
    assert b2.tags["Contract"] == "Pass" and log["boards"][(2, 0)].get("passed_out")
    assert (b3.tags["Contract"], b3.tags["Declarer"]) == ("2C", "E")
    for board, number in ((b1, 1), (b3, 3)):
        views = [log["boards"][(number, s)] for s in range(4)]
        # the record's deal is the cards each seat was given; the dummy shown is the dummy's hand
        deal = board.hands
        assert deal is not None
        for s in range(4):
            assert sorted(_words(deal[s])) == views[s]["hand"]
        decl = views[0]["declarer"]
        for s in range(4):
            if s != (decl + 2) % 4:
                assert views[s]["dummy"] == views[(decl + 2) % 4]["hand"]
        # every seat saw the same 52 cards, in the record's order; the tricks they counted are the record's
        for s in range(4):
            assert views[s]["plays"] == [c.pbn[1] + c.pbn[0] for c in board.plays]
            assert views[s]["tricks"] == int(board.tags["Result"])
    # the record replays through the engine
    game = ContractBridge()
    for board in read_pbn(write_pbn(session.boards)):
        complete_board(board, game)


# ----------------------------------------------------------------- cardroom's bots at cardroom's table
@pytest.mark.parametrize("lead_notice", ["opening", "every"])
def test_four_bot_clients_play_two_boards_and_the_records_replay(lead_notice: str) -> None:
    game = ContractBridge()
    clients = [BotClient(s, game.bot("rule", 10 + s), team=("NS", "EW")[s % 2], timeout=30) for s in Seat]
    with table_manager(2, seed=5, timeout=30, lead_notice=lead_notice) as (tm, out):
        async def seats() -> list[Any]:
            for c in clients:
                c.port = tm.port
            return list(await asyncio.gather(*(c.run() for c in clients)))

        seen = asyncio.run(seats())
    session = out["session"]
    assert session.stopped is None and session.refused == [] and len(session.deals) == 2
    for deal in session.deals:
        assert deal.is_over
    for seat, boards in zip(Seat, seen, strict=True):
        assert len(boards) == 2
        for mine, true in zip(boards, session.deals, strict=True):
            # each client's board: its own hand, every call and card as the table manager's
            assert mine.original[seat] == true.original[seat]
            assert list(mine.history[1:]) == list(true.history[1:])
            assert mine.is_over and mine.declarer_tricks == true.declarer_tricks
    # the lead notices: the opening leader once a board, or whoever plays to lead each trick (the dummy's
    # lead told to the declarer as "Dummy to lead"); a timing line a board to every seat
    played = [d for d in session.deals if d.contract is not None]
    leads = [n for c in clients for n in c.notices if n.endswith(" to lead")]
    assert len(leads) == len(played) * (1 if lead_notice == "opening" else 13)
    dummy_leads = sum(1 for d in played for tr in d.tricks[:-1] if tr.winner == d.dummy)
    assert sum(n == "Dummy to lead" for n in leads) == (0 if lead_notice == "opening" else dummy_leads)
    assert all(sum(n.startswith("Timing - ") for n in c.notices) == 2 for c in clients)
    # PBN and JSON records, read back and replayed, give the same contracts and results
    text = write_pbn(session.boards)
    back = read_pbn(text)
    assert len(back) == 2
    for board, deal in zip(back, session.deals, strict=True):
        replayed = board_to_deal(board, game)
        assert replayed.history == deal.history
        assert replayed.result().entries == deal.result().entries
    record = rubber_json.loads(rubber_json.dumps(rubber_json.deals_to_record(session.boards)))
    for board, deal in zip(rubber_json.deals_from_record(record), session.deals, strict=True):
        assert board_to_deal(board, game).history == deal.history


@settings(max_examples=4, deadline=None)
@given(st.integers(0, 10_000))
def test_random_players_keep_every_client_board_equal_to_the_tables(seed: int) -> None:
    """Random bots show out of suits often: each client's filled hands must follow every card played."""
    game = ContractBridge()
    clients = [BotClient(s, game.bot("random", seed + s), timeout=30) for s in Seat]
    with table_manager(1, seed=seed, timeout=30) as (tm, out):
        async def seats() -> list[Any]:
            for c in clients:
                c.port = tm.port
            return list(await asyncio.gather(*(c.run() for c in clients)))

        seen = asyncio.run(seats())
    true = out["session"].deals[0]
    for boards in seen:
        assert list(boards[0].history[1:]) == list(true.history[1:])


# ------------------------------------------------------------------------------------------ refusals
def _seat_all(port: int, names: tuple[str, ...] = ("NS", "EW", "NS", "EW")) -> list[Raw]:
    out = []
    for s in range(4):
        c = Raw(port)
        c.send(f'Connecting "{names[s]}" as {NAMES[s]} using protocol version 18')
        assert c.recv() == f'{NAMES[s]} ("{names[s]}") seated'
        out.append(c)
    return out


def _start(cs: list[Raw]) -> list[set[str]]:
    """Up to the cards: every seat's hand."""
    for what in ("ready for teams", "ready to start"):
        for s, c in enumerate(cs):
            c.send(f"{NAMES[s]} {what}")
        for c in cs:
            c.recv()
    for what in ("ready for deal", "ready for cards"):
        for s, c in enumerate(cs):
            c.send(f"{NAMES[s]} {what}")
        for c in cs:
            c.recv()
    return [read_hand(c.seen[-1]) for c in cs]


def test_a_wrong_seat_and_a_malformed_connection_are_refused() -> None:
    with table_manager(1, seed=2, timeout=5) as (tm, out):
        bad = Raw(tm.port)
        bad.send('Connecting "x" as Northeast using protocol version 18')
        assert bad.recv() == "Error malformed"
        assert bad.recv() == ""  # and the connection closed
        old = Raw(tm.port)
        old.send('Connecting "x" as North using protocol version 17')
        assert old.recv() == "Error version"
        cs = [Raw(tm.port)]
        cs[0].send('Connecting "NS" as North using protocol version 18')
        assert cs[0].recv() == 'North ("NS") seated'
        twice = Raw(tm.port)
        twice.send('Connecting "EW" as North using protocol version 18')
        assert twice.recv() == "Error seat-taken"
        for s in (1, 2, 3):
            c = Raw(tm.port)
            c.send(f'Connecting "{("NS", "EW")[s % 2]}" as {NAMES[s]} using protocol version 18')
            assert c.recv().endswith("seated")
            cs.append(c)
        # North speaks in East's name: refused, asked again
        cs[0].send("East ready for teams")
        assert cs[0].recv() == "Error wrong-seat"
        cs[0].send("hello table")
        assert cs[0].recv() == "Error malformed"
        for s, c in enumerate(cs):
            c.send(f"{NAMES[s]} ready for teams")
        assert all(c.recv() == 'Teams : N/S : "NS" E/W : "EW"' for c in cs)
        for c in cs:
            c.close()
    session = out["session"]
    assert session.stopped is not None and session.boards == []
    assert [code for _, code in session.refused] == ["wrong-seat", "malformed"]


def test_illegal_calls_and_cards_are_refused_and_the_board_goes_on() -> None:
    with table_manager(1, seed=4, timeout=10) as (tm, out):
        cs = _seat_all(tm.port)
        hands = _start(cs)
        n, e, s, w = cs  # board 1: North deals
        e.send("East passes")
        assert e.recv() == "Error not-your-turn"
        n.send("North bids 8H")
        assert n.recv() == "Error malformed"
        n.send("North bids 1S")
        for c, name in ((e, "East"), (s, "South"), (w, "West")):
            c.send(f"{name} ready for North's bid")
            assert c.recv() == "North bids 1S"
        e.send("East ready for North's bid")  # East is to call
        assert e.recv() == "Error unexpected"
        e.send("East bids 1H")  # insufficient
        assert e.recv() == "Error illegal-call"
        e.send("East redoubles")
        assert e.recv() == "Error illegal-call"
        e.send("East passes")
        for seat in (s, w, n):
            seat.send(f"{NAMES[cs.index(seat)]} ready for East's bid")
            assert seat.recv() == "East passes"
        for bidder in (2, 3):
            cs[bidder].send(f"{NAMES[bidder]} passes")
            for o in range(4):
                if o != bidder:
                    cs[o].send(f"{NAMES[o]} ready for {NAMES[bidder]}'s bid")
                    assert cs[o].recv() == f"{NAMES[bidder]} passes"
        assert e.recv() == "East to lead"  # 1S by North: East leads
        not_held = next(x for x in (f"{r}{su}" for su in "SHDC" for r in RANKS) if x not in hands[1])
        e.send(f"East plays {not_held}")
        assert e.recv() == "Error illegal-card"
        s.send("South plays " + sorted(hands[2])[0])  # the dummy plays nothing
        assert s.recv() == "Error not-your-turn"
        lead = sorted(hands[1])[0]
        e.send(f"East plays {lead}")
        s.send("South ready for East's card to trick 2")
        assert s.recv() == "Error wrong-trick"
        for c, name in ((n, "North"), (s, "South"), (w, "West")):
            c.send(f"{name} ready for East's card to trick 1")
            assert c.recv() == f"East plays {lead}"
        for c, name in ((n, "North"), (e, "East"), (w, "West")):
            c.send(f"{name} ready for dummy")
            assert c.recv() == "Dummy's cards : " + p.hand_text(_mask(hands[2]))
        # a line beyond the limit ends the session
        w.send("West " + "x" * 600)
        assert w.recv() == "Error line-too-long"
        for c in cs:
            c.close()
    session = out["session"]
    assert session.stopped is not None and session.stopped.code == "line-too-long"
    assert [code for _, code in session.refused] == ["not-your-turn", "malformed", "unexpected", "illegal-call",
                                                     "illegal-call",
                                                     "illegal-card", "not-your-turn", "wrong-trick"]


def _mask(cards: set[str]) -> int:
    return sum(p.parse_card(c).mask for c in cards)


def test_a_seat_refused_too_often_ends_the_session() -> None:
    from cardroom.tm.server import MAX_REFUSED

    with table_manager(1, seed=4, timeout=10) as (tm, out):
        cs = _seat_all(tm.port)
        for _ in range(MAX_REFUSED):
            cs[1].send("East bids 9NT")
        answers = [cs[1].recv() for _ in range(MAX_REFUSED)]
        assert answers == ["Error malformed"] * MAX_REFUSED
        assert cs[0].recv() == "End of session"
        for c in cs:
            c.close()
    stopped = out["session"].stopped
    assert stopped is not None and (stopped.seat, stopped.code) == (Seat.EAST, "too-many-errors")


def test_the_bot_told_the_session_ended_mid_board_stops_with_a_reason() -> None:
    """A table manager ending the session mid-board: cardroom's client stops with its reason, in words."""
    from cardroom.core.errors import CardroomError

    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(1)

    def short_tm() -> None:
        conn, _ = server.accept()
        f = conn.makefile("rwb")
        for answer in ('South ("x") seated', 'Teams : N/S : "x" E/W : "y"', "Start of board",
                       "Board number 1. Dealer North. Neither vulnerable.",
                       "South's cards : S A K Q J. H A K Q. D A K Q. C A K Q.", "End of session"):
            f.readline()
            f.write(answer.encode() + b"\r\n")
            f.flush()
        f.readline()
        conn.close()

    th = threading.Thread(target=short_tm)
    th.start()
    client = BotClient(Seat.SOUTH, ContractBridge().bot("rule", 1), port=server.getsockname()[1], team="x",
                       timeout=10)
    with pytest.raises(CardroomError) as e:
        asyncio.run(client.run())
    th.join(10)
    server.close()
    assert e.value.text("en") == "the table manager ended the session before the board was over"
    assert e.value.text("ru") == "менеджер стола завершил сессию, не доиграв сдачу"


def test_a_silent_seat_times_out() -> None:
    with table_manager(1, seed=4, timeout=0.5) as (tm, out):
        cs = _seat_all(tm.port)
        for s in (0, 1, 2):
            cs[s].send(f"{NAMES[s]} ready for teams")
        assert cs[0].recv() == "End of session"
        for c in cs:
            c.close()
    stopped = out["session"].stopped
    assert stopped is not None and (stopped.seat, stopped.code) == (Seat.WEST, "timeout")


# ---------------------------------------------------------------------------------- the messages
def test_messages_of_the_description_are_read() -> None:
    assert p.parse_client('Connecting "Ben team" as North using protocol version 18') == \
        p.Connect("Ben team", Seat.NORTH, 18)
    assert p.parse_client("West ready for North's card to trick 12") == p.ReadyForCard(Seat.WEST, Seat.NORTH, 12)
    assert p.parse_client("East ready for dummy's card to trick 1") == p.ReadyForCard(Seat.EAST, p.DUMMY, 1)
    bid = p.parse_client("south bids 1NT Alert. 12 to 14 total points")
    assert isinstance(bid, p.Bid) and p.call_words(bid.call) == "bids 1NT"
    assert bid.alert == "Alert. 12 to 14 total points"
    assert p.parse_server("North's cards : S A K J 4 3. H -. D 6 5 4 3. C Q J T 9.") == \
        p.Cards(Seat.NORTH, _mask({"AS", "KS", "JS", "4S", "3S", "6D", "5D", "4D", "3D", "QC", "JC", "TC", "9C"}))
    assert p.parse_server("Board number 801. Dealer North. Neither vulnerable.") == \
        p.BoardInfo(801, Seat.NORTH, (False, False))
    assert p.parse_server("Board number 2. Dealer East. N/S vulnerable.") == p.BoardInfo(2, Seat.EAST, (True, False))
    assert p.parse_server('Teams : N/S : "a" E/W : "b"') == p.Simple("teams", text="a", other="b")
    for bad in ("North bids 0H", "North plays 1X", "Connecting x as North", "North ready for lunch",
                "North's cards : S A. H K.", "Nord passes"):
        with pytest.raises(p.ProtocolError):
            p.parse_client(bad) if "cards" not in bad else p.parse_server(bad)


@settings(max_examples=60, deadline=None)
@given(st.permutations(range(52)))
def test_hands_round_trip_and_the_filling_keeps_what_is_known(order: list[int]) -> None:
    hands = [sum(1 << c for c in order[13 * k:13 * k + 13]) for k in range(4)]
    for h in hands:
        assert p.parse_hand(p.hand_text(h)) == h
    # North knows his hand and South's (the dummy); East played two cards, West showed out of spades
    played = {Seat.EAST: sum(1 << c for c in order[13:15])}
    voids = {Seat.WEST: {3}} if not hands[3] & (0x1FFF << 39) else {}
    filled = fill_hidden({Seat.NORTH: hands[0], Seat.SOUTH: hands[2]}, played, voids)
    assert filled[0] == hands[0] and filled[2] == hands[2]
    assert filled[1] & played[Seat.EAST] == played[Seat.EAST]
    assert sum(filled) == (1 << 52) - 1 and all(h.bit_count() == 13 for h in filled)
    if voids:
        assert not filled[3] & (0x1FFF << 39)


# ------------------------------------------------------------------------------------- the commands
def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def test_the_commands_host_a_table_and_seat_four_bots(tmp_path: Any, capsys: Any) -> None:
    """``cardroom tm-serve`` playing the board of a PBN file with four ``cardroom tm-client`` (the seats in
    English and Russian letters)."""
    import time

    from cardroom.cli.main import main

    port, save, deals = _free_port(), tmp_path / "tm.json", tmp_path / "deals.pbn"
    deal_tag = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"
    deals.write_text(f'[Board "7"]\n[Dealer "S"]\n[Vulnerable "EW"]\n[Deal "{deal_tag}"]\n\n', encoding="utf-8")
    codes: dict[str, int] = {}
    serve = threading.Thread(target=lambda: codes.__setitem__("serve", main(
        ["--lang", "en", "tm-serve", "--port", str(port), "--deals", str(deals), "--timeout", "30",
         "--save", str(save)])))
    serve.start()
    for _ in range(100):  # until it listens
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            break
        except OSError:
            time.sleep(0.05)
    seats = [threading.Thread(target=lambda s=s: codes.__setitem__(s, main(
        ["--lang", "en", "tm-client", "--port", str(port), "--seat", s, "--seed", "1", "--timeout", "30"])))
        for s in ("N", "В", "south", "W")]
    for th in seats:
        th.start()
    for th in (*seats, serve):
        th.join(60)
    assert codes == {"serve": 0, "N": 0, "В": 0, "south": 0, "W": 0}
    out = capsys.readouterr()
    assert out.out.startswith("board 7: ")
    boards = rubber_json.deals_from_record(rubber_json.loads(save.read_text(encoding="utf-8")))
    assert len(boards) == 1 and board_to_deal(boards[0], ContractBridge()).is_over
    # the board of the file: its number, dealer, vulnerability and cards
    assert boards[0].tags["Board"] == "7" and boards[0].dealer == Seat.SOUTH and boards[0].vulnerable == (False, True)
    assert boards[0].hands == read_pbn(deals.read_text(encoding="utf-8"))[0].hands


# --------------------------------------------------- cardroom's bot at an outside table manager
def outside_tm(server: socket.socket, log: dict[str, Any]) -> None:
    """A table manager written here from the description (one seat, South, is a program; this plays the other
    three, passing after North's 1NT and playing the lowest legal card), with the variations other table
    managers write: a period after the N/S team, a lead notice to the controller every trick."""
    from cardroom.core.deal import Deal

    conn, _ = server.accept()
    conn.settimeout(20)
    f = conn.makefile("rwb")

    def recv() -> str:
        line = f.readline().decode("ascii").rstrip("\r\n")
        log.setdefault("got", []).append(line)
        return line

    def send(line: str) -> None:
        f.write(line.encode("ascii") + b"\r\n")
        f.flush()

    assert recv() == 'Connecting "cardroom" as South using protocol version 18'
    send('South ("cardroom") seated')
    assert recv() == "South ready for teams"
    send('Teams : N/S : "cardroom". E/W : "others"')
    assert recv() == "South ready to start"
    send("Start of board")
    assert recv() == "South ready for deal"
    send("Board number 5. Dealer North. N/S vulnerable.")
    assert recv() == "South ready for cards"
    hands = tuple(sum(1 << c for c in range(k, 52, 4)) for k in range(4))  # N: 2C 6C …, E: 3C 7C …
    deal = ContractBridge().new_deal(Seat.NORTH, (True, False))
    deal.apply(Deal(hands))
    send("South's cards : " + p.hand_text(hands[2]))

    def words(mask: int) -> str:
        return " ".join(f"{s} {' '.join(RANKS[r] for r in range(12, -1, -1) if mask >> (i * 13 + r) & 1) or '-'}."
                        for i, s in ((3, "S"), (2, "H"), (1, "D"), (0, "C")))

    while not deal.is_over and deal.declarer is None:
        seat = Seat(deal.next_seat)
        if seat == Seat.SOUTH:
            said = recv()
            assert said.startswith("South ")
            call = p.parse_client(said)
            assert isinstance(call, p.Bid)
            deal.apply(call.call)
        else:
            assert recv() == f"South ready for {NAMES[seat]}'s bid"
            call_ = Call.parse("1NT") if not deal.calls else Call.parse("pass")
            deal.apply(call_)
            send(f"{NAMES[seat]} {'bids 1NT' if call_ != Call.parse('pass') else 'passes'}")
    while not deal.is_over:
        hand = Seat(deal.next_seat)
        controller = Seat(deal.controller(hand))
        trick = len(deal.tricks) + 1
        if not deal.trick and controller == Seat.SOUTH:
            send("Dummy to lead" if hand == deal.dummy else f"{NAMES[hand]} to lead")
        if controller == Seat.SOUTH:
            said = recv()
            assert said.startswith(f"{NAMES[hand]} plays "), said
            deal.apply(p.parse_card(said.split()[-1]))
        else:
            name = "dummy" if hand == deal.dummy else NAMES[hand]
            assert recv() == f"South ready for {name}'s card to trick {trick}"
            card = min(c for c in deal.legal_actions())
            deal.apply(card)
            send(f"{NAMES[hand]} plays {RANKS[card % 13]}{'CDHS'[card // 13]}")
        if not deal.tricks and len(deal.trick) == 1 and deal.dummy != Seat.SOUTH:
            assert recv() == "South ready for dummy" and deal.dummy is not None
            send("Dummy's cards : " + words(hands[deal.dummy]))
    send("Timing - N/S : this board  00:03,  total  0:00:03.  E/W : this board  00:00,  total  0:00:00.")
    send("End of session")
    log["deal"] = deal
    conn.close()


def test_the_bot_joins_an_outside_table_manager() -> None:
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(1)
    log: dict[str, Any] = {}
    th = threading.Thread(target=outside_tm, args=(server, log))
    th.start()
    client = BotClient(Seat.SOUTH, ContractBridge().bot("rule", 3), port=server.getsockname()[1], timeout=20)
    boards = asyncio.run(client.run())
    th.join(30)
    server.close()
    true = log["deal"]
    assert true.is_over and len(boards) == 1
    assert list(boards[0].history[1:]) == list(true.history[1:])
    assert boards[0].original[Seat.SOUTH] == true.original[Seat.SOUTH]
    assert client.teams == ("cardroom", "others")
    assert sum(n.endswith("to lead") for n in client.notices) == sum(
        1 for tr in true.tricks if true.controller(tr.leader) == Seat.SOUTH)


def test_a_seat_left_before_the_four_are_seated_may_be_taken_again() -> None:
    with table_manager(1, seed=4, timeout=5) as (tm, out):
        first = Raw(tm.port)
        first.send('Connecting "NS" as North using protocol version 18')
        assert first.recv() == 'North ("NS") seated'
        first.close()
        for _ in range(100):  # until the table has seen it leave
            if tm.links[Seat.NORTH].ended is not None:
                break
            threading.Event().wait(0.02)
        cs = _seat_all(tm.port)
        _start(cs)
        assert cs[0].seen[-1].startswith("North's cards : ")
        for c in cs:
            c.close()
    assert out["session"].stopped is not None


def test_a_deals_file_without_a_full_deal_is_refused() -> None:
    from cardroom.core.errors import CardroomError
    from cardroom.tm.server import file_boards

    with pytest.raises(CardroomError) as e:
        file_boards(read_pbn('[Board "3"]\n[Dealer "N"]\n[Deal "N:AKQ... - - -"]\n\n'))
    assert "3" in e.value.text("en")
