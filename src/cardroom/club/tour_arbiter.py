"""The arbiter of a preferans tournament (document 004, the surviving rules; digest §11.3, vector
``pref-tour-adjusted-scores``): adjusted results and the rulings of 11.3–11.7, as pure decisions.

The decisions themselves are the laws module's (:mod:`cardroom.games.preferans.laws`, «document 004
§11»: ``wrong_count_ruling`` …); here each becomes a :class:`Ruling` that names the rule, what is done
with the deal (``action``), the fault of each seat for an artificial adjusted result, and whether a
penalty may follow; :meth:`Tournament.apply_ruling <cardroom.club.tournament.Tournament.apply_ruling>`
applies it to a running tournament.

* Artificial adjusted result (Б.1): 40 % of the top («средний минус») to a side fully at fault, 50 %
  («среднее») partly at fault, at least 60 % («средний плюс») not at fault (:data:`ARTIFICIAL`).
* Assigned result (Б.2): to the non-offending side the most favourable result likely without the
  irregularity, to the offending side the least favourable of the possible results
  (:func:`assigned_whists`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from cardroom.core.cards import Card
from cardroom.core.errors import CardroomError
from cardroom.games.preferans import laws
from cardroom.i18n.catalogue import Reason

FULL, PART, NONE = "full", "partial", "none"
FAULTS = tuple(laws.ADJUSTED)
ARTIFICIAL: Mapping[str, Fraction] = laws.ADJUSTED
"""Б.1: «40% от макса ("средний минус") … 50% ("среднее") … и по меньшей мере 60% ("средний плюс")»
(:func:`cardroom.games.preferans.laws.adjusted_score`)."""

# what is done with the deal
PLAY = "play"  # played (or goes on) normally
HAND_RECORDS = "hand_records"  # 11.3 А.1: the cards put right from the hand records, then played
CONSULT = "consult"  # 11.3 А.2: put right by consulting the players who played it earlier
REDEAL = "redeal"  # 11.3 А.3: the faulty deal dealt again
ARTIFICIAL_RESULT = "artificial"  # an artificial adjusted result
CANCEL = "cancel"  # the result cancelled (artificial results to those the ruling names)
RETURN_CARD = "return_card"  # 11.4 А.1: the card found goes back to the short hand
RECONSTRUCT = "reconstruct"  # 11.4 А.2, Б.2: the layout rebuilt on another deck
SPOILED = "spoiled"  # 11.4 Б.1 а): «применяется п. 10, т. е. сдача считается испорченной»
RESTORE = "restore"  # 11.4 Б.1 б): the short hand restored
ADD_CARD = "add_card"  # 11.5 А: the offender puts a card among his played cards
TAKE_BACK = "take_back"  # 11.5 Б: the offender takes his extra cards back
KEEP = "keep"  # 11.6 А.1: the result of the wrong deal stands
CANCEL_SECOND = "cancel_second"  # 11.6 Б: the repeated result cancelled
CORRECT = "correct"  # 11.7: corrected during the auction without essential distortion
ASSIGNED = "assigned"  # Б.2: an assigned result (whists by seat, :func:`assigned_whists`)
ACTIONS = (PLAY, HAND_RECORDS, CONSULT, REDEAL, ARTIFICIAL_RESULT, CANCEL, RETURN_CARD, RECONSTRUCT, SPOILED,
           RESTORE, ADD_CARD, TAKE_BACK, KEEP, CANCEL_SECOND, CORRECT, ASSIGNED)
REPLAYED = (HAND_RECORDS, CONSULT, REDEAL, RETURN_CARD, RECONSTRUCT, RESTORE, CORRECT, PLAY)
"""Actions after which the deal is played (again) with its right cards."""


class ArbiterError(CardroomError):
    """A ruling that cannot be made from what it was given (structured reason)."""


@dataclass(frozen=True)
class Ruling:
    """The arbiter's decision on one deal at one table."""

    rule: str  # "11.3", "11.4", …
    action: str
    faults: Mapping[int, str] = field(default_factory=dict)  # seat → fault, for artificial results
    keep: tuple[int, ...] = ()  # seats whose result stands although the deal is cancelled (11.3 В)
    cancelled: tuple[int, ...] = ()  # seats whose result is cancelled outright (11.6 Б)
    penalty: bool = False  # «судья может наказать виновного»
    revoke: bool = False  # 11.5 А.2: deemed to have revoked in the defective trick
    later: bool = False  # 11.6 А.2: the correct deal to be played later
    card_rule: str = ""  # 11.5: "led_suit", "any", "shown_or_highest"

    def to_dict(self) -> dict[str, object]:
        return {"rule": self.rule, "action": self.action, "faults": {str(k): v for k, v in self.faults.items()},
                "keep": list(self.keep), "cancelled": list(self.cancelled), "penalty": self.penalty,
                "revoke": self.revoke, "later": self.later, "card_rule": self.card_rule}


def artificial_share(fault: str, plus: Fraction = ARTIFICIAL[NONE]) -> Fraction:
    """The share of the top of an artificial adjusted result for a seat at ``fault``
    (:func:`cardroom.games.preferans.laws.adjusted_score`); ``plus`` the «средний плюс» given (at least 60 %)."""
    share = laws.adjusted_score(fault)
    if plus < ARTIFICIAL[NONE]:
        raise ArbiterError(Reason("tour.plus", pct=str(plus * 100)))
    return plus if fault == NONE else share


def faults_of(offenders: Iterable[int], partly: Iterable[int] = (), seats: Iterable[int] = range(4)) -> dict[int, str]:
    off, part = set(offenders), set(partly)
    return {s: FULL if s in off else PART if s in part else NONE for s in seats}


def assigned_whists(likely: Sequence[Sequence[Fraction | int]], possible: Sequence[Sequence[Fraction | int]],
                    offenders: Iterable[int]) -> tuple[Fraction, ...]:
    """Б.2 seat by seat (:func:`cardroom.games.preferans.laws.assigned_score`): each non-offending seat the
    most favourable of the ``likely`` results without the irregularity, each offending seat the least
    favourable of the ``possible`` results (each result: whists by seat)."""
    if not likely or not possible:
        raise ArbiterError(Reason("tour.no_outcomes"))
    off = set(offenders)
    return tuple(Fraction(laws.assigned_score([float(r[s]) for r in (possible if s in off else likely)],
                                              non_offending=s not in off)).limit_denominator(10 ** 6)
                 for s in range(len(likely[0])))


# ---------------------------------------------------------------------------------------------- 11.3 – 11.7
def wrong_card_count(offenders: Sequence[int], bid_with_wrong_hand: bool = False, saw_others: bool = False,
                     material: bool = False, consent: bool = True, after_play: bool = False,
                     hand_records: bool = True, earlier_players: bool = False,
                     independent: Sequence[int] = ()) -> Ruling:
    """11.3, a pocket of the box with a wrong number of cards (:func:`laws.wrong_count_ruling`);
    ``offenders``: the seats at fault. Without hand records the deal is put right by consulting the
    players who played it earlier (А.2), and redealt only when there are none (А.3)."""
    got = laws.wrong_count_ruling(bid_with_wrong_hand, saw_others, material, after_play, hand_records)
    f = faults_of(offenders)
    if got == "cancel":  # В: non-offenders whose result did not depend on the opponents keep it
        keep = tuple(s for s in independent if s not in offenders)
        return Ruling("11.3", CANCEL, {s: v for s, v in f.items() if s not in keep}, keep=keep)
    if got == "artificial" or (got == "play-by-consent" and not consent):  # Б.1 needs everyone's consent
        return Ruling("11.3", ARTIFICIAL_RESULT, f, penalty=True)
    if got == "play-by-consent":
        return Ruling("11.3", HAND_RECORDS if hand_records else CONSULT if earlier_players else REDEAL)
    return Ruling("11.3", HAND_RECORDS if got == "records" else CONSULT if earlier_players else REDEAL)


def missing_card(during_play: bool, found: str) -> Ruling:
    """11.4 (:func:`laws.missing_card_ruling`): ``found`` is "played" (among the played cards),
    "elsewhere" or "no"."""
    got = laws.missing_card_ruling(during_play, found)
    action = {"restore": RETURN_CARD, "reconstruct": RECONSTRUCT, "spoiled": SPOILED, "restore-penalty": RESTORE,
              "reconstruct-penalty": RECONSTRUCT}[got]
    return Ruling("11.4", action, faults_of(()) if action == SPOILED else {}, penalty=got.endswith("penalty"))


def defective_trick(too_many: bool, has_led_suit: bool = True) -> Ruling:
    """11.5 (:func:`laws.defective_trick_ruling`): the offender has too many cards (did not play to the
    trick) or too few (played more than one)."""
    got = laws.defective_trick_ruling(too_many, has_led_suit)
    if got == "take-back":
        return Ruling("11.5", TAKE_BACK, card_rule="shown_or_highest")
    revoke = got == "any-card-revoke"
    return Ruling("11.5", ADD_CARD, card_rule="any" if revoke else "led_suit", revoke=revoke, penalty=revoke)


def card_to_add(hand: Iterable[Card], led_suit: int) -> tuple[list[Card], bool]:
    """11.5 А: the cards the offender may put among his played cards, and whether he is deemed to have
    revoked (he has none of the led suit)."""
    cards = list(hand)
    led = [c for c in cards if int(c.suit) == led_suit]
    return (led, False) if led else (cards, True)


def card_kept(played: Sequence[Card], shown: Card | None, led_suit: int | None, trump: int | None,
              hand_before: Iterable[Card]) -> tuple[Card, list[Card]]:
    """11.5 Б: the card left in the defective trick (the one shown, else the highest that could legally
    have been played) and the cards returned to the hand."""
    if shown is None:
        before = list(hand_before)
        legal = [c for c in played if led_suit is None or int(c.suit) == led_suit]
        if not legal and trump is not None and not any(int(c.suit) == led_suit for c in before):
            legal = [c for c in played if int(c.suit) == trump]
        shown = max(legal or played, key=lambda c: int(c.rank))
    if shown not in played:
        raise ArbiterError(Reason("tour.not_played", card=str(shown)))
    return shown, [c for c in played if c != shown]


def wrong_deal(played_before: Sequence[int], seats: Sequence[int] = range(4), require_later: bool = False) -> Ruling:
    """11.6 (:func:`laws.wrong_board_ruling`): a table played a deal not meant for it this round;
    ``played_before``: the seats whose player had played that deal before — their second result is
    cancelled, the others at the table get artificial results (not at fault)."""
    if laws.wrong_board_ruling(bool(played_before)) == "score":
        return Ruling("11.6", KEEP, later=require_later)
    rest = [s for s in seats if s not in played_before]
    return Ruling("11.6", CANCEL_SECOND, faults_of((), seats=rest), cancelled=tuple(played_before))


def wrong_hand(offenders: Sequence[int], play_began: bool, essential_distortion: bool = False) -> Ruling:
    """11.7 (:func:`laws.wrong_hand_ruling`): a player took the cards of another box; a correction in
    the auction that would distort it essentially is treated as play begun."""
    if laws.wrong_hand_ruling(play_began or essential_distortion) == "cancel-artificial":
        return Ruling("11.7", CANCEL, faults_of(offenders))
    return Ruling("11.7", CORRECT)


RULES = ("adjusted", "11.3", "11.4", "11.5", "11.6", "11.7")


def decide(rule: str, facts: Mapping[str, object], seat_of: Mapping[str, int] | None = None) -> Ruling:
    """The ruling of ``rule`` from a director's facts (the card room's request): ``offenders`` and
    ``partly`` as seats (or letters through ``seat_of``), the other facts as the decision functions name
    them. ``adjusted``: an artificial result by the faults given (``faults``: seat → fault)."""
    def seats(key: str) -> list[int]:
        got = facts.get(key, [])
        if not isinstance(got, (list, tuple)):
            raise ArbiterError(Reason("tour.facts", rule=rule, key=key))
        return [seat_of[str(x)] if seat_of is not None and str(x) in seat_of else int(str(x)) for x in got]

    def flag(key: str, default: bool = False) -> bool:
        return bool(facts.get(key, default))

    if rule == "adjusted":
        raw = facts.get("faults", {})
        if not isinstance(raw, Mapping):
            raise ArbiterError(Reason("tour.facts", rule=rule, key="faults"))
        faults = {seat_of[str(k)] if seat_of is not None and str(k) in seat_of else int(str(k)): str(v)
                  for k, v in raw.items()}
        for f in faults.values():
            laws.adjusted_score(f)  # refuses an unknown fault
        return Ruling("adjusted", ARTIFICIAL_RESULT, faults)
    if rule == "11.3":
        return wrong_card_count(seats("offenders"), flag("bid_with_wrong_hand"), flag("saw_others"), flag("material"),
                                flag("consent", True), flag("after_play"), flag("hand_records", True),
                                flag("earlier_players"), seats("independent"))
    if rule == "11.4":
        return missing_card(flag("during_play"), str(facts.get("found", "no")))
    if rule == "11.5":
        return defective_trick(flag("too_many"), flag("has_led_suit", True))
    if rule == "11.6":
        return wrong_deal(seats("played_before"), require_later=flag("later"))
    if rule == "11.7":
        return wrong_hand(seats("offenders"), flag("play_began"), flag("essential_distortion"))
    raise ArbiterError(Reason("tour.rule", rule=rule, rules=", ".join(RULES)))
