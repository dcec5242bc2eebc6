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


def msg(key: str, lang: str = "en", **kw: Any) -> str:
    """The message ``key`` in ``lang`` (English when the language is unknown)."""
    entry = STRINGS[key]
    return entry.get(lang, entry["en"]).format(**kw)


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
