"""The euchre laws that rule away from the engine's moves, as pure functions (Laws 47-103)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from cardroom.core.cards import Card
from cardroom.core.errors import CardroomError, Reason
from cardroom.core.table import Seat
from cardroom.games.euchre.laws.table import TABLE

if TYPE_CHECKING:
    pass


def hurry_ruling(cards_played: int) -> dict[str, Any]:
    """Law 47: a player plays the best card and leads again without waiting: the adversaries may require
    his partner to win, if he can, the first or any other of those tricks; the other cards are exposed."""
    return {"chooser": "adversaries", "partner_may_be_required_to_win": True,
            "exposed": max(cards_played - 1, 0)}


def thrown_hand_ruling(thrower_keeps: bool = False) -> dict[str, Any]:
    """Law 48: cards thrown face up are exposed, callable by the adversaries; who keeps his hand keeps it."""
    return {"exposed": not thrower_keeps, "callable_by": "adversaries", "others_forced_to_abandon": False}


def all_thrown_ruling(revoke_established: bool) -> dict[str, Any]:
    """Law 49: all four hands face up: abandoned, not retaken; no claim unless a revoke is established."""
    return {"abandoned": True, "retaken": False, "claim_allowed": revoke_established}


def separated_card_ruling(named: Card, actual: Card) -> dict[str, Any]:
    """Law 51: the adversary names a card pulled out of the hand: rightly, it is liable to be called;
    wrongly, his own side risks a suit call at its next lead."""
    if named == actual:
        return {"liable_to_be_called": actual, "suit_call_on_namer_side": False}
    return {"liable_to_be_called": None, "suit_call_on_namer_side": True}


def false_lead_followed(followers: int) -> dict[str, Any]:
    """Law 53: ``followers`` played to a lead out of turn (1–3). All three: the trick stands, no penalty;
    fewer: their cards are taken back, unpenalised, and only the leader is penalised (Law 52)."""
    if not 1 <= followers <= 3:
        raise CardroomError(Reason("euchre.followers", followers=followers))
    if followers == 3:
        return {"trick_stands": True, "taken_back": False, "penalty_law": None}
    return {"trick_stands": False, "taken_back": True, "followers_penalised": False, "penalty_law": "L52"}


def missed_trick_ruling(option: str) -> dict[str, Any]:
    """Law 60: the adversaries choose a new deal, or the deal stands with the surplus card counted to
    the incomplete trick (not a revoke there)."""
    TABLE.law("L60").option(option)
    if option == "new-deal":
        return {"new_deal": True}
    return {"new_deal": False, "surplus_card_played_to_trick": True, "revoke_there": False}


def two_cards_ruling(found_in_play: bool) -> dict[str, Any]:
    """Law 61: two cards to one trick (or a card mixed into a trick)."""
    if found_in_play:
        return {"count_tricks_face_down": True, "surplus_returned": True, "answerable_for_revokes": True}
    return {"count_tricks_face_down": False, "surplus_returned": False, "answerable_for_revokes": True}


def revoke_established(trick_quitted: bool, side_played_next: bool, asked_before_quitting: bool = False,
                       answered_no: bool = False, mixed_after_claim: bool = False) -> bool:
    """Laws 64, 65, 67: is the revoke established?"""
    if mixed_after_claim or side_played_next or answered_no:
        return True
    if asked_before_quitting:
        return False
    return trick_quitted


def may_correct_revoke(trick_quitted: bool, asked_before_quitting: bool = False, answered_no: bool = False,
                       side_played_next: bool = False) -> bool:
    """Laws 65, 69: a revoke may be corrected before the trick is quitted, or after it when the partner
    asked before the quitting — never once answered "no" or once the revoker's side played on."""
    if answered_no or side_played_next:
        return False
    return not trick_quitted or asked_before_quitting


def revoke_claim_admitted(next_pack_cut: bool) -> bool:
    """Law 68: no revoke claim after the cards are cut for the next deal."""
    return not next_pack_cut


def may_search_tricks(end_of_hand: bool) -> bool:
    """Law 66: the claimants of a revoke may search all the tricks at the end of the hand."""
    return end_of_hand


def withdrawals(order: Sequence[Seat], revoker: Seat) -> dict[Seat, bool]:
    """Law 69: who of those who played after the revoker may take back his card: adversaries yes,
    his partner no."""
    i = list(order).index(revoker)
    return {s: s.side != revoker.side for s in order[i + 1:]}


def question_allowed(kind: str, trick_touched: bool = False) -> bool:
    """Law 84: "who played this card?" is not allowed; placing the trick's cards is, until touched."""
    if kind == "who-played":
        return False
    if kind == "place-cards":
        return not trick_touched
    raise CardroomError(Reason("euchre.law84_kind", kind=kind))


def penalty_right(consulted: bool, demanded: bool) -> dict[str, bool]:
    """Law 85: consulting loses the right to a penalty; a demand made is final."""
    return {"right_lost": consulted, "final": demanded and not consulted}


def count_ruling(cards: int, lone: bool) -> dict[str, Any]:
    """Law 103: the adversaries may count the laid-down hand; not five cards is Law 90."""
    if cards == 5:
        return {"count_allowed": True, "law90": False, "loss": 0}
    return {"count_allowed": True, "law90": True, "loss": 4 if lone else 2, "scores_nothing": True}
