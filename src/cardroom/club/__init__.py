"""The club: the tables of 1913 (laws 17-27 of document 000)."""
