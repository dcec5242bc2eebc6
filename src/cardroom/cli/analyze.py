"""``cardroom analyze FILE``: open-hand (double-dummy) results per contract and per lead, for every game.

What it reads (by the file's name and first line):

* bridge: a PBN file (``.pbn``), or a cardroom JSON bridge record (a rubber, ``"game": "bridge"``, or
  boards, ``"game": "bridge-deals"``); for each deal whose hands are known, the double-dummy table
  (tricks for each declarer and strain), the par, and for the deal's actual contract declarer's
  tricks after every opening lead (``cardroom.solve.dds``, DDS through endplay);
* preferans and euchre: a cardroom JSON record of a pulka or a rubber (each deal whose play began is
  analysed with the hands as they were when the play began): declarer's (the makers') tricks for
  each contract, and after every opening lead for the deal's contract (``cardroom.solve.preferans``,
  ``cardroom.solve.euchre``);
* deals of any of the three games written in cardroom's notation, one per line (see docs/records.md,
  "Deals in cardroom's notation"), or one such line given instead of a file name.

:func:`analyze_path` returns the analysis as JSON-ready dicts (one per deal, each with ``game``);
:func:`format_analysis` writes it for people, in English or Russian.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from cardroom.core.cards import PIQUET_PACK_MASK, Card, CardSet, Suit, cards_of_mask
from cardroom.core.deal import parse_hand
from cardroom.core.errors import CardroomError, ParseError, Reason, RecordError
from cardroom.core.table import Seat, Side
from cardroom.games import load, names
from cardroom.games.bridge.scoring import Contract
from cardroom.i18n import SEAT_NAMES, t

__all__ = [
    "BridgeDealSpec",
    "EuchreDealSpec",
    "PrefDealSpec",
    "analyze_bridge_file",
    "analyze_path",
    "format_analysis",
    "parse_notation",
]

BRIDGE_STRAINS = ("NT", "S", "H", "D", "C")  # the table's column order for people
PREF_STRAINS = ("S", "C", "D", "H", "NT")  # preferans strains, low to high (6♠ < 6♣ < 6♦ < 6♥ < 6NT)
_V = TypeVar("_V")


def _card_text(card: int) -> str:
    return str(Card(card))


def _cards_text(mask: int) -> str:
    return " ".join(_card_text(c) for c in sorted(cards_of_mask(mask), key=lambda c: (-(c // 13), -(c % 13))))


# ------------------------------------------------------------------------------------------- bridge


def analyze_bridge_file(path: str | Path) -> list[dict[str, Any]]:
    """Each deal of a bridge record whose hands are known: ``{"game": "bridge", "board", "dealer",
    "vulnerable", "tricks": {"N": {"C": 7, ...}, ...}, "par": {...}, "contract": "4S by N" | None,
    "declarer_tricks": int | None, "leads": {"AS": 9, ...} | None}`` (leads: declarer's tricks after
    each opening lead, double dummy)."""
    from cardroom.games.bridge.rules import PHASE_DEAL
    from cardroom.records.replay import load_record

    rec = load_record(path)
    out: list[dict[str, Any]] = []
    for i, deal in enumerate(rec.deals, start=1):
        if deal.phase == PHASE_DEAL:
            continue
        name = str(i)
        contract = deal.contract
        if rec.kind == "boards":
            board = rec.boards[i - 1]
            b = board.tags.get("Board", "").strip()
            name = b if b not in ("", "?") else str(i)
            if contract is None:
                contract = board.contract
        try:
            out.append(_bridge_entry(name, deal.original, deal.dealer, deal.vulnerable, contract))
        except CardroomError as e:
            raise RecordError(_why(e), where=f"board {name}") from None
    return out


def _why(e: CardroomError) -> str | Reason:
    """What an engine's error says, as its reason when it has one (a record error keeps its place too)."""
    return e.reason if e.reason is not None and not isinstance(e, RecordError) else str(e)


def _bridge_entry(name: str, hands: tuple[int, ...], dealer: Seat, vulnerable: tuple[bool, bool],
                  contract: Contract | None) -> dict[str, Any]:
    from cardroom.records.pbn import vulnerable_text
    from cardroom.solve.dds import opening_leads, table_and_par

    tricks, par = table_and_par(hands, dealer, vulnerable)
    leads = None if contract is None else opening_leads(hands, contract.declarer, contract.strain.trump)
    return {
        "game": "bridge", "board": name, "dealer": dealer.letter, "vulnerable": vulnerable_text(vulnerable),
        "tricks": tricks, "par": par, "contract": None if contract is None else str(contract),
        "declarer_tricks": None if leads is None else min(leads.values()),
        "leads": None if leads is None else {_card_text(c): v for c, v in _lead_order(leads)},
    }


def _lead_order(values: dict[int, _V]) -> list[tuple[int, _V]]:
    """Cards by suit (spades first) and rank (high first)."""
    return sorted(values.items(), key=lambda kv: (-(kv[0] // 13), -(kv[0] % 13)))


# --------------------------------------------------------------------------------- deal notation


@dataclass(frozen=True)
class BridgeDealSpec:
    """A bridge deal: the four hands (N, E, S, W), dealer, vulnerability (NS, EW), the contract if any."""

    hands: tuple[int, int, int, int]
    dealer: Seat
    vulnerable: tuple[bool, bool]
    contract: Contract | None


@dataclass(frozen=True)
class PrefDealSpec:
    """A preferans deal as the solver takes it: the hands in play (10 cards each, the declarer's after
    his discard), the talon, the contract (a PrefCall; None for raspasy), declarer, the opening leader."""

    hands: tuple[int, ...]
    talon: int
    contract: int | None
    declarer: int | None
    leader: int
    dealer: int
    discard: int = 0
    state: Any = field(default=None, compare=False)  # the engine's deal at the start of its play (records)


@dataclass(frozen=True)
class EuchreDealSpec:
    """A euchre deal in play: the hands (after the dealer's discard), trump, the makers, a lone player
    (his partner out of play) and the opening leader."""

    hands: tuple[int, int, int, int]
    trump: int
    makers: Side
    lone: Seat | None
    leader: Seat
    maker: Seat | None = None
    state: Any = field(default=None, compare=False)  # the engine's hand at the start of its play (records)


def _tokens(text: str) -> tuple[str, dict[str, str]]:
    """``game: key=value value key=value`` -> (game, {key: value}); a value runs to the next key."""
    head, sep, body = text.partition(":")
    game = head.strip().lower()
    if not sep or not game or " " in game:
        raise ParseError(Reason("analyze.not_deal", text=text.strip()))
    fields: dict[str, str] = {}
    key: str | None = None
    for tok in body.split():
        if "=" in tok:
            k, _, v = tok.partition("=")
            key = k.strip().lower()
            if not key:
                raise ParseError(Reason("analyze.no_name", tok=tok))
            if key in fields:
                raise ParseError(Reason("analyze.key_twice", key=key))
            fields[key] = v
        elif key is None:
            raise ParseError(Reason("analyze.before_name", tok=tok))
        else:
            fields[key] = (fields[key] + " " + tok).strip()
    return game, fields


def _cards(text: str, what: str) -> int:
    """Cards as a list (``AS KS 10H``, commas allowed) or a PBN hand (``AK.QJ.-.T9``); ``-`` none."""
    t_ = text.strip().replace(",", " ")
    if t_ in ("", "-"):
        return 0
    if "." in t_ and " " not in t_:
        try:
            return parse_hand(t_)
        except ParseError as e:
            raise ParseError(Reason("analyze.field_why", what=what, e=e)) from None
    mask = 0
    for tok in t_.split():
        try:
            c = Card.parse(tok)
        except ParseError as e:
            raise ParseError(Reason("analyze.field_why", what=what, e=e)) from None
        if mask >> c & 1:
            raise ParseError(Reason("analyze.card_twice", what=what, card=c))
        mask |= 1 << c
    return mask


def _check_unknown(fields: dict[str, str], known: set[str], game: str) -> None:
    unknown = sorted(set(fields) - known)
    if unknown:
        raise ParseError(Reason("analyze.unknown_fields", game=game, fields=', '.join(k + '=' for k in unknown),
                                known=', '.join(sorted(known))))


def _bridge_spec(fields: dict[str, str]) -> BridgeDealSpec:
    from cardroom.core.cards import FULL_PACK_MASK
    from cardroom.records.pbn import parse_contract_tag, parse_vulnerable

    _check_unknown(fields, {"n", "e", "s", "w", "dealer", "vul", "vulnerable", "contract", "declarer"}, "bridge")
    hands = [_cards(fields.get(k, ""), f"{k.upper()}'s hand") for k in ("n", "e", "s", "w")]
    missing = [s for s in Seat if s.letter.lower() not in fields]
    if len(missing) > 1:
        raise ParseError(Reason("analyze.bridge_hands"))
    seen = 0
    for seat in Seat:
        if hands[seat] & seen:
            raise ParseError(Reason("analyze.bridge_two_hands", cards=CardSet(hands[seat] & seen)))
        seen |= hands[seat]
    if missing:
        hands[missing[0]] = FULL_PACK_MASK & ~seen
    for seat in Seat:
        if hands[seat].bit_count() != 13:
            raise ParseError(Reason("analyze.bridge_thirteen", seat=seat, n=hands[seat].bit_count()))
    dealer = _seat_field(fields["dealer"], "bridge", "dealer") if "dealer" in fields else Seat.NORTH
    vul = parse_vulnerable(fields.get("vul", fields.get("vulnerable", "None")))
    contract: Contract | None = None
    if fields.get("contract", "").strip():
        parsed = parse_contract_tag(fields["contract"])
        if parsed is not None:
            if "declarer" not in fields:
                raise ParseError(Reason("analyze.bridge_no_declarer"))
            contract = Contract(parsed[0], parsed[1], parsed[2], _seat_field(fields["declarer"], "bridge",
                                                                              "declarer"))
    return BridgeDealSpec((hands[0], hands[1], hands[2], hands[3]), dealer, vul, contract)


def _seat_field(text: str, game: str, what: str) -> Seat:
    try:
        return Seat.parse(text)
    except ParseError:
        raise ParseError(Reason("analyze.not_seat", game=game, what=what, text=text)) from None


def _pref_spec(fields: dict[str, str]) -> PrefDealSpec:
    from cardroom.games.preferans.calls import PrefCall

    seats = [k for k in ("0", "1", "2") if k in fields]
    _check_unknown(fields, {"0", "1", "2", "talon", "discard", "declarer", "contract", "leader", "dealer"},
                   "preferans")
    if len(seats) != 3:
        raise ParseError(Reason("analyze.pref_hands"))
    hands = [_cards(fields[s], f"player {s}'s hand") for s in ("0", "1", "2")]
    talon = _cards(fields.get("talon", ""), "talon")
    discard = _cards(fields.get("discard", ""), "discard")
    ctext = fields.get("contract", "").strip().lower()
    if not ctext:
        raise ParseError(Reason("analyze.pref_no_contract"))
    contract: int | None
    if ctext in ("raspasy", "распасы", "pass", "пас", "all-pass"):
        contract = None
    else:
        call = PrefCall.parse(ctext)
        if not call.is_bid:
            raise ParseError(Reason("analyze.pref_contract", text=ctext))
        contract = int(call)
    declarer: int | None = None
    if contract is not None:
        if "declarer" not in fields:
            raise ParseError(Reason("analyze.pref_no_declarer"))
        declarer = _pref_seat(fields["declarer"], "declarer")
    elif "declarer" in fields:
        raise ParseError(Reason("analyze.pref_raspasy_declarer"))
    dealer = _pref_seat(fields["dealer"], "dealer") if "dealer" in fields else 2
    leader = _pref_seat(fields["leader"], "leader") if "leader" in fields else (dealer + 1) % 3
    if declarer is not None and hands[declarer].bit_count() == 12:
        if discard.bit_count() != 2 or discard & ~hands[declarer]:
            raise ParseError(Reason("analyze.pref_discard", declarer=declarer))
        hands[declarer] &= ~discard
    for s, h in enumerate(hands):
        if h.bit_count() != 10:
            raise ParseError(Reason("analyze.pref_ten", s=s, n=h.bit_count()))
    seen = 0
    for what, m in (("player 0", hands[0]), ("player 1", hands[1]), ("player 2", hands[2]), ("talon", talon),
                    ("discard", discard)):
        if m & ~PIQUET_PACK_MASK:
            raise ParseError(Reason("analyze.pref_pack", what=what, cards=CardSet(m & ~PIQUET_PACK_MASK)))
        if m & seen:
            raise ParseError(Reason("analyze.pref_twice", cards=CardSet(m & seen), what=what))
        seen |= m
    if talon and talon.bit_count() != 2:
        raise ParseError(Reason("analyze.pref_talon", n=talon.bit_count()))
    return PrefDealSpec(tuple(hands), talon, contract, declarer, leader, dealer, discard)


def _pref_seat(text: str, what: str) -> int:
    v = text.strip()
    if v not in ("0", "1", "2"):
        raise ParseError(Reason("analyze.pref_player", what=what, v=v))
    return int(v)


def _euchre_spec(fields: dict[str, str]) -> EuchreDealSpec:
    _check_unknown(fields, {"n", "e", "s", "w", "trump", "makers", "maker", "lone", "leader", "dealer"}, "euchre")
    hands = [_cards(fields.get(k, ""), f"{k.upper()}'s hand") for k in ("n", "e", "s", "w")]
    if "trump" not in fields:
        raise ParseError(Reason("analyze.euchre_no_trump"))
    try:
        trump = int(Suit.parse(fields["trump"]))
    except ParseError as e:
        raise ParseError(Reason("analyze.euchre_trump", e=e)) from None
    maker = _euchre_seat(fields["maker"], "maker") if "maker" in fields else None
    lone = _euchre_seat(fields["lone"], "lone") if "lone" in fields else None
    if "makers" in fields:
        m = fields["makers"].strip().upper()
        if m not in ("NS", "EW"):
            raise ParseError(Reason("analyze.euchre_makers", makers=fields['makers']))
        makers = Side.NS if m == "NS" else Side.EW
    elif maker is not None:
        makers = maker.side
    elif lone is not None:
        makers = lone.side
    else:
        raise ParseError(Reason("analyze.euchre_no_makers"))
    if maker is not None and maker.side != makers:
        raise ParseError(Reason("analyze.euchre_maker", maker=maker, makers=makers))
    if lone is not None and lone.side != makers:
        raise ParseError(Reason("analyze.euchre_lone", lone=lone, makers=makers))
    dealer = _euchre_seat(fields["dealer"], "dealer") if "dealer" in fields else Seat.WEST
    if "leader" in fields:
        leader = _euchre_seat(fields["leader"], "leader")
    else:
        leader = dealer.lho
        if lone is not None and leader == lone.partner:
            leader = leader.lho
    out = lone.partner if lone is not None else None
    if out is not None:
        if leader == out:
            raise ParseError(Reason("analyze.euchre_leader", leader=leader))
        hands[out] = 0
    for seat in Seat:
        if seat == out:
            continue
        if hands[seat].bit_count() != 5:
            raise ParseError(Reason("analyze.euchre_five", seat=seat, n=hands[seat].bit_count(), letter=seat.letter))
    seen = 0
    for seat in Seat:
        h = hands[seat]
        if h & ~_EUCHRE_PACK:
            raise ParseError(Reason("analyze.euchre_pack", seat=seat, cards=CardSet(h & ~_EUCHRE_PACK)))
        if h & seen:
            raise ParseError(Reason("analyze.euchre_two_hands", cards=CardSet(h & seen)))
        seen |= h
    return EuchreDealSpec((hands[0], hands[1], hands[2], hands[3]), trump, makers, lone, leader, maker)


_EUCHRE_PACK = PIQUET_PACK_MASK  # document 003: the 32-card pack, 7 to ace


def _euchre_seat(text: str, what: str) -> Seat:
    return _seat_field(text, "euchre", what)


_NOTATION_GAMES = ("bridge", "preferans", "euchre")
"""The games whose deals the notation writes; a deal may name its game by any of its registered names."""


def notation_game(word: str) -> str | None:
    """The canonical name of the game a deal in the notation names (``бридж: N=...``, any name the
    registry knows), or None when it is not one of :data:`_NOTATION_GAMES`."""
    from cardroom.games import canonical

    try:
        game = canonical(word)
    except CardroomError:
        return None
    return game if game in _NOTATION_GAMES else None


def parse_notation(text: str) -> BridgeDealSpec | PrefDealSpec | EuchreDealSpec:
    """One deal in cardroom's notation (docs/records.md): ``preferans: 0=... 1=... 2=... talon=...
    declarer=0 contract=7S``, ``euchre: N=... E=... S=... W=... trump=H makers=NS lone=N`` or
    ``bridge: N=... E=... S=... W=... dealer=N vul=NS contract=4S declarer=S``."""
    word, fields = _tokens(text)
    game = notation_game(word)
    if game == "bridge":
        return _bridge_spec(fields)
    if game == "preferans":
        return _pref_spec(fields)
    if game == "euchre":
        return _euchre_spec(fields)
    raise ParseError(Reason("analyze.game", word=word))


# ------------------------------------------------------------------------------ the game adapters


def _adapter(game: str) -> Any:
    import importlib

    try:
        return importlib.import_module(f"cardroom.solve.{game}")
    except ImportError:
        raise CardroomError(Reason("analyze.no_solver", game=game)) from None


def _pref_analysis(spec: PrefDealSpec) -> dict[str, Any]:
    from cardroom.games.preferans.calls import PrefCall

    contract = None if spec.contract is None else PrefCall(spec.contract)
    kind = "raspasy" if contract is None else "misere" if contract.is_misere else "game"
    out: dict[str, Any] = {
        "game": "preferans", "hands": {str(s): _cards_text(h) for s, h in enumerate(spec.hands)},
        "talon": _cards_text(spec.talon) if spec.talon else None, "kind": kind,
        "contract": None if contract is None else str(contract), "declarer": spec.declarer,
        "leader": spec.leader,
    }
    out.update(_pref_answers(_adapter("preferans"), spec, kind))
    return out


def _pref_answers(mod: Any, spec: PrefDealSpec, kind: str) -> dict[str, Any]:
    """The actual contract with every opening lead, and (game, misère) the declarer's tricks in each
    strain and at misère with the same hands and leader."""
    from cardroom.games.preferans.calls import PrefCall

    if spec.state is not None:
        sol = mod.solve_state(spec.state, per_card=True)
    else:
        contract = "raspasy" if spec.contract is None else str(PrefCall(spec.contract))
        sol = mod.solve_deal(spec.hands, contract, spec.declarer, leader=spec.leader, talon=spec.talon,
                             dealer=spec.dealer, per_card=True)
    if kind == "raspasy":
        return {"objective": sol.objective, "raspasy": {str(s): v for s, v in sol.tricks.items()},
                "leads": {_card_text(c): {str(s): v for s, v in vals.items()}
                          for c, vals in _lead_order({int(c): vals for c, vals in sol.per_card.items()})}}
    d = spec.declarer
    assert d is not None
    table: dict[str, int] = {}
    for strain in PREF_STRAINS:
        table[strain] = mod.solve_deal(spec.hands, f"6{strain}", d, leader=spec.leader).tricks[d]
    table["misere"] = mod.solve_deal(spec.hands, "misere", d, leader=spec.leader).tricks[d]
    return {"objective": sol.objective, "declarer_tricks": sol.tricks[d], "contracts": table,
            "leads": {_card_text(c): vals[d]
                      for c, vals in _lead_order({int(c): vals for c, vals in sol.per_card.items()})}}


def _euchre_analysis(spec: EuchreDealSpec) -> dict[str, Any]:
    out: dict[str, Any] = {
        "game": "euchre", "hands": {s.letter: _cards_text(spec.hands[s]) for s in Seat},
        "trump": Suit(spec.trump).letter, "makers": spec.makers.name,
        "lone": None if spec.lone is None else spec.lone.letter, "leader": spec.leader.letter,
    }
    out.update(_euchre_answers(_adapter("euchre"), spec))
    return out


def _euchre_answers(mod: Any, spec: EuchreDealSpec) -> dict[str, Any]:
    """The actual trump and makers with every opening lead; the makers' tricks with each suit as trump
    (same hands, same partnership or lone hand); each maker alone with the actual trump."""
    maker = spec.lone if spec.lone is not None else spec.maker if spec.maker is not None else spec.makers.seats[0]
    lone = spec.lone is not None
    if spec.state is not None:
        sol = mod.solve_state(spec.state, per_card=True)
    else:
        sol = mod.solve_deal(spec.hands, Suit(spec.trump), int(maker), leader=int(spec.leader), lone=lone,
                             per_card=True)
    trumps = {Suit(s).letter: mod.solve_deal(spec.hands, Suit(s), int(maker), leader=int(spec.leader),
                                             lone=lone).tricks for s in (3, 2, 1, 0)}
    alone: dict[str, int] = {}
    if not lone:
        for seat in spec.makers.seats:
            if not spec.hands[seat.partner]:
                continue
            leader = spec.leader.lho if spec.leader == seat.partner else spec.leader
            alone[seat.letter] = mod.solve_deal(spec.hands, Suit(spec.trump), int(seat), leader=int(leader),
                                                lone=True).tricks
    return {"makers_tricks": sol.tricks, "trumps": trumps, "alone": alone,
            "leads": {_card_text(c): v for c, v in _lead_order({int(c): v for c, v in sol.per_card.items()})}}


# ------------------------------------------------------------------------------------- records


def _pref_specs_of_record(data: dict[str, Any]) -> list[tuple[int, PrefDealSpec]]:
    """(deal number, spec) of each deal of a preferans record whose play began, as the play began."""
    from cardroom.games.preferans.rules import PH_PLAY

    specs: list[tuple[int, PrefDealSpec]] = []
    seen: set[int] = set()
    for number, state in _replay(data):
        deal = state.deal
        if deal.phase != PH_PLAY or number in seen:
            continue
        seen.add(number)
        contract = None if deal.kind == "raspasy" else (None if deal.contract is None else int(deal.contract))
        specs.append((number, PrefDealSpec(tuple(deal.hands), deal.talon, contract, deal.declarer, deal.first_hand,
                                           deal.dealer, deal.discard, deal.clone())))
    return specs


def _euchre_specs_of_record(data: dict[str, Any]) -> list[tuple[int, EuchreDealSpec]]:
    from cardroom.games.euchre.rules import PH_PLAY

    specs: list[tuple[int, EuchreDealSpec]] = []
    seen: set[int] = set()
    for number, state in _replay(data):
        hand = state.hand
        if hand is None or hand.phase != PH_PLAY or number in seen:
            continue
        seen.add(number)
        assert hand.trump is not None and hand.maker is not None
        h = [0 if hand.lone is not None and s == hand.lone.partner else hand.hands[s] for s in range(4)]
        specs.append((number, EuchreDealSpec((h[0], h[1], h[2], h[3]), int(hand.trump), hand.maker.side, hand.lone,
                                             hand.trick_leader, hand.maker, hand.clone())))
    return specs


def _oldbridge_entries_of_record(data: dict[str, Any]) -> list[dict[str, Any]]:
    """Each deal of an auction or straight bridge record whose play began: the open-hand tricks of each
    declarer in each strain and the opening leads of the contract played (no par: the contract bridge
    scoring it is reckoned by is not these games')."""
    from cardroom.games.oldbridge.rules import PHASE_PLAY
    from cardroom.solve.dds import dd_table, opening_leads

    out: list[dict[str, Any]] = []
    seen: set[int] = set()
    for number, state in _replay(data):
        deal = state.deal
        if deal is None or deal.phase < PHASE_PLAY or deal.declarer is None or number in seen:
            continue
        seen.add(number)
        hands, declarer = tuple(deal.original), Seat(deal.declarer)
        try:
            leads = opening_leads(hands, declarer, deal.trump)
            tricks = dd_table(hands)
        except CardroomError as e:
            raise RecordError(_why(e), where=f"deal {number}") from None
        out.append({"game": "bridge", "deal": number, "board": str(number), "dealer": Seat(deal.dealer).letter,
                    "vulnerable": "None", "tricks": tricks, "par": None,
                    "contract": f"{deal.contract_of()!s} by {declarer.letter}",
                    "declarer_tricks": min(leads.values()),
                    "leads": {_card_text(c): v for c, v in _lead_order(leads)}})
    return out


def _replay(data: dict[str, Any]) -> Iterator[tuple[int, Any]]:
    """Replay a generic record action by action, yielding (deal number, state) after each action."""
    from cardroom.records.registry import record_state, replay_actions

    state: Any
    for state in replay_actions(record_state(data), data["actions"]):
        yield len(state.results) + 1, state  # the deal in progress (its number once finished)


# ---------------------------------------------------------------------------------------- entry


def _read_text(p: Path) -> str:
    try:
        return p.read_text(encoding="utf-8")
    except OSError as e:
        raise RecordError(Reason("record.read", why=e.strerror), where=str(p)) from None
    except UnicodeDecodeError:
        raise RecordError(Reason("record.utf8"), where=str(p)) from None


def analyze_path(path: str | Path) -> list[dict[str, Any]]:
    """Analyse a record file or a file of deals in cardroom's notation (see the module docstring).
    A text that is itself a deal in the notation (``euchre: N=...``) is read as that deal."""
    text_arg = str(path)
    if ":" in text_arg and notation_game(text_arg.split(":", 1)[0]) is not None \
            and not Path(text_arg).exists():
        return [_analyse_spec(parse_notation(text_arg), 1)]
    p = Path(path)
    if p.suffix.lower() == ".pbn":
        return analyze_bridge_file(p)
    text = _read_text(p)
    if p.suffix.lower() == ".json" or text.lstrip().startswith("{"):
        try:
            data = json.loads(text)
        except json.JSONDecodeError as e:
            raise RecordError(Reason("analyze.not_json", p=p, e=e)) from None
        if not isinstance(data, dict):
            raise RecordError(Reason("analyze.json_object", p=p))
        game = data.get("game")
        if game in ("bridge", "bridge-deals"):
            return analyze_bridge_file(p)
        if data.get("format") != "cardroom-record":
            raise RecordError(Reason("analyze.not_record", p=p, format=data.get('format')))
        if game == "preferans":
            return [dict(_analyse_spec(s, n), deal=n) for n, s in _pref_specs_of_record(data)]
        if game == "euchre":
            return [dict(_analyse_spec(s, n), deal=n) for n, s in _euchre_specs_of_record(data)]
        if isinstance(game, str) and game in names() and load(game).family == "oldbridge":
            return _oldbridge_entries_of_record(data)
        raise RecordError(Reason("analyze.record_game", p=p, game=game))
    out: list[dict[str, Any]] = []
    n = 0
    for lineno, line in enumerate(text.splitlines(), 1):
        s = line.strip()
        if not s or s.startswith("#"):
            continue
        n += 1
        try:
            spec = parse_notation(s)
        except ParseError as e:
            raise ParseError(Reason("analyze.line", p=p, lineno=lineno, e=e)) from None
        out.append(_analyse_spec(spec, n))
    if not out:
        raise RecordError(Reason("analyze.no_deal", p=p))
    return out


def _analyse_spec(spec: BridgeDealSpec | PrefDealSpec | EuchreDealSpec, n: int) -> dict[str, Any]:
    try:
        if isinstance(spec, BridgeDealSpec):
            res = _bridge_entry(str(n), spec.hands, spec.dealer, spec.vulnerable, spec.contract)
        elif isinstance(spec, PrefDealSpec):
            res = _pref_analysis(spec)
        else:
            res = _euchre_analysis(spec)
    except CardroomError as e:
        if isinstance(e, RecordError) or "not available" in str(e) or "not wired" in str(e):
            raise
        raise RecordError(_why(e), where=f"deal {n}") from None
    return dict({"deal": n}, **res)


# ------------------------------------------------------------------------------------------ text


def _seat(letter: str, lang: str) -> str:
    return SEAT_NAMES.get(lang, SEAT_NAMES["en"]).get(letter, letter)


def _vul_text(v: str, lang: str) -> str:
    if v == "None":
        return t("none", lang)
    if v == "All":
        return t("both", lang)
    return v if lang == "en" else {"NS": "СЮ", "EW": "ВЗ"}.get(v, v)


def _leads_text(leads: dict[str, Any], lang: str = "en") -> str:
    def value(v: Any) -> str:
        if isinstance(v, dict):  # raspasy: each player's tricks
            return "(" + ", ".join(f"{t('pref.player', lang, s=s)} {n}" for s, n in v.items()) + ")"
        return str(v)

    return ", ".join(f"{c} {value(v)}" for c, v in leads.items())


def _pref_contract_text(text: str, lang: str) -> str:
    from cardroom.games.preferans.calls import PrefCall

    try:
        call = PrefCall.parse(text)
    except ParseError:
        return text
    if call.is_misere:
        return t("analyze.misere_wt" if call.without_talon else "analyze.misere", lang)
    suit = call.trump
    return f"{call.level}{t('analyze.strain.NT', lang) if suit is None else Suit(suit).symbol}"


def _format_bridge(b: dict[str, Any], lang: str) -> list[str]:
    lines = [t("analyze.board", lang, board=b["board"], dealer=_seat(b["dealer"], lang),
               vul=_vul_text(b["vulnerable"], lang))]
    lines.append("     " + " ".join(f"{t('analyze.strain.' + s, lang):>3}" for s in BRIDGE_STRAINS))
    for seat in ("N", "S", "E", "W"):
        lines.append(f"  {seat}  " + " ".join(f"{b['tricks'][seat][s]:>3}" for s in BRIDGE_STRAINS))
    par = b["par"]
    if par is not None:
        contracts = ", ".join(par.get("contracts", [])) or t("analyze.passed_out", lang)
        lines.append("  " + t("analyze.par", lang, score=f"{par.get('score', 0):+d}", contracts=contracts))
    if b.get("contract") is None:
        lines.append("  " + t("analyze.no_contract", lang))
    else:
        lines.append("  " + t("analyze.contract_dd", lang, contract=b["contract"], n=b["declarer_tricks"]))
        lines.append("  " + t("analyze.leads", lang, leads=_leads_text(b["leads"])))
    return lines


def _deal_head(d: dict[str, Any], head: str, seat: Callable[[str], str]) -> list[str]:
    """A deal's first lines: ``head`` (its number) and the hands known, each named by ``seat``."""
    return [head] + [f"  {seat(s)}: {h}" for s, h in d["hands"].items() if h]


def _format_pref(d: dict[str, Any], lang: str) -> list[str]:
    lines = _deal_head(d, t("pos.deal_n", lang, n=d["deal"]), lambda s: t("pref.player", lang, s=s))
    if d.get("talon"):
        lines.append(f"  {t('pref.talon', lang)}: {d['talon']}")
    if d["kind"] == "raspasy":
        lines.append("  " + t("analyze.raspasy", lang, leader=d["leader"]))
        res = ", ".join(f"{t('pref.player', lang, s=s)} {v}" for s, v in d["raspasy"].items())
        lines.append("  " + t("analyze.raspasy_result", lang, result=res))
    else:
        lines.append("  " + t("analyze.pref_contract", lang, contract=_pref_contract_text(d["contract"], lang),
                              p=d["declarer"],
                              leader=d["leader"], n=d["declarer_tricks"]))
        table = d.get("contracts", {})
        if table:
            cells = ", ".join(f"{t('analyze.strain.' + k, lang)} {v}" for k, v in table.items() if k != "misere")
            lines.append("  " + t("analyze.pref_table", lang, cells=cells))
            if "misere" in table:
                lines.append("  " + t("analyze.pref_misere", lang, n=table["misere"]))
    if d.get("leads"):
        key = "analyze.leads_raspasy" if d["kind"] == "raspasy" else "analyze.leads_of"
        lines.append("  " + t(key, lang, leads=_leads_text(d["leads"], lang)))
    return lines


def _format_euchre(d: dict[str, Any], lang: str) -> list[str]:
    lines = _deal_head(d, t("pos.hand_n", lang, n=d["deal"]), lambda s: _seat(s, lang))
    lone = "" if d["lone"] is None else t("analyze.euchre_lone", lang, seat=_seat(d["lone"], lang))
    lines.append("  " + t("analyze.euchre_makers", lang, trump=d["trump"], makers=d["makers"], lone=lone,
                          leader=_seat(d["leader"], lang), n=d["makers_tricks"]))
    table = d.get("trumps", {})
    if table:
        cells = ", ".join(f"{k} {v}" for k, v in table.items())
        lines.append("  " + t("analyze.euchre_table", lang, cells=cells))
    if d.get("alone"):
        cells = ", ".join(f"{_seat(k, lang)} {v}" for k, v in d["alone"].items())
        lines.append("  " + t("analyze.euchre_alone", lang, cells=cells))
    if d.get("leads"):
        lines.append("  " + t("analyze.leads_of", lang, leads=_leads_text(d["leads"], lang)))
    return lines


def format_analysis(deals: list[dict[str, Any]], lang: str = "en") -> str:
    """The analysis as text for people, one block per deal."""
    if not deals:
        return t("analyze.nothing", lang) + "\n"
    lines: list[str] = []
    for d in deals:
        game = d.get("game", "bridge")
        if game == "bridge":
            lines.extend(_format_bridge(d, lang))
        elif game == "preferans":
            lines.extend(_format_pref(d, lang))
        else:
            lines.extend(_format_euchre(d, lang))
        lines.append("")
    return "\n".join(lines).rstrip() + "\n"
