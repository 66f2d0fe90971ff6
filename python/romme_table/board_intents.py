"""The board at the table: the intents while the table is being rearranged (drags between melds and the hand, a
new meld of the selection, End turn, Reset, Cancel), and H, whose whole-table hint is laid out on the board.

The table scene hands these its intents while the controller's editor is open; the editor and the controller judge.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from romme.table import place_table

from . import board_keys, solo_keys
from .board_faults import board_note
from .card_clicks import table_cards_move, table_fixed_words
from .hint_board import hint_text
from .i18n import t
from .intents import Intent
from .layout import TableLayout, drop_meld, hit

if TYPE_CHECKING:
    from .table_scene import TableScene


def hint(scene: TableScene) -> None:
    """H: the hint, searched behind the drawing (:meth:`.hint_moves.HintMoves.hint`); shown at once where it is found
    at once, else by the scene's update (:func:`hint_found`)."""
    scene._hint_board = scene.c.editor
    scene.c.hint()
    if scene.c.hint_move is not None and not scene.c.hint_pending():
        hint_found(scene)


def hint_found(scene: TableScene) -> None:
    """The hint found: the solitaire's cursor on its card, a table game's whole-table hint laid out on the board in
    the editor."""
    from .hint_board import lay_out

    c = scene.c
    # on the board too (a Rummy lay-off opens it): the hint is the turn's, since the board plays nothing
    # until End turn, and its table replaces the one being built (H said only to leave the board first); a board
    # opened while the hint was searched is the player's, and keeps what they built
    was_open = c.editor
    solo_keys.follow_hint(scene)  # the solitaire's cursor on the hinted card: Enter plays it
    melds = place_table(c.hint_move)
    if melds is None:
        return
    text = c.message
    if was_open is not None and was_open is not scene._hint_board:
        return
    editor = was_open or scene.start_editing()
    if editor is None:
        c.message = text
        return
    texts = getattr(c.hint_move, "meld_texts", None)  # a place-move's melds with what each wild stands for
    if lay_out(editor, melds, texts() if callable(texts) else None):
        c.message = hint_text(text, c.lang)
        scene._hint_words = text
    else:
        if was_open is None:
            c.cancel_editing()
        c.message = text
    scene.layout = None


def edit(scene: TableScene, intent: Intent, lay: TableLayout) -> bool:
    """Intents while the table is being rearranged; True if handled."""
    ed, n = scene.c.editor, intent.name
    if ed is None:
        return False
    if board_keys.handle(scene, intent, lay):  # the cursor keys, Space, and Enter and Esc while a card is held
        return True
    if n == "press" and intent.pos:
        b = hit(lay.buttons, intent.pos)
        if b is not None:
            scene._button(b)
            return True
        i = hit(lay.hand, intent.pos)
        if i is not None:
            scene.edit_drag = ("hand", i, 0)
        for k, rects in enumerate(lay.melds):
            j = hit(rects, intent.pos)
            if j is not None:
                scene.edit_drag = ("meld", k, j)
        src = scene.edit_drag
        if src and src[0] == "meld" and ed.stays(src[1], src[2], table_cards_move(scene.c)):
            scene.edit_drag, scene.c.message = None, table_fixed_words(scene.c)  # (H6 P4: standard Rommé; S1)
        scene.drag_pos = intent.pos
        return True
    if n == "drag":
        scene.drag_pos = intent.pos
        return True
    if n == "release" and intent.pos and scene.edit_drag:
        src, scene.edit_drag = scene.edit_drag, None
        target = drop_meld(lay, intent.pos)
        if target is not None and not (src[0] == "meld" and src[1] == target):
            moved = ed.move(src, target)
        elif lay.new_meld.inflate(lay.card[0] // 2, lay.card[1] // 4).collidepoint(intent.pos):
            moved, target = ed.move(src, None), len(ed.melds) - 1
        elif src[0] == "meld" and lay.hand and intent.pos[1] >= lay.hand[0].y - 10:
            moved, target = ed.back_to_hand(src[1], src[2]), src[1]
            scene.c.message = "" if moved else t(ed.table_stays_words(), scene.c.lang)
        else:
            moved = False
        if moved and src[0] == "hand":  # the selection follows its cards: the places after the card gone close up
            scene.c.selected[:] = [i - (i > src[1]) for i in scene.c.selected if i != src[1]]
            if scene.cursor > src[1]:  # and the hand's cursor its card
                scene.cursor -= 1
        if moved:  # the meld it went to (else the first) named if broken: a refusal seen before goes (H6 Q3)
            scene.c.message = board_note(scene.c, target)
        return True
    if n == "meld":  # keyboard: the selected hand cards become a new meld, one step for U
        if board_keys.lay_selection(scene, None):  # the line follows the board as after a drag
            scene.c.message = board_note(scene.c, len(ed.melds) - 1)  # (a refusal seen before goes)
        return True
    if n in ("end_turn", "confirm"):
        scene.c.finish_editing()
        return True
    if n == "reset":
        before = list(ed.hand_left)
        ed.reset()
        scene.c.keep_selection(before)
        scene.c.message = board_note(scene.c)
        return True
    if n == "back":
        cancel_editing(scene)
        return True
    return False


def cancel_editing(scene: TableScene) -> None:
    """Esc / Cancel: leaves the editor; a hint shown on the board goes back to its plain words (the
    board's "End turn plays it, Cancel goes back" no longer holds)."""
    c = scene.c
    board_text = c.message
    c.cancel_editing()
    plain = scene._hint_words
    if plain and board_text == hint_text(plain, c.lang):
        c.message = plain
    else:  # the board is left: its how-to or a refusal of its table no longer holds
        c.message = ""
