"""Two-handed ("Chinese") bridge (document 000 «Китайский бридж», digest §6.4): the layout of 4 + 11 + 11,
straight bridge's make between two players, the four-card tricks, the face-down cards turning up."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardroom.core.cards import Card
from cardroom.core.errors import IllegalAction
from cardroom.core.game import CHANCE
from cardroom.core.table import Seat, Side
from cardroom.games import canonical, load
from cardroom.games.oldbridge.calls import OldCall
from cardroom.games.oldbridge.two_handed import PileDeal, TwoHandBridge, TwoHandDeal

ROOT = Path(__file__).resolve().parents[1]
VECTORS = json.loads((ROOT.parent / "shared" / "rules" / "hoyle-bridge-examples.json").read_text(encoding="utf-8"))
LAYOUT = next(v for v in VECTORS if v["id"] == "two-hand-bridge-layout")


def _game(**options: Any) -> TwoHandBridge:
    game = load("two-hand-bridge", **options)
    assert isinstance(game, TwoHandBridge)
    return game


def _dealt(seed: int, dealer: Seat = Seat.NORTH, **options: Any) -> TwoHandDeal:
    deal = _game(**options).new_deal(dealer)
    deal.apply(deal.sample_chance(random.Random(seed)))
    return deal


def _mask(cards: Any) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def _play_out(deal: TwoHandDeal, rng: random.Random) -> None:
    while not deal.is_over:
        deal.apply(rng.choice(deal.legal_actions()))


def test_two_hand_bridge_layout() -> None:
    """The vector through the engine: 4 in hand, 11 face down, 11 face up each (26); four cards a trick, two
    by each player, leader, other, leader, other; 13 tricks of the 52 cards; 100 for the rubber."""
    want = LAYOUT["expected"]
    per = want["per_player"]
    deal = _dealt(3)
    for p in (0, 1):
        assert deal.hand4[p].bit_count() == per["hand"]
        assert deal.covered(p).bit_count() == per["table_face_down"]
        assert deal.tops(p).bit_count() == per["table_face_up"]
        assert (deal.hand4[p] | deal.covered(p) | deal.tops(p)).bit_count() == per["total"] == deal.hands[p].bit_count()
    assert deal.hands[0] | deal.hands[1] == (1 << LAYOUT["data"]["deck"]) - 1
    deal.apply(OldCall.parse("make H"))
    deal.apply(OldCall.parse("Pass"))  # "или просто сыграть карту"
    assert deal.next_seat == Seat.EAST  # the non-dealer leads
    _play_out(deal, random.Random(1))
    assert len(deal.tricks) == want["tricks"]
    leader_first = want["trick_order"]
    assert leader_first[0].startswith("non-dealer") and deal.tricks[0].leader == Seat.EAST
    for t in deal.tricks:
        assert len(t.plays) == want["cards_per_trick"]
        seats = [s for s, _ in t.plays]
        assert seats == [t.leader, Seat(1 - t.leader)] * want["cards_per_player_per_trick"]
    assert sum(len(t.cards) for t in deal.tricks) == 52
    assert sum(deal.won) == 13
    r = deal.result()
    assert r.won == (deal.won[0], deal.won[1]) and r.declarer_tricks == deal.won[0]
    # the rubber: two games and 100 for it
    game = _game()
    state = game.new_initial_state()
    bots = [game.bot("rule", s) for s in (0, 1)]
    rng = random.Random(5)
    while not state.is_over:
        if state.to_act == CHANCE:
            state.play_chance(rng)
        else:
            state.apply(bots[state.to_act or 0].choose(state.view(state.to_act or 0)))
    sheet = state.sheet
    assert sheet.winner is not None and sheet.games.count(sheet.winner) == 2
    rubber = [ln.entry for ln in sheet.lines if ln.entry.kind == "rubber"]
    assert [(e.side, e.points) for e in rubber] == [(sheet.winner, want["rubber_bonus"])]


def test_the_deal_as_the_document_deals_it() -> None:
    """"Сдатчик дает своему противнику четыре карты ..., затем себе четыре": the opponent's hand is the top
    four of the pack, the dealer's the next four; the rest alternately, the opponent first, 11 face down then
    11 face up on them."""
    from cardroom.core.cards import full_pack

    rng = random.Random(8)
    pack = full_pack()
    random.Random(8).shuffle(pack)
    deal = PileDeal.random(rng, int(Seat.EAST))
    assert deal.hands[0] == tuple(pack[:4]) and deal.hands[1] == tuple(pack[4:8])
    rest = pack[8:]
    north = rest[0::2]
    assert [d for d, _ in deal.piles[0]] == north[:11] and [u for _, u in deal.piles[0]] == north[11:]
    assert PileDeal.from_text(deal.to_text()) == deal


def test_a_covered_card_turns_up_when_its_cover_is_played() -> None:
    deal = _dealt(4)
    deal.apply(OldCall.parse("make NT"))
    deal.apply(OldCall.parse("Pass"))
    east = int(Seat.EAST)
    pile = deal.piles[east][0]
    down, up = pile
    assert not deal.visible_mask(0) >> down & 1 and not deal.visible_mask(1) >> down & 1
    before = deal.snapshot()
    with pytest.raises(IllegalAction) as e:
        deal.apply(down)
    assert e.value.reason is not None and e.value.reason.key == "twohand.covered"
    assert deal.snapshot() == before
    assert up in deal.legal_actions() and down not in deal.legal_actions()
    deal.apply(up)  # East leads his face-up table card
    assert deal.piles[east][0] == (down,)
    for seat in (0, 1):
        assert deal.visible_mask(seat) >> down & 1  # turned face up: both see it
        assert deal.view(seat).piles[east][0] == (Card(down), False)
        assert Card(down) in [c for c, _ in deal.view(seat).piles[east] if c is not None]


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 10_000), st.booleans())
def test_a_covered_card_is_never_legal_nor_visible_until_its_cover_is_played(deal_seed: int, play_seed: int,
                                                                            second_follows: bool) -> None:
    deal = _dealt(deal_seed, Seat(deal_seed & 1), second_card_follows=second_follows)
    rng = random.Random(play_seed)
    while not deal.is_over:
        covered = deal.covered(0) | deal.covered(1)
        assert covered.bit_count() == sum(1 for p in (0, 1) for pile in deal.piles[p] if len(pile) == 2)
        for seat in (0, 1):
            view = deal.view(seat)
            assert deal.visible_mask(seat) & covered == 0
            assert view.shown_mask() & covered == 0
            assert view.table.shown_mask() & covered == 0
            text = json.dumps(view.to_dict())
            assert not any(f'"{Card(c)}"' in text for c in range(52) if covered >> c & 1)
            other_hand = deal.hand4[1 - seat]
            assert deal.visible_mask(seat) & other_hand == 0  # the hand of four only its owner
        legal = deal.legal_actions()
        assert not any(isinstance(a, int) and covered >> a & 1 for a in legal)
        deal.apply(rng.choice(legal))


def test_follow_suit_from_hand_or_table_for_each_card() -> None:
    """The follow rule applies to every card (the best reading): the leader's second card follows the suit
    led too; with ``second_card_follows`` off it is free."""
    for follows in (True, False):
        deal = _dealt(11, second_card_follows=follows)
        deal.apply(OldCall.parse("make NT"))
        deal.apply(OldCall.parse("Pass"))
        rng = random.Random(3)
        checked = 0
        while not deal.is_over:
            seat = deal.next_seat
            mine = deal.playable(seat)
            legal = _mask(deal.legal_actions())
            if deal.trick:
                led = Card(deal._plays()[0][1]).suit
                suit = mine & (0x1FFF << (13 * led))
                second = len(deal.trick) >= 2
                if suit and (follows or not second):
                    assert legal == suit
                    checked += 1
                else:
                    assert legal == mine
            else:
                assert legal == mine
            deal.apply(rng.choice(deal.legal_actions()))
        assert checked > 0


def test_the_make_the_double_and_the_redouble() -> None:
    deal = _dealt(2)
    assert OldCall.parse("leave") not in deal.legal_actions()  # no partner to leave it to
    before = deal.snapshot()
    with pytest.raises(IllegalAction) as e:
        deal.apply(OldCall.parse("leave"))
    assert e.value.reason is not None and e.value.reason.key == "twohand.must_make"
    assert deal.snapshot() == before
    deal.apply(OldCall.parse("make S"))
    assert deal.to_act == Seat.EAST and set(deal.legal_actions()) == {OldCall.parse("Pass"), OldCall.parse("X")}
    deal.apply(OldCall.parse("X"))
    assert deal.to_act == Seat.NORTH and OldCall.parse("XX") in deal.legal_actions()
    deal.apply(OldCall.parse("XX"))
    assert deal.to_act == Seat.EAST  # and the opponent may double again (straight bridge's rounds)
    deal.apply(OldCall.parse("Pass"))
    make = deal.contract_of()
    assert deal.phase == 3 and make is not None and make.trick_value == 2 * 4  # spades 2, doubled twice
    # the redouble option off: the double ends the doubling
    deal = _dealt(2, redouble=False)
    deal.apply(OldCall.parse("make H"))
    deal.apply(OldCall.parse("X"))
    assert deal.phase == 3 and deal.to_act == Seat.EAST


def test_honours_are_counted_over_each_players_26_cards() -> None:
    """The English original: tricks and honours as in the ordinary rubber; a player's 26 cards are his hand
    (hand and table): four honours in one hand 8, five 10 — at the trump's value."""
    deal = _dealt(6)
    h = deal.original
    assert len(h) == 2 and h[0].bit_count() == h[1].bit_count() == 26
    deal.apply(OldCall.parse("make H"))
    deal.apply(OldCall.parse("Pass"))
    _play_out(deal, random.Random(2))
    hearts = [bin(h[p] >> (13 * 2 + 8) & 0x1F).count("1") for p in (0, 1)]  # T J Q K A of hearts
    honours = [e for e in deal.result().entries if e.kind == "honours"]
    best = max((0, 1), key=lambda p: hearts[p])
    units = {3: 2, 4: 8, 5: 10}[hearts[best]]
    assert [(e.side, e.points) for e in honours] == [(Side(best), units * 8)]
    assert not [e for e in deal.result().entries if e.kind == "chicane"] or \
        any(not h[p] & (0x1FFF << 26) for p in (0, 1))


def test_names_and_no_search_bot() -> None:
    for alias in ("chinese-bridge", "китайский-бридж", "двуручный-бридж", "two-handed-bridge"):
        assert canonical(alias) == "two-hand-bridge"
    game = _game()
    assert game.num_seats == 2 and not game.has_search_bot and game.bot_kinds() == ("random", "rule")


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_terminal_rubber_with_the_computer_players_prints_the_sheet(lang: str) -> None:
    out = subprocess.run([sys.executable, "-m", "cardroom", "--lang", lang, "play", "two-hand-bridge", "--auto",
                          "--seed", "1"], capture_output=True, text=True, cwd=ROOT, timeout=300,
                         env={"PYTHONPATH": str(ROOT / "src"), "PATH": "/usr/bin:/bin"})
    assert out.returncode == 0, out.stderr
    text = out.stdout
    if lang == "en":
        assert "Score sheet:" in text and "The rubber is over." in text and "(North scores in the NS column" in text
        assert "Deal 1: Result:" in text
    else:
        assert "Север записывает в столбец СЮ" in text and "Сдача 1" in text


def test_the_user_at_the_terminal_sees_the_piles_and_a_marker_for_the_hidden_card() -> None:
    import io

    from cardroom.ui import play

    out = io.StringIO()
    answers = iter(["quit", "y"])
    state = play(_game(), 1, False, None, "en", ask=lambda prompt: next(answers), out=out)
    assert state.abandoned
    text = out.getvalue()
    table = next(ln for ln in text.splitlines() if ln.startswith("Your table (North): "))
    piles = table.split(": ", 1)[1].split()
    assert len(piles) == 11 and all(p.endswith("/#") for p in piles)
    assert "East's table: " in text and "Your hand (North): " in text


def test_the_hint_is_the_rule_bots_choice() -> None:
    """No search bot: the hint (terminal and room) names the rule bot's choice, no tricks solved."""
    from cardroom.bots.hint import hint

    game = _game()
    state = game.new_initial_state()
    rng = random.Random(4)
    while state.to_act == CHANCE:
        state.play_chance(rng)
    seat = state.to_act
    assert seat is not None
    view = state.view(seat)
    h = hint("two-hand-bridge", view, seed=1)
    assert h.method == "rule" and h.action == game.bot("rule", 1).choose(view)
    assert h.action in state.legal_actions() and h.candidates == [(h.action, None)]


def test_a_view_reaches_neither_the_state_nor_a_covered_card() -> None:
    """What the bots see (``view(seat)``, the rubber's and the deal's) refers to no state, holds no covered card
    and neither the opponent's hand of four nor any player's whole 26 as a mask."""
    from cardroom.core.game import State
    from test_bot_isolation import _reachable

    game = _game()
    match = game.new_initial_state()
    rng = random.Random(9)
    bots = [game.bot("rule", s) for s in (0, 1)]
    while match.deal is None or match.deal.phase != 3 or len(match.deal.tricks) < 2:
        if match.to_act == CHANCE:
            match.play_chance(rng)
        else:
            match.apply(bots[match.to_act or 0].choose(match.view(match.to_act or 0)))
    deal = match.deal
    assert isinstance(deal, TwoHandDeal)
    covered = deal.covered(0) | deal.covered(1)
    assert covered
    in_state = {int(o) for o in _reachable(deal) if type(o) is Card}
    assert all(c in in_state for c in range(52) if covered >> c & 1)  # the walk finds them
    for seat in (0, 1):
        for view in (match.view(seat), deal.view(seat)):
            objs = _reachable(view)
            assert not [o for o in objs if isinstance(o, State)]
            cards = {int(o) for o in objs if type(o) is Card}
            assert not any(covered >> c & 1 for c in cards)
            ints = {o for o in objs if type(o) is int}
            secret = {deal.hands[0], deal.hands[1], deal.hand4[1 - seat]} - {0}
            assert not ints & secret
