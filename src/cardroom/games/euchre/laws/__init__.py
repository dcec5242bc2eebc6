"""The laws of euchre on irregularities (document 003, Laws 22–105; etiquette 106–116) and the director
that applies them to an :class:`~cardroom.games.euchre.rules.EuchreHand` in laws mode.

``TABLE`` is the law table (:class:`~cardroom.core.laws.LawTable`): every law of 22–116 with its
ruling, options, chooser and the Russian source. Laws 22–45 (shuffle, cut, deal, misdeals) are
rulings on the deal, applied through the pure functions of :mod:`cardroom.games.euchre.dealing`
(the engine deals in one chance action); the etiquette 106–116 is guidance, no penalty.
:class:`Director` holds a hand's laws state and turns an irregular action into a ruling and a chosen
option into its effect.

The package: ``table.toml`` (the law table as data) read by :mod:`.table`; :mod:`.director` (the
hand's laws state, parsing); :mod:`.contexts` (a dataclass per kind of pending ruling); :mod:`.base`
(recording, ruling, the restricted plays, the handler registry); :mod:`.irregular` (an irregular action
classified into its irregularity); :mod:`.handlers` (what each chosen option does); :mod:`.engine`
(apply, dispatch); :mod:`.score` (the hand's entries); :mod:`.offtable` (pure rulings);
:mod:`.practice` (random irregular actions).

Actions of laws mode (the text is what records store):

* ``!SEAT CARD`` — a card by SEAT that the rules do not allow: a lead out of turn (Laws 52, 104, 105),
  a play out of turn (58, 59), a revoke (62; 54 when a penalty is disobeyed), a lead before the
  discard (87, 89), a card of the lone player's partner (100).
* ``!SEAT CARD CARD`` — two cards played at once (Law 46 I).
* ``!SEAT expose CARD`` (46 II; 95 before declaring; 102, 104), ``!SEAT floor CARD`` (46: not exposed),
  ``!SEAT lift`` (the dealer lifts the turn-up into his hand, 46 III, 91), ``!SEAT throw`` (the hand
  thrown face up: 48, 50; the dealer in the second round: 82), ``!SEAT remark`` (attention to the
  trick, 83), ``!SEAT correct`` (a revoke corrected in time, 69), ``!SEAT count`` (the laid-down
  hand counted, 103).
* ``!SEAT DECLARATION`` — a declaration out of turn or after passing (79, 80, 82), ``!SEAT mention H``
  (the suit meant, 79), ``!SEAT alone`` after naming the trump (97), ``!SEAT take it from you`` too
  late (99).
* ``ruling LAW OPTION`` — the choice of the seat to act under the pending ruling.

The engine quits a trick as soon as its last card is played (Law 64: a revoke is then established).
"""

from cardroom.games.euchre.laws.base import base_plays, legal_actions, restricted_plays
from cardroom.games.euchre.laws.director import Director, Revoke, parse_law_action
from cardroom.games.euchre.laws.engine import apply
from cardroom.games.euchre.laws.offtable import (
    all_thrown_ruling,
    count_ruling,
    false_lead_followed,
    hurry_ruling,
    may_correct_revoke,
    may_search_tricks,
    missed_trick_ruling,
    penalty_right,
    question_allowed,
    revoke_claim_admitted,
    revoke_established,
    separated_card_ruling,
    thrown_hand_ruling,
    two_cards_ruling,
    withdrawals,
)
from cardroom.games.euchre.laws.practice import random_irregular
from cardroom.games.euchre.laws.score import finish_entries
from cardroom.games.euchre.laws.table import ETIQUETTE, ETIQUETTE_LAWS, REQUIRE_OPTIONS, SUITS, TABLE, guidance

__all__ = [
    "ETIQUETTE", "ETIQUETTE_LAWS", "REQUIRE_OPTIONS", "SUITS", "TABLE", "Director", "Revoke", "all_thrown_ruling",
    "apply", "base_plays", "count_ruling", "false_lead_followed", "finish_entries", "guidance", "hurry_ruling",
    "legal_actions", "may_correct_revoke", "may_search_tricks", "missed_trick_ruling", "parse_law_action",
    "penalty_right", "question_allowed", "random_irregular", "restricted_plays", "revoke_claim_admitted",
    "revoke_established", "separated_card_ruling", "thrown_hand_ruling", "two_cards_ruling", "withdrawals",
]
