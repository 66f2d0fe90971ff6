"""Headless: a table meld taken apart on the board and made whole again shows what its joker stands for.

Played under Xvfb (H6 T2, Räuber-Rommé, 1024x600, German): Dh taken out of the run '10h Bh Dh Jo=Kh Ah' onto the
new-meld place and dragged back; the board read 'alle Figuren gültig' but the joker showed no '=Kh' until E played
the table (the draft forgets a joker's reading when its meld changes, and a meld whole as it was is not read again).
"""

from __future__ import annotations

import pygame
from gui_driver import key, open_table, play_until

from romme.rules import Rules
from romme_table.controller import Controller, Seat
from romme_table.table_draw import built_readings


def joker_meld(c: Controller) -> tuple[int, int, int] | None:
    """A table meld with a joker whose reading is known and a plain card: (meld, joker's place, plain's place)."""
    for k, (meld, row) in enumerate(zip(c.melds(), c.jokers_stand_for())):
        jokers = [i for i, tok in enumerate(meld) if tok == "*" and row[i]]
        plain = [i for i, tok in enumerate(meld) if tok != "*"]
        if jokers and plain:
            return k, jokers[0], plain[-1]
    return None


def test_a_meld_made_whole_again_on_the_board_reads_its_joker(surface) -> None:
    seats = [Seat("You"), Seat("Bot 1", "bot", "greedy"), Seat("Bot 2", "bot", "greedy")]
    c = Controller("romme", seats, seed=3, bot_delay=0.0, rules=Rules.make("romme", "rauber"))

    def ready(c: Controller) -> bool:  # drawn, a joker on the table
        kinds = {m.to_json().get("kind") for m in c.state.legal_moves()}
        return "draw" not in kinds and joker_meld(c) is not None

    assert play_until(c, ready)
    app, scene = open_table(c, surface)
    key(app, pygame.K_t, surface)
    assert c.editor is not None
    k, j, p = next(
        (k, j, p) for k, meld in enumerate(c.editor.melds) for j, tok in enumerate(meld) if tok == "*"
        for p, other in enumerate(meld) if other != "*" and c.editor.stands_for()[k][j]
    )
    before = list(c.editor.melds[k])
    stands = c.editor.stands_for()[k][j]
    assert c.editor.move(("meld", k, p), None)  # the plain card onto the new-meld place
    new = len(c.editor.melds) - 1
    assert c.editor.move(("meld", new, 0), k)  # and back
    assert sorted(c.editor.melds[k]) == sorted(before), (c.editor.melds, before)
    j = c.editor.melds[k].index("*")
    assert built_readings(scene, c.editor.stands_for())[k][j] == stands
