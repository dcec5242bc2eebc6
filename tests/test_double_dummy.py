"""Double dummy and draw bridge (document 000 «ДВОЙНОЙ БЛИНД-БРИДЖ (ДУБЛЬ-БОЛВАН)», «ДРАВ-БРИДЖ»; digest
§6.10, §6.11): the blind opening lead and what each player sees before it, the dummy's make by the
three-handed schedule after a pass, no doubling, the deal passing between the players, the dummies'
revokes unpenalised in double dummy and penalised in draw bridge (laws mode), the holders' hidden cards,
and the terminal rubber with its sheet and its record."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardroom.cli.main import main
from cardroom.core.cards import Card, CardSet
from cardroom.core.deal import Deal
from cardroom.core.errors import IllegalAction
from cardroom.core.game import CHANCE
from cardroom.core.table import Seat
from cardroom.core.view import table_of
from cardroom.games import load
from cardroom.games.oldbridge.calls import DOUBLE, LEAVE, MAKES
from cardroom.games.oldbridge.cutthroat import dummy_make
from cardroom.games.oldbridge.double_dummy import DoubleDummy, DoubleDummyDeal, DoubleDummyMatch
from cardroom.games.oldbridge.draw_bridge import DrawBridge, DrawBridgeDeal
from cardroom.games.oldbridge.scoring import StraightMake, score_straight

NT, C, D, H, S = 4, 0, 1, 2, 3
N, E, SO, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST

# N: ♠AKQJT98 ♥234 ♦234; E: ♠765432 ♥567 ♦567 ♣2; S: ♣3-A ♥8; W: ♥9-A ♦8-A
HANDS = {N: "AS KS QS JS TS 9S 8S 2H 3H 4H 2D 3D 4D",
         E: "7S 6S 5S 4S 3S 2S 5H 6H 7H 5D 6D 7D 2C",
         SO: "3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC 8H",
         W: "9H TH JH QH KH AH 8D 9D TD JD QD KD AD"}


def _deal(cls: type[DoubleDummyDeal] = DoubleDummyDeal, dealer: int = 0, **options: Any) -> DoubleDummyDeal:
    game = (DrawBridge if issubclass(cls, DrawBridgeDeal) else DoubleDummy)(**options)
    deal = cls(game, dealer, game.rules)
    deal.apply(Deal(tuple(CardSet.parse(HANDS[s]).mask for s in Seat)))
    return deal


def _random_deal(cls: type[DoubleDummyDeal], dealer: int, seed: int) -> DoubleDummyDeal:
    game = (DrawBridge if issubclass(cls, DrawBridgeDeal) else DoubleDummy)()
    deal = cls(game, dealer, game.rules)
    deal.apply(deal.sample_chance(random.Random(seed)))
    return deal


def _shown(deal: DoubleDummyDeal, player: int) -> int:
    return deal.view(player).shown_mask()


# --------------------------------------------------------------------------- the seats and the deal
def test_each_player_plays_his_hand_and_the_dummy_opposite() -> None:
    deal = _deal()
    assert deal.places == (SO, W)
    assert [deal.player_at(s) for s in Seat] == [0, 1, 0, 1]  # N, E, S, W: dummy N is player 1's, E player 2's
    assert deal.to_act == 0 and deal.next_seat == SO  # player 1 deals at South and makes first


def test_the_deal_passes_between_the_two_players() -> None:
    """ "сдатчик всегда сдает для себя": a dummy never deals; the other player deals the next deal."""
    m = DoubleDummy(draw_for_first_deal=False).new_initial_state()
    assert isinstance(m, DoubleDummyMatch)
    rng = random.Random(5)
    dealers = []
    while len(m.results) < 4 and not m.is_over:
        if m.deal is not None and not m.deal.history:
            dealers.append((m.dealer, m.deal.dealer))
        if m.to_act == CHANCE:
            m.apply(m.sample_chance(rng))
        else:
            m.apply(rng.choice(list(m.legal_actions())))
    assert dealers[:4] == [(0, SO), (1, W), (0, SO), (1, W)][:len(dealers)] and len(dealers) >= 3


# --------------------------------------------------------------------------- the make: no doubling, the schedule
def test_the_dealer_makes_and_the_play_begins_at_once() -> None:
    """ "Удвоения отсутствуют": after the make the hand on the dealer's left leads at once."""
    deal = _deal()
    assert set(deal.legal_actions()) == {*MAKES, LEAVE}
    with pytest.raises(IllegalAction):
        deal.apply(DOUBLE)
    deal.apply(MAKES[C])
    assert deal.phase == 3 and deal.contract_of() == StraightMake(C, SO, SO, 0)
    assert deal.next_seat == W and deal.to_act == 1  # the dealer's left, player 2's own hand
    assert all(type(a) is Card for a in deal.legal_actions())
    with pytest.raises(IllegalAction):
        deal.apply(DOUBLE)


def test_after_a_pass_the_dummy_makes_by_the_three_handed_schedule() -> None:
    """ "Если заказ спасован, болван должен сделать его по правилам ... бриджа для трех игроков": North's
    seven spades make spades, unseen by anyone."""
    deal = _deal()
    deal.apply(LEAVE)
    north = CardSet.parse(HANDS[N]).mask
    assert deal.calls == [(SO, LEAVE), (N, MAKES[dummy_make(north)])] and dummy_make(north) == S
    assert deal.contract_of() == StraightMake(S, N, SO, 0) and deal.next_seat == W
    for player in (0, 1):
        assert not deal.visible_mask(player) & north and not _shown(deal, player) & north


@pytest.mark.parametrize("seed", range(6))
def test_the_schedule_for_either_dealer(seed: int) -> None:
    for dealer in (0, 1):
        deal = _random_deal(DoubleDummyDeal, dealer, seed)
        dummy = deal.dealer.partner
        deal.apply(LEAVE)
        assert deal.calls[-1] == (dummy, MAKES[dummy_make(deal.hands[dummy])])


def test_declares_reading_refuses_the_leave() -> None:
    deal = _deal(dealer_for_himself="declares")
    assert LEAVE not in deal.legal_actions()
    with pytest.raises(IllegalAction):
        deal.apply(LEAVE)
    assert deal.calls == [] and deal.phase == 1


# --------------------------------------------------------------------------- the blind lead
def test_blind_lead_from_the_opponents_own_hand() -> None:
    """The first kind of deal: the hand on the dealer's left is the opponent's own; he leads from it before
    the dummies are exposed, seeing neither dummy."""
    deal = _deal(dealer=0)
    deal.apply(MAKES[C])
    assert deal.hand_to_play == W and deal.to_act == 1
    v = deal.view(1)
    west, east, north = (CardSet.parse(HANDS[s]).mask for s in (W, E, N))
    assert v.hand == west and dict(v.seen) == {int(W): west}
    assert not deal.visible_mask(1) & (east | north) and set(table_of(v).hands) == {int(W)}
    assert set(v.legal) == {Card(c) for c in CardSet(west)}


def test_blind_lead_from_a_dummy_without_looking_at_his_own_hand() -> None:
    """The next deal: player 2 deals at West; on his left is North, player 1's dummy: player 1 sorts it and
    leads from it "не заглядывая в собственные карты": nothing of South is shown to him before the lead."""
    deal = _deal(dealer=1)
    assert deal.dealer == W and deal.to_act == 1
    deal.apply(MAKES[D])
    assert deal.hand_to_play == N and deal.to_act == 0
    v = deal.view(0)
    north, south = CardSet.parse(HANDS[N]).mask, CardSet.parse(HANDS[SO]).mask
    assert v.hand == 0 and dict(v.seen) == {int(N): north}
    assert not deal.visible_mask(0) & south and not v.shown_mask() & south
    tb = table_of(v)
    assert set(tb.hands) == {int(N)} and tb.plays_for == (int(SO), int(N))
    assert "AC" not in json.dumps(v.to_dict()) and "8H" not in json.dumps(v.to_dict())
    assert set(v.legal) == {Card(c) for c in CardSet(north)}
    deal.apply(Card.parse("AS"))  # the opening lead: now he looks at his own hand, and the dummies are faced
    v = deal.view(0)
    assert v.hand == south and set(dict(v.seen)) == {int(SO), int(N), int(E)}


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), dealer=st.sampled_from([0, 1]), leave=st.booleans())
def test_before_the_opening_lead_each_sees_only_his_hand(seed: int, dealer: int, leave: bool) -> None:
    """Property: until the opening lead the dealer sees his own hand, his opponent the hand on the dealer's
    left; nobody sees the dealer's dummy; afterwards each player sees his own hand and both dummies."""
    deal = _random_deal(DoubleDummyDeal, dealer, seed)
    deal.apply(LEAVE if leave else MAKES[seed % 5])
    lead = deal.dealer.lho
    other = 1 - dealer
    for player, hand in ((dealer, deal.dealer), (other, lead)):
        assert deal.visible_mask(player) == deal.hands[hand] == _shown(deal, player)
    deal.apply(deal.legal_actions()[0])
    for p in (0, 1):
        own = deal.places[p]
        want = deal.played | deal.hands[own] | deal.hands[N] | deal.hands[E]
        assert deal.visible_mask(p) == want and _shown(deal, p) & ~want == 0


# --------------------------------------------------------------------------- draw bridge: the holders
@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10_000), dealer=st.sampled_from([0, 1]))
def test_draw_bridge_holders_hide_each_dummy_from_the_opponent(seed: int, dealer: int) -> None:
    """ "каждый игрок ... помещает карты своего партнера так, чтобы противник не мог их видеть": through the
    whole play each player sees his own hand and his dummy, never a card of the opponent's dummy or hand
    before it is played."""
    deal = _random_deal(DrawBridgeDeal, dealer, seed)
    deal.apply(MAKES[seed % 5])
    rng = random.Random(seed)
    first = True
    while not deal.is_over:
        if not first:
            for p in (0, 1):
                own, opp = deal.places[p], deal.places[1 - p]
                v = deal.view(p)
                assert deal.visible_mask(p) == deal.played | deal.hands[own] | deal.hands[own.partner]
                assert v.shown_mask() & (deal.hands[opp] | deal.hands[opp.partner]) == 0
                assert set(dict(v.seen)) == {int(own), int(own.partner)}
        deal.apply(rng.choice(deal.legal_actions()))
        first = False


def test_draw_bridge_the_owner_draws_the_card_he_chooses() -> None:
    """The card drawn from the holder is its owner's choice (no chance action): every card of the suit led."""
    deal = _deal(DrawBridgeDeal, dealer=0)
    deal.apply(MAKES[C])
    deal.apply(Card.parse("AD"))  # West leads; North, in player 1's holder, draws a diamond of his choice
    assert deal.hand_to_play == N and deal.to_act == 0
    assert set(deal.legal_actions()) == {Card.parse(x) for x in ("2D", "3D", "4D")}


# --------------------------------------------------------------------------- laws mode: the dummies' revokes
def _revoke_then_play_out(cls: type[DoubleDummyDeal]) -> DoubleDummyDeal:
    deal = _deal(cls, dealer=0, laws=True)
    deal.apply(MAKES[C])
    deal.apply(Card.parse("AD"))  # West leads a diamond
    deal.apply(deal.parse_action("!N 8S"))  # North, holding ♦2 3 4, plays a spade: a revoke by a dummy
    while not deal.is_over:
        deal.apply(deal.legal_actions()[0])
    return deal


def test_double_dummy_a_dummys_revoke_stands_without_penalty() -> None:
    """ "Штраф за ревок, совершенный любым из болванов, не взимается": the card stands, the revoke is recorded,
    and the score is the tricks as played."""
    deal = _revoke_then_play_out(DoubleDummyDeal)
    d = deal.director
    assert d is not None and d.revokes == []
    assert [i.kind for i in d.irregularities] == ["revoke-unpenalised"] and Card.parse("8S") in deal.tricks[0].cards
    r = deal.result()
    assert r.revokes == ()
    make = deal.contract_of()
    assert make is not None
    assert list(r.entries) == score_straight(make, deal.won, deal.original, deal.rules)


def test_draw_bridge_every_hands_revoke_is_penalised() -> None:
    """ "Все четыре руки несут ответственность за ревоки": the dummy's revoke costs its owner's side three
    tricks (law B-9), as a player's would."""
    free = _revoke_then_play_out(DoubleDummyDeal)
    deal = _revoke_then_play_out(DrawBridgeDeal)
    d = deal.director
    assert d is not None and d.revokes == [(0, 1)] and [i.kind for i in d.irregularities] == ["revoke"]
    assert deal.won == free.won and deal.won[0] >= 9  # the same play in both games
    r = deal.result()
    assert r.revokes == (0,)
    below = {int(e.side): e.points for e in r.entries if e.below}
    free_below = {int(e.side): e.points for e in free.result().entries if e.below}
    assert free_below[0] == (free.won[0] - 6) * 4  # clubs, 4 a trick: the tricks as played
    assert below.get(0, 0) == (deal.won[0] - 3 - 6) * 4  # three tricks to the other side


def test_double_dummy_a_players_own_revoke_is_penalised() -> None:
    deal = _deal(DoubleDummyDeal, dealer=0, laws=True)
    deal.apply(MAKES[C])
    deal.apply(Card.parse("AD"))
    deal.apply(Card.parse("2D"))
    deal.apply(Card.parse("5D"))  # East follows; South has no diamond: play on, then South revokes later
    deal.apply(Card.parse("3C"))
    # trick 2 led by South (won with the trump): hearts to West, who holds hearts
    deal.apply(Card.parse("8H"))
    deal.apply(deal.parse_action("!W 8D"))  # West, holding hearts, plays a diamond: his own hand's revoke
    d = deal.director
    assert d is not None and d.revokes == [(1, 2)]


# --------------------------------------------------------------------------- names, the terminal, the record
def test_names() -> None:
    for name in ("double-dummy", "дубль-болван", "двойной-блинд-бридж"):
        assert type(load(name)) is DoubleDummy
    assert type(load("драв-бридж")) is DrawBridge and type(load("draw-bridge")) is DrawBridge


@pytest.mark.parametrize("game", ["double-dummy", "draw-bridge"])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_cli_auto_plays_a_rubber_to_its_sheet(capsys: pytest.CaptureFixture[str], game: str, lang: str) -> None:
    assert main(["--lang", lang, "play", game, "--auto", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert ("Size of the rubber:" if lang == "en" else "Размер рабера:") in out
    assert ("The rubber is over" if lang == "en" else "Роббер окончен") in out


@pytest.mark.parametrize("game", ["double-dummy", "draw-bridge"])
def test_the_record_replays_to_the_same_sheet(tmp_path: Path, capsys: pytest.CaptureFixture[str], game: str) -> None:
    from cardroom.records.registry import state_from_dict

    path = tmp_path / "dd.json"
    assert main(["--lang", "en", "play", game, "--auto", "--seed", "2", "--laws", "--irregularities", "0.2",
                 "--save", str(path)]) == 0
    out = capsys.readouterr().out
    state = state_from_dict(json.loads(path.read_text("utf-8")))
    assert state.is_over and state.sheet_dict() == state.recomputed_sheet_dict()
    assert state.render_sheet("en") in out
    assert main(["replay", str(path)]) == 0
    assert state.render_sheet("en") in capsys.readouterr().out


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_terminal_user_leads_blind_from_his_dummy(lang: str) -> None:
    """At the terminal the user (player 1, South) leading from North, his dummy, before the opening lead:
    North drawn, his own hand empty and said to be face down."""
    from cardroom.ui.render import renderer_for
    from cardroom.ui.render.bridge import render_hand

    game: Any = load("double-dummy", draw_for_first_deal=False)
    state: Any = game.new_initial_state()
    state.dealer = 1
    state.deal = _deal(dealer=1)
    state.deal.apply(MAKES[D])
    r = renderer_for(game)
    text = r.render(r.deal_view(state, 0), state, lang)
    lines = text.splitlines()
    mine = next(ln for ln in lines if ln.startswith("Your hand" if lang == "en" else "Ваша рука"))
    assert mine.endswith(render_hand(0))
    assert any(ln.endswith(render_hand(CardSet.parse(HANDS[N]).mask)) for ln in lines)
    assert not any(render_hand(CardSet.parse(HANDS[SO]).mask) in ln for ln in lines)
    assert ("Your own hand stays face down" if lang == "en" else "Свою руку вы не смотрите") in text


def test_terminal_irregular_input_names_either_of_the_users_hands() -> None:
    """Laws mode at the terminal: ``!N 8S`` is the user's dummy's card, ``!8S`` the hand to play's; a hand of
    the opponent's is refused."""
    from cardroom.core.errors import ParseError
    from cardroom.ui.render import renderer_for

    game: Any = load("double-dummy", laws=True, draw_for_first_deal=False)
    deal = _deal(dealer=0, laws=True)
    deal.apply(MAKES[C])
    deal.apply(Card.parse("AD"))  # North, the user's dummy, to play
    r = renderer_for(game)
    view = deal.view(0)
    assert r.irregular("N 8S", view).seat == int(N) and r.irregular("8S", view).seat == int(N)
    assert r.irregular("S 8H", view).seat == int(SO)
    for other in ("E 7S", "W 9H"):
        with pytest.raises(ParseError):
            r.irregular(other, view)


def test_the_bot_makes_where_the_dealer_may_not_leave() -> None:
    """Under the reading "declares for himself" the bot never leaves the make: every call it makes is legal."""
    from cardroom.bots.double_dummy import DoubleDummyBot

    bot = DoubleDummyBot(seed=1)
    for seed in range(40):
        deal = _random_deal(DoubleDummyDeal, seed % 2, seed)
        deal.dd = type(deal.dd)(dealer_for_himself="declares")
        call = bot.choose(deal.view(deal.to_act or 0))
        assert call in deal.legal_actions() and call != LEAVE


def test_the_deal_end_names_the_declaring_player() -> None:
    """The end of a deal (the card room's "previous deal") names its declarer by the match's seat, a player."""
    m: Any = DoubleDummy(draw_for_first_deal=False).new_initial_state()
    rng = random.Random(2)
    while len(m.results) < 2:
        m.apply(m.sample_chance(rng) if m.to_act == CHANCE else m.legal_actions()[0])
        end = m.deal_end()
        if end is not None:
            assert end["result"]["declarer"] == len(m.results) - 1  # player 1 dealt the first deal, player 2 the next
