"""Euchre for the search bot (:mod:`cardroom.bots.search`): the constraints of a hand's view on the
hidden cards (the turn-up on the table is nobody's; taken up, it is in the dealer's hand until played;
voids by effective suits, the left bower a trump), the soft filter by the calls so far (those the
rule-based bot would have made), and the searches: the play (the bowers remapped to natural ranks for
:mod:`cardroom.solve.tricks`) and the trump calls, each candidate rolled out on every sample
(docs/bots/search.md)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from cardroom.bots.sampling import Constraints, Sample, SearchAdapter, unseen
from cardroom.core.cards import PIQUET_PACK_MASK, Card, Suit
from cardroom.core.errors import CardroomError, Reason

if TYPE_CHECKING:
    from cardroom.bots.search import Evaluation, PlaySetup, SearchBot

__all__ = ["ADAPTER", "EuchreSearch", "euchre_card_map"]


def euchre_card_map(trump: int) -> dict[int, int]:
    """The euchre pack under ``trump`` mapped to natural suits and ranks for the solver (the one bower
    remap, :func:`cardroom.solve.euchre.card_map`)."""
    from cardroom.solve.euchre import card_map

    return dict(card_map(Suit(trump)))


class EuchreSearch(SearchAdapter):
    bid_margin = 0.5  # points of the hand

    def constraints(self, v: Any) -> Constraints:
        from cardroom.games.euchre.ranks import effective_suit, effective_suit_mask

        if v.phase == "deal":
            raise CardroomError(Reason("search.before_deal"))
        me = int(v.seat)
        trump = v.trump
        out = v.sitting_out
        laid: int | None = None
        if out is not None and v.phase != "takeover" and not (v.phase == "discard" and out == v.dealer):
            laid = int(out)
        played = 0
        played_by = [0, 0, 0, 0]
        voids = [0, 0, 0, 0]  # bit s: void in effective suit s
        for plays in [t.plays for t in v.tricks] + [v.trick]:
            if not plays:
                continue
            assert trump is not None
            led = effective_suit(plays[0][1], trump)
            for who, c in plays:
                played |= 1 << c
                played_by[int(who)] += 1
                if effective_suit(c, trump) != led:
                    voids[int(who)] |= 1 << int(led)
        known = [0, 0, 0, 0]
        known[me] = v.hand
        located = played
        tu = v.turn_up
        dealer = int(v.dealer)
        if tu is not None:
            if v.turn_up_state == "taken up":
                if laid == dealer:
                    located |= 1 << tu  # in the laid-down hand: out of play, but the seat knows where
                elif dealer != me:
                    known[dealer] |= 1 << tu
            else:
                located |= 1 << tu  # on the table (on the pack, turned down, dead)
        pool = unseen(PIQUET_PACK_MASK, located, known)
        counts = []
        for s in range(4):
            if s == laid:
                counts.append(0)
            elif s == me:
                counts.append(v.hand.bit_count())
            else:
                extra = 1 if (v.phase == "discard" and s == dealer) else 0
                counts.append(5 + extra - played_by[s])
        allowed = []
        for s in range(4):
            if s in (me, laid):
                allowed.append(known[s])
                continue
            m = pool | known[s]
            if trump is not None:
                for suit in range(4):
                    if voids[s] >> suit & 1:
                        m &= ~effective_suit_mask(Suit(suit), trump)
            allowed.append(m | known[s])
        hidden_in_hands = sum(counts[s] - known[s].bit_count() for s in range(4))
        rest_count = pool.bit_count() - hidden_in_hands
        return Constraints("euchre", me, PIQUET_PACK_MASK, tuple(known), tuple(counts), tuple(allowed), pool,
                           rest_count, pool, located, None if trump is None else int(trump))

    def weigher(self, v: Any, c: Constraints) -> Callable[[Sample], float] | None:
        if v.calls and v.phase in ("round1", "round2", "takeover") and v.turn_up is not None:
            return lambda sample: float(_call_misfits(v, sample))
        return None

    def decide(self, bot: SearchBot, view: Any, v: Any) -> Evaluation | None:
        if v.phase == "play":
            return bot.search_play(view, v, _play_setup(v))
        if v.phase in ("round1", "round2", "takeover"):
            return _bid(bot, view, v)
        return None


def _call_misfits(v: Any, sample: Sample) -> int:
    """How many of the other seats' calls so far the rule-based bot would not have made with the sampled
    hands (the making of the trump: the hands are still as dealt)."""
    from cardroom.bots.euchre import EuchreBot
    from cardroom.games.euchre.rules import EuchreDeal, EuchreHand

    h = sample.hands
    hand = EuchreHand(dealer=v.dealer)
    hand.apply(EuchreDeal((h[0], h[1], h[2], h[3]), v.turn_up, sample.rest))
    bot = EuchreBot(seed=0)
    misfits = 0
    for seat, text in v.calls:
        action = hand.parse_action(text)
        if int(seat) != int(v.seat) and bot.choose(hand.view(int(seat))) != action:
            misfits += 1
        hand.apply(action)
    return misfits


def _play_setup(v: Any) -> PlaySetup:
    from cardroom.bots.search import PlaySetup
    from cardroom.solve.euchre import to_solver
    from cardroom.solve.tricks import Position, best_moves

    assert v.trump is not None and v.maker is not None
    trump = int(v.trump)
    m = euchre_card_map(trump)
    back = {b: a for a, b in m.items()}
    out = None if v.sitting_out is None else int(v.sitting_out)
    order = tuple(s for s in range(4) if s != out)
    mover = int(v.seat)
    makers = int(v.maker) & 1
    side = frozenset(s for s in order if s & 1 == makers)
    leader = int(v.trick_leader)
    trick = tuple(m[int(c)] for _, c in v.trick)
    remaining = 5 - len(v.tricks)
    mine = v.won[mover & 1]

    def solve(sample: Sample) -> dict[Card, float]:
        hands = tuple(to_solver(h, Suit(trump)) if s in order else 0 for s, h in enumerate(sample.hands))
        pos = Position(hands, order, leader, trick, trump, False, side, True)
        got = best_moves(pos)
        if mover & 1 == makers:
            return {Card(back[c]): float(mine + t) for c, t in got.items()}
        return {Card(back[c]): float(mine + remaining - t) for c, t in got.items()}

    return PlaySetup(solve)


def _bid(bot: SearchBot, view: Any, v: Any) -> Evaluation | None:
    """Order up / assist / take up / go alone / take it from the partner / make a suit: each candidate
    rolled out on every sample, expected points of the hand for the bot's side (Laws 2–3)."""
    legal = tuple(v.legal)
    if v.turn_up is None:
        return None
    tricks = dict.fromkeys(legal, 0.0)
    points = dict.fromkeys(legal, 0.0)
    n = 0
    for sample in bot.draws(v):
        n += 1
        for a in legal:
            mine, pts = _rollout(v, sample, a, bot.seed)
            tricks[a] += mine
            points[a] += pts
    avg_t: dict[Any, float | None] = {a: tricks[a] / n for a in legal}
    avg_p = {a: points[a] / n for a in legal}
    return bot.scored(view, legal, avg_t, avg_p, False, n, "points")


def _rollout(v: Any, sample: Sample, action: Any, seed: int) -> tuple[float, float]:
    """One candidate declaration on one sample: the hand is rebuilt from the sample (the calls of the view
    replayed), ``action`` applied, the rest of the making of the trump (and the dealer's discard) decided
    by the rule-based bots, then the play solved open-handed. Returns the viewing side's tricks and its
    points minus the opponents' (Laws 2–3); a hand thrown in counts 0."""
    from cardroom.bots.euchre import EuchreBot
    from cardroom.games.euchre.rules import EuchreDeal, EuchreHand
    from cardroom.games.euchre.scoring import score_hand
    from cardroom.solve.euchre import to_solver
    from cardroom.solve.tricks import Position, solve

    hand = EuchreHand(dealer=v.dealer)
    h = sample.hands
    hand.apply(EuchreDeal((h[0], h[1], h[2], h[3]), v.turn_up, sample.rest))
    for _, text in v.calls:
        hand.apply(hand.parse_action(text))
    hand.apply(action)
    bot = EuchreBot(seed=seed)
    while not hand.is_over and hand.phase != "play":
        s = int(hand.to_act or 0)
        hand.apply(bot.choose(hand.view(s)))
    mine = int(v.seat) & 1
    if hand.is_over or hand.trump is None or hand.maker is None:
        return 0.0, 0.0  # thrown in
    trump = int(hand.trump)
    out = None if hand.sitting_out is None else int(hand.sitting_out)
    order = tuple(s for s in range(4) if s != out)
    mapped = tuple(to_solver(x, Suit(trump)) if s in order else 0 for s, x in enumerate(hand.hands))
    makers = int(hand.maker) & 1
    side = frozenset(s for s in order if s & 1 == makers)
    mt = solve(Position(mapped, order, int(hand.trick_leader), (), trump, False, side, True))
    hs = score_hand(mt, hand.lone is not None)
    pts = float(hs.makers_points - hs.adversaries_points)
    if makers != mine:
        return float(5 - mt), -pts
    return float(mt), pts


ADAPTER = EuchreSearch()
