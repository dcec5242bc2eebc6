"""The laws of straight bridge (document 000, laws B-1 to B-18 as the digest numbers them) and of the
American Laws of Bridge, 1913, laws 14–39 (cutting, forming tables, shuffling, dealing, new deals).

``STRAIGHT_TABLE`` and ``AMERICAN_TABLE`` are law tables (:class:`~cardroom.core.laws.LawTable`):
each law's options, who chooses, when the right lapses, and the Russian source. The laws about the
cut, the shuffle and the deal, and the arithmetic of the revoke penalty, are pure functions below,
so that a director (the straight-bridge laws mode) and the tests use the same rules.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from cardroom.core.cards import Card, cards_of_mask
from cardroom.core.errors import CardroomError
from cardroom.core.laws import (
    Irregular,
    Irregularity,
    Law,
    LawTable,
    LeadRestriction,
    Ruling,
    RulingChoice,
    RulingOption,
)
from cardroom.core.table import Seat, Side
from cardroom.games.oldbridge.rubber import cut_key


def _o(name: str, effect: str) -> RulingOption:
    return RulingOption(name, effect)


NEW_DEAL = _o("new-deal", "the cards are dealt again by the same dealer (a new deal)")
STANDS = _o("stands", "the irregular declaration or double stands")
WAIVE = _o("waive", "no penalty: play continues as if nothing irregular had happened")

STRAIGHT_TABLE = LawTable(name="straight bridge (document 000)")
_S = STRAIGHT_TABLE.add

_S(Law("B-1", "The dealer's partner makes without being asked", ("make-unasked",),
       (STANDS, NEW_DEAL), chooser="either opponent (in England only the eldest hand)",
       lapses="before the opening lead",
       source="«Если партнер дилера делает заявку до того, как его об этом попросили, любой из противников "
              "может потребовать сохранения заявки или новой раздачи. В Англии только старшая рука, A»",
       uncertain=("the American practice (either opponent) is the default; 'england' gives the right to A",)))
_S(Law("B-2", "The dealer's partner passes the make back", ("make-passed-back",),
       (NEW_DEAL, _o("offender-makes", "the dealer's partner must name the trump")),
       chooser="either opponent (in England the eldest hand)", lapses="before the opening lead",
       source="«Если партнер дилера передает право назначения дилеру, любой из противник может потребовать новой "
              "раздачи или настаивать на том, чтобы оплошавший игрок сделал назначение»"))
_S(Law("B-3", "An opponent of the dealer names a trump", ("make-by-opponent",),
       (NEW_DEAL, WAIVE), chooser="the dealer, after looking at his own hand",
       source="«Если противник дилера делает назначение, дилер может, посмотрев на собственную руку, либо "
              "потребовать новой раздачи, либо действовать так, будто ничего не было сказано»"))
_S(Law("B-4", "The pone doubles before his partner asked \"May I lead?\"", ("double-before-asked",),
       (STANDS, _o("cancel", "the double is void; the eldest hand doubles or asks as usual")),
       chooser="the maker of the trump", lapses="before the opening lead",
       source="«Если пон удваивает до того, как партнер спросил его «Буду ли я ходить?», создатель козыря должен "
              "сказать, остается ли удвоение в силе. Если он позволяет ему остаться в силе, оно может быть "
              "переудвоено»"))
_S(Law("B-5", "A redouble out of turn", ("redouble-out-of-turn",),
       (STANDS, _o("cancel", "the redouble is void")), chooser="the player who was redoubled",
       source="«Если игрок делает переудвоение вне очереди, игрок, которого он переудвоил, имеет право сказать, "
              "остается ли переудвоение в силе»"))
_S(Law("B-6", "Consultation between partners about doubling or redoubling", ("consultation",),
       (NEW_DEAL, WAIVE), chooser="the opponents",
       source="«Любые консультации между партнерами по поводу удвоения или переудвоения дают их противникам "
              "право настаивать на новой раздаче»"))
_S(Law("B-7", "The eldest hand leads without asking his partner", ("lead-without-asking",),
       (_o("consent", "the maker consents: the pone may still double"),
        _o("refuse", "the pone may not double; the play goes on undoubled")),
       chooser="the maker of the trump",
       source="«Если старшая рука делает ход, не спросив разрешения партнера на игру, пон не может удваивать без "
              "согласия создателя козыря»"))
_S(Law("B-8", "The pone asks the eldest hand \"May I lead?\"", ("pone-asks",),
       ruling_text="no penalty: the eldest hand keeps his right to double",
       source="«Если пон спрашивает старшую руку: «Буду ли я ходить?», это не лишает старшую руку права на "
              "удвоение»", chooser="none"))
_S(Law("B-9", "Revoke", ("revoke",),
       (_o("tricks", "three tricks from the revoking side to the other at the end of the deal, for each revoke"),
        _o("points-deduct", "the value of three tricks deducted from the revoking side's score (England)"),
        _o("points-add", "the value of three tricks added to the other side's score (England)")),
       chooser="the non-offending side (England; elsewhere three tricks)", lapses="at the end of the deal",
       source="«штрафом для любого другого игрока является потеря трех взяток за каждый совершенный ревок, которые "
              "забираются у оплошавшей стороны в конце сдачи. В Англии штраф может взиматься одним из трех способов"
              "… Сторона, совершившая ревок, не может выиграть партию в эту сдачу … до двух очков до партии, то "
              "есть 28. Игроки не могут записать шлем в сдаче, в которой они совершили ревок. Болван не может "
              "совершить ревок»",
       uncertain=("the three tricks go to the non-offending side (not stated explicitly)",
                  "'the value of three tricks' is read as deducted from the offenders")))
_S(Law("B-10", "The dealer or his partner exposes a card before the make", ("exposed-before-make",),
       (NEW_DEAL, WAIVE), chooser="either opponent",
       source="«Если дилер или его партнер открывает карту до того, как было сделано объявление, любой из "
              "противников может потребовать новую раздачу»"))
_S(Law("B-11", "A card exposed before the opening lead", ("exposed-before-lead",),
       ruling_text="automatic: the offender's partner loses the right to double or redouble",
       source="«Если какой-либо игрок открывает карту до хода первой карты, его партнер лишается права на удвоение "
              "или переудвоение»", chooser="none"))
_S(Law("B-12", "The pone exposes a card before the opening lead", ("pone-exposed-before-lead",),
       (_o("exposed", "the card is an exposed card, to be played at the first legal opportunity"),
        _o("forbid-suit", "the eldest hand may not lead that suit")), chooser="the dealer",
       source="«Если пон открывает карту таким образом, дилер может объявить ее открытой картой или потребовать, "
              "чтобы старшая рука не ходила в эту масть»"))
_S(Law("B-13", "An opponent of the dealer exposes a card during the play", ("exposed-in-play",),
       ruling_text="the card stays face up on the table, liable to be called by the dealer",
       source="«такая открытая карта должна оставаться лицевой стороной вверх на столе и подлежит требованию»",
       chooser="none"))
_S(Law("B-14", "Calling an exposed card", ("call-exposed",),
       ruling_text="the dealer may call an exposed card at any time, but not one whose play would be a revoke",
       source="«Открытые карты могут быть затребованы дилером в любое время, но он не может принудить к "
              "розыгрышу карты, которая будет составлять ревок»", chooser="the dealer"))
_S(Law("B-15", "An opponent of the dealer leads out of turn", ("lead-out-of-turn",),
       (_o("exposed", "the card led goes back to the hand as an exposed card, to be played at the first legal "
                      "opportunity"),
        *(_o(f"require-{x}", f"the dealer calls {x}: the next lead of either opponent must be a {x} if he can")
          for x in "CDHS")), chooser="the dealer",
       source="«Если любой из противников дилера ходит вне очереди, дилер может либо объявить карту открытой, "
              "либо назвать масть, когда наступает очередь ходить любому из противников»"))
_S(Law("B-16", "The dealer leads out of turn", ("dealer-lead-out-of-turn",),
       ruling_text="no penalty; it may not be corrected once the second hand has played",
       source="«Если дилер ходит вне очереди, штрафа нет, но он не может исправить ошибку, если второй игрок уже "
              "сделал ход»", chooser="none"))
_S(Law("B-17", "A player fails to play to a trick and does not correct it in time", ("missed-trick",),
       (NEW_DEAL, WAIVE), chooser="the opponents", lapses="once he has played to the next trick",
       source="«Если любой игрок, кроме болвана, не делает ход на взятку и не исправляет ошибку до того, как "
              "сделает ход на следующую взятку, его противники могут потребовать новую раздачу»"))
_S(Law("B-18", "Two cards played to a trick, not discovered", ("two-cards",),
       ruling_text="the offender is answerable for any revoke the missing card causes",
       source="«Если кто-либо, кроме болвана, кладет две карты на взятку и не обнаруживает этого, он несет "
              "ответственность за любые ревоки»", chooser="none"))

AUCTION_TABLE = LawTable(name="auction bridge revokes (document 000, Nullo)")
AUCTION_TABLE.add(Law(
    "N-REV", "The opponents of a nullo declarer revoke", ("nullo-defender-revoke",),
    (_o("give-three-tricks", "the declarer gives three of his own tricks to the revoking side, for each revoke"),
     _o("100-in-honours", "the declarer scores 100 in honours, for each revoke")),
    chooser="the nullo declarer", lapses="at the end of the deal",
    source="«Если противники нулло совершают ревок, разыгрывающий может отдать им три свои взятки или взять 100 "
           "очков в оннерах в качестве штрафа»"))
AUCTION_TABLE.add(Law(
    "N-REV-D", "The nullo declarer revokes", ("nullo-declarer-revoke",),
    ruling_text="automatic: the opponents score 100 for each revoke", chooser="none",
    source="«Если он совершает ревок, они берут штраф в 100 очков, как обычно»"))
AUCTION_TABLE.add(Law(
    "A-REV", "A revoke in auction bridge", ("revoke",),
    (_o("three-tricks", "three tricks from the revoking side to the other, for each revoke"),
     _o("100-in-honours", "100 in the non-offending side's honour score, for each revoke")),
    chooser="the non-offending side", lapses="at the end of the deal",
    source="«…как обычно» (the general auction revoke law is not in document 000)",
    uncertain=("reading of «как обычно» by the nullo law's mirror: three tricks or 100 in honours",)))

AMERICAN_TABLE = LawTable(name="American Laws of Bridge, 1913 (laws 14-39 of document 000)")
_A = AMERICAN_TABLE.add
_A(Law("14", "Cut order", ("cut-order",), ruling_text="the ace lowest; hearts < diamonds < clubs < spades",
       source="«При снятии карт туз является младшей картой; … черва младше всех, затем идут бубны, затем трефы, "
              "а пика старше всех»", chooser="none"))
_A(Law("16", "More than one card exposed in cutting", ("cut-several",),
       ruling_text="the highest of them is his cut", source="«старшая из них считается его снятой картой»",
       chooser="none"))
_A(Law("19", "Cutting for partners and deal", ("cut-partners",),
       ruling_text="the two lowest play against the two highest; the lowest deals and chooses cards and seat",
       source="«два игрока с меньшими картами играют против двух с большими»", chooser="none"))
_A(Law("29", "A card seen in the dealer's shuffle", ("shuffle-seen",),
       ruling_text="the dealer must shuffle again", source="«он обязан перетасовать заново»", chooser="none"))
_A(Law("32", "The cut: at least four cards in each packet; a card exposed or a doubt about the cut",
       ("bad-cut",), ruling_text="the dealer reshuffles and the same player cuts again",
       source="«снимает карты так, чтобы каждая пачка содержала по меньшей мере четыре карты … сдатчик должен "
              "перетасовать колоду, и тот же игрок должен снять ее снова»", chooser="none"))
_A(Law("34", "The dealer shuffles after the cut", ("shuffle-after-cut",),
       ruling_text="his opponents may shuffle too, and the pack must be cut again",
       source="«его противники также могут их тасовать, и колоду необходимо снять снова»", chooser="none"))
_A(Law("36", "Misdeal", ("misdeal",), ruling_text="the same player deals the same pack again",
       source="«В случае неправильной раздачи ту же колоду должен сдать снова тот же игрок»", chooser="none"))
_A(Law("37", "A new deal is compulsory", ("deal-irregular", "pack-incorrect", "card-faced", "too-many-cards",
                                          "last-card", "uncut-or-out-of-turn"),
       ruling_text="a new deal (for (f) only if an opponent calls attention before the end of the deal and before "
                   "looking at his own cards)",
       source="«Пересдача обязательна: (a) … (f)»", chooser="none"))
_A(Law("38", "An error of 37(f) not corrected in time", ("late-claim",),
       ruling_text="the deal stands; the player on the left deals next; after the wrong pack the next dealer may "
                   "take either pack", source="«раздача остается в силе, и игра продолжается так, как если бы "
                                              "раздача была правильной»", chooser="none"))
_A(Law("39", "A pack proved incorrect before the next cut", ("pack-proved-incorrect",),
       ruling_text="that deal is void; all earlier scores stand",
       source="«раздача аннулируется, но все предыдущие результаты сохраняются»", chooser="none"))


# ------------------------------------------------------------------ cutting and dealing (laws 14-39)
def cut_of(cards: Sequence[Card]) -> Card:
    """Law 16: a player who exposes more than one card cuts the highest of them."""
    if not cards:
        raise CardroomError("a cut needs at least one card")
    return max(cards, key=cut_key)


def partnerships(cuts: Sequence[Card]) -> tuple[tuple[int, int], tuple[int, int], int]:
    """Law 19: the two lowest cuts play against the two highest; the lowest deals.
    Returns (lower pair, higher pair, dealer) as indices into ``cuts``."""
    if len(cuts) != 4 or len(set(cuts)) != 4:
        raise CardroomError("four players cut four different cards")
    order = sorted(range(4), key=lambda i: cut_key(cuts[i]))
    return (order[0], order[1]), (order[2], order[3]), order[0]


def cutting_out(consecutive_rubbers: Sequence[int], cuts: Sequence[Card], places: int) -> list[int]:
    """Law 21: who goes out for ``places`` candidates: those who played the most consecutive rubbers;
    ties cut, the highest cuts going out."""
    if not 0 < places <= len(consecutive_rubbers):
        raise CardroomError(f"cannot send out {places} of {len(consecutive_rubbers)} players")
    order = sorted(range(len(consecutive_rubbers)), key=lambda i: (-consecutive_rubbers[i], -_rank(cuts[i])))
    return sorted(order[:places])


def _rank(card: Card) -> int:
    r, s = cut_key(card)
    return r * 4 + s


def cut_is_valid(top_packet: int, pack: int = 52) -> bool:
    """Law 32: each packet holds at least four cards."""
    return 4 <= top_packet <= pack - 4


def legal_cut_sizes(pack: int = 52) -> range:
    return range(4, pack - 3)


@dataclass(frozen=True)
class DealFault:
    """What went wrong in a deal, for law 37-38: the (a)-(e) faults always void it; (f) only when an
    opponent calls attention in time (before the end of the deal and before looking at his cards)."""

    not_from_left_one_at_a_time: bool = False  # (a)
    pack_incorrect: bool = False  # (b)
    card_faced: bool = False  # (c)
    more_than_thirteen: bool = False  # (d)
    last_card_not_to_dealer: bool = False  # (e)
    uncut_or_out_of_turn_or_wrong_pack: bool = False  # (f)
    attention_in_time: bool = False  # (f) before the end of the deal, by an opponent who has not looked


def new_deal_compulsory(fault: DealFault) -> bool:
    """Law 37 (and 38 for a late (f))."""
    if (fault.not_from_left_one_at_a_time or fault.pack_incorrect or fault.card_faced
            or fault.more_than_thirteen or fault.last_card_not_to_dealer):
        return True
    return fault.uncut_or_out_of_turn_or_wrong_pack and fault.attention_in_time


def misdeal_redealer(dealer: int) -> int:
    """Law 36: the same player deals the same pack again."""
    return dealer


def pack_incorrect(missing_found_elsewhere: bool) -> bool:
    """Law 39: a pack is not incorrect if the missing cards are found in the other pack, among the
    quitted tricks, below the table or anywhere they could have been part of the pack during the deal."""
    return not missing_found_elsewhere


# ------------------------------------------------------------------ the revoke (B-9)
@dataclass(frozen=True)
class RevokeOutcome:
    won: tuple[int, int]  # tricks per side after the penalty tricks
    points_deducted: tuple[int, int]  # points off each side's score (England, option 2)
    points_added: tuple[int, int]  # points added (England, option 3)
    slam_allowed: tuple[bool, bool]
    game_cap: tuple[int | None, int | None]  # the most a side may have below the line after this deal


def revoke_penalty(won: Sequence[int], revokes: Sequence[Side | int], trick_value: int, how: str = "tricks",
                   game_points: int = 30) -> RevokeOutcome:
    """Law B-9 for ``revokes`` (the revoking side of each revoke): three tricks per revoke (or their
    value in points, England); a revoking side cannot score a slam in the deal nor win the game in it
    (it may score up to two short of game, 28); a slam never counts the penalty tricks."""
    if how not in ("tricks", "points-deduct", "points-add"):
        raise CardroomError(f"unknown revoke penalty {how!r}")
    w = [won[0], won[1]]
    deducted = [0, 0]
    added = [0, 0]
    for side in (int(x) for x in revokes):
        other = 1 - side
        if how == "tricks":
            moved = min(3, w[side])
            w[side] -= moved
            w[other] += moved
        elif how == "points-deduct":
            deducted[side] += 3 * trick_value
        else:
            added[other] += 3 * trick_value
    revoked = {int(s) for s in revokes}
    slam = tuple(s not in revoked and won[s] >= 12 for s in (0, 1))
    cap = tuple((game_points - 2) if s in revoked else None for s in (0, 1))
    return RevokeOutcome((w[0], w[1]), (deducted[0], deducted[1]), (added[0], added[1]),
                         (slam[0], slam[1]), (cap[0], cap[1]))


def nullo_revoke_options(by_declarer: bool) -> list[str]:
    """000 «НУЛЛО»: the nullo declarer's opponents revoke -> he may give them three of his tricks or
    take 100 in honours; the declarer revokes -> they take 100 «как обычно»."""
    return ["100-penalty"] if by_declarer else ["give-three-tricks", "100-in-honours"]


# ================================================================== the director (straight bridge, laws mode)
@dataclass
class StraightDirector:
    """The laws state of one straight-bridge deal in laws mode: the pending ruling and what its
    options do, the irregularities recorded, the revokes, the penalties in force."""

    pending: Ruling | None = None
    context: dict[str, Any] = field(default_factory=dict)
    irregularities: list[Irregularity] = field(default_factory=list)
    revokes: list[tuple[int, int]] = field(default_factory=list)  # (offending side, trick number)
    barred: set[int] = field(default_factory=set)  # seats that lost the right to double (B-11)
    exposed: dict[int, int] = field(default_factory=dict)  # seat -> exposed (penalty) cards, face up
    seen: int = 0  # cards shown before the make (B-10, waived): face up until played
    restriction: LeadRestriction | None = None
    early_lead: Card | None = None  # B-7: the eldest hand led before the doubling was over
    pone_needs_consent: bool = False
    revoke_how: str = "tricks"
    void: bool = False

    def clone(self) -> StraightDirector:
        return StraightDirector(self.pending, dict(self.context), list(self.irregularities), list(self.revokes),
                                set(self.barred), dict(self.exposed), self.seen, self.restriction, self.early_lead,
                                self.pone_needs_consent, self.revoke_how, self.void)

    def face_up_mask(self) -> int:
        m = self.seen
        for v in self.exposed.values():
            m |= v
        return m

    def snapshot(self) -> dict[str, Any]:
        return {"pending": None if self.pending is None else self.pending.to_dict(), "context": dict(self.context),
                "irregularities": tuple(i.to_text() for i in self.irregularities), "revokes": tuple(self.revokes),
                "barred": tuple(sorted(self.barred)), "exposed": tuple(sorted(self.exposed.items())),
                "seen": self.seen, "restriction": self.restriction, "early_lead": self.early_lead,
                "consent": self.pone_needs_consent, "how": self.revoke_how, "void": self.void}

    def view_fields(self) -> dict[str, Any]:
        return {
            "ruling": None if self.pending is None else self.pending.to_dict(),
            "irregularities": [i.to_text() for i in self.irregularities],
            "revokes": len(self.revokes),
            "face_up": [str(c) for c in cards_of_mask(self.face_up_mask())],
            "restriction": None if self.restriction is None else
            f"{self.restriction.mode} {'CDHS'[self.restriction.suit]} "
            f"({'either opponent' if self.restriction.seat < 0 else Seat(self.restriction.seat).letter}, "
            f"{self.restriction.law})",
        }


def parse_law_action(text: str) -> Irregular | RulingChoice | None:
    t = text.strip()
    if t.startswith("!"):
        return Irregular.from_text(t)
    if t.lower().startswith(("ruling ", "решение ")):
        return RulingChoice.from_text(t)
    return None


def random_irregular(state: Any, seat: Seat, rng: Any) -> Any | None:
    """A computer player of ``state`` (a rubber of auction or straight bridge in laws mode) acting
    irregularly (``--irregularities``): the first of a few random tries that the laws accept, or None."""
    deal = state.deal
    if deal is None:
        return None
    hand = cards_of_mask(deal.hands[seat])
    tries = [f"!{seat.letter} make {rng.choice('CDHS')}", f"!{seat.letter} X", f"!{seat.letter} XX",
             f"!{seat.letter} ask"]
    if hand:
        tries += [f"!{seat.letter} {rng.choice(hand)}", f"!{seat.letter} expose {rng.choice(hand)}"]
    rng.shuffle(tries)
    for text in tries:
        try:
            action = state.parse_action(text)
            state.clone().apply(action)
        except CardroomError:
            continue
        return action
    return None
