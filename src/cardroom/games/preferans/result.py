"""The outcome of one preferans deal: everything the scoring of any variant needs.

The rules engine (``rules.py``) produces a :class:`PrefDealResult`; each variant's scoring
(``scoring.py``) turns it into entries on the pulka sheet (pulya, gora, whists).
Seats are numbered 0..players-1 clockwise; with four players the dealer sits out.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class PrefDealResult:
    """A finished deal.

    ``kind``:
      * ``"game"``: a suit or no-trump game was played (``contract`` = the declared PrefCall);
      * ``"misere"``: misère played (``contract`` = MISERE or MISERE_NO_TALON);
      * ``"unplayed"``: a game nobody whisted (both defenders passed, or a half-whist stood):
        counted as made without play; ``tricks`` give the declarer the contract's level;
      * ``"raspasy"``: all passed; every active player tried to take fewest tricks;
      * ``"passed"``: all passed in a variant that plays no raspasy (F2, ``foreign_f2.py``): no play, no tricks;
      * ``"preferans"``: a correct «преферанс» declaration (§3.11; ``contract`` = the bid), the game ends;
      * ``"talon-refused"``: the talon-taker refused the talon (Sochi C9; ``contract`` = the bid, ``level`` its
        level): no play, the penalty of the convention is written.

    ``conceded``: the declarer conceded that many tricks without play (the game is not played).
    ``partner``: the dealer who accepted the misère declarer's invitation and shares his result.
    """

    players: int  # 3 or 4
    dealer: int  # seat of the dealer (sits out with 4 players)
    active: tuple[int, ...]  # the seats that played, from the dealer's left
    kind: str
    declarer: int | None
    contract: int | None  # a PrefCall value (see calls.py), None on raspasy
    level: int  # contract level 6..10; 0 for misère and raspasy
    tricks: tuple[int, ...]  # tricks per seat (len == players); the 4-player dealer's own on raspasy
    whisters: tuple[int, ...]  # seats who whisted (after any return of the whist)
    passers: tuple[int, ...]  # defenders who passed
    half_whister: int | None  # a defender whose half-whist stood (game not played)
    returned_by: int | None  # the seat that returned the whist (a former passer or the dealer)
    open_defence: bool  # the defence was played with the defenders' cards face up
    talon: int  # the two talon cards (bitmask)
    raspasy_round: int  # 1, 2, 3… consecutive all-pass deals ending with this one; 0 if not raspasy
    talon_tricks: int = 0  # raspasy with 4 players: tricks won by the talon cards (the dealer's, Sochi)
    whist_calls: tuple[tuple[int, str], ...] = ()  # (seat, "whist"/"pass"/"half-whist") in order
    conceded: int = 0  # a game whose declarer conceded this many tricks down before the opening lead
    # (kind stays "game"; ``tricks`` credit the declarer level − conceded and the defence the rest)
    partner: int | None = None  # misère shared with the dealer (004 §2.3 item 5): the dealer's seat
    outbid_misere: bool = False  # Piter §9.2: a nine or ten that had outbid a misère in the auction
    choices: tuple[tuple[int, str], ...] = ()  # Piter §9.2, §9.4: (seat, "pulya" / "gora_double") chosen
    preferans_shown: int = 0  # §3.11: the twelve cards shown with a «преферанс» declaration (0: none)
    dealer_hand: int | None = None  # Ural §7.3: the defender's hand the 4-player dealer whisted with
    required: int = 0  # tricks the game needs when not its level (F3 aus den Händen: one more); 0: the level

    def choice(self, seat: int, default: str) -> str:
        """The player's own choice of pulya or double off the gora, else ``default`` (the variant's)."""
        for s, c in self.choices:
            if s == seat:
                return c
        return default

    @property
    def defenders(self) -> tuple[int, ...]:
        if self.declarer is None:
            return ()
        return tuple(s for s in self.active if s != self.declarer)

    @property
    def declarer_tricks(self) -> int:
        return 0 if self.declarer is None else self.tricks[self.declarer]

    @property
    def undertricks(self) -> int:
        """Tricks short of the contract (0 for a made game; not used for misère)."""
        if self.kind != "game":
            return 0
        return max(0, (self.required or self.level) - self.declarer_tricks)

    @property
    def sitting_out(self) -> int | None:
        """The dealer with four players, who takes no cards."""
        return self.dealer if self.players == 4 else None
