"""Calls of preferans: the bid ladder, misère, pass, «здесь», whist calls, contract declarations.

The ladder (1997 Code of Preferans; document 004 §2.3, Greek price table §10.4.3):
6♠ < 6♣ < 6♦ < 6♥ < 6NT < 7♠ < … < 10NT, with misère between 8NT and 9♠ (Code) and
misère without talon above misère. Calls are interned ints from 100 up, so they never equal a
card or a bridge call.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from cardroom.core.errors import ParseError, Reason

# strain order in preferans bidding: spades lowest, then clubs, diamonds, hearts, no-trump
PREF_STRAINS = ("S", "C", "D", "H", "NT")
PREF_STRAIN_SYMBOLS = ("♠", "♣", "♦", "♥", "БК")
# card-suit number (Suit: C=0, D=1, H=2, S=3) of each preferans strain index; None for NT
STRAIN_SUIT: tuple[int | None, ...] = (3, 0, 1, 2, None)

_BASE = 100


class PrefCall(int):
    """A bid (level 6–10 and strain), misère, misère without talon, or a non-bid call."""

    __slots__ = ()

    def __new__(cls, value: int) -> PrefCall:
        if type(value) is PrefCall:
            return value
        if value not in _BY_VALUE:
            raise ParseError(Reason("pref.call_value", value=value))
        return _BY_VALUE[value]

    @classmethod
    def _make(cls, value: int) -> PrefCall:
        return int.__new__(cls, value)

    @property
    def is_bid(self) -> bool:
        """A step of the ladder (games and misères), as opposed to pass, здесь, whist calls…"""
        return (_BASE <= self < _BASE + _LADDER_LEN or int(self) in EXTRA_CONTRACTS or int(self) in _GAME_INFO
                or self in _WITHOUT_TALON)  # a game without the talon too

    @property
    def is_misere(self) -> bool:
        """Misère, or a contract to take no trick (Bettel, Plauderer)."""
        return self in (MISERE, MISERE_NO_TALON) or (int(self) in EXTRA_CONTRACTS
                                                     and not EXTRA_CONTRACTS[int(self)].tricks)

    @property
    def is_game(self) -> bool:
        return self.is_bid and not self.is_misere

    @property
    def level(self) -> int:
        if not self.is_game:
            raise ValueError(f"{self} is not a game bid")
        return _GAME_INFO[self][0]

    @property
    def strain(self) -> int:
        """Index into :data:`PREF_STRAINS` (0 = spades … 4 = no-trump)."""
        if not self.is_game:
            raise ValueError(f"{self} is not a game bid")
        return _GAME_INFO[self][1]

    @property
    def trump(self) -> int | None:
        """The trump suit as a card-suit number (None for no-trump)."""
        return STRAIN_SUIT[self.strain]

    @property
    def without_talon(self) -> bool:
        return self in _WITHOUT_TALON

    def __str__(self) -> str:
        return _TEXT[self]

    def __repr__(self) -> str:
        return f"PrefCall({self})"

    @property
    def english(self) -> str:
        """The call as an English screen writes it, in words the parser reads back (``misère no talon``,
        ``7S no talon``, ``concede 2``, ``hand 1``): the text without its joined ids."""
        if int(self) in _GAME_INFO and self.without_talon and int(self) not in EXTRA_CONTRACTS:
            return _TEXT[int(self)].removesuffix("-wt") + " no talon"
        return _ENGLISH.get(int(self), str(self))

    @property
    def pretty(self) -> str:
        if int(self) in _GAME_INFO and int(self) not in EXTRA_CONTRACTS:
            lvl, st = _GAME_INFO[self]
            return f"{lvl}{PREF_STRAIN_SYMBOLS[st]}" + (" б/п" if self.without_talon else "")
        return _PRETTY.get(int(self), str(self))

    @classmethod
    def parse(cls, text: str) -> PrefCall:
        """Forgiving: ``6s``, ``6♠``, ``7nt``, ``misere``/``мизер``, ``pass``/``пас``, ``здесь``/``here``,
        ``vist``/``вист``/``whist``, ``half``/``полвиста``, ``open``/``closed``, ``10h-nt`` (without talon),
        ``concede 2``/``без2``/``без двух``, ``play``/``играю``, ``invite``, ``accept``, ``decline``."""
        if not isinstance(text, str):
            raise ParseError(Reason("pref.not_call", text=text))
        t = text.strip().lower().replace(" ", "").replace("ё", "е")
        if t in _WORDS:
            return _BY_VALUE[_WORDS[t]]
        m = _BID_RE.match(t)
        if m:
            level = int(m.group(1))
            strain = _STRAIN_WORDS.get(m.group(2))
            if strain is not None and 6 <= level <= 10:
                if m.group(3):
                    return game_bid(level, strain, without_talon=True)
                return game_bid(level, strain)
        raise ParseError(Reason("pref.not_pref_call", text=text))


_BID_RE = re.compile(r"^(10|[6-9])(nt|бк|б/к|n|[scdh♠♣♦♥пктбч])(бп|б/п|wt|-wt|notalon|!)?$")
_STRAIN_WORDS = {
    "s": 0, "♠": 0, "п": 0, "c": 1, "♣": 1, "к": 1, "т": 1, "d": 2, "♦": 2, "б": 2, "h": 3, "♥": 3, "ч": 3,
    "nt": 4, "n": 4, "бк": 4, "б/к": 4,
}

# the ladder: 25 games, misère after 8NT, misère without talon after misère (Code: between 8NT and 9♠… )
_LADDER: list[tuple[str, int, int]] = []  # (kind, level, strain)
for _lvl in range(6, 11):
    for _st in range(5):
        _LADDER.append(("game", _lvl, _st))
        if _lvl == 8 and _st == 4:
            _LADDER.append(("misere", 0, 0))
            _LADDER.append(("misere-nt", 0, 0))
_LADDER_LEN = len(_LADDER)
# games without talon (Code: a game declared without taking the talon, ranked above the same game)
_WT_BASE = _BASE + 200

_BY_VALUE: dict[int, PrefCall] = {}
_TEXT: dict[int, str] = {}
_PRETTY: dict[int, str] = {}
_ENGLISH: dict[int, str] = {}


def _named(call: PrefCall, text: str, russian: str) -> None:
    """A call outside the ladder and the cards: its record text and Russian word kept."""
    value = int(call)
    _BY_VALUE[value], _TEXT[value], _PRETTY[value] = call, text, russian


def _named_calls(first: int, *names: tuple[str, str]) -> tuple[PrefCall, ...]:
    """Calls of consecutive values from ``first``, each named by its (record text, Russian word)."""
    calls = tuple(PrefCall._make(first + i) for i in range(len(names)))
    for call, (text, russian) in zip(calls, names, strict=True):
        _named(call, text, russian)
    return calls


def _numbered_calls(first: int, numbers: range, word: str, russian: Callable[[int], str],
                    words: Callable[[int], tuple[str, ...]]) -> tuple[PrefCall, ...]:
    """A family of numbered calls (value ``first`` + N): record text ``word-N``, English ``word N``, the
    Russian ``russian(N)``; read from those texts, ``wordN`` and ``words(N)``."""
    calls = tuple(PrefCall._make(first + n) for n in numbers)
    for n, call in zip(numbers, calls, strict=True):
        _named(call, f"{word}-{n}", russian(n))
        _ENGLISH[int(call)] = f"{word} {n}"
        for w in (f"{word}-{n}", f"{word}{n}", *words(n)):
            _WORDS[w] = int(call)
    return calls

_GAME_INFO: dict[int, tuple[int, int]] = {}
_WITHOUT_TALON: set[int] = set()
MISERE: PrefCall
MISERE_NO_TALON: PrefCall
for _i, (_kind, _lvl, _st) in enumerate(_LADDER):
    _v = _BASE + _i
    _c = PrefCall._make(_v)
    _BY_VALUE[_v] = _c
    if _kind == "game":
        _GAME_INFO[_v] = (_lvl, _st)
        _TEXT[_v] = f"{_lvl}{PREF_STRAINS[_st]}"
    elif _kind == "misere":
        _TEXT[_v] = "misere"
        _PRETTY[_v] = "мизер"
        MISERE = _c
    else:
        _TEXT[_v] = "misere-wt"
        _PRETTY[_v] = "мизер б/п"
        _ENGLISH[_v] = "misère no talon"
        _WITHOUT_TALON.add(_v)
        MISERE_NO_TALON = _c

_SPECIAL = {
    "pass": 90, "here": 91, "whist": 92, "half-whist": 93, "open": 94, "closed": 95,
}
for _name, _v in _SPECIAL.items():
    _c = PrefCall._make(_v)
    _BY_VALUE[_v] = _c
    _TEXT[_v] = _name
_ENGLISH[93] = "half whist"
_PRETTY.update({90: "пас", 91: "здесь", 92: "вист", 93: "полвиста", 94: "в светлую", 95: "втемную"})
PASS = _BY_VALUE[90]
HERE = _BY_VALUE[91]
WHIST = _BY_VALUE[92]
HALF_WHIST = _BY_VALUE[93]
OPEN = _BY_VALUE[94]
CLOSED = _BY_VALUE[95]

_WORDS = {
    "pass": 90, "p": 90, "пас": 90, "here": 91, "здесь": 91, "whist": 92, "vist": 92, "вист": 92,
    "half": 93, "half-whist": 93, "halfwhist": 93, "полвиста": 93, "пол-виста": 93, "open": 94,
    "всветлую": 94, "светлую": 94, "closed": 95, "втемную": 95, "темную": 95, "misere": MISERE,
    "misère": MISERE, "мизер": MISERE, "mis": MISERE, "misere-wt": MISERE_NO_TALON, "мизербп": MISERE_NO_TALON,
    "мизерб/п": MISERE_NO_TALON, "misere-nt": MISERE_NO_TALON, "miserenotalon": MISERE_NO_TALON,
    "misèrenotalon": MISERE_NO_TALON,
}

# Conceding without play (Code practice, docs/rules/preferans.md §0): «играю» (play on) and «без одной»,
# «без двух» … offered to the declarer of a whisted game before the opening lead; inviting the dealer to a
# misère (document 004 §2.3 item 5): «приглашаю», the dealer's «согласен» / «отказ».
PLAY, INVITE, ACCEPT, DECLINE = _named_calls(
    96, ("play", "играю"), ("invite", "приглашаю сдающего"), ("accept", "согласен"), ("decline", "отказ"))
_CONCEDE_BASE = 400  # concede-N is 400 + N (outside the cards, the bridge calls and the ladder)
_DOWN_WORDS = ("одной", "двух", "трех", "четырех", "пяти", "шести", "семи", "восьми", "девяти", "десяти")
CONCEDES = _numbered_calls(_CONCEDE_BASE, range(1, 11), "concede", lambda n: f"без {_DOWN_WORDS[n - 1]}",
                           lambda n: (f"без{n}", f"без-{n}", f"без{_DOWN_WORDS[n - 1]}"))
_WORDS.update({
    "play": 96, "играю": 96, "играть": 96, "invite": 97, "приглашаю": 97, "приглашаюсдающего": 97, "пригласить": 97,
    "accept": 98, "согласен": 98, "принимаю": 98, "decline": 99, "отказ": 99, "отказываюсь": 99,
})


def concede(n: int) -> PrefCall:
    """The call conceding ``n`` tricks down without play (1–10)."""
    if not 1 <= n <= 10:
        raise ParseError(Reason("pref.concede", n=n))
    return CONCEDES[n - 1]


def conceded_of(call: PrefCall) -> int:
    """Tricks a concede call gives away; 0 for any other call."""
    v = int(call) - _CONCEDE_BASE
    return v if 1 <= v <= 10 else 0


GAMES: tuple[PrefCall, ...] = tuple(_BY_VALUE[_BASE + i] for i, x in enumerate(_LADDER) if x[0] == "game")
LADDER: tuple[PrefCall, ...] = tuple(_BY_VALUE[_BASE + i] for i in range(_LADDER_LEN))


def game_bid(level: int, strain: int, without_talon: bool = False) -> PrefCall:
    if not 6 <= level <= 10 or not 0 <= strain <= 4:
        raise ParseError(Reason("pref.no_game", level=level, strain=strain))
    for v, (lv, st) in _GAME_INFO.items():
        if lv == level and st == strain:
            if without_talon:
                return without_talon_of(_BY_VALUE[v])
            return _BY_VALUE[v]
    raise AssertionError


def without_talon_of(game: PrefCall) -> PrefCall:
    """The same game declared without the talon (ranked just above it in bidding)."""
    v = _WT_BASE + int(game) - _BASE
    if v not in _BY_VALUE:
        c = PrefCall._make(v)
        _BY_VALUE[v] = c
        _GAME_INFO[v] = _GAME_INFO[int(game)]
        _TEXT[v] = f"{_TEXT[int(game)]}-wt"
        _WITHOUT_TALON.add(v)
    return _BY_VALUE[v]


for _g in GAMES:
    without_talon_of(_g)
GAMES_WITHOUT_TALON: tuple[PrefCall, ...] = tuple(without_talon_of(_g) for _g in GAMES)


def rank_of(call: PrefCall) -> float:
    """Position on the ladder; a game without talon sits just above the same game with talon."""
    if int(call) in EXTRA_CONTRACTS:  # above every game (F1 «в торговле они перебивают мастевые игры»)
        return float(_LADDER_LEN + int(call) - _EXTRA_BASE)
    if int(call) >= _WT_BASE:
        return float(int(call) - _WT_BASE) + 0.5
    return float(int(call) - _BASE)


# The «преферанс» declaration (document 004 §3.11), refusing the talon (Sochi C9, §3.10 item 2), the Piter
# races choices of the player (§9.2, §9.4: into the pulya, or double off the gora) and the Ural dealer's choice
# of a defender's hand to whist with (§7.3). Values 420 and up.
PREFERANS, REFUSE_TALON, TO_PULYA, OFF_GORA = _named_calls(
    420, ("preferans", "преферанс"), ("refuse-talon", "отказ от прикупа"), ("pulya", "в пулю"),
    ("gora", "с горы вдвойне"))
_ENGLISH[int(REFUSE_TALON)] = "refuse talon"
_HAND_BASE = 430  # hand-S is 430 + S: the Ural dealer whists with seat S's hand
HANDS = _numbered_calls(_HAND_BASE, range(4), "hand", lambda s: f"вист рукой игрока {s}",
                        lambda s: (f"рука{s}", f"рука-{s}", f"виструкойигрока{s}"))
_WORDS.update({
    "preferans": 420, "преферанс": 420, "refuse-talon": 421, "refuse": 421, "refusetalon": 421,
    "отказотприкупа": 421,
    "отказ-от-прикупа": 421, "pulya": 422, "впулю": 422, "пуля": 422, "gora": 423, "сгоры": 423, "гора": 423,
    "сгорывдвойне": 423,
})

# The Greek cash box (document 004 §10.4.7): the preliminary bid «возьму» and the announcement of four aces.
# Values 470 and up.
TAKE, FOUR_ACES = _named_calls(470, ("take", "возьму"), ("four-aces", "четыре туза"))
_ENGLISH[int(TAKE)] = "I'll take"
_ENGLISH[int(FOUR_ACES)] = "four aces"
_WORDS.update({"take": 470, "i'lltake": 470, "illtake": 470, "возьму": 470, "four-aces": 471, "fouraces": 471,
               "aces": 471, "четыретуза": 471, "тузы": 471})


def hand_call(seat: int) -> PrefCall:
    """The Ural dealer's call whisting with ``seat``'s hand (§7.3 «сдатчик выбирает руку»)."""
    if not 0 <= seat <= 3:
        raise ParseError(Reason("pref.no_seat", seat=seat))
    return HANDS[seat]


def hand_of(call: PrefCall) -> int | None:
    """The seat named by a ``hand-S`` call, else None."""
    v = int(call) - _HAND_BASE
    return v if 0 <= v <= 3 else None


# ---------------------------------------------------------------------- the German-named contracts
# Document 004's foreign variants (digest §10.1 F1 «дополнительные контракты» 5–8, §10.3 F3's table):
# Bettel (no trick, played closed), Durchmarsch (all ten tricks, no trumps), Plauderer / Bettel ouvert (Bettel
# with the declarer's cards face up after the first lead), Offener Durchmarsch (Durchmarsch the same); each
# also without the talon («может быть сыграна без прикупа»). Values 440–447: the contract at 440 + 2 × number,
# its without-talon form one above. A Bettel is misère-like (``is_misere``), a Durchmarsch a ten in no trumps
# (``is_game``, level 10). They are bids only in a variant whose ladder has them (``PrefVariant.ladder``).


@dataclass(frozen=True)
class ExtraContract:
    """One of F1's additional contracts: its number in F1 (5–8), the tricks it undertakes (0 or all ten),
    whether the declarer's cards go face up after the first lead, and whether it is played without the talon."""

    number: int
    name: str
    tricks: int
    open_after_lead: bool
    without_talon: bool


_EXTRA_BASE = 440
_EXTRA_DEFS = ((5, "bettel", 0, False, "беттель", "Bettel"), (6, "durchmarsch", 10, False, "дурхмарш", "Durchmarsch"),
               (7, "plauderer", 0, True, "плаудерер", "Plauderer"),
               (8, "offener-durchmarsch", 10, True, "открытый дурхмарш", "Offener Durchmarsch"))
EXTRA_CONTRACTS: dict[int, ExtraContract] = {}
for _i, (_num, _name, _tricks, _open, _ru, _en) in enumerate(_EXTRA_DEFS):
    for _wt in (False, True):
        _v = _EXTRA_BASE + 2 * _i + _wt
        _c = PrefCall._make(_v)
        _BY_VALUE[_v] = _c
        EXTRA_CONTRACTS[_v] = ExtraContract(_num, _name, _tricks, _open, _wt)
        _TEXT[_v] = _name + ("-wt" if _wt else "")
        _PRETTY[_v] = _ru + (" б/п" if _wt else "")
        _ENGLISH[_v] = _en + (" no talon" if _wt else "")
        if _tricks:
            _GAME_INFO[_v] = (10, 4)  # all ten tricks in no trumps
        if _wt:
            _WITHOUT_TALON.add(_v)
        for _w in (_name, _name.replace("-", ""), _ru.replace(" ", ""), _en.lower().replace(" ", "")):
            _WORDS[_w + ("-wt" if _wt else "")] = _v
            if _wt:
                _WORDS[_w + "notalon"] = _v
                _WORDS[_w + "бп"] = _v
                _WORDS[_w + "б/п"] = _v
_WORDS.update({"bettelouvert": _EXTRA_BASE + 4, "offenerbettel": _EXTRA_BASE + 4, "тотус": _EXTRA_BASE + 2})
EXTRAS: tuple[PrefCall, ...] = tuple(_BY_VALUE[v] for v in sorted(EXTRA_CONTRACTS))
"""The eight German-named contracts in ladder order (each just below its without-talon form)."""


def extra_contract(call: int | None) -> ExtraContract | None:
    """The German-named contract a call value is, else None."""
    return None if call is None else EXTRA_CONTRACTS.get(int(call))


# Contra and recontra of the F2 foreign variant (document 004 §10.2 «под контрой … под реконтрой»): a
# defender doubles the game, the declarer redoubles (games/preferans/foreign_f2.py). Values 460 and 461.
CONTRA, RECONTRA = _named_calls(460, ("contra", "контра"), ("recontra", "реконтра"))
_WORDS.update({"contra": 460, "контра": 460, "kontra": 460, "recontra": 461, "реконтра": 461, "rekontra": 461})
