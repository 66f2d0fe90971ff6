"""Headless: the solitaire's hinted card is framed once, round the part of it in sight (play-test X3).

Played under Xvfb (game no. 59041, 1366x768, German, the first turn): H ('Tipp: Hand 3: Ks abwerfen') drew the
cursor's frame round the part of Ks in sight and the hint's frame round Ks's whole card, which lies under 9t: the
second read as a frame round 9t, two cards marked for a hint that names one."""

from __future__ import annotations

import pygame
from gui_driver import drawn_rects, key, open_table

from romme_table.board_keys import in_sight
from romme_table.controller import Controller, Seat
from romme_table.table_draw import HINTED


def test_the_hinted_card_under_another_is_framed_round_its_part_in_sight(surface, monkeypatch):
    for sort_mode in ("rank", "suit"):
        c = Controller("koenigs-solo", [Seat("You")], seed=59041, bot_delay=0.0, lang="de")
        c.sort_mode = sort_mode
        app, scene = open_table(c, surface)
        key(app, pygame.K_h, surface)
        row, card = c.hinted_table_card()
        lay = scene.compute_layout()
        i = scene.melds()[row].index(card)
        rects = lay.melds[row]
        if i + 1 == len(rects):
            continue  # (the card lies on top in this order: nothing covers it)
        frames = drawn_rects(HINTED, app, surface, monkeypatch)
        seen = in_sight(rects, i)
        assert seen.w < rects[i].w  # the next card lies over it
        assert frames and all(f.right <= seen.right + 3 for f in frames), (frames, seen)
        assert any(f.contains(seen) for f in frames), (frames, seen)  # the card itself stays framed
        return
    raise AssertionError("no order of game no. 59041 lays the hinted card under another")
