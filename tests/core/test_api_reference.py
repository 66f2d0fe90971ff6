"""The API reference (docs/API.md): it builds without warnings and its examples run (doctest)."""

from __future__ import annotations

import doctest
import importlib
import importlib.util
import pkgutil
from pathlib import Path
from types import ModuleType

import pytest

SCRIPT = Path(__file__).parents[2] / "scripts" / "api_reference.py"


def load_builder() -> ModuleType:
    spec = importlib.util.spec_from_file_location("api_reference", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


BUILDER = load_builder()


def documented_modules() -> list[str]:
    """Every module of the reference, with the submodules of the packages in it."""
    names: list[str] = []
    for name in BUILDER.REFERENCE:
        names.append(name)
        module = importlib.import_module(name)
        if name != "romme" and hasattr(module, "__path__"):
            names += [f"{name}.{info.name}" for info in pkgutil.iter_modules(module.__path__)]
    return names


def test_reference_builds_without_warnings(tmp_path: Path) -> None:
    assert BUILDER.build(tmp_path) == []
    for name in BUILDER.REFERENCE:
        page = tmp_path.joinpath(*name.split(".")).with_suffix(".html")
        assert page.is_file(), page
    assert "Writing a bot" in (tmp_path / "romme" / "bots.html").read_text(encoding="utf-8")


@pytest.mark.parametrize("name", documented_modules())
def test_examples_in_the_docstrings_run(name: str) -> None:
    failed, _ = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert failed == 0


@pytest.mark.parametrize("entry", ["romme.solve.solve_hand", "romme.table.solve_table", "romme.engine.new_game",
                                   "romme.engine.list_games", "romme.bots"])
def test_entry_points_have_examples(entry: str) -> None:
    module_name, _, attr = entry.rpartition(".")
    if attr == "bots":
        target: object = importlib.import_module(entry)
    else:
        target = getattr(importlib.import_module(module_name), attr)
    examples = doctest.DocTestFinder(recurse=False).find(target)[0].examples
    assert len(examples) >= 3, entry
