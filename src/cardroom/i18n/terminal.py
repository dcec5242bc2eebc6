"""The terminal's strings (``cardroom play``, ``analyze``, the laws modes), in English and Russian: the
``terminal`` section of the catalogue's data (:mod:`cardroom.i18n.catalogue`), with the preferans
terminal's texts under ``pref.`` keys, euchre's under ``euchre.``, ``analyze.``, ``laws.`` (contract
bridge's laws mode), ``pref.laws.`` and ``euchre.laws.`` keys.

Part of the catalogue :mod:`cardroom.i18n` (look texts up with :func:`cardroom.i18n.t`).
"""

from __future__ import annotations

from cardroom.i18n.catalogue import SECTIONS

TERMINAL: dict[str, dict[str, str]] = SECTIONS["terminal"]
