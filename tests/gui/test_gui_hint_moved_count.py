"""Headless: the board's hint counts the table cards a player sees moving (H6, session 57).

Kd goes only into a rebuilt Räuber table: Ad and the joker of 'Ad Ah *' go to '* Kd Ad', Ah onto '* Jh Qh'. The
hint gives the core's count of cards that change meld (``TableChange.changed_meld``), not the table search's
tie-break count (every card of a meld that does not stay whole), and says the same as the log: the set shares one
natural (Ad) and a joker with the run '* Kd Ad', and a joker tells nothing of where a meld went, so the set is taken
apart and its three cards move (until session 58 the core paired the set with the run by Ad and the joker and said
'moves 1 table card').
"""

from __future__ import annotations

import pygame
import pytest
from gui_driver import key, open_table
from romme_positions import position

from romme_table.controller import Controller, Seat


@pytest.mark.parametrize(
    "lang,said",
    [
        ("en", ("moves 3 table cards)", "— take apart Ad Ah Jo ·")),
        ("de", ("bewegt 3 Tischkarten)", "— Ad Ah Jo auflösen ·")),
    ],
)
def test_the_board_hint_counts_the_cards_that_change_meld(
    lang: str, said: tuple[str, str], surface: pygame.Surface
) -> None:
    st = position(["Kd 5h 9c", "4c 4c 4h"], table=("Ad Ah *", "* Jh Qh", "2c 2d 2s", "6s 7s 8s"), rauber=True)
    c = Controller("romme", [Seat("You"), Seat("Bot 1", "bot", "greedy")], seed=1, rules=st.rules, bot_delay=0.0,
                   lang=lang)
    c.replace_state(st)
    app, _ = open_table(c, surface)
    key(app, pygame.K_h, surface)
    assert c.editor is not None and all(words in c.message for words in said), c.message


def test_a_meld_taken_apart_moves_all_its_cards(surface: pygame.Surface) -> None:
    """Seen under Xvfb (1280x800, German): the hint taking 5h 6h 7h apart into three sets said '5h 6h 7h auflösen'
    and 'bewegt 2 Tischkarten', as if the run went on as one of the sets by its one card; all three moved."""
    st = position(["5d 5c 6d 6s 7c 7s 9c", "4c 4c 4h"], table=("5h 6h 7h", "Kc Kd Kh"), rauber=True)
    c = Controller("romme", [Seat("You"), Seat("Bot 1", "bot", "greedy")], seed=1, rules=st.rules, bot_delay=0.0)
    c.replace_state(st)
    app, _ = open_table(c, surface)
    key(app, pygame.K_h, surface)
    assert "take apart 5h 6h 7h" in c.message and "moves 3 table cards)" in c.message, c.message
