"""The Greek cash box: contract values and the settlement of a deal (document 004 §10.4).

Two units (§10.4.1): cash-box points and chips, 1 chip = 1/10 point. Every deal writes box changes and
chip payments (:class:`KassaEntry`); a payment is a transfer, so the chips always sum to zero. The box never
goes below zero (§10.4.6): what a declarer cannot subtract is taken from the richest other box, paid for in
chips (:func:`subtract`).

The deal's rules (§10.4.4), with *v* the contract value and *D* the declarer:

1. *D* made the contract (or more, when a lone whister did not fail): *D* subtracts *v*; each whister
   receives *v* × his tricks from *D*;
2. *D* short: *D* adds *v* (one short) or 2*v* (two or more); each whister receives *v* × his tricks, doubled
   when *D* is two or more short;
3. *D* took more and a whister failed: the box is unchanged; each failed whister pays *D* *v* × *D*'s tricks,
   doubled when he is two or more short, and, when only one of two failed, pays the other *v* × the other's
   tricks (doubled likewise);
4. both defenders pass: *D* subtracts *v*, no chips;
5. an invited passer (examples 8–11): the defence's tricks are the inviter's, the invited player's chips do
   not change.

The whist obligations are derived from the examples (the rule text is lost, digest §10.4.5, UNCERTAIN):
options ``greek_first_share`` and ``greek_second_share`` (tricks the first and the second whister answer
for, by level); a whister's excess counts for the other; an invited pair answers for both shares together;
a lone whister who plays alone (the passer's cards out of play) for the first share.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from cardroom.core.errors import CardroomError, Reason
from cardroom.games.preferans.calls import PrefCall
from cardroom.games.preferans.result import PrefDealResult
from cardroom.games.preferans.variants import PrefVariant

SUIT_SIX_VALUES = (2, 3, 4, 5, 6)
"""§10.4.3: 6♠ 2, 6♣ 3, 6♦ 4, 6♥ 5, 6 NT 6 (strain order ♠ ♣ ♦ ♥ NT)."""
TEN_NT_VALUES = {"A": 11, "B": 10}
"""§10.4.7 «Заявка 10 без козыря»: option A 11, option B 10."""
CHIPS_PER_POINT = 10
"""§10.4.1 «1 фишка равняется 1/10 кассового очка»."""

# the choices a Greek deal records in PrefDealResult.choices (seat, word)
INVITED, ALONE, COUNTER, ACES, TOOK = "invite", "alone", "counter-invite", "four-aces", "take"


def contract_value(level: int, strain: int, variant: PrefVariant) -> int:
    """§10.4.3: the value of a contract of ``level`` in ``strain`` (0 ♠ … 4 NT); 10 NT by option A (11) or B
    (10), refused where neither is agreed."""
    if not 6 <= level <= 10 or not 0 <= strain <= 4:
        raise CardroomError(Reason("pref.no_game", level=level, strain=strain))
    if level == 6:
        return SUIT_SIX_VALUES[strain]
    if level == 10 and strain == 4:
        if variant.greek_ten_nt not in TEN_NT_VALUES:
            raise CardroomError(Reason("greek.no_ten_nt"))
        return TEN_NT_VALUES[variant.greek_ten_nt]
    return level + (1 if strain == 4 else 0)


def value_of(call: PrefCall | int, variant: PrefVariant) -> int:
    c = PrefCall(call)
    return contract_value(c.level, c.strain, variant)


def aces_points(variant: PrefVariant) -> int:
    """Four aces, option A: the agreed rise of the value («такое, как 1/10 первоначальной величины кассы»)."""
    if variant.greek_aces_points is not None:
        return variant.greek_aces_points
    return max(1, variant.greek_kassa // 10)


def money(chips: int | Fraction, variant: PrefVariant) -> float:
    """§10.4.1: chips as money, one point of the box being worth ``greek_point_price`` («145 фишек … 1,45
    евро, если 1 очко кассы … 10 центов»)."""
    return float(Fraction(chips) * Fraction(str(variant.greek_point_price)) / CHIPS_PER_POINT)


def half_up(x: Fraction) -> int:
    """The nearest whole number, a half rounded up (16⅔ → 17: «1/3х50≈17»)."""
    return int((x + Fraction(1, 2)) // 1)


@dataclass(frozen=True)
class KassaEntry:
    """A line of the Greek sheet: a change of a box (``kind`` "kassa": ``seat``'s box changes by ``amount``
    points) or a payment (``kind`` "chips": ``payer`` pays ``seat`` ``amount`` chips). ``tag``: the rule."""

    kind: str
    seat: int
    amount: int
    payer: int | None = None
    tag: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "seat": self.seat, "amount": self.amount, "payer": self.payer, "tag": self.tag}


def subtract(boxes: Sequence[int], declarer: int, points: int) -> list[KassaEntry]:
    """§10.4.6: the declarer subtracts ``points`` from his box, which never goes below zero. The rest is
    subtracted from the box of the player who has the most points, who pays the declarer 10 chips a point;
    two (or more) equally rich boxes share it, each subtracting his half rounded up, the chips split exactly
    (footnote [26]); a box that cannot take its part passes the rest on (footnote [27]). When every other
    box is (or becomes) empty, the declarer receives from each other player 1/n of the remaining points in
    chips (n players; «1/3х50≈17» with three; rounded half up — UNCERTAIN, «приблизительно»)."""
    box = list(boxes)
    out: list[KassaEntry] = []
    own = min(box[declarer], points)
    if own:
        out.append(KassaEntry("kassa", declarer, -own, tag="subtract"))
        box[declarer] -= own
    rest = Fraction(points - own)
    others = [(declarer + i) % len(box) for i in range(1, len(box))]  # in turn from the declarer
    while rest > 0:
        live = [s for s in others if box[s] > 0]
        if not live:
            each = half_up(rest * CHIPS_PER_POINT / len(box))
            out.extend(KassaEntry("chips", declarer, each, s, "overflow-share") for s in others if each)
            break
        top = max(box[s] for s in live)
        richest = [s for s in live if box[s] == top]
        share = rest / len(richest)
        parts = [min(Fraction(box[s]), share) for s in richest]
        covered = sum(parts, Fraction(0))
        # the chips split exactly (footnote [26]); with three equal boxes (four players) the odd chips are paid
        # by the first of them in turn
        total = int(covered * CHIPS_PER_POINT)
        base, extra = divmod(total, len(richest))
        for i, (s, part) in enumerate(zip(richest, parts, strict=True)):
            pts = min(box[s], -(-part.numerator // part.denominator))  # the half rounded up (footnote [26])
            out.append(KassaEntry("kassa", s, -pts, tag="overflow"))
            out.append(KassaEntry("chips", declarer, base + (1 if i < extra else 0), s, "overflow"))
            box[s] -= pts
        rest -= covered
    return out


@dataclass(frozen=True)
class Defence:
    """How a Greek deal was defended: ``mode`` "both" (two whisters), "invited" (a lone whister with the
    invited passer's hand playing for him, §10.4.4 rule 5; the counter-invitation too), "alone" (a lone
    whister, the passer's cards out of play) or "none" (both passed); ``credited``: each whister's tricks as
    the settlement counts them; ``short``: each whister's shortfall against his obligation."""

    mode: str
    credited: dict[int, int]
    short: dict[int, int]


def defenders(result: PrefDealResult) -> tuple[int, int]:
    """The first (A, next in turn after the declarer) and the second defender (B)."""
    assert result.declarer is not None
    act = result.active
    i = act.index(result.declarer)
    return act[(i + 1) % 3], act[(i + 2) % 3]


def effective_level(result: PrefDealResult, variant: PrefVariant) -> int:
    """The level the deal is settled at: a ten as a nine with «10 как 9»."""
    return 9 if result.level == 10 and variant.greek_ten_as_nine else result.level


def defence_of(result: PrefDealResult, variant: PrefVariant) -> Defence:
    lvl = effective_level(result, variant)
    first_share = variant.greek_first_share[lvl - 6]
    second_share = variant.greek_second_share[lvl - 6]
    if result.level == 10 and not variant.greek_ten_as_nine:
        first_share = second_share = 0  # «контракт 10 подразумевает отсутствие обязательств со стороны вистующих»
    a, b = defenders(result)
    t = result.tricks
    whisters = result.whisters
    if not whisters or result.kind != "game":
        return Defence("none", {}, {})
    if len(whisters) == 2:
        ea = t[a] + max(0, t[b] - second_share)  # a whister's excess counts for the other (examples 5, 6)
        eb = t[b] + max(0, t[a] - first_share)
        return Defence("both", {a: t[a], b: t[b]},
                       {a: max(0, first_share - ea), b: max(0, second_share - eb)})
    w = whisters[0]
    words = {c for s, c in result.choices}
    if INVITED in words or COUNTER in words:
        got = t[a] + t[b]
        return Defence("invited", {w: got}, {w: max(0, first_share + second_share - got)})
    return Defence("alone", {w: t[w]}, {w: max(0, first_share - t[w])})


def _times(short: int) -> int:
    """§10.4.2: penalised once when one short, twice when two or more short."""
    return 1 if short == 1 else 2


def deal_entries(result: PrefDealResult, variant: PrefVariant, boxes: Sequence[int]) -> list[KassaEntry]:
    """The entries one finished deal writes, the boxes standing at ``boxes`` before it (§10.4.4–§10.4.7)."""
    n = result.players
    out: list[KassaEntry] = []
    chosen = {c: s for s, c in result.choices}
    if result.kind == "talon-refused" and result.declarer is not None:
        # «возьму» refused: «2 очка добавляются в его кассу и по 2 фишки выплачиваются каждому из остальных»
        d = result.declarer
        pts, chips = variant.greek_take_penalty
        if pts:
            out.append(KassaEntry("kassa", d, pts, tag="take-refused"))
        out.extend(KassaEntry("chips", s, chips, d, "take-refused") for s in range(n) if s != d and chips)
        return out
    if result.kind not in ("game", "unplayed") or result.declarer is None or result.contract is None:
        return out  # all passed: the cards are dealt again (no raspasy in the Greek game, docs)
    d = result.declarer
    v = value_of(result.contract, variant)
    aces = ACES in chosen
    if aces and variant.greek_four_aces == "A":
        v += aces_points(variant)
    lvl = effective_level(result, variant)
    dt = result.tricks[d]
    defence = defence_of(result, variant)
    made = True
    if result.kind == "unplayed" or defence.mode == "none":
        out.extend(subtract(boxes, d, v))  # rule 4 (and «10 как 9»: «автоматически вычитает 10 очков»)
    elif dt < lvl:  # rule 2
        made = False
        k = _times(lvl - dt)
        out.append(KassaEntry("kassa", d, k * v, tag="short"))
        out.extend(KassaEntry("chips", w, v * t * k, d, "whist") for w, t in defence.credited.items() if t)
        sit = result.sitting_out
        if sit is not None:  # four players: «выплачивает выходящему игроку 25 фишек … 50 фишек»
            out.append(KassaEntry("chips", sit, variant.greek_sitout_chips[0 if k == 1 else 1], d, "sit-out"))
    elif dt > lvl and any(defence.short.values()):  # rule 3 («взял больше заказанного … не выполнили»)
        failed = [w for w, s in defence.short.items() if s]
        for w in failed:
            out.append(KassaEntry("chips", d, v * dt * _times(defence.short[w]), w, "whist-failed"))
        if len(failed) == 1 and len(defence.credited) == 2:
            w = failed[0]
            other = next(x for x in defence.credited if x != w)
            if defence.credited[other]:
                out.append(KassaEntry("chips", other, v * defence.credited[other] * _times(defence.short[w]), w,
                                      "whist-failed-other"))
    else:  # rule 1
        out.extend(subtract(boxes, d, v))
        out.extend(KassaEntry("chips", w, v * t, d, "whist") for w, t in defence.credited.items() if t)
    if aces and variant.greek_four_aces == "B":
        bonus = variant.greek_aces_chips
        for s in range(n):
            if s != d and bonus:
                out.append(KassaEntry("chips", d, bonus, s, "four-aces") if made else
                           KassaEntry("chips", s, bonus, d, "four-aces"))
    return out


def end_entries(boxes: Sequence[int], variant: PrefVariant) -> list[KassaEntry]:
    """§10.4.7 «Окончание игры при двух пустых кассах»: once all boxes but one are empty, its owner pays each
    player whose box is empty 1/n of his box in chips (1/3 with three players; n players — a reading for four,
    rounded half up, docs) and the box is closed."""
    n = len(boxes)
    live = [s for s in range(n) if boxes[s] > 0]
    if len(live) != 1:
        return []
    s = live[0]
    each = half_up(Fraction(boxes[s] * CHIPS_PER_POINT, n))
    out = [KassaEntry("chips", o, each, s, "end-share") for o in range(n) if o != s and each]
    out.append(KassaEntry("kassa", s, -boxes[s], tag="end-share"))
    return out


def apply_entries(boxes: Sequence[int], chips: Sequence[int], entries: Sequence[KassaEntry]
                  ) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The boxes and the chip balances after ``entries``."""
    b, c = list(boxes), list(chips)
    for e in entries:
        if e.kind == "kassa":
            b[e.seat] += e.amount
        else:
            assert e.payer is not None
            c[e.seat] += e.amount
            c[e.payer] -= e.amount
    if min(b) < 0:
        raise AssertionError(f"a cash box below zero: {b}")
    return tuple(b), tuple(c)


@dataclass(frozen=True)
class PasserReport:
    """§10.4.8: which examples show a passing defender whose chips do not change (``found``), against the
    examples the text names (``claimed``): those it names that do not exist or show no such defender
    (``missing``), and those it leaves out (``left_out``)."""

    claimed: tuple[int, ...]
    found: tuple[int, ...]
    missing: tuple[int, ...]
    left_out: tuple[int, ...]

    @property
    def agrees(self) -> bool:
        return not self.missing and not self.left_out


def source_passer_examples(examples: dict[int, PrefDealResult], variant: PrefVariant,
                           claimed: Sequence[int]) -> PasserReport:
    """Check the document's cross-reference «из вышеперечисленных примеров расчета (с 9-го по 15-й) видно, что
    пасующий игрок … ни зарабатывает, ни теряет» against the settlement of the numbered examples."""
    found = []
    for n, r in sorted(examples.items()):
        passers = [s for s in r.active if s != r.declarer and s not in r.whisters]
        if not passers:
            continue
        boxes = [100] * r.players
        _, chips = apply_entries(boxes, [0] * r.players, deal_entries(r, variant, boxes))
        if all(chips[p] == 0 for p in passers):
            found.append(n)
    want = tuple(claimed)
    return PasserReport(want, tuple(found), tuple(n for n in want if n not in found),
                        tuple(n for n in found if n not in want))
