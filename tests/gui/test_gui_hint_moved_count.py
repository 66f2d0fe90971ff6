"""Headless: the board's hint counts the table cards a player sees moving (H6, session 57).

Kd goes only into a rebuilt Räuber table: the joker of 'Ad Ah *' goes to 'Kd Ad', Ah onto '* Jh Qh'. One table card
changes meld (Ah), but the hint said 'moves 3 table cards': the table search's tie-break count, every card of a
meld that does not stay whole. It now gives the core's count of cards that change meld (``TableChange.changed_meld``).
"""

from __future__ import annotations

import pygame
import pytest
from gui_driver import key, open_table
from romme_positions import position

from romme_table.controller import Controller, Seat


@pytest.mark.parametrize("lang,said", [("en", "moves 1 table card)"), ("de", "bewegt 1 Tischkarte)")])
def test_the_board_hint_counts_the_cards_that_change_meld(lang: str, said: str, surface: pygame.Surface) -> None:
    st = position(["Kd 5h 9c", "4c 4c 4h"], table=("Ad Ah *", "* Jh Qh", "2c 2d 2s", "6s 7s 8s"), rauber=True)
    c = Controller("romme", [Seat("You"), Seat("Bot 1", "bot", "greedy")], seed=1, rules=st.rules, bot_delay=0.0,
                   lang=lang)
    c.replace_state(st)
    app, _ = open_table(c, surface)
    key(app, pygame.K_h, surface)
    assert c.editor is not None and said in c.message, c.message


def test_a_meld_taken_apart_moves_all_its_cards(surface: pygame.Surface) -> None:
    """Seen under Xvfb (1280x800, German): the hint taking 5h 6h 7h apart into three sets said '5h 6h 7h auflösen'
    and 'bewegt 2 Tischkarten', as if the run went on as one of the sets by its one card; all three moved."""
    st = position(["5d 5c 6d 6s 7c 7s 9c", "4c 4c 4h"], table=("5h 6h 7h", "Kc Kd Kh"), rauber=True)
    c = Controller("romme", [Seat("You"), Seat("Bot 1", "bot", "greedy")], seed=1, rules=st.rules, bot_delay=0.0)
    c.replace_state(st)
    app, _ = open_table(c, surface)
    key(app, pygame.K_h, surface)
    assert "take apart 5h 6h 7h" in c.message and "moves 3 table cards)" in c.message, c.message
