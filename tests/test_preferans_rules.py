"""Preferans rules: the deal, the ladder, «здесь», misère, talon, whisting, play, raspasy."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardroom.core.cards import PIQUET_PACK_MASK, Card, CardSet, piquet_pack
from cardroom.core.deal import Deal
from cardroom.core.errors import CardroomError, IllegalAction, ParseError
from cardroom.games.preferans.calls import (
    ACCEPT,
    CLOSED,
    DECLINE,
    HALF_WHIST,
    HERE,
    INVITE,
    LADDER,
    MISERE,
    MISERE_NO_TALON,
    OPEN,
    PASS,
    PLAY,
    WHIST,
    PrefCall,
    concede,
    rank_of,
)
from cardroom.games.preferans.rules import (
    PH_CONCEDE,
    PH_DISCARD,
    PH_INVITE,
    PH_OVER,
    PH_PLAY,
    PrefDeal,
    deal_in_twos,
)
from cardroom.games.preferans.scoring import score_deal
from cardroom.games.preferans.variants import VARIANTS, PrefVariant, make_variant

ENGINE = PrefVariant(ten_whisted=True, concede_max=0, misere_invitation=False)
"""The plain deal these tests were written for (a ten is whisted, no concession offered, no invitation to a
misère); each test turns on, by the variant's own names, the options it is about."""


def _cs(text: str) -> int:
    return CardSet.parse(text).mask


# Seat 0 (the first hand): all spades and AK of hearts; seats 1 and 2 the rest.
H1 = "AS KS QS JS 10S 9S 8S 7S AH KH"
H2 = "QH JH 10H 9H 8H 7H AD KD QD JD"
H3 = "10D 9D 8D 7D AC KC QC JC 10C 9C"
TALON = "8C 7C"


def _deal(players: int = 3, dealer: int = -1, **opts: object) -> PrefDeal:
    if dealer < 0:
        dealer = players - 1  # so that the active seats are 0, 1, 2 (first hand 0)
    d = PrefDeal(None, dealer=dealer, raspasy_round=1, rules=make_variant(ENGINE, **opts),  # type: ignore[arg-type]
                 players=players)
    return d


def _dealt(players: int = 3, dealer: int = -1, **opts: object) -> PrefDeal:
    d = _deal(players, dealer, **opts)
    hands = [0] * players
    act = d.active
    for seat, text in zip(act, (H1, H2, H3), strict=True):
        hands[seat] = _cs(text)
    d.apply(Deal(tuple(hands), _cs(TALON)))
    return d


def _call(d: PrefDeal, *texts: str) -> None:
    for t in texts:
        d.apply(PrefCall.parse(t))


def test_ladder_order() -> None:
    names = [str(c) for c in LADDER]
    assert names[:6] == ["6S", "6C", "6D", "6H", "6NT", "7S"]
    assert names.index("8NT") + 1 == names.index("misere") and names.index("misere") + 2 == names.index("9S")
    assert names[-1] == "10NT" and len(LADDER) == 27


@pytest.mark.parametrize(("text", "expected"), [("6s", "6S"), ("6♠", "6S"), ("7nt", "7NT"), ("мизер", "misere"),
                                                ("пас", "pass"), ("вист", "whist"), ("здесь", "here"),
                                                ("полвиста", "half-whist"), ("8бк", "8NT"), ("10ч", "10H")])
def test_forgiving_input(text: str, expected: str) -> None:
    assert str(PrefCall.parse(text)) == expected


@pytest.mark.parametrize("text", ["5s", "11h", "6x", "", "вистик"])
def test_bad_input(text: str) -> None:
    with pytest.raises(ParseError):
        PrefCall.parse(text)


def test_deal_in_twos_three_and_four_players() -> None:
    pack = piquet_pack()
    d = deal_in_twos(pack, (1, 2, 0), 3)
    assert [h.bit_count() for h in d.hands] == [10, 10, 10] and d.rest.bit_count() == 2
    assert d.hands[1] >> pack[0] & 1 and d.hands[1] >> pack[1] & 1 and d.hands[2] >> pack[2] & 1
    assert d.rest == (1 << pack[6]) | (1 << pack[7])  # the talon after the first round
    d4 = _deal(4, dealer=2)
    assert d4.active == (3, 0, 1)
    deal = d4.sample_chance(random.Random(1))
    assert deal.hands[2] == 0 and sum(h.bit_count() for h in deal.hands) == 30
    with pytest.raises(IllegalAction):
        d4.apply(Deal((_cs(H1), _cs(H2), _cs(H3), 0), _cs(TALON)))  # the dealer (seat 2) may not get cards
    total = 0
    for h in deal.hands:
        total |= h
    assert total | deal.rest == PIQUET_PACK_MASK


def test_auction_here_and_end_after_two_passes() -> None:
    d = _dealt()
    assert d.to_act == 0
    _call(d, "6s", "6c")  # seat 1 bids higher
    assert d.to_act == 2 and HERE not in d.legal_actions()  # seat 2 sits later than seat 1
    _call(d, "pass")
    assert HERE in d.legal_actions()  # seat 0, earlier than seat 1, may hold 6C
    _call(d, "здесь")
    assert d.bidder == 0 and d.to_act == 1
    with pytest.raises(IllegalAction) as e:
        d.apply(PrefCall.parse("6c"))
    assert "not higher" in str(e.value)
    _call(d, "pass")
    assert d.declarer == 0 and d.phase == 2  # discard
    assert d.view(1).talon == _cs(TALON) and d.view(2).talon == _cs(TALON)  # the talon is shown


def test_misere_only_as_first_bid_and_its_bidder_bids_no_further() -> None:
    d = _dealt()
    _call(d, "6s")
    assert MISERE in d.legal_actions()  # seat 1 has not bid
    _call(d, "misere")
    assert d.to_act == 2
    _call(d, "9s")
    assert MISERE not in d.legal_actions()  # seat 0 already bid
    _call(d, "pass")
    assert d.legal_actions() == [PASS]  # the misère bidder bids no further


def test_two_miseres_and_here_example_of_document_004() -> None:
    # hand 1: 6♠, hand 2: misère, hand 3: misère without talon; round 2: pass, здесь
    d = _dealt()
    _call(d, "6s", "misere", "misere-wt", "pass", "здесь")
    assert d.bidder == 1 and d.bid == MISERE_NO_TALON
    _call(d, "pass")
    assert d.declarer == 1 and d.contract == MISERE_NO_TALON and d.kind == "misere"
    assert not d.talon_shown and all(d.view(s).talon == 0 for s in range(3))


def test_declared_game_not_lower_than_the_bid() -> None:
    d = _dealt()
    _call(d, "7s", "pass", "pass")
    with pytest.raises(IllegalAction) as e:
        d.apply(Card.parse("7H"))  # 7H is seat 1's card
    assert "not in his hand" in str(e.value)
    d.apply(Card.parse("8C"))
    d.apply(Card.parse("7C"))
    assert PrefCall.parse("6NT") not in d.legal_actions() and PrefCall.parse("7S") in d.legal_actions()
    with pytest.raises(IllegalAction) as e:
        d.apply(PrefCall.parse("6NT"))
    assert "not lower" in str(e.value)
    _call(d, "8s")
    assert str(d.contract) == "8S"


def test_all_pass_gives_raspasy_and_talon_sets_the_first_two_suits() -> None:
    d = _dealt()
    _call(d, "pass", "pass", "pass")
    assert d.kind == "raspasy" and d.contract is None
    # trick 1: the talon's first card (7C) is turned: clubs must be followed
    assert d.trick and d.trick[0] == (-1, Card.parse("7C"))
    assert d.to_act == 0 and all(c.suit == Card.parse("7C").suit for c in d.legal_actions()) is False
    # seat 0 has no clubs: any card; seat 2 must follow clubs
    d.apply(Card.parse("7S"))
    d.apply(Card.parse("7H"))
    assert all(c.suit.letter == "C" for c in d.legal_actions())
    d.apply(Card.parse("9C"))
    assert d.tricks[0][1] == 2 and d.won[2] == 1  # the only club follower takes it


def test_whist_half_whist_and_return() -> None:
    d = _dealt()
    _call(d, "6s", "pass", "pass")
    d.apply(Card.parse("AH"))
    d.apply(Card.parse("KH"))
    _call(d, "6s")
    assert d.phase == 4 and d.to_act == 1
    _call(d, "pass")
    assert HALF_WHIST in d.legal_actions()
    _call(d, "half-whist")
    assert d.to_act == 1  # the first defender may return the whist
    _call(d, "whist")
    assert d.returned_by == 1 and d.whisters == [1] and d.to_act == 1
    assert d.legal_actions() == [CLOSED, OPEN]
    _call(d, "open")
    # open defence: the whister plays both defenders' hands; the first hand (declarer, seat 0) leads
    assert d.to_act == 0
    d.apply(Card.parse("AS"))
    assert d.hand_to_play == 1 and d.to_act == 1
    assert d.view(0).exposed == {1: d.hands[1], 2: d.hands[2]}
    d.apply(d.legal_actions()[0])
    assert d.hand_to_play == 2 and d.to_act == 1  # seat 2's hand played by the whister


def test_half_whist_stands_game_unplayed() -> None:
    d = _dealt()
    _call(d, "6s", "pass", "pass")
    d.apply(Card.parse("AH"))
    d.apply(Card.parse("KH"))
    _call(d, "6s", "pass", "half-whist", "pass")
    r = d.result()
    assert r.kind == "unplayed" and r.half_whister == 2 and r.tricks[0] == 6


def test_must_trump_when_void() -> None:
    d = _dealt()
    _call(d, "6s", "pass", "pass")  # seat 0 declares diamonds? he has none: allowed, his risk
    d.apply(Card.parse("AH"))
    d.apply(Card.parse("KH"))
    _call(d, "6c", "whist", "whist")
    # first hand (seat 0) leads AS; seat 1 has no spades, trumps are clubs: seat 1 has none -> any card
    d.apply(Card.parse("AS"))
    legal2 = d.legal_actions()
    assert len(legal2) == 10
    d.apply(Card.parse("AD"))
    # seat 2: no spades, holds clubs: must trump
    legal3 = d.legal_actions()
    assert legal3 and all(c.suit.letter == "C" for c in legal3)
    with pytest.raises(IllegalAction) as e:
        d.apply(Card.parse("10D"))
    assert "must trump" in str(e.value)
    before = d.snapshot()
    assert d.snapshot() == before


def test_misere_defenders_open_after_first_trick() -> None:
    d = _dealt()
    _call(d, "misere", "pass", "pass")
    d.apply(Card.parse("AS"))
    d.apply(Card.parse("KS"))
    assert d.kind == "misere" and d.phase == 6
    assert d.view(0).exposed == {}
    for _ in range(3):
        d.apply(d.legal_actions()[0])
    assert set(d.view(0).exposed) == {1, 2}
    assert 0 not in d.view(1).exposed  # the declarer's hand stays hidden


def test_dealer_returns_whist_four_players() -> None:
    d = _dealt(players=4, dealer=0, dealer_returns_whist=True)
    assert d.active == (1, 2, 3)
    assert d.view(0).hand == 0 and d.visible_mask(0) == 0  # the dealer sees no hand during the auction
    _call(d, "6s", "pass", "pass")
    d.apply(Card.parse("AH"))
    d.apply(Card.parse("KH"))
    _call(d, "6s", "pass", "pass")
    assert d.to_act == 0
    _call(d, "whist")
    assert d.returned_by == 0 and d.open_defence
    d.apply(Card.parse("AS"))
    assert d.to_act == 0 and d.hand_to_play == 2  # the dealer plays the defenders' hands


def test_view_hides_other_hands_and_the_talon_until_shown() -> None:
    d = _dealt()
    for s in range(3):
        v = d.view(s)
        assert v.talon == 0
        others = 0
        for o in range(3):
            if o != s:
                others |= d.hands[o]
        assert v.shown_mask() & (others | d.talon) == 0


@settings(max_examples=400, deadline=None)
@given(st.lists(st.integers(0, 10_000), min_size=1, max_size=40), st.sampled_from([3, 4]), st.integers(0, 3),
       st.randoms(use_true_random=False))
def test_random_auctions_never_accept_a_lower_bid(picks: list[int], players: int, dealer: int,
                                                  rng: random.Random) -> None:
    d = _deal(players, dealer % players)
    d.apply(d.sample_chance(rng))
    universe = [*LADDER, PASS, HERE, WHIST, HALF_WHIST, OPEN, CLOSED]
    for p in picks:
        if d.phase != 1:
            break
        current = d.bid
        legal = d.legal_actions()
        for c in legal:
            if c.is_bid and current is not None:
                assert rank_of(c) > rank_of(current)
        refused = [c for c in universe if c not in legal]
        before = d.snapshot()
        bad = refused[p % len(refused)]
        with pytest.raises(IllegalAction):
            d.apply(bad)
        assert d.snapshot() == before
        d.apply(legal[p % len(legal)])
        if d.phase == 1:
            assert d.next_seat not in d.passed  # a player who passed stays out
    if d.phase != 1:
        remaining = [s for s in d.active if s not in d.passed]
        assert (d.kind == "raspasy" and not remaining) or (d.declarer is not None and remaining == [d.declarer])


# ---------------------------------------------------------------------- conceding without play


def _whisted_six_clubs(*whist: str, **opts: object) -> PrefDeal:
    """Seat 0 takes the talon on 6♠ and names 6♣ (he holds no clubs); the defenders say ``whist``."""
    d = _dealt(3, -1, **opts)
    _call(d, "6s", "pass", "pass")
    d.apply(Card.parse("AH"))
    d.apply(Card.parse("KH"))
    _call(d, "6c", *whist)
    return d


@pytest.mark.parametrize(("text", "n"), [("без1", 1), ("без одной", 1), ("concede 1", 1), ("concede-2", 2),
                                         ("без двух", 2), ("Без трёх", 3), ("без-4", 4), ("concede10", 10)])
def test_concede_calls_parse(text: str, n: int) -> None:
    c = PrefCall.parse(text)
    assert c == concede(n) and str(c) == f"concede-{n}" and not c.is_bid
    assert PrefCall(int(c)) is c and PrefCall.parse(str(c)) is c


def test_concede_two_down_without_play_two_whisters_share() -> None:
    d = _whisted_six_clubs("whist", "whist", concede_max=10)
    assert d.phase == PH_CONCEDE and d.to_act == 0 and d.hand_to_play is None
    assert d.legal_actions() == [PLAY, *(concede(n) for n in range(1, 7))]  # at most the level
    assert d.view(0).legal == tuple(d.legal_actions()) and d.view(1).legal == ()
    _call(d, "без двух")
    assert d.phase == PH_OVER and d.played == 0 and not d.tricks
    r = d.result()
    assert r.kind == "game" and r.conceded == 2 and r.tricks == (4, 3, 3) and r.undertricks == 2
    es = score_deal(r, VARIANTS["sochi"])
    assert sum(e.points for e in es if e.kind == "gora" and e.seat == 0) == 2 * 2  # six down two
    assert not [e for e in es if e.tag == "shortfall"]
    # no hand is shown by a conceded deal
    for seat in range(3):
        assert d.view(seat).exposed == {}


def test_concede_odd_tricks_to_the_first_whister_and_lone_whister_takes_all() -> None:
    d = _whisted_six_clubs("whist", "whist", concede_max=10)
    _call(d, "concede-1")
    assert d.result().tricks == (5, 3, 2)  # five defence tricks: the odd one to seat 1, who whisted first
    d = _whisted_six_clubs("pass", "whist", concede_max=10)
    assert d.phase == 5 and d.to_act == 2
    _call(d, "open")
    assert d.phase == PH_CONCEDE and d.to_act == 0
    assert d.view(0).exposed == {}  # the open defence is laid down only when the play starts
    _call(d, "без трех")
    r = d.result()
    assert r.tricks == (3, 0, 7) and r.whisters == (2,) and r.passers == (1,) and r.conceded == 3


def test_play_on_after_the_concession_offer() -> None:
    d = _whisted_six_clubs("whist", "whist", concede_max=10)
    _call(d, "играю")
    assert d.phase == PH_PLAY and d.to_act == 0 and d.conceded == 0
    d.apply(Card.parse("AS"))
    assert d.hand_to_play == 1


def test_concession_limited_by_the_option_and_refused_outside_it() -> None:
    d = _whisted_six_clubs("whist", "whist", concede_max=VARIANTS["piter"].concede_max)
    assert d.legal_actions() == [PLAY, concede(1), concede(2)]  # Piter: «без трех без вистов» not allowed
    before = d.snapshot()
    for bad in (concede(3), concede(7), WHIST, PASS):
        with pytest.raises(IllegalAction):
            d.apply(bad)
        assert d.snapshot() == before
    # not offered at all with concede_max=0 (ENGINE's), nor on an unwhisted game
    d = _whisted_six_clubs("whist", "whist")
    assert d.phase == PH_PLAY
    d = _whisted_six_clubs("pass", "pass", concede_max=10)
    assert d.phase == PH_OVER and d.result().kind == "unplayed" and d.result().conceded == 0
    with pytest.raises(CardroomError, match="concede_max"):
        _dealt(concede_max=11)


def test_concede_after_the_dealer_returns_the_whist() -> None:
    d = _dealt(players=4, dealer=0, dealer_returns_whist=True, concede_max=10)
    _call(d, "6s", "pass", "pass")
    d.apply(Card.parse("AH"))
    d.apply(Card.parse("KH"))
    _call(d, "6s", "pass", "pass", "whist")
    assert d.phase == PH_CONCEDE and d.to_act == 1
    _call(d, "concede-1")
    r = d.result()
    assert r.tricks[1] == 5 and sum(r.tricks) == 10 and r.tricks[0] == 0 and r.returned_by == 0
    assert sum(e.points for e in score_deal(r, VARIANTS["sochi"]) if e.kind == "gora" and e.seat == 1) == 2


def test_presets_offer_the_concession() -> None:
    for v in VARIANTS.values():
        assert v.concede_max == {"piter": 2, "greek": 0, "foreign-f2": 0}.get(v.name, 10)  # Piter §9.4; Greek, F2 none
        # with four players only; the Greek game, F2 (its Bettel) and F1/F3 have no Russian misère to invite to
        assert v.misere_invitation is (v.name not in ("greek", "foreign-f2") and v.russian_misere)
    four = _dealt(players=4, dealer=0, misere_invitation=VARIANTS["sochi"].misere_invitation)
    three = _dealt(misere_invitation=VARIANTS["sochi"].misere_invitation)
    _call(four, "misere", "pass", "pass")
    _call(three, "misere", "pass", "pass")
    assert four.phase == PH_INVITE and three.phase == PH_DISCARD


# ---------------------------------------------------------------------- inviting the dealer to a misère


def _misere_four(**opts: object) -> PrefDeal:
    """Four players, dealer 0; seat 1 (first hand) wins the auction with misère."""
    d = _dealt(players=4, dealer=0, misere_invitation=True, **opts)
    _call(d, "misere", "pass", "pass")
    return d


def _others_never_see(d: PrefDeal, hidden: int, seats: tuple[int, ...]) -> None:
    if d.talon_shown:
        hidden &= ~d.talon  # the talon was shown to everybody
    for s in seats:
        assert d.visible_mask(s) & hidden & ~d.played == 0
        assert d.view(s).shown_mask() & hidden & ~d.played == 0
        assert 1 not in d.view(s).exposed


def test_invite_the_dealer_who_accepts_and_sees_the_hand() -> None:
    d = _misere_four()
    assert d.phase == PH_INVITE and d.to_act == 1 and d.legal_actions() == [PLAY, INVITE]
    assert d.visible_mask(0) == 0 and d.view(0).exposed == {}  # nothing shown before the invitation
    _call(d, "invite")
    assert d.phase == PH_INVITE and d.to_act == 0 and d.legal_actions() == [DECLINE, ACCEPT]
    hand1 = d.hands[1]
    assert d.view(0).exposed == {1: hand1} and d.visible_mask(0) & hand1 == hand1
    assert d.view(0).shown_mask() & ~d.visible_mask(0) == 0
    _others_never_see(d, hand1, (2, 3))
    with pytest.raises(IllegalAction):
        d.apply(INVITE)
    _call(d, "accept")
    assert d.phase == PH_DISCARD and d.to_act == 1
    d.apply(Card.parse("AS"))
    d.apply(Card.parse("KS"))
    assert d.phase == PH_PLAY and d.kind == "misere"
    assert d.view(0).discard == d.discard and d.view(2).discard == 0  # the partner knows the discard
    assert d.view(0).exposed == {1: d.hands[1]}
    _others_never_see(d, d.hands[1] | d.discard, (2, 3))
    while d.phase == PH_PLAY:
        d.apply(d.legal_actions()[0])
        if 1 not in d._exposed_hands():
            _others_never_see(d, d.hands[1], (2, 3))
        for s in range(4):
            assert d.view(s).shown_mask() & ~d.visible_mask(s) == 0
    r = d.result()
    assert r.kind == "misere" and r.declarer == 1 and r.partner == 0


def test_declined_invitation_misere_played_alone() -> None:
    d = _misere_four()
    original = d.hands[1]
    _call(d, "invite", "отказ")
    assert d.phase == PH_DISCARD and d.to_act == 1
    d.apply(Card.parse("AS"))
    d.apply(Card.parse("KS"))
    assert d.visible_mask(0) & original & d.hands[1] == original & d.hands[1]  # he was shown them
    assert d.view(0).discard == 0
    _others_never_see(d, d.hands[1], (2, 3))
    while d.phase == PH_PLAY:
        d.apply(d.legal_actions()[0])
    assert d.result().partner is None


def test_no_invitation_play_alone_and_where_not_offered() -> None:
    d = _misere_four()
    _call(d, "play")
    assert d.phase == PH_DISCARD and d.view(0).exposed == {} and d.visible_mask(0) & d.hands[1] == d.talon
    # not offered: three players, the option off, a game bid
    d = _dealt(misere_invitation=True)
    _call(d, "misere", "pass", "pass")
    assert d.phase == PH_DISCARD
    d = _dealt(players=4, dealer=0)
    _call(d, "misere", "pass", "pass")
    assert d.phase == PH_DISCARD
    d = _dealt(players=4, dealer=0, misere_invitation=True)
    _call(d, "6s", "pass", "pass")
    assert d.phase == PH_DISCARD
    # misère without talon: the talon stays closed after the invitation
    d = _dealt(players=4, dealer=0, misere_invitation=True)
    _call(d, "misere-wt", "pass", "pass", "invite", "accept")
    assert d.phase == PH_PLAY and d.talon_shown is False and d.kind == "misere"
    assert d.view(0).talon == 0 and d.view(0).exposed == {1: d.hands[1]}


def test_piter_rounds_start_with_mandatory_raspasy() -> None:
    from cardroom.games import load
    from cardroom.games.preferans.game import Preferans

    game = load("preferans", variant="piter", players=3)
    assert isinstance(game, Preferans)
    state = game.new_initial_state()
    state.apply(state.sample_chance(random.Random(4)))
    assert state.deal.kind == "raspasy" and state.deal.phase == 6  # no auction: straight to the play
    sochi = load("preferans", variant="sochi", players=3)
    assert isinstance(sochi, Preferans)
    s2 = sochi.new_initial_state()
    s2.apply(s2.sample_chance(random.Random(4)))
    assert s2.deal.phase == 1  # an ordinary deal starts with the auction
