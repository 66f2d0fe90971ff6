"""A double-click on a hand card plays the one move a card app does with it, so the mouse alone plays a turn.

The card goes onto a table meld that takes it (Rommé, 1x1-Rommé, Rummy: a lay-off, or the swap for the joker
standing for it), else onto the discard pile (Königs-Rommé asks first when the discard goes out), Krass Kariert
plays it alone; when it can do none of these the message line says why in one line.

In Rummy one place-move is the whole turn, so a card laid off there (dropped on a meld or double-clicked) opens
the board with it added (:func:`lay_off_on_board`): the player goes on adding and rebuilding, End turn plays it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from romme.engine import Move
from romme.errors import RommeError
from romme.table import TABLE_GAMES, add_notation, moves_table_cards

from .controller import Controller
from .editor import reading_order
from .i18n import t
from .move_reading import move_positions

if TYPE_CHECKING:
    from .editor import TableEditor
    from .table_scene import TableScene

#: the longest pause between the two clicks of a double-click (seconds)
DOUBLE_CLICK_SECONDS = 0.45


class ClickTimer:
    """Tells a double-click on one thing (a hand card, a game's picture on the start screen) from two clicks."""

    def __init__(self) -> None:
        self._last: tuple[int, float, object] | None = None

    def double(self, index: int, now: float, situation: object) -> bool:
        """Whether this click on ``index`` ends a double-click: the click before was on it, just now, and nothing
        changed in between (``situation``: what the table, or the picture's game, was at each click)."""
        last, self._last = self._last, (index, now, situation)
        if last is not None and last[::2] == (index, situation) and now - last[1] <= DOUBLE_CLICK_SECONDS:
            self._last = None  # a third click starts afresh
            return True
        return False


def lay_off_target(c: Controller, token: str) -> int | None:
    """The first table meld (from 0) that takes hand card ``token`` now: as the card a joker there stands for, or
    laid off; None in games without a shared table, before the seat may lay off, or when no meld takes it."""
    if c.game_id not in TABLE_GAMES or not c.is_human_turn():
        return None
    for meld in range(len(c.melds())):
        if c.swap_move(token, meld) is not None or lays_off(c, token, meld):
            return meld
    return None


def lays_off(c: Controller, token: str, meld: int) -> bool:
    """Whether ``add token meld`` (hand card ``token`` laid off on table meld ``meld``, from 0) is legal now."""
    try:
        return c.state.is_legal(c.state.parse_move(add_notation(token, meld)))
    except RommeError:
        return False


def dropped_swap(c: Controller, token: str, meld: int) -> Move | None:
    """The joker swap that hand card ``token`` dropped (or double-clicked) onto table meld ``meld`` means: where the
    card is the one a joker there is shown standing for ('=7h'), or where it cannot be laid off. None where it lays
    off and the joker shows another card: 2d dropped on '2h 2s Jo=2c' took the joker, and the player, who meant to
    lay 2d off, had to lay the joker again that turn (H9 U6)."""
    swap = c.swap_move(token, meld)
    if swap is None:
        return None
    shown = c.jokers_stand_for()
    if meld < len(shown) and token in shown[meld]:
        return swap
    return None if lays_off(c, token, meld) else swap


def lay_off_on_board(scene: TableScene, index: int, meld: int) -> bool:
    """Rummy: hand card ``index`` laid off on table meld ``meld`` (engine order) opens the table editor with the
    card added there and the melds being built on the table carried along; False (nothing changed) in the other
    games, or when the rules refuse that lay-off now (the shortcut's refusal then says why). Playing the lay-off
    at once ended the turn: G11 dropped on G7-G10 passed the turn with G12 still in the hand."""
    c = scene.c
    if c.game_id != "rummy" or c.editor is not None:
        return False
    hand = c.hand()
    try:
        if not c.state.is_legal(c.state.parse_move(add_notation(hand[index], meld))):
            return False
    except RommeError:
        return False
    drafted = scene.draft_groups()
    order = reading_order(scene.compute_layout().melds[: len(c.melds())])
    editor = c.start_editing(order)
    if editor is None:
        return False
    if not editor.move(("hand", index, 0), order.index(meld)):
        c.cancel_editing()
        return False
    _carry_draft(scene, editor, drafted)
    return True


def _carry_draft(scene: TableScene, editor: TableEditor, drafted: list[list[str]]) -> None:
    """The melds being built on the table (the draft) go onto the board as new melds."""
    held = editor.hand_left  # the editor's hand: a card leaves it as it is placed
    for group in drafted:
        for k, token in enumerate(group):
            if token in held:  # (the card laid off may have been one of them)
                editor.move(("hand", held.index(token), 0), None if k == 0 else len(editor.melds) - 1)
    scene.draft.clear()
    scene.c.selected.clear()


def table_game_moves_cards(c: Controller) -> bool:
    """Whether the rules let a player move cards already on the table (once opened), as the core answers it
    (``romme.table.moves_table_cards``: Rummy, 1x1-Rommé, Räuber-Rommé)."""
    return moves_table_cards(c.game_id, c.state.rules.options)


def seat_has_opened(c: Controller) -> bool:
    """Whether the seat at the screen has opened (laid its first melds) in this round."""
    return c.viewer_has_opened()


def table_cards_move(c: Controller) -> bool:
    """Whether the player may move cards already on the table now: where the rules move them
    (:func:`table_game_moves_cards`), once the seat has opened (RULES §2, §4, §5: before, a place lays new melds
    from the hand only; Räuber-Rommé's board let a table card be dragged before opening, with no word that the
    table would be refused: play-test S1)."""
    return table_game_moves_cards(c) and seat_has_opened(c)


def table_fixed_words(c: Controller) -> str:
    """Why a table card does not move: the seat has not opened yet, or the game never moves table cards."""
    return t("table_after_opening" if table_game_moves_cards(c) else "table_fixed", c.lang)


def grab_table_card(scene: TableScene, meld: int, index: int, pos: tuple[int, int]) -> bool:
    """A press on card ``index`` of table meld ``meld`` (engine order) with no hand card selected, where the rules
    let table cards move: the board opens (as T does) with that card under the mouse, so a rearrangement starts
    by dragging a table card; while the board cannot open the message says why. False (nothing done) elsewhere.
    Playing Räuber-Rommé, a table card dragged to another meld did nothing but 'select cards, then pick an
    action': the board opened only from its button or T."""
    c = scene.c
    if c.editor is not None or c.selected or not table_game_moves_cards(c) or not c.is_human_turn():
        return False
    if not seat_has_opened(c):  # the board would hold the card, and the table be refused (S1)
        c.message = table_fixed_words(c)
        return True
    drafted = scene.draft_groups()
    order = reading_order(scene.compute_layout().melds[: len(c.melds())])
    editor = c.start_editing(order)
    if editor is None:  # (not now: the message says why, such as drawing first)
        return True
    _carry_draft(scene, editor, drafted)
    scene.edit_drag, scene.drag_pos = ("meld", order.index(meld), index), pos
    scene.layout = None
    return True


def play_card(scene: TableScene, index: int) -> None:
    """A double-click on hand card ``index``: lay it off, else discard it, else Krass Kariert plays it alone."""
    c = scene.c
    hand = c.hand()
    if not c.is_human_turn():
        c.message = t("not_your_turn", c.lang)
        return
    if not 0 <= index < len(hand) or c.editor is not None:
        return
    legal = c.state.legal_moves()
    kinds = {m.to_json().get("kind") for m in legal}
    if c.game_id == "krass":
        alone = [m for m in legal if m.to_json().get("kind") == "play" and move_positions(m) == [index]]
        if alone:
            c.play(alone[0])
        else:  # the rule that refuses it, as for a selected card
            c.selected = [index]
            c.refuse_selection("play")
            c.selected.clear()
        return
    if kinds <= {"draw"}:
        c.message = t("draw_first_pile", c.lang)
        return
    meld = lay_off_target(c, hand[index])
    if meld is not None:
        from .table_pointer import lay_off  # (it plays double-clicks: a module-level import would be a cycle)

        lay_off(scene, index, meld)
    elif kinds & {"discard", "out"}:
        c.selected = [index]
        scene.discard_selected()
    else:
        c.message = t("fits_no_meld", c.lang, card=hand[index])
