"""Preferans for the search bot (:mod:`cardroom.bots.search`): the constraints of a deal's view on the
hidden cards (the talon once shown is the declarer's or in his discard; voids in the suit led, and in
trumps in a game), the soft filter by the auction, and the searches: the play (games, misères and
raspasy by :mod:`cardroom.solve.tricks`), the contract named after the talon and whether to whist
(docs/bots/search.md)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from cardroom.bots.sampling import Constraints, Sample, SearchAdapter, unseen
from cardroom.core.cards import PIQUET_PACK_MASK, SUIT_MASKS, Card
from cardroom.core.errors import CardroomError, Reason

if TYPE_CHECKING:
    from cardroom.bots.search import Evaluation, PlaySetup, SearchBot

__all__ = ["ADAPTER", "GORA_IN_WHISTS", "PREF_BID_SLACK", "PREF_DECLARER_SLACK", "PrefSearch", "pref_price"]

PREF_BID_SLACK = 2.5
"""A hidden player who bid a game at level L has a hand worth at least ``L - PREF_BID_SLACK`` tricks."""
PREF_DECLARER_SLACK = 1.5
"""The declarer of a game holds ten cards worth at least ``level - PREF_DECLARER_SLACK`` tricks in its trump."""
GORA_IN_WHISTS = 20 / 3
"""A point of gora in whists, three players (Sochi settlement: ten whists a point, shared by two)."""


def pref_price(level: int) -> int:
    """The price of a preferans game (Sochi): six 2, seven 4, eight 6, nine 8, ten 10."""
    return 2 * (level - 5)


class PrefSearch(SearchAdapter):
    bid_margin = 1.0  # whists

    def constraints(self, v: Any) -> Constraints:
        me = v.seat
        n = v.players
        if v.phase == "deal":
            raise CardroomError(Reason("search.before_deal"))
        if v.phase == "passing":
            raise CardroomError(Reason("pref.sample_passing"))
        if v.phase == "discard" and me != v.declarer:
            raise CardroomError(Reason("pref.sample_discard"))
        trump = v.table.trump
        played = 0
        played_by = [0] * n
        voids = [0] * n
        for plays in [p for p, _ in v.tricks] + [v.trick]:
            if not plays:
                continue
            led = plays[0][1] // 13
            for s, c in plays:
                played |= 1 << c
                if s < 0:
                    continue
                played_by[s] += 1
                if c // 13 != led:
                    voids[s] |= 1 << led
                    if trump is not None and c // 13 != trump:
                        voids[s] |= 1 << trump
        known = [0] * n
        known[me] = v.hand
        for s, h in dict(v.exposed).items():
            if s != me:
                known[s] |= h & ~played
        # the declarer (the dealer sharing his misère, the third hand of raspasy with passing) knows the discard
        located = played | v.discard
        pool = unseen(PIQUET_PACK_MASK, located, known)
        talon_shown = v.talon & pool  # with the declarer or in his discard
        in_play = v.playing or v.active  # the seats whose cards are in play
        counts = []
        for s in range(n):
            if s == me:
                counts.append(v.hand.bit_count())
            elif s not in in_play:
                counts.append(0)
            else:
                counts.append(10 - played_by[s])
        allowed = []
        for s in range(n):
            if s == me or s not in in_play:
                allowed.append(known[s])
                continue
            m = pool | known[s]
            for suit in range(4):
                if voids[s] >> suit & 1:
                    m &= ~SUIT_MASKS[suit]
            if s != v.declarer:
                m &= ~talon_shown
            allowed.append(m | known[s])
        hidden_in_hands = sum(counts[s] - known[s].bit_count() for s in range(n))
        rest_count = pool.bit_count() - hidden_in_hands
        return Constraints("preferans", me, PIQUET_PACK_MASK, tuple(known), tuple(counts), tuple(allowed), pool,
                           rest_count, pool, located, trump)

    def weigher(self, v: Any, c: Constraints) -> Callable[[Sample], float] | None:
        from cardroom.bots.preferans import hand_value

        checks: list[tuple[int, int, int | None, bool]] = []  # seat, level, trump, declarer of a game
        for s in c.hidden():
            if s == v.declarer and v.kind == "game" and v.contract is not None and v.contract.is_game:
                checks.append((s, v.contract.level, v.contract.trump, True))
                continue
            if s == v.declarer and v.talon:
                continue  # his ten cards are no longer those he bid on
            levels = [x.level for seat, x in v.calls if seat == s and x.is_game]
            if levels:
                checks.append((s, max(levels), None, False))
        if not checks:
            return None
        played_by = v.table.played_by()

        def violation(sample: Sample) -> float:
            total = 0.0
            for s, level, trump, declarer in checks:
                hand = sample.hands[s] | played_by[s]
                if declarer:
                    total += max(0.0, level - PREF_DECLARER_SLACK - hand_value(hand, trump))
                else:
                    best = max(hand_value(hand, t) for t in (0, 1, 2, 3, None))
                    total += max(0.0, level - PREF_BID_SLACK - best)
            return total

        return violation

    def decide(self, bot: SearchBot, view: Any, v: Any) -> Evaluation | None:
        if v.phase == "play":
            setup = _play_setup(v)
            return None if setup is None else bot.search_play(view, v, setup)
        if v.phase == "declare":
            return _declare(bot, view, v)
        if v.phase == "whist":
            return _whist(bot, view, v)
        return None


def _play_setup(v: Any) -> PlaySetup | None:
    from cardroom.bots.search import PlaySetup
    from cardroom.solve.tricks import Position, best_moves

    if any(s < 0 for s, _ in v.trick) or v.kind not in ("game", "misere", "raspasy"):
        return None  # a talon card leads this trick (raspasy): the rule-based bot
    mover = v.hand_to_play if v.hand_to_play is not None else v.seat
    order = tuple(v.playing or v.active)
    leader = v.trick[0][0] if v.trick else mover
    trick = tuple(int(c) for _, c in v.trick)
    remaining = 10 - len(v.tricks)
    won = v.won
    if v.kind == "raspasy":
        def solve_r(sample: Sample) -> dict[Card, float]:
            pos = Position(sample.hands, order, leader, trick, None, True, frozenset({mover}), False, v.must_beat)
            return {Card(c): float(won[mover] + t) for c, t in best_moves(pos).items()}

        return PlaySetup(solve_r, lower_is_better=True)
    decl = v.declarer
    assert decl is not None and v.contract is not None
    misere = v.kind == "misere"
    trump = None if misere else v.contract.trump
    defence_won = sum(won[s] for s in order if s != decl)

    def solve(sample: Sample) -> dict[Card, float]:
        pos = Position(sample.hands, order, leader, trick, trump, True, frozenset({decl}), not misere, v.must_beat)
        got = best_moves(pos)
        if misere or mover == decl:
            return {Card(c): float(won[decl] + t) for c, t in got.items()}
        return {Card(c): float(defence_won + remaining - t) for c, t in got.items()}

    return PlaySetup(solve, lower_is_better=misere and mover == decl)


def _solve_contract(v: Any, sample: Sample, strain: int) -> int:
    """The declarer's tricks, open-handed, in a contract of ``strain`` from the first lead."""
    from cardroom.games.preferans.calls import STRAIN_SUIT
    from cardroom.solve.tricks import Position, solve

    decl = v.declarer
    order = tuple(v.active)
    pos = Position(sample.hands, order, order[0], (), STRAIN_SUIT[strain], True, frozenset({decl}), True,
                   v.must_beat)
    return solve(pos)


def _value(v: Any, call: Any) -> int:
    """A game's worth on the variant's sheet (the view's ``game_value``; the Sochi price without one)."""
    return v.game_value(call) if v.game_value is not None else pref_price(call.level)


def _declare(bot: SearchBot, view: Any, v: Any) -> Evaluation | None:
    """The contract named after the talon: each strain solved on every sample, the candidate with the best
    expected score (``price`` if made, ``-price`` per undertrick if not; the price the variant's sheet gives the
    game: its level's price, the Greek cash box's value, F2's by the ordinal)."""
    from cardroom.games.preferans.calls import PrefCall

    legal = tuple(v.legal)
    contracts = [c for c in legal if type(c) is PrefCall and c.is_game]
    if not contracts or len(contracts) != len(legal) or v.declarer != v.seat:
        return None
    strains = sorted({c.strain for c in contracts})
    tricks = dict.fromkeys(strains, 0.0)
    score = dict.fromkeys(contracts, 0.0)
    n = 0
    for sample in bot.draws(v):
        n += 1
        got = {st: _solve_contract(v, sample, st) for st in strains}
        for st in strains:
            tricks[st] += got[st]
        for c in contracts:
            t = got[c.strain]
            p = _value(v, c)
            score[c] += p if t >= c.level else -p * (c.level - t)
    avg_t: dict[Any, float | None] = {c: tricks[c.strain] / n for c in contracts}
    avg_s = {c: score[c] / n for c in contracts}
    return bot.scored(view, legal, avg_t, avg_s, False, n, "points")


def _whist(bot: SearchBot, view: Any, v: Any) -> Evaluation | None:
    """Whether to whist: defence tricks on every sample, ``price`` per trick, minus the obligation's
    shortfall at ``GORA_IN_WHISTS`` whists per gora point; passing is 0; a half-whist earns half the
    obligation unplayed."""
    from cardroom.bots.preferans import OBLIGATION
    from cardroom.games.preferans.calls import HALF_WHIST, PASS, WHIST

    legal = tuple(v.legal)
    if not v.hand or v.contract is None or not v.contract.is_game or v.declarer is None:
        return None
    if any(a not in (WHIST, PASS, HALF_WHIST) for a in legal):
        return None  # the Ural dealer's choice of a hand: the rule-based bot
    level = v.contract.level
    price = _value(v, v.contract)
    ob = OBLIGATION.get(level, 0)
    total_d = 0.0
    whist = 0.0
    n = 0
    for sample in bot.draws(v):
        n += 1
        t = _solve_contract(v, sample, v.contract.strain)
        d = 10 - t
        total_d += d
        whist += price * d - GORA_IN_WHISTS * price * max(0, ob - d)
    scores: dict[Any, float] = {}
    tricks: dict[Any, float | None] = {}
    for a in legal:
        if a == WHIST:
            scores[a], tricks[a] = whist / n, total_d / n
        elif a == HALF_WHIST:
            scores[a], tricks[a] = float(price * (ob // 2)), None
        else:
            scores[a], tricks[a] = 0.0, None
    return bot.scored(view, legal, tricks, scores, False, n, "points")


ADAPTER = PrefSearch()
