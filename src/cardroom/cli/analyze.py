"""``cardroom analyze FILE``: open-hand (double-dummy) results per contract and per lead, for every game
that has an analysis.

This module is the generic driver: it reads the arguments and the file, finds the game (by the record's
``"game"``, a file's suffix, or the name a deal in the notation begins with, through the registry so
every alias works), and prints. Each game's part (its notation's fields, its record reading, its
analysis and its text) is the game's :class:`cardroom.core.analysis.GameAnalysis`, in
``games/<game>/analysis.py``, named by the game's ``analysis_path``. What it reads:

* a game's own record format: a bridge PBN or LIN file (``.pbn``, ``.lin``), or a cardroom JSON bridge record (a
  rubber, ``"game": "bridge"``, or boards, ``"game": "bridge-deals"``) — the game names them
  (``record_games``, ``file_suffixes``);
* a generic cardroom JSON record (``"format": "cardroom-record"``) of a game whose matches are written
  so, such as a preferans pulka or a euchre rubber: each deal whose play began, with the hands as they
  were when the play began;
* deals written in cardroom's notation, one per line (see docs/records.md, "Deals in cardroom's
  notation"), or one such line given instead of a file name.

:func:`analyze_path` returns the analysis as JSON-ready dicts (one per deal, each with ``game``);
:func:`format_analysis` writes it for people, in English or Russian.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from cardroom.core.analysis import GameAnalysis, why
from cardroom.core.errors import CardroomError, ParseError, Reason, RecordError
from cardroom.i18n import t

__all__ = ["analyze_path", "format_analysis", "game_analysis", "notation_game", "parse_notation"]


# ------------------------------------------------------------------------------------------ the games


def game_analysis(name: str) -> GameAnalysis | None:
    """The analysis of the game named ``name`` (any name the registry knows), or None when no game of
    that name has one."""
    from cardroom.games import part_of

    return part_of(name, lambda g: g.analysis())


def _analyses() -> list[GameAnalysis]:
    """The analysis of every registered game that has one."""
    from cardroom.games import parts

    return parts(lambda g: g.analysis())


# --------------------------------------------------------------------------------- deal notation


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


def notation_game(word: str) -> str | None:
    """The canonical name of the game a deal in the notation names (``бридж: N=...``, any name the
    registry knows), or None when no such game has an analysis."""
    from cardroom.games import canonical

    return None if game_analysis(word) is None else canonical(word)


def parse_notation(text: str) -> tuple[GameAnalysis, Any]:
    """One deal in cardroom's notation (docs/records.md), as its game's analysis and the game's spec:
    ``preferans: 0=... 1=... 2=... talon=... declarer=0 contract=7S``, ``euchre: N=... E=... S=... W=...
    trump=H makers=NS lone=N`` or ``bridge: N=... E=... S=... W=... dealer=N vul=NS contract=4S
    declarer=S``."""
    word, fields = _tokens(text)
    analysis = game_analysis(word)
    if analysis is None:
        raise ParseError(Reason("analyze.game", word=word))
    return analysis, analysis.parse(fields)


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
    if ":" in text_arg and game_analysis(text_arg.split(":", 1)[0]) is not None \
            and not Path(text_arg).exists():
        return [_analyse_spec(*parse_notation(text_arg), 1)]
    p = Path(path)
    for analysis in _analyses():
        if p.suffix.lower() in analysis.file_suffixes:
            return analysis.read_file(p)
    text = _read_text(p)
    if p.suffix.lower() == ".json" or text.lstrip().startswith("{"):
        try:
            data = json.loads(text)
        except json.JSONDecodeError as e:
            raise RecordError(Reason("analyze.not_json", p=p, e=e)) from None
        if not isinstance(data, dict):
            raise RecordError(Reason("analyze.json_object", p=p))
        game = data.get("game")
        for analysis in _analyses():
            if game in analysis.record_games:
                return analysis.read_file(p)
        if data.get("format") != "cardroom-record":
            raise RecordError(Reason("analyze.not_record", p=p, format=data.get('format')))
        found = game_analysis(game) if isinstance(game, str) else None
        if found is None or not found.generic_records:
            raise RecordError(Reason("analyze.record_game", p=p, game=game))
        return [dict(_analyse_spec(found, s, n), deal=n) for n, s in found.specs_of_record(data)]
    out: list[dict[str, Any]] = []
    n = 0
    for lineno, line in enumerate(text.splitlines(), 1):
        s = line.strip()
        if not s or s.startswith("#"):
            continue
        n += 1
        try:
            analysis, spec = parse_notation(s)
        except ParseError as e:
            raise ParseError(Reason("analyze.line", p=p, lineno=lineno, e=e)) from None
        out.append(_analyse_spec(analysis, spec, n))
    if not out:
        raise RecordError(Reason("analyze.no_deal", p=p))
    return out


def _analyse_spec(analysis: GameAnalysis, spec: Any, n: int) -> dict[str, Any]:
    try:
        res = analysis.analyse(spec, n)
    except CardroomError as e:
        if isinstance(e, RecordError) or "not available" in str(e) or "not wired" in str(e):
            raise
        raise RecordError(why(e), where=f"deal {n}") from None
    return dict({"deal": n}, **res)


# ------------------------------------------------------------------------------------------ text


def format_analysis(deals: list[dict[str, Any]], lang: str = "en") -> str:
    """The analysis as text for people, one block per deal (each written by its game's analysis)."""
    if not deals:
        return t("analyze.nothing", lang) + "\n"
    lines: list[str] = []
    for d in deals:
        analysis = game_analysis(str(d["game"]))
        if analysis is None:
            raise CardroomError(Reason("analyze.game", word=d["game"]))
        lines.extend(analysis.format(d, lang))
        lines.append("")
    return "\n".join(lines).rstrip() + "\n"
