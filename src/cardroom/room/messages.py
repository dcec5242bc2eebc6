"""The card room's messages to people, in English and Russian."""

from __future__ import annotations

from typing import Any

STRINGS: dict[str, dict[str, str]] = {
    "raw": {"en": "{text}", "ru": "{text}"},
    "unknown_table": {"en": "unknown table {table!r}", "ru": "нет стола {table!r}"},
    "unknown_seat": {"en": "unknown seat {seat}: seats are numbered 0 to {n}",
                     "ru": "нет места {seat}: места нумеруются от 0 до {n}"},
    "no_token": {"en": "this needs a token (Authorization: Bearer <token>, or ?token= on the WebSocket)",
                 "ru": "нужен токен (Authorization: Bearer <токен> или ?token= у WebSocket)"},
    "bad_token": {"en": "the token is not valid for table {table}", "ru": "токен не подходит к столу {table}"},
    "bad_game": {"en": "a table needs 'game' (text) and 'options' (object)",
                 "ru": "для стола нужны 'game' (текст) и 'options' (объект)"},
    "bad_name": {"en": "a name must be non-empty text of at most 100 characters",
                 "ru": "имя — непустой текст не длиннее 100 знаков"},
    "seat_taken": {"en": "seat {seat} is taken", "ru": "место {seat} занято"},
    "seat_reserved": {"en": "seat {seat} is reserved by an invitation", "ru": "место {seat} занято по приглашению"},
    "bad_invite": {"en": "the invitation code for seat {seat} is not valid (or was already used)",
                   "ru": "код приглашения на место {seat} неверен (или уже использован)"},
    "bad_seats": {"en": "'seats' must be a list of distinct seat numbers",
                  "ru": "'seats' — список разных номеров мест"},
    "not_over": {"en": "the match is not over yet", "ru": "партия ещё не окончена"},
    "bad_step": {"en": "'step' must be an integer from 0 to {steps}",
                 "ru": "'step' должен быть целым числом от 0 до {steps}"},
    "record_not_over": {"en": "the record of a match in play shows every hand: it is published when the match is over",
                        "ru": "запись идущей партии показывает все руки: она доступна, когда партия окончена"},
    "over": {"en": "the match is over", "ru": "партия окончена"},
    "bad_seq": {"en": "'seq' (the number of the state you act on) must be an integer",
                "ru": "'seq' (номер состояния, на которое вы отвечаете) должен быть целым числом"},
    "stale": {"en": "your action was for state {seq}, but the table is at state {now}",
              "ru": "ваш ход относится к состоянию {seq}, а стол уже в состоянии {now}"},
    "not_your_turn": {"en": "it is not your turn (you sit at {seat})", "ru": "сейчас не ваш ход (ваше место {seat})"},
    "bad_action": {"en": "'action' must be an action id (integer) or an action's text, not {action!r}",
                   "ru": "'action' — номер действия (целое) или его текст, а не {action!r}"},
    "bad_id": {"en": "no legal action has id {id} (ids run from 0 to {n})",
               "ru": "нет допустимого действия с номером {id} (номера от 0 до {n})"},
    "unreadable": {"en": "cannot read {action!r}: {why}", "ru": "не понимаю {action!r}: {why}"},
    "illegal": {"en": "{action!r} is not allowed now ({where}); allowed: {legal}",
                "ru": "{action!r} сейчас нельзя ({where}); можно: {legal}"},
    "store": {"en": "the action could not be stored: {why}", "ru": "ход не удалось сохранить: {why}"},
    "no_pbn": {"en": "PBN holds only bridge; {game} records are JSON",
               "ru": "PBN только для бриджа; запись {game} — JSON"},
    "bad_json": {"en": "the message is not valid JSON: {why}", "ru": "сообщение — не JSON: {why}"},
    "bad_message": {"en": "a message must be a JSON object with 'type' ('act' or 'ping')",
                    "ru": "сообщение — JSON-объект с 'type' ('act' или 'ping')"},
    "spectator": {"en": "spectators cannot act; take a seat first", "ru": "зрители не ходят; сначала займите место"},
}


def msg(key: str, lang: str = "en", **kw: Any) -> str:
    """The message ``key`` in ``lang`` (English when the language is unknown)."""
    entry = STRINGS[key]
    return entry.get(lang, entry["en"]).format(**kw)
