"""Headless: polish found playing the table in a real window (issue 29, last round), each driven
through the window's own event path (pygame mouse and key events -> intents -> scenes)."""

from __future__ import annotations

import os
from collections.abc import Callable

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame
from gui_driver import click, key

from romme.bots import make_bot
from romme_table import scenes
from romme_table.controller import Controller, Seat, move_cards
from romme_table.scenes import SceneStack, TableScene

SIZE = (1100, 720)


@pytest.fixture(scope="module")
def surface():
    pygame.display.init()
    pygame.font.init()
    scenes.font.cache_clear()  # fonts made before another module quit pygame are dead
    surf = pygame.display.set_mode(SIZE)
    yield surf
    pygame.quit()
    scenes.font.cache_clear()


def table(c: Controller, surface: pygame.Surface, size: tuple[int, int] = SIZE) -> tuple[SceneStack, TableScene]:
    app = SceneStack(size, c.lang)
    scene = TableScene(c)
    app.push(scene)
    app.draw(surface)
    return app, scene


def play_until(c: Controller, found: Callable[[Controller], bool], level: str = "random", limit: int = 3000) -> bool:
    """Plays the human seat with a bot's choices (bots in between) until ``found``."""
    helper = make_bot(c.game_id, level, seed=7)
    for _ in range(limit):
        c.run_bots_until_human()
        if c.state.is_over:
            return False
        if found(c):
            return True
        assert c.play(helper.choose(c.state.clone())), c.message
    return False


def seats(n: int, level: str = "random") -> list[Seat]:
    return [Seat("A")] + [Seat(f"B{i}", "bot", level) for i in range(1, n)]


def kind(move: object) -> str:
    return str(move.to_json().get("kind"))  # type: ignore[attr-defined]


# --- Krass Kariert: the reserves are taken by drag; the keyboard way lists two places per reserve ------------
def test_krass_lists_reserve_actions_only_beside_a_selected_card(surface):
    c = Controller("krass", seats(3), seed=3, bot_delay=0.0)
    assert play_until(c, lambda c: sum(kind(m) == "reserve" for m in c.state.legal_moves()) > 4)
    app, scene = table(c, surface)
    assert not [m for m in scene.actions if kind(m) == "reserve"], "no 'take reserve i at j' list without a card"
    lay = scene.compute_layout()
    click(app, lay.hand[2].center, surface)  # select card 2: the reserves may go before or after it
    reserves = [m for m in scene.actions if kind(m) == "reserve"]
    assert reserves and len(reserves) <= 4
    assert {m.to_json()["position"] for m in reserves} <= {2, 3}
    before = len(c.state.history)
    key(app, pygame.K_1 + scene.actions.index(reserves[0]), surface)  # and a key takes one
    assert c.state.history[before].to_json()["kind"] == "reserve"


# --- a partial selection shows the actions that use it ------------------------------------------------------
def test_a_partial_selection_shows_the_actions_that_use_the_selected_card(surface):
    c = Controller("romme", seats(2, "greedy"), seed=4, bot_delay=0.0)

    def can_meld(c: Controller) -> bool:
        return c.state.phase == "play" and any(kind(m) == "meld" for m in c.state.legal_moves())

    assert play_until(c, can_meld, level="greedy")
    meld = next(m for m in c.state.legal_moves() if kind(m) == "meld")
    card = move_cards("romme", meld)[0]
    app, scene = table(c, surface)
    lay = scene.compute_layout()
    click(app, lay.hand[c.hand().index(card)].center, surface)
    assert c.selected_tokens() == [card]
    using = [m for m in scene.actions if len(move_cards("romme", m, c.melds())) > 1]
    assert using, "one selected card of a meld shows that meld's action"
    assert all(card in move_cards("romme", m, c.melds()) for m in using)
