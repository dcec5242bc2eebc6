"""The laws of contract bridge (document 002, digest contract-laws.md L1–L36) and the director that
applies them to a :class:`~cardroom.games.bridge.rules.BridgeDeal` in laws mode.

The package: ``table.toml`` (the law table as data) read by :mod:`.table`; :mod:`.actions` (claims,
parsing); :mod:`.director` (the deal's laws state); :mod:`.contexts` (a dataclass per kind of pending
ruling); :mod:`.base` (recording, ruling, the restricted calls and plays); :mod:`.irregular` (an
irregular action classified into its irregularity); :mod:`.handlers_auction` and :mod:`.handlers_play`
(what each chosen option does, registered by context type, and the deal's hooks); :mod:`.engine`
(apply, dispatch); :mod:`.offtable` (the laws away from the table); :mod:`.practice` (random irregular
actions).

``TABLE`` is the law table (:class:`~cardroom.core.laws.LawTable`): every law of the document, its
options, who chooses, when the right lapses and the Russian source. :class:`Director` holds a deal's
laws state (pending ruling, barred players, lead rights and restrictions, penalty cards, revokes,
claims) and turns an irregular action into a ruling and a chosen option into its effect.

Actions of laws mode (their text is what records store):

* ``!SEAT CALL`` / ``!SEAT CARD`` — a call or card by SEAT (a card from dummy is ``!N …`` when North is
  dummy): out of turn, insufficient, inadmissible, over seven (``!E 8D``), by a barred player, after
  the auction, a revoke, a lead from the wrong hand, premature play.
* ``!SEAT expose C1 C2…`` (a card shown), ``!SEAT expose`` (declarer faces his hand: a claim, L22),
  ``!SEAT remark [SUIT|CARD]`` (L5), ``!SEAT correct CALL`` (an inadvertent call corrected at once, L8),
  ``!SEAT change CALL`` (a later change, L8), ``!SEAT look`` (dummy looks at a hand, L21),
  ``!SEAT warn`` (dummy warns declarer about the hand to lead from, L21b), ``!SEAT ask`` (is it a
  revoke? L27, L21c), ``!SEAT show`` (a defender shows his hand to his partner, L33),
  ``!SEAT reshuffle`` (before the deal, L2).
* ``claim SEAT N`` — SEAT's side claims N of the remaining tricks; ``concede SEAT N`` — it concedes N.
* ``ruling LAW OPTION`` — the choice of the seat to act under the pending ruling.

Laws that concern what happens after a deal or away from the table (L1, L3, L4's consultation,
L27's inspection of quitted tricks, L31, L34, L35, L36 after the cards are mixed) are the pure
functions of :mod:`.offtable`.
"""

from cardroom.core.errors import IllegalAction
from cardroom.games.bridge.laws.actions import Claim, parse_irregular_call, parse_law_action
from cardroom.games.bridge.laws.base import base_plays, legal_actions, legal_calls, restricted_plays
from cardroom.games.bridge.laws.director import Director, LeadRight, Revoke
from cardroom.games.bridge.laws.engine import apply
from cardroom.games.bridge.laws.handlers_auction import hold_open, on_auction_end, on_call
from cardroom.games.bridge.laws.handlers_play import on_card
from cardroom.games.bridge.laws.offtable import (
    cards_to_add,
    cheating_remedy,
    concession_stands,
    defective_trick_correctable,
    is_revoke,
    may_call_attention,
    may_give_information,
    may_inspect_quitted_tricks,
    minimum_tricks,
    pack_defect_affects_scores,
    penalty_selectors,
    revoke_penalty,
    right_to_penalise,
    score_correctable,
    surplus_cards_rule,
)
from cardroom.games.bridge.laws.practice import random_irregular
from cardroom.games.bridge.laws.table import SUIT_LETTERS, TABLE, all_lead_option_names

__all__ = [
    "SUIT_LETTERS",
    "TABLE",
    "Claim",
    "Director",
    "IllegalAction",
    "LeadRight",
    "Revoke",
    "all_lead_option_names",
    "apply",
    "base_plays",
    "cards_to_add",
    "cheating_remedy",
    "concession_stands",
    "defective_trick_correctable",
    "hold_open",
    "is_revoke",
    "legal_actions",
    "legal_calls",
    "may_call_attention",
    "may_give_information",
    "may_inspect_quitted_tricks",
    "minimum_tricks",
    "on_auction_end",
    "on_call",
    "on_card",
    "pack_defect_affects_scores",
    "parse_irregular_call",
    "parse_law_action",
    "penalty_selectors",
    "random_irregular",
    "restricted_plays",
    "revoke_penalty",
    "right_to_penalise",
    "score_correctable",
    "surplus_cards_rule",
]
