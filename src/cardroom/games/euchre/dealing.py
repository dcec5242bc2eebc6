"""A correct euchre deal and the rulings on a faulty one (document 003, Laws 22–45).

* Shuffling (Laws 22–27): not below the table nor showing a face, not during the play of a hand; each
  player once (again after a false cut or a new deal); the dealer's partner collects the cards for the
  next deal and shuffles first; the dealer shuffles last; the pack is laid face down to the left of the
  player who is to deal (:func:`deal_procedure`, :func:`check_shuffles`).
* The cut (Laws 29–31): the player on the dealer's right cuts, leaving at least four cards in each
  packet; a card exposed, confusion, or doubt where the pack was divided → a fresh cut; the cutter may
  not change his mind; a dealer who reshuffles after the cut loses the deal (:func:`check_cut`,
  :func:`cut_pack`).
* The deal (Laws 28, 32, 42): five cards each, two to each player in turn then three to each, or
  three then two; the deal passes to the left; the rest of the pack goes on the dealer's right and the
  trump card is turned (:func:`deal_from_pack`, :func:`check_packets`, :func:`check_cards_received`).
* A new deal (Laws 33–40) and a misdeal (Laws 41–45): :func:`ruling`, :func:`new_deal_claimants`,
  :func:`misdeal_loses_deal`, :func:`deal_out_of_turn`, :func:`partner_dealt_misdeal`.

Not stated in the document, chosen here (options, docs/rules/euchre.md):

* the first player to receive cards: the eldest hand, then round to the left, the dealer last;
* the card turned up: the top card of the pack left after the deal;
* who deals after the new deals of Laws 34 and 39 (option ``new_deal_dealer``: ``"same"``, default,
  as Law 33 says for an imperfect pack; ``"next"``);
* the rotation after a deal out of turn that stands (Law 40; option ``out_of_turn_rotation``:
  ``"continue"``, default — the deal passes to the left of the player who actually dealt; ``"restore"``
  — the player whose turn it was deals next);
* the remedy for a packet of fewer than four cards (Law 29): a fresh cut.

Everything here is a pure function of its arguments. Seats are :class:`cardroom.core.table.Seat`,
clockwise, so the player on a seat's left is ``seat.lho``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Literal

from cardroom.core.cards import Card
from cardroom.core.errors import CardroomError, ParseError, Reason
from cardroom.core.table import Seat

PACK_SIZE = 32
"""UNCERTAIN (euchre.md §2.1): the pack is not stated; every card in the document is 7 or higher."""
HAND_SIZE = 5
"""Law 42-I: «Если каждому игроку не сдано по пять карт»."""
MIN_PACKET = 4
"""Law 29: «он не должен оставлять менее четырех карт в каждой пачке»."""
PATTERNS: tuple[tuple[int, int], ...] = ((2, 3), (3, 2))
"""Law 42-II: two to each player in turn in the first round and three in the second, or the reverse."""

NewDealDealer = Literal["same", "next"]
OutOfTurnRotation = Literal["continue", "restore"]


def parse_seat(seat: Seat | str) -> Seat:
    return seat if isinstance(seat, Seat) else Seat.parse(seat)


def recipients(dealer: Seat) -> tuple[Seat, Seat, Seat, Seat]:
    """The order in which the players receive cards: the eldest hand (the dealer's left) first, the
    dealer last (not stated in the document; the convention)."""
    d = parse_seat(dealer)
    return (d.lho, d.partner, d.rho, d)


@dataclass(frozen=True)
class DealProcedure:
    """Who does what around one deal (Laws 25–29, 32)."""

    dealer: Seat
    collects_pack: Seat  # Law 25: the previous dealer's partner collects the cards for this deal
    shuffle_order: tuple[Seat, ...]  # Laws 24–27: he shuffles first, the dealer last, each once
    pack_laid_left_of: Seat  # Law 26: face down, to the left of the player who is to deal
    cut_by: Seat  # Law 29: the player on the dealer's right
    deal_order: tuple[Seat, Seat, Seat, Seat]  # first packet to the eldest hand, the dealer last
    remaining_pack_on_right_of: Seat  # Law 32
    turn_up_by: Seat  # the dealer turns the trump card
    eldest: Seat  # speaks and leads first
    next_dealer: Seat  # Law 28: the deal passes to the left


def deal_procedure(dealer: Seat | str) -> DealProcedure:
    """The procedure of a correct deal by ``dealer``."""
    d = parse_seat(dealer)
    previous = d.rho  # the deal came from the player on the right (Law 28)
    collector = previous.partner  # Law 25
    order: list[Seat] = [collector]
    s = collector
    while True:
        s = s.lho
        if s == collector:
            break
        if s != d:
            order.append(s)
    order.append(d)  # Law 27: the dealer always shuffles last
    return DealProcedure(
        dealer=d,
        collects_pack=collector,
        shuffle_order=tuple(order),
        pack_laid_left_of=d,
        cut_by=d.rho,
        deal_order=recipients(d),
        remaining_pack_on_right_of=d,
        turn_up_by=d,
        eldest=d.lho,
        next_dealer=d.lho,
    )


def collector_for_next_deal(dealer: Seat | str) -> Seat:
    """Law 25: the dealer's partner collects the cards for the next deal and shuffles them first."""
    return parse_seat(dealer).partner


# ---------------------------------------------------------------------------- shuffling
def check_shuffles(shuffles: Sequence[Seat | str], dealer: Seat | str) -> None:
    """Laws 24, 27: each player shuffles at most once and the dealer, if he shuffles, shuffles last.

    (A fresh shuffle after a false cut or a new deal starts a new sequence.) Raises
    :class:`CardroomError` naming the player who breaks the rule."""
    d = parse_seat(dealer)
    seq = [parse_seat(s) for s in shuffles]
    seen: set[Seat] = set()
    for i, s in enumerate(seq):
        if s in seen:
            raise CardroomError(Reason("euchre.shuffle_twice", seat=s))
        if s == d and i != len(seq) - 1:
            raise CardroomError(Reason("euchre.dealer_shuffle", dealer=d, before=seq[i + 1]))
        seen.add(s)


def reshuffle_required(card_seen_while_dealer_shuffles: bool) -> bool:
    """Law 27: the dealer shuffles last, but if a card is seen while he shuffles or hands the pack to be
    cut he may be made to reshuffle (by the adversaries — who may demand it is not stated)."""
    return card_seen_while_dealer_shuffles


def shuffle_allowed(*, below_table: bool = False, faces_seen: bool = False, during_play: bool = False) -> bool:
    """Laws 22–23: the pack may not be shuffled below the table, so that a face can be seen, or during
    the play of a hand. (The remedy is not stated in the document.)"""
    return not (below_table or faces_seen or during_play)


# ---------------------------------------------------------------------------- the cut
@dataclass(frozen=True)
class CutCheck:
    """Law 29: whether a cut stands; ``remedy`` when it does not."""

    valid: bool
    reason: str = ""
    remedy: str = ""


def check_cut(packet_sizes: Sequence[int], pack_size: int = PACK_SIZE, *, exposed: bool = False,
              confused: bool = False, doubtful: bool = False) -> CutCheck:
    """Law 29: each packet must hold at least four cards; a card exposed while cutting or putting the
    packets together, confusion, or doubt where the pack was divided → a fresh cut."""
    if len(packet_sizes) != 2:
        raise CardroomError(Reason("euchre.cut_two", n=len(packet_sizes)))
    if sum(packet_sizes) != pack_size or min(packet_sizes) < 0:
        raise CardroomError(Reason("euchre.cut_sizes", a=packet_sizes[0], b=packet_sizes[1], n=pack_size))
    if min(packet_sizes) < MIN_PACKET:
        return CutCheck(False, f"a packet of {min(packet_sizes)} cards: at least {MIN_PACKET} must be "
                               f"left in each (Law 29)", "fresh cut")
    for flag, why in ((exposed, "a card was exposed"), (confused, "the cards were confused"),
                      (doubtful, "there is doubt where the pack was divided")):
        if flag:
            return CutCheck(False, f"{why} (Law 29)", "fresh cut")
    return CutCheck(True)


def cut_pack(pack: Sequence[Card], at: int) -> list[Card]:
    """Cut ``pack`` (top card first) after its first ``at`` cards: the lower packet goes on top.

    Raises :class:`CardroomError` if a packet would have fewer than four cards (Law 29)."""
    check = check_cut((at, len(pack) - at), len(pack))
    if not check.valid:
        raise CardroomError(Reason("euchre.cut_at", at=at, n=len(pack), why=check.reason))
    return list(pack[at:]) + list(pack[:at])


def recut_allowed() -> bool:
    """Law 30: once the pack is divided the cutter may neither change his mind, reshuffle nor re-cut."""
    return False


# ---------------------------------------------------------------------------- the deal
@dataclass(frozen=True)
class DealtPack:
    """The result of a deal: the hands, the trump card turned, the cards left under it."""

    hands: dict[Seat, tuple[Card, ...]]
    turn_up: Card
    undealt: tuple[Card, ...]  # below the turn-up, on the dealer's right (Law 32)
    packets: tuple[tuple[Seat, int], ...]


def deal_from_pack(pack: Sequence[Card | str], dealer: Seat | str, first_round: int = 2) -> DealtPack:
    """Deal ``pack`` (top card first) by ``dealer``: ``first_round`` (2 or 3) cards to each player from
    the eldest hand round to the dealer, then the other number (Law 42-II); the next card is turned up.

    Raises :class:`ParseError` for a bad card and :class:`CardroomError` for a pack with repeated cards
    or too few cards, or a first round other than 2 or 3."""
    d = parse_seat(dealer)
    cards = [Card.parse(c) if isinstance(c, str) else Card(c) for c in pack]
    if len(set(cards)) != len(cards):
        dup = next(c for c in cards if cards.count(c) > 1)
        raise CardroomError(Reason("euchre.pack_twice", card=dup))
    if first_round not in (2, 3):
        raise CardroomError(Reason("euchre.first_round", n=first_round))
    need = 4 * HAND_SIZE + 1
    if len(cards) < need:
        raise CardroomError(Reason("euchre.pack_size", n=len(cards)))
    hands: dict[Seat, list[Card]] = {s: [] for s in recipients(d)}
    packets: list[tuple[Seat, int]] = []
    pos = 0
    for n in (first_round, HAND_SIZE - first_round):
        for s in recipients(d):
            hands[s].extend(cards[pos:pos + n])
            packets.append((s, n))
            pos += n
    return DealtPack({s: tuple(h) for s, h in hands.items()}, cards[pos], tuple(cards[pos + 1:]), tuple(packets))


@dataclass(frozen=True)
class DealCheck:
    """Law 42: whether a deal is a misdeal, and why."""

    misdeal: bool
    reason: str = ""
    cards_each: dict[Seat, int] | None = None


def check_cards_received(counts: Mapping[Seat, int] | Mapping[str, int]) -> DealCheck:
    """Law 42-I: a misdeal if any player is not dealt five cards (found during the deal; once play
    has begun Law 90 applies instead)."""
    c = {parse_seat(s): n for s, n in counts.items()}
    if set(c) != set(Seat):
        raise CardroomError(Reason("euchre.deal_four", seats=sorted(map(str, c))))
    wrong = [f"{s} {n}" for s, n in c.items() if n != HAND_SIZE]
    if wrong:
        return DealCheck(True, "not five cards each: " + ", ".join(wrong), c)
    return DealCheck(False, "", c)


def check_packets(packets: Sequence[tuple[Seat | str, int]], dealer: Seat | str) -> DealCheck:
    """Law 42: check a deal given as its packets in the order they were dealt.

    A correct deal is eight packets, to the eldest hand, second hand, third hand and dealer in turn:
    two each then three each, or three each then two each. Anything else is a misdeal, with the
    reason; ``cards_each`` counts what each player received."""
    d = parse_seat(dealer)
    seq = [(parse_seat(s), n) for s, n in packets]
    for s, n in seq:
        if n < 1:
            raise CardroomError(Reason("euchre.packet", n=n, seat=s))
    counts = {s: 0 for s in Seat}
    for s, n in seq:
        counts[s] += n
    five = check_cards_received(counts)
    if five.misdeal:
        return five
    order = recipients(d)
    if [s for s, _ in seq] != list(order) * 2:
        return DealCheck(True, "the packets were not dealt in turn from the eldest hand round to the dealer, "
                               "twice", counts)
    first = tuple(n for _, n in seq[:4])
    second = tuple(n for _, n in seq[4:])
    for a, b in PATTERNS:
        if first == (a,) * 4 and second == (b,) * 4:
            return DealCheck(False, "", counts)
    return DealCheck(True, "rounds are not uniform ("
                           + "-".join(map(str, first)) + " then " + "-".join(map(str, second)) + ")", counts)


# ---------------------------------------------------------------------------- rulings
class DealEvent(Enum):
    """Events around a deal that decide whether it stands and who deals next."""

    PLAYED = "played"  # the hand was played out (Law 28)
    ALL_PASSED = "all passed twice"  # Law 77: the deal is at an end, the next player deals
    MISDEAL = "misdeal"  # Law 41
    MISDEAL_ADVERSARY_TOUCHED_FIRST = "misdeal, an adversary touched the cards first"  # Law 43
    MISDEAL_AFTER_UNPROVEN_INTERRUPTION = "misdeal after an unproven interruption"  # Law 44
    RESHUFFLE_AFTER_CUT = "dealer reshuffled after the cut"  # Law 31
    PACK_IMPERFECT = "pack found incorrect or imperfect"  # Law 33
    CARD_FACE_UP_IN_PACK = "card found face up in the pack before play"  # Law 34
    OTHER_CARD_EXPOSED_TURNING = "another card exposed while turning the trump"  # Law 39


@dataclass(frozen=True)
class DealRuling:
    """What an event means for the deal: a new deal or not, whether the dealer loses the deal, who
    deals next, whether the points of earlier deals stand, and the law."""

    event: DealEvent
    new_deal: bool
    loses_deal: bool
    next_dealer: Seat
    law: str
    stated: bool = True  # False where the document does not say who deals (an option decided)


def ruling(event: DealEvent, dealer: Seat | str, *, new_deal_dealer: NewDealDealer = "same") -> DealRuling:
    """The ruling on ``event`` for a deal by ``dealer``."""
    d = parse_seat(dealer)
    e = DealEvent(event)
    if e is DealEvent.PLAYED:
        return DealRuling(e, False, False, d.lho, "28")
    if e is DealEvent.ALL_PASSED:
        return DealRuling(e, False, False, d.lho, "77")
    if e is DealEvent.MISDEAL:
        return DealRuling(e, True, True, d.lho, "41")
    if e is DealEvent.MISDEAL_ADVERSARY_TOUCHED_FIRST:
        return DealRuling(e, True, False, d, "43")
    if e is DealEvent.MISDEAL_AFTER_UNPROVEN_INTERRUPTION:
        return DealRuling(e, True, False, d, "44")
    if e is DealEvent.RESHUFFLE_AFTER_CUT:
        return DealRuling(e, True, True, d.lho, "31")
    if e is DealEvent.PACK_IMPERFECT:
        return DealRuling(e, True, False, d, "33")
    law = "34" if e is DealEvent.CARD_FACE_UP_IN_PACK else "39"
    nxt = d if new_deal_dealer == "same" else d.lho
    return DealRuling(e, True, nxt != d, nxt, law, stated=False)


def misdeal_loses_deal(dealer: Seat | str, touch_order: Sequence[Seat | str]) -> bool:
    """Law 43: a misdeal does not lose the deal if an adversary touched his cards during the deal
    before the dealer's partner did; if the dealer's partner touched first, the deal is lost."""
    d = parse_seat(dealer)
    for s in map(parse_seat, touch_order):
        if s == d.partner:
            return True
        if s in (d.lho, d.rho):
            return False
    return True


def new_deal_claimants(dealer: Seat | str, exposed_by: Seat | str,
                       touch_order: Sequence[Seat | str] = ()) -> frozenset[Seat]:
    """Law 35 with Law 36: who may claim a new deal when a card is exposed during the deal.

    A card exposed by the dealer or his partner gives the right to the adversaries, provided neither of
    them has touched his cards; one exposed by an adversary gives it to the dealer, provided his partner
    has not touched his cards. Law 36: a player may touch his cards after an adversary has touched his
    without losing the right — so only touching before any adversary did loses it. Returns the seats that
    may claim (empty if none)."""
    d = parse_seat(dealer)
    x = parse_seat(exposed_by)
    touches = [parse_seat(s) for s in touch_order]

    def lost(side: tuple[Seat, ...]) -> bool:
        # only the first toucher matters: touching after an adversary did costs nothing (Law 36)
        first = [s for s in touches if s != d]
        return bool(first) and first[0] in side

    if x in (d, d.partner):
        adversaries = (d.lho, d.rho)
        return frozenset() if lost(adversaries) else frozenset(adversaries)
    # exposed by an adversary: the dealer's right, lost if his partner touched first
    return frozenset() if lost((d.partner,)) else frozenset({d})


def exposed_card_callable_without_new_deal() -> bool:
    """Law 35: «Если новая сдача не производится, открытая карта не может быть объявлена»."""
    return False


def right_kept_after_hasty_turn() -> bool:
    """Law 37: one of the last cards exposed and the trump turned before the adversaries had reasonable
    time to decide: they keep the right to a new deal."""
    return True


@dataclass(frozen=True)
class WrongPackRuling:
    """Law 38: a deal made with the adversaries' pack."""

    deal_stands: bool
    new_deal_may_be_claimed: bool
    pack_returned: str = "at the end of the deal"


def wrong_pack_ruling(trump_turned: bool) -> WrongPackRuling:
    """Law 38: «Сдача, сделанная картами противников, считается действительной при условии, что козырная
    карта была перевернута. Если нет, можно потребовать новую сдачу. Игроки, таким образом потерявшие свои
    карты, могут вернуть их в конце сдачи.»"""
    return WrongPackRuling(trump_turned, not trump_turned)


@dataclass(frozen=True)
class OutOfTurnRuling:
    """Law 40."""

    may_be_stopped: bool
    stands: bool
    next_dealer: Seat | None  # None while the deal may still be stopped
    stated: bool  # the rotation after a deal that stands is not stated in the document


def deal_out_of_turn(rightful: Seat | str, actual: Seat | str, trump_turned: bool, *,
                     rotation: OutOfTurnRotation = "continue") -> OutOfTurnRuling:
    """Law 40: a deal out of turn may be stopped if found before the trump card is turned; after that
    it stands. Who deals next is not stated: ``rotation="continue"`` passes the deal to the left of the
    player who dealt, ``"restore"`` gives it to the player whose turn it was."""
    r, a = parse_seat(rightful), parse_seat(actual)
    if r == a:
        raise CardroomError(Reason("euchre.dealt_in_turn", seat=a))
    if not trump_turned:
        return OutOfTurnRuling(True, False, None, True)
    nxt = a.lho if rotation == "continue" else r
    return OutOfTurnRuling(False, True, nxt, False)


@dataclass(frozen=True)
class PartnerDealRuling:
    """Law 45: a player took his partner's deal and misdealt."""

    liable_for_penalty: Seat
    next_dealer: Seat


def partner_dealt_misdeal(rightful: Seat | str, actual: Seat | str) -> PartnerDealRuling:
    """Law 45: the partner whose deal it was bears the usual penalties (he loses the deal) and the deal
    passes to the adversary next after him («сдает противник, следующий по очереди после игрока, который
    должен был сдавать»)."""
    r, a = parse_seat(rightful), parse_seat(actual)
    if a != r.partner:
        raise ParseError(Reason("euchre.law45", seat=a, rightful=r))
    return PartnerDealRuling(r, r.lho)


def score_correctable(next_trump_turned: bool) -> bool:
    """Law 5: «Ошибку в счете можно исправить в любое время до того, как козырная карта будет
    перевернута в следующей сдаче» — the deal that follows bounds the correction of the score."""
    return not next_trump_turned


@dataclass(frozen=True)
class NewCardsRuling:
    """Law 72: a call for new cards."""

    allowed: bool
    packs_called: int = 2
    who_chooses_pack: str = "dealer"
    paid_by_caller: bool = True


def new_cards_ruling(pack_cut: bool) -> NewCardsRuling:
    """Law 72: any player may call for new cards before the pack is cut for the deal, not after; he pays
    for them and must call for two packs; the dealer chooses between them."""
    return NewCardsRuling(not pack_cut)


TORN_CARD_REMEDY = "replaced by agreement, or new cards called at the expense of the table"
"""Law 73: «Порванные или меченые карты» — replaced by agreement, or new cards at the table's expense."""
