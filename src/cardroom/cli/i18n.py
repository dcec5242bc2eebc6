"""User-interface strings in English and Russian."""

from __future__ import annotations

import os

STRINGS: dict[str, dict[str, str]] = {
    "deal": {"en": "Deal {n}", "ru": "Сдача {n}"},
    "dealer": {"en": "dealer {seat}", "ru": "сдаёт {seat}"},
    "vul": {"en": "vulnerable: {v}", "ru": "в зоне: {v}"},
    "none": {"en": "none", "ru": "никто"},
    "both": {"en": "both", "ru": "обе"},
    "your_hand": {"en": "Your hand ({seat})", "ru": "Ваша рука ({seat})"},
    "dummy": {"en": "Dummy ({seat})", "ru": "Болван ({seat})"},
    "auction": {"en": "Auction", "ru": "Торговля"},
    "contract": {"en": "Contract: {c}", "ru": "Контракт: {c}"},
    "trick": {"en": "Trick {n}", "ru": "Взятка {n}"},
    "tricks_won": {"en": "Tricks: NS {ns}, EW {ew}", "ru": "Взятки: СЮ {ns}, ВЗ {ew}"},
    "your_call": {"en": "Your call (e.g. 1NT, 4s, pass, x, xx; ? for help): ",
                  "ru": "Ваша заявка (напр. 1NT, 4s, пас, x, xx; ? — помощь): "},
    "your_card": {"en": "Your card from {hand} (e.g. AS, 10h, ♠A; ? for help): ",
                  "ru": "Ваш ход из руки {hand} (напр. AS, 10h, ♠A; ? — помощь): "},
    "not_legal": {"en": "{what} is not allowed now: {why}", "ru": "{what} сейчас нельзя: {why}"},
    "unreadable": {"en": "Cannot read {what!r}: {why}", "ru": "Не понимаю {what!r}: {why}"},
    "legal_now": {"en": "Allowed now: {legal}", "ru": "Сейчас можно: {legal}"},
    "help": {"en": "Type a call or a card. Commands: sheet (score sheet), quit (end the rubber unfinished).",
             "ru": "Введите заявку или карту. Команды: sheet (запись), quit (закончить роббер досрочно)."},
    "passed_out": {"en": "All passed: the deal is passed out; the next dealer deals.",
                   "ru": "Все спасовали: сдача отменяется, сдаёт следующий."},
    "result": {"en": "Result: {r}", "ru": "Результат: {r}"},
    "sheet": {"en": "Score sheet", "ru": "Запись"},
    "rubber_over": {"en": "The rubber is over. Winner: {w}. Totals NS {ns}, EW {ew}.",
                    "ru": "Роббер окончен. Победители: {w}. Итог: СЮ {ns}, ВЗ {ew}."},
    "rubber_unfinished": {"en": "The rubber was left unfinished. Totals NS {ns}, EW {ew}.",
                          "ru": "Роббер не окончен. Итог: СЮ {ns}, ВЗ {ew}."},
    "back_score": {"en": "Back score: {b}", "ru": "Обратный счёт: {b}"},
    "played": {"en": "{seat} plays {card}", "ru": "{seat} ходит {card}"},
    "called": {"en": "{seat}: {call}", "ru": "{seat}: {call}"},
    "draw": {"en": "Draw for the deal: {cards}; {seat} deals first.",
             "ru": "Жеребьёвка: {cards}; первым сдаёт {seat}."},
    "saved": {"en": "Record saved to {path}", "ru": "Запись сохранена в {path}"},
    "trick_won": {"en": "Trick {n} won by {seat}", "ru": "Взятку {n} взял {seat}"},
    "waiting": {"en": "{seat} is dummy; declarer {decl} plays.", "ru": "{seat} — болван; играет {decl}."},
}

# the preferans terminal's strings, under "pref." keys
_PREFERANS: dict[str, dict[str, str]] = {
    "deal": {"en": "Deal {n}, dealer: player {d}", "ru": "Сдача {n}, сдаёт игрок {d}"},
    "hand": {"en": "Your hand (player {s})", "ru": "Ваша рука (игрок {s})"},
    "player": {"en": "player {s}", "ru": "игрок {s}"},
    "talon": {"en": "Talon", "ru": "Прикуп"},
    "auction": {"en": "Bidding", "ru": "Торговля"},
    "contract": {"en": "Contract: {c} by player {p}", "ru": "Игра: {c}, играет игрок {p}"},
    "raspasy": {"en": "Raspasy", "ru": "Распасы"},
    "trick": {"en": "Trick {n}", "ru": "Взятка {n}"},
    "won": {"en": "Tricks", "ru": "Взятки"},
    "prompt": {"en": "Your {what} (? for help): ", "ru": "Ваш ход — {what} (? — помощь): "},
    "what_bid": {"en": "bid (6s, 7nt, misere, pass, здесь)", "ru": "заявка (6п, 7бк, мизер, пас, здесь)"},
    "what_card": {"en": "card from player {h}'s hand", "ru": "карта из руки игрока {h}"},
    "what_discard": {"en": "discard", "ru": "снос"},
    "what_declare": {"en": "game to declare", "ru": "назначение игры"},
    "what_whist": {"en": "whist / pass", "ru": "вист / пас"},
    "what_defence": {"en": "open / closed", "ru": "в светлую / втемную"},
    "what_concede": {"en": "play, or concede (без1, без2 …)", "ru": "играю или без одной, без двух (без1 …)"},
    "what_invite": {"en": "play, or invite the dealer to share the misère / accept / decline",
                    "ru": "играю, или пригласить сдающего в мизер / принять / отказаться"},
    "allowed": {"en": "Allowed now: {x}", "ru": "Сейчас можно: {x}"},
    "bad": {"en": "Cannot read {x!r}: {why}", "ru": "Не понимаю {x!r}: {why}"},
    "illegal": {"en": "{x} is not allowed now", "ru": "{x} сейчас нельзя"},
    "result": {"en": "Deal {n}: {r}", "ru": "Сдача {n}: {r}"},
    "sheet": {"en": "The sheet", "ru": "Пулька"},
    "over": {"en": "The pulka is over.", "ru": "Пулька окончена."},
    "unfinished": {"en": "The pulka was left unfinished.", "ru": "Пулька не доиграна."},
    "settlement": {"en": "Settlement (whists)", "ru": "Расчёт (висты)"},
}
STRINGS.update({f"pref.{k}": v for k, v in _PREFERANS.items()})

SEAT_NAMES = {
    "en": {"N": "North", "E": "East", "S": "South", "W": "West"},
    "ru": {"N": "Север", "E": "Восток", "S": "Юг", "W": "Запад"},
}


def default_lang() -> str:
    lang = os.environ.get("CARDROOM_LANG") or os.environ.get("LANG", "")
    return "ru" if lang.lower().startswith("ru") else "en"


def t(key: str, lang: str, **kw: object) -> str:
    table = STRINGS[key]
    return table.get(lang, table["en"]).format(**kw)
