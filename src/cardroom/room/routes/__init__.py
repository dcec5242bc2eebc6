"""The card room's routes, one :class:`fastapi.APIRouter` per concern, assembled by
:func:`cardroom.room.app.create_app`: ``lobby`` (the games, the tables list, a new table, the page),
``tables`` (a table, its state, seats, invitations, bots, actions, rematch, abandon), ``records``
(the record, its PBN, the replay), ``review`` (a finished deal's review and what-if), ``hint`` (the hint and its
bound), ``socket`` (the WebSocket).
What they share (the room, the language, the bearer token, the body reader, the server's settings)
is in ``common``.
"""
