"""The one error hierarchy of romme (python-chess style names)."""

from __future__ import annotations


class RommeError(Exception):
    """Base class of every error romme raises on purpose."""


class InvalidNotationError(RommeError, ValueError):
    """A card token, card list or move text that cannot be read."""


class DeckError(InvalidNotationError):
    """Cards that are not in the game's deck, or more copies than it holds."""


class RulesError(RommeError, ValueError):
    """An unknown rule option, a bad option value, an unknown game or a bad game parameter
    (seats, seed)."""


class IllegalMoveError(RommeError, ValueError):
    """A move the rules forbid; the message names the rule. Cards a meld check refuses as one meld also carry the
    kind of fault the core decided (``fault``: one of ``romme._core.MELD_FAULTS``; ``fault_card``: the card code it
    names, as ``card_twice`` does), else None."""

    fault: str | None = None
    fault_card: int | None = None


class SaveFileError(RommeError, ValueError):
    """A save file that is corrupt, tampered with or of an unknown format."""


class SolverError(RommeError, ValueError):
    """A position the solvers cannot take (e.g. an invalid table meld)."""


def quote(value: object, limit: int = 40) -> str:
    """``repr(value)`` cut to about ``limit`` characters: error messages name hostile input
    (a 5,000-digit token, a huge list) without repeating all of it."""
    try:
        text = repr(value)
    except Exception:  # a hostile object's own __repr__ may fail (an int past 4,300 digits does); the message must not
        if isinstance(value, int):
            return f"<an integer of about {int(value.bit_length() * 0.30103) + 1} digits>"
        text = f"<{type(value).__name__} object>"
    return text if len(text) <= limit else f"{text[:limit]}…({len(text)} characters)"
