"""The window asks the game package through its public API only (ARCHITECTURE: the front end never imports
``romme._core``): an import of the binding from the table would let the window grow rules of its own."""

from __future__ import annotations

import ast
from pathlib import Path

TABLE = Path(__file__).resolve().parents[2] / "python" / "romme_table"


def _core_imports(path: Path) -> list[int]:
    lines = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            module = node.module or ""
            if module.endswith("_core") or any(alias.name == "_core" for alias in node.names):
                lines.append(node.lineno)
        elif isinstance(node, ast.Import) and any(alias.name.endswith("_core") for alias in node.names):
            lines.append(node.lineno)
    return lines


def test_no_table_module_imports_the_binding() -> None:
    modules = sorted(TABLE.rglob("*.py"))
    assert len(modules) > 20
    found = {str(p.relative_to(TABLE)): lines for p in modules if (lines := _core_imports(p))}
    assert found == {}


def test_the_check_sees_an_import_of_the_binding(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text("def f():\n    from romme import _core\n    import romme._core as c\n", encoding="utf-8")
    assert _core_imports(sample) == [2, 3]
