"""Builds the API reference of ``import romme`` (HTML, pdoc) from the docstrings; a warning fails the build.

    python3 scripts/api_reference.py [OUTPUT_DIR]      # default: site/

The modules listed in REFERENCE are the public API (docs/API.md); tests/core/test_api_reference.py builds them and
runs their examples as doctests.
"""

from __future__ import annotations

import sys
import warnings
from pathlib import Path

#: The documented modules: the package's exports, the game API, the solvers, and the bot protocol with its bots.
REFERENCE = (
    "romme",
    "romme.engine",
    "romme.solve",
    "romme.table",
    "romme.cards",
    "romme.rules",
    "romme.errors",
    "romme.rng",
    "romme.save",
    "romme.bots",
)


def build(output: Path) -> list[str]:
    """Writes the reference into ``output``; returns pdoc's warnings (empty when the build is clean)."""
    import pdoc
    import pdoc.render

    pdoc.render.configure(docformat="restructuredtext", show_source=False)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        pdoc.pdoc(*REFERENCE, output_directory=output)
    return [f"{w.category.__name__}: {w.message}" for w in caught]


def main(argv: list[str]) -> int:
    output = Path(argv[1] if len(argv) > 1 else "site")
    problems = build(output)
    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        print(f"api_reference: {len(problems)} warning(s); the reference must build without warnings", file=sys.stderr)
        return 1
    print(f"api_reference: {output / 'index.html'}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
