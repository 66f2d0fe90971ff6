"""Headless: the listed moves put the melds and lay-offs before the discards (play-test W2).

Played under Xvfb (H5, Rommé "Herauskommen mit 40", hot seat, game no. 531389): after the draw at 1366x768 the
column listed '1. 10c abwerfen' … '8. 10d abwerfen', 'Mehr… (Bild ab) 1-8/15', and the opening of the turn (64
points) was '7. auslegen …' on the second page, after '6. Jo abwerfen': the list kept the engine's order.
"""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest
from gui_driver import open_table, open_window, play_until

from romme_table.controller import Controller, Seat

SIZE = (1366, 768)


@pytest.fixture(scope="module")
def surface() -> Iterator[pygame.Surface]:
    yield from open_window(SIZE)


def drawn_with_a_meld(c: Controller) -> bool:
    kinds = [m.to_json().get("kind") for m in c.state.legal_moves()]
    return c.is_human_turn() and "draw" not in kinds and kinds.count("discard") >= 8 and "meld" in kinds


def test_a_meld_is_listed_before_the_discards(surface):
    c = Controller("romme", [Seat("You"), Seat("Bot 1", "bot", "greedy")], seed=531389, bot_delay=0.0)
    assert play_until(c, drawn_with_a_meld)
    app, scene = open_table(c, surface, SIZE)
    scene.compute_layout()
    kinds = [m.to_json().get("kind") for m in scene.actions]
    assert "meld" in kinds and "discard" in kinds, kinds
    first_discard = kinds.index("discard")
    assert all(k == "discard" for k in kinds[first_discard:]), kinds
    # the meld is on the first page, where the player looks
    assert any(m.to_json().get("kind") == "meld" for m in scene.visible_actions()), kinds


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_rummy_pass_is_listed_after_the_melds(surface, lang):
    """Play-test X2 (Rummy, game no. 59002, 1920x1080, German, the first turn): the column listed '1. passen, Karte
    ziehen', the move that gives the turn up, before '2. auslegen: R11 G11 Y11' … on key 1."""
    c = Controller("rummy", [Seat("You"), Seat("Bot 1", "bot", "expert")], seed=59002, bot_delay=0.0, lang=lang)
    c.run_bots_until_human()
    app, scene = open_table(c, surface, SIZE)
    scene.compute_layout()
    kinds = [m.to_json().get("kind") for m in scene.actions]
    assert "pass" in kinds and "place" in kinds, kinds
    assert kinds[-1] == "pass" and kinds[0] == "place", kinds


def test_raeuber_without_a_pile_lists_its_end_after_the_swap(surface):
    """Räuber-Rommé without a discard pile, game no. 1 (seen under Xvfb, 1366x768): the turn whose one laying move
    is a joker swap listed '1. end the turn' before '2. swap 9d for the joker in 7d 8d Jo'."""
    from romme.rules import Rules

    c = Controller("romme", [Seat("You"), Seat("Bot 1", "bot", "greedy")], seed=1, bot_delay=0.0,
                   rules=Rules.make("romme", "rauber-no-discard"))

    def swap_only(c: Controller) -> bool:
        return c.is_human_turn() and {m.to_json().get("kind") for m in c.state.legal_moves()} == {"swap", "end"}

    assert play_until(c, swap_only)
    app, scene = open_table(c, surface, SIZE)
    scene.compute_layout()
    assert [m.to_json().get("kind") for m in scene.actions] == ["swap", "end"]


def test_a_rummy_pass_stays_on_the_first_page(surface):
    """The pass listed after the melds stays in sight where they fill more than a page (800x600: nine melds listed on
    game no. 59002's first turn): it is the last button of the first page, not behind 'More…'."""
    c = Controller("rummy", [Seat("You"), Seat("Bot 1", "bot", "expert")], seed=59002, bot_delay=0.0)
    c.run_bots_until_human()
    window = pygame.Surface((800, 600))
    app, scene = open_table(c, window, (800, 600))
    scene.compute_layout()
    shown = [m.to_json().get("kind") for m in scene.visible_actions()]
    assert len(scene.actions) > scene.room and shown[-1] == "pass" and "pass" not in shown[:-1], shown


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_rummy_pass_is_in_sight_where_a_page_holds_one_button(lang):
    """Seen under Xvfb (review, session 59): at 640x420 the column has room for one move, and Rummy 59002's first turn
    showed '1. lay out: R11 G11 Y11', 'More… (PgDn) 1-1/9', the pass the ninth page, eight PgDn away: the page's one
    button is the pass, the melds follow it."""
    c = Controller("rummy", [Seat("You"), Seat("Bot 1", "bot", "expert")], seed=59002, bot_delay=0.0, lang=lang)
    c.run_bots_until_human()
    window = pygame.Surface((640, 420))
    app, scene = open_table(c, window, (640, 420))
    scene.compute_layout()
    shown = [m.to_json().get("kind") for m in scene.visible_actions()]
    assert scene.room == 1 and shown == ["pass"], (scene.room, shown)
    assert [m.to_json().get("kind") for m in scene.actions[1:]] == ["place"] * (len(scene.actions) - 1)
