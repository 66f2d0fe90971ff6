"""Headless: where a joker swap sheds a card, the hint is the swap and says why.

Played under Xvfb (Rommé, three seats, game no. 0, move 205): with 8c 3h in the hand and 'swap 8c for the joker in
7c * 9c 10c Jc Qc' listed, H said 'hint: discard 8c', no why; the swap, the joker laid off and the 3h discarded go
out. The joker taken must be laid again in the same turn (RULES.md §2), so the swap lays the 8c as a lay-off would.
"""

from __future__ import annotations

import pygame
import pytest
from gui_driver import key, open_table
from romme_positions import position

from romme_table.controller import Controller, Seat
from romme_table.hints import hint


@pytest.mark.parametrize(
    "lang,said",
    [
        ("en", "swap 8c for the joker in 7c Jo … Qc — the joker taken must be laid again this turn, so 8c leaves "
               "your hand"),
        ("de", "8c gegen den Joker in 7c Jo … Dc tauschen — den genommenen Joker legst du in diesem Zug wieder, so "
               "verlässt 8c deine Hand"),
    ],
)
def test_the_hint_swaps_the_joker_and_says_why(lang: str, said: str, surface: pygame.Surface) -> None:
    st = position(["8c 3h", "Kd Kh 5c 6d"], ("7c * 9c 10c Jc Qc", "2s 3s 4s", "9h 9s 9d"), opened=(True, True))
    c = Controller("romme", [Seat("You"), Seat("Bot 1", "bot", "greedy")], seed=1, rules=st.rules, bot_delay=0.0,
                   lang=lang)
    c.replace_state(st)
    app, _ = open_table(c, surface)
    key(app, pygame.K_h, surface)
    assert said in c.message, c.message


@pytest.mark.parametrize(
    "lang,said",
    [
        ("en", "add * to 7c 8c … Qc — the joker taken must be laid again this turn"),
        ("de", "* an 7c 8c … Qc anlegen — den genommenen Joker legst du in diesem Zug wieder"),
    ],
)
def test_the_owed_jokers_hint_says_why(lang: str, said: str) -> None:
    """After the swap the joker is owed: the hint lays it and says why ('add * to 7c 8c … Qc' said no why)."""
    st = position(["8c 3h", "Kd Kh 5c 6d"], ("7c * 9c 10c Jc Qc", "2s 3s 4s", "9h 9s 9d"), opened=(True, True))
    st.apply(st.parse_move("swap 1 8c"))
    assert hint("romme", st, lang)[1] == said
