"""Laws mode at the terminal (issue 14 point 6), in English and in Russian: a trick's winner is announced
once the trick stands (not before a revoke on its last card is ruled on, and once only), and an
irregularity and a ruling are said in words — who did what, the kind of irregularity, what each choice
does — from the catalogue, never the engine's words."""

from __future__ import annotations

import io
import re
from dataclasses import dataclass, field
from typing import Any

import pytest

from cardroom.core.cards import Card, cards_of_mask
from cardroom.core.game import Game
from cardroom.games import load
from cardroom.i18n import shown_cards, t
from cardroom.ui.render import renderer_for
from cardroom.ui.render.base import Renderer
from cardroom.ui.terminal import play

LANGS = ("en", "ru")
LAWS_GAMES = ("bridge", "auction-bridge", "straight-bridge", "euchre", "preferans")
SHORT = {"preferans": {"pulya_length": 2}}
PLAYERS = {"preferans": 3}
"""The cards of a full trick (the others: four)."""


def laws_game(name: str) -> Game:
    return load(name, laws=True, **SHORT.get(name, {}))


@dataclass
class Revoker:
    """A scripted user in laws mode who revokes at the first chance to play the last card of a trick
    (``!CARD``: a card he holds that the rules refuse, the trick begun), answers a ruling by its first
    option and otherwise plays the first legal action; ``quit`` after ``answers`` answers."""

    state: Any
    r: Renderer
    lang: str
    players: int
    answers: int = 160
    out: io.StringIO = field(default_factory=io.StringIO)
    revoked: str = ""
    sent: int = 0
    revoke: bool = True
    menus: int = 0
    listed: list[Any] = field(default_factory=list)

    def calls(self) -> list[Any]:
        """The calls of the game that the user's prompts have listed (how the game writes its calls)."""
        return self.listed

    def __call__(self, prompt: str) -> str:
        self.out.write(prompt + "\n")
        self.sent += 1
        if prompt == t("quit_confirm", self.lang):
            return "y" if self.lang == "en" else "да"
        if self.sent > self.answers:
            return "quit" if self.lang == "en" else "выход"
        view = self.r.deal_view(self.state, int(self.state.to_act))
        if self.r.ruling(view) is not None:
            self.menus += 1
            return "1"
        legal = list(view.legal)
        self.listed.extend(a for a in legal if not isinstance(a, Card) and a not in self.listed)
        hand, trick = getattr(view, "hand", None), getattr(view, "trick", None)
        if self.revoke and not self.revoked and isinstance(hand, int) and trick and len(trick) == self.players - 1 \
                and isinstance(legal[0], Card) and getattr(view, "hand_to_play", view.seat) == view.seat:
            others = [c for c in cards_of_mask(hand) if c not in legal]
            if others:
                self.revoked = str(others[0])
                return "!" + self.revoked
        a = legal[0]
        return str(a) if isinstance(a, Card) else self.r.typed(a, self.lang)


def revoke_session(name: str, lang: str, seed: int, revoke: bool = True, rate: float = 0.0) -> tuple[str, Revoker]:
    """A terminal session of ``name`` in laws mode with a :class:`Revoker` at the user's seat (who does
    not revoke unless ``revoke``); the computer players act irregularly with probability ``rate``."""
    g = laws_game(name)
    state = g.new_initial_state()
    g.new_initial_state = lambda: state  # type: ignore[method-assign]  # the session plays this state
    user = Revoker(state, renderer_for(g), lang, PLAYERS.get(name, 4), revoke=revoke)
    play(g, seed=seed, lang=lang, ask=user, out=user.out, bots="rule", irregularities=rate)
    return user.out.getvalue(), user


def won_numbers(text: str, lang: str) -> list[int]:
    """The trick numbers of the "trick won" lines, in their order."""
    head, tail = t("trick_won", lang, n="\x00", seat="\x01").split("\x00")
    won = re.compile(re.escape(head) + r"(\d+)" + re.escape(tail.split("\x01")[0]))
    out: list[int] = []
    for ln in text.splitlines():
        m = won.match(ln)
        if m:
            out.append(int(m.group(1)))
    return out


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", LAWS_GAMES)
def test_a_trick_is_announced_once_it_stands(game: str, lang: str) -> None:
    """The user revokes with the last card of a trick: the trick's winner is said once, after the
    revoke is dealt with (a correction takes the card back: the trick is said when it is complete again,
    with its real winner); the tricks of a deal are said in their order, each once."""
    for seed in (3, 5, 8):
        text, user = revoke_session(game, lang, seed)
        if user.revoked:
            break
    assert user.revoked, "no revoke was possible"
    lines = text.splitlines()
    card = shown_cards(Card.parse(user.revoked).pretty, lang)  # as the screen writes it (♣Д on a Russian one)
    head = t("laws.irregularity", lang, who="\x00", what="").split("\x00")[0]
    irr = [i for i, ln in enumerate(lines) if ln.startswith(head) and (card in ln or user.revoked in ln)]
    assert irr, f"the revoke of {card} is not announced"
    numbers = won_numbers(text, lang)
    assert numbers
    for prev, n in zip([0, *numbers], numbers, strict=False):
        assert n in (prev + 1, 1), f"trick {n} said after trick {prev}: {numbers}"
    # no trick is said between the revoke and the choice made under its ruling (if a ruling was due)
    chosen = re.compile(re.escape(t("laws.chosen", lang, seat="\x00", option="\x01", law="\x02")
                                  .split("\x00")[1].split("\x01")[0]))
    after = lines[irr[0] + 1:]
    ruled = next((i for i, ln in enumerate(after) if chosen.search(ln)), None)
    first_won = next((i for i, ln in enumerate(after) if won_numbers(ln, lang)), None)
    if ruled is not None and first_won is not None and ruled < 3:
        assert first_won > ruled


def test_the_revoke_on_a_tricks_last_card_is_ruled_before_the_trick_is_said() -> None:
    """Euchre, seed 3: South revokes with the trick's last card; West has it corrected (L62): the trick
    is said once, after South plays again, won by North."""
    text, user = revoke_session("euchre", "en", 3)
    lines = text.splitlines()
    i = lines.index(f"Irregularity: South played {Card.parse(user.revoked).pretty} — a revoke")
    assert lines[i + 1].startswith("West chooses") and lines[i + 1].endswith("(L62)")
    deal = lines[i + 2:next(j for j in range(i, len(lines)) if lines[j].startswith("Trick 2 won by"))]
    assert [ln for ln in deal if ln.startswith("Trick 1 won by")] == ["Trick 1 won by North"]


_NEUTRAL = re.compile(r"[♠♥♦♣](?:10|[2-9AKQJT-])*|\b(?:10|[2-9AKQJT])[SHDC♠♥♦♣]\b|\b[NESW]\b"
                      r"|\b[LPDB]-?\d+[a-z]?\b|\b[AN]-REV(?:-D)?\b|\b[1-7]?(?:NT|NS|EW|XX|X)\b")
"""Language-neutral in a ruling's lines: cards, seat letters, law numbers (L27, P5, B-9, A-REV), NT and the
sides."""
TEMPLATES = {"call": "call-JH"}
"""A table's option offered per card in play (euchre L46: ``call-JH`` for each exposed card)."""


def foreign_words(line: str, lang: str) -> list[str]:
    if lang == "en":
        return re.findall(r"[А-Яа-яЁё]+", line)
    return re.findall(r"[A-Za-z]{2,}", _NEUTRAL.sub(" ", line))


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", LAWS_GAMES)
def test_every_ruling_option_says_what_it_does_in_both_languages(game: str, lang: str) -> None:
    """Each option of each law of the game's tables has the catalogue's text of what it does (never the
    engine's English ``effect``), in the language asked, with no word of the other."""
    from cardroom.games.bridge.laws.table import TABLE as BRIDGE
    from cardroom.games.euchre.laws.table import TABLE as EUCHRE
    from cardroom.games.oldbridge.laws import AUCTION_TABLE, STRAIGHT_TABLE
    from cardroom.games.preferans.laws import TABLE as PREFERANS

    tables = {"bridge": [BRIDGE], "euchre": [EUCHRE], "preferans": [PREFERANS],
              "auction-bridge": [AUCTION_TABLE], "straight-bridge": [STRAIGHT_TABLE]}[game]
    r = renderer_for(laws_game(game))
    for table in tables:
        for law in table:
            for o in law.options:
                text = r.option_text(TEMPLATES.get(o.name, o.name), lang, "\x00", law.number)
                assert text != "\x00", f"{law.number} {o.name}: no text in the catalogue"
                assert not foreign_words(text, lang), (law.number, o.name, text)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", LAWS_GAMES)
def test_irregularities_and_rulings_are_said_in_words(game: str, lang: str) -> None:
    """A session with the computer players' irregularities: every irregularity is said as who did what
    and its kind in the catalogue's words (not "an irregularity", not the engine's word or detail), each
    ruling's choice by what it does, and every menu due to the user lists the options by what they do;
    no word of the other language in any of these lines."""
    text, user = revoke_session(game, lang, 4, revoke=False, rate=0.3)
    r = user.r
    lines = text.splitlines()
    head = t("laws.irregularity", lang, who="\x00", what="").split("\x00")[0]
    said = [ln for ln in lines if ln.startswith(head)]
    assert said, "no irregularity in the session"
    other = t("laws.kind.other", lang)
    calls = {r.pretty(c, lang) for c in user.calls()} - {""}
    for ln in said:
        assert not ln.endswith("— " + other), ln
        # the calls as the game writes them are tested by test_terminal_sessions (issue 14 point 5)
        assert not foreign_words(" ".join(w for w in ln.split() if w not in calls), lang), ln
    chosen = t("laws.chosen", lang, seat="\x00", option="\x01", law="\x02").split("\x00")[1].split("\x01")[0]
    for ln in lines:
        if chosen in ln and "«" not in ln:  # a choice made (the law's line names the law's title)
            assert not foreign_words(ln, lang), ln
    option = re.compile(r"^  \d+\. ")
    menus = [i for i, ln in enumerate(lines) if option.match(ln) and not option.match(lines[i - 1])]
    assert len(menus) >= min(user.menus, 1)  # a ruling due to the user is a menu
    for i in menus:
        assert lines[i - 2].startswith(head), lines[i - 2:i + 1]  # what happened, then the law, then the choices
        j = i
        while j < len(lines) and option.match(lines[j]):
            assert not foreign_words(lines[j], lang) and len(lines[j].split()) > 2, lines[j]
            j += 1


@dataclass
class FirstCall:
    """A scripted user who types ``text`` at his first call, then plays the first legal action; ``quit``
    after a few more answers."""

    state: Any
    r: Renderer
    lang: str
    text: str
    out: io.StringIO = field(default_factory=io.StringIO)
    prompts: list[str] = field(default_factory=list)

    def __call__(self, prompt: str) -> str:
        self.out.write(prompt + "\n")
        self.prompts.append(prompt)
        if prompt == t("quit_confirm", self.lang):
            return "y" if self.lang == "en" else "да"
        if len(self.prompts) > 4:
            return "quit" if self.lang == "en" else "выход"
        if len(self.prompts) == 1:
            return self.text
        view = self.r.deal_view(self.state, int(self.state.to_act))
        a = view.legal[0]
        return str(a) if isinstance(a, Card) else self.r.typed(a, self.lang)


@pytest.mark.parametrize("lang", LANGS)
def test_an_irregular_call_in_auction_bridge_is_read_as_a_call(lang: str) -> None:
    """``!4d`` at the user's call in auction bridge is the call 4♦ out of turn or insufficient, read as
    contract bridge reads it (it was "'4d' is not a seat", then "playing 4D now is no revoke"); document
    000 gives auction bridge no law for it: refused with that reason in the user's language, the state
    unchanged (he is asked for his call again)."""
    from cardroom.games.oldbridge.calls import OldCall
    from cardroom.i18n import Reason

    g = laws_game("auction-bridge")
    state = g.new_initial_state()
    g.new_initial_state = lambda: state  # type: ignore[method-assign]  # the session plays this state
    r = renderer_for(g)
    user = FirstCall(state, r, lang, "!4d")
    play(g, seed=3, lang=lang, ask=user, out=user.out, bots="rule")
    lines = user.out.getvalue().splitlines()
    why = Reason("oldbridge.auction_call_no_law", who=f"S ({'Y'})", call=OldCall.parse("4D"), letter="S").text(lang)
    i = lines.index(user.prompts[0])
    assert lines[i + 1] == t("laws.refused", lang, why=why)
    assert user.prompts[1] == user.prompts[0]  # asked for his call again
    assert not foreign_words(lines[i + 1].replace("'!S CARD'", ""), lang)


@dataclass
class Conceder:
    """A scripted user who concedes at the first chance (``concessions(state, view, lang)``: the text he
    types, in his language), bids ``bid(state, legal)`` when it gives one (to declare), and otherwise plays
    the first legal action."""

    state: Any
    r: Renderer
    lang: str
    concessions: Any
    bid: Any
    out: io.StringIO = field(default_factory=io.StringIO)
    conceded: str = ""

    def __call__(self, prompt: str) -> str:
        self.out.write(prompt + "\n")
        if prompt == t("quit_confirm", self.lang):
            return "y" if self.lang == "en" else "да"
        if self.conceded or len(self.out.getvalue()) > 300_000:
            return "quit" if self.lang == "en" else "выход"
        view = self.r.deal_view(self.state, int(self.state.to_act))
        if self.r.ruling(view) is not None:
            return "1"
        legal = list(view.legal)
        text = self.concessions(self.state, view, self.lang)
        if text:
            self.conceded = text
            return str(text)
        a = self.bid(self.state, legal) or legal[0]
        return str(a) if isinstance(a, Card) else self.r.typed(a, self.lang)


def _preferans_concession(state: Any, view: Any, lang: str) -> str:
    from cardroom.games.preferans.calls import PrefCall, conceded_of

    con = [a for a in view.legal if isinstance(a, PrefCall) and conceded_of(a) > 0]
    return str(renderer_for(state.game).typed(con[0], lang)) if con else ""


def _preferans_bid(state: Any, legal: list[Any]) -> Any:
    from cardroom.games.preferans.calls import PASS, PrefCall

    bids = [a for a in legal if isinstance(a, PrefCall) and a != PASS and "mis" not in str(a).lower()]
    return bids[0] if bids and state.deal.phase == 1 else None


def _bridge_concession(state: Any, view: Any, lang: str) -> str:
    d = state.deal
    if view.phase == "play" and d.declarer is not None and int(d.declarer) == int(view.seat):
        return f"{'concede' if lang == 'en' else 'уступка'} {13 - len(d.tricks)}"
    return ""


def _bridge_bid(state: Any, legal: list[Any]) -> Any:
    return next((a for a in legal if str(a) == "7NT"), None)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", ["preferans", "bridge"])
def test_the_sheet_is_shown_after_a_concession(game: str, lang: str) -> None:
    """The user declares and concedes (preferans: «без одной» before the lead; contract bridge in laws
    mode: ``concede N`` as declarer, accepted): the deal's result is said, then its sheet (preferans
    showed no pulka after a concession)."""
    g = load(game, **SHORT.get(game, {}), **({"laws": True} if game == "bridge" else {}))
    state = g.new_initial_state()
    g.new_initial_state = lambda: state  # type: ignore[method-assign]  # the session plays this state
    r = renderer_for(g)
    concessions, bid = {"preferans": (_preferans_concession, _preferans_bid),
                        "bridge": (_bridge_concession, _bridge_bid)}[game]
    user = Conceder(state, r, lang, concessions, bid)
    play(g, seed=3, lang=lang, ask=user, out=user.out, bots="rule")
    assert user.conceded, "no concession was possible"
    lines = user.out.getvalue().splitlines()
    head = t("deal", lang, n=len(state.results)) + ": "  # the conceded deal, the last one
    i = max(j for j, ln in enumerate(lines) if ln.startswith(head))
    sheet = r.sheet_text(state, lang).splitlines()
    assert lines[i + 1:i + 1 + len(sheet)] == sheet
