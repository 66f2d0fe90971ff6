"""Text that came from a file or a command line, made safe to print on a terminal."""

from __future__ import annotations

import unicodedata

#: Unicode categories a terminal may act on instead of showing: controls (ESC, BEL, CR), format
#: characters (bidi overrides that reorder the line), surrogates, private use, unassigned, line breaks
_NOT_SHOWN = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})


def shown(text: object, limit: int = 80) -> str:
    """``text`` with every control or format character written as an escape (``\\x1b``, ``\\u202e``), cut
    to about ``limit`` characters, so that a save file's seat name can neither clear the screen, colour
    the output nor set the window title."""
    raw = str(text)
    cut = len(raw) > limit
    out = "".join(
        ch.encode("unicode_escape").decode("ascii") if unicodedata.category(ch) in _NOT_SHOWN else ch
        for ch in raw[:limit]
    )
    return f"{out}…({len(raw)} characters)" if cut else out
