"""The club table of 1913: forming a table of up to six, the rubbers it plays, who goes out and who
comes in (American Laws of Bridge, November 1913, laws 17-27 of document 000), the score book and its
corrections (laws 12-13) and the ruling on a new deal (laws 37-38).

Document 000, «ФОРМИРОВАНИЕ СТОЛОВ» … «ПРАВО ВХОДА» (digest ``hoyle-bridge.md`` §5); each rule is a
function or a method below that quotes its law. Players are names (unique within one table).

:class:`ClubTable` is the table as a sequence of events (plain JSON objects, see :meth:`ClubTable.apply`),
so that a store keeps it as rows and rebuilds it by replaying them. Every cut is an event holding the
cards cut: whoever draws them (the card room from its seed, a test by hand), the table replays the
same. A refused event raises :class:`~cardroom.core.errors.CardroomError` with a structured reason and
leaves the table unchanged.

What the card room cannot meet in person (a card seen while shuffling, a deal not made one card at a
time) is still ruled by the functions here: :func:`rule_new_deal` gives the ruling of law 37 or 38.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from cardroom.core.cards import Card
from cardroom.core.errors import CardroomError, ParseError, Reason
from cardroom.games.oldbridge.laws import DealFault, cutting_out, new_deal_compulsory, partnerships
from cardroom.games.oldbridge.rubber import cut_key

FULL_TABLE = 6
"""Law 18: «Шесть игроков составляют полный стол»."""
PLAYERS = 4
"""The four who play a rubber."""
SIDES = ("NS", "EW")
PARTS = ("trick", "honour")


# ------------------------------------------------------------------ the laws as functions
def precedence(arrivals: Sequence[Sequence[str]], cuts: Mapping[str, Card]) -> list[str]:
    """Law 17: «Первыми пришедшие в комнату имеют преимущественное право на игру. Кандидаты равного
    положения определяют свою очередность снятием карт; те, кто снял меньшую карту, играют первыми.»
    ``arrivals``: the groups of players in the order they came (one group: arrived together, of equal
    standing); the players of a group of several are ordered by their cuts (``cuts``), lowest first."""
    order: list[str] = []
    for group in arrivals:
        if len(group) == 1:
            order.extend(group)
        else:
            order.extend(sorted(group, key=lambda name: cut_key(_card(cuts, name))))
    return order


def seats_from_cut(four: Sequence[str], cuts: Mapping[str, Card]) -> tuple[str, str, str, str]:
    """Law 19: «два игрока с меньшими картами играют против двух с большими. Игрок, снявший наименьшую
    карту, является сдатчиком, который имеет право выбора карт и мест». The seats, North first: the
    dealer (lowest cut) at North, his partner (second lowest) opposite at South, the third lowest on
    the dealer's left (East) and the highest on his right (West) (the dealer's choice of seats: see
    docs/rules/club-1913.md)."""
    cards = [_card(cuts, name) for name in four]
    lower, higher, dealer = partnerships(cards)
    partner = lower[1] if lower[0] == dealer else lower[0]
    return four[dealer], four[higher[0]], four[partner], four[higher[1]]


def going_out(consecutive: Mapping[str, int], cuts: Mapping[str, Card], places: int,
              last: Sequence[str] = ()) -> list[str]:
    """Law 21: «игрок или игроки, сыгравшие наибольшее количество последовательных раберов, выходят;
    если все сыграли одинаковое количество, они снимают карты для определения выбывающих; выходят те,
    кто снял наибольшие карты». Law 24: players who helped form a new table that could not be formed
    without them (``last``) «должны выходить последними»."""
    names = list(consecutive)
    first = [n for n in names if n not in last]
    pool = first if len(first) >= places else names
    lasting = [n for n in names if n not in pool]
    tied = must_cut_out(consecutive, places, last)
    low = min(cuts.values(), key=cut_key) if cuts else Card.parse("AH")  # no cut: the numbers decide alone
    chosen = cutting_out([consecutive[n] for n in pool], [cuts[n] if n in tied else low for n in pool], places)
    out = [pool[i] for i in chosen]
    return out + lasting[:max(0, places - len(out))]


def must_cut_out(consecutive: Mapping[str, int], places: int, last: Sequence[str] = ()) -> list[str]:
    """The players who must cut for law 21: those whose number of consecutive rubbers is tied across
    the line between going out and staying (nobody when the numbers decide alone)."""
    first = [n for n in consecutive if n not in last]
    names = first if len(first) >= places else list(consecutive)
    if places >= len(names):
        return []
    ranked = sorted(names, key=lambda n: -consecutive[n])
    boundary = consecutive[ranked[places - 1]]
    if consecutive[ranked[places]] != boundary:
        return []
    return [n for n in names if consecutive[n] == boundary]


def may_enter(announced_before_cut: bool) -> bool:
    """Law 22: «кандидат не имеет права присоединиться к столу, если он не заявил о своем намерении до
    того, как кто-либо из игроков снял карты — будь то для выбора партнеров, для нового рабера или для
    выхода из игры»."""
    return announced_before_cut


def new_table_order(candidates: Sequence[str], played_here: Mapping[str, bool]) -> tuple[list[str], list[str]]:
    """Law 23: «При формировании новых столов кандидаты, не игравшие за существующим столом, имеют
    преимущественное право входа. Остальные определяют свое право на допуск путем снятия карт.»
    Returns (those with the prior right, in their order; those who must cut for admission)."""
    return ([c for c in candidates if not played_here.get(c, False)],
            [c for c in candidates if played_here.get(c, False)])


def keeps_place(new_table_needs_him: bool, announced_return: bool) -> bool:
    """Law 25: a player who joins (or wishes to join) another table «теряет свои права за
    первоначальным столом, если только новый стол не может быть сформирован без него, и в этом случае
    он может сохранить свое положение … объявив о своем намерении вернуться»."""
    return new_table_needs_him and announced_return


def substitute_allowed(consents: Sequence[bool]) -> bool:
    """Law 26: «он может с согласия трех остальных назначить заместителя»: all three consent."""
    return len(consents) == PLAYERS - 1 and all(consents)


def honour_correction_open(agreed: bool) -> bool:
    """Law 12: «Доказанная ошибка в счете оннеров может быть исправлена в любое время до того, как счет
    рабера будет подведен и согласован.»"""
    return not agreed


def trick_correction_open(next_game_declared: bool, final_game: bool, agreed: bool) -> bool:
    """Law 13: «Доказанная ошибка в счете взяток может быть исправлена в любое время до того, как в
    следующей игре будет сделан заказ, или, если это произошло в финальной игре рабера, до того, как
    счет будет подведен и согласован.»"""
    return not agreed if final_game else not next_game_declared


def rule_new_deal(fault: DealFault, dealer: str | None = None,
                  seats: Sequence[str] = ()) -> Reason:
    """Laws 36-38 as a ruling: ``club.ruling.new_deal`` when a new deal is compulsory (law 37, its
    letter named), else ``club.ruling.deal_stands`` (law 38: a 37(f) fault not claimed in time).
    With the ``dealer`` of the deal (and the four ``seats``, North first, clockwise): the new deal is
    his again (law 36, ``club.ruling.new_deal_by``); a deal that stands is followed by the deal of the
    player on his left (law 38, ``club.ruling.deal_stands_next``)."""
    letters = "".join(letter for letter, on in zip("abcdef", (
        fault.not_from_left_one_at_a_time, fault.pack_incorrect, fault.card_faced, fault.more_than_thirteen,
        fault.last_card_not_to_dealer, fault.uncut_or_out_of_turn_or_wrong_pack), strict=True) if on)
    if not letters:
        return Reason("club.ruling.no_fault")
    named = dealer is not None and dealer in seats
    if new_deal_compulsory(fault):
        if named:
            return Reason("club.ruling.new_deal_by", law="37", cases=letters, dealer=str(dealer))
        return Reason("club.ruling.new_deal", law="37", cases=letters)
    if named:
        left = seats[(list(seats).index(str(dealer)) + 1) % len(seats)]
        return Reason("club.ruling.deal_stands_next", law="38", dealer=str(dealer), next=left)
    return Reason("club.ruling.deal_stands", law="38")


def fault_of(letter: str, attention_in_time: bool) -> DealFault:
    """The :class:`DealFault` of a law 37 case letter (``a`` … ``f``)."""
    names = {"a": "not_from_left_one_at_a_time", "b": "pack_incorrect", "c": "card_faced",
             "d": "more_than_thirteen", "e": "last_card_not_to_dealer", "f": "uncut_or_out_of_turn_or_wrong_pack"}
    if letter not in names:
        raise CardroomError(Reason("club.bad_fault", fault=letter))
    return DealFault(**{names[letter]: True}, attention_in_time=attention_in_time)


def _card(cuts: Mapping[str, Card], name: str) -> Card:
    if name not in cuts:
        raise CardroomError(Reason("club.no_cut", name=name))
    return cuts[name]


# ------------------------------------------------------------------ the table
@dataclass
class Member:
    name: str
    kind: str  # human | bot
    group: int  # the arrival group (law 17: one group arrived together)
    announced: int  # the event number of his announcement (laws 20, 22)
    prior: bool = False  # law 27: the others of a table broken up have the prior right of entry here
    lasting: bool = False  # law 24: he helped form a new table that could not be formed without him
    played: bool = False  # law 23: he has played at an existing table (he cuts for admission to a new one)
    away: str | None = None  # law 25: he helps form table ``away``, keeping his position here
    home: str | None = None  # law 25: he returns to table ``home`` as soon as his place here can be filled


@dataclass
class BookEntry:
    """One rubber in the club's score book: the figures entered (by side: trick and honour score), the
    figures the record proves, and whether the score has been made up and agreed (laws 12-13)."""

    rubber: int
    players: tuple[str, str, str, str]
    entered: list[list[int]]  # [side][part]
    record: list[list[int]]
    agreed: bool = False
    agreed_by: list[str] = field(default_factory=list)
    corrections: list[dict[str, Any]] = field(default_factory=list)
    games: list[list[int]] = field(default_factory=list)
    """Law 13: the trick score of each game of the rubber by side ([NS, EW]), as the record proves it
    (empty when the rubber-end event gave none: the rubber is then one final game for law 13)."""

    def to_dict(self) -> dict[str, Any]:
        return {"rubber": self.rubber, "players": list(self.players), "agreed": self.agreed,
                "entered": {SIDES[s]: dict(zip(PARTS, self.entered[s], strict=True)) for s in (0, 1)},
                "games": [list(g) for g in self.games], "corrections": list(self.corrections)}


@dataclass
class ClubTable:
    """One club table (laws 17-27), its state built by :meth:`apply` from its events.

    Phases: ``forming`` (fewer than four, or waiting for the first cut), ``rubber`` (the four of
    :attr:`playing` play one), ``between`` (a rubber ended: its score is agreed, then the cutting out and
    the cut for partners of the next one), ``broken`` (law 27)."""

    members: list[Member] = field(default_factory=list)
    queue: list[str] = field(default_factory=list)
    """Law 20: the candidates, in the order of their announcements."""
    playing: tuple[str, str, str, str] | None = None
    """The four of the current (or last) rubber by seat, North first."""
    consecutive: dict[str, int] = field(default_factory=dict)
    """Law 21: the consecutive rubbers each player of the table has played."""
    phase: str = "forming"
    rubbers: int = 0
    cuts: list[dict[str, Any]] = field(default_factory=list)
    """Every cut: ``{"purpose": precedence | out | partners, "cards": {name: card}}``."""
    cut_since_end: bool = False
    """Law 22: some player has cut since the rubber ended (candidates announced later wait)."""
    substitutes: dict[str, str] = field(default_factory=dict)
    """Law 26: absent player -> his substitute, for the current rubber only."""
    consents: dict[str, list[str]] = field(default_factory=dict)
    """Law 26: absent player -> the players who consented to his substitute."""
    book: list[BookEntry] = field(default_factory=list)
    went_out: list[str] = field(default_factory=list)
    came_in: list[str] = field(default_factory=list)
    broken_by: str | None = None
    rulings: list[dict[str, Any]] = field(default_factory=list)
    events: int = 0
    _groups: int = 0
    _end_event: int = 0  # the event that ended the last rubber (law 22)
    _out_done: bool = False  # the cutting out after the last rubber is over

    # ----------------------------------------------------------- facts
    def names(self) -> list[str]:
        return [m.name for m in self.members]

    def member(self, name: str) -> Member:
        for m in self.members:
            if m.name == name:
                return m
        raise CardroomError(Reason("club.not_member", name=name))

    def is_member(self, name: str) -> bool:
        return any(m.name == name for m in self.members)

    def waiting(self) -> list[str]:
        """The members who are not playing the current rubber, in their order (law 20)."""
        return list(self.queue)

    def at_table(self) -> tuple[str, str, str, str] | None:
        """Who sits at each seat now: the four, a substitute in his absent player's place (law 26)."""
        if self.playing is None:
            return None
        p = self.playing
        s = self.substitutes
        return s.get(p[0], p[0]), s.get(p[1], p[1]), s.get(p[2], p[2]), s.get(p[3], p[3])

    def eligible(self) -> list[str]:
        """Law 22: the candidates who may enter at this rubber's end: announced before any player cut."""
        if self._out_done:  # the cutting out of this rubber's end is over
            return []
        return [n for n in self.queue if not (self.cut_since_end and self.member(n).announced > self._end_event)
                and self.member(n).away is None]

    # ----------------------------------------------------------- what must be cut next
    def next_cut(self) -> tuple[str, list[str]] | None:
        """The cut the table needs now, ``(purpose, who cuts)``, or None (a rubber is on, the score of the
        last one is not agreed yet, or fewer than four are there)."""
        if self.phase == "forming":
            if len(self._present()) < PLAYERS:
                return None
            if self.playing is None and not self._precedence_done():
                tied = self._precedence_tie()
                if tied:
                    return "precedence", tied
            return "partners", self._first_four()
        if self.phase != "between" or not self.book or not self.book[-1].agreed:
            return None
        if self.eligible() and not self._out_done:
            places = min(len(self.eligible()), 2)
            return "out", must_cut_out(self._current_counts(), places, self._last())
        return "partners", self._next_four()

    def _precedence_done(self) -> bool:
        return any(c["purpose"] == "precedence" for c in self.cuts)

    def _arrivals(self) -> list[list[str]]:
        """The members by standing: those with a prior right (law 27), then the arrival groups (law 17),
        then, one group that cuts for admission, those who have played at an existing table (law 23).
        A member away helping another table (law 25) keeps his place but is passed over."""
        groups: dict[int, list[str]] = {}
        present = [m for m in self.members if m.away is None]
        for m in present:
            if not m.prior and not m.played:
                groups.setdefault(m.group, []).append(m.name)
        prior = [m.name for m in present if m.prior]
        played = [m.name for m in present if m.played and not m.prior]
        return [g for g in (prior, *(g for _, g in sorted(groups.items())), played) if g]

    def _precedence_tie(self) -> list[str]:
        """Law 17: the players of equal standing who straddle the fourth place must cut."""
        count = 0
        for group in self._arrivals():
            if count < PLAYERS < count + len(group):
                return list(group)
            count += len(group)
        return []

    def _first_four(self) -> list[str]:
        cuts = {}
        for c in self.cuts:
            if c["purpose"] == "precedence":
                cuts.update({n: Card.parse(x) for n, x in c["cards"].items()})
        order = [n for g in self._arrivals() for n in (precedence([g], cuts) if len(g) > 1 and
                                                        all(x in cuts for x in g) else g)]
        return order[:PLAYERS]

    def _present(self) -> list[str]:
        """The members not away at another table (law 25)."""
        return [m.name for m in self.members if m.away is None]

    def _current_counts(self) -> dict[str, int]:
        assert self.playing is not None
        return {n: self.consecutive.get(n, 0) for n in self.playing}

    def _last(self) -> list[str]:
        """Law 24: the players of the rubber who go out last."""
        return [m.name for m in self.members if m.lasting and self.playing is not None and m.name in self.playing]

    def _next_four(self) -> list[str]:
        assert self.playing is not None
        stay = [n for n in self.playing if n not in self.went_out and self.is_member(n)]
        return stay + self.came_in

    # ----------------------------------------------------------- events
    def apply(self, event: Mapping[str, Any]) -> None:
        """Apply one event; refused (a :class:`CardroomError`) leaves the table as it was."""
        kind = event.get("kind")
        handler = _HANDLERS.get(kind) if isinstance(kind, str) else None
        if handler is None:
            raise ParseError(Reason("club.bad_event", kind=str(kind)))
        trial = copy.deepcopy(self)
        handler(trial, event)
        trial.events += 1
        self.__dict__.update(trial.__dict__)

    def _arrive(self, e: Mapping[str, Any]) -> None:
        """Laws 17-18, 20: players arrive (one event: together, of equal standing) and announce their wish
        to play; a seventh is refused (law 18: six make a complete table)."""
        names, kinds = e.get("names"), e.get("kinds")
        if not isinstance(names, list) or not names or not all(isinstance(n, str) and n for n in names):
            raise ParseError(Reason("club.bad_names"))
        if not isinstance(kinds, list) or len(kinds) != len(names) or any(k not in ("human", "bot") for k in kinds):
            raise ParseError(Reason("club.bad_names"))
        if self.phase == "broken":
            raise CardroomError(Reason("club.broken"))
        if len(set(names)) != len(names) or any(self.is_member(n) for n in names):
            raise CardroomError(Reason("club.same_name", name=next(
                n for n in names if self.is_member(n) or names.count(n) > 1)))
        if len(self.members) + len(names) > FULL_TABLE:
            raise CardroomError(Reason("club.full", n=FULL_TABLE))
        self._groups += 1
        prior = bool(e.get("prior"))
        home = e.get("home")
        for n, k in zip(names, kinds, strict=True):
            self.members.append(Member(n, k, self._groups, self.events, prior, played=bool(e.get("played")),
                                       home=str(home) if isinstance(home, str) and home else None))
            self.consecutive[n] = 0
        if self.phase == "forming":
            return
        for n in names:  # law 20: in the order of the announcements (law 27: a prior right goes first)
            if prior:
                self.queue.insert(sum(1 for q in self.queue if self.member(q).prior), n)
            else:
                self.queue.append(n)

    def _cut(self, e: Mapping[str, Any]) -> None:
        """A cut (laws 14-16): ``purpose`` and ``cards`` ({name: card text}) of exactly those who must cut."""
        want = self.next_cut()
        purpose, raw = e.get("purpose"), e.get("cards")
        if want is None or purpose != want[0]:
            raise CardroomError(Reason("club.no_cut_now", purpose=str(purpose)))
        if not isinstance(raw, dict) or sorted(raw) != sorted(want[1]):
            raise CardroomError(Reason("club.wrong_cutters", who=", ".join(want[1])))
        cards = {n: Card.parse(str(c)) for n, c in raw.items()}
        if len(set(cards.values())) != len(cards):
            raise CardroomError(Reason("club.cut_same_card"))
        self.cuts.append({"purpose": purpose, "cards": {n: str(c) for n, c in cards.items()}})
        if purpose == "out":  # those who announced before this cut may enter by it (law 22)
            self._cut_out(cards)
        self.cut_since_end = True
        if purpose in ("precedence", "out"):
            return
        four = want[1]
        self.playing = seats_from_cut(four, cards)
        if self.phase == "forming":
            self.queue = [n for n in self._arrival_order() if n not in four]
        self.phase = "rubber"

    def _arrival_order(self) -> list[str]:
        order = [n for g in self._arrivals() for n in g]
        return order + [n for n in self.names() if n not in order]  # the away keep a place, last (law 25)

    def _cut_out(self, cards: Mapping[str, Card]) -> None:
        """Law 21 with law 20: the candidates announced in time (law 22) take the places of those who
        played the most consecutive rubbers; the outgoing join the end of the queue, their count reset."""
        eligible = self.eligible()[:2]
        out = going_out(self._current_counts(), cards, len(eligible), self._last())
        self.went_out, self.came_in, self._out_done = out, eligible, True
        self.queue = [n for n in self.queue if n not in eligible] + out
        for n in out:  # back among the candidates, announced now (law 20)
            self.consecutive[n] = 0
            self.member(n).announced = self.events

    def _rubber_end(self, e: Mapping[str, Any]) -> None:
        """The rubber is over: its score is entered in the book from ``record`` (the figures the record
        proves, [[trick, honour] NS, [trick, honour] EW]; a scorer may then write others, :meth:`_enter`); every
        player of it has played one more consecutive rubber (law 21; a substitute's rights are not
        touched, law 26); the substitutions lapse (law 26)."""
        if self.phase != "rubber" or self.playing is None:
            raise CardroomError(Reason("club.no_rubber"))
        record = _figures(e.get("record"))
        entered = [list(side) for side in record]
        games = _games(e.get("games"))
        self.rubbers += 1
        self.book.append(BookEntry(self.rubbers, self.playing, entered, record, games=games))
        for n in self.playing:
            self.consecutive[n] = self.consecutive.get(n, 0) + 1
        self.substitutes, self.consents = {}, {}
        self.phase = "between"
        self.cut_since_end = False
        self._end_event = self.events
        self.went_out, self.came_in, self._out_done = [], [], False

    def _agree(self, e: Mapping[str, Any]) -> None:
        """A player of the last rubber agrees its score (``by``); once every one of the four still at
        the table has, it is made up and agreed (laws 12-13: no correction after)."""
        if self.phase != "between" or not self.book or self.book[-1].agreed:
            raise CardroomError(Reason("club.nothing_to_agree"))
        entry, by = self.book[-1], e.get("by")
        if by not in entry.players or by in entry.agreed_by:
            raise CardroomError(Reason("club.nothing_to_agree"))
        entry.agreed_by.append(str(by))
        entry.agreed = all(n in entry.agreed_by or not self.is_member(n) for n in entry.players)

    def _correct(self, e: Mapping[str, Any]) -> None:
        """Laws 12-13: a proved error in the book corrected in time. ``rubber``, ``side`` (NS/EW),
        ``part`` (honour/trick), ``points`` (the right figure, proved by the record); for the trick score
        ``game`` (1-based) may name one game of the rubber (``points`` is then that game's figure). The
        book is written at the rubber's end, when every game but the final one has been followed by a
        declaration in the next game: law 13 then refuses those (``club.ruling.next_game_declared``);
        the final game's (or the rubber's total) is open as law 12's, until agreed."""
        entry = self._entry(e.get("rubber"))
        side, part, points = e.get("side"), e.get("part"), e.get("points")
        if side not in SIDES or part not in PARTS or not isinstance(points, int) or isinstance(points, bool):
            raise ParseError(Reason("club.bad_correction"))
        s, p = SIDES.index(side), PARTS.index(part)
        game = self._game_of(entry, e.get("game"), part)
        if game is not None and game < len(entry.games):
            # law 13: by the rubber's end the next game's declaration has been made: too late for game k
            raise CardroomError(Reason("club.ruling.next_game_declared", game=game, rubber=entry.rubber))
        open_ = honour_correction_open(entry.agreed) if part == "honour" else \
            trick_correction_open(next_game_declared=False, final_game=True, agreed=entry.agreed)
        law = "12" if part == "honour" else "13"
        if not open_:
            raise CardroomError(Reason("club.ruling.too_late", law=law, rubber=entry.rubber))
        earlier = 0 if game is None else sum(g[s] for g in entry.games[:-1])  # the games before the final
        proved = entry.record[s][p] if game is None else entry.games[-1][s]
        if proved != points:
            raise CardroomError(Reason("club.ruling.not_proved", law=law, points=points))
        if entry.entered[s][p] - earlier == points:
            raise CardroomError(Reason("club.ruling.no_error", law=law, points=points))
        was = entry.entered[s][p] - earlier
        entry.entered[s][p] = earlier + points
        ruling = {"law": law, "rubber": entry.rubber, "side": side, "part": part, "was": was, "now": points,
                  **({"game": game} if game is not None else {})}
        entry.corrections.append(ruling)
        self.rulings.append({"kind": "correction", **ruling})

    @staticmethod
    def _game_of(entry: BookEntry, game: Any, part: Any) -> int | None:
        """Law 13: the game (1-based) of a trick-score claim, or None (the rubber's total)."""
        if game is None:
            return None
        if part != "trick" or not isinstance(game, int) or isinstance(game, bool) \
                or not 1 <= game <= max(1, len(entry.games)):
            raise ParseError(Reason("club.bad_correction"))
        return game if entry.games else None

    def _enter(self, e: Mapping[str, Any]) -> None:
        """The scorer writes a figure in the book (before it is agreed): a wrong one is corrected only
        by :meth:`_correct`, in time and proved."""
        entry = self._entry(e.get("rubber"))
        side, part, points = e.get("side"), e.get("part"), e.get("points")
        if side not in SIDES or part not in PARTS or not isinstance(points, int) or isinstance(points, bool):
            raise ParseError(Reason("club.bad_correction"))
        if entry.agreed:
            raise CardroomError(Reason("club.ruling.too_late", law="12" if part == "honour" else "13",
                                       rubber=entry.rubber))
        entry.entered[SIDES.index(side)][PARTS.index(part)] = points

    def _entry(self, rubber: Any) -> BookEntry:
        if not isinstance(rubber, int) or isinstance(rubber, bool) or not 1 <= rubber <= len(self.book):
            raise CardroomError(Reason("club.no_such_rubber", rubber=str(rubber)))
        return self.book[rubber - 1]

    def _substitute(self, e: Mapping[str, Any]) -> None:
        """Law 26: «Если игрок покидает стол во время рабера, он может с согласия трех остальных
        назначить заместителя … такое назначение теряет силу по окончании рабера»."""
        absent, sub, consents = e.get("absent"), e.get("substitute"), e.get("consents")
        if self.phase != "rubber" or self.playing is None or absent not in self.playing:
            raise CardroomError(Reason("club.not_playing", name=str(absent)))
        if not isinstance(sub, str) or not sub or sub in self.playing or sub in self.substitutes.values():
            raise CardroomError(Reason("club.bad_substitute", name=str(sub)))
        others = [n for n in self.playing if n != absent]
        given = [*(consents if isinstance(consents, list) else []), *self.consents.get(absent, []),
                 *(n for n in others if self.member(n).kind == "bot")]
        if not substitute_allowed([n in given for n in others]):
            raise CardroomError(Reason("club.no_consent", law="26"))
        self.substitutes[absent] = sub

    def _consent(self, e: Mapping[str, Any]) -> None:
        """Law 26: one of the other three consents to ``absent``'s substitute (``by``)."""
        by, absent = e.get("by"), e.get("absent")
        if self.phase != "rubber" or self.playing is None or absent not in self.playing or by not in self.playing \
                or by == absent:
            raise CardroomError(Reason("club.not_playing", name=str(by)))
        self.consents.setdefault(str(absent), []).append(str(by))

    def _leave(self, e: Mapping[str, Any]) -> None:
        """A member leaves. Waiting: he gives up his place (law 20). Playing between rubbers: a waiting
        candidate fills the vacancy at the next cut. Playing during a rubber without a substitute, or
        leaving fewer than four: he breaks up the table, and the others have the prior right of entry
        elsewhere (law 27: «Если игрок распускает стол, остальные имеют преимущественное право входа в
        другом месте»)."""
        name = e.get("name")
        if not isinstance(name, str) or not self.is_member(name):
            raise CardroomError(Reason("club.not_member", name=str(name)))
        if self.phase == "broken":
            raise CardroomError(Reason("club.broken"))
        seated = self.phase == "rubber" and self.playing is not None and name in self.playing
        # a substitute who leaves ends his appointment: the absent player is back in his seat (law 26)
        self.substitutes = {a: sub for a, sub in self.substitutes.items() if sub != name}
        nxt = self._next_four() if self.phase == "between" and self._out_done else \
            list(self.playing or ()) if self.phase == "between" else []
        self.members = [m for m in self.members if m.name != name]
        self.queue = [n for n in self.queue if n != name]
        self.consecutive.pop(name, None)
        if (seated and name not in self.substitutes) or (self.phase != "forming" and len(self.members) < PLAYERS):
            self.phase, self.broken_by = "broken", name
            return
        if name not in nxt:
            return
        # law 20: the vacancy goes to the first candidate who may enter (law 22), nobody cuts out for it
        fill = next((n for n in self.eligible() if n not in self.came_in), None) if not self._out_done else \
            next((n for n in self.queue if n not in self.came_in and self.member(n).away is None), None)
        if fill is None:
            self.phase, self.broken_by = "broken", name
            return
        self.queue.remove(fill)
        if self._out_done:
            self.came_in = [n for n in self.came_in if n != name] + [fill]
            if name in (self.playing or ()):
                self.went_out.append(name)
        else:
            assert self.playing is not None
            p = [fill if n == name else n for n in self.playing]
            self.playing = (p[0], p[1], p[2], p[3])

    def _helped_form(self, e: Mapping[str, Any]) -> None:
        """Law 24: «Когда один или несколько игроков, принадлежащих к существующему столу, помогают
        составить новый стол, который не может быть сформирован без него, он или они должны выходить
        последними.» ``names``: the members who did."""
        names = e.get("names")
        if not isinstance(names, list) or not names or not all(isinstance(n, str) and self.is_member(n) for n in names):
            raise CardroomError(Reason("club.not_member", name=str(names)))
        for m in self.members:
            if m.name in names:
                m.lasting = True

    def _claim_deal(self, e: Mapping[str, Any]) -> None:
        """Laws 36-38: a player of the rubber claims a fault in the current deal; the ruling is recorded.
        ``dealer``: who dealt it (the room names him from its table). A new deal is dealt again by the
        same dealer (law 36: «ту же колоду должен сдать снова тот же игрок»); a deal that stands (law
        38) is followed by the deal of the player on the left (``next_dealer``)."""
        by, letter = e.get("by"), e.get("fault")
        if not isinstance(by, str) or not self.is_member(by):
            raise CardroomError(Reason("club.not_member", name=str(by)))
        seats = self.at_table()
        if self.phase != "rubber" or seats is None:
            raise CardroomError(Reason("club.no_deal"))
        if by not in seats:
            raise CardroomError(Reason("club.not_playing", name=by))
        dealer = e.get("dealer")
        ruling = rule_new_deal(fault_of(str(letter), bool(e.get("in_time"))),
                               dealer if isinstance(dealer, str) and dealer in seats else None, seats)
        self.rulings.append({"kind": "deal", "by": by, "fault": letter, "in_time": bool(e.get("in_time")),
                             "key": ruling.key, "params": dict(ruling.params)})

    def _break_up(self, e: Mapping[str, Any]) -> None:
        """Law 27: «Если игрок распускает стол, остальные имеют преимущественное право входа в другом
        месте.» ``by`` leaves so that the table cannot go on: refused (``club.not_breaking``) when his
        leaving would not break it (between rubbers a candidate fills his place, law 20: he leaves)."""
        by = e.get("by")
        if not isinstance(by, str) or not self.is_member(by):
            raise CardroomError(Reason("club.not_member", name=str(by)))
        self._leave({"name": by})
        if self.phase != "broken":
            raise CardroomError(Reason("club.not_breaking", name=by))

    def _away(self, e: Mapping[str, Any]) -> None:
        """Law 25: a candidate here helps form table ``to`` that cannot be formed without him and has
        announced his return: he keeps his position here (his place among the candidates), passed over
        while away. A member seated for the rubber cannot go (he would leave it: law 26 or 27)."""
        name, to = e.get("name"), e.get("to")
        if not isinstance(name, str) or not self.is_member(name):
            raise CardroomError(Reason("club.not_member", name=str(name)))
        if not isinstance(to, str) or not to:
            raise ParseError(Reason("club.bad_table", table=str(to)))
        if self.member(name).away is not None:
            raise CardroomError(Reason("club.away", name=name, table=str(self.member(name).away)))
        if self.phase == "broken":
            raise CardroomError(Reason("club.broken"))
        if self.phase != "forming" and name not in self.queue:
            raise CardroomError(Reason("club.seated", name=name))
        self.member(name).away = to

    def _back(self, e: Mapping[str, Any]) -> None:
        """Law 25: the player who kept his position is back from the table he helped form."""
        name = e.get("name")
        if not isinstance(name, str) or not self.is_member(name) or self.member(name).away is None:
            raise CardroomError(Reason("club.not_away", name=str(name)))
        self.member(name).away = None

    def releasable(self) -> list[str]:
        """Law 25: the players here who announced their return to their own table (``home``) and whose
        place here can now be filled: waiting, or seated between rubbers when a candidate may take the
        place (before the cutting out); never during a rubber (that would break it up)."""
        if self.phase == "broken":  # nobody leaves a table broken up: the club sends him back (Club1913.returns)
            return []
        between = self.phase == "between" and bool(self.book) and self.book[-1].agreed and not self._out_done
        forming = self.phase == "forming" and len(self._present()) > PLAYERS
        return [m.name for m in self.members if m.home is not None and (
            m.name in self.queue or forming
            or (between and m.name in (self.playing or ()) and any(n != m.name for n in self.eligible())))]

    def prior_right(self) -> list[str]:
        """Law 27: when the table is broken up, the others (its members but the breaker) have the prior
        right of entry elsewhere."""
        return self.names() if self.phase == "broken" else []

    # ----------------------------------------------------------- views
    def to_dict(self) -> dict[str, Any]:
        cut = self.next_cut()
        return {
            "phase": self.phase, "rubbers": self.rubbers,
            "members": [{"name": m.name, "kind": m.kind, "consecutive": self.consecutive.get(m.name, 0),
                         "away": m.away, "home": m.home, "played": m.played} for m in self.members],
            "playing": None if self.playing is None else list(self.playing),
            "at_table": None if self.at_table() is None else list(self.at_table() or ()),
            "waiting": self.waiting(), "eligible": self.eligible() if self.phase == "between" else [],
            "substitutes": dict(self.substitutes), "cuts": list(self.cuts[-3:]),
            "went_out": list(self.went_out), "came_in": list(self.came_in),
            "next_cut": None if cut is None else {"purpose": cut[0], "who": cut[1]},
            "book": [b.to_dict() for b in self.book], "broken_by": self.broken_by,
            "prior_right": self.prior_right(), "rulings": list(self.rulings),
        }


def _games(raw: Any) -> list[list[int]]:
    """A rubber's trick score by game, ``[[NS, EW], …]`` (absent: none)."""
    if raw is None:
        return []
    ok = isinstance(raw, list) and all(
        isinstance(g, list) and len(g) == 2 and all(isinstance(x, int) and not isinstance(x, bool) for x in g)
        for g in raw)
    if not ok:
        raise ParseError(Reason("club.bad_score"))
    return [[int(g[0]), int(g[1])] for g in raw]


def _figures(raw: Any) -> list[list[int]]:
    ok = isinstance(raw, list) and len(raw) == 2 and all(
        isinstance(s, list) and len(s) == 2 and all(isinstance(x, int) and not isinstance(x, bool) for x in s)
        for s in raw)
    if not ok:
        raise ParseError(Reason("club.bad_score"))
    return [[int(raw[0][0]), int(raw[0][1])], [int(raw[1][0]), int(raw[1][1])]]


_HANDLERS: dict[str, Any] = {
    "arrive": ClubTable._arrive, "cut": ClubTable._cut, "rubber-end": ClubTable._rubber_end,
    "agree": ClubTable._agree, "correct": ClubTable._correct, "enter": ClubTable._enter,
    "substitute": ClubTable._substitute, "leave": ClubTable._leave, "claim-deal": ClubTable._claim_deal,
    "helped-form": ClubTable._helped_form, "consent": ClubTable._consent, "break-up": ClubTable._break_up,
    "away": ClubTable._away, "back": ClubTable._back,
}
