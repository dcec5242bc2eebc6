"""Auction bridge (1913) and straight bridge at the terminal (document 000): the user at South. Laws
mode (straight bridge's laws B-1–B-16, auction bridge's revokes): ``!S make H``, ``!S XX``, ``!S 7D``,
``!S expose KH``."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from cardroom.core.cards import Card, Suit
from cardroom.core.deal import Draw
from cardroom.core.errors import ParseError, Reason
from cardroom.core.laws import Irregular, LawsDirector
from cardroom.core.table import Seat
from cardroom.games.oldbridge.calls import OldCall
from cardroom.games.oldbridge.rubber import cut_order
from cardroom.games.oldbridge.rules import document_letter
from cardroom.games.oldbridge.scoring import AuctionContract
from cardroom.i18n import STRINGS, t
from cardroom.ui.render.base import Renderer
from cardroom.ui.render.bridge import (
    contract_words,
    declaring_lines,
    entries_text,
    final_sheet_lines,
    law_input_words,
    play_lines,
    seat_letter,
    side_name,
)

_RU_DOCUMENT_LETTERS = {"A": "А", "B": "Б", "Y": "У", "Z": "З"}
"""Document 000's seat letters (A and B against Y and Z, the dealer Z) in a Russian screen's alphabet."""


class OldBridgeRenderer(Renderer):
    call_type: ClassVar[Any] = OldCall
    prefix = "ob."

    def banner(self, lang: str) -> list[str]:
        lines = [t("ob.title." + self.game.name, lang)]
        if self.laws_mode(self.game):
            own = f"ob.laws_on.{self.game.name}"
            lines.append(t(own if own in STRINGS else "ob.laws_on" if self.game.name == "straight-bridge"
                           else "ob.laws_on_auction", lang))
        return lines

    def deal_view(self, state: Any, seat: int) -> Any:
        return state.view(seat).deal

    def bot_view(self, state: Any, seat: int) -> Any:
        return state.view(seat)

    def bot_irregular(self, state: Any, seat: int, rng: random.Random, rate: float, user: int | None) -> Any:
        from cardroom.games.oldbridge.laws import random_irregular

        if seat == user or rng.random() >= rate:
            return None
        action = random_irregular(state, Seat(seat), rng, self.out_of_turn_seats(seat, user))
        if action is not None:
            state.apply(action)
        return action

    def out_of_turn_seats(self, seat: int, user: int | None) -> list[Seat]:
        """The computer players who may try a call out of turn when ``seat`` is to act (none: the old
        bridges' laws give the call out of turn no law; a variety's renderer names them where they do)."""
        return []

    def ruling(self, view: Any) -> dict[str, Any] | None:
        ruling: dict[str, Any] | None = view.laws.get("ruling") if view.laws is not None else None
        return ruling

    def director(self, deal: Any) -> LawsDirector | None:
        return getattr(deal, "director", None)

    def laws_on(self, view: Any) -> bool:
        return view.laws is not None

    def laws_lines(self, view: Any, lang: str) -> list[str]:
        laws, lines = view.laws or {}, []
        if laws.get("face_up"):
            lines.append(t("laws.face_up", lang, cards=" ".join(Card.parse(c).pretty for c in laws["face_up"])))
        if laws.get("restriction"):
            lines.append(t("laws.in_force", lang, r=laws["restriction"]))
        return lines

    # ------------------------------------------------------------------ drawing
    def pretty(self, action: Any, lang: str) -> str:
        if isinstance(action, OldCall):
            key = f"ob.call.{action}"
            return t(key, lang) if key in STRINGS else action.text(lang)
        return str(action.pretty) if isinstance(action, Card) else str(action)

    def typed(self, action: Any, lang: str) -> str:
        if isinstance(action, OldCall):
            return action.text(lang)
        return action.pretty if isinstance(action, Card) else str(action)  # a card by symbol, typeable as it is

    def refused_as(self, text: str, action: Any, lang: str) -> str:
        return self.typed(action, lang)

    def picture(self, view: Any, state: Any, lang: str) -> list[str]:
        return self.head_lines(view, state, lang) + self.talk_lines(view, lang) + play_lines(view, lang,
                                                                                             self.seat_name)

    def head_lines(self, view: Any, state: Any, lang: str) -> list[str]:
        """The picture's head: the deal, the dealer, the score toward the game."""
        dealer = view.dealer
        letters = ", ".join(f"{seat_letter(s, lang)}={self.document_letter(s, dealer, lang)}" for s in Seat)
        below = state.sheet.below
        return [
            "=" * 60,
            f"{t('deal', lang, n=len(state.results) + 1)}, {t('dealer', lang, seat=self.seat_name(dealer, lang))} "
            f"({letters})",
            t("ob.below", lang, ns=below[0], ew=below[1]),
        ]

    def talk_lines(self, view: Any, lang: str) -> list[str]:
        """The calls so far (the auction, or the make and the doublings) and the contract being played."""
        lines = []
        if view.calls:
            calls = "; ".join(f"{seat_letter(s, lang)} {self.pretty(c, lang)}" for s, c in view.calls)
            lines.append(t("auction" if view.kind == "auction" else "ob.make_talk", lang) + ": " + calls)
        if view.contract is not None:
            lines.append(t("ob.contract", lang, c=self.contract_by(view.contract, lang),
                           v=view.to_dict()["trick_value"]))
        return lines

    def document_letter(self, seat: Seat, dealer: Seat, lang: str) -> str:
        letter = document_letter(seat, dealer)
        return _RU_DOCUMENT_LETTERS.get(letter, letter) if lang == "ru" else letter

    def contract_by(self, c: Any, lang: str) -> str:
        """The contract being played, and who plays it (``2♥ doubled by South``; English: the engine's text)."""
        if lang == "en":
            return str(c)
        seat = c.declarer if isinstance(c, AuctionContract) else c.dealer
        return t("contract_by", lang, c=self.contract_text(c, lang), seat=self.seat_name(seat, lang))

    def contract_text(self, c: Any, lang: str) -> str:
        """An auction's contract (``2♥ doubled``) or a straight deal's trump (``♥``), by symbols."""
        if isinstance(c, AuctionContract):
            symbol = c.denom.symbol if lang == "en" else OldCall.denomination_text(c.denom, lang)
            return contract_words(c.level, symbol, c.doubling, None, lang)
        symbol = t("analyze.strain.NT", lang) if c.trump == 4 else Suit(c.trump).symbol
        return contract_words(0, symbol, c.doubling, None, lang)[1:]

    def play_announcement(self, deal: Any, lang: str) -> list[str]:
        from cardroom.games.oldbridge.rules import PHASE_PLAY

        if deal is None or deal.phase != PHASE_PLAY or deal.declarer is None:
            return []
        c = deal.contract_of()
        if c is None:
            return []
        return declaring_lines(deal, PHASE_PLAY, self.contract_text(c, lang), self.seat_name, lang)

    def prompt(self, view: Any, lang: str) -> str:
        if view.phase == "play":
            return t("your_card", lang, hand=self.seat_name(view.hand_to_play, lang) if view.hand_to_play is not None
                     else "?")
        if view.kind == "auction":
            return t("ob.your_bid", lang)
        return t("ob.your_make" if view.phase == "auction" else "ob.your_double", lang)

    def chance_note(self, action: Any, lang: str) -> str | None:
        if not isinstance(action, Draw):
            return None
        cards = ", ".join(f"{seat_letter(i, lang)} {c.pretty}" for i, c in enumerate(action.cards))
        return t("ob.cut", lang, cards=cards, seat=self.seat_name(cut_order(action.cards)[0], lang))

    def result_lines(self, state: Any, lang: str) -> list[str]:
        r = state.results[-1]
        if r.void:
            text = t("result", lang, r=t("ob.new_deal", lang))
        elif r.passed_out or r.contract is None:
            text = t("passed_out", lang)
        else:
            c = r.contract
            seat = c.declarer if isinstance(c, AuctionContract) else c.dealer
            what = t("ob.result_tricks", lang, c=t("contract_by", lang, c=self.contract_text(c, lang),
                                                   seat=self.seat_name(seat, lang)), n=r.declarer_tricks)
            text = t("result", lang, r=f"{what}; {entries_text(r.entries, lang)}")
        return [t("deal", lang, n=len(state.results)) + ": " + text]

    def final_lines(self, state: Any, lang: str) -> list[str]:
        margin = state.sheet.margin()
        return [*final_sheet_lines(state.sheet, lang),
                t("ob.size", lang, n=abs(margin), side=side_name(0 if margin >= 0 else 1, lang))]

    # ------------------------------------------------------------------ reading
    def parse(self, text: str, view: Any, state: Any) -> Any:
        return Card.parse(text) if view.phase == "play" else OldCall.parse(text)

    def irregular(self, body: str, view: Any) -> Any:
        """``!S 4D`` names the user's own seat; ``!4d`` (no seat) is his own action too; Russian words as
        :func:`law_input_words` reads them (``!Ю показ Кч``)."""
        body = law_input_words(body)
        head = body.split(None, 1)[0].rstrip(":").upper() if body.split() else ""
        if len(head) != 1 or head not in Irregular.labels:
            body = f"{view.seat.letter} {body}"
        irregular = Irregular.from_text("!" + body)
        if irregular.seat != int(view.seat):
            raise ParseError(Reason("ui.own_seat", seat=view.seat.letter))
        return irregular
