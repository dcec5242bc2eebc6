"""cardroom: a card club for the classic whist-family trick-taking games."""

__version__ = "0.1.0"
