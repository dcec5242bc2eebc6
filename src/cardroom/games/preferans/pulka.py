"""The pulka: the preferans score sheet, a pure function of the deal results, and its settlement.

``PulkaSheet.from_results(results, variant, players)`` equals a sheet built by :meth:`PulkaSheet.add`
one deal at a time. Each player has a sector with his pulya (cumulative: «2. 6. 8»), his gora and one
whist column «на» each opponent (§2.7). :meth:`PulkaSheet.settle` makes the final count: the gora
converted into whists (Code of Preferans: each difference of gora × 10 / number of players, written
by the player with less gora on the one with more), each player's balance = the whists he wrote
minus the whists written on him; the balances sum to zero; money = balance × the price of a whist.

The raspasy helpers (:meth:`PulkaSheet.next_raspasy_round`, :func:`next_raspasy_round`,
:meth:`PulkaSheet.forbid_six`, :meth:`PulkaSheet.mandatory_raspasy`) tell the rules engine where the
progression stands and what may end a series of raspasy.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Generic, Protocol, Self, TypeVar

from cardroom.core.errors import CardroomError, IllegalAction, Reason
from cardroom.games.preferans.result import PrefDealResult
from cardroom.games.preferans.scoring import (
    ZERO,
    PrefEntry,
    SheetState,
    fmt,
    num,
    overall_prize_whists,
    round_end_entries,
    round_over,
    score_deal,
)
from cardroom.games.preferans.variants import PrefVariant, make_variant

SEAT_NAMES = {"en": ("N", "E", "S", "W"), "ru": ("С", "В", "Ю", "З")}


class Written(Protocol):
    """An entry a preferans sheet writes (the pulka's :class:`PrefEntry`, the cash box's ``KassaEntry``)."""

    def to_dict(self) -> dict[str, Any]: ...


E = TypeVar("E", bound=Written)


@dataclass(frozen=True)
class SheetLine(Generic[E]):
    """An entry as written, with the number of the deal (1-based) that wrote it."""

    deal: int
    entry: E

    def to_dict(self) -> dict[str, Any]:
        return {"deal": self.deal, **self.entry.to_dict()}


Matrix = tuple[tuple[Fraction, ...], ...]


@dataclass(frozen=True)
class PrefSettlement:
    """The final count (расчёт пульки)."""

    players: int
    gora: tuple[Fraction, ...]  # gora with the unfinished pulya carried in, before amnesty
    amnesty: Fraction  # subtracted from every gora (the smallest gora) when amnesty was asked
    gora_whists: Matrix  # [a][b]: whists a writes on b for the difference of gora
    whists: Matrix  # [a][b]: whists a wrote on b during the game
    prizes: Matrix  # [a][b]: final prizes (Piter races §9.3)
    balance: tuple[Fraction, ...]
    whist_price: float

    @property
    def money(self) -> tuple[float, ...]:
        return tuple(float(b) * self.whist_price for b in self.balance)

    def net(self, a: int, b: int) -> Fraction:
        """What ``a`` wins from ``b`` (negative: pays)."""
        return (self.whists[a][b] + self.gora_whists[a][b] + self.prizes[a][b]
                - self.whists[b][a] - self.gora_whists[b][a] - self.prizes[b][a])

    def to_dict(self) -> dict[str, Any]:
        def m(x: Matrix) -> list[list[int | float]]:
            return [[num(v) for v in row] for row in x]

        return {"gora": [num(g) for g in self.gora], "amnesty": num(self.amnesty), "gora_whists": m(self.gora_whists),
                "whists": m(self.whists), "prizes": m(self.prizes), "balance": [num(b) for b in self.balance],
                "balances": {s: num(b) for s, b in enumerate(self.balance)}, "money": list(self.money),
                "whist_price": self.whist_price}


def _series_index(results: Sequence[PrefDealResult], variant: PrefVariant) -> int:
    """Position in the progression of a raspasy played after ``results`` (1 = single raspasy).

    Counts the raspasy in a row at the end; in Piter races a misère (§9.2 «Мизер распасы не прерывает»)
    and an unwhisted game (exit needs a whisted and played game) do not end a series, and a failed
    misère starts a mandatory series at 2, 4 or 6 points (1, 2, 3+ tricks; §9.2, choice: the
    progression continues from there).
    """
    count = 0
    for r in reversed(results):
        if r.kind == "raspasy":
            count += 1
            continue
        if r.kind == "misere" and not variant.misere_interrupts_raspasy:
            k = r.tricks[r.declarer] if r.declarer is not None else 0
            if k > 0 and variant.end_rule == "rounds":
                return min(k, 3) + count
            continue
        if r.kind == "unplayed" and variant.raspasy_exit_needs_whist:
            continue
        if r.kind == "talon-refused":
            continue  # a refused talon annuls the deal (Sochi C9, docs): it neither plays nor ends raspasy
        if (r.kind == "game" and r.outbid_misere and r.undertricks > 0 and variant.end_rule == "rounds"
                and r.level in (9, 10)):
            return min(r.undertricks, 3) + count  # §9.2: a failed nine/ten over a misère forces raspasy
        break
    return count + 1


def next_raspasy_round(previous_results: Sequence[PrefDealResult], variant: PrefVariant | str = "sochi",
                       players: int | None = None) -> int:
    """The progression index (1, 2, 3 …) of the next deal if everybody passes.

    Piter races count within the current round, so the sheet is replayed to find the round."""
    v = variant if isinstance(variant, PrefVariant) else make_variant(variant)
    if v.end_rule == "rounds" and previous_results:
        n = players if players is not None else previous_results[0].players
        return PulkaSheet.from_results(previous_results, v, n).next_raspasy_round()
    return _series_index(previous_results, v)


def mandatory_raspasy_price(result: PrefDealResult, variant: PrefVariant, outbid_misere: bool = False) -> int | None:
    """Piter races §9.2: the price per trick of the mandatory raspasy that follows ``result``, if any.

    A failed misère with 1, 2, 3+ tricks → 2, 4, 6; a failed nine or ten that had outbid a misère
    (``outbid_misere``, or the result's own field set by the engine from the auction) down 1, 2, 3+ → 2, 4, 6."""
    if variant.end_rule != "rounds" or result.declarer is None:
        return None
    if result.kind == "misere":
        k = result.tricks[result.declarer]
        return variant.raspasy_price(min(k, 3)) if k > 0 else None
    outbid = outbid_misere or result.outbid_misere
    if result.kind == "game" and outbid and result.level in (9, 10) and result.undertricks > 0:
        return variant.raspasy_price(min(result.undertricks, 3))
    return None


def round_first_dealer(round_no: int, first_dealer: int, players: int) -> int:
    """Piter races §9.1: each round is first dealt by the player after the previous round's first dealer."""
    return (first_dealer + round_no - 1) % players


class PrefSheet:
    """What every preferans sheet keeps and how it is made, copied and compared: its variant, its players (a
    number, or the players' names), the deals' results and the lines written. A sheet is a pure function of
    the results (:meth:`from_results`); each kind (the pulka, the Greek cash box) says what else it keeps
    (:meth:`_start`), which of its lists a copy copies (:attr:`_LISTS`) and what equality compares
    (:attr:`_SAME`)."""

    DEFAULT_VARIANT = "sochi"
    _LISTS: tuple[str, ...] = ("lines", "results")
    _SAME: tuple[str, ...] = ("variant", "players", "lines")
    lines: list[Any]

    def __init__(self, variant: PrefVariant | str | None = None, players: int | Sequence[str] = 3) -> None:
        variant = self.DEFAULT_VARIANT if variant is None else variant
        self.variant = variant if isinstance(variant, PrefVariant) else make_variant(variant)
        if isinstance(players, int):
            self.players = players
            self.names: tuple[str, ...] | None = None
        else:
            self.names = tuple(players)
            self.players = len(self.names)
        self.lines = []
        self.results: list[PrefDealResult] = []
        self.unfinished = False  # left before its end (the sheet itself is unchanged)
        self._start()

    def _start(self) -> None:
        """The kind's own fields at the start (before any deal)."""

    @classmethod
    def from_results(cls, results: Sequence[PrefDealResult], variant: PrefVariant | str | None = None,
                     players: int | Sequence[str] = 3) -> Self:
        sheet = cls(variant, players)
        for r in results:
            sheet.add(r)
        return sheet

    def add(self, result: PrefDealResult) -> list[Any]:
        raise NotImplementedError

    def recomputed(self, results: Sequence[PrefDealResult]) -> Self:
        """The sheet of the same variant and players recomputed from ``results`` (see :meth:`from_results`)."""
        sheet = type(self).from_results(results, self.variant, self.players if self.names is None else self.names)
        sheet.unfinished = self.unfinished
        return sheet

    def copy(self) -> Self:
        """An independent copy (its entries and lines are immutable values: only the lists are copied)."""
        new = copy.copy(self)
        for name in self._LISTS:
            setattr(new, name, list(getattr(self, name)))
        return new

    def close_unfinished(self) -> None:
        """Leave the game unfinished: the sheet stays as it stands, to be settled as it is (§7.7)."""
        self.unfinished = True

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, type(self)):
            return NotImplemented
        return all(getattr(self, a) == getattr(other, a) for a in self._SAME)

    __hash__ = None  # type: ignore[assignment]

    @property
    def is_over(self) -> bool:
        raise NotImplementedError

    def _check(self, result: PrefDealResult) -> None:
        """A deal may be written: the game not over, the deal of as many players as the sheet."""
        if self.is_over:
            raise IllegalAction(Reason("pref.pulka_over"))
        if result.players != self.players:
            raise CardroomError(Reason("pref.pulka_players", deal=result.players, sheet=self.players))

    def _write(self, entries: Sequence[Any]) -> None:
        """Write the entries of the last deal scored, each with the deal's number."""
        n = len(self.results)
        self.lines.extend(SheetLine(n, e) for e in entries)

    @property
    def deals(self) -> int:
        return len(self.results)


class PulkaSheet(PrefSheet):
    """The pulka of one game: its lines, its state and its settlement."""

    _LISTS = ("lines", "results", "_round_starts")
    _SAME = ("variant", "players", "lines", "state", "_round_starts")
    lines: list[SheetLine[PrefEntry]]

    def _start(self) -> None:
        self.state = SheetState.empty(self.players)
        self._round_starts: list[int] = [0]  # index in results where each round began

    # ------------------------------------------------------------------ writing
    def add(self, result: PrefDealResult) -> list[PrefEntry]:
        """Score one deal and write it; returns the entries written (round prizes included)."""
        self._check(result)
        if result.kind == "raspasy" and result.raspasy_round <= 0:
            result = _with_round(result, self.next_raspasy_round())
        entries = score_deal(result, self.variant, self.state)
        self.results.append(result)
        n = len(self.results)
        self.state = self.state.apply(entries, result, self.variant.pulya_length)
        written = list(entries)
        if round_over(self.state, self.variant):
            extra = round_end_entries(self.state, self.variant)
            self.state = self.state.apply(extra).next_round()
            self._round_starts.append(n)
            written.extend(extra)
        self._write(written)
        return written

    # ------------------------------------------------------------------ reading
    @property
    def round_no(self) -> int:
        return self.state.round_no

    def pulya(self, seat: int) -> Fraction:
        return self.state.total_pulya[seat]

    def gora(self, seat: int) -> Fraction:
        return self.state.total_gora[seat]

    def whists(self, seat: int, on: int) -> Fraction:
        return self.state.whists[seat][on]

    def _record(self, kind: str, seat: int, on: int | None = None) -> list[Fraction]:
        out: list[Fraction] = []
        total = ZERO
        for ln in self.lines:
            e = ln.entry
            if e.kind == kind and e.seat == seat and e.on == on:
                total += e.points
                out.append(total)
        return out

    def pulya_record(self, seat: int) -> list[Fraction]:
        """The cumulative pulya entries as written, «2. 6. 8» (§2.7)."""
        return self._record("pulya", seat)

    def gora_record(self, seat: int) -> list[Fraction]:
        return self._record("gora", seat)

    def whist_record(self, seat: int, on: int) -> list[Fraction]:
        return self._record("whists", seat, on)

    @property
    def is_over(self) -> bool:
        """Every pulya closed (Sochi §3.12, Moscow item 9, Kazakh item 9), a first pulya closed (Ural §7.7:
        the time limit is the club's to watch), all rounds played (Piter §9.1), or a «преферанс» (§3.11).
        The answer is kept with the (immutable) state and the number of deals it was computed for: a match
        asks it after every action."""
        st, n = self.state, len(self.results)
        kept = self.__dict__.get("_over")
        if kept is not None and kept[0] is st and kept[1] == n:
            return kept[2]  # type: ignore[no-any-return]
        over = self._is_over()
        self.__dict__["_over"] = (st, n, over)
        return over

    def _is_over(self) -> bool:
        st, v = self.state, self.variant
        if st.finished:
            return True
        if v.end_rule == "all_closed":
            return all(p >= v.pulya_length for p in st.total_pulya)
        if v.end_rule == "first_closed":
            if v.time_limit_rounds is not None and not self.time_over():
                return False
            return any(p >= v.pulya_length for p in st.total_pulya)
        rounds = v.rounds if v.rounds is not None else self.players
        return st.round_no > rounds

    def time_over(self) -> bool:
        """Ural §7.7 with ``time_limit_rounds`` = T: the time runs out after T rounds of deals (a round = one
        deal by each player, the engine having no clock); the last round, announced then, starts from the
        first dealer and lasts one more round. True once that last round has been played."""
        t = self.variant.time_limit_rounds
        if t is None:
            return True
        return len(self.results) >= (t + 1) * self.players

    def last_round_announced(self) -> bool:
        """Ural §7.7: the time has run out and the last round is being played (or has been)."""
        t = self.variant.time_limit_rounds
        return t is not None and len(self.results) >= t * self.players

    # ------------------------------------------------------------------ raspasy bookkeeping
    def next_raspasy_round(self) -> int:
        """The progression index of the next deal if it becomes raspasy (see :func:`next_raspasy_round`)."""
        if self.variant.end_rule == "rounds":
            return _series_index(self.state.round_results, self.variant)
        return _series_index(self.results, self.variant)

    def next_raspasy_price(self) -> int:
        return self.variant.raspasy_price(self.next_raspasy_round())

    def in_raspasy_series(self) -> bool:
        """Raspasy are in progress: the next game ends them («выход из распасов»)."""
        if self.variant.end_rule == "rounds":
            return not any(r.kind == "game" for r in self.state.round_results) or self.next_raspasy_round() > 1
        return self.next_raspasy_round() > 1

    def forbid_six(self) -> bool:
        """Piter races §9.2: the first contract of a round may not be a six («выход … затрудненный»)."""
        if self.variant.end_rule != "rounds":
            return False
        return not any(r.kind in ("game", "unplayed") for r in self.state.round_results)

    def raspasy_exit_min_level(self) -> int:
        """The lowest game that may end the current series of raspasy (Ural §7.4 a six; Piter §9.2)."""
        if self.forbid_six():
            return max(7, self.variant.raspasy_exit_level)
        return self.variant.raspasy_exit_level if self.in_raspasy_series() else 6

    def mandatory_raspasy(self) -> bool:
        """Piter races §9.2: each round starts with raspasy; a failed misère forces raspasy."""
        if self.variant.end_rule != "rounds":
            return False
        rr = self.state.round_results
        if not rr:
            return True
        return mandatory_raspasy_price(rr[-1], self.variant) is not None

    # ------------------------------------------------------------------ settlement
    def seat_results(self) -> tuple[float, ...]:
        """Each player's balance in whists if the pulka were settled now (:meth:`settle`)."""
        return self.settle().money

    def settle(self, amnesty: bool = False, whist_price: float | None = None) -> PrefSettlement:
        """The final count (Code of Preferans; §7.7 for the unfinished pulya).

        1. An unfinished pulya is carried into the gora at ``pulya_to_gora_factor`` (Ural: single size),
           counted from the longest pulya (at least the agreed length);
        2. amnesty (optional): the smallest gora is subtracted from every gora (changes no difference);
        3. for every two players, the one with less gora writes on the other
           (difference × ``gora_whist_rate`` / number of players) whists;
        4. final prizes (Piter races §9.3);
        5. balance = whists written on others − whists others wrote on him; the balances sum to zero;
           money = balance × the price of a whist.
        """
        v, n, st = self.variant, self.players, self.state
        top = max(st.total_pulya)
        if v.end_rule != "rounds":
            top = max(top, Fraction(v.pulya_length))
        gora = tuple(st.total_gora[s] + v.pulya_to_gora_factor * (top - st.total_pulya[s]) for s in range(n))
        cut = min(gora) if amnesty else ZERO
        adj = [g - cut for g in gora]
        rate = Fraction(v.gora_whist_rate, n)
        gw = tuple(tuple(max(ZERO, adj[b] - adj[a]) * rate if a != b else ZERO for b in range(n)) for a in range(n))
        pr_l = overall_prize_whists(st.total_pulya, st.total_gora, v)
        pr = tuple(tuple(row) for row in pr_l)
        wh = st.whists
        bal = tuple(
            sum((wh[a][b] + gw[a][b] + pr[a][b] - wh[b][a] - gw[b][a] - pr[b][a] for b in range(n) if b != a), ZERO)
            for a in range(n))
        if sum(bal, ZERO) != 0:
            raise AssertionError(f"the balances of the pulka do not sum to zero: {bal}")
        price = v.whist_price if whist_price is None else whist_price
        return PrefSettlement(n, gora, cut, gw, wh, pr, bal, price)

    # ------------------------------------------------------------------ display
    def seat_name(self, seat: int, lang: str = "ru") -> str:
        if self.names is not None:
            return self.names[seat]
        return SEAT_NAMES.get(lang, SEAT_NAMES["en"])[seat]

    def render(self, lang: str = "ru", settlement: bool = True) -> str:
        """The sheet as players draw it: a sector per player with his pulya, gora and a whist column
        «на» each opponent, entries cumulative («2. 6. 8»), then the agreement field and the count."""
        if lang not in ("ru", "en"):
            raise CardroomError(Reason("pref.render_lang", lang=lang))
        ru = lang == "ru"
        v = self.variant

        def rec(xs: list[Fraction]) -> str:
            return ". ".join(fmt(x) for x in xs) if xs else "—"

        title = v.title_ru if ru else v.title_en
        lines = [
            (f"Пулька: {title}, игроков {self.players}" if ru else f"Pulka: {title}, {self.players} players"),
            (f"Договорное поле: пуля {v.pulya_length}, вист = {v.whist_price:g}" if ru else
             f"Agreement: pulya {v.pulya_length}, one whist = {v.whist_price:g}"),
        ]
        if v.end_rule == "rounds":
            lines.append(f"Раунд {self.state.round_no}" if ru else f"Round {self.state.round_no}")
        label_p, label_g = ("Пуля", "Гора") if ru else ("Pulya", "Gora")
        for s in range(self.players):
            name = self.seat_name(s, lang)
            lines.append(f"── {name} " + "─" * 30)
            lines.append(f"  {label_p:6} {rec(self.pulya_record(s))}")
            lines.append(f"  {label_g:6} {rec(self.gora_record(s))}")
            for o in range(self.players):
                if o == s:
                    continue
                col = (f"Висты на {self.seat_name(o, lang)}" if ru else f"Whists on {self.seat_name(o, lang)}")
                lines.append(f"  {col}: {rec(self.whist_record(s, o))}")
        if settlement:
            st = self.settle()
            lines.append("── " + ("Расчёт" if ru else "Settlement") + " " + "─" * 30)
            for s in range(self.players):
                b = st.balance[s]
                sign = "+" if b > 0 else ""
                lines.append(f"  {self.seat_name(s, lang)}: {sign}{fmt(b)}"
                             + (f" ({st.money[s]:+.2f})" if v.whist_price != 1.0 else ""))
        return "\n".join(lines)

    def to_dict(self) -> dict[str, Any]:
        st = self.state
        n = self.players
        return {
            "variant": self.variant.name,
            "players": n,
            "pulya_length": self.variant.pulya_length,
            "deals": len(self.results),
            "round": st.round_no,
            "over": self.is_over,
            "pulya": [num(x) for x in st.total_pulya],
            "gora": [num(x) for x in st.total_gora],
            "whists": [[num(x) for x in row] for row in st.whists],
            "records": {
                "pulya": [[num(x) for x in self.pulya_record(s)] for s in range(n)],
                "gora": [[num(x) for x in self.gora_record(s)] for s in range(n)],
                "whists": [[[num(x) for x in self.whist_record(s, o)] for o in range(n)] for s in range(n)],
            },
            "lines": [ln.to_dict() for ln in self.lines],
        }


def _with_round(result: PrefDealResult, rnd: int) -> PrefDealResult:
    from dataclasses import replace

    return replace(result, raspasy_round=rnd)
