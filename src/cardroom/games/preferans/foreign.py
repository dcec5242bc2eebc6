"""The foreign variants of document 004 that build on the Russian deal: F1 (the German-named contracts 5–8 and
compulsory beating) and F3 (Kunstwerk and aus den Händen), digest §10.1 and §10.3, docs/rules/preferans.md.

What the shared engine calls, as small hooks (the variant's options select them):

* :func:`variant_ladder` — the bids of a variant (``PrefVariant.ladder``): the Russian ladder, without its
  misère where Bettel stands for it, with F1's or F3's contracts above every suit game («в торговле они
  перебивают мастевые игры») and, in F3, the games without the talon (aus den Händen);
* :func:`heading_cards` — F1 «перебивать обязательно»: of the cards a hand may play, those that would win the
  trick as it stands, when it has any (footnote [8]: Q led, K over it, A over the K; footnote [11]: the
  Bettel declarer's ace over K♥ Q♥);
* :func:`extra_entries` — F1 «разыгрывающий рассчитывается … непосредственно с защитниками»: a German-named
  contract is paid between the declarer and each defender, its value doubled without the talon;
* :func:`kunstwerk_entries` — F3: the auction winner pays the dealer for a talon pair of one rank.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

from cardroom.core.cards import Card, cards_of_mask
from cardroom.core.tricks import natural_winner
from cardroom.games.preferans.calls import EXTRAS, GAMES, LADDER, PrefCall, extra_contract, without_talon_of
from cardroom.games.preferans.scoring import PrefEntry
from cardroom.i18n.catalogue import Phrase

if TYPE_CHECKING:
    from cardroom.games.preferans.result import PrefDealResult
    from cardroom.games.preferans.variants import PrefVariant

F3_EXTRAS = ("bettel", "durchmarsch")
"""F3's damaged table names Bettel («0 (ровно)») and Durchmarsch («10 (т. е. все)») only."""


def variant_ladder(v: PrefVariant) -> tuple[PrefCall, ...]:
    """The bids of ``v`` in rank order (:meth:`PrefVariant.rank`; kept by the variant, ``PrefVariant._ladder``:
    not cached here by the variant's hash, which a variant rebuilt from stored JSON, lists for its tuples,
    does not have)."""
    calls = [c for c in LADDER if v.russian_misere or not c.is_misere]
    if v.extra_contracts == "f1":
        calls += EXTRAS
    elif v.extra_contracts == "f3":
        calls += [c for c in EXTRAS if (x := extra_contract(c)) is not None and x.name in F3_EXTRAS]
    if v.aus_den_handen:
        # F3 aus den Händen: every game without the talon, a suit game needing one trick more (so no suit ten)
        calls += [w for g in GAMES if v.tricks_required(w := without_talon_of(g)) <= 10]
    return tuple(sorted(calls, key=v.rank))


def heading_cards(legal: Sequence[Card], trick: Sequence[tuple[int, Card]], trump: int | None) -> list[Card]:
    """F1 «перебивать обязательно»: the cards of ``legal`` that would win ``trick`` as it stands (its players'
    cards, a raspasy talon card aside), or ``legal`` itself when none would (or on the lead)."""
    cards = [c for s, c in trick if s >= 0]
    if not cards:
        return list(legal)
    beating = [c for c in legal if natural_winner([*cards, c], trump) == len(cards)]
    return beating or list(legal)


def extra_value(v: PrefVariant, call: int) -> int:
    """Stakes (whists) of a German-named contract: F1's value, times ``extra_no_talon_factor`` without the talon."""
    x = extra_contract(call)
    if x is None:
        raise ValueError(f"{call} is not a German-named contract")
    return v.extra_values[x.number - 5] * (v.extra_no_talon_factor if x.without_talon else 1)


def extra_made(result: PrefDealResult) -> bool:
    """Bettel and Plauderer: no trick taken; Durchmarsch: all ten."""
    x = extra_contract(result.contract)
    assert x is not None and result.declarer is not None
    return result.tricks[result.declarer] == x.tricks


def extra_entries(result: PrefDealResult, v: PrefVariant) -> list[PrefEntry]:
    """F1: the declarer of a German-named contract and each defender settle directly: made, the declarer writes
    the value on each defender; failed, each defender writes it on him (the stake is a whist, docs §F1)."""
    decl = result.declarer
    assert decl is not None and result.contract is not None
    call = PrefCall(result.contract)
    value = Fraction(extra_value(v, call))
    name = Phrase("extra." + str(call))  # the contract's name in either language
    if extra_made(result):
        why = Phrase("extra_made", contract=name)
        return [PrefEntry("whists", decl, d, value, why, "extra") for d in result.defenders]
    why = Phrase("extra_lost", contract=name)
    return [PrefEntry("whists", d, decl, value, why, "extra") for d in result.defenders]


def kunstwerk_entries(result: PrefDealResult, v: PrefVariant) -> list[PrefEntry]:
    """F3: the talon turned up after the auction holds two cards of one rank: the auction winner pays the dealer
    ``kunstwerk`` whists. Not when the talon stays face down (aus den Händen, raspasy), nor when the winner
    dealt himself."""
    decl = result.declarer
    if not v.kunstwerk or decl is None or decl == result.dealer or result.contract is None:
        return []
    if PrefCall(result.contract).without_talon or result.talon.bit_count() != 2:
        return []
    a, b = cards_of_mask(result.talon)
    if a.rank != b.rank:
        return []
    return [PrefEntry("whists", result.dealer, decl, Fraction(v.kunstwerk), Phrase("kunstwerk"), "kunstwerk")]
