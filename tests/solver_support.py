"""Helpers shared by the hand-solver tests."""

from __future__ import annotations

from functools import cache

import pytest
from hypothesis import settings

from romme import _core

_PROBE = {"koenigs": ([], 1), "romme": ([], 0), "einmaleins": ([], 0), "rummy": ([], 0), "krass": ([], 0)}
_OBJ = {"koenigs": "min-left", "romme": "opening", "einmaleins": "opening", "rummy": "opening",
        "krass": "min-plays"}


@cache
def _missing(game: str, what: str) -> str | None:
    try:
        if what == "solver":
            _core.solve_hand(game, [], _OBJ[game], {}, _PROBE[game][1])
        else:
            _core.validate_meld(game, [], {}, _PROBE[game][1])
    except ValueError as exc:
        if "not written yet" in str(exc):
            return str(exc)
    return None


def require_solver(game: str) -> None:
    """Skips the test while the Rust hand solver of ``game`` is not merged yet
    (the core still answers "not written yet"); any other error is real."""
    msg = _missing(game, "solver")
    if msg:
        pytest.skip(msg)


def require_melds(game: str) -> None:
    msg = _missing(game, "melds")
    if msg:
        pytest.skip(msg)


#: For the cheap oracle comparisons: three times the profile's examples
#: (ci: 600 hands per test, dev: 6000).
MANY = settings(max_examples=3 * settings.default.max_examples)
