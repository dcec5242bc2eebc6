"""The score keeper: the sheet of a game played at a real table, written from the deals as players announce them.

A :class:`Keeper` holds the announced deals (entries: the facts of the game's
:meth:`~cardroom.core.game.Game.keeper_fields`) of one match; the game builds each deal's *result*
object from them (:meth:`~cardroom.core.game.Game.keeper_result`) and the game's own match writes it on
its own sheet (:meth:`~cardroom.core.match.Match.write_result`): the scoring is the play's, never a copy.
Undo, redo and corrections keep a visible history; :meth:`Keeper.to_json` / :meth:`Keeper.from_json`
replay the sheet.
"""

from cardroom.keeper.core import Keeper, KeeperError, entry_text, history_rows, parse_entry

__all__ = ["Keeper", "KeeperError", "entry_text", "history_rows", "parse_entry"]
