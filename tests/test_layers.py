"""The packages' layers (issue 13): the card room and the catalogue do not import the command line."""

from __future__ import annotations

import ast
from pathlib import Path

import cardroom

SRC = Path(cardroom.__file__).parent


def imported_modules(path: Path) -> set[str]:
    """Every module a file imports, at its top or inside a function (relative imports resolved)."""
    package = ".".join(("cardroom", *path.relative_to(SRC).parent.parts))
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parts, base] if base else parts)
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
    return found


def imports_of(package: str, prefix: str) -> dict[str, list[str]]:
    out = {}
    for path in sorted((SRC / package).rglob("*.py")):
        bad = sorted(m for m in imported_modules(path) if m == prefix or m.startswith(prefix + "."))
        if bad:
            out[str(path.relative_to(SRC))] = bad
    return out


def test_the_walk_sees_imports() -> None:
    """The walk finds a known import (else the tests below could not fail)."""
    assert "cardroom.room.serve.add_parser" in imported_modules(SRC / "room" / "__main__.py")
    assert "cardroom.cli.serve" in imported_modules(SRC / "cli" / "main.py")
    assert imports_of("cli", "cardroom.room")


def test_room_does_not_import_the_command_line() -> None:
    assert imports_of("room", "cardroom.cli") == {}


def test_the_catalogue_is_below_everything() -> None:
    """``cardroom.i18n`` imports no other part of cardroom: every package may use it."""
    inside = {m for path in (SRC / "i18n").rglob("*.py") for m in imported_modules(path)}
    assert {m for m in inside if m.startswith("cardroom.") and not m.startswith("cardroom.i18n")} == set()


def test_the_table_manager_does_not_import_the_front_ends() -> None:
    """``cardroom.tm`` (the Blue Chip Bridge protocol) sits beside ``records``: the command line imports it,
    never the other way; nor does it reach into the card room or the terminal."""
    for front in ("cardroom.cli", "cardroom.room", "cardroom.ui"):
        assert imports_of("tm", front) == {}
    assert "cardroom.tm.server" in {m for m in imported_modules(SRC / "cli" / "tm.py")}


def test_the_score_keeper_does_not_import_the_front_ends() -> None:
    """``cardroom.keeper`` sits beside ``records``: the command line imports it, never the other way."""
    for front in ("cardroom.cli", "cardroom.room", "cardroom.ui"):
        assert imports_of("keeper", front) == {}
