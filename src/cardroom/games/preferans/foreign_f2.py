"""F2, the foreign variant with the contracts column and the hat (document 004, digest §10.2).

Its own rules on top of the preferans deal engine (:class:`F2Deal`, a few overrides of
:class:`~cardroom.games.preferans.rules.PrefDeal`) and its own sheet (:class:`F2Sheet`):

* contracts by ordinal number: 2 spades, 3 diamonds, 4 hearts (not stated: UNCERTAIN), 5 clubs, 6 Bettel
  (misère), 7 no trumps (option ``f2_sans``, UNCERTAIN); each with or without the talon. The declarer of a suit
  game must take six tricks, of Bettel none. The value of a contract is twice its ordinal with the talon,
  twice (ordinal + 1) without it (:func:`contract_value`, vector ``pref-f2-contract-values``);
* contra by a defender (×2), recontra by the declarer (×4), a game on a refet (×2); all multiply
  (:func:`multiplier`, ``pref-f2-multipliers``);
* the sheet: each player's contracts column starts at −``f2_start``; the declarer writes the value off when
  he made the game, adds it when he failed; each whister writes, in his column against the declarer, the
  value for each trick he took (at most five when the game failed); a whister short of his tricks adds the
  value to his own contracts column; a lost Bettel costs the declarer its value and each defender writes five
  times the value on him (60 with the talon, 70 without). Crossing zero draws the hat, going back the
  inverted hat. An all-pass gives everybody a refet unless somebody is under the hat or the refets of the
  pulka are used up; a declarer holding a refet plays his next game doubled and loses the refet
  (``pref-f2-scoresheet-30``);
* the final count: the contracts columns are brought to a zero sum (each column less their mean), then a
  player's result is ``f2_contracts_factor`` × his column + the whists he wrote − the whists written on him
  (:meth:`F2Sheet.settle`, ``pref-f2-settlement-30``).

The choices where the source is silent are in docs/rules/preferans.md «F2», each with its option.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Self

from cardroom.core.errors import CardroomError, IllegalAction, Reason
from cardroom.games.preferans.calls import (
    CONTRA,
    GAMES,
    MISERE,
    MISERE_NO_TALON,
    PASS,
    PLAY,
    RECONTRA,
    PrefCall,
    without_talon_of,
)
from cardroom.games.preferans.pulka import PrefSettlement, PulkaSheet
from cardroom.games.preferans.result import PrefDealResult
from cardroom.games.preferans.rules import PH_DEFENCE, PH_OVER, PrefDeal
from cardroom.games.preferans.variants import PrefVariant

# ---------------------------------------------------------------------- contracts and values

STRAIN_ORDINAL: dict[int, int] = {0: 2, 2: 3, 3: 4, 1: 5, 4: 7}
"""The ordinal of each strain (index into ``PREF_STRAINS``: S, C, D, H, NT): «контракт два – просто пика»,
diamonds 3, clubs 5 (§10.2); hearts 4 and no trumps 7 are not stated (UNCERTAIN)."""
BETTEL = 6
"""Bettel's ordinal (§10.2 «2х6» for the lost Bettel)."""
TRICKS_TO_MAKE = 6  # «Если он взял шесть и более взяток»
FAILED_TRICKS_CAP = 5  # «Защитники не пишут больше чем за пять взяток, если контракт не реализован»


def ordinal(call: PrefCall) -> int:
    """The ordinal number of an F2 contract (a level-six game of the ladder, or misère for Bettel)."""
    if call.is_misere:
        return BETTEL
    if not call.is_game or call.level != TRICKS_TO_MAKE:
        raise CardroomError(Reason("pref.f2_not_contract", call=call))
    return STRAIN_ORDINAL[call.strain]


def contract_value(number: int, without_talon: bool = False) -> int:
    """«запись за контракт с прикупом вдвое больше, чем порядковый номер … Игра без прикупа добавляет
    единичку к порядковому номеру»: 2 × ordinal, or 2 × (ordinal + 1) without the talon."""
    return 2 * (number + (1 if without_talon else 0))


def call_value(call: PrefCall) -> int:
    return contract_value(ordinal(call), call.without_talon)


def multiplier(doublings: int = 0, refet: bool = False) -> int:
    """«под контрой все результаты удваиваются, под реконтрой – учетверяются и т. д. … под рефетом … тоже
    удваивается. Все коэффициенты действуют одновременно»: 2^doublings, doubled again on a refet."""
    return int(2 ** doublings) * (2 if refet else 1)


def ladder(variant: PrefVariant) -> tuple[PrefCall, ...]:
    """The F2 contracts in bidding order: by ordinal, each with the talon then without it (UNCERTAIN: the
    order of the auction is not stated; a contract without the talon beats the same one with it)."""
    by_ordinal: list[tuple[int, PrefCall]] = [(BETTEL, MISERE)]
    for g in GAMES:
        if g.level == TRICKS_TO_MAKE and (variant.f2_sans or g.trump is not None):
            by_ordinal.append((STRAIN_ORDINAL[g.strain], g))
    out: list[PrefCall] = []
    for _, c in sorted(by_ordinal):
        out.append(c)
        if c.is_misere:
            if variant.misere_without_talon:
                out.append(MISERE_NO_TALON)
        elif variant.games_without_talon:
            out.append(without_talon_of(c))
    return tuple(out)


def doublings_of(result: PrefDealResult) -> int:
    """Contra and recontra said in the deal (written among its whist calls)."""
    return sum(1 for _, c in result.whist_calls if c in ("contra", "recontra"))


def final_count(contracts: Sequence[int], whists: Sequence[Sequence[Fraction | int]], factor: int = 10
                ) -> tuple[Fraction, Fraction, tuple[Fraction, ...], tuple[Fraction, ...]]:
    """§10.2 «Если бы возникла необходимость рассчитать пульку»: (the contracts' sum, what is added to each
    column, the columns brought to a zero sum, each player's result = factor × his column + whists he wrote
    − whists written on him). ``whists[a][b]``: a's whists on b. The results sum to zero."""
    n = len(contracts)
    total = Fraction(sum(contracts))
    added = -total / n
    norm = tuple(x + added for x in contracts)
    bal = tuple(factor * norm[a] + sum((Fraction(whists[a][b]) - Fraction(whists[b][a]) for b in range(n) if b != a),
                                       Fraction(0)) for a in range(n))
    if sum(bal) != 0:
        raise AssertionError(f"the F2 results do not sum to zero: {bal}")
    return total, added, norm, bal


# ---------------------------------------------------------------------- the deal


class F2Deal(PrefDeal):
    """One deal of F2: the preferans deal with the F2 ladder, contra / recontra after the whist (the
    ``defence`` phase), and an all-pass that ends the deal without play (the sheet gives the refets)."""

    @staticmethod
    def game_value(variant: PrefVariant, call: PrefCall) -> int:
        """§10.2: twice the contract's ordinal (one more without the talon)."""
        return call_value(call)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.f2_ladder = ladder(self.rules)
        self.doublings = 0
        self.contra_queue: list[int] = []  # defenders still to say contra or not
        self.contra_by: int | None = None  # the defender who said contra

    # ---- auction
    def _legal_bids(self) -> list[PrefCall]:
        cur = self.bid
        start = 0 if cur is None else self.f2_ladder.index(cur) + 1
        return [PASS, *self.f2_ladder[start:]]

    def _legal_declarations(self) -> list[PrefCall]:
        assert self.bid is not None
        i = self.f2_ladder.index(self.bid)
        return [c for c in self.f2_ladder[i:] if c.is_game and not c.without_talon]

    def _take_talon(self) -> None:
        super()._take_talon()
        if self.rules.f2_talon_face_down:
            self.talon_shown = False  # C29 «прикуп не показывают (берут втемную)»

    def _start_raspasy(self) -> None:
        """All passed: no play; the sheet gives everybody a refet (§10.2) and the deal passes on."""
        self.kind = "passed"
        self.declarer = None
        self.contract = None
        self.phase = PH_OVER

    # ---- whist and contra
    def _after_declaration(self) -> None:
        assert self.contract is not None
        if self.contract.is_misere:
            self.kind = "misere"  # Bettel: both defenders play it
            self._start_contra(list(self._defenders()))
            return
        super()._after_declaration()

    def _after_whists(self) -> None:
        if not self.whisters:
            self._nobody_whists()
            return
        self._start_contra(list(self.whisters))

    def _start_contra(self, speakers: list[int]) -> None:
        if self.rules.f2_max_doublings == 0:
            self._contra_done()
            return
        self.contra_queue = speakers
        self.defence_chooser = speakers[0]
        self.phase = PH_DEFENCE

    def _legal_defence(self) -> list[PrefCall]:
        if self.defence_chooser == self.declarer:
            return [PLAY, RECONTRA]
        return [PLAY, CONTRA]

    def _defence(self, call: PrefCall) -> None:
        legal = self._legal_defence()
        seat = self.defence_chooser
        if call not in legal or seat is None:
            raise IllegalAction(Reason("pref.may_not_say", seat=seat, call=call, legal=" ".join(map(str, legal))),
                                seat=seat, action=call)
        self.whist_calls.append((seat, call))
        if call == PLAY:
            if self.doublings == 0 and len(self.contra_queue) > 1:
                self.contra_queue.pop(0)
                self.defence_chooser = self.contra_queue[0]
                return
            self._contra_done()
            return
        self.doublings += 1
        if seat != self.declarer:
            self.contra_by = seat
        if self.doublings >= self.rules.f2_max_doublings:
            self._contra_done()
            return
        self.defence_chooser = self.declarer if seat != self.declarer else self.contra_by

    def _contra_done(self) -> None:
        assert self.contract is not None
        self.defence_chooser = None
        self.open_defence = False
        if self.contract.is_misere:
            self._start_play()
        else:
            self._start_whisted_play()

    def _after_trick(self) -> None:
        super()._after_trick()
        if self.rules.f2_bettel_closed:
            self.defenders_open = False  # Bettel «ловится втемную»: the defenders' cards stay closed

    def snapshot(self) -> dict[str, Any]:
        return {**super().snapshot(), "doublings": self.doublings, "contra_queue": tuple(self.contra_queue),
                "contra_by": self.contra_by}


# ---------------------------------------------------------------------- the sheet

HAT, INVERTED_HAT = "hat", "inverted-hat"


@dataclass(frozen=True)
class F2Line:
    """One line of the F2 sheet as written: the running values written on it (None: nothing written there)."""

    deal: int  # 0 for the starting line
    event: str  # "start", "game", "misere", "unplayed", "passed" (no effect), "refets" (everybody got one),
    # "nothing" (the undoubled two of the convention after [18])
    declarer: int | None = None
    contract: int | None = None  # PrefCall value
    value: int = 0  # the contract's value with its multipliers
    multiplier: int = 1
    refet_used: bool = False
    contracts: tuple[int | None, ...] = ()
    whists: tuple[tuple[int | None, ...], ...] = ()  # [a][b]: a's running whists on b, where written
    hats: tuple[str | None, ...] = ()
    shortfall: tuple[int, ...] = ()  # whisters penalised for their shortfall

    def to_dict(self) -> dict[str, Any]:
        return {"deal": self.deal, "event": self.event, "declarer": self.declarer,
                "contract": None if self.contract is None else str(PrefCall(self.contract)), "value": self.value,
                "multiplier": self.multiplier, "refet_used": self.refet_used, "contracts": list(self.contracts),
                "whists": [list(r) for r in self.whists], "hats": list(self.hats), "shortfall": list(self.shortfall)}


@dataclass(frozen=True)
class F2Settlement(PrefSettlement):
    """The F2 final count: ``contracts`` as written, ``added`` to each (the shortfall shared), ``normalised``
    columns; ``balance`` = factor × normalised + whists written − whists received (sums to zero)."""

    contracts: tuple[int, ...] = ()
    shortfall: Fraction = Fraction(0)
    added: Fraction = Fraction(0)
    normalised: tuple[Fraction, ...] = ()
    factor: int = 10

    def to_dict(self) -> dict[str, Any]:
        from cardroom.games.preferans.scoring import num

        return {**super().to_dict(), "contracts": list(self.contracts), "shortfall": num(self.shortfall),
                "added": num(self.added), "normalised": [num(x) for x in self.normalised], "factor": self.factor}


@dataclass
class _F2State:
    contracts: list[int]
    whists: list[list[int]]
    refets: list[int]
    under_hat: list[bool]
    refets_given: int = 0
    lines: list[F2Line] = field(default_factory=list)


class F2Sheet(PulkaSheet):
    """The F2 sheet (§10.2): per player a contracts column and a whist column against each opponent."""

    DEFAULT_VARIANT = "foreign-f2"

    def _start(self) -> None:
        super()._start()
        n, start = self.players, -self.variant.f2_start
        self.f2 = _F2State([start] * n, [[0] * n for _ in range(n)], [0] * n, [False] * n)
        self.f2.lines.append(F2Line(0, "start", contracts=(start,) * n, whists=self._blank(),
                                    hats=(None,) * n))

    def _blank(self) -> tuple[tuple[int | None, ...], ...]:
        return tuple((None,) * self.players for _ in range(self.players))

    def copy(self) -> Self:
        new = super().copy()
        new.f2 = _F2State(list(self.f2.contracts), [list(r) for r in self.f2.whists], list(self.f2.refets),
                          list(self.f2.under_hat), self.f2.refets_given, list(self.f2.lines))
        return new

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, F2Sheet):
            return NotImplemented
        return (self.variant == other.variant and self.players == other.players
                and self.f2.lines == other.f2.lines and self.f2.refets == other.f2.refets)

    __hash__ = None  # type: ignore[assignment]

    # ---- the rules of the sheet
    @property
    def max_refets(self) -> int:
        """«Если списывают с 50, допускается не больше трех рефетов. Если с 30 – только один»: the option, else
        start / 10 − 2 (UNCERTAIN between and beyond the two stated sizes)."""
        m = self.variant.f2_max_refets
        return m if m is not None else max(0, self.variant.f2_start // 10 - 2)

    def _give_refets(self) -> bool:
        st = self.f2
        if any(st.under_hat) or st.refets_given >= self.max_refets:
            return False  # «никто рефетов не получает»; «всеобщий пас не дает никаких эффектов»
        st.refets_given += 1
        st.refets = [r + 1 for r in st.refets]
        return True

    def add(self, result: PrefDealResult) -> list[Any]:
        """Write one deal; returns the lines written (one)."""
        if self.is_over:
            raise IllegalAction(Reason("pref.pulka_over"))
        if result.players != self.players:
            raise CardroomError(Reason("pref.pulka_players", deal=result.players, sheet=self.players))
        self.results.append(result)
        line = self._score(result, len(self.results))
        self.f2.lines.append(line)
        return [line]

    def _score(self, r: PrefDealResult, deal: int) -> F2Line:
        st, v, n = self.f2, self.variant, self.players
        if r.declarer is None or r.contract is None:
            return F2Line(deal, "refets" if self._give_refets() else "passed", hats=(None,) * n,
                          contracts=(None,) * n, whists=self._blank())
        d, call = r.declarer, PrefCall(r.contract)
        doublings = doublings_of(r)
        if v.f2_spades_rule and ordinal(call) == 2 and not call.without_talon and doublings == 0:
            self._give_refets()  # «никто ничего не пишет; а если никто не "под шляпой", то все получают рефет»
            return F2Line(deal, "nothing", d, r.contract, hats=(None,) * n, contracts=(None,) * n,
                          whists=self._blank())
        refet = st.refets[d] > 0
        if refet:
            st.refets[d] -= 1  # «Рефет А использован (пропадает)»; also when the game fails (footnote [16])
        m = multiplier(doublings, refet)
        value = call_value(call) * m
        col: dict[int, int] = {}
        wh: dict[tuple[int, int], int] = {}
        short: list[int] = []
        if r.kind == "misere":
            if r.tricks[d] == 0:
                col[d] = value
            else:
                col[d] = -value  # «разыгрывающий штрафуется на 12 очков (2х6)»
                for s in r.defenders:
                    wh[s, d] = FAILED_TRICKS_CAP * value  # «каждый пишет на него по 60 вистов»
        elif r.kind == "unplayed":
            col[d] = value
        else:
            made = r.tricks[d] >= TRICKS_TO_MAKE
            col[d] = value if made else -value
            lone = len(r.whisters) == 1 and v.f2_passer_invited
            for w in r.whisters:
                # the passer is invited by a lone whister: «все очки (в том числе и штрафы) пишет пригласивший»
                own = r.tricks[w] + (sum(r.tricks[p] for p in r.passers) if lone else 0)
                counted = own if made else min(own, FAILED_TRICKS_CAP)
                if counted:
                    wh[w, d] = value * counted
                if own < v.f2_whist_quota and (made or v.f2_shortfall_when_failed):
                    col[w] = col.get(w, 0) - value  # «приписывает штраф в колонку контрактов»
                    short.append(w)
        hats: list[str | None] = [None] * n
        contracts: list[int | None] = [None] * n
        for s, x in col.items():
            st.contracts[s] += x
            contracts[s] = st.contracts[s]
            if not st.under_hat[s] and st.contracts[s] >= 0:
                st.under_hat[s], hats[s] = True, HAT
            elif st.under_hat[s] and st.contracts[s] < 0:
                st.under_hat[s], hats[s] = False, INVERTED_HAT
        whists = [[None] * n for _ in range(n)]  # type: list[list[int | None]]
        for (a, b), x in wh.items():
            st.whists[a][b] += x
            whists[a][b] = st.whists[a][b]
        return F2Line(deal, r.kind, d, r.contract, value, m, refet, tuple(contracts),
                      tuple(tuple(row) for row in whists), tuple(hats), tuple(short))

    # ---- reading
    def contracts(self, seat: int) -> int:
        return self.f2.contracts[seat]

    def whists(self, seat: int, on: int) -> Fraction:
        return Fraction(self.f2.whists[seat][on])

    def refets(self, seat: int) -> int:
        return self.f2.refets[seat]

    def under_hat(self, seat: int) -> bool:
        return self.f2.under_hat[seat]

    @property
    def lines_written(self) -> list[F2Line]:
        return list(self.f2.lines)

    def contracts_record(self, seat: int) -> list[int]:
        return [c for ln in self.f2.lines if (c := ln.contracts[seat]) is not None]

    def f2_whist_record(self, seat: int, on: int) -> list[int]:
        return [w for ln in self.f2.lines if (w := ln.whists[seat][on]) is not None]

    def _is_over(self) -> bool:
        """UNCERTAIN (the end is not stated): the players together have written off their start (the sum of
        the contracts columns reached zero), or ``f2_deal_limit`` deals were played."""
        return sum(self.f2.contracts) >= 0 or len(self.results) >= self.variant.f2_deal_limit

    @property
    def is_over(self) -> bool:
        return self._is_over()

    def next_raspasy_round(self) -> int:
        return 1  # F2 plays no raspasy

    def forbid_six(self) -> bool:
        return False

    def mandatory_raspasy(self) -> bool:
        return False

    # ---- the final count
    def settle(self, amnesty: bool = False, whist_price: float | None = None) -> F2Settlement:
        """«Привести колонку контрактов к нулю … Делим это число на количество игроков», then each result =
        factor × his column + whists he wrote − whists written on him; the results sum to zero."""
        n, v = self.players, self.variant
        c = tuple(self.f2.contracts)
        wh = tuple(tuple(Fraction(x) for x in row) for row in self.f2.whists)
        total, added, norm, bal = final_count(c, wh, v.f2_contracts_factor)
        zero = tuple(tuple(Fraction(0) for _ in range(n)) for _ in range(n))
        price = v.whist_price if whist_price is None else whist_price
        return F2Settlement(n, tuple(Fraction(x) for x in c), Fraction(0), zero, wh, zero, bal, price,
                            contracts=c, shortfall=-total, added=added, normalised=norm,
                            factor=v.f2_contracts_factor)

    # ---- display
    def drawing(self, lang: str) -> list[str]:
        """The sheet as document 004 draws it (f2_drawing.py), the terminal's picture."""
        from cardroom.games.preferans.f2_drawing import draw_f2

        return draw_f2(self, lang)

    def render(self, lang: str = "ru", settlement: bool = True) -> str:
        from cardroom.games.preferans.f2_drawing import draw_f2

        return "\n".join(draw_f2(self, lang, settlement=settlement))

    def to_dict(self) -> dict[str, Any]:
        st, n = self.f2, self.players
        return {
            "kind": "f2",  # the room draws it with sheets.js prefF2Sheet
            "variant": self.variant.name,
            "players": n,
            "start": -self.variant.f2_start,
            "pulya_length": self.variant.f2_start,
            "deals": len(self.results),
            "over": self.is_over,
            "contracts": list(st.contracts),
            "whists": [list(r) for r in st.whists],
            "refets": list(st.refets),
            "refets_given": st.refets_given,
            "max_refets": self.max_refets,
            "under_hat": list(st.under_hat),
            "records": {
                "contracts": [self.contracts_record(s) for s in range(n)],
                "whists": [[self.f2_whist_record(s, o) for o in range(n)] for s in range(n)],
            },
            "lines": [ln.to_dict() for ln in st.lines],
        }
