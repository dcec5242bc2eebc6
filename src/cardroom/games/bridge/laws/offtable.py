"""The laws that act away from the table, as pure functions (L1, L3, L4, L27, L30, L31, L34-L36), and the
exhaustive search of the tricks a side cannot lose (L36)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from cardroom.core.cards import SUIT_MASKS, Card, cards_of_mask
from cardroom.core.table import Seat

if TYPE_CHECKING:
    from cardroom.games.bridge.rules import BridgeDeal


def minimum_tricks(deal: BridgeDeal, side: int, limit: int = 4) -> int | None:
    """The fewest tricks ``side`` can take from here whatever anyone plays (all four hands conspiring
    against it), by exhaustive search; None when more than ``limit`` tricks remain (L36)."""
    remaining = 13 - len(deal.tricks)
    if remaining > limit:
        return None
    from cardroom.core.tricks import natural_winner

    hands0 = tuple(deal.hands)
    memo: dict[tuple[tuple[int, ...], int, tuple[int, ...]], int] = {}

    def go(hands: tuple[int, ...], leader: int, trick: tuple[int, ...]) -> int:
        key = (hands, leader, trick)
        if key in memo:
            return memo[key]
        seat = (leader + len(trick)) % 4
        hand = hands[seat]
        if not hand and not trick:
            return 0
        follow = hand & SUIT_MASKS[trick[0] // 13] if trick else 0
        options = follow or hand
        best = 99
        for c in cards_of_mask(options):
            hs = list(hands)
            hs[seat] &= ~(1 << c)
            t = (*trick, int(c))
            if len(t) == 4:
                w = (leader + natural_winner([Card(x) for x in t], deal.trump)) % 4
                v = (1 if w % 2 == side else 0) + go(tuple(hs), w, ())
            else:
                v = go(tuple(hs), leader, t)
            best = min(best, v)
        memo[key] = best
        return best

    return go(hands0, int(deal.leader), tuple(int(c) for c in deal.trick))


def cheating_remedy() -> tuple[bool, str]:
    """L1: (handled by the penalty laws?, remedy) for a deliberate violation."""
    return (False, "ostracism")


def may_call_attention(seat: Seat, dummy: Seat | None, dummy_forfeited: bool) -> bool:
    """L3/L21: any player; dummy only while he keeps his rights."""
    return not (seat == dummy and dummy_forfeited)


def may_give_information(seat: Seat) -> bool:
    """L3: any player may give or obtain information about the law."""
    return True


def penalty_selectors(offender: Seat, phase: str, declarer: Seat | None = None) -> list[Seat]:
    """L4: who may select the penalty — either opponent except dummy (in the play, declarer when a
    defender offends; the defenders when declarer's side offends)."""
    opponents = [offender.lho, offender.rho]
    if phase == "auction" or declarer is None:
        return sorted(opponents)
    dummy = declarer.partner
    return sorted(s for s in opponents if s != dummy)


def right_to_penalise(consulted: bool) -> bool:
    """L4: consultation between the partners about the penalty cancels the right."""
    return not consulted


def may_inspect_quitted_tricks(ns_consent: bool, ew_consent: bool) -> bool:
    """L27: a revoke alleged before the end of play lets quitted tricks be inspected only with the
    consent of both sides."""
    return ns_consent and ew_consent


def is_revoke(suit_led: int, holding: int, card: Card) -> bool:
    """L27: a card of another suit when the player could follow the suit led."""
    return card.suit != suit_led and bool(holding & SUIT_MASKS[suit_led])


def revoke_penalty(revokes: Sequence[tuple[Seat, int, int]], trick_winners: Sequence[int]) -> int:
    """L30: tricks transferred for the established revokes of ONE side, ``(seat, suit, trick number
    from 1)`` each, given the side that won each trick (``trick_winners[i]`` is 0 NS / 1 EW) and the
    revoking side being the side of the revokers. A second revoke by the same player in the same
    suit carries no penalty; each other revoke takes up to two tricks from those the side won from
    its revoke trick on and not yet transferred."""
    if not revokes:
        return 0
    side = revokes[0][0] & 1
    seen: set[tuple[int, int]] = set()
    taken = 0
    for seat, suit, trick in sorted(revokes, key=lambda r: r[2]):
        if (seat, suit) in seen:
            continue
        seen.add((seat, suit))
        available = sum(1 for w in trick_winners[trick - 1:] if w == side) - taken
        taken += max(0, min(2, available))
    return taken


def cards_to_add(holding: int, suit_led: int) -> list[Card]:
    """L31: the cards a player who omitted to play to a trick may add: those he could legally have
    played (the suit led if he holds it)."""
    same = holding & SUIT_MASKS[suit_led]
    return cards_of_mask(same or holding)


def defective_trick_correctable(each_side_played_to_next: bool) -> bool:
    """L31: a defective trick may be corrected until a player of each side has played to the next."""
    return not each_side_played_to_next


def surplus_cards_rule(cards_played_to_trick: int, wins_with_last_card: bool, seat: Seat) -> dict[str, Any]:
    """L31: a player who played ``n`` > 1 cards to one trick sits out the last n-1 tricks; if he wins a
    trick with his last card, the lead passes to his left."""
    return {"skips_last_tricks": max(0, cards_played_to_trick - 1),
            "next_leader": seat.lho if wins_with_last_card else None}


def score_correctable(kind: str, agreed: bool, deals_dealt_since: int, players_agreeing: int = 0) -> bool:
    """L34: ``kind`` "part-score"/"game" (a part-score entry, awarding a game) or "other"; ``deals_dealt_since``
    counts the correct deals whose last card has been dealt after the deal of the error."""
    if agreed:
        return False
    if kind in ("part-score", "game") and deals_dealt_since >= 2:
        return players_agreeing >= 3
    return True


def pack_defect_affects_scores(found_after_mixing: bool) -> bool:
    """L35: a defect found after the cards are mixed does not affect the scores; found earlier, the deal
    in progress is void (cardroom's reading: not stated in the document)."""
    return not found_after_mixing


def concession_stands(tricks_won: int, credited_after_concession: int, attention_before_mixing: bool) -> bool:
    """L36: conceding a trick the side had already won (credited < won) is void if attention is drawn
    before the cards are mixed."""
    if credited_after_concession >= tricks_won:
        return True
    return not attention_before_mixing
