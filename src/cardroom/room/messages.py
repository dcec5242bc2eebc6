"""The card room's messages to people, in English and Russian.

Error messages are here (:data:`STRINGS`); the texts the games themselves write in English — a
position such as "deal 3, trick 4", the reasons on a preferans sheet — are translated by
:func:`localize_position` and :func:`localize_sheet` with the ``room.*`` keys of
:mod:`cardroom.cli.i18n`. A text the tables do not know is left in English (never dropped).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from cardroom.cli.i18n import t
from cardroom.core.options import BOOL, CHOICE, FLOAT, INT, OptionSpec, quote

STRINGS: dict[str, dict[str, str]] = {
    "raw": {"en": "{text}", "ru": "{text}"},
    "unknown_table": {"en": "unknown table {table!r}", "ru": "нет стола {table!r}"},
    "unknown_seat": {"en": "unknown seat {seat}: seats are numbered 0 to {n}",
                     "ru": "нет места {seat}: места нумеруются от 0 до {n}"},
    "no_token": {"en": "this needs a token (Authorization: Bearer <token>; on the WebSocket the subprotocol "
                       "token.<token>)",
                 "ru": "нужен токен (Authorization: Bearer <токен>; у WebSocket подпротокол token.<токен>)"},
    "bad_token": {"en": "the token is not valid for table {table}", "ru": "токен не подходит к столу {table}"},
    "bad_game": {"en": "a table needs 'game' (text) and 'options' (object)",
                 "ru": "для стола нужны 'game' (текст) и 'options' (объект)"},
    "bad_name": {"en": "a name must be text (at most 40 characters)",
                 "ru": "имя — текст (не длиннее 40 знаков)"},
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
    "cannot_abandon": {"en": "this match cannot be left unfinished: {why}",
                       "ru": "эту партию нельзя прекратить досрочно: {why}"},
    "not_laws": {"en": "irregular actions ({action!r}) are accepted only at a laws-mode table (option 'laws'); "
                        "this table plays casually",
                 "ru": "нарушения ({action!r}) принимаются только за столом с правилами о нарушениях (условие "
                       "'laws'); этот стол играет без них"},
    "not_your_seat": {"en": "you sit at {seat}: you cannot act for {other}",
                      "ru": "ваше место {seat}: за {other} действовать нельзя"},
    "irregular_refused": {"en": "the irregular action {action!r} cannot be made now ({where}): {why}",
                          "ru": "нарушение {action!r} сейчас невозможно ({where}): {why}"},
    "irregular_and_action": {"en": "send either 'action' or 'irregular', not both",
                             "ru": "пришлите либо 'action', либо 'irregular', но не оба"},
    "bad_irregular": {"en": "'irregular' must be non-empty text (e.g. '8D', '1H', 'expose KH'), not {text!r}",
                      "ru": "'irregular' — непустой текст (например, '8D', '1H', 'expose KH'), а не {text!r}"},
    "bad_options": {"en": "cannot open a table of {game!r} with these options: {why}",
                    "ru": "нельзя открыть стол {game!r} с такими условиями: {why}"},
    # ---- web hygiene (issue 12, points 10-11): tokens, Origin, player names
    "token_in_url": {"en": "a token is never taken from the URL: send it as the header Authorization: Bearer <token>",
                     "ru": "токен не берётся из адреса: пришлите его заголовком Authorization: Bearer <токен>"},
    "token_in_url_ws": {"en": "no ?token= in the URL: offer the subprotocols 'cardroom' and 'token.<token>'",
                        "ru": "без ?token= в адресе: предложите подпротоколы 'cardroom' и 'token.<токен>'"},
    "two_tokens": {"en": "offer one 'token.<token>' subprotocol, not several",
                   "ru": "предложите один подпротокол 'token.<токен>', не несколько"},
    "bad_origin": {"en": "a page from {origin!r} may not open this room's socket (not an allowed origin)",
                   "ru": "странице с {origin!r} нельзя подключаться к этому клубу (чужой источник)"},
    "name_empty": {"en": "a name must not be empty or only spaces",
                   "ru": "имя не может быть пустым или из одних пробелов"},
    "name_too_long": {"en": "a name may have at most {most} characters; this one has {n}",
                      "ru": "имя — не длиннее {most} знаков, а в этом {n}"},
    "name_char_Cc": {"en": "a name may not contain control characters: {char} at position {pos}",
                     "ru": "в имени нельзя управляющие символы: {char} на позиции {pos}"},
    "name_char_Cf": {"en": "a name may not contain invisible format characters (such as bidirectional overrides or "
                           "zero-width characters): {char} at position {pos}",
                     "ru": "в имени нельзя невидимые символы форматирования (смену направления письма, символы "
                           "нулевой ширины): {char} на позиции {pos}"},
    "name_char_Cs": {"en": "a name may not contain surrogate code points: {char} at position {pos}",
                     "ru": "в имени нельзя суррогатные коды: {char} на позиции {pos}"},
    "name_char_Co": {"en": "a name may not contain private-use characters: {char} at position {pos}",
                     "ru": "в имени нельзя символы для частного использования: {char} на позиции {pos}"},
    "name_char_Cn": {"en": "a name may not contain unassigned code points: {char} at position {pos}",
                     "ru": "в имени нельзя неназначенные коды: {char} на позиции {pos}"},
    "name_char_Z": {"en": "a name may not contain line or paragraph separators: {char} at position {pos}",
                    "ru": "в имени нельзя разделители строк и абзацев: {char} на позиции {pos}"},
    "name_char_blank": {"en": "a name may not contain blank characters that look like nothing: {char} at position "
                              "{pos}",
                        "ru": "в имени нельзя пустые на вид символы: {char} на позиции {pos}"},
    "name_reserved": {"en": "the name {name!r} is the room's: bots are named 'bot <seat>' and people who give no name "
                            "'player <seat number>'; choose another",
                      "ru": "имя {name!r} занято клубом: так («bot <место>», «player <номер места>») называются боты "
                            "и игроки без имени; выберите другое"},
    # ---- limits (issue 12, points 7-9): body, frame and JSON limits, rates, caps, the lobby's pages
    "body_too_large": {"en": "the request body is larger than {max} bytes",
                       "ru": "тело запроса больше {max} байт"},
    "frame_too_large": {"en": "a message may be at most {max} bytes", "ru": "сообщение — не больше {max} байт"},
    "json_content_type": {"en": "the body must be JSON sent with 'Content-Type: application/json' (got {got!r})",
                          "ru": "тело запроса — JSON с заголовком 'Content-Type: application/json' (а не {got!r})"},
    "json_utf8": {"en": "the message is not valid UTF-8 (at byte {at})",
                  "ru": "сообщение — не текст UTF-8 (байт {at})"},
    "json_too_deep": {"en": "the message nests arrays and objects more than {max} deep",
                      "ru": "в сообщении массивы и объекты вложены глубже {max} уровней"},
    "json_big_int": {"en": "the message holds an integer of {digits} digits (at most {max})",
                     "ru": "в сообщении целое число из {digits} цифр (можно не больше {max})"},
    "json_long_number": {"en": "the message holds a number written with {chars} characters (at most {max})",
                         "ru": "в сообщении число из {chars} знаков (можно не больше {max})"},
    "json_not_finite": {"en": "the message holds {number!r}: only finite numbers are allowed",
                        "ru": "в сообщении {number!r}: допустимы только конечные числа"},
    "json_nul": {"en": "a text in the message holds the character NUL ({text!r})",
                 "ru": "текст в сообщении содержит символ NUL ({text!r})"},
    "json_surrogate": {"en": "a text in the message holds a lone UTF-16 surrogate ({text!r})",
                       "ru": "текст в сообщении содержит одиночный суррогат UTF-16 ({text!r})"},
    "json_not_object": {"en": "the message must be a JSON object ({{…}})",
                        "ru": "сообщение должно быть JSON-объектом ({{…}})"},
    "too_many_tables": {"en": "too many tables opened from your address: try again in {retry} s "
                              "(at most {burst} at once, then {rate} a minute)",
                        "ru": "с вашего адреса открыто слишком много столов: попробуйте через {retry} с "
                              "(не больше {burst} сразу, затем {rate} в минуту)"},
    "too_many_sockets": {"en": "too many connections from your address (at most {max}): close one and try again",
                         "ru": "слишком много соединений с вашего адреса (не больше {max}): закройте одно и "
                               "попробуйте снова"},
    "server_full": {"en": "the server has too many connections (at most {max}): try again later",
                    "ru": "на сервере слишком много соединений (не больше {max}): попробуйте позже"},
    "lobby_limit": {"en": "'limit' must be an integer from 1 to {max}, not {value!r}",
                    "ru": "'limit' — целое число от 1 до {max}, а не {value!r}"},
    "lobby_flag": {"en": "'{name}' must be true or false, not {value!r}",
                   "ru": "'{name}' — true или false, а не {value!r}"},
    "lobby_cursor": {"en": "'cursor' must be a value this server gave as 'next_cursor', not {value!r}",
                     "ru": "'cursor' — значение, которое сервер дал в 'next_cursor', а не {value!r}"},
    "lobby_game": {"en": "no game is called {game!r} (see /api/games)", "ru": "нет игры {game!r} (см. /api/games)"},
    # ---- options (issue 12 point 2): a table's options checked by its game's schema (cardroom.core.options)
    "unknown_game": {"en": "unknown game {game}; the games: {known}", "ru": "нет игры {game}; игры: {known}"},
    "bad_option": {"en": "{game}: the option {option!r} accepts {accepts}, not {got}",
                   "ru": "{game}: условие {option!r} принимает {accepts}, а не {got}"},
    "unknown_option": {"en": "{game} has no option {option!r}; its options: {known}",
                       "ru": "у игры {game} нет условия {option!r}; её условия: {known}"},
    "accepts_bool": {"en": "true or false", "ru": "true или false"},
    "accepts_int": {"en": "an integer from {min} to {max}", "ru": "целое число от {min} до {max}"},
    "accepts_float": {"en": "a number from {min} to {max}", "ru": "число от {min} до {max}"},
    "accepts_choice": {"en": "one of {choices}", "ru": "одно из значений {choices}"},
    "accepts_alias": {"en": "{accepts} (or another name of one)",
                      "ru": "{accepts} (или другое название одного из них)"},
    "accepts_tuple": {"en": "a list of {count} integers from {min} to {max}",
                      "ru": "список из {count} целых чисел от {min} до {max}"},
    "accepts_count": {"en": "{lo} to {hi}", "ru": "{lo}–{hi}"},
    "accepts_null": {"en": "{accepts}, or null", "ru": "{accepts} или null"},
    # issue 12, point 1 (part dds): the hints in flight are bounded
    "busy": {"en": "the server is busy with other hints ({limit} at most at once): ask again in {retry} s",
             "ru": "сервер занят другими подсказками (не больше {limit} одновременно): спросите снова через {retry} с"},
    # ---- issue 12, part "store": start-up checks of the database, tables set aside (quarantined) at load
    "quarantined": {"en": "table {table!r} is set aside: its stored record could not be rebuilt when the server "
                          "started (the server's operator has the reason)",
                    "ru": "стол {table!r} отложен: его сохранённую запись не удалось восстановить при запуске "
                          "сервера (причина известна администратору сервера)"},
    "db.not_sqlite": {"en": "{db} is not a SQLite database ({why})", "ru": "{db} — не база данных SQLite ({why})"},
    "db.cannot_open": {"en": "cannot open the database {db}: {why}",
                       "ru": "не удаётся открыть базу данных {db}: {why}"},
    "db.no_file": {"en": "there is no database file {db}", "ru": "файла базы данных {db} нет"},
    "db.empty": {"en": "{db} holds no cardroom tables", "ru": "в {db} нет таблиц cardroom"},
    "db.foreign": {"en": "{db} is not a cardroom database: it holds tables of another application ({tables}) and "
                         "none of cardroom's",
                   "ru": "{db} — не база данных cardroom: в ней таблицы другой программы ({tables}) и ни одной "
                         "таблицы cardroom"},
    "db.missing": {"en": "{db} is not a cardroom database: table {missing} is missing while {present} holds "
                         "{rows} row(s)",
                   "ru": "{db} — не база данных cardroom: таблицы {missing} нет, а в {present} строк: {rows}"},
    "db.columns": {"en": "{db} is not a cardroom database: table {table} has the columns ({found}), cardroom's "
                         "has ({expected})",
                   "ru": "{db} — не база данных cardroom: у таблицы {table} столбцы ({found}), а у cardroom "
                         "({expected})"},
    "db.key": {"en": "{db} is not a cardroom database: the primary key of table {table} is ({found}), cardroom's "
                     "is ({expected})",
               "ru": "{db} — не база данных cardroom: первичный ключ таблицы {table} — ({found}), а у cardroom "
                     "({expected})"},
    "db.unreadable": {"en": "cannot read the tables stored in {db}: {why}",
                      "ru": "не удаётся прочитать столы, сохранённые в {db}: {why}"},
    "q.value": {"en": "column {column} of {where} holds {value}, not {expected}",
                "ru": "в столбце {column} ({where}) записано {value}, а не {expected}"},
    "q.options": {"en": "its options are not a JSON object: {text}", "ru": "его условия — не JSON-объект: {text}"},
    "q.game": {"en": "the game {game} with options {options} cannot be opened: {why}",
               "ru": "игру {game} с условиями {options} открыть нельзя: {why}"},
    "q.gap": {"en": "action {n} is stored without action {missing} (a gap in the order numbers)",
              "ru": "ход {n} сохранён без хода {missing} (пропуск в номерах)"},
    "q.action": {"en": "stored action {n} {text} does not replay: {why}",
                 "ru": "сохранённый ход {n} {text} не воспроизводится: {why}"},
    "q.seat": {"en": "a seat event ({kind}) names seat {seat}, but the game's seats are 0 to {last}",
               "ru": "событие места ({kind}) называет место {seat}, а места игры — от 0 до {last}"},
    "q.seat_kind": {"en": "a seat event of an unknown kind {kind}", "ru": "событие места неизвестного вида {kind}"},
    "q.abandon": {"en": "the stored abandonment does not apply: {why}",
                  "ru": "сохранённое досрочное окончание не применяется: {why}"},
    "q.orphan": {"en": "{events} seat event(s) and {actions} action(s) are stored for a table that has no row in "
                       "room_tables",
                 "ru": "для стола без строки в room_tables сохранены события мест ({events}) и ходы ({actions})"},
    "q.failed": {"en": "the table could not be rebuilt: {why}", "ru": "стол не удалось восстановить: {why}"},
    "q.parent": {"en": "its parent table {parent} is not served (missing or set aside); the table is served without "
                       "it",
                 "ru": "его предыдущий стол {parent} не обслуживается (его нет или он отложен); стол обслуживается "
                       "без него"},
    "admin.summary": {"en": "{tables} table(s) stored in {db}, {quarantined} set aside",
                      "ru": "столов в {db}: {tables}, отложено: {quarantined}"},
    "log.quarantined": {"en": "table {table} ({game}) is set aside (quarantined), not served: {reason}",
                        "ru": "стол {table} ({game}) отложен (карантин), не обслуживается: {reason}"},
    "log.note": {"en": "table {table}: {reason}", "ru": "стол {table}: {reason}"},
    # ---- issue 12, part "cheat": practice tables, an unfaced dummy, deals the server makes
    "seed_needs_practice": {"en": "a chosen 'seed' deals known cards: it is accepted only for a practice table "
                                  "(send \"practice\": true with it); other tables get a secret seed",
                            "ru": "выбранное зерно 'seed' даёт известные сдачи: оно принимается только для "
                                  "тренировочного стола (пришлите вместе с ним \"practice\": true); другие столы "
                                  "получают тайное зерно"},
    "bad_seed": {"en": "'seed' must be an integer from 0 to 2**62-1", "ru": "'seed' — целое число от 0 до 2**62-1"},
    "bad_practice": {"en": "'practice' must be true or false", "ru": "'practice' — true или false"},
    "dummy_not_faced": {"en": "you sit at {seat}: dummy {other} is not faced yet (after the opening lead), so "
                              "you cannot act for it",
                        "ru": "ваше место {seat}: болван {other} ещё не открыт (он открывается после первого хода), "
                              "действовать за него нельзя"},
}

QUOTE_MAX = 40
"""A message quotes at most this many characters of any value it names (then "…")."""
TEXT_MAX = 300
"""The server's own texts inside a message (a reason, a position, the legal actions, the whole text of
a ``raw`` message) at most this long."""
_SERVER_TEXTS = frozenset({"why", "where", "legal", "reason", "db"})
_SERVER_LISTS = frozenset({"accepts", "choices", "known"})
"""Parameters the server makes from its own tables (what an option accepts, the options a game has):
they hold nothing a client sent, so they are cut only at :data:`LIST_MAX`."""
LIST_MAX = 1500


class Own(str):
    """A parameter the server itself vouches for (the name of a game's own option): shown whole."""

    __slots__ = ()


def _cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[:limit] + "…"


class _Quoted:
    """A message parameter cut short: ``{x}`` and ``{x!r}`` show at most ``limit`` characters of it."""

    __slots__ = ("limit", "value")

    def __init__(self, value: Any, limit: int) -> None:
        self.value = value
        self.limit = limit

    def __str__(self) -> str:
        return _cut(str(self.value), self.limit)

    def __repr__(self) -> str:
        v = self.value
        return repr(_cut(v, self.limit)) if isinstance(v, str) else _cut(repr(v), self.limit)

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


def _params(key: str, kw: dict[str, Any]) -> dict[str, Any]:
    """Every parameter cut: a client's values to :data:`QUOTE_MAX`; the server's own texts to
    :data:`TEXT_MAX`, with any long client value they repeat (a game's parse error quotes the input)
    cut there too."""
    out: dict[str, Any] = {}
    long_inputs: list[str] = []
    for name, value in kw.items():
        if (isinstance(value, bool | int) and abs(value) < 10**QUOTE_MAX) or \
                (isinstance(value, Own) and len(value) <= 100):
            out[name] = value
        elif name in _SERVER_LISTS:
            out[name] = _Quoted(value, LIST_MAX)
        elif name in _SERVER_TEXTS or key == "raw":
            out[name] = value  # cut below, once the client's values are known
        else:
            out[name] = _Quoted(value, QUOTE_MAX)
            if isinstance(value, str) and len(value) > QUOTE_MAX:
                long_inputs.append(value)
    for name, value in out.items():
        if name in _SERVER_TEXTS or (key == "raw" and not isinstance(value, _Quoted)):
            text = str(value)
            for given in long_inputs:
                text = text.replace(given, _cut(given, QUOTE_MAX))
            out[name] = _Quoted(text, TEXT_MAX)
    return out


def msg(key: str, lang: str = "en", **kw: Any) -> str:
    """The message ``key`` in ``lang`` (English when the language is unknown). Every parameter is cut
    to :data:`QUOTE_MAX` characters (the server's own texts to :data:`TEXT_MAX`): a message never
    echoes more than a short prefix of what a client sent."""
    entry = STRINGS[key]
    return entry.get(lang, entry["en"]).format(**_params(key, kw))


def option_accepts(spec: OptionSpec, lang: str = "en") -> str:
    """What an option accepts (its kind, choices or range), in ``lang``."""
    def num(v: float | None) -> str:
        return "" if v is None else str(int(v)) if float(v).is_integer() else repr(v)

    if spec.kind == BOOL:
        text = msg("accepts_bool", lang)
    elif spec.kind == CHOICE or spec.choices:
        text = msg("accepts_choice", lang, choices=", ".join(quote(c) for c in spec.choices))
        if spec.aliases:
            text = msg("accepts_alias", lang, accepts=text)
    elif spec.kind in (INT, FLOAT):
        text = msg("accepts_int" if spec.kind == INT else "accepts_float", lang, min=num(spec.min), max=num(spec.max))
    else:
        lo, hi = spec.length or (0, 0)
        count = str(lo) if lo == hi else msg("accepts_count", lang, lo=lo, hi=hi)
        text = msg("accepts_tuple", lang, count=count, min=num(spec.min), max=num(spec.max))
    return msg("accepts_null", lang, accepts=text) if spec.optional else text


# ------------------------------------------------------------------ positions
_POSITION_PARTS: list[tuple[re.Pattern[str], str]] = [
    (re.compile(p), key) for p, key in [
        (r"action (?P<n>\d+)", "pos.action"),
        (r"the draw", "pos.draw"),
        (r"the deal", "pos.the_deal"),
        (r"deal (?P<n>\d+)", "pos.deal_n"),
        (r"hand (?P<n>\d+)", "pos.hand_n"),
        (r"game (?P<n>\d+)", "pos.game_n"),
        (r"call (?P<n>\d+)", "pos.call_n"),
        (r"trick (?P<n>\d+)", "pos.trick_n"),
        (r"auction", "pos.auction"),
        (r"making the trump", "pos.making_trump"),
        (r"first round", "pos.first_round"),
        (r"second round", "pos.second_round"),
        (r"the dealer's discard", "pos.dealer_discard"),
        (r"the hand is over", "pos.hand_over"),
        (r"the cut for the deal", "pos.cut"),
        (r"the cut", "pos.the_cut"),
        (r"the cut for the deal \(recut by (?P<seats>[A-Z ]+)\)", "pos.recut"),
        (r"(?P<phase>deal|discard|declare|whist|defence|play|over|concede|invite|passing|choice|doubling)", ""),
    ]
]


def localize_position(text: str, lang: str) -> str:
    """A game's position text ("deal 3, trick 4") in ``lang``, part by comma-separated part."""
    if lang == "en":
        return text
    out = []
    for part in text.split(", "):
        for rx, key in _POSITION_PARTS:
            m = rx.fullmatch(part)
            if m is not None:
                kw = m.groupdict()
                out.append(t(f"room.pos.{kw.pop('phase')}" if not key else f"room.{key}", lang, **kw))
                break
        else:
            out.append(part)
    return ", ".join(out)


# ------------------------------------------------------------------ sheet reasons (preferans)
_N = r"(?P<n>\d+)"
_SEAT = r"(?P<seat>\d+)"
_LEVEL = r"(?P<level>[^ ]+)"
_REASONS: list[tuple[re.Pattern[str], str]] = [
    (re.compile(p), key) for p, key in [
        (rf"help from seat {_SEAT} \((?P<why>.+)\): off the gora", "why.help_from_gora"),
        (rf"help from seat {_SEAT} \((?P<why>.+)\)", "why.help_from"),
        (rf"help: (?P<pts>[\d.]+) into seat {_SEAT}'s pulya", "why.help_into"),
        (rf"help: (?P<pts>[\d.]+) off seat {_SEAT}'s gora", "why.help_off"),
        (rf"remainder of seat {_SEAT}'s (?P<why>.+) nobody could take", "why.remainder"),
        (r"(?P<why>.+) \(double, off the gora\)", "why.double"),
        (r"(?P<why>.+) \(shared by seats (?P<a>\d+) and (?P<b>\d+)\)", "why.shared"),
        (rf"talon bonus: {_N} trick\(s\) in the talon", "why.talon_bonus"),
        (rf"{_N} trick\(s\) whisting on a {_LEVEL}", "why.whisting"),
        (rf"on a {_LEVEL} down {_N}: (?P<why>.+)", "why.on_down"),
        (rf"whister {_N} trick\(s\) short on a {_LEVEL}", "why.short"),
        (rf"half-whist: {_N} trick\(s\) on a {_LEVEL}", "why.half_whist"),
        (r"misère made", "why.misere_made"),
        (rf"misère: {_N} trick\(s\)", "why.misere_tricks"),
        (rf"{_N} seven\(s\) in the talon", "why.sevens"),
        (rf"no trick on raspasy \({_N}\)", "why.no_trick_raspasy"),
        (rf"{_N} trick\(s\) on raspasy at (?P<price>[\d.]+)", "why.raspasy_tricks"),
        (rf"raspasy: seat {_SEAT} took {_N} \(shared\)", "why.raspasy_took_shared"),
        (rf"raspasy: seat {_SEAT} took {_N}", "why.raspasy_took"),
        (r"dealer on raspasy, as for no trick", "why.dealer_raspasy_zero"),
        (r"dealer on raspasy", "why.dealer_raspasy"),
        (r"preferans: the gora written off", "why.pref_gora"),
        (r"preferans: pulya closed", "why.pref_pulya"),
        (r"preferans: closing the pulya", "why.pref_closing"),
        (r"preferans: the whists on him taken over", "why.pref_whists"),
        (r"preferans", "why.pref"),
        (r"prize: first to close the pulya", "why.prize_pulya"),
        (r"prize: first to close the gora", "why.prize_gora"),
        (rf"seat {_SEAT} refused the talon", "why.refused"),
        (rf"round {_N}: first to reach the pulya", "why.round_first"),
        (rf"round {_N}: smallest gora", "why.round_gora"),
        (rf"consolation of seat {_SEAT}", "why.consolation_of"),
        (r"consolation", "why.consolation"),
        (r"gentleman's whist: whister and passer share in halves", "why.gentleman"),
        (rf"{_N} trick\(s\)", "why.tricks"),
        (rf"{_LEVEL} not whisted", "why.not_whisted"),
        (rf"{_LEVEL} made", "why.made"),
        (rf"{_LEVEL} down {_N}", "why.down"),
        (r"(?P<why>.+): written off the gora", "why.off_gora"),
    ]
]


@lru_cache(maxsize=8192)
def localize_reason(text: str, lang: str) -> str:
    """A reason written on a preferans sheet ("help from seat 2 (10 not whisted)") in ``lang``."""
    if lang == "en":
        return text
    for rx, key in _REASONS:
        m = rx.fullmatch(text)
        if m is not None:
            kw = m.groupdict()
            if "why" in kw:  # a reason inside a reason; "a, b" lists several
                kw["why"] = ", ".join(localize_reason(x, lang) for x in kw["why"].split(", "))
            return t(f"room.{key}", lang, **kw)
    return text


def localize_sheet(sheet: Any, lang: str) -> Any:
    """A score sheet (as a view shows it) with its written texts (the ``reason`` of each line) in
    ``lang``; the same object when there is nothing to translate."""
    if lang == "en" or not isinstance(sheet, dict):
        return sheet
    lines = sheet.get("lines")
    if not isinstance(lines, list) or not any(isinstance(x, dict) and "reason" in x for x in lines):
        return sheet
    return {**sheet, "lines": [{**x, "reason": localize_reason(str(x["reason"]), lang)}
                               if isinstance(x, dict) and "reason" in x else x for x in lines]}
