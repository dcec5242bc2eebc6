"""Double-dummy tables and par through endplay's DDS, on deals whose answers are known."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from cardroom.cli.analyze import analyze_path as analyze_file
from cardroom.core.deal import Deal
from cardroom.core.errors import CardroomError
from cardroom.core.table import Seat
from cardroom.records.pbn import PbnBoard, format_deal_tag
from cardroom.solve.dds import STRAINS, dd_table, par_result

DATA = Path(__file__).parent / "data"


def hands_of(tag: str) -> tuple[int, int, int, int]:
    h = PbnBoard(tags={"Deal": tag}).hands
    assert h is not None
    return h


# Each hand holds one whole suit: North spades, East hearts, South diamonds, West clubs.
SUITS = hands_of("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432")


def test_one_suit_per_hand() -> None:
    t = dd_table(SUITS)
    # North-South take all 13 tricks in spades or diamonds: the trumps are theirs and the lead is ruffed.
    # In no-trump the defender on lead runs a 13-card suit.
    assert t["N"] == {"C": 0, "D": 13, "H": 0, "S": 13, "NT": 0}
    assert t["S"] == t["N"]
    assert t["E"] == {"C": 13, "D": 0, "H": 13, "S": 0, "NT": 0}
    assert t["W"] == t["E"]


def test_strain_and_seat_keys() -> None:
    t = dd_table(SUITS)
    assert list(t) == ["N", "E", "S", "W"]
    assert all(list(row) == list(STRAINS) for row in t.values())


def test_rotating_the_deal_rotates_the_table() -> None:
    rng = random.Random(7)
    hands = Deal.random(rng, first=1).hands
    t = dd_table(hands)
    turned = tuple(hands[(i + 3) % 4] for i in range(4))  # each hand moves one seat clockwise
    u = dd_table(turned)
    for seat in Seat:
        assert u[seat.lho.letter] == t[seat.letter]
    for row in t.values():
        assert all(0 <= v <= 13 for v in row.values())


def test_swapping_the_majors_swaps_the_columns() -> None:
    hands = Deal.random(random.Random(11), first=1).hands
    swap = tuple((h & ~(0x3FFFFFF << 26)) | ((h >> 39) & 0x1FFF) << 26 | ((h >> 26) & 0x1FFF) << 39 for h in hands)
    t, u = dd_table(hands), dd_table(swap)
    for seat in "NESW":
        assert (u[seat]["H"], u[seat]["S"]) == (t[seat]["S"], t[seat]["H"])
        assert (u[seat]["C"], u[seat]["D"], u[seat]["NT"]) == (t[seat]["C"], t[seat]["D"], t[seat]["NT"])


def test_par_of_the_one_suit_deal() -> None:
    # 7S by North-South is unbeatable (EW's 7H is outbid; nothing makes at the 8 level)
    p = par_result(SUITS, Seat.NORTH, (False, False))
    assert p == {"score": 1510, "side": "NS", "contracts": ["7S by N =", "7S by S ="]}
    # vulnerable, the grand slam scores 2210 (duplicate scoring, as DDS counts)
    assert par_result(SUITS, Seat.EAST, (True, False))["score"] == 2210


def test_par_for_east_west_is_negative() -> None:
    turned = tuple(SUITS[(i + 3) % 4] for i in range(4))  # now East holds the spades, West the diamonds
    p = par_result(turned, Seat.NORTH, (False, False))
    assert p["score"] == -1510 and p["side"] == "EW"
    assert p["contracts"] == ["7S by E =", "7S by W ="]


def test_bad_hands_are_refused() -> None:
    with pytest.raises(CardroomError, match="13 cards"):
        dd_table((SUITS[0], SUITS[1], SUITS[2], 0))
    with pytest.raises(CardroomError, match="four hands"):
        dd_table(SUITS[:3])


def test_analyze_file(tmp_path: Path) -> None:
    path = tmp_path / "one.pbn"
    path.write_text(f'[Board "5"]\n[Dealer "N"]\n[Vulnerable "NS"]\n[Deal "{format_deal_tag(SUITS, Seat.WEST)}"]\n')
    [a] = analyze_file(path)
    assert a["board"] == "5" and a["dealer"] == "N" and a["vulnerable"] == "NS"
    assert a["tricks"] == dd_table(SUITS)
    assert a["par"]["score"] == 2210


def test_analyze_fixture() -> None:
    out = analyze_file(DATA / "gib_sample.pbn")
    assert [a["board"] for a in out] == ["1", "2"]
    # board 1: North made all 13 tricks in diamonds at the table; double dummy agrees
    assert out[0]["tricks"]["N"]["D"] == 13
