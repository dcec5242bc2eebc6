"""Issue 13 ("one mechanism, written once"): no module outside a game's package
(``src/cardroom/games/<game>/``) and its renderers (``src/cardroom/ui/render/<game>.py``,
``src/cardroom/room/static/render/<game>.js``) branches on a game's name.

A branch on a game's name is a comparison (``==``, ``!=``, ``is``, ``is not``), a membership test
(``in``, ``not in``) or a ``match``/``case`` whose operand is a string literal that is a registered game
name, alias or family (taken from the registry, :mod:`cardroom.games`), written exactly as registered;
in the browser's scripts, ``===``/``==``/``!==``/``!=``, ``case`` or ``includes``/``indexOf`` (of a
string, or in an array written out) against such a literal.

One rule keeps it precise: a comparison with a deal's *phase* (an attribute or a variable named
``phase``) is not about a game: phases are words of their own ("auction", "play") and "auction" is
also auction bridge's alias, but a phase is never a game. Case matters (the registry's names are lower
case): PBN's tag "Auction" is a tag, not auction bridge.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from cardroom.games import aliases, game_class, names

SRC = Path(__file__).resolve().parent.parent / "src" / "cardroom"
GAMES_DIR = SRC / "games"
STATIC = SRC / "room" / "static"


def game_words() -> frozenset[str]:
    """Every name, alias and family of a registered game, as the registry writes it."""
    words: set[str] = set()
    for n in names():
        words.update(aliases(n))
        words.add(game_class(n).family)
    return frozenset(w for w in words if w)


def _game_packages() -> frozenset[str]:
    return frozenset(p.name for p in GAMES_DIR.iterdir() if p.is_dir() and (p / "__init__.py").exists())


def allowed(path: Path) -> bool:
    """A game's own package or one of its renderers (a renderer is named by the game's family)."""
    rel = path.relative_to(SRC).parts
    if len(rel) > 2 and rel[0] == "games" and rel[1] in _game_packages():
        return True
    return rel[:2] == ("ui", "render") and len(rel) == 3 and path.stem in _game_packages()


# ------------------------------------------------------------------------------------------- python


def _literals(node: ast.expr) -> Iterator[ast.Constant]:
    """The string literals an operand is: itself, or the elements of a tuple, list or set display."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        yield node
    elif isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        for e in node.elts:
            yield from _literals(e)


def _is_phase(node: ast.expr) -> bool:
    return (isinstance(node, ast.Attribute) and node.attr == "phase") or (
        isinstance(node, ast.Name) and node.id == "phase")


def python_offenders(source: str, words: frozenset[str]) -> list[tuple[int, str]]:
    """(line, literal) of every comparison, membership test or ``case`` against a game's name."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare):
            operands = [node.left, *node.comparators]
            if any(_is_phase(o) for o in operands):
                continue
            found.extend((c.lineno, c.value) for o in operands for c in _literals(o) if c.value in words)
        elif isinstance(node, ast.Match) and not _is_phase(node.subject):
            for case in node.cases:
                for sub in ast.walk(case.pattern):
                    if isinstance(sub, ast.MatchValue):
                        found.extend((c.lineno, c.value) for c in _literals(sub.value) if c.value in words)
    return found


# ----------------------------------------------------------------------------------------------- js

_JS_STRING = r"""(?:"([^"\\]*)"|'([^'\\]*)'|`([^`\\$]*)`)"""
_JS_COMPARE = re.compile(rf"(?:[!=]==?\s*{_JS_STRING})|(?:{_JS_STRING}\s*[!=]==?)|(?:\bcase\s+{_JS_STRING})"
                         rf"|(?:\.(?:includes|indexOf)\(\s*{_JS_STRING})")
_JS_ARRAY_MEMBERSHIP = re.compile(r"\[([^\[\]]*)\]\s*\.(?:includes|indexOf)\(")


def js_offenders(source: str, words: frozenset[str]) -> list[tuple[int, str]]:
    """(line, literal) of every ``===``/``==``/``!==``/``!=``, ``case`` or ``includes``/``indexOf``
    (of a string, or in an array written out) against a game's name."""
    found: list[tuple[int, str]] = []
    for lineno, line in enumerate(source.splitlines(), 1):
        for m in _JS_COMPARE.finditer(line):
            value = next(g for g in m.groups() if g is not None)
            if value in words:
                found.append((lineno, value))
        for m in _JS_ARRAY_MEMBERSHIP.finditer(line):
            for e in re.finditer(_JS_STRING, m.group(1)):
                value = next(g for g in e.groups() if g is not None)
                if value in words:
                    found.append((lineno, value))
    return found


# -------------------------------------------------------------------------------------------- tests


def test_the_words_come_from_the_registry() -> None:
    words = game_words()
    assert {"bridge", "contract", "бридж", "preferans", "pref", "euchre", "юкер", "auction-bridge",
            "straight-bridge", "oldbridge"} <= words


def test_the_allowed_places() -> None:
    assert allowed(SRC / "games" / "bridge" / "analysis.py")
    assert allowed(SRC / "ui" / "render" / "preferans.py")
    assert not allowed(SRC / "games" / "__init__.py")
    assert not allowed(SRC / "ui" / "render" / "base.py")
    assert not allowed(SRC / "cli" / "analyze.py")
    assert not allowed(SRC / "bots" / "preferans.py")


@pytest.mark.parametrize("source", [
    'if game == "bridge":\n    pass\n',
    'ok = "euchre" != name\n',
    'if game in ("bridge", "bridge-deals"):\n    pass\n',
    'if name not in ["x", "preferans"]:\n    pass\n',
    'if game is "бридж":\n    pass\n',
    'match game:\n    case "pref":\n        pass\n',
    'match game:\n    case "x" | "straight-bridge":\n        pass\n',
    'y = a == b == "oldbridge"\n',
])
def test_a_planted_python_branch_is_found(source: str) -> None:
    assert len(python_offenders(source, game_words())) == 1


@pytest.mark.parametrize("source", [
    'if view.phase == "auction":\n    pass\n',  # a phase, not a game
    'if phase in ("auction", "play"):\n    pass\n',
    'if name == "Auction":\n    pass\n',  # PBN's tag: case matters
    'record = {"game": "bridge"}\n',  # a record's game written as data
    'x = load("bridge")\n',
    'if game == "whist":\n    pass\n',
])
def test_what_is_no_branch_on_a_game(source: str) -> None:
    assert python_offenders(source, game_words()) == []


@pytest.mark.parametrize(("source", "n"), [
    ('if (game === "bridge") {}', 1),
    ("if ('euchre' !== state.game) {}", 1),
    ("switch (g) { case `preferans`: break; case \"юкер\": break; }", 2),
    ('if (x == "pref" || y != "bridge") {}', 2),
    ('if (name.includes("euchre")) {}', 1),
    ('if (["bridge", "x", \'pref\'].includes(game)) {}', 2),
    ('if (["a", "b"].indexOf(game) >= 0) {}', 0),
    ('render("bridge"); if (phase === "play") {}', 0),
])
def test_planted_js_branches_are_found(source: str, n: int) -> None:
    assert len(js_offenders(source, game_words())) == n


def test_no_python_module_outside_a_game_branches_on_a_games_name() -> None:
    words = game_words()
    checked = 0
    offenders: list[str] = []
    for path in sorted(SRC.rglob("*.py")):
        if allowed(path):
            continue
        checked += 1
        rel = path.relative_to(SRC.parent.parent)
        offenders.extend(f"{rel}:{line}: {value!r}" for line, value in python_offenders(path.read_text("utf-8"), words))
    assert checked > 50  # the scan reads the tree (not vacuously empty)
    assert offenders == []


def test_no_browser_script_outside_a_renderer_branches_on_a_games_name() -> None:
    words = game_words()
    scripts = sorted(STATIC.glob("*.js"))  # static/render/<game>.js are the renderers
    assert len(scripts) > 3
    offenders = [f"{p.relative_to(SRC.parent.parent)}:{line}: {value!r}"
                 for p in scripts for line, value in js_offenders(p.read_text("utf-8"), words)]
    assert offenders == []
