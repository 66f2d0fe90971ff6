"""A hint for a table game shown on the board: the hinted whole-table move opens the table
editor with the hinted table laid out (the player sees it, plays it with End turn, or goes
back with Esc/Cancel), so the rearrangement need not be read from a 200-character line."""

from __future__ import annotations

from collections import Counter

from .editor import TableEditor

WORDS = {
    "en": "Hint on the table: End turn (E) plays it, Cancel (Esc) goes back — {text}",
    "de": "Tipp auf dem Tisch: Zug beenden (E) spielt ihn, Abbrechen (Esc) geht zurück — {text}",
}


def lay_out(editor: TableEditor, melds: list[list[str]]) -> bool:
    """Puts the hinted table into the editor: its melds, and the hand without the cards it places.
    False (and the editor unchanged) if the hint needs cards the hand and table do not hold."""
    placed = Counter(tok for m in melds for tok in m) - Counter(tok for m in editor.table for tok in m)
    left = Counter(editor.hand) - placed
    if placed - Counter(editor.hand):
        return False
    hand_left = []
    for tok in editor.hand:
        if left[tok] > 0:
            left[tok] -= 1
            hand_left.append(tok)
    editor.melds = [list(m) for m in melds]
    editor.hand_left = hand_left
    return True


def hint_text(text: str, lang: str) -> str:
    return WORDS.get(lang, WORDS["en"]).format(text=text)
