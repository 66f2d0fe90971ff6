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

#: short: they share the status line with the game, its rules and deal number, and at 800x600 the German line
#: shrank to 15 pt ('auslegen oder anlegen, dann abwerfen (Doppelklick auf eine Karte)')
WORDS: dict[str, tuple[str, str]] = {
    "draw_both": ("draw from the stock or the discard pile", "vom Stapel oder der Ablage ziehen"),
    "draw_stock": ("draw from the stock", "vom Stapel ziehen"),
    "lay_or_discard": ("lay out, lay off, then discard (double-click)", "auslegen, anlegen, abwerfen (Doppelklick)"),
    "discard": ("discard a card (double-click it)", "eine Karte abwerfen (Doppelklick)"),
    "discard_or_out": ("discard a card, or go out", "abwerfen oder ausmachen"),
    "rummy": ("lay out, rebuild the table or pass", "auslegen, Tisch umlegen oder passen"),
    "lead": ("lead: 1 to 3 neighbouring cards", "ausspielen: 1 bis 3 Nachbarkarten"),
    "follow": ("beat the trick or take a reserve card", "Stich schlagen oder Reserve nehmen"),
    "insert": ("put the drawn card into a gap", "gezogene Karte in eine Lücke stecken"),
}


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
    return WORDS[key][1 if lang == "de" else 0] if key else ""
