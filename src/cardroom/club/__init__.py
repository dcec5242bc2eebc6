"""The club: the tables of 1913 (laws 17-27 of document 000, :mod:`.table1913`) and the club evening
(movements: who sits where, which boards; their scorings; the printable card)."""
