"""Headless: U (and the Undo button) on the board (T) takes back the board's last step, one at a time.

Played under Xvfb (Rummy, 1366x768, German): on the board 'Zurück (U)' was greyed out, so a card dropped on the
wrong meld could only be dragged back by hand or the whole board thrown away with R; and in Räuber-Rommé, with the
discard pile's card taken, U took that draw back while the board stayed open holding the old hand (E then laid a
card the hand no longer held). Now each board step (a card moved, one taken back, the selection laid with M, a
hint laid out, R) is one U; with none left U takes the turn's last move back and closes the board.
"""

from __future__ import annotations

import pygame
import pytest
from gui_driver import drag, key, open_table, play_until

from romme.rules import Rules
from romme_table.controller import Controller, Seat
from romme_table.i18n import t


def _board_game(game: str, preset: str, lang: str = "en") -> Controller:
    c = Controller(game, [Seat("You"), Seat("Bot 1", "bot", "greedy")], seed=3, bot_delay=0.0,
                   rules=Rules.make(game, preset), lang=lang)
    assert play_until(c, lambda c: c.can_rearrange() and len(c.melds()) >= 2)
    return c


@pytest.mark.parametrize("game,preset", [("rummy", "standard"), ("einmaleins", "standard")])
def test_u_takes_back_the_boards_steps_one_by_one(surface, game, preset) -> None:
    c = _board_game(game, preset)
    app, scene = open_table(c, surface)
    key(app, pygame.K_t, surface)
    ed = c.editor
    assert ed is not None and not c.can_undo()  # nothing done on the board, no move this turn: greyed
    opened = (ed.melds, list(ed.hand_left))
    lay = scene.compute_layout()
    drag(app, lay.hand[0].center, lay.melds[1][0].center, surface)  # a hand card onto the second meld
    first = (ed.melds, list(ed.hand_left))
    assert first != opened and c.can_undo()
    lay = scene.compute_layout()
    drag(app, lay.melds[0][0].center, lay.new_meld.center, surface)  # a table card to a new meld
    assert (ed.melds, ed.hand_left) != first
    key(app, pygame.K_u, surface)
    assert c.editor is ed and (ed.melds, ed.hand_left) == first and c.message == t("board_undone", "en")
    key(app, pygame.K_u, surface)  # the last step: no 'U again: the one before' (Undo is greyed now)
    assert c.editor is ed and (ed.melds, ed.hand_left) == opened and not c.can_undo()
    assert c.message == t("board_opened", "en")
    key(app, pygame.K_u, surface)  # nothing left to take back: the board stays open, as it was
    assert c.editor is ed and (ed.melds, ed.hand_left) == opened


def test_reset_and_a_keyboard_meld_are_one_step_each(surface) -> None:
    c = _board_game("rummy", "standard")
    app, scene = open_table(c, surface)
    key(app, pygame.K_t, surface)
    ed = c.editor
    assert ed is not None
    opened = (ed.melds, list(ed.hand_left))
    c.selected[:] = [0, 1, 2]
    key(app, pygame.K_m, surface)  # three hand cards laid as a new meld
    laid = (ed.melds, list(ed.hand_left))
    assert len(ed.melds) == len(opened[0]) + 1 and len(ed.hand_left) == len(opened[1]) - 3
    key(app, pygame.K_r, surface)  # the board started over
    assert (ed.melds, ed.hand_left) == opened and c.can_undo()
    key(app, pygame.K_u, surface)  # the reset taken back
    assert (ed.melds, ed.hand_left) == laid
    key(app, pygame.K_u, surface)  # the three cards in one step
    assert (ed.melds, ed.hand_left) == opened and not c.can_undo()


def test_u_with_no_board_step_takes_the_move_back_and_closes_the_board(surface) -> None:
    """Räuber-Rommé: the discard pile's card taken, then T; U takes the draw back, and the board (which held the
    hand with that card) is closed, not left to lay a card the hand no longer holds."""
    seats = [Seat("You"), Seat("Bot 1", "bot", "greedy")]
    c = Controller("romme", seats, seed=3, bot_delay=0.0, rules=Rules.make("romme", "rauber"))

    def discard_draw(c: Controller) -> bool:
        return bool(c.melds()) and any(str(m) == "draw discard" for m in c.state.legal_moves())

    found = False
    for _ in range(20):  # a turn whose board opens after the discard pile's card is taken
        assert play_until(c, discard_draw)
        history = len(c.state.history)
        assert c.play("draw discard"), c.message
        if c.can_rearrange():
            found = True
            break
        assert c.undo_turn() and len(c.state.history) == history
        assert c.play("draw stock"), c.message
    assert found
    app, scene = open_table(c, surface)
    key(app, pygame.K_t, surface)
    assert c.editor is not None and c.can_undo()
    taken = c.hand()
    key(app, pygame.K_u, surface)
    assert c.editor is None and len(c.hand()) == len(taken) - 1 and c.message == t("undone", "en")
