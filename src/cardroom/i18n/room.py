"""The card room's texts, in English and Russian (the ``messages`` and ``reasons`` sections of the
catalogue's data, :mod:`cardroom.i18n.catalogue`): its error messages (:data:`MESSAGES`, shown by
:func:`cardroom.room.messages.msg`, which cuts what a client sent) and the reasons written on a preferans
sheet (:data:`REASONS`, under ``why.`` keys of the catalogue :mod:`cardroom.i18n`).
"""

from __future__ import annotations

from cardroom.i18n.catalogue import SECTIONS

MESSAGES: dict[str, dict[str, str]] = SECTIONS["messages"]
REASONS: dict[str, dict[str, str]] = SECTIONS["reasons"]
