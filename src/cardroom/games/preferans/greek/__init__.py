"""The Greek cash-box preferans (document 004 §10.4, the foreign variant F4): the cash box («касса») and
the chips («фишки», "kapikia").

* :mod:`.kassa`: the contract values, the settlement of one deal (rules 1–5 of §10.4.4 with the derived
  whist obligations), the box that never goes below zero (the overflow cascade of §10.4.6), the options
  of §10.4.7 that are scoring (10 NT A/B, «10 как 9», four aces A/B, four players, «возьму» refused, the
  end with two empty boxes), chips to money;
* :mod:`.sheet`: :class:`KassaSheet`, the match's sheet (a pure function of the deals' results);
* :mod:`.deal`: :class:`GreekDeal`, the deal rules that differ from the Russian engine (no misère, no
  raspasy, «возьму», the lone whister inviting the passer or playing alone, the counter-invitation, the
  announcement of four aces, over-trumping).

The variant is the preset ``greek`` of :mod:`cardroom.games.preferans.variants` (``rules_set="greek"``).
"""
