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
