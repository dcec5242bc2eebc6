"""Preferans scoring: pure functions from one finished deal to entries on the pulka sheet.

:func:`score_deal` turns a :class:`PrefDealResult` into :class:`PrefEntry` values (pulya, gora,
whists written by one player on another) under a :class:`PrefVariant`, given the state of the sheet
before the deal (:class:`SheetState`, needed for help when a pulya is closed, for the Ural prizes
and for the progression of raspasy). :meth:`SheetState.apply` writes the entries. Amounts are exact
fractions: half-responsible whist and gentleman's whist halve amounts, the settlement divides by the
number of players.

Every rule is cited by the section of the digest of document 004 (shared/rules/preferans.md) or the
1997 Code of Preferans; docs/rules/preferans.md lists them all.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from cardroom.core.errors import CardroomError, Reason
from cardroom.games.preferans.calls import MISERE_NO_TALON, PrefCall, extra_contract
from cardroom.games.preferans.result import PrefDealResult
from cardroom.games.preferans.variants import PrefVariant
from cardroom.i18n.catalogue import LawRef, Phrase

ZERO = Fraction(0)
ENTRY_KINDS = ("pulya", "gora", "whists")


def num(x: Fraction) -> int | float:
    """A fraction as an int when whole, else a float (for JSON and display)."""
    return int(x) if x.denominator == 1 else float(x)


def fmt(x: Fraction) -> str:
    """``8``, ``10.5``, ``33.33``."""
    if x.denominator == 1:
        return str(int(x))
    return f"{float(x):.2f}".rstrip("0").rstrip(".")


@dataclass(frozen=True)
class PrefEntry:
    """One entry on the sheet: points into a pulya or gora, or whists written by ``seat`` on ``on``.

    ``tag`` names the rule (``game``, ``help``, ``tricks``, ``consolation``, ``shortfall``, ``misere``,
    ``raspasy``, ``zero``, ``talon``, ``half-whist``, ``prize-first-pulya``, ``prize-first-gora``,
    ``round-prize``, ``preferans``, ``burnt``).
    """

    kind: str
    seat: int
    on: int | None
    points: Fraction
    reason: str
    tag: str = ""

    def __post_init__(self) -> None:
        if self.kind not in ENTRY_KINDS:
            raise CardroomError(Reason("pref.entry_kind", kind=self.kind))
        if (self.kind == "whists") != (self.on is not None):
            raise CardroomError(Reason("pref.entry_on"))

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "seat": self.seat, "on": self.on, "points": num(self.points),
                "reason": self.reason, "tag": self.tag}


def _zeros(n: int) -> tuple[Fraction, ...]:
    return tuple(ZERO for _ in range(n))


@dataclass(frozen=True)
class SheetState:
    """The sheet before a deal: what the scoring of the next deal needs to know.

    ``pulya`` and ``gora`` are those of the current round (Piter races) and equal the totals
    otherwise; ``whists[a][b]`` is what ``a`` has written on ``b``. ``round_results`` are the deals
    of the current round (of the whole pulka when the variant has no rounds).
    """

    players: int
    pulya: tuple[Fraction, ...]
    gora: tuple[Fraction, ...]
    total_pulya: tuple[Fraction, ...]
    total_gora: tuple[Fraction, ...]
    whists: tuple[tuple[Fraction, ...], ...]
    prizes: frozenset[str] = frozenset()
    round_no: int = 1
    round_results: tuple[PrefDealResult, ...] = ()
    reached_at: tuple[int | None, ...] = ()  # deal of the round at which each player reached the pulya
    finished: bool = False  # a «преферанс» declaration ended the game (§3.11)

    @classmethod
    def empty(cls, players: int) -> SheetState:
        if players not in (3, 4):
            raise CardroomError(Reason("pref.players", n=players))
        z = _zeros(players)
        return cls(players, z, z, z, z, tuple(z for _ in range(players)), reached_at=tuple(None for _ in z))

    def apply(self, entries: Iterable[PrefEntry], result: PrefDealResult | None = None,
              pulya_length: int | None = None) -> SheetState:
        """The state after writing ``entries`` (and, with ``result``, after that deal)."""
        pulya, gora = list(self.pulya), list(self.gora)
        tp, tg = list(self.total_pulya), list(self.total_gora)
        wh = [list(r) for r in self.whists]
        prizes = set(self.prizes)
        for e in entries:
            if e.kind == "pulya":
                pulya[e.seat] += e.points
                tp[e.seat] += e.points
            elif e.kind == "gora":
                gora[e.seat] += e.points
                tg[e.seat] += e.points
            else:
                assert e.on is not None
                wh[e.seat][e.on] += e.points
            if e.tag.startswith("prize-first"):
                prizes.add(e.tag)
        rr = self.round_results if result is None else (*self.round_results, result)
        reached = list(self.reached_at) or [None] * self.players
        if pulya_length is not None:
            for s in range(self.players):
                if reached[s] is None and pulya[s] >= pulya_length:
                    reached[s] = len(rr)
        finished = self.finished or (result is not None and result.kind == "preferans")
        return replace(self, pulya=tuple(pulya), gora=tuple(gora), total_pulya=tuple(tp), total_gora=tuple(tg),
                       whists=tuple(tuple(r) for r in wh), prizes=frozenset(prizes), round_results=rr,
                       reached_at=tuple(reached), finished=finished)

    def next_round(self) -> SheetState:
        """Piter races: a new round with empty round pulya and gora (totals kept)."""
        z = _zeros(self.players)
        return replace(self, pulya=z, gora=z, round_no=self.round_no + 1, round_results=(),
                       reached_at=tuple(None for _ in z))


# ---------------------------------------------------------------------- talon


def talon_tricks_credited(talon: int, mode: str = "quick_tricks") -> int:
    """Tricks the dealer credits for the talon (Sochi §3.10.1, Ural §7.6): two aces 3, ace and king of
    one suit 2, an ace or a marriage (K+Q of one suit) 1. ``mode="aces"``: one per ace (Sochi C11)."""
    from cardroom.core.cards import Rank, cards_of_mask

    cards = cards_of_mask(talon)
    aces = [c for c in cards if c.rank == Rank.ACE]
    if mode == "aces":
        return len(aces)
    if mode != "quick_tricks":
        return 0
    if len(aces) >= 2:
        return 3
    suits = {c.suit for c in cards}
    for s in suits:
        ranks = {c.rank for c in cards if c.suit == s}
        if Rank.ACE in ranks and Rank.KING in ranks:
            return 2
    if aces:
        return 1
    for s in suits:
        ranks = {c.rank for c in cards if c.suit == s}
        if Rank.KING in ranks and Rank.QUEEN in ranks:
            return 1
    return 0


def talon_sevens(talon: int) -> int:
    from cardroom.core.cards import Rank, cards_of_mask

    return sum(1 for c in cards_of_mask(talon) if c.rank == Rank.SEVEN)


# ---------------------------------------------------------------------- whisters


def whist_order(result: PrefDealResult) -> list[int]:
    """The whisters in the order they said «вист» (from the calls; else from the declarer's left)."""
    order: list[int] = []
    for seat, call in result.whist_calls:
        if call == "whist" and seat in result.whisters and seat not in order:
            order.append(seat)
    decl = result.declarer if result.declarer is not None else result.dealer
    rest = sorted((w for w in result.whisters if w not in order), key=lambda w: (w - decl) % result.players)
    return order + rest


def credited_tricks(result: PrefDealResult) -> dict[int, int]:
    """Tricks each whister writes whists for: a lone whister (or one who returned the whist) gets every
    defence trick («все взятки принадлежат вистующему», §2.5, §3.7, §3.8); two whisters their own."""
    if result.declarer is None:
        return {}
    defence = sum(t for s, t in enumerate(result.tricks) if s != result.declarer)
    if result.returned_by is not None:
        return {result.returned_by: defence}
    if len(result.whisters) == 1:
        return {result.whisters[0]: defence}
    return {w: result.tricks[w] for w in result.whisters}


def whister_shortfalls(result: PrefDealResult, variant: PrefVariant) -> dict[int, int]:
    """Tricks each whister is short of his obligation (§3.6, Code 3.8.2).

    Two whisters answer for half the obligation each, a whister's tricks beyond his half count for the
    other (six: 3 + 0 → the second is one short), or not (``whist_quota="personal"``: 3 + 0 → two short).
    With an obligation of one trick (8–10) the last whister answers (Ural §7.1), or both (Piter §9.4,
    ``high_game_responsible="both"``).
    A lone whister answers for the whole obligation (``lone_whister_obligation``).
    """
    if result.kind != "game" or result.declarer is None:
        return {}
    ob = variant.obligation(result.level)
    cred = credited_tricks(result)
    if not cred or ob == 0:
        return {w: 0 for w in cred}
    if len(cred) == 1:
        (w, t), = cred.items()
        need = ob if variant.lone_whister_obligation == "full" else ob // 2
        return {w: max(0, need - t)}
    order = whist_order(result)
    w1, w2 = order[0], order[1]
    t1, t2 = cred[w1], cred[w2]
    team = max(0, ob - t1 - t2)
    if ob == 1:
        if variant.high_game_responsible == "both":
            return {w1: team, w2: team}
        return {w1: 0, w2: team}
    shares = {w1: ob - ob // 2, w2: ob // 2}
    if variant.whist_quota == "personal":  # each answers for his own half, whatever the other took
        return {w: max(0, shares[w] - cred[w]) for w in (w1, w2)}
    return {w: min(max(0, shares[w] - cred[w]), team) for w in (w1, w2)}


# ---------------------------------------------------------------------- the book of one deal


class _Book:
    """Entries of one deal, with the pulya and gora as they stand while the deal is written."""

    def __init__(self, state: SheetState, variant: PrefVariant, result: PrefDealResult) -> None:
        self.v = variant
        self.r = result
        self.n = state.players
        self.state = state
        self.pulya = list(state.pulya)
        self.gora = list(state.gora)
        self.entries: list[PrefEntry] = []
        self.L = Fraction(variant.pulya_length)

    # plain entries
    def to_pulya(self, seat: int, pts: Fraction, reason: str, tag: str) -> None:
        if pts:
            self.pulya[seat] += pts
            self.entries.append(PrefEntry("pulya", seat, None, pts, reason, tag))

    def to_gora(self, seat: int, pts: Fraction, reason: str, tag: str) -> None:
        if pts:
            self.gora[seat] += pts
            self.entries.append(PrefEntry("gora", seat, None, pts, reason, tag))

    def whist(self, seat: int, on: int, pts: Fraction, reason: str, tag: str) -> None:
        if pts and seat != on:
            self.entries.append(PrefEntry("whists", seat, on, pts, reason, tag))

    def closed(self, seat: int) -> bool:
        return self.pulya[seat] >= self.L

    def declarer(self, missing: str) -> int:
        """The deal's declarer; a result without one is refused with the reason ``missing``."""
        decl = self.r.declarer
        if decl is None:
            raise CardroomError(Reason(missing))
        return decl

    # help
    def _left(self, seat: int, x: int) -> int:
        return (x - seat) % self.n

    def _help_pulya(self, seat: int, rem: Fraction, excluded: set[int], reason: str) -> Fraction:
        """§3.3: the points go to the open pulya with the most points (then less gora, then the left),
        and the player writes 10 whists per point on him."""
        rate = self.v.help_whists_per_point
        while rem > 0:
            cands = [x for x in range(self.n) if x != seat and x not in excluded and not self.closed(x)]
            if not cands:
                break
            x = min(cands, key=lambda c: (-self.pulya[c], self.gora[c] if self.v.help_tiebreak_gora else 0,
                                          self._left(seat, c)))
            give = min(rem, self.L - self.pulya[x])
            self.to_pulya(x, give, Phrase("help_from", seat=seat, why=reason), "help")
            self.whist(seat, x, give * rate, Phrase("help_into", pts=fmt(give), seat=x), "help")
            rem -= give
        return rem

    def _own_gora(self, seat: int, rem: Fraction, reason: str) -> Fraction:
        cut = min(rem, self.gora[seat])
        if cut > 0:
            self.to_gora(seat, -cut, Phrase("off_gora", why=reason), "help")
        return rem - cut

    def award(self, seat: int, pts: Fraction, reason: str, tag: str, excluded: set[int]) -> None:
        """Points won by ``seat`` into his pulya; past a closed pulya by the variant's help rule."""
        if pts <= 0:
            return
        v = self.v
        if v.help_rule == "none":
            self.to_pulya(seat, pts, reason, tag)
            return
        own = min(pts, max(ZERO, self.L - self.pulya[seat]))
        self.to_pulya(seat, own, reason, tag)
        rem = pts - own
        if rem <= 0:
            return
        rem = self._help_pulya(seat, rem, excluded | {seat}, reason)
        if rem <= 0:
            return
        rem = self._own_gora(seat, rem, reason)
        if rem <= 0:
            return
        if v.help_rule == "sochi":
            # §3.3 point 4: «остаток записывается каждым из игроков, кроме сыгравшего, в гору»
            for y in range(self.n):
                if y != seat:
                    self.to_gora(y, rem, Phrase("remainder", seat=seat, why=reason), "help")
            return
        # Ural §7.5: a closed gora helps the player with the smallest gora (written off, 10 whists/point)
        rate = v.help_whists_per_point
        while rem > 0:
            cands = [x for x in range(self.n) if x != seat and x not in excluded and self.gora[x] > 0]
            if not cands:
                break
            x = min(cands, key=lambda c: (self.gora[c], self._left(seat, c)))
            give = min(rem, self.gora[x])
            self.to_gora(x, -give, Phrase("help_from_gora", seat=seat, why=reason), "help")
            self.whist(seat, x, give * rate, Phrase("help_off", pts=fmt(give), seat=x), "help")
            rem -= give
        # what is left burns (§7.4 «очки сгорают»)

    def award_zero(self, seat: int, pts: Fraction, reason: str, excluded: set[int]) -> None:
        """The reward for no trick on raspasy (§3.9 item 6, §6 item 6, §7.4, §9.2)."""
        v = self.v
        if pts <= 0:
            return
        if self.r.choice(seat, v.raspasy_zero_choice) == "gora_double":
            self._gora_double(seat, pts, reason, "zero", excluded)
            return
        if v.raspasy_zero_closed == "help":
            self.award(seat, pts, reason, "zero", excluded)
            return
        # Ural §7.4: into the pulya; if closed, off the gora; if the gora is closed too, the points burn
        own = min(pts, max(ZERO, self.L - self.pulya[seat]))
        self.to_pulya(seat, own, reason, "zero")
        rem = pts - own
        if rem > 0:
            self._own_gora(seat, rem, reason)

    def _gora_double(self, seat: int, pts: Fraction, reason: str, tag: str, excluded: set[int]) -> None:
        """Piter §9.2, §9.4: written off the gora at double size; what the gora cannot take goes into
        the pulya at single size (documented choice)."""
        want = 2 * pts
        cut = min(want, self.gora[seat])
        if cut > 0:
            self.to_gora(seat, -cut, Phrase("double", why=reason), tag)
        rest = (want - cut) / 2
        if rest > 0:
            self.award(seat, rest, reason, tag, excluded)

    def award_choice(self, seat: int, pts: Fraction, reason: str, tag: str, excluded: set[int]) -> None:
        """Piter §9.4: an unwhisted game or a made misère, into the pulya or double off the gora — the
        player's own choice (an action of the engine, ``result.choices``), else the variant's default."""
        if self.r.choice(seat, self.v.unwhisted_choice) == "gora_double":
            self._gora_double(seat, pts, reason, tag, excluded)
        else:
            self.award(seat, pts, reason, tag, excluded)


# ---------------------------------------------------------------------- the deal kinds


def _help_excluded(b: _Book, failed: Iterable[int] = ()) -> set[int]:
    ex: set[int] = set()
    if b.v.help_excludes_dealer and b.r.sitting_out is not None:
        ex.add(b.r.sitting_out)
    if b.v.help_excludes_failed_whister:
        ex.update(failed)
    return ex


def _talon_writers(b: _Book) -> list[int]:
    r = b.r
    if r.sitting_out is not None:
        return [r.sitting_out]
    if b.v.talon_bonus_writers_three == "defenders":
        return list(r.defenders)
    return []


def _with_talon(result: PrefDealResult) -> bool:
    if result.contract is None:
        return True
    try:
        return not PrefCall(result.contract).without_talon
    except CardroomError:  # an unknown value: assume the talon was taken
        return True


def _talon_bonus(b: _Book, price: int) -> None:
    """§3.10.1 (Sochi), §7.6 (Ural), §6 item 8 (Moscow): whists on the talon-taker for his talon,
    whether he makes the game or not."""
    v, r = b.v, b.r
    if v.talon_bonus == "none" or r.declarer is None or not _with_talon(r):
        return
    tricks = talon_tricks_credited(r.talon, v.talon_bonus)
    if not tricks:
        return
    per = v.talon_bonus_flat if v.talon_bonus_flat is not None else price
    for w in _talon_writers(b):
        if w != r.declarer:
            b.whist(w, r.declarer, Fraction(tricks * per), Phrase("talon_bonus", n=tricks), "talon")


def _score_game(b: _Book) -> None:
    v, r = b.v, b.r
    decl = b.declarer("pref.game_no_declarer")
    level = r.level
    p = Fraction(v.price(level))
    under = r.undertricks
    cred = credited_tricks(r)
    shorts = whister_shortfalls(r, v)
    failed = [w for w, s in shorts.items() if s > 0]
    resp = {"full": Fraction(1), "half": Fraction(1, 2), "none": ZERO}[v.responsibility]
    if under == 0:
        b.award(decl, p, Phrase("made", level=level), "game", _help_excluded(b, failed))
        for w, t in cred.items():
            b.whist(w, decl, p * t * v.trick_whist_factor, Phrase("whisting", n=t, level=level), "tricks")
    else:
        b.to_gora(decl, p * under, Phrase("down", level=level, n=under), "game")
        if v.consolation_per_undertrick is not None:
            per = v.consolation_per_undertrick
            if b.n == 3 and v.consolation_per_undertrick_three is not None:
                per = v.consolation_per_undertrick_three
            cons = Fraction(per * under)
        else:
            cons = p * under * v.consolation_factor
        if getattr(r, "no_consolation", False):
            cons = ZERO  # laws P3: a game lost by a wrong discard writes no consolation (option)
        amounts: dict[int, Fraction] = {}
        reasons: dict[int, list[Phrase]] = {}

        def add(writer: int, amt: Fraction, why: Phrase) -> None:
            amounts[writer] = amounts.get(writer, ZERO) + amt
            reasons.setdefault(writer, []).append(why)

        for w, t in cred.items():
            add(w, p * t * v.trick_whist_factor, Phrase("tricks", n=t))
        receivers = [s for s in range(b.n) if s != decl]
        if v.consolation == "incomplete":
            receivers = [s for s in receivers if s in cred]
        elif v.consolation == "no_passer":  # the whisters and the dealer; a defender who passed writes none
            receivers = [s for s in receivers if s in cred or s not in r.defenders]
        lone = next(iter(cred)) if len(cred) == 1 else None
        for s in receivers:
            writer = s
            if r.returned_by is not None and r.returned_by == r.sitting_out:
                writer = r.returned_by  # §3.8: the dealer writes everybody's consolation
            elif r.returned_by is not None and s in r.defenders and s not in cred:
                writer = r.returned_by  # §3.7: also the consolation of the one who went «за свои»
            elif v.passer_consolation_by_whister and lone is not None and s in r.defenders and s not in cred:
                writer = lone  # Ural §7.1
            add(writer, cons, Phrase("consolation_of", seat=s) if writer != s else Phrase("consolation"))
        if (v.whist_regime == "gentleman" and r.returned_by is None and len(r.whisters) == 1
                and len(r.passers) == 1):
            w, pa = r.whisters[0], r.passers[0]
            total = amounts.get(w, ZERO) + amounts.get(pa, ZERO)
            amounts[w] = amounts[pa] = total / 2
            reasons[w] = reasons[pa] = [Phrase("gentleman")]
        for writer in sorted(amounts):
            why = Phrase.joined(reasons[writer])
            b.whist(writer, decl, amounts[writer] * v.failure_whist_factor,
                    Phrase("on_down", level=level, n=under, why=why), "consolation")
    for w in sorted(shorts):
        if shorts[w]:
            b.to_gora(w, p * shorts[w] * resp, Phrase("short", n=shorts[w], level=level), "shortfall")
    _talon_bonus(b, int(p))


def _score_unplayed(b: _Book) -> None:
    v, r = b.v, b.r
    decl = b.declarer("pref.unplayed_no_declarer")
    level = r.level
    p = Fraction(v.price(level))
    b.award_choice(decl, p, Phrase("not_whisted", level=level), "game", _help_excluded(b))
    if r.half_whister is not None:
        half = v.obligation(level) // 2
        b.whist(r.half_whister, decl, p * half * v.trick_whist_factor,
                Phrase("half_whist", n=half, level=level), "half-whist")
    _talon_bonus(b, int(p))


def _score_misere(b: _Book) -> None:
    """Misère (§2.8, Sochi §3.2). Shared with the dealer (004 §2.3 item 5, ``result.partner``): the
    declarer and the dealer «делят выигрыш или проигрыш пополам» — each takes half the points into his own
    pulya (help by his own pulya) or gora, and the whists written on the declarer are written half on each;
    the dealer, a partner, writes no talon whists on the declarer."""
    v, r = b.v, b.r
    decl = b.declarer("pref.misere_no_declarer")
    partner = r.partner
    if partner is not None and (partner == decl or partner in r.active or not 0 <= partner < b.n):
        raise CardroomError(Reason("pref.misere_partner", seat=partner))
    sharers = [decl] if partner is None else [decl, partner]
    share = Fraction(1, len(sharers))

    def how(why: Phrase) -> Phrase:
        return why if partner is None else Phrase("shared", why=why, a=decl, b=partner)

    no_talon = r.contract is not None and int(r.contract) == int(MISERE_NO_TALON)
    pts = Fraction(v.misere_points(no_talon))
    k = r.tricks[decl]
    if k == 0:
        for s in sharers:
            b.award_choice(s, pts * share, how(Phrase("misere_made")), "misere", _help_excluded(b))
    else:
        per = v.misere_gora_per_trick if v.misere_gora_per_trick is not None else v.misere_points(no_talon)
        for s in sharers:
            b.to_gora(s, Fraction(per * k) * share, how(Phrase("misere_tricks", n=k)), "misere")
        for d in r.defenders:
            for s in sharers:
                b.whist(d, s, Fraction(v.misere_whists_per_trick * k) * share, how(Phrase("misere_tricks", n=k)),
                        "misere")
    if v.misere_talon_seven_whists and not no_talon:
        sevens = talon_sevens(r.talon)
        for w in _talon_writers(b):
            if w in sharers:
                continue
            b.whist(w, decl, Fraction(v.misere_talon_seven_whists * sevens), Phrase("sevens", n=sevens),
                    "talon")


def _score_raspasy(b: _Book) -> None:
    v, r = b.v, b.r
    rnd = max(r.raspasy_round, 1)
    price = Fraction(v.raspasy_price(rnd))
    zero = Fraction(v.raspasy_zero(rnd))
    dealer = r.sitting_out
    excluded = _help_excluded(b)
    players = list(r.active)
    if dealer is not None and v.raspasy_dealer == "talon":
        players.append(dealer)  # Sochi item 7: the talon cards are the dealer's, he writes on general grounds
    tricks = {s: r.tricks[s] for s in players}
    if v.raspasy_mode == "gora":
        cut = min(tricks.values()) if v.raspasy_amnesty else 0
        for s in players:
            t = tricks[s]
            if t == 0:
                b.award_zero(s, zero, Phrase("no_trick_raspasy", n=rnd), excluded)
            elif t - cut > 0:
                b.to_gora(s, price * (t - cut), Phrase("raspasy_tricks", n=t - cut, price=fmt(price)), "raspasy")
    else:
        active = {s: r.tricks[s] for s in r.active}
        least = min(active.values())
        winners = [s for s in r.active if active[s] == least]
        for w in winners:
            for x in r.active:
                if active[x] > least:
                    b.whist(w, x, price * active[x] / len(winners),
                            Phrase("raspasy_took_shared" if len(winners) > 1 else "raspasy_took", seat=x, n=active[x]),
                            "raspasy")
        for s in r.active:
            if active[s] == 0:
                b.award_zero(s, zero, Phrase("no_trick_raspasy", n=rnd), excluded)
    if dealer is not None and v.raspasy_dealer == "zero":
        b.award_zero(dealer, zero, Phrase("dealer_raspasy_zero"), excluded - {dealer})
    elif dealer is not None and v.raspasy_dealer == "zero_gora":
        b._own_gora(dealer, zero, Phrase("dealer_raspasy"))


def _score_preferans(b: _Book) -> None:
    """§3.11: the correct «преферанс» declaration: the declarer writes off his gora, closes every
    pulya (10 whists per point on each helped player) and writes 1000 whists on each player."""
    v = b.v
    decl = b.declarer("pref.declaration_no_declarer")
    if b.gora[decl] > 0:
        b.to_gora(decl, -b.gora[decl], Phrase("pref_gora"), "preferans")
    for x in range(b.n):
        need = b.L - b.pulya[x]
        if need <= 0:
            continue
        b.to_pulya(x, need, Phrase("pref_pulya"), "preferans")
        if x != decl:
            b.whist(decl, x, need * v.help_whists_per_point, Phrase("pref_closing"), "preferans")
    for x in range(b.n):
        if x == decl:
            continue
        b.whist(decl, x, Fraction(v.preferans_bonus), Phrase("pref"), "preferans")
        if v.preferans_takes_whists and b.state.whists[x][decl]:
            b.whist(decl, x, b.state.whists[x][decl], Phrase("pref_whists"), "preferans")


def _ural_prizes(b: _Book) -> None:
    """§7.5: the first to close his pulya writes 120 whists on each other player; the first to close
    his gora (pulya closed, gora written down to zero) 60 (4 players) or 80 (3 players)."""
    v, st = b.v, b.state
    L = b.L

    def give(who: list[int], prize: int, tag: str, why: str) -> None:
        for w in who:
            for x in range(b.n):
                if x not in who:
                    b.whist(w, x, Fraction(prize, len(who)), why, tag)

    if v.prize_first_pulya and "prize-first-pulya" not in st.prizes:
        who = [s for s in range(b.n) if b.pulya[s] >= L > st.pulya[s]]
        if who:
            give(who, v.prize_first_pulya, "prize-first-pulya", Phrase("prize_pulya"))
    prize = v.prize_first_gora[0 if b.n == 4 else 1]
    if prize and "prize-first-gora" not in st.prizes:
        who = [s for s in range(b.n) if b.pulya[s] >= L and b.gora[s] <= 0
               and not (st.pulya[s] >= L and st.gora[s] <= 0)]
        if who:
            give(who, prize, "prize-first-gora", Phrase("prize_gora"))


def score_deal(result: PrefDealResult, variant: PrefVariant, sheet_state: SheetState | None = None
               ) -> list[PrefEntry]:
    """The entries one deal writes on the sheet (pure: the state is not changed)."""
    state = sheet_state if sheet_state is not None else SheetState.empty(result.players)
    if state.players != result.players:
        raise CardroomError(Reason("pref.sheet_players", deal=result.players, sheet=state.players))
    if len(result.tricks) != result.players:
        raise CardroomError(Reason("pref.tricks_players", tricks=result.tricks, n=result.players))
    b = _Book(state, variant, result)
    from cardroom.games.preferans import foreign

    if extra_contract(result.contract) is not None and result.kind in ("game", "misere"):
        b.entries.extend(foreign.extra_entries(result, variant))  # F1: settled with the defenders directly
    elif result.kind == "game":
        _score_game(b)
    elif result.kind == "unplayed":
        _score_unplayed(b)
    elif result.kind == "misere":
        _score_misere(b)
    elif result.kind == "raspasy":
        _score_raspasy(b)
    elif result.kind == "preferans":
        _score_preferans(b)
    elif result.kind == "talon-refused":
        if result.declarer is None or not 6 <= result.level <= 10:
            raise CardroomError(Reason("pref.refused_talon"))
        b.entries.extend(talon_refusal_entries(variant, result.dealer, result.declarer, result.level))
    else:
        raise CardroomError(Reason("pref.deal_kind", kind=result.kind))
    b.entries.extend(foreign.kunstwerk_entries(result, variant))  # F3
    _law_penalties(b)
    _ural_prizes(b)
    return b.entries


def _law_penalties(b: _Book) -> None:
    """Laws mode (games/preferans/laws.py): the penalties the deal's rulings wrote into a gora."""
    from cardroom.games.preferans.laws import penalty_points

    for p in getattr(b.r, "penalties", ()):
        why = Phrase("law_penalty", law=LawRef("preferans", p.law), seat=p.seat)
        b.to_gora(p.seat, penalty_points(p, b.v, b.r.raspasy_round), why, f"law-{p.law}")


def talon_refusal_entries(variant: PrefVariant, dealer: int, refuser: int, level: int) -> list[PrefEntry]:
    """Sochi C9 (§3.10.2), by agreement: a player who refuses the talon offered to him; the price of the
    announced game, or a fixed 2 (less often 1), goes into the gora — the dealer's by the wording
    «сдатчик пишет … в гору» (``talon_refusal_gora="dealer"``, UNCERTAIN), or the refuser's.
    The engine ends the deal with kind ``"talon-refused"`` and :func:`score_deal` calls this."""
    if variant.talon_refusal_penalty == "none":
        return []
    pts = variant.price(level) if variant.talon_refusal_penalty == "game" else variant.talon_refusal_fixed
    seat = dealer if variant.talon_refusal_gora == "dealer" else refuser
    return [PrefEntry("gora", seat, None, Fraction(pts), Phrase("refused", seat=refuser), "talon-refusal")]


# ---------------------------------------------------------------------- rounds (Piter races §9)


def round_exited(results: Sequence[PrefDealResult]) -> bool:
    """A whisted and played game came after the last raspasy of the round (§9.1–9.2)."""
    last_game = max((i for i, r in enumerate(results) if r.kind == "game"), default=-1)
    last_rasp = max((i for i, r in enumerate(results) if r.kind == "raspasy"), default=-1)
    return last_game > last_rasp


def round_over(state: SheetState, variant: PrefVariant) -> bool:
    """§9.1: a round ends when a player has reached the round pulya, once raspasy are exited."""
    if variant.end_rule != "rounds":
        return False
    return max(state.pulya) >= variant.pulya_length and round_exited(state.round_results)


def round_end_entries(state: SheetState, variant: PrefVariant) -> list[PrefEntry]:
    """§9.3: the round's race prizes (amounts lost in the source: ``round_prizes``, 0 by default),
    shared equally by players who reached the pulya at the same deal / have equal smallest gora."""
    out: list[PrefEntry] = []
    n = state.players
    prize_pulya, prize_gora = variant.round_prizes

    def give(who: list[int], prize: int, why: str) -> None:
        for w in who:
            for x in range(n):
                if x not in who:
                    out.append(PrefEntry("whists", w, x, Fraction(prize, len(who)), why, "round-prize"))

    if prize_pulya:
        marks = [m for m in state.reached_at if m is not None]
        if marks:
            first = min(marks)
            give([s for s in range(n) if state.reached_at[s] == first], prize_pulya,
                 Phrase("round_first", n=state.round_no))
    if prize_gora:
        low = min(state.gora)
        give([s for s in range(n) if state.gora[s] == low], prize_gora, Phrase("round_gora", n=state.round_no))
    return out


def overall_prize_whists(total_pulya: Sequence[Fraction], total_gora: Sequence[Fraction],
                         variant: PrefVariant) -> list[list[Fraction]]:
    """§9.3: over all rounds, 300 whists on each opponent for the largest total pulya and 200 for the
    smallest total gora, shared equally on a tie. ``out[a][b]`` = whists ``a`` writes on ``b``."""
    n = len(total_pulya)
    out = [[ZERO] * n for _ in range(n)]
    big, small = variant.overall_prizes
    for prize, who in ((big, [s for s in range(n) if total_pulya[s] == max(total_pulya)]),
                       (small, [s for s in range(n) if total_gora[s] == min(total_gora)])):
        if not prize or len(who) == n:
            continue
        for w in who:
            for x in range(n):
                if x not in who:
                    out[w][x] += Fraction(prize, len(who))
    return out
