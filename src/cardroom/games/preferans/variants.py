"""Options of preferans scoring, each named after the source rule that sets it, and the named variants.

Sources (see docs/rules/preferans.md for every rule with its quote):

* document 004 («Преферанс во всех видах», 2008), cited by the section of the English digest
  (shared/rules/preferans.md): Sochi §3, Leningrad §2.8/§4, Moscow §6, Ural §7, Kazakhstan §8,
  Piter races §9;
* the 1997 Code of Preferans (Общество любителей преферанса): whist obligations (3.8.2), raspasy
  (3.7.2), the settlement, where document 004 is silent;
* the published Leningrad count (a pulya point 20 whists, a gora point 10: ``pulya_to_gora_factor=2``);
* the published description of the Rostov variant: the Code 3.7.2.2 and D. Lesnoy's «Русский
  преферанс» say that «ростовская» is another name of the Moscow pulka (raspasy written as whists by
  the player who took the fewest tricks), so ``rostov`` is the Moscow preset under its own name.

A variant is a frozen :class:`PrefVariant`; :data:`VARIANTS` holds the presets and
:func:`make_variant` builds one by name (or alias) with overrides, refusing unknown names and options.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass, fields, replace
from functools import cache, cached_property
from typing import TYPE_CHECKING, Any

from cardroom.core.errors import CardroomError, Reason
from cardroom.core.options import CHOICE, INT, OptionSpec, Schema, check_field_rules, one_of, ranged, sized
from cardroom.games.preferans.calls import game_bid

_SIX_SPADES = int(game_bid(6, 0))  # «Сталинград»: 6♠ (strain 0, spades)

if TYPE_CHECKING:
    from cardroom.games.preferans.calls import PrefCall

DEFAULT_VARIANT = "sochi"
PLAYERS = (3, 4)
"""Preferans is played by three or four (with four, the dealer sits out each deal)."""


@dataclass(frozen=True)
class PrefVariant:
    """Every option of preferans: the scoring's and the deal's. The rules engine reads this object itself
    (``PrefDeal.rules``, with the number of players beside it): an option has one name, the one the lobby,
    the command line and the records use; what depends on the number of players is a method
    (:meth:`raspasy_talon`, :meth:`choice_dealer`).

    Amounts are in points (pulya, gora) or whists; a *price* is the points of a game (§2.8).

    >>> PrefVariant.preset("sochi", ten_whisted=True).raspasy_talon(4)
    'dealer'
    """

    name: str = "sochi"
    title_ru: str = "Сочинка"
    title_en: str = "Sochi"
    aliases: tuple[str, ...] = ()

    # ---- prices (§2.8 «системы записи»)
    game_price: tuple[int, int, int, int, int] = ranged((2, 4, 6, 8, 10), 1, 1000)  # six … ten, general system
    misere_price: int = 10  # §2.8 «мизер – 10 очков»
    misere_no_talon_price: int | None = None  # not stated; None: as misère
    pulya_length: int = ranged(20, 1, 1000)  # §2.7 agreement field (4): «количество очков … для закрытия пули»
    whist_price: float = 1.0  # §2.7 agreement field (4): «стоимость виста» (money per whist)

    # ---- whists for tricks (§3.4)
    trick_whist_factor: int = 1  # whists per trick = price × factor
    failure_whist_factor: int = 1  # Piter §9.4 «в двойном … размере»; Ural §7.1 reading: 2

    # ---- whisting (§3.1, §3.6; Code 3.8.2)
    whist_regime: str = one_of("greedy", ("greedy", "gentleman"))  # §3.1 «жлобский» / §6.3 «джентльменский»
    responsibility: str = one_of(  # §3.1 «ответственный» / «полуответственный» (half) / none
        "full", ("full", "half", "none"))
    whist_obligation: tuple[int, int, int, int, int] = ranged(  # Code 3.8.2 (both whisters together)
        (4, 2, 1, 1, 1), 0, 4)
    ten_whisted: bool = False  # Ural §7.1, Piter §9.4 «Десятерная вистуется»; else a ten has no obligation
    high_game_responsible: str = one_of(  # 8–10 with two whisters: Ural §7.1 the last whister; Piter §9.4 both
        "last", ("last", "both"))
    lone_whister_obligation: str = one_of(  # a lone whister answers for the whole obligation (Code)
        "full", ("full", "half"))
    whist_quota: str = one_of(  # two whisters on 6–7: "shared" (§3.6, one's excess covers the other) or
        "shared", ("shared", "personal"))  # "personal": each is short of his own half (a Kazakh tradition)
    half_whist: bool = True  # Code; Ural §7.3 (six and seven)
    dealer_returns_whist: bool = False  # Sochi §3.8; Ural §7.3 «сдатчик выбирает руку»
    stalingrad: bool = False  # Piter §9.4 «6 пик вистуется обязательно»: both defenders whist a 6♠ (engine)
    whist_sequences: str = one_of("code", ("code", "ural"))  # "ural": the complete lists of §7.3

    # ---- consolation (§3.4.2)
    consolation: str = one_of(  # "incomplete": Kazakh §8.3 «неполная консоляция» (the whister only);
        "full", ("full", "incomplete", "no_passer"))  # "no_passer": the whister and the dealer, not the passer
    consolation_factor: int = 1  # Sochi C6 «консоляция пишется вдвойне» → 2
    consolation_per_undertrick: int | None = None  # Moscow §6.2: 10 whists per undertrick (not price-based)
    consolation_per_undertrick_three: int | None = None  # Moscow C17 (footnote [4]): 15 with three players
    passer_consolation_by_whister: bool = False  # Ural §7.1 «положенная пасовавшему консоляция записывается вистующим»

    # ---- misère (§3.2)
    misere_gora_per_trick: int | None = None  # Sochi §3.2 «за каждую взятку … по 10 очков»; None: misère price
    misere_whists_per_trick: int = 0  # whists on a misère: not stated (0)
    misere_talon_seven_whists: int = 0  # Sochi C10: «за каждую семерку в прикупе на мизере … десять вистов»

    # ---- talon bonuses (§3.10, §6 item 8, §7.6)
    talon_bonus: str = one_of(  # "quick_tricks": Sochi §3.10.1, Ural §7.6; "aces": Sochi C11, Moscow item 8
        "none", ("none", "quick_tricks", "aces"))
    talon_bonus_flat: int | None = None  # Moscow item 8: 5 (or 7, 10) whists per ace instead of the price
    talon_bonus_writers_three: str = one_of(  # Moscow item 8: with three players the whisters write it
        "none", ("none", "defenders"))
    talon_refusal_penalty: str = one_of(  # Sochi C9: "game" price of the announced game, or "fixed"
        "none", ("none", "game", "fixed"))
    talon_refusal_fixed: int = 2  # Sochi C9: «или просто – 2 (реже – 1) в гору»
    talon_refusal_gora: str = one_of(  # Sochi C9 UNCERTAIN whose gora: the dealer (choice) or the refuser
        "dealer", ("dealer", "refuser"))

    # ---- raspasy (§2.6, §3.9, §6.4–7, §7.4, §8.4–8, §9.2)
    raspasy_mode: str = one_of(  # "whists": Moscow §6.4, Kazakh §8.4 (the fewest-tricks player writes)
        "gora", ("gora", "whists"))
    raspasy_prices: tuple[int, ...] = sized(  # per trick, by raspasy in a row; the last repeats
        (1, 2, 3), 1, 10, items=(0, 1000))
    raspasy_zero_points: tuple[int, ...] | None = sized(None, 1, 10)  # None: one trick's price (Sochi item 6); Moscow 1
    raspasy_zero_closed: str = one_of(  # Sochi §3.9 «помогает»; Ural §7.4 off the gora, then burnt
        "help", ("help", "gora"))
    raspasy_zero_choice: str = one_of(  # Piter §9.2: «либо в пулю …, либо списывает с горы … за две взятки»
        "pulya", ("pulya", "gora_double"))
    raspasy_dealer: str = one_of(  # 4 players: "talon" Sochi item 7; "zero" Moscow/Kazakh item 7; "zero_gora" C15
        "none", ("talon", "zero", "zero_gora", "none"))
    raspasy_talon_three: str = one_of(  # Sochi item 7 «показывает масть хода»; Moscow/Kazakh «не открывается»
        "suit", ("suit", "closed"))
    raspasy_talon_four: str = one_of(  # Sochi item 7 «карты прикупа принадлежат сдатчику» → "dealer"
        "suit", ("dealer", "suit", "closed"))
    raspasy_exit_level: int = ranged(6, 6, 10)  # Ural §7.4 «Выход из распасовки – шестерной игрой»
    raspasy_amnesty: bool = False  # Ural §7.4 «без амнистии» (amnesty: fewest tricks taken off everyone's)
    raspasy_with_passing: bool = False  # Kazakh §8.8 «распасовка с передачей» (deal mechanics)
    misere_interrupts_raspasy: bool = True  # Piter §9.2 «Мизер распасы не прерывает» → False
    raspasy_exit_needs_whist: bool = False  # Piter §9.2 «любая завистованная и сыгранная игра»

    # ---- help (§3.3, §6.9, §7.5, §8.9)
    help_rule: str = one_of(  # "ural": closed pulya → largest pulya, closed gora → smallest gora; "none"
        "sochi", ("sochi", "ural", "none"))
    help_whists_per_point: int = 10  # §3.3 «в десятикратном размере»; Ural «20 вистов за два очка»
    help_excludes_dealer: bool = True  # §3.3 «кроме сидящего на прикупе»; C7 turns it off
    help_excludes_failed_whister: bool = True  # §3.3 «вистующего, не взявшего положенное»; C7
    help_tiebreak_gora: bool = True  # §3.3 point 2 «имеющему меньше в горе» (Moscow/Kazakh item 9: left only)

    # ---- end, prizes, settlement
    end_rule: str = one_of(  # §3.12 / §6.9 / §8.9; Ural §7.7 first pulya (and time); Piter rounds
        "all_closed", ("all_closed", "first_closed", "rounds"))
    pulya_to_gora_factor: int = 1  # Ural §7.7 «выносят недоигранное в гору в одинарном размере»
    gora_whist_rate: int = 10  # Code: one point of gora is worth 10 whists (split among the players)
    prize_first_pulya: int = 0  # Ural §7.5: 120 whists on each other player
    prize_first_gora: tuple[int, int] = (0, 0)  # Ural §7.5: (4 players, 3 players) = (60, 80)
    rounds: int | None = ranged(None, 1, 20)  # Piter §9.1 footnote [7]: None = the number of players
    round_prizes: tuple[int, int] = (0, 0)  # Piter §9.3 per round (pulya reached, smallest gora): lost
    overall_prizes: tuple[int, int] = (0, 0)  # Piter §9.3: (largest total pulya, smallest total gora) = (300, 200)
    unwhisted_choice: str = one_of(  # Piter §9.4: unwhisted game / made misère «в двойном размере списаны с горы»
        "pulya", ("pulya", "gora_double"))
    # (the default: with ``choices_by_player`` the player chooses as an action of the deal, §9.2 and §9.4)
    choices_by_player: bool = False  # Piter §9.2, §9.4 «по выбору игравшего»: asked of the player (engine)
    preferans_declaration: bool = False  # Sochi §3.11: the talon-taker may declare «преферанс» (engine)
    time_limit_rounds: int | None = ranged(  # Ural §7.7: the time, counted in rounds of deals; then a last round
        None, 1, 100)
    preferans_bonus: int = 1000  # Sochi §3.11 «дописывает на каждого еще по 1000 вистов»
    preferans_takes_whists: bool = False  # Sochi C12

    # ---- deal options read by the rules engine
    misere_without_talon: bool = True  # §2.3 example of two misères
    kabal_misere: bool = False  # Ural §7.2 «Кабальный мизер … перебивается девятерной»: descriptive, the
    # ladder and the auction keep these rules in every variant (first bid only, beaten by a nine)
    games_without_talon: bool = True  # Ural §7.2 «Игр без прикупа нет» → False: no bid without the talon (engine)
    concede_max: int = ranged(10, 0, 10)  # tricks a declarer may concede without play («без одной» …; Code practice);
    # Piter §9.4 «без трех без вистов не оставляют» → 2 (reading: conceding three or more is not allowed)
    misere_invitation: bool = True  # §2.3 item 5 (general part): with 4 players, invite the dealer to a misère

    # ---- the Greek cash box (foreign variant F4, digest §10.4; games/preferans/greek/): read only where
    # ``rules_set`` is "greek" (the deal rules and the sheet of that variant)
    # the deal rules and sheet: the pulka, the cash box, or F2's contracts column (foreign_f2.py)
    rules_set: str = one_of("russian", ("russian", "greek", "f2"))
    greek_kassa: int = ranged(20, 1, 1000)  # §10.4.1 «величина кассы (например, 31, 20, 10)»
    greek_point_price: float = ranged(0.1, 0, 1e6)  # §10.4.1 «стоимость одного ее очка» (1 chip = 1/10 point)
    greek_first_share: tuple[int, int, int, int, int] = ranged(  # tricks the first whister answers for, 6…10
        (2, 2, 1, 1, 0), 0, 4)  # derived from examples 1–14 (six 2 + 2, seven 2 + 1); eight, nine: choices
    greek_second_share: tuple[int, int, int, int, int] = ranged(  # the second whister's, 6…10
        (2, 1, 1, 0, 0), 0, 4)
    greek_take: bool = False  # §10.4.7 «предварительная заявка … возьму»
    greek_take_penalty: tuple[int, int] = ranged((2, 2), 0, 1000)  # «2 очка добавляются в его кассу и по 2 фишки»
    greek_ten_nt: str = one_of("none", ("none", "A", "B"))  # §10.4.7 «Заявка 10 без козыря»: A 11, B 10
    greek_ten_as_nine: bool = False  # §10.4.7 «Контракты "10 как 9"»
    greek_four_aces: str = one_of("none", ("none", "A", "B"))  # §10.4.7 «Объявление четырех тузов»
    greek_aces_points: int | None = ranged(None, 0, 1000)  # A: added to the value; None: 1/10 of the box
    greek_aces_chips: int = ranged(10, 0, 10000)  # B: chips from (to) each player
    greek_counter_invitation: bool = False  # §10.4.7 «Контрприглашение вистующего»
    greek_overtrump: bool = False  # §10.4.7 «Перебитие старшим козырем при отсутствии масти хода»
    greek_end_two_empty: bool = False  # §10.4.7 «Окончание игры при двух пустых кассах» (four: three)
    greek_sitout_chips: tuple[int, int] = ranged((25, 50), 0, 10000)  # §10.4.7 four players: one / two+ short

    # ---- the foreign variants (digest §10.1 F1, §10.3 F3; games/preferans/foreign.py)
    # "f1": Bettel, Durchmarsch, Plauderer, Offener Durchmarsch, each also without the talon (F1 «дополнительные
    # контракты»); "f3": Bettel and Durchmarsch (F3's table)
    extra_contracts: str = one_of("none", ("none", "f1", "f3"))
    russian_misere: bool = True  # F1/F3: no misère on the ladder (Bettel is «то же, что наш мизер»)
    extra_values: tuple[int, int, int, int] = ranged(  # F1 «10 / 20 / 30 ставок»; Offener Durchmarsch's lost: 40
        (10, 20, 30, 40), 0, 1000)
    extra_no_talon_factor: int = ranged(2, 1, 10)  # F1 «без прикупа … плата за выигрыш и проигрыш удваивается»
    must_beat: bool = False  # F1 «перебивать обязательно» (footnotes [8], [11]): head the trick when able
    aus_den_handen: bool = False  # F3: a game without the talon, a first call, beats every bid with the talon
    aus_den_handen_extra: int = ranged(1, 0, 3)  # F3 «цифры 2-5 … на одну взятку больше» (the suit games)
    kunstwerk: int = ranged(0, 0, 100)  # F3: whists the auction winner pays the dealer for a talon pair («Kunstwerk»)

    # ---- F2 (§10.2, foreign_f2.py): contracts column, hat, refets, contra (read only where ``rules_set`` is "f2")
    f2_start: int = ranged(30, 10, 1000)  # §10.2 «списывать с 30»: the contracts column starts at −30 (or 50 …)
    f2_max_refets: int | None = ranged(None, 0, 100)  # §10.2 «с 50 … не больше трех … с 30 – только один»
    # (None: start / 10 − 2, UNCERTAIN beyond the two sizes stated)
    f2_contracts_factor: int = ranged(10, 1, 100)  # §10.2 «в 10 раз дороже»
    f2_sans: bool = True  # §10.1 «[14] (без козыря)» «санац» (UNCERTAIN: F2's contract 7, no trumps)
    f2_whist_quota: int = ranged(2, 0, 5)  # tricks each whister must take (UNCERTAIN: the sheet's example, 2 each)
    f2_bettel_closed: bool = True  # §10.1 Bettel «то же, что наш мизер, только ловится он втемную» (UNCERTAIN for F2)
    f2_passer_invited: bool = True  # §10.2 «Приглашенный защитник не пишет ничего» (UNCERTAIN: a lone whister's
    # passer counts as invited, his tricks the whister's; False: a passer's tricks count for nobody)
    f2_shortfall_when_failed: bool = True  # §10.2 «недобрал взяток на висте … штраф» (no condition stated)
    f2_max_doublings: int = ranged(2, 0, 6)  # §10.2 «контра ×2, реконтра ×4 и т. д.»: contra, recontra (, …)
    f2_spades_rule: bool = False  # §10.2 after [18] (UNCERTAIN, maybe another variant): an undoubled two writes nothing
    f2_talon_face_down: bool = False  # C29 «По некоторым правилам прикуп не показывают»
    f2_deal_limit: int = ranged(60, 1, 1000)  # the pulka also ends after this many deals (UNCERTAIN: not stated)

    # ---- laws mode (games/preferans/laws.py, docs "Laws"): off for casual play
    laws: bool = False  # irregular actions are accepted, recorded and ruled on
    laws_misdeal_down: int = ranged(2, 0, 10)  # P2 club rule «без двух в гору на остановленном уровне торговли»
    laws_discard_down: int = ranged(1, 1, 10)  # P3 a wrong discard loses the game by this many tricks (UNCERTAIN)
    laws_discard_consolation: bool = False  # P3 the lost game writes consolation (UNCERTAIN: not by default)
    laws_revoke_tricks: int = ranged(2, 1, 10)  # P5 «transfer»: tricks a revoke costs (the whist tradition)
    laws_online: bool = False  # the cards are dealt by a server (the card room sets it): no faulty deal, so
    # P1/P2 (`misdeal`) are refused instead of giving a free redeal

    def __post_init__(self) -> None:
        check_field_rules(self)  # the choices, ranges and lengths in the fields' metadata

    @classmethod
    def preset(cls, name: str = DEFAULT_VARIANT, **overrides: Any) -> PrefVariant:
        """The preset ``name`` (or an alias) with ``overrides`` (:func:`make_variant`)."""
        return make_variant(name, **overrides)

    # ------------------------------------------------------------------ prices
    def price(self, level: int) -> int:
        """Points of a game of ``level`` tricks (§2.8)."""
        if not 6 <= level <= 10:
            raise CardroomError(Reason("pref.no_level", level=level))
        return self.game_price[level - 6]

    def misere_points(self, without_talon: bool = False) -> int:
        if without_talon and self.misere_no_talon_price is not None:
            return self.misere_no_talon_price
        return self.misere_price

    def obligation(self, level: int) -> int:
        """Tricks the whisters together must take (Code 3.8.2); 0 on an unwhisted-by-rule ten."""
        if level == 10 and not self.ten_whisted:
            return 0
        return self.whist_obligation[level - 6]

    # ------------------------------------------------------------------ the auction and the whist (engine)
    def offers_misere_without_talon(self) -> bool:
        """Whether the auction offers the misère without talon: the option itself, and none where there are
        no games without the talon at all (Ural §7.2 «Игр без прикупа нет»)."""
        return self.misere_without_talon and self.games_without_talon

    def whist_compulsory(self, contract: int | None) -> bool:
        """Whether both defenders must whist ``contract`` (a :class:`PrefCall`): «Сталинград», 6♠ (Piter §9.4
        «6 пик вистуется обязательно»; both defenders, the published convention)."""
        return self.stalingrad and contract is not None and int(contract) == _SIX_SPADES

    def raspasy_price(self, round_no: int) -> int:
        """Price of a trick on the ``round_no``-th raspasy in a row (1-based; the last price repeats)."""
        i = min(max(round_no, 1), len(self.raspasy_prices)) - 1
        return self.raspasy_prices[i]

    def raspasy_zero(self, round_no: int) -> int:
        """Reward for taking no trick on raspasy: one trick's price (Sochi) or fixed points (Moscow)."""
        if self.raspasy_zero_points is None:
            return self.raspasy_price(round_no)
        i = min(max(round_no, 1), len(self.raspasy_zero_points)) - 1
        return self.raspasy_zero_points[i]

    # ------------------------------------------------------------------ the ladder (foreign variants)
    def ladder(self) -> tuple[PrefCall, ...]:
        """The bids of this variant in rank order (the Russian ladder; F1/F3 change it, ``foreign.py``)."""
        return self._ladder[0]

    def above(self, call: PrefCall | None) -> tuple[PrefCall, ...]:
        """The bids of :meth:`ladder` ranked strictly above ``call`` (all of them for None)."""
        calls, ranks = self._ladder
        return calls if call is None else calls[bisect_right(ranks, self.rank(call)):]

    @cached_property
    def _ladder(self) -> tuple[tuple[PrefCall, ...], tuple[float, ...]]:
        """The ladder and its ranks, computed once per variant (the options are frozen)."""
        from cardroom.games.preferans.foreign import variant_ladder

        calls = variant_ladder(self)
        return calls, tuple(self.rank(c) for c in calls)

    def rank(self, call: PrefCall) -> float:
        """A bid's place on this variant's ladder: :func:`calls.rank_of`, and F3's aus den Händen above every
        bid with the talon («имеет преимущество над всеми другими заявками»)."""
        from cardroom.games.preferans.calls import rank_of

        r = rank_of(call)
        return r + 1000 if self.aus_den_handen and call.without_talon else r

    def tricks_required(self, call: PrefCall) -> int:
        """Tricks a game must take: its level; F3's aus den Händen one more on a suit game."""
        from cardroom.games.preferans.calls import extra_contract

        if (self.aus_den_handen and call.without_talon and extra_contract(call) is None
                and call.trump is not None):
            return call.level + self.aus_den_handen_extra
        return call.level

    def required_beyond_level(self, call: PrefCall | None, kind: str) -> int:
        """A deal result's ``required``: the tricks a game of ``kind`` needs where they are not its level
        (F3's aus den Händen), else 0."""
        if call is None or not call.is_game or kind not in ("game", "unplayed"):
            return 0
        need = self.tricks_required(call)
        return need if need != call.level else 0

    # ------------------------------------------------------------------ the deal (what depends on the players)
    def raspasy_talon(self, players: int) -> str:
        """How the talon serves on raspasy with ``players`` players: "suit" (its cards set the suit of
        tricks 1–2), "dealer" (four players: they are the dealer's cards and can win, Sochi item 7) or
        "closed" (never opened, Moscow and Kazakh item 7)."""
        return self.raspasy_talon_four if players == 4 else self.raspasy_talon_three

    def choice_dealer(self, players: int) -> bool:
        """The four-player dealer is scored on raspasy (``raspasy_dealer`` "talon" or "zero"), and so
        chooses for his zero when ``choices_by_player`` asks the player."""
        return players == 4 and self.raspasy_dealer in ("talon", "zero")

    # ------------------------------------------------------------------ records
    def overrides(self) -> dict[str, Any]:
        """The options that differ from the preset of the same name (empty for a preset)."""
        base = VARIANTS.get(self.name)
        if base is None:
            return options_dict(self)
        out: dict[str, Any] = {}
        for f in fields(self):
            if getattr(self, f.name) != getattr(base, f.name):
                out[f.name] = getattr(self, f.name)
        return out

    def to_dict(self) -> dict[str, Any]:
        return options_dict(self)


def options_dict(v: PrefVariant) -> dict[str, Any]:
    return {f.name: getattr(v, f.name) for f in fields(v) }


# ---------------------------------------------------------------------- whist call sequences (Ural §7.3)

@dataclass(frozen=True)
class WhistSequence:
    """One line of a «полный список вариантов вистования»: calls in order and how the deal is played."""

    calls: tuple[str, ...]
    play: tuple[str, ...]  # ("closed",), ("closed", "open") or ("dealer_chooses",)


_URAL_SEQUENCES_6_7 = (
    WhistSequence(("whist", "whist"), ("closed",)),
    WhistSequence(("whist", "pass"), ("closed", "open")),
    WhistSequence(("whist", "pass", "half-whist", "whist"), ("closed", "open")),
    WhistSequence(("whist", "pass", "half-whist", "pass"), ("dealer_chooses",)),
    WhistSequence(("pass", "whist"), ("closed", "open")),
    WhistSequence(("pass", "half-whist", "whist"), ("closed", "open")),
    WhistSequence(("pass", "half-whist", "pass"), ("dealer_chooses",)),
)
_URAL_SEQUENCES_8_10 = (
    WhistSequence(("whist", "whist"), ("closed",)),
    WhistSequence(("whist", "pass"), ("closed", "open")),
    WhistSequence(("pass", "whist"), ("closed", "open")),
    WhistSequence(("pass", "pass", "whist"), ("closed", "open")),
    WhistSequence(("pass", "pass", "pass"), ("dealer_chooses",)),
)


def whist_sequences(variant: PrefVariant, level: int) -> tuple[WhistSequence, ...]:
    """The complete list of whisting sequences for a game of ``level`` (Ural §7.3); empty when the
    variant follows the Code (the rules engine's own whisting)."""
    if variant.whist_sequences != "ural":
        return ()
    return _URAL_SEQUENCES_6_7 if level in (6, 7) else _URAL_SEQUENCES_8_10


# ---------------------------------------------------------------------- presets

SOCHI = PrefVariant(
    name="sochi", title_ru="Сочинка", title_en="Sochi", aliases=("сочинка", "сочи", "сочинский"),
    dealer_returns_whist=True,  # §3.8
    raspasy_dealer="talon", raspasy_talon_four="dealer",  # item 7
    preferans_declaration=True,  # §3.11
)

LENINGRAD = replace(
    SOCHI, name="leningrad", title_ru="Ленинградка", title_en="Leningrad",
    aliases=("ленинградка", "ленинградская", "ленинград"),
    game_price=(3, 6, 9, 12, 15), misere_price=15, raspasy_prices=(3, 6, 9),  # §2.8 «ленинградская роспись»
    pulya_length=30,
    pulya_to_gora_factor=2,  # published Leningrad: a pulya point is 20 whists, a gora point 10 (docs §1)
    whist_regime="gentleman", responsibility="half",  # as Piter races §9.4 (Leningrad section lost)
    dealer_returns_whist=False, raspasy_dealer="none", raspasy_talon_four="suit",
    preferans_declaration=False,  # §3.11 is Sochi's (the Leningrad section is lost)
)

MOSCOW = PrefVariant(
    name="moscow", title_ru="Московская пулька", title_en="Moscow bullet",
    aliases=("московская", "москва", "moscow-bullet", "московка"),
    whist_regime="gentleman",  # §6 item 3
    responsibility="half",  # Rostov/Moscow: gentleman's half-responsible (published description)
    consolation_per_undertrick=10,  # §6 item 2
    raspasy_mode="whists", raspasy_prices=(5,), raspasy_zero_points=(1,),  # items 4–6
    raspasy_dealer="zero", raspasy_talon_three="closed", raspasy_talon_four="closed",  # item 7
    talon_bonus="aces", talon_bonus_flat=5, talon_bonus_writers_three="defenders",  # item 8
    help_tiebreak_gora=False,  # item 9: «если … одинакова, то … тому, кто сидит слева»
)

ROSTOV = replace(
    MOSCOW, name="rostov", title_ru="Ростов", title_en="Rostov", aliases=("ростов", "ростовка", "ростовская"),
)

URAL = PrefVariant(
    name="ural", title_ru="Уральская пуля", title_en="Ural bullet", aliases=("уральская", "урал", "ural-bullet"),
    failure_whist_factor=2,  # §7.1 reading: 28 = (5+1+1) × 2 × 2 on a six
    ten_whisted=True, high_game_responsible="last",  # §7.1
    dealer_returns_whist=True, whist_sequences="ural",  # §7.3
    passer_consolation_by_whister=True,  # §7.1
    talon_bonus="quick_tricks",  # §7.6
    raspasy_prices=(2,), raspasy_zero_points=(2,), raspasy_zero_closed="gora",  # §7.4
    raspasy_exit_level=6,
    help_rule="ural",  # §7.5
    pulya_length=40, end_rule="first_closed",  # §7.5, §7.7
    prize_first_pulya=120, prize_first_gora=(60, 80),  # §7.5
    kabal_misere=True, games_without_talon=False, misere_without_talon=False,  # §7.2 «Игр без прикупа нет»
)

KAZAKHSTAN = PrefVariant(
    name="kazakhstan", title_ru="Казахстанка", title_en="Kazakhstan",
    aliases=("kazakh", "казахстанка", "казахстан", "алма-атинка"),
    game_price=(8, 16, 24, 32, 40), misere_price=40,  # derived: a six = 8 (items 3, 9)
    consolation="incomplete",  # item 3
    raspasy_mode="whists", raspasy_prices=(10,), raspasy_zero_points=(1,),  # items 4–6
    raspasy_dealer="zero", raspasy_talon_three="closed", raspasy_talon_four="closed",  # item 7
    pulya_length=120,  # item 9
    help_tiebreak_gora=False,  # item 9
)

PITER = PrefVariant(
    name="piter", title_ru="Питерские скачки", title_en="Piter races",
    aliases=("piter-skachki", "питерские скачки", "скачки", "питер-скачки"),
    failure_whist_factor=2,  # §9.4 «в двойном, относительно питера, размере»
    ten_whisted=True, stalingrad=True, whist_regime="gentleman", responsibility="half",  # §9.4
    high_game_responsible="both",  # §9.4
    raspasy_prices=(2, 4, 6), raspasy_zero_choice="pulya", raspasy_dealer="talon",  # §9.2
    raspasy_exit_level=7, misere_interrupts_raspasy=False, raspasy_exit_needs_whist=True,  # §9.2
    help_rule="none", pulya_length=22, end_rule="rounds",  # §9.1
    overall_prizes=(300, 200),  # §9.3
    concede_max=2,  # §9.4 «без трех без вистов» is not allowed (UNCERTAIN reading, docs §0)
    choices_by_player=True,  # §9.2, §9.4 «по выбору игравшего»
)

GREEK = PrefVariant(
    name="greek", title_ru="Греческий преферанс (касса)", title_en="Greek cash box",
    aliases=("греческий", "касса", "kassa", "greek-kassa", "f4"),
    rules_set="greek",  # §10.4: the cash box and the chips, the invitation, no misère, no raspasy
    ten_whisted=True,  # a ten is played against (without obligation, §10.4.7 «10 как 9»)
    half_whist=False, dealer_returns_whist=False, misere_without_talon=False, misere_invitation=False,
    concede_max=0, games_without_talon=False,
)

# The foreign variants of document 004 (digest §10; their headings are lost, so they are named by the digest's
# labels). Their suit games, whisting and pulka follow Sochi (the foreign suit-game rules are lost, docs §F1/§F3).
FOREIGN_F1 = replace(
    SOCHI, name="foreign-f1", title_ru="Беттель и дурхмарш (иностранный вариант 1)",
    title_en="Foreign F1: Bettel and Durchmarsch",
    aliases=("f1", "german", "bettel", "беттель", "немецкий", "дурхмарш"),
    extra_contracts="f1", russian_misere=False, must_beat=True,  # §10.1, footnotes [8], [11]
    dealer_returns_whist=False, preferans_declaration=False, misere_invitation=False,  # Russian conventions
    raspasy_dealer="none", raspasy_talon_four="suit",
)

FOREIGN_F3 = replace(
    SOCHI, name="foreign-f3", title_ru="Кунстверк и игра с рук (иностранный вариант 3)",
    title_en="Foreign F3: Kunstwerk and aus den Händen",
    aliases=("f3", "kunstwerk", "aus-den-handen", "aus-den-händen", "кунстверк", "с рук"),
    extra_contracts="f3", russian_misere=False, aus_den_handen=True, kunstwerk=2,  # §10.3
    dealer_returns_whist=False, preferans_declaration=False, misere_invitation=False,
    raspasy_dealer="none", raspasy_talon_four="suit",
)

FOREIGN_F2 = PrefVariant(
    name="foreign-f2", title_ru="Колонка контрактов и шляпа (иностранный вариант 2)",
    title_en="Foreign F2: contracts column and the hat",
    aliases=("f2", "шляпа", "hat", "рефет", "refet"),
    rules_set="f2",  # §10.2: its own deal rules and sheet (foreign_f2.py)
    half_whist=False, dealer_returns_whist=False, misere_invitation=False, preferans_declaration=False,
    concede_max=0,  # not in §10.2: every whisted game is played out
    games_without_talon=True, misere_without_talon=True,  # §10.2 «без прикупа добавляет единичку»
)

VARIANTS: dict[str, PrefVariant] = {
    v.name: v for v in (SOCHI, LENINGRAD, ROSTOV, MOSCOW, URAL, KAZAKHSTAN, PITER, GREEK, FOREIGN_F1, FOREIGN_F3,
                        FOREIGN_F2)
}
_ALIASES: dict[str, str] = {}
for _v in VARIANTS.values():
    _ALIASES[_v.name] = _v.name
    for _a in _v.aliases:
        _ALIASES[_a.lower()] = _v.name


def variant_names() -> list[str]:
    return list(VARIANTS)


@cache
def option_schema() -> Schema:
    """The options a table sets: the variant (by name or alias), the players, and every option of
    :class:`PrefVariant` as an override of the variant's own value (its ``name`` and titles excepted)."""
    variant = OptionSpec("variant", CHOICE, DEFAULT_VARIANT, choices=tuple(VARIANTS),
                         aliases=tuple((a, n) for a, n in _ALIASES.items() if a != n),
                         description="the named variant: the preset of every option below, which a table may "
                                     "override one by one",
                         source="document 004")
    players = OptionSpec("players", INT, PLAYERS[0], choices=PLAYERS, min=min(PLAYERS), max=max(PLAYERS),
                         description="three or four players (with four, the dealer sits out each deal)",
                         source="document 004")
    return Schema.from_dataclass(PrefVariant, exclude=("name", "title_ru", "title_en", "aliases", "rules_set"),
                                 defaults=VARIANTS[DEFAULT_VARIANT], default_by="variant", before=(variant, players))


def make_variant(name: str | PrefVariant = DEFAULT_VARIANT, **overrides: Any) -> PrefVariant:
    """The preset ``name`` (or an alias: «сочинка», «ростовка», "piter-skachki" …) with ``overrides``.

    >>> make_variant("sochi", raspasy_prices=(1, 1, 1)).raspasy_price(3)
    1
    """
    if isinstance(name, PrefVariant):
        base = name
    else:
        key = str(name).strip().lower()
        if key not in _ALIASES:
            raise CardroomError(Reason("pref.unknown_variant", name=name, known=", ".join(VARIANTS)))
        base = VARIANTS[_ALIASES[key]]
    known = {f.name for f in fields(PrefVariant)} - {"name"}
    bad = sorted(set(overrides) - known)
    if bad:
        raise CardroomError(Reason("pref.unknown_options", options=", ".join(bad), known=", ".join(sorted(known))))
    fixed: dict[str, Any] = {}
    for k, v in overrides.items():
        cur = getattr(base, k)
        if isinstance(cur, tuple) and isinstance(v, list):
            v = tuple(v)
        fixed[k] = v
    return replace(base, **fixed)
