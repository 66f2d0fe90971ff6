"""A double-click on a hand card plays the one move a card app does with it, so the mouse alone plays a turn.

The card goes onto a table meld that takes it (Rommé, 1x1-Rommé, Rummy: a lay-off, or the swap for the joker
standing for it), else onto the discard pile (Königs-Rommé asks first when the discard goes out), Krass Kariert
plays it alone; when it can do none of these the message line says why in one line.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from romme.errors import RommeError
from romme.table import TABLE_GAMES, add_notation

from .controller import Controller, move_positions
from .i18n import t

if TYPE_CHECKING:
    from .table_scene import TableScene

#: the longest pause between the two clicks of a double-click (seconds)
DOUBLE_CLICK_SECONDS = 0.45


class ClickTimer:
    """Tells a double-click on one hand card from two clicks."""

    def __init__(self) -> None:
        self._last: tuple[int, float, object] | None = None

    def double(self, index: int, now: float, situation: object) -> bool:
        """Whether this click on card ``index`` ends a double-click: the click before was on it, just now, and
        nothing was played in between (``situation``: what the table looked like at each click)."""
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
        if c.swap_move(token, meld) is not None:
            return meld
        try:
            if c.state.is_legal(c.state.parse_move(add_notation(token, meld))):
                return meld
        except RommeError:
            continue
    return None


def play_card(scene: TableScene, index: int) -> None:
    """A double-click on hand card ``index``: lay it off, else discard it, else Krass Kariert plays it alone."""
    c = scene.c
    hand = c.hand()
    if not c.is_human_turn() or not 0 <= index < len(hand) or c.editor is not None:
        if not c.is_human_turn():
            c.message = t("not_your_turn", c.lang)
        return
    kinds = {m.to_json().get("kind") for m in c.state.legal_moves()}
    if c.game_id == "krass":
        alone = [m for m in c.state.legal_moves() if m.to_json().get("kind") == "play" and move_positions(m) == [index]]
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
        scene.lay_off(index, meld)
    elif kinds & {"discard", "out"}:
        c.selected = [index]
        scene.discard_selected()
    else:
        c.message = t("fits_no_meld", c.lang, card=hand[index])
