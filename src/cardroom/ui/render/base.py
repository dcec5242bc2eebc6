"""What a terminal renderer says about a game: how its hands, trick, auction and sheet are drawn, how
the user's text is read, and the few rules of the terminal match that differ between games.

:class:`Renderer` holds the behaviour every game shares (the ruling menu, the notes of laws mode, the
trick-won line, reading ``!`` input); each game's module (``bridge.py``, ``preferans.py``, ``euchre.py``,
``oldbridge.py``) overrides only what its game draws or reads differently."""

from __future__ import annotations

import os
import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from cardroom.core.cards import SUIT_ALONE_RU, Card, CardSet, cards_of_mask
from cardroom.core.errors import CardroomError, IllegalAction, ParseError
from cardroom.core.game import Game
from cardroom.core.laws import Irregular, Irregularity, LawsDirector, RulingChoice
from cardroom.core.match import Match
from cardroom.core.table import Seat
from cardroom.i18n import SEAT_LETTERS, SEAT_NAMES, STRINGS, t
from cardroom.i18n.catalogue import ENGINE_WORDS, law_number, law_title, localized


class Renderer:
    """The terminal's knowledge of one game. ``prefix`` is the game's key prefix in the catalogue
    (``"euchre."``): a key found there overrides the common one. ``user_seat`` is where the user sits."""

    prefix = ""
    user_seat = int(Seat.SOUTH)
    laws_actions: tuple[type, ...] = (Irregular, RulingChoice)
    face_format, face_joiner = "{letter} {suits}", " "
    """How the cards face up by the laws are written (:meth:`face_up_text`), and between seats."""
    sheet_after_deal = False
    """Whether a person at the table is shown the sheet after each deal."""

    def __init__(self, game: Game, seed: int | None = None) -> None:
        self.game = game
        self.seed = seed  # the session's seed (a renderer whose bots need one for rulings reads it)

    # ------------------------------------------------------------------ the catalogue
    def tr(self, key: str, lang: str, **kw: object) -> str:
        """The game's text for ``key`` if it has one, else the common one."""
        own = self.prefix + key
        return t(own if own in STRINGS else key, lang, **kw)

    def seat_name(self, seat: int, lang: str) -> str:
        return SEAT_NAMES[lang][Seat(seat).letter]
    # ------------------------------------------------------------------ the match
    def seats(self) -> range:
        return range(4)

    def laws_mode(self, game: Game) -> bool:
        """Whether ``game`` is in laws mode."""
        return bool(dict(game.options()).get("laws"))

    def with_laws(self, game: Game) -> Game:
        """The same game with laws mode on."""
        from cardroom.games import load

        return load(game.name, **{**dict(game.options()), "laws": True})

    def banner(self, lang: str) -> list[str]:
        """What the terminal prints before the match (laws mode's summary of the ``!`` input)."""
        return [self.tr("laws.on", lang)] if self.laws_mode(self.game) else []

    def deal(self, state: Any) -> Any:
        """The deal in progress (None between deals)."""
        return state.deal

    def deal_view(self, state: Any, seat: int) -> Any:
        """The deal's view of ``seat``: what the user reads and answers."""
        return state.deal.view(seat)

    def bot_view(self, state: Any, seat: int) -> Any:
        """What a computer player is given to choose from."""
        return self.deal_view(state, seat)

    def bot_ruling(self, state: Any, seat: int, agent: Any) -> Any:
        """A computer player's choice under a pending ruling."""
        return agent.choose(self.bot_view(state, seat))

    def irregular_rng(self, seed: int | None, rng: random.Random) -> random.Random:
        """The random source of the computer players' irregularities."""
        return random.Random(f"{seed}/irregular")

    def bot_irregular(self, state: Any, seat: int, rng: random.Random, rate: float, user: int | None) -> Any:
        """Laws mode with ``--irregularities``: perhaps (with probability ``rate``) a computer player — not
        the ``user``'s seat — acts irregularly; the action, applied, or None."""
        return None

    def results(self, state: Any) -> Sequence[Any]:
        results: Sequence[Any] = state.results
        return results

    def record_text(self, state: Match[Any, Any, Any, Any], path: str) -> str:
        """The record to save under ``path`` (the generic JSON record; bridge writes PBN too)."""
        from cardroom.records.registry import write_record

        return write_record(state)

    def writes_pbn(self) -> bool:
        return False

    # ------------------------------------------------------------------ drawing
    def render(self, view: Any, state: Any, lang: str) -> str:
        """What the user sees before he acts: the game's picture of the deal, then in laws mode the
        cards face up and the penalties in force."""
        laws = self.laws_lines(view, lang) if self.laws_on(view) else []
        return "\n".join([*self.picture(view, state, lang), *laws])

    def picture(self, view: Any, state: Any, lang: str) -> list[str]:
        """The deal as the user's seat sees it: the bidding, the trick, his hand."""
        raise NotImplementedError

    def face_up_text(self, seat: int, mask: int, lang: str) -> str:
        """The cards of ``seat`` face up by the laws (shown, exposed, penalty cards), as ``face_format``
        writes them: ``seat`` its number, ``letter``, ``name``; ``suits`` the cards by suit, ``cards`` one by one."""
        return self.face_format.format(seat=seat, letter=SEAT_LETTERS[lang][Seat(seat).letter],
                                       name=self.seat_name(seat, lang),
                                       suits=CardSet(mask).by_suit_text(),
                                       cards=" ".join(c.pretty for c in cards_of_mask(mask)))

    def laws_lines(self, view: Any, lang: str) -> list[str]:
        """Laws mode: the cards face up and the penalties in force."""
        lines = []
        face = self.face_joiner.join(self.face_up_text(i, m, lang) for i, m in enumerate(view.face_up) if m)
        if face:
            lines.append(t("laws.face_up", lang, cards=face))
        if getattr(view, "restrictions", None):
            lines.append(t("laws.in_force", lang, r="; ".join(str(localized(r, lang)) for r in view.restrictions)))
        return lines

    def sheet_text(self, state: Any, lang: str) -> str:
        return str(state.render_sheet(lang))

    def prompt(self, view: Any, lang: str) -> str:
        raise NotImplementedError

    def pretty(self, action: Any, lang: str) -> str:
        """An action as the terminal announces it."""
        return str(action.pretty) if isinstance(action, Card) or hasattr(action, "pretty") else str(action)

    def typed(self, action: Any, lang: str) -> str:
        """An action as the list of what is allowed shows it (a text the user may type)."""
        return self.pretty(action, lang)

    def legal_joiner(self) -> str:
        return " "

    def refused_as(self, text: str, action: Any, lang: str) -> str:
        """How an action the rules refuse is named in the answer."""
        return self.pretty(action, lang)

    def chance_note(self, action: Any, lang: str) -> str | None:
        """What the terminal says of a chance action (the draw or the cut for the deal)."""
        return None

    def notes(self, state: Any, seat: int, view: Any, action: Any, by_user: bool, lang: str) -> list[str]:
        """The announcement of a regular action of ``seat`` (``view``: the seat's view before it)."""
        hand = getattr(view, "hand_to_play", None)
        who = self.seat_name(hand if hand is not None else seat, lang)
        if isinstance(action, Card):
            return [t("played", lang, seat=who, card=action.pretty)]
        return [t("called", lang, seat=who, call=self.pretty(action, lang))]

    def play_announcement(self, deal: Any, lang: str) -> list[str]:
        """What is said once the first card of a deal is due (who declares, who is dummy, who leads);
        nothing by default."""
        return []

    def concession(self, action: Any) -> bool:
        """Whether ``action`` concedes tricks (the sheet is shown after the deal it ends, in every game)."""
        return False

    def forced(self, view: Any) -> Any:
        """The user's last card when it is all he may play (played for him), else None."""
        legal = list(getattr(view, "legal", ()))
        if len(legal) != 1 or not isinstance(legal[0], Card):
            return None
        hand = getattr(view, "hand", None)
        to_play = getattr(view, "hand_to_play", None)
        if to_play is not None and to_play == getattr(view, "dummy", None) and getattr(view, "dummy_hand", None):
            hand = view.dummy_hand
        return legal[0] if isinstance(hand, int) and hand.bit_count() == 1 else None

    def tricks(self, deal: Any) -> int:
        return len(deal.tricks) if deal is not None else 0

    def trick_winner(self, deal: Any) -> int:
        return int(deal.tricks[-1].winner)

    def director(self, deal: Any) -> LawsDirector | None:
        """The laws state of ``deal`` (None in casual play or between deals)."""
        laws = getattr(deal, "laws", None)
        return laws if isinstance(laws, LawsDirector) else None

    def trick_stands(self, deal: Any) -> bool:
        """Whether the tricks of ``deal`` stand as they are: no ruling is pending (one may yet take the
        last card back, a revoke corrected, and with it the trick)."""
        d = self.director(deal)
        return d is None or d.pending is None

    def result_lines(self, state: Any, lang: str) -> list[str]:
        """What is said when a deal ends."""
        raise NotImplementedError

    def final_lines(self, state: Any, lang: str) -> list[str]:
        """The sheet at the end of the match and its outcome."""
        raise NotImplementedError

    # ------------------------------------------------------------------ reading
    def parse(self, text: str, view: Any, state: Any) -> Any:
        """The regular action a text means now (ParseError if none)."""
        raise NotImplementedError

    def why_not(self, action: Any, view: Any, state: Any, lang: str) -> str:
        """Why the rules refuse ``action``: the engine's reason, tried on a copy of the state."""
        return self.refusal(action, state, lang) or t("not_allowed", lang)

    def refusal(self, action: Any, state: Any, lang: str = "en") -> str | None:
        """The engine's reason for refusing ``action`` (tried on a copy), in ``lang``, or None when it is
        accepted."""
        if state is None:
            return None
        trial = state.clone()
        try:
            trial.apply(action)
        except CardroomError as e:
            return e.text(lang)
        except ValueError as e:
            return str(e)
        return None

    def laws_on(self, view: Any) -> bool:
        return bool(getattr(view, "laws", None))

    def laws_input(self, text: str, view: Any) -> Any:
        """Laws mode: the user's irregular action (``!…``), or None for ordinary input; ParseError if
        it cannot be read."""
        if not text.startswith("!"):
            return None
        return self.irregular(text[1:].strip(), view)

    def irregular(self, body: str, view: Any) -> Any:
        """The user's irregular action ``body`` (after the ``!``, :func:`engine_text`)."""
        return Irregular(int(view.seat), engine_text(body))

    # ------------------------------------------------------------------ rulings
    def ruling(self, view: Any) -> dict[str, Any] | None:
        """The pending ruling of ``view``, if a choice is due under it."""
        r = getattr(view, "ruling", None)
        return r if r and any(isinstance(a, RulingChoice) for a in view.legal) else None

    def ruling_choices(self, view: Any) -> list[Any]:
        return [a for a in view.legal if isinstance(a, RulingChoice)]

    def ruling_lines(self, view: Any, lang: str) -> list[str]:
        """The pending ruling: the irregularity, the law and who chooses, the options numbered."""
        r = self.ruling(view) or {}
        lines = []
        irr = r.get("irregularity") or {}
        if irr:
            lines.append(self.irregularity_line(irr, lang))
        law = str(r.get("law", ""))
        title_key = f"{self.prefix}laws.title.{law}"
        title = law_title(self.game.name, law, lang) or (t(title_key, lang) if title_key in STRINGS else
                                                         r.get("title", ""))
        lines.append(self.tr("laws.ruling", lang, law=self.law_name(law, lang), title=title,
                             seat=self.seat_name(int(r.get("chooser", 0)), lang)))
        for i, o in enumerate(r.get("options", []), 1):
            lines.append(t("laws.option", lang, i=i, name=o["name"],
                           effect=self.option_text(o["name"], lang, str(o.get("effect", o["name"])), law)))
        return lines

    def law_name(self, law: str, lang: str) -> str:
        """A law as a person reads it (``закон 59``, ``правило 2``), not its id: the catalogue's number of the
        game's law or its family's (:func:`~cardroom.i18n.catalogue.law_number`: ``Закон 24``, ``Закон 9
        простого бриджа``)."""
        return law_number(self.game.name, law, lang, self.game.family)

    def option_text(self, name: str, lang: str, effect: str, law: str = "") -> str:
        """What a ruling option does, in the user's language: the catalogue's text for the option under
        ``law`` if it has one, else for the option (the engine's ``effect`` when the catalogue has none)."""
        for key in (f"{self.prefix}laws.opt.{law}.{name}", f"{self.prefix}laws.opt.{name}"):
            if key in STRINGS:
                return t(key, lang)
        return effect

    def kind_text(self, kind: str, lang: str) -> str:
        """An irregularity's kind in words (the game's text, else the common one, else "an irregularity":
        never the engine's word)."""
        for key in (f"{self.prefix}laws.kind.{kind}", f"laws.kind.{kind}"):
            if key in STRINGS:
                return t(key, lang)
        return t("laws.kind.other", lang)

    def irregularity_line(self, irr: Mapping[str, Any], lang: str) -> str:
        """What happened, said once it is classified: who offended, what he did (the card played, the
        call made) and the kind of irregularity (``irr``: :meth:`Irregularity.to_dict`)."""
        who = self.seat_name(int(irr.get("offender", 0)), lang)
        what = self.kind_text(str(irr.get("kind", "")), lang)
        act = self.act_text(str(irr.get("action", "")), lang)
        if act is None:
            return t("laws.irregularity", lang, who=who, what=what)
        return t("laws.irregular_act", lang, who=who, act=act, what=what)

    def act_text(self, action: str, lang: str) -> str | None:
        """The card or call of an irregular action's text (``"!W 8D"``: "played ♦8"), or None for an
        event that is not one (an exposed card, a remark: the kind says it)."""
        body = action.strip().lstrip("!").split(None, 1)
        if len(body) < 2:
            return None
        text = body[1].strip()
        try:
            return t("laws.act.card", lang, card=Card.parse(text).pretty)
        except (CardroomError, ValueError):
            pass
        call = self.call_of(text)
        return None if call is None else t("laws.act.call", lang, call=self.pretty(call, lang))

    call_type: ClassVar[Any] = None
    """The game's call class (its ``parse``), by which :meth:`call_of` reads an irregular action's call."""

    def call_of(self, text: str) -> Any:
        """The game's call written ``text`` (an irregular action's), or None."""
        if self.call_type is None:
            return None
        try:
            return self.call_type.parse(text)
        except ParseError:
            return None

    def laws_note(self, state: Any, seat: int, action: Any, lang: str, deal: Any = None, since: int = 0) -> str:
        """How the terminal announces an action of laws mode once applied (``deal``: the deal it was
        applied to, whose irregularities before it were ``since``)."""
        if isinstance(action, RulingChoice):
            return self.tr("laws.chosen", lang, seat=self.seat_name(seat, lang),
                           option=self.option_text(action.option, lang, action.option, action.law),
                           law=self.law_name(action.law, lang))
        if isinstance(action, Irregular):
            irr = self.recorded(deal if deal is not None else self.deal(state), action, since)
            if irr is not None:
                return self.irregularity_line(irr.to_dict(), lang)
            return self.regular_note(action, lang)
        return t("laws.claimed", lang, seat=self.seat_name(seat, lang), claim=action.to_text())

    def irregularities(self, deal: Any) -> int:
        """How many irregularities ``deal`` has recorded."""
        d = self.director(deal)
        return 0 if d is None else len(d.irregularities)

    def recorded(self, deal: Any, action: Irregular, since: int) -> Irregularity | None:
        """The irregularity ``action`` was classified as, among those recorded after the first ``since``
        (the one recorded for its text, else the first), or None when it was none (a call or card in turn)."""
        d = self.director(deal)
        new = [] if d is None else d.irregularities[since:]
        text = action.to_text()
        return next((irr for irr in new if irr.action == text), new[0] if new else None)

    def regular_note(self, action: Irregular, lang: str) -> str:
        """An action given as irregular that the rules took as regular (a call or card in turn)."""
        who = self.seat_name(action.seat, lang)
        try:
            return t("played", lang, seat=who, card=Card.parse(action.text).pretty)
        except (CardroomError, ValueError):
            pass
        call = self.call_of(action.text)
        if call is not None:
            return t("called", lang, seat=who, call=self.pretty(call, lang))
        return t("laws.irregularity", lang, who=who, what=t("laws.kind.other", lang))


def engine_text(body: str) -> str:
    """An irregular action as the user typed it (after the ``!``), in the engines' words: a word of laws
    mode in Russian (``показать``) as the engines' English one (``show``), a card in the Latin notation
    (``Кч`` as ``KH``); the other words as they are."""
    out = []
    for word in body.split():
        try:
            out.append(str(Card.parse(word)))
            continue
        except ParseError:
            pass
        if len(word) == 1 and word.upper() in SUIT_ALONE_RU:  # a suit named alone (``!назвать ч``)
            out.append(SUIT_ALONE_RU[word.upper()].letter)
            continue
        out.append(ENGINE_WORDS.get(word.lower(), word))
    return " ".join(out)


def applied(state: Any, action: Any) -> Any:
    """``action`` applied to ``state``, or None (the state unchanged) when the rules refuse it."""
    try:
        state.apply(action)
    except IllegalAction:
        return None
    return action


def env_laws() -> bool:
    """Laws mode asked for by the environment (``CARDROOM_LAWS=1``)."""
    return os.environ.get("CARDROOM_LAWS", "") in ("1", "yes", "true")


def env_irregularities() -> float:
    """The probability of the computer players' irregularities from ``CARDROOM_IRREGULARITIES`` (0 unset)."""
    try:
        return float(os.environ.get("CARDROOM_IRREGULARITIES", "0") or 0)
    except ValueError:
        return 0.0

