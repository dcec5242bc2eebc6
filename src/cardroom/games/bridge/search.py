"""Contract bridge for the search bot (:mod:`cardroom.bots.search`): the constraints of a deal's view on
the hidden cards, the soft filter by the auction (the ranges the rule-based bot's system shows), and
the search of the play (each sample solved double dummy by DDS). The auction is the rule-based bot's.

Auction and straight bridge use the same adapter (:mod:`cardroom.games.oldbridge.search`); only
contract bridge's auction is read by the rule-based bot's system, so only it is weighed."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from cardroom.bots.sampling import Constraints, Sample, SearchAdapter, unseen
from cardroom.core.cards import FULL_PACK_MASK, SUIT_MASKS, Card
from cardroom.core.errors import CardroomError, Reason

if TYPE_CHECKING:
    from cardroom.bots.search import Evaluation, PlaySetup, SearchBot

__all__ = ["ADAPTER", "BRIDGE_SLACK", "BridgeSearch", "dds_best_moves"]

BRIDGE_SLACK = 2.0
"""Points of slack in the soft filter: a hidden hand's points may fall this far outside the range shown."""


def dds_best_moves(hands: tuple[int, ...], leader: int, trick: tuple[int, ...], trump: int | None) -> dict[int, int]:
    """Every legal card of the bridge hand to play -> tricks its side takes from the current trick on,
    double dummy. ``hands``: the four hands now (N E S W), the current trick's cards already out of
    them; ``leader`` the seat that led ``trick``. Through :func:`cardroom.solve.dds.best_moves` (the
    side counted is the mover's), whose gate makes DDS safe from many threads at once."""
    from cardroom.core.table import Seat
    from cardroom.solve.dds import BridgePosition, best_moves

    mover = Seat((leader + len(trick)) % 4)
    return best_moves(BridgePosition(tuple(hands), Seat(leader), mover, tuple(trick), trump))


class BridgeSearch(SearchAdapter):
    """The bridges' adapter: four hands of 13, a dummy exposed after the opening lead."""

    bid_margin = 0.0

    def constraints(self, v: Any) -> Constraints:
        if v.phase == "deal":
            raise CardroomError(Reason("bridge.sample_before_deal"))
        if getattr(v, "laws", False):
            # document 002's laws mode: a revoke leaves a player who did not follow holding the suit, and
            # penalty cards change what is known; the facts above would not be facts
            raise CardroomError(Reason("bridge.sample_laws"))
        played = 0
        played_by = [0, 0, 0, 0]
        voids = [0, 0, 0, 0]  # bit s: void in suit s
        tricks = [(t.leader, t.cards) for t in v.tricks] + [(v.trick_leader, v.trick)]
        for leader, cards in tricks:
            if not cards:
                continue
            led = cards[0] // 13
            for i, c in enumerate(cards):
                s = (int(leader) + i) % 4
                played |= 1 << c
                played_by[s] += 1
                if c // 13 != led:
                    voids[s] |= 1 << led
        me = int(v.seat)
        seen = self.seen_hands(v)
        known = [seen.get(s, 0) for s in range(4)]
        pool = unseen(FULL_PACK_MASK, played, known)
        allowed = []
        for s in range(4):
            if s in seen:
                allowed.append(known[s])
                continue
            m = pool
            for suit in range(4):
                if voids[s] >> suit & 1:
                    m &= ~SUIT_MASKS[suit]
            allowed.append(m)
        counts = tuple(13 - played_by[s] for s in range(4))
        return Constraints("bridge", me, FULL_PACK_MASK, tuple(known), counts, tuple(allowed), pool, 0, 0, played,
                           v.table.trump)

    @staticmethod
    def seen_hands(v: Any) -> dict[int, int]:
        """The hands the view shows whole, by seat: its own and the dummy once exposed (a view's
        ``seen_hands()`` where it says otherwise: double dummy's)."""
        other = getattr(v, "seen_hands", None)
        got = other() if other is not None else None
        if got is not None:
            return dict(got[0])
        seen = {int(v.seat): v.hand}
        if v.dummy is not None and v.dummy_hand is not None:
            seen[int(v.dummy)] = v.dummy_hand
        return seen

    def weighs_auction(self, v: Any) -> bool:
        """Whether the rule-based bot's system reads this deal's calls (contract bridge's only)."""
        return False

    def weigher(self, v: Any, c: Constraints) -> Callable[[Sample], float] | None:
        if not (self.weighs_auction(v) and v.calls):
            return None
        from cardroom.bots.bridge import Auction, hand_eval

        try:
            shown = Auction(v.dealer, v.calls).shown
        except Exception:  # the rule-based bot cannot read this auction (a call outside its system)
            return None
        checks = []
        for s in c.hidden():
            sh = shown[s]
            if sh.lo > 0 or sh.hi < 37 or any(sh.min_len) or any(x < 13 for x in sh.max_len):
                checks.append((s, sh.lo, sh.hi, tuple(sh.min_len), tuple(sh.max_len)))
        if not checks:
            return None
        played_by = v.table.played_by()

        def violation(sample: Sample) -> float:
            total = 0.0
            for s, lo, hi, min_len, max_len in checks:
                h = hand_eval(sample.hands[s] | played_by[s])
                total += max(0.0, lo - h.points - BRIDGE_SLACK) + max(0.0, h.hcp - hi - BRIDGE_SLACK)
                for suit in range(4):
                    n = h.lens[suit]
                    total += max(0, min_len[suit] - n) + max(0, n - max_len[suit])
            return total

        return violation

    def searches_play(self, v: Any) -> bool:
        """Whether the play of this deal is searched (not in laws mode)."""
        return not getattr(v, "laws", False)

    def decide(self, bot: SearchBot, view: Any, v: Any) -> Evaluation | None:
        if v.phase == "play" and self.searches_play(v):
            return bot.search_play(view, v, self.play_setup(v))
        return None

    @staticmethod
    def play_setup(v: Any) -> PlaySetup:
        from cardroom.bots.search import PlaySetup

        mover = int(v.hand_to_play)
        side = mover & 1
        won = v.won[side]
        leader = int(v.trick_leader)
        trick = tuple(int(c) for c in v.trick)
        assert v.contract is not None
        trump = v.table.trump

        def solve(sample: Sample) -> dict[Card, float]:
            got = dds_best_moves(sample.hands, leader, trick, trump)
            return {Card(c): float(won + t) for c, t in got.items()}

        return PlaySetup(solve)


class ContractBridgeSearch(BridgeSearch):
    """Contract bridge: the auction weighed by the rule-based bot's system."""

    def weighs_auction(self, v: Any) -> bool:
        return True


ADAPTER = ContractBridgeSearch()
