"""Errors raised by cardroom. Each names what was wrong."""

from __future__ import annotations


class CardroomError(Exception):
    """Base class of every cardroom error."""


class ParseError(CardroomError, ValueError):
    """Text that is not a valid card, call, seat, record, …"""


class IllegalAction(CardroomError):
    """An action the rules do not allow in this state. The state is left unchanged."""

    def __init__(self, message: str, *, seat: object = None, action: object = None) -> None:
        super().__init__(message)
        self.seat = seat
        self.action = action


class RecordError(CardroomError):
    """A record that cannot be read or replayed; ``where`` says which deal, trick and seat."""

    def __init__(self, message: str, *, where: str = "") -> None:
        super().__init__(f"{where}: {message}" if where else message)
        self.where = where
        self.detail = message
