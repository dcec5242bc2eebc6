"""The card room: a web server where people and bots play every registered game (docs/room.md)."""
