"""Habits of the repository that a test can hold: test files share helpers through helper modules, never
through each other (a test file imported by another runs its module code twice and hides where a helper lives);
no source file grows past a size one can read (split it into modules named for what they hold)."""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).parents[1]
ROOT = TESTS.parent
#: the most lines a source file may have
MAX_LINES = 1000


def imported_modules(path: Path) -> set[str]:
    """Every module a file imports, at any depth (also inside functions)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def test_no_test_file_imports_another_test_file() -> None:
    offenders = {
        path.name: sorted(m for m in imported_modules(path) if m.split(".")[-1].startswith("test_"))
        for path in sorted(TESTS.rglob("test_*.py"))
    }
    assert {name: mods for name, mods in offenders.items() if mods} == {}


def test_no_source_file_is_over_the_line_limit() -> None:
    sources = [
        path
        for folder in ("python", "rust", "tests", "benches", "scripts", "frontend", "fuzz")
        if (ROOT / folder).is_dir()
        for path in (ROOT / folder).rglob("*")
        if path.suffix in (".py", ".pyi", ".rs") and "target" not in path.parts
    ]
    assert len(sources) > 50  # the walk found the sources
    too_long = {
        str(path.relative_to(ROOT)): lines
        for path in sources
        if (lines := len(path.read_text(encoding="utf-8").splitlines())) > MAX_LINES
    }
    assert too_long == {}
