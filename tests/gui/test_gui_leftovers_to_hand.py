"""Headless: 1x1-Rommé's board takes a table card into the hand where the rules let it (a leftover that fits nowhere),
and refuses it, naming why, where it still fits a meld (RULES §3: "Table cards that can no longer be placed in valid
melds after a rearrangement go into that player's hand"; Decisions: "Only cards that fit nowhere may go to the hand").

The board asked its own copy of Rommé's rule (``rauber_table_to_hand``) and so returned only this turn's hand cards in
1x1-Rommé (play-test S1's note); it now asks the core (``romme.table.table_to_hand``), as the hint does.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame
from gui_driver import drag, key, open_table, play_until

from romme.table import meld_refusal, place_table
from romme.table_hint import best_place
from romme_table.controller import Controller, Seat
from romme_table.editor import TableEditor
from romme_table.hints import hint as hint_words
from romme_table.i18n import t

SEATS = [Seat("You"), Seat("Bot 1", "bot", "greedy")]


def placing(c: Controller) -> bool:
    """The seat has opened, has drawn, and the hint lays a whole new table."""
    kinds = {m.to_json().get("kind") for m in c.state.legal_moves()}
    return c.viewer_has_opened() and "draw" not in kinds and best_place(c.state) is not None


def hint_takes_a_card(c: Controller) -> bool:
    """:func:`placing`, and the hint's table leaves one table card to go into the hand (net: it places more)."""
    hint = best_place(c.state) if placing(c) else None
    return hint is not None and len(hint.solution.taken) == 1


def long_meld(melds: list[list[str]], table: list[list[str]]) -> int | None:
    """The first of ``melds`` of four or more cards whose last card lay on ``table`` and leaves the meld whole."""
    on_table = {tok for m in table for tok in m}
    return next((k for k, m in enumerate(melds)
                 if len(m) >= 4 and m[-1] in on_table and meld_refusal("einmaleins", m[:-1]) is None), None)


def hint_keeps_a_long_meld(c: Controller) -> bool:
    """:func:`placing`, and the hint's table holds a meld for :func:`long_meld`."""
    hint = best_place(c.state) if placing(c) else None
    return hint is not None and long_meld(place_table(hint.move) or [], c.melds()) is not None


def board_at(found: Callable[[Controller], bool], surface: pygame.Surface) -> tuple[Controller, object, object]:
    for seed in range(1, 30):
        c = Controller("einmaleins", list(SEATS), seed=seed, bot_delay=0.0)
        if play_until(c, found, level="expert", limit=400):
            app, scene = open_table(c, surface)
            key(app, pygame.K_t, surface)
            assert c.editor is not None
            return c, app, scene
    raise AssertionError("no such 1x1-Rommé position in the seeds tried")


def test_a_leftover_that_fits_nowhere_goes_into_the_hand(surface):
    """The hint's table with the card it leaves lying as a meld of its own: that card dragged into the hand row is
    taken (the board says every meld is whole), and End turn gives it to the hand."""
    c, app, scene = board_at(hint_takes_a_card, surface)
    hint = best_place(c.state)
    assert hint is not None
    left = str(hint.solution.taken[0])
    assert f"take {left} back into the hand" in hint_words("einmaleins", c.state)[1]  # (the hint names it)
    ed = c.editor
    assert ed.show(place_table(hint.move) or [])  # the hint laid out: the card it leaves waits in the hand row
    assert ed.hand_left[-1] == left, ed.hand_left
    assert ed.show([*(place_table(hint.move) or []), [left]])
    hand = list(ed.hand_left)
    lay = scene.compute_layout()
    k = next(k for k, m in enumerate(ed.melds) if m == [left])
    drag(app, lay.melds[k][0].move(3, 3).topleft, lay.hand[0].center, surface)
    assert ed.hand_left == [*hand, left], (c.message, ed.melds)
    assert c.message == t("board_whole", "en")
    before = len(c.hand())
    key(app, pygame.K_e, surface)
    assert c.editor is None, c.message
    assert left in c.hand() and len(c.hand()) == before - len(hint.solution.placed) + 1


def test_a_table_card_that_still_fits_is_refused_with_the_reason(surface):
    """The hint's table laid out on the board, then the end card of a meld of four or more (the meld stays whole
    without it) dragged into the hand: the board names why it may not go there, and End turn refuses it."""
    c, app, scene = board_at(hint_keeps_a_long_meld, surface)
    hint = best_place(c.state)
    assert hint is not None
    ed = c.editor
    assert ed.show(place_table(hint.move) or [])
    k = long_meld(ed.melds, ed.table)
    assert k is not None
    card, hand = ed.melds[k][-1], list(ed.hand_left)
    lay = scene.compute_layout()
    drag(app, lay.melds[k][-1].move(3, 3).topleft, lay.hand[0].center, surface)
    assert ed.hand_left == [*hand, card]  # the board holds it in the hand row: the game judges the table
    why = f"{card} may not go to the hand: it still fits meld"
    assert why in c.message, c.message
    key(app, pygame.K_e, surface)
    assert c.editor is not None and why in c.message and card not in c.hand()


def test_no_table_card_goes_into_the_hand_before_opening_nor_in_rummy():
    """Before opening a table move lays new melds from the hand only (RULES §3); Rummy keeps every table card on
    the table (RULES §4 rule 1)."""
    for game, table, opened in [("einmaleins", [["H3", "H6", "H9", "H12"]], False),
                                ("rummy", [["R4", "R5", "R6", "R7"]], True)]:
        ed = TableEditor(game, table, ["K2" if game == "einmaleins" else "B5"], opened=opened)
        assert ed.takes_table_cards() == "nothing"
        assert not ed.back_to_hand(0, 3) and ed.melds == table
    ed = TableEditor("einmaleins", [["H3", "H6", "H9", "H12"]], ["K2"], opened=True)
    assert ed.takes_table_cards() == "leftovers" and ed.back_to_hand(0, 3) and ed.hand_left == ["K2", "H12"]
