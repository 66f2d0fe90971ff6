"""What the player to move may do now, in a few words for the status line ('You, your turn: draw from the stock
or the discard pile'): the line read 'You: your turn' in every phase, so a new player had to guess from the
buttons whether to draw, lay out or discard, and that a double-click discards.

The words follow the legal moves the engine lists (their kinds and, for a draw, its piles), not a copy of the
rules: a Räuber-Rommé table without a discard pile offers only the stock, a Königs-Rommé seat that may go out is
told so.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .i18n import t

#: the choices the status line names, each in :data:`.i18n.STRINGS` as ``"turn_" + choice``
CHOICES = "draw_both draw_stock lay_or_discard discard discard_or_out rummy lead follow insert".split()


def turn_words(game: str, phase: str, moves: Iterable[dict[str, Any]], lang: str) -> str:
    """The player's choices in words, read from the phase and the legal moves (their ``to_json`` forms); ""
    when the table explains the step itself (the solitaire's how-to line) or nothing fits."""
    data = list(moves)
    kinds = {str(m.get("kind")) for m in data}
    key: str | None
    if game == "koenigs-solo" or not kinds:
        key = None
    elif kinds == {"draw"}:
        key = "draw_both" if any(m.get("source") == "discard" for m in data) else "draw_stock"
    elif game == "krass":
        key = phase if phase in ("lead", "follow", "insert") else None
    elif game == "rummy":
        key = "rummy"
    elif "out" in kinds:
        key = "discard_or_out"
    elif kinds == {"discard"}:
        key = "discard"
    elif "discard" in kinds:
        key = "lay_or_discard"
    else:
        key = None
    return t(f"turn_{key}", lang) if key else ""
