"""A hint for a table game shown on the board: the hinted whole-table move opens the table
editor with the hinted table laid out (the player sees it, plays it with End turn, or goes
back with Esc/Cancel), so the rearrangement need not be read from a 200-character line."""

from __future__ import annotations

from .editor import TableEditor
from .meld_places import MeldPlaces

#: the head of the hint's line (HintMoves.hint writes it; hint_text reads the hint's words after it)
HEAD = {"en": "hint: ", "de": "Tipp: "}
WORDS = {
    "en": "Hint on the table: End turn (E) plays it, Cancel (Esc) goes back — {text}",
    "de": "Tipp auf dem Tisch: Zug beenden (E) spielt ihn, Abbrechen (Esc) geht zurück — {text}",
}
#: the hint's counts first ('3 Karten passen in Figuren', 'legt 3 Handkarten, bewegt 1 Tischkarte'): the melds it
#: names lie on the board, marked new; at 640x420 the line's second row cut the counts after the melds (H6)
COUNTED = {
    "en": "Hint on the table ({why}): End turn (E) plays it, Cancel (Esc) goes back — {what}",
    "de": "Tipp auf dem Tisch ({why}): Zug beenden (E) spielt ihn, Abbrechen (Esc) geht zurück — {what}",
}


def lay_out(editor: TableEditor, melds: list[list[str]], texts: list[str] | None = None) -> bool:
    """Puts the hinted table into the editor: its melds (``texts``: in the notation, so each wild shows
    what it stands for), and the hand without the cards it places. False (and the editor unchanged) if
    the hint needs cards the hand and table do not hold. The hinted melds keep the places of the table's
    melds they grew from (as between turns, :class:`MeldPlaces`), new melds come after: the engine's answer
    lists them in its own order, and a hint moved melds the player knew to other places."""
    places = MeldPlaces()
    places.arrange(editor.melds)
    order = [m for m in places.arrange(melds) if m is not None]
    if sorted(order) == list(range(len(melds))):
        melds = [melds[k] for k in order]
        texts = [texts[k] for k in order] if texts is not None and len(texts) == len(order) else texts
    return editor.show(melds, texts)


def hint_text(text: str, lang: str) -> str:
    """The board's line for the hint ``text`` ('hint: <move> — <why>'): its why (the counts) before the move's words,
    which a small window's line cuts first."""
    head, sep, why = text.rpartition(" — ")
    if not sep or not why:  # no counts: the move's words alone, without the hint line's own head ('… goes back —
        # hint: add H36 to H24 W H30' said 'hint' twice, play-test V7)
        prefix = next((p for p in HEAD.values() if text.startswith(p)), "")
        return WORDS.get(lang, WORDS["en"]).format(text=text[len(prefix):])
    prefix = next((p for p in HEAD.values() if head.startswith(p)), "")
    return COUNTED.get(lang, COUNTED["en"]).format(why=why, what=head[len(prefix):])
